"""``belote bid --auction``: the advice for the seat on turn, rendered (the library decides).

Module-level imports stay light (no numba).
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import click
from belote.errors import BeloteError

SHOWN_BIDS = 10
"""Bids listed in the human table (best first); --json lists them all."""


def _pct(e: dict) -> str:
    return f"{100 * e['value']:5.1f}% [{100 * e['low']:.1f}, {100 * e['high']:.1f}]"


def _num(e: dict) -> str:
    return f"{e['value']:+.1f} [{e['low']:+.1f}, {e['high']:+.1f}]"


def read_auction_text(text: str, dealer: int | None, mode: str, turned: str | None):
    """The :class:`~belote.types.auction.Auction` of ``--auction``, or a one-line usage error."""
    from belote.types.auction import Auction

    try:
        return Auction.parse(text, dealer=dealer, mode=mode, turned=turned)
    except BeloteError as e:
        raise click.BadParameter(str(e), param_hint="'--auction'") from None


def read_conventions(path: Path | None):
    """The profile of ``--conventions`` (the built-in one without it)."""
    from belote.auction.conventions import DEFAULT, load_conventions

    if path is None:
        return DEFAULT
    try:
        return load_conventions(path)
    except BeloteError as e:
        raise click.BadParameter(str(e), param_hint="'--conventions'") from None


def render(out: dict, mode: str, auction_text: str, dealer: str, uniform: int, seed: int
           ) -> str:
    """The human text of an :class:`~belote.advice.auction.AuctionAdvice` dict."""
    seat = out["seat"]
    side = "NS" if seat in "NS" else "EW"
    lines = [(f"{mode}: you {seat}, dealer {dealer}, auction {auction_text}; your turn: "
              f"{out['question']}"),
             f"conventions {out['conventions']}: what each call says"]
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
    lines.append(f"recommended: {out['recommended']} (highest expected net score of {side}); "
                 f"{out['recommended']} - {out['runner_up']}: {_num(d)} over {d['n']} "
                 "paired samples")
    return "\n".join(lines)


def auction_advice(*, hand: str, seat: int, dealer: int | None, mode: str, turned: str | None,
                   auction_text: str,
                   conventions_path: Path | None, known, shape, points, samples: int,
                   seed: int, jobs: int | None, as_json: bool, note: str,
                   parallel_from: int, worlds: int | None) -> None:
    """Run ``belote bid --auction`` and print its result (single-dummy play with ``worlds``)."""
    from belote.advice import auction as advisor
    from belote.advice.bid import count_layouts
    from belote.advice.playout import Schedule
    from belote.types.profile import get_profile
    from belote.sampling.constraints import Constraints

    from .common import solver_run
    from .options import constraint_error
    from .running import progress_bar, stoppable

    profile = get_profile(mode.lower())
    classic = profile.auction != "numeric"
    if classic and turned is None:
        raise click.UsageError("a classic --auction needs --turned CARD")
    if classic and worlds is not None:
        raise click.UsageError("single-dummy play of a classic --auction is not available")
    if classic and (known or shape or points):
        raise click.UsageError("--known, --shape and --points do not go with a classic "
                               "--auction")
    auction = read_auction_text(auction_text, dealer, mode.lower(), turned)
    conventions = read_conventions(conventions_path)
    try:
        advisor.question_of(auction, seat)
    except BeloteError as e:
        raise click.BadParameter(str(e), param_hint="'--auction'") from None
    try:
        if classic:
            seen = advisor.classic_seen(seat, hand, auction.turned)
            uniform = count_layouts(seen) * advisor.REST
        else:
            seen = Constraints(profile=profile).with_hand(seat, hand).with_text(
                known=known, shape=shape, points=points)
            uniform = count_layouts(seen)
    except BeloteError as e:
        raise constraint_error(e) from None
    run = solver_run(jobs, samples, pool_from=parallel_from)
    with stoppable(), progress_bar(samples, "deal") as progress:
        try:
            schedule = None if worlds is None else Schedule.from_worlds(worlds)
            result = advisor.auction_advice(seen, seat, auction, conventions, samples=samples,
                                            seed=seed, run=replace(run, progress=progress.update),
                                            single_dummy=schedule)
        except BeloteError as e:
            raise click.UsageError(str(e)) from None
        out = result.to_dict()
        name = "NESW"
        if as_json:
            play = "double-dummy" if worlds is None else "single-dummy"
            progress.echo(json.dumps({"mode": profile.name, "play": play,
                                      "dealer": name[auction.dealer],
                                      "auction": auction.text(), "uniform_layouts": uniform,
                                      **out, "seed": seed}))
            return
        progress.echo(render(out, profile.name, auction.text(), name[auction.dealer], uniform,
                             seed)
                      + "\n" + note)
