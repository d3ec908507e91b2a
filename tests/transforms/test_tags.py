from __future__ import annotations

import polars as pl
import pytest

from bench.urls_tags import tag_quality
from paperlake.taxonomy import load_taxonomy
from transforms.tags import TagRule, Taxonomy, rule_regex, tag_records, text_tags


def tags_of(text: str, rule: TagRule) -> list[tuple[str, str]]:
    records = pl.DataFrame({"record_id": ["r"], "text": [text]})
    return text_tags(records, Taxonomy("t", (rule,))).select("tag", "evidence").rows()


@pytest.mark.parametrize(
    ("text", "evidence"),
    [
        ("We study Large Language Models.", "Large Language Models"),
        ("a large-language model", "large-language model"),
        ("many large language models", "large language models"),
        ("LLM agents act", "LLM agents"),
        ("the LLM is frozen", "LLM"),
        ("llm in lower case", None),
        ("tiny LLMish things", None),
    ],
)
def test_phrases_are_case_insensitive_with_variants_and_patterns_case_sensitive(text: str, evidence: str | None) -> None:
    rule = TagRule("topic/llm", "d", phrases=("large language model", "LLM agent"), patterns=("LLMs?",))
    assert tags_of(text, rule) == ([("topic/llm", evidence)] if evidence else [])


def test_plural_of_y_and_exclude_veto() -> None:
    rule = TagRule("topic/speech-audio", "d", phrases=("speech", "strategy"), exclude=("hate speech",))
    assert tags_of("two strategies for speech", rule) == [("topic/speech-audio", "strategies")]
    assert tags_of("speech and hate speech", rule) == []


@pytest.mark.parametrize(
    "text",
    [
        "xſpeech",  # letters that case-fold to ASCII ones (ASCII word boundaries: one before "ſ")
        "x\u212aernel tricks",
        "large\u00a0language  models, large - language-model",  # separators other than one space or hyphen
        "kEies and STRATEGIES",  # plural endings
        "a LLM-based agent, éLLM, LLMé, 大LLM模型, 4-bit",
        "İs Is ıs",
    ],
)
def test_the_prefilter_keeps_every_match(text: str) -> None:
    rule = TagRule("topic/x", "d", phrases=("speech", "kernel trick", "large language model", "kEy", "strategy", "is"), patterns=("LLMs?", r"\d-bit"))
    plain = pl.DataFrame({"text": [text]}).select(pl.col("text").str.extract(f"({rule_regex(rule)})", 1)).item()
    assert tags_of(text, rule) == ([("topic/x", plain)] if plain else [])


def test_artifact_tags_come_from_url_kinds() -> None:
    taxonomy = load_taxonomy()
    records = pl.DataFrame({"record_id": ["a", "b"], "text": ["Nothing to see.", "Nothing either."]})
    urls = pl.DataFrame(
        {
            "record_id": ["a", "a", "b"],
            "url": ["https://x.github.io/", "https://github.com/o/r", "https://arxiv.org/abs/1"],
            "kind": ["project", "code", "paper"],
            "position": [0, 1, 0],
        }
    )
    assert tag_records(records, urls, taxonomy).rows() == [
        ("a", "artifact/has-code", "https://github.com/o/r"),
        ("a", "artifact/has-project-page", "https://x.github.io/"),
    ]


def test_quality_on_the_labeled_abstracts() -> None:
    scores = tag_quality()["all"]
    assert scores["micro"]["f1"] >= 0.85
    weak = {tag: s["precision"] for tag, s in scores["per_tag"].items() if s["precision"] < 0.6}
    assert weak == {}
