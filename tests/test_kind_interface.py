"""The Kind interface split by concern, counted: the rules and the solver on Kind, what a
kind is on a page and in words on its presentation, how its puzzles leave and come back
(ipuz, records, registry rows) on its exchange form; and what a new kind must write."""

from __future__ import annotations

import ast
import inspect
import textwrap

import pytest
from exchangedata import LINES

from bookmaker.cli import main
from bookmaker.core.board.marks import Marks
from bookmaker.core.board.shape import latin_of, shape_for_size
from bookmaker.core.kinds.exchangeform import ExchangeForm
from bookmaker.core.kinds.kind import BoxKind, Kind, SquareKind
from bookmaker.core.kinds.presentation import Presentation
from bookmaker.core.registry import all_kinds, kind_named

RULES_AND_SOLVER = [  # Kind's public members, grouped as docs/architecture.md lists them
    "name", "title", "aliases", "seed_words",                           # names
    "size_problem", "frame", "takes_box",                               # sizes
    "takes_rectangles", "sides_problem", "sides_frame",                 # rows x columns
    "board", "reading_board", "describe", "geometry",                   # its board
    "options_problem", "grade_problem", "distinct_supply",              # what it is made to
    "read", "write", "line", "extras_type",                             # its line
    "answer", "answer_line", "read_answer",                             # what its answer is
    "make", "records_rating", "with_recorded_rating", "shapes_givens", "heavy",  # making
    "pictured",
    "solutions", "verify",                                              # its two proofs
    "grade", "grades", "techniques", "singles", "solving_path", "se_rated",  # grading
    "repeat_key", "derives",                                            # repeats, copies
    "marks", "clue_cells_across",                                       # what it shows
    "presentation", "exchange",                                         # the two records
]
# What left Kind for its presentation, its exchange form or design/ (issue 35 item 6).
MOVED = ("summary", "combination_chart", "misread_hint", "line_family", "sudoku_rule",
         "frame_cells", "ipuz", "ipuz_absent", "board_of_regions", "extras_from_marks",
         "registry_size", "named_size")


def public_members(cls: type) -> list[str]:
    return [name for name in vars(cls) if not name.startswith("_")]


def left_to_write(cls: type) -> list[str]:
    """The members a kind built on `cls` must write: a name left empty, or a method (or
    property) whose body only raises NotImplementedError."""
    owners = [klass for klass in cls.__mro__ if issubclass(klass, Kind)]
    names = dict.fromkeys(name for klass in reversed(owners) for name in public_members(klass))
    return [name for name in names if _unwritten(inspect.getattr_static(cls, name))]


def _unwritten(member) -> bool:
    if member == "":
        return True
    function = member.fget if isinstance(member, property) else member
    if not inspect.isfunction(function):
        return False
    tree = ast.parse(textwrap.dedent(inspect.getsource(function))).body[0]
    assert isinstance(tree, ast.FunctionDef)
    body = tree.body
    body = [node for node in body if not (isinstance(node, ast.Expr) and
                                          isinstance(node.value, ast.Constant))]  # docstring
    return len(body) == 1 and isinstance(body[0], ast.Raise) and body[0].exc is not None \
        and ast.unparse(body[0].exc) == "NotImplementedError"


def test_kind_keeps_the_rules_and_solver_protocol_only():
    # 58 at the start, 47 once the presentation record was split off, then 36;
    # 39 with what its answer is (issue 39: `answer`, `answer_line`, `read_answer`, which
    # issue 35 names part of the rules protocol: Binairo's answer is symbols, not values).
    assert sorted(public_members(Kind)) == sorted(RULES_AND_SOLVER)
    # 41 with a Nonogram's picture and its clues' rings (`pictured`, `clue_cells_across`);
    # 44 with rectangles, rows x columns, for the kinds that take them (issue 39).
    assert len(public_members(Kind)) == 44
    assert not [name for name in MOVED for kind in all_kinds() if hasattr(kind, name)]


def test_what_a_new_kind_must_write_is_counted():
    # 14 before (name, title, summary and these eleven methods); the summary for
    # --variant's help is now its presentation's (test_kinds holds every kind to one).
    methods = ["size_problem", "frame", "board", "read", "write", "make", "solutions",
               "verify", "grade", "techniques", "repeat_key"]
    assert left_to_write(Kind) == ["name", "title"] + methods
    # A kind on a square of a size, or on a board with boxes, gets its frame and board.
    for base in (SquareKind, BoxKind):
        assert left_to_write(base) == ["name", "title"] + [
            name for name in methods if name not in ("frame", "board")]
    assert Presentation().summary == ""  # and its summary


def test_every_kind_writes_what_is_left_to_write():
    for kind in all_kinds():
        assert kind.name and kind.title and kind.presentation.summary, kind
        assert set(left_to_write(type(kind))) <= {"name", "title"}, kind  # given when made


def test_the_exchange_form_says_how_each_kind_leaves_and_comes_back():
    forms = {kind.name: kind.exchange for kind in all_kinds()}
    assert [name for name, form in forms.items() if form.ipuz is not None] == [
        "classic", "x", "hyper", "jigsaw", "killer", "killer-x", "calcudoku",
        "calcudoku-add", "calcudoku-hidden"]
    # Every kind ipuz writes with extras reads them back from the file's cages.
    assert all(form.extras_of_marks is not None for name, form in forms.items()
               if form.ipuz is not None and kind_named(name).extras_type is not None)
    assert [name for name, form in forms.items() if form.drawn_regions] == ["jigsaw"]
    nine, six = shape_for_size(9), latin_of(6)
    assert {name: forms[name].registry_size(kind_named(name).board(nine))
            for name in ("classic", "x", "killer", "killer-x", "samurai")} == {
        "classic": "9x9", "x": "9x9 X", "killer": "9x9 Killer", "killer-x": "9x9 X Killer",
        "samurai": "Samurai"}
    assert [forms[name].registry_size(six) for name in (
        "calcudoku-add", "futoshiki", "skyscrapers", "binairo", "tango")] == [
        "6x6 Addition Calcudoku", "6x6 Futoshiki", "6x6 Skyscrapers", "6x6 Binairo",
        "6x6 Tango"]
    assert forms["samurai"].named_size(kind_named("samurai").board(nine)) == "9x9"
    assert "five overlapping grids" in forms["samurai"].ipuz_absent
    assert ExchangeForm().extras_from_marks(six, Marks()) is None


@pytest.mark.parametrize(("key", "variant", "hinted"), [
    ("calcudoku", "calcudoku-add", False), ("calcudoku", "classic", True),
    ("killer-x", "killer", False), ("killer-x", "calcudoku", True),
    ("binairo", "classic", True), ("tango", "binairo", True),
    ("hashi", "classic", True)])
def test_a_line_read_as_another_kind_is_hinted_unless_both_say_the_same_hint(
        runner, key, variant, hinted):
    # The presentation's hint, and kinds that say the same hint read alike lines (the
    # three Calcudokus, the two Killers): line_family was this rule written apart.
    said = runner.invoke(main, ["check", "--variant", variant], input=LINES[key] + "\n").output
    assert ("this looks like a" in said) is hinted, said
