"""URLs: extract from raw blocks, trim, normalize, classify.

Extraction runs on the raw block (markup intact) after hard-wrapped lines are joined.
Normalization (``normalize_url``, idempotent): lower-case scheme and host, https for
scheme-less URLs, default ports dropped, ``utm_*``/``fbclid``/``gclid`` dropped, IDN hosts to
punycode; on code-host repo URLs the fragment and a trailing ``.git`` are dropped. Path case
and a trailing slash stay as written.
"""

from __future__ import annotations

import re
from functools import lru_cache
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

import polars as pl
import tldextract

from transforms.normalize import join_lines

CODE_HOSTS = ("github.com", "gitlab.com", "bitbucket.org", "codeberg.org", "gitee.com")
_BARE_HOSTS = CODE_HOSTS + (
    "huggingface.co", "arxiv.org", "openreview.net", "doi.org", "zenodo.org", "kaggle.com", "figshare.com",
    "aclanthology.org", "proceedings.mlr.press", "colab.research.google.com", "paperswithcode.com",
)
_STOP = r"\s<>\"{}|\\^`\[\]\u3000-\u303f\uff01-\uff0f\uff1a-\uff20\uff3b-\uff40\uff5b-\uff65"
URL_PATTERN = (
    r"(?i)(?:https?://|(?:^|[^A-Za-z0-9@./-])www\.|(?:^|[^A-Za-z0-9@./-])(?:" + "|".join(re.escape(h) for h in _BARE_HOSTS) + r")/|\bdoi:\s*10\.)"
    + f"[^{_STOP}]+"
)
_TRAILING = ".,;:!?'\"*_~"
_PAIRS = {")": "(", "]": "[", "}": "{"}
_DROP_PARAMS = re.compile(r"^(?:utm_.*|fbclid|gclid)$", re.IGNORECASE)
_DEFAULT_PORTS = {"http": 80, "https": 443}


def trim_url(candidate: str) -> str:
    """Strip what the regex over-captured: a leading separator, sentence punctuation, unbalanced brackets."""
    url = re.sub(r"^[^A-Za-z0-9]+", "", candidate)
    while url:
        last = url[-1]
        if last in _TRAILING:
            url = url[:-1]
        elif last in _PAIRS and url.count(last) > url.count(_PAIRS[last]):
            url = url[:-1]
        else:
            break
    return url


@lru_cache(maxsize=1)
def _suffixes() -> tldextract.TLDExtract:
    return tldextract.TLDExtract(suffix_list_urls=(), cache_dir=None, include_psl_private_domains=True)


def _punycode(host: str) -> str:
    try:
        return host.encode("idna").decode("ascii")
    except UnicodeError:
        return host


def is_code_repo(host: str, path: str) -> bool:
    """True for ``owner/name`` paths on a code host."""
    parts = [p for p in path.split("/") if p]
    return host.removeprefix("www.") in CODE_HOSTS and len(parts) >= 2


@lru_cache(maxsize=65536)
def normalize_url(raw: str) -> str | None:
    """The normalized form of a URL as written, or None when it is not a usable URL."""
    text = raw.strip()
    doi = re.match(r"(?i)^doi:\s*(10\..+)$", text)
    if doi:
        text = "https://doi.org/" + doi.group(1)
    if not re.match(r"(?i)^[a-z][a-z0-9+.-]*://", text):
        text = "https://" + text
    try:
        parts = urlsplit(text)
        port = parts.port
    except ValueError:
        return None
    scheme = parts.scheme.lower()
    host = _punycode((parts.hostname or "").lower().rstrip("."))
    if not host or "." not in host or not re.fullmatch(r"[a-z0-9.-]+", host):
        return None
    netloc = host if port is None or _DEFAULT_PORTS.get(scheme) == port else f"{host}:{port}"
    query = urlencode([(k, v) for k, v in parse_qsl(parts.query, keep_blank_values=True) if not _DROP_PARAMS.match(k)])
    path, fragment = parts.path, parts.fragment
    if is_code_repo(host, path):
        fragment = ""
        path = re.sub(r"\.git(/?)$", r"\1", path)
    return urlunsplit((scheme, netloc, path, query, fragment))


def _describe(url: str) -> dict[str, str | None]:
    parts = urlsplit(url)
    host = parts.hostname or ""
    ext = _suffixes()(host)
    domain = ext.top_domain_under_public_suffix or host
    segments = [s for s in parts.path.split("/") if s]
    bare = host.removeprefix("www.")
    repo = f"{segments[0]}/{segments[1]}" if is_code_repo(host, parts.path) else None
    if repo:
        kind = "code"
    elif bare == "huggingface.co" and segments[:1] == ["datasets"]:
        kind = "data"
    elif bare == "huggingface.co" and segments[:1] == ["spaces"] or bare == "colab.research.google.com" or host.endswith(".hf.space"):
        kind = "demo"
    elif bare == "huggingface.co" and len(segments) >= 2:
        kind = "model"
    elif bare in ("zenodo.org", "kaggle.com", "figshare.com") or host.endswith(".figshare.com"):
        kind = "data"
    elif bare in ("arxiv.org", "openreview.net", "doi.org", "aclanthology.org", "proceedings.mlr.press", "dl.acm.org", "ieeexplore.ieee.org"):
        kind = "paper"
    elif host.endswith(".github.io") or host.endswith(".gitlab.io") or host.endswith(".pages.dev") or (
        bare not in _BARE_HOSTS and bare not in ("wikipedia.org",) and not host.endswith("wikipedia.org")
        and len(segments) <= 2 and not re.search(r"\.(pdf|zip|tar|gz|pt|bin)$", parts.path)
    ):
        kind = "project"
    else:
        kind = "other"
    return {"host": host, "domain": domain, "kind": kind, "repo": repo}


URL_FIELDS = pl.Struct({"url": pl.String, "host": pl.String, "domain": pl.String, "kind": pl.String, "repo": pl.String})


def _describe_batch(raw: pl.Series) -> pl.Series:
    out = []
    for value in raw.to_list():
        url = normalize_url(value) if value else None
        out.append(None if url is None else {"url": url, **_describe(url)})
    return pl.Series(out, dtype=URL_FIELDS)


def extract_urls(blocks: pl.DataFrame) -> pl.DataFrame:
    """One row per URL found in each block's ``text_raw``: ``record_id``, ``url_raw``, ``position`` and the URL fields."""
    found = (
        blocks.select(
            "record_id",
            "source_id",
            "path",
            "ordinal",
            url_raw=join_lines(pl.col("text_raw")).str.extract_all(URL_PATTERN),
        )
        .with_columns(pl.col("url_raw").list.eval(pl.element().map_batches(_trim_batch, return_dtype=pl.String)))
        .with_columns(position=pl.int_ranges(pl.col("url_raw").list.len(), dtype=pl.Int32))
        .explode("url_raw", "position")
        .filter(pl.col("url_raw").is_not_null() & (pl.col("url_raw") != ""))
    )
    distinct = found.select("url_raw").unique().with_columns(_fields=pl.col("url_raw").map_batches(_describe_batch, return_dtype=URL_FIELDS))
    return found.join(distinct, on="url_raw", how="left").filter(pl.col("_fields").is_not_null()).unnest("_fields")


def _trim_batch(candidates: pl.Series) -> pl.Series:
    return pl.Series([None if c is None else trim_url(c) for c in candidates.to_list()], dtype=pl.String)


def record_urls(occurrences: pl.DataFrame) -> pl.DataFrame:
    """The ``urls`` table: one row per (record, normalized URL), first spelling and position kept.

    A record's URLs are the union over all of its accepted occurrences; the kept occurrence's
    come first, then the others by path and ordinal.
    """
    accepted = occurrences.filter(pl.col("record_id").is_not_null())
    found = extract_urls(accepted).join(
        accepted.select("source_id", "ordinal", _kept_first=pl.col("status") != "kept"), on=["source_id", "ordinal"], how="left"
    )
    ordered = found.sort("record_id", "_kept_first", "path", "ordinal", "position")
    first = ordered.unique(["record_id", "url"], keep="first", maintain_order=True)
    return first.with_columns(position=pl.int_range(pl.len(), dtype=pl.Int32).over("record_id")).select(
        "record_id", "url", "url_raw", "host", "domain", "kind", "repo", "position"
    )
