from __future__ import annotations

import polars as pl
import pytest
from hypothesis import given
from hypothesis import strategies as st

from transforms.headers import header_fields, parse_header

CASES = [
    ("ICML 2025 Papers", "ICML", 2025, "en", "ICML 2025 Papers", None),
    ("ICML 2025 论文列表", "ICML", 2025, "zh", "ICML 2025 Papers", None),
    ("ICML 2025 – Accepted Papers", "ICML", 2025, "en", "ICML 2025 Papers", None),
    ("Papers of ICML 2025", "ICML", 2025, "en", "ICML 2025 Papers", None),
    ("# ICML 2025 Papers", "ICML", 2025, "en", "ICML 2025 Papers", None),
    ("ICML2025", "ICML", 2025, "en", "ICML 2025 Papers", None),
    ("ＩＣＭＬ ２０２５ Papers", "ICML", 2025, "en", "ICML 2025 Papers", None),
    ("=== AAAI 2024 Papers ===", "AAAI", 2024, "en", "AAAI 2024 Papers", None),
    ("【KDD 2024 Papers】", "KDD", 2024, "en", "KDD 2024 Papers", None),
    ("《NeurIPS 2024》论文列表", "NEURIPS", 2024, "zh", "NeurIPS 2024 Papers", None),
    ("ICML 2025 論文列表", "ICML", 2025, "zh", "ICML 2025 Papers", None),
    ("CVPR 2024 论文集", "CVPR", 2024, "zh", "CVPR 2024 Papers", None),
    ("NeurIPS 2023 論文一覧", "NEURIPS", 2023, "ja", "NeurIPS 2023 Papers", None),
    ("ICML 2024 論文リスト", "ICML", 2024, "ja", "ICML 2024 Papers", None),
    ("ICML 2024 논문 목록", "ICML", 2024, "ko", "ICML 2024 Papers", None),
    ("Akzeptierte Beiträge ICML 2024", "ICML", 2024, "de", "ICML 2024 Papers", None),
    ("Articles acceptés ICML 2024", "ICML", 2024, "fr", "ICML 2024 Papers", None),
    ("Artículos aceptados ICML 2024", "ICML", 2024, "es", "ICML 2024 Papers", None),
    ("Статьи ICML 2024", "ICML", 2024, "ru", "ICML 2024 Papers", None),
    ("ICML 2024 Papers (Part 3/10)", "ICML", 2024, "en", "ICML 2024 Papers", 3),
    ("ICML 2025 论文列表（第3部分）", "ICML", 2025, "zh", "ICML 2025 Papers", 3),
    ("FooConf 2024 Papers", "FOOCONF", 2024, "en", "FooConf 2024 Papers", None),
    ("NIPS 2017 Papers", "NEURIPS", 2017, "en", "NeurIPS 2017 Papers", None),
]


@pytest.mark.parametrize(("line", "venue", "year", "lang", "collection", "part"), CASES)
def test_header_forms(line: str, venue: str, year: int, lang: str, collection: str, part: int | None) -> None:
    header = parse_header(line)
    assert header is not None, line
    assert (header.venue, header.year, header.header_lang, header.collection, header.part) == (venue, year, lang, collection, part)


@pytest.mark.parametrize(
    "line",
    [
        "We evaluate on NeurIPS 2023 benchmarks and show gains.",
        "Home | About | Contact",
        "Large language models in 2024",
        "",
        "Papers",
    ],
)
def test_not_headers(line: str) -> None:
    assert parse_header(line) is None


def test_header_fields_expression_is_null_for_non_headers() -> None:
    frame = pl.DataFrame({"line": ["ICML 2025 Papers", "not a header at all", None]})
    out = frame.select(h=header_fields(pl.col("line")))["h"].to_list()
    assert out[0]["collection"] == "ICML 2025 Papers"
    assert out[1] is None and out[2] is None


@given(st.text(max_size=200))
def test_parse_header_never_raises(line: str) -> None:
    parse_header(line)
