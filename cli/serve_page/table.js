// The table of `belote serve`: a person plays a match against the player at the other three
// seats. Plain JavaScript, no build step. The match lives in the server; this page shows what
// GET /api/match/ID answers (the person's seat's view) and sends the person's calls and cards.
// Every string reaches the page through textContent, never innerHTML.
"use strict";

const T = {id: null, state: null, timer: null, sending: false, targets: {}, whyOpen: false};

function trumpOf(contract) {
  const m = /([SHDC])/.exec(contract || "");
  return m ? m[1] : null;
}
function callText(call) {
  if (call === "P") return "pass";
  if (call === "X") return "coinche";
  if (call === "XX") return "surcoinche";
  const m = /^(\d+|Capot)?([SHDC])$/.exec(call);
  return m ? (m[1] ? (m[1] === "Capot" ? "capot " : m[1]) : "") + SYM[m[2]] : call;
}
function callEl(call) {
  const m = /([SHDC])$/.exec(call);
  return el("span", "sym" + (m && "HD".includes(m[1]) ? " red" : ""), callText(call));
}
function contractTail(contract) {
  return contract.endsWith("XX") ? ", surcoinched" : contract.endsWith("X") ? ", coinched" : "";
}


// ---- the match ---------------------------------------------------------------------------

async function startMatch(e) {
  e.preventDefault();
  const body = {mode: $("s-mode").value, seat: $("s-seat").value};
  if ($("s-dealer").value) body.dealer = $("s-dealer").value;
  if ($("s-seed").value !== "") body.seed = parseInt($("s-seed").value, 10);
  if ($("s-strength").value) body.strength = $("s-strength").value;
  const target = parseInt($("s-target").value, 10);
  if (target && target !== T.targets[body.mode]) body.target = target;
  let s;
  try { s = await api("match", body); } catch (err) { showError(err.message); return; }
  showError("");
  T.id = s.match;
  history.replaceState(null, "", location.pathname + location.search + "#m=" + T.id);
  show(s);
}
async function refresh() {
  clearTimeout(T.timer);
  if (!T.id) return;
  let s;
  try { s = await api("match/" + encodeURIComponent(T.id)); } catch (e) {
    showError(e.message);
    document.body.dataset.state = "error";
    return;
  }
  show(s);
}
async function send(action) {
  const s = T.state;
  if (!s || !s.your_turn || T.sending) return;
  T.sending = true;
  let next;
  try {
    next = await api("match/" + encodeURIComponent(T.id) + "/act", {action, step: s.step});
    showError("");
  } catch (e) {
    T.sending = false;
    showError(e.message);
    return refresh();
  }
  T.sending = false;
  show(next);
}
async function askAgain() {
  let s;
  try { s = await api("match/" + encodeURIComponent(T.id) + "/again", {}); } catch (e) {
    showError(e.message);
    return;
  }
  show(s);
}
async function nextDeal() {
  let s;
  try { s = await api("match/" + encodeURIComponent(T.id) + "/next", {}); } catch (e) {
    showError(e.message);
    return;
  }
  showError("");
  show(s);
}
async function download(format) {
  let r;
  try { r = await api("match/" + encodeURIComponent(T.id) + "/record?format=" + format); } catch (e) {
    showError(e.message);
    return;
  }
  const a = el("a", "");
  a.href = URL.createObjectURL(new Blob([r.text], {type: "text/plain"}));
  a.download = r.name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10000);
  $("dl-note").textContent = r.deals + " deal" + (r.deals === 1 ? "" : "s") + " written" +
    (r.losses.length ? " (" + r.losses.join("; ") + ")" : "") + ".";
}

// ---- drawing -----------------------------------------------------------------------------

function show(s) {
  T.state = s;
  $("setup").hidden = true;
  $("play").hidden = false;
  $("new-match").hidden = false;
  renderTable(s);
  renderStatus(s);
  renderCalls(s);
  renderHand(s);
  renderAfter(s);
  renderAuction(s);
  renderSheet(s);
  $("dl-json").disabled = $("dl-pbn").disabled = !s.sheet.deals.length;
  $("dl-cfn").disabled = !s.sheet.deals.length || s.mode !== "coinche";
  $("dl-cfn").title = s.mode === "coinche" ? "" : "CFN holds coinche games only";
  const waiting = !!s.thinking && !s.error;
  document.body.dataset.state = s.error ? "error" : waiting ? "thinking" : s.over ? "over" :
    s.your_turn ? "your-turn" : s.phase === "done" ? "deal-over" : "waiting";
  if (waiting || (!s.your_turn && s.phase !== "done" && !s.error)) {
    T.timer = setTimeout(refresh, 300);
  }
}
// The person sits at the bottom: partner at the top, the left-hand opponent on the left.
function placeOf(s, seat) {
  return ["s", "w", "n", "e"][(SEATS.indexOf(seat) - SEATS.indexOf(s.seat) + 4) % 4];
}
function renderTable(s) {
  const table = el("div", "table tbl");
  table.id = "table";
  const done = s.phase === "done" && s.hands;
  const trump = trumpOf(s.contract);
  for (const seat of SEATS) {
    const box = el("div", "seat at-" + placeOf(s, seat));
    box.dataset.seat = seat;
    const tags = [seat === s.dealer ? "dealer" : "", seat === s.declarer ? "taker" : ""].filter(Boolean);
    const who = el("span", "who" + (seat === s.to_move && s.phase !== "done" ? " turn" : ""),
                   (seat === s.seat ? "You (" + seat + ")" : seat === nextSeat(s.seat, 2) ?
                    "Partner (" + seat + ")" : seat) + (tags.length ? ", " + tags.join(", ") : ""));
    box.append(who);
    if (s.thinking && s.thinking.seat === seat) box.append(el("span", "thinking", "thinking\u2026"));
    const said = (s.auction || []).filter((c, i) => nextSeat(s.dealer, i + 1) === seat);
    if (said.length && s.phase === "auction") {
      const bubble = el("span", "said");
      bubble.append(callEl(said[said.length - 1]));
      box.append(bubble);
    }
    if (done) {
      const hand = el("div", "hand");
      for (const card of handOrder(s.hands[seat], trump)) hand.append(cardEl(card, "span"));
      box.append(hand);
    } else if (seat !== s.seat) {
      const hand = el("div", "backs");
      for (let k = 0; k < (s.held[seat] || 0); k++) hand.append(el("span", "card back"));
      box.append(hand);
    }
    table.append(box);
  }
  const middle = el("div", "trick");
  let cards = s.trick ? s.trick.cards : [], leader = s.trick ? s.trick.leader : null, old = false;
  if (!cards.length && s.tricks && s.tricks.length) {
    const last = s.tricks[s.tricks.length - 1];
    cards = last.cards; leader = last.leader; old = true;
    middle.title = "the last trick, won by " + last.winner;
  }
  if (old) middle.classList.add("done");
  cards.forEach((card, i) => {
    const slot = el("div", "");
    slot.style.gridArea = placeOf(s, nextSeat(leader, i));
    slot.append(cardEl(card, "span", !old && i === cards.length - 1 ? "last" : ""));
    middle.append(slot);
  });
  if (s.phase === "auction" && s.turned) {
    const slot = el("div", "turned");
    slot.append(cardEl(s.turned, "span"), el("span", "small", "turned"));
    middle.append(slot);
  }
  table.append(middle);
  $("table").replaceWith(table);
}
function renderStatus(s) {
  const box = $("status");
  box.replaceChildren();
  let text;
  if (s.error) text = s.error;
  else if (s.over) text = "The match is over: " + s.winner + (s.winner.includes(s.seat) ?
    " (you and your partner)" : "") + " win, " + s.sheet.totals.NS + " to " + s.sheet.totals.EW +
    " (NS to EW).";
  else if (s.phase === "done") text = "The deal is over.";
  else if (s.your_turn) text = s.phase === "auction" ? "Your call." : "Your card.";
  else if (s.thinking) text = s.thinking.seat + " is thinking\u2026 " + s.thinking.seconds + " s";
  else text = s.to_move + " to " + (s.phase === "auction" ? "call." : "play.");
  box.append(el("div", s.your_turn ? "won" : "", text));
  if (s.error) {
    const again = el("button", "", "Ask again");
    again.type = "button";
    again.id = "ask-again";
    again.addEventListener("click", askAgain);
    box.append(again);
  }
}
function renderCalls(s) {
  const box = $("calls");
  box.replaceChildren();
  box.hidden = !(s.your_turn && s.phase === "auction");
  if (box.hidden) return;
  const button = (call, label) => {
    const b = el("button", "call", label);
    b.type = "button";
    b.dataset.call = call;
    if (!label) b.append(callEl(call));
    b.addEventListener("click", () => send(call));
    return b;
  };
  const row = el("div", "row");
  row.append(button("P", "Pass"));
  if (s.legal.includes("X")) row.append(button("X", "Coinche"));
  if (s.legal.includes("XX")) row.append(button("XX", "Surcoinche"));
  box.append(row);
  const bids = s.legal.filter((c) => /[SHDC]$/.test(c));
  if (!bids.length) return;
  if (s.mode === "classic") {
    const takes = el("div", "row");
    for (const call of bids) {
      const take = button(call, "Take ");
      take.append(callEl(call));
      takes.append(take);
    }
    box.append(takes);
    return;
  }
  const values = [...new Set(bids.map((c) => c.slice(0, -1)))];
  const grid = el("div", "bids");
  for (const v of values) {
    const line = el("div", "row");
    line.append(el("span", "value", v === "Capot" ? "capot" : v));
    for (const suit of SUITS) {
      if (bids.includes(v + suit)) line.append(button(v + suit));
    }
    grid.append(line);
  }
  box.append(grid);
}
function renderHand(s) {
  const hand = el("div", "hand mine");
  hand.id = "hand";
  const legal = new Set(s.your_turn && s.phase === "play" ? s.legal : []);
  const trump = trumpOf(s.contract);
  const cards = s.phase === "done" ? [] : handOrder(s.hand, trump);
  cards.forEach((card, i) => {
    if (legal.has(card)) {
      const b = cardEl(card, "button");
      b.type = "button";
      b.title = "play " + card + " (" + (i + 1) + ")";
      b.addEventListener("click", () => send(card));
      hand.append(b);
    } else {
      hand.append(cardEl(card, "span", s.your_turn && s.phase === "play" ? "illegal" : ""));
    }
  });
  $("hand").replaceWith(hand);
  $("hand-box").hidden = !cards.length;
}
function renderAfter(s) {
  const box = $("after");
  box.replaceChildren();
  box.hidden = s.phase !== "done";
  if (box.hidden) return;
  const r = s.result;
  if (r && r.outcome === "passed out") {
    box.append(el("div", "won", "Passed out: nobody took, nobody scores."));
  } else if (r) {
    const line = el("div", "won");
    line.append(callEl(r.contract.replace(/X+$/, "")), " by " + r.declarer + contractTail(r.contract) +
                ": " + r.outcome + ". Trick points NS " + r.trick_points.NS + ", EW " + r.trick_points.EW +
                (r.belote ? "; belote " + r.belote : "") + ". Score NS " + r.score.NS + ", EW " +
                r.score.EW + ".");
    box.append(line);
  }
  if (!s.over) {
    const next = el("button", "", "Next deal");
    next.type = "button";
    next.id = "next-deal";
    next.addEventListener("click", nextDeal);
    box.append(next);
  }
  renderWhy(s, box);
}
// Why the player's seats called as they did: sent by the server only once the deal is over.
function signed(x) { return (x >= 0 ? "+" : "\u2212") + Math.abs(x).toFixed(1); }
function interval(e) { return signed(e.value) + " [" + signed(e.low) + ", " + signed(e.high) + "]"; }
function renderWhy(s, box) {
  const why = s.explanations || [];
  if (!why.length) return;
  const d = el("details", "why");
  d.id = "why";
  d.open = T.whyOpen;
  d.addEventListener("toggle", () => { T.whyOpen = d.open; });
  d.append(el("summary", "", "Why the other seats called as they did (" + why.length + " call" +
                             (why.length === 1 ? "" : "s") + ")"));
  d.append(el("p", "small", "Net: the caller's side's deal score minus the other side's, on " +
    "average over the layouts of the hidden cards it drew, with its 95% interval; vs prior: " +
    "the paired difference from the club prior's call, which keeps a bonus; played: how " +
    "often a contract was played (docs: The full-game player)."));
  for (const e of why) {
    const c = e.call, item = el("div", "why-call");
    item.dataset.seat = e.seat;
    const head = el("div", "");
    head.append(el("strong", "", e.seat + ": "), callEl(e.action));
    if (!c.simulated) {
      head.append(" \u2014 the club prior's call; no close rival, nothing simulated.");
    } else {
      head.append(" \u2014 prior ", callEl(c.prior), "; " + c.layouts + " layouts, " +
                  (c.auction_read ? "read from the auction" : "uniform (the calls did not fit)") +
                  "; another call needs more than " + c.margin + " points over the prior's.");
    }
    item.append(head);
    if (c.simulated) {
      const wrap = el("div", "scroll"), t = el("table", ""), top = el("tr", "");
      for (const h of ["call", "net", "played", "vs prior"]) top.append(el("th", "", h));
      top.children[2].title = "how often a contract was played (not passed out)";
      t.append(top);
      for (const cand of c.candidates) {
        const row = el("tr", ""), call = el("td", "");
        call.append(callEl(cand.call));
        if (cand.expected_net.n !== c.layouts)
          call.append(el("span", "small", " (first " + cand.expected_net.n + " layouts)"));
        row.append(call, el("td", "", interval(cand.expected_net)),
                   el("td", "", Math.round(100 * cand.p_contract.value) + "%"),
                   el("td", "", cand.versus_prior ? interval(cand.versus_prior) : "\u2014"));
        t.append(row);
      }
      wrap.append(t);
      item.append(wrap);
    }
    const second = el("div", "small", "With the next seed: ");
    second.append(callEl(e.second_seed), e.second_seed_agrees ? " (agrees)." : " (differs).");
    item.append(second);
    d.append(item);
  }
  box.append(d);
}
function renderAuction(s) {
  $("deal-title").textContent = "Deal " + s.deal + ", dealer " + s.dealer;
  const contract = $("contract");
  contract.replaceChildren();
  if (s.contract) contract.append("contract ", callEl(s.contract.replace(/X+$/, "")),
                                  " by " + s.declarer + contractTail(s.contract));
  const box = $("auction");
  box.replaceChildren();
  if (s.auction.length) {
    const t = el("table", ""), head = el("tr", "");
    for (let k = 1; k <= 4; k++) head.append(el("th", "", nextSeat(s.dealer, k)));
    t.append(head);
    let row = null;
    s.auction.forEach((call, i) => {
      if (i % 4 === 0) { row = el("tr", ""); t.append(row); }
      const td = el("td", "");
      td.append(callEl(call));
      row.append(td);
    });
    box.append(t);
  }
  const p = s.points;
  $("points").textContent = s.phase === "auction" ? (s.turned ? "Turned card: " +
    (s.turned[0] === "T" ? "10" : s.turned[0]) + SYM[s.turned[1]] + "." : "") :
    "Trick points: NS " + p.NS + ", EW " + p.EW + " (" + s.tricks.length + " trick" +
    (s.tricks.length === 1 ? "" : "s") + " of 8)" +
    (s.announced.length ? "; " + s.announced.map((a) => a.seat + " " + a.what).join(", ") : "") + ".";
}
function renderSheet(s) {
  const sheet = s.sheet;
  $("target").textContent = "to " + s.target + " (" + s.mode + ")";
  const box = $("sheet");
  box.replaceChildren();
  if (!sheet.deals.length) { box.append(el("div", "small", "No deal finished yet.")); return; }
  const t = el("table", ""), head = el("tr", "");
  for (const h of ["deal", "contract", "", "NS", "EW", "NS total", "EW total"]) head.append(el("th", "", h));
  t.append(head);
  sheet.deals.forEach((d, i) => {
    const row = el("tr", "");
    const contract = el("td", "");
    if (d.contract) contract.append(callEl(d.contract.replace(/X+$/, "")), d.contract.replace(/^[^X]*/, "") +
                                    " " + d.declarer);
    else contract.textContent = "\u2014";
    row.append(el("td", "", i + 1), contract,
               el("td", "", d.outcome), el("td", "", d.score.NS), el("td", "", d.score.EW),
               el("td", "won", d.totals.NS), el("td", "won", d.totals.EW));
    t.append(row);
  });
  box.append(t);
  if (sheet.held) box.append(el("div", "small", sheet.held + " points held (litige)."));
}

// ---- wiring ------------------------------------------------------------------------------

async function start() {
  try {
    const options = await api("match");
    const pick = $("s-strength");
    for (const name of options.strengths) {
      const o = el("option", "", name);
      o.value = name;
      pick.append(o);
    }
    pick.value = options.strength;
    T.targets = options.targets;
    $("s-target").value = T.targets[$("s-mode").value];
  } catch (e) { showError(e.message); }
  $("to-board").href = "/?token=" + encodeURIComponent(TOKEN);
  const m = /[#&]m=([0-9a-f]+)/.exec(location.hash);
  if (m) {
    T.id = m[1];
    await refresh();
    if (!T.state) { T.id = null; document.body.dataset.state = "setup"; }
  }
}
$("setup").addEventListener("submit", startMatch);
$("s-mode").addEventListener("change", () => { $("s-target").value = T.targets[$("s-mode").value] || ""; });
$("new-match").addEventListener("click", () => {
  clearTimeout(T.timer);
  T.id = null; T.state = null;
  history.replaceState(null, "", location.pathname + location.search);
  $("setup").hidden = false;
  $("play").hidden = true;
  $("new-match").hidden = true;
  document.body.dataset.state = "setup";
});
$("dl-cfn").addEventListener("click", () => download("cfn"));
$("dl-json").addEventListener("click", () => download("json"));
$("dl-pbn").addEventListener("click", () => download("pbn"));
document.addEventListener("keydown", (e) => {
  const tag = e.target.tagName, s = T.state;
  if (tag === "INPUT" || tag === "SELECT" || !s || !s.your_turn || e.ctrlKey || e.metaKey || e.altKey) return;
  if ((e.key === "p" || e.key === "P") && s.phase === "auction") { e.preventDefault(); send("P"); return; }
  const k = parseInt(e.key, 10);
  if (s.phase === "play" && k >= 1 && k <= 8) {
    const card = handOrder(s.hand, trumpOf(s.contract))[k - 1];
    if (card && s.legal.includes(card)) { e.preventDefault(); send(card); }
  }
});
start();
