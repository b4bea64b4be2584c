"""A colour Nonogram's steps name its colours ('red in r3c2', not 'a in r3c2'), in the
book's language, each palette colour by the nearest named colour (pictures/colour-names.yaml)."""

from __future__ import annotations

from click.testing import CliRunner

from bookmaker import cli
from bookmaker.design.catalogue import language_names, load_catalogue

STRAWBERRY = "1b/1a,1b,1a/4a/3a/1a 0/3a/2b,3a/3a/1a d0312d,2e8b3a"  # red, green


def _explain(tmp_path, *options: str) -> str:
    path = tmp_path / "p.txt"
    path.write_text(STRAWBERRY + "\n", encoding="utf-8")
    result = CliRunner().invoke(cli.main, ["explain", "--variant", "color-nonogram",
                                           *options, str(path)])
    assert result.exit_code == 0, result.output
    return result.output


def test_explain_names_colours_and_blanks_by_name(tmp_path):
    lines = _explain(tmp_path).splitlines()
    assert lines[1] == " 1. Simple boxes, row 3: red in r3c2, r3c3 and r3c4"
    assert lines[3] == " 3. Simple boxes, column 3: green in r1c3 and r2c3; red in r5c3"
    assert lines[7] == " 7. Overlaps, row 5: blank in r5c2, r5c4 and r5c5"


def test_explain_names_colours_in_the_language_asked(tmp_path):
    assert " 3. Einfache Blöcke, Spalte 3: Grün in Z1S3 und Z2S3; Rot in Z5S3" in \
        _explain(tmp_path, "--lang", "de")
    assert '"places": [["r3c2", "red"], ["r3c3", "red"], ["r3c4", "red"]]' in \
        _explain(tmp_path, "--json")


def test_each_palette_colour_gets_its_own_nearest_name():
    from bookmaker.design.colournames import colour_names

    assert colour_names(("c0392b", "2e6fb0", "f1c40f")) == ("red", "blue", "yellow")
    assert colour_names(("2e8b3a", "f4d03f", "7b4a1e", "e84a8a")) == \
        ("green", "yellow", "brown", "pink")
    # two reds: the nearer keeps 'red', the other takes its next nearest name
    assert colour_names(("d0312d", "c0392b")) == ("red", "brown")


def test_every_catalogue_names_every_named_colour_and_blank():
    from bookmaker.design.colournames import named_colours

    keys = ["blank"] + [name for name, _ in named_colours()]
    for language in language_names():
        texts = load_catalogue(language).texts
        assert all(texts.get(f"colour_names.{key}") for key in keys), language


def test_a_grey_interior_names_each_colour_by_the_grey_it_prints_in():
    from bookmaker.design.catalogue import load_catalogue
    from bookmaker.design.explain import value_text

    words = load_catalogue("en")
    palette = ("d0312d", "f4d03f", "2e8b3a")  # red, yellow, green: red prints darkest
    greys = value_text((), palette, words, greys=True)
    assert [greys(v) for v in (1, 2, 3, 4)] == ["blank", "dark grey", "light grey", "mid grey"]
    assert value_text((), palette, words)(2) == "red"  # a screen or a colour interior
    four = value_text((), ("222222", "808080", "d0312d", "f4d03f"), words, greys=True)
    assert [four(v) for v in (2, 3, 4, 5)] == \
        ["darkest grey", "light grey", "dark grey", "lightest grey"]
    german = value_text((), palette[:2], load_catalogue("de"), greys=True)
    assert (german(2), german(3)) == ("Dunkelgrau", "Hellgrau")


def test_a_grey_books_worked_example_says_the_greys_a_reader_sees(tmp_path):
    """A book built end to end (about 2 s): its how-to-play names greys, not colours."""
    import pypdfium2 as pdfium

    spec = tmp_path / "book.yaml"
    spec.write_text("book: {title: T, seed: 3, layout: kdp-6x9}\nsections:\n  - {name: C, "
                    "variant: color-nonogram, size: 10x10, count: 1, picture: strawberry}\n",
                    encoding="utf-8")
    result = CliRunner().invoke(cli.main, ["build", str(spec), "-o", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    text = "".join(page.get_textpage().get_text_range()
                   for page in pdfium.PdfDocument(str(tmp_path / "out" / "t.pdf")))
    assert "dark grey in r" in text and "red in r" not in text
    for language in language_names():
        texts = load_catalogue(language).texts
        assert all(texts.get(f"colour_names.{key}") for key in
                   ("darkest_grey", "dark_grey", "mid_grey", "light_grey", "lightest_grey"))
