"""``oracle chart``: strategy charts computed on Dask, and lookups in them. A thin layer like
the rest of the command line: options are read here, the work is ``oracle.charts``'s, the
terminal output ``oracle.render``'s. Registered on ``oracle.cli.main``."""

from __future__ import annotations

import sys
from typing import Callable

import click

# Nothing of oracle.cli is imported at the top: oracle.cli imports this module when a chart
# command is asked for (and ``python -m oracle.cli`` runs under another name), so its helpers
# are taken when called.
json_option = click.option("--json", "as_json", is_flag=True, help="Print the answer as JSON.")


def fail(message: str) -> None:
    from oracle.cli import fail as fail_in_one_line

    fail_in_one_line(message)


def console():
    from oracle.cli import console as make

    return make()


def emit_json(data) -> None:
    from oracle.cli import emit_json as emit

    emit(data)


def _charts_ready(modules: tuple[str, ...] | None = None) -> None:
    from oracle.charts import missing_extra

    message = missing_extra() if modules is None else missing_extra(modules)
    if message:
        fail(message)


def chart_run_options(f: Callable) -> Callable:
    """The options every chart kind shares: where it goes, where it runs, which subset."""
    options = [
        click.option("--output", "-o", type=click.Path(), help="Folder of the chart's files (made if missing; "
                     "its parent must exist). Default: a folder named after the chart, here."),
        click.option("--scheduler", metavar="tcp://HOST:PORT", help="Run on this Dask cluster's scheduler "
                     "instead of a local cluster started for the run."),
        click.option("--connect-timeout", type=click.FloatRange(min=0.1, max=3600), default=10.0, show_default=True,
                     metavar="SECONDS", help="With --scheduler: give up when the scheduler has not answered by then."),
        click.option("--workers", type=click.IntRange(min=1), help="Worker processes of the local cluster "
                     "(default: one per core)."),
        click.option("--limit", type=click.IntRange(min=1), help="Compute only the first N classes, in chart order."),
        click.option("--sample", type=click.IntRange(min=1), help="Compute N classes chosen at random (with --seed)."),
        click.option("--seed", type=click.IntRange(min=0), default=0, show_default=True, help="Seed of --sample."),
        click.option("--partition-size", type=click.IntRange(min=1), help="Entries per partition, the unit of "
                     "work stored as it finishes (default: the chart's own)."),
        json_option,
    ]
    for option in reversed(options):
        f = option(f)
    return f


def _run_chart(slug: str, params_of: Callable[[], dict], output, scheduler, workers, limit, sample, seed,
               partition_size, as_json, connect_timeout: float = 10.0) -> None:
    _charts_ready()
    if scheduler and workers:
        raise click.UsageError("--workers sizes the local cluster; with --scheduler the cluster's own workers run")
    from pathlib import Path

    from oracle.charts import find_kind
    from oracle.charts.run import plan_chart, run_chart
    from oracle.render_charts import chart_progress, chart_run_result

    kind = find_kind(slug)
    plan = plan_chart(kind, params_of(), limit=limit, sample=sample, seed=seed, partition_size=partition_size)
    out = console()
    try:
        with chart_progress(out, slug) as update:
            result = run_chart(plan, Path(output or slug), scheduler=scheduler, workers=workers, progress=update,
                               connect_timeout=connect_timeout)
    except KeyboardInterrupt:
        click.echo(f"Interrupted: the finished partitions are kept in {output or slug}; the same command resumes.",
                   err=True)
        sys.exit(130)
    if as_json:
        emit_json(result.to_json())
    else:
        chart_run_result(out, result.to_json())


@click.group(name="chart")
def chart() -> None:
    """Compute a whole strategy chart on Dask, or look a position up in one.

    Every entry is computed exactly by the oracle's own solvers. The work is cut into
    partitions stored as Parquet in the output folder, so a run stopped and started again
    skips what is done. Needs the charts extra: pip install 'oracle[charts]'.

    \b
    Examples:
      oracle chart auf-teufel-policy
      oracle chart diablo-draw --sample 4 --output diablo-sample
      oracle chart hod-preflop --boss "Demona=Q Q T T" --limit 10
      oracle chart lookup "2h 9c 9d Kh 4s" --chart diablo-draw
    """


@chart.command(name="diablo-draw")
@chart_run_options
def chart_diablo_draw(output, scheduler, workers, limit, sample, seed, partition_size, as_json,
                      connect_timeout) -> None:
    """Diablo: the best discard of every five-card hand against one unknown opponent.

    One entry per hand up to suit symmetry (134,459 classes), by exact equity, with the
    runner-up and its margin; summarised as a strategy card of hold patterns.

    \b
    Examples:
      oracle chart diablo-draw --sample 4 --output diablo-sample
      oracle chart diablo-draw --scheduler tcp://10.0.0.5:8786
    """
    _run_chart("diablo-draw", dict, output, scheduler, workers, limit, sample, seed, partition_size, as_json,
               connect_timeout)


@chart.command(name="hod-preflop")
@click.option("--boss", "bosses", multiple=True, metavar="NAME=CARDS",
              help="A Boss and his default minimum hand, e.g. 'Demona=Q Q T T' (repeat for more).")
@click.option("--bosses", "bosses_file", type=click.Path(), metavar="FILE",
              help="A YAML file mapping Boss names to default hands ('Demona: Q Q T T').")
@chart_run_options
def chart_hod_preflop(bosses, bosses_file, output, scheduler, workers, limit, sample, seed, partition_size,
                      as_json, connect_timeout) -> None:
    """Hell of a Deal: every three-card start against each Boss, before the Flop.

    One class per start up to suit symmetry (1,755), with an entry for each Boss named:
    the exact chance to win, push and lose. Our rulebook does not print the Bosses' default
    hands, so give them with --boss or --bosses.

    \b
    Examples:
      oracle chart hod-preflop --boss "Demona=Q Q T T" --boss "Eenie Meanie=Q Q" --limit 10
      oracle chart hod-preflop --bosses boss-defaults.yaml
    """
    from oracle.charts.hod import read_bosses

    _run_chart("hod-preflop", lambda: read_bosses(bosses, bosses_file), output, scheduler, workers, limit,
               sample, seed, partition_size, as_json, connect_timeout)


@chart.command(name="auf-teufel-policy")
@click.option("--targets", metavar="NUMBERS", help="Targets whose chance is charted (default '100 200 300').")
@chart_run_options
def chart_auf_teufel_policy(targets, output, scheduler, workers, limit, sample, seed, partition_size,
                            as_json, connect_timeout) -> None:
    """Auf Teufel komm raus: when to stop, for every oven a turn can start from.

    One entry per oven (959,999): the haul at which the largest expected haul stops, and
    the chance to reach each target.

    \b
    Examples:
      oracle chart auf-teufel-policy
      oracle chart auf-teufel-policy --targets "50 100 200" --limit 5000
    """
    from oracle.charts.auf_teufel import read_targets

    _run_chart("auf-teufel-policy", lambda: read_targets(targets), output, scheduler, workers, limit, sample,
               seed, partition_size, as_json, connect_timeout)


@chart.command(name="diablo-equilibrium")
@click.option("--opponents", type=click.IntRange(min=1, max=3), default=1, show_default=True,
              help="Opponents who draw at the table besides the player.")
@click.option("--rounds", type=click.IntRange(min=1, max=200), default=12, show_default=True,
              help="Rounds of fictitious play (each about 20 s on one core).")
@click.option("--output", "-o", type=click.Path(), help="Folder of the table (made if missing; its parent must "
              "exist). Default: diablo-equilibrium-N, here.")
@click.option("--workers", type=click.IntRange(min=1), help="Run each round's pieces on a local Dask cluster of "
              "this many worker processes (default: in this process).")
@click.option("--scheduler", metavar="tcp://HOST:PORT", help="Run each round's pieces on this Dask cluster.")
@click.option("--connect-timeout", type=click.FloatRange(min=0.1, max=3600), default=10.0, show_default=True,
              metavar="SECONDS", help="With --scheduler: give up when the scheduler has not answered by then.")
@json_option
def chart_diablo_equilibrium(opponents, rounds, output, workers, scheduler, connect_timeout, as_json) -> None:
    """Diablo: the draw as a game, every player drawing by one strategy.

    Each round every hand (up to suits) takes its best hold against the opponents' average
    strategy so far; the average is the answer, with its exploitability after each round
    (what a best reply gains over a fair share). Opponents' hands are counted over the whole
    deck. best-swap reads the table: opponent_model chart, opponent_chart FOLDER. A round's
    work is split in pieces of hands, run on Dask with --workers or --scheduler.

    \b
    Examples:
      oracle chart diablo-equilibrium --opponents 2 --rounds 8
      oracle chart diablo-equilibrium --opponents 3 --rounds 8 --workers 2
    """
    if scheduler and workers:
        raise click.UsageError("--workers sizes the local cluster; with --scheduler the cluster's own workers run")
    _charts_ready(("pyarrow",) if not (scheduler or (workers or 1) > 1) else None)
    from pathlib import Path

    from oracle.charts.equilibrium import run_equilibrium
    from oracle.render_charts import chart_progress, equilibrium_result

    out = console()
    with chart_progress(out, "diablo-equilibrium", "rounds") as update:
        record = run_equilibrium(opponents, rounds, Path(output or f"diablo-equilibrium-{opponents}"), update,
                                 scheduler=scheduler, workers=workers, connect_timeout=connect_timeout)
    if as_json:
        emit_json(record)
    else:
        equilibrium_result(out, record)


@chart.command(name="lookup")
@click.argument("query")
@click.option("--chart", "path", required=True, type=click.Path(),
              help="The chart: the folder `oracle chart` wrote, or its .parquet table.")
@click.option("--boss", help="Hell of a Deal charts only: only this Boss's entry (another chart refuses it).")
@json_option
def chart_lookup(query, path, boss, as_json) -> None:
    """Answer from a computed chart: the best hold of a Diablo hand, a start's odds against
    each Boss, or an oven's stop thresholds.

    \b
    Examples:
      oracle chart lookup "2h 9c 9d Kh 4s" --chart diablo-draw
      oracle chart lookup "Ah Kd 7c" --chart hod-preflop --boss Demona
      oracle chart lookup "2x100, 3x75, 7x50, 9x25, 9x20, 9x10, 9 devils" --chart auf-teufel-policy
    """
    _charts_ready(("pyarrow",))
    from oracle.charts import lookup_chart

    answer = lookup_chart(path, query, {"boss": boss})
    if as_json:
        emit_json(answer)
        return
    from oracle.render_charts import chart_lookup_result

    chart_lookup_result(console(), answer)

