"""Futoshiki: a Latin square with inequality signs between neighbouring cells."""
