"""Puzzles as data other programs read: ipuz documents and JSON records, written from any
kind's board, line and marks and read back (pure: dicts in, dicts out)."""
