"""Ranking many hands at once: numpy arrays of card codes in, strengths out.

    >>> import numpy as np
    >>> from oracle.eval import batch
    >>> hands = batch.codes(["Ah Kh Qh Jh Th", "9 9 2 2 K"])
    >>> batch.strengths(hands, "diablo").tolist() == [strength(h, "diablo") for h in
    ...     (parse_cards("Ah Kh Qh Jh Th"), parse_cards("9 9 2 2 K"))]
    True

``strengths(codes, ruleset)`` takes an integer array of shape ``(n, k)``, ``k`` from 1 to 7,
of card codes (``Card.code``) and returns ``n`` strengths, each equal to
``oracle.eval.strength`` of that row: fewer than five cards are ranked as a partial hand, more
by their best five. ``selection_strengths(private, board, ruleset, limits)`` is
``oracle.eval.select.best_selection(...).strength`` row by row (the Hell of a Deal selection
rule, with banned and tolled ranks). Every ruleset works, wild cards included.

A row that is not a hand of the ruleset's deck (a code that is no card, the Joker outside
Drawing Dead, a card twice, more than four of a rank, more wild cards than the deck has) is
refused with an ``InvalidHandError`` naming the first such row.

The work runs in compiled numba kernels when numba is installed (the first call on a machine
compiles them, once: ``warm_up``), else in numpy; both give the same numbers.
"""

from __future__ import annotations

from typing import Callable, Iterable, Sequence

from oracle.cards import Card, format_cards, parse_cards
from oracle.errors import InvalidHandError
from oracle.eval.rulesets import Ruleset, find_ruleset
from oracle.eval.select import Limits
from oracle.eval.evaluate import strength  # noqa: F401  (named in the example above)

__all__ = ["codes", "strengths", "selection_strengths", "backend", "warm_up"]

_REASONS = {
    -2: "a code that is not a card of this game's deck",
    -3: "cards that cannot be held together (a card twice, more than four of a rank, or more wild cards than "
        "the deck has)",
    -4: "no legal cards to make a hand from",
}


def backend() -> str:
    """``"numba"`` or ``"numpy"``: where batch work runs."""
    from oracle.eval.jit import backend as which

    return which()


def codes(hands: Iterable[str | Sequence[Card]]):
    """An ``(n, k)`` int32 array of card codes from hands given as text or as cards (every
    hand the same size)."""
    import numpy as np

    rows = [parse_cards(h) if isinstance(h, str) else list(h) for h in hands]
    sizes = {len(r) for r in rows}
    if len(sizes) > 1:
        raise InvalidHandError(f"every hand of a batch has the same number of cards, got sizes {sorted(sizes)}")
    width = sizes.pop() if sizes else 0
    return np.array([[c.code for c in r] for r in rows], dtype=np.int32).reshape(len(rows), width)


def _array(values, name: str, widths: range):
    import numpy as np

    array = np.asarray(values)
    if array.ndim != 2 or array.dtype.kind not in "iu":
        raise InvalidHandError(f"{name} must be a 2-dimensional integer array of card codes, got "
                               f"{array.ndim} dimension(s) of {array.dtype}")
    if array.shape[1] not in widths:
        raise InvalidHandError(f"{name} rows hold {widths.start} to {widths.stop - 1} cards, got {array.shape[1]}")
    if array.dtype not in (np.int32, np.int64):
        array = array.astype(np.int64)
    return np.ascontiguousarray(array)


def _refuse_bad_rows(out, *arrays) -> None:
    import numpy as np

    bad = np.flatnonzero(out < 0)
    if not len(bad):
        return
    row = int(bad[0])
    cards = []
    for array in arrays:
        for code in array[row].tolist():
            cards.append(_card_text(code))
    raise InvalidHandError(f"row {row} ({' '.join(cards)}): {_REASONS[int(out[row])]}"
                           + (f"; {len(bad) - 1} more bad row(s)" if len(bad) > 1 else ""))


def _card_text(code: int) -> str:
    from oracle.cards import RANKS, SUITS
    from oracle.eval.batch_tables import JOKER_SLOT, SUIT_BITS, card_code_of_slot, card_slot

    slot = card_slot(code)
    if card_code_of_slot(slot) != code:
        return f"<code {code}>"
    if slot == JOKER_SLOT:
        return "Jk"
    suit = (slot << 8) & 0xF000
    return format_cards([Card(RANKS[slot & 0xF], SUITS[SUIT_BITS.index(suit)] if suit else None)])


def strengths(codes_array, ruleset: Ruleset | str = "standard"):
    """The strength of every row (``oracle.eval.strength``), as an int64 array."""
    import numpy as np

    from oracle.eval.batch_tables import batch_tables, stack
    from oracle.eval.jit import compiling, kernels

    array = _array(codes_array, "codes", range(1, 8))
    ruleset = find_ruleset(ruleset)
    module = kernels("batch_kernels")
    if module is None:
        from oracle.eval import batch_numpy

        out = batch_numpy.strengths(array, batch_tables(ruleset))
        _refuse_bad_rows(out, array)
        return out
    out = np.empty(array.shape[0], dtype=np.int64)
    kernel = module.KERNEL_OF_WIDTH.get(array.shape[1], "strengths_kernel")
    with compiling("batch_kernels", kernel, "compiling the batch evaluator (once)"):
        refused = getattr(module, kernel)(array, stack([ruleset]), 0, out)
    if refused:
        _refuse_bad_rows(out, array)
    return out


def _rank_mask(ranks) -> int:
    return sum(1 << (r.number - 2) for r in ranks)


def selection_strengths(private, board, ruleset: Ruleset | str, limits: Limits = Limits()):
    """``best_selection(private[i], board[i], ruleset, limits).strength`` for every row."""
    import numpy as np

    from oracle.eval.batch_tables import batch_tables, stack
    from oracle.eval.jit import compiling, kernels

    mine = _array(private, "private", range(0, 11))
    theirs = _array(board, "board", range(0, 11))
    if mine.shape[0] != theirs.shape[0]:
        raise InvalidHandError(f"private and board need one row each per deal, got {mine.shape[0]} and "
                               f"{theirs.shape[0]}")
    ruleset = find_ruleset(ruleset)
    settings = (limits.min_private, limits.max_private, _rank_mask(limits.banned_ranks),
                _rank_mask(limits.tolled_ranks), -1 if limits.max_tolled is None else limits.max_tolled)
    module = kernels("batch_kernels")
    if module is None:
        from oracle.eval import batch_numpy

        out = batch_numpy.selection(mine, theirs, batch_tables(ruleset), *settings)
    else:
        out = np.empty(mine.shape[0], dtype=np.int64)
        with compiling("batch_kernels", "selection_kernel", "compiling the selection rule's kernel (once)"):
            module.selection_kernel(mine, theirs, stack([ruleset]), 0, *settings, out)
    _refuse_bad_rows(out, mine, theirs)
    return out


def warm_up(progress: Callable[[int, int], None] | None = None) -> None:
    """Compile (or load from the cache) the batch kernels now, reporting ``progress(done,
    total)``: a first call on a new machine then pays nothing more."""
    import numpy as np

    steps = [(np.int32, 5), (np.int64, 5), (np.int32, 7), (np.int32, 6)]  # 6: the kernel of every other width
    for done, (dtype, width) in enumerate(steps, 1):
        strengths(np.array([[c.code for c in parse_cards("Ah Kh Qh Jh Th 9h 8h")[:width]]], dtype=dtype))
        if progress is not None:
            progress(done, len(steps) + 1)
    selection_strengths(codes(["Ah Kh 7c"]), codes(["Qh Jh Th 2c 3d"]), "hell-of-a-deal")
    if progress is not None:
        progress(len(steps) + 1, len(steps) + 1)
