"""Speed of the bid advisor: one contract, the coinche table, and colver on the same samples.

Run ``python -m bench.bid [--samples N] [--repeat K]``: prints the wall
seconds of ``estimate_contract`` (100H) serially and on 2 worker processes,
and the wall and CPU seconds of ``bid_table`` on 2 worker processes, in
process with the kernels warm;
then the end-to-end ``belote bid`` commands (one contract, the table); then
the table's CPU milliseconds per sample on one core against colver's
``solve_all_suits`` on the same samples, one core. The one-contract timings
and the one-contract command run ``K`` times (default 7), in turns, and are
given as median, fastest and slowest: on a shared machine single runs vary
by 20-30%.

``--nodes N`` prints instead where an exact value's cost goes on N samples of
the 100H question (search nodes, which do not depend on the machine): one
threshold search at the need, the exact solve, and the two threshold searches
that prove a known value ``v`` (reaches ``v``, misses ``v + 1``) and a search in
the window ``(v - 1, v + 1)``, the least any guess-based exact method (MTD(f),
aspiration windows) could do. Each search starts on an empty table.
"""

from __future__ import annotations

import argparse
import resource
import statistics
import time

from belote.advice import bid_table, estimate_contract
from belote.dd import Search, warm_up
from belote import COINCHE, Position, parse_contract
from belote.sampling import Constraints, DealSampler

from .cli_workloads import belote_command, wall_seconds
from belote.rules import min_points_to_make

HAND = "S:JH 9H AH TH KS AS AD 7C"


def cpu() -> float:
    """CPU seconds of this process and its finished children."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def timed(label: str, func) -> object:
    wall, used = time.perf_counter(), cpu()
    out = func()
    print(f"{label}: {time.perf_counter() - wall:.2f} s wall, {cpu() - used:.2f} s CPU")
    return out


def spread(label: str, times: list[float]) -> None:
    """One line: the median, fastest and slowest of ``times`` (seconds)."""
    print(f"{label}: median {statistics.median(times):.2f} s wall over {len(times)} runs "
          f"(fastest {min(times):.2f}, slowest {max(times):.2f})")


def command_time(args: list[str]) -> float:
    """Wall seconds of one run of ``belote ARGS`` (the script of this Python environment)."""
    exe = belote_command()
    if exe is None:
        raise SystemExit("no belote command in this environment")
    return wall_seconds([exe, *args])


def exact_cost(count: int) -> None:
    """Mean search nodes per sample of each way to answer 100H (module docstring)."""
    from belote import solve_position
    from belote.dd import default_context, reaches

    c = Constraints().with_text(hand=[HAND])
    contract = parse_contract("100H", COINCHE, declarer=2)
    context = default_context()

    def nodes(search) -> int:
        context.retire()
        before = context.nodes
        search()
        return context.nodes - before

    totals = {"threshold at the need": 0, "exact value": 0, "proof of the value": 0,
              "window (v - 1, v + 1)": 0}
    capots = 0
    for deal in DealSampler(c).draw(1, 0, count):
        position = Position(deal, contract.trump, 0, COINCHE)
        need = min_points_to_make(COINCHE, contract, position.belote_side())
        v = solve_position(position, 0, context=context)
        capots += v == COINCHE.capot_trick_points
        totals["threshold at the need"] += nodes(lambda: reaches(position, 0, need,
                                                                 context=context))
        totals["exact value"] += nodes(lambda: solve_position(position, 0, context=context))
        totals["proof of the value"] += nodes(lambda: (reaches(position, 0, v, context=context),
                                                       reaches(position, 0, v + 1,
                                                               context=context)))
        totals["window (v - 1, v + 1)"] += nodes(lambda: _window(position, v, context))
    print(f"100H, {count} samples (seed 1), {capots} of them capot; mean nodes a sample:")
    for label, total in totals.items():
        print(f"  {label}: {total / count:,.0f}")


def _window(position, value: int, context) -> int:
    """One search of ``position`` for N-S in the window ``(value - 1, value + 1)``."""
    search = Search(position, 0, context)
    return search.future(position, value - 1, value + 1)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--samples", type=int, default=1000)
    parser.add_argument("--peer-samples", type=int, default=100)
    parser.add_argument("--repeat", type=int, default=7,
                        help="runs of each one-contract timing (median, fastest, slowest)")
    parser.add_argument("--nodes", type=int, metavar="N",
                        help="print where an exact value's search nodes go, on N samples")
    args = parser.parse_args()
    if args.nodes:
        exact_cost(args.nodes)
        return
    warm_up()
    c = Constraints().with_text(hand=[HAND])
    contract = parse_contract("100H", COINCHE, declarer=2)
    command = ["bid", "--hand", HAND[2:], "--seat", "S", "--dealer", "W",
               "--samples", str(args.samples)]
    estimate_contract(c, contract, 3, samples=20, seed=5)  # sampler set up, not timed
    runs: dict[str, list[float]] = {"serial": [], "process": [], "command": []}
    for _ in range(args.repeat):
        for executor in ("serial", "process"):
            start = time.perf_counter()
            estimate_contract(c, contract, 3, samples=args.samples, seed=1, executor=executor,
                              workers=2)
            runs[executor].append(time.perf_counter() - start)
        runs["command"].append(command_time([*command, "--contract", "100H"]))
    spread(f"estimate_contract 100H, {args.samples} samples, serial", runs["serial"])
    spread(f"estimate_contract 100H, {args.samples} samples, 2 worker processes",
           runs["process"])
    spread(f"belote {' '.join(command)} --contract 100H", runs["command"])
    timed(f"bid_table, {args.samples} samples, process x2",
          lambda: bid_table(c, 2, 3, samples=args.samples, seed=1, executor="process",
                            workers=2))
    print(f"belote {' '.join(command)}: {command_time(command):.2f} s wall")
    n = args.peer_samples
    used = cpu()
    bid_table(c, 2, 3, samples=n, seed=1)
    ours = (cpu() - used) / n * 1000
    used = cpu()
    bid_table(c, 2, 3, samples=n, seed=1, exact=True)
    plain = (cpu() - used) / n * 1000
    from bench.peer import new_game, ns_table

    deals = DealSampler(c).draw(1, 0, n)
    used = cpu()
    for deal in deals:
        ns_table(new_game(deal, 3, 0))
    peer = (cpu() - used) / n * 1000
    print(f"table per sample, one core, {n} samples: {ours:.1f} ms (plain exact: {plain:.1f} ms),"
          f" colver solve_all_suits {peer:.1f} ms: ratio {ours / peer:.2f}")
    print(f"max RSS {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MiB")


if __name__ == "__main__":
    main()
