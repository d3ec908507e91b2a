"""URL and tag quality on the labeled fixtures, and method names found on the seed files.

URLs: exact-match F1 on normalized URLs (a set per snippet) for paperlake and for urlextract;
urlextract's finds go through paperlake's ``normalize_url`` so that only extraction is compared.
Tags: per-tag and micro precision/recall/F1 of the text rules on the hand-labeled abstracts
(``topic/*`` and ``type/*``; ``artifact/*`` come from URLs).

``python -m bench.urls_tags`` prints the tables and writes ``bench/results/urls_tags.json``.
"""

from __future__ import annotations

import json
import time
from collections import Counter
from pathlib import Path

import polars as pl

from paperlake.sources import discover, read_sources
from paperlake.taxonomy import load_taxonomy
from transforms import split
from transforms.methods import method_names
from transforms.normalize import normalize_text
from transforms.tags import text_tags
from transforms.urls import extract_urls, normalize_url

ROOT = Path(__file__).resolve().parent.parent
URL_FIXTURE = ROOT / "tests" / "fixtures" / "urls" / "labeled.jsonl"
TAG_FIXTURE = ROOT / "tests" / "fixtures" / "tags" / "labeled.jsonl"
SEEDS = ROOT / "data" / "raw"
RESULTS = Path(__file__).resolve().parent / "results" / "urls_tags.json"


def _load(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def prf(tp: int, fp: int, fn: int) -> dict[str, float]:
    """Precision, recall and F1 (0.0 when undefined) with the counts."""
    precision = tp / (tp + fp) if tp + fp else 0.0
    recall = tp / (tp + fn) if tp + fn else 0.0
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return {"precision": round(precision, 4), "recall": round(recall, 4), "f1": round(f1, 4), "tp": tp, "fp": fp, "fn": fn}


def _set_scores(predicted: dict[str, set[str]], expected: dict[str, set[str]]) -> dict[str, float]:
    tp = fp = fn = 0
    for key, gold in expected.items():
        got = predicted.get(key, set())
        tp, fp, fn = tp + len(got & gold), fp + len(got - gold), fn + len(gold - got)
    return prf(tp, fp, fn)


def paperlake_urls(rows: list[dict]) -> pl.DataFrame:
    """paperlake's URL rows for fixture snippets (``record_id`` is the snippet id)."""
    frame = pl.DataFrame({"record_id": [r["id"] for r in rows], "source_id": "fixture", "path": "fixture", "ordinal": 1, "text_raw": [r["text"] for r in rows]})
    return extract_urls(frame)


def urlextract_urls(rows: list[dict]) -> dict[str, set[str]]:
    """urlextract's finds per snippet, normalized by paperlake (unusable ones dropped)."""
    from urlextract import URLExtract

    extractor = URLExtract()
    found = {}
    for row in rows:
        urls = (normalize_url(u) for u in extractor.find_urls(row["text"], only_unique=False))
        found[row["id"]] = {u for u in urls if u}
    return found


def url_quality() -> dict:
    """URL F1 for paperlake and urlextract, and paperlake's kind/repo accuracy on matched URLs."""
    rows = _load(URL_FIXTURE)
    expected = {r["id"]: {u["url"] for u in r["urls"]} for r in rows}
    started = time.perf_counter()
    ours = paperlake_urls(rows)
    ours_seconds = time.perf_counter() - started
    started = time.perf_counter()
    theirs = urlextract_urls(rows)
    theirs_seconds = time.perf_counter() - started
    ours_sets = {rid: set(group["url"].to_list()) for (rid,), group in ours.group_by("record_id")}
    labels = {(r["id"], u["url"]): (u["kind"], u["repo"]) for r in rows for u in r["urls"]}
    matched = [(row["kind"], row["repo"]) == labels[(row["record_id"], row["url"])] for row in ours.iter_rows(named=True) if (row["record_id"], row["url"]) in labels]
    return {
        "snippets": len(rows),
        "expected_urls": sum(len(v) for v in expected.values()),
        "paperlake": {**_set_scores(ours_sets, expected), "seconds": round(ours_seconds, 3)},
        "urlextract": {**_set_scores(theirs, expected), "seconds": round(theirs_seconds, 3)},
        "kind_repo_accuracy": round(sum(matched) / len(matched), 4) if matched else 0.0,
    }


def predicted_tags(rows: list[dict]) -> dict[str, set[str]]:
    """Text-rule tags per labeled abstract, matched on the normalized text as in the flow."""
    frame = pl.DataFrame({"record_id": [r["id"] for r in rows], "text_raw": [r["text"] for r in rows]})
    tags = text_tags(frame.with_columns(text=normalize_text(pl.col("text_raw"))), load_taxonomy())
    predicted: dict[str, set[str]] = {r["id"]: set() for r in rows}
    for record_id, tag in tags.select("record_id", "tag").iter_rows():
        predicted[record_id].add(tag)
    return predicted


def tag_quality() -> dict:
    """Micro and per-tag precision/recall/F1 on all labeled abstracts and on the seed subset."""
    rows = _load(TAG_FIXTURE)
    predicted = predicted_tags(rows)
    labeled_tags = [t for t in load_taxonomy().tags if not t.startswith("artifact/")]
    out: dict = {"abstracts": len(rows)}
    for subset, keep in (("all", lambda r: True), ("seeds", lambda r: r["id"].startswith("seed-"))):
        counts = {tag: Counter() for tag in labeled_tags}
        for row in filter(keep, rows):
            gold, got = set(row["tags"]), predicted[row["id"]] & set(labeled_tags)
            for tag in labeled_tags:
                counts[tag]["tp"] += tag in gold and tag in got
                counts[tag]["fp"] += tag not in gold and tag in got
                counts[tag]["fn"] += tag in gold and tag not in got
        total = sum(counts.values(), Counter())
        out[subset] = {"micro": prf(total["tp"], total["fp"], total["fn"]), "per_tag": {t: prf(c["tp"], c["fp"], c["fn"]) for t, c in counts.items()}}
    return out


def seed_methods() -> dict:
    """Method names found in the kept text of the seed abstracts (no dedup: the seeds are distinct)."""
    read = read_sources(discover(SEEDS), SEEDS)
    blocks = split.split_blocks(split.split_header(read))
    found = blocks.with_columns(text=normalize_text(pl.col("text_raw"))).select(methods=method_names(pl.col("text"), pl.col("text_raw")))
    names = sorted({name for names in found["methods"].to_list() for name in names})
    return {"abstracts": blocks.height, "with_methods": int((found["methods"].list.len() > 0).sum()), "names": names}


def run() -> dict:
    """All results of this benchmark as one JSON-ready dict."""
    return {"urls": url_quality(), "tags": tag_quality(), "methods": seed_methods()}


def _print(results: dict) -> None:
    urls = results["urls"]
    print(f"URLs: {urls['snippets']} snippets, {urls['expected_urls']} labeled URLs (exact match on the normalized URL)")
    print(f"{'extractor':<12}{'precision':>10}{'recall':>8}{'F1':>8}{'tp':>5}{'fp':>5}{'fn':>5}{'seconds':>9}")
    for name in ("paperlake", "urlextract"):
        s = urls[name]
        print(f"{name:<12}{s['precision']:>10.3f}{s['recall']:>8.3f}{s['f1']:>8.3f}{s['tp']:>5}{s['fp']:>5}{s['fn']:>5}{s['seconds']:>9.3f}")
    print(f"paperlake kind+repo accuracy on matched URLs: {urls['kind_repo_accuracy']:.3f}\n")
    tags = results["tags"]
    print(f"Tags: {tags['abstracts']} labeled abstracts")
    print(f"{'tag':<32}{'P':>7}{'R':>7}{'F1':>7}{'tp':>5}{'fp':>5}{'fn':>5}{'seeds P':>9}{'seeds R':>9}")
    for tag, s in tags["all"]["per_tag"].items():
        seed = tags["seeds"]["per_tag"][tag]
        print(f"{tag:<32}{s['precision']:>7.2f}{s['recall']:>7.2f}{s['f1']:>7.2f}{s['tp']:>5}{s['fp']:>5}{s['fn']:>5}{seed['precision']:>9.2f}{seed['recall']:>9.2f}")
    for subset in ("all", "seeds"):
        m = tags[subset]["micro"]
        print(f"{'micro (' + subset + ')':<32}{m['precision']:>7.3f}{m['recall']:>7.3f}{m['f1']:>7.3f}{m['tp']:>5}{m['fp']:>5}{m['fn']:>5}")
    methods = results["methods"]
    print(f"\nMethods: {methods['with_methods']}/{methods['abstracts']} seed abstracts name one: {', '.join(methods['names'])}")


if __name__ == "__main__":
    results = run()
    _print(results)
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps(results, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"\nwrote {RESULTS.relative_to(ROOT)}")
