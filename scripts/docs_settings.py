"""Rewrite the settings table of docs/content-format.md from narrate's settings schema.

    .venv/bin/python scripts/docs_settings.py

tests/test_settings.py fails while the table and the schema differ.
"""

from pathlib import Path

from narrate.settings import with_table

DOC = Path(__file__).resolve().parent.parent / "docs" / "content-format.md"

if __name__ == "__main__":
    DOC.write_text(with_table(DOC.read_text(encoding="utf-8")), encoding="utf-8")
    print(f"updated {DOC}")
