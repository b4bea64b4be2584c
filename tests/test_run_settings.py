"""The test run's own settings (tests/conftest.py), in force in the process running the
tests: the collector's youngest generation collected less often; the processes tests start
run the installed bookmaker."""

import gc
import os
import subprocess
import sys
from pathlib import Path

from conftest import YOUNGEST_COLLECTED_AFTER

import bookmaker

CHECKOUT = Path(__file__).resolve().parents[1]


def test_the_youngest_generation_is_collected_after_ten_thousand_allocations():
    assert gc.get_threshold()[0] == YOUNGEST_COLLECTED_AFTER == 10_000
    assert gc.isenabled()


def test_a_process_started_in_the_checkout_runs_the_bookmaker_this_one_does():
    # `-c` and `-m` would put the checkout first on the path: in a clone installed from a
    # wheel (CI's), its source, without the compiled core (tests/conftest.py).
    found = subprocess.run([sys.executable, "-c", "import bookmaker; print(bookmaker.__file__)"],
                           cwd=CHECKOUT, capture_output=True, text=True, check=True).stdout
    assert found == bookmaker.__file__ + "\n"
    assert "PYTHONDONTWRITEBYTECODE" not in os.environ  # they keep bytecode caches too
