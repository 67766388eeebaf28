"""The ``oracle`` command: a thin click layer. Commands parse options, call the library and
hand the result to ``oracle.render`` (or dump its JSON). Any ``OracleError`` becomes one line
``Error: ...`` on standard error and exit code 2.

Start-up matters here (``oracle rank`` is typed at the table), so solvers, scenarios and
games are imported inside the commands that use them.
"""

from __future__ import annotations

import sys
from typing import Any, Callable

import click

from oracle import __version__
from oracle.errors import OracleError

from oracle.cli_common import (  # noqa: F401 (also taken from here by the lazy commands)
    GAME_CHOICES,
    bosses_option,
    console,
    emit_json,
    fail,
    game_option,
    json_option,
    position_defaults,
    read_time_limit,
    time_limit_option,
)


# Commands whose module is imported only when they are asked for (or listed by ``--help``):
# name -> (module, attribute).
LAZY_COMMANDS = {
    "chart": ("oracle.cli_chart", "chart"),
    "find": ("oracle.cli_find", "find"),
    "play": ("oracle.cli_play", "play"),
    "schema": ("oracle.cli_find", "schema"),
    "serve": ("oracle.cli_serve", "serve"),
    "simulate": ("oracle.cli_simulate", "simulate"),
}


class OracleGroup(click.Group):
    """Turns the library's errors into ``Error: ...`` and exit 2, never a traceback; loads
    the ``LAZY_COMMANDS`` on first use."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *LAZY_COMMANDS})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in LAZY_COMMANDS and cmd_name not in self.commands:
            import importlib

            module, attribute = LAZY_COMMANDS[cmd_name]
            self.add_command(getattr(importlib.import_module(module), attribute), cmd_name)
        return super().get_command(ctx, cmd_name)

    def main(self, *args: Any, **kwargs: Any) -> Any:
        kwargs["standalone_mode"] = False
        try:
            code = super().main(*args, **kwargs)
        except click.exceptions.NoArgsIsHelpError as exc:
            click.echo(exc.ctx.get_help() if exc.ctx is not None else exc.format_message())
            sys.exit(0)
        except click.UsageError as exc:
            # One line, like every other error, with where to look for the right usage.
            where = exc.ctx.command_path if exc.ctx is not None else "oracle"
            click.echo(f"Error: {exc.format_message()} (see '{where} --help')", err=True)
            sys.exit(2)
        except click.ClickException as exc:
            exc.show()
            sys.exit(exc.exit_code)
        except click.exceptions.Abort:
            click.echo("Aborted.", err=True)
            sys.exit(1)
        sys.exit(code if isinstance(code, int) else 0)

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except OracleError as exc:
            fail(str(exc))
        except KeyboardInterrupt:
            click.echo("Interrupted.", err=True)
            sys.exit(130)
        except (click.exceptions.Exit, click.ClickException, click.exceptions.Abort, SystemExit):
            raise
        except BrokenPipeError:
            from oracle.pipes import leave_quietly

            leave_quietly()
        except Exception as exc:  # a bug of ours: say so in one line, still no traceback
            click.echo(f"Error: internal error ({type(exc).__name__}: {exc}); please report it", err=True)
            sys.exit(1)


@click.group(name="oracle", cls=OracleGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="oracle")
def main() -> None:
    """A rules oracle and puzzle solver for Hell of a Deal, Diablo, Drawing Dead and
    Auf Teufel komm raus.

    \b
    Example:
      oracle rank "9 9 2 2 K" --game diablo
    """
    from oracle.eval.jit import set_progress_display

    set_progress_display(_compile_progress)


def _compile_progress(description: str):
    """A first compile of the batch kernels, shown on a terminal (a few seconds, once)."""
    from oracle.render import working

    return working(console(stderr=True), description)


@main.command()
@click.argument("cards", required=False)
@game_option
@click.option("--hole", help="Hell of a Deal: the cards in hand (hole cards).")
@click.option("--board", default="", help="Hell of a Deal: the community cards.")
@click.option("--boss", help="Hell of a Deal: the Boss in play (e.g. eenie-meanie, the-boatman).")
@click.option("--toll", default="", help="Hell of a Deal: The Boatman's Toll card(s).")
@click.option("--souls", type=click.IntRange(min=0), help="Hell of a Deal: Souls in the pot (with --toll).")
@click.option("--up-your-sleeve", is_flag=True, help="Hell of a Deal: the Favor that lets a third hand card count.")
@click.option("--for-boss", is_flag=True, help="Hell of a Deal: rank the Boss's hand (at least one hole card).")
@json_option
def rank(cards, game, hole, board, boss, toll, souls, up_your_sleeve, for_boss, as_json) -> None:
    """Rank a hand under a game's rules.

    CARDS are written like "9h 9c 2s 2d Kh", "9 9 2 2 K" (suits may be left out), "AsKd";
    the Joker is Jk. With more than five cards the best five count. Give - to read one hand
    a line from standard input and print one answer a line.

    \b
    Examples:
      oracle rank "9 9 2 2 K"
      oracle rank "9 9 2 2 K" --game diablo --json
      oracle rank --game hell-of-a-deal --hole "7h 7d 7c" --board "Ks Kd 2c 3h 9s"
      oracle rank --game hell-of-a-deal --hole "9h Kd" --board "9s 9c 4d" --toll 9d --souls 3
    """
    # Hell of a Deal's options only mean something together: refuse what would be ignored.
    if board and game != "hell-of-a-deal":
        raise click.UsageError("--board (the community cards) and the other Hell of a Deal options belong to "
                               "--game hell-of-a-deal: give --game hell-of-a-deal")
    if souls is not None and not toll:
        raise click.UsageError("--souls is the Souls in the pot to pay The Boatman's tolls: give --toll with it")
    if up_your_sleeve and hole is None and not (for_boss or boss or toll):
        raise click.UsageError("--up-your-sleeve is a Hell of a Deal Favor: give the hand with --hole")
    if hole is not None or for_boss or boss or toll:
        _rank_hell_of_a_deal(cards, game, hole, board, boss, toll, souls, up_your_sleeve, for_boss, as_json)
        return
    if cards is None:
        raise click.UsageError("give the CARDS to rank (or - to read them from standard input)")
    from oracle.ranking import rank_hand, rulings_that_differ

    if cards == "-":
        _each_line(lambda line: rank_hand(line, game or "standard"), as_json, _rank_line)
        return
    hand = rank_hand(cards, game or "standard")
    others = [] if game else rulings_that_differ(list(hand.cards), hand)
    if as_json:
        data = hand.to_json()
        if not game:
            data["other_games"] = [other.to_json() for _, other in others]
        emit_json(data)
        return
    from oracle.render import rank_result

    rank_result(console(), hand, hand.ruleset.source, others)


def _rank_line(line: str, hand) -> str:
    return f"{line}: {hand.description}"


def _rank_hell_of_a_deal(cards, game, hole, board, boss, toll, souls, up_your_sleeve, for_boss, as_json) -> None:
    if game not in (None, "hell-of-a-deal"):
        raise click.UsageError("--hole, --board, --boss, --toll and --for-boss belong to --game hell-of-a-deal")
    if hole is None:
        if cards is None:
            raise click.UsageError("give the hand with --hole (and the community cards with --board)")
        hole = cards
    elif cards is not None:
        raise click.UsageError("give the hand either as CARDS or with --hole, not both")
    from oracle.ranking import rank_hell_of_a_deal

    ranking = rank_hell_of_a_deal(
        hole, board, boss=boss, toll=toll, souls=souls, up_your_sleeve=up_your_sleeve, for_boss=for_boss
    )
    if as_json:
        emit_json(ranking.to_json())
        return
    from oracle.render import selection_result, toll_table

    out = console()
    if ranking.souls is not None:
        toll_table(out, ranking.selections, ranking.souls)
        out.print(f"rule: {ranking.rule}", style="dim", highlight=False)
        return
    heading = f"{ranking.boss or 'The Boss'}'s best hand" if for_boss else "Best legal hand"
    selection_result(out, ranking.best, ranking.rule, heading)


@main.command()
@click.argument("first")
@click.argument("second", required=False)
@game_option
@json_option
def compare(first, second, game, as_json) -> None:
    """Say which of two hands wins under a game's rules, or that they tie.

    Give - as FIRST to read pairs of hands from standard input, one pair a line, joined by
    " vs ".

    \b
    Examples:
      oracle compare "9 9 2 2 K" "Ah Jh 8h 6h 3h" --game diablo
      echo "A A A A Jk vs Ah Kh Qh Jh Th" | oracle compare - --game drawing-dead --json
    """
    from oracle.ranking import compare_hands, split_versus

    if first == "-":
        if second is not None:
            raise click.UsageError("with - give no second hand: each input line holds both, joined by ' vs '")
        _each_line(lambda line: compare_hands(*split_versus(line), game or "standard"), as_json, _compare_line)
        return
    if second is None:
        raise click.UsageError("give two hands to compare")
    result = compare_hands(first, second, game or "standard")
    if as_json:
        emit_json(result.to_json())
        return
    from oracle.render import compare_result

    compare_result(console(), result.first, result.second, result.winner)


def _compare_line(line: str, result) -> str:
    verdict = {"first": "first wins", "second": "second wins", "tie": "tie"}[result.winner]
    return f"{line}: {verdict} ({result.first.description} vs {result.second.description})"


def _each_line(answer: Callable[[str], Any], as_json: bool, human: Callable[[str, Any], str]) -> None:
    """One question a line in, one answer a line out; a bad line is reported (with its
    number) and skipped, and the exit code is 2 if any line was bad."""
    bad = 0
    stream = getattr(sys.stdin, "buffer", None)
    for number, raw in enumerate(stream if stream is not None else sys.stdin, start=1):
        if isinstance(raw, bytes):
            try:
                raw = raw.decode("utf-8")
            except UnicodeDecodeError as exc:
                bad += 1
                message = f"not UTF-8 text (byte {exc.start + 1})"  # the JSON object has the line
                click.echo(f"Error: line {number}: {message}", err=True)
                if as_json:
                    emit_json({"line": number, "input": None, "error": message})
                continue
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        try:
            result = answer(line)
        except OracleError as exc:
            bad += 1
            click.echo(f"Error: line {number}: {exc}", err=True)
            if as_json:
                emit_json({"line": number, "input": line, "error": str(exc)})
            continue
        if as_json:
            emit_json(result.to_json())
        else:
            click.echo(human(line, result))
    if bad:
        sys.exit(2)


@main.command()
@click.argument("paths", nargs=-1, required=True, type=click.Path())
@click.option(
    "--output",
    metavar="FOLDER",
    help="Folder where questions may write the files they make (plots), created if missing. "
    "Without it nothing is written.",
)
@bosses_option
@time_limit_option
@json_option
@click.option("--full", is_flag=True, help="Show every fact of every answer: no list shortened, every field of a hand.")
def solve(paths, output, bosses, time_limit, as_json, full) -> None:
    """Answer every question in scenario files (and every *.scenario.yaml under folders).

    Each answer comes first in words, then the rulebook section it applied, then every fact
    of the answer; a long list shows its first items, and --full shows them all.

    \b
    Examples:
      oracle solve scenarios/diablo/rulebook-example.scenario.yaml
      oracle solve scenarios/diablo/best-swap.scenario.yaml --full
      oracle solve scenarios/auf-teufel-komm-raus/solver.scenario.yaml --output plots/
      oracle solve my-table.scenario.yaml --bosses boss-defaults.yaml
    """
    from pathlib import Path

    from oracle.render import progress_bar
    from oracle.scenario import find_scenario_files, load_files, solve_scenarios

    files = find_scenario_files(paths)
    scenarios = load_files(files, position_defaults(bosses))
    if output is not None:
        from oracle.files import OutputError, make_folder

        try:
            make_folder(output)
        except OutputError as exc:
            raise click.BadParameter(str(exc), param_hint="--output") from None
    with progress_bar(console(stderr=True), "solving") as update:
        results = solve_scenarios(
            scenarios, progress=update, output_dir=Path(output) if output else None, time_limit=time_limit
        )
    if as_json:
        for result in results:
            emit_json(result.to_json())
    else:
        from oracle.render import solve_results

        solve_results(console(), results, full=full)
    if any(result.failed for result in results):
        sys.exit(2)


@main.command()
@click.argument("paths", nargs=-1, required=True, type=click.Path())
@click.option("--junit", metavar="FILE", help="Also write a JUnit XML report to this file.")
@click.option(
    "--update",
    is_flag=True,
    help="Write the actual answers into the expect blocks of the questions that fail or have none "
    "(never those marked skip or xfail), changing nothing else in the files.",
)
@click.option(
    "-k",
    "--only",
    metavar="ID",
    multiple=True,
    help="Check (and update) only this question: its id or SCENARIO::ID, with * and ? as wildcards. "
    "May be given more than once.",
)
@bosses_option
@time_limit_option
@json_option
def check(paths, junit, update, only, bosses, time_limit, as_json) -> None:
    """Check scenario files' expectations: one line a question, then "N passed, M failed".

    Each failure shows every difference at the FILE:LINE of the expected value. Exit code 0
    when nothing failed, 1 when an expectation failed, 2 for a file that cannot be read (or
    updated), for a question whose input is refused (shown as ERROR) and for an --only that
    chooses no question.

    \b
    Examples:
      oracle check scenarios/
      oracle check scenarios/diablo --junit report.xml
      oracle check scenarios/diablo --update --only ben-wins-26
    """
    from oracle.check import CheckReport, run_check, write_junit
    from oracle.errors import ScenarioError
    from oracle.files import OutputError, check_target
    from oracle.scenario import find_scenario_files

    try:
        files = find_scenario_files(paths)
    except ScenarioError as exc:
        if not as_json:
            raise
        # A path that is missing, or a folder without scenario files, is an unreadable input.
        emit_json(CheckReport(unreadable=[ScenarioError([p]) for p in exc.problems]).to_json())
        sys.exit(2)
    if junit is not None:
        # Before the run, so that a report that cannot be written costs nothing.
        try:
            check_target(junit, inputs=files)
        except OutputError as exc:
            raise click.BadParameter(str(exc), param_hint="--junit") from None
    defaults = position_defaults(bosses)
    report = run_check(files, update=update, time_limit=time_limit, only=only, defaults=defaults)
    if as_json:
        emit_json(report.to_json())
    else:
        from oracle.render import check_report

        check_report(console(), report, errors=console(stderr=True))
    if junit is not None:
        write_junit(report, junit, inputs=files)
    sys.exit(report.exit_code)


def run() -> None:
    """The ``oracle`` program: ``main``, then a quick exit where nothing is left to clean up.

    The interpreter's own exit frees every object of every module one by one, which for a
    short command takes a fifth of its time; the operating system frees the memory at once.
    So once the answer is written and flushed, and nothing was registered to run at exit (a
    library's thread pool, cluster or logging) and no other thread runs, the process ends
    there with the same exit code."""
    from oracle.pipes import is_closed_pipe, leave_quietly

    try:
        main()
        code: Any = 0
    except SystemExit as exc:
        code = exc.code
    except OSError as exc:  # standard output closed while click wrote a usage error or help
        if not is_closed_pipe(exc):
            raise
        leave_quietly()
    if code is None:
        code = 0
    import atexit
    import os
    import threading

    ncallbacks = getattr(atexit, "_ncallbacks", None)  # CPython's; elsewhere the usual exit
    if isinstance(code, int) and ncallbacks is not None and ncallbacks() == 0 and threading.active_count() == 1:
        try:
            sys.stdout.flush()
            sys.stderr.flush()
        except (OSError, ValueError) as exc:
            if is_closed_pipe(exc):
                leave_quietly()
            sys.exit(code)
        os._exit(code)
    try:
        sys.stdout.flush()
    except (OSError, ValueError) as exc:
        if is_closed_pipe(exc):
            leave_quietly()
    sys.exit(code)


if __name__ == "__main__":
    run()
