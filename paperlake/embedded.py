"""Edge: the Prefect API a command-line run talks to.

With no API configured, Prefect starts a temporary local server when the flow begins and
waits for it (5–10 s). ``paperlake run`` starts the same server (Prefect's own app under
uvicorn, as Prefect's ephemeral mode runs it) before it imports the pipeline, so the server
boots on one core while the other imports and reads; then the flow uses it and it stops
with the command, also when the command is killed (``_stop_with_parent``). A configured API
(``PREFECT_API_URL`` in the environment or the active Prefect profile) is used as it is.
"""

from __future__ import annotations

import contextlib
import logging
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass

from paperlake.warmup import collector_paused

STARTUP_TIMEOUT_S = 180.0
# The temporary server runs no automations (Prefect's triggers and actions services, ~0.7 s of its boot: the actions
# service builds two in-process API clients): they react to events after the fact, and this server stops with the
# command. Setting this variable in the environment keeps them; a lasting server (PREFECT_API_URL) runs them as it is set up.
AUTOMATIONS_SETTING = "PREFECT_SERVER_SERVICES_TRIGGERS_ENABLED"
# Set in the temporary server's environment: its stdin is a pipe from the command, and the server stops when that closes.
STOP_WITH_PARENT = "PAPERLAKE_STOP_WITH_PARENT"


@dataclass
class TemporaryServer:
    """A Prefect API server subprocess on a free local port."""

    process: subprocess.Popen
    url: str

    def wait_until_healthy(self, timeout: float = STARTUP_TIMEOUT_S) -> None:
        """Block until the server answers its health check; raise if it exits or times out."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the temporary Prefect server exited with code {self.process.returncode}")
            with contextlib.suppress(urllib.error.URLError, OSError):
                with urllib.request.urlopen(f"{self.url}/health", timeout=2) as response:
                    if response.status == 200:
                        return
            time.sleep(0.1)
        raise RuntimeError(f"the temporary Prefect server did not answer within {timeout:.0f} s")

    def stop(self) -> None:
        """Terminate the server (kill it if it does not stop within 5 s)."""
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        if self.process.stdin is not None:
            self.process.stdin.close()


def _free_port() -> int:
    with contextlib.closing(socket.socket(socket.AF_INET, socket.SOCK_STREAM)) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def server_app() -> object:
    """Prefect's API app (the temporary server's factory), built with the garbage collector paused (``collector_paused``):
    the server's import makes ~450,000 objects, and collections during it cost ~1 s of its boot."""
    if os.environ.get(STOP_WITH_PARENT):
        threading.Thread(target=_stop_with_parent, name="stop-with-parent", daemon=True).start()
    with collector_paused():
        from prefect.server.api.server import create_app

        return create_app()


def _stop_with_parent() -> None:
    """Stop this server as soon as the command that started it is gone, however it ended (a scheduler's SIGTERM, after
    which Prefect re-raises the signal and no ``finally`` runs; SIGKILL; a crash): the pipe on stdin then reads its end.
    uvicorn shuts down on SIGTERM; a server that has not stopped 10 s later exits anyway."""
    sys.stdin.buffer.read()
    os.kill(os.getpid(), signal.SIGTERM)
    time.sleep(10)
    os._exit(1)


def start_temporary_server() -> TemporaryServer | None:
    """Start Prefect's API server in the background, unless the environment (or loaded Prefect settings) name an API."""
    if os.environ.get("PREFECT_API_URL"):
        return None
    if "prefect.settings" in sys.modules and sys.modules["prefect.settings"].get_current_settings().api.url:
        return None  # Prefect is already loaded with an API (a test harness, a host application)
    package_dir = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # the folder that holds paperlake, not the cwd
    port = _free_port()
    command = [
        sys.executable, "-m", "uvicorn", "--app-dir", package_dir, "--factory", f"{__name__}:server_app",
        "--host", "127.0.0.1", "--port", str(port), "--log-level", "error", "--lifespan", "on",
    ]
    env = {**os.environ, "PREFECT_UI_ENABLED": "0", "PREFECT__SERVER_EPHEMERAL": "1", "PREFECT__SERVER_FINAL": "1", STOP_WITH_PARENT: "1"}
    env.setdefault(AUTOMATIONS_SETTING, "false")
    return TemporaryServer(subprocess.Popen(command, env=env, stdin=subprocess.PIPE), f"http://127.0.0.1:{port}/api")


def _drain_prefect_workers() -> None:
    """Send Prefect's buffered logs and events while the server is up (else they retry until exit), without the worker's
    "Still processing items: 2 items remaining..." warning, which it logs whenever items are left as draining starts."""
    from prefect.events.worker import EventsWorker
    from prefect.logging.handlers import APILogWorker

    with quiet_loggers(APILogWorker.__name__, EventsWorker.__name__):
        APILogWorker.drain_all(timeout=10)
        EventsWorker.drain_all(timeout=10)


@contextlib.contextmanager
def quiet_loggers(*names: str) -> Iterator[None]:
    """Only errors from the loggers ``names`` in the body."""
    loggers = [logging.getLogger(name) for name in names]
    levels = [logger.level for logger in loggers]
    for logger in loggers:
        logger.setLevel(logging.ERROR)
    try:
        yield
    finally:
        for logger, level in zip(loggers, levels, strict=True):
            logger.setLevel(level)


@contextlib.contextmanager
def prefect_api(server: TemporaryServer | None) -> Iterator[None]:
    """Run the body against ``server`` (once healthy) unless a Prefect profile names an API; stop it after."""
    from prefect.settings import PREFECT_API_URL, PREFECT_FLOWS_HEARTBEAT_FREQUENCY, get_current_settings, temporary_settings

    try:
        if server is None or get_current_settings().api.url:
            if server is not None:
                server.stop()
            yield
            return
        import fastapi.encoders  # noqa: F401  (Prefect imports it as the flow run starts: ~0.3 s, while the server still boots)

        server.wait_until_healthy()
        # No flow-run heartbeats: they let a lasting server mark a crashed run, and this one stops with the command;
        # Prefect's heartbeat thread also holds the end of every run for up to a second (it sleeps in 1 s steps).
        with temporary_settings(updates={PREFECT_API_URL: server.url, PREFECT_FLOWS_HEARTBEAT_FREQUENCY: None}):
            try:
                yield
            finally:
                _drain_prefect_workers()
    finally:
        if server is not None:
            server.stop()


@contextlib.contextmanager
def sigterm_ends_the_command() -> Iterator[None]:
    """End the process by SIGTERM when the body failed because one arrived.

    Prefect turns SIGTERM into ``TerminationSignal`` and raises the signal again once its flow engine has it, so a
    scheduler sees status -15. When the signal lands inside a Rust call into Python (a polars callback), pyo3 wraps the
    exception in a ``PanicException``, or polars drops it while formatting an error of its own (``'<unprintable str
    object>' is not a Polars data type``), and Prefect's re-raise does not see it: the command would end with a traceback
    and status 1. Here any exception that comes of a ``TerminationSignal`` (wrapped, or as the cause or context of
    another), or that ends a body during which a SIGTERM arrived (the signal module's wakeup file descriptor records
    every signal a Python handler takes), ends the process the way the signal would have."""
    arrived, wakeup = socket.socketpair()
    wakeup.setblocking(False)
    arrived.setblocking(False)
    try:
        previous = signal.set_wakeup_fd(wakeup.fileno(), warn_on_full_buffer=False)
    except ValueError:  # not the main thread: no record of signals, the exceptions still tell
        previous = None
    try:
        yield
    except BaseException as err:
        if _comes_of_sigterm(err) or (previous is not None and signal.SIGTERM in _signals_taken(arrived)):
            signal.signal(signal.SIGTERM, signal.SIG_DFL)
            os.kill(os.getpid(), signal.SIGTERM)
        raise
    finally:
        if previous is not None:
            signal.set_wakeup_fd(previous)
        arrived.close()
        wakeup.close()


def _signals_taken(arrived: socket.socket) -> set[int]:
    """The signal numbers written to a wakeup socket so far."""
    taken: set[int] = set()
    with contextlib.suppress(BlockingIOError):
        while chunk := arrived.recv(4096):
            taken.update(chunk)
    return taken


def _comes_of_sigterm(err: BaseException) -> bool:
    from prefect.exceptions import TerminationSignal

    seen: set[int] = set()
    current: BaseException | None = err
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        if isinstance(current, TerminationSignal) or (
            type(current).__name__ == "PanicException" and TerminationSignal.__name__ in str(current)
        ):
            return True
        current = current.__cause__ or current.__context__
    return False
