"""More bad input, found by trying to break narrate (each once a traceback, a hang or a silent change).

Every case: exit status 1, one ``Error:`` line naming the file and line where it can, no traceback.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from narrate.cli import main

LESSON = 'title: A\nsections:\n  - title: S\n    body: [Hi.]\nquiz:\n  - prompt: Yes?\n    answer: "yes"\n'


def course(root: Path, course_yaml: str, lesson: str = LESSON, name: str = "01-a.yaml") -> Path:
    (root / "lessons").mkdir(parents=True, exist_ok=True)
    (root / "course.yaml").write_text(course_yaml, encoding="utf-8")
    (root / "lessons" / name).write_text(lesson, encoding="utf-8")
    return root


def refused(args: list[str]) -> str:
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    assert not isinstance(result.exception, Exception) or isinstance(result.exception, SystemExit)
    lines = result.output.strip().splitlines()
    assert lines and all(line.startswith(("Error: ", "Warning: ")) for line in lines), lines
    return "\n".join(line for line in lines if line.startswith("Error: "))


@pytest.mark.parametrize(
    ("course_yaml", "expected"),
    [
        (
            'title: T\nphrases:\n  next.up: "Coming {nonexistent} up {titles}"\n',
            "course.yaml:2: phrase 'next.up': unknown placeholder {nonexistent} (this phrase has: {titles})",
        ),
        (
            'title: T\nphrases:\n  quiz.intro: "{0.__class__}"\n',
            "course.yaml:2: phrase 'quiz.intro': unknown placeholder {0.__class__} (this phrase has: {count})",
        ),
        ('title: T\nphrases:\n  blank: "a { b"\n', "course.yaml:2: phrase 'blank': unbalanced braces"),
        ('title: T\nbase_url: "http://[::1"\n', "course.yaml:2: base_url must be an http(s) URL, not 'http://[::1'"),
        ('title: T\nbase_url: "https://exa mple.org/"\n', "course.yaml:2: base_url must be an http(s) URL"),
        ("title: T\nbase_url: https://x.org/a?b=c\n", "course.yaml:2: base_url must be an http(s) URL of a folder"),
        ("title: T\naudio:\n  bitrate: 9999999k\n", "course.yaml:3: 'audio.bitrate' must be an MP3 bitrate between 8k"),
        ("title: T\naudio:\n  sample_rate: 44100.5\n", "course.yaml:3: 'audio.sample_rate' must be a whole number"),
        ('title: T\nlexicon:\n  "": x\n', "course.yaml:3: a lexicon entry needs a word to replace"),
        (
            'title: T\nlexicon:\n  hola: "[hola]{lang=es"\n',
            "course.yaml:3: lexicon entry 'hola': unclosed language span",
        ),
        (
            'title: T\nlexicon:\n  smile: "\U0001f642"\n',
            "course.yaml:3: lexicon entry 'smile': '\U0001f642' has no letter or digit to say",
        ),
        ("title: T\nlexicon:\n  pause: '...'\n", "course.yaml:3: lexicon entry 'pause': '...' has no letter or digit"),
        (
            "title: T\nlexicon:\n  x: y\n  dash: '—'\n",
            "course.yaml:4: lexicon entry 'dash': '—' has no letter or digit",
        ),
        (
            "title: T\nlexicon:\n  R2D2: /ˈɑːtuːˈdiːtuː/\n",
            "course.yaml:3: lexicon entry 'R2D2': a word with digits is read out as a number before any IPA",
        ),
    ],
)
def test_bad_settings_are_one_line_with_file_and_line(tmp_path, course_yaml, expected):
    root = course(tmp_path / "c", course_yaml)
    error = refused(["script", str(root / "lessons" / "01-a.yaml")])
    assert expected in error


@pytest.mark.parametrize(
    ("option", "expected"),
    [
        ("https://exa mple.org/", "--base-url: must be an http(s) URL with a valid host name"),
        ("http://x/?a=b#frag", "--base-url: must be an http(s) URL of a folder, without '?' or '#'"),
        ("http://[::1", "--base-url: must be an http(s) URL, not 'http://[::1'"),
    ],
)
def test_bad_base_url_options(tmp_path, option, expected):
    root = course(tmp_path / "c", "title: T\n")
    assert expected in refused(["build", str(root), "-o", str(tmp_path / "out"), "--base-url", option])


@pytest.mark.parametrize(
    "word",
    ["a" * 300, "x" * 30_000, "é" * 400, "ab1" * 2000],
)
def test_a_run_no_narrator_could_say_is_refused_at_its_line(tmp_path, word):
    lesson = tmp_path / "l.md"
    lesson.write_text(f"# T\n\n## S\n\nBefore {word} after.\n", encoding="utf-8")
    error = refused(["script", str(lesson)])
    assert "l.md:5: a run of" in error and "cannot be read aloud" in error


def test_cache_folder_that_is_a_file(tmp_path):
    root = course(tmp_path / "c", "title: T\n")
    (tmp_path / "cachefile").write_text("x", encoding="utf-8")
    error = refused(["build", str(root), "-o", str(tmp_path / "out"), "--cache-dir", str(tmp_path / "cachefile")])
    assert error.endswith("--cache-dir: not a folder: " + str(tmp_path / "cachefile"))
    assert not (tmp_path / "out").exists()


def test_an_output_folder_that_holds_the_course_is_refused(tmp_path):
    root = course(tmp_path / "c", "title: T\n")
    error = refused(["build", str(root), "-o", str(tmp_path)])
    assert "the output folder holds the course folder" in error
    assert sorted(p.name for p in tmp_path.iterdir()) == ["c"]


def test_a_corrupt_feed_is_not_built_over(tmp_path):
    root = course(tmp_path / "c", "title: T\n")
    out = tmp_path / "out"
    out.mkdir()
    (out / "feed.xml").write_bytes(b"\x00\xff not xml")
    error = refused(["build", str(root), "-o", str(out), "-q"])
    assert "feed.xml: not a readable feed" in error and "--allow-guid-change" in error
    assert (out / "feed.xml").read_bytes() == b"\x00\xff not xml"


@pytest.mark.parametrize("dest", ["ftp://x/y", "http://example.org/bucket", "gs://bucket/x"])
def test_publish_refuses_stores_it_cannot_write(tmp_path, dest):
    out = tmp_path / "out"
    out.mkdir()
    (out / "feed.xml").write_text("<rss/>", encoding="utf-8")
    error = refused(["publish", str(out), dest])
    assert "cannot publish to" in error or "not publishing a folder that fails its check" in error


def test_publish_refuses_a_folder_that_fails_its_check(tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    (out / "feed.xml").write_bytes(b"\x00 broken")
    error = refused(["publish", str(out), str(tmp_path / "dest")])
    assert "not publishing a folder that fails its check" in error
    assert not (tmp_path / "dest").exists()


def test_serve_port_out_of_range_and_missing_watch_folder(tmp_path):
    result = CliRunner().invoke(main, ["serve", str(tmp_path), "--port", "99999"])
    assert result.exit_code == 2 and "99999 is not in the range 0<=x<=65535" in result.output
    assert "Traceback" not in result.output
    error = refused(["serve", str(tmp_path / "out"), "--watch", str(tmp_path / "nowhere"), "--port", "0"])
    assert error.endswith("nowhere: no such course folder or lesson file to watch")
