"""Tags from a taxonomy: phrase and pattern rules on the normalized text, URL-kind rules on ``urls``.

Phrases match case-insensitively on word boundaries, with hyphen/space variants and plurals
generated here; patterns are regexes matched case-sensitively (acronyms). A tag's
``exclude`` phrases veto it. Tags with ``from_urls`` come from the record's URL kinds.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import polars as pl


@dataclass(frozen=True)
class TagRule:
    """How one tag is assigned."""

    tag: str
    description: str
    phrases: tuple[str, ...] = ()
    patterns: tuple[str, ...] = ()
    exclude: tuple[str, ...] = ()
    from_urls: tuple[str, ...] = ()


@dataclass(frozen=True)
class Taxonomy:
    """A versioned set of tag rules."""

    version: str
    rules: tuple[TagRule, ...] = field(default_factory=tuple)

    @property
    def tags(self) -> list[str]:
        """All tag names, in file order."""
        return [rule.tag for rule in self.rules]


def _plural(word: str) -> str:
    escaped = re.escape(word)
    if word.endswith("y") and len(word) > 2 and word[-2] not in "aeiou":
        return re.escape(word[:-1]) + "(?:y|ies)"
    if word.endswith(("s", "x", "ch", "sh")):
        return escaped + "(?:es)?"
    return escaped + "s?"


def phrase_regex(phrase: str) -> str:
    """Regex for a phrase: words joined by space or hyphen, the last word optionally plural."""
    words = [w for w in re.split(r"[\s\-]+", phrase.strip()) if w]
    if not words:
        raise ValueError(f"empty phrase in taxonomy: {phrase!r}")
    return r"[\s\-]+".join([re.escape(w) for w in words[:-1]] + [_plural(words[-1])])


# ASCII word boundaries: taxonomy terms are ASCII, and Rust's regex runs its fast DFA only
# without Unicode \b (8x faster on abstracts). A CJK character next to "LLM" counts as a boundary.
WORD_EDGE = r"(?-u:\b)"


def rule_regex(rule: TagRule) -> str | None:
    """One regex for a rule's phrases (case-insensitive) and patterns (case-sensitive)."""
    alternatives = []
    if rule.phrases:
        alternatives.append("(?i:" + "|".join(phrase_regex(p) for p in rule.phrases) + ")")
    alternatives.extend(f"(?:{p})" for p in rule.patterns)
    return WORD_EDGE + "(?:" + "|".join(alternatives) + ")" + WORD_EDGE if alternatives else None


def text_tags(records: pl.DataFrame, taxonomy: Taxonomy) -> pl.DataFrame:
    """``record_id, tag, evidence`` for every text rule that matches a record's ``text``."""
    columns = []
    for rule in taxonomy.rules:
        regex = rule_regex(rule)
        if regex is None:
            continue
        evidence = pl.col("text").str.extract(f"({regex})", 1)
        if rule.exclude:
            veto = "(?i)" + WORD_EDGE + "(?:" + "|".join(phrase_regex(p) for p in rule.exclude) + ")" + WORD_EDGE
            evidence = pl.when(pl.col("text").str.contains(veto)).then(None).otherwise(evidence)
        columns.append(evidence.alias(rule.tag))
    if not columns:
        return pl.DataFrame(schema={"record_id": pl.String, "tag": pl.String, "evidence": pl.String})
    wide = records.select("record_id", *columns)
    return (
        wide.unpivot(index="record_id", variable_name="tag", value_name="evidence")
        .filter(pl.col("evidence").is_not_null())
        .select("record_id", "tag", "evidence")
    )


def url_tags(urls: pl.DataFrame, taxonomy: Taxonomy) -> pl.DataFrame:
    """``record_id, tag, evidence`` for rules derived from URL kinds; evidence is the first such URL."""
    frames = [
        urls.filter(pl.col("kind").is_in(list(rule.from_urls)))
        .sort("record_id", "position")
        .group_by("record_id", maintain_order=True)
        .agg(evidence=pl.col("url").first())
        .select("record_id", pl.lit(rule.tag).alias("tag"), "evidence")
        for rule in taxonomy.rules
        if rule.from_urls
    ]
    if not frames:
        return pl.DataFrame(schema={"record_id": pl.String, "tag": pl.String, "evidence": pl.String})
    return pl.concat(frames)


def order_tags(tags: pl.DataFrame, taxonomy: Taxonomy) -> pl.DataFrame:
    """Tag rows ordered by record, then taxonomy order."""
    order = {tag: i for i, tag in enumerate(taxonomy.tags)}
    return tags.sort("record_id", pl.col("tag").replace_strict(order, default=len(order), return_dtype=pl.Int32))


def tag_records(records: pl.DataFrame, urls: pl.DataFrame, taxonomy: Taxonomy) -> pl.DataFrame:
    """The ``tags`` table, ordered by record then taxonomy order."""
    return order_tags(pl.concat([text_tags(records, taxonomy), url_tags(urls, taxonomy)]), taxonomy)
