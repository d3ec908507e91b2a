from __future__ import annotations

import polars as pl
import pytest

from transforms.quality import QualityThresholds, classify_blocks, reject_reason

ABSTRACT = (
    "We propose a method for training sparse mixture of experts models that keeps every expert busy. "
    "Our analysis shows that balanced routing improves both accuracy and throughput on standard benchmarks."
)


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        (ABSTRACT, None),
        ("Home | About | Contact", "boilerplate"),
        ("Loading...", "boilerplate"),
        ("We use cookies to give you the best experience. By continuing you accept all cookies and our cookie policy.", "boilerplate"),
        ("https://github.com/a/b", "url_only"),
        ("#### ---- #### ++++ ////", "no_letters"),
        ("Sparse Experts Done Right", "too_short"),
        ("The model is good. " * 12, "repeated_text"),
        (" ".join(f"word{i % 900}x" for i in range(1600)), "too_long"),
        ("\ufffd" * 40 + " text", "garbled"),
    ],
)
def test_reject_reasons(text: str, reason: str | None) -> None:
    frame = pl.DataFrame({"t": [text]})
    assert frame.select(reject_reason(pl.col("t"), pl.col("t"), QualityThresholds()).alias("r"))["r"].to_list() == [reason]


def test_thresholds_are_configurable() -> None:
    frame = pl.DataFrame({"t": ["Sparse Experts Done Right"]})
    assert frame.select(reject_reason(pl.col("t"), pl.col("t"), QualityThresholds(min_words=3)).alias("r"))["r"].to_list() == [None]


def test_mid_file_header_rejects_and_switches_collection() -> None:
    blocks = pl.DataFrame(
        {
            "source_id": ["s"] * 3,
            "path": ["p"] * 3,
            "ordinal": [1, 2, 3],
            "text_raw": [ABSTRACT, "NeurIPS 2024 Papers", ABSTRACT],
            "text": [ABSTRACT, "NeurIPS 2024 Papers", ABSTRACT],
        }
    )
    sources = pl.DataFrame({"source_id": ["s"], "venue": ["ICML"], "year": [2025], "collection": ["ICML 2025 Papers"]})
    out = classify_blocks(blocks, sources, QualityThresholds()).sort("ordinal")
    assert out["reject_reason"].to_list() == [None, "header", None]
    assert out["collection"].to_list() == ["ICML 2025 Papers", "NeurIPS 2024 Papers", "NeurIPS 2024 Papers"]
    assert out["venue"].to_list() == ["ICML", "NEURIPS", "NEURIPS"]
