"""Messages say one thing of one and several of more, take the article their word is said
with ('an 8x8', "an 'easy'"), and say of each kind what is true of it (core/words.py)."""

from __future__ import annotations

import textwrap

import pytest

from bookmaker import cli
from bookmaker.core.futoshiki.generate import FUTOSHIKI_FAMILY
from bookmaker.core.kakuro.generate import generate_kakuro
from bookmaker.core.latin.generate import generate_latin
from bookmaker.core.puzzle import GenerationError
from bookmaker.spec import SpecError, load_spec


def run(runner, *args, input=None):
    return runner.invoke(cli.main, [str(a) for a in args], input=input)


@pytest.mark.parametrize("phrase, said", [
    ("8x8", "an 8x8"), ("9x9", "a 9x9"), ("11x11", "an 11x11"), ("18x18", "an 18x18"),
    ("110", "a 110"), ("18000", "an 18000"), ("80-page", "an 80-page"), ("8.5", "an 8.5"),
    ("'easy'", "an 'easy'"), ("'medium'", "a 'medium'"), ("'expert'", "an 'expert'"),
    ("X", "an X"), ("x", "an x"), ("F", "an F"), ("B", "a B"), ("SE", "an SE"),
    ("Sudoku X", "a Sudoku X"), ("Addition Calcudoku", "an Addition Calcudoku"),
    ("Futoshiki", "a Futoshiki"), ("a4", "an a4"), ("kdp-6x9", "a kdp-6x9"),
    ("unique", "a unique"), ("hour", "an hour"), ("", "a ")])
def test_a_phrase_takes_the_article_it_is_said_with(phrase, said):
    from bookmaker.core.words import article, with_article  # (main had none: issue 34 L7)
    assert with_article(phrase) == said
    assert article(phrase) == said.split(" ")[0]


def test_a_count_of_one_is_singular_and_any_other_plural():
    from bookmaker.core.words import counted, number_of
    assert [counted(n, "puzzle") for n in (0, 1, 2)] == ["0 puzzles", "1 puzzle", "2 puzzles"]
    assert counted(1, "repeat") == "1 repeat" and counted(3, "box", "boxes") == "3 boxes"
    assert [number_of(n, "fits", "fit") for n in (1, 2)] == ["fits", "fit"]


def test_a_failed_generation_names_its_grade_and_attempts_as_they_are_said():
    with pytest.raises(GenerationError) as latin:
        generate_latin(FUTOSHIKI_FAMILY, 4, 1, "easy", attempts=1)
    assert str(latin.value) == ("could not make an 'easy' 4x4 Futoshiki in 1 attempt "
                                "(they were beginner)")
    with pytest.raises(GenerationError) as kakuro:
        generate_kakuro(6, 1, "extreme", max_attempts=1)
    assert str(kakuro.value) == "could not make an 'extreme' 6x6 Kakuro in 1 attempt"


def test_importing_one_puzzle_says_one_puzzle_registered(runner, tmp_path):
    path = tmp_path / "one.txt"
    path.write_text(run(runner, "generate", "--seed", 1).stdout)
    registry = tmp_path / "r.sqlite"
    result = run(runner, "registry", "import", path, "--series", "S", "--registry", registry)
    assert result.stdout == f"1 puzzle registered in {registry} as 'S', issue 'one.txt'\n"


def test_rate_and_derive_say_what_a_futoshiki_is_not_that_it_has_no_givens(runner):
    futoshiki = run(runner, "generate", "--variant", "futoshiki", "--size", "5x5", "--seed", 1)
    assert futoshiki.stdout.startswith("..")  # it has givens: the old words said it had none
    rated = run(runner, "rate", "--variant", "futoshiki", "-", input=futoshiki.stdout)
    assert (rated.exit_code, rated.stdout) == (
        1, "1: invalid: a Futoshiki has no SE rating: Sudoku Explainer rates Sudoku whose "
           "only clues are givens\n")
    derived = run(runner, "derive", "--variant", "futoshiki", "--seed", 1, "-",
                  input=futoshiki.stdout)
    assert derived.exit_code == 2
    assert derived.stderr.splitlines()[-1] == (
        "Error: derive makes copies of classic, x, hyper, jigsaw and samurai puzzles; it does "
        "not take --variant futoshiki")


def test_a_page_too_small_names_what_each_kind_prints_in_its_corners(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "book.yaml").write_text(textwrap.dedent("""\
        book: {title: T, seed: 1, layout: kdp-6x9}
        sections:
          - {name: K, variant: kakuro, size: 15x15, count: 2, puzzles_per_page: 4}
          - {name: C, variant: calcudoku, size: 9x9, count: 2, puzzles_per_page: 9}
          - {name: B, variant: kakuro, size: 25x25, count: 1}
          - {name: L, variant: killer, size: 12x12, count: 1, puzzles_per_page: 6}
        """))
    with pytest.raises(SpecError) as caught:
        load_spec("book.yaml")
    assert str(caught.value).splitlines() == [
        "book.yaml:3:73: sections[0].puzzles_per_page: 4 15x15 puzzles do not fit on one "
        "kdp-6x9 page: the cells would be 10.3 pt, under the 17.3 pt minimum for readable "
        "run totals (at most 1 fit)",
        "book.yaml:4:74: sections[1].puzzles_per_page: 9 9x9 puzzles do not fit on one "
        "kdp-6x9 page: the cells would be 10.7 pt, under the 22.6 pt minimum for readable "
        "cage clues (at most 2 fit)",
        "book.yaml:5:38: sections[2].size: a 25x25 puzzle does not fit on a kdp-6x9 page at "
        "the 17.3 pt minimum cell for readable run totals: even alone on the page its cells "
        "would be 13.2 pt; take a larger layout",
        "book.yaml:6:73: sections[3].puzzles_per_page: 6 12x12 puzzles do not fit on one "
        "kdp-6x9 page: the cells would be 10.8 pt, under the 22.6 pt minimum for readable "
        "cage totals (at most 1 fit)"]
