"""Every record survives every round trip: a property test over every pair of record formats.

A board is generated (hostile names, tags and section lines; auctions
finished, under way, passed out, coinched, surcoinched, with capots; play
records of any length; classic boards; contracts without an auction), read
from format A (written as A and read back; A is also ContrAI's
``contrai-record/1``, which is only read), then written as B and read back.
The record read from B must equal the record read from A on every field B
holds, and what differs must be exactly what B's loss warning names: every
field that changed is named, and every sentence names a field that changed.
A board B cannot hold at all (CFN: classic rules, no side for the contract,
a first trick not led by the dealer's left) is refused with an error that
says CFN, never written wrong.

The example count is moderate in CI and larger with ``--runslow``.
"""

from __future__ import annotations

import io
import json
import random

import pytest
from belote import CLASSIC, COINCHE, Auction, BeloteError, Board, Contract, Deal, Position, cfn, pbn
from belote.formats import game_json, games
from belote.types import card_name, next_seat
from conftest import sample_size, turned_to_taker
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

FORMATS = ("pbn", "cfn", "json")

_HOSTILE = list('\n\r []"{};%*=\\?\t\u2028') + ["=1=", '"]', "[Board \"9\"]", "AP", "<!--"]
_TEXT = st.lists(st.sampled_from(_HOSTILE) | st.characters(codec="utf-8"), max_size=8).map("".join)
_NAMES = st.sampled_from(["Event", "Site", "Note", "Contract", "Board", "Turned", "Play",
                          "My Event", "", "TakerSide", "CFNAuction", "CFNBidding"]) | _TEXT


_THEIR_SEAT = "NWSE"
"""ContrAI's name of each of our seats (it turns N W S E: its W is our E)."""


def contrai_text(board: Board) -> str | None:
    """``board`` as a ``contrai-record/1`` game of one round, ``None`` if ContrAI cannot say it
    (no auction, classic rules)."""
    auction = board.auction
    if auction is None or auction.profile is not COINCHE:
        return None
    events: list[dict[str, object]] = [
        {"event": "header", "format": "contrai-record/1"},
        {"event": "round_dealt", "round": 1, "dealer": _THEIR_SEAT[auction.dealer],
         "hands": {_THEIR_SEAT[s]: [card_name(c) for c in sorted(board.deal.hands[s])]
                   for s in range(4)}}]
    for i, call in enumerate(auction.calls):
        bid: dict[str, object] = (
            {"kind": "pass"} if call.kind == "pass" else {"kind": "double"}
            if call.kind == "coinche" else {"kind": "redouble"} if call.kind == "surcoinche"
            else {"kind": "contract", "value": "slam" if call.capot else call.bid,
                  "suit": "SHDC"[call.trump]})
        events.append({"event": "bid", "round": 1, "seq": i + 1,
                       "position": _THEIR_SEAT[auction.seat_of(i)], "bid": bid})
    if board.cards:
        pos = Position(board.deal, board.contract.trump, board.first_leader(), COINCHE)
        for i, card in enumerate(board.cards):
            events.append({"event": "card_played", "round": 1, "trick": i // 4 + 1,
                           "position": _THEIR_SEAT[pos.to_move], "card": card_name(card)})
            pos.play(card)
    return "".join(json.dumps(e) + "\n" for e in events)


def read(text: str, fmt: str) -> list[Board]:
    """The boards of ``text`` in ``fmt``."""
    if fmt == "contrai":
        items = list(games.iter_games(io.BytesIO(text.encode()), format="json"))
        assert not any(isinstance(item, BeloteError) for item in items), items
        return items  # type: ignore[return-value]
    if fmt == "pbn":
        return pbn.loads(text)
    if fmt == "cfn":
        return cfn.loads(text)
    return [game_json.parse_record(line) for line in text.splitlines()]


def random_auction(rng: random.Random, dealer: int, classic: bool) -> Auction:
    """A legal auction: finished, under way or passed out, with coinches and capots."""
    turned = None
    if classic:
        turned = rng.choice(["AH", "7S", "JD", "TC"])
    auction = Auction(dealer, (), CLASSIC if classic else COINCHE, turned)
    if rng.random() < 0.15:
        return Auction(dealer, ["P"] * rng.choice((2, 4)), auction.profile, turned)
    stop = rng.random() < 0.3
    while not auction.complete:
        legal = auction.legal_calls()
        weights = [5 if c.kind == "pass" else 3 if c.kind in ("coinche", "surcoinche") else 1
                   for c in legal]
        auction = auction.with_call(rng.choices(legal, weights)[0])
        if stop and rng.random() < 0.3:
            break
    return auction


def random_board(rng: random.Random, name: str | None, tags: dict[str, str],
                 sections: dict[str, list[str]]) -> Board:
    """A board of random deal and record, with the given name, tags and sections."""
    deal = Deal.random(rng)
    dealer = rng.randrange(4)
    classic = rng.random() < 0.1
    kind = rng.random()
    auction = contract = declarer = None
    if kind < 0.6:
        auction = random_auction(rng, dealer, classic)
        contract = auction.contract if auction.complete else None
        deal = turned_to_taker(deal, auction)
    elif kind < 0.85 and not classic:
        trump = rng.randrange(4)
        bid = rng.choice((80, 120, 160, 250))
        declarer = rng.choice((None, rng.randrange(4)))
        contract = Contract(trump, declarer, bid, rng.choice((1, 2, 4)), bid == 250)
        if declarer is None and rng.random() < 0.7:
            tags = dict(tags, TakerSide=rng.choice(("NS", "EW")))
    cards: list[int] = []
    leader = None
    if contract is not None:
        leader = next_seat(dealer) if rng.random() < 0.9 else rng.randrange(4)
        pos = Position(deal, contract.trump, leader, CLASSIC if classic else COINCHE)
        for _ in range(rng.choice((0, 3, 8, 32, rng.randrange(33)))):
            if pos.cards_left == 0:
                break
            card = rng.choice(sorted(pos.legal_cards()))
            pos.play(card)
            cards.append(card)
        if not cards and rng.random() < 0.5:
            leader = None
    return Board(deal, board=name, dealer=dealer, profile=CLASSIC if classic else
                 rng.choice((COINCHE, None)), auction=auction,
                 contract=None if auction is not None else contract, declarer=declarer,
                 play_leader=leader, cards=cards, tags=tags.items(),
                 sections=sections.items())


def _changed(a: Board, b: Board) -> set[str]:
    """The fields of ``a`` that ``b`` does not give back (CFN's own tags and a stated coinche
    aside)."""
    out = set()
    if a.board != b.board:
        out.add("board")
    own = set(cfn.OWN_TAGS)
    if {t for t in a.tags if t[0] not in own} != {t for t in b.tags if t[0] not in own}:
        out.add("tags")
    if {k: v for k, v in a.sections if v} != {k: v for k, v in b.sections if v}:  # no lines: none
        out.add("sections")
    if a.declarer != b.declarer:
        out.add("declarer")
    if a.play_leader != b.play_leader:
        out.add("play_leader")
    if a.contract != b.contract and (a.contract is None or b.contract is None or a.contract.to_pbn()
                                     != b.contract.to_pbn() or "declarer" not in out):
        out.add("contract")
    for name in ("deal", "dealer", "auction", "cards"):
        if getattr(a, name) != getattr(b, name):
            out.add(name)
    if a.stated_profile != b.stated_profile and not (a.stated_profile is None
                                                     and b.stated_profile is COINCHE):
        out.add("stated_profile")
    return out


_WORDS = {"board": ("board name",), "tags": ("tag",), "sections": ("section", "lines"),
          "declarer": ("declarer",), "play_leader": ("first leader",)}


def _fields_named(loss: str) -> set[str]:
    """The fields a loss sentence names."""
    low = loss.lower()
    return {field for field, words in _WORDS.items() if any(w in low for w in words)}


@pytest.mark.parametrize("source", (*FORMATS, "contrai"))
@pytest.mark.parametrize("target", FORMATS)
@settings(max_examples=sample_size(20, 300), deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), name=st.none() | _TEXT | st.sampled_from(["1", "7", "?", ""]),
       tags=st.dictionaries(_NAMES, _TEXT, max_size=3),
       sections=st.dictionaries(_NAMES, st.lists(_TEXT, max_size=3), max_size=2))
def test_a_record_crosses_every_pair_of_formats(source: str, target: str, seed: int,
                                                 name: str | None, tags: dict[str, str],
                                                 sections: dict[str, list[str]]) -> None:
    board = random_board(random.Random(seed), name, tags, sections)
    if source == "contrai":
        contrai = contrai_text(board)
        if contrai is None:
            return
        text = contrai
    else:
        try:
            text, _ = games.write([board], source)
        except BeloteError as e:
            assert source == "cfn" and "CFN" in str(e), e
            return
    [record] = read(text, source)
    try:
        text, losses = games.write([record], target)
    except BeloteError as e:
        assert target == "cfn" and "CFN" in str(e), e
        return
    [back] = read(text, target)
    changed = _changed(record, back)
    assert not changed & {"deal", "dealer", "auction", "cards", "stated_profile"}, changed
    named = set().union(*map(_fields_named, losses)) if losses else set()
    assert changed - {"contract"} <= named, (changed, losses)
    if "contract" in changed:  # CFN without an auction: the side only, so no declarer
        assert "declarer" in named, (changed, losses)
    for loss in losses:
        assert _fields_named(loss) & changed, (loss, changed)


@settings(max_examples=sample_size(20, 300), deadline=None)
@given(seed=st.integers(0, 2**32))
def test_colver_cfn_pbn_json_cfn_is_byte_for_byte(seed: int) -> None:
    """What colver writes (four sections, its auction) comes back byte for byte through
    PBN and JSON."""
    rng = random.Random(seed)
    while True:
        board = random_board(rng, None, {}, {})
        if board.auction is not None and board.stated_profile is not CLASSIC and (
                not board.cards or board.first_leader() == next_seat(board.dealer)):
            break
    line = games.dumps([board], "cfn")
    pbn_text = games.dumps(cfn.loads(line), "pbn")
    json_text = games.dumps(pbn.loads(pbn_text), "json")
    assert games.dumps(read(json_text, "json"), "cfn") == line


def _string_places(value: object, path: tuple[object, ...] = ()
                   ) -> list[tuple[object, ...]]:
    """Where the strings of a decoded JSON value are (the ``format`` names left out)."""
    if isinstance(value, str):
        return [path]
    items = value.items() if isinstance(value, dict) else enumerate(value) \
        if isinstance(value, list) else ()
    return [place for key, item in items if key != "format"
            for place in _string_places(item, (*path, key))]


@pytest.mark.parametrize("source", ("json", "contrai"))
@settings(max_examples=sample_size(20, 200), deadline=None)
@given(seed=st.integers(0, 2**32), surrogate=st.integers(0xD800, 0xDFFF), data=st.data())
def test_a_lone_surrogate_in_any_json_string_is_refused_on_its_line(
        source: str, seed: int, surrogate: int, data: st.DataObject) -> None:
    """A JSON string holding a lone surrogate (no UTF-8 file can hold it) is bad input named
    with its line, wherever it is in a record (issue 33)."""
    board = random_board(random.Random(seed), "1", {}, {})
    text = contrai_text(board) if source == "contrai" else games.dumps([board], "json")
    if text is None:
        return
    objects = [json.loads(line) for line in text.splitlines()]
    n, place = data.draw(st.sampled_from([(n, place) for n, obj in enumerate(objects)
                                          for place in _string_places(obj)]))
    *parents, key = place
    holder = objects[n]
    for parent in parents:
        holder = holder[parent]
    value = holder[key]
    at = data.draw(st.integers(0, len(value)))
    holder[key] = value[:at] + chr(surrogate) + value[at:]
    text = "".join(json.dumps(obj) + "\n" for obj in objects)  # the surrogate as an escape
    errors = [item for item in games.iter_games(io.BytesIO(text.encode()), format="json")
              if isinstance(item, BeloteError)]
    assert errors and f"line {n + 1}: a string holding \\u{surrogate:04x}, a lone surrogate" \
        in str(errors[0]), (errors, place)


def test_the_generators_cover_the_hard_cases() -> None:
    """The boards generated hold every case the property is about."""
    rng = random.Random(1)
    seen = set()
    for _ in range(400):
        board = random_board(rng, None, {}, {})
        auction = board.auction
        if auction is not None:
            seen.add("passed out" if auction.passed_out else
                     "under way" if not auction.complete else "finished")
            seen.update(c.text for c in auction.calls if c.text in ("X", "XX"))
            seen.update("capot" for c in auction.calls if c.capot)
        elif board.contract is not None:
            seen.add("contract without auction")
        if len(board.cards) == 32:
            seen.add("whole play")
        elif board.cards:
            seen.add("partial play")
        if board.stated_profile is CLASSIC:
            seen.add("classic")
    assert seen >= {"passed out", "under way", "finished", "X", "XX", "capot",
                    "contract without auction", "whole play", "partial play", "classic"}
