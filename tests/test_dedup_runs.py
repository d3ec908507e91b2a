"""Dedup across runs through the CLI on real files and real Delta tables: A then B, bridging merges, explain."""

from __future__ import annotations

import shutil
from pathlib import Path

import polars as pl
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from paperlake.store import Warehouse
from transforms import dedup, minhash
from transforms.dedup import DedupParams

from .conftest import SEEDS
from .transforms.test_dedup import VIETNAMESE, _stripped

CORPUS = Path(__file__).resolve().parent / "fixtures" / "dedup" / "corpus"
PAIRS = CORPUS.parent / "pairs.jsonl"
SENTENCES = [
    "We introduce a sparse mixture of adapters for continual instruction tuning of language models.",
    "The router is trained with a load balancing penalty that keeps every adapter busy during training.",
    "On eight benchmarks the method forgets less than replay based baselines while storing no data.",
    "Ablations show that the penalty matters more than the number of adapters or their rank.",
    "A theoretical analysis bounds the interference between tasks under mild smoothness assumptions.",
    "We further study how adapter capacity trades off against routing entropy across task orders.",
    "Experiments on vision transformers confirm the trend beyond language tasks and small models.",
    "The approach adds under two percent of parameters per task and no inference latency at all.",
    "Finally we release a benchmark of forty streaming tasks with held out evaluation splits.",
]


def _partition(warehouse: Path) -> set[frozenset[tuple[str, int]]]:
    occurrences = Warehouse(warehouse).read("occurrences").filter(pl.col("record_id").is_not_null())
    groups = occurrences.group_by("record_id").agg(pl.struct("path", "ordinal"))
    return {frozenset((b["path"], b["ordinal"]) for b in members) for members in groups["path"].to_list()}


def _copy(files: list[Path], target: Path) -> Path:
    target.mkdir(parents=True, exist_ok=True)
    for f in files:
        shutil.copy(f, target / f.name)
    return target


def test_runs_a_then_b_give_the_partition_of_one_run(paperlake_cli, tmp_path: Path) -> None:
    files = sorted(CORPUS.glob("*.txt"))
    a, b = files[1::2], files[0::2]
    staged = tmp_path / "staged"
    _copy(a, staged)
    _listing(staged / "junk.txt", "Accept all cookies", "Home | About | Contact")  # rejected blocks beside the records B changes
    assert paperlake_cli("run", "--input", staged, "--warehouse", tmp_path / "ab")[0] == 0
    published = set(Warehouse(tmp_path / "ab").read("records")["record_id"].to_list())
    _copy(b, staged)
    code, output = paperlake_cli("run", "--input", staged, "--warehouse", tmp_path / "ab")
    assert code == 0, output
    _copy([*files, staged / "junk.txt"], tmp_path / "all")
    assert paperlake_cli("run", "--input", tmp_path / "all", "--warehouse", tmp_path / "once")[0] == 0

    assert _partition(tmp_path / "ab") == _partition(tmp_path / "once")
    def blocks(warehouse: Path) -> pl.DataFrame:
        return Warehouse(warehouse).read("occurrences").select("path", "ordinal", "status", "reject_reason").sort("path", "ordinal")

    assert blocks(tmp_path / "ab").equals(blocks(tmp_path / "once"))  # every block once, rejected ones too
    wh = Warehouse(tmp_path / "ab")
    retired = set(wh.read("record_merges")["retired_id"].to_list())
    assert published - retired <= set(wh.read("records")["record_id"].to_list())
    assert wh.read("records").height == 114
    _assert_indexed(wh)


def _assert_indexed(wh: Warehouse) -> None:
    """Every accepted key has one row of band keys and one of passage hashes in the dedup index, and nothing else has but
    keys accepted once and rejected by dedup since (glued, ambiguous)."""
    index, params, occurrences = wh.read("dedup_index"), DedupParams(), wh.read("occurrences")
    accepted_keys = set(occurrences.filter(pl.col("record_id").is_not_null())["dedup_key"].to_list())
    unplaced_keys = set(occurrences.filter(pl.col("reject_reason").is_in([dedup.GLUED, dedup.AMBIGUOUS]))["dedup_key"].to_list())
    for scheme in (params.lsh.scheme, params.passage_scheme):
        rows = index.filter(pl.col("scheme") == scheme)
        assert rows["dedup_key"].is_unique().all() and accepted_keys <= set(rows["dedup_key"].to_list()) <= accepted_keys | unplaced_keys
    assert set(index["scheme"].to_list()) == {params.lsh.scheme, params.passage_scheme}


def _listing(path: Path, *abstracts: str) -> None:
    path.write_text("ICML 2025 Papers\n\n" + "\n\n".join(abstracts) + "\n", encoding="utf-8")


def test_a_bridging_block_merges_two_published_records_and_explain_shows_why(paperlake_cli, tmp_path: Path) -> None:
    raw, warehouse = tmp_path / "raw", tmp_path / "wh"
    raw.mkdir()
    x, z, y = " ".join(SENTENCES[0:6]), " ".join(SENTENCES[3:9]), " ".join(SENTENCES[1:8])
    _listing(raw / "a.txt", x, z)
    assert paperlake_cli("run", "--input", raw, "--warehouse", warehouse)[0] == 0
    wh = Warehouse(warehouse)
    first_ids = sorted(wh.read("records")["record_id"].to_list())
    assert len(first_ids) == 2

    _listing(raw / "b.txt", y)
    code, output = paperlake_cli("run", "--input", raw, "--warehouse", warehouse)
    assert code == 0, output
    records = wh.read("records")
    assert records["record_id"].to_list() == [first_ids[0]]
    assert records["n_occurrences"].to_list() == [3]
    merges = wh.read("record_merges")
    assert merges.select("retired_id", "surviving_id", "dataset_version").rows() == [(first_ids[1], first_ids[0], 2)]
    assert wh.read("occurrences")["record_id"].to_list() == [first_ids[0]] * 3
    assert wh.read("merge_edges").height == 2
    history = paperlake_cli("history", "--warehouse", warehouse)[1]
    assert "-1 records" in history

    code, text = paperlake_cli("explain", first_ids[1], "--warehouse", warehouse)
    assert code == 0, text
    assert f"{first_ids[1]} was merged into {first_ids[0]} in dataset version 2" in text
    assert "a.txt#1" in text and "a.txt#2" in text and "b.txt#1" in text
    assert "jaccard" in text and f"merged {first_ids[1]} into this record" in text
    assert "ICML 2025 Papers" in text
    assert paperlake_cli("explain", "pl_0000000000000000", "--warehouse", warehouse)[0] == 2
    code, text = paperlake_cli("explain", first_ids[0][3:-2], "--warehouse", warehouse)  # cut short, without "pl_"
    assert code == 2 and f"did you mean {first_ids[0]}?" in text
    code, text = paperlake_cli("explain", first_ids[0], "--warehouse", tmp_path / "elsewhere")
    assert code == 2 and "no dataset is published in" in text


def test_a_new_copy_joins_the_published_record_and_only_its_record_is_rewritten(paperlake_cli, tmp_path: Path) -> None:
    raw, warehouse = tmp_path / "raw", tmp_path / "wh"
    raw.mkdir()
    paper, other = " ".join(SENTENCES[0:5]), " ".join(SENTENCES[5:9]) + " " + SENTENCES[0]
    _listing(raw / "a.txt", paper, other)
    assert paperlake_cli("run", "--input", raw, "--warehouse", warehouse)[0] == 0
    wh = Warehouse(warehouse)
    before = wh.read("records").sort("record_id")
    longer = paper + " Code and data are available from the authors on request for academic use."
    _listing(raw / "b.txt", longer.lower().replace("mixture of", "mixtureof"))
    assert paperlake_cli("run", "--input", raw, "--warehouse", warehouse)[0] == 0
    after = wh.read("records").sort("record_id")
    assert after["record_id"].to_list() == before["record_id"].to_list()
    copy = wh.read("occurrences").filter(pl.col("path") == "b.txt").row(0, named=True)
    target = before.filter(pl.col("text") == paper)["record_id"][0]
    assert copy["record_id"] == target and copy["status"] == "kept"
    original = wh.read("occurrences").filter((pl.col("path") == "a.txt") & (pl.col("record_id") == target)).row(0, named=True)
    assert original["status"] == "near_duplicate" and 0.5 < original["similarity"] < 1.0
    untouched = before.filter(pl.col("record_id") != target)
    assert after.filter(pl.col("record_id") != target).equals(untouched)
    changes = wh.version_row()["changes"]
    assert '"records_added": 0' in changes



def test_a_copy_that_leaves_a_records_tags_and_urls_as_they_were_rewrites_neither_table(paperlake_cli, tmp_path: Path) -> None:
    raw, warehouse = tmp_path / "raw", tmp_path / "wh"
    raw.mkdir()
    abstract, code = " ".join(SENTENCES[0:5]), " Code: https://github.com/acme/adapters."
    paper = abstract + code
    _listing(raw / "a.txt", paper, " ".join(SENTENCES[5:9]))
    assert paperlake_cli("run", "--input", raw, "--warehouse", warehouse)[0] == 0
    wh = Warehouse(warehouse)
    target = wh.read("records").filter(pl.col("text") == paper)["record_id"][0]
    files = {name: set(wh.parquet_files(name)) for name in ("tags", "urls", "records")}
    tags_before, urls_before = wh.read("tags").sort(pl.all()), wh.read("urls").sort(pl.all())

    _listing(raw / "b.txt", abstract.upper() + code)  # the same dedup key: it joins the record and changes only its count
    assert paperlake_cli("run", "--input", raw, "--warehouse", warehouse)[0] == 0
    assert wh.read("records").filter(pl.col("record_id") == target)["n_occurrences"].to_list() == [2]
    assert not files["records"] <= set(wh.parquet_files("records"))  # its record row was rewritten ...
    assert files["tags"] <= set(wh.parquet_files("tags")) and files["urls"] <= set(wh.parquet_files("urls"))  # ... its tags and urls not
    assert wh.read("tags").sort(pl.all()).equals(tags_before) and wh.read("urls").sort(pl.all()).equals(urls_before)

    _listing(raw / "c.txt", paper.replace("adapters.", "adapters2."))  # digits fold away: the same key, with a URL of its own
    assert paperlake_cli("run", "--input", raw, "--warehouse", warehouse)[0] == 0
    urls = wh.read("urls")
    assert sorted(urls.filter(pl.col("record_id") == target)["url"].to_list()) == ["https://github.com/acme/adapters", "https://github.com/acme/adapters2"]
    others = pl.col("record_id") != target
    assert urls.filter(others).equals(urls_before.filter(others)) and wh.read("tags").filter(others).sort(pl.all()).equals(tags_before.filter(others))

LISTINGS = {  # a header, and what a record only its file holds takes from it
    "headerless": (None, (None, None, None)),
    "listing_without_venue": ("Machine Learning (cs.LG) - New submissions for Tue, 3 Dec 24", (None, None, "Machine Learning (cs.LG) - New submissions for Tue, 3 Dec 24")),
    "preprint_server": ("arXiv cs.LG new submissions (2024-12-03)", ("ARXIV", 2024, "arXiv 2024 cs.LG Papers")),
}


@pytest.mark.parametrize("listing", LISTINGS)
def test_a_record_kept_from_a_headerless_file_takes_the_collection_of_a_copy(paperlake_cli, tmp_path: Path, listing: str) -> None:
    """Also from a listing that names a collection but no venue, or a preprint server (an arXiv daily listing): a copy's
    venue wins."""
    header, alone_fields = LISTINGS[listing]
    abstract = " ".join(SENTENCES)
    other = (
        "A different paper: we measure how retrieval depth changes answer quality across twelve question answering"
        " benchmarks, and find that deeper retrieval helps long questions while it hurts short factual ones."
    )
    inputs = tmp_path / "in"
    inputs.mkdir()
    head = f"{header}\n\n" if header else ""
    (inputs / "a_scrape.txt").write_text(f"{head}{abstract}\n\n{other}\n", encoding="utf-8")  # kept on the path tie-break
    assert paperlake_cli("run", "--input", inputs, "--warehouse", tmp_path / "grown")[0] == 0
    (inputs / "b_listing.txt").write_text(f"ICML 2025 Papers\n\n{abstract}\n", encoding="utf-8")
    for warehouse in (tmp_path / "grown", tmp_path / "once"):  # the copy arrives later, or in the same run
        code, output = paperlake_cli("run", "--input", inputs, "--warehouse", warehouse)
        assert code == 0, output
        wh = Warehouse(warehouse)
        records = wh.read("records")
        copied = records.filter(pl.col("text") == abstract).row(0, named=True)
        kept = wh.read("occurrences").filter(pl.col("record_id") == copied["record_id"], pl.col("status") == "kept")
        assert kept["path"].to_list() == ["a_scrape.txt"]
        assert (copied["venue"], copied["year"], copied["collection"]) == ("ICML", 2025, "ICML 2025 Papers")
        alone = records.filter(pl.col("text") != abstract).row(0, named=True)
        assert (alone["venue"], alone["year"], alone["collection"]) == alone_fields


def test_the_kept_copy_is_the_clean_one_over_page_heads_and_the_full_one_over_cut_ones_in_later_runs(paperlake_cli, tmp_path: Path) -> None:
    """Run 1 keeps a clean copy over two under page heads no rule strips; run 2 (the published copies with their texts, the
    new one without) keeps a new copy with the first sentence all the others lost; one run over all of it agrees."""
    inputs, abstract = tmp_path / "in", " ".join(SENTENCES[1:6])
    inputs.mkdir()
    _listing(inputs / "a.txt", abstract)
    (inputs / "b.txt").write_text(f"ICML 2025 论文列表\n\n{abstract}\n", encoding="utf-8")
    _listing(inputs / "c.txt", "Paperverse preprint 2411 | Jane Doe, John Roe | 3 versions " + abstract)
    _listing(inputs / "d.txt", "Open archive record - Doe, Jane; Roe, John - show affiliations " + abstract)
    assert paperlake_cli("run", "--input", inputs, "--warehouse", tmp_path / "grown")[0] == 0
    kept = Warehouse(tmp_path / "grown").read("occurrences").filter(pl.col("status") == "kept")
    assert kept["path"].to_list() == ["a.txt"]
    _listing(inputs / "e.txt", SENTENCES[0] + " " + abstract)
    _assert_one_record_kept_from(paperlake_cli, inputs, tmp_path, "e.txt")


def test_the_kept_copy_is_the_clean_one_over_page_tails_in_later_runs(paperlake_cli, tmp_path: Path) -> None:
    """Run 1 keeps a clean copy over one with a page's counts after its last sentence; run 2 adds another such copy, whose
    tail is longer, and keeps the clean one still (the published copies' texts tell tails from last sentences); one run
    over all of it agrees."""
    inputs, abstract = tmp_path / "in", " ".join(SENTENCES[:6])
    inputs.mkdir()
    _listing(inputs / "a.txt", abstract)
    (inputs / "b.txt").write_text(f"ICML 2025 论文列表\n\n{abstract}\n", encoding="utf-8")
    _listing(inputs / "c.txt", abstract + " Altmetric Score 42 Mendeley readers 17")
    assert paperlake_cli("run", "--input", inputs, "--warehouse", tmp_path / "grown")[0] == 0
    assert Warehouse(tmp_path / "grown").read("occurrences").filter(pl.col("status") == "kept")["path"].to_list() == ["a.txt"]
    _listing(inputs / "d.txt", abstract + " Rights: CC BY 4.0 Type: Conference paper Collections: Computer Science")
    _assert_one_record_kept_from(paperlake_cli, inputs, tmp_path, "a.txt")


def _assert_one_record_kept_from(paperlake_cli, inputs: Path, tmp_path: Path, path: str) -> None:
    """A run that adds to the ``grown`` warehouse and one run over all of ``inputs`` into ``once`` each make one record,
    kept from ``path``."""
    for warehouse in (tmp_path / "grown", tmp_path / "once"):
        code, output = paperlake_cli("run", "--input", inputs, "--warehouse", warehouse)
        assert code == 0, output
        occurrences = Warehouse(warehouse).read("occurrences")
        assert occurrences["record_id"].n_unique() == 1
        assert occurrences.filter(pl.col("status") == "kept")["path"].to_list() == [path]


def test_abstracts_glued_in_one_file_do_not_merge_the_papers_listed_apart_in_another(paperlake_cli, tmp_path: Path) -> None:
    seed = SEEDS / "004_b7bcd04307c4e48c.txt"
    abstracts = seed.read_text(encoding="utf-8").split("\n\n")[1:5]
    assert all(len(a) > 800 and "\n" not in a for a in abstracts)
    source = tmp_path / "in"
    source.mkdir()
    (source / "apart.txt").write_text("ICML 2022 Papers\n\n" + "\n\n".join(abstracts) + "\n", encoding="utf-8")
    glued = f"{abstracts[0]}\n{abstracts[1]}\n\n{abstracts[2]}\n---\n{abstracts[3]}"
    (source / "glued.txt").write_text(f"ICML 2022 Papers\n\n{glued}\n", encoding="utf-8")
    code, output = paperlake_cli("run", "--input", source, "--warehouse", tmp_path / "wh")
    assert code == 0, output
    wh = Warehouse(tmp_path / "wh")
    assert wh.read("sources").sort("path")["n_blocks"].to_list() == [4, 4]
    records = wh.read("records")
    assert records.height == 4
    assert sorted(records["text_raw"].to_list()) == sorted(abstracts)
    assert records["n_occurrences"].to_list() == [2, 2, 2, 2]


@pytest.mark.parametrize("old_index", [False, True], ids=["index", "index-without-passages"])
def test_a_version_without_a_common_band_joins_the_published_paper_through_passages(paperlake_cli, tmp_path: Path, monkeypatch, old_index: bool) -> None:
    pair = pl.read_ndjson(PAIRS).filter(pl.col("id") == "p17").row(0, named=True)  # workshop vs conference version: no LSH band in common
    raw, warehouse = tmp_path / "raw", tmp_path / "wh"
    raw.mkdir()
    _listing(raw / "a.txt", pair["a"], " ".join(SENTENCES))
    with monkeypatch.context() as patch:
        if old_index:  # a warehouse whose index was built before passage hashes were stored: band keys only
            patch.setattr(dedup, "index_rows", lambda keys, params: keys.select("dedup_key", scheme=pl.lit(params.lsh.scheme), bands="bands"))
        assert paperlake_cli("run", "--input", raw, "--warehouse", warehouse)[0] == 0
    wh, params = Warehouse(warehouse), DedupParams()
    assert dedup.index_backlog(wh.index_schemes(), params) == old_index

    _listing(raw / "b.txt", pair["b"])
    code, output = paperlake_cli("run", "--input", raw, "--warehouse", warehouse)
    assert code == 0, output
    versions = wh.read("occurrences").filter(pl.col("text").str.contains("LearnedSieve"))
    assert versions.height == 2 and versions["record_id"].n_unique() == 1
    assert wh.read("records").height == 2 and wh.read("record_merges").is_empty()
    _assert_indexed(wh)  # an old index is backfilled once, with the run that needed it
    assert not dedup.index_backlog(wh.index_schemes(), params)


def test_an_index_of_an_older_scheme_is_rebuilt_and_a_copy_without_accents_joins_its_record(paperlake_cli, tmp_path: Path, monkeypatch) -> None:
    """A warehouse an older paperlake built: its index holds the band keys and passage hashes of keys with accents (schemes
    ``m1``, ``p1``), under which a Vietnamese abstract and its copy without accents share none. The next run computes the
    published keys' rows under the configured schemes, matches against them, and publishes the index without the old rows."""
    raw, warehouse = tmp_path / "raw", tmp_path / "wh"
    raw.mkdir()
    _listing(raw / "a.txt", VIETNAMESE, " ".join(SENTENCES))
    with monkeypatch.context() as patch:
        patch.setattr(minhash, "SIGNATURE_SCHEME", "m1")
        patch.setattr(minhash, "PASSAGE_SCHEME", "p1")
        patch.setattr(dedup, "without_accents", lambda folded: folded)
        assert paperlake_cli("run", "--input", raw, "--warehouse", warehouse)[0] == 0
    wh, params = Warehouse(warehouse), DedupParams()
    old = wh.index_schemes()
    assert dedup.index_backlog(old, params) and len(dedup.stale_schemes(old, params)) == 2

    _listing(raw / "b.txt", _stripped(VIETNAMESE))
    code, output = paperlake_cli("run", "--input", raw, "--warehouse", warehouse)
    assert code == 0, output
    assert f"dedup index rebuilt under the configured schemes (was {', '.join(dedup.stale_schemes(old, params))})" in output
    copies = wh.read("occurrences").filter(pl.col("text").str.starts_with("Ch"))
    assert copies.sort("path").select("path", "status").rows() == [("a.txt", "kept"), ("b.txt", "near_duplicate")]
    assert copies["record_id"].n_unique() == 1 and wh.read("records").height == 2
    code, text = paperlake_cli("explain", copies["record_id"][0], "--warehouse", warehouse)
    assert code == 0 and "b.txt#1 ~ a.txt#1: jaccard 1.000 with accents folded (as written: jaccard 0.000)" in text, text
    _assert_indexed(wh)  # the old schemes' rows are gone
    assert not dedup.index_backlog(wh.index_schemes(), params)
    assert paperlake_cli("run", "--input", raw, "--warehouse", tmp_path / "once")[0] == 0
    assert _partition(warehouse) == _partition(tmp_path / "once")
    assert Warehouse(tmp_path / "once").read("dedup_index").sort("scheme", "dedup_key").equals(wh.read("dedup_index").sort("scheme", "dedup_key"))


def test_a_glued_block_that_joined_a_record_is_rejected_when_the_other_abstract_arrives(paperlake_cli, tmp_path: Path) -> None:
    seed = SEEDS / "004_b7bcd04307c4e48c.txt"
    a, b = seed.read_text(encoding="utf-8").split("\n\n")[1:3]
    raw = tmp_path / "raw"
    raw.mkdir()
    for name, text in [("x.txt", f"{a} {b}"), ("a.txt", a), ("b.txt", b)]:
        _listing(raw / name, text)
        code, output = paperlake_cli("run", "--input", raw, "--warehouse", tmp_path / "runs")
        assert code == 0, output
    assert "rejects   1 (glued: 1)" in output
    assert paperlake_cli("run", "--input", raw, "--warehouse", tmp_path / "once")[0] == 0
    assert _partition(tmp_path / "runs") == _partition(tmp_path / "once") == {frozenset({("a.txt", 1)}), frozenset({("b.txt", 1)})}
    wh = Warehouse(tmp_path / "runs")
    assert wh.read("occurrences").filter(pl.col("path") == "x.txt").select("status", "reject_reason", "record_id").row(0) == ("rejected", "glued", None)
    assert sorted(wh.read("records")["text_raw"].to_list()) == sorted([a, b])
    assert wh.read("records")["n_occurrences"].to_list() == [1, 1]
    record_of_a = wh.read("occurrences").filter(pl.col("path") == "a.txt")["record_id"][0]
    code, text = paperlake_cli("explain", record_of_a, "--warehouse", tmp_path / "runs")
    assert code == 0 and "a.txt#1 ~ x.txt#1 (now rejected: glued): containment" in text, text


def test_a_record_whose_only_block_is_rejected_later_is_recorded_as_dissolved(paperlake_cli, tmp_path: Path) -> None:
    """A glued block published alone founds a record; once both abstracts arrive it is rejected, and its record id is retired
    with no survivor (``record_merges``), not dropped silently; ``explain`` of the id says so."""
    seed = SEEDS / "004_b7bcd04307c4e48c.txt"
    a, b = seed.read_text(encoding="utf-8").split("\n\n")[1:3]
    raw = tmp_path / "raw"
    raw.mkdir()
    _listing(raw / "x.txt", f"{a} {b}")
    assert paperlake_cli("run", "--input", raw, "--warehouse", tmp_path / "runs")[0] == 0
    glued_id = Warehouse(tmp_path / "runs").read("records")["record_id"].to_list()
    _listing(raw / "a.txt", a)
    _listing(raw / "b.txt", b)
    code, output = paperlake_cli("run", "--input", raw, "--warehouse", tmp_path / "runs")
    assert code == 0 and "rejects   1 (glued: 1)" in output, output
    assert paperlake_cli("run", "--input", raw, "--warehouse", tmp_path / "once")[0] == 0
    assert _partition(tmp_path / "runs") == _partition(tmp_path / "once")
    wh = Warehouse(tmp_path / "runs")
    assert wh.read("record_merges").select("retired_id", "surviving_id", "dataset_version").rows() == [(glued_id[0], None, 2)]
    assert glued_id[0] not in wh.read("records")["record_id"].to_list()
    code, text = paperlake_cli("explain", glued_id[0], "--warehouse", tmp_path / "runs")
    assert code == 0 and f"{glued_id[0]} was dissolved in dataset version 2" in text and "x.txt#1: rejected (glued)" in text, text


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    st.lists(st.lists(st.integers(0, 15), max_size=6, unique=True), min_size=1, max_size=14),
    st.lists(st.lists(st.integers(0, 15), max_size=6, unique=True), min_size=1, max_size=5),
    st.integers(1, 4),
    st.integers(1, 3),
)
def test_passage_hashes_many_published_keys_hold_are_left_in_the_index(
    tmp_path_factory: pytest.TempPathFactory, published: list[list[int]], fresh: list[list[int]], cap: int, shared: int
) -> None:
    """``drop_common_passages`` leaves out the hashes more than ``passage_cap`` published keys hold (a template's, held by
    thousands at scale) and names them: the candidates and common hashes are those of every matching row."""
    from paperlake.store import TableChange, now_utc
    from transforms import schema

    params = DedupParams(passage_cap=cap, passage_shared=shared)
    index = pl.DataFrame(
        {"dedup_key": [f"k{i:02d}" for i in range(len(published))], "scheme": params.passage_scheme, "bands": published},
        schema=schema.DEDUP_INDEX,
    )
    warehouse = Warehouse(tmp_path_factory.mktemp("wh"))
    warehouse.publish({"dedup_index": TableChange(index)}, {"created_at": now_utc()})
    new = pl.DataFrame({"dedup_key": [f"n{i}" for i in range(len(fresh))], "passages": fresh}, schema={"dedup_key": pl.String, "passages": pl.List(pl.Int64)})
    values = new["passages"].explode().drop_nulls()
    none = pl.Series("dedup_key", [], pl.String)

    every = warehouse.index_matches({params.passage_scheme: values})[params.passage_scheme]
    rows, common = dedup.drop_common_passages(every, cap)
    every = every.rename({"value": "passage"})
    assert rows.join(common.to_frame(), on="value", how="semi").is_empty()
    expected = dedup.index_candidates(new, none, every, params)
    got = dedup.index_candidates(new, none, rows.rename({"value": "passage"}), params, common)
    assert got[0].to_list() == expected[0].to_list() and got[1].to_list() == expected[1].to_list()


def _seed_abstracts(n: int) -> list[str]:
    return (SEEDS / "000_1447f377cb151c3e.txt").read_text(encoding="utf-8").split("\n\n")[1 : n + 1]


def test_a_listing_rewritten_with_more_papers_replaces_its_earlier_content(paperlake_cli, tmp_path: Path) -> None:
    """A scraper rewrites its listing as it grows: the file's earlier content used to stay beside the new one, every
    earlier block a duplicate of itself (``n_occurrences`` 2, then 3, ... for one listing). Now the new content replaces it:
    the published records keep their ids, each block is there once, and the run ends as one run over the final file."""
    raw, papers = tmp_path / "raw", _seed_abstracts(5)
    raw.mkdir()
    _listing(raw / "icml.txt", *papers[:3], "Home | About | Contact")
    assert paperlake_cli("run", "--input", raw, "--warehouse", tmp_path / "runs")[0] == 0
    wh = Warehouse(tmp_path / "runs")
    ids = dict(wh.read("records").select("text", "record_id").iter_rows())
    _listing(raw / "icml.txt", *papers)
    code, output = paperlake_cli("run", "--input", raw, "--warehouse", tmp_path / "runs")
    assert code == 0 and "1 new (1 replacing a file's earlier content)" in output and "blocks    5 (5 new)" in output, output
    records = wh.read("records")
    assert records.height == 5 and records["n_occurrences"].to_list() == [1] * 5
    assert all(records.filter(pl.col("text") == text)["record_id"].to_list() == [rid] for text, rid in ids.items())
    assert wh.read("sources")["path"].to_list() == ["icml.txt"] and wh.read("occurrences").height == 5  # the junk block went too
    assert paperlake_cli("run", "--input", raw, "--warehouse", tmp_path / "once")[0] == 0
    assert _partition(tmp_path / "runs") == _partition(tmp_path / "once")
    _assert_indexed(wh)
    assert "+1 files (1 replacing)  +2 / -0 records" in paperlake_cli("history", "--warehouse", tmp_path / "runs")[1]


def test_a_paper_dropped_from_a_rewritten_listing_leaves_and_its_id_is_dissolved(paperlake_cli, tmp_path: Path) -> None:
    """A record whose blocks all left with the listing's earlier content names no record any more: its id is retired with
    no survivor in ``record_merges`` (never silently), and ``explain`` says why; its dedup index rows go too. Listed again,
    the paper gets its id back and the retirement goes."""
    raw, papers = tmp_path / "raw", _seed_abstracts(3)
    raw.mkdir()
    _listing(raw / "icml.txt", *papers)
    assert paperlake_cli("run", "--input", raw, "--warehouse", tmp_path / "runs")[0] == 0
    wh = Warehouse(tmp_path / "runs")
    dropped = wh.read("records").filter(pl.col("kept_ordinal") == 1)["record_id"][0]
    _listing(raw / "icml.txt", *papers[1:])
    assert paperlake_cli("run", "--input", raw, "--warehouse", tmp_path / "runs")[0] == 0
    assert dropped not in wh.read("records")["record_id"].to_list() and wh.read("records").height == 2
    assert wh.read("record_merges").select("retired_id", "surviving_id", "dataset_version").rows() == [(dropped, None, 2)]
    code, text = paperlake_cli("explain", dropped, "--warehouse", tmp_path / "runs")
    assert code == 0 and "dissolved in dataset version 2: its blocks left with their files' earlier content" in text, text
    _assert_indexed(wh)
    assert "-1 records" in paperlake_cli("history", "--warehouse", tmp_path / "runs")[1]
    # listed again (a scraper's flaky day): the paper gets its id back, which names a record again
    _listing(raw / "icml.txt", *papers)
    assert paperlake_cli("run", "--input", raw, "--warehouse", tmp_path / "runs")[0] == 0
    assert dropped in wh.read("records")["record_id"].to_list() and wh.read("record_merges").is_empty()
    code, text = paperlake_cli("explain", dropped, "--warehouse", tmp_path / "runs")
    assert code == 0 and f"record {dropped}: 1 occurrences" in text, text
    _assert_indexed(wh)


def test_an_emptied_listing_or_content_another_file_still_holds_replaces_nothing(paperlake_cli, tmp_path: Path) -> None:
    """A failed scrape that leaves an empty file or a bot check in place of the listing takes no blocks away; nor does a
    rewrite whose earlier content another input file still holds (a copy); a file gone from the input keeps its blocks."""
    raw, papers = tmp_path / "raw", _seed_abstracts(4)
    raw.mkdir()
    _listing(raw / "a.txt", *papers[:2])
    _listing(raw / "b.txt", papers[2])
    assert paperlake_cli("run", "--input", raw, "--warehouse", tmp_path / "runs")[0] == 0
    wh = Warehouse(tmp_path / "runs")
    before = wh.read("occurrences").select("path", "ordinal", "record_id").sort("path", "ordinal")
    (raw / "a.txt").write_bytes(b"")
    (raw / "b.txt").unlink()
    code, output = paperlake_cli("run", "--input", raw, "--warehouse", tmp_path / "runs")
    assert code == 0 and "replacing" not in output, output
    assert wh.read("occurrences").select("path", "ordinal", "record_id").sort("path", "ordinal").equals(before)
    _listing(raw / "a.txt", "Checking your browser before accessing icml.cc. Cloudflare Ray ID: 8f2a1b3c4d5e6f70")
    code, output = paperlake_cli("run", "--input", raw, "--warehouse", tmp_path / "runs")
    assert code == 0 and "replacing" not in output and "rejects   1 (boilerplate: 1)" in output, output
    assert wh.read("records").height == 3
    _listing(raw / "a.txt", *papers[:2])
    shutil.copy(raw / "a.txt", raw / "copy.txt")
    assert paperlake_cli("run", "--input", raw, "--warehouse", tmp_path / "runs")[0] == 0
    _listing(raw / "a.txt", papers[3])
    code, output = paperlake_cli("run", "--input", raw, "--warehouse", tmp_path / "runs")
    assert code == 0 and "replacing" not in output, output
    assert wh.read("records").height == 4
