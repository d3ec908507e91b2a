"""Edge: load the tag taxonomy from TOML (the bundled default, or a user file that swaps or extends it).

A user file with ``extends = "default"`` adds tags to the default taxonomy and can replace
default tags by name; without it the file is the whole taxonomy.
"""

from __future__ import annotations

import hashlib
import re
import tomllib
from pathlib import Path

import polars as pl

from transforms.tags import TagRule, Taxonomy, rule_regex

DEFAULT_TAXONOMY = Path(__file__).resolve().parent / "data" / "taxonomy.toml"
_FIELDS = {"description", "phrases", "patterns", "exclude", "from_urls"}
_TAG_NAME = re.compile(r"^[a-z]+/[a-z0-9][a-z0-9-]*$")


def _rules(data: dict, where: Path) -> dict[str, TagRule]:
    rules = {}
    for tag, spec in data.get("tags", {}).items():
        if not _TAG_NAME.match(tag):
            raise ValueError(f"{where}: tag {tag!r} must look like 'prefix/name' (lower case)")
        unknown = set(spec) - _FIELDS
        if unknown:
            raise ValueError(f"{where}: tag {tag!r} has unknown field(s) {sorted(unknown)}; known: {sorted(_FIELDS)}")
        if not spec.get("description"):
            raise ValueError(f"{where}: tag {tag!r} needs a description")
        rule = TagRule(
            tag=tag,
            description=spec["description"],
            phrases=tuple(spec.get("phrases", ())),
            patterns=tuple(spec.get("patterns", ())),
            exclude=tuple(spec.get("exclude", ())),
            from_urls=tuple(spec.get("from_urls", ())),
        )
        regex = rule_regex(rule)
        if regex is not None:
            try:  # the engine that will run it: Rust's regex, through polars
                pl.select(pl.lit("").str.contains(regex))
            except pl.exceptions.ComputeError as err:
                raise ValueError(f"{where}: tag {tag!r} has an invalid pattern: {err}") from err
        rules[tag] = rule
    return rules


def load_taxonomy(path: Path | None = None) -> Taxonomy:
    """The default taxonomy, or the one in ``path`` (swapping or extending the default)."""
    default = tomllib.loads(DEFAULT_TAXONOMY.read_text(encoding="utf-8"))
    if path is None:
        return Taxonomy(version=str(default.get("version", "default")), rules=tuple(_rules(default, DEFAULT_TAXONOMY).values()))
    if not Path(path).is_file():
        raise FileNotFoundError(f"taxonomy file not found: {path}")
    try:
        data = tomllib.loads(Path(path).read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as err:
        raise ValueError(f"{path}: not valid TOML: {err}") from None
    rules = _rules(data, Path(path))
    if data.get("extends") == "default":
        rules = {**_rules(default, DEFAULT_TAXONOMY), **rules}
    elif "extends" in data:
        raise ValueError(f"{path}: extends must be \"default\" when given, got {data['extends']!r}")
    return Taxonomy(version=str(data.get("version", "custom")), rules=tuple(rules.values()))


def taxonomy_sha256(path: Path | None = None) -> str:
    """Hash of the taxonomy file(s) in use, recorded with each dataset version."""
    digest = hashlib.sha256(DEFAULT_TAXONOMY.read_bytes())
    if path is not None:
        digest.update(Path(path).read_bytes())
    return digest.hexdigest()
