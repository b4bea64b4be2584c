"""A colour Nonogram's colours by name, as its steps say them ('red in r2c6', not 'a in
r2c6'): each colour of the puzzle's palette is called by the nearest named colour of
pictures/colour-names.yaml, no two by one name, in the book's language (its catalogue's
`colour_names`); a blank cell is 'blank'."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

import yaml

from .catalogue import Catalogue
from .inks import print_greys
from .pictures import picture_folder

NAMES_FILE = "colour-names.yaml"
EYE_WEIGHTS = (2, 4, 3)  # red, green, blue: the eye tells greens apart best
BLANK = "blank"


@cache
def named_colours() -> tuple[tuple[str, str], ...]:
    """The named colours (name, six hex digits), in the file's order."""
    text = (picture_folder() / NAMES_FILE).read_text(encoding="utf-8")
    return tuple((str(name), str(rgb)) for name, rgb in yaml.safe_load(text).items())


def _distance(one: str, other: str) -> int:
    return sum(weight * (int(one[at:at + 2], 16) - int(other[at:at + 2], 16)) ** 2
               for weight, at in zip(EYE_WEIGHTS, (0, 2, 4)))


def colour_names(palette: tuple[str, ...]) -> tuple[str, ...]:
    """Each palette colour's name key, colour c at [c - 1]: the closest pairs of colour and
    name taken first, so that two reds are 'red' and the next nearest, never both 'red'."""
    names = named_colours()
    pairs = sorted((_distance(colour, rgb), index, at)
                   for index, colour in enumerate(palette) for at, (_, rgb) in enumerate(names))
    chosen: dict[int, str] = {}
    for _, index, at in pairs:
        if index not in chosen and names[at][0] not in chosen.values():
            chosen[index] = names[at][0]
    return tuple(chosen.get(index, "") for index in range(len(palette)))


def colour_value_text(palette: tuple[str, ...], words: Catalogue) -> Callable[[int], str]:
    """A colours answer's value (1 blank, c + 1 colour c) as its name in `words`; a colour
    past the named ones (more colours than names) keeps its letter."""
    return named_value_text((BLANK, *colour_names(palette)), words)


# A black-and-white interior prints a colour Nonogram's colours as greys, the darkest colour
# the darkest (inks.print_greys): its steps name the grey a reader sees, not the colour.
GREY_NAMES = {1: ("dark_grey",), 2: ("dark_grey", "light_grey"),
              3: ("dark_grey", "mid_grey", "light_grey"),
              4: ("darkest_grey", "dark_grey", "light_grey", "lightest_grey")}


def grey_value_text(palette: tuple[str, ...], words: Catalogue) -> Callable[[int], str]:
    """A colours answer's value as the grey it prints in, in a black-and-white interior:
    'dark grey in r3c2' (a picture keeps at most four colours there)."""
    greys = print_greys(palette)
    ranked = sorted(set(greys))
    if len(ranked) not in GREY_NAMES:  # more colours than a grey page tells apart
        return colour_value_text(palette, words)
    names = GREY_NAMES[len(ranked)]
    return named_value_text((BLANK, *(names[ranked.index(g)] for g in greys)), words)


def named_value_text(names: tuple[str, ...], words: Catalogue) -> Callable[[int], str]:
    """Values by their `colour_names` keys in `words` (value 1's first: a Nonogram's
    'blank', 'black'); a value without one ('') keeps its letter (value 2's 'a')."""
    said = [words.text(f"colour_names.{name}") if name else chr(ord("a") + value - 2)
            for value, name in enumerate(names, 1)]
    return lambda value: said[value - 1]
