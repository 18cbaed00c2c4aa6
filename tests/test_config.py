"""course.yaml settings, resource limits, and the permissions of written files."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from narrate.config import LimitsConfig, load_config
from narrate.errors import ConfigError, ContentError
from narrate.files import file_mode, temp_beside, write_atomic
from narrate.limits import check_episode_lengths, check_lesson_size, estimate_ms
from narrate.model import Chapter, Lesson, Pause, Say, Script
from narrate.yamlio import load_yaml


def course(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "course.yaml"
    path.write_text("title: Tea\n" + text, encoding="utf-8")
    return path


def error_of(path: Path) -> str:
    with pytest.raises(ConfigError) as info:
        load_config(path)
    return f"{info.value.line}: {info.value.problem}"


def test_limits_default_and_set(tmp_path):
    assert load_config(course(tmp_path, "")).limits == LimitsConfig(5_000_000, 180.0)
    config = load_config(course(tmp_path, "limits:\n  max_lesson_bytes: 20000\n  max_episode_minutes: 45.5\n"))
    assert config.limits == LimitsConfig(max_lesson_bytes=20_000, max_episode_minutes=45.5)


@pytest.mark.parametrize(
    "text, expected",
    [
        (
            "limits:\n  max_episode_minute: 3\n",
            "3: unknown key 'limits.max_episode_minute' (did you mean 'limits.max_episode_minutes'?)",
        ),
        ("limits:\n  max_lesson_bytes: lots\n", "3: 'limits.max_lesson_bytes' must be a number"),
        ("limits: 5\n", "2: 'limits' must be a mapping of settings"),
        ("audio:\n  bitrate: [64k]\n", "3: 'audio.bitrate' must be text"),
        ("audio:\n  formats: [mp3, {m4b: yes}]\n", "3: each item of 'audio.formats' must be text"),
        ("category: [Education, [Courses]]\n", "2: each item of 'category' must be text"),
        (
            "lessons:\n  - 01-a.yaml\n  - sub/../../x.yaml\n",
            "4: lesson 'sub/../../x.yaml' must be a file name inside the lessons folder",
        ),
        ("lessons:\n  - C:\\x.yaml\n", "3: lesson 'C:\\x.yaml' must be a file name inside the lessons folder"),
        ("cover: /etc/cover.png\n", "2: cover '/etc/cover.png' must be a file inside the course folder"),
        ("pauses:\n  sentense: 1\n", "3: unknown key 'pauses.sentense' (did you mean 'pauses.sentence'?)"),
    ],
)
def test_bad_settings_name_the_line(tmp_path, text, expected):
    assert error_of(course(tmp_path, text)) == expected


def test_lesson_lines_are_remembered(tmp_path):
    config = load_config(course(tmp_path, "author: Me\nlessons:\n  - 01-a.yaml\n  - 02-b.md\n"))
    assert config.lessons == ("01-a.yaml", "02-b.md")
    assert (config.lines["lessons.0"], config.lines["lessons.1"]) == (4, 5)


def test_lesson_in_subfolder_is_allowed(tmp_path):
    assert load_config(course(tmp_path, "lessons: [part1/01-a.yaml]\n")).lessons == ("part1/01-a.yaml",)


def test_yaml_control_character_is_one_line_with_its_line(tmp_path):
    path = tmp_path / "x.yaml"
    path.write_text("title: ok\nsummary: bell \x07 here\n")
    with pytest.raises(ContentError) as info:
        load_yaml(path)
    assert (info.value.line, info.value.problem) == (2, "invalid YAML: control character #x0007 is not allowed")


# ---------------------------------------------------------------- limits


def test_estimate_counts_words_at_the_rate_plus_pauses():
    lesson = Lesson(id="a", title="A")
    script = Script(
        lesson,
        (
            Chapter("Intro"),
            Say("One two three four."),
            Pause(700, "paragraph"),
            Say("Twenty-one words' worth: five six"),
            Pause(5000, "think"),
        ),
    )
    # 4 + 6 words ("Twenty", "one", "words", "worth", "five", "six") at 160 wpm = 3750 ms, plus 5700 ms of pauses
    assert estimate_ms(script, 160) == 3750 + 5700


def test_episode_length_limit_names_the_lesson(tmp_path):
    lesson = Lesson(id="long-one", title="Long", source=tmp_path / "lessons" / "01-long.yaml")
    script = Script(lesson, (Say("word " * 1000),))  # 1000 words at 100 wpm: 10 minutes
    check_episode_lengths([script], 100, LimitsConfig(max_episode_minutes=10))
    with pytest.raises(ContentError) as info:
        check_episode_lengths([script], 100, LimitsConfig(max_episode_minutes=9.5))
    assert info.value.problem == (
        "lesson 'long-one' would make an episode of about 10 min, over the limit of "
        "9 min (limits.max_episode_minutes in course.yaml); split the lesson"
    )
    assert info.value.file == lesson.source


def test_lesson_size_limit_is_exact(tmp_path):
    path = tmp_path / "a.md"
    path.write_bytes(b"x" * 2000)
    check_lesson_size(path, LimitsConfig(max_lesson_bytes=2000))
    with pytest.raises(ContentError, match=r"too large \(2000 bytes; the limit is 1999 bytes"):
        check_lesson_size(path, LimitsConfig(max_lesson_bytes=1999))
    check_lesson_size(tmp_path / "missing.md", LimitsConfig(max_lesson_bytes=1))  # the reader reports it


# ---------------------------------------------------------------- written files


@pytest.mark.parametrize("umask", [0o022, 0o027, 0o002])
def test_written_files_have_normal_permissions(tmp_path, umask, monkeypatch):
    from narrate import files

    monkeypatch.setattr(files, "_umask", lambda: umask)
    write_atomic(tmp_path / "feed.xml", "<rss/>")
    part = temp_beside(tmp_path / "episode.mp3")
    for path in (tmp_path / "feed.xml", part):
        assert stat.S_IMODE(os.stat(path).st_mode) == 0o644 & ~umask
    assert file_mode() == 0o644 & ~umask


def test_process_umask_is_used():
    from narrate import files

    files._umask.cache_clear()
    current = os.umask(0o022)
    os.umask(current)
    assert files.file_mode() == 0o644 & ~current


@pytest.mark.parametrize(
    "written, url",
    [
        ("https://example.org/tides & waves", "https://example.org/tides%20&%20waves/"),
        ("https://example.org/a%20b/", "https://example.org/a%20b/"),
        ("https://example.org/日本/", "https://example.org/%E6%97%A5%E6%9C%AC/"),
    ],
)
def test_base_url_is_percent_encoded_once(tmp_path, written, url):
    assert load_config(course(tmp_path, f"base_url: {written}\n")).base_url == url
