"""Edge: export one dataset version as plain Parquet files plus a manifest."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import polars as pl

from paperlake.card import write_cards
from paperlake.store import Warehouse
from transforms import schema


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        while chunk := handle.read(1 << 20):
            digest.update(chunk)
    return digest.hexdigest()


def export_version(warehouse: Warehouse, target: Path, dataset_version: int | None = None) -> dict:
    """Write ``<table>.parquet`` for every table, ``manifest.json`` and the dataset cards; return the manifest."""
    row = warehouse.version_row(dataset_version)
    number = int(row["dataset_version"])
    target.mkdir(parents=True, exist_ok=True)
    files, counts, tables = {}, {}, {}
    for name in schema.TABLES:
        frame = tables[name] = warehouse.read(name, number)
        path = target / f"{name}.parquet"
        frame.write_parquet(path, compression="zstd", statistics=True)
        files[path.name] = _sha256(path)
        counts[name] = frame.height
    sources = tables["sources"]
    manifest = {
        "dataset_version": number,
        "created_at": row["created_at"].isoformat(),
        "code_version": row["code_version"],
        "validation": row["validation"],
        "row_counts": counts,
        "sha256": files,
        "input_files": sources.select("path", "source_id", "size_bytes").to_dicts(),
    }
    (target / "manifest.json").write_text(json.dumps(manifest, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    lineage = warehouse.versions().filter(pl.col("dataset_version") <= number).select(
        version="dataset_version", created_at=pl.col("created_at").dt.strftime("%Y-%m-%d %H:%M:%SZ"), validation="validation", changes="changes"
    )
    write_cards(target, manifest, tables, lineage)
    return manifest
