"""Publication you can rely on: validation gates, crash safety, diffs, readers, exports and cards."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import duckdb
import polars as pl
import pyarrow as pa
import pyarrow.dataset as pads
from polars.testing import assert_frame_equal

import paperlake
from paperlake.store import Warehouse
from paperlake.validate import EXPECTATIONS_DIR

TABLES = ("sources", "occurrences", "records", "tags", "urls")


def _snapshot(warehouse: Warehouse, version: int | None = None) -> dict[str, pl.DataFrame]:
    return {name: warehouse.read(name, version) for name in TABLES}


def test_warning_publishes_and_is_reported(paperlake_cli, seeds: Path, tmp_path: Path) -> None:
    suites = tmp_path / "suites"
    shutil.copytree(EXPECTATIONS_DIR, suites)
    records = json.loads((suites / "records.json").read_text())
    records["expectations"].append(
        {"type": "expect_table_row_count_to_be_between", "kwargs": {"min_value": 1, "max_value": 10}, "meta": {"severity": "warning"}}
    )
    (suites / "records.json").write_text(json.dumps(records))
    code, output = paperlake_cli("run", "--input", seeds, "--warehouse", tmp_path / "wh", "--expectations", suites)
    assert code == 0, output
    assert "published dataset version 1" in output
    assert "validation passed_with_warnings" in output
    assert "warning: [warning] records: expect_table_row_count_to_be_between" in output
    row = Warehouse(tmp_path / "wh").version_row()
    assert row["validation"] == "passed_with_warnings" and len(row["warnings"]) == 1


def test_critical_failure_names_expectations_and_rows(paperlake_cli, seeds: Path, tmp_path: Path) -> None:
    suites = tmp_path / "suites"
    shutil.copytree(EXPECTATIONS_DIR, suites)
    urls = json.loads((suites / "urls.json").read_text())
    urls["expectations"].append(
        {"type": "expect_column_values_to_not_match_regex", "kwargs": {"column": "host", "regex": "github"}, "meta": {"severity": "critical"}}
    )
    (suites / "urls.json").write_text(json.dumps(urls))
    code, output = paperlake_cli("run", "--input", seeds, "--warehouse", tmp_path / "wh", "--expectations", suites)
    assert code == 1
    failure = next(line for line in output.splitlines() if "[critical] urls.host" in line)
    assert "expect_column_values_to_not_match_regex (12 rows) e.g. [" in failure and "'github.com'" in failure  # examples in the table's order
    assert Warehouse(tmp_path / "wh").current_version() is None


def test_data_docs_name_every_suite(paperlake_cli, seeds: Path, tmp_path: Path) -> None:
    code, output = paperlake_cli("run", "--input", seeds, "--warehouse", tmp_path / "wh")
    assert code == 0
    docs = Path(output.split("data docs ")[1].split()[0])
    assert docs.is_file() and docs.is_relative_to(tmp_path / "wh" / "reports")
    assert docs.name == "summary.html" and (docs.parent / "index.html").is_file()
    summary, index = docs.read_text(encoding="utf-8"), (docs.parent / "index.html").read_text(encoding="utf-8")
    for suite in (*TABLES, "run_stats"):
        assert suite in summary and suite in index
        assert list((docs.parent / "validations" / suite).rglob("*.html"))


_CRASH = """
import os, signal, sys
import paperlake.store as store
from paperlake.cli import app

real_write, calls = store.write_deltalake, []
def write_then_die(path, *args, **kwargs):
    real_write(path, *args, **kwargs)
    calls.append(path)
    if len(calls) == 1:  # the first table written with write_deltalake (staged tables are moved in, not written)
        os.kill(os.getpid(), signal.SIGKILL)
store.write_deltalake = write_then_die
app(["run", "--input", sys.argv[1], "--warehouse", sys.argv[2]])
"""


def test_sigkill_between_table_writes_keeps_the_previous_version(paperlake_cli, seeds: Path, tmp_path: Path) -> None:
    from prefect.settings import PREFECT_API_URL

    warehouse = Warehouse(tmp_path / "wh")
    assert paperlake_cli("run", "--input", seeds, "--warehouse", warehouse.root)[0] == 0
    before = _snapshot(warehouse)
    logs_before = {name: len(list((warehouse.root / name / "_delta_log").glob("*.json"))) for name in TABLES}

    extra = sorted(seeds.glob("*.txt"))[0].read_text(encoding="utf-8").split("\n\n")[1]
    (seeds / "again.txt").write_text(f"NeurIPS 2024 Papers\n\n{extra}\n", encoding="utf-8")
    env = {**os.environ, "PREFECT_API_URL": str(PREFECT_API_URL.value())}
    crash = subprocess.run([sys.executable, "-c", _CRASH, str(seeds), str(warehouse.root)], capture_output=True, text=True, timeout=600, env=env)
    assert crash.returncode == -signal.SIGKILL, crash.stdout + crash.stderr
    logs_after = {name: len(list((warehouse.root / name / "_delta_log").glob("*.json"))) for name in TABLES}
    assert logs_after != logs_before  # the crash did commit to some tables
    assert warehouse.current_version() == 1
    after = _snapshot(warehouse)
    for name in TABLES:
        assert_frame_equal(before[name], after[name])

    assert paperlake_cli("run", "--input", seeds, "--warehouse", warehouse.root)[0] == 0
    assert warehouse.current_version() == 2
    assert warehouse.read("records").height == 66 and warehouse.read("occurrences").height == 67
    assert warehouse.read("sources").height == 5


def test_diff_over_three_runs(paperlake_cli, seeds: Path, tmp_path: Path) -> None:
    files = sorted(seeds.glob("*.txt"))
    hold = tmp_path / "hold"
    hold.mkdir()
    for path in files[2:]:
        path.rename(hold / path.name)
    warehouse = tmp_path / "wh"
    taxonomy = tmp_path / "extra.toml"
    assert paperlake_cli("run", "--input", seeds, "--warehouse", warehouse)[0] == 0
    (hold / files[2].name).rename(files[2])
    assert paperlake_cli("run", "--input", seeds, "--warehouse", warehouse)[0] == 0
    taxonomy.write_text('extends = "default"\n[tags."topic/watermarking"]\ndescription = "Watermarks."\nphrases = ["watermark"]\n')
    assert paperlake_cli("run", "--input", seeds, "--warehouse", warehouse, "--taxonomy", taxonomy)[0] == 0

    wh = Warehouse(warehouse)
    v1, v2, v3 = (wh.read("records", v) for v in (1, 2, 3))
    code, output = paperlake_cli("diff", "1", "2", "--warehouse", warehouse, "--json")
    assert code == 0
    one_two = json.loads(output)
    assert {r["record_id"] for r in one_two["added"]} == set(v2["record_id"]) - set(v1["record_id"])
    assert one_two["removed"] == [] and one_two["changed"] == []
    assert one_two["by_collection"] == [{"collection": "ICML 2025 Papers", "records_a": v1.height, "records_b": v2.height, "delta": v2.height - v1.height}]

    two_three = json.loads(paperlake_cli("diff", "2", "3", "--warehouse", warehouse, "--json")[1])
    watermarked = v3.filter(pl.col("tags").list.contains("topic/watermarking"))["record_id"].to_list()
    assert watermarked and sorted(r["record_id"] for r in two_three["changed"]) == sorted(watermarked)
    assert all(r["tags_added"] == ["topic/watermarking"] and not r["text_changed"] for r in two_three["changed"])
    assert two_three["added"] == [] and two_three["removed"] == []
    code, text = paperlake_cli("diff", "1", "3", "--warehouse", warehouse)
    assert code == 0 and "+tag topic/watermarking" in text and "ICML 2025 Papers:" in text
    assert paperlake_cli("diff", "--warehouse", warehouse, "--json")[1] == paperlake_cli("diff", "2", "3", "--warehouse", warehouse, "--json")[1]
    code, output = paperlake_cli("diff", "2", "--warehouse", warehouse)
    assert code == 2 and "give both versions" in output
    code, output = paperlake_cli("diff", "--warehouse", tmp_path / "empty")
    assert code == 2 and "holds no published dataset version" in output


def test_readers_on_live_versions_and_exports(paperlake_cli, seeds: Path, tmp_path: Path) -> None:
    warehouse = tmp_path / "my lake (ü)"  # delta-rs gives its files percent-encoded; every reader must find them
    assert paperlake_cli("run", "--input", seeds, "--warehouse", warehouse)[0] == 0
    code, output = paperlake_cli("run", "--input", seeds, "--warehouse", warehouse)
    assert code == 0 and "nothing new" in output
    export = tmp_path / "export"
    assert paperlake_cli("export", "--warehouse", warehouse, "--to", export)[0] == 0

    ds = paperlake.open_dataset(warehouse)
    live = ds.records.collect()
    assert live.height == 66
    con = duckdb.connect()
    try:
        ds.register_duckdb(con)
        assert con.execute("SELECT count(*) FROM records").fetchone() == (66,)
        with_code = con.execute(
            "SELECT count(DISTINCT r.record_id) FROM records r JOIN urls u USING (record_id) WHERE u.kind = 'code'"
        ).fetchone()
        assert with_code == (11,)  # one paper links two repositories
        from_export = con.execute(f"SELECT count(*) FROM read_parquet('{export}/records.parquet')").fetchone()
        assert from_export == (66,)
    finally:
        con.close()
    assert_frame_equal(pl.read_parquet(export / "records.parquet"), live)
    manifest = json.loads((export / "manifest.json").read_text())
    for name in TABLES:
        assert pads.dataset(str(export / f"{name}.parquet"), format="parquet").count_rows() == manifest["row_counts"][name]

    card = (export / "README.md").read_text(encoding="utf-8")
    assert card.startswith("---\nlicense:") and "configs:" in card and "data_files: records.parquet" in card
    assert "size_categories:" in card and "task_categories:" in card and "## Version lineage" in card and "language:\n- en\n" in card
    assert (export / "tags_and_collections.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    metadata = json.loads((export / "croissant.json").read_text())
    assert metadata["name"] and metadata["license"] and metadata["version"]
    # mlcroissant's own validator, offline, in a subprocess (its absl logging outlives pytest's capture).
    validator = Path(sys.executable).with_name("mlcroissant")
    checked = subprocess.run([str(validator), "validate", "--jsonld", "croissant.json"], cwd=export, capture_output=True, text=True, timeout=300)
    assert checked.returncode == 0, checked.stderr
    assert "WARNING" not in checked.stderr and "ERROR" not in checked.stderr, checked.stderr


def test_a_staged_file_in_another_schema_is_not_published(tmp_path: Path) -> None:
    from paperlake.store import TableChange, now_utc
    from transforms import schema

    warehouse = Warehouse(tmp_path / "wh")
    good = tmp_path / "good.parquet"
    schema.conform(pl.DataFrame({"record_id": ["pl_1"], "text": ["An abstract."], "n_occurrences": [1]}), schema.RECORDS).write_parquet(good)
    assert warehouse.publish({"records": TableChange(schema.empty(schema.RECORDS), files=(good,))}, {"created_at": now_utc()}) == 1
    assert warehouse.read("records")["record_id"].to_list() == ["pl_1"]
    assert not good.exists()  # moved into the table, not copied

    wrong = tmp_path / "wrong.parquet"
    pl.DataFrame({"record_id": ["pl_2"], "text": ["Another abstract."]}).write_parquet(wrong)
    try:
        warehouse.publish({"records": TableChange(schema.empty(schema.RECORDS), files=(wrong,))}, {"created_at": now_utc()})
    except ValueError as err:
        assert "schema" in str(err)
    else:
        raise AssertionError("a file in another schema was published")
    assert warehouse.current_version() == 1
    assert warehouse.read("records")["record_id"].to_list() == ["pl_1"]


def test_adopted_files_carry_the_column_stats_delta_rs_writes(tmp_path: Path) -> None:
    """Readers skip files on min/max: a staged file moved into a table gets the stats a delta-rs write of the same rows gets."""
    from deltalake import DeltaTable, write_deltalake

    from paperlake.store import TableChange, now_utc
    from transforms import schema

    rows = schema.conform(
        pl.DataFrame({"record_id": ["pl_b", "pl_a", "pl_c"], "text": ["An abstract." * 10, "B.", None], "n_occurrences": [1, 3, 2], "year": [2024, None, 2025]}),
        schema.RECORDS,
    )
    staged = tmp_path / "part.parquet"
    rows.write_parquet(staged)
    warehouse = Warehouse(tmp_path / "wh")
    warehouse.publish({"records": TableChange(schema.empty(schema.RECORDS), files=(staged,))}, {"created_at": now_utc()})
    write_deltalake(str(tmp_path / "by_delta_rs"), rows.to_arrow())

    def stats(path: Path) -> dict:
        actions = pa.table(DeltaTable(str(path)).get_add_actions(flatten=False)).to_pylist()
        return {key: actions[-1][key] for key in ("num_records", "null_count", "min", "max")}

    adopted, written = stats(tmp_path / "wh" / "records"), stats(tmp_path / "by_delta_rs")
    assert adopted == written
    assert adopted["min"]["record_id"] == "pl_a" and adopted["max"]["record_id"] == "pl_c" and adopted["null_count"]["year"] == 1


def test_replacing_rows_rewrites_only_the_files_that_hold_them_one_for_one(tmp_path: Path) -> None:
    """A later run's changed records replace their rows: each file holding one is rewritten on its own, in its order,
    so a few changed rows spread over many files do not merge the table into a few big files."""
    from deltalake import DeltaTable

    from paperlake.store import TableChange, now_utc
    from transforms import schema

    def rows(ids: list[str], n: int = 1) -> pl.DataFrame:
        return schema.conform(pl.DataFrame({"record_id": ids, "text": [f"Abstract {i}." for i in ids], "n_occurrences": [n] * len(ids)}), schema.RECORDS)

    staged = []
    for name, ids in {"a": ["pl_a1", "pl_a2", "pl_a3"], "b": ["pl_b1", "pl_b2", "pl_b3"], "c": ["pl_c1", "pl_c2", "pl_c3"]}.items():
        staged.append(tmp_path / f"{name}.parquet")
        rows(ids).write_parquet(staged[-1])
    rejected = tmp_path / "occurrences.parquet"  # a rejected block has no record: its row stays when its file is rewritten
    schema.conform(pl.DataFrame({"path": ["a.txt", "a.txt"], "ordinal": [1, 2], "record_id": ["pl_a2", None], "status": ["kept", "rejected"]}), schema.OCCURRENCES).write_parquet(rejected)
    warehouse = Warehouse(tmp_path / "wh")
    warehouse.publish(
        {"records": TableChange(schema.empty(schema.RECORDS), files=tuple(staged)), "occurrences": TableChange(schema.empty(schema.OCCURRENCES), files=(rejected,))},
        {"created_at": now_utc()},
    )
    table = tmp_path / "wh" / "records"
    before = {p: n for p, n in pl.DataFrame(DeltaTable(str(table)).get_add_actions(flatten=True)).select("path", "num_records").iter_rows()}

    changed = ("pl_a2", "pl_c1", "pl_c3")
    warehouse.publish(
        {"records": TableChange(rows(list(changed), 2), replace_values=changed), "occurrences": TableChange(schema.empty(schema.OCCURRENCES), replace_values=changed)},
        {"created_at": now_utc()},
    )
    assert warehouse.read("occurrences").select("ordinal", "status").rows() == [(2, "rejected")]

    after = pl.DataFrame(DeltaTable(str(table)).get_add_actions(flatten=True))
    untouched = [p for p in before if p in set(after["path"])]
    assert len(untouched) == 1 and warehouse.read("records").filter(pl.col("record_id").str.starts_with("pl_b")).height == 3
    assert sorted(after["num_records"].to_list()) == [1, 2, 3, 3]  # a and c rewritten one for one, plus the appended rows
    rewritten = [p for p in after["path"] if p not in before]
    contents = {tuple(pl.read_parquet(table / p)["record_id"]) for p in rewritten}
    assert {("pl_a1", "pl_a3"), ("pl_c2",)} <= contents  # in their order
    assert after.filter(pl.col("num_records") == 2)["min.record_id"].to_list() == ["pl_a1"]  # stats for readers that skip files
    current = warehouse.read("records").sort("record_id")
    assert current["record_id"].to_list() == ["pl_a1", "pl_a2", "pl_a3", "pl_b1", "pl_b2", "pl_b3", "pl_c1", "pl_c2", "pl_c3"]
    assert current.filter(pl.col("record_id").is_in(changed))["n_occurrences"].to_list() == [2, 2, 2]
    assert warehouse.read("records", 1)["n_occurrences"].to_list() == [1] * 9  # the first version still reads as it was
    assert duckdb.sql(f"SELECT count(*) FROM read_parquet({warehouse.parquet_files('records')})").fetchall() == [(9,)]
    assert len(DeltaTable(str(table)).history()) == 4  # create, adopt, then one commit for the replaced rows and one for the new ones


def test_rewrites_prepared_before_a_publish_are_committed_or_deleted(tmp_path: Path) -> None:
    """A run rewrites the files that lose rows while it validates: publish commits those copies as they are, a run that
    does not publish deletes them, and copies made from a table version that moved on are not used."""
    from paperlake.store import TableChange, now_utc
    from transforms import schema

    def rows(ids: list[str], n: int) -> pl.DataFrame:
        return schema.conform(pl.DataFrame({"record_id": ids, "text": [f"Abstract {i}." for i in ids], "n_occurrences": [n] * len(ids)}), schema.RECORDS)

    warehouse = Warehouse(tmp_path / "wh")
    warehouse.publish({"records": TableChange(rows(["pl_a", "pl_b", "pl_c"], 1))}, {"created_at": now_utc()})
    table = tmp_path / "wh" / "records"
    published = set(table.glob("*.parquet"))
    change = {"records": TableChange(rows(["pl_b"], 2), replace_values=("pl_b",))}

    discarded = warehouse.prepare_rewrites(change)
    assert len(set(table.glob("*.parquet")) - published) == 1  # the copy without pl_b, beside the table
    discarded.discard(warehouse)
    assert set(table.glob("*.parquet")) == published
    assert warehouse.read("records").sort("record_id")["n_occurrences"].to_list() == [1, 1, 1]

    prepared = warehouse.prepare_rewrites(change)
    copy = (set(table.glob("*.parquet")) - published).pop()
    assert warehouse.publish(change, {"created_at": now_utc()}, [prepared]) == 2
    assert copy.name in {Path(f).name for f in warehouse.parquet_files("records")}
    prepared.discard(warehouse)
    assert copy.exists()  # committed: kept
    assert warehouse.read("records").sort("record_id").select("record_id", "n_occurrences").rows() == [("pl_a", 1), ("pl_b", 2), ("pl_c", 1)]

    before_stale = set(table.glob("*.parquet"))
    stale = warehouse.prepare_rewrites({"records": TableChange(rows(["pl_a"], 3), replace_values=("pl_a",))})
    stale_copies = set(table.glob("*.parquet")) - before_stale
    warehouse.publish({"records": TableChange(rows(["pl_c"], 3), replace_values=("pl_c",))}, {"created_at": now_utc()})  # the table moves on
    assert warehouse.publish({"records": TableChange(rows(["pl_a"], 3), replace_values=("pl_a",))}, {"created_at": now_utc()}, [stale]) == 4
    stale.discard(warehouse)
    assert stale_copies and not any(p.exists() for p in stale_copies)
    assert warehouse.read("records").sort("record_id").select("record_id", "n_occurrences").rows() == [("pl_a", 3), ("pl_b", 2), ("pl_c", 3)]
    assert warehouse.read("records", 3).sort("record_id")["n_occurrences"].to_list() == [1, 2, 3]  # versions read as they were


def test_the_files_holding_replaced_rows_are_found_whatever_their_columns(tmp_path: Path) -> None:
    """A table whose older files lack a later column (or hold the columns in another order) is scanned in one pass,
    in any file order, for the files that hold replaced rows."""
    from paperlake.store import files_holding

    pl.DataFrame({"record_id": ["a", "b"], "n": [1, 2]}).write_parquet(tmp_path / "narrow.parquet")
    pl.DataFrame({"n": [3], "note": ["x"], "record_id": ["c"]}).write_parquet(tmp_path / "wide.parquet")
    files = [str(tmp_path / "narrow.parquet"), str(tmp_path / "wide.parquet")]
    wanted = pl.Series(["b", "c"]).implode()
    for order in (files, files[::-1]):
        assert sorted(files_holding(order, "record_id", wanted)) == files
    assert files_holding(files, "record_id", pl.Series(["c"]).implode()) == files[1:]


def test_the_dedup_index_is_matched_for_every_scheme_in_one_read_and_keeps_schemes_apart(tmp_path: Path) -> None:
    """A value held under one scheme is no match for the same value wanted under another (a band key and a passage hash
    may be equal numbers); rows of every published index file are found."""
    from paperlake.store import TableChange, now_utc
    from transforms import schema

    warehouse = Warehouse(tmp_path / "wh")
    assert warehouse.index_matches({"bands": pl.Series([1])})["bands"].is_empty()  # nothing published yet
    first = pl.DataFrame({"dedup_key": ["a", "a", "b"], "scheme": ["bands", "passages", "bands"], "bands": [[1, 2], [3], [2, 4]]}, schema=schema.DEDUP_INDEX)
    second = pl.DataFrame({"dedup_key": ["c", "c"], "scheme": ["bands", "passages"], "bands": [[5], [1, 4]]}, schema=schema.DEDUP_INDEX)
    for rows in (first, second):
        warehouse.publish({"dedup_index": TableChange(rows)}, {"created_at": now_utc()})

    found = warehouse.index_matches({"bands": pl.Series([1, 4, 5, 9]), "passages": pl.Series([1, 2, 3])})
    assert sorted(found["bands"].rows()) == [("a", 1, 2), ("b", 4, 2), ("c", 5, 1)]
    assert sorted(found["passages"].rows()) == [("a", 3, 1), ("c", 1, 2)]
    assert warehouse.index_matches({"passages": pl.Series([9], dtype=pl.Int64)})["passages"].is_empty()


def test_versions_are_read_again_once_another_warehouse_object_publishes(tmp_path: Path) -> None:
    """``versions`` keeps its last read while the table's log is unchanged; a publish through any object shows at once."""
    from paperlake.store import TableChange, now_utc
    from transforms import schema

    reader, writer = Warehouse(tmp_path / "wh"), Warehouse(tmp_path / "wh")
    assert reader.current_version() is None
    rows = schema.conform(pl.DataFrame({"record_id": ["pl_1"], "text": ["An abstract."], "n_occurrences": [1]}), schema.RECORDS)
    for expected in (1, 2, 3):
        writer.publish({"records": TableChange(rows)}, {"created_at": now_utc()})
        assert reader.current_version() == expected
        assert reader.versions()["dataset_version"].to_list() == list(range(1, expected + 1))
    assert reader.versions() is reader.versions()  # unchanged log: the same read
