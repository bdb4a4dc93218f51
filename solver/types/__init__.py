"""Value types: cards and card sets, seats and deals, contracts."""
