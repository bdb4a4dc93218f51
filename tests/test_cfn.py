"""CFN read and written exactly as colver 0.11.1 writes and reads it.

Every state of seeded games bid and played by colver's bots (after each
bid and each card) is read by :func:`belote.formats.cfn.parse_game` and
compared with colver's own view of it (dealt hands, cards in playing
order, contract); the board, written back (also after a trip through PBN),
gives colver's ``to_cfn`` text byte for byte, and colver's ``from_cfn``
reads it to the same state. A sample runs by default; ``--runslow`` plays
2,000 games.
"""

from __future__ import annotations

import pytest
from belote import RecordError, cfn, pbn
from belote.types import parse_card, side_of
from colver_games import colver, full_cfn, play
from conftest import sample_size

FROM_COLVER = tuple(parse_card(colver.Env.card_name(i)) for i in range(32))
"""Our card for each colver card index."""

GAMES = sample_size(16, 2000)


def _colver_view(env) -> tuple:
    """(dealt hands, cards in playing order, contract facts) as colver sees a game."""
    hands = [sorted(FROM_COLVER[c] for c in h) for h in env.get_initial_hands()]
    played = [FROM_COLVER[c] for c in env.get_play_order()]
    return hands, played


@pytest.mark.parametrize("seed", range(GAMES))
def test_every_state_of_a_bot_game_round_trips(seed: int) -> None:
    env, states = play(seed, seed % 4, pass_rate=0.2)
    hands, played = _colver_view(env)
    for n, text in enumerate(states):
        board = cfn.parse_game(text)
        assert [sorted(h) for h in board.deal.hands] == hands, text
        assert list(board.cards) == played[:len(board.cards)], text
        assert cfn.dumps_game(board) == text, text
        assert colver.Env.from_cfn(cfn.dumps_game(board)).to_cfn() == text
        again = pbn.loads(pbn.dumps([board]))[0]
        assert cfn.dumps_game(again) == text, text
    contract = env.get_contract()
    board = cfn.parse_game(states[-1])
    if contract["value"]:
        assert board.contract.bid == contract["value"]
        assert board.contract.trump == contract["trump"]
        assert board.contract.multiplier == 1 << contract["coinche"]
        assert dict(board.tags)[cfn.TAKER_SIDE_TAG] == ("NS", "EW")[contract["team"]]


@pytest.mark.parametrize("seed", range(GAMES))
def test_the_auction_form_gives_the_declarer(seed: int) -> None:
    env, _ = play(seed, seed % 4, pass_rate=0.2)
    text = full_cfn(env)
    board = cfn.parse_game(text)
    bids = [seat for seat, action in env.get_bid_history() if 1 <= action <= 40]
    if bids:
        assert cfn.dumps_game(board) == text
        assert board.declarer == bids[-1]
        assert side_of(board.declarer) == env.get_contract()["team"]
    else:  # passed out: written in three sections, the four passes going without saying
        assert board.passed_out and board.contract is None and not board.cards
        assert cfn.dumps_game(board) == env.to_cfn()


BAD = [
    ("N:-/-/-/- 0", "2 sections: a CFN game has 3"),
    ("X:-/-/-/- - 0", "expected the dealer (N E S W)"),
    ("N:-/-/- - 0", "3 hands: CFN writes 4"),
    ("N:AT.-/-/-/- - 0", "hand 'AT.-' of N: expected 4 suits"),
    ("N:AX.../-/-/- - 0", "unknown rank 'X'"),
    ("N:-/-/-/- Ah7 100hNS", "trick 'Ah7': expected 1 to 4 cards"),
    ("N:-/-/-/- AH 100hNS", "card 'AH' in the tricks"),
    ("N:-/-/-/- - 100hN", "contract '100hN': expected a bid"),
    ("N:-/-/-/- - 170hNS", "bid 170"),
    ("N:ATKQJ987.../.ATKQJ987../..ATKQJ987./...ATKQJ98 - 0", "W 7 cards, expected 8"),
    ("N:ATKQJ987.../.ATKQJ987../..ATKQJ987./...ATKQJ987 As 0", "the tricks need a contract"),
    ("N:TKQJ987.../.ATKQJ987../..ATKQJ987./...ATKQJ987 7h 100hNS",
     "E plays 7H and still holds it"),
    ("N:TKQJ987.../.ATKQJ987../..ATKQJ987./...ATKQJ987 As 100hNS",
     "give N 7, E 9 cards, expected 8 each"),
    ("N:ATKQJ98.../.ATKQJ98../..ATKQJ987./...ATKQJ987 7h7s 100hNS",
     "the hands and the tricks give N 7, S 9 cards"),
]


@pytest.mark.parametrize("text,fragment", BAD)
def test_bad_games_are_one_located_line(text: str, fragment: str) -> None:
    with pytest.raises(RecordError) as info:
        cfn.loads(f"# a comment\n\n{text}\n", file="g.cfn")
    message = str(info.value)
    assert message.startswith("g.cfn: board 1: line 3: ") and "\n" not in message
    assert fragment in message
