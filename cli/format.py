"""Output of ``belote solve``: JSON lines and compact human tables.

Both read the result dicts made by
:meth:`belote.analysis.board.BoardAnalysis.to_dict`, so the two forms always
carry the same numbers.

>>> print(json_line({"board": "1", "value": {"NS": 52, "EW": 110}}))
{"board": "1", "value": {"NS": 52, "EW": 110}}
"""

from __future__ import annotations

import json
from typing import Any

from belote.errors import escaped

SUIT_ORDER = "SHDC"
SEAT_ORDER = "NESW"


def json_line(result: dict[str, Any]) -> str:
    """One result as a single line of JSON."""
    return json.dumps(result, ensure_ascii=False)


def human(result: dict[str, Any]) -> str:
    """One result as a few lines of text (no trailing newline)."""
    lines = [_title(result)]
    if result["kind"] == "position":
        lines += _position_lines(result)
    else:
        lines += _deal_lines(result)
    return "\n".join(lines)


def _title(result: dict[str, Any]) -> str:
    """``Board 1 (coinche), dealer N, E leads``."""
    name = "Deal" if result["board"] is None else f"Board {escaped(result['board'])}"
    parts = [f"{name} ({result['mode']})"]
    if result["dealer"] is not None:
        parts.append(f"dealer {result['dealer']}")
    if result["leader"] is not None:
        parts.append(f"{result['leader']} leads")
    return ", ".join(parts)


def _row(label: str, cells: list[str], width: int) -> str:
    """A table row: the label left-aligned in ``width``, cells right-aligned in 5."""
    return ("  " + label.ljust(width) + "".join(c.rjust(5) for c in cells)).rstrip()


def _sides(pair: dict[str, int]) -> str:
    """``NS 52, EW 110``."""
    return f"NS {pair['NS']}, EW {pair['EW']}"


def _deal_lines(result: dict[str, Any]) -> list[str]:
    """The table of a full deal, belote per trump, the contract and the played result."""
    table = result["table"]
    trumps = sorted({r["trump"] for r in table}, key=SUIT_ORDER.index)
    leaders = sorted({r["leader"] for r in table}, key=SEAT_ORDER.index)
    sides = [s for s in ("NS", "EW") if any(r["side"] == s for r in table)]
    points = {(r["leader"], r["trump"], r["side"]): r["points"] for r in table}
    several = len(leaders) > 1
    width = 12 if several else 8
    lines = [_row("deal", [], width) + " " + result["deal"],
             _row("leader side" if several else "trump", trumps, width)]
    for leader in leaders:
        for i, side in enumerate(sides):
            label = f"{leader if i == 0 else '':<7}{side}" if several else side
            lines.append(_row(label, [str(points[leader, t, side]) for t in trumps], width))
    lines.append(_row("belote", [result["belote"][t] or "-" for t in trumps], width))
    if result.get("passed_out"):
        lines.append("  passed out (four passes): no contract, the table shows what was there")
    if result["contract"] is not None:
        lines.append(_contract_line(result["contract"], result["leader"]))
    if "played" in result:
        lines.append(_played_line(result["played"]))
    return lines


def _contract_line(contract: dict[str, Any], leader: str | None = None) -> str:
    """The double-dummy verdict on the board's contract.

    The contract's leader is named when it is not the table's ``leader``.
    """
    if contract["declarer"] is None:
        return f"  contract {contract['contract']}: no Declarer, not judged"
    outcome = "litige" if contract["litige"] else "made" if contract["made"] else "failed"
    lead = contract.get("leader")
    lead = f", {lead} leads" if lead is not None and lead != leader else ""
    return (f"  contract {contract['contract']} by {contract['declarer']}{lead}: {outcome} "
            f"double-dummy ({contract['side']} takes {contract['points']}, "
            f"needs {contract['needed']}); score {_sides(contract['score'])}")


def _played_line(played: dict[str, Any]) -> str:
    """The actual result of a play record that goes to the end."""
    line = f"  played    trick points {_sides(played['trick_points'])}"
    if "made" in played:
        outcome = "litige" if played["litige"] else "made" if played["made"] else "failed"
        line += f"; contract {outcome}; score {_sides(played['score'])}"
    return line


def _position_lines(result: dict[str, Any]) -> list[str]:
    """A position: where the play stands, its value and each legal card's."""
    trick = result["trick"]
    number = result["tricks"] + 1
    if trick["cards"]:
        where = (f"trick {number}, {trick['leader']} led {' '.join(trick['cards'])}; "
                 f"{result['to_move']} to play")
    else:
        where = f"trick {number}; {result['to_move']} to lead"
    belote = result["belote"][result["trump"]]
    lines = [
        f"  hands     {result['hands']}",
        f"  trump {result['trump']}, {where}",
        f"  taken     {_sides(result['points'])}",
        f"  value     {_sides(result['value'])}" + (f" (belote {belote})" if belote else ""),
    ]
    classes: list[dict[str, Any]] = []
    for card in result["cards"]:
        if card["card"] == card["equivalents"][0]:
            classes.append(card)
    width = max(8, *(len(" ".join(c["equivalents"])) + 2 for c in classes))
    lines.append(_row("card", ["NS", "EW"], width))
    for card in classes:
        row = _row(" ".join(card["equivalents"]), [str(card["NS"]), str(card["EW"])], width)
        lines.append(row + ("  best" if card["best"] else ""))
    if result["contract"] is not None:
        lines.append(_contract_line(result["contract"]))
    return lines
