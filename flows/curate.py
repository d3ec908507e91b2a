"""The curation flow: raw listing files in, a validated dataset version out."""

from __future__ import annotations

import paperlake  # noqa: F401  (sets offline defaults before Prefect is imported)

import json
import logging
from dataclasses import dataclass, field, replace
from pathlib import Path

import polars as pl
from prefect import flow, task
from prefect.cache_policies import NO_CACHE
from prefect.futures import PrefectFuture

from flows import batches
from paperlake import sources as source_files
from paperlake.config import Config, code_version, load_config
from paperlake.staging import Staging
from paperlake.store import PreparedRewrites, TableChange, Warehouse, now_utc, run_name
from paperlake.taxonomy import load_taxonomy, taxonomy_sha256
from paperlake.validate import EXPECTATIONS_DIR, ValidationReport, import_in_background, suite_variables, validate_tables
from transforms import dedup, schema, tables, tags, urls
from transforms.quality import QualityThresholds
from transforms.tags import Taxonomy


# Progress, one line per step or batch: Prefect records it with the run's logs
# (``PREFECT_LOGGING_EXTRA_LOGGERS``), and ``paperlake run`` prints it unless ``--quiet``.
log = logging.getLogger("paperlake.run")


class ValidationBlocked(RuntimeError):
    """Critical expectations failed; nothing was published."""

    def __init__(self, report: ValidationReport) -> None:
        lines = "\n".join("  " + f.describe() for f in report.failures if f.severity == "critical")
        docs = f"\nData Docs: {report.data_docs}" if report.data_docs else ""
        super().__init__(f"validation blocked publication; the current version is unchanged.\n{lines}{docs}")
        self.report = report


# Tables whose rows are staged as Parquet parts in their published schema (they carry texts).
STAGED_TABLES = ("occurrences", "records", "tags", "urls", "dedup_index")
# Tables rebuilt whole when the taxonomy changed (tags are in them); dedup and occurrences do not change.
RETAGGED_TABLES = ("records", "tags", "urls")


@dataclass
class RunSummary:
    """What one run saw and did."""

    files_found: int = 0
    files_ignored: list[str] = field(default_factory=list)  # not *.txt or *.txt.gz
    files_new: int = 0
    files_replaced: int = 0  # published listings whose file now holds other content (``sources.replaced_sources``)
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
    index_replaced: list[str] = field(default_factory=list)  # dedup index schemes this run rebuilt the index from


@task(cache_policy=NO_CACHE)
def find_new_sources(input_dir: Path, listings: list[Path], known: pl.Series, previous: pl.DataFrame) -> tuple[pl.DataFrame, pl.DataFrame]:
    """Every listing file under ``input_dir`` with its ``source_id``, and the files whose content the warehouse has not
    ingested (``known``: the published source ids).

    A file whose size and modification time match the last successful run's (``previous``: its input stats) is not read
    again; the others are hashed. Of several files with the same content the first path wins.
    """
    stats = source_files.file_stats(listings)
    remembered = previous.filter(pl.col("source_id").is_in(known.implode()))
    seen = stats.join(remembered, on=["file", "size_bytes", "mtime_ns"], how="left", maintain_order="left")
    unseen = seen.filter(pl.col("source_id").is_null())
    hashed = unseen.with_columns(source_id=source_files.hash_files(unseen["file"], input_dir))
    identified = pl.concat([seen.filter(pl.col("source_id").is_not_null()), hashed]).sort("file")
    new = hashed.filter(~pl.col("source_id").is_in(known.implode())).unique("source_id", keep="first", maintain_order=True)
    return identified, new


@task(cache_policy=NO_CACHE)
def stage_new_blocks(new: pl.DataFrame, input_dir: Path, staging: Staging, config: Config) -> int:
    """Normalize, key and classify the new files' blocks batch by batch into the staging area."""
    groups = source_files.batches(new, config.run.batch_bytes)
    work = [
        batches.BlockBatch(f"{i:05d}", input_dir.absolute(), tuple(files), staging.root, config.read, config.quality, config.dedup, min(config.run.batch_bytes, batches.PIECE_BYTES))
        for i, files in enumerate(groups)
    ]
    staged = 0
    for done, count in enumerate(batches.in_workers(batches.stage_blocks, work, config.run.workers), start=1):
        staged += count
        log.info("blocks: batch %d of %d staged (%d blocks so far)", done, len(work), staged)
    return staged


# A rebuild of the dedup index computes the signatures of this many published keys at a time (~0.1 GB of text each).
BACKFILL_KEYS = 100_000


@task(cache_policy=NO_CACHE)
def backfill_index(warehouse: Warehouse, schemes: dict[str, int], params: dedup.DedupParams, staging: Staging) -> pl.LazyFrame:
    """The dedup index rows the published keys lack under the configured schemes (``dedup.index_backlog``: an index built
    before passage hashes were stored, or by an older paperlake or configuration), staged and published with this run's
    rows; the run's new keys are matched against them. ``schemes``: the published index's rows per scheme. Empty when the
    index is complete."""
    if not dedup.index_backlog(schemes, params):
        return pl.LazyFrame(schema=schema.DEDUP_INDEX)
    lacking = {scheme: warehouse.keys_without(scheme) for scheme in (params.lsh.scheme, params.passage_scheme)}
    keys = pl.concat(lacking.values()).unique().sort()
    stale = dedup.stale_schemes(schemes, params)
    log.info("dedup index: computing the rows of %d published keys under %s%s", keys.len(), " and ".join(lacking), f" (replacing {', '.join(stale)})" if stale else "")
    parts = []
    for start in range(0, keys.len(), BACKFILL_KEYS):
        texts = warehouse.rows_where("occurrences", "dedup_key", keys.slice(start, BACKFILL_KEYS), ["dedup_key", "text"])
        parts.append(staging.part("dedup_index", f"backfill-{start // BACKFILL_KEYS:05d}"))
        schema.conform(dedup.backfill_rows(texts, lacking, params), schema.DEDUP_INDEX).write_parquet(parts[-1])
        log.info("dedup index: %d of %d published keys done", min(start + BACKFILL_KEYS, keys.len()), keys.len())
    return pl.scan_parquet(parts)


@task(cache_policy=NO_CACHE)
def match_records(
    accepted: pl.LazyFrame, folds: pl.LazyFrame, warehouse: Warehouse, config: Config, backfill: pl.LazyFrame, staging: Staging
) -> tuple[dedup.Matches, pl.DataFrame]:
    """Near-duplicate matching of the new keys (``dedup_key``, ``bands``, ``passages`` of the accepted blocks) against each other
    and the warehouse's dedup index (with the ``backfill`` rows of ``backfill_index``); the matches and the published
    ``dedup_key`` -> ``record_id`` of the keys met. The new ``dedup_index`` rows go to ``staging`` (at 1M keys they are
    ~0.5 GB the run need not hold until it publishes): the matches returned have none."""
    keys = accepted.select("dedup_key", "bands", "passages").unique("dedup_key").collect()
    log.info("dedup: matching %d new keys", keys.height)
    key_columns = ["dedup_key", "record_id", "text"]
    in_records = pl.col("record_id").is_not_null()  # not rejected: a glued published key is matched like a new one
    # Without texts: reading the text column of a 1M-row warehouse to find a few hundred rows costs ~1.2 s.
    same_keys = warehouse.rows_where("occurrences", "dedup_key", keys["dedup_key"], key_columns[:2]).filter(in_records).unique("dedup_key")
    fresh = dedup.fresh_keys(keys, same_keys)
    del keys  # at 1M keys, each copy of their band keys and passage hashes is ~350 MB
    lsh, passage = config.dedup.lsh.scheme, config.dedup.passage_scheme
    hits = warehouse.index_matches({lsh: fresh["bands"].explode().drop_nulls(), passage: fresh["passages"].explode().drop_nulls()}, backfill)
    band_hits = hits[lsh]["dedup_key"]
    passage_hits, published_common = dedup.drop_common_passages(hits[passage], config.dedup.passage_cap)
    near, common = dedup.index_candidates(fresh, band_hits, passage_hits.rename({"value": "passage"}), config.dedup, published_common)
    near_copies = warehouse.rows_where("occurrences", "dedup_key", near, key_columns).filter(in_records).unique(["dedup_key", "text"])  # every copy's text: method names
    record_keys = warehouse.scan("occurrences").select(key_columns) if warehouse.current_version() is not None else None
    matches = dedup.match_keys(fresh, near_copies, config.dedup, folds, common, record_keys)
    _stage_rows(matches.bands, staging, "dedup_index")
    return replace(matches, bands=schema.empty(schema.DEDUP_INDEX)), pl.concat([same_keys, near_copies.select(key_columns[:2])]).unique("dedup_key")


def _stage_in_record_order(frame: pl.DataFrame, record_order: pl.DataFrame, staging: Staging, table: str) -> None:
    """Stage ``frame`` (rows of records) in its records' order (``record_order``: the staged kept rows'), in files of
    ``batches.RECORD_ROWS_FILE_ROWS`` rows: the rows of records staged together stay together, as their ``records`` files
    do, so a later run that republishes a few records rewrites a few small files of the table, not all of it."""
    ordered = frame.join(record_order, on="record_id", how="left", maintain_order="left").sort("record_order", nulls_last=True, maintain_order=True)
    for i, rows in enumerate(ordered.drop("record_order").iter_slices(batches.RECORD_ROWS_FILE_ROWS)):
        _stage_rows(rows, staging, table, f"all-{i:05d}")


def _stage_rows(frame: pl.DataFrame, staging: Staging, table: str, part: str = "all") -> None:
    """Write ``frame``, when it has rows, as a staged part of ``table`` in its stored schema (published by moving the file)."""
    if frame.height:
        schema.conform(frame, schema.STORED_TABLES[table]).write_parquet(staging.part(table, part))


@task(cache_policy=NO_CACHE)
def assign_records(
    blocks: pl.DataFrame, folds: pl.LazyFrame, matches: dedup.Matches, known: pl.DataFrame, warehouse: Warehouse, config: Config,
    gone: pl.Series, leaving: pl.DataFrame,
) -> tuple[pl.DataFrame, pl.Series, pl.Series, pl.DataFrame]:
    """The new blocks and every published occurrence of the records they touch, with records and statuses;
    the records touched, and those of them whose published occurrences changed. The blocks of the ``gone`` sources
    (``sources.replaced_sources``; ``leaving``: their ``record_id, dedup_key``) leave their records, which are touched,
    and go when they had no other block (the ``merges`` rows that dissolve them are returned last)."""
    left = leaving.filter(pl.col("record_id").is_not_null())
    withdrawn = left["record_id"].unique()
    affected = pl.concat([dedup.affected_records(blocks, known, matches), withdrawn]).unique().sort()
    history = warehouse.rows_where("occurrences", "record_id", affected).filter(~pl.col("source_id").is_in(gone.implode()))
    assigned = dedup.assign(blocks, history, known, matches, config.dedup, folds, withdrawn)
    changed = pl.concat([dedup.changed_records(assigned, history), withdrawn]).unique().sort()
    return assigned, affected, changed, dedup.withdrawn_dissolved(left, assigned, matches.merges)


def dead_keys(warehouse: Warehouse, gone: pl.Series, leaving: pl.DataFrame, blocks: pl.DataFrame) -> pl.Series:
    """The dedup keys only the ``gone`` sources' blocks (``leaving``) have (no other published block nor a new one): their
    dedup index rows go with them."""
    keys = leaving["dedup_key"].unique()
    elsewhere = warehouse.rows_where("occurrences", "dedup_key", keys, ["source_id", "dedup_key"]).filter(~pl.col("source_id").is_in(gone.implode()))
    held = pl.concat([elsewhere["dedup_key"], blocks["dedup_key"]]).implode()
    return keys.filter(~keys.is_in(held)).sort()


def revived_ids(warehouse: Warehouse, assigned: pl.DataFrame) -> pl.Series:
    """Record ids this run gives a record that ``record_merges`` retired: a paper whose blocks all left with a rewritten
    listing's earlier content (dissolved) and that a listing holds again gets its id back (it is named by its first key),
    and its ``record_merges`` row goes: the id names a record again."""
    retired = warehouse.read("record_merges")["retired_id"]
    ids = assigned["record_id"].drop_nulls().unique()
    return ids.filter(ids.is_in(retired.implode())).sort()


def dataset_statuses(warehouse: Warehouse, assigned: pl.DataFrame, affected: pl.Series, gone: pl.Series, untouched_published: bool) -> pl.DataFrame:
    """``status`` of every occurrence of the dataset this run would publish: this run's (``assigned``), and, when
    ``untouched_published``, the published ones it does not touch (a first run has none; a retag's ``assigned`` holds them)."""
    if not untouched_published:
        return assigned.select("status")
    untouched = warehouse.scan("occurrences").filter(_untouched(affected, gone)).select("status")
    return pl.concat([untouched.collect(), assigned.select("status")])


def _untouched(affected: pl.Series, gone: pl.Series) -> pl.Expr:
    """Published occurrences this run does not touch: rejected ones, and those of records not in ``affected``; not those of
    the ``gone`` sources (``sources.replaced_sources``), which leave (their column is read only when there are some)."""
    untouched = pl.col("record_id").is_null() | ~pl.col("record_id").is_in(affected.implode())
    return untouched & ~pl.col("source_id").is_in(gone.implode()) if gone.len() else untouched


@task(cache_policy=NO_CACHE)
def untouched_statuses(warehouse: Warehouse, affected: pl.Series, gone: pl.Series) -> pl.DataFrame:
    """The statuses of the published occurrences this run does not touch (rejected ones too)."""
    return warehouse.scan("occurrences").select(list(batches.STATUS)).filter(_untouched(affected, gone)).collect()


@task(cache_policy=NO_CACHE)
def stage_outputs(
    assigned: pl.DataFrame, new_sources: pl.Series, affected: pl.Series, changed: pl.Series, staging: Staging, taxonomy: Taxonomy, workers: int,
    retag_files: list[str],
) -> None:
    """Occurrences, kept records, URL candidates and text tags of every new block and every touched occurrence, staged.

    Touched published occurrences (they carry their texts) feed the records they belong to;
    only those of ``changed`` records are staged to be published again. ``retag_files`` (the
    published occurrences files, when the taxonomy changed) feed every other record too.
    """
    is_new = pl.col("source_id").is_in(new_sources.implode())
    assigned.filter(is_new).select(list(batches.STATUS)).write_parquet(staging.part("statuses", "all"))
    touched = schema.conform(assigned.filter(~is_new), schema.OCCURRENCES).sort("path", "ordinal")
    work = [batches.OutputBatch(part.stem, staging.root, taxonomy) for part in staging.parts("blocks")]
    if touched.height:
        touched.write_parquet(staging.part("touched", batches.TOUCHED))
        left = pl.col("record_id").is_null()  # a published glued key that left its (changed) record
        touched.filter(pl.col("record_id").is_in(changed.implode()) | left).write_parquet(staging.part("occurrences", batches.TOUCHED))
        if workers == 1 and work:  # staged in this process: one part, which pays the outputs' fixed costs (~0.3 s) once
            work[-1] = replace(work[-1], with_touched=True)
        else:
            work.append(batches.OutputBatch(batches.TOUCHED, staging.root, taxonomy, from_blocks=False))
    if retag_files:
        affected.to_frame("record_id").write_parquet(staging.part("affected", "all"))
        work += [batches.OutputBatch(f"retag-{i:05d}", staging.root, taxonomy, published_file=Path(f)) for i, f in enumerate(retag_files)]
    for done, _ in enumerate(batches.in_workers(batches.stage_outputs, work, workers), start=1):
        log.info("outputs: part %d of %d staged", done, len(work))


@task(cache_policy=NO_CACHE)
def assemble_tables(
    counts: pl.DataFrame, staging: Staging, taxonomy: Taxonomy, workers: int, warehouse: Warehouse, affected: pl.Series, retag: bool
) -> tuple[dict[str, pl.LazyFrame], dict[str, pl.Series]]:
    """The occurrences, records, tags and urls tables of the staged records, as scans of their staged parts (records are
    staged part by part on ``workers`` processes: their parts carry texts); and of the ``affected`` published records,
    those whose tags and whose urls are published again.

    An affected record whose tags (urls) are the published ones keeps its published rows: a copy that joins a record
    seldom changes them, and the tags table is then not rewritten."""
    url_table = urls.first_urls(staging.scan("url_candidates", urls.CANDIDATES).collect())
    tag_table = tags.order_tags(pl.concat([staging.scan("text_tags", schema.TAGS).collect(), tags.url_tags(url_table, taxonomy)]), taxonomy)
    tables.record_extras(counts, tag_table, url_table).write_parquet(staging.part("extras", "all"))
    republished = {"tags": affected, "urls": affected}
    record_order = staging.scan("kept", tables.KEPT).select("record_id").with_row_index("record_order").collect()
    for name, rows in (("tags", tag_table), ("urls", url_table)):
        if affected.len() and not retag:
            rows = schema.conform(rows, schema.STORED_TABLES[name])
            same = tables.unchanged_records(rows, warehouse.rows_where(name, "record_id", affected), affected).implode()
            rows, republished[name] = rows.filter(~pl.col("record_id").is_in(same)), affected.filter(~affected.is_in(same))
        _stage_in_record_order(rows, record_order, staging, name)  # staged: the run does not hold them until it publishes
    del tag_table, url_table, rows
    work = [batches.RecordsBatch(part.stem, staging.root) for part in staging.parts("kept")]
    staged = sum(batches.in_workers(batches.stage_records, work, workers))
    log.info("records: %d staged", staged)
    return {name: staging.scan(name, schema.STORED_TABLES[name]) for name in ("occurrences", "records", "tags", "urls")}, republished


@task(cache_policy=NO_CACHE)
def validate(
    table_set: dict[str, pl.DataFrame | pl.LazyFrame], taxonomy: Taxonomy, quality: QualityThresholds, expectations_dir: Path, docs_dir: Path
) -> ValidationReport:
    """Great Expectations over every table (``suite_variables``: the taxonomy's tags, the configured text lengths)."""
    return validate_tables(table_set, expectations_dir, suite_variables(taxonomy.tags, quality), docs_dir)


@task(cache_policy=NO_CACHE)
def prepare_rewrites(warehouse: Warehouse, changes: dict[str, TableChange]) -> PreparedRewrites:
    """Copies of the published files that lose rows to ``changes``, written beside their tables for ``publish`` to commit."""
    return warehouse.prepare_rewrites(changes)


@task(cache_policy=NO_CACHE, retries=1)
def publish(warehouse: Warehouse, changes: dict[str, TableChange], meta: dict, rewrites: list[PreparedRewrites]) -> int:
    """Write the table changes and the version row that makes them current."""
    return warehouse.publish(changes, meta, rewrites)


def _discard_unpublished(rewrites: list[PrefectFuture[PreparedRewrites]], warehouse: Warehouse) -> None:
    """Delete the prepared copies that no commit took (validation blocked, the run failed, or a table had moved on)."""
    for prepared in rewrites:
        prepared.wait()
        if prepared.state.is_completed():
            prepared.result().discard(warehouse)


@flow(name="paperlake-curate", log_prints=False)
def curate(
    input_dir: str = "data/raw",
    warehouse_dir: str = "warehouse",
    taxonomy_file: str | None = None,
    expectations_dir: str | None = None,
    config_file: str | None = None,
) -> RunSummary:
    """Ingest new files under ``input_dir`` and publish a new dataset version when something changed.

    The run holds the warehouse (``Warehouse.exclusive``): a run that starts while another holds it raises ``WarehouseBusy``.
    """
    config = load_config(Path(config_file) if config_file else None)
    warehouse = Warehouse(Path(warehouse_dir))
    taxonomy_path = Path(taxonomy_file) if taxonomy_file else None
    taxonomy = load_taxonomy(taxonomy_path)
    suites_dir = Path(expectations_dir) if expectations_dir else EXPECTATIONS_DIR
    with warehouse.exclusive("paperlake run"):
        return _curate(Path(input_dir), warehouse, taxonomy_path, taxonomy, suites_dir, config)


def _curate(input_dir: Path, warehouse: Warehouse, taxonomy_path: Path | None, taxonomy: Taxonomy, suites_dir: Path, config: Config) -> RunSummary:
    started = now_utc()
    summary = RunSummary()

    listings, summary.files_ignored = source_files.list_inputs(input_dir)
    published_sources, previous_inputs = warehouse.read("sources").select("source_id", "path"), warehouse.input_stats()
    identified, new = find_new_sources(input_dir, listings, published_sources["source_id"], previous_inputs)
    gone = source_files.replaced_sources(previous_inputs, identified, published_sources["source_id"], pl.Series(dtype=pl.String))
    summary.files_found, summary.files_new = identified.height, new.height
    log.info("files: %d found, %d new (%.1f MB to read)", identified.height, new.height, new["size_bytes"].sum() / 1e6)
    taxonomy_hash = taxonomy_sha256(taxonomy_path)
    current = warehouse.current_version()
    if identified.is_empty() and current is None:
        ignored = summary.files_ignored
        also = f" ({len(ignored)} other files ignored: {', '.join(ignored[:5])}{', ...' if len(ignored) > 5 else ''}; rename listings to *.txt)" if ignored else ""
        raise ValueError(f"no listing files (*.txt, *.txt.gz) under {input_dir}{also}; nothing to publish")
    outdated = [f"{table}.{name}" for table in RETAGGED_TABLES for name in warehouse.missing_columns(table)]
    if outdated:
        log.info("the warehouse lacks %s (published by an older paperlake): every record is published again", ", ".join(outdated))
    if new.is_empty() and gone.is_empty() and current is not None and warehouse.version_row()["taxonomy_sha256"] == taxonomy_hash and not outdated:
        log.info("no new files and the same taxonomy: nothing to publish")
        warehouse.save_input_stats(identified)
        return _summarize(summary, warehouse, current, published=False)

    import_in_background()  # Great Expectations loads while the blocks are staged (the CLI started it already)
    stamp = run_name(started)
    rewrites: list[PrefectFuture[PreparedRewrites]] = []
    try:
        staging = Staging.create(warehouse.root, stamp)
        stage_new_blocks(new, input_dir, staging, config)
        parsed = staging.scan("sources", source_files.READ_SCHEMA).collect()
        staged = staging.scan("blocks", batches.STAGED_BLOCKS)
        accepted = staged.filter(pl.col("reject_reason").is_null())
        folds = accepted.select("dedup_key", "folded", "text")  # read only for the keys of candidate pairs
        blocks = staged.select(*batches.SLIM_BLOCKS).collect()
        # New content that could not be read or holds no abstract (an error page, a bot check) replaces nothing.
        unusable = parsed.filter(pl.col("error").is_not_null() | ~pl.col("source_id").is_in(blocks.filter(pl.col("reject_reason").is_null())["source_id"].implode()))
        gone = source_files.replaced_sources(previous_inputs, identified, published_sources["source_id"], unusable["source_id"])
        summary.files_replaced = gone.len()
        if gone.len():
            paths = published_sources.filter(pl.col("source_id").is_in(gone.implode()))["path"]
            log.info("files: %d now hold new content, which replaces what they held (%s)", paths.len(), ", ".join(paths.head(5)) + (", ..." if paths.len() > 5 else ""))
        # Every record's tags may change, or its table gains a column: every record is staged again.
        retag = current is not None and (warehouse.version_row()["taxonomy_sha256"] != taxonomy_hash or bool(outdated))
        schemes = warehouse.index_schemes()
        stale_index = summary.index_replaced = dedup.stale_schemes(schemes, config.dedup)
        matches, known = match_records(accepted, folds, warehouse, config, backfill_index(warehouse, schemes, config.dedup, staging), staging)
        leaving = warehouse.rows_where("occurrences", "source_id", gone, ["record_id", "dedup_key"])  # the gone sources' blocks
        assigned, affected, changed, dissolved = assign_records(blocks, folds, matches, known, warehouse, config, gone, leaving)
        matches = replace(matches, merges=pl.concat([matches.merges, dissolved], how="vertical_relaxed"))
        log.info("dedup: %d confirmed near-duplicate edges, %d published records touched, %d retired (merged away or dissolved)", matches.edges.height, affected.len(), matches.merges.height)
        replaced = {"occurrences": changed, "records": affected}
        # On another thread: the copies of the published files that lose rows, while the outputs are staged and GX validates.
        rewrites.append(prepare_rewrites.submit(warehouse, _table_changes({n: schema.empty(schema.STORED_TABLES[n]) for n in replaced}, staging, replaced, retag, gone)))
        retag_files = warehouse.parquet_files("occurrences") if retag else []
        # A few new blocks (a file added to a big warehouse) are staged in this process: starting worker processes,
        # each importing the pipeline, would take longer than the work.
        workers = config.run.workers if retag or assigned.height > batches.INLINE_ROWS else 1
        stage_outputs(assigned, parsed["source_id"], affected, changed, staging, taxonomy, workers, retag_files)
        assigned = assigned.select(list(batches.STATUS))
        if retag:  # every record is republished
            assigned = pl.concat([assigned, untouched_statuses(warehouse, affected, gone)])
        new_sources = tables.sources_table(parsed, blocks, started)
        # Besides new records, a run stages those it touches; a retag stages every record.
        published_records = warehouse.scan("records").select("record_id") if retag else affected.to_frame().lazy()
        staged_tables, republished = assemble_tables(tables.occurrence_counts(assigned), staging, taxonomy, workers, warehouse, affected, retag)
        table_set = {
            "sources": new_sources,
            **staged_tables,
            "record_merges": matches.merges,
            "merge_edges": matches.edges,
            "dedup_index": staging.scan("dedup_index", schema.DEDUP_INDEX),
        }
        summary.blocks_new = blocks.height
        readable = new_sources.filter(pl.col("error").is_null())
        summary.warnings = [f"{p}: no recognisable header; collection is null" for p in readable.filter(pl.col("collection").is_null())["path"]]
        summary.warnings += [
            f"{p}: header names no known venue and year; collection {c!r}"
            for p, c in readable.filter(pl.col("collection").is_not_null() & pl.col("venue").is_null()).select("path", "collection").iter_rows()
        ]
        docs_dir = warehouse.root / "reports" / stamp
        changes = _table_changes(table_set, staging, replaced | republished, retag, gone)
        if stale_index:  # rebuilt under the configured schemes (``backfill_index``)
            changes["dedup_index"] = replace(changes["dedup_index"], replace_column="scheme", replace_values=tuple(stale_index))
        changes["dedup_index"] = replace(changes["dedup_index"], drop_column="dedup_key", drop_values=tuple(dead_keys(warehouse, gone, leaving, blocks)))
        changes["record_merges"] = replace(changes["record_merges"], replace_column="retired_id", replace_values=tuple(revived_ids(warehouse, assigned)))
        rewrites.append(prepare_rewrites.submit(warehouse, {name: change for name, change in changes.items() if name not in replaced}))
        log.info("validation: running the expectation suites")
        run_stats = tables.run_stats(dataset_statuses(warehouse, assigned, affected, gone, current is not None and not retag), blocks)  # the dataset's ratios, not the run's
        report = validate(table_set | {"run_stats": run_stats}, taxonomy, config.quality, suites_dir, docs_dir)
        summary.data_docs = str(report.data_docs) if report.data_docs else None
        summary.validation = report.outcome
        summary.warnings += [f.describe() for f in report.warnings]
        if report.blocked:
            raise ValidationBlocked(report)
        meta = {
            "created_at": started,
            "input_files": new_sources.select("path", "source_id", "size_bytes").to_dicts(),
            "code_version": code_version(),
            "taxonomy_sha256": taxonomy_hash,
            "expectations_sha256": report.suites_sha256,
            "validation": report.outcome,
            "warnings": [f.describe() for f in report.warnings],
            "changes": json.dumps(_changes(new_sources, table_set["records"], published_records, gone)),
        }
        log.info("validation %s; publishing", report.outcome)
        version = publish(warehouse, changes, meta, [prepared.result() for prepared in rewrites])
    finally:
        _discard_unpublished(rewrites, warehouse)
        Staging.of(warehouse.root, stamp).remove()  # by its name: a SIGTERM while it is created leaves no folder either
    warehouse.save_input_stats(identified)
    log.info("published dataset version %s", version)
    return _summarize(summary, warehouse, version, published=True)


def _table_changes(
    table_set: dict[str, pl.DataFrame | pl.LazyFrame], staging: Staging, replaced: dict[str, pl.Series], retag: bool, gone: pl.Series
) -> dict[str, TableChange]:
    """What to publish per table: rows replace the published rows of the ``replaced`` record ids
    (on a retag, the ``RETAGGED_TABLES`` are whole), and the ``gone`` sources' rows of ``sources`` and ``occurrences``
    (their rejected blocks too) go; the staged tables are published by moving their parts, not rewriting them."""
    changes = {}
    gone_ids = tuple(gone.to_list())
    for name, frame in table_set.items():
        files = tuple(staging.parts(name)) if name in STAGED_TABLES else ()
        rows = schema.empty(schema.STORED_TABLES[name]) if name in STAGED_TABLES else frame
        ids = tuple(replaced[name].to_list()) if name in replaced else ()
        change = TableChange(rows, replace_values=ids, replace_all=retag and name in RETAGGED_TABLES, files=files)
        if name == "sources":
            change = replace(change, replace_column="source_id", replace_values=gone_ids)
        elif name == "occurrences":
            change = replace(change, drop_values=gone_ids)
        changes[name] = change
    return changes


def _changes(new_sources: pl.DataFrame, records: pl.LazyFrame, published_records: pl.LazyFrame, gone: pl.Series) -> dict[str, int]:
    """Files added and replaced, records added and removed (merged away, or left without a block) by this run."""
    ids = records.select("record_id")
    added = ids.join(published_records, on="record_id", how="anti").select(pl.len()).collect().item()
    removed = published_records.join(ids, on="record_id", how="anti").select(pl.len()).collect().item()
    return {"sources_added": new_sources.height, "sources_replaced": gone.len(), "records_added": added, "records_removed": removed}


def _summarize(summary: RunSummary, warehouse: Warehouse, version: int | None, published: bool) -> RunSummary:
    counts = {} if version is None else json.loads(warehouse.version_row(version)["counts"])
    if version is not None:
        outcomes = warehouse.scan("occurrences", version).group_by("status", "reject_reason").len().collect()
        sources = warehouse.scan("sources", version).select("encoding", "error").collect()
    else:
        outcomes = pl.DataFrame(schema={"status": pl.String, "reject_reason": pl.String, "len": pl.UInt32})
        sources = pl.DataFrame(schema={"encoding": pl.String, "error": pl.String})
    status = outcomes.group_by("status").agg(pl.sum("len"))
    by_status = dict(zip(status["status"].to_list(), status["len"].to_list()))
    rejects = outcomes.filter(pl.col("status") == "rejected").sort("len", "reject_reason", descending=[True, False])
    encodings = sources["encoding"].fill_null("unreadable").value_counts(sort=True)
    errors = sources.filter(pl.col("error").is_not_null())["error"].value_counts(sort=True)
    summary.blocks = int(outcomes["len"].sum())
    summary.records = counts.get("records", 0)
    summary.kept = by_status.get("kept", 0)
    summary.duplicates = by_status.get("duplicate", 0)
    summary.near_duplicates = by_status.get("near_duplicate", 0)
    summary.rejected = dict(zip(rejects["reject_reason"].to_list(), rejects["len"].to_list()))
    summary.encodings = dict(zip(encodings["encoding"].to_list(), encodings["count"].to_list()))
    summary.source_errors = dict(zip(errors["error"].to_list(), errors["count"].to_list()))
    summary.urls = counts.get("urls", 0)
    summary.tags = counts.get("tags", 0)
    summary.dataset_version = version
    summary.published = published
    return summary
