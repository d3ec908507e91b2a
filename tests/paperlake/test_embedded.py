"""The temporary Prefect API a command-line run starts when none is configured."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

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
    env = {k: v for k, v in os.environ.items() if k != "PREFECT_API_URL"} | {"PREFECT_HOME": str(tmp_path / "prefect")}
    done = subprocess.run([sys.executable, "-c", SCRIPT], env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.split("\n")[:4] == ["api True", "heartbeats None", "stopped True", "after 180"]


AUTOMATIONS = """
import httpx
from paperlake.embedded import prefect_api, start_temporary_server

server = start_temporary_server()
with prefect_api(server):
    services = httpx.get(server.url + "/admin/settings").json()["server"]["services"]
print("triggers", services["triggers"]["enabled"], "task runs", services["task_run_recorder"]["enabled"])
"""


def test_the_temporary_server_runs_no_automations_unless_the_environment_asks(tmp_path: Path) -> None:
    """Its triggers and actions services cost ~0.7 s of its boot and would react after a server that stops with the command."""
    env = {k: v for k, v in os.environ.items() if k not in ("PREFECT_API_URL", "PREFECT_SERVER_SERVICES_TRIGGERS_ENABLED")}
    env |= {"PREFECT_HOME": str(tmp_path / "prefect")}
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
