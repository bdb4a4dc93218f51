"""Double-dummy solving: the typed API over the private numba kernels, and contract verdicts.

Everything public is defined in :mod:`.solve` (values, tables, thresholds,
card valuation), :mod:`.deals` (their batch twins on arrays of many full
deals) and :mod:`.verdict` (made or not, and the deal score); this package
re-exports the first two, so ``from belote.dd import dd_table`` works.
"""

from .deals import dd_tables, hands_array, reaches_deals, solve_deals
from .solve import (CardValue, DDTable, PositionAnalysis, SearchContext, default_context,
                    equivalence_classes, kernel_layout, layout_values, position_analysis, reaches,
                    reaches_targets)
from .verdict import ContractVerdict, verdict_from_points
from .warm import warm_up

__all__ = ["CardValue", "ContractVerdict", "DDTable", "PositionAnalysis", "SearchContext",
           "dd_tables", "default_context", "equivalence_classes", "hands_array", "kernel_layout",
           "layout_values", "position_analysis", "reaches", "reaches_deals", "reaches_targets",
           "solve_deals", "verdict_from_points", "warm_up"]
