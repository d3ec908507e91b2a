"""Defaults the command line shows in its help; cheap to import (no polars, no Prefect)."""

DEFAULT_KEEP = 10  # dataset versions a vacuum keeps readable, newest first
