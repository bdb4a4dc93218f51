"""The full-game player (:mod:`belote.player.player`): it reads one seat's view only.

* the re-deal test: a seat's call or card does not change when the cards it cannot see are
  dealt otherwise, consistently with what it has seen (its hand, the calls, the cards played
  and what they showed, the belote announcements);
* the stand-in position it plays from agrees with the view;
* a seeded game is the same game when played again; the player plays whole deals to a score.
"""

from __future__ import annotations

import random
import threading

import pytest

from belote.advice import Schedule, decide, decision_layouts, played_board, seat_view
from belote.dd import SearchContext
from belote.player import heard_by, prior_call, seen_by, stand_in
from belote import Player
from belote.player import Game
from belote import Auction, CardSet, Deal
from belote.sampling import Taken, taken_card
from belote.types import SEATS, next_seat

from conftest import redealt, sample_size

FAST = Schedule.line(12, 4, exact=12)
"""A cheap schedule: the tests check what a decision reads, not how well it plays."""


def _game_on(game: Game, hands: list[int]) -> Game:
    """``game``'s calls and cards replayed on another deal (the same turned card and stock
    order where the player could not see them): ``hands`` are the hands of the play."""
    if game.turned is None:
        other = Game.new(Deal([CardSet(h) for h in hands]), game.dealer, game.profile,
                         number=game.number)
    else:
        contract = game.contract
        assert contract is not None and contract.declarer is not None
        first, stock = [0] * 4, []
        for k in range(4):
            seat = next_seat(game.dealer, k + 1)
            kept = game.first[seat] if hands[seat] & game.first[seat] == game.first[seat] \
                else None
            rest = sorted(CardSet(hands[seat] & ~(1 << game.turned)))
            if kept is None:  # five of its cards for the auction, the rest from the stock
                kept = sum(1 << c for c in rest[:5])
            first[seat] = kept
            stock += [c for c in rest if not kept >> c & 1]
        other = Game(game.profile, game.dealer, tuple(first), game.turned, tuple(stock),
                     Auction(game.dealer, (), game.profile, game.turned),
                     number=game.number)
    for call in game.auction.calls:
        other = other.apply(call)
    for card in game.cards:
        other = other.apply(card)
    return other


def _played_game(seed: int, mode: str, left: int) -> Game:
    """A game bid by the prior and played with random legal cards until ``left`` cards."""
    rng = random.Random(seed)
    for attempt in range(20):
        game = Game.random(1000 * attempt + seed, rng.randrange(4), mode, number=seed)
        while game.phase == "auction":
            game = game.apply(prior_call(game.view(game.to_move)))
        if not game.passed_out:
            break
    while 32 - len(game.cards) > left:
        game = game.apply(rng.choice(game.legal()))
    return game


@pytest.mark.parametrize("mode", ["coinche", "classic"])
def test_a_card_never_depends_on_a_hidden_card(mode: str) -> None:
    player = Player(schedule=FAST, seed=3)
    checked = changed = 0
    for seed in range(sample_size(8, 40)):
        game = _played_game(seed, mode, random.Random(seed).choice((32, 27, 21, 14, 9)))
        seat = game.to_move
        turned = {} if game.turned is None else {game.contract.declarer: 1 << game.turned}
        other_pos = redealt(game.position, 700 + seed, turned)
        other = _game_on(game, [other_pos.start_hands[s] for s in SEATS])
        if other.view(seat).announcements != game.view(seat).announcements:
            continue  # not consistent with what the seat saw: a belote card played unannounced
        checked += 1
        changed += other.deal != game.deal
        assert other.view(seat) == game.view(seat)
        first = player.card(game.view(seat))
        second = player.card(other.view(seat))
        assert (first, first.classes, first.goal, first.points) == (
            second, second.classes, second.goal, second.points)
    assert checked >= sample_size(8, 40) * 2 // 3 and changed >= checked // 2


@pytest.mark.parametrize("mode", ["coinche", "classic"])
def test_a_call_never_depends_on_a_hidden_card(mode: str) -> None:
    player = Player(schedule=FAST)
    for seed in range(sample_size(10, 60)):
        rng = random.Random(seed)
        game = Game.random(seed, seed % 4, mode, number=seed)
        for _ in range(rng.randrange(4)):
            if game.phase != "auction":
                break
            game = game.apply(prior_call(game.view(game.to_move)))
        if game.phase != "auction":
            continue
        seat = game.to_move
        # deal the cards the seat cannot see otherwise: its own hand, turned card kept
        pool = [c for s in SEATS if s != seat for c in CardSet(game.first[s])] + list(game.stock)
        rng.shuffle(pool)
        first, at = list(game.first), 0
        for s in SEATS:
            if s != seat:
                n = game.first[s].bit_count()
                first[s] = sum(1 << c for c in pool[at:at + n])
                at += n
        other = Game(game.profile, game.dealer, tuple(first), game.turned, tuple(pool[at:]),
                     game.auction, number=game.number)
        assert other.view(seat) == game.view(seat)
        assert player.act(other.view(seat)) == player.act(game.view(seat))


def test_the_stand_in_agrees_with_the_view() -> None:
    for seed in range(10):
        game = _played_game(seed, "coinche", 32 - 3 * seed)
        view = game.view(game.to_move)
        pos = stand_in(view)
        assert pos.hands[view.seat] == view.hand.mask
        assert pos.to_move == view.seat and pos.trick == list(game.position.trick)
        assert [t.cards for t in pos.tricks] == [t.cards for t in game.position.tricks]
        assert pos.points == game.position.points
        assert [h.bit_count() for h in pos.hands] == list(view.hand_sizes)


def test_the_stand_in_is_drawn_from_what_the_card_player_samples() -> None:
    """:func:`seen_by` is the card player's view of the stand-in (so the two share one
    sampler, :meth:`DealSampler.of`), in both modes, the turned card and belote heard
    included, and a forced card is played without a stand-in, as :func:`decide` plays it."""
    player = Player(schedule=FAST, seed=2)
    forced = 0
    for seed in range(sample_size(12, 40)):
        mode = ("coinche", "classic")[seed % 2]
        game = _played_game(seed, mode, random.Random(seed).choice((32, 24, 14, 6, 1)))
        view = game.view(game.to_move)
        pos = stand_in(view)
        assert seat_view(pos, heard=heard_by(view), taken=taken_card(view.auction)) == \
            seen_by(view)
        decision = player.card(view)
        real = decide(game.position, game.contract, schedule=FAST, seed=2, board=view.number,
                      evidence=FAST.evidence(view.auction), taken=taken_card(view.auction))
        assert (decision, decision.classes, decision.forced) == (real, real.classes, real.forced)
        forced += len(view.legal()) == 1
    assert forced > 0


def test_a_card_reads_the_belote_heard_at_the_table() -> None:
    """From its stand-in, the player reads what was heard of the belote (``view.announcements``)
    as :func:`decide` reads it from the real deal: the same card, classes and values."""
    player = Player(schedule=FAST, seed=3)
    read = 0
    for seed in range(sample_size(8, 30)):
        game = _played_game(seed, "coinche", random.Random(seed).choice((20, 14, 9)))
        view = game.view(game.to_move)
        assert game.contract is not None
        read += bool(view.announcements) or any(
            card in (game.contract.trump * 8 + r for r in range(8)) for _, card in view.played)
        ours = player.card(view)
        real = decide(game.position, game.contract, schedule=FAST, seed=3, board=view.number,
                      evidence=FAST.evidence(view.auction))
        assert (ours, ours.classes, ours.goal, ours.points) == (
            real, real.classes, real.goal, real.points)
    assert read > 0


def test_a_classic_card_knows_the_taker_holds_the_turned_card() -> None:
    """Every seat saw the turned card go to the taker: the player's layouts all put it in the
    taker's hand until it is played, its card is the one :func:`decide` chooses on the real
    deal told the same fact (and not always the one it chooses without), and a re-deal of the
    hidden cards that keeps the fact keeps the card."""
    player = Player(schedule=FAST, seed=5)
    read = 0
    for seed in range(sample_size(8, 30)):
        game = _played_game(seed, "classic", random.Random(seed).choice((32, 27, 21, 14)))
        view = game.view(game.to_move)
        contract, taken = game.contract, taken_card(game.auction)
        assert contract is not None and taken == Taken(contract.declarer, game.turned)
        evidence = FAST.evidence(view.auction)
        hidden = view.seat != taken.seat and taken.card not in [c for _, c in view.played]
        layouts, _, _ = decision_layouts(stand_in(view), schedule=FAST, seed=5,
                                         board=view.number, evidence=evidence, taken=taken)
        if hidden:
            assert all(row[taken.seat] >> taken.card & 1 for row in layouts)
        ours = player.card(view)
        real = decide(game.position, contract, schedule=FAST, seed=5, board=view.number,
                      evidence=evidence, taken=taken)
        blind = decide(game.position, contract, schedule=FAST, seed=5, board=view.number,
                       evidence=evidence)
        assert (ours, ours.classes, ours.goal, ours.points) == (
            real, real.classes, real.goal, real.points)
        read += (blind.classes, blind.goal, blind.points) != (ours.classes, ours.goal,
                                                              ours.points)
        other = _game_on(game, [redealt(game.position, 900 + seed,
                                        {taken.seat: 1 << taken.card}).start_hands[s]
                                for s in SEATS])
        if other.view(view.seat) == view:
            again = player.card(other.view(view.seat))
            assert (again, again.goal, again.points) == (ours, ours.goal, ours.points)
    assert read > 0


def test_a_classic_record_plays_as_the_table_does() -> None:
    """The playout of a classic record (its auction names the turned card) plays the cards the
    table's player plays on the same deal: both read the same public facts."""
    player = Player(schedule=FAST, seed=2)
    game = _played_game(4, "classic", 32)
    while game.phase != "done":
        game = game.apply(player.act(game.view(game.to_move)))
    record = game.board().replace(cards=())
    played = played_board(record, schedule=FAST, seed=2, board=game.number)
    assert played.cards == game.cards


def test_a_seeded_deal_plays_the_same_and_is_scored() -> None:
    def play(seed: int) -> Game:
        player = Player(schedule=FAST, seed=seed)
        game = Game.random(21, "S", "coinche", number=4)
        while game.phase != "done":
            game = game.apply(player.act(game.view(game.to_move)))
        return game

    first = play(0)
    assert first == play(0)
    assert first.phase == "done" and len(first.cards) == 32 and first.result is not None
    with pytest.raises(ValueError, match="not this seat's turn"):
        Player().act(Game.random(1, "N").view("S"))


@pytest.mark.parametrize("mode", ["coinche", "classic"])
def test_the_second_seed_of_an_explanation_is_the_next_seeds_decision(mode: str) -> None:
    """``explain`` makes the next seed's decision on its own thread (its own search context):
    at every decision of whole deals it is exactly what the next seed's player decides alone,
    and the explained decision is the player's own."""
    player = Player(schedule=FAST, layouts=8, seed=3)
    after = Player(schedule=FAST, layouts=8, seed=4)
    for number in range(sample_size(2, 6)):
        game = Game.random(number, number % 4, mode, number=number)
        while game.phase != "done":
            view = game.view(game.to_move)
            why = player.explain(view)
            assert (why.action, why.second) == (player.act(view), after.act(view))
            assert why.agrees == (why.action == why.second)
            game = game.apply(why.action)


def test_an_explanation_leaves_no_thread_and_keeps_the_players_search_settings() -> None:
    """The next seed's thread ends with the explanation (a process that forks workers later
    may still fork), and its search context has the player's table size and node limit."""
    game = Game.random(1, 0, "coinche", number=1)
    context = SearchContext(12, max_nodes=10 ** 9)
    before = set(threading.enumerate())
    why = Player(schedule=FAST, layouts=8, context=context).explain(game.view(game.to_move))
    assert why.second == Player(schedule=FAST, layouts=8, seed=1).act(game.view(game.to_move))
    assert set(threading.enumerate()) == before
    assert repr(context.fresh()) == repr(context) and context.fresh() is not context
