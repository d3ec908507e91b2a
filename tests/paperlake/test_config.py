"""Config files: overrides land in the right section, bad ones are refused with what is wrong."""

from __future__ import annotations

from pathlib import Path

import pytest

from paperlake.config import load_config


def _config(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "paperlake.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_overrides_keep_their_types_and_the_other_defaults(tmp_path: Path) -> None:
    config = load_config(_config(tmp_path, "[dedup]\njaccard = 1\n[run]\nworkers = 1\n[quality]\nmin_words = 0\n"))
    assert config.dedup.jaccard == 1.0 and isinstance(config.dedup.jaccard, float)
    assert config.run.workers == 1 and config.quality.min_words == 0
    assert config.dedup.containment == load_config(None).dedup.containment


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('[run]\nworkers = "two"\n', r"\[run\]: workers must be an integer, got 'two'"),
        ("[run]\nworkers = 0\n", r"\[run\]: workers must be at least 1, got 0"),
        ("[quality]\nmin_words = -5\n", r"\[quality\]: min_words must be at least 0, got -5"),
        ("[quality]\nmin_words = 2.5\n", r"min_words must be an integer, got 2.5"),
        ("[quality]\nmin_words = true\n", r"min_words must be an integer, got True"),
        ("[dedup]\njaccard = 1.5\n", r"\[dedup\]: jaccard must be between 0 and 1, got 1.5"),
        ('[dedup]\nspread = "high"\n', r"spread must be a number, got 'high'"),
        ("[dedup]\nshingle_bytes = 32\n", r"shingle_bytes must be between 1 and 16, got 32"),
        ("[dedup]\npassage_shingles = 0\n", r"passage_shingles must be at least 1, got 0"),
        ("[read]\nmax_decompressed_bytes = 0\n", r"\[read\]: max_decompressed_bytes must be at least 1"),
        ("[dedup]\njacard = 0.5\n", r"unknown setting\(s\) jacard; known: .*jaccard"),
        ("[dedupe]\njaccard = 0.5\n", r"unknown section\(s\) dedupe"),
    ],
)
def test_bad_settings_are_refused_with_what_is_wrong(tmp_path: Path, text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        load_config(_config(tmp_path, text))
