"""``python -m paperlake`` runs the CLI."""

from paperlake.cli import app

app()
