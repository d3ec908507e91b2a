r"""URLs: extract from raw blocks, trim, normalize, classify.

Extraction runs on the raw block (markup intact) after the LaTeX escapes ``\_ \% \# \&`` are
unescaped, spaces a PDF put inside a URL dropped (``https: //``, ``github. com/``), hard-wrapped lines joined (a URL broken
at a line end rejoined where ``normalize.URL_WRAP`` allows, not before prose: ``normalize.URL_LINE_END``) and HTML entities
decoded. Found: scheme URLs, ``www.`` URLs,
bare code-host and paper-host URLs (``github.com/o/r``, ``arxiv.org/abs/...``, ``hf.co/...``),
``doi:10.x/y`` and ``arXiv:YYMM.NNNNN`` ids; e-mail addresses and bare domains of other hosts
are not URLs. A word glued on with ``,`` or ``;`` before any query or fragment is cut, and so is
the next sentence's first word glued on after a full stop (``github.com/a/b.We show``) and a percent-encoded full stop
or quote at the end (``github.com/a/b%E3%80%82``).

Normalization (``normalize_url``, idempotent): lower-case scheme and host, ``https://`` for
scheme-less URLs, ``doi:`` to ``https://doi.org/``, ``arXiv:`` ids to ``https://arxiv.org/abs/``,
``hf.co`` to ``huggingface.co``, IDN hosts to punycode, default ports and user info dropped,
``utm_*``/``fbclid``/``gclid`` query parameters dropped (the others kept as written),
characters outside RFC 3986 percent-encoded; on code-host repository URLs ``www.``, the
``tab`` query parameter (``?tab=readme-ov-file``), the fragment, and a trailing ``.git`` or ``/`` after
``owner/name`` are dropped. Path case, and a trailing slash elsewhere, stay as written.

Kinds (first rule that applies): ``code`` a repository on a code host (``owner/name`` path) or
an anonymized one (``anonymous.4open.science/r/...``); ``data`` Hugging Face datasets, Zenodo,
Kaggle, figshare, Harvard Dataverse, PhysioNet, OpenML, the UCI repository, and DOIs of Zenodo,
figshare and Dataverse; ``demo`` Hugging Face Spaces, ``*.hf.space``, Colab; ``model`` other
Hugging Face ``owner/name`` pages; ``paper`` arXiv, bioRxiv, medRxiv, OpenReview, doi.org, ACL
Anthology, PMLR, NeurIPS proceedings, CVF open access, AAAI, JMLR, ACM DL, IEEE Xplore, Springer Link, and a paper's page
on Hugging Face (``/papers/...``), Semantic Scholar and Papers with Code (``/paper/...``) and alphaXiv (``/abs/...``);
``project`` static project-site hosts (``*.github.io``, ``*.gitlab.io``, ``*.pages.dev``,
``*.netlify.app``, ``*.vercel.app``, ``sites.google.com``) or any other URL that the text
right before it calls a project page, homepage or website; ``other`` the rest.
"""

from __future__ import annotations

import re
from functools import lru_cache
from urllib.parse import quote, urlsplit, urlunsplit

import idna
import polars as pl
import tldextract

from transforms.mojibake import CP1252_LEAD
from transforms.normalize import INVISIBLE, OPENREVIEW_FORM_FIELDS, SENTENCE_OPENERS, URL_STOP, rejoin_wrapped_urls, unescape_entities

CODE_HOSTS = ("github.com", "gitlab.com", "bitbucket.org", "codeberg.org", "gitee.com")
PAPER_HOSTS = (
    "arxiv.org", "openreview.net", "doi.org", "dx.doi.org", "aclanthology.org", "proceedings.mlr.press",
    "proceedings.neurips.cc", "papers.nips.cc", "dl.acm.org", "ieeexplore.ieee.org", "openaccess.thecvf.com", "ojs.aaai.org",
    "jmlr.org", "biorxiv.org", "medrxiv.org", "link.springer.com",
)
DATA_HOSTS = ("zenodo.org", "kaggle.com", "figshare.com", "dataverse.harvard.edu", "physionet.org", "openml.org", "archive.ics.uci.edu")
# DOI prefixes of data repositories (Zenodo, figshare, Harvard Dataverse): such a doi.org link is data, not a paper.
DATA_DOI = re.compile(r"(?i)^/10\.(?:5281/zenodo\.|6084/m9\.figshare\.|7910/dvn/)")
ANONYMOUS_CODE_HOST = "anonymous.4open.science"  # anonymized repositories for double-blind review: /r/<name>
PROJECT_SUFFIXES = (".github.io", ".gitlab.io", ".pages.dev", ".netlify.app", ".vercel.app")
_BARE_HOSTS = CODE_HOSTS + PAPER_HOSTS + DATA_HOSTS + ("huggingface.co", "hf.co", "colab.research.google.com", "sites.google.com", ANONYMOUS_CODE_HOST)
# A project page's host under a hosting suffix, written without its scheme ("ctm-rl.github.io/project").
_BARE_PROJECT_HOST = r"[A-Za-z0-9-]+(?:" + "|".join(re.escape(s) for s in PROJECT_SUFFIXES) + r")/"
# New-style arXiv identifiers (``arXiv:2403.09876v2``); written as ``arXiv:`` they are links like ``doi:``.
_ARXIV_ID = re.compile(r"(?i)^arxiv: ?([0-9]{4}\.[0-9]{4,5}(?:v[0-9]+)?)$")
# Non-repository first path segments on code hosts (github.com/orgs/x is not a repository).
_RESERVED_OWNERS = frozenset(
    {"orgs", "topics", "features", "sponsors", "marketplace", "settings", "explore", "collections", "about", "login", "apps", "users", "enterprise", "pricing", "search"}
)
# Paper pages of hosts that are not all papers: the first path segment of a paper's page (Hugging Face's daily papers,
# Semantic Scholar's, Papers with Code's and alphaXiv's pages of a paper).
_PAPER_PAGES = {"huggingface.co": ["papers"], "semanticscholar.org": ["paper"], "paperswithcode.com": ["paper"], "alphaxiv.org": ["abs"]}
_HF_NON_MODEL = frozenset({"papers", "docs", "blog", "collections", "organizations", "learn", "tasks", "models", "join", "settings"})

# An ASCII word boundary before ``doi:``, like the ASCII left edge of ``www.`` and bare hosts:
# Rust's regex runs its fast DFA on non-ASCII text only without Unicode ``\b``.
# A RIS record's "DO  - 10.x/y" and a MEDLINE one's "AID - 10.x/y [doi]" / "LID - 10.x/y [doi]" lines are DOIs too (read
# after wrapped lines are joined: no line start to anchor at).
_DOI_TAG = r"(?:DO  |AID |LID )- "
_TAGGED_DOI = r"(?-i:(?-u:\b)" + _DOI_TAG + r"10\.)"  # in capitals: "first aid - 10.5%" is no DOI
_START = (
    r"(?:https?://|(?:^|[^A-Za-z0-9@./-])www\.|(?:^|[^A-Za-z0-9@./-])(?:" + "|".join(re.escape(h) for h in _BARE_HOSTS) + r")/|(?:^|[^A-Za-z0-9@./-])" + _BARE_PROJECT_HOST + r"|(?-u:\b)doi:\s*10\.|(?-u:\b)arxiv: ?[0-9]{4}\.|"
    + _TAGGED_DOI + ")"
)
# Every match of _START contains one of these (joining wrapped lines cannot create one): blocks without any have no URLs.
_MAY_START = r"(?i)http|www\.|doi:|arxiv:|" + _TAGGED_DOI + "|" + "|".join(re.escape(h) for h in _BARE_HOSTS + PROJECT_SUFFIXES)
URL_PATTERN = f"(?i){_START}[^{URL_STOP}]+"
_PROJECT_CUE = r"(?i)(?:project|home|web)[ -]?page|website|project site|主页"
_TRAILING = ".,;:!?'\"*_~"
# ``,and`` or ``;see`` glued to the end of a URL's host or path (letters only after it): a comma or
# semicolon followed by a bare word is rare in paths; in a query (``?f=a,b``) it is common, and stays.
_GLUED_WORD = re.compile(r"^[^?#]*?([,;][^\W\d_]+)$")
# The next sentence glued on after the URL's full stop ("github.com/a/b.We show"): a capitalized word that starts
# sentences of abstracts, after a dot in the path. Other capitalized suffixes (``Foo.Net``) may be a name, and stay.
_GLUED_SENTENCE = re.compile(
    r"^[^?#]*/[^?#]*?(\.(?:"
    + "|".join((*SENTENCE_OPENERS, "Models?", "Source", "Project", "Demo", "Please", "See", "More", "Available", "Using"))
    + r"))$"
)
# Chinese, Japanese or Korean text glued to the end of a URL ("代码见https://github.com/a/b中的说明"): these texts put no
# space around a URL. A CJK character right after an ASCII letter, digit or punctuation ends the URL; a path segment of them
# ("/wiki/图论") stays.
_GLUED_CJK = re.compile(r"(?<=[A-Za-z0-9.,;:!?)\]])[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]")
_PAIRS = {")": "(", "]": "[", "}": "{"}
_OPENING = frozenset(_PAIRS.values())
_DROP_PARAM = re.compile(r"^(?:utm_[^=]*|fbclid|gclid)(?:=|$)", re.IGNORECASE)
_DEFAULT_PORTS = {"http": 80, "https": 443}
_LABEL = re.compile(r"[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?")
_URI_SAFE = "-._~:/?#[]@!$&'()*+,;=%"
# What a code host's web page adds to a repository URL without naming another page (``?tab=readme-ov-file``).
_REPO_UI_PARAM = re.compile(r"^tab(?:=|$)")
# LaTeX (and Markdown) escapes that stand inside URLs written in markup: ``\url{https://x.org/a\_b}``.
_LATEX_ESCAPE = r"\\([_%#&])"
# Invisible characters (zero-width space, word joiner, BOM, soft hyphen): where a page let a long URL break, after one of
# its separators (``github.com/\u200bfoo/\u200bbar``), nothing; elsewhere (a soft hyphen inside a word aside) a space,
# which ends a URL (``.../bar\u200band``).
_INVISIBLE = INVISIBLE + "+"
# A soft hyphen marks a break point inside a word (a page's "decepti\u00adon-detecti\u00adon"): before a visible character
# it goes wherever it stands, so the URL keeps its word.
_SOFT_HYPHEN_IN_WORD = r"\u00ad+(\S)"
# OpenReview's submission-form statements, copied with a submission's fields: their links are the venue's author guide,
# on every submission, not the paper's ("Submission Guidelines: I certify that ... https://iclr.cc/Conferences/2025/AuthorGuide.").
_FORM_STATEMENT = rf"(?m)^[ \t]*(?:{OPENREVIEW_FORM_FIELDS})[ \t]*:[^\n]*"
_BREAK_AFTER_SEPARATOR = r"([/._\-?&=#%~])" + _INVISIBLE
# A second URL glued to the first (``github.com/a/b;https://x.org``, ``.../bhttps://x.org``, as a scraper joins a page's
# links): a scheme after anything but what puts one inside a URL (``?u=https://``, the Wayback Machine's ``/web/2020/https://``)
# starts a URL of its own; so does one after a separator and a label (``github.com/a/b;data:https://zenodo.org/…``).
_GLUED_SCHEME = r"(?i)([^\s=/:?&#%])(https?://)|([;,|][a-z]{1,20}:)(https?://)"
# Spaces a PDF's text layer or an aggregator put inside a URL: around the scheme's colon or between its slashes (``https: //x.org``,
# ``https ://x.org``, ``https:/ /x.org``; a Chinese input method's full-width colon too, ``https：//x.org``) and after the dot
# before a common top-level domain that a path follows (``https://github. com/a/b``).
_SPACED_SCHEME = r"(?i)(?-u:\b)(https?)(?:[ \t]*:[ \t]+//|[ \t]+:[ \t]*//|[ \t]*：[ \t]*//|:/[ \t]+/)"
_SPACED_DOT = r"(?i)((?:https?://|(?-u:\b)www\.)[a-z0-9-]+(?:\.[a-z0-9-]+)*)\.[ \t]+(com|org|net|edu|gov|io|ai|dev|co|cc|me|info)/"
# Percent-encoded characters that end a URL (``URL_STOP``) or a sentence, at its end: a page's link that took in the
# full stop after it (``github.com/a/b%E3%80%82``: ``。``, ``%EF%BC%8C``: ``，``, ``%E2%80%A6``: ``…``, ``%22``: ``"``).
_ENCODED_END = re.compile(r"(?:%[0-9A-Fa-f]{2}){1,4}$")
_ENDS_URL = re.compile(f"[{URL_STOP}{re.escape(_TRAILING)}]")


def join_wrapped(text: pl.Expr) -> pl.Expr:
    """Join hard-wrapped lines to one line; a URL broken at a line end where ``normalize.URL_WRAP``
    allows it (over up to ``normalize.URL_WRAP_LINES`` lines) is rejoined."""
    return rejoin_wrapped_urls(text, f"(?i:{_START})").str.replace_all(r"[ \t]*\r?\n[ \t]*", " ")


def trim_url(candidate: str) -> str:
    """Strip what the regex over-captured: a leading separator, sentence punctuation, unbalanced or opening
    brackets, a word glued on with ``,`` or ``;`` before any query or fragment, and a sentence's
    first word glued on after a full stop (``_GLUED_SENTENCE``), CJK text glued on (``_GLUED_CJK``), and a quote or dash after
    it read as cp1252 (``CP1252_LEAD``: ``…/bâ€™s``, ``…/bâ€.``)."""
    url = re.sub(r"^[^A-Za-z0-9]+", "", candidate).split(CP1252_LEAD, 1)[0]
    if cjk := _GLUED_CJK.search(url):
        url = url[: cjk.start()]
    url = _strip_end(url)
    glued = _GLUED_WORD.search(url) or _GLUED_SENTENCE.search(url)
    return _strip_end(url[: glued.start(1)]) if glued else url


def _strip_end(url: str) -> str:
    while url:
        last = url[-1]
        if (encoded := _encoded_end(url)) is not None:
            url = url[: -len(encoded)]
        elif last in _TRAILING:
            url = url[:-1]
        elif (last in _PAIRS and url.count(last) > url.count(_PAIRS[last])) or last in _OPENING:  # "…/b)(" before a glued URL
            url = url[:-1]
        else:
            break
    return url


def _encoded_end(url: str) -> str | None:
    """The percent-encoded character at the URL's end (``%E3%80%82``) when it is one that ends a URL (``_ENDS_URL``)."""
    if url[-1].isalnum() and (tail := _ENCODED_END.search(url)):
        for n in range(1, len(tail.group(0)) // 3 + 1):
            try:
                char = bytes.fromhex(url[-3 * n :].replace("%", "")).decode("utf-8")
            except UnicodeDecodeError:
                continue
            return url[-3 * n :] if _ENDS_URL.fullmatch(char) else None
    return None


@lru_cache(maxsize=1)
def _suffixes() -> tldextract.TLDExtract:
    return tldextract.TLDExtract(suffix_list_urls=(), cache_dir=None, include_psl_private_domains=True)


def _ascii_host(host: str) -> str | None:
    """The lower-case ASCII (punycode) form of a DNS host name, or None when it is not one."""
    try:
        ascii_host = host if host.isascii() else idna.encode(host, uts46=True).decode("ascii")
    except (idna.IDNAError, UnicodeError):
        return None
    ascii_host = ascii_host.lower().rstrip(".")
    labels = ascii_host.split(".")
    if len(labels) < 2 or not all(_LABEL.fullmatch(label) for label in labels) or labels[-1].isdigit():
        return None
    return ascii_host


def repo_of(host: str, path: str) -> str | None:
    """``owner/name`` for a repository URL on a code host, else None."""
    parts = [p for p in path.split("/") if p]
    if host.removeprefix("www.") not in CODE_HOSTS or len(parts) < 2 or parts[0].lower() in _RESERVED_OWNERS:
        return None
    return f"{parts[0]}/{parts[1]}"


# A repository on a code host, written anywhere in a text: its owner and its name.
_REPOSITORY = r"(?i)\b(?:" + "|".join(re.escape(host) for host in CODE_HOSTS) + r")/([\w.\-]+)/([\w.\-]+)"


def code_repositories(text: pl.Expr) -> pl.Expr:
    """``list[str]``: the names of the code repositories ``text`` links (``repo_of``'s, not their owners: a repository moves
    from its author's account to a lab's), folded as dedup keys fold text (letters only, lower case: ``S2-FGL`` and
    ``s42fgl`` are one name; versions of an abstract differ in digits), without ``.git``."""
    owner = pl.element().str.extract(_REPOSITORY, 1).str.to_lowercase()
    name = pl.element().str.extract(_REPOSITORY, 2).str.to_lowercase().str.replace(r"(?:\.git)?\.*$", "").str.replace_all(r"[^\p{L}]+", "")
    named = (name != "") & ~owner.is_in(sorted(_RESERVED_OWNERS))
    return text.str.extract_all(_REPOSITORY).list.eval(name.filter(named)).list.unique(maintain_order=True)


def _encode(component: str) -> str:
    """Percent-encode what RFC 3986 does not allow; a ``%`` not starting an escape becomes ``%25``."""
    return quote(re.sub(r"%(?![0-9A-Fa-f]{2})", "%25", component), safe=_URI_SAFE)


@lru_cache(maxsize=65536)
def normalize_url(raw: str) -> str | None:
    """The normalized form of a URL as written, or None when it is not a usable http(s) URL."""
    text = raw.strip()
    doi = re.match(r"(?i)^(?:doi:\s*|" + _DOI_TAG + r")(10\..+)$", text)
    if doi:
        text = "https://doi.org/" + doi.group(1)
    elif text[:6].lower() == "arxiv:":
        arxiv = _ARXIV_ID.match(text)
        if not arxiv:
            return None
        text = "https://arxiv.org/abs/" + arxiv.group(1)
    if not text or re.search(r"[\s\x00-\x1f\x7f]", text):
        return None
    if not re.match(r"(?i)^[a-z][a-z0-9+.-]*://", text):
        text = "https://" + text
    try:
        parts = urlsplit(text)
        port = parts.port
    except ValueError:
        return None
    scheme = parts.scheme.lower()
    host = _ascii_host(parts.hostname or "")
    if scheme not in _DEFAULT_PORTS or host is None:
        return None
    host = "huggingface.co" if host == "hf.co" else host
    path, fragment = _encode(parts.path), _encode(parts.fragment)
    params = [p for p in parts.query.split("&") if p and not _DROP_PARAM.match(p)]
    if repo_of(host, path):
        host, fragment = host.removeprefix("www."), ""
        params = [p for p in params if not _REPO_UI_PARAM.match(p)]
        segments = path.split("/")
        if len([s for s in segments if s]) == 2:
            path = re.sub(r"(?:\.git)*/*$", "", path)  # the repository's root page, one way
    netloc = host if port is None or _DEFAULT_PORTS[scheme] == port else f"{host}:{port}"
    return urlunsplit((scheme, netloc, path, _encode("&".join(params)), fragment))


def url_kind(url: str) -> str:
    """The kind of a normalized URL from its host and path (see the module docstring)."""
    parts = urlsplit(url)
    host = parts.hostname or ""
    bare = host.removeprefix("www.")
    segments = [s for s in parts.path.split("/") if s]
    if repo_of(host, parts.path) or (bare == ANONYMOUS_CODE_HOST and segments[:1] == ["r"] and len(segments) >= 2):
        return "code"
    if segments[:1] == _PAPER_PAGES.get(bare) and len(segments) >= 2:
        return "paper"
    if bare == "huggingface.co":
        if segments[:1] == ["datasets"]:
            return "data"
        if segments[:1] == ["spaces"]:
            return "demo"
        return "model" if len(segments) >= 2 and segments[0] not in _HF_NON_MODEL else "other"
    if bare == "colab.research.google.com" or host.endswith(".hf.space"):
        return "demo"
    if bare in DATA_HOSTS or host.endswith(".figshare.com") or (bare in ("doi.org", "dx.doi.org") and DATA_DOI.match(parts.path)):
        return "data"
    if bare in PAPER_HOSTS:
        return "paper"
    if host.endswith(PROJECT_SUFFIXES) or bare == "sites.google.com":
        return "project"
    return "other"


def _describe(url: str) -> dict[str, str | None]:
    parts = urlsplit(url)
    host = parts.hostname or ""
    domain = _suffixes()(host).top_domain_under_public_suffix or host
    return {"host": host, "domain": domain, "kind": url_kind(url), "repo": repo_of(host, parts.path)}


URL_FIELDS = pl.Struct({"url": pl.String, "host": pl.String, "domain": pl.String, "kind": pl.String, "repo": pl.String})


def _describe_batch(raw: pl.Series) -> pl.Series:
    out = []
    for value in raw.to_list():
        url = normalize_url(value) if value else None
        out.append(None if url is None else {"url": url, **_describe(url)})
    return pl.Series(out, dtype=URL_FIELDS)


def _trim_batch(candidates: pl.Series) -> pl.Series:
    return pl.Series([None if c is None else trim_url(c) for c in candidates.to_list()], dtype=pl.String)


def extract_urls(blocks: pl.DataFrame) -> pl.DataFrame:
    """One row per URL found in each block's ``text_raw`` (but OpenReview's form statements, ``_FORM_STATEMENT``): ``record_id``,
    ``url_raw``, ``position`` and the URL fields."""
    unescaped = (
        pl.col("text_raw")
        .str.replace_all(_FORM_STATEMENT, "")
        .str.replace_all(_LATEX_ESCAPE, "$1")
        .str.replace_all(_SOFT_HYPHEN_IN_WORD, "$1")
        .str.replace_all(_BREAK_AFTER_SEPARATOR, "$1")
        .str.replace_all(_INVISIBLE, " ")
        .str.replace_all(_GLUED_SCHEME, "${1}${3} ${2}${4}")
        .str.replace_all(_SPACED_SCHEME, "$1://")
        .str.replace_all(_SPACED_DOT, "$1.$2/")
    )
    joined = blocks.filter(pl.col("text_raw").str.contains(_MAY_START)).select(
        "record_id", "source_id", "path", "ordinal", _line=unescape_entities(join_wrapped(unescaped))
    )
    found = (
        joined.with_columns(url_raw=pl.col("_line").str.extract_all(URL_PATTERN))
        .with_columns(position=pl.int_ranges(pl.col("url_raw").list.len(), dtype=pl.Int32))
        .explode("url_raw", "position")
        .with_columns(pl.col("url_raw").map_batches(_trim_batch, return_dtype=pl.String))
        .filter(pl.col("url_raw").is_not_null() & (pl.col("url_raw") != ""))
    )
    distinct = found.select("url_raw").unique().with_columns(_fields=pl.col("url_raw").map_batches(_describe_batch, return_dtype=URL_FIELDS))
    before = pl.col("_line").str.split(pl.col("url_raw")).list.first().str.tail(40)
    return (
        found.join(distinct, on="url_raw", how="left")
        .filter(pl.col("_fields").is_not_null())
        .unnest("_fields")
        .with_columns(kind=pl.when((pl.col("kind") == "other") & before.str.contains(_PROJECT_CUE)).then(pl.lit("project")).otherwise("kind"))
        .drop("_line")
    )


CANDIDATES = pl.Schema(
    {
        "record_id": pl.String, "url": pl.String, "url_raw": pl.String, "host": pl.String, "domain": pl.String,
        "kind": pl.String, "repo": pl.String, "path": pl.String, "ordinal": pl.Int32, "position": pl.Int32, "_kept_first": pl.Boolean,
    }
)


def url_candidates(occurrences: pl.DataFrame) -> pl.DataFrame:
    """Every URL of the accepted occurrences, with what ``first_urls`` orders them by (any subset of a record's occurrences)."""
    accepted = occurrences.filter(pl.col("record_id").is_not_null())
    found = extract_urls(accepted).join(
        accepted.select("source_id", "ordinal", _kept_first=pl.col("status") != "kept"), on=["source_id", "ordinal"], how="left"
    )
    return found.select(list(CANDIDATES)).cast(dict(CANDIDATES))


def first_urls(candidates: pl.DataFrame) -> pl.DataFrame:
    """The ``urls`` table from the ``url_candidates`` of every occurrence of the records: one row per (record, normalized URL).

    The first spelling and position are kept: the kept occurrence's URLs come first, then the
    others by path and ordinal. A repository's URLs that differ only in the case of its ``owner/name`` or in ``http``
    (``http://github.com/Lab/MemSave``, ``https://github.com/lab/memsave``) are one row: code hosts read both alike.
    """
    ordered = candidates.sort("record_id", "_kept_first", "path", "ordinal", "position")
    first = ordered.with_columns(_same=_same_repository_url()).unique(["record_id", "_same"], keep="first", maintain_order=True)
    return first.with_columns(position=pl.int_range(pl.len(), dtype=pl.Int32).over("record_id")).select(
        "record_id", "url", "url_raw", "host", "domain", "kind", "repo", "position"
    )


def _same_repository_url() -> pl.Expr:
    """The URL, but a repository URL (one with ``repo``) with ``https`` and its ``owner/name`` in lower case."""
    rest = pl.col("url").str.replace(r"^https?://[^/]+/[^/]+/[^/?#]+", "")
    repository = pl.concat_str(pl.lit("https://"), pl.col("host").str.strip_prefix("www."), pl.lit("/"), pl.col("repo").str.to_lowercase(), rest)
    return pl.when(pl.col("repo").is_not_null()).then(repository).otherwise(pl.col("url"))


def record_urls(occurrences: pl.DataFrame) -> pl.DataFrame:
    """The ``urls`` table of records whose every accepted occurrence is in ``occurrences``."""
    return first_urls(url_candidates(occurrences))
