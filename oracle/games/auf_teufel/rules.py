"""Auf Teufel komm raus: the game's data and its rule options.

The published components (the coal set, the chips, the start of 200, the goal of 1,600) and
every house rule as a ``RuleOption``; ``check_rules`` checks the options' values beyond their
type, ``track_marks`` reads the scoring track.
"""

from __future__ import annotations

import re
from typing import Any, Mapping

from oracle.errors import Problem, RulesetError, ScenarioError
from oracle.registry import RuleOption, rule_problems
from oracle.solve.dp.coal import Oven

SLUG = "auf-teufel-komm-raus"
RULEBOOK = "Auf Teufel komm raus: "
RULE_ROUND = RULEBOOK + "A round is played in 4 phases"
RULE_BET = RULEBOOK + "Phase 1: The Devil's Bet"
RULE_PULL = RULEBOOK + "Phase 2: Pulling Coal From the Fire"
RULE_SETTLE = RULEBOOK + "Phase 3: Determine Winnings"

# "48 coal pieces ... 39 pieces marked with a value from 10 to 100, and 9 pieces marked with a
# devil": the published split of the 39 (Zoch's component list), 1,270 in all.
COAL_SET = {100: 2, 75: 3, 50: 7, 25: 9, 20: 9, 10: 9}
DEVILS = 9
STANDARD_OVEN = Oven.of(COAL_SET, DEVILS)

# Published components (see docs/games/auf-teufel-komm-raus.md).
STANDARD_CHIPS = {10: 16, 20: 16, 50: 8, 100: 12, 200: 8, 500: 6, 1000: 4}
CHIP_UNIT = 10  # the smallest chip: every stake and every total is a multiple of it
PACT_PAYMENT = 50
BONUS = 50
# The box's chips are worth 10,680; the bank may pay more, but no table reaches this.
MAX_CHIPS = 100_000
# A scenario may invent pieces (the red-and-black card game is 52 pieces worth +1 and -1);
# these bounds keep an invented oven something the solver can walk (the game has 48 pieces,
# worth 10 to 100).
MAX_PIECES = 200
MAX_PIECE_VALUE = 100_000

DEFAULT_TRACK = "50 100 150 200 250 300 400 500 600 700 800 1000 1200 1400 1600"

OPTIONS = (
    RuleOption(
        "refill_minimum",
        12,
        "Pieces (devils included) that must remain in the oven for the next round to go on "
        "with them; with fewer, all pieces are reshuffled. Stands for 'still overhang the "
        "inner rim of the oven'.",
    ),
    RuleOption(
        "track_marks",
        DEFAULT_TRACK,
        "The marked numbers of the scoring track above its bottom space, ascending, as text "
        "('50 100 200 ...'). A total equal to a mark stands on it; one between two marks on "
        "the space between; one below the first mark on the bottom space '0-<first mark>'.",
    ),
    RuleOption(
        "bonus_ties",
        "each",
        "When several players tie for the highest haul or the most pieces: 'each' of them "
        "receives the 50, or 'none' does.",
        choices=("each", "none"),
    ),
    RuleOption(
        "stake_pays_pact",
        False,
        "Whether the chips staked in Phase 1 may be used to pay pact-holders in Phase 2 "
        "(by default the stake lies on the table and only the rest pays). When they may, "
        "the bet stands as announced, but a lost bet costs only what is left of the stake.",
    ),
    RuleOption(
        "first_pull",
        "compulsory",
        "'compulsory': a turn starts by turning over a piece ('the player whose turn it is "
        "turns over one coal piece'); 'optional': a player may stop before their first piece "
        "and end the turn with nothing.",
        choices=("compulsory", "optional"),
    ),
    RuleOption("goal", 1600, "The game ends after a round in which someone holds at least this."),
    RuleOption("start_chips", 200, "Chips of a player whose position gives none."),
)


def track_marks(rules: Mapping[str, Any]) -> tuple[int, ...]:
    """The ``track_marks`` option read into ascending whole numbers."""
    raw = rules["track_marks"]
    marks: tuple[int, ...] = ()
    if isinstance(raw, str):
        parts = raw.replace(",", " ").split()
        if all(re.fullmatch(r"[0-9]+", part) for part in parts):
            marks = tuple(int(part) for part in parts)
    elif isinstance(raw, (list, tuple)) and all(isinstance(m, int) and not isinstance(m, bool) for m in raw):
        marks = tuple(raw)
    if not marks or marks[0] <= 0 or any(a >= b for a, b in zip(marks, marks[1:])):
        raise RulesetError(
            f"track_marks must be ascending positive whole numbers such as '50 100 150', not {raw!r}"
        )
    return marks


def check_rules(rules: Mapping[str, Any]) -> None:
    """Every rule option's value: its type (the shared check the loader also runs, for
    callers that come here directly) and its range, as a ``ScenarioError`` whose problems are
    located at ``("rules", option)`` (the loader reports them at ``rules:``)."""
    problems: list[Problem] = rule_problems(OPTIONS, rules)
    mistyped = {problem.path[1] for problem in problems}

    def whole(name: str, minimum: int) -> int | None:
        value = rules[name]
        if name in mistyped:
            return None
        if value < minimum:
            problems.append(Problem(("rules", name), f"must be at least {minimum}, not {value}"))
            return None
        return value

    # An oven left with no piece cannot go on to the next round, so at least 1.
    whole("refill_minimum", 1)
    whole("goal", 1)
    start = whole("start_chips", 0)
    if start is not None and start % CHIP_UNIT:
        problems.append(Problem(("rules", "start_chips"), f"chips come in multiples of {CHIP_UNIT}, not {start}"))
    if "track_marks" not in mistyped:
        try:
            track_marks(rules)
        except RulesetError as exc:
            problems.append(Problem(("rules", "track_marks"), str(exc).removeprefix("track_marks ")))
    if problems:
        raise ScenarioError(problems)
