"""Serve the curation flow on a schedule (``paperlake serve``)."""

from __future__ import annotations

from flows.curate import curate


def serve_curation(name: str, cron: str, input_dir: str, warehouse_dir: str) -> None:
    """Register a deployment with a cron schedule and run its scheduled flow runs until stopped.

    Schedules need a Prefect API that persists (``prefect server start``, PREFECT_API_URL set);
    the temporary server that ``paperlake run`` uses cannot schedule runs.
    """
    curate.serve(name=name, cron=cron, parameters={"input_dir": input_dir, "warehouse_dir": warehouse_dir})
