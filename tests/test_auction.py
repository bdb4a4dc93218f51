"""The Auction value type: parsing, legality, the final contract and whose turn it is."""

import pickle

import pytest
from belote.errors import AuctionError
from belote import COINCHE, Auction
from belote.types import Call
from hypothesis import given, settings
from hypothesis import strategies as st


def test_four_passes_are_a_redeal():
    a = Auction.parse("N:P E:P S:P W:P")
    assert a.complete and a.passed_out and a.contract is None and a.turn is None


def test_three_passes_after_a_bid_end_it():
    a = Auction.parse("E:P S:90H W:P N:100S E:P S:P")
    assert not a.complete and a.turn == 3
    a = a.with_call("P")
    assert a.complete and a.contract.to_pbn() == "100S" and a.declarer == 0
    assert a.dealer == 0


def test_partner_may_outbid_and_declarer_is_the_last_bidder():
    a = Auction.parse("N:80H E:P S:100H W:P N:P E:P")
    assert a.complete and a.declarer == 2 and a.contract.bid == 100


@pytest.mark.parametrize("text, message", [
    ("N:90H E:90S", "call 2 (E:90S): 90S is not higher than 90H by N"),
    ("N:90H E:80S", "call 2 (E:80S): 80S is not higher than 90H by N"),
    ("N:CapotH E:CapotS", "call 2 (E:CapotS): CapotS is not higher than CapotH by N"),
    ("N:95H", "call 1 (N:95H): bid 95 is not allowed"),
    ("N:170H", "call 1 (N:170H): bid 170 is not allowed"),
    ("N:X", "call 1 (N:X): there is no bid to coinche"),
    ("N:80H E:P S:X", "call 3 (S:X): S cannot coinche 80H, their own side's contract"),
    ("N:80H E:X S:X", "call 3 (S:X): after the coinche of 80HX the contract side answers"),
    ("N:80H E:X S:90H", "call 3 (S:90H): after the coinche"),
    ("N:80H E:XX", "call 2 (E:XX): a surcoinche answers a coinche of one's own contract"),
    ("N:80H E:X S:P W:P", "call 4 (W:P): the auction ended with call 3 (S:P)"),
    ("N:80H E:X S:XX W:P", "call 4 (W:P): the auction ended with call 3 (S:XX)"),
    ("N:80H E:P S:P W:P N:90H", "call 5 (N:90H): the auction ended with call 4 (W:P)"),
    ("N:P S:P", "call 2 (S:P): it is E's turn, not S's"),
    ("N:80Z", "call 1 (N:80Z): cannot read call '80Z'"),
    ("N:H", "call 1 (N:H): cannot read call 'H': a coinche bid needs a value"),
    ("Q:P", "call 1 (Q:P): unknown seat 'Q'"),
    ("P P", "call 1 (P): name the seat of the first call"),
])
def test_illegal_calls_are_named(text, message):
    with pytest.raises(AuctionError) as e:
        Auction.parse(text)
    assert str(e.value).startswith(message)
    assert e.value.call == int(message.split()[1]) - 1


def test_coinche_and_surcoinche():
    a = Auction.parse("N:80H E:X")
    assert not a.complete and a.turn == 2 and a.contract.multiplier == 2
    assert [c.text for c in a.legal_calls()] == ["P", "XX"]
    assert a.with_call("P").complete and a.with_call("P").contract.to_pbn() == "80HX"
    b = a.with_call("XX")
    assert b.complete and b.contract.to_pbn() == "80HXX" and b.declarer == 0


def test_coinche_later_in_the_auction_by_the_partner_of_a_passer():
    a = Auction.parse("N:80H E:P S:P W:X N:P")
    assert a.complete and a.contract.to_pbn() == "80HX"


def test_dealer_given_and_seats_left_out():
    assert Auction.parse("90H P 100S", dealer="W").text() == "N:90H E:P S:100S"
    assert Auction.parse("E:80S P", dealer="N").calls == (Call("80S"), Call("P"))
    with pytest.raises(AuctionError, match="with dealer N, E speaks first, not S"):
        Auction.parse("S:P", dealer="N")
    assert Auction.parse("", dealer="S").turn == 3
    with pytest.raises(AuctionError, match="empty auction needs the dealer"):
        Auction.parse("  ")


def test_spellings():
    a = Auction.parse("n : pass, e: 100♥ s:Coinche w:surcoinche")
    assert a.text() == "N:P E:100H S:X W:XX"
    assert Auction.parse("N:250S").contract.capot
    assert Call.parse("capotC") == Call("CapotC") == Call("bid", 3, 250, True)


def test_classic_rounds():
    kw = {"mode": "classic", "turned": "AH"}
    a = Auction.parse("N:P E:H", **kw)
    assert a.complete and a.contract.trump == 1 and a.declarer == 1 and a.contract.bid is None
    b = Auction.parse("N:P E:P S:P W:P N:P E:S", **kw)
    assert b.complete and b.contract.trump == 0 and b.declarer == 1
    assert Auction.parse("N:P E:P S:P W:P " * 2, **kw).passed_out
    assert [c.text for c in Auction.parse("N:P E:P S:P W:P", **kw).legal_calls()] == [
        "P", "S", "D", "C"]
    with pytest.raises(AuctionError, match="call 1 .N:S.: in round 1 only the turned suit H"):
        Auction.parse("N:S", **kw)
    with pytest.raises(AuctionError, match="call 5 .N:H.: in round 2 the turned suit H"):
        Auction.parse("N:P E:P S:P W:P N:H", **kw)
    with pytest.raises(AuctionError, match="needs the turned card"):
        Auction.parse("N:P", mode="classic")
    with pytest.raises(AuctionError, match="classic has no numeric bids"):
        Auction.parse("N:80H", **kw)


def test_reprs_rebuild_and_pickle():
    for a in (Auction.parse("N:P E:90H S:X W:XX"), Auction.parse("", dealer="E"),
              Auction.parse("N:P E:P S:P W:P N:D", mode="classic", turned="7H")):
        assert eval(repr(a), {"Auction": Auction}) == a
        assert pickle.loads(pickle.dumps(a)) == a
    assert eval(repr(Call("CapotS")), {"Call": Call}) == Call("CapotS")


def _reference_legal(calls, first, profile=COINCHE):
    """An independent statement of the coinche rules: is each call of ``calls`` legal?"""
    bid, bidder, mult, passes = 0, None, 1, 0
    for i, text in enumerate(calls):
        seat = (first + i) % 4
        if mult == 4 or (mult == 2 and passes == 1) or passes == 4 or (bidder is not None
                                                                        and passes == 3
                                                                        and mult == 1):
            return False
        if text == "P":
            passes += 1
        elif text == "X":
            if bidder is None or mult != 1 or (seat - bidder) % 2 == 0:
                return False
            mult, passes = 2, 0
        elif text == "XX":
            if mult != 2:
                return False
            mult = 4
        else:
            if mult != 1:
                return False
            value = 250 if text.startswith("Capot") else int(text[:-1])
            if value <= bid:
                return False
            bid, bidder, passes = value, seat, 0
    return True


CALLS = ["P", "P", "P", "X", "XX", "80H", "90S", "100D", "160C", "CapotH"]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(CALLS), max_size=9), st.integers(0, 3))
def test_legality_matches_a_plain_statement_of_the_rules(calls, dealer):
    try:
        a = Auction(dealer, calls)
        legal = True
    except AuctionError:
        legal = False
    assert legal == _reference_legal(calls, (dealer + 1) % 4)
    if legal:
        assert Auction.parse(a.text()) == a if calls else True
        assert (a.turn is None) == a.complete
        for call in a.legal_calls():
            assert _reference_legal(calls + [call.text], (dealer + 1) % 4)


def _grown(dealer, calls, mode="coinche", turned=None):
    """``calls`` made one at a time by :meth:`Auction.with_call` (each checked against the
    state kept, not re-read): the auction, or the first error's text."""
    a = Auction(dealer, [], mode, turned)
    try:
        for call in calls:
            a = a.with_call(call)
    except AuctionError as e:
        return str(e)
    return a


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(CALLS), max_size=9), st.integers(0, 3))
def test_an_auction_grown_call_by_call_equals_one_made_at_once(calls, dealer):
    try:
        whole = Auction(dealer, calls)
    except AuctionError as e:
        assert _grown(dealer, calls) == str(e)
        return
    grown = _grown(dealer, calls)
    assert grown == whole
    assert (grown.state, grown.complete, grown.contract, grown.legal_calls(),
            list(grown.history())) == (whole.state, whole.complete, whole.contract,
                                       whole.legal_calls(), list(whole.history()))


@settings(max_examples=100, deadline=None)
@given(st.lists(st.sampled_from(["P", "H", "S", "D", "C"]), max_size=9), st.integers(0, 3))
def test_a_classic_auction_grown_call_by_call_equals_one_made_at_once(calls, dealer):
    try:
        whole = Auction(dealer, calls, "classic", "7H")
    except AuctionError as e:
        assert _grown(dealer, calls, "classic", "7H") == str(e)
        return
    grown = _grown(dealer, calls, "classic", "7H")
    assert grown == whole and grown.legal_calls() == whole.legal_calls()
    assert grown.state == whole.state and grown.complete == whole.complete
