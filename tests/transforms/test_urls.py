from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import urlsplit

import polars as pl
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from bench.urls_tags import url_quality
from transforms.normalize import URL_LINE_END, URL_WRAP_LINES, join_lines
from transforms.urls import extract_urls, normalize_url, record_urls, trim_url, url_kind

FIXTURE = Path(__file__).resolve().parent.parent / "fixtures" / "urls" / "labeled.jsonl"


def found(text: str) -> list[tuple[str, str]]:
    frame = pl.DataFrame({"record_id": ["r"], "source_id": ["s"], "path": ["p"], "ordinal": [1], "text_raw": [text]})
    return [(row["url_raw"], row["url"]) for row in extract_urls(frame).sort("position").iter_rows(named=True)]


GH = "https://github.com/a/b"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # scheme, www. and bare code/paper hosts
        ("Code is at https://github.com/a/b.", [(GH, GH)]),
        ("Old mirror http://example.org/x here", [("http://example.org/x", "http://example.org/x")]),
        ("www.example.org/page, and more", [("www.example.org/page", "https://www.example.org/page")]),
        ("bare github.com/owner/repo here", [("github.com/owner/repo", "https://github.com/owner/repo")]),
        ("weights: huggingface.co/org/m-7B.", [("huggingface.co/org/m-7B", "https://huggingface.co/org/m-7B")]),
        ("proofs in arxiv.org/abs/2402.01306; code soon", [("arxiv.org/abs/2402.01306", "https://arxiv.org/abs/2402.01306")]),
        ("Code and data are available at: b-score.github.io.", []),
        # markup around URLs
        ("[code](https://github.com/x/y)", [("https://github.com/x/y", "https://github.com/x/y")]),
        (r"at : \url{https://github.com/e/ExpProof}.", [("https://github.com/e/ExpProof", "https://github.com/e/ExpProof")]),
        (r"\href{https://github.com/m/LoRA}{\texttt{m/LoRA}}", [("https://github.com/m/LoRA", "https://github.com/m/LoRA")]),
        ("at <https://github.com/n/ada-wm>.", [("https://github.com/n/ada-wm", "https://github.com/n/ada-wm")]),
        ("weights (code: https://github.com/a/b).", [(GH, GH)]),
        ("Code [https://github.com/a/b].", [(GH, GH)]),
        ('see "https://github.com/a/b".', [(GH, GH)]),
        ("set URL='https://github.com/a/b' first", [(GH, GH)]),
        ("at \u201chttps://github.com/a/b\u201d.", [(GH, GH)]),
        ("code \u27e8https://github.com/a/b\u27e9 and \u201ehttps://github.com/a/b\u201c", [(GH, GH), (GH, GH)]),
        ("Code \u00b7 https://github.com/a/b\u00b7and more \u2039https://github.com/a/b\u203a", [(GH, GH), (GH, GH)]),
        # LaTeX escapes inside URLs, in \url{}, \href{}{} and plain text
        (r"\url{https://github.com/a/b\_c} \href{https://github.com/a/b\_d}{d} https://github.com/a/b\_e.", [
            ("https://github.com/a/b_c", "https://github.com/a/b_c"), ("https://github.com/a/b_d", "https://github.com/a/b_d"),
            ("https://github.com/a/b_e", "https://github.com/a/b_e"),
        ]),
        (r"\url{https://x.org/q?a=1\&b=50\%25\#s}", [("https://x.org/q?a=1&b=50%25#s", "https://x.org/q?a=1&b=50%25#s")]),
        # invisible characters: a page's break points inside a long URL go, one after it ends it
        ("at https://github.com/\u200ba/\u200bb\u200b.", [(GH, GH)]),
        ("at https://github.com/a/b-\u00adc now", [("https://github.com/a/b-c", "https://github.com/a/b-c")]),
        ("at https://github.com/a/decepti\u00adon-detecti\u00adon.", [
            ("https://github.com/a/deception-detection", "https://github.com/a/deception-detection"),
        ]),
        ("see https://x.org/a\u200band https://github.com/a/b\u2060", [("https://x.org/a", "https://x.org/a"), (GH, GH)]),
        # arXiv ids and hf.co
        ("preprint arXiv:2403.09876v2; see (arXiv: 2401.00001).", [
            ("arXiv:2403.09876v2", "https://arxiv.org/abs/2403.09876v2"), ("arXiv: 2401.00001", "https://arxiv.org/abs/2401.00001"),
        ]),
        ("the arXiv: we, arXiv:1234.5 and arXiv:hep-th/9901001", []),
        ("weights hf.co/org/m-7B and https://hf.co/datasets/o/d.", [
            ("hf.co/org/m-7B", "https://huggingface.co/org/m-7B"), ("https://hf.co/datasets/o/d", "https://huggingface.co/datasets/o/d"),
        ]),
        # sentence punctuation, ASCII and full-width
        ("see https://github.com/a/b, https://github.com/c/d; and https://github.com/e/f: all", [(GH, GH), ("https://github.com/c/d", "https://github.com/c/d"), ("https://github.com/e/f", "https://github.com/e/f")]),
        ("Really https://github.com/a/b! And https://github.com/c/d?", [(GH, GH), ("https://github.com/c/d", "https://github.com/c/d")]),
        ("代码见https://github.com/a/b。", [(GH, GH)]),
        ("模型https://github.com/a/b，数据", [(GH, GH)]),
        ("（主页：https://github.com/a/b）", [(GH, GH)]),
        # balanced parentheses belong to the URL
        ("(see https://en.wikipedia.org/wiki/Foo_(bar))", [("https://en.wikipedia.org/wiki/Foo_(bar)", "https://en.wikipedia.org/wiki/Foo_(bar)")]),
        # hard-wrapped after / or -
        ("broken https://github.com/foo/\nbar-baz line", [("https://github.com/foo/bar-baz", "https://github.com/foo/bar-baz")]),
        ("at https://github.com/deep-\nlearning-lab/tab-net.", [("https://github.com/deep-learning-lab/tab-net", "https://github.com/deep-learning-lab/tab-net")]),
        ("at https://github.com/\r\ndeep-\r\nlearning-lab/\r\ntab-net.", [("https://github.com/deep-learning-lab/tab-net", "https://github.com/deep-learning-lab/tab-net")]),
        ("Code: https://github.com/foo/bar\nWe thank everyone.", [("https://github.com/foo/bar", "https://github.com/foo/bar")]),
        # hard-wrapped after = ? & _ # % ~, between digits after a dot, or mid-word before a path piece
        ("See https://arxiv.org/abs/2405.\n01234 for more", [("https://arxiv.org/abs/2405.01234", "https://arxiv.org/abs/2405.01234")]),
        ("reviews https://openreview.net/forum?id=\nAbC123xYz here", [("https://openreview.net/forum?id=AbC123xYz", "https://openreview.net/forum?id=AbC123xYz")]),
        ("page https://long-context-lab.github.io/\nposi\ntional-curriculum/.", [("https://long-context-lab.github.io/positional-curriculum/", "https://long-context-lab.github.io/positional-curriculum/")]),
        ("at https://x.org/a?b=1&\nc=2_\nd#\nsec", [("https://x.org/a?b=1&c=2_d#sec", "https://x.org/a?b=1&c=2_d#sec")]),
        ("at https://arxiv.\norg/abs/1.2 now", [("https://arxiv.org/abs/1.2", "https://arxiv.org/abs/1.2")]),
        # ... but a URL that ends a sentence or a line is not glued to the next line's first word or URL
        ("code: https://github.com/a/b.\nThe model is small.", [(GH, GH)]),
        ("code: https://github.com/a/b.\n2 Method", [(GH, GH)]),
        ("code: https://github.com/a/b.\nwe thank all.", [(GH, GH)]),
        ("https://x.io/a\nWe thank everyone.", [("https://x.io/a", "https://x.io/a")]),
        ("https://github.com/a/b\nhttps://github.com/c/d\ngithub.com/e/f", [(GH, GH), ("https://github.com/c/d", "https://github.com/c/d"), ("github.com/e/f", "https://github.com/e/f")]),
        # words and punctuation glued after a URL; HTML entities are decoded before extraction
        ("at https://huggingface.co/datasets/t/r,and a board", [("https://huggingface.co/datasets/t/r", "https://huggingface.co/datasets/t/r")]),
        ("at https://tabreason.io/leaderboard;see the paper", [("https://tabreason.io/leaderboard", "https://tabreason.io/leaderboard")]),
        ("code https://github.com/a/b,代码见下", [(GH, GH)]),
        ("Code:https://github.com/a/b.We show gains", [(GH, GH)]),
        ("docs at https://x.org/guide.The rest", [("https://x.org/guide", "https://x.org/guide")]),
        ("see https://github.com/dotnet/Foo.Net now", [("https://github.com/dotnet/Foo.Net", "https://github.com/dotnet/Foo.Net")]),
        ("map https://x.org/a,1,2z and https://x.org/Washington,_D.C. ok", [("https://x.org/a,1,2z", "https://x.org/a,1,2z"), ("https://x.org/Washington,_D.C", "https://x.org/Washington,_D.C")]),
        ("fields https://x.org/api?f=name,email;see it", [("https://x.org/api?f=name,email;see", "https://x.org/api?f=name,email;see")]),
        ("toolkit: https://github.com/a/b\u2026 It supports", [(GH, GH)]),
        ("released at https://github.com/a/b&nbsp;and kept", [(GH, GH)]),
        ("the data (https://x.org/data&#41;.", [("https://x.org/data", "https://x.org/data")]),
        ("see https://x.org/data&#41;&hellip; and", [("https://x.org/data", "https://x.org/data")]),
        ("q https://x.org/p?a=1&amp;b=2&amp;amp;c=3 ok", [("https://x.org/p?a=1&b=2&c=3", "https://x.org/p?a=1&b=2&c=3")]),
        ('<a href="https://github.com/a/b">https://github.com/a/b</a> &lt;https://x.org/q&gt;', [(GH, GH), (GH, GH), ("https://x.org/q", "https://x.org/q")]),
        # a second URL glued to the first (a scraper joining a page's links); a scheme inside a URL stays in it
        ("links https://github.com/a/b;https://x.org/y", [(GH, GH), ("https://x.org/y", "https://x.org/y")]),
        ("links https://github.com/a/bhttps://x.org/y", [(GH, GH), ("https://x.org/y", "https://x.org/y")]),
        ("Code:https://github.com/a/b;data:https://x.org/y", [(GH, GH), ("https://x.org/y", "https://x.org/y")]),  # after a label
        ("links (https://github.com/a/b)(https://x.org/y).", [(GH, GH), ("https://x.org/y", "https://x.org/y")]),
        ("at https://web.archive.org/web/2020/https://x.org/z ok", [("https://web.archive.org/web/2020/https://x.org/z", "https://web.archive.org/web/2020/https://x.org/z")]),
        ("at https://r.co/?u=https://x.org/q ok", [("https://r.co/?u=https://x.org/q", "https://r.co/?u=https://x.org/q")]),
        # a URL that ends its line before a sentence or a function word is not continued by it; a repository's name is
        ("Project page: https://a.github.io/p/\nWe show it.", [("https://a.github.io/p/", "https://a.github.io/p/")]),
        ("page https://a.github.io/p/\nand code at\nhttps://github.com/a/b.", [("https://a.github.io/p/", "https://a.github.io/p/"), (GH, GH)]),
        ("Code: https://github.com/a/\nb and more.", [(GH, GH)]),
        ("Code: https://github.com/a/b-\nand-more tools.", [(GH + "-and-more", GH + "-and-more")]),  # after a hyphen the line goes on
        ("Code: https://github.com/a/b_\nthe end.", [(GH, GH)]),
        # spaces a PDF's text layer put inside a URL; a percent-encoded full stop a page's link took in
        ("Code: https://github. com/a/b.", [(GH, GH)]),
        ("Code: https: //github.com/a/b.", [(GH, GH)]),
        ("Code: https ://github.com/a/b.", [(GH, GH)]),
        ("see https://github.com/a/b\u00e2\u20ac. We", [(GH, GH)]),  # a closing quote read as cp1252, its last byte dropped
        ("Code: https : //github.com/a/b.", [(GH, GH)]),
        ("Code: https:/ /github.com/a/b.", [(GH, GH)]),
        # a project page written without its scheme, on a host that serves project pages
        ("Project page: sites.google.com/view/ctm-rl.", [("sites.google.com/view/ctm-rl", "https://sites.google.com/view/ctm-rl")]),
        ("Page: ctm-rl.github.io/project, code below", [("ctm-rl.github.io/project", "https://ctm-rl.github.io/project")]),
        ("see my.github.io.old/x and user.github.io", []),
        ("\u4ee3\u7801\uff1ahttps\uff1a//github.com/a/b\u3002", [(GH, GH)]),  # a Chinese input method's full-width colon
        ("代码：https://github.com/a/b%E3%80%82 数据", [(GH, GH)]),
        ("at https://x.org/%E4%B8%AD and https://x.org/a%20 ok", [("https://x.org/%E4%B8%AD", "https://x.org/%E4%B8%AD"), ("https://x.org/a", "https://x.org/a")]),
        # DOIs, e-mail addresses, file names
        ("data (doi:10.1234/abc.5) were used", [("doi:10.1234/abc.5", "https://doi.org/10.1234/abc.5")]),
        ("数据见doi:10.1234/abc", [("doi:10.1234/abc", "https://doi.org/10.1234/abc")]),
        # a RIS record's DO field, a MEDLINE record's AID/LID fields; not the same words in prose
        ("TY  - CONF\nAB  - We study.\nDO  - 10.5555/12345\nER  - ", [("DO  - 10.5555/12345", "https://doi.org/10.5555/12345")]),
        ("PMID- 1\nLID - 10.1038/s41586-024-0001-x [doi]", [("LID - 10.1038/s41586-024-0001-x", "https://doi.org/10.1038/s41586-024-0001-x")]),
        ("We give first aid - 10.5 units, and do  - 10.1/2 steps.", []),
        ("mail me at someone@github.com or a@www.lab.org please", []),
        ("Load model.pt and config.json, then run train.py.", []),
        # OpenReview's form statements link the venue's author guide on every submission; the paper's links stay
        (
            "Abstract: We study X. Code: https://github.com/a/b\r\nSubmission Guidelines: I certify that this submission complies with the"
            " instructions on https://iclr.cc/Conferences/2025/AuthorGuide.\r\nAnonymous Url: I certify that there is no URL (e.g., github"
            " page) that could be used to find authors' identity.\r\nSubmission Number: 4821",
            [(GH, GH)],
        ),
    ],
)
def test_extraction(text: str, expected: list[tuple[str, str]]) -> None:
    assert found(text) == expected


@pytest.mark.parametrize(
    ("raw", "url"),
    [
        ("HTTPS://GitHub.COM:443/A/B#readme", "https://github.com/A/B"),
        ("HTTP://WWW.EXAMPLE.ORG/Docs/Index.HTML", "http://www.example.org/Docs/Index.HTML"),
        ("http://data.example.net:80/f", "http://data.example.net/f"),
        ("https://metrics.example.org:8443/board", "https://metrics.example.org:8443/board"),
        ("https://x.org/p?utm_source=tw&id=3&fbclid=z&gclid=q&UTM_medium=m", "https://x.org/p?id=3"),
        ("https://x.org/p?flag&b=%2F", "https://x.org/p?flag&b=%2F"),
        ("https://x.org/docs#section", "https://x.org/docs#section"),
        ("https://gitlab.com/g/p.git#install", "https://gitlab.com/g/p"),
        ("https://github.com/g/p.git/", "https://github.com/g/p"),
        ("https://www.GitHub.com/A/B/", "https://github.com/A/B"),  # a repository's root with a slash is the same page
        ("https://github.com/g/p/tree/main/", "https://github.com/g/p/tree/main/"),
        ("https://github.com/g/p/blob/main/x.git", "https://github.com/g/p/blob/main/x.git"),
        ("https://site.org/CaseKept/", "https://site.org/CaseKept/"),
        ("https://wildcam-benchmark.org", "https://wildcam-benchmark.org"),
        ("github.com/owner/repo", "https://github.com/owner/repo"),
        ("https://bücher.example/x", "https://xn--bcher-kva.example/x"),
        ("https://en.wikipedia.org/wiki/K%C3%B6nig", "https://en.wikipedia.org/wiki/K%C3%B6nig"),
        ("https://en.wikipedia.org/wiki/König", "https://en.wikipedia.org/wiki/K%C3%B6nig"),
        ("https://user:pw@x.org/a", "https://x.org/a"),
        ("doi:10.1145/3442188.3445922", "https://doi.org/10.1145/3442188.3445922"),
        ("doi: 10.1145/3442188.3445922", "https://doi.org/10.1145/3442188.3445922"),
        ("arXiv:2403.09876", "https://arxiv.org/abs/2403.09876"),
        ("arxiv:2403.987", None),
        ("arxiv:0704.0001", "https://arxiv.org/abs/0704.0001"),
        ("https://www.github.com/A/B?tab=readme-ov-file", "https://github.com/A/B"),
        ("https://github.com/A/B/issues?q=open&tab=x", "https://github.com/A/B/issues?q=open"),
        ("https://github.com/A?tab=repositories", "https://github.com/A?tab=repositories"),
        ("https://x.org/p?tab=2", "https://x.org/p?tab=2"),
        ("HF.co/org/model", "https://huggingface.co/org/model"),
        ("https://localhost/a", None),
        ("ftp://x.org/a", None),
        ("https://bad_host.org/a", None),
    ],
)
def test_normalize_url(raw: str, url: str | None) -> None:
    assert normalize_url(raw) == url


def test_kinds_and_repo() -> None:
    cases = {
        "https://github.com/a/b": "code", "https://gitee.com/a/b/tree/x": "code", "https://github.com/google-research": "other",
        "https://github.com/orgs/x/repositories": "other", "https://huggingface.co/org/model": "model",
        "https://huggingface.co/datasets/x/y": "data", "https://zenodo.org/records/1": "data", "https://www.kaggle.com/datasets/a/b": "data",
        "https://figshare.com/articles/x/1": "data", "https://huggingface.co/spaces/u/d": "demo", "https://colab.research.google.com/drive/1": "demo",
        "https://huggingface.co/papers/2401.1": "paper", "https://huggingface.co/papers": "other", "https://huggingface.co/meta-llama": "other",
        "https://www.semanticscholar.org/paper/Title/abc123": "paper", "https://paperswithcode.com/paper/differential-transformer": "paper",
        "https://www.alphaxiv.org/abs/2410.05258": "paper", "https://www.semanticscholar.org/author/Jane-Doe/1": "other",
        "https://arxiv.org/abs/2401.00001": "paper", "https://openreview.net/forum?id=x": "paper", "https://doi.org/10.1/x": "paper",
        "https://aclanthology.org/2023.acl-long.557/": "paper", "https://proceedings.mlr.press/v202/a.html": "paper",
        "https://a.github.io/p": "project", "https://sites.google.com/view/x": "project", "https://pytorch.org/docs/x": "other",
        "https://physionet.org/content/mimic": "data", "https://dataverse.harvard.edu/dataset.xhtml": "data", "https://www.openml.org/d/1": "data",
        "https://anonymous.4open.science/r/X-3F": "code", "https://anonymous.4open.science/": "other",
        "https://doi.org/10.5281/zenodo.104": "data", "https://doi.org/10.6084/m9.figshare.12": "data", "https://dx.doi.org/10.7910/DVN/AB": "data",
        "https://doi.org/10.5281/other.1": "paper", "https://openaccess.thecvf.com/content/x.html": "paper", "https://ojs.aaai.org/index.php/a": "paper",
        "https://jmlr.org/papers/v25/a.html": "paper", "https://www.biorxiv.org/content/10.1101/1": "paper", "https://www.medrxiv.org/content/1": "paper",
        "https://link.springer.com/chapter/10.1007/1": "paper",
    }
    assert {url: url_kind(url) for url in cases} == cases
    text = "Project page: https://wildcam-benchmark.org, code https://github.com/a/b.git and docs https://docs.example.org/x"
    frame = pl.DataFrame({"record_id": ["r"], "source_id": ["s"], "path": ["p"], "ordinal": [1], "text_raw": [text]})
    rows = extract_urls(frame).sort("position")
    assert rows.select("kind", "repo", "domain").rows() == [("project", None, "wildcam-benchmark.org"), ("code", "a/b", "github.com"), ("other", None, "example.org")]


def test_two_spellings_are_one_row_and_occurrences_are_united() -> None:
    occurrences = pl.DataFrame(
        {
            "record_id": ["r", "r", "q"],
            "source_id": ["s1", "s2", "s1"],
            "path": ["a.txt", "b.txt", "a.txt"],
            "ordinal": [1, 1, 2],
            "status": ["kept", "near_duplicate", "kept"],
            "text_raw": [
                "Code: https://github.com/a/b.git and github.com/a/b (same).",
                "Code: HTTPS://GitHub.com/a/b#readme; paper arxiv.org/abs/1.2",
                "nothing here",
            ],
        }
    )
    table = record_urls(occurrences)
    assert table.select("record_id", "url", "url_raw", "position").rows() == [
        ("r", "https://github.com/a/b", "https://github.com/a/b.git", 0),
        ("r", "https://arxiv.org/abs/1.2", "arxiv.org/abs/1.2", 1),
    ]


def test_a_repositorys_urls_that_differ_in_the_case_of_its_name_or_in_http_are_one_row() -> None:
    occurrences = pl.DataFrame(
        {
            "record_id": ["r", "r"],
            "source_id": ["s1", "s2"],
            "path": ["a.txt", "b.txt"],
            "ordinal": [1, 1],
            "status": ["kept", "near_duplicate"],
            "text_raw": [
                "Code: https://github.com/Lab/MemSave and its examples https://github.com/Lab/MemSave/tree/main/Examples.",
                "Code: http://github.com/lab/memsave/ and https://github.com/lab/memsave/tree/main/examples; site https://Lab.github.io/MemSave",
            ],
        }
    )
    assert record_urls(occurrences).select("url", "position").rows() == [
        ("https://github.com/Lab/MemSave", 0),
        ("https://github.com/Lab/MemSave/tree/main/Examples", 1),
        ("https://github.com/lab/memsave/tree/main/examples", 2),  # a file's path keeps its case
        ("https://lab.github.io/MemSave", 3),
    ]


@pytest.mark.parametrize(
    ("candidate", "url"),
    [
        ("https://github.com/spectral-lab/sgt中的说明", "https://github.com/spectral-lab/sgt"),
        ("https://github.com/a/b.中文", "https://github.com/a/b"),
        ("https://example.org/code에서", "https://example.org/code"),
        ("https://zh.wikipedia.org/wiki/图论", "https://zh.wikipedia.org/wiki/图论"),
        ("https://example.jp/ページ", "https://example.jp/ページ"),
    ],
)
def test_trim_cuts_cjk_text_glued_to_the_end(candidate: str, url: str) -> None:
    assert trim_url(candidate) == url


def test_trim_keeps_balanced_parentheses() -> None:
    assert trim_url("https://x.org/a_(b)).") == "https://x.org/a_(b)"


def test_every_labeled_snippet() -> None:
    rows = [json.loads(line) for line in FIXTURE.read_text(encoding="utf-8").splitlines()]
    for row in rows:
        assert [url for _, url in found(row["text"])] == [u["url"] for u in row["urls"]], row["id"]
        assert [raw for raw, _ in found(row["text"])] == [u["raw"] for u in row["urls"]], row["id"]


def test_paperlake_beats_urlextract_on_the_labeled_fixture() -> None:
    scores = url_quality()
    assert scores["paperlake"]["f1"] > scores["urlextract"]["f1"]
    assert scores["paperlake"]["f1"] >= 0.95


_URI = re.compile(r"[A-Za-z0-9\-._~:/?#\[\]@!$&'()*+,;=%]+")


def assert_valid(url: str) -> None:
    """An absolute http(s) URL of RFC 3986 characters with an LDH host and well-formed escapes."""
    assert _URI.fullmatch(url), url
    assert not re.search(r"%(?![0-9A-Fa-f]{2})", url), url
    parts = urlsplit(url)
    assert parts.scheme in ("http", "https") and parts.hostname == parts.hostname.lower()
    assert all(re.fullmatch(r"[a-z0-9](?:[a-z0-9-]*[a-z0-9])?", label) for label in parts.hostname.split(".")), url
    parts.port  # noqa: B018  (raises on a bad port)


_label = st.text(alphabet=st.sampled_from("abcXYZ019-ü"), min_size=1, max_size=8)
_piece = st.text(alphabet=st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00"), max_size=12)
_urls = st.builds(
    lambda scheme, labels, port, path, query, fragment: f"{scheme}{'.'.join(labels)}.org{port}/{path}{query}{fragment}",
    st.sampled_from(["https://", "HTTP://", "http://www.", "", "doi:"]),
    st.lists(_label, min_size=1, max_size=3),
    st.sampled_from(["", ":443", ":80", ":8080"]),
    _piece,
    st.sampled_from(["", "?utm_source=x", "?a=1&fbclid=2", "?q=%zz&gclid=1"]),
    st.one_of(st.just(""), _piece.map(lambda s: "#" + s)),
)


_repo_urls = st.builds(
    lambda scheme, host, owner, name, git, rest: f"{scheme}{host}/{owner}/{name}{git}{rest}",
    st.sampled_from(["https://", "HTTP://", ""]),
    st.sampled_from(["github.com", "GitLab.com", "www.github.com", "gitee.com"]),
    _label,
    _label,
    st.sampled_from(["", ".git", ".git.git", ".git/"]),
    st.one_of(st.just(""), _piece.map(lambda s: "#" + s), _piece.map(lambda s: "/" + s)),
)


@settings(max_examples=300)
@given(st.one_of(_urls, _repo_urls, _piece))
def test_normalize_url_is_idempotent_and_valid(raw: str) -> None:
    url = normalize_url(raw)
    if url is not None:
        assert_valid(url)
        assert normalize_url(url) == url


_segment = st.text(alphabet=st.sampled_from("abcXYZ019-_"), min_size=1, max_size=8).map(lambda s: s + "z")
_plain_urls = st.builds(
    lambda host, segments, slash: f"https://{host}.org/{'/'.join(segments)}{slash}",
    st.text(alphabet=st.sampled_from("abc019-"), min_size=1, max_size=8).map(lambda s: "h" + s + "h"),
    st.lists(_segment, min_size=1, max_size=4),
    st.sampled_from(["", "/"]),
)
_word = st.text(alphabet=st.sampled_from("abcTheüß代码"), min_size=1, max_size=6)


@settings(max_examples=200, deadline=None)
@given(_plain_urls, st.sampled_from([",", ";", "\u2026", "\u201d", "\u27e9", "\u232a", "\u203a", "\u00b7", ". ", ") ", ", ", "&nbsp;", "&#41;. ", "&hellip;"]), _word)
def test_a_url_followed_by_punctuation_and_a_word_is_extracted_unchanged(url: str, after: str, word: str) -> None:
    assert found(f"code: {url}{after}{word} more") == [(url, url)]


_wrapped_urls = st.builds(
    lambda path, query: f"https://lab-1.example.org/{path}{query}",
    st.text(alphabet=st.sampled_from("abXY09-_/~%"), min_size=1, max_size=30).map(lambda s: s.replace("%", "%2F") + "z"),
    st.sampled_from(["", "?id=3&k=v", "?a=1#sec-2"]),
)


def _wrap_points(url: str, picks: list[int]) -> list[int]:
    """The picked break positions where the URL wrap rule rejoins: after / - = ? & _ # % ~, or mid-word before a ``/``
    on the same line with no ``.`` or ``:`` before it; not before a line that reads as prose (``URL_LINE_END``: ``…/x_`` /
    ``a``, a word that starts a sentence or a function word, is where a URL ends)."""
    start = len("https://") + 1
    points = sorted({start + p % (len(url) - start) for p in picks})
    ok = []
    for i, point in enumerate(points):
        line = url[point : points[i + 1] if i + 1 < len(points) else None]
        piece = line.split("/", 1)[0]
        prose = bool(pl.Series([f"{url[point - 1]}\n{line}\n"]).str.contains(URL_LINE_END)[0])
        if (url[point - 1] in "/-=?&_#%~" or (url[point - 1].isalnum() and "/" in line and not set(piece) & set(".:"))) and not prose:
            ok.append(point)
    return ok


@settings(max_examples=200, deadline=None)
@given(_wrapped_urls, st.lists(st.integers(0, 100), max_size=URL_WRAP_LINES - 1), st.sampled_from(["\n", " \n ", "\r\n", "\t\n"]))
@example("https://lab-1.example.org/0_a/z", [19, 20], "\n")  # "…/0_" / "a" / "/z": "a" ends the URL there (URL_LINE_END)
def test_a_hard_wrapped_url_is_rejoined_in_extraction_and_in_the_text(url: str, picks: list[int], newline: str) -> None:
    points = _wrap_points(url, picks)
    wrapped = "".join(url[a:b] + newline for a, b in zip([0, *points], points)) + url[points[-1] if points else 0 :]
    assert found(f"Code:\n{wrapped}\nWe thank all.") == [(url, normalize_url(url))]
    text = pl.DataFrame({"t": [f"Code:\n{wrapped}\nWe thank all."]}).select(join_lines(pl.col("t")))["t"][0]
    assert text.replace("\r", "").split() == ["Code:", url, "We", "thank", "all."]


@settings(max_examples=100, deadline=None)
@given(_wrapped_urls, st.sampled_from(["/", "_", "=", "#"]), st.sampled_from(["We show it.", "and code.", "The end.", "the rest."]), st.sampled_from(["\n", " \r\n"]))
def test_a_url_that_ends_its_line_before_prose_is_not_continued(url: str, separator: str, sentence: str, newline: str) -> None:
    text = f"Page: {url}{separator}{newline}{sentence}"
    assert [raw for raw, _ in found(text)] == [trim_url(url + separator)]
    joined = pl.DataFrame({"t": [text]}).select(join_lines(pl.col("t")))["t"][0]
    assert joined.split() == ["Page:", url + separator, *sentence.split()]
