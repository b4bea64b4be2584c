"""The test modules rewritten once a run (tests/rewriting.py): cached where pytest reads a
rewritten module, with pytest's rewritten asserts, and not rewritten again while cached."""

import os

import pytest
from _pytest.assertion.rewrite import PYC_TAIL, _read_pyc, get_cache_dir
from rewriting import rewrite_test_modules


def test_a_test_module_is_rewritten_once_where_pytest_reads_it(tmp_path, request):
    source = tmp_path / "test_sample.py"
    source.write_text("def test_sum():\n    assert 1 + 1 == 3\n", encoding="utf-8")
    (tmp_path / "sample.py").write_text("VALUE = 1\n", encoding="utf-8")  # not a test module
    assert rewrite_test_modules(request.config, tmp_path) == 1
    assert rewrite_test_modules(request.config, tmp_path) == 0  # cached
    code = _read_pyc(source, get_cache_dir(source) / f"test_sample{PYC_TAIL}")
    assert code is not None
    namespace: dict = {}
    exec(code, namespace)
    with pytest.raises(AssertionError, match=r"assert \(1 \+ 1\) == 3"):  # pytest's message
        namespace["test_sum"]()
    # pytest's cache holds the source's whole-second mtime and its size: a change made within
    # the same second must differ in one of them to be seen, as an edit by hand would
    source.write_text("def test_sum():\n    assert 1 + 1 == 2  # fixed\n", encoding="utf-8")
    stat = source.stat()
    os.utime(source, ns=(stat.st_atime_ns, stat.st_mtime_ns + 2_000_000_000))
    assert rewrite_test_modules(request.config, tmp_path) == 1  # changed: rewritten again
    assert sorted(path.name for path in get_cache_dir(source).iterdir()) == \
        [f"test_sample{PYC_TAIL}"]
