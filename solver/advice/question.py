"""A bid question from one hand: what ``belote bid`` is asked, as the command takes it.

:class:`BidQuestion` holds the options (hand, seat, dealer, mode, contract or
auction, turned card, constraints, play, samples...);
:func:`~belote.advice.answer.plan_bid` checks it and
:func:`~belote.advice.answer.advise_bid` answers it. This module is light (no
numpy): the command reads its defaults when ``belote --help`` is asked.

>>> BidQuestion(hand="JH 9H AH TH KS AS AD 7C", seat="S", dealer="W", known="N:7S").known
('N:7S',)
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..types.deal import Seat, as_seat

__all__ = ["BidQuestion", "PLAYED_SAMPLES", "TABLE_SAMPLES"]

PLAYED_SAMPLES = 100
"""Samples played by default under single-dummy play (about 1 s of CPU each and trump)."""

TABLE_SAMPLES = 500
"""Samples solved by default under double-dummy play: a P(make) interval of at most
+/-4.4 points, in about 1 s of CPU for one contract or 10 s for the coinche table
(``python -m bench.bid``)."""


def _texts(value: str | tuple[str, ...] | list[str]) -> tuple[str, ...]:
    """One text or several, as a tuple (one string is one constraint, not its characters)."""
    return (value,) if isinstance(value, str) else tuple(value)


@dataclass(frozen=True)
class BidQuestion:
    """What ``belote bid`` is asked, its options as the command takes them.

    ``hand`` is the bidder's cards (any spelling; classic: 5 cards), ``seat``
    the bidder (the declarer), ``dealer`` the dealer (``None``: named by
    ``auction``). ``contract`` (coinche) judges one contract instead of the
    table; ``auction`` (``"N:P E:80H"``) asks for the advice on turn, under the
    ``conventions`` profile, a built-in name or a file (``None``: the built-in ``club``),
    the opponents' calls read under ``opponents`` when given (a name or a file, e.g.
    ``"light"``); ``turned`` is the
    classic turned card. ``known``, ``shape`` and ``points`` are the
    constraint texts (one string or several). ``play`` is one of
    ``double-dummy``, ``single-dummy``, ``both``; ``samples`` ``None`` is
    :data:`TABLE_SAMPLES` (:data:`PLAYED_SAMPLES` under single-dummy play);
    ``worlds`` the single-dummy player's layouts a decision at the first trick
    (:meth:`~belote.advice.playout.Schedule.from_worlds`; ``None``: the default
    schedule); ``precision`` the
    early-stopping half-width (double-dummy only).
    """

    hand: str
    seat: Seat | str
    dealer: Seat | str | None = None
    mode: str = "coinche"
    contract: str | None = None
    auction: str | None = None
    conventions: str | Path | None = None
    opponents: str | Path | None = None
    turned: str | None = None
    known: tuple[str, ...] = ()
    shape: tuple[str, ...] = ()
    points: tuple[str, ...] = ()
    samples: int | None = None
    play: str = "double-dummy"
    worlds: int | None = None
    seed: int = 0
    precision: float | None = None

    def __post_init__(self) -> None:
        for name in ("known", "shape", "points"):
            object.__setattr__(self, name, _texts(getattr(self, name)))
        object.__setattr__(self, "seat", as_seat(self.seat))
        if self.dealer is not None:
            object.__setattr__(self, "dealer", as_seat(self.dealer))
