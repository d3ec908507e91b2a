"""Edge: reclaim the space of old dataset versions, keeping the newest ones readable.

Every run rewrites some Delta files (copy-on-write) and Delta keeps the replaced ones for time
travel, so a warehouse only grows. A vacuum keeps the newest ``keep`` dataset versions: in each
table it keeps every file live at any Delta version from the one the oldest kept dataset version
names onwards (later ones too: a run may be writing, or may have crashed before its ``versions``
row), and deletes the files that commits removed before that. A file that no commit names (left
by a crashed write, or written by a run that has not committed yet) is deleted only once it is
``UNREFERENCED_AGE`` old.

delta-rs plans it: two dry-run ``DeltaTable.vacuum`` calls with ``keep_versions`` list the
removed files and every unneeded file. paperlake deletes them itself, because delta-rs's own
deletion would also take young unreferenced files and would commit to the table logs, which
publication reads to detect a crashed run.

Publication keeps every table's whole Delta log (``store.KEEP_LOGS``); vacuum shortens it: it
deletes the log files of Delta versions before the newest checkpoint at or before the oldest
kept version (that checkpoint replaces them for every later version). Without such a
checkpoint (delta-rs writes one every ``delta.checkpointInterval`` commits, 100 by default) the
log stays whole.

Validation reports (``reports/<run>/``, Data Docs named by the run's start, which is its
version's ``created_at``) of runs that started before the oldest kept version are deleted too,
published or blocked. The ``versions`` table and the warehouse's ``_cache`` and ``_staging``
folders are never touched.
"""

from __future__ import annotations

import re
import shutil
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path

import polars as pl
from deltalake import DeltaTable
from deltalake.exceptions import DeltaError

from paperlake.defaults import DEFAULT_KEEP
from paperlake.store import Vacuumed, VersionNotFound, Warehouse, now_utc, run_name
from transforms import schema

UNREFERENCED_AGE = timedelta(hours=1)
_LOG_VERSION = re.compile(r"(\d{20})\.")  # commits, checkpoints, checksums, compacted commits: named by their (first) version
_CHECKPOINT = re.compile(r"(\d{20})\.checkpoint\.parquet")  # single-file checkpoints, the only kind delta-rs writes
_REPORT = re.compile(r"\d{8}T\d{12}Z")  # reports/<store.run_name>


class VacuumFailed(RuntimeError):
    """A table could not be planned; nothing was deleted."""


@dataclass(frozen=True)
class TableVacuum:
    """What a vacuum deletes (or would delete) in one table."""

    table: str
    files: tuple[str, ...]  # paths relative to the table folder
    bytes: int
    young: int  # unreferenced files left in place: younger than UNREFERENCED_AGE
    logs: tuple[str, ...] = ()  # Delta log files (relative paths) of versions before ``checkpoint``
    log_bytes: int = 0
    checkpoint: int | None = None  # the checkpoint that replaces them


@dataclass(frozen=True)
class VacuumResult:
    """The dataset versions a vacuum kept and the files it deleted (or would, on a dry run)."""

    first: int  # the oldest dataset version listed in ``versions``
    oldest_kept: int
    newest: int
    tables: tuple[TableVacuum, ...]
    dry_run: bool
    reports: tuple[str, ...] = ()  # report folders (names under ``reports/``) of runs before ``oldest_kept``
    report_bytes: int = 0

    @property
    def files(self) -> int:
        return sum(len(t.files) for t in self.tables)

    @property
    def logs(self) -> int:
        return sum(len(t.logs) for t in self.tables)

    @property
    def bytes(self) -> int:
        return sum(t.bytes + t.log_bytes for t in self.tables) + self.report_bytes


def vacuum(warehouse: Warehouse, keep: int = DEFAULT_KEEP, dry_run: bool = False, now: datetime | None = None) -> VacuumResult:
    """Delete every table file that neither the newest ``keep`` dataset versions nor a later table version needs.

    Plans every table before deleting anything, and records the oldest readable dataset version
    (``Warehouse.vacuumed``) before the first deletion. Data files go first, then the log files
    that a checkpoint at or before the oldest kept table version replaces. A dry run only plans.
    Repeating a vacuum deletes nothing new; a larger ``keep`` does not bring vacuumed versions back.
    """
    if keep < 1:
        raise ValueError(f"keep must be at least 1, got {keep}")
    if warehouse.versions().is_empty():
        raise VersionNotFound(f"{warehouse.root} is not a paperlake warehouse: it has no dataset versions")
    if dry_run:
        return _vacuum(warehouse, keep, dry_run, now)
    with warehouse.exclusive("paperlake vacuum"):  # a run publishing meanwhile would need files this deletes
        return _vacuum(warehouse, keep, dry_run, now)


def _vacuum(warehouse: Warehouse, keep: int, dry_run: bool, now: datetime | None) -> VacuumResult:
    versions = warehouse.versions()
    now = now or now_utc()
    numbers = versions["dataset_version"]
    oldest = int(numbers.tail(keep).min())
    vacuumed = warehouse.vacuumed()
    if vacuumed is not None:
        oldest = max(oldest, vacuumed.oldest_readable)
    kept = versions.filter(pl.col("dataset_version") >= oldest)["table_versions"].struct.unnest()
    plans = []
    for name in schema.STORED_TABLES:
        path = warehouse.table_path(name)
        first_table_version = kept[name].min() if name in kept.columns else None  # a table newer than every kept version
        if first_table_version is None or not (path / "_delta_log").is_dir():
            continue
        plans.append(_plan(name, path, int(first_table_version), now))
    oldest_start = run_name(versions.filter(pl.col("dataset_version") == oldest)["created_at"].item())
    reports, report_bytes = _old_reports(warehouse.root / "reports", oldest_start)
    if not dry_run:
        warehouse.save_vacuumed(Vacuumed(oldest, now, keep))
        for plan in plans:
            for file in (*plan.files, *plan.logs):
                (warehouse.table_path(plan.table) / file).unlink(missing_ok=True)
        for report in reports:
            shutil.rmtree(warehouse.root / "reports" / report, ignore_errors=True)
    return VacuumResult(int(numbers.min()), oldest, int(numbers.max()), tuple(plans), dry_run, reports, report_bytes)


def _old_reports(folder: Path, oldest_start: str) -> tuple[tuple[str, ...], int]:
    """The report folders of runs that started before the run named ``oldest_start``, and their size."""
    if not folder.is_dir():
        return (), 0
    old = sorted(d.name for d in folder.iterdir() if d.is_dir() and _REPORT.fullmatch(d.name) and d.name < oldest_start)
    size = sum(f.stat().st_size for name in old for f in (folder / name).rglob("*") if f.is_file())
    return tuple(old), size


def _plan(name: str, path: Path, first_version: int, now: datetime) -> TableVacuum:
    """The files of one table that no Delta version from ``first_version`` on needs."""
    table = DeltaTable(str(path))
    keep_versions = list(range(first_version, table.version() + 1))
    options = {"retention_hours": 0, "dry_run": True, "enforce_retention_duration": False, "keep_versions": keep_versions}
    try:
        removed = set(table.vacuum(**options))  # removed by a commit (tombstones the log still lists)
        unneeded = set(table.vacuum(full=True, **options))  # plus files no commit names
    except DeltaError as err:
        raise VacuumFailed(
            f"{name}: cannot load Delta versions {first_version}..{table.version()} that the kept dataset versions need"
            f" (was their log cleaned up? try a smaller --keep); nothing was deleted: {err}"
        ) from err
    files, size, young = [], 0, 0
    for file in sorted(unneeded):
        try:
            stat = (path / file).stat()
        except FileNotFoundError:
            continue
        # ctime too: a run moves staged files into the table (keeping their mtime) before it commits them.
        if file not in removed and now.timestamp() - max(stat.st_mtime, stat.st_ctime) < UNREFERENCED_AGE.total_seconds():
            young += 1
            continue
        files.append(file)
        size += stat.st_size
    return TableVacuum(name, tuple(files), size, young, *_old_logs(path, first_version))


def _old_logs(path: Path, first_version: int) -> tuple[tuple[str, ...], int, int | None]:
    """The log files of Delta versions before the newest checkpoint at or before ``first_version``, their size, and that checkpoint.

    A Delta reader reads a version from the newest checkpoint at or before it and the commits
    after that checkpoint, so every version from the checkpoint on stays readable (``_plan`` has
    just loaded ``first_version``). Without such a checkpoint nothing is listed.
    """
    log = path / "_delta_log"
    checkpoints = [int(m.group(1)) for f in log.iterdir() if (m := _CHECKPOINT.fullmatch(f.name))]
    checkpoint = max((v for v in checkpoints if v <= first_version), default=None)
    if checkpoint is None:
        return (), 0, None
    logs, size = [], 0
    for file in sorted(log.iterdir()):
        match = _LOG_VERSION.match(file.name)
        if match and int(match.group(1)) < checkpoint and file.is_file():
            logs.append(f"_delta_log/{file.name}")
            size += file.stat().st_size
    return tuple(logs), size, checkpoint


def format_vacuum(result: VacuumResult) -> str:
    """Human-readable summary for the CLI."""
    if result.dry_run:
        head, verb, freed = "paperlake vacuum (dry run): would keep", "would delete", "would free"
        lost = f"{_versions(result.first, result.oldest_kept - 1)} would become unreadable"
    else:
        head, verb, freed = "paperlake vacuum: kept", "deleted", "freed"
        lost = f"{_versions(result.first, result.oldest_kept - 1)} no longer readable"
    if result.oldest_kept == result.first:
        lost = "every version stays readable"
    lines = [f"{head} dataset {_versions(result.oldest_kept, result.newest)}; {lost}"]
    for table in result.tables:
        if table.files:
            lines.append(f"  {table.table:<14} {verb} {len(table.files):>5} files  {_size(table.bytes):>10}")
        if table.logs:
            lines.append(f"  {table.table:<14} {verb} {len(table.logs):>5} log files {_size(table.log_bytes):>6}  (Delta versions before {table.checkpoint}, replaced by its checkpoint)")
        if table.young:
            lines.append(f"  {table.table:<14} left {table.young} unreferenced files younger than {UNREFERENCED_AGE.total_seconds() / 3600:g} h (a writer may still commit them)")
    if result.reports:
        lines.append(f"  {'reports':<14} {verb} {len(result.reports):>5} run folders {_size(result.report_bytes):>4}  (Data Docs of runs before version {result.oldest_kept})")
    logs = f" and {result.logs} log files" if result.logs else ""
    lines.append(f"  total          {verb} {result.files:>5} files{logs}  {_size(result.bytes):>10}  ({freed} {result.bytes} bytes)")
    return "\n".join(lines)


def _versions(first: int, last: int) -> str:
    return f"version {first}" if first == last else f"versions {first}..{last}"


def _size(n: int) -> str:
    return f"{n / 1e6:.1f} MB" if n >= 100_000 else f"{n / 1e3:.1f} kB"
