"""Card sets, deals and PBN boards survive pickling and copying (worker processes need it)."""

from __future__ import annotations

import copy
import pickle
from pathlib import Path

import pytest

from belote import pbn
from belote import CardSet, Deal
from belote.types import ALL_CARDS

EXAMPLES = Path(__file__).resolve().parent.parent / "datasets" / "examples"
PROTOCOLS = range(pickle.HIGHEST_PROTOCOL + 1)


def roundtrip(obj: object, protocol: int) -> object:
    return pickle.loads(pickle.dumps(obj, protocol=protocol))


@pytest.mark.parametrize("protocol", PROTOCOLS)
@pytest.mark.parametrize("mask", [0, 1, 0b1010_0000_0001, 1 << 31, ALL_CARDS])
def test_cardset(mask: int, protocol: int) -> None:
    back = roundtrip(CardSet(mask), protocol)
    assert type(back) is CardSet
    assert back.mask == mask
    assert back == CardSet(mask) and hash(back) == hash(CardSet(mask))


def test_cardset_stays_immutable() -> None:
    back = roundtrip(CardSet("AS KS"), pickle.HIGHEST_PROTOCOL)
    with pytest.raises(AttributeError, match="CardSet is immutable"):
        back.mask = 0  # type: ignore[misc]


@pytest.mark.parametrize("protocol", PROTOCOLS)
def test_deal(protocol: int) -> None:
    deal = Deal.from_pbn("N:AJ.QJ.AJT.Q 987.T987.K. KQT.A.Q9.A8 -")
    back = roundtrip(deal, protocol)
    assert type(back) is Deal
    assert back == deal
    assert back.to_pbn() == "N:AJ.QJ.AJT.Q 987.T987.K. KQT.A.Q9.A8 -"
    assert back.hands[3] is None
    assert [type(h) for h in back.hands[:3]] == [CardSet] * 3


def test_deal_stays_immutable() -> None:
    back = roundtrip(Deal.random(7), pickle.HIGHEST_PROTOCOL)
    with pytest.raises(AttributeError, match="Deal is immutable"):
        back.hands = ()  # type: ignore[misc]


def test_copies() -> None:
    deal = Deal.random(11)
    assert copy.copy(deal) == deal and copy.deepcopy(deal) == deal
    assert copy.deepcopy(CardSet(0xF0F0)).mask == 0xF0F0


@pytest.mark.parametrize("name", ["deals.pbn", "classic.pbn", "positions.pbn"])
def test_boards(name: str) -> None:
    """Every example board, including the fields left out of ``==`` (file, lines)."""
    boards = pbn.load(EXAMPLES / name)
    back = roundtrip(boards, pickle.HIGHEST_PROTOCOL)
    assert back == boards
    for b, a in zip(boards, back, strict=True):
        assert (a.file, a.source) == (b.file, b.source)
        assert a.deal == b.deal
    assert pbn.dumps(back) == pbn.dumps(boards)


def test_unpickled_board_still_plays() -> None:
    """A board read in one process gives the same position in another."""
    board = pbn.load(EXAMPLES / "positions.pbn")[0]
    position = roundtrip(board, pickle.HIGHEST_PROTOCOL).position()
    assert (position.to_move, position.points, position.tricks_won) == (2, (28, 0), (2, 0))


def test_doctests() -> None:
    """The modules' own examples, pickling included."""
    import doctest

    from belote.types import cards, deal

    for module in (cards, deal):
        result = doctest.testmod(module)
        assert result.attempted > 0 and result.failed == 0, module.__name__


def test_position_repr_rebuilds_it() -> None:
    import dataclasses

    from belote import COINCHE, Position, RuleProfile

    namespace = {"Position": Position, "Deal": Deal, "RuleProfile": RuleProfile}
    start = Position(Deal.random(5), 2, 3, COINCHE)
    lead = min(c for c in range(32) if start.hands[3] >> c & 1)  # W leads any card
    ending = Position(Deal.from_pbn("N:A... K... Q... J..."), 0, 1, "classic", points=(40, 81),
                      tricks_won=(3, 4))
    custom = Position(Deal.random(5), 2, 3, dataclasses.replace(COINCHE, name="house"))
    for position in (start, start.played([lead]), ending, ending.played("KS QS JS AS"),
                     custom):
        back = eval(repr(position), namespace)  # noqa: S307 - the repr is the constructor call
        assert repr(back) == repr(position)
        assert (back.hands, back.trick, back.tricks, back.points, back.tricks_won,
                back.profile) == (position.hands, position.trick, position.tricks,
                                  position.points, position.tricks_won, position.profile)
