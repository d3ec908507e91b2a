from __future__ import annotations

import polars as pl
import pytest

from bench.urls_tags import seed_methods
from transforms.methods import method_names
from transforms.tables import kept_rows


def names(text: str, raw: str | None = None) -> list[str]:
    frame = pl.DataFrame({"text": [text], "text_raw": [raw if raw is not None else text]})
    return frame.select(m=method_names(pl.col("text"), pl.col("text_raw")))["m"].to_list()[0]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Instead, we present MoE-X, a mixture-of-experts (MoE) language model.", ["MoE-X"]),
        ("We introduce Graph Inverse Style Transfer (GIST), the first framework.", ["GIST"]),
        ("To address these issues, we propose the ELITE benchmark, a safety evaluation.", ["ELITE"]),
        ("We introduce a federated framework with privacy guarantees, named FedCEO, designed to trade off.", ["FedCEO"]),
        ("We introduce a family of algorithms called SPLIT (SParse Lookahead) that moves us forward.", ["SPLIT"]),
        ("We propose an approach that combines FEAT and TabNet via distillation (KD), which we term FEAT-KD.", ["FEAT-KD"]),
        ("In this work, we present Situated-PRInciples (SPRI), a framework.", ["SPRI"]),
        ("We propose Mixture-Aware Policy Optimization (MAPO), which infers a latent identity.", ["MAPO"]),
        ("We present FlowNet-Based Reasoning with Adaptive Schedules (FBR), a method.", ["FBR"]),
        ("We present DeepSeek-R1 and show that it works (RL).", ["DeepSeek-R1"]),
        ("Our method, S4Cast, combines structured state space layers with a learned decomposition.", ["S4Cast"]),
        ("The proposed framework GraphCast-T combines spatial message passing.", ["GraphCast-T"]),
        ("Our novel approach, which we call RetroFix, verifies claims.", ["RetroFix"]),
        ("Compared with our model, GPT-4 fails on long inputs.", []),
        ("We fine-tune LLMs with RL and evaluate CLIP on MMLU.", []),
        ("We propose LLM-based scoring for GPT-4 outputs.", []),
        ("Prior work called BERT a breakthrough. The FooNet baseline is strong.", []),
    ],
)
def test_introduced_names(text: str, expected: list[str]) -> None:
    assert names(text) == expected


def test_at_most_160_characters_before_an_acronym() -> None:
    def gap(length: int) -> str:
        return "b" * (length - 1) + " "

    assert names(f"We propose {gap(160)}(ABCNet) here.") == ["ABCNet"]
    assert names(f"We propose {gap(161)}(ABCNet) here.") == []
    assert names(f"We propose {gap(170)}(FooNet), and we present BarNet.") == ["BarNet"]
    assert names(f"We propose {gap(170)}the FooSet dataset, we propose {gap(10)}the BarSet benchmark.") == ["BarSet"]


def test_bold_names_in_the_raw_block() -> None:
    raw = r"We study sparse models and show that **SparseX** wins; \textbf{DenseY} loses."
    assert names("We study sparse models and show that SparseX wins; DenseY loses.", raw) == ["SparseX", "DenseY"]


def test_record_methods_come_from_the_kept_occurrence() -> None:
    occurrences = pl.DataFrame(
        {
            "record_id": ["r", "r"],
            "status": ["kept", "duplicate"],
            "text": ["We propose BDetCLIP, a detector.", "We propose OtherNet, a detector."],
            "text_raw": ["We propose BDetCLIP, a detector.", "We propose OtherNet, a detector."],
            "source_id": ["s", "s"], "ordinal": [1, 2], "venue": [None, None], "year": [None, None], "collection": [None, None],
        }
    )
    assert kept_rows(occurrences).select("record_id", "methods").rows() == [("r", ["BDetCLIP"])]


def test_the_seed_names() -> None:
    expected = {"MoE-X", "GIST", "ELITE", "C-TRPO", "FedCEO", "AMUN", "BDetCLIP", "TGU", "FPO", "SoftShape", "SPLIT", "FEAT-KD"}
    found = set(seed_methods()["names"])
    assert expected <= found
    assert not found & {"LLM", "LLMs", "MoE", "RL", "CLIP"}
