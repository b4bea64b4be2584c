"""Promises kept under faults: real `bookmaker build` and `bookmaker daily` processes
killed or signalled at named points of the replacement (the test-only pause hook,
interrupts.pause_at), a full disk, a read-only registry, a folder in the way, two builds
racing. After each, the output folder holds the complete old set or the complete new one
and the registry says which; the next run leaves no temporary file; no worker outlives
its run."""

from __future__ import annotations

import errno
import os
import shutil
import signal
import sqlite3
import subprocess
import time
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import date
from pathlib import Path

import pytest
from processes import Processes, finished, wait_paused

from bookmaker import cli
from bookmaker.book import build as build_module
from bookmaker.book.build import build
from bookmaker.cli import books
from bookmaker.daily.build import make_daily, run_dates
from bookmaker.puzzles import outputs
from bookmaker.puzzles.interrupts import Terminated
from bookmaker.puzzles.outputs import recover
from bookmaker.puzzles.registry import PendingIssues, Registry, RegistryError
from bookmaker.spec import load_spec
from bookmaker.spec.daily import load_daily_spec

BOOK = """\
book:
  title: Tiny
  seed: {seed}
  series: Tiny Series
  volume: {volume}
  front_matter: {{how_to_play: false}}
sections:
  - name: Tiny
    size: 4x4
    count: 6
    puzzles_per_page: 4
"""
DAILY = """\
daily:
  series: Tiny Daily
  seed: {seed}
  answer: next-day
  outputs: [pdf, json]
schedule:
  monday:    {{difficulty: beginner, size: 4x4}}
  tuesday:   {{difficulty: beginner, size: 4x4}}
  wednesday: {{difficulty: beginner, size: 4x4}}
"""
MONDAY = date(2026, 12, 7)
# One worker runs them all (pyproject's --dist loadgroup): the cases and the kills, each
# ten seconds of builds and processes, are made once, not once on each worker.
pytestmark = pytest.mark.xdist_group("faults")


@dataclass(frozen=True)
class State:
    """What a user can see: every file under the output folder (the registry aside) and
    the registry's rows."""

    files: dict
    rows: tuple


def state_of(folder: Path, registry: Path, ignore_sqlite_journal: bool = False) -> State:
    files = {str(path.relative_to(folder)): path.read_bytes()
             for path in sorted(folder.rglob("*")) if path.is_file()
             and path != registry
             and not (ignore_sqlite_journal and path.name.endswith(".sqlite-journal"))}
    rows = ()
    if registry.exists():
        with sqlite3.connect(f"{registry.as_uri()}?mode=ro", uri=True) as connection:
            rows = tuple(connection.execute("SELECT * FROM puzzles ORDER BY series, issue, "
                                            "position").fetchall())
    return State(files, rows)


def temporaries(folder: Path) -> list[str]:
    """Hidden files and folders (ours, SQLite's journal) left anywhere under folder."""
    return sorted(str(path.relative_to(folder)) for path in folder.rglob("*")
                  if path.name.startswith(".") or path.name.endswith("-journal"))


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


@dataclass(frozen=True)
class Case:
    """A folder holding an old set, a spec whose build replaces it, and both states."""

    folder: Path
    spec: Path
    registry: Path
    args: tuple
    old: State
    new: State

    def copy(self, root: Path) -> Case:
        """The same case in another folder (nothing in the files depends on where)."""
        shutil.copytree(self.spec.parent, root, dirs_exist_ok=True)
        moved = {name: root / getattr(self, name).relative_to(self.spec.parent)
                 for name in ("folder", "spec", "registry")}
        return Case(**moved, args=self.args, old=self.old, new=self.new)


def book_case(root: Path, registry: str = "true") -> Case:
    """Volume 1 built with seed 1; the spec now says seed 2 (every file and row changes)."""
    text = BOOK.replace("sections:", f"  registry: {registry}\nsections:")
    spec, out = write(root / "book.yaml", text.format(seed=1, volume=1)), root / "out"
    build(load_spec(spec), out)
    path = out / "tiny-series.registry.sqlite"
    old = state_of(out, path)
    write(spec, text.format(seed=2, volume=1))
    return Case(out, spec, path, ("build", "book.yaml", "-o", "out", "--jobs", "1"),
                old, new_state(root, lambda copy: build(load_spec(spec), copy)))


def daily_case(root: Path) -> Case:
    """Three days made with one seed; the spec now has another."""
    spec, out = write(root / "paper.yaml", DAILY.format(seed=1)), root / "out"
    days = run_dates(MONDAY, 3)
    make_daily(load_daily_spec(spec), days, out)
    folder, registry = out / "tiny-daily", out / "tiny-daily.registry.sqlite"
    old = state_of(folder, registry)
    write(spec, DAILY.format(seed=2))
    args = ("daily", "paper.yaml", "--from", MONDAY.isoformat(), "--days", "3", "-o", "out",
            "--jobs", "1")
    return Case(folder, spec, registry, args, old, new_state(
        root, lambda copy: make_daily(load_daily_spec(spec), days, copy)))


def new_state(root: Path, make) -> State:
    """The state a clean run makes from the old one (in a copy of the output folder)."""
    copy = root.parent / f"{root.name}-clean" / "out"
    shutil.copytree(root / "out", copy)
    make(copy)
    if (copy / "tiny-daily").is_dir():
        return state_of(copy / "tiny-daily", copy / "tiny-daily.registry.sqlite")
    return state_of(copy, copy / "tiny-series.registry.sqlite")


@pytest.fixture(scope="module")
def cases(tmp_path_factory) -> dict[str, Case]:
    """A book case (with a registry, and without), and a daily case, made once; each
    test works on copies."""
    made = {"book": book_case(tmp_path_factory.mktemp("book")),
            "book without registry": book_case(tmp_path_factory.mktemp("alone"), "none"),
            "daily": daily_case(tmp_path_factory.mktemp("daily"))}
    for case in made.values():
        assert all(case.new.files[name] != data for name, data in case.old.files.items())
    assert made["book without registry"].new.rows == ()
    return made


def stopped(process: subprocess.Popen, number: int) -> tuple[int, str]:
    """Its exit code and stderr, once sent the signal."""
    process.send_signal(number)
    return finished(process)


# Killed and signalled at every step of the replacement

# Where a run is stopped, and how: before, between and after the renames, and after the
# registry commit (the moment that decides between the old set and the new).
KILLS = [("book", point, signal.SIGKILL)
         for point in ("journaled", "renamed-one", "renamed", "committed")] + \
    [("book", "staged", signal.SIGINT), ("book", "renamed-one", signal.SIGTERM),
     ("book", "renamed", signal.SIGINT),  # Ctrl-C just after the renames
     ("book", "committed", signal.SIGINT), ("daily", "renamed-one", signal.SIGKILL),
     ("book without registry", "renamed", signal.SIGKILL)]


@pytest.fixture(scope="module")
def kills(tmp_path_factory, cases):
    """Every case of KILLS run at once (the processes overlap, to save time): each
    case's folder, and the stopped process's exit code and stderr."""
    def run(case_id):
        kind, point, number = case_id
        root = tmp_path_factory.mktemp(f"{kind.replace(' ', '-')}-{point}-{number.name}")
        case = cases[kind].copy(root)
        process = started.start(*case.args, cwd=root, pause=point)
        wait_paused(process, point)
        return case, stopped(process, number)

    started = Processes()
    try:
        with ThreadPoolExecutor(max_workers=len(KILLS)) as pool:
            yield dict(zip(KILLS, pool.map(run, KILLS)))
    finally:
        started.kill_all()


@pytest.mark.parametrize("case_id", KILLS, ids=lambda c: f"{c[0]}-{c[1]}-{c[2].name}")
def test_a_run_stopped_anywhere_leaves_the_old_set_or_the_new_and_the_next_run_tidies(
        kills, case_id, runner, monkeypatch):
    case, (returncode, stderr) = kills[case_id]
    kind, point, number = case_id
    expected = case.new if point == "committed" else case.old
    if number == signal.SIGKILL:
        assert returncode == -signal.SIGKILL
        recover(case.folder, "" if kind == "daily" else "tiny")  # the next run's first step
        assert state_of(case.folder, case.registry, ignore_sqlite_journal=True) == expected
    elif point == "committed":  # the new set is complete: the run finished, and says so
        assert (returncode, stderr) == (0, "Interrupted (Ctrl-C) after the files were "
                                           "complete: the run had finished\n")
        assert state_of(case.folder, case.registry) == expected
    else:
        assert (returncode, stderr) == (128 + number, {
            signal.SIGINT: "Interrupted (Ctrl-C)\n",
            signal.SIGTERM: "Terminated (SIGTERM)\n"}[number])
        assert state_of(case.folder, case.registry) == expected  # already, with no journal
    # The next run makes the new set, and leaves no temporary file (nor SQLite's journal).
    assert run(runner, monkeypatch, case).exit_code == 0
    assert state_of(case.folder, case.registry) == case.new
    assert temporaries(case.folder.parent) == []


def test_what_a_killed_build_left_is_its_own_next_run_s_to_recover_not_another_book_s(
        cases, tmp_path, processes, runner, monkeypatch):
    # Issue 27 L5: another book built into the same folder undid the killed build's
    # renames and rolled back its registry's journal, which were none of its business.
    case = cases["book"].copy(tmp_path)
    process = processes.start(*case.args, cwd=tmp_path, pause="renamed")
    wait_paused(process, "renamed")
    assert stopped(process, signal.SIGKILL)[0] == -signal.SIGKILL
    left = state_of(case.folder, case.registry)
    other = write(tmp_path / "other.yaml", BOOK.format(seed=3, volume=1).replace(
        "Tiny Series", "Other Series").replace("title: Tiny", "title: Other"))
    assert runner.invoke(cli.main, ["build", str(other), "-o", str(case.folder),
                                    "--jobs", "1"]).exit_code == 0
    now = state_of(case.folder, case.registry)
    assert {name: data for name, data in now.files.items() if not name.startswith("other")} \
        == left.files and now.rows == left.rows
    assert run(runner, monkeypatch, case).exit_code == 0  # its own next run tidies up
    assert state_of(case.folder, case.registry).rows == case.new.rows
    assert temporaries(case.folder) == []


# Disk full, a read-only registry, a folder in the way: nothing changes

@contextmanager
def small_disk(folder: Path, size: str):
    """folder as a tmpfs of `size` where the system lets the test mount one, else None."""
    folder.mkdir(parents=True)
    mounted = os.geteuid() == 0 and subprocess.run(
        ["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(folder)],
        capture_output=True).returncode == 0
    try:
        yield mounted
    finally:
        if mounted:
            subprocess.run(["umount", "-l", str(folder)], check=True)


def fail_writes_after(monkeypatch, count: int) -> None:
    """The write layer fails with ENOSPC once `count` files have been written."""
    real = outputs._write_file
    written: list[Path] = []

    def write_until_full(path, data):
        if len(written) == count:
            raise OSError(errno.ENOSPC, "No space left on device", str(path))
        written.append(path)
        real(path, data)

    monkeypatch.setattr(outputs, "_write_file", write_until_full)


@pytest.mark.parametrize("kind", ["book", "daily"])
def test_a_full_disk_changes_nothing(cases, runner, tmp_path, monkeypatch, kind):
    with small_disk(tmp_path / "disk", "1m") as mounted:
        case = cases[kind].copy(tmp_path / "disk")
        if mounted:  # a real full disk: all but 20 kB of what the old set left free
            filler = case.folder.parent / "filler"
            filler.write_bytes(bytes(shutil.disk_usage(filler.parent).free - 20_000))
        else:
            fail_writes_after(monkeypatch, 2)
        result = run(runner, monkeypatch, case)
        assert result.exit_code == 1, result.output
        assert "No space left on device" in result.stderr
        assert "nothing was changed" in result.stderr
        assert state_of(case.folder, case.registry) == case.old
        assert temporaries(case.folder.parent) == []


def run(runner, monkeypatch, case: Case):
    """The case's command, in this process."""
    monkeypatch.chdir(case.spec.parent)
    return runner.invoke(cli.main, list(case.args))


@pytest.mark.parametrize("stop, said", [(KeyboardInterrupt, "Interrupted (Ctrl-C)"),
                                         (Terminated, "Terminated (SIGTERM)")])
def test_a_stop_once_the_set_is_complete_is_not_a_failure(cases, runner, tmp_path,
                                                           monkeypatch, stop, said):
    # Issue 27 L4: the signal came while the command printed what it had made.
    case = cases["book"].copy(tmp_path)

    def stopped_while_printing(spec, pages=None):
        raise stop()

    monkeypatch.setattr(books, "spine_note", stopped_while_printing)
    result = run(runner, monkeypatch, case)
    assert (result.exit_code, result.stderr) == (
        0, f"{said} after the files were complete: the run had finished\n")
    assert state_of(case.folder, case.registry) == case.new


def test_a_registry_that_cannot_commit_changes_no_file(cases, runner, tmp_path, monkeypatch):
    case = cases["book"].copy(tmp_path)

    def disk_full(self):
        raise RegistryError(f"registry {case.registry}: database or disk is full")

    monkeypatch.setattr(PendingIssues, "commit", disk_full)
    result = run(runner, monkeypatch, case)
    assert (result.exit_code, result.stderr) == (
        1, f"Error: registry {case.registry}: database or disk is full\n")
    assert state_of(case.folder, case.registry) == case.old
    assert temporaries(case.folder) == []


def test_a_registry_that_turns_read_only_changes_no_file(cases, runner, tmp_path, monkeypatch):
    # Read-only after the up-front check (as root, chmod would not stop SQLite): SQLite
    # opened read-only refuses the rows at the write, after the files were staged.
    case = cases["book"].copy(tmp_path)
    real = Registry._connect
    monkeypatch.setattr(Registry, "_connect",
                        lambda self, uri: real(self, uri + ("" if "mode=" in uri else
                                                            "?mode=ro")))
    result = run(runner, monkeypatch, case)
    assert result.exit_code == 1
    assert "attempt to write a readonly database" in result.stderr
    assert state_of(case.folder, case.registry) == case.old
    assert temporaries(case.folder) == []


@contextmanager
def read_only(path: Path):
    """path made read-only for this process: a read-only bind mount as root (whom file
    modes do not stop), else its mode."""
    if os.geteuid() == 0:
        subprocess.run(["mount", "--bind", str(path), str(path)], check=True)
        subprocess.run(["mount", "-o", "remount,ro,bind", str(path)], check=True)
    else:
        path.chmod(0o444)
    try:
        yield
    finally:
        if os.geteuid() == 0:
            subprocess.run(["umount", str(path)], check=True)
        else:
            path.chmod(0o644)


def no_puzzle_made(monkeypatch) -> None:
    monkeypatch.setattr(build_module, "produce_keyed",
                        lambda *args, **kwargs: pytest.fail("puzzles were made"))


def test_a_read_only_registry_is_refused_before_any_puzzle_is_made(cases, runner, tmp_path,
                                                                   monkeypatch):
    case = cases["book"].copy(tmp_path)
    no_puzzle_made(monkeypatch)
    with read_only(case.registry):
        result = run(runner, monkeypatch, case)
    assert (result.exit_code, result.stderr) == (
        1, f"Error: registry {Path('out/tiny-series.registry.sqlite')}: cannot write it "
           f"(read-only file or folder)\n")
    assert state_of(case.folder, case.registry) == case.old


def test_a_broken_registry_is_refused_before_any_puzzle_is_made(cases, runner, tmp_path,
                                                                monkeypatch):
    case = cases["book"].copy(tmp_path)
    case.registry.write_bytes(b"not a database" * 100)
    no_puzzle_made(monkeypatch)
    result = run(runner, monkeypatch, case)
    assert result.exit_code == 1
    assert "not a bookmaker registry" in result.stderr


@pytest.mark.parametrize("when", ["before", "while making"])
def test_a_folder_where_a_file_goes_changes_nothing(cases, runner, tmp_path, monkeypatch, when):
    case = cases["book"].copy(tmp_path)
    (case.folder / "tiny.json").unlink()
    (case.folder / "tiny.json").mkdir()
    old = state_of(case.folder, case.registry)
    if when == "while making":  # not there at the up-front check, there at the write
        monkeypatch.setattr(build_module, "check_can_write", lambda *args: None)
    else:
        no_puzzle_made(monkeypatch)
    result = run(runner, monkeypatch, case)
    assert (result.exit_code, result.stderr) == (
        1, f"Error: {Path('out/tiny.json')} is a folder, where bookmaker writes a file: "
           f"move it away or write elsewhere (-o)\n")
    assert state_of(case.folder, case.registry) == old and (case.folder / "tiny.json").is_dir()
    assert temporaries(case.folder) == []


# Two builds racing

def volume_book(seed: int, volume: int) -> str:
    """A volume of the tiny series with files of its own (tiny-1.pdf, ...) in a shared
    folder: two volumes named alike would be refused as one book taking the other's files."""
    return BOOK.format(seed=seed, volume=volume).replace(
        "  title: Tiny\n", f"  title: Tiny\n  name: tiny-{volume}\n")


def test_a_volume_rebuilt_while_another_is_made_never_shares_its_puzzles(tmp_path, processes):
    # Volume 2 reads the registry; volume 1 is then rebuilt with another seed (its rows
    # deleted and written again, under the same SQLite rowids); volume 2 must notice.
    (tmp_path / "out").mkdir()
    one, two = write(tmp_path / "one.yaml", volume_book(seed=1, volume=1)), \
        write(tmp_path / "two.yaml", volume_book(seed=5, volume=2))
    build(load_spec(one), tmp_path / "out")
    second = processes.start("build", "two.yaml", "-o", "out", "--jobs", 1, cwd=tmp_path,
                             pause="writing")
    wait_paused(second, "writing")
    write(one, volume_book(seed=3, volume=1))
    build(load_spec(one), tmp_path / "out")  # this very process: the other one
    returncode, stderr = stopped(second, signal.SIGUSR1)  # resumed
    assert returncode == 1
    assert "of its puzzles were registered by another issue ('Tiny Series', issue '1'); " \
           "nothing was written: make it again" in stderr
    registry = Registry(tmp_path / "out" / "tiny-series.registry.sqlite")
    assert registry.issue_counts() == {"Tiny Series": 1}
    # Made again now, it repeats none of volume 1's puzzles.
    build(load_spec(two), tmp_path / "out")
    assert registry.keys_issued(("Tiny Series", "1")).isdisjoint(
        registry.keys_issued(("Tiny Series", "2")))


# Workers and signals

def process_state(pid: int) -> str | None:
    """A process's state letter ('R', 'S', 'Z': dead, not yet reaped), None if gone."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return None


def children_of(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.append(int(entry.name))
    return found


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs Linux's /proc")
@pytest.mark.parametrize("number", [signal.SIGKILL, signal.SIGTERM])
def test_worker_processes_end_with_their_parent(processes, number):
    process = processes.start("generate", "--size", "4x4", "--count", 200, "--seed", 1,
                              "--jobs", 2, pause="producing")
    wait_paused(process, "producing")
    workers = children_of(process.pid)
    assert len(workers) == 2
    stopped(process, number)
    deadline = time.monotonic() + 10
    while any(process_state(pid) not in (None, "Z") for pid in workers) and \
            time.monotonic() < deadline:
        time.sleep(0.05)
    assert [pid for pid in workers if process_state(pid) not in (None, "Z")] == []
    assert process.returncode == (-signal.SIGKILL if number == signal.SIGKILL else 143)


def test_ctrl_c_while_starting_up_is_one_line_and_130(tmp_path, processes):
    process = processes.start("build", "book.yaml", cwd=tmp_path, pause="starting")
    wait_paused(process, "starting")
    assert stopped(process, signal.SIGINT) == (130, "Interrupted (Ctrl-C)\n")


def test_ctrl_c_is_not_lost_when_the_shell_left_it_ignored(cases, tmp_path, processes):
    # A shell script's `bookmaker build ... &` starts with SIGINT ignored: `kill -INT`
    # was swallowed and the build went on to exit 0.
    case = cases["book"].copy(tmp_path)
    process = processes.start(*case.args, cwd=tmp_path, pause="staged",
                              preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_IGN))
    wait_paused(process, "staged")
    assert stopped(process, signal.SIGINT) == (130, "Interrupted (Ctrl-C)\n")
    assert state_of(case.folder, case.registry) == case.old


def test_files_a_set_removes_come_back_with_their_folder_if_it_fails(tmp_path, monkeypatch):
    """Issue 34 H3: a set that removes a folder's last files removes the folder; one that
    fails after that puts the files back, their folder made again."""
    outputs.replace_outputs(outputs.OutputSet(tmp_path, {"b.pdf": b"1", "b-puzzles/p.ipuz": b"2"}))

    def fail_after_renames(point: str) -> None:
        if point == "renamed":
            raise OSError(errno.EIO, "the disk went away")
    monkeypatch.setattr(outputs, "pause_at", fail_after_renames)
    smaller = outputs.OutputSet(tmp_path, {"b.pdf": b"3"}, ("b-puzzles/p.ipuz",))
    with pytest.raises(outputs.OutputError):
        outputs.replace_outputs(smaller)
    assert (tmp_path / "b-puzzles" / "p.ipuz").read_bytes() == b"2"
    assert (tmp_path / "b.pdf").read_bytes() == b"1"
    monkeypatch.setattr(outputs, "pause_at", lambda point: None)
    outputs.replace_outputs(smaller)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["b.pdf"]
