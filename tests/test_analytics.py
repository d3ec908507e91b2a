"""The README's DuckDB analytics queries, run verbatim on a real export of the seed files."""

from __future__ import annotations

import re
from pathlib import Path

import duckdb

README = Path(__file__).resolve().parent.parent / "README.md"


def readme_queries() -> list[str]:
    """The ```sql blocks of the README's Analytics section, in order."""
    text = README.read_text(encoding="utf-8")
    section = text[text.index("## Analytics\n") : text.index("\n## ", text.index("## Analytics\n") + 1)]
    return re.findall(r"```sql\n(.*?)```", section, flags=re.DOTALL)


def test_readme_queries_run_on_an_export(paperlake_cli, seeds: Path, tmp_path: Path, monkeypatch) -> None:
    queries = readme_queries()
    assert len(queries) == 3
    warehouse = tmp_path / "wh"
    assert paperlake_cli("run", "--input", seeds, "--warehouse", warehouse)[0] == 0
    code, output = paperlake_cli("export", "--warehouse", warehouse, "--to", tmp_path / "export")
    assert code == 0, output
    monkeypatch.chdir(tmp_path)
    con = duckdb.connect()
    try:
        per_topic, hosts, by_venue = (con.sql(q).fetchall() for q in queries)
    finally:
        con.close()
    assert per_topic and all(topic.startswith("topic/") and 0 <= with_code <= papers for topic, papers, with_code, _ in per_topic)
    assert sum(with_code for _, _, with_code, _ in per_topic) > 0
    assert hosts[0][:2] == ("github.com", 11)
    assert {(venue, year) for venue, year, _, _ in by_venue} == {("ICML", 2025)}
