"""The defaults of the options that both command-line parsers read (click's commands, and
plain.py's plain invocations), stated once for both."""

PUZZLE_FILE = "-"  # a puzzle file argument left out: stdin (puzzles/puzzlefile.STDIN)
KIND = "classic"  # --variant left out
