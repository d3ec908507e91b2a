"""The garbage collector pause around a run's imports."""

from __future__ import annotations

import gc
import subprocess
import sys
import textwrap
import threading
from collections.abc import Iterator

import pytest

from paperlake.warmup import collector_paused


@pytest.fixture
def collector() -> Iterator[None]:
    enabled = gc.isenabled()
    yield
    gc.unfreeze()
    (gc.enable if enabled else gc.disable)()


def test_overlapping_pauses_resume_the_collector_once_the_last_ends_and_freeze_what_they_made(collector: None) -> None:
    gc.enable()
    frozen_before = gc.get_freeze_count()
    inside, release = threading.Event(), threading.Event()

    def other_import() -> None:
        with collector_paused():
            inside.set()
            release.wait(10)

    thread = threading.Thread(target=other_import)
    with collector_paused():
        assert not gc.isenabled()
        thread.start()
        assert inside.wait(10)
        made = [[i] for i in range(1000)]  # tracked objects
    assert not gc.isenabled(), "the other thread's pause still holds"
    release.set()
    thread.join(10)
    assert gc.isenabled()
    assert gc.get_freeze_count() >= frozen_before + len(made)


def test_a_collector_that_was_off_stays_off(collector: None) -> None:
    gc.disable()
    with collector_paused():
        pass
    assert not gc.isenabled()


def _python(code: str) -> str:
    """Run ``code`` in a fresh interpreter (its imports are what is tested); its output."""
    done = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_a_module_imported_on_use_is_imported_by_the_first_read_of_one_of_its_names() -> None:
    out = _python("""
        import sys
        from paperlake.warmup import imported_on_use
        imported_on_use("colorsys")
        import colorsys
        print(type(sys.modules["colorsys"]).__name__)
        print(colorsys.rgb_to_hsv(1.0, 0.0, 0.0), type(sys.modules["colorsys"]).__name__, colorsys.hls_to_rgb(0, 0.5, 0))
    """)
    assert out.splitlines() == ["_ImportedOnUse", "(0.0, 1.0, 1.0) module (0.5, 0.5, 0.5)"]


def test_great_expectations_imports_without_scipy_stats_and_altair_and_still_uses_them() -> None:
    """The distribution tests a user's suite may hold read ``scipy.stats`` through the stand-in GX imported."""
    out = _python("""
        import sys
        from paperlake.validate import GX_UNUSED_IMPORTS, import_in_background
        import_in_background().join()
        print(sorted(type(sys.modules[name]).__name__ for name in GX_UNUSED_IMPORTS))
        from great_expectations.expectations.metrics.column_aggregate_metrics import column_bootstrapped_ks_test_p_value as ks
        print(round(ks.stats.kstest([0.1, 0.5, 0.9], "uniform").pvalue, 3), type(sys.modules["scipy.stats"]).__name__)
    """)
    assert out.splitlines() == ["['_ImportedOnUse', '_ImportedOnUse']", "0.986 module"]
