"""Par of coinche deals (``belote.auction.par``) and ``belote par``.

The hand-built deals' par is worked out in the comments from their
double-dummy tables (asserted first, so the reasoning's premises are
checked too). An independent naive solver of the auction (plain recursion,
no memo, contracts judged one by one with ``judge_contract``) is compared
with the library on a reduced bid ladder, and an invariant is checked on
random deals: a side's par is never worse than a contract it makes when the
other side makes nothing as high.
"""

from __future__ import annotations

import dataclasses
import json
import random
from pathlib import Path

import pytest

from conftest import sample_size, run_cli as run

from belote import (CLASSIC, CLUBS, COINCHE, DIAMONDS, EW, HEARTS, NORTH, NS, SPADES, WEST,
                    BeloteError, Contract, Deal, Position, dd_table, judge_contract, par_of)
from belote.auction import (Makeable, ParContract, ParResult, bid_ladder)  # noqa: F401 (eval of reprs)
from belote.dd import verdict_from_points
from belote.errors import ContractError
from belote.types import SidePair, next_seat

DEALS = Path(__file__).resolve().parent.parent / "datasets" / "examples" / "deals.pbn"

NO_COINCHE = dataclasses.replace(COINCHE, name="coinche-without-x", coinche_multipliers=(1,))
"""Coinche with the coinche call removed: the profile where a sacrifice can pay."""

ONE_SUIT_EACH = Deal.from_pbn("N:AKQJT987... .AKQJT987.. ..AKQJT987. ...AKQJT987")

SACRIFICE = Deal.from_pbn("N:QT8.K98..J7 K.QJ.AKQ7.T A97.7..KQ98 J.AT.JT98.A")
"""NS make 160 clubs, EW only 150 diamonds; EW (E) speak first."""


def values(deal: Deal, dealer: int) -> dict[str, tuple[int, int]]:
    """``{trump: (NS, EW)}`` double-dummy points, the dealer's left leading."""
    table = dd_table(deal, next_seat(dealer), COINCHE)
    return {"SHDC"[t]: (table[t, NS], table[t, EW]) for t in range(4)}


def endings(result: ParResult) -> list[tuple[str, int]]:
    return [(c.contract.to_pbn(), c.side) for c in result.contracts]


# --- hand-built deals ---------------------------------------------------------------------

def test_race_to_capot() -> None:
    # Each seat holds a whole suit: the holder of trump takes every trick
    # (on a plain lead he ruffs, then draws trumps), so each side makes 252
    # in its two suits, with Belote (K+Q in the holder's hand).
    assert values(ONE_SUIT_EACH, WEST) == {"S": (252, 0), "H": (0, 252), "D": (252, 0),
                                           "C": (0, 252)}
    # N (dealer W's left) speaks first and bids capot at once: nothing is
    # higher, and a coinche would only double NS's gain. CapotS and CapotD
    # score 252 + 20 + 250 = 522 -> 520. Had N bid less, E would bid capot.
    result = par_of(ONE_SUIT_EACH, WEST)
    assert result.par == SidePair(520, 0)
    assert endings(result) == [("CapotS", NS), ("CapotD", NS)]
    assert result.makeable == SidePair(
        ParContract(Contract(SPADES, None, 250, 1, True), NS, SidePair(520, 0)),
        ParContract(Contract(HEARTS, None, 250, 1, True), EW, SidePair(0, 520)))
    # Dealt by N, E speaks first and EW win the race the same way.
    assert par_of(ONE_SUIT_EACH, NORTH).par == SidePair(0, 520)


def test_sacrifice_pays_without_coinche() -> None:
    assert values(SACRIFICE, NORTH) == {"S": (92, 70), "H": (45, 117), "D": (27, 135),
                                        "C": (148, 14)}
    # Belote: EW in diamonds, NS in clubs. NS make 160C (148 + 20 = 168 >= 160):
    # NS 148 + 20 + 160 = 328 -> 330, EW 14 -> 10, a margin of 320. EW make at
    # most 150D (135 + 20 = 155). With no coinche, E (first to speak) bids
    # 160D at once and fails: NS score 160 + 160 = 320, EW keep their Belote
    # 20 - a margin of 300 instead of 320. NS cannot outbid (only capot,
    # which they fail: 160 + 250 for EW), so they pass.
    result = par_of(SACRIFICE, NORTH, NO_COINCHE)
    assert result.par == SidePair(320, 20)
    assert endings(result) == [("160D", EW)]
    assert result.makeable == SidePair(
        ParContract(Contract(CLUBS, None, 160), NS, SidePair(330, 10)),
        ParContract(Contract(DIAMONDS, None, 150), EW, SidePair(30, 310)))


def test_coinche_pays() -> None:
    # The same deal with coinche: E's 160D would be coinched by S,
    # (160 + 160) x 2 = 640 for NS, so EW do not sacrifice and NS play their
    # 160C: 330 - 10. The coinche, never called, is worth 20 of margin to NS.
    result = par_of(SACRIFICE, NORTH)
    assert result.par == SidePair(330, 10)
    assert endings(result) == [("160C", NS)]
    # On a ladder stopping at 150 both sides make the top bid (NS 150C, EW
    # 150D), and E, first to speak, takes it: 135 + 20 + 150 = 305 -> 310 for
    # EW, 27 -> 30 for NS; a same-value bid is not higher, so NS are shut out.
    assert par_of(SACRIFICE, NORTH, bids=range(80, 151, 10)).par == SidePair(30, 310)


def test_passed_out() -> None:
    # No deal of the first few thousand random ones is passed out over all
    # four suits (each side's values sum to 162, so both must sit just under
    # what makes 80), so the auction is restricted to clubs, where this deal
    # splits 81-81 without Belote: the taker needs 82 (strictly above 81)
    # and neither side has it. Every bid would fail and be coinched: four
    # passes, 0-0, and nothing is makeable.
    deal = Deal.from_pbn("N:QJ8.T9.8.J9 A7.Q8.KT7.K K.AKJ.AQJ.Q T9.7.9.AT87")
    assert values(deal, NORTH) == {"S": (93, 69), "H": (97, 65), "D": (87, 75), "C": (81, 81)}
    result = par_of(deal, NORTH, trumps=[CLUBS])
    assert result.passed_out and result.contracts == ()
    assert result.par == SidePair(0, 0)
    assert result.makeable == SidePair(None, None)
    # With every suit, NS make 90H (97 points): they bid and the deal is played.
    assert not par_of(deal, NORTH).passed_out


def test_result_types_rebuild_and_serialise() -> None:
    result = par_of(SACRIFICE, NORTH)
    assert eval(repr(result)) == result  # noqa: S307 - the repr is the constructor call
    assert result.to_dict() == {
        "dealer": "N", "par": {"NS": 330, "EW": 10},
        "contracts": [{"contract": "160C", "side": "NS", "score": {"NS": 330, "EW": 10}}],
        "makeable": {
            "NS": {"contract": "160C", "side": "NS", "score": {"NS": 330, "EW": 10}},
            "EW": {"contract": "150D", "side": "EW", "score": {"NS": 30, "EW": 310}}}}
    with pytest.raises(dataclasses.FrozenInstanceError):
        result.par = SidePair(0, 0)  # type: ignore[misc]


def test_bad_requests() -> None:
    with pytest.raises(BeloteError, match="bidding auction"):
        par_of(SACRIFICE, NORTH, CLASSIC)
    with pytest.raises(ContractError, match="bid 85"):
        par_of(SACRIFICE, NORTH, bids=[80, 85])
    with pytest.raises(BeloteError, match="holds 7 cards"):
        par_of(Deal.from_pbn("N:QT8.K98..J K.QJ.AKQ7.T A97.7..KQ98 J.AT.JT98.A"), NORTH)


# --- an independent auction solver --------------------------------------------------------

def naive_par(deal: Deal, dealer: int, profile, bids: list[int], trumps: list[int]):
    """The par by plain recursion over the calls (no memo), written from the definition.

    Returns ((NS, EW), endings) with endings a set of (pbn, side) or
    ``"pass"``. Contracts are judged one at a time by ``judge_contract``.
    """
    leader = next_seat(dealer)
    judged: dict[tuple[int, int, int, int], tuple[int, int]] = {}

    def score(bid, trump, side, mult):
        key = (bid, trump, side, mult)
        if key not in judged:
            contract = Contract(trump, side, bid, mult, bid == profile.capot_bid)
            verdict = judge_contract(Position(deal, trump, leader, profile), contract)
            judged[key] = verdict.score.scores
        return judged[key]

    def better(side, a, b):
        """Whether ``side`` prefers score pair ``a`` to ``b`` (margin, then total)."""
        return (a[side] - a[1 - side], a[0] + a[1]) > (b[side] - b[1 - side], b[0] + b[1])

    def choose(side, options):
        best = options[0][0]
        for pair, _ in options:
            if better(side, pair, best):
                best = pair
        return best, set().union(*(e for pair, e in options if pair == best))

    def call(speaker, contract, passes):
        """contract: None or (bid, trump, side)."""
        me = speaker % 2
        nxt = (speaker + 1) % 4
        options = []
        if contract is None:
            options.append(((0, 0), {"pass"}) if passes == 3 else call(nxt, None, passes + 1))
        elif passes == 2:
            options.append((score(*contract, 1), {(contract, 1)}))
        else:
            options.append(call(nxt, contract, passes + 1))
        for bid in bids:
            if contract is None or bid > contract[0]:
                options += [call(nxt, (bid, t, me), 0) for t in trumps]
        if contract is not None and contract[2] != me and len(profile.coinche_multipliers) > 1:
            taker = contract[2]
            options.append(choose(taker, [(score(*contract, m), {(contract, m)})
                                          for m in profile.coinche_multipliers[1:]]))
        return choose(me, options)

    pair, ends = call(leader, None, 0)
    named = set()
    for e in ends:
        if e == "pass":
            named.add("pass")
        else:
            (bid, trump, side), mult = e
            named.add((Contract(trump, None, bid, mult, bid == profile.capot_bid).to_pbn(), side))
    return pair, named


def random_cases(n: int) -> list[tuple[int, int, list[int], list[int], bool]]:
    rng = random.Random(20240601)
    ladder = list(bid_ladder(COINCHE))
    cases = []
    for i in range(n):
        bids = sorted(rng.sample(ladder, 2))
        cases.append((1000 + i, rng.randrange(4), bids, sorted(rng.sample(range(4), 2)),
                      i % 3 == 2))
    return cases


@pytest.mark.parametrize("seed, dealer, bids, trumps, without_coinche",
                         random_cases(sample_size(6, 60)))
def test_naive_auction_agrees(seed, dealer, bids, trumps, without_coinche) -> None:
    deal = Deal.random(seed)
    profile = NO_COINCHE if without_coinche else COINCHE
    pair, named = naive_par(deal, dealer, profile, bids, trumps)
    result = par_of(deal, dealer, profile, bids=bids, trumps=trumps)
    assert result.par == pair
    got = set(endings(result)) or {"pass"}
    assert got == named


# --- an invariant -------------------------------------------------------------------------

@pytest.mark.parametrize("seed", range(sample_size(5, 50)))
def test_par_at_least_an_unopposed_contract(seed) -> None:
    # If side X makes contract c at bid b (x1) and the other side makes
    # nothing at b or above, X can bid c at its first turn (over any lower
    # bid) and coinche any higher or equal bid, which fails; such a coinche
    # is worth at least (160 + b) x 2 - 20 to X, more than any made contract
    # below capot (at most 270 + b). So X's par margin is at least c's.
    deal = Deal.random(seed)
    dealer = seed % 4
    leader = next_seat(dealer)
    table = dd_table(deal, leader, COINCHE)
    result = par_of(deal, dealer)
    made: dict[int, list[tuple[int, SidePair]]] = {NS: [], EW: []}
    for trump in range(4):
        for side in (NS, EW):
            points = table[trump, side]
            capot = points == 0 and judge_contract(
                Position(deal, trump, leader, COINCHE),
                Contract(trump, side, 80)).trick_points[1 - side] == 252
            for bid in bid_ladder(COINCHE):
                contract = Contract(trump, side, bid, 1, bid == 250)
                verdict = verdict_from_points(COINCHE, contract, points, table.belote[trump],
                                              defence_capot=capot)
                if verdict.made:
                    made[side].append((bid, SidePair(*verdict.score.scores)))
    checked = 0
    for side in (NS, EW):
        margin = result.par[side] - result.par[1 - side]
        for bid, score in made[side]:
            if all(other < bid for other, _ in made[1 - side]):
                assert margin >= score[side] - score[1 - side]
                checked += 1
    if not made[NS] and not made[EW]:
        assert result.passed_out
    assert checked or made[NS] and made[EW] or result.passed_out


# --- the command --------------------------------------------------------------------------

EXPECTED = """\
Board 1, dealer N, E speaks first
  deal      N:9..AK97.AKQ .AJT9.QT.87 AK7.K7.J8.T QJT8.Q8..J9
  par       NS 500, EW 0
  contract  CapotD by NS
  makeable  NS CapotD  scores NS 500, EW 0
            EW 120H    scores NS 40, EW 240

Board 2, dealer E, S speaks first
  deal      E:7.T97.Q.A98 AKQJ..T7.QJ T.AK.AK8.KT 98.QJ8.J9.7
  par       NS 240, EW 60
  contract  120S by NS
  makeable  NS 120S  scores NS 240, EW 60
            EW 110H  scores NS 50, EW 220

Board 3, dealer S, W speaks first
  deal      S:AQJ8.AQT..8 KT9.97..K97 .K.KQJ987.T 7.J8.AT.AQJ
  par       NS 310, EW 30
  contract  150D by NS
  makeable  NS 150D  scores NS 310, EW 30
            EW 140C  scores NS 20, EW 290

Board 4, dealer W, N speaks first
  deal      W:7.AJ.AT.AK7 AKQJ.T.97.8 T98.87.KQJ. .KQ9.8.QJT9
  par       NS 20, EW 320
  contract  160D by EW
  makeable  NS 120C  scores NS 240, EW 40
            EW 160D  scores NS 20, EW 320
"""


def test_cli_par_examples() -> None:
    # Board 2 by hand, from `belote solve`'s table (S leads): NS take 102 in
    # spades with Belote, 122 in all, so they make 120S: 102 + 20 + 120 = 242
    # -> 240, EW 60. EW's best is 110H (113 points, no Belote): 113 + 110 =
    # 223 -> 220, NS 49 -> 50. EW cannot make 130 anywhere, and S speaks
    # first: 120S, NS 240 - EW 60. Board 4 (N leads): EW take 141 in
    # diamonds with Belote, 161: 160D scores 141 + 20 + 160 = 321 -> 320 and
    # NS 21 -> 20; NS's best is 120C (121 points): 241 -> 240, EW 41 -> 40.
    code, out, err = run("par", DEALS)
    assert (code, err) == (0, "")
    assert out == EXPECTED


def test_cli_par_json() -> None:
    code, out, err = run("par", DEALS, "--json", "--board", "4")
    assert (code, err) == (0, "")
    assert [json.loads(line) for line in out.splitlines()] == [{
        "board": "4", "file": str(DEALS),
        "deal": "W:7.AJ.AT.AK7 AKQJ.T.97.8 T98.87.KQJ. .KQ9.8.QJT9", "dealer": "W",
        "par": {"NS": 20, "EW": 320},
        "contracts": [{"contract": "160D", "side": "EW", "score": {"NS": 20, "EW": 320}}],
        "makeable": {
            "NS": {"contract": "120C", "side": "NS", "score": {"NS": 240, "EW": 40}},
            "EW": {"contract": "160D", "side": "EW", "score": {"NS": 20, "EW": 320}}}}]


@pytest.mark.parametrize("text, message", [
    ('[Board "5"]\n[Dealer "N"]\n[Mode "classic"]\n'
     '[Deal "N:AKQJT987... .AKQJT987.. ..AKQJT987. ...AKQJT987"]\n',
     "board 5: line 1: par is defined for coinche boards only (this board is classic: "
     "trump is chosen without bids)"),
    ('[Board "6"]\n[Deal "N:AKQJT987... .AKQJT987.. ..AKQJT987. ...AKQJT987"]\n',
     "board 6: line 1: no Dealer tag: par needs the dealer (the dealer's left speaks first)"),
    ('[Board "7"]\n[Dealer "N"]\n[Deal "N:AKQJT987... .AKQJT987.. - -"]\n',
     "board 7: line 3: 2 hands are unknown (S W); at most one can be inferred"),
])
def test_cli_par_errors(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "bad.pbn"
    path.write_text(text)
    code, out, err = run("par", path)
    assert (code, out) == (2, "")
    assert err == f"Error: {path}: {message}\n"
