"""Edge: a run's staging area, the Parquet parts its batches write and its later stages scan.

A run stages its new blocks and the table rows it will publish under
``<warehouse>/_staging/<run>/<table>/<part>.parquet``, so no stage has to hold every block's
text in memory. Nothing in it is published: publication copies the parts into the Delta
tables, and the area is removed when the run ends, whatever the outcome (a killed run's, when the next run starts).
"""

from __future__ import annotations

import shutil
from dataclasses import dataclass
from pathlib import Path

import polars as pl


@dataclass(frozen=True)
class Staging:
    """One run's staging folder."""

    root: Path

    @classmethod
    def create(cls, warehouse_root: Path, run_name: str) -> Staging:
        """A new, empty staging folder for a run. The run holds the warehouse (``Warehouse.exclusive``), so another run's
        folder is what a killed run left behind (a whole batch of staged blocks): it is deleted first."""
        shutil.rmtree(warehouse_root / "_staging", ignore_errors=True)
        staging = cls.of(warehouse_root, run_name)
        staging.root.mkdir(parents=True)
        return staging

    @classmethod
    def of(cls, warehouse_root: Path, run_name: str) -> Staging:
        """A run's staging folder, whether or not it exists (``create`` makes it)."""
        return cls(warehouse_root / "_staging" / run_name)

    def part(self, table: str, name: str) -> Path:
        """Where a part of a staged table goes (its folder is created)."""
        folder = self.root / table
        folder.mkdir(parents=True, exist_ok=True)
        return folder / f"{name}.parquet"

    def parts(self, table: str) -> list[Path]:
        """A staged table's parts, in name order."""
        return sorted((self.root / table).glob("*.parquet"))

    def scan(self, table: str, schema: pl.Schema) -> pl.LazyFrame:
        """A staged table (every part), or an empty frame of ``schema`` when nothing was staged."""
        parts = self.parts(table)
        return pl.scan_parquet(parts) if parts else pl.LazyFrame(schema=schema)

    def remove(self) -> None:
        """Delete the staging folder (and the ``_staging`` folder when no other run uses it)."""
        shutil.rmtree(self.root, ignore_errors=True)
        try:
            self.root.parent.rmdir()
        except OSError:
            pass
