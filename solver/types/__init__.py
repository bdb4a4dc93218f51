"""Value types, the bottom layer: cards and card sets, seats and deals, rule profiles,
contracts and auctions (they import nothing of the rest of ``belote`` but its errors)."""

from .auction import BID, COINCHE_CALL, PASS, SURCOINCHE, Call, CallState
from .cards import (ACE, ALL_CARDS, CARDS, EIGHT, JACK, KING, NINE, QUEEN, RANKS, RANK_NAMES,
                    SEVEN, SUITS, SUIT_MASKS, SUIT_NAMES, SUIT_SYMBOLS, TEN, Card, Rank, Suit,
                    as_card, as_suit, as_suits, card_name, card_rank, card_suit, iter_cards,
                    make_card, parse_card, parse_rank, parse_suit, popcount, to_mask)
from .contract import as_contract, check_contract, reread_contract
from .deal import (SEATS, SEAT_NAMES, SIDES, SIDE_NAMES, Seat, Side, SidePair, as_seat, as_side,
                   next_seat, parse_seat, parse_side, partner, seat_name, side_name, side_of)
from .profile import PROFILES

__all__ = ["ACE", "ALL_CARDS", "BID", "CARDS", "COINCHE_CALL", "Call", "CallState", "Card",
           "EIGHT", "JACK", "KING", "NINE", "PASS", "PROFILES", "QUEEN", "RANKS", "RANK_NAMES",
           "Rank", "SEATS", "SEAT_NAMES", "SEVEN", "SIDES", "SIDE_NAMES", "SUITS", "SUIT_MASKS",
           "SUIT_NAMES", "SUIT_SYMBOLS", "SURCOINCHE", "Seat", "Side", "SidePair", "Suit", "TEN",
           "as_card", "as_contract", "as_seat", "as_side", "as_suit", "as_suits", "card_name",
           "card_rank", "card_suit", "check_contract", "iter_cards", "make_card", "next_seat",
           "parse_card", "parse_rank", "parse_seat", "parse_side", "parse_suit", "partner",
           "popcount", "reread_contract", "seat_name", "side_name", "side_of", "to_mask"]
