"""The ``paperlake`` command line."""

from __future__ import annotations

import atexit
import gc
import json
import logging
import sys
from pathlib import Path
from typing import Annotated

import typer

import paperlake  # noqa: F401  (offline defaults first)
from paperlake.defaults import DEFAULT_KEEP

BUSY_EXIT = 75  # EX_TEMPFAIL: another run or vacuum holds the warehouse; a scheduler may simply try again later

app = typer.Typer(help="Curated, versioned datasets from scraped paper listings.", no_args_is_help=True, add_completion=False)

InputDir = Annotated[Path, typer.Option("--input", "-i", help="Folder of *.txt / *.txt.gz listing files.")]
WarehouseDir = Annotated[Path, typer.Option("--warehouse", "-w", help="Warehouse root (Delta tables, versions, reports).")]


@app.command()
def run(
    input_dir: InputDir = Path("data/raw"),
    warehouse: WarehouseDir = Path("warehouse"),
    taxonomy: Annotated[Path | None, typer.Option(help="Taxonomy TOML that swaps or extends the default.")] = None,
    expectations: Annotated[Path | None, typer.Option(help="Folder of expectation suites (default: expectations/).")] = None,
    config: Annotated[Path | None, typer.Option(help="TOML file of settings: \\[quality], \\[read], \\[dedup] and \\[run] sections (see paperlake/config.py).")] = None,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="Print only the summary, not the progress lines (stderr).")] = False,
) -> None:
    """Run the curation flow once and print a summary; progress lines go to stderr."""
    if input_dir.is_file():
        typer.echo(f"error: --input takes a folder, and {input_dir} is a file: give the folder that holds it ({input_dir.parent})", err=True)
        raise typer.Exit(2)
    if not input_dir.is_dir():
        typer.echo(f"error: input folder not found: {input_dir}", err=True)
        raise typer.Exit(2)
    if warehouse.exists() and not warehouse.is_dir():
        typer.echo(f"error: the warehouse path is not a folder: {warehouse}", err=True)
        raise typer.Exit(2)
    from paperlake.embedded import prefect_api, sigterm_ends_the_command, start_temporary_server
    from paperlake.warmup import collector_paused

    with collector_paused():
        server = start_temporary_server()  # boots while the pipeline is imported (the config's module imports most of it)
        from paperlake.config import load_config
        from paperlake.taxonomy import load_taxonomy
        from paperlake.validate import load_suites

        try:  # refused here, before the run starts
            load_config(config)
            load_taxonomy(taxonomy)
            if expectations is not None:
                load_suites(expectations)
        except (ValueError, FileNotFoundError) as err:
            if server is not None:
                server.stop()
            typer.echo(f"error: {err}", err=True)
            raise typer.Exit(2) from None
        from flows.curate import ValidationBlocked, curate
        from paperlake.store import WarehouseBusy
        from paperlake.validate import import_in_background

        gx_import = import_in_background()  # while the server boots: the run's own work then has the process to itself
        if server is not None:
            from transforms.hyphenation import load_word_list

            load_word_list()  # also while the server boots, rather than when the first batch meets a hyphenated line end
    atexit.register(gc.freeze)  # the exit skips collecting the objects the run made (~1 s); the OS takes the memory back

    progress, flow_errors = logging.getLogger("paperlake"), logging.getLogger("prefect.flow_runs")
    levels, printer = (progress.level, progress.propagate, flow_errors.level), logging.StreamHandler(sys.stderr)
    printer.setFormatter(logging.Formatter("%(asctime)s %(message)s", "%H:%M:%S"))
    progress.addHandler(printer)
    progress.setLevel(logging.WARNING if quiet else logging.INFO)
    progress.propagate = False  # printed once, here
    flow_errors.setLevel(logging.CRITICAL)  # a failed run's traceback: the errors below say it in a line, others re-raise
    try:
        with sigterm_ends_the_command(), prefect_api(server):  # the server stops before the signal ends the command
            summary = curate(
                input_dir=str(input_dir),
                warehouse_dir=str(warehouse),
                taxonomy_file=str(taxonomy) if taxonomy else None,
                expectations_dir=str(expectations) if expectations else None,
                config_file=str(config) if config else None,
            )
    except ValidationBlocked as blocked:
        typer.echo(f"error: {blocked}", err=True)
        raise typer.Exit(1) from None
    except WarehouseBusy as busy:
        typer.echo(f"error: {busy}", err=True)
        raise typer.Exit(BUSY_EXIT) from None
    except (ValueError, FileNotFoundError) as err:
        typer.echo(f"error: {err}", err=True)
        raise typer.Exit(2) from None
    finally:
        progress.removeHandler(printer)
        progress.level, progress.propagate, flow_errors.level = levels
        gx_import.join()  # not cut off halfway by the interpreter's exit
    _print_summary(summary)


def _print_summary(s) -> None:  # noqa: ANN001
    state = f"published dataset version {s.dataset_version}" if s.published else (
        f"nothing new; current dataset version {s.dataset_version}" if s.dataset_version else "nothing published"
    )
    lines = [
        f"paperlake: {state}",
        f"  files     {s.files_found} found, {s.files_new} new" + (f" ({s.files_replaced} replacing a file's earlier content)" if s.files_replaced else ""),
        "  encodings " + (", ".join(f"{k}: {v}" for k, v in s.encodings.items()) or "-"),
        f"  blocks    {s.blocks} ({s.blocks_new} new)",
        f"  records   {s.records}",
        f"  duplicates {s.duplicates} exact, {s.near_duplicates} near",
        f"  rejects   {sum(s.rejected.values())}" + (" (" + ", ".join(f"{k}: {v}" for k, v in s.rejected.items()) + ")" if s.rejected else ""),
        f"  urls      {s.urls}",
        f"  tags      {s.tags}",
        f"  validation {s.validation}",
    ]
    if s.files_ignored:
        shown = ", ".join(s.files_ignored[:5]) + (", ..." if len(s.files_ignored) > 5 else "")
        lines.append(f"  ignored   {len(s.files_ignored)} not *.txt or *.txt.gz: {shown}")
    if s.source_errors:
        lines.append("  unreadable files " + ", ".join(f"{k}: {v}" for k, v in s.source_errors.items()))
    if s.index_replaced and s.published:
        lines.append(f"  dedup index rebuilt under the configured schemes (was {', '.join(s.index_replaced)})")
    if s.data_docs:
        lines.append(f"  data docs {s.data_docs}")
    lines += [f"  warning: {w}" for w in s.warnings]
    typer.echo("\n".join(lines))


@app.command()
def export(
    to: Annotated[Path, typer.Option("--to", help="Folder to write the Parquet files and manifest.json into.")],
    warehouse: WarehouseDir = Path("warehouse"),
    version: Annotated[int | None, typer.Option("--version", "-v", help="Dataset version (default: current).")] = None,
) -> None:
    """Write one dataset version as plain Parquet files plus manifest.json."""
    from paperlake.export import export_version
    from paperlake.store import VersionNotFound, Warehouse

    try:
        manifest = export_version(Warehouse(warehouse), to, version)
    except VersionNotFound as err:
        typer.echo(f"error: {err}", err=True)
        raise typer.Exit(2) from None
    counts = ", ".join(f"{k} {v}" for k, v in manifest["row_counts"].items())
    typer.echo(f"exported dataset version {manifest['dataset_version']} to {to} ({counts})")


@app.command()
def history(warehouse: WarehouseDir = Path("warehouse")) -> None:
    """List the dataset versions: when, validation outcome, what changed, and which ones a vacuum removed."""
    from paperlake.store import Warehouse

    store = Warehouse(warehouse)
    versions = store.versions()
    if versions.is_empty():
        typer.echo(f"no dataset versions in {warehouse}")
        return
    vacuumed = store.vacuumed()
    oldest_readable = vacuumed.oldest_readable if vacuumed else 0
    for row in versions.iter_rows(named=True):
        changes = json.loads(row["changes"])
        counts = json.loads(row["counts"])
        typer.echo(
            f"v{row['dataset_version']}  {row['created_at']:%Y-%m-%d %H:%M:%S} UTC  {row['validation']:<20}"
            f"  +{changes['sources_added']} files" + (f" ({changes['sources_replaced']} replacing)" if changes.get("sources_replaced") else "")
            + f"  +{changes['records_added']} / -{changes['records_removed']} records"
            f"  ({counts['records']} records, {counts['occurrences']} blocks)"
            + ("  vacuumed" if row["dataset_version"] < oldest_readable else "")
        )
    if vacuumed:
        typer.echo(f"readable: v{oldest_readable} and later (vacuumed {vacuumed.vacuumed_at:%Y-%m-%d %H:%M} UTC, keeping {vacuumed.keep})")


@app.command()
def vacuum(
    warehouse: WarehouseDir = Path("warehouse"),
    keep: Annotated[int, typer.Option("--keep", "-k", min=1, help="Dataset versions to keep readable, newest first.")] = DEFAULT_KEEP,
    dry_run: Annotated[bool, typer.Option("--dry-run", help="Only print what would be deleted.")] = False,
) -> None:
    """Delete the table files (and run reports) that only dataset versions older than the newest KEEP need."""
    from paperlake.store import VersionNotFound, Warehouse, WarehouseBusy
    from paperlake.vacuum import VacuumFailed, format_vacuum, vacuum as vacuum_warehouse

    try:
        result = vacuum_warehouse(Warehouse(warehouse), keep=keep, dry_run=dry_run)
    except WarehouseBusy as busy:
        typer.echo(f"error: {busy}", err=True)
        raise typer.Exit(BUSY_EXIT) from None
    except VersionNotFound as err:
        typer.echo(f"error: {err}", err=True)
        raise typer.Exit(2) from None
    except VacuumFailed as err:
        typer.echo(f"error: {err}", err=True)
        raise typer.Exit(1) from None
    typer.echo(format_vacuum(result))


@app.command()
def diff(
    a: Annotated[int | None, typer.Argument(help="Older dataset version (default: the one before B).")] = None,
    b: Annotated[int | None, typer.Argument(help="Newer dataset version (default: the current one).")] = None,
    warehouse: WarehouseDir = Path("warehouse"),
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of text.")] = False,
) -> None:
    """Records added, removed and changed (text, tags, urls) between two versions, and counts by collection."""
    from paperlake.diff import diff_versions, format_diff
    from paperlake.store import VersionNotFound, Warehouse

    store = Warehouse(warehouse)
    if a is None:  # the last change: the current version against the one before it
        b = store.current_version()
        problem = f"{warehouse} holds no published dataset version" if b is None else "version 1 is the first: nothing to compare it with"
        if b is None or b < 2:
            typer.echo(f"error: {problem}", err=True)
            raise typer.Exit(2)
        a = b - 1
    elif b is None:
        typer.echo("error: give both versions, or none for the current one against the one before it", err=True)
        raise typer.Exit(2)
    try:
        result = diff_versions(store, a, b)
    except VersionNotFound as err:
        typer.echo(f"error: {err}", err=True)
        raise typer.Exit(2) from None
    typer.echo(json.dumps(result.as_dict(), indent=2) if as_json else format_diff(result))


@app.command()
def explain(
    record_id: Annotated[str, typer.Argument(help="A record id (a retired id is followed to its survivor).")],
    warehouse: WarehouseDir = Path("warehouse"),
) -> None:
    """Print a record's cluster: every occurrence and why it belongs to the record."""
    from paperlake.explain import RecordNotFound, explain as explain_record
    from paperlake.store import VersionNotFound, Warehouse

    try:
        typer.echo(explain_record(Warehouse(warehouse), record_id))
    except (RecordNotFound, VersionNotFound) as err:
        typer.echo(f"error: {err}", err=True)
        raise typer.Exit(2) from None


@app.command()
def serve(
    cron: Annotated[str, typer.Option(help="Cron schedule, e.g. '0 * * * *'.")] = "0 * * * *",
    input_dir: InputDir = Path("data/raw"),
    warehouse: WarehouseDir = Path("warehouse"),
    name: Annotated[str, typer.Option(help="Deployment name.")] = "paperlake-scheduled",
) -> None:
    """Serve the flow as a Prefect deployment on a cron schedule (needs a Prefect server; see README)."""
    from flows.deploy import serve_curation

    serve_curation(name=name, cron=cron, input_dir=str(input_dir.resolve()), warehouse_dir=str(warehouse.resolve()))


def main() -> None:  # pragma: no cover
    sys.exit(app())
