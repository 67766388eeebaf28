"""The solver question kinds on the scenario positions, each answer checked against plain
loops over the engine's own rules; the swap model against brute force on random tables."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
import yaml

from oracle.cards import Card, full_deck, parse_cards
from oracle.games import hell_of_a_deal as hod
from oracle.registry import QuestionContext, find_game, question_kinds
from oracle.solve.cpsat.team_swap import brute_force_swaps, candidate_swaps, hands_after, solve_swaps

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
    problem = hod.odds_problem(state, view=params.get("view", "table"))
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
    from oracle.solve.cpsat.team_swap import Swap

    return Swap(by=data["by"], partner=data["partner"], gives=Card.parse(data["gives"]),
                takes=Card.parse(data["takes"]))


def test_swap_for_expected_souls_matches_plain_loops():
    doc = scenario("solver-swap.scenario.yaml", "swap-for-expected-souls")
    state, answer = ask(doc, "best-swap")
    base = hod.odds_problem(state)
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
            if sel is not None and hod.player_outcome(sel.strength, play) == "win":
                fewest = souls
                break
        assert answer["players"][name]["fewest_to_win"] == fewest
    assert answer["team"]["souls"] <= state.souls


def test_discard_choice_matches_plain_loops():
    doc = scenario("solver-offerings.scenario.yaml", "draw-from-the-discard-pile")
    state, answer = ask(doc, "discard")
    from dataclasses import replace

    base = hod.odds_problem(state)
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
        hod.odds_problem(state)


def test_every_solver_question_kind_is_registered():
    kinds = question_kinds("hell-of-a-deal")
    for kind in ("odds", "temptation-assignment", "team-swap", "toll-payment", "offering-choice"):
        assert kind in kinds


def test_cards_parse_helper():
    assert [str(c) for c in parse_cards("7c Js")] == ["7c", "Js"]


def ask_with(doc: dict, params: dict, position: dict | None = None):
    game = find_game("hell-of-a-deal")
    rules = game.default_rules() | doc.get("rules", {})
    position = position or doc["position"]
    state = hod.load_position(position, rules)
    params = dict(params)
    kind = params.pop("kind")
    ctx = QuestionContext(game=game, rules=rules, position=position, state=state, params=params)
    return question_kinds("hell-of-a-deal")[kind].handler(ctx).answer


@pytest.mark.parametrize("params,path", [
    ({"kind": "toll-payment", "players": 5}, ("players",)),
    ({"kind": "toll-payment", "players": ["Zed"]}, ("players", 0)),
    ({"kind": "toll-payment", "view": "Anna", "players": ["Ben"]}, ("players",)),
    ({"kind": "toll-payment", "view": "Zed"}, ("view",)),
])
def test_bad_toll_question_params_name_the_field(params, path):
    from oracle.errors import FieldError

    doc = scenario("solver-tolls.scenario.yaml", "boatman-tolls")
    with pytest.raises(FieldError) as info:
        ask_with(doc, params)
    assert info.value.path == path


def test_toll_advice_from_one_players_view_leaves_the_others_hidden_cards_unseen():
    # "players may not discuss or infer ANYTHING about hidden cards": from Anna's seat Ben's
    # three cards are among the unseen ones, so the Boatman's two hole cards come from
    # 52 - 5 board - 3 of hers - 1 toll = 43 cards: C(43, 2) = 903 hands.
    doc = scenario("solver-tolls.scenario.yaml", "boatman-tolls")
    answer = ask_with(doc, {"kind": "toll-payment", "view": "Anna"})
    assert list(answer["players"]) == ["Anna"]
    assert {o["odds"]["deals"] for o in answer["players"]["Anna"]["options"]} == {903}
    table = ask_with(doc, {"kind": "toll-payment", "players": ["Anna"]})
    assert {o["odds"]["deals"] for o in table["players"]["Anna"]["options"]} == {780}  # C(40, 2)


def test_swap_question_only_plans_from_the_tables_view_and_wants_a_true_or_false():
    from oracle.errors import FieldError

    doc = scenario("solver-swap.scenario.yaml", "swap-makes-two-winners")
    with pytest.raises(FieldError) as info:
        ask_with(doc, {"kind": "team-swap", "view": "Anna"})
    assert info.value.path == ("view",)
    with pytest.raises(FieldError) as info:
        ask_with(doc, {"kind": "team-swap", "only_revealed": "no"})
    assert info.value.path == ("only_revealed",)


@pytest.mark.parametrize("cards", ["7c 7c", "Ks 7c", "9h 7c"])
def test_look_at_two_cards_are_two_cards_from_the_deck(cards):
    # "Look at the top 2 cards from the main deck": two different cards, neither on the
    # board nor in the Boss's (face-down) hole cards.
    from oracle.errors import FieldError

    doc = scenario("solver-offerings.scenario.yaml", "look-at-two-keep-one")
    with pytest.raises(FieldError) as info:
        ask_with(doc, {"kind": "offering-choice", "player": "Anna", "offering": "look", "cards": cards})
    assert info.value.path == ("cards",)


def test_discard_choice_from_the_players_own_view_counts_the_others_cards_unseen():
    doc = scenario("solver-offerings.scenario.yaml", "draw-from-the-discard-pile")
    position = dict(doc["position"], players=[*doc["position"]["players"], {"name": "Ben", "hand": "7d 7s Qd"}])
    table = ask_with(doc, {"kind": "offering-choice", "player": "Anna", "offering": "discard"}, position)
    own = ask_with(doc, {"kind": "offering-choice", "player": "Anna", "offering": "discard", "view": "Anna"},
                   position)
    assert {o["odds"]["deals"] for o in table["options"]} == {703}  # C(38, 2): Ben's cards dead
    assert {o["odds"]["deals"] for o in own["options"]} == {820}  # C(41, 2): Ben's cards unseen
    from oracle.errors import FieldError

    with pytest.raises(FieldError) as info:
        ask_with(doc, {"kind": "offering-choice", "player": "Anna", "offering": "discard", "view": "Ben"}, position)
    assert info.value.path == ("view",)


def test_an_event_amount_is_a_whole_number():
    from oracle.errors import FieldError

    doc = scenario("solver-temptation.scenario.yaml", "temptation-over-ten-is-placed")
    for amount in (1.5, True, "2"):
        with pytest.raises(FieldError) as info:
            ask_with(doc, {"kind": "temptation-assignment", "events": [{"player": "Anna", "amount": amount}]})
        assert info.value.path == ("events", 0)


def test_boss_cards_all_needs_the_boss_hole_cards_listed():
    from oracle.errors import FieldError

    doc = scenario("solver-odds.scenario.yaml", "odds-river-one-boss-card-face-down")
    position = {k: v for k, v in doc["position"].items() if k not in ("boss_hole", "boss_revealed")}
    with pytest.raises(FieldError) as info:
        ask_with(doc, {"kind": "odds", "boss_cards": "all"}, position)
    assert info.value.path == ("boss_cards",)


def test_odds_for_one_player_are_that_players_view():
    doc = scenario("solver-odds.scenario.yaml", "odds-from-one-players-view")
    assert ask_with(doc, {"kind": "odds", "player": "Anna"}) == ask_with(doc, {"kind": "odds", "view": "Anna"})


@pytest.mark.parametrize("params,message", [
    ({"kind": "odds", "player": "Ana"}, "no player 'Ana' at this table; did you mean 'Anna'?"),
    ({"kind": "odds", "player": "Anna", "view": "Ben"}, "player 'Anna' and view 'Ben' disagree"),
])
def test_odds_for_a_player_not_at_the_table_or_against_the_view_is_refused_at_player(params, message):
    from oracle.errors import FieldError

    doc = scenario("solver-odds.scenario.yaml", "odds-from-one-players-view")
    with pytest.raises(FieldError) as info:
        ask_with(doc, params)
    assert info.value.path == ("player",) and message in str(info.value)
