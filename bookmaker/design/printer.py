"""A print-on-demand service's rules, as data (layouts/printers/kdp.yaml): page counts, paper,
least margins and gutter. Layouts with `print_on_demand: true` are checked against them,
and books in such layouts are padded and counted by them."""

from __future__ import annotations

from functools import cache

from pydantic import Field

from .layout import GutterStep, Layout
from .presets import parse_layout_as, preset_folder
from .problems import Mistake, SpecError
from .values import Count, Flag, Length, PreciseLength, Schema, Text

PRINTER_FOLDER = "printers"
DEFAULT_PRINTER = "kdp"
PAPERS = ("white", "cream")


class Paper(Schema):
    """One paper stock: how many pages it binds, and how thick each page is."""

    max_pages: Count = Field(description="The most pages a book on this paper may have.")
    thickness: PreciseLength = Field(description="One page's thickness (for the cover's "
                                     "spine).")


class LeastMargins(Schema):
    """The least margins from the trim edge: top, bottom and outside alike."""

    outside: Length = Field(description="Without bleed.")
    outside_with_bleed: Length = Field(description="With bleed.")


class BarcodeArea(Schema):
    """Where the service prints its barcode on the back cover, kept clear of the design."""

    width: Length = Field(description="The area's width.")
    height: Length = Field(description="The area's height.")
    margin: Length = Field(description="From the back cover's right and bottom trim edges.")


class CoverRules(Schema):
    """What the service asks of a full-wrap cover file (back, spine, front)."""

    bleed: Length = Field(description="Beyond the trim on every side.")
    safe: Length = Field(description="Text and important art at least this far inside "
                                     "the trim lines.")
    spine_margin: Length = Field(description="Spine text at least this far from each fold.")
    spine_text_pages: Count = Field(description="The fewest pages whose spine may carry "
                                                "text.")
    barcode: BarcodeArea = Field(description="The barcode area on the back cover.")


class PrinterRules(Schema):
    """What the service asks of an interior file."""

    description: Text = Field(description="The service, in a few words.")
    min_pages: Count = Field(description="The fewest pages; shorter books are padded.")
    even_pages: Flag = Field(description="Whether the page count must be even.")
    max_blank_run: Count = Field(description="The most blank pages in a row.")
    paper: dict[str, Paper] = Field(description="Paper stocks by name (white, cream).")
    margins: LeastMargins = Field(description="The least outside, top and bottom margins.")
    gutter: tuple[GutterStep, ...] = Field(description="The least inside margin by page "
                                                       "count, rows in increasing pages.")
    cover: CoverRules = Field(description="The cover's bleed, safe zones, spine and barcode.")

    def max_pages(self, paper: str) -> int:
        return self.paper[paper].max_pages


@cache
def load_printer(name: str = DEFAULT_PRINTER) -> PrinterRules:
    """The rules in layouts/printers/NAME.yaml; SpecError if they are broken (a bug)."""
    shown = f"layouts/{PRINTER_FOLDER}/{name}.yaml"
    text = (preset_folder() / PRINTER_FOLDER / f"{name}.yaml").read_text(encoding="utf-8")
    rules, problems = parse_layout_as(PrinterRules, lambda rules: [], text, shown, name)
    if rules is None:
        raise SpecError(problems)
    return rules


def margin_mistakes(layout: Layout, rules: PrinterRules) -> list[Mistake]:
    """Where a print-on-demand layout's margins are under the service's least ones."""
    least = rules.margins.outside_with_bleed if layout.bleed else rules.margins.outside
    found = [Mistake(("margins", side), f"{getattr(layout.margins, side) / 72:g} in is under "
                     f"{rules.description}'s least {side} margin of {least / 72:g} in"
                     f"{' with bleed' if layout.bleed else ''}")
             for side in ("top", "bottom", "outside") if getattr(layout.margins, side) < least]
    return found + _gutter_mistakes(layout, rules)


def _gutter_mistakes(layout: Layout, rules: PrinterRules) -> list[Mistake]:
    """The inside margin must reach the service's at every page count the layout allows:
    each row of the service's gutter table is checked at its first and last page count."""
    most = layout.most_pages or rules.gutter[-1].pages
    firsts = [1] + [step.pages + 1 for step in rules.gutter[:-1]]
    for first, step in zip(firsts, rules.gutter):
        if first > most:
            break
        last = min(step.pages, most)
        try:
            inside = min(layout.inside_margin(count) for count in (first, last))
        except ValueError:  # the layout binds no book that thick
            continue
        if inside < step.inside:
            where = ("gutter",) if layout.gutter else ("margins", "inside")
            return [Mistake(where, f"a book of {first} to {last} pages needs an inside margin "
                            f"of at least {step.inside / 72:g} in ({rules.description}), but "
                            f"this layout gives {inside / 72:g} in; add a gutter table like "
                            f"the kdp presets'")]
    return []
