"""Hell of a Deal action lines: one frozen ``Action`` whose text round-trips.

Forms (player names are single words), one a line as ``str()`` writes them:

    deal Anna 9h 9c 2d
    deal Boss 7h 2c
    deal toll 5s
    deal flop Qh 7c 2d
    deal turn 5s
    deal river 9c
    Jack Potts reveals 5h 5d 9c
    Anna bets Earn a Soul
    Anna bets Heal on Ben
    Anna bets Wild as Earn a Soul
    Anna bets Reveal 2 Cards: 9h Kd
    Anna bets Devilish Offering: reveal Boss card Kh
    Anna bets Devilish Offering: look at 2, keep 1
    Anna bets Devilish Offering: swap 9h with Ben's Kd
    Anna bets Devilish Offering: take 7c from the discard pile
    Anna folds
    Anna is done
    Anna plays Up Your Sleeve
    Anna plays Soothing Touch on Ben
    Anna plays Peek: Kh
    Anna draws a card and suffers a Temptation
    Anna draws a card and Dedly Aloor draws too
    Anna suffers a Temptation      (Demona's heart: the other choice is "Anna folds")
    Anna keeps 5h
    Anna draws Favor Double Down
    Anna discards Favor Double Down
    Anna pays 1 Soul in tolls
    Anna rolls the Bones: Curse
    assign Temptation: Ben 1, Cara 1
    reveal hands
    end round
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from oracle.cards import Card, format_cards, parse_cards
from oracle.errors import InvalidActionError, OracleError, did_you_mean
from oracle.text import quote

from .rules import CHIPS, find_chip

DEAL_TARGETS = ("Boss", "toll", "flop", "turn", "river")
OFFERINGS = ("reveal", "look", "swap", "discard")
OFFERING_NAMES = {
    "reveal": "Reveal a Boss Card",
    "look": "Look at 2 Cards, Keep 1",
    "swap": "Swap a card with a Player",
    "discard": "Draw a card from the Discard pile",
}
BONES = ("Favor", "Temptation", "Curse")
RESERVED_NAMES = frozenset(n.lower() for n in (*DEAL_TARGETS, "deal", "assign", "end", "reveal", "Jack", "team",
                                                "dealer"))
NAME = r"[A-Za-z][A-Za-z0-9_'-]*"


@dataclass(frozen=True, kw_only=True)
class Action:
    kind: str
    actor: str | None = None
    target: str | None = None  # deal target, heal target, swap partner
    cards: tuple[Card, ...] = ()
    chip: str | None = None
    acts_as: str | None = None
    offering: str | None = None
    other_cards: tuple[Card, ...] = ()  # the partner's card in a swap
    favor: str | None = None
    reading: str | None = None  # what an unprinted Favor's card reads: "Instant; Price: Curse"
    count: int = 0
    outcome: str | None = None
    assignment: tuple[tuple[str, int], ...] = ()
    dedly_pay: bool = False

    @classmethod
    def parse(cls, text: str) -> "Action":
        return parse_action(text)

    def __str__(self) -> str:
        k = self.kind
        if k == "deal":
            return f"deal {self.target} {format_cards(self.cards)}"
        if k == "stack":
            return f"Jack Potts reveals {format_cards(self.cards)}"
        if k == "bet":
            text = f"{self.actor} bets {self.chip}"
            if self.acts_as:
                text += f" as {self.acts_as}"
            effective = self.acts_as or self.chip
            if effective == "Heal":
                text += f" on {self.target}"
            elif effective == "Reveal 2 Cards" and self.cards:
                text += f": {format_cards(self.cards)}"
            elif effective == "Devilish Offering":
                text += ": " + offering_text(self)
            return text
        if k == "fold":
            return f"{self.actor} folds"
        if k == "done":
            return f"{self.actor} is done"
        if k == "play":
            text = f"{self.actor} plays {self.favor}"
            if self.target:
                text += f" on {self.target}"
            if self.cards:
                text += f": {format_cards(self.cards)}"
            return text
        if k == "dedly":
            tail = "suffers a Temptation" if self.dedly_pay else "Dedly Aloor draws too"
            return f"{self.actor} draws a card and {tail}"
        if k == "demona":
            return f"{self.actor} suffers a Temptation"
        if k == "keep":
            return f"{self.actor} keeps {format_cards(self.cards)}"
        if k == "favor_draw":
            return f"{self.actor} draws Favor {self.favor}" + (f" ({self.reading})" if self.reading else "")
        if k == "favor_discard":
            return f"{self.actor} discards Favor {self.favor}"
        if k == "toll":
            return f"{self.actor} pays {self.count} Soul{'' if self.count == 1 else 's'} in tolls"
        if k == "bones":
            return f"{self.actor} rolls the Bones: {self.outcome}"
        if k == "assign":
            return "assign Temptation: " + ", ".join(f"{n} {c}" for n, c in self.assignment)
        if k == "end":
            return "end round"
        if k == "reveal":
            return "reveal hands"
        raise InvalidActionError(f"unknown action kind {quote(k)}")


def offering_text(action: Action) -> str:
    if action.offering == "reveal":
        return f"reveal Boss card {format_cards(action.cards)}"
    if action.offering == "look":
        return "look at 2, keep 1"
    if action.offering == "swap":
        return f"swap {format_cards(action.cards)} with {action.target}'s {format_cards(action.other_cards)}"
    return f"take {format_cards(action.cards)} from the discard pile"


def _cards(text: str, line: str) -> tuple[Card, ...]:
    try:
        return tuple(parse_cards(text))
    except OracleError as exc:
        raise InvalidActionError(f"{quote(line)}: {exc}") from exc


_CHIP_PATTERN = "|".join(sorted((re.escape(c) for c in CHIPS), key=len, reverse=True))


def parse_action(text: str) -> Action:
    """Read one action line; raises ``InvalidActionError`` naming what cannot be read."""
    if not isinstance(text, str):
        raise InvalidActionError(f"an action is a line of text, got {type(text).__name__}")
    return _parse_line(text)


@lru_cache(maxsize=8192)
def _parse_line(text: str) -> Action:
    if not isinstance(text, str):
        raise InvalidActionError(f"an action is a line of text, got {type(text).__name__}")
    line = " ".join(text.split())
    m = re.fullmatch(rf"deal ({NAME}) (.+)", line)
    if m:
        target = m.group(1)
        for fixed in DEAL_TARGETS:
            if target.lower() == fixed.lower():
                target = fixed
        return Action(kind="deal", target=target, cards=_cards(m.group(2), line))
    m = re.fullmatch(r"Jack Potts reveals (.+)", line, re.I)
    if m:
        return Action(kind="stack", cards=_cards(m.group(1), line))
    if line.lower() == "end round":
        return Action(kind="end")
    if line.lower() == "reveal hands":
        return Action(kind="reveal")
    m = re.fullmatch(r"assign Temptation: (.+)", line, re.I)
    if m:
        pairs = []
        for part in m.group(1).split(","):
            pm = re.fullmatch(rf"\s*({NAME}) (\d+)\s*", part)
            if not pm:
                raise InvalidActionError(f"{quote(line)}: write the assignment as 'Ben 1, Cara 2'")
            pairs.append((pm.group(1), int(pm.group(2))))
        return Action(kind="assign", assignment=tuple(pairs))
    m = re.fullmatch(rf"({NAME}) (.+)", line)
    if not m:
        raise InvalidActionError(f"cannot read the action {quote(text)}")
    actor, rest = m.group(1), m.group(2)
    if rest == "folds":
        return Action(kind="fold", actor=actor)
    if rest == "is done":
        return Action(kind="done", actor=actor)
    if rest == "suffers a Temptation":
        return Action(kind="demona", actor=actor)
    if rest == "draws a card and suffers a Temptation":
        return Action(kind="dedly", actor=actor, dedly_pay=True)
    if rest == "draws a card and Dedly Aloor draws too":
        return Action(kind="dedly", actor=actor, dedly_pay=False)
    m = re.fullmatch(r"keeps (\S+)", rest)
    if m:
        return Action(kind="keep", actor=actor, cards=_cards(m.group(1), line))
    m = re.fullmatch(r"draws Favor (.+?)(?: \(([^()]*)\))?", rest)
    if m:
        return Action(kind="favor_draw", actor=actor, favor=m.group(1), reading=m.group(2))
    m = re.fullmatch(r"discards Favor (.+)", rest)
    if m:
        return Action(kind="favor_discard", actor=actor, favor=m.group(1))
    m = re.fullmatch(r"pays (\d+) Souls? in tolls", rest)
    if m:
        return Action(kind="toll", actor=actor, count=int(m.group(1)))
    m = re.fullmatch(r"rolls the Bones: (\w+)", rest)
    if m:
        outcome = m.group(1).capitalize()
        if outcome not in BONES:
            raise InvalidActionError(f"{quote(line)}: the Bones show {', '.join(BONES)}")
        return Action(kind="bones", actor=actor, outcome=outcome)
    m = re.fullmatch(r"plays (.+?)(?: on ({NAME}))?(?:: (.+))?".replace("{NAME}", NAME), rest)
    if m:
        cards = _cards(m.group(3), line) if m.group(3) else ()
        return Action(kind="play", actor=actor, favor=m.group(1), target=m.group(2), cards=cards)
    m = re.fullmatch(rf"bets ({_CHIP_PATTERN})(?: as ({_CHIP_PATTERN}))?(.*)", rest)
    if m:
        chip, acts_as, tail = m.group(1), m.group(2), m.group(3)
        return _parse_bet(actor, chip, acts_as, tail, line)
    if rest.startswith("bets "):
        wrong = rest[len("bets "):].split(" as ")[0]
        raise InvalidActionError(f"{quote(line)}: unknown chip {quote(wrong)}{did_you_mean(wrong, list(CHIPS), 'chips', str.lower)}")
    raise InvalidActionError(f"cannot read the action {quote(text)}")


def _parse_bet(actor: str, chip: str, acts_as: str | None, tail: str, line: str) -> Action:
    effective = acts_as or chip
    base = dict(kind="bet", actor=actor, chip=find_chip(chip).name,
                acts_as=find_chip(acts_as).name if acts_as else None)
    if effective == "Heal":
        m = re.fullmatch(rf" on ({NAME})", tail)
        if not m:
            raise InvalidActionError(f"{quote(line)}: say whom the Heal chip heals ('... on Ben')")
        return Action(**base, target=m.group(1))
    if effective == "Reveal 2 Cards":
        if not tail:
            return Action(**base)
        m = re.fullmatch(r": (.+)", tail)
        if not m:
            raise InvalidActionError(f"{quote(line)}: write the revealed cards after a colon")
        return Action(**base, cards=_cards(m.group(1), line))
    if effective == "Devilish Offering":
        m = re.fullmatch(r": (.+)", tail)
        if not m:
            raise InvalidActionError(f"{quote(line)}: name the Devilish Offering after a colon")
        detail = m.group(1)
        if detail == "look at 2, keep 1":
            return Action(**base, offering="look")
        dm = re.fullmatch(r"reveal Boss card (\S+)", detail)
        if dm:
            return Action(**base, offering="reveal", cards=_cards(dm.group(1), line))
        dm = re.fullmatch(rf"swap (\S+) with ({NAME})'s (\S+)", detail)
        if dm:
            return Action(**base, offering="swap", cards=_cards(dm.group(1), line),
                          target=dm.group(2), other_cards=_cards(dm.group(3), line))
        dm = re.fullmatch(r"take (\S+) from the discard pile", detail)
        if dm:
            return Action(**base, offering="discard", cards=_cards(dm.group(1), line))
        raise InvalidActionError(
            f"{quote(line)}: the Offerings are 'reveal Boss card X', 'look at 2, keep 1', "
            "'swap X with Ben's Y', 'take X from the discard pile'"
        )
    if tail:
        raise InvalidActionError(f"{quote(line)}: unexpected {quote(tail.strip())} after the chip")
    if effective == "Wild":
        raise InvalidActionError(f"{quote(line)}: a Wild chip is declared as another chip")
    return Action(**base)
