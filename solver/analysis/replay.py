"""The replay page: one self-contained HTML file of a file's boards and their play analysis.

:func:`replay_page` turns boards and their :class:`~belote.analysis.play_record.PlayAnalysis`
into one HTML page that needs nothing else (no network: the styles, the
script and the cards, drawn in CSS, are inside it). For each board: the four
hands drawn as cards, the auction, a trick-by-trick replay (buttons, the
left and right arrow keys, or the address ``#b=2&s=12``: board 2 after 12
cards), each card's double-dummy cost with the best cards of the player to
move highlighted in their hand, the value of the deal after each card as a
small line chart (NS and EW, the cursor at the current card), each trick's
leader, winner and points with the running trick points (:func:`play_facts`),
the result and score of a finished deal or the double-dummy end of an
unfinished one, the double-dummy table per trump (:func:`trump_table`), and the
per-seat summary of points given away; with single-dummy grades
(:mod:`~belote.analysis.sd_grades`), each card's grade too. Cards are
written one way (``10♥``). A passed-out deal shows its hands, auction and
table. The data sits in a JSON block that no board name can close
(:func:`script_json`).

>>> from belote import cfn
>>> board = cfn.parse_game("S:.QJ9.AK9.98/AJ..QJ.KQJ7/TK9.8.T7.AT/Q87.ATK7.8. p-p-p-p - 0")
>>> page = replay_page([board], [None], title="night.cfn")
>>> page.startswith("<!DOCTYPE html>") and "passed out" in page and "http" not in page
True
"""

from __future__ import annotations

import html
import re
import json
from collections.abc import Sequence
from typing import Any

from ..board import Board
from ..dd import SearchContext
from ..dd.solve import dd_table
from ..errors import BeloteError
from ..rules.scoring import score_deal
from ..types.cards import SUIT_NAMES, SUITS, card_name
from ..types.deal import EW, NS, SEAT_NAMES, seat_name, side_name
from .play_record import PlayAnalysis, recorded_cards

__all__ = ["board_data", "play_facts", "replay_page", "script_json", "trump_table",
           "value_chart"]

CHART_WIDTH, CHART_HEIGHT, CHART_PAD = 320, 120, 18
"""The value chart's drawing box (SVG units) and its margin for the axis labels."""


def value_chart(values: Sequence[tuple[int, int]]) -> str:
    """An inline SVG line chart of both sides' values after each card (NS blue, EW orange).

    ``values`` holds (NS, EW) before the first card, then after each card.
    The chart has a cursor line (``id="cursor"``) the page moves.

    >>> svg = value_chart([(100, 62), (100, 62), (90, 72)])
    >>> svg.count("<polyline"), 'id="cursor"' in svg
    (2, True)
    """
    top = max([162] + [max(v) for v in values])
    steps = max(len(values) - 1, 1)
    inner_w, inner_h = CHART_WIDTH - 2 * CHART_PAD, CHART_HEIGHT - 2 * CHART_PAD

    def point(i: int, v: int) -> str:
        x = CHART_PAD + inner_w * i / steps
        y = CHART_PAD + inner_h * (1 - v / top)
        return f"{x:.1f},{y:.1f}"

    lines = []
    for side, colour in ((0, "#1f5fbf"), (1, "#d9731a")):
        pts = " ".join(point(i, v[side]) for i, v in enumerate(values))
        lines.append(f'<polyline fill="none" stroke="{colour}" stroke-width="2" '
                     f'points="{pts}"/>')
    axis_y = CHART_PAD + inner_h
    labels = (f'<text x="2" y="{CHART_PAD + 4}" class="ax">{top}</text>'
              f'<text x="2" y="{axis_y}" class="ax">0</text>'
              f'<text x="{CHART_WIDTH - CHART_PAD}" y="{CHART_HEIGHT - 3}" class="ax" '
              f'text-anchor="end">card {steps}</text>'
              f'<text x="{CHART_PAD + 4}" y="12" class="ax ns">NS</text>'
              f'<text x="{CHART_PAD + 30}" y="12" class="ax ew">EW</text>')
    return (f'<svg viewBox="0 0 {CHART_WIDTH} {CHART_HEIGHT}" class="chart" role="img" '
            f'aria-label="double-dummy value of the deal after each card">'
            f'<line x1="{CHART_PAD}" y1="{axis_y}" x2="{CHART_WIDTH - CHART_PAD}" '
            f'y2="{axis_y}" stroke="#999"/>{"".join(lines)}{labels}'
            f'<line id="cursor" x1="{CHART_PAD}" x2="{CHART_PAD}" y1="{CHART_PAD}" '
            f'y2="{axis_y}" stroke="#333" stroke-dasharray="3 2" data-pad="{CHART_PAD}" '
            f'data-width="{inner_w}" data-steps="{steps}"/></svg>')


def script_json(data: Any) -> str:
    r"""``data`` as JSON safe inside an HTML ``<script type="application/json">`` block.

    Every ``<``, ``>`` and ``&`` is written ``\u003c``, ``\u003e``, ``\u0026``
    (they can only occur inside JSON strings, where the escape reads back
    the same): no ``</script``, no ``<!--`` and no ``<script`` in the data
    can end the block early or swallow the page's own script, whatever a
    board name holds. Non-ASCII text is escaped too (U+2028 included).

    >>> script_json({"board": "<!--<script>&"})
    '{"board": "\\u003c!--\\u003cscript\\u003e\\u0026"}'
    >>> json.loads(script_json(["</script>"])) == ["</script>"]
    True
    """
    return (json.dumps(data, ensure_ascii=True).replace("<", "\\u003c")
            .replace(">", "\\u003e").replace("&", "\\u0026"))


def _suit_then_high(card: int) -> tuple[int, int]:
    """Sort key of a hand as drawn: suits S H D C, high cards first."""
    return card >> 3, -(card & 7)


def play_facts(board: Board) -> dict[str, Any]:
    """The recorded play's tricks and result (under the board's rules), as the page shows them.

    ``tricks``: for each completed trick its ``leader``, ``winner``, the
    trick's card ``points`` and both sides' trick points after it
    (``taken``: the last trick's ten and a capot included). ``result``:
    the trick points taken (``points``), whether the play is ``finished``
    and, for a finished deal with a taker, its ``outcome`` (made, failed,
    litige) and ``score`` (this deal alone, as :func:`~belote.rules.scoring.score_deal`
    scores it; points held from an earlier litige are not known here).

    >>> from belote import cfn
    >>> board = cfn.parse_game("N:-/-/-/- 110d-x-p-p-p AcKcQc7c/JsQsTsKs/8hQhJhAh/8s9sQdKd/"
    ...                        "7d9d7sTc/9h8c7h8d/TdJdJcKh/ThAs9cAd 110dEWx")
    >>> facts = play_facts(board)
    >>> facts["tricks"][0]
    {'trick': 1, 'leader': 'E', 'winner': 'E', 'points': 18, 'taken': {'NS': 0, 'EW': 18}}
    >>> facts["result"]["finished"], facts["result"]["outcome"], facts["result"]["score"]
    (True, 'failed', {'NS': 540, 'EW': 0})
    """
    start, cards = recorded_cards(board)
    position = start.copy()
    tricks = []
    for card in cards:
        trick = position.play(card)
        if trick is not None:
            tricks.append({"trick": len(position.tricks), "leader": seat_name(trick.leader),
                           "winner": seat_name(trick.winner), "points": trick.points,
                           "taken": position.points.to_dict()})
    result: dict[str, Any] = {"finished": position.is_over, "points": position.points.to_dict(),
                              "tricks": len(position.tricks)}
    contract = board.contract
    if position.is_over and contract is not None and contract.side is not None:
        try:
            scored = score_deal(board.profile, contract, position.points, position.belote_side())
        except BeloteError:  # a contract these rules cannot score: the points alone
            return {"tricks": tricks, "result": result}
        result.update(side=side_name(contract.side), score=scored.scores.to_dict(),
                      outcome="litige" if scored.litige else "made" if scored.made else "failed")
    return {"tricks": tricks, "result": result}


def trump_table(board: Board, *, context: SearchContext | None = None) -> dict[str, Any] | None:
    """The deal's double-dummy table: both sides' points for each trump, from the first lead.

    ``None`` when the deal is not whole (hands hidden in the record) or the
    first leader is unknown.
    """
    try:
        leader = board.first_leader()
        table = dd_table(board.deal, leader, board.profile, context=context)
    except BeloteError:
        return None
    rows = []
    for trump in SUITS:
        belote = table.belote[trump]
        rows.append({"trump": SUIT_NAMES[trump], "NS": table[trump, NS], "EW": table[trump, EW],
                     "belote": None if belote is None else side_name(belote)})
    return {"leader": seat_name(leader), "rows": rows}


def board_data(board: Board, analysis: PlayAnalysis | None,
               cards: Sequence[dict[str, Any]] | None = None, *,
               context: SearchContext | None = None) -> dict[str, Any]:
    """What the page shows of one board, as JSON-ready data.

    ``cards``, when given, are the analysis's card dicts with their
    single-dummy grades (key ``sd``, :mod:`~belote.analysis.sd_grades`).
    Besides the hands, auction and cards: the ``trump`` (a suit letter),
    the tricks and result (:func:`play_facts`) and the double-dummy table
    per trump (``dd_table``, :func:`trump_table`), whose searches share
    ``context``. ``analysis`` is of ``board`` under its rules (put the board
    :meth:`~belote.board.Board.under` other rules before analysing it).
    """
    profile = board.profile
    contract = board.contract
    out: dict[str, Any] = {
        "name": "Record" if board.board is None else f"Board {board.board}",
        "mode": profile.name,
        "dealer": None if board.dealer is None else seat_name(board.dealer),
        "contract": None if contract is None else contract.to_pbn(),
        "trump": None if contract is None else SUIT_NAMES[contract.trump],
        "declarer": None if board.declarer is None else seat_name(board.declarer),
        "passed_out": board.passed_out,
        "hands": {SEAT_NAMES[s]: [card_name(c) for c in sorted(h or (), key=_suit_then_high)]
                  for s, h in enumerate(board.deal.hands)},
        "auction": None if board.auction is None else [
            {"seat": seat_name(board.auction.seat_of(i)), "call": c.text}
            for i, c in enumerate(board.auction.calls)],
        "dd_table": trump_table(board, context=context),
    }
    if analysis is not None and analysis.cards:
        result = analysis.to_dict()
        out.update(cards=list(cards) if cards is not None else result["cards"],
                   summary=result["summary"],
                   outcome=result["outcome"], belote=result["belote"],
                   **play_facts(board))
        out["result"]["value"] = result["cards"][-1]["after"]
        values = [(analysis.cards[0].before.ns, analysis.cards[0].before.ew)] + [
            (c.after.ns, c.after.ew) for c in analysis.cards]
        out["chart"] = value_chart(values)
    return out


def replay_page(boards: Sequence[Board], analyses: Sequence[PlayAnalysis | None], *,
                title: str, grades: Sequence[Sequence[dict[str, Any]] | None] | None = None,
                context: SearchContext | None = None, board_link: str | None = None) -> str:
    """The whole page: ``boards`` with their analyses (``None`` for a board without play).

    ``title`` names the page (its ``<title>`` and heading); ``grades``: per
    board, the card dicts with single-dummy grades to show. The double-dummy
    tables share the search ``context``.

    ``board_link``: the address of the analysis board of ``belote serve`` for
    these boards, ending where ``&b=BOARD&s=CARDS`` may follow (the server's
    served replay pages, ``docs/serve.md``): the page then links the current
    place and, in the play's table, the position before each card to it.
    Without it (a page written to disk) the footer says how to open the
    same place there, with no address.
    """
    grades = grades or [None] * len(boards)
    data = [board_data(b, a, g, context=context) for b, a, g in zip(boards, analyses, grades)]
    payload = script_json(data)
    parts = {"TITLE": html.escape(title), "DATA": payload, "LINK": script_json(board_link),
             "SERVE": _STATIC_SERVE if board_link is None else _SERVED, "STYLE": _STYLE,
             "SCRIPT": _SCRIPT}
    # one pass: a board or file named "__SCRIPT__" is data, never a place to fill
    return re.sub(r"__(TITLE|DATA|LINK|SERVE|STYLE|SCRIPT)__", lambda m: parts[m[1]], _PAGE)


_STATIC_SERVE = """ To try other cards from any point, open the record in the analysis board:
<code>belote serve FILE</code> serves this page with each card linked to its position there."""

_SERVED = """ The arrow after each card of the play opens the position before it in the
analysis board, where any card can be tried."""


_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Replay: __TITLE__</title><style>__STYLE__</style></head>
<body><header><h1>Replay of __TITLE__</h1>
<label>Board <select id="pick"></select></label>
<nav><button id="first" title="first card (Home)">&#x25C0;&#x25C0;</button>
<button id="prev" title="previous card (left arrow)">&#x25C0;</button>
<span id="where"></span>
<button id="next" title="next card (right arrow)">&#x25B6;</button>
<button id="last" title="last card (End)">&#x25B6;&#x25B6;</button></nav>
<a id="to-board" hidden>open in the analysis board</a></header>
<main><section id="title"></section>
<div class="grid"><div id="table"></div>
<div class="side"><div id="note"></div><div id="chart"></div><div id="auction"></div>
<div id="result"></div><div id="ddtable"></div></div></div>
<div id="plays"></div><div id="summary"></div></main>
<footer>Double-dummy values: both sides' whole-deal trick points with best play by all four
hands. A card's cost is what it gave away for its side; the highlighted cards of the player to
move are the best ones. Trick points count the last trick's ten (a capot: 252). Left and right
arrows step through the play; the address (#b=BOARD&amp;s=CARDS) keeps the place.__SERVE__</footer>
<script type="application/json" id="data">__DATA__</script>
<script type="application/json" id="board-link">__LINK__</script>
<script>__SCRIPT__</script></body></html>
"""

_STYLE = """
body{font-family:system-ui,sans-serif;margin:0;background:#f4f6f3;color:#222}
header{background:#23452f;color:#fff;padding:.5em 1em;display:flex;flex-wrap:wrap;gap:.6em 1.5em;
align-items:center}
header h1{font-size:1.1em;margin:0;flex:1 1 100%;overflow-wrap:anywhere}
header select,header button{font-size:1em}
header select{max-width:14em}
nav{display:flex;gap:.3em;align-items:center}
#to-board{color:#fff}a.to-board{display:block;font-size:.8em;text-decoration:none}
#where{min-width:9em;text-align:center}
main{padding:.6em 1em;max-width:70em}
#title h2{overflow-wrap:anywhere}
.trump{display:inline-block;background:#fff;color:#111;border-radius:.3em;padding:0 .35em;
border:1px solid #777;font-size:.9em;vertical-align:middle}
.trump.red,.sym.red{color:#c0121c}
.grid{display:flex;flex-wrap:wrap;gap:1em}
#table{display:grid;grid-template-columns:auto auto auto;grid-template-areas:
". n ." "w c e" ". s .";gap:.4em;align-items:center;justify-items:center;background:#2f6b43;
padding:.6em;border-radius:.6em;color:#fff;width:34em;max-width:100%;box-sizing:border-box;
min-height:21em}
.seat{display:flex;flex-direction:column;align-items:center;gap:.2em}
.seat .who{font-size:.85em}.seat.N{grid-area:n}.seat.S{grid-area:s}.seat.W{grid-area:w}
.seat.E{grid-area:e}.trick{grid-area:c;display:grid;grid-template-areas:". n ." "w . e" ". s .";
min-width:7.5em;min-height:7em;gap:.1em;align-items:center;justify-items:center}
.trick .tag{font-size:.7em;line-height:1}
.hand{display:flex;flex-wrap:wrap;justify-content:center;max-width:11.5em;gap:2px}
.card{display:inline-flex;flex-direction:column;align-items:center;justify-content:center;
width:1.9em;height:2.6em;background:#fff;color:#111;border-radius:.25em;border:1px solid #777;
font-weight:600;font-size:.95em;line-height:1.05;box-sizing:border-box}
.card.red{color:#c0121c}.card.best{outline:3px solid #3ad16a;outline-offset:-1px}
.card.next{box-shadow:0 0 0 3px #ffd400}.card.bad{box-shadow:0 0 0 3px #ff5a4f}
.card.last{outline:2px solid #ffd400}.card.win{box-shadow:0 0 0 3px #7fe0ff}
.side{flex:1 1 18em;min-width:16em;max-width:100%}
.chart{width:100%;max-width:26em;background:#fff;border:1px solid #ccc;border-radius:.4em}
.ax{font-size:9px;fill:#555}.ns{fill:#1f5fbf}.ew{fill:#d9731a}
#note,#result{background:#fff;border:1px solid #ccc;border-radius:.4em;padding:.4em .6em;
margin-bottom:.5em}
#note{min-height:3em}#result:empty{display:none}#plays{margin-top:.8em}
.box{overflow-x:auto;max-width:100%}
table{border-collapse:collapse;margin:.5em 0;background:#fff}
caption{text-align:left;font-size:.9em;padding:.2em 0;caption-side:top}
td,th{border:1px solid #ccc;padding:.15em .45em;text-align:center;font-size:.9em}
#ddtable tr.played td,#ddtable tr.played th{background:#e4f3e8;font-weight:600}
#plays td{cursor:pointer}#plays td.cur{background:#ffe98a}#plays td.loss{color:#c0121c}
#plays td.won{background:#dff3fb}#plays td.won.cur{background:#ffe98a}
#plays td.lead .card{border-width:2px;border-color:#111}
#plays td.info{cursor:default;font-size:.85em}
.lossv{font-size:.8em}.sdv{font-size:.75em;color:#6b3fa0}.legend{font-size:.85em;color:#444}
footer{font-size:.8em;color:#555;padding:.5em 1em 2em;max-width:60em}
@media (max-width:600px){main{padding:.4em}.card{width:1.55em;height:2.2em;font-size:.8em}
.hand{max-width:7.2em}#table{padding:.3em;min-height:15em}.trick{min-width:5em;min-height:5.5em}
header h1{font-size:1em}.side{min-width:0}td,th{padding:.1em .25em}}
"""

_SCRIPT = r"""
"use strict";
const DATA = JSON.parse(document.getElementById("data").textContent);
// The analysis board's address on a page served by `belote serve` (null on a page on disk).
const BOARD_LINK = JSON.parse(document.getElementById("board-link").textContent);
function boardHref(b, s) { return BOARD_LINK + "&b=" + (b + 1) + "&s=" + s; }
const SEATS = "NESW", SYM = {S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663"};
const SUIT_WORD = {S: "spades", H: "hearts", D: "diamonds", C: "clubs"};
let board = 0, step = 0;
const $ = (id) => document.getElementById(id);
function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}
// One card notation on the whole page: the rank (10 for T) and the suit symbol.
function cardText(name) { return (name[0] === "T" ? "10" : name[0]) + SYM[name[1]]; }
function cardsText(names) { return names.map(cardText).join(" "); }
// A bid, a contract or a call with its suit as a symbol: 110D -> 110♦, CapotHX -> Capot♥X.
function callText(call) {
  if (call === "P") return "pass";
  const m = /^(Capot|\d*)([SHDC])(.*)$/.exec(call);
  return m ? m[1] + SYM[m[2]] + m[3] : call;
}
function cardEl(name, extra) {
  const suit = name[1];
  const c = el("span", "card" + ("HD".includes(suit) ? " red" : "") + (extra ? " " + extra : ""));
  c.append(el("span", "", name[0] === "T" ? "10" : name[0]), el("span", "", SYM[suit]));
  c.title = cardText(name);
  return c;
}
function bestText(best) { return best.map(cardsText).join(", "); }
function sides(p) { return "NS " + p.NS + ", EW " + p.EW; }
function total() { const b = DATA[board]; return b.cards ? b.cards.length : 0; }
function readHash() {
  const m = /b=(\d+)/.exec(location.hash), s = /s=(\d+)/.exec(location.hash);
  if (m) board = Math.min(Math.max(parseInt(m[1], 10) - 1, 0), DATA.length - 1);
  step = s ? Math.min(Math.max(parseInt(s[1], 10), 0), total()) : 0;
}
function go(b, s) {
  board = b; step = Math.min(Math.max(s, 0), total());
  history.replaceState(null, "", "#b=" + (board + 1) + "&s=" + step);
  render();
}
function held(b) {
  const hands = {};
  for (const seat of SEATS) hands[seat] = b.hands[seat].slice();
  for (let i = 0; i < step; i++) {
    const c = b.cards[i], h = hands[c.seat];
    h.splice(h.indexOf(c.card), 1);
  }
  return hands;
}
// The tricks completed after the first `n` cards (their facts), and the trick in progress.
function doneTricks(b, n) {
  return b.tricks ? b.tricks.filter((t) => 4 * t.trick <= n) : [];
}
function trumpBadge(b) {
  if (!b.trump) return null;
  const t = el("span", "trump" + ("HD".includes(b.trump) ? " red" : ""),
               "trump " + SYM[b.trump]);
  t.title = "trump: " + SUIT_WORD[b.trump];
  return t;
}
function render() {
  const b = DATA[board];
  $("pick").value = String(board);
  const head = b.name + " (" + b.mode + ")" + (b.dealer ? ", dealer " + b.dealer : "") +
    (b.passed_out ? ", passed out" : b.contract ? ", contract " + callText(b.contract) +
     (b.declarer ? " by " + b.declarer : "") : "") + (b.belote ? ", belote " + b.belote : "");
  const h2 = el("h2", "", head + " ");
  const badge = trumpBadge(b);
  if (badge && !b.passed_out) h2.append(badge);
  $("title").replaceChildren(h2);
  $("where").textContent = b.cards ? "card " + step + " of " + total() +
    (step ? ", trick " + b.cards[step - 1].trick : "") : "no play";
  const hands = b.cards ? held(b) : b.hands, next = b.cards && step < total() ? b.cards[step] : null;
  const best = new Set(next ? next.best.flat() : []);
  const table = el("div", "");
  table.id = "table";
  for (const seat of SEATS) {
    const box = el("div", "seat " + seat), hand = el("div", "hand");
    box.append(el("span", "who", seat + (seat === b.dealer ? " (dealer)" : "") +
                  (next && next.seat === seat ? " \u2190 to play" : "")));
    for (const name of hands[seat]) {
      let cls = "";
      if (next && next.seat === seat) {
        if (best.has(name)) cls += " best";
        if (name === next.card) cls += next.loss ? " bad" : " next";
      }
      hand.append(cardEl(name, cls.trim()));
    }
    box.append(hand);
    table.append(box);
  }
  const trick = el("div", "trick");
  const done = doneTricks(b, step), closed = done.length && 4 * done[done.length - 1].trick === step
    ? done[done.length - 1] : null;
  if (b.cards && step > 0) {
    const t = b.cards[step - 1].trick;
    b.cards.forEach((c, i) => {
      if (c.trick === t && i < step) {
        const slot = el("div", "");
        slot.style.gridArea = c.seat.toLowerCase();
        const cls = (i === step - 1 ? "last" : "") + (closed && closed.winner === c.seat ? " win" : "");
        slot.append(cardEl(c.card, cls.trim()));
        trick.append(slot);
      }
    });
  }
  table.append(trick);
  $("table").replaceWith(table);
  renderNote(b, next, done, closed);
  const chart = $("chart");
  if (chart.dataset.board !== String(board)) {
    chart.innerHTML = b.chart || "";
    chart.dataset.board = String(board);
  }
  const cursor = chart.querySelector("#cursor");
  if (cursor) {
    const x = +cursor.dataset.pad + (+cursor.dataset.width) * step / (+cursor.dataset.steps);
    cursor.setAttribute("x1", x); cursor.setAttribute("x2", x);
  }
  renderAuction(b); renderResult(b); renderDD(b); renderPlays(b); renderSummary(b);
  if (BOARD_LINK !== null) {
    const link = $("to-board");
    link.href = boardHref(board, step);
    link.hidden = false;
  }
}
function renderNote(b, next, done, closed) {
  let note = "";
  if (b.passed_out) note = "Passed out (four passes): no play to replay.";
  else if (!b.cards) note = "No play record.";
  else {
    const v = step ? b.cards[step - 1].after : b.cards[0].before;
    if (step) {
      const c = b.cards[step - 1], trick = b.cards.filter((x) => x.trick === c.trick)[0];
      note += "Trick " + c.trick + " (led by " + trick.seat + "): " + c.seat + " played " +
        cardText(c.card) + (c.loss ? ", giving away " + c.loss + " (best: " + bestText(c.best) +
        ")." : ", a best card.");
      if (c.sd) note += c.sd.forced ? " Single dummy: forced." : " Single dummy (" +
        c.sd.layouts + " layouts): " + c.sd.points + " expected points, best " +
        cardsText(c.sd.best) + " " + c.sd.best_points + (c.sd.goal === null ? "" :
        "; goal reached in " + Math.round(100 * c.sd.goal) + "% (best " +
        Math.round(100 * c.sd.best_goal) + "%)") + ".";
      if (closed) note += " " + closed.winner + " wins the trick (" + closed.points + " points).";
      note += " ";
    }
    note += "Trick points taken: " + (done.length ? sides(done[done.length - 1].taken) : "none") +
      ". Double-dummy value after card " + step + ": " + sides(v) + ".";
    if (next) note += " Next: " + next.seat + " to play; best " + bestText(next.best) + ".";
  }
  $("note").textContent = note;
}
function renderAuction(b) {
  const box = $("auction");
  box.replaceChildren();
  if (!b.auction) return;
  const t = el("table", ""), head = el("tr", "");
  const first = b.auction.length ? b.auction[0].seat : SEATS[(SEATS.indexOf(b.dealer) + 1) % 4];
  const order = [0, 1, 2, 3].map((k) => SEATS[(SEATS.indexOf(first) + k) % 4]);
  t.append(el("caption", "", "Auction"));
  for (const s of order) head.append(el("th", "", s));
  t.append(head);
  let row = null;
  b.auction.forEach((c, i) => {
    if (i % 4 === 0) { row = el("tr", ""); t.append(row); }
    row.append(el("td", "", callText(c.call)));
  });
  box.append(t);
}
function renderResult(b) {
  const box = $("result");
  box.replaceChildren();
  const r = b.result;
  if (!r) return;
  const contract = b.contract ? callText(b.contract) + (b.declarer ? " by " + b.declarer : "") : "";
  let text;
  if (r.finished) {
    text = "Trick points " + sides(r.points) + (b.belote ? ", belote " + b.belote : "") +
      (r.outcome ? "; the contract (" + contract + "): " + r.outcome + "; score of the deal " +
       sides(r.score) : "") + ".";
  } else {
    const o = b.outcome;
    text = "The record stops after " + b.cards.length + " cards (" + r.tricks + " trick" +
      (r.tricks === 1 ? "" : "s") + " complete): trick points so far " + sides(r.points) +
      ". Double dummy from there: " + sides(r.value) + (o ? "; the contract (" + contract + "): " + o.end : "") + ".";
  }
  box.append(el("strong", "", r.finished ? "Result as played" : "Unfinished play"),
             el("div", "", text));
}
function renderDD(b) {
  const box = $("ddtable");
  box.replaceChildren();
  const dd = b.dd_table;
  if (!dd) return;
  const t = el("table", ""), head = el("tr", "");
  for (const h of ["trump", "NS", "EW", "belote"]) head.append(el("th", "", h));
  t.append(head);
  for (const r of dd.rows) {
    const tr = el("tr", r.trump === b.trump ? "played" : "");
    const th = el("th", "sym" + ("HD".includes(r.trump) ? " red" : ""), SYM[r.trump]);
    th.title = SUIT_WORD[r.trump] + (r.trump === b.trump ? " (the contract's trump)" : "");
    tr.append(th, el("td", "", String(r.NS)), el("td", "", String(r.EW)),
              el("td", "", r.belote || "-"));
    t.append(tr);
  }
  box.append(el("div", "", "Double-dummy table"), t,
             el("div", "legend", "Each trump's trick points with best play by all four hands, " +
                dd.leader + " leading; belote: the side holding that trump's K and Q."));
}
function renderPlays(b) {
  const box = $("plays");
  box.replaceChildren();
  if (!b.cards) return;
  const t = el("table", ""), head = el("tr", "");
  for (const h of ["trick", ...SEATS, "led", "won", "points", "NS", "EW"]) head.append(el("th", "", h));
  t.append(head);
  const rows = {}, facts = {};
  for (const f of b.tricks || []) facts[f.trick] = f;
  b.cards.forEach((c, i) => {
    if (!rows[c.trick]) {
      const row = el("tr", ""), f = facts[c.trick];
      rows[c.trick] = row;
      row.append(el("td", "info", String(c.trick)));
      for (const s of SEATS) { const td = el("td", ""); td.dataset.seat = s; row.append(td); }
      row.append(el("td", "info", c.seat), el("td", "info", f ? f.winner : ""),
                 el("td", "info", f ? String(f.points) : ""),
                 el("td", "info", f ? String(f.taken.NS) : ""),
                 el("td", "info", f ? String(f.taken.EW) : ""));
      t.append(row);
    }
    const td = rows[c.trick].querySelector('[data-seat="' + c.seat + '"]');
    const f = facts[c.trick];
    td.append(cardEl(c.card, ""));
    if (i % 4 === 0) td.classList.add("lead");
    if (f && f.winner === c.seat) td.classList.add("won");
    if (c.loss) { td.classList.add("loss"); td.append(el("div", "lossv", "-" + c.loss)); }
    if (c.sd && c.sd.shortfall > 0) td.append(el("div", "sdv", "sd -" + c.sd.shortfall));
    if (i === step - 1) td.classList.add("cur");
    if (BOARD_LINK !== null) {
      const a = el("a", "to-board", "\u2197");
      a.href = boardHref(board, i);
      a.title = "the analysis board before " + c.seat + " plays " + cardText(c.card);
      a.addEventListener("click", (e) => e.stopPropagation());
      td.append(a);
    }
    td.title = "card " + (i + 1) + ": " + c.seat + " " + cardText(c.card) +
      (i % 4 === 0 ? ", led" : "") + (f && f.winner === c.seat ? ", won the trick" : "") +
      (c.loss ? ", cost " + c.loss : ", best");
    td.addEventListener("click", () => go(board, i + 1));
  });
  const wrap = el("div", "box");
  wrap.append(t);
  box.append(el("div", "", "The play (click a card to go there)"),
             el("div", "legend", "Each card's double-dummy cost is under it; the card led has " +
                "a dark border, the trick's winner is shaded blue. Points: the trick's card " +
                "points; NS, EW: trick points taken so far (the last trick's ten included)."),
             wrap);
}
function renderSummary(b) {
  const box = $("summary");
  box.replaceChildren();
  if (!b.summary) return;
  const t = el("table", ""), head = el("tr", ""), lost = el("tr", ""), errs = el("tr", "");
  head.append(el("th", ""));
  lost.append(el("th", "", "given away"));
  errs.append(el("th", "", "costly cards"));
  for (const s of SEATS) {
    head.append(el("th", "", s));
    lost.append(el("td", "", String(b.summary.seats[s].given_away)));
    errs.append(el("td", "", String(b.summary.seats[s].errors)));
  }
  for (const s of ["NS", "EW"]) {
    head.append(el("th", "", s));
    lost.append(el("td", "", String(b.summary.sides[s].given_away)));
    errs.append(el("td", "", String(b.summary.sides[s].errors)));
  }
  t.append(head, lost, errs);
  let outcome = "";
  const o = b.outcome;
  if (o) outcome = "Contract (double dummy): " + o.start + " at the start, " + o.end +
    " at the end" + (o.changes.length ? "; changed by " + o.changes.map((c) =>
      "trick " + c.trick + " " + c.seat + " " + cardText(c.card) + " (" + c.before + " to " +
      c.after + ")").join(", ") : "") + ".";
  const wrap = el("div", "box");
  wrap.append(t);
  box.append(el("div", "", "Per seat"), wrap, el("p", "", outcome));
}
DATA.forEach((b, i) => {
  const o = el("option", "", b.name + (b.passed_out ? " (passed out)" : ""));
  o.value = String(i);
  $("pick").append(o);
});
$("pick").addEventListener("change", (e) => go(parseInt(e.target.value, 10), 0));
$("first").addEventListener("click", () => go(board, 0));
$("prev").addEventListener("click", () => go(board, step - 1));
$("next").addEventListener("click", () => go(board, step + 1));
$("last").addEventListener("click", () => go(board, total()));
document.addEventListener("keydown", (e) => {
  if (e.target.tagName === "SELECT") return;
  if (e.key === "ArrowRight") go(board, step + 1);
  else if (e.key === "ArrowLeft") go(board, step - 1);
  else if (e.key === "Home") go(board, 0);
  else if (e.key === "End") go(board, total());
  else return;
  e.preventDefault();
});
window.addEventListener("hashchange", () => { readHash(); render(); });
readHash();
render();
"""
