"""Edge: start-up work of a run (imports, word lists), made cheap for the rest of the process.

Importing the pipeline, Great Expectations or Prefect's server makes about a million objects and
no garbage. ``collector_paused`` stops Python's cyclic garbage collector while such imports run
(its collections during them cost ~1 s of CPU in each process) and, when the last pause ends,
freezes what was made so far: every full collection of the run would otherwise scan all of it
again. Pauses may overlap across threads; the collector resumes when the last one ends (unless
it was off before the first).

``imported_on_use`` puts off importing a module nothing reads while it is imported: Great Expectations
imports ``scipy.stats`` (~1.1 s, for its distribution tests) and ``altair`` (~0.2 s, for charts in data
docs) with every expectation module; paperlake's suites use neither.
"""

from __future__ import annotations

import contextlib
import gc
import importlib
import importlib.util
import sys
import threading
import types
from collections.abc import Iterator
from typing import Any

_lock = threading.Lock()
_pauses = 0
_resume = False
_importing = threading.RLock()


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


class _ImportedOnUse(types.ModuleType):
    """Stands in ``sys.modules`` for a module not imported yet; the first read of one of its names imports it."""

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):  # the import system's own probes (``__path__``, ``__file__``) import nothing
            raise AttributeError(name)
        with _importing:
            if sys.modules.get(self.__name__) is self:
                del sys.modules[self.__name__]
                self.__dict__.update(vars(importlib.import_module(self.__name__)))
        return getattr(importlib.import_module(self.__name__), name)


def imported_on_use(*names: str) -> None:
    """Let ``import name`` of these modules (not imported yet) bind a stand-in that imports the module on first use."""
    for name in names:
        if name not in sys.modules and importlib.util.find_spec(name) is not None:
            sys.modules[name] = _ImportedOnUse(name)
