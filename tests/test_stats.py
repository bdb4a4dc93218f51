"""Intervals: exact values, direct computations, and coverage by simulation."""

from __future__ import annotations

import math

import numpy as np
import pytest

from belote import BeloteError
from belote.sampling import (SMALL_SAMPLE, Estimate, LookSchedule, bounded_mean,
                             clopper_pearson_bounds, mean, paired_difference, paired_proportions,
                             proportion, proportion_any_n, quantiles, t_cdf, t_quantile,
                             wilson_bounds, z_value)

RUNS = 4000
PS = (0.05, 0.3, 0.5, 0.9)


def miss_limit(alpha: float, runs: int) -> float:
    """``alpha`` plus three binomial standard errors of a miss rate over ``runs`` runs: a
    correct method exceeds it with probability about 0.001 (normal tail at 3 sigma)."""
    return alpha + 3 * math.sqrt(alpha * (1 - alpha) / runs)


def test_wilson_against_hand_computed_values():
    # 1/100 at 99%: z = 2.5758293, centre 0.0404881, half 0.0393130, by the same formula
    # 8/10 at 95%: centre (8 + z^2/2) / (10 + z^2), half z sqrt(8*2/10 + z^2/4) / (10 + z^2)
    z = 1.959963984540054
    centre = (8 + z * z / 2) / (10 + z * z)
    half = z * math.sqrt(8 * 2 / 10 + z * z / 4) / (10 + z * z)
    e = proportion(8, 10)
    assert (round(e.low, 7), round(e.high, 7)) == (0.4901625, 0.9433178)
    assert e.low == pytest.approx(centre - half, abs=1e-15)
    assert e.high == pytest.approx(centre + half, abs=1e-15)
    assert (round(proportion(0, 10).high, 7), proportion(0, 10).low) == (0.2775328, 0.0)
    assert (round(proportion(1, 100, 0.99).low, 7),
            round(proportion(1, 100, 0.99).high, 7)) == (0.0011751, 0.0798011)
    assert round(proportion(50, 100).low, 7) == 0.4038315


def test_t_quantiles_against_tables():
    assert round(t_quantile(0.975, 1), 7) == 12.7062047
    assert round(t_quantile(0.975, 9), 7) == 2.2621572
    assert round(t_quantile(0.995, 30), 7) == 2.7499957
    assert round(t_quantile(0.025, 4), 7) == -2.7764451
    assert round(t_cdf(0.0, 5), 12) == 0.5
    assert abs(t_quantile(0.975, 1e6) - z_value(0.95)) < 1e-5


def test_mean_and_paired_difference_against_direct_computation():
    rng = np.random.default_rng(3)
    a = rng.integers(0, 163, 300)
    b = a - rng.integers(-20, 40, 300)
    e = mean(a)
    half = 1.9679296690653618 * a.std(ddof=1) / math.sqrt(300)  # t(0.975, 299)
    assert e.value == a.mean() and e.n == 300 and e.method == "t"
    assert e.high - e.value == pytest.approx(half, rel=1e-9)
    d = paired_difference(a, b)
    diff = a - b
    assert d.value == pytest.approx(diff.mean(), abs=1e-12)
    assert d.high - d.value == pytest.approx(1.9679296690653618 * diff.std(ddof=1)
                                             / math.sqrt(300), rel=1e-9)
    # pairing removes the deal-to-deal spread that both options share
    separate = math.sqrt(a.var(ddof=1) / 300 + b.var(ddof=1) / 300)
    assert d.half_width < 0.5 * 1.96 * separate


def test_paired_proportions_against_direct_computation():
    x = np.array([1] * 30 + [1] * 12 + [0] * 4 + [0] * 54)
    y = np.array([1] * 30 + [0] * 12 + [1] * 4 + [0] * 54)
    e = paired_proportions(x, y)
    # Newcombe's method 10 by hand: counts 30, 12, 4, 54
    n, z = 100, z_value(0.95)
    p1, p2 = 0.42, 0.34
    l1, u1 = wilson_bounds(42, n, z)
    l2, u2 = wilson_bounds(34, n, z)
    phi = (30 * 54 - 12 * 4) / math.sqrt(42 * 58 * 34 * 66)
    low = 0.08 - math.sqrt((p1 - l1) ** 2 - 2 * phi * (p1 - l1) * (u2 - p2) + (u2 - p2) ** 2)
    high = 0.08 + math.sqrt((u1 - p1) ** 2 - 2 * phi * (u1 - p1) * (p2 - l2) + (p2 - l2) ** 2)
    assert e.value == 0.08 and e.n == 100
    assert e.low == pytest.approx(low, abs=1e-12) and e.high == pytest.approx(high, abs=1e-12)
    assert (round(e.low, 4), round(e.high, 4)) == (0.0033, 0.1551)
    same = paired_proportions(x, x)
    assert same.value == 0.0 and same.contains(0.0) and same.half_width < 0.01  # phi = 1


def test_paired_proportions_coverage():
    """Correlated pairs (the usual case: two contracts on the same deals)."""
    rng = np.random.default_rng(11)
    n, misses = 200, 0
    for _ in range(1000):
        u = rng.random(n)
        x, y = u < 0.6, u < 0.5  # P(x) - P(y) = 0.1, strongly correlated
        flip = rng.random(n) < 0.1
        y = np.where(flip, rng.random(n) < 0.5, y)  # true P(y) stays 0.5
        misses += not paired_proportions(x, y).contains(0.1)
    assert misses / 1000 <= miss_limit(0.05, 1000)


def test_quantiles_of_an_integer_sample():
    values = [int(v) for v in np.random.default_rng(1).integers(0, 163, 1001)]
    data = sorted(values)
    deciles = quantiles(values)
    assert deciles == tuple(data[math.ceil(k * 1001 / 10) - 1] for k in range(1, 10))
    assert quantiles([7], [0.1, 0.5, 1.0]) == (7, 7, 7)
    assert quantiles(range(1, 11), [0.1, 0.25, 0.5, 1.0]) == (1, 3, 5, 10)
    with pytest.raises(BeloteError, match="empty sample"):
        quantiles([])


def test_estimate_value_object():
    e = proportion(3, 7)
    assert eval(repr(e)) == e
    assert e.to_dict() == {"value": 3 / 7, "low": e.low, "high": e.high, "n": 7,
                           "level": 0.95, "method": "wilson"}
    with pytest.raises(AttributeError):
        e.value = 0.5  # type: ignore[misc]
    assert isinstance(Estimate(0, 0, 0, 1), Estimate)


@pytest.mark.parametrize("p", PS)
def test_wilson_coverage_at_fixed_n(p):
    rng = np.random.default_rng(int(p * 1000))
    n = 400
    k = rng.binomial(n, p, RUNS)
    low, high = wilson_bounds(k, n, z_value(0.95))
    misses = np.mean((p < low) | (p > high))
    assert misses <= miss_limit(0.05, RUNS)


def simulate_stopping(schedule: LookSchedule, p: float, precision: float, runs: int,
                      rng: np.random.Generator, adjusted: bool = True):
    """Runs of a Bernoulli(p) stream stopped at the first look with every interval
    within +/- precision: the miss rate of the interval reported and the mean stop."""
    looks = np.array(schedule.looks)
    steps = np.diff(np.concatenate([[0], looks]))
    successes = np.cumsum(rng.binomial(steps[None, :], p, (runs, len(looks))), axis=1)
    level = schedule.look_level if adjusted else schedule.level
    low, high = wilson_bounds(successes, looks[None, :], z_value(level))
    narrow = (high - low) / 2 <= precision
    narrow[:, -1] = True
    stop = narrow.argmax(axis=1)
    rows = np.arange(runs)
    missed = (p < low[rows, stop]) | (p > high[rows, stop])
    return missed.mean(), looks[stop].mean()


@pytest.mark.parametrize("p", PS)
def test_early_stopping_keeps_its_coverage(p):
    schedule = LookSchedule(max_n=3200, first=50)
    rng = np.random.default_rng(int(p * 100) + 7)
    miss, mean_stop = simulate_stopping(schedule, p, 0.03, RUNS, rng)
    assert miss <= miss_limit(0.05, RUNS)
    assert mean_stop < schedule.max_n or p == 0.5  # it does stop early where it can


def test_schedule_checks_its_use():
    schedule = LookSchedule(max_n=1000, first=100, growth=3)
    assert schedule.looks == (100, 300, 900, 1000)
    assert schedule.look_level == pytest.approx(1 - 0.05 / 4)
    e = schedule.interval(42, 300)
    direct = proportion(42, 300, 1 - 0.05 / 4)
    assert (e.low, e.high, e.level) == (direct.low, direct.high, 0.95)
    assert schedule.mean([1.0, 2.0] * 50).method == "t, bonferroni over 4 looks"
    with pytest.raises(BeloteError, match="150 is not a look"):
        schedule.interval(42, 150)
    with pytest.raises(BeloteError, match="no look schedule"):
        LookSchedule(max_n=10, first=20)
    assert schedule.should_stop([proportion(1, 100), proportion(99, 100)], 100, 0.05)
    assert not schedule.should_stop([proportion(1, 100), proportion(50, 100)], 100, 0.05)
    assert LookSchedule(max_n=100, first=100).looks == (100,)


# --- small samples: every interval the bid advisor prints covers at every n -------------------

SMALL_NS = range(2, 11)


def belote_points(rng: np.random.Generator, shape: tuple[int, ...]) -> np.ndarray:
    """Trick points that look like a taker's: 8% capots (252), 4% defence capots (0), else
    about 95 +/- 30 within 0..162, whole points (atoms at both ends, skewed)."""
    u = rng.random(shape)
    plain = np.clip(np.round(rng.normal(95, 30, shape)), 0, 162)
    return np.where(u < 0.08, 252.0, np.where(u < 0.12, 0.0, plain))


POINTS_MEAN = float(belote_points(np.random.default_rng(99), (2_000_000,)).mean())
"""The mean of :func:`belote_points`, from two million draws (standard error 0.04)."""


def net_scores(rng: np.random.Generator, shape: tuple[int, ...]) -> np.ndarray:
    """A 100H's net score at x1: +350 (capot) 10%, +230 (made) 60%, -260 (failed) 30%."""
    u = rng.random(shape)
    return np.where(u < 0.1, 350.0, np.where(u < 0.7, 230.0, -260.0))


@pytest.mark.parametrize("n", SMALL_NS)
@pytest.mark.parametrize("draw, true_mean, bounds", [
    (belote_points, POINTS_MEAN, (0, 252)),
    (net_scores, 0.1 * 350 + 0.6 * 230 - 0.3 * 260, (-410, 500)),
], ids=["points", "net"])
def test_bounded_mean_covers_at_small_n(n: int, draw, true_mean: float, bounds) -> None:
    rng = np.random.default_rng(1000 + n)
    x = draw(rng, (RUNS, n))
    total, squares = x.sum(axis=1), (x * x).sum(axis=1)
    hits = [bounded_mean(n, total[i], squares[i], *bounds).contains(true_mean)
            for i in range(RUNS)]
    assert np.mean(hits) >= 0.95
    widths = [bounded_mean(n, total[i], squares[i], *bounds).half_width for i in range(50)]
    assert min(widths) > 0  # never an interval of zero width


def test_a_plain_t_interval_misses_at_small_n() -> None:
    """Why: the t interval of 2 net scores covers about 54% where it says 95% (the issue)."""
    rng = np.random.default_rng(7)
    x = net_scores(rng, (RUNS, 2))
    hits = [mean(row).contains(90.0) for row in x]
    assert np.mean(hits) < 0.7


@pytest.mark.parametrize("n", [*SMALL_NS, SMALL_SAMPLE - 1])
def test_proportion_any_n_covers_every_p_exactly(n: int) -> None:
    """The exact coverage (binomial sum over every count) on a grid of p, extremes included."""
    counts = np.arange(n + 1)
    intervals = [proportion_any_n(int(k), n) for k in counts]
    for p in np.concatenate([np.linspace(0.001, 0.999, 199), [0.0005, 0.9995]]):
        pmf = np.array([math.comb(n, int(k)) * p ** k * (1 - p) ** (n - k) for k in counts])
        covered = sum(pmf[k] for k, e in enumerate(intervals) if e.contains(p))
        assert covered >= 0.95 - 1e-9, (n, p, covered)


def test_clopper_pearson_against_known_values() -> None:
    low, high = clopper_pearson_bounds(3, 10)
    assert (round(low, 4), round(high, 4)) == (0.0667, 0.6525)
    assert clopper_pearson_bounds(0, 5)[0] == 0 and clopper_pearson_bounds(5, 5)[1] == 1
    assert round(clopper_pearson_bounds(5, 5)[0], 4) == round(0.025 ** (1 / 5), 4)


def test_large_samples_keep_their_intervals() -> None:
    values = list(belote_points(np.random.default_rng(3), (200,)))
    total, squares = sum(values), sum(v * v for v in values)
    t = mean(values)
    e = bounded_mean(200, total, squares, 0, 252)
    assert (e.method, round(e.low, 9), round(e.high, 9)) == ("t", round(t.low, 9),
                                                             round(t.high, 9))
    assert proportion_any_n(150, 200) == proportion(150, 200)
    same = bounded_mean(200, 200 * 80, 200 * 80 * 80, 0, 252)  # all equal: no zero width
    assert same.method == "hoeffding" and same.low < 80 < same.high
