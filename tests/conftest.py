"""Shared fixtures: one Prefect test harness per session, the seed files, a CLI runner."""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

# A Prefect home for the session, removed at exit; each pytest-xdist worker has its own.
if os.environ.get("PYTEST_XDIST_WORKER") or "PREFECT_HOME" not in os.environ:
    os.environ["PREFECT_HOME"] = tempfile.mkdtemp(prefix=f"paperlake-prefect-{os.environ.get('PYTEST_XDIST_WORKER', 'main')}-")
    atexit.register(shutil.rmtree, os.environ["PREFECT_HOME"], ignore_errors=True)

import paperlake  # noqa: E402,F401  (offline defaults before Prefect)
import pytest  # noqa: E402
from hypothesis import settings  # noqa: E402
from typer.testing import CliRunner  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
SEEDS = REPO / "data" / "raw"
FIXTURES = Path(__file__).resolve().parent / "fixtures"

# No per-example deadline: the properties are about results, and a busy machine (two xdist workers on two cores, CI)
# made single examples of the split properties take 250 ms against hypothesis's 200 ms default. Speed is benchmarked.
# `HYPOTHESIS_PROFILE=thorough make test` tries 20x the examples: a search for the rare input CI might draw one day.
settings.register_profile("paperlake", deadline=None)
settings.register_profile("thorough", deadline=None, max_examples=2000)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "paperlake"))


@pytest.fixture(scope="session")
def prefect_harness() -> Iterator[None]:
    """A temporary Prefect API for the whole session (starting one costs ~15 s)."""
    from prefect.testing.utilities import prefect_test_harness

    with prefect_test_harness(server_startup_timeout=180):
        yield


@pytest.fixture
def seeds(tmp_path: Path) -> Path:
    """A private copy of the bundled sample (the four seed files)."""
    target = tmp_path / "raw"
    shutil.copytree(SEEDS, target)
    return target


@pytest.fixture
def paperlake_cli(prefect_harness: None):  # noqa: ANN201
    """Invoke the CLI in-process; returns (exit_code, output)."""
    from paperlake.cli import app

    runner = CliRunner()

    def invoke(*args: str) -> tuple[int, str]:
        result = runner.invoke(app, [str(a) for a in args])
        if result.exception and not isinstance(result.exception, SystemExit):
            raise result.exception
        return result.exit_code, result.output

    return invoke
