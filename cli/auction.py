"""``belote bid --auction``: the advice for the seat on turn, rendered (the library decides and checks).

Module-level imports stay light (no numba).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from belote.errors import escaped
from belote.types import seat_name

if TYPE_CHECKING:
    from belote import BidAdvice
    from belote.advice import BidRow
    from belote.sampling import Estimate

SHOWN_BIDS = 10
"""Bids listed in the human table (best first); --json lists them all."""


def _pct(e: Estimate) -> str:
    return f"{100 * e.value:5.1f}% [{100 * e.low:.1f}, {100 * e.high:.1f}]"


def _num(e: Estimate) -> str:
    return f"{e.value:+.1f} [{e.low:+.1f}, {e.high:+.1f}]"


def _contract(row: BidRow) -> str:
    """The contract then played and its declarer, ``-`` when passed out."""
    c = row.contract
    if c is None:
        return "-"
    return c.to_pbn() if c.declarer is None else f"{c.to_pbn()} by {seat_name(c.declarer)}"


def render(advice: BidAdvice) -> str:
    """The human text of a :class:`~belote.advice.answer.BidAdvice` to an auction's question."""
    job, reading, choice = advice.job, advice.reading, advice.choice
    assert job.auction is not None and reading is not None and choice is not None
    seat = seat_name(advice.seat)
    side = "NS" if seat in "NS" else "EW"
    lines = [(f"{advice.mode}: you {seat}, dealer {seat_name(advice.dealer)}, auction "
              f"{job.auction.text()}; your turn: {advice.kind}"),
             f"conventions {escaped(reading.conventions.name)}"
             + ("" if reading.opponents is None
                else f", the opponents' {escaped(reading.opponents.name)}")
             + ": what each call says"]
    lines += [f"  {seat_name(i.seat) + ':' + i.call.text:<8} {i.kind}: "
              f"{i.text().split(': ', 1)[1]}" for i in reading.inferences]
    how = (f"all {advice.samples} layouts, exact" if advice.exact
           else f"{advice.samples} samples (seed {advice.seed})")
    lines.append(f"layouts left: {advice.layouts} of {job.layouts} without the auction; {how}")
    rows = advice.rows
    first = rows[0]
    if advice.kind == "defence":
        assert advice.p_fail is not None and advice.coinched is not None
        assert first.contract is not None
        lines.append(f"P({_contract(first)} fails) {_pct(advice.p_fail)}")
        x2, x4 = advice.coinched
        lines.append(f"if coinched, the taker's expected net: x2 {_num(x2)}, x4 {_num(x4)}: "
                     f"taken to {'surcoinche (x4)' if advice.taker_reply == 4 else 'play at x2'}")
    elif advice.kind == "surcoinche":
        assert first.contract is not None and first.p_make is not None
        at_x1 = replace(first.contract, multiplier=1)
        lines.append(f"P({at_x1.to_pbn()} made) {_pct(first.p_make)}")
    ranked = sorted(rows, key=lambda r: -r.expected.value)
    if advice.kind == "bid":  # the best SHOWN_BIDS options
        shown = ranked[:SHOWN_BIDS]
    else:  # Pass and X (XX) always, and the best SHOWN_BIDS bids
        bids = [r for r in ranked if r.call not in ("Pass", "P", "X", "XX")]
        shown = [r for r in ranked if r not in bids[SHOWN_BIDS:]]
    hidden = len(rows) - len(shown)
    lines.append(f"{'option':<8} {'contract':<14} {'P(make)':<22} net for {side}")
    for r in shown:
        p_make = "-" if r.p_make is None else _pct(r.p_make)
        lines.append(f"{r.call:<8} {_contract(r):<14} {p_make:<22} {_num(r.expected)}")
    if hidden:
        lines.append(f"({hidden} more bids in --json)")
    d = choice.difference
    if d is None:
        lines.append(f"recommended: {choice.recommended} (forced: the only legal call)")
        return "\n".join(lines)
    lines.append(f"recommended: {choice.recommended} (highest expected net score of {side}); "
                 f"{choice.recommended} - {choice.runner_up}: {_num(d)} over {d.n} "
                 "paired samples")
    return "\n".join(lines)
