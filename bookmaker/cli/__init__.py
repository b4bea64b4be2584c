"""The command line: thin click commands that parse options, call one helper, print, exit.

`main` is the `bookmaker` group (common.py); each module below adds its commands to it,
and is imported only when one of them runs (common.COMMAND_MODULES), so that a command
loads only what it uses: puzzles.py (generate, derive), checking.py (solve, check),
grading.py (grade, rate), books.py (build, cover), dailies.py (daily), registries.py
(registry import, registry stats) and exports.py (export).

The plain invocations of the commands run most often (`check FILE`, `solve FILE`,
`generate --seed S [--count N]`, `--version`) are read by plain.py without loading click
at all (its import is a third of a process's start-up); they run the same functions as the
click commands. So `main`, and click with it, loads only when asked for.
"""

from __future__ import annotations

TYPE_CHECKING = False  # not typing's: the plain path loads no typing (issue 24)
if TYPE_CHECKING:
    from .common import main

__all__ = ["main"]


def __getattr__(name: str):
    """`main`, with click, loaded the first time it is asked for."""
    if name == "main":
        from .common import main

        return main
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
