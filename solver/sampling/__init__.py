"""Sampling deals consistent with what is known, and honest statistics over them.

:mod:`.constraints` describes the unseen cards, :mod:`.sampler` draws deals
uniformly among all those consistent with them (by exact counting), and
:mod:`.stats` turns results over sampled deals into intervals.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._lazy import attach

_TABLE: dict[str, tuple[str, ...]] = {
    ".announcements": ("Heard", "heard_belote", "heard_from_play", "with_belote"),
    ".constraints": ("CardCount", "Constraints", "PerSuit", "Range", "classic_bidding",
                     "holding_set", "parse_known", "parse_points", "parse_shape"),
    ".sampler": ("BLOCK", "MAX_STATES", "RANDOM_DEALER", "DealSampler", "deal_pbn", "deal_rows"),
    ".stats": ("RARE_CLUSTERS", "SMALL_SAMPLE", "ClusterSums", "Estimate", "LookSchedule",
               "bounded_mean", "clopper_pearson_bounds", "clustered_mean", "clustered_proportion",
               "mean", "paired_difference", "paired_difference_bounded", "paired_proportions",
               "paired_proportions_any_n", "proportion", "proportion_any_n", "quantiles", "t_cdf",
               "t_quantile", "wilson_bounds", "z_value"),
    ".turned": ("Taken", "taken_card", "with_taken"),
    ".view": ("enumerate_layouts", "visible_constraints"),
}
"""The public names of this package, by home module (see :mod:`belote._lazy`)."""

if TYPE_CHECKING:
    from .announcements import (Heard as Heard, heard_belote as heard_belote,
                                heard_from_play as heard_from_play, with_belote as with_belote)
    from .constraints import (CardCount as CardCount, Constraints as Constraints,
                              PerSuit as PerSuit, Range as Range,
                              classic_bidding as classic_bidding, holding_set as holding_set,
                              parse_known as parse_known, parse_points as parse_points,
                              parse_shape as parse_shape)
    from .sampler import (BLOCK as BLOCK, MAX_STATES as MAX_STATES, RANDOM_DEALER as RANDOM_DEALER,
                          DealSampler as DealSampler, deal_pbn as deal_pbn, deal_rows as deal_rows)
    from .stats import (RARE_CLUSTERS as RARE_CLUSTERS, SMALL_SAMPLE as SMALL_SAMPLE,
                        ClusterSums as ClusterSums, Estimate as Estimate,
                        LookSchedule as LookSchedule, bounded_mean as bounded_mean,
                        clopper_pearson_bounds as clopper_pearson_bounds,
                        clustered_mean as clustered_mean,
                        clustered_proportion as clustered_proportion, mean as mean,
                        paired_difference as paired_difference,
                        paired_difference_bounded as paired_difference_bounded,
                        paired_proportions as paired_proportions,
                        paired_proportions_any_n as paired_proportions_any_n,
                        proportion as proportion, proportion_any_n as proportion_any_n,
                        quantiles as quantiles, t_cdf as t_cdf, t_quantile as t_quantile,
                        wilson_bounds as wilson_bounds, z_value as z_value)
    from .turned import Taken as Taken, taken_card as taken_card, with_taken as with_taken
    from .view import (enumerate_layouts as enumerate_layouts,
                       visible_constraints as visible_constraints)

if not TYPE_CHECKING:  # a checker reads the imports above, and flags other names
    __all__, __getattr__, __dir__ = attach(__name__, _TABLE)
