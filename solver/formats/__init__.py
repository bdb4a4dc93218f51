"""Reading and writing boards: PBN."""
