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

from belote.errors import BeloteError, PBNDecodeError

from .options import cfn_option, json_option

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


def _par_board(board) -> dict[str, Any]:
    """The result dict of one board (raises :class:`BeloteError` when par is undefined)."""
    from belote.auction import par_of

    def error(message: str) -> PBNDecodeError:
        return PBNDecodeError(message, file=board.file, board=board.board,
                              line=board.line or None)

    profile = board.profile()
    if profile.auction != "numeric":
        raise error(f"par is defined for coinche boards only (this board is {profile.name}: "
                    "trump is chosen without bids)")
    if board.dealer is None:
        raise error("no Dealer tag: par needs the dealer (the dealer's left speaks first)")
    deal = board.full_deal()
    result = par_of(deal, board.dealer, profile)
    return {"board": board.board, "file": board.file,
            "deal": deal.to_pbn(board.dealer), **result.to_dict()}


@click.command()
@click.argument("file", required=False, type=input_file_type())
@cfn_option
@click.option("--board", "boards", multiple=True, metavar="NUMBER",
              help="Only the board with this Board tag (repeat for several).")
@json_option
def par(file: Path | None, cfn_games: tuple[str, ...], boards: tuple[str, ...], as_json: bool) -> None:
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
    from .format import json_line
    from .common import DataError, read_boards

    try:
        results = [_par_board(board) for board in read_boards(file, None, boards, cfn_games)]
    except BeloteError as e:
        raise DataError(str(e)) from None
    if as_json:
        for result in results:
            click.echo(json_line(result))
    else:
        click.echo("\n\n".join(human_lines(r) for r in results))
