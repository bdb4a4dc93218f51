"""``belote bid``'s checks and dispatch in the library: :func:`plan_bid`, :func:`advise_bid`.

Each check raises the error ``belote bid`` reports, naming the same option;
the answer's ``to_dict`` is what the command prints with ``--json``.
"""

from __future__ import annotations

import json
import math

import pytest
from click.testing import CliRunner

from belote import SOUTH, WEST, BidAdvice, BidQuestion, Contract, advise_bid, plan_bid
from belote.errors import ConstraintError, QuestionError
from belote.advice import QUESTION_KINDS, BidRow
from belote.cli.main import cli
from belote.sampling import Estimate

from conftest import RANKS

COINCHE_HAND = "JH 9H AH TH KS AS AD 7C"
AUCTION_HAND = "JS 9S AS TS 7D 8D KC AC"
CLASSIC_HAND = "JH 9H AS KS 7C"

CHECKS = [
    (dict(precision=math.nan), "precision", "nan is not a number between 0 and 0.5"),
    (dict(precision=0.6), "precision", "0.6 is not a number between 0 and 0.5"),
    (dict(play="fast"), "play", "'fast' is not one of double-dummy, single-dummy, both"),
    (dict(mode="nope"), "mode", "unknown mode 'nope' (expected one of classic, coinche)"),
    (dict(hand="JH JH 9H AH TH KS AS AD"), "hand", "JH is given twice"),
    (dict(hand="JH 9H AH TH KS AS AD ZZ"), "hand", "unknown card 'ZZ'" + RANKS),
    (dict(play="single-dummy", precision=0.1), None,
     "--precision is for double-dummy play: single-dummy play plays every sample "
     "(give --samples)"),
    (dict(conventions="jack.toml"), None, "--conventions goes with --auction"),
    (dict(dealer=None), None, "give --dealer (or --auction, whose seats name the dealer)"),
    (dict(contract="100H", turned="AH"), None, "--turned is for --mode classic"),
    (dict(known=("S:8C",)), "known",
     "'S:8C': S is your seat, and 8C is not in your --hand"),
    (dict(contract="100"), "contract",
     "cannot read '100': expected a bid and a trump, e.g. 100H or CapotS"),
    (dict(contract="100HX"), "contract",
     "100HX: give the contract without X or XX (it is judged at x1, x2 and x4 at once)"),
    (dict(contract="85H"), "contract",
     "bid 85 in '85H' is not allowed (coinche bids 80..160 in steps of 10, or 250 for capot)"),
    (dict(mode="classic", hand=CLASSIC_HAND), None, "classic needs --turned CARD"),
    (dict(mode="classic", hand=CLASSIC_HAND, turned="AH", contract="100H"), None,
     "--contract is for coinche; classic tables the four suits"),
    (dict(mode="classic", hand=CLASSIC_HAND, turned="AH 7D"), "turned", "give one card"),
    (dict(mode="classic", hand=CLASSIC_HAND, turned="JH"), "turned", "JH is in your --hand"),
    (dict(mode="classic", hand=CLASSIC_HAND, turned="ZZ"), "turned", "unknown card 'ZZ'" + RANKS),
    (dict(mode="classic", hand=CLASSIC_HAND, turned="AH", known="S:8C"), "known",
     "'S:8C': S is your seat, and 8C is not in your --hand (the cards still to be dealt to "
     "you are not known yet)"),
]

AUCTION_CHECKS = [
    (dict(play="both"), None,
     "--play both does not go with --auction (give double-dummy or single-dummy)"),
    (dict(contract="100H"), None, "--contract does not go with --auction"),
    (dict(precision=0.1), None, "--precision does not go with --auction"),
    (dict(known="S:7H"), "known", "'S:7H': S is your seat, and 7H is not in your --hand"),
    (dict(auction="N:80H E:P S:X"), "auction",
     "call 3 (S:X): S cannot coinche 80H, their own side's contract (only an opponent of the "
     "contract may)"),
    (dict(auction="N:P E:P S:P W:P"), "auction",
     "the auction N:P E:P S:P W:P is over: nobody is to call"),
    (dict(auction="N:P"), "auction", "it is E's turn to call, not S's"),
    (dict(dealer="E"), "auction", "call 1 (N:P): with dealer E, S speaks first, not N"),
    (dict(turned="7D"), "auction", "coinche has no turned card"),
    (dict(conventions="/nonexistent/jack.toml"), "conventions",
     "/nonexistent/jack.toml: cannot read: No such file or directory"),
    (dict(mode="classic", hand=CLASSIC_HAND, auction="N:P E:P"), None,
     "a classic --auction needs --turned CARD"),
    (dict(mode="classic", hand=CLASSIC_HAND, auction="N:P E:P", turned="7D",
          play="single-dummy"), None,
     "single-dummy play of a classic --auction is not available"),
    (dict(mode="classic", hand=CLASSIC_HAND, auction="N:P E:P", turned="7D", known="N:8D"),
     None, "--known, --shape and --points do not go with a classic --auction"),
    (dict(mode="classic", hand=CLASSIC_HAND, auction="N:P E:P", turned="7D 8D"), "auction",
     "turned card: unknown card '7D 8D'" + RANKS),
]


@pytest.mark.parametrize(("given", "option", "message"), CHECKS)
def test_each_check_names_its_option(given, option, message):
    question = BidQuestion(**{"hand": COINCHE_HAND, "seat": "S", "dealer": "W", **given})
    with pytest.raises(QuestionError) as raised:
        plan_bid(question)
    assert (raised.value.option, str(raised.value)) == (option, message)


@pytest.mark.parametrize(("given", "option", "message"), AUCTION_CHECKS)
def test_each_auction_check_names_its_option(given, option, message):
    question = BidQuestion(**{"hand": AUCTION_HAND, "seat": "S", "auction": "N:P E:80H",
                              **given})
    with pytest.raises(QuestionError) as raised:
        plan_bid(question)
    assert (raised.value.option, str(raised.value)) == (option, message)


@pytest.mark.parametrize(("given", "option", "message"), [
    (dict(hand="JH 9H AH TH KS AS AD"), None, "S's hand KS AS 9H TH JH AH AD has 7 cards, not 8"),
    (dict(known="N:JH"), None, "JH is known to be in N's hand and in S's"),
    (dict(known="N:ZZ"), "known", "'N:ZZ': unknown card 'ZZ'" + RANKS),
    (dict(shape="N:Q>=3"), "shape", "'N:Q>=3': unknown suit 'Q' (expected one of S H D C)"),
    (dict(shape=("N:H>=3", "E:H>=3")), None,
     "no deal satisfies the constraints: no way to deal the 4 unseen H (N H3-8, E H3-8, S's "
     "hand is complete, S holds 9H TH JH AH)"),
])
def test_constraints_name_their_option(given, option, message):
    question = BidQuestion(**{"hand": COINCHE_HAND, "seat": "S", "dealer": "W", **given})
    with pytest.raises(ConstraintError) as raised:
        plan_bid(question)
    assert (raised.value.option, str(raised.value)) == (option, message)


def test_one_text_is_one_constraint_as_on_the_command_line():
    one = BidQuestion(hand=COINCHE_HAND, seat="S", dealer="W", known="N:7S,8S", shape="E:S<=2",
                      points="W:H>=5")
    assert (one.known, one.shape, one.points) == (("N:7S,8S",), ("E:S<=2",), ("W:H>=5",))
    assert (one.seat, one.dealer) == (SOUTH, WEST)
    assert plan_bid(one).layouts == plan_bid(BidQuestion(
        hand=COINCHE_HAND, seat=SOUTH, dealer=WEST, known=["N:7S,8S"], shape=["E:S<=2"],
        points=["W:H>=5"])).layouts


def _cli_json(*args: str) -> dict:
    result = CliRunner().invoke(cli, ["bid", *args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


@pytest.mark.parametrize(("question", "args"), [
    (BidQuestion(hand=COINCHE_HAND, seat="S", dealer="W", contract="100H", samples=50),
     ("--hand", COINCHE_HAND, "--seat", "S", "--dealer", "W", "--contract", "100H", "-n", "50")),
    (BidQuestion(hand=COINCHE_HAND, seat="S", dealer="W", samples=30, seed=4),
     ("--hand", COINCHE_HAND, "--seat", "S", "--dealer", "W", "-n", "30", "--seed", "4")),
    (BidQuestion(hand=CLASSIC_HAND, seat="S", dealer="W", mode="classic", turned="AH",
                 samples=40),
     ("--mode", "classic", "--hand", CLASSIC_HAND, "--turned", "AH", "--seat", "S",
      "--dealer", "W", "-n", "40")),
    (BidQuestion(hand=AUCTION_HAND, seat="S", auction="N:P E:80H", samples=40),
     ("--hand", AUCTION_HAND, "--seat", "S", "--auction", "N:P E:80H", "-n", "40")),
    (BidQuestion(hand=COINCHE_HAND, seat="S", dealer="W", contract="100H", samples=3,
                 play="both", worlds=4),
     ("--hand", COINCHE_HAND, "--seat", "S", "--dealer", "W", "--contract", "100H", "-n", "3",
      "--play", "both", "--worlds", "4", "-j", "1")),
])
def test_the_answer_is_what_the_command_prints(question, args):
    answer = advise_bid(question)
    assert answer.to_dict() == _cli_json(*args)
    assert (answer.seat, answer.dealer, answer.leader, answer.seed) == (
        SOUTH, WEST, 0, question.seed)


@pytest.mark.parametrize(("question", "kind"), [
    (BidQuestion(hand=COINCHE_HAND, seat="S", dealer="W", contract="100H", samples=8), "contract"),
    (BidQuestion(hand=COINCHE_HAND, seat="S", dealer="W", samples=8), "table"),
    (BidQuestion(hand=CLASSIC_HAND, seat="S", dealer="W", mode="classic", turned="AH",
                 samples=8), "classic"),
    (BidQuestion(hand=AUCTION_HAND, seat="S", auction="N:80D E:P", samples=8), "bid"),
    (BidQuestion(hand=AUCTION_HAND, seat="S", auction="N:P E:80H", samples=8), "defence"),
    (BidQuestion(hand=AUCTION_HAND, seat="S", auction="N:80D E:X", samples=8), "surcoinche"),
    (BidQuestion(hand=CLASSIC_HAND, seat="S", mode="classic", turned="7D",
                 auction="N:P E:P", samples=8), "take"),
])
def test_every_question_has_one_typed_answer(question, kind):
    """One BidAdvice whatever the question: typed rows (a Contract, Estimates, never a
    string to slice), the recommendation among them, the best expected score first."""
    advice = advise_bid(question)
    assert isinstance(advice, BidAdvice) and advice.kind == kind and advice.kind in QUESTION_KINDS
    assert advice.rows and all(isinstance(row, BidRow) for row in advice.rows)
    for row in advice.rows:
        assert row.contract is None or isinstance(row.contract, Contract)
        assert isinstance(row.expected, Estimate) and row.expected.n == advice.samples
        if kind in ("contract", "table", "classic"):
            assert row.double_dummy is not None and row.double_dummy.contract == row.contract
            assert row.expected == row.double_dummy.expected_score[1]
            assert row.call == row.contract.to_pbn()
    if kind == "contract":
        assert advice.choice is None
        return
    assert advice.choice is not None
    best = max(advice.rows, key=lambda r: r.expected.value)
    passing = advice.choice.recommended == "Pass" and kind in ("table", "classic")
    if passing:  # the table's pass is worth 0 and is not a row
        assert best.expected.value <= 0
    else:
        assert advice.row(advice.choice.recommended).expected.value == best.expected.value


@pytest.mark.parametrize("auction", [
    "N:P E:80H",  # an opponent opened
    "E:P S:80S W:90H N:P E:P",  # your own bid was overcalled
    "N:80D E:90H",  # partner's bid was overcalled
])
def test_every_legal_call_is_valued(auction):
    """At any point of an auction every legal call is on the menu, each the contract then
    played (issue 37): facing an opponent's contract, Pass, X and every overcall."""
    question = BidQuestion(hand=AUCTION_HAND, seat="S", auction=auction, samples=6)
    advice = advise_bid(question)
    job = plan_bid(question)
    legal = [call.text for call in job.auction.legal_calls()]
    calls = [row.call for row in advice.rows]
    assert sorted(calls) == sorted("Pass" if c == "P" else c for c in legal)
    assert advice.kind == "defence" and len(calls) > 2
    for row in advice.rows[2:]:
        assert row.contract.declarer == SOUTH and row.contract.multiplier == 1
        assert row.p_make is not None and row.p_make.n == 6
    assert advice.choice.recommended in calls and advice.choice.runner_up in calls
    assert advice.choice.difference.n == 6
