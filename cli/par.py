"""``belote par``: the par contract and scores of coinche deals.

The solver is imported inside the command, so loading this module (as
``belote --help`` does) stays light.

>>> print(human_lines({"board": "7", "dealer": "N", "deal": "N:- - - -",
...     "par": {"NS": 0, "EW": 0}, "contracts": [],
...     "makeable": {"NS": None, "EW": None}}))
Board 7, dealer N, E speaks first
  deal      N:- - - -
  par       NS 0, EW 0
  contract  passed out (four passes)
  makeable  NS nothing
            EW nothing
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from .common import input_file_type

from belote.errors import BeloteError

from .options import cfn_option, jobs_option, json_option

_SEATS = "NESW"


def _pair(pair: dict[str, int]) -> str:
    """``NS 240, EW 60``."""
    return f"NS {pair['NS']}, EW {pair['EW']}"


def human_lines(result: dict[str, Any]) -> str:
    """One board's par as a few aligned lines (no trailing newline)."""
    name = "Deal" if result["board"] is None else f"Board {result['board']}"
    speaker = _SEATS[(_SEATS.index(result["dealer"]) + 1) % 4]
    lines = [f"{name}, dealer {result['dealer']}, {speaker} speaks first",
             f"  deal      {result['deal']}",
             f"  par       {_pair(result['par'])}"]
    contracts = [f"{c['contract']} by {c['side']}" for c in result["contracts"]]
    lines.append("  contract  " + (", ".join(contracts) or "passed out (four passes)"))
    width = max([len(m["contract"]) for m in result["makeable"].values() if m] + [0])
    for i, side in enumerate(("NS", "EW")):
        best = result["makeable"][side]
        what = "nothing" if best is None else (
            f"{best['contract'].ljust(width)}  scores {_pair(best['score'])}")
        lines.append(("  makeable  " if i == 0 else " " * 12) + f"{side} {what}")
    return "\n".join(lines)


@click.command()
@click.argument("file", required=False, type=input_file_type())
@cfn_option
@click.option("--board", "boards", multiple=True, metavar="NUMBER",
              help="Only the board with this Board tag (repeat for several).")
@json_option
@jobs_option
def par(file: Path | None, cfn_games: tuple[str, ...], boards: tuple[str, ...], as_json: bool,
        jobs: int | None) -> None:
    """Par of the coinche boards of a PBN FILE, all four hands known.

    \b
    The auction is played with every card visible, each side maximising its
    deal score minus the other's, from the dealer's left: pass, a bid
    strictly higher in value (80..160 by 10, or capot, any suit), or a
    coinche by an opponent of the contract, after which the taking side
    plays at x2 or surcoinches (x4). Three passes after a bid end it; four
    opening passes score 0-0. A contract scores its double-dummy result,
    the dealer's left leading.

    \b
    Shows the par scores, every contract reached with best calls, and each
    side's best makeable contract (at x1, highest score for that side).

    \b
    Example:
      belote par datasets/examples/deals.pbn
    """
    from contextlib import closing
    from dataclasses import replace

    from belote.auction.par import par_boards

    from .common import DataError, notice, read_boards, solver_run
    from .format import json_line
    from .running import progress_bar
    from .solve import POOL_MIN_BOARDS

    try:
        selected = read_boards(file, None, boards, cfn_games)
        run = solver_run(jobs, len(selected), pool_from=POOL_MIN_BOARDS, notice=notice)
        with progress_bar(len(selected), "board") as progress:
            results = par_boards(selected, run=replace(run, progress=progress.update))
            with closing(results):
                for i, result in enumerate(results):
                    progress.echo(json_line(result) if as_json
                                  else ("\n" if i else "") + human_lines(result))
    except BeloteError as e:
        raise DataError(str(e)) from None
