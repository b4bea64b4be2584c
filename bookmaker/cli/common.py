"""The command line's shared parts: the `bookmaker` group, options used by several
commands, and (from progress.py, which loads no click) the progress bar."""

from __future__ import annotations

import importlib

import click

from .progress import DelayedProgressBar
from .running import guarded, version_text

__all__ = ["COMMAND_MODULES", "DEFAULT_OUTPUT", "INPUT_FILE", "Commands", "DelayedProgressBar",
           "main"]

INPUT_FILE = click.Path(exists=True, dir_okay=False, allow_dash=True)
DEFAULT_OUTPUT = "output"  # where build writes, and where the registry commands look


# Where each command is defined: its module is imported only when the command runs (or
# help lists them), so `bookmaker check` never loads the book pipeline, PDF and spec code.
COMMAND_MODULES = {"build": "books", "cover": "books", "daily": "dailies",
                   "generate": "puzzles", "derive": "deriving", "solve": "checking",
                   "check": "checking", "grade": "grading", "rate": "grading",
                   "explain": "explaining",
                   "registry": "registries", "export": "exports"}


class Commands(click.Group):
    """The `bookmaker` group. Its commands load when first asked for (COMMAND_MODULES). A
    command stopped by Ctrl-C or SIGTERM ends with one line and exit code 130 or 143 (its
    clean-ups have run by then: workers stopped, outputs rolled back); one whose stdout
    was closed (`| head`) stops at once, silently, 141."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(set(COMMAND_MODULES) | set(self.commands))

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name not in self.commands and name in COMMAND_MODULES:
            importlib.import_module(f"{__package__}.{COMMAND_MODULES[name]}")
        return super().get_command(ctx, name)

    def invoke(self, ctx: click.Context):
        result, code = guarded(lambda: super(Commands, self).invoke(ctx))
        if code is not None:
            ctx.exit(code)
        return result


def print_version(ctx: click.Context, param: click.Parameter, value: bool) -> None:
    """--version: the version, and which core runs (compiled, or pure Python and why)."""
    if value and not ctx.resilient_parsing:
        click.echo(version_text())
        ctx.exit()


@click.group(cls=Commands, context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--version", is_flag=True, expose_value=False, is_eager=True,
              callback=print_version, help="Show the version and which core runs, and exit.")
def main() -> None:
    """Printable Sudoku puzzle books: seeded generation, proven-unique puzzles.

    Puzzles are one per line: digits 1-9 then A-P, '.' or '0' for a blank
    (or integers separated by spaces or commas, 0 for blank). With --variant jigsaw
    a line adds a space and a region letter per cell; a Samurai line is its five
    9x9 grids (top-left, top-right, centre, bottom-left, bottom-right).
    """
