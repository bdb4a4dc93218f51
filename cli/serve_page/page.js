// The analysis page of `belote serve`: plain JavaScript, no build step, no network beyond the
// server that sent it. Every string from a record or a user reaches the page through
// textContent (never innerHTML), so a board named "<script>" is shown, not run.
"use strict";

const EXT = {pbn: ".pbn", cfn: ".cfn", json: ".json"};

const S = {
  boards: [], board: null, hands: null, owner: null, root: null, cur: null, view: "all",
  pos: null, gen: 0, cache: new Map(), sd: null, sdDone: new Map(), busy: false,
  auctionAt: null, bid: null, title: "", file: null,
};

// ---- small helpers -------------------------------------------------------------------------

function cardText(card) { return (card[0] === "T" ? "10" : card[0]) + SYM[card[1]]; }
function cardSpan(card) {
  const s = el("span", "sym" + (isRed(card) ? " red" : ""), cardText(card));
  s.dataset.card = card;
  return s;
}
function trumpOf(board) {
  const m = /^\d+([SHDC])/.exec((board && board.contract) || "");
  return m ? m[1] : null;
}
function interval(x, digits) {
  if (x === null || x === undefined) return "";
  if (typeof x !== "object") return String(x);
  const scale = 10 ** (digits === undefined ? 1 : digits);
  const r = (v) => (Math.round(v * scale) / scale).toString().replace("-", "\u2212");
  return r(x.value) + (x.low !== undefined ? " [" + r(x.low) + ", " + r(x.high) + "]" : "");
}

// ---- the deal and the tree of lines --------------------------------------------------------

function parseDeal(text) {
  const m = /^\s*([NESWnesw]):(.*)$/.exec(text || "");
  const parts = m ? m[2].trim().split(/\s+/) : [];
  if (!m || parts.length !== 4) throw new Error("a deal reads like N:AKQ.JT.98.7 ... (four hands, PBN)");
  const hands = {}, owner = {};
  parts.forEach((part, i) => {
    const seat = nextSeat(m[1].toUpperCase(), i), suits = part === "-" ? [] : part.split(".");
    hands[seat] = [];
    suits.forEach((ranks, k) => {
      for (const r of ranks.toUpperCase()) {
        const card = r + SUITS[k];
        hands[seat].push(card);
        owner[card] = seat;
      }
    });
  });
  return {hands, owner};
}
function newNode(card, parent, record) {
  return {card, parent, kids: [], record, depth: parent ? parent.depth + 1 : 0, lastKid: null};
}
function lineOf(node) {
  const out = [];
  for (let n = node; n && n.card; n = n.parent) out.push(n.card);
  return out.reverse();
}
function childWith(node, card) { return node.kids.find((k) => k.card === card) || null; }
function recordAncestor(node) {
  let n = node;
  while (!n.record) n = n.parent;
  return n;
}

function loadBoard(index) {
  const b = S.boards[index];
  showError("");
  let parsed;
  try { parsed = parseDeal(b.deal); } catch (e) { showError(b.name + ": " + e.message); return; }
  S.board = b; S.hands = parsed.hands; S.owner = parsed.owner;
  S.cache = new Map(); S.sdDone = new Map(); S.auctionAt = null;
  cancelSD();
  if (S.bid) { S.bid.cancel(); S.bid = null; }
  S.root = newNode(null, null, true);
  let n = S.root;
  for (const card of b.play || []) {
    const k = newNode(card, n, true);
    n.kids.push(k);
    n = k;
  }
  S.cur = S.root;
  $("boards").value = String(index);
  $("title").textContent = S.title + " \u2014 " + (b.name || "Board " + (index + 1)) +
    " (" + b.mode + (b.dealer ? ", dealer " + b.dealer : "") + ")";
  $("advice").replaceChildren();
  $("ddtable").replaceChildren();
  renderAuction();
  show();
}
function goTo(node) {
  if (!node) return;
  for (let n = node; n.parent; n = n.parent) n.parent.lastKid = n;
  S.cur = node;
  show();
}
function play(card) {
  let kid = childWith(S.cur, card);
  if (!kid) {
    kid = newNode(card, S.cur, false);
    S.cur.kids.push(kid);
  }
  return goTo(kid);
}
function forward() {
  const n = S.cur;
  return n.kids.length ? goTo(n.lastKid && n.kids.includes(n.lastKid) ? n.lastKid : n.kids[0]) : null;
}
function toEnd() {
  let n = S.cur;
  while (n.kids.length) n = n.lastKid && n.kids.includes(n.lastKid) ? n.lastKid : n.kids[0];
  goTo(n);
}
function sibling(step) {
  const p = S.cur.parent;
  if (!p || p.kids.length < 2) return;
  const i = p.kids.indexOf(S.cur);
  goTo(p.kids[(i + step + p.kids.length) % p.kids.length]);
}
function undo() {
  const n = S.cur;
  if (n.record || !n.parent) return;
  n.parent.kids.splice(n.parent.kids.indexOf(n), 1);
  if (n.parent.lastKid === n) n.parent.lastKid = null;
  goTo(n.parent);
}

// ---- positions -----------------------------------------------------------------------------

function positionBody(line) {
  const b = S.board, body = {deal: b.deal, mode: b.mode, contract: b.contract || null,
                             declarer: b.declarer || null, play: line};
  if (b.dealer) body.dealer = b.dealer;
  if (b.leader) body.leader = b.leader;
  return body;
}
function noPlay(b) {
  const passed = b.auction && b.auction.length >= 4 && b.auction.every((c) => c === "P");
  return {to_play: null, legal: [], values: [], tricks: [], points: {NS: 0, EW: 0}, finished: false,
          verdict: null, dd: null, none: passed ? "Passed out: no contract, no play." :
            "No contract: type one (Type a deal) to analyse the play."};
}
function position(line) {
  if (!S.board.contract) return Promise.resolve(noPlay(S.board));
  const key = line.join(" ");
  if (!S.cache.has(key)) {
    S.cache.set(key, api("position", positionBody(line)).catch((e) => {
      S.cache.delete(key);
      throw e;
    }));
  }
  return S.cache.get(key);
}
async function show() {
  if (!S.board) return;
  const gen = ++S.gen, line = lineOf(S.cur);
  document.body.dataset.state = "loading";
  let pos;
  try {
    pos = await position(line);
  } catch (e) {
    if (gen === S.gen) { showError(e.message); document.body.dataset.state = "error"; }
    return;
  }
  if (gen !== S.gen) return;
  showError("");
  S.pos = pos;
  render(line, pos);
  writeHash(line);
  document.body.dataset.state = "ready";
}
// The address keeps the place: #f=FILE&b=BOARD&l=CARDS (f: the file named on the command line,
// from 1; s=N instead of l: the record's first N cards, as the replay pages link here).
function writeHash(line) {
  const index = S.boards.indexOf(S.board), file = S.file === null ? "" : "f=" + (S.file + 1) + "&";
  history.replaceState(null, "", location.pathname + location.search + "#" + file + "b=" +
                       (index + 1) + (line.length ? "&l=" + line.join("-") : ""));
  const back = $("to-replay");
  back.hidden = S.file === null;
  if (S.file !== null) {
    back.href = "/replay/" + (S.file + 1) + "?token=" + encodeURIComponent(TOKEN) + "#b=" +
      (index + 1) + "&s=" + recordAncestor(S.cur).depth;
  }
}
function readHash() {
  const hash = location.hash, number = (key) => {
    const m = new RegExp("[#&]" + key + "=(\\d+)").exec(hash);
    return m ? parseInt(m[1], 10) : null;
  };
  const l = /[#&]l=([0-9A-Z-]+)/i.exec(hash), b = number("b"), f = number("f");
  return {file: f ? f - 1 : 0, board: b ? b - 1 : 0, cards: number("s") || 0,
          line: l ? l[1].toUpperCase().split("-") : []};
}

// ---- drawing -------------------------------------------------------------------------------

function held(line) {
  const gone = new Set(line), hands = {};
  for (const seat of SEATS) hands[seat] = (S.hands[seat] || []).filter((c) => !gone.has(c));
  return hands;
}
function render(line, pos) {
  const b = S.board, trump = trumpOf(b), hands = held(line), toPlay = pos.finished ? null : pos.to_play;
  const values = new Map((pos.values || []).map((v) => [v.card, v]));
  const legal = new Set(pos.legal || []), mover = toPlay ? sideOf(toPlay) : null;
  const table = el("div", "table");
  table.id = "table";
  table.dataset.line = line.join(" ");
  for (const seat of SEATS) {
    const box = el("div", "seat " + seat), hand = el("div", "hand");
    const tags = [seat === b.dealer ? "dealer" : "", seat === b.declarer ? "declarer" : ""]
      .filter(Boolean);
    box.append(el("span", "who" + (seat === toPlay ? " turn" : ""), seat +
                  (tags.length ? " (" + tags.join(", ") + ")" : "") +
                  (seat === toPlay ? " \u2190 to play" : "")));
    const hidden = S.view !== "all" && S.view !== seat;
    for (const card of hidden ? hands[seat] : handOrder(hands[seat], trump)) {
      if (hidden) { hand.append(el("span", "card back")); continue; }
      const slot = el("div", "slot"), v = values.get(card);
      if (seat === toPlay && legal.has(card)) {
        const button = cardEl(card, "button", v && v.best ? "best" : "");
        button.type = "button";
        button.title = "play " + card + (v ? ": NS " + v.ns + ", EW " + v.ew +
                                          (v.loss ? ", gives away " + v.loss : ", best") : "");
        button.addEventListener("click", () => { if (!S.busy) play(card); });
        slot.append(button);
        const mine = v ? (mover === "NS" ? v.ns : v.ew) : "";
        const label = el("span", "v" + (v && v.best ? " best" : v && v.loss ? " loss" : ""));
        if (v) label.append(el("span", "", mine), el("span", "", v.loss ? "\u2212" + v.loss : "best"));
        slot.append(label);
      } else {
        slot.append(cardEl(card, "span", seat === toPlay ? "illegal" : ""));
        if (seat === toPlay) slot.append(el("span", "v", ""));
      }
      hand.append(slot);
    }
    box.append(hand);
    table.append(box);
  }
  const trick = el("div", "trick"), k = line.length;
  if (k) {
    const from = k % 4 === 0 ? k - 4 : k - (k % 4);
    if (k % 4 === 0) trick.classList.add("done");
    line.slice(from).forEach((card, i) => {
      const slot = el("div", "");
      slot.style.gridArea = S.owner[card].toLowerCase();
      slot.append(cardEl(card, "span", from + i === k - 1 ? "last" : ""));
      trick.append(slot);
    });
  }
  table.append(trick);
  $("table").replaceWith(table);
  renderWhere(line, pos);
  renderStatus(pos);
  renderValues(line, pos);
  renderTricks(pos);
  renderLine();
  markAuction();
  updateButtons(pos);
}
function renderWhere(line, pos) {
  const total = (S.board.play || []).length, k = line.length;
  let text = k ? "card " + k + ", trick " + Math.ceil(k / 4) : "before the first card";
  text += S.cur.record ? (total ? " of the record (" + total + " cards)" : "") :
    " \u2014 variation from card " + recordAncestor(S.cur).depth + " of the record";
  if (pos.finished) text += " \u2014 deal over";
  $("where").textContent = text;
}
function renderStatus(pos) {
  const b = S.board, box = $("status");
  box.replaceChildren();
  const head = [b.mode, b.contract ? "contract " + b.contract + (b.declarer ? " by " + b.declarer : "")
                : "no contract"].join(", ");
  box.append(el("div", "", head));
  const p = pos.points || {}, dd = pos.dd || {};
  if (!pos.none) box.append(el("div", "", "Points taken: NS " + (p.NS ?? 0) + ", EW " + (p.EW ?? 0) +
                (pos.dd ? " \u2014 double-dummy value: NS " + dd.NS + ", EW " + dd.EW : "")));
  if (!pos.finished && pos.to_play) box.append(el("div", "", pos.to_play + " to play."));
  if (pos.none) box.append(el("div", "", pos.none));
  const v = pos.verdict;
  if (v) {
    box.append(el("div", "won", "Contract " + (pos.finished ? "" : "(double dummy from here) ") +
                  v.outcome + ": " + v.points + " points, " + v.needed + " needed"));
    if (v.score) box.append(el("div", "", "Score: NS " + v.score.NS + ", EW " + v.score.EW));
  }
}
function renderValues(line, pos) {
  const box = $("values"), sd = S.sdDone.get(line.join(" "));
  box.replaceChildren();
  if (pos.finished || !(pos.values || []).length) {
    box.append(el("div", "small", pos.finished ? "The deal is over." : pos.none || "No card to play."));
    return;
  }
  if (S.view !== "all" && S.view !== pos.to_play) {
    box.append(el("div", "small", pos.to_play + " to play: " + S.view + " does not see those cards."));
    return;
  }
  const sdCards = new Map(((sd && sd.cards) || []).map((v) => [v.card, v]));
  const sdBest = sd ? [].concat(sd.best || []) : [];
  const t = el("table", ""), head = el("tr", "");
  for (const h of ["card", "NS", "EW", "loss"]) head.append(el("th", "", h));
  if (sd) head.append(el("th", "", "single dummy: expected points [95%]"));
  t.append(head);
  for (const v of pos.values) {
    const row = el("tr", v.best ? "best" : ""), cell = el("td", "");
    row.dataset.card = v.card;
    cell.append(cardSpan(v.card));
    row.append(cell, el("td", "", v.ns), el("td", "", v.ew), el("td", "", v.loss ? "\u2212" + v.loss : "best"));
    if (sd) row.append(el("td", "sdv", sdText(sdCards.get(v.card), sdBest)));
    row.addEventListener("click", () => { if (!S.busy) play(v.card); });
    t.append(row);
  }
  box.append(t);
}
function sdText(v, best) {
  if (!v) return "";
  const x = v.expected_points, p = v.p_make;
  return interval(x) + (p ? ", contract made " + Math.round(100 * p.value) + "%" : "") +
    (best.includes(v.card) ? " \u2605" : "");
}
function renderTricks(pos) {
  const box = $("tricks");
  box.replaceChildren();
  const tricks = (pos.tricks || []).filter((t) => t.winner);
  if (!tricks.length) { box.append(el("div", "small", "No trick played yet.")); return; }
  const t = el("table", ""), head = el("tr", "");
  for (const h of ["trick", "leader", "cards", "winner", "points", "NS", "EW"]) head.append(el("th", "", h));
  t.append(head);
  const run = {NS: 0, EW: 0};
  tricks.forEach((tr, i) => {
    run[sideOf(tr.winner)] += tr.points;
    const row = el("tr", ""), cards = el("td", "");
    tr.cards.forEach((c, j) => {
      const span = el("span", S.owner[c] === tr.winner ? "won" : "", (j ? " " : "") + S.owner[c] + " ");
      cards.append(span, cardSpan(c));
    });
    row.append(el("td", "", i + 1), el("td", "", tr.leader), cards, el("td", "won", tr.winner),
               el("td", "", tr.points), el("td", "", run.NS), el("td", "", run.EW));
    t.append(row);
  });
  const p = pos.points || {};
  if (pos.finished && (p.NS !== run.NS || p.EW !== run.EW)) {
    const row = el("tr", ""), label = el("td", "", "points taken, with the last trick's bonus");
    label.colSpan = 5;
    row.append(label, el("td", "won", p.NS), el("td", "won", p.EW));
    t.append(row);
  }
  box.append(t);
}
function moveEl(node) {
  const m = el("span", "mv" + (node.record ? "" : " var") + (node === S.cur ? " cur" : ""));
  if (node.depth % 4 === 1) m.append(el("span", "tn", Math.ceil(node.depth / 4) + "."));
  m.append(document.createTextNode(S.owner[node.card] + "\u00a0"), cardSpan(node.card));
  m.dataset.depth = String(node.depth);
  m.addEventListener("click", () => { if (!S.busy) goTo(node); });
  return m;
}
function renderLine() {
  const box = $("line");
  box.replaceChildren();
  const walk = (start, into) => {
    for (let p = start; p.kids.length; p = p.kids[0]) {
      into.append(moveEl(p.kids[0]), document.createTextNode(" "));
      for (const alt of p.kids.slice(1)) {
        const branch = el("span", "branch");
        branch.append(moveEl(alt), document.createTextNode(" "));
        walk(alt, branch);
        into.append(branch);
      }
    }
  };
  if (S.view === "all") walk(S.root, box);
  else for (let n = S.cur; n.parent; n = n.parent) box.prepend(moveEl(n), document.createTextNode(" "));
  if (!S.root.kids.length) box.append(el("span", "small", "No card played: click a card of the player to move."));
}
function updateButtons(pos) {
  const c = S.cur;
  $("start").disabled = $("back").disabled = !c.parent;
  $("forward").disabled = $("end").disabled = !c.kids.length;
  $("undo").disabled = c.record;
  $("record").disabled = c.record;
  $("play-best").disabled = S.busy || pos.finished || !!pos.none;
  $("sd-ask").disabled = pos.finished || !!pos.none || !!S.sd;
}

// ---- the auction and the bid advice --------------------------------------------------------

function auctionSeat(i) { return nextSeat(S.board.auction_dealer || S.board.dealer, 1 + i); }
function renderAuction() {
  const b = S.board, box = $("auction");
  box.replaceChildren();
  $("bid-options").hidden = b.mode === "classic";
  if (b.mode === "classic") {
    box.append(el("div", "small", "Bid advice is for coinche boards here: a classic bidder " +
                  "holds five cards and the turned card, which a record does not keep."));
  }
  if (!b.auction || !(b.auction_dealer || b.dealer)) {
    box.append(el("div", "small", "No auction in this record."));
    if (b.dealer && b.mode !== "classic") {
      const ask = el("button", "", "Advice for the first call (" + auctionSeat(0) + ")");
      ask.type = "button";
      ask.id = "bid-first";
      ask.addEventListener("click", () => askBid(0));
      box.append(ask);
    }
    return;
  }
  const t = el("table", ""), head = el("tr", "");
  for (let k = 0; k < 4; k++) head.append(el("th", "", auctionSeat(k)));
  t.append(head);
  let row = null;
  b.auction.forEach((call, i) => {
    if (i % 4 === 0) { row = el("tr", ""); t.append(row); }
    const td = el("td", "call", call === "P" ? "pass" : call);
    td.dataset.index = String(i);
    td.title = "bid advice for " + auctionSeat(i) + " at this call";
    td.tabIndex = 0;
    td.addEventListener("click", () => askBid(i));
    td.addEventListener("keydown", (e) => { if (e.key === "Enter") askBid(i); });
    row.append(td);
  });
  box.append(t);
}
function markAuction() {
  for (const td of document.querySelectorAll("#auction td.call")) {
    td.classList.toggle("cur", td.dataset.index === String(S.auctionAt));
  }
}
async function askBid(i) {
  const b = S.board, seat = auctionSeat(i), box = $("advice");
  if (b.mode === "classic") return;
  if (S.bid) S.bid.cancel();
  S.auctionAt = i;
  markAuction();
  box.replaceChildren(el("div", "small", "Asking for " + seat + "'s call\u2026"));
  const body = {hand: handOrder(S.hands[seat], null).join(" "), seat,
                dealer: b.auction_dealer || b.dealer, mode: b.mode, auction: (b.auction || []).slice(0, i),
                play: $("bid-play").value, samples: parseInt($("bid-samples").value, 10) || 50};
  const job = startJob("bid", body, (progress, seconds) => {
    box.firstChild.textContent = "Asking for " + seat + "'s call\u2026 " + Math.round(100 * progress) +
      "% (" + seconds + " s; Escape cancels)";
  });
  S.bid = job;
  let advice;
  try { advice = await job.done; } catch (e) {
    if (S.bid === job) { S.bid = null; box.replaceChildren(el("div", "small", e.message)); }
    return;
  }
  if (S.bid !== job) return;
  S.bid = null;
  box.replaceChildren();
  box.append(el("div", "", seat + " (" + (advice.play || body.play) + ", " + advice.samples + " samples" +
                (advice.exact ? ", exact" : "") + "): " + advice.recommended +
                (advice.runner_up ? ", then " + advice.runner_up +
                 (advice.difference ? " by " + interval(advice.difference, 0) : "") : "")));
  // a call in an auction lists "options"; the first call of a deal lists "rows" (pass scores 0)
  const options = (advice.options || []).map((o) => ({call: o.option, net: o.expected_net,
                                                       make: o.p_make}))
    .concat((advice.rows || []).map((r) => ({call: r.contract, make: r.p_make_estimate,
                                             net: r.expected_score && r.expected_score.x1})));
  if (advice.rows) options.push({call: "Pass", net: {value: 0}, make: null});
  const net = (o) => (o.net ? o.net.value : -Infinity);
  options.sort((x, y) => net(y) - net(x));
  const optionTable = (rows) => {
    const t = el("table", ""), head = el("tr", "");
    for (const h of ["call", "expected net score [95%]", "contract made"]) head.append(el("th", "", h));
    t.append(head);
    for (const o of rows) {
      const row = el("tr", o.call === advice.recommended ? "best" : "");
      row.append(el("td", "", o.call === "Pass" ? "pass" : o.call), el("td", "", interval(o.net, 0)),
                 el("td", "", o.make ? Math.round(100 * o.make.value) + "%" : ""));
      t.append(row);
    }
    return t;
  };
  if (options.length) box.append(optionTable(options.slice(0, 6)));
  if (options.length > 6) {
    const more = el("details", "");
    more.append(el("summary", "small", "the other " + (options.length - 6) + " calls"),
                optionTable(options.slice(6)));
    box.append(more);
  }
  if (advice.criterion) box.append(el("div", "small", "Criterion: " + advice.criterion + "."));
}

// ---- jobs: single dummy and bid advice ----------------------------------------------------

function startJob(kind, body, onProgress) {
  const job = {id: null, cancelled: false, timer: null, wake: null, started: Date.now()};
  job.cancel = () => {
    if (job.cancelled) return;
    job.cancelled = true;
    clearTimeout(job.timer);
    if (job.wake) job.wake();
    if (job.id) api("job/" + encodeURIComponent(job.id), undefined, "DELETE").catch(() => {});
  };
  job.done = (async () => {
    const started = await api(kind, body);
    job.id = started.job;
    for (;;) {
      if (job.cancelled) {
        api("job/" + encodeURIComponent(job.id), undefined, "DELETE").catch(() => {});
        throw new Error("cancelled");
      }
      const state = await api("job/" + encodeURIComponent(job.id));
      if (job.cancelled) continue;
      onProgress(state.progress || 0, Math.round((Date.now() - job.started) / 1000));
      if (state.state === "done") return state.result;
      if (state.state === "cancelled" || state.state === "error") {
        throw new Error(state.error || state.state);
      }
      await new Promise((resolve) => { job.wake = resolve; job.timer = setTimeout(resolve, 250); });
    }
  })();
  return job;
}
function sdUi(running) {
  $("sd-cancel").hidden = !running;
  $("sd-progress").hidden = !running;
  $("sd-ask").disabled = running;
}
async function askSD() {
  if (S.sd || !S.pos || S.pos.finished || S.pos.none) return;
  const line = lineOf(S.cur), key = line.join(" "), note = $("sd-note");
  if (S.sdDone.has(key)) return;
  sdUi(true);
  $("sd-progress").value = 0;
  note.textContent = "Single dummy: starting\u2026";
  const job = startJob("single_dummy", positionBody(line), (progress, seconds) => {
    $("sd-progress").value = progress;
    note.textContent = "Single dummy: " + Math.round(100 * progress) + "% (" + seconds + " s)\u2026";
  });
  S.sd = job;
  let result;
  try {
    result = await job.done;
  } catch (e) {
    if (S.sd === job) { S.sd = null; sdUi(false); note.textContent = "Single dummy: " + e.message; }
    return;
  }
  if (S.sd !== job) return;
  S.sd = null;
  sdUi(false);
  S.sdDone.set(key, result);
  note.textContent = "Single dummy done (" + result.samples + " layouts" +
    (result.exact ? ", every layout" : "") + ") after card " + line.length + ".";
  if (S.pos && lineOf(S.cur).join(" ") === key) renderValues(line, S.pos);
}
function cancelSD() {
  const job = S.sd;
  if (!job) return;
  S.sd = null;
  job.cancel();
  sdUi(false);
  $("sd-note").textContent = "Single dummy cancelled.";
}

// ---- play best, the DD table, export -------------------------------------------------------

async function playBest() {
  if (S.busy || !S.board || !S.pos || S.pos.finished || S.pos.none) return;
  S.busy = true;
  $("play-best").disabled = true;
  $("where").textContent = "Playing the best cards to the end\u2026";
  const line = lineOf(S.cur);
  try {
    const r = await api("play", Object.assign(positionBody(line), {to_end: true}));
    const full = (r.board && r.board.play) || line.concat(r.played);
    let n = S.cur;
    for (const card of full.slice(line.length)) {
      let kid = childWith(n, card);
      if (!kid) { kid = newNode(card, n, false); n.kids.push(kid); }
      n = kid;
    }
    if (r.position) S.cache.set(full.join(" "), Promise.resolve(r.position));
    S.busy = false;
    goTo(n);
  } catch (e) {
    S.busy = false;
    showError(e.message);
    show();
  }
}
async function askTable() {
  const b = S.board, box = $("ddtable");
  if (!b) return;
  box.replaceChildren(el("div", "small", "Solving every trump\u2026"));
  let r;
  try {
    r = await api("table", positionBody([]));
  } catch (e) { box.replaceChildren(el("div", "small", e.message)); return; }
  const rows = new Map();
  for (const x of r.table || []) {
    if (!rows.has(x.trump)) rows.set(x.trump, {});
    rows.get(x.trump)[x.side] = x.points;
  }
  const t = el("table", ""), head = el("tr", "");
  for (const h of ["trump", "NS", "EW"]) head.append(el("th", "", h));
  t.append(head);
  for (const [trump, sides] of rows) {
    const row = el("tr", ""), name = el("td", "");
    name.append(el("span", "sym" + ("HD".includes(trump) ? " red" : ""), SYM[trump] || trump));
    row.append(name, el("td", "", sides.NS), el("td", "", sides.EW));
    t.append(row);
  }
  box.replaceChildren(t);
  const lead = (r.table || [])[0];
  if (lead && lead.leader) box.append(el("div", "small", lead.leader + " leads; trick points with best play."));
}
async function exportLine() {
  const b = S.board;
  if (!b) return;
  const format = $("export-format").value, line = lineOf(S.cur);
  const board = Object.assign({}, b, {play: line});
  let r;
  try { r = await api("export", {board, format}); } catch (e) { showError(e.message); return; }
  const name = (String(b.name || "board").replace(/[^A-Za-z0-9._-]+/g, "-").replace(/^-+|-+$/g, "") ||
                "board") + (S.cur.record ? "" : "-variation") + EXT[format];
  const a = el("a", "");
  a.href = URL.createObjectURL(new Blob([r.text], {type: "text/plain"}));
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10000);
}

// ---- opening records -----------------------------------------------------------------------

function useBoards(boards, title, file) {
  if (!boards || !boards.length) { showError(title + ": no board in this record."); return; }
  S.boards = boards;
  const pick = $("boards");
  pick.replaceChildren();
  boards.forEach((b, i) => {
    const o = el("option", "", (b.name || "Board " + (i + 1)) + (b.contract ? " \u2014 " + b.contract +
                                  (b.declarer ? " " + b.declarer : "") : ""));
    o.value = String(i);
    pick.append(o);
  });
  S.title = title;
  S.file = file === undefined ? null : file;
}
async function openText(text, name) {
  let r;
  try { r = await api("open", {text, name}); } catch (e) { showError(e.message); return; }
  useBoards(r.boards, name);
  if (S.boards === r.boards) {
    $("files").selectedIndex = -1;
    loadBoard(0);
  }
}
async function openFile(index, name) {
  let r;
  try { r = await api("open", {file: index}); } catch (e) { showError(e.message); return null; }
  useBoards(r.boards, name, index);
  return r.boards;
}
function readLocal(file) {
  if (!file) return;
  if (file.size > 4 * 1024 * 1024) { showError(file.name + ": larger than 4 MB."); return; }
  const reader = new FileReader();
  reader.onload = () => openText(String(reader.result), file.name);
  reader.onerror = () => showError(file.name + ": cannot be read.");
  reader.readAsText(file);
}
function typedDeal(e) {
  e.preventDefault();
  const board = {name: $("f-name").value || "Typed deal", mode: $("f-mode").value,
                 dealer: $("f-dealer").value, deal: $("f-deal").value.trim(),
                 contract: $("f-contract").value.trim().toUpperCase() || null,
                 declarer: $("f-declarer").value || null, auction: null, auction_dealer: null, play: []};
  try { parseDeal(board.deal); } catch (err) { showError(err.message); return; }
  S.boards = [board];
  useBoards(S.boards, "Typed deal");
  $("files").selectedIndex = -1;
  $("deal-form").hidden = true;
  $("type-deal").setAttribute("aria-expanded", "false");
  loadBoard(0);
}
async function start() {
  let files = [];
  try {
    const r = await api("files");
    files = (Array.isArray(r) ? r : r.files || []).map((f, i) =>
      typeof f === "string" ? {index: i, name: f} : {index: f.index ?? i, name: f.name});
  } catch (e) { showError(e.message); return; }
  const pick = $("files");
  for (const f of files) {
    const o = el("option", "", f.name);
    o.value = String(f.index);
    pick.append(o);
  }
  $("files-box").hidden = !files.length;
  if (!files.length) { $("deal-form").hidden = false; return; }
  const want = readHash(), file = files[Math.min(want.file, files.length - 1)];
  pick.value = String(file.index);
  const boards = await openFile(file.index, file.name);
  if (!boards) return;
  const index = Math.min(Math.max(want.board, 0), boards.length - 1);
  loadBoard(index);
  for (let k = 0; k < want.cards && !want.line.length && S.cur.kids.length; k++) {
    S.cur = S.cur.kids[0];
  }
  for (const card of want.line.filter((c) => S.owner[c])) {
    const kid = childWith(S.cur, card) || newNode(card, S.cur, false);
    if (!S.cur.kids.includes(kid)) S.cur.kids.push(kid);
    S.cur = kid;
  }
  goTo(S.cur);
}

// ---- wiring --------------------------------------------------------------------------------

$("files").addEventListener("change", async (e) => {
  const o = e.target.selectedOptions[0];
  if (await openFile(parseInt(o.value, 10), o.textContent)) loadBoard(0);
});
$("upload").addEventListener("change", (e) => { readLocal(e.target.files[0]); e.target.value = ""; });
$("boards").addEventListener("change", (e) => loadBoard(parseInt(e.target.value, 10)));
$("type-deal").addEventListener("click", () => {
  const form = $("deal-form");
  form.hidden = !form.hidden;
  $("type-deal").setAttribute("aria-expanded", String(!form.hidden));
  if (!form.hidden) $("f-deal").focus();
});
$("deal-form").addEventListener("submit", typedDeal);
$("start").addEventListener("click", () => goTo(S.root));
$("back").addEventListener("click", () => goTo(S.cur.parent));
$("forward").addEventListener("click", forward);
$("end").addEventListener("click", toEnd);
$("undo").addEventListener("click", undo);
$("record").addEventListener("click", () => goTo(recordAncestor(S.cur)));
$("play-best").addEventListener("click", playBest);
$("view").addEventListener("change", (e) => { S.view = e.target.value; show(); });
$("sd-ask").addEventListener("click", askSD);
$("sd-cancel").addEventListener("click", cancelSD);
$("dd-ask").addEventListener("click", askTable);
$("export").addEventListener("click", exportLine);
document.addEventListener("dragover", (e) => e.preventDefault());
document.addEventListener("drop", (e) => {
  e.preventDefault();
  readLocal(e.dataTransfer && e.dataTransfer.files[0]);
});
document.addEventListener("keydown", (e) => {
  const tag = e.target.tagName;
  if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA" || !S.board) return;
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  if (e.key === "Escape") {
    cancelSD();
    if (S.bid) {
      S.bid.cancel();
      S.bid = null;
      $("advice").replaceChildren(el("div", "small", "Bid advice cancelled."));
    }
    return;
  }
  if (S.busy) return;
  const keys = {
    ArrowLeft: () => goTo(S.cur.parent), ArrowRight: forward, Home: () => goTo(S.root), End: toEnd,
    ArrowUp: () => sibling(-1), ArrowDown: () => sibling(1), Backspace: undo,
    r: () => goTo(recordAncestor(S.cur)), b: playBest, s: askSD,
  };
  const act = keys[e.key];
  if (!act) return;
  e.preventDefault();
  act();
});
start();
