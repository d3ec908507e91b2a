"""Analyst API: open one dataset version as polars LazyFrames or as DuckDB views.

```python
import paperlake
ds = paperlake.open_dataset("warehouse")            # current version; version=N for time travel
ds.records.filter(pl.col("year") == 2025).collect()
con = duckdb.connect(); ds.register_duckdb(con)     # views: sources, occurrences, records, tags, urls
```
DuckDB reads the Parquet files of the Delta snapshot directly (no extension download).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import polars as pl

from paperlake.store import Warehouse
from transforms import schema


@dataclass(frozen=True)
class Dataset:
    """One consistent dataset version of a warehouse."""

    warehouse: Warehouse
    version: int

    def scan(self, table: str) -> pl.LazyFrame:
        """A table of this version as a LazyFrame."""
        if table not in schema.TABLES:
            raise KeyError(f"unknown table {table!r}; tables: {', '.join(schema.TABLES)}")
        return self.warehouse.scan(table, self.version)

    @property
    def tables(self) -> dict[str, pl.LazyFrame]:
        """Every published table of this version."""
        return {name: self.scan(name) for name in schema.TABLES}

    @property
    def records(self) -> pl.LazyFrame:
        return self.scan("records")

    @property
    def occurrences(self) -> pl.LazyFrame:
        return self.scan("occurrences")

    @property
    def sources(self) -> pl.LazyFrame:
        return self.scan("sources")

    @property
    def tags(self) -> pl.LazyFrame:
        return self.scan("tags")

    @property
    def urls(self) -> pl.LazyFrame:
        return self.scan("urls")

    def info(self) -> dict[str, Any]:
        """The ``versions`` row of this version."""
        return self.warehouse.version_row(self.version)

    def register_duckdb(self, con: Any, prefix: str = "") -> list[str]:
        """Create one DuckDB view per table over this version's Parquet files; returns the view names."""
        names = []
        for table in schema.TABLES:
            files = self.warehouse.parquet_files(table, self.version)
            view = f"{prefix}{table}"
            if files:
                listing = ", ".join("'" + f.replace("'", "''") + "'" for f in files)
                con.execute(f'CREATE OR REPLACE VIEW "{view}" AS SELECT * FROM read_parquet([{listing}])')
            else:
                columns = ", ".join(f'CAST(NULL AS {_duck_type(dtype)}) AS "{name}"' for name, dtype in schema.TABLES[table].items())
                con.execute(f'CREATE OR REPLACE VIEW "{view}" AS SELECT {columns} WHERE false')
            names.append(view)
        return names


def _duck_type(dtype: pl.DataType) -> str:
    if isinstance(dtype, pl.List):
        return "VARCHAR[]"
    return {pl.String: "VARCHAR", pl.Int32: "INTEGER", pl.Int64: "BIGINT", pl.Float64: "DOUBLE"}.get(type(dtype), "TIMESTAMPTZ")


def open_dataset(warehouse: str | Path = "warehouse", version: int | None = None) -> Dataset:
    """Open a dataset version (the current one by default)."""
    store = Warehouse(Path(warehouse))
    row = store.version_row(version)
    return Dataset(store, int(row["dataset_version"]))
