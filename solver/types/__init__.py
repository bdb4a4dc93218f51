"""Value types, the bottom layer: cards and card sets, seats and deals, rule profiles,
contracts and auctions (they import nothing of the rest of ``belote`` but its errors)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._lazy import attach

_TABLE: dict[str, tuple[str, ...]] = {
    ".auction": ("BID", "COINCHE_CALL", "PASS", "SURCOINCHE", "Call", "CallState"),
    ".cards": ("ACE", "ALL_CARDS", "CARDS", "EIGHT", "JACK", "KING", "NINE", "QUEEN", "RANKS",
               "RANK_NAMES", "SEVEN", "SUITS", "SUIT_MASKS", "SUIT_NAMES", "SUIT_SYMBOLS", "TEN",
               "Card", "Rank", "Suit", "as_card", "as_suit", "as_suits", "card_name", "card_rank",
               "card_suit", "iter_cards", "make_card", "parse_card", "parse_rank", "parse_suit",
               "popcount", "to_mask"),
    ".contract": ("as_contract", "check_contract", "reread_contract"),
    ".deal": ("SEATS", "SEAT_NAMES", "SIDES", "SIDE_NAMES", "Seat", "Side", "SidePair", "as_seat",
              "as_side", "next_seat", "parse_seat", "parse_side", "partner", "seat_name",
              "side_name", "side_of"),
    ".profile": ("PROFILES",),
}
"""The public names of this package, by home module (see :mod:`belote._lazy`)."""

if TYPE_CHECKING:
    from .auction import (BID as BID, COINCHE_CALL as COINCHE_CALL, PASS as PASS,
                          SURCOINCHE as SURCOINCHE, Call as Call, CallState as CallState)
    from .cards import (ACE as ACE, ALL_CARDS as ALL_CARDS, CARDS as CARDS, EIGHT as EIGHT,
                        JACK as JACK, KING as KING, NINE as NINE, QUEEN as QUEEN, RANKS as RANKS,
                        RANK_NAMES as RANK_NAMES, SEVEN as SEVEN, SUITS as SUITS,
                        SUIT_MASKS as SUIT_MASKS, SUIT_NAMES as SUIT_NAMES,
                        SUIT_SYMBOLS as SUIT_SYMBOLS, TEN as TEN, Card as Card, Rank as Rank,
                        Suit as Suit, as_card as as_card, as_suit as as_suit, as_suits as as_suits,
                        card_name as card_name, card_rank as card_rank, card_suit as card_suit,
                        iter_cards as iter_cards, make_card as make_card, parse_card as parse_card,
                        parse_rank as parse_rank, parse_suit as parse_suit, popcount as popcount,
                        to_mask as to_mask)
    from .contract import (as_contract as as_contract, check_contract as check_contract,
                           reread_contract as reread_contract)
    from .deal import (SEATS as SEATS, SEAT_NAMES as SEAT_NAMES, SIDES as SIDES,
                       SIDE_NAMES as SIDE_NAMES, Seat as Seat, Side as Side, SidePair as SidePair,
                       as_seat as as_seat, as_side as as_side, next_seat as next_seat,
                       parse_seat as parse_seat, parse_side as parse_side, partner as partner,
                       seat_name as seat_name, side_name as side_name, side_of as side_of)
    from .profile import PROFILES as PROFILES

if not TYPE_CHECKING:  # a checker reads the imports above, and flags other names
    __all__, __getattr__, __dir__ = attach(__name__, _TABLE)
