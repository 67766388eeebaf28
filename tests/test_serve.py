"""`oracle serve`: the shared table, the join code, the bounds on requests, and the session
kept in its file. The page itself is driven in a real browser in test_serve_browser.py."""

from __future__ import annotations

import json
import threading
from pathlib import Path

import pytest

pytest.importorskip("starlette")
from starlette.testclient import TestClient  # noqa: E402

from oracle.cli import main  # noqa: E402
from oracle.play import Session, starting_table  # noqa: E402
from oracle.serve import ServeError, plan  # noqa: E402
from oracle.serve.app import COOKIE, MAX_BODY, make_app  # noqa: E402
from oracle.serve.table import MARK, SaveFileError, SharedTable  # noqa: E402

DIABLO = {"seats": "Anna Ben Carla", "chips": 100, "dealer": "Anna"}


def shared(tmp_path: Path, options=DIABLO, game="diablo") -> SharedTable:
    start, _ = starting_table(game, options, {}, None)
    return SharedTable(Session(start), tmp_path / "night.scenario.yaml", name="night")


def post(client, line, **kwargs):
    return client.post("/api/line", content=json.dumps({"line": line}), **kwargs)


def test_a_line_from_one_phone_changes_the_table_every_phone_reads(tmp_path):
    client = TestClient(make_app(shared(tmp_path)))
    assert client.get("/api/table").json()["status"]["to_act"] == ["Ben"]
    reply = post(client, "Ben checks").json()
    assert reply["ok"] and reply["action"] == "Ben checks"
    other = TestClient(client.app)
    table = other.get("/api/table").json()
    assert table["history"] == ["Ben checks"] and table["status"]["to_act"] == ["Carla"] and table["version"] == 1


def test_a_refused_line_shows_the_reason_and_changes_nothing(tmp_path):
    client = TestClient(make_app(shared(tmp_path)))
    reply = post(client, "Carla bets 3").json()
    assert not reply["ok"] and "not Carla's turn" in reply["error"]
    table = client.get("/api/table").json()
    assert table["history"] == [] and table["version"] == 0


def test_lines_sent_at_once_are_applied_one_after_the_other_never_lost_or_doubled(tmp_path):
    """Twelve phones press "Ben checks" at the same moment: exactly one is played."""
    table = shared(tmp_path)
    client = TestClient(make_app(table))
    replies: list[dict] = []
    barrier = threading.Barrier(12)

    def press(line):
        barrier.wait()
        replies.append(post(client, line).json())

    threads = [threading.Thread(target=press, args=(line,)) for line in ["Ben checks"] * 6 + ["Carla checks"] * 6]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    played = [r["action"] for r in replies if r["ok"]]
    history = client.get("/api/table").json()["history"]
    assert sorted(played) == sorted(history)
    assert history in (["Ben checks", "Carla checks"], ["Ben checks"])
    assert len(played) == len(history) == table.version


def test_beyond_localhost_a_request_without_the_join_code_is_refused_and_shows_nothing(tmp_path):
    client = TestClient(make_app(shared(tmp_path), join_code="K7PQ2M"))
    page = client.get("/")
    assert page.status_code == 403 and "join code" in page.text and "Anna" not in page.text
    for response in (client.get("/api/table"), post(client, "Ben checks"), client.get("/api/save"),
                     client.get("/api/events")):
        assert response.status_code == 403
        assert "Anna" not in response.text
    assert client.get("/api/table", headers={"x-join-code": "WRONG1"}).status_code == 403
    assert client.app is not None and client.get("/api/table", cookies={COOKIE: "K7PQ2X"}).status_code == 403


def test_the_join_code_in_the_address_lets_a_phone_in_and_is_kept_in_a_cookie(tmp_path):
    client = TestClient(make_app(shared(tmp_path), join_code="K7PQ2M"))
    response = client.get("/?code=k7pq2m", follow_redirects=False)
    assert response.status_code == 303 and COOKIE in response.headers["set-cookie"]
    client.cookies.set(COOKIE, "K7PQ2M")
    assert client.get("/").status_code == 200
    assert post(client, "Ben checks").json()["ok"]


def test_requests_are_bounded_in_size_and_in_rate(tmp_path):
    client = TestClient(make_app(shared(tmp_path)))
    big = client.post("/api/line", content=json.dumps({"line": "Ben checks" + " " * MAX_BODY}))
    assert big.status_code == 413
    assert post(client, "x" * 600).status_code == 413
    assert client.post("/api/line", content=b"not json").status_code == 400
    codes = [client.get("/api/table").status_code for _ in range(150)]
    assert 429 in codes and codes[0] == 200


def test_text_from_the_table_is_data_never_markup(tmp_path):
    """A player named with a script tag reaches the page as JSON text; the page puts text in
    with textContent only (checked in the browser test) and answers are escaped by rich."""
    start, _ = starting_table("diablo", {"seats": "Anna <script>alert(1)</script> Carla", "chips": 100}, {}, None)
    table = SharedTable(Session(start), tmp_path / "t.scenario.yaml")
    client = TestClient(make_app(table))
    raw = client.get("/api/table").text
    assert json.loads(raw)["table"]["rows"][1][0] == "<script>alert(1)</script>"
    reply = post(client, ":moves").json()
    assert "<script>" not in reply["shown"] and "&lt;script&gt;" in reply["shown"]
    page = client.get("/").text
    assert "innerHTML" not in (Path(__file__).parents[1] / "oracle/serve/page/app.js").read_text().replace(
        '$("answer").innerHTML = reply.shown', "")
    assert "Content-Security-Policy" in client.get("/").headers and "<script src=" in page


def test_the_table_is_kept_after_each_line_and_a_restarted_server_goes_on_from_it(tmp_path):
    table = shared(tmp_path)
    for line in ("Ben checks", "Carla checks"):
        table.send(line)
    kept = tmp_path / "night.scenario.yaml"
    assert kept.read_text().startswith(MARK)
    where = plan(str(kept), None, False)
    assert where.keep == kept
    start, _ = starting_table(where.source, {}, {}, None)
    assert Session(start).history == ("Ben checks", "Carla checks")


def test_the_kept_file_passes_oracle_check(tmp_path):
    table = shared(tmp_path)
    table.send("Ben checks")
    outcome, changed = table.send(":ask legal-moves")
    assert outcome.reply.ok and changed
    with pytest.raises(SystemExit) as done:
        main(["check", str(tmp_path / "night.scenario.yaml")])
    assert done.value.code == 0


def test_a_game_whose_table_is_kept_goes_on_from_it_unless_new(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert plan("diablo", None, False).source == "diablo"
    Path("diablo-table.scenario.yaml").write_text(MARK + "game: diablo\n")
    assert plan("diablo", None, False).source == "diablo-table.scenario.yaml"
    assert plan("diablo", None, True).source == "diablo"


def test_a_users_own_file_is_never_written_over(tmp_path):
    mine = tmp_path / "mine.scenario.yaml"
    mine.write_text("game: diablo\n# my notes\n")
    with pytest.raises(SaveFileError, match="not written by oracle serve"):
        plan("diablo", str(mine), False)
    assert mine.read_text() == "game: diablo\n# my notes\n"


def test_the_page_commands_are_the_pages_own_and_save_downloads_the_file(tmp_path):
    client = TestClient(make_app(shared(tmp_path)))
    assert "not sent from the page" in post(client, ":save x.yaml").json()["error"]
    assert not (tmp_path / "x.yaml").exists()
    post(client, "Ben checks")
    saved = client.get("/api/save")
    assert saved.headers["content-disposition"].startswith("attachment") and "Ben checks" in saved.text


def test_serve_refuses_a_port_in_use_in_one_line(tmp_path, capsys, monkeypatch):
    import socket

    monkeypatch.chdir(tmp_path)
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        with pytest.raises(SystemExit) as done:
            main(["serve", "diablo", "--seats", "Anna Ben Carla", "--port", str(port)])
    assert done.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"--port {port}" in err


def test_a_bad_join_code_option_is_refused(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(ServeError, match="--code"):
        from oracle.serve import run

        run("diablo", DIABLO, {}, scenario=None, time_limit=None, host="127.0.0.1", port=1, code="a b",
            save=None, new=False, say=lambda *_: None)


def test_listening_beyond_localhost_a_real_server_prints_a_join_code_and_refuses_requests_without_it(tmp_path):
    import re
    import urllib.error
    import urllib.request

    from serve_driver import served

    printed: list[str] = []
    with served(["diablo", "--seats", "Anna Ben Carla", "--host", "0.0.0.0"], tmp_path, printed) as url:
        for path in ("", "api/table"):
            with pytest.raises(urllib.error.HTTPError) as refused:
                urllib.request.urlopen(url + path, timeout=5)
            assert refused.value.code == 403 and b"Anna" not in refused.value.read()
        request = urllib.request.Request(url + "api/line", data=b'{"line": "Ben checks"}', method="POST")
        with pytest.raises(urllib.error.HTTPError):
            urllib.request.urlopen(request, timeout=5)
    code = re.search(r"join code ([A-Z0-9]{6})", printed[1])
    assert code is not None and "?code=" + code[1] in printed[1]
    kept = (tmp_path / "diablo-table.scenario.yaml").read_text()
    assert "Ben checks" not in kept


def test_a_question_that_draws_a_picture_shows_it_on_the_page(tmp_path):
    start, _ = starting_table("auf-teufel-komm-raus", {"seats": "Anna Ben", "oven": "50:2 25:3 devils:1"}, {}, None)
    table = SharedTable(Session(start), tmp_path / "t.scenario.yaml")
    client = TestClient(make_app(table))
    for line in ("Anna bets 10", "Ben passes", "Anna pulls 25"):
        assert post(client, line).json()["ok"]
    reply = post(client, ":ask stop-policy plot=policy.svg").json()
    assert reply["ok"] and reply["pictures"] == ["policy.svg"]
    picture = client.get("/api/pictures/policy.svg")
    assert picture.status_code == 200 and picture.text.lstrip().startswith("<svg") or "<svg" in picture.text[:400]
    assert client.get("/api/pictures/..%2Ft.scenario.yaml").status_code == 404
