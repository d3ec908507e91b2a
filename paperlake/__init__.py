"""paperlake: curated, versioned datasets from scraped paper listings.

Importing paperlake sets offline defaults (no telemetry, no analytics) for Prefect and
Great Expectations unless the environment already says otherwise.
"""

from __future__ import annotations

import os

__version__ = "0.1.0"

for _name, _value in {
    "PREFECT_SERVER_ANALYTICS_ENABLED": "false",
    "DO_NOT_TRACK": "1",
    "GX_ANALYTICS_ENABLED": "false",
    "PREFECT_LOGGING_LEVEL": "WARNING",
    "PREFECT_SERVER_LOGGING_LEVEL": "WARNING",
    "PREFECT_LOGGING_EXTRA_LOGGERS": "paperlake",  # a run's progress lines go to Prefect's run logs too
    "PREFECT_SERVER_EPHEMERAL_STARTUP_TIMEOUT_SECONDS": "180",
}.items():
    os.environ.setdefault(_name, _value)

__all__ = ["Dataset", "__version__", "open_dataset"]


def __getattr__(name: str) -> object:
    """``Dataset`` and ``open_dataset``, imported on first use: they load polars and Delta Lake,
    which the command line does not wait for before it starts Prefect's API server."""
    if name in ("Dataset", "open_dataset"):
        from paperlake import dataset

        return getattr(dataset, name)
    raise AttributeError(f"module 'paperlake' has no attribute {name!r}")
