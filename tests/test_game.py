"""One deal as a state machine (:mod:`belote.player.game`) against the rules.

* the legal actions are the auction's legal calls, then the position's legal cards; anything
  else is a ``GameError`` (a ``ValueError``);
* classic: five cards each and the turned card for the auction, then the deal completed from
  the pack (the taker gets the turned card and two more, the others three);
* eight passes (classic) or four (coinche) pass the deal out: no play, no score;
* the result is :func:`belote.rules.scoring.score_deal` of the play the record replays, and the
  record reads back from game JSON (and CFN, coinche) as written;
* a view holds the seat's own cards only, and the belote announcements as they are made.
"""

from __future__ import annotations

import io
import random

import pytest

from belote.board import Board
from belote.errors import BeloteError
from belote.formats import games
from belote.player.game import Game, GameError
from belote.rules.play import belote_mask
from belote.rules.scoring import score_deal
from belote.types.auction import Call
from belote.types.cards import CardSet, card_name, parse_card
from belote.types.deal import SEATS, next_seat, side_of


def random_game(seed: int, mode: str, stop: int = 32) -> Game:
    """A game of random legal actions (a take or bid now and then) until ``stop`` cards."""
    rng = random.Random(seed)
    game = Game.random(seed, rng.randrange(4), mode, number=seed)
    while game.phase != "done" and len(game.cards) < stop:
        legal = game.legal()
        if game.phase == "auction":
            passes = [c for c in legal if c.kind == "pass"]
            action = passes[0] if passes and rng.random() < 0.6 else rng.choice(legal)
        else:
            action = rng.choice(legal)
        game = game.apply(action)
    return game


@pytest.mark.parametrize("mode", ["coinche", "classic"])
def test_legal_actions_are_the_rules(mode: str) -> None:
    for seed in range(20):
        game = Game.random(seed, seed % 4, mode)
        rng = random.Random(seed)
        while game.phase != "done":
            legal = game.legal()
            if game.phase == "auction":
                assert legal == game.auction.legal_calls()
                assert game.to_move == game.auction.turn
            else:
                pos = game.position
                assert CardSet(legal) == pos.legal_cards() and game.to_move == pos.to_move
                illegal = [c for c in range(32) if c not in legal]
                with pytest.raises(ValueError):
                    game.apply(rng.choice(illegal))
                with pytest.raises(GameError, match="to play a card"):
                    game.apply(Call("P"))
            game = game.apply(rng.choice(legal) if game.phase == "play" or rng.random() < 0.3
                              else legal[0])
        assert game.legal() == () and game.to_move is None
        with pytest.raises(GameError, match="over"):
            game.apply("P")


def test_an_illegal_call_names_why() -> None:
    game = Game.random(1, "N", "coinche").apply("90H")
    with pytest.raises(GameError, match="S cannot call 80S: 80S is not higher than 90H"):
        game.apply("80S")
    with pytest.raises(GameError, match="cannot coinche"):
        game.apply("P").apply("X")
    with pytest.raises(GameError, match="to call, not to play"):
        game.apply(parse_card("JH"))
    classic = Game.random(1, "N", "classic")
    other = next(s for s in "SHDC" if s != card_name(classic.turned)[1])
    with pytest.raises(GameError, match="round 1 only the turned suit"):
        classic.apply(other)


def test_a_pack_deals_as_the_rules_say() -> None:
    pack = list(range(32))
    random.Random(4).shuffle(pack)
    coinche = Game.new(pack, "W", "coinche")
    assert coinche.view("N").hand == CardSet(pack[0:3] + pack[12:14] + pack[20:23])
    classic = Game.new(pack, "W", "classic")
    assert classic.view("N").hand == CardSet(pack[0:3] + pack[12:14])
    assert classic.turned == pack[20] and classic.stock == tuple(pack[21:])
    with pytest.raises(GameError, match="32 cards"):
        Game.new(pack[:31] + pack[:1], "W", "coinche")
    with pytest.raises(GameError, match="dealt from a pack"):
        Game.new(coinche.deal, "W", "classic")


@pytest.mark.parametrize("round_", [1, 2])
def test_classic_completion_after_the_take(round_: int) -> None:
    for seed in range(12):
        game = Game.random(seed, seed % 4, "classic")
        first = [game.view(s).hand for s in SEATS]
        assert all(len(h) == 5 for h in first) and game.turned not in CardSet().union(*first)
        turned_suit = game.turned >> 3
        if round_ == 2:
            for _ in range(4):
                game = game.apply("P")
        taker = game.to_move
        take = turned_suit if round_ == 1 else (turned_suit + 1 + seed % 3) % 4
        game = game.apply("SHDC"[take])
        assert game.phase == "play" and game.contract.declarer == taker
        assert game.contract.trump == take
        dealt = [game.view(s).hand for s in SEATS]
        assert CardSet().union(*dealt) == CardSet.full()
        for s in SEATS:
            extra = dealt[s] - first[s]
            assert first[s] <= dealt[s] and len(dealt[s]) == 8
            assert (game.turned in extra) == (s == taker)
        # the stock goes round from the dealer's left: 3 each, 2 to the taker
        at = 0
        for k in range(4):
            seat = next_seat(game.dealer, k + 1)
            n = 2 if seat == taker else 3
            assert CardSet(game.stock[at:at + n]) <= dealt[seat]
            at += n


@pytest.mark.parametrize("mode, passes", [("coinche", 4), ("classic", 8)])
def test_every_seat_passing_passes_the_deal_out(mode: str, passes: int) -> None:
    game = Game.random(2, "E", mode)
    for i in range(passes):
        assert game.phase == "auction"
        game = game.apply("P")
    assert game.phase == "done" and game.passed_out and game.result is None
    assert game.contract is None and game.to_move is None
    board = game.board()
    assert board.passed_out and board.cards == ()
    text, lost = games.write([board], "json")
    assert list(games.iter_games(io.BytesIO(text.encode()), format="json")) == [board]
    assert lost == []


@pytest.mark.parametrize("mode", ["coinche", "classic"])
def test_the_result_is_the_rules_score_and_the_record_reads_back(mode: str) -> None:
    boards = []
    for seed in range(12):
        game = random_game(seed, mode)
        if game.passed_out:
            continue
        board = game.board()
        assert isinstance(board, Board) and board.auction == game.auction
        pos = board.position()
        assert pos.is_over and pos.points == game.position.points
        contract = board.get_contract()
        assert game.result == score_deal(mode, contract, pos.points, pos.belote_side())
        boards.append(board)
    assert len(boards) >= 6
    formats = ["json", "pbn"] + (["cfn"] if mode == "coinche" else [])
    for fmt in formats:
        text, lost = games.write(boards, fmt)
        back = list(games.iter_games(io.BytesIO(text.encode()), format=fmt))
        assert [b.deal for b in back] == [b.deal for b in boards], fmt
        assert [b.cards for b in back] == [b.cards for b in boards], fmt
        assert [b.contract.to_pbn() for b in back] == [b.contract.to_pbn() for b in boards]
        if fmt == "json":
            assert lost == [] and back == boards


def test_a_view_shows_the_seat_its_own_cards_and_the_public_record() -> None:
    for seed in range(10):
        game = random_game(seed, "coinche", stop=seed * 3)
        if game.passed_out:
            continue
        for seat in SEATS:
            view = game.view(seat)
            assert view.seat == seat and view.auction == game.auction
            if game.phase == "auction":
                assert view.hand.mask == game.first[seat]
            else:
                assert view.hand.mask == game.position.hands[seat]
                assert [c for _, c in view.played] == list(game.cards)
                assert all(game.deal.holder(c) == s for s, c in view.played)
                assert view.hand_sizes == tuple(h.bit_count() for h in game.position.hands)
            assert view.legal() == (game.legal() if game.to_move == seat else ())
            for other in SEATS:  # no other seat's unplayed card anywhere in the view
                if other != seat and game.phase == "play":
                    for card in CardSet(game.position.hands[other]):
                        assert card not in view.hand


def test_belote_is_announced_with_the_first_of_king_and_queen() -> None:
    seen = 0
    for seed in range(60):
        game = random_game(seed, "coinche")
        if game.passed_out:
            continue
        kq = belote_mask(game.contract.trump)
        holder = next((s for s in SEATS if game.deal.hands[s].mask & kq == kq), None)
        words = [(a.seat, a.word) for a in game.announcements]
        if holder is None:
            assert words == []
            continue
        seen += 1
        assert words == [(holder, "belote"), (holder, "rebelote")]
        for a in game.announcements:
            assert game.cards[a.index] == a.card and kq >> a.card & 1
        assert side_of(holder) == game.position.belote_side()
    assert seen >= 5


def test_games_are_reproducible_and_boards_numbered() -> None:
    assert random_game(5, "classic") == random_game(5, "classic")
    assert Game.random(5, "N").view(0) == Game.random(5, "N").view(0)
    assert Game.random(5, "N", number=3).board().board == "4"
    with pytest.raises(BeloteError):
        Game.random(5, "N", number=-1)
