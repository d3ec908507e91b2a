"""`paperlake serve` registers a deployment whose schedule carries the cron expression."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest


def test_served_deployment_carries_the_cron_schedule(prefect_harness: None, tmp_path: Path) -> None:
    from prefect.client.orchestration import get_client
    from prefect.exceptions import ObjectNotFound
    from prefect.settings import PREFECT_API_URL

    env = {**os.environ, "PREFECT_API_URL": str(PREFECT_API_URL.value()), "PREFECT_RUNNER_POLL_FREQUENCY": "2"}
    cmd = [sys.executable, "-m", "paperlake", "serve", "--cron", "0 * * * *", "--input", str(tmp_path), "--warehouse", str(tmp_path / "wh"), "--name", "cron-test"]
    with subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True) as server:  # closes its pipe
        try:
            deployment = None
            with get_client(sync_client=True) as client:
                deadline = time.monotonic() + 120
                while deployment is None and time.monotonic() < deadline:
                    if server.poll() is not None:
                        pytest.fail(f"serve exited early: {server.stdout.read() if server.stdout else ''}")
                    try:
                        deployment = client.read_deployment_by_name("paperlake-curate/cron-test")
                    except ObjectNotFound:
                        time.sleep(1)
            assert deployment is not None, "deployment was not registered within 120 s"
            assert [s.schedule.cron for s in deployment.schedules] == ["0 * * * *"]
            assert deployment.parameters["warehouse_dir"] == str(tmp_path / "wh")
        finally:
            server.terminate()
            server.wait(timeout=30)
