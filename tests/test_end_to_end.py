"""The walking skeleton end to end: seed files through the CLI into Delta tables and exports."""

from __future__ import annotations

import gzip
import os
import shutil

import re
from pathlib import Path

import polars as pl
from polars.testing import assert_frame_equal

from paperlake.store import Warehouse

SEED_URLS = {
    "https://speechunlearn.github.io/",
    "https://github.com/6lyc/FedCEO_Collaborate-with-Each-Other",
    "https://data.apolloresearch.ai/dd/",
    "https://github.com/ApolloResearch/deception-detection",
    "https://github.com/nilslukas/ada-wm-evasion",
    "https://github.com/chili-lab/D-Intervention",
    "https://github.com/Thecommonirin/Qresafe",
    "https://github.com/ethz-spylab/jailbreak-tax",
    "https://github.com/emlaufer/ExpProof",
    "https://github.com/JiePeng104/TSC",
    "https://github.com/yuyi-sd/MTL-UE",
    "https://github.com/AlignmentResearch/scaling-llm-robustness-paper",
    "https://github.com/Wonder7racer/S2FGL",
}
SEED_METHODS = {"MoE-X", "GIST", "ELITE", "C-TRPO", "FedCEO", "AMUN", "BDetCLIP", "TGU", "FPO", "SoftShape", "SPLIT", "FEAT-KD"}
TABLES = ("sources", "occurrences", "records", "tags", "urls")


def _export(cli, warehouse: Path, target: Path, version: int | None = None) -> dict[str, pl.DataFrame]:
    args = ["export", "--warehouse", warehouse, "--to", target] + (["--version", str(version)] if version else [])
    code, output = cli(*args)
    assert code == 0, output
    return {name: pl.read_parquet(target / f"{name}.parquet") for name in TABLES}


def test_seeds_publish_66_records_with_13_urls(paperlake_cli, seeds: Path, tmp_path: Path) -> None:
    warehouse = tmp_path / "wh"
    code, output = paperlake_cli("run", "--input", seeds, "--warehouse", warehouse)
    assert code == 0, output
    assert "published dataset version 1" in output
    wh = Warehouse(warehouse)
    records, sources, occurrences = wh.read("records"), wh.read("sources"), wh.read("occurrences")
    assert records.height == 66
    assert occurrences["status"].to_list() == ["kept"] * 66
    assert sources["collection"].to_list() == ["ICML 2025 Papers"] * 4
    assert sorted(sources["header_lang"].to_list()) == ["en", "en", "en", "zh"]
    assert set(wh.read("urls")["url"].to_list()) == SEED_URLS
    assert wh.read("urls").height == 13
    residue = re.compile(r"\\[A-Za-z]+|\$|\*\*|(?:^|\s)\*\w|\w\*(?:\s|$|[.,;:])")
    assert [t for t in records["text"].to_list() if residue.search(t)] == []
    moe = records.filter(pl.col("text").str.contains("MoE-X, a mixture-of-experts"))
    assert moe.height == 1 and "intrinsically interpretable" in moe["text"][0]
    fedceo = records.filter(pl.col("text").str.contains("FedCEO"))["text"][0]
    assert "Collaborate with Each Other" in fedceo
    methods = {name for names in records["methods"].to_list() for name in names}
    assert SEED_METHODS <= methods and not methods & {"LLM", "LLMs", "MoE", "RL", "CLIP"}


def test_rerun_is_a_no_op_and_a_chinese_copy_is_a_duplicate(paperlake_cli, seeds: Path, tmp_path: Path) -> None:
    warehouse = tmp_path / "wh"
    assert paperlake_cli("run", "--input", seeds, "--warehouse", warehouse)[0] == 0
    code, output = paperlake_cli("run", "--input", seeds, "--warehouse", warehouse)
    assert code == 0 and "nothing new; current dataset version 1" in output
    wh = Warehouse(warehouse)
    assert wh.current_version() == 1

    first_file = sorted(seeds.glob("*.txt"))[0]
    abstract = first_file.read_text(encoding="utf-8").split("\n\n")[2]
    (seeds / "mirror_zh.txt").write_text(f"ICML 2025 论文列表\n\n{abstract}\n", encoding="utf-8")
    code, output = paperlake_cli("run", "--input", seeds, "--warehouse", warehouse)
    assert code == 0, output
    assert wh.current_version() == 2
    assert wh.read("records").height == 66
    occurrences = wh.read("occurrences")
    copy = occurrences.filter(pl.col("path") == "mirror_zh.txt").row(0, named=True)
    original = occurrences.filter((pl.col("path") == first_file.name) & (pl.col("ordinal") == 2)).row(0, named=True)
    assert copy["status"] == "duplicate"
    assert copy["record_id"] == original["record_id"]
    assert original["status"] == "kept"


def test_blocked_validation_keeps_the_previous_version(paperlake_cli, seeds: Path, tmp_path: Path) -> None:
    """A dataset that would be mostly rejects is not published, and the version before it stays as it was."""
    warehouse = tmp_path / "wh"
    assert paperlake_cli("run", "--input", seeds, "--warehouse", warehouse)[0] == 0
    before = _export(paperlake_cli, warehouse, tmp_path / "before")

    abstract = (
        "We study how representation learning methods behave when the training data comes from a very old archive. "
        "Our analysis covers twelve datasets, three model families and two evaluation protocols, and it shows strong gains."
    )
    copy = (seeds / sorted(p.name for p in seeds.glob("*.txt"))[0]).read_text(encoding="utf-8").split("\n\n")[1]
    # a copy of a published abstract: the run rewrites that record's files beside its tables while it validates;
    # 700 junk blocks make the dataset 91% rejects (700 of 768 blocks), which blocks publication
    junk = "\n\n".join(f"#{i} ----" for i in range(700))
    (seeds / "dump.txt").write_text(f"ICML 2025 Papers\n\n{abstract}\n\n{copy}\n\n{junk}\n", encoding="utf-8")
    table_files = {name: sorted(p.name for p in (warehouse / name).glob("*.parquet")) for name in TABLES}
    code, output = paperlake_cli("run", "--input", seeds, "--warehouse", warehouse)
    assert code == 1
    assert "validation blocked publication" in output
    assert "run_stats.reject_ratio: expect_column_values_to_be_between" in output
    assert "(1 rows) e.g. [0.911" in output  # the count and the offending values
    assert Warehouse(warehouse).current_version() == 1
    assert {name: sorted(p.name for p in (warehouse / name).glob("*.parquet")) for name in TABLES} == table_files  # none left behind

    after = _export(paperlake_cli, warehouse, tmp_path / "after")
    for name in TABLES:
        assert_frame_equal(before[name], after[name])


def test_export_time_travel(paperlake_cli, seeds: Path, tmp_path: Path) -> None:
    warehouse = tmp_path / "wh"
    files = sorted(seeds.glob("*.txt"))
    hold = tmp_path / "later"
    hold.mkdir()
    files[-1].rename(hold / files[-1].name)
    assert paperlake_cli("run", "--input", seeds, "--warehouse", warehouse)[0] == 0
    v1 = _export(paperlake_cli, warehouse, tmp_path / "v1-now")
    (hold / files[-1].name).rename(files[-1])
    assert paperlake_cli("run", "--input", seeds, "--warehouse", warehouse)[0] == 0
    assert Warehouse(warehouse).current_version() == 2

    again = _export(paperlake_cli, warehouse, tmp_path / "v1-later", version=1)
    for name in TABLES:
        assert_frame_equal(v1[name], again[name])
    assert again["records"].height < 66
    manifest = (tmp_path / "v1-later" / "manifest.json").read_text()
    assert '"dataset_version": 1' in manifest and "sha256" in manifest

    code, output = paperlake_cli("history", "--warehouse", warehouse)
    assert code == 0 and "v1" in output and "v2" in output


def test_relative_paths_like_make_run(paperlake_cli, seeds: Path, tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    code, output = paperlake_cli("run", "--input", "raw", "--warehouse", "warehouse")
    assert code == 0, output
    assert (tmp_path / "warehouse" / "versions").is_dir()
    assert Warehouse(Path("warehouse")).read("records").height == 66


def test_run_help_names_every_config_section(paperlake_cli) -> None:
    code, output = paperlake_cli("run", "--help")
    assert code == 0
    assert all(section in output for section in ("[quality]", "[read]", "[dedup]", "[run]")), output


def test_run_reports_progress_unless_quiet(paperlake_cli, seeds: Path, tmp_path: Path) -> None:
    code, output = paperlake_cli("run", "--input", seeds, "--warehouse", tmp_path / "wh")
    assert code == 0, output
    progress = [line.split(" ", 1)[1] for line in output.splitlines() if re.match(r"\d\d:\d\d:\d\d ", line)]
    assert progress[0] == "files: 4 found, 4 new (0.1 MB to read)"
    assert "blocks: batch 1 of 1 staged (66 blocks so far)" in progress
    assert progress[-1] == "published dataset version 1"
    code, output = paperlake_cli("run", "--input", seeds, "--warehouse", tmp_path / "wh2", "--quiet")
    assert code == 0 and output.startswith("paperlake: published dataset version 1"), output


def test_files_larger_than_a_batch_plain_and_gzip_are_read_in_pieces_like_whole_ones(paperlake_cli, seeds: Path, tmp_path: Path) -> None:
    config = tmp_path / "small-batches.toml"
    config.write_text("[run]\nbatch_bytes = 5000\nworkers = 1\n")
    inputs = tmp_path / "in"
    (inputs / "gz").mkdir(parents=True)
    largest = max(seeds.glob("*.txt"), key=lambda path: path.stat().st_size)
    (inputs / "gz" / f"{largest.name}.gz").write_bytes(gzip.compress(largest.read_bytes()))
    shutil.copy(largest, inputs / largest.name)
    assert (inputs / "gz" / f"{largest.name}.gz").stat().st_size > 5000
    code, output = paperlake_cli("run", "--input", inputs, "--warehouse", tmp_path / "wh", "--config", config)
    assert code == 0, output
    assert "blocks: batch 2 of 2 staged" in output and "duplicates" in output
    occurrences = Warehouse(tmp_path / "wh").read("occurrences").sort("path", "ordinal")
    plain, packed = (occurrences.filter(pl.col("path") == name) for name in (largest.name, f"gz/{largest.name}.gz"))
    assert plain.height == packed.height > 10
    assert plain["text_raw"].to_list() == packed["text_raw"].to_list()
    assert set(packed["status"].to_list()) <= {"duplicate", "kept"}


def test_bad_input_is_refused_in_one_line_before_anything_runs(paperlake_cli, seeds: Path, tmp_path: Path) -> None:
    (tmp_path / "empty").mkdir()
    (tmp_path / "exports").mkdir()
    (tmp_path / "exports" / "papers.jsonl").write_text('{"abstract": "We study X."}\n')
    (tmp_path / "a-file").write_text("not a warehouse")
    (seeds / "one.txt").write_text("ICML 2025 Papers\n\nAn abstract.\n")
    bad_config = tmp_path / "bad.toml"
    bad_config.write_text('[run]\nworkers = "two"\n')
    bad_config.with_name("tax.toml").write_text("[broken\n")
    (tmp_path / "suites").mkdir()
    (tmp_path / "suites" / "records.json").write_text('{"name": "records", ')
    cases = [
        (("--input", tmp_path / "empty", "--warehouse", tmp_path / "wh"), "no listing files (*.txt, *.txt.gz) under"),
        (("--input", tmp_path / "exports", "--warehouse", tmp_path / "wh"), "(1 other files ignored: papers.jsonl; rename listings to *.txt)"),
        (("--input", seeds, "--warehouse", tmp_path / "a-file"), "the warehouse path is not a folder"),
        (("--input", seeds / "one.txt", "--warehouse", tmp_path / "wh"), "--input takes a folder, and"),
        (("--input", seeds, "--warehouse", tmp_path / "wh", "--config", bad_config), "[run]: workers must be an integer, got 'two'"),
        (("--input", seeds, "--warehouse", tmp_path / "wh", "--config", tmp_path / "missing.toml"), "config file not found"),
        (("--input", seeds, "--warehouse", tmp_path / "wh", "--taxonomy", bad_config.with_name("tax.toml")), "tax.toml: not valid TOML"),
        (("--input", seeds, "--warehouse", tmp_path / "wh", "--taxonomy", tmp_path / "missing.toml"), "taxonomy file not found"),
        (("--input", seeds, "--warehouse", tmp_path / "wh", "--expectations", tmp_path / "nowhere"), "expectations folder not found"),
        (("--input", seeds, "--warehouse", tmp_path / "wh", "--expectations", tmp_path / "suites"), "records.json: not valid JSON"),
    ]
    for args, message in cases:
        code, output = paperlake_cli("run", *args)
        assert code == 2 and message in output and "Traceback" not in output, output
    assert not (tmp_path / "wh").exists()


def test_workshop_headers_and_chinese_text_publish(paperlake_cli, tmp_path: Path) -> None:
    """A workshop of no venue names its own venue, which validation accepts; a listing's title names its collection;
    Chinese text keeps its punctuation, Persian text its non-joiners."""
    inputs, warehouse = tmp_path / "in", tmp_path / "wh"
    inputs.mkdir()
    abstract = (
        "We study sparse attention kernels for long-context inference on commodity GPUs and report a two-fold speedup at equal"
        " accuracy across four open models, three context lengths and two batch sizes."
    )
    (inputs / "a.txt").write_text(f"Workshop on Efficient ML (2024)\n\n{abstract}\n", encoding="utf-8")
    other = (
        "We prune large language models without retraining and keep their zero-shot accuracy on seven tasks at half of the"
        " weights, with a layer-wise error bound that tells how far each layer can be pruned."
    )
    (inputs / "b.txt").write_text(f"Efficient ML Workshop 2024\n\n{other}\n", encoding="utf-8")
    chinese = "本文提出了一种新的图像分割方法，该方法利用（Transformer）结构对全局上下文进行建模：实验表明，我们的方法在多个数据集上取得了最好的结果！"
    (inputs / "c.txt").write_text(f"CVPR 2024 论文\n\n{chinese}\n", encoding="utf-8")
    diffusion = (
        "We study score-based generative models for image synthesis and show that a simple reweighting of the noise schedule"
        " improves FID on CIFAR-10 and ImageNet by a large margin across sampler settings, for $5 and $6 of compute."
    )
    (inputs / "d.txt").write_text(f"# Awesome Diffusion Papers\n\n{diffusion}\n", encoding="utf-8")
    persian = (  # its zero-width non-joiners stay, and validation's markup rule lets them
        "ما یک روش جدید برای آموزش مدل\u200cهای زبانی بزرگ پیشنهاد می\u200cکنیم که هزینه محاسباتی را کاهش می\u200cدهد"
        " و دقت را در هفت معیار استاندارد حفظ می\u200cکند و نتایج نشان می\u200cدهد که این روش کارآمد است."
    )
    (inputs / "e.txt").write_text(f"مقالات پذیرفته شده ICML 2025\n\n{persian}\n", encoding="utf-8")
    code, output = paperlake_cli("run", "--input", inputs, "--warehouse", warehouse)
    assert code == 0 and "published dataset version 1" in output, output
    assert "d.txt: header names no known venue and year; collection 'Awesome Diffusion Papers'" in output
    records = Warehouse(warehouse).read("records").sort("venue", nulls_last=True)
    assert records["venue"].to_list() == ["CVPR", "EFFICIENT ML WORKSHOP", "ICML", "WORKSHOP ON EFFICIENT ML", None]
    assert records["collection"][4] == "Awesome Diffusion Papers" and records["text"][4] == diffusion  # its amounts too
    assert records["text"][0] == chinese and records["text"][2] == persian


def test_configured_text_lengths_are_the_ones_validation_checks(paperlake_cli, tmp_path: Path) -> None:
    """A shorter or longer text the [quality] settings keep is published, not blocked by the records suite's length check."""
    inputs, config = tmp_path / "in", tmp_path / "paperlake.toml"
    inputs.mkdir()
    config.write_text("[quality]\nmin_words = 5\nmax_chars = 30000\nmax_words = 10000\n", encoding="utf-8")
    long_text = " ".join(f"Sentence {i} reports a result on the benchmark number {i} of the suite." for i in range(400))
    (inputs / "a.txt").write_text(f"ICML 2025 Papers\n\nWe prune small nets fast.\n\n{long_text}\n", encoding="utf-8")
    code, output = paperlake_cli("run", "--input", inputs, "--warehouse", tmp_path / "wh", "--config", config)
    assert code == 0 and "published dataset version 1" in output, output
    lengths = sorted(Warehouse(tmp_path / "wh").read("records")["text"].str.len_chars().to_list())
    assert lengths[0] < 40 and lengths[-1] > 20000


def test_a_block_of_any_size_is_rejected_without_blocking_publication(paperlake_cli, tmp_path: Path) -> None:
    """A file without blank lines (a page dump) is one block: rejected too_long and kept whole, however long."""
    inputs = tmp_path / "in"
    inputs.mkdir()
    abstract = "We propose a new method for learning representations of graphs and release our code and data for everyone to reuse."
    dump = "graph model data " * 1_300_000  # 22.1 million characters
    (inputs / "a.txt").write_text(f"ICML 2025 Papers\n\n{abstract}\n\n{dump}\n", encoding="utf-8")
    code, output = paperlake_cli("run", "--input", inputs, "--warehouse", tmp_path / "wh")
    assert code == 0 and "published dataset version 1" in output, output
    occurrences = Warehouse(tmp_path / "wh").read("occurrences").sort("ordinal")
    assert occurrences["reject_reason"].to_list() == [None, "too_long"]
    assert occurrences["text_raw"][1] == dump  # as read, its trailing space too


def test_a_run_that_adds_only_rejects_publishes(paperlake_cli, seeds: Path, tmp_path: Path) -> None:
    """The reject and record checks look at the dataset, not at the run: a new file of junk alone does not block a schedule."""
    warehouse = tmp_path / "wh"
    assert paperlake_cli("run", "--input", seeds, "--warehouse", warehouse)[0] == 0
    (seeds / "junk.txt").write_text("ICML 2025 Papers\n\nHome | About\n\nLoading...\n", encoding="utf-8")
    code, output = paperlake_cli("run", "--input", seeds, "--warehouse", warehouse)
    assert code == 0 and "published dataset version 2" in output, output
    assert "run_stats.reject_ratio_new" in output  # a warning
    occurrences = Warehouse(warehouse).read("occurrences")
    assert occurrences.filter(pl.col("path") == "junk.txt")["status"].to_list() == ["rejected", "rejected"]


def test_a_file_name_that_is_not_utf8_is_ingested_and_rerun_is_a_no_op(paperlake_cli, tmp_path: Path) -> None:
    """A Windows archive's file name (cp1252 bytes) used to stop the run; its path is shown with the byte escaped."""
    inputs, warehouse = tmp_path / "in", tmp_path / "wh"
    inputs.mkdir()
    abstract = (
        "We propose a method for pruning large language models that removes half of the weights without retraining,"
        " evaluated on seven zero-shot tasks and language modeling benchmarks with minimal loss in perplexity."
    )
    (inputs / os.fsdecode(b"r\xe9sum\xe9s.TXT")).write_text(f"ICML 2025 Papers\n\n{abstract}\n", encoding="utf-8")
    code, output = paperlake_cli("run", "--input", inputs, "--warehouse", warehouse)
    assert code == 0 and "published dataset version 1" in output, output
    assert Warehouse(warehouse).read("occurrences")["path"].to_list() == ["r\\xe9sum\\xe9s.TXT"]
    code, output = paperlake_cli("run", "--input", inputs, "--warehouse", warehouse)
    assert code == 0 and "nothing new; current dataset version 1" in output, output


def test_a_run_or_vacuum_while_another_holds_the_warehouse_does_nothing(paperlake_cli, seeds: Path, tmp_path: Path) -> None:
    """Two runs at once (a schedule faster than a run) each published the same new files: every record twice."""
    warehouse = Warehouse(tmp_path / "wh")
    with warehouse.exclusive("paperlake run"):
        code, output = paperlake_cli("run", "--input", seeds, "--warehouse", warehouse.root)
        assert code == 75 and "is busy (paperlake run, pid" in output and "nothing was done" in output, output
        assert warehouse.current_version() is None
    assert paperlake_cli("run", "--input", seeds, "--warehouse", warehouse.root)[0] == 0
    with warehouse.exclusive("paperlake run"):
        code, output = paperlake_cli("vacuum", "--warehouse", warehouse.root)
        assert code == 75 and "is busy" in output, output
        assert paperlake_cli("vacuum", "--warehouse", warehouse.root, "--dry-run")[0] == 0  # only plans
    assert warehouse.read("records").height == 66


def test_a_killed_runs_staging_folder_goes_with_the_next_run(paperlake_cli, seeds: Path, tmp_path: Path) -> None:
    """A run killed mid-way (SIGKILL, the OOM killer) leaves its staged blocks; the next run, holding the warehouse, deletes them."""
    warehouse = tmp_path / "wh"
    assert paperlake_cli("run", "--input", seeds, "--warehouse", warehouse)[0] == 0
    left = warehouse / "_staging" / "20260101T000000000000Z" / "blocks"
    left.mkdir(parents=True)
    (left / "00000.parquet").write_bytes(b"staged blocks of a killed run")
    first = sorted(seeds.glob("*.txt"))[0]
    (seeds / "mirror.txt").write_text(first.read_text(encoding="utf-8").replace("ICML 2025 Papers", "ICML 2025 论文列表"), encoding="utf-8")
    code, output = paperlake_cli("run", "--input", seeds, "--warehouse", warehouse)
    assert code == 0 and "published dataset version 2" in output, output
    assert not (warehouse / "_staging").exists()
