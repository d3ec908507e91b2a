"""Text defects that reach users (tests/fixtures/repair), through a real ``paperlake run`` on files in a tmp dir."""

from __future__ import annotations

import shutil

import polars as pl
import pytest

from paperlake.store import Warehouse

from .conftest import FIXTURES


@pytest.fixture(scope="module")
def published(prefect_harness: None, tmp_path_factory: pytest.TempPathFactory) -> Warehouse:
    from typer.testing import CliRunner

    from paperlake.cli import app

    root = tmp_path_factory.mktemp("repair")
    shutil.copytree(FIXTURES / "repair", root / "raw")
    warehouse = Warehouse(root / "wh")
    result = CliRunner().invoke(app, ["run", "--input", str(root / "raw"), "--warehouse", str(warehouse.root)])
    assert result.exit_code == 0, result.output
    return warehouse


def _occurrence(warehouse: Warehouse, path: str) -> dict:
    rows = warehouse.read("occurrences").filter(pl.col("path") == path)
    assert rows.height == 1, path
    return rows.row(0, named=True)


def test_a_copy_hard_wrapped_with_hyphens_is_an_exact_duplicate_of_the_clean_one(published: Warehouse) -> None:
    wrapped, clean = _occurrence(published, "hyphenation_wrapped.txt"), _occurrence(published, "hyphenation_clean.txt")
    assert {wrapped["status"], clean["status"]} == {"kept", "duplicate"}
    assert wrapped["dedup_key"] == clean["dedup_key"] and wrapped["text"] == clean["text"]
    assert "adaptive optimizers is" in wrapped["text"] and "On pre-trained transformers" in wrapped["text"]
    assert "the convergence of" in wrapped["text"] and "its representation error" in wrapped["text"]
