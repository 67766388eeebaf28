"""The strength keys of the best of several hands (``oracle.solve.smt.best``) against the
evaluator, on samples larger than the test suite's: the best five of seven and eight cards
under Drawing Dead (half the hands with the Joker), standard poker and Hell of a Deal, and the
selection rule with three hand cards and a whole board of five under each restriction the
test suite checks on smaller boards. Run by hand: ``python bench/bench_best_keys.py`` (a few minutes).
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

import numpy as np  # noqa: E402

from oracle.cards import JOKER, full_deck  # noqa: E402
from oracle.eval import DRAWING_DEAD, HELL_OF_A_DEAL, STANDARD, strength  # noqa: E402
from test_smt_best import VARIANTS, check_selections  # noqa: E402
from test_smt_strength import keys_of, same_order  # noqa: E402


def seven(hands: int) -> bool:
    ok = True
    for ruleset in (DRAWING_DEAD, STANDARD, HELL_OF_A_DEAL):
        for size in (7, 8):
            started = time.perf_counter()
            rng = random.Random(5)
            deck, plain = full_deck(ruleset.jokers), full_deck(0)
            sample = [rng.sample(deck, size) for _ in range(hands)]
            if ruleset.jokers:
                sample += [[JOKER] + rng.sample(plain, size - 1) for _ in range(hands)]
            strengths = np.array([strength(hand, ruleset) for hand in sample])
            wrong = same_order(keys_of(sample, ruleset, size), strengths, sample)
            ok &= not wrong
            print(f"best five of {size}, {ruleset.name}: {len(sample)} hands, {'PASS' if not wrong else wrong} "
                  f"({time.perf_counter() - started:.1f} s)", flush=True)
    return ok


def selections(deals: int) -> bool:
    ok = True
    for variant in VARIANTS:
        name, most = variant[0], variant[3]
        started = time.perf_counter()
        hand_size, board_size = max(3, most), 5
        rng = random.Random(6)
        sample = [rng.sample(full_deck(0), hand_size + board_size) for _ in range(deals)]
        wrong = check_selections(variant, sample, hand_size, board_size)
        ok &= not wrong
        print(f"selection rule, {name}, {hand_size} + {board_size} cards: {deals} deals, "
              f"{'PASS' if not wrong else wrong} ({time.perf_counter() - started:.1f} s)", flush=True)
    return ok


if __name__ == "__main__":
    passed = seven(20000) & selections(3000)
    sys.exit(0 if passed else 1)
