"""``oracle check --update`` keeps a file as it was except for the values it changes: tested
on every shipped scenario file, and on the layouts a designer writes by hand."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from oracle.cli import main
from oracle.scenario_yaml import read_text
from oracle.update import update_text

from _toygame import SCENARIO as GOOD, toy_game

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = sorted((ROOT / "scenarios").rglob("*.scenario.yaml"))


def as_answer(expected):
    """An answer that meets ``expected`` exactly (an ``approx`` becomes its number)."""
    if isinstance(expected, dict):
        if set(expected) <= {"approx", "tol"} and "approx" in expected:
            return expected["approx"]
        return {k: as_answer(v) for k, v in expected.items()}
    if isinstance(expected, list):
        return [as_answer(v) for v in expected]
    return expected


def changed(value, tol=1e-9):
    """A value that fails ``value`` as an expectation."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, (int, float)):
        return value + 1 + 10 * tol
    if value is None:
        return "something"
    return f"{value}-changed"


def leaves(expected, path=()):
    """Every scalar under ``expected`` with its path; an ``approx`` is the number it holds."""
    if isinstance(expected, dict) and "approx" in expected and set(expected) <= {"approx", "tol"}:
        yield path + ("approx",), expected["approx"], expected.get("tol", 1e-9)
    elif isinstance(expected, dict):
        for key, value in expected.items():
            yield from leaves(value, path + (key,))
    elif isinstance(expected, list):
        for index, value in enumerate(expected):
            yield from leaves(value, path + (index,))
    else:
        yield path, expected, 1e-9


def put(data, path, value):
    """``data`` as an answer, with the value at ``path`` replaced (an approx's number too)."""
    if path[-1] == "approx" and len(path) == 1:
        return value
    if not path:
        return value
    head, rest = path[0], path[1:]
    if rest == ("approx",):
        rest = ()
    copy = list(data) if isinstance(data, list) else dict(data)
    copy[head] = put(data[head], rest, value) if rest else value
    return copy


def questions(text, file):
    """(document, index, id, expect) of every question with an expectation and no marks."""
    for number, (data, _) in enumerate(read_text(text, file)):
        for index, q in enumerate(data.get("questions") or []):
            if "expect" in q and not q.get("marks"):
                yield number, index, str(q["id"]), q["expect"]


def node_at(node, path):
    for part in path:
        if isinstance(node, yaml.MappingNode):
            node = next(v for k, v in node.value if k.value == str(part))
        else:
            node = node.value[part]
    return node


def spans(text, places):
    documents = list(yaml.compose_all(text))
    found = []
    for document, path in places:
        node = node_at(documents[document], path)
        found.append((node.start_mark.index, node.end_mark.index))
    return found


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: str(p.relative_to(ROOT)))
def test_an_update_whose_values_all_hold_leaves_a_shipped_file_byte_identical(path):
    text = path.read_text(encoding="utf-8")
    answers = {(d, i): (qid, as_answer(expect)) for d, i, qid, expect in questions(text, str(path))}
    assert answers
    assert update_text(text, answers) == text


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_changed_value_of_a_shipped_file_changes_only_its_own_bytes(path):
    text = path.read_text(encoding="utf-8")
    answers, places, new_values = {}, [], []
    for d, i, qid, expect in questions(text, str(path)):
        answer = as_answer(expect)
        for leaf, value, tol in leaves(expect):
            if not leaf:
                continue
            answer = put(answer, leaf, changed(value, tol))
            places.append((d, ("questions", i, "expect", *leaf)))
            new_values.append(changed(value, tol))
        answers[(d, i)] = (qid, answer)
    new = update_text(text, answers)
    old_spans, new_spans = spans(text, places), spans(new, places)
    order = sorted(range(len(places)), key=lambda k: old_spans[k])
    old_cut, new_cut = 0, 0
    for k in order:
        (old_start, old_end), (new_start, new_end) = old_spans[k], new_spans[k]
        assert text[old_cut:old_start] == new[new_cut:new_start], f"bytes between values changed near {places[k]}"
        assert yaml.safe_load("[" + new[new_start:new_end] + "]") == [new_values[k]]
        old_cut, new_cut = old_end, new_end
    assert text[old_cut:] == new[new_cut:]


# Files of every game whose questions answer fast; every shipped file's text is tested above.
QUICK = ["diablo/hands", "drawing-dead/hands", "hell-of-a-deal/hands", "auf-teufel-komm-raus/positions", "diablo/rulebook-example"]


def test_update_of_an_unchanged_scenario_folder_leaves_every_file_byte_identical(tmp_path):
    for name in QUICK:
        (tmp_path / name).parent.mkdir(exist_ok=True)
        shutil.copy(ROOT / "scenarios" / f"{name}.scenario.yaml", tmp_path / f"{name}.scenario.yaml")
    before = {p: p.read_bytes() for p in tmp_path.rglob("*") if p.is_file()}
    result = CliRunner().invoke(main, ["check", str(tmp_path), "--update"])
    assert result.exit_code == 0, result.output
    assert "updated" not in result.output
    assert {p: p.read_bytes() for p in tmp_path.rglob("*") if p.is_file()} == before


@pytest.mark.parametrize("name", QUICK)
def test_expectations_written_by_update_pass_the_next_check(tmp_path, name):
    text = (ROOT / "scenarios" / f"{name}.scenario.yaml").read_text(encoding="utf-8")
    documents = [d for d in yaml.safe_load_all(text) if d is not None]
    for document in documents:
        for question in document["questions"]:
            question.pop("expect", None)
    path = tmp_path / "a.scenario.yaml"
    path.write_text(yaml.safe_dump_all(documents, sort_keys=False, allow_unicode=True))
    without = path.read_text()
    first = CliRunner().invoke(main, ["check", str(path), "--update"])
    assert first.exit_code == 0 and f"updated {path}" in first.output
    new = path.read_text()
    written = [d for d in yaml.safe_load_all(new) if d is not None]
    assert all("expect" in q for d in written for q in d["questions"])
    for document in written:
        for question in document["questions"]:
            question.pop("expect")
    assert written == documents  # nothing else changed
    assert new.replace("\n", "").count("expect:") == sum(len(d["questions"]) for d in documents)
    assert without.splitlines()[0] == new.splitlines()[0]
    assert CliRunner().invoke(main, ["check", str(path)]).exit_code == 0


@pytest.fixture
def toy():
    with toy_game():
        yield


def check(*args):
    return CliRunner().invoke(main, ["check", *map(str, args)])


FLOW_PLAYERS = """\
game: toy-poker
name: flow
position:
  players: [{name: Anna, chips: 10, hand: "As Kd"}, {name: Ben, chips: 5, hand: "Qs Qd"}]

questions:
  # Ben's chips, in flow style
  - {id: ben, ask: {kind: chips, player: Ben}, expect: {chips: 6}}   # wrong on purpose
  - id: anna
    ask:
      kind: chips
      player: Anna
    expect:
      player: 'Anna'     # quoted
      chips: 11
      ratio: {approx: 3.0, tol: 0.5}   # holds: keeps the designer's rounding
"""


def test_the_issue_flow_mappings_survive_and_only_wrong_values_change(tmp_path, toy):
    path = tmp_path / "a.scenario.yaml"
    path.write_text(FLOW_PLAYERS)
    updated = check(path, "--update")
    assert updated.exit_code == 0 and "2 updated" in updated.output  # every difference written
    assert path.read_text() == FLOW_PLAYERS.replace("chips: 6}", "chips: 5}").replace("chips: 11", "chips: 10")
    assert check(path).exit_code == 0


def test_a_quoted_value_keeps_its_quotes(tmp_path, toy):
    path = tmp_path / "a.scenario.yaml"
    path.write_text(FLOW_PLAYERS.replace("player: 'Anna'", "player: 'Anne'"))
    check(path, "--update")
    assert "player: 'Anna'     # quoted" in path.read_text()


def test_an_approx_out_of_tolerance_gets_the_number_and_keeps_its_tolerance(tmp_path, toy):
    path = tmp_path / "a.scenario.yaml"
    path.write_text(FLOW_PLAYERS.replace("approx: 3.0, tol: 0.5", "approx: 4.0, tol: 0.5"))
    check(path, "--update")
    assert "ratio: {approx: 3.3333333333333335, tol: 0.5}   # holds" in path.read_text()


def test_xfail_and_skip_questions_are_left_alone(tmp_path, toy):
    text = FLOW_PLAYERS.replace(
        "expect: {chips: 6}}", "expect: {chips: 6}, marks: [{xfail: waiting for a ruling}]}"
    ).replace("    expect:\n      player", "    marks: [{skip: not today}]\n    expect:\n      player")
    path = tmp_path / "a.scenario.yaml"
    path.write_text(text)
    result = check(path, "--update")
    assert path.read_text() == text
    assert result.exit_code == 0, result.output  # the xfail fails as marked; the skip is skipped
    assert check(path).exit_code == 0


def test_only_updates_the_chosen_questions(tmp_path, toy):
    path = tmp_path / "a.scenario.yaml"
    path.write_text(FLOW_PLAYERS)
    result = check(path, "--update", "-k", "flow::ben")
    assert result.output.count("UPDATED") == 1 and "flow::anna" not in result.output
    assert path.read_text() == FLOW_PLAYERS.replace("chips: 6}", "chips: 5}")
    check(path, "--update", "--only", "an*")
    assert check(path).exit_code == 0


def test_only_that_chooses_nothing_exits_2(tmp_path, toy):
    path = tmp_path / "a.scenario.yaml"
    path.write_text(GOOD)
    result = check(path, "--only", "no-such-question")
    assert result.exit_code == 2
    assert "Error: --only 'no-such-question' chooses no question" in result.output


def test_a_question_without_expect_gets_the_whole_answer_after_its_ask(tmp_path, toy):
    text = FLOW_PLAYERS.replace(", expect: {chips: 6}}", "}").replace(
        "    expect:\n      player: 'Anna'     # quoted\n      chips: 11\n      ratio: {approx: 3.0, tol: 0.5}   # holds: keeps the designer's rounding\n",
        "    rule: Toy rule\n",
    )
    path = tmp_path / "a.scenario.yaml"
    path.write_text(text)
    check(path, "--update")
    new = path.read_text()
    assert "  - {id: ben, ask: {kind: chips, player: Ben}, expect: {player: Ben, chips: 5, ratio: 1.6666666666666667}}   # wrong" in new
    assert "      player: Anna\n    expect:\n      player: Anna\n      chips: 10\n      ratio: 3.3333333333333335\n    rule: Toy rule\n" in new
    assert check(path).exit_code == 0


def test_windows_line_endings_and_a_last_line_without_a_break_are_kept(tmp_path, toy):
    text = GOOD.replace("chips: 10, ratio", "chips: 11, ratio").replace("    expect: {category: pair}\n", "")
    text = text.rstrip("\n").replace("\n", "\r\n")
    path = tmp_path / "a.scenario.yaml"
    path.write_bytes(text.encode())
    check(path, "--update")
    new = path.read_bytes().decode()
    assert "\n" not in new.replace("\r\n", "")
    assert new.startswith(text.split("chips: 11")[0] + "chips: 10, ratio")
    assert 'ask: {kind: rank, cards: "9h 9c"}\r\n    expect:\r\n      game: standard\r\n' in new
    assert not new.endswith("\n")
    assert check(path).exit_code == 0


def test_a_list_of_another_length_is_replaced_in_its_own_block_style():
    text = """\
game: toy-poker
questions:
  - id: q
    ask: validate
    expect:
      winners:
        - Ben
      # a comment between keys
      pot: 26
"""
    new = update_text(text, {(0, 0): ("q", {"winners": ["Ben", "Anna"], "pot": 26, "rows": [{"a": 1}]})})
    assert new == text.replace("        - Ben\n", "        - Ben\n        - Anna\n")
    new = update_text(text, {(0, 0): ("q", {"winners": [{"name": "Ben", "won": 13}, {"name": "Anna", "won": 13}], "pot": 26})})
    assert new == text.replace(
        "        - Ben\n", "        - name: Ben\n          won: 13\n        - name: Anna\n          won: 13\n"
    )


def test_text_that_needs_quotes_is_quoted_and_stays_on_its_line():
    text = "game: toy-poker\nquestions:\n  - id: q\n    ask: validate\n    expect: {note: plain, other: x}\n"
    answer = {"note": "a: b, [c]\nsecond line", "other": "x"}
    new = update_text(text, {(0, 0): ("q", answer)})
    assert new == text.replace("note: plain", 'note: "a: b, [c]\\nsecond line"')


def test_update_writes_through_a_symbolic_link_and_keeps_the_mode(tmp_path, toy):
    real = tmp_path / "real.yaml"
    real.write_text(GOOD.replace("chips: 10, ratio", "chips: 11, ratio"))
    os.chmod(real, 0o640)
    link = tmp_path / "a.scenario.yaml"
    link.symlink_to(real)
    check(link, "--update")
    assert link.is_symlink() and "chips: 10, ratio" in real.read_text()
    assert (real.stat().st_mode & 0o777) == 0o640


def test_a_file_that_cannot_be_written_is_reported_and_the_others_are_updated(tmp_path, toy):
    wrong = GOOD.replace("chips: 10, ratio", "chips: 11, ratio")
    locked_dir = tmp_path / "locked"
    locked_dir.mkdir()
    (locked_dir / "a.scenario.yaml").write_text(wrong)
    (tmp_path / "b.scenario.yaml").write_text(wrong)
    os.chmod(locked_dir / "a.scenario.yaml", 0o444)
    try:
        result = check(locked_dir / "a.scenario.yaml", tmp_path / "b.scenario.yaml", "--update")
    finally:
        os.chmod(locked_dir / "a.scenario.yaml", 0o644)
    if os.geteuid() != 0:
        assert result.exit_code == 2
        assert "not writable" in result.output
    assert "chips: 10, ratio" in (tmp_path / "b.scenario.yaml").read_text()
