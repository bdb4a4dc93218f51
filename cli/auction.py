"""``belote bid --auction``: the advice for the seat on turn, rendered (the library decides and checks).

Module-level imports stay light (no numba).
"""

from __future__ import annotations

from belote.errors import escaped

SHOWN_BIDS = 10
"""Bids listed in the human table (best first); --json lists them all."""


def _pct(e: dict) -> str:
    return f"{100 * e['value']:5.1f}% [{100 * e['low']:.1f}, {100 * e['high']:.1f}]"


def _num(e: dict) -> str:
    return f"{e['value']:+.1f} [{e['low']:+.1f}, {e['high']:+.1f}]"


def render(answer) -> str:
    """The human text of a :class:`~belote.advice.question.BidAnswer` to an auction's question."""
    out = answer.result.to_dict()
    seat = out["seat"]
    mode, auction_text, seed = answer.mode, answer.job.auction.text(), answer.seed
    dealer, uniform = "NESW"[answer.dealer], answer.layouts
    side = "NS" if seat in "NS" else "EW"
    lines = [(f"{mode}: you {seat}, dealer {dealer}, auction {auction_text}; your turn: "
              f"{out['question']}"),
             f"conventions {escaped(out['conventions'])}: what each call says"]
    lines += [f"  {c['call']:<8} {c['kind']}: {c['says']}" for c in out["calls"]]
    how = (f"all {out['samples']} layouts, exact" if out["exact"]
           else f"{out['samples']} samples (seed {seed})")
    lines.append(f"layouts left: {out['layouts']} of {uniform} without the auction; {how}")
    options = out["options"]
    if out["question"] == "defence":
        contract = options[0]["contract"]
        lines.append(f"P({contract} by {options[0]['declarer']} fails) {_pct(out['p_fail'])}")
        reply = out["taker_reply"]
        lines.append(f"if coinched, the taker's expected net: x2 "
                     f"{_num(out['taker_expected_x2'])}, x4 {_num(out['taker_expected_x4'])}: "
                     f"taken to {'surcoinche (x4)' if reply == 'XX' else 'play at x2'}")
    elif out["question"] == "surcoinche":
        lines.append(f"P({options[0]['contract'][:-1]} made) {_pct(options[0]['p_make'])}")
    shown = sorted(options, key=lambda o: -o["expected_net"]["value"])
    hidden = 0
    if out["question"] == "bid" and len(shown) > SHOWN_BIDS:
        hidden = len(shown) - SHOWN_BIDS
        shown = shown[:SHOWN_BIDS]
    lines.append(f"{'option':<8} {'contract':<14} {'P(make)':<22} net for {side}")
    for o in shown:
        played = "-" if o["contract"] is None else f"{o['contract']} by {o['declarer']}"
        p_make = "-" if o["p_make"] is None else _pct(o["p_make"])
        lines.append(f"{o['option']:<8} {played:<14} {p_make:<22} "
                     f"{_num(o['expected_net'])}")
    if hidden:
        lines.append(f"({hidden} more bids in --json)")
    d = out["difference"]
    if d is None:
        lines.append(f"recommended: {out['recommended']} (forced: the only legal call)")
        return "\n".join(lines)
    lines.append(f"recommended: {out['recommended']} (highest expected net score of {side}); "
                 f"{out['recommended']} - {out['runner_up']}: {_num(d)} over {d['n']} "
                 "paired samples")
    return "\n".join(lines)
