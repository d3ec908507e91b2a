"""Exact set similarity of candidate pairs (``transforms.minhash.pair_similarity``)."""

from __future__ import annotations

import random
import re

import polars as pl
from hypothesis import given
from hypothesis import strategies as st

from transforms import minhash

SHINGLE_BITS = (1 << 51) - 1


def _shingle(value: int) -> int:
    """A small integer spread over a shingle hash's 51 bits, as ``shingle_table`` stores them."""
    return (value * 0x9E3779B97F4A7C15) & SHINGLE_BITS


def _fmix(x: int) -> int:
    mask = (1 << 64) - 1
    x ^= x >> 33
    x = (x * 0xFF51AFD7ED558CCD) & mask
    x ^= x >> 33
    x = (x * 0xC4CEB9FE1A85EC53) & mask
    return x ^ (x >> 33)


# ``minhash.BRITISH_SPELLINGS`` in Python's regex syntax (a lookahead for the space the Rust patterns match and put back).
_AMERICAN = (
    (r"([a-z]{2})is(e|ed|es|ing|ation|ations|er|ers|able)(?= |$)", r"\1iz\2"),
    (r"([a-z]{2})ys(e|ed|es|ing|er|ers)(?= |$)", r"\1yz\2"),
    (r"([a-z]{2}[b-df-np-tv-z])our", r"\1or"),
    (r"([a-z]{2}[aeo])ll(ing|ed|er|ers)(?= |$)", r"\1l\2"),
)


def _read_as_shingled(key: str) -> str:
    key = re.sub("ff[il]?|f[il]", "", key)
    for pattern, american in _AMERICAN:
        key = re.sub(pattern, american, key)
    return key


def _reference_shingles(keys: list[str | None], width: int, seed: int, as_written: bool) -> list[tuple[int, int]]:
    """``shingles`` written out per row: the row's words (without f-ligature letters and with British spellings as
    American ones unless ``as_written``) without spaces, ``width`` bytes from the start of each word that has as many left
    (and from the first word always), hashed as ``shingles`` hashes them."""
    out = []
    for row, key in enumerate(keys):
        text = (key or "") if as_written else _read_as_shingled(key or "")
        words = [word.encode() for word in text.split(" ") if word]
        packed, start = b"".join(words), 0
        for j, word in enumerate(words):
            length = min(len(packed) - start, width)
            if length == width or j == 0:
                chunk = packed[start : start + length].ljust(16, b"\0")
                lo, hi = int.from_bytes(chunk[:8], "little"), int.from_bytes(chunk[8:], "little")
                out.append((row, _fmix(_fmix(lo ^ seed) ^ ((hi * 0x9E3779B97F4A7C15) & ((1 << 64) - 1)) ^ length)))
            start += len(word)
    return out


KEY_PIECES = st.sampled_from([" ", "a", "b", "cd", "é", "論", "x", "f", "i", "l", "is", "ise", "ised", "ys", "ed", "our", "ll", "ing", "ation"])


@given(st.lists(st.none() | st.lists(KEY_PIECES, max_size=14).map("".join), max_size=8), st.integers(1, 16), st.integers(0, 2**32), st.booleans())
def test_shingles_are_width_bytes_of_the_spaceless_text_from_each_word_on(keys: list[str | None], width: int, seed: int, as_written: bool) -> None:
    """Read without the letters of f-ligatures (``ffi``, ``fl``, ...) and with British spellings as American ones, unless
    asked to read the keys as written."""
    rows, hashes = minhash.shingles(pl.Series(keys, dtype=pl.String), width, seed, as_written)
    assert list(zip(rows.tolist(), hashes.tolist(), strict=True)) == _reference_shingles(keys, width, seed, as_written)


@given(st.lists(st.sampled_from([
    ("optimise", "optimize"), ("optimised", "optimized"), ("generalisation", "generalization"), ("organisers", "organizers"),
    ("analyse", "analyze"), ("analysed", "analyzed"), ("behaviour", "behavior"), ("behavioural", "behavioral"), ("colours", "colors"),
    ("favourite", "favorite"), ("neighbourhood", "neighborhood"), ("modelling", "modeling"), ("labelled", "labeled"),
    ("signalling", "signaling"), ("the", "the"), ("analysis", "analysis"), ("four", "four"), ("hours", "hours"),
]), min_size=1, max_size=12))
def test_a_british_spelling_reads_as_the_american_one_and_the_words_stay(words: list[tuple[str, str]]) -> None:
    british, american = (" ".join(side) for side in zip(*words))
    read = minhash.read_as_shingled(pl.Series([british, american]))
    assert read[0] == read[1]
    assert read.str.count_matches(" ").to_list() == [british.count(" ")] * 2


@given(sets=st.lists(st.frozensets(st.integers(0, 40), max_size=25), min_size=2, max_size=7), data=st.data())
def test_pair_similarity_is_the_exact_jaccard_and_containment_whatever_the_row_order(sets: list[frozenset[int]], data: st.DataObject) -> None:
    rows = [(row, _shingle(value)) for row, values in enumerate(sets) for value in values]
    table_schema = {"row": pl.UInt32, "shingle": pl.UInt64}
    pairs = [(a, b) for a in range(len(sets)) for b in range(a + 1, len(sets))]
    pair_frame = pl.DataFrame(pairs, schema={"a": pl.UInt32, "b": pl.UInt32}, orient="row")
    in_order = minhash.pair_similarity(pair_frame, pl.DataFrame(sorted(rows), schema=table_schema, orient="row"))
    shuffled = minhash.pair_similarity(pair_frame, pl.DataFrame(data.draw(st.permutations(rows)), schema=table_schema, orient="row"))
    assert shuffled.equals(in_order)
    for (a, b), jaccard, containment in zip(pairs, in_order["jaccard"], in_order["containment"]):
        shared = len(sets[a] & sets[b])
        assert jaccard == shared / max(len(sets[a] | sets[b]), 1)
        assert containment == shared / max(min(len(sets[a]), len(sets[b])), 1)


@given(
    seed=st.integers(0, 2**32),
    slices=st.lists(st.tuples(st.integers(0, 3000), st.integers(0, 3000)), min_size=2, max_size=6),
)
def test_the_shared_bound_is_never_below_the_shingles_two_keys_share(seed: int, slices: list[tuple[int, int]]) -> None:
    """``shared_bound``: at least the shingles each pair shares, at most the distinct shingles each has (as ``pair_similarity``
    compares them). Overlapping slices of one long text: pairs share many shingles, and sketches have bits several set."""
    words = random.Random(seed).choices(range(600), k=3000)
    texts = [" ".join(f"w{i}" for i in words[start : start + length]) for start, length in slices]
    shingled = minhash.shingle_hashes(pl.Series(texts), minhash.MinHashParams())
    compared = [{int(h) >> 22 for h in shingled.hashes[shingled.bounds[i] : shingled.bounds[i + 1]]} for i in range(len(texts))]
    pairs = [(a, b) for a in range(len(texts)) for b in range(a + 1, len(texts))]
    bound, size_a, size_b = minhash.shared_bound(pl.DataFrame(pairs, schema={"a": pl.UInt32, "b": pl.UInt32}, orient="row"), shingled)
    for (a, b), most, least_a, least_b in zip(pairs, bound, size_a, size_b, strict=True):
        assert most >= len(compared[a] & compared[b])
        assert least_a <= len(compared[a]) and least_b <= len(compared[b])


VALUE_LISTS = st.lists(st.one_of(st.none(), st.lists(st.integers(-3, 12), max_size=6, unique=True)), max_size=12)


def _holders(lists: list[list[int] | None]) -> dict[int, set[int]]:
    holders: dict[int, set[int]] = {}
    for row, values in enumerate(lists):
        for value in values or []:
            holders.setdefault(value, set()).add(row)
    return holders


def _brute_pairs(
    lists: list[list[int] | None], shared: int, cap: int | None, one_if_single: bool = False, window: int | None = None
) -> list[tuple[int, int]]:
    """Pairs of rows holding ``shared`` values that at most ``cap`` rows hold (one, with ``one_if_single``, when either holds one
    value); with ``window``, a value pairs a row only with the next ``window`` rows holding it."""
    counted = {v: sorted(rows) for v, rows in _holders(lists).items() if cap is None or len(rows) <= cap}

    def together(a: int, b: int, rows: list[int]) -> bool:
        return a in rows and b in rows and (window is None or rows.index(b) - rows.index(a) <= window)

    def needed(a: int, b: int) -> int:
        return 1 if one_if_single and 1 in (len(lists[a] or []), len(lists[b] or [])) else shared

    return sorted(
        (a, b) for a in range(len(lists)) for b in range(a + 1, len(lists)) if sum(together(a, b, rows) for rows in counted.values()) >= needed(a, b)
    )


def _frame(lists: list[list[int] | None], column: str) -> pl.DataFrame:
    return pl.DataFrame({"row": list(range(len(lists))), column: lists}, schema={"row": pl.UInt32, column: pl.List(pl.Int64)})


@given(VALUE_LISTS, st.sampled_from([None, 1, 2, 3]))
def test_candidate_pairs_are_the_rows_sharing_a_band_key_within_the_window(lists: list[list[int] | None], window: int | None) -> None:
    for frame in (_frame(lists, "bands"), _frame(lists, "bands").sample(fraction=1.0, shuffle=True, seed=len(lists))):  # rows in any order
        pairs = minhash.candidate_pairs(frame, window=window)
        assert list(zip(pairs["a"].to_list(), pairs["b"].to_list())) == _brute_pairs(lists, 1, None, window=window)


@given(VALUE_LISTS, st.integers(1, 3), st.integers(2, 5))
def test_passage_pairs_count_only_passages_few_rows_hold(lists: list[list[int] | None], shared: int, cap: int) -> None:
    pairs = minhash.passage_pairs(_frame(lists, "passages"), shared, cap)
    assert list(zip(pairs["a"].to_list(), pairs["b"].to_list())) == _brute_pairs(lists, shared, cap, one_if_single=True)


@given(VALUE_LISTS, st.integers(1, 3), st.integers(2, 5), st.integers(0, 12))
def test_pairs_below_a_row_are_those_of_all_rows_that_start_below_it(lists: list[list[int] | None], shared: int, cap: int, below: int) -> None:
    """With ``below``, the pairs are those ``(a, b)`` of all rows with ``a < below``."""

    def pairs_of(pairs: pl.DataFrame) -> list[tuple[int, int]]:
        return list(zip(pairs["a"].to_list(), pairs["b"].to_list(), strict=True))

    def starting_below(pairs: pl.DataFrame) -> list[tuple[int, int]]:
        return [(a, b) for a, b in pairs_of(pairs) if a < below]

    bands, passages = _frame(lists, "bands"), _frame(lists, "passages")
    assert pairs_of(minhash.candidate_pairs(bands, below)) == starting_below(minhash.candidate_pairs(bands))
    assert pairs_of(minhash.candidate_pairs(bands, below, window=2)) == starting_below(minhash.candidate_pairs(bands, window=2))
    assert pairs_of(minhash.passage_pairs(passages, shared, cap, below=below)) == starting_below(minhash.passage_pairs(passages, shared, cap))


FIRST_WORDS = "router adapter penalty replay baseline ablation benchmark interference".split()
SECOND_WORDS = "protein folding residue lattice solvent docking kinase ligand".split()
GLUE = {"ratio": 1.3, "share": 0.25, "least": 20, "noise": 0.1}


def _sides(texts: list[str], pairs: list[tuple[int, int]]) -> dict[tuple[int, int], int]:
    shingled = minhash.shingle_hashes(pl.Series(texts), minhash.MinHashParams())
    found = {}
    for a, b in pairs:
        ends = minhash.covered_ends(pl.DataFrame({"a": [a], "b": [b]}, schema={"a": pl.UInt32, "b": pl.UInt32}), shingled, **GLUE)
        found[(a, b)] = ends["side"][0] if ends.height else 0
    return found


@given(
    first=st.lists(st.sampled_from(FIRST_WORDS), min_size=30, max_size=80),
    second=st.lists(st.sampled_from(SECOND_WORDS), min_size=30, max_size=80),
)
def test_two_texts_glued_together_are_covered_at_opposite_ends(first: list[str], second: list[str]) -> None:
    a, b = " ".join(first), " ".join(second)
    sides = _sides([f"{a} {b}", a, b, f"{b} {a}"], [(0, 1), (0, 2), (1, 3), (3, 2)])
    assert sides == {(0, 1): 1, (0, 2): -1, (1, 3): -1, (3, 2): 1}


@given(words=st.lists(st.sampled_from(FIRST_WORDS + SECOND_WORDS), min_size=60, max_size=120), data=st.data())
def test_a_copy_with_a_few_words_changed_or_a_sentence_dropped_covers_no_end(words: list[str], data: st.DataObject) -> None:
    changed = list(words)
    for i in data.draw(st.lists(st.integers(0, len(words) - 1), max_size=6)):
        changed[i] = "zebra"
    dropped = words[: len(words) // 10] + words[2 * len(words) // 10 :]  # a tenth cut out of the text
    assert _sides([" ".join(words), " ".join(changed), " ".join(dropped)], [(0, 1), (0, 2)]) == {(0, 1): 0, (0, 2): 0}


def _two_texts(texts: list[str], pairs: list[tuple[int, int]]) -> list[str]:
    """``minhash.two_texts`` over the covered ends of ``pairs`` of ``texts`` (keys are the texts)."""
    shingled = minhash.shingle_hashes(pl.Series(texts), minhash.MinHashParams())
    frame = pl.DataFrame(pairs, schema={"a": pl.UInt32, "b": pl.UInt32}, orient="row")
    sides = minhash.covered_ends(frame, shingled, **GLUE)
    return minhash.two_texts(sides.select(pl.exclude("longer"), dedup_key=pl.Series(texts).gather(sides["longer"])), GLUE["noise"]).to_list()


@given(first=st.integers(30, 80), second=st.integers(30, 80))
def test_two_different_texts_glued_together_are_found(first: int, second: int) -> None:
    a, b = " ".join(f"alpha{i}" for i in range(first)), " ".join(f"beta{i}" for i in range(second))
    assert _two_texts([f"{a} {b}", a, b], [(0, 1), (0, 2)]) == [f"{a} {b}"]


@given(n=st.integers(60, 160), data=st.data())
def test_two_overlapping_copies_of_one_text_do_not_make_it_two(n: int, data: st.DataObject) -> None:
    """A copy of its first part and a copy of its last part that share a fifth or more of the text."""
    words = [f"word{i}" for i in range(n)]
    prefix_end = data.draw(st.integers(int(0.55 * n), int(0.7 * n)))
    suffix_start = data.draw(st.integers(int(0.3 * n), prefix_end - int(0.2 * n)))
    texts = [" ".join(words), " ".join(words[:prefix_end]), " ".join(words[suffix_start:])]
    assert _sides(texts, [(0, 1), (0, 2)]) == {(0, 1): 1, (0, 2): -1}
    assert _two_texts(texts, [(0, 1), (0, 2)]) == []
