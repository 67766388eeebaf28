"""``oracle play``: one table's position kept live. The session is ``oracle.play``'s; this
module only reads the options. Registered on ``oracle.cli.main`` and imported when asked for."""

from __future__ import annotations

import sys

import click

from oracle.cli_common import json_option, time_limit_option


@click.command()
@click.argument("target", metavar="GAME|FILE")
@click.option("--seats", help="The players, in seat order: \"Anna Ben Carla Dan\".")
@click.option("--chips", type=int, help="Diablo, Auf Teufel komm raus: each player's chips at the start.")
@click.option("--dealer", help="Diablo, Hell of a Deal: who deals first.")
@click.option("--boss", help="Hell of a Deal: the first Boss (default: Dedly Aloor); a Boss card the rulebook "
                             "does not print with the default hand on it: \"Grim Reaper (default: Q Q T T)\".")
@click.option("--boss-deck", help="Hell of a Deal: the Bosses to come, separated by commas (The Big Table follows them).")
@click.option("--default-hand", multiple=True, metavar="BOSS=CARDS",
              help="Hell of a Deal: a Boss's default minimum hand, e.g. \"Dedly Aloor=Q Q T T\" (wins over --bosses).")
@click.option("--bosses", metavar="FILE", type=click.Path(),
              help="Hell of a Deal: a file of Boss names and default hands (\"Demona: Q Q T T\"); "
                   "without it, and for a Boss it does not name, the packaged default hands.")
@click.option("--start", help="Auf Teufel komm raus: the first round's start player; Drawing Dead: who goes first "
                                "(the high card of the setup deal; default: the first seat).")
@click.option("--oven", help="Auf Teufel komm raus: the coal pieces, e.g. \"100:2 75:3 50:7 25:9 20:9 10:9 devils:9\".")
@click.option("--seed", type=int, help="Drawing Dead: the oracle deals from its own decks, shuffled with this seed "
                                       "(without it the table names the cards it deals and draws).")
@click.option("--rule", "rules", multiple=True, metavar="OPTION=VALUE", help="A rule option of the game, e.g. ante=2.")
@click.option("--scenario", help="With FILE: the scenario to play, by name (default: the first).")
@time_limit_option
@json_option
def play(target, rules, scenario, time_limit, as_json, **options) -> None:
    """Keep one table's position live: type the game's action lines as they are played and
    ask its questions as disputes come up.

    GAME starts a fresh table with the table options below; FILE continues a scenario
    file's position and history. Each legal line prints the table's status (whose turn,
    the pot, what is awaited); an illegal one is refused with the reason and changes
    nothing. Commands start with ":" (:moves, :ask KIND key=value, :table, :undo, :redo,
    :history, :save FILE, :help, :quit). At a terminal TAB completes the legal actions and
    card names; from a pipe each line is read in turn, a refused line is reported with its
    number, and the exit code is 2 if any was refused.

    \b
    Examples:
      oracle play diablo --seats "Anna Ben Carla Dan" --chips 100 --dealer Anna
      oracle play scenarios/diablo/rulebook-example.scenario.yaml
      printf 'Ben checks\\n:moves\\n' | oracle play diablo --seats "Anna Ben Carla"
    """
    from oracle.play import read_rules, run

    sys.exit(run(target, options, read_rules(rules), scenario=scenario, time_limit=time_limit, as_json=as_json))
