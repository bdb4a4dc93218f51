"""Contracts: notation, parsing, validation against the profiles."""

from dataclasses import replace

import pytest

from belote import (CLASSIC, CLUBS, COINCHE, DIAMONDS, EAST, EW, HEARTS, NORTH, NS, SOUTH, SPADES,
                    WEST, Contract, parse_contract)
from belote.types import as_contract, check_contract
from belote.errors import ContractError


@pytest.mark.parametrize(
    ("text", "expected", "pbn"),
    [
        ("100H", Contract(HEARTS, NORTH, 100, 1, False), "100H"),
        ("100HX", Contract(HEARTS, NORTH, 100, 2, False), "100HX"),
        ("100HXX", Contract(HEARTS, NORTH, 100, 4, False), "100HXX"),
        ("100hxx", Contract(HEARTS, NORTH, 100, 4, False), "100HXX"),
        ("80s", Contract(SPADES, NORTH, 80, 1, False), "80S"),
        ("160C", Contract(CLUBS, NORTH, 160, 1, False), "160C"),
        ("120♦", Contract(DIAMONDS, NORTH, 120, 1, False), "120D"),
        (" 90 ♣ x ", Contract(CLUBS, NORTH, 90, 2, False), "90CX"),
        ("250H", Contract(HEARTS, NORTH, 250, 1, True), "CapotH"),
        ("CapotH", Contract(HEARTS, NORTH, 250, 1, True), "CapotH"),
        ("capotsx", Contract(SPADES, NORTH, 250, 2, True), "CapotSX"),
        ("CAPOT♥XX", Contract(HEARTS, NORTH, 250, 4, True), "CapotHXX"),
    ],
)
def test_parse_coinche(text, expected, pbn):
    contract = parse_contract(text, COINCHE, declarer=NORTH)
    assert contract == expected
    assert contract.to_pbn() == pbn


@pytest.mark.parametrize(
    ("text", "trump"), [("H", HEARTS), ("s", SPADES), ("♦", DIAMONDS), (" c ", CLUBS)]
)
def test_parse_classic(text, trump):
    contract = parse_contract(text, CLASSIC, declarer=EAST)
    assert contract == Contract(trump, EAST, None, 1, False)
    assert contract.to_pbn() == "SHDC"[trump]


def test_declarer_defaults_to_none():
    contract = parse_contract("100H", COINCHE)
    assert contract.declarer is None
    assert contract.side is None


@pytest.mark.parametrize(("seat", "side"), [(NORTH, NS), (EAST, EW), (SOUTH, NS), (WEST, EW)])
def test_side_of_declarer(seat, side):
    assert Contract(HEARTS, seat, 100).side == side


def _all_contracts(profile):
    if profile.auction == "turned-card":
        return [Contract(t, d, None) for t in range(4) for d in (None, 0, 1, 2, 3)]
    bids = list(range(profile.bid_min, profile.bid_max + 1, profile.bid_step))
    return [
        Contract(t, d, b, m, False) for t in range(4) for d in (None, 0, 3) for b in bids
        for m in profile.coinche_multipliers
    ] + [
        Contract(t, 1, profile.capot_bid, m, True) for t in range(4)
        for m in profile.coinche_multipliers
    ]


@pytest.mark.parametrize("profile", [CLASSIC, COINCHE], ids=["classic", "coinche"])
def test_round_trips(profile):
    contracts = _all_contracts(profile)
    assert len(contracts) == (20 if profile is CLASSIC else 4 * 3 * 9 * 3 + 12)
    for contract in contracts:
        assert parse_contract(contract.to_pbn(), profile, contract.declarer) == contract
        assert eval(repr(contract)) == contract
        check_contract(contract, profile)


def test_repr():
    assert repr(parse_contract("CapotDX", COINCHE, WEST)) == (
        "Contract(trump='D', declarer='W', bid=250, multiplier=2, capot=True)"
    )


def test_letters_and_ints_make_one_contract() -> None:
    assert Contract("H", "E", 100) == Contract(1, 1, 100) == parse_contract("100H", COINCHE, 1)
    assert as_contract("100H", COINCHE, "E") == as_contract(Contract(1, None, 100), COINCHE, 1)
    with pytest.raises(ContractError, match="unknown trump 'X'"):
        Contract("X", None, 100)
    with pytest.raises(ContractError, match="declarer 7 is not a seat"):
        Contract("H", 7, 100)
    with pytest.raises(ContractError, match="is taken by E, not by N"):
        as_contract(Contract("H", "E", 100), COINCHE, "N")


@pytest.mark.parametrize(
    ("text", "profile", "message"),
    [
        ("100H", CLASSIC, "classic contracts have no bid (a suit only, e.g. H), got '100H'"),
        ("CapotH", CLASSIC, "classic contracts have no bid (a suit only, e.g. H), got 'CapotH'"),
        ("HX", CLASSIC, "cannot read contract 'HX': X needs a bid (e.g. 100HX)"),
        ("H", COINCHE, "coinche contracts need a bid (e.g. 100H), got 'H'"),
        ("70H", COINCHE, "bid 70 in '70H' is not allowed (coinche bids 80..160 in steps of 10, "
                         "or 250 for capot)"),
        ("170H", COINCHE, "bid 170 in '170H' is not allowed (coinche bids 80..160 in steps of 10, "
                          "or 250 for capot)"),
        ("85H", COINCHE, "bid 85 in '85H' is not allowed (coinche bids 80..160 in steps of 10, "
                         "or 250 for capot)"),
        ("240H", COINCHE, "bid 240 in '240H' is not allowed (coinche bids 80..160 in steps of 10, "
                          "or 250 for capot)"),
        ("0H", COINCHE, "bid 0 in '0H' is not allowed"),
        ("100HXXX", COINCHE, "cannot read contract '100HXXX': at most XX (surcoinche)"),
        ("100NT", COINCHE, "unknown trump 'NT' in contract '100NT' (expected one of S H D C)"),
        ("100Z", COINCHE, "unknown trump 'Z' in contract '100Z' (expected one of S H D C)"),
        ("100", COINCHE, "cannot read contract '100' (expected e.g. 100H, 100HX, CapotS or H)"),
        ("", CLASSIC, "cannot read contract '' (expected e.g. 100H, 100HX, CapotS or H)"),
        ("H100", COINCHE, "cannot read contract 'H100' (expected e.g. 100H, 100HX, CapotS or H)"),
    ],
)
def test_parse_errors(text, profile, message):
    with pytest.raises(ContractError) as info:
        parse_contract(text, profile)
    assert str(info.value) == message


def test_multiplier_must_be_allowed_by_profile():
    no_surcoinche = replace(COINCHE, name="nosurcoinche", coinche_multipliers=(1, 2))
    assert parse_contract("100HX", no_surcoinche).multiplier == 2
    with pytest.raises(ContractError, match=r"^multiplier 4 in '100HXX' is not allowed in "
                                            r"nosurcoinche \(one of 1, 2\)$"):
        parse_contract("100HXX", no_surcoinche)


def test_capot_flag_must_match_profile_capot_bid():
    with pytest.raises(ContractError, match="the capot bid is 250 in coinche"):
        check_contract(Contract(HEARTS, NORTH, 250), COINCHE)
    with pytest.raises(ContractError, match="the capot bid is 250 in coinche"):
        check_contract(Contract(HEARTS, NORTH, 150, capot=True), COINCHE)


def test_unknown_auction_kind():
    odd = replace(COINCHE, name="odd", auction="sealed")
    with pytest.raises(ContractError, match="^unknown auction kind 'sealed' in profile 'odd'$"):
        parse_contract("100H", odd)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        (dict(trump=4, declarer=0, bid=100), "trump 4 is not a suit (expected one of S H D C, or 0..3)"),
        (dict(trump=1, declarer=4, bid=100), "declarer 4 is not a seat (expected one of N E S W, or 0..3)"),
        (dict(trump=1, declarer=0, bid=-10), "bid must be a positive int or None, got -10"),
        (dict(trump=1, declarer=0, bid=100, multiplier=3),
         "multiplier must be 1, 2, 4..., got 3"),
        (dict(trump=1, declarer=0, bid=100, multiplier=0),
         "multiplier must be 1, 2, 4..., got 0"),
        (dict(trump=1, declarer=0, bid=None, multiplier=2),
         "a contract without a bid cannot be coinched (multiplier 2)"),
        (dict(trump=1, declarer=0, bid=None, capot=True), "a capot contract needs its bid value"),
    ],
)
def test_constructor_errors(kwargs, message):
    with pytest.raises(ContractError) as info:
        Contract(**kwargs)
    assert str(info.value) == message


def test_contract_is_frozen_and_hashable():
    contract = parse_contract("100H", COINCHE, NORTH)
    with pytest.raises(AttributeError):
        contract.bid = 110
    assert {contract, parse_contract("100h", COINCHE, NORTH)} == {contract}
