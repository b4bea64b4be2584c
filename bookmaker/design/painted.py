"""Pictures for colour Nonograms, read at the edge: an SVG drawing or an image (PNG...)
averaged into cells of the asked size, then reduced to a few colours and a background in
the core (core/nonogram/palette.py); and the bundled, titled colour pictures (the SVG
drawings in the top-level `pictures/` folder, each titled by its <title>).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache, partial
from io import BytesIO
from pathlib import Path

from ..core.nonogram.colourpuzzle import PaintedPicture
from ..core.nonogram.palette import reduce_colours
from .pictures import (
    RANDOM,
    SVG_SUFFIXES,
    PictureError,
    _asked_size,
    _svg_png,
    bundled_name,
    handed_of,
    job_picture,
    on_white,
    picture_folder,
    random_size_checked,
)

PRINTED_COLOURS = 4  # colours a picture keeps: as many greys as a black-and-white page
# The widest random colour grid made (pictures.RANDOM_MOST): CPU seconds for seeds 0-7 at
# 20x20, 1.0-4.3; at 25x25 seed 0 took over 60.
RANDOM_COLOUR_MOST = 20
#                      tells apart beside white (design/inks.py)
PIXELS_A_CELL = 8  # pixels a cell side whose colours vote for the cell's
TITLE = re.compile(r"<title>([^<]+)</title>")


@dataclass(frozen=True)
class BundledPainting:
    """A bundled colour picture: its name (its file's stem), title and file."""

    name: str
    title: str
    path: Path


@lru_cache(maxsize=1)
def bundled_paintings() -> tuple[BundledPainting, ...]:
    """Every bundled colour picture, by name."""
    files = sorted((entry for entry in picture_folder().iterdir()
                    if entry.name.endswith(".svg")), key=lambda entry: entry.name)
    return tuple(BundledPainting(Path(str(entry)).stem, _title(entry.read_text("utf-8"),
                                                               Path(str(entry)).stem),
                                 Path(str(entry))) for entry in files)


def _title(svg: str, name: str) -> str:
    found = TITLE.search(svg)
    return found.group(1).strip() if found else name


def job_painting(ask: str, height: int, width: int, seed: int,
                 most: int = PRINTED_COLOURS) -> PaintedPicture | None:
    """The picture a colour Nonogram job draws, height x width: None (a random grid) if
    asked (RANDOM); a bundled colour picture chosen by the seed if none is named; else the
    bundled one of that name or title, or the picture file at that path."""
    if ask == RANDOM:
        random_size_checked(height, width, RANDOM_COLOUR_MOST, "a 25x25")
        return None
    bundled = _named(ask, seed)
    return painted(str(bundled.path) if bundled else ask, height, width, most)


def handed_paintings(count: int, seed: int, named: frozenset[str] = frozenset()
                     ) -> tuple[str, ...]:
    """What `count` colour Nonograms that name no picture draw (pictures.handed_pictures,
    from the bundled colour pictures)."""
    return handed_of(bundled_paintings(), count, seed, named)


def bundled_painting_name(ask: str) -> bool:
    """Whether `ask` names or titles a bundled colour picture (any case)."""
    return _named(ask, 0) is not None if ask else False


def picture_readers(kind, colours: int = 0) -> tuple[Callable[[str], bool], Callable]:
    """A pictured kind's (whether a word names a bundled picture, the job's picture of an
    ask, height, width and seed): a colour Nonogram's colour pictures, reduced to `colours`
    at most (0: PRINTED_COLOURS), else pictures.py's."""
    if kind.answer.form == "colours":
        return bundled_painting_name, partial(job_painting, most=colours or PRINTED_COLOURS)
    return bundled_name, job_picture


def _named(ask: str, seed: int) -> BundledPainting | None:
    bundled = bundled_paintings()
    if not ask:
        return bundled[seed % len(bundled)]
    wanted = ask.strip().lower()
    return next((p for p in bundled if wanted in (p.name.lower(), p.title.lower())), None)


@lru_cache(maxsize=64)
def painted(path: str, height: int, width: int, most: int = PRINTED_COLOURS) -> PaintedPicture:
    """The picture in the file at path, height x width cells of `most` colours at most."""
    where = Path(path)
    try:
        source = _svg_png(where, height, width) if where.suffix.lower() in SVG_SUFFIXES \
            else BytesIO(where.read_bytes())
        rows = _cells_rgb(source, height, width, where)
    except (OSError, EOFError) as error:
        raise PictureError(f"{where}: cannot read the picture ({error})") from None
    try:
        return reduce_colours(rows, most)
    except ValueError as error:
        raise PictureError(f"{where}: {error}") from None


def _cells_rgb(source: BytesIO, height: int, width: int, where: Path):
    """Each cell's pixels (a Counter of RGB), the image drawn on white and resized to
    PIXELS_A_CELL pixels a cell side."""
    from PIL import Image

    rgb = on_white(source, where, "RGB")
    rows, columns = _asked_size(rgb.height, rgb.width, height, width, where)
    side = PIXELS_A_CELL
    data = rgb.resize((columns * side, rows * side), Image.Resampling.NEAREST).tobytes()
    cells: list[list[Counter]] = [[Counter() for _ in range(columns)] for _ in range(rows)]
    stride = columns * side * 3
    for y in range(rows * side):
        line, cell_row = data[y * stride:(y + 1) * stride], cells[y // side]
        for x in range(columns * side):
            cell_row[x // side][line[3 * x:3 * x + 3]] += 1
    return [[Counter({tuple(k): n for k, n in cell.items()}) for cell in row] for row in cells]


def painting_title(solution: tuple[tuple[int, ...], ...], palette: tuple[str, ...]) -> str:
    """The title of the bundled colour picture a colour Nonogram's solution draws (at most
    a fiftieth of its cells changed to make it), or ''."""
    height, width = len(solution), len(solution[0])
    for bundled in bundled_paintings():
        try:
            picture = painted(str(bundled.path), height, width, len(palette))
        except PictureError:
            continue
        changed = sum(a != b for row, other in zip(picture.cells, solution)
                      for a, b in zip(row, other))
        if picture.palette == palette and changed <= height * width // 50:
            return bundled.title
    return ""
