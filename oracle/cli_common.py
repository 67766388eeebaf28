"""What every ``oracle`` command shares: the one-line error, JSON output, the common options
and the console. Light to import: click only, the rest inside the functions."""

from __future__ import annotations

import sys
from typing import Any, Callable

import click

from oracle.errors import OracleError

GAME_CHOICES = ("standard", "diablo", "drawing-dead", "hell-of-a-deal")


def fail(message: str) -> None:
    # Several problems (a scenario file) come one per line; each keeps the "Error:" prefix.
    # Split on line breaks only: a carriage return or any other control character in a
    # message (scenario text) is shown escaped, so it cannot overwrite the line.
    from oracle.text import bound_message, escape

    for line in message.split("\n")[:200]:
        click.echo(f"Error: {bound_message(escape(line))}", err=True)
    sys.exit(2)


def emit_json(data: Any) -> None:
    from oracle.json_text import json_text

    click.echo(json_text(data))


def json_option(f: Callable) -> Callable:
    return click.option("--json", "as_json", is_flag=True, help="Print the answer as JSON.")(f)


def read_time_limit(ctx: click.Context, param: click.Parameter, value: float | None) -> float | None:
    if value is None:
        return None
    from oracle.budget import read_seconds

    try:
        return read_seconds(value, ("--time-limit",))
    except OracleError as exc:
        raise click.BadParameter(str(exc).split(": ", 1)[-1]) from None


def time_limit_option(f: Callable) -> Callable:
    return click.option(
        "--time-limit",
        type=float,
        callback=read_time_limit,
        metavar="SECONDS",
        help="Bound every question: a solver that runs out of time says so in its answer.",
    )(f)


def bosses_option(f: Callable) -> Callable:
    return click.option(
        "--bosses",
        metavar="FILE",
        type=click.Path(),
        help="Hell of a Deal: a file of Boss names and default hands (\"Demona: Q Q T T\", one a line) for "
        "the Bosses a position gives none; without it, and for a Boss it does not name, the packaged default hands.",
    )(f)


def position_defaults(bosses: str | None):
    """What the command line fills into scenario positions (``oracle.scenario.Defaults``):
    Hell of a Deal's Boss default hands, ``--bosses`` over the packaged ones."""
    from oracle.games.hell_of_a_deal import position_defaults as boss_defaults

    return boss_defaults(bosses)


def game_option(f: Callable) -> Callable:
    return click.option(
        "--game",
        "-g",
        type=click.Choice(GAME_CHOICES, case_sensitive=False),
        default=None,
        help="Rank under this game's rulebook (default: standard poker).",
    )(f)


def console(stderr: bool = False):
    """The console of standard output (or error): width, colour and wrapping as rich reads
    them from the terminal and from ``COLUMNS``, ``NO_COLOR`` and ``FORCE_COLOR``."""
    from oracle.render import make_console

    return make_console(stderr=stderr)
