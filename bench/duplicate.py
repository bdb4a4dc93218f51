"""Duplicate matches against colver: seeds, shards, resumable rows and the summary (issue 37).

Every match here (:mod:`bench.sd_match`, :mod:`bench.full_match`,
:mod:`bench.bid_ladder`) deals seed ``i`` as ``colver.Env.deal(dealer=i % 4,
seed=i)`` and plays it at two tables: at table ``A`` our engine holds N-S and
colver's E-W, at table ``B`` the seats are swapped. A row is one deal, a JSON
line::

    {"seed": 7, "A": TABLE, "B": TABLE, ...}

and a table records ``scores`` (N-S, E-W deal scores, our coinche rules),
``points`` (trick points), ``made`` (``None`` when nobody took), the
``declarer`` (``None``: passed out; rows of the card-play match give it once
for the deal), ``cpu`` (seconds of ``time.process_time`` by engine: ``ours``,
``colver``) and ``ms`` (each decision's CPU by engine). Per deal, the
difference is the mean over the two tables of (our side's score - colver's
side's score in the same seat).

The seeds of a run are ``start, start + 1, ...`` (``--seeds START``);
``--shard K/N`` plays only those ``start + K mod N``, so N processes, one
file each, share them out; a row written is never played again (``--out``
resumes).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import numpy as np
from belote.sampling import Estimate, mean

COLVER_SPEC = ('[bid]\nstrategy = "improved_v2"\n'
               '[play]\nmethod = "isdd"\ndeterminizations = 20\n[worlds]\nsource = "uniform"\n')
"""colver's bot as issue 37 names it: the ``improved_v2`` bidder, IS-DD at 20 uniform worlds."""

Row = dict[str, Any]


def shard_seeds(start: int, shard: tuple[int, int]) -> Iterator[int]:
    """The seeds of shard ``(k, n)`` of a run from ``start`` on: ``start + k``, ``start + k +
    n``, ... (endless).

    >>> from itertools import islice
    >>> list(islice(shard_seeds(100, (1, 3)), 3))
    [101, 104, 107]
    """
    k, n = shard
    if not 0 <= k < n:
        raise SystemExit(f"--shard {k}/{n}: expected K/N with 0 <= K < N")
    seed = start + k
    while True:
        yield seed
        seed += n


def shard_quota(deals: int, shard: tuple[int, int]) -> int:
    """Shard ``(k, n)``'s part of ``deals``: the shares differ by at most one and sum to it.

    >>> [shard_quota(10, (k, 3)) for k in range(3)]
    [4, 3, 3]
    """
    k, n = shard
    return deals // n + (k < deals % n)


def run_rows(out: Path, deals: int, play: Callable[[int], Row | None], *, start: int = 0,
             shard: tuple[int, int] = (0, 1), every: int = 1,
             label: Callable[[Row], str] = lambda row: "") -> None:
    """Append ``play(seed)``'s row to ``out`` for this shard's seeds until it holds its part
    of ``deals`` rows (:func:`shard_quota`); a seed whose row is in ``out`` is not played
    again, so a stopped run resumes. ``play`` answers ``None`` for a deal it skips (nothing
    is written; its seed counts for nothing). A progress line on stderr every ``every`` rows.
    """
    done = {row["seed"] for row in read_rows([out])} if out.exists() else set()
    quota = shard_quota(deals, shard)
    count = len(done)
    with out.open("a") as fp:
        for seed in shard_seeds(start, shard):
            if count >= quota:
                break
            if seed in done:
                continue
            row = play(seed)
            if row is None:
                continue
            fp.write(json.dumps({"seed": seed, **row}) + "\n")
            fp.flush()
            count += 1
            if count % every == 0:
                print(f"{count}/{quota} seed {seed} {label(row)}", file=sys.stderr)


def read_rows(paths: list[Path]) -> list[Row]:
    """The rows of one or more results files, by seed."""
    rows = [json.loads(line) for path in paths for line in path.read_text().splitlines()]
    return sorted(rows, key=lambda r: r["seed"])


def one_setting(rows: list[Row], key: str) -> None:
    """Refuse rows played with different ``key`` settings (say our player's schedule; rows
    without the key count as one unknown setting)."""
    settings = {json.dumps(r.get(key), sort_keys=True) for r in rows}
    if len(settings) > 1:
        raise SystemExit(f"rows of different {key}s: {', '.join(sorted(settings))}")


def check_resume(out: Path, key: str, setting: Any) -> None:
    """Refuse to append rows of ``setting`` to an ``out`` whose rows have another."""
    if out.exists():
        one_setting(read_rows([out]) + [{key: setting}], key)


def ratio_interval(ours: np.ndarray, theirs: np.ndarray, resamples: int = 4000,
                   seed: int = 0) -> tuple[float, float]:
    """95% percentile-bootstrap interval of ``ours.sum() / theirs.sum()``, the deals resampled
    (the two tables of a deal stay together; seeded, so the summary is reproducible).

    >>> low, high = ratio_interval(np.array([1.0, 2.0, 3.0]), np.array([2.0, 4.0, 6.0]))
    >>> round(low, 6), round(high, 6)
    (0.5, 0.5)
    """
    rng = np.random.default_rng(seed)
    picks = rng.integers(0, len(ours), size=(resamples, len(ours)))
    ratios = ours[picks].sum(axis=1) / theirs[picks].sum(axis=1)
    low, high = np.percentile(ratios, [2.5, 97.5])
    return float(low), float(high)


def _taker(row: Row, table: Row) -> int | None:
    """The side that took at ``table`` (0 N-S, 1 E-W), ``None`` if passed out."""
    declarer = table.get("declarer", row.get("declarer"))
    return None if declarer is None else int(declarer) % 2


def shown(e: Estimate) -> str:
    """An estimate as the summaries print it: ``+1.2 [-3.4, +5.6]``."""
    return f"{e.value:+.1f} [{e.low:+.1f}, {e.high:+.1f}]"


def _seat_differences(a: Row, b: Row, key: str) -> tuple[float, float]:
    """(N-S, E-W): ours - colver in that seat pair (ours holds N-S at ``a``, E-W at ``b``)."""
    return a[key][0] - b[key][0], b[key][1] - a[key][1]


def deal_difference(row: Row) -> float:
    """A deal's figure: the mean over its two tables of our side's deal score minus colver's
    side's in the same seats."""
    return sum(_seat_differences(row["A"], row["B"], "scores")) / 2


def summary(rows: list[Row]) -> str:
    """The summary of a duplicate match's ``rows`` (module docstring): the per-deal difference
    with its 95% t interval, split by the side our engine held when one side took at both
    tables, contracts made, the contracts each engine's side reached when they differ by
    table, and each engine's CPU: per deal, their ratio with a bootstrap interval, and a
    decision's percentiles. Deals passed out at both tables are counted apart and left
    out; a deal passed out at one table only is kept (it scores 0 there)."""
    played = [r for r in rows if _taker(r, r["A"]) is not None or _taker(r, r["B"]) is not None]
    both_passed = len(rows) - len(played)
    rows = played
    if not rows:
        return f"deals: 0 ({both_passed} passed out at both tables)"
    diff, tp, as_taker, as_defence, changed = [], [], [], [], []
    took = {"ours": 0, "colver": 0}
    made = {"ours": 0, "colver": 0}
    cpu: dict[str, list[float]] = {"ours": [], "colver": []}
    ms: dict[str, list[float]] = {"ours": [], "colver": []}
    for r in rows:
        a, b = r["A"], r["B"]
        north_south, east_west = _seat_differences(a, b, "scores")
        diff.append(deal_difference(r))
        tp.append(sum(_seat_differences(a, b, "points")) / 2)
        sides = _taker(r, a), _taker(r, b)
        if sides[0] == sides[1]:
            taking, defending = (north_south, east_west) if sides[0] == 0 else (east_west,
                                                                                 north_south)
            as_taker.append(taking)
            as_defence.append(defending)
        else:
            changed.append((north_south + east_west) / 2)
        for table, side, ours in ((a, sides[0], 0), (b, sides[1], 1)):
            if side is not None:
                who = "ours" if side == ours else "colver"
                took[who] += 1
                made[who] += bool(table["made"])
        for who in cpu:
            cpu[who].append(a["cpu"][who] + b["cpu"][who])
            ms[who] += a["ms"][who] + b["ms"][who]
    n = len(rows)
    d, t = mean(np.array(diff)), mean(np.array(tp))
    same = f" (the {len(as_taker)} deals where one side took at both tables)" if changed else ""
    lines = [f"deals: {n} (each played at two tables, seats swapped)",
             f"deal score, ours - colver per deal and seat: {shown(d)} (95% t)",
             f"trick points, ours - colver per deal and seat: {shown(t)}"]
    for name, values in (("taker", as_taker), ("defence", as_defence)):
        if len(values) > 1:
            lines.append(f"deal score as {name}, ours - colver: {shown(mean(values))}{same}")
    lines.append(f"contracts made as taker: ours {made['ours']}/{took['ours']}, "
                 f"colver {made['colver']}/{took['colver']}")
    lines += _cpu_lines(cpu, ms)
    if changed or both_passed or any("contract" in r["A"] for r in rows):
        lines += _contract_lines(rows, changed, both_passed)
    return "\n".join(lines)


def _cpu_lines(cpu: dict[str, list[float]], ms: dict[str, list[float]]) -> list[str]:
    co, cc = np.array(cpu["ours"]), np.array(cpu["colver"])
    if cc.sum() > 0:
        low, high = ratio_interval(co, cc)
        ratio = f"ratio {co.sum() / cc.sum():.2f} [{low:.2f}, {high:.2f}] (95% bootstrap over deals)"
    else:
        ratio = "ratio not defined (colver spent no measurable CPU)"
    mo, mc = np.array(ms["ours"] or [0.0]), np.array(ms["colver"] or [0.0])
    return [
        f"CPU per deal (both tables, its own decisions): ours {co.mean():.2f} s, colver "
        f"{cc.mean():.2f} s, {ratio}",
        f"our CPU per deal p50/p90/p99: {np.percentile(co, 50):.2f}/{np.percentile(co, 90):.2f}/"
        f"{np.percentile(co, 99):.2f} s",
        f"ms a decision p50/p90: ours {np.percentile(mo, 50):.0f}/{np.percentile(mo, 90):.0f}, "
        f"colver {np.percentile(mc, 50):.0f}/{np.percentile(mc, 90):.0f}",
        f"ms a decision p99/max: ours {np.percentile(mo, 99):.0f}/{mo.max():.0f}, "
        f"colver {np.percentile(mc, 99):.0f}/{mc.max():.0f}",
    ]


def _contract_lines(rows: list[Row], changed: list[float], both_passed: int) -> list[str]:
    """The contracts each engine's side reached, where the tables' contracts differ."""
    reached: dict[str, list[Row]] = {"ours": [], "colver": []}
    same = passed_one = 0
    for r in rows:
        a, b = r["A"], r["B"]
        same += a.get("contract") == b.get("contract") and _taker(r, a) == _taker(r, b)
        passed_one += (_taker(r, a) is None) != (_taker(r, b) is None)
        for table, ours in ((a, 0), (b, 1)):
            side = _taker(r, table)
            if side is not None and "contract" in table:
                reached["ours" if side == ours else "colver"].append(table)
    lines = [f"passed out: at one table only {passed_one} deals (scored 0 there, kept), at "
             f"both {both_passed} (left out)",
             f"same contract and taking side at both tables: {same}/{len(rows)} deals"]
    if len(changed) > 1:
        lines.append(f"deal score where the taking side differs between the tables "
                     f"({len(changed)} deals): {shown(mean(changed))}")
    for who, tables in reached.items():
        if tables:
            bids = [_bid_value(t["contract"]) for t in tables]
            doubled = sum(t["contract"].endswith("X") and not t["contract"].endswith("XX")
                          for t in tables)
            redoubled = sum(t["contract"].endswith("XX") for t in tables)
            lines.append(f"contracts taken by {who} side: {len(tables)} tables, mean bid "
                         f"{np.mean(bids):.0f}, coinched {doubled}, surcoinched {redoubled}, "
                         f"capot bids {sum(b == 250 for b in bids)}, made "
                         f"{sum(bool(t['made']) for t in tables)}")
    return lines


def _bid_value(contract: str) -> int:
    """The bid of a contract's PBN text (``110HX`` -> 110, a capot 250).

    >>> _bid_value("110HX"), _bid_value("CapotS")
    (110, 250)
    """
    digits = "".join(ch for ch in contract if ch.isdigit())
    return int(digits) if digits else 250


def command_line(doc: str, default_deals: int, default_out: str, run: Callable[..., None],
                 summarise: Callable[[list[Path]], str],
                 flags: dict[str, str] | None = None,
                 files: dict[str, str] | None = None) -> None:
    """The command line of a resumable bench over seeded deals: ``--deals``, ``--seeds
    START``, ``--out``, ``--shard K/N``, ``--summary FILES...``, the boolean ``flags`` and
    the optional lists of files ``files`` (name -> help; ``None`` when not given), passed to
    ``run(deals, out, start=, shard=, **flags, **files)``."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--deals", type=int, default=default_deals)
    parser.add_argument("--seeds", type=int, default=0, metavar="START",
                        help="the first seed of the run (seeds START, START + 1, ...)")
    parser.add_argument("--out", type=Path, default=Path(default_out))
    parser.add_argument("--shard", default="0/1", help="K/N: only the seeds START + K mod N")
    parser.add_argument("--summary", type=Path, nargs="+", default=None)
    for name, text in (flags or {}).items():
        parser.add_argument(f"--{name}", action="store_true", help=text)
    for name, text in (files or {}).items():
        parser.add_argument(f"--{name}", type=Path, nargs="+", default=None, metavar="FILE",
                            help=text)
    args = parser.parse_args()
    if args.summary is not None:
        print(summarise(args.summary))
        return
    k, n = (int(x) for x in args.shard.split("/"))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    extra = {name: getattr(args, name.replace("-", "_")) for name in [*(flags or {}),
                                                                     *(files or {})]}
    run(args.deals, args.out, start=args.seeds, shard=(k, n), **extra)
    print(summarise([args.out]))
