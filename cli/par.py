"""``belote par``: the par contract and scores of coinche deals.

The solver is imported inside the command, so loading this module (as
``belote --help`` does) stays light.

>>> from belote import Deal
>>> from belote.auction import BoardPar, BoardParJob, Makeable, ParResult
>>> from belote.types import SidePair
>>> deal = Deal.from_pbn("N:AKQJT987... .AKQJT987.. ..AKQJT987. ...AKQJT987")
>>> print(human_lines(BoardPar(BoardParJob("7", None, None, deal, 0, "coinche"),
...                            ParResult(0, SidePair(0, 0), (), Makeable(None, None)))))
Board 7, dealer N, E speaks first
  deal      N:AKQJT987... .AKQJT987.. ..AKQJT987. ...AKQJT987
  par       NS 0, EW 0
  contract  passed out (four passes)
  makeable  NS nothing
            EW nothing
"""

from __future__ import annotations

from contextlib import closing
from dataclasses import replace
from pathlib import Path

import click

from belote import BeloteError
from belote.errors import escaped

from .common import input_file_type, DataError, notice, read_boards, solver_run
from .options import cfn_option, jobs_option, json_option
from .solve import POOL_MIN_BOARDS

_SEATS = "NESW"


def _pair(pair) -> str:
    """``NS 240, EW 60``."""
    return f"NS {pair.ns}, EW {pair.ew}"


def human_lines(answer) -> str:
    """One board's par (a :class:`~belote.auction.par.BoardPar`) as a few aligned lines (no
    trailing newline)."""
    par = answer.result
    name = "Deal" if answer.board is None else f"Board {escaped(answer.board)}"
    lines = [f"{name}, dealer {_SEATS[answer.dealer]}, {_SEATS[answer.speaker]} speaks first",
             f"  deal      {answer.deal.to_pbn(answer.dealer)}",
             f"  par       {_pair(par.par)}"]
    contracts = [f"{c.contract.to_pbn()} by {c.side_name}" for c in par.contracts]
    lines.append("  contract  " + (", ".join(contracts) or "passed out (four passes)"))
    width = max([len(m.contract.to_pbn()) for m in par.makeable if m] + [0])
    for i, (side, best) in enumerate(zip(("NS", "EW"), par.makeable)):
        what = "nothing" if best is None else (
            f"{best.contract.to_pbn().ljust(width)}  scores {_pair(best.score)}")
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
    """Par of coinche boards, all four hands known.

    The auction played with every card visible, each side maximising its
    score minus the other's: the par scores, the contract reached and each
    side's best makeable contract. Guide: docs/analysis.md (belote par).

    \b
    Example:
      belote par datasets/examples/deals.pbn
    """
    from belote.auction import par_boards

    from .format import json_line
    from .running import progress_bar

    try:
        selected = read_boards(file, None, boards, cfn_games)
        run = solver_run(jobs, len(selected), pool_from=POOL_MIN_BOARDS, notice=notice)
        with progress_bar(len(selected), "board") as progress:
            results = par_boards(selected, run=replace(run, progress=progress.update))
            with closing(results):
                for i, result in enumerate(results):
                    progress.echo(json_line(result.to_dict()) if as_json
                                  else ("\n" if i else "") + human_lines(result))
    except BeloteError as e:
        raise DataError(str(e)) from None
