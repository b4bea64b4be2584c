"""The defaults of the options that both command-line parsers read (click's commands, and
plain.py's plain invocations), stated once for both."""

PUZZLE_FILE = "-"  # a puzzle file argument left out: stdin (puzzles/puzzlefile.STDIN)
KIND = "classic"  # --variant left out

# generate's
SIZE = "9x9"
COUNT = 1
SYMMETRY = "none"
CLUES = 0  # remove while unique
DIFFICULTY = "any"
JOBS = 1
EXECUTOR = "local"  # puzzles/executors.LOCAL
