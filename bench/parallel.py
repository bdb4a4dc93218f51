"""Many boards at once: threads against processes, several thresholds on one table, check costs.

    python -m bench.parallel [--boards 40] [--searches 1000] [--rounds 3]

Prints a markdown report (what ``bench/RESULTS.md`` records):

- 40 seeded full deals analysed (4-trump table, both sides, the dealer's
  left leading) serially, on 2 threads and on 2 processes (forked after the
  kernels are loaded); wall and CPU seconds, the best of ``--rounds``;
- 1,000 small threshold searches ("does N-S reach 82?" on positions with 4
  tricks left) the same three ways;
- the bid advisor's question on 200 full deals (does the side reach 80, 90,
  ..., 160, 252?): one :func:`reaches_targets` call against a separate
  :func:`reaches` per target, each on a fresh table generation;
- the cost of the boundary checks (:func:`~belote.dd.checks.check_position`)
  next to one solve of a position with 4 tricks left.

Every way must give the same values; the script stops if not.
"""

from __future__ import annotations

import argparse
import os
import platform
import time
from collections.abc import Callable
from typing import Any

from belote.analysis import TableRequest, board_analyses
from belote import NS, pbn, solve_position
from belote.dd import (SearchContext, check_position, default_context, reaches, reaches_targets,
                       warm_up)
from belote.parallel import parallel_map

from .sets import full_deals, mid_games

TARGETS = (80, 90, 100, 110, 120, 130, 140, 150, 160, 252)


def _timed(run: Callable[[], Any], rounds: int) -> tuple[float, float, Any]:
    """Best wall time of ``rounds`` runs, its CPU time (this process and its children), result."""
    best = None
    for _ in range(rounds):
        c0 = time.process_time() + _children_cpu()
        t0 = time.perf_counter()
        result = run()
        wall = time.perf_counter() - t0
        cpu = time.process_time() + _children_cpu() - c0
        if best is None or wall < best[0]:
            best = (wall, cpu, result)
    assert best is not None
    return best


def _children_cpu() -> float:
    t = os.times()
    return t.children_user + t.children_system


def _reaches_82(item) -> bool:
    return reaches(item.position(), NS, 82)


def boards_workload(count: int, rounds: int) -> list[tuple[str, float, float]]:
    """Serial, 2 threads, 2 processes on ``count`` seeded deals."""
    boards = [pbn.Board(board=str(i.seed), dealer=i.dealer, deal=i.deal)
              for i in full_deals(count)]
    rows, reference = [], None
    for name, executor in (("serial", "serial"), ("2 threads", "thread"),
                           ("2 processes", "process")):
        wall, cpu, result = _timed(lambda: [a.to_dict() for a in board_analyses(
            boards, TableRequest(), executor=executor, workers=2)], rounds)
        reference = result if reference is None else reference
        assert result == reference, name
        rows.append((name, wall, cpu))
    return rows


def searches_workload(count: int, rounds: int) -> list[tuple[str, float, float]]:
    """Serial, 2 threads, 2 processes on ``count`` threshold searches with 4 tricks left."""
    items = mid_games(count)
    rows, reference = [], None
    for name, executor in (("serial", "serial"), ("2 threads", "thread"),
                           ("2 processes", "process")):
        wall, cpu, result = _timed(lambda: list(parallel_map(
            _reaches_82, items, executor=executor, workers=2, chunk_size=64,
            initializer=warm_up)), rounds)
        reference = result if reference is None else reference
        assert result == reference, name
        rows.append((name, wall, cpu))
    return rows


def thresholds_workload(count: int, rounds: int) -> list[tuple[str, float, float]]:
    """One reaches_targets call against one reaches call per target, on ``count`` deals."""
    positions = [i.position() for i in full_deals(count)]
    context = SearchContext()

    def separate():
        out = []
        for p in positions:
            answers = []
            for t in TARGETS:
                context.begin()  # a new generation: what a call of its own used to get
                answers.append(reaches(p, NS, t, context=context))
            out.append(tuple(answers))
        return out

    def together():
        return [reaches_targets(p, NS, TARGETS, context=context) for p in positions]

    def exact():
        return [tuple(v >= t for t in TARGETS)
                for v in (solve_position(p, NS, context=context) for p in positions)]

    rows, reference = [], None
    for name, run in (("one reaches per target (fresh table each)", separate),
                      ("reaches_targets (bisected, one table)", together),
                      ("one exact value, compared with each target", exact)):
        wall, cpu, result = _timed(run, rounds)
        reference = result if reference is None else reference
        assert result == reference, name
        rows.append((name, wall, cpu))
    return rows


def checks_workload(count: int) -> tuple[float, float]:
    """Mean microseconds of the boundary checks and of one solve, 4 tricks left."""
    positions = [i.position() for i in mid_games(count)]
    context = default_context()
    for p in positions:
        solve_position(p, NS, context=context)
    t0 = time.perf_counter()
    for _ in range(20):
        for p in positions:
            check_position(p, NS)
    check = (time.perf_counter() - t0) / (20 * count)
    t0 = time.perf_counter()
    for p in positions:
        solve_position(p, NS, context=context)
    solve = (time.perf_counter() - t0) / count
    return check * 1e6, solve * 1e6


def _table(rows: list[tuple[str, float, float]]) -> list[str]:
    base = rows[0][1]
    lines = ["| run | wall s | CPU s | speed-up |", "|---|---|---|---|"]
    lines += [f"| {n} | {w:.3f} | {c:.3f} | {base / w:.2f} |" for n, w, c in rows]
    return lines


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=40)
    parser.add_argument("--searches", type=int, default=1000)
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args(argv)
    warm_up()
    out = [f"Machine: {platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
           f"load {os.getloadavg()[0]:.2f}; best of {args.rounds} rounds.", ""]
    out += [f"**{args.boards} full deals, 4-trump table, both sides**", ""]
    out += _table(boards_workload(args.boards, args.rounds)) + [""]
    out += [f"**{args.searches} threshold searches, 4 tricks left**", ""]
    out += _table(searches_workload(args.searches, args.rounds)) + [""]
    out += [f"**{args.deals} full deals, does N-S reach each of {len(TARGETS)} targets**", ""]
    out += _table(thresholds_workload(args.deals, args.rounds)) + [""]
    check, solve = checks_workload(200)
    out += [f"**Boundary checks**: {check:.1f} us a call, against {solve:.1f} us for one solve "
            f"with 4 tricks left ({100 * check / solve:.1f}%)."]
    print("\n".join(out))


if __name__ == "__main__":
    main()
