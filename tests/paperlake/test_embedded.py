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
