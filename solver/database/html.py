"""One self-contained HTML page of a report: its tables and charts (PNG embedded in base64).

>>> import polars as pl
>>> page = render_page({"capot": pl.DataFrame({"n": [10], "p": [0.25]})}, [], title="t")
>>> "<table" in page and "25.0%" in page and "Capot (all eight tricks) frequency, by trump" in page
True
>>> "name='viewport'" in page and "n: hands" in page
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

__all__ = ["COLUMN_NOTES", "FEW_DEALS", "LONG_TABLE", "TABLE_MEANS", "TABLE_TITLES",
           "columns_note", "render_page", "table_title"]

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

COLUMN_NOTES = {
    "mode": "classic or coinche",
    "trump_length": "trumps in the taking side's longer trump hand",
    "trump_total": "the pair's trumps together",
    "bid": "the bid (take: the classic contract, more points than the defence)",
    "n": "hands (one deal, trump and taking side each)",
    "n_deals": "the deals they come from (the intervals are clustered by deal)",
    "made": "hands where the bid is made double-dummy",
    "p": "that count's share of the n hands",
    "p_low": "its 95% interval (Wilson)",
    "mean": "the mean",
    "low": "its 95% interval (Student's t; none from fewer than 2 deals)",
    "jack": "the side holds the trump jack",
    "nine": "the trump nine",
    "ace": "the trump ace",
    "own_belote": "one player of the side holds trump K and Q",
    "p_100": "P(make 100) in coinche, with its interval",
    "pattern": "the taker's suit lengths, longest first",
    "own_lead": "mean points when the side leads",
    "other_lead": "when the other side leads",
    "capots": "hands where the side takes all eight tricks",
    "deals": "all deals together",
    "pairs": "all pairs together",
    "belotes": "hands whose side holds trump K and Q",
    "classic": "mean points in classic",
    "coinche": "in coinche",
    "differ": "pairs whose values differ",
    "p_differ": "their share, with its interval",
    "T": "a double-dummy score reached",
    "reached": "hands whose single-dummy play reached it too",
    "dd_mean": "mean double-dummy points",
    "sd_mean": "mean single-dummy points",
    "dd": "mean double-dummy points (dd_low..dd_high: its interval, dd_sd: spread)",
    "sd": "mean single-dummy points (sd_low..sd_high, sd_sd likewise)",
    "diff": "their mean difference (diff_low..diff_high)",
}
"""What a column of the report means, said under each table that has it."""

TABLE_MEANS = {
    "points": "mean: the taking side's double-dummy trick points",
    "honours": "mean: the taking side's double-dummy trick points",
    "patterns": "mean: the taking side's double-dummy trick points",
    "lead": "mean: points when leading minus when not",
    "modes": "mean: coinche minus classic",
}
"""What ``mean`` stands for in the tables that have one."""

FEW_DEALS = 30
"""Rows from fewer deals than this are flagged "few deals": their intervals are rough."""

LONG_TABLE = 20
"""Tables of more rows than this are cut into collapsible sections (:func:`_sections`)."""

_STYLE = """
*{box-sizing:border-box}
body{font-family:system-ui,sans-serif;margin:2em auto;max-width:1100px;padding:0 1em;color:#222}
h1{font-size:1.6em}h2{font-size:1.2em;margin-top:2em;border-bottom:1px solid #ccc}
.scroll{overflow-x:auto;max-width:100%;margin:.5em 0}
.scroll.tall{max-height:32em;overflow-y:auto}.tall thead th{position:sticky;top:0}
table{border-collapse:collapse;font-size:.85em}
th,td{border:1px solid #ddd;padding:2px 8px;text-align:right;white-space:nowrap}
th{background:#f2f2f2}tr:nth-child(even) td{background:#fafafa}
tr.few td{color:#777}td.flag{color:#a35a00;font-style:italic;text-align:left}
img{max-width:100%;height:auto;border:1px solid #eee;margin:.5em 0}
p.note,p.cols{color:#555;font-size:.9em}p.cols{margin-top:.2em;max-width:60em}
details{margin:.3em 0}summary{cursor:pointer;font-size:.9em;padding:.15em 0}
@media (max-width:600px){body{margin:1em auto}h1{font-size:1.3em}th,td{padding:2px 5px}}
"""


def _cell(name: str, value: Any) -> str:
    """A table cell's text: proportions as percentages, booleans as words, no null.

    >>> _cell("p", 0.6312), _cell("jack", True), _cell("bid", None), _cell("mean", 173.66)
    ('63.1%', 'yes', 'take', '173.7')
    >>> _cell("low", None), _cell("n", 12), _cell("pattern", "<b>")
    ('-', '12', '&lt;b&gt;')
    """
    if value is None:
        return "take" if name == "bid" else "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        if name == "p" or name.startswith("p_"):
            return f"{100 * value:.1f}%"
        return f"{value:.3f}" if 0 < abs(value) < 1.5 else f"{value:.1f}"
    return html.escape(str(value))


def _keys(frame: pl.DataFrame) -> list[str]:
    """The grouping columns of a report table: those before ``n``."""
    columns = list(frame.columns)
    return columns[:columns.index("n")] if "n" in columns else []


def _rows(frame: pl.DataFrame, flag: bool) -> str:
    """The table rows; with ``flag``, a last cell saying "few deals" where ``n_deals`` is small."""
    names = list(frame.columns)
    out = []
    for row in frame.iter_rows(named=True):
        few = flag and row["n_deals"] is not None and row["n_deals"] < FEW_DEALS
        cells = "".join(f"<td>{_cell(c, row[c])}</td>" for c in names)
        if flag:
            cells += f"<td class='flag'>{'few deals' if few else ''}</td>"
        out.append(f"<tr class='few'>{cells}</tr>" if few else f"<tr>{cells}</tr>")
    return "".join(out)


def _table(frame: pl.DataFrame) -> str:
    """One table in a box that scrolls sideways when it is wider than the page; a table
    longer than :data:`LONG_TABLE` rows (one its keys cannot cut) also scrolls down inside
    its box, under a header that stays in view."""
    flag = "n_deals" in frame.columns
    head = "".join(f"<th>{html.escape(c)}</th>" for c in frame.columns)
    head += "<th>sample</th>" if flag else ""
    box = "scroll tall" if frame.height > LONG_TABLE else "scroll"
    return (f"<div class='{box}'><table><thead><tr>{head}</tr></thead>"
            f"<tbody>{_rows(frame, flag)}</tbody></table></div>")


def _sections(frame: pl.DataFrame, keys: Sequence[str], label: tuple[str, ...] = ()
              ) -> list[tuple[tuple[str, ...], pl.DataFrame]]:
    """A long table cut into sections of at most :data:`LONG_TABLE` rows where its keys allow:
    by its first grouping column, then the next one in the sections still too long (never by
    its last key, which would leave one row a section, nor by a column of more than
    :data:`LONG_TABLE` values). Each section comes with its label, as escaped HTML text.

    >>> import polars as pl
    >>> bids = pl.DataFrame({"mode": ["classic"] * 3 + ["coinche"] * 27,
    ...                      "trump_length": [2, 3, 4] + [2] * 9 + [3] * 9 + [4] * 9,
    ...                      "bid": [None] * 3 + list(range(80, 170, 10)) * 3, "n": [5] * 30})
    >>> [(label, part.height) for label, part in _sections(bids, _keys(bids))]
    [(('mode classic',), 3), (('mode coinche', 'trump length 2'), 9), (('mode coinche', 'trump length 3'), 9), (('mode coinche', 'trump length 4'), 9)]
    >>> boards = pl.DataFrame({"board": [str(b) for b in range(30) for _ in range(2)],
    ...                        "bid": [80, 90] * 30, "n": [8] * 60})
    >>> [(label, part.height) for label, part in _sections(boards, _keys(boards))]
    [((), 60)]
    """
    if (frame.height <= LONG_TABLE or len(keys) < 2
            or frame[keys[0]].n_unique() > LONG_TABLE):  # too many sections: one tall table
        return [(label, frame)]
    out = []
    for (value, *_), part in frame.group_by(keys[0], maintain_order=True):
        name = f"{html.escape(keys[0].replace('_', ' '))} {_cell(keys[0], value)}"
        out += _sections(part, keys[1:], (*label, name))
    return out


def _grouped_table(frame: pl.DataFrame) -> str:
    """A table, cut into collapsible sections (the first open) when it is long."""
    sections = _sections(frame, _keys(frame))
    if len(sections) == 1:
        return _table(frame)
    parts = []
    for i, (label, part) in enumerate(sections):
        rows = f"{part.height:,} row{'s' * (part.height != 1)}"
        n = f", n = {part['n'].sum():,}" if "n" in part.columns else ""
        parts.append(f"<details{' open' if i == 0 else ''}><summary>{', '.join(label)} "
                     f"({rows}{n})</summary>{_table(part)}</details>")
    return "".join(parts)


def columns_note(name: str, frame: pl.DataFrame) -> str:
    """The line under table ``name`` saying what its columns mean.

    >>> import polars as pl
    >>> columns_note("patterns", pl.DataFrame({"pattern": ["4-2-1-1"], "n": [3], "n_deals": [3]}))
    "pattern: the taker's suit lengths, longest first; n: hands (one deal, trump and taking side each); n_deals: the deals they come from (the intervals are clustered by deal); few deals: fewer than 30 deals, a rough interval; mean: the taking side's double-dummy trick points."
    """
    keys = _keys(frame)
    said = [f"{c}: {COLUMN_NOTES[c]}" if c in COLUMN_NOTES else f"{c}: the file's column"
            for c in frame.columns if c in COLUMN_NOTES or c in keys]
    if "n_deals" in frame.columns:
        said.append(f"few deals: fewer than {FEW_DEALS} deals, a rough interval")
    if name in TABLE_MEANS:
        said.append(TABLE_MEANS[name])
    return "; ".join(said) + "." if said else ""


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
    parts = [f"<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'>"
             f"<meta name='viewport' content='width=device-width, initial-scale=1'>"
             f"<title>{html.escape(title)}</title><style>{_STYLE}</style></head><body>"
             f"<h1>{html.escape(title)}</h1>"]
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
        if name in missing:
            body = f"<p class='note'>{html.escape(missing[name])}</p>"
        else:
            note = columns_note(name, tables[name])
            body = _grouped_table(tables[name]) + (
                f"<p class='cols'>{html.escape(note)}</p>" if note else "")
        parts.append(f"<h2>{html.escape(table_title(name, by))}</h2>{body}")
    parts.append("</body></html>")
    return "\n".join(parts)
