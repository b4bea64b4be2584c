"""Hashi (Bridges, Hashiwokakero): islands with counts, bridges of one or two between
them, never crossing, all islands joined."""
