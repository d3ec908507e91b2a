"""Deduplication: the dedup key, record assignment and the kept-occurrence rule.

Key scheme ``k1``: normalized text, lower-cased, hyphens joined, every run of characters
that are not letters (punctuation, digits, symbols, whitespace) folded to one space.
Two blocks with the same key are exact duplicates.

Kept rule: in each record the occurrence with the longest normalized text is kept;
ties go to the smallest (path, ordinal). Never arrival order.
"""

from __future__ import annotations

import polars as pl
import xxhash

KEY_SCHEME = "k1"
RECORD_ID_PREFIX = "pl_"


def dedup_key(text: pl.Expr) -> pl.Expr:
    """The folded text two exact duplicates share (scheme ``k1``)."""
    return (
        text.str.to_lowercase()
        .str.replace_all(r"(\p{L})[\-‐‑‒–]+(\p{L})", "${1}${2}")
        .str.replace_all(r"[^\p{L}]+", " ")
        .str.strip_chars()
    )


def _hash_batch(keys: pl.Series) -> pl.Series:
    return pl.Series([None if k is None else xxhash.xxh3_128_hexdigest(k.encode()) for k in keys.to_list()], dtype=pl.String)


def key_hash(key: pl.Expr) -> pl.Expr:
    """Stable 128-bit hex hash of a dedup key (stable across processes and library versions)."""
    return key.map_batches(_hash_batch, return_dtype=pl.String)


def assign_records(blocks: pl.DataFrame, known_keys: pl.DataFrame) -> pl.DataFrame:
    """Give every accepted block a ``record_id``.

    A block whose key is already known joins that record; a new key founds a record whose id
    derives from the key hash, so the same text always founds the same id.
    """
    accepted = blocks.filter(pl.col("reject_reason").is_null())
    joined = accepted.join(known_keys.select("dedup_key", "record_id").unique("dedup_key"), on="dedup_key", how="left")
    assigned = joined.with_columns(
        record_id=pl.coalesce(pl.col("record_id"), RECORD_ID_PREFIX + pl.col("dedup_key").str.slice(0, 16))
    )
    rejected = blocks.filter(pl.col("reject_reason").is_not_null()).with_columns(record_id=pl.lit(None, dtype=pl.String))
    return pl.concat([assigned, rejected], how="diagonal_relaxed")


def mark_kept(occurrences: pl.DataFrame) -> pl.DataFrame:
    """Set ``status`` and ``similarity`` of every occurrence from the kept rule."""
    ranked = occurrences.sort(
        pl.col("text").str.len_chars(), "path", "ordinal", descending=[True, False, False], nulls_last=True
    ).with_columns(_rank=pl.int_range(pl.len()).over("record_id"))
    kept_key = pl.col("dedup_key").filter(pl.col("_rank") == 0).first().over("record_id")
    accepted = pl.col("reject_reason").is_null()
    return ranked.with_columns(
        status=pl.when(~accepted)
        .then(pl.lit("rejected"))
        .when(pl.col("_rank") == 0)
        .then(pl.lit("kept"))
        .when(pl.col("dedup_key") == kept_key)
        .then(pl.lit("duplicate"))
        .otherwise(pl.lit("near_duplicate")),
        similarity=pl.when(accepted).then(pl.lit(1.0)),
    ).drop("_rank").sort("path", "ordinal")


def deduplicate(new_blocks: pl.DataFrame, history: pl.DataFrame) -> pl.DataFrame:
    """All occurrences (published ones and the new blocks) with record ids and statuses.

    ``new_blocks`` need ``text``, ``dedup_key`` and ``reject_reason``; ``history`` is the
    published ``occurrences`` table, whose record ids are kept.
    """
    known = history.filter(pl.col("record_id").is_not_null()).select("dedup_key", "record_id")
    assigned = assign_records(new_blocks, known)
    combined = pl.concat([history.drop("status", "similarity"), assigned], how="diagonal_relaxed")
    return mark_kept(combined)
