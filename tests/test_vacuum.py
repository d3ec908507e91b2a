"""Vacuum on real Delta tables: kept versions read the same, older ones fail clearly, runs go on."""

from __future__ import annotations

import os
import re
import shutil
import time
from datetime import timedelta
from pathlib import Path

import polars as pl
import pytest
from deltalake import DeltaTable, write_deltalake
from polars.testing import assert_frame_equal

import paperlake
from paperlake.store import KEEP_LOGS, LOCK_FILE, VACUUMED, VERSIONS, TableChange, VersionVacuumed, Warehouse, now_utc
from paperlake.vacuum import VacuumFailed, format_vacuum, vacuum
from transforms import schema

CORPUS = Path(__file__).resolve().parent / "fixtures" / "dedup" / "corpus"


def _snapshot(warehouse: Warehouse, version: int) -> dict[str, pl.DataFrame]:
    return {name: warehouse.read(name, version) for name in schema.STORED_TABLES}


def _assert_same(a: dict[str, pl.DataFrame], b: dict[str, pl.DataFrame]) -> None:
    for name in a:
        assert_frame_equal(a[name], b[name])


def _listing(root: Path) -> dict[str, int]:
    """The warehouse's files and sizes, but the vacuum record and the lock file (``Warehouse.exclusive``)."""
    return {str(f.relative_to(root)): f.stat().st_size for f in root.rglob("*") if f.is_file() and f.name not in (VACUUMED.name, LOCK_FILE)}


def _freed(output: str) -> int:
    return int(re.search(r"\((?:freed|would free) (\d+) bytes\)", output).group(1))


def test_vacuum_keeps_the_newest_versions_and_the_next_run_works(paperlake_cli, tmp_path: Path) -> None:
    files = sorted(CORPUS.glob("*.txt"))
    inputs, root = tmp_path / "in", tmp_path / "wh"
    inputs.mkdir()
    for file in files[:3]:  # one file per run: every run rewrites some records, occurrences, tags and urls files
        shutil.copy(file, inputs / file.name)
        assert paperlake_cli("run", "--input", inputs, "--warehouse", root)[0] == 0
    warehouse = Warehouse(root)
    before = {v: _snapshot(warehouse, v) for v in (1, 2, 3)}
    listed = _listing(root)
    runs = [p.name for p in (root / "reports").iterdir()]
    assert len(runs) == 3

    code, output = paperlake_cli("vacuum", "--warehouse", root, "--keep", "2", "--dry-run")
    assert code == 0, output
    assert "would keep dataset versions 2..3; version 1 would become unreadable" in output
    assert "reports        would delete     1 run folders" in output
    assert _freed(output) > 0
    assert _listing(root) == listed and not (root / VACUUMED).exists()

    code, output = paperlake_cli("vacuum", "--warehouse", root, "--keep", "2")
    assert code == 0, output
    assert "kept dataset versions 2..3; version 1 no longer readable" in output
    after = _listing(root)
    deleted = set(listed) - set(after)
    assert set(after) <= set(listed)
    assert _freed(output) == sum(listed[f] for f in deleted) > 0
    reports = sorted(p.name for p in (root / "reports").iterdir())
    assert len(reports) == 2 and reports == sorted(runs)[1:]  # the Data Docs of version 1's run went with it
    assert "reports" in output and "(Data Docs of runs before version 2)" in output
    deleted_tables = {f for f in deleted if not f.startswith("reports/")}
    assert deleted_tables and all(f.split("/")[0] in schema.STORED_TABLES and "_delta_log" not in f for f in deleted_tables)
    for version in (2, 3):
        _assert_same(before[version], _snapshot(warehouse, version))

    # Version 1 did lose files, and every reader says so instead of failing deep inside.
    records_v1 = warehouse.versions().row(0, named=True)["table_versions"]["records"]
    assert not all(Path(u.removeprefix("file://")).exists() for u in DeltaTable(str(root / "records"), version=records_v1).file_uris())
    with pytest.raises(VersionVacuumed, match="dataset version 1 was vacuumed .* oldest readable version .* is 2"):
        paperlake.open_dataset(root, version=1)
    code, output = paperlake_cli("export", "--warehouse", root, "--version", "1", "--to", tmp_path / "export")
    assert code == 2 and "dataset version 1 was vacuumed" in output
    code, output = paperlake_cli("diff", "1", "3", "--warehouse", root)
    assert code == 2 and "dataset version 1 was vacuumed" in output
    history = paperlake_cli("history", "--warehouse", root)[1].splitlines()
    assert history[0].startswith("v1 ") and history[0].endswith("vacuumed")
    assert not any(line.endswith("vacuumed") for line in history[1:3])
    assert history[3].startswith("readable: v2 and later")

    code, output = paperlake_cli("vacuum", "--warehouse", root, "--keep", "2")
    assert code == 0 and _freed(output) == 0
    assert _listing(root) == after

    shutil.copy(files[3], inputs / files[3].name)
    code, output = paperlake_cli("run", "--input", inputs, "--warehouse", root)
    assert code == 0 and "published dataset version 4" in output, output
    assert paperlake.open_dataset(root).records.collect().height == 100
    for version in (2, 3):
        _assert_same(before[version], _snapshot(warehouse, version))
    code, output = paperlake_cli("vacuum", "--warehouse", root, "--keep", "2")
    assert code == 0 and _freed(output) > 0
    _assert_same(before[3], _snapshot(warehouse, 3))
    assert warehouse.read("records", 4).height == 100
    with pytest.raises(VersionVacuumed, match="dataset version 2 was vacuumed"):
        paperlake.open_dataset(root, version=2)


def _publish(warehouse: Warehouse, ids: list[str], replace: tuple[str, ...] = ()) -> int:
    rows = schema.conform(pl.DataFrame({"record_id": ids, "text": [f"An abstract about {i}." for i in ids], "n_occurrences": [1] * len(ids)}), schema.RECORDS)
    return warehouse.publish({"records": TableChange(rows, replace_values=replace)}, {"created_at": now_utc()})


def test_unreferenced_files_wait_an_hour_and_other_folders_stay(tmp_path: Path) -> None:
    warehouse = Warehouse(tmp_path / "wh")
    warehouse.root.mkdir()
    (warehouse.root / VACUUMED).write_text('{"oldest_readable": 5, "vacuumed_at": "2026-01-01T00:00:00+00:00", "keep": 1}')
    assert _publish(warehouse, ["pl_1", "pl_2"]) == 1
    assert not (warehouse.root / VACUUMED).exists()  # a new warehouse forgets an old folder's vacuum
    assert _publish(warehouse, ["pl_2", "pl_3"], replace=("pl_2",)) == 2
    records = warehouse.table_path("records")
    crashed = records / "part-crashed.parquet"  # a write that never committed
    shutil.copy(next(records.glob("*.parquet")), crashed)
    (warehouse.root / "_cache").mkdir()
    (warehouse.root / "_cache" / "input_stats.parquet").write_bytes(b"kept")
    untouched = {p: p.read_bytes() for p in [*warehouse.root.glob("*/_delta_log/*"), *warehouse.root.glob("versions/*.parquet"), warehouse.root / "_cache" / "input_stats.parquet"]}
    current = warehouse.read("records")

    first = vacuum(warehouse, keep=1)
    (table,) = [t for t in first.tables if t.table == "records"]
    assert table.files and table.young == 1 and crashed.exists()
    second = vacuum(warehouse, keep=1, now=now_utc() + timedelta(hours=2))
    assert [t.files for t in second.tables if t.files] == [("part-crashed.parquet",)]
    assert not crashed.exists()
    assert all(path.read_bytes() == content for path, content in untouched.items())
    assert_frame_equal(warehouse.read("records"), current)


def test_a_kept_version_whose_log_is_gone_stops_vacuum_before_it_deletes(tmp_path: Path) -> None:
    warehouse = Warehouse(tmp_path / "wh")
    _publish(warehouse, ["pl_1"])
    _publish(warehouse, ["pl_1", "pl_2"], replace=("pl_1",))
    _publish(warehouse, ["pl_2", "pl_3"], replace=("pl_2",))
    records = warehouse.table_path("records")
    DeltaTable(str(records)).create_checkpoint()
    for log in sorted((records / "_delta_log").glob("*.json"))[:-1]:  # what delta-rs's expired log cleanup does after 30 days
        log.unlink()
    listed = _listing(warehouse.root)
    with pytest.raises(VacuumFailed, match="records: cannot load Delta versions .* nothing was deleted"):
        vacuum(warehouse, keep=3)
    assert _listing(warehouse.root) == listed and not (warehouse.root / VACUUMED).exists()
    assert vacuum(warehouse, keep=1).files > 0


def test_bad_arguments_exit_2(paperlake_cli, tmp_path: Path) -> None:
    code, output = paperlake_cli("vacuum", "--warehouse", tmp_path, "--keep", "0")
    assert code == 2 and "--keep" in output
    code, output = paperlake_cli("vacuum", "--warehouse", tmp_path / "nothing")
    assert code == 2 and "not a paperlake warehouse" in output


def _logs(table: Path) -> list[str]:
    return sorted(f.name for f in (table / "_delta_log").iterdir())


def _age_logs(root: Path, days: int = 60) -> None:
    """Make every log file look ``days`` old: past delta-rs's default log retention of 30 days."""
    then = time.time() - days * 86400
    for file in root.glob("*/_delta_log/*"):
        os.utime(file, (then, then))


def _checkpointing_tables(root: Path) -> None:
    """Empty tables that checkpoint every 2 commits (not 100) and lack ``KEEP_LOGS``, as an older paperlake made them.

    The first publication overwrites them and keeps their table properties.
    """
    for name, table_schema in {**schema.STORED_TABLES, "versions": VERSIONS}.items():
        write_deltalake(str(root / name), schema.empty(table_schema).to_arrow(), configuration={"delta.checkpointInterval": "2"})


def test_a_fresh_warehouse_creates_every_table_keeping_its_log(tmp_path: Path) -> None:
    warehouse = Warehouse(tmp_path / "wh")
    _publish(warehouse, ["pl_1"])
    for name in (*schema.STORED_TABLES, "versions"):
        table = DeltaTable(str(warehouse.table_path(name)))
        assert table.metadata().configuration == KEEP_LOGS, name
        assert table.version() == 0, name  # set when the table is created: no extra commit


def test_every_dataset_version_stays_readable_when_delta_would_expire_its_log(tmp_path: Path) -> None:
    warehouse = Warehouse(tmp_path / "wh")
    warehouse.root.mkdir()
    _checkpointing_tables(warehouse.root)
    ids = [f"pl_{i}" for i in range(8)]
    published = {}
    for n in range(1, 8):  # each run replaces a record: records gets a delete and an append, a checkpoint every 2 commits
        _age_logs(warehouse.root)
        assert _publish(warehouse, ids[n - 1 : n + 1], replace=(ids[n - 1],) if n > 1 else ()) == n
        published[n] = warehouse.read("records")
    for name in (*schema.STORED_TABLES, "versions"):
        table = warehouse.table_path(name)
        assert DeltaTable(str(table)).metadata().configuration == {"delta.checkpointInterval": "2", **KEEP_LOGS}, name
        assert "00000000000000000000.json" in _logs(table), name
    records = warehouse.table_path("records")
    assert sum(f.endswith(".checkpoint.parquet") for f in _logs(records)) >= 5  # delta-rs had every chance to clean up
    for n, rows in published.items():
        assert_frame_equal(warehouse.read("records", n), rows)

    # Another Delta writer (delta-rs with its default post-commit hook) honours the table property too.
    _age_logs(warehouse.root)
    write_deltalake(str(records), schema.empty(schema.RECORDS).to_arrow(), mode="append")
    write_deltalake(str(records), schema.empty(schema.RECORDS).to_arrow(), mode="append")
    assert "00000000000000000000.json" in _logs(records)
    assert_frame_equal(warehouse.read("records", 1), published[1])


def test_vacuum_shortens_the_logs_up_to_a_checkpoint_the_kept_versions_read_from(tmp_path: Path) -> None:
    warehouse = Warehouse(tmp_path / "wh")
    warehouse.root.mkdir()
    _checkpointing_tables(warehouse.root)
    ids = [f"pl_{i}" for i in range(8)]
    for n in range(1, 6):
        _publish(warehouse, ids[n - 1 : n + 1], replace=(ids[n - 1],) if n > 1 else ())
    before = {v: _snapshot(warehouse, v) for v in (4, 5)}
    records = warehouse.table_path("records")
    oldest_kept = warehouse.delta_version("records", 4)
    checkpoint = max(int(f[:20]) for f in _logs(records) if f.endswith(".checkpoint.parquet") and int(f[:20]) <= oldest_kept)
    old = [f for f in _logs(records) if f[:20].isdigit() and int(f[:20]) < checkpoint]
    assert 0 < checkpoint <= oldest_kept and old
    versions_log = _logs(warehouse.table_path("versions"))

    dry = vacuum(warehouse, keep=2, dry_run=True)
    (plan,) = [t for t in dry.tables if t.table == "records"]
    assert plan.logs == tuple(f"_delta_log/{f}" for f in old) and plan.checkpoint == checkpoint
    assert f"would delete {len(old):>5} log files" in format_vacuum(dry) and _logs(records)[: len(old)] == old

    done = vacuum(warehouse, keep=2)
    assert done.logs == dry.logs and done.bytes == dry.bytes
    assert [f for f in _logs(records) if f[:20].isdigit()][0].startswith(f"{checkpoint:020}.")
    assert _logs(warehouse.table_path("versions")) == versions_log
    for version in (4, 5):
        _assert_same(before[version], _snapshot(warehouse, version))
    with pytest.raises(VersionVacuumed):
        warehouse.read("records", 3)
    assert vacuum(warehouse, keep=2).bytes == 0

    assert _publish(warehouse, ids[5:7], replace=(ids[5],)) == 6
    assert sorted(warehouse.read("records")["record_id"]) == ids[:7]
    _assert_same(before[5], _snapshot(warehouse, 5))
