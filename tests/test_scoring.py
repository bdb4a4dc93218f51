"""Deal scoring in both modes: every rule of the classic and coinche scoring."""

from dataclasses import replace

import pytest

from belote import (CLASSIC, COINCHE, EAST, EW, NORTH, NS, SOUTH, WEST, BeloteError, Contract,
                    parse_contract, score_deal)
from belote.types import SidePair
from belote.errors import ContractError
from belote.rules import DealScore, contract_made, min_points_to_make, round_score


def classic(seat=NORTH):
    return parse_contract("H", CLASSIC, declarer=seat)


def coinche(text, seat=NORTH):
    return parse_contract(text, COINCHE, declarer=seat)


# --- rounding ---------------------------------------------------------------

@pytest.mark.parametrize(
    ("x", "step", "expected"),
    [(85, 10, 90), (84, 10, 80), (80, 10, 80), (0, 10, 0), (4, 10, 0), (5, 10, 10),
     (165, 10, 170), (155, 10, 160), (162, 10, 160), (502, 10, 500), (85, 0, 85),
     (7, 5, 5), (8, 5, 10)],
)
def test_round_score(x, step, expected):
    assert round_score(x, step) == expected


# --- classic ----------------------------------------------------------------

@pytest.mark.parametrize(
    ("trick_points", "belote", "held_in", "scores", "made", "litige", "held_out"),
    [
        # made: each side scores its total (worked example: 100 / 62)
        ((100, 62), None, 0, (100, 62), True, False, 0),
        # reversed: failed, the defence scores 162
        ((62, 100), None, 0, (0, 162), False, False, 0),
        # strictly above by a single point
        ((82, 80), None, 0, (82, 80), True, False, 0),
        ((162, 0), None, 0, (162, 0), True, False, 0),
        # belote counts in the comparison, both ways, and is never lost
        ((75, 87), NS, 0, (95, 87), True, False, 0),
        ((85, 77), EW, 0, (0, 182), False, False, 0),
        ((60, 102), NS, 0, (20, 162), False, False, 0),
        ((100, 62), EW, 0, (100, 82), True, False, 0),
        # litige: defence scores its total, taker its belote, taker's trick points held
        ((81, 81), None, 0, (0, 81), False, True, 81),
        ((71, 91), NS, 0, (20, 91), False, True, 71),
        ((91, 71), EW, 0, (0, 91), False, True, 91),
        # held amounts accumulate over litiges ...
        ((81, 81), None, 81, (0, 81), False, True, 162),
        # ... and go to the winners of the next decisive deal
        ((100, 62), None, 81, (181, 62), True, False, 0),
        ((62, 100), None, 81, (0, 243), False, False, 0),
        ((62, 100), EW, 162, (0, 344), False, False, 0),
        # capot made: 252 + belote, the other side its belote
        ((252, 0), None, 0, (252, 0), True, False, 0),
        ((252, 0), NS, 0, (272, 0), True, False, 0),
        ((252, 0), EW, 0, (252, 20), True, False, 0),
        ((252, 0), None, 81, (333, 0), True, False, 0),
        # failed with a defensive capot: 252 + belote + held
        ((0, 252), None, 0, (0, 252), False, False, 0),
        ((0, 252), NS, 0, (20, 252), False, False, 0),
        ((0, 252), EW, 50, (0, 322), False, False, 0),
        # the defence took every point but not every trick: no capot
        ((0, 162), None, 0, (0, 162), False, False, 0),
        # no rounding in classic
        ((83, 79), None, 0, (83, 79), True, False, 0),
    ],
)
def test_classic_north_takes(trick_points, belote, held_in, scores, made, litige, held_out):
    score = score_deal(CLASSIC, classic(NORTH), trick_points, belote, held_in)
    assert score.scores == scores
    assert (score.ns, score.ew) == scores
    assert score.unrounded == scores
    assert (score.made, score.litige, score.held_out) == (made, litige, held_out)
    assert contract_made(CLASSIC, classic(NORTH), trick_points, belote) is made


@pytest.mark.parametrize(
    ("trick_points", "belote", "held_in", "scores", "litige", "held_out"),
    [
        ((62, 100), None, 0, (62, 100), False, 0),
        ((100, 62), None, 0, (162, 0), False, 0),
        ((81, 81), EW, 30, (81, 131), False, 0),
        ((81, 81), None, 30, (81, 0), True, 111),
        ((252, 0), EW, 10, (262, 20), False, 0),
    ],
)
def test_classic_east_west_takes(trick_points, belote, held_in, scores, litige, held_out):
    for seat in (EAST, WEST):
        score = score_deal(CLASSIC, classic(seat), trick_points, belote, held_in)
        assert (score.scores, score.litige, score.held_out) == (scores, litige, held_out)


def test_classic_deal_score_record():
    score = score_deal(CLASSIC, classic(SOUTH), (71, 91), NS, 10)
    assert score == DealScore(scores=SidePair(20, 91), made=False, litige=True, held_out=81,
                              unrounded=(20, 91), totals=(91, 91))


def test_classic_without_litige_rule_fails_equal_totals():
    strict = replace(CLASSIC, name="strict", equal_totals_litige=False)
    score = score_deal(strict, classic(), (81, 81), None)
    assert (score.scores, score.made, score.litige, score.held_out) == ((0, 162), False, False, 0)


# --- coinche ----------------------------------------------------------------

@pytest.mark.parametrize(
    ("text", "trick_points", "belote", "scores", "unrounded", "made"),
    [
        # made: trick points + belote + bid; defence its trick points + belote
        ("100H", (110, 52), None, (210, 50), (210, 52), True),
        ("100H", (100, 62), None, (200, 60), (200, 62), True),
        ("80H", (97, 65), EW, (180, 90), (177, 85), True),
        ("160H", (162, 0), None, (320, 0), (322, 0), True),
        # belote counts toward the bid
        ("100H", (82, 80), NS, (200, 80), (202, 80), True),
        ("100H", (80, 82), NS, (200, 80), (200, 82), True),
        ("160H", (140, 22), NS, (320, 20), (320, 22), True),
        # bid not reached: defence 160 + bid (+ its belote), taker its belote
        ("100H", (90, 72), None, (0, 260), (0, 260), False),
        ("100H", (95, 67), None, (0, 260), (0, 260), False),
        ("120S", (90, 72), NS, (20, 280), (20, 280), False),
        ("120S", (100, 62), EW, (0, 300), (0, 300), False),
        ("160H", (139, 23), NS, (20, 320), (20, 320), False),
        # bid reached but not strictly above the defence
        ("80H", (81, 81), None, (0, 240), (0, 240), False),
        ("80H", (80, 82), None, (0, 240), (0, 240), False),
        ("80H", (82, 80), EW, (0, 260), (0, 260), False),
        # rounding never decides: 84 vs 78 is made though both round to 80
        ("80H", (84, 78), None, (160, 80), (164, 78), True),
        # capot taken on a numeric bid: 252 + bid (+ belote)
        ("80H", (252, 0), None, (330, 0), (332, 0), True),
        ("80H", (252, 0), NS, (350, 0), (352, 0), True),
        ("80H", (252, 0), EW, (330, 20), (332, 20), True),
        # defensive capot: 250 + bid (+ belote)
        ("80H", (0, 252), EW, (0, 350), (0, 350), False),
        ("120H", (0, 252), NS, (20, 370), (20, 370), False),
        # capot bid: made only with all 8 tricks
        ("CapotH", (252, 0), None, (500, 0), (502, 0), True),
        ("CapotH", (252, 0), NS, (520, 0), (522, 0), True),
        ("250H", (252, 0), EW, (500, 20), (502, 20), True),
        ("CapotH", (162, 0), None, (0, 410), (0, 410), False),
        ("CapotH", (150, 12), NS, (20, 410), (20, 410), False),
        ("CapotH", (0, 252), EW, (0, 520), (0, 520), False),
    ],
)
def test_coinche_not_coinched(text, trick_points, belote, scores, unrounded, made):
    score = score_deal(COINCHE, coinche(text), trick_points, belote)
    assert (score.scores, score.unrounded, score.made) == (scores, unrounded, made)
    assert (score.litige, score.held_out) == (False, 0)
    assert contract_made(COINCHE, coinche(text), trick_points, belote) is made


@pytest.mark.parametrize(
    ("text", "trick_points", "belote", "scores", "unrounded", "made"),
    [
        # coinched: the winner of the contract scores (160 + bid) x 2 + its belote
        ("100HX", (110, 52), None, (520, 0), (520, 0), True),
        ("100HX", (110, 52), EW, (520, 20), (520, 20), True),
        ("100HX", (90, 72), None, (0, 520), (0, 520), False),
        ("100HX", (75, 87), NS, (20, 520), (20, 520), False),
        ("100HX", (52, 110), EW, (0, 540), (0, 540), False),
        ("80SX", (81, 81), None, (0, 480), (0, 480), False),
        ("90SX", (85, 77), None, (0, 500), (0, 500), False),
        # surcoinched: x 4
        ("100HXX", (110, 52), None, (1040, 0), (1040, 0), True),
        ("100HXX", (110, 52), NS, (1060, 0), (1060, 0), True),
        ("100HXX", (90, 72), EW, (0, 1060), (0, 1060), False),
        ("160CXX", (150, 12), NS, (1300, 0), (1300, 0), True),
        # all 8 tricks to the winner of the contract: 250 instead of 160
        ("100HX", (252, 0), None, (700, 0), (700, 0), True),
        ("100HXX", (252, 0), NS, (1420, 0), (1420, 0), True),
        ("100HX", (0, 252), EW, (0, 720), (0, 720), False),
        ("100HXX", (0, 252), None, (0, 1400), (0, 1400), False),
        # capot bid coinched: bid = 250
        ("CapotHX", (252, 0), None, (1000, 0), (1000, 0), True),
        ("CapotHXX", (252, 0), EW, (2000, 20), (2000, 20), True),
        ("CapotHX", (162, 0), NS, (20, 820), (20, 820), False),
        ("CapotHXX", (120, 42), None, (0, 1640), (0, 1640), False),
        ("CapotHX", (0, 252), None, (0, 1000), (0, 1000), False),
    ],
)
def test_coinche_coinched(text, trick_points, belote, scores, unrounded, made):
    score = score_deal(COINCHE, coinche(text), trick_points, belote)
    assert (score.scores, score.unrounded, score.made) == (scores, unrounded, made)
    assert contract_made(COINCHE, coinche(text), trick_points, belote) is made


@pytest.mark.parametrize(
    ("text", "trick_points", "belote", "scores"),
    [
        ("100H", (52, 110), None, (50, 210)),
        ("100H", (110, 52), None, (260, 0)),
        ("100HX", (0, 252), NS, (20, 700)),
        ("CapotSXX", (0, 252), EW, (0, 2020)),
    ],
)
def test_coinche_east_west_takes(text, trick_points, belote, scores):
    for seat in (EAST, WEST):
        assert score_deal(COINCHE, coinche(text, seat), trick_points, belote).scores == scores


def test_coinche_deal_score_record():
    score = score_deal(COINCHE, coinche("80D", SOUTH), (77, 85), EW)
    assert score == DealScore(scores=SidePair(0, 260), made=False, litige=False, held_out=0,
                              unrounded=(0, 260), totals=(77, 105))
    score = score_deal(COINCHE, coinche("80D", SOUTH), (97, 65), EW)
    assert score == DealScore(scores=SidePair(180, 90), made=True, litige=False, held_out=0,
                              unrounded=(177, 85), totals=(97, 85))


# --- min_points_to_make -----------------------------------------------------

@pytest.mark.parametrize(
    ("profile", "text", "belote", "expected"),
    [
        (CLASSIC, "H", None, 82),
        (CLASSIC, "H", NS, 72),
        (CLASSIC, "H", EW, 92),
        (COINCHE, "80H", None, 82),
        (COINCHE, "80H", NS, 72),
        (COINCHE, "80H", EW, 92),
        (COINCHE, "100H", None, 100),
        (COINCHE, "100H", NS, 80),
        (COINCHE, "100H", EW, 100),
        (COINCHE, "160HXX", None, 160),
        (COINCHE, "160H", NS, 140),
        (COINCHE, "CapotH", None, 252),
        (COINCHE, "CapotHX", NS, 252),
    ],
)
def test_min_points_to_make_values(profile, text, belote, expected):
    assert min_points_to_make(profile, parse_contract(text, profile, NORTH), belote) == expected


def _deals_for_taker(profile, taker):
    """Every (t, trick points) with the taker on ``t`` and the defence on the rest."""
    for t in [*range(profile.total_trick_points + 1), profile.capot_trick_points]:
        rest = 0 if t == profile.capot_trick_points else profile.total_trick_points - t
        yield t, ((t, rest) if taker == NS else (rest, t))


def _contracts(profile):
    if profile.auction == "turned-card":
        return [Contract(1, seat, None) for seat in (NORTH, EAST)]
    bids = range(profile.bid_min, profile.bid_max + 1, profile.bid_step)
    return [Contract(1, seat, bid, m) for seat in (NORTH, EAST) for bid in bids
            for m in profile.coinche_multipliers] + [
        Contract(1, seat, profile.capot_bid, m, True) for seat in (NORTH, EAST)
        for m in profile.coinche_multipliers]


@pytest.mark.parametrize("profile", [CLASSIC, COINCHE], ids=["classic", "coinche"])
def test_min_points_to_make_matches_contract_made(profile):
    checked = 0
    for contract in _contracts(profile):
        for belote in (None, NS, EW):
            need = min_points_to_make(profile, contract, belote)
            for t, trick_points in _deals_for_taker(profile, contract.side):
                made = contract_made(profile, contract, trick_points, belote)
                assert made is (t >= need), (contract, belote, t)
                assert score_deal(profile, contract, trick_points, belote).made is made
                checked += 1
    assert checked == len(_contracts(profile)) * 3 * 164


# --- input checks -----------------------------------------------------------

@pytest.mark.parametrize("trick_points", [(100, 61), (252, 10), (-1, 163), (162, 1), (0, 0)])
def test_trick_points_must_be_a_deal(trick_points):
    with pytest.raises(BeloteError, match=r"^trick points .* are not a deal's"):
        score_deal(CLASSIC, classic(), trick_points, None)


def test_held_points_only_with_litige_rule():
    with pytest.raises(BeloteError, match=r"^held_in=81: points are held only by a litige rule"):
        score_deal(COINCHE, coinche("100H"), (110, 52), None, held_in=81)
    with pytest.raises(BeloteError, match=r"^held_in=-1"):
        score_deal(CLASSIC, classic(), (110, 52), None, held_in=-1)


def test_contract_needs_declarer_and_the_profile_mode():
    with pytest.raises(ContractError, match=r"^contract 100H has no declarer: cannot score it$"):
        score_deal(COINCHE, parse_contract("100H", COINCHE), (110, 52), None)
    with pytest.raises(ContractError, match=r"^coinche contracts need a bid"):
        score_deal(COINCHE, classic(), (110, 52), None)
    with pytest.raises(ContractError, match=r"^classic contracts have no bid"):
        min_points_to_make(CLASSIC, coinche("100H"), None)


def test_belote_side_must_be_a_side():
    with pytest.raises(BeloteError, match=r"^belote side 2 is not a side \(expected one of NS EW"):
        contract_made(CLASSIC, classic(), (100, 62), 2)
    assert contract_made("classic", classic(), (100, 62), "NS") == contract_made(
        CLASSIC, classic(), (100, 62), 0)
