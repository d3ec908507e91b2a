"""Assemble the published tables from the stage outputs."""

from __future__ import annotations

from datetime import datetime

import polars as pl

from transforms import methods, schema, titles


def sources_table(parsed: pl.DataFrame, blocks: pl.DataFrame, ingested_at: datetime) -> pl.DataFrame:
    """One row per source with its header fields and block count."""
    counts = blocks.group_by("source_id").agg(n_blocks=pl.len().cast(pl.Int32))
    return schema.conform(
        parsed.join(counts, on="source_id", how="left").with_columns(
            n_blocks=pl.col("n_blocks").fill_null(0), ingested_at=pl.lit(ingested_at, dtype=schema.TS)
        ),
        schema.SOURCES,
    )


KEPT = pl.Schema(
    {
        "record_id": pl.String, "text": pl.String, "text_raw": pl.String, "venue": pl.String, "year": pl.Int32,
        "collection": pl.String, "kept_source_id": pl.String, "kept_ordinal": pl.Int32, "methods": pl.List(pl.String),
    }
)


def kept_rows(occurrences: pl.DataFrame) -> pl.DataFrame:
    """The record fields of each kept occurrence, with the method names its abstract introduces."""
    kept = occurrences.filter(pl.col("status") == "kept")
    return kept.select(
        "record_id", "text", "text_raw", "venue", "year", "collection",
        kept_source_id=pl.col("source_id"), kept_ordinal=pl.col("ordinal"),
        methods=methods.method_names(pl.col("text"), pl.col("text_raw")),
    ).cast(dict(KEPT))


LISTING = pl.Schema({"record_id": pl.String, "path": pl.String, "ordinal": pl.Int32, "venue": pl.String, "year": pl.Int32, "collection": pl.String})
# Venue keys of preprint servers (``transforms.headers``): a paper an arXiv listing holds is published at the conference
# another of its listings names, when one does.
PREPRINT_VENUES = ("ARXIV",)


def _publishes(venue: pl.Expr) -> pl.Expr:
    """A venue that publishes (not null, not a preprint server)."""
    return venue.is_not_null() & ~venue.is_in(PREPRINT_VENUES)


def listing_candidates(occurrences: schema.Frame) -> schema.Frame:
    """Per record, its first accepted occurrence (by path, ordinal) that names a venue, a preprint server's after the others
    (``PREPRINT_VENUES``), else its first that names a collection, with ``venue, year, collection``: what ``records_table``
    falls back on when the kept occurrence's file names no venue or a preprint server (any subset of a record's
    occurrences; reduce again over the union)."""
    named = occurrences.filter(pl.col("record_id").is_not_null() & pl.col("collection").is_not_null())
    venue = pl.col("venue")
    ordered = named.select(list(LISTING)).sort(pl.col("record_id"), ~_publishes(venue), venue.is_null(), pl.col("path"), pl.col("ordinal"))
    return ordered.unique("record_id", keep="first", maintain_order=True)


TITLES = pl.Schema({"record_id": pl.String, "kept": pl.Boolean, "path": pl.String, "ordinal": pl.Int32, "title": pl.String})


def title_candidates(occurrences: pl.DataFrame) -> pl.DataFrame:
    """Per record, the title its kept occurrence's raw block names (``transforms.titles``), else the one of its first
    accepted occurrence (by path, ordinal) that names one: what ``records_table`` gives as ``title`` (any subset of a
    record's occurrences; reduce again over the union with ``first_titles``)."""
    accepted = occurrences.filter(pl.col("record_id").is_not_null())
    named = accepted.select("record_id", kept=pl.col("status") == "kept", path="path", ordinal="ordinal", title=titles.title(pl.col("text_raw")))
    return first_titles(named.filter(pl.col("title").is_not_null()).cast(dict(TITLES)))


def first_titles(candidates: pl.DataFrame) -> pl.DataFrame:
    """One ``TITLES`` row per record: the kept occurrence's, else the first by path and ordinal."""
    ordered = candidates.sort("record_id", "kept", "path", "ordinal", descending=[False, True, False, False], nulls_last=True)
    return ordered.unique("record_id", keep="first", maintain_order=True)


def occurrence_counts(occurrences: schema.Frame) -> schema.Frame:
    """``record_id, n_occurrences`` over accepted occurrences (every occurrence of the records must be in the frame)."""
    return occurrences.filter(pl.col("record_id").is_not_null()).group_by("record_id").agg(n_occurrences=pl.len().cast(pl.Int32))


EXTRAS = pl.Schema({"record_id": pl.String, "n_occurrences": pl.Int32, "tags": pl.List(pl.String), "urls": pl.List(pl.String)})


def record_extras(counts: pl.DataFrame, tags: pl.DataFrame, urls: pl.DataFrame) -> pl.DataFrame:
    """``record_id, n_occurrences, tags, urls``: what a record adds to its kept row, one row per counted record."""
    tag_lists = tags.group_by("record_id", maintain_order=True).agg(tags=pl.col("tag"))
    url_lists = urls.sort("record_id", "position").group_by("record_id", maintain_order=True).agg(urls=pl.col("url"))
    empty = pl.lit([], dtype=pl.List(pl.String))
    return (
        counts.join(tag_lists, on="record_id", how="left")
        .join(url_lists, on="record_id", how="left")
        .with_columns(tags=pl.col("tags").fill_null(empty), urls=pl.col("urls").fill_null(empty))
    )


def unchanged_records(staged: pl.DataFrame, published: pl.DataFrame, ids: pl.Series) -> pl.Series:
    """Of ``ids`` (published records whose rows of one table were staged again), those whose ``staged`` rows are their
    ``published`` rows: the same rows, in any order. Their published rows can stay."""
    columns = staged.columns
    theirs = pl.col("record_id").is_in(ids.implode())
    staged_rows, published_rows = (frame.filter(theirs).group_by(columns).len() for frame in (staged, published.select(columns)))
    differing = staged_rows.join(published_rows, on=columns, how="full", nulls_equal=True, coalesce=True).filter(
        pl.col("len").ne_missing(pl.col("len_right"))
    )
    return ids.filter(~ids.is_in(differing["record_id"].implode()))


def records_table(kept: pl.DataFrame, extras: pl.DataFrame, listings: pl.DataFrame, named: pl.DataFrame) -> pl.DataFrame:
    """One row per record, in the order of the kept rows: its ``kept_rows`` with its ``record_extras`` (call it per part of
    the kept rows) and the ``title`` of its ``first_titles`` row (``named``); a kept row without a collection, or without a
    venue or with a preprint server's where another occurrence names a venue that publishes (a copy from an arXiv listing or
    an awesome list kept over a conference's), takes ``venue, year, collection`` from the record's ``listing_candidates``."""
    fallback = listings.select("record_id", _venue="venue", _year="year", _collection="collection")
    venue, fallback_venue = pl.col("venue"), pl.col("_venue")
    unnamed = pl.col("collection").is_null() | (~_publishes(venue) & _publishes(fallback_venue)) | (venue.is_null() & fallback_venue.is_not_null())
    records = (
        kept.join(extras, on="record_id", how="left", maintain_order="left")
        .join(fallback, on="record_id", how="left", maintain_order="left")
        .join(named.select("record_id", "title"), on="record_id", how="left", maintain_order="left")
        .with_columns(
            methods=pl.col("methods").fill_null(pl.lit([], dtype=pl.List(pl.String))),
            venue=pl.when(unnamed).then("_venue").otherwise("venue"),
            year=pl.when(unnamed).then("_year").otherwise("year"),
            collection=pl.when(unnamed).then("_collection").otherwise("collection"),
        )
    )
    return schema.conform(records, schema.RECORDS)


def run_stats(occurrences: pl.DataFrame, new_blocks: pl.DataFrame) -> pl.DataFrame:
    """One row of ratios for validation: rejects among ``occurrences`` (their ``status``: the dataset's) and among this run's
    ``new_blocks``, duplicates among accepted occurrences, and the records they keep."""
    accepted = occurrences.filter(pl.col("status") != "rejected")
    kept = accepted.filter(pl.col("status") == "kept").height
    return pl.DataFrame(
        {
            "blocks": [occurrences.height],
            "records": [kept],
            "reject_ratio": [(occurrences.height - accepted.height) / occurrences.height if occurrences.height else 0.0],
            "reject_ratio_new": [
                new_blocks["reject_reason"].is_not_null().mean() if new_blocks.height else 0.0
            ],
            "duplicate_ratio": [(accepted.height - kept) / accepted.height if accepted.height else 0.0],
        }
    )
