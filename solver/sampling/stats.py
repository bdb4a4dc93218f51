"""Intervals for Monte-Carlo estimates over sampled deals.

Every function returns an immutable :class:`Estimate`: the point value, the
interval ``low .. high``, the sample size ``n``, the confidence ``level`` and
the ``method`` used.

* Proportions (P(make)): the Wilson score interval, which stays inside
  ``0 .. 1`` and behaves at 0 and n successes (:func:`proportion`); where
  samples may be few (the bid advisor), the Clopper-Pearson interval below
  :data:`SMALL_SAMPLE` samples, which covers at least its level at every
  sample size (:func:`proportion_any_n`).
* Means (expected score, mean points): Student's t interval (:func:`mean`).
  A mean of values known to lie in a range (points 0..252, a contract's net
  scores: :func:`bounded_mean`) is given Hoeffding's interval below
  :data:`SMALL_SAMPLE` samples, or when every sample is the same: valid at
  every sample size, where a t interval on a few skewed values with atoms
  (a capot, a made contract) covers far less than it says, and a sample of
  equal values gives it no width at all.
* Two options judged on the same deals (common random numbers): the paired
  t interval of the mean difference (:func:`paired_difference`), and for two
  proportions Newcombe's hybrid score interval for paired data (his method
  10, built from the two Wilson intervals and the correlation of the pairs:
  :func:`paired_proportions`).
* Rows that come in clusters (the rows of one deal in a hand database):
  :class:`ClusterSums` gives the design effect, :func:`clustered_proportion`
  Wilson's interval at the effective sample size and :func:`clustered_mean`
  a t interval with the cluster-robust variance.
* Quantiles of an integer sample, e.g. deciles of points (:func:`quantiles`).
* Stopping early (:class:`LookSchedule`): the data are looked at only at a
  fixed schedule of sample sizes, and each look's interval is computed at
  level ``1 - alpha / K`` for ``K`` looks (Bonferroni). Whatever rule picks
  the look at which to stop, the probability that the interval reported then
  misses is at most the probability that any of the ``K`` intervals misses,
  at most ``K * alpha / K = alpha``: the stated level holds for each quantity
  reported (for several quantities at once, split alpha between them too).

>>> proportion(8, 10)  # doctest: +ELLIPSIS
Estimate(value=0.8, low=0.4901624..., high=0.9433178..., n=10, level=0.95, method='wilson')
>>> mean([3, 5, 7, 9]).to_dict()["high"]  # doctest: +ELLIPSIS
10.1085...
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass
from statistics import NormalDist

import numpy as np

from ..errors import BeloteError

__all__ = ["RARE_CLUSTERS", "Estimate", "z_value", "wilson_bounds", "SMALL_SAMPLE", "proportion",
           "proportion_any_n", "clopper_pearson_bounds", "t_cdf", "t_quantile", "mean",
           "bounded_mean", "paired_difference", "paired_difference_bounded",
           "paired_proportions_any_n", "paired_proportions", "ClusterSums", "clustered_proportion",
           "clustered_mean", "quantiles", "LookSchedule"]


@dataclass(frozen=True)
class Estimate:
    """A point estimate with its interval.

    >>> e = Estimate(value=0.5, low=0.4, high=0.6, n=100)
    >>> e, e.half_width, e.contains(0.45)
    (Estimate(value=0.5, low=0.4, high=0.6, n=100, level=0.95, method='wilson'), 0.1, True)
    >>> eval(repr(e)) == e
    True
    """

    value: float
    low: float
    high: float
    n: int
    level: float = 0.95
    method: str = "wilson"

    @property
    def half_width(self) -> float:
        """Half the width of the interval (the ``P`` of ``value +/- P``)."""
        return round((self.high - self.low) / 2, 12)

    def contains(self, x: float) -> bool:
        """Is ``x`` inside the interval (bounds included)?"""
        return self.low <= x <= self.high

    def to_dict(self) -> dict[str, float | int | str]:
        """The fields as a dict, for JSON output."""
        return asdict(self)

    @classmethod
    def exact(cls, value: float, n: int) -> Estimate:
        """A value computed over all ``n`` cases (no sampling): an interval reduced to it.

        >>> Estimate.exact(0.25, 4)
        Estimate(value=0.25, low=0.25, high=0.25, n=4, level=0.95, method='exact')
        """
        value = float(value)
        return cls(value, value, value, n, method="exact")

    def within(self, low: float, high: float) -> Estimate:
        """The interval clipped to the possible values ``low .. high`` (a t interval on few
        samples can leave them; the true value cannot).

        >>> Estimate(200.5, -453.9, 854.9, 2, method="t").within(0, 252)
        Estimate(value=200.5, low=0.0, high=252.0, n=2, level=0.95, method='t')
        """
        return Estimate(self.value, float(max(self.low, low)), float(min(self.high, high)),
                        self.n, self.level, self.method)


def _check_level(level: float) -> None:
    if not 0 < level < 1:
        raise BeloteError(f"confidence level {level!r} is not between 0 and 1")


def z_value(level: float) -> float:
    """The two-sided normal quantile of ``level``: 1.96 for 95%.

    >>> round(z_value(0.95), 6)
    1.959964
    """
    _check_level(level)
    return NormalDist().inv_cdf(0.5 + level / 2)


def wilson_bounds(successes, n, z: float):
    """Wilson score bounds for ``successes`` out of ``n`` (numbers or numpy arrays).

    >>> [round(float(x), 4) for x in wilson_bounds(0, 10, z_value(0.95))]
    [0.0, 0.2775]
    """
    successes = np.asarray(successes, dtype=float)
    n = np.asarray(n, dtype=float)
    p = successes / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z / (1 + z2 / n) * np.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
    low = np.where(successes == 0, 0.0, np.clip(centre - half, 0.0, 1.0))
    high = np.where(successes == n, 1.0, np.clip(centre + half, 0.0, 1.0))
    return low, high


SMALL_SAMPLE = 100
"""Below this many samples the intervals that assume a roughly normal mean (Wilson's, Student's
t) give way to ones valid at every sample size: Clopper-Pearson for a proportion
(:func:`proportion_any_n`), Hoeffding for a bounded mean (:func:`bounded_mean`).

Measured by simulation (``tests/test_stats.py`` holds the test at n = 2..10; 4,000 seeded runs
a size, machine loaded): on net scores with atoms (+350 10%, +230 60%, -260 30%) the 95% t
interval covered 54% at 2 samples, 62% at 3, 82% at 5; on trick points (8% capots at 252, 4%
at 0, else about 95 +/- 30) it covered 93% at 10 to 60 samples, 95% from 100 on, where
Hoeffding's covered 100% below 30 samples (by construction: at least 95% always)."""


def proportion(successes: int, n: int, level: float = 0.95) -> Estimate:
    """The proportion ``successes / n`` with its Wilson score interval.

    >>> proportion(0, 20).high, proportion(20, 20).low  # doctest: +ELLIPSIS
    (0.16112..., 0.83887...)
    """
    if n <= 0 or not 0 <= successes <= n:
        raise BeloteError(f"{successes} successes out of {n} is not a proportion")
    low, high = wilson_bounds(successes, n, z_value(level))
    return Estimate(successes / n, float(low), float(high), n, level, "wilson")


def proportion_any_n(successes: int, n: int, level: float = 0.95) -> Estimate:
    """:func:`proportion`, with Clopper-Pearson's interval below :data:`SMALL_SAMPLE` samples
    (:func:`clopper_pearson_bounds`): at least ``level`` at every sample size.

    >>> proportion_any_n(150, 200) == proportion(150, 200)
    True
    >>> e = proportion_any_n(2, 2); round(e.low, 4), e.high, e.method
    (0.1581, 1.0, 'clopper-pearson')
    """
    if n <= 0 or not 0 <= successes <= n:
        raise BeloteError(f"{successes} successes out of {n} is not a proportion")
    if n >= SMALL_SAMPLE:
        return proportion(successes, n, level)
    low, high = clopper_pearson_bounds(successes, n, level)
    return Estimate(successes / n, low, high, n, level, "clopper-pearson")


def _beta_quantile(p: float, a: float, b: float) -> float:
    """The ``p`` quantile of the Beta(``a``, ``b``) distribution (bisection on :func:`_betainc`)."""
    low, high = 0.0, 1.0
    for _ in range(100):
        mid = (low + high) / 2
        if _betainc(a, b, mid) < p:
            low = mid
        else:
            high = mid
    return (low + high) / 2


def clopper_pearson_bounds(successes: int, n: int, level: float = 0.95) -> tuple[float, float]:
    """The Clopper-Pearson ("exact") interval of ``successes`` out of ``n``: each bound is where
    the binomial tail beyond the count is ``(1 - level) / 2``, so it covers at least ``level``
    whatever the true proportion and ``n``.

    >>> [round(x, 4) for x in clopper_pearson_bounds(0, 10)], [round(x, 4) for x in clopper_pearson_bounds(3, 10)]
    ([0.0, 0.3085], [0.0667, 0.6525])
    """
    _check_level(level)
    alpha = 1 - level
    low = 0.0 if successes == 0 else _beta_quantile(alpha / 2, successes, n - successes + 1)
    high = 1.0 if successes == n else _beta_quantile(1 - alpha / 2, successes + 1, n - successes)
    return low, high


def _betainc(a: float, b: float, x: float) -> float:
    """The regularised incomplete beta function ``I_x(a, b)`` (continued fraction,
    evaluated by the modified Lentz method)."""
    if x <= 0:
        return 0.0
    if x >= 1:
        return 1.0
    if x > (a + 1) / (a + b + 2):
        return 1.0 - _betainc(b, a, 1.0 - x)
    tiny = 1e-300

    def guard(v: float) -> float:
        return v if abs(v) > tiny else tiny

    c, d = 1.0, 1.0 / guard(1.0 - (a + b) * x / (a + 1))
    h = d
    for m in range(1, 500):
        for num in (m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)),
                    -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))):
            d = 1.0 / guard(1.0 + num * d)
            c = guard(1.0 + num / c)
            h *= d * c
        if abs(d * c - 1.0) < 1e-15:
            break
    front = math.exp(math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b)
                     + a * math.log(x) + b * math.log1p(-x))
    return front * h / a


def t_cdf(t: float, dof: float) -> float:
    """Student's t distribution function with ``dof`` degrees of freedom.

    >>> round(t_cdf(2.2621571628, 9), 9)
    0.975
    """
    tail = 0.5 * _betainc(dof / 2, 0.5, dof / (dof + t * t))
    return 1.0 - tail if t >= 0 else tail


@functools.lru_cache(maxsize=256)
def t_quantile(p: float, dof: float) -> float:
    """The ``p`` quantile of Student's t with ``dof`` degrees of freedom (bisection).

    Kept for the next call with the same arguments: a bisection costs about 15 ms, and
    the bid advisor asks the same quantile for every interval of a table.

    >>> round(t_quantile(0.975, 1), 6), round(t_quantile(0.975, 9), 6)
    (12.706205, 2.262157)
    """
    if not 0 < p < 1 or dof <= 0:
        raise BeloteError(f"no t quantile for p={p!r}, dof={dof!r}")
    if p < 0.5:
        return -t_quantile(1 - p, dof)
    low, high = 0.0, 1.0
    while t_cdf(high, dof) < p:
        low, high = high, high * 2
    for _ in range(200):
        mid = (low + high) / 2
        if t_cdf(mid, dof) < p:
            low = mid
        else:
            high = mid
        if high - low < 1e-12 * max(1.0, high):
            break
    return (low + high) / 2


def _t_interval(values: np.ndarray, level: float, method: str) -> Estimate:
    n = len(values)
    if n < 2:
        raise BeloteError(f"a t interval needs at least 2 values, not {n}")
    _check_level(level)
    centre = float(values.mean())
    half = t_quantile(0.5 + level / 2, n - 1) * float(values.std(ddof=1)) / math.sqrt(n)
    return Estimate(centre, centre - half, centre + half, n, level, method)


def mean(values: Iterable[float], level: float = 0.95) -> Estimate:
    """The mean of ``values`` with Student's t interval.

    >>> e = mean([3, 5, 7, 9])
    >>> e.value, round(e.low, 4), round(e.high, 4)
    (6.0, 1.8915, 10.1085)
    """
    return _t_interval(np.asarray(list(values), dtype=float), level, "t")


def bounded_mean(n: int, total: float, squares: float, low: float, high: float,
                 level: float = 0.95, method: str = "t") -> Estimate:
    """The mean of ``n`` values that lie in ``low .. high``, from their sum and sum of squares.

    From :data:`SMALL_SAMPLE` values on, when they are not all equal: Student's t interval
    (``method``) clipped to the range. Otherwise Hoeffding's interval, ``mean +/- (high -
    low) * sqrt(log(2 / (1 - level)) / (2 n))`` clipped to the range, which covers at least
    ``level`` for every distribution in the range and every ``n``: wide at a few samples
    (saying how little they tell), never of zero width while the range is not.

    >>> e = bounded_mean(2, 504, 2 * 252 ** 2, 0, 252)
    >>> e.value, round(e.low, 1), e.high, e.method
    (252.0, 10.0, 252.0, 'hoeffding')
    >>> values = [80, 100, 120] * 40
    >>> t = bounded_mean(120, sum(values), sum(v * v for v in values), 0, 252)
    >>> t == mean(values), t.method
    (True, 't')
    """
    if n < 1:
        raise BeloteError(f"a mean needs at least 1 value, not {n}")
    if not low <= high:
        raise BeloteError(f"no values lie in {low} .. {high}")
    _check_level(level)
    centre = float(total) / n
    variance = max((squares - total * total / n) / max(n - 1, 1), 0.0)
    spread = 1e-9 * max(1.0, abs(centre)) ** 2
    if n >= SMALL_SAMPLE and variance > spread:
        half = t_quantile(0.5 + level / 2, n - 1) * math.sqrt(variance / n)
        method_used = method
    else:
        half = (high - low) * math.sqrt(math.log(2 / (1 - level)) / (2 * n))
        method_used = "hoeffding"
    return Estimate(centre, float(max(centre - half, low)), float(min(centre + half, high)), n,
                    level, method_used)


def _pair(a: Iterable[float], b: Iterable[float]) -> tuple[np.ndarray, np.ndarray]:
    x, y = np.asarray(list(a), dtype=float), np.asarray(list(b), dtype=float)
    if x.shape != y.shape:
        raise BeloteError(f"paired samples differ in size ({len(x)} and {len(y)})")
    return x, y


def paired_difference(a: Iterable[float], b: Iterable[float], level: float = 0.95) -> Estimate:
    """Mean of ``a - b`` over the same deals, with the paired t interval.

    >>> e = paired_difference([10, 20, 30, 40], [8, 19, 27, 36])
    >>> e.value, round(e.low, 4), round(e.high, 4), e.method
    (2.5, 0.4457, 4.5543, 'paired t')
    """
    x, y = _pair(a, b)
    return _t_interval(x - y, level, "paired t")


def paired_difference_bounded(a: Iterable[float], b: Iterable[float], low: float, high: float,
                              level: float = 0.95) -> Estimate:
    """:func:`paired_difference` of two samples whose differences lie in ``low .. high``:
    :func:`bounded_mean` of the differences (Hoeffding's interval on few samples).

    >>> paired_difference_bounded([10, 20, 30, 40], [8, 19, 27, 36], -50, 50).method
    'hoeffding'
    """
    x, y = _pair(a, b)
    d = x - y
    return bounded_mean(len(d), float(d.sum()), float((d * d).sum()), low, high, level,
                        "paired t")


def paired_proportions_any_n(a: Iterable[bool], b: Iterable[bool],
                             level: float = 0.95) -> Estimate:
    """:func:`paired_proportions`, valid at every sample size: below :data:`SMALL_SAMPLE`
    pairs, :func:`bounded_mean` of the differences (each -1, 0 or 1: Hoeffding's interval).

    >>> paired_proportions_any_n([1, 1, 0], [1, 0, 0]).method
    'hoeffding'
    """
    x, y = _pair(a, b)
    if len(x) >= SMALL_SAMPLE:
        return paired_proportions(x, y, level)
    d = x - y
    return bounded_mean(len(d), float(d.sum()), float((d * d).sum()), -1, 1, level)


def paired_proportions(a: Iterable[bool], b: Iterable[bool], level: float = 0.95) -> Estimate:
    """P(a) - P(b) over the same deals, with Newcombe's hybrid score interval (method 10).

    From the counts of deals where both succeed, only ``a``, only ``b``,
    neither; the correlation of the pairs narrows the interval when the two
    options mostly succeed on the same deals.

    >>> e = paired_proportions([1, 1, 1, 1, 0, 1, 0, 1, 1, 0], [1, 0, 1, 1, 0, 0, 0, 1, 1, 0])
    >>> e.value, round(e.low, 4), round(e.high, 4), e.method
    (0.2, -0.0382, 0.4001, 'newcombe paired')
    """
    x, y = _pair(a, b)
    if not np.isin(x, (0, 1)).all() or not np.isin(y, (0, 1)).all():
        raise BeloteError("paired proportions need 0/1 (or boolean) outcomes")
    n = len(x)
    if n == 0:
        raise BeloteError("paired proportions need at least one pair")
    both = float((x * y).sum())
    only_a = float((x * (1 - y)).sum())
    only_b = float(((1 - x) * y).sum())
    neither = n - both - only_a - only_b
    z = z_value(level)
    p1, p2 = (both + only_a) / n, (both + only_b) / n
    l1, u1 = (float(v) for v in wilson_bounds(both + only_a, n, z))
    l2, u2 = (float(v) for v in wilson_bounds(both + only_b, n, z))
    margins = (both + only_a) * (neither + only_b) * (both + only_b) * (neither + only_a)
    phi = 0.0 if margins == 0 else (both * neither - only_a * only_b) / math.sqrt(margins)
    down = math.sqrt(max((p1 - l1) ** 2 - 2 * phi * (p1 - l1) * (u2 - p2) + (u2 - p2) ** 2, 0))
    up = math.sqrt(max((u1 - p1) ** 2 - 2 * phi * (u1 - p1) * (p2 - l2) + (p2 - l2) ** 2, 0))
    diff = (only_a - only_b) / n
    return Estimate(diff, max(diff - down, -1.0), min(diff + up, 1.0), n, level,
                    "newcombe paired")


RARE_CLUSTERS = 5
"""Fewer clusters than this holding the rarer of two outcomes: the design effect is bounded, not estimated."""


@dataclass(frozen=True)
class ClusterSums:
    """What an interval needs from ``n`` values that come in clusters (the rows of one deal).

    Rows of one deal (its trumps, sides, leaders) are not independent, so an
    interval that counts them as independent is too narrow. These sums give
    the cluster-robust (sandwich) variance of the mean, with ``S_g`` and ``n_g``
    the sum and size of cluster ``g`` and ``m`` the mean:
    ``G / (G - 1) * sum_g (S_g - m * n_g) ** 2 / n ** 2`` over the ``G``
    clusters. ``total`` and ``squares`` are the sum and sum of squares of the
    values; ``cluster_squares``, ``cluster_cross`` and ``size_squares`` are the
    sums of ``S_g ** 2``, ``S_g * n_g`` and ``n_g ** 2``. For 0/1 values,
    ``rare_clusters`` counts the clusters holding the rarer outcome (those
    with a 1 or those with a 0, whichever are fewer); ``None`` otherwise.

    >>> sums = ClusterSums.of([3, 1, 0, 0, 2, 0], ["a", "a", "b", "b", "c", "c"])
    >>> sums.n, sums.clusters, sums.design_effect()
    (6, 3, 1.25)
    >>> ClusterSums.of([1, 0, 1], ["a", "b", "c"]).design_effect()
    1.0
    >>> ClusterSums.of([1, 1, 0, 0, 0, 0], "aabbcc").design_effect()  # rare: bounded
    2.0
    """

    n: int
    total: float
    squares: float
    clusters: int
    cluster_squares: float
    cluster_cross: float
    size_squares: float
    rare_clusters: int | None = None

    @classmethod
    def of(cls, values: Iterable[float], clusters: Iterable[object]) -> "ClusterSums":
        """The sums of ``values``, the i-th belonging to cluster ``clusters[i]``."""
        sums: dict[object, list[float]] = {}
        rows = list(zip(values, clusters, strict=True))
        for value, cluster in rows:
            entry = sums.setdefault(cluster, [0.0, 0])
            entry[0] += value
            entry[1] += 1
        rare = None
        if all(v in (0, 1) for v, _ in rows):
            rare = min(sum(1 for s, _ in sums.values() if s > 0),
                       sum(1 for s, k in sums.values() if s < k))
        return cls(n=len(rows), total=float(sum(v for v, _ in rows)),
                   squares=float(sum(v * v for v, _ in rows)), clusters=len(sums),
                   cluster_squares=float(sum(s * s for s, _ in sums.values())),
                   cluster_cross=float(sum(s * k for s, k in sums.values())),
                   size_squares=float(sum(k * k for _, k in sums.values())), rare_clusters=rare)

    def design_effect(self) -> float:
        """The clustered variance of the mean over its variance for independent rows, at least 1.

        Both variances carry the same small-sample factor, so one row per
        cluster gives exactly 1. Values that are all equal say nothing of the
        clustering, nor do 0/1 values whose rarer outcome lies in fewer than
        :data:`RARE_CLUSTERS` clusters (one success is no estimate of how
        successes cluster): the bound of perfectly correlated clusters (the
        weighted mean cluster size, ``size_squares / n``) is used then. The
        effect is never taken below 1: an interval is never narrower than the
        one for independent rows.
        """
        n, g = self.n, self.clusters
        m = self.total / n
        spread = self.squares - n * m * m
        rare = self.rare_clusters is not None and self.rare_clusters < RARE_CLUSTERS
        if g < 2 or rare or spread <= 1e-9 * max(1.0, self.squares):
            return max(self.size_squares / n, 1.0)
        between = self.cluster_squares - 2 * m * self.cluster_cross + m * m * self.size_squares
        clustered = g / (g - 1) * between / (n * n)
        rows = spread / (n * (n - 1))
        return max(clustered / rows, 1.0)


def clustered_proportion(sums: ClusterSums, level: float = 0.95) -> Estimate:
    """A proportion of 0/1 values in clusters: Wilson's interval at the effective sample size.

    The effective size is ``n`` over the design effect
    (:meth:`ClusterSums.design_effect`), times ``(z / t) ** 2`` with ``t``
    Student's quantile on ``G - 1`` degrees of freedom (the design effect is
    estimated from ``G`` clusters): Korn and Graubard's interval for
    proportions from cluster samples, with Wilson's in place of theirs. One
    row per cluster gives :func:`proportion`.

    >>> clustered_proportion(ClusterSums.of([1, 0, 1, 1], "abcd")) == proportion(3, 4)
    True
    >>> pairs = [1, 1, 0, 0, 1, 0, 1, 1, 0, 0, 0, 1, 1, 1, 0, 0, 1, 0, 1, 1]
    >>> e = clustered_proportion(ClusterSums.of(pairs, [i // 2 for i in range(20)]))
    >>> e.value, round(e.low, 4), round(e.high, 4), e.method
    (0.55, 0.2758, 0.7969, 'wilson, clustered by deal')
    >>> p = proportion(11, 20); round(p.low, 4), round(p.high, 4)
    (0.3421, 0.7418)
    """
    if sums.n <= 0 or not 0 <= sums.total <= sums.n or sums.squares != sums.total:
        raise BeloteError(f"{sums.total} successes out of {sums.n} (sum of squares "
                          f"{sums.squares}) are not 0/1 values")
    effective = sums.n / sums.design_effect()
    if 2 <= sums.clusters < sums.n:
        effective *= (z_value(level) / t_quantile(0.5 + level / 2, sums.clusters - 1)) ** 2
    p = sums.total / sums.n
    low, high = wilson_bounds(p * effective, effective, z_value(level))
    method = "wilson" if sums.clusters == sums.n else "wilson, clustered by deal"
    return Estimate(p, float(low), float(high), sums.n, level, method)


def clustered_mean(sums: ClusterSums, level: float = 0.95) -> Estimate:
    """A mean of values in clusters: Student's t with the clustered variance, ``G - 1`` df.

    The variance is the larger of the cluster-robust one and the one for
    independent rows; one row per cluster gives :func:`mean`.

    >>> clustered_mean(ClusterSums.of([3, 5, 7, 9], "abcd")) == mean([3, 5, 7, 9])
    True
    >>> e = clustered_mean(ClusterSums.of([3, 5, 7, 9], "aabb"))
    >>> e.value, round(e.low, 4), round(e.high, 4)
    (6.0, -19.4124, 31.4124)
    """
    n, g = sums.n, sums.clusters
    if g < 2:
        raise BeloteError(f"a clustered t interval needs at least 2 clusters, not {g}")
    _check_level(level)
    centre = sums.total / n
    variance = max(sums.squares - n * centre * centre, 0.0) / (n * (n - 1))
    half = t_quantile(0.5 + level / 2, g - 1) * math.sqrt(variance * sums.design_effect())
    method = "t" if g == n else "t, clustered by deal"
    return Estimate(centre, centre - half, centre + half, n, level, method)


DECILES = tuple(k / 10 for k in range(1, 10))


def quantiles(values: Iterable[int], probs: Sequence[float] = DECILES) -> tuple[int, ...]:
    """Quantiles of an integer sample: for each ``p``, the smallest value ``v`` with
    at least a fraction ``p`` of the sample ``<= v`` (so always a sampled value).

    >>> quantiles([0, 10, 20, 30, 40, 50, 60, 70, 80, 90])
    (0, 10, 20, 30, 40, 50, 60, 70, 80)
    >>> quantiles([5, 1, 3], [0.5, 1.0])
    (3, 5)
    """
    data = np.sort(np.asarray(list(values), dtype=np.int64))
    if len(data) == 0:
        raise BeloteError("no quantiles of an empty sample")
    out = []
    for p in probs:
        if not 0 < p <= 1:
            raise BeloteError(f"quantile {p!r} is not in (0, 1]")
        out.append(int(data[max(math.ceil(p * len(data) - 1e-9), 1) - 1]))
    return tuple(out)


@dataclass(frozen=True)
class LookSchedule:
    """When to look at the data, and the intervals that stay valid when stopping early.

    The looks are at ``first``, then ``growth`` times more each time, and at
    ``max_n`` last. Each look's interval is at level ``1 - (1 - level) / K``
    for ``K`` looks (Bonferroni), so the interval reported at whichever look
    the run stops keeps coverage ``level``.

    >>> s = LookSchedule(max_n=2000, first=100)
    >>> s.looks, round(s.look_level, 4)
    ((100, 200, 400, 800, 1600, 2000), 0.9917)
    >>> e = s.interval(30, 100)
    >>> round(e.low, 4), round(e.high, 4), e.level, e.method
    (0.1954, 0.4306, 0.95, 'wilson, bonferroni over 6 looks')
    >>> s.should_stop([e], n=100, precision=0.05), s.should_stop([e], n=2000, precision=0.05)
    (False, True)
    """

    max_n: int
    first: int = 100
    growth: float = 2.0
    level: float = 0.95

    def __post_init__(self) -> None:
        _check_level(self.level)
        if not 1 <= self.first <= self.max_n or self.growth <= 1:
            raise BeloteError(f"no look schedule with first={self.first}, max_n={self.max_n}, "
                              f"growth={self.growth}")

    @property
    def looks(self) -> tuple[int, ...]:
        """The sample sizes at which the data are looked at, ending with ``max_n``."""
        looks: list[int] = []
        n = float(self.first)
        while round(n) < self.max_n:
            if not looks or round(n) > looks[-1]:
                looks.append(round(n))
            n *= self.growth
        return tuple(looks) + (self.max_n,)

    @property
    def look_level(self) -> float:
        """The level of each look's interval: ``1 - (1 - level) / K``."""
        return 1 - (1 - self.level) / len(self.looks)

    def method(self, base: str) -> str:
        """The name of ``base``'s method at these looks, e.g. ``wilson, bonferroni over 6 looks``."""
        k = len(self.looks)
        return f"{base}, bonferroni over {k} look{'s' * (k != 1)}"

    def _check_look(self, n: int) -> None:
        if n not in self.looks:
            raise BeloteError(f"{n} is not a look of the schedule {self.looks}")

    def interval(self, successes: int, n: int) -> Estimate:
        """The Wilson interval of a proportion at look ``n``, valid however the stop was chosen."""
        self._check_look(n)
        e = proportion(successes, n, self.look_level)
        return Estimate(e.value, e.low, e.high, n, self.level, self.method("wilson"))

    def mean(self, values: Sequence[float]) -> Estimate:
        """The t interval of a mean at look ``len(values)``, likewise valid."""
        self._check_look(len(values))
        e = mean(values, self.look_level)
        return Estimate(e.value, e.low, e.high, e.n, self.level, self.method("t"))

    def should_stop(self, estimates: Iterable[Estimate], n: int, precision: float) -> bool:
        """Stop at look ``n``: the last look, or every interval within ``+/- precision``."""
        self._check_look(n)
        return n == self.max_n or all(e.half_width <= precision for e in estimates)
