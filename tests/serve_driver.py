"""A real `oracle serve` in a child process, and a page of it driven in Chromium: shared by
the browser test and by docs/make_web_screenshots.py."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from contextlib import contextmanager
from pathlib import Path

CHROMIUM = next((p for p in (os.environ.get("ORACLE_CHROMIUM"), shutil.which("chromium"),
                             shutil.which("chromium-browser"), shutil.which("google-chrome")) if p), None)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@contextmanager
def served(args: list[str], cwd: Path, output: list | None = None):
    """``oracle serve ARGS`` on a free port; yields the page's address (and, with ``output``,
    appends what the server printed once it stops)."""
    port = free_port()
    child = subprocess.Popen([sys.executable, "-m", "oracle.cli", "serve", *args, "--port", str(port)], cwd=cwd,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    url = f"http://127.0.0.1:{port}/"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                urllib.request.urlopen(url + "api/table", timeout=1).read()
                break
            except urllib.error.HTTPError:  # up, and refusing: a join code is needed
                break
            except OSError:
                if child.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"oracle serve did not start: {child.communicate()[1]}") from None
                time.sleep(0.2)
        yield url
    finally:
        child.terminate()
        printed = child.communicate(timeout=10)
        if output is not None:
            output.extend(printed)


def play_line(page, line: str) -> None:
    """Play a line as a person would: its button when it has one (opening its kind's row
    first), the card picker when the line names cards a slot offers, else typed in."""
    for button in page.locator("#actions > button").all():
        if button.inner_text() == line:
            button.click()
            return
    member = page.locator(f'#actions button[data-line="{line}"]')
    if member.count() == 1:
        if not member.is_visible():
            member.locator("xpath=../preceding-sibling::button[1]").click()
        member.click()
        return
    for button in page.locator("#slots button").all():
        prefix = button.inner_text().split(" … (")[0]
        if line.startswith(prefix + " "):
            if not button.is_visible():
                page.locator("#deal summary").click()
            button.click()
            for card in line[len(prefix) + 1:].split():
                page.locator(f'#card-grid button[data-card="{card}"]').click()
            page.locator("#cards-send").click()
            return
    page.fill("#line", line)
    page.locator("#line-form button[type=submit]").click()


def wait_for_lines(page, count: int, timeout: float = 10_000) -> None:
    from playwright.sync_api import expect

    expect(page.locator("#history li")).to_have_count(count, timeout=timeout)
