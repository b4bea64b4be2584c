"""Test-wide settings and fixtures: property tests explore freely on a developer's machine,
and run a fixed, repeatable set of examples in CI, so a landing never hangs on a lucky
draw; `runner` runs the command line in-process with stdout and stderr kept apart;
`processes` starts real bookmaker processes and kills what is left of them at the end."""

import os

import pytest
from click.testing import CliRunner
from hypothesis import settings
from processes import Processes

settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")


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
