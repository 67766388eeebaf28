"""`oracle serve` in a real headless Chromium: two phones (two browser contexts) at one table,
lines played from either, both showing the same table and the result."""

from __future__ import annotations

import os

import pytest

pytest.importorskip("starlette")
playwright = pytest.importorskip("playwright.sync_api")

from serve_driver import CHROMIUM, play_line, served, wait_for_lines  # noqa: E402

if CHROMIUM is None and os.environ.get("ORACLE_REQUIRE_BROWSER"):
    raise RuntimeError("ORACLE_REQUIRE_BROWSER is set and no Chromium was found (apt install chromium)")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no Chromium on this machine (apt install chromium)")

DIABLO_HAND = ["Ben checks", "Carla checks", "Dan checks", "Anna bets 2", "Ben calls", "Carla calls", "Dan folds",
               "Ben draws 2", "Carla draws 2", "Anna draws 1", "Anna bets 4", "Ben raises to 8", "Carla folds",
               "Anna calls", "Ben shows 9h 9c 2s 2d Kd", "Anna shows Ah Jh 8h 5h Kh"]
HOD_ROUND = ["deal Anna 9h 9c 2d", "deal Ben Kh Kd 3c", "deal Boss 7h 2c", "Anna bets Earn a Soul", "Anna is done",
             "Ben bets Earn a Soul", "Ben is done", "deal flop Qs 9s 4c", "Anna bets Earn a Soul", "Anna is done",
             "Ben folds", "deal turn 5d", "Anna bets Heal on Ben", "Anna is done", "deal river Jd",
             "Anna bets Draw a Favor", "Anna draws Favor Double Down", "Anna is done",
             "Ben rolls the Bones: Temptation", "end round"]


@pytest.fixture(scope="module")
def browser():
    with playwright.sync_playwright() as driver:
        chromium = driver.chromium.launch(executable_path=CHROMIUM)
        yield chromium
        chromium.close()


def two_phones(browser, url):
    phones = []
    for _ in range(2):
        context = browser.new_context(viewport={"width": 360, "height": 760}, is_mobile=True, has_touch=True)
        page = context.new_page()
        page.goto(url)
        page.wait_for_selector("#table tbody tr")
        phones.append(page)
    return phones


def same_table(phones) -> str:
    shown = [(p.inner_text("#status"), p.inner_text("#table"), p.inner_text("#history"), p.inner_text("#result")
              if p.is_visible("#result") else "") for p in phones]
    assert shown[0] == shown[1]
    return shown[0][0]


def play_through(phones, lines):
    for number, line in enumerate(lines, start=1):
        page = phones[number % 2]  # the phones take turns
        play_line(page, line)
        try:
            wait_for_lines(page, number)
        except AssertionError:
            raise AssertionError(f"{line!r} not played: {page.inner_text('#error')}") from None
        wait_for_lines(phones[(number + 1) % 2], number)
        same_table(phones)


def test_a_whole_diablo_hand_played_from_two_phones_shows_the_same_table_and_the_result(browser, tmp_path):
    with served(["diablo", "--seats", "Anna Ben Carla Dan", "--chips", "100", "--dealer", "Anna"], tmp_path) as url:
        phones = two_phones(browser, url)
        play_through(phones, DIABLO_HAND)
        status = same_table(phones)
        assert "hand 2" in status
        for phone in phones:  # told who won without asking
            assert phone.inner_text("#result").startswith("hand 1: Ben won the pot of 26 at the showdown")
        assert "Ben" in phones[0].inner_text("#table")
        # A refused line shows its reason on the phone that sent it and changes nothing.
        play_line(phones[0], "Carla bets 99")
        phones[0].wait_for_selector("#error", state="visible")
        assert len(phones[1].locator("#history li").all()) == len(DIABLO_HAND)
    kept = (tmp_path / "diablo-table.scenario.yaml").read_text()
    assert "Ben shows 9h 9c 2s 2d Kd" in kept


def test_a_hell_of_a_deal_round_played_from_two_phones_shows_the_same_table(browser, tmp_path):
    with served(["hell-of-a-deal", "--seats", "Anna Ben", "--boss", "Demona", "--boss-deck", "Eenie Meanie",
                 "--default-hand", "Demona=Q Q T T", "--default-hand", "Eenie Meanie=Q Q"], tmp_path) as url:
        phones = two_phones(browser, url)
        play_through(phones, HOD_ROUND)
        same_table(phones)
        # A question from the menu, answered as oracle solve answers it.
        phones[0].select_option("#ask-kind", "game-status")
        phones[0].locator("#ask-form button[type=submit]").click()
        phones[0].wait_for_selector("#answer pre.answer")
        assert "rule:" in phones[0].inner_text("#answer")


def test_a_script_tag_typed_as_a_players_name_is_shown_as_text(browser, tmp_path):
    with served(["diablo", "--seats", "Anna <script>window.hacked=1</script> Carla", "--chips", "100",
                 "--dealer", "Anna"], tmp_path) as url:
        page = two_phones(browser, url)[0]
        cell = page.locator("#table tbody tr").nth(1).locator("td").first
        assert cell.inner_text() == "<script>window.hacked=1</script>"
        assert page.locator("#table script").count() == 0
        play_line(page, "<script>window.hacked=1</script> checks")
        wait_for_lines(page, 1)
        assert page.evaluate("window.hacked === undefined")
        assert page.locator("#history script").count() == 0
