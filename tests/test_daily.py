"""Tests for the newspaper pipeline (bookmaker/daily/) and `bookmaker daily`: a year with
no repeats and every grade as scheduled, same bytes however a date is made, answers
beside the puzzle or in the next day's folder, and nothing written when a run fails."""

from __future__ import annotations

import json
import re
import textwrap
import xml.etree.ElementTree as ET
from datetime import date
from pathlib import Path

import pytest
from pypdf import PdfReader

import bookmaker.daily.build as daily_module
from bookmaker import cli
from bookmaker.core.board.grid import parse_grid
from bookmaker.core.board.shape import parse_shape
from bookmaker.core.board.transform import equivalence_key
from bookmaker.core.puzzle import Puzzle
from bookmaker.core.registry import verify_puzzle
from bookmaker.core.rng import derive_seed
from bookmaker.daily.build import (
    DailyError,
    day_job,
    make_daily,
    repeat_key,
    run_dates,
    without_repeats,
)
from bookmaker.puzzles.registry import Registry, Snapshot
from bookmaker.spec.daily import WEEKDAYS, load_daily_spec

REPO = Path(__file__).resolve().parents[1]
SVG = "{http://www.w3.org/2000/svg}"
# Six 6x6 weekdays of different symmetries and boxes, and a 9x9 Sunday: small, so fast.
SMALL_WEEK = """\
daily:
  series: Test Daily
  seed: test-seed
  answer: {answer}
  outputs: {outputs}
  registry: {registry}
schedule:
  monday:    {{difficulty: beginner, size: 6x6}}
  tuesday:   {{difficulty: beginner, size: 6x6, symmetry: none}}
  wednesday: {{difficulty: beginner, size: 6x6, box: 3x2}}
  thursday:  {{difficulty: beginner, size: 6x6, symmetry: mirror, title: Mini}}
  friday:    {{difficulty: beginner, size: 6x6, symmetry: none, box: 3x2}}
  saturday:  {{difficulty: beginner, size: 6x6, symmetry: diagonal}}
  sunday:    {{difficulty: beginner, size: {sunday}}}
"""


def spec_file(tmp_path: Path, answer: str = "separate", outputs: str = "[json]",
              sunday: str = "9x9", registry: str = "true") -> Path:
    path = tmp_path / "paper.yaml"
    path.write_text(SMALL_WEEK.format(answer=answer, outputs=outputs, sunday=sunday,
                                      registry=registry), encoding="utf-8")
    return path


def read_day(folder: Path) -> dict:
    return json.loads((folder / "day.json").read_text(encoding="utf-8"))


def svg_cells(path: Path) -> str:
    """The symbols an SVG grid shows, row by row (its outlined texts, read from their
    aria-labels, by position)."""
    root = ET.parse(path).getroot()
    assert not list(root.iter(f"{SVG}text"))  # text is drawn as outlines, never live
    texts = [t for t in root.iter(f"{SVG}path") if t.get("class") in ("given", "solved")]
    texts.sort(key=lambda t: tuple(reversed(svg_origin(t))))
    return "".join(t.get("aria-label") or "" for t in texts)


def svg_origin(element) -> tuple[float, float]:
    """(x, y) of an outlined text's baseline start, from its transform."""
    found = re.match(r"translate\(([-\d.]+) ([-\d.]+)\)", element.get("transform"))
    assert found is not None
    x, y = found.groups()
    return float(x), float(y)


def files_of(folder: Path) -> dict[str, bytes]:
    return {path.name: path.read_bytes() for path in sorted(folder.iterdir())}


# A year of a series

def test_a_year_has_no_repeats_and_every_day_as_scheduled(tmp_path):
    spec = load_daily_spec(spec_file(tmp_path, sunday="6x6", registry="none"))
    result = make_daily(spec, run_dates(date(2027, 1, 1), 365), tmp_path / "out", workers=2)
    folders = sorted((tmp_path / "out" / "test-daily").iterdir())
    assert result.days == 365 and len(folders) == 365 and result.proof is None
    assert result.registry is None and not list((tmp_path / "out").glob("*.sqlite"))
    days = [read_day(folder) for folder in folders]
    givens, keys = set(), set()
    for folder, day in zip(folders, days):
        when = date.fromisoformat(folder.name)
        entry = spec.day_of(when)
        assert day["date"] == folder.name and day["weekday"] == WEEKDAYS[when.weekday()]
        assert (day["size"], day["box"], day["symmetry"]) == \
            ("6x6", f"{entry.box_rows}x{entry.box_cols}", entry.symmetry)
        assert day["grade"] == day["difficulty"] == entry.difficulty
        shape = parse_shape(day["size"], day["box"])
        puzzle = Puzzle(parse_grid(day["givens"], shape), parse_grid(day["solution"], shape),
                        day["seed"])
        verify_puzzle(puzzle)  # Dancing Links agrees: one solution, this one
        givens.add(day["givens"])
        keys.add(equivalence_key(puzzle.givens))
    assert len(givens) == len(keys) == 365


def test_a_series_that_runs_out_of_new_puzzles_says_so_and_writes_nothing(tmp_path,
                                                                           monkeypatch):
    monkeypatch.setattr(daily_module, "MAX_REPEATS", 5)
    text = SMALL_WEEK.format(answer="separate", outputs="[json]", sunday="4x4",
                             registry="true")
    text = re.sub(r"size: 6x6[^}]*", "size: 4x4", text)  # every day 4x4 beginner
    path = tmp_path / "paper.yaml"
    path.write_text(text, encoding="utf-8")
    spec = load_daily_spec(path)
    with pytest.raises(DailyError) as caught:
        make_daily(spec, run_dates(date(2027, 1, 4), 60), tmp_path / "out")
    assert re.fullmatch(r"2027-\d\d-\d\d: 5 new seeds in a row gave puzzles that earlier days "
                        r"of 'Test Daily' already had; 4x4 beginner puzzles are running out: "
                        r"schedule a larger size or another difficulty", str(caught.value))
    assert not (tmp_path / "out").exists()


# Repeats: a repeat takes the next derived seed; later dates never count

def test_a_repeat_of_an_issued_puzzle_is_replaced_by_the_next_derived_seed(tmp_path):
    spec = load_daily_spec(spec_file(tmp_path))
    monday = date(2027, 1, 4)
    job = day_job(spec, monday)
    first = daily_module.make_puzzle(job)
    published = Snapshot((("another paper", "2026-01-01", repeat_key(first)),))
    entries = without_repeats(spec, [monday], [job], [first], published)
    assert entries[0].repeats == 1
    assert entries[0].puzzle.seed == derive_seed(job.seed, "repeat", 1)
    assert repeat_key(entries[0].puzzle) != repeat_key(first)


def test_only_registered_dates_before_a_day_count_as_published_before_it(tmp_path):
    spec = load_daily_spec(spec_file(tmp_path))
    monday = date(2027, 1, 4)
    job = day_job(spec, monday)
    first = daily_module.make_puzzle(job)
    name, key = spec.name, repeat_key(first)
    later = Snapshot(((name, "2027-01-11", key),))     # made out of order, after it
    assert without_repeats(spec, [monday], [job], [first], later)[0].repeats == 0
    earlier = Snapshot(((name, "2027-01-03", key),))
    assert without_repeats(spec, [monday], [job], [first], earlier)[0].repeats == 1
    itself = Snapshot(((name, "2027-01-04", key),))    # the day made again: no repeat
    assert without_repeats(spec, [monday], [job], [first], itself)[0].repeats == 0


def test_only_the_later_of_two_equal_days_is_made_again(tmp_path):
    spec = load_daily_spec(spec_file(tmp_path))
    monday, next_monday = date(2027, 1, 4), date(2027, 1, 11)
    jobs = [day_job(spec, monday), day_job(spec, next_monday)]
    same = daily_module.make_puzzle(jobs[0])
    first, second = without_repeats(spec, [monday, next_monday], jobs, [same, same])
    assert (first.puzzle, first.repeats) == (same, 0)
    assert second.repeats == 1 and repeat_key(second.puzzle) != repeat_key(same)


def test_the_repeat_key_is_the_same_for_a_relabelled_copy():
    shape = parse_shape("4x4")
    givens = parse_grid("1..." "..3." ".2.." "...4", shape)
    relabelled = parse_grid("2..." "..4." ".1.." "...3", shape)
    puzzle, copy = Puzzle(givens, givens, 0), Puzzle(relabelled, relabelled, 0)
    assert repeat_key(puzzle) == repeat_key(copy)
    turned = parse_grid("...4" ".2.." "..3." "1...", shape)  # a mirror image
    assert repeat_key(Puzzle(turned, turned, 0)) == repeat_key(puzzle)


def test_the_date_seed_depends_on_the_series_seed_date_and_weekday_entry_only(tmp_path):
    spec = load_daily_spec(spec_file(tmp_path))
    monday = date(2027, 1, 4)
    assert day_job(spec, monday).seed == derive_seed(
        "test-seed", "daily", "Test Daily", "2027-01-04", "6x6", "2x3", "beginner",
        "rotational")
    reseeded = spec.model_copy(update={"seed": "other"})
    retitled = spec.model_copy(update={"schedule": (
        spec.schedule[0].model_copy(update={"title": "Monday Special", "columns": 3}),
        *spec.schedule[1:])})
    assert day_job(reseeded, monday).seed != day_job(spec, monday).seed
    assert day_job(retitled, monday) == day_job(spec, monday)


def test_changing_one_weekday_leaves_the_other_days_puzzles_alone(tmp_path):
    before = load_daily_spec(spec_file(tmp_path))
    text = (tmp_path / "paper.yaml").read_text().replace(
        "tuesday:   {difficulty: beginner, size: 6x6, symmetry: none}",
        "tuesday:   {difficulty: beginner, size: 9x9, title: Classic}")
    (tmp_path / "changed.yaml").write_text(text)
    after = load_daily_spec(tmp_path / "changed.yaml")
    week = run_dates(date(2027, 1, 4), 7)
    make_daily(before, week, tmp_path / "a")
    make_daily(after, week, tmp_path / "b")
    for day in week:
        same = read_day(tmp_path / "a" / "test-daily" / day.isoformat())
        other = read_day(tmp_path / "b" / "test-daily" / day.isoformat())
        assert (same["givens"] == other["givens"]) == (day.weekday() != 1)


@pytest.mark.both_cores
def test_a_fixed_date_of_the_example_gives_this_very_puzzle(tmp_path):
    spec = load_daily_spec(REPO / "examples" / "daily.yaml")
    spec = spec.model_copy(update={"outputs": ("json",)})
    make_daily(spec, [date(2026, 12, 7)], tmp_path)
    day = read_day(tmp_path / "the-morning-grid" / "2026-12-07")
    assert (day["weekday"], day["grade"], day["size"]) == ("monday", "beginner", "9x9")
    assert day["seed"] == day_job(spec, date(2026, 12, 7)).seed == PINNED_SEED
    assert day["givens"] == PINNED_GIVENS


PINNED_SEED = 13561885433654800272
PINNED_GIVENS = (".......8.8..16.92..2.5..1...9867.....3.849.1.....1386...3..6.4..67.91..8."
                 "5.......")


# Same bytes however a date is made

def test_a_date_made_alone_equals_it_made_within_a_range(tmp_path):
    path = spec_file(tmp_path, answer="next-day", outputs="[pdf, png, svg, json, proof]")
    spec = load_daily_spec(path)
    make_daily(spec, run_dates(date(2026, 12, 1), 7), tmp_path / "range", workers=2)
    make_daily(spec, [date(2026, 12, 5)], tmp_path / "alone", workers=1)
    ranged = files_of(tmp_path / "range" / "test-daily" / "2026-12-05")
    alone = files_of(tmp_path / "alone" / "test-daily" / "2026-12-05")
    assert sorted(alone) == ["answer-print.png", "answer-web.png", "answer.pdf", "answer.svg",
                             "day.json", "puzzle-print.png", "puzzle-web.png", "puzzle.pdf",
                             "puzzle.svg"]
    assert alone == ranged


def test_a_rerun_rewrites_the_same_bytes_and_leaves_no_temporary_files(tmp_path):
    spec = load_daily_spec(spec_file(tmp_path, outputs="[pdf, svg, json, proof]"))
    week = run_dates(date(2026, 12, 1), 3)
    first = make_daily(spec, week, tmp_path / "out")
    before = {path: path.read_bytes() for path in first.files}
    second = make_daily(spec, week, tmp_path / "out")
    assert {path: path.read_bytes() for path in second.files} == before
    everything = sorted(p.name for p in (tmp_path / "out").rglob("*") if p.is_file())
    assert not [name for name in everything if name.startswith(".")]
    assert len(everything) == len(before) + 1 == 3 * 5 + 1 + 1  # and the registry
    assert second.registry == tmp_path / "out" / "test-daily.registry.sqlite"


# The series registry

def test_a_run_registers_each_day_as_an_issue_of_the_series(tmp_path):
    spec = load_daily_spec(spec_file(tmp_path))
    result = make_daily(spec, run_dates(date(2026, 12, 1), 7), tmp_path / "out")
    registry = Registry(result.registry)
    assert [(c.series, c.grade, c.puzzles) for c in registry.counts()] == \
        [("test-daily", "beginner", 7)]
    assert registry.issue_counts() == {"test-daily": 7}
    shared = load_daily_spec(spec_file(tmp_path, registry="shared/papers.sqlite"))
    result = make_daily(shared, [date(2026, 12, 1)], tmp_path / "elsewhere")
    assert result.registry == tmp_path / "shared" / "papers.sqlite"
    assert Registry(result.registry).issue_counts() == {"test-daily": 1}


def test_a_later_run_repeats_no_puzzle_the_registry_holds(tmp_path):
    text = re.sub(r"size: (6x6|9x9)[^}]*", "size: 4x4", spec_file(tmp_path).read_text())
    (tmp_path / "paper.yaml").write_text(text)  # 4x4 beginner: only 13 puzzles exist
    spec = load_daily_spec(tmp_path / "paper.yaml")
    make_daily(spec, run_dates(date(2026, 12, 1), 5), tmp_path / "out")
    make_daily(spec, run_dates(date(2026, 12, 6), 5), tmp_path / "out")
    unregistered = spec.model_copy(update={"registry": False})
    make_daily(unregistered, run_dates(date(2026, 12, 6), 5), tmp_path / "alone")
    days = [read_day(folder) for folder in sorted((tmp_path / "out" / "test-daily").iterdir())]
    keys = [equivalence_key(parse_grid(day["givens"])) for day in days]
    assert len(days) == len(set(keys)) == 10
    alone = [read_day(folder) for folder in sorted((tmp_path / "alone" / "test-daily").iterdir())]
    assert [day["givens"] for day in alone] != [day["givens"] for day in days[5:]]
    assert sum(day["repeats_skipped"] for day in days[5:]) > \
        sum(day["repeats_skipped"] for day in alone)


def test_remaking_a_registered_day_alone_gives_the_same_files(tmp_path):
    spec = load_daily_spec(spec_file(tmp_path, outputs="[pdf, svg, json]"))
    make_daily(spec, run_dates(date(2026, 12, 1), 7), tmp_path / "out")
    folder = tmp_path / "out" / "test-daily" / "2026-12-04"
    before = files_of(folder)
    make_daily(spec, [date(2026, 12, 4)], tmp_path / "out")
    assert files_of(folder) == before


# Where the answers go

def test_separate_answers_sit_beside_their_puzzle(tmp_path):
    spec = load_daily_spec(spec_file(tmp_path, outputs="[svg, json]"))
    make_daily(spec, run_dates(date(2026, 12, 1), 2), tmp_path / "out")
    for folder in sorted((tmp_path / "out" / "test-daily").iterdir()):
        day = read_day(folder)
        assert svg_cells(folder / "answer.svg") == day["solution"]
        assert svg_cells(folder / "puzzle.svg") == day["givens"].replace(".", "")
        assert day["answer_folder"] == folder.name


def test_next_day_answers_land_in_the_next_scheduled_days_folder(tmp_path):
    text = spec_file(tmp_path, answer="next-day", outputs="[svg, json]").read_text()
    (tmp_path / "paper.yaml").write_text(re.sub(r"  sunday: .*\n", "", text))
    spec = load_daily_spec(tmp_path / "paper.yaml")
    result = make_daily(spec, run_dates(date(2026, 12, 5), 3), tmp_path / "out")  # Sat-Mon
    series = tmp_path / "out" / "test-daily"
    assert [folder.name for folder in result.folders] == ["2026-12-05", "2026-12-07"]
    assert svg_cells(series / "2026-12-07" / "answer.svg") == \
        read_day(series / "2026-12-05")["solution"]
    assert read_day(series / "2026-12-05")["answer_folder"] == "2026-12-07"
    # Saturday's folder prints Friday's answer: Friday is made for it, but gets no folder.
    friday = json.loads(daily_module.day_json(spec, daily_module.daily_puzzles(
        spec, [date(2026, 12, 4)], 1)[0][0]))
    assert svg_cells(series / "2026-12-05" / "answer.svg") == friday["solution"]
    assert not (series / "2026-12-04").exists() and not (series / "2026-12-06").exists()
    assert not (series / "2026-12-08").exists()  # the run's last answer waits for its day


def test_a_day_made_again_rewrites_the_answer_the_next_days_folder_prints(tmp_path):
    """Issue 27 H1: Tuesday made again with another seed (or grade) must not leave
    Wednesday's folder printing Tuesday's old answer; Wednesday's own files stay."""
    spec = load_daily_spec(spec_file(tmp_path, answer="next-day", outputs="[svg, json]"))
    make_daily(spec, run_dates(date(2026, 12, 7), 3), tmp_path / "out")  # Mon-Wed
    wednesday = tmp_path / "out" / "test-daily" / "2026-12-09"
    own = {name: data for name, data in files_of(wednesday).items()
           if not name.startswith("answer")}
    old_answer = svg_cells(wednesday / "answer.svg")
    result = make_daily(spec.model_copy(update={"seed": "another-seed"}), [date(2026, 12, 8)],
                        tmp_path / "out")
    tuesday = read_day(tmp_path / "out" / "test-daily" / "2026-12-08")
    assert tuesday["answer_folder"] == "2026-12-09"
    assert svg_cells(wednesday / "answer.svg") == tuesday["solution"] != old_answer
    assert {name: data for name, data in files_of(wednesday).items()
            if not name.startswith("answer")} == own
    assert result.answer_folder == wednesday
    assert [folder.name for folder in result.folders] == ["2026-12-08"]
    assert daily_module.drawing_count(spec, [date(2026, 12, 8)], tmp_path / "out") == 3


# Failures leave the output as it was

def test_a_failure_while_rendering_writes_nothing(tmp_path, monkeypatch):
    spec = load_daily_spec(spec_file(tmp_path, outputs="[pdf, json, proof]"))
    calls = []

    def failing(spec, task):
        calls.append(task)
        if len(calls) == 4:
            raise OSError("disk on fire")
        return {}

    monkeypatch.setattr(daily_module, "render_part", failing)
    with pytest.raises(OSError, match="disk on fire"):
        make_daily(spec, run_dates(date(2026, 12, 1), 3), tmp_path / "out")
    assert not (tmp_path / "out").exists()


# The command line

def run(runner, *args):
    return runner.invoke(cli.main, [str(a) for a in args])


@pytest.mark.parametrize("workers", [1, 2])
def test_drawing_reports_each_sheet_as_it_is_drawn(tmp_path, workers):
    spec = load_daily_spec(spec_file(tmp_path, outputs="[svg]"))
    dates = run_dates(date(2026, 12, 7), 3)
    drawn: list[int] = []
    make_daily(spec, dates, tmp_path / "out", workers, on_drawn=drawn.append)
    assert daily_module.drawing_count(spec, dates) == 6   # 3 days' puzzles and answers
    assert drawn == [1, 2, 3, 4, 5, 6]
    assert daily_module.drawing_count(load_daily_spec(spec_file(tmp_path)), dates) == 0


def test_daily_writes_the_folders_and_the_proof_and_says_so(runner, tmp_path):
    path = spec_file(tmp_path, outputs="[pdf, json, proof]")
    result = run(runner, "daily", path, "--from", "2026-12-01", "--days", "2", "-o",
                 tmp_path / "out", "--jobs", "1")
    assert result.exit_code == 0, result.stderr
    series = tmp_path / "out" / "test-daily"
    lines = result.stdout.splitlines()
    assert lines[:3] == [str(series / "2026-12-01"), str(series / "2026-12-02"),
                         str(series / "proof-2026-12-01-2026-12-02.pdf")]
    assert re.fullmatch(r"2 days, 7 files, \d+\.\d s", lines[3])


@pytest.mark.parametrize("options, message", [
    (["--from", "2026-13-01"], "Invalid value for '--from': '2026-13-01' is not a date: "
                               "month must be in 1..12"),
    (["--date", "2026-02-30"], "Invalid value for '--date': '2026-02-30' is not a date: "
                               "day is out of range for month"),
    (["--from", "tomorrow"], "Invalid value for '--from': 'tomorrow' is not a date like "
                             "2026-12-01 (YYYY-MM-DD)"),
    (["--from", "2026-12-01", "--days", "0"], "Invalid value for '--days': 0 is not in the "
                                               "range 1<=x<=10000."),
    (["--date", "2026-12-01", "--from", "2026-12-01"], "--date makes one date: leave out "
                                                       "--from and --days"),
    ([], "say which dates: --from YYYY-MM-DD (with --days N, default 7) or --date "
         "YYYY-MM-DD"),
    (["--from", "9999-12-30", "--days", "3"], "Invalid value for '--days': 3 days from "
                                              "9999-12-30 go past the year 9999"),
])
def test_bad_dates_are_usage_errors_and_write_nothing(runner, tmp_path, options, message):
    result = run(runner, "daily", spec_file(tmp_path), *options, "-o", tmp_path / "out")
    assert result.exit_code == 2
    assert result.stderr.splitlines()[-1] == f"Error: {message}"
    assert not (tmp_path / "out").exists()


def test_a_date_without_a_scheduled_puzzle_is_an_error(runner, tmp_path):
    text = spec_file(tmp_path).read_text()
    (tmp_path / "paper.yaml").write_text(re.sub(r"  sunday: .*\n", "", text))
    result = run(runner, "daily", tmp_path / "paper.yaml", "--date", "2026-12-06", "-o",
                 tmp_path / "out")
    assert result.exit_code == 1
    assert result.stderr == "Error: the schedule has no puzzle on sunday: nothing to make\n"


def test_daily_on_a_book_spec_and_build_on_a_daily_spec_are_told_apart(runner, tmp_path):
    book = tmp_path / "book.yaml"
    book.write_text(textwrap.dedent("""\
        book: {title: T, seed: 1}
        sections: [{name: A, size: 9x9, count: 1}]
    """))
    result = run(runner, "daily", book, "--date", "2026-12-01", "-o", tmp_path / "out")
    assert (result.exit_code, result.stderr) == (2, (
        f"{book}:1:1: this is a book spec (it has 'book:'): build it with `bookmaker "
        f"build`; a daily spec has a 'daily:' mapping and a 'schedule:'\n"))
    paper = spec_file(tmp_path)
    result = run(runner, "build", paper, "-o", tmp_path / "out")
    assert (result.exit_code, result.stderr) == (2, (
        f"{paper}:1:1: this is a daily spec (it has 'daily:'): make its puzzles with "
        f"`bookmaker daily {paper} --from YYYY-MM-DD`; a book spec has 'book:' and "
        f"'sections:'\n"))
    assert not (tmp_path / "out").exists()


def test_a_spec_mistake_exits_2_with_every_problem(runner, tmp_path):
    path = spec_file(tmp_path)
    path.write_text(path.read_text().replace("difficulty: beginner, size: 6x6}",
                                             "difficulty: hardest, size: 6x6}"))
    result = run(runner, "daily", path, "--date", "2026-12-01", "-o", tmp_path / "out")
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        f"{path}:8:27: schedule.monday.difficulty: expected one of: beginner, easy, medium, "
        f"hard, expert, extreme; got the text 'hardest' (did you mean 'hard'?)"]


def test_a_killer_day_fits_the_proof_and_its_totals_are_printed(tmp_path):
    # A 9x9 Killer Saturday stopped the run: three days a proof page gave 22.2 pt cells,
    # under the 22.6 pt its 7 pt cage totals need. The Killer's page holds two days, and
    # the days before it keep three a page: Mon-Wed, Thu-Fri (Saturday would shrink their
    # page), Sat-Sun.
    path = tmp_path / "paper.yaml"
    path.write_text(SMALL_WEEK.format(answer="separate", outputs="[json, proof]", sunday="9x9",
                                      registry="false").replace(
        "saturday:  {difficulty: beginner, size: 6x6, symmetry: diagonal}",
        "saturday:  {difficulty: easy, size: 9x9, variant: killer}"), encoding="utf-8")
    make_daily(load_daily_spec(path), run_dates(date(2026, 12, 7), 7), tmp_path / "out")
    [proof] = (tmp_path / "out" / "test-daily").glob("proof-*.pdf")
    saturday = read_day(tmp_path / "out" / "test-daily" / "2026-12-12")
    totals = [int(total) for total in saturday["givens"].split()[2].split(",")]
    pages = PdfReader(proof).pages
    text = "".join(page.extract_text() for page in pages)
    assert saturday["variant"] == "killer" and len(pages) == 3
    header = "Monday 7 December 2026 to Sunday 13 December 2026"  # on every page
    days = [[day for day in ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday",
                             "Saturday", "Sunday")
             if day in page.extract_text().replace(header, "")] for page in pages]
    assert days == [["Monday", "Tuesday", "Wednesday"], ["Thursday", "Friday"],
                    ["Saturday", "Sunday"]]
    assert all(str(total) in text for total in totals)


def test_a_12x12_killer_day_draws_its_sheet_and_gets_a_proof_page_of_its_own(tmp_path):
    # Its sheet was refused by 6e-14 pt of rounding ("the text of page 1 does not fit on
    # it"), and two days a proof page give its cells 20.6 pt, under the 22.6 pt totals need.
    path = tmp_path / "paper.yaml"
    path.write_text(SMALL_WEEK.format(answer="separate", outputs="[pdf, proof]", sunday="9x9",
                                      registry="false").replace(
        "saturday:  {difficulty: beginner, size: 6x6, symmetry: diagonal}",
        "saturday:  {difficulty: beginner, size: 12x12, variant: killer, columns: 3}"),
        encoding="utf-8")
    make_daily(load_daily_spec(path), run_dates(date(2026, 12, 11), 2), tmp_path / "out")
    [proof] = (tmp_path / "out" / "test-daily").glob("proof-*.pdf")
    saturday = tmp_path / "out" / "test-daily" / "2026-12-12"
    assert {"puzzle.pdf", "answer.pdf"} <= {p.name for p in saturday.iterdir()}
    assert len(PdfReader(proof).pages) == 2  # Friday on one page, the Killer on its own


def test_next_day_answer_art_goes_with_the_answer(tmp_path):
    """Issue 34 M3: with next-day answers, a day's folder holds the art of the answer it
    prints (the day before's), never its own; H3: a day made again without art keeps
    none of its old art, and the next day's folder loses the art of its old answer."""
    spec = load_daily_spec(spec_file(tmp_path, answer="next-day", outputs="[json, art]",
                                     sunday="6x6"))
    make_daily(spec, run_dates(date(2026, 12, 7), 3), tmp_path / "out")  # Mon-Wed
    series = tmp_path / "out" / "test-daily"
    monday, tuesday = read_day(series / "2026-12-07"), read_day(series / "2026-12-08")
    assert svg_cells(series / "2026-12-08" / "puzzle-answer-art.svg") == monday["solution"]
    assert svg_cells(series / "2026-12-08" / "puzzle-art.svg") == \
        tuesday["givens"].replace(".", "")
    sunday = svg_cells(series / "2026-12-07" / "puzzle-answer-art.svg")
    assert sunday != monday["solution"] and len(sunday) == 36
    make_daily(spec.model_copy(update={"outputs": ["json"]}), [date(2026, 12, 8)],
               tmp_path / "out")
    assert sorted(files_of(series / "2026-12-08")) == ["day.json"]
    assert "puzzle-art.svg" in files_of(series / "2026-12-07")
    assert sorted(files_of(series / "2026-12-09")) == \
        ["day.json", "puzzle-art.eps", "puzzle-art.pdf", "puzzle-art.svg"]


def test_a_day_made_again_rewrites_the_runs_proof_and_feed_that_hold_it(tmp_path):
    """Issue 34 M4: the week's proof and feed show the day made again, and making it as
    it was gives the week's files back byte for byte; without the other days' day.json
    they cannot be made true, and go, unless the registry shows the day is as it was."""
    spec = load_daily_spec(spec_file(tmp_path, outputs="[json, proof, feed]"))
    out, series = tmp_path / "out", tmp_path / "out" / "test-daily"
    make_daily(spec, run_dates(date(2026, 12, 7), 3), out)  # Mon-Wed
    week = ("proof-2026-12-07-2026-12-09.pdf", "feed-2026-12-07-2026-12-09.json",
            "feed-2026-12-07-2026-12-09.csv")
    before = {name: (series / name).read_bytes() for name in week}
    again = make_daily(spec.model_copy(update={"seed": "another-seed"}), [date(2026, 12, 8)],
                       out)
    feed = json.loads((series / week[1]).read_text())
    assert [p["givens"] for p in feed["puzzles"]][1] == \
        [int(ch) if ch != "." else 0 for ch in read_day(series / "2026-12-08")["givens"]]
    assert sorted(path.name for path in again.rewritten) == sorted(week)
    assert (series / week[0]).read_bytes() != before[week[0]]
    make_daily(spec, [date(2026, 12, 8)], out)
    assert {name: (series / name).read_bytes() for name in week} == before
    (series / "2026-12-09" / "day.json").unlink()
    kept = make_daily(spec, [date(2026, 12, 7)], out)  # as it was, as the registry shows
    assert not kept.removed and not kept.rewritten
    assert {name: (series / name).read_bytes() for name in week} == before
    gone = make_daily(spec.model_copy(update={"seed": "another-seed"}), [date(2026, 12, 7)],
                      out)
    assert sorted(path.name for path in gone.removed) == sorted(week)
    assert not any((series / name).exists() for name in week)


def test_a_wordoku_days_record_says_its_symbols_and_its_export_shows_them(runner, tmp_path):
    """Issue 34 L10: day.json says what a Wordoku day prints (its language's word), so
    that `export` of the folder shows those letters; a day of numbers says nothing new."""
    path = tmp_path / "words.yaml"
    path.write_text(textwrap.dedent("""\
        daily:
          series: Word Daily
          seed: words
          registry: false
          outputs: [json]
        schedule:
          monday:  {difficulty: beginner, symbols: word}
          tuesday: {difficulty: beginner}
        """), encoding="utf-8")
    make_daily(load_daily_spec(path), run_dates(date(2026, 12, 7), 2), tmp_path / "out")
    series = tmp_path / "out" / "word-daily"
    assert read_day(series / "2026-12-07")["symbols"] == "FORMULATE"
    assert "symbols" not in read_day(series / "2026-12-08")
    result = runner.invoke(cli.main, ["export", str(series / "2026-12-07"), "--formats", "page",
                                      "-o", str(tmp_path / "exported")])
    assert result.exit_code == 0, result.output + result.stderr
    page = (tmp_path / "exported" / "2026-12-07.html").read_text(encoding="utf-8")
    assert '"symbols":["F","O","R","M","U","L","A","T","E"]' in page
