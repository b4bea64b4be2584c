"""Solving and proving: the bitboard search, Dancing Links, the two-way search, the second
opinion, and the seam that picks the compiled or the pure core."""
