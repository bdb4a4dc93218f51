"""Sampling deals consistent with what is known, and honest statistics over them.

:mod:`.constraints` describes the unseen cards, :mod:`.sampler` draws deals
uniformly among all those consistent with them (by exact counting), and
:mod:`.stats` turns results over sampled deals into intervals.
"""

from .constraints import (CardCount, Constraints, PerSuit, Range, classic_bidding, holding_set,
                          parse_known, parse_points, parse_shape)
from .sampler import BLOCK, RANDOM_DEALER, DealSampler, deal_pbn, deal_rows
from .stats import (SMALL_SAMPLE, ClusterSums, Estimate, LookSchedule, bounded_mean,
                    clopper_pearson_bounds, clustered_mean, clustered_proportion, mean,
                    paired_difference, paired_difference_bounded, paired_proportions,
                    paired_proportions_any_n, proportion, proportion_any_n, quantiles, t_cdf,
                    t_quantile, wilson_bounds, z_value)

__all__ = ["BLOCK", "CardCount", "ClusterSums", "Constraints", "DealSampler", "Estimate",
           "LookSchedule", "PerSuit", "RANDOM_DEALER", "Range", "SMALL_SAMPLE", "bounded_mean",
           "classic_bidding", "clopper_pearson_bounds", "clustered_mean", "clustered_proportion",
           "deal_pbn", "deal_rows", "holding_set", "mean", "paired_difference",
           "paired_difference_bounded", "paired_proportions", "paired_proportions_any_n",
           "parse_known", "parse_points", "parse_shape", "proportion", "proportion_any_n",
           "quantiles", "t_cdf", "t_quantile", "wilson_bounds", "z_value"]
