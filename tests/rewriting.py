"""The test modules' asserts rewritten once a run, before the xdist workers start: in a fresh
checkout pytest's cache of rewritten modules is empty, and each worker would rewrite every
test module itself as it collects (about 6 s of CPU a worker on this suite)."""

from __future__ import annotations

import sys
from pathlib import Path


def rewrite_test_modules(config, folder: Path) -> int:
    """Each test_*.py in folder whose rewritten module is not cached yet, rewritten and cached
    where its workers will look (pytest's own functions: the same code they would make); how
    many; none on a pytest without those functions: the workers rewrite them, as before."""
    try:
        from _pytest.assertion.rewrite import (
            PYC_TAIL,
            _read_pyc,
            _rewrite_test,
            _write_pyc,
            assertstate_key,
            get_cache_dir,
            try_makedirs,
        )
    except ImportError:
        return 0
    state = config.stash.get(assertstate_key, None)
    if state is None or sys.dont_write_bytecode:
        return 0  # assertions not rewritten (--assert=plain), or no cache to write
    rewritten = 0
    try:
        for source in sorted(folder.glob("test_*.py")):
            cache = get_cache_dir(source)
            pyc = cache / f"{source.stem}{PYC_TAIL}"
            if _read_pyc(source, pyc, state.trace) is None and try_makedirs(cache):
                key, code = _rewrite_test(source, config)  # the source's hash or stat
                rewritten += _write_pyc(state, code, key, pyc)
    except (TypeError, ValueError, AttributeError, SyntaxError):
        # Private functions whose signatures changed, or a module that does not compile:
        # the workers rewrite the rest, and report a broken module as they collect it.
        pass
    return rewritten
