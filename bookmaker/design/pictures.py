"""Pictures for Nonograms, read at the edge: a text bitmap, an SVG drawing or an image
(PNG...) becomes a grid of booleans (True: shaded) of the asked size; and the bundled,
titled pictures.

The top-level `pictures/` folder is installed as the package `bookmaker.pictures`. A text
bitmap is `title: ...` (optional), a blank line, then rows of `#` and `.`, all one width.
"""

from __future__ import annotations

import gzip
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from io import BytesIO
from pathlib import Path
from typing import TYPE_CHECKING

from ..core.rng import Rng
from ..core.words import with_article

if TYPE_CHECKING:
    from ..core.kinds.kind import Kind

PICTURE_PACKAGE = "bookmaker.pictures"
SHADED, EMPTY = "#", "."
DARK_BELOW = 128  # grey level (0 black .. 255 white) under which a pixel is shaded
SIZES = range(5, 41)  # rows or columns a Nonogram may have
SVG_SUFFIXES = (".svg", ".svgz")
SVG_PIXELS_A_CELL = 16  # an SVG is drawn this many pixels a cell, then averaged into cells

Grid = tuple[tuple[bool, ...], ...]


class PictureError(ValueError):
    """A picture that cannot be read, or has no cells to shade."""


@dataclass(frozen=True)
class Picture:
    """A picture's name (its file's stem), title and cells."""

    name: str
    title: str
    grid: Grid


def picture_folder():
    """The bundled pictures' folder, wherever bookmaker is installed."""
    try:
        return resources.files(PICTURE_PACKAGE)
    except ModuleNotFoundError:  # a checkout on sys.path that was never installed
        return Path(__file__).resolve().parents[2] / "pictures"


RANDOM = "random"  # a spec's `picture:` asking for a random grid, which draws nothing
# The widest random grid made: past it a grid's puzzle may take minutes to make, with no
# progress to show, so it is refused when asked for. CPU seconds to make a random grid's
# puzzle, seeds 0-18 at 25x25: 0.2-4.6; at 30x30 seeds 0-6: 0.3-2.8, and seed 5 over 60;
# 38x38: seed 0 18, seeds 1 and 2 over 120; a 40x40 took 178.
RANDOM_MOST = 25


def picture_problem(kind: Kind, difficulty: str, picture: str) -> str | None:
    """Why a kind that draws pictures cannot be asked for the grade when it draws
    `picture` (a bundled one, a file; not RANDOM): a picture's puzzle is as hard as its
    picture makes it (a Nonogram's nearly always easy), and printing cells only makes it
    easier, so no grade can be promised for every seed; a random grid's can be."""
    if not kind.pictured or difficulty == "any" or picture == RANDOM:
        return None
    return (f"{with_article(kind.title)} of a picture is as hard as its picture makes it "
            f"(nearly always easy): leave out difficulty, not {difficulty!r}, or ask for "
            f"random grids (picture: {RANDOM})")


def job_picture(ask: str, height: int, width: int, seed: int) -> Grid | None:
    """The picture a Nonogram job draws, height x width: a random grid's None if asked
    (RANDOM); a bundled picture chosen by the seed if none is named; else the bundled
    picture of that name or title, or the picture file at that path."""
    if ask == RANDOM:
        random_size_checked(height, width)
        return None
    return scale(named_picture(ask, seed).grid, height, width)


def random_size_checked(height: int, width: int, most: int = RANDOM_MOST,
                        slow: str = "a 30x30") -> None:
    """PictureError for a random grid past `most` cells a side, whose puzzle would take
    minutes to make (as `slow` did, for more than one)."""
    if max(height, width) > most:
        raise PictureError(f"a random grid is made up to {most}x{most}: a larger one's "
                           f"puzzle can take minutes to make ({slow} took over one); got "
                           f"{height}x{width}: ask for a smaller size or draw a picture")


def named_picture(ask: str, seed: int = 0) -> Picture:
    """The bundled picture named or titled `ask` (any case), the one the seed picks for
    '', or the picture in the file at the path `ask`; PictureError if none."""
    bundled = bundled_pictures()
    if not ask:
        return bundled[seed % len(bundled)]
    wanted = ask.strip().lower()
    found = next((picture for picture in bundled
                  if wanted in (picture.name.lower(), picture.title.lower())), None)
    return found or read_picture(ask)


def handed_pictures(count: int, seed: int, named: frozenset[str] = frozenset()
                    ) -> tuple[str, ...]:
    """What `count` Nonograms that name no picture draw: the bundled pictures but those
    `named` elsewhere (by name or title, lower case), in an order the seed shuffles, each
    once (a book of 5 never draws the same cup twice), then '' (the one each puzzle's
    seed picks) past them."""
    return handed_of(bundled_pictures(), count, seed, named)


def handed_of(bundled, count: int, seed: int, named: frozenset[str]) -> tuple[str, ...]:
    """handed_pictures() from a set of bundled pictures (each with a name and a title)."""
    names = Rng(seed).shuffled([picture.name for picture in bundled
                                if not {picture.name.lower(), picture.title.lower()} & named])
    return tuple(names[:count]) + ("",) * max(0, count - len(names))


def bundled_name(ask: str) -> bool:
    """Whether `ask` names or titles a bundled picture (any case)."""
    wanted = ask.strip().lower()
    return any(wanted in (p.name.lower(), p.title.lower()) for p in bundled_pictures())


def picture_title(solution: Grid) -> str:
    """The title of the bundled picture a Nonogram's solution draws (at most a fiftieth of
    its cells changed to make it: core/nonogram/maker.py), or ''."""
    height, width = len(solution), len(solution[0])
    for picture in bundled_pictures():
        try:
            scaled = scale(picture.grid, height, width)
        except PictureError:
            continue
        changed = sum(a != b for row, other in zip(scaled, solution) for a, b in zip(row, other))
        if changed <= height * width // 50:
            return picture.title
    return ""


@lru_cache(maxsize=1)
def bundled_pictures() -> tuple[Picture, ...]:
    """Every bundled picture, by name."""
    files = sorted((entry for entry in picture_folder().iterdir()
                    if entry.name.endswith(".txt")), key=lambda entry: entry.name)
    return tuple(parse_text_bitmap(entry.read_text("utf-8"), f"pictures/{entry.name}")
                 for entry in files)


def parse_text_bitmap(text: str, where: str) -> Picture:
    """A text bitmap's picture; where names the file in messages."""
    name = Path(where).stem
    title, rows = name, []  # type: str, list[tuple[bool, ...]]
    for number, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if line.startswith("title:") and not rows:
            title = line[len("title:"):].strip()
        elif line:
            rows.append(_bitmap_row(line, where, number, rows))
    if not rows:
        raise PictureError(f"{where}: no rows of '{SHADED}' and '{EMPTY}'")
    return Picture(name, title, _drawn(tuple(rows), where))


def _drawn(grid: Grid, where) -> Grid:
    """grid, refused if it shades no cell (a blank page is no picture)."""
    if not any(any(row) for row in grid):
        raise PictureError(f"{where}: no cell is shaded")
    return grid


def _bitmap_row(line: str, where: str, number: int, rows: list) -> tuple[bool, ...]:
    stray = set(line) - {SHADED, EMPTY}
    if stray:
        raise PictureError(f"{where}, line {number}: '{sorted(stray)[0]}' is neither "
                           f"'{SHADED}' (shaded) nor '{EMPTY}' (empty)")
    if rows and len(line) != len(rows[0]):
        raise PictureError(f"{where}, line {number}: {len(line)} cells wide, "
                           f"the rows above are {len(rows[0])}")
    return tuple(char == SHADED for char in line)


def read_picture(path: str | Path, height: int | None = None,
                 width: int | None = None) -> Picture:
    """The picture in a text bitmap (.txt), an SVG drawing or an image pillow reads
    (PNG...), scaled to height x width cells when asked (a text bitmap's own size
    otherwise)."""
    path = Path(path)
    try:
        if path.suffix.lower() == ".txt":
            picture = parse_text_bitmap(path.read_text("utf-8"), str(path))
            if height is None and width is None:
                return picture
            grid = _drawn(scale(picture.grid, height, width), path)
            return Picture(picture.name, picture.title, grid)
        if path.suffix.lower() in SVG_SUFFIXES:
            return Picture(path.stem, path.stem, _drawn(_read_svg(path, height, width), path))
        return Picture(path.stem, path.stem, _drawn(_read_image(path, height, width), path))
    except (OSError, UnicodeDecodeError, EOFError) as error:
        raise PictureError(f"{path}: cannot read the picture ({error})") from None


def _read_svg(path: Path, height: int | None, width: int | None) -> Grid:
    """An SVG drawing drawn (by resvg, with the bundled fonts only) large enough for the
    cells asked, then read as an image is."""
    return _read_image(_svg_png(path, height, width), height, width, drawn_from=path)


def _svg_png(path: Path, height: int | None, width: int | None) -> BytesIO:
    """An SVG drawing as a PNG, drawn by resvg with the bundled fonts only."""
    import resvg_py

    from .fontfile import default_font_paths

    # Drawn to the cells asked across (or down), the other side by its proportions.
    across = width * SVG_PIXELS_A_CELL if width else None
    down = height * SVG_PIXELS_A_CELL if height and not width else None
    data = path.read_bytes()  # read here, so that a missing file is told as one
    if path.suffix.lower() == ".svgz":
        data = gzip.decompress(data)
    try:
        png = resvg_py.svg_to_bytes(
            svg_string=data.decode("utf-8"), resources_dir=str(path.parent),
            skip_system_fonts=True, width=across, height=down,
            font_files=[str(font) for font in default_font_paths()])
    except ValueError as error:
        raise PictureError(f"{path}: not an SVG drawing resvg can draw ({error})") from None
    return BytesIO(bytes(png))


def _read_image(source: Path | BytesIO, height: int | None, width: int | None,
                drawn_from: Path | None = None) -> Grid:
    """An image's pixels averaged into cells, dark ones shaded (transparent: empty);
    `drawn_from`: the file it was drawn from, for messages (an SVG's)."""
    from PIL import Image

    where = drawn_from or source
    grey = on_white(source, where, "L")
    rows, columns = _asked_size(grey.height, grey.width, height, width, where)
    levels = grey.resize((columns, rows), Image.Resampling.BOX).tobytes()  # one byte a pixel
    return tuple(tuple(level < DARK_BELOW for level in levels[y * columns:(y + 1) * columns])
                 for y in range(rows))


def on_white(source, where, mode: str):
    """The image in source drawn on white (transparent: white), in pillow's mode ('L'
    grey, 'RGB'); PictureError if pillow cannot read it."""
    from PIL import Image, UnidentifiedImageError

    try:
        with Image.open(source) as image:
            image = image.convert("RGBA")
            white = Image.new("RGBA", image.size, (255, 255, 255, 255))
            return Image.alpha_composite(white, image).convert(mode)
    except UnidentifiedImageError:
        raise PictureError(f"{where}: not an image pillow can read (PNG, GIF, ...)") from None


def _asked_size(rows: int, columns: int, height: int | None, width: int | None,
                where) -> tuple[int, int]:
    """height x width, one of them from the picture's shape when not given."""
    if height is None and width is None:
        height = min(rows, SIZES[-1])
    if height is None:
        height = max(1, round(rows * width / columns))  # type: ignore[operator]
    if width is None:
        width = max(1, round(columns * height / rows))
    if height not in SIZES or width not in SIZES:
        raise PictureError(f"{where}: a Nonogram is {SIZES[0]} to {SIZES[-1]} cells a side, "
                           f"not {height} x {width}")
    return height, width


def scale(grid: Grid, height: int | None, width: int | None) -> Grid:
    """A grid resampled to height x width: a cell is shaded if most of what it covers is."""
    rows, columns = _asked_size(len(grid), len(grid[0]), height, width, "the picture")
    return tuple(tuple(_covered(grid, y, x, rows, columns) for x in range(columns))
                 for y in range(rows))


def _covered(grid: Grid, y: int, x: int, rows: int, columns: int) -> bool:
    """Whether at least half of the source cells under cell (y, x) are shaded."""
    top, bottom = y * len(grid) // rows, max((y + 1) * len(grid) // rows, y * len(grid) // rows + 1)
    left = x * len(grid[0]) // columns
    right = max((x + 1) * len(grid[0]) // columns, left + 1)
    cells = [grid[r][c] for r in range(top, bottom) for c in range(left, right)]
    return 2 * sum(cells) >= len(cells)
