"""The garbage collector pause around a run's imports."""

from __future__ import annotations

import gc
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
