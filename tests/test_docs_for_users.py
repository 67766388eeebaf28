"""The docs are written for users: every path they name exists in the repository, none is a
path of a development machine, the game pages say nothing of issues or of the code's
insides, and they cite a rulebook by its game and section (users have no rulebook files)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = sorted([ROOT / "README.md", *(ROOT / "docs").rglob("*.md")])
GAME_PAGES = sorted((ROOT / "docs" / "games").glob("*.md"))

# The sections of each rulebook, as its table of contents and headings name them. A Hell of a
# Deal Boss's own rules are cited by the Boss's name.
SECTIONS = {
    "Diablo": [
        "Overview", "Hand ranking", "Betting in short", "Setup", "Playing a hand", "The Diablo rule",
        "Winning the game", "Tips for beginners", "Variants", "Full rules", "Section",
    ],
    "Drawing Dead": [
        "Contents", "Setup", "Goal", "Gameplay", "On Your Turn", "Step 1: Draw", "Step 2: Action",
        "Play a Role Card", "Play a Poker Card", "Claim the BUTTON", "Step 3: Clean Up", "Winning Hands",
        "When You Win a Hand", "Winning the Game", "Other Stuff", "Joker's Wild!", "Bad Guys",
        "Ace in the Hole!", "Optional Rules", "Fast Draft", "Advanced Draft", "FAQ", "Glossary",
        "Reference Side", "Poker Hand Rankings", "Section",
    ],
    "Hell of a Deal": [
        "Introduction", "Betting Phases", "Poker Hand Rankings", "Contents", "Cooperative Poker??",
        "Winning the Game", "Losing the Game", "Communication", "Set Up", "Community Board",
        "Player Set Up", "Playing the Game", "Reveal the Boss's Hand", "Reveal the Boss", "Resolve Curses",
        "Deal Cards", "Play the Round", "Pre-Flop", "The Flop", "The Turn", "The River", "Showdown Phase",
        "Reveal Player Hands", "Compare Hands", "Collect Penalties & Rewards", "Winning Hands",
        "Losing Hands", "Folded Hands", "Cleanup Phase", "Betting", "Earn a Soul chip", "Power Chips",
        "Heal a Player's Temptation", "Devilish Offering chip", "Draw a Favor chip", "Reveal 2 Cards chip",
        "Wild chip", "Note For ALL chips", "Temptation", "New Challenges", "FAQ", "Eenie Meanie",
        "Jack Potts", "Miss Fortune", "Demona", "The Boatman", "Red Jack", "Nick Hauss",
        "The Devil Himself", "Dedly Aloor", "Section",
    ],
    "Auf Teufel komm raus": [
        "Components", "Setup", "Phase 1: The Devil's Bet", "Phase 2: Pulling Coal From the Fire",
        "Phase 3: Determine Winnings", "Phase 4: Place the Pawn", "Pact With the Devil",
        "Preparing the Next Round", "End of Game", "Section",
    ],
}

PATH_IN_TEXT = re.compile(r"(?<![\w./$~-])((?:\./)?(?:oracle|docs|scenarios|tests|bench|\.ci)/[\w./<>*+-]*)")
LINK = re.compile(r"\]\(([^)\s]+)\)")
MACHINE_PATH = re.compile(r"(?<![\w.~$])(?:/(?:work|home|Users|root|mnt|srv|opt|private)/|[A-Z]:\\\\Users)")


def relative(path: Path) -> str:
    return str(path.relative_to(ROOT))


def exists(name: str, base: Path) -> bool:
    name = name.rstrip(".,;:)").split("#", 1)[0]
    if not name:
        return True
    pattern = re.sub(r"<[^>]+>", "*", name)
    for folder in (ROOT, base):
        if "*" in pattern:
            if list(folder.glob(pattern.rstrip("/"))):
                return True
        elif (folder / name).exists():
            return True
    return False


@pytest.mark.parametrize("doc", DOCS, ids=relative)
def test_every_path_a_doc_names_exists_in_the_repository(doc):
    text = doc.read_text(encoding="utf-8")
    named = set(PATH_IN_TEXT.findall(text))
    named |= {t for t in LINK.findall(text) if not re.match(r"[a-z]+:", t) and not t.startswith("#")}
    missing = sorted(n for n in named if not exists(n, doc.parent))
    assert not missing, f"{relative(doc)} names paths that do not exist: {missing}"


def test_the_path_check_finds_a_missing_path():
    assert not exists("scenarios/diablo/no-such.scenario.yaml", ROOT / "docs")
    assert exists("scenarios/<game>/", ROOT / "docs") and exists("../cli.md", ROOT / "docs" / "games")


@pytest.mark.parametrize(
    "path",
    [p for p in sorted(ROOT.rglob("*")) if p.suffix in (".md", ".py", ".yaml", ".toml") and ".venv" not in p.parts and p.is_file()
     and "tests" not in p.relative_to(ROOT).parts[:1]],
    ids=relative,
)
def test_no_file_names_a_path_of_a_development_machine(path):
    found = MACHINE_PATH.findall(path.read_text(encoding="utf-8", errors="replace"))
    assert not found, f"{relative(path)} names a machine path: {found}"


INTERNALS = [
    r"\bissues?\b", r"\bthe audit\b", r"\baudit's\b", r"QuestionContext", r"\boracle/", r"\.py\b",
    r"\boracle\.(?:games|eval|solve|scenario|registry|plots|files|check)\b", r"(?<![\w.])tests?/", r"\bbench/",
    r"load_position", r"\bverify_", r"\w+Error\b", r"RuleOption", r"position_keys", r"POSITION_KEYS",
    r"\bengine\b", r"\bconformance\b", r"\bthis project\b",
]


@pytest.mark.parametrize("page", GAME_PAGES, ids=relative)
def test_game_pages_say_nothing_of_issues_or_internals(page):
    text = page.read_text(encoding="utf-8")
    found = [(p, m.group(0)) for p in INTERNALS for m in re.finditer(p, text)]
    assert not found, f"{relative(page)}: {found}"


CITATION = re.compile(r"\b(Diablo|Drawing Dead|Hell of a Deal|Auf Teufel komm raus): ([A-Z0-9][^\"()\n,;|]*)")


@pytest.mark.parametrize("page", GAME_PAGES, ids=relative)
def test_game_pages_cite_real_sections_of_the_rulebook(page):
    text = " ".join(page.read_text(encoding="utf-8").split())
    cited = CITATION.findall(text)
    assert cited
    wrong = [f"{game}: {rest}" for game, rest in cited if not any(rest.startswith(s) for s in SECTIONS[game])]
    assert not wrong, f"{relative(page)} cites sections its rulebook does not have: {wrong}"


def blocks(text: str) -> list[str]:
    """Paragraphs, list items and table rows, outside code blocks."""
    text = re.sub(r"```.*?```", "", text, flags=re.S)
    out: list[str] = []
    for paragraph in re.split(r"\n\s*\n", text):
        if paragraph.lstrip().startswith("|"):
            out += paragraph.splitlines()
        else:
            out += re.split(r"\n(?=\s*(?:- |\d+\. ))", paragraph)
    return out


@pytest.mark.parametrize("page", GAME_PAGES, ids=relative)
def test_every_rulebook_quote_on_a_game_page_names_its_section(page):
    uncited = []
    for block in blocks(page.read_text(encoding="utf-8")):
        flat = " ".join(block.split())
        quotes = [q for q in re.findall(r'"([^"]{25,})"', re.sub(r"`[^`]*`", "`code`", flat)) if "`" not in q]
        if quotes and not CITATION.search(flat):
            uncited.append(flat[:120])
    assert not uncited, f"{relative(page)} quotes the rulebook without its section: {uncited}"
