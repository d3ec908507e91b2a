"""Exact set similarity of candidate pairs (``transforms.minhash.pair_similarity``)."""

from __future__ import annotations

import polars as pl
from hypothesis import given
from hypothesis import strategies as st

from transforms import minhash

SHINGLE_BITS = (1 << 51) - 1


def _shingle(value: int) -> int:
    """A small integer spread over a shingle hash's 51 bits, as ``shingle_table`` stores them."""
    return (value * 0x9E3779B97F4A7C15) & SHINGLE_BITS


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


VALUE_LISTS = st.lists(st.one_of(st.none(), st.lists(st.integers(-3, 12), max_size=6, unique=True)), max_size=12)


def _holders(lists: list[list[int] | None]) -> dict[int, set[int]]:
    holders: dict[int, set[int]] = {}
    for row, values in enumerate(lists):
        for value in values or []:
            holders.setdefault(value, set()).add(row)
    return holders


def _brute_pairs(lists: list[list[int] | None], shared: int, cap: int | None) -> list[tuple[int, int]]:
    counted = {v: rows for v, rows in _holders(lists).items() if cap is None or len(rows) <= cap}
    return sorted(
        (a, b) for a in range(len(lists)) for b in range(a + 1, len(lists)) if sum(a in rows and b in rows for rows in counted.values()) >= shared
    )


def _frame(lists: list[list[int] | None], column: str) -> pl.DataFrame:
    return pl.DataFrame({"row": list(range(len(lists))), column: lists}, schema={"row": pl.UInt32, column: pl.List(pl.Int64)})


@given(VALUE_LISTS)
def test_candidate_pairs_are_the_rows_sharing_a_band_key(lists: list[list[int] | None]) -> None:
    pairs = minhash.candidate_pairs(_frame(lists, "bands"))
    assert list(zip(pairs["a"].to_list(), pairs["b"].to_list())) == _brute_pairs(lists, 1, None)


@given(VALUE_LISTS, st.integers(1, 3), st.integers(2, 5))
def test_passage_pairs_count_only_passages_few_rows_hold(lists: list[list[int] | None], shared: int, cap: int) -> None:
    pairs = minhash.passage_pairs(_frame(lists, "passages"), shared, cap)
    assert list(zip(pairs["a"].to_list(), pairs["b"].to_list())) == _brute_pairs(lists, shared, cap)
