"""Kinds are objects the pipeline asks: one registry, one rule per fact, no name compared."""

from __future__ import annotations

import ast
import pickle
from pathlib import Path

import pytest
from click.testing import CliRunner

import bookmaker
from bookmaker.cli import main
from bookmaker.cli.options import kinds_help
from bookmaker.core.killer.cages import Cages
from bookmaker.core.kinds.kind import Kind, MakeRequest
from bookmaker.core.kinds.presentation import Presentation
from bookmaker.core.registry import all_kinds, find_kind, kind_named, kind_of
from bookmaker.spec import SpecError, load_spec

PACKAGE = Path(bookmaker.__file__).resolve().parent
# Where kinds are defined: the registry, and each kind family's own module.
KIND_HOMES = {"core/kinds", "core/killer/kind.py", "core/calcudoku/kind.py", "core/latin/kind.py",
              "core/futoshiki/kind.py", "core/skyscrapers/kind.py", "core/kakuro/kind.py"}
WORDS = {word for kind in all_kinds() for word in (kind.name, *kind.aliases)}
SIZES = range(3, 27)


def _home(path: Path) -> bool:
    relative = path.relative_to(PACKAGE).as_posix()
    return any(relative == home or relative.startswith(home + "/") for home in KIND_HOMES)


def _named_comparisons(path: Path) -> list[str]:
    """Each comparison of a value with a kind's name (==, !=, in, not in), and each test of
    `cages is None`, as 'line: source'."""
    found = []
    source = path.read_text(encoding="utf-8")
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Compare):
            continue
        operands = [node.left, *node.comparators]
        strings = {c.value for o in operands for c in ast.walk(o)
                   if isinstance(c, ast.Constant) and isinstance(c.value, str)}
        cages = any(isinstance(o, ast.Attribute) and o.attr == "cages" for o in operands) and \
            any(isinstance(op, (ast.Is, ast.IsNot)) for op in node.ops)
        if strings & WORDS or cages:
            found.append(f"{node.lineno}: {ast.get_source_segment(source, node)}")
    return found


@pytest.mark.parametrize("path", sorted(p for p in PACKAGE.rglob("*.py") if not _home(p)),
                         ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_code_outside_the_kinds_compares_a_kinds_name(path):
    assert _named_comparisons(path) == []


def test_the_comparison_check_finds_what_it_must():
    sample = Path(__file__).parent / "data" / "kind_comparisons.py.txt"
    assert [line.split(":")[0] for line in _named_comparisons(sample)] == ["2", "4", "6"]


def _spec_refusal(tmp_path: Path, kind: str, size: int) -> str | None:
    path = tmp_path / "book.yaml"
    path.write_text(f"book: {{title: T, seed: 1, layout: a4}}\nsections:\n"
                    f"  - {{name: S, size: {size}x{size}, count: 1, variant: {kind}}}\n",
                    encoding="utf-8")
    try:
        load_spec(path)
    except SpecError as error:
        return str(error)
    return None


def _cli_refusal(kind: str, size: int) -> str | None:
    result = CliRunner().invoke(main, ["generate", "--variant", kind, "--size",
                                       f"{size}x{size}", "--seed", "1", "--count", "1",
                                       "--difficulty", "beginner"], catch_exceptions=False)
    return None if result.exit_code == 0 else result.output


def test_the_command_line_and_the_spec_accept_exactly_the_same_kinds_and_sizes(tmp_path):
    # One rule per fact (issue 21): `generate --variant hyper --size 4x4` made a puzzle
    # that a book section refused. Both now ask the kind; a size is taken by both or
    # refused by both, for every kind of the registry.
    for kind in all_kinds():
        for size in SIZES:
            takes = kind.size_problem(size, False) is None and _frame_made(kind, size)
            spec_takes = _size_not_refused(_spec_refusal(tmp_path, kind.name, size))
            assert spec_takes == takes, (kind.name, size)
            if size in (4, 9) or not takes:  # making puzzles at every size takes too long
                cli_takes = _size_not_refused(_cli_refusal(kind.name, size))
                assert cli_takes == takes, (kind.name, size)


def _frame_made(kind, size: int) -> bool:
    try:
        kind.frame(size)
        return True
    except ValueError:
        return False


def _size_not_refused(message: str | None) -> bool:
    """Whether a refusal (if any) is not about the size or the kind at that size (a
    grid too large for the page, with a Nonogram's clues, is the page's refusal)."""
    return message is None or "take a larger layout" in message or not any(
        word in message for word in (
        "size", "variant", "box", "between", "9x9 only", "made in the sizes"))


def test_a_kind_is_found_by_name_alias_and_any_case_and_by_its_puzzles():
    assert find_kind("Killer_X") is kind_named("killer-x") is find_kind("killer x")
    assert find_kind("Windoku") is kind_named("hyper")
    assert find_kind("sandwich") is None
    for kind in all_kinds():
        size = next(n for n in (9, *SIZES) if kind.size_problem(n, False) is None)
        board = kind.board(kind.frame(size))
        extras = None if kind.extras_type is None else _some_extras(kind, board)
        assert kind_of(board, extras) is kind
        assert pickle.loads(pickle.dumps(kind)) is kind


LOOKUPS_IN_A_FRESH_PROCESS = """
import sys
from bookmaker.core import registry
from bookmaker.core.killer.cages import Cages
from bookmaker.core.board.shape import shape_for_size
first = sorted(name for name in sys.modules if name.startswith("bookmaker.core.calcudoku"))
found = [registry.find_kind(word).name for word in ("Classic", "MathDoku", "windoku")]
cages = Cages.__new__(Cages)  # only its type is asked
print(first, found, registry.kind_of(shape_for_size(9), cages).name, len(registry.all_kinds()))
"""


def test_the_registry_loads_the_families_past_sudoku_on_the_first_miss(tmp_path):
    # Each family loads when a lookup misses the kinds loaded (a Sudoku needs none), and
    # a lookup then finds any kind by name, alias or puzzle as if all had been loaded.
    import subprocess
    import sys
    ran = subprocess.run([sys.executable, "-c", LOOKUPS_IN_A_FRESH_PROCESS], cwd=tmp_path,
                         capture_output=True, text=True, check=True)
    assert ran.stdout.split("\n")[0] == (f"[] ['classic', 'calcudoku', 'hyper'] killer "
                                          f"{len(all_kinds())}")


UNPICKLING_IN_A_FRESH_PROCESS = """
import pickle, sys
kinds = pickle.loads(sys.stdin.buffer.read())
asked = "bookmaker.core.registry" in sys.modules
from bookmaker.core.registry import kind_named
print(asked, [kind.name for kind in kinds] == [kind_named(kind.name).name for kind in kinds],
      all(kind is kind_named(kind.name) for kind in kinds))
"""


def test_a_pickled_kind_unpickles_as_the_same_kind_without_the_registry(tmp_path):
    # A worker process or a Dask worker unpickles the kinds in its jobs: each comes back
    # as the one object its module made (kinds are singletons), and the registry, which
    # sits above the kinds, is not what finds it.
    import subprocess
    import sys
    ran = subprocess.run([sys.executable, "-c", UNPICKLING_IN_A_FRESH_PROCESS], cwd=tmp_path,
                         input=pickle.dumps(all_kinds()), capture_output=True, check=True)
    assert ran.stdout.decode().split("\n")[0] == "False True True"


def _some_extras(kind, board):
    if kind.extras_type is not Cages:  # not a Killer: a puzzle of the kind, made
        return kind.make(MakeRequest(kind.frame(board.size), 1, "any")).extras
    givens, extras = kind.read("." * 81 + " " + "".join("ABCDEFGHI"[c // 9] for c in range(81))
                               + " " + ",".join(["45"] * 9), board)
    return extras


@pytest.mark.parametrize("kind", all_kinds(), ids=lambda kind: kind.name)
def test_every_kind_says_its_rule_in_the_variant_help(kind):
    # The help is made from the kinds, so a kind added later is listed with its rule.
    summary = kind.presentation.summary
    assert summary and f"{kind.name} ({summary})" in kinds_help()


def test_what_a_kind_is_on_a_page_is_its_presentation_record():
    """The print traits and message keys are one frozen record the layers ask, named for
    its kind; the Kind interface holds none of them (issue 35 item 6)."""
    for kind in all_kinds():
        assert kind.presentation.name == kind.name
        assert kind.presentation.title_key == f"kind_titles.{kind.name}"
    traits = {name for name in Presentation.__dataclass_fields__ if name != "name"}
    keys = {"name_key", "title_key", "rules_key", "shared_rules_key", "own_rules_key",
            "tips_key", "needs_pencil_room"}
    assert not (traits | keys) & set(vars(Kind))
    assert not (traits | keys) & set(Kind.__annotations__)
    shown = {kind.name: kind.presentation for kind in all_kinds()}
    assert shown["classic"].rules_key is None and not shown["classic"].named_in_captions
    assert shown["samurai"].one_a_page and not shown["samurai"].size_in_captions
    assert shown["killer"].needs_pencil_room("expert")
    assert not shown["killer"].needs_pencil_room("hard")
    assert shown["calcudoku-add"].shared_rules_key == "shared_rules.calcudoku"
    assert shown["calcudoku-add"].own_rules_key == "own_rules.calcudoku-add"
    assert shown["kakuro"].corner_label_share == 0.3
    assert shown["skyscrapers"].outside_cells == 1
    assert [name for name, look in shown.items() if look.any_glyphs] == \
        ["classic", "x", "hyper", "jigsaw", "samurai"]
