"""The curation flow's per-batch work, run in worker processes: plain functions, no Prefect.

``stage_blocks`` turns one batch of new files into staged blocks (read, split, normalize,
dedup keys, quality). Once dedup has decided every block's record, ``stage_outputs`` turns
one staged part into staged occurrences, kept records (with method names), URL candidates
and text tags; ``stage_records`` turns one part of kept rows into records. All write to the
run's ``Staging`` area and return only counts, so the flow's own process never holds the texts
of all blocks at once.
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

import polars as pl
import pyarrow as pa
import pyarrow.parquet as pq

from paperlake import sources as source_files
from paperlake.sources import ReadLimits
from paperlake.staging import Staging
from transforms import dedup, normalize, quality, schema, split, tables, tags, urls
from transforms.dedup import DedupParams
from transforms.quality import QualityThresholds
from transforms.tags import Taxonomy

# What dedup decided for each new block, staged once for every part to join (dedup rejects a glued block).
STATUS = pl.Schema(
    {"source_id": pl.String, "ordinal": pl.Int32, "record_id": pl.String, "status": pl.String, "reject_reason": pl.String, "similarity": pl.Float64}
)
# The staged block columns dedup reads (not the texts), plus each block's shingle key, LSH band keys and passage hashes,
# and its text (read only for the keys of candidate pairs).
SLIM_BLOCKS = pl.Schema(
    {"source_id": pl.String, "path": pl.String, "ordinal": pl.Int32, "dedup_key": pl.String, "reject_reason": pl.String, "text_len": pl.UInt32, "text_damage": pl.UInt32}
)
STAGED_BLOCKS = pl.Schema({**SLIM_BLOCKS, "folded": pl.String, "bands": pl.List(pl.Int64), "passages": pl.List(pl.Int64), "text": pl.String})
# Every column of a staged blocks part, in order.
STAGED_BLOCKS_PART = pl.Schema(
    {
        **split.BLOCKS,
        "text": pl.String,
        "dedup_key": pl.String,
        "folded": pl.String,
        "venue": pl.String,
        "year": pl.Int32,
        "collection": pl.String,
        "reject_reason": pl.String,
        "bands": pl.List(pl.Int64),
        "passages": pl.List(pl.Int64),
        "text_len": pl.UInt32,
        "text_damage": pl.UInt32,
    }
)
# Rows per published file of occurrences and of records: a later run that changes a record rewrites every file holding
# one of its rows (Delta copy-on-write), so small files keep that rewrite small. Records are ordered by their kept
# occurrence's file, so the records a new copy of a listing touches sit in a few files; the copies of records kept
# elsewhere touch a file each, and a file of 1,000 records (~0.8 MB) costs ~0.03 s to rewrite, one of 5,000 ~0.11 s.
OCCURRENCE_FILE_ROWS = 10_000
RECORD_FILE_ROWS = 1_000
# Tags and urls are staged in their records' order too, in files of this many rows (~11,000 records' tags, ~0.2 MB):
# before, each run wrote them as one file, which a run that changed one record's tags rewrote whole (at 1M, 4.5 million
# rows, ~1.1 s; growing with the warehouse).
RECORD_ROWS_FILE_ROWS = 50_000
# Occurrences up to which a run stages its outputs and records in its own process (``in_workers`` with one worker).
INLINE_ROWS = 20_000
# The records a run touches (their published occurrences are staged with the new blocks).
AFFECTED = pl.Schema({"record_id": pl.String})
# Parts with texts that only the run reads (blocks, kept rows): lz4 writes them ~3x faster than
# zstd, at twice the size; parts that are published (occurrences, records) keep zstd.
SCRATCH = {"compression": "lz4"}
# Blocks normalized, keyed, classified and signed at a time (~70 MB of text).
STAGE_ROWS = 50_000
# A plain file larger than this (and than a batch) is read in pieces of about this size: a 290 MB file
# then peaks at 1.5 GB, not 2.7 GB read whole, at the same speed (4 MB pieces: 0.7 GB, 13% slower).
PIECE_BYTES = 16 * 1024 * 1024
# A block's collection fields, which the blocks of the next piece of a file read in pieces inherit.
SCOPE = pl.Schema({"venue": pl.String, "year": pl.Int32, "collection": pl.String})

Item = TypeVar("Item")
Result = TypeVar("Result")


@dataclass(frozen=True)
class BlockBatch:
    """A group of new input files, staged as blocks part ``name``."""

    name: str
    root: Path
    files: tuple[str, ...]
    staging: Path
    read: ReadLimits
    quality: QualityThresholds
    dedup: DedupParams
    piece_bytes: int = PIECE_BYTES  # a batch that is one larger plain file reads it in pieces of about this size


def stage_blocks(batch: BlockBatch) -> int:
    """Read, split, normalize, key, classify and sign (band keys, passage hashes) a batch of files into staged ``sources`` and ``blocks``; blocks staged.

    A batch that is one large plain file is read in pieces cut at empty lines
    (``sources.stream_source``), each piece continuing the ordinals and the collection of the
    one before; after splitting, ``STAGE_ROWS`` blocks at a time. So a large file stays within memory.
    """
    staging = Staging(batch.staging)
    staged, scope = 0, None
    with pq.ParquetWriter(staging.part("blocks", batch.name), _arrow_schema(STAGED_BLOCKS_PART), compression=SCRATCH["compression"]) as writer:
        for texts in _texts(batch):
            if scope is None:
                parsed = split.split_header(texts)
                parsed.drop("text", "body").write_parquet(staging.part("sources", batch.name))
                scope = parsed.select("venue", "year", "collection").row(0, named=True) if parsed.height else {}
            else:
                parsed = split.split_continuation(texts.with_columns(**{k: pl.lit(v, SCOPE[k]) for k, v in scope.items()}))
            blocks = quality.scope_blocks(split.split_blocks(parsed), parsed).with_columns(pl.col("ordinal") + staged)
            del parsed, texts
            for rows in blocks.iter_slices(STAGE_ROWS):
                writer.write_table(_staged_blocks(rows, batch).to_arrow())
            if blocks.height:
                scope = blocks.select(list(SCOPE)).row(-1, named=True)
            staged += blocks.height
    return staged


def _texts(batch: BlockBatch) -> Iterator[pl.DataFrame]:
    """The batch's files read (``sources.READ_SCHEMA``); for one large plain file, one frame per piece of its text."""
    files = [source_files.fs_path(f) for f in batch.files]
    streamed = source_files.stream_source(files[0], batch.root, batch.piece_bytes, batch.read) if len(files) == 1 else None
    if streamed is None:
        yield source_files.read_sources(files, batch.root, batch.read)
        return
    row, pieces = streamed
    for text in pieces:
        yield pl.DataFrame([{**row, "text": text}], schema=source_files.READ_SCHEMA)


def _staged_blocks(scoped: pl.DataFrame, batch: BlockBatch) -> pl.DataFrame:
    """A slice of scoped blocks, normalized, keyed, classified and signed, in ``STAGED_BLOCKS_PART``'s columns."""
    blocks = quality.reject_blocks(dedup.with_keys(normalize.normalize_column(scoped)), batch.quality)
    keys = dedup.with_bands(blocks.select("dedup_key", "folded").unique("dedup_key"), batch.dedup)
    blocks = blocks.join(keys.select("dedup_key", "bands", "passages"), on="dedup_key", how="left", maintain_order="left")
    return dedup.with_text_stats(blocks).select(STAGED_BLOCKS_PART.names()).cast(dict(STAGED_BLOCKS_PART))


def _arrow_schema(columns: pl.Schema) -> pa.Schema:
    return pl.DataFrame(schema=columns).to_arrow().schema


@dataclass(frozen=True)
class OutputBatch:
    """One part to turn into output rows: new blocks (joined with ``statuses``), the touched
    published occurrences (part ``TOUCHED``), both (``with_touched``: a run of a few new blocks
    pays the outputs' fixed costs once), or (when the taxonomy changed) a published occurrences file, of
    whose rows only the records this run does not touch (not in the staged ``affected`` ids) count."""

    name: str
    staging: Path
    taxonomy: Taxonomy
    from_blocks: bool = True
    published_file: Path | None = None
    with_touched: bool = False


# The staged part of the touched published occurrences (``touched/<TOUCHED>``), and the output part made of them alone.
TOUCHED = "published"


def stage_outputs(batch: OutputBatch) -> int:
    """Stage a part's ``kept`` rows, ``url_candidates``, ``listings``, ``titles`` and ``text_tags`` (and
    ``occurrences``, for new blocks); the part's occurrences."""
    staging = Staging(batch.staging)
    if batch.published_file is not None:
        affected = staging.scan("affected", AFFECTED)
        occurrences = pl.scan_parquet(batch.published_file).join(affected, on="record_id", how="anti").collect()
    elif batch.from_blocks:
        statuses = staging.scan("statuses", STATUS)
        blocks = pl.scan_parquet(staging.part("blocks", batch.name)).drop("folded", "bands", "passages", "text_len", "text_damage", "reject_reason")
        occurrences = schema.conform(blocks.join(statuses, on=["source_id", "ordinal"], how="left"), schema.OCCURRENCES).sort("path", "ordinal").collect()
        for i, rows in enumerate(occurrences.iter_slices(OCCURRENCE_FILE_ROWS)):
            rows.write_parquet(staging.part("occurrences", f"{batch.name}-{i:03d}"))
        if batch.with_touched:
            occurrences = pl.concat([occurrences, pl.read_parquet(staging.part("touched", TOUCHED))])
    else:
        occurrences = pl.read_parquet(staging.part("touched", TOUCHED))
    kept = tables.kept_rows(occurrences)
    kept.write_parquet(staging.part("kept", batch.name), **SCRATCH)
    urls.url_candidates(occurrences).write_parquet(staging.part("url_candidates", batch.name))
    tables.listing_candidates(occurrences).write_parquet(staging.part("listings", batch.name))
    tables.title_candidates(occurrences).write_parquet(staging.part("titles", batch.name))
    tags.text_tags(kept, batch.taxonomy).write_parquet(staging.part("text_tags", batch.name))
    return occurrences.height


def in_workers(fn: Callable[[Item], Result], items: list[Item], workers: int) -> Iterator[Result]:
    """``fn`` over ``items``, results in order, on a pool of ``workers`` spawned processes (inline when one suffices).

    The pool lives only as long as the iteration, so its processes give their memory back.
    """
    if workers == 1 or len(items) < 2:
        yield from map(fn, items)
        return
    with ProcessPoolExecutor(min(workers, len(items)), mp_context=multiprocessing.get_context("spawn")) as pool:
        yield from pool.map(fn, items)


@dataclass(frozen=True)
class RecordsBatch:
    """One staged part of kept rows (``kept/<name>``) to turn into ``records/<name>``."""

    name: str
    staging: Path


def stage_records(batch: RecordsBatch) -> int:
    """Stage the ``records`` rows of one part of kept rows, with the staged ``extras``, ``listings`` and ``titles`` of their records;
    rows staged."""
    staging = Staging(batch.staging)
    kept = pl.read_parquet(staging.part("kept", batch.name))
    ids = kept.select("record_id").lazy()
    extras = staging.scan("extras", tables.EXTRAS).join(ids, on="record_id", how="semi").collect()
    listings = staging.scan("listings", tables.LISTING).join(ids, on="record_id", how="semi")
    named = staging.scan("titles", tables.TITLES).join(ids, on="record_id", how="semi").collect()
    records = tables.records_table(kept, extras, tables.listing_candidates(listings).collect(), tables.first_titles(named))
    for i, rows in enumerate(records.iter_slices(RECORD_FILE_ROWS)):
        rows.write_parquet(staging.part("records", f"{batch.name}-{i:03d}"))
    return records.height
