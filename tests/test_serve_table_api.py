"""The table of ``belote serve`` over HTTP: a real server on loopback, the match kept in it.

The person's view holds no card of the other hands, nor why the other seats called,
until the deal is over (every answer read during a deal is checked, both modes; the
reasons then come for every call of the other seats); an illegal or
out-of-turn call or card is refused with one line and nothing is taken back;
the token and Origin checks hold on the table's paths; the server keeps a
bounded number of matches; a finished match downloads as CFN (coinche), game JSON
and PBN, which ``belote review`` reads.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from belote.cli.serve import KEPT_MATCHES
from conftest import Client, run_cli, start_serve

CARD = re.compile(r'"([789TJQKA][SHDC])"')
"""A card in an answer's JSON text."""


@pytest.fixture(scope="module")
def server() -> Iterator[Client]:
    proc, url = start_serve("--port", "0")
    yield Client(url)
    proc.terminate()
    assert proc.wait(timeout=30) == 143


def new_match(server: Client, **options: Any) -> dict[str, Any]:
    status, state, _ = server.call("POST", "/api/match", {"strength": "quick", **options})
    assert status == 201, state
    return state


def wait_turn(server: Client, match: str, seen: list[str] | None = None,
              timeout: float = 300.0) -> dict[str, Any]:
    """The match's state once it is the person's turn or the deal is over (every answer kept
    in ``seen`` as JSON text)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        status, state, _ = server.call("GET", f"/api/match/{match}")
        assert status == 200, state
        if seen is not None:
            seen.append(json.dumps(state))
        assert state["error"] is None, state["error"]
        if state["your_turn"] or state["phase"] == "done":
            return state
        time.sleep(0.1)
    raise AssertionError("the other seats did not decide in time")


def act(server: Client, match: str, state: dict[str, Any], action: str,
        seen: list[str] | None = None) -> dict[str, Any]:
    status, after, _ = server.call("POST", f"/api/match/{match}/act",
                                          {"action": action, "step": state["step"]})
    assert status == 200, after
    if seen is not None:
        seen.append(json.dumps(after))
    return after


def play_deal(server: Client, match: str, seen: list[str] | None = None) -> dict[str, Any]:
    """Play the deal in progress to its end: the person passes and plays their first legal
    card; the state at the end."""
    while True:
        state = wait_turn(server, match, seen)
        if state["phase"] == "done":
            return state
        act(server, match, state, "P" if state["phase"] == "auction" else state["legal"][0], seen)


@pytest.mark.parametrize("mode", ["coinche", "classic"])
def test_no_answer_during_a_deal_holds_a_card_of_the_other_hands(server: Client,
                                                                  mode: str) -> None:
    state = new_match(server, mode=mode, seat="S", seed=7, dealer="W")
    match = state["match"]
    assert state["hands"] is None and len(state["hand"]) == (8 if mode == "coinche" else 5)
    for _ in range(6):  # deals until one is played (a deal may be passed out)
        seen: list[str] = []
        end = play_deal(server, match, seen)
        hands = end["hands"]
        assert sorted(sum(hands.values(), [])) == sorted(
            r + s for r in "789TJQKA" for s in "SHDC")
        mine = set(hands["S"])
        assert set(end["hand"]) <= mine
        for text in seen:
            if '"phase": "done"' in text:
                continue  # the deal is over: the hands may be shown
            public = set(re.findall(r'"(?:cards|turned)": (\[[^\]]*\]|"[^"]*")', text))
            shown = {c for group in public for c in CARD.findall(group)}
            hidden = set(CARD.findall(text)) - mine - shown
            assert not hidden, (hidden, text[:400])
            assert '"hands": null' in text and '"explanations": null' in text
        said = [("NESW"[("NESW".index(end["dealer"]) + i + 1) % 4], call)
                for i, call in enumerate(end["auction"])]  # why the others called: once over
        assert [(e["seat"], e["action"]) for e in end["explanations"]] == [
            c for c in said if c[0] != "S"]
        if end["contract"] is not None:
            assert len(end["tricks"]) == 8
            break
        next_state = server.call("POST", f"/api/match/{match}/next", {})[1]
        assert next_state["dealer"] == "NESW"[("NESW".index(end["dealer"]) + 1) % 4]
    else:
        raise AssertionError("six deals passed out")


def test_illegal_and_out_of_turn_actions_are_refused_and_nothing_is_taken_back(
        server: Client) -> None:
    state = new_match(server, mode="coinche", seat="S", seed=3, dealer="E")
    match = state["match"]
    assert state["your_turn"] and state["legal"][0] == "P"  # S speaks first
    for action, why in (("7Z", "'7Z' is not a legal call now: P 80S"),
                        ("AS", "'AS' is not a legal call now"),
                        ("X", "'X' is not a legal call now")):
        status, error, _ = server.call("POST", f"/api/match/{match}/act",
                                       {"action": action, "step": state["step"]})
        assert status == 400 and error["error"].startswith(why), error
    status, error, _ = server.call("POST", f"/api/match/{match}/act", {"action": "P", "step": 9})
    assert status == 409 and "moved on" in error["error"]
    for body in ({}, {"action": 7}, {"action": "P", "step": "1"}, {"action": "x" * 40}):
        status, error, _ = server.call("POST", f"/api/match/{match}/act", body)
        assert status == 400 and error["error"].startswith("act: "), (body, error)
    after = act(server, match, state, "100H")
    assert after["auction"] == ["100H"] and after["step"] == 1
    status, error, _ = server.call("POST", f"/api/match/{match}/act", {"action": "P"})
    # W, or a seat after it once the other seats' quick decisions are made: never S's turn
    assert status == 400 and re.fullmatch(r"it is [NEW]'s turn, not S's", error["error"]), error
    for method, path in (("POST", "undo"), ("DELETE", ""), ("POST", "back")):
        status, _, _ = server.call(method, f"/api/match/{match}/{path}".rstrip("/"), {})
        assert status in (404, 405)
    state = wait_turn(server, match)
    assert state["auction"][0] == "100H"  # still made
    status, error, _ = server.call("GET", f"/api/match/{match}/record?format=cfn")
    assert status == 400 and error["error"] == "record: no deal is finished yet"
    status, error, _ = server.call("POST", f"/api/match/{match}/next", {})
    assert status == 400 and error["error"] == "the deal is not over yet"
    status, error, _ = server.call("GET", "/api/match/0123456789abcdef")
    assert status == 404 and error["error"].startswith("no match '0123456789abcdef'")


@pytest.mark.parametrize("body, error", [
    ({"mode": "belote"}, "unknown mode 'belote' (expected one of classic, coinche)"),
    ({"seat": "X"}, "seat"),
    ({"seed": -1}, "seed: -1"),
    ({"seed": 1.5}, "match: seed is a whole number"),
    ({"target": 0}, "target: 0"),
    ({"strength": "godlike"}, "strength: 'godlike' is not one of"),
    ({"colour": "red"}, "match: unknown field 'colour'"),
])
def test_a_bad_match_is_refused_in_one_line(server: Client, body: dict[str, Any],
                                            error: str) -> None:
    status, answer, _ = server.call("POST", "/api/match", body)
    assert status == 400 and error in answer["error"], answer
    assert server.call("GET", "/api/match")[0] == 200  # and it goes on serving


def test_the_table_needs_the_token_and_its_own_origin(server: Client) -> None:
    state = new_match(server, seat="S", dealer="E")
    path = f"/api/match/{state['match']}"
    assert server.call("GET", path, token=None)[0] == 401
    assert server.call("GET", path + "?token=wrong", token=None)[0] == 403
    assert server.call("POST", "/api/match", {}, token=None)[0] == 401
    status, _, _ = server.call("POST", path + "/act", {"action": "P"},
                               headers={"Origin": "http://evil.example"})
    assert status == 403
    assert server.call("GET", path)[1]["auction"] == []  # the refused call was not made
    status, page, _ = server.call("GET", "/table.html")
    assert status == 200 and b'src="table.js?token=' in page
    assert server.call("GET", "/table.js", token=None)[0] == 401


def test_the_server_keeps_a_bounded_number_of_matches(server: Client) -> None:
    first = new_match(server, seat="S", dealer="E")["match"]  # S to call: nobody thinks
    for _ in range(KEPT_MATCHES):
        new_match(server, seat="S", dealer="E")
    status, error, _ = server.call("GET", f"/api/match/{first}")
    assert status == 404 and f"the last {KEPT_MATCHES}" in error["error"]


@pytest.mark.parametrize("mode", ["coinche", "classic"])
def test_a_finished_match_is_kept_as_a_record_that_review_reads(server: Client, mode: str,
                                                                tmp_path: Path) -> None:
    state = new_match(server, mode=mode, seat="S", seed=5, dealer="N", target=1)
    match = state["match"]
    for _ in range(8):
        state = play_deal(server, match)
        if state["over"]:
            break
        server.call("POST", f"/api/match/{match}/next", {})
    assert state["over"] and state["winner"] in ("NS", "EW")
    status, error, _ = server.call("POST", f"/api/match/{match}/next", {})
    assert status == 400 and error["error"] == "the match is over"
    deals = len(state["sheet"]["deals"])
    formats = [("json", ".jsonl"), ("pbn", ".pbn")]
    if mode == "coinche":
        formats.append(("cfn", ".cfn"))
    else:
        status, error, _ = server.call("GET", f"/api/match/{match}/record?format=cfn")
        assert status == 400 and error["error"] == ("record: CFN holds coinche games only: take "
                                                    "game JSON or PBN")
    for fmt, suffix in formats:
        status, record, _ = server.call("GET", f"/api/match/{match}/record?format={fmt}")
        assert status == 200 and record["deals"] == deals and record["losses"] == []
        path = tmp_path / f"match{suffix}"
        path.write_text(record["text"])
        code, out, err = run_cli("review", path, "--seat", "S", "--json")
        assert code == 0, err
        assert len(json.loads(out)["deals"]) == deals


def test_a_decision_over_the_time_bound_is_shown_and_asked_again() -> None:
    """With ``--timeout 0.1`` a card decision of the player (tenths of a second) runs over:
    the state says which seat could not decide, until the person asks again."""
    proc, url = start_serve("--port", "0", "--timeout", "0.1")
    server = Client(url)
    try:
        match = new_match(server, seat="S", seed=7, dealer="W", strength="normal")["match"]
        error = None
        for _ in range(600):
            status, state, _ = server.call("GET", f"/api/match/{match}")
            assert status == 200
            if state["error"] is not None:
                error = state["error"]
                break
            if state["phase"] == "done":
                break
            if state["your_turn"]:
                act(server, match, state, "P" if state["phase"] == "auction" else
                    state["legal"][0])
            time.sleep(0.05)
        assert error is not None and re.fullmatch(
            r"[NEW] could not decide \(the request ran over 0\.1 s\)\.", error), error
        time.sleep(0.5)
        still = server.call("GET", f"/api/match/{match}")[1]  # looking does not ask again
        assert still["error"] == error and still["thinking"] is None
        status, again, _ = server.call("POST", f"/api/match/{match}/again", {})
        assert status == 200 and again["error"] is None and again["thinking"]["seat"] == error[0]
    finally:
        proc.terminate()
        assert proc.wait(timeout=30) == 143
