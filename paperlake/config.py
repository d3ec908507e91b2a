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
"""

from __future__ import annotations

import dataclasses
import subprocess
import tomllib
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


def _override(section: object, values: dict[str, object], where: str) -> object:
    known = {f.name: f.type for f in dataclasses.fields(section)}  # type: ignore[arg-type]
    unknown = sorted(set(values) - set(known))
    if unknown:
        raise ValueError(f"{where}: unknown setting(s) {', '.join(unknown)}; known: {', '.join(sorted(known))}")
    return dataclasses.replace(section, **values)  # type: ignore[type-var]


def load_config(path: Path | None) -> Config:
    """Defaults, overridden by the sections of a TOML file when one is given."""
    config = Config()
    if path is None:
        return config
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
