"""``belote score``: the match sheet of a session file.

>>> print(sheet_lines({"file": "s.pbn", "mode": "classic", "target": 1000, "held": 81,
...     "totals": {"NS": 0, "EW": 81}, "winner": None, "deals": [{"board": "1",
...     "contract": "H", "declarer": "N", "outcome": "litige", "score": {"NS": 0, "EW": 81},
...     "totals": {"NS": 0, "EW": 81}, "held": 81, "barred": []}]}))
Match sheet of s.pbn (classic, to 1000)
  board  contract      result    NS    EW  total NS    EW  held
  1      H by N        litige     0    81         0    81    81
  match not finished: NS 0, EW 81, 81 held
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from belote import BeloteError
from belote.errors import escaped

from .common import input_file_type, DataError, display_path, notice, read_boards
from .options import cfn_option


def _line(board: str, contract: str, result: str, cells: list[str]) -> str:
    """One aligned row of the sheet."""
    width = 13 - max(0, len(result) - 7)  # "passed out" takes from the contract column
    return (f"  {board:<6} {contract:<{width}} {result:<7}" + "".join(
        c.rjust(w) for c, w in zip(cells, (5, 6, 10, 6, 6)))).rstrip()


def sheet_lines(sheet: dict[str, Any], of: int = 1) -> str:
    """The sheet as aligned text (no trailing newline); ``of``: the matches of the file."""
    file = escaped(sheet["file"])
    title = (f"Match sheet of {file}" if of == 1 else f"Match {sheet['match']} of {of} in {file}")
    lines = [f"{title} ({sheet['mode']}, to {sheet['target']})",
             _line("board", "contract", "result", ["NS", "EW", "total NS", "EW", "held"])]
    for deal in sheet["deals"]:
        score, totals = deal["score"], deal["totals"]
        contract = ("-" if deal["contract"] is None else
                    f"{deal['contract']} by {deal['declarer']}")
        row = _line(escaped(deal["board"] or "-"), contract, deal["outcome"], [str(score["NS"]), str(score["EW"]), str(totals["NS"]),
                                      str(totals["EW"]), str(deal["held"])])
        blocked = [s for s in deal["barred"] if totals[s] >= sheet["target"]]
        if blocked:
            row += f"  ({' and '.join(blocked)}: belote alone, cannot win on this deal)"
        lines.append(row)
    totals = sheet["totals"]
    if sheet["winner"] is not None:
        loser = "EW" if sheet["winner"] == "NS" else "NS"
        last = sheet["deals"][-1]["board"]
        after = (f"board {escaped(last)}" if last is not None
                 else f"deal {len(sheet['deals'])} (a board without a name)")
        lines.append(f"  winner {sheet['winner']}: {totals[sheet['winner']]} to "
                     f"{totals[loser]} after {after}")
    else:
        held = f", {sheet['held']} held" if sheet["held"] else ""
        lines.append(f"  match not finished: NS {totals['NS']}, EW {totals['EW']}{held}")
    return "\n".join(lines)


@click.command()
@click.argument("file", required=False, type=input_file_type())
@cfn_option
@click.option("--json", "as_json", is_flag=True,
              help="Print each match's sheet as one JSON object (one a line) instead of tables.")
def score(file: Path | None, cfn_games: tuple[str, ...], as_json: bool) -> None:
    """Match sheets of a session of played deals.

    The boards of FILE (PBN, CFN, JSON lines), each with its contract and a
    complete play record, scored in file order with the rules that span
    deals (classic litige points held, the match target); a new match starts
    after the deal that ends one. Guide: docs/analysis.md (belote score).

    \b
    Example:
      belote score datasets/examples/session.pbn
    """
    from belote.rules import session_sheets

    from .format import json_line

    try:
        sheets = session_sheets(read_boards(file, None, (), cfn_games))
    except BeloteError as e:
        raise DataError(str(e)) from None
    name = "--cfn" if file is None else display_path(file)
    for k, sheet in enumerate(sheets, 1):
        if k > 1:
            before = sheets[k - 2]
            notice(f"board {sheet.deals[0].deal.board} starts match {k} "
                   f"({'NS' if before.winner == 0 else 'EW'} won match {k - 1} after board "
                   f"{before.deals[-1].deal.board})")
        out = {"file": name, "match": k, **sheet.to_dict()}
        click.echo(json_line(out) if as_json else ("" if k == 1 else "\n")
                   + sheet_lines(out, len(sheets)))
