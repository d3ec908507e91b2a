"""Deduplication: the dedup key, near-duplicate matching, records, the kept occurrence.

Key scheme ``k1``: normalized text, lower-cased, hyphens joined, every run of characters
that are not letters (punctuation, digits, symbols, whitespace) folded to one space.
Two blocks with the same key are exact duplicates: one node of the dedup graph.

Near duplicates (signature scheme ``m3`` and passage scheme ``p3``, ``transforms.minhash``, on keys without accents and
with traditional Chinese characters simplified):
keys whose LSH band keys collide, or that share ``DedupParams.passage_shared`` passage hashes
no more than ``DedupParams.passage_cap`` keys hold, are candidate pairs; a candidate pair is a
confirmed edge only when the exact Jaccard of its shingle sets reaches ``DedupParams.jaccard``
or their containment reaches ``DedupParams.containment`` (or, borderline, on its evidence).
Records are the connected components of confirmed edges (union-find), so the partition
depends only on the set of blocks, never on run order.

Glued blocks: a key whose confirmed pairs cover both its start and its end, each leaving the
rest of it to the other (``glued_keys``), is two abstracts a scraper joined into one block; it
is rejected as ``glued`` and joins no record, so it never bridges two papers. The other way
round, a key contained in two texts that are not near duplicates of each other (``ambiguous_keys``:
a truncated copy that holds only what two papers share) is rejected as ``ambiguous``.

Kept rule: in each record the most complete occurrence is kept: most letters in its shingle key (less a cost per damaged
character, and not counting the letters above the record's opening that are no sentence: a page head), then the fewest
such head letters, then the longest normalized text, then the smallest (path, ordinal). Never arrival order.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from difflib import SequenceMatcher
from functools import lru_cache

import numpy as np
import polars as pl
import xxhash
from scipy.sparse import coo_matrix
from scipy.sparse.csgraph import connected_components

from transforms import methods, minhash, urls
from transforms.mojibake import CP1252_PAIR, non_ascii

KEY_SCHEME = "k1"
RECORD_ID_PREFIX = "pl_"
GLUED = "glued"  # the reject reason of a block that is two abstracts glued together (see ``glued_keys``)
AMBIGUOUS = "ambiguous"  # the reject reason of a block that two different papers contain (see ``ambiguous_keys``)
TRUNCATED_END = r"(?:\.\.\.|…)[\])]?\s*\z"  # a normalized text a listing cut short: "… we propose..." ("[...]", "(…)")
CUT_SLACK = 1.2  # a cut copy's shingles are looked for in this many times as many of the longer text's first ones
RECORD_NODE = "record:"  # a published record's node beside the key nodes of a link graph (``_still_apart``)
UNPLACED = pl.Schema({"dedup_key": pl.String, "reject_reason": pl.String})
# Characters of a normalized text that show damage: U+FFFD (bytes the decoder could not read) and mojibake ftfy left.
DAMAGE = "\ufffd|" + CP1252_PAIR
DAMAGE_LETTERS = 2  # what a damaged character costs a copy in the kept rule, in letters of its shingle key
# A sentence that starts in lower case: a copy a site lower-cased is damaged (its key, which folds case, is the clean one's).
# (Counted as a first letter plus a letter after a stop: one regex with ``^|`` scans every byte; ``[.!?]`` is found by a fast search.)
LOWER_CASE_FIRST, LOWER_CASE_AFTER_STOP = r"^\p{Ll}", r"[.!?]\s+\p{Ll}"
# A numbered reference mark a copy taken from a PDF page carries (``… the ICL task [12, 15].``): damage too, so the copy
# without them, one of the same letters, is kept. A bracketed pair both copies write (an interval, ``[0, 1]``) costs both alike.
CITATION_MARK = r"\[\d{1,3}(?:[ \t]*[,–-][ \t]*\d{1,3})*\]"
# A footnote mark a copy taken from a PDF page carries as a plain digit after a word (``… on twelve benchmarks1.``,
# ``naïve Bayes2 classifiers``): the key folds digits, so without a cost that copy outranks the clean one by its length. A
# model name both copies write (``Llama2``) costs both alike.
FOOTNOTE_DIGIT = r"\p{Ll}{3}[0-9](?:,[0-9])*(?:[.,;:)]|\s|$)"
# A list or id number left in front of the text (``12 We propose …``, a numbered entry whose mark a scrape dropped): the key
# folds digits, so without a cost that copy outranks the clean one by its length.
LEADING_NUMBER = r"\A\d{1,4}[ \t]+\p{Lu}"
# A hyphen at a line end of the raw block between a lower-case letter and a capital (``Plan-`` / ``Bench``): normalization
# keeps it (``Kullback-Leibler``) unless the block writes the name closed elsewhere, so the copy's text may hold a hyphen its
# line break made (``Plan-Bench``) where a copy of the same letters without line breaks writes ``PlanBench``: damage too.
CAPITAL_LINE_BREAK = r"\p{Ll}[-\u2010][ \t]*\r?\n[ \t]*\p{Lu}"
# A copy written in capitals (``SPARSE ATTENTION REDUCES …``) or with every word capitalized (``Sparse Attention Reduces …``),
# as some proceedings' pages and aggregators write them: its key folds case, so it tied with the clean copy and the path
# decided. Damage per sentence, as a lower-cased copy's. Looked for in the texts whose first ``CASE_SAMPLE`` characters hold no
# lower-case letter but two capitals in a row, or start with five capitalized words; such a text is miscased when at least half
# its letters are cased (not a Chinese text with a few acronyms) and its capitals outnumber its lower-case letters, or
# ``TITLE_CASE_SHARE`` of its words of four letters or more start with a capital.
CASE_SAMPLE = 80
TITLE_CASE_SHARE = 0.7
# A dash between words, however spelled (``—``, `` – ``, `` -- ``): a copy that spelled ``—`` out is no longer for it.
SPELLED_DASH = r" ?(?:-{2,3}|[–—]) ?"
# A Latin letter with an accent (Latin-1, Latin Extended-A and -B, Vietnamese's Latin Extended Additional; not ``×``, ``÷``):
# it counts twice in ``text_length``, so a copy that kept its accents outranks one an ASCII-folding aggregator wrote
# (``Fréchet``, ``Łódź`` against ``Frechet``, ``Lodz``), whose shingle key is the same.
ACCENTED_LETTER = "[\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u024f\u1e00-\u1eff]"
# Typeset signs that an ASCII copy spells otherwise, and what each counts in ``text_length`` beyond one character: its ASCII
# spelling's length less one, and one more, so the typeset copy outranks the other (``1.7×`` against ``1.7x``, whose ``x``
# ``_letters`` does not count either; ``k ≤ 8`` against ``k <= 8``; ``…`` against ``...``).
TYPESET_SIGNS = (("\u00d7", 1), ("[\u2264\u2265\u2260\u2192\u2190\u21d2]", 2), ("\u2026", 3))
# A lone ``x`` in a shingle key: a multiplication sign an ASCII copy wrote (``1.7x``, ``64x64``), or a variable.
_LONE_X = r"\bx\b"
# A confirmed pair covers one end of its longer text when that text has this many times the
# shorter's shingles and an overhang at its other end (this share of its shingles, and at least
# this many) shares at most this share of them with the shorter one (``minhash.covered_ends``).
GLUE_RATIO, GLUE_SHARE, GLUE_LEAST, GLUE_NOISE = 1.3, 0.25, 20, 0.1
# A record's opening and ending (``_head_letters``, ``_tail_letters``): the first (last) this many words of the shingle key that most of its blocks start (end) with.
OPENING_WORDS = 8
_SENTENCE_END = r"([.!?][\"'”’)\]]*\s+|[。！？．]\s*)"  # where a sentence of a normalized text ends (``_sentence_prefixes``)
# A sentence of prose: two lower-case words or more (a page's fields, names and titles have at most one: ``Received 12
# March 2024.``, ``Jane Doe, John Roe.``, ``Sorting Without Comparisons for Private Inference.``), or a script without case.
_PROSE_WORD, _CASELESS = r"\b\p{Ll}{2,}\b", r"\p{Lo}"


def _is_prose(sentence: pl.Expr) -> pl.Expr:
    """Whether a sentence is prose (``_PROSE_WORD``, ``_CASELESS``)."""
    return (sentence.str.count_matches(_PROSE_WORD) >= 2) | sentence.str.contains(_CASELESS)


_ENDS_SENTENCE = r"(?:[.!?][\"'”’)\]]*|[。！？．])\s*\z"  # a text that ends in a sentence's end (``_unended_suffixes``)


@dataclass(frozen=True)
class DedupParams:
    """Near-duplicate settings (``[dedup]`` in a config file); defaults chosen from the measured curve."""

    jaccard: float = 0.5  # confirm a candidate pair at this exact Jaccard of shingle sets ...
    containment: float = 0.8  # ... or at this share of the smaller set found in the larger one, when that set has
    containment_min_shingles: int = 30  # at least this many shingles (a shorter fragment two papers may share is borderline)
    borderline_jaccard: float = 0.3  # a pair below both but at this Jaccard ...
    borderline_containment: float = 0.5  # ... or this containment is confirmed by its spread ...
    spread: float = 0.2  # ... at least this (``minhash.shared_runs``), unless the method names it introduces conflict ...
    shared_run: int = 40  # ... or by a run of this many consecutive shared shingles (one abstract under two pages' text)
    renamed_below: float = 0.8  # a pair that passes on Jaccard or containment, below this Jaccard, is rejected when the
    # method names the two introduce differ (``renamed``): a follow-up paper that reuses most of its predecessor's text
    shingle_bytes: int = 16  # bytes of the spaceless key per word-anchored shingle
    bands: int = 24  # LSH bands
    rows: int = 3  # signature bins per band
    seed: int = 20250  # hashing seed
    passage_shingles: int = 16  # passage hashes: the smallest shingle hash of every this many consecutive shingles
    passage_shared: int = 2  # keys sharing this many passage hashes are a candidate pair ...
    passage_cap: int = 20  # ... counting only passage hashes at most this many keys hold (templates)

    @property
    def lsh(self) -> minhash.MinHashParams:
        return minhash.MinHashParams(shingle_bytes=self.shingle_bytes, bands=self.bands, rows=self.rows, seed=self.seed)

    @property
    def passage_scheme(self) -> str:
        """The scheme of the stored passage hashes (``dedup_index`` rows beside the band keys)."""
        return f"{minhash.PASSAGE_SCHEME}/w{self.shingle_bytes}/p{self.passage_shingles}/s{self.seed}"


# every run of non-letters except a lone space (already its own fold, most of the runs):
# the same result as replacing ``[^\p{L}]+`` with one space, with ~7x fewer replacements
_NON_LETTER_RUN = r" ?[^\p{L} ][^\p{L}]*|  [^\p{L}]*"


def dedup_key(text: pl.Expr) -> pl.Expr:
    """The folded text two exact duplicates share (scheme ``k1``)."""
    return (
        text.str.to_lowercase()
        .str.replace_all(r"(\p{L})[\-‐‑‒–\u200c\u200d]+(\p{L})", "${1}${2}")  # a Persian word with or without its non-joiner: one key
        .str.replace_all(_NON_LETTER_RUN, " ")
        .str.strip_chars()
    )


def shingle_key(text: pl.Expr) -> pl.Expr:
    """The key shingles are read from: ``k1`` ``without_accents``, traditional Chinese ``simplified_han``, spaceless scripts
    split into one word per character (``minhash.shingles`` reads it without ``minhash.LIGATURE_LETTERS``)."""
    return _shingle_key_of(dedup_key(text))


def _shingle_key_of(key: pl.Expr) -> pl.Expr:
    return key.map_batches(_fold_for_shingles, return_dtype=pl.String, is_elementwise=True)


def _fold_for_shingles(keys: pl.Series) -> pl.Series:
    """``k1`` keys ``without_accents``, ``simplified_han``, split per ``minhash.word_split_scripts`` (these touch only the
    keys that are not ASCII: an ASCII ``k1`` key is single-spaced and stripped already, none changes it)."""
    wide = non_ascii(keys)
    if wide.any():
        rows = wide.arg_true()
        part = simplified_han(without_accents(keys.gather(rows)))
        keys = keys.clone().scatter(rows, part.to_frame().select(minhash.word_split_scripts(pl.col(part.name))).to_series())
    return keys


def _hash_batch(keys: pl.Series) -> pl.Series:
    return pl.Series([None if k is None else xxhash.xxh3_128_hexdigest(k.encode()) for k in keys.to_list()], dtype=pl.String)


def key_hash(key: pl.Expr) -> pl.Expr:
    """Stable 128-bit hex hash of a dedup key (stable across processes and library versions)."""
    return key.map_batches(_hash_batch, return_dtype=pl.String, is_elementwise=True)


def with_keys(blocks: pl.DataFrame) -> pl.DataFrame:
    """Add ``dedup_key`` (the hash of the ``k1`` key of ``text``) and ``folded`` (its shingle key), on all cores."""
    keyed = blocks.lazy().with_columns(_key=dedup_key(pl.col("text")))
    keyed = keyed.with_columns(dedup_key=key_hash(pl.col("_key")), folded=_shingle_key_of(pl.col("_key"))).drop("_key")
    return keyed.collect(engine="streaming").rechunk()  # one chunk: the stage's joins and sorts over it take ~3% less


def with_folded(frame: pl.DataFrame) -> pl.DataFrame:
    """Add ``folded`` (the shingle key of ``text``) where the frame does not carry it already."""
    if "folded" not in frame.columns:
        return frame.with_columns(folded=shingle_key(pl.col("text")))
    if "text" not in frame.columns:
        return frame
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
    merges: pl.DataFrame  # retired_id -> surviving_id, via_dedup_key (the smallest new key of the bridging component); no survivor: dissolved
    bands: pl.DataFrame  # dedup_index rows of every new key: dedup_key, scheme, bands (its band keys, or under the passage scheme its passage hashes)
    unplaced: pl.DataFrame  # keys, new or published, in no record (``UNPLACED``: glued or ambiguous), rejected with that reason


@dataclass(frozen=True)
class Candidates:
    """The keys of candidate pairs, numbered ``0..n-1``: their shingle hashes (in text order) and the
    distinct normalized texts of every copy of each (``list[str]``: copies of a key differ in case
    and punctuation), null where ``folds`` (``dedup_key``, ``text``) holds them."""

    keys: pl.Series
    shingled: minhash.ShingleHashes
    texts: pl.Series
    folds: pl.LazyFrame | None = None

    def texts_of(self, rows: pl.Series) -> pl.Series:
        """``texts`` of the keys at ``rows``, read from ``folds`` where missing (only these keys are read)."""
        texts = self.texts.gather(rows)
        if not texts.has_nulls():
            return texts
        if self.folds is None:
            raise ValueError(f"no text for {texts.null_count()} candidate keys")
        wanted = pl.DataFrame({"dedup_key": self.keys.gather(rows), "texts": texts})
        missing = wanted.filter(pl.col("texts").is_null())["dedup_key"]
        found = self.folds.filter(pl.col("dedup_key").is_in(missing.implode())).group_by("dedup_key").agg(_found=pl.col("text").unique().sort()).collect()
        texts = wanted.join(found, on="dedup_key", how="left", maintain_order="left").select(pl.coalesce("texts", "_found"))["texts"]
        if texts.has_nulls():
            raise ValueError("folds lacks the text of some candidate keys")
        return texts


EDGES = pl.Schema({"dedup_key_a": pl.String, "dedup_key_b": pl.String, "measure": pl.String, "similarity": pl.Float64})


def confirm(pairs: pl.DataFrame, candidates: Candidates, params: DedupParams) -> pl.DataFrame:
    """Exact similarity of candidate pairs (rows of ``candidates``); keep those that pass (``passes``), with ``measure`` and ``similarity``.

    Only the pairs ``reachable`` leaves are compared shingle by shingle: at scale most candidate pairs are unrelated keys that
    share a band key by chance.
    """
    pairs = reachable(pairs, candidates.shingled, params)
    shingles = minhash.shingle_table(candidates.shingled, pl.concat([pairs["a"], pairs["b"]]))
    sims = minhash.pair_similarity(pairs, shingles)
    weighed = pl.concat(
        [
            without_evidence(sims.filter(~needs_evidence(params))),
            borderline_evidence(sims.filter(needs_evidence(params)), candidates),
        ]
    )
    return weighed.filter(passes(params)).with_columns(measure=_measure(params)).with_columns(
        similarity=pl.when(pl.col("measure") == "jaccard")
        .then(pl.col("jaccard"))
        .when(pl.col("measure") == "spread")
        .then(pl.col("spread"))
        .otherwise(pl.col("containment"))
    ).drop("spread", "run", "names", "renamed", "smaller", "opening", "cut")


def reachable(pairs: pl.DataFrame, shingled: minhash.ShingleHashes, params: DedupParams) -> pl.DataFrame:
    """The pairs ``(a, b)`` that may pass (``passes``): those whose bound on shared shingles (``minhash.shared_bound``) reaches
    the fewest shared shingles the lowest Jaccard or containment threshold asks of sets of their sizes (lower bounds of them
    too, so the fewest asked is never overstated). The others cannot pass: dropping them changes no result."""
    if pairs.is_empty():
        return pairs
    bound, size_a, size_b = minhash.shared_bound(pairs, shingled)
    jaccard, containment = min(params.jaccard, params.borderline_jaccard), min(params.containment, params.borderline_containment)
    # shared / union >= jaccard  <=>  shared >= jaccard * (size_a + size_b) / (1 + jaccard); shared / smaller >= containment
    fewest = np.minimum(jaccard * (size_a + size_b) / (1 + jaccard), containment * np.minimum(size_a, size_b))
    return pairs.filter(pl.Series(bound >= fewest * (1 - 1e-9)))


def _strong(params: DedupParams) -> pl.Expr:
    return (pl.col("jaccard") >= params.jaccard) | _contained(params)


def _contained(params: DedupParams) -> pl.Expr:
    """Containment at the threshold, of a smaller side long enough to say which paper it is from: a listing's truncated copy
    that holds only an opening sentence two papers share is contained in both."""
    return (pl.col("containment") >= params.containment) & (pl.col("smaller") >= params.containment_min_shingles)


def is_borderline(params: DedupParams) -> pl.Expr:
    """A pair below both thresholds but at or above one of the borderline values: it needs ``borderline_evidence``."""
    return ~_strong(params) & ((pl.col("jaccard") >= params.borderline_jaccard) | (pl.col("containment") >= params.borderline_containment))


def needs_evidence(params: DedupParams) -> pl.Expr:
    """A borderline pair, or one that passes on Jaccard or containment below ``params.renamed_below``: what
    ``borderline_evidence`` is worked out for."""
    return is_borderline(params) | (_strong(params) & (pl.col("jaccard") < params.renamed_below))


def passes(params: DedupParams) -> pl.Expr:
    """A confirmed pair: Jaccard or containment at the threshold, unless below ``params.renamed_below`` the two introduce
    different method names (``renamed``), or borderline with one introduced
    method name in common, or borderline with no method names to compare and its spread at ``params.spread``,
    or borderline with its shorter side a cut copy of the longer's opening (``is_cut_copy``) or a shared run of
    ``params.shared_run`` shingles (``is_shared_run``), and no conflicting names."""
    by_evidence = (pl.col("names") == "shared") | _spread_out(params) | ((is_cut_copy(params) | is_shared_run(params)) & (pl.col("names").ne_missing("conflict")))
    renamed = (pl.col("jaccard") < params.renamed_below) & pl.col("renamed").fill_null(False)
    return (_strong(params) & ~renamed) | (is_borderline(params) & by_evidence.fill_null(False))


def _measure(params: DedupParams) -> pl.Expr:
    return (
        pl.when(pl.col("jaccard") >= params.jaccard)
        .then(pl.lit("jaccard"))
        .when(_contained(params))
        .then(pl.lit("containment"))
        .when(pl.col("names") == "shared")
        .then(pl.lit("method_name"))
        .when(is_cut_copy(params))
        .then(pl.lit("cut_copy"))
        .when(_spread_out(params))
        .then(pl.lit("spread"))
        .otherwise(pl.lit("shared_run"))
    )


def _spread_out(params: DedupParams) -> pl.Expr:
    """A borderline pair with no method names to compare whose spread reaches ``params.spread``."""
    return pl.col("names").is_null() & (pl.col("spread") >= params.spread)


def is_cut_copy(params: DedupParams) -> pl.Expr:
    """A borderline pair whose shorter side ends in an ellipsis and is the longer's opening (``opening`` at ``params.containment``):
    a listing's copy cut short, too short for containment alone to say which paper it is from."""
    return pl.col("cut").fill_null(False) & (pl.col("opening") >= params.containment)


def is_shared_run(params: DedupParams) -> pl.Expr:
    """A borderline pair that shares ``params.shared_run`` consecutive shingles (about as many words): one abstract under two
    pages' text (a publisher's head above one copy, another site's above the other). Templates two papers share are
    shorter (at most 27 shingles among the labeled fixture's borderline pairs of different papers)."""
    return pl.col("run").fill_null(0) >= params.shared_run


def without_evidence(pairs: pl.DataFrame) -> pl.DataFrame:
    """Pairs with the columns ``borderline_evidence`` adds, null: pairs that need none."""
    return pairs.with_columns(
        spread=pl.lit(None, pl.Float64),
        run=pl.lit(None, pl.Int64),
        names=pl.lit(None, pl.String),
        renamed=pl.lit(None, pl.Boolean),
        opening=pl.lit(None, pl.Float64),
        cut=pl.lit(None, pl.Boolean),
    )


def borderline_evidence(pairs: pl.DataFrame, candidates: Candidates) -> pl.DataFrame:
    """Add ``spread`` and ``run`` (``minhash.shared_runs``), ``names``, ``renamed``, ``opening`` (``minhash.opening_share``) and ``cut`` (the shorter side's
    text ends in an ellipsis) to pairs of rows of ``candidates``.

    ``names`` compares the method names the two keys introduce (``methods.method_names`` of
    any copy of each): ``shared`` when one name is in both, ``conflict`` when both introduce
    names but none is shared, or both link code repositories (``urls.code_repositories``) but none
    of one side is one of the other's (``_repositories_apart``), null otherwise. A repository in common confirms nothing:
    one lab links its toolkit from many papers. ``renamed``: both introduce names and none of one side is one of the other's
    but for case or a typo (``_names_apart``; ``FastFlow`` and ``FastFlow++`` are two names, ``StepPlaner`` a typo of
    ``StepPlanner``); repositories do not count there, as a submission's anonymous link becomes the lab's.
    """
    if pairs.is_empty():
        return without_evidence(pairs)
    rows = pl.concat([pairs["a"], pairs["b"]]).unique().sort()
    copies = pl.DataFrame({"row": rows, "text": candidates.texts_of(rows)}).explode("text")
    cut_rows = copies.filter(pl.col("text").str.contains(TRUNCATED_END))["row"].unique()
    named_copies = copies.select(
        "row", names=methods.method_names(pl.col("text"), pl.col("text")), repos=urls.code_repositories(pl.col("text"))
    )
    names = named_copies.group_by("row").agg(pl.col(c).list.explode(keep_nulls=False, empty_as_null=False).unique() for c in ("names", "repos"))
    named = pairs.join(names.rename({"row": "a", "names": "_names_a", "repos": "_repos_a"}), on="a", how="left").join(
        names.rename({"row": "b", "names": "_names_b", "repos": "_repos_b"}), on="b", how="left"
    )
    repos_apart = named.select(_apart("_repos_a", "_repos_b").fill_null(False)).to_series().to_numpy().copy()
    for row in np.flatnonzero(repos_apart):  # few pairs: both sides link a repository, none the same
        repos_apart[row] = _repositories_apart(named["_repos_a"][int(row)].to_list(), named["_repos_b"][int(row)].to_list())
    names_apart = named.select(_apart("_names_a", "_names_b").fill_null(False)).to_series().to_numpy().copy()
    renamed = names_apart.copy()
    for row in np.flatnonzero(names_apart):  # few pairs: both sides introduce names, none the same
        renamed[row] = _names_apart(named["_names_a"][int(row)].to_list(), named["_names_b"][int(row)].to_list())
    conflict = pl.lit(pl.Series(names_apart | repos_apart, dtype=pl.Boolean))
    relation = pl.when(_in_common("_names_a", "_names_b")).then(pl.lit("shared")).when(conflict).then(pl.lit("conflict"))
    sizes, a, b = np.diff(candidates.shingled.bounds), named["a"].to_numpy(), named["b"].to_numpy()
    cut = np.isin(np.where(sizes[a] <= sizes[b], a, b), cut_rows.to_numpy())
    opening = np.full(named.height, np.nan)
    opening[cut] = minhash.opening_share(named.filter(pl.Series(cut)), candidates.shingled, CUT_SLACK)  # only cut copies need it
    spread, run = minhash.shared_runs(named, candidates.shingled)
    return named.with_columns(
        spread=pl.Series(spread),
        run=pl.Series(run),
        names=relation,
        renamed=pl.Series(renamed, dtype=pl.Boolean),
        opening=pl.Series(opening).fill_nan(None),
        cut=pl.Series(cut),
    ).drop("_names_a", "_names_b", "_repos_a", "_repos_b")


REPOSITORY_LIKENESS = 0.8  # ``difflib`` ratio at which two repository names are one name with a typo


def _repositories_apart(ours: list[str], theirs: list[str]) -> bool:
    """Whether no repository name of one side is one of the other's: the same, one cut short of the other (a listing's
    truncated link, ``repo-na…``; four letters at least) or alike but for a typo (``REPOSITORY_LIKENESS``)."""
    def alike(x: str, y: str) -> bool:
        short, long = sorted((x, y), key=len)
        return (len(short) >= 4 and long.startswith(short)) or SequenceMatcher(None, x, y).ratio() >= REPOSITORY_LIKENESS

    return not any(alike(x, y) for x in ours for y in theirs)


NAME_LIKENESS = 0.8  # ``difflib`` ratio at which two method names of one length (two letters apart at most) are one name with a typo


def _names_apart(ours: list[str], theirs: list[str]) -> bool:
    """Whether no method name of one side is one of the other's but for case or a typo: a name that extends the other
    (``CodeRanker++``, ``DepthSplat-2``, ``WebAgent-R2``) is another method, so a typo must not add or drop its end."""
    def alike(x: str, y: str) -> bool:
        x, y = x.casefold(), y.casefold()
        if x == y:
            return True
        if x.startswith(y) or y.startswith(x) or abs(len(x) - len(y)) > 2:
            return False
        return SequenceMatcher(None, x, y).ratio() >= NAME_LIKENESS

    return not any(alike(x, y) for x in ours for y in theirs)


def _in_common(a: str, b: str) -> pl.Expr:
    return pl.col(a).list.set_intersection(b).list.len() > 0


def _apart(a: str, b: str) -> pl.Expr:
    """Both lists hold something, and nothing in common."""
    return (pl.col(a).list.len() > 0) & (pl.col(b).list.len() > 0) & ~_in_common(a, b)


def key_signatures(folded: pl.Series, params: DedupParams) -> pl.DataFrame:
    """LSH band keys (``bands``, 64-bit signed) and passage hashes (``passages``) of shingle keys; null for a key without shingles."""
    return minhash.signature_table(folded, params.lsh, params.passage_shingles).with_columns(pl.col("bands").cast(pl.List(pl.Int64)))


def with_bands(keys: pl.DataFrame, params: DedupParams) -> pl.DataFrame:
    """Add ``bands`` and ``passages`` where the frame does not carry them (from ``folded`` or ``text``)."""
    if {"bands", "passages"} <= set(keys.columns):
        return keys
    keys = with_folded(keys).drop("bands", "passages", strict=False)
    return pl.concat([keys, key_signatures(keys["folded"], params)], how="horizontal")


def index_rows(keys: pl.DataFrame, params: DedupParams) -> pl.DataFrame:
    """``dedup_index`` rows of keys (``dedup_key``, ``bands``, ``passages``): one under the band scheme, one under the passage scheme."""
    return pl.concat(
        [
            keys.select("dedup_key", scheme=pl.lit(params.lsh.scheme), bands="bands"),
            keys.select("dedup_key", scheme=pl.lit(params.passage_scheme), bands="passages"),
        ]
    )


def stale_schemes(schemes: dict[str, int], params: DedupParams) -> list[str]:
    """The schemes of a dedup index (rows per scheme) that the configuration does not ask for: an older paperlake's
    (``m1``, ``p1``: keys with accents) or another LSH shape, seed or passage window. A run rebuilds the index under the
    configured schemes and deletes these rows when it publishes."""
    return sorted(set(schemes) - {params.lsh.scheme, params.passage_scheme})


def index_backlog(schemes: dict[str, int], params: DedupParams) -> bool:
    """Whether some keys of a dedup index (rows per scheme, one per key) lack a row under a configured scheme: an index
    built before passage hashes were stored, or under ``stale_schemes``."""
    keys = max(schemes.values(), default=0)
    return any(schemes.get(scheme, 0) < keys for scheme in (params.lsh.scheme, params.passage_scheme))


def backfill_rows(keys: pl.DataFrame, lacking: dict[str, pl.Series], params: DedupParams) -> pl.DataFrame:
    """``dedup_index`` rows of published keys (``dedup_key``, ``text`` of one copy): for each configured scheme in
    ``lacking``, a row of each key it lists (the keys an older index has no row for under it)."""
    rows = index_rows(with_bands(keys.unique("dedup_key").sort("dedup_key"), params), params)
    wanted = pl.concat([listed.cast(pl.String).to_frame("dedup_key").with_columns(scheme=pl.lit(scheme)) for scheme, listed in lacking.items()])
    return rows.join(wanted, on=["scheme", "dedup_key"], how="semi", maintain_order="left")


def drop_common_passages(held: pl.DataFrame, cap: int) -> tuple[pl.DataFrame, pl.Series]:
    """The published ``(dedup_key, value, held)`` rows holding a fresh key's passage hash, less those of the hashes more than
    ``cap`` published keys hold, and those hashes (common, whoever else holds them): a hash in a template sentence is
    held by thousands of keys, all left out. A key's passage hashes are distinct: ``held`` has a row per holder."""
    holders = held.group_by("value").len()
    common = holders.filter(pl.col("len") > cap)["value"]
    return held.filter(~pl.col("value").is_in(common.implode())), common


def index_candidates(
    fresh: pl.DataFrame, band_hits: pl.Series, passage_hits: pl.DataFrame, params: DedupParams, published_common: pl.Series | None = None
) -> tuple[pl.Series, pl.Series]:
    """Published keys to match the fresh keys (``dedup_key``, ``passages``) against, and the passage hashes too common to count.

    ``band_hits``: published keys sharing a band key with a fresh key; ``passage_hits``
    (``dedup_key``, ``passage``, ``held``: how many passage hashes the key holds): every published key
    holding a passage hash of a fresh key, except the hashes of ``published_common``, which more than
    ``passage_cap`` published keys hold. A hash held by more than ``passage_cap`` keys, published and
    fresh, is common; a published key is a candidate when it shares ``passage_shared`` of the other
    hashes with a fresh key, or one when either holds only one (as ``candidate_pairs`` pairs keys).
    """
    ours = fresh.select("dedup_key", passage="passages", held=pl.col("passages").list.len()).explode("passage").drop_nulls("passage").unique()
    passage_hits = passage_hits.select("dedup_key", "passage", "held").join(ours, on="passage", how="semi")
    held = pl.concat([ours, passage_hits]).select("dedup_key", "passage").unique()
    common = held.group_by("passage").agg(pl.len()).filter(pl.col("len") > params.passage_cap)["passage"]
    if published_common is not None:
        common = pl.concat([common, published_common.cast(common.dtype).rename("passage")]).unique()
    rare = passage_hits.filter(~pl.col("passage").is_in(common.implode()))
    shared = ours.join(rare, on="passage", suffix="_known").group_by("dedup_key", "dedup_key_known").agg(
        pl.len(), single=((pl.col("held") == 1) | (pl.col("held_known") == 1)).any()
    )
    near = shared.filter((pl.col("len") >= params.passage_shared) | pl.col("single"))["dedup_key_known"]
    return pl.concat([band_hits, near]).unique().sort().rename("dedup_key"), common.sort()


def candidate_pairs(signed: pl.DataFrame, params: DedupParams, common: pl.Series | None = None, below: int | None = None) -> pl.DataFrame:
    """Candidate pairs ``(a, b)``, ``a < b``, of rows (``row``, ``bands``, ``passages``): a band key in common, or
    ``passage_shared`` passage hashes (one, when either row holds only one) that at most ``passage_cap`` rows hold and
    ``common`` does not list.
    With ``below``, only the pairs with ``a < below``."""
    by_passage = minhash.passage_pairs(signed.select("row", "passages"), params.passage_shared, params.passage_cap, common, below)
    return pl.concat([minhash.candidate_pairs(signed.select("row", "bands"), below), by_passage]).unique().sort("a", "b")


# Latin letters NFD does not take apart, written as an ASCII-folding aggregator writes them (``Łódź`` -> ``lodz``).
_UNACCENTED = {"đ": "d", "ø": "o", "ł": "l", "ı": "i", "ß": "ss", "æ": "ae", "œ": "oe"}
# The blocks of precomposed letters with accents (Latin, Greek, Cyrillic, Ångström's and Kelvin's signs) and of CJK
# compatibility ideographs (which NFD maps to the unified ones).
_ACCENTED_BLOCKS = ((0x80, 0x250), (0x370, 0x530), (0x1E00, 0x2000), (0x2100, 0x2150), (0xF900, 0xFB00), (0x2F800, 0x2FA20))


@lru_cache(maxsize=1)
def _unaccented_letters() -> dict[str, str]:
    """Each character of ``_ACCENTED_BLOCKS`` that NFD, without the combining marks U+0300-U+036F, then NFC, changes, as
    that; the marks themselves as nothing; ``_UNACCENTED``'s letters."""
    table = {chr(mark): "" for mark in range(0x300, 0x370)}
    for low, high in _ACCENTED_BLOCKS:
        for point in range(low, high):
            bare = "".join(c for c in unicodedata.normalize("NFD", chr(point)) if not 0x300 <= ord(c) <= 0x36F)
            bare = "".join(_UNACCENTED.get(c, c) for c in unicodedata.normalize("NFC", bare))
            if bare != chr(point):
                table[chr(point)] = bare
    return table


# Han characters: the CJK Unified Ideographs, extension A, the compatibility ideographs and extension B.
_HAN_BLOCKS = ((0x3400, 0x4DC0), (0x4E00, 0xA000), (0xF900, 0xFB00), (0x20000, 0x2A6E0))


@lru_cache(maxsize=1)
def _simplified_characters() -> dict[str, str]:
    """Each Han character that OpenCC's ``t2s`` (or, for the regional variants, ``tw2s``, ``hk2s``) writes as another one
    character, as that one, chains followed to their end (~4,600 characters; ~0.1 s, on first use)."""
    import opencc

    chars = [chr(point) for low, high in _HAN_BLOCKS for point in range(low, high)]
    table: dict[str, str] = {}
    for config in ("t2s", "tw2s", "hk2s"):
        for char, simplified in zip(chars, opencc.OpenCC(config).convert("\n".join(chars)).split("\n"), strict=True):
            if simplified != char and len(simplified) == 1:
                table.setdefault(char, simplified)
    for char, simplified in table.items():
        while simplified in table and table[simplified] != simplified:
            simplified = table[simplified]
        table[char] = simplified
    return table


def simplified_han(folded: pl.Series) -> pl.Series:
    """Dedup keys with traditional Chinese characters written simplified (``_simplified_characters``): a Taiwan or Hong
    Kong site's copy of a Chinese abstract (``一種基於擴散模型``) has its original's shingles (``一种基于扩散模型``;
    signature scheme ``m3``, passage scheme ``p3``). Both copies' characters go through the table, so a character
    simplified text shares with traditional (``著``) reads alike in both."""
    han = folded.str.contains(r"\p{Han}").fill_null(False)
    if not han.any():
        return folded
    rows, table = han.arg_true(), _simplified_characters()
    return folded.clone().scatter(rows, folded.gather(rows).str.replace_many(list(table), list(table.values())))


def without_accents(folded: pl.Series) -> pl.Series:
    """Dedup keys without the accents of Latin, Greek and Cyrillic letters (the combining marks U+0300-U+036F after NFD,
    and ``đ ø ł ı ß æ œ`` as ``d o l i ss ae oe``; other scripts' marks and Hangul syllables stay as they were): a copy an
    aggregator stripped of accents (``methode``, ``Frechet``, a Vietnamese abstract's every word) has its original's
    shingles (since signature scheme ``m2``, passage scheme ``p2``). One pass of a table of characters (``_unaccented_letters``)
    over the keys that are not ASCII: half the time of NFD, a regex and NFC."""
    accented = non_ascii(folded)
    if not accented.any():
        return folded
    rows, table = accented.arg_true(), _unaccented_letters()
    return folded.clone().scatter(rows, folded.gather(rows).str.replace_many(list(table), list(table.values())))


# A fold ``explain`` names raised the pair's Jaccard by at least this much (removing letters both copies hold alike
# moves it a little either way).
FOLD_GAIN = 0.05


def folds_that_matched(text_a: str, text_b: str, params: DedupParams = DedupParams()) -> tuple[list[str], float]:
    """The shingle-key folds that made two texts more alike (``accents``, ``traditional characters``, ``f-ligature
    letters``, ``British spellings``: applied in that order, those that raised the pair's Jaccard by ``FOLD_GAIN``) and their
    Jaccard as written, for ``explain``."""
    keys = pl.DataFrame({"t": [text_a, text_b]}).select(dedup_key(pl.col("t"))).to_series()

    def jaccard(folded: pl.Series) -> float:
        split = folded.to_frame("k").select(minhash.word_split_scripts(pl.col("k"))).to_series()
        rows, hashes = minhash.shingles(split, params.shingle_bytes, params.seed, as_written=True)
        a, b = set(hashes[rows == 0].tolist()), set(hashes[rows == 1].tolist())
        return len(a & b) / max(len(a | b), 1)

    steps = (
        ("accents", without_accents),
        ("traditional characters", simplified_han),
        ("f-ligature letters", lambda k: k.str.replace_all(minhash.LIGATURE_LETTERS, "")),
        ("British spellings", minhash.american_spellings),
    )
    as_written = before = jaccard(keys)
    folds = []
    for name, fold in steps:
        keys = fold(keys)
        after = jaccard(keys)
        if after >= before + FOLD_GAIN:
            folds.append(name)
        before = after
    return folds, as_written


def _candidates(nodes: pl.DataFrame, rows: pl.Series, folds: pl.LazyFrame | None, params: DedupParams) -> tuple[pl.Series, Candidates]:
    """The node rows in ``rows`` (sorted, once each) and their ``Candidates``; ``folded`` comes from the nodes or ``folds``."""
    wanted = nodes.select("dedup_key", "folded", "texts").with_row_index("row").join(rows.unique().cast(pl.UInt32).to_frame("row"), on="row").sort("row")
    missing = wanted.filter(pl.col("folded").is_null())
    if missing.height:
        if folds is None:
            raise ValueError(f"no folded text for {missing.height} candidate keys, e.g. {missing['dedup_key'][0]}")
        found = _folds_of(folds, missing["dedup_key"])
        wanted = wanted.join(found, on="dedup_key", how="left", suffix="_found", maintain_order="left").with_columns(
            folded=pl.coalesce("folded", "folded_found")
        )
        if wanted["folded"].has_nulls():
            raise ValueError("folds lacks the folded text of some candidate keys")
    shingled = minhash.shingle_hashes(wanted["folded"], params.lsh)
    return wanted["row"], Candidates(keys=wanted["dedup_key"], shingled=shingled, texts=wanted["texts"], folds=folds)


def _copies(keys: pl.DataFrame) -> pl.DataFrame:
    """One row per ``dedup_key``: the first of the other columns, ``text`` (the smallest) and ``texts`` (every distinct text, sorted)."""
    if "text" not in keys.columns:
        return _distinct_rows(keys, ["dedup_key"]).with_columns(texts=pl.lit(None, pl.List(pl.String)))
    others = [c for c in keys.columns if c not in ("dedup_key", "text")]
    return keys.group_by("dedup_key").agg(*[pl.col(c).first() for c in others], texts=pl.col("text").unique().sort()).with_columns(
        text=pl.col("texts").list.first()
    )


def match_keys(
    new_keys: pl.DataFrame,
    known: pl.DataFrame,
    params: DedupParams,
    folds: pl.LazyFrame | None = None,
    common: pl.Series | None = None,
    record_keys: pl.LazyFrame | None = None,
) -> Matches:
    """Match new keys against each other and against known keys; give each new key a record.

    ``new_keys``: ``dedup_key`` and ``text``, ``folded`` or ``bands`` and ``passages`` (keys never published;
    a row per copy, or per key); keys given only by their band keys get the ``folded`` and
    ``text`` of those in a candidate pair from ``folds`` (every copy's). ``known``:
    ``dedup_key``, ``record_id``, ``text`` of published keys, a row per distinct text (all
    of them, or only ``index_candidates`` with its ``common`` passage hashes - the result is
    the same). A component of confirmed edges joins the published
    record it touches; one that touches several merges them into the smallest id and retires
    the others; one that touches none founds a record named after its smallest key.
    A key that is two texts glued together (``glued_keys``) or that two different texts contain (``ambiguous_keys``;
    ``record_keys`` are the published occurrences both read for a published key) has no edges and no record.
    """
    new_keys = with_bands(_copies(new_keys).sort("dedup_key"), params)
    known = with_bands(_copies(known).sort("dedup_key"), params)
    nodes = pl.concat(
        [
            new_keys.select(
                "dedup_key",
                "bands",
                "passages",
                folded=pl.col("folded") if "folded" in new_keys.columns else pl.lit(None, pl.String),
                texts="texts",
                record_id=pl.lit(None, pl.String),
            ),
            known.select("dedup_key", "bands", "passages", "folded", "texts", "record_id"),
        ]
    )
    n_new = new_keys.height
    below = n_new if n_new < nodes.height else None  # pairs of two known keys are not wanted
    pairs = candidate_pairs(nodes.select("bands", "passages", row=pl.int_range(pl.len(), dtype=pl.UInt32)), params, common, below)
    node_rows, candidates = _candidates(nodes, pl.concat([pairs["a"], pairs["b"]]), folds, params)
    local = pairs.select(a=node_rows.search_sorted(pairs["a"]).cast(pl.UInt32), b=node_rows.search_sorted(pairs["b"]).cast(pl.UInt32))
    confirmed = confirm(local, candidates, params)
    edges = confirmed.with_columns(a=node_rows.gather(confirmed["a"]), b=node_rows.gather(confirmed["b"]))
    placed = nodes.select("dedup_key", "record_id")
    unplaced = unplaced_keys(confirmed, candidates, placed, n_new, record_keys, params)
    rejected_keys = unplaced["dedup_key"]
    # a glued or ambiguous key joins nothing: its edges go, and a published one leaves its record
    is_unplaced = nodes["dedup_key"].is_in(rejected_keys.implode()).to_numpy()
    edges = edges.filter(~pl.Series(is_unplaced[edges["a"].to_numpy()]) & ~pl.Series(is_unplaced[edges["b"].to_numpy()]))

    records = nodes["record_id"].drop_nulls().unique().sort()
    known_nodes = np.flatnonzero(~is_unplaced[n_new:]) + n_new
    known_records = nodes.height + records.search_sorted(nodes["record_id"].gather(known_nodes)).to_numpy().astype(np.int64)
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
    assignment = (
        labelled.filter(pl.col("is_new"))
        .select("dedup_key", "component")
        .join(per_component, on="component")
        .select("dedup_key", record_id=pl.when(~pl.col("dedup_key").is_in(rejected_keys.implode())).then(pl.col("record_id")))
    )
    merges = (
        per_component.filter(pl.col("retired").list.len() > 1)
        .explode("retired")
        .filter(pl.col("retired") != pl.col("surviving_id"))
        .select(retired_id="retired", surviving_id="surviving_id", via_dedup_key="via_dedup_key")
        .sort("retired_id")
    )
    merges = pl.concat([merges, _dissolved(nodes.filter(pl.Series(is_unplaced)), assignment, record_keys)])
    key_of = nodes["dedup_key"]
    edge_table = edges.select(
        dedup_key_a=key_of.gather(edges["a"]), dedup_key_b=key_of.gather(edges["b"]), measure=pl.col("measure"), similarity=pl.col("similarity")
    ) if edges.height else pl.DataFrame(schema=EDGES)
    return Matches(
        assignment=assignment.sort("dedup_key"),
        edges=edge_table.sort("dedup_key_a", "dedup_key_b"),
        merges=merges,
        bands=index_rows(new_keys, params),
        unplaced=unplaced.sort("dedup_key"),
    )


def unplaced_keys(
    confirmed: pl.DataFrame, candidates: Candidates, placed: pl.DataFrame, n_new: int, record_keys: pl.LazyFrame | None, params: DedupParams
) -> pl.DataFrame:
    """The keys of confirmed pairs (rows of ``candidates``) that join no record (``UNPLACED``): ``glued_keys``, then
    ``ambiguous_keys`` of the pairs without them (a glued block contains its parts)."""
    glued = glued_keys(confirmed, candidates, placed, n_new, record_keys, params)
    is_glued_row = candidates.keys.is_in(glued.implode()).to_numpy()
    unglued = confirmed.filter(~pl.Series(is_glued_row[confirmed["a"].to_numpy()] | is_glued_row[confirmed["b"].to_numpy()]))
    ambiguous = ambiguous_keys(unglued, candidates, placed, record_keys, params)
    return pl.concat(
        [pl.DataFrame({"dedup_key": keys, "reject_reason": reason}, schema=UNPLACED) for keys, reason in ((glued, GLUED), (ambiguous, AMBIGUOUS))]
    )


def _dissolved(unplaced: pl.DataFrame, assignment: pl.DataFrame, record_keys: pl.LazyFrame | None) -> pl.DataFrame:
    """``merges`` rows (no ``surviving_id``) of the published records whose every key is ``unplaced`` (``dedup_key``,
    ``record_id`` of the glued and ambiguous keys), none joining them: their blocks are all rejected now, so the id names no record."""
    left = unplaced.filter(pl.col("record_id").is_not_null()).select("dedup_key", "record_id")
    if left.is_empty():
        return pl.DataFrame(schema={"retired_id": pl.String, "surviving_id": pl.String, "via_dedup_key": pl.String})
    ids = left["record_id"].unique().implode()
    others = record_keys.filter(pl.col("record_id").is_in(ids)).select("dedup_key", "record_id").collect() if record_keys is not None else left
    kept = pl.concat([others.filter(~pl.col("dedup_key").is_in(left["dedup_key"].implode()))["record_id"], assignment["record_id"]])
    gone = left.filter(~pl.col("record_id").is_in(kept.drop_nulls().implode()))
    return gone.group_by("record_id").agg(via_dedup_key=pl.col("dedup_key").min()).select(
        retired_id="record_id", surviving_id=pl.lit(None, pl.String), via_dedup_key="via_dedup_key"
    ).sort("retired_id")


def glued_keys(
    confirmed: pl.DataFrame, candidates: Candidates, nodes: pl.DataFrame, n_new: int, record_keys: pl.LazyFrame | None, params: DedupParams
) -> pl.Series:
    """The keys of ``nodes`` that are two texts glued together: confirmed pairs cover their start and their end, with little in common.

    ``confirmed`` pairs are rows of ``candidates``, whose ``keys`` are node keys. A node
    with a covered end at or after ``n_new`` is published: the other keys of its record
    (``record_keys``: ``dedup_key``, ``record_id``, ``text`` of published occurrences) may
    cover its other end, so they are confirmed against it too.
    """
    sides = _glue_sides(confirmed, candidates)
    sides = sides.select(pl.exclude("longer"), dedup_key=candidates.keys.gather(sides["longer"]))
    published = nodes.slice(n_new).join(sides, on="dedup_key", how="semi")
    if record_keys is not None and published.height:
        sides = pl.concat([sides, _record_sides(published, record_keys, params)])
    return minhash.two_texts(sides, GLUE_NOISE)


def _glue_sides(confirmed: pl.DataFrame, candidates: Candidates) -> pl.DataFrame:
    """``minhash.covered_ends`` of the confirmed pairs, but for a start a truncated copy covers: it is no abstract of its own
    (a full text with a listing's cut copy and a copy without its opening sentence is one abstract, not two glued together)."""
    sides = minhash.covered_ends(confirmed, candidates.shingled, GLUE_RATIO, GLUE_SHARE, GLUE_LEAST, GLUE_NOISE)
    starts = sides.filter(pl.col("side") == 1)["shorter"]
    if starts.is_empty():
        return sides.drop("shorter")
    cut = starts.filter(candidates.texts_of(starts).list.first().str.contains(TRUNCATED_END))
    return sides.filter((pl.col("side") != 1) | ~pl.col("shorter").is_in(cut.implode())).drop("shorter")


def _fragment_pairs(confirmed: pl.DataFrame, sizes: np.ndarray, params: DedupParams) -> pl.DataFrame:
    """``fragment``, ``container``: the confirmed pairs ``(a, b)`` whose smaller side (``sizes``: shingles per row) the larger
    contains at ``params.containment`` and that has ``GLUE_RATIO`` times fewer shingles (a truncated copy, not a version)."""
    a, b = confirmed["a"].to_numpy(), confirmed["b"].to_numpy()
    small, large = np.minimum(sizes[a], sizes[b]), np.maximum(sizes[a], sizes[b])
    fragment = (confirmed["containment"].to_numpy() >= params.containment) & (large >= GLUE_RATIO * small)
    a_smaller = sizes[a] <= sizes[b]
    return pl.DataFrame(
        {"fragment": np.where(a_smaller, a, b)[fragment], "container": np.where(a_smaller, b, a)[fragment]}, schema={"fragment": pl.UInt32, "container": pl.UInt32}
    )


def ambiguous_keys(
    confirmed: pl.DataFrame, candidates: Candidates, placed: pl.DataFrame, record_keys: pl.LazyFrame | None, params: DedupParams
) -> pl.Series:
    """The keys that two texts which are not near duplicates of each other both contain (``_fragment_pairs`` of the confirmed
    pairs, with the key the smaller side): a listing's truncated copy holding only what two papers share would join their records.

    ``confirmed`` pairs are rows of ``candidates``; ``placed`` is ``dedup_key``, ``record_id`` of the keys (a published
    key has a record). A published key that a new text contains is also confirmed against the other keys of its record
    (``record_keys``: ``dedup_key``, ``record_id``, ``text`` of published occurrences), which may contain it too.
    """
    rows = _fragment_pairs(confirmed, np.diff(candidates.shingled.bounds), params)
    if rows.is_empty():
        return pl.Series("dedup_key", [], pl.String)
    involved = pl.concat([rows["fragment"], rows["container"]]).unique().sort()
    texts = pl.DataFrame({"dedup_key": candidates.keys.gather(involved), "texts": candidates.texts_of(involved)})
    fragments = pl.DataFrame({"fragment": candidates.keys.gather(rows["fragment"]), "container": candidates.keys.gather(rows["container"])})
    published = placed.filter(pl.col("record_id").is_not_null() & pl.col("dedup_key").is_in(fragments["fragment"].implode()))
    mates = pl.DataFrame(schema={"dedup_key": pl.String, "record_id": pl.String})
    if record_keys is not None and published.height:
        mates = _record_copies(published["record_id"], record_keys)
        texts = pl.concat([texts, mates.select("dedup_key", "texts")]).unique("dedup_key", keep="first")
        mate_pairs = published.join(mates.select("dedup_key", "record_id"), on="record_id", suffix="_mate")
        mate_pairs = mate_pairs.filter(pl.col("dedup_key") != pl.col("dedup_key_mate")).select(fragment="dedup_key", container="dedup_key_mate")
        fragments = pl.concat([fragments, mate_pairs]).unique()
    # every container of a fragment (a published fragment's record keys for the first time), confirmed on one set of texts ...
    keys = texts.sort("dedup_key").with_columns(text=pl.col("texts").list.first()).with_row_index("row")
    local = _text_candidates(keys, params)
    sizes = np.diff(local.shingled.bounds)
    row_of = keys.select("dedup_key", "row")
    numbered = fragments.join(row_of.rename({"dedup_key": "fragment", "row": "a"}), on="fragment").join(
        row_of.rename({"dedup_key": "container", "row": "b"}), on="container"
    )
    holds = _fragment_pairs(confirm(numbered.select("a", "b"), local, params), sizes, params)
    # ... then one fragment's containers against each other: a pair of them that is no near duplicate makes it ambiguous
    pairs = holds.join(holds, on="fragment", suffix="_other").filter(pl.col("container") < pl.col("container_other"))
    if pairs.is_empty():
        return pl.Series("dedup_key", [], pl.String)
    same = confirm(pairs.select(a="container", b="container_other").unique(), local, params).select(container="a", container_other="b")
    differing = pairs.join(same, on=["container", "container_other"], how="anti")
    # ... unless the fragment is one stretch of ``params.shared_run`` shingles in both: a whole abstract two pages' text
    # holds (a site's long head above one copy, another's long tail under the other), not what two papers share
    _, run = minhash.shared_runs(differing.select(a="fragment", b="container"), local.shingled)
    _, run_other = minhash.shared_runs(differing.select(a="fragment", b="container_other"), local.shingled)
    differing = differing.filter(pl.Series((run < params.shared_run) | (run_other < params.shared_run)))
    if differing.is_empty():
        return pl.Series("dedup_key", [], pl.String)
    # ... unless the two are one paper all the same: linked by other confirmed pairs or by a published record
    key = keys["dedup_key"]
    links = pl.concat(
        [
            pl.DataFrame({"a": candidates.keys.gather(confirmed["a"]), "b": candidates.keys.gather(confirmed["b"])}),
            pl.DataFrame({"a": key.gather(holds["fragment"]), "b": key.gather(holds["container"])}),
            pl.DataFrame({"a": key.gather(same["container"]), "b": key.gather(same["container_other"])}),
            pl.concat([placed, mates.select(placed.columns)]).drop_nulls().select(a="dedup_key", b=RECORD_NODE + pl.col("record_id")),
        ]
    )
    doubts = pl.DataFrame({"fragment": key.gather(differing["fragment"]), "a": key.gather(differing["container"]), "b": key.gather(differing["container_other"])})
    return _still_apart(doubts, links).rename("dedup_key")


def _still_apart(doubts: pl.DataFrame, links: pl.DataFrame) -> pl.Series:
    """The ``fragment``s of ``doubts`` with a container pair (``a``, ``b``) that ``links`` (pairs of nodes) leave in two components
    once every doubted fragment's links are dropped; a fragment found to join one paper gives its links back, until none does."""
    nodes = pl.concat([links["a"], links["b"], doubts["a"], doubts["b"]]).unique().sort()
    ends = [nodes.search_sorted(links[side]).to_numpy() for side in ("a", "b")]
    pair = [nodes.search_sorted(doubts[side]).to_numpy() for side in ("a", "b")]
    doubted = doubts["fragment"].unique().sort()
    while True:
        kept = ~(links["a"].is_in(doubted.implode()) | links["b"].is_in(doubted.implode())).to_numpy()
        graph = coo_matrix((np.ones(int(kept.sum()), dtype=np.int8), (ends[0][kept], ends[1][kept])), shape=(nodes.len(), nodes.len()))
        _, component = connected_components(graph, directed=False)
        apart = doubts["fragment"].filter(pl.Series(component[pair[0]] != component[pair[1]])).unique().sort()
        if apart.len() == doubted.len():
            return apart
        doubted = apart


def _record_sides(published: pl.DataFrame, record_keys: pl.LazyFrame, params: DedupParams) -> pl.DataFrame:
    """``covered_ends`` (by ``dedup_key``) of published keys (``dedup_key``, ``record_id``) that the other keys of their records cover."""
    keys = _record_copies(published["record_id"], record_keys).sort("dedup_key").with_row_index("row")
    row_of = keys.select("dedup_key", "record_id", "row")
    pairs = published.join(row_of, on=["dedup_key", "record_id"]).join(row_of, on="record_id", suffix="_mate")
    pairs = pairs.filter(pl.col("row") != pl.col("row_mate")).select(a="row", b="row_mate")
    local = _text_candidates(keys, params)
    confirmed = confirm(pairs, local, params)
    sides = _glue_sides(confirmed, local)
    sides = sides.filter(pl.col("longer").is_in(pairs["a"].implode()))
    return sides.select(pl.exclude("longer"), dedup_key=keys["dedup_key"].gather(sides["longer"]))


def _record_copies(record_ids: pl.Series, record_keys: pl.LazyFrame) -> pl.DataFrame:
    """``_copies`` of the published keys of the records ``record_ids`` (``record_keys``: ``dedup_key``, ``record_id``, ``text``)."""
    return _copies(record_keys.filter(pl.col("record_id").is_in(record_ids.unique().implode())).select("dedup_key", "record_id", "text").collect())


def _text_candidates(keys: pl.DataFrame, params: DedupParams) -> Candidates:
    """``Candidates`` of ``keys`` (``dedup_key``, ``text``, ``texts``), in their order, shingled from their text."""
    return Candidates(keys=keys["dedup_key"], shingled=minhash.shingle_hashes(with_folded(keys)["folded"], params.lsh), texts=keys["texts"])


def text_damage(text: pl.Expr, text_raw: pl.Expr | None = None) -> pl.Expr:
    """Damaged characters of a normalized text (``DAMAGE``), its sentences that start in lower case (``LOWER_CASE_FIRST``,
    ``LOWER_CASE_AFTER_STOP``) or are written in capitals or title case (``CASE_SAMPLE``), its reference and footnote
    marks (``CITATION_MARK``, ``FOOTNOTE_DIGIT``), a number in front of it (``LEADING_NUMBER``) and its raw block's
    line-end hyphens before a capital (``CAPITAL_LINE_BREAK``), a kept-rule criterion."""
    marks = text.str.count_matches(CITATION_MARK) + text.str.count_matches(FOOTNOTE_DIGIT) + text.str.contains(LEADING_NUMBER).cast(pl.UInt32)
    lower_case_starts = text.str.contains(LOWER_CASE_FIRST).cast(pl.UInt32) + text.str.count_matches(LOWER_CASE_AFTER_STOP)
    damaged = _beyond_ascii_matches(text, DAMAGE)
    breaks = pl.lit(0, pl.UInt32) if text_raw is None else _capital_line_breaks(text_raw)
    return (damaged + lower_case_starts + marks + breaks + _miscased_sentences(text)).cast(pl.UInt32)


def _miscased_sentences(text: pl.Expr) -> pl.Expr:
    """The sentences of each text written in capitals or in title case (``CASE_SAMPLE``), 0 for the others."""

    def count(texts: pl.Series) -> pl.Series:
        counts = (texts.str.len_bytes() * 0).cast(pl.UInt32)
        head = texts.str.slice(0, CASE_SAMPLE)
        shouted = ~head.str.contains(r"\p{Ll}") & head.str.contains(r"\p{Lu}\p{Lu}")
        maybe = (shouted | head.str.contains(r"\A[^\p{L}]*(?:\p{Lu}\p{Ll}*[^\p{L}]+){5}")).fill_null(False)
        if not maybe.any():
            return counts
        found = texts.filter(maybe).to_frame("t").select(
            upper=pl.col("t").str.count_matches(r"\p{Lu}"),
            lower=pl.col("t").str.count_matches(r"\p{Ll}"),
            letters=pl.col("t").str.count_matches(r"\p{L}"),
            words=pl.col("t").str.count_matches(r"\p{L}{4,}"),
            capitalized=pl.col("t").str.count_matches(r"\p{Lu}\p{L}{3,}"),
            sentences=pl.col("t").str.count_matches(r"[.!?](?:\s|$)").clip(lower_bound=1),
        )
        cased = 2 * (found["upper"] + found["lower"]) >= found["letters"]
        miscased = cased & ((found["upper"] > found["lower"]) | (found["capitalized"] >= TITLE_CASE_SHARE * found["words"]))
        return counts.scatter(maybe.arg_true(), (found["sentences"] * miscased).cast(pl.UInt32))

    return text.map_batches(count, return_dtype=pl.UInt32, is_elementwise=True)


def _capital_line_breaks(text_raw: pl.Expr) -> pl.Expr:
    """``CAPITAL_LINE_BREAK`` in each raw block, looked for in the blocks with a hyphen before a line break only."""
    return _matches_where(text_raw, CAPITAL_LINE_BREAK, lambda texts: texts.str.contains(r"[-\u2010][ \t]*\r?\n").fill_null(False)).fill_null(0)


def _beyond_ascii_matches(text: pl.Expr, pattern: str) -> pl.Expr:
    """Matches of ``pattern`` (which matches no ASCII) in each text, looked for in the texts beyond ASCII only."""
    return _matches_where(text, pattern, non_ascii)


def _matches_where(text: pl.Expr, pattern: str, may_match: Callable[[pl.Series], pl.Series]) -> pl.Expr:
    """Matches of ``pattern`` in each text, looked for in the texts ``may_match`` selects (a cheaper test) only; 0 in the
    others, null for a null text."""

    def count(texts: pl.Series) -> pl.Series:
        counts = (texts.str.len_bytes() * 0).cast(pl.UInt32)
        rows = may_match(texts)
        return counts.scatter(rows.arg_true(), texts.filter(rows).str.count_matches(pattern)) if rows.any() else counts

    return text.map_batches(count, return_dtype=pl.UInt32, is_elementwise=True)


def text_length(text: pl.Expr) -> pl.Expr:
    """Characters of a normalized text, a dash between words (``SPELLED_DASH``, with the spaces around it) counting none,
    a letter with an accent (``ACCENTED_LETTER``) two and a typeset sign more (``TYPESET_SIGNS``), a kept-rule criterion."""
    length = text.str.replace_all(SPELLED_DASH, "").str.len_chars() + _beyond_ascii_matches(text, ACCENTED_LETTER)
    return sum((extra * _beyond_ascii_matches(text, sign) for sign, extra in TYPESET_SIGNS), length).cast(pl.UInt32)


def with_text_stats(frame: pl.DataFrame) -> pl.DataFrame:
    """Add ``text_len`` (``text_length``) and ``text_damage`` (``text_damage``), the kept rule's criteria besides words,
    where the frame has ``text`` and not them."""
    if "text" not in frame.columns:
        return frame
    raw = pl.col("text_raw") if "text_raw" in frame.columns else None
    stats = {"text_len": text_length(pl.col("text")), "text_damage": text_damage(pl.col("text"), raw)}
    return frame.with_columns(
        **{name: pl.coalesce(pl.col(name).cast(pl.UInt32), value) if name in frame.columns else value for name, value in stats.items()}
    )


def mark_kept(occurrences: pl.DataFrame, params: DedupParams, folds: pl.DataFrame | pl.LazyFrame | None = None) -> pl.DataFrame:
    """Set ``status`` and ``similarity`` of every occurrence from the kept rule.

    The most complete version is the one with the most letters in its shingle key, less ``DAMAGE_LETTERS`` per damaged
    character and sentence started in lower case (``text_damage``; a mojibake pair holds a letter more than what it stands
    for: without the cost, a damaged copy would outrank its clean twin; copies of one key differ in that cost only), less
    ``DAMAGE_LETTERS`` per typo that added a letter (``_with_typos``) and less its page head's and tail's letters
    (``_head_letters``: a site's title, authors and counts above the abstract that no normalize rule knows;
    ``_tail_letters``: its fields and links below it; at a tie the copy with the fewer wins); letters, not words, so that a copy whose hyphens an
    aggregator turned into spaces (``multi task``) does not outrank the clean one, which then wins on its longer text (its
    commas and hyphens, ``text_length``; but first the fewer words a PDF split in two, ``_with_split_words``); then the fewer words that are no English word (``_with_unknown_words``); ``similarity``
    is the exact Jaccard of the occurrence's shingles with the kept text's (1.0 for the kept
    occurrence and its exact duplicates). Occurrences need ``text_len`` and ``text_damage``, or
    ``text``; ``folds`` (``dedup_key, folded``) must cover the keys of records with several keys
    that carry no ``text`` (by default from the rows); their ``text``, where ``folds`` has one, tells page heads from first sentences (tails from last ones).
    """
    accepted = occurrences.filter(pl.col("reject_reason").is_null())
    # the criteria rank the copies of a record: worked out for records with several only
    contested = pl.len().over("record_id") > 1
    accepted = pl.concat([with_text_stats(accepted.filter(contested)), accepted.filter(~contested)], how="diagonal_relaxed")
    # letters only rank different keys: count them in the records that have several
    several = accepted.filter(pl.col("dedup_key").n_unique().over("record_id") > 1).select("dedup_key").unique()
    per_key = _covering_folds(several, accepted, folds).select("dedup_key", "folded", _letters=_letters(pl.col("folded")))
    blocks = accepted.group_by("dedup_key").agg(pl.col("record_id").first(), blocks=pl.len())
    per_key = per_key.join(_head_letters(per_key, blocks, accepted, folds), on="dedup_key", how="left").join(
        _tail_letters(per_key, blocks, accepted, folds), on="dedup_key", how="left"
    )
    scored = (
        accepted.drop("folded", strict=False)
        .join(per_key.select("dedup_key", "_letters", _chrome=pl.col("_head").fill_null(0) + pl.col("_tail").fill_null(0)), on="dedup_key", how="left")
        .with_columns(_chrome=pl.col("_chrome").fill_null(0))
        .with_columns(  # a record of one key counts no letters, but its copies' damage
            _letters=pl.col("_letters").cast(pl.Int64).fill_null(0) - pl.col("_chrome") - DAMAGE_LETTERS * pl.col("text_damage").cast(pl.Int64)
        )
    )
    ranked = (
        _with_unknown_words(_with_split_words(_with_typos(scored, per_key), per_key), per_key)
        .sort("_letters", "_chrome", "_split", "text_len", "_unknown", "path", "ordinal", descending=[True, False, False, True, False, False, False], nulls_last=True)
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
    columns = [c for c in rejected.columns if c in marked.columns and c not in ("text_len", "text_damage")]
    return pl.concat([marked.select(columns), rejected.select(columns)], how="diagonal_relaxed").sort("path", "ordinal")


@lru_cache(maxsize=1)
def _known_word_hashes() -> np.ndarray:
    """The 64-bit hashes (``Series.hash``) of the words of wordfreq's large English list (321,000; ~0.15 s, first use
    only), sorted: looking words up in them is ten times faster than ``is_in`` of the list's strings."""
    from wordfreq import iter_wordlist

    return np.sort(pl.Series(list(iter_wordlist("en", "large")), dtype=pl.String).hash().to_numpy())


def _is_english_word(words: pl.Series) -> pl.Series:
    """Whether each word is in wordfreq's large English list (by its 64-bit hash)."""
    known = _known_word_hashes()
    hashes = words.hash().to_numpy()
    at = np.minimum(np.searchsorted(known, hashes), len(known) - 1)
    return pl.Series(words.name, known[at] == hashes) & words.is_not_null()


def _with_unknown_words(scored: pl.DataFrame, per_key: pl.DataFrame) -> pl.DataFrame:
    """Add ``_unknown``: for the keys of a record that tie on letters, page head and tail and text length (a copy with two letters
    swapped, ``verificatoin``, ties with the clean one), the words of the shingle key that are no English word (0 for others)."""
    tied = scored.filter(pl.col("dedup_key").n_unique().over("record_id", "_letters", "_chrome", "_split", "text_len") > 1).select("dedup_key").unique()
    words = per_key.join(tied, on="dedup_key", how="semi").select("dedup_key", _word=pl.col("folded").str.split(" ")).explode("_word")
    unknown = words.filter(~_is_english_word(words["_word"])).group_by("dedup_key").agg(_unknown=pl.len())
    return scored.join(unknown, on="dedup_key", how="left").with_columns(pl.col("_unknown").fill_null(0))


TYPO_MIN_LETTERS = 4  # the English word a typo added a letter to has this many letters or more (a short one's are other words too often)
TYPO_GAP = 20  # typos are looked for in the keys of records whose two leading keys are 1 to this many letters apart


def _with_typos(scored: pl.DataFrame, per_key: pl.DataFrame) -> pl.DataFrame:
    """Take ``DAMAGE_LETTERS`` off ``_letters`` per typo (``_typos``) of the keys of records whose two leading keys are 1
    to ``TYPO_GAP`` letters apart: an added letter would otherwise win a typo copy the record (``methodz``); a copy
    further ahead has more of the abstract, and keys that tie go to the later criteria (the fewer words that are no
    English word among them)."""
    keys = scored.filter(pl.col("record_id").is_not_null()).group_by("dedup_key").agg(pl.col("record_id").first(), pl.col("_letters").max())
    leading = pl.col("_letters").sort(descending=True)
    gaps = keys.filter(pl.len().over("record_id") > 1).group_by("record_id").agg(gap=leading.get(0) - leading.get(1))
    close = gaps.filter(pl.col("gap").is_between(1, TYPO_GAP))
    if close.is_empty():
        return scored
    contested = keys.join(close, on="record_id", how="semi").join(per_key.select("dedup_key", "folded"), on="dedup_key")
    typos = _typos(contested)
    return scored.join(typos, on="dedup_key", how="left").with_columns(
        _letters=pl.col("_letters") - DAMAGE_LETTERS * pl.col("_typos").fill_null(0).cast(pl.Int64)
    ).drop("_typos")


def _typos(keys: pl.DataFrame) -> pl.DataFrame:
    """``dedup_key, _typos`` of keys (``dedup_key, record_id, folded``): the words of a key that another key of its record
    holds with a letter less (``methodz``, ``balancingg`` where the other holds ``method``, ``balancing``): no English
    word and not in the other key, which holds the English word (of ``TYPO_MIN_LETTERS`` letters or more). A letter split
    off where a hyphen was (``ImageNet-C``, ``Q-values``: the key's ``imagenetc`` and ``qvalues`` against a copy's
    ``imagenet c`` and ``q values`` that lost the hyphens) is no typo. Typos that keep the letters (swapped, changed) or
    drop one do not make a copy win."""
    keys = keys.with_row_index("_key")
    flat = keys.select("_key", word=pl.col("folded").str.split(" ")).explode("word").with_columns(_hash=pl.col("word").hash()).unique(["_key", "_hash"])
    distinct = flat.filter(pl.col("word").str.len_chars() > TYPO_MIN_LETTERS).unique("_hash").select("word", "_hash")
    unknown = flat.join(distinct.filter(~_is_english_word(distinct["word"])), on="_hash", how="semi")
    pairs = keys.select("record_id", "_key").join(keys.select("record_id", _other="_key"), on="record_id").filter(pl.col("_key") != pl.col("_other"))
    held = flat.select(_other="_key", _hash="_hash")  # the words each other key holds
    ours = unknown.join(pairs, on="_key").join(held, on=["_other", "_hash"], how="anti")  # not in the other key
    cut = pl.int_ranges(0, pl.col("word").str.len_chars()).alias("_at")
    variants = ours.with_columns(cut).explode("_at").select(
        "_key", "_other", "word", word_other=pl.col("word").str.slice(0, pl.col("_at")) + pl.col("word").str.slice(pl.col("_at") + 1)
    )
    met = variants.with_columns(_hash=pl.col("word_other").hash()).join(held, on=["_other", "_hash"], how="semi").unique()
    met = met.filter(_is_english_word(met["word_other"])).join(keys.select("_key", "folded"), on="_key")
    met = met.join(keys.select(_other="_key", folded_other="folded"), on="_other")
    # the other key writes the added letter as a word beside the English word, where this key does not write it beside the
    # typo ("a sparse" against "a asparse" is a typo)
    first, last, word, other = pl.col("word").str.head(1), pl.col("word").str.tail(1), pl.col("word"), pl.col("word_other")
    at_start, at_end = other == word.str.slice(1), other == word.str.head(-1)
    split_off = pl.when(at_start).then(" " + first + " " + other + " ").when(at_end).then(" " + other + " " + last + " ")
    beside = pl.when(at_start).then(" " + first + " " + word + " ").when(at_end).then(" " + word + " " + last + " ")
    hyphen = (" " + pl.col("folded_other") + " ").str.contains(split_off, literal=True).fill_null(False) & ~(
        " " + pl.col("folded") + " "
    ).str.contains(beside, literal=True).fill_null(False)
    typos = met.group_by("_key", "word").agg(_hyphen=hyphen.any()).filter(~pl.col("_hyphen"))  # a typo read no other way
    return typos.join(keys.select("dedup_key", "_key"), on="_key").group_by("dedup_key").agg(_typos=pl.len())


# Words a PDF does not split another word into, and that a scraper glues to the next word (wordfreq holds "thatthe", "whenthe").
_FUNCTION_WORDS = (
    "the", "and", "for", "that", "with", "from", "this", "these", "those", "when", "where", "which", "while", "are", "was", "were", "can",
    "not", "but", "has", "have", "its", "our", "their", "into", "than", "then", "also", "such", "each", "both", "how", "what", "who",
)


def _with_split_words(scored: pl.DataFrame, per_key: pl.DataFrame) -> pl.DataFrame:
    """Add ``_split``: for the leading keys of a record that tie on letters and page head and tail, the words a PDF split in
    two (0 for others): two words side by side, of three letters or more and no function word (``_FUNCTION_WORDS``), whose
    concatenation is an English word another key holds (``net works``, ``proto col`` against ``networks``, ``protocol``),
    unless that key writes as one word two words of this key that make no English word (it glued words, ``thedistribution``,
    ``communicationcosts``, and may have written ``firsttime`` for ``first time`` too; or it dropped a compound's hyphen,
    ``wellperforming``). Without it the split copy was kept, longer by its spaces."""
    leading = pl.col("_letters") == pl.col("_letters").max().over("record_id")  # only the leading keys' ties decide
    tied = scored.filter(leading & (pl.col("dedup_key").n_unique().over("record_id", "_letters", "_chrome") > 1)).group_by("dedup_key").agg(pl.col("record_id").first())
    if tied.is_empty():
        return scored.with_columns(_split=pl.lit(0, pl.UInt32))
    words = tied.join(per_key.select("dedup_key", "folded"), on="dedup_key").select("dedup_key", "record_id", word=pl.col("folded").str.split(" ")).explode("word")
    pairs = words.select("dedup_key", "record_id", first="word", second=pl.col("word").shift(-1).over("dedup_key")).drop_nulls("second")
    pairs = pairs.with_columns(joined=pl.col("first") + pl.col("second")).filter(pl.col("joined").str.len_chars() > TYPO_MIN_LETTERS)
    pieces = pl.col("first", "second")
    content = pl.all_horizontal(pieces.str.len_chars() > 2) & ~pl.any_horizontal(pieces.is_in(_FUNCTION_WORDS))
    held = words.select("record_id", _other="dedup_key", joined="word").unique()
    # a pair here, one word in another key: split here if that word is English and the pieces are content words
    met = pairs.join(held, on=["record_id", "joined"]).filter(pl.col("_other") != pl.col("dedup_key"))
    met = met.join(words.select("dedup_key", joined="word").unique(), on=["dedup_key", "joined"], how="anti")  # a key that writes it both ways
    met = met.with_columns(_english=_is_english_word(met["joined"]), _content=content)
    # a key that writes as one word two words that this key writes apart and that make no English word ("thedistribution",
    # "communicationcosts") glued words, or dropped a compound's hyphen: its English words ("firsttime") are no evidence
    glued = met.filter(~pl.col("_english")).select(_other="_other").unique()
    splits = met.filter(pl.col("_english") & pl.col("_content")).join(glued, on="_other", how="anti").select("dedup_key", "joined")
    damage = splits.unique().group_by("dedup_key").agg(_split=pl.len().cast(pl.UInt32))
    return scored.join(damage, on="dedup_key", how="left").with_columns(pl.col("_split").fill_null(0))


def _letters(folded: pl.Expr) -> pl.Expr:
    """Letters of a shingle key (its characters less the spaces between words), a lone ``x`` (``_LONE_X``) counting none."""
    return folded.str.len_chars() - folded.str.count_matches(" ") - folded.str.count_matches(_LONE_X)  # the regex engine counts " " faster than literal=True


def _head_letters(per_key: pl.DataFrame, blocks: pl.DataFrame, rows: pl.DataFrame, given: pl.DataFrame | pl.LazyFrame | None) -> pl.DataFrame:
    """``dedup_key, _head``: the letters of each key (``per_key``: ``dedup_key, folded``) before its record's opening, where it
    holds the opening after words that are no sentence of the text (a page's head above the abstract: its title, authors,
    affiliations), else 0.

    A record's opening is the first ``OPENING_WORDS`` words that more of its blocks (``blocks``: ``dedup_key, record_id,
    blocks``) start with than any other words, two at least; a record without one has no heads. Words before the opening
    that end in a sentence's end in the key's text (``rows``' ``text``, else ``given``'s) are a first sentence the other
    copies lost, not a head; a key without text has none.
    """
    heads = _beyond_common_end(per_key, blocks, last=False)
    if heads.is_empty():
        return heads
    texts = _texts_of(heads.select("dedup_key"), rows, given)
    return heads.join(_sentence_prefixes(texts), on=["dedup_key", "_head"], how="anti")


def _tail_letters(per_key: pl.DataFrame, blocks: pl.DataFrame, rows: pl.DataFrame, given: pl.DataFrame | pl.LazyFrame | None) -> pl.DataFrame:
    """``dedup_key, _tail``: the letters of each key after its record's ending (its last ``OPENING_WORDS`` words that more
    of its blocks end with than any other words, two at least), where it holds the ending and a sentence's end after it,
    then words that end no sentence (a page's fields, links and counts after the abstract: ``… outputs. Altmetric 42``),
    else 0. Words after the ending that end in a sentence's end are a last sentence the other copies lack; words after
    an ending that ends no sentence in the key's text (a cut copy's) are the rest of that sentence."""
    tails = _beyond_common_end(per_key, blocks, last=True).rename({"_head": "_tail"})
    if tails.is_empty():
        return tails
    texts = _texts_of(tails.select("dedup_key"), rows, given)
    return tails.join(_unended_suffixes(texts), on=["dedup_key", "_tail"], how="semi")


def _beyond_common_end(per_key: pl.DataFrame, blocks: pl.DataFrame, last: bool) -> pl.DataFrame:
    """``dedup_key, _head``: the letters of each key before its record's opening (``last``: after its ending) where the key
    holds it elsewhere than at its start (end); the opening (ending) is the first (last) ``OPENING_WORDS`` words of the
    keys that more of the record's blocks start (end) with than any other words, two at least."""
    words = pl.col("folded").str.split(" ")
    keys = per_key.join(blocks, on="dedup_key").select(
        "dedup_key", "record_id", "blocks", "folded", end=(words.list.tail if last else words.list.head)(OPENING_WORDS).list.join(" ")
    )
    counts = keys.group_by("record_id", "end").agg(pl.col("blocks").sum()).sort("blocks", "end", descending=[True, False])
    top = counts.group_by("record_id", maintain_order=True).agg(
        pl.col("end").first(), top=pl.col("blocks").first(), runner_up=pl.col("blocks").get(1, null_on_oob=True).fill_null(0)
    )
    ends = top.filter((pl.col("top") >= 2) & (pl.col("top") > pl.col("runner_up"))).select("record_id", record_end="end")
    padded, needle = " " + pl.col("folded") + " ", " " + pl.col("record_end") + " "
    beyond = keys.join(ends, on="record_id").filter(pl.col("end") != pl.col("record_end"), padded.str.contains(needle, literal=True))
    part = padded.str.split(needle).list.last() if last else padded.str.split(needle).list.first()
    return beyond.select("dedup_key", _head=_letters(part.str.strip_chars(" ")).cast(pl.Int64))


def _texts_of(keys: pl.DataFrame, rows: pl.DataFrame, given: pl.DataFrame | pl.LazyFrame | None) -> pl.DataFrame:
    """``dedup_key, text`` of the ``keys`` that ``rows`` or ``given`` carry a text of (one each)."""
    parts = [rows.join(keys, on="dedup_key", how="semi").select("dedup_key", "text")] if "text" in rows.columns else []
    if given is not None and "text" in given.lazy().collect_schema():
        parts.append(_folds_of(given.lazy(), keys["dedup_key"], "text"))
    schema = {"dedup_key": pl.String, "text": pl.String}
    return pl.concat([p.cast(schema) for p in parts]).drop_nulls().unique("dedup_key") if parts else pl.DataFrame(schema=schema)


def _sentence_prefixes(texts: pl.DataFrame) -> pl.DataFrame:
    """``dedup_key, _head``: the letters of the key before each sentence of a text (``dedup_key, text``) but its first, where
    the sentences before it are prose (``_is_prose``): ``Volume 113, Issue 4. Pages 1-20.`` and ``Jane Doe, John Roe.`` are a
    page head's fields that end in full stops."""
    letters = pl.col("_sentence_letters")
    prose_before = _is_prose(pl.col("sentence")).cum_min().shift(1, fill_value=True).over("dedup_key")
    heads = _sentences(texts).select("dedup_key", _head=letters.cum_sum().over("dedup_key") - letters, _prose=prose_before)
    return heads.filter(pl.col("_prose") & (pl.col("_head") > 0)).select("dedup_key", "_head").unique()


def _unended_suffixes(texts: pl.DataFrame) -> pl.DataFrame:
    """``dedup_key, _tail``: the letters of the key after each sentence's end of a text (``dedup_key, text``), for the
    texts that end in no sentence's end."""
    letters = pl.col("_sentence_letters")
    after = letters.sum().over("dedup_key") - letters.cum_sum().over("dedup_key")
    return _sentences(texts.filter(~pl.col("text").str.contains(_ENDS_SENTENCE))).select("dedup_key", _tail=after).filter(pl.col("_tail") > 0).unique()


def _sentences(texts: pl.DataFrame) -> pl.DataFrame:
    """``dedup_key, sentence, _sentence_letters``: each sentence of a text (``dedup_key, text``; ``_SENTENCE_END``), in order,
    and the letters of its shingle key."""
    sentences = texts.select("dedup_key", sentence=pl.col("text").str.replace_all(_SENTENCE_END, "${1}\u0001").str.split("\u0001")).explode("sentence")
    return sentences.with_columns(_sentence_letters=_letters(shingle_key(pl.col("sentence"))).cast(pl.Int64))


def _folds_of(folds: pl.LazyFrame, keys: pl.Series, column: str = "folded") -> pl.DataFrame:
    """``dedup_key`` and ``column`` (``folded``, or ``text``) of ``folds`` for ``keys``, once each (a filter the Parquet reader
    applies as it reads, so a staged scan stays small)."""
    return folds.filter(pl.col("dedup_key").is_in(keys.implode())).select("dedup_key", column).unique("dedup_key").collect()


def _covering_folds(keys: pl.DataFrame, rows: pl.DataFrame, given: pl.DataFrame | pl.LazyFrame | None) -> pl.DataFrame:
    """``dedup_key, folded`` of every key in ``keys``: from ``given``, else from the rows' ``folded`` or ``text``."""
    parts = [] if given is None else [_folds_of(given.lazy(), keys["dedup_key"])]
    if {"text", "folded"} & set(rows.columns):
        columns = [c for c in ("dedup_key", "text", "folded") if c in rows.columns]
        parts.append(with_folded(rows.join(keys, on="dedup_key", how="semi").select(columns).unique("dedup_key")).select("dedup_key", "folded"))
    found = pl.concat(parts).drop_nulls("folded").unique("dedup_key") if parts else pl.DataFrame(schema={"dedup_key": pl.String, "folded": pl.String})
    missing = keys.join(found, on="dedup_key", how="anti")
    if missing.height:
        raise ValueError(f"no text for {missing.height} dedup keys of records with several keys, e.g. {missing['dedup_key'][0]}")
    return found


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
    """Accepted keys of the new blocks that are not published yet (``dedup_key`` and ``text``, ``folded`` or ``bands`` and
    ``passages``; one row per distinct text of a key)."""
    accepted = new_blocks.filter(pl.col("reject_reason").is_null()) if "reject_reason" in new_blocks.columns else new_blocks
    columns = [c for c in ("dedup_key", "text", "folded", "bands", "passages") if c in accepted.columns]
    subset = ["dedup_key", "text"] if "text" in columns else ["dedup_key"]
    fresh = accepted.select(columns).filter(~pl.col("dedup_key").is_in(known_keys["dedup_key"].implode()))  # ~30x faster than an anti join at 100k keys
    return _distinct_rows(fresh, subset).sort(subset)


def _distinct_rows(frame: pl.DataFrame, subset: list[str]) -> pl.DataFrame:
    """``frame.unique(subset)``, without copying a frame that has no duplicates (its lists of band keys are large)."""
    return frame.unique(subset) if frame.select(subset).is_duplicated().any() else frame


def _key_records(known_keys: pl.DataFrame, matches: Matches) -> pl.DataFrame:
    retire = matches.merges.select(record_id="retired_id", _survivor="surviving_id")
    return _retire(pl.concat([known_keys.select("dedup_key", "record_id"), matches.assignment]), retire)


def affected_records(new_blocks: pl.DataFrame, known_keys: pl.DataFrame, matches: Matches) -> pl.Series:
    """Published record ids the new blocks touch: joined, surviving or retired."""
    accepted = new_blocks.filter(pl.col("reject_reason").is_null()).select("dedup_key")
    joined = accepted.join(known_keys.select("dedup_key", "record_id"), on="dedup_key")["record_id"]
    left = known_keys.filter(pl.col("dedup_key").is_in(matches.unplaced["dedup_key"].implode()))["record_id"]  # an unplaced published key leaves its record
    touched = pl.concat([joined, matches.merges["retired_id"], matches.merges["surviving_id"], matches.assignment["record_id"], left])
    published = known_keys["record_id"].unique()
    return touched.filter(touched.is_in(published.implode())).unique().sort().rename("record_id")


def reject_unplaced(frame: pl.DataFrame, unplaced: pl.DataFrame) -> pl.DataFrame:
    """Accepted rows whose ``dedup_key`` is ``unplaced``: rejected with its reason (glued, ambiguous), in no record."""
    reasons = unplaced.select("dedup_key", _unplaced="reject_reason")
    found = frame.join(reasons, on="dedup_key", how="left", maintain_order="left")
    now_rejected = pl.col("reject_reason").is_null() & pl.col("_unplaced").is_not_null()
    return found.with_columns(
        reject_reason=pl.coalesce("reject_reason", "_unplaced"),
        record_id=pl.when(now_rejected).then(pl.lit(None, pl.String)).otherwise(pl.col("record_id")),
    ).drop("_unplaced")


def assign(
    new_blocks: pl.DataFrame,
    history: pl.DataFrame,
    known_keys: pl.DataFrame,
    matches: Matches,
    params: DedupParams = DedupParams(),
    folds: pl.DataFrame | pl.LazyFrame | None = None,
    withdrawn: pl.Series | None = None,
) -> pl.DataFrame:
    """The new blocks and every published occurrence of the records they touch, with records and statuses.

    ``history`` must hold all published occurrences of ``affected_records(...)`` and of the ``withdrawn`` records (published
    records that lost occurrences: a listing file whose content changed), but for the lost ones (it may hold more); retired
    ids are replaced by their survivors. New blocks without ``text`` need ``text_len`` and their keys' ``folds`` (see ``mark_kept``).
    """
    key_records = _key_records(known_keys, matches)
    assigned = new_blocks.drop("record_id", strict=False).join(key_records, on="dedup_key", how="left").with_columns(
        record_id=pl.when(pl.col("reject_reason").is_null()).then(pl.col("record_id"))
    )
    affected = affected_records(new_blocks, known_keys, matches)
    if withdrawn is not None:
        affected = pl.concat([affected, withdrawn]).unique()
    retire = matches.merges.select(record_id="retired_id", _survivor="surviving_id")
    touched = _retire(history.filter(pl.col("record_id").is_in(affected.implode())), retire).drop("status", "similarity")
    return mark_kept(reject_unplaced(pl.concat([assigned, touched], how="diagonal_relaxed"), matches.unplaced), params, folds)


def withdrawn_dissolved(withdrawn: pl.DataFrame, assigned: pl.DataFrame, merges: pl.DataFrame) -> pl.DataFrame:
    """``merges`` rows (no ``surviving_id``) of the records whose blocks all left (``withdrawn``: ``record_id``, ``dedup_key``
    of the blocks of a listing file whose content changed) and that no block of ``assign``'s holds now, nor were retired by
    this run's ``merges``: the id names no record."""
    held = pl.concat([assigned["record_id"].drop_nulls(), merges["retired_id"]]).implode()
    gone = withdrawn.filter(~pl.col("record_id").is_in(held))
    return gone.group_by("record_id").agg(via_dedup_key=pl.col("dedup_key").min()).select(
        retired_id="record_id", surviving_id=pl.lit(None, pl.String), via_dedup_key="via_dedup_key"
    ).sort("retired_id")


def changed_records(assigned: pl.DataFrame, history: pl.DataFrame) -> pl.Series:
    """Published record ids with an occurrence whose record, status or similarity ``assign`` changed (before or after).

    The published occurrences of the other affected records stay as they are: a run only adds
    rows to those records.
    """
    outcome = ["record_id", "status", "similarity"]
    before = history.select("source_id", "ordinal", *[pl.col(c).alias(f"{c}_before") for c in outcome])
    compared = assigned.select("source_id", "ordinal", *outcome).join(before, on=["source_id", "ordinal"])
    differs = pl.any_horizontal(pl.col(c).ne_missing(pl.col(f"{c}_before")) for c in outcome)
    changed = compared.filter(differs)
    return pl.concat([changed["record_id"], changed["record_id_before"]]).drop_nulls().unique().sort().rename("record_id")


def deduplicate(
    new_blocks: pl.DataFrame, history: pl.DataFrame, params: DedupParams = DedupParams(), folds: pl.LazyFrame | None = None
) -> DedupResult:
    """All occurrences (published ones and the new blocks) with record ids and statuses, in memory.

    ``new_blocks`` need ``dedup_key``, ``reject_reason`` and ``text`` (or ``text_len`` and
    ``bands``, with their keys' ``dedup_key, folded`` in ``folds``); ``history`` is the
    published ``occurrences`` table, whose record ids keep their meaning (a merge retires ids
    into a survivor, reported in ``matches.merges``).
    """
    published = history.filter(pl.col("record_id").is_not_null())
    copies = published.select("dedup_key", "record_id", "text").unique(["dedup_key", "text"])
    known_keys = copies.unique("dedup_key")
    matches = match_keys(fresh_keys(new_blocks, known_keys), copies, params, folds, record_keys=published.lazy())
    affected = affected_records(new_blocks, known_keys, matches)
    changed = assign(new_blocks, published, known_keys, matches, params, folds)
    untouched = history.filter(~pl.col("record_id").is_in(affected.implode()) | pl.col("record_id").is_null())
    shared = [c for c in untouched.columns if c in changed.columns] or changed.columns
    occurrences = pl.concat([untouched, changed.select(shared)], how="diagonal_relaxed")
    return DedupResult(occurrences=occurrences.sort("path", "ordinal"), matches=matches, affected=affected)


def _retire(frame: pl.DataFrame, retire: pl.DataFrame) -> pl.DataFrame:
    return frame.join(retire, on="record_id", how="left").with_columns(record_id=pl.coalesce("_survivor", "record_id")).drop("_survivor")
