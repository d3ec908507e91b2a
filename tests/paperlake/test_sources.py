from __future__ import annotations

import codecs
import gzip
from pathlib import Path

import polars as pl
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from paperlake.sources import ReadLimits, detect_and_decode, read_source, read_sources
from transforms.split import split_blocks, split_header

HEADER_AND_TEXT = "ICML 2025 论文列表\n\nWe study “robust” naïve estimators — with 95% coverage.\n"


@pytest.mark.parametrize(
    ("encoding", "family"),
    [("utf-8", "utf-8"), ("utf-8-sig", "utf-8-sig"), ("utf-16", "utf-16"), ("utf-16-be", None), ("gb18030", "gb18030")],
)
def test_decodes_common_encodings(encoding: str, family: str | None) -> None:
    data = HEADER_AND_TEXT.encode(encoding)
    if encoding == "utf-16-be":
        data = codecs.BOM_UTF16_BE + data
        family = "utf-16-be"
    text, detected, error = detect_and_decode(data)
    assert error is None and text is not None
    assert detected is not None and detected.startswith(family)
    assert "naïve" in text and "论文列表" in text


def test_gzip_bomb_is_rejected_with_a_reason(tmp_path: Path) -> None:
    path = tmp_path / "bomb.txt.gz"
    with gzip.open(path, "wb", compresslevel=9) as handle:
        handle.write(b"ICML 2025 Papers\n\n")
        for _ in range(40):
            handle.write(b" " * (1 << 20))
    row = read_source(path, tmp_path, ReadLimits(ratio_check_after_bytes=1 << 20))
    assert row["error"] == "gzip_too_large" and row["text"] is None


def test_corrupt_gzip_is_reported(tmp_path: Path) -> None:
    path = tmp_path / "bad.txt.gz"
    path.write_bytes(b"\x1f\x8b\x08\x00garbage")
    assert read_source(path, tmp_path)["error"] == "gzip_corrupt"


def test_ten_megabyte_single_line(tmp_path: Path) -> None:
    path = tmp_path / "long.txt"
    path.write_text("ICML 2025 Papers\n\n" + "word " * 2_000_000, encoding="utf-8")
    frame = read_sources([path], tmp_path)
    blocks = split_blocks(split_header(frame))
    assert blocks.height == 1 and blocks["text_raw"].str.len_bytes()[0] == 10_000_000


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.binary(max_size=2000))
def test_reader_never_crashes_on_arbitrary_bytes(tmp_path: Path, data: bytes) -> None:
    path = tmp_path / "fuzz.txt"
    path.write_bytes(data)
    frame = read_sources([path], tmp_path)
    assert frame.height == 1
    row = frame.row(0, named=True)
    assert (row["text"] is None) == (row["error"] is not None)
    blocks = split_blocks(split_header(frame))
    assert blocks["ordinal"].to_list() == list(range(1, blocks.height + 1))


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    st.lists(st.text(alphabet=st.characters(categories=("L", "N", "P", "Zs")), min_size=1, max_size=60).filter(str.strip), min_size=1, max_size=6),
    st.sampled_from(["utf-8", "utf-8-sig", "utf-16", "gb18030"]),
    st.sampled_from(["\n", "\r\n", "\r"]),
)
def test_round_trip_any_encoding_and_line_ending(tmp_path: Path, paragraphs: list[str], encoding: str, newline: str) -> None:
    # A Chinese header, as on the sites that publish GB18030: it is what tells legacy encodings apart.
    text = newline.join(["NeurIPS 2024 论文列表", "", *(p + newline for p in paragraphs)])
    try:
        data = text.encode(encoding)
    except UnicodeEncodeError:
        return
    path = tmp_path / "case.txt"
    path.write_bytes(data)
    parsed = split_header(read_sources([path], tmp_path))
    assert parsed["collection"][0] == "NeurIPS 2024 Papers"
    blocks = split_blocks(parsed)
    assert [b.strip() for b in blocks["text_raw"]] == [p.strip() for p in paragraphs]


def test_unreadable_and_duplicate_files(tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_text(HEADER_AND_TEXT, encoding="utf-8")
    (tmp_path / "b.txt").write_text(HEADER_AND_TEXT, encoding="utf-8")
    frame = read_sources([tmp_path / "a.txt", tmp_path / "b.txt", tmp_path / "missing.txt"], tmp_path)
    assert frame["path"].to_list() == ["a.txt", "missing.txt"]
    assert frame.filter(pl.col("path") == "missing.txt")["error"].to_list() == ["unreadable"]
