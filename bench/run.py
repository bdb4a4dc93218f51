"""Run the benchmark suite: ``python -m bench.run [--quick] [--out FILE.json]``.

Our solver and colver are timed on the same seeded deals and positions, one
after the other in this one process, with numba limited to one thread. The
markdown report goes to stdout, progress to stderr; the exit status is 1 if
the two solvers disagree on any value.
"""

from __future__ import annotations

import os

os.environ["NUMBA_NUM_THREADS"] = "1"  # before numba is imported, by anything

import argparse
import json
import sys
import tempfile
from pathlib import Path

from belote.dd import SearchContext

from . import cli_workloads, machine, sets, workloads
from .report import markdown, summarise


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="python -m bench.run", description=__doc__.split("\n")[0])
    p.add_argument("--quick", action="store_true",
                   help="30 deals and 30 positions, 8 boards for --jobs (a smoke run)")
    p.add_argument("--deals", type=int, help="number of full deals (default 200, quick 30)")
    p.add_argument("--positions", type=int,
                   help="number of positions with 4 tricks left (default 200, quick 30)")
    p.add_argument("--boards", type=int,
                   help="boards in the 'belote solve --jobs' file (default 40, quick 8)")
    p.add_argument("--no-cli", action="store_true", help="skip the command-line timings")
    p.add_argument("--out", type=Path, help="also write the full results as JSON here")
    return p.parse_args(argv)


def progress(message: str) -> None:
    print(f"[bench] {message}", file=sys.stderr, flush=True)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    n_deals = args.deals or (30 if args.quick else 200)
    n_positions = args.positions or (30 if args.quick else 200)
    n_boards = args.boards or (8 if args.quick else 40)
    info = machine.describe()
    info["command"] = " ".join(["python -m bench.run", *(argv or sys.argv[1:])])

    deals = sets.full_deals(n_deals)
    positions = sets.mid_games(n_positions)
    ctx = SearchContext()
    progress("warming up (numba kernels load or compile here, not timed)")
    workloads.warm_up([sets.full_deal(sets.WARMUP_SEED), sets.mid_game(sets.WARMUP_SEED)], ctx)

    progress(f"(a) 4-trump N-S tables, {n_deals} deals")
    results = [workloads.table_ns(deals, ctx)]
    progress("(b) one exact value per deal")
    exact, values = workloads.exact_value(deals, ctx)
    results.append(exact)
    progress("(c) threshold searches")
    results.append(workloads.threshold(deals, values, ctx))
    results.append(workloads.threshold_contracts(deals, values, ctx))
    progress("(d) every opening lead valued")
    results.append(workloads.trick1_cards(deals, ctx))
    progress(f"(e) {n_positions} positions with 4 tricks left")
    results.append(workloads.endgame_value(positions, ctx))
    results.append(workloads.endgame_cards(positions, ctx))
    info["peak_rss_mib"] = machine.peak_rss_mib()

    cli: dict[str, dict] = {}
    if not args.no_cli:
        progress("command line")
        exe = cli_workloads.belote_command()
        cli["belote --help"] = cli_workloads.help_time(exe)
        cli["belote solve, one deal"] = cli_workloads.solve_one_time(exe, deals[0])
        with tempfile.TemporaryDirectory() as tmp:
            cli["--jobs speedup"] = cli_workloads.jobs_speedup(exe, deals[:n_boards], Path(tmp))
    info["load_average_end"] = os.getloadavg()[0]

    summary = summarise(results)
    print(markdown(info, summary, cli))
    if args.out:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(json.dumps({"info": info, "workloads": summary, "cli": cli},
                                       indent=2) + "\n")
        progress(f"wrote {args.out}")
    return 1 if any(s["mismatches"] for s in summary.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
