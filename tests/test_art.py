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

from bookmaker.cli import main
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
            marks = puzzle.kind.marks(puzzle.givens, puzzle.extras)
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
