"""Speed of the bid advisor: one contract, the coinche table, and colver on the same samples.

Run ``python -m bench.bid [--samples N]``: prints wall and CPU seconds of
``estimate_contract`` (100H) and ``bid_table`` in process on 2 worker
processes (kernels warm), the table's CPU milliseconds per sample on one core,
and colver's ``solve_all_suits`` on the same samples, one core.
"""

from __future__ import annotations

import argparse
import resource
import time

from belote.solver.advice.bid import bid_table, estimate_contract
from belote.solver.dd import warm_up
from belote.solver.rules.profiles import COINCHE
from belote.solver.sampling.constraints import Constraints
from belote.solver.sampling.sampler import DealSampler
from belote.solver.types.contract import parse_contract

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


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--samples", type=int, default=1000)
    parser.add_argument("--peer-samples", type=int, default=100)
    args = parser.parse_args()
    warm_up()
    c = Constraints().with_text(hand=[HAND])
    contract = parse_contract("100H", COINCHE, declarer=2)
    for executor in ("serial", "process"):
        timed(f"estimate_contract 100H, {args.samples} samples, {executor}",
              lambda: estimate_contract(c, contract, 3, samples=args.samples, seed=1,
                                        executor=executor, workers=2))
    timed(f"bid_table, {args.samples} samples, process x2",
          lambda: bid_table(c, 2, 3, samples=args.samples, seed=1, executor="process",
                            workers=2))
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
