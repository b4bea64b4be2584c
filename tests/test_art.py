"""Per-puzzle art for layout desks (export/art.py, render/eps.py): every kind's grid and
answer as PDF, SVG and EPS, text as outlines in SVG and EPS, greys in DeviceGray or on
CMYK's black plate alone, the same texts in every file, the same bytes every time."""

from __future__ import annotations

import base64
import re
import zlib

import pypdfium2 as pdfium
import pytest
from exchangedata import LINES, puzzle_of
from puzzledata import TWENTY_FIVE

from bookmaker.cli import main
from bookmaker.core.board.grid import Grid
from bookmaker.core.puzzle import Puzzle
from bookmaker.core.registry import kind_named, kind_of_puzzle
from bookmaker.export.art import ART_MARGIN, ART_SIDE, art_files
from bookmaker.export.items import item_of

SIDE = round(ART_SIDE + 2 * ART_MARGIN)


def files_of(key: str, colour: str = "grey") -> dict[str, bytes]:
    return art_files(item_of(puzzle_of(key), "p", f"A {key}", "Easy"), "p", colour)


def eps_texts(eps: bytes) -> list[str]:
    """The texts an EPS draws as outlines (each outline follows a comment naming it)."""
    return [text.encode("ascii").decode("unicode_escape")
            for text in re.findall(r"(?m)^% (.*)$", eps.decode("ascii"))]


def svg_texts(svg: bytes) -> list[str]:
    return re.findall(r'aria-label="([^"]*)"', svg.decode("utf-8"))


def pdf_operators(pdf: bytes) -> set[str]:
    """The colour operators of a PDF's content streams (pages and forms)."""
    found: set[str] = set()
    for raw in re.findall(rb"/ASCII85Decode /FlateDecode \][^>]*>>\s*stream\r?\n(.*?)endstream",
                          pdf, re.S):
        content = zlib.decompress(base64.a85decode(raw.strip().removesuffix(b"~>")))
        found |= {op.decode() for op in re.findall(rb"(?<=\s)(g|G|k|K|rg|RG|sc|SC)(?=\s)",
                                                   content)}
    return found


@pytest.mark.parametrize("key", LINES)
def test_every_kind_gets_grid_and_answer_art_with_the_same_texts(key):
    files = files_of(key)
    assert sorted(files) == sorted(f"p-{part}.{ext}" for part in ("art", "answer-art")
                                   for ext in ("pdf", "svg", "eps"))
    puzzle = puzzle_of(key)
    for part, count in (("art", puzzle.givens.clue_count), ("answer-art", None)):
        eps, svg = files[f"p-{part}.eps"], files[f"p-{part}.svg"]
        assert eps.startswith(b"%!PS-Adobe-3.0 EPSF-3.0\n%%BoundingBox: 0 0 "
                              + f"{SIDE} {SIDE}".encode())
        assert sorted(eps_texts(eps)) == sorted(svg_texts(svg))  # the same texts drawn
        assert not re.search(rb"findfont|\bshow\b|<text", eps + svg)  # outlines, no fonts
        if count is not None:  # the givens, each cage's label, edge clue and block's sums
            marks = kind_of_puzzle(puzzle).marks(puzzle.givens, puzzle.extras)
            sums = sum(bool(block.across) + bool(block.down) for block in marks.blocks)
            assert len(eps_texts(eps)) == count + len(marks.cages) + len(marks.edges) + sums
        page = pdfium.PdfDocument(files[f"p-{part}.pdf"])[0]
        assert (round(page.get_width()), round(page.get_height())) == (SIDE, SIDE)


def test_greys_are_device_grey_or_on_the_black_plate_alone():
    grey, cmyk = files_of("killer"), files_of("killer", "cmyk")
    assert sorted(cmyk) == ["p-answer-art-cmyk.eps", "p-answer-art-cmyk.pdf",
                            "p-art-cmyk.eps", "p-art-cmyk.pdf"]  # SVG has no CMYK
    assert pdf_operators(grey["p-art.pdf"]) == {"g", "G"}
    assert pdf_operators(cmyk["p-art-cmyk.pdf"]) == {"k", "K"}
    eps = cmyk["p-art-cmyk.eps"].decode("ascii")
    assert "setgray" not in eps and "setrgbcolor" not in eps
    assert set(re.findall(r"(\S+ \S+ \S+) \S+ setcmykcolor", eps)) == {"0 0 0"}
    assert "setcmykcolor" not in grey["p-art.eps"].decode("ascii")
    # The same drawing: the grey file's numbers, colour operators aside.
    plain = re.sub(r"(\S+) setgray", lambda m: f"0 0 0 {1 - float(m[1]):g} setcmykcolor",
                   grey["p-art.eps"].decode("ascii"))
    assert re.sub(r"\S+ setcmykcolor", "", plain) == re.sub(r"\S+ setcmykcolor", "", eps)


def test_the_same_puzzle_gives_the_same_bytes():
    assert files_of("calcudoku", "cmyk") == files_of("calcudoku", "cmyk")


def test_export_writes_art_on_request_only(runner, tmp_path):
    source = tmp_path / "p.txt"
    source.write_text(LINES["calcudoku"] + "\n", encoding="utf-8")
    plain = runner.invoke(main, ["export", str(source), "-o", str(tmp_path / "a"),
                                 "--variant", "calcudoku"])
    assert plain.exit_code == 0 and not list((tmp_path / "a").glob("*art*"))
    art = runner.invoke(main, ["export", str(source), "-o", str(tmp_path / "b"),
                               "--variant", "calcudoku", "--formats", "art,art-cmyk"])
    assert art.exit_code == 0, art.output + art.stderr
    assert len(list((tmp_path / "b").glob("p-1-*art*"))) == 10


# Issue 34 M1: boards whose cells at ART_SIDE would print under the minimum text size.
LARGE = {
    "kakuro": (15, (
    "X,4\\,5\\,7\\,X,30\\,4\\,X,10\\,6\\,4\\,11\\,X,11\\,7\\/\\9,.,.,.,\\12,.,.,\\10,.,.,.,.,\\6,.,."
    "/\\6,.,.,.,11\\7,.,.,18\\11,.,.,.,.,20\\4,.,./X,4\\,3\\11,.,.,.,\\13,.,.,6\\,\\19,.,.,.,X"
    "/\\4,.,.,26\\8,.,.,22\\6,.,.,.,5\\4,.,.,22\\,X/\\11,.,.,.,.,7\\16,.,.,\\4,.,.,10\\15,.,.,"
    "15\\/X,X,11\\28,.,.,.,.,4\\,5\\7,.,.,.,11\\11,.,./X,16\\6,.,.,15\\11,.,.,.,.,7\\,6\\29,.,"
    ".,.,./\\24,.,.,.,.,15\\,24\\10,.,.,.,.,12\\5,.,.,X/\\14,.,.,7\\24,.,.,.,X,7\\10,.,.,.,."
    ",17\\,16\\/X,\\3,.,.,12\\16,.,.,11\\3,.,.,12\\24,.,.,.,./X,X,10\\3,.,.,\\14,.,.,.,\\3,.,."
    ",6\\16,.,./X,6\\8,.,.,.,16\\,17\\3,.,.,16\\8,.,.,.,4\\,6\\/\\11,.,.,\\28,.,.,.,.,\\10,.,.,"
    "\\6,.,.,./\\4,.,.,\\20,.,.,.,.,\\15,.,.,\\7,.,.,.")),
    "classic": (25, TWENTY_FIVE),
}


@pytest.mark.parametrize("name", LARGE)
def test_large_boards_get_art_large_enough_for_their_text(name):
    """A 15x15 Kakuro's sums and a 25x25's two-digit numbers at 7 pt need a larger grid
    than ART_SIDE: the art grows to the least whole points that hold them (it raised
    RenderError)."""
    size, line = LARGE[name]
    kind = kind_named(name)
    givens, extras = kind.read(line, kind.reading_board(kind.frame(size)))
    found = kind.solutions(givens, extras)
    assert found.solution is not None
    puzzle = Puzzle(givens, Grid(givens.shape, found.solution), seed=0, extras=extras)
    files = art_files(item_of(puzzle, "p", "A large one"), "p")
    side = {"kakuro": 268, "classic": 292}[name]  # grid 260 or 284 pt, and the margins
    for part in ("art", "answer-art"):
        assert files[f"p-{part}.eps"].startswith(
            b"%!PS-Adobe-3.0 EPSF-3.0\n%%BoundingBox: 0 0 " + f"{side} {side}".encode())
