"""Contracts: the trump suit, the taker and, in coinche, the bid and multiplier.

Notation (the PBN ``Contract`` tag): a coinche contract is the bid then the
suit, with ``X`` for coinched (×2) and ``XX`` for surcoinched (×4); the capot
bid is written ``Capot``. A classic contract is the trump suit letter only.
The taker's seat is not part of the notation (PBN keeps it in ``Declarer``).

>>> from belote import CLASSIC, COINCHE
>>> c = parse_contract("100hx", COINCHE, declarer=0)
>>> c
Contract(trump='H', declarer='N', bid=100, multiplier=2, capot=False)
>>> c.to_pbn(), c.side
('100HX', 0)
>>> parse_contract("250♠", COINCHE).to_pbn()
'CapotS'
>>> parse_contract("C", CLASSIC).to_pbn()
'C'
>>> parse_contract("170H", COINCHE)
Traceback (most recent call last):
...
belote.errors.ContractError: bid 170 in '170H' is not allowed (coinche bids 80..160 in steps of 10, or 250 for capot)
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from .cards import SUIT_NAMES, Suit, as_suit, parse_suit
from .deal import Seat, Side, as_seat, seat_name, side_of
from ..errors import MAX_DIGITS, CardError, ContractError
from .profile import RuleProfile

__all__ = ["Contract", "check_contract", "reread_contract", "as_contract", "parse_contract"]

_CAPOT_WORD = "CAPOT"
_CONTRACT_RE = re.compile(
    r"^(?P<bid>\d+|capot)?\s*(?P<suit>[^\d\sxX]+?)\s*(?P<doubles>[xX]*)$", re.IGNORECASE
)


@dataclass(frozen=True)
class Contract:
    """A contract: trump suit, taker, bid and multiplier.

    ``trump`` is a suit (0..3; its letter ``S H D C`` is taken too);
    ``declarer`` the seat of the taker (0..3, or ``N E S W``), or ``None``
    when unknown; both are stored as ints, and the repr shows their letters; ``bid`` the coinche bid (``None`` in classic);
    ``multiplier`` 1, 2 (coinched, ``X``) or 4 (surcoinched, ``XX``);
    ``capot`` is True for the capot bid (``bid`` then holds its value, 250
    in the coinche profile). Which bids, multipliers and capot values a mode
    allows is checked against a profile by :func:`check_contract`.

    >>> Contract(trump=2, declarer=3, bid=80).to_pbn()
    '80D'
    >>> Contract(trump=0, declarer=None, bid=None, multiplier=2)
    Traceback (most recent call last):
    ...
    belote.errors.ContractError: a contract without a bid cannot be coinched (multiplier 2)
    """

    trump: Suit
    declarer: Seat | None
    bid: int | None
    multiplier: int = 1
    capot: bool = False

    def __post_init__(self) -> None:
        """Take ``trump`` and ``declarer`` as letters or small ints (stored as ints)."""
        try:
            object.__setattr__(self, "trump", as_suit(self.trump, "trump"))
            if self.declarer is not None:
                object.__setattr__(self, "declarer", as_seat(self.declarer, "declarer"))
        except CardError as e:
            raise ContractError(str(e)) from None
        if self.bid is not None and (not isinstance(self.bid, int) or self.bid <= 0):
            raise ContractError(f"bid must be a positive int or None, got {self.bid!r}")
        if not isinstance(self.multiplier, int) or self.multiplier < 1 or (
            self.multiplier & (self.multiplier - 1)
        ):
            raise ContractError(f"multiplier must be 1, 2, 4..., got {self.multiplier!r}")
        if self.bid is None and self.multiplier != 1:
            raise ContractError(
                f"a contract without a bid cannot be coinched (multiplier {self.multiplier})"
            )
        if self.capot and self.bid is None:
            raise ContractError("a capot contract needs its bid value")

    def __repr__(self) -> str:
        """The contract as a call that rebuilds it, with the letters a player reads.

        >>> Contract(trump="H", declarer="E", bid=100, multiplier=2)
        Contract(trump='H', declarer='E', bid=100, multiplier=2, capot=False)
        """
        declarer = None if self.declarer is None else seat_name(self.declarer)
        return (f"Contract(trump={SUIT_NAMES[self.trump]!r}, declarer={declarer!r}, "
                f"bid={self.bid!r}, multiplier={self.multiplier!r}, capot={self.capot!r})")

    @property
    def side(self) -> Side | None:
        """The taking side (``NS`` = 0, ``EW`` = 1), or ``None`` without a declarer."""
        return None if self.declarer is None else side_of(self.declarer)

    def to_pbn(self) -> str:
        """The contract in PBN notation (``100H``, ``100HX``, ``CapotHXX``, ``H``).

        >>> Contract(trump=1, declarer=0, bid=250, multiplier=4, capot=True).to_pbn()
        'CapotHXX'
        """
        suit = SUIT_NAMES[self.trump]
        if self.bid is None:
            return suit
        amount = "Capot" if self.capot else str(self.bid)
        return amount + suit + "X" * (self.multiplier.bit_length() - 1)


def check_contract(contract: Contract, profile: RuleProfile) -> None:
    """Raise :class:`ContractError` unless ``profile`` allows ``contract``.

    >>> from belote import CLASSIC
    >>> check_contract(Contract(trump=1, declarer=0, bid=100), CLASSIC)
    Traceback (most recent call last):
    ...
    belote.errors.ContractError: classic contracts have no bid (a suit only, e.g. H), got '100H'
    """
    text = contract.to_pbn()
    if profile.auction == "turned-card":
        if contract.bid is not None:
            raise ContractError(
                f"{profile.name} contracts have no bid (a suit only, e.g. H), got {text!r}"
            )
        return
    if profile.auction != "numeric":
        raise ContractError(f"unknown auction kind {profile.auction!r} in profile {profile.name!r}")
    allowed = (
        f"{profile.name} bids {profile.bid_min}..{profile.bid_max} in steps of "
        f"{profile.bid_step}, or {profile.capot_bid} for capot"
    )
    if contract.bid is None:
        raise ContractError(f"{profile.name} contracts need a bid (e.g. 100H), got {text!r}")
    if contract.capot != (contract.bid == profile.capot_bid):
        raise ContractError(
            f"the capot bid is {profile.capot_bid} in {profile.name}: "
            f"bid {contract.bid} with capot={contract.capot} is inconsistent"
        )
    in_range = profile.bid_min <= contract.bid <= profile.bid_max and (
        (contract.bid - profile.bid_min) % profile.bid_step == 0
    )
    if not (contract.capot or in_range):
        raise ContractError(f"bid {contract.bid} in {text!r} is not allowed ({allowed})")
    if contract.multiplier not in profile.coinche_multipliers:
        raise ContractError(
            f"multiplier {contract.multiplier} in {text!r} is not allowed in {profile.name} "
            f"(one of {', '.join(map(str, profile.coinche_multipliers))})"
        )


def reread_contract(contract: Contract, profile: RuleProfile) -> Contract:
    """``contract``, read under other rules, as ``profile`` reads it.

    Rules without bids (classic) read a contract with a bid (``100HX``) as
    what they can hold of it: the same trump taken by the same declarer, bid
    and coinche dropped. Otherwise the contract must be one ``profile``
    allows (:func:`check_contract` raises :class:`ContractError` if not).

    >>> from belote import CLASSIC, COINCHE
    >>> reread_contract(parse_contract("100HX", COINCHE, declarer=1), CLASSIC)
    Contract(trump='H', declarer='E', bid=None, multiplier=1, capot=False)
    """
    if profile.auction != "numeric" and contract.bid is not None:
        return Contract(contract.trump, contract.declarer, None)
    check_contract(contract, profile)
    return contract


def as_contract(contract: Contract | str, profile: RuleProfile,
                declarer: Seat | str | None = None) -> Contract:
    """A :class:`Contract` from a contract or its PBN text (:func:`parse_contract`).

    ``declarer`` (a seat letter or int) is the taker of a contract that does not name
    one; a contract that names another is refused. A contract given as an object is
    checked against ``profile`` too.

    >>> from belote import COINCHE
    >>> as_contract("100H", COINCHE, declarer="E")
    Contract(trump='H', declarer='E', bid=100, multiplier=1, capot=False)
    >>> as_contract(Contract("S", None, 80), COINCHE, "N").declarer
    0
    >>> as_contract(100, COINCHE)
    Traceback (most recent call last):
    ...
    belote.errors.ContractError: contract 100 is not a contract: a Contract or its text (100H, 80SX, CapotD; classic: H)
    """
    if declarer is not None:
        try:
            declarer = as_seat(declarer, "declarer")
        except CardError as e:
            raise ContractError(str(e)) from None
    if isinstance(contract, str):
        return parse_contract(contract, profile, declarer)
    if not isinstance(contract, Contract):
        raise ContractError(f"contract {contract!r} is not a contract: a Contract or its text "
                            "(100H, 80SX, CapotD; classic: H)")
    if declarer is not None and contract.declarer != declarer:
        if contract.declarer is not None:
            raise ContractError(f"contract {contract.to_pbn()} is taken by "
                                f"{seat_name(contract.declarer)}, not by {seat_name(declarer)}")
        contract = replace(contract, declarer=declarer)
    check_contract(contract, profile)
    return contract


def parse_contract(text: str, profile: RuleProfile, declarer: Seat | None = None) -> Contract:
    """Parse a contract in PBN notation and check it against ``profile``.

    Accepts ``100H``, ``100HX``, ``100HXX``, ``250H``, ``CapotH`` in coinche
    and the bare suit ``H`` in classic, in any case, with suit letters or
    symbols (``100♥``).

    >>> from belote import CLASSIC, COINCHE
    >>> parse_contract("capotdxx", COINCHE, declarer=1)
    Contract(trump='D', declarer='E', bid=250, multiplier=4, capot=True)
    >>> parse_contract("100H", CLASSIC)
    Traceback (most recent call last):
    ...
    belote.errors.ContractError: classic contracts have no bid (a suit only, e.g. H), got '100H'
    """
    match = _CONTRACT_RE.match(text.strip())
    if match is None:
        raise ContractError(f"cannot read contract {text!r} (expected e.g. 100H, 100HX, CapotS or H)",
                            unreadable=True)
    try:
        trump = parse_suit(match["suit"])
    except CardError:
        raise ContractError(
            f"unknown trump {match['suit']!r} in contract {text!r} (expected one of S H D C)",
            unreadable=True) from None
    amount = match["bid"]
    capot = amount is not None and amount.upper() == _CAPOT_WORD
    if capot:
        bid: int | None = profile.capot_bid
    else:
        if amount is not None and (len(amount) > MAX_DIGITS or len(amount.lstrip("0")) > 4):
            raise ContractError(f"bid {amount[:12]}{'...' if len(amount) > 12 else ''} in "
                                "contract is not allowed (too many digits)")
        bid = None if amount is None else int(amount)
    doubles = len(match["doubles"])
    if doubles and bid is None:
        raise ContractError(f"cannot read contract {text!r}: X needs a bid (e.g. 100HX)")
    if doubles > 2:
        raise ContractError(f"cannot read contract {text!r}: at most XX (surcoinche)")
    if bid is not None and bid == profile.capot_bid:
        capot = True
    if bid is not None and bid <= 0:
        raise ContractError(f"bid {bid} in {text!r} is not allowed")
    contract = Contract(trump, declarer, bid, 1 << doubles, capot)
    check_contract(contract, profile)
    return contract
