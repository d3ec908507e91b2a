from __future__ import annotations

import csv
import io
import json
import re
import textwrap
import unicodedata
from pathlib import Path

import polars as pl
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from paperlake.sources import read_sources
from transforms import normalize, titles
from transforms.headers import INVISIBLE_MARKS
from transforms.normalize import json_abstract, normalize_text
from transforms.split import (
    _GAP,
    _RULE,
    _SEP,
    _SPACE,
    HTML_PAGE,
    PARAGRAPH_WIDTH,
    csv_entries,
    feed_listing,
    front_matter_listing,
    json_entries,
    page_listing,
    page_listings,
    shares_names,
    split_blocks,
    split_header,
)

from ..conftest import SEEDS


def normalize_text_of(raw: str) -> str:
    return pl.select(normalize_text(pl.lit(raw))).item()


def _split(text: str) -> tuple[pl.DataFrame, pl.DataFrame]:
    parsed = split_header(pl.DataFrame({"source_id": ["s"], "path": ["p.txt"], "text": [text]}))
    return parsed, split_blocks(parsed)


def test_header_and_blocks_with_any_line_endings() -> None:
    for newline in ("\n", "\r\n", "\r"):
        text = newline.join(["ICML 2025 Papers", "", "first line", "second line.", " \t", "", "next block", ""])
        parsed, blocks = _split(text)
        assert parsed["collection"][0] == "ICML 2025 Papers"
        assert blocks["ordinal"].to_list() == [1, 2]
        assert blocks["text_raw"].to_list() == ["first line\nsecond line.", "next block"]


def test_unicode_line_and_paragraph_separators_break_lines_and_blocks() -> None:
    # some exports (Word, JavaScript's innerText, PDF tools) write U+2028 for a line break and U+2029 between paragraphs
    parsed, blocks = _split("ICML 2025 Papers\u2029first line\u2028second line.\u2029\u2029next block\u2029")
    assert parsed["collection"][0] == "ICML 2025 Papers"
    assert blocks["text_raw"].to_list() == ["first line\nsecond line.", "next block"]


def test_file_without_header_keeps_first_block() -> None:
    parsed, blocks = _split("An abstract without a header.\n\nAnother one.")
    assert parsed["header_raw"][0] is None
    assert blocks["text_raw"].to_list() == ["An abstract without a header.", "Another one."]


def test_a_first_line_that_stands_alone_and_names_a_listing_is_its_title() -> None:
    parsed, blocks = _split("# Awesome Diffusion Papers\n\nAn abstract.\n\nAnother one.")
    assert parsed.select("header_raw", "venue", "year", "collection").row(0) == ("# Awesome Diffusion Papers", None, None, "Awesome Diffusion Papers")
    assert blocks["text_raw"].to_list() == ["An abstract.", "Another one."]
    parsed, _ = _split("CVPR 2024 \u76ee\u6807\u68c0\u6d4b\u8bba\u6587\u6c47\u603b\r\n\r\nAn abstract.")  # a topic: the venue's collection
    assert parsed.select("venue", "year", "collection", "header_lang").row(0) == ("CVPR", 2024, "CVPR 2024 Papers", "zh")
    for text in ("Awesome Diffusion Papers\nAn abstract under it.", "Attention Is All You Need\n\nAn abstract.", "We list the papers.\n\nAn abstract."):
        parsed, blocks = _split(text)  # not alone, no word for a listing, a sentence: the first block stays
        assert parsed["header_raw"][0] is None and blocks.height == (1 if "\n\n" not in text else 2)


def test_invisible_marks_before_the_header() -> None:
    for marks in ("\u200b", "\u200e", "\ufeff\u200f", "\u200b\n\n"):
        parsed, blocks = _split(marks + "ICML 2025 Papers\n\nAn abstract.")
        assert (parsed["header_raw"][0], parsed["collection"][0]) == ("ICML 2025 Papers", "ICML 2025 Papers")
        assert blocks["text_raw"].to_list() == ["An abstract."]


def test_a_header_under_short_lines_is_found_and_the_lines_stay_a_block() -> None:
    for head in (
        "Source: https://openreview.net/group?id=ICML.cc/2025/Conference",
        "Scraped by listbot\nSource: icml.cc",
        "Source: https://icml.cc/virtual/2025/papers.html\nScraped: 2025-07-01\nTotal: 3,260 papers\nFormat: one abstract per block",
    ):
        for newline in ("\n", "\r\n"):
            parsed, blocks = _split(newline.join([*head.split("\n"), "ICML 2025 Papers", "An abstract.", "", "Another one."]))
            assert (parsed["header_raw"][0], parsed["collection"][0]) == ("ICML 2025 Papers", "ICML 2025 Papers")
            assert blocks["text_raw"].to_list() == [head, "An abstract.", "Another one."]
    parsed, blocks = _split("x" * 201 + "\nICML 2025 Papers\n\nAn abstract.")  # under a long line: text, not a header
    assert parsed["header_raw"][0] is None
    assert blocks["text_raw"].to_list() == ["x" * 201 + "\nICML 2025 Papers", "An abstract."]
    parsed, _ = _split("one\ntwo\nthree\nfour\nfive\nICML 2025 Papers\n\nAn abstract.")  # only the first five lines are looked at
    assert parsed["header_raw"][0] is None


@pytest.mark.parametrize(
    ("head", "header_raw", "fields"),
    [
        ("ICLR 2025\nAccepted Papers", "ICLR 2025 Accepted Papers", ("ICLR", 2025, "en", "ICLR 2025 Papers")),
        ("NeurIPS 2024\r\nDatasets and Benchmarks Track", "NeurIPS 2024 Datasets and Benchmarks Track", ("NEURIPS", 2024, "en", "NeurIPS 2024 Datasets and Benchmarks Track Papers")),
        ("ICML 2025\n\u8bba\u6587\u5217\u8868", "ICML 2025 \u8bba\u6587\u5217\u8868", ("ICML", 2025, "zh", "ICML 2025 Papers")),
        ("Source: icml.cc\nICML 2025\nAccepted Papers", "ICML 2025 Accepted Papers", ("ICML", 2025, "en", "ICML 2025 Papers")),
    ],
)
def test_a_header_on_two_lines_is_one_header(head: str, header_raw: str, fields: tuple) -> None:
    # the second line was a block of its own (rejected too short), and the collection missed its track or language
    parsed, blocks = _split(head + "\n\nAn abstract.\n\nAnother one.")
    assert parsed["header_raw"][0] == header_raw
    assert parsed.select("venue", "year", "header_lang", "collection").row(0) == fields
    assert blocks["text_raw"].to_list()[-2:] == ["An abstract.", "Another one."]
    assert blocks.height == (3 if head.startswith("Source") else 2)


def test_a_line_under_the_header_that_does_not_continue_it_stays_a_block() -> None:
    for second in ("Sparse Attention Is Enough", "We study graphs.", "ICLR 2024 Papers", "x" * 81 + " Papers", "-", "\u2014"):
        parsed, blocks = _split(f"ICLR 2025 Papers\n{second}\n\nAn abstract.")
        assert (parsed["header_raw"][0], parsed["year"][0]) == ("ICLR 2025 Papers", 2025), second
        assert blocks["text_raw"].to_list() == [second, "An abstract."]
    parsed, blocks = _split("ICLR 2025\nAccepted Papers\nOral\nPosters\n\nAn abstract.")  # more than two lines under it: a block
    assert blocks["text_raw"].to_list() == ["Accepted Papers\nOral\nPosters", "An abstract."]


def test_header_only_file_has_no_blocks() -> None:
    _, blocks = _split("ICML 2025 Papers\n\n\n")
    assert blocks.is_empty()


def _assert_blocks(cases: dict[str, list[str]]) -> None:
    """Each body, under a header, splits into the blocks given, numbered in order."""
    for body, expected in cases.items():
        _, blocks = _split(f"ICML 2025 Papers\n\n{body}\n")
        assert blocks["text_raw"].to_list() == expected, body
        assert blocks["ordinal"].to_list() == list(range(1, len(expected) + 1))


def _blocks_of_two_files(first: str, second: str) -> list[str]:
    files = pl.DataFrame({"source_id": ["a", "b"], "path": ["a.txt", "b.txt"], "text": [f"ICML 2025 Papers\n\n{first}\n", f"ICML 2025 Papers\n\n{second}\n"]})
    return split_blocks(split_header(files))["text_raw"].to_list()


PARAGRAPH = st.text(alphabet=st.characters(categories=("L", "N", "P", "Zs")), min_size=1, max_size=40).filter(
    lambda s: s.strip() and not re.fullmatch(rf"{_SPACE}*{_RULE}", s)  # "---" alone is a separator line, not a block
)


# A sentence's end, and a capital first (as an abstract starts): no paragraph cut mid-sentence, no line of a paragraph
# copied with empty lines between its lines (split.join_spaced_lines)
@given(st.lists(PARAGRAPH.map(lambda p: "A" + p + "."), min_size=1, max_size=8))
def test_every_block_is_found_once_in_order(paragraphs: list[str]) -> None:
    text = "ICML 2025 Papers\n\n" + "\n\n".join(paragraphs) + "\n"
    _, blocks = _split(text)
    assert blocks["ordinal"].to_list() == list(range(1, len(paragraphs) + 1))
    assert [b.strip() for b in blocks["text_raw"].to_list()] == [p.strip() for p in paragraphs]


SEPARATORS = ["---", "***", "___", "===", "~~~", "* * *", "- - -", "• • •", "· · ·", "———", "–––", "  ------  ", "\u00a0***\t", "-=-=-=", "────", "═══════", "+++", "<hr>", "<HR />"]


@pytest.mark.parametrize("separator", SEPARATORS)
def test_a_separator_line_separates_blocks_like_a_blank_line(separator: str) -> None:
    for gap in (f"\n{separator}\n", f"\n\n{separator}\n\n", f"\n{separator}\n \n{separator}\n"):
        _, blocks = _split(f"ICML 2025 Papers\n{separator}\nfirst line\nsecond line{gap}next block\n{separator}\n")
        assert blocks["text_raw"].to_list() == ["first line\nsecond line", "next block"]
        assert blocks["ordinal"].to_list() == [1, 2]


@pytest.mark.parametrize(
    "block",
    [
        "A model---based planner and a model--free one.",  # LaTeX dashes inside a line
        "Results\n--\nwere mixed.",  # two dashes are not a separator
        "#### ---- ####",  # a junk block stays a block (rejected later as no_letters)
        "Intro\n--- we show that x.",  # a dash run that starts a line of text
        "| a | b |\n|---|---|",  # a Markdown table's delimiter row
        "+---+---+\n| a | b |\n+===+===+",  # a grid table's borders
        "x\n++\ny",  # two plus signs
    ],
)
def test_dashes_inside_text_are_not_separators(block: str) -> None:
    _, blocks = _split(f"ICML 2025 Papers\n\n{block}\n")
    assert blocks["text_raw"].to_list() == [block]


def test_a_line_that_only_numbers_the_next_entry_starts_its_block() -> None:
    wrapped = "We propose a method that works on many\nbenchmarks and improves results."
    cases = {
        f"1\n{LONG}\n2\n{LONG}\n3\n{LONG}": [f"1\n{LONG}", f"2\n{LONG}", f"3\n{LONG}"],
        f"[1]\n{wrapped}\n[2]\n{wrapped}": [f"[1]\n{wrapped}", f"[2]\n{wrapped}"],  # hard-wrapped entries too
        f"#1\n{LONG}\n#2\nSparse Routing\n{LONG}": [f"#1\n{LONG}", f"#2\nSparse Routing\n{LONG}"],
        f"(1) {LONG}\n(2) {LONG}": [f"(1) {LONG}", f"(2) {LONG}"],  # numbers in front of the text: paragraph lines
        f"【1】\n{LONG}\n【2】\n{LONG}": [f"【1】\n{LONG}", f"【2】\n{LONG}"],  # a Chinese digest's numbers
        "The ratio is\n2\nand we go on.": ["The ratio is\n2\nand we go on."],  # no sentence end before it
        "It holds.\n2\nand we go on.": ["It holds.\n2\nand we go on."],  # no sentence start after it
    }
    for block, expected in cases.items():
        _, blocks = _split(f"ICML 2025 Papers\n\n{block}\n")
        assert blocks["text_raw"].to_list() == expected, block


def test_each_row_of_a_markdown_table_is_a_block() -> None:
    row1, row2 = f"| [Sparse Routing](https://arxiv.org/abs/2401.00001) | {LONG} |", f"| Graph Rewiring | {LONG} | [Code](https://github.com/a/b) |"
    cases = {
        f"| Title | Abstract |\n|:---|---:|\n{row1}\n{row2}": ["| Title | Abstract |\n|:---|---:|", row1, row2],  # the delimiter row stays with the header row
        f"Papers we like:\n{row1}\n{row2}\nMore soon.": ["Papers we like:", row1, row2, "More soon."],
        f"{row1}": [row1],
        "We bound |x| by | y | and | z |.\nThen | a | b | c | holds.": ["We bound |x| by | y | and | z |.\nThen | a | b | c | holds."],  # pipes in prose: not rows
        "| x | y |\nWe bound it.": ["| x | y |\nWe bound it."],  # one row is no table
    }
    for block, expected in cases.items():
        _, blocks = _split(f"ICML 2025 Papers\n\n{block}\n")
        assert blocks["text_raw"].to_list() == expected, block



def test_each_paper_of_a_json_dump_is_a_block() -> None:
    papers = [{"title": "Sparse Routing", "abstract": LONG}, {"title": "Graph Rewiring", "authors": [{"name": "A. B"}], "abstract": "x " + LONG}]
    lines = [json.dumps(p, ensure_ascii=False) for p in papers]
    notes = [{"id": "n1", "content": {"title": {"value": "T"}, "abstract": {"value": LONG}}}, {"id": "n2", "content": {"title": {"value": "U"}}}]
    cases = {
        json.dumps(papers, indent=2): lines,  # an array, pretty-printed
        json.dumps(papers): lines,  # on one line
        json.dumps({"results": papers, "total": 2}, indent=1): lines,  # under a key of an API answer
        "[\n" + ",\n\n".join(json.dumps(p, indent=2) for p in papers) + "\n]": lines,  # objects cut apart by blank lines
        json.dumps({"notes": notes}): [json.dumps(n) for n in notes],  # OpenReview: abstracts one object down, one note without
        json.dumps(papers[1], indent=2): [json.dumps(papers[1], indent=2)],  # one paper stays as written (its authors are not papers)
        "\n".join(lines): lines,  # JSON Lines (short abstracts: no paragraph-length lines to cut at)
        json.dumps({"results": [{"id": "W1", "abstract_inverted_index": {"We": [0], "study": [1]}}, {"id": "W2"}]}): [  # OpenAlex
            json.dumps({"id": "W1", "abstract_inverted_index": {"We": [0], "study": [1]}}), json.dumps({"id": "W2"})
        ],
        "\n".join(json.dumps(p, indent=2) for p in papers): lines,  # pretty-printed objects one after the other
        lines[0] + "\n" + lines[1] + "\nNot JSON.": [lines[0] + "\n" + lines[1] + "\nNot JSON."],  # and nothing else
        # a scraper's printed Python dicts (single quotes, None), one a line, in a list, or one alone: written as JSON
        "\n".join(repr(p) for p in papers): lines,
        repr(papers): lines,
        repr({**papers[0], "pdf": None}): [json.dumps({**papers[0], "pdf": None})],
        "{'title': 'Sparse Routing'}": ["{'title': 'Sparse Routing'}"],  # no paper
    }
    for text, expected in cases.items():
        _, blocks = _split(f"ICML 2025 Papers\n\n{text}\n")
        assert blocks["text_raw"].to_list() == expected, text


def test_each_row_of_a_tab_separated_table_is_a_block() -> None:
    header, row1, row2 = "title\tauthors\tabstract", f"Sparse Routing\tA. B, C. D\t{LONG}", f"Graph Rewiring\tE. F\t{LONG}\thttps://github.com/a/b"
    cases = {
        f"{row1}\n{row2}": [row1, row2],
        f"{row1}": [row1],
        "We study\trouting and\tload.\nIt works.": ["We study\trouting and\tload.\nIt works."],  # one line with tabs is no table
        "We study\trouting.\nIt works\twell.": ["We study\trouting.\nIt works\twell."],  # nor are lines of one tab
        "A hard-wrapped\tabstract with\ttabs in its\nshort lines, as\ta PDF's copy\tgives them.": [  # nor lines shorter than a paragraph
            "A hard-wrapped\tabstract with\ttabs in its\nshort lines, as\ta PDF's copy\tgives them."
        ],
    }
    for block, expected in cases.items():
        _, blocks = _split(f"ICML 2025 Papers\n\n{block}\n")
        assert blocks["text_raw"].to_list() == expected, block
    # under a header row that names an abstract column, a TSV export: each row is JSON keyed by the header (as a CSV's)
    _, blocks = _split(f"ICML 2025 Papers\n\n{header}\n{row1}\n{row2}\n")
    assert [json.loads(raw) for raw in blocks["text_raw"]] == [
        {"title": "Sparse Routing", "authors": "A. B, C. D", "abstract": LONG},
        {"title": "Graph Rewiring", "authors": "E. F", "abstract": LONG, "_extra": ["https://github.com/a/b"]},
    ]


@pytest.mark.parametrize("block", ["[1, 2, 3]", '{"title": "Only a title"}', '[{"title": "A"}, {"title": "B"}]', '{"title": "A"}\n{"title": "B"}', '{"a": 1}\n[2]', "{\\em Emphasis} and more {text}", "[Paper] [Code] [Video],"])
def test_braces_and_brackets_that_hold_no_papers_stay_one_block(block: str) -> None:
    assert _split(f"ICML 2025 Papers\n\n{block}\n")[1]["text_raw"].to_list() == [block]

@settings(max_examples=100, deadline=None)
@given(st.lists(PARAGRAPH, min_size=1, max_size=8), st.lists(st.sampled_from(SEPARATORS), min_size=7, max_size=7), st.booleans())
def test_blocks_joined_by_separator_lines_come_back(paragraphs: list[str], separators: list[str], blank: bool) -> None:
    around = "\n" if blank else ""
    text = "ICML 2025 Papers\n\n" + paragraphs[0]
    for separator, paragraph in zip(separators, paragraphs[1:]):
        text += f"\n{around}{separator}\n{around}{paragraph}"
    _, blocks = _split(text + "\n")
    assert blocks["ordinal"].to_list() == list(range(1, len(paragraphs) + 1))
    assert [b.strip() for b in blocks["text_raw"].to_list()] == [p.strip() for p in paragraphs]


SENTENCE = st.text(alphabet=st.characters(categories=("L", "N", "Zs"), exclude_characters="\n"), min_size=40, max_size=120).filter(
    lambda s: s.strip()
)
ABSTRACT = st.lists(SENTENCE, min_size=3, max_size=8).map(lambda sentences: " ".join(s.strip() + "." for s in sentences)).filter(
    lambda s: len(s) >= PARAGRAPH_WIDTH
)


@settings(max_examples=40, deadline=None)
@given(st.lists(ABSTRACT, min_size=2, max_size=6))
def test_one_abstract_per_line_is_one_block_per_line(abstracts: list[str]) -> None:
    _, blocks = _split("ICML 2025 Papers\n" + "\n".join(abstracts) + "\n")
    assert blocks["text_raw"].to_list() == abstracts
    assert blocks["ordinal"].to_list() == list(range(1, len(abstracts) + 1))


@settings(max_examples=40, deadline=None)
@given(ABSTRACT, st.integers(min_value=40, max_value=90))
def test_hard_wrapped_abstracts_stay_whole(abstract: str, width: int) -> None:
    wrapped = textwrap.fill(abstract, width)
    _, blocks = _split(f"ICML 2025 Papers\n\n{wrapped}\n\n{wrapped}\n")
    assert blocks["text_raw"].to_list() == [wrapped, wrapped]


LONG = "We propose a method that works. " * 9  # 288 characters


def test_a_structured_abstract_whose_sections_empty_lines_set_apart_is_one_block() -> None:
    """PubMed, medRxiv and journals' pages set a structured abstract's sections apart by empty lines: each was a block, the
    later ones published as records of their own ("RESULTS: On held-out sites ...") and short ones rejected."""
    background, methods = "BACKGROUND: Models fail under shift.", "METHODS: We retrain them on five sites."
    cases = {
        f"{background}\n\n{methods}\n\nRESULTS: AUROC improves.\n\nCONCLUSIONS: It helps.": [
            f"{background}\n\n{methods}\n\nRESULTS: AUROC improves.\n\nCONCLUSIONS: It helps."
        ],
        "Objective: To assess X.\n\nDesign: A trial.\n\n**Results.** X works.": ["Objective: To assess X.\n\nDesign: A trial.\n\n**Results.** X works."],
        "Title of the Study\nBackground: Models fail.\n\nResults\nThey work.": ["Title of the Study\nBackground: Models fail.\n\nResults\nThey work."],
        "目的：研究模型。\n\n方法：我们训练。\n\n结论：有效。": ["目的：研究模型。\n\n方法：我们训练。\n\n结论：有效。"],
        f"We study graphs.\n\n{methods}": ["We study graphs.", methods],  # no section above
        f"{background}\n\nResults show that graphs help.": [background, "Results show that graphs help."],  # a sentence, not a label
        f"{background}\n\n---\n\n{methods}": [background, methods],  # a separator line separates
        f"{background}\n\nBackground: Another paper.": [background, "Background: Another paper."],  # an opening label opens
    }
    _assert_blocks(cases)


def test_a_paragraph_that_empty_lines_cut_mid_sentence_is_one_block_again() -> None:
    """A PDF copied with empty lines between some of its lines, or a page's "<br><br>" inside an abstract, cut the abstract
    in two: the first part was rejected as too_short and the rest published as an abstract that starts mid-sentence."""
    head, tail = "Graph neural networks struggle to capture long-range dependencies because of", "over-squashing. We propose a rewiring."
    cases = {
        f"{head}\n\n{tail}": [f"{head}\n\n{tail}"],  # a lowercase start after an open end
        f"{head}\n\n \n\n{tail}": [f"{head}\n\n{tail}"],  # however many empty lines
        "Results on GLUE, SuperGLUE,\n\nand SQuAD improve.": ["Results on GLUE, SuperGLUE,\n\nand SQuAD improve."],
        "We fine-tune the\n\nTransformer on it.": ["We fine-tune the", "Transformer on it."],  # a capital: a new abstract's start?
        f"{'w ' * 40}x\n\nlowercased and unpunctuated": [f"{'w ' * 40}x", "lowercased and unpunctuated"],  # a dump without punctuation
        f"{'w, ' * 2000}x\n\nand the rest.": [f"{'w, ' * 2000}x", "and the rest."],  # no block of 5,000 characters or more
        f"{head}\n\n{tail}\n\nmore text after a sentence's end.": [f"{head}\n\n{tail}", "more text after a sentence's end."],
        f"{head}\n\n---\n\n{tail}": [head, tail],  # a separator line separates
        "Sparse Recovery from Noisy data\n\nWe study sparse recovery.": ["Sparse Recovery from Noisy data", "We study sparse recovery."],  # a title
        "见表\n\n结果": ["见表", "结果"],  # no case: not told
    }
    _assert_blocks(cases)
    assert _blocks_of_two_files(head, tail) == [head, tail]  # never across files
    assert normalize_text_of(f"{head}\n\n{tail}") == normalize_text_of(f"{head} {tail}")


def test_the_list_under_an_abstract_that_ends_in_a_colon_is_one_block_with_it() -> None:
    """An abstract that introduces a list ("We make three contributions:") with an empty line before the list: the list was a
    second record. A short line ending in a colon (a heading) and a capitalized block under a colon stay apart."""
    intro = "Sepsis remains a leading cause of death in intensive care units, and early recognition is hard. We make three contributions:"
    items = "- a cohort of 12,345 admissions;\n- a boosted model;\n- a prospective validation."
    cases = {
        f"{intro}\n\n{items}": [f"{intro}\n\n{items}"],
        f"{intro}\n\n(1) a cohort; (2) a model.": [f"{intro}\n\n(1) a cohort; (2) a model."],
        f"{intro}\n\nfirst, a cohort; second, a model.": [f"{intro}\n\nfirst, a cohort; second, a model."],
        f"{intro}\n\nSpecifically, the next paper starts here.": [intro, "Specifically, the next paper starts here."],
        f"Accepted papers:\n\n{items}": ["Accepted papers:", items],
    }
    _assert_blocks(cases)
    assert _blocks_of_two_files(intro, items) == [intro, items]  # never across files


# Two abstracts hard-wrapped at 76 characters; each ends on a short line (39 and 11 characters)
SPARSE = textwrap.wrap(
    "We study the problem of learning sparse representations from noisy observations and propose a new algorithm that provably "
    "recovers the support under mild assumptions on the design matrix. Experiments on synthetic and real data show that the method "
    "outperforms strong baselines, including LASSO and OMP, by a wide margin on all tasks.",
    76,
)
CURRICULUM = textwrap.wrap(
    "Large language models often fail at multi-step arithmetic reasoning. We introduce a curriculum of synthetic tasks that teaches "
    "models to decompose problems into verifiable steps. Fine-tuning on this curriculum improves accuracy on three benchmarks by up to "
    "twelve points over the GPT-4 baseline, at no cost.",
    76,
)


# A paragraph wrapped where a sentence ends above a capital
PDF = [
    "We study the problem of learning sparse representations from noisy data.",
    "Our algorithm provably recovers the support under mild assumptions on the",
    "design matrix. Experiments on synthetic and real data show that the method",
    "outperforms strong baselines, including LASSO and OMP, by a wide margin.",
]


def test_a_paragraph_copied_with_an_empty_line_under_each_line_is_one_block_again() -> None:
    """A double-spaced PDF or a page with one element per visual line: each line was a block, and where a line ended a
    sentence above a capital, or ended in a capital or a digit, the paragraph rule above did not join them (too_short
    fragments, partial records)."""
    sparse, curriculum = "\n\n".join(SPARSE), "\n\n".join(CURRICULUM)
    titles = ["Sparse Recovery Under Mild Assumptions on the Design Matrix", "Curriculum Learning for Multi-Step Arithmetic Reasoning",
              "Attention Is All You Need", "Deep Residual Learning for Image Recognition"]
    people = ["Maria Kowalska, Wei Li and J. R. Smith", "Department of Computer Science, University of Warsaw", "Google DeepMind, London"]
    short = ["A first short line.", "and a second one.", "and a third one."]
    cases = {
        f"{sparse}\n\n\n\n{curriculum}": [sparse, curriculum],  # abstracts apart by more empty lines than lines
        f"{sparse}\n\n{curriculum}": [sparse, curriculum],  # one empty line everywhere: a paragraph ends on its short last line
        "\n\n".join(PDF): ["\n\n".join(PDF)],
        "\n\n".join(titles): titles,  # capitals first: a list, not wrapped prose
        "\n\n".join([*people, sparse]): [*people, sparse],
        "\n\n".join(PDF[:2]): PDF[:2],  # two lines: not told from two items
        "\n\n\n".join(PDF[:3]): [PDF[0], "\n\n".join(PDF[1:3])],  # lines two empty lines apart are blocks (the paragraph rule joins "the" / "design")
        "\n\n".join(short): short,  # no line as wide as wrapped prose
    }
    _assert_blocks(cases)
    assert _blocks_of_two_files("\n\n".join(PDF[:2]), "\n\n".join(PDF[2:])) == [*PDF[:2], "\n\n".join(PDF[2:])]  # never across files
    assert normalize_text_of("\n\n".join(PDF)) == normalize_text_of(" ".join(PDF))


def _lowercase(char: str) -> bool:
    return bool(char) and unicodedata.category(char) == "Ll"  # \\p{Ll}, as split reads it


@settings(max_examples=40, deadline=None)
@given(ABSTRACT, st.data())
def test_an_abstract_cut_before_a_lowercase_word_is_one_block(abstract: str, data: st.DataObject) -> None:
    words = abstract.split(" ")
    cuts = [i for i in range(1, len(words)) if _lowercase(words[i][:1]) and _lowercase(words[i - 1][-1:])]
    if not cuts:
        return
    cut = data.draw(st.sampled_from(cuts))
    broken = " ".join(words[:cut]) + "\n\n" + " ".join(words[cut:])
    _, blocks = _split(f"ICML 2025 Papers\n\n{abstract}\n\n{broken}\n")
    assert blocks["text_raw"].to_list() == [abstract, broken]


def test_only_a_break_between_two_paragraph_lines_after_a_sentence_splits() -> None:
    cases = {
        f"{LONG}\n{LONG}": [LONG, LONG],
        f"{LONG}\nCode: https://github.com/a/b": [f"{LONG}\nCode: https://github.com/a/b"],  # a short line joins its paragraph
        f"{LONG}\n{LONG}\n{LONG}\nCode is released.": [LONG, LONG, f"{LONG}\nCode is released."],
        f"{LONG} and so on\n{LONG}": [f"{LONG} and so on\n{LONG}"],  # the first line does not end a sentence
        f"{LONG} Code: https://github.com/a/b\n{LONG}": [f"{LONG} Code: https://github.com/a/b", LONG],  # ends with a URL
        f"{LONG[:-1]} (see \\cite{{x}}).)\n{LONG}": [f"{LONG[:-1]} (see \\cite{{x}}).)", LONG],
        # title / abstract pairs with no blank lines: each title starts its abstract's block
        f"Sparse Routing\n{LONG}\nFour-step diffusion distillation\n{LONG}\nGraph Rewiring\n{LONG}": [
            f"Sparse Routing\n{LONG}", f"Four-step diffusion distillation\n{LONG}", f"Graph Rewiring\n{LONG}"
        ],
        # ... with an author line (and a presentation line) under each title
        f"Sparse Routing\nJane Doe, John Smith\n{LONG}\nGraph Rewiring\nWei Li (MIT)\nPoster\n{LONG}\nFour-step diffusion distillation\nAnna Berg\n{LONG}": [
            f"Sparse Routing\nJane Doe, John Smith\n{LONG}", f"Graph Rewiring\nWei Li (MIT)\nPoster\n{LONG}", f"Four-step diffusion distillation\nAnna Berg\n{LONG}"
        ],
        f"{LONG}\nGraph Rewiring\nWei Li\nPoster\nOral\n{LONG}": [f"{LONG}\nGraph Rewiring\nWei Li\nPoster\nOral\n{LONG}"],  # four short lines: no title
        f"{LONG}\nCode is released.\n{LONG}": [f"{LONG}\nCode is released.\n{LONG}"],  # a short sentence is no title
        f"<li>{LONG}</li>\n<li>{LONG}</li>": [f"<li>{LONG}</li>", f"<li>{LONG}</li>"],  # a sentence ends before a closing tag too
        f"{LONG}\nsee the appendix\n{LONG}": [f"{LONG}\nsee the appendix\n{LONG}"],  # nor is a lower-case fragment
        f"{LONG}\nGraph Rewiring\nWe propose a method.": [f"{LONG}\nGraph Rewiring\nWe propose a method."],  # no paragraph after it
    }
    for block, expected in cases.items():
        _, blocks = _split(f"ICML 2025 Papers\n\n{block}\n")
        assert blocks["text_raw"].to_list() == expected, block


def test_cjk_characters_count_two_for_paragraph_width() -> None:
    abstract = "本文提出一种新的方法，在多个基准上取得了更好的结果。" * 5  # 130 characters
    sentence = "本文提出一种新的方法，在多个基准上取得了更好的结果。" * 2
    _, blocks = _split(f"ICML 2025 论文列表\n{abstract}\n{abstract}\n\n{sentence}\n{sentence}\n")
    assert blocks["text_raw"].to_list() == [abstract, abstract, f"{sentence}\n{sentence}"]


def test_a_japanese_papers_full_width_full_stop_ends_its_paragraph() -> None:
    """Japanese papers write "，．" (J-STAGE): a long line that ends in "．" is a paragraph, as one that ends in "。" is."""
    abstract = "本研究では，少数の例示から新しいタスクを学習する能力を分析する．具体的には，注意重みを追跡した．" * 3
    _, blocks = _split(f"ICML 2025 論文一覧\n{abstract}\n{abstract}\n")
    assert blocks["text_raw"].to_list() == [abstract, abstract]


def test_glued_and_one_per_line_files_on_disk_give_the_listed_blocks(tmp_path: Path) -> None:
    """Blocks of a bundled sample file, written back glued, with separator lines or one per line."""
    seed = SEEDS / "004_b7bcd04307c4e48c.txt"
    listed = split_blocks(split_header(read_sources([seed], SEEDS)))["text_raw"].to_list()
    assert len(listed) > 4 and all("\n" not in block for block in listed)
    variants = {
        "one_per_line.txt": "\n".join(listed),
        "dashes.txt": "\n---\n".join(listed),
        "mixed.txt": "\n".join(listed[:3]) + "\n\n* * *\n\n" + "\n=====\n".join(listed[3:]),
    }
    for name, body in variants.items():
        (tmp_path / name).write_text("ICML 2022 Papers\n" + body + "\n", encoding="utf-8")
    blocks = split_blocks(split_header(read_sources(sorted(tmp_path.iterdir()), tmp_path)))
    for name in variants:
        mine = blocks.filter(pl.col("path") == name)
        assert mine["text_raw"].to_list() == listed, name
        assert mine["ordinal"].to_list() == list(range(1, len(listed) + 1))


# Text made of what gaps are made of: letters, spaces of every kind, line breaks and separator characters.
GAP_MATERIAL = st.lists(st.sampled_from(["A", "b.", " ", "\t", "\n", "\n\n", "\u00a0", "\u3000", "\u200b", "\ufeff", "\f", "-", "*", "=", "—"]), max_size=40).map("".join)


def _blocks_of_whole_text(text: str, header_raw: str | None) -> list[str]:
    """The blocks of a file by the gap regex over its whole text at once (what ``split_blocks`` did before bodies were cut at empty lines)."""
    stripped = text.replace("\r\n", "\n").replace("\r", "\n").lstrip(" \t\n" + INVISIBLE_MARKS)
    body = stripped[len(stripped.split("\n", 1)[0]) :] if header_raw is not None else stripped
    frame = pl.DataFrame({"body": [body]}).select(
        pl.concat_str(pl.lit("\n"), pl.col("body"), pl.lit("\n")).str.replace_all(_GAP, _SEP).str.split(_SEP).list.eval(pl.element().str.strip_chars("\n"))
    )
    return [block for block in frame.item().to_list() if block.strip()]


@settings(max_examples=400)
@given(st.sampled_from(["", "ICML 2025 Papers\n", "\n \u200b\n\nICML 2025 论文列表\r\n", "Not a header at all."]), GAP_MATERIAL)
def test_cutting_a_text_at_empty_lines_first_gives_the_blocks_of_the_whole_text(head: str, rest: str) -> None:
    # split_paragraph_lines only splits lines of 250+ characters and no block ends open ("A", "b."): the blocks are the gap split's
    parsed, blocks = _split(head + rest)
    assert blocks["text_raw"].to_list() == _blocks_of_whole_text(head + rest, parsed["header_raw"][0])
    if head.strip().startswith("ICML"):
        assert parsed["header_raw"][0].startswith("ICML 2025")


PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>ICML 2024 Papers</title>
<style>p { color: red }</style><script>var template = "<p>not a paper</p>";</script></head>
<body><nav><a href="/">Home</a></nav>
<h1>ICML 2024 Papers</h1>
<div class="paper"><h3>Sparse Transformers</h3>
<p class="abstract">We propose a method for training <i>sparse</i> transformers that keeps accuracy while
cutting compute &amp; memory. Code: <a href="https://github.com/lab/sparse">GitHub</a></p></div>
<!-- a comment <p>with a tag</p> -->
<div class="paper"><h3>Hierarchical GNNs</h3><p class="abstract">Graph neural networks struggle with
long-range dependencies.<br>We introduce a hierarchical message passing scheme.</p></div>
</body></html>
"""


def test_a_saved_html_page_is_read_as_the_listing_it_shows() -> None:
    parsed, blocks = _split(PAGE)
    assert parsed.select("collection", "venue", "year").row(0) == ("ICML 2024 Papers", "ICML", 2024)
    assert blocks["text_raw"].to_list() == [
        '<a href="/">Home</a>',
        "### Sparse Transformers\nWe propose a method for training <i>sparse</i> transformers that keeps accuracy while cutting"
        ' compute &amp; memory. Code: <a href="https://github.com/lab/sparse">GitHub</a>',
        "### Hierarchical GNNs\nGraph neural networks struggle with long-range dependencies.\nWe introduce a hierarchical message passing scheme.",
    ]  # the heading that repeats the title, the head, the script and the comment are gone; inline markup stays for normalize;
    # each paper's heading is its block's first line


def test_a_page_fragment_is_a_page_and_a_sections_heading_stays_apart_from_its_papers() -> None:
    """A scraper's dump of a page's content (no doctype, no <html>) opens with a block element; a section's heading (one
    above a list, a table or another heading) is no paper's title; an empty line in a page's text is a gap between blocks."""
    fragment = (
        "<h1>ICLR 2025 Papers</h1>\n<h2>Orals</h2>\n<div class='paper'><h3>Sparse Codes</h3><p>We study sparse codes.</p></div>\n"
        "<h2>Posters</h2><ul><li>We study dense codes.</li><li>We study graphs.</li></ul><h4></h4><p>We study trees.\n\n"
        "We study forests.</p><h3>Last heading</h3>\n"
    )
    parsed, blocks = _split(fragment)
    assert parsed.select("header_raw", "venue", "year").row(0) == ("ICLR 2025 Papers", "ICLR", 2025)
    assert blocks["text_raw"].to_list() == [
        "Orals", "### Sparse Codes\nWe study sparse codes.", "Posters", "We study dense codes.", "We study graphs.",
        "We study trees.", "We study forests.", "Last heading",
    ]
    titled = "<html><head><title>ICML 2025 Papers</title></head><body><h2>ICML 2025 Papers</h2><h3>T</h3><p>We study x.</p></body></html>"
    assert page_listing(titled) == "ICML 2025 Papers\n\n### T\nWe study x.\n"  # a heading that repeats the title goes, whatever its level
    for not_a_page in ("ICML 2025 Papers\n\n<div>An abstract in a div.</div>\n", "<b>ICML 2025</b> Papers\n\nAn abstract.\n"):
        assert page_listings(pl.Series([not_a_page])).to_list() == [not_a_page]


def test_a_page_without_a_title_takes_its_first_heading_and_a_listing_with_tags_is_not_a_page() -> None:
    parsed, blocks = _split("<html><head><meta charset=utf-8><body><h1>KDD 2025 Accepted Papers</h1><p>An abstract that is long enough.</p></body></html>")
    assert parsed.select("header_raw", "venue", "year").row(0) == ("KDD 2025 Accepted Papers", "KDD", 2025)
    assert blocks["text_raw"].to_list() == ["An abstract that is long enough."]
    listing = "ICML 2025 Papers\n\n<p>An abstract with a paragraph tag.</p>\n\n<html> is a word here.\n"
    assert page_listings(pl.Series([listing])).to_list() == [listing]


@settings(max_examples=60, deadline=None)
@given(
    paragraphs=st.lists(
        st.text(alphabet=st.characters(categories=("L", "N", "Zs"), exclude_characters="\u00a0\u3000"), min_size=1, max_size=60).filter(
            lambda s: s.strip()
        ),
        min_size=1,
        max_size=6,
    ),
    other=st.text(max_size=80),
)
def test_page_paragraphs_become_blocks_in_order_and_other_texts_stay_as_they_were(paragraphs: list[str], other: str) -> None:
    page = "<!doctype html><html><head><title>NeurIPS 2024 Papers</title></head><body>" + "".join(f"<p>{p}</p>" for p in paragraphs) + "</body></html>"
    assert page_listing(page) == "NeurIPS 2024 Papers\n\n" + "\n\n".join(" ".join(p.split()) for p in paragraphs) + "\n"
    if not re.match(HTML_PAGE, other):
        assert page_listings(pl.Series([other])).to_list() == [other]


ABSTRACT = "We study sparse representations learned from noisy data and give an estimator with provable guarantees."


def test_a_markdown_page_whose_front_matter_names_a_title_takes_it_as_its_header() -> None:
    """Jekyll and Hugo pages (a paper list on GitHub Pages) open with YAML between '---' lines or TOML between '+++' lines:
    the title is the header, the front matter is no block, and a first heading that repeats the title goes."""
    yaml_page = f'---\r\nlayout: page\r\ntitle: "ICML 2025  Papers"\r\ndate: 2025-07-01\r\n---\r\n\r\n# ICML 2025 Papers\r\n\r\n{ABSTRACT}\r\n'
    parsed, blocks = _split(yaml_page)
    assert parsed.select("header_raw", "venue", "year").row(0) == ("ICML 2025 Papers", "ICML", 2025)
    assert blocks["text_raw"].to_list() == [ABSTRACT]
    toml_page = f'\ufeff+++\ntitle = "NeurIPS 2024 论文列表"\ndraft = false\n+++\nNeurIPS 2024 accepted papers, by session.\n\n{ABSTRACT}\n'
    parsed, blocks = _split(toml_page)
    assert parsed.select("venue", "year", "header_lang").row(0) == ("NEURIPS", 2024, "zh")
    assert blocks["text_raw"].to_list() == ["NeurIPS 2024 accepted papers, by session.", ABSTRACT]  # not the title: it stays
    closed_by_dots = f"---\ntitle: KDD 2025 Accepted Papers\n...\n\n{ABSTRACT}\n"
    assert front_matter_listing(closed_by_dots) == f"KDD 2025 Accepted Papers\n\n{ABSTRACT}\n"


def test_front_matter_without_a_title_or_a_paper_between_rules_is_not_a_header() -> None:
    """Text as it was: no title, a title that is not text, front matter that does not parse or does not close, and a
    listing of YAML papers between '---' lines (the first paper's title is no header: it has an abstract)."""
    for text in (
        f"---\nlayout: page\n---\n\nICML 2025 Papers\n\n{ABSTRACT}\n",
        f"---\ntitle: [ICML, 2025]\n---\n\n{ABSTRACT}\n",
        f"---\ntitle: \"ICML 2025\n---\n\n{ABSTRACT}\n",
        f"+++\ntitle = ICML 2025\n+++\n\n{ABSTRACT}\n",
        f"---\ntitle: ICML 2025 Papers\ndate: 2025-13-01\n---\n\n{ABSTRACT}\n",  # a date YAML cannot build
        f"---\ntitle: ICML 2025 Papers\n\n{ABSTRACT}\n",
        f"---\ntitle: Sparse Codes\nabstract: {ABSTRACT}\n---\ntitle: Dense Codes\nabstract: {ABSTRACT}\n---\n",
        f"ICML 2025 Papers\n---\ntitle: x\n---\n\n{ABSTRACT}\n",
    ):
        assert front_matter_listing(text) == text
        assert page_listings(pl.Series([text])).to_list() == [text]


@settings(max_examples=60, deadline=None)
@given(
    title=st.text(alphabet=st.characters(categories=("L", "N", "Zs", "P"), exclude_characters="\u00a0\u3000\u2028\u2029"), min_size=1, max_size=40).filter(
        lambda s: s.strip()
    ),
    page=st.text(alphabet=st.characters(categories=("L", "N", "Zs", "P")), max_size=120),
)
def test_a_front_matter_title_is_read_whatever_it_holds_and_the_page_stays(title: str, page: str) -> None:
    quoted = json.dumps(title, ensure_ascii=False)  # a JSON string is a YAML and a TOML basic string
    header = " ".join(title.split())
    for fence in ("---", "+++"):
        front = f"title: {quoted}" if fence == "---" else f"title = {quoted}"
        listing = front_matter_listing(f"{fence}\n{front}\n{fence}\n\n{ABSTRACT}\n\n{page}")
        assert listing == f"{header}\n\n{ABSTRACT}\n\n{page}"


def test_each_row_of_a_csv_export_is_a_block_of_its_fields_and_normalize_reads_its_abstract() -> None:
    from transforms.normalize import normalize_column

    export = (
        "ICML 2024 Papers\n\ntitle,authors,abstract,code\n"
        'Sparse Transformers,"A. Author, B. Author","We prune heads, and keep accuracy.\nA second line.",https://github.com/a/b\n'
        'Hierarchical GNNs,C. Author,"Graph networks ""struggle"" with range.",\n'
    )
    _, blocks = _split(export)
    assert [json.loads(raw) for raw in blocks["text_raw"]] == [
        {"title": "Sparse Transformers", "authors": "A. Author, B. Author", "abstract": "We prune heads, and keep accuracy.\nA second line.", "code": "https://github.com/a/b"},
        {"title": "Hierarchical GNNs", "authors": "C. Author", "abstract": 'Graph networks "struggle" with range.', "code": ""},
    ]
    assert normalize_column(blocks)["text"].to_list() == ["We prune heads, and keep accuracy. A second line.", 'Graph networks "struggle" with range.']
    paragraphs = 'ICML 2024 Papers\n\ntitle,abstract\nA,"First paragraph.\n\nSecond paragraph."\nB,"One paragraph."\n\nAfter the export.\n'
    assert [json.loads(raw)["abstract"] for raw in _split(paragraphs)[1]["text_raw"][:2]] == ["First paragraph.\n\nSecond paragraph.", "One paragraph."]
    assert _split(paragraphs)[1]["text_raw"][2] == "After the export."
    unclosed = 'ICML 2024 Papers\n\ntitle,abstract\nA,"An unclosed quote.\n\nThe next block.\n'
    assert _split(unclosed)[1]["text_raw"].to_list() == ['title,abstract\nA,"An unclosed quote.', "The next block."]  # no export: as it was
    semicolons = "AAAI 2025 Papers\n\nTitle;Abstract\nOne;An abstract; with a semicolon in quotes? No: a field of its own.\n"
    assert _split(semicolons)[1]["text_raw"].to_list() == ["Title;Abstract\nOne;An abstract; with a semicolon in quotes? No: a field of its own."]  # 3 fields under 2 names: not an export


def test_each_entry_of_a_feed_is_a_block_and_normalize_reads_its_abstract() -> None:
    """A feed dumped whole (arXiv's RSS, its API's Atom) was one block: the longest description was read and the other entries were lost."""
    from transforms.normalize import normalize_column

    rss = (
        'ICML 2024 Papers\n\n<?xml version="1.0"?><rss><channel><title>cs.LG updates</title><description>Machine Learning updates</description>\n'
        "<item><title>A</title><description>arXiv:2401.00001v1 Announce Type: new \nAbstract: We prune heads.</description></item>\n"
        "<item><title>B</title><description>We study graphs.</description></item></channel></rss>\n"
    )
    atom = "ICML 2024 Papers\n\n<feed><entry><id>x</id><title>C</title><summary>We study trees.</summary></entry></feed>\n"
    two = "ICML 2024 Papers\n\n<entry><summary>We x.</summary></entry>\n<entry><summary>We y.</summary></entry>\n"
    blocks = pl.concat([_split(text)[1] for text in (rss, atom, two)])
    assert blocks["text_raw"].to_list() == [
        "<item><title>A</title><description>arXiv:2401.00001v1 Announce Type: new \nAbstract: We prune heads.</description></item>",
        "<item><title>B</title><description>We study graphs.</description></item>",
        "<entry><id>x</id><title>C</title><summary>We study trees.</summary></entry>",
        "<entry><summary>We x.</summary></entry>",
        "<entry><summary>We y.</summary></entry>",
    ]
    assert normalize_column(blocks)["text"].to_list() == ["We prune heads.", "We study graphs.", "We study trees.", "We x.", "We y."]
    single = "ICML 2024 Papers\n\n<item><title>D</title><description>We z.</description></item>\nA note under it.\n"
    assert _split(single)[1]["text_raw"].to_list() == ["<item><title>D</title><description>We z.</description></item>\nA note under it."]  # one entry: as it was


def test_a_csv_export_with_a_malformed_row_is_still_cut_into_its_rows() -> None:
    """One row with an unquoted comma kept the whole export one block: its abstracts became one record."""
    export = (
        "ICML 2025 Papers\n\ntitle,authors,abstract\n"
        '"Pruning","Lee","We prune large models."\n'
        'Sparse Attention, Part 2,Smith,"We study sparse attention kernels."\n'
        'Planners,Doe,"We plan with diffusion models.",extra\n'
    )
    rows = [json.loads(raw) for raw in _split(export)[1]["text_raw"]]
    assert [row["abstract"] for row in rows] == ["We prune large models.", "We study sparse attention kernels.", "We plan with diffusion models."]
    assert rows[1]["_extra"] == ['"We study sparse attention kernels."'[1:-1]] and rows[2]["_extra"] == ["extra"]


_CELL = st.text(alphabet=st.characters(exclude_categories=("Cs",), exclude_characters="\x00\r"), max_size=80)  # files reach here with LF only


@settings(max_examples=60, deadline=None)
@given(rows=st.lists(st.tuples(_CELL, _CELL.filter(lambda s: s.strip())), min_size=1, max_size=5), prose=_CELL)
def test_csv_rows_round_trip_and_text_without_an_abstract_column_is_not_an_export(rows: list[tuple[str, str]], prose: str) -> None:
    buffer = io.StringIO()
    csv.writer(buffer, lineterminator="\n").writerows([("title", "abstract"), *rows])
    assert [tuple(json.loads(entry).values()) for entry in csv_entries(buffer.getvalue())] == rows
    first = prose.split("\n", 1)[0]
    if not {cell.strip().strip('"').lower() for delimiter in ",;" for cell in first.split(delimiter)} & {"abstract", "summary", "abstract_text", "paper_abstract"}:
        assert csv_entries(prose) == [prose]


_PARAGRAPH = st.text(alphabet=st.characters(categories=("L", "N", "P", "Zs")), min_size=1, max_size=30).map(str.strip).filter(bool)


@settings(max_examples=40, deadline=None)
@given(abstracts=st.lists(st.lists(_PARAGRAPH, min_size=1, max_size=3).map("\n\n".join), min_size=1, max_size=4))
def test_a_csv_export_whose_abstracts_hold_empty_lines_is_split_into_its_rows(abstracts: list[str]) -> None:
    buffer = io.StringIO()
    csv.writer(buffer, lineterminator="\n").writerows([("title", "abstract"), *[(f"Paper {i}", a) for i, a in enumerate(abstracts)]])
    blocks = _split("ICML 2024 Papers\n\n" + buffer.getvalue())[1]
    assert [json.loads(raw)["abstract"] for raw in blocks["text_raw"]] == abstracts


def test_an_atom_or_rss_feed_is_read_as_one_block_per_entry_and_normalize_reads_its_summary() -> None:
    from transforms.normalize import normalize_column

    atom = (
        '<?xml version="1.0" encoding="UTF-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom">\n<title>ICML 2025 Papers</title>\n'
        "<entry><id>http://arxiv.org/abs/2401.00001v2</id><title>Sparse Transformers</title>\n"
        "<summary>  We prune heads while\ntraining.\n</summary><link href=\"http://arxiv.org/abs/2401.00001v2\" rel=\"alternate\"/></entry>\n"
        "<entry><id>http://arxiv.org/abs/2401.00002v1</id><title>Hierarchical GNNs</title><summary>Graphs &amp; range.</summary></entry>\n</feed>\n"
    )
    parsed, blocks = _split(atom)
    assert parsed.select("venue", "year").row(0) == ("ICML", 2025)
    assert [json.loads(raw) for raw in blocks["text_raw"]] == [
        {"title": "Sparse Transformers", "abstract": "We prune heads while training.", "url": "http://arxiv.org/abs/2401.00001v2"},
        {"title": "Hierarchical GNNs", "abstract": "Graphs & range.", "url": "http://arxiv.org/abs/2401.00002v1"},
    ]
    assert normalize_column(blocks)["text"].to_list() == ["We prune heads while training.", "Graphs & range."]
    rss = "<rss version=\"2.0\"><channel><title>cs.LG updates</title><item><title>A</title><description>&lt;p&gt;An abstract.&lt;/p&gt;</description><link>https://x.org/a</link></item></channel></rss>"
    assert feed_listing(rss) == 'cs.LG updates\n\n{"title": "A", "abstract": "<p>An abstract.</p>", "url": "https://x.org/a"}\n'
    broken = "<feed><entry><summary>unclosed</entry>"
    listing = "ICML 2025 Papers\n\n<feed> is a word.\n"
    assert page_listings(pl.Series([broken, listing])).to_list() == [broken, listing]  # not XML, not a feed: as they were


def test_json_nested_deeper_than_the_parser_goes_stays_a_block() -> None:
    """A RecursionError in json.loads stopped the whole run (a page dump of nested arrays)."""
    deep = '{"abstract": "We study X.", "x": ' + "[" * 5000 + "]" * 5000 + "}"
    assert json_entries(deep) == [deep]
    assert json_abstract(deep) == deep
    _, blocks = _split(f"ICML 2025 Papers\n\n{deep}\n")
    assert blocks["text_raw"].to_list() == [deep]


def test_a_block_of_labelled_links_stays_with_the_abstract_above_it() -> None:
    """Awesome-lists put a paper's links under its abstract after an empty line; as a block of their own they were rejected
    as url_only and their URLs reached no record."""
    badges = "[[Paper]](https://arxiv.org/abs/2401.11111) [[Code]](https://github.com/foo/onestep)"
    cases = {
        f"{LONG}\n\n{badges}\n\n{LONG}": [f"{LONG}\n{badges}", LONG],
        f"{LONG}\n\n**Code:** https://github.com/a/b\n\n\U0001f4c4 [Paper](https://x.org/p) | \U0001f4bb [Code](https://g.com/c)": [
            f"{LONG}\n**Code:** https://github.com/a/b\n\U0001f4c4 [Paper](https://x.org/p) | \U0001f4bb [Code](https://g.com/c)"
        ],
        f"{LONG}\n\nhttps://openreview.net/forum?id=Hk3x9QzR2b": [LONG, "https://openreview.net/forum?id=Hk3x9QzR2b"],  # a bare URL: whose?
        f"{badges}\n\n{LONG}": [badges, LONG],  # nothing above it
        f"Sparse Routing\n\n{badges}": ["Sparse Routing", badges],  # a title line above it: no abstract
        f"{LONG}\n\n[[Paper]] [[Code]]": [LONG, "[[Paper]] [[Code]]"],  # no URL
        f"{LONG}\n\nPapers and code: https://x.org/p": [LONG, "Papers and code: https://x.org/p"],  # words that are no link labels
    }
    _assert_blocks(cases)
    assert _blocks_of_two_files(LONG, badges) == [LONG, badges]  # never across files


def test_a_translation_block_stays_with_the_abstract_above_it() -> None:
    """Aggregators put an abstract's translation under it after an empty line: as a block of its own it was a second record of
    the paper, in another language. Joined, normalization drops it (its label after the abstract's last sentence)."""
    zh = "中文翻译：我们提出了一种新的稀疏路由方法。"
    ja = "日本語訳：疎なルーティング手法を提案する。"
    cases = {
        f"{LONG}\n\n{zh}\n\n{LONG}": [f"{LONG}\n{zh}", LONG],
        f"{LONG}\n\n{ja}": [f"{LONG}\n{ja}"],
        f"{LONG}\n\n摘要翻译：我们提出了一种方法。": [f"{LONG}\n摘要翻译：我们提出了一种方法。"],
        f"{LONG}\n\nTranslation: 我们提出了一种方法。": [f"{LONG}\nTranslation: 我们提出了一种方法。"],
        f"{LONG}\n\nTranslation: a hard task for models.": [LONG, "Translation: a hard task for models."],  # may be the text's own
        f"{LONG[:-1]} and more\n\n{zh}": [f"{LONG[:-1]} and more", zh],  # no sentence end above: normalization would keep it
        f"{zh}\n\n{LONG}": [zh, LONG],  # nothing above it
        f"Sparse Routing.\n\n{zh}": ["Sparse Routing.", zh],  # no abstract above it
    }
    _assert_blocks(cases)
    assert _blocks_of_two_files(LONG, zh) == [LONG, zh]  # never across files
    assert pl.select(normalize_text(pl.lit(f"{LONG}\n{zh}"))).item() == LONG.strip()


EN_ABSTRACT = (
    "Graph neural networks (GNNs) are widely used for learning on relational data, but their message passing is expensive on large graphs. "
    "Our method, SparseGNN, prunes message-passing edges with a learned gate regularized towards invariance across environments. "
    "On eight benchmarks SparseGNN matches dense baselines while using 40% fewer FLOPs and improves out-of-distribution accuracy by 3.1 points."
)
ZH_TRANSLATION = (
    "图神经网络被广泛用于关系数据的学习，但其消息传递在大规模图上代价高昂。我们的方法SparseGNN使用一个学习得到的门控来剪枝消息传递边，"
    "该门控被正则化以在不同环境间保持不变。在八个基准上，SparseGNN与稠密基线持平，同时减少40%的计算量，并将分布外准确率平均提高3.1个百分点。"
)
ZH_OTHER_PAPER = (
    "大型语言模型在被问及罕见实体时会产生事实幻觉。我们提出RetroCheck，一种检索增强的验证器，它根据检索到的段落为每个生成的声明打分，"
    "并改写不受支持的声明。在三个问答数据集上，RetroCheck将幻觉率降低了35%，流畅度几乎没有损失，优于GPT-4的自我检查。"
    "我们还分析了验证器在长尾实体上的失败案例，发现检索覆盖率是主要瓶颈，并据此提出了一种迭代检索策略。"
)


RU_TRANSLATION = (
    "Графовые нейронные сети (GNN) широко применяются для обучения на реляционных данных, но передача сообщений в них дорога на "
    "больших графах. Наш метод SparseGNN прореживает рёбра передачи сообщений с помощью обучаемого затвора, регуляризованного к "
    "инвариантности между средами. На восьми наборах данных SparseGNN не уступает плотным базовым моделям, используя на 40% "
    "меньше FLOPs, и повышает точность вне распределения на 3.1 пункта."
)
RU_OTHER_PAPER = (
    "Большие языковые модели галлюцинируют, когда их спрашивают о редких сущностях. Мы предлагаем RetroCheck, верификатор с "
    "дополнением поиском, который оценивает каждое сгенерированное утверждение по найденным фрагментам и переписывает "
    "неподтверждённые. На трёх наборах вопросов RetroCheck снижает долю галлюцинаций на 35% и превосходит самопроверку GPT-4."
)


RU_OTHER_EN = (
    "Large language models hallucinate when asked about rare entities. We propose RetroCheck, a retrieval-augmented verifier that "
    "scores every generated claim against retrieved passages and rewrites the unsupported ones. On three question sets it cuts "
    "hallucinations by a third and beats self-checking."
)


def test_an_abstract_and_its_unlabeled_translation_into_an_alphabet_stays_one_block() -> None:
    """A Russian digest writes the translation as a Chinese one does (Cyrillic letters count one each, a CJK character three)."""
    cases = {
        f"{EN_ABSTRACT}\n{RU_TRANSLATION}": [f"{EN_ABSTRACT}\n{RU_TRANSLATION}"],
        f"{RU_TRANSLATION}\n{EN_ABSTRACT}": [f"{RU_TRANSLATION}\n{EN_ABSTRACT}"],
        f"{EN_ABSTRACT}\n{RU_OTHER_PAPER}": [EN_ABSTRACT, RU_OTHER_PAPER],  # another paper: names of its own
        f"{EN_ABSTRACT}\n\n{RU_TRANSLATION}\n\n{LONG}": [f"{EN_ABSTRACT}\n{RU_TRANSLATION}", LONG],
        f"{RU_TRANSLATION}\n\n{EN_ABSTRACT}\n\n{LONG}": [f"{RU_TRANSLATION}\n{EN_ABSTRACT}", LONG],
        f"{LONG}\n\n{RU_TRANSLATION}": [LONG, RU_TRANSLATION],
    }
    _assert_blocks(cases)
    assert pl.select(normalize_text(pl.lit(f"{RU_TRANSLATION}\n{EN_ABSTRACT}"))).item() == EN_ABSTRACT


def test_an_abstract_under_its_labels_in_two_languages_stays_one_block() -> None:
    """A journal's bilingual abstract ("Аннотация: …" / "Abstract: …"): one paper, whatever names the two share (this
    translation shares one, RetroCheck's); labels in both languages in a row pair up two by two."""
    ru, en = f"Аннотация: {RU_OTHER_PAPER}", "Abstract: " + RU_OTHER_EN
    other_ru, other_en = f"Аннотация: {RU_TRANSLATION}", f"Abstract: {EN_ABSTRACT}"
    cases = {
        f"{ru}\n{en}": [f"{ru}\n{en}"],
        f"{en}\n{ru}": [f"{en}\n{ru}"],
        f"{ru}\n{en}\n{other_ru}\n{other_en}": [f"{ru}\n{en}", f"{other_ru}\n{other_en}"],
        f"{en}\n{other_en}": [en, other_en],  # two papers' English abstracts
        # ... also as two blocks (an empty line between them), which pair up two by two too; a block that holds both takes none
        f"{ru}\n\n{en}": [f"{ru}\n{en}"],
        f"{en}\n\n{ru}\n\n{LONG}": [f"{en}\n{ru}", LONG],
        f"{ru}\n\n{en}\n\n{other_ru}\n\n{other_en}": [f"{ru}\n{en}", f"{other_ru}\n{other_en}"],
        f"{ru}\n{en}\n\n{other_en}": [f"{ru}\n{en}", other_en],
        f"{en}\n\n{other_en}": [en, other_en],
    }
    _assert_blocks(cases)
    assert pl.select(normalize_text(pl.lit(f"{ru}\n{en}"))).item() == RU_OTHER_EN


def test_an_abstract_and_its_unlabeled_translation_stay_one_block() -> None:
    """A digest writes a paper's abstract and its translation on two lines, or as two blocks, without a label: cut apart, the
    translation was a second record of the paper. The translation shares the abstract's names and numbers; another paper's
    abstract in Chinese does not, and stays a block of its own."""
    cases = {
        f"{EN_ABSTRACT}\n{ZH_TRANSLATION}": [f"{EN_ABSTRACT}\n{ZH_TRANSLATION}"],
        f"{ZH_TRANSLATION}\n{EN_ABSTRACT}": [f"{ZH_TRANSLATION}\n{EN_ABSTRACT}"],  # the translation first
        f"SparseGNN: Sparse Message Passing\n{EN_ABSTRACT}\n{ZH_TRANSLATION}\n{LONG}": [f"SparseGNN: Sparse Message Passing\n{EN_ABSTRACT}\n{ZH_TRANSLATION}", LONG],
        f"{EN_ABSTRACT}\n{ZH_OTHER_PAPER}": [EN_ABSTRACT, ZH_OTHER_PAPER],  # another paper: no shared names or numbers
        f"{ZH_TRANSLATION}\n{ZH_OTHER_PAPER}": [ZH_TRANSLATION, ZH_OTHER_PAPER],  # two abstracts in Chinese
        # after an empty line, under its abstract (not above it, not under another paper's, not under a title)
        f"{EN_ABSTRACT}\n\n{ZH_TRANSLATION}\n\n{LONG}": [f"{EN_ABSTRACT}\n{ZH_TRANSLATION}", LONG],
        f"{ZH_TRANSLATION}\n\n{EN_ABSTRACT}\n\n{LONG}": [f"{ZH_TRANSLATION}\n{EN_ABSTRACT}", LONG],  # the translation first
        f"{EN_ABSTRACT}\n\n{ZH_TRANSLATION}\n\n{EN_ABSTRACT}": [f"{EN_ABSTRACT}\n{ZH_TRANSLATION}", EN_ABSTRACT],  # one original only
        f"{LONG}\n\n{ZH_TRANSLATION}": [LONG, ZH_TRANSLATION],
        f"SparseGNN: Sparse Message Passing with 40 Gates\n\n{ZH_TRANSLATION}": ["SparseGNN: Sparse Message Passing with 40 Gates", ZH_TRANSLATION],
    }
    _assert_blocks(cases)
    assert _blocks_of_two_files(EN_ABSTRACT, ZH_TRANSLATION) == [EN_ABSTRACT, ZH_TRANSLATION]  # never across files
    # a translation first in its file is not the one of the last block of the file before
    assert _blocks_of_two_files(EN_ABSTRACT, f"{ZH_TRANSLATION}\n\n{EN_ABSTRACT}") == [EN_ABSTRACT, f"{ZH_TRANSLATION}\n{EN_ABSTRACT}"]


@pytest.mark.parametrize(
    ("translation", "original", "shared"),
    [
        ("我们的方法SparseGNN在8个基准上将FLOPs降低40%。", "Our SparseGNN cuts FLOPs by 40% on eight benchmarks.", True),  # "8": a digit alone
        ("图神经网络（GNN）与SparseGNN将FLOPs降低40%。", "Graph neural networks (GNNs) and SparseGNN cut FLOPs by 40%.", True),  # a plural's "s"
        ("我们提出RetroCheck，优于GPT-4。", "Our SparseGNN cuts FLOPs by 40% and beats GPT-4.", False),  # a name of its own
        ("我们提出一种新方法。", "Our SparseGNN cuts FLOPs by 40%.", True),  # no names: none of its own
    ],
)
def test_a_translation_holds_the_names_and_numbers_of_its_original(translation: str, original: str, shared: bool) -> None:
    assert pl.select(shares_names(pl.lit(translation), pl.lit(original), 0)).item() is shared
    assert pl.select(normalize_text(pl.lit(f"SparseGNN: Sparse Message Passing\n{EN_ABSTRACT}\n{ZH_TRANSLATION}"))).item() == EN_ABSTRACT


def test_an_arxiv_entry_head_is_one_block_with_the_abstract_under_it() -> None:
    """arXiv's listing pages put an empty line between an entry's head (id, Title, authors, fields) and its abstract: apart, the
    head was rejected as too_short and the record had neither its title nor its arXiv link."""
    head = "[1] arXiv:2501.01234 [pdf, html, other]\nTitle: Sparse Routing\nJane Doe, John Roe\nSubjects: Machine Learning (cs.LG)"
    other = head.replace("[1] arXiv:2501.01234", "[2] arXiv:2501.01235")
    cases = {
        f"{head}\n\n{LONG}\n\n{other}\n\n{LONG}": [f"{head}\n{LONG}", f"{other}\n{LONG}"],
        f"{head}\n\n{other}\n\n{LONG}": [head, f"{other}\n{LONG}"],  # a head under a head: the first has no abstract
        f"{head}\n\nWe study X.": [head, "We study X."],  # no abstract under it
        f"{head}\n{LONG}{LONG}\n\n{LONG}": [f"{head}\n{LONG}{LONG}", LONG],  # its abstract in its block already
        f"Title: Sparse Routing\n\n{LONG}": ["Title: Sparse Routing", LONG],  # no arXiv entry line
    }
    _assert_blocks(cases)
    assert _blocks_of_two_files(head, LONG) == [head, LONG]  # never across files
    assert pl.select(normalize_text(pl.lit(f"{head}\n{LONG}"))).item() == LONG.strip()


def test_a_quoted_abstract_under_a_linked_title_line_is_one_block_with_it() -> None:
    """Markdown paper lists write a linked title, an empty line and the abstract as a blockquote: apart, the title was
    rejected as url_only and the record lost its link."""
    title = "- [Sparse Routing for Long Contexts](https://arxiv.org/abs/2401.11111)"
    quoted = "> " + LONG[:60] + "\n  > " + LONG[60:]
    cases = {
        f"{title}\n\n{quoted}\n\n{title}\n\n{quoted}": [f"{title}\n{quoted}", f"{title}\n{quoted}"],
        f"1. [Sparse Routing](https://x.org/p) (ICML 2025)\n\n{quoted}": [f"1. [Sparse Routing](https://x.org/p) (ICML 2025)\n{quoted}"],
        f"{title}\n\n{LONG}": [title, LONG],  # not a quote: the next paper's abstract, or none
        f"Sparse Routing\n\n{quoted}": ["Sparse Routing", quoted],  # no link: a heading, not a list entry
        f"{LONG}\n\n{quoted}": [LONG, quoted],
        f"{title}\n> An inline quote under it.\n\n{quoted}": [f"{title}\n> An inline quote under it.", quoted],  # two lines above
    }
    _assert_blocks(cases)
    assert _blocks_of_two_files(title, quoted) == [title, quoted]  # never across files


def test_a_markdown_heading_over_one_abstract_is_one_block_with_it_and_a_section_heading_is_not() -> None:
    """A paper list's `## Title`, an empty line, the abstract: apart, the title was rejected (too_short) and the record had
    none. A heading over two abstracts is a section's (a section's heading over one abstract reads as its title)."""
    other = LONG.replace("We", "Here we", 1)
    cases = {
        f"## Sparse Routing\n\n{LONG}\n\n### [Dense Routing](https://x.org/p)\n\n{other}": [f"## Sparse Routing\n{LONG}", f"### [Dense Routing](https://x.org/p)\n{other}"],
        f"## Oral Papers\n\n### Sparse Routing\n\n{LONG}": ["## Oral Papers", f"### Sparse Routing\n{LONG}"],  # a heading over a heading
        f"## Reinforcement Learning\n\n{LONG}\n\n{other}": ["## Reinforcement Learning", LONG, other],
        f"#### ---- ####\n\n{LONG}": ["#### ---- ####", LONG],  # no letter: no title
        f"**Sparse Routing**\n\n{LONG}": ["**Sparse Routing**", LONG],  # normalization would keep a bold line in the text
        f"## Sparse Routing\nJane Doe, John Roe\n\n{LONG}": ["## Sparse Routing\nJane Doe, John Roe", LONG],  # and an author line
        "## Sparse Routing\n\nShort note.": ["## Sparse Routing", "Short note."],  # no abstract under it
    }
    _assert_blocks(cases)
    assert _blocks_of_two_files("## Sparse Routing", LONG) == ["## Sparse Routing", LONG]  # never across files
    _, blocks = _split(f"ICML 2025 Papers\n\n### [Dense Routing](https://x.org/p)\n\n{LONG}\n")
    read = normalize.normalize_column(blocks).select("text", title=titles.title(pl.col("text_raw")))
    assert read.rows() == [(LONG.strip(), "Dense Routing")]  # the title read, the text without it


def test_yaml_records_without_empty_lines_between_them_are_a_block_each() -> None:
    first = "- title: Sparse Routing\n  abstract: >\n    " + LONG.strip() + "\n  venue: ICLR 2025"
    second = "- title: Dense Routing\n  abstract: \"" + LONG.strip() + "\""
    _, blocks = _split(f"ICML 2025 Papers\n\npapers:\n{first}\n{second}\n")
    assert blocks["text_raw"].to_list() == ["papers:", first, second]
    read = normalize.normalize_column(blocks[1:]).select("text", title=titles.title(pl.col("text_raw")))
    assert read.rows() == [(LONG.strip(), "Sparse Routing"), (LONG.strip(), "Dense Routing")]
    links = "- paper: https://arxiv.org/abs/2501.01234\n- code: https://github.com/a/b"  # a list of fields with no abstract: one block
    assert _split(f"ICML 2025 Papers\n\n{LONG}\n{links}\n")[1]["text_raw"].to_list() == [f"{LONG}\n{links}"]


def test_ris_records_without_empty_lines_between_them_are_a_block_each() -> None:
    first, second = "TY  - CONF\nTI  - A\nAB  - " + LONG + "\nER  - ", "TY  - JOUR\nTI  - B\nN2  - " + LONG + "\nER  -"
    _, blocks = _split(f"ICML 2025 Papers\n\n{first}\n{second}\n\n{first}\n")
    assert blocks["text_raw"].to_list() == [first, second, first]


def test_an_entry_s_short_blocks_above_its_labelled_abstract_are_one_block_with_it() -> None:
    """A conference site's paper page puts the title, the authors, the session, the room and the time in blocks of their own
    above the labelled abstract: apart, each was rejected (too_short) and the record had no title."""
    head = ["Sparse Routing for Long Contexts", "Jane Doe · John Roe", "Poster", "[ West Ballroom A-D #6503 ]", "Wed 11 Dec 11 a.m. PST"]
    labelled = "Abstract:\n" + LONG
    page = "\n\n".join(head) + "\n\n" + labelled
    cases = {
        page: ["\n".join(head) + "\n" + labelled],
        f"{page}\n\n{page}": ["\n".join(head) + "\n" + labelled] * 2,
        f"{LONG}\n\nPoster\n\n{labelled}": [LONG, "Poster\n" + labelled],  # the abstract above keeps its own block
        f"Notes\n\nSee below\n\n{LONG}": ["Notes", "See below", LONG],  # no label: short blocks stay apart
        f"We propose a model.\n\nPoster\n\n{labelled}": ["We propose a model.", "Poster\n" + labelled],  # a sentence is no head
        "\n\n".join(["Poster\nHall A"] * 7) + "\n\n" + labelled: ["Poster\nHall A", "\n".join(["Poster\nHall A"] * 6) + "\n" + labelled],  # six at most
    }
    _assert_blocks(cases)
    assert _blocks_of_two_files("Poster", labelled) == ["Poster", labelled]  # never across files
    assert _blocks_of_two_files(LONG, page) == [LONG, "\n".join(head) + "\n" + labelled]  # in a second file too
