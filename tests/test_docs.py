"""The docs that are generated or promised stay true."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_cli_reference_is_generated_from_the_current_help():
    result = subprocess.run([sys.executable, str(ROOT / "docs" / "make_cli_reference.py"), "--check"])
    assert result.returncode == 0, "docs/cli.md is stale: run python docs/make_cli_reference.py"


def test_every_registered_question_kind_is_documented():
    from oracle.registry import all_question_kinds

    docs = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "docs").rglob("*.md"))
    missing = sorted({q.kind for q in all_question_kinds() if f"`{q.kind}`" not in docs})
    assert not missing, f"question kinds without docs: {missing}"


def test_readme_quick_start_has_exactly_two_commands_and_ci_runs_the_second():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    quick = readme.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    blocks = [b.split("\n", 1)[1].strip() for b in quick.split("```")[1::2]]
    assert len(blocks) == 2
    assert blocks[1] in (ROOT / ".ci" / "run").read_text(encoding="utf-8")
