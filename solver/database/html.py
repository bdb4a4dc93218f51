"""One self-contained HTML page of a report: its tables and charts (PNG embedded in base64).

>>> import polars as pl
>>> page = render_page({"capot": pl.DataFrame({"n": [10], "p": [0.25]})}, [], title="t")
>>> "<table" in page and "0.250" in page
True
"""

from __future__ import annotations

import base64
import html
from pathlib import Path
from typing import Any

__all__ = ["TABLE_TITLES", "render_page"]

TABLE_TITLES = {
    "bids": "P(make) of each bid, by trump length",
    "points": "Double-dummy points of the taking side",
    "honours": "Trump honours held by the taking side (points, and P(make 100) in coinche)",
    "patterns": "Taker's hand pattern",
    "lead": "Value of the opening lead",
    "capot": "Capot (all eight tricks) frequency",
    "belote": "Belote (trump K+Q in one hand) frequency",
    "modes": "Classic against coinche on the same deals",
}
"""Headings of the report's tables."""

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


def _table(frame: Any) -> str:
    head = "".join(f"<th>{html.escape(c)}</th>" for c in frame.columns)
    body = "".join("<tr>" + "".join(f"<td>{_cell(v)}</td>" for v in row) + "</tr>"
                   for row in frame.iter_rows())
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def render_page(tables: dict[str, Any], charts: list[Path], *, title: str,
                note: str = "") -> str:
    """The page: ``title``, ``note``, the charts, then each table under its heading."""
    parts = [f"<!DOCTYPE html><html><head><meta charset='utf-8'><title>{html.escape(title)}"
             f"</title><style>{_STYLE}</style></head><body><h1>{html.escape(title)}</h1>"]
    if note:
        parts.append(f"<p class='note'>{html.escape(note)}</p>")
    for chart in charts:
        data = base64.b64encode(Path(chart).read_bytes()).decode("ascii")
        parts.append(f"<img alt='{html.escape(chart.stem)}' src='data:image/png;base64,{data}'>")
    for name, frame in tables.items():
        parts.append(f"<h2>{html.escape(TABLE_TITLES.get(name, name))}</h2>{_table(frame)}")
    parts.append("</body></html>")
    return "\n".join(parts)
