"""``cheapest-claim`` against a plain enumeration of every subset of the stash."""

from __future__ import annotations

import random
import time

import pytest

from oracle.budget import Budget
from oracle.cards import Card, full_deck
from oracle.eval import DRAWING_DEAD, strength
from oracle.games.drawing_dead import cheapest_claim, cleanup_choices, load_position


def brute_force(upcards, stash, chips, holder_upcards):
    """Every subset by bitmask; a subset wins when its upcards rank strictly above the
    holder's (no cards never win against a holder with cards). Returns (chips, size, best
    strength among the cheapest smallest winners) or None."""
    target = strength(holder_upcards, DRAWING_DEAD)
    found = []
    for mask in range(1 << len(stash)):
        chosen = [card for bit, card in enumerate(stash) if mask >> bit & 1]
        hand = list(upcards) + chosen
        if not hand:
            continue
        value = strength(hand, DRAWING_DEAD)
        if value > target:
            found.append((min(len(chosen), chips), len(chosen), -value))
    if not found:
        return None
    cost, size, value = min(found)
    return cost, size, -value


def _position(rng: random.Random):
    deck = full_deck(jokers=1)
    rng.shuffle(deck)
    up, stash, holder = rng.randint(0, 5), rng.randint(0, 7), rng.randint(1, 5)
    cards = [deck.pop() for _ in range(up + stash + holder)]
    return cards[:up], cards[up:up + stash], cards[up + stash:], rng.randint(0, 6)


def _text(cards):
    return " ".join(map(str, cards))


@pytest.mark.parametrize("seed", range(6))
def test_cheapest_claim_agrees_with_every_subset(seed):
    rng = random.Random(seed)
    possible = impossible = free_rides = 0
    for _ in range(60):
        upcards, stash, holder, chips = _position(rng)
        state = load_position({
            "players": [{"name": "Anna", "chips": chips, "upcards": _text(upcards), "stash": _text(stash)},
                        {"name": "Ben", "chips": 0, "upcards": _text(holder)}],
            "turn": "Anna", "phase": "action", "button": "Ben", "pot": 0}, {})
        answer = cheapest_claim(state, 0)
        expected = brute_force(upcards, stash, chips, holder)
        if expected is None:
            impossible += 1
            assert answer["possible"] is False and answer["chips"] is None
            continue
        possible += 1
        cost, size, value = expected
        played = [Card.parse(c) for c in answer["cards"]]
        assert answer["possible"] is True
        assert answer["chips"] == cost
        assert len(played) == size and set(played) <= set(stash)
        assert strength(upcards + played, DRAWING_DEAD) == value == answer["hand"]["strength"]
        free_rides += size > chips
    assert possible and impossible
    if seed == 0:
        assert free_rides, "no case where cards beyond the chips were free"


def test_an_unclaimed_button_costs_nothing():
    state = load_position({"players": [{"name": "Anna", "chips": 3, "stash": "2c"}, {"name": "Ben"}],
                           "turn": "Anna", "phase": "action", "pot": 0}, {})
    answer = cheapest_claim(state, 0)
    assert answer["possible"] and answer["chips"] == 0 and answer["cards"] == []


@pytest.mark.parametrize("seed", range(3))
def test_cleanup_keeps_the_best_five_of_all_upcards(seed):
    from itertools import combinations
    rng = random.Random(seed)
    for _ in range(20):
        deck = full_deck(jokers=1)
        rng.shuffle(deck)
        upcards = [deck.pop() for _ in range(rng.randint(6, 8))]
        state = load_position({"players": [{"name": "Anna", "upcards": _text(upcards)}, {"name": "Ben"}],
                               "turn": "Anna", "phase": "cleanup", "pot": 0}, {})
        answer = cleanup_choices(state, 0, limit=100)
        best = max(strength(list(five), DRAWING_DEAD) for five in combinations(upcards, 5))
        assert answer["hand"]["strength"] == best
        assert answer["best_choices"] == sum(
            1 for five in combinations(upcards, 5) if strength(list(five), DRAWING_DEAD) == best)
        assert answer["upcards_to_trash"] == len(upcards) - 5
        values = [c["strength"] for c in answer["choices"]]
        assert values == sorted(values, reverse=True)


def test_the_holder_needs_nothing():
    state = load_position({"players": [{"name": "Anna", "chips": 3, "upcards": "2c", "stash": "Ac"},
                                       {"name": "Ben"}],
                           "turn": "Anna", "phase": "action", "button": "Anna", "pot": 0}, {})
    answer = cheapest_claim(state, 0)
    assert answer["possible"] and answer["chips"] == 0 and "already holds" in answer["reason"]


# ---------------------------------------------------------------- with role cards

ROLE_TEXTS = {
    "Dirty Cheat": {"effect": "steal-upcard", "bad_guy": True, "copies": 2},
    "Vandal": {"effect": "trash-upcard", "copies": 1},
    "Magic Man": {"effect": "swap-stash", "copies": 2},
    "Duke": {"effect": "draw-poker", "n": 1, "copies": 1},
    "Banker": {"effect": "gain-chips", "n": 2, "copies": 1},
    "Sheriff": {"effect": "stop", "ace_in_the_hole": True, "copies": 3},
}


def every_line_minimax(state, index, opponents_stop):
    """The fewest chips bet to take the Button, by trying every legal play in every order
    (poker cards, every role with every choice, at any moment), opponents stopping
    whatever they can when ``opponents_stop``; None when no line gets there."""

    def value(s):
        if s.phase == "respond":
            ours = s.chain[-1].player == index
            options = [a for a in s.legal_actions() if a.kind == "pass" or (
                (s.index_of(a.player) == index) != ours and (opponents_stop or not ours))]
            results = []
            for a in options:
                nxt = s.copy()
                nxt.do(a)
                results.append(value(nxt))
            if ours:
                return None if None in results else max(results)
            found = [r for r in results if r is not None]
            return min(found) if found else None
        best = None
        for a in s.legal_actions():
            if a.kind == "claim":
                return 0
            if a.kind not in ("play-card", "play-role"):
                continue
            nxt = s.copy()
            pay = 1 if a.kind == "play-card" and nxt.players[index].chips > 0 else 0
            nxt.do(a)
            r = value(nxt)
            if r is not None and (best is None or r + pay < best):
                best = r + pay
        return best

    return value(state)


def _role_position(rng: random.Random):
    deck = full_deck(jokers=1)
    rng.shuffle(deck)
    take = lambda n: _text([deck.pop() for _ in range(n)])  # noqa: E731
    roles = ["Dirty Cheat", "Vandal", "Magic Man", "Duke", "Banker"]
    return {
        "role_texts": ROLE_TEXTS,
        "players": [
            {"name": "Anna", "chips": rng.randint(0, 2), "upcards": take(rng.randint(0, 2)),
             "stash": take(rng.randint(0, 2)), "stash_roles": rng.sample(roles, rng.randint(1, 2))},
            {"name": "Ben", "chips": 5, "upcards": take(rng.randint(1, 4)),
             "stash_roles": ["Sheriff"] * rng.randint(0, 1)},
            {"name": "Carl", "chips": 5, "upcards": take(rng.randint(0, 2)),
             "stash_roles": ["Sheriff"] * rng.randint(0, 1)},
        ],
        "turn": "Anna", "phase": "action", "button": "Ben", "pot": 0}


def test_cheapest_claim_with_roles_agrees_with_every_line():
    """Role cards are stash cards too ("2 poker cards AND 1 role card ... known as your
    STASH"): stealing, trashing, swapping and drawing can make a claim cheaper or possible."""
    rng = random.Random(100)
    cheaper = stopped = 0
    for _ in range(48):
        state = load_position(_role_position(rng), {"box_chips": 100})
        answer = cheapest_claim(state, 0)
        worst = every_line_minimax(state.copy(), 0, True)
        free = every_line_minimax(state.copy(), 0, False)
        assert answer["chips"] == worst and answer["chips_if_unstopped"] == free
        assert answer["possible"] is (worst is not None)
        poker_only = brute_force(state.players[0].upcards, state.players[0].stash,
                                 state.players[0].chips, state.players[1].upcards)
        cheaper += worst is not None and (poker_only is None or worst < poker_only[0])
        stopped += free is not None and free != worst
        if worst is not None:  # the principal line plays out in the engine as told
            played = state.copy()
            before = played.players[0].chips
            for line in answer["plan"]:
                played.do(line)
            assert played.button == 0 and before - played.players[0].chips == worst
    assert cheaper, "no case where a role made the claim cheaper"
    assert stopped, "no case where a possible stop changed the answer"


def test_dirty_cheat_takes_the_button_for_free():
    state = load_position({"players": [{"name": "Anna", "chips": 6, "upcards": "Qs Qd", "stash_roles": ["Dirty Cheat"]},
                                       {"name": "Ben", "chips": 6, "upcards": "Jk Ks Kd"}],
                           "turn": "Anna", "phase": "action", "button": "Ben", "pot": 10}, {})
    answer = cheapest_claim(state, 0)
    assert answer["possible"] and answer["chips"] == 0 and answer["roles"] == ["Dirty Cheat"]
    assert answer["plan"] == ["Anna plays Dirty Cheat taking Jk from Ben", "Anna claims the Button"]


# ---------------------------------------------------------------- larger stashes and the guard

def _larger_role_position(rng: random.Random):
    """Up to 3 poker cards and 3 roles in the stash (two of a kind allowed, the player's
    own Sheriff too), up to 2 Sheriffs among the opponents: as large as the every-line
    search still answers in a moment."""
    deck = full_deck(jokers=1)
    rng.shuffle(deck)
    take = lambda n: _text([deck.pop() for _ in range(n)])  # noqa: E731
    pool = ["Dirty Cheat", "Dirty Cheat", "Magic Man", "Magic Man", "Duke", "Vandal", "Banker", "Sheriff"]
    return {
        "role_texts": ROLE_TEXTS,
        "players": [
            {"name": "Anna", "chips": rng.randint(0, 3), "upcards": take(rng.randint(0, 2)),
             "stash": take(rng.randint(1, 3)), "stash_roles": rng.sample(pool, rng.randint(2, 3))},
            {"name": "Ben", "chips": 5, "upcards": take(rng.randint(1, 4)),
             "stash_roles": ["Sheriff"] * rng.randint(0, 1)},
            {"name": "Carl", "chips": 5, "upcards": take(rng.randint(0, 2)),
             "stash_roles": ["Sheriff"] * rng.randint(0, 1)},
        ],
        "turn": "Anna", "phase": "action", "button": "Ben", "pot": 0}


def every_line_minimax_memo(state, index, opponents_stop):
    """``every_line_minimax`` (every legal play in every order, poker cards included) with
    a memo on the whole state, so larger stashes stay affordable."""
    memo = {}

    def key(s):
        return (s.phase, tuple(s.chain), s.bank, s.shuffles, tuple(sorted(s.played_roles)),
                tuple(s.poker_deck), tuple(s.poker_trash), tuple(sorted(s.role_trash)),
                tuple((p.chips, frozenset(p.upcards), frozenset(p.stash), tuple(sorted(p.stash_roles)))
                      for p in s.players))

    def value(s):
        k = key(s)
        if k in memo:
            return memo[k]
        if s.phase == "respond":
            ours = s.chain[-1].player == index
            options = [a for a in s.legal_actions() if a.kind == "pass" or (
                (s.index_of(a.player) == index) != ours and (opponents_stop or not ours))]
            results = []
            for a in options:
                nxt = s.copy()
                nxt.do(a)
                results.append(value(nxt))
            if ours:
                result = None if None in results else max(results)
            else:
                found = [r for r in results if r is not None]
                result = min(found) if found else None
        else:
            result = None
            for a in s.legal_actions():
                if a.kind == "claim":
                    result = 0
                    break
                if a.kind not in ("play-card", "play-role"):
                    continue
                nxt = s.copy()
                pay = 1 if a.kind == "play-card" and nxt.players[index].chips > 0 else 0
                nxt.do(a)
                r = value(nxt)
                if r is not None and (result is None or r + pay < result):
                    result = r + pay
        memo[k] = result
        return result

    return value(state)


@pytest.mark.parametrize("seed", range(3))
def test_cheapest_claim_on_larger_stashes_agrees_with_every_line(seed):
    """Stashes of 3 to 6 cards with repeated roles and counter-stops, against the
    every-line minimax (every order of every poker card and role, opponents stopping
    whatever they can, memoised on the whole state: no pruning, no poker-cards-last)."""
    rng = random.Random(200 + seed)
    possible = 0
    for _ in range(12):
        position = _larger_role_position(rng)
        if any(r == "Sheriff" for r in position["players"][0]["stash_roles"]) and not (
                position["players"][1]["stash_roles"] or position["players"][2]["stash_roles"]):
            position["players"][1]["stash_roles"] = ["Sheriff"]  # give the own Sheriff work
        state = load_position(position, {"box_chips": 100})
        answer = cheapest_claim(state, 0)
        worst = every_line_minimax_memo(state.copy(), 0, True)
        free = every_line_minimax_memo(state.copy(), 0, False)
        assert answer["exact"] is True
        assert answer["chips"] == worst and answer["chips_if_unstopped"] == free
        assert answer["possible"] is (worst is not None)
        if worst is not None:
            possible += 1
            played = state.copy()
            for line in answer["plan"]:
                played.do(line)
            assert played.button == 0 and state.players[0].chips - played.players[0].chips == worst
    assert possible


def _ten_card_stash(seed: int):
    rng = random.Random(f"ten:{seed}")
    deck = full_deck(jokers=1)
    rng.shuffle(deck)
    take = lambda n: _text([deck.pop() for _ in range(n)])  # noqa: E731
    return load_position({
        "players": [
            {"name": "Anna", "chips": rng.randint(0, 6), "upcards": take(2), "stash": take(5),
             "stash_roles": ["Dirty Cheat", "Dirty Cheat", "Magic Man", "Magic Man", "Duke"]},
            {"name": "Ben", "chips": 10, "upcards": take(4), "stash_roles": ["Sheriff"]},
            {"name": "Carl", "chips": 10, "upcards": take(3), "stash_roles": ["Sheriff"]},
        ],
        "turn": "Anna", "phase": "action", "button": "Ben", "pot": 0, "seed": seed}, {"box_chips": 100})


@pytest.mark.parametrize("seed", range(2))
def test_a_ten_card_stash_is_answered_exactly(seed):
    """5 poker cards and 5 roles (two Dirty Cheats, two Magic Men, a Duke) against two
    Sheriffs: the answer is exact (within the state limit) and its line plays out. Speed is
    measured in bench/bench_drawing_dead_claim.py, not asserted here."""
    state = _ten_card_stash(seed)
    answer = cheapest_claim(state, 0)
    assert answer["exact"] is True
    if answer["possible"]:
        played = state.copy()
        for line in answer["plan"]:
            played.do(line)
        assert played.button == 0 and state.players[0].chips - played.players[0].chips == answer["chips"]
    poker_only = brute_force(state.players[0].upcards, state.players[0].stash, state.players[0].chips,
                             state.players[1].upcards)
    if poker_only is not None:  # roles never make it dearer
        assert answer["possible"] and answer["chips"] <= poker_only[0]


GUARDED = {
    "players": [{"name": "Anna", "chips": 6, "upcards": "Qs Qd", "stash": "Qh 2c",
                 "stash_roles": ["Dirty Cheat", "Magic Man"]},
                {"name": "Ben", "chips": 6, "upcards": "Jk Kd", "stash_roles": ["Sheriff"]}],
    "turn": "Anna", "phase": "action", "button": "Ben", "pot": 10}


def _spent() -> Budget:
    return Budget(seconds=1e-9, started=time.monotonic() - 1)


def test_audit_14_a_search_out_of_time_answers_with_a_true_bound():
    """Out of time the answer is the cheapest line proved by then, here the poker-only line:
    it cannot be stopped, so it is a true upper bound, and the answer says it is not exact."""
    state = load_position(GUARDED, {})
    exact = cheapest_claim(state, 0)
    guarded = cheapest_claim(state, 0, _spent())
    assert exact["exact"] is True and exact["bound_reached"] is None
    assert guarded["exact"] is False and guarded["bound_reached"] == "time_limit"
    assert "time limit of 1e-09 s" in guarded["reason"] and guarded["reason"].startswith("at most 1 chip:")
    assert guarded["possible"] is True and guarded["chips"] >= exact["chips"]
    assert guarded["cards"] == ["Qh"] and guarded["chips"] == 1 and guarded["chips_if_unstopped"] is None
    played = state.copy()
    for line in guarded["plan"]:
        played.do(line)
    assert played.button == 0


def test_audit_14_out_of_time_with_no_line_known_says_unknown():
    hopeless = load_position({
        "players": [{"name": "Anna", "chips": 6, "upcards": "2c", "stash": "3d",
                     "stash_roles": ["Dirty Cheat", "Magic Man"]},
                    {"name": "Ben", "chips": 6, "upcards": "Jk Kd Ks", "stash_roles": ["Sheriff"]}],
        "turn": "Anna", "phase": "action", "button": "Ben", "pot": 10}, {})
    unknown = cheapest_claim(hopeless, 0, _spent())
    assert unknown["exact"] is False and unknown["possible"] is None and unknown["chips"] is None
    assert unknown["bound_reached"] == "time_limit" and unknown["reason"].startswith("unknown")


def test_audit_14_without_roles_the_poker_line_is_exact_even_out_of_time():
    """No role can take part, so the smallest winning set (checked against every subset) is the
    answer however the time ran out."""
    rng = random.Random(14)
    for _ in range(20):
        upcards, stash, holder, chips = _position(rng)
        state = load_position({
            "players": [{"name": "Anna", "chips": chips, "upcards": _text(upcards), "stash": _text(stash),
                         "stash_roles": ["Sheriff"]},
                        {"name": "Ben", "chips": 0, "upcards": _text(holder)}],
            "turn": "Anna", "phase": "action", "button": "Ben", "pot": 0}, {})
        answer = cheapest_claim(state, 0, _spent())
        expected = brute_force(upcards, stash, chips, holder)
        assert answer["exact"] is True and answer["bound_reached"] == "time_limit"
        assert answer["chips"] == (None if expected is None else expected[0])
        assert answer["possible"] is (expected is not None)


def test_audit_7_with_no_chips_a_line_is_exact_even_out_of_time():
    """"If you have no chips, you may play poker cards for free": nothing is cheaper than 0."""
    position = GUARDED | {"players": [GUARDED["players"][0] | {"chips": 0}, GUARDED["players"][1]]}
    answer = cheapest_claim(load_position(position, {}), 0, _spent())
    assert answer["exact"] is True and answer["possible"] is True
    assert answer["chips"] == 0 and answer["chips_if_unstopped"] == 0
    assert answer["bound_reached"] == "time_limit" and "nothing can be cheaper" in answer["reason"]


# ---------------------------------------------------------------- issue 12, point 7

AUDIT_ROLES = ROLE_TEXTS | {  # more copies, a draw of two and a stop without ACE IN THE HOLE
    "Vandal": ROLE_TEXTS["Vandal"] | {"copies": 3},
    "Magic Man": ROLE_TEXTS["Magic Man"] | {"copies": 3},
    "Duke": {"effect": "draw-poker", "n": 2, "copies": 2},
    "Scout": {"effect": "draw-poker", "n": 1, "copies": 1},
    "Sheriff": ROLE_TEXTS["Sheriff"] | {"copies": 6},
    "Deputy": {"effect": "stop", "copies": 2},
}
AUDIT_POOL = ["Dirty Cheat", "Dirty Cheat", "Vandal", "Vandal", "Magic Man", "Magic Man", "Duke", "Scout",
              "Banker", "Sheriff"]


def _audit_position(rng: random.Random) -> dict:
    """A small position for the every-line minimax: 1 to 4 opponents, up to 3 stop cards
    among them (Sheriffs, and Deputies that cannot be played in Anna's turn), Anna with up
    to 3 roles (her own Sheriff too) and 3 poker cards; sometimes the Button unclaimed, a
    deck short enough for a draw to reshuffle the trash, or a role of Anna's pending."""
    deck = full_deck(jokers=1)
    rng.shuffle(deck)
    take = lambda n: _text([deck.pop() for _ in range(n)])  # noqa: E731
    names = ["Ben", "Carl", "Dora", "Eve"][:rng.randint(1, 4)]
    stops = [[] for _ in names]
    for _ in range(rng.randint(0, 3)):
        stops[rng.randrange(len(names))].append("Sheriff" if rng.random() < 0.8 else "Deputy")
    players = [{"name": "Anna", "chips": rng.randint(0, 3), "upcards": take(rng.randint(0, 3)),
                "stash": take(rng.randint(0, 3)), "stash_roles": rng.sample(AUDIT_POOL, rng.randint(1, 3))}]
    players += [{"name": n, "chips": 5, "upcards": take(rng.randint(1, 4) if i == 0 else rng.randint(0, 3)),
                 "stash_roles": stops[i]} for i, n in enumerate(names)]
    position = {"role_texts": AUDIT_ROLES, "players": players, "turn": "Anna", "phase": "action",
                "button": names[0] if rng.random() < 0.9 else None, "pot": 0, "seed": rng.randint(0, 99)}
    if rng.random() < 0.2:  # a short deck: a draw may reshuffle the trash
        position["poker_deck"] = take(rng.randint(0, 1))
        position["poker_trash"] = _text(deck)
    return position


POSITIONS_A_SEED = 20


@pytest.mark.parametrize("seed", range(4))
def test_audit_7_the_search_agrees_with_every_line_on_small_random_positions(seed):
    """The independent check: every legal play in every order (poker cards included, every
    choice, every stop by every opponent), memoised on the whole state, on 20 positions a
    seed; against it the worst case, the unstopped cost and the plan playing out."""
    rng = random.Random(f"audit-7:{seed}")
    checked = 0
    for _ in range(POSITIONS_A_SEED):
        position = _audit_position(rng)
        state = load_position(position, {"box_chips": 200})
        legal = [a for a in state.legal_actions() if a.kind == "play-role"]
        if legal and rng.random() < 0.25:  # start with a role of hers pending
            state.do(rng.choice(legal))
        answer = cheapest_claim(state, 0)
        worst = every_line_minimax_memo(state.copy(), 0, True)
        free = every_line_minimax_memo(state.copy(), 0, False)
        assert answer["exact"] is True and answer["bound_reached"] is None
        assert answer["chips"] == worst and answer["chips_if_unstopped"] == free, position
        assert answer["possible"] is (worst is not None)
        if worst is not None:
            played = state.copy()
            for line in answer["plan"]:
                played.do(line)
            assert played.button == 0 and state.players[0].chips - played.players[0].chips == worst
        checked += 1
    assert checked == POSITIONS_A_SEED


def _issue_7_state():
    from oracle.scenario import load_file
    from pathlib import Path
    path = Path(__file__).resolve().parent.parent / "scenarios" / "drawing-dead" / "cheapest-claim.scenario.yaml"
    scenario = next(s for s in load_file(path) if s.name == "audit-7-four-roles-against-three-sheriffs")
    return load_position(scenario.position, scenario.rules)


def test_audit_7_four_roles_that_win_alone_beat_three_stops():
    """The issue's position: exact, and 0 chips. The independent check is the issue's own
    argument, played through the engine: each of the four roles alone takes the Button, and
    the strategy "play the next of them until one acts, then claim" wins for nothing against
    every answer of Ben and Carl (each pass, each stop by either)."""
    state = _issue_7_state()
    answer = cheapest_claim(state, 0)
    assert answer["exact"] is True and answer["bound_reached"] is None
    assert answer["possible"] is True and answer["chips"] == 0 and answer["chips_if_unstopped"] == 0
    winners = ["Anna plays Vandal trashing 5d from Carl", "Anna plays Vandal trashing 5s from Carl",
               "Anna plays Vandal trashing 5d from Carl", "Anna plays Magic Man swapping Jd for 5c"]
    for line in set(winners):
        alone = state.copy()
        alone.do(line)
        alone.do("all pass")
        assert alone.can("Anna claims the Button")
    ends = []

    def every_answer(s, left):
        if s.phase == "respond":
            theirs = [a for a in s.legal_actions() if a.kind == "pass" or a.player != "Anna"]
            for action in theirs:
                nxt = s.copy()
                nxt.do(action)
                every_answer(nxt, left)
            return
        if s.can("Anna claims the Button"):
            s.do("Anna claims the Button")
            ends.append(s.players[0].chips)
            return
        nxt = s.copy()
        line = left[0]
        if line not in [str(a) for a in nxt.legal_actions()]:  # 5d is gone: take the other Five
            line = line.replace("5d", "5s")
        nxt.do(line)
        every_answer(nxt, left[1:])

    every_answer(state.copy(), winners)
    assert ends and set(ends) == {6}, "a line that bets a chip or fails"
