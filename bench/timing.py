"""Per-item timing and the summary statistics of a series of timings."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

import numpy as np


@dataclass
class Series:
    """Timings of one engine on one workload: wall and CPU seconds, nodes, per item."""

    wall: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)
    nodes: list[int] = field(default_factory=list)

    def summary(self) -> dict[str, Any]:
        """count, mean, median, p90, p99, max of wall ms; mean CPU ms and CPU share; nodes/s."""
        ms = np.array(self.wall) * 1e3
        wall = float(sum(self.wall))
        out: dict[str, Any] = {
            "count": len(ms),
            "mean_ms": float(ms.mean()),
            "median_ms": float(np.median(ms)),
            "p90_ms": float(np.percentile(ms, 90)),
            "p99_ms": float(np.percentile(ms, 99)),
            "max_ms": float(ms.max()),
            "cpu_mean_ms": float(np.mean(self.cpu)) * 1e3,
            "total_s": wall,
            "cpu_share": sum(self.cpu) / wall if wall else None,
        }
        if self.nodes:
            out["nodes"] = int(sum(self.nodes))
            out["nodes_per_s"] = sum(self.nodes) / wall if wall else None
        return out


def time_items(items: Iterable[Any], run: Callable[[Any], Any],
               nodes: Callable[[], int] | None = None) -> tuple[Series, list[Any]]:
    """Call ``run(item)`` for each item; time each call; return the series and results.

    ``nodes`` reads a search-node counter, sampled around each call.
    """
    series = Series()
    results = []
    for item in items:
        n0 = nodes() if nodes else 0
        c0 = time.process_time()
        t0 = time.perf_counter()
        result = run(item)
        t1 = time.perf_counter()
        c1 = time.process_time()
        series.wall.append(t1 - t0)
        series.cpu.append(c1 - c0)
        if nodes:
            series.nodes.append(nodes() - n0)
        results.append(result)
    return series, results
