from __future__ import annotations

import polars as pl
from hypothesis import given, settings
from hypothesis import strategies as st

from transforms import schema
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
