"""--json output is UTF-8 text, but the characters that could mislead a terminal or a reader
(bidirectional controls, line separators, C1 controls) are written as escapes."""

from __future__ import annotations

import json
import re
from pathlib import Path

from click.testing import CliRunner

from oracle.cli import main
from oracle.json_text import json_text

ROOT = Path(__file__).parents[1]
HOSTILE = "Anna\u202e\u2028\x9b\u2066 bets"


def test_audit_12_json_escapes_bidi_separators_and_c1_and_reads_back_the_same():
    text = json_text({"line": HOSTILE, "ok": "é ♥"})
    assert not re.search("[\u202e\u2028\x9b\u2066]", text)
    assert "\\u202e" in text and "\\u2028" in text and "\\u009b" in text and "é ♥" in text
    assert json.loads(text) == {"line": HOSTILE, "ok": "é ♥"}


def test_audit_12_play_json_never_writes_the_raw_characters():
    out = CliRunner().invoke(main, ["play", "diablo", "--seats", "Anna Ben Carla", "--json"], input=HOSTILE + "\n").stdout
    assert out and not re.search("[\u202e\u2028\x9b\u2066]", out)
    assert json.loads(out.splitlines()[0])["input"] == HOSTILE.strip()


def test_audit_12_check_json_never_writes_the_raw_characters(tmp_path):
    path = tmp_path / "a.scenario.yaml"
    path.write_text('game: diablo\nname: "odd\\u202e\\u2028name"\nposition: {seats: [{name: Anna, chips: 9}, {name: Ben, chips: 9}, {name: Carla, chips: 9}]}\n'
                    "questions:\n  - {id: q, ask: {kind: rank, cards: 9 9 2 2 K}}\n", encoding="utf-8")
    out = CliRunner().invoke(main, ["check", str(path), "--json"]).stdout
    assert "\\u202e" in out and not re.search("[\u202e\u2028]", out)


def test_every_json_writer_goes_through_json_text():
    """Only files (chart metadata and manifests) and the web page's event stream (ASCII) call
    json.dumps themselves."""
    allowed = {"oracle/json_text.py", "oracle/charts/store.py", "oracle/serve/app.py"}
    offenders = [str(p.relative_to(ROOT)) for p in (ROOT / "oracle").rglob("*.py")
                 if "json.dumps(" in p.read_text(encoding="utf-8") and str(p.relative_to(ROOT)) not in allowed]
    assert offenders == []
