"""The documentation stays true: every spec key is in the spec reference, every link and
every file path the docs and docstrings name exists, and no doc names a machine's paths."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bookmaker.spec.cover import CoverFile
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
