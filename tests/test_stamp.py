"""The no-change fast path: an unchanged course is not even read again, and any change is noticed."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from helpers import naming_espeak

from narrate.pipeline import build
from narrate.uptodate import STAMP_FILE, input_digest, unchanged

pytestmark = pytest.mark.e2e  # end-to-end builds: left out by scripts/test.sh --fast

ROOT = Path(__file__).resolve().parent.parent


def _mtimes(out: Path) -> dict[str, int]:
    return {p.relative_to(out).as_posix(): p.stat().st_mtime_ns for p in out.rglob("*") if p.is_file()}


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    content = tmp_path_factory.mktemp("stamp") / "content"
    shutil.copytree(ROOT / "content", content)
    settings = content / "course.yaml"  # espeak-ng named: these tests are about the no-change check
    settings.write_text(naming_espeak(settings.read_text(encoding="utf-8")), encoding="utf-8")
    out = content.parent / "out"
    first = build(content, out)
    assert not first.up_to_date and (out / STAMP_FILE).is_file()
    return content, out


def test_unchanged_content_is_up_to_date_and_touches_nothing(built):
    content, out = built
    before = _mtimes(out)
    result = build(content, out)
    assert result.up_to_date and result.skipped_episodes == 3 and result.synthesized == 0
    assert _mtimes(out) == before


def test_each_kind_of_change_is_noticed(built, tmp_path):
    content, out = built
    options = {
        "lexicon_file": None,
        "review": None,
        "formats": None,
        "audiobook": False,
        "split": False,
        "engine": None,
        "voice": None,
        "base_url": None,
    }
    digest = input_digest(content, out, options)
    assert unchanged(out, digest) == 3
    assert input_digest(content, out, {**options, "review": True}) != digest
    assert input_digest(content, out, {**options, "base_url": "http://10.0.0.2:8000/"}) != digest
    lesson = content / "lessons" / "02-capacity-and-charging.yaml"
    text = lesson.read_text(encoding="utf-8")
    lesson.write_text(text.replace("Capacity", "Kapacity", 1), encoding="utf-8")
    try:
        assert input_digest(content, out, options) != digest
    finally:
        lesson.write_text(text, encoding="utf-8")
    assert input_digest(content, out, options) == digest
    # an output that went missing makes the build run again
    feed = out / "feed.xml"
    saved = feed.read_bytes()
    feed.unlink()
    assert unchanged(out, digest) is None
    result = build(content, out)
    assert not result.up_to_date and result.skipped_episodes == 3
    assert feed.read_bytes() == saved


def test_a_no_change_rebuild_imports_no_numpy_engine_or_audio_code(built):
    """The fast path costs little more than Python's start: it compares stamps, so it must not pull
    in numpy (~0.15 s of CPU), a speech engine or the audio stages."""
    import os
    import subprocess
    import sys

    content, out = built
    code = (
        "import sys\n"
        "from narrate.pipeline import build\n"
        f"assert build({str(content)!r}, {str(out)!r}).up_to_date\n"
        "heavy = ('numpy', 'scipy', 'narrate.speech.synthesis', 'narrate.speech.engines.pyttsx3_engine', "
        "'narrate.audio', 'pyttsx3')\n"
        "print(sorted(n for n in sys.modules if n.startswith(heavy)))\n"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
    assert result.stdout.strip() == "[]"
