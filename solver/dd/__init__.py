"""Double-dummy solving: the typed API over the private numba kernels, and contract verdicts.

The solving functions are defined in :mod:`.solve` (values, tables, thresholds,
card valuation), their results in :mod:`.results`, their batch twins on arrays of many
full deals in :mod:`.deals`, the search contexts in :mod:`.context` and
:func:`warm_up` in :mod:`.warm`; this package re-exports them, so
``from belote.dd import dd_table`` works. :mod:`.verdict` says made or not, and the deal
score. The machinery beneath: :mod:`.loader` (the numba kernels, imported on first
use), :mod:`.layout` (the kernels' card numbering), :mod:`.workspace` (their fields),
:mod:`.checks` (the boundary check) and :mod:`.search` (one kernel search target).
"""

from .deals import dd_tables, hands_array, reaches_deals, solve_deals
from .context import SearchContext, default_context
from .layout import kernel_layout
from .results import CardValue, DDTable, PositionAnalysis
from .solve import (dd_table, equivalence_classes, layout_values, position_analysis, reaches,
                    reaches_targets, solve_position)
from .warm import warm_up

__all__ = [
    "CardValue", "DDTable", "PositionAnalysis", "SearchContext",
    "position_analysis",
    "dd_table", "dd_tables", "default_context", "equivalence_classes", "hands_array",
    "kernel_layout", "layout_values", "reaches", "reaches_deals", "reaches_targets", "solve_deals",
    "solve_position", "warm_up",
]
