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


def test_the_clean_copy_of_an_acl_anthology_entry_is_kept_over_copies_with_title_and_authors(published: Warehouse) -> None:
    clean = _occurrence(published, "acl_clean.txt")
    scraped = [_occurrence(published, f"acl_scraped_bar_{where}.txt") for where in ("first", "last")]
    assert clean["status"] == "kept"
    assert [row["status"] for row in scraped] == ["duplicate", "duplicate"]
    assert {row["record_id"] for row in scraped} == {clean["record_id"]}
    record = published.read("records").filter(pl.col("record_id") == clean["record_id"]).row(0, named=True)
    assert record["text"].startswith("Discourse parsers are trained") and "Kowalska" not in record["text"]


@pytest.mark.parametrize(
    ("path", "encoding", "words"),
    [
        ("cs_cp1250.txt", "cp1250", ("přístup k učení robotů", "řádově méně")),
        ("hu_cp1250.txt", "cp1250", ("magyar nyelvű szövegek", "különböző")),
        ("pl_iso8859_2.txt", "iso8859-2", ("nową metodę", "w środowisku", "łączymy")),
        ("sk_iso8859_2.txt", "iso8859-2", ("využíva malé množstvo", "niekoľkých")),
    ],
)
def test_central_european_files_are_read_in_their_encoding(published: Warehouse, path: str, encoding: str, words: tuple[str, ...]) -> None:
    source = published.read("sources").filter(pl.col("path") == path).row(0, named=True)
    assert source["encoding"] == encoding
    occurrence = _occurrence(published, path)
    assert occurrence["status"] == "kept" and all(word in occurrence["text"] for word in words)


def test_references_dropped_by_latex_or_a_scraper_leave_no_leftovers(published: Warehouse) -> None:
    latex, scraped = _occurrence(published, "references_latex.txt"), _occurrence(published, "references_scraped.txt")
    assert latex["dedup_key"] == scraped["dedup_key"] and latex["text"] == scraped["text"]
    assert "of the assumption, we prove a lower bound that matches" in latex["text"]
    assert "As shown, the algorithm" in latex["text"] and "benchmarks; the table shows that" in latex["text"]


@pytest.mark.parametrize("path", ["mojibake_macroman.txt", "mojibake_cp1251.txt", "mojibake_cp437.txt"])
def test_mojibake_of_other_code_pages_is_repaired_into_a_duplicate_of_the_clean_copy(published: Warehouse, path: str) -> None:
    """UTF-8 read as MacRoman ("model‚Äôs"), cp1251 ("modelвЂ™s") or cp437 ("modelΓÇÖs") and saved: before, only the
    cp1252 and latin-1 kinds went to ftfy, and these copies kept their mojibake and became near duplicates."""
    copy, clean = _occurrence(published, path), _occurrence(published, "mojibake_clean.txt")
    assert copy["status"] == "duplicate" and copy["record_id"] == clean["record_id"] and copy["text"] == clean["text"]
    assert "model's answers" in copy["text"] and "Gödel, Erdős or São Paulo" in copy["text"]


def test_utf8_read_as_gbk_is_repaired_where_no_byte_was_lost(published: Warehouse) -> None:
    """A Chinese site's copy ("model鈥檚", "G枚del"): the characters whose bytes all survived are read back; a quote or dash
    the GBK decoder lost a byte of is a U+FFFD, which the dedup key folds away (an exact duplicate) and the kept rule counts
    as damage (the clean copy is kept)."""
    copy, clean = _occurrence(published, "mojibake_gbk.txt"), _occurrence(published, "mojibake_clean.txt")
    assert copy["record_id"] == clean["record_id"] and copy["status"] == "duplicate" and clean["status"] == "kept"
    assert "model's answers" in copy["text"] and "Gödel, Erdős or São Paulo" in copy["text"] and "鈥" not in copy["text"]


def test_chinese_text_read_as_gbk_is_read_back_and_joins_the_clean_copy(published: Warehouse) -> None:
    """A Chinese abstract whose UTF-8 bytes a page read as GBK (browsers decode it as GB18030; "鎴戜滑鎻愬嚭" for "我们提出", "锛"
    for its full-width comma) was kept as a record of its own; it is read back (a character the decoder lost a byte of is
    one U+FFFD) and joins the clean copy, which is kept."""
    copy, clean = _occurrence(published, "zh_mojibake_gbk.txt"), _occurrence(published, "zh_clean.txt")
    assert copy["record_id"] == clean["record_id"] and copy["status"] == "near_duplicate" and clean["status"] == "kept"
    assert "我们提出了尾部" in copy["text"] and "（TailRet）" in copy["text"] and "锛" not in copy["text"] and "銆" not in copy["text"]
