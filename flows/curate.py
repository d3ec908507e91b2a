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
from paperlake.store import Warehouse, counts_json, now_utc
from paperlake.taxonomy import load_taxonomy, taxonomy_sha256
from paperlake.validate import EXPECTATIONS_DIR, ValidationReport, suites_sha256, validate_tables
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
    known = set(warehouse.read("sources")["source_id"].to_list())
    read = source_files.read_sources(paths, input_dir, config.read)
    return len(paths), read.filter(~pl.col("source_id").is_in(list(known)))


@task(cache_policy=NO_CACHE)
def parse_blocks(read: pl.DataFrame) -> tuple[pl.DataFrame, pl.DataFrame]:
    """Header fields per source, raw blocks per source."""
    parsed = split.split_header(read)
    return parsed, split.split_blocks(parsed)


@task(cache_policy=NO_CACHE)
def normalize_blocks(blocks: pl.DataFrame) -> pl.DataFrame:
    """Clean text and dedup key for every block."""
    with_text = blocks.with_columns(text=normalize.normalize_text(pl.col("text_raw")))
    return with_text.with_columns(dedup_key=dedup.key_hash(dedup.dedup_key(pl.col("text"))))


@task(cache_policy=NO_CACHE)
def classify_blocks(blocks: pl.DataFrame, parsed: pl.DataFrame, config: Config) -> pl.DataFrame:
    """Reject reasons and per-block collections."""
    return quality.classify_blocks(blocks, parsed, config.quality)


@task(cache_policy=NO_CACHE)
def deduplicate(blocks: pl.DataFrame, warehouse: Warehouse) -> pl.DataFrame:
    """Assign records across the new blocks and the published occurrences."""
    return dedup.deduplicate(blocks, warehouse.read("occurrences"))


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
def publish(warehouse: Warehouse, table_set: dict[str, pl.DataFrame], meta: dict) -> int:
    """Write the tables and the version row that makes them current."""
    return warehouse.publish(table_set, meta)


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
    blocks = classify_blocks(normalize_blocks(blocks), parsed, config)
    occurrences = deduplicate(blocks, warehouse)
    url_table = link_urls(occurrences)
    tag_table = tag(occurrences, url_table, taxonomy)
    new_sources = tables.sources_table(parsed, blocks, started)
    table_set = {
        "sources": pl.concat([warehouse.read("sources"), new_sources]),
        "occurrences": occurrences,
        "records": tables.records_table(occurrences, tag_table, url_table, name_methods(occurrences)),
        "tags": tag_table,
        "urls": url_table,
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
    meta = {
        "created_at": started,
        "input_files": table_set["sources"].select("path", "source_id", "size_bytes").to_dicts(),
        "code_version": code_version(),
        "taxonomy_sha256": taxonomy_hash,
        "expectations_sha256": report.suites_sha256,
        "validation": report.outcome,
        "warnings": [f.describe() for f in report.warnings],
        "counts": counts_json(table_set),
        "changes": json.dumps(_changes(warehouse, table_set)),
    }
    version = publish(warehouse, table_set, meta)
    logger.info("published dataset version %s", version)
    return _summarize(summary, warehouse, version, published=True, table_set=table_set)


def _changes(warehouse: Warehouse, table_set: dict[str, pl.DataFrame]) -> dict[str, int]:
    before = warehouse.read("records").select("record_id")
    after = table_set["records"].select("record_id")
    return {
        "sources_added": table_set["sources"].height - warehouse.read("sources").height,
        "records_added": after.join(before, on="record_id", how="anti").height,
        "records_removed": before.join(after, on="record_id", how="anti").height,
    }


def _summarize(summary: RunSummary, warehouse: Warehouse, version: int | None, published: bool, table_set: dict[str, pl.DataFrame] | None = None) -> RunSummary:
    current = table_set if table_set is not None else {name: warehouse.read(name) for name in ("sources", "occurrences", "records", "tags", "urls")}
    occurrences, source_table = current["occurrences"], current["sources"]
    status = occurrences["status"].value_counts()
    counts = dict(zip(status["status"].to_list(), status["count"].to_list()))
    rejects = occurrences.filter(pl.col("status") == "rejected")["reject_reason"].value_counts(sort=True)
    encodings = source_table["encoding"].fill_null("unreadable").value_counts(sort=True)
    errors = source_table.filter(pl.col("error").is_not_null())["error"].value_counts(sort=True)
    summary.blocks = occurrences.height
    summary.records = current["records"].height
    summary.kept = counts.get("kept", 0)
    summary.duplicates = counts.get("duplicate", 0)
    summary.near_duplicates = counts.get("near_duplicate", 0)
    summary.rejected = dict(zip(rejects["reject_reason"].to_list(), rejects["count"].to_list()))
    summary.encodings = dict(zip(encodings["encoding"].to_list(), encodings["count"].to_list()))
    summary.source_errors = dict(zip(errors["error"].to_list(), errors["count"].to_list()))
    summary.urls = current["urls"].height
    summary.tags = current["tags"].height
    summary.dataset_version = version
    summary.published = published
    return summary
