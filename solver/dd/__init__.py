"""Double-dummy solving: the typed API over the private numba kernels, and contract verdicts.

Everything public is defined in :mod:`.solve` (values, tables, thresholds,
card valuation) and :mod:`.verdict` (made or not, and the deal score); this
package re-exports the former, so ``from belote.solver.dd import dd_table`` works.
"""

from .solve import (CardValue, DDTable, PositionAnalysis, SearchContext, SearchLimitError,
                    analyse_position,
                    dd_table, default_context, equivalence_classes, kernel_layout, reaches,
                    reaches_targets, solve_position, warm_up)

__all__ = [
    "CardValue", "DDTable", "PositionAnalysis", "SearchContext", "SearchLimitError",
    "analyse_position",
    "dd_table", "default_context", "equivalence_classes", "kernel_layout", "reaches",
    "reaches_targets", "solve_position", "warm_up",
]
