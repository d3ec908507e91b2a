"""Deduplication: the dedup key, near-duplicate matching, records, the kept occurrence.

Key scheme ``k1``: normalized text, lower-cased, hyphens joined, every run of characters
that are not letters (punctuation, digits, symbols, whitespace) folded to one space.
Two blocks with the same key are exact duplicates: one node of the dedup graph.

Near duplicates (signature scheme ``m1``, ``transforms.minhash``): keys whose LSH band keys
collide are candidate pairs; a candidate pair is a confirmed edge only when the exact
Jaccard of its shingle sets reaches ``DedupParams.jaccard`` or their containment reaches
``DedupParams.containment``. Records are the connected components of confirmed edges
(union-find), so the partition depends only on the set of blocks, never on run order.

Kept rule: in each record the most complete occurrence is kept: most distinct shingles,
then the longest normalized text, then the smallest (path, ordinal). Never arrival order.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import polars as pl
import xxhash
from scipy.sparse import coo_matrix
from scipy.sparse.csgraph import connected_components

from transforms import minhash

KEY_SCHEME = "k1"
RECORD_ID_PREFIX = "pl_"


@dataclass(frozen=True)
class DedupParams:
    """Near-duplicate settings (``[dedup]`` in a config file); defaults chosen from the measured curve."""

    jaccard: float = 0.5  # confirm a candidate pair at this exact Jaccard of shingle sets ...
    containment: float = 0.8  # ... or at this share of the smaller set found in the larger one
    shingle_bytes: int = 16  # bytes of the spaceless key per word-anchored shingle
    bands: int = 24  # LSH bands
    rows: int = 3  # signature bins per band
    seed: int = 20250  # hashing seed

    @property
    def lsh(self) -> minhash.MinHashParams:
        return minhash.MinHashParams(shingle_bytes=self.shingle_bytes, bands=self.bands, rows=self.rows, seed=self.seed)


# every run of non-letters except a lone space (already its own fold, most of the runs):
# the same result as replacing ``[^\p{L}]+`` with one space, with ~7x fewer replacements
_NON_LETTER_RUN = r" ?[^\p{L} ][^\p{L}]*|  [^\p{L}]*"


def dedup_key(text: pl.Expr) -> pl.Expr:
    """The folded text two exact duplicates share (scheme ``k1``)."""
    return (
        text.str.to_lowercase()
        .str.replace_all(r"(\p{L})[\-‐‑‒–]+(\p{L})", "${1}${2}")
        .str.replace_all(_NON_LETTER_RUN, " ")
        .str.strip_chars()
    )


def shingle_key(text: pl.Expr) -> pl.Expr:
    """The key shingles are read from: ``k1`` with spaceless scripts split into one word per character."""
    return minhash.word_split_scripts(dedup_key(text))


def _hash_batch(keys: pl.Series) -> pl.Series:
    return pl.Series([None if k is None else xxhash.xxh3_128_hexdigest(k.encode()) for k in keys.to_list()], dtype=pl.String)


def key_hash(key: pl.Expr) -> pl.Expr:
    """Stable 128-bit hex hash of a dedup key (stable across processes and library versions)."""
    return key.map_batches(_hash_batch, return_dtype=pl.String, is_elementwise=True)


def with_keys(blocks: pl.DataFrame) -> pl.DataFrame:
    """Add ``dedup_key`` (the hash of the ``k1`` key of ``text``) and ``folded`` (its shingle key), on all cores."""
    keyed = blocks.lazy().with_columns(_key=dedup_key(pl.col("text")))
    return keyed.with_columns(dedup_key=key_hash(pl.col("_key")), folded=minhash.word_split_scripts(pl.col("_key"))).drop("_key").collect(engine="streaming")


def with_folded(frame: pl.DataFrame) -> pl.DataFrame:
    """Add ``folded`` (the shingle key of ``text``) where the frame does not carry it already."""
    if "folded" not in frame.columns:
        return frame.with_columns(folded=shingle_key(pl.col("text")))
    missing = pl.col("folded").is_null() & pl.col("text").is_not_null()
    if not frame.select(missing.any()).item():
        return frame
    return pl.concat([frame.filter(~missing), frame.filter(missing).with_columns(folded=shingle_key(pl.col("text")))])


def new_record_id(dedup_keys: pl.Expr) -> pl.Expr:
    """Id of a record first published with these keys: from the smallest key hash."""
    return RECORD_ID_PREFIX + dedup_keys.min().str.slice(0, 16)


@dataclass(frozen=True)
class Matches:
    """What matching new keys against each other and against known keys decided."""

    assignment: pl.DataFrame  # dedup_key -> record_id, for every new key
    edges: pl.DataFrame  # confirmed pairs: dedup_key_a (new), dedup_key_b, measure, similarity
    merges: pl.DataFrame  # retired_id -> surviving_id, via_dedup_key (the smallest new key of the bridging component)
    bands: pl.DataFrame  # dedup_key, scheme, bands (list[i64]) of every new key, for the warehouse index


EDGES = pl.Schema({"dedup_key_a": pl.String, "dedup_key_b": pl.String, "measure": pl.String, "similarity": pl.Float64})


def confirm(pairs: pl.DataFrame, shingles: pl.DataFrame, params: DedupParams) -> pl.DataFrame:
    """Exact similarity of candidate pairs; keep those that pass, with the measure that passed."""
    sims = minhash.pair_similarity(pairs, shingles)
    return sims.filter((pl.col("jaccard") >= params.jaccard) | (pl.col("containment") >= params.containment)).with_columns(
        measure=pl.when(pl.col("jaccard") >= params.jaccard).then(pl.lit("jaccard")).otherwise(pl.lit("containment")),
        similarity=pl.when(pl.col("jaccard") >= params.jaccard).then(pl.col("jaccard")).otherwise(pl.col("containment")),
    )


def _candidates(folded: pl.Series, n_new: int, params: DedupParams) -> tuple[pl.DataFrame, pl.DataFrame, pl.DataFrame]:
    """Band keys of every node, candidate pairs with a new node, shingle sets of their nodes (from one hashing pass)."""
    shingled = minhash.shingle_hashes(folded, params.lsh)
    bands = minhash.band_table(shingled, params.lsh)
    pairs = minhash.candidate_pairs(bands).filter(pl.col("a") < n_new)
    return bands, pairs, minhash.shingle_table(shingled, pl.concat([pairs["a"], pairs["b"]]))


def match_keys(new_keys: pl.DataFrame, known: pl.DataFrame, params: DedupParams) -> Matches:
    """Match new keys against each other and against known keys; give each new key a record.

    ``new_keys``: ``dedup_key``, ``text`` (distinct keys never published). ``known``:
    ``dedup_key``, ``record_id``, ``text`` of published keys (all of them, or only those
    whose stored band keys collide with the new keys' - the result is the same). A component
    of confirmed edges joins the published record it touches; one that touches several
    merges them into the smallest id and retires the others; one that touches none founds a
    record named after its smallest key.
    """
    new_keys = with_folded(new_keys.unique("dedup_key").sort("dedup_key"))
    known = with_folded(known.unique("dedup_key").sort("dedup_key"))
    nodes = pl.concat([new_keys.select("dedup_key", "folded", record_id=pl.lit(None, pl.String)), known.select("dedup_key", "folded", "record_id")])
    n_new = new_keys.height
    bands, pairs, shingles = _candidates(nodes["folded"], n_new, params)
    edges = confirm(pairs, shingles, params)

    records = nodes["record_id"].drop_nulls().unique().sort()
    known_nodes = np.arange(n_new, nodes.height)
    known_records = nodes.height + records.search_sorted(nodes["record_id"].slice(n_new)).to_numpy().astype(np.int64)
    src = np.concatenate([edges["a"].to_numpy().astype(np.int64), known_nodes])
    dst = np.concatenate([edges["b"].to_numpy().astype(np.int64), known_records])
    size = nodes.height + len(records)
    graph = coo_matrix((np.ones(len(src), dtype=np.int8), (src, dst)), shape=(size, size))
    _, component = connected_components(graph, directed=False)

    labelled = pl.DataFrame(
        {
            "dedup_key": pl.concat([nodes["dedup_key"], pl.Series([None] * len(records), dtype=pl.String)]),
            "record_id": pl.concat([pl.Series([None] * nodes.height, dtype=pl.String), records]),
            "component": component,
            "is_new": np.arange(size) < n_new,
        }
    )
    per_component = labelled.group_by("component").agg(
        surviving_id=pl.col("record_id").drop_nulls().min(),
        founded_id=new_record_id(pl.col("dedup_key").filter(pl.col("is_new"))),
        retired=pl.col("record_id").drop_nulls().sort(),
        via_dedup_key=pl.col("dedup_key").filter(pl.col("is_new")).min(),
    ).with_columns(record_id=pl.coalesce("surviving_id", "founded_id"))
    assignment = labelled.filter(pl.col("is_new")).select("dedup_key", "component").join(per_component, on="component").select("dedup_key", "record_id")
    merges = (
        per_component.filter(pl.col("retired").list.len() > 1)
        .explode("retired")
        .filter(pl.col("retired") != pl.col("surviving_id"))
        .select(retired_id="retired", surviving_id="surviving_id", via_dedup_key="via_dedup_key")
        .sort("retired_id")
    )
    key_of = nodes["dedup_key"]
    edge_table = edges.select(
        dedup_key_a=key_of.gather(edges["a"]), dedup_key_b=key_of.gather(edges["b"]), measure=pl.col("measure"), similarity=pl.col("similarity")
    ) if edges.height else pl.DataFrame(schema=EDGES)
    band_rows = pl.DataFrame({"dedup_key": new_keys["dedup_key"], "bands": bands["bands"].head(n_new)}).with_columns(scheme=pl.lit(params.lsh.scheme))
    return Matches(assignment=assignment.sort("dedup_key"), edges=edge_table.sort("dedup_key_a", "dedup_key_b"), merges=merges, bands=band_rows)


def band_rows(new_keys: pl.DataFrame, params: DedupParams) -> pl.DataFrame:
    """LSH band keys (``dedup_key``, ``bands``) of keys, to look their candidates up in a warehouse."""
    bands = minhash.band_table(minhash.shingle_hashes(with_folded(new_keys)["folded"], params.lsh), params.lsh)
    return pl.DataFrame({"dedup_key": new_keys["dedup_key"], "bands": bands["bands"]})


def mark_kept(occurrences: pl.DataFrame, params: DedupParams) -> pl.DataFrame:
    """Set ``status`` and ``similarity`` of every occurrence from the kept rule.

    The most complete version is the one with the most words in its shingle key (a CJK
    character counts as a word); ``similarity`` is the exact Jaccard of the occurrence's
    shingles with the kept text's (1.0 for the kept occurrence and its exact duplicates).
    """
    accepted = occurrences.filter(pl.col("reject_reason").is_null())
    # words only rank different keys: count them in the records that have several
    several = with_folded(accepted.filter(pl.col("dedup_key").n_unique().over("record_id") > 1))
    per_key = several.unique("dedup_key").select("dedup_key", "folded", _words=pl.col("folded").str.count_matches(" ") + 1)
    ranked = (
        accepted.drop("folded", strict=False)
        .join(per_key.select("dedup_key", "_words"), on="dedup_key", how="left")
        .sort("_words", pl.col("text").str.len_chars(), "path", "ordinal", descending=[True, True, False, False])
        .with_columns(
            _rank=pl.int_range(pl.len()).over("record_id"),
            kept_key=pl.when(pl.col("record_id").is_not_null()).then(pl.col("dedup_key").first().over("record_id")),
        )
    )
    pairs = ranked.filter(pl.col("dedup_key") != pl.col("kept_key")).select("dedup_key", "kept_key").unique()
    similarity = _key_similarity(pairs, per_key, params)
    marked = ranked.join(similarity, on=["dedup_key", "kept_key"], how="left").with_columns(
        status=pl.when(pl.col("_rank") == 0)
        .then(pl.lit("kept"))
        .when(pl.col("dedup_key") == pl.col("kept_key"))
        .then(pl.lit("duplicate"))
        .otherwise(pl.lit("near_duplicate")),
        similarity=pl.when(pl.col("dedup_key") == pl.col("kept_key")).then(1.0).otherwise(pl.col("_similarity")),
    )
    rejected = occurrences.filter(pl.col("reject_reason").is_not_null()).drop("folded", strict=False).with_columns(
        status=pl.lit("rejected"), similarity=pl.lit(None, pl.Float64)
    )
    columns = [c for c in rejected.columns if c in marked.columns]
    return pl.concat([marked.select(columns), rejected.select(columns)], how="diagonal_relaxed").sort("path", "ordinal")


def _key_similarity(pairs: pl.DataFrame, per_key: pl.DataFrame, params: DedupParams) -> pl.DataFrame:
    """Exact Jaccard between the shingles of ``dedup_key`` and ``kept_key`` of each pair."""
    if pairs.is_empty():
        return pl.DataFrame(schema={"dedup_key": pl.String, "kept_key": pl.String, "_similarity": pl.Float64})
    keys = pl.concat([pairs["dedup_key"], pairs["kept_key"]]).unique().sort().to_frame("dedup_key")
    keys = keys.join(per_key.select("dedup_key", "folded"), on="dedup_key", how="left", maintain_order="left")
    shingles = minhash.shingle_table(minhash.shingle_hashes(keys["folded"], params.lsh), pl.Series(np.arange(keys.height, dtype=np.uint32)))
    index = keys.select("dedup_key", row=pl.int_range(pl.len(), dtype=pl.UInt32))
    numbered = pairs.join(index.rename({"row": "a"}), on="dedup_key").join(index.rename({"dedup_key": "kept_key", "row": "b"}), on="kept_key")
    sims = minhash.pair_similarity(numbered.select("a", "b"), shingles)
    return numbered.join(sims, on=["a", "b"]).select("dedup_key", "kept_key", _similarity="jaccard")


@dataclass(frozen=True)
class DedupResult:
    """Occurrences with records and statuses, plus what the warehouse and explain need."""

    occurrences: pl.DataFrame
    matches: Matches
    affected: pl.Series  # published record ids whose occurrences changed (including retired ones)


def fresh_keys(new_blocks: pl.DataFrame, known_keys: pl.DataFrame) -> pl.DataFrame:
    """Distinct accepted keys of the new blocks that are not published yet (``dedup_key``, ``text``)."""
    accepted = new_blocks.filter(pl.col("reject_reason").is_null())
    columns = [c for c in ("dedup_key", "text", "folded") if c in accepted.columns]
    return accepted.join(known_keys, on="dedup_key", how="anti").select(columns).unique("dedup_key").sort("dedup_key")


def _key_records(known_keys: pl.DataFrame, matches: Matches) -> pl.DataFrame:
    retire = matches.merges.select(record_id="retired_id", _survivor="surviving_id")
    return _retire(pl.concat([known_keys.select("dedup_key", "record_id"), matches.assignment]), retire)


def affected_records(new_blocks: pl.DataFrame, known_keys: pl.DataFrame, matches: Matches) -> pl.Series:
    """Published record ids the new blocks touch: joined, surviving or retired."""
    accepted = new_blocks.filter(pl.col("reject_reason").is_null()).select("dedup_key")
    joined = accepted.join(known_keys.select("dedup_key", "record_id"), on="dedup_key")["record_id"]
    touched = pl.concat([joined, matches.merges["retired_id"], matches.merges["surviving_id"], matches.assignment["record_id"]])
    published = known_keys["record_id"].unique()
    return touched.filter(touched.is_in(published.implode())).unique().sort().rename("record_id")


def assign(
    new_blocks: pl.DataFrame, history: pl.DataFrame, known_keys: pl.DataFrame, matches: Matches, params: DedupParams = DedupParams()
) -> pl.DataFrame:
    """The new blocks and every published occurrence of the records they touch, with records and statuses.

    ``history`` must hold all published occurrences of ``affected_records(...)`` (it may hold
    more); retired ids are replaced by their survivors.
    """
    key_records = _key_records(known_keys, matches)
    assigned = new_blocks.drop("record_id", strict=False).join(key_records, on="dedup_key", how="left").with_columns(
        record_id=pl.when(pl.col("reject_reason").is_null()).then(pl.col("record_id"))
    )
    affected = affected_records(new_blocks, known_keys, matches)
    retire = matches.merges.select(record_id="retired_id", _survivor="surviving_id")
    touched = _retire(history.filter(pl.col("record_id").is_in(affected.implode())), retire).drop("status", "similarity")
    return mark_kept(pl.concat([assigned, touched], how="diagonal_relaxed"), params)


def deduplicate(new_blocks: pl.DataFrame, history: pl.DataFrame, params: DedupParams = DedupParams()) -> DedupResult:
    """All occurrences (published ones and the new blocks) with record ids and statuses, in memory.

    ``new_blocks`` need ``text``, ``dedup_key`` and ``reject_reason``; ``history`` is the
    published ``occurrences`` table, whose record ids keep their meaning (a merge retires
    ids into a survivor, reported in ``matches.merges``).
    """
    published = history.filter(pl.col("record_id").is_not_null())
    known_keys = published.select("dedup_key", "record_id", "text").unique("dedup_key", keep="first")
    matches = match_keys(fresh_keys(new_blocks, known_keys), known_keys, params)
    affected = affected_records(new_blocks, known_keys, matches)
    changed = assign(new_blocks, published, known_keys, matches, params)
    untouched = history.filter(~pl.col("record_id").is_in(affected.implode()) | pl.col("record_id").is_null())
    occurrences = pl.concat([untouched, changed.select(untouched.columns) if untouched.width else changed], how="diagonal_relaxed")
    return DedupResult(occurrences=occurrences.sort("path", "ordinal"), matches=matches, affected=affected)


def _retire(frame: pl.DataFrame, retire: pl.DataFrame) -> pl.DataFrame:
    return frame.join(retire, on="record_id", how="left").with_columns(record_id=pl.coalesce("_survivor", "record_id")).drop("_survivor")
