"""Edge: the warehouse of Delta tables and the dataset versions that tie them together.

Delta has no transaction across tables, so a dataset version is a row in the ``versions``
table, appended only after every table write succeeded. Readers resolve a dataset version to
the table versions that row names; a crash between table writes therefore leaves the
previous dataset version as the current one.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

import polars as pl
from deltalake import DeltaTable, write_deltalake

from transforms import schema

VERSIONS = pl.Schema(
    {
        "dataset_version": pl.Int64,
        "created_at": schema.TS,
        "table_versions": pl.Struct({name: pl.Int64 for name in schema.TABLES}),
        "input_files": pl.List(pl.Struct({"path": pl.String, "source_id": pl.String, "size_bytes": pl.Int64})),
        "code_version": pl.String,
        "taxonomy_sha256": pl.String,
        "expectations_sha256": pl.String,
        "validation": pl.String,
        "warnings": pl.List(pl.String),
        "counts": pl.String,
        "changes": pl.String,
    }
)


class VersionNotFound(LookupError):
    """The warehouse has no such dataset version."""


@dataclass(frozen=True)
class Warehouse:
    """A warehouse root: one Delta table per published table, plus ``versions``."""

    root: Path

    def table_path(self, name: str) -> Path:
        return self.root / name

    def versions(self) -> pl.DataFrame:
        """All dataset versions, oldest first (empty before the first publication)."""
        path = self.table_path("versions")
        if not (path / "_delta_log").is_dir():
            return pl.DataFrame(schema=VERSIONS)
        return pl.read_delta(str(path)).sort("dataset_version")

    def current_version(self) -> int | None:
        """The latest published dataset version, or None."""
        versions = self.versions()
        return None if versions.is_empty() else int(versions["dataset_version"].max())

    def version_row(self, dataset_version: int | None = None) -> dict[str, Any]:
        """The ``versions`` row of a dataset version (the current one by default)."""
        versions = self.versions()
        if versions.is_empty():
            raise VersionNotFound(f"no dataset has been published in {self.root}")
        number = dataset_version if dataset_version is not None else int(versions["dataset_version"].max())
        row = versions.filter(pl.col("dataset_version") == number)
        if row.is_empty():
            known = ", ".join(str(v) for v in versions["dataset_version"].to_list())
            raise VersionNotFound(f"dataset version {number} not found in {self.root} (versions: {known})")
        return row.row(0, named=True)

    def delta_version(self, table: str, dataset_version: int | None = None) -> int:
        """The Delta table version that a dataset version names for ``table``."""
        return int(self.version_row(dataset_version)["table_versions"][table])

    def read(self, table: str, dataset_version: int | None = None) -> pl.DataFrame:
        """A table as of a dataset version (current by default); empty schema-true frame before the first one."""
        if self.current_version() is None:
            return schema.empty(schema.TABLES[table])
        return pl.read_delta(str(self.table_path(table)), version=self.delta_version(table, dataset_version))

    def scan(self, table: str, dataset_version: int | None = None) -> pl.LazyFrame:
        """A table as of a dataset version, lazily."""
        return pl.scan_delta(str(self.table_path(table)), version=self.delta_version(table, dataset_version))

    def parquet_files(self, table: str, dataset_version: int | None = None) -> list[str]:
        """The Parquet files of a table's snapshot (for engines without a Delta reader)."""
        dt = DeltaTable(str(self.table_path(table)), version=self.delta_version(table, dataset_version))
        return dt.file_uris()

    def publish(self, tables: dict[str, pl.DataFrame], meta: dict[str, Any]) -> int:
        """Write every table, then append the ``versions`` row that makes them one dataset version."""
        self.root.mkdir(parents=True, exist_ok=True)
        previous = self.current_version()
        number = 1 if previous is None else previous + 1
        table_versions = {}
        for name, table_schema in schema.TABLES.items():
            frame = schema.conform(tables[name], table_schema)
            write_deltalake(
                str(self.table_path(name)),
                frame.to_arrow(),
                mode="overwrite",
                schema_mode="overwrite",
                commit_properties=_commit_properties(number),
            )
            table_versions[name] = DeltaTable(str(self.table_path(name))).version()
        row = {**meta, "dataset_version": number, "table_versions": table_versions}
        versions = pl.DataFrame([row], schema=VERSIONS)
        write_deltalake(str(self.table_path("versions")), versions.to_arrow(), mode="append", commit_properties=_commit_properties(number))
        return number


def _commit_properties(number: int) -> Any:
    from deltalake import CommitProperties

    return CommitProperties(custom_metadata={"paperlake.dataset_version": str(number)})


def counts_json(tables: dict[str, pl.DataFrame]) -> str:
    """Row counts per table as JSON, stored with each version."""
    return json.dumps({name: frame.height for name, frame in tables.items()}, sort_keys=True)


def now_utc() -> datetime:
    from datetime import UTC

    return datetime.now(UTC)
