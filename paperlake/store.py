"""Edge: the warehouse of Delta tables and the dataset versions that tie them together.

Delta has no transaction across tables, so a dataset version is a row in the ``versions``
table, appended only after every table write succeeded. Readers resolve a dataset version to
the table versions that row names; a crash between table writes therefore leaves the
previous dataset version as the current one.
"""

from __future__ import annotations

import dataclasses
import fcntl
import itertools
import json
import os
import shutil
import uuid
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any
from urllib.parse import unquote

import polars as pl
import pyarrow as pa
import pyarrow.parquet as pq
from deltalake import DeltaTable, write_deltalake
from deltalake.transaction import AddAction, RemoveAction

from paperlake.sources import STATS_SCHEMA
from transforms import schema

VERSIONS = pl.Schema(
    {
        "dataset_version": pl.Int64,
        "created_at": schema.TS,
        "table_versions": pl.Struct({name: pl.Int64 for name in schema.STORED_TABLES}),
        "input_files": pl.List(pl.Struct({"path": pl.String, "source_id": pl.String, "size_bytes": pl.Int64})),
        "code_version": pl.String,
        "taxonomy_sha256": pl.String,
        "expectations_sha256": pl.String,
        "validation": pl.String,
        "warnings": pl.List(pl.String),
        "counts": pl.String,
        "changes": pl.String,
    }
)


# A cache, not a published table: (absolute file, size, mtime) -> source_id of the inputs last
# seen, so a rerun skips reading and hashing files whose stat has not changed. Safe to delete.
INPUT_STATS = Path("_cache") / "input_stats.parquet"
INPUT_STATS_SCHEMA = pl.Schema({**STATS_SCHEMA, "source_id": pl.String})

# Every table keeps its whole Delta log. Otherwise delta-rs, after any commit, deletes the log
# files older than ``delta.logRetentionDuration`` (30 days) that a checkpoint (written every
# ``delta.checkpointInterval`` = 100 commits) precedes, and the dataset versions that name those
# table versions can no longer be opened. Only ``paperlake vacuum`` shortens the logs, and only
# behind the oldest dataset version it keeps.
KEEP_LOGS = {"delta.enableExpiredLogCleanup": "false"}

# Files that lose rows in a publish are rewritten this many at a time (the machines paperlake targets have 2 cores).
REWRITE_THREADS = 2

# Written by ``paperlake vacuum`` before it deletes anything: dataset versions older than
# ``oldest_readable`` may have lost files, so readers refuse them with a clear error.
VACUUMED = Path("_vacuum.json")


@dataclass(frozen=True)
class TableChange:
    """New rows for one table (lazy rows are streamed), replacing the published rows whose ``replace_column`` is in
    ``replace_values`` (and deleting those whose ``drop_column`` is in ``drop_values``)."""

    rows: pl.DataFrame | pl.LazyFrame
    replace_column: str = "record_id"
    replace_values: tuple[str, ...] = ()
    replace_all: bool = False  # the rows (and files) are the whole table
    files: tuple[Path, ...] = ()  # more new rows: Parquet files in the table's exact schema, moved into the table as they are
    drop_column: str = "source_id"
    drop_values: tuple[str, ...] = ()  # e.g. the sources of a listing file whose content changed: their rows go, records or not

    def removals(self) -> list[tuple[str, tuple[str, ...]]]:
        """The (column, values) whose published rows this change deletes."""
        return [(column, values) for column, values in ((self.replace_column, self.replace_values), (self.drop_column, self.drop_values)) if values]


class VersionNotFound(LookupError):
    """The warehouse has no such dataset version."""


class VersionVacuumed(VersionNotFound):
    """The dataset version is listed in ``versions`` but a vacuum deleted files it needs."""


@dataclass(frozen=True)
class Vacuumed:
    """The last vacuum of a warehouse: dataset versions before ``oldest_readable`` are gone."""

    oldest_readable: int
    vacuumed_at: datetime
    keep: int


class WarehouseBusy(RuntimeError):
    """Another run or vacuum holds the warehouse (``Warehouse.exclusive``)."""


LOCK_FILE = ".lock"


@dataclass(frozen=True)
class Warehouse:
    """A warehouse root: one Delta table per published table, plus ``versions``."""

    root: Path

    @contextmanager
    def exclusive(self, holder: str) -> Iterator[None]:
        """Hold the warehouse for a run or a vacuum (an advisory lock on ``<root>/.lock``, which the OS releases when the
        process ends, however it ends). When another process holds it, raise ``WarehouseBusy`` naming that holder at once:
        two runs at once would each publish the same new files."""
        created = not self.root.exists()
        self.root.mkdir(parents=True, exist_ok=True)
        handle = open(self.root / LOCK_FILE, "a+", encoding="utf-8")  # noqa: SIM115  (held open until the block ends)
        try:
            try:
                fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                handle.seek(0)
                raise WarehouseBusy(f"warehouse {self.root} is busy ({handle.read().strip() or 'another process'}); nothing was done") from None
            handle.seek(0)
            handle.truncate()
            handle.write(f"{holder}, pid {os.getpid()}, since {now_utc():%Y-%m-%d %H:%M:%S} UTC\n")
            handle.flush()
            try:
                yield
            except BaseException:
                if created and [p.name for p in self.root.iterdir()] == [LOCK_FILE]:  # a run refused before it wrote anything
                    shutil.rmtree(self.root)
                raise
        finally:
            handle.close()  # closing releases the lock

    def table_path(self, name: str) -> Path:
        return self.root / name

    def versions(self) -> pl.DataFrame:
        """All dataset versions, oldest first (empty before the first publication).

        Read again only when the ``versions`` table's log changed (``_log_state``): a run asks for them ~40 times, and
        each read of the table costs ~13 ms, more as versions accumulate."""
        path = self.table_path("versions")
        state = _log_state(path)
        if state is None:
            return pl.DataFrame(schema=VERSIONS)
        cached = _VERSIONS_READ.get(path.absolute())
        if cached is not None and cached[0] == state:
            return cached[1]
        versions = pl.read_delta(_LocalTable(str(path))).sort("dataset_version")
        _VERSIONS_READ[path.absolute()] = (state, versions)
        return versions

    def current_version(self) -> int | None:
        """The latest published dataset version, or None."""
        versions = self.versions()
        return None if versions.is_empty() else int(versions["dataset_version"].max())

    def version_row(self, dataset_version: int | None = None) -> dict[str, Any]:
        """The ``versions`` row of a dataset version (the current one by default); ``VersionVacuumed`` when a vacuum deleted its files."""
        versions = self.versions()
        if versions.is_empty():
            raise VersionNotFound(f"no dataset has been published in {self.root}")
        number = dataset_version if dataset_version is not None else int(versions["dataset_version"].max())
        row = versions.filter(pl.col("dataset_version") == number)
        if row.is_empty():
            known = ", ".join(str(v) for v in versions["dataset_version"].to_list())
            raise VersionNotFound(f"dataset version {number} not found in {self.root} (versions: {known})")
        vacuumed = self.vacuumed()
        if vacuumed is not None and number < vacuumed.oldest_readable:
            raise VersionVacuumed(
                f"dataset version {number} was vacuumed on {vacuumed.vacuumed_at:%Y-%m-%d %H:%M} UTC (its files are deleted);"
                f" the oldest readable version in {self.root} is {vacuumed.oldest_readable}"
            )
        return row.row(0, named=True)

    def vacuumed(self) -> Vacuumed | None:
        """The last vacuum, or None when the warehouse was never vacuumed."""
        path = self.root / VACUUMED
        if not path.is_file():
            return None
        state = json.loads(path.read_text(encoding="utf-8"))
        return Vacuumed(int(state["oldest_readable"]), datetime.fromisoformat(state["vacuumed_at"]), int(state["keep"]))

    def save_vacuumed(self, vacuumed: Vacuumed) -> None:
        """Record a vacuum (atomic replace)."""
        path = self.root / VACUUMED
        scratch = path.with_suffix(".tmp")
        state = {"oldest_readable": vacuumed.oldest_readable, "vacuumed_at": vacuumed.vacuumed_at.isoformat(), "keep": vacuumed.keep}
        scratch.write_text(json.dumps(state, indent=2) + "\n", encoding="utf-8")
        scratch.replace(path)

    def delta_version(self, table: str, dataset_version: int | None = None) -> int:
        """The Delta table version that a dataset version names for ``table``."""
        return int(self.version_row(dataset_version)["table_versions"][table])

    def read(self, table: str, dataset_version: int | None = None) -> pl.DataFrame:
        """A table as of a dataset version (current by default); empty schema-true frame before the first one."""
        if self.current_version() is None:
            return schema.empty(schema.STORED_TABLES[table])
        return pl.read_delta(_LocalTable(str(self.table_path(table)), version=self.delta_version(table, dataset_version)))

    def scan(self, table: str, dataset_version: int | None = None) -> pl.LazyFrame:
        """A table as of a dataset version, lazily."""
        return pl.scan_delta(_LocalTable(str(self.table_path(table)), version=self.delta_version(table, dataset_version)))

    def missing_columns(self, table: str) -> list[str]:
        """The columns of ``table``'s schema (``transforms.schema``) that its current published version lacks: a table an
        older paperlake published (empty before the first version)."""
        if self.current_version() is None:
            return []
        present = set(self.scan(table).collect_schema().names())
        return [name for name in schema.STORED_TABLES[table] if name not in present]

    def parquet_files(self, table: str, dataset_version: int | None = None) -> list[str]:
        """The Parquet files of a table's snapshot as local paths (for engines without a Delta reader)."""
        return _LocalTable(str(self.table_path(table)), version=self.delta_version(table, dataset_version)).file_uris()

    def prepare_rewrites(self, changes: dict[str, TableChange]) -> PreparedRewrites:
        """Rewrite, beside each table, the files that lose rows to ``changes`` (copies without the replaced rows),
        so that ``publish`` only commits them: a run does this while its tables are validated.

        The copies are part of no version until ``publish`` commits them; ``PreparedRewrites.discard`` deletes
        those it did not. Tables that a crashed publish left at another version than the current dataset
        version names are left to ``publish``, which restores them first.
        """
        prepared = PreparedRewrites()
        previous = self.current_version()
        if previous is None:
            return prepared
        named = self.version_row(previous)["table_versions"]
        for name, change in changes.items():
            if change.replace_all or not change.removals() or named.get(name) is None:
                continue
            path = self.table_path(name)
            if DeltaTable(str(path)).version() == named[name]:
                prepared.add(name, named[name], _rewritten_without(path, change.removals()))
        return prepared

    def publish(self, changes: dict[str, TableChange], meta: dict[str, Any], prepared: Sequence[PreparedRewrites] = ()) -> int:
        """Apply each table's change, then append the ``versions`` row that makes them one dataset version.

        The first publication overwrites whatever a crashed earlier attempt left behind; later
        ones first restore any table whose latest Delta version is not the one the current
        dataset version names (a crash between table writes), then delete the replaced rows
        and append the new ones, so a run costs what it changes, not the warehouse size.
        A change's ``files`` are checked against the table schema and added to the table
        without being rewritten (a staged run publishes its big tables by moving files).
        Tables are created with ``KEEP_LOGS``; one that lacks it (made by an older paperlake, or
        restored to such a version) gets it, and no commit of paperlake's cleans up a log.
        ``prepared`` rewrites (``prepare_rewrites`` of the same changes, for some of the tables each) are
        committed as they are when their table is still at the version they were made from.
        """
        self.root.mkdir(parents=True, exist_ok=True)
        previous = self.current_version()
        number = 1 if previous is None else previous + 1
        if previous is None:
            (self.root / VACUUMED).unlink(missing_ok=True)  # left by an earlier warehouse in this folder
        named = {} if previous is None else self.version_row(previous)["table_versions"]

        def publish_table(name: str, table_schema: pl.Schema) -> int:
            change = changes.get(name, TableChange(schema.empty(table_schema)))
            frame = schema.conform(change.rows, table_schema)
            if "dataset_version" in table_schema:
                frame = frame.with_columns(dataset_version=pl.lit(number, pl.Int64))
            path = str(self.table_path(name))
            rows = _arrow_stream(frame)
            if previous is None or named.get(name) is None or change.replace_all:
                data = rows if rows is not None else schema.empty(table_schema).to_arrow()
                write_deltalake(path, data, mode="overwrite", schema_mode="overwrite", configuration=KEEP_LOGS, **_commit(number))
            else:
                table = DeltaTable(path)
                if table.version() != named[name]:
                    table.restore(named[name], **_commit(number))
                if change.removals():
                    rewrites = next((r for p in prepared if (r := p.take(name, table.version())) is not None), None)
                    if rewrites is None:
                        rewrites = _rewritten_without(Path(path), change.removals())
                    _commit_actions(Path(path), rewrites, number)
                if rows is not None:
                    write_deltalake(path, rows, mode="append", **_commit(number))
            if change.files:
                _adopt(Path(path), change.files, table_schema, number)
            return _keep_logs(DeltaTable(path), number).version()

        with ThreadPoolExecutor(max_workers=REWRITE_THREADS) as pool:  # the tables are independent until the versions row
            table_versions = dict(zip(schema.STORED_TABLES, pool.map(publish_table, schema.STORED_TABLES, schema.STORED_TABLES.values()), strict=True))
        counts = {name: _rows(DeltaTable(str(self.table_path(name)))) for name in schema.TABLES}
        row = {**meta, "dataset_version": number, "table_versions": table_versions, "counts": json.dumps(counts, sort_keys=True)}
        versions = pl.DataFrame([row], schema=VERSIONS)
        versions_path = self.table_path("versions")
        if (versions_path / "_delta_log").is_dir():
            _keep_logs(DeltaTable(str(versions_path)), number)  # before the row: once it is written, the dataset version is published
        write_deltalake(str(versions_path), versions.to_arrow(), mode="append", schema_mode="merge", configuration=KEEP_LOGS, **_commit(number))
        return number

    def input_stats(self) -> pl.DataFrame:
        """The input file stats of the last successful run (``file``, ``size_bytes``, ``mtime_ns``, ``source_id``)."""
        path = self.root / INPUT_STATS
        if not path.is_file():
            return pl.DataFrame(schema=INPUT_STATS_SCHEMA)
        return pl.read_parquet(path).cast(dict(INPUT_STATS_SCHEMA))

    def save_input_stats(self, stats: pl.DataFrame) -> None:
        """Remember which content each input file had, so an unchanged file is not read again (atomic replace)."""
        path = self.root / INPUT_STATS
        path.parent.mkdir(parents=True, exist_ok=True)
        scratch = path.with_suffix(".tmp")
        stats.select(list(INPUT_STATS_SCHEMA)).write_parquet(scratch)
        scratch.replace(path)

    def rows_where(self, table: str, column: str, values: pl.Series | list[str], columns: list[str] | None = None) -> pl.DataFrame:
        """The current rows of a table whose ``column`` is one of ``values`` (a filtered scan)."""
        wanted = pl.Series(values, dtype=pl.String).unique()
        if self.current_version() is None or wanted.is_empty():
            return schema.empty(schema.STORED_TABLES[table]).select(columns or pl.all())
        scan = self.scan(table).filter(pl.col(column).is_in(wanted.implode()))
        return (scan.select(columns) if columns else scan).collect()

    def index_schemes(self) -> dict[str, int]:
        """Rows per scheme of the dedup index (one per key and scheme); empty before the first version."""
        if self.current_version() is None:
            return {}
        counts = self.scan("dedup_index").group_by("scheme").len().collect()
        return dict(zip(counts["scheme"].to_list(), counts["len"].to_list()))

    def keys_without(self, scheme: str) -> pl.Series:
        """Indexed dedup keys that have no row under ``scheme`` (an index older than the scheme)."""
        stored = self.scan("dedup_index").select("dedup_key", "scheme")
        return stored.join(stored.filter(pl.col("scheme") == scheme), on="dedup_key", how="anti").select(pl.col("dedup_key").unique().sort()).collect()["dedup_key"]

    def index_matches(self, wanted: dict[str, pl.Series], unpublished: pl.LazyFrame | None = None) -> dict[str, pl.DataFrame]:
        """For each scheme of ``wanted``, ``(dedup_key, value, held)`` of the dedup index rows under that scheme that hold one
        of its values (band keys, passage hashes), ``held`` the number of values the row holds; one read of the index (and
        of the ``unpublished`` rows a run adds to it, in its schema) serves every scheme."""
        found = {scheme: pl.DataFrame(schema={"dedup_key": pl.String, "value": pl.Int64, "held": pl.UInt32}) for scheme in wanted}
        every = pl.concat([values.cast(pl.Int64) for values in wanted.values()]).unique()
        if self.current_version() is None or every.is_empty():
            return found
        index = self.scan("dedup_index") if unpublished is None else pl.concat([self.scan("dedup_index"), unpublished], how="diagonal_relaxed")
        stored = index.select("scheme", "dedup_key", value=pl.col("bands"), held=pl.col("bands").list.len()).explode("value")
        rows = stored.filter(pl.col("value").is_in(every.implode())).collect()
        for scheme, values in wanted.items():
            found[scheme] = rows.filter((pl.col("scheme") == scheme) & pl.col("value").is_in(values.cast(pl.Int64).implode())).drop("scheme")
        return found


# The last read of each warehouse's ``versions`` table, with the state of its log when read (``Warehouse.versions``).
_VERSIONS_READ: dict[Path, tuple[tuple[tuple[str, int, int], ...], pl.DataFrame]] = {}


def _log_state(table_path: Path) -> tuple[tuple[str, int, int], ...] | None:
    """Name, size and modification time of every file in a Delta table's log (None when it has no log): a commit, a
    checkpoint or a rewritten log changes it."""
    try:
        entries = list(os.scandir(table_path / "_delta_log"))
    except (FileNotFoundError, NotADirectoryError):
        return None
    return tuple(sorted((entry.name, entry.stat().st_size, entry.stat().st_mtime_ns) for entry in entries))


def _arrow_stream(frame: pl.DataFrame | pl.LazyFrame) -> pa.Table | pa.RecordBatchReader | None:
    """The rows as Arrow, streamed in batches when lazy; None when there are none."""
    if isinstance(frame, pl.DataFrame):
        return frame.to_arrow() if frame.height else None
    batches = (batch for chunk in frame.collect_batches() for batch in chunk.to_arrow().to_batches())
    first = next(batches, None)
    return None if first is None else pa.RecordBatchReader.from_batches(first.schema, itertools.chain([first], batches))


def _adopt(table_path: Path, files: tuple[Path, ...], table_schema: pl.Schema, number: int) -> None:
    """Move Parquet files written in ``table_schema`` into the table and commit them as added rows."""
    for file in files:
        if pl.read_parquet_schema(file) != dict(table_schema):
            raise ValueError(f"{file}: its schema is not the table's; not adding it to {table_path}")
    actions = []
    for file in files:
        target = _new_data_file(table_path)
        shutil.move(file, target)
        actions.append(_add_action(target))
    table = DeltaTable(str(table_path))
    table.create_write_transaction(actions, mode="append", schema=table.schema(), **_commit(number))


def _new_data_file(table_path: Path) -> Path:
    return table_path / f"part-{uuid.uuid4()}.parquet"


def _add_action(target: Path) -> AddAction:
    """The Delta ``AddAction`` of a Parquet file written in the table's folder, with its ``file_stats``."""
    stat = target.stat()
    return AddAction(target.name, stat.st_size, {}, stat.st_mtime_ns // 1_000_000, True, file_stats(target))


# Strings longer than this are left out of a file's min/max (a truncated max would not bound the column).
STATS_STRING_CHARS = 64


def file_stats(path: Path) -> str:
    """Delta ``stats`` of a Parquet file from its footer: rows, and per top-level column of strings,
    integers, floats, booleans or dates its null count and, where every row group has them, min and max,
    as delta-rs writes them (readers skip files on these). Lists, structs and timestamps get none."""
    meta = pq.read_metadata(path)
    arrow = meta.schema.to_arrow_schema()
    leaves = {meta.schema.column(j).path: j for j in range(meta.num_columns)}
    row_groups = [meta.row_group(g) for g in range(meta.num_row_groups)]
    mins: dict[str, Any] = {}
    maxs: dict[str, Any] = {}
    nulls: dict[str, int] = {}
    for field in arrow:
        kind = field.type
        if field.name not in leaves or not (
            pa.types.is_string(kind) or pa.types.is_large_string(kind) or pa.types.is_integer(kind)
            or pa.types.is_floating(kind) or pa.types.is_boolean(kind) or pa.types.is_date32(kind)
        ):
            continue
        groups = [(group.column(leaves[field.name]).statistics, group.num_rows) for group in row_groups]
        if any(g is None or not g.has_null_count for g, _ in groups):
            continue
        nulls[field.name] = sum(g.null_count for g, _ in groups)
        bounded = [g for g, rows in groups if g.null_count < rows]  # a group of nulls only has no min/max
        if not bounded or any(not g.has_min_max for g in bounded):
            continue
        low, high = min(g.min for g in bounded), max(g.max for g in bounded)
        if pa.types.is_floating(kind) and (low != low or high != high):  # NaN
            continue
        if isinstance(low, str) and max(len(low), len(high)) > STATS_STRING_CHARS:
            continue
        mins[field.name], maxs[field.name] = (low.isoformat(), high.isoformat()) if pa.types.is_date32(kind) else (low, high)
    return json.dumps({"numRecords": meta.num_rows, "minValues": mins, "maxValues": maxs, "nullCount": nulls})


def _commit(number: int) -> dict[str, Any]:
    """Commit arguments for a write of dataset version ``number``: tagged with it, and never cleaning up the log.

    ``cleanup_expired_logs=False`` covers the commits made while a table lacks ``KEEP_LOGS``: a
    table written before paperlake set it, or restored to such a version (a restore brings back
    that version's table properties).
    """
    from deltalake import CommitProperties, PostCommitHookProperties

    return {
        "commit_properties": CommitProperties(custom_metadata={"paperlake.dataset_version": str(number)}),
        "post_commithook_properties": PostCommitHookProperties(cleanup_expired_logs=False),
    }


def _keep_logs(table: DeltaTable, number: int) -> DeltaTable:
    """The table, with ``KEEP_LOGS`` set (one metadata commit, no data rewritten, when it lacked it)."""
    configuration = table.metadata().configuration
    if any(configuration.get(key) != value for key, value in KEEP_LOGS.items()):
        table.alter.set_table_properties(KEEP_LOGS, **_commit(number))
    return table


def _rows(table: DeltaTable) -> int:
    return int(pl.DataFrame(table.get_add_actions(flatten=True))["num_records"].sum() or 0)


class _LocalTable(DeltaTable):
    """A Delta table in a local folder whose ``file_uris`` are the files' paths.

    delta-rs gives a local table's files percent-encoded (``/data/my%20lake/...`` for a folder named
    ``my lake``), which polars reads as they are written and does not find.
    """

    def file_uris(self, partition_filters: Sequence[Any] | None = None) -> list[str]:
        return [unquote(uri) for uri in super().file_uris(partition_filters)]


def _rewritten_without(table_path: Path, removals: list[tuple[str, tuple[str, ...]]]) -> list[AddAction | RemoveAction]:
    """The actions that delete the rows whose column is one of its values, for each (column, values) of ``removals``: each
    file that holds one is replaced by a copy without them, written beside it now (committing the actions makes the
    copies part of the table).

    A file stays a file (its size and its rows' order), so a run that touches a few rows in many files rewrites those
    files only, and the table does not drift toward a few big files that every later run would rewrite again
    (``DeltaTable.delete`` writes the rows it keeps as new files of up to 100 MB). The files are found in one scan and
    rewritten on ``REWRITE_THREADS`` threads (reading and writing Parquet release the GIL).
    """
    table = _LocalTable(str(table_path))
    wanted = [(column, pl.Series(values, dtype=pl.String).implode()) for column, values in removals]
    sizes = dict(pl.DataFrame(table.get_add_actions(flatten=True)).select("path", "size_bytes").iter_rows())
    if not sizes:
        return []
    relative_of = {str(table_path / unquote(relative)): relative for relative in sizes}
    relatives = sorted({relative_of[file] for column, values in wanted for file in files_holding(list(relative_of), column, values)})
    removed = pl.any_horizontal(pl.col(column).is_in(values).fill_null(False) for column, values in wanted)  # a null (a rejected block's record) stays

    def rewrite(relative: str) -> list[AddAction | RemoveAction]:
        kept = pl.read_parquet(table_path / unquote(relative)).filter(~removed)
        actions: list[AddAction | RemoveAction] = [RemoveAction(relative, True, int(now_utc().timestamp() * 1000), sizes[relative])]
        if kept.height:
            target = _new_data_file(table_path)
            kept.write_parquet(target)
            actions.append(_add_action(target))
        return actions

    with ThreadPoolExecutor(max_workers=REWRITE_THREADS) as pool:
        return [action for rewritten in pool.map(rewrite, relatives) for action in rewritten]


def _commit_actions(table_path: Path, actions: list[AddAction | RemoveAction], number: int) -> None:
    """Commit ``actions`` to the table at ``table_path`` in one commit (none when there are none)."""
    if actions:
        table = DeltaTable(str(table_path))
        table.create_write_transaction(actions, mode="append", schema=table.schema(), **_commit(number))


@dataclass
class PreparedRewrites:
    """Rewritten copies of table files (``Warehouse.prepare_rewrites``), per table, with the table version they replace files of."""

    actions: dict[str, tuple[int, list[AddAction | RemoveAction]]] = dataclasses.field(default_factory=dict)
    taken: set[str] = dataclasses.field(default_factory=set)

    def add(self, table: str, version: int, actions: list[AddAction | RemoveAction]) -> None:
        self.actions[table] = (version, actions)

    def take(self, table: str, version: int) -> list[AddAction | RemoveAction] | None:
        """The table's actions when they were made from ``version`` (the table's current one), else None; taken once."""
        made_from, actions = self.actions.get(table, (None, []))
        if made_from != version or table in self.taken:
            return None
        self.taken.add(table)
        return actions

    def discard(self, warehouse: Warehouse) -> None:
        """Delete the copies that no commit took (the run stopped before publishing, or a table had moved on)."""
        for table, (_, actions) in self.actions.items():
            if table not in self.taken:
                for action in actions:
                    if isinstance(action, AddAction):
                        (warehouse.table_path(table) / unquote(action.path)).unlink(missing_ok=True)


def files_holding(files: list[str], column: str, wanted: pl.Series) -> list[str]:
    """The Parquet files (of one table) with a row whose ``column`` is in ``wanted`` (an imploded Series), in one scan.

    Only ``column`` is read, so files written before a column was added, or with their columns in another order, are
    scanned together.
    """
    scan = pl.scan_parquet(files, include_file_paths="file", extra_columns="ignore", missing_columns="insert")
    return scan.filter(pl.col(column).is_in(wanted)).select(pl.col("file").unique()).collect()["file"].to_list()


def now_utc() -> datetime:
    from datetime import UTC

    return datetime.now(UTC)


def run_name(started: datetime) -> str:
    """A run's name, from its start (its version's ``created_at``): its staging and ``reports/`` folders are named so."""
    return started.strftime("%Y%m%dT%H%M%S%fZ")
