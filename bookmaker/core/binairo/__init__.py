"""Binairo (Takuzu, Unruly) and its Tango variant: two symbols, no three alike in a line,
lines half and half; classic Binairo's lines all differ, a Tango's = and x signs say which
neighbours match."""
