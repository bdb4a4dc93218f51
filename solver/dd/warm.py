"""Loading the solver before work starts: :func:`warm_up`.

>>> warm_up()  # compiles the kernels the first time, loads them from the cache after
"""

from __future__ import annotations

import gc

import numpy as np

from ..rules.play import Position
from ..types.profile import COINCHE
from ..types.cards import SPADES, CardSet
from ..types.deal import NORTH, NS, Deal
from .deals import dd_tables
from .context import SearchContext
from .solve import solve_position

__all__ = ["warm_up"]


def warm_up() -> None:
    """Load (or compile, the first time) the kernels and run two tiny searches.

    Call it before forking worker processes: the workers then inherit ready
    kernels instead of each loading them again. Python's cyclic garbage
    collector is paused meanwhile (and restored): importing numba and
    loading the cached kernels leave about 100,000 objects, and the
    collections their allocation would trigger walk an ever larger heap
    (with the command line's ``gc.freeze``, 0.2 s of a one-deal
    ``belote solve``; see ``bench/RESULTS.md``).
    """
    collecting = gc.isenabled()
    gc.disable()
    try:
        ending = Deal([CardSet(1 << c) for c in range(4)])
        context = SearchContext(tt_bits=4)
        solve_position(Position(ending, SPADES, NORTH, COINCHE, tricks_won=(7, 0)), NS,
                       context=context)
        one_suit_each = np.array([[0xFF << (8 * seat) for seat in range(4)]], dtype=np.int64)
        dd_tables(one_suit_each, NORTH, COINCHE, trumps=(SPADES,), context=context)
    finally:
        if collecting:
            gc.enable()
