"""Auctions: the calls of each seat from the dealer's left, checked against the rules.

A coinche auction (RULES.md, *Coinche*) is a sequence of calls, the first
by the seat on the dealer's left, then each seat in turn:

* ``P`` passes;
* a bid, ``90H`` or ``CapotS`` (``250S``), a value of the profile's ladder
  strictly higher than the current contract (any seat, partner included);
* ``X`` (coinche), by an opponent of the current contract on their turn:
  it ends the bidding, and the contract side answers with one more call,
  by the seat whose turn it is (the coincher's left): ``XX`` (surcoinche)
  or ``P`` (play at x2);
* three passes after a bid end the auction; four opening passes are a
  redeal (no contract).

A classic auction (*Classic*) needs the turned card: in round 1 each seat
from the dealer's left takes the turned suit (written as that suit, ``H``)
or passes; after four passes, round 2, each may name another suit or pass;
after eight passes the deal is redealt. The first take ends the auction.

Text is ``SEAT:CALL`` items separated by spaces or commas, seats in turn
from the dealer's left (after the first, the ``SEAT:`` may be left out).
Passes are ``P``, ``Pass`` or ``-``; a coinche ``X``, ``Coinche`` or
``Contre``; a surcoinche ``XX``, ``Surcoinche`` or ``Surcontre``.

>>> a = Auction.parse("N:P E:90H S:P W:100S N:P E:P S:P")
>>> a.dealer, a.complete, a.contract.to_pbn(), a.declarer
(3, True, '100S', 3)
>>> a
Auction.parse('N:P E:90H S:P W:100S N:P E:P S:P')
>>> b = Auction.parse("N:80H E:X")
>>> b.turn, b.complete, b.contract.to_pbn()
(2, False, '80HX')
>>> b.legal_calls()
(Call('P'), Call('XX'))
>>> Auction.parse("N:80H E:P S:X")
Traceback (most recent call last):
...
belote.errors.AuctionError: call 3 (S:X): S cannot coinche 80H, their own side's contract (only an opponent of the contract may)
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass

from ..errors import MAX_DIGITS, AuctionError, BeloteError
from .profile import CLASSIC, COINCHE, PROFILES, RuleProfile, get_profile
from .cards import SUIT_NAMES, Card, Suit, as_card, card_name, parse_suit
from .contract import Contract
from .deal import SEATS, Seat, as_seat, next_seat, parse_seat, seat_name, side_name, side_of

PASS, BID, COINCHE_CALL, SURCOINCHE = "pass", "bid", "coinche", "surcoinche"
"""The kinds of :class:`Call` (a classic take is a ``bid`` without a value)."""

_KINDS = (PASS, BID, COINCHE_CALL, SURCOINCHE)
_PASS_WORDS = {"P", "PASS", "PASSE", "-"}
_COINCHE_WORDS = {"X", "COINCHE", "CONTRE", "DBL"}
_SURCOINCHE_WORDS = {"XX", "SURCOINCHE", "SURCONTRE", "RDBL"}
_BID_RE = re.compile(r"^(?P<bid>\d+|capot)?\s*(?P<suit>\S+?)$", re.IGNORECASE)
_ITEM_RE = re.compile(r"^(?:(?P<seat>[A-Za-z]+)\s*:)?\s*(?P<call>.*)$", re.DOTALL)


@dataclass(frozen=True)
class Call:
    """One call: a pass, a bid (or a classic take), a coinche or a surcoinche.

    ``trump`` is the suit of a bid; ``bid`` its value (``None`` for a
    classic take); ``capot`` is True for the capot bid. The repr is the
    call's text, read back by ``Call(text)``'s parser :meth:`parse`.

    >>> Call.parse("capot♠"), Call.parse("pass"), Call.parse("h", CLASSIC)
    (Call('CapotS'), Call('P'), Call('H'))
    >>> Call.parse("90").text
    Traceback (most recent call last):
    ...
    belote.errors.AuctionError: cannot read call '90': expected P, a bid like 90H or CapotS, X or XX
    """

    kind: str
    trump: Suit | None = None
    bid: int | None = None
    capot: bool = False

    def __init__(self, kind: str, trump: Suit | None = None, bid: int | None = None,
                 capot: bool = False) -> None:
        """``Call(kind, trump, bid, capot)``, or ``Call(text)`` for a call's text (a bare
        suit is a classic take, ``90H`` a coinche bid)."""
        if kind not in _KINDS and trump is None and bid is None and not capot:
            parsed = Call.parse(kind, COINCHE if re.search(r"\d|capot", kind, re.IGNORECASE)
                                else CLASSIC)
            kind, trump, bid, capot = parsed.kind, parsed.trump, parsed.bid, parsed.capot
        if kind not in _KINDS:
            raise AuctionError(f"unknown kind of call {kind!r}")
        if (kind == BID) != (trump is not None):
            raise AuctionError(f"a {kind} call {'needs' if kind == BID else 'has no'} trump")
        if capot and bid is None:
            raise AuctionError("a capot bid needs its value")
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "trump", trump)
        object.__setattr__(self, "bid", bid)
        object.__setattr__(self, "capot", capot)

    @classmethod
    def parse(cls, text: str, profile: RuleProfile = COINCHE) -> Call:
        """Read one call (the module doc lists the spellings) for ``profile``.

        >>> Call.parse("100♥"), Call.parse("250s"), Call.parse("surcoinche")
        (Call('100H'), Call('CapotS'), Call('XX'))
        >>> Call.parse("100H", CLASSIC)
        Traceback (most recent call last):
        ...
        belote.errors.AuctionError: classic has no numeric bids: a take is a suit (e.g. H), got '100H'
        """
        word = text.strip().upper()
        if word in _PASS_WORDS:
            return cls(PASS)
        if word in _COINCHE_WORDS:
            return cls(COINCHE_CALL)
        if word in _SURCOINCHE_WORDS:
            return cls(SURCOINCHE)
        match = _BID_RE.match(text.strip())
        suit = None
        if match is not None:
            try:
                suit = parse_suit(match["suit"])
            except BeloteError:
                suit = None
        if match is None or suit is None:
            raise AuctionError(f"cannot read call {text!r}: expected "
                               + ("P or a suit (e.g. H)" if profile.auction != "numeric"
                                  else "P, a bid like 90H or CapotS, X or XX"))
        amount = match["bid"]
        if profile.auction != "numeric":
            if amount is not None:
                raise AuctionError(f"{profile.name} has no numeric bids: a take is a suit "
                                   f"(e.g. H), got {text!r}")
            return cls(BID, suit)
        if amount is None:
            raise AuctionError(f"cannot read call {text!r}: a {profile.name} bid needs a "
                               "value (e.g. 90H or CapotH)")
        if amount.upper() == "CAPOT":
            return cls(BID, suit, profile.capot_bid, True)
        if len(amount) > MAX_DIGITS or len(amount.lstrip("0")) > 4:
            raise AuctionError(f"cannot read call {text!r}: too many digits")
        value = int(amount)
        return cls(BID, suit, value, value == profile.capot_bid)

    @property
    def text(self) -> str:
        """The call's text: ``P``, ``90H``, ``CapotH``, ``X``, ``XX``, or a classic ``H``."""
        if self.kind == PASS:
            return "P"
        if self.kind == COINCHE_CALL:
            return "X"
        if self.kind == SURCOINCHE:
            return "XX"
        assert self.trump is not None
        if self.bid is None:
            return SUIT_NAMES[self.trump]
        return ("Capot" if self.capot else str(self.bid)) + SUIT_NAMES[self.trump]

    def __repr__(self) -> str:
        return f"Call({self.text!r})"


@dataclass(frozen=True)
class CallState:
    """The auction just before a call: what the call is judged against.

    ``index`` is the call's number (0-based), ``seat`` its caller;
    ``contract`` the highest bid so far (``Contract`` with its declarer and
    multiplier, or ``None``); ``passes`` the passes in a row before it;
    ``round`` the classic round (1 or 2; 1 in coinche).
    """

    index: int
    seat: Seat
    contract: Contract | None
    passes: int
    round: int = 1


@dataclass(frozen=True, init=False)
class Auction:
    """An auction: the dealer, the calls in order from the dealer's left, and the rules.

    Every call is checked when the value is built (:class:`AuctionError`
    names the first illegal one). ``turned`` is the classic turned card
    (required in classic, refused in coinche).

    >>> a = Auction(3, ["P", "90H", "P", "100S"])
    >>> a.turn, a.contract.to_pbn(), seat_name(a.declarer), a.complete
    (0, '100S', 'W', False)
    >>> a.with_call("P").with_call("P").with_call("P").complete
    True
    >>> Auction.parse("N:P E:P S:P W:P").passed_out
    True
    >>> c = Auction.parse("N:P E:P S:P W:P N:D", mode="classic", turned="AH")
    >>> c, c.contract
    (Auction.parse('N:P E:P S:P W:P N:D', mode='classic', turned='AH'), Contract(trump='D', declarer='N', bid=None, multiplier=1, capot=False))
    >>> Auction.parse("N:P E:H S:P", mode="classic", turned="AH")
    Traceback (most recent call last):
    ...
    belote.errors.AuctionError: call 3 (S:P): the auction ended with call 2 (E:H)
    """

    dealer: Seat
    calls: tuple[Call, ...]
    profile: RuleProfile
    turned: Card | None

    def __init__(self, dealer: Seat | str, calls: Iterable[Call | str] = (),
                 profile: RuleProfile | str = COINCHE, turned: Card | str | None = None
                 ) -> None:
        try:
            profile = get_profile(profile)
            dealer = as_seat(dealer)
        except BeloteError as e:
            raise AuctionError(str(e)) from None
        if dealer not in SEATS:
            raise AuctionError(f"dealer must be a seat 0..3, got {dealer!r}")
        if profile.auction == "numeric":
            if turned is not None:
                raise AuctionError(f"{profile.name} has no turned card")
        else:
            if turned is None:
                raise AuctionError(f"a {profile.name} auction needs the turned card")
            try:
                turned = as_card(turned)
            except BeloteError as e:
                raise AuctionError(f"turned card: {e}") from None
        parsed = [_read_call(call, i, dealer, profile) for i, call in enumerate(calls)]
        object.__setattr__(self, "dealer", dealer)
        object.__setattr__(self, "calls", tuple(parsed))
        object.__setattr__(self, "profile", profile)
        object.__setattr__(self, "turned", turned)
        steps: list[tuple[CallState, Call]] = []
        state = CallState(0, self.seat_of(0), None, 0, 1)
        over = False
        for i, call in enumerate(self.calls):
            state, over = self._step(steps, state, over, i, call)
        self._settle(tuple(steps), state, over)

    @classmethod
    def parse(cls, text: str, *, dealer: Seat | str | None = None,
              mode: RuleProfile | str = COINCHE, turned: Card | str | None = None
              ) -> Auction:
        """Read ``"N:P E:90H S:P W:100S"`` (module doc); ``dealer`` is needed only without calls.

        >>> Auction.parse("E:80S 90H", dealer="N").calls
        (Call('80S'), Call('90H'))
        >>> Auction.parse("N:P S:90H")
        Traceback (most recent call last):
        ...
        belote.errors.AuctionError: call 2 (S:90H): it is E's turn, not S's
        >>> Auction.parse("E:P", dealer="W")
        Traceback (most recent call last):
        ...
        belote.errors.AuctionError: call 1 (E:P): with dealer W, N speaks first, not E
        """
        spaced = re.sub(r"\s*:\s*", ":", text.strip())
        items = [item for item in re.split(r"[\s,]+", spaced) if item]
        first = None if dealer is None else next_seat(as_seat(dealer))
        calls: list[str] = []
        for i, item in enumerate(items):
            match = _ITEM_RE.match(item)
            assert match is not None
            seat_text, call = match["seat"], match["call"].strip()
            expected = None if first is None else next_seat(first, i)
            if seat_text is not None:
                try:
                    seat = parse_seat(seat_text)
                except BeloteError as e:
                    raise AuctionError(f"call {i + 1} ({item}): {e}", call=i) from None
                if expected is None:
                    first = seat
                elif seat != expected:
                    assert first is not None
                    why = (f"with dealer {seat_name(next_seat(first, 3))}, "
                           f"{seat_name(expected)} speaks first, not {seat_name(seat)}"
                           if i == 0 else
                           f"it is {seat_name(expected)}'s turn, not {seat_name(seat)}'s")
                    raise AuctionError(f"call {i + 1} ({item}): {why}", call=i)
            elif first is None:
                raise AuctionError(f"call 1 ({item}): name the seat of the first call "
                                   "(e.g. N:P) or give the dealer", call=0)
            if not call:
                raise AuctionError(f"call {i + 1} ({item}): no call after the seat", call=i)
            calls.append(call)
        if first is None:
            raise AuctionError("an empty auction needs the dealer")
        return cls(next_seat(first, 3), calls, get_profile(mode), turned)

    @classmethod
    def read(cls, dealer: Seat | str, calls: Iterable[Call | str] = (),
             profile: RuleProfile | str = COINCHE, turned: Card | str | None = None
             ) -> Auction:
        """The auction of a game record (PBN, CFN, JSON, ContrAI): the one reading every format shares.

        The calls are checked as :class:`Auction` checks them, with one
        leniency. colver and ContrAI let the bidding go round after a
        coinche (the other seats speak in turn); under RULES.md the coinche
        ends the auction and the contract side answers once. So the calls
        after a coinche may be up to three: passes, and at most one
        surcoinche ``XX``, which comes last and is made by a seat of the
        contract side; they are read as that one answer (``XX`` if there is
        one, else ``P``). A bid, a second coinche, a surcoinche by the
        coinching side or a fourth call after the coinche is an
        :class:`AuctionError` naming the call, as is every illegal call
        before it.

        >>> Auction.read("N", ["110C", "P", "P", "X", "P", "P", "P"]).text()
        'E:110C S:P W:P N:X E:P'
        >>> Auction.read("W", ["110D", "X", "P", "P", "XX"]).contract.to_pbn()
        '110DXX'
        >>> Auction.read("W", ["110D", "X", "P", "XX"])
        Traceback (most recent call last):
        ...
        belote.errors.AuctionError: call 4 (W:XX): W cannot surcoinche 110DX: only the contract side (NS) may
        """
        head = cls(dealer, (), profile, turned)
        parsed: list[Call] = []
        for i, call in enumerate(calls):
            if isinstance(call, str):
                text = call.strip()
                try:
                    call = Call.parse(text, head.profile)
                except AuctionError as e:
                    raise AuctionError(f"call {i + 1} ({seat_name(head.seat_of(i))}:{text}): "
                                       f"{e}", call=i) from None
            parsed.append(call)
        at = next((i for i, c in enumerate(parsed) if c.kind == COINCHE_CALL), None)
        if at is None or head.profile.auction != "numeric":
            return cls(head.dealer, parsed, head.profile, head.turned)
        coinched = cls(head.dealer, parsed[:at + 1], head.profile, head.turned)
        contract = coinched.contract
        assert contract is not None and contract.declarer is not None
        taker_side = side_of(contract.declarer)
        after = parsed[at + 1:]
        for j, call in enumerate(after):
            i = at + 1 + j
            seat = coinched.seat_of(i)
            where = f"call {i + 1} ({seat_name(seat)}:{call.text})"
            if j == 3 or (j and after[j - 1].kind == SURCOINCHE):
                end = i - 1
                raise AuctionError(f"{where}: the auction ended with call {end + 1} "
                                   f"({seat_name(coinched.seat_of(end))}:{parsed[end].text})",
                                   call=i)
            if call.kind == SURCOINCHE:
                if side_of(seat) != taker_side:
                    raise AuctionError(f"{where}: {seat_name(seat)} cannot surcoinche "
                                       f"{contract.to_pbn()}: only the contract side "
                                       f"({side_name(taker_side)}) may", call=i)
                if 4 not in head.profile.coinche_multipliers:
                    raise AuctionError(f"{where}: {head.profile.name} has no surcoinche", call=i)
            elif call.kind != PASS:
                raise AuctionError(f"{where}: after the coinche of {contract.to_pbn()} only "
                                   "passes and one surcoinche by the contract side may follow "
                                   "(the coinche ends the bidding)", call=i)
        answer = ([Call(SURCOINCHE)] if any(c.kind == SURCOINCHE for c in after)
                  else [Call(PASS)] if after else [])
        return cls(head.dealer, parsed[:at + 1] + answer, head.profile, head.turned)

    def left_out(self, calls: Sequence[Call | str]) -> str | None:
        """What :meth:`read` left out of ``calls`` to give this auction, in a phrase: the calls
        after a coinche read as its one answer; ``None`` when every call is kept.

        >>> calls = ["110D", "X", "P", "P", "XX"]
        >>> Auction.read("W", calls).left_out(calls)
        '2 calls after the coinche (P P XX read as XX, the one answer)'
        >>> Auction.read("W", calls[:3]).left_out(calls[:3]) is None
        True
        """
        kept = len(self.calls)
        if len(calls) <= kept:
            return None
        after = [c if isinstance(c, Call) else Call.parse(c.strip(), self.profile)
                 for c in calls[kept - 1:]]
        n = len(after) - 1
        return (f"{n} call{'s' * (n > 1)} after the coinche ({' '.join(c.text for c in after)} "
                f"read as {self.calls[-1].text}, the one answer)")

    def seat_of(self, index: int) -> Seat:
        """The seat making call ``index`` (0-based): the dealer's left makes call 0."""
        return next_seat(self.dealer, index + 1)

    def _step(self, steps: list[tuple[CallState, Call]], state: CallState, over: bool,
              i: int, call: Call) -> tuple[CallState, bool]:
        """Check call ``i`` made in ``state`` (the state after call ``i - 1``, ``over`` if that
        call ended the auction), append it to ``steps``: the state after it, and whether the
        auction is over."""
        before = CallState(i, self.seat_of(i), state.contract, state.passes, state.round)
        where = f"call {i + 1} ({seat_name(before.seat)}:{call.text})"
        if over:
            ended = i - 1
            raise AuctionError(f"{where}: the auction ended with call {ended + 1} "
                               f"({seat_name(self.seat_of(ended))}:"
                               f"{self.calls[ended].text})", call=i)
        try:
            _check_call(self, before, call)
        except AuctionError as e:
            raise AuctionError(f"{where}: {e}", call=i) from None
        steps.append((before, call))
        after = _after(self, before, call)
        return after, _ended(self, after, call)

    def _settle(self, steps: tuple[tuple[CallState, Call], ...], state: CallState,
                over: bool) -> None:
        """Keep what the calls were worked out to be: an auction never changes, and a player
        asks for its state at every call."""
        self.__dict__["_steps"] = steps
        self.__dict__["_final_state"] = (state, over)

    def history(self) -> Iterator[tuple[CallState, Call]]:
        """Each call with the state it was made in (every call was checked when the auction
        was made)."""
        return iter(self.__dict__["_steps"])

    def _final(self) -> tuple[CallState, bool]:
        """The state after the last call and whether the auction is over."""
        final: tuple[CallState, bool] = self.__dict__["_final_state"]
        return final

    @property
    def complete(self) -> bool:
        """Is the auction over (contract fixed, or passed out)?"""
        return self._final()[1]

    @property
    def turn(self) -> Seat | None:
        """The seat to call next, ``None`` once the auction is over."""
        return None if self._final()[1] else self.seat_of(len(self.calls))

    @property
    def contract(self) -> Contract | None:
        """The contract so far (final once :attr:`complete`), with declarer and multiplier."""
        return self._final()[0].contract

    @property
    def declarer(self) -> Seat | None:
        """The seat of the highest bid (the taker), ``None`` before any bid."""
        contract = self.contract
        return None if contract is None else contract.declarer

    @property
    def passed_out(self) -> bool:
        """Did every call pass (a redeal)?"""
        return self.complete and self.contract is None

    @property
    def state(self) -> CallState:
        """The state the next call would be judged in."""
        state, _ = self._final()
        return CallState(len(self.calls), self.seat_of(len(self.calls)), state.contract,
                         state.passes, state.round)

    def with_call(self, call: Call | str) -> Auction:
        """This auction with one more call (checked; the calls before it are not checked
        again)."""
        call = _read_call(call, len(self.calls), self.dealer, self.profile)
        longer = object.__new__(Auction)
        for name in ("dealer", "profile", "turned"):
            object.__setattr__(longer, name, getattr(self, name))
        object.__setattr__(longer, "calls", self.calls + (call,))
        steps = list(self.__dict__["_steps"])
        state, over = longer._step(steps, *self._final(), len(self.calls), call)
        longer._settle(tuple(steps), state, over)
        return longer

    def legal_calls(self) -> tuple[Call, ...]:
        """Every call the seat on turn may make (empty once complete).

        >>> [c.text for c in Auction(0, ["150H"]).legal_calls()]
        ['P', '160S', 'CapotS', '160H', 'CapotH', '160D', 'CapotD', '160C', 'CapotC', 'X']
        """
        cached: tuple[Call, ...] | None = self.__dict__.get("_legal")
        if cached is None:
            cached = self.__dict__["_legal"] = self._legal_calls()
        return cached

    def _legal_calls(self) -> tuple[Call, ...]:
        if self.complete:
            return ()
        state = self.state
        return tuple(c for c in _every_call(self.profile) if _refusal(self, state, c) is None)

    def text(self) -> str:
        """The auction as ``SEAT:CALL`` items (what :meth:`parse` reads)."""
        return " ".join(f"{seat_name(self.seat_of(i))}:{c.text}"
                        for i, c in enumerate(self.calls))

    def __repr__(self) -> str:
        args = [repr(self.text())] if self.calls else [repr(""), f"dealer={seat_name(self.dealer)!r}"]
        if self.profile is not COINCHE:
            name = {id(p): p.name for p in PROFILES.values()}.get(id(self.profile))
            args.append(f"mode={name!r}" if name else f"mode={self.profile!r}")
        if self.turned is not None:
            args.append(f"turned={card_name(self.turned)!r}")
        return f"Auction.parse({', '.join(args)})"


def _read_call(call: Call | str, i: int, dealer: Seat, profile: RuleProfile) -> Call:
    """Call ``i`` of an auction dealt by ``dealer``, read when it is text (an unreadable call
    raises :class:`AuctionError` naming its number and seat)."""
    if not isinstance(call, str):
        return call
    text = call.strip()
    try:
        return Call.parse(text, profile)
    except AuctionError as e:
        seat = next_seat(dealer, i + 1)
        raise AuctionError(f"call {i + 1} ({seat_name(seat)}:{text}): {e}", call=i) from None


@functools.lru_cache(maxsize=None)
def _every_call(p: RuleProfile) -> tuple[Call, ...]:
    """Every call of profile ``p``'s auction, legal or not (what :meth:`Auction.legal_calls`
    sifts)."""
    candidates = [Call(PASS)]
    if p.auction == "numeric":
        for suit in range(4):
            candidates += [Call(BID, suit, b) for b in range(p.bid_min, p.bid_max + 1,
                                                             p.bid_step)]
            candidates.append(Call(BID, suit, p.capot_bid, True))
        candidates += [Call(COINCHE_CALL), Call(SURCOINCHE)]
    else:
        candidates += [Call(BID, suit) for suit in range(4)]
    return tuple(candidates)


def _check_call(auction: Auction, state: CallState, call: Call) -> None:
    """Raise :class:`AuctionError` (without the call's position) if ``call`` is illegal."""
    why = _refusal(auction, state, call)
    if why is not None:
        raise AuctionError(why())


def _refusal(auction: Auction, state: CallState, call: Call) -> Callable[[], str] | None:
    """``None`` if ``call`` is legal in ``state``, else what makes the reason it is not (the
    text is made only when asked for: :meth:`Auction.legal_calls` sifts every call and needs
    none)."""
    p = auction.profile
    contract = state.contract
    seat = state.seat
    if p.auction != "numeric":
        if call.kind == PASS:
            return None
        if call.kind != BID or call.bid is not None:
            return lambda: f"{p.name} has only takes (a suit) and passes"
        turned = auction.turned
        assert turned is not None and call.trump is not None
        turned_suit = turned >> 3
        if state.round == 1 and call.trump != turned_suit:
            return lambda: (f"in round 1 only the turned suit {SUIT_NAMES[turned_suit]} "
                            f"({card_name(turned)}) may be taken")
        if state.round == 2 and call.trump == turned_suit:
            return lambda: (f"in round 2 the turned suit {SUIT_NAMES[turned_suit]} "
                            "can no longer be taken")
        return None
    if contract is not None and contract.multiplier > 1:
        coinched = contract
        if call.kind == SURCOINCHE:
            return None if 4 in p.coinche_multipliers else lambda: f"{p.name} has no surcoinche"
        if call.kind == PASS:
            return None
        return lambda: (f"after the coinche of {coinched.to_pbn()} the contract side "
                        "answers only XX (surcoinche) or P (play at x2)")
    if call.kind == PASS:
        return None
    if call.kind == SURCOINCHE:
        return lambda: ("a surcoinche answers a coinche of one's own contract: "
                        + ("nothing is coinched" if contract is not None else "no bid yet"))
    if call.kind == COINCHE_CALL:
        if contract is None:
            return lambda: "there is no bid to coinche"
        if 2 not in p.coinche_multipliers:
            return lambda: f"{p.name} has no coinche"
        declarer = contract.declarer
        assert declarer is not None
        if side_of(seat) == side_of(declarer):
            target = contract
            pronoun = "their own side's" if seat != declarer else "their own"
            return lambda: (f"{seat_name(seat)} cannot coinche {target.to_pbn()}, "
                            f"{pronoun} contract (only an opponent of the contract may)")
        return None
    bid = call.bid
    assert bid is not None
    on_ladder = call.capot if call.capot else (
        p.bid_min <= bid <= p.bid_max and (bid - p.bid_min) % p.bid_step == 0)
    if call.capot and bid != p.capot_bid or not on_ladder:
        return lambda: (f"bid {bid} is not allowed ({p.name} bids {p.bid_min}.."
                        f"{p.bid_max} in steps of {p.bid_step}, or Capot)")
    if contract is not None and contract.bid is not None and bid <= contract.bid:
        higher, holder = contract, contract.declarer
        assert holder is not None
        taker: Seat = holder
        return lambda: (f"{call.text} is not higher than {higher.to_pbn()} by "
                        f"{seat_name(taker)}")
    return None


def _after(auction: Auction, state: CallState, call: Call) -> CallState:
    """The state after ``call``, made in ``state``."""
    contract = state.contract
    passes = state.passes + 1 if call.kind == PASS else 0
    round_ = state.round
    if call.kind == BID:
        assert call.trump is not None
        contract = Contract(call.trump, state.seat, call.bid, 1, call.capot)
    elif call.kind in (COINCHE_CALL, SURCOINCHE):
        assert contract is not None
        contract = Contract(contract.trump, contract.declarer, contract.bid,
                            2 if call.kind == COINCHE_CALL else 4, contract.capot)
    if auction.profile.auction != "numeric" and passes == 4 and round_ == 1:
        round_, passes = 2, 0
    return CallState(state.index + 1, next_seat(state.seat), contract, passes, round_)


def _ended(auction: Auction, after: CallState, call: Call) -> bool:
    """Does ``call``, leading to ``after``, end the auction?"""
    contract = after.contract
    if auction.profile.auction != "numeric":
        return call.kind == BID or (after.round == 2 and after.passes == 4)
    if call.kind == SURCOINCHE:
        return True
    if contract is not None and contract.multiplier > 1:
        return call.kind == PASS  # the contract side's answer to the coinche
    if contract is None:
        return after.passes == 4
    return after.passes == 3


__all__ = ["BID", "COINCHE_CALL", "PASS", "SURCOINCHE", "Auction", "Call", "CallState"]
