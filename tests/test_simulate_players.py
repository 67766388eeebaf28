"""The simulated players' use of the rules and the solvers: Instant Favors at the showdown,
Devilish Offerings planned by team-swap, Diablo's draw by the equilibrium table. Each test
builds its table through the engine's own action lines."""

from __future__ import annotations

import pytest

from oracle.games.hell_of_a_deal import apply_action, awaiting, legal_actions, load_position
from oracle.simulate import make_setup
from oracle.simulate.players import make_players


def _hod_table(levels: str, lines: list[str], **table):
    setup = make_setup("hell-of-a-deal", seats=2, players=levels, table=table)
    state = load_position(setup.position, setup.rules)
    for line in lines:
        state = apply_action(state, line)
    return setup, state


# Anna's three hole cards make a straight flush with the board only if she may use all three.
SHOWDOWN = ["deal Anna 5h 6h 7h", "deal Ben Ac Kd 4c", "deal Boss 2c 4s",
            "Anna bets Draw a Favor", "Anna draws Favor Up Your Sleeve", "Anna is done",
            "Ben bets Earn a Soul", "Ben is done", "deal flop 8h 9h Kc",
            "Anna bets Reveal 2 Cards: 5h 6h", "Anna is done", "Ben bets Earn a Soul", "Ben is done",
            "deal turn 2d", "Anna bets Earn a Soul", "Anna is done", "Ben bets Heal on Ben", "Ben is done",
            "deal river 3s", "Anna bets Heal on Anna", "Anna is done", "Ben bets Wild as Earn a Soul", "Ben is done"]


@pytest.mark.parametrize("level", ["simple", "strong"])
def test_up_your_sleeve_is_played_at_the_showdown_when_it_turns_a_loss_into_a_win(level):
    """Draw a Favor chip: "any card with an Instant icon ... can be played at any time"; Up Your
    Sleeve: "You may use a third card from your hand in your final scoring hand"."""
    from oracle.simulate.players.hell_of_a_deal import reveal_line

    setup, state = _hod_table(level, SHOWDOWN)
    assert awaiting(state)["instants"] == {"Anna": ["Up Your Sleeve"]}
    line = reveal_line(state, make_players(setup, 1))
    assert line == "Anna plays Up Your Sleeve" and line in legal_actions(state)
    without = apply_action(state, "reveal hands")
    with_favor = apply_action(state, line)  # the last Instant held: the hands are revealed at once
    assert without.results["Anna"]["outcome"] == "lose" and with_favor.results["Anna"]["outcome"] == "win"


def test_the_strong_player_bets_the_swap_team_swap_plans_for_a_partners_face_up_card():
    """Devilish Offering chip, Swap a card with a Player: Ben's face-up Ten makes Anna's straight,
    at The Big Table, where the Souls it wins count."""
    from oracle.simulate.ask import ask
    from oracle.simulate.players.hell_of_a_deal import decide

    setup, state = _hod_table("strong", [
        "deal Anna 5c Jd 3s", "deal Ben 6h Th Ac", "deal Boss 2c 4s 5d", "Anna bets Earn a Soul", "Anna is done",
        "Ben bets Reveal 2 Cards: 6h Th", "Ben is done", "deal flop 7h 8h 9h",
        "Anna bets Draw a Favor", "Anna draws Favor Double Down", "Anna is done", "Ben bets Earn a Soul",
        "Ben is done", "deal turn Kc"], boss="Nick Hauss")
    line = decide(state, make_players(setup, 1))
    assert line == "Anna bets Devilish Offering: swap 5c with Ben's Th" and line in legal_actions(state)
    plan = ask(setup.game, state, setup.rules, "team-swap", by=["Anna"], willing=["Anna", "Ben"],
               only_revealed=True).answer
    assert plan["swaps"][0]["text"] == "Anna swaps 5c with Ben's Th"
    assert plan["expected_souls_after"] > plan["expected_souls_before"]


def test_the_strong_diablo_player_draws_the_equilibrium_tables_best_reply():
    """Diablo: Playing a hand, 2. The draw: the hold the shipped table gives, suits as dealt."""
    import random
    from pathlib import Path

    from oracle.charts.equilibrium import lookup
    from oracle.games.diablo import Action, load_position
    from oracle.simulate.players import diablo_strong

    setup = make_setup("diablo", seats=4)
    game = load_position(setup.position, setup.rules)
    deck = ["9h 9c Kd 4s 7c", "Qh Jh Th 3c 3d", "2s 8d 8h 5c Ac", "6s 6d 6h Ks Qd"]
    for seat, name in enumerate(game.names):
        game.do(f"{name} is dealt {deck[seat]}")
    low, _ = game.rules.limits(1)
    while game.phase == "bet":  # the first to act opens, everyone calls
        name = game.names[game.to_act]
        game.do(Action(player=name, kind="call") if game.current_bet else Action(player=name, kind="bet", amount=low))
    table = Path(diablo_strong.table_folder(3)) / "diablo-equilibrium.parquet"
    seat = game.to_act
    player = diablo_strong.StrongPlayer(seat, random.Random(1), setup.game, setup.rules)
    action = player.act(game)
    reply = lookup(table, deck[seat])["best_reply"]
    assert " ".join(map(str, action.cards)) == reply["discard"]


def test_the_strong_team_places_temptation_over_10_where_temptation_assignment_does():
    """Temptation: "If you suffer Temptation and are already at 10, the Temptation must be
    suffered by another player. The team may assign the Temptation to players however they wish"."""
    from oracle.simulate.ask import ask
    from oracle.simulate.players.hell_of_a_deal import decide

    setup = make_setup("hell-of-a-deal", seats=3, players="strong")
    position = {**setup.position, "players": [{"name": "Anna", "temptation": 10}, {"name": "Ben", "temptation": 4},
                                              {"name": "Carla", "temptation": 6}]}
    state = load_position(position, setup.rules)
    for line in ["deal Anna 5c Jd 3s", "deal Ben 6h Th Ac", "deal Carla 9c 9d 2h", "deal Boss 2c 4s",
                 "Anna bets Wild as Earn a Soul"]:  # the Wild's Temptation up front, with Anna at 10
        state = apply_action(state, line)
    assert awaiting(state)["by"] == "team"
    plan = ask(setup.game, state, setup.rules, "temptation-assignment").answer
    placed = {name: amount for event in plan["events"] for name, amount in event.items()}
    line = decide(state, make_players(setup, 1))
    assert line in legal_actions(state) and line == "assign Temptation: " + ", ".join(
        f"{name} {amount}" for name, amount in placed.items())
