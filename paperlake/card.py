"""Dataset cards for an export: a Hugging Face README, MLCommons Croissant metadata and a figure."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import polars as pl

from transforms import schema

_CROISSANT_TYPES = {pl.String: "sc:Text", pl.Int32: "sc:Integer", pl.Int64: "sc:Integer", pl.Float64: "sc:Float", pl.Datetime: "sc:Date"}
_DESCRIPTIONS = {
    "sources": "One row per ingested listing file: encoding, header fields and block count.",
    "occurrences": "One row per block read: where it came from, its status and the record it belongs to.",
    "records": "One row per paper: the kept clean abstract, its title where a block names it, collection, tags, URLs and method names.",
    "tags": "Taxonomy tags per record with the evidence that matched.",
    "urls": "Normalized URLs per record with host, registered domain, kind and repository.",
    "record_merges": "Published record ids retired because a new copy bridged two records, with the surviving id (none: the record dissolved, its blocks rejected).",
    "merge_edges": "Confirmed near-duplicate pairs of dedup keys with the similarity measure and value.",
}


def size_category(n: int) -> str:
    """Hugging Face size category for a row count."""
    bounds = [(1_000, "n<1K"), (10_000, "1K<n<10K"), (100_000, "10K<n<100K"), (1_000_000, "100K<n<1M"), (10_000_000, "1M<n<10M")]
    return next((label for bound, label in bounds if n < bound), "10M<n<100M")


def _markdown_table(frame: pl.DataFrame) -> str:
    header = "| " + " | ".join(frame.columns) + " |\n|" + "---|" * len(frame.columns)
    rows = ["| " + " | ".join("" if v is None else str(v) for v in row) + " |" for row in frame.iter_rows()]
    return "\n".join([header, *rows])


# Each record's language, for the card's ``language`` list: by script where it is not Latin (kana
# is Japanese, Hangul Korean, Han without kana Chinese, Cyrillic Russian, Greek Greek), else by the
# most frequent function words of English, German, French, Spanish, Portuguese and Italian (English
# when none is found). A language is listed when at least ``LANGUAGE_SHARE`` of the records have it.
_SCRIPTS = (("ja", r"[\p{Hiragana}\p{Katakana}]", 0.02), ("ko", r"\p{Hangul}", 0.3), ("zh", r"\p{Han}", 0.3), ("ru", r"\p{Cyrillic}", 0.3), ("el", r"\p{Greek}", 0.3))
_FUNCTION_WORDS = {
    "en": "the|and|of|we|that|with|is|are|this|our",
    "de": "der|die|und|wir|das|ist|mit|eine|nicht|werden",
    "fr": "les|des|nous|est|une|dans|pour|sont|cette|avec",
    "es": "los|las|que|una|para|con|por|del|como|este",
    "pt": "os|uma|para|com|não|são|dos|das|este|pelo",
    "it": "il|che|della|sono|gli|una|questo|nel|delle|degli",
}
LANGUAGE_SHARE = 0.01


def text_languages(texts: pl.Series) -> list[str]:
    """ISO 639-1 codes of the languages of ``texts`` (see ``_SCRIPTS``), most records first; ``["en"]`` when there are none."""
    letters = pl.col("t").str.count_matches(r"\p{L}").clip(1)
    script = pl.lit(None, pl.String)
    for code, pattern, least in reversed(_SCRIPTS):  # the first listed wins
        script = pl.when(pl.col("t").str.count_matches(pattern) >= least * letters).then(pl.lit(code)).otherwise(script)
    votes = pl.concat_list([pl.col("t").str.count_matches(rf"(?i)\b(?:{words})\b") for words in _FUNCTION_WORDS.values()])
    by_words = pl.when(votes.list.max() > 0).then(votes.list.arg_max().replace_strict(dict(enumerate(_FUNCTION_WORDS)), return_dtype=pl.String))
    languages = (
        pl.DataFrame({"t": texts.fill_null("")})
        .select(language=pl.coalesce(script, by_words, pl.lit("en")))
        .group_by("language")
        .len()
        .filter(pl.col("len") >= LANGUAGE_SHARE * texts.len())
        .sort(["len", "language"], descending=[True, False])
    )
    return languages["language"].to_list() or ["en"]


def dataset_card(manifest: dict[str, Any], tables: dict[str, pl.DataFrame], lineage: pl.DataFrame, figure: str) -> str:
    """README.md in the Hugging Face dataset-card convention."""
    records, tags, urls = tables["records"], tables["tags"], tables["urls"]
    configs = "\n".join(
        f"- config_name: {name}\n  data_files: {name}.parquet" + ("\n  default: true" if name == "records" else "")
        for name in schema.TABLES
    )
    collections = records.group_by("collection").agg(records=pl.len()).sort("records", "collection", descending=[True, False])
    tag_counts = tags.group_by("tag").agg(records=pl.len()).sort("records", "tag", descending=[True, False])
    url_kinds = urls.group_by("kind").agg(urls=pl.len()).sort("urls", "kind", descending=[True, False])
    counts = pl.DataFrame({"table": list(manifest["row_counts"]), "rows": list(manifest["row_counts"].values())})
    version = manifest["dataset_version"]
    languages = "\n".join(f"- {code}" for code in text_languages(records["text"]))
    return f"""---
license: other  # placeholder: set the license that covers the source listings before sharing
pretty_name: paperlake papers v{version}
language:
{languages}
task_categories:
- text-classification
- feature-extraction
size_categories:
- {size_category(records.height)}
tags:
- paperlake
- scientific-papers
- abstracts
configs:
{configs}
---

# paperlake papers — dataset version {version}

Curated paper abstracts built by [paperlake](https://pypi.org/project/paperlake/) from scraped
listing files: normalized text, exact and near duplicates merged into one record each,
URLs normalized and classified, tags from a documented taxonomy. Created {manifest["created_at"]},
code version {manifest["code_version"]}. Validation outcome: **{manifest["validation"]}**.

## Tables
{_markdown_table(counts)}

Load a table: `datasets.load_dataset("parquet", data_files="records.parquet")`,
`polars.read_parquet("records.parquet")`, or in DuckDB `SELECT * FROM 'records.parquet'`.

## Collections
{_markdown_table(collections)}

![tags and collections]({figure})

## Tags
{_markdown_table(tag_counts)}

## URL kinds
{_markdown_table(url_kinds)}

## Version lineage
{_markdown_table(lineage)}

## Files
{_markdown_table(pl.DataFrame({"file": list(manifest["sha256"]), "sha256": list(manifest["sha256"].values())}))}
"""


def croissant(manifest: dict[str, Any], tables: dict[str, pl.DataFrame]) -> dict[str, Any]:
    """MLCommons Croissant 1.0 metadata describing every exported table and field."""
    distribution = [
        {
            "@type": "cr:FileObject",
            "@id": f"{name}.parquet",
            "name": f"{name}.parquet",
            "contentUrl": f"{name}.parquet",
            "encodingFormat": "application/x-parquet",
            "sha256": manifest["sha256"][f"{name}.parquet"],
        }
        for name in schema.TABLES
    ]
    record_sets = []
    for name, table_schema in schema.TABLES.items():
        fields = []
        for column, dtype in table_schema.items():
            field: dict[str, Any] = {
                "@type": "cr:Field",
                "@id": f"{name}/{column}",
                "name": column,
                "dataType": _CROISSANT_TYPES.get(type(dtype.inner) if isinstance(dtype, pl.List) else type(dtype), "sc:Text"),
                "source": {"fileObject": {"@id": f"{name}.parquet"}, "extract": {"column": column}},
            }
            if isinstance(dtype, pl.List):
                field["repeated"] = True
            fields.append(field)
        record_sets.append({"@type": "cr:RecordSet", "@id": name, "name": name, "description": _DESCRIPTIONS[name], "field": fields})
    return {
        "@context": _CONTEXT,
        "@type": "sc:Dataset",
        "name": f"paperlake-papers-v{manifest['dataset_version']}",
        "description": "Curated paper abstracts with duplicates merged, URLs and tags, exported by paperlake.",
        "conformsTo": "http://mlcommons.org/croissant/1.0",
        "license": "https://spdx.org/licenses/NOASSERTION",
        "url": "https://pypi.org/project/paperlake/",
        "version": f"{manifest['dataset_version']}.0.0",
        "datePublished": manifest["created_at"][:10],
        "citeAs": f"paperlake papers, dataset version {manifest['dataset_version']}",
        "distribution": distribution,
        "recordSet": record_sets,
    }


def plot(tables: dict[str, pl.DataFrame], path: Path) -> Path:
    """PNG with the tag distribution and the records per collection."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    tags = tables["tags"].group_by("tag").agg(n=pl.len()).sort("n", "tag", descending=[False, True])
    collections = tables["records"].with_columns(pl.col("collection").fill_null("(none)")).group_by("collection").agg(n=pl.len()).sort("n", "collection", descending=[False, True])
    height = max(4.0, 0.28 * max(tags.height, collections.height) + 1.5)
    fig, (left, right) = plt.subplots(1, 2, figsize=(13, height), constrained_layout=True)
    left.barh(tags["tag"].to_list(), tags["n"].to_list(), color="#3b7dd8")
    left.set_title("records per tag")
    right.barh(collections["collection"].to_list(), collections["n"].to_list(), color="#d8823b")
    right.set_title("records per collection")
    for axis in (left, right):
        axis.tick_params(axis="y", labelsize=8)
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path


def write_cards(target: Path, manifest: dict[str, Any], tables: dict[str, pl.DataFrame], lineage: pl.DataFrame) -> list[Path]:
    """README.md, croissant.json and the figure, next to the exported Parquet files."""
    figure = plot(tables, target / "tags_and_collections.png")
    (target / "README.md").write_text(dataset_card(manifest, tables, lineage, figure.name), encoding="utf-8")
    (target / "croissant.json").write_text(json.dumps(croissant(manifest, tables), indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return [target / "README.md", target / "croissant.json", figure]


_CONTEXT = {
    "@language": "en",
    "@vocab": "https://schema.org/",
    "citeAs": "cr:citeAs",
    "column": "cr:column",
    "conformsTo": "dct:conformsTo",
    "cr": "http://mlcommons.org/croissant/",
    "rai": "http://mlcommons.org/croissant/RAI/",
    "data": {"@id": "cr:data", "@type": "@json"},
    "dataType": {"@id": "cr:dataType", "@type": "@vocab"},
    "dct": "http://purl.org/dc/terms/",
    "equivalentProperty": "cr:equivalentProperty",
    "examples": {"@id": "cr:examples", "@type": "@json"},
    "extract": "cr:extract",
    "field": "cr:field",
    "fileProperty": "cr:fileProperty",
    "fileObject": "cr:fileObject",
    "fileSet": "cr:fileSet",
    "format": "cr:format",
    "includes": "cr:includes",
    "isLiveDataset": "cr:isLiveDataset",
    "jsonPath": "cr:jsonPath",
    "key": "cr:key",
    "md5": "cr:md5",
    "parentField": "cr:parentField",
    "path": "cr:path",
    "recordSet": "cr:recordSet",
    "references": "cr:references",
    "regex": "cr:regex",
    "repeated": "cr:repeated",
    "replace": "cr:replace",
    "samplingRate": "cr:samplingRate",
    "sc": "https://schema.org/",
    "separator": "cr:separator",
    "source": "cr:source",
    "subField": "cr:subField",
    "transform": "cr:transform",
}
