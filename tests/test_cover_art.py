"""Tests for what a cover shows: each kind drawn with its marks, tiles from every section
and none twice, the mosaic's centre never solved whole, the kinds named in the tagline in
the book's language, the count badge and the legend, the stroke floor over every tile,
the spine's colour past the folds, the display faces (bundled, licensed, falling back
where they lack a glyph), and a large-print cover that is neither white nor repetitive."""

from __future__ import annotations

import io
import itertools
import json
import re
from pathlib import Path

import pypdfium2
import pytest
from drawing import Recorder
from PIL import Image

from bookmaker.book import cover as cover_module
from bookmaker.book.build import build
from bookmaker.book.cover import composed_cover, cover_picks, cover_puzzles
from bookmaker.book.plan import plan
from bookmaker.core.board.grid import format_grid
from bookmaker.core.puzzle import Puzzle
from bookmaker.core.registry import all_kinds, kind_of_puzzle, verify_puzzle
from bookmaker.design.catalogue import language_names, load_catalogue
from bookmaker.design.cover import design_names, display_font_path, load_design
from bookmaker.design.coverfit import capitals, tagline
from bookmaker.design.fontfile import FallbackFont, default_font_paths, read_font
from bookmaker.design.layout import POD_MIN_LINE
from bookmaker.pages.cover import FOLD_OVERLAP
from bookmaker.render.cover import render_cover_pdf
from bookmaker.render.covertile import draw_pencilled, draw_tile_on, tile_scale, tile_style
from bookmaker.spec import load_spec

REPO = Path(__file__).resolve().parents[1]
SPEC = """\
book:
  title: {title}
  author: Ada Lovelace
  seed: cover-art
  layout: {layout}
  language: {language}
  answers: back
  registry: none
cover:
  design: {design}
sections:
{sections}"""
VARIETY = """\
  - {name: Small, size: 4x4, count: 3, difficulty: beginner}
  - {name: Cages, variant: killer, size: 4x4, count: 3, difficulty: beginner}
  - {name: Sums, variant: calcudoku-add, size: 4x4, count: 3, difficulty: beginner}
  - {name: Six, size: 6x6, count: 3, difficulty: easy}
"""


def spec_of(folder: Path, design: str = "bold", language: str = "en",
            title: str = "Puzzles of Every Kind", sections: str = VARIETY,
            layout: str = "kdp-6x9"):
    path = folder / f"{design}-{language}.yaml"
    path.write_text(SPEC.format(title=title, layout=layout, language=language, design=design,
                                sections=sections), encoding="utf-8")
    return load_spec(path)


@pytest.fixture(scope="module")
def variety(tmp_path_factory):
    """A book of four sections in three kinds, in the bold design, and its cover."""
    spec = spec_of(tmp_path_factory.mktemp("art"))
    puzzles = cover_puzzles(spec)
    return spec, puzzles, composed_cover(spec, puzzles)


def test_the_cover_takes_each_section_in_turn_and_no_puzzle_twice(variety):
    spec, puzzles, cover = variety
    # sections start at plan positions 0, 3, 6, 9: first puzzles first, then the seconds
    assert cover_picks(spec) == [0, 3, 6, 9, 1, 4, 7, 10, 2, 5, 8]
    assert len(puzzles) == 11  # the 3x3 mosaic's nine and the back's two
    lines = [kind_of_puzzle(p).line(p) for p in puzzles]
    assert len(set(lines)) == len(lines)
    shown = [(grid.givens, grid.marks) for grid in cover.grids]
    assert len(shown) == 11 and len(set(map(repr, shown))) == 11
    assert {kind_of_puzzle(p).name for p in puzzles} == {"classic", "killer", "calcudoku-add"}


def test_each_tile_carries_its_kind_s_marks(variety):
    _, puzzles, cover = variety
    for puzzle, grid in zip(puzzles, cover.grids):
        assert grid.marks == kind_of_puzzle(puzzle).marks(puzzle.givens, puzzle.extras)
    caged = [grid for grid in cover.grids if grid.marks.cages]
    assert len(caged) == 6 and all(cage.label for g in caged for cage in g.marks.cages)


def test_the_mosaic_s_centre_is_being_solved_not_solved(variety):
    _, _, cover = variety
    centre = cover.grids[4]  # the middle of the 3x3 mosaic
    empty = {i for i, v in enumerate(centre.givens.cells) if not v}
    assert centre.pencilled and centre.pencilled < empty  # some solved, never all
    for grid in cover.grids[:9]:
        if grid is not centre:
            assert not grid.pencilled


def test_a_cover_with_fewer_puzzles_than_its_mosaic_shows_a_smaller_one(tmp_path):
    spec = spec_of(tmp_path, sections="  - {name: Few, size: 4x4, count: 5, "
                                      "difficulty: beginner}\n")
    puzzles = cover_puzzles(spec)
    cover = composed_cover(spec, puzzles)
    assert cover_picks(spec) == [0, 1, 2, 3, 4]  # a 2x2 mosaic and one on the back
    assert len(cover.grids) == 5
    assert len({repr(grid.givens) for grid in cover.grids}) == 5


@pytest.mark.parametrize("language", language_names())
def test_the_tagline_names_every_kind_in_the_book_s_language(language):
    words = load_catalogue(language)
    for kind in all_kinds():
        name = words.text(f"cover_kinds.{kind.name}")
        assert name and tagline((kind.name,), ("easy",), words).startswith(name)
    both = tagline(("classic", "killer"), ("easy", "hard"), words)
    assert words.text("cover_kinds.killer") in both and words.grade("hard") in both


def test_a_german_killer_book_says_killer_sudoku_on_its_front_and_back(tmp_path):
    spec = spec_of(tmp_path, design="classic", language="de", title="Käfige",
                   sections="  - {name: K, variant: killer, size: 6x6, count: 6, "
                            "difficulty: easy}\n")
    texts = [text.text for text in composed_cover(spec, cover_puzzles(spec)).texts]
    assert "Killer-Sudoku · Leicht" in texts
    assert any(text.startswith("6 Rätsel · Killer-Sudoku") for text in texts)
    assert "6" in texts and "Rätsel" in texts  # the count badge


def test_the_back_shows_the_legend_of_the_book_s_grades(variety):
    spec, puzzles, _ = variety
    cover = composed_cover(spec.model_copy(update={"difficulty_mark": "squares"}), puzzles)
    assert [(mark.filled) for mark in cover.marks] == [1, 2]  # beginner and easy
    texts = [text.text for text in cover.texts]
    assert {"Difficulty", "Beginner", "Easy"} <= set(texts)


def test_the_back_has_no_legend_of_squares_the_interior_does_not_print(variety):
    spec, _, cover = variety  # issue 36: the legend explained squares found nowhere inside
    assert spec.difficulty_mark == "none"
    assert cover.marks == [] or not cover.marks
    assert "Difficulty" not in {text.text for text in cover.texts}


def test_no_stroke_of_any_tile_prints_under_the_floor(variety):
    _, _, cover = variety
    fonts = default_font_paths()
    for grid in cover.grids:
        recorder = Recorder()
        style = tile_style(grid, fonts)
        draw_tile_on(recorder, grid, style, grid.side / tile_scale(grid))
        draw_pencilled(recorder, grid, style, grid.side / tile_scale(grid))
        pens = [call.pen for call in recorder.calls if call.pen is not None]
        roles = {call.role for call in recorder.calls}
        assert {"cell lines", "region lines", "border"} <= roles
        if grid.marks.cages:
            assert roles & {"cages", "cage borders"}
        for pen in pens:
            assert pen.weight * tile_scale(grid) >= POD_MIN_LINE - 1e-9


def test_the_spine_s_colour_reaches_a_sixteenth_of_an_inch_past_each_fold(tmp_path):
    spec = spec_of(tmp_path, design="classic", sections="  - {name: Many, size: 9x9, "
                                                         "count: 480, difficulty: beginner}\n")
    cover = composed_cover(spec, cover_puzzles(spec))
    geometry, spine = cover.geometry, cover.colours["spine"]
    assert geometry.pages >= 79  # thick enough for a spine of its own colour
    band = [box for box in cover.boxes if box.colour == spine]
    assert len(band) == 1 and FOLD_OVERLAP == pytest.approx(72 / 16)
    assert band[0].x == pytest.approx(geometry.spine_x - FOLD_OVERLAP)
    assert band[0].x + band[0].width == pytest.approx(geometry.front_x + FOLD_OVERLAP)
    image = Image.open(io.BytesIO(_png(render_cover_pdf(cover), 72)))
    colour = tuple(int(spine[i:i + 2], 16) for i in (1, 3, 5))
    for x in (geometry.spine_x - 3, geometry.front_x + 3):  # 3 pt onto each face
        assert _near(image.getpixel((int(x), int(geometry.height / 5))), colour)


def test_large_print_is_not_white_and_says_large_print_once(tmp_path):
    spec = spec_of(tmp_path, design="large-print", title="Large Print Sudoku",
                   layout="large-print", sections="  - {name: Big, size: 4x4, count: 30, "
                                                  "difficulty: beginner}\n")
    cover = composed_cover(spec, cover_puzzles(spec))
    assert cover.colours["background"].lower() not in ("#ffffff", "#fff")
    badge = capitals(load_catalogue("en").text("cover_large_print"))
    assert badge not in [text.text for text in cover.texts]  # the title says it already
    plain = spec_of(tmp_path, design="large-print", title="Sudoku for Everyone",
                    layout="large-print", sections="  - {name: Big, size: 4x4, count: 30, "
                                                   "difficulty: beginner}\n")
    texts = [text.text for text in composed_cover(plain, cover_puzzles(plain)).texts]
    assert capitals(load_catalogue("en").text("cover_large_print")) in texts


@pytest.mark.parametrize("design", design_names())
def test_every_design_sets_its_display_face_and_it_is_bundled_with_its_licence(design):
    path = display_font_path(load_design(design))
    assert path.parent == REPO / "fonts" or path.parent.name == "fonts"
    assert path.read_bytes()[:4] == b"\x00\x01\x00\x00"  # TrueType outlines
    family = re.split(r"[-.]", path.name)[0]
    licences = [p for p in (REPO / "fonts").glob("LICENSE-*.txt")
                if family.startswith(p.stem.split("-", 1)[1][:4])]
    assert licences and "SIL Open Font License" in licences[0].read_text(encoding="utf-8")
    assert path.name in (REPO / "fonts" / "README.md").read_text(encoding="utf-8")


def test_the_designs_use_at_least_two_display_faces():
    assert len({load_design(name).font for name in design_names()}) >= 2


@pytest.mark.parametrize("design", design_names())
@pytest.mark.parametrize("language", language_names())
def test_every_cover_word_of_every_language_is_in_every_display_face(design, language):
    face = read_font(str(display_font_path(load_design(design))))
    words = load_catalogue(language)
    cover = {k: v for k, v in words.texts.items() if k.startswith(("cover", "grade"))}
    assert cover and all(face.missing(text) == [] for text in cover.values())


def test_a_text_the_display_face_lacks_a_glyph_of_is_set_in_the_book_s_bold():
    display = read_font(str(display_font_path(load_design("bold"))))
    bold = read_font(str(default_font_paths()[1]))
    face = FallbackFont((display, bold))
    assert face.pick("Σουντόκου") == 0  # Lato has Greek
    assert face.pick("Sudoku ★") == 1 and face.width("Sudoku ★", 10) == \
        bold.width("Sudoku ★", 10)


def _png(pdf: bytes, dpi: float) -> bytes:
    document = pypdfium2.PdfDocument(pdf)
    try:
        image = document[0].render(scale=dpi / 72).to_pil().convert("RGB")
    finally:
        document.close()
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


def _near(pixel, colour, tolerance: int = 12) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(pixel, colour))


def test_a_wordoku_s_tiles_show_its_letters_as_the_book_prints_them(tmp_path):
    spec = spec_of(tmp_path, sections="  - {name: Words, size: 9x9, count: 2, difficulty: "
                                      "beginner, symbols: word}\n"
                                      "  - {name: Small, size: 4x4, count: 2, difficulty: "
                                      "beginner}\n")
    cover = composed_cover(spec, cover_puzzles(spec))
    word = set(load_catalogue("en").text("wordoku_word").upper())
    fonts = default_font_paths()
    shown = []
    for grid in cover.grids:
        recorder = Recorder()
        style = tile_style(grid, fonts)
        draw_tile_on(recorder, grid, style, grid.side / tile_scale(grid))
        draw_pencilled(recorder, grid, style, grid.side / tile_scale(grid))
        texts = {label.text for call in recorder.calls if call.kind == "text"
                 for label in call.items}
        shown.append((grid.givens.shape.size, texts <= (word if grid.givens.shape.size == 9
                                                         else {"1", "2", "3", "4"})))
    assert shown == [(9, True), (4, True), (9, True), (4, True)]


def test_the_puzzle_being_solved_on_the_cover_is_printed_nowhere(tmp_path, monkeypatch):
    """Issue 34 L9: the large-print cover pencilled a row and a box of puzzle 1's real
    answer (most of a 4x4). The front's puzzle being solved is now a twin made from its
    own seed: a proven puzzle whose givens and answer no printed puzzle has."""
    covers = []
    render = cover_module.render_cover_pdf
    monkeypatch.setattr(cover_module, "render_cover_pdf",
                        lambda cover, **kw: covers.append(cover) or render(cover, **kw))
    spec = spec_of(tmp_path, design="large-print", title="Large Print Sudoku",
                   layout="large-print", sections="  - {name: Big, size: 4x4, count: 30, "
                                                  "difficulty: beginner}\n")
    build(spec, tmp_path / "out")
    manifest = json.loads((tmp_path / "out" / f"{spec.name}.json").read_text())
    solutions = {entry["solution"] for entry in manifest["puzzles"]}
    givens = {entry["givens"] for entry in manifest["puzzles"]}
    solving = [grid for grid in covers[0].grids if grid.pencilled]
    assert len(solving) == 1  # its row and box's empty cells pencilled in
    twin = solving[0]
    assert format_grid(twin.solution) not in solutions
    assert format_grid(twin.givens) not in givens
    verify_puzzle(Puzzle(twin.givens, twin.solution, seed=0))


def test_a_twin_takes_the_next_seed_whose_answer_is_not_printed(tmp_path):
    """The twin's answer is checked against every printed one: a printed answer sends it
    to the next seed; with every 4x4 grid printed, nothing is pencilled at all."""
    solving_twin = cover_module.solving_twin
    spec = spec_of(tmp_path, sections="  - {name: Few, size: 4x4, count: 2, "
                                      "difficulty: beginner}\n")
    planned = plan(spec)[0]
    pick = cover_puzzles(spec)[0]
    first = solving_twin(planned, pick, set())
    second = solving_twin(planned, pick, {format_grid(first.solution)})
    assert format_grid(second.solution) != format_grid(first.solution)
    rows = list(itertools.permutations("1234"))
    grids = {"".join(a + b + c + d) for a, b, c, d in itertools.product(rows, repeat=4)}
    # (every 4x4 Latin square and more: a superset of the 288 Sudoku grids)
    assert solving_twin(planned, pick, grids).solution == pick.givens


def test_a_skyscrapers_tile_holds_its_clues_inside_it_on_its_own_cells(tmp_path):
    towers = ("  - {name: Low, variant: skyscrapers, size: 4x4, count: 6, difficulty: beginner}\n"
              "  - {name: High, variant: skyscrapers, size: 5x5, count: 6, difficulty: beginner}\n")
    spec = spec_of(tmp_path, sections=towers)
    cover = composed_cover(spec, cover_puzzles(spec))
    pdf = pypdfium2.PdfDocument(render_cover_pdf(cover))
    page, height = pdf[0], pdf[0].get_height()
    text = page.get_textpage()
    chars = [text.get_charbox(i) for i in range(text.count_chars())
             if text.get_text_range(i, 1).strip()]
    grids = [grid for grid in cover.grids if not any(  # (the count badge hides a corner)
        grid.x - disc.radius < disc.x < grid.x + grid.side + disc.radius and
        grid.y - disc.radius < disc.y < grid.y + grid.side + disc.radius
        for disc in cover.discs)]
    inside = [[box for box in chars if grid.x <= box[0] and box[2] <= grid.x + grid.side
               and grid.y <= box[1] and box[3] <= grid.y + grid.side] for grid in grids]
    written = [sum(1 for v in grid.givens.cells if v) + len(grid.pencilled)
               + len(grid.marks.edges) for grid in grids]
    assert len(grids) == len(cover.grids) - 1 and min(written) > 0
    assert [len(boxes) for boxes in inside] == written  # every clue in its own tile
    image = page.render(scale=1).to_pil().convert("RGB")
    cells = load_design("bold").colours.named()["grid_cells"]
    for grid in cover.grids:  # a ring cell's corner is the cells' colour, not the cover's
        pixel = image.getpixel((round(grid.x + 2), round(height - grid.y - 2)))
        assert "#{:02x}{:02x}{:02x}".format(*pixel) == cells.lower()


@pytest.mark.parametrize("sections", [VARIETY, """\
  - {name: Towers, variant: skyscrapers, size: 5x5, count: 3, difficulty: easy}
  - {name: Windows, variant: hyper, size: 9x9, count: 3, difficulty: easy}
  - {name: Signs, variant: futoshiki, size: 5x5, count: 3, difficulty: easy}
"""], ids=["variety", "latin"])
def test_the_count_badge_covers_no_given_nor_clue(tmp_path, sections):
    # Issue 36: the badge sat over the top right tile's givens (and its signs).
    from bookmaker.pages.cover import _disc_meets, _printed_cells

    spec = spec_of(tmp_path, sections=sections)
    cover = composed_cover(spec, cover_puzzles(spec))
    badge = cover.discs[0]
    geometry = cover.geometry
    fold = geometry.bleed + geometry.trim_width + geometry.spine  # the front from here
    front = [grid for grid in cover.grids if grid.x > fold]
    boxes = [box for grid in front for box in _printed_cells(grid)]
    assert boxes and not [box for box in boxes
                          if _disc_meets(badge.x, badge.y, badge.radius, box)]
