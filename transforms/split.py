"""Split decoded files into a header line and record blocks.

Blocks are separated by one or more blank or whitespace-only lines; line endings
LF, CRLF and CR are all accepted. A block's raw text keeps its inner line breaks.
"""

from __future__ import annotations

import polars as pl

from transforms.headers import INVISIBLE_MARKS, header_fields

_SEP = "\U0010fffd\U0010fffd"  # never occurs in real text; splits blocks in one vectorized pass
_BLANK_LINES = r"\n[ \t\f\v\u00a0\u3000\u200b\ufeff]*(?:\n[ \t\f\v\u00a0\u3000\u200b\ufeff]*)+"


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
            .str.replace_all(_BLANK_LINES, _SEP)
            .str.split(_SEP)
            .list.eval(pl.element().str.strip_chars("\n"))
            .list.filter(pl.element().str.strip_chars().str.len_chars() > 0),
        )
        .explode("text_raw")
        .filter(pl.col("text_raw").is_not_null())
    )
    return blocks.with_columns(ordinal=pl.int_range(1, pl.len() + 1, dtype=pl.Int32).over("source_id")).select(
        "source_id", "path", "ordinal", "text_raw"
    )
