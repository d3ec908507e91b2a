"""``python -m bench`` end to end on the smallest corpus, so the benchmark cannot rot between measurements."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def test_bench_runs_end_to_end_on_1k(tmp_path: Path, prefect_home: Path) -> None:
    out = tmp_path / "results"
    done = subprocess.run(
        [sys.executable, "-m", "bench", "--sizes", "1k", "--increment-repeats", "2", "--out", str(out), "--corpora", str(tmp_path / "corpora")],
        cwd=REPO, capture_output=True, text=True, timeout=900, env={**os.environ, "PREFECT_HOME": str(prefect_home)},
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    report = json.loads((out / "1k.json").read_text())
    assert report["blocks"] == 1_000
    assert report["full_run"]["records_per_s"] > 0 and report["full_run"]["peak_rss_gb"] > 0
    assert report["full_run"]["dedup"]["precision"] >= 0.99 and report["full_run"]["dedup"]["recall"] >= 0.9
    assert report["incremental_run"]["seconds"] > 0
    assert sorted(report["incremental_run"]["seconds_each"])[1] == report["incremental_run"]["seconds"]  # the median (upper, of two)
    assert set(report["stages_seconds"]) >= {"read", "normalize", "quality", "dedup_keys", "urls", "tags", "methods", "validate"}
    assert report["dedup_stage"]["f1"] >= 0.9
    fixture = json.loads((out / "fixture.json").read_text())
    assert all(point["hard_negatives_merged"] == 0 for point in fixture["curve"]["over_jaccard"] if point["jaccard"] >= 0.5)
