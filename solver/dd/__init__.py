"""Double-dummy solving: the typed API over the private numba kernels, and contract verdicts.

Everything public is defined in :mod:`.solve` (values, tables, thresholds,
card valuation), :mod:`.deals` (their batch twins on arrays of many full
deals) and :mod:`.verdict` (made or not, and the deal score); this package
re-exports the first two, so ``from belote.dd import dd_table`` works.
"""

from .deals import dd_tables, hands_array, reaches_deals, solve_deals
from .solve import (CardValue, DDTable, PositionAnalysis, SearchContext, dd_table,
                    default_context, equivalence_classes, kernel_layout, layout_values,
                    position_analysis, reaches,
                    reaches_targets, solve_position)
from .warm import warm_up

__all__ = [
    "CardValue", "DDTable", "PositionAnalysis", "SearchContext",
    "position_analysis",
    "dd_table", "dd_tables", "default_context", "equivalence_classes", "hands_array",
    "kernel_layout", "layout_values", "reaches", "reaches_deals", "reaches_targets", "solve_deals",
    "solve_position", "warm_up",
]
