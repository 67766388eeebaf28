"""The web face of a ``SharedTable``: one page, a small JSON interface and a stream of the
table as it changes (server-sent events).

- ``GET /``: the page; ``GET /page/{file}``: its script and style;
- ``GET /api/table``: the table now (``SharedTable.snapshot``);
- ``POST /api/line`` with ``{"line": "Ben checks"}``: apply a line; the reply says what it did
  (a refused line its reason) and everyone watching is sent the new table;
- ``GET /api/events``: the table, sent again each time it changes;
- ``GET /api/save``: the session as a scenario file, to download.

Beyond the loopback address every request needs the table's join code (``?code=`` once, then
a cookie); requests are bounded in size and rate.
"""

from __future__ import annotations

import asyncio
import io
import json
import re
import secrets
import time
from importlib import resources

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response, StreamingResponse
from starlette.routing import Route

from .table import SharedTable

COOKIE = "oracle_join"
MAX_BODY = 4096  # bytes: a line of play is short
MAX_LINE = 500  # characters
RATE = (120, 10.0)  # at most this many requests in this many seconds, per address
PAGE_FILES = {"app.js": "text/javascript", "app.css": "text/css"}
PICTURE = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,120}\.svg")
HEARTBEAT = 15.0  # seconds between keep-alive comments on an idle event stream


class RateLimit:
    """A sliding window of request times per client address."""

    def __init__(self, most: int, seconds: float) -> None:
        self.most, self.seconds = most, seconds
        self.seen: dict[str, list[float]] = {}

    def allows(self, client: str) -> bool:
        now = time.monotonic()
        times = [t for t in self.seen.get(client, []) if now - t < self.seconds]
        allowed = len(times) < self.most
        if allowed:
            times.append(now)
        self.seen[client] = times
        if len(self.seen) > 10_000:  # forget the quiet ones
            self.seen = {c: t for c, t in self.seen.items() if t and now - t[-1] < self.seconds}
        return allowed


def answer_html(reply, scenario) -> str:
    """An answer, the moves or the history as ``oracle play`` prints them, as HTML (rich
    escapes every text it exports)."""
    if reply.kind not in ("ask", "moves", "history"):
        return ""
    from oracle.play.render import show
    from oracle.render import make_console

    console = make_console(width=60, color=True, file=io.StringIO())
    console.record = True
    show(console, console, reply, scenario, "")
    return console.export_html(inline_styles=True, code_format="<pre class=\"answer\">{code}</pre>")


def make_app(table: SharedTable, join_code: str | None = None) -> Starlette:
    """The application; with ``join_code`` every request must carry it."""
    return TableSite(table, join_code).app()


class TableSite:
    """The routes of one table's site, and what they share: the table, the join code, the
    rate limit and the event streams open."""

    def __init__(self, table: SharedTable, join_code: str | None) -> None:
        self.table = table
        self.join_code = join_code
        self.limit = RateLimit(*RATE)
        self.watchers: set[asyncio.Queue] = set()

    def app(self) -> Starlette:
        return Starlette(routes=[
            Route("/", self.page),
            Route("/page/{name}", self.page_file),
            Route("/api/table", self.table_now),
            Route("/api/line", self.line, methods=["POST"]),
            Route("/api/events", self.events),
            Route("/api/save", self.download),
            Route("/api/pictures/{name}", self.picture),
        ])

    def allowed(self, request: Request) -> bool:
        if self.join_code is None:
            return True
        given = request.cookies.get(COOKIE) or request.headers.get("x-join-code") or ""
        return secrets.compare_digest(given.encode(), self.join_code.encode())

    def guard(self, request: Request) -> Response | None:
        """The refusal of a request over the rate or without the join code; None when it may go on."""
        client = request.client.host if request.client else "?"
        if not self.limit.allows(client):
            return JSONResponse({"ok": False, "error": "too many requests: wait a few seconds"}, status_code=429)
        if not self.allowed(request):
            return JSONResponse({"ok": False, "error": "this table needs its join code"}, status_code=403)
        return None

    async def page(self, request: Request) -> Response:
        code = request.query_params.get("code")
        if self.join_code is not None and code is not None:
            if secrets.compare_digest(code.strip().upper().encode(), self.join_code.encode()):
                response = RedirectResponse("/", status_code=303)
                response.set_cookie(COOKIE, self.join_code, httponly=True, samesite="strict", max_age=12 * 3600)
                return response
        client = request.client.host if request.client else "?"
        if not self.limit.allows(client):
            return HTMLResponse("too many requests", status_code=429)
        name = "index.html" if self.allowed(request) else "join.html"
        text = resources.files("oracle.serve").joinpath("page", name).read_text(encoding="utf-8")
        return HTMLResponse(text, status_code=200 if name == "index.html" else 403,
                            headers={"Cache-Control": "no-store", **SECURITY_HEADERS})

    async def page_file(self, request: Request) -> Response:
        name = request.path_params["name"]
        if name not in PAGE_FILES:
            return Response("not found", status_code=404)
        text = resources.files("oracle.serve").joinpath("page", name).read_text(encoding="utf-8")
        return Response(text, media_type=PAGE_FILES[name], headers={"Cache-Control": "no-cache"})

    async def table_now(self, request: Request) -> Response:
        refused = self.guard(request)
        if refused is not None:
            return refused
        return JSONResponse(await run_in_threadpool(self.table.snapshot))

    async def line(self, request: Request) -> Response:
        refused = self.guard(request)
        if refused is not None:
            return refused
        size = request.headers.get("content-length")
        if size is None or not size.isdigit() or int(size) > MAX_BODY:
            return JSONResponse({"ok": False, "error": f"a request of at most {MAX_BODY} bytes"}, status_code=413)
        try:
            body = json.loads((await request.body())[:MAX_BODY])
            text = body["line"]
            if not isinstance(text, str):
                raise TypeError
        except (ValueError, KeyError, TypeError):
            return JSONResponse({"ok": False, "error": 'send {"line": "..."}'}, status_code=400)
        if len(text) > MAX_LINE:
            return JSONResponse({"ok": False, "error": f"a line of at most {MAX_LINE} characters"}, status_code=413)
        outcome, changed = await run_in_threadpool(self.table.send, text, answer_html)
        if changed:
            snapshot = await run_in_threadpool(self.table.snapshot)
            for queue in list(self.watchers):
                queue.put_nowait(snapshot)
        return JSONResponse(outcome.to_json())

    async def events(self, request: Request) -> Response:
        refused = self.guard(request)
        if refused is not None:
            return refused
        queue: asyncio.Queue = asyncio.Queue()
        queue.put_nowait(await run_in_threadpool(self.table.snapshot))
        self.watchers.add(queue)
        return StreamingResponse(self._stream(queue), media_type="text/event-stream",
                                 headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"})

    async def _stream(self, queue: asyncio.Queue):
        try:
            while True:
                try:
                    snapshot = await asyncio.wait_for(queue.get(), HEARTBEAT)
                except asyncio.TimeoutError:
                    yield ": still here\n\n"
                    continue
                while not queue.empty():  # only the newest table matters
                    snapshot = queue.get_nowait()
                yield f"data: {json.dumps(snapshot, ensure_ascii=True)}\n\n"
        finally:
            self.watchers.discard(queue)

    async def picture(self, request: Request) -> Response:
        """A picture a question drew, by its plain file name in the server's own folder."""
        refused = self.guard(request)
        if refused is not None:
            return refused
        name = request.path_params["name"]
        path = self.table.pictures / name
        if not PICTURE.fullmatch(name) or not path.is_file():
            return Response("no such picture", status_code=404)
        return Response(path.read_bytes(), media_type="image/svg+xml",
                        headers={"Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
                                 "X-Content-Type-Options": "nosniff"})

    async def download(self, request: Request) -> Response:
        refused = self.guard(request)
        if refused is not None:
            return refused
        text = await run_in_threadpool(self.table.file_text)
        return Response(text, media_type="application/x-yaml",
                        headers={"Content-Disposition": f'attachment; filename="{self.table.name}.scenario.yaml"'})


# Nothing of another site may frame the page or run script in it.
SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
                               "img-src 'self' data:; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}


def new_join_code() -> str:
    """Six letters and digits a person reads out easily (no 0/O, 1/I)."""
    alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
    return "".join(secrets.choice(alphabet) for _ in range(6))


