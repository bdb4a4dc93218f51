// What both pages of `belote serve` share (the analysis board, page.js, and the table,
// table.js): the run's token, the card letters, and the one way to ask the server.
"use strict";

const TOKEN = new URLSearchParams(location.search).get("token") || "";
const SEATS = "NESW", SUITS = "SHDC", PLAIN = "AKQJT987", TRUMP_ORDER = "J9ATKQ87";
const SYM = {S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663"};
const $ = (id) => document.getElementById(id);

// Elements, seats and cards (every string through textContent, never innerHTML).
function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined && text !== null) e.textContent = String(text);
  return e;
}
function sideOf(seat) { return seat === "N" || seat === "S" ? "NS" : "EW"; }
function isRed(card) { return card[1] === "H" || card[1] === "D"; }
function cardEl(card, tag, extra) {
  const c = el(tag || "span", "card" + (isRed(card) ? " red" : "") + (extra ? " " + extra : ""));
  c.append(el("span", "", card[0] === "T" ? "10" : card[0]), el("span", "", SYM[card[1]]));
  c.title = card;
  c.dataset.card = card;
  return c;
}
function handOrder(cards, trump) {
  const key = (c) => SUITS.indexOf(c[1]) * 8 + (c[1] === trump ? TRUMP_ORDER : PLAIN).indexOf(c[0]);
  return cards.slice().sort((a, b) => key(a) - key(b));
}
function showError(message) {
  const box = $("error");
  box.textContent = message || "";
  box.hidden = !message;
}
function nextSeat(seat, k) { return SEATS[(SEATS.indexOf(seat) + (k === undefined ? 1 : k) + 4) % 4]; }

// Ask the server: GET without a body, POST (or ``method``) with one; the token goes in the
// Authorization header and the query. An answer that is not OK throws its error message.
async function api(path, body, method) {
  const init = {method: method || (body === undefined ? "GET" : "POST"),
                headers: {"Authorization": "Bearer " + TOKEN}};
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const sep = path.includes("?") ? "&" : "?";
  const answer = await fetch("/api/" + path + sep + "token=" + encodeURIComponent(TOKEN), init);
  let data = null;
  try { data = await answer.json(); } catch (e) { data = null; }
  if (!answer.ok) throw new Error((data && data.error) || ("the server answered " + answer.status));
  return data;
}
