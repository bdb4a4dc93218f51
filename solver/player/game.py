"""One deal of Belote as a state machine, from the deal on: the auction, then the play.

A :class:`Game` is immutable: :meth:`Game.apply` returns the game after one
more call or card (a :class:`ValueError` subclass if it is not legal). The
rules come from the existing types: the calls are checked by
:class:`~belote.types.auction.Auction`, the cards by
:class:`~belote.rules.play.Position`, the score by
:func:`~belote.rules.scoring.score_deal`.

* **coinche**: eight cards each from the start (dealt 3-2-3 from the
  dealer's left when the game starts from a pack); bids, coinche, surcoinche
  as :class:`Auction` allows them; four opening passes pass the deal out.
* **classic**: five cards each (3 then 2 from the dealer's left), the next
  card of the pack turned; round 1 takes the turned suit or passes, round 2
  names another suit or passes; after the take the deal is completed from
  the pack, from the dealer's left: the taker gets the turned card and 2
  cards, the others 3 each (RULES.md, *Classic*). Eight passes pass the deal
  out (the next dealer redeals).

What a seat sees is a :class:`SeatView` (:meth:`Game.view`): its own cards, the
dealer, the turned card, the calls, the contract, the cards played and who
played them, and the belote announcements so far. The holder of the trump
king and queen announces "belote" when it plays the first of them and
"rebelote" with the second, so a king or queen of trump played without an
announcement is public evidence too.

>>> game = Game.random(7, dealer="S", profile="coinche")
>>> game.phase, seat_name(game.to_move), len(game.view(0).hand)
('auction', 'W', 8)
>>> game = game.apply("90H").apply("P").apply("P").apply("P")
>>> game.phase, game.contract.to_pbn(), seat_name(game.to_move)
('play', '90H', 'W')
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property

from ..board import Board
from ..errors import BeloteError
from ..rules.play import Position, belote_mask, legal_cards
from ..rules.scoring import DealScore, score_deal
from ..types.auction import Auction, Call
from ..types.cards import Card, CardSet, Mask, as_card, card_name
from ..types.contract import Contract
from ..types.deal import SEATS, Deal, Seat, as_seat, next_seat, seat_name
from ..types.profile import RuleProfile, get_profile

__all__ = ["Announcement", "Game", "GameError", "SeatView"]

AUCTION, PLAY, DONE = "auction", "play", "done"
"""The phases of a game."""


class GameError(BeloteError):
    """An action that is not legal in the game's state (or a pack that cannot be dealt)."""


@dataclass(frozen=True)
class Announcement:
    """A belote announcement: ``seat`` said ``word`` (``belote`` or ``rebelote``) as it played
    ``card`` (the trump king or queen); ``index`` is the card's place in the play (0-based)."""

    seat: Seat
    card: Card
    word: str
    index: int

    def __repr__(self) -> str:
        return (f"Announcement({seat_name(self.seat)!r}, {card_name(self.card)!r}, "
                f"{self.word!r}, {self.index})")


@dataclass(frozen=True)
class SeatView:
    """What one seat of a game sees, and nothing else.

    ``hand`` is the cards it holds now (five during a classic auction);
    ``hand_sizes`` how many each seat holds now (public); ``turned`` the
    classic turned card (``None`` in coinche); ``auction`` the calls so far;
    ``contract`` the contract once the auction is over (``None`` before, or
    when passed out); ``tricks`` each trick's leader and cards in playing
    order, the last one possibly partial; ``announcements`` the belote
    announcements so far; ``number`` the deal's place in its run (public:
    it seeds the players' random layouts).
    """

    seat: Seat
    profile: RuleProfile
    number: int
    dealer: Seat
    hand: CardSet
    hand_sizes: tuple[int, ...]
    turned: Card | None
    auction: Auction
    contract: Contract | None
    tricks: tuple[tuple[Seat, tuple[Card, ...]], ...]
    announcements: tuple[Announcement, ...]
    phase: str
    to_move: Seat | None

    @property
    def played(self) -> tuple[tuple[Seat, Card], ...]:
        """Every card played so far with the seat that played it, in playing order."""
        return tuple((next_seat(leader, i), card) for leader, cards in self.tricks
                     for i, card in enumerate(cards))

    @property
    def cards_played(self) -> int:
        """How many cards have been played."""
        return sum(len(cards) for _, cards in self.tricks)

    def legal(self) -> tuple[Call, ...] | tuple[Card, ...]:
        """What this seat may do now (empty when it is not its turn)."""
        if self.to_move != self.seat:
            return ()
        if self.phase == AUCTION:
            return self.auction.legal_calls()
        assert self.contract is not None
        trick = self.tricks[-1][1] if self.tricks and len(self.tricks[-1][1]) < 4 else ()
        return tuple(CardSet(legal_cards(self.hand.mask, trick, self.contract.trump,
                                         self.profile)))


def _deal_pack(pack: Sequence[Card], dealer: Seat, counts: Sequence[int]
               ) -> tuple[list[Mask], int]:
    """Deal ``pack`` from the dealer's left in rounds of ``counts`` cards each: the hands and
    how many cards were dealt."""
    hands = [0] * 4
    at = 0
    for n in counts:
        for k in range(4):
            seat = next_seat(dealer, k + 1)
            for card in pack[at:at + n]:
                hands[seat] |= 1 << card
            at += n
    return hands, at


@dataclass(frozen=True)
class Game:
    """One deal, from the deal on (module docstring). Build it with :meth:`new` or
    :meth:`random`; every later state comes from :meth:`apply`.

    ``first`` holds the hands the auction is called on (five cards each in
    classic, eight in coinche), ``stock`` the classic pack left after the
    turned card (dealt after the take), ``cards`` the cards played.
    ``held_in`` is what earlier classic litiges hold for the next decisive
    deal (scored in :attr:`result`).
    """

    profile: RuleProfile
    dealer: Seat
    first: tuple[Mask, ...]
    turned: Card | None
    stock: tuple[Card, ...]
    auction: Auction
    cards: tuple[Card, ...] = ()
    number: int = 0
    held_in: int = 0
    _position: list[Position] = field(default_factory=list, repr=False, compare=False)

    @classmethod
    def new(cls, deal: Deal | Sequence[Card | str], dealer: Seat | str,
            profile: RuleProfile | str = "coinche", *, number: int = 0,
            held_in: int = 0) -> Game:
        """The game of ``deal`` dealt by ``dealer`` under ``profile``.

        ``deal`` is a :class:`Deal` of eight cards each (coinche) or a pack:
        the 32 cards in the order they are dealt. A classic game needs a
        pack (the hands depend on who takes); a coinche game deals a pack
        3-2-3 from the dealer's left.

        >>> pack = [card_name(c) for c in range(32)]
        >>> g = Game.new(pack, "N", "classic")
        >>> card_name(g.turned), g.view(1).hand, len(g.stock)
        ('JD', CardSet('7S 8S 9S JH QH'), 11)
        """
        rules = get_profile(profile)
        seat = as_seat(dealer, "dealer")
        if type(number) is not int or number < 0:
            raise GameError(f"number={number!r}: expected an int >= 0")
        if isinstance(deal, Deal):
            if rules.auction != "numeric":
                raise GameError(f"a {rules.name} game is dealt from a pack (the hands depend "
                                "on who takes): give the 32 cards in dealing order")
            deal.validate(cards_each=8)
            hands = [h.mask for h in deal.hands]  # type: ignore[union-attr]
            return cls(rules, seat, tuple(hands), None, (), Auction(seat, (), rules),
                       number=number, held_in=held_in)
        pack = [as_card(c) for c in deal]
        if sorted(pack) != list(range(32)):
            raise GameError("a pack is the 32 cards, each once")
        if rules.auction == "numeric":
            hands, _ = _deal_pack(pack, seat, (3, 2, 3))
            return cls(rules, seat, tuple(hands), None, (), Auction(seat, (), rules),
                       number=number, held_in=held_in)
        hands, at = _deal_pack(pack, seat, (3, 2))
        turned = pack[at]
        return cls(rules, seat, tuple(hands), turned, tuple(pack[at + 1:]),
                   Auction(seat, (), rules, turned), number=number, held_in=held_in)

    @classmethod
    def random(cls, seed: int, dealer: Seat | str = "N", profile: RuleProfile | str = "coinche",
               *, number: int = 0, held_in: int = 0) -> Game:
        """A game from a pack shuffled by ``random.Random(seed)``.

        >>> Game.random(1, "N", "classic").view(2).hand
        CardSet('7S 8S 9H KD JC')
        """
        pack = list(range(32))
        random.Random(seed).shuffle(pack)
        return cls.new(pack, dealer, profile, number=number, held_in=held_in)

    @property
    def phase(self) -> str:
        """``auction``, ``play`` or ``done`` (every card played, or the deal passed out)."""
        if not self.auction.complete:
            return AUCTION
        if self.auction.passed_out or len(self.cards) == 32:
            return DONE
        return PLAY

    @property
    def passed_out(self) -> bool:
        """Did every seat pass (the next dealer redeals)?"""
        return self.auction.passed_out

    @property
    def contract(self) -> Contract | None:
        """The contract once the auction is over (``None`` before, or when passed out)."""
        return self.auction.contract if self.auction.complete else None

    @property
    def to_move(self) -> Seat | None:
        """The seat to call or play next (``None`` once the game is done)."""
        phase = self.phase
        if phase == AUCTION:
            return self.auction.turn
        if phase == PLAY:
            return self.position.to_move
        return None

    @cached_property
    def deal(self) -> Deal:
        """The hands of the play, eight cards each: in classic the deal completed after the take
        (a passed-out classic deal is completed as if the dealer had taken, so that it can be
        recorded; nobody plays it)."""
        if self.turned is None:
            return Deal([CardSet(h) for h in self.first])
        contract = self.contract
        taker = self.dealer if contract is None else contract.declarer
        assert taker is not None
        hands = list(self.first)
        at = 0
        for k in range(4):
            seat = next_seat(self.dealer, k + 1)
            n = 2 if seat == taker else 3
            for card in self.stock[at:at + n]:
                hands[seat] |= 1 << card
            at += n
        hands[taker] |= 1 << self.turned
        return Deal([CardSet(h) for h in hands])

    @property
    def position(self) -> Position:
        """The play so far (a :class:`Position`; do not change it: :meth:`apply` plays)."""
        if not self._position:
            contract = self.contract
            if contract is None:
                raise GameError("there is no play before the auction gives a contract")
            pos = Position(self.deal, contract.trump, next_seat(self.dealer), self.profile)
            for card in self.cards:
                pos.play(card)
            self._position.append(pos)
        return self._position[0]

    def legal(self) -> tuple[Call, ...] | tuple[Card, ...]:
        """The calls (auction) or cards (play) the seat to move may make; empty once done."""
        phase = self.phase
        if phase == AUCTION:
            return self.auction.legal_calls()
        if phase == PLAY:
            return tuple(self.position.legal_cards())
        return ()

    def apply(self, action: Call | Card | str) -> Game:
        """The game after ``action``: a :class:`Call` (or its text) during the auction, a card
        (or its name) during the play. Raises :class:`GameError` if it is not legal.

        >>> g = Game.random(3, "N", "coinche")
        >>> g.apply("X")
        Traceback (most recent call last):
        ...
        belote.player.game.GameError: E cannot call X: there is no bid to coinche
        """
        phase = self.phase
        if phase == DONE:
            raise GameError("the game is over")
        seat = self.to_move
        assert seat is not None
        if phase == AUCTION:
            call = action if isinstance(action, Call) else (
                Call.parse(action, self.profile) if isinstance(action, str) else None)
            if call is None:
                raise GameError(f"{seat_name(seat)} is to call, not to play a card")
            if call not in self.auction.legal_calls():
                try:
                    self.auction.with_call(call)
                except BeloteError as e:
                    why = str(e).split(": ", 1)[-1]
                    raise GameError(f"{seat_name(seat)} cannot call {call.text}: {why}"
                                    ) from None
                raise GameError(f"{seat_name(seat)} cannot call {call.text}")
            return Game(self.profile, self.dealer, self.first, self.turned, self.stock,
                        self.auction.with_call(call), (), self.number, self.held_in)
        if isinstance(action, Call):
            raise GameError(f"{seat_name(seat)} is to play a card, not to call")
        card = as_card(action)
        pos = self.position.copy()
        pos.play(card)  # IllegalPlayError (a BeloteError) if not legal
        after = Game(self.profile, self.dealer, self.first, self.turned, self.stock,
                     self.auction, self.cards + (card,), self.number, self.held_in)
        after.__dict__["deal"] = self.deal
        after._position.append(pos)
        return after

    @property
    def announcements(self) -> tuple[Announcement, ...]:
        """The belote announcements so far: the holder of trump K and Q says ``belote`` with
        the first it plays and ``rebelote`` with the second."""
        contract = self.contract
        if contract is None or not self.cards:
            return ()
        kq = belote_mask(contract.trump)
        deal = self.deal
        holder = next((s for s in SEATS if deal.hands[s].mask & kq == kq), None)  # type: ignore[union-attr]
        if holder is None:
            return ()
        out: list[Announcement] = []
        for i, (seat, card) in enumerate(self._played()):
            if seat == holder and kq >> card & 1:
                out.append(Announcement(seat, card, "rebelote" if out else "belote", i))
        return tuple(out)

    def _played(self) -> list[tuple[Seat, Card]]:
        """Every card played with its seat."""
        pos = self.position
        out = [(next_seat(t.leader, i), c) for t in pos.tricks for i, c in enumerate(t.cards)]
        out += [(next_seat(pos.leader, i), c) for i, c in enumerate(pos.trick)]
        return out

    def _tricks(self) -> tuple[tuple[Seat, tuple[Card, ...]], ...]:
        if self.contract is None or not self.cards:
            return ()
        pos = self.position
        tricks = [(t.leader, tuple(t.cards)) for t in pos.tricks]
        if pos.trick:
            tricks.append((pos.leader, tuple(pos.trick)))
        return tuple(tricks)

    def view(self, seat: Seat | str) -> SeatView:
        """What ``seat`` sees (:class:`SeatView`): nothing of the other hands but the cards
        they played."""
        seat = as_seat(seat)
        if self.phase == AUCTION or self.passed_out:
            hand = CardSet(self.first[seat])
            sizes = tuple(h.bit_count() for h in self.first)
        else:
            pos = self.position
            hand = CardSet(pos.hands[seat])
            sizes = tuple(h.bit_count() for h in pos.hands)
        return SeatView(seat, self.profile, self.number, self.dealer, hand, sizes, self.turned,
                        self.auction, self.contract, self._tricks(), self.announcements,
                        self.phase, self.to_move)

    @property
    def result(self) -> DealScore | None:
        """The deal's score once every card is played (``None`` before, or when passed out),
        by :func:`~belote.rules.scoring.score_deal`."""
        if self.phase != DONE or self.passed_out:
            return None
        contract = self.contract
        assert contract is not None
        pos = self.position
        return score_deal(self.profile, contract, pos.points, pos.belote_side(), self.held_in)

    def board(self, name: str | None = None) -> Board:
        """The game as a :class:`Board` record (CFN, game JSON and PBN write it): the deal
        played (:attr:`deal`), the dealer, the rules, the auction and the cards played.
        ``name`` defaults to the deal's ``number + 1``."""
        return Board(self.deal, board=str(self.number + 1) if name is None else name,
                     dealer=self.dealer, profile=self.profile, auction=self.auction,
                     cards=self.cards)

    def __repr__(self) -> str:
        shown = (f"contract={self.contract.to_pbn()!r}, cards={len(self.cards)}"
                 if self.contract is not None else f"auction={self.auction.text()!r}")
        return (f"<Game {self.profile.name} dealer={seat_name(self.dealer)} "
                f"number={self.number} {self.phase}: {shown}>")

