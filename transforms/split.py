"""Split decoded files into a header line and record blocks.

Blocks are separated by one or more blank, whitespace-only or separator lines (``---``,
``* * *``, ``===``, ...); line endings LF, CRLF and CR are all accepted, and so are Unicode's line
and paragraph separators (U+2028 a line break, U+2029 an empty line). Inside a block, a
line break between two paragraph-length lines, the first ending a sentence, also separates
blocks (files that list one abstract per line), and so do a line that only numbers the next entry and the rows of a Markdown
table. A block's raw text keeps its inner line breaks. A file that is a saved HTML page, or an Atom or RSS feed, is read
as a listing first (``page_listings``): its title is the header line, and each block element's content, or each entry, a block;
so is a Markdown page whose front matter names a title (the header line; the front matter goes).
"""

from __future__ import annotations

import ast
import csv
import html
import io
import json
import re
import tomllib
import unicodedata
from collections.abc import Callable
from html.parser import HTMLParser
from xml.etree import ElementTree

import polars as pl
import yaml

from transforms.headers import INVISIBLE_MARKS, header_fields, listing_title_fields

_SEP = "\U0010fffd\U0010fffd"  # never occurs in real text; splits blocks in one vectorized pass
_SPACE_CHARS = " \t\f\v\u00a0\u3000\u200b\ufeff"
_SPACE = f"[{_SPACE_CHARS}]"
# A separator line: 3+ dashes, stars, bullets, box-drawing rules, ...; "+++" (a Hugo page's TOML front matter, as "---"
# fences YAML; not "+---+", a grid table's border); <hr>.
_RULE = rf"(?:(?:[-*_=~•·–—―─━═┄┅┈┉╌╍]{_SPACE}*){{3,}}|\+{{3,}}|<(?i:hr)\b[^<>\n]*>)"
_GAP = rf"\n(?:{_SPACE}*(?:{_RULE})?\n)+{_SPACE}*"  # blank and separator lines between blocks
# What ``split_blocks`` gives.
BLOCKS = pl.Schema({"source_id": pl.String, "path": pl.String, "ordinal": pl.Int32, "text_raw": pl.String})
PARAGRAPH_WIDTH = 250
"""Least width of a line that is a whole abstract; hard-wrapped lines are under 100."""
_SENTENCE_END = r"(?:[.!?。！？．…][)\]}\"'”’»」』）*_]*(?:\s*</(?i:p|li|div|td|dd|blockquote)>)*|(?:https?://|www\.)\S*)\s*$"  # "...steps.</li>" too


_OTHER_BREAKS = "\r\u2028\u2029"  # line breaks other than LF
ENTRY_NUMBER = r"(?:\[\d{1,4}\]|\(\d{1,4}\)|【\d{1,4}】|#\d{1,4}|\d{1,4}[.)]?)"  # a list entry's number: "2", "[2]", "(2)", "【2】", "#2", "2.", "2)"
TABLE_ROW = r"^[ \t]*\|[^\n]*\|[^\n]*\|[ \t]*$"  # a Markdown table row of two or more cells
TABLE_DELIMITER = r"^[ \t]*\|[ \t:|-]*-{3}[ \t:|-]*$"  # the row under a table's header row: "|---|:---:|"
TSV_TABS = 2  # tabs in a row of a tab-separated table (three or more cells)


# A block that may be JSON: an array of paper objects (an API dump, one line or pretty-printed), an object holding one
# ({"papers": [...]}), or a piece of an array that blank lines cut ("{...},"). ``json_entries`` decides.
JSON_BLOCK = r"^\s*[\[{][\s\S]*[\]},]\s*$"
# Keys (any case) that name a paper's abstract in a JSON object, possibly under "content" and as {"value": ...} (OpenReview);
# PubMed's exports write "AbstractText", and OpenAlex's works an "abstract_inverted_index" ({"We": [0], "study": [1], ...}).
JSON_ABSTRACT_KEYS = ("abstract", "summary", "abstract_text", "paper_abstract", "abstracttext", "abstract_inverted_index")


def unify_newlines(text: pl.Expr) -> pl.Expr:
    """CRLF, CR and U+2028 (line separator) become LF; U+2029 (paragraph separator) an empty line."""
    return (
        text.str.replace_all("\r\n", "\n", literal=True)
        .str.replace_all("\r", "\n", literal=True)
        .str.replace_all("\u2028", "\n", literal=True)
        .str.replace_all("\u2029", "\n\n", literal=True)
    )


_LEADING = " \t\n" + INVISIBLE_MARKS  # stripped from a file's start before its first line
_FIELDS = ("venue", "year", "header_lang", "collection", "part")


# A saved HTML page, or a scraped page fragment that opens with a block element ("<h1>ICML 2025 Papers</h1><div ..."); not a
# listing with some tags (its first line is a header line, not a tag)
HTML_PAGE = (
    r"^[\s\ufeff]*(?:<!--[\s\S]*?-->\s*)*(?i:<!doctype\s+html|<html[\s>]|<(?:head|body|title|meta|h[1-6]|div|section|article|main"
    r"|header|table|ul|ol|dl)[\s>])"
)


class _PageListing(HTMLParser):
    """An HTML page as a listing: the text of its ``<title>`` (else of its first ``<h1>``), then the content of each block
    element as a block, and an empty line in text as a gap between blocks. A paper's heading (``<h2>`` to ``<h6>``) is the
    first line of the block under it (``### Title``), unless a list, a table or another heading follows it (a section's).
    Inline markup stays as it was written (normalize reads links, emphasis and entities); ``<head>``, scripts, styles and
    comments go."""

    SKIPPED = frozenset({"head", "script", "style", "noscript", "template", "svg", "iframe", "object"})
    BLOCK = frozenset(
        {"p", "div", "li", "ul", "ol", "dl", "dt", "dd", "tr", "td", "th", "table", "thead", "tbody", "h1", "h2", "h3", "h4",
         "h5", "h6", "blockquote", "pre", "hr", "section", "article", "header", "footer", "nav", "main", "aside", "body",
         "html", "form", "figure", "figcaption", "details", "summary", "center"}
    )
    VOID = frozenset({"area", "base", "col", "embed", "img", "input", "link", "meta", "param", "source", "track", "wbr"})
    HEADING = frozenset({"h2", "h3", "h4", "h5", "h6"})
    SECTION_BODY = frozenset({"ul", "ol", "dl", "table"})  # what follows a section's heading, not a paper's
    HEADING_MARK, SECTION_MARK = "\ue000", "\ue001"  # a heading block's first character; a block of its own before a list

    def __init__(self) -> None:
        super().__init__(convert_charrefs=False)
        self.parts: list[str] = []
        self.title: list[str] = []
        self.heading: list[str] | None = None  # the first <h1>'s text, while and after it is read
        self.in_title = self.in_heading = False
        self.skipped = 0

    def handle_starttag(self, tag: str, attrs: list) -> None:
        if tag == "title":
            self.in_title = True
        elif tag == "body":
            self.skipped = 0  # the head ends where the body starts, closed or not
            self.parts.append("\n\n")
        elif tag in self.SKIPPED:
            self.skipped += 1
        elif self.skipped:
            return
        elif tag == "br":
            self.parts.append("\n")
        elif tag in self.BLOCK:
            self.parts.append("\n\n" + (self.HEADING_MARK if tag in self.HEADING else self.SECTION_MARK + "\n\n" if tag in self.SECTION_BODY else ""))
            if tag == "h1" and self.heading is None:
                self.heading, self.in_heading = [], True
        elif tag not in self.VOID:
            self.parts.append(self.get_starttag_text() or "")

    def handle_startendtag(self, tag: str, attrs: list) -> None:
        if not self.skipped and tag == "br":
            self.parts.append("\n")

    def handle_endtag(self, tag: str) -> None:
        if tag == "title":
            self.in_title = False
        elif tag in self.SKIPPED:
            self.skipped = max(0, self.skipped - 1)
        elif self.skipped:
            return
        elif tag in self.BLOCK:
            self.parts.append("\n\n")
            self.in_heading = self.in_heading and tag != "h1"
        elif tag not in self.VOID and tag != "br":
            self.parts.append(f"</{tag}>")

    def handle_data(self, data: str) -> None:
        if self.in_title:
            self.title.append(data)
        elif not self.skipped:
            text = "\n\n".join(re.sub(r"\s+", " ", piece) for piece in re.split(r"[ \t\r\f\v]*\n\s*\n\s*", data))
            self.parts.append(text)
            if self.in_heading and self.heading is not None:
                self.heading.append(text)

    def handle_entityref(self, name: str) -> None:
        self.handle_data(f"&{name};")

    def handle_charref(self, name: str) -> None:
        self.handle_data(f"&#{name};")

    def listing(self) -> str:
        header = _plain("".join(self.title if "".join(self.title).strip() else self.heading or []))
        lines = (line.strip() for line in "".join(self.parts).split("\n"))
        blocks = re.sub(r"\n{3,}", "\n\n", "\n".join(lines)).strip("\n").split("\n\n")
        repeats = [i for i, block in enumerate(blocks) if header and _plain(re.sub(r"<[^<>]*>", " ", block.lstrip(self.HEADING_MARK))) == header]
        if repeats:
            del blocks[repeats[0]]  # the page's heading, which repeats its title
        body = "\n\n".join(self._with_headings(blocks))
        return f"{header}\n\n{body}\n" if header else f"{body}\n"

    def _with_headings(self, blocks: list[str]) -> list[str]:
        """The blocks without marks, each paper's heading the first line of the block under it (``### Title``)."""
        joined: list[str] = []
        i = 0
        while i < len(blocks):
            block, after = blocks[i], blocks[i + 1] if i + 1 < len(blocks) else self.SECTION_MARK
            heading = block[1:].strip() if block.startswith(self.HEADING_MARK) else None
            if heading and not after.startswith((self.HEADING_MARK, self.SECTION_MARK)):
                joined.append(f"### {heading}\n{after}")
                i += 1
            elif heading is None and block != self.SECTION_MARK:
                joined.append(block)
            elif heading:
                joined.append(heading)
            i += 1
        return joined


def _plain(text: str) -> str:
    return " ".join(html.unescape(text).split())


def page_listing(page: str) -> str:
    """A saved HTML page as the listing it shows (``_PageListing``)."""
    parser = _PageListing()
    parser.feed(page)
    parser.close()
    return parser.listing()


FEED = r"^[\s\ufeff]*(?:<\?xml[^>]*\?>\s*)?(?:<!--[\s\S]*?-->\s*)*<(?:feed|rss|rdf:RDF)[\s>]"  # an Atom or RSS feed (arXiv's API answers Atom)


def feed_listing(feed: str) -> str:
    """An Atom or RSS feed as a listing: the feed's title, then each entry or item as one line of JSON (``title``,
    ``abstract`` from its summary or description, ``url`` from its link or id), which normalization reads as a JSON
    paper; the text as it was when it does not parse as XML."""
    try:
        root = ElementTree.fromstring(feed.lstrip("\ufeff \t\r\n"))
    except ElementTree.ParseError:
        return feed

    def named(node: ElementTree.Element, *names: str) -> list[ElementTree.Element]:
        return [child for child in node if child.tag.rsplit("}", 1)[-1] in names]

    def text_of(node: ElementTree.Element, *names: str) -> str | None:
        return next((" ".join(child.text.split()) for child in named(node, *names) if child.text and child.text.strip()), None)

    channel = (named(root, "channel") or [root])[0]  # RSS holds its title and items in a channel
    entries = [node for node in root.iter() if node.tag.rsplit("}", 1)[-1] in ("entry", "item")]
    papers = []
    for entry in entries:
        links = [link.get("href") or (link.text or "").strip() for link in named(entry, "link")]
        paper = {"title": text_of(entry, "title"), "abstract": text_of(entry, "summary", "description", "abstract", "content"),
                 "url": next((link for link in links if link), None) or text_of(entry, "id", "guid")}
        papers.append(json.dumps({key: value for key, value in paper.items() if value}, ensure_ascii=False))
    return "\n\n".join([text_of(channel, "title") or "", *papers]).lstrip("\n") + "\n"


# A Markdown page's front matter (Jekyll, Hugo, Astro, ...) from the file's first line: YAML between "---" lines (or closed
# by "..."), TOML between "+++" lines. FRONT_MATTER finds the files that open with a fence; _FRONT_MATTER (groups: the
# fence, the front matter's text) reads them.
FRONT_MATTER = r"\A[\ufeff \t\r\n]*(?:---|\+\+\+)[ \t]*\r?\n"
_FRONT_MATTER = re.compile(r"\A[\ufeff \t\r\n]*(---|\+\+\+)[ \t]*\r?\n([\s\S]*?)\r?\n(?:\1|\.\.\.)[ \t]*(?:\r?\n|\Z)")


def _front_matter_title(fence: str, front: str) -> str | None:
    """The page's ``title`` in front matter, whitespace collapsed; None when it does not parse, names no title, or is a
    paper's record (it has an abstract: a listing of YAML papers between "---" lines, whose first paper it would be)."""
    try:
        fields = tomllib.loads(front) if fence == "+++" else yaml.safe_load(front)
    except (ValueError, RecursionError, yaml.YAMLError):  # a TOMLDecodeError, or a value YAML cannot build ("date: 2025-13-01")
        return None
    if not isinstance(fields, dict) or any(key in fields for key in JSON_ABSTRACT_KEYS) or not isinstance(fields.get("title"), str):
        return None
    return _plain(fields["title"]) or None


def front_matter_listing(text: str) -> str:
    """A Markdown page that opens with front matter as a listing: the front matter's ``title`` as the header line, then
    the page, without a first heading that repeats the title (as a saved HTML page's); the text as it was when the front
    matter names no title (``_front_matter_title``)."""
    found = _FRONT_MATTER.match(text)
    title = found and _front_matter_title(found[1], found[2])
    if not title:
        return text
    page = text[found.end():].lstrip("\r\n")
    first, *rest = re.split(r"\r?\n[ \t]*\r?\n", page, maxsplit=1)
    if _plain(re.sub(r"^[ \t]*#+[ \t]*|[ \t]*#*[ \t]*$", "", first)).casefold() == title.casefold():
        page = "".join(rest).lstrip("\r\n")
    return f"{title}\n\n{page}"


def page_listings(text: pl.Series) -> pl.Series:
    """Files' texts with each saved HTML page (``HTML_PAGE``), each feed (``FEED``) and each Markdown page with front matter
    (``FRONT_MATTER``) read as its listing; other texts as they were."""
    is_page, is_feed = text.str.contains(HTML_PAGE).fill_null(False), text.str.contains(FEED).fill_null(False)
    has_front_matter = text.str.contains(FRONT_MATTER).fill_null(False)
    if not (is_page.any() or is_feed.any() or has_front_matter.any()):
        return text
    rows = (is_page | is_feed | has_front_matter).arg_true()
    listings = [
        feed_listing(t) if feed else page_listing(t) if page else front_matter_listing(t)
        for t, feed, page in zip(text.gather(rows).to_list(), is_feed.gather(rows).to_list(), is_page.gather(rows).to_list(), strict=True)
    ]
    return text.clone().scatter(rows, pl.Series(listings, dtype=pl.String))


def split_header(sources: pl.DataFrame) -> pl.DataFrame:
    """Add ``header_raw``, the parsed header fields and ``body``: the text after the header line,
    as pieces cut at every empty line (two LFs in a row: always inside a gap between blocks).

    The header is the first non-blank line, or one of the next (``_header_lines``) under short lines, which
    then stay as a block of their own. When there is none, ``header_raw`` is null and ``body`` is
    the whole text, so the first block stays a record. A file's text is cut once; every pass
    after that runs over pieces of about a block (polars copies a file-sized string several
    times over in each pass over it).
    """
    pieces = (
        sources.select(piece=_with_lf(page_listings(sources["text"])).str.split("\n\n"))
        .with_row_index("_file")
        .explode("piece")
        .filter(pl.col("piece").is_not_null())
    )
    # the pieces before the first with a character that is not leading space or an invisible mark go
    before_first_line = pieces.select(pl.col("piece").str.contains(f"[^{re.escape(_LEADING)}]").cum_sum().over("_file") == 0).to_series()
    if before_first_line.any():  # rare: a filter copies every piece
        pieces = pieces.filter(~before_first_line)
    pieces = pieces.with_columns(_i=pl.int_range(pl.len()).over("_file"))
    first = pieces.filter(pl.col("_i") == 0).select("_file", "_i", _text=pl.col("piece").str.strip_chars_start(_LEADING))
    first = first.join(_header_lines(first), on="_file", how="left", maintain_order="left")
    is_header = pl.col("_header").is_not_null()
    lines = pl.col("_text").str.split("\n")
    before, after = lines.list.head(pl.col("_at")).list.join("\n"), lines.list.slice(pl.col("_at") + 1).list.join("\n")
    first = first.select(
        "_file",
        "_i",
        "_header",
        header_raw=pl.when(is_header).then(pl.col("_line")),
        _piece=pl.when(is_header & (pl.col("_through") > pl.col("_at")))  # a header continued to the piece's end (``_with_continued_headers``)
        .then(before)
        .when(is_header & (pl.col("_at") == 0))
        .then(pl.col("_text").str.replace(r"^[^\n]*", ""))
        .when(is_header)
        .then(before + "\n\n" + after)  # the short lines above the header stay, as a block of their own
        .otherwise(pl.col("_text")),
    )
    bodies = (
        pieces.join(first.select("_file", "_i", "_piece"), on=["_file", "_i"], how="left", maintain_order="left")
        .group_by("_file", maintain_order=True)
        .agg(body=pl.coalesce("_piece", "piece"))
    )
    return (
        sources.with_row_index("_file")
        .join(first.select("_file", "header_raw", "_header"), on="_file", how="left", maintain_order="left")
        .join(bodies, on="_file", how="left", maintain_order="left")
        .with_columns(pl.col("_header").struct.field(name) for name in _FIELDS)
        .drop("_file", "_header")
    )


# The header may follow a few short lines a scraper wrote above it ("Source: https://...", a site's name, a date, a count):
# it is looked for on the first block's first lines while every line before it is at most this long.
HEADER_SEARCH_LINES = 5
HEADER_SEARCH_WIDTH = 200


def _header_lines(first: pl.DataFrame) -> pl.DataFrame:
    """Per file (``_file``), the first line of its first piece (``_text``) that parses as a header among the first
    ``HEADER_SEARCH_LINES``, below only lines of at most ``HEADER_SEARCH_WIDTH`` characters: ``_at`` (its index), ``_line`` (stripped), ``_header``;
    else its first line read as the listing's title, when it is the whole first piece."""
    lines = (
        first.select("_file", _line=pl.col("_text").str.split("\n").list.head(HEADER_SEARCH_LINES))
        .with_columns(_at=pl.int_ranges(pl.col("_line").list.len(), dtype=pl.UInt32))
        .explode("_line", "_at")
        .with_columns(_line=pl.col("_line").str.strip_chars())
    )
    short_above = (pl.col("_line").str.len_chars().shift(1).fill_null(0).cum_max().over("_file")) <= HEADER_SEARCH_WIDTH
    headers = (
        lines.filter(short_above)
        .with_columns(_header=header_fields(pl.col("_line")))
        .filter(pl.col("_header").is_not_null())
        .group_by("_file", maintain_order=True)
        .first()
    )
    headers = _with_continued_headers(headers, first)
    # else a first line that stands alone (a blank line under it) may be the listing's title (``parse_listing_title``)
    alone = first.join(headers.select("_file"), on="_file", how="anti").select("_file", _line=pl.col("_text").str.strip_chars())
    titles = (
        alone.filter(~pl.col("_line").str.contains("\n") & (pl.col("_line").str.len_chars() <= HEADER_SEARCH_WIDTH))
        .with_columns(_at=pl.lit(0, pl.UInt32), _header=listing_title_fields(pl.col("_line")))
        .filter(pl.col("_header").is_not_null())
    )
    return pl.concat([headers, titles.with_columns(_through=pl.col("_at")).select(headers.columns)])


# A header written on two or three lines ("ICLR 2025" / "Accepted Papers", "NeurIPS 2024" / "Datasets and Benchmarks Track",
# "ICML 2025" / "论文列表"): the short lines with a letter that end the first piece under the header line continue it when, joined to it, they
# still parse as a header of the same venue and year (a paper's title under it does not: "ICLR 2025 Sparse Attention" is no header).
HEADER_CONTINUATION_LINES = 2
HEADER_CONTINUATION_WIDTH = 80


def _with_continued_headers(headers: pl.DataFrame, first: pl.DataFrame) -> pl.DataFrame:
    """``headers`` (``_file``, ``_line``, ``_at``, ``_header``) with ``_through``, the index of the header's last line: its
    continuation lines joined to ``_line`` (by a space) and ``_header`` parsed from them, where they continue it."""
    headers = headers.with_columns(_through=pl.col("_at"))
    rest = (
        headers.join(first.select("_file", "_text"), on="_file", how="left", maintain_order="left")
        .select("_file", "_line", "_at", _first="_header", _below=pl.col("_text").str.strip_chars_end().str.split("\n").list.slice(pl.col("_at") + 1))
        .filter(pl.col("_below").list.len().is_between(1, HEADER_CONTINUATION_LINES))
    )
    if rest.is_empty():
        return headers
    short = pl.col("_below").list.eval(
        pl.element().str.strip_chars().str.len_chars().le(HEADER_CONTINUATION_WIDTH)
        & pl.element().str.contains(r"\p{L}")  # a rule or a mark under the header stays as it was ("-": a block; "===": a gap)
        & ~pl.element().str.contains(_SENTENCE_END)
    ).list.all()
    joined = (
        rest.filter(short)
        .with_columns(_line=pl.concat_str(pl.col("_line"), pl.col("_below").list.eval(pl.element().str.strip_chars()).list.join(" "), separator=" "))
        .with_columns(_header=header_fields(pl.col("_line")))
        .filter(
            (pl.col("_header").struct.field("venue").eq_missing(pl.col("_first").struct.field("venue")))
            & (pl.col("_header").struct.field("year").eq_missing(pl.col("_first").struct.field("year")))
        )
        .select("_file", "_line", "_header", _through=pl.col("_at") + pl.col("_below").list.len().cast(pl.UInt32))
    )
    return headers.update(joined, on="_file")


def split_continuation(sources: pl.DataFrame) -> pl.DataFrame:
    """``split_header``'s columns for texts that continue files after a cut at an empty line: no header line
    (``header_raw`` null, the other fields as given) and ``body``, the whole text (its leading space and blank
    lines dropped, as a gap would take them) cut at every empty line."""
    body = _with_lf(sources["text"].str.strip_chars_start(_SPACE_CHARS + "\n" + _OTHER_BREAKS)).str.split("\n\n")
    return sources.with_columns(header_raw=pl.lit(None, pl.String), body=body)


def _with_lf(text: pl.Series) -> pl.Series:
    """``unify_newlines`` of the texts; the column as it is when none holds another line break (a whole file's text is not copied for nothing)."""
    other_breaks = text.str.contains(f"[{_OTHER_BREAKS}]").fill_null(False)
    if not other_breaks.any():
        return text
    return text.to_frame().select(pl.when(other_breaks).then(unify_newlines(pl.col(text.name))).otherwise(pl.col(text.name))).to_series()


def split_blocks(sources: pl.DataFrame) -> pl.DataFrame:
    """One row per block: ``source_id``, ``path``, ``ordinal`` (1-based) and ``text_raw``.

    A body is first cut at every empty line (``"\n\n"``, always inside a gap between blocks), so
    the regex passes run over pieces of about a block, not over a whole file's text; a piece
    after the first loses the spaces a gap would have taken from its start. A paragraph such a cut
    broke mid-sentence is one block again (``join_broken_paragraphs``).
    """
    pieces = sources.filter(pl.col("body").is_not_null()).select("source_id", "path", piece="body").with_row_index("_file").explode("piece")
    after_a_cut = pl.col("_file") == pl.col("_file").shift(1)
    blank = ~pl.col("piece").str.contains(f"[^{_SPACE_CHARS}\n]")  # part of a gap
    blocks = (
        pieces.with_columns(piece=pl.when(after_a_cut).then(pl.col("piece").str.strip_chars_start(_SPACE_CHARS)).otherwise(pl.col("piece")))
        # after two or more empty lines: the piece starts with a line break, or a blank piece is above it
        .with_columns(_wide_gap=pl.col("piece").str.starts_with("\n") | (blank.shift(1) & after_a_cut).fill_null(False))
        .filter(~blank)
        .with_row_index("_piece")
        .select(
            "_file",
            "_piece",
            "_wide_gap",
            "source_id",
            "path",
            text_raw=("\n" + pl.col("piece") + "\n")
            .str.replace_all(_GAP, _SEP)
            .str.split(_SEP)
            .list.eval(pl.element().str.strip_chars("\n"))
            .list.filter(pl.element().str.strip_chars().str.len_chars() > 0),
        )
        .explode("text_raw", empty_as_null=True)
    )
    # A piece's first block follows the one above it across empty lines only: a piece of a separator line alone is a null row.
    after_empty_lines = (pl.col("_piece") != pl.col("_piece").shift(1)) & (pl.col("_file") == pl.col("_file").shift(1)) & pl.col("text_raw").shift(1).is_not_null()
    blocks = blocks.with_columns(_after_empty_lines=after_empty_lines.fill_null(False), _after_one_empty_line=(after_empty_lines & ~pl.col("_wide_gap")).fill_null(False))
    blocks = join_broken_paragraphs(join_spaced_lines(blocks.filter(pl.col("text_raw").is_not_null())))
    return (
        attach_link_blocks(attach_bilingual(attach_translations(attach_entry_heads(attach_title_blocks(attach_labelled_heads(attach_quoted_abstracts(split_paragraph_lines(split_csv_blocks(split_yaml_records(split_tagged_records(split_json_blocks(split_feed_entries(blocks)))))))))))))
        .with_columns(ordinal=pl.int_range(1, pl.len() + 1, dtype=pl.Int32).over("source_id"))
        .select("source_id", "path", "ordinal", "text_raw")
    )


# A paragraph that empty lines cut mid-sentence (a PDF copied with empty lines between some of its lines, a page's
# "<br><br>" inside an abstract): the block above the cut ends open (a lowercase letter, a comma or a semicolon: no
# sentence end) and the block below it starts in lower case, which abstracts do not. The block above must hold punctuation
# or be short (a text without any, a lowercased dump's, is cut nowhere), and a joined block stays under
# ``JOINED_MAX_CHARS`` (else its pieces stay blocks).
_OPEN_END = r"[\p{Ll},;][ \t]*\z"
_PUNCTUATION = r"[.,;:!?]"
_FRAGMENT_WORDS = 30  # fewer words without punctuation: part of a sentence
_EDGE_CHARS = 8  # of the block above, only its end is read for an open end
_ENDS_IN_COLON = r"[:：][ \t]*\z"
_LIST_START = r"\A[ \t]*(?:[-*•–]|\(?(?:[0-9]{1,2}|[ivx]{1,4}|[a-h])[).][ \t]|\p{Ll})"  # a list item's start, or a lower-case word
JOINED_MAX_CHARS = 5_000


def may_continue_above(block: str) -> bool:
    """Whether a block may be the rest of a paragraph that empty lines cut (``join_broken_paragraphs``): it starts in lower case."""
    start = block.lstrip(_SPACE_CHARS + "\n")[:1]
    return bool(start) and unicodedata.category(start) == "Ll"


# A structured abstract (clinical and biomedical journals, PubMed, medRxiv, Chinese journals) whose sections a page sets apart
# by empty lines: a block that starts with a later section's label ("Methods:", "RESULTS", "**Conclusions.**", "结论：")
# continues the block above when that one has a section label at a line's start ("Background:", "Objective:", or a later
# section's: the sections before it are joined too). An abstract starts with no later section's label.
_OPENING_SECTIONS = r"Background|Objectives?|Purpose|Aims?|Introduction|Context|Motivation|Importance|Rationale|目的|背景|목적|배경"
_LATER_SECTIONS = (
    r"Methods?|Materials and Methods|Methodology|Approach|Design|Setting|Participants|Patients|Interventions?|Measurements"
    r"|Main Outcomes?(?: and Measures?)?|Results?|Findings|Conclusions?|Interpretation|Discussion|Limitations|Significance|Implications"
    r"|Relevance|Exposures?|Data Sources|Study Selection|Data Extraction|Data Synthesis"
    r"|方法|结果|結果|结论|結論|讨论|討論|방법|결과|결론"
)
_SECTION_LABEL_END = r"[ \t]*(?:\*\*|__)?[ \t]*(?:[:：.—–]|\r?\n|\z)"
_LATER_SECTION_START = r"\A[ \t]*(?:#{1,6}[ \t]*|\*\*|__)?(?i:" + _LATER_SECTIONS + r")" + _SECTION_LABEL_END
_SECTION_LINE = r"(?m)^[ \t]*(?:#{1,6}[ \t]*|\*\*|__)?(?i:" + _OPENING_SECTIONS + "|" + _LATER_SECTIONS + r")" + _SECTION_LABEL_END


def continues_sections(above: str, block: str) -> bool:
    """Whether ``block`` is a later section of the structured abstract ``above`` holds (``join_broken_paragraphs``)."""
    return bool(pl.Series([block]).str.contains(_LATER_SECTION_START)[0]) and bool(pl.Series([above]).str.contains(_SECTION_LINE)[0])


def continues_list(above: str, block: str) -> bool:
    """Whether ``block`` is the list the abstract ``above`` introduces with a colon (``join_broken_paragraphs``)."""
    ends_in_colon = pl.Series([above[-4:]]).str.contains(_ENDS_IN_COLON)[0]  # its last four characters, as join_broken_paragraphs reads them
    return len(above) >= ABSTRACT_CHARS and bool(ends_in_colon) and bool(pl.Series([block]).str.contains(_LIST_START)[0])


def join_broken_paragraphs(blocks: pl.DataFrame) -> pl.DataFrame:
    """``source_id``, ``path`` and ``text_raw`` of blocks in file order, each paragraph that empty lines cut mid-sentence
    (``_after_empty_lines``; see ``_OPEN_END``), each later section of a structured abstract (``_LATER_SECTION_START``) and
    the list under an abstract that ends in a colon (``ABSTRACT_CHARS`` or more; ``_LIST_START``) joined again at an empty
    line."""
    text = pl.col("text_raw")
    below = blocks.select((pl.col("_after_empty_lines") & text.str.slice(0, 1).str.contains(r"\p{Ll}")).arg_true()).to_series()
    above = blocks["text_raw"].gather(below - 1)  # only the few blocks above a lowercase start are read to their end
    open_prose = above.str.slice(-_EDGE_CHARS).str.contains(_OPEN_END) & (above.str.contains(_PUNCTUATION) | (above.str.count_matches(r"\s+") < _FRAGMENT_WORDS))
    sections = blocks.select((pl.col("_after_empty_lines") & text.str.contains(_LATER_SECTION_START)).arg_true()).to_series()
    # under an abstract that introduces a list ("We make three contributions:" / "- We …", "(1) a …", "first, …"): the list
    listed = blocks.select(
        (pl.col("_after_empty_lines") & text.str.contains(_LIST_START) & text.shift(1).str.slice(-4).str.contains(_ENDS_IN_COLON)).arg_true()
    ).to_series()
    introducing = blocks["text_raw"].gather(listed - 1)
    listed = listed.filter(introducing.str.len_chars() >= ABSTRACT_CHARS)  # not a heading ("Accepted papers:", "Keywords:")
    continuing = pl.concat(
        [below.filter(open_prose), sections.filter(blocks["text_raw"].gather(sections - 1).str.contains(_SECTION_LINE)), listed]
    ).unique().sort()
    if continuing.is_empty():
        return blocks.select("source_id", "path", "text_raw")
    return _join_at_empty_lines(blocks.select("source_id", "path", "text_raw"), continuing)


def _join_at_empty_lines(blocks: pl.DataFrame, continuing: pl.Series) -> pl.DataFrame:
    """``blocks`` with each block whose row index is in ``continuing`` joined to the one above it at an empty line (the other
    columns the first block's), unless the joined block would be over ``JOINED_MAX_CHARS`` (a list, not a paragraph: its
    parts stay)."""
    text = pl.col("text_raw")
    continues = pl.repeat(False, blocks.height, eager=True).scatter(continuing, True)
    grouped = blocks.with_columns(_group=(~continues).cum_sum())
    in_paragraph = continues | continues.shift(-1).fill_null(False)  # only the blocks to join are copied into new text
    joined = grouped.filter(in_paragraph).group_by("_group", maintain_order=True).agg(pl.all().exclude("text_raw").first(), text.str.join("\n\n"))
    joined = joined.filter(text.str.len_chars() <= JOINED_MAX_CHARS)
    kept = grouped.filter(~pl.col("_group").is_in(joined["_group"].implode()))
    return pl.concat([kept, joined.select(kept.columns)]).sort("_group", maintain_order=True).select(blocks.columns)


# A paragraph copied with an empty line under each of its lines (a double-spaced PDF, a page with one element per visual
# line): a run of at least SPACED_MIN_LINES blocks that are each one line of at most SPACED_LINE_WIDTH (``paragraph_width``),
# the widest at least SPACED_MIN_WIDTH, one empty line apart, at least half of them (all but the first) starting in lower
# case, as wrapped prose does and a list of titles or names does not, and at least half of them full: at least FULL_LINE of
# the run's widest.
# A full line is continued by the next line of its run, whatever it starts with; a paragraph's last line is shorter, and
# the next line starts the next block.
SPACED_LINE_WIDTH = 110
SPACED_MIN_WIDTH = 40
SPACED_MIN_LINES = 3
FULL_LINE = 0.8
_SPACED_LOWER_STARTS = 0.5
_SPACED_FULL_LINES = 0.5


def _spaced_line(text: pl.Expr) -> pl.Expr:
    """Whether a block may be a line of a paragraph copied with empty lines between its lines: one line, at most ``SPACED_LINE_WIDTH``."""
    return ~text.str.contains("\n", literal=True) & (paragraph_width(text) <= SPACED_LINE_WIDTH)


def join_spaced_lines(blocks: pl.DataFrame) -> pl.DataFrame:
    """The blocks in file order, each paragraph copied with an empty line under each line joined again at its empty lines
    (``_after_one_empty_line`` marks a block one empty line under the one above); the flags are the first line's."""
    text, line = pl.col("text_raw"), _spaced_line(pl.col("text_raw"))
    in_run = blocks.select(line & line.shift(1).fill_null(False) & pl.col("_after_one_empty_line")).to_series()
    if in_run.sum() < SPACED_MIN_LINES - 1:
        return blocks
    rows = (in_run | in_run.shift(-1).fill_null(False)).arg_true()  # the lines of runs of two or more: the rest are no run's
    runs = blocks[rows].select(_run=(~in_run.gather(rows)).cum_sum(), _in_run=in_run.gather(rows), _width=paragraph_width(text), _lower=text.str.contains(r"^\p{Ll}"))
    runs = runs.with_columns(_widest=pl.col("_width").max().over("_run"), _lines=pl.len().over("_run"))
    runs = runs.with_columns(_full=pl.col("_width") >= FULL_LINE * pl.col("_widest"))
    spaced = (
        (pl.col("_lines") >= SPACED_MIN_LINES)
        & (pl.col("_widest") >= SPACED_MIN_WIDTH)
        & ((pl.col("_lower") & pl.col("_in_run")).sum().over("_run") >= _SPACED_LOWER_STARTS * (pl.col("_lines") - 1))
        & (pl.col("_full").sum().over("_run") >= _SPACED_FULL_LINES * pl.col("_lines"))
    )
    # a line in a run continues the one above it, in its run
    continuing = runs.select(spaced & pl.col("_in_run") & pl.col("_full").shift(1).fill_null(False)).to_series()
    if not continuing.any():
        return blocks
    return _join_at_empty_lines(blocks, rows.filter(continuing))


# A block of only a paper's labelled links, as awesome-lists and paper pages put under an abstract ("[[Paper]](url)
# [[Code]](url)", "**Code:** https://github.com/...", "📄 [Paper](url) | 💻 [Code](url)"): URLs, Markdown link brackets,
# link words (LINK_WORDS), separators and symbols, with a URL and a link word outside it. Such a block stays with the block
# above it when that one is an abstract (ABSTRACT_CHARS or longer), so its URLs reach that paper's record; a bare URL stays
# a block of its own (it may be the next paper's).
# A link's label on a listing site (normalization's link bars and badges read the same words).
LINK_WORD = (
    r"(?:(?:download )?pdf|bib(?:tex)?|abs|abstract|video|slides|poster|code|supp(?:lementary|l|lemental)?(?: (?:pdf|material))?|arxiv|html|doi|cite"
    r"|project page|software|openreview|dataset|data|demo|website|blog|github|talk|paper|search|fix data)"  # ACL Anthology's "Search", "Fix data"
)
LINK_WORDS = r"(?i:" + LINK_WORD + r"|papers|project|page|homepage|appendix|models?|weights|checkpoints?|hugging ?face|colab|leaderboard)"
_LINK_URL = r"(?:https?://|www\.)[^\s<>()\[\]]+"
LINKS_ONLY = rf"\A(?:[\s|·•/,;:()\[\]<>*_#!-]|[\p{{So}}\x{{fe0f}}]|{_LINK_URL}|{LINK_WORDS}(?-u:\b))+\z"
ABSTRACT_CHARS = 100


def attach_link_blocks(blocks: pl.DataFrame) -> pl.DataFrame:
    """Each block of only labelled links (``LINKS_ONLY``) joined, at a line break, to the block above it in its file when that
    one has ``ABSTRACT_CHARS`` or more or is itself a links block (joined to its abstract or not); rows in order."""
    text = pl.col("text_raw")
    links = links_blocks(blocks["text_raw"])
    if not links.any():
        return blocks
    above_long = text.shift(1).str.len_chars() >= ABSTRACT_CHARS
    # a links block under a links block follows it (whether that one joined the abstract above it or stayed on its own)
    return _join_to_above(blocks, pl.col("_links") & (above_long | pl.col("_links").shift(1)), _links=links)


def _join_to_above(blocks: pl.DataFrame, joins: pl.Expr, **flags: pl.Series) -> pl.DataFrame:
    """``blocks`` (in file order) with each row that ``joins`` selects joined, at a line break, to the row above it in its file;
    ``joins`` may read the ``flags`` columns, which go again."""
    same_file = pl.col("source_id") == pl.col("source_id").shift(1)
    return (
        blocks.with_columns(**flags)
        .with_columns(_group=(~(joins & same_file).fill_null(False)).cum_sum())
        .group_by("_group", maintain_order=True)
        .agg(pl.col("source_id").first(), pl.col("path").first(), pl.col("text_raw").str.join("\n"))
        .select(blocks.columns)
    )


# The label of an abstract's translation that an aggregator shows under it (papers.cool, Chinese and Japanese paper digests:
# "中文翻译：…", "摘要翻译：…", "日本語訳：…"); an English label only before text in another script ("Translation: 我们…";
# "Translation: a hard task …" may be the abstract's). Normalization drops such a section after the abstract's last sentence.
TRANSLATION_LABEL = (
    r"(?:(?:中文翻译|中文翻譯|中文译文|中文摘要|摘要翻译|摘要翻譯|翻译摘要|翻譯摘要|翻译|翻譯|译文|譯文|机器翻译|機器翻譯|機械翻訳|日本語訳|和訳|한국어 번역|번역)[ \t]*[:：]"
    r"|(?:Translation|Translated [Aa]bstract|(?:Chinese|Japanese|Korean) [Tt]ranslation)[ \t]*[:：][ \t]*[^\x00-\x7f])"
)
_TRANSLATION_BLOCK = r"\A[ \t]*" + TRANSLATION_LABEL
CJK_LETTERS = r"\p{Han}\p{Hiragana}\p{Katakana}\p{Hangul}"  # Chinese, Japanese and Korean letters, for a character class
CJK_CHAR = f"[{CJK_LETTERS}]"
_ENDS_SENTENCE = r"[.!?。！？．][\"”'\)]?\s*\z"


# An abstract's translation into another script without a label (Chinese, Japanese, Korean, Cyrillic, Greek, Arabic, ...):
# a text with more letters of other scripts than Latin letters (``TRANSLATION_SIZE`` or more, a CJK character counting
# three: ``script_size``) whose Latin names and numbers (the method's name, "GPT-4", "40", "3.1": ``TRANSLATION_ANCHORS``
# or more) are in the original, all but a fifth, which is not in another script and has ``TRANSLATION_LETTERS`` Latin
# letters per letter of the translation's size (a translation has one per two to four letters of its original in CJK
# characters, about one per letter in an alphabet; a one-sentence summary under a long abstract is none). Another paper's
# abstract in Chinese or Russian has names and numbers of its own.
TRANSLATION_SIZE = 60
TRANSLATION_ANCHORS = 3
TRANSLATION_LETTERS = (0.5, 2.0)
OTHER_SCRIPT_LETTER = r"[\p{L}--\p{Latin}]"
_ANCHOR = r"[A-Za-z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)*|\d+(?:\.\d+)?"


def script_size(text: pl.Expr) -> pl.Expr:
    """The letters of other scripts than Latin in ``text``, a CJK character (a word's worth) counting three."""
    return text.str.count_matches(OTHER_SCRIPT_LETTER) + 2 * text.str.count_matches(CJK_CHAR)


def _in_other_script(text: pl.Expr) -> pl.Expr:
    return (script_size(text) >= TRANSLATION_SIZE) & (text.str.count_matches(OTHER_SCRIPT_LETTER) >= text.str.count_matches(r"\p{Latin}"))


def may_hold_translation(text: pl.Expr) -> pl.Expr:
    """A cheap necessary condition for a ``script_size`` of ``TRANSLATION_SIZE``: as many extra UTF-8 bytes as two thirds of
    it (a CJK character is 3 bytes, another script's letter 2 or more)."""
    return text.str.len_bytes() - text.str.len_chars() >= 2 * TRANSLATION_SIZE // 3


def translation_sized(letters: pl.Expr, size: pl.Expr) -> pl.Expr:
    """Whether an original of ``letters`` Latin letters may have a translation of ``script_size`` ``size`` (``TRANSLATION_LETTERS``)."""
    fewest, most = TRANSLATION_LETTERS
    return (letters >= fewest * size) & (letters <= most * size)


def shares_names(translation: pl.Expr, original: pl.Expr, fewest: int) -> pl.Expr:
    """Whether ``fewest`` or more of the Latin names and numbers in ``translation`` are in ``original``, and all but a fifth
    (a plural's "s" aside: "GNNs" / "GNN"; a digit alone the original lacks does not count, as it may spell it: "eight
    benchmarks" / "8个基准")."""
    anchors, in_original = _anchors(translation).list.unique(), _anchors(original)
    shared = anchors.list.set_intersection(in_original).list.len()
    spelled = anchors.list.set_difference(in_original).list.eval(pl.element().str.contains(r"^\d$")).list.sum()
    return (shared >= fewest) & (5 * shared >= 4 * (anchors.list.len() - spelled))


def _anchors(text: pl.Expr) -> pl.Expr:
    return text.str.extract_all(_ANCHOR).list.eval(pl.element().str.strip_suffix("s"))


def translates(translation: pl.Expr, original: pl.Expr) -> pl.Expr:
    """Whether ``translation`` is the unlabeled translation of ``original`` into another script (see ``TRANSLATION_SIZE``)."""
    sized = translation_sized(original.str.count_matches(r"\p{Latin}"), script_size(translation))
    in_other_script = _in_other_script(translation) & ~_in_other_script(original)
    return (in_other_script & sized & shares_names(translation, original, TRANSLATION_ANCHORS)).fill_null(False)


def translation_blocks(texts: pl.Series) -> pl.Series:
    """Whether each text is an abstract's translation under its label (``TRANSLATION_LABEL``) as a block of its own."""
    return texts.str.contains(_TRANSLATION_BLOCK).fill_null(False)


def translates_above(above: str, block: str) -> bool:
    """Whether ``attach_translations`` joins ``block`` to ``above`` as an unlabeled translation and its original, either first
    (a file is not read in pieces cut between them)."""
    if not above:
        return False
    pair = translates(pl.lit(block), pl.lit(above)) | translates(pl.lit(above), pl.lit(block))
    return pl.select(pair & pl.lit(above).str.contains(_ENDS_SENTENCE)).item()


def attach_translations(blocks: pl.DataFrame) -> pl.DataFrame:
    """Each translation block (``translation_blocks``, or ``translates`` the block above) joined, at a line break, to the block
    above it in its file when that one is an abstract (``ABSTRACT_CHARS`` or more) that ends a sentence, as an aggregator that
    puts an empty line between them writes it, and so is the original under an unlabeled translation (``translates`` it):
    normalization then drops the translation from the text, and the paper is not a second record in another language."""
    text = pl.col("text_raw")
    texts = blocks["text_raw"]
    translated = translation_blocks(texts)
    multibyte = texts.to_frame().select(may_hold_translation(pl.col(texts.name))).to_series().arg_true().cast(pl.Int64)
    for rows, originals, joining in ((multibyte.filter(multibyte > 0), -1, 0), (multibyte.filter(multibyte < texts.len() - 1), 1, 1)):
        rows = rows.filter(blocks["source_id"].gather(rows) == blocks["source_id"].gather(rows + originals))  # in one file
        if not rows.is_empty():  # the translation under its original (that row joins above), or above it (the original's row does)
            pairs = pl.DataFrame({"translation": texts.gather(rows), "original": texts.gather(rows + originals)})
            found = pairs.select(translates(pl.col("translation"), pl.col("original"))).to_series()
            if joining:  # a translation that joins the block above takes no original under it (two papers in one block)
                found = found & ~translated.gather(rows)
            joins = rows + joining
            translated = translated.scatter(joins, translated.gather(joins) | found)
    if not translated.any():
        return blocks
    above = text.shift(1)
    under_abstract = pl.col("_translation") & (above.str.len_chars() >= ABSTRACT_CHARS) & above.str.contains(_ENDS_SENTENCE)
    return _join_to_above(blocks, under_abstract, _translation=translated)


# An arXiv listing page's entry head as a block of its own, its abstract in the next block after an empty line
# ("[1] arXiv:2501.01234 [pdf, html, other]" / "Title: …" / authors / "Comments: …" / "Subjects: …"): the entry's first line,
# a Title field and no line of a paragraph's length.
_ENTRY_HEAD = r"\A[ \t]*\[[0-9]{1,5}\][ \t]*arXiv:[0-9]{4}\.[0-9]{4,5}(?:v[0-9]+)?[^\n]*\n(?:[^\n]*\n)*?[ \t]*Title:[ \t]*\S"
_PARAGRAPH_LINE = rf"[^\n]{{{PARAGRAPH_WIDTH},}}"


def entry_heads(texts: pl.Series) -> pl.Series:
    """Whether each text is an arXiv listing entry's head without its abstract (``_ENTRY_HEAD``)."""
    heads = texts.str.contains(_ENTRY_HEAD).fill_null(False)
    return heads.scatter(heads.arg_true(), ~texts.filter(heads).str.contains(_PARAGRAPH_LINE)) if heads.any() else heads


def attach_entry_heads(blocks: pl.DataFrame) -> pl.DataFrame:
    """Each arXiv entry head (``entry_heads``) joined, at a line break, to the block under it in its file when that one is an
    abstract (``ABSTRACT_CHARS`` or more) and no entry head: normalization then drops the head's lines from the text (site
    chrome), the record's title is its Title field and its URLs hold the arXiv id. Apart, the head was rejected (too_short)."""
    text = pl.col("text_raw")
    heads = entry_heads(blocks["text_raw"])
    if not heads.any():
        return blocks
    under_head = pl.col("_head").shift(1) & ~pl.col("_head") & (text.str.len_chars() >= ABSTRACT_CHARS)
    return _join_to_above(blocks, under_head, _head=heads)


# A Markdown paper list's entry: a linked title on a line of its own ("- [Title](https://arxiv.org/abs/...)", authors or a
# venue may follow), an empty line, then the abstract as a blockquote (every line "> ..."). The quote is the title's.
QUOTED_BLOCK = r"\A(?:[ \t]*>[^\n]*(?:\n|\z))+\z"
LIST_MARK = r"(?:[-*+•][ \t]+|\d{1,4}[.)][ \t]+)?"  # a Markdown or numbered list entry's mark, if any
LINKED_TITLE_LINE = r"\A[ \t]*" + LIST_MARK + r"\[[^\[\]\n]{3,300}\]\([^()\s]+\)[^\n]{0,200}\z"


def quoted_under_title(above: str, block: str) -> bool:
    """Whether ``block`` is a quoted abstract that ``attach_quoted_abstracts`` joins to ``above`` (a file is not read in
    pieces cut between them)."""
    return bool(pl.Series([block]).str.contains(QUOTED_BLOCK)[0]) and bool(pl.Series([above]).str.contains(LINKED_TITLE_LINE)[0])


def attach_quoted_abstracts(blocks: pl.DataFrame) -> pl.DataFrame:
    """Each block that is a Markdown blockquote (``QUOTED_BLOCK``) joined, at a line break, to the block above it in its
    file when that one is a linked title's line (``LINKED_TITLE_LINE``); rows in order."""
    text = pl.col("text_raw")
    quoted = blocks["text_raw"].str.contains(QUOTED_BLOCK)
    if not quoted.any():
        return blocks
    under_title = pl.col("_quoted") & text.shift(1).str.contains(LINKED_TITLE_LINE)
    return _join_to_above(blocks, under_title, _quoted=quoted)


# A paper's title as a block of its own, its abstract the next block after an empty line, as Markdown paper lists write
# it: one heading line ("## Title", "### [Title](url)"), which normalization then drops from the text. A bold title or a
# heading with author or link lines under it stay blocks of their own: normalization keeps those lines in the text (the
# title rules read them when they share the abstract's block); so does a list entry's link, under which an awesome list's
# next entry or a paragraph of its own may follow.
TITLE_BLOCK = r"\A[ \t]*#{2,6}[ \t]+[^\n\p{L}]*\p{L}[^\n]*\z"


def title_blocks(texts: pl.Series) -> pl.Series:
    """Whether each text is a paper's title block (``TITLE_BLOCK``) without its abstract."""
    return texts.str.contains(TITLE_BLOCK).fill_null(False)


def attach_title_blocks(blocks: pl.DataFrame) -> pl.DataFrame:
    """Each abstract (``ABSTRACT_CHARS`` or more, no title or links block) right under a title block (``title_blocks``) joined to
    it, at a line break, unless the next block of its file is an abstract too: a heading over several abstracts is a
    section's. Apart, the title was rejected (too_short) and the record had none."""
    titles = title_blocks(blocks["text_raw"])
    if not titles.any():
        return blocks
    abstract = ~pl.col("_title") & (pl.col("text_raw").str.len_chars() >= ABSTRACT_CHARS) & ~pl.col("_links")
    same_file = pl.col("source_id") == pl.col("source_id").shift(1)
    next_abstract = ((pl.col("source_id") == pl.col("source_id").shift(-1)) & abstract.shift(-1)).fill_null(False)
    joins = (same_file & pl.col("_title").shift(1)).fill_null(False) & abstract & ~next_abstract
    flags = blocks.with_columns(_title=titles, _links=links_blocks(blocks["text_raw"])).select(joins).to_series()
    return _join_to_above(blocks, pl.col("_join"), _join=flags)


def first_block(text: str) -> str:
    """A text's first block: what comes before its first gap (blank or separator lines), line ends made LF."""
    return next((piece.strip() for piece in _gap_pieces(text) if piece.strip()), "")


def last_block(text: str) -> str:
    """A text's last block: what comes after its last gap (blank or separator lines), line ends made LF."""
    return next((piece.strip() for piece in reversed(_gap_pieces(text)) if piece.strip()), "")


def ends_under_title(text: str) -> bool:
    """Whether a text's last block may be an abstract under a title block (``attach_title_blocks``), which the next block decides
    (a file is not read in pieces cut there, nor between the two)."""
    pieces = [piece.strip() for piece in _gap_pieces(text) if piece.strip()]
    return len(pieces) >= 2 and len(pieces[-1]) >= ABSTRACT_CHARS and bool(title_blocks(pl.Series([pieces[-2]]))[0])


def _gap_pieces(text: str) -> list[str]:
    return re.split(_GAP, "\n" + re.sub(r"\r\n?|[\u2028\u2029]", "\n", text) + "\n")


def may_be_spaced_lines(above: str, below: str) -> bool:
    """Whether two blocks may be lines of one paragraph copied with empty lines between its lines (``join_spaced_lines``)."""
    return bool(above and below) and pl.DataFrame({"t": [above, below]}).select(_spaced_line(pl.col("t"))).to_series().all()


def links_blocks(texts: pl.Series) -> pl.Series:
    """Whether each text is a block of only a paper's labelled links (``LINKS_ONLY``, a URL, a link word outside it)."""
    shape = texts.str.contains(LINKS_ONLY).fill_null(False)  # anchored: fails at an abstract's first word
    if not shape.any():
        return shape
    rows = texts.filter(shape)
    linked = rows.str.contains(_LINK_URL) & rows.str.replace_all(_LINK_URL, " ").str.contains(LINK_WORDS + r"(?-u:\b)")
    return shape.scatter(shape.arg_true(), linked)


def json_entries(block: str) -> list[str]:
    """The paper objects of a JSON block (``JSON_BLOCK``), each as one line of JSON; ``[block]`` when it is one paper, or
    holds no list of papers, or is not JSON.

    A piece of an array (its brackets or a trailing comma cut off by blank lines) is read as the objects it holds, and so
    are JSON Lines (``_concatenated_objects``) and a scraper's printed Python dicts (``_python_literal``: one, a list, or one
    a line; written as JSON, which normalization reads, even one paper alone). Of an
    object that is not a paper, the first list of papers among its values is read (``{"papers": [...]}``). A paper is an
    object with an abstract field (``JSON_ABSTRACT_KEYS``) at its top or one object down.
    """
    text = block.strip()
    try:
        value = json.loads(text)
    except (ValueError, RecursionError):  # nested deeper than Python's parser goes: no listing
        try:
            value = json.loads("[" + text.strip("[],\n\t ") + "]")
        except (ValueError, RecursionError):
            value = _concatenated_objects(text)
            if value is None:
                value = _python_literal(text)
                if value is None:
                    return [block]
                if isinstance(value, dict) and _is_paper(value):
                    return [json.dumps(value, ensure_ascii=False, default=str)]
    if isinstance(value, dict) and not _is_paper(value):
        value = next((v for v in value.values() if _papers(v)), value)
    if not _papers(value):
        return [block]
    return [json.dumps(item, ensure_ascii=False, default=str) for item in value if isinstance(item, dict)]


def _python_literal(text: str) -> dict | list | None:
    """A scraper's printed Python dicts (``{'title': 'X', 'abstract': "It's …", 'pdf': None}``): one dict, a list of them or
    one a line, read by ``ast.literal_eval`` (literals only, nothing run); ``None`` when the text is none of those."""
    for candidate in (text, "[" + ",".join(line for line in text.splitlines() if line.strip()) + "]"):
        try:
            value = ast.literal_eval(candidate)
        except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
            continue
        if isinstance(value, dict) or (isinstance(value, list | tuple) and value and all(isinstance(item, dict) for item in value)):
            return value if isinstance(value, dict) else list(value)
    return None


_SEPARATORS = re.compile(r"[ \t\r\n,]*")  # between JSON Lines' objects


def _concatenated_objects(text: str) -> list[dict] | None:
    """The objects of JSON Lines (one object per line, as scrapers and dataset exports write them) or of pretty-printed
    objects written one after the other; ``None`` unless the text is two or more such objects and nothing else."""
    decoder, values, at = json.JSONDecoder(), [], 0
    try:
        while (at := _SEPARATORS.match(text, at).end()) < len(text):
            value, at = decoder.raw_decode(text, at)
            values.append(value)
    except (ValueError, RecursionError):
        return None
    return values if len(values) >= 2 and all(isinstance(value, dict) for value in values) else None


def _papers(value: object) -> bool:
    return isinstance(value, list) and any(isinstance(item, dict) and _is_paper(item) for item in value)


def _is_paper(value: dict) -> bool:
    def abstract_in(fields: dict) -> bool:
        return any(str(key).lower() in JSON_ABSTRACT_KEYS for key in fields)

    return abstract_in(value) or any(isinstance(inner, dict) and abstract_in(inner) for inner in value.values())


# RIS records one after the other without an empty line between them: each "ER  - " line ends one.
_RIS_END = re.compile(r"^ER  -[ \t]*\r?$", re.MULTILINE)


def split_tagged_records(blocks: pl.DataFrame) -> pl.DataFrame:
    """Each block of RIS records that no empty line separates becomes one block per record (cut after each ``ER  -`` line)."""
    texts = blocks["text_raw"]
    candidates = texts.str.contains("ER  -", literal=True)  # memchr-fast; the pattern only where it may match
    if candidates.any():
        candidates = candidates & texts.str.contains(r"(?m)^ER  -[ \t]*\r?\n[\s\S]*\S").fill_null(False)
    return _split_entries(blocks, candidates, _ris_records)


def _ris_records(block: str) -> list[str]:
    ends = [match.end() for match in _RIS_END.finditer(block)]
    records = (block[start:end] for start, end in zip([0, *ends], [*ends, len(block)]))
    return [record.strip("\n") for record in records if record.strip()]


# A YAML list of records without an empty line between them (a conference site's data file: "- title: …" / "  abstract: >" /
# "    …"): each item at the list's indentation starts a block, when two items or more have an abstract field.
_YAML_ITEM_LINE = r"(?m)^([ \t]*)- [a-z][a-z0-9_]*[ \t]*:"
_YAML_ITEM = re.compile(_YAML_ITEM_LINE)
_YAML_ABSTRACT_KEY = r"(?m)^[ \t]*(?:- )?(?:" + "|".join(JSON_ABSTRACT_KEYS[:-1]) + r")[ \t]*:"


def split_yaml_records(blocks: pl.DataFrame) -> pl.DataFrame:
    """Each block of a YAML list of records (``_YAML_ITEM``) becomes one block per item; text above the first item stays one block."""
    texts = blocks["text_raw"]
    candidates = texts.str.contains("- ", literal=True)
    if candidates.any():
        candidates = candidates & (texts.str.count_matches(_YAML_ITEM_LINE) >= 2) & (texts.str.count_matches(_YAML_ABSTRACT_KEY) >= 2)
    return _split_entries(blocks, candidates.fill_null(False), _yaml_records)


def _yaml_records(block: str) -> list[str]:
    items = list(_YAML_ITEM.finditer(block))
    indent = min(len(item.group(1)) for item in items)
    starts = [item.start() for item in items if len(item.group(1)) == indent]
    starts = starts if starts[0] == 0 else [0, *starts]
    records = (block[start:end] for start, end in zip(starts, [*starts[1:], len(block)]))
    return [record.strip("\n") for record in records if record.strip()]


# An RSS item or an Atom entry of a feed (arXiv's RSS and API feeds, a blog's), as an element of its own.
_FEED_ENTRY = re.compile(r"<(item|entry)(?:\s[^>]*)?>[\s\S]*?</\1\s*>")


def split_feed_entries(blocks: pl.DataFrame) -> pl.DataFrame:
    """Each block of a feed (two RSS items or Atom entries or more, or one inside the feed's ``<rss>``, ``<feed>`` or
    ``<channel>``) becomes one block per entry, in order; the feed's own title and description go (before, the longest
    description was read as the block's abstract and the other entries were lost)."""
    texts = blocks["text_raw"]
    candidates = texts.str.contains_any(["<item", "<entry"])
    if candidates.any():  # two entries, or one inside the feed's element
        two = texts.str.contains(r"</(?:item|entry)\s*>[\s\S]*<(?:item|entry)[\s>]")
        candidates = candidates & (two | texts.str.contains(r"\A\s*(?:<\?xml[^>]*>\s*)?<(?:rss|feed|channel)\b")).fill_null(False)
    return _split_entries(blocks, candidates, _feed_entries)


def _feed_entries(block: str) -> list[str]:
    return [entry.group(0) for entry in _FEED_ENTRY.finditer(block)] or [block]


def split_json_blocks(blocks: pl.DataFrame) -> pl.DataFrame:
    """Each JSON block that holds several paper objects (``json_entries``) becomes one block per object, in order."""
    return _split_entries(blocks, blocks["text_raw"].str.contains(JSON_BLOCK), json_entries)


def _split_entries(blocks: pl.DataFrame, candidates: pl.Series, entries_of: Callable[[str], list[str]]) -> pl.DataFrame:
    """The blocks, each ``candidates`` one replaced by its ``entries_of`` (one block each), in order."""
    if not candidates.any():
        return blocks
    numbered = blocks.with_row_index("_block")
    entries = numbered.filter(candidates)
    entries = entries.with_columns(text_raw=pl.Series([entries_of(text) for text in entries["text_raw"].to_list()], dtype=pl.List(pl.String))).explode("text_raw")
    return pl.concat([numbered.filter(~candidates), entries]).sort("_block", maintain_order=True).drop("_block")


# A block whose first line may be a CSV header row: two or more short fields separated by commas, semicolons or tabs.
CSV_BLOCK = r'^[ \t]*"?[^\n,;"]{1,40}"?(?:[ \t]*[,;\t][ \t]*"?[^\n,;"]{1,40}"?)+[ \t]*\n'


def csv_entries(block: str) -> list[str]:
    """The rows of a CSV or TSV export (a spreadsheet's, a scraper's) as one line of JSON each, keyed by its header row;
    ``[block]`` when the block is not one.

    The block's first line is the header row: two or more short names, one of them an abstract field
    (``JSON_ABSTRACT_KEYS``), separated by commas, semicolons or tabs; a row under it (fields quoted as CSV quotes them, line
    breaks inside quotes too) has as many fields. Another row with more or fewer (a scraper's unquoted comma:
    ``Sparse Attention, Part 2,Smith,"We study..."``) keeps its cells in the header's order, its longest cell as its abstract
    and the cells the header has no name for under ``_extra``. Normalization then reads each row's abstract as it reads
    a JSON paper's.
    """
    first, _, rest = block.partition("\n")
    try:
        for delimiter in ",;\t":
            names = [name.strip() for name in next(csv.reader([first], delimiter=delimiter, strict=True))]
            if len(names) >= 2 and all(names) and any(name.lower() in JSON_ABSTRACT_KEYS for name in names):
                break
        else:
            return [block]
        rows = [row for row in csv.reader(io.StringIO(rest), delimiter=delimiter, strict=True) if any(cell.strip() for cell in row)]
    except csv.Error:
        return [block]
    if not any(len(row) == len(names) for row in rows):
        return [block]
    abstract = next(name for name in names if name.lower() in JSON_ABSTRACT_KEYS)
    return [json.dumps(_csv_row(names, row, abstract), ensure_ascii=False) for row in rows]


def _csv_row(names: list[str], row: list[str], abstract: str) -> dict[str, object]:
    """A CSV row keyed by the header's ``names``; a row of another length gets its longest cell as its ``abstract``."""
    if len(row) == len(names):
        return dict(zip(names, row, strict=True))
    fields: dict[str, object] = dict(zip(names, row, strict=False))
    fields[abstract] = max(row, key=len)
    if len(row) > len(names):
        fields["_extra"] = row[len(names) :]
    return fields


def split_csv_blocks(blocks: pl.DataFrame) -> pl.DataFrame:
    """Each CSV export block (``csv_entries``) becomes one block per row, in order; an export that an empty line inside
    a quoted field (a multi-paragraph abstract) cut into several blocks is joined again first."""
    is_csv = blocks["text_raw"].str.contains(CSV_BLOCK) & blocks["text_raw"].str.contains(r"(?i)^[^\n]*(?:" + "|".join(JSON_ABSTRACT_KEYS) + r")")
    odd_quotes = blocks["text_raw"].str.count_matches('"') % 2 == 1
    if (is_csv & odd_quotes).any():
        blocks, is_csv = _csv_rejoined(blocks, is_csv, odd_quotes)
    return _split_entries(blocks, is_csv, csv_entries)


def _csv_rejoined(blocks: pl.DataFrame, is_csv: pl.Series, odd_quotes: pl.Series) -> tuple[pl.DataFrame, pl.Series]:
    """The blocks, each CSV export block that ends inside a quoted field (``odd_quotes``: an odd number of ``"``) joined
    with the blocks of its file after it (at an empty line) until the quotes close, when the joined text reads as an
    export; and the CSV flags of the rows left."""
    texts, sources, odds = blocks["text_raw"].to_list(), blocks["source_id"].to_list(), odd_quotes.to_list()
    kept = [True] * len(texts)
    for start in (is_csv & odd_quotes).arg_true().to_list():
        if not kept[start]:
            continue
        odd, end = True, start + 1  # the quote count's parity, kept as blocks join (one pass, however many)
        while odd and end < len(texts) and sources[end] == sources[start]:
            odd, end = odd != odds[end], end + 1
        joined = "\n\n".join(texts[start:end])
        if not odd and csv_entries(joined) != [joined]:
            texts[start] = joined
            kept[start + 1 : end] = [False] * (end - start - 1)
    keep = pl.Series(kept)
    return blocks.with_columns(text_raw=pl.Series(texts, dtype=pl.String)).filter(keep), is_csv.filter(keep)


def paragraph_width(line: pl.Expr) -> pl.Expr:
    """Width of a line from its UTF-8 length: an ASCII character counts one, a CJK character two (Cyrillic 1.5)."""
    return (line.str.len_chars() + line.str.len_bytes()) // 2


# An abstract under its label in another language and the English one under "Abstract" on the next line (either first), as
# journals publish them ("Аннотация: …" / "Abstract: …", "摘要：…" / "Abstract: …", "Zusammenfassung: …" / "Abstract: …"):
# one paper, whatever names the two share (normalization keeps the English one). Labels in both languages in a row pair up
# two by two: "Аннотация" / "Abstract" / "Аннотация" / "Abstract" are two papers.
OTHER_ABSTRACT_LABEL = (
    r"^[ \t]*(?:摘[ \t\u3000]*要|要旨|抄録|초록|요약|Аннотация|АННОТАЦИЯ|Анотація|Резюме|Zusammenfassung|Kurzfassung|Résumé|Resumen|Resumo"
    r"|Riassunto|Sommario|Samenvatting|Streszczenie|Özet|Abstrak|Tóm tắt)[ \t]*[:：.]"
)
ENGLISH_ABSTRACT_LABEL = r"^[ \t]*(?:Abstract|ABSTRACT)[ \t]*[:：.]"

# A block that opens with an abstract's label ("Abstract:", "摘要：", ...), and how many short blocks above it may be its entry's
# head (title, authors, session, room, time: a conference site's paper page puts each in a block of its own).
LABELLED_ABSTRACT = r"\A(?:" + ENGLISH_ABSTRACT_LABEL.removeprefix("^") + r"|" + OTHER_ABSTRACT_LABEL.removeprefix("^") + r")"
ENTRY_HEAD_BLOCKS = 6


def under_short_block(above: str, block: str) -> bool:
    """Whether ``block`` is a labelled abstract that ``attach_labelled_heads`` joins to ``above``, a short block (a file is not
    read in pieces cut between them; a cut inside a longer head is not seen from its two sides)."""
    pair = pl.Series([above, block])
    labelled, ends_sentence = pair.str.contains(LABELLED_ABSTRACT), pair.str.contains(_ENDS_SENTENCE)
    return len(above) < ABSTRACT_CHARS and not (labelled[0] or ends_sentence[0]) and len(block) >= ABSTRACT_CHARS and bool(labelled[1])


def attach_labelled_heads(blocks: pl.DataFrame) -> pl.DataFrame:
    """Each block that opens with an abstract's label (``LABELLED_ABSTRACT``, ``ABSTRACT_CHARS`` or more) joined, at line
    breaks, to the short blocks (under ``ABSTRACT_CHARS``, no label, no sentence's end) right above it in its file, up to ``ENTRY_HEAD_BLOCKS``:
    its entry's head, whose lines normalization drops before the label and titles reads. Apart, each was rejected
    (too_short) and the record had no title."""
    text = pl.col("text_raw")
    labelled = blocks["text_raw"].str.contains(LABELLED_ABSTRACT)
    if not labelled.any():
        return blocks
    short = (text.str.len_chars() < ABSTRACT_CHARS) & ~pl.col("_labelled") & ~text.str.contains(_ENDS_SENTENCE)  # a sentence may be an abstract
    row = pl.col("_row")
    below = pl.when(~short).then(row).backward_fill().over("source_id")  # the first block at or under each that is not short
    head = (short & pl.col("_labelled").gather(below.fill_null(0)).fill_null(False) & (below - row <= ENTRY_HEAD_BLOCKS)).fill_null(False)
    flags = blocks.with_columns(_labelled=labelled, _row=pl.int_range(pl.len(), dtype=pl.Int64)).select(
        _join=((pl.col("_labelled") & (text.str.len_chars() >= ABSTRACT_CHARS)) | head) & head.shift(1).fill_null(False)  # a head lies in its abstract's file
    ).to_series()
    return _join_to_above(blocks, pl.col("_join"), _join=flags)


def _bilingual_pairs(lines: pl.DataFrame) -> pl.Series:
    """Whether each line and the one above it in its block are one abstract under its labels in two languages
    (``OTHER_ABSTRACT_LABEL``, ``ENGLISH_ABSTRACT_LABEL``): the first, third, ... of a run of such lines."""
    line = pl.col("line")
    return _paired_labels(lines, "_block", line.str.contains(ENGLISH_ABSTRACT_LABEL), line.str.contains(OTHER_ABSTRACT_LABEL))


def _paired_labels(rows: pl.DataFrame, group: str, english: pl.Expr, other: pl.Expr) -> pl.Series:
    """Whether each row and the one above it in its ``group`` are under an English abstract label and another language's,
    either first: the first, third, ... of a run of such rows (a run pairs up two by two)."""
    paired = ((pl.col(group) == pl.col(group).shift(1)) & ((english & other.shift(1)) | (other & english.shift(1)))).fill_null(False)
    run = (~paired).cum_sum()
    return rows.select(paired & (paired.cast(pl.UInt32).cum_sum().over(run) % 2 == 1)).to_series()


def _labeled_blocks(text: pl.Expr) -> tuple[pl.Expr, pl.Expr]:
    """Blocks of ``ABSTRACT_CHARS`` or more under an English abstract label, and under another language's, without a line
    under the other's (such a block holds both already)."""
    english = text.str.contains(ENGLISH_ABSTRACT_LABEL) & ~text.str.contains("(?m)" + OTHER_ABSTRACT_LABEL)
    other = text.str.contains(OTHER_ABSTRACT_LABEL) & ~text.str.contains("(?m)" + ENGLISH_ABSTRACT_LABEL)
    long = text.str.len_chars() >= ABSTRACT_CHARS
    return english & long, other & long


def attach_bilingual(blocks: pl.DataFrame) -> pl.DataFrame:
    """An abstract under its label in another language and the English one under ``Abstract:`` as two blocks (an empty line
    between them), either first: the second joined, at a line break, to the first, as ``split_paragraph_lines`` keeps them
    on two lines (normalization keeps the English one); such blocks in a row pair up two by two."""
    if not blocks.select(pl.col("text_raw").str.contains(OTHER_ABSTRACT_LABEL).any()).item():  # anchored at the start: fast
        return blocks
    english, other = _labeled_blocks(pl.col("text_raw"))
    return _join_to_above(blocks, pl.col("_bilingual"), _bilingual=_paired_labels(blocks, "source_id", english, other))


def bilingual_above(above: str, block: str) -> bool:
    """Whether ``attach_bilingual`` may join ``block`` to ``above`` (a file is not read in pieces cut between them)."""
    english, other = _labeled_blocks(pl.col("t"))
    found = pl.DataFrame({"t": [above, block]}).select(english=english, other=other)
    return bool((found["english"][0] and found["other"][1]) or (found["other"][0] and found["english"][1]))


def _translation_pairs(lines: pl.DataFrame, cut: pl.Expr) -> pl.Series:
    """Whether each line, where ``cut`` holds, is the translation of the line above it in its block, or that line its own
    (``translates``)."""
    multibyte = may_hold_translation(pl.col("line"))
    rows = lines.select(row=cut & (multibyte | multibyte.shift(1)).fill_null(False)).to_series().arg_true()
    none = pl.Series([False] * lines.height, dtype=pl.Boolean)
    if rows.is_empty():
        return none
    pairs = pl.DataFrame({"below": lines["line"].gather(rows), "above": lines["line"].gather(rows - 1)})
    return none.scatter(rows, pairs.select(translates(pl.col("below"), pl.col("above")) | translates(pl.col("above"), pl.col("below"))).to_series())


def split_paragraph_lines(blocks: pl.DataFrame) -> pl.DataFrame:
    """Split ``text_raw`` at each line break between two paragraph-length lines of which the first ends a sentence or a URL
    (not between an abstract and its translation: ``translates``), before a title line (short, no sentence end)
    between two such paragraphs, with up to two more short lines under it, before a line that only numbers the next entry
    (after a sentence's end), and around each row of a Markdown or tab-separated table.

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
    after_paragraph = same_block & pl.col("_long").shift(1) & ends_sentence.shift(1)
    # a paper's title line between two paragraphs ("Title\nAbstract\nTitle\nAbstract" with no blank lines) starts the next piece,
    # also with up to two more short lines under it (an author line, affiliations, "Poster": "Title\nAuthors\nAbstract\n...")
    short = ~pl.col("_long") & ~ends_sentence
    title = short & pl.col("line").str.contains(r"^\s*[\p{Lu}\d][^\s]*\s+\S")

    def below(line: pl.Expr, k: int) -> pl.Expr:  # line k below this one holds, in the same block
        return (line.shift(-k) & same_block.shift(-k)).fill_null(False)

    long = pl.col("_long")
    before_paragraph = below(long, 1) | (below(short, 1) & below(long, 2)) | (below(short, 1) & below(short, 2) & below(long, 3))
    # a line that only numbers the next entry ("2", "[2]", "#2", "(2)", "2.") after a sentence's end, above a sentence's start
    marker = pl.col("line").str.contains(rf"^[ \t]*{ENTRY_NUMBER}[ \t]*$") & same_block & ends_sentence.shift(1) & below(pl.col("line").str.contains(r"^\s*[\p{Lu}\d\"“']"), 1)
    # a Markdown table's rows, each a paper ("| [Title](url) | Abstract |"), in a block of two or more rows: each row starts a
    # piece (its delimiter row stays with the header row), and so does the first line after the table. Two rows of a
    # tab-separated table (a spreadsheet's export: "Title<TAB>Authors<TAB>Abstract") are cut apart too: two or more tabs
    # each, one of them paragraph-length (a paper's row; the other may be the header row): hard-wrapped lines are shorter
    lines = lines.with_columns(_row=pl.col("line").str.contains(TABLE_ROW), _tabs=pl.col("line").str.count_matches("\t", literal=True) >= TSV_TABS)
    row, tabs = pl.col("_row"), pl.col("_tabs")
    in_table = row.cast(pl.UInt32).sum().over("_block") >= 2
    table_cut = (same_block & in_table & ((row & ~pl.col("line").str.contains(TABLE_DELIMITER)) | (row.shift(1) & ~row))).fill_null(False)
    tsv_cut = (same_block & tabs & tabs.shift(1) & (long | long.shift(1))).fill_null(False)
    cuts = [table_cut] if lines["_row"].any() else []
    cuts += [tsv_cut] if lines["_tabs"].any() else []
    paragraph_cut = (after_paragraph & pl.col("_long")).fill_null(False)
    lines = lines.with_columns(_translation=_translation_pairs(lines, paragraph_cut) | _bilingual_pairs(lines))
    paragraph_cut = paragraph_cut & ~pl.col("_translation")
    lines = lines.with_columns(_cut=pl.any_horizontal(paragraph_cut, after_paragraph & title & before_paragraph, marker.fill_null(False), *cuts))
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
