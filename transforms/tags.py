"""Tags from a taxonomy: phrase and pattern rules on the normalized text, URL-kind rules on ``urls``.

Phrases match case-insensitively on word boundaries, with hyphen/space variants and plurals
generated here; patterns are regexes matched case-sensitively (acronyms). A tag's
``exclude`` phrases veto it. Tags with ``from_urls`` come from the record's URL kinds.

A rule's regex only runs on the texts that a cheaper test cannot rule out: its phrases as
plain strings on the lower-cased text, its patterns without the case-insensitive phrases (the
regex engine finds literals fast only when nothing in the regex is case-insensitive).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from itertools import product

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


def _plural_stem(word: str) -> str:
    """The start of a word that its plural regex below always matches."""
    return word[:-1] if word.endswith("y") and len(word) > 2 and word[-2] not in "aeiou" else word


def _plural(word: str) -> str:
    stem = _plural_stem(word)
    if stem != word:
        return re.escape(stem) + "(?:y|ies)"
    if word.endswith(("s", "x", "ch", "sh")):
        return re.escape(word) + "(?:es)?"
    return re.escape(word) + "s?"


def _phrase_words(phrase: str) -> list[str]:
    words = [w for w in re.split(r"[\s\-]+", phrase.strip()) if w]
    if not words:
        raise ValueError(f"empty phrase in taxonomy: {phrase!r}")
    return words


def phrase_regex(phrase: str) -> str:
    """Regex for a phrase: words joined by space or hyphen, the last word optionally plural."""
    words = _phrase_words(phrase)
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


def _spellings(phrase: str) -> list[str]:
    """The phrase in lower case with one space or one hyphen between words, up to the stem of its
    last word (what a match with such separators starts with), each as an escaped regex."""
    *first, last = _phrase_words(phrase)
    words = [re.escape(w.lower()) for w in [*first, _plural_stem(last)]]
    return ["".join(w + sep for w, sep in zip(words, (*seps, ""))) for seps in product(" -", repeat=len(first))]


# Texts that a phrase may match without holding one of its spellings once lower-cased: those with
# separators other than a single space or hyphen, or with the long s "ſ" (it matches "s"
# case-insensitively but stays "ſ" when lower-cased). The only other non-ASCII letter that
# case-folds to an ASCII one, the Kelvin sign, lower-cases to "k".
_IRREGULAR = "[^\\S ]|[\\s\\-]{2,}|\u017f"


def _candidates(rule: TagRule) -> pl.Expr:
    """The rows where the rule's regex may match (a superset), without case-insensitive regexes.

    Needs the lower-cased text in ``_lower`` and ``_irregular`` rows flagged. Rules with
    non-ASCII phrases get no such test (their letters have more case variants).
    """
    if not all(phrase.isascii() for phrase in rule.phrases):
        return pl.lit(True)
    tests = []
    if rule.phrases:
        spellings = sorted({s for phrase in rule.phrases for s in _spellings(phrase)})
        tests += [pl.col("_irregular"), pl.col("_lower").str.contains("|".join(spellings))]
    # Patterns that start with a plain character share a regex (the engine looks for their first
    # letters together); any other one, in that regex, would make it scan every character.
    led = [p for p in rule.patterns if p[0].isalnum()]
    groups = ([led] if led else []) + [[p] for p in rule.patterns if p not in led]
    for group in groups:
        tests.append(pl.col("text").str.contains(WORD_EDGE + "(?:" + "|".join(f"(?:{p})" for p in group) + ")" + WORD_EDGE))
    return pl.any_horizontal(tests)


def text_tags(records: pl.DataFrame, taxonomy: Taxonomy) -> pl.DataFrame:
    """``record_id, tag, evidence`` for every text rule that matches a record's ``text``."""
    columns = []
    for rule in taxonomy.rules:
        regex = rule_regex(rule)
        if regex is None:
            continue
        text = pl.when(_candidates(rule)).then(pl.col("text"))  # null elsewhere: the regex skips those rows
        evidence = text.str.extract(f"({regex})", 1)
        if rule.exclude:
            veto = "(?i)" + WORD_EDGE + "(?:" + "|".join(phrase_regex(p) for p in rule.exclude) + ")" + WORD_EDGE
            evidence = pl.when(text.str.contains(veto)).then(None).otherwise(evidence)
        columns.append(evidence.alias(rule.tag))
    if not columns:
        return pl.DataFrame(schema={"record_id": pl.String, "tag": pl.String, "evidence": pl.String})
    wide = (
        records.lazy()
        .with_columns(_lower=pl.col("text").str.to_lowercase(), _irregular=pl.col("text").str.contains(_IRREGULAR))
        .select("record_id", *columns)
        .collect()
    )
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
