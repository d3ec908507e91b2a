"""Split decoded files into a header line and record blocks.

Blocks are separated by one or more blank, whitespace-only or separator lines (``---``,
``* * *``, ``===``, ...); line endings LF, CRLF and CR are all accepted. Inside a block, a
line break between two paragraph-length lines, the first ending a sentence, also separates
blocks (files that list one abstract per line). A block's raw text keeps its inner line breaks.
"""

from __future__ import annotations

import polars as pl

from transforms.headers import INVISIBLE_MARKS, header_fields

_SEP = "\U0010fffd\U0010fffd"  # never occurs in real text; splits blocks in one vectorized pass
_SPACE = r"[ \t\f\v\u00a0\u3000\u200b\ufeff]"
_RULE = rf"(?:[-*_=~•·–—―]{_SPACE}*){{3,}}"  # a separator line: 3+ dashes, stars, bullets, ...
_GAP = rf"\n(?:{_SPACE}*(?:{_RULE})?\n)+{_SPACE}*"  # blank and separator lines between blocks
PARAGRAPH_WIDTH = 250
"""Least width of a line that is a whole abstract; hard-wrapped lines are under 100."""
_SENTENCE_END = r"(?:[.!?。！？…][)\]}\"'”’»」』）*_]*|(?:https?://|www\.)\S*)\s*$"


def unify_newlines(text: pl.Expr) -> pl.Expr:
    """CRLF and CR become LF."""
    return text.str.replace_all("\r\n", "\n", literal=True).str.replace_all("\r", "\n", literal=True)


def split_header(sources: pl.DataFrame) -> pl.DataFrame:
    """Add ``header_raw``, the parsed header fields and ``body`` (the text after the header).

    When the first non-blank line is not a header, ``header_raw`` is null and ``body`` is
    the whole text, so the first block stays a record.
    """
    lines = sources.with_columns(_text=unify_newlines(pl.col("text")).str.strip_chars_start(" \t\n" + INVISIBLE_MARKS))
    lines = lines.with_columns(_first=pl.col("_text").str.extract(r"^([^\n]*)", 1).str.strip_chars())
    lines = lines.with_columns(_header=header_fields(pl.col("_first")))
    is_header = pl.col("_header").is_not_null()
    return lines.with_columns(
        header_raw=pl.when(is_header).then(pl.col("_first")),
        body=pl.when(is_header).then(pl.col("_text").str.replace(r"^[^\n]*", "")).otherwise(pl.col("_text")),
    ).with_columns(
        pl.col("_header").struct.field("venue"),
        pl.col("_header").struct.field("year"),
        pl.col("_header").struct.field("header_lang"),
        pl.col("_header").struct.field("collection"),
        pl.col("_header").struct.field("part"),
    ).drop("_text", "_first", "_header")


def split_blocks(sources: pl.DataFrame) -> pl.DataFrame:
    """One row per block: ``source_id``, ``path``, ``ordinal`` (1-based) and ``text_raw``."""
    blocks = (
        sources.filter(pl.col("body").is_not_null())
        .select(
            "source_id",
            "path",
            text_raw=("\n" + pl.col("body") + "\n")
            .str.replace_all(_GAP, _SEP)
            .str.split(_SEP)
            .list.eval(pl.element().str.strip_chars("\n"))
            .list.filter(pl.element().str.strip_chars().str.len_chars() > 0),
        )
        .explode("text_raw")
        .filter(pl.col("text_raw").is_not_null())
    )
    return (
        split_paragraph_lines(blocks)
        .with_columns(ordinal=pl.int_range(1, pl.len() + 1, dtype=pl.Int32).over("source_id"))
        .select("source_id", "path", "ordinal", "text_raw")
    )


def paragraph_width(line: pl.Expr) -> pl.Expr:
    """Width of a line from its UTF-8 length: an ASCII character counts one, a CJK character two (Cyrillic 1.5)."""
    return (line.str.len_chars() + line.str.len_bytes()) // 2


def split_paragraph_lines(blocks: pl.DataFrame) -> pl.DataFrame:
    """Split ``text_raw`` at each line break between two paragraph-length lines of which the first ends a sentence or a URL.

    Only blocks with a line break are looked at; the pieces take the block's place, in order.
    """
    blocks = blocks.with_row_index("_block")
    lines = (
        blocks.filter(pl.col("text_raw").str.contains("\n", literal=True))
        .select("_block", line=pl.col("text_raw").str.split("\n"))
        .explode("line")
        .with_columns(_long=paragraph_width(pl.col("line")) >= PARAGRAPH_WIDTH)
    )
    same_block = (pl.col("_block") == pl.col("_block").shift(1)).fill_null(False)
    ends_sentence = pl.col("line").str.contains(_SENTENCE_END)
    lines = lines.with_columns(_cut=same_block & pl.col("_long") & pl.col("_long").shift(1) & ends_sentence.shift(1))
    cut = lines.filter(pl.col("_cut"))["_block"].unique()
    if cut.is_empty():
        return blocks.drop("_block")
    pieces = (
        lines.filter(pl.col("_block").is_in(cut.implode()))
        .with_columns(_piece=(~same_block | pl.col("_cut")).cum_sum())
        .group_by("_block", "_piece", maintain_order=True)
        .agg(text_raw=pl.col("line").str.join("\n"))
        .join(blocks.drop("text_raw"), on="_block")
    )
    whole = blocks.filter(~pl.col("_block").is_in(cut.implode())).with_columns(_piece=pl.lit(0, dtype=pieces.schema["_piece"]))
    return pl.concat([whole, pieces.select(whole.columns)]).sort("_block", "_piece").drop("_block", "_piece")
