"""Regression tests for the audit of issue 12, shared machinery: output paths (9), writing
through links (10), escaped human output (11), finite numbers (14), long integers (15) and
card parsing (16). Each test is named after the point it keeps fixed."""

from __future__ import annotations

import json
import errno
import os
import stat

import pytest
from click.testing import CliRunner

from oracle import files
from oracle.cli import main

from _toygame import SCENARIO, toy_game

pytest_plugins = ["pytester"]

# The toy scenario with its first expectation wrong (Anna has 10 chips), so that check fails
# and --update has something to write.
WRONG = SCENARIO.replace("chips: 10, ratio", "chips: 11, ratio")


@pytest.fixture(autouse=True)
def toy():
    with toy_game():
        yield


def run(*args):
    # Wide, so that rich's tables do not wrap the text the tests look for.
    return CliRunner().invoke(main, [str(a) for a in args], env={"COLUMNS": "300"})


def assert_one_clean_error(result, *fragments):
    assert result.exit_code == 2, result.output
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("Error: "), lines
    assert "Traceback" not in result.output and "internal error" not in result.output
    for fragment in fragments:
        assert fragment in result.stderr, (fragment, result.stderr)


def scenario_file(tmp_path, text=WRONG, name="a.scenario.yaml"):
    path = tmp_path / name
    path.write_text(text)
    return path


def leftovers(folder):
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


# ----------------------------------------------------------------------------- 9: output paths


def test_audit_9_junit_refuses_a_device(tmp_path):
    scenario = scenario_file(tmp_path)
    device = tmp_path / "full"
    try:  # a copy of /dev/full of our own, so that a regression cannot harm the real one
        os.mknod(device, stat.S_IFCHR | 0o666, os.makedev(1, 7))
    except (PermissionError, AttributeError, OSError):
        pytest.skip("cannot make a device node here (needs root)")
    result = run("check", scenario, "--junit", device)
    assert_one_clean_error(result, "--junit", "it is a device, not a regular file")
    assert stat.S_ISCHR(os.lstat(device).st_mode)


def test_audit_9_junit_refuses_a_fifo_and_a_folder(tmp_path):
    scenario = scenario_file(tmp_path)
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    assert_one_clean_error(run("check", scenario, "--junit", fifo), "it is a FIFO")
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    assert_one_clean_error(run("check", scenario, "--junit", tmp_path), "it is a folder")
    assert_one_clean_error(run("check", scenario, "--junit", f"{tmp_path}/new.xml/"), "names a folder")
    assert not (tmp_path / "new.xml").exists()


@pytest.mark.parametrize("how", ["itself", "symlink", "hard link", "dot-dot"])
def test_audit_9_junit_refuses_the_scenario_being_checked(tmp_path, how):
    scenario = scenario_file(tmp_path)
    before = scenario.read_bytes()
    (tmp_path / "sub").mkdir()
    report = {
        "itself": scenario,
        "symlink": tmp_path / "report.xml",
        "hard link": tmp_path / "report.xml",
        "dot-dot": tmp_path / "sub" / ".." / scenario.name,
    }[how]
    if how == "symlink":
        report.symlink_to(scenario.name)
    elif how == "hard link":
        os.link(scenario, report)
    result = run("check", scenario, "--junit", report)
    assert_one_clean_error(result, "--junit", "it is the input file")
    assert scenario.read_bytes() == before
    assert leftovers(tmp_path) == []


def test_audit_9_junit_refuses_every_input_file_under_a_folder(tmp_path):
    scenario_file(tmp_path, name="a.scenario.yaml")
    second = scenario_file(tmp_path, name="b.scenario.yaml")
    before = second.read_bytes()
    assert_one_clean_error(run("check", tmp_path, "--junit", second), "it is the input file")
    assert second.read_bytes() == before


def test_audit_9_junit_with_an_empty_name_is_an_error(tmp_path):
    scenario = scenario_file(tmp_path)
    assert_one_clean_error(run("check", scenario, "--junit", ""), "--junit", "needs a name")


@pytest.mark.parametrize("umask", [0o022, 0o027])
def test_audit_9_a_new_report_gets_the_umask_mode(tmp_path, umask):
    scenario = scenario_file(tmp_path)
    report = tmp_path / "report.xml"
    old = os.umask(umask)
    try:
        result = run("check", scenario, "--junit", report)
    finally:
        os.umask(old)
    assert result.exit_code == 1, result.output
    assert stat.S_IMODE(report.stat().st_mode) == 0o666 & ~umask
    assert "<testsuites" in report.read_text()


def test_audit_9_an_existing_report_is_replaced_keeping_its_mode(tmp_path):
    scenario = scenario_file(tmp_path)
    report = tmp_path / "report.xml"
    report.write_text("old report")
    report.chmod(0o640)
    assert run("check", scenario, "--junit", report).exit_code == 1
    assert report.read_text().startswith("<?xml")
    assert stat.S_IMODE(report.stat().st_mode) == 0o640
    assert leftovers(tmp_path) == []


def test_audit_9_a_report_through_a_dangling_link_creates_its_target(tmp_path):
    scenario = scenario_file(tmp_path)
    (tmp_path / "reports").mkdir()
    link = tmp_path / "report.xml"
    link.symlink_to("reports/latest.xml")
    assert run("check", scenario, "--junit", link).exit_code == 1
    assert link.is_symlink() and (tmp_path / "reports" / "latest.xml").read_text().startswith("<?xml")


# ----------------------------------------------------------------------------- 10: links, mode, owner


def test_audit_10_update_writes_through_a_symlink(tmp_path):
    real = scenario_file(tmp_path, name="real.yaml")
    link = tmp_path / "link.scenario.yaml"
    link.symlink_to(real.name)
    result = run("check", link, "--update")
    assert result.exit_code == 0, result.output  # every difference written
    assert link.is_symlink() and os.readlink(link) == real.name
    assert "expect: {chips: 10, ratio:" in real.read_text()
    assert run("check", link).exit_code == 0
    assert leftovers(tmp_path) == []


def test_audit_10_update_keeps_hard_links(tmp_path):
    first = scenario_file(tmp_path)
    second = tmp_path / "other-name.yaml"
    os.link(first, second)
    inode = first.stat().st_ino
    assert run("check", first, "--update").exit_code == 0
    assert first.stat().st_ino == second.stat().st_ino == inode
    assert first.stat().st_nlink == 2
    assert "expect: {chips: 10, ratio:" in second.read_text()
    assert leftovers(tmp_path) == []


def test_audit_10_update_keeps_mode_and_owner(tmp_path):
    scenario = scenario_file(tmp_path)
    scenario.chmod(0o640)
    if os.geteuid() == 0:
        os.chown(scenario, 65534, 65534)  # nobody: a designer's file that root updates
    before = scenario.stat()
    assert run("check", scenario, "--update").exit_code == 0
    after = scenario.stat()
    assert "expect: {chips: 10, ratio:" in scenario.read_text()
    assert stat.S_IMODE(after.st_mode) == 0o640
    assert (after.st_uid, after.st_gid) == (before.st_uid, before.st_gid)


def test_audit_10_a_file_whose_owner_cannot_be_kept_is_written_in_place(tmp_path, monkeypatch):
    target = tmp_path / "theirs.txt"
    target.write_text("old text, longer than the new one\n")
    inode = target.stat().st_ino
    monkeypatch.setattr(files, "_can_give", lambda existing: False)
    files.write_text(target, "new\n")
    assert target.read_text() == "new\n" and target.stat().st_ino == inode
    assert leftovers(tmp_path) == []


def test_audit_10_a_full_disk_leaves_a_hard_linked_file_whole(tmp_path, monkeypatch):
    target = tmp_path / "a.txt"
    target.write_text("old\n")
    os.link(target, tmp_path / "b.txt")

    def full(fd, offset, size):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "posix_fallocate", full, raising=False)
    with pytest.raises(files.OutputError, match="No space left"):
        files.write_text(target, "new text\n" * 100)
    assert target.read_text() == "old\n"
    assert leftovers(tmp_path) == []


def test_audit_10_a_failed_overwrite_names_the_complete_copy(tmp_path, monkeypatch):
    target = tmp_path / "a.txt"
    target.write_text("old\n")
    os.link(target, tmp_path / "b.txt")
    real_pwrite = os.pwrite

    def failing(fd, data, offset):
        if os.fstat(fd).st_ino == target.stat().st_ino:
            raise OSError(errno.EIO, os.strerror(errno.EIO))
        return real_pwrite(fd, data, offset)

    monkeypatch.setattr(os, "pwrite", failing)
    with pytest.raises(files.OutputError, match="complete new text is in") as caught:
        files.write_text(target, "new\n")
    [copy] = leftovers(tmp_path)
    assert (tmp_path / copy).read_text() == "new\n" and copy in str(caught.value)


def test_audit_10_a_read_only_file_is_refused_not_replaced(tmp_path, monkeypatch):
    target = tmp_path / "a.txt"
    target.write_text("old\n")
    monkeypatch.setattr(os, "access", lambda path, mode, **kw: mode != os.W_OK)
    with pytest.raises(files.OutputError, match="not writable"):
        files.write_text(target, "new\n")
    assert target.read_text() == "old\n"


# ----------------------------------------------------------------------------- 11: escaped output

# Double-quoted YAML: \e is the escape character, so the name erases the line, returns to its
# start and turns the rest around, and a player's name (shown in the explanation) does the same.
HOSTILE = r"""
game: toy-poker
name: "evil\e[2K\rPASSED \u202eliam [/oops]"
description: "looks\e[2K\rfine\u202e"
position:
  players:
    - {name: "Ann\e[2K\ra\u202e", chips: 10, hand: "As Kd"}
questions:
  - id: "q\e[2K\r\u202e1"
    ask: {kind: chips, player: "Ann\e[2K\ra\u202e"}
    expect: {chips: 11}
  - id: skipped
    ask: {kind: chips, player: "Ann\e[2K\ra\u202e"}
    marks: [{skip: "why\e[2K\r\u202e"}]
  - id: broken
    ask: {kind: fail, why: "bad\e[2K\r\u202e"}
"""

RAW = ("\x1b", "\r", "\u202e")


@pytest.fixture
def failing_kind():
    from oracle import registry
    from oracle.errors import OracleError
    from oracle.registry import Param

    def fail(ctx):
        raise OracleError(f"cannot answer: {ctx.params['why']}")

    registry.register_question("toy-poker", "fail", summary="always fails", params={"why": Param("why")})(fail)
    yield
    registry._QUESTIONS.pop(("toy-poker", "fail"), None)


def assert_escaped(text):
    for raw in RAW:
        assert raw not in text, (raw, text)
    assert "\\x1b[2K" in text and "\\r" in text and "\\u202e" in text


@pytest.mark.parametrize("command", ["solve", "check"])
def test_audit_11_human_output_escapes_scenario_text(tmp_path, failing_kind, command):
    path = scenario_file(tmp_path, HOSTILE)
    result = run(command, path)
    assert result.exit_code in (1, 2), result.output
    assert "Traceback" not in result.output and "internal error" not in result.output
    assert_escaped(result.output)
    assert "[/oops]" in result.output  # shown as written, not read as rich markup
    if command == "check":
        lines = result.stdout.splitlines()
        assert any(line.startswith("FAILED ") and "q\\x1b[2K\\r\\u202e1" in line for line in lines), lines
        assert any(line.startswith("ERROR ") and "bad\\x1b[2K" in line for line in lines), lines
    else:
        assert "looks\\x1b[2K\\rfine\\u202e" in result.output  # the description
        assert "cannot answer: bad\\x1b[2K" in result.output  # the error text
        assert "Ann\\x1b[2K\\ra\\u202e has 10" in result.output  # the explanation


def test_audit_11_error_lines_escape_scenario_text(tmp_path):
    result = run("check", tmp_path / "no\x1b[2K\rsuch\u202e.scenario.yaml")
    assert_one_clean_error(result, "no such file")
    assert_escaped(result.stderr)


def test_audit_11_pytest_reports_escape_scenario_text(tmp_path, failing_kind, pytester):
    pytester.makefile(".scenario.yaml", hostile=HOSTILE)
    result = pytester.runpytest("-p", "no:cacheprovider", "-v", "-rA")
    result.assert_outcomes(failed=2, skipped=1)
    assert_escaped(result.stdout.str())


# ----------------------------------------------------------------------------- 14, 15: numbers


def error_lines(result):
    return [line for line in result.stderr.splitlines() if line.strip()]


def test_audit_14_nan_and_infinity_are_refused_with_the_field_named(tmp_path):
    text = WRONG.replace("ask: {kind: chips, player: Anna}", "ask: {kind: chips, player: Anna, time_limit: .nan}")
    text = text.replace("chips: 10, hand", "chips: .inf, hand").replace("chips: 11, ratio: {approx: 3.333,", "chips: -.Inf, ratio: {approx: 1.5e+999,")
    path = scenario_file(tmp_path, text)
    result = run("solve", path)
    assert result.exit_code == 2, result.output
    assert error_lines(result) == [
        f"Error: {path}:6: position.players[0].chips: must be a finite number, not .inf",
        f"Error: {path}:9: questions[0].ask.time_limit: must be a finite number, not .nan",
        f"Error: {path}:10: questions[0].expect.chips: must be a finite number, not -.Inf",
        f"Error: {path}:10: questions[0].expect.ratio.approx: must be a finite number, not 1.5e+999",
    ]
    assert "Traceback" not in result.output


def test_audit_14_solve_refuses_nan_too(tmp_path):
    path = scenario_file(tmp_path, WRONG.replace("player: Anna}", "player: Anna, samples: .NaN}"))
    assert_one_clean_error(run("solve", path, "--json"), f"{path}:9: questions[0].ask.samples: must be a finite number")


@pytest.mark.parametrize(
    "written, message",
    [
        ("9" * 4301, "an integer of 4,301 digits; at most 4,300 are allowed"),
        ("-" + "1" * 5000, "an integer of 5,000 digits"),
        ("0" * 4400 + "7", "an integer of 4,401 digits"),
        ("0x" + "f" * 4000, "an integer of more than 4,300 digits"),
        ("1" + ":1" * 100_000, "an integer of 100,001 digits"),  # base 60, refused before it is computed
    ],
)
def test_audit_15_an_integer_of_more_than_4300_digits_is_a_field_error(tmp_path, written, message):
    path = scenario_file(tmp_path, WRONG.replace("chips: 10, hand", f"chips: {written}, hand"))
    assert_one_clean_error(run("solve", path), f"{path}:6: position.players[0].chips: {message}")
    result = run("check", path)  # check reports it on standard error, its count on standard output
    assert result.exit_code == 2 and f"Error: {path}:6: position.players[0].chips: {message}" in result.stderr


def test_audit_15_the_longest_integer_allowed_is_read(tmp_path):
    path = scenario_file(tmp_path, WRONG.replace("chips: 10, hand", f"chips: {'9' * 4300}, hand"))
    result = run("check", path, "--json")
    report = json.loads(result.output)
    # Read (not unreadable), then asked: a ratio of such a number is refused as bad input.
    assert report["unreadable_files"] == 0 and result.exit_code == 2, result.output
    assert [r["outcome"] for r in report["results"]] == ["error", "passed"]
    assert "too large" in report["results"][0]["reason"]


def test_audit_14_15_a_bad_number_as_a_key_is_named_too(tmp_path):
    path = scenario_file(tmp_path, WRONG + ".nan: 3\n")
    assert_one_clean_error(run("solve", path), f"{path}:15: (top level): key '.nan': must be a finite number, not .nan")
    path = scenario_file(tmp_path, WRONG + f"? {'1' * 5000}\n: 3\n")  # a key this long must be explicit
    assert_one_clean_error(run("solve", path), f"{path}:15: (top level): a key has at most 200 characters, not '1111")


@pytest.mark.parametrize(
    "written, message",
    [("2001-02-30", "'2001-02-30' is not a valid YAML timestamp"), ("!!int abc", "'abc' is not a valid YAML int"),
     ("!!bool maybe", "'maybe' is not a valid YAML bool"), ("!!float abc", "'abc' is not a valid YAML float")],
)
def test_audit_15_any_scalar_yaml_cannot_convert_is_a_field_error(tmp_path, written, message):
    path = scenario_file(tmp_path, WRONG.replace("name: chips", f"name: {written}"))
    assert_one_clean_error(run("solve", path), f"{path}:3: name: {message}")


def test_loader_reads_at_most_its_limit_from_a_pipe(tmp_path):
    # As /dev/zero would, but with an end: a loader that read it all must not fill the memory.
    import threading

    pipe = tmp_path / "endless.scenario.yaml"
    os.mkfifo(pipe)

    def feed():
        try:
            with open(pipe, "wb") as out:
                for _ in range(4):
                    out.write(b"a" * (1 << 20))
        except BrokenPipeError:
            pass

    writer = threading.Thread(target=feed, daemon=True)
    writer.start()
    result = run("solve", pipe)
    writer.join(timeout=10)
    assert_one_clean_error(result, f"{pipe}: (top level): holds more than 1 MiB")


# ----------------------------------------------------------------------------- 16: card parsing


def _fastest(parse, text, runs=3):
    import time

    best = float("inf")
    for _ in range(runs):
        started = time.perf_counter()
        try:
            parse(text)
        except Exception:
            pass
        best = min(best, time.perf_counter() - started)
    return best


def test_audit_16_card_parsing_is_linear_in_the_length_of_a_token():
    # Not a speed limit (that is bench/'s), a shape: one token four times as long must cost
    # about what four short ones do. Quadratic parsing made it four times as much.
    from oracle.cards import parse_cards

    one_long = _fastest(parse_cards, "9h" * 50_000)
    four_short = _fastest(parse_cards, " ".join(["9h" * 12_500] * 4))
    assert one_long < 2.5 * four_short, (one_long, four_short)


def test_audit_16_a_200_kb_line_parses_and_a_bad_one_is_cut_in_its_message():
    from oracle.cards import parse_cards
    from oracle.errors import CardParseError

    assert len(parse_cards("9h" * 100_000)) == 100_000
    with pytest.raises(CardParseError) as caught:
        parse_cards("9h" * 100_000 + "X")
    message = str(caught.value)
    assert len(message) < 300, message
    assert "at position 200001 in '9h9h9h" in message and "… (200,001 characters)" in message


def test_audit_16_a_long_bad_token_is_cut_too():
    from oracle.cards import Card, parse_cards
    from oracle.errors import CardParseError

    with pytest.raises(CardParseError, match=r"unknown card 'XXXX.*'… \(200,000 characters\) at position 1 in 'XXX"):
        parse_cards("X" * 200_000)
    with pytest.raises(CardParseError, match=r"expected one card, got 100000 in '9h9h.*'… \(200,000 characters\)$"):
        Card.parse("9h" * 100_000)
    with pytest.raises(CardParseError, match=r"in '9x'"):  # short input is quoted whole, as before
        parse_cards("9x")


def test_audit_16_rank_of_a_200_kb_line_is_one_short_error_line():
    result = CliRunner().invoke(main, ["rank", "-"], input="9h" * 100_000 + "X\n")
    assert result.exit_code == 2
    [line] = result.stderr.splitlines()
    assert line.startswith("Error: line 1: unknown card") and len(line) < 300


def test_audit_16_long_values_are_cut_in_loader_messages(tmp_path):
    long = "k" * 500_000
    path = scenario_file(tmp_path, WRONG.replace("game: toy-poker", f'game: "{long}"'))
    assert_one_clean_error(run("solve", path), f"{path}:2: game: unknown game 'kkkk", "… (500,000 characters); known games:")
    assert len(run("solve", path).stderr) < 400
    path = scenario_file(tmp_path, WRONG + f"? {long}\n: 1\n")
    result = run("solve", path)
    assert_one_clean_error(result, f"{path}:15: (top level): a key has at most 200 characters, not 'kkkk", "(500,000 characters)")
    assert len(result.stderr) < 400
    path = scenario_file(tmp_path, WRONG.replace("name: chips", f"name: [{', '.join(['1'] * 10_000)}]"))
    result = run("solve", path)
    assert_one_clean_error(result, f"{path}:3: name: must be text, not [1, 1, 1")
    assert len(result.stderr) < 400
