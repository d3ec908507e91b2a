from __future__ import annotations

import polars as pl

from transforms import schema
from transforms.dedup import dedup_key, deduplicate, key_hash


def _blocks(rows: list[tuple[str, int, str]]) -> pl.DataFrame:
    frame = pl.DataFrame(rows, schema=["path", "ordinal", "text"], orient="row").with_columns(
        source_id=pl.col("path"), text_raw=pl.col("text"), reject_reason=pl.lit(None, dtype=pl.String), ordinal=pl.col("ordinal").cast(pl.Int32)
    )
    return frame.with_columns(dedup_key=key_hash(dedup_key(pl.col("text"))))


def test_key_folds_case_punctuation_digits_and_hyphens() -> None:
    frame = pl.DataFrame({"t": ["Multi-task learning, v2: 3 Gains!", "multitask Learning v gains"]})
    keys = frame.select(dedup_key(pl.col("t")))["t"].to_list()
    assert keys[0] == keys[1] == "multitask learning v gains"


def test_exact_duplicates_share_a_record_and_the_longest_is_kept() -> None:
    blocks = _blocks([("b.txt", 1, "Same abstract, here."), ("a.txt", 2, "same abstract here"), ("a.txt", 1, "Another paper.")])
    out = deduplicate(blocks, schema.empty(schema.OCCURRENCES))
    by_path = {(r["path"], r["ordinal"]): r for r in out.iter_rows(named=True)}
    assert by_path[("b.txt", 1)]["record_id"] == by_path[("a.txt", 2)]["record_id"]
    assert by_path[("b.txt", 1)]["status"] == "kept"
    assert by_path[("a.txt", 2)]["status"] == "duplicate"
    assert by_path[("a.txt", 1)]["status"] == "kept"


def test_known_keys_keep_their_record_id() -> None:
    first = deduplicate(_blocks([("a.txt", 1, "An abstract.")]), schema.empty(schema.OCCURRENCES))
    history = schema.conform(first, schema.OCCURRENCES)
    second = deduplicate(_blocks([("z.txt", 1, "an abstract")]), history)
    assert second["record_id"].n_unique() == 1
    assert sorted(second["status"].to_list()) == ["duplicate", "kept"]
