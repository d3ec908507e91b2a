"""Titles read from raw blocks (transforms.titles)."""

from __future__ import annotations

import polars as pl
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from transforms.normalize import normalize_column
from transforms.titles import TITLE_MAX_CHARS, block_titles

ABSTRACT = (
    "We propose a linear-time attention mechanism that keeps accuracy on long documents while reducing memory use by half. "
    "Experiments on six benchmarks confirm it."
)
WRAPPED = "We propose a linear-time attention mechanism that keeps accuracy on long\ndocuments while reducing memory use by half. Experiments on\nsix benchmarks confirm it."


def titles(*raws: str) -> list[str | None]:
    return block_titles(pl.Series(raws, dtype=pl.String)).to_list()


EXAMPLES = [
    # fields of structured records
    ('{"title": "Knowing When to Stop", "abstract": "We x."}', "Knowing When to Stop"),
    ('{"id": 1, "content": {"title": {"value": "OpenReview Title"}, "abstract": {"value": "We x."}}}', "OpenReview Title"),
    ('{"display_name": "An OpenAlex Work", "abstract_inverted_index": {"We": [0]}}', "An OpenAlex Work"),
    ("TY  - CONF\nTI  - A RIS Title\n  continued\nAB  - We x.\nER  - ", "A RIS Title continued"),
    ("- title: \"A YAML Title\"\n  abstract: We x.", "A YAML Title"),
    ("<details><summary>Differential Transformer</summary>" + ABSTRACT + "</details>", "Differential Transformer"),  # a collapsible entry
    ("<details><summary>Abstract</summary>" + ABSTRACT + "</details>", None),
    ("1. Differential Transformer Networks for Long Context. " + ABSTRACT, "Differential Transformer Networks for Long Context"),
    ("a r t i c l e i n f o\nArticle history:\nReceived 3 March 2024\na b s t r a c t\n" + ABSTRACT, None),
    ("PT J\nAU Doe, J\nTI A Web of Science\n   Title\nAB We x.\nER", "A Web of Science Title"),
    ("%0 Journal Article\n%T An EndNote Title\n%X We x.", "An EndNote Title"),
    ("<PubmedArticle><ArticleTitle>An XML Title.</ArticleTitle><Abstract><AbstractText>We x.</AbstractText></Abstract></PubmedArticle>", "An XML Title"),
    ("<item><title>An RSS Title</title><description>We x.</description></item>", "An RSS Title"),
    ("<entry><id>http://arxiv.org/abs/2401.01234v2</id><title>An Atom Title</title><summary>We x.</summary></entry>", "An Atom Title"),
    ("arXiv:2401.01234v1 Announce Type: new \nAbstract: " + ABSTRACT, None),  # arXiv's RSS item: its announcement line is no title
    ("PMID- 1\nTI  - A MEDLINE title.\nAB  - We x.", "A MEDLINE title"),
    ("@inproceedings{k, title={{BERT}: Pre-training of Deep Transformers}, abstract={We x.}}", "BERT: Pre-training of Deep Transformers"),
    # title fields, arXiv's e-mail listing folding a long one
    ("Title: Teacher Agents for Hard Task Curricula in\n  Reinforcement Learning\nAuthors: Jane Doe\nCategories: cs.LG", "Teacher Agents for Hard Task Curricula in Reinforcement Learning"),
    ("论文标题：Scaling Test-Time Compute\n作者：Jane Doe\n摘要：We x.", "Scaling Test-Time Compute"),
    ("1. 论文标题：Scaling Test-Time Compute\n论文链接：https://arxiv.org/abs/2401.01234\n摘要：We x.", "Scaling Test-Time Compute"),  # an entry number first
    ("논문 제목: Memory Compression\n저자: Carol White\n초록: 메모리 기반", "Memory Compression"),
    # a paper digest's entry: the original title above its translation in a title field; a field alone, or under a
    # sentence, is the title
    ("1. Scaling Test-Time Compute\n标题：扩展测试时计算\n作者：Jane Doe\n摘要：我们研究。\nAbstract: We x.", "Scaling Test-Time Compute"),
    ("【3】 Scaling Test-Time Compute\n标题：扩展测试时计算\n链接：https://arxiv.org/abs/2401.01234", "Scaling Test-Time Compute"),
    ("标题：扩展测试时计算\n作者：Jane Doe\n摘要：我们研究。", "扩展测试时计算"),
    ("We study graphs.\n标题：扩展测试时计算\n摘要：我们研究。", "扩展测试时计算"),
    # a bold title in a list entry
    ("- **Scaling Diffusion** [[Paper]](https://arxiv.org/abs/2506.01234)\n  <details><summary>Abstract</summary>\n  We study KE.", "Scaling Diffusion"),
    ("1. **Sparse Attention for Long Documents.** We propose x y z.", "Sparse Attention for Long Documents"),
    ("**Lessons That Outlive the Episode**\n*Tomás Ruiz, Wei Li*\n> Language agents", "Lessons That Outlive the Episode"),
    # a linked title above a quoted abstract, or before a dash or colon and the abstract
    ("- [Sparse Attention for Long Contexts](https://arxiv.org/abs/2401.11111)\n  > We propose x.", "Sparse Attention for Long Contexts"),
    ("[Sparse Attention](https://x.org/p): We propose x.", "Sparse Attention"),
    ("[Code](https://github.com/a/b)\n> We propose x.", None),  # one word: a link's label
    ("- [Sparse Attention for Long Contexts](https://x.org/p)", None),  # nothing under it
    # a heading that links the title, bold field labels, a title above the paper's link and the abstract
    ("### [Sparse Attention for Long Documents](https://arxiv.org/abs/2401.01234)\n**Authors:** Jane Doe, John Roe\n**Abstract:** We x.",
     "Sparse Attention for Long Documents"),
    ("**Title**: Sparse Attention for Long Documents\n**Authors**: Jane Doe\n**Abstract**: We x.", "Sparse Attention for Long Documents"),
    # ... as list items; a title in a Chinese page's title marks
    ("- **Title:** Sparse Attention for Long Documents\n- **Authors:** Jane Doe\n- **Abstract:** We x.", "Sparse Attention for Long Documents"),
    ("* Title: Sparse Attention for Long Documents\n* Abstract: We x.", "Sparse Attention for Long Documents"),
    ("《Sparse Attention for Long Documents》\n" + ABSTRACT, "Sparse Attention for Long Documents"),
    ("1. **\u6807\u9898**\uff1aSparse Attention\n**\u4f5c\u8005**\uff1aJane Doe", "Sparse Attention"),
    ("Sparse Attention for Long Documents\nhttps://arxiv.org/abs/2401.01234\n" + ABSTRACT, "Sparse Attention for Long Documents"),
    # an underlined heading; a title with its authors and venue between bars; a linked title and its byline
    ("Sparse Attention for Long Documents\n===================================\n" + ABSTRACT, "Sparse Attention for Long Documents"),
    ("Sparse Attention for Long Documents | Jane Doe, John Roe | ICML 2025\n" + ABSTRACT, "Sparse Attention for Long Documents"),
    ("[Sparse Attention for Long Documents](https://x.org) by Jane Doe, John Roe\n" + ABSTRACT, "Sparse Attention for Long Documents"),
    # Chinese posts' fields: labels in lenticular brackets, a "论文：" label after an emoji; a bullet before the title;
    # a first line that ends a sentence ("。") above link fields is the abstract, no title
    ("\u3010\u8bba\u6587\u6807\u9898\u3011Sparse Attention\n\u3010\u4f5c\u8005\u3011Jane Doe\n\u3010\u6458\u8981\u3011\u672c\u6587\u63d0\u51fa\u3002", "Sparse Attention"),
    ("【タイトル】Sparse Attention\n【概要】" + ABSTRACT + "\n【日本語訳】本研究は注意機構を提案する。", "Sparse Attention"),  # katakana, Hangul labels
    ("【제목】Sparse Attention\n【초록】" + ABSTRACT, "Sparse Attention"),
    ("\U0001f4cc \u8bba\u6587\uff1aSparse Attention\n\U0001f517 \u94fe\u63a5\uff1ahttps://arxiv.org/abs/2401.01234\n\U0001f4a1 \u672c\u6587\u3002", "Sparse Attention"),
    ("\u25a0 Sparse Attention for Long Documents\n\u8457\u8005\uff1aJane Doe\n\u6982\u8981\uff1a\u672c\u7814\u7a76\u3002", "Sparse Attention for Long Documents"),
    ("\u672c\u6587\u63d0\u51fa\u4e86\u4e00\u79cd\u65b9\u6cd5\u3002\n\u8bba\u6587\u94fe\u63a5\uff1ahttps://arxiv.org/abs/2401.01234", None),
    # a listing's venue or presentation tag before or after the title; a year alone in parentheses is the title's
    ("[ICML 2025] Sparse Attention for Long Documents\nJane Doe, John Roe\nWe x.", "Sparse Attention for Long Documents"),
    ("[R] Sparse Attention for Long Documents (ICML 2025)\nSubmitted 3 days ago by jdoe\nAbstract: We x.", "Sparse Attention for Long Documents"),  # a Reddit flair
    ("Sparse Attention for Long Documents (NeurIPS'24 Oral)\nJane Doe, John Roe\nWe x.", "Sparse Attention for Long Documents"),
    ("Scaling Laws Revisited (2017)\nJane Doe, John Roe\nWe x.", "Scaling Laws Revisited (2017)"),
    # a digest post's lines, each labelled by an emoji
    ("\U0001f4c4 Sparse Attention for Long Documents\n\U0001f465 Jane Doe, John Roe\n\U0001f517 https://arxiv.org/abs/2401.01234\n\U0001f4dd " + ABSTRACT,
     "Sparse Attention for Long Documents"),
    # an awesome-list's entry: a bold link after emoji, a link above nested items (authors, abstract), a link above the abstract
    ("- :fire: **[Sparse Attention](https://arxiv.org/abs/2401.11111)** ![stars](https://img.shields.io/github/stars/a/b) We x.", "Sparse Attention"),
    ("- [Sparse Attention for Long Contexts](https://x.org/p) \u2b50\n  - *Jane Doe, John Roe*\n  - We propose x.", "Sparse Attention for Long Contexts"),
    ("- [Sparse Attention for Long Contexts](https://x.org/p)\n  " + ABSTRACT, "Sparse Attention for Long Contexts"),
    ("1. [Sparse Attention for Long Contexts](https://x.org/p)\n   1. Jane Doe\n   2. We propose x.", "Sparse Attention for Long Contexts"),
    # a first line above an author line or a byline, after site chrome and a badge
    ("[PDF] Scaling Test-Time Compute for Diffusion Language Models\nJ Doe, J Smith, W Zhang - arXiv preprint arXiv:2506.01234, 2025\nWe study how.",
     "Scaling Test-Time Compute for Diffusion Language Models"),
    ("[1] arXiv:2501.04321 [pdf, html, other]\nPrototype Compression for Tabular In-Context Learning\nJane Doe, John Smith\nComments: 9 pages\nTabular.",
     "Prototype Compression for Tabular In-Context Learning"),
    ("Learning to Retrieve from the Generator\nMaria Kowalska (MIT), Wei Li (Google DeepMind)\nPoster\nRetrieval-augmented.", "Learning to Retrieve from the Generator"),
    ("Hugging Face Title Here\nAuthors: A. Kumar, B. Lee\nPublished on Jun 10, 2025\nAbstract\nSparse autoencoders.", "Hugging Face Title Here"),
    ("A $\\mathcal{O}(n)$ Method for \\emph{Sorting}\nJane Doe, John Roe\nWe sort.", "A O(n) Method for Sorting"),
    # above Papers with Code's dated byline, a blog's link field (without the entry's number), after a page's link lines
    ("Sparse Attention via Routing\n3 Mar 2025 \u00b7 Jane Doe, John Roe \u00b7\nEdit social preview\nWe study.", "Sparse Attention via Routing"),
    ("2. Sparse Attention via Routing\nPaper: https://arxiv.org/abs/2502.01234\nWe study graphs.", "Sparse Attention via Routing"),
    ("Preprint\nSparse Attention via Routing\nMarch 2025\nAbstract\nWe study.", "Sparse Attention via Routing"),
    ("Highlights\n\u2022 We propose a new method.\n\u2022 It works.\nAbstract\nWe study.", None),
    # a first line above an abstract label, a heading
    ("Neural Radiance Fields from Sparse Views\nAlice Smith, Bob Jones; Proceedings of CVPR, 2024, pp. 1-9\nAbstract\nNovel view synthesis.",
     "Neural Radiance Fields from Sparse Views"),
    # ... a title whose words read like a name, above CVF Open Access's authors-and-proceedings line
    ("Generative Image Dynamics\nZhengqi Li, Richard Tucker; Proceedings of the IEEE/CVF Conference on Computer Vision and Pattern"
     " Recognition (CVPR), 2024, pp. 24142-24153\nAbstract\nWe present an approach.", "Generative Image Dynamics"),
    ("## A Heading Title\nWe study things.", "A Heading Title"),
    ("### Sparse Transformers\nWe study things.", "Sparse Transformers"),  # in title case, a name's shape: a heading's title
    ("## Attention Is All You Need\nWe study things.", "Attention Is All You Need"),
    ("## Session-Based Recommendation\nWe study things.", "Session-Based Recommendation"),
    ("## Oral Papers\nWe study things.", None),  # a listing's section
    ("### Poster Session 2\nWe study things.", None),
    ("## Contents\nWe study things.", None),
    # the words before an abstract label on the first line
    ("MoE-X: A Mixture-of-Experts Model for Intrinsic Interpretability. Abstract: Neurons in large models.",
     "MoE-X: A Mixture-of-Experts Model for Intrinsic Interpretability"),
    ("Sparse Attention for Long Contexts Abstract: We propose x.", "Sparse Attention for Long Contexts"),
    ("稀疏注意力机制 摘要：我们提出", "稀疏注意力机制"),  # no words to count: four CJK characters or more make a title
    ("背景 摘要：我们提出", None),
    ("Keywords: graphs, trees. Abstract: We study.", None),
    ("We study graphs. This is new. Abstract: We study.", None),
    ("Jane Doe, John Roe. Abstract: We study.", None),
    ("Abstract: We study graphs.", None),
    # no title: an abstract alone, hard-wrapped, an author line or chrome above the label, a label heading, a sentence
    ("We study things. Plain abstract.", None),
    ("We propose a method for\nlong documents and we show.\nAbstract interpretation is fine.", None),
    ("Jane Doe, John Roe\nAbstract\nWe study.", None),
    ("Jane Doe\nAbstract\nWe study.", None),
    ("Keywords: graphs\nAbstract: We study.", None),
    ("- Authors: Jane Doe, John Roe\n" + ABSTRACT, None),  # a field as a list item, or with its label in bold, is no title
    # badges, link badges, a venue in code marks and a reference's authors and venue are not the title's words
    ("![](https://img.shields.io/badge/ICLR-2025-blue) Sparse Attention via Routing\n" + ABSTRACT, "Sparse Attention via Routing"),
    ("**[ICLR 2025]** Sparse Attention via Routing [[Paper](https://arxiv.org/abs/2501.01234)]\n" + ABSTRACT, "Sparse Attention via Routing"),
    ("`ICLR 2025` **Sparse Attention via Routing**\n" + ABSTRACT, "Sparse Attention via Routing"),
    ("- Sparse Attention via Routing. *Jane Doe, John Roe.* ICLR 2025. [[Paper](https://arxiv.org/abs/2501.01234)]\n  " + ABSTRACT,
     "Sparse Attention via Routing"),
    ("- **Sparse Attention via Routing** [[paper]](https://arxiv.org/abs/2501.01234) [[code]](https://github.com/a/b)\n  - " + ABSTRACT,
     "Sparse Attention via Routing"),
    ("Sparse Attention via Routing (arxiv.org)\n" + ABSTRACT, "Sparse Attention via Routing"),  # Hacker News' domain
    # a browser's title bar: the site's name after a dash ("Title - OpenReview"), a dash in the title stays
    ("Flow Matching - A Tutorial - OpenReview\n" + ABSTRACT, "Flow Matching - A Tutorial"),
    ("Sparse Attention via Routing – ScienceDirect\n" + ABSTRACT, "Sparse Attention via Routing"),
    ("Sparse Attention via Routing — Semantic Scholar\n" + ABSTRACT, "Sparse Attention via Routing"),
    ("Sparse Attention via Routing · Hugging Face\n" + ABSTRACT, "Sparse Attention via Routing"),
    ("[2401.01234] Sparse Attention via Routing - arXiv.org\n" + ABSTRACT, "Sparse Attention via Routing"),
    ("Sparse Attention via Routing | IEEE Conference Publication | IEEE Xplore\n" + ABSTRACT, "Sparse Attention via Routing"),
    ("Mining arXiv for Trends\n" + ABSTRACT, "Mining arXiv for Trends"),
    # DBLP's entry line: the authors, a colon, the title, the venue and year, the pages
    ("Jane Doe, John Smith: Conservative Trajectory Mixing for Offline RL. ICML 2024: 1234-1250\n" + ABSTRACT + " " + ABSTRACT, "Conservative Trajectory Mixing for Offline RL"),
    ("Jane Doe, John Smith: Conservative Trajectory Mixing. NeurIPS 2024\n" + ABSTRACT, "Conservative Trajectory Mixing"),
    ("Transformers Explained: A Survey of Attention\n" + ABSTRACT, "Transformers Explained: A Survey of Attention"),
    ("Paper: Sparse Attention via Routing\n" + ABSTRACT, "Sparse Attention via Routing"),  # a post's label
    ("**Authors:** Jane Doe, John Roe\n" + ABSTRACT, None),
    ("### 1. Mixture of Depths\n- **Authors**: Jane Doe\n- **Venue**: NeurIPS 2024\n- **Abstract**: " + ABSTRACT, "Mixture of Depths"),
    ("## Abstract\nWe study things.", None),
    ("We study graphs.\nJane Doe, John Roe\nmore text", None),
    ('{"abstract": "We x."}', None),
    ('{"title": ["Sparse Attention via Routing"], "abstract": "<jats:p>We x.</jats:p>"}', "Sparse Attention via Routing"),  # Crossref's list
    ("Title: " + "x" * 400, None),
    # the title line, or title sentence, that normalization drops in front of the abstract; a wrapped abstract's first line is none
    ("Sparse Attention via Routing\n" + ABSTRACT, "Sparse Attention via Routing"),
    ("Sparse Attention via Routing\n" + WRAPPED, "Sparse Attention via Routing"),
    ("12. Is Attention All You Need?\n" + ABSTRACT, "Is Attention All You Need?"),
    ("【12】Is Attention All You Need?\n" + ABSTRACT, "Is Attention All You Need?"),  # a Chinese digest's entry number
    ("12.\nIs Attention All You Need?\n" + ABSTRACT, "Is Attention All You Need?"),  # the number alone on the line above
    ("【12】\nIs Attention All You Need?\n" + ABSTRACT, "Is Attention All You Need?"),
    ("Efficient Sparse Attention for Long Documents. " + ABSTRACT, "Efficient Sparse Attention for Long Documents"),
    ("Efficient Sparse Attention for Long Documents: " + ABSTRACT, "Efficient Sparse Attention for Long Documents"),
    ("Efficient Sparse Attention for Long Documents - " + ABSTRACT, "Efficient Sparse Attention for Long Documents"),  # a listing's dash
    ("Efficient Sparse Attention for Long Documents | " + ABSTRACT, "Efficient Sparse Attention for Long Documents"),
    # a title that opens with a question, and its subtitle
    ("Is Sparse Attention Safe? A Benchmark \u2014 " + ABSTRACT, "Is Sparse Attention Safe? A Benchmark"),
    ("Efficient Sparse Attention for Long Documents: A Study \u2014 " + ABSTRACT, "Efficient Sparse Attention for Long Documents: A Study"),
    ("What Drives Sparse Attention? \u2014 " + ABSTRACT, "What Drives Sparse Attention?"),
    ("**Is Sparse Attention Safe? A Benchmark** \u2014 " + ABSTRACT, "Is Sparse Attention Safe? A Benchmark"),
    # a bold Chinese or Japanese title above its abstract (it has no words to count); bold emphasis is none
    ("**基于扩散模型的三维场景生成**\n本文提出了一种基于扩散模型的三维场景生成方法，能够从单张图像出发生成几何一致、纹理逼真的完整场景。",
     "基于扩散模型的三维场景生成"),
    ("**重要**\n本文提出了一种基于扩散模型的三维场景生成方法。", None),
    ("Posted by Jane Doe | Mar 3, 2025 | Research | 0 comments\n" + ABSTRACT, None),  # a blog's byline is chrome, no title
    ("1. Generative Image Dynamics\nPosted by admin | 3 comments\n" + ABSTRACT, "Generative Image Dynamics"),  # ... under a title
    ("Differential Transformer - Tianzhu Ye, Li Dong, Furu Wei - ICLR 2025\n" + ABSTRACT, "Differential Transformer"),  # authors after a dash
    # a LaTeX source's title (its short form in brackets and protected capitals aside)
    ("\\title[Diff]{Differential {T}ransformer}\n\\author{Jane Doe}\n\\maketitle\n\\begin{abstract}\n" + ABSTRACT + "\n\\end{abstract}", "Differential Transformer"),
    # an OpenReview forum page: its "Download PDF" link between the title and the authors
    ("Differential Transformer\nDownload PDF\nTianzhu Ye, Li Dong, Furu Wei\nPublished: 22 Jan 2025, Last Modified: 01 Mar 2025\n"
     "ICLR 2025 Oral\nKeywords: language models\nAbstract:\n" + ABSTRACT + "\nSubmission Number: 1234", "Differential Transformer"),
    # a citation or venue tag after the title is not its words, and a name-like title with one is no author line
    ("**Differential Transformer** (Ye et al., 2025) \u2014 " + ABSTRACT, "Differential Transformer"),
    ("Differential Transformer (Ye et al., 2025). " + ABSTRACT, "Differential Transformer"),
    ("[Differential Transformer](https://arxiv.org/abs/2410.05258) (ICLR 2025) \u2014 " + ABSTRACT, "Differential Transformer"),
    ("Differential Transformer (ICLR 2025 Oral)\n" + ABSTRACT, "Differential Transformer"),
    ("Generative Image Dynamics\nMedium \u00b7 5 min read \u00b7 Oct 9, 2024\nListen\nShare\n" + ABSTRACT, "Generative Image Dynamics"),  # Medium's byline
    ("BERT - Pre-training of Deep Bidirectional Transformers\n" + ABSTRACT, "BERT - Pre-training of Deep Bidirectional Transformers"),
    ("### 1. 论文标题：Robust Tool Use Under Silent Failures\n**作者**：Jane Doe\n**摘要**：" + ABSTRACT, "Robust Tool Use Under Silent Failures"),
    ("【論文紹介】Sparse Routing Without Auxiliary Losses\n著者：Jane Doe\n概要：" + ABSTRACT, "Sparse Routing Without Auxiliary Losses"),  # a category
    ("Robust Tool Use Under Silent Failures\nPublished on Mar 3\n\u00b7\nSubmitted by\nakhaliq\nAuthors:\nJane Doe\nAbstract\n" + ABSTRACT,
     "Robust Tool Use Under Silent Failures"),  # Hugging Face's paper page: the title above its dated byline
    # a NeurIPS proceedings page: the title above its "Part of …" line; without it, neither that line nor "Authors" is one
    ("Sparse Attention via Routing\nPart of Advances in Neural Information Processing Systems 37 (NeurIPS 2024) Main Conference Track\n"
     "Bibtex Paper Supplemental\nAuthors\nJane Doe, John Roe\nAbstract\n" + ABSTRACT, "Sparse Attention via Routing"),
    ("Part of Advances in Neural Information Processing Systems 37 (NeurIPS 2024) Main Conference Track\nBibtex Paper Supplemental\n"
     "Authors\nJane Doe, John Roe\nAbstract\n" + ABSTRACT, None),
    ("Large Language Models - " + ABSTRACT.lower(), None),  # no sentence starts after the dash
    (WRAPPED, None),
    ("Finally, in LLMs. " + ABSTRACT, None),
    ("Jane Doe, John Roe\n" + ABSTRACT, None),  # an author line normalization drops is no title
    ("Jane Doe @jane.bsky.social\n" + ABSTRACT, None),  # a post's author line (Bluesky's, Mastodon's) is no title
    ("Jane Doe (@jane@sigmoid.social)\n" + ABSTRACT, None),
    # PMLR's entry: the citation line and the links under the title
    ("Sparse Routing\nJane Doe, John Roe; Proceedings of the 42nd International Conference on Machine Learning, PMLR 267:1234-1250\n"
     "[abs][Download PDF][OpenReview]\n" + ABSTRACT, "Sparse Routing"),
]


@pytest.fixture(scope="module")
def titled_examples() -> dict[str, str | None]:
    """Every example's title read in one Series, as the pipeline reads a part's (one call per example took ~0.45 s each:
    polars keeps only 32 compiled patterns per thread, so each call compiled the title patterns again)."""
    raws = [raw for raw, _ in EXAMPLES]
    return dict(zip(raws, titles(*raws), strict=True))


@pytest.mark.parametrize(("raw", "title"), EXAMPLES)
def test_titles_examples(raw: str, title: str | None, titled_examples: dict[str, str | None]) -> None:
    assert titled_examples[raw] == title


SENTENCE = st.lists(st.sampled_from(["We", "study", "graphs", "and", "propose", "a", "method", "for", "long", "documents", "with", "LLMs"]), min_size=3, max_size=30)
PARAGRAPH = st.lists(SENTENCE.map(lambda words: " ".join(words) + "."), min_size=1, max_size=6).map(" ".join)


@settings(max_examples=50, deadline=None)
@given(paragraphs=st.lists(PARAGRAPH, min_size=1, max_size=20))
def test_a_plain_abstract_names_no_title(paragraphs: list[str]) -> None:
    assert titles(*paragraphs) == [None] * len(paragraphs)


@settings(max_examples=50, deadline=None)
@given(raws=st.lists(st.text(st.characters(codec="utf-8"), max_size=400), min_size=1, max_size=10))
def test_a_title_is_one_short_line_with_a_letter(raws: list[str]) -> None:
    for title in titles(*raws):
        assert title is None or ("\n" not in title and 0 < len(title) <= TITLE_MAX_CHARS and any(c.isalpha() for c in title))


TITLE_LINES = [
    "Sparse Attention via Routing", "Is Attention All You Need?", "GIST: Graph Inverse Style Transfer", "Silver treebanks for discourse parsing",
    "We study graphs", "Results", "Efficient Sparse Attention for Long Documents",
]


def test_a_first_line_or_sentence_that_normalization_drops_is_the_title() -> None:
    """Every title line, separator and abstract together (105 blocks, normalized in one call)."""
    cases = [(title, title + between + abstract) for title in TITLE_LINES for between in ("\n", ". ", " ", " - ", " | ") for abstract in (ABSTRACT, WRAPPED, "We study graphs.")]
    texts = normalize_column(pl.DataFrame({"text_raw": [raw for _, raw in cases]}))["text"].to_list()
    expected = [None if text.startswith(title) else title for (title, _), text in zip(cases, texts, strict=True)]
    assert titles(*(raw for _, raw in cases)) == expected
