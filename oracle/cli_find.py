"""``oracle find`` and ``oracle schema``: searches over scenario files and the schema those
files follow. Registered on ``oracle.cli.main`` and imported when asked for."""

from __future__ import annotations

import sys

import click

from oracle.cli_common import emit_json, json_option, read_time_limit
from oracle.errors import OracleError


class CountType(click.ParamType):
    """``--count``: a number of witnesses (1 to 100), or ``all`` to count every filling."""

    name = "N|all"

    def convert(self, value, param, ctx):
        if isinstance(value, int) and not isinstance(value, bool):
            number = value
        elif str(value).strip().lower() == "all":
            return "all"
        else:
            try:
                number = int(str(value).strip())
            except ValueError:
                self.fail(f"must be a number from 1 to 100, or all, not {str(value)[:40]!r}", param, ctx)
        if not 1 <= number <= 100:
            self.fail(f"must be a number from 1 to 100, or all, not {number}", param, ctx)
        return number


@click.command()
@click.argument("file", type=click.Path())
@click.option("--count", type=CountType(), default=1, show_default=True, metavar="N|all",
              help="How many different witnesses to find; all counts every filling that passes, exactly, "
              "and says how it counted.")
@click.option("--time-limit", type=float, callback=read_time_limit, default=60.0, show_default=True,
              metavar="SECONDS", help="Bound the whole search; what is left goes to Z3 and the engines.")
@click.option("--output", type=click.Path(file_okay=False),
              help="Write each witness into this folder (NAME.scenario.yaml) instead of printing it; the folder "
              "is made if missing, and a file there that oracle find did not write is never replaced.")
@click.option("--seed", type=click.IntRange(min=0), default=0, help="Seed of the random hints that spread Z3's proposals.")
@json_option
def find(file, count, time_limit, output, seed, as_json) -> None:
    """Fill a search file's holes so that every expectation and constraint holds.

    A search file is a scenario with holes (? or $name for a card or a number) and a where:
    list of constraints. Prints the completed scenario (a file oracle check passes), or says
    that none exists (proved) or that none was found within the time limit.

    Exit code 0 when found, 1 when none exists (or fewer than --count and no more to find),
    2 for a bad search file, 3 when the time limit came first (also with fewer than --count
    found: the count is incomplete).

    With --count all, prints how many fillings pass (the ? of one hand counted once, as one
    set of cards), and says how: by suit classes, by enumeration or by the solver.

    \b
    Examples:
      oracle find scenarios/find/diablo-wild-copy.search.yaml
      oracle find deal.search.yaml --count 3 --output found/ --json
      oracle find hands.search.yaml --count all --json
    """
    from oracle.find import FOUND, NONE, run_search
    from oracle.render import find_progress, find_result, make_console

    if count == "all":
        _count_all(file, time_limit, output, seed, as_json)

    targets = _witness_targets(file, output, count) if output is not None else []
    with find_progress(make_console(stderr=True), time_limit) as update:
        result = run_search(file, count=count, time_limit=time_limit, seed=seed, progress=update)
    if output is not None:
        from oracle.files import write_text

        for target, witness in zip(targets, result.witnesses):
            try:
                _refuse_a_file_not_ours(target)
                write_text(target, witness.text, inputs=[file], links=False)
            except OracleError as exc:
                raise click.BadParameter(str(exc), param_hint="--output") from None
            result.written.append(target)
    if as_json:
        emit_json(result.to_json())
    else:
        find_result(make_console(stderr=True), result)
        if output is None:
            click.echo("---\n".join(w.text for w in result.witnesses), nl=False)
    if result.outcome == FOUND and len(result.witnesses) == count:
        sys.exit(0)
    # Fewer than asked is "no more to find" only when the search ended on its own.
    sys.exit(1 if result.complete and result.outcome in (NONE, FOUND) else 3)


def _count_all(file: str, time_limit, output, seed: int, as_json: bool) -> None:
    """``--count all``: the count on standard output (the whole result with --json), how it
    was counted on standard error; exit 0 counted, 1 none, 3 the time limit came first."""
    from oracle.find.count import count_search
    from oracle.render import count_result, find_progress, make_console

    if output is not None:
        raise click.BadParameter("--count all counts the fillings and writes none: leave --output out, or give "
                                 "--count N", param_hint="--output")
    with find_progress(make_console(stderr=True), time_limit) as update:
        result = count_search(file, time_limit=time_limit, seed=seed, progress=update)
    if as_json:
        emit_json(result.to_json())
    else:
        count_result(make_console(stderr=True), result)
        click.echo(str(result.count))
    sys.exit(3 if not result.complete else (0 if result.count else 1))


def _witness_targets(file: str, output: str, count: int) -> list[str]:
    """The files the witnesses go to, checked before the search (so a bad folder is said at
    once, not after a long search): the folder made if missing, each name a new file or a
    witness an earlier search wrote, never a symbolic link or the search file itself."""
    from pathlib import Path

    from oracle.files import check_target, make_folder
    from oracle.find import witness_name

    try:
        make_folder(output)
        targets = [str(Path(output) / witness_name(file, number)) for number in range(1, count + 1)]
        for target in targets:
            check_target(target, inputs=[file], links=False)
            _refuse_a_file_not_ours(target)
    except OracleError as exc:
        raise click.BadParameter(str(exc), param_hint="--output") from None
    return targets


def _refuse_a_file_not_ours(target: str) -> None:
    """A file at ``target`` is replaced only when it is a witness ``oracle find`` wrote."""
    from oracle.files import refuse_a_file_not_written_by
    from oracle.find import WITNESS_HEADER

    refuse_a_file_not_written_by(target, WITNESS_HEADER, "oracle find", "move it, or choose another folder")


@click.command()
@click.option("--output", metavar="FILE", help="Write the schema to this file instead of printing it.")
def schema(output) -> None:
    """Print the JSON Schema of scenario files, for editors to validate and complete them.

    Its $id is the name urn:oracle:scenario; point an editor at the file it is written to
    (see docs/scenarios.md).

    \b
    Examples:
      oracle schema --output scenario.schema.json
      oracle schema > scenario.schema.json
    """
    from oracle.schema import scenario_schema

    from oracle.json_text import json_text

    text = json_text(scenario_schema(), indent=2) + "\n"
    if output is None:
        click.echo(text, nl=False)
        return
    from oracle.files import OutputError, check_target, write_text

    try:
        check_target(output)
        write_text(output, text)
    except OutputError as exc:
        raise click.BadParameter(str(exc), param_hint="--output") from None
