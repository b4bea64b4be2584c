"""A colour interior (`interior: colour` on a book): a colour Nonogram's clues and answers
printed in its picture's colours, in CMYK (design/inks.py); greys stay the default. And
what its exports keep of its colours."""

from __future__ import annotations

import re

from click.testing import CliRunner

from bookmaker import cli

BOOK = ("book: {{title: T, seed: 3, layout: kdp-6x9{extra}}}\nsections:\n"
        "  - {{name: C, variant: color-nonogram, size: 10x10, count: 1, picture: strawberry}}\n")


def _build(tmp_path, extra: str = ""):
    import pypdfium2 as pdfium

    tmp_path.mkdir(exist_ok=True)
    spec = tmp_path / "book.yaml"
    spec.write_text(BOOK.format(extra=extra), encoding="utf-8")
    result = CliRunner().invoke(cli.main, ["build", str(spec), "-o", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    pdf = pdfium.PdfDocument(str(tmp_path / "out" / "t.pdf"))
    texts = [page.get_textpage().get_text_range() for page in pdf]
    answer = next(i for i, text in enumerate(texts) if "A strawberry" in text)
    puzzle = next(i for i, text in enumerate(texts) if "Colour Nonogram" in text and i > 3)
    return [pdf[page].render(scale=1).to_pil().convert("RGB") for page in (puzzle, answer)]


def _pixels(image) -> list[tuple[int, int, int]]:
    data = image.tobytes()
    return list(zip(data[0::3], data[1::3], data[2::3]))


def _coloured(image) -> int:
    """The pixels whose channels differ by more than a grey's would (a colour's)."""
    return sum(1 for r, g, b in _pixels(image) if max(r, g, b) - min(r, g, b) > 40)


def test_a_colour_interior_prints_clues_and_answers_in_the_pictures_colours(tmp_path):
    """A book built end to end (about 2 s where it is the run's first: fonts loaded)."""
    puzzle, answer = _build(tmp_path, ", interior: colour")
    assert _coloured(puzzle) > 2000 and _coloured(answer) > 5000
    reds = {(r, g, b) for r, g, b in _pixels(answer) if r > 150 and g < 110 and b < 110}
    greens = {(r, g, b) for r, g, b in _pixels(answer) if g > r + 40 and g > b + 20}
    assert reds and greens  # the strawberry's red and its leaves' green


def test_greys_stay_the_default_and_color_is_read_as_colour(tmp_path):
    from bookmaker.spec import load_spec

    for extra, interior in (("", "grey"), (", interior: color", "colour"),
                            (", interior: gray", "grey")):
        spec = tmp_path / "book.yaml"
        spec.write_text(BOOK.format(extra=extra), encoding="utf-8")
        assert load_spec(spec).interior == interior
    # A grey book's pages have no colour: test_colour_nonogram.py builds one
    # (test_a_book_prints_tinted_clues_and_its_answer_under_the_pictures_title).


def test_a_bad_interior_is_refused_naming_file_line_and_key(tmp_path):
    spec = tmp_path / "book.yaml"
    spec.write_text(BOOK.format(extra=", interior: sepia"), encoding="utf-8")
    refused = CliRunner().invoke(cli.main, ["build", str(spec), "-o", str(tmp_path / "o")])
    assert refused.exit_code != 0 and "Traceback" not in refused.output
    assert re.search(r"book.yaml:1:.*book.interior: expected one of: grey, colour; got the "
                     r"text 'sepia'", refused.output), refused.output
    assert not (tmp_path / "o").exists()
    spec.write_text(BOOK.format(extra=", interior: colour, paper: cream"), encoding="utf-8")
    refused = CliRunner().invoke(cli.main, ["build", str(spec), "-o", str(tmp_path / "o")])
    assert refused.exit_code != 0 and re.search(
        r"book.yaml:1:.*book.interior: a colour interior prints on white paper only",
        refused.output), refused.output


def test_colours_print_in_cmyk_black_on_its_plate_alone_and_ink_held_to_240():
    from bookmaker.design.inks import digits_ink, print_cmyk, print_inks

    assert print_cmyk("d0312d") == (0.0, 0.764, 0.784, 0.184)  # the strawberry's red
    assert print_cmyk("2e8b3a") == (0.669, 0.0, 0.583, 0.455)  # its leaves' green
    assert print_cmyk("222222") == (0.0, 0.0, 0.0, 0.867)  # a grey: black ink alone
    assert print_cmyk("000000") == (0.0, 0.0, 0.0, 1.0)
    assert sum(print_cmyk("4c0000")) <= 2.4 + 1e-9  # a deep red: 270 % cut to 240 %
    palette = ("d0312d", "2e8b3a", "f4d03f")
    assert print_inks(palette) == (0.2, 0.5, 0.8)  # greys, the default
    assert print_inks(palette, "colour")[2] == (0.0, 0.148, 0.742, 0.043)
    assert digits_ink(palette, "colour") == (1.0, 0.0, 0.0)  # white on red, black on the rest
    assert digits_ink(palette) == (1.0, 0.0, 0.0)


def test_a_colour_nonograms_record_keeps_its_clues_colours_and_says_what_it_lacks():
    from bookmaker.core.exchange.record import marks_fields
    from bookmaker.core.registry import kind_named

    kind = kind_named("color-nonogram")
    givens, extras = kind.read("1b/1a,1b,1a/4a/3a/1a 0/3a/2b,3a/3a/1a d0312d,2e8b3a")
    fields = marks_fields(kind.marks(givens, extras))
    assert fields["palette"] == ["d0312d", "2e8b3a"]
    assert fields["edges"][:2] == [{"side": "left", "index": 0, "text": "1", "colour": 2},
                                   {"side": "left", "index": 1, "text": "1", "colour": 1}]
    assert kind.exchange.ipuz_absent == "ipuz has no PuzzleKind for a colour Nonogram"
    assert kind.exchange.puzzlink_absent == "puzz.link (pzprjs) has no colour Nonogram"
    nonogram = kind_named("nonogram")  # a black-and-white one's edges as they were
    givens, extras = nonogram.read("1,1,1/5/1/3/1,1 2,1/1,1/4/1,1/2,1")
    assert marks_fields(nonogram.marks(givens, extras))["edges"][0] == \
        {"side": "left", "index": 0, "text": "1"}


def test_a_colour_interior_takes_up_to_six_colours_a_grey_one_four(tmp_path):
    from bookmaker.book.plan import plan
    from bookmaker.spec import load_spec

    section = ("book: {{title: T, seed: 3, layout: kdp-6x9{extra}}}\nsections:\n  - {{name: C, "
               "variant: color-nonogram, size: 10x10, count: 1, picture: sailboat, colours: "
               "{colours}}}\n")
    spec = tmp_path / "book.yaml"
    spec.write_text(section.format(extra=", interior: colour", colours=6), encoding="utf-8")
    assert plan(load_spec(spec))[0].job.colours == 6
    for extra, colours, said in (
            (", interior: colour", 7, r"sections\[0\].colours: 2 to 6 colours, not 7"),
            ("", 5, r"sections\[0\].colours: 2 to 4 colours, not 5: a black-and-white page "
                    r"tells at most 4 greys apart beside white \(interior: colour prints up "
                    r"to 6\)")):
        spec.write_text(section.format(extra=extra, colours=colours), encoding="utf-8")
        refused = CliRunner().invoke(cli.main, ["build", str(spec), "-o", str(tmp_path / "o")])
        assert refused.exit_code != 0 and re.search("book.yaml:3:.*" + said, refused.output), \
            refused.output


def test_clue_digits_stand_out_4_5_to_1_on_any_colour():
    from bookmaker.design.inks import contrast, digits_on, relative_luminance

    for red, green, blue in ((r, g, b) for r in range(0, 256, 15) for g in range(0, 256, 15)
                             for b in range(0, 256, 15)):
        colour = f"{red:02x}{green:02x}{blue:02x}"
        digits = relative_luminance(digits_on(colour))
        assert contrast(relative_luminance(colour), digits) >= 4.5, colour
