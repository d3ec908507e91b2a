"""A paper's title, read from its raw block where the block names one (``records.title``).

Most blocks are an abstract alone; many formats carry the title too, and normalization drops it from ``text``. The first of
these rules that finds one gives the block's title (null when none does):

1. a JSON object's ``title`` field (``display_name``, ``paper_title``; at its top or one object down, OpenReview's
   ``{"value": ...}`` too), a RIS, MEDLINE or Web of Science record's ``TI`` (``T1``; EndNote's ``%T``) field, an XML
   record's ``<title>`` (``<ArticleTitle>``, ``<dc:title>``), a BibTeX entry's ``title`` field, a LaTeX source's ``\\title{…}``;
2. a title field on one of the block's first lines (``Title: …``, ``**Title**: …``, ``论文标题：…``, ``タイトル：…``, ``제목: …``, also after an
   entry number or heading marks: ``1. 论文标题：…``, ``### 1. 论文标题：…``; its indented continuation lines too, as arXiv's e-mail listing folds them);
   but a field in Chinese, Japanese or Korean right under a first line in Latin letters (no sentence piece or label) is
   that line's translation (a paper digest's ``1. Title`` / ``标题：<translation>`` / ``作者：…``): the first line is the title;
3. a bold title at the start of a list entry (``- **Title** [[Paper]](…)``, ``1. **Title.** We …``, after emoji: ``- 🔥 **Title**``),
   or a linked one in bold, above a quoted abstract or nested list items, or before a dash or colon and the abstract
   (``**[Title](url)** We …``, ``- [Title](url)`` / ``> We …``, ``- [Title](url)`` / ``  - *Jane Doe*``, ``[Title](url): We …``);
4. the block's first line (after site chrome, page links such as ``Preprint`` and a ``[PDF]`` badge; without a list entry's
   number) above an author line (OpenReview's ``Download PDF`` between them) (``Jane Doe, John Roe``, Google Scholar's ``J Doe, W Zhang - arXiv preprint …, 2025``, Papers
   with Code's ``3 Mar 2025 · Jane Doe ·``, NeurIPS's ``Part of Advances in …``, a dated byline: ``Published on Mar 3``) or a metadata field (``Authors: …``, ``Paper: https://…``, ``Comments: …``), or
   above an abstract label within four lines (``Abstract``, ``## Abstract``, ``Abstract: We …``);
5. the first line's words before an abstract label on that line (``Title of the Paper. Abstract: We …``; not a sentence
   or another field: ``Keywords: x. Abstract: …``);
6. a Markdown heading on the block's first line (``## Title``; title case and two words too, ``### Sparse Transformers``, not
   a listing's section: ``## Oral Papers``);
7. the first line that normalization drops from ``text`` as the paper's title above its abstract (``normalize.title_line``:
   in title case, or short above a hard-wrapped abstract, or above one long line), and the title sentence it drops in
   front of an abstract on the same line (``normalize.inline_title``: ``Efficient Sparse Attention for Long Documents. We …``).

A title is one line after normalization (markup, entities and mojibake read as in ``text``; a Markdown link is its label and
a heading loses its marks, a venue tag such as ``[ICML 2025]`` or ``(NeurIPS'24 Oral)`` before or after it goes, and a
bullet or an entry number before it, on its line or alone on the line above (``12.``, ``[12]``, ``【12】``);
``normalize.bracket_labels`` drops a post's category: ``【論文紹介】``), at most ``TITLE_MAX_CHARS`` characters, with a letter; a candidate that ends a sentence piece (``.``, ``,``, ``;``, ``:``, ``。``), is a label (``Abstract``)
or is longer is no title.
"""

from __future__ import annotations

from collections.abc import Callable

import polars as pl

from transforms import normalize
from transforms.split import CJK_CHAR, CJK_LETTERS, LINK_WORD

TITLE_MAX_CHARS = 300
JSON_TITLE_KEYS = ("title", "display_name", "paper_title", "papertitle")
_TITLE_TAGS = ("TI", "T1")

_FIELD_LABEL = r"(?:Title|TITLE|Paper [Tt]itle|论文标题|论文题目|论文名称|标题|题目|題目|论文|論文タイトル|タイトル|제목|논문 제목)"
_FIELD = (
    r"\A(?:[^\n]*\n){0,12}?[ \t]*(?:#{1,6}[ \t]+|[-*+•][ \t]+)?(?:" + normalize.ENTRY_NUMBER + r"[ \t]+)?(?:\*\*|__)?" + _FIELD_LABEL + r"(?:\*\*|__)?[ \t]*[:：](?:\*\*|__)?[ \t]*(\S[^\n]{0,300}?(?:[ \t]*\r?\n[ \t]+\S[^\n]{0,120}?)*)[ \t]*\r?(?:\n|\z)"
)
_MAY_HAVE_FIELD = r"itle|ITLE|标题|题目|題目|论文|タイトル|제목"
# A LaTeX source's \title{...} (a short title in brackets before it; one level of braces inside: "\title{{BERT}: Pre-training}").
_LATEX_TITLE = r"\\title\s*(?:\[[^\]\n]*\])?\s*\{((?:[^{}]|\{[^{}]*\})+)\}"
_BOLD = r"\A" + normalize.ENTRY_MARK + normalize.BOLD_OPEN + r"[ \t]*([^*_<>\n\[][^*_<>\n]{2,299}?)[ \t]*" + normalize.BOLD_CLOSE  # a bold link is _LINKED's
_LINKED = (
    normalize.STARTS_LINK + r"([^\[\]\n]{3,300})\]\([^()\s]+\)(?:" + normalize.BOLD_CLOSE
    + r"|" + normalize.TITLE_TAG + r"?[ \t]*" + normalize.DECORATION + r"*(?:\r?\n[ \t]*>[ \t]*\S|\r?\n[ \t]+(?:[-*+•]|[0-9]{1,3}[.)])[ \t]+\S|[-–—:][ \t]+\S))"
)
_LEAD = r"\A(?:[ \t]*(?:" + normalize.LEADING_CHROME + r")[ \t]*\r?\n)*[ \t]*(?:\[(?:PDF|HTML|BOOK|CITATION)\][ \t]*)?"
# CVF Open Access's line under a title: the authors, then the proceedings ("Jane Doe, John Roe; Proceedings of the IEEE/CVF ...").
_CVF_BYLINE = normalize.AUTHORS + r"[ \t]*;[ \t]*Proceedings of[^\n]*"
_BYLINE = r"(?:[*_]{0,2}" + normalize.AUTHORS + r"[*_]{0,2}|" + _CVF_BYLINE + r"|" + normalize.SCHOLAR_BYLINE + r"|" + normalize.DATED_BYLINE + r"|" + normalize.BLOG_BYLINE + r"|" + normalize.PROCEEDINGS_LINE + r"|" + normalize.FIELD_START + r"[^\n]*)"
_ABOVE_AUTHORS = _LEAD + normalize.LIST_MARK + r"([^\n]{3,300}?)[ \t]*\r?\n(?:[ \t]*(?i:download pdf|pdf)[ \t]*\r?\n)?[ \t]*" + _BYLINE + r"[ \t]*\r?(?:\n|\z)"  # OpenReview's link between them
_ABOVE_LABEL = (
    _LEAD + r"([^\n]{3,300}?)[ \t]*\r?\n(?:[^\n]*\n){0,3}?[ \t]*(?:" + normalize.LABEL_OPEN + r"[ \t]*){0,2}" + normalize.LABEL_WORD
    + r"(?:[ \t]*" + normalize.LABEL_CLOSE + r"){0,2}[ \t]*(?:[:：.—–][ \t]*\S|\r?\n|\z)"
)
# The first line's words before an abstract field label on the same line ("Title of the Paper. Abstract: We ...", as scrapes
# that flatten a page's title and abstract write it): one sentence piece at most, and no other field ("Keywords: x.").
_BEFORE_LABEL = _LEAD + r"([^\n]{3,300}?)[ \t]*\.?[ \t]+" + normalize.LABEL_WORD + r"[ \t]*[:：][ \t]*\S"
_BEFORE_LABEL_HINT = normalize.LABEL_WORD + r"[ \t]*[:：]"
_NOT_A_TITLE_PIECE = r"\.[ \t]|\A" + normalize.FIELD_START
_HEADING = r"\A[ \t]*#{1,4}[ \t]+([^\n]{3,300}?)[ \t#]*\r?\n"
# A collapsible entry's summary line above its abstract (an awesome list's "<details><summary>Title</summary>We …").
_SUMMARY = r"(?i)\A\s*(?:<details[^<>]*>\s*)?<summary[^<>]*>\s*(?:<b>|<strong>|\*\*)?([^<>\n]{3,300}?)(?:</b>|</strong>|\*\*)?\s*</summary>"
# What a line a rule reads as a title must not be: a sentence piece, a label, site chrome or a page's link or section ("Preprint",
# ScienceDirect's "Highlights" above their bullets); above a label,
# an author line either (above an author line, a name of capitalized words is a title's words: "Hugging Face Daily").
_NOT_A_TITLE_LINE = (
    r"[.,;:：。，；！？．]\z|\A(?:" + normalize.LABEL_WORD + r")\z|\A(?:" + normalize.LEADING_CHROME + r"|Highlights|HIGHLIGHTS)\z"
    r"|[ \t]" + normalize.SOCIAL_HANDLE + r"[ \t]*\z"  # a post's author ("Jane Doe @jane.bsky.social")
    r"|\A(?:\p{L}[ \t]){3,}\p{L}\z"  # a heading's letters spaced out (Elsevier's "a r t i c l e i n f o")
)
_AUTHOR_LINE = r"\A(?:" + normalize.AUTHORS + r")\z"
# A listing's section heading ("## Oral Papers", "### Poster Session 2", "## Contents"): a heading above a paper's abstract in
# title case is its title ("## Attention Is All You Need"), and may read like a name ("### Sparse Transformers").
_SECTION_HEADING = (
    r"\A(?:[\p{L}\d&'’-]+[ \t]+){0,3}(?i:papers|orals?|posters?|spotlights?|sessions?|tracks?|workshops?|tutorials?|contents)"
    r"(?:[ \t]+[\p{L}\d&'’-]+){0,2}\z"
)
_NOT_TITLE_OR_AUTHORS = _NOT_A_TITLE_LINE + "|" + _AUTHOR_LINE
_ABOVE_FIELD = _LEAD + r"(?:【\d{1,4}】[ \t]*)?" + normalize.LIST_MARK + r"([^\n]{3,300}?)[ \t]*\r?\n[ \t]*(?:\*\*|__)?" + _FIELD_LABEL + r"(?:\*\*|__)?[ \t]*[:：]"  # the line above a title field
_LATIN_ONLY = rf"\A[^{CJK_LETTERS}]*\p{{Latin}}[^{CJK_LETTERS}]*\z"


def title(text_raw: pl.Expr) -> pl.Expr:
    """The title a raw block names, or null (see the module docstring)."""
    return text_raw.map_batches(block_titles, return_dtype=pl.String)


def block_titles(raw: pl.Series) -> pl.Series:
    """``title`` on a Series of raw blocks."""
    found = pl.Series(raw.name, [None] * raw.len(), pl.String)
    # "📄 Title" / "👥 Jane Doe" read as lines, an underlined heading ("Title" / "=====") as "## Title", a label in
    # lenticular brackets ("【论文标题】Title") as a field's, and the title under an entry number's own line ("12." / "Title")
    # as the first line
    unnumbered = normalize.strip_entry_number(pl.col(raw.name))
    raw = raw.to_frame().select(normalize.bracket_labels(normalize.setext_headings(normalize.unlabel_lines(unnumbered)))).to_series()
    readers = (
        (r"\A\s*\{", lambda entry: normalize.json_field(entry, JSON_TITLE_KEYS)),
        (normalize.TAGGED_RECORD, lambda entry: normalize.tagged_field(entry, _TITLE_TAGS)),
        (normalize.BIBTEX_ENTRY, lambda entry: _unbraced(normalize.bibtex_field(entry, "title"))),
        (normalize.XML_RECORD, lambda entry: normalize.xml_field(entry, normalize.XML_TITLE)),
        (normalize.YAML_RECORD, lambda entry: normalize.yaml_field(entry, JSON_TITLE_KEYS)),
    )
    for pattern, read in readers:
        rows = raw.str.contains(pattern).fill_null(False).arg_true()
        if not rows.is_empty():
            found = found.scatter(rows, pl.Series([read(entry) for entry in raw.gather(rows)], dtype=pl.String))
    found = _fill(raw, found, lambda text: _group(_LATEX_TITLE)(text).str.replace_all(r"[{}]", ""), r"\\title")  # without protecting braces
    found = _fill(raw, found, _group(_FIELD), _MAY_HAVE_FIELD)
    # a digest's entry ("1. Title" / "标题：<its translation>" / ...): the title the first line gives in Latin letters wins
    translated = found.str.contains(CJK_CHAR).fill_null(False)
    if translated.any():
        original = _fill(raw, found.clear(raw.len()), _group(_ABOVE_FIELD), "\n", not_title=_NOT_A_TITLE_LINE, among=translated)
        found = pl.select(pl.when(original.str.contains(_LATIN_ONLY).fill_null(False)).then(original).otherwise(found)).to_series().alias(raw.name)
    found = _fill(raw, found, _group(_BOLD), normalize.STARTS_BOLD, words=2)
    found = _fill(raw, found, _group(_LINKED), normalize.STARTS_LINK, words=2)
    found = _fill(raw, found, _group(_ABOVE_AUTHORS), "\n", not_title=_NOT_A_TITLE_LINE)
    found = _fill(raw, found, _group(_ABOVE_LABEL), "\n", not_title=_NOT_TITLE_OR_AUTHORS)
    found = _fill(raw, found, _group(_BEFORE_LABEL), _BEFORE_LABEL_HINT, words=2, not_title=_NOT_TITLE_OR_AUTHORS + "|" + _NOT_A_TITLE_PIECE)
    found = _fill(raw, found, _group(_HEADING), r"\A[ \t]*#", not_title=_NOT_A_TITLE_LINE + "|" + _SECTION_HEADING)
    found = _fill(raw, found, _group(_SUMMARY), "<summary", words=2, not_title=_NOT_A_TITLE_LINE)
    # the title line or sentence normalization drops (``normalize.title_line`` looked for where the first line is short enough)
    short_first_line = raw.str.find("\n", literal=True) <= 4 * (normalize.TITLE_LINE_CHARS + 20)  # UTF-8: 4 bytes a character at most; marks
    found = _fill(raw, found, normalize.title_line, normalize.MAY_BE_TITLE_LINE, not_title=_NOT_TITLE_OR_AUTHORS, among=short_first_line)
    starts_with_title = normalize.may_start_with_title(raw)  # cheap on every row
    found = _fill(raw, found, _inline_title_after_chrome, None, not_title=_NOT_TITLE_OR_AUTHORS, among=starts_with_title)
    return _cleaned(found)


def _inline_title_after_chrome(text: pl.Expr) -> pl.Expr:
    """``normalize.inline_title`` of the text after its leading site chrome (a blog's byline line: ``Posted by Jane Doe | Mar 3``)."""
    return normalize.inline_title(text.str.replace(_LEAD, ""))


def _unbraced(title: str | None) -> str | None:
    """A BibTeX title without the braces that protect its capitals (``{BERT}: Pre-training``)."""
    return None if title is None else title.replace("{", "").replace("}", "")


def _group(pattern: str) -> Callable[[pl.Expr], pl.Expr]:
    """A reader of ``pattern``'s first group (stripped) for ``_fill``."""
    return lambda text: text.str.extract(pattern, 1).str.strip_chars()


def _fill(
    raw: pl.Series,
    found: pl.Series,
    read: Callable[[pl.Expr], pl.Expr],
    hint: str | None,
    words: int = 1,
    not_title: str | None = None,
    among: pl.Series | None = None,
) -> pl.Series:
    """``found`` with its nulls filled by what ``read`` finds in the block, in the rows ``among`` selects (a cheap test over
    every row) that hold ``hint`` (a cheaper pattern); ``words``: the fewest words a title read so has; a candidate that
    ``not_title`` matches is none."""
    rows = (found.is_null() if among is None else found.is_null() & among.fill_null(False)).arg_true()
    if hint is not None:
        rows = rows.filter(raw.gather(rows).str.contains(hint).fill_null(False))
    if rows.is_empty():
        return found
    candidates = raw.gather(rows).to_frame("t").select(read(pl.col("t"))).to_series()
    # a Chinese or Japanese title has no words to count: its characters count
    keep = (candidates.str.count_matches(r"\S+") >= words) | (candidates.str.count_matches(normalize.CJK_TITLE_CHAR) >= normalize.CJK_TITLE_CHARS)
    if not_title is not None:  # a name with a citation or venue tag after it is a title ("Differential Transformer (ICLR 2025)")
        keep = keep & (~candidates.str.contains(not_title) | candidates.str.contains(_TRAILING_TAG))
    return found.scatter(rows, pl.select(pl.when(keep).then(candidates)).to_series())


# A listing's tag of the paper's venue or presentation in brackets before or after its title ("[ICML 2025] Title", "Title
# (NeurIPS'24 Oral)", "Title [Spotlight]"): not the title's words.
_VENUE_TAG = (
    r"[\[(【](?:\p{Lu}[\p{L}&-]{1,15}[ \t]*['’]?[ \t]*(?:19|20)?[0-9]{2}(?:[ \t]+(?i:oral|poster|spotlight|highlight|workshop|findings|main))?"
    r"|(?i:oral|poster|spotlight|highlight))[\])】]"
)
_TRAILING_TAG = r"[ \t]+(?:" + _VENUE_TAG + r"|\(" + normalize.AUTHOR_YEAR + r"\))\z"  # "Title (Oral)", "Title (Ye et al., 2025)"
# Images and link badges in a title's line ("![](https://img.shields.io/…)", "[[Paper]](url)", "[[Code](url)]"): not its words.
_BADGES = r"[ \t]*!\[[^\[\]\n]*\](?:\([^()\s]*\))?|[ \t]*\[{1,2}(?i:" + LINK_WORD + r")\]{1,2}(?:\([^()\s]*\)\]?)?"
# A site's name after a title, as a browser's title bar writes it ("Title - OpenReview", "Title – ScienceDirect").
_SITE_SUFFIX = (
    r"[ \t]+[-–—·][ \t]+(?:OpenReview(?:\.net)?|arXiv(?:\.org)?|Semantic Scholar|ResearchGate|ScienceDirect|IEEE Xplore|ACM Digital Library"
    r"|Papers [Ww]ith Code|Hugging Face|Google Scholar|SpringerLink|ACL Anthology|PubMed|bioRxiv|medRxiv|PMLR|CVF Open Access"
    r"|Wiley Online Library|OUP Academic|Medium|知乎|CSDN博客)\z"
)
# DBLP's entry line: the authors and a colon before the title, its venue and year after it, and the pages ("Jane Doe, John Roe:
# Title. ICML 2024: 1234-1250").
_DBLP_ENTRY = r"\A(?:" + normalize.AUTHORS + r"):[ \t]+(?P<title>[^\n]+?)\.[ \t]+" + normalize.VENUE_YEAR + r"(?::[ \t]*[0-9]+(?:[–-][0-9]+)?)?\z"
# The authors and the venue after a title sentence, as a reference writes them ("Title. Jane Doe, John Roe. ICML 2025").
_AUTHORS_AND_VENUE = r"\.[ \t]+(?:" + normalize.AUTHORS + r")\.?(?:[ \t]+" + normalize.VENUE_YEAR + r"\.?)?\z"


def _cleaned(found: pl.Series) -> pl.Series:
    """Titles read as ``text`` is (``normalize.normalize_column``; links as their labels, no heading marks, venue tags or
    bullets), one line, without a final period; null when too long or without a letter."""
    rows = found.is_not_null().arg_true()
    if rows.is_empty():
        return found
    # Images (badges) and link badges ("[[Paper]](url)", "[[Code](url)]") go; a Markdown link is its label, without its address
    # ("### [Title](url)"); a heading's marks and a venue in code marks in front ("`ICLR 2025` **Title**") go.
    labels = (
        found.gather(rows)
        .str.replace_all(_BADGES, "")
        .str.replace_all(r"\[([^\[\]\n]*)\]\([^()\s]*\)", "${1}")
        .str.replace(r"\A[ \t]*#{1,6}[ \t]+", "")
        .str.replace(r"\A[ \t]*`[A-Z][A-Za-z]*[A-Z][^`\n]{0,30}`[ \t]*", "")
    )
    text = normalize.normalize_column(labels.to_frame("text_raw"))["text"].str.replace(r"\s*\.\z", "")
    # a link's label without its address ("- [Title](url)" above the abstract), and the byline after it ("[Title] by Jane Doe"); a
    # title's authors and venue after a bar ("Title | Jane Doe | ICML 2025"), or its authors after a dash ("Title - Jane Doe, John Roe - ICML 2025")
    text = text.str.replace(r"\A\[([^\[\]]+)\](?:[ \t]+by[ \t]+" + normalize.AUTHORS + r")?\z", "${1}").str.replace(r"[ \t]+\|[ \t][^\n]*\z", "")
    text = text.str.replace(r"[ \t]+[-–—][ \t]+(?:" + normalize.AUTHORS + r")(?:[ \t]+[-–—][ \t][^\n]*)?\z", "")
    text = text.str.replace(_DBLP_ENTRY, "${title}")  # "Jane Doe, John Roe: Title. ICML 2024: 1234-1250"
    text = text.str.replace(_AUTHORS_AND_VENUE, "").str.replace(_SITE_SUFFIX, "")  # "Title. Jane Doe, John Roe. ICML 2025", "Title - OpenReview"
    text = text.str.replace(r"[ \t]+\((?:[a-z0-9-]+\.)+[a-z]{2,}\)\z", "").str.replace(r"\APaper[ \t]*[:：][ \t]*", "")  # Hacker News' "Title (arxiv.org)", a post's "Paper: Title"
    text = text.str.replace(r"\A" + normalize.FLAIR + r"(?:" + _VENUE_TAG + r"[ \t]+)?", "").str.replace(_TRAILING_TAG, "")  # "[ICML 2025] Title (Oral)"
    text = text.str.replace(r"\A[\p{So}■□●○◆◇▶►▷▪•·][ \t]*", "")  # "■ Title": a bullet
    text = text.str.replace(r"\A《([^《》]+)》\z|\A「([^「」]+)」\z|\A『([^『』]+)』\z", "${1}${2}${3}")  # a Chinese or Japanese page's title marks
    keep = text.str.contains(r"\p{L}") & (text.str.len_chars() <= TITLE_MAX_CHARS)
    return found.scatter(rows, pl.select(pl.when(keep).then(text)).to_series())
