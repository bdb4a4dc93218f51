"""The player's calls: a prior written from common club practice.

The prior reads the convention profile (:mod:`belote.auction.conventions`,
``club.toml`` by default): a call is proposed only when the hand meets the
rule the profile gives that kind of call (what partner and the opponents
will read from it, :func:`belote.auction.inference.call_kind`), and within
what the rule allows the hand's strength picks the level. In coinche:

* **strength of a suit as trump** (:func:`level`): the club count, 90 with
  the jack and nine of trump, 80 with one of them, +10 for each trump past
  three, for the trump ace and for each side ace; the highest bid up to that
  count whose opening rule the hand meets (80 needs a side ace or a fourth
  trump beside the rule);
* **opening**: the strongest suit at its level, or pass;
* **partner's contract**: raise once, by 20 with the jack of the suit (30
  with the nine too), by 10 with the nine or a side ace; bid one's own suit
  over it only with no support and a level two steps above;
* **an opponent's contract**: overcall at the cheapest legal bid in a suit whose
  level reaches it (the overcall rule met), support partner's earlier suit
  the same way, else coinche with enough defence (:func:`defence`), else pass;
* **surcoinche**: the taker surcoinches when its level is two steps above
  the contract.

In classic, round 1 takes the turned suit with its jack and another trump
(the convention), with two trumps (or one and its nine or a side ace) when
the jack is the turned card, or with the nine, ace and a third trump and a
side ace; round 2 names the best other suit held with its jack and two more,
or with its jack and one more beside its nine or a side ace.

>>> from belote.player.game import Game
>>> game = Game.random(9, "N", "coinche")
>>> while game.phase == "auction":
...     game = game.apply(prior_call(game.view(game.to_move)))
>>> game.auction.text(), game.view(1).hand
('E:80C S:90D W:P N:P E:X S:P', CardSet('AS KH AH 7D TC JC KC AC'))
"""

from __future__ import annotations

from ..auction.conventions import DEFAULT, Conventions, Rule
from ..auction.inference import call_kind
from ..types.auction import BID, COINCHE_CALL, PASS, SURCOINCHE, Call
from ..types.cards import (ACE, JACK, NINE, SUIT_MASKS, SUITS, TEN, Mask, Suit,
                           make_card)
from ..types.deal import partner, side_of
from ..types.profile import RuleProfile
from .game import SeatView

__all__ = ["defence", "level", "prior_call", "rule_holds"]


def _has(hand: Mask, suit: Suit, rank: int) -> bool:
    return bool(hand >> make_card(suit, rank) & 1)


def _length(hand: Mask, suit: Suit) -> int:
    return (hand & SUIT_MASKS[suit]).bit_count()


def _side_aces(hand: Mask, trump: Suit) -> int:
    return sum(_has(hand, s, ACE) for s in SUITS if s != trump)


def rule_holds(rule: Rule | None, hand: Mask, trump: Suit | None, profile: RuleProfile) -> bool:
    """Does a hand meet what ``rule`` says of the caller (``None``: says nothing, met)?

    The same reading as the sampler's (:func:`belote.auction.inference.read_auction`):
    the ``trump`` holding, each ``side`` suit, ``every_suit`` counted as trump, the counts.
    """
    if rule is None:
        return True

    def holding(suit: Suit) -> int:
        return (hand & SUIT_MASKS[suit]) >> (8 * suit)

    if trump is not None and rule.trump is not None and not rule.trump.holds(
            holding(trump), True, profile):
        return False
    if trump is not None and rule.side is not None and not all(
            rule.side.holds(holding(s), False, profile) for s in SUITS if s != trump):
        return False
    if rule.every_suit is not None and not all(
            rule.every_suit.holds(holding(s), True, profile) for s in SUITS):
        return False
    if trump is not None:
        for count in rule.count:
            held = sum(hand >> c & 1 for c in count.cards(trump))
            if not count.low <= held <= count.high:
                return False
    return True


def level(hand: Mask, trump: Suit, profile: RuleProfile,
          conventions: Conventions = DEFAULT) -> int | None:
    """The highest opening bid in ``trump`` the hand is worth (module docstring), ``None``
    when the hand opens nothing in it.

    >>> from belote.types.cards import CardSet
    >>> from belote.types.profile import COINCHE
    >>> hand = CardSet("JH 9H AH 7H AS TS 8D 7C").mask
    >>> level(hand, 1, COINCHE), level(hand, 0, COINCHE)
    (120, None)
    """
    jack, nine = _has(hand, trump, JACK), _has(hand, trump, NINE)
    length = _length(hand, trump)
    if not (jack or nine) or length < 3:
        return None
    count = (90 if jack and nine else 80) + 10 * (length - 3) + 10 * _has(hand, trump, ACE) \
        + 10 * _side_aces(hand, trump)
    if not (jack and nine) and count < 90:
        return None  # J or 9 with three trumps and nothing else: not an opening
    best = None
    for bid in range(profile.bid_min, profile.bid_max + 1, profile.bid_step):
        if bid > count:
            break
        if rule_holds(conventions.rule_for("opening", bid), hand, trump, profile):
            best = bid
    return best


def defence(hand: Mask, trump: Suit) -> float:
    """Defensive tricks against a contract in ``trump``: its jack, its nine with another trump,
    its ace, each side ace, half for each side ten with its ace.

    >>> from belote.types.cards import CardSet
    >>> defence(CardSet("JH 9H AS TS AD 7C 8C 9C").mask, 1)
    4.5
    """
    tricks = float(_has(hand, trump, JACK)) + float(_has(hand, trump, ACE))
    tricks += float(_has(hand, trump, NINE) and _length(hand, trump) >= 2)
    for s in SUITS:
        if s != trump and _has(hand, s, ACE):
            tricks += 1.0 + 0.5 * _has(hand, s, TEN)
    return tricks


def _cheapest(legal: tuple[Call, ...], trump: Suit) -> Call | None:
    """The cheapest legal bid in ``trump`` (not capot)."""
    bids = [c for c in legal if c.kind == BID and c.trump == trump and not c.capot]
    return min(bids, key=lambda c: c.bid or 0) if bids else None


def _bid(legal: tuple[Call, ...], trump: Suit, value: int) -> Call | None:
    """The legal bid of ``value`` in ``trump``, if any."""
    return next((c for c in legal if c.kind == BID and c.trump == trump and c.bid == value
                 and not c.capot), None)


def _meets(view: SeatView, call: Call, conventions: Conventions) -> bool:
    """Does the seat's hand meet what ``call`` would say of it under ``conventions``?"""
    auction = view.auction
    kind, trump, raised = call_kind(auction, auction.state, call)
    rule = conventions.rule_for(kind, call.bid, raised)
    return rule_holds(rule, view.hand.mask, trump, view.profile)


def prior_call(view: SeatView, conventions: Conventions = DEFAULT) -> Call:
    """The call the club prior makes for the seat of ``view`` (module docstring)."""
    legal = view.legal()
    calls = tuple(c for c in legal if isinstance(c, Call))
    if not calls:
        raise ValueError("it is not this seat's turn to call")
    if len(calls) == 1:
        return calls[0]
    if view.profile.auction != "numeric":
        return _classic(view, calls)
    return _coinche(view, calls, conventions)


def _coinche(view: SeatView, legal: tuple[Call, ...], conventions: Conventions) -> Call:
    hand, profile, seat = view.hand.mask, view.profile, view.seat
    auction = view.auction
    contract = auction.contract
    pass_ = Call(PASS)
    levels = {s: level(hand, s, profile, conventions) for s in SUITS}
    if contract is not None and contract.multiplier > 1:  # our contract coinched
        mine = levels[contract.trump]
        if (Call(SURCOINCHE) in legal and contract.declarer == seat and mine is not None
                and contract.bid is not None and mine >= contract.bid + 20):
            return Call(SURCOINCHE)
        return pass_
    if contract is None:
        openings = [(lv, s) for s, lv in levels.items() if lv is not None]
        if not openings:
            return pass_
        top, suit = max(openings)
        return _bid(legal, suit, top) or pass_
    assert contract.declarer is not None and contract.bid is not None
    my_bids = [c for st, c in auction.history() if st.seat == seat and c.kind == BID]
    if side_of(contract.declarer) == side_of(seat):
        if contract.declarer == seat:
            return pass_
        t = contract.trump
        if any(c.trump == t for c in my_bids):
            return pass_  # already shown
        raise_by = (20 + 10 * _has(hand, t, NINE) if _has(hand, t, JACK)
                    else 10 if _has(hand, t, NINE) or _side_aces(hand, t) else 0)
        if raise_by:
            call = _bid(legal, t, min(contract.bid + raise_by, profile.bid_max))
            if call is not None and _meets(view, call, conventions):
                return call
        if not (_has(hand, t, JACK) or _has(hand, t, NINE)):
            own = [(lv, s) for s, lv in levels.items()
                   if s != t and lv is not None and lv >= contract.bid + 20]
            if own:
                call = _cheapest(legal, max(own)[1])
                if call is not None and _meets(view, call, conventions):
                    return call
        return pass_
    # an opponent's contract
    options: list[tuple[int, int, Call]] = []
    for s, lv in levels.items():
        call = _cheapest(legal, s)
        if lv is not None and call is not None and call.bid is not None and call.bid <= lv \
                and _meets(view, call, conventions):
            options.append((lv - call.bid, lv, call))
    partner_suits = {c.trump for st, c in auction.history()
                     if st.seat == partner(seat) and c.kind == BID}
    for held in partner_suits:
        if held is None or any(c.trump == held for c in my_bids):
            continue
        last = max(c.bid or 0 for st, c in auction.history()
                   if st.seat == partner(seat) and c.kind == BID and c.trump == held)
        support = last + (20 if _has(hand, held, JACK) else
                          10 if _has(hand, held, NINE) or _side_aces(hand, held) else 0)
        call = _cheapest(legal, held)
        if support > last and call is not None and call.bid is not None and call.bid <= support:
            options.append((support - call.bid, support, call))
    if options:
        return max(options, key=lambda o: (o[0], o[1]))[2]
    coinche = Call(COINCHE_CALL)
    strength = defence(hand, contract.trump)
    if coinche in legal and _meets(view, coinche, conventions) and (
            strength >= 3 or (strength >= 2 and contract.bid >= 110)):
        return coinche
    return pass_


def _classic(view: SeatView, legal: tuple[Call, ...]) -> Call:
    hand = view.hand.mask
    turned = view.turned
    assert turned is not None
    turned_suit = turned >> 3
    takes = [c for c in legal if c.kind == BID]
    if not takes:
        return Call(PASS)
    if takes[0].trump == turned_suit:  # round 1
        t = turned_suit
        mine = _length(hand, t)
        nine, aces = _has(hand, t, NINE), _side_aces(hand, t)
        if _has(hand, t, JACK):
            take = mine >= 2  # the convention: the jack with another trump takes
        elif turned == make_card(t, JACK):
            take = mine >= 2 or (mine >= 1 and (nine or aces >= 1))
        else:
            take = nine and _has(hand, t, ACE) and mine >= 3 and aces >= 1
        return takes[0] if take else Call(PASS)
    best = None
    for call in takes:
        s = call.trump
        assert s is not None
        length, jack, nine = _length(hand, s), _has(hand, s, JACK), _has(hand, s, NINE)
        if jack and (length >= 3 or (length >= 2 and (nine or _side_aces(hand, s)))):
            key = (nine, length, _side_aces(hand, s))
            if best is None or key > best[0]:
                best = (key, call)
    return Call(PASS) if best is None else best[1]
