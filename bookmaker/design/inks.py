"""How a colour Nonogram's colours print. In a black-and-white interior (the default, KDP's
cheaper one) each colour as a grey, the darkest colour the darkest grey, spread evenly so
that four colours and white stay told apart; a clue prints on its colour's grey, its number
white where the grey is dark. In a colour interior (a book's `interior: colour`) each
colour as itself in CMYK (print_cmyk: black on the black plate alone, ink held to
MOST_INK), its clue's number black or white, whichever stands out more (digits_on).

A picture keeps at most four colours for this (design/painted.py: PRINTED_COLOURS). On a
screen (the web page) and a colour interior each colour shows as itself, its clues' digits
black or white, whichever stands out more on it (digits_on).
"""

from __future__ import annotations

DARKEST, LIGHTEST = 0.2, 0.8  # greys (0 black, 1 white) of the darkest and lightest colour
WHITE_TEXT_BELOW = 0.5  # a clue on a grey darker than this prints in white
GREY, COLOUR = INTERIORS = ("grey", "colour")  # a book's interior: black and white, or colour
MOST_INK = 2.4  # a colour's cyan, magenta, yellow and black together at most (240 %)
Cmyk = tuple[float, float, float, float]
Ink = float | Cmyk  # a grey (0 black, 1 white), or a colour's CMYK (each 0 to 1)


def luminance(colour: str) -> float:
    """A colour's (six hex digits) relative lightness, 0 black to 1 white."""
    red, green, blue = (int(colour[at:at + 2], 16) / 255 for at in (0, 2, 4))
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def print_greys(palette: tuple[str, ...]) -> tuple[float, ...]:
    """Each colour's grey, colour c at [c - 1]: ranked by lightness (ties by order)."""
    if len(palette) == 1:
        return (DARKEST,)
    ranked = sorted(range(len(palette)), key=lambda c: (luminance(palette[c]), c))
    step = (LIGHTEST - DARKEST) / (len(palette) - 1)
    greys = [0.0] * len(palette)
    for rank, colour in enumerate(ranked):
        greys[colour] = round(DARKEST + rank * step, 4)
    return tuple(greys)


def text_grey(ground: float) -> float:
    """The grey a number prints in on a ground of this grey: white on dark, else black."""
    return 1.0 if ground < WHITE_TEXT_BELOW else 0.0


def _linear(channel: float) -> float:
    """An sRGB channel (0 to 1) as light (WCAG 2's relative luminance)."""
    return channel / 12.92 if channel <= 0.04045 else ((channel + 0.055) / 1.055) ** 2.4


def relative_luminance(colour: str) -> float:
    """A colour's (six hex digits) WCAG 2 relative luminance, 0 black to 1 white."""
    red, green, blue = (_linear(int(colour[at:at + 2], 16) / 255) for at in (0, 2, 4))
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def contrast(one: float, other: float) -> float:
    """The WCAG 2 contrast ratio of two relative luminances (1 to 21)."""
    return (max(one, other) + 0.05) / (min(one, other) + 0.05)


def digits_on(colour: str) -> str:
    """The ink ('000000' black or 'ffffff' white) a clue's digits take on a ground of this
    colour: whichever stands out more, 4.58:1 or better on any colour (the two contrasts
    multiply to 21, so the better is at least its square root: WCAG's AA for text)."""
    ground = relative_luminance(colour)
    return "000000" if contrast(ground, 0.0) >= contrast(ground, 1.0) else "ffffff"


def print_cmyk(colour: str) -> Cmyk:
    """A colour (six hex digits) as CMYK inks: its grey component on the black plate (a
    black or grey is black ink alone, never a rich black), the rest in cyan, magenta and
    yellow, these cut back together where all four would pass MOST_INK."""
    red, green, blue = (int(colour[at:at + 2], 16) / 255 for at in (0, 2, 4))
    black = 1 - max(red, green, blue)
    if black >= 1:
        return (0.0, 0.0, 0.0, 1.0)
    cyan, magenta, yellow = ((1 - channel - black) / (1 - black) for channel in
                             (red, green, blue))
    scale = min(1.0, (MOST_INK - black) / max(cyan + magenta + yellow, 1e-9))
    cyan, magenta, yellow = (round(ink * scale, 3) for ink in (cyan, magenta, yellow))
    return (cyan, magenta, yellow, round(black, 3))


def print_inks(palette: tuple[str, ...], interior: str = GREY) -> tuple[Ink, ...]:
    """Each colour's ink, colour c at [c - 1]: its grey (print_greys), or in a colour
    interior its CMYK."""
    if interior == COLOUR:
        return tuple(print_cmyk(colour) for colour in palette)
    return print_greys(palette)


def digits_ink(palette: tuple[str, ...], interior: str = GREY) -> tuple[float, ...]:
    """The grey (0 black, 1 white) each colour's clue digits print in on its ink."""
    if interior == COLOUR:
        return tuple(0.0 if digits_on(colour) == "000000" else 1.0 for colour in palette)
    return tuple(text_grey(grey) for grey in print_greys(palette))
