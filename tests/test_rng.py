"""Seed derivation and the SplitMix64 stream: golden values, ranges, permutations, no `random`."""

from __future__ import annotations

import ast
import inspect
from collections import Counter

import pytest

from bookmaker.core import rng as rng_module
from bookmaker.core.rng import Rng, derive_seed

pytestmark = pytest.mark.both_cores  # conftest.py: Rng.shuffled has a compiled twin

# The published SplitMix64 reference output (Vigna's splitmix64.c) for seed 0.
SPLITMIX64_SEED_0_FIRST = 0xE220A8397B1DCDAF
GOLDEN = {
    0: [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F, 0xF88BB8A8724C81EC,
        0x1B39896A51A8749B],
    12345: [0x22118258A9D111A0, 0x346EDCE5F713F8ED, 0x1E9A57BC80E6721D, 0x2D160E7E5C3F42CA,
            0x81C2E6DC980D78EB],
}


# derive_seed

def test_derive_seed_is_deterministic_and_64_bit():
    first = derive_seed(7, "section", 3)
    assert first == derive_seed(7, "section", 3)
    assert 0 <= first < 2**64
    assert all(0 <= derive_seed(s, i) < 2**64 for s in (0, "x", 2**70) for i in range(50))


def test_derive_seed_uses_the_high_bits_too():
    seeds = [derive_seed("spread", i) for i in range(64)]
    assert max(seeds) >= 2**63
    assert len(set(seeds)) == 64


@pytest.mark.parametrize("changed", [
    (8, "section", 3),
    (7, "sections", 3),
    (7, "section", 4),
    (7, "section", 3, 0),
    (7, "section"),
    (7,),
    ("7x", "section", 3),
])
def test_derive_seed_changes_when_any_context_part_changes(changed):
    assert derive_seed(*changed) != derive_seed(7, "section", 3)


def test_derive_seed_depends_on_the_order_of_the_parts():
    assert derive_seed(1, "a", "b") != derive_seed(1, "b", "a")
    assert derive_seed(1, 2, 3) != derive_seed(2, 1, 3)
    assert derive_seed("ab", "c") != derive_seed("a", "bc")


# the stream

@pytest.mark.parametrize("seed", sorted(GOLDEN))
def test_the_first_five_outputs_are_pinned(seed):
    stream = Rng(seed)
    assert [stream.next64() for _ in range(5)] == GOLDEN[seed]


def test_below_and_shuffled_draws_are_pinned():
    stream = Rng(0)
    assert [stream.below(10) for _ in range(8)] == [5, 0, 9, 4, 7, 0, 3, 0]
    assert Rng(0).shuffled(range(10)) == [6, 3, 2, 9, 8, 1, 4, 7, 0, 5]


def test_seed_0_starts_with_the_published_splitmix64_value():
    assert Rng(0).next64() == SPLITMIX64_SEED_0_FIRST


def test_seeds_are_taken_modulo_2_to_the_64():
    assert Rng(2**64 + 12345).next64() == GOLDEN[12345][0]
    assert Rng(-1).next64() == Rng(2**64 - 1).next64()


def test_outputs_are_64_bit_unsigned():
    stream = Rng(derive_seed("width"))
    values = [stream.next64() for _ in range(2000)]
    assert all(0 <= v < 2**64 for v in values)
    assert max(values) >= 2**63


@pytest.mark.parametrize("n", [1, 2, 3, 5, 7, 10, 25])
def test_below_stays_in_range_and_reaches_every_value(n):
    stream = Rng(n)
    draws = [stream.below(n) for _ in range(60 * n)]
    assert set(draws) == set(range(n))


def test_below_is_roughly_uniform():
    stream = Rng(2024)
    counts = Counter(stream.below(6) for _ in range(6000))
    assert all(850 <= counts[v] <= 1150 for v in range(6))


def test_below_handles_bounds_beyond_32_bits():
    stream = Rng(99)
    bound = 3 * 2**62
    draws = [stream.below(bound) for _ in range(200)]
    assert all(0 <= d < bound for d in draws)
    assert max(draws) > 2**62


@pytest.mark.parametrize("n", [0, -3])
def test_below_rejects_a_bound_that_is_not_positive(n):
    with pytest.raises(ValueError, match="positive bound"):
        Rng(1).below(n)


def test_shuffled_is_a_permutation_and_leaves_its_input_alone():
    items = list(range(50))
    out = Rng(5).shuffled(items)
    assert sorted(out) == items
    assert out != items
    assert items == list(range(50))


def test_shuffled_is_deterministic_for_a_seed_and_differs_between_seeds():
    assert Rng(5).shuffled(range(30)) == Rng(5).shuffled(range(30))
    assert Rng(5).shuffled(range(30)) != Rng(6).shuffled(range(30))


def test_shuffled_reaches_every_order_of_three_items():
    stream = Rng(3)
    orders = Counter(tuple(stream.shuffled("abc")) for _ in range(1200))
    assert len(orders) == 6
    assert min(orders.values()) >= 150


def test_shuffled_of_nothing_or_one_item_is_that_list():
    assert Rng(1).shuffled([]) == []
    assert Rng(1).shuffled(("x",)) == ["x"]


def test_the_rng_module_never_touches_pythons_random():
    tree = ast.parse(inspect.getsource(rng_module))
    imported = {alias.name.split(".")[0] for node in ast.walk(tree)
                if isinstance(node, ast.Import) for alias in node.names}
    imported |= {(node.module or "").split(".")[0] for node in ast.walk(tree)
                 if isinstance(node, ast.ImportFrom)}
    names = {node.id for node in ast.walk(tree) if isinstance(node, ast.Name)}
    assert "random" not in imported
    assert "random" not in names


def test_sha256_is_hashlibs_whichever_module_gives_it():
    import hashlib

    from bookmaker.core.rng import sha256
    for data in (b"", b"bookmaker-v1\x1f7", "é".encode() * 1000):
        assert sha256(data).digest() == hashlib.sha256(data).digest()
