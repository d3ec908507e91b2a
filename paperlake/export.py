"""Edge: export one dataset version as plain Parquet files plus a manifest."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from paperlake.store import Warehouse
from transforms import schema


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        while chunk := handle.read(1 << 20):
            digest.update(chunk)
    return digest.hexdigest()


def export_version(warehouse: Warehouse, target: Path, dataset_version: int | None = None) -> dict:
    """Write ``<table>.parquet`` for every table and ``manifest.json``; return the manifest."""
    row = warehouse.version_row(dataset_version)
    number = int(row["dataset_version"])
    target.mkdir(parents=True, exist_ok=True)
    files, counts = {}, {}
    for name in schema.TABLES:
        frame = warehouse.read(name, number)
        path = target / f"{name}.parquet"
        frame.write_parquet(path, compression="zstd", statistics=True)
        files[path.name] = _sha256(path)
        counts[name] = frame.height
    sources = warehouse.read("sources", number)
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
    return manifest
