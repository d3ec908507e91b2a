"""The ingest fixture corpus (tests/fixtures/ingest) through a real run of the flow."""

from __future__ import annotations

import json

import polars as pl
import pytest

from paperlake.store import Warehouse

from .conftest import FIXTURES

CASES = FIXTURES / "ingest" / "cases"
EXPECTED: dict[str, dict] = json.loads((FIXTURES / "ingest" / "expected.json").read_text(encoding="utf-8"))


def _family(encoding: str | None) -> str | None:
    return None if encoding is None else encoding.lower().replace("_", "-").removesuffix("-sig").removesuffix("-le").removesuffix("-be")


@pytest.fixture(scope="module")
def ingested(prefect_harness: None, tmp_path_factory: pytest.TempPathFactory) -> tuple[Warehouse, str]:
    from typer.testing import CliRunner

    from paperlake.cli import app

    warehouse = Warehouse(tmp_path_factory.mktemp("ingest") / "wh")
    result = CliRunner().invoke(app, ["run", "--input", str(CASES), "--warehouse", str(warehouse.root)])
    assert result.exit_code == 0, result.output
    return warehouse, result.output


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_source_fields(ingested: tuple[Warehouse, str], name: str) -> None:
    warehouse, _ = ingested
    expected = EXPECTED[name]
    row = warehouse.read("sources").filter(pl.col("path") == name).row(0, named=True)
    assert row["error"] == expected["error"]
    assert _family(row["encoding"]) == _family(expected["encoding"])
    header = expected["header"]
    got = None if row["collection"] is None else {k: row[k] for k in ("venue", "year", "header_lang", "collection", "part")}
    assert got == header
    assert row["n_blocks"] == len(expected["blocks"])


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_block_outcomes(ingested: tuple[Warehouse, str], name: str) -> None:
    warehouse, _ = ingested
    blocks = warehouse.read("occurrences").filter(pl.col("path") == name).sort("ordinal")
    expected = EXPECTED[name]["blocks"]
    assert blocks["ordinal"].to_list() == [b["ordinal"] for b in expected]
    for want, got in zip(expected, blocks.iter_rows(named=True), strict=True):
        if want["outcome"] == "rejected":
            assert (got["status"], got["reject_reason"]) == ("rejected", want["reject_reason"]), want
            assert got["record_id"] is None
        else:
            assert got["status"] in ("kept", "duplicate", "near_duplicate") and got["record_id"], want
        assert got["collection"] == want["collection"]
        if want.get("contains"):
            assert want["contains"] in got["text"]
        for banned in want.get("not_contains") or []:
            assert banned not in got["text"]


def test_conservation_every_block_lands_once(ingested: tuple[Warehouse, str]) -> None:
    warehouse, _ = ingested
    occurrences = warehouse.read("occurrences")
    sources = warehouse.read("sources")
    assert occurrences.select("source_id", "ordinal").is_duplicated().sum() == 0
    assert occurrences.height == sources["n_blocks"].sum()
    counts = occurrences["status"].value_counts()
    assert counts["count"].sum() == occurrences.height
    kept = occurrences.filter(pl.col("status") == "kept")
    assert kept["record_id"].n_unique() == warehouse.read("records").height == kept.height


def test_summary_lists_rejects_by_reason_encodings_and_warnings(ingested: tuple[Warehouse, str]) -> None:
    _, output = ingested
    assert "boilerplate: 5" in output and "no_abstract: 1" in output
    assert "header: 1" in output
    assert "gb18030: 2" in output and "shift_jis: 2" in output and "big5: 1" in output and "cp1252: 4" in output
    assert all(f"{name}: 1" in output for name in ("cp1250", "iso8859-7", "cp1251", "koi8-r", "euc-kr"))
    assert "15_no_header.txt: no recognisable header" in output
    assert "gzip_too_large: 1" in output and "binary: 1" in output


def test_records_carry_no_markup_residue(ingested: tuple[Warehouse, str]) -> None:
    warehouse, _ = ingested
    texts = warehouse.read("records")["text"]
    assert not texts.str.contains(r"\\[A-Za-z]+|\$|\*\*|&amp;|[\u200b-\u200d\ufeff]").any()


def test_links_under_an_abstract_and_a_digest_entrys_link_reach_its_record(ingested: tuple[Warehouse, str]) -> None:
    warehouse, _ = ingested
    occurrences = warehouse.read("occurrences").filter(pl.col("status") != "rejected")
    urls = warehouse.read("urls").join(occurrences.select("record_id", "path", "ordinal"), on="record_id")
    by_block = {(path, ordinal): set(group) for path, ordinal, group in urls.group_by("path", "ordinal").agg("url").iter_rows()}
    assert {"https://arxiv.org/abs/2403.02001", "https://github.com/example/self-occ"} <= by_block[("27_links_under_abstracts.txt", 1)]
    assert "https://github.com/example/struct-adapter" in by_block[("27_links_under_abstracts.txt", 3)]
    assert "https://arxiv.org/abs/2403.01001" in by_block[("25_arxiv_digest.txt", 2)]
