from __future__ import annotations

import json
from pathlib import Path

import pytest

from paperlake.validate import EXPECTATIONS_DIR, load_suites
from transforms import schema


def _kwargs(suite: dict, expectation: str, column: str | None = None) -> dict:
    matches = [e["kwargs"] for e in suite["expectations"] if e["type"] == expectation and e["kwargs"].get("column") == column]
    assert len(matches) == 1, (suite["name"], expectation, column)
    return matches[0]


def test_suites_agree_with_the_schemas() -> None:
    suites = load_suites()
    assert set(schema.TABLES) <= set(suites), "every published table has a suite"
    for table in ("sources", "occurrences", "records", "tags", "urls"):
        assert set(_kwargs(suites[table], "expect_table_columns_to_match_set")["column_set"]) == set(schema.TABLES[table])
    assert tuple(_kwargs(suites["occurrences"], "expect_column_values_to_be_in_set", "status")["value_set"]) == schema.STATUSES
    assert tuple(_kwargs(suites["occurrences"], "expect_column_values_to_be_in_set", "reject_reason")["value_set"]) == schema.REJECT_REASONS
    assert tuple(_kwargs(suites["sources"], "expect_column_values_to_be_in_set", "error")["value_set"]) == schema.SOURCE_ERRORS
    assert tuple(_kwargs(suites["urls"], "expect_column_values_to_be_in_set", "kind")["value_set"]) == schema.URL_KINDS


def test_every_expectation_has_a_severity(tmp_path: Path) -> None:
    broken = json.loads((EXPECTATIONS_DIR / "tags.json").read_text())
    broken["expectations"][0]["meta"] = {}
    (tmp_path / "tags.json").write_text(json.dumps(broken))
    with pytest.raises(ValueError, match="needs meta.severity"):
        load_suites(tmp_path)


def test_an_expectation_gx_does_not_know_fails_loudly(tmp_path: Path) -> None:
    import polars as pl

    from paperlake.validate import validate_tables

    suite = {"name": "tags", "expectations": [{"type": "expect_column_values_to_be_fabulous", "kwargs": {"column": "tag"}, "meta": {"severity": "critical"}}]}
    (tmp_path / "tags.json").write_text(json.dumps(suite))
    tables = {name: schema.empty(table_schema) for name, table_schema in schema.TABLES.items()}
    with pytest.raises(ValueError, match="suite 'tags': expect_column_values_to_be_fabulous"):
        validate_tables(tables | {"tags": pl.DataFrame({"record_id": ["r"], "tag": ["x"], "evidence": ["e"]})}, tmp_path)
