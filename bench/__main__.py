"""``python -m bench [--sizes 10k,100k,1m]``: dedup quality curve, full runs, stage timings, incremental runs.

For each size: generate the corpus (cached under bench/corpora/), run ``paperlake run`` on it
as a subprocess (records/s, MB/s, peak RSS of the process tree, dedup P/R against the ground
truth), add 2,000 records and run again on the same warehouse (three times, each on a copy of it:
the median is the incremental cost), then
time every stage in-process (where the time goes), the dedup stage alone and its
precision/recall curve over the thresholds. Results: bench/results/<size>.json and
bench/results/fixture.json (the labeled fixture's curve, with hard negatives).
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from functools import cache, partial
from pathlib import Path

import polars as pl

import paperlake  # noqa: F401  (offline defaults)
from bench import corpus
from bench.measure import Peak, machine, pairs_curve, pairwise, threshold_curve
from paperlake import sources
from paperlake.config import Config
from paperlake.store import Warehouse, now_utc
from paperlake.taxonomy import load_taxonomy
from paperlake.validate import EXPECTATIONS_DIR, suite_variables, validate_tables
from transforms import dedup, normalize, quality, schema, split, tables, tags, urls

HERE = Path(__file__).resolve().parent
THRESHOLDS = [0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7, 0.8, 0.9]
INCREMENT = 2_000
# The +INCREMENT run is timed this many times, each on a copy of the same warehouse: this VM's speed drifts by a
# quarter between runs minutes apart, and the median of a few says more than one.
INCREMENT_REPEATS = 3


MAX_RSS_GB = 20.0  # a run whose process tree goes over this is stopped and reported (the machine has 24 GB)


@cache
def _prefect_home() -> str:
    """One Prefect home for every CLI run of a bench, as a user has (unless PREFECT_HOME is set): a
    new one per run would make each run create and migrate Prefect's database (~10 s)."""
    return os.environ.get("PREFECT_HOME") or tempfile.mkdtemp(prefix="bench-prefect-")


def _paperlake(*args: str, max_rss_gb: float = MAX_RSS_GB) -> tuple[float, int, str]:
    """Run the CLI; wall seconds, peak RSS of its process tree, output."""
    env = {**os.environ, "PREFECT_HOME": _prefect_home()}
    process = subprocess.Popen([str(Path(sys.executable).parent / "paperlake"), *args], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
    with Peak(process.pid, limit=int(max_rss_gb * 2**30)).sampling() as peak:
        output, _ = process.communicate()
    if peak.exceeded:
        raise MemoryError(f"paperlake {' '.join(args)} went over {max_rss_gb} GB of RSS after {peak.seconds:.0f} s and was stopped")
    if process.returncode != 0:
        raise RuntimeError(f"paperlake {' '.join(args)} failed:\n{output[-3000:]}")
    return peak.seconds, peak.rss, output


def _truth_scores(warehouse: Path, truth: pl.DataFrame) -> dict[str, float]:
    occurrences = Warehouse(warehouse).scan("occurrences").select("path", "ordinal", "record_id").collect()
    scored = occurrences.join(truth, on=["path", "ordinal"]).filter(pl.col("record_id").is_not_null() & (pl.col("cluster") >= 0))
    return pairwise(scored)


def full_runs(size: str, source: Path, work: Path, max_rss_gb: float = MAX_RSS_GB, repeats: int = INCREMENT_REPEATS) -> dict[str, object]:
    """The full run, a no-op rerun and a run that adds ``INCREMENT`` records (the median of ``repeats``, each on
    a copy of the warehouse the no-op rerun left), through the CLI."""
    warehouse = work / "warehouse"
    cli = partial(_paperlake, max_rss_gb=max_rss_gb)
    shutil.rmtree(warehouse, ignore_errors=True)
    n_blocks = pl.read_parquet(source / "truth.parquet").height
    megabytes = sum(f.stat().st_size for f in source.glob("*.txt")) / 1e6
    inputs = work / "input"  # the corpus, linked: the increment is added to the same folder, as a user would
    shutil.rmtree(inputs, ignore_errors=True)
    inputs.mkdir(parents=True)
    for f in source.glob("*.txt"):
        (inputs / f.name).symlink_to(f.resolve())
    seconds, rss, output = cli("run", "--input", str(inputs), "--warehouse", str(warehouse))
    full = {"seconds": round(seconds, 1), "records_per_s": round(n_blocks / seconds), "mb_per_s": round(megabytes / seconds, 2), "peak_rss_gb": round(rss / 2**30, 2), "summary": output.strip().splitlines()[-12:]}
    full["dedup"] = _truth_scores(warehouse, pl.read_parquet(source / "truth.parquet"))
    noop_seconds, _, _ = cli("run", "--input", str(inputs), "--warehouse", str(warehouse))

    corpus.extra_records(INCREMENT, source, inputs)
    before = work / "warehouse-before-increment"
    shutil.rmtree(before, ignore_errors=True)
    shutil.copytree(warehouse, before)
    timed = []
    for repeat in range(repeats):
        if repeat:
            shutil.rmtree(warehouse)
            shutil.copytree(before, warehouse)
        os.sync()  # the copy's writes are not left to the timed run
        timed.append(cli("run", "--input", str(inputs), "--warehouse", str(warehouse)))
    shutil.rmtree(before)
    inc_seconds, inc_rss, inc_output = sorted(timed, key=lambda run: run[0])[len(timed) // 2]  # the median run
    incremental = {
        "records_added_to_input": INCREMENT,
        "seconds": round(inc_seconds, 1),
        "seconds_each": [round(run[0], 1) for run in timed],
        "peak_rss_gb": round(max(run[1] for run in timed) / 2**30, 2),
        "share_of_full_run": round(inc_seconds / seconds, 4),
        "noop_rerun_seconds": round(noop_seconds, 1),
        "share_of_full_run_beyond_noop": round((inc_seconds - noop_seconds) / seconds, 4),
        "summary": inc_output.strip().splitlines()[-12:],
    }
    shutil.rmtree(warehouse, ignore_errors=True)
    return {"corpus_mb": round(megabytes, 1), "blocks": n_blocks, "full_run": full, "incremental_run": incremental}


def stages(source: Path) -> tuple[dict[str, float], pl.DataFrame, dict[str, object]]:
    """Every stage of the flow in-process (no Prefect), seconds each; the classified blocks; the dedup stage alone."""
    config, taxonomy, timings = Config(), load_taxonomy(None), {}

    def timed(name: str, fn, *args):  # noqa: ANN001, ANN202
        started = time.perf_counter()
        out = fn(*args)
        timings[name] = round(time.perf_counter() - started, 2)
        return out

    read = timed("read", sources.read_sources, sources.discover(source), source, config.read)
    parsed = timed("split_header", split.split_header, read)
    blocks = timed("split_blocks", split.split_blocks, parsed)
    blocks = timed("normalize", normalize.normalize_column, blocks)
    blocks = timed("quality", quality.classify_blocks, blocks, parsed, config.quality)
    with Peak().sampling() as peak:
        keyed = timed("dedup_keys", dedup.with_keys, blocks)
        result = timed("dedup_match_and_mark", dedup.deduplicate, keyed, schema.empty(schema.OCCURRENCES), config.dedup)
    occurrences = result.occurrences
    url_table = timed("urls", urls.record_urls, occurrences)
    kept = occurrences.filter(pl.col("status") == "kept").select("record_id", "text")
    tag_table = timed("tags", tags.tag_records, kept, url_table, taxonomy)
    kept_rows = timed("methods", tables.kept_rows, occurrences)
    named = timed("titles", tables.title_candidates, occurrences)
    extras = tables.record_extras(tables.occurrence_counts(occurrences), tag_table, url_table)
    records = timed("records_table", tables.records_table, kept_rows, extras, tables.listing_candidates(occurrences), named)
    table_set = {
        "sources": tables.sources_table(parsed, keyed, now_utc()), "occurrences": occurrences, "records": records, "tags": tag_table,
        "urls": url_table, "record_merges": result.matches.merges, "merge_edges": result.matches.edges,
        "run_stats": tables.run_stats(occurrences, blocks),
    }
    timed("validate", validate_tables, table_set, EXPECTATIONS_DIR, suite_variables(taxonomy.tags, config.quality))
    seconds = timings["dedup_keys"] + timings["dedup_match_and_mark"]
    alone = {"seconds": round(seconds, 2), "records_per_s": round(blocks.height / seconds), "peak_rss_gb_process": round(peak.rss / 2**30, 2)}
    return timings, keyed.join(occurrences.select("path", "ordinal", "record_id"), on=["path", "ordinal"]), alone


def fixture_curve(params: dedup.DedupParams) -> dict[str, object]:
    """The threshold curve on the labeled fixture corpus (412 blocks, 24 hard-negative pairs)."""
    fixture = corpus.FIXTURE
    read = sources.read_sources(sources.discover(fixture / "corpus"), fixture / "corpus")
    blocks = normalize.normalize_column(split.split_blocks(split.split_header(read)))
    blocks = blocks.with_columns(dedup_key=dedup.key_hash(dedup.dedup_key(pl.col("text"))))
    labels = pl.read_csv(fixture / "labels.csv").rename({"file": "path"}).with_columns(pl.col("ordinal").cast(pl.Int32))
    with (fixture / "hard_negatives.csv").open(encoding="utf-8") as handle:
        hard = {tuple(sorted((r["cluster_a"], r["cluster_b"]))) for r in csv.DictReader(handle)}
    return threshold_curve(blocks.join(labels, on=["path", "ordinal"]), params, THRESHOLDS, hard)


def fixture_pairs(params: dedup.DedupParams) -> dict[str, object]:
    """The spread curve on the labeled version and different-paper pairs (``tests/fixtures/dedup/pairs.jsonl``)."""
    pairs = pl.read_ndjson(corpus.FIXTURE / "pairs.jsonl")
    normalized = [normalize.normalize_column(pairs.select(text_raw=side))["text"].alias(side) for side in ("a", "b")]
    report = pairs_curve(pairs.select("same").with_columns(normalized), params)
    print(
        f"\nfixture pairs: {report['same']} same-paper, {report['different']} different-paper pairs; the LSH finds {report['lsh_found_same']}"
        f" same-paper pairs, the LSH and shared passages {report['candidates_found_same']}"
    )
    print(f"  {'spread':>8} {'same':>6} {'different':>10} {'same after LSH':>15} {'same / different after candidates':>34}")
    for point in report["over_spread"]:
        after = f"{point['same_merged_after_candidates']} / {point['different_merged_after_candidates']}"
        print(f"  {point['spread']:>8} {point['same_merged']:>6} {point['different_merged']:>10} {point['same_merged_after_lsh']:>15} {after:>34}")
    return report


def _print_curve(title: str, curve: dict[str, object]) -> None:
    print(f"\n{title} ({curve['candidates']} candidate pairs)")
    print(f"  {'jaccard':>8} {'contain':>8} {'spread':>8} {'precision':>10} {'recall':>8} {'f1':>8}" + ("  hard-neg" if "hard_negatives_merged" in curve["over_jaccard"][0] else ""))
    for point in curve["over_jaccard"] + curve["over_containment"] + curve["over_spread"]:
        extra = f"  {point['hard_negatives_merged']:>8}" if "hard_negatives_merged" in point else ""
        print(f"  {point['jaccard']:>8} {point['containment']:>8} {point['spread']:>8} {point['precision']:>10} {point['recall']:>8} {point['f1']:>8}{extra}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="10k,100k", help="comma-separated: " + ", ".join(corpus.SIZES))
    parser.add_argument("--seed", type=int, default=20250)
    parser.add_argument("--skip-runs", action="store_true", help="only the in-process stages and curves (no CLI runs)")
    parser.add_argument("--skip-stages", action="store_true", help="only the CLI runs (no in-process stage timings and curves)")
    parser.add_argument("--increment-repeats", type=int, default=INCREMENT_REPEATS, help="times the +2,000 run is timed (the median counts)")
    parser.add_argument("--max-rss-gb", type=float, default=MAX_RSS_GB, help="stop a CLI run whose process tree goes over this")
    parser.add_argument("--out", type=Path, default=HERE / "results", help="where the JSON results go")
    parser.add_argument("--corpora", type=Path, default=HERE / "corpora", help="where corpora are generated (and kept)")
    args = parser.parse_args(argv)
    results, corpora = args.out, args.corpora
    results.mkdir(parents=True, exist_ok=True)
    params = Config().dedup
    env = machine()
    curve = fixture_curve(params)
    _print_curve("fixture corpus: pairwise precision/recall over the thresholds", curve)
    pairs = fixture_pairs(params)
    (results / "fixture.json").write_text(json.dumps({"machine": env, "params": params.__dict__, "curve": curve, "pairs": pairs}, indent=2) + "\n")

    for size in [s.strip().lower() for s in args.sizes.split(",") if s.strip()]:
        print(f"\n== {size}: generating corpus", flush=True)
        source = corpus.generate(size, corpora, args.seed)
        report: dict[str, object] = {"size": size, "seed": args.seed, "machine": env, "params": params.__dict__, "measured_at": time.strftime("%Y-%m-%dT%H:%M:%S%z")}
        if not args.skip_runs:
            print(f"== {size}: paperlake run (full, no-op, +{INCREMENT} records)", flush=True)
            try:
                report.update(full_runs(size, source, corpora / f"{size}.work", args.max_rss_gb, args.increment_repeats))
            except MemoryError as err:
                report["full_run"] = {"aborted": str(err)}
                print(f"== {size}: {err}", flush=True)
        if not args.skip_stages:
            print(f"== {size}: stages in-process", flush=True)
            timings, assigned, alone = stages(source)
            truth = pl.read_parquet(source / "truth.parquet")
            scored = assigned.join(truth, on=["path", "ordinal"]).filter(pl.col("record_id").is_not_null() & (pl.col("cluster") >= 0))
            report["stages_seconds"] = timings
            report["dedup_stage"] = {**alone, **pairwise(scored)}
            report["curve"] = threshold_curve(scored, params, THRESHOLDS)
            _print_curve(f"{size}: pairwise precision/recall over the thresholds", report["curve"])
        print(json.dumps({k: v for k, v in report.items() if k not in ("curve", "machine")}, indent=2))
        (results / f"{size}.json").write_text(json.dumps(report, indent=2, default=str) + "\n")

if __name__ == "__main__":
    main()
