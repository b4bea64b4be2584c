"""The test run's own settings (tests/conftest.py), in force in the process running the
tests: the collector's youngest generation collected less often."""

import gc

from conftest import YOUNGEST_COLLECTED_AFTER


def test_the_youngest_generation_is_collected_after_ten_thousand_allocations():
    assert gc.get_threshold()[0] == YOUNGEST_COLLECTED_AFTER == 10_000
    assert gc.isenabled()
