"""Calibration: where double-dummy play reached T, how often single-dummy play did (issue 21).

colver's reward study (github Avo-k/colver, ``docs/bid/reward_studies/v3_reward_study.md``,
62,000 deals) found that of the deals where double-dummy play reached T
points, its IS-DD bot reached T 86.0% of the time at T = 80, 77.3% at 100,
64.8% at 120 and 34.1% at 160; mean 85.8 (DD) vs 82.5 (IS-DD), sd 53.0 vs 43.3.

Here: deals ``colver.Env.deal(dealer=i % 4, seed=i)`` for i = 0, 1, ...,
each with the contract colver's own bidder reaches (four colver agents,
their default ``improved_v2`` bidder; passed-out deals are skipped, as in
:mod:`bench.sd_match`). For each, the taker's double-dummy trick points
from the opening lead (:func:`belote.solve_position`) and the taker's
trick points when all four seats play our single-dummy player
(:func:`belote.advice.playout.playout`, default schedule, seed 0, board =
deal number). Belote apart in both. One JSON line per deal (resumable)::

    nice -n 5 python -m bench.sd_calibration --deals 2000 --out bench/out/sd_calibration.jsonl
    python -m bench.sd_calibration --summary bench/out/sd_calibration.jsonl
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import numpy as np
from belote import COINCHE, Contract, Deal, Position, solve_position
from belote.advice import played_board
from belote.sampling import ClusterSums, clustered_mean, clustered_proportion, mean

from .duplicate import command_line, read_rows
from .sd_match import play_bid_deals

THEIRS = {80: 86.0, 100: 77.3, 120: 64.8, 160: 34.1}
"""colver's IS-DD calibration (percent), from the study named in the module docstring."""
THRESHOLDS = tuple(range(80, 170, 10))


def _calibration_row(seed: int, deal: Deal, dealer: int, actions: list[int],
                     contract: Contract) -> dict[str, Any]:
    """The taker's double-dummy and single-dummy trick points on one deal."""
    start = time.process_time()
    leader = (dealer + 1) % 4
    taker = contract.declarer % 2
    dd = solve_position(Position(deal, contract.trump, leader, COINCHE), taker)
    played = played_board(deal, contract, dealer=dealer, seed=0, board=seed)
    sd = played.position().points[taker]
    return {"contract": contract.to_pbn(), "declarer": contract.declarer, "dd": dd, "sd": sd,
            "cpu": round(time.process_time() - start, 3)}


def run(deals: int, out: Path, start: int = 0, shard: tuple[int, int] = (0, 1)) -> None:
    """Play ``deals`` bid deals (seeds from ``start`` on), appending to ``out`` (resumed if
    present)."""
    play_bid_deals(deals, out, _calibration_row, every=20, shard=shard, start=start)


def defence_points(taker: np.ndarray) -> np.ndarray:
    """The defence's trick points given the taker's (162 in all, 252 for a capot; a taker at 0
    is counted as a defence at 162: it may have been a capot, 252, which no T <= 160 tells)."""
    return np.where(taker == 252, 0, np.where(taker == 0, 162, 162 - taker))


def _table(dd: np.ndarray, sd: np.ndarray, deal: np.ndarray, what: str) -> list[str]:
    """The calibration table of rows ``(dd, sd)``, intervals clustered by ``deal``."""
    lines = [f"| T | {what} with DD >= T | SD reached T [95% Wilson] | colver IS-DD |",
             "|---|---|---|---|"]
    for t in THRESHOLDS:
        reached = dd >= t
        n = int(reached.sum())
        if n:
            p = clustered_proportion(ClusterSums.of((sd[reached] >= t).astype(int),
                                                    deal[reached]))
            shown = f"{100 * p.value:.1f}% [{100 * p.low:.1f}, {100 * p.high:.1f}]"
        else:
            shown = "-"
        theirs = f"{THEIRS[t]}%" if t in THEIRS else "-"
        lines.append(f"| {t} | {n} | {shown} | {theirs} |")
    return lines


def summary(paths: list[Path]) -> str:
    """The markdown calibration tables of one or more results files: the taker's rows, then
    both sides' (two rows a deal, intervals clustered by deal)."""
    rows = read_rows(paths)
    dd = np.array([r["dd"] for r in rows])
    sd = np.array([r["sd"] for r in rows])
    seeds = np.array([r["seed"] for r in rows])
    lines = [f"deals: {len(rows)}; CPU per deal (DD solve + playout): "
             f"{np.mean([r['cpu'] for r in rows]):.2f} s", "", "The taker:", ""]
    lines += _table(dd, sd, seeds, "deals")
    both_dd = np.concatenate([dd, defence_points(dd)])
    both_sd = np.concatenate([sd, defence_points(sd)])
    both_seeds = np.concatenate([seeds, seeds])
    lines += ["", "Both sides (the taker's row and the defence's of each deal; Wilson at the "
              "effective size, clustered by deal):", ""]
    lines += _table(both_dd, both_sd, both_seeds, "rows")
    sums = ClusterSums.of(both_dd - both_sd, both_seeds)
    gap = clustered_mean(sums)
    lines += ["", f"both sides: mean DD {both_dd.mean():.1f}, SD {both_sd.mean():.1f}; paired "
              f"DD - SD {gap.value:+.1f} [{gap.low:+.1f}, {gap.high:+.1f}] (t, clustered); sd: "
              f"DD {both_dd.std(ddof=1):.1f}, SD {both_sd.std(ddof=1):.1f}; correlation "
              f"{np.corrcoef(both_dd, both_sd)[0, 1]:.3f}; taker rows at 0 (defence counted "
              f"162): DD {int((dd == 0).sum())}, SD {int((sd == 0).sum())}"]
    md, ms = mean(dd), mean(sd)
    diff = mean(dd - sd)
    lines += ["", "The taker:",
              f"mean taker points: DD {md.value:.1f} [{md.low:.1f}, {md.high:.1f}], "
              f"SD {ms.value:.1f} [{ms.low:.1f}, {ms.high:.1f}] (colver: DD 85.8, IS-DD 82.5)",
              f"paired DD - SD: {diff.value:+.1f} [{diff.low:+.1f}, {diff.high:+.1f}]",
              f"sd: DD {dd.std(ddof=1):.1f}, SD {sd.std(ddof=1):.1f} (colver: 53.0, 43.3); "
              f"correlation {np.corrcoef(dd, sd)[0, 1]:.3f} (colver 0.832); "
              f"MAE {np.abs(dd - sd).mean():.1f} (colver 18.5)"]
    return "\n".join(lines)


def main() -> None:
    command_line(__doc__, 2000, "bench/out/sd_calibration.jsonl", run, summary)


if __name__ == "__main__":
    main()
