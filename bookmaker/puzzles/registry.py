"""The registry of issued puzzles: an SQLite file holding the equivalence key of every
puzzle a series has published, so that no later issue repeats one, not even turned,
mirrored or relabelled.

A row is one puzzle of one issue: (series, issue, position, key, size, box, givens,
grade, SE rating and the rater's version); the key is the puzzle's equivalence key
(core/board/transform.py). An issue's rows are written in one transaction that first
deletes its old ones, so rebuilding an issue replaces it, and an issue is never half
registered. Writers take SQLite's write lock at once (BEGIN IMMEDIATE) and wait up to
BUSY_TIMEOUT_SECONDS for another process to finish, so two builds may share a registry
safely. Reading a file that does not exist finds nothing and creates nothing.

A build registers its issue with PendingIssues: the rows are written and held
uncommitted while the build puts its files in place (puzzles/outputs.py), and the commit
is the moment the new files become the book. Whether that moment came can be read back
afterwards (digests()), which is how an interrupted build is finished or undone.
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import closing, contextmanager
from dataclasses import dataclass
from pathlib import Path

from ..core.board.grid import Grid
from ..core.grade.grades import GRADES
from ..core.kinds.kind import Extras
from ..core.puzzle import Puzzle
from ..core.registry import kind_of

SCHEMA_VERSION = 1
BUSY_TIMEOUT_SECONDS = 60.0
_KEYS_PER_QUERY = 500  # SQLite allows 999 parameters to a statement in older builds
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
    rating TEXT NOT NULL DEFAULT '',
    rater TEXT NOT NULL DEFAULT '',
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
    rating: str = ""   # SE's ER as printed (7.2, or >=9.0 for a lower bound); "" if unrated
    rater: str = ""    # the version of the rater that made it


def entry_of(givens: Grid, grade: str, key: str | None = None, rating: str = "",
             rater: str = "", extras: Extras = None) -> Entry:
    """The registry entry of a puzzle: its kind's whole line is kept as its givens (a
    Killer's with its cages), its size as the kind names it ('9x9 Killer'); its key is
    computed unless given."""
    shape = givens.shape
    kind = kind_of(shape, extras)
    return Entry(key or kind.repeat_key(givens, extras), kind.exchange.registry_size(shape),
                 shape.box_text, kind.write(givens, extras), grade, rating, rater)


def puzzle_entry(puzzle: Puzzle, key: str | None = None) -> Entry:
    """The registry entry of a made puzzle: its grade and (if rated) SE rating."""
    rating = puzzle.rating[0] if puzzle.rating else ""
    return entry_of(puzzle.givens, puzzle.grade, key, rating, puzzle.rater, puzzle.extras)


@dataclass(frozen=True)
class SeriesCount:
    """How many puzzles of one grade a series holds."""

    series: str
    grade: str
    puzzles: int


@dataclass(frozen=True)
class Snapshot:
    """Every (series, issue, key) the registry held at one moment: a row not among them
    later is one that another run registered meanwhile."""

    rows: tuple[tuple[str, str, str], ...] = ()

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
        return Snapshot(tuple(self._rows("SELECT series, issue, key FROM puzzles")))

    def pending(self, series: str, issues: Mapping[str, Sequence[Entry]],
                read: Snapshot | None = None) -> PendingIssues:
        """The issues' puzzles, to be registered in place of what the issues held; see
        PendingIssues. `read` is the snapshot the puzzles were checked against."""
        return PendingIssues(self, series, issues, read)

    def digests(self, series: str, issues: Iterable[str]) -> dict[str, str]:
        """A digest of each issue's rows as they are now (of no rows, for an issue or a
        registry that does not exist): equal to PendingIssues.digests() once those
        issues have been committed."""
        rows: dict[str, list] = {}
        # Read-write where it can be: a reader that can write rolls back what a run killed
        # mid-transaction left (SQLite's hot journal) instead of leaving its file about.
        for issue, *row in self._rows("SELECT issue, position, key, size, box, givens, grade "
                                      "FROM puzzles WHERE series = ? ORDER BY issue, position",
                                      (series,), writable=os.access(self.path, os.W_OK)):
            rows.setdefault(issue, []).append(row)
        return {issue: _digest(rows.get(issue, [])) for issue in issues}

    def check_usable(self) -> None:
        """RegistryError now, before any puzzle is made, if the registry could not be
        used when the run ends: a file that is not a registry, or one that cannot be
        written (nor made, if there is none yet)."""
        self._rows("SELECT COUNT(*) FROM puzzles")
        if self.path.exists():
            if not (os.access(self.path, os.W_OK) and os.access(self.path.parent, os.W_OK)):
                raise RegistryError(f"registry {self.path}: cannot write it (read-only file "
                                    f"or folder)")
            return
        folder = _existing_ancestor(self.path.parent)
        if not folder.is_dir() or not os.access(folder, os.W_OK):
            raise RegistryError(f"registry {self.path}: cannot make it: {folder} is not a "
                                f"folder this user can write")

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

    def _rows(self, query: str, parameters: tuple = (), writable: bool = False) -> list[tuple]:
        """The query's rows; none from a file that does not exist or is still empty (a
        registry another process is making right now reads as empty, not as broken)."""
        if not self.path.exists():
            return []
        mode = "rw" if writable else "ro"
        with self._connection(f"{self.path.resolve().as_uri()}?mode={mode}") as connection:
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
        connection = self._connect(uri)
        with sqlite_errors(self.path), closing(connection):
            yield connection

    def _connect(self, uri: str) -> sqlite3.Connection:
        try:
            # isolation_level None: transactions are begun and ended here, explicitly.
            return sqlite3.connect(uri, uri=True, timeout=BUSY_TIMEOUT_SECONDS,
                                   isolation_level=None)
        except sqlite3.Error as error:
            raise RegistryError(f"registry {self.path}: cannot open it: {error}") from None

    def _make_folder(self) -> list[Path]:
        """Make the registry's folder if need be; the folders made, outermost first."""
        try:
            return make_folders(self.path.parent)
        except OSError as error:
            raise RegistryError(f"registry {self.path}: cannot make its folder: "
                                f"{error.strerror or error}") from None


class PendingIssues:
    """Issues about to replace what they held in a registry: prepare() writes their rows
    and keeps them uncommitted, holding the registry's write lock, while the caller puts
    the files they describe in place; then commit() makes them the registry's in one
    step, or rollback() leaves the registry as it was.

    A registry that does not exist yet is made whole in a hidden file beside its place,
    and commit() links it into place: a run that fails leaves no registry file behind,
    and if another run made the registry meanwhile, the link is refused (RegistryConflict)
    rather than anything overwritten."""

    def __init__(self, registry: Registry, series: str, issues: Mapping[str, Sequence[Entry]],
                 read: Snapshot | None) -> None:
        self.registry, self.series, self.issues, self.read = registry, series, issues, read
        self._connection: sqlite3.Connection | None = None
        self._made: list[Path] = []  # folders made for a new registry file
        path = registry.path.resolve()  # the journal names it for a run elsewhere
        self.new_file = path.with_name(f".{path.name}.{os.getpid()}.new")

    def digests(self) -> dict[str, str]:
        """Registry.digests() of the issues as they will be once committed."""
        return {issue: _digest([[position, e.key, e.size, e.box, e.givens, e.grade]
                                for position, e in enumerate(entries)])
                for issue, entries in self.issues.items()}

    def leftovers(self) -> list[Path]:
        """Files a run killed while holding this may leave behind, to be removed."""
        return [self.new_file, self.new_file.with_name(self.new_file.name + "-journal")]

    def prepare(self) -> None:
        """Write the rows, uncommitted. RegistryConflict if another issue registered
        one of these puzzles since `read`; RegistryError if the registry is unusable."""
        self._made = self.registry._make_folder()
        try:
            if self.registry.path.exists():
                self._write_into_registry()
            else:
                self._write_new_file()
        except BaseException:
            self.rollback()
            raise

    def _write_into_registry(self) -> None:
        self._connection = self._locked(self.registry.path)
        with sqlite_errors(self.registry.path):
            _refuse_conflicts(self._connection, self.registry.path, self.series,
                              self.issues, self.read)
            _replace_issues(self._connection, self.series, self.issues)

    def _write_new_file(self) -> None:
        self.new_file.unlink(missing_ok=True)
        with closing(self._locked(self.new_file)) as connection, \
                sqlite_errors(self.registry.path):
            _replace_issues(connection, self.series, self.issues)
            connection.execute("COMMIT")

    def commit(self) -> None:
        """Make the prepared rows the registry's: the one step that decides the run."""
        if self._connection is not None:
            with sqlite_errors(self.registry.path):
                self._connection.execute("COMMIT")
            self._close()
            return
        try:
            os.link(self.new_file, self.registry.path)
        except FileExistsError:
            raise RegistryConflict(f"registry {self.registry.path}: another run made it "
                                   f"while this one was being made; nothing was written: "
                                   f"make it again") from None
        except OSError as error:
            raise RegistryError(f"registry {self.registry.path}: cannot make it: "
                                f"{error.strerror or error}") from None
        finally:
            _unlink_quietly(self.new_file)  # the registry is committed: nothing may undo that

    def rollback(self) -> None:
        """Leave the registry as it was before prepare(); never raises for a registry
        that cannot be reached (SQLite rolls an unfinished transaction back anyway)."""
        if self._connection is not None:
            try:
                self._connection.rollback()
            except sqlite3.Error:
                pass
            self._close()
        for leftover in self.leftovers():
            _unlink_quietly(leftover)
        remove_empty_folders(self._made)

    def _locked(self, path: Path) -> sqlite3.Connection:
        """A connection to path inside a write transaction, the schema checked (or made)."""
        connection = self.registry._connect(path.resolve().as_uri())
        try:
            with sqlite_errors(self.registry.path):
                connection.execute("BEGIN IMMEDIATE")
                _check_schema(connection, self.registry.path, writing=True)
        except BaseException:
            connection.close()
            raise
        return connection

    def _close(self) -> None:
        assert self._connection is not None  # closed once, after it was opened
        self._connection.close()
        self._connection = None


@contextmanager
def sqlite_errors(path: Path) -> Iterator[None]:
    """SQLite's errors in the body as RegistryError, naming the registry."""
    try:
        yield
    except sqlite3.OperationalError as error:
        raise RegistryError(_operational_text(path, error)) from None
    except sqlite3.DatabaseError as error:
        raise RegistryError(f"registry {path}: not a bookmaker registry ({error})") from None


def make_folders(folder: Path) -> list[Path]:
    """Make folder and any missing parents; the folders made, outermost first."""
    missing = []
    while not folder.exists() and folder.parent != folder:
        missing.append(folder)
        folder = folder.parent
    for made in reversed(missing):
        made.mkdir(exist_ok=True)
    return list(reversed(missing))


def remove_empty_folders(made: list[Path]) -> None:
    """Remove the folders a run made (innermost first) if they are still empty."""
    for folder in reversed(made):
        try:
            folder.rmdir()
        except OSError:
            return  # not empty (or gone): leave it and its parents


def _unlink_quietly(path: Path) -> None:
    try:
        path.unlink(missing_ok=True)
    except OSError:
        pass  # a hidden leftover; the next run's recovery removes it


def _existing_ancestor(folder: Path) -> Path:
    while not folder.exists() and folder.parent != folder:
        folder = folder.parent
    return folder


def _digest(rows: list) -> str:
    return hashlib.sha256(json.dumps(rows, ensure_ascii=False).encode("utf-8")).hexdigest()


def default_registry_path(folder: str | os.PathLike, series_slug: str) -> Path:
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
        if writing:
            _add_rating_columns(connection)
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
                      issues: Mapping[str, Sequence[Entry]], read: Snapshot | None) -> None:
    """RegistryConflict if another issue holds one of these keys in a row the snapshot
    `read` did not have. The rows themselves are compared, not row numbers: SQLite gives
    the numbers of deleted rows to new ones, so a volume rebuilt meanwhile would hide."""
    keys = sorted({entry.key for entries in issues.values() for entry in entries})
    known = set(read.rows) if read is not None else set()
    taken = sorted(row for row in _rows_holding(connection, keys)
                   if not (row[0] == series and row[1] in issues) and row not in known)
    if taken:
        other_series, other_issue, _ = taken[0]
        count = len({key for _, _, key in taken})
        raise RegistryConflict(
            f"registry {path}: while this was being made, {count} of its puzzles "
            f"were registered by another issue ({other_series!r}, issue {other_issue!r}); "
            f"nothing was written: make it again to replace them")


def _rows_holding(connection: sqlite3.Connection, keys: list[str]) -> list[tuple]:
    """(series, issue, key) of every row holding one of the keys, by the key index."""
    rows = []
    for start in range(0, len(keys), _KEYS_PER_QUERY):
        chunk = keys[start:start + _KEYS_PER_QUERY]
        rows += connection.execute(f"SELECT series, issue, key FROM puzzles WHERE key IN "
                                   f"({', '.join('?' * len(chunk))})", chunk).fetchall()
    return rows


def _replace_issues(connection: sqlite3.Connection, series: str,
                    issues: Mapping[str, Sequence[Entry]]) -> None:
    for issue, entries in issues.items():
        connection.execute("DELETE FROM puzzles WHERE series = ? AND issue = ?",
                           (series, issue))
        _insert(connection, series, issue, entries)


def _insert(connection: sqlite3.Connection, series: str, issue: str,
            entries: Iterable[Entry]) -> None:
    start = connection.execute("SELECT COALESCE(MAX(position) + 1, 0) FROM puzzles "
                               "WHERE series = ? AND issue = ?", (series, issue)).fetchone()[0]
    connection.executemany(
        "INSERT INTO puzzles (series, issue, position, key, size, box, givens, grade, rating, "
        "rater) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [(series, issue, start + i, e.key, e.size, e.box, e.givens, e.grade, e.rating, e.rater)
         for i, e in enumerate(entries)])


def _add_rating_columns(connection: sqlite3.Connection) -> None:
    """Registries made before ratings were recorded get the two columns (empty for their
    old rows) the first time they are written to; reading never needs them."""
    columns = {row[1] for row in connection.execute("PRAGMA table_info(puzzles)")}
    for column in ("rating", "rater"):
        if column not in columns:
            connection.execute(f"ALTER TABLE puzzles ADD COLUMN {column} TEXT NOT NULL "
                               f"DEFAULT ''")
