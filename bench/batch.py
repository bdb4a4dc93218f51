"""Batch throughput, pipeline overhead and memory: ``python -m bench.batch``.

CPU time is used where one process does everything (the machine may be
shared); the multi-process runs are wall time. Measured on seeded random deals (coinche, 4-trump table, both sides, one
leader: the dealer's left), in this order:

1. the bare solving time: ``plan_board`` + ``board_analysis`` in a loop, one
   process (what the pipeline cannot avoid);
2. ``run_batch`` on the same deals, serial: wall time; the overhead of the
   pipeline (reading the CSV, building rows, writing shards, merging) is
   (batch - bare) / bare;
3. ``run_batch`` on 1 and 2 worker processes: deals per second;
4. colver's ``solve_all_suits`` on the same deals, one process (per core);
5. ``--large N [N ...]``: a ``belote batch`` subprocess on N deals (one trump,
   to keep it short), its wall time and the peak RSS of the run (the largest
   of the parent and its workers, from ``getrusage(RUSAGE_CHILDREN)`` in a fresh
   process per run).

Steps 1 and 2 are run ``--rounds`` times in turn (default 3) and the least CPU
time of each is kept, so that a passing load on the machine does not decide
the few percent of the overhead.

Options: ``--deals N`` (default 200), ``--rounds R``, ``--large 2000 10000``.
"""

from __future__ import annotations

import argparse
import csv
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from belote import Deal, board_analysis, run_batch
from belote.analysis import TableRequest, plan_board
from belote.database import BatchOptions, iter_records
from belote.dd import warm_up
from belote.types import seat_name


def write_deals(path: Path, count: int) -> None:
    with open(path, "w", newline="") as fp:
        writer = csv.writer(fp)
        writer.writerow(["board", "dealer", "deal"])
        for n in range(1, count + 1):
            dealer = (n - 1) % 4
            writer.writerow([n, seat_name(dealer),
                             Deal.random(random.Random(900_000 + n)).to_pbn(dealer)])


def bare_solve(path: Path) -> float:
    """CPU seconds of solving the deals of ``path`` in a plain loop."""
    start = time.process_time()
    for board in iter_records(path):
        board_analysis(plan_board(board, TableRequest()))  # type: ignore[arg-type]
    return time.process_time() - start


def timed_batch(path: Path, out: Path, executor: str, workers: int | None,
                clock=time.perf_counter) -> float:
    """Seconds of ``run_batch`` by ``clock`` (wall by default; CPU for a serial run), from scratch."""
    out.unlink(missing_ok=True)  # a finished output would be kept as it is
    start = clock()
    run_batch(path, out, BatchOptions(), executor=executor, workers=workers, force=True)
    return clock() - start


def colver_time(path: Path) -> float | None:
    try:
        from bench.peer import new_game, ns_table
    except ImportError:
        return None
    games = []
    for board in iter_records(path):
        games.append((board.deal, board.dealer))  # type: ignore[union-attr]
    start = time.process_time()
    for deal, dealer in games:
        ns_table(new_game(deal, dealer, 0))
    return time.process_time() - start


def large_run(count: int, directory: Path) -> tuple[float, float]:
    """Wall seconds and peak RSS (MiB) of ``belote batch`` on ``count`` deals, one trump."""
    deals = directory / f"large{count}.csv"
    write_deals(deals, count)
    out = directory / f"large{count}.parquet"
    command = [str(Path(sys.executable).parent / "belote"), "batch", str(deals), "-o", str(out),
               "--trump", "H", "--force"]
    start = time.perf_counter()
    measured = subprocess.run([sys.executable, "-c", _MEASURE, *command], check=True,
                              capture_output=True, text=True)
    wall = time.perf_counter() - start
    return wall, int(measured.stdout.split()[-1]) / 1024


_MEASURE = ("import resource, subprocess, sys; subprocess.run(sys.argv[1:], check=True, "
            "capture_output=True); print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)")
"""Run a command in a fresh process and print the peak RSS (KiB) of its process tree's largest."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--large", type=int, nargs="*", default=[])
    args = parser.parse_args()
    warm_up()
    with tempfile.TemporaryDirectory() as tmp:
        directory = Path(tmp)
        deals = directory / "deals.csv"
        write_deals(deals, args.deals)
        bare = serial = float("inf")
        for _ in range(args.rounds):
            bare = min(bare, bare_solve(deals))
            serial = min(serial, timed_batch(deals, directory / "serial.parquet", "serial",
                                             None, time.process_time))
        one = timed_batch(deals, directory / "one.parquet", "process", 1)
        two = timed_batch(deals, directory / "two.parquet", "process", 2)
        theirs = colver_time(deals)
        n = args.deals
        print(f"| measure ({n} deals, 4-trump table, both sides, one leader; CPU: least of "
              f"{args.rounds} rounds) | value |")
        print("|---|---|")
        print(f"| bare solving, 1 process (CPU) | {bare:.2f} s ({n / bare:.1f} deals/s) |")
        print(f"| run_batch serial (CPU) | {serial:.2f} s ({n / serial:.1f} deals/s) |")
        print(f"| pipeline overhead (serial batch - bare) / bare | {100 * (serial - bare) / bare:+.1f}% |")
        print(f"| run_batch, 1 worker process (wall) | {one:.2f} s ({n / one:.1f} deals/s) |")
        print(f"| run_batch, 2 worker processes (wall) | {two:.2f} s ({n / two:.1f} deals/s) |")
        if theirs is not None:
            print(f"| colver solve_all_suits (NS only), 1 process (CPU) | {theirs:.2f} s "
                  f"({n / theirs:.1f} deals/s; ours/colver per core {bare / theirs:.2f}x time) |")
        for count in args.large:
            wall, peak = large_run(count, directory)
            print(f"| belote batch {count} deals, one trump, all cores | {wall:.1f} s, "
                  f"peak RSS {peak:.0f} MiB |")


if __name__ == "__main__":
    main()
