"""Confidence intervals for the tables of a report.

:func:`wilson_interval` bounds a proportion (``k`` successes out of ``n``)
with Wilson's score interval, which stays inside [0, 1] and behaves at 0 and
``n``; :func:`mean_interval` bounds a mean with Student's t.

>>> [round(x, 4) for x in wilson_interval(8, 10)]
[0.4902, 0.9433]
>>> wilson_interval(0, 0)
(0.0, 1.0)
>>> [round(x, 3) for x in mean_interval([1, 2, 3, 4])]
[2.5, 0.446, 4.554]
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from statistics import NormalDist

from ..errors import BeloteError

__all__ = ["mean_interval", "t_quantile", "wilson_interval"]


def _z(level: float) -> float:
    if not 0 < level < 1:
        raise BeloteError(f"level={level!r}: expected a number between 0 and 1")
    return NormalDist().inv_cdf(0.5 + level / 2)


def wilson_interval(k: int, n: int, level: float = 0.95) -> tuple[float, float]:
    """Wilson's score interval for a proportion ``k / n`` (``(0, 1)`` when ``n`` is 0).

    >>> [round(x, 4) for x in wilson_interval(0, 20)]
    [0.0, 0.1611]
    """
    if n < 0 or not 0 <= k <= n:
        raise BeloteError(f"k={k!r}, n={n!r}: expected 0 <= k <= n")
    if n == 0:
        return 0.0, 1.0
    z = _z(level)
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    low = 0.0 if k == 0 else max(0.0, centre - half)
    return low, 1.0 if k == n else min(1.0, centre + half)


def t_quantile(level: float, df: int) -> float:
    """The two-sided Student-t quantile for ``level`` and ``df`` degrees of freedom.

    Found by bisection on the t distribution's CDF (regularised incomplete
    beta by continued fraction), so no SciPy is needed.

    >>> round(t_quantile(0.95, 3), 3), round(t_quantile(0.95, 1000), 3)
    (3.182, 1.962)
    """
    if df < 1:
        raise BeloteError(f"df={df!r}: expected at least 1")
    target = 0.5 + level / 2
    low, high = 0.0, 1000.0
    for _ in range(100):
        mid = (low + high) / 2
        if _t_cdf(mid, df) < target:
            low = mid
        else:
            high = mid
    return (low + high) / 2


def _t_cdf(t: float, df: int) -> float:
    x = df / (df + t * t)
    tail = 0.5 * _betainc(df / 2, 0.5, x)
    return 1 - tail if t >= 0 else tail


def _betainc(a: float, b: float, x: float) -> float:
    """The regularised incomplete beta function I_x(a, b) (Numerical Recipes' betacf)."""
    if x <= 0:
        return 0.0
    if x >= 1:
        return 1.0
    front = math.exp(math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b)
                     + a * math.log(x) + b * math.log(1 - x))
    if x > (a + 1) / (a + b + 2):
        return 1 - _betainc(b, a, 1 - x)
    c, d = 1.0, 1 - (a + b) * x / (a + 1)
    d = 1 / (d if abs(d) > 1e-300 else 1e-300)
    f = d
    for m in range(1, 300):
        for numerator in (m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)),
                          -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))):
            d = 1 + numerator * d
            d = 1 / (d if abs(d) > 1e-300 else 1e-300)
            c = 1 + numerator / c
            c = c if abs(c) > 1e-300 else 1e-300
            f *= c * d
        if abs(c * d - 1) < 1e-14:
            break
    return front * f / a


def mean_interval(values: Sequence[float], level: float = 0.95) -> tuple[float, float, float]:
    """``(mean, low, high)``: the mean of ``values`` and its Student-t interval.

    With fewer than two values the interval is the mean itself.

    >>> mean_interval([5.0])
    (5.0, 5.0, 5.0)
    """
    n = len(values)
    if n == 0:
        raise BeloteError("mean of no values")
    mean = math.fsum(values) / n
    if n < 2:
        return mean, mean, mean
    sd = math.sqrt(math.fsum((v - mean) ** 2 for v in values) / (n - 1))
    half = t_quantile(level, n - 1) * sd / math.sqrt(n)
    return mean, mean - half, mean + half
