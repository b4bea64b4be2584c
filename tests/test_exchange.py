"""ipuz documents and JSON records: every kind written and read back, ipuz files valid
against the specification's fields (and an independent validator), bad files named."""

from __future__ import annotations

import json

import ipuz
import pytest
from exchangedata import LINES, kind_name, puzzle_of

from bookmaker.core.exchange.ipuz import (
    EXTENSION,
    IpuzError,
    ipuz_document,
    read_ipuz,
    spec_problems,
)
from bookmaker.core.exchange.record import (
    About,
    RecordError,
    feed_document,
    printed_symbols,
    puzzle_record,
    read_record,
    records_of,
)
from bookmaker.core.registry import all_kinds, kind_named, kind_of_puzzle

ABOUT = About(id="kinds-2026-12-07", series="Kinds Daily", title="Kinds Daily",
              date="2026-12-07", key="the-key")
WITH_IPUZ = [key for key in LINES if kind_named(kind_name(key)).exchange.ipuz is not None]


def through_json(document):
    return json.loads(json.dumps(document))


def test_every_kind_of_the_registry_has_a_line_here():
    assert {kind_name(key) for key in LINES} == {kind.name for kind in all_kinds()}


@pytest.mark.parametrize("key", LINES)
def test_a_record_reads_back_as_the_same_puzzle(key):
    puzzle = puzzle_of(key)
    record = through_json(puzzle_record(puzzle, ABOUT))
    read = read_record(record)
    assert (read.kind, read.givens, read.extras, read.solution) == \
        (kind_of_puzzle(puzzle), puzzle.givens, puzzle.extras, puzzle.solution)
    assert record["line"] == LINES[key] and record["seed"] == 11
    assert record["key"] == "the-key" and record["date"] == "2026-12-07"
    assert len(record["board"]["cells"]) == puzzle.shape.cell_count


@pytest.mark.parametrize("key", WITH_IPUZ)
def test_an_ipuz_document_reads_back_as_the_same_puzzle(key):
    puzzle = puzzle_of(key)
    read = read_ipuz(through_json(ipuz_document(puzzle, ABOUT)))
    assert (read.kind, read.givens, read.extras, read.solution) == \
        (kind_of_puzzle(puzzle), puzzle.givens, puzzle.extras, puzzle.solution)


@pytest.mark.parametrize("key", WITH_IPUZ)
def test_an_ipuz_document_has_the_specifications_required_fields(key):
    document = through_json(ipuz_document(puzzle_of(key), ABOUT))
    assert spec_problems(document) == []
    assert document["version"] == "http://ipuz.org/v2"
    assert document["kind"] == ["http://ipuz.org/sudoku#1"]
    size = puzzle_of(key).shape.size
    assert len(document["puzzle"]) == size and all(len(row) == size for row in
                                                   document["puzzle"])
    assert document["date"] == "12/07/2026" and document["difficulty"] == "easy"
    assert document[EXTENSION]["grade"] == "easy" and document[EXTENSION]["seed"] == 11
    # The ipuz package's reader (written apart from ours) takes it as well.
    assert ipuz.read(json.dumps(document))["puzzle"] == document["puzzle"]


def test_what_ipuz_says_of_each_board():
    def fields(key):
        document = ipuz_document(puzzle_of(key), ABOUT)
        zones = document.get("zones", [])
        return (document["boxes"], document["charset"], len(zones),
                sum(zone.get("style") == {"highlight": True} for zone in zones),
                len(document.get("cages", [])))
    assert fields("classic") == (True, "123456789", 0, 0, 0)
    assert fields("classic 6x6") == (False, "123456", 6, 0, 0)  # 2x3 boxes: zones
    assert fields("classic 16x16") == (True, "123456789ABCDEFG", 0, 0, 0)
    assert fields("x") == (True, "123456789", 2, 2, 0)
    assert fields("hyper") == (True, "123456789", 4, 4, 0)
    assert fields("jigsaw") == (False, "1234567", 7, 0, 0)
    assert fields("killer") == (False, "123456", 6, 0, 12)
    assert fields("killer-x") == (False, "123456", 8, 2, 10)
    assert fields("calcudoku") == (False, "12345", 0, 0, 10)  # a Latin square: no regions
    assert fields("calcudoku-hidden") == (False, "12345", 0, 0, 13)


def test_a_killer_cage_is_its_cells_from_one_and_its_sum():
    document = ipuz_document(puzzle_of("killer"), ABOUT)
    assert document["cages"][0] == {"cells": [[1, 1], [1, 2], [1, 3], [1, 4]], "value": 12,
                                    "operator": "+"}
    assert (document["cageborder"], document["showoperators"]) == ("dashed", False)


def test_a_calcudoku_cage_is_its_value_and_operation_shown_or_hidden():
    document = ipuz_document(puzzle_of("calcudoku"), ABOUT)
    assert document["cages"][:3] == [
        {"cells": [[1, 1], [2, 1]], "value": 6, "operator": "+"},
        {"cells": [[3, 1], [4, 1]], "value": 2, "operator": "-"},
        {"cells": [[5, 1], [5, 2], [5, 3]], "value": 12, "operator": "*"}]
    assert (document["cageborder"], document["showoperators"]) == ("thick", True)
    hidden = ipuz_document(puzzle_of("calcudoku-hidden"), ABOUT)
    assert hidden["cages"][0] == {"cells": [[1, 1], [1, 2]], "value": 4}
    assert hidden["showoperators"] is False
    single = ipuz_document(puzzle_of("calcudoku-add"), ABOUT)["cages"][1]
    assert single == {"cells": [[2, 1]], "value": 5}  # one cell: its value, no operation


def test_a_bad_calcudoku_cage_is_named():
    document = through_json(ipuz_document(puzzle_of("calcudoku"), ABOUT))
    del document[EXTENSION]["line"]
    document["cages"][1] |= {"operator": "/", "value": 7}
    with pytest.raises(IpuzError, match="cages: the cage from r1c3: no 2 values from 1-5 make 7÷"):
        read_ipuz(document)


def test_a_samurai_has_no_ipuz_form_and_its_record_says_why():
    puzzle = puzzle_of("samurai")
    with pytest.raises(ValueError, match="Samurai has no ipuz form: ipuz's Sudoku is one grid"):
        ipuz_document(puzzle, ABOUT)
    record = puzzle_record(puzzle, ABOUT)
    assert record["ipuz"] is False and "five overlapping grids" in record["ipuz_absent"]


def test_a_kakuro_has_no_ipuz_form_because_ipuz_defines_none_and_its_record_says_why():
    # Issue 23 left "Kakuro exports as JSON only"; ipuz 2.0's seven PuzzleKinds hold no
    # Kakuro (the ipuz package's reader knows the same seven), so the record says so.
    from ipuz.puzzlekinds import IPUZ_PUZZLEKINDS

    assert not any("kakuro" in kind or "cross" in kind and "word" not in kind
                   for kind in IPUZ_PUZZLEKINDS)
    puzzle = puzzle_of("kakuro 8x8")
    with pytest.raises(ValueError, match="Kakuro has no ipuz form: ipuz has no Kakuro"):
        ipuz_document(puzzle, ABOUT)
    record = puzzle_record(puzzle, ABOUT)
    assert record["ipuz"] is False and "no Kakuro PuzzleKind" in record["ipuz_absent"]
    assert sorted(kind.rsplit("/", 1)[1] for kind in IPUZ_PUZZLEKINDS) == [
        "acrostic", "answer", "block", "crossword", "fill", "sudoku", "wordsearch"]


def test_cells_counted_from_zero_are_read_too():
    puzzle = puzzle_of("killer")
    document = through_json(ipuz_document(puzzle, ABOUT))
    for group in document["cages"] + document["zones"]:
        group["cells"] = [[x - 1, y - 1] for x, y in group["cells"]]
    assert read_ipuz(document).extras == puzzle.extras


def test_a_document_without_our_extension_is_read_as_the_kind_given():
    document = through_json(ipuz_document(puzzle_of("x"), ABOUT))
    del document[EXTENSION]
    assert read_ipuz(document, kind_named("x")).givens == puzzle_of("x").givens
    with pytest.raises(IpuzError, match="highlighted zones are not the groups a 9x9 board"):
        read_ipuz(document, kind_named("classic"))  # its diagonals are not a classic board's


@pytest.mark.parametrize("key", ["x", "hyper", "jigsaw", "killer", "killer-x", "calcudoku",
                                 "calcudoku-hidden"])
def test_a_document_of_another_program_is_read_as_the_kind_it_describes(key):
    document = through_json(ipuz_document(puzzle_of(key), ABOUT))
    del document[EXTENSION]  # as another program writes it: ipuz's fields alone
    read = read_ipuz(document)
    assert (read.kind.name, read.givens, read.extras) == \
        (key, puzzle_of(key).givens, puzzle_of(key).extras)


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d.update(kind=["http://ipuz.org/crossword#1"]),
     "kind: bookmaker reads ipuz's Sudoku (http://ipuz.org/sudoku#1), got "
     "http://ipuz.org/crossword#1"),
    (lambda d: d.update(version="http://ipuz.org/v9"),
     "version: bookmaker reads http://ipuz.org/v1 and http://ipuz.org/v2, got "
     "'http://ipuz.org/v9'"),
    (lambda d: d.update(charset="12345678"),
     "charset: the 9 different symbols of a 9x9 Sudoku, got '12345678'"),
    (lambda d: d.update(charset="123456788"),
     "charset: the 9 different symbols of a 9x9 Sudoku, got '123456788'"),
    (lambda d: d["solution"].pop(), "solution: 8 rows, the puzzle's 9"),
    (lambda d: d.update(solution=[row[:4] for row in d["solution"][:4]]),
     "solution: 4 rows, the puzzle's 9"),
])
def test_what_bookmaker_does_not_read_is_refused(change, message):
    document = through_json(ipuz_document(puzzle_of("classic"), ABOUT))
    change(document)
    with pytest.raises(IpuzError) as raised:
        read_ipuz(document)
    assert str(raised.value) == message


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d.pop("puzzle"), "puzzle: mandatory for a Sudoku"),
    (lambda d: d.pop("version"), "version: mandatory"),
    (lambda d: d.update(date="2026-12-07"), "date: must be mm/dd/yyyy"),
    (lambda d: d.update(cageborder="dotted"), "cageborder: one of thick, dashed"),
    (lambda d: d["puzzle"].pop(), "puzzle: a Sudoku is square, 8 rows"),
    (lambda d: d["puzzle"][0].__setitem__(0, "Z"), "row 1, column 1: 'Z' is not one of"),
    (lambda d: d["puzzle"][0].__setitem__(1, 8), "puzzle: clue conflict: 8 appears twice in row 1"),
    (lambda d: d[EXTENSION].update(line="." * 81), "the puzzle its ipuz fields describe is "
                                                   "not the one this line names"),
])
def test_a_bad_document_is_named_by_its_field(change, message):
    document = through_json(ipuz_document(puzzle_of("classic"), ABOUT))
    change(document)
    with pytest.raises(IpuzError, match=message.replace("(", r"\(")):
        read_ipuz(document)


def test_a_bad_cage_is_named():
    document = through_json(ipuz_document(puzzle_of("killer"), ABOUT))
    del document[EXTENSION]["line"]
    document["cages"][0]["value"] = 99
    with pytest.raises(IpuzError, match="cages: the cage from r1c1: .*99"):
        read_ipuz(document)


def test_a_feed_holds_records_and_a_bad_record_is_named():
    records = [puzzle_record(puzzle_of(key), ABOUT) for key in ("classic", "samurai")]
    feed = through_json(feed_document(records, "Kinds Daily"))
    assert [read_record(r).kind.name for r in records_of(feed)] == ["classic", "samurai"]
    with pytest.raises(RecordError, match="line: "):
        read_record({"kind": "killer", "line": "....."})
    record = puzzle_record(puzzle_of("classic"), ABOUT)
    with pytest.raises(RecordError, match=r"^size: the line is a 9x9 Sudoku, not '6x6'$"):
        read_record(record | {"size": "6x6", "box": ""})
    with pytest.raises(RecordError, match=r"^size 9x9, box 2x4: box 2x4 does not tile a 9x9 "):
        read_record(record | {"box": "2x4"})
    with pytest.raises(RecordError, match="kind: expected one of"):
        read_record({"kind": "sandwich", "line": "."})
    with pytest.raises(RecordError, match="not a bookmaker puzzle record or feed"):
        records_of({"title": "a book"})


@pytest.mark.parametrize(("size", "value", "symbols"), [
    (9, None, ""), (9, "", ""), (9, "123456789", ""), (9, "CAMBRIDGE", "CAMBRIDGE"),
    (9, list("CAMBRIDGE"), "CAMBRIDGE"), (16, [str(n) for n in range(1, 17)], ""),
    (16, "123456789ABCDEFG", ""), (6, "ABCDEF", "ABCDEF"),
    (9, "CAMBRIDG", None), (9, "CAMBRIDGA", None), (9, 9, None), (9, ["CA", "MB"], None),
])
def test_one_rule_reads_the_symbols_every_file_says(size, value, symbols):
    # A record's, an ipuz file's, a manifest's and a day's symbols: '' for numbers or the
    # text format's own, a damaged field refused (the callers name the file and key).
    board = kind_named("classic").frame(size)
    if symbols is None:
        with pytest.raises(ValueError, match=f"^expected {size} different characters, got "):
            printed_symbols(value, board)
    else:
        assert printed_symbols(value, board) == symbols


def test_the_same_puzzle_gives_the_same_document():
    first = json.dumps(ipuz_document(puzzle_of("jigsaw"), ABOUT), sort_keys=True)
    assert json.dumps(ipuz_document(puzzle_of("jigsaw"), ABOUT), sort_keys=True) == first
