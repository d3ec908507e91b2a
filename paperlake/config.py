"""Typed run configuration: defaults here, overrides from a TOML file (``--config FILE``).

```toml
[quality]            # transforms.quality.QualityThresholds
min_words = 20
[read]               # paperlake.sources.ReadLimits
max_decompressed_bytes = 268435456
[dedup]              # transforms.dedup.DedupParams
jaccard = 0.5
[run]                # paperlake.config.RunSettings
workers = 2
```

A setting must have its default's type (an integer where a float is expected is fine) and lie
within its ``BOUNDS`` (shares between 0 and 1, counts at least 1; any other number at least 0).
A file that breaks a rule is refused with the section, setting and value.
"""

from __future__ import annotations

import dataclasses
import subprocess
import tomllib
import typing
from dataclasses import dataclass, field
from pathlib import Path

from paperlake.sources import ReadLimits
from transforms.dedup import DedupParams
from transforms.quality import QualityThresholds


@dataclass(frozen=True)
class RunSettings:
    """How a run splits its work: new files go through normalization in batches of about
    ``batch_bytes`` of input, on ``workers`` processes (one process when there is one batch)."""

    batch_bytes: int = 64 * 1024 * 1024
    workers: int = 2

    def __post_init__(self) -> None:
        if self.batch_bytes < 1 or self.workers < 1:
            raise ValueError(f"[run] batch_bytes and workers must be at least 1, got {self.batch_bytes} and {self.workers}")


@dataclass(frozen=True)
class Config:
    """Everything a run can be told, with defaults that suit the bundled sample."""

    quality: QualityThresholds = field(default_factory=QualityThresholds)
    read: ReadLimits = field(default_factory=ReadLimits)
    dedup: DedupParams = field(default_factory=DedupParams)
    run: RunSettings = field(default_factory=RunSettings)


_SHARE = (0, 1)
_COUNT = (1, None)
# Limits of the numeric settings that have some other than "at least 0".
BOUNDS: dict[str, tuple[float, float | None]] = {
    **dict.fromkeys(
        ("jaccard", "containment", "borderline_jaccard", "borderline_containment", "spread", "renamed_below",
         "min_letter_ratio", "max_garbage_ratio", "min_unique_sentence_ratio", "binary_nul_ratio", "binary_control_ratio"),
        _SHARE,
    ),
    **dict.fromkeys(
        ("bands", "rows", "containment_min_shingles", "shared_run", "passage_shingles", "passage_shared", "passage_cap", "batch_bytes", "workers", "max_words", "max_chars",
         "max_decompressed_bytes", "cjk_chars_per_word"),
        _COUNT,
    ),
    "shingle_bytes": (1, 16),
}
_TYPE_NAMES = {int: "an integer", float: "a number", bool: "true or false", str: "a string"}


def _checked(name: str, value: object, expected: object, where: str) -> object:
    """``value`` as a setting of type ``expected``, or a ValueError that says what is wrong."""
    is_number = isinstance(value, (int, float)) and not isinstance(value, bool)
    if expected is float and is_number:
        value = float(value)  # type: ignore[arg-type]
    elif expected is int and not (isinstance(value, int) and not isinstance(value, bool)):
        raise ValueError(f"{where}: {name} must be {_TYPE_NAMES[int]}, got {value!r}")
    elif expected in (bool, str, float) and not isinstance(value, expected):  # type: ignore[arg-type]
        raise ValueError(f"{where}: {name} must be {_TYPE_NAMES[expected]}, got {value!r}")  # type: ignore[index]
    if is_number:
        low, high = BOUNDS.get(name, (0, None))
        if value < low or (high is not None and value > high):  # type: ignore[operator]
            bounds = f"between {low} and {high}" if high is not None else f"at least {low}"
            raise ValueError(f"{where}: {name} must be {bounds}, got {value!r}")
    return value


def _override(section: object, values: dict[str, object], where: str) -> object:
    known = typing.get_type_hints(type(section))
    known = {f.name: known[f.name] for f in dataclasses.fields(section)}  # type: ignore[arg-type]
    unknown = sorted(set(values) - set(known))
    if unknown:
        raise ValueError(f"{where}: unknown setting(s) {', '.join(unknown)}; known: {', '.join(sorted(known))}")
    return dataclasses.replace(section, **{name: _checked(name, value, known[name], where) for name, value in values.items()})  # type: ignore[type-var]


def load_config(path: Path | None) -> Config:
    """Defaults, overridden by the sections of a TOML file when one is given."""
    config = Config()
    if path is None:
        return config
    if not Path(path).is_file():
        raise FileNotFoundError(f"config file not found: {path}")
    data = tomllib.loads(Path(path).read_text(encoding="utf-8"))
    sections = {"quality": config.quality, "read": config.read, "dedup": config.dedup, "run": config.run}
    unknown = sorted(set(data) - set(sections))
    if unknown:
        raise ValueError(f"{path}: unknown section(s) {', '.join(unknown)}; known: {', '.join(sections)}")
    replaced = {name: _override(sections[name], values, f"{path} [{name}]") for name, values in data.items()}
    return dataclasses.replace(config, **replaced)


def code_version() -> str:
    """The package version, plus the git commit when running from a checkout."""
    from paperlake import __version__

    try:
        commit = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], cwd=Path(__file__).parent, capture_output=True, text=True, timeout=5, check=True
        ).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return __version__
    return f"{__version__}+g{commit}" if commit else __version__
