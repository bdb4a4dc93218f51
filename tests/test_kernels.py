"""The numba kernels: one compiled signature each, lazy import, cache enabled."""

import subprocess
import sys

from numba.core.registry import CPUDispatcher

from belote import CLASSIC, COINCHE, Deal, Position, dd_table, position_analysis
from belote.dd import (SearchContext, dd_tables, hands_array, layout_values, load_kernels, reaches,
                       reaches_deals)


def _dispatchers():
    kernels = load_kernels()
    return {name: obj for name, obj in vars(kernels).items() if isinstance(obj, CPUDispatcher)}


def test_each_kernel_compiles_to_one_signature():
    for profile in (COINCHE, CLASSIC):
        position = Position(Deal.random(5), trump=0, leader=0, profile=profile)
        position.play(next(iter(position.legal_cards())))
        position_analysis(position, context=SearchContext(tt_bits=12))
        dd_table(Deal.random(3), 0, profile, trumps=[2], context=SearchContext(tt_bits=12))
        reaches(position, 0, 80, context=SearchContext(tt_bits=12))
        hands = hands_array([Deal.random(4)])
        dd_tables(hands.astype("uint32"), 1, profile, trumps=[3],
                  context=SearchContext(tt_bits=12))
        reaches_deals(hands, 0, 2, profile, 1, [100], context=SearchContext(tt_bits=12))
        layout_values(position, [position.hands], context=SearchContext(tt_bits=12))
    dispatchers = _dispatchers()
    for entry_point in ("search", "search_deals", "root_scores", "layout_scores"):
        assert len(dispatchers[entry_point].signatures) == 1, entry_point
    for name, dispatcher in dispatchers.items():
        assert len(dispatcher.signatures) <= 1, (name, dispatcher.signatures)


def test_every_kernel_is_cached():
    for name, dispatcher in _dispatchers().items():
        assert dispatcher._cache.__class__.__name__ == "FunctionCache", name


def test_package_import_does_not_import_numba():
    code = ("import sys, belote, belote.dd, belote.formats.pbn; "
            "print('numba' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.strip()
    assert out == "False"
