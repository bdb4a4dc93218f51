"""A/B timing of two versions of the solver kernels in one process.

For optimisation work on a shared machine: both kernel modules are loaded
side by side and timed alternately on the same seeded deals, so that load
from other jobs hits both alike; the values of both must agree.

    git show HEAD:solver/dd/_kernels.py > /tmp/old_kernels.py
    python -m bench.ab /tmp/old_kernels.py solver/dd/_kernels.py [--deals 30] [--rounds 4]

Prints, per version, the best time per 4-trump N-S table over the rounds
(process CPU time) and the search nodes per table.
"""

from __future__ import annotations

import argparse
import importlib.util
import shutil
import sys
import tempfile
import time
from pathlib import Path

from belote import COINCHE, NS, Deal, dd_table
from belote.dd import SearchContext, use_kernels

from .sets import DEAL_SEED_BASE


def _load(path: str, name: str, workdir: Path):
    """Import the kernel file ``path`` as module ``name`` (its own numba cache)."""
    copy = workdir / f"{name}.py"
    shutil.copy(path, copy)
    spec = importlib.util.spec_from_file_location(name, copy)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("a", help="kernel file A (e.g. the committed version)")
    parser.add_argument("b", help="kernel file B (e.g. the working copy)")
    parser.add_argument("--deals", type=int, default=30)
    parser.add_argument("--rounds", type=int, default=4)
    args = parser.parse_args(argv)

    deals = [Deal.random(DEAL_SEED_BASE + i) for i in range(args.deals)]
    with tempfile.TemporaryDirectory() as tmp:
        versions = {"A": _load(args.a, "kernels_a", Path(tmp)),
                    "B": _load(args.b, "kernels_b", Path(tmp))}
        best = {name: float("inf") for name in versions}
        nodes = {}
        values = {}
        for _ in range(args.rounds):
            for name, module in versions.items():
                use_kernels(module)
                context = SearchContext()
                start = time.process_time()
                values[name] = [dd_table(d, 1, COINCHE, sides=[NS], context=context).values
                                for d in deals]
                best[name] = min(best[name], time.process_time() - start)
                nodes[name] = context.nodes
        if values["A"] != values["B"]:
            sys.exit("the two versions disagree on some value")
        for name in versions:
            print(f"{name}: {best[name] / len(deals) * 1000:.1f} ms per table, "
                  f"{nodes[name] // len(deals)} nodes per table")
        print(f"B/A time {best['B'] / best['A']:.3f}, nodes {nodes['B'] / nodes['A']:.3f}")


if __name__ == "__main__":
    main()
