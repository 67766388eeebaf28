"""A tiny game registered only while a test needs it, so the scenario machinery can be tested
without depending on any real game's position format."""

from __future__ import annotations

import contextlib

from oracle import registry
from oracle.cards import check_cards, parse_cards
from oracle.errors import FieldError, OracleError, Problem, ScenarioError
from oracle.registry import Answer, GameInfo, Param, RuleOption

SLUG = "toy-poker"

# A scenario of the toy game whose expectations hold, with comments that --update must keep.
SCENARIO = """\
# A designer's comment that --update must keep.
game: toy-poker
name: chips
position:
  players:
    - {name: Anna, chips: 10, hand: "As Kd"}
questions:
  - id: anna-chips
    ask: {kind: chips, player: Anna}
    expect: {chips: 10, ratio: {approx: 3.333, tol: 0.001}}   # kept too
    rule: "Toy: chips"
  - id: pair
    ask: {kind: rank, cards: "9h 9c"}
    expect: {category: pair}
"""


def load_position(position, rules):
    problems = []
    seen = {}
    players = position.get("players", [])
    if not isinstance(players, list):
        raise FieldError(("players",), "must be a list")
    for i, player in enumerate(players):
        if not isinstance(player, dict):
            problems.append(Problem(("players", i), "must be a mapping"))
            continue
        chips = player.get("chips", 0)
        if not isinstance(chips, int) or isinstance(chips, bool) or chips < 0:
            problems.append(Problem(("players", i, "chips"), f"must be a whole number of chips, not {chips!r}"))
        try:
            cards = parse_cards(player.get("hand", ""))
            check_cards(cards, what="hand")
        except OracleError as exc:
            problems.append(Problem(("players", i, "hand"), str(exc)))
            continue
        for card in cards:
            if card in seen:
                problems.append(Problem(("players", i, "hand"), f"card {card} is also in {seen[card]}"))
            seen[card] = f"players[{i}].hand"
    if problems:
        raise ScenarioError(problems)
    return {"players": players, "ante": rules["ante"]}


GAME = GameInfo(
    slug=SLUG,
    title="Toy poker",
    rulebook="none",
    ruleset="standard",
    options=(RuleOption("ante", 1, "chips each player antes"), RuleOption("jokers", False, "a joker in the deck")),
    position_keys=("players", "history"),
    load_position=load_position,
)


def chips_question(ctx):
    name = ctx.params["player"]
    for player in ctx.state["players"]:
        if player["name"] == name:
            return Answer({"player": name, "chips": player["chips"], "ratio": player["chips"] / 3}, f"{name} has {player['chips']}", "Toy: chips")
    raise FieldError(("player",), f"no player named {name!r}")


@contextlib.contextmanager
def toy_game():
    registry.load_games()
    registry.register_game(GAME)
    registry.register_question(SLUG, "chips", summary="a player's chips", params={"player": Param("who", required=True)})(chips_question)
    try:
        yield GAME
    finally:
        registry._GAMES.pop(SLUG, None)
        registry._QUESTIONS.pop((SLUG, "chips"), None)
