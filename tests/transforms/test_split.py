from __future__ import annotations

import polars as pl
from hypothesis import given
from hypothesis import strategies as st

from transforms.split import split_blocks, split_header


def _split(text: str) -> tuple[pl.DataFrame, pl.DataFrame]:
    parsed = split_header(pl.DataFrame({"source_id": ["s"], "path": ["p.txt"], "text": [text]}))
    return parsed, split_blocks(parsed)


def test_header_and_blocks_with_any_line_endings() -> None:
    for newline in ("\n", "\r\n", "\r"):
        text = newline.join(["ICML 2025 Papers", "", "first line", "second line", " \t", "", "next block", ""])
        parsed, blocks = _split(text)
        assert parsed["collection"][0] == "ICML 2025 Papers"
        assert blocks["ordinal"].to_list() == [1, 2]
        assert blocks["text_raw"].to_list() == ["first line\nsecond line", "next block"]


def test_file_without_header_keeps_first_block() -> None:
    parsed, blocks = _split("An abstract without a header.\n\nAnother one.")
    assert parsed["header_raw"][0] is None
    assert blocks["text_raw"].to_list() == ["An abstract without a header.", "Another one."]


def test_invisible_marks_before_the_header() -> None:
    for marks in ("\u200b", "\u200e", "\ufeff\u200f", "\u200b\n\n"):
        parsed, blocks = _split(marks + "ICML 2025 Papers\n\nAn abstract.")
        assert (parsed["header_raw"][0], parsed["collection"][0]) == ("ICML 2025 Papers", "ICML 2025 Papers")
        assert blocks["text_raw"].to_list() == ["An abstract."]


def test_header_only_file_has_no_blocks() -> None:
    _, blocks = _split("ICML 2025 Papers\n\n\n")
    assert blocks.is_empty()


PARAGRAPH = st.text(alphabet=st.characters(categories=("L", "N", "P", "Zs")), min_size=1, max_size=40).filter(
    lambda s: s.strip()
)


@given(st.lists(PARAGRAPH, min_size=1, max_size=8))
def test_every_block_is_found_once_in_order(paragraphs: list[str]) -> None:
    text = "ICML 2025 Papers\n\n" + "\n\n".join(paragraphs) + "\n"
    _, blocks = _split(text)
    assert blocks["ordinal"].to_list() == list(range(1, len(paragraphs) + 1))
    assert [b.strip() for b in blocks["text_raw"].to_list()] == [p.strip() for p in paragraphs]
