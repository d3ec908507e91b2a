from __future__ import annotations

import polars as pl
import pytest
from hypothesis import given
from hypothesis import strategies as st

from transforms.quality import QualityThresholds, classify_blocks, reject_reason

ABSTRACT = (
    "We propose a method for training sparse mixture of experts models that keeps every expert busy. "
    "Our analysis shows that balanced routing improves both accuracy and throughput on standard benchmarks."
)

BIBTEX_ENTRY = (
    "@inproceedings{wang2025sparse, title={Sparse Mixture of Experts for Efficient Vision Transformers}, "
    "author={Wang, Yuxin and Li, Jian and Garcia, Maria}, booktitle={International Conference on Machine Learning}, "
    "year={2025}, organization={PMLR} }"
)
AUTHOR_LIST = (
    "Authors: Alice Zhang, Bob Kumar, Carol Lee, David Kim, Eve Martinez, Frank Nguyen, Grace Patel, Henry Chen, "
    "Isabel Rossi, Jack O'Brien, Karen Schmidt, Liam Dubois (University of Toronto, Vector Institute, Google DeepMind, Meta AI Research)"
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
        ("Home | Papers | Schedule | Speakers | Sponsors | Contact", "boilerplate"),
        (BIBTEX_ENTRY, "boilerplate"),
        (AUTHOR_LIST, "boilerplate"),
        ("Yuxin Wang, Jian Li, Maria Garcia, Thomas Müller Tsinghua University; Stanford University; ETH Zürich", "boilerplate"),
        (ABSTRACT + " Cite as @inproceedings{wang2025sparse, title={Sparse Experts}, year={2025}}.", None),
        ("Following Zhang, Kumar, Lee and Kim (2023), " + ABSTRACT, None),
        ("We thank Alice Zhang, Bob Kumar, Carol Lee and David Kim for comments. " + ABSTRACT, None),
        ("@-mentions on social media reveal " + ABSTRACT, None),
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


NAMES = ["Alice Zhang", "Bob Kumar", "Jean-Pierre Dubois", "Jack O'Brien", "Ludwig van Beethoven", "J. Smith", "Zoë Müller"]


@given(
    st.lists(st.sampled_from(NAMES), min_size=4, max_size=40),
    st.sampled_from(["", "Authors: ", "By "]),
    st.sampled_from([", ", "; "]),
    st.sampled_from(["", " (MIT)", " (University of Toronto, Vector Institute)"]),
)
def test_author_lists_of_any_length_are_boilerplate(names: list[str], prefix: str, sep: str, affiliation: str) -> None:
    text = prefix + sep.join(name + affiliation for name in names)
    frame = pl.DataFrame({"t": [text]})
    assert frame.select(reject_reason(pl.col("t"), pl.col("t"), QualityThresholds()).alias("r"))["r"].item() == "boilerplate"


@given(st.lists(st.sampled_from(NAMES), min_size=4, max_size=12), st.sampled_from(["propose", "study", "thank"]))
def test_abstracts_naming_authors_are_kept(names: list[str], verb: str) -> None:
    text = f"{', '.join(names)} {verb} a method. " + ABSTRACT
    frame = pl.DataFrame({"t": [text]})
    assert frame.select(reject_reason(pl.col("t"), pl.col("t"), QualityThresholds()).alias("r"))["r"].item() is None
