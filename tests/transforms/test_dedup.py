from __future__ import annotations

import csv
import random
import re
import unicodedata
from pathlib import Path

import numpy as np
import polars as pl
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from paperlake import sources
from paperlake.config import Config
from bench.measure import pairs_curve
from transforms import dedup, minhash, normalize, quality, schema, split
from transforms.dedup import (
    DedupParams,
    dedup_key,
    deduplicate,
    folds_that_matched,
    index_backlog,
    key_hash,
    key_signatures,
    reachable,
    shingle_key,
    simplified_han,
    stale_schemes,
    without_accents,
)

CORPUS = Path(__file__).resolve().parent.parent / "fixtures" / "dedup"
EMPTY = schema.empty(schema.OCCURRENCES)


def _blocks(rows: list[tuple[str, int, str]]) -> pl.DataFrame:
    frame = pl.DataFrame(rows, schema=["path", "ordinal", "text"], orient="row").with_columns(
        source_id=pl.col("path"), text_raw=pl.col("text"), reject_reason=pl.lit(None, dtype=pl.String), ordinal=pl.col("ordinal").cast(pl.Int32)
    )
    return frame.with_columns(dedup_key=key_hash(dedup_key(pl.col("text"))))


def _published(occurrences: pl.DataFrame) -> pl.DataFrame:
    return schema.conform(occurrences, schema.OCCURRENCES)


@pytest.fixture(scope="module")
def corpus() -> pl.DataFrame:
    """The labeled fixture corpus read the way a run reads it: files -> blocks -> normalized, classified."""
    read = sources.read_sources(sources.discover(CORPUS / "corpus"), CORPUS / "corpus")
    parsed = split.split_header(read)
    blocks = split.split_blocks(parsed).with_columns(text=normalize.normalize_text(pl.col("text_raw")))
    blocks = blocks.with_columns(dedup_key=key_hash(dedup_key(pl.col("text"))))
    blocks = quality.classify_blocks(blocks, parsed, Config().quality)
    labels = pl.read_csv(CORPUS / "labels.csv").rename({"file": "path"}).with_columns(pl.col("ordinal").cast(pl.Int32))
    return blocks.join(labels, on=["path", "ordinal"], how="left")


def _pair_scores(labelled: pl.DataFrame) -> tuple[float, float, list[tuple[str, str]]]:
    """Pairwise precision and recall of records against clusters, and merged hard negatives."""
    same_record = labelled.join(labelled, on="record_id", suffix="_b").filter(pl.col("path") + pl.col("ordinal").cast(str) < pl.col("path_b") + pl.col("ordinal_b").cast(str))
    same_cluster = labelled.join(labelled, on="cluster", suffix="_b").filter(pl.col("path") + pl.col("ordinal").cast(str) < pl.col("path_b") + pl.col("ordinal_b").cast(str))
    true_pos = same_record.filter(pl.col("cluster") == pl.col("cluster_b")).height
    precision = true_pos / same_record.height
    recall = true_pos / same_cluster.height
    merged = {tuple(sorted(p)) for p in same_record.filter(pl.col("cluster") != pl.col("cluster_b")).select("cluster", "cluster_b").iter_rows()}
    with (CORPUS / "hard_negatives.csv").open(encoding="utf-8") as handle:
        hard = {tuple(sorted((row["cluster_a"], row["cluster_b"]))) for row in csv.DictReader(handle)}
    return precision, recall, sorted(merged & hard)


def test_key_folds_case_punctuation_digits_and_hyphens() -> None:
    frame = pl.DataFrame({"t": ["Multi-task learning, v2: 3 Gains!", "multitask Learning v gains"]})
    keys = frame.select(dedup_key(pl.col("t")))["t"].to_list()
    assert keys[0] == keys[1] == "multitask learning v gains"


_FOLD_CHARACTERS = st.sampled_from(list("aZé中ʰǅß ") + [" ", "  ", "\t", "\n", "\u00a0", "\u3000", ",", ".", "-", "\u2010", "1", "$", "\u0301", "😀"])


@settings(max_examples=300, deadline=None)
@given(st.lists(st.lists(_FOLD_CHARACTERS, max_size=12).map("".join), min_size=1, max_size=20))
def test_key_folds_every_run_of_non_letters_to_one_space(texts: list[str]) -> None:
    frame = pl.DataFrame({"t": texts})
    plain = pl.col("t").str.to_lowercase().str.replace_all(r"(\p{L})[\-‐‑‒–]+(\p{L})", "${1}${2}").str.replace_all(r"[^\p{L}]+", " ").str.strip_chars()
    assert frame.select(dedup_key(pl.col("t")))["t"].to_list() == frame.select(plain)["t"].to_list()


def test_exact_duplicates_share_a_record_and_the_most_complete_is_kept() -> None:
    blocks = _blocks([("b.txt", 1, "Same abstract, here."), ("a.txt", 2, "same abstract here"), ("a.txt", 1, "Another paper.")])
    out = deduplicate(blocks, EMPTY).occurrences
    by_path = {(r["path"], r["ordinal"]): r for r in out.iter_rows(named=True)}
    assert by_path[("b.txt", 1)]["record_id"] == by_path[("a.txt", 2)]["record_id"]
    assert by_path[("b.txt", 1)]["status"] == "kept"
    assert by_path[("a.txt", 2)]["status"] == "duplicate"
    assert by_path[("a.txt", 2)]["similarity"] == 1.0
    assert by_path[("a.txt", 1)]["status"] == "kept"


def test_a_clean_copy_is_kept_over_an_aggregators_copy_that_split_its_hyphenated_words() -> None:
    """``multi task`` is two words of the key where ``multi-task`` is one: the kept rule counts letters, which tie, and
    the clean copy wins on its longer text (its hyphens and commas)."""
    clean = " ".join(SENTENCES).replace("load balancing", "load-balancing").replace("replay based", "replay-based, memory-free")
    mangled = clean.replace("-", " ").replace(",", "")
    out = deduplicate(_blocks([("a.txt", 1, mangled), ("b.txt", 1, clean)]), EMPTY).occurrences
    assert out["record_id"].n_unique() == 1 and out.filter(pl.col("status") == "kept")["path"].to_list() == ["b.txt"]


@pytest.mark.parametrize("site_path", ["a.txt", "c.txt"])
def test_a_clean_copy_is_kept_over_one_whose_words_a_pdf_split_and_one_whose_words_a_scraper_glued(site_path: str) -> None:
    """``net works`` and ``proto col`` tie with ``networks`` and ``protocol`` on letters and were kept, longer by their spaces:
    two words whose concatenation is an English word the other copy holds are a split word, unless that copy glued words
    (then its ``firsttime`` is no evidence). A copy that glued words (``thatimplementation``) loses as before, and a clean copy's ``well-performing`` (``wellperforming`` in its key) is no
    glue against a copy that wrote it ``well performing`` (a hyphen and a space tie: the comma decides)."""
    clean = " ".join(SENTENCES).replace("load balancing", "network protocol for load balancing")
    split = clean.replace("network", "net work").replace("protocol", "proto col")
    out = deduplicate(_blocks([(site_path, 1, split), ("b.txt", 1, clean)]), EMPTY).occurrences
    assert out["record_id"].n_unique() == 1 and out.filter(pl.col("status") == "kept")["path"].to_list() == ["b.txt"]
    glued = clean.replace("that ", "that", 1)
    out = deduplicate(_blocks([(site_path, 1, glued), ("b.txt", 1, clean)]), EMPTY).occurrences
    assert out.filter(pl.col("status") == "kept")["path"].to_list() == ["b.txt"]
    # a copy that glued words (loadbalancing) wrote firsttime for first time too: no evidence that the clean copy split it
    timed = clean.replace("network protocol", "network protocol at first time")
    glued = timed.replace("first time", "firsttime").replace("load balancing", "loadbalancing")
    out = deduplicate(_blocks([(site_path, 1, glued), ("b.txt", 1, timed)]), EMPTY).occurrences
    assert out.filter(pl.col("status") == "kept")["path"].to_list() == ["b.txt"]
    hyphened = clean.replace("load balancing", "well-performing, load balancing")  # its comma decides, as before
    out = deduplicate(_blocks([(site_path, 1, hyphened.replace("-", " ").replace(",", "")), ("b.txt", 1, hyphened)]), EMPTY).occurrences
    assert out.filter(pl.col("status") == "kept")["path"].to_list() == ["b.txt"]


@pytest.mark.parametrize("site_path", ["a.txt", "c.txt"])
def test_a_clean_copy_is_kept_over_a_lower_cased_one_and_one_that_spelled_its_dashes_out(site_path: str) -> None:
    """A site's lower-cased copy with a full stop added has the clean one's key and a longer text: it was kept (481
    records of the 100k bench corpus); each sentence it starts in lower case is damage. A dash spelled ``--`` counts no
    longer than ``—``."""
    clean = " ".join(SENTENCES).replace("load balancing", "load balancing\u2014and routing\u2014")
    lowered = clean.lower() + "."
    out = deduplicate(_blocks([(site_path, 1, lowered), ("b.txt", 1, clean)]), EMPTY).occurrences
    assert out["record_id"].n_unique() == 1 and out.filter(pl.col("status") == "kept")["path"].to_list() == ["b.txt"]
    spelled = clean.replace("\u2014", " -- ").replace("  ", " ")
    out = deduplicate(_blocks([(site_path, 1, spelled), ("b.txt", 1, clean)]), EMPTY).occurrences
    assert out.filter(pl.col("status") == "kept")["path"].to_list() == [min(site_path, "b.txt")]  # a tie: the path decides


@pytest.mark.parametrize("site_path", ["a.txt", "c.txt"])
@pytest.mark.parametrize("case", ["upper", "title"])
def test_a_clean_copy_is_kept_over_one_in_capitals_or_title_case(site_path: str, case: str) -> None:
    """A copy in capitals or with every word capitalized has the clean one's key and text length: the path decided."""
    clean = "MoE models in the LLM era. " + " ".join(SENTENCES)
    miscased = clean.upper() if case == "upper" else clean.title()
    out = deduplicate(_blocks([(site_path, 1, miscased), ("b.txt", 1, clean)]), EMPTY).occurrences
    assert out["record_id"].n_unique() == 1 and out.filter(pl.col("status") == "kept")["path"].to_list() == ["b.txt"]
    chinese = "本文提出了一种基于GPT和CLIP的多模态方法，在ImageNet和COCO上取得了很好的效果。"  # acronyms in text of no case
    assert pl.select(dedup.text_damage(pl.lit(clean))).item() == 0 and pl.select(dedup.text_damage(pl.lit(chinese))).item() == 0


@pytest.mark.parametrize("marked_path", ["a.txt", "c.txt"])
def test_a_clean_copy_is_kept_over_one_with_reference_marks_and_an_interval_both_write_costs_neither(marked_path: str) -> None:
    """A copy from a PDF page with its reference marks (``… buffer [12, 15].``) has the clean one's key and a longer text:
    it was kept. Each mark is damage; an interval both copies write (``[0, 1]``) costs both alike."""
    clean = " ".join(SENTENCES).replace("penalty that", "penalty in [0, 1] that")
    marked = clean.replace("baselines", "baselines [12, 15]").replace("smoothness assumptions", "smoothness assumptions [3]")
    out = deduplicate(_blocks([(marked_path, 1, marked), ("b.txt", 1, clean)]), EMPTY).occurrences
    assert out["record_id"].n_unique() == 1 and out.filter(pl.col("status") == "kept")["path"].to_list() == ["b.txt"]


@pytest.mark.parametrize("marked_path", ["a.txt", "c.txt"])
def test_a_clean_copy_is_kept_over_one_with_footnote_digits_and_a_name_both_write_costs_neither(marked_path: str) -> None:
    """A PDF copy's footnote marks left as digits after a word (``… smoothness assumptions1.``) fold away in the key: it
    was kept by its longer text. Each mark is damage; a model name both copies write (``Llama2``) costs both alike."""
    clean = " ".join(SENTENCES).replace("penalty that", "penalty of Llama2 that")
    marked = clean.replace("based baselines", "based baselines2").replace("mild assumptions", "mild assumptions1,3")
    assert marked != clean
    out = deduplicate(_blocks([(marked_path, 1, marked), ("b.txt", 1, clean)]), EMPTY).occurrences
    assert out["record_id"].n_unique() == 1 and out.filter(pl.col("status") == "kept")["path"].to_list() == ["b.txt"]


@pytest.mark.parametrize("numbered_path", ["a.txt", "c.txt"])
def test_a_clean_copy_is_kept_over_one_with_a_number_in_front(numbered_path: str) -> None:
    """A list or id number a scrape left in front of the abstract (``12 We propose …``) folds away in the key: that copy was
    kept by its longer text. It is damage; a number that opens a sentence (``3D point clouds``) is none."""
    clean = " ".join(SENTENCES)
    out = deduplicate(_blocks([(numbered_path, 1, "12 " + clean), ("b.txt", 1, clean)]), EMPTY).occurrences
    assert out["record_id"].n_unique() == 1 and out.filter(pl.col("status") == "kept")["path"].to_list() == ["b.txt"]
    assert pl.select(dedup.text_damage(pl.lit("3D point clouds are sparse."))).item() == 0


@pytest.mark.parametrize("wrapped_path", ["a.txt", "c.txt"])
def test_a_clean_copy_is_kept_over_a_pdf_copy_whose_line_break_left_a_hyphen_before_a_capital(wrapped_path: str) -> None:
    """A PDF copy hard-wrapped at ``Plan-`` / ``Bench`` keeps the hyphen (``Kullback-Leibler`` needs it), so its text
    (``Plan-Bench``) was kept over the clean one (``PlanBench``) by its longer text; such a line break is damage."""
    clean = "On GSM8K, MATH and PlanBench, our planner improves accuracy. " + " ".join(SENTENCES)
    wrapped_raw = clean.replace("Plan", "Plan-\n", 1).replace("accuracy. ", "accuracy.\n", 1)
    blocks = pl.DataFrame({"path": [wrapped_path, "b.txt"], "ordinal": [1, 1], "text_raw": [wrapped_raw, clean]}).with_columns(
        source_id=pl.col("path"), text=normalize.normalize_text(pl.col("text_raw")), reject_reason=pl.lit(None, pl.String), ordinal=pl.col("ordinal").cast(pl.Int32)
    )
    assert "Plan-Bench" in blocks["text"][0]
    out = deduplicate(blocks.with_columns(dedup_key=key_hash(dedup_key(pl.col("text")))), EMPTY).occurrences
    assert out["status"].sort().to_list() == ["duplicate", "kept"]
    assert out.filter(pl.col("status") == "kept")["path"].to_list() == ["b.txt"]


def test_line_end_hyphens_before_a_capital_are_damage_only_in_the_raw_block() -> None:
    frame = pl.DataFrame({"text": ["A Plan-Bench b."] * 5, "text_raw": ["A Plan-\nBench b.", "A Plan- \r\n Bench b.", "A pre-\ntrained b.", "A GPT-\n4 b.", None]})
    assert frame.select(dedup.text_damage(pl.col("text"), pl.col("text_raw"))).to_series().to_list() == [1, 1, 0, 0, 0]
    assert frame.select(dedup.text_damage(pl.col("text"))).to_series().to_list() == [0] * 5


@pytest.mark.parametrize("typo_path", ["a.txt", "c.txt"])
def test_a_clean_copy_is_kept_over_one_with_letters_swapped(typo_path: str) -> None:
    """Two swapped letters (``verificatoin``) change no count: the copies tie on letters and text length, and the one with
    fewer words that are no English word is kept, wherever the files sort."""
    clean = " ".join(SENTENCES)
    words = clean.split(" ")
    swapped = " ".join(w[:2] + w[3] + w[2] + w[4:] if i in (5, 17) and len(w) > 5 else w for i, w in enumerate(words))
    assert swapped != clean and len(swapped) == len(clean)
    out = deduplicate(_blocks([(typo_path, 1, swapped), ("b.txt", 1, clean)]), EMPTY).occurrences
    assert out["record_id"].n_unique() == 1 and out.filter(pl.col("status") == "kept")["path"].to_list() == ["b.txt"]


@pytest.mark.parametrize("typo_path", ["a.txt", "c.txt"])
def test_a_clean_copy_is_kept_over_one_with_typos_that_add_letters(typo_path: str) -> None:
    """A letter added to an English word (``balancingg``, ``penaltey``; ``penalty`` is in the copy elsewhere too) makes a
    copy longer by its letters: it was kept. Each such word is a typo the copy pays for, as for a damaged character."""
    clean = " ".join(SENTENCES)
    typos = clean.replace("balancing", "balancingg", 1).replace("penalty", "penaltey", 1)
    assert typos != clean and len(typos) == len(clean) + 2
    out = deduplicate(_blocks([(typo_path, 1, typos), ("b.txt", 1, clean)]), EMPTY).occurrences
    assert out["record_id"].n_unique() == 1 and out.filter(pl.col("status") == "kept")["path"].to_list() == ["b.txt"]
    # an aggregator's copy without hyphens and commas writes a letter apart (``Q-values``, ``ImageNet-C``): the clean copy
    # holds no typo, ties on letters and wins on its longer text
    hyphens = clean.replace("penalty that", "penalty on Q-values, that", 1).replace("replay based baselines", "replay based, ImageNet-C baselines", 1)
    split = hyphens.replace("-", " ").replace(",", "")
    out = deduplicate(_blocks([(typo_path, 1, split), ("b.txt", 1, hyphens)]), EMPTY).occurrences
    assert out["record_id"].n_unique() == 1 and out.filter(pl.col("status") == "kept")["path"].to_list() == ["b.txt"]


def test_a_clean_copy_is_kept_over_a_damaged_one_that_counts_more_words() -> None:
    clean = (
        "We study na\u00efve Bayes classifiers for caf\u00e9 reviews and show that they beat transformers on small data sets. "
        "Our analysis explains when a generative model with few parameters generalizes better than a large discriminative one, "
        "and we release a benchmark of forty thousand labeled reviews from twelve cities with a leaderboard for future work."
    )
    damaged = clean.replace("\u00ef", "\ufffd").replace("\u00e9", "\ufffd")  # "na ve", "caf ": one more word, as keys count them
    first = "We study naive Bayes classifiers. " + clean  # a longer version outranks a clean copy despite one damaged character
    out = deduplicate(_blocks([("a.txt", 1, damaged), ("b.txt", 1, clean)]), EMPTY).occurrences
    assert out.filter(pl.col("status") == "kept")["path"].to_list() == ["b.txt"]
    assert out["record_id"].n_unique() == 1
    longer = deduplicate(_blocks([("a.txt", 1, first.replace("\u00e9", "\ufffd")), ("b.txt", 1, clean)]), EMPTY).occurrences
    assert longer.filter(pl.col("status") == "kept")["path"].to_list() == ["a.txt"]


def test_a_clean_copy_is_kept_over_copies_under_page_heads_no_rule_strips() -> None:
    """Most copies start where the abstract starts (the record's opening); the letters a copy holds before it are a site's
    page head (title, authors, counts), which the kept rule does not count: without that, the longest head would be kept."""
    clean = " ".join(SENTENCES[:6])
    heads = ["Paperverse preprint 2411 | Jane Doe, John Roe | 3 versions ", "Open archive record - Doe, Jane; Roe, John - show affiliations "]
    rows = [("a.txt", 1, clean), ("b.txt", 1, clean), ("c.txt", 1, heads[0] + clean), ("d.txt", 1, heads[1] + clean)]
    out = deduplicate(_blocks(rows), EMPTY).occurrences
    assert out["record_id"].n_unique() == 1 and out.filter(pl.col("status") == "kept")["path"].to_list() == ["a.txt"]
    # one clean block is no opening (each copy starts its own way): the most letters are kept, as before
    alone = deduplicate(_blocks(rows[1:]), EMPTY).occurrences
    assert alone.filter(pl.col("status") == "kept")["path"].to_list() == ["d.txt"]


def test_a_first_sentence_the_other_copies_lost_is_no_page_head() -> None:
    """Three copies without the first sentence open the record after it; the full version's words before that opening end
    in a sentence's end, so they count, and the full version is kept."""
    full, cut = " ".join(SENTENCES[:6]), " ".join(SENTENCES[1:6])
    rows = [("a.txt", 1, cut), ("b.txt", 1, cut), ("c.txt", 1, cut.replace("router", "Router")), ("z.txt", 1, full)]
    out = deduplicate(_blocks(rows), EMPTY).occurrences
    assert out["record_id"].n_unique() == 1 and out.filter(pl.col("status") == "kept")["path"].to_list() == ["z.txt"]
    headed = deduplicate(_blocks([*rows[:3], ("z.txt", 1, full.replace("models. ", "models "))]), EMPTY).occurrences
    assert headed.filter(pl.col("status") == "kept")["path"].to_list() == ["a.txt"]  # no sentence's end: a head
    # a head's fields and names that end in full stops are no sentences of prose (two lower-case words at least)
    for head in ("Volume 113, Issue 4. Pages 1-20. ", "Received 12 March 2024. ", "Jane Doe, John Roe. KAIST. ", "Sorting Without Comparisons for Private Inference. "):
        fields = deduplicate(_blocks([*rows[:3], ("z.txt", 1, head + cut)]), EMPTY).occurrences
        assert fields.filter(pl.col("status") == "kept")["path"].to_list() == ["a.txt"], head


def test_a_clean_copy_is_kept_over_copies_with_page_tails_no_rule_strips() -> None:
    """Most copies end where the abstract ends (the record's ending); the words a copy holds after the sentence's end there,
    ending no sentence, are a site's fields and counts, which the kept rule does not count: without that, the longest tail
    would be kept. A last sentence the other copies lack counts, and so does the rest of a sentence a cut ending stops in."""
    clean = " ".join(SENTENCES[:6])
    tails = [" Altmetric Score 42 Mendeley readers 17", " Rights: CC BY 4.0 Type: Conference paper"]
    rows = [("a.txt", 1, clean), ("b.txt", 1, clean), ("c.txt", 1, clean + tails[0]), ("d.txt", 1, clean + tails[1])]
    out = deduplicate(_blocks(rows), EMPTY).occurrences
    assert out["record_id"].n_unique() == 1 and out.filter(pl.col("status") == "kept")["path"].to_list() == ["a.txt"]
    # one clean block is no ending: the most letters are kept, as before
    alone = deduplicate(_blocks(rows[1:]), EMPTY).occurrences
    assert alone.filter(pl.col("status") == "kept")["path"].to_list() == ["d.txt"]
    sentence = deduplicate(_blocks([*rows[:2], ("z.txt", 1, clean + " We release the code.")]), EMPTY).occurrences
    assert sentence.filter(pl.col("status") == "kept")["path"].to_list() == ["z.txt"]
    cut = clean.removesuffix(".")  # the copies end in no sentence's end: the words after their ending finish it
    finished = deduplicate(_blocks([("a.txt", 1, cut), ("b.txt", 1, cut), ("z.txt", 1, cut + " at scale" + tails[0])]), EMPTY).occurrences
    assert finished.filter(pl.col("status") == "kept")["path"].to_list() == ["z.txt"]


def _variants(n: int, seed: int) -> list[tuple[str, int, str]]:
    """``n`` blocks, each the same abstract with two of its words replaced."""
    words, vocabulary, rng = " ".join(SENTENCES[:4]).split(), ["alpha", "beta", "gamma", "delta", "kappa", "sigma", "omega", "theta"], random.Random(seed)
    variants: set[str] = set()
    while len(variants) < n:
        text = list(words)
        for _ in range(2):
            text[rng.randrange(len(text))] = rng.choice(vocabulary)
        variants.add(" ".join(text))
    return [(f"f{i // 100:03d}.txt", i % 100 + 1, text) for i, text in enumerate(sorted(variants))]


def test_a_thousand_variants_of_one_abstract_are_one_record_through_edges_that_grow_linearly() -> None:
    """Every variant shares most band keys with every other: all pairs would be candidates and edges (quadratic: 4x for
    twice the variants); a key pairs with the next ``minhash.BAND_WINDOW`` keys of a bucket only, which still links them."""
    edges = []
    for n in (500, 1000):
        result = deduplicate(_blocks(_variants(n, seed=7)), EMPTY)
        assert result.occurrences["record_id"].n_unique() == 1 and result.occurrences.height == n
        edges.append(result.matches.edges.height)
    assert edges[1] < 2.5 * edges[0] and edges[1] < 0.3 * 1000 * 999 / 2, edges


FRENCH = (
    "Nous proposons une nouvelle méthode d'apprentissage de représentations pour les graphes hétérogènes, fondée sur des "
    "marches aléatoires pondérées et une régularisation spectrale. Les expériences menées sur douze jeux de données réels "
    "montrent que la méthode améliore la précision de 3,1 points en moyenne par rapport aux méthodes de référence les plus "
    "performantes, tout en réduisant le coût de calcul. Nous étudions également la robustesse du modèle face au bruit et "
    "publions le code source."
)


VIETNAMESE = (
    "Chúng tôi đề xuất một phương pháp học biểu diễn mới cho đồ thị không đồng nhất, dựa trên các bước đi ngẫu nhiên có "
    "trọng số và chính quy hóa phổ. Các thí nghiệm trên mười hai bộ dữ liệu thực tế cho thấy phương pháp cải thiện độ "
    "chính xác trung bình 3,1 điểm so với các phương pháp tham chiếu tốt nhất, đồng thời giảm chi phí tính toán. Chúng "
    "tôi cũng nghiên cứu độ bền vững của mô hình trước nhiễu và công bố mã nguồn."
)
_ASCII_LETTERS = {"đ": "d", "Đ": "D", "ø": "o", "ł": "l", "ı": "i", "ß": "ss", "æ": "ae", "œ": "oe"}


def _stripped(text: str) -> str:
    """The text as an ASCII-folding aggregator writes it (``méthode`` -> ``methode``, ``đề`` -> ``de``)."""
    bare = "".join(c for c in unicodedata.normalize("NFD", text) if not unicodedata.combining(c))
    return "".join(_ASCII_LETTERS.get(c, c) for c in unicodedata.normalize("NFC", bare))


@pytest.mark.parametrize("stripped_path", ["a.txt", "c.txt"])
@pytest.mark.parametrize("text", [FRENCH, VIETNAMESE], ids=["french", "vietnamese"])
def test_a_copy_an_aggregator_stripped_of_its_accents_joins_the_original(text: str, stripped_path: str) -> None:
    """As written, the French pair shares 15% of its shingles (every fourth word is accented) and the Vietnamese pair none
    (nearly every word is), so neither was a candidate pair through its band keys; shingles are taken without accents.
    The original is kept, whatever the paths (the two tied, and the stripped copy was kept when its path came first)."""
    out = deduplicate(_blocks([("b.txt", 1, text), (stripped_path, 1, _stripped(text))]), EMPTY).occurrences
    assert out["record_id"].n_unique() == 1
    assert sorted(out.select("path", "status", "similarity").rows()) == sorted([("b.txt", "kept", 1.0), (stripped_path, "near_duplicate", 1.0)])


def test_text_length_counts_a_letter_with_an_accent_twice() -> None:
    lengths = pl.DataFrame({"t": ["Fréchet, Łódź, Việt", "Frechet, Lodz, Viet", "64×64 — ok", None]}).select(dedup.text_length(pl.col("t")))
    assert lengths.to_series().to_list() == [19 + 5, 19, 7 + 1, None]


TYPESET = (
    "Vision transformers are expensive at high resolution. We present TokenFold, which merges redundant patch tokens at every "
    "layer using a bipartite matching on key similarity, without retraining. On 64×64 crops with k ≤ 8 merges per layer, "
    "TokenFold halves the FLOPs of ViT-L on ImageNet at a 0.3 point accuracy cost … and speeds up dense prediction by 1.7×."
)


@pytest.mark.parametrize("ascii_path", ["a.txt", "c.txt"])
def test_the_typeset_copy_is_kept_over_the_one_that_spells_its_signs_in_ascii(ascii_path: str) -> None:
    """``1.7x`` has a letter more than ``1.7×`` and ``<=`` a character more than ``≤``: the ASCII copy was kept."""
    spelled = TYPESET.replace("×", "x").replace("≤", "<=").replace("…", "...")
    out = deduplicate(_blocks([("b.txt", 1, TYPESET), (ascii_path, 1, spelled)]), EMPTY).occurrences
    assert out["record_id"].n_unique() == 1
    assert out.filter(pl.col("status") == "kept")["path"].to_list() == ["b.txt"]


def test_text_length_counts_a_typeset_sign_as_its_ascii_spelling_and_one() -> None:
    lengths = pl.DataFrame({"t": ["1.7× ≤ 2 …", "1.7x <= 2 ...", "1.7×"]}).select(dedup.text_length(pl.col("t")))
    assert lengths.to_series().to_list() == [10 + 1 + 2 + 3, 13, 5]


LIGATURE_DENSE = (
    "We find that efficient fine-tuning of large models is difficult: the official benchmarks offer insufficient signal, "
    "and fitting a different classifier for each field is inefficient. We define a unified framework that identifies "
    "the specific features of each field and fixes the flaws of prior work. Our findings show significant benefits "
    "across five fields, with fewer floating point operations and a flexible workflow that offers effective, affordable "
    "fine-grained control over the trade-off between fidelity and efficiency."
)


def test_a_pdf_copy_whose_extractor_dropped_the_f_ligatures_joins_the_original() -> None:
    """A PDF text extractor may drop the glyphs ﬀ ﬁ ﬂ ﬃ ﬄ or write a space for them: the copies shared 4/5 of their
    shingles with the original and were a record of their own; shingle keys leave the letters of f-ligatures out."""
    dropped, spaced = (re.sub("ff[il]?|f[il]", gap, LIGATURE_DENSE) for gap in ("", " "))
    out = deduplicate(_blocks([("a.txt", 1, LIGATURE_DENSE), ("b.txt", 1, dropped), ("c.txt", 1, spaced)]), EMPTY).occurrences
    assert out["record_id"].n_unique() == 1
    assert out.select("path", "status").rows() == [("a.txt", "kept"), ("b.txt", "near_duplicate"), ("c.txt", "near_duplicate")]



AMERICAN = (
    "We study how to optimize large language models for long-context reasoning. Our analysis shows that the behavior of "
    "attention heads changes with context length, and that modeling this drift improves generalization. We propose a simple "
    "regularizer that stabilizes attention, analyze its favorable behavior on labeled data, and report gains on six benchmarks."
)
BRITISH = (
    "We study how to optimise large language models for long-context reasoning. Our analysis shows that the behaviour of "
    "attention heads changes with context length, and that modelling this drift improves generalisation. We propose a simple "
    "regulariser that stabilises attention, analyse its favourable behaviour on labelled data, and report gains on six benchmarks."
)


def test_a_copy_in_british_spelling_joins_the_american_one() -> None:
    """A journal's house style ("optimise", "behaviour", "modelling", "analyse") changed every shingle that spans such a
    word: this copy shared 0.38 of its shingles with the arXiv one and was a record of its own."""
    out = deduplicate(_blocks([("a.txt", 1, AMERICAN), ("b.txt", 1, BRITISH)]), EMPTY).occurrences
    assert out["record_id"].n_unique() == 1
    assert folds_that_matched(AMERICAN, BRITISH)[0] == ["British spellings"]


def test_the_kept_rule_counts_the_letters_of_f_ligatures_that_shingles_leave_out() -> None:
    """Shingles leave the letters of f-ligatures out; the kept rule counts the words as written: ``official`` has more
    letters than ``release`` (``ocial`` fewer)."""
    official, release = (LIGATURE_DENSE + f" The code is {word}." for word in ("official", "release"))
    out = deduplicate(_blocks([("a.txt", 1, release), ("b.txt", 1, official)]), EMPTY).occurrences
    assert out.select("path", "status").rows() == [("a.txt", "near_duplicate"), ("b.txt", "kept")]

SIMPLIFIED = (
    "本文提出了一种基于扩散模型的三维场景生成方法，能够从单张图像出发生成几何一致、纹理逼真的完整场景。我们设计了一个多视角一致性"
    "约束模块，并在三个公开数据集上进行了实验，结果表明该方法在生成质量和几何一致性方面均优于现有方法。代码已开源。"
)
TRADITIONAL = (  # OpenCC s2t of SIMPLIFIED: a Taiwan or Hong Kong site's copy
    "本文提出了一種基於擴散模型的三維場景生成方法，能夠從單張圖像出發生成幾何一致、紋理逼真的完整場景。我們設計了一個多視角一致性"
    "約束模塊，並在三個公開數據集上進行了實驗，結果表明該方法在生成質量和幾何一致性方面均優於現有方法。代碼已開源。"
)


def test_a_copy_in_traditional_chinese_joins_the_simplified_original() -> None:
    """Written apart, the two share about a third of their characters' shingles: two records. Shingles are taken with
    traditional characters simplified, so the copy is a near duplicate at similarity 1.0 (its key, ``k1``, stays its own)."""
    out = deduplicate(_blocks([("a.txt", 1, SIMPLIFIED), ("b.txt", 1, TRADITIONAL)]), EMPTY).occurrences
    assert out["record_id"].n_unique() == 1
    assert out.select("path", "status", "similarity").rows() == [("a.txt", "kept", 1.0), ("b.txt", "near_duplicate", 1.0)]
    assert simplified_han(pl.Series([TRADITIONAL, "著名的方法 naïve", None])).to_list() == [SIMPLIFIED, "着名的方法 naïve", None]


def test_folds_that_matched_name_the_folds_that_brought_a_pair_together() -> None:
    assert folds_that_matched(FRENCH, _stripped(FRENCH))[0] == ["accents"]
    assert folds_that_matched(TRADITIONAL, SIMPLIFIED)[0] == ["traditional characters"]
    assert folds_that_matched(LIGATURE_DENSE, re.sub("ff[il]?|f[il]", "", LIGATURE_DENSE))[0] == ["f-ligature letters"]
    folds, as_written = folds_that_matched(FRENCH, FRENCH + " Nous publions le code.")  # the same accents in both: no fold helped
    assert folds == [] and 0.8 < as_written < 1.0


@given(st.lists(st.text(alphabet="aeéèëcçnñoöuüß 논문đ́ักиёøłıæœệǖÅ\uf900ά", max_size=20), max_size=8))
def test_without_accents_drops_latin_greek_and_cyrillic_accents_only(texts: list[str]) -> None:
    keys = pl.Series(texts, dtype=pl.String)
    plain = without_accents(keys)
    assert without_accents(plain).to_list() == plain.to_list()
    for text, out in zip(texts, plain.to_list(), strict=True):
        assert not any(0x300 <= ord(c) <= 0x36F for c in unicodedata.normalize("NFD", out))
        kept = "".join(c for c in unicodedata.normalize("NFD", text) if not 0x300 <= ord(c) <= 0x36F)  # Hangul and Thai as they were
        assert unicodedata.normalize("NFD", out) == unicodedata.normalize("NFD", "".join(_ASCII_LETTERS.get(c, c) for c in unicodedata.normalize("NFC", kept)))


@given(st.lists(st.text(alphabet="Ab c-\t.1é 論文논문ก\u200cßfil", max_size=30) | st.text(max_size=30), max_size=8))
def test_shingle_keys_fold_only_the_keys_beyond_ascii_and_read_as_every_step_applied_to_all(texts: list[str]) -> None:
    keys = pl.DataFrame({"text": texts}, schema={"text": pl.String}).select(dedup_key(pl.col("text"))).to_series()
    every_step = simplified_han(without_accents(keys)).to_frame("k").select(minhash.word_split_scripts(pl.col("k"))).to_series()
    assert pl.DataFrame({"text": texts}, schema={"text": pl.String}).select(shingle_key(pl.col("text"))).to_series().to_list() == every_step.to_list()


@given(st.lists(st.none() | st.text(alphabet="aB. !?\n\tÃ©â€™\ufffdé1[2]", max_size=30) | st.text(alphabet="AaBbCc .", max_size=90) | st.text(max_size=30), max_size=8))
def test_text_damage_counts_what_one_regex_per_criterion_over_every_text_counts(texts: list[str | None]) -> None:
    """``text_damage`` looks for damage in texts beyond ASCII only, counts lower-case starts in two parts and counts the
    letters of a miscased text only where its start may be: the same counts."""
    text = pl.col("t")
    head = text.str.slice(0, dedup.CASE_SAMPLE)
    upper, lower, letters = (text.str.count_matches(p) for p in (r"\p{Lu}", r"\p{Ll}", r"\p{L}"))
    miscased = (
        ((~head.str.contains(r"\p{Ll}") & head.str.contains(r"\p{Lu}\p{Lu}")) | head.str.contains(r"\A[^\p{L}]*(?:\p{Lu}\p{Ll}*[^\p{L}]+){5}"))
        & (2 * (upper + lower) >= letters)
        & ((upper > lower) | (text.str.count_matches(r"\p{Lu}\p{L}{3,}") >= dedup.TITLE_CASE_SHARE * text.str.count_matches(r"\p{L}{4,}")))
    )
    every_text = (
        text.str.count_matches(dedup.DAMAGE) + text.str.count_matches(r"(?:^|[.!?]\s+)\p{Ll}")
        + text.str.count_matches(dedup.CITATION_MARK) + text.str.count_matches(dedup.FOOTNOTE_DIGIT)
        + text.str.count_matches(dedup.LEADING_NUMBER)
        + miscased.cast(pl.UInt32) * text.str.count_matches(r"[.!?](?:\s|$)").clip(lower_bound=1)
    ).cast(pl.UInt32)
    frame = pl.DataFrame({"t": texts}, schema={"t": pl.String})
    assert frame.select(dedup.text_damage(text)).to_series().to_list() == frame.select(every_text).to_series().to_list()


def test_known_keys_keep_their_record_id() -> None:
    first = deduplicate(_blocks([("a.txt", 1, "An abstract.")]), EMPTY).occurrences
    second = deduplicate(_blocks([("z.txt", 1, "an abstract")]), _published(first)).occurrences
    assert second["record_id"].n_unique() == 1
    assert sorted(second["status"].to_list()) == ["duplicate", "kept"]


def test_fixture_corpus_precision_recall_and_hard_negatives(corpus: pl.DataFrame) -> None:
    out = deduplicate(corpus, EMPTY).occurrences.join(corpus.select("path", "ordinal", "cluster"), on=["path", "ordinal"])
    precision, recall, merged_hard_negatives = _pair_scores(out)
    assert precision >= 0.995, precision
    assert recall >= 0.97, recall
    assert merged_hard_negatives == []
    near = out.filter(pl.col("status") == "near_duplicate")
    assert near["similarity"].is_between(0.0, 1.0, closed="left").all()


def test_kept_text_does_not_depend_on_arrival_order(corpus: pl.DataFrame) -> None:
    forward = deduplicate(corpus, EMPTY).occurrences.filter(pl.col("status") == "kept")
    backward = deduplicate(corpus.reverse(), EMPTY).occurrences.filter(pl.col("status") == "kept")
    assert forward.select("path", "ordinal", "record_id").sort("path", "ordinal").equals(backward.select("path", "ordinal", "record_id").sort("path", "ordinal"))


def _partition(occurrences: pl.DataFrame) -> set[frozenset[tuple[str, int]]]:
    groups = occurrences.filter(pl.col("record_id").is_not_null()).group_by("record_id").agg(pl.struct("path", "ordinal"))
    return {frozenset((b["path"], b["ordinal"]) for b in members) for members in groups["path"].to_list()}


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.booleans(), min_size=9, max_size=9), st.booleans())
def test_runs_over_a_then_b_partition_like_one_run(corpus: pl.DataFrame, in_a: list[bool], reverse: bool) -> None:
    files = sorted(corpus["path"].unique().to_list())
    a_files = [f for f, chosen in zip(files, in_a) if chosen]
    a = corpus.filter(pl.col("path").is_in(a_files))
    b = corpus.filter(~pl.col("path").is_in(a_files))
    if reverse:
        a, b = b, a
    first = deduplicate(a, EMPTY).occurrences
    result = deduplicate(b, _published(first))
    second = result.occurrences
    once = deduplicate(corpus, EMPTY).occurrences
    assert _partition(second) == _partition(once)
    published_ids = set(first["record_id"].drop_nulls().to_list())
    survived = set(second["record_id"].drop_nulls().to_list())
    merges = result.matches.merges
    assert published_ids - set(merges["retired_id"].to_list()) <= survived, "a published record id disappeared without a merge"
    assert set(merges["surviving_id"].drop_nulls().to_list()) <= survived
    dissolved = merges.filter(pl.col("surviving_id").is_null())["retired_id"].to_list()
    assert not set(dissolved) & survived and second.filter(pl.col("record_id").is_in(dissolved)).is_empty()


SENTENCES = [
    "We introduce a sparse mixture of adapters for continual instruction tuning of language models.",
    "The router is trained with a load balancing penalty that keeps every adapter busy.",
    "On eight benchmarks the method forgets less than replay based baselines.",
    "Ablations show that the penalty matters more than the number of adapters.",
    "A theoretical analysis bounds the interference between tasks under mild assumptions.",
    "We further study how adapter capacity trades off against routing entropy.",
    "Experiments on vision transformers confirm the trend beyond language tasks.",
    "The approach adds under two percent of parameters per task and no inference latency.",
    "Finally we release a benchmark of forty streaming tasks with held out evaluation splits.",
]


_LONG_WORDS = sorted(set(re.findall(r"[A-Za-z]{4,}", " ".join(SENTENCES))))


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.tuples(st.sampled_from(_LONG_WORDS), st.integers(0, 20), st.sampled_from("aqxzj")), min_size=1, max_size=3, unique_by=lambda t: t[0]),
    st.sampled_from(["a.txt", "c.txt"]),
)
def test_typos_that_add_a_letter_to_english_words_never_win_a_copy_the_record(typos: list[tuple[str, int, str]], typo_path: str) -> None:
    """Whatever letter is added where (``a`` at a word's start, as in ``a asparse``, too), and in up to three words."""
    from wordfreq import word_frequency

    clean = " ".join(SENTENCES)
    text = clean
    for word, at, letter in typos:
        at = min(at, len(word))
        typo = word[:at] + letter + word[at:]
        assume(word_frequency(typo.lower(), "en", wordlist="large") == 0)
        text = re.sub(rf"\b{word}\b", typo, text, count=1)
    assert text != clean
    out = deduplicate(_blocks([(typo_path, 1, text), ("b.txt", 1, clean)]), EMPTY).occurrences
    assert out["record_id"].n_unique() == 1 and out.filter(pl.col("status") == "kept")["path"].to_list() == ["b.txt"]


def test_a_block_that_bridges_two_records_merges_them_and_says_so() -> None:
    x = " ".join(SENTENCES[0:6])
    z = " ".join(SENTENCES[3:9])
    y = " ".join(SENTENCES[1:8])
    first = deduplicate(_blocks([("a.txt", 1, x), ("a.txt", 2, z)]), EMPTY)
    ids = first.occurrences["record_id"].to_list()
    assert len(set(ids)) == 2
    second = deduplicate(_blocks([("b.txt", 1, y)]), _published(first.occurrences))
    assert second.occurrences["record_id"].n_unique() == 1
    merges = second.matches.merges
    assert merges.height == 1
    assert merges["surviving_id"][0] == min(ids) and merges["retired_id"][0] == max(ids)
    assert second.occurrences["record_id"][0] == min(ids)
    assert second.matches.edges.height == 2


OPENING = (
    "Large language models have shown remarkable capabilities in code generation, yet they still struggle with long-horizon reasoning over repositories."
)
REPO_PILOT = OPENING + (
    " We introduce RepoPilot, a retrieval-augmented agent that plans edits across files using a learned dependency graph. It decomposes an issue"
    " into sub-goals, retrieves the relevant functions and verifies each patch with generated unit tests, resolving 31.4% of SWE-bench Lite."
)
TEST_SMITH = OPENING + (
    " We present TestSmith, a system that writes regression tests for legacy code by mining execution traces and asking the model to explain"
    " observed behavior. TestSmith raises branch coverage from 41% to 67% on Defects4J and finds 23 previously unknown bugs in Java projects."
)


def test_a_short_fragment_two_papers_share_does_not_merge_them() -> None:
    """A listing's truncated copy holding little more than an opening two papers share is contained in both (0.95 and 1.0): under
    ``containment_min_shingles`` it is only borderline, so it joins the paper whose method name it shows, and otherwise none."""
    def records(*fragments: str) -> list[str]:
        rows = [("a.txt", 1, REPO_PILOT), ("a.txt", 2, TEST_SMITH)] + [("b.txt", i, text) for i, text in enumerate(fragments, start=1)]
        return deduplicate(_blocks(rows), EMPTY).occurrences.sort("path", "ordinal")["record_id"].to_list()

    assert len(set(records(OPENING + " We introduce..."))) == 3
    repo, tests, named, longer = records(OPENING + " We introduce RepoPilot, a retrieval...", REPO_PILOT[:300].rsplit(" ", 1)[0] + "...")
    assert repo != tests and named == longer == repo


def test_a_long_fragment_two_papers_contain_is_ambiguous_in_any_run_order() -> None:
    """A truncated copy holding the two sentences two papers share is contained in both: it is rejected as ``ambiguous`` and
    the papers stay apart, in one run or over two in either order (a published fragment leaves its record)."""
    shared = OPENING + " Existing agents retrieve code by lexical search and rarely check their patches, so their edits break unrelated tests."
    first, second = (shared + text[len(OPENING) :] for text in (REPO_PILOT, TEST_SMITH))
    fragment = ("b.txt", 1, shared + " We introduce...")
    blocks = [("a.txt", 1, first), ("a.txt", 2, second), fragment]

    def outcome(occurrences: pl.DataFrame) -> tuple[set[frozenset[tuple[str, int]]], list[str | None]]:
        rejected = occurrences.filter(pl.col("record_id").is_null()).sort("path", "ordinal")["reject_reason"].to_list()
        return _partition(occurrences), rejected

    one_run = deduplicate(_blocks(blocks), EMPTY).occurrences
    assert outcome(one_run) == ({frozenset({("a.txt", 1)}), frozenset({("a.txt", 2)})}, ["ambiguous"])
    for earlier in (blocks[:1] + blocks[2:], blocks[:2]):
        first_run = deduplicate(_blocks(earlier), EMPTY).occurrences
        later = [row for row in blocks if row not in earlier]
        second_run = deduplicate(_blocks(later), _published(first_run))
        published = pl.concat([first_run.join(second_run.occurrences, on=["path", "ordinal"], how="anti"), second_run.occurrences], how="diagonal_relaxed")
        assert outcome(published) == outcome(one_run)
        assert second_run.matches.merges.is_empty()


def test_a_fragment_of_two_versions_of_one_paper_joins_it() -> None:
    """Containers that are near duplicates of each other (a paper's v1 and camera-ready) leave their fragment unambiguous."""
    camera_ready = REPO_PILOT.replace("31.4%", "33.0%").replace("It decomposes", "RepoPilot decomposes") + " We also release a benchmark of 500 issues."
    fragment = REPO_PILOT[:250].rsplit(" ", 1)[0] + "..."
    out = deduplicate(_blocks([("a.txt", 1, REPO_PILOT), ("a.txt", 2, camera_ready), ("b.txt", 1, fragment)]), EMPTY).occurrences
    assert out["record_id"].n_unique() == 1 and out["reject_reason"].is_null().all()


def _runs_in_every_order(rows: list[tuple[str, int, str]]) -> list[pl.DataFrame]:
    """The published occurrences of one run over ``rows`` and of two runs, each row first on its own, then the rest."""
    outcomes = [deduplicate(_blocks(rows), EMPTY).occurrences]
    for first in rows:
        first_run = deduplicate(_blocks([first]), EMPTY).occurrences
        second_run = deduplicate(_blocks([row for row in rows if row != first]), _published(first_run)).occurrences
        outcomes.append(pl.concat([first_run.join(second_run, on=["path", "ordinal"], how="anti"), second_run], how="diagonal_relaxed"))
    return outcomes


def test_a_fragment_whose_containers_are_one_paper_only_through_its_other_copies_joins_it() -> None:
    """A cut copy and a v1 without the middle sentences both hold a listing's truncated opening but are no near duplicates
    of each other; the full text links them, so the opening joins the paper (it was rejected as ambiguous)."""
    rows = [
        ("a.txt", 1, " ".join(SENTENCES)),
        ("b.txt", 1, " ".join(SENTENCES[:6]) + "..."),
        ("c.txt", 1, " ".join(SENTENCES[:3] + SENTENCES[7:])),
        ("d.txt", 1, " ".join(SENTENCES[:3]) + " We further..."),
    ]
    one_run = deduplicate(_blocks(rows), EMPTY)
    keys = {key: path for key, path in one_run.occurrences.select("dedup_key", "path").iter_rows()}
    edges = {frozenset((keys[a], keys[b])) for a, b in one_run.matches.edges.select("dedup_key_a", "dedup_key_b").iter_rows()}
    assert frozenset(("b.txt", "c.txt")) not in edges
    for outcome in _runs_in_every_order(rows):
        assert outcome["record_id"].n_unique() == 1 and outcome["reject_reason"].is_null().all()


def test_two_fragments_of_what_two_papers_share_stay_ambiguous() -> None:
    """Two truncated copies of the opening two papers share confirm each other: neither links the papers for the other."""
    shared = OPENING + " Existing agents retrieve code by lexical search and rarely check their patches, so their edits break unrelated tests."
    rows = [
        ("a.txt", 1, shared + REPO_PILOT[len(OPENING) :]),
        ("a.txt", 2, shared + TEST_SMITH[len(OPENING) :]),
        ("b.txt", 1, shared + " We introduce..."),
        ("c.txt", 1, shared + "..."),
    ]
    for outcome in _runs_in_every_order(rows):
        assert _partition(outcome) == {frozenset({("a.txt", 1)}), frozenset({("a.txt", 2)})}
        assert outcome.filter(pl.col("path") != "a.txt")["reject_reason"].to_list() == ["ambiguous", "ambiguous"]


def test_an_abstract_with_a_cut_copy_of_its_start_and_a_copy_without_it_is_not_two_glued_together() -> None:
    """A listing's copy cut after the opening and a copy that drops the opening cover the full text's two ends and share
    nothing, as two glued abstracts would; a copy ending in an ellipsis is no abstract of its own, so the text stays whole."""
    rows = [("a.txt", 1, " ".join(SENTENCES)), ("b.txt", 1, " ".join(SENTENCES[:3]) + "..."), ("c.txt", 1, " ".join(SENTENCES[3:]))]
    for outcome in _runs_in_every_order(rows):
        assert outcome["record_id"].n_unique() == 1 and outcome["reject_reason"].is_null().all()
    glued = deduplicate(_blocks([*rows, ("d.txt", 1, " ".join(SENTENCES[:3]))]), EMPTY).occurrences.sort("path")
    assert glued["reject_reason"].to_list() == ["glued", None, None, None]


def test_a_short_copy_cut_short_joins_the_abstract_whose_opening_it_is() -> None:
    """A listing's copy of an abstract's first two sentences, cut with an ellipsis, is too short (under 30 shingles) for
    containment alone; being the longer text's opening and cut short confirms it (``cut_copy``). The same words without
    the ellipsis, or another text's middle cut short, stay apart."""
    full = " ".join(SENTENCES)
    opening = " ".join(SENTENCES[:2])

    def records(copy: str) -> tuple[int, list[str]]:
        out = deduplicate(_blocks([("a.txt", 1, full), ("b.txt", 1, copy)]), EMPTY)
        return out.occurrences["record_id"].n_unique(), out.matches.edges["measure"].to_list()

    assert records(opening + "...") == (1, ["cut_copy"])
    assert records(opening[:-1] + " …")[0] == 1
    assert records(opening)[0] == 2
    assert records(" ".join(SENTENCES[3:5]) + "...")[0] == 2


def test_glued_words_hyphen_splits_and_a_dropped_sentence_still_match() -> None:
    base = " ".join(SENTENCES[:6])
    glued = base.replace("mixture of", "mixtureof").replace("load balancing", "loadbalancing").replace("the number", "thenumber")
    split_hyphen = base.replace("load balancing", "load-balancing").replace("replay based", "replay - based")
    dropped = " ".join(SENTENCES[1:6])
    out = deduplicate(_blocks([("a.txt", 1, base), ("a.txt", 2, glued), ("a.txt", 3, split_hyphen), ("a.txt", 4, dropped)]), EMPTY)
    assert out.occurrences["record_id"].n_unique() == 1


def test_short_texts_and_text_without_spaces() -> None:
    zh = "本文提出一种基于层次化记忆的推理框架，将输入文本划分为若干片段并逐层压缩为摘要记忆，在推理时由模型根据问题动态检索相关片段。"
    zh_copy = zh.replace("，", ",").replace("动态", "自适应地")
    zh_other = "本文提出一种频率感知的插值方法，对不同频率的维度采用不同的缩放因子，只需少量长文本数据进行微调即可扩展上下文窗口。"
    short = "We propose TokenDrop, a regularizer that removes input tokens during fine-tuning."
    short_copy = "we propose tokendrop a regularizer that removes input tokens during finetuning"
    out = deduplicate(
        _blocks([("a.txt", 1, zh), ("a.txt", 2, zh_copy), ("a.txt", 3, zh_other), ("a.txt", 4, short), ("a.txt", 5, short_copy)]), EMPTY
    ).occurrences
    rid = out["record_id"].to_list()
    assert rid[0] == rid[1] != rid[2]
    assert rid[3] == rid[4] != rid[0]


def test_one_abstract_under_two_sites_page_text_is_one_record_not_ambiguous() -> None:
    """Two copies under different page text (a publisher's head: journal, authors, affiliations, dates) are borderline to
    each other (the abstract is about half of each), and both contain the clean copies: without the shared run, their
    spread (one stretch in common) kept them apart, and every clean copy was rejected as ambiguous."""
    abstract = " ".join(SENTENCES[0:5])
    frontiers = (
        "ORIGINAL RESEARCH article Front. Artif. Intell., 12 March 2025 Sec. Machine Learning and Artificial Intelligence Volume 8 - 2025 "
        "Subgraph networks beyond WL Jane Doe1 John Roe2 1MIT, Cambridge, MA, United States 2Stanford University, Stanford, CA, United States "
        "Corresponding author Jane Doe Received 1 January 2025 Accepted 1 February 2025 Published 12 March 2025 Citation Doe J and Roe J "
    )
    mdpi = (
        "Open Access Article Subgraph Networks beyond WL by Jane Doe 1 and John Roe 2 1 Department of Computer Science, MIT, Cambridge, "
        "MA 02139, USA 2 Stanford University, Stanford, CA 94305, USA Author to whom correspondence should be addressed Algorithms 2025 "
        "Submission received 1 January 2025 Revised 1 February 2025 Accepted 10 February 2025 Published 12 March 2025 Abstract "
    )
    blocks = _blocks([("a.txt", 1, frontiers + abstract), ("b.txt", 1, mdpi + abstract), ("c.txt", 1, abstract), ("d.txt", 1, abstract[:-1] + "!")])
    out = deduplicate(blocks, EMPTY)
    assert out.occurrences["record_id"].n_unique() == 1
    assert out.occurrences["reject_reason"].null_count() == 4
    assert "shared_run" in out.matches.edges["measure"].to_list()
    apart = deduplicate(blocks, EMPTY, DedupParams(shared_run=1000)).occurrences
    assert apart.filter(pl.col("path").is_in(["c.txt", "d.txt"]))["reject_reason"].to_list() == ["ambiguous", "ambiguous"]


def test_a_whole_abstract_inside_two_texts_with_long_page_text_is_not_ambiguous() -> None:
    """A site's long head above one copy and another's long tail under another leave the two below the borderline band to
    each other; the clean copy inside both is one stretch of 40 shingles or more in each, not what two papers share: one
    record, no reject. A shorter passage two papers share stays ambiguous (``test_a_long_fragment_two_papers_contain_...``)."""
    abstract = " ".join(SENTENCES[0:5])
    head = (
        "Home Journals Proceedings Collections About Submit Contact Login Register Search Browse Topics Editorial Board Ethics "
        "Policies Open Access Statement Indexing Archiving Subscriptions Advertising Permissions Reprints Copyright Licensing "
        "Article Metrics Altmetric Downloads Views Citations Related Articles Recommended Reading Share Email Facebook Twitter "
        "LinkedIn Reddit Mendeley Print Export Citation RIS BibTeX EndNote RefWorks Volume Issue Pages Received Revised Accepted "
    )
    tail = (
        "Footer menu: privacy notice, cookie settings, accessibility statement, terms of service, careers, press room, "
        "investor relations, partner program, developer portal, status page, newsroom, sitemap, help center, community forum, "
        "support tickets, billing questions, feedback form, newsletter archive, events calendar, webinar library, podcast "
        "episodes, annual report, sustainability pledge, diversity commitment, modern slavery statement, imprint and legal."
    )
    blocks = _blocks([("a.txt", 1, head + " " + abstract), ("b.txt", 1, abstract + " " + tail), ("c.txt", 1, abstract)])
    out = deduplicate(blocks, EMPTY).occurrences
    assert out["record_id"].n_unique() == 1 and out["reject_reason"].null_count() == 3
    apart = deduplicate(blocks, EMPTY, DedupParams(shared_run=1000)).occurrences
    assert apart.filter(pl.col("path") == "c.txt")["reject_reason"].to_list() == ["ambiguous"]


def test_thresholds_come_from_params() -> None:
    x, y = " ".join(SENTENCES[0:6]), " ".join(SENTENCES[2:8])
    strict = deduplicate(_blocks([("a.txt", 1, x), ("a.txt", 2, y)]), EMPTY, DedupParams(jaccard=0.9, containment=0.95, shared_run=1000))
    loose = deduplicate(_blocks([("a.txt", 1, x), ("a.txt", 2, y)]), EMPTY, DedupParams(jaccard=0.3))
    assert strict.occurrences["record_id"].n_unique() == 2
    assert loose.occurrences["record_id"].n_unique() == 1


def _pairs() -> pl.DataFrame:
    """The labeled version / different-paper pairs, normalized."""
    pairs = pl.read_ndjson(CORPUS / "pairs.jsonl")
    return pairs.with_columns(normalize.normalize_column(pairs.select(text_raw=side))["text"].alias(side) for side in ("a", "b"))


def test_version_pairs_merge_and_different_papers_that_share_text_do_not() -> None:
    pairs = _pairs()
    judged = pairs_curve(pairs.select("same", "a", "b"), DedupParams())
    default = next(point for point in judged["over_spread"] if point["spread"] == DedupParams().spread)
    assert default["different_merged"] == 0
    assert default["same_merged"] >= 42, default  # of 49; the J/C rule alone merges 24
    assert default["same_merged_after_candidates"] == default["same_merged"], default  # the candidate stage finds every pair the rule accepts
    assert default["different_merged_after_candidates"] == 0
    blocks = _blocks([(row["id"], ordinal, row[side]) for row in pairs.iter_rows(named=True) for ordinal, side in ((1, "a"), (2, "b"))])
    out = deduplicate(blocks, EMPTY)
    per_pair = out.occurrences.group_by("path").agg(merged=pl.col("record_id").n_unique() == 1).join(pairs.select(path="id", same="same"), on="path")
    assert per_pair.filter(~pl.col("same") & pl.col("merged")).is_empty()
    assert per_pair.filter(pl.col("same") & pl.col("merged")).height >= 42  # every pair the rule confirms is a candidate (LSH or passages)
    assert out.occurrences["record_id"].n_unique() == per_pair.height * 2 - per_pair["merged"].sum()  # no pair merged with another
    assert {"spread", "method_name"} <= set(out.matches.edges["measure"].to_list())


def test_a_borderline_pair_merges_on_spread_unless_it_introduces_a_different_method() -> None:
    ours = (
        "We propose TokenDrop, a regularizer that randomly removes input tokens while fine-tuning vision transformers on small datasets. "
        "It needs no extra parameters and adds almost no training cost. Experiments on ImageNet, COCO and ADE20K show consistent gains "
        "over dropout and stochastic depth, and the gains grow as the training set shrinks."
    )
    revised = (
        "Vision transformers overfit when data is scarce. We propose TokenDrop, a simple regularizer that randomly removes input tokens "
        "while fine-tuning vision transformers on small datasets and medical images. It needs no extra parameters, no architectural "
        "change and adds almost no training cost. Experiments on ImageNet subsets, COCO and ADE20K show consistent gains over dropout, "
        "mixup and stochastic depth, and the gains grow as the training set shrinks to a tenth of its size."
    )
    other = revised.replace("TokenDrop", "HeadDrop").replace("removes input tokens", "disables attention heads")
    params = DedupParams(jaccard=0.9, containment=0.9, borderline_jaccard=0.0, borderline_containment=0.0)
    same = deduplicate(_blocks([("a.txt", 1, ours), ("a.txt", 2, revised)]), EMPTY, params)
    assert same.occurrences["record_id"].n_unique() == 1
    assert same.matches.edges["measure"].to_list() == ["method_name"]
    unnamed = deduplicate(_blocks([("a.txt", 1, ours.replace("TokenDrop", "a method")), ("a.txt", 2, revised.replace("TokenDrop", "a method"))]), EMPTY, params)
    assert unnamed.matches.edges["measure"].to_list() == ["spread"]
    assert deduplicate(_blocks([("a.txt", 1, ours), ("a.txt", 2, other)]), EMPTY, params).occurrences["record_id"].n_unique() == 2


TEMPLATE = (
    "We propose a novel framework for {task} based on state space models. {subject} combines structured state space layers with "
    "{part}. Extensive experiments on {n} real-world benchmarks show that it outperforms state-of-the-art {rival}-based methods "
    "while using {p}% fewer parameters. Code is available at https://github.com/{owner}/{repo}."
)
FORECAST = {"task": "time series forecasting", "part": "a learned frequency decomposition", "n": "six", "rival": "transformer", "p": 40}
DETECT = {"task": "anomaly detection in time series", "part": "a reconstruction objective", "n": "five", "rival": "autoencoder", "p": 30}


@pytest.mark.parametrize(
    ("forecast", "detect"),
    [
        ({"subject": "Our method, S4Cast,", "owner": "example", "repo": "s4cast"}, {"subject": "Our method, S4Detect,", "owner": "example", "repo": "s4detect"}),
        ({"subject": "The method", "owner": "example", "repo": "s4cast"}, {"subject": "The method", "owner": "example", "repo": "s4detect"}),
    ],
)
def test_two_papers_on_one_template_with_different_names_or_repositories_stay_apart(forecast: dict, detect: dict) -> None:
    """Their spread is 0.23 (the template is nearly the whole text): they merged by spread before the names beside ``Our
    method`` were read, and without names the code repositories they link tell them apart."""
    texts = [TEMPLATE.format(**FORECAST, **forecast), TEMPLATE.format(**DETECT, **detect)]
    out = deduplicate(_blocks([("a.txt", 1, texts[0]), ("a.txt", 2, texts[1])]), EMPTY, DedupParams())
    assert out.occurrences["record_id"].n_unique() == 2


@pytest.mark.parametrize("other", ["s4-cast", "S4Csat", "S4Cas"])
def test_a_repository_cut_short_or_with_a_typo_is_no_conflict(other: str) -> None:
    """A listing's truncated link (``S4Cas…``) or a typo (``S4Csat``) names the same repository."""
    texts = [TEMPLATE.format(**FORECAST, subject="The method", owner=owner, repo=repo) for owner, repo in (("alice", "S4Cast"), ("example-lab", other))]
    params = DedupParams(jaccard=0.99, containment=0.99, borderline_jaccard=0.0, borderline_containment=0.0)  # borderline
    out = deduplicate(_blocks([("a.txt", 1, texts[0]), ("a.txt", 2, texts[1])]), EMPTY, params)
    assert out.matches.edges["measure"].to_list() in (["spread"], ["shared_run"])
    different = texts[1].replace(other, "TimeMamba")
    assert deduplicate(_blocks([("a.txt", 1, texts[0]), ("a.txt", 2, different)]), EMPTY, params).matches.edges.is_empty()


def test_a_repository_that_moved_to_another_owner_is_no_conflict() -> None:
    """The repository's name is compared, not its owner: a version whose code moved to a lab's account still merges on its
    borderline evidence."""
    texts = [TEMPLATE.format(**FORECAST, subject="The method", owner=owner, repo="S4Cast") for owner in ("alice", "example-lab")]
    params = DedupParams(jaccard=0.99, containment=0.99, borderline_jaccard=0.0, borderline_containment=0.0)  # borderline
    out = deduplicate(_blocks([("a.txt", 1, texts[0]), ("a.txt", 2, texts[1])]), EMPTY, params)
    assert out.occurrences["record_id"].n_unique() == 1
    assert out.matches.edges["measure"].to_list()[0] in ("spread", "shared_run")  # both need names and repositories not to conflict


FASTFLOW = (
    "Diffusion models generate high-quality images but sampling requires hundreds of network evaluations. We present FastFlow, a "
    "distillation method that trains a student to match the teacher's trajectory in four steps. FastFlow reaches an FID of 2.1 on "
    "ImageNet 64x64 with four steps."
)
FASTFLOW_PLUS = (
    "Diffusion models generate high-quality images but sampling requires hundreds of network evaluations. We present FastFlow++, a "
    "distillation method that trains a student to match the teacher's trajectory in one step using an adversarial loss. FastFlow++ "
    "reaches an FID of 2.9 on ImageNet 64x64 with a single step."
)


def test_a_follow_up_that_reuses_most_of_its_predecessors_text_under_a_new_name_stays_apart() -> None:
    """Jaccard 0.6: it passes on Jaccard alone, but the two introduce different names (``FastFlow++`` extends ``FastFlow``)."""
    pair = _blocks([("a.txt", 1, FASTFLOW), ("b.txt", 1, FASTFLOW_PLUS)])
    assert folds_that_matched(FASTFLOW, FASTFLOW_PLUS)[1] >= DedupParams().jaccard
    assert deduplicate(pair, EMPTY).occurrences["record_id"].n_unique() == 2
    assert deduplicate(pair, EMPTY, DedupParams(renamed_below=0.0)).occurrences["record_id"].n_unique() == 1  # the setting decides


@pytest.mark.parametrize(
    ("ours", "theirs", "renamed"),
    [
        ("FastFlow", "FastFlow++", True),
        ("DepthSplat", "DepthSplat-2", True),
        ("WebAgent-R", "WebAgent-R2", True),
        ("SOP", "SemMark", True),
        ("StepPlanner", "StepPlaner", False),  # typos: a letter dropped, two swapped; case
        ("StepPlanner", "StepPlnaner", False),
        ("StepPlanner", "STEPPLANNER", False),
    ],
)
def test_a_name_that_extends_the_other_is_another_method_and_a_typo_is_the_same(ours: str, theirs: str, renamed: bool) -> None:
    assert dedup._names_apart([ours], [theirs]) is renamed


@pytest.mark.parametrize(("name", "records"), [("FastFlow-2", 2), ("FastFlwo", 1), ("FASTFLOW", 1)])
def test_a_pair_at_jaccard_0_6_under_another_name_stays_apart_and_under_a_typo_of_it_merges(name: str, records: int) -> None:
    pair = _blocks([("a.txt", 1, FASTFLOW), ("b.txt", 1, FASTFLOW_PLUS.replace("FastFlow++", name))])
    assert deduplicate(pair, EMPTY).occurrences["record_id"].n_unique() == records


def test_a_version_renamed_but_otherwise_alike_still_merges() -> None:
    """At Jaccard 0.8 and above, different names do not keep two copies apart: a camera-ready version that renamed its method."""
    long = FASTFLOW + " " + FASTFLOW.replace("Diffusion models", "Such models") + " We also study guidance and show it distils well."
    renamed = long.replace("FastFlow", "QuickFlow", 1)
    assert folds_that_matched(long, renamed)[1] >= 0.8
    assert deduplicate(_blocks([("a.txt", 1, long), ("b.txt", 1, renamed)]), EMPTY).occurrences["record_id"].n_unique() == 1


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from("alpha beta gamma delta epsilon zeta eta theta iota kappa lambda".split()), min_size=1, max_size=60), st.data())
def test_spread_is_the_shared_share_outside_the_two_longest_shared_runs(words: list[str], data: st.DataObject) -> None:
    other = data.draw(st.lists(st.sampled_from(words + ["omega", "sigma"]), min_size=1, max_size=60))
    folded = pl.Series([" ".join(words), " ".join(other)])
    shingled = minhash.shingle_hashes(folded, DedupParams().lsh)
    value = minhash.shared_runs(pl.DataFrame({"a": [0], "b": [1]}), shingled)[0][0]
    first, second = shingled.hashes[: shingled.bounds[1]], shingled.hashes[shingled.bounds[1] :]
    shorter, longer = (first, second) if len(first) <= len(second) else (second, first)
    shared = [h in set(longer.tolist()) for h in shorter.tolist()]
    runs = sorted(len(run) for run in "".join("x" if s else " " for s in shared).split())
    assert value == pytest.approx(sum(runs[:-2]) / len(shorter))
    assert 0.0 <= value <= sum(shared) / len(shorter)


PASSAGE_ONLY = ["p12", "p16", "p36"]  # confirmed when judged directly, but no LSH band in common (scheme m4)


def test_versions_without_a_common_band_are_candidates_through_shared_passages() -> None:
    pairs = _pairs().filter(pl.col("id").is_in(PASSAGE_ONLY)).sort("id")
    n, params = pairs.height, DedupParams()
    folded = pl.concat([pairs["a"], pairs["b"]]).to_frame("text").select(shingle_key(pl.col("text"))).to_series()
    signed = key_signatures(folded, params).with_row_index("row")
    versions = pl.DataFrame({"a": list(range(n)), "b": list(range(n, 2 * n))}, schema={"a": pl.UInt32, "b": pl.UInt32})
    assert minhash.candidate_pairs(signed.select("row", "bands")).join(versions, on=["a", "b"], how="semi").is_empty()
    by_passage = minhash.passage_pairs(signed, params.passage_shared, params.passage_cap)
    assert versions.join(by_passage, on=["a", "b"], how="anti").is_empty()

    a = _blocks([(row["id"], 1, row["a"]) for row in pairs.iter_rows(named=True)])
    b = _blocks([(row["id"], 2, row["b"]) for row in pairs.iter_rows(named=True)])
    once = deduplicate(pl.concat([a, b]), EMPTY).occurrences
    assert once.group_by("path").agg(pl.col("record_id").n_unique())["record_id"].to_list() == [1] * n
    for first, then in ((a, b), (b, a)):  # A then B, B then A: the published side's passages are recomputed from its text
        second = deduplicate(then, _published(deduplicate(first, EMPTY).occurrences)).occurrences
        assert _partition(second) == _partition(once)


def test_passage_hashes_many_keys_hold_are_not_evidence() -> None:
    lists = pl.DataFrame({"row": [0, 1, 2, 3], "passages": [[1, 2, 7], [1, 2, 8], [1, 2, 9], [5, 6]]}, schema={"row": pl.UInt32, "passages": pl.List(pl.Int64)})
    assert minhash.passage_pairs(lists, shared=2, cap=3).rows() == [(0, 1), (0, 2), (1, 2)]
    assert minhash.passage_pairs(lists, shared=2, cap=2).is_empty()  # 1 and 2 are held by three keys: a template
    short = pl.DataFrame({"row": [0, 1, 2], "passages": [[5], [5, 6, 7], [6, 7, 8]]}, schema={"row": pl.UInt32, "passages": pl.List(pl.Int64)})
    assert minhash.passage_pairs(short, shared=2, cap=3).rows() == [(0, 1), (1, 2)]  # a short text holds one hash: one is enough
    assert minhash.passage_pairs(lists, shared=2, cap=3, common=pl.Series([2], dtype=pl.Int64)).is_empty()  # or by too many published keys


@settings(max_examples=200, deadline=None)
@given(st.lists(st.lists(st.integers(0, 12), max_size=6, unique=True), min_size=1, max_size=12), st.integers(1, 3), st.integers(2, 5))
def test_passage_pairs_are_the_pairs_sharing_enough_rare_hashes(lists: list[list[int]], shared: int, cap: int) -> None:
    frame = pl.DataFrame({"row": range(len(lists)), "passages": lists}, schema={"row": pl.UInt32, "passages": pl.List(pl.Int64)})
    holders = {h: sum(h in held for held in lists) for held in lists for h in held}
    needed = [[1 if 1 in (len(lists[i]), len(lists[j])) else shared for j in range(len(lists))] for i in range(len(lists))]  # one, for a short text's one hash
    expected = [
        (i, j) for i in range(len(lists)) for j in range(i + 1, len(lists)) if sum(holders[h] <= cap for h in set(lists[i]) & set(lists[j])) >= needed[i][j]
    ]
    assert sorted(minhash.passage_pairs(frame, shared, cap).rows()) == expected


@settings(max_examples=200, deadline=None)
@given(st.data(), st.integers(2, 20))
def test_keys_sharing_a_stretch_of_width_shingles_share_a_passage_hash(data: st.DataObject, width: int) -> None:
    shingle = st.integers(0, 2**64 - 1)
    stretch = data.draw(st.lists(shingle, min_size=width, max_size=2 * width))
    first = data.draw(st.lists(shingle, max_size=30)) + stretch + data.draw(st.lists(shingle, max_size=30))
    second = data.draw(st.lists(shingle, max_size=30)) + stretch + data.draw(st.lists(shingle, max_size=30))
    hashes = np.array(first + second, dtype=np.uint64)
    rows = np.repeat(np.arange(2), [len(first), len(second)])
    row, passage = minhash.passages(rows, hashes, 2, width)
    assert set(passage[row == 0].tolist()) & set(passage[row == 1].tolist())
    assert all(value in first for value in passage[row == 0].tolist())


def test_an_index_lacking_rows_under_the_configured_schemes_has_a_backlog() -> None:
    params = DedupParams()
    assert index_backlog({params.lsh.scheme: 10}, params)  # built before passages were stored
    assert not index_backlog({params.lsh.scheme: 10, params.passage_scheme: 10}, params)
    assert not index_backlog({}, params) and stale_schemes({}, params) == []
    other = {DedupParams(bands=32).lsh.scheme: 10, DedupParams(passage_shingles=8).passage_scheme: 10}  # another configuration's
    assert index_backlog(other, params) and stale_schemes(other, params) == sorted(other)
    assert stale_schemes({**other, params.lsh.scheme: 10, params.passage_scheme: 10}, params) == sorted(other)


def _base_abstracts(n: int) -> list[str]:
    """The first ``n`` abstracts of the labeled corpus's base file, normalized as a run would."""
    texts = [line.removeprefix("text: ") for line in (CORPUS / "base_abstracts.txt").read_text(encoding="utf-8").splitlines() if line.startswith("text: ")]
    return pl.Series(texts[:n]).to_frame("t").select(normalize.normalize_text(pl.col("t")))["t"].to_list()


def test_a_block_of_two_glued_abstracts_is_rejected_and_merges_nothing() -> None:
    a, b, c, d = _base_abstracts(4)
    first_sentences = a[: a.index(". ", len(a) // 3) + 1]  # a listing that shows an abstract's first sentences
    blocks = _blocks(
        [("apart.txt", 1, a), ("apart.txt", 2, b), ("apart.txt", 3, c), ("apart.txt", 4, d),
         ("glued.txt", 1, f"{a} {b}"), ("glued.txt", 2, f"{c}{d}"), ("glued.txt", 3, first_sentences)]
    )  # fmt: skip
    out = deduplicate(blocks, EMPTY).occurrences.sort("path", "ordinal")
    assert out.filter(pl.col("path") == "glued.txt")["reject_reason"].to_list() == ["glued", "glued", None]
    assert out.filter(pl.col("path") == "apart.txt")["status"].to_list() == ["kept"] * 4
    assert out["record_id"].drop_nulls().n_unique() == 4
    assert out.row(6, named=True)["record_id"] == out.row(0, named=True)["record_id"]  # a first-sentences copy covers one end only: it joins


def test_an_abstract_whose_two_partial_copies_overlap_is_not_taken_for_two_glued_together() -> None:
    """Its first sentences (a listing that truncates) and all but its opening (a scrape that lost it) cover its two ends, but overlap."""
    (full,) = _base_abstracts(1)
    first_sentences = full[: full.index(". ", len(full) // 2) + 1]
    without_opening = full[full.index(". ", len(full) // 4) + 2 :]
    blocks = _blocks([("full.txt", 1, full), ("listing.txt", 1, first_sentences), ("scrape.txt", 1, without_opening)])
    out = deduplicate(blocks, EMPTY).occurrences
    assert out["reject_reason"].to_list() == [None] * 3
    assert out["record_id"].n_unique() == 1
    assert out.filter(pl.col("status") == "kept")["path"].to_list() == ["full.txt"]


@pytest.mark.parametrize("order", ["xab", "xba", "axb", "bxa", "abx"])
def test_a_glued_block_leaves_the_record_it_joined_once_the_other_abstract_arrives(order: str) -> None:
    a, b = _base_abstracts(2)
    texts = {"x": f"{a} {b}", "a": a, "b": b}
    published = EMPTY
    for name in order:
        published = _published(deduplicate(_blocks([(f"{name}.txt", 1, texts[name])]), published).occurrences)
    once = deduplicate(_blocks([(f"{name}.txt", 1, texts[name]) for name in order]), EMPTY).occurrences
    assert _partition(published) == _partition(once) == {frozenset({("a.txt", 1)}), frozenset({("b.txt", 1)})}
    assert published.filter(pl.col("path") == "x.txt").select("status", "reject_reason", "record_id").row(0) == ("rejected", "glued", None)


@settings(max_examples=60, deadline=None)
@given(
    base=st.lists(st.sampled_from([f"w{i}" for i in range(40)]), min_size=20, max_size=300),
    cuts=st.lists(st.tuples(st.floats(0, 1), st.floats(0, 1)), min_size=1, max_size=6),
    jaccard=st.floats(0.1, 0.9),
    containment=st.floats(0.1, 0.9),
)
def test_pairs_left_out_before_comparing_sets_could_not_pass(base: list[str], cuts: list[tuple[float, float]], jaccard: float, containment: float) -> None:
    """``reachable`` keeps every pair at either threshold (or borderline value): what it leaves out ``confirm`` would drop."""
    texts = [" ".join(base)] + [" ".join(base[int(x * len(base)) : int(x * len(base)) + max(1, int(y * len(base)))]) for x, y in cuts]
    params = DedupParams(jaccard=jaccard, containment=containment, borderline_jaccard=jaccard / 2, borderline_containment=containment / 2)
    shingled = minhash.shingle_hashes(pl.Series(texts), params.lsh)
    pairs = pl.DataFrame([(a, b) for a in range(len(texts)) for b in range(a + 1, len(texts))], schema={"a": pl.UInt32, "b": pl.UInt32}, orient="row")
    sims = minhash.pair_similarity(pairs, minhash.shingle_table(shingled, pl.Series(range(len(texts)), dtype=pl.UInt32)))
    may_pass = sims.filter((pl.col("jaccard") >= params.borderline_jaccard) | (pl.col("containment") >= params.borderline_containment)).select("a", "b")
    assert may_pass.join(reachable(pairs, shingled, params), on=["a", "b"], how="anti").is_empty()
