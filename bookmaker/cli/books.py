"""`bookmaker build`: a book spec into its PDFs and manifest."""

from __future__ import annotations

import time

import click

from ..book.build import BuildError, BuildResult
from ..book.build import build as build_book
from ..book.cover import book_pages, cover_record, make_cover, spine_note
from ..core.puzzle import GenerationError
from ..core.solve.verify import VerificationError
from ..core.words import counted
from ..design.printer import load_printer
from ..puzzles.executors import LOCAL, ExecutorError, open_workers
from ..puzzles.outputs import OutputError
from ..puzzles.registry import RegistryError
from ..render.fonts import FontError
from ..render.style import RenderError
from ..spec import BookSpec, SpecError, load_spec
from .common import DelayedProgressBar, main
from .options import seed_option
from .workers import executor_option, worker_count


@main.command()
@click.argument("spec_file", metavar="BOOK.yaml")
@click.option("-o", "--output", "out_dir", metavar="DIR", default="output", show_default=True,
              help="Folder for the PDFs and the manifest.")
@click.option("--jobs", metavar="J", type=click.IntRange(min=0), default=0,
              help="Worker processes; 0 (the default) for one per CPU. The book never "
                   "depends on it.")
@seed_option("Use this seed instead of the spec's.", required=False)
@executor_option
@click.pass_context
def build(ctx, spec_file, out_dir, jobs, seed, executor) -> None:
    """Build the book BOOK.yaml describes: DIR/NAME.pdf, DIR/NAME-answers.pdf (when answers
    are separate) and the manifest DIR/NAME.json.

    No two puzzles are equivalent, and none repeats a puzzle of the series' registry
    (DIR/SERIES.registry.sqlite unless the spec says otherwise), where the book's puzzles
    are then recorded.

    A mistake in the spec is reported as FILE:LINE:COLUMN: key: message, with exit code 2
    and nothing written. Nothing is written either if the build fails later (exit 1).
    """
    spec = load_spec_or_exit(ctx, spec_file)
    if seed is not None:
        spec = spec.model_copy(update={"seed": seed})
    started = time.monotonic()
    result = build_or_fail(spec, out_dir, worker_count(jobs), executor)
    for path in result.files:
        click.echo(path)
    click.echo(build_summary(result, time.monotonic() - started))
    for line in padding_notes(result, spec):
        click.echo(line)
    pages = result.page_counts[f"{spec.name}.pdf"]
    if spine_note(spec, pages):
        click.echo(spine_note(spec, pages))
    if result.registry or result.remade:
        click.echo(registry_note(result, spec))


@main.command()
@click.argument("spec_file", metavar="BOOK.yaml")
@click.option("-o", "--output", "out_dir", metavar="DIR", default="output", show_default=True,
              help="Folder for the cover files.")
@click.option("--guides", is_flag=True, help="Also write DIR/NAME-cover-guides.pdf: the "
              "cover with its trim, spine folds, bleed, safe zones and barcode area drawn "
              "over it, for checking (never upload it).")
@seed_option("Use this seed instead of the spec's.", required=False)
@click.pass_context
def cover(ctx, spec_file, out_dir, guides, seed) -> None:
    """Make only the cover of the book BOOK.yaml describes: DIR/NAME-cover.pdf and its
    preview DIR/NAME-cover-preview.png, as `build` makes them, without the interior.

    The cover's size comes from the book's page count, known from the spec; its art
    needs only the book's first few puzzles, which are made from their own seeds.
    """
    spec = load_spec_or_exit(ctx, spec_file)
    if spec.cover is None:
        raise click.UsageError(f"{spec_file} has no cover: section; add one, like\n"
                               f"cover:\n  design: classic")
    if seed is not None:
        spec = spec.model_copy(update={"seed": seed})
    try:
        files = make_cover(spec, out_dir, guides)
    except (GenerationError, VerificationError, RenderError, FontError, OutputError,
            OSError) as err:
        raise click.ClickException(str(err)) from None
    for path in files:
        click.echo(path)
    pages = book_pages(spec, out_dir)
    record = cover_record(spec, pages)
    assert record is not None  # the spec has a cover (checked above)
    click.echo(f"cover {record['width_in']:.3f} x {record['height_in']:.3f} in, spine "
               f"{record['spine_in']:.3f} in for {record['pages']} pages on {spec.paper} paper")
    if spine_note(spec, pages):
        click.echo(spine_note(spec, pages))


def load_spec_or_exit(ctx: click.Context, path: str) -> BookSpec:
    """The spec, or (any mistake in it) every problem on stderr and exit 2."""
    try:
        return load_spec(path)
    except SpecError as err:
        from ..spec.daily import daily_spec_problem  # the daily schema, only to say so

        click.echo(str(daily_spec_problem(path) or err), err=True)
        ctx.exit(2)


def build_or_fail(spec: BookSpec, out_dir: str, workers: int,
                  executor: str = LOCAL) -> BuildResult:
    """Build on the executor, with a progress bar; a failure is a one-line error, exit 1."""
    try:
        with open_workers(executor, workers) as pool, \
                DelayedProgressBar(sum(s.count for s in spec.sections), "Generating") as progress:
            return build_book(spec, out_dir, pool.count, progress.update, pool.executor)
    except (GenerationError, VerificationError, RenderError, FontError, BuildError,
            ExecutorError, RegistryError, OutputError, OSError) as err:
        raise click.ClickException(str(err)) from None


def registry_note(result: BuildResult, spec: BookSpec) -> str:
    """Where the puzzles were registered, and how many were made again as repeats."""
    remade = (f"{counted(result.remade, 'puzzle')} made again: "
              f"they repeated others") if result.remade else ""
    if result.registry is None:
        return remade
    where = f"registered in {result.registry} as {spec.series!r}, issue {spec.issue!r}"
    return f"{where} ({remade})" if remade else where


def padding_notes(result: BuildResult, spec: BookSpec) -> list[str]:
    """A line per file that got pages only to meet the print-on-demand rules: how many,
    of which kind, and why (the least pages the service binds, an even count)."""
    kind = "Notes" if spec.padding == "notes" else "blank"
    least = load_printer().min_pages
    notes = []
    for name, added in result.padding.items():
        short = result.page_counts[name] - added < least
        why = f"to reach the {least} pages print-on-demand needs" if short else \
            "for an even page count"
        notes.append(f"{name}: {counted(added, f'{kind} page')} added {why}")
        if short and name.endswith("-answers.pdf"):
            notes.append(f"{name}: a separate answer book must be a book of its own; "
                         f"`answers: back` puts the answers in the book instead")
    return notes


def build_summary(result: BuildResult, seconds: float) -> str:
    """'150 puzzles, 77 pages (+ 26 in the answer book), 1.0 s'."""
    book, *answers = result.page_counts.values()
    extra = f" (+ {answers[0]} in the answer book)" if answers else ""
    return (f"{counted(result.puzzle_count, 'puzzle')}, {counted(book, 'page')}{extra}, "
            f"{seconds:.1f} s")

