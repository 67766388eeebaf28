"""What a Hell of a Deal position must make possible for the phase reached: no card in two
places, the Boss's hole cards and Toll cards dealt, the chips bet and the cards held. Each
check adds its problems to a list, and is skipped when a field it reads did not read
(``found``), so that one mistake is reported once; ``collect`` turns a reader's
``FieldError`` into a problem of that list."""

from __future__ import annotations

from typing import Any, Callable, TypeVar

from oracle.cards import Card, Suit, format_cards
from oracle.errors import FieldError, Problem, ScenarioError
from oracle.words import plural

from ..effects import check_loss
from ..rules import BOARD_SIZE, blackjack_total
from ..state import HodState

T = TypeVar("T")


def collect(problems: list[Problem], default: T, read: Callable[..., T], *args: Any) -> T:
    """``read(*args)``; when it raises ``FieldError`` (or ``ScenarioError``, several), its
    problems go to ``problems`` and ``default`` stands in for the field."""
    try:
        return read(*args)
    except FieldError as exc:
        problems.append(Problem(exc.path, exc.message))
    except ScenarioError as exc:
        problems += exc.problems
    return default


def found(problems: list[Problem], *paths: tuple) -> bool:
    """Whether a problem was found at one of ``paths``, inside it, or at the entry holding it
    (a player who is not a mapping): a check that reads such a field is skipped, so that one
    mistake is reported once."""
    return any(p.path[: len(path)] == path or path[: len(p.path)] == p.path for p in problems for path in paths)


def check_no_card_twice(state: HodState, problems: list[Problem]) -> None:
    """A card may be in one place only; the problem names the field where it turns up again
    and the field (or the same field) that already holds it, once a field. A field that did
    not parse holds no cards here, so it is not searched."""
    places: list[tuple[tuple, list[Card]]] = [
        (("boss_hole",), state.boss_hole), (("tolls",), state.tolls), (("board",), state.board),
    ]
    places += [(("stacks", str(spot)), [card]) for spot, card in state.stacks.items()]
    places += [(("discard",), state.discard)]
    places += [(("players", i, "hand"), p.hand) for i, p in enumerate(state.players)]
    seen: dict[Card, tuple] = {}
    for path, cards in places:
        reported = False
        for c in cards:
            if c in seen and not reported:
                where = "twice in" if seen[c] == path else "already in"
                where += " " + Problem(seen[c], "").dotted_path()
                problems.append(Problem(path, f"the card {c} is {where}: no card is in play twice"))
                reported = True
            seen.setdefault(c, path)


# ---------------------------------------------------------------------------------------
# Counts: the cards dealt and the chips bet must be possible for the phase reached.

BETTING_PHASES = ("preflop", "flop", "turn", "river")
# Betting phases every player still in has finished when a position's phase begins.
PHASES_FINISHED = {"deal": 0, "preflop": 0, "flop": 1, "turn": 2, "river": 3, "showdown": 4}
STREET_ON_BOARD = {"flop": slice(0, 3), "turn": slice(3, 4), "river": slice(4, 5)}
# The Devilish Offerings that put a card into the user's hand.
CARD_OFFERINGS = ("look", "discard")


def _done_this_phase(state: HodState, phase: str, to_act: Any) -> set[str]:
    """Players who have already had their turn in the current betting phase: those before
    ``to_act`` in turn order (nobody when ``to_act`` is not given or not a player; the phase
    code names a bad ``to_act``)."""
    if phase not in BETTING_PHASES:
        return set()
    order = [p.name for p in state.turn_order()]
    if to_act not in order:
        return set()
    return set(order[: order.index(to_act)])


def _check_boss_hole(state: HodState, phase: str) -> None:
    """"Deal the Boss 2 cards facedown (unless otherwise stated on the Boss card's ability
    text)". Extra Boss cards come only from Dedly Aloor's draws (any number: the players'
    matching cards may be folded away) and Red Jack's draws at the showdown ("deal cards to his
    hand until the total is over 16"), which the engine adds to ``boss_hole``."""
    boss, hole, dealt = state.boss, state.boss_hole, state.boss.hole_cards
    if 0 < len(hole) < dealt:
        raise FieldError(("boss_hole",), f"{boss.name} is dealt {dealt} hole cards, got {len(hole)}: "
                                         "give them all, or none while they are unknown")
    if len(hole) > dealt and not boss.extra_draws:
        limit = boss.draws_while_at_most
        if limit is None:
            raise FieldError(("boss_hole",), f"{boss.name} is dealt {dealt} hole cards ('Deal the Boss 2 cards "
                                             f"facedown (unless otherwise stated on the Boss card's ability "
                                             f"text)'), got {len(hole)}")
        if phase != "showdown":
            raise FieldError(("boss_hole",), f"{boss.name} is dealt {dealt} hole cards, got {len(hole)}: he "
                                             "draws more only after he reveals at the showdown")
        for k in range(dealt, len(hole)):
            total = blackjack_total(hole[:k])
            if total > limit:
                raise FieldError(("boss_hole",), f"{boss.name} stops drawing once his total is over {limit}: "
                                                 f"{format_cards(hole[:k])} total {total}, so "
                                                 f"{format_cards(hole[k:])} was not drawn")


def _check_tolls(state: HodState, phase: str) -> None:
    """The Boatman's Toll card, dealt "After hands are dealt"."""
    boss = state.boss
    if state.tolls and not boss.tolls:
        raise FieldError(("tolls",), f"only a Boss who deals Toll cards (The Boatman) has them; "
                                     f"{boss.name} deals none")
    if len(state.tolls) > boss.tolls:
        raise FieldError(("tolls",), f"{boss.name} deals {plural(boss.tolls, 'Toll card')}, got {len(state.tolls)}")
    if phase != "deal" and len(state.tolls) < boss.tolls:
        raise FieldError(("tolls",), f"{boss.name} deals {plural(boss.tolls, 'Toll card')} after hands are dealt, "
                                     f"got {len(state.tolls)}: give them")


def _check_bets(state: HodState, phase: str, done_now: set[str], problems: list[Problem]) -> None:
    """"choose one (and only one) unused chip" each betting phase, plus Demona's second chip
    after a heart on a street ("Players who don't Fold may bet TWO chips on their next bet")
    and the extra chips of Double Down-like Favors played this round. The chips a player has
    already bet beyond one a phase and Demona's are the Favors' extra chips used up. A player
    whose bets did not read is not checked."""
    for i, p in enumerate(state.players):
        if found(problems, ("players", i, "bets")):
            continue
        phases = BETTING_PHASES[: PHASES_FINISHED[phase] + (1 if p.name in done_now else 0)]
        hearts = [s for s in phases if s in STREET_ON_BOARD and state.boss.heart_tax
                  and any(c.suit is Suit.HEARTS for c in state.board[STREET_ON_BOARD[s]])]
        base = len(phases) + len(hearts)
        if len(p.bets) > base + p.extra_chips:
            extras = ""
            if hearts:
                extras += f", one more after {state.boss.name}'s heart on the {' and '.join(hearts)}"
            if p.extra_chips:
                extras += f", {p.extra_chips} extra from Favors played (Double Down)"
            problems.append(Problem(
                ("players", i, "bets"),
                f"{p.name} has {len(p.bets)} chips bet, but at most {base + p.extra_chips} by the {phase}: one "
                f"in each of the {plural(len(phases), 'betting phase')} finished ('choose one (and only one) unused "
                f"chip'){extras}",
            ))
            continue
        p.extra_chips -= max(0, len(p.bets) - base)


def _check_hand_sizes(state: HodState, phase: str, problems: list[Problem]) -> None:
    """"Deal each player 3 cards facedown" (2 under Red Jack): after the deal a player still in
    holds at least that many (no action takes a card away: a Swap trades one for one). More
    only as far as this round's Favors played that draw cards, the Offerings used that add a
    card (each by a player who bet a Devilish Offering chip), or Dedly Aloor's draws (any
    number) explain. A folded player's hand is in the discard and is not checked, nor a hand
    that did not read (nor one whose bets or Favors played did not: they explain its cards)."""
    dealt = state.boss.player_hand_cards
    if phase == "deal":
        return
    offerings = [o for o in CARD_OFFERINGS if o in state.offerings_used]
    from_offerings = 0
    for i, p in enumerate(state.players):
        if p.folded:
            continue  # "Fold: Discard your hand"
        path = ("players", i, "hand")
        if found(problems, path, ("players", i, "bets"), ("players", i, "played_favors"), ("players", i, "folded")):
            continue
        if not p.hand:
            problems.append(Problem(path, f"{p.name} is still in the round at the {phase} and was dealt {dealt} "
                                   f"cards ('Deal each player {dealt} cards'): give them"))
            continue
        if len(p.hand) < dealt:
            problems.append(Problem(path, f"{p.name} holds {plural(len(p.hand), 'card')}, but players are dealt "
                                          f"{dealt} ('Deal each player {dealt} cards') and no card leaves a hand "
                                          "but by folding"))
            continue
        if state.boss.extra_draws:
            continue
        drawn = sum(state.favors[f].amount for f in p.favors_played if state.favors[f].effect == "draw_cards")
        chips = sum(1 for b in p.bets if b.effective == "Devilish Offering")
        extra = len(p.hand) - dealt
        offered = max(0, extra - drawn)
        from_offerings += offered
        if offered > min(chips, len(offerings)) or from_offerings > len(offerings):
            problems.append(Problem(
                path,
                f"{p.name} holds {len(p.hand)} cards: dealt {dealt}, and the round explains at most "
                f"{drawn + min(chips, len(offerings) - (from_offerings - offered))} more (cards drawn by "
                f"Favors played: {drawn}; Offerings used that add a card ({', '.join(offerings) or 'none'}), "
                f"one each, by a Devilish Offering chip bet: {chips})",
            ))
            from_offerings -= offered  # so the players after are not blamed for this hand's cards


def check_table(state: HodState, phase: Any, to_act: Any, problems: list[Problem]) -> None:
    """What the table must make possible for the phase reached (see the game's page); each
    check is skipped when a field it reads did not read (the phase among them)."""
    check_no_card_twice(state, problems)
    if not found(problems, ("boss_revealed",), ("boss_hole",)):
        for c in state.boss_revealed:
            if c not in state.boss_hole:
                problems.append(Problem(("boss_revealed",), f"{c} is not a Boss hole card"))
                break
    if found(problems, ("phase",)):
        return
    if phase == "deal" and (any(p.hand for p in state.players) or state.boss_hole or state.tolls):
        # A position is taken after the round's set-up (Boss revealed, Curses flipped). The
        # counts below all read the phase: with cards dealt, "deal" is the one mistake.
        problems.append(Problem(("phase",), "at the deal no cards are dealt yet; use phase preflop"))
        return
    if not found(problems, ("board",)) and len(state.board) != BOARD_SIZE[phase]:
        problems.append(Problem(("board",), f"the {phase} has {BOARD_SIZE[phase]} board cards, got {len(state.board)}"))
    if not found(problems, ("boss_hole",)):
        collect(problems, None, _check_boss_hole, state, phase)
    if not found(problems, ("tolls",)):
        collect(problems, None, _check_tolls, state, phase)
    if phase == "showdown" and not state.boss_hole and not found(problems, ("boss_hole",)):
        # The showdown compares cards: the Boss's ("using 1 card is mandatory").
        problems.append(Problem(("boss_hole",), "at the showdown the Boss's hole cards are needed"))
    if phase in BETTING_PHASES and to_act is not None and to_act not in [p.name for p in state.players if not p.folded]:
        problems.append(Problem(("to_act",), f"{to_act!r} is not a player still in the round"))
    # The chips a player may have bet depend on the turn order, the board's hearts (Demona)
    # and every Favor played (Double Down): none of them may be unread.
    n = len(state.players)
    if not found(problems, ("dealer",), ("to_act",), ("board",), *[("players", i, "played_favors") for i in range(n)]):
        _check_bets(state, phase, _done_this_phase(state, phase, to_act), problems)
    if not found(problems, ("offerings_used",)):
        _check_hand_sizes(state, phase, problems)
    check_loss(state)
