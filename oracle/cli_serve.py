"""``oracle serve``: ``oracle play``'s table as a web page for every phone at the table. It
takes every table option ``play`` takes (read from ``play`` itself, so the two never drift
apart) and where to listen. Registered on ``oracle.cli.main`` and imported when asked for."""

from __future__ import annotations

import sys

import click

from oracle.cli_play import play


def _serve(target, rules, scenario, time_limit, host, port, code, save, new, **options) -> None:
    """Serve one table as a web page: every phone that opens it sees the same table, live.

    GAME starts a fresh table with the table options below (as oracle play does); FILE goes on
    from a scenario file's position. The page shows the table, the legal actions as buttons,
    the cards that may still be dealt, the history, the result of the last hand, and the
    game's questions; a line sent from any phone is applied once, in order, and shown on all.
    After each line the table is kept in a scenario file (--save; oracle serve FILE goes on
    from it after a restart, and oracle check passes it).

    It listens on 127.0.0.1 (this machine only) unless --host says otherwise; on any other
    address every phone needs the join code printed here (with a QR code of the page).

    \b
    Examples:
      oracle serve diablo --seats "Anna Ben Carla" --chips 100 --dealer Anna
      oracle serve hell-of-a-deal --seats "Anna Ben" --host 0.0.0.0
      oracle serve diablo-table.scenario.yaml
    """
    from oracle.play import read_rules
    from oracle.render import make_console, plain
    from oracle.serve import run

    console = make_console(stderr=True)

    def say(text: str, qr_url: str | None) -> None:
        console.print(plain(text, "bold" if "http://" in text else ""), soft_wrap=True)
        if qr_url:
            import segno

            segno.make(qr_url, error="m").terminal(out=sys.stderr, compact=True)
            console.print(plain(f"or open {qr_url}", "dim"), soft_wrap=True)

    sys.exit(run(target, options, read_rules(rules), scenario=scenario, time_limit=time_limit, host=host, port=port,
                 code=code, save=save, new=new, say=say))


serve = click.Command(
    "serve",
    callback=_serve,
    help=_serve.__doc__,
    short_help="Serve one table as a web page that every phone at the table shows, live.",
    params=[param for param in play.params if param.name != "as_json"] + [
        click.Option(["--host"], default="127.0.0.1", show_default=True,
                     help="Address to listen on; 0.0.0.0 for every phone on the network (a join code is then required)."),
        click.Option(["--port"], type=click.IntRange(1, 65535), default=8000, show_default=True, help="Port to listen on."),
        click.Option(["--code"], metavar="CODE", help="The join code (default: a new one when listening beyond this machine)."),
        click.Option(["--save"], metavar="FILE", help="The file the table is kept in (default: GAME-table.scenario.yaml)."),
        click.Option(["--new"], is_flag=True, help="Start afresh even if the game's table is kept already."),
    ],
)
