"""Cross-check the double-dummy solver against the independent solver ``colver``.

``colver`` (PyPI, MIT, written in Rust) plays belote coinchée with the same
rules as the ``coinche`` profile and solves deals double-dummy. It is an
optional test dependency: without it this module is skipped.

Two checks, both exact:

* full deals: :func:`dd_table` from the opening lead against colver's
  ``solve_all_suits`` (N-S and E-W trick points for each of the four trumps;
  colver's E-W column has always read 162 - N-S, 0 against an N-S capot and
  252 when N-S is held to 0, so it may be derived from N-S rather than
  solved);
* positions reached by random legal play: the legal cards at every step,
  then the N-S whole-deal value of every legal card
  (:func:`position_analysis` against colver's ``solve_scores``).

A sample runs by default; ``--runslow`` runs many more seeds (see
``conftest.sample_size``). Every failure
message carries the deal in PBN, the dealer, the trump and the cards played,
enough to replay the case.

Deals on which a development version once disagreed with colver are kept as
fixed cases with colver's values written out (:data:`REGRESSIONS`); they run
without colver too, and are compared with colver live when it is installed.
"""

from __future__ import annotations

import random

import pytest
from conftest import sample_size

from belote import COINCHE, EW, NORTH, NS, SOUTH, Deal, Position, dd_table, position_analysis
from belote.types import SUITS, SUIT_NAMES, card_name, parse_card, seat_name

try:
    import colver
except ImportError:  # an optional test dependency
    colver = None

needs_colver = pytest.mark.skipif(colver is None, reason="colver is not installed")

FROM_COLVER = tuple(parse_card(colver.Env.card_name(i)) for i in range(32)) if colver else ()
"""Our card for each colver card index, read from colver's own card names."""
TO_COLVER = {card: i for i, card in enumerate(FROM_COLVER)}
"""Colver's card index for each of our cards."""

DEALS = sample_size(20, 300)
"""Seeded full deals checked (many more with ``--runslow``)."""
POSITIONS = sample_size(32, 320)
"""Seeded positions checked; seed ``s`` plays ``s % 32`` cards first."""


def colver_env(deal: Deal, dealer: int, trump: int):
    """A colver game in the play phase: ``deal`` dealt by ``dealer``, ``trump`` trump.

    The contract's bid, team and coinche level do not affect the card points.
    """
    env = colver.Env.deal_with_hands(dealer, [[TO_COLVER[c] for c in h] for h in deal.hands])
    env.set_contract(trump, 80, 0, 0)
    env.set_phase_playing()
    return env


def names(cards) -> str:
    """Card names joined by spaces, in the given order."""
    return " ".join(card_name(c) for c in cards)


def replay_text(deal: Deal, dealer: int, trump: int | None, played: list[int]) -> str:
    """What a failure prints to reproduce the case."""
    trump_text = "all four" if trump is None else SUIT_NAMES[trump]
    return (f"deal {deal.to_pbn()!r} dealer {seat_name(dealer)} (leader "
            f"{seat_name((dealer + 1) % 4)}) trump {trump_text}, played [{names(played)}]")


@needs_colver
@pytest.mark.parametrize("seed", range(DEALS))
def test_full_deal_table_matches_colver(seed: int) -> None:
    rng = random.Random(seed)
    deal = Deal.random(rng)
    dealer = rng.randrange(4)
    ours = dd_table(deal, leader=(dealer + 1) % 4, profile=COINCHE)
    theirs = colver_env(deal, dealer, trump=0).solve_all_suits()["suits"]
    assert [[ours[t, NS], ours[t, EW]] for t in SUITS] == theirs, \
        replay_text(deal, dealer, None, [])


def play_randomly(seed: int) -> tuple[Deal, int, int, list[int], Position, object]:
    """Play ``seed``'s deal forward at random, checking the legal cards at each step.

    The number of cards played runs through 0..31 as the seed grows, so the
    sample covers the opening lead, every place within a trick, and the last
    tricks. Returns the deal, dealer, trump, cards played and both engines'
    positions.
    """
    rng = random.Random(seed)
    deal = Deal.random(rng)
    dealer = rng.randrange(4)
    trump = rng.randrange(4)
    position = Position(deal, trump, (dealer + 1) % 4, COINCHE)
    env = colver_env(deal, dealer, trump)
    played: list[int] = []
    for _ in range(seed % 32):
        ours = set(position.legal_cards())
        theirs = {FROM_COLVER[i] for i in env.legal_actions()}
        assert ours == theirs, (f"legal cards differ: ours [{names(sorted(ours))}] colver "
                                f"[{names(sorted(theirs))}]; "
                                + replay_text(deal, dealer, trump, played))
        card = rng.choice(sorted(ours))
        position.play(card)
        env.step(TO_COLVER[card])
        played.append(card)
    return deal, dealer, trump, played, position, env


@needs_colver
@pytest.mark.parametrize("seed", range(POSITIONS))
def test_position_card_values_match_colver(seed: int) -> None:
    deal, dealer, trump, played, position, env = play_randomly(seed)
    where = replay_text(deal, dealer, trump, played)
    assert env.current_player() == position.to_move, where
    theirs = {FROM_COLVER[i]: ns for i, ns in env.solve_scores()["scores"]}
    ours = {cv.card: cv.ns for cv in position_analysis(position).cards}
    assert set(ours) == set(theirs), where
    assert ours == theirs, where


REGRESSIONS = [
    ("N:AQT7.9.JT.Q 9.K.AKQ8.T9 KJ.JT8.9.K8 8.AQ7.7.AJ7", SOUTH,
     [[91, 71], [73, 89], [56, 106], [0, 252]]),
    ("N:A8.JT9.Q7.7 KQ.AK8.T.J8 J7.7.AJ8.AK T9.Q.K9.QT9", NORTH,
     [[95, 67], [141, 21], [122, 40], [36, 126]]),
    ("N:AK9.KT.Q.AQ J.AQ8.A98.9 Q.J97.7.T87 T87..KJT.KJ", NORTH,
     [[59, 103], [125, 37], [16, 146], [51, 111]]),
]
"""Full deals a development version once solved wrongly: PBN, dealer and colver's
``[N-S, E-W]`` values for trumps ``S H D C`` (the failing entries were N-S with
diamonds in the first and third deal, and all four N-S values in the second)."""


@pytest.mark.parametrize("pbn, dealer, table", REGRESSIONS, ids=["d1", "d2", "d3"])
def test_regression_deal_table(pbn: str, dealer: int, table: list[list[int]]) -> None:
    deal = Deal.from_pbn(pbn)
    deal.validate(cards_each=8)
    ours = dd_table(deal, leader=(dealer + 1) % 4, profile=COINCHE)
    assert [[ours[t, NS], ours[t, EW]] for t in SUITS] == table, \
        replay_text(deal, dealer, None, [])


@needs_colver
@pytest.mark.parametrize("pbn, dealer, table", REGRESSIONS, ids=["d1", "d2", "d3"])
def test_regression_deal_matches_colver(pbn: str, dealer: int, table: list[list[int]]) -> None:
    """Colver still gives the written values, and each opening lead colver's value."""
    deal = Deal.from_pbn(pbn)
    assert colver_env(deal, dealer, trump=0).solve_all_suits()["suits"] == table
    for trump in SUITS:
        position = Position(deal, trump, (dealer + 1) % 4, COINCHE)
        scores = colver_env(deal, dealer, trump).solve_scores()["scores"]
        theirs = {FROM_COLVER[i]: ns for i, ns in scores}
        ours = {cv.card: cv.ns for cv in position_analysis(position).cards}
        assert ours == theirs, replay_text(deal, dealer, trump, [])
