"""bookmaker.core stays pure: standard library only; no printing, files, clock or `random`."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

import bookmaker.core

CORE = Path(bookmaker.core.__file__).resolve().parent
# random: only our own Rng is reproducible across Python versions. The rest: no clock, no files.
FORBIDDEN_MODULES = {"random", "time", "datetime", "io", "os", "pathlib", "shutil", "tempfile",
                     "importlib"}
# Standard modules of some CPython versions, not this one's: its own SHA-256 (rng.py), which
# 3.12 renamed.
STANDARD_ELSEWHERE = {"_sha2", "_sha256"}
FORBIDDEN_CALLS = {"print", "open", "input", "__import__", "breakpoint"}
KNOWN_MODULES = {"__init__", "rng", "board/shape", "board/grid", "solve/search",
                 "generate/removal", "solve/dlx", "solve/twoway", "solve/verify", "grade/grader",
                 "killer/check", "kinds/sudoku", "rating/rater", "rating/chains"}


def core_modules() -> list[Path]:
    """Every module of core, its subpackages' included."""
    return sorted(CORE.rglob("*.py"))


def depth_in_core(path: Path) -> int:
    """How many packages below core a module sits (0 for core's own modules)."""
    return len(path.relative_to(CORE).parts) - 1


def imported_modules(tree: ast.AST) -> list[tuple[int, str]]:
    """(level, dotted name) of every import; level > 0 for relative ones."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.extend((0, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            found.append((node.level, node.module or ""))
    return found


def impurities(source: str, depth: int = 0) -> list[str]:
    """What makes a core module impure, one message per problem; `depth`: how far below
    core the module sits (a relative import may climb that far, no further)."""
    tree = ast.parse(source)
    problems = []
    for level, name in imported_modules(tree):
        top = name.split(".")[0]
        if level > 1 + depth:
            problems.append(f"relative import reaching outside core: {'.' * level}{name}")
        elif level == 0 and not name.startswith("bookmaker.core") and \
                top not in sys.stdlib_module_names | STANDARD_ELSEWHERE:
            problems.append(f"import of non-standard module {name}")
        if level == 0 and top in FORBIDDEN_MODULES:
            problems.append(f"import of forbidden module {name}")
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                and node.func.id in FORBIDDEN_CALLS:
            problems.append(f"call of {node.func.id}() on line {node.lineno}")
    return problems


@pytest.mark.parametrize("path", core_modules(), ids=lambda p: str(p.relative_to(CORE)))
def test_core_module_imports_only_the_standard_library_and_core(path):
    assert impurities(path.read_text(encoding="utf-8"), depth_in_core(path)) == []


def test_every_known_core_module_is_checked():
    assert KNOWN_MODULES <= {path.relative_to(CORE).with_suffix("").as_posix()
                             for path in core_modules()}


def test_a_subpackage_may_reach_core_but_not_beyond():
    assert impurities("from ..techniques import Candidates", depth=1) == []
    assert impurities("from ...book import build", depth=1) == [
        "relative import reaching outside core: ...book"]


@pytest.mark.parametrize("source, problem", [
    ("import random", "import of forbidden module random"),
    ("from random import shuffle", "import of forbidden module random"),
    ("import time", "import of forbidden module time"),
    ("from datetime import date", "import of forbidden module datetime"),
    ("import yaml", "import of non-standard module yaml"),
    ("from reportlab.pdfgen import canvas", "import of non-standard module reportlab.pdfgen"),
    ("from bookmaker.spec import load_spec", "import of non-standard module bookmaker.spec"),
    ("from ..book import produce", "relative import reaching outside core: ..book"),
    ("def f():\n    print('x')", "call of print() on line 2"),
    ("with open('f') as f:\n    pass", "call of open() on line 1"),
])
def test_the_purity_check_catches_each_kind_of_impurity(source, problem):
    assert problem in impurities(source)


def test_the_purity_check_accepts_standard_and_core_imports():
    source = ("from __future__ import annotations\nimport hashlib\nfrom .grid import Grid\n"
              "from . import shape\nfrom bookmaker.core.rng import Rng\n")
    assert impurities(source) == []
