"""The session transcripts on the game pages are real sessions, regenerated from the code, so
they cannot drift from what `oracle play` answers."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_each_game_page_shows_a_session_transcript_produced_by_running_it():
    for page in ("diablo", "hell-of-a-deal", "drawing-dead", "auf-teufel-komm-raus"):
        assert "<!-- session transcript: generated from a real session" in (ROOT / "docs" / "games" / f"{page}.md").read_text()
    result = subprocess.run([sys.executable, str(ROOT / "docs" / "make_play_transcripts.py"), "--check"],
                            capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 0, f"{result.stdout}{result.stderr}: run python docs/make_play_transcripts.py"
