"""Tests for `bookmaker build`: the files written, their pages, fonts and boxes, the manifest,
byte-for-byte reproducibility, seeds per section, and failing without leaving anything."""

from __future__ import annotations

import io
import json
import math
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from bookmaker import cli
from bookmaker.book import build as build_module
from bookmaker.book.build import build
from bookmaker.book.compose import BuildError, number_pages, page_geometry
from bookmaker.book.plan import plan, puzzle_seed, section_slugs
from bookmaker.core.board.grid import parse_grid
from bookmaker.core.solve.dlx import dlx_solve
from bookmaker.design import load_preset
from bookmaker.puzzles import outputs
from bookmaker.puzzles.outputs import OutputError
from bookmaker.render.style import RenderError
from bookmaker.spec import load_spec

BASE_14 = {"Courier", "Courier-Bold", "Courier-Oblique", "Courier-BoldOblique", "Helvetica",
           "Helvetica-Bold", "Helvetica-Oblique", "Helvetica-BoldOblique", "Times-Roman",
           "Times-Bold", "Times-Italic", "Times-BoldItalic", "Symbol", "ZapfDingbats"}
SECTIONS = """\
sections:
  - name: Easy
    size: 9x9
    count: 6
  - name: Small Ones
    size: 6x6
    count: 4
    puzzles_per_page: 4
"""


def write_spec(folder: Path, answers: str = "separate", layout: str = "kdp-6x9",
               sections: str = SECTIONS, name: str = "book.yaml") -> Path:
    """A small spec file in folder: 6 9x9 puzzles and 4 6x6 ones, unless told otherwise."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(f"""\
book:
  title: Test Puzzles
  subtitle: For the Suite
  author: A. Tester
  seed: 2026
  layout: {layout}
  answers: {answers}
{sections}""", encoding="utf-8")
    return path


def build_spec(spec_path: Path, out_dir: Path, **options) -> dict[str, bytes]:
    """Build a spec file; every file written, by name."""
    build(load_spec(spec_path), out_dir, **options)
    return {path.name: path.read_bytes() for path in sorted(out_dir.iterdir())}


def page_texts(data: bytes) -> list[str]:
    return [page.extract_text() for page in PdfReader(io.BytesIO(data)).pages]


def holds_label(text: str, label: str) -> bool:
    """Whether text holds label as a whole ("Puzzle 1" is not in "Puzzle 12")."""
    return re.search(re.escape(label) + r"(?!\d)", text) is not None


def snapshot(folder: Path) -> dict[str, bytes]:
    return {path.name: path.read_bytes() for path in sorted(folder.iterdir())}


@pytest.fixture(scope="module")
def separate(tmp_path_factory) -> dict[str, bytes]:
    folder = tmp_path_factory.mktemp("separate")
    return build_spec(write_spec(folder / "spec"), folder / "out")


@pytest.fixture(scope="module")
def manifest(separate) -> dict:
    return json.loads(separate["test-puzzles.json"])


@pytest.fixture(scope="module")
def book_texts(separate) -> list[str]:
    return page_texts(separate["test-puzzles.pdf"])


@pytest.fixture(scope="module")
def answer_texts(separate) -> list[str]:
    return page_texts(separate["test-puzzles-answers.pdf"])


# The files and their pages

def test_a_build_writes_the_book_the_answer_book_and_the_manifest(separate):
    assert sorted(separate) == ["test-puzzles-answers.pdf", "test-puzzles.json",
                                "test-puzzles.pdf", "test-puzzles.registry.sqlite"]


def test_the_book_has_front_matter_then_each_section_from_a_new_page(book_texts):
    # title, copyright, contents, how to play (the rules and worked example, then the
    # solving tips); 6 9x9 at 2 a page, 4 6x6 on one page; then Notes pages up to KDP's
    # 24-page minimum
    assert len(book_texts) == 5 + math.ceil(6 / 2) + 1 + 15 == 24
    assert "Test Puzzles" in book_texts[0] and "A. Tester" in book_texts[0]
    assert "© A. Tester" in book_texts[1] and "Independently published" in book_texts[1]
    assert "Contents" in book_texts[2] and "How to play" in book_texts[3]
    assert "Solving tips" in book_texts[4]
    assert holds_label(book_texts[5], "Puzzle 1") and holds_label(book_texts[5], "Puzzle 2")
    assert all(holds_label(book_texts[8], f"Puzzle {n}") for n in (7, 8, 9, 10))
    # Captions name the measured grade, whole, never cut; under these small grids a caption
    # leaves the section's name to the running head, to share one line with its note.
    assert "\nSmall Ones\n" in book_texts[8] and "..." not in book_texts[8]
    assert re.search(r"\n[A-Z][a-z]+ · 6×6\nAnswer book, page \d+", book_texts[8])
    assert re.search(r"Easy · [A-Z][a-z]+ · 9×9", book_texts[7])  # sizes print with ×
    assert all(text.startswith("Notes") for text in book_texts[9:])


def test_answers_are_in_the_answer_book_and_not_in_the_book(book_texts, answer_texts):
    # Its title page, then 6 9x9 answers on one page and 4 6x6 on the next, headed by
    # the puzzles they hold; Notes pages make it a book KDP prints (24 pages).
    assert len(answer_texts) == 24
    assert answer_texts[0].split() == ["SUDOKU", "Test", "Puzzles", "Answers", "A.", "Tester"]
    assert not any("Puzzle on page" in text for text in book_texts)
    assert all("Puzzle on page" in text for text in answer_texts[1:3])
    assert "Answers 1–6" in answer_texts[1] and "Answers 7–10" in answer_texts[2]
    assert "Answer book, page 2" in book_texts[5]
    assert "separate answer book" in book_texts[3]


def test_pages_are_the_layouts_trim_without_bleed(separate):
    layout = load_preset("kdp-6x9")
    for data in (separate["test-puzzles.pdf"], separate["test-puzzles-answers.pdf"]):
        for page in PdfReader(io.BytesIO(data)).pages:
            for box in (page.mediabox, page.trimbox, page.bleedbox):
                assert [float(v) for v in box] == [0, 0, layout.trim.width, layout.trim.height]


def test_with_a_bleed_preset_the_page_has_bleed_at_top_bottom_and_outside(tmp_path):
    files = build_spec(write_spec(tmp_path / "spec", layout="kdp-8.5x11-bleed"), tmp_path / "out")
    layout, bleed = load_preset("kdp-8.5x11-bleed"), 9.0
    pages = PdfReader(io.BytesIO(files["test-puzzles.pdf"])).pages
    for number, page in enumerate(pages, start=1):
        assert [float(v) for v in page.mediabox] == [0, 0, layout.media_width,
                                                     layout.media_height]
        assert [float(v) for v in page.bleedbox] == [float(v) for v in page.mediabox]
        left = 0 if number % 2 else bleed  # odd pages are right-hand: outside on the right
        assert [float(v) for v in page.trimbox] == [left, bleed, left + layout.trim.width,
                                                    bleed + layout.trim.height]


def fonts_of(data: bytes) -> dict[str, object]:
    """Every font of every page and form, keyed by BaseFont."""
    reader = PdfReader(io.BytesIO(data))
    found, pending = {}, [page["/Resources"] for page in reader.pages]
    while pending:
        resources: Any = pending.pop().get_object()
        for font in resources.get("/Font", {}).values():
            found[str(font.get_object()["/BaseFont"])] = font.get_object()
        for xobject in resources.get("/XObject", {}).values():
            if "/Resources" in xobject.get_object():
                pending.append(xobject.get_object()["/Resources"])
    return found


@pytest.mark.parametrize("name", ["test-puzzles.pdf", "test-puzzles-answers.pdf"])
def test_every_font_is_embedded_and_none_is_a_standard_14_font(separate, name):
    fonts = fonts_of(separate[name])
    assert fonts
    for base_font, font in fonts.items():
        assert "/FontFile2" in font["/FontDescriptor"].get_object(), base_font
        assert base_font.lstrip("/").split("+")[-1] not in BASE_14
    assert b"Helvetica" not in separate[name] and b"Times-Roman" not in separate[name]


def test_the_pdf_metadata_names_the_book(separate):
    info = PdfReader(io.BytesIO(separate["test-puzzles.pdf"])).metadata
    assert (info.title, info.author) == ("Test Puzzles", "A. Tester")
    answers = PdfReader(io.BytesIO(separate["test-puzzles-answers.pdf"])).metadata
    assert answers.title == "Test Puzzles: Answers"


def test_answers_at_the_back_follow_the_puzzles_in_the_same_file(tmp_path):
    files = build_spec(write_spec(tmp_path / "spec", answers="back"), tmp_path / "out")
    assert sorted(files) == ["test-puzzles.json", "test-puzzles.pdf",
                             "test-puzzles.registry.sqlite"]
    texts = page_texts(files["test-puzzles.pdf"])
    # 9 pages as before (the how-to-play's tips on a page of their own), a blank page, the
    # "Answers" divider on the right-hand page 11, two answer pages, Notes pages up to 24.
    assert len(texts) == 24
    assert [("Puzzle on page" in text) for text in texts[:13]] == [False] * 11 + [True] * 2
    assert texts[10].split() == ["Answers", "Test", "Puzzles"]
    assert "Answer on page 12" in texts[5] and "Answer on page 13" in texts[8]
    assert "at the back of the book" in texts[3]
    entries = json.loads(files["test-puzzles.json"])["puzzles"]
    assert {entry["answer_file"] for entry in entries} == {"test-puzzles.pdf"}


def test_a_book_without_answers_has_no_answer_pages_or_notes(tmp_path):
    files = build_spec(write_spec(tmp_path / "spec", answers="none"), tmp_path / "out")
    assert sorted(files) == ["test-puzzles.json", "test-puzzles.pdf",
                             "test-puzzles.registry.sqlite"]
    texts = page_texts(files["test-puzzles.pdf"])
    assert len(texts) == 24
    assert not any("Answer" in text or "Puzzle on page" in text for text in texts)
    assert "solutions" not in texts[3]
    entries = json.loads(files["test-puzzles.json"])["puzzles"]
    assert {(e["answer_page"], e["answer_file"]) for e in entries} == {(None, None)}


def test_a_16x16_section_prints_letters_and_gets_its_own_pages(tmp_path):
    sections = SECTIONS + "  - name: Giant\n    size: 16x16\n    count: 1\n"
    files = build_spec(write_spec(tmp_path / "spec", answers="back", layout="kdp-8.5x11",
                                  sections=sections), tmp_path / "out")
    giant = json.loads(files["test-puzzles.json"])["puzzles"][-1]
    assert (giant["id"], giant["size"], giant["box"]) == ("giant-001", "16x16", "4x4")
    texts = page_texts(files["test-puzzles.pdf"])
    assert holds_label(texts[giant["page"] - 1], "Puzzle 11")
    assert f"Giant · {giant['grade'].capitalize()} · 16×16" in texts[giant["page"] - 1]
    assert any(letter in texts[giant["page"] - 1] for letter in "ABCDEFG")


# The manifest

def test_the_manifest_lists_every_puzzle_with_its_solution_seed_and_pages(manifest):
    assert manifest["bookmaker"] and manifest["seed"] == 2026
    assert (manifest["name"], manifest["title"]) == ("test-puzzles", "Test Puzzles")
    assert manifest["files"] == {"test-puzzles.pdf": 24, "test-puzzles-answers.pdf": 24}
    entries = manifest["puzzles"]
    assert [e["number"] for e in entries] == list(range(1, 11))
    assert [e["id"] for e in entries][:2] == ["easy-001", "easy-002"]
    assert entries[-1]["id"] == "small-ones-004"
    assert [(e["section"], e["size"], e["box"]) for e in (entries[0], entries[-1])] == \
        [("Easy", "9x9", "3x3"), ("Small Ones", "6x6", "2x3")]
    assert len({e["seed"] for e in entries}) == 10


def test_every_manifest_puzzle_has_one_solution_by_dancing_links(manifest):
    for entry in manifest["puzzles"]:
        givens = parse_grid(entry["givens"])
        result = dlx_solve(givens, limit=2)
        assert result.count == 1 and result.complete
        assert result.solutions[0] == parse_grid(entry["solution"]).cells
        assert givens.clue_count == entry["clues"]


def test_manifest_pages_are_where_the_pdf_prints_each_puzzle_and_answer(manifest, book_texts,
                                                                        answer_texts):
    for entry in manifest["puzzles"]:
        label = f"Puzzle {entry['number']}"
        assert holds_label(book_texts[entry["page"] - 1], label)
        assert f"Answer book, page {entry['answer_page']}" in book_texts[entry["page"] - 1]
        answer_page = answer_texts[entry["answer_page"] - 1]
        assert holds_label(answer_page, label)
        assert f"Puzzle on page {entry['page']}" in answer_page
        assert entry["answer_file"] == "test-puzzles-answers.pdf"


def test_the_manifest_is_sorted_indented_json_ending_in_a_newline(separate, manifest):
    text = separate["test-puzzles.json"].decode("utf-8")
    assert text == json.dumps(manifest, sort_keys=True, indent=2, ensure_ascii=False) + "\n"


# Seeds and reproducibility

def test_building_twice_gives_identical_bytes(tmp_path, separate):
    assert build_spec(write_spec(tmp_path / "spec"), tmp_path / "out") == separate


def run_cli(*args):
    try:  # click 8.1 mixes stderr into stdout unless told not to; 8.2 keeps them apart
        runner = CliRunner(mix_stderr=False)
    except TypeError:
        runner = CliRunner()
    return runner.invoke(cli.main, [str(a) for a in args])


def test_the_number_of_workers_changes_no_byte(tmp_path):
    spec = write_spec(tmp_path / "spec")
    one = run_cli("build", spec, "-o", tmp_path / "one", "--jobs", 1)
    two = run_cli("build", spec, "-o", tmp_path / "two", "--jobs", 2)
    assert one.exit_code == two.exit_code == 0
    assert snapshot(tmp_path / "one") == snapshot(tmp_path / "two")


def test_source_date_epoch_time_zone_and_hash_seed_change_no_byte(tmp_path, separate):
    spec = write_spec(tmp_path / "spec")
    # The installed bookmaker, compiled core and all (the checkout's source has no compiled
    # core where bookmaker was installed from a wheel, as in CI).
    env = dict(os.environ, SOURCE_DATE_EPOCH="1234567890", TZ="Asia/Tokyo",
               PYTHONHASHSEED="4321")
    subprocess.run([sys.executable, "-m", "bookmaker", "build", str(spec), "-o",
                    str(tmp_path / "out"), "--jobs", "1"], env=env, check=True,
                   capture_output=True, cwd=tmp_path)
    assert snapshot(tmp_path / "out") == separate


def test_the_cli_writes_to_output_in_the_current_folder_and_names_the_files(tmp_path,
                                                                          monkeypatch):
    spec = write_spec(tmp_path / "spec")
    monkeypatch.chdir(tmp_path)
    result = run_cli("build", spec, "--jobs", 1)
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in (tmp_path / "output").iterdir()) == \
        ["test-puzzles-answers.pdf", "test-puzzles.json", "test-puzzles.pdf",
         "test-puzzles.registry.sqlite"]
    lines = result.stdout.splitlines()
    assert lines[:3] == [os.path.join("output", name) for name in
                         ("test-puzzles.pdf", "test-puzzles-answers.pdf", "test-puzzles.json")]
    assert re.fullmatch(r"10 puzzles, 24 pages \(\+ 24 in the answer book\), \d+\.\d s",
                        lines[3])
    assert lines[4:7] == [
        "test-puzzles.pdf: 15 Notes pages added to reach the 24 pages print-on-demand needs",
        "test-puzzles-answers.pdf: 21 Notes pages added to reach the 24 pages print-on-demand "
        "needs",
        "test-puzzles-answers.pdf: a separate answer book must be a book of its own; "
        "`answers: back` puts the answers in the book instead"]
    assert lines[7:] == [f"registered in {os.path.join('output', 'test-puzzles.registry.sqlite')}"
                         f" as 'test-puzzles', issue 'test-puzzles'"]


def test_seed_option_overrides_the_specs_seed(tmp_path, manifest):
    spec = write_spec(tmp_path / "spec")
    result = run_cli("build", spec, "-o", tmp_path / "out", "--jobs", 1, "--seed", "other")
    assert result.exit_code == 0, result.output
    other = json.loads((tmp_path / "out" / "test-puzzles.json").read_text())
    assert other["seed"] == "other"
    assert {e["givens"] for e in other["puzzles"]}.isdisjoint(
        e["givens"] for e in manifest["puzzles"])


def test_changing_one_sections_count_leaves_the_other_sections_puzzles_alone(tmp_path,
                                                                            manifest):
    sections = SECTIONS.replace("count: 4", "count: 7")
    files = build_spec(write_spec(tmp_path / "spec", sections=sections), tmp_path / "out")
    changed = json.loads(files["test-puzzles.json"])["puzzles"]
    keep = ("id", "givens", "solution", "seed", "page")
    assert [{k: e[k] for k in keep} for e in changed[:6]] == \
        [{k: e[k] for k in keep} for e in manifest["puzzles"][:6]]
    # and the longer section starts with the same puzzles as before
    assert [e["givens"] for e in changed[6:10]] == [e["givens"] for e in manifest["puzzles"][6:]]


def test_a_puzzle_seed_depends_on_its_own_section_and_index_only(tmp_path):
    first = load_spec(write_spec(tmp_path, name="a.yaml"))
    inserted = SECTIONS.replace("sections:\n", "sections:\n  - name: New\n    size: 4x4\n"
                                               "    count: 3\n")
    second = load_spec(write_spec(tmp_path, sections=inserted, name="b.yaml"))
    seeds = {(p.section.name, p.index): p.job.seed for p in plan(first)}
    moved = {(p.section.name, p.index): p.job.seed for p in plan(second)}
    assert all(moved[key] == seed for key, seed in seeds.items())
    easy = first.sections[0]
    assert seeds[("Easy", 0)] == puzzle_seed(2026, easy, 0) != puzzle_seed(2027, easy, 0)


# Failing without leaving anything behind

def old_output(folder: Path) -> dict[str, bytes]:
    """An output folder holding the files of an earlier build and a file of the user's."""
    folder.mkdir()
    for name, data in (("test-puzzles.pdf", b"old book"), ("test-puzzles.json", b"{}"),
                       ("notes.txt", b"mine")):
        (folder / name).write_bytes(data)
    return snapshot(folder)


def test_a_spec_mistake_exits_2_with_line_and_column_and_writes_nothing(tmp_path):
    spec = write_spec(tmp_path / "spec", sections=SECTIONS.replace("size: 6x6", "size: 7x7"))
    before = old_output(tmp_path / "out")
    result = run_cli("build", spec, "-o", tmp_path / "out")
    assert result.exit_code == 2
    assert f"{spec}:13:11: sections[1].size: 7x7 has no rectangular box" in result.stderr
    assert "Traceback" not in result.output + result.stderr
    assert snapshot(tmp_path / "out") == before
    assert not (tmp_path / "output").exists()


def test_a_spec_mistake_does_not_create_the_output_folder(tmp_path):
    spec = write_spec(tmp_path / "spec", answers="sideways")
    result = run_cli("build", spec, "-o", tmp_path / "new")
    assert result.exit_code == 2 and "book.answers: expected one of" in result.stderr
    assert not (tmp_path / "new").exists()


def test_a_render_failure_exits_1_and_leaves_the_old_files_untouched(tmp_path, monkeypatch):
    real = build_module.render_pdf_bytes
    calls = []

    def fail_on_answers(pages, style, metadata, outline=()):
        calls.append(metadata.title)
        if len(calls) == 2:  # the book rendered fine; the answer book fails
            raise RenderError("the text of page 1 does not fit on it")
        return real(pages, style, metadata, outline)

    monkeypatch.setattr(build_module, "render_pdf_bytes", fail_on_answers)
    before = old_output(tmp_path / "out")
    result = run_cli("build", write_spec(tmp_path / "spec"), "-o", tmp_path / "out",
                     "--jobs", 1)
    assert result.exit_code == 1
    assert result.stderr == "Error: the text of page 1 does not fit on it\n"
    assert snapshot(tmp_path / "out") == before


def test_a_book_no_longer_separate_removes_the_answer_book_it_wrote_before(tmp_path):
    spec = write_spec(tmp_path / "spec")
    build(load_spec(spec), tmp_path / "out")
    assert (tmp_path / "out" / "test-puzzles-answers.pdf").exists()
    (tmp_path / "out" / "test-puzzles-answers-mine.pdf").write_bytes(b"the user's own")
    spec.write_text(spec.read_text().replace("answers: separate", "answers: back"))
    build(load_spec(spec), tmp_path / "out")
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == [
        "test-puzzles-answers-mine.pdf", "test-puzzles.json", "test-puzzles.pdf",
        "test-puzzles.registry.sqlite"]


def test_a_write_failure_removes_every_temporary_file(tmp_path, monkeypatch):
    real = outputs._write_file
    written = []

    def fail_on_third(path, data):
        if len(written) == 2:
            raise OSError(28, "No space left on device")
        written.append(path)
        real(path, data)

    monkeypatch.setattr(outputs, "_write_file", fail_on_third)
    before = old_output(tmp_path / "out")
    with pytest.raises(OutputError, match="No space left on device; nothing was changed"):
        build(load_spec(write_spec(tmp_path / "spec")), tmp_path / "out")
    assert snapshot(tmp_path / "out") == before  # no temporary file, and no registry made


def test_the_gutter_grows_with_the_page_count_and_a_book_too_thick_is_refused():
    layout = load_preset("kdp-6x9")
    assert page_geometry(layout, 150).margin_inside == 27.0  # 0.375 in
    assert page_geometry(layout, 151).margin_inside == 36.0  # 0.5 in
    with pytest.raises(BuildError, match="an 829-page book is more than the kdp-6x9 layout"):
        page_geometry(layout, 829)


def test_where_the_answers_go_changes_the_pages_but_never_the_puzzles(tmp_path):
    back = build_spec(write_spec(tmp_path / "a", answers="back"), tmp_path / "a" / "out")
    none = build_spec(write_spec(tmp_path / "b", answers="none"), tmp_path / "b" / "out")
    givens = [[e["givens"] for e in json.loads(files["test-puzzles.json"])["puzzles"]]
              for files in (back, none)]
    assert givens[0] == givens[1]
    assert back["test-puzzles.pdf"] != none["test-puzzles.pdf"]


def test_a_book_too_thick_for_the_gutter_table_exits_2_before_any_puzzle_is_made(
        tmp_path, monkeypatch):
    def no_generation(*args, **kwargs):
        raise AssertionError("puzzles were generated for a spec that cannot be built")

    monkeypatch.setattr(build_module, "plan", no_generation, raising=False)
    spec = write_spec(tmp_path / "spec", sections=SECTIONS.replace("count: 6", "count: 1700"))
    before = old_output(tmp_path / "out")
    result = run_cli("build", spec, "-o", tmp_path / "out")
    assert result.exit_code == 2
    assert result.stderr.strip().splitlines()[-1] == (
        f"{spec}:9:3: sections: the book would have 856 pages, more than the 828 Amazon KDP "
        f"paperback prints on white paper: 'Easy' 1700 puzzles at 2 a page (850 pages), "
        f"'Small Ones' 4 puzzles at 4 a page (1 page), front matter and other pages 5")
    assert "Traceback" not in result.output + result.stderr
    assert snapshot(tmp_path / "out") == before


def test_a_book_without_a_title_page_has_none_in_its_answer_book_either(tmp_path):
    path = write_spec(tmp_path / "spec")
    path.write_text(path.read_text().replace("  answers:", "  front_matter: {title_page: "
                                                           "false}\n  answers:"))
    files = build_spec(path, tmp_path / "out")
    answers = page_texts(files["test-puzzles-answers.pdf"])
    assert len(answers) == 24 and all("Puzzle on page" in text for text in answers[:2])
    book = page_texts(files["test-puzzles.pdf"])
    assert "Answer book, page 1" in book[5] and "Test Puzzles" not in book[0].split("\n")[-1]


@pytest.mark.parametrize("answers", ["separate", "back", "none"])
@pytest.mark.parametrize("front", ["", "  front_matter: {title_page: false}\n",
                                   "  front_matter: {title_page: false, how_to_play: false}\n"])
def test_the_specs_page_count_agrees_with_composes_page_numbers(tmp_path, answers, front):
    sections = SECTIONS + "  - name: Big\n    size: 16x16\n    count: 5\n"
    path = write_spec(tmp_path, answers=answers, sections=sections)
    path.write_text(path.read_text().replace("  answers:", front + "  answers:"))
    spec = load_spec(path)
    places = number_pages(spec)
    book_pages, answer_pages = spec.page_totals()
    assert book_pages >= max(place.page for place in places) and book_pages % 2 == 0
    answer_file = answer_pages if answers == "separate" else book_pages
    assert answer_file >= max(place.answer_page or 0 for place in places)
    assert (answer_pages > 0) == (answers == "separate")


def test_section_slugs_never_collide_even_when_a_renamed_slug_was_taken(tmp_path):
    sections = "sections:\n" + "".join(
        f"  - name: \"{name}\"\n    size: 4x4\n    count: 1\n" for name in ("A-3", "A", "A!"))
    spec = load_spec(write_spec(tmp_path, sections=sections))
    assert section_slugs(spec) == ["a-3", "a", "a-4"]
    assert [p.id for p in plan(spec)] == ["a-3-001", "a-001", "a-4-001"]
