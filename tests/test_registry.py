"""The registry: issues registered whole or not at all, safe with two processes writing at
once and after a crash; and books that use it: no volume repeats another, rebuilding a
volume gives the same bytes, a failed build registers nothing."""

from __future__ import annotations

import errno
import json
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from bookmaker.book.build import build
from bookmaker.core.board.grid import parse_grid
from bookmaker.puzzles import outputs
from bookmaker.puzzles.outputs import OutputError
from bookmaker.puzzles.registry import (
    Entry,
    Registry,
    RegistryConflict,
    RegistryError,
    SeriesCount,
    Snapshot,
    entry_of,
)
from bookmaker.spec import SpecError, load_spec

REPO = Path(__file__).resolve().parents[1]


def entries(prefix: str, count: int, grade: str = "easy") -> list[Entry]:
    return [Entry(f"{prefix}-{i}", "4x4", "2x2", "." * 16, grade) for i in range(count)]


# The registry file

def test_reading_a_registry_that_does_not_exist_finds_nothing_and_makes_nothing(tmp_path):
    registry = Registry(tmp_path / "sub" / "r.sqlite")
    assert registry.keys_issued() == frozenset()
    assert registry.counts() == []
    assert not (tmp_path / "sub").exists()


def test_an_issues_own_puzzles_are_not_counted_as_issued_to_it(tmp_path):
    registry = Registry(tmp_path / "r.sqlite")
    registry.register("weekly", "1", entries("a", 3))
    registry.register("weekly", "2", entries("b", 2))
    assert registry.keys_issued() == {"a-0", "a-1", "a-2", "b-0", "b-1"}
    assert registry.keys_issued(("weekly", "1")) == {"b-0", "b-1"}


def test_registering_an_issue_again_replaces_its_puzzles(tmp_path):
    registry = Registry(tmp_path / "r.sqlite")
    registry.register("weekly", "1", entries("a", 3))
    registry.register("weekly", "1", entries("c", 1))
    assert registry.keys_issued() == {"c-0"}


def test_adding_to_an_issue_keeps_what_it_had(tmp_path):
    registry = Registry(tmp_path / "r.sqlite")
    registry.register("generate", "seed 1", entries("a", 2), replace=False)
    registry.register("generate", "seed 1", entries("b", 2), replace=False)
    assert registry.counts() == [SeriesCount("generate", "easy", 4)]


def test_counts_are_by_series_then_grade_easiest_first(tmp_path):
    registry = Registry(tmp_path / "r.sqlite")
    registry.register("weekly", "1", entries("a", 2, "hard") + entries("b", 1, "beginner"))
    registry.register("daily", "2026-01-01", entries("c", 1, "medium"))
    assert registry.counts() == [SeriesCount("daily", "medium", 1),
                                 SeriesCount("weekly", "beginner", 1),
                                 SeriesCount("weekly", "hard", 2)]
    assert registry.issue_counts() == {"daily": 1, "weekly": 1}


def test_an_entry_records_the_puzzles_equivalence_key():
    entry = entry_of(parse_grid("..3..4..1....2.."), "beginner")
    assert entry == Entry("2x2:0000000102003040", "4x4", "2x2", "..3..4..1....2..", "beginner")


def test_a_file_that_is_not_a_registry_is_refused_by_name(tmp_path):
    path = tmp_path / "notes.sqlite"
    path.write_text("shopping list\n" * 100)
    with pytest.raises(RegistryError, match=f"registry {path}: not a bookmaker registry"):
        Registry(path).keys_issued()
    with pytest.raises(RegistryError, match="not a bookmaker registry"):
        Registry(path).register("s", "1", entries("a", 1))
    assert path.read_text() == "shopping list\n" * 100


def test_another_sqlite_database_is_refused(tmp_path):
    path = tmp_path / "other.sqlite"
    subprocess.run([sys.executable, "-c", f"import sqlite3; c = sqlite3.connect({str(path)!r});"
                    "c.execute('CREATE TABLE t (x)'); c.commit()"], check=True)
    with pytest.raises(RegistryError, match="not a bookmaker registry .* schema version 0"):
        Registry(path).keys_issued()


def issue(registry: Registry, issues: dict, read: Snapshot | None = None) -> None:
    """Register the issues of series 'weekly' as a build does: prepared, then committed."""
    pending = registry.pending("weekly", issues, read)
    pending.prepare()
    pending.commit()


def test_a_pending_issue_refuses_puzzles_another_issue_registered_meanwhile(tmp_path):
    registry = Registry(tmp_path / "r.sqlite")
    registry.register("weekly", "0", entries("z", 1))
    before = registry.read()
    registry.register("weekly", "1", entries("a", 3))   # another run, after the reading
    with pytest.raises(RegistryConflict, match="1 of its puzzles were registered by another "
                                               "issue \\('weekly', issue '1'\\)"):
        issue(registry, {"2": entries("b", 2) + entries("a", 1)}, before)
    issue(registry, {"1": entries("a", 2)})  # its own are no conflict
    assert registry.keys_issued() == {"z-0", "a-0", "a-1"}


def test_a_volume_rebuilt_meanwhile_is_a_conflict_though_sqlite_reused_its_row_numbers(
        tmp_path):
    # Volume 1 is the last thing registered; a build of volume 2 reads the registry; then
    # volume 1 is rebuilt: its rows are deleted and written again under the same rowids,
    # now holding a puzzle volume 2 has. Comparing row numbers saw nothing.
    registry = Registry(tmp_path / "r.sqlite")
    registry.register("weekly", "1", entries("a", 3))
    read = registry.read()
    registry.register("weekly", "1", entries("a", 2) + entries("b", 1))
    with pytest.raises(RegistryConflict, match="1 of its puzzles were registered by another "
                                               "issue \\('weekly', issue '1'\\)"):
        issue(registry, {"2": entries("b", 1)}, read)
    assert registry.issue_counts() == {"weekly": 1}


def test_rows_from_before_the_reading_are_no_conflict(tmp_path):
    # Repeats of puzzles registered before the reading were the run's to avoid; a row
    # that is there already at the reading is not a race.
    registry = Registry(tmp_path / "r.sqlite")
    registry.register("weekly", "1", entries("a", 1))
    snapshot = registry.read()
    assert (snapshot.rows, snapshot.keys(), snapshot.keys(("weekly", "1"))) == (
        (("weekly", "1", "a-0"),), {"a-0"}, frozenset())
    issue(registry, {"2": entries("b", 1), "3": entries("c", 1)}, snapshot)
    assert registry.keys_issued() == {"a-0", "b-0", "c-0"}


def test_the_write_lock_is_held_from_prepare_to_commit(tmp_path):
    registry = Registry(tmp_path / "r.sqlite")
    registry.register("weekly", "1", entries("a", 1))
    other = sqlite3.connect(tmp_path / "r.sqlite", timeout=0)
    pending = registry.pending("weekly", {"2": entries("b", 1)})
    pending.prepare()
    with pytest.raises(sqlite3.OperationalError, match="locked"):
        other.execute("BEGIN IMMEDIATE")
    assert registry.digests("weekly", ["2"]) != pending.digests()  # not yet
    pending.commit()
    assert registry.digests("weekly", ["2"]) == pending.digests()
    other.execute("BEGIN IMMEDIATE")
    other.rollback()


def test_a_pending_issue_rolled_back_is_not_registered_and_makes_no_file(tmp_path):
    registry = Registry(tmp_path / "sub" / "r.sqlite")
    pending = registry.pending("weekly", {"1": entries("a", 3)})
    pending.prepare()
    pending.rollback()
    assert not (tmp_path / "sub").exists()  # nor the folder made for it
    registry.register("weekly", "0", entries("z", 1))
    pending = registry.pending("weekly", {"1": entries("a", 3)})
    pending.prepare()
    pending.rollback()
    assert registry.keys_issued() == {"z-0"}


def test_a_new_registry_is_made_whole_at_the_commit_and_never_over_another(tmp_path):
    registry = Registry(tmp_path / "r.sqlite")
    pending = registry.pending("weekly", {"1": entries("a", 2)})
    pending.prepare()
    assert not registry.path.exists()
    Registry(registry.path).register("daily", "x", entries("x", 1))  # another run, first
    with pytest.raises(RegistryConflict, match="another run made it while this one was "
                                               "being made; nothing was written"):
        pending.commit()
    assert registry.keys_issued() == {"x-0"}
    assert [path.name for path in tmp_path.iterdir()] == ["r.sqlite"]


WRITER = textwrap.dedent("""
    import os, sys, time
    from bookmaker.puzzles.registry import Entry, Registry
    path, name, go = sys.argv[1:]
    registry = Registry(path)
    while not os.path.exists(go):  # start together, so that the two really contend
        time.sleep(0.005)
    for issue in range(40):
        registry.register(name, str(issue), [Entry(f"{name}-{issue}-{i}", "4x4", "2x2",
                                                   "." * 16, "easy") for i in range(20)])
        registry.keys_issued()
""")


def test_two_processes_writing_at_once_lose_nothing(tmp_path):
    path, go = tmp_path / "shared.sqlite", tmp_path / "go"
    writers = [subprocess.Popen([sys.executable, "-c", WRITER, str(path), name, str(go)],
                                cwd=REPO, stderr=subprocess.PIPE, text=True)
               for name in ("one", "two")]
    go.touch()
    for writer in writers:
        with writer:  # closes its stderr pipe
            assert writer.wait(timeout=120) == 0, writer.stderr.read()
    registry = Registry(path)
    assert registry.counts() == [SeriesCount("one", "easy", 800),
                                 SeriesCount("two", "easy", 800)]
    assert registry.issue_counts() == {"one": 40, "two": 40}
    assert len(registry.keys_issued()) == 1600


CRASHER = textwrap.dedent("""
    import os, sys
    from bookmaker.puzzles import registry as module
    original = module._insert
    def insert_then_die(*args):
        original(*args)
        os._exit(3)  # a crash in the middle of the transaction: no commit, no cleanup
    path = sys.argv[1]
    module.Registry(path).register("weekly", "1", [module.Entry("kept", "4x4", "2x2",
                                                                "." * 16, "easy")])
    module._insert = insert_then_die
    module.Registry(path).register("weekly", "2", [module.Entry("lost", "4x4", "2x2",
                                                                "." * 16, "easy")])
""")


def test_a_process_that_dies_while_registering_leaves_the_registry_as_it_was(tmp_path):
    path = tmp_path / "r.sqlite"
    crashed = subprocess.run([sys.executable, "-c", CRASHER, str(path)], cwd=REPO)
    assert crashed.returncode == 3
    registry = Registry(path)
    assert registry.keys_issued() == {"kept"}
    registry.register("weekly", "2", entries("again", 1))
    assert registry.keys_issued() == {"kept", "again-0"}


# Books with a registry

def write_book(folder: Path, volume: str, count: int = 10, extra: str = "") -> Path:
    """A small book of 4x4 puzzles: there are only 36 distinct ones, so volumes collide."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"volume-{volume}.yaml"
    path.write_text(textwrap.dedent(f"""\
        book:
          title: Tiny Volume {volume}
          seed: tiny-{volume}
          series: Tiny Sudoku
          volume: {volume}
          front_matter: {{how_to_play: false}}
        {textwrap.indent(extra, "  ")}
        sections:
          - name: Tiny
            size: 4x4
            count: {count}
            puzzles_per_page: 4
        """), encoding="utf-8")
    return path


def keys_of(out: Path, name: str) -> list[str]:
    manifest = json.loads((out / f"{name}.json").read_text())
    return [entry["canonical"] for entry in manifest["puzzles"]]


def book_files(out: Path, name: str) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(out.glob(f"{name}*")) if p.suffix != ".sqlite"}


def test_a_second_volume_shares_no_puzzle_with_the_first(tmp_path):
    out = tmp_path / "out"
    first = build(load_spec(write_book(tmp_path, "1", count=12)), out)
    second = build(load_spec(write_book(tmp_path, "2", count=12)), out)
    assert first.registry == second.registry == out / "tiny-sudoku.registry.sqlite"
    one, two = keys_of(out, "tiny-volume-1"), keys_of(out, "tiny-volume-2")
    assert len(set(one)) == len(set(two)) == 12
    assert set(one).isdisjoint(two)
    assert second.remade > 0  # the collisions were real, and were made again
    registry = Registry(out / "tiny-sudoku.registry.sqlite")
    assert registry.counts() == [SeriesCount("Tiny Sudoku", "beginner", 24)]
    assert registry.keys_issued(("Tiny Sudoku", "1")) == set(two)


def test_rebuilding_a_volume_gives_the_same_bytes_and_keeps_it_registered_once(tmp_path):
    out = tmp_path / "out"
    spec = load_spec(write_book(tmp_path, "1", count=12))
    build(spec, out)
    before = book_files(out, "tiny-volume-1")
    build(load_spec(write_book(tmp_path, "2", count=12)), out)
    build(spec, out)
    assert book_files(out, "tiny-volume-1") == before
    assert Registry(out / "tiny-sudoku.registry.sqlite").issue_counts() == {"Tiny Sudoku": 2}


def test_the_manifest_names_the_series_the_issue_and_each_canonical_form(tmp_path):
    out = tmp_path / "out"
    build(load_spec(write_book(tmp_path, "7", count=2)), out)
    manifest = json.loads((out / "tiny-volume-7.json").read_text())
    assert (manifest["series"], manifest["issue"]) == ("Tiny Sudoku", "7")
    first = manifest["puzzles"][0]
    assert first["canonical"] == entry_of(parse_grid(first["givens"]), "").key


def test_a_registry_path_is_relative_to_the_spec_and_none_turns_it_off(tmp_path):
    spec = load_spec(write_book(tmp_path / "specs", "1", 3, "registry: ../registries/tiny.db"))
    assert spec.registry == tmp_path / "registries" / "tiny.db"
    build(spec, tmp_path / "out")
    assert len(Registry(tmp_path / "registries" / "tiny.db").keys_issued()) == 3
    off = load_spec(write_book(tmp_path / "off", "1", 3, "registry: none"))
    result = build(off, tmp_path / "out-off")
    assert (off.registry, result.registry) == (False, None)
    assert sorted(p.name for p in (tmp_path / "out-off").iterdir()) == \
        ["tiny-volume-1.json", "tiny-volume-1.pdf"]


def test_without_a_registry_a_book_still_has_no_two_equivalent_puzzles(tmp_path):
    result = build(load_spec(write_book(tmp_path, "1", 30, "registry: false")), tmp_path)
    assert len(set(keys_of(tmp_path, "tiny-volume-1"))) == 30
    assert result.remade > 0


def test_a_build_that_fails_while_writing_registers_nothing(tmp_path, monkeypatch):
    out = tmp_path / "out"

    def fail(*args):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(outputs, "_write_file", fail)
    with pytest.raises(OutputError, match="No space left on device; nothing was changed"):
        build(load_spec(write_book(tmp_path, "1", 3)), out)
    assert not out.exists()  # not even an empty registry, nor the folder made for it


def test_a_volume_racing_another_is_refused_before_anything_is_written(tmp_path, monkeypatch):
    out = tmp_path / "out"
    build(load_spec(write_book(tmp_path, "1", count=12)), out)
    # As if volume 2 had read the registry before volume 1 registered its puzzles:
    monkeypatch.setattr(Registry, "read", lambda self: Snapshot())
    with pytest.raises(RegistryConflict, match="nothing was written: make it again"):
        build(load_spec(write_book(tmp_path, "2", count=12)), out)
    assert not list(out.glob("tiny-volume-2*"))


@pytest.mark.parametrize("line, problem", [
    ("registry: 3", "book.yaml:5:13: book.registry: expected a file path, true (the default "
                    "file) or none, got the number 3"),
    ("registry: .", "book.yaml:5:13: book.registry: '.' is a folder; expected a registry file, "
                    "like ./series.registry.sqlite"),
    ("volume: [2]", "book.yaml:5:11: book.volume: expected a whole number or text, got a list"),
    ("series: ''", "book.yaml:5:11: book.series: must not be empty"),
])
def test_registry_keys_with_mistakes_are_reported_where_they_are(tmp_path, monkeypatch, line,
                                                                 problem):
    monkeypatch.chdir(tmp_path)
    path = write_book(Path("."), "1", 2, line)
    Path("book.yaml").write_text(path.read_text().replace("  series: Tiny Sudoku\n", "")
                                 .replace("  volume: 1\n", ""))
    with pytest.raises(SpecError) as caught:
        load_spec("book.yaml")
    assert str(caught.value).splitlines() == [problem]


def test_series_and_volume_default_to_the_books_name(tmp_path):
    spec = load_spec(write_book(tmp_path, "1", 2))
    plain = spec.model_copy(update={"series": spec.name, "volume": None})
    assert (spec.series, spec.issue) == ("Tiny Sudoku", "1")
    assert (plain.series, plain.issue) == ("tiny-volume-1", "tiny-volume-1")


def test_a_registry_made_before_ratings_gets_their_columns_when_next_written(tmp_path):
    path = tmp_path / "old.sqlite"
    with sqlite3.connect(path) as connection:  # the version-1 table as it was first made
        connection.executescript(
            "CREATE TABLE puzzles (series TEXT NOT NULL, issue TEXT NOT NULL, position INTEGER "
            "NOT NULL, key TEXT NOT NULL, size TEXT NOT NULL, box TEXT NOT NULL, givens TEXT "
            "NOT NULL, grade TEXT NOT NULL, PRIMARY KEY (series, issue, position)); "
            "PRAGMA user_version = 1; INSERT INTO puzzles VALUES ('s', 'old', 0, 'k0', '9x9', "
            "'3x3', '.', 'easy');")
    registry = Registry(path)
    assert registry.keys_issued() == {"k0"}
    registry.register("s", "new", [Entry("k1", "9x9", "3x3", ".", "hard", ">=7.0", "se-1")])
    with sqlite3.connect(path) as connection:
        rows = connection.execute("SELECT key, grade, rating, rater FROM puzzles "
                                  "ORDER BY key").fetchall()
    assert rows == [("k0", "easy", "", ""), ("k1", "hard", ">=7.0", "se-1")]
