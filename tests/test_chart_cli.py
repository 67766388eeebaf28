"""``oracle chart`` at the command line: bad input gets one line and exit 2, the missing
extra says how to install it, ``oracle rank`` never loads the charts' libraries, and a chart
folder answers lookups."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from oracle.cli import main

DOCS = Path(__file__).resolve().parent.parent / "docs" / "charts"


def run(*args: str):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


@pytest.mark.parametrize("args, message", [
    (["hod-preflop", "--boss", "Demonaa=Q Q"], "unknown Boss 'Demonaa'; did you mean 'Demona'?"),
    (["hod-preflop", "--boss", "Red Jack=T T"], "no pre-Flop chart against Red Jack"),
    (["hod-preflop", "--boss", "The Boatman=8 8"], "no pre-Flop chart against The Boatman"),
    (["hod-preflop", "--boss", "Jack Potts=T T"], "no pre-Flop chart against Jack Potts"),
    (["hod-preflop", "--boss", "Demona=Q Q X"], "unknown card 'X'"),
    (["hod-preflop", "--boss", "Demona"], "--boss takes NAME=CARDS"),
    (["hod-preflop"], "name the Bosses and their default hands"),
    (["auf-teufel-policy", "--targets", "100 abc"], "--targets takes whole numbers"),
    (["auf-teufel-policy", "--targets", "0 2000"], "--targets must lie from 1 to 1,270"),
    (["auf-teufel-policy", "--limit", "3", "--sample", "3"], "give --limit or --sample, not both"),
    (["diablo-draw", "--limit", "0"], "--limit"),
    (["diablo-draw", "--scheduler", "tcp://127.0.0.1:1", "--workers", "2"], "--workers sizes the local cluster"),
    (["lookup", "2h 9c 9d Kh 4s", "--chart", "/nonexistent/chart"], "no chart at '/nonexistent/chart'"),
])
def test_bad_chart_input_gets_one_line_naming_it_and_exit_2(args, message, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = run("chart", *args)
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: ") and message in lines[0]
    assert not list(tmp_path.iterdir()), "nothing is written for bad input"


def test_a_bosses_file_error_names_the_file_and_line(tmp_path):
    bosses = tmp_path / "bosses.yaml"
    bosses.write_text("Demona: Q Q T T\nNick Hausss: A A K K\n")
    result = run("chart", "hod-preflop", "--bosses", str(bosses), "--output", str(tmp_path / "out"))
    assert result.exit_code == 2
    assert result.output.strip() == f"Error: {bosses}:2: Nick Hausss: unknown Boss 'Nick Hausss'; did you mean 'Nick Hauss'?"


def test_the_shipped_boss_defaults_file_names_the_six_bosses_of_a_standard_game():
    from oracle.charts.hod import read_bosses

    params = read_bosses((), str(DOCS / "boss-defaults.yaml"))
    assert [b["name"] for b in params["bosses"]] == ["Dedly Aloor", "Eenie Meanie", "Miss Fortune", "Demona",
                                                     "Nick Hauss", "The Devil Himself"]


def test_without_the_charts_extra_oracle_chart_says_in_one_line_how_to_install_it():
    code = ("import sys; sys.modules['distributed'] = None; sys.modules['pyarrow'] = None\n"
            "from oracle.cli import main; main(['chart', 'auf-teufel-policy', '--limit', '3'])")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 2
    assert done.stderr == ("Error: oracle chart needs distributed, pyarrow (the charts extra): "
                           "pip install 'oracle[charts]'\n")


def test_oracle_rank_never_imports_dask_distributed_or_pyarrow():
    code = ("import sys\nfrom oracle.cli import main\ntry:\n    main(['rank', '9 9 2 2 K'])\nexcept SystemExit:\n    pass\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('dask', 'distributed', 'pyarrow')))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.stdout.strip().splitlines()[-1] == "[]"


def test_an_oven_is_looked_up_in_the_shipped_chart_as_its_text_round_trips():
    result = run("chart", "lookup", "2x100, 3x75, 7x50, 9x25, 9x20, 9x10, 9 devils",
                 "--chart", str(DOCS / "auf-teufel-policy"), "--json")
    answer = json.loads(result.output)
    assert answer["oven"] == "2x100, 3x75, 7x50, 9x25, 9x20, 9x10, 9 devils"
    assert answer["haul"] == {"stop_from": 127.0, "stop_from_exact": "127"}
    human = run("chart", "lookup", "2x100 3x75 7x50 9x25 9x20 9x10 9 devils", "--chart",
                str(DOCS / "auf-teufel-policy" / "auf-teufel-policy.parquet"))
    assert "stop once the haul reaches 127" in human.output


def test_on_a_terminal_the_progress_bar_counts_partitions_and_estimates_the_time_left():
    import io

    from rich.console import Console

    from oracle.render_charts import chart_progress

    screen = io.StringIO()
    console = Console(file=screen, force_terminal=True, width=100, color_system=None)
    with chart_progress(console, "diablo-draw") as update:
        update(2, 10)  # two found done: they do not count towards the pace
        update(3, 10)
        console.print("after three")
    text = screen.getvalue()
    assert "3/10 partitions" in text and "left" in text


def test_in_a_log_progress_is_a_line_on_standard_error(capsys):
    from oracle.render import make_console
    from oracle.render_charts import chart_progress

    with chart_progress(make_console(), "hod-preflop") as update:
        update(0, 4)
        update(4, 4)
    err = capsys.readouterr().err
    assert "hod-preflop: 0 of 4 partitions done" in err and "hod-preflop: 4 of 4 partitions done" in err


@pytest.mark.parametrize("kind", ["diablo-draw", "hod-preflop"])
def test_a_finished_chart_run_and_a_lookup_print_their_tables_of_shares_and_bars(kind):
    """The terminal's answer to ``oracle chart KIND`` (the headline table: shares, and the
    outcome bars before the Flop) and to a lookup of a hand in the chart."""
    import io

    from rich.console import Console

    from oracle.charts.kinds import find_kind
    from oracle.charts.store import read_table
    from oracle.render_charts import chart_run_result

    folder = DOCS / f"{kind}-sample"
    meta = json.loads((folder / "chart.json").read_text())
    summary = find_kind(kind).summarize(read_table(folder / f"{kind}.parquet"), meta["params"])
    screen = io.StringIO()
    chart_run_result(Console(file=screen, width=120, color_system=None), {
        "kind": kind, "classes": 2, "classes_total": 134_459, "entries": 2, "computed": 1, "skipped": 0,
        "partitions": 1, "seconds": 1.0, "workers": 1, "scheduler": "local", "table": "t", "chart": "c",
        "summary": summary})
    assert "partitions: 1 computed" in screen.getvalue()
    assert ("%" in screen.getvalue()) and (kind != "hod-preflop" or "█" in screen.getvalue())
    if kind == "diablo-draw":
        human = run("chart", "lookup", "As Kh 7h 5d 3d", "--chart", str(folder))
        assert "equity" in human.output and "runner-up" in human.output and "█" in human.output


def test_chart_output_never_replaces_a_users_file_of_the_charts_name(tmp_path):
    folder = tmp_path / "mine"
    folder.mkdir()
    page = folder / "diablo-draw.html"
    page.write_text("my own notes\n")
    result = run("chart", "diablo-draw", "--limit", "1", "--output", str(folder))
    assert result.exit_code == 2 and "was not written by oracle chart and is never replaced" in result.output
    assert page.read_text() == "my own notes\n" and sorted(p.name for p in folder.iterdir()) == ["diablo-draw.html"]


def test_chart_output_never_writes_through_a_symbolic_link(tmp_path):
    outside = tmp_path / "outside.txt"
    outside.write_text("keep me\n")
    folder = tmp_path / "chart"
    folder.mkdir()
    (folder / "diablo-draw.parquet").symlink_to(outside)
    result = run("chart", "diablo-draw", "--limit", "1", "--output", str(folder))
    assert result.exit_code == 2 and "is a symbolic link" in result.output
    assert outside.read_text() == "keep me\n"
    (folder / "diablo-draw.parquet").unlink()
    (folder / "chart.json").symlink_to(outside)
    result = run("chart", "diablo-draw", "--limit", "1", "--output", str(folder))
    assert result.exit_code == 2 and "is a symbolic link" in result.output
    assert outside.read_text() == "keep me\n"



def _damage_data_pages(path: Path) -> None:
    """Overwrite bytes in the middle of a Parquet file: its footer (the schema, the row count)
    still reads, its data pages do not."""
    data = bytearray(path.read_bytes())
    data[40:104] = bytes(64)  # just past the magic number: the first column's pages
    path.write_bytes(bytes(data))


def test_a_partition_whose_data_pages_are_damaged_is_computed_again(tmp_path):
    from oracle.charts import find_kind
    from oracle.charts.run import _save_partition, compute_serially, finished_partitions, plan_chart
    from oracle.charts.store import part_path, prepare_folder, read_metadata

    plan = plan_chart(find_kind("auf-teufel-policy"), {"targets": [100]}, limit=4, partition_size=2)
    folder = tmp_path / "chart"
    prepare_folder(folder)
    rows = compute_serially(plan)
    for index in range(2):
        _save_partition(plan, folder, index, {"rows": rows[2 * index:2 * index + 2], "seconds": 0.0,
                                              "cpu_seconds": 0.0, "worker": "here"})
    assert finished_partitions(plan, folder) == [0, 1]
    _damage_data_pages(part_path(folder, 1))
    assert read_metadata(part_path(folder, 1))[1] == 2  # the footer still says two rows
    assert finished_partitions(plan, folder) == [0]


def test_lookup_over_a_damaged_chart_says_so_in_one_line(tmp_path):
    import shutil

    folder = tmp_path / "sample"
    shutil.copytree(DOCS / "diablo-draw-sample", folder)
    _damage_data_pages(folder / "diablo-draw.parquet")
    result = CliRunner().invoke(main, ["chart", "lookup", "As Kh 7h 5d 3d", "--chart", str(folder)])
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and "does not read back whole" in lines[0] and "diablo-draw.parquet" in lines[0]


def test_a_scheduler_that_never_answers_fails_within_the_connect_timeout(tmp_path):
    import socket
    import time

    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(5)  # accepts connections (the kernel does) and never says a word
    address = f"tcp://127.0.0.1:{listener.getsockname()[1]}"
    try:
        started = time.perf_counter()
        result = CliRunner().invoke(main, ["chart", "auf-teufel-policy", "--limit", "2", "--scheduler", address,
                                           "--connect-timeout", "1", "--output", str(tmp_path / "c")])
        assert time.perf_counter() - started < 10
    finally:
        listener.close()
    assert result.exit_code == 2
    assert f"cannot reach the Dask scheduler at '{address}': no answer within 1 s" in result.output


@pytest.mark.parametrize("chart", ["diablo-draw", "auf-teufel-policy", "diablo-equilibrium-1"])
def test_boss_is_refused_by_a_chart_that_has_no_bosses(chart):
    query = "2x100, 3x75, 7x50, 9x25, 9x20, 9x10, 9 devils" if chart == "auf-teufel-policy" else "9h 8c 7d 6s Kh"
    result = run("chart", "lookup", query, "--chart", str(DOCS / chart), "--boss", "Demona")
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: --boss ") and "has no Bosses" in lines[0], lines


def test_boss_still_chooses_an_entry_of_a_hod_preflop_chart():
    result = run("chart", "lookup", "Ah Kd 7c", "--chart", str(DOCS / "hod-preflop"), "--boss", "Demona", "--json")
    assert result.exit_code == 0, result.output
