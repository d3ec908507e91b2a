"""What changed between two dataset versions: records added, removed and changed, counts by collection."""

from __future__ import annotations

from dataclasses import dataclass

import polars as pl

from paperlake.store import Warehouse


@dataclass(frozen=True)
class VersionDiff:
    """Differences from version ``a`` to version ``b``."""

    a: int
    b: int
    added: pl.DataFrame  # record_id, collection
    removed: pl.DataFrame  # record_id, collection
    changed: pl.DataFrame  # record_id, text_changed, tags_added, tags_removed, urls_added, urls_removed
    by_collection: pl.DataFrame  # collection, records_a, records_b, delta

    def as_dict(self) -> dict:
        """JSON-ready form."""
        return {
            "a": self.a,
            "b": self.b,
            "added": self.added.to_dicts(),
            "removed": self.removed.to_dicts(),
            "changed": self.changed.to_dicts(),
            "by_collection": self.by_collection.to_dicts(),
        }


def _records(warehouse: Warehouse, version: int) -> pl.DataFrame:
    return warehouse.read("records", version).select(
        "record_id", "collection", "text", pl.col("tags").list.sort(), pl.col("urls").list.sort()
    )


def diff_versions(warehouse: Warehouse, a: int, b: int) -> VersionDiff:
    """Compare two dataset versions record by record."""
    old, new = _records(warehouse, a), _records(warehouse, b)
    added = new.join(old, on="record_id", how="anti").select("record_id", "collection").sort("record_id")
    removed = old.join(new, on="record_id", how="anti").select("record_id", "collection").sort("record_id")
    both = old.join(new, on="record_id", suffix="_b")
    changed = (
        both.select(
            "record_id",
            text_changed=pl.col("text") != pl.col("text_b"),
            tags_added=pl.col("tags_b").list.set_difference("tags"),
            tags_removed=pl.col("tags").list.set_difference("tags_b"),
            urls_added=pl.col("urls_b").list.set_difference("urls"),
            urls_removed=pl.col("urls").list.set_difference("urls_b"),
        )
        .filter(
            pl.col("text_changed")
            | (pl.col("tags_added").list.len() > 0)
            | (pl.col("tags_removed").list.len() > 0)
            | (pl.col("urls_added").list.len() > 0)
            | (pl.col("urls_removed").list.len() > 0)
        )
        .sort("record_id")
    )
    counts_a = old.group_by("collection").agg(records_a=pl.len())
    counts_b = new.group_by("collection").agg(records_b=pl.len())
    by_collection = (
        counts_a.join(counts_b, on="collection", how="full", coalesce=True, nulls_equal=True)
        .with_columns(pl.col("records_a", "records_b").fill_null(0).cast(pl.Int64))
        .with_columns(delta=pl.col("records_b") - pl.col("records_a"))
        .sort("collection", nulls_last=True)
    )
    return VersionDiff(a, b, added, removed, changed, by_collection)


def format_diff(diff: VersionDiff, limit: int = 20) -> str:
    """Human-readable diff for the CLI."""
    lines = [f"v{diff.a} -> v{diff.b}: {diff.added.height} added, {diff.removed.height} removed, {diff.changed.height} changed"]
    for label, frame in (("+", diff.added), ("-", diff.removed)):
        lines += [f"  {label} {r['record_id']}  {r['collection']}" for r in frame.head(limit).iter_rows(named=True)]
    for r in diff.changed.head(limit).iter_rows(named=True):
        parts = ["text"] if r["text_changed"] else []
        parts += [f"+tag {t}" for t in r["tags_added"]] + [f"-tag {t}" for t in r["tags_removed"]]
        parts += [f"+url {u}" for u in r["urls_added"]] + [f"-url {u}" for u in r["urls_removed"]]
        lines.append(f"  ~ {r['record_id']}  " + ", ".join(parts))
    lines.append("  by collection:")
    lines += [
        f"    {r['collection'] or '(no collection)'}: {r['records_a']} -> {r['records_b']} ({r['delta']:+d})"
        for r in diff.by_collection.iter_rows(named=True)
    ]
    return "\n".join(lines)
