"""The session page of a review (``belote review --html``): one HTML file, nothing to fetch.

:func:`session_page` renders a :class:`~belote.analysis.review.SessionReview`
(its ``to_dict``): the totals by seat, side, phase and contract level, a bar
chart of the points lost by phase (inline SVG), the deals (each linked to its
board on the replay page written beside it, :func:`~belote.analysis.replay.replay_page`),
the costliest decisions and every decision with its verdict (a card links to its
position on the replay page), and the quizzes with their answers hidden until asked (``<details>``).
Served by ``belote serve`` (``board``: the analysis board's address), the boards and cards
link to the analysis board instead. Every text from the records is escaped.

>>> page = session_page({"seats": ["S"], "seed": 0, "deals": [], "totals": {
...     "margin": 10.0, "deals": 0, "skipped": 0, "by_seat": {}, "by_side": {},
...     "by_phase": {}, "by_level": {}, "score": {"NS": 0, "EW": 0, "deals": 0}},
...     "costliest": []}, title="<x>", replay="r.html")
>>> "<title>Review: &lt;x&gt;</title>" in page, "<x>" in page
(True, False)
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

__all__ = ["session_page"]

VERDICTS = ("error", "unlucky", "lucky", "fine")


def _e(value: Any) -> str:
    """``value`` as escaped text (``-`` for ``None``)."""
    return "-" if value is None else html.escape(str(value), quote=True)


def _interval(e: dict[str, Any] | None) -> str:
    if e is None:
        return "-"
    return f"{e['value']:.1f} [{e['low']:.1f}, {e['high']:.1f}]"


def _totals(totals: dict[str, Any]) -> str:
    """The totals tables, one per grouping."""
    out = []
    for title, key in (("Seat", "by_seat"), ("Side", "by_side"), ("Phase", "by_phase"),
                       ("Contract level", "by_level")):
        rows = "".join(
            f"<tr><th>{_e(name)}</th><td>{row['decisions']}</td>"
            + "".join(f"<td>{row[v]}</td>" for v in VERDICTS[:3])
            + f"<td>{row['dd_score_cost']:.0f}</td><td>{row['sd_score_cost']:.1f}</td>"
            f"<td>{_interval(row['sd_score_cost_per_deal'])}</td></tr>"
            for name, row in totals[key].items())
        out.append(f"<div class=scroll><table><thead><tr><th>{title}</th><th>decisions</th>"
                   "<th>error</th><th>unlucky</th><th>lucky</th><th>DD lost</th>"
                   "<th>SD lost</th><th>SD a deal [95%]</th></tr></thead><tbody>"
                   f"{rows}</tbody></table></div>")
    return "".join(out)


def _chart(by_phase: dict[str, Any]) -> str:
    """Horizontal bars of the points lost by phase, double and single dummy (inline SVG)."""
    rows = list(by_phase.items())
    top = max([1.0] + [max(r["dd_score_cost"], r["sd_score_cost"]) for _, r in rows])
    bar, gap, label = 14, 12, 110
    height = len(rows) * (2 * bar + gap) + 24
    parts = []
    for i, (name, row) in enumerate(rows):
        y = i * (2 * bar + gap)
        parts.append(f'<text x="0" y="{y + bar + 4}" class="lab">{_e(name)}</text>')
        for j, (key, cls) in enumerate((("dd_score_cost", "dd"), ("sd_score_cost", "sd"))):
            width = 300 * row[key] / top
            parts.append(f'<rect x="{label}" y="{y + j * bar}" width="{width:.1f}" '
                         f'height="{bar - 2}" class="{cls}"/>'
                         f'<text x="{label + width + 4:.1f}" y="{y + j * bar + bar - 4}" '
                         f'class="num">{row[key]:.0f}</text>')
    legend_y = height - 8
    parts.append(f'<rect x="{label}" y="{legend_y - 9}" width="10" height="10" class="dd"/>'
                 f'<text x="{label + 14}" y="{legend_y}" class="num">double dummy</text>'
                 f'<rect x="{label + 110}" y="{legend_y - 9}" width="10" height="10" '
                 f'class="sd"/><text x="{label + 124}" y="{legend_y}" class="num">single '
                 'dummy</text>')
    return (f'<svg viewBox="0 0 {label + 360} {height}" role="img" '
            f'aria-label="Deal-score points lost by phase">{"".join(parts)}</svg>')


def _place(where: str, board: int, cards: int) -> str:
    """The escaped address of ``board`` (from 1) after ``cards`` cards: on the replay page
    ``where`` (``#b=..&s=..`` added), or on the analysis board when ``where`` ends with ``#``
    or ``&`` (``b=..&s=..`` added)."""
    joint = "" if where.endswith(("#", "&")) else "#"
    return _e(f"{where}{joint}b={board}&s={cards}")


def _deals(deals: Sequence[dict[str, Any]], replay: str) -> str:
    rows = []
    for i, deal in enumerate(deals):
        decisions = deal["decisions"]
        score = deal["score"]
        shown = "-" if score is None else f"{score['NS']} / {score['EW']}"
        engine = deal.get("engine")
        replayed = "-" if engine is None else f"{engine['NS']} / {engine['EW']}"
        contract = ("passed out" if deal["passed_out"]
                    else f"{deal['contract'] or '-'} {deal['declarer'] or ''}")
        lost = (f"{sum(d['dd_score_cost'] for d in decisions):.0f}",
                f"{sum(d['sd_score_cost'] for d in decisions):.1f}")
        errors = sum(d["verdict"] == "error" for d in decisions)
        rows.append(f'<tr><th><a href="{_place(replay, i + 1, 0)}">{_e(deal["board"])}</a>'
                    f"</th><td>{_e(contract)}</td><td>{shown}</td>"
                    f"<td>{replayed}</td>"
                    f"<td>{len(decisions)}</td><td>{errors}</td><td>{lost[0]}</td>"
                    f"<td>{lost[1]}</td></tr>")
    return ("<div class=scroll><table><thead><tr><th>Board</th><th>Contract</th>"
            "<th>Score NS / EW</th><th>Engine NS / EW</th><th>Decisions</th><th>Errors</th>"
            "<th>DD lost</th><th>SD lost</th></tr></thead><tbody>"
            + "".join(rows) + "</tbody></table></div>")


def _decisions(deals: Sequence[dict[str, Any]], replay: str) -> str:
    rows = []
    for i, deal in enumerate(deals):
        for d in deal["decisions"]:
            where = (f'<a href="{_place(replay, i + 1, d["index"])}">card {d["index"]}</a>'
                     if d["kind"] == "card" else f"call {d['index']}")
            low, high = d["sd_interval"]
            rows.append(
                f'<tr class="{_e(d["verdict"])}"><td>{_e(deal["board"])}</td>'
                f"<td>{_e(d['seat'])}</td><td>{where}</td><td>{_e(d['played'])}</td>"
                f"<td>{_e(d['best'])}</td><td>{d['dd_score_cost']:.0f}</td>"
                f"<td>{d['sd_score_cost']:.1f} <small>[{low:.1f}, {high:.1f}]</small></td>"
                f"<td>{_e(d['verdict'])}{' (forced)' if d['forced'] else ''}</td></tr>")
    return ("<div class=scroll><table class=decisions><thead><tr><th>Board</th><th>Seat</th>"
            "<th>Decision</th><th>Played</th><th>Best (SD)</th><th>DD cost</th>"
            "<th>SD cost [95%]</th><th>Verdict</th></tr></thead><tbody>"
            + "".join(rows) + "</tbody></table></div>")


def _costliest(review: dict[str, Any], replay: str) -> str:
    """The costliest decisions (single dummy), each linked to its deal or position."""
    order = {deal["place"]: i for i, deal in enumerate(review["deals"])}
    items = []
    for d in review["costliest"]:
        if d["sd_score_cost"] <= 0:
            continue
        b = order[d["place"]] + 1
        step = d["index"] if d["kind"] == "card" else 0
        low, high = d["sd_interval"]
        items.append(f'<li><a href="{_place(replay, b, step)}">board {_e(d["board"])}, '
                     f"{_e(d['seat'])}, {d['kind']} {d['index']}</a>: {_e(d['played'])} "
                     f"(best {_e(d['best'])}), single dummy {d['sd_score_cost']:.1f} "
                     f"[{low:.1f}, {high:.1f}], double dummy {d['dd_score_cost']:.0f}: "
                     f"<b>{_e(d['verdict'])}</b></li>")
    return "<ol>" + "".join(items) + "</ol>" if items else "<p>None.</p>"


def _quizzes(quizzes: Sequence[dict[str, Any]]) -> str:
    if not quizzes:
        return "<p>No quiz: no reviewed card had one clear answer.</p>"
    items = []
    for n, q in enumerate(quizzes, 1):
        sees = q["sees"]
        before = sees["played"][:len(sees["played"]) - len(sees["trick"])]
        costs = ", ".join(f"{_e(card)} {cost:.1f}" for card, cost in
                          sorted(q["costs"].items(), key=lambda kv: kv[1]))
        items.append(
            f"<li><p><b>Quiz {n}</b>: board {_e(q['board'])}, you are {_e(q['seat'])}. "
            f"Contract {_e(sees['contract'])} by {_e(sees['declarer'])}; auction "
            f"{_e(sees['auction'])}.</p><p>Your hand: <b>{_e(sees['hand'])}</b>. Earlier "
            f"tricks: {_e(' '.join(before) or 'none')}; on the table: "
            f"{_e(' '.join(sees['trick']) or 'nothing (you lead)')}.</p>"
            f"<details><summary>Show the answer</summary><p>Play <b>{_e(q['answer'])}</b> "
            f"(ahead by {q['margin']:.1f} deal-score points single dummy; played at the "
            f"table: {_e(q['played'])}). Every card's single-dummy cost: {costs}.</p>"
            "</details></li>")
    return "<ol class=quiz>" + "".join(items) + "</ol>"


_STYLE = """
body{font:15px/1.4 system-ui,sans-serif;margin:0 auto;max-width:1100px;padding:12px;
color:#222}
h1{font-size:1.4em}h2{font-size:1.15em;margin-top:1.6em}
.scroll{overflow-x:auto;margin:.5em 0}
table{border-collapse:collapse;font-size:.92em}
th,td{padding:3px 8px;border-bottom:1px solid #ddd;text-align:right;white-space:nowrap}
thead th{background:#eef3f3}
tbody th,thead th:first-child{text-align:left}
tr.error td{background:#fde2e1}tr.unlucky td{background:#fff6d6}
tr.lucky td{background:#e3f0ff}
svg{max-width:520px;width:100%;height:auto}
svg .dd{fill:#607d8b}svg .sd{fill:#e08a00}svg text{font-size:11px;fill:#222}
.quiz li{margin-bottom:1em}details summary{cursor:pointer;color:#00695c}
small{color:#666}
"""


def session_page(review: dict[str, Any], *, title: str, replay: str,
                 quizzes: Sequence[dict[str, Any]] = (), board: str | None = None) -> str:
    """The page of ``review`` (a ``SessionReview.to_dict()``), linking to the replay page
    ``replay`` (a relative address) and showing ``quizzes`` (``Quiz.to_dict()``s).

    ``board``: the address of ``belote serve``'s analysis board for these boards, ending
    where ``&b=BOARD&s=CARDS`` may follow; the boards and cards then link there (the
    position before the card), and one line links the replay page.
    """
    target = replay if board is None else board + "&"
    where = (f'<p>Each board and card opens in the analysis board (a card: the position '
             f'before it); the <a href="{_e(replay)}">replay page</a> shows the same boards.'
             '</p>' if board is not None else
             "<p>To try other cards from any position, run <code>belote serve FILE</code> on "
             "the record: it serves this page with each board and card linked to its "
             "analysis board.</p>")
    totals = review["totals"]
    score = totals["score"]
    engine = totals.get("engine")
    engine_text = "" if engine is None else (
        f"<p>The engine at all four seats (the other three seats change too) scored NS "
        f"{engine['engine']['NS']}, EW {engine['engine']['EW']} on the {engine['deals']} "
        f"deals it replayed, against NS {engine['recorded']['NS']}, EW "
        f"{engine['recorded']['EW']} at the table; NS's net gain a deal "
        f"{_interval(engine['NS_gain_per_deal'])}.</p>")
    body = (
        f"<h1>Review of {_e(title)}</h1>"
        f"<p>Seats {_e(' '.join(review['seats']))}, {totals['deals']} deals, seed "
        f"{review['seed']}. Costs are deal-score points lost (the net score of the seat's "
        f"side); verdicts compare them with a margin of {totals['margin']:g}: "
        "<b>error</b> (double and single dummy), <b>unlucky</b> (double dummy only), "
        "<b>lucky</b> (single dummy only), fine.</p>"
        f"<p>Score sheet: NS {score['NS']}, EW {score['EW']} over {score['deals']} scored "
        f"deals.</p>{engine_text}"
        "<h2>Points lost by phase</h2>" + _chart(totals["by_phase"])
        + "<h2>Totals</h2>" + _totals(totals)
        + where
        + "<h2>Costliest decisions</h2>" + _costliest(review, target)
        + "<h2>Deals</h2><p>Each board links to its "
        + ("replay.</p>" if board is None else "place in the analysis board.</p>")
        + _deals(review["deals"], target)
        + "<h2>Quizzes</h2>" + _quizzes(quizzes)
        + "<h2>Every decision</h2>" + _decisions(review["deals"], target))
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            f"<title>Review: {_e(title)}</title><style>{_STYLE}</style></head>"
            f"<body>{body}</body></html>\n")
