"""Double-dummy solving: the typed API over the private numba kernels, and contract verdicts.

Everything public is defined in :mod:`.solve` (values, tables, thresholds,
card valuation), :mod:`.deals` (their batch twins on arrays of many full
deals) and :mod:`.verdict` (made or not, and the deal score); this package
re-exports the first two, so ``from belote.dd import dd_table`` works.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._lazy import attach

_TABLE: dict[str, tuple[str, ...]] = {
    ".deals": ("dd_tables", "hands_array", "reaches_deals", "solve_deals"),
    ".solve": ("CardValue", "DDTable", "PositionAnalysis", "SearchContext", "default_context",
               "equivalence_classes", "kernel_layout", "layout_values", "reaches",
               "reaches_targets"),
    ".verdict": ("ContractVerdict", "verdict_from_points"),
    ".warm": ("warm_up",),
}
"""The public names of this package, by home module (see :mod:`belote._lazy`)."""

if TYPE_CHECKING:
    from .deals import (dd_tables as dd_tables, hands_array as hands_array,
                        reaches_deals as reaches_deals, solve_deals as solve_deals)
    from .solve import (CardValue as CardValue, DDTable as DDTable,
                        PositionAnalysis as PositionAnalysis, SearchContext as SearchContext,
                        default_context as default_context,
                        equivalence_classes as equivalence_classes, kernel_layout as kernel_layout,
                        layout_values as layout_values, reaches as reaches,
                        reaches_targets as reaches_targets)
    from .verdict import (ContractVerdict as ContractVerdict,
                          verdict_from_points as verdict_from_points)
    from .warm import warm_up as warm_up

if not TYPE_CHECKING:  # a checker reads the imports above, and flags other names
    __all__, __getattr__, __dir__ = attach(__name__, _TABLE)
