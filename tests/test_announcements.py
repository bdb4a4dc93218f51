"""The belote announcement as evidence (:mod:`belote.sampling.announcements`, issue 37).

* a seat that played the trump K or Q without announcing never holds the other honour in
  any layout a decision values, sampled or listed; one that announced always does; without
  the reading (``Schedule(belote=False)``) such layouts are drawn;
* what was heard is read from the play (the first honour each seat played);
* a fact the constraints contradict is refused.
"""

from __future__ import annotations

import random
from dataclasses import replace

import numpy as np
import pytest
from belote import CLASSIC, COINCHE, Deal, Position
from belote.advice.hint import visible_constraints
from belote.advice.playout import DEFAULT_SCHEDULE, Schedule, decide, decision_layouts
from belote.errors import ConstraintError
from belote.rules.play import belote_mask
from belote.sampling.announcements import Heard, heard_belote, with_belote
from belote.types.cards import parse_card
from belote.types.contract import Contract

from conftest import played_position, redealt, sample_size


def _facts(count: int, profile, left: tuple[int, ...]
           ) -> list[tuple[Position, Contract, Heard, int]]:
    """Positions where a seat other than the one to move played a trump honour while the
    other honour is still unseen by the player to move: (position, contract, the fact, the
    other honour)."""
    found = []
    seed = 0
    while len(found) < count:
        rng = random.Random(seed)
        pos, contract = played_position(5000 + seed, rng.choice(left), profile)
        seed += 1
        pair = belote_mask(pos.trump)
        for fact in heard_belote(pos):
            other = pair & ~(1 << fact.card)
            unseen = not other & (pos.hands[pos.to_move] | sum(
                pos.played_by(s) for s in range(4)))
            if fact.seat != pos.to_move and unseen:
                found.append((pos, contract, fact, other))
                break
    return found


@pytest.mark.parametrize("profile", [COINCHE, CLASSIC], ids=["coinche", "classic"])
@pytest.mark.parametrize("left", [(27, 22, 18), (9, 7)], ids=["sampled", "listed"])
def test_layouts_agree_with_the_belote_heard(profile, left) -> None:
    silent = announced = 0
    for pos, _, fact, other in _facts(sample_size(12, 60), profile, left):
        layouts, _, exact = decision_layouts(pos, seed=3)
        holds = (layouts[:, fact.seat] & other) != 0
        if fact.announced:
            announced += 1
            assert holds.all(), (pos, fact)
        else:
            silent += 1
            assert not holds.any(), (pos, fact)
            if exact:
                continue
            blind, _, _ = decision_layouts(pos, seed=3,
                                           schedule=replace(DEFAULT_SCHEDULE, belote=False))
            # without the reading some layouts give the seat the other honour
            seen_as_possible = (blind[:, fact.seat] & other) != 0
            assert seen_as_possible.any() or len(blind) < 20, (pos, fact)
    assert silent > 0


def test_an_announcer_holds_the_other_honour() -> None:
    # N holds KS QS and leads the K: the belote is heard, E's layouts put the QS with N
    deal = Deal.from_pbn("N:KQ.A.A. J.K.K.7 9.Q.Q.8 A.J.J.9")
    pos = Position(deal, trump=0, leader=0, profile=COINCHE, points=(80, 42),
                   tricks_won=(2, 2))
    pos.play("KS")
    assert heard_belote(pos) == (Heard(0, parse_card("KS"), True),)
    layouts, _, exact = decision_layouts(pos, schedule=Schedule.line(8, 8, exact=10**6))
    assert exact and len(layouts) > 1
    assert all(h & belote_mask(0) == 1 << parse_card("QS") for h in layouts[:, 0])
    blind, _, _ = decision_layouts(pos, schedule=Schedule((8,) * 8, 10**6, None, False))
    assert len(blind) > len(layouts)
    assert any(not h & (1 << parse_card("QS")) for h in np.asarray(blind)[:, 0])


def test_heard_is_the_first_honour_each_seat_played() -> None:
    deal = Deal.from_pbn("N:KQ.A.A. J.K.K.7 9.Q.Q.8 A.J.J.9")
    pos = Position(deal, trump=0, leader=0, profile=COINCHE, points=(80, 42),
                   tricks_won=(2, 2))
    for card in ("QS", "JS", "9S", "AS"):  # N: the Q, announced; E, S, W: no honour
        pos.play(card)
    assert heard_belote(pos) == (Heard(0, parse_card("QS"), True),)
    while not pos.is_over:  # N's KS later adds nothing: the fact is the first honour's
        pos.play(min(pos.legal_cards()))
    assert heard_belote(pos) == (Heard(0, parse_card("QS"), True),)


def test_a_contradicted_fact_is_refused() -> None:
    deal = Deal.from_pbn("N:KQ.A.A. J.K.K.7 9.Q.Q.8 A.J.J.9")
    pos = Position(deal, trump=0, leader=0, profile=COINCHE, points=(80, 42),
                   tricks_won=(2, 2))
    seen = visible_constraints(pos, 0)  # N sees its own QS
    with pytest.raises(ConstraintError, match="without announcing but holds"):
        with_belote(seen, 0, [Heard(0, parse_card("KS"), False)])
    with pytest.raises(ConstraintError, match="announced the belote but"):
        with_belote(seen, 0, [Heard(1, parse_card("KS"), True)])
    with pytest.raises(ConstraintError, match="not a trump K or Q"):
        with_belote(seen, 0, [Heard(1, parse_card("JS"), True)])


@pytest.mark.parametrize("profile", [COINCHE, CLASSIC], ids=["coinche", "classic"])
def test_a_decision_reading_the_belote_never_reads_a_hidden_card(profile) -> None:
    """Re-dealt as the player to move sees it (announcements included): the same facts are
    heard and the same decision is made."""
    for seed, (pos, contract, _, _) in enumerate(_facts(sample_size(4, 30), profile,
                                                         (22, 14, 9))):
        other = redealt(pos, 700 + seed)
        assert heard_belote(other) == heard_belote(pos)
        first = decide(pos, contract, seed=seed)
        second = decide(other, contract, seed=seed)
        assert (first, first.classes, first.goal, first.points) == (
            second, second.classes, second.goal, second.points), (pos, other)
