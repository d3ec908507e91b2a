"""Every pattern the stages build fits polars' regex engine (its compiled size limit is 10 MB).

The chrome, title and field patterns are composed of each other (``CHROME_LINE`` sits inside titles' ``_LEAD`` inside
``_ABOVE_AUTHORS``): a bounded run of a Unicode class added to one (``\\p{L}{0,20}``, ``[^\\n]{0,200}``) can push another
past the limit, which a run only reports when a block reaches that pattern.
"""

from __future__ import annotations

import importlib

import polars as pl
import pytest

MODULES = ("headers", "hyphenation", "methods", "minhash", "mojibake", "normalize", "quality", "references", "split", "tags", "titles", "urls")


def _patterns() -> list[tuple[str, str]]:
    found = []
    for module_name in MODULES:
        module = importlib.import_module(f"transforms.{module_name}")
        for name, value in vars(module).items():
            values = value if isinstance(value, tuple) else (value,)
            found += [(f"{module_name}.{name}", v) for v in values if isinstance(v, str) and name.lstrip("_").isupper() and len(v) > 20]
    return found


@pytest.mark.parametrize(("name", "pattern"), _patterns(), ids=lambda value: value if value.startswith(tuple(MODULES)) else "")
def test_no_pattern_is_too_big_for_the_regex_engine(name: str, pattern: str) -> None:
    try:
        pl.Series(["a\nb"]).str.contains(pattern)
    except pl.exceptions.ComputeError as err:  # a fragment (an alternative without its group) may not compile alone
        assert "size limit" not in str(err), name
