"""Measuring helpers: peak RSS of a process tree, the machine, pairwise precision/recall, the threshold curve."""

from __future__ import annotations

import os
import platform
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

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


def threshold_curve(
    blocks: pl.DataFrame, params: dedup.DedupParams, thresholds: list[float], hard_negatives: set[tuple[str, str]] | None = None
) -> dict[str, object]:
    """Pairwise P/R/F1 over the Jaccard threshold (containment as configured) and over the containment threshold.

    ``blocks``: accepted blocks with ``dedup_key``, ``text`` and ``cluster``. Candidates come
    from the configured LSH; each threshold is applied to their exact similarities. With
    ``hard_negatives`` (pairs of clusters), each point also counts those merged.
    """
    keys = dedup.with_folded(blocks.unique("dedup_key").sort("dedup_key"))
    shingled = minhash.shingle_hashes(keys["folded"], params.lsh)
    pairs = minhash.candidate_pairs(minhash.band_table(shingled, params.lsh))
    shingles = minhash.shingle_table(shingled, pl.concat([pairs["a"], pairs["b"]]))
    sims = minhash.pair_similarity(pairs, shingles)
    index = keys.select("dedup_key", row=pl.int_range(pl.len(), dtype=pl.UInt32))
    labelled = blocks.join(index, on="dedup_key").select("row", "cluster")

    def point(jaccard: float, containment: float) -> dict[str, float]:
        edges = sims.filter((pl.col("jaccard") >= jaccard) | (pl.col("containment") >= containment))
        graph = coo_matrix((np.ones(edges.height, np.int8), (edges["a"].to_numpy(), edges["b"].to_numpy())), shape=(keys.height, keys.height))
        _, component = connected_components(graph, directed=False)
        scored = labelled.with_columns(record=component[labelled["row"].to_numpy()])
        out = {"jaccard": jaccard, "containment": containment, **pairwise(scored, "record")}
        if hard_negatives is not None:
            together = scored.group_by("record").agg(pl.col("cluster").unique().sort()).filter(pl.col("cluster").list.len() > 1)
            merged = {tuple(sorted((a, b))) for members in together["cluster"].to_list() for a in members for b in members if a < b}
            out["hard_negatives_merged"] = len(merged & hard_negatives)
        return out

    return {
        "candidates": sims.height,
        "over_jaccard": [point(t, params.containment) for t in thresholds],
        "over_containment": [point(params.jaccard, t) for t in thresholds + [1.01]],
    }
