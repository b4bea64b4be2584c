"""The registry of issued puzzles: an SQLite file holding the equivalence key of every
puzzle a series has published, so that no later issue repeats one, not even turned,
mirrored or relabelled.

A row is one puzzle of one issue: (series, issue, position, key, size, box, givens,
grade); the key is the puzzle's equivalence key (core/transform.py). An issue's rows are
written in one transaction that first deletes its old ones, so rebuilding an issue
replaces it, and an issue is never half registered. Writers take SQLite's write lock at
once (BEGIN IMMEDIATE) and wait up to BUSY_TIMEOUT_SECONDS for another process to finish,
so two builds may share a registry safely. Reading a file that does not exist finds
nothing and creates nothing.
"""

from __future__ import annotations

import sqlite3
from contextlib import closing, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Iterator, Mapping, Sequence

from ..core.cages import Cages
from ..core.grader import GRADES
from ..core.grid import Grid, format_grid
from ..core.killerkey import killer_key
from ..core.killertext import format_killer
from ..core.transform import repeat_key

SCHEMA_VERSION = 1
BUSY_TIMEOUT_SECONDS = 60.0
SUFFIX = ".registry.sqlite"
_SCHEMA = """
CREATE TABLE IF NOT EXISTS puzzles (
    series TEXT NOT NULL,
    issue TEXT NOT NULL,
    position INTEGER NOT NULL,
    key TEXT NOT NULL,
    size TEXT NOT NULL,
    box TEXT NOT NULL,
    givens TEXT NOT NULL,
    grade TEXT NOT NULL,
    PRIMARY KEY (series, issue, position)
);
CREATE INDEX IF NOT EXISTS puzzles_by_key ON puzzles (key);
"""


class RegistryError(Exception):
    """The registry file cannot be used; the message names it and says why."""


class RegistryConflict(RegistryError):
    """Another issue registered some of these puzzles after they were checked."""


@dataclass(frozen=True)
class Entry:
    """One puzzle as the registry records it."""

    key: str
    size: str
    box: str
    givens: str
    grade: str


def entry_of(givens: Grid, grade: str, key: str | None = None,
             cages: Cages | None = None) -> Entry:
    """The registry entry of a puzzle (with its cages, a Killer: its whole line is kept as
    its givens, its size reads '9x9 Killer'); its key is computed unless given."""
    shape = givens.shape
    if cages is not None:
        return Entry(key or killer_key(givens, cages), f"{shape} Killer", shape.box_text,
                     format_killer(givens, cages), grade)
    return Entry(key or repeat_key(givens), str(shape), shape.box_text,
                 format_grid(givens), grade)


@dataclass(frozen=True)
class SeriesCount:
    """How many puzzles of one grade a series holds."""

    series: str
    grade: str
    puzzles: int


@dataclass(frozen=True)
class Snapshot:
    """Every (series, issue, key) the registry held at one moment, and `watermark`, the
    last row then: rows written after it are what other runs registered meanwhile."""

    rows: tuple[tuple[str, str, str], ...]
    watermark: int

    def keys(self, excluding: tuple[str, str] | None = None) -> frozenset[str]:
        """Every key, except those of the (series, issue) given."""
        return frozenset(key for series, issue, key in self.rows
                         if (series, issue) != excluding)


class Registry:
    """One registry file. Reading a file that does not exist finds nothing and creates
    nothing; the file (and its folder) is made when the first issue is registered."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)

    def keys_issued(self, excluding: tuple[str, str] | None = None) -> frozenset[str]:
        """The key of every puzzle registered, except those of the (series, issue) given:
        rebuilding an issue must not count its own puzzles as repeats."""
        series, issue = excluding or (None, None)
        return frozenset(key for key, in self._rows(
            "SELECT key FROM puzzles WHERE NOT (series IS ? AND issue IS ?)", (series, issue)))

    def register(self, series: str, issue: str, entries: Sequence[Entry],
                 replace: bool = True) -> None:
        """Record an issue's puzzles in one transaction: they replace the issue's old rows,
        or (replace=False) are added after them. The file is made if need be."""
        with self._writing() as connection:
            if replace:
                connection.execute("DELETE FROM puzzles WHERE series = ? AND issue = ?",
                                   (series, issue))
            _insert(connection, series, issue, entries)

    def read(self) -> Snapshot:
        """Everything registered now, in one reading (empty if there is no file yet)."""
        rows = self._rows("SELECT series, issue, key, rowid FROM puzzles ORDER BY rowid")
        return Snapshot(tuple(row[:3] for row in rows), rows[-1][3] if rows else 0)

    @contextmanager
    def issuing(self, series: str, issues: Mapping[str, Sequence[Entry]],
                since: int = 0) -> Iterator[None]:
        """Register the issues' puzzles (replacing what they held) once the body, which
        writes their files, has succeeded: all in one transaction that holds the write
        lock from before the body starts, so no other run can register in between.
        RegistryConflict, before the body runs, if a row written after row `since` by
        another issue holds one of these keys (since=0: any other issue's row)."""
        with self._writing() as connection:
            _refuse_conflicts(connection, self.path, series, issues, since)
            yield
            for issue, entries in issues.items():
                connection.execute("DELETE FROM puzzles WHERE series = ? AND issue = ?",
                                   (series, issue))
                _insert(connection, series, issue, entries)

    def counts(self) -> list[SeriesCount]:
        """Puzzles per series and grade: series in order, grades easiest first."""
        rows = self._rows("SELECT series, grade, COUNT(*) FROM puzzles GROUP BY series, grade")
        order = {grade: i for i, grade in enumerate(GRADES)}
        return sorted((SeriesCount(*row) for row in rows),
                      key=lambda c: (c.series, order.get(c.grade, len(order)), c.grade))

    def issue_counts(self) -> dict[str, int]:
        """How many issues each series has registered."""
        return dict(self._rows("SELECT series, COUNT(DISTINCT issue) FROM puzzles "
                               "GROUP BY series"))

    def _rows(self, query: str, parameters: tuple = ()) -> list[tuple]:
        """The query's rows; none from a file that does not exist or is still empty (a
        registry another process is making right now reads as empty, not as broken)."""
        if not self.path.exists():
            return []
        with self._connection(f"{self.path.resolve().as_uri()}?mode=ro") as connection:
            if not _check_schema(connection, self.path, writing=False):
                return []
            return connection.execute(query, parameters).fetchall()

    @contextmanager
    def _writing(self) -> Iterator[sqlite3.Connection]:
        """A write transaction, committed if the body succeeds. (A file made for it stays,
        empty, if the body fails: deleting it could delete another run's registry that
        was made in the meantime.)"""
        self._make_folder()
        with self._connection(self.path.resolve().as_uri()) as connection:
            connection.execute("BEGIN IMMEDIATE")
            try:
                _check_schema(connection, self.path, writing=True)
                yield connection
            except BaseException:
                connection.rollback()
                raise
            connection.execute("COMMIT")

    @contextmanager
    def _connection(self, uri: str) -> Iterator[sqlite3.Connection]:
        try:
            # isolation_level None: transactions are begun and ended here, explicitly.
            connection = sqlite3.connect(uri, uri=True, timeout=BUSY_TIMEOUT_SECONDS,
                                         isolation_level=None)
        except sqlite3.Error as error:
            raise RegistryError(f"registry {self.path}: cannot open it: {error}") from None
        try:
            with closing(connection):
                yield connection
        except sqlite3.OperationalError as error:
            raise RegistryError(_operational_text(self.path, error)) from None
        except sqlite3.DatabaseError as error:
            raise RegistryError(f"registry {self.path}: not a bookmaker registry "
                                f"({error})") from None

    def _make_folder(self) -> None:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise RegistryError(f"registry {self.path}: cannot make its folder: "
                                f"{error.strerror or error}") from None


def default_registry_path(folder: str | Path, series_slug: str) -> Path:
    """Where a series' registry lives when no path is given: one file per series."""
    return Path(folder) / f"{series_slug}{SUFFIX}"


def _operational_text(path: Path, error: sqlite3.OperationalError) -> str:
    text = str(error)
    if "locked" in text or "busy" in text:
        return (f"registry {path}: still locked by another process after "
                f"{BUSY_TIMEOUT_SECONDS:g} s; try again when it has finished")
    return f"registry {path}: {text}"


def _check_schema(connection: sqlite3.Connection, path: Path, writing: bool) -> bool:
    """Whether the file holds the registry's tables; when writing, they are made in a new
    file. A file holding some other database is refused."""
    version = connection.execute("PRAGMA user_version").fetchone()[0]
    tables = {name for name, in connection.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table'")}
    if version == SCHEMA_VERSION and "puzzles" in tables:
        return True
    if version != 0 or tables:
        raise RegistryError(f"registry {path}: not a bookmaker registry (or one made by a "
                            f"newer bookmaker: schema version {version})")
    if writing:
        for statement in filter(str.strip, _SCHEMA.split(";")):
            connection.execute(statement)
        connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
    return writing


def _refuse_conflicts(connection: sqlite3.Connection, path: Path, series: str,
                      issues: Mapping[str, Sequence[Entry]], since: int) -> None:
    keys = {entry.key for entries in issues.values() for entry in entries}
    rows = connection.execute("SELECT key, series, issue FROM puzzles WHERE rowid > ? "
                              "ORDER BY rowid", (since,)).fetchall()
    taken = [(other_series, other_issue) for key, other_series, other_issue in rows
             if key in keys and not (other_series == series and other_issue in issues)]
    if taken:
        other_series, other_issue = taken[0]
        raise RegistryConflict(
            f"registry {path}: while this was being made, {len(taken)} of its puzzles "
            f"were registered by another issue ({other_series!r}, issue {other_issue!r}); "
            f"nothing was written: make it again to replace them")


def _insert(connection: sqlite3.Connection, series: str, issue: str,
            entries: Iterable[Entry]) -> None:
    start = connection.execute("SELECT COALESCE(MAX(position) + 1, 0) FROM puzzles "
                               "WHERE series = ? AND issue = ?", (series, issue)).fetchone()[0]
    connection.executemany(
        "INSERT INTO puzzles (series, issue, position, key, size, box, givens, grade) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        [(series, issue, start + i, e.key, e.size, e.box, e.givens, e.grade)
         for i, e in enumerate(entries)])
