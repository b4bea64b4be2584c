"""The command line: thin click commands that parse options, call one helper, print, exit.

`main` is the `bookmaker` group (common.py); each module below adds its commands to it,
and is imported only when one of them runs (common.COMMAND_MODULES), so that a command
loads only what it uses: puzzles.py (generate, derive), checking.py (solve, check),
grading.py (grade, rate), books.py (build, cover), dailies.py (daily), registries.py
(registry import, registry stats) and exports.py (export).
"""

from .common import main

__all__ = ["main"]
