"""Test-wide settings and fixtures: property tests explore freely on a developer's machine,
and run a fixed, repeatable set of examples in CI, so a landing never hangs on a lucky
draw; `runner` runs the command line in-process with stdout and stderr kept apart;
`processes` starts real bookmaker processes and kills what is left of them at the end;
`browser` is the one Chromium the browser tests share (tests/browsers.py);
the core tests run on both cores; `-n auto` is a worker a CPU and one more, scheduled as
xdist's loadgroup schedules, in linear time (tests/scheduling.py).

A test module or test marked `both_cores` runs once on the compiled core and once on
the pure-Python one (only on the pure one when the compiled core is not built, or
BOOKMAKER_PURE is set); every other test runs on the core in use. So a plain `pytest`
runs the whole suite on the compiled core and the core, golden and byte tests on the
pure one as well.

A test module or test marked `compiled_core` holds the compiled core to the pure one: it is
skipped where the compiled core is not built (a checkout without a C compiler), and fails
in CI, which must build it; the `extension` fixture is the extension module itself."""

import gc
import os
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from processes import Processes

from bookmaker import PURE_VARIABLE
from bookmaker.core import compiled

# Bytecode caches even where PYTHONDONTWRITEBYTECODE forbids them (this machine's shell sets
# it): else each xdist worker compiles every test module (pytest's assertion rewriting) and
# every bookmaker module it imports from source, and so does each process a test starts (a
# build's forkserver, `python -m bookmaker`), about 8 s of CPU a worker. The caches go where
# Python keeps them (__pycache__, which git ignores), and the processes started read them.
# Hypothesis is imported after this line (in pytest_configure): pytest rewrites its modules
# too, as a plugin's, and without their caches each worker rewrote them again (~1.5 s).
sys.dont_write_bytecode = False

# The processes the tests start (`python -m bookmaker`, `python -c`, and through the xdist
# workers' environment, theirs) run the installed bookmaker, as a reader's `bookmaker` does:
# `-m` and `-c` put the working folder first on the path, and in CI's fresh clone, installed
# from a wheel, the checkout's own source there has no compiled core. Each child ran the
# pure core, every module compiled from source (about 8 s of CPU a run, and a generation
# on the pure core that outlasted its test's deadline). Ignored before Python 3.11. They
# keep bytecode caches too, as this process does (above).
os.environ["PYTHONSAFEPATH"] = "1"
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)

# The collector's youngest generation collected after 10,000 allocations rather than 700:
# a worker holds every module and test item, and the tests make and drop many small
# containers that their reference counts free anyway; at 700 about 5 % of a test's CPU
# went to collections (measured: 0.86 s of 18 s on three core test modules), at 10,000
# 1-1.5 %. Every test runs as before: only cyclic garbage waits a little longer.
YOUNGEST_COLLECTED_AFTER = 10_000

CORES = ("compiled", "pure") if compiled.in_use() else ("pure",)


def pytest_configure(config):
    gc.set_threshold(YOUNGEST_COLLECTED_AFTER, *gc.get_threshold()[1:])
    from hypothesis import settings
    settings.register_profile("ci", derandomize=True, print_blob=True)
    if os.environ.get("CI"):
        settings.load_profile("ci")
    if getattr(config.option, "numprocesses", None) and not hasattr(config, "workerinput"):
        from rewriting import rewrite_test_modules  # xdist's controller, before its workers
        rewrite_test_modules(config, Path(__file__).parent)
    config.addinivalue_line("markers", "both_cores: run on the compiled and the pure core")
    config.addinivalue_line("markers", "compiled_core: needs the compiled core (skipped where "
                                       "it is not built, failing in CI)")


def pytest_generate_tests(metafunc):
    if metafunc.definition.get_closest_marker("both_cores"):
        metafunc.parametrize("core", CORES, indirect=True)


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item):
    """A compiled_core test, where the compiled core is not built: skipped, but failed in
    CI (which must build it, or these tests would compare nothing)."""
    if item.get_closest_marker("compiled_core") and not compiled.available():
        if os.environ.get("CI"):
            pytest.fail(f"CI must build the compiled core: {compiled.description()}",
                        pytrace=False)
        pytest.skip("the compiled core is not built here")


@pytest.fixture(scope="session")
def extension():
    """The compiled core's extension module, for compiled_core tests that call it directly."""
    from bookmaker.core import _compiled
    return _compiled


@pytest.fixture(autouse=True)
def core(request, monkeypatch):
    """The core this test runs on ('compiled' or 'pure'); processes it starts get the
    same one (through BOOKMAKER_PURE)."""
    wanted = getattr(request, "param", None)
    if wanted is None:
        yield "compiled" if compiled.in_use() else "pure"
        return
    if wanted == "pure":
        monkeypatch.setenv(PURE_VARIABLE, "1")
    else:
        monkeypatch.delenv(PURE_VARIABLE, raising=False)
    with compiled.using(wanted == "compiled", f"{PURE_VARIABLE} is set"):
        yield wanted


@pytest.fixture(scope="session")
def browser():
    """One Chromium for every browser test of the run (they share one worker: their
    xdist_group), not one a module: each start is seconds of a loaded machine's time."""
    from browsers import launched
    with launched() as chromium:
        yield chromium


@pytest.fixture
def runner():
    try:  # click 8.1 mixes stderr into stdout unless told not to; 8.2 keeps them apart
        return CliRunner(mix_stderr=False)
    except TypeError:
        return CliRunner()


@pytest.fixture
def processes():
    started = Processes()
    yield started
    started.kill_all()


@pytest.hookimpl(tryfirst=True, optionalhook=True)
def pytest_xdist_auto_num_workers(config):
    """`-n auto` (pyproject's addopts): a worker for each CPU this process may use, and one
    more. The browser tests' worker spends most of its time waiting on Chromium's frames (and
    the fault and Dask tests' on the processes they start): the extra worker runs tests on
    the CPU time they leave. PYTEST_XDIST_AUTO_NUM_WORKERS still decides where it is set."""
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS"):
        return None  # xdist reads it
    cpus = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return (cpus or 1) + 1


@pytest.hookimpl(tryfirst=True, optionalhook=True)
def pytest_xdist_make_scheduler(config, log):
    """loadgroup (pyproject's --dist), decided as xdist decides, in time linear in the
    tests (tests/scheduling.py: xdist's own, quadratic, took ~8 s more of CPU a run)."""
    if config.getvalue("dist") != "loadgroup":
        return None
    from scheduling import LinearLoadGroupScheduling
    return LinearLoadGroupScheduling(config, log)


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config, items):
    """xdist's loadgroup sends an xdist_group's tests to one worker by a suffix it puts on
    their node ids, where pytest 9.2 no longer reads it: the browser tests were split
    between two workers (two Chromiums, each test after another than in the file). The
    suffix put where this pytest keeps the id (older ones have it already)."""
    if not getattr(config.option, "loadgroup", False):
        return
    for item in items:
        names = sorted({str(mark.args[0] if mark.args else mark.kwargs.get("name", "default"))
                        for mark in item.iter_markers("xdist_group")})
        suffix = "@" + "_".join(names)
        if names and not item.nodeid.endswith(suffix) and hasattr(item, "_id"):
            from _pytest.nodes import coerce_node_id
            item._id = coerce_node_id(item.nodeid + suffix)
