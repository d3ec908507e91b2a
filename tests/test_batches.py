"""Batched runs through the CLI on real files: worker processes, staging, the input stat cache."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import polars as pl
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from flows import batches
from paperlake.sources import ReadLimits
from paperlake.staging import Staging
from paperlake.store import Warehouse
from paperlake.validate import EXPECTATIONS_DIR
from transforms import schema
from transforms.dedup import DedupParams
from transforms.quality import QualityThresholds

CORPUS = Path(__file__).resolve().parent / "fixtures" / "dedup" / "corpus"


def _tables(warehouse: Path) -> dict[str, pl.DataFrame]:
    wh = Warehouse(warehouse)
    return {
        "occurrences": wh.read("occurrences").sort("path", "ordinal"),
        "records": wh.read("records").sort("record_id"),
        "urls": wh.read("urls").sort("record_id", "position"),
        "tags": wh.read("tags").sort("record_id", "tag"),
        "merge_edges": wh.read("merge_edges").sort("dedup_key_a", "dedup_key_b"),
        "dedup_index": wh.read("dedup_index").sort("dedup_key", "scheme"),
    }


def test_one_file_per_batch_on_two_workers_publishes_what_one_batch_does(paperlake_cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(batches, "INLINE_ROWS", 0)  # outputs and records on the workers too, as a big run stages them
    config = tmp_path / "batched.toml"
    # Every file (46-55 kB) is larger than a batch: a batch of its own, read in two pieces. (With batch_bytes = 1, every
    # block was a piece, and the run took ~60 s: the piece properties below cut files that finely.)
    config.write_text("[run]\nbatch_bytes = 30000\nworkers = 2\n")
    assert paperlake_cli("run", "--input", CORPUS, "--warehouse", tmp_path / "one")[0] == 0
    code, output = paperlake_cli("run", "--input", CORPUS, "--warehouse", tmp_path / "batched", "--config", config)
    assert code == 0, output

    one, batched = _tables(tmp_path / "one"), _tables(tmp_path / "batched")
    for name in one:
        assert batched[name].equals(one[name]), name
    assert not (tmp_path / "batched" / "_staging").exists()


def test_rerun_skips_unchanged_files_and_reads_changed_ones(paperlake_cli, tmp_path: Path) -> None:
    inputs = tmp_path / "in"
    inputs.mkdir()
    files = sorted(CORPUS.glob("*.txt"))[:3]
    for f in files:
        shutil.copy(f, inputs / f.name)
    (inputs / "README.md").write_text("# ICML 2025 Papers\n", encoding="utf-8")
    warehouse = tmp_path / "wh"
    code, output = paperlake_cli("run", "--input", inputs, "--warehouse", warehouse)
    assert code == 0 and "ignored   1 not *.txt or *.txt.gz: README.md" in output
    assert (warehouse / "_cache" / "input_stats.parquet").is_file()

    code, output = paperlake_cli("run", "--input", inputs, "--warehouse", warehouse)
    assert code == 0 and "nothing new" in output

    changed = inputs / files[0].name
    changed.write_text(files[0].read_text(encoding="utf-8") + "\n\nWe add one more abstract to this listing so that its content changes and it must be read again by the next run.\n", encoding="utf-8")
    os.utime(changed, ns=(changed.stat().st_atime_ns, changed.stat().st_mtime_ns + 1_000_000_000))
    code, output = paperlake_cli("run", "--input", inputs, "--warehouse", warehouse)
    assert code == 0, output
    assert "3 found, 1 new" in output


def test_a_lost_cache_only_costs_reading(paperlake_cli, tmp_path: Path) -> None:
    warehouse = tmp_path / "wh"
    assert paperlake_cli("run", "--input", CORPUS, "--warehouse", warehouse)[0] == 0
    (warehouse / "_cache" / "input_stats.parquet").unlink()
    code, output = paperlake_cli("run", "--input", CORPUS, "--warehouse", warehouse)
    assert code == 0 and "nothing new" in output
    assert (warehouse / "_cache" / "input_stats.parquet").is_file()


def test_a_new_copy_of_a_published_abstract_appends_occurrences_without_rewriting(paperlake_cli, tmp_path: Path) -> None:
    from deltalake import DeltaTable

    inputs = tmp_path / "in"
    inputs.mkdir()
    first = sorted(CORPUS.glob("*.txt"))[0]
    shutil.copy(first, inputs / first.name)
    warehouse = tmp_path / "wh"
    assert paperlake_cli("run", "--input", inputs, "--warehouse", warehouse)[0] == 0
    published = Warehouse(warehouse).read("occurrences")
    kept = published.filter(pl.col("status") == "kept").row(0, named=True)
    (inputs / "zz-copy.txt").write_text("ICML 2026 Papers\n\n" + kept["text_raw"] + "\n", encoding="utf-8")

    code, output = paperlake_cli("run", "--input", inputs, "--warehouse", warehouse)
    assert code == 0, output
    wh = Warehouse(warehouse)
    operations = [c["operation"] for c in DeltaTable(str(wh.table_path("occurrences"))).history(2)]
    assert "DELETE" not in operations  # the published rows stay; the copy is appended
    occurrences = wh.read("occurrences")
    assert occurrences.height == published.height + 1
    assert occurrences.join(published, on=occurrences.columns, how="semi", nulls_equal=True).height == published.height
    copy = occurrences.filter(pl.col("path") == "zz-copy.txt").row(0, named=True)
    assert (copy["record_id"], copy["status"]) == (kept["record_id"], "duplicate")
    record = wh.read("records").filter(pl.col("record_id") == kept["record_id"]).row(0, named=True)
    assert record["n_occurrences"] == published.filter(pl.col("record_id") == kept["record_id"]).height + 1


def test_a_new_taxonomy_keeps_every_occurrence_rejected_ones_too(paperlake_cli, tmp_path: Path) -> None:
    inputs = tmp_path / "in"
    inputs.mkdir()
    first = sorted(CORPUS.glob("*.txt"))[0]
    text = first.read_text(encoding="utf-8")
    (inputs / first.name).write_text(text + "\n\nLoading... please wait\n", encoding="utf-8")
    warehouse = tmp_path / "wh"
    assert paperlake_cli("run", "--input", inputs, "--warehouse", warehouse)[0] == 0
    before = Warehouse(warehouse).read("occurrences").sort("path", "ordinal")
    assert before.filter(pl.col("status") == "rejected").height >= 1

    taxonomy = tmp_path / "extra.toml"
    taxonomy.write_text('extends = "default"\n[tags."topic/watermarking"]\ndescription = "Watermarks."\nphrases = ["watermark"]\n')
    code, output = paperlake_cli("run", "--input", inputs, "--warehouse", warehouse, "--taxonomy", taxonomy)
    assert code == 0, output
    after = Warehouse(warehouse).read("occurrences").sort("path", "ordinal")
    assert after.equals(before)


def _by_text(warehouse: Path) -> tuple[pl.DataFrame, pl.DataFrame]:
    """Records and tags keyed by kept text (ids may differ between run orders; what they name may not)."""
    wh = Warehouse(warehouse)
    records = wh.read("records")
    texts = records.select("record_id", "text")
    tags = wh.read("tags").join(texts, on="record_id").select("text", "tag", "evidence").sort(pl.all())
    return records.drop("record_id", "kept_source_id", "kept_ordinal").sort("text"), tags


def test_a_new_taxonomy_with_new_files_publishes_what_one_run_would(paperlake_cli, tmp_path: Path) -> None:
    files = sorted(CORPUS.glob("*.txt"))
    inputs = tmp_path / "in"
    inputs.mkdir()
    for f in files[:4]:
        shutil.copy(f, inputs / f.name)
    taxonomy = tmp_path / "extra.toml"
    taxonomy.write_text('extends = "default"\n[tags."topic/watermarking"]\ndescription = "Watermarks."\nphrases = ["watermark", "benchmark"]\n')
    assert paperlake_cli("run", "--input", inputs, "--warehouse", tmp_path / "grown")[0] == 0
    for f in files[4:]:
        shutil.copy(f, inputs / f.name)
    code, output = paperlake_cli("run", "--input", inputs, "--warehouse", tmp_path / "grown", "--taxonomy", taxonomy)
    assert code == 0, output
    assert paperlake_cli("run", "--input", inputs, "--warehouse", tmp_path / "once", "--taxonomy", taxonomy)[0] == 0

    grown_records, grown_tags = _by_text(tmp_path / "grown")
    once_records, once_tags = _by_text(tmp_path / "once")
    assert grown_records.equals(once_records)
    assert grown_tags.equals(once_tags)
    assert grown_tags.filter(pl.col("tag") == "topic/watermarking").height > 0
    assert Warehouse(tmp_path / "grown").version_row()["counts"] == Warehouse(tmp_path / "once").version_row()["counts"]


INGEST_CASES = Path(__file__).resolve().parent / "fixtures" / "ingest" / "cases"


@pytest.mark.parametrize("name", sorted(p.name for p in INGEST_CASES.glob("*.txt*")))
def test_a_file_read_in_pieces_stages_what_it_stages_read_whole(tmp_path: Path, name: str) -> None:
    staged = {}
    for piece_bytes in (1, 64, 1 << 30):
        staging = Staging.create(tmp_path, f"pieces-{piece_bytes}")
        batch = batches.BlockBatch("00000", INGEST_CASES, (str(INGEST_CASES / name),), staging.root, ReadLimits(), QualityThresholds(), DedupParams(), piece_bytes)
        count = batches.stage_blocks(batch)
        blocks = pl.read_parquet(staging.part("blocks", "00000"))
        assert count == blocks.height
        staged[piece_bytes] = (pl.read_parquet(staging.part("sources", "00000")), blocks)
    for piece_bytes in (1, 64):
        assert staged[piece_bytes][0].equals(staged[1 << 30][0]), piece_bytes
        assert staged[piece_bytes][1].equals(staged[1 << 30][1]), piece_bytes


_EN_ABSTRACT = "We propose SparseGNN, which prunes the edges of GNNs and cuts FLOPs by 40% on 8 benchmarks while matching dense models."
_ZH_TRANSLATION = "我们提出SparseGNN，它剪枝图神经网络的边，在8个基准上将FLOPs降低40%，效果与稠密模型相当。"


_WORDS = st.sampled_from("we propose a model that learns robust features Schätzung 模型 étude ablation".split())
_BLOCK = st.lists(st.lists(_WORDS, min_size=1, max_size=12).map(" ".join), min_size=1, max_size=3).map("\n".join)
_GAP = st.sampled_from(["\n\n", "\n\n\n", "\n  \n", "\n---\n", "\n\n* * *\n\n", "\n \t\n\n"])


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])  # each stages a file twice, in pieces of up to 120 bytes (~2 s)
@given(
    lead=st.sampled_from(["", "\n\n", " \n\n"]),
    header=st.sampled_from(["ICML 2025 Papers", "NeurIPS 2024 论文列表", "no header here at all"]),
    blocks=st.lists(
        st.one_of(
            _BLOCK, st.just("CVPR 2023 Papers"), st.just("[[Code]](https://github.com/a/b)"),
            st.just("- [Sparse Routing Models](https://x.org/p)"), st.just("> We propose a model.\n  > It learns."),  # a quoted abstract under its title
            st.just("Background: Models fail."), st.just("RESULTS: It works."),  # a structured abstract's sections
            st.just("We propose a model that learns robust features from noisy labels and show that it matches strong baselines."),
            st.just("中文翻译：我们提出了一个模型。"),  # a translation under the abstract above it
            st.just(f"{_EN_ABSTRACT}\n\n{_ZH_TRANSLATION}"),  # an abstract and its translation without a label
            st.just("[1] arXiv:2501.01234 [pdf]\nTitle: Sparse Routing\nJane Doe"),  # an arXiv entry's head above its abstract
        ),
        min_size=1,
        max_size=12,
    ),
    gaps=st.lists(_GAP, min_size=12, max_size=12),
    newline=st.sampled_from(["\n", "\r\n", "\r"]),
    piece_bytes=st.integers(1, 120),
)
def test_any_listing_read_in_pieces_stages_what_it_stages_read_whole(
    tmp_path: Path, lead: str, header: str, blocks: list[str], gaps: list[str], newline: str, piece_bytes: int
) -> None:
    text = lead + header + gaps[0] + "".join(b + g for b, g in zip(blocks, gaps[1:]))
    folder = tmp_path / f"in-{piece_bytes}"
    folder.mkdir(exist_ok=True)
    (folder / "listing.txt").write_bytes(text.replace("\n", newline).encode("utf-8"))
    staged = []
    for size in (piece_bytes, 1 << 30):
        staging = Staging.create(tmp_path, f"pieces-{size}")
        batch = batches.BlockBatch("00000", folder, (str(folder / "listing.txt"),), staging.root, ReadLimits(), QualityThresholds(), DedupParams(), size)
        batches.stage_blocks(batch)
        staged.append((pl.read_parquet(staging.part("sources", "00000")), pl.read_parquet(staging.part("blocks", "00000"))))
    assert staged[0][0].equals(staged[1][0]) and staged[0][1].equals(staged[1][1])


def _assert_one_block_whatever_the_pieces(tmp_path: Path, entry: str, block: str) -> None:
    """A listing with ``entry`` between two abstracts, read in pieces of several sizes, stages ``block`` for it."""
    (tmp_path / "listing.txt").write_text(f"ICML 2025 Papers\n\nWe propose a model.\n\n{entry}\n\nWe study a model.\n")
    for size in (1, 20, 40, 60, 1 << 30):
        staging = Staging.create(tmp_path, f"pieces-{size}")
        batch = batches.BlockBatch("00000", tmp_path, (str(tmp_path / "listing.txt"),), staging.root, ReadLimits(), QualityThresholds(), DedupParams(), size)
        batches.stage_blocks(batch)
        blocks = pl.read_parquet(staging.part("blocks", "00000"))["text_raw"].to_list()
        assert blocks == ["We propose a model.", block, "We study a model."], size


def test_an_abstract_and_its_unlabeled_translation_are_one_block_whatever_the_pieces(tmp_path: Path) -> None:
    """The piece cutter does not cut between an abstract and its CJK translation without a label (split joins them)."""
    _assert_one_block_whatever_the_pieces(tmp_path, f"{_EN_ABSTRACT}\n\n{_ZH_TRANSLATION}", f"{_EN_ABSTRACT}\n{_ZH_TRANSLATION}")


def test_an_abstract_under_its_labels_in_two_languages_is_one_block_whatever_the_pieces(tmp_path: Path) -> None:
    """The piece cutter does not cut between a Russian abstract under its label and the English one under its own (split
    joins them)."""
    ru = "Аннотация: Большие языковые модели галлюцинируют, когда их спрашивают о редких сущностях. Мы предлагаем верификатор."
    en = "Abstract: Large language models hallucinate when asked about rare entities. We propose RetroCheck, a verifier."
    _assert_one_block_whatever_the_pieces(tmp_path, f"{ru}\n\n{en}", f"{ru}\n{en}")


def test_a_quoted_abstract_under_its_linked_title_is_one_block_whatever_the_pieces(tmp_path: Path) -> None:
    """The piece cutter does not cut between a linked title's line and the quoted abstract under it (split joins them)."""
    entry = "- [Sparse Routing Models](https://x.org/p)\n\n> We propose a model.\n  > It learns."
    _assert_one_block_whatever_the_pieces(tmp_path, entry, entry.replace("\n\n", "\n"))


def test_an_entry_s_head_and_its_labelled_abstract_are_one_block_whatever_the_pieces(tmp_path: Path) -> None:
    """The piece cutter does not cut between a short block (a conference page's title) and the labelled abstract under it
    (split joins them)."""
    abstract = "Abstract: Sparse routing sends each token to a few experts, so a model grows without its cost; we train it stably."
    _assert_one_block_whatever_the_pieces(tmp_path, f"Sparse Routing Models\n\n{abstract}", f"Sparse Routing Models\n{abstract}")


def test_a_structured_abstract_is_one_block_whatever_the_pieces(tmp_path: Path) -> None:
    """The piece cutter does not cut between a structured abstract's sections set apart by empty lines (split joins them)."""
    entry = "BACKGROUND: Models fail.\n\nMETHODS: We retrain.\n\nRESULTS: It works."
    _assert_one_block_whatever_the_pieces(tmp_path, entry, entry)


def test_the_list_an_abstract_introduces_is_one_block_whatever_the_pieces(tmp_path: Path) -> None:
    """The piece cutter does not cut between an abstract that ends in a colon and the list under it (split joins them)."""
    entry = "Sepsis remains a leading cause of death in intensive care units, and early recognition is hard. We make two contributions:\n\n- a cohort;\n- a model."
    _assert_one_block_whatever_the_pieces(tmp_path, entry, entry)


def test_a_markdown_heading_and_the_abstract_under_it_are_one_block_whatever_the_pieces(tmp_path: Path) -> None:
    """The piece cutter does not cut between a paper's `## Title` and its abstract (split joins them)."""
    abstract = "Sparse routing sends each token to a few experts, so a model grows without its cost; we show how to train it stably."
    _assert_one_block_whatever_the_pieces(tmp_path, f"## Sparse Routing Models\n\n{abstract}", f"## Sparse Routing Models\n{abstract}")
    # nor between such an abstract and the block under it, which decides whether the heading is a section's
    (tmp_path / "listing.txt").write_text(f"ICML 2025 Papers\n\n## Sparse Models\n\n{abstract}\n\n{abstract.upper()}\n\nWe study a model.\n")
    for size in (1, 60, 160, 1 << 30):
        staging = Staging.create(tmp_path, f"section-{size}")
        batch = batches.BlockBatch("00000", tmp_path, (str(tmp_path / "listing.txt"),), staging.root, ReadLimits(), QualityThresholds(), DedupParams(), size)
        batches.stage_blocks(batch)
        assert pl.read_parquet(staging.part("blocks", "00000"))["text_raw"].to_list() == ["## Sparse Models", abstract, abstract.upper(), "We study a model."], size


def test_records_carry_the_titles_their_blocks_name(paperlake_cli, tmp_path: Path) -> None:
    inputs = tmp_path / "in"
    inputs.mkdir()
    for name in ("21_listing_site_entries.txt", "23_json_dump.txt", "25_arxiv_digest.txt"):
        shutil.copy(INGEST_CASES / name, inputs / name)
    code, output = paperlake_cli("run", "--input", inputs, "--warehouse", tmp_path / "wh")
    assert code == 0, output
    titles = set(Warehouse(tmp_path / "wh").read("records")["title"].drop_nulls())
    assert {"Learning to Retrieve from the Generator", "Prototype Compression for Tabular In-Context Learning", "Knowing When to Stop Drafting",
            "Teacher Agents for Hard Task Curricula in Reinforcement Learning"} <= titles
    records = Warehouse(tmp_path / "wh").read("records")
    record_id = records.filter(pl.col("title") == "Knowing When to Stop Drafting")["record_id"][0]
    code, output = paperlake_cli("explain", record_id, "--warehouse", tmp_path / "wh")
    assert code == 0 and "  title: Knowing When to Stop Drafting\n" in output


def test_a_warehouse_an_older_paperlake_published_without_titles_gains_them_on_its_next_run(
    paperlake_cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    inputs = tmp_path / "in"
    inputs.mkdir()
    shutil.copy(INGEST_CASES / "21_listing_site_entries.txt", inputs)
    shutil.copy(sorted(CORPUS.glob("*.txt"))[0], inputs)
    suites = tmp_path / "suites"
    shutil.copytree(EXPECTATIONS_DIR, suites)
    records_suite = json.loads((suites / "records.json").read_text(encoding="utf-8"))
    records_suite["expectations"] = [e for e in records_suite["expectations"] if e["kwargs"].get("column") != "title"]
    records_suite["expectations"][0]["kwargs"]["column_set"].remove("title")
    (suites / "records.json").write_text(json.dumps(records_suite), encoding="utf-8")
    older = pl.Schema({name: dtype for name, dtype in schema.RECORDS.items() if name != "title"})
    with monkeypatch.context() as patch:  # the records schema before titles
        patch.setattr(schema, "RECORDS", older)
        patch.setitem(schema.TABLES, "records", older)
        patch.setitem(schema.STORED_TABLES, "records", older)
        code, output = paperlake_cli("run", "--input", inputs, "--warehouse", tmp_path / "old", "--expectations", suites)
    assert code == 0, output
    old = Warehouse(tmp_path / "old")
    assert "title" not in old.read("records").columns and old.missing_columns("records") == ["title"]

    code, output = paperlake_cli("run", "--input", inputs, "--warehouse", tmp_path / "old")
    assert code == 0, output
    assert old.current_version() == 2 and old.missing_columns("records") == []
    assert paperlake_cli("run", "--input", inputs, "--warehouse", tmp_path / "new")[0] == 0
    upgraded, fresh = old.read("records").sort("record_id"), Warehouse(tmp_path / "new").read("records").sort("record_id")
    assert upgraded.equals(fresh) and upgraded["title"].drop_nulls().len() >= 3
    assert old.read("occurrences", 2).sort("path", "ordinal").equals(old.read("occurrences", 1).sort("path", "ordinal"))
    assert paperlake_cli("run", "--input", inputs, "--warehouse", tmp_path / "old")[0] == 0
    assert old.current_version() == 2  # upgraded once: the next run has nothing to publish


def test_tags_are_staged_in_their_records_order_in_small_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A record's tags sit beside those of the records staged with it, as its ``records`` file does, in files of
    ``RECORD_ROWS_FILE_ROWS`` rows: a later run that changes one record's tags rewrites one small file, not the table."""
    from flows.curate import _stage_in_record_order

    monkeypatch.setattr(batches, "RECORD_ROWS_FILE_ROWS", 3)
    staging = Staging.create(tmp_path, "run")
    order = pl.DataFrame({"record_id": ["pl_c", "pl_a", "pl_b"]}).with_row_index("record_order")
    tags = pl.DataFrame({"record_id": ["pl_a", "pl_b", "pl_c", "pl_a", "pl_c"], "tag": ["t1", "t2", "t3", "t4", "t5"], "evidence": ["e"] * 5})
    _stage_in_record_order(tags, order, staging, "tags")
    parts = staging.parts("tags")
    assert [pl.read_parquet(p)["tag"].to_list() for p in parts] == [["t3", "t5", "t1"], ["t4", "t2"]]
    assert all(pl.read_parquet(p).schema == schema.STORED_TABLES["tags"] for p in parts)
