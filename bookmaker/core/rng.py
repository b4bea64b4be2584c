"""Seed derivation and a private random stream whose output never depends on Python's version.

Python promises stable output only for random.random(); shuffle and randrange may change
between releases. So every puzzle draws from its own SplitMix64 stream, written out here,
seeded by hashing (book seed, context..., index) with SHA-256.
"""

from __future__ import annotations

import re
from functools import cache

from . import compiled

_MASK64 = (1 << 64) - 1


def derive_seed(seed: int | str, *context: int | str) -> int:
    """A 64-bit seed that depends only on seed and the context parts, in order."""
    text = "\x1f".join(str(part) for part in ("bookmaker-v1", seed, *context))
    return int.from_bytes(sha256(text.encode("utf-8")).digest()[:8], "big")


def sha256(data: bytes):
    """SHA-256 of data (hashlib's object, or its twin from CPython's own module)."""
    return _sha256_constructor()(data)


@cache
def _sha256_constructor():
    """CPython's own SHA-256 where it has one: it loads in a quarter of the time hashlib's
    OpenSSL does (~7 ms of CPU, 5 % of a one-puzzle `generate`, on a slow machine); else
    hashlib's. The digest is SHA-256's either way. Loaded on first use: `check` and
    `solve` draw no seeds (bench_startup.py)."""
    try:  # CPython 3.12 and later, then 3.11
        from _sha2 import sha256  # type: ignore[import-not-found, unused-ignore]
    except ImportError:
        try:
            from _sha256 import sha256  # type: ignore[import-not-found, unused-ignore]
        except ImportError:
            from hashlib import sha256
    return sha256


class Rng:
    """SplitMix64: small, fast enough, and fully specified by this file."""

    __slots__ = ("_state",)

    def __init__(self, seed: int) -> None:
        self._state = seed & _MASK64

    @property
    def state(self) -> int:
        """Where the stream stands: Rng(rng.state) goes on exactly as rng does (the
        compiled fill draws on from here and hands it back)."""
        return self._state

    @state.setter
    def state(self, value: int) -> None:
        self._state = value & _MASK64

    def next64(self) -> int:
        """The next 64-bit unsigned integer of the stream."""
        self._state = state = (self._state + 0x9E3779B97F4A7C15) & _MASK64
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in range(n), by rejection so there is no modulo bias."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = (1 << 64) - (1 << 64) % n
        while True:
            # next64(), written out: generators draw this hundreds of times a puzzle
            self._state = state = (self._state + 0x9E3779B97F4A7C15) & _MASK64
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
            x = z ^ (z >> 31)
            if x < limit:
                return x % n

    def shuffled(self, items) -> list:
        """A new list with the items in a uniformly random order (Fisher-Yates)."""
        out, self._state = compiled.shuffler(shuffled_in_python)(self._state, items)
        return out


def shuffled_in_python(state: int, items) -> tuple[list, int]:
    """Rng(state).shuffled(items) and where the stream then stands, in Python: the
    reference of the compiled shuffle."""
    rng, out = Rng(state), list(items)
    for i in range(len(out) - 1, 0, -1):
        j = rng.below(i + 1)
        out[i], out[j] = out[j], out[i]
    return out, rng.state


_WHOLE_NUMBER = re.compile(r"[+-]?\d+")


def seed_of_text(text: str) -> int | str:
    """A seed (or volume) as written, by the one rule of specs and the command line: a
    whole number in decimal is that number ('007' and '7' are one seed), anything else the
    text itself; ValueError if it is empty."""
    if not text.strip():
        raise ValueError("must not be empty")
    return int(text) if _WHOLE_NUMBER.fullmatch(text.strip()) else str(text)
