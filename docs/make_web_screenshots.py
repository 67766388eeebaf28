"""Take the screenshots of docs/web.md from the real page: a real `oracle serve` for each game,
a few lines played through the page in headless Chromium at a phone's width (360 px).

    python docs/make_web_screenshots.py

Needs the web and test extras and Chromium (apt install chromium).
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parents[1] / "tests"))

from playwright.sync_api import sync_playwright  # noqa: E402
from serve_driver import CHROMIUM, play_line, served, wait_for_lines  # noqa: E402

OUT = Path(__file__).parent / "web"
GAMES = {
    "diablo": (["diablo", "--seats", "Anna Ben Carla Dan", "--chips", "100", "--dealer", "Anna"],
               ["Ben checks", "Carla checks", "Dan checks", "Anna bets 2", "Ben calls", "Carla calls", "Dan folds",
                "Ben draws 2", "Carla draws 2", "Anna draws 1", "Anna bets 4", "Ben raises to 8", "Carla folds",
                "Anna calls", "Ben shows 9h 9c 2s 2d Kd", "Anna shows Ah Jh 8h 5h Kh"]),
    "hell-of-a-deal": (["hell-of-a-deal", "--seats", "Anna Ben", "--boss", "Demona", "--boss-deck", "Eenie Meanie",
                        "--default-hand", "Demona=Q Q T T", "--default-hand", "Eenie Meanie=Q Q"],
                       ["deal Anna 9h 9c 2d", "deal Ben Kh Kd 3c", "deal Boss 7h 2c", "Anna bets Earn a Soul",
                        "Anna is done", "Ben bets Earn a Soul", "Ben is done", "deal flop Qs 9s 4c"]),
    "drawing-dead": (["drawing-dead", "--seats", "Anna Ben", "--seed", "3"],
                     ["Anna draws", "Anna plays Kh", "Anna claims the Button", "Anna ends the turn", "Ben draws"]),
    "auf-teufel-komm-raus": (["auf-teufel-komm-raus", "--seats", "Anna Ben Carla"],
                             ["Anna bets 50", "Ben passes", "Carla bets 100", "Anna pulls 25", "Anna pulls 50"]),
}


def main() -> int:
    if CHROMIUM is None:
        print("no Chromium: apt install chromium", file=sys.stderr)
        return 1
    OUT.mkdir(exist_ok=True)
    with sync_playwright() as driver, tempfile.TemporaryDirectory() as folder:
        browser = driver.chromium.launch(executable_path=CHROMIUM)
        for game, (args, lines) in GAMES.items():
            with served(args, Path(folder)) as url:
                page = browser.new_context(viewport={"width": 360, "height": 900}, device_scale_factor=2,
                                           is_mobile=True, has_touch=True).new_page()
                page.goto(url)
                page.wait_for_selector("#table tbody tr")
                for number, line in enumerate(lines, start=1):
                    play_line(page, line)
                    wait_for_lines(page, number)
                page.mouse.wheel(0, -100_000)
                page.wait_for_timeout(300)
                page.screenshot(path=str(OUT / f"{game}.png"))
                print(OUT / f"{game}.png")
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
