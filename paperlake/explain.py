"""Edge: explain a record from the warehouse: its occurrences and why each one belongs to it."""

from __future__ import annotations

import polars as pl

from paperlake.store import Warehouse
from transforms.dedup import FOLD_GAIN, KEY_SCHEME, RECORD_ID_PREFIX, folds_that_matched


class RecordNotFound(LookupError):
    """No occurrence names this record id and no merge retired it."""


def resolve(warehouse: Warehouse, record_id: str) -> tuple[str | None, pl.DataFrame]:
    """The record a (possibly retired) id names now (None: dissolved), and the merges followed to get there."""
    merges = warehouse.read("record_merges")
    followed = []
    current = record_id
    while current is not None and (step := merges.filter(pl.col("retired_id") == current)).height:
        followed.append(step.row(0, named=True))
        current = step["surviving_id"][0]
    return current, pl.DataFrame(followed, schema=merges.schema)


def _did_you_mean(warehouse: Warehouse, record_id: str) -> str:
    """Up to five record ids that start with what was given (a copied id cut short, or written without ``pl_``)."""
    given = record_id.strip().lower()
    starts = pl.col("record_id").str.starts_with(given) | pl.col("record_id").str.starts_with(RECORD_ID_PREFIX + given)
    found = warehouse.scan("records").select("record_id").filter(starts).head(5).collect()["record_id"].sort().to_list()
    return f"; did you mean {', '.join(found)}?" if found and len(given) >= 4 else ""


def explain(warehouse: Warehouse, record_id: str) -> str:
    """The cluster of a record: each occurrence with file, ordinal, collection, status and similarity, then every merge reason."""
    current, followed = resolve(warehouse, record_id)
    columns = ["source_id", "path", "ordinal", "collection", "status", "similarity", "dedup_key", "text"]
    if warehouse.current_version() is None:
        raise RecordNotFound(f"no dataset is published in {warehouse.root}: give the warehouse a run wrote (--warehouse)")
    if current is None:
        return _dissolved(warehouse, record_id, followed)
    occurrences = warehouse.rows_where("occurrences", "record_id", [current], columns).sort("path", "ordinal")
    if occurrences.is_empty():
        raise RecordNotFound(f"no record {record_id} in {warehouse.root}{_did_you_mean(warehouse, record_id)}")
    headers = warehouse.rows_where("sources", "source_id", occurrences["source_id"], ["source_id", "header_raw"])
    occurrences = occurrences.join(headers, on="source_id", how="left")
    keys = occurrences["dedup_key"].unique()
    edges = (
        warehouse.scan("merge_edges")
        .filter(pl.col("dedup_key_a").is_in(keys.implode()) | pl.col("dedup_key_b").is_in(keys.implode()))
        .collect()
        .sort("dataset_version", "dedup_key_a", "dedup_key_b")
    )
    merged_in = warehouse.read("record_merges").filter(pl.col("surviving_id") == current).sort("dataset_version", "retired_id")
    block_of = dict(occurrences.unique("dedup_key", keep="first", maintain_order=True).select("dedup_key", pl.format("{}#{}", "path", "ordinal")).iter_rows())
    block_of |= _blocks_that_left(warehouse, edges, set(block_of))
    kept = occurrences.filter(pl.col("status") == "kept").row(0, named=True)

    lines = [f"{record_id} was merged into {r['surviving_id']} in dataset version {r['dataset_version']}" for r in followed.iter_rows(named=True)]
    lines.append(f"record {current}: {occurrences.height} occurrences, kept {kept['path']}#{kept['ordinal']}")
    record = warehouse.rows_where("records", "record_id", [current])
    if "title" in record.columns and record.height and record["title"][0] is not None:  # a warehouse from before titles has none
        lines.append(f"  title: {record['title'][0]}")
    lines.append(f"  {'status':<15} {'similarity':>10}  {'file#ordinal':<40} collection (header)")
    for row in occurrences.iter_rows(named=True):
        similarity = "" if row["similarity"] is None else f"{row['similarity']:.3f}"
        place = f"{row['path']}#{row['ordinal']}"
        lines.append(f"  {row['status']:<15} {similarity:>10}  {place:<40} {row['collection']} ({row['header_raw']})")
    lines.append("why:")
    for row in occurrences.filter(pl.col("dedup_key").is_duplicated()).iter_rows(named=True):
        first = block_of[row["dedup_key"]]
        if first != f"{row['path']}#{row['ordinal']}":
            lines.append(f"  {row['path']}#{row['ordinal']} = {first}: same dedup key ({KEY_SCHEME})")
    text_of = dict(occurrences.unique("dedup_key", keep="first", maintain_order=True).select("dedup_key", "text").iter_rows())
    for edge in edges.iter_rows(named=True):
        a, b = block_of.get(edge["dedup_key_a"], edge["dedup_key_a"]), block_of.get(edge["dedup_key_b"], edge["dedup_key_b"])
        why = _why_edge(edge["measure"], edge["similarity"]) + _folded(text_of.get(edge["dedup_key_a"]), text_of.get(edge["dedup_key_b"]), edge)
        lines.append(f"  {a} ~ {b}: {why} (confirmed in dataset version {edge['dataset_version']})")
    for merge in merged_in.iter_rows(named=True):
        via = block_of.get(merge["via_dedup_key"], merge["via_dedup_key"])
        lines.append(f"  merged {merge['retired_id']} into this record in dataset version {merge['dataset_version']}: {via} matched both")
    return "\n".join(lines)


def _dissolved(warehouse: Warehouse, record_id: str, followed: pl.DataFrame) -> str:
    """A retired id with no survivor: its only blocks were rejected (glued, ambiguous) once the texts they join arrived, or
    they left with the content of a listing file that now holds other content (no occurrence has their key)."""
    *merged, last = followed.iter_rows(named=True)
    lines = [f"{record_id} was merged into {r['surviving_id']} in dataset version {r['dataset_version']}" for r in merged]
    blocks = warehouse.rows_where("occurrences", "dedup_key", [last["via_dedup_key"]], ["path", "ordinal", "reject_reason"]).sort("path", "ordinal")
    if blocks.is_empty():
        lines.append(f"{last['retired_id']} was dissolved in dataset version {last['dataset_version']}: its blocks left with their files' earlier content")
        return "\n".join(lines)
    lines.append(f"{last['retired_id']} was dissolved in dataset version {last['dataset_version']}: its blocks are rejected now")
    lines += [f"  {row['path']}#{row['ordinal']}: rejected ({row['reject_reason']})" for row in blocks.iter_rows(named=True)]
    return "\n".join(lines)


def _blocks_that_left(warehouse: Warehouse, edges: pl.DataFrame, here: set[str]) -> dict[str, str]:
    """``dedup_key -> "path#ordinal (now rejected: reason)"`` of the edge keys no occurrence of the record has (a glued block that left it)."""
    gone = pl.Series([k for k in pl.concat([edges["dedup_key_a"], edges["dedup_key_b"]]).unique().to_list() if k not in here], dtype=pl.String)
    rows = warehouse.rows_where("occurrences", "dedup_key", gone, ["dedup_key", "path", "ordinal", "reject_reason"]).sort("path", "ordinal")
    first = rows.filter(pl.col("reject_reason").is_not_null()).unique("dedup_key", keep="first", maintain_order=True)
    return dict(first.select("dedup_key", pl.format("{}#{} (now rejected: {})", "path", "ordinal", "reject_reason")).iter_rows())


def _folded(text_a: str | None, text_b: str | None, edge: dict) -> str:
    """How the shingle key's folds brought two texts together (``with accents folded (as written: jaccard 0.153)``), or
    nothing; nothing too for a Jaccard edge no higher than the texts' as written (confirmed under a scheme without the fold)."""
    if text_a is None or text_b is None:
        return ""
    folds, as_written = folds_that_matched(text_a, text_b)
    if not folds or (edge["measure"] == "jaccard" and edge["similarity"] < as_written + FOLD_GAIN):
        return ""
    return f" with {' and '.join(folds)} folded (as written: jaccard {as_written:.3f})"


def _why_edge(measure: str, similarity: float) -> str:
    """A confirmed edge's reason in words."""
    if measure == "spread":
        return f"spread {similarity:.3f} (borderline similarity, shared text throughout both abstracts, no conflicting method names)"
    if measure == "method_name":
        return f"containment {similarity:.3f} and the same method name introduced in both (borderline similarity)"
    if measure == "cut_copy":
        return f"containment {similarity:.3f} of a copy cut short (ending in an ellipsis) in the other's opening (borderline similarity)"
    if measure == "shared_run":
        return f"containment {similarity:.3f} and one long stretch of text in common: the same abstract under other page text (borderline similarity)"
    return f"{measure} {similarity:.3f}"
