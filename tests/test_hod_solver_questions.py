"""The solver question kinds on the scenario positions, each answer checked against plain
loops over the engine's own rules; the swap model against brute force on random tables."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
import yaml

from oracle.cards import Card, full_deck, parse_cards
from oracle.games import hell_of_a_deal as hod
from oracle.games.hod_rules import player_outcome
from oracle.registry import QuestionContext, find_game, question_kinds
from oracle.solve.hod_adapter import odds_problem
from oracle.solve.team_swap import brute_force_swaps, candidate_swaps, hands_after, solve_swaps

from test_hod_solver_odds import brute_force  # tests/ is on sys.path (rootdir-less "prepend" import)

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios" / "hell-of-a-deal"


def scenario(file: str, name: str) -> dict:
    for doc in yaml.safe_load_all((SCENARIOS / file).read_text()):
        if doc["name"] == name:
            return doc
    raise KeyError(name)


def ask(doc: dict, question_id: str):
    game = find_game("hell-of-a-deal")
    rules = game.default_rules() | doc.get("rules", {})
    q = next(q for q in doc["questions"] if q["id"] == question_id)
    params = {k: v for k, v in q["ask"].items() if k != "kind"}
    state = hod.load_position(doc["position"], rules)
    ctx = QuestionContext(game=game, rules=rules, position=doc["position"], state=state, params=params)
    return state, question_kinds("hell-of-a-deal")[q["ask"]["kind"]].handler(ctx).answer


def state_of(doc: dict):
    game = find_game("hell-of-a-deal")
    return hod.load_position(doc["position"], game.default_rules() | doc.get("rules", {}))


@pytest.mark.parametrize("name,question", [
    ("odds-river-one-boss-card-face-down", "odds"),
    ("odds-eenie-meanie-turn", "odds"),
    ("odds-from-one-players-view", "odds"),
])
def test_odds_scenarios_match_plain_loops(name, question):
    doc = scenario("solver-odds.scenario.yaml", name)
    state, answer = ask(doc, question)
    params = {k: v for k, v in doc["questions"][0]["ask"].items() if k != "kind"}
    problem = odds_problem(state, view=params.get("view", "table"))
    counts = brute_force(problem)
    for player, (w, p, l) in counts.items():
        got = answer["players"][player]
        assert (got["wins"], got["pushes"], got["losses"]) == (w, p, l)


def showdown_results(state, hands: dict) -> dict:
    """Each player's outcome with these hands, by the engine's showdown."""
    s = state.copy()
    for p in s.players:
        if p.name in hands:
            p.hand = list(hands[p.name])
    play = hod.current_boss_play(s)
    return {p.name: hod.showdown_outcome(s, p.name, play)["outcome"] for p in s.players}


def test_swap_scenario_is_the_best_by_brute_force_over_the_engines_showdown():
    doc = scenario("solver-swap.scenario.yaml", "swap-makes-two-winners")
    state, answer = ask(doc, "best-swap")
    hands = {p.name: tuple(p.hand) for p in state.players}
    candidates = candidate_swaps(hands, list(hands), list(hands))

    def winners(name, hand):
        return 1 if showdown_results(state, {name: hand})[name] == "win" else 0

    best = brute_force_swaps(hands, candidates, winners)
    assert best[0] == answer["winners_after"] == 3
    chosen = [hod_swap(s) for s in answer["swaps"]]
    after = hands_after(hands, chosen)
    assert all(o == "win" for o in showdown_results(state, after).values())


def hod_swap(data: dict):
    from oracle.solve.team_swap import Swap

    return Swap(by=data["by"], partner=data["partner"], gives=Card.parse(data["gives"]),
                takes=Card.parse(data["takes"]))


def test_swap_for_expected_souls_matches_plain_loops():
    doc = scenario("solver-swap.scenario.yaml", "swap-for-expected-souls")
    state, answer = ask(doc, "best-swap")
    base = odds_problem(state)
    hands = {p.name: tuple(p.hand) for p in state.players}
    after = hands_after(hands, [hod_swap(s) for s in answer["swaps"]])
    from dataclasses import replace

    total = 0.0
    problem = replace(base, seats=tuple(replace(s, cards=after[s.name]) for s in base.seats))
    for name, (w, p, l) in brute_force(problem).items():
        total += (w * 1 - l * 2) / (w + p + l)
    assert total == pytest.approx(answer["expected_souls_after"], abs=1e-6)


@pytest.mark.parametrize("max_swaps", [1, 2])
def test_swap_model_equals_brute_force_on_random_tables(max_swaps):
    rng = random.Random(max_swaps)
    for _ in range(25):
        deck = full_deck()
        rng.shuffle(deck)
        names = ["Anna", "Ben", "Cara", "Dan"][: rng.randint(2, 4)]
        hands = {n: tuple(deck[3 * i:3 * i + 3]) for i, n in enumerate(names)}
        values = {}

        def value(name, hand):
            key = (name, frozenset(hand))
            if key not in values:
                values[key] = rng.randint(-5, 5)
            return values[key]

        by = rng.sample(names, rng.randint(1, len(names)))
        willing = rng.sample(names, rng.randint(1, len(names)))
        candidates = candidate_swaps(hands, by, willing)
        plan = solve_swaps(hands, candidates, value, max_swaps=max_swaps)
        assert plan.status == "optimal"
        assert plan.objective() == brute_force_swaps(hands, candidates, value, max_swaps=max_swaps)


def test_toll_scenario_matches_the_engines_selection_for_each_soul():
    doc = scenario("solver-tolls.scenario.yaml", "boatman-tolls")
    state, answer = ask(doc, "fewest-souls")
    # The scenario asks with the Boss's hand known.
    play = hod.current_boss_play(state)
    for name in ("Anna", "Ben"):
        fewest = None
        for souls in range(state.souls + 1):
            sel = hod.player_selection(state, name, souls)
            if sel is not None and player_outcome(sel.strength, play) == "win":
                fewest = souls
                break
        assert answer["players"][name]["fewest_to_win"] == fewest
    assert answer["team"]["souls"] <= state.souls


def test_discard_choice_matches_plain_loops():
    doc = scenario("solver-offerings.scenario.yaml", "draw-from-the-discard-pile")
    state, answer = ask(doc, "discard")
    from dataclasses import replace

    base = odds_problem(state)
    best = None
    for option in answer["options"]:
        card = Card.parse(option["take"])
        anna = replace(base.seats[0], cards=(*base.seats[0].cards, card))
        problem = replace(base, seats=(anna,), dead=tuple(c for c in base.dead if c != card))
        w, p, l = brute_force(problem)["Anna"]
        assert (option["odds"]["wins"], option["odds"]["pushes"], option["odds"]["losses"]) == (w, p, l)
        value = -2 * l / (w + p + l)
        if best is None or value > best[0]:
            best = (value, option["take"])
    assert answer["take"] == best[1]


def test_odds_refuses_red_jack():
    from oracle.errors import FieldError

    doc = scenario("solver-odds.scenario.yaml", "odds-river-one-boss-card-face-down")
    position = dict(doc["position"], boss="Red Jack", bosses={"Red Jack": {"default_hand": "Q Q"}},
                    players=[{"name": "Anna", "hand": "Ah Kd"}], boss_hole="Ks Qs", boss_revealed="Ks")
    state = hod.load_position(position, {})
    with pytest.raises(FieldError):
        odds_problem(state)


def test_every_solver_question_kind_is_registered():
    kinds = question_kinds("hell-of-a-deal")
    for kind in ("odds", "temptation-assignment", "team-swap", "toll-payment", "offering-choice"):
        assert kind in kinds


def test_cards_parse_helper():
    assert [str(c) for c in parse_cards("7c Js")] == ["7c", "Js"]
