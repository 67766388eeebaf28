"""The strength keys of the best five of more cards (``oracle.solve.smt.best_five``) against
the evaluator, on samples larger than the test suite's: the best five of seven and eight cards
under Drawing Dead (half the hands with the Joker), standard poker and Hell of a Deal. Run by
hand: ``python bench/bench_best_keys.py`` (a few minutes).
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


if __name__ == "__main__":
    passed = seven(20000)
    sys.exit(0 if passed else 1)
