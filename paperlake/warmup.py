"""Edge: start-up work of a run (imports, word lists), made cheap for the rest of the process.

Importing the pipeline, Great Expectations or Prefect's server makes about a million objects and
no garbage. ``collector_paused`` stops Python's cyclic garbage collector while such imports run
(its collections during them cost ~1 s of CPU in each process) and, when the last pause ends,
freezes what was made so far: every full collection of the run would otherwise scan all of it
again. Pauses may overlap across threads; the collector resumes when the last one ends (unless
it was off before the first).
"""

from __future__ import annotations

import contextlib
import gc
import threading
from collections.abc import Iterator

_lock = threading.Lock()
_pauses = 0
_resume = False


@contextlib.contextmanager
def collector_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector for the body; the last pause to end freezes the objects tracked so far and resumes it."""
    global _pauses, _resume
    with _lock:
        if _pauses == 0:
            _resume = gc.isenabled()
            gc.disable()
        _pauses += 1
    try:
        yield
    finally:
        with _lock:
            _pauses -= 1
            if _pauses == 0 and _resume:
                gc.freeze()
                gc.enable()
