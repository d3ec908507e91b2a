"""Column names, table schemas and the closed vocabularies (statuses, reject reasons).

Every published table is described here once; README's table reference mirrors this file.
"""

from __future__ import annotations

from typing import Final, Literal, TypeVar, get_args

import polars as pl

Status = Literal["kept", "duplicate", "near_duplicate", "rejected"]
STATUSES: Final[tuple[str, ...]] = get_args(Status)

RejectReason = Literal[
    "header",
    "too_short",
    "too_long",
    "no_letters",
    "garbled",
    "boilerplate",
    "no_abstract",  # a paper's structured entry (BibTeX, JSON, RIS, MEDLINE) without an abstract
    "review",  # a scraped peer review or meta-review (OpenReview form labels), not an abstract
    "url_only",
    "repeated_text",
    "glued",  # decided by dedup: two abstracts in one block, each matching other blocks
    "ambiguous",  # decided by dedup: a block two different papers contain (a truncated copy of what they share)
]
REJECT_REASONS: Final[tuple[str, ...]] = get_args(RejectReason)

SourceError = Literal["empty", "binary", "gzip_too_large", "gzip_corrupt", "unreadable"]
SOURCE_ERRORS: Final[tuple[str, ...]] = get_args(SourceError)

URL_KINDS: Final[tuple[str, ...]] = ("code", "model", "data", "demo", "paper", "project", "other")

TS = pl.Datetime("us", "UTC")
Frame = TypeVar("Frame", pl.DataFrame, pl.LazyFrame)

SOURCES = pl.Schema(
    {
        "source_id": pl.String,  # sha256 of the file's bytes (as stored, before gunzip)
        "path": pl.String,  # relative to the input root, '/' separated
        "size_bytes": pl.Int64,
        "encoding": pl.String,  # detected encoding (Python codec name), null when unreadable
        "error": pl.String,  # a SOURCE_ERRORS value when the file could not be read, else null
        "header_raw": pl.String,
        "header_lang": pl.String,
        "venue": pl.String,
        "year": pl.Int32,
        "collection": pl.String,
        "part": pl.Int32,
        "n_blocks": pl.Int32,
        "ingested_at": TS,
    }
)

OCCURRENCES = pl.Schema(
    {
        "source_id": pl.String,
        "path": pl.String,
        "ordinal": pl.Int32,  # 1-based among the file's blocks after the header line
        "venue": pl.String,
        "year": pl.Int32,
        "collection": pl.String,
        "status": pl.String,  # one of STATUSES
        "reject_reason": pl.String,  # one of REJECT_REASONS when status == 'rejected'
        "record_id": pl.String,  # null only when rejected
        "similarity": pl.Float64,  # to the record's kept text; 1.0 for kept and exact duplicates
        "dedup_key": pl.String,  # hex hash of the folded dedup key (see transforms.dedup)
        "text_raw": pl.String,
        "text": pl.String,
    }
)

RECORDS = pl.Schema(
    {
        "record_id": pl.String,
        "text": pl.String,
        "text_raw": pl.String,
        "venue": pl.String,
        "year": pl.Int32,
        "collection": pl.String,
        "tags": pl.List(pl.String),
        "urls": pl.List(pl.String),
        "methods": pl.List(pl.String),  # names the abstract introduces (transforms.methods)
        "n_occurrences": pl.Int32,
        "kept_source_id": pl.String,
        "kept_ordinal": pl.Int32,
        "title": pl.String,  # the title the record's blocks name, null when none does (transforms.titles)
    }
)

TAGS = pl.Schema({"record_id": pl.String, "tag": pl.String, "evidence": pl.String})

URLS = pl.Schema(
    {
        "record_id": pl.String,
        "url": pl.String,
        "url_raw": pl.String,
        "host": pl.String,
        "domain": pl.String,
        "kind": pl.String,
        "repo": pl.String,
        "position": pl.Int32,  # 0-based order of first appearance within the record
    }
)

RECORD_MERGES = pl.Schema(
    {
        "retired_id": pl.String,  # a published record id that no longer names a record
        "surviving_id": pl.String,  # the record it was merged into
        "via_dedup_key": pl.String,  # a new dedup key of the component that bridged the records (the smallest)
        "dataset_version": pl.Int64,  # the version that merged them
    }
)

MERGE_EDGES = pl.Schema(
    {
        "dedup_key_a": pl.String,  # a new key ...
        "dedup_key_b": pl.String,  # ... and the key it was confirmed against
        "measure": pl.String,  # why it passed: 'jaccard', 'containment', or for a borderline pair 'method_name', 'cut_copy', 'spread' or 'shared_run'
        "similarity": pl.Float64,
        "dataset_version": pl.Int64,
    }
)

DEDUP_INDEX = pl.Schema(
    {
        "dedup_key": pl.String,  # one row per distinct accepted key
        "scheme": pl.String,  # signature scheme and LSH shape the band keys were made with
        "bands": pl.List(pl.Int64),  # LSH band keys (64 hash bits read as signed)
    }
)

TABLES: Final[dict[str, pl.Schema]] = {
    "sources": SOURCES,
    "occurrences": OCCURRENCES,
    "records": RECORDS,
    "tags": TAGS,
    "urls": URLS,
    "record_merges": RECORD_MERGES,
    "merge_edges": MERGE_EDGES,
}

# Published tables plus the dedup index, which only runs read (not exported).
STORED_TABLES: Final[dict[str, pl.Schema]] = {**TABLES, "dedup_index": DEDUP_INDEX}


def empty(schema: pl.Schema) -> pl.DataFrame:
    """An empty frame with exactly this schema."""
    return pl.DataFrame(schema=schema)


def conform(frame: Frame, schema: pl.Schema) -> Frame:
    """Select and cast the schema's columns in order (missing ones become null)."""
    present = frame.collect_schema().names()
    return frame.select(
        [
            (pl.col(name) if name in present else pl.lit(None)).cast(dtype).alias(name)
            for name, dtype in schema.items()
        ]
    )
