// What both pages of `belote serve` share (the analysis board, page.js, and the table,
// table.js): the run's token, the card letters, and the one way to ask the server.
"use strict";

const TOKEN = new URLSearchParams(location.search).get("token") || "";
const SEATS = "NESW", SUITS = "SHDC", PLAIN = "AKQJT987", TRUMP_ORDER = "J9ATKQ87";
const SYM = {S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663"};
const $ = (id) => document.getElementById(id);

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
