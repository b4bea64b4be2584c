"""Test-wide settings: property tests explore freely on a developer's machine, and run a
fixed, repeatable set of examples in CI, so a landing never hangs on a lucky draw."""

import os

from hypothesis import settings

settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")
