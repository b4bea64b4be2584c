"""A run's output files replaced as a set, the registry agreeing with them at every moment.

replace_outputs() writes the new files into a staging folder beside their places
(ROOT/.bookmaker-staging/new/), hard-links the old ones into it (old/), writes a journal
naming them all, renames the new files into place and then commits the registry. That
commit is the one step that decides the run: anything that fails or stops it before
then puts the old files back and rolls the registry back, so a run that reports failure
has changed nothing. A run killed outright (SIGKILL, a power cut) leaves the journal,
and the next run in that folder begins with recover(): it asks the registry whether the
commit happened, finishes the renames if it did and undoes them if not (always undoes
them without a registry), and removes the staging folder. A set has an owner (a book's
name: several books may share a folder) with a staging folder of its own, so that only
the owner's next run finishes or undoes what a killed run of it left, never another
book's run, which touches neither those files nor that registry. Runs writing into one
folder take turns, holding an advisory lock on it.
"""

from __future__ import annotations

import json
import os
import shutil
import stat
import time
from collections.abc import Iterator, Mapping
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from .interrupts import pause_at, run_end, signals_held
from .registry import PendingIssues, Registry, make_folders, remove_empty_folders

try:
    import fcntl
except ImportError:  # Windows: runs in one folder are not kept from overlapping
    fcntl = None  # type: ignore[assignment]

STAGING = ".bookmaker-staging"
JOURNAL = "journal.json"
LOCK_TIMEOUT_SECONDS = 60.0
_LOCK_POLL_SECONDS = 0.05
WRITING_THREADS = 8  # files written at once: the time goes in waiting for the disk


class OutputError(Exception):
    """The files could not be put in place, or an interrupted run's could not be finished;
    the message says why and what was left as it was."""


@dataclass(frozen=True)
class OutputSet:
    """A run's files under root, by path relative to it ('book.pdf', '2026-12-07/day.json'),
    `removed`: files an earlier run of the set wrote that this one does not, and `owner`:
    whose set it is among those written into root (a book's name; '' for a root that
    holds one set, as a daily series' folder does)."""

    root: Path
    files: Mapping[str, bytes]
    removed: tuple[str, ...] = ()
    owner: str = ""


@dataclass(frozen=True)
class Target:
    """One place the replacement changes: whether it gets a new file, had an old one."""

    name: str
    new: bool
    old: bool


@dataclass(frozen=True)
class Plan:
    """Every place the replacement changes, and the folders it makes for them."""

    targets: tuple[Target, ...]
    folders: tuple[str, ...]


def replace_outputs(outputs: OutputSet, pending: PendingIssues | None = None
                    ) -> tuple[Path, ...]:
    """Put the set's files in place of the old ones and commit `pending` (the registry
    entries they describe), all or nothing; the paths written, in order. OutputError
    (or the registry's error) if it cannot be done: then nothing is changed."""
    pause_at("writing")
    root = outputs.root
    made = _made_folders(root)
    try:
        with folder_lock(root), _as_output_error(root):
            _recover_locked(root, outputs.owner)
            staging = Staging(root, outputs.owner)
            try:
                plan = staging.stage(outputs)
            except BaseException:
                staging.remove()
                raise
            _replace(staging, plan, pending)
    except BaseException:
        remove_empty_folders(made)
        raise
    return tuple(root / name for name in outputs.files)


def _replace(staging: Staging, plan: Plan, pending: PendingIssues | None) -> None:
    """From the staged set to the committed one; every step before the commit is undone
    if any fails. Stop signals wait until the end (see interrupts.signals_held), except
    that one arriving before the commit makes the run stop there and undo."""
    with signals_held() as held:
        try:
            if pending is not None:
                pending.prepare()
            held.stop_if_caught()
            staging.back_up(plan)
            staging.write_journal(plan, pending)
            pause_at("journaled")
            staging.put_in_place(plan)
            pause_at("renamed")
            held.stop_if_caught()
            if pending is not None:
                pending.commit()
        except BaseException:
            _undo(staging, plan, pending)
            raise
        staging.remove()
        pause_at("committed")
        run_end.finish(held)  # a stop signal from here on cannot undo the set: not a failure


def _undo(staging: Staging, plan: Plan, pending: PendingIssues | None) -> None:
    """Put the old files back and roll the registry back. If the files cannot be put
    back, the staging folder and its journal stay, for the next run to finish the job."""
    if pending is not None:
        pending.rollback()
    try:
        staging.roll_back(plan)
    except OSError as error:
        raise OutputError(f"could not put the old files back in {staging.root} "
                          f"({error.strerror or error}); the next bookmaker run writing "
                          f"there will") from None
    staging.remove()


def recover(root: str | os.PathLike, owner: str = "") -> None:
    """Finish or undo a replacement that a killed run of owner's set left in root, and
    remove its temporary files. Nothing to do, and nothing made, when there is none."""
    root = Path(root)
    if not (root / staging_name(owner)).exists():
        return
    with folder_lock(root), _as_output_error(root):
        _recover_locked(root, owner)


def staging_name(owner: str) -> str:
    """The staging folder of owner's sets: .bookmaker-staging, or -NAME after it."""
    return f"{STAGING}-{owner}" if owner else STAGING


def _recover_locked(root: Path, owner: str) -> None:
    staging = Staging(root, owner)
    if not staging.folder.exists():
        return
    journal = staging.read_journal()
    if journal is not None:
        plan = Plan(tuple(Target(*target) for target in journal["targets"]),
                    tuple(journal["folders"]))
        if _committed(journal):
            staging.roll_forward(plan)
        else:
            staging.roll_back(plan)
        for leftover in journal["leftovers"]:
            Path(leftover).unlink(missing_ok=True)
    staging.remove()


def _committed(journal: dict) -> bool:
    """Whether the registry took the new set: its rows for the set's issues are those the
    journal expects. Without a registry, removing the journal is the commit, so a set
    whose journal is still there was not committed."""
    registry = journal["registry"]
    if registry is None:
        return False
    digests = registry["digests"]
    return Registry(registry["path"]).digests(registry["series"], digests) == digests


def check_can_write(root: str | os.PathLike, names: list[str]) -> None:
    """OutputError now, before any puzzle is made, if the files could not be written:
    root is not (and cannot be made) a folder this user can write, or a folder stands
    where one of the files goes."""
    root = Path(root)
    folder = root
    while not folder.exists() and folder.parent != folder:
        folder = folder.parent
    if not folder.is_dir() or not os.access(folder, os.W_OK | os.X_OK):
        raise OutputError(f"cannot write into {root}: {folder} is not a folder this user "
                          f"can write")
    for name in names:
        _refuse_folder(root / name)


def _refuse_folder(path: Path) -> None:
    if path.is_dir() and not path.is_symlink():
        raise OutputError(f"{path} is a folder, where bookmaker writes a file: move it "
                          f"away or write elsewhere (-o)")


class Staging:
    """ROOT/.bookmaker-staging[-OWNER]: the new files (new/), links to the old ones (old/),
    and the journal that says what a replacement in progress changes. Files are kept there
    by their number in the plan (new/0, old/0), not their paths: a year of dailies would
    otherwise make and remove hundreds of folders."""

    def __init__(self, root: Path, owner: str = "") -> None:
        self.root = root
        self.folder = root / staging_name(owner)
        self.new = self.folder / "new"
        self.old = self.folder / "old"

    def stage(self, outputs: OutputSet) -> Plan:
        """Write every new file into new/, flushed to disk, and plan the replacement."""
        plan = _plan(outputs)
        self.new.mkdir(parents=True)
        with ThreadPoolExecutor(max_workers=WRITING_THREADS) as pool:
            list(pool.map(lambda number: _write_file(
                self._staged(number), outputs.files[plan.targets[number].name]),
                [number for number, target in enumerate(plan.targets) if target.new]))
        pause_at("staged")
        return plan

    def back_up(self, plan: Plan) -> None:
        """Link each old file into old/: it stays whole there while its place changes."""
        self.old.mkdir(exist_ok=True)
        for number, target in enumerate(plan.targets):
            if target.old:
                _link_or_copy(self._place(target.name), self._backup(number))

    def write_journal(self, plan: Plan, pending: PendingIssues | None) -> None:
        """The journal, written whole or not at all: from here on a killed run is
        finished or undone by the next one."""
        registry = None if pending is None else {
            "path": str(pending.registry.path.resolve()), "series": pending.series,
            "digests": pending.digests()}
        journal = {"targets": [[t.name, t.new, t.old] for t in plan.targets],
                   "folders": list(plan.folders), "registry": registry,
                   "leftovers": [] if pending is None else [str(p) for p in pending.leftovers()]}
        draft = self.folder / (JOURNAL + ".draft")
        _write_file(draft, json.dumps(journal, indent=1).encode("utf-8"))
        os.replace(draft, self.folder / JOURNAL)
        # On disk before any rename: after a power cut, the renames it names are redone
        # from it (or undone), so the folders they touch need no flush of their own (a
        # journaling file system keeps the renames in order with what follows them).
        _sync_folder(self.folder)

    def read_journal(self) -> dict | None:
        """The journal, or None if the run never got as far as writing it."""
        try:
            return json.loads((self.folder / JOURNAL).read_text(encoding="utf-8"))
        except FileNotFoundError:
            return None
        except (OSError, ValueError) as error:
            raise OutputError(f"{self.folder}: an interrupted run left its journal "
                              f"unreadable ({error}); its old files are in old/ and its "
                              f"new ones in new/: sort them out and remove the folder"
                              ) from None

    def put_in_place(self, plan: Plan) -> None:
        """Rename each new file over its place (removing those the set no longer has)."""
        for folder in plan.folders:
            (self.root / folder).mkdir()
        for number, target in enumerate(plan.targets):
            if target.new:
                os.replace(self._staged(number), self._place(target.name))
            elif os.path.lexists(self._place(target.name)):
                os.unlink(self._place(target.name))
            if number == 0:
                pause_at("renamed-one")
        self._remove_emptied(plan)

    def roll_forward(self, plan: Plan) -> None:
        """Finish put_in_place() from wherever it stopped."""
        for folder in plan.folders:
            (self.root / folder).mkdir(exist_ok=True)
        for number, target in enumerate(plan.targets):
            if target.new and os.path.exists(self._staged(number)):
                os.replace(self._staged(number), self._place(target.name))
            elif not target.new and os.path.lexists(self._place(target.name)):
                os.unlink(self._place(target.name))
        self._remove_emptied(plan)

    def _remove_emptied(self, plan: Plan) -> None:
        """Remove the folders the removed files leave empty (a book's puzzles folder once
        it has no exports): an empty folder would outlive the set that made it."""
        for folder in _emptied_folders(plan):
            _remove_if_empty(self.root / folder)

    def roll_back(self, plan: Plan) -> None:
        """Undo put_in_place() from wherever it stopped: a new file still staged never
        left, every other place gets its old file back, or loses the new one."""
        for number, target in enumerate(plan.targets):
            if target.new and os.path.exists(self._staged(number)):
                continue
            if target.old:
                if os.path.lexists(self._backup(number)):
                    # Its folder may have gone with the set's removed files: made again.
                    os.makedirs(os.path.dirname(self._place(target.name)), exist_ok=True)
                    os.replace(self._backup(number), self._place(target.name))
            elif os.path.lexists(self._place(target.name)):
                os.unlink(self._place(target.name))
        for folder in reversed(plan.folders):
            _remove_if_empty(self.root / folder)

    def remove(self) -> None:
        """Remove the staging folder, the journal first: once it is gone the replacement
        is over (without a registry, that is its commit), whatever else a kill spares.
        What cannot be removed, the next run removes."""
        try:
            os.unlink(self.folder / JOURNAL)
            _sync_folder(self.folder)
        except OSError:
            pass  # none written yet, or no staging folder at all
        # Freeing the old files is what takes the time, waiting for the disk: overlapped.
        files = [entry.path for folder in (self.old, self.new) if folder.is_dir()
                 for entry in os.scandir(folder)]
        with ThreadPoolExecutor(max_workers=WRITING_THREADS) as pool:
            list(pool.map(_unlink_quietly, files))
        shutil.rmtree(self.folder, ignore_errors=True)

    # Paths as text: a year of dailies is thousands of them, and pathlib is slow to join.
    def _place(self, name: str) -> str:
        return os.path.join(self.root, name)

    def _staged(self, number: int) -> str:
        return os.path.join(self.new, str(number))

    def _backup(self, number: int) -> str:
        return os.path.join(self.old, str(number))


def _plan(outputs: OutputSet) -> Plan:
    """The places to change, and the folders to make for them (outermost first):
    OutputError if a folder stands where a file goes, or a file where a folder must be."""
    root = outputs.root
    folders: list[str] = []
    checked: set[str] = set()
    targets = []
    for name in outputs.files:
        _plan_folders(root, os.path.dirname(name), folders, checked)
        targets.append(Target(name, True, _file_there(root / name)))
    targets += [Target(name, False, True) for name in outputs.removed
                if name not in outputs.files and _file_there(root / name)]
    return Plan(tuple(targets), tuple(folders))


def files_in(folder: Path) -> list[str]:
    """The names of the files (not folders) in a folder, sorted; none if it is not there:
    what an earlier build left in a folder a set owns, to replace or remove."""
    try:
        return sorted(entry.name for entry in os.scandir(folder)
                      if not entry.is_dir(follow_symlinks=False))
    except OSError:
        return []  # not made yet (or not a folder): nothing in it

def _emptied_folders(plan: Plan) -> list[str]:
    """The folders holding files the plan removes, innermost first (never root)."""
    folders: set[str] = set()
    for target in plan.targets:
        folder = os.path.dirname(target.name)
        while folder and not target.new:
            folders.add(folder)
            folder = os.path.dirname(folder)
    return sorted(folders, key=lambda folder: (-folder.count("/"), folder))


def _plan_folders(root: Path, folder: str, folders: list[str], checked: set[str]) -> None:
    """Add the folder (and its parents, outermost first) to `folders` if it must be made."""
    if not folder or folder in checked:
        return
    checked.add(folder)
    _plan_folders(root, os.path.dirname(folder), folders, checked)
    if os.path.isdir(root / folder):
        return
    if os.path.lexists(root / folder):
        raise OutputError(f"{root / folder} is a file, where bookmaker makes a folder: "
                          f"move it away or write elsewhere (-o)")
    folders.append(folder)


def _file_there(path: Path) -> bool:
    """Whether a file (or a link) is at path: OutputError for a folder, which no
    replacement of files may take the place of."""
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        return False
    if stat.S_ISDIR(mode):
        _refuse_folder(path)
    return True


def _unlink_quietly(path: str) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass  # what cannot be removed now, the next run removes


def _remove_if_empty(folder: Path) -> None:
    try:
        folder.rmdir()
    except OSError:
        pass  # not empty, or gone: either way not ours to remove


def _write_file(path: str | Path, data: bytes) -> None:
    """A new file holding data, flushed to disk. Made with os.open so that the user's
    umask decides its permissions, as for any file they write."""
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    with os.fdopen(descriptor, "wb") as file:
        file.write(data)
        file.flush()
        os.fsync(file.fileno())


def _link_or_copy(source: str, backup: str) -> None:
    """A hard link costs nothing and keeps the very file; a file system without them
    gets a copy."""
    try:
        os.link(source, backup, follow_symlinks=False)
    except OSError:
        shutil.copy2(source, backup, follow_symlinks=False)


def _sync_folder(folder: str | Path) -> None:
    """Flush a folder's entries (renames, new files) to disk, where the system can."""
    try:
        descriptor = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(descriptor)
    except OSError:
        pass  # some file systems cannot sync a folder; the files themselves are synced
    finally:
        os.close(descriptor)


def _made_folders(root: Path) -> list[Path]:
    try:
        return make_folders(root)
    except OSError as error:
        raise OutputError(f"cannot make the folder {root}: {error.strerror or error}") from None


@contextmanager
def _as_output_error(root: Path) -> Iterator[None]:
    """An OSError while writing as an OutputError saying that nothing changed."""
    try:
        yield
    except OSError as error:
        where = f": {error.filename}" if error.filename else ""
        raise OutputError(f"cannot write the files in {root}: {error.strerror or error}"
                          f"{where}; nothing was changed") from None


@contextmanager
def folder_lock(root: Path) -> Iterator[None]:
    """Hold root's advisory lock (flock on the folder itself, released by the system
    however the process ends), waiting up to LOCK_TIMEOUT_SECONDS for another run."""
    if fcntl is None:
        yield
        return
    descriptor = os.open(root, os.O_RDONLY)
    try:
        deadline = time.monotonic() + LOCK_TIMEOUT_SECONDS
        while not _try_lock(descriptor):
            if time.monotonic() > deadline:
                raise OutputError(f"{root}: another bookmaker run has been writing here for "
                                  f"{LOCK_TIMEOUT_SECONDS:g} s; try again when it has finished")
            time.sleep(_LOCK_POLL_SECONDS)
        yield
    finally:
        os.close(descriptor)


def _try_lock(descriptor: int) -> bool:
    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True
