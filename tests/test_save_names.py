"""`:save` refuses in one line, with exit code 2 at the end of a piped session, a name the
file system cannot hold and a symbolic link; the session goes on."""

from __future__ import annotations

import os

from click.testing import CliRunner

from oracle.cli import main


def play(lines):
    return CliRunner().invoke(main, ["play", "diablo", "--seats", "Anna Ben Carla"], input="\n".join(lines) + "\n")


def test_audit_5_a_name_too_long_for_the_file_system_is_one_line_and_the_session_goes_on(tmp_path):
    long_name = str(tmp_path / ("x" * 300 + ".scenario.yaml"))
    result = play([f":save {long_name}", "Ben checks"])
    errors = [line for line in result.stderr.splitlines() if line.startswith("Error:")]
    assert result.exit_code == 2 and len(errors) == 1
    assert "File name too long" in errors[0] and len(errors[0]) < 400 and "internal error" not in errors[0]
    assert "Carla:" in result.stdout  # Ben's check was played after it


def test_audit_5_a_symbolic_link_is_never_written_through(tmp_path):
    outside = tmp_path / "elsewhere.txt"
    link = tmp_path / "table.scenario.yaml"
    os.symlink(outside, link)
    result = play([f":save {link}"])
    assert result.exit_code == 2 and "symbolic link" in result.stderr
    assert not outside.exists() and os.path.islink(link)
