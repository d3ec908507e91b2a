"""The curation flow: raw listing files in, a validated dataset version out."""

from __future__ import annotations

import paperlake  # noqa: F401  (sets offline defaults before Prefect is imported)

import json
from dataclasses import dataclass, field
from pathlib import Path

import polars as pl
from prefect import flow, get_run_logger, task
from prefect.cache_policies import NO_CACHE

from paperlake import sources as source_files
from paperlake.config import Config, code_version, load_config
from paperlake.store import TableChange, Warehouse, now_utc
from paperlake.taxonomy import load_taxonomy, taxonomy_sha256
from paperlake.validate import EXPECTATIONS_DIR, ValidationReport, validate_tables
from transforms import dedup, methods, normalize, quality, split, tables, tags, urls
from transforms.tags import Taxonomy


class ValidationBlocked(RuntimeError):
    """Critical expectations failed; nothing was published."""

    def __init__(self, report: ValidationReport) -> None:
        lines = "\n".join("  " + f.describe() for f in report.failures if f.severity == "critical")
        docs = f"\nData Docs: {report.data_docs}" if report.data_docs else ""
        super().__init__(f"validation blocked publication; the current version is unchanged.\n{lines}{docs}")
        self.report = report


@dataclass
class RunSummary:
    """What one run saw and did."""

    files_found: int = 0
    files_new: int = 0
    blocks_new: int = 0
    blocks: int = 0
    records: int = 0
    kept: int = 0
    duplicates: int = 0
    near_duplicates: int = 0
    rejected: dict[str, int] = field(default_factory=dict)
    encodings: dict[str, int] = field(default_factory=dict)
    source_errors: dict[str, int] = field(default_factory=dict)
    urls: int = 0
    tags: int = 0
    dataset_version: int | None = None
    published: bool = False
    validation: str = "not_run"
    warnings: list[str] = field(default_factory=list)
    data_docs: str | None = None


@task(cache_policy=NO_CACHE)
def read_new_sources(input_dir: Path, warehouse: Warehouse, config: Config) -> tuple[int, pl.DataFrame]:
    """Read the files whose content the warehouse has not ingested yet."""
    paths = source_files.discover(input_dir)
    known = frozenset(warehouse.read("sources")["source_id"].to_list())
    read = source_files.read_sources(paths, input_dir, config.read, skip=known)
    return len(paths), read.filter(~pl.col("source_id").is_in(list(known)))


@task(cache_policy=NO_CACHE)
def parse_blocks(read: pl.DataFrame) -> tuple[pl.DataFrame, pl.DataFrame]:
    """Header fields per source (without the file text), raw blocks per source."""
    parsed = split.split_header(read)
    return parsed.drop("text", "body"), split.split_blocks(parsed)


@task(cache_policy=NO_CACHE)
def normalize_blocks(blocks: pl.DataFrame) -> pl.DataFrame:
    """Clean text, dedup key and the key folded for shingling, for every block."""
    return dedup.with_keys(normalize.normalize_column(blocks))


@task(cache_policy=NO_CACHE)
def classify_blocks(blocks: pl.DataFrame, parsed: pl.DataFrame, config: Config) -> pl.DataFrame:
    """Reject reasons and per-block collections."""
    return quality.classify_blocks(blocks, parsed, config.quality)


@task(cache_policy=NO_CACHE)
def match_records(blocks: pl.DataFrame, warehouse: Warehouse, config: Config) -> tuple[dedup.Matches, pl.DataFrame]:
    """Near-duplicate matching of the new keys against each other and the warehouse's dedup index."""
    accepted = blocks.filter(pl.col("reject_reason").is_null())
    key_columns = ["dedup_key", "record_id", "text"]
    same_keys = warehouse.rows_where("occurrences", "dedup_key", accepted["dedup_key"], key_columns).unique("dedup_key")
    fresh = dedup.fresh_keys(blocks, same_keys)
    band_hits = warehouse.band_matches(dedup.band_rows(fresh, config.dedup), config.dedup.lsh.scheme)
    near_keys = warehouse.rows_where("occurrences", "dedup_key", band_hits, key_columns).unique("dedup_key")
    return dedup.match_keys(fresh, near_keys, config.dedup), pl.concat([same_keys, near_keys]).unique("dedup_key")


@task(cache_policy=NO_CACHE)
def assign_records(blocks: pl.DataFrame, matches: dedup.Matches, known: pl.DataFrame, warehouse: Warehouse, config: Config) -> tuple[pl.DataFrame, pl.Series]:
    """The new blocks and every published occurrence of the records they touch, with records and statuses."""
    affected = dedup.affected_records(blocks, known, matches)
    history = warehouse.rows_where("occurrences", "record_id", affected)
    return dedup.assign(blocks, history, known, matches, config.dedup), affected


@task(cache_policy=NO_CACHE)
def deduplicate_all(blocks: pl.DataFrame, warehouse: Warehouse, config: Config) -> tuple[pl.DataFrame, pl.Series, dedup.Matches]:
    """Every occurrence, published and new, with records and statuses (when every record must be rebuilt)."""
    history = warehouse.read("occurrences")
    result = dedup.deduplicate(blocks, history, config.dedup)
    return result.occurrences, history["record_id"].drop_nulls().unique().sort(), result.matches


@task(cache_policy=NO_CACHE)
def link_urls(occurrences: pl.DataFrame) -> pl.DataFrame:
    """The urls table."""
    return urls.record_urls(occurrences)


@task(cache_policy=NO_CACHE)
def tag(occurrences: pl.DataFrame, url_table: pl.DataFrame, taxonomy: Taxonomy) -> pl.DataFrame:
    """The tags table."""
    kept = occurrences.filter(pl.col("status") == "kept").select("record_id", "text")
    return tags.tag_records(kept, url_table, taxonomy)


@task(cache_policy=NO_CACHE)
def name_methods(occurrences: pl.DataFrame) -> pl.DataFrame:
    """Method names per record."""
    return methods.record_methods(occurrences)


@task(cache_policy=NO_CACHE)
def validate(table_set: dict[str, pl.DataFrame], taxonomy: Taxonomy, expectations_dir: Path, docs_dir: Path) -> ValidationReport:
    """Great Expectations over every table."""
    return validate_tables(table_set, expectations_dir, {"taxonomy_tags": taxonomy.tags}, docs_dir)


@task(cache_policy=NO_CACHE, retries=1)
def publish(warehouse: Warehouse, changes: dict[str, TableChange], meta: dict) -> int:
    """Write the table changes and the version row that makes them current."""
    return warehouse.publish(changes, meta)


@flow(name="paperlake-curate", log_prints=False)
def curate(
    input_dir: str = "data/raw",
    warehouse_dir: str = "warehouse",
    taxonomy_file: str | None = None,
    expectations_dir: str | None = None,
    config_file: str | None = None,
) -> RunSummary:
    """Ingest new files under ``input_dir`` and publish a new dataset version when something changed."""
    logger = get_run_logger()
    config = load_config(Path(config_file) if config_file else None)
    warehouse = Warehouse(Path(warehouse_dir))
    taxonomy_path = Path(taxonomy_file) if taxonomy_file else None
    taxonomy = load_taxonomy(taxonomy_path)
    suites_dir = Path(expectations_dir) if expectations_dir else EXPECTATIONS_DIR
    started = now_utc()
    summary = RunSummary()

    files_found, read = read_new_sources(Path(input_dir), warehouse, config)
    summary.files_found, summary.files_new = files_found, read.height
    taxonomy_hash = taxonomy_sha256(taxonomy_path)
    current = warehouse.current_version()
    if read.is_empty() and current is not None and warehouse.version_row()["taxonomy_sha256"] == taxonomy_hash:
        logger.info("no new files and the same taxonomy: nothing to publish")
        return _summarize(summary, warehouse, current, published=False)

    parsed, blocks = parse_blocks(read)
    del read  # the file texts: the blocks carry what is needed from here on
    blocks = classify_blocks(normalize_blocks(blocks), parsed, config)
    retag = current is not None and warehouse.version_row()["taxonomy_sha256"] != taxonomy_hash
    if retag:  # every record's tags change: rebuild all records
        occurrences, affected, matches = deduplicate_all(blocks, warehouse, config)
    else:
        matches, known = match_records(blocks, warehouse, config)
        occurrences, affected = assign_records(blocks, matches, known, warehouse, config)
    blocks = blocks.select("source_id", "reject_reason")  # the occurrences carry the texts now
    url_table = link_urls(occurrences)
    tag_table = tag(occurrences, url_table, taxonomy)
    new_sources = tables.sources_table(parsed, blocks, started)
    table_set = {
        "sources": new_sources,
        "occurrences": occurrences,
        "records": tables.records_table(occurrences, tag_table, url_table, name_methods(occurrences)),
        "tags": tag_table,
        "urls": url_table,
        "record_merges": matches.merges,
        "merge_edges": matches.edges,
        "dedup_index": matches.bands,
    }
    summary.blocks_new = blocks.height
    summary.warnings = [f"{p}: no recognisable header; collection is null" for p in new_sources.filter(pl.col("collection").is_null() & pl.col("error").is_null())["path"]]
    docs_dir = warehouse.root / "reports" / started.strftime("%Y%m%dT%H%M%S%fZ")
    report = validate(table_set | {"run_stats": tables.run_stats(occurrences, blocks)}, taxonomy, suites_dir, docs_dir)
    summary.data_docs = str(report.data_docs) if report.data_docs else None
    summary.validation = report.outcome
    summary.warnings += [f.describe() for f in report.warnings]
    if report.blocked:
        raise ValidationBlocked(report)
    replaced = tuple(affected.to_list())
    changes = {
        name: TableChange(frame, replace_values=replaced, replace_all=retag) if name in ("occurrences", "records", "tags", "urls") else TableChange(frame)
        for name, frame in table_set.items()
    }
    meta = {
        "created_at": started,
        "input_files": new_sources.select("path", "source_id", "size_bytes").to_dicts(),
        "code_version": code_version(),
        "taxonomy_sha256": taxonomy_hash,
        "expectations_sha256": report.suites_sha256,
        "validation": report.outcome,
        "warnings": [f.describe() for f in report.warnings],
        "changes": json.dumps(_changes(table_set, affected, matches)),
    }
    version = publish(warehouse, changes, meta)
    logger.info("published dataset version %s", version)
    return _summarize(summary, warehouse, version, published=True)


def _changes(table_set: dict[str, pl.DataFrame], affected: pl.Series, matches: dedup.Matches) -> dict[str, int]:
    records = table_set["records"]["record_id"]
    return {
        "sources_added": table_set["sources"].height,
        "records_added": records.filter(~records.is_in(affected.implode())).len(),
        "records_removed": matches.merges.height,
    }


def _summarize(summary: RunSummary, warehouse: Warehouse, version: int | None, published: bool) -> RunSummary:
    counts = {} if version is None else json.loads(warehouse.version_row(version)["counts"])
    if version is not None:
        occurrences = warehouse.scan("occurrences", version).select("status", "reject_reason").collect()
        sources = warehouse.scan("sources", version).select("encoding", "error").collect()
    else:
        occurrences, sources = pl.DataFrame(schema={"status": pl.String, "reject_reason": pl.String}), pl.DataFrame(schema={"encoding": pl.String, "error": pl.String})
    status = occurrences["status"].value_counts()
    by_status = dict(zip(status["status"].to_list(), status["count"].to_list()))
    rejects = occurrences.filter(pl.col("status") == "rejected")["reject_reason"].value_counts(sort=True)
    encodings = sources["encoding"].fill_null("unreadable").value_counts(sort=True)
    errors = sources.filter(pl.col("error").is_not_null())["error"].value_counts(sort=True)
    summary.blocks = occurrences.height
    summary.records = counts.get("records", 0)
    summary.kept = by_status.get("kept", 0)
    summary.duplicates = by_status.get("duplicate", 0)
    summary.near_duplicates = by_status.get("near_duplicate", 0)
    summary.rejected = dict(zip(rejects["reject_reason"].to_list(), rejects["count"].to_list()))
    summary.encodings = dict(zip(encodings["encoding"].to_list(), encodings["count"].to_list()))
    summary.source_errors = dict(zip(errors["error"].to_list(), errors["count"].to_list()))
    summary.urls = counts.get("urls", 0)
    summary.tags = counts.get("tags", 0)
    summary.dataset_version = version
    summary.published = published
    return summary
