"""Shared test helper for the browser tests: Debian's Chromium, installed first where the
machine can (as root, with apt-get), and launched headless and quiet under Playwright.
One Chromium serves every browser test of a run (tests/conftest.py's `browser`)."""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

CHROMIUM = os.environ.get("BOOKMAKER_CHROMIUM", "/usr/bin/chromium")
# Headless and quiet: no sandbox (CI runs as root), no GPU, nothing fetched in the background.
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--no-first-run"]


def browser_problem() -> str | None:
    """Why the browser tests cannot run here, or None (Chromium installed first where this
    machine can: as root, with apt-get)."""
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "the playwright package is not installed (pip install '.[test]')"
    if not Path(CHROMIUM).is_file() and os.geteuid() == 0 and shutil.which("apt-get"):
        install_chromium()
    if not Path(CHROMIUM).is_file():
        return f"no Chromium at {CHROMIUM} (as root: apt-get install chromium)"
    return None


def install_chromium() -> None:
    """Debian's Chromium, installed without a question (no standard input); its output is
    shown only if it fails."""
    steps = [["apt-get", "update", "-qq"], ["apt-get", "install", "-y", "-qq", "chromium"]]
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    for step in steps:
        done = subprocess.run(step, env=env, stdin=subprocess.DEVNULL, capture_output=True,
                              text=True, timeout=900, check=False)
        if done.returncode != 0:
            pytest.fail(f"{' '.join(step)} failed:\n{done.stdout}{done.stderr}")


@contextmanager
def launched() -> Iterator:
    """Chromium, running until the block ends (the test fails, saying what to install,
    where it cannot run)."""
    problem = browser_problem()
    if problem:
        pytest.fail(f"{problem}; or leave the browser tests out: pytest -m 'not browser'")
    from playwright.sync_api import sync_playwright
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield chromium
        chromium.close()
