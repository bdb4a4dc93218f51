"""``belote.player.session``: a match at the table, deal after deal to the target.

The person's seat is played here by a simple rule (pass, then the first legal card), the
other three by the player (its quick setting). Checked: the seat to move and the refusals,
the dealer's rotation, the sheet against :func:`belote.rules.match.session_sheets` of the
records, the end of the match, the same seed giving the same match, and the person's state
holding no card of the other hands before the deal is over.
"""

from __future__ import annotations

import dataclasses
import json
import re

import pytest

from belote import BeloteError
from belote.formats.games import write
from belote.player import MatchSession, new_match
from belote.rules import session_sheets
from belote.types import next_seat, seat_name


def person(session: MatchSession) -> str:
    """The person's call or card: pass, and the first legal card."""
    return "P" if session.game.phase == "auction" else session.legal()[0]


def play_deal(session: MatchSession, states: list[str] | None = None) -> None:
    """Play the deal in progress to its end (each state the person sees kept as JSON)."""
    while session.game.phase != "done":
        seat = session.to_move
        assert seat is not None
        if seat == session.seat:
            session.act(seat, person(session))
        else:
            answer = session.decider()(None)
            session.act(seat, answer["action"], answer.get("explanation"))
        if states is not None:
            states.append(json.dumps(session.state()))


def test_a_bad_match_is_refused() -> None:
    for options, message in (({"mode": "bridge"}, "unknown mode"), ({"seat": "Q"}, "seat"),
                             ({"seed": -2}, "seed: -2"), ({"target": 0}, "target: 0"),
                             ({"strength": "x"}, "strength: 'x' is not one of")):
        with pytest.raises(BeloteError, match=message):
            new_match(**options)  # type: ignore[arg-type]


def test_turns_refusals_and_no_undo() -> None:
    session = new_match(seat="S", dealer="E", seed=3, strength="quick")
    assert session.to_move == 2 and session.bot_to_move is None and session.step == 0
    with pytest.raises(BeloteError, match="it is S's turn, not W's"):
        session.act(3, "P")
    with pytest.raises(BeloteError, match="'100Z' is not a legal call now: P 80S 90S"):
        session.act(2, "100Z")
    with pytest.raises(BeloteError, match="no other seat is to move"):
        session.decider()
    session.act("S", "100♥")  # spelled as a player writes it
    assert session.state()["auction"] == ["100H"] and session.step == 1
    assert session.bot_to_move == 3
    with pytest.raises(BeloteError, match="it is W's turn, not S's"):
        session.act(2, "P")
    with pytest.raises(BeloteError, match="the deal is not over yet"):
        session.next_deal()
    assert not hasattr(session, "undo")


@pytest.mark.parametrize("mode", ["coinche", "classic"])
def test_a_match_to_its_end_scored_as_its_records_are(mode: str) -> None:
    session = new_match(mode=mode, seat="W", dealer="N", seed=11, target=300,
                        strength="quick")
    dealers = []
    while True:
        dealers.append(seat_name(session.game.dealer))
        states: list[str] = []
        play_deal(session, states)
        hands = session.state()["hands"]
        mine = set(hands["W"])
        for text in states[:-1]:  # before the last card: only the seat's own cards unseen
            shown = set(re.findall(r'"([789TJQKA][SHDC])"', text)) - mine
            public = json.loads(text)
            played = {c for t in public["tricks"] for c in t["cards"]} | set(
                public["trick"]["cards"]) | {public["turned"]}
            assert shown <= played, shown - played
        if session.over:
            break
        session.next_deal()
    assert dealers == ["NESW"[(i % 4)] for i in range(len(dealers))]
    sheet = session.sheet
    assert sheet.finished and max(sheet.totals) >= 300
    boards = session.boards()
    assert [b.board for b in boards] == [str(i) for i in range(1, len(boards) + 1)]
    again = session_sheets(boards)[0]  # the records give the same sheet under the rules' target
    assert [d.score for d in again.deals] == [d.score for d in sheet.deals]
    for fmt in ("cfn", "json", "pbn") if mode == "coinche" else ("json", "pbn"):
        text, losses = write(boards, fmt)
        assert losses == [] and text
    with pytest.raises(BeloteError, match="the match is over"):
        session.next_deal()
    with pytest.raises(BeloteError, match="the match is over"):
        session.act(session.seat, "P")
    state = session.state()
    assert state["over"] and state["winner"] in ("NS", "EW") and state["legal"] == []


def test_the_same_seed_plays_the_same_match() -> None:
    def first_deal(seed: int) -> list[str]:
        session = new_match(seat="N", seed=seed, strength="quick")
        play_deal(session)
        return [b.deal.to_pbn() + repr(b.cards) + repr(b.auction) for b in session.boards()]

    assert first_deal(4) == first_deal(4)
    assert first_deal(4) != first_deal(5)


def test_why_the_other_seats_called_is_shown_once_the_deal_is_over() -> None:
    """Each call of the player's seats comes with :meth:`Player.explain`'s record (the call it
    makes without it), kept from the person until the deal is over."""
    session = new_match(mode="coinche", seat="S", dealer="S", seed=3, strength="quick")
    session.players = {s: dataclasses.replace(p, arbitrate=True, layouts=8)
                       for s, p in session.players.items()}  # quick cards, simulated calls
    first = session.game
    states: list[str] = []
    play_deal(session, states)
    assert all('"explanations": null' in text for text in states[:-1])
    end = session.state()
    why = end["explanations"]
    calls = [(seat_name(next_seat(first.dealer, i + 1)), call)
             for i, call in enumerate(end["auction"])]
    assert [(e["seat"], e["action"]) for e in why] == [c for c in calls if c[0] != "S"]
    w = session.players[3]
    assert why[0] == w.explain(first.view(3)).to_dict()  # W spoke first
    assert any(e["call"]["simulated"] for e in why)
    for e in why:
        assert isinstance(e["second_seed_agrees"], bool)
        for cand in e["call"]["candidates"]:
            net = cand["expected_net"]
            assert net["low"] <= net["value"] <= net["high"] and net["n"] == 8
    session.next_deal()
    assert session.state()["explanations"] is None


def test_the_seed_is_shown_only_when_chosen_or_once_the_match_is_over() -> None:
    """The seed deals the cards: a person who did not choose it must not learn it mid-match."""
    assert new_match(seed=4).state()["seed"] == 4
    session = new_match(seat="S", dealer="N", target=1, strength="quick")
    assert session.state()["seed"] is None
    while not session.over:
        play_deal(session)
        if not session.over:
            assert session.state()["seed"] is None
            session.next_deal()
    assert session.state()["seed"] == session.seed
