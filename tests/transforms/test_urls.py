from __future__ import annotations

import polars as pl
import pytest
from hypothesis import given
from hypothesis import strategies as st

from transforms.urls import extract_urls, normalize_url, trim_url


def found(text: str) -> list[tuple[str, str]]:
    frame = pl.DataFrame({"record_id": ["r"], "source_id": ["s"], "path": ["p"], "ordinal": [1], "text_raw": [text]})
    return [(row["url_raw"], row["url"]) for row in extract_urls(frame).sort("position").iter_rows(named=True)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Code is at https://github.com/a/b.", [("https://github.com/a/b", "https://github.com/a/b")]),
        ("see https://github.com/Wonder7racer/S2FGL.git.", [("https://github.com/Wonder7racer/S2FGL.git", "https://github.com/Wonder7racer/S2FGL")]),
        ("at <https://github.com/n/ada-wm>.", [("https://github.com/n/ada-wm", "https://github.com/n/ada-wm")]),
        (r"at : \url{https://github.com/e/ExpProof}.", [("https://github.com/e/ExpProof", "https://github.com/e/ExpProof")]),
        ("demo at https://speechunlearn.github.io/ .", [("https://speechunlearn.github.io/", "https://speechunlearn.github.io/")]),
        ("bare github.com/owner/repo here", [("github.com/owner/repo", "https://github.com/owner/repo")]),
        ("www.example.org/page, and more", [("www.example.org/page", "https://www.example.org/page")]),
        ("(see https://en.wikipedia.org/wiki/Foo_(bar))", [("https://en.wikipedia.org/wiki/Foo_(bar)", "https://en.wikipedia.org/wiki/Foo_(bar)")]),
        ("[code](https://github.com/x/y)", [("https://github.com/x/y", "https://github.com/x/y")]),
        ("代码见https://github.com/a/b。", [("https://github.com/a/b", "https://github.com/a/b")]),
        ("mail me at someone@github.com please", []),
        ("HTTPS://GitHub.COM:443/A/B#readme", [("HTTPS://GitHub.COM:443/A/B#readme", "https://github.com/A/B")]),
        ("https://x.org/p?utm_source=tw&id=3&fbclid=z", [("https://x.org/p?utm_source=tw&id=3&fbclid=z", "https://x.org/p?id=3")]),
        ("broken https://github.com/foo/\nbar-baz line", [("https://github.com/foo/bar-baz", "https://github.com/foo/bar-baz")]),
    ],
)
def test_extraction(text: str, expected: list[tuple[str, str]]) -> None:
    assert found(text) == expected


def test_kinds_and_repo() -> None:
    text = "https://github.com/a/b https://huggingface.co/datasets/x/y https://arxiv.org/abs/2401.00001 https://a.github.io/p https://huggingface.co/spaces/u/d https://huggingface.co/org/model"
    frame = pl.DataFrame({"record_id": ["r"], "source_id": ["s"], "path": ["p"], "ordinal": [1], "text_raw": [text]})
    rows = extract_urls(frame).sort("position")
    assert rows["kind"].to_list() == ["code", "data", "paper", "project", "demo", "model"]
    assert rows["repo"].to_list()[0] == "a/b"


def test_trim_keeps_balanced_parentheses() -> None:
    assert trim_url("https://x.org/a_(b)).") == "https://x.org/a_(b)"


@given(st.text(alphabet=st.characters(categories=("L", "N", "P", "S")), max_size=30))
def test_normalize_url_is_idempotent(path: str) -> None:
    url = normalize_url("https://Example.ORG/" + path)
    if url is not None:
        assert normalize_url(url) == url
        assert url.startswith("https://example.org/")
