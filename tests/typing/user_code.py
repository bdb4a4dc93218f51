"""A user's program, type-checked with ``mypy --strict`` against the installed wheel by
``.ci/wheel-check``: the package's annotations (``py.typed``) must let ordinary use pass.

It is not a test module (pytest does not collect it): wheel-check type-checks it and runs it."""

from __future__ import annotations

import belote
from belote import HEARTS, NS, CardSet, Deal, Position, dd_table, pbn
from belote.dd import ContractVerdict
from belote.types import card_name

board: belote.Board = pbn.load("datasets/examples/deals.pbn")[0]
deal: Deal = board.deal
hands: tuple[CardSet | None, ...] = deal.hands  # None: a hand the record does not know
north = hands[0]
assert north is not None
mask: int = north.mask
names: list[str] = [card_name(card) for card in north]
with_ace: CardSet = north.of_suit(0) | CardSet("AH")
profile: belote.RuleProfile = board.profile
table = dd_table(deal, board.first_leader(), profile)
value: int = table[HEARTS, NS]
start = Position(deal, HEARTS, board.first_leader(), profile)
contract = board.contract
assert contract is not None
verdict = belote.judge_contract(start, contract)
made: bool = verdict.made
version: str = belote.__version__
# What a player types is taken too: suit, seat and side letters, a contract's text, a profile.
by_letters = Position(deal, "H", "E", "coinche")
points: int = table["H", "NS"] + belote.solve_position(by_letters, "EW")
by_text: ContractVerdict = belote.judge_contract(by_letters, "100H", declarer="E")
