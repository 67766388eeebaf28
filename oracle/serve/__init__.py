"""``oracle serve``: ``oracle play``'s session as a web page that every phone at the table
shows, live.

Modules:

- ``table``: the session shared by every page (``SharedTable``): lines applied one after the
  other, the session kept in its file after each;
- ``app``: the Starlette application: the page, its JSON interface, the event stream, the join
  code and the bounds on requests;
- ``page/``: the page itself, hand-written HTML, CSS and script, with no build step.

Starlette and uvicorn are the ``web`` extra, imported only here.
"""

from __future__ import annotations

import socket
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping

from oracle.errors import OracleError

LOOPBACK = ("127.0.0.1", "localhost", "::1")


class ServeError(OracleError):
    """The server cannot start: the message names the option."""


def missing_extra() -> str | None:
    try:
        import starlette  # noqa: F401
        import uvicorn  # noqa: F401
    except ImportError:
        return "oracle serve needs the web extra: pip install 'oracle[web]'"
    return None


@dataclass(frozen=True)
class Plan:
    """Where the table comes from and where it is kept: ``source`` is the game or file to
    start from, ``keep`` the file the session is written to after each line, ``note`` what to
    tell the person who started the server."""

    source: str
    keep: Path
    note: str


def plan(target: str, save: str | None, new: bool) -> Plan:
    """A game starts afresh unless its table is kept already (``--new`` starts afresh anyway);
    a file goes on from its position, and is kept in itself when a server wrote it."""
    from .table import check_save_file, kept_by_a_server

    path = Path(target)
    is_file = path.suffix in (".yaml", ".yml") or path.exists()
    if save is not None:
        keep = Path(save)
    elif is_file and kept_by_a_server(path):
        keep = path
    else:
        keep = Path(f"{path.name.split('.')[0] if is_file else target}-table.scenario.yaml")
    check_save_file(keep)
    if not is_file and keep.exists() and not new:
        return Plan(str(keep), keep, f"going on with the table kept in {keep} (--new starts afresh)")
    return Plan(target, keep, f"the table is kept in {keep}: `oracle serve {keep}` goes on from it")


def lan_address() -> str:
    """This machine's address on its network, for phones to reach (no packet is sent)."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.255.255.255", 1))
        return probe.getsockname()[0]
    except OSError:
        return "127.0.0.1"
    finally:
        probe.close()


def check_port(host: str, port: int) -> None:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError as exc:
            raise ServeError(f"--host {host} --port {port}: cannot listen there ({exc.strerror})") from None


def run(target: str, options: Mapping[str, Any], rules: Mapping[str, Any], *, scenario: str | None,
        time_limit: float | None, host: str, port: int, code: str | None, save: str | None, new: bool,
        say) -> int:
    """Start the table and serve it until interrupted; ``say(text, qr_url)`` tells the person
    at the terminal where the page is."""
    problem = missing_extra()
    if problem:
        raise ServeError(problem)
    import uvicorn

    from oracle.play import Session, starting_table

    from .app import make_app, new_join_code
    from .table import SharedTable

    where = plan(target, save, new)
    if where.source != target:
        options, rules, scenario = {}, {}, None
    start, note = starting_table(where.source, options, rules, scenario)
    table = SharedTable(Session(start, time_limit=time_limit), where.keep,
                        name=where.keep.name.removesuffix(".yaml").removesuffix(".scenario") or "table")
    if code is not None:
        code = code.strip().upper()
        if not code.isalnum() or not 4 <= len(code) <= 12:
            raise ServeError(f"--code: 4 to 12 letters and digits, not {code[:20]!r}")
    elif host not in LOOPBACK:
        code = new_join_code()
    check_port(host, port)
    shown_host = lan_address() if host in ("0.0.0.0", "::") else host
    url = f"http://{'[' + shown_host + ']' if ':' in shown_host else shown_host}:{port}/"
    say(f"{start.game.title}: {url}" + (f"  join code {code}" if code else ""),
        f"{url}?code={code}" if code else None)
    for line in (note, where.note, "Ctrl-C stops the server; the table stays kept."):
        if line:
            say(line, None)
    config = uvicorn.Config(make_app(table, code), host=host, port=port, log_level="warning",
                            timeout_graceful_shutdown=1, lifespan="off")
    uvicorn.Server(config).run()
    return 0
