"""Kinds of puzzle: each kind one object the whole pipeline asks (see registry.py)."""
