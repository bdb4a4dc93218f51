"""One self-contained HTML page of a report: its tables and charts (PNG embedded in base64).

>>> import polars as pl
>>> page = render_page({"capot": pl.DataFrame({"n": [10], "p": [0.25]})}, [], title="t")
>>> "<table" in page and "0.250" in page and "Capot (all eight tricks) frequency, by trump" in page
True
"""

from __future__ import annotations

import base64
import html
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .report import REPORTS

if TYPE_CHECKING:
    import polars as pl

__all__ = ["TABLE_TITLES", "render_page", "table_title"]

TABLE_TITLES = {
    "bids": "P(make) of each bid",
    "points": "Double-dummy points of the taking side",
    "honours": "Trump honours held by the taking side (points, and P(make 100) in coinche)",
    "patterns": "Taker's hand pattern",
    "lead": "Value of the opening lead",
    "capot": "Capot (all eight tricks) frequency",
    "belote": "Belote (trump K+Q in one hand) frequency",
    "modes": "Classic against coinche on the same deals",
    "calibration": "Where double-dummy reached T, how often single-dummy play did",
    "single_dummy": "Double-dummy and single-dummy points of the same hands",
}
"""Headings of the report's tables, without their grouping (:func:`table_title` adds it)."""

_BY_TRUMP_LENGTH = ("bids", "points", "capot")
"""The tables grouped by trump length when the report has no ``by``."""


def table_title(name: str, by: Sequence[str] | None = None) -> str:
    """The heading of table ``name`` grouped by ``by`` (``None``: the report's own groupings).

    >>> table_title("bids"), table_title("bids", ["pattern"])
    ('P(make) of each bid, by trump length', 'P(make) of each bid, by pattern')
    >>> table_title("belote"), table_title("belote", ["side", "trump_total"])
    ('Belote (trump K+Q in one hand) frequency', 'Belote (trump K+Q in one hand) frequency, by side and trump total')
    """
    title = TABLE_TITLES.get(name, name)
    groups = list(by) if by else ["trump_length"] if name in _BY_TRUMP_LENGTH else []
    if not groups:
        return title
    words = [g.replace("_", " ") for g in groups]
    text = words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"
    return f"{title}, by {text}"

_STYLE = """
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 1100px; color: #222; }
h1 { font-size: 1.6em; } h2 { font-size: 1.2em; margin-top: 2em; border-bottom: 1px solid #ccc; }
table { border-collapse: collapse; font-size: 0.85em; margin: 0.5em 0; }
th, td { border: 1px solid #ddd; padding: 2px 8px; text-align: right; }
th { background: #f2f2f2; } tr:nth-child(even) td { background: #fafafa; }
img { max-width: 100%; border: 1px solid #eee; margin: 0.5em 0; }
p.note { color: #555; font-size: 0.9em; }
"""


def _cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, float):
        return f"{value:.3f}" if abs(value) < 1.5 else f"{value:.1f}"
    return html.escape(str(value))


def _table(frame: pl.DataFrame) -> str:
    head = "".join(f"<th>{html.escape(c)}</th>" for c in frame.columns)
    body = "".join("<tr>" + "".join(f"<td>{_cell(v)}</td>" for v in row) + "</tr>"
                   for row in frame.iter_rows())
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def _order(name: str) -> int:
    """Where table ``name`` comes in the report (unknown names last)."""
    return REPORTS.index(name) if name in REPORTS else len(REPORTS)


def render_page(tables: Mapping[str, pl.DataFrame], charts: Sequence[Path], *, title: str,
                note: str = "", by: Sequence[str] | None = None,
                left_out: Mapping[str, str] | None = None,
                skipped: Mapping[str, str] | None = None) -> str:
    """The page: ``title``, ``note``, the charts, then each table under its heading.

    Headings name the grouping ``by`` (:func:`table_title`); a table of
    ``left_out`` gets its heading and the reason it is not there; the charts
    of ``skipped`` (file name: reason) are listed where the charts go.
    """
    parts = [f"<!DOCTYPE html><html><head><meta charset='utf-8'><title>{html.escape(title)}"
             f"</title><style>{_STYLE}</style></head><body><h1>{html.escape(title)}</h1>"]
    if note:
        parts.append(f"<p class='note'>{html.escape(note)}</p>")
    for name, reason in (skipped or {}).items():
        parts.append(f"<p class='note'>Chart {html.escape(name)} not drawn: "
                     f"{html.escape(reason)}.</p>")
    for chart in charts:
        data = base64.b64encode(Path(chart).read_bytes()).decode("ascii")
        parts.append(f"<img alt='{html.escape(chart.stem)}' src='data:image/png;base64,{data}'>")
    missing = dict(left_out or {})
    for name in sorted([*tables, *missing], key=_order):
        body = (f"<p class='note'>{html.escape(missing[name])}</p>" if name in missing
                else _table(tables[name]))
        parts.append(f"<h2>{html.escape(table_title(name, by))}</h2>{body}")
    parts.append("</body></html>")
    return "\n".join(parts)
