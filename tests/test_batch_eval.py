"""oracle.eval.batch: arrays of card codes in, the same strengths as ``strength()`` out, for
every ruleset and hand size, on the compiled kernels and on the numpy fallback alike; and the
Hell of a Deal selection rule against ``best_selection``."""

from __future__ import annotations

import os
import random
import re
import subprocess
import sys
from collections import Counter
from itertools import chain, combinations
from math import comb
from pathlib import Path

import numpy as np
import pytest

from oracle.cards import JOKER, RANKS, Card, full_deck, parse_cards
from oracle.errors import InvalidHandError
from oracle.eval import DIABLO, DRAWING_DEAD, HELL_OF_A_DEAL, RULESETS, STANDARD, batch, strength
from oracle.eval import jit
from oracle.eval.evaluate import effective_codes
from oracle.eval.select import Limits, best_selection
from oracle.eval.tables import five_card_tables

WILD_SEVENS_AND_EIGHTS = HELL_OF_A_DEAL.with_wild_ranks(frozenset({RANKS[5], RANKS[6]}))
EVERY_RULESET = [*RULESETS.values(), WILD_SEVENS_AND_EIGHTS]


@pytest.fixture(params=["numba", "numpy"])
def backend(request, monkeypatch):
    """Each test runs on the compiled kernels and on the numpy fallback."""
    if request.param == "numpy":
        monkeypatch.setenv(jit.FALLBACK_VARIABLE, "1")
    else:
        monkeypatch.delenv(jit.FALLBACK_VARIABLE, raising=False)
    jit.numba_available.cache_clear()
    if request.param == "numba" and not jit.numba_available():
        pytest.skip("numba is not installed")
    yield request.param
    jit.numba_available.cache_clear()


def deck_of(ruleset) -> list[Card]:
    """The ruleset's deck, with suitless cards of every rank too (two suitless nines are two
    different nines, so some of them are drawn twice)."""
    return full_deck() + ([JOKER] if ruleset.joker_wild else []) + [Card(r) for r in RANKS] * 2


def holdable(hand: list[Card], ruleset) -> bool:
    """No card twice, at most four natural cards of a rank, no more wild cards than the deck."""
    suited = [c for c in hand if c.suit is not None]
    wild = [c for c in hand if c.rank is None or c.rank in ruleset.wild_ranks]
    natural = Counter(c.rank for c in hand if c not in wild)
    return len(set(suited)) == len(suited) and len(wild) <= ruleset.max_wilds and max(natural.values(), default=0) <= 4


def legal_hands(rng: random.Random, ruleset, size: int, count: int) -> list[list[Card]]:
    hands: list[list[Card]] = []
    deck = deck_of(ruleset)
    while len(hands) < count:
        hand = rng.sample(deck, size)
        if holdable(hand, ruleset):
            hands.append(hand)
    return hands


@pytest.mark.parametrize("ruleset", EVERY_RULESET, ids=lambda r: r.name)
def test_batch_strengths_equal_strength_on_random_hands_of_one_to_seven_cards(backend, ruleset):
    rng = random.Random(f"batch-{ruleset.name}")
    for size in range(1, 8):
        hands = legal_hands(rng, ruleset, size, 400)
        got = batch.strengths(batch.codes(hands), ruleset)
        assert got.tolist() == [strength(h, ruleset) for h in hands], (ruleset.name, size)


def five_card_strengths(codes, ruleset):
    """``strength_of_codes`` for rows of five card codes, a whole array at a time: the
    evaluator's own algorithm (prime products and rank bits into its five-card tables)."""
    effective = effective_codes(ruleset)
    known = np.array(sorted(effective), dtype=np.int64)
    mapped = np.array([effective[int(k)] for k in known], dtype=np.int64)[np.searchsorted(known, codes)]
    product = np.prod(mapped & 0xFF, axis=1)
    suited = np.bitwise_and.reduce(mapped, axis=1) & 0xF000
    bits = np.bitwise_or.reduce(mapped, axis=1) >> 16
    tables = five_card_tables(ruleset)
    out = np.empty(len(codes), dtype=np.int64)
    for rows, table, key in ((suited != 0, tables["flush"], bits), (suited == 0, tables["nonflush"], product)):
        keys = np.array(sorted(table), dtype=np.int64)
        values = np.array([table[k] for k in keys], dtype=np.int64)
        out[rows] = values[np.searchsorted(keys, key[rows])]
    return out


@pytest.mark.parametrize("ruleset", [STANDARD, DIABLO, DRAWING_DEAD, HELL_OF_A_DEAL, WILD_SEVENS_AND_EIGHTS],
                         ids=lambda r: r.name)
def test_batch_strengths_equal_the_evaluator_on_every_five_card_hand(ruleset):
    deck = full_deck() + ([JOKER] if ruleset.joker_wild else [])
    codes = np.array([c.code for c in deck], dtype=np.int32)
    total = comb(len(deck), 5)
    index = np.fromiter(chain.from_iterable(combinations(range(len(deck)), 5)), dtype=np.int16, count=5 * total)
    every = codes[index.reshape(total, 5)]
    assert np.array_equal(batch.strengths(every, ruleset), five_card_strengths(every, ruleset))


def test_the_numpy_fallback_gives_the_same_strengths_as_the_kernels(monkeypatch):
    if not jit.numba_available():
        pytest.skip("numba is not installed")
    rng = np.random.default_rng(5)
    deck = np.array([c.code for c in full_deck()], dtype=np.int64)
    for ruleset in EVERY_RULESET:
        for size in (5, 6, 7):
            hands = deck[np.argsort(rng.random((3000, 52)), axis=1)[:, :size]]
            compiled = batch.strengths(hands, ruleset)
            monkeypatch.setenv(jit.FALLBACK_VARIABLE, "1")
            jit.numba_available.cache_clear()
            assert batch.backend() == "numpy"
            fallback = batch.strengths(hands, ruleset)
            monkeypatch.delenv(jit.FALLBACK_VARIABLE)
            jit.numba_available.cache_clear()
            assert np.array_equal(compiled, fallback)


@pytest.mark.parametrize("cards, message", [
    ("Ah Ah", "cannot be held together"),
    ("9 9 9 9 9", "cannot be held together"),
    ("Jk Ah", "not a card of this game's deck"),
])
def test_a_row_that_is_no_hand_is_refused_naming_the_row(backend, cards, message):
    bad = batch.codes([cards])
    good = batch.codes([full_deck()[:bad.shape[1]]] * 3)
    bad = np.vstack([good, bad])
    with pytest.raises(InvalidHandError, match=f"row 3 .*{message}"):
        batch.strengths(bad, "standard")


def test_codes_that_are_no_cards_and_wrong_shapes_are_refused(backend):
    with pytest.raises(InvalidHandError, match=r"row 0 \(<code 12345> .*not a card"):
        batch.strengths(np.array([[12345, Card.parse("Ah").code]]), "standard")
    with pytest.raises(InvalidHandError, match="1 to 7 cards"):
        batch.strengths(np.zeros((2, 8), dtype=np.int32), "standard")
    with pytest.raises(InvalidHandError, match="integer array"):
        batch.strengths(np.zeros((2, 5)), "standard")
    assert batch.strengths(np.zeros((0, 5), dtype=np.int32), "diablo").shape == (0,)


@pytest.mark.parametrize("dtype", [np.int32, np.int64])
def test_small_and_negative_codes_are_no_cards_in_any_deck(backend, dtype):
    """Codes 1 to 255 reach the Joker's place in the tables; none of them is a card, with or
    without a Joker in the deck."""
    ace = Card.parse("Ah").code
    for ruleset in ("standard", "drawing-dead"):
        for code in (1, 2, 255, -1, -256, 2**31 - 1):
            with pytest.raises(InvalidHandError, match="not a card"):
                batch.strengths(np.array([[code, ace]], dtype=dtype), ruleset)
            with pytest.raises(InvalidHandError, match="not a card"):
                batch.selection_strengths(np.array([[code, ace]], dtype=dtype), batch.codes(["Kh Qh Jh"]), ruleset)


def random_limits(rng: random.Random) -> Limits:
    tolled = frozenset(rng.sample(RANKS, rng.choice([1, 2])))
    max_tolled = rng.choice([None, None, 0, 1, 2])
    return Limits(min_private=rng.choice([0, 1, 1, 2]), max_private=rng.choice([1, 2, 3, 5]),
                  banned_ranks=frozenset(rng.sample(RANKS, rng.choice([0, 0, 1, 2]))),
                  tolled_ranks=tolled if max_tolled is not None else frozenset(), max_tolled=max_tolled)


def test_selection_strengths_equal_best_selection_with_bans_tolls_and_wild_cards(backend):
    rng = random.Random("selection")
    deck = full_deck()
    for _ in range(24):
        ruleset = rng.choice([HELL_OF_A_DEAL, HELL_OF_A_DEAL, WILD_SEVENS_AND_EIGHTS, DIABLO])
        mine, theirs = rng.choice([1, 2, 3, 4]), rng.choice([0, 3, 4, 5, 6])
        limits = random_limits(rng)
        deals = [rng.sample(deck, mine + theirs) for _ in range(60)]
        want = []
        for deal in deals:
            try:
                want.append(best_selection(deal[:mine], deal[mine:], ruleset, limits).strength)
            except InvalidHandError:
                want.append(None)
        private = batch.codes([d[:mine] for d in deals])
        board = np.array([[c.code for c in d[mine:]] for d in deals], dtype=np.int32).reshape(len(deals), theirs)
        for row, expected in enumerate(want):
            if expected is None:
                with pytest.raises(InvalidHandError, match="no legal cards"):
                    batch.selection_strengths(private[row:row + 1], board[row:row + 1], ruleset, limits)
        keep = [i for i, w in enumerate(want) if w is not None]
        got = batch.selection_strengths(private[keep], board[keep], ruleset, limits)
        assert got.tolist() == [want[i] for i in keep]


def test_the_rulebook_hand_under_the_selection_rule():
    # "You must use one of your hole cards and MAY use two": 7 7 7 on K K 2 3 9 is two pair.
    private, board = batch.codes(["7h 7d 7c"]), batch.codes(["Ks Kd 2c 3h 9s"])
    two_pair = strength(parse_cards("Ks Kd 7h 7d 9s"), HELL_OF_A_DEAL)
    assert batch.selection_strengths(private, board, HELL_OF_A_DEAL, Limits(1, 2)).tolist() == [two_pair]
    full_house = strength(parse_cards("Ks Kd 7h 7d 7c"), HELL_OF_A_DEAL)
    assert batch.selection_strengths(private, board, HELL_OF_A_DEAL, Limits(1, 3)).tolist() == [full_house]


def test_oracle_rank_imports_neither_numba_nor_numpy():
    code = (
        "import sys\n"
        "from oracle.cli import main\n"
        "try:\n"
        "    main(['rank', '9 9 2 2 K', '--game', 'diablo'])\n"
        "except SystemExit:\n"
        "    pass\n"
        "print('HEAVY', sorted({m.split('.')[0] for m in sys.modules} & {'numba', 'numpy', 'llvmlite'}))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert "HEAVY []" in out


def test_the_examples_of_the_batch_section_run_as_written():
    import doctest
    import re
    from pathlib import Path

    page = (Path(__file__).resolve().parent.parent / "docs" / "cards-and-rankings.md").read_text(encoding="utf-8")
    section = page.split("## Ranking many hands at once", 1)[1].split("\n## ", 1)[0]
    text = "\n".join(re.findall(r"^```python\n(.*?)^```", section, re.S | re.M))
    test = doctest.DocTestParser().get_doctest(text, {}, "cards-and-rankings.md", "cards-and-rankings.md", 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    lines: list[str] = []
    runner.run(test, out=lines.append)
    assert runner.failures == 0, "".join(lines)
    assert runner.tries >= 12


def test_a_first_compile_is_shown_once_and_a_cached_kernel_not_at_all(monkeypatch):
    if not jit.numba_available():
        pytest.skip("numba is not installed")
    shown = []

    class Display:
        def __init__(self, description):
            shown.append(description)

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            return False

    monkeypatch.setattr(jit, "_announced", set())
    monkeypatch.setattr(jit, "cache_holds", lambda module, kernel: kernel == "selection_kernel")
    jit.set_progress_display(Display)
    try:
        for _ in range(2):
            batch.strengths(batch.codes(["Ah Kh Qh Jh Th"]), "standard")
            batch.selection_strengths(batch.codes(["Ah Kh"]), batch.codes(["Qh Jh Th"]), "hell-of-a-deal", Limits(1, 2))
    finally:
        jit.set_progress_display(None)
    assert shown == ["compiling the batch evaluator (once)"]


def test_the_cache_check_finds_the_compiled_kernels():
    if not jit.numba_available():
        pytest.skip("numba is not installed")
    batch.strengths(batch.codes(["Ah Kh Qh Jh Th"]), "standard")
    assert jit.cache_holds("batch_kernels", "strengths5_kernel")
    assert not jit.cache_holds("batch_kernels", "no_such_kernel")


def test_a_first_compile_on_a_terminal_shows_a_spinner_with_the_time_not_a_percentage(tmp_path):
    pexpect = pytest.importorskip("pexpect")
    if not jit.numba_available():
        pytest.skip("numba is not installed")
    root = Path(__file__).resolve().parents[1]
    scenario = tmp_path / "swap.scenario.yaml"
    scenario.write_text(
        "game: diablo\nname: swap\nposition:\n  seats: [{name: Anna}, {name: Ben}, {name: Carla}]\n"
        "  dealer: Anna\n  hands: {Ben: 9h 9c Kd 4s 7c}\n"
        "questions:\n  - id: swap\n    ask: {kind: best-swap, player: Ben, opponents: [unknown]}\n"
    )
    env = dict(os.environ, ORACLE_CACHE_DIR=str(tmp_path / "cache"), COLUMNS="100")  # nothing compiled yet
    for name in ("NO_COLOR", "NUMBA_CACHE_DIR"):
        env.pop(name, None)
    child = pexpect.spawn(sys.executable, ["-m", "oracle.cli", "solve", str(scenario)], cwd=str(root), env=env,
                          encoding="utf-8", timeout=120, dimensions=(40, 100))
    screen = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", child.read())
    child.close()
    assert child.exitstatus == 0, screen
    shown = [line for line in screen.replace("\r", "\n").splitlines() if "compiling the batch evaluator" in line]
    assert shown and all("%" not in line and re.search(r"\d:\d\d:\d\d", line) for line in shown)
    assert "Ben should discard 4s 7c" in screen
