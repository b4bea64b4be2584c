"""The documentation stays true: every spec key is in the spec reference, every link and
every file path the docs and docstrings name exists, and no doc names a machine's paths."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bookmaker.design.cover import CoverFile
from bookmaker.spec.daily import DailyFile, DayFile, PngFile
from bookmaker.spec.model import BookFile, Explanations, Fonts, FrontMatter, SectionFile

REPO = Path(__file__).resolve().parents[1]
SPEC_REFERENCE = REPO / "docs" / "spec.md"
# Every model a spec file's keys are read by, and the heading they are listed under.
SPEC_MODELS = {"book:": BookFile, "book.front_matter": FrontMatter, "book.fonts": Fonts,
               "book.explanations": Explanations,
               "sections:": SectionFile, "cover:": CoverFile, "daily:": DailyFile,
               "daily.png": PngFile, "schedule:": DayFile}
LEFT_BEHIND = {".git", "output", "build", "dist", "__pycache__", ".pytest_cache", ".mypy_cache",
               ".ruff_cache", ".hypothesis"}
LINK = re.compile(r"\]\(([^)\s]+)\)")
# A path to a file of the repository, as docs and docstrings write them: folders, a name
# in lowercase (NAME.yaml and the like are placeholders), one of these suffixes.
NAMED_PATH = re.compile(r"(?<![\w./-])((?:[a-z0-9_.-]+/)+[a-z0-9_-]+\.(?:py|md|yaml))\b")


def tracked_files() -> list[str]:
    """The repository's own files, relative to it: what a clone holds, less what builds,
    runs and tools leave behind."""
    return sorted(str(path.relative_to(REPO)) for path in REPO.rglob("*") if path.is_file()
                  and not LEFT_BEHIND & set(path.relative_to(REPO).parts[:-1])
                  and not any(part.endswith(".egg-info") for part in path.parts))


def markdown_pages() -> list[Path]:
    return sorted(REPO / name for name in tracked_files() if name.endswith(".md"))


def anchors(page: Path) -> set[str]:
    """The anchors GitHub gives a page's headings: lowercase, punctuation dropped, spaces
    made hyphens."""
    headings = re.findall(r"^#+ (.+)$", page.read_text(encoding="utf-8"), re.MULTILINE)
    return {re.sub(r"[^\w\- ]", "", heading.lower()).replace(" ", "-") for heading in headings}


@pytest.mark.parametrize("heading", SPEC_MODELS)
def test_the_spec_reference_lists_every_key_a_spec_may_hold(heading):
    text = SPEC_REFERENCE.read_text(encoding="utf-8")
    section = text[text.index(f"`{heading}`"):]
    listed = set(re.findall(r"^\| `(\w+)` \|", section, re.MULTILINE))
    assert set(SPEC_MODELS[heading].model_fields) <= listed


@pytest.mark.parametrize("page", markdown_pages(), ids=lambda p: str(p.relative_to(REPO)))
def test_every_link_of_a_page_reaches_a_file_and_its_heading(page):
    broken = []
    for target in LINK.findall(page.read_text(encoding="utf-8")):
        if re.match(r"[a-z]+:", target):  # http:, https:, mailto:
            continue
        path, _, anchor = target.partition("#")
        goal = (page.parent / path).resolve() if path else page
        if not goal.exists() or (anchor and anchor not in anchors(goal)):
            broken.append(target)
    assert broken == []


def test_every_file_path_that_docs_and_docstrings_name_exists():
    files = tracked_files()
    # Tests name files they make; past benchmark results name the files of their revision.
    named_in = [name for name in files if not name.startswith(("tests/", "bench/results/"))
                and name.endswith((".md", ".yaml", ".c", ".h", ".py"))]
    missing = []
    for name in named_in:
        for named in NAMED_PATH.findall((REPO / name).read_text(encoding="utf-8")):
            path = named.lstrip("./")  # ../docs/guide.md: a path from the repository's root
            if not any(f == path or f.endswith("/" + path) for f in files):
                missing.append(f"{name}: {path}")
    assert missing == []


def test_no_page_names_a_machine_path():
    named = [f"{page.relative_to(REPO)}: {path}" for page in markdown_pages()
             for path in re.findall(r"/(?:work|root|home)/[\w./-]+",
                                    page.read_text(encoding="utf-8"))]
    assert named == []


INLINE_CODE = re.compile(r"(?<!`)`([^`]+)`(?!`)")


def generate_outputs(text: str) -> list[tuple[str, str]]:
    """(command, printed line) for every line an example `generate` prints on the page: a
    code block's `$ bookmaker generate ...` with no pipe or redirection, then the lines it
    prints, up to the next command or the block's end."""
    printed, in_block, command = [], False, None
    for line in text.splitlines():
        if line.startswith("```"):
            in_block, command = not in_block, None
        elif in_block and line.startswith("$ "):
            command = line if line.startswith("$ bookmaker generate") and \
                not {"|", ">"} & set(line) else None
        elif command and line.strip():
            printed.append((command, line.strip()))
    return printed


def option(command: str, name: str) -> str | None:
    found = re.search(rf"{name} (\S+)", command)
    return found.group(1) if found else None


def read_as(text: str, kind, board=None):
    from bookmaker.puzzles.puzzlefile import parse_line
    return parse_line(text, "docs", 1, board, kind)


def printed_puzzle_verdicts(page: Path) -> list[tuple[str, str, str]]:
    """(kind, line, check's verdict) for each puzzle an example command prints."""
    from bookmaker.cli.verdicts import uniqueness_verdict
    from bookmaker.core.registry import kind_named

    verdicts = []
    for command, printed in generate_outputs(page.read_text(encoding="utf-8")):
        kind = kind_named(option(command, "--variant") or "classic")
        size, box = option(command, "--size"), option(command, "--box")
        rows, _, cols = (box or "").partition("x")
        frame = kind.frame(int(size.split("x")[0]), (int(rows), int(cols)) if box
                           else None) if size else None
        line = read_as(printed, kind, kind.reading_board(frame))
        verdicts.append((kind.name, printed, uniqueness_verdict(line)))
    return verdicts


def inline_puzzle_verdicts(page: Path) -> list[tuple[str, str, str]]:
    """(kinds, line, verdict) for each puzzle line written in a page's prose: every inline
    code span some kind reads as a puzzle, checked as each kind that reads it (a classic
    line is an X line too: the kind that finds it unique is the one it is written for)."""
    from bookmaker.cli.verdicts import uniqueness_verdict
    from bookmaker.core.registry import all_kinds

    verdicts = []
    for span in INLINE_CODE.findall(page.read_text(encoding="utf-8")):
        text = " ".join(span.split())
        lines = [line for line in (read_as(text, kind) for kind in all_kinds())
                 if line.grid is not None]
        if lines:
            found = {line.kind.name: uniqueness_verdict(line) for line in lines}
            unique = [name for name, verdict in found.items() if verdict == "unique"]
            verdicts.append((",".join(unique or found), text,
                             "unique" if unique else ", ".join(sorted(set(found.values())))))
    return verdicts


def test_every_puzzle_the_docs_print_or_write_has_one_solution():
    pages = [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]
    checked = [item for page in pages
               for item in printed_puzzle_verdicts(page) + inline_puzzle_verdicts(page)]
    assert [item for item in checked if item[2] != "unique"] == []
    # the examples of every kind with a line of its own are among those checked
    assert {"calcudoku", "futoshiki", "skyscrapers", "kakuro", "killer", "jigsaw",
            "classic", "x"} <= {name for item in checked for name in item[0].split(",")}
