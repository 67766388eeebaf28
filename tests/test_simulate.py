"""oracle simulate: whole games on the engines, seeded per game, their figures and intervals,
games saved as scenarios that oracle check passes, and the command line's refusals."""

from __future__ import annotations

import json
import math

import pytest
from click.testing import CliRunner

from oracle.cli import main
from oracle.simulate import make_setup, simulate, variant
from oracle.simulate.run import play_one
from oracle.simulate.save import save_game
from oracle.simulate.seeds import game_seed
from oracle.simulate.stats import mean_interval, paired_difference, rate_interval, wilson

GAMES = ["auf-teufel-komm-raus", "diablo", "drawing-dead", "hell-of-a-deal"]


def test_each_game_has_its_own_seed_from_the_run_seed_and_its_number():
    seeds = {game_seed(s, i) for s in range(3) for i in range(100)}
    assert len(seeds) == 300
    assert game_seed(7, 12) == game_seed(7, 12)


def test_wilson_interval_matches_the_textbook():
    found = wilson(0, 10)
    assert (found.value, found.low) == (0.0, 0.0)
    assert found.high == pytest.approx(0.2775, abs=1e-4)
    found = wilson(50, 100)
    assert (found.low, found.high) == pytest.approx((0.4038, 0.5962), abs=1e-4)
    assert wilson(0, 0).value is None


def test_means_rates_and_paired_differences():
    found = mean_interval([1.0, 2.0, 3.0, 4.0])
    assert found.value == 2.5
    assert found.high - found.value == pytest.approx(1.959964 * math.sqrt(5 / 3 / 4), rel=1e-6)
    # one chance a game: a share of games, Wilson
    assert rate_interval([1, 0, 1], [1, 1, 1]).method == "wilson"
    # many chances a game: the ratio of totals, by the delta method over games
    rate = rate_interval([3, 1, 2, 2], [10, 10, 5, 5])
    assert rate.method == "delta" and rate.value == pytest.approx(8 / 30)
    assert rate.low < rate.value < rate.high
    same = paired_difference([1.0, 2.0, 3.0], [1.0, 2.0, 3.0])
    assert (same.value, same.low, same.high, same.clear) == (0.0, 0.0, 0.0, False)
    assert paired_difference([2.0, 3.1, 4.0], [1.0, 2.0, 3.0]).clear is True


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("level", ["random", "simple"])
def test_games_play_to_their_end_legally_and_keep_their_invariants(game, level):
    setup = make_setup(game, seats=2 if game == "drawing-dead" else 3, players=level, max_actions=600)
    for index in range(2):
        result = play_one(setup, 5, index, check=True)  # check: chips conserved, no card twice
        assert result.measures["actions"] > 0
        assert set(result.winners) <= set(setup.names)
        if result.finished and game != "hell-of-a-deal":  # a team may lose: no winner
            assert result.winners
        again = play_one(setup, 5, index)
        assert again.to_json() == result.to_json(), "the same seed plays the same game"


@pytest.mark.parametrize("game", GAMES)
def test_a_saved_game_is_a_scenario_file_that_oracle_check_passes(game, tmp_path):
    seats, levels = (2, "random simple") if game == "drawing-dead" else (3, "random simple simple")
    setup = make_setup(game, seats=seats, players=levels, max_actions=400)
    path = tmp_path / "game.scenario.yaml"
    documents = save_game(setup, 11, 2, str(path))
    assert documents >= 1
    result = CliRunner().invoke(main, ["check", str(path)])
    assert result.exit_code == 0, result.output
    assert f"{documents} passed, 0 failed" in result.output


def test_a_variant_plays_the_same_seeds_and_its_difference_is_paired():
    setup = make_setup("diablo", seats=3)
    other = variant(setup, "ante", 2)
    assert other.rules["ante"] == 2 and other.label == "ante=2"
    run = simulate([setup, other], 6, 3, workers=1).to_json()
    assert run["difference"]["paired_games"] == 6
    assert set(run["difference"]["measures"]) == {"hands", "longest_chain", "actions"}
    same = simulate([setup, setup], 6, 3, workers=1).to_json()
    assert all(d["value"] == 0 for d in same["difference"]["measures"].values())


def test_compare_changes_several_options_at_once_on_the_same_seeds():
    from oracle.simulate import changed_setup

    setup = make_setup("diablo", seats=3)
    other = changed_setup(setup, ["ante=2", "seats=4", "pot_cap=10"])
    assert other.label == "ante=2, seats=4, pot_cap=10" and other.seats == 4
    assert (other.rules["ante"], other.rules["pot_cap"]) == (2, 10)
    run = simulate([setup, other], 2, 3, workers=1).to_json()
    assert run["variants"][1]["setup"]["label"] == other.label and run["difference"]["paired_games"] == 2


def test_the_json_output_gives_every_figure_with_its_interval():
    result = CliRunner().invoke(main, ["simulate", "auf-teufel-komm-raus", "--games", "4", "--workers", "1",
                                       "--seed", "2", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    variant_ = data["variants"][0]
    assert variant_["games"] == 4 and data["difference"] is None
    assert {"value", "low", "high", "method"} <= set(variant_["seats"][0]["win_rate"])
    assert variant_["measures"]["rounds"]["mean"]["method"] == "normal"
    assert variant_["events"]["devil"]["chances"] > 0


@pytest.mark.parametrize("args, message", [
    (["chess"], "GAME: unknown game 'chess'"),
    (["diablo", "--players", "expert"], "--players: 'expert' is not a level of player"),
    (["diablo", "--players", "simple strong"], "--players: give one level for every seat or one for all"),
    (["diablo", "--rule", "ante=lots"], "--rule ante:"),
    (["diablo", "--rule", "ante"], "--rule: write an option and its value"),
    (["diablo", "--compare", "antes=2"], "--compare: 'antes' is neither a rule option"),
    (["diablo", "--compare", "ante=2", "--compare", "ante=3"], "--compare: 'ante' is changed twice"),
    (["diablo", "--seats", "9"], "--seats: Diablo is for 3 to 7 players"),
    (["diablo", "--hands", "0"], "--hands: a number of hands of at least 1"),
    (["auf-teufel-komm-raus", "--hands", "5"], "--hands: only Diablo"),
    (["auf-teufel-komm-raus", "--table", "chips=15"], "--table chips: chips come in tens"),
    (["diablo", "--games", "3", "--save-game", "3", "x.yaml"], "--save-game"),
])
def test_bad_input_is_one_line_naming_the_option_and_exit_2(args, message):
    result = CliRunner().invoke(main, ["simulate", *args, "--workers", "1"])
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and message in lines[0], result.output
    assert "Traceback" not in result.output


def test_the_simple_diablo_player_draws_by_the_strategy_card_the_chart_prints():
    import random
    from pathlib import Path

    from oracle.cards import format_cards, full_deck
    from oracle.charts.card import card_hold
    from oracle.charts.store import read_metadata, read_table
    from oracle.charts.symmetry import canonical
    from oracle.simulate.players.diablo import card_discard
    from oracle.simulate.players.diablo_card import LINES
    from oracle.simulate.players.diablo_card_exceptions import EXCEPTIONS

    chart = Path(__file__).resolve().parent.parent / "docs" / "charts" / "diablo-draw" / "diablo-draw.parquet"
    card = read_metadata(chart)[0]["card"]
    assert [(line["pattern"], tuple(line["items"])) for line in card["lines"]] == list(LINES)
    assert {line["rank"]: tuple((e["when"], e["hold"]) for e in line["exceptions"])
            for line in card["lines"] if line["exceptions"]} == EXCEPTIONS
    rng = random.Random(4)
    hands = [canonical(rng.sample(full_deck(), 5))[0] for _ in range(12)]
    rows = {row["hand"]: row for row in read_table(chart, filters=[("hand", "in", [format_cards(h) for h in hands])])
            .to_pylist()}
    for hand in hands:
        row = rows[format_cards(hand)]
        index, _ = card_hold(row["holds"], row["hold_patterns"], row["hold_equities"], card["lines"])
        kept = [c for c in hand if c not in card_discard(list(hand))]
        # the card's hold, or one tying it on ranks (they differ only in suits)
        assert sorted(c[0] for c in row["holds"][index].split()) == sorted(str(c)[0] for c in kept), row["hand"]


def test_a_run_on_a_local_dask_cluster_plays_the_same_games_as_one_process():
    pytest.importorskip("distributed")
    setup = make_setup("auf-teufel-komm-raus", seats=3)
    other = variant(setup, "goal", 800)
    alone = simulate([setup, other], 6, 21, workers=1)
    spread = simulate([setup, other], 6, 21, workers=2, batch=2)  # three tasks on two worker processes
    assert spread.where == "a local Dask cluster"
    assert [[r.to_json() for r in v] for v in spread.results] == [[r.to_json() for r in v] for v in alone.results]
    assert spread.to_json()["variants"] == alone.to_json()["variants"]


def test_a_difference_clear_of_noise_is_said_to_be():
    setup = make_setup("auf-teufel-komm-raus", seats=3)
    run = simulate([setup, variant(setup, "goal", 800)], 12, 4, workers=1).to_json()
    rounds = run["difference"]["measures"]["rounds"]
    assert rounds["value"] < 0 and rounds["clear"] is True and rounds["high"] < 0


@pytest.mark.parametrize("game, seats", [("auf-teufel-komm-raus", 3), ("drawing-dead", 2), ("hell-of-a-deal", 2)])
def test_strong_players_play_legal_games(game, seats):
    setup = make_setup(game, seats=seats, players="strong", max_actions=150)
    result = play_one(setup, 8, 0, check=True)
    assert result.measures["actions"] > 0


def test_the_strong_auf_teufel_player_bets_what_bet_advice_finds_best():
    import random

    from oracle.games.auf_teufel import load_position
    from oracle.simulate.ask import ask
    from oracle.simulate.players.auf_teufel import MAX_STATES, SAMPLES, StrongPlayer

    setup = make_setup("auf-teufel-komm-raus", seats=3)
    state = load_position(setup.position, setup.rules)
    state.players[0].chips = 90
    advice = ask(setup.game, state, setup.rules, "bet-advice", player="Anna", other_bets={},
                 max_states=MAX_STATES, samples=SAMPLES).answer
    assert StrongPlayer(0, random.Random(1), setup.game, setup.rules).stake(state) == advice["best_bet"]


def test_the_strong_diablo_player_opens_only_with_an_even_chance_against_opponents_who_draw(monkeypatch):
    """The Diablo rule: an opener who loses pays the pot again. The table's equity stands in
    here (its lookup is tested against ``oracle chart lookup`` elsewhere)."""
    import random

    from oracle.games.diablo import load_position
    from oracle.simulate.players import diablo_strong

    setup = make_setup("diablo", seats=3)
    game = load_position(setup.position, setup.rules)
    deck = ["Ah Ad As 2c Kd", "7c 8d 9h Jc 3s", "4h 5h 6c Td Qs"]
    for seat, name in enumerate(game.names):
        game.do(f"{name} is dealt {deck[seat]}")
    player = diablo_strong.StrongPlayer(game.to_act, random.Random(1), setup.game, setup.rules)
    for equity, opens in ((diablo_strong.OPEN_FROM + 0.01, True), (diablo_strong.OPEN_FROM - 0.01, False)):
        monkeypatch.setattr(diablo_strong, "best_reply", lambda h, n, equity=equity: ((h[-1],), equity))
        action = player.act(game)
        assert (action.kind == "bet") == opens, action


def test_output_writes_a_parquet_row_a_game_and_a_page_and_refuses_files_not_its_own(tmp_path):
    import pyarrow.parquet as pq

    folder = tmp_path / "run"
    args = ["simulate", "diablo", "--games", "5", "--workers", "1", "--seats", "3", "--compare", "ante=2",
            "--output", str(folder)]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    table = pq.read_table(folder / "games.parquet")
    assert table.num_rows == 10 and set(table.column("label").to_pylist()) == {"as given", "ante=2"}
    assert {"hands", "opener_pays", "opener_pays_chances", "winners"} <= set(table.column_names)
    page = (folder / "simulation.html").read_text()
    assert page.startswith("<!DOCTYPE html>") and "Wins by seat" in page and "<svg" in page
    assert CliRunner().invoke(main, args).exit_code == 0  # its own files are replaced
    (folder / "simulation.html").write_text("someone's notes")
    refused = CliRunner().invoke(main, args)
    assert refused.exit_code == 2 and "was not written by oracle simulate" in refused.output
    assert (folder / "simulation.html").read_text() == "someone's notes"


@pytest.mark.parametrize("game", GAMES)
def test_the_track_starts_at_the_start_and_ends_at_the_games_final_stakes(game):
    """A game's track is a row at its start and one after each step (hand, hand won, round),
    the last row the game's final chips (Hell of a Deal: its Souls and Temptation)."""
    setup = make_setup(game, seats=2 if game == "drawing-dead" else 3, players="simple", max_actions=600)
    result = play_one(setup, 5, 0)
    track = result.track
    assert all(len(row) == len(track[0]) for row in track)
    if game == "hell-of-a-deal":
        assert track[-1] == [result.measures["souls"], result.measures["temptation"]]
        return
    assert track[-1] == result.facts["chips"]
    steps = {"diablo": "hands", "drawing-dead": "hands", "auf-teufel-komm-raus": "rounds"}[game]
    assert len(track) == result.measures[steps] + 1


def test_track_figures_keep_an_ended_games_last_values_and_say_how_many_still_run():
    from types import SimpleNamespace

    from oracle.simulate.record import GameResult
    from oracle.simulate.tracks import Track, by_seat, steps_shown, track_figures

    games = [GameResult(0, 0, True, (), {}, {}, track=[[10.0], [12.0], [20.0]]),
             GameResult(1, 1, True, (), {}, {}, track=[[10.0], [16.0]])]
    found = track_figures(Track("chips", "chips", "hand", by_seat), SimpleNamespace(names=["Anna"]), games)
    points = found["series"][0]["points"]
    assert [p["step"] for p in points] == [0, 1, 2] and [p["running"] for p in points] == [2, 2, 1]
    assert [p["value"] for p in points] == [10.0, 14.0, 18.0]  # the second game keeps its 16
    assert (points[1]["low"], points[1]["high"]) == (12.0, 16.0)  # kept within the games' values
    assert steps_shown(1000)[:3] == [0, 25, 50] and steps_shown(1000)[-1] == 1000 and len(steps_shown(1000)) == 41


def test_an_interrupted_run_with_an_output_folder_is_taken_up_again_where_it_stopped(tmp_path, monkeypatch):
    """Each batch is kept as it finishes; the same run again plays only the batches missing,
    and its games are the games of an uninterrupted run. The kept batches go once the table
    is written."""
    from oracle.simulate import run as run_module

    setup = make_setup("diablo", seats=3, hands=3)
    whole = simulate([setup], 6, 4, workers=1, batch=2)
    played = []
    original = run_module.play_batch

    def stopping(setups, seed, indices, check=False):
        if indices[0] == 4 and not played.count("stopped"):
            played.append("stopped")
            raise KeyboardInterrupt
        played.append(indices[0])
        return original(setups, seed, indices, check)

    monkeypatch.setattr(run_module, "play_batch", stopping)
    with pytest.raises(KeyboardInterrupt):
        simulate([setup], 6, 4, workers=1, batch=2, output=str(tmp_path))
    assert played == [0, 2, "stopped"] and len(list((tmp_path / "parts").glob("batch-*.json"))) == 2
    again = simulate([setup], 6, 4, workers=1, batch=2, output=str(tmp_path))
    assert played[3:] == [4] and again.played == 2 and again.to_json()["resumed"] == 4  # only the batch missing
    assert [r.to_json() for r in again.results[0]] == [r.to_json() for r in whole.results[0]]
    other = simulate([setup], 6, 5, workers=1, batch=2, output=str(tmp_path))  # another seed: nothing reused
    assert played[4:] == [0, 2, 4] and other.results[0][0].seed != whole.results[0][0].seed
    again.kept.remove()
    other.kept.remove()
    assert not (tmp_path / "parts").exists()


def test_under_the_bigger_draw_the_simple_player_keeps_a_pair_alone_an_ace_alone_or_two_high_cards():
    from oracle.cards import parse_cards
    from oracle.simulate.players.diablo import bigger_draw_hold

    def hold(text):
        return " ".join(map(str, bigger_draw_hold(list(parse_cards(text)))))

    assert hold("Qc Qd Ks") == "Qc Qd"
    assert hold("Ac Jc 6c") == "Ac"
    assert hold("Js Qc 9d") == "Qc Js"
    assert hold("2h Ks Qh") == "2h Ks"
    assert hold("2c 4s 4c") == "2c 4s 4c"  # three of a kind with a deuce stays
    assert hold("Jc Ts 9h 8d") == "Jc Ts 9h 8d"  # four kept: the card's hold


def test_a_simple_diablo_game_under_the_bigger_draw_is_legal_and_draws_three_cards():
    setup = make_setup("diablo", seats=4, rules={"bigger_draw": True}, hands=6)
    result = play_one(setup, 2, 0, keep_lines=True, check=True)
    lines = result.parts[0][1]
    assert any(" discards " in line and len(line.split(" discards ")[1].split()) >= 3 for line in lines), lines


def test_random_auf_teufel_players_stake_what_one_piece_can_win_and_their_games_end():
    """Phase 1: The Devil's Bet. A random stake is a bet one piece of coal could win; staked from
    everything a player owns, chips drained to the bank and no game reached the goal."""
    import random

    from oracle.games.auf_teufel import load_position
    from oracle.simulate.players.auf_teufel import RandomPlayer

    setup = make_setup("auf-teufel-komm-raus", players="random")
    state = load_position(setup.position, setup.rules)
    largest = max(v for v, c in zip(state.oven.values, state.oven.counts) if c)
    player = RandomPlayer(0, random.Random(3), setup.game, setup.rules)
    stakes = {player.stake(state) for _ in range(300)}
    assert max(stakes) == largest and 0 in stakes and all(s % 10 == 0 for s in stakes)
    for index in range(8):
        result = play_one(setup, 1, index)
        assert result.finished and result.measures["actions"] < setup.max_actions // 10


def test_each_player_is_dealt_one_favor_at_setup_before_the_first_cards():
    """"Deal each player one FAVOR card face down" (Hell of a Deal: Player Set Up)."""
    setup = make_setup("hell-of-a-deal")
    lines = play_one(setup, 0, 3, keep_lines=True).parts[0][1]
    dealt = [line.split(" draws Favor ")[0] for line in lines[:len(setup.names)] if " draws Favor " in line]
    assert dealt == list(setup.names) and lines[len(setup.names)].startswith("deal ")


def test_save_game_never_replaces_a_file_it_did_not_write_but_replaces_its_own(tmp_path):
    mine = tmp_path / "mine.scenario.yaml"
    mine.write_text("my notes\n")
    args = ["simulate", "diablo", "--games", "3", "--workers", "1", "--save-game"]
    refused = CliRunner().invoke(main, [*args, "1", str(mine)])
    assert refused.exit_code == 2 and mine.read_text() == "my notes\n"
    lines = refused.stderr.strip().splitlines()
    assert len(lines) == 1 and "--save-game" in lines[0] and "oracle simulate did not write" in lines[0], lines
    saved = tmp_path / "saved.scenario.yaml"
    for index in (1, 2):
        result = CliRunner().invoke(main, [*args, str(index), str(saved)])
        assert result.exit_code == 0, result.output
        assert saved.read_text().startswith(f"# Played by oracle simulate --save-game: game {index} of seed 0\n")
