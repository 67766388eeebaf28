"""Pictures written to files: SVG written by hand (no plotting dependency), and the one safe
way to put a picture on disk.

A picture is written only inside the folder the user named on the command line
(``oracle solve --output DIR``), under a plain file name a scenario gives
(``check_plot_name``), atomically (``write_svg``). Terminal rendering is ``oracle.render``.

``threshold_svg`` draws a stop-policy (Auf Teufel komm raus): x is the number of pieces
pulled this turn, y the haul. For each x a grey bar spans the hauls at which the policy
draws, a red mark shows the haul from which it stops, and small orange dots show states that
stop below that mark (objectives whose stop set is not a threshold). Rows the policy never
reaches are left out, and the subtitle says so. Its rows are any objects with the fields of
``oracle.solve.dp.coal.ThresholdRow``.
"""

from __future__ import annotations

import os
import secrets
from dataclasses import dataclass
from html import escape
from pathlib import Path
from typing import TYPE_CHECKING, Sequence

if TYPE_CHECKING:
    from oracle.solve.dp.coal import ThresholdRow

WIDTH, HEIGHT = 720, 440
LEFT, RIGHT, TOP, BOTTOM = 70, 30, 74, 60


# ---- writing a picture ---------------------------------------------------------------------


def check_plot_name(name: object) -> str:
    """``name`` if it is a plain SVG file name (``policy.svg``), else a ``ValueError`` saying
    why. A plot is written only inside the folder the user named on the command line, so a
    name with folder parts, ``..`` or an absolute path is refused rather than followed."""
    if not isinstance(name, str):
        raise ValueError(f"expected a file name such as 'policy.svg', got {name!r}")
    if not name.lower().endswith(".svg") or len(name) <= len(".svg"):
        raise ValueError(f"expected a file name ending in .svg, got {name!r}")
    if any(ch in name for ch in "/\\:") or any(ord(ch) < 32 or ord(ch) == 127 for ch in name):
        raise ValueError(f"expected a plain file name without folders, got {name!r}")
    if name.startswith(".") or name.strip() != name:
        raise ValueError(f"expected a file name that is not hidden and has no outer spaces, got {name!r}")
    return name


def write_svg(output_dir: Path, name: str, text: str) -> Path:
    """Write ``text`` as ``output_dir / name`` and return that path. The folder must exist
    (none is created). The text goes to a new temporary file in the same folder, which then
    replaces ``name`` in one step (``os.replace``): a reader never sees half a file, a failed
    write leaves the old file as it was, and a symbolic link already standing at ``name`` is
    replaced, not followed."""
    check_plot_name(name)
    folder = Path(output_dir)
    if not folder.is_dir():
        raise FileNotFoundError(f"the output folder {str(folder)!r} does not exist or is not a folder")
    data = text.encode("utf-8")
    target = folder / name
    temporary = folder / f".{name}.{secrets.token_hex(8)}.tmp"
    # O_EXCL: the temporary name is new, never an existing file or link.
    fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o666)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temporary, target)
    except BaseException:
        try:
            os.unlink(temporary)
        except FileNotFoundError:
            pass
        raise
    return target


def write_threshold_svg(
    output_dir: Path, name: str, rows: Sequence["ThresholdRow"], *, title: str, oven_text: str = ""
) -> Path:
    """``threshold_svg`` written with ``write_svg``."""
    check_plot_name(name)
    return write_svg(output_dir, name, threshold_svg(rows, title=title, oven_text=oven_text))


# ---- a stop-policy as a picture ------------------------------------------------------------


def _spans(numbers: Sequence[int]) -> str:
    """``[12, 13, 14, 20]`` as ``12-14, 20``."""
    spans: list[list[int]] = []
    for n in numbers:
        if spans and spans[-1][1] == n - 1:
            spans[-1][1] = n
        else:
            spans.append([n, n])
    return ", ".join(str(a) if a == b else f"{a}-{b}" for a, b in spans)


def _nice_step(span: float) -> int:
    for step in (5, 10, 20, 25, 50, 100, 200, 250, 500, 1000):
        if span / step <= 10:
            return step
    return 2000


@dataclass(frozen=True)
class _Frame:
    """Where a (pieces, haul) point lands: pieces first..last across (first is 0 for a turn
    whose first draw is optional, else 1), hauls low..high up."""

    first: int
    last: int
    low: float
    high: float

    @property
    def plot_w(self) -> int:
        return WIDTH - LEFT - RIGHT

    @property
    def plot_h(self) -> int:
        return HEIGHT - TOP - BOTTOM

    @property
    def columns(self) -> int:
        return max(self.last - self.first + 1, 1)

    def x(self, pieces: float) -> float:
        return LEFT + self.plot_w * (pieces - self.first + 0.5) / self.columns

    def y(self, haul: float) -> float:
        return TOP + self.plot_h * (1 - (haul - self.low) / (self.high - self.low))


def _frame(rows: Sequence["ThresholdRow"]) -> _Frame:
    hauls = [0]
    for r in rows:
        if r.stop_from is not None:
            hauls.append(r.stop_from)
        if r.draw_hauls:
            hauls += list(r.draw_hauls)
        hauls += [h for _, h in r.exceptions]
    low, high = min(hauls), max(hauls) or 1
    high += max(5, (high - low) // 20)  # headroom, so the top mark is not on the frame
    if high == low:
        high = low + 1
    first = min((r.pieces for r in rows), default=1)
    return _Frame(min(first, 1), max((r.pieces for r in rows), default=1), low, high)


def _axes(frame: _Frame, rows: Sequence["ThresholdRow"]) -> list[str]:
    out = []
    step = _nice_step(frame.high - frame.low)
    tick = (frame.low // step) * step
    while tick <= frame.high:
        if tick >= frame.low:
            y = frame.y(tick)
            out.append(f'<line x1="{LEFT}" y1="{y:.1f}" x2="{WIDTH - RIGHT}" y2="{y:.1f}" stroke="#eee"/>')
            out.append(f'<text x="{LEFT - 6}" y="{y + 4:.1f}" text-anchor="end">{tick}</text>')
        tick += step
    every = max(1, frame.columns // 20)
    for r in rows:
        if r.pieces % every == 0 or r.pieces == 1:
            out.append(f'<text x="{frame.x(r.pieces):.1f}" y="{HEIGHT - BOTTOM + 16}" text-anchor="middle">{r.pieces}</text>')
    middle = TOP + frame.plot_h / 2
    out += [
        f'<line x1="{LEFT}" y1="{TOP}" x2="{LEFT}" y2="{HEIGHT - BOTTOM}" stroke="black"/>',
        f'<line x1="{LEFT}" y1="{HEIGHT - BOTTOM}" x2="{WIDTH - RIGHT}" y2="{HEIGHT - BOTTOM}" stroke="black"/>',
        f'<text x="{WIDTH / 2}" y="{HEIGHT - 22}" text-anchor="middle">pieces pulled this turn</text>',
        f'<text x="18" y="{middle}" text-anchor="middle" transform="rotate(-90 18 {middle})">haul</text>',
    ]
    return out


def _marks(frame: _Frame, rows: Sequence["ThresholdRow"]) -> list[str]:
    out = []
    half = max(2.0, 0.35 * frame.plot_w / frame.columns)
    for r in rows:
        cx = frame.x(r.pieces)
        if r.draw_hauls:
            lo, hi = r.draw_hauls
            out.append(
                f'<rect x="{cx - half:.1f}" y="{frame.y(hi):.1f}" width="{2 * half:.1f}" '
                f'height="{max(1.0, frame.y(lo) - frame.y(hi)):.1f}" fill="#bbb"><title>draw at hauls {lo}-{hi}</title></rect>'
            )
        if r.stop_from is not None:
            out.append(
                f'<rect x="{cx - half:.1f}" y="{frame.y(r.stop_from) - 1.5:.1f}" width="{2 * half:.1f}" height="3" '
                f'fill="#c00"><title>stop from haul {r.stop_from}</title></rect>'
            )
        for _, h in r.exceptions[:200]:
            out.append(f'<circle cx="{cx:.1f}" cy="{frame.y(h):.1f}" r="2" fill="#e80"/>')
    return out


def _legend() -> list[str]:
    legend_y, lx = 50, LEFT
    return [
        f'<rect x="{lx}" y="{legend_y}" width="14" height="10" fill="#bbb"/>',
        f'<text x="{lx + 20}" y="{legend_y + 9}">draw at these hauls</text>',
        f'<rect x="{lx + 160}" y="{legend_y + 3.5}" width="14" height="3" fill="#c00"/>',
        f'<text x="{lx + 180}" y="{legend_y + 9}">stop from this haul on</text>',
        f'<circle cx="{lx + 337}" cy="{legend_y + 5}" r="3" fill="#e80"/>',
        f'<text x="{lx + 345}" y="{legend_y + 9}">a state that stops below the mark</text>',
    ]


def threshold_svg(rows: Sequence["ThresholdRow"], *, title: str, oven_text: str = "") -> str:
    # A row the policy never reaches (the turn has always stopped before) is left out, so the
    # picture shows the policy as it is played; the caption says which rows are left out.
    reached = [r for r in rows if getattr(r, "reached", True)]
    left_out = [r.pieces for r in rows if not getattr(r, "reached", True)]
    if reached and left_out:
        rows = reached
        oven_text = "; ".join(t for t in (oven_text, f"never reached, left out: {_spans(left_out)} pieces") if t)
    frame = _frame(rows)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
        f'viewBox="0 0 {WIDTH} {HEIGHT}" font-family="sans-serif" font-size="12">',
        f'<rect width="{WIDTH}" height="{HEIGHT}" fill="white"/>',
        f'<text x="{WIDTH / 2}" y="22" text-anchor="middle" font-size="15">{escape(title)}</text>',
        f'<text x="{WIDTH / 2}" y="38" text-anchor="middle" fill="#555">{escape(oven_text)}</text>',
    ]
    out += _axes(frame, rows) + _marks(frame, rows) + _legend() + ["</svg>"]
    return "\n".join(out) + "\n"
