"""Measuring helpers: peak RSS of a process tree, the machine, pairwise precision/recall, the threshold curve."""

from __future__ import annotations

import os
import platform
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace

import numpy as np
import polars as pl
import psutil
from scipy.sparse import coo_matrix
from scipy.sparse.csgraph import connected_components

from transforms import dedup, minhash


@dataclass
class Peak:
    """Peak resident memory (bytes) of a process and its children while sampled."""

    pid: int = field(default_factory=os.getpid)
    rss: int = 0
    seconds: float = 0.0
    limit: int | None = None  # bytes: kill the process tree when it goes over (a run the machine cannot hold)
    exceeded: bool = False

    @contextmanager
    def sampling(self, every: float = 0.05) -> Iterator[Peak]:
        stop = threading.Event()

        def sample() -> None:
            while not stop.is_set():
                try:
                    root = psutil.Process(self.pid)
                    tree = [root, *root.children(recursive=True)]
                    total = sum(p.memory_info().rss for p in tree)
                    self.rss = max(self.rss, total)
                    if self.limit is not None and total > self.limit and self.pid != os.getpid():
                        self.exceeded = True
                        for process in reversed(tree):
                            process.kill()
                except psutil.Error:
                    pass
                stop.wait(every)

        thread = threading.Thread(target=sample, daemon=True)
        started = time.perf_counter()
        thread.start()
        try:
            yield self
        finally:
            stop.set()
            thread.join()
            self.seconds = time.perf_counter() - started


def machine() -> dict[str, object]:
    """What the numbers were measured on."""
    cpu = next((line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo", encoding="utf-8") if line.startswith("model name")), platform.processor())
    return {
        "cpu": cpu,
        "cores": os.cpu_count(),
        "memory_gb": round(psutil.virtual_memory().total / 2**30, 1),
        "python": platform.python_version(),
        "polars": pl.__version__,
        "numpy": np.__version__,
        "os": platform.platform(),
    }


def pairwise(assigned: pl.DataFrame, predicted: str = "record_id", truth: str = "cluster") -> dict[str, float]:
    """Pairwise precision, recall and F1 of a partition against ground-truth clusters (from contingency counts)."""

    def pairs(frame: pl.DataFrame) -> float:
        return float(frame.select((pl.col("len") * (pl.col("len") - 1) / 2).sum()).item() or 0.0)

    both = pairs(assigned.group_by(predicted, truth).len())
    found, true = pairs(assigned.group_by(predicted).len()), pairs(assigned.group_by(truth).len())
    precision = both / found if found else 1.0
    recall = both / true if true else 1.0
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return {"precision": round(precision, 5), "recall": round(recall, 5), "f1": round(f1, 5)}


SPREADS = [0.0, 0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.4, 1.01]  # 1.01: borderline pairs pass only on a shared method name


def threshold_curve(
    blocks: pl.DataFrame, params: dedup.DedupParams, thresholds: list[float], hard_negatives: set[tuple[str, str]] | None = None
) -> dict[str, object]:
    """Pairwise P/R/F1 over the Jaccard threshold, the containment threshold and the borderline spread (the others as configured).

    ``blocks``: accepted blocks with ``dedup_key``, ``text`` and ``cluster``. Candidates come
    from the configured LSH and shared passages; each point applies ``dedup.passes`` to their exact similarities
    and borderline evidence. With ``hard_negatives`` (pairs of clusters), each point also
    counts those merged.
    """
    keys = dedup.with_folded(blocks.unique("dedup_key").sort("dedup_key"))
    shingled = minhash.shingle_hashes(keys["folded"], params.lsh)
    pairs = dedup.candidate_pairs(_signed(keys["folded"], params), params)
    shingles = minhash.shingle_table(shingled, pl.concat([pairs["a"], pairs["b"]]))
    sims = minhash.pair_similarity(pairs, shingles)
    copies = blocks.group_by("dedup_key").agg(texts=pl.col("text").unique().sort())
    texts = keys.select("dedup_key").join(copies, on="dedup_key", how="left", maintain_order="left")["texts"]
    band = (pl.col("jaccard") >= params.borderline_jaccard) | (pl.col("containment") >= params.borderline_containment)  # borderline at some point of the curve
    weighed = pl.concat(
        [
            dedup.without_evidence(sims.filter(~band)),
            dedup.borderline_evidence(sims.filter(band), dedup.Candidates(keys=keys["dedup_key"], shingled=shingled, texts=texts)),
        ]
    )
    index = keys.select("dedup_key", row=pl.int_range(pl.len(), dtype=pl.UInt32))
    labelled = blocks.join(index, on="dedup_key").select("row", "cluster")
    candidates = dedup.Candidates(keys=keys["dedup_key"], shingled=shingled, texts=texts)

    def point(**changes: float) -> dict[str, float]:
        setting = replace(params, **changes)
        edges = _placed_edges(weighed.filter(dedup.passes(setting)), candidates, setting)
        graph = coo_matrix((np.ones(edges.height, np.int8), (edges["a"].to_numpy(), edges["b"].to_numpy())), shape=(keys.height, keys.height))
        _, component = connected_components(graph, directed=False)
        scored = labelled.with_columns(record=component[labelled["row"].to_numpy()])
        values = {"jaccard": params.jaccard, "containment": params.containment, "spread": params.spread, **changes}
        out = {**values, **pairwise(scored, "record")}
        if hard_negatives is not None:
            together = scored.group_by("record").agg(pl.col("cluster").unique().sort()).filter(pl.col("cluster").list.len() > 1)
            merged = {tuple(sorted((a, b))) for members in together["cluster"].to_list() for a in members for b in members if a < b}
            out["hard_negatives_merged"] = len(merged & hard_negatives)
        return out

    return {
        "candidates": sims.height,
        "over_jaccard": [point(jaccard=t) for t in thresholds],
        "over_containment": [point(containment=t) for t in thresholds + [1.01]],
        "over_spread": [point(spread=t) for t in SPREADS],
    }


def _placed_edges(edges: pl.DataFrame, candidates: dedup.Candidates, params: dedup.DedupParams) -> pl.DataFrame:
    """The confirmed ``edges`` (rows of ``candidates``) without those of glued and ambiguous keys, which a run rejects."""
    placed = candidates.keys.to_frame("dedup_key").with_columns(record_id=pl.lit(None, pl.String))
    unplaced = candidates.keys.is_in(dedup.unplaced_keys(edges, candidates, placed, candidates.keys.len(), None, params)["dedup_key"].implode())
    return edges.filter(~unplaced.gather(edges["a"]) & ~unplaced.gather(edges["b"]))


def _signed(folded: pl.Series, params: dedup.DedupParams) -> pl.DataFrame:
    """``row``, ``bands`` and ``passages`` of shingle keys, as ``dedup.candidate_pairs`` reads them."""
    return dedup.key_signatures(folded, params).with_row_index("row").with_columns(pl.col("row").cast(pl.UInt32))


def pairs_curve(pairs: pl.DataFrame, params: dedup.DedupParams) -> dict[str, object]:
    """Labeled pairs (``a``, ``b`` normalized texts, ``same``): how many the candidate stage finds (LSH alone, and with
    shared passages), and how many pass over the spread, judged directly and through the candidate stage.

    Each pair is judged on its own, as ``dedup.confirm`` judges a candidate pair.
    """
    texts = pl.concat([pairs["a"], pairs["b"]])
    folded = texts.to_frame("text").select(dedup.shingle_key(pl.col("text"))).to_series()
    shingled = minhash.shingle_hashes(folded, params.lsh)
    n = pairs.height
    numbered = pl.DataFrame({"a": np.arange(n, dtype=np.uint32), "b": np.arange(n, 2 * n, dtype=np.uint32)})
    sims = minhash.pair_similarity(numbered, minhash.shingle_table(shingled, pl.Series(np.arange(2 * n, dtype=np.uint32))))
    candidates = dedup.Candidates(keys=texts, shingled=shingled, texts=texts.to_frame("text").select(pl.concat_list("text")).to_series())  # one copy each
    weighed = dedup.borderline_evidence(sims, candidates).with_columns(same=pairs["same"])
    signed = _signed(folded, params)
    lsh = weighed.join(minhash.candidate_pairs(signed.select("row", "bands")), on=["a", "b"], how="semi")
    found = weighed.join(dedup.candidate_pairs(signed, params), on=["a", "b"], how="semi")

    def point(spread: float) -> dict[str, object]:
        rule = dedup.passes(replace(params, spread=spread))
        return {
            "spread": spread,
            "same_merged": weighed.filter(rule & pl.col("same")).height,
            "different_merged": weighed.filter(rule & ~pl.col("same")).height,
            "same_merged_after_lsh": lsh.filter(rule & pl.col("same")).height,
            "same_merged_after_candidates": found.filter(rule & pl.col("same")).height,
            "different_merged_after_candidates": found.filter(rule & ~pl.col("same")).height,
        }

    return {
        "same": int(pairs["same"].sum()),
        "different": int((~pairs["same"]).sum()),
        "lsh_found_same": int(lsh["same"].sum()),
        "candidates_found_same": int(found["same"].sum()),
        "over_spread": [point(s) for s in SPREADS],
    }
