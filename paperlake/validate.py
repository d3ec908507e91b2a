"""Edge: validate the tables with Great Expectations before they are published.

Suites are JSON files in ``expectations/`` (one per table), loaded into an ephemeral GX
context at run time. Each expectation's ``meta.severity`` is ``critical`` (blocks
publication) or ``warning`` (published and reported). A kwarg written as ``"$taxonomy_tags"``
is replaced by the taxonomy's tag names. Cross-table rules that GX cannot express on one
frame are checked in ``cross_table_checks`` and reported the same way.

GX validates pandas made from each table (dtypes in ``_validation_frame``), and only what
its rules read reaches it: a string column that only type or null rules name is truncated to
zero characters (same dtype, same nulls), so long text is not copied into pandas. Rules on
the content of long text name a column of the suite's ``derived_columns``, computed in
polars from the table: ``{"len_chars": column}`` is its length in characters,
``{"extract": column, "regex": pattern}`` its first match (null where there is none). So GX
checks e.g. "no markup" as "the first markup match is null" and reports the offending
matches rather than whole texts. Derived columns are added to the frame, so they are added
to its ``expect_table_columns_to_match_set`` too.
"""

from __future__ import annotations

import dataclasses
import hashlib
import html
import importlib
import json
import logging
import os
import re
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import polars as pl

from paperlake.warmup import collector_paused, imported_on_use
from transforms.quality import QualityThresholds

EXPECTATIONS_DIR = Path(__file__).resolve().parent.parent / "expectations"
SEVERITIES = ("critical", "warning")
# Rules that read no values (table shape, column dtypes and nulls); any other rule reads the
# values of the columns it names, or of every column when it names none or has a row_condition.
SHAPE_RULES = frozenset(
    {
        "expect_table_columns_to_match_set",
        "expect_table_columns_to_match_ordered_list",
        "expect_table_column_count_to_equal",
        "expect_table_column_count_to_be_between",
        "expect_table_row_count_to_equal",
        "expect_table_row_count_to_be_between",
        "expect_column_to_exist",
        "expect_column_values_to_be_of_type",
        "expect_column_values_to_be_in_type_list",
        "expect_column_values_to_be_null",
        "expect_column_values_to_not_be_null",
    }
)


@dataclass(frozen=True)
class Failure:
    """One failed expectation."""

    suite: str
    expectation: str
    column: str | None
    severity: str
    unexpected_count: int | None
    examples: list[Any] = field(default_factory=list)

    def describe(self) -> str:
        """One line for the run summary."""
        where = f"{self.suite}.{self.column}" if self.column else self.suite
        count = "" if self.unexpected_count is None else f" ({self.unexpected_count} rows)"
        examples = f" e.g. {self.examples[:3]!r}" if self.examples else ""
        return f"[{self.severity}] {where}: {self.expectation}{count}{examples}"


@dataclass(frozen=True)
class ValidationReport:
    """What validation found; ``blocked`` when any critical expectation failed."""

    failures: list[Failure]
    n_expectations: int
    suites_sha256: str
    suites: tuple[str, ...] = ()
    data_docs: Path | None = None

    @property
    def blocked(self) -> bool:
        return any(f.severity == "critical" for f in self.failures)

    @property
    def warnings(self) -> list[Failure]:
        return [f for f in self.failures if f.severity == "warning"]

    @property
    def outcome(self) -> str:
        return "blocked" if self.blocked else ("passed_with_warnings" if self.failures else "passed")


def load_suites(directory: Path = EXPECTATIONS_DIR) -> dict[str, dict[str, Any]]:
    """Suite name -> suite JSON, for every ``*.json`` in the directory."""
    if not directory.is_dir():
        raise FileNotFoundError(f"expectations folder not found: {directory}")
    suites = {}
    for path in sorted(directory.glob("*.json")):
        try:
            suite = json.loads(path.read_text(encoding="utf-8"))
        except json.JSONDecodeError as err:
            raise ValueError(f"{path}: not valid JSON: {err}") from None
        for expectation in suite["expectations"]:
            severity = expectation.get("meta", {}).get("severity")
            if severity not in SEVERITIES:
                raise ValueError(f"{path.name}: {expectation['type']} needs meta.severity in {SEVERITIES}, got {severity!r}")
        for name, derived in suite.get("derived_columns", {}).items():
            if set(derived) not in ({"len_chars"}, {"extract", "regex"}):
                raise ValueError(f"{path.name}: derived column {name!r} needs len_chars, or extract and regex, got {sorted(derived)}")
        suites[suite["name"]] = suite
    if not suites:
        raise FileNotFoundError(f"no expectation suites in {directory}")
    return suites


def suites_sha256(directory: Path = EXPECTATIONS_DIR) -> str:
    """Hash of all suite files, recorded with each dataset version."""
    digest = hashlib.sha256()
    for path in sorted(directory.glob("*.json")):
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def suite_variables(taxonomy_tags: list[str], quality: QualityThresholds) -> dict[str, Any]:
    """What the suites' ``"$name"`` kwargs stand for: the taxonomy's tags, and the text lengths ``quality`` keeps."""
    min_chars, max_chars = quality.text_length_bounds
    return {"taxonomy_tags": taxonomy_tags, "min_text_chars": min_chars, "max_text_chars": max_chars}


def _substitute(value: Any, variables: dict[str, Any]) -> Any:
    if isinstance(value, str) and re.fullmatch(r"\$[a-z_]+", value):
        if value[1:] not in variables:
            raise ValueError(f"expectation kwarg {value!r} names no run-time variable (known: {', '.join(sorted(variables))})")
        return variables[value[1:]]
    if isinstance(value, dict):
        return {k: _substitute(v, variables) for k, v in value.items()}
    return value


_gx_import: threading.Thread | None = None
# Modules Great Expectations imports that paperlake's suites never use: imported when something reads them.
GX_UNUSED_IMPORTS = ("scipy.stats", "altair")


def import_in_background() -> threading.Thread:
    """Start importing Great Expectations (about 3 s) on a thread, once per process, so that
    validation later does not wait for it; the thread (join it before exiting)."""
    global _gx_import
    if _gx_import is None:
        _gx_import = threading.Thread(target=_import_gx, name="import-gx", daemon=True)
        _gx_import.start()
    return _gx_import


def _import_gx() -> None:
    imported_on_use(*GX_UNUSED_IMPORTS)
    with collector_paused():  # ~400,000 objects and no garbage
        importlib.import_module("great_expectations")


def _quiet_gx() -> Any:
    os.environ.setdefault("GX_ANALYTICS_ENABLED", "false")
    logging.getLogger("great_expectations").setLevel(logging.ERROR)
    imported_on_use(*GX_UNUSED_IMPORTS)
    import great_expectations as gx
    from great_expectations.data_context.types.base import ProgressBarsConfig
    from great_expectations.execution_engine import pandas_execution_engine

    # GX fingerprints every pandas batch under this size (a hash of every value, ~3 s at 1M
    # records) for batch metadata that paperlake neither stores nor reads.
    pandas_execution_engine.HASH_THRESHOLD = 0

    for name in list(logging.root.manager.loggerDict):
        if name.startswith("great_expectations"):
            logging.getLogger(name).setLevel(logging.ERROR)

    context = gx.get_context(mode="ephemeral")
    context.variables.progress_bars = ProgressBarsConfig(globally=False)
    return gx, context


def _values_read(spec: dict[str, Any]) -> set[str] | None:
    """Columns whose values some rule of the suite reads; None when that may be any column."""
    read: set[str] = set()
    for expectation in spec["expectations"]:
        kwargs = expectation.get("kwargs", {})
        if "row_condition" in kwargs:
            return None
        if expectation["type"] in SHAPE_RULES:
            continue
        named = [kwargs[key] for key in ("column", "column_A", "column_B") if key in kwargs] + list(kwargs.get("column_list", []))
        if not named:
            return None
        read.update(named)
    return read


def _derived_column(name: str, derived: dict[str, str]) -> pl.Expr:
    if "len_chars" in derived:
        return pl.col(derived["len_chars"]).str.len_chars().alias(name)
    return pl.col(derived["extract"]).str.extract(derived["regex"], 0).alias(name)


def _validation_frame(frame: pl.DataFrame | pl.LazyFrame, spec: dict[str, Any]) -> Any:
    """The frame GX validates (see the module docstring), as Arrow-backed pandas so integer columns
    with nulls stay integers. GX compares numpy numbers vectorized but Arrow-backed ones value by
    value in Python, so integer columns without nulls go as numpy int64 and float columns without
    NaN as numpy float64 (GX takes NaN for null, so a float column with NaN stays Arrow). List
    columns become their length (their items are validated in the exploded tables)."""
    read = _values_read(spec)
    columns = []
    for name, dtype in frame.collect_schema().items():
        if isinstance(dtype, pl.List):
            columns.append(pl.col(name).list.len())
        elif dtype == pl.String and read is not None and name not in read:
            columns.append(pl.col(name).str.slice(0, 0))
        else:
            columns.append(pl.col(name))
    derived = [_derived_column(name, d) for name, d in spec.get("derived_columns", {}).items()]
    view = frame.lazy().select(*columns, *derived).collect(engine="streaming")  # derived regexes on every core
    numpy = {c.name: "int64" for c in view.iter_columns() if c.dtype.is_integer() and not c.has_nulls()}
    numpy |= {c.name: "float64" for c in view.iter_columns() if c.dtype.is_float() and not c.is_nan().any()}
    return view.to_pandas(use_pyarrow_extension_array=True).astype(numpy)


def validate_tables(
    tables: dict[str, pl.DataFrame | pl.LazyFrame],
    directory: Path = EXPECTATIONS_DIR,
    variables: dict[str, Any] | None = None,
    docs_dir: Path | None = None,
) -> ValidationReport:
    """Run every suite against the table of the same name, plus the cross-table checks.

    A table may be lazy (e.g. a scan of staged Parquet): only the columns the rules read are collected.
    """
    suites = load_suites(directory)
    gx, context = _quiet_gx()
    from great_expectations.expectations.expectation_configuration import ExpectationConfiguration

    source = context.data_sources.add_pandas("paperlake")
    failures: list[Failure] = []
    n_expectations = 0
    for name, spec in suites.items():
        if name not in tables:
            raise KeyError(f"expectation suite {name!r} has no table to validate")
        suite = gx.ExpectationSuite(name=name)
        derived = list(spec.get("derived_columns", {}))
        for expectation in spec["expectations"]:
            kwargs = _substitute(expectation.get("kwargs", {}), variables or {})
            if expectation["type"] == "expect_table_columns_to_match_set" and derived:
                kwargs = {**kwargs, "column_set": [*kwargs["column_set"], *derived]}
            try:
                suite.add_expectation_configuration(
                    ExpectationConfiguration(type=expectation["type"], kwargs=kwargs, meta=expectation.get("meta", {}))
                )
            except gx.exceptions.GreatExpectationsError as err:
                raise ValueError(f"expectation suite {name!r}: {expectation['type']}: {err}") from err
        if len(suite.expectations) != len(spec["expectations"]):
            raise ValueError(f"suite {name}: GX loaded {len(suite.expectations)} of {len(spec['expectations'])} expectations")
        suite = context.suites.add(suite)
        n_expectations += len(suite.expectations)
        batch_definition = source.add_dataframe_asset(name).add_batch_definition_whole_dataframe(name)
        definition = context.validation_definitions.add(gx.ValidationDefinition(name=name, data=batch_definition, suite=suite))
        result = definition.run(
            batch_parameters={"dataframe": _validation_frame(tables[name], spec)},
            # BASIC: counts and up to 5 unexpected values; SUMMARY would add their row positions in this run's
            # staged frame and their counts, at ~0.2 s a run (its metrics run for every map rule, passing or not).
            result_format={"result_format": "BASIC", "partial_unexpected_count": 5},
        )
        for outcome in result.results:
            if outcome.success:
                continue
            config = outcome.expectation_config
            details = outcome.result or {}
            failures.append(
                Failure(
                    suite=name,
                    expectation=config.type,
                    column=config.kwargs.get("column"),
                    severity=config.meta.get("severity", "critical"),
                    unexpected_count=details.get("unexpected_count"),
                    examples=list(details.get("partial_unexpected_list") or [details.get("observed_value")]),
                )
            )
    failures.extend(cross_table_checks(tables))
    report = ValidationReport(
        failures=failures,
        n_expectations=n_expectations,
        suites_sha256=suites_sha256(directory),
        suites=tuple(suites),
    )
    if docs_dir is None:
        return report
    return dataclasses.replace(report, data_docs=_build_docs(context, docs_dir, report))


def _build_docs(context: Any, docs_dir: Path, report: ValidationReport) -> Path:
    """GX Data Docs (the validation results; the suites are in ``expectations/``) plus ``summary.html``,
    a plain page that also reads well offline (GX's own index builds its tables with scripts from a CDN)."""
    docs_dir = docs_dir.resolve()
    docs_dir.mkdir(parents=True, exist_ok=True)
    context.add_data_docs_site(
        site_name="paperlake",
        site_config={
            "class_name": "SiteBuilder",
            "store_backend": {"class_name": "TupleFilesystemStoreBackend", "base_directory": str(docs_dir)},
            "site_index_builder": {"class_name": "DefaultSiteIndexBuilder"},
            "site_section_builders": {"expectations": "0", "profiling": "0"},
        },
    )
    context.build_data_docs(site_names=["paperlake"])
    rows = []
    for suite in report.suites + ("cross_table",):
        failed = [f for f in report.failures if f.suite == suite]
        pages = sorted((docs_dir / "validations" / suite).rglob("*.html"))
        link = f'<a href="{pages[-1].relative_to(docs_dir).as_posix()}">{suite}</a>' if pages else suite
        outcome = "passed" if not failed else ("failed" if any(f.severity == "critical" for f in failed) else "warnings")
        details = "".join(f"<li>{html.escape(f.describe())}</li>" for f in failed)
        rows.append(f"<tr><td>{link}</td><td class='{outcome}'>{outcome}</td><td><ul>{details}</ul></td></tr>")
    (docs_dir / "summary.html").write_text(
        "<!doctype html><meta charset='utf-8'><title>paperlake validation</title>"
        "<style>body{font-family:sans-serif;margin:2em}td{padding:.3em 1em;vertical-align:top;border-bottom:1px solid #ddd}"
        ".passed{color:#1a7f37}.failed{color:#c62828;font-weight:bold}.warnings{color:#b26a00}</style>"
        f"<h1>paperlake validation: {report.outcome}</h1><p>{report.n_expectations} expectations in {len(report.suites)} suites"
        " plus cross-table checks. <a href='index.html'>GX Data Docs</a></p>"
        f"<table><tr><th>suite</th><th>outcome</th><th>failed expectations</th></tr>{''.join(rows)}</table>",
        encoding="utf-8",
    )
    return docs_dir / "summary.html"


def cross_table_checks(tables: dict[str, pl.DataFrame | pl.LazyFrame]) -> list[Failure]:
    """Rules across tables (critical): occurrences point at existing records; blocks per source add up."""
    failures = []
    occurrences, records, sources = (tables[name].lazy() for name in ("occurrences", "records", "sources"))
    referenced = occurrences.select("record_id").filter(pl.col("record_id").is_not_null())
    dangling = referenced.join(records.select("record_id"), on="record_id", how="anti").collect()
    if dangling.height:
        failures.append(
            Failure("cross_table", "occurrence_record_exists", "record_id", "critical", dangling.height, dangling["record_id"].head(3).to_list())
        )
    counted = occurrences.group_by("source_id").agg(n=pl.len())
    mismatch = sources.join(counted, on="source_id", how="left").filter(pl.col("n").fill_null(0) != pl.col("n_blocks")).collect()
    if mismatch.height:
        failures.append(
            Failure("cross_table", "source_blocks_match_occurrences", "n_blocks", "critical", mismatch.height, mismatch["path"].head(3).to_list())
        )
    return failures
