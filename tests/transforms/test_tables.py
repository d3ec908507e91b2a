from __future__ import annotations

import polars as pl
from hypothesis import given, settings
from hypothesis import strategies as st

from transforms import schema, tables
from transforms.tables import unchanged_records


def _urls(*rows: tuple[str, str, str | None, int]) -> pl.DataFrame:
    frame = pl.DataFrame(rows, schema={"record_id": pl.String, "url": pl.String, "repo": pl.String, "position": pl.Int32}, orient="row")
    return schema.conform(frame, schema.URLS)


def test_a_record_whose_rows_are_the_published_ones_in_another_order_is_unchanged() -> None:
    published = _urls(("a", "https://x.org/1", None, 0), ("a", "https://github.com/o/r", "o/r", 1), ("b", "https://y.org", None, 0))
    staged = _urls(("a", "https://github.com/o/r", "o/r", 1), ("a", "https://x.org/1", None, 0))
    assert unchanged_records(staged, published, pl.Series("record_id", ["a"])).to_list() == ["a"]


def test_an_added_removed_or_altered_row_changes_its_record_only() -> None:
    published = _urls(("a", "https://x.org", None, 0), ("b", "https://y.org", None, 0), ("c", "https://z.org", None, 0), ("d", "https://w.org", None, 0))
    staged = _urls(
        ("a", "https://x.org", None, 0), ("a", "https://x.org/more", None, 1),  # one row more
        ("c", "https://z.org", None, 1),  # its position changed
        ("d", "https://w.org", None, 0),
        ("e", "https://new.org", None, 0),  # a new record: not asked about
    )  # b lost its row
    ids = pl.Series("record_id", ["a", "b", "c", "d"])
    assert unchanged_records(staged, published, ids).to_list() == ["d"]


def test_a_record_with_no_rows_before_or_after_is_unchanged_and_nulls_compare_equal() -> None:
    published = _urls(("a", "https://x.org", None, 0))
    assert unchanged_records(_urls(("a", "https://x.org", None, 0)), published, pl.Series("record_id", ["a", "z"])).to_list() == ["a", "z"]
    assert unchanged_records(_urls(), _urls(), pl.Series("record_id", [], pl.String)).to_list() == []


_rows = st.lists(st.tuples(st.sampled_from("abcd"), st.sampled_from(["u1", "u2", "u3"]), st.none() | st.just("o/r"), st.integers(0, 2)), max_size=12)


@settings(max_examples=200, deadline=None)
@given(_rows, _rows, st.sets(st.sampled_from("abcde")))
def test_unchanged_means_the_same_rows_as_a_multiset(staged_rows: list, published_rows: list, ids: set[str]) -> None:
    staged, published = _urls(*staged_rows), _urls(*published_rows)
    expected = sorted(i for i in ids if sorted((r for r in staged_rows if r[0] == i), key=repr) == sorted((r for r in published_rows if r[0] == i), key=repr))
    assert sorted(unchanged_records(staged, published, pl.Series("record_id", sorted(ids), pl.String)).to_list()) == expected


def _occurrences(*rows: tuple[str | None, str, str, int, str]) -> pl.DataFrame:
    return pl.DataFrame(rows, schema={"record_id": pl.String, "status": pl.String, "path": pl.String, "ordinal": pl.Int32, "text_raw": pl.String}, orient="row")


TITLED = "Sparse Attention for Long Documents\nJane Doe, John Roe\nWe study."


def test_a_record_takes_its_kept_blocks_title_else_its_first_named_one_whatever_the_parts() -> None:
    occurrences = _occurrences(
        ("r1", "duplicate", "a.txt", 1, '{"title": "From the JSON Copy", "abstract": "We study."}'),
        ("r1", "kept", "b.txt", 2, TITLED),
        ("r2", "kept", "a.txt", 2, "We study."),
        ("r2", "near_duplicate", "c.txt", 1, "TY  - JOUR\nTI  - From the RIS Copy\nAB  - We study.\nER  - "),
        ("r2", "duplicate", "b.txt", 1, '{"title": "From the JSON Copy", "abstract": "We study."}'),
        ("r3", "kept", "a.txt", 3, "We study."),
        (None, "rejected", "a.txt", 4, '{"title": "A Reject", "abstract": "x"}'),
    )
    expected = {"r1": "Sparse Attention for Long Documents", "r2": "From the JSON Copy"}
    whole = tables.title_candidates(occurrences)
    assert dict(whole.select("record_id", "title").iter_rows()) == expected
    parts = pl.concat([tables.title_candidates(occurrences.slice(i, 2)) for i in range(0, occurrences.height, 2)])
    assert dict(tables.first_titles(parts).select("record_id", "title").iter_rows()) == expected
