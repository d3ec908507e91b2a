"""Shared fixtures: a migrated Prefect database, one Prefect API per session, the seed files, a CLI runner."""

from __future__ import annotations

import atexit
import contextlib
import fcntl
import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

# A Prefect home for the session, removed at exit; each pytest-xdist worker has its own.
if os.environ.get("PYTEST_XDIST_WORKER") or "PREFECT_HOME" not in os.environ:
    os.environ["PREFECT_HOME"] = tempfile.mkdtemp(prefix=f"paperlake-prefect-{os.environ.get('PYTEST_XDIST_WORKER', 'main')}-")
    atexit.register(shutil.rmtree, os.environ["PREFECT_HOME"], ignore_errors=True)

import random  # noqa: E402

import paperlake  # noqa: E402,F401  (offline defaults before Prefect)
import pytest  # noqa: E402
import websockets.asyncio.connection  # noqa: E402
import websockets.client  # noqa: E402
from hypothesis import settings  # noqa: E402
from typer.testing import CliRunner  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
SEEDS = REPO / "data" / "raw"
FIXTURES = Path(__file__).resolve().parent / "fixtures"

# No per-example deadline: the properties are about results, and a busy machine (two xdist workers on two cores, CI)
# made single examples of the split properties take 250 ms against hypothesis's 200 ms default. Speed is benchmarked.
# `HYPOTHESIS_PROFILE=thorough make test` tries 20x the examples: a search for the rare input CI might draw one day.
# CI (`.ci/run`) draws the same examples on every run (`ci`): a rare input found there once made the run red and spent
# minutes shrinking; a local `make test` keeps drawing new ones.
settings.register_profile("paperlake", deadline=None)
settings.register_profile("ci", deadline=None, derandomize=True)
settings.register_profile("thorough", deadline=None, max_examples=2000)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "paperlake"))

# The session's Prefect API keeps an events websocket open, whose keepalive pings (every 20 s, on Prefect's event loop
# thread) draw their payload from the global `random`: a ping during a hypothesis draw made hypothesis warn "Do not use the
# `random` module inside strategies" (HypothesisDeprecationWarning) in whichever property test was drawing. The pings (and
# the reconnection backoff) get a generator of their own, and the global one is the tests' alone.
websockets.asyncio.connection.random = websockets.client.random = random.Random()


@pytest.fixture(scope="session")
def migrated_prefect_home(tmp_path_factory: pytest.TempPathFactory, worker_id: str) -> Path:
    """A Prefect home whose database has every migration applied, made once per test session and shared by the xdist
    workers: a new database takes ~13 s of migrations on its first server start, a copy of this one none."""
    shared = tmp_path_factory.getbasetemp() if worker_id == "master" else tmp_path_factory.getbasetemp().parent
    template = shared / "prefect-migrated"
    with (shared / "prefect-migrated.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # one worker migrates, the other waits for it
        if not (template / "migrated").exists():
            template.mkdir(exist_ok=True)
            from paperlake.embedded import start_temporary_server

            with _environment(PREFECT_HOME=str(template), PREFECT_API_URL=None):
                server = start_temporary_server()
            assert server is not None
            try:
                server.wait_until_healthy()
            finally:
                server.stop()
            (template / "migrated").touch()
    return template


def copy_prefect_home(template: Path, home: Path) -> Path:
    """``home`` as a Prefect home holding a copy of ``template``'s database (its write-ahead log too: the server that
    wrote it was stopped, not checkpointed)."""
    home.mkdir(parents=True, exist_ok=True)
    for name in ("prefect.db", "prefect.db-wal"):
        if (template / name).exists():
            shutil.copy(template / name, home / name)
    return home


@pytest.fixture
def prefect_home(migrated_prefect_home: Path, tmp_path: Path) -> Path:
    """A Prefect home of the test's own, its database already migrated (for commands the test runs as subprocesses)."""
    return copy_prefect_home(migrated_prefect_home, tmp_path / "prefect")


@contextlib.contextmanager
def _environment(**values: str | None) -> Iterator[None]:
    """``os.environ`` with ``values`` set (None: unset), restored after."""
    saved = {name: os.environ.get(name) for name in values}
    _set_environment(values)
    try:
        yield
    finally:
        _set_environment(saved)


def _set_environment(values: dict[str, str | None]) -> None:
    for name, value in values.items():
        if value is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = value


@pytest.fixture(scope="session")
def prefect_harness(migrated_prefect_home: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """A temporary Prefect API for the whole session: the server ``paperlake run`` starts (``paperlake.embedded``), on a
    copy of the migrated database in a home of its own (runs of the CLI as a subprocess use ``PREFECT_HOME``'s)."""
    from paperlake.embedded import prefect_api, start_temporary_server

    home = copy_prefect_home(migrated_prefect_home, tmp_path_factory.mktemp("prefect-server"))
    with _environment(PREFECT_HOME=str(home), PREFECT_API_URL=None):
        server = start_temporary_server()
    assert server is not None, "PREFECT_API_URL names an API: the tests run on a server of their own"
    with prefect_api(server):
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
