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
    ".checks": ("check_position",),
    ".context": ("DEFAULT_TT_BITS", "NO_NODE_LIMIT", "SearchContext", "default_context"),
    ".deals": ("dd_tables", "hands_array", "reaches_deals", "solve_deals"),
    ".layout": ("KernelLayout", "kernel_classes", "kernel_layout"),
    ".loader": ("load_kernels", "use_kernels"),
    ".results": ("CardValue", "DDTable", "PositionAnalysis"),
    ".search": ("Search",),
    ".solve": ("equivalence_classes", "layout_values", "reaches", "reaches_targets"),
    ".verdict": ("ContractVerdict", "verdict_from_points"),
    ".warm": ("warm_up",),
    ".workspace": ("workspace_fields",),
}
"""The public names of this package, by home module (see :mod:`belote._lazy`)."""

if TYPE_CHECKING:
    from .checks import check_position as check_position
    from .context import (DEFAULT_TT_BITS as DEFAULT_TT_BITS, NO_NODE_LIMIT as NO_NODE_LIMIT,
                          SearchContext as SearchContext, default_context as default_context)
    from .deals import (dd_tables as dd_tables, hands_array as hands_array,
                        reaches_deals as reaches_deals, solve_deals as solve_deals)
    from .layout import (KernelLayout as KernelLayout, kernel_classes as kernel_classes,
                         kernel_layout as kernel_layout)
    from .loader import load_kernels as load_kernels, use_kernels as use_kernels
    from .results import (CardValue as CardValue, DDTable as DDTable,
                          PositionAnalysis as PositionAnalysis)
    from .search import Search as Search
    from .solve import (equivalence_classes as equivalence_classes, layout_values as layout_values,
                        reaches as reaches, reaches_targets as reaches_targets)
    from .verdict import (ContractVerdict as ContractVerdict,
                          verdict_from_points as verdict_from_points)
    from .warm import warm_up as warm_up
    from .workspace import workspace_fields as workspace_fields

if not TYPE_CHECKING:  # a checker reads the imports above, and flags other names
    __all__, __getattr__, __dir__ = attach(__name__, _TABLE)
