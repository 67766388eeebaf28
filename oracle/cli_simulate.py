"""``oracle simulate``: many whole games played by programmed players, and the game's balance
in figures. A thin layer: options are read here, the games are ``oracle.simulate``'s, the
terminal output ``oracle.render_simulate``'s. Registered on ``oracle.cli.main`` and imported
when asked for."""

from __future__ import annotations

import sys

import click

from oracle.cli_common import console, emit_json, json_option


def _pairs(items: tuple[str, ...], flag: str) -> dict:
    from oracle.play.start import read_rules
    from oracle.simulate import SimulateError

    for item in items:
        key, sep, _ = item.partition("=")
        if not sep or not key.strip():
            raise SimulateError(f"{flag}: write an option and its value, e.g. {flag} ante=2, not {item!r}")
    return read_rules(items)


def _where(workers: int | None, scheduler: str | None, games: int) -> int | None:
    """Where the games are played: in this process (1) when asked, when the run is one batch,
    or when Dask is not installed; else on Dask."""
    from oracle.charts import missing_extra
    from oracle.simulate.run import BATCH

    if scheduler and workers:
        raise click.UsageError("--workers sizes the local cluster; with --scheduler the cluster's own workers run")
    if scheduler or (workers or 0) > 1:
        message = missing_extra(("dask", "distributed"))
        if message:
            from oracle.simulate import SimulateError

            raise SimulateError(message.replace("oracle chart", "oracle simulate on Dask"))
        return workers
    if workers == 1 or games <= BATCH or missing_extra(("dask", "distributed")):
        return 1
    return None


@click.command()
@click.argument("game")
@click.option("--games", "-n", type=click.IntRange(min=1), default=1000, show_default=True, help="Games to play.")
@click.option("--seed", type=click.IntRange(min=0), default=0, show_default=True,
              help="The run's seed: game I is seeded from it and I, so the same seed plays the same games.")
@click.option("--seats", metavar="N|NAMES", help="How many players (or their names, in seat order).")
@click.option("--players", metavar="LEVELS", default="simple", show_default=True,
              help="random, simple or strong: one level for every seat, or one a seat in seat order.")
@click.option("--rule", "rules", multiple=True, metavar="OPTION=VALUE", help="A rule option of the game, e.g. ante=2.")
@click.option("--table", "table", multiple=True, metavar="OPTION=VALUE",
              help="A table option as oracle play takes it, e.g. chips=50, dealer=Ben, boss_deck=\"Demona\".")
@click.option("--compare", multiple=True, metavar="OPTION=VALUE", help="Play the same seeds again with this change "
              "(a rule option, seats, players, hands or a table option; repeat it for several changes at once) and "
              "show both, with their paired difference.")
@click.option("--hands", type=int, help="Diablo: the hands the table agrees to play (default 20); it stops at the "
              "first hand after them that no Diablo pot runs into.")
@click.option("--max-actions", type=int, default=20_000, show_default=True,
              help="Cut off a game still going after this many actions (counted as unfinished).")
@click.option("--workers", type=click.IntRange(min=1), help="Worker processes of the local Dask cluster (default: "
              "one per core; 1 plays in this process).")
@click.option("--scheduler", metavar="tcp://HOST:PORT", help="Play on this Dask cluster's scheduler.")
@click.option("--connect-timeout", type=click.FloatRange(min=0.1, max=3600), default=10.0, show_default=True,
              metavar="SECONDS", help="With --scheduler: give up when the scheduler has not answered by then.")
@click.option("--output", "-o", type=click.Path(), help="Folder for a Parquet table of every game and an HTML page "
              "of the figures (made if missing; its parent must exist).")
@click.option("--save-game", nargs=2, type=(click.IntRange(min=0), click.Path()), metavar="I FILE",
              help="Write game I as a scenario file that oracle check replays: a new file, or one "
                   "--save-game wrote (any other file is refused).")
@click.option("--check", is_flag=True, help="Check the invariants (chips conserved, no card twice) after every action.")
@json_option
def simulate(game, games, seed, seats, players, rules, table, compare, hands, max_actions, workers, scheduler,
             connect_timeout, output, save_game, check, as_json) -> None:
    """Play many whole games with programmed players and report the game's balance.

    The figures: wins by seat, how long a game lasts and how often each rule fires, each
    with a 95% interval.

    Players are random (any legal decision), simple (rules of thumb and the oracle's
    strategy card) or strong (the oracle's solvers). Game I is seeded from --seed and I, so
    a run is the same on one process or many. --compare plays the same seeds with a
    change (repeat it for several at once) and gives each difference, paired game by game,
    with whether it is clear of noise.

    \b
    Examples:
      oracle simulate diablo --games 2000 --seed 1
      oracle simulate diablo --games 2000 --compare pot_cap=10
      oracle simulate diablo --games 500 --compare seats=6 --compare pot_cap=10
      oracle simulate auf-teufel-komm-raus --seats 3 --players "strong simple simple"
      oracle simulate drawing-dead --games 500 --output dd-run --save-game 7 game7.scenario.yaml
    """
    from oracle.render_simulate import simulate_progress, simulate_result
    from oracle.simulate import changed_setup, make_setup, simulate as run

    setup = make_setup(game, seats=seats, players=players, rules=_pairs(rules, "--rule"),
                       table=_pairs(table, "--table"), hands=hands, max_actions=max_actions)
    setups = [setup, changed_setup(setup, compare)] if compare else [setup]
    if save_game is not None and save_game[0] >= games:
        raise click.BadParameter(f"game {save_game[0]} is not played: the games are numbered 0 to {games - 1}",
                                 param_hint="--save-game")
    where = _where(workers, scheduler, games)
    if output is not None:
        from oracle.simulate.store import prepare

        prepare(output)  # a folder that cannot be written is refused before any game is played
    if save_game is not None:
        from oracle.files import OutputError
        from oracle.simulate.save import check_save_target

        try:
            check_save_target(save_game[1])  # before any game is played
        except OutputError as exc:
            raise click.BadParameter(str(exc), param_hint="--save-game") from None
    out = console()
    try:
        with simulate_progress(console(stderr=True), f"{setup.title}") as update:
            result = run(setups, games, seed, workers=where, scheduler=scheduler, connect_timeout=connect_timeout,
                         progress=update, check=check, output=output)
    except KeyboardInterrupt:
        kept = (" The batches played are kept in the output folder: the same command takes the run up again."
                if output is not None else " Nothing was written.")
        click.echo("Interrupted." + kept, err=True)
        sys.exit(130)
    if output is not None:
        from oracle.simulate.store import write_output

        result.outputs.update(write_output(result, output))
        result.kept.remove()
    if save_game is not None:
        from oracle.simulate.save import save_game as save

        save(setup, seed, save_game[0], save_game[1])
        result.outputs["saved"] = save_game[1]
    if as_json:
        emit_json(result.to_json())
    else:
        simulate_result(out, result.to_json())
