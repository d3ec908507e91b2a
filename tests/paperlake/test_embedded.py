"""The temporary Prefect API a command-line run starts when none is configured."""

from __future__ import annotations

import contextlib
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import psutil
import pytest

from paperlake.store import Warehouse

SCRIPT = """
from paperlake.embedded import prefect_api, start_temporary_server
from prefect.settings import get_current_settings

server = start_temporary_server()
with prefect_api(server):
    settings = get_current_settings()
    print("api", settings.api.url == server.url)
    print("heartbeats", settings.flows.heartbeat_frequency)
print("stopped", server.process.poll() is not None)
print("after", get_current_settings().flows.heartbeat_frequency)
"""


def test_runs_on_the_temporary_api_send_no_heartbeats_and_the_server_stops_with_them(tmp_path: Path) -> None:
    """On a new Prefect home, as on a fresh machine: the server's first start creates and migrates its database."""
    env = {k: v for k, v in os.environ.items() if k != "PREFECT_API_URL"} | {"PREFECT_HOME": str(tmp_path / "prefect")}
    done = subprocess.run([sys.executable, "-c", SCRIPT], env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.split("\n")[:4] == ["api True", "heartbeats None", "stopped True", "after 180"]


EVENTS = """
from paperlake.embedded import prefect_api, start_temporary_server
from prefect.events import emit_event

server = start_temporary_server()
with prefect_api(server):
    for i in range(200):
        emit_event(event="paperlake.test", resource={"prefect.resource.id": f"paperlake.test.{i}"})
print("done")
"""


def test_events_left_to_send_at_the_end_print_no_warning(prefect_home: Path) -> None:
    """Prefect's events worker warns "Still processing items: 200 items remaining..." whenever items are left as it drains:
    a failed run's last events printed it above paperlake's error message."""
    env = {k: v for k, v in os.environ.items() if k != "PREFECT_API_URL"} | {"PREFECT_HOME": str(prefect_home)}
    done = subprocess.run([sys.executable, "-c", EVENTS], env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0 and done.stdout == "done\n", done.stderr[-3000:]
    assert "Still processing" not in done.stderr


AUTOMATIONS = """
import httpx
from paperlake.embedded import prefect_api, start_temporary_server

server = start_temporary_server()
with prefect_api(server):
    services = httpx.get(server.url + "/admin/settings").json()["server"]["services"]
print("triggers", services["triggers"]["enabled"], "task runs", services["task_run_recorder"]["enabled"])
"""


def test_the_temporary_server_runs_no_automations_unless_the_environment_asks(prefect_home: Path) -> None:
    """Its triggers and actions services cost ~0.7 s of its boot and would react after a server that stops with the command."""
    env = {k: v for k, v in os.environ.items() if k not in ("PREFECT_API_URL", "PREFECT_SERVER_SERVICES_TRIGGERS_ENABLED")}
    env |= {"PREFECT_HOME": str(prefect_home)}
    default = subprocess.run([sys.executable, "-c", AUTOMATIONS], env=env, capture_output=True, text=True, timeout=300)
    asked = subprocess.run(
        [sys.executable, "-c", AUTOMATIONS], env=env | {"PREFECT_SERVER_SERVICES_TRIGGERS_ENABLED": "true"}, capture_output=True, text=True, timeout=300
    )
    assert default.returncode == 0 and asked.returncode == 0, default.stderr[-3000:] + asked.stderr[-3000:]
    assert default.stdout.split("\n")[0] == "triggers False task runs True"
    assert asked.stdout.split("\n")[0] == "triggers True task runs True"


def test_a_refused_config_stops_the_server_the_command_started(tmp_path: Path) -> None:
    """``run`` starts the temporary server before it loads the config; a config it refuses stops the server too (a server
    left running would hold the command's output pipes open past the timeout)."""
    config = tmp_path / "bad.toml"
    config.write_text('[run]\nworkers = "two"\n', encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k != "PREFECT_API_URL"} | {"PREFECT_HOME": str(tmp_path / "prefect")}
    command = [sys.executable, "-m", "paperlake", "run", "--input", str(tmp_path), "--warehouse", str(tmp_path / "wh"), "--config", str(config)]
    done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 2, done.stderr[-3000:]
    assert "[run]: workers must be an integer, got 'two'" in done.stderr


STARTED = """
import time
from paperlake.embedded import start_temporary_server

server = start_temporary_server()
server.wait_until_healthy()
print(server.process.pid, flush=True)
time.sleep(300)
"""


def _ended(process: psutil.Process, timeout: float) -> bool:
    """Whether ``process`` exits within ``timeout`` seconds (a zombie nobody reaps has exited)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if process.status() == psutil.STATUS_ZOMBIE:
                return True
        except psutil.NoSuchProcess:
            return True
        time.sleep(0.2)
    return False


def test_the_temporary_server_stops_when_the_command_that_started_it_is_killed(prefect_home: Path) -> None:
    """SIGKILL (the OOM killer, a scheduler's timeout) runs no ``finally``: the server reads the end of its stdin pipe instead."""
    env = {k: v for k, v in os.environ.items() if k != "PREFECT_API_URL"} | {"PREFECT_HOME": str(prefect_home)}
    with subprocess.Popen([sys.executable, "-c", STARTED], env=env, stdout=subprocess.PIPE, text=True) as command:  # closes its pipe
        server = psutil.Process(int(command.stdout.readline()))
        try:
            command.kill()
            command.wait(timeout=30)
            assert _ended(server, timeout=30)
        finally:
            with contextlib.suppress(psutil.NoSuchProcess):
                server.kill()


def test_a_run_stopped_with_sigterm_leaves_no_server_and_publishes_nothing(tmp_path: Path, prefect_home: Path) -> None:
    """Prefect answers SIGTERM by failing the run and raising the signal again, so the command ends without its ``finally``:
    before, its temporary server (~200 MB) stayed running after every run a scheduler stopped. The staging folder goes."""
    inputs = tmp_path / "in"
    inputs.mkdir()
    words = [f"w{i}" for i in range(5000)]
    rng = random.Random(7)
    blocks = (" ".join(rng.choices(words, k=120)) + "." for _ in range(3000))
    (inputs / "listing.txt").write_text("ICML 2025 Papers\n\n" + "\n\n".join(blocks), encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k != "PREFECT_API_URL"} | {"PREFECT_HOME": str(prefect_home)}
    command = [sys.executable, "-m", "paperlake", "run", "--input", str(inputs), "--warehouse", str(tmp_path / "wh")]
    run = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    main = psutil.Process(run.pid)
    processes = [main]
    try:
        for line in run.stderr:
            if "files:" in line:  # the flow runs, on the server
                break
        processes += main.children(recursive=True)
        servers = [child for child in processes if "uvicorn" in " ".join(child.cmdline())]
        run.send_signal(signal.SIGTERM)
        errors = run.communicate(timeout=120)[1]
        # Prefect raises the signal again (status -15), unless it lands while Prefect sets up a task run, which then fails
        # with "Task run is not set" (a ValueError: status 2)
        assert run.returncode in (-signal.SIGTERM, 2), errors[-3000:]
        assert len(servers) == 1 and _ended(servers[0], timeout=30)
        assert not (tmp_path / "wh" / "_staging").exists() or not any((tmp_path / "wh" / "_staging").iterdir())
        assert Warehouse(tmp_path / "wh").current_version() is None
    finally:
        for process in processes:
            with contextlib.suppress(psutil.NoSuchProcess):
                process.kill()


WRAPPED_SIGTERM = """
import os, signal, sys, time
from polars.exceptions import PanicException
from prefect.exceptions import TerminationSignal
from prefect.utilities.engine import capture_sigterm
from paperlake.embedded import sigterm_ends_the_command

def signal_lands_in_a_rust_call(wrap):
    try:
        os.kill(os.getpid(), signal.SIGTERM)  # Prefect's handler raises TerminationSignal here
        time.sleep(30)
    except TerminationSignal as err:
        message = f"called `Result::unwrap()` on an `Err` value: PyErr {{ type: {type(err)}, value: {err!r} }}"
        if wrap == "context":
            raise ValueError("Task run is not set")
    if wrap == "lost":  # polars formatting its own error: the signal's exception is gone, no cause, no context
        raise TypeError("'<unprintable str object>' is not a Polars data type")
    raise PanicException(message)  # as pyo3 does: a new exception, the signal only in its message

with sigterm_ends_the_command(), capture_sigterm():
    if sys.argv[1] == "unrelated":
        raise PanicException("index out of bounds: the len is 0 but the index is 0")
    if sys.argv[1] == "other-signal":  # a signal that ends nothing, then an error of the body's own
        signal.signal(signal.SIGUSR1, lambda *_: None)
        os.kill(os.getpid(), signal.SIGUSR1)
        raise TypeError("'<unprintable str object>' is not a Polars data type")
    signal_lands_in_a_rust_call(sys.argv[1])
"""


@pytest.mark.parametrize(
    ("case", "status"), [("panic", -signal.SIGTERM), ("context", -signal.SIGTERM), ("lost", -signal.SIGTERM), ("unrelated", 1), ("other-signal", 1)]
)
def test_a_sigterm_that_pyo3_wraps_still_ends_the_command_by_the_signal(case: str, status: int) -> None:
    """A fresh-clone run once ended with a traceback and status 1: the SIGTERM a test sent landed while polars ran Python,
    and pyo3 turned Prefect's ``TerminationSignal`` into a ``PanicException`` that Prefect's own re-raise did not see.
    Another (the full suite at 3837368) landed where polars formats an error and drops the exception it got instead."""
    done = subprocess.run([sys.executable, "-c", WRAPPED_SIGTERM, case], capture_output=True, text=True, timeout=120)
    assert done.returncode == status, done.stderr[-3000:]
