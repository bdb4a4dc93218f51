"""The one tally of the bid advice: running sums over the samples of a menu's rows.

Every menu of :func:`~belote.advice.answer.advise_bid` (one contract, the
coinche table, the classic suits, an auction's options) folds its samples'
net scores and makes into a :class:`Tally`, and reads its estimates from it:
a row's expected net score (:func:`~belote.sampling.stats.bounded_mean`:
Student's t, Hoeffding's on few samples), a row's proportions (Wilson's,
Clopper-Pearson's on few samples) and the paired difference between the
recommended row and the runner-up over the samples both were judged on.
The sums are flat in the number of samples. With ``exact`` (the samples
were every layout once), every interval is reduced to its value; with a
:class:`~belote.sampling.stats.LookSchedule` (early stopping), each interval
is at the level of one look (the 5% split between the looks).

>>> t = Tally(2)
>>> t.add([0, 1], np.array([[[10.0], [0.0]], [[30.0], [0.0]], [[20.0], [0.0]]]),
...       np.array([[1, 0], [1, 0], [0, 0]]))
>>> t.mean(0, 0, (0, 50)).value, t.share(t.made[0], 0).value
(20.0, 0.6666666666666666)
>>> best, second, difference = t.best([20.0, 0.0], [(0, 50), (0, 0)])
>>> best, second, difference.value, difference.n
(0, 1, 20.0, 3)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from ..errors import BeloteError
from ..sampling.stats import Estimate, LookSchedule, bounded_mean, proportion_any_n

__all__ = ["LEVEL", "Tally", "look_level"]

LEVEL = 0.95
"""Confidence of every interval reported (jointly over rows with ``precision``)."""


def look_level(schedule: LookSchedule | None) -> tuple[float, Callable[[str], str]]:
    """The level of each interval and the namer of its method (``"wilson"`` -> its name).

    Without a schedule, 95%; with one, each look's level (the 5% split
    between the looks), so that the interval of any row, reported at
    whichever look it stopped, covers at 95%.
    """
    if schedule is None:
        return LEVEL, str
    return schedule.look_level, schedule.method


class Tally:
    """Running sums over the samples of ``rows`` rows, each scored at ``multipliers``
    multipliers (the first one pairs the rows).

    Per row: samples, made, litige and capot counts, sum and sum of squares
    of the net score at each multiplier. Per trump (``trumps``, a table's):
    a histogram of exact values (``values`` of them). Per pair of rows:
    samples judged for both, and the sums a paired difference needs.
    """

    def __init__(self, rows: int, multipliers: int = 1, trumps: int = 0, values: int = 0, *,
                 exact: bool = False) -> None:
        self.exact = exact
        self.n = np.zeros(rows, dtype=np.int64)
        self.made = np.zeros(rows, dtype=np.int64)
        self.litige = np.zeros(rows, dtype=np.int64)
        self.capot = np.zeros(rows, dtype=np.int64)
        self.sums = np.zeros((rows, multipliers))
        self.squares = np.zeros((rows, multipliers))
        self.hist = np.zeros((trumps, values), dtype=np.int64)
        self.pair_n = np.zeros((rows, rows))
        self.pair_sum = np.zeros((rows, rows))
        self.pair_squares = np.zeros((rows, rows))
        self.cross = np.zeros((rows, rows))

    @classmethod
    def of(cls, nets: Sequence[np.ndarray], made: Sequence[np.ndarray], *,
           exact: bool = False) -> Tally:
        """The tally of whole columns: ``nets[r]`` and ``made[r]`` per sample of row ``r``."""
        tally = cls(len(nets), exact=exact)
        tally.add(range(len(nets)), np.stack(nets, axis=1).astype(np.float64)[:, :, None],
                  np.stack(made, axis=1))
        return tally

    def add(self, rows: Sequence[int], nets: np.ndarray, made: np.ndarray,
            litige: np.ndarray | None = None, capot: np.ndarray | None = None) -> None:
        """Fold the samples of a chunk judged for ``rows``: ``nets`` ``(m, rows, multipliers)``,
        ``made`` (and ``litige``, ``capot``) ``(m, rows)``."""
        idx = np.asarray(rows, dtype=np.int64)
        m = len(nets)
        self.n[idx] += m
        self.sums[idx] += nets.sum(axis=0)
        self.squares[idx] += (nets * nets).sum(axis=0)
        self.made[idx] += made.sum(axis=0)
        if litige is not None:
            self.litige[idx] += litige.sum(axis=0)
        if capot is not None:
            self.capot[idx] += capot.sum(axis=0)
        live = nets[:, :, 0]
        pairs = np.ix_(idx, idx)
        self.pair_n[pairs] += m
        self.pair_sum[pairs] += live.sum(axis=0)[:, None]
        self.pair_squares[pairs] += (live * live).sum(axis=0)[:, None]
        self.cross[pairs] += live.T @ live

    def average(self, n: int, total: float, squares: float, bounds: tuple[float, float],
                schedule: LookSchedule | None = None, base: str = "t") -> Estimate:
        """The mean of ``n`` values in ``bounds`` from their sum and sum of squares."""
        if self.exact:
            return Estimate.exact(total / n, n)
        if n < 2:
            raise BeloteError(f"an interval needs at least 2 samples, not {n}")
        level, name = look_level(schedule)
        e = bounded_mean(n, total, squares, bounds[0], bounds[1], level, base)
        return Estimate(e.value, e.low, e.high, n, LEVEL, name(e.method))

    def mean(self, row: int, k: int, bounds: tuple[float, float],
             schedule: LookSchedule | None = None) -> Estimate:
        """The expected net score of ``row`` at its ``k``-th multiplier (in ``bounds``)."""
        return self.average(int(self.n[row]), self.sums[row, k], self.squares[row, k], bounds,
                            schedule)

    def share(self, count: float, row: int, schedule: LookSchedule | None = None) -> Estimate:
        """The proportion ``count`` of ``row``'s samples (e.g. ``tally.made[row]``)."""
        n = int(self.n[row])
        if self.exact:
            return Estimate.exact(count / n, n)
        level, name = look_level(schedule)
        e = proportion_any_n(int(count), n, level)
        return Estimate(e.value, e.low, e.high, n, LEVEL, name(e.method))

    def best(self, values: Sequence[float], bounds: Sequence[tuple[int, int]],
             schedule: LookSchedule | None = None) -> tuple[int, int | None, Estimate | None]:
        """The row of the highest of ``values`` (the first on ties), the runner-up and the
        paired difference of their net scores (``bounds``: each row's range).

        With one row only (the one legal call), no runner-up and no difference.
        """
        order = sorted(range(len(values)), key=lambda i: (-values[i], i))
        if len(order) == 1:
            return order[0], None, None
        best, second = order[0], order[1]
        n = int(self.pair_n[best, second])
        total = self.pair_sum[best, second] - self.pair_sum[second, best]
        squares = (self.pair_squares[best, second] + self.pair_squares[second, best]
                   - 2 * self.cross[best, second])
        low, high = bounds[best][0] - bounds[second][1], bounds[best][1] - bounds[second][0]
        return best, second, self.average(n, total, squares, (low, high), schedule, "paired t")
