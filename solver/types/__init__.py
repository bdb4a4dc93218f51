"""Value types, the bottom layer: cards and card sets, seats and deals, rule profiles,
contracts and auctions (they import nothing of the rest of ``belote`` but its errors)."""
