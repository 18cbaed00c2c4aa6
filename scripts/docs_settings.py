"""Rewrite the settings table of docs/course-yaml.md (the course.yaml reference) from narrate's settings schema.

    .venv/bin/python scripts/docs_settings.py

tests/test_settings.py fails while the table and the schema differ. The documentation site rewrites the
table the same way when it is built (scripts/docs_hooks.py), so the site never shows a stale one.
"""

import sys
from pathlib import Path

SCRIPTS = Path(__file__).resolve().parent
DOC = SCRIPTS.parent / "docs" / "course-yaml.md"

if __name__ == "__main__":
    sys.path.insert(0, str(SCRIPTS))
    from docs_hooks import settings_table

    DOC.write_text(settings_table(DOC.read_text(encoding="utf-8")), encoding="utf-8")
    print(f"updated {DOC}")
