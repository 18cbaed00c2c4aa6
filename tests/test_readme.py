"""The README's examples are real: its course.yaml and lesson examples load without error."""

from __future__ import annotations

import re
from pathlib import Path

from PIL import Image

from narrate.config import load_config
from narrate.text.readers import read_lesson
from narrate.text.script import build_script, render_script

README = Path(__file__).resolve().parent.parent / "README.md"


def _yaml_blocks() -> list[str]:
    return re.findall(r"```yaml\n(.*?)```", README.read_text(encoding="utf-8"), re.S)


def test_readme_course_yaml_and_lesson_examples_load(tmp_path):
    course_yaml, lesson_yaml = _yaml_blocks()[:2]
    (tmp_path / "course.yaml").write_text(course_yaml, encoding="utf-8")
    Image.new("RGB", (1400, 1400), "white").save(tmp_path / "cover.png")
    (tmp_path / "lexicon.yaml").write_text("mAh: milliamp hours\n", encoding="utf-8")
    config = load_config(tmp_path / "course.yaml")
    assert config.title == "How Batteries Work"
    assert config.lexicon == {"Li-ion": "lithium ion", "mAh": "milliamp hours"}
    assert config.pauses.think_ms == 5000

    (tmp_path / "lesson.yaml").write_text(lesson_yaml, encoding="utf-8")
    lesson = read_lesson(tmp_path / "lesson.yaml")
    assert [q.answers for q in lesson.quiz] == [("The electrolyte",), ("three",)]
    script = render_script(build_script(lesson, config))
    readme = README.read_text(encoding="utf-8")
    shown = re.search(r"```\n(## Question 1\n.*?)```", readme, re.S).group(1)
    assert shown in script


def test_readme_show_and_episode_metadata_examples_load(tmp_path):
    """The "Show and episode metadata" examples: the course keys load, the lesson keys are accepted."""
    blocks = [b for b in _yaml_blocks() if b.startswith(("owner:", "image:"))]
    show, episode = blocks
    (tmp_path / "music").mkdir()
    for name in ("intro.ogg", "outro.ogg"):
        (tmp_path / "music" / name).write_bytes(b"")
    (tmp_path / "course.yaml").write_text("title: Tides\n" + show, encoding="utf-8")
    config = load_config(tmp_path / "course.yaml")
    assert (config.owner_email, config.show_type, config.season) == ("podcast@example.org", "serial", 1)
    assert config.audio.intro == tmp_path / "music" / "intro.ogg"
    (tmp_path / "art").mkdir()
    Image.new("RGB", (1400, 1400), "white").save(tmp_path / "art" / "tides.png")
    (tmp_path / "lesson.yaml").write_text(
        "title: Tides\n" + episode + "sections:\n  - title: S\n    body: [One.]\n", encoding="utf-8"
    )
    lesson = read_lesson(tmp_path / "lesson.yaml")
    assert (lesson.episode_type, lesson.draft, lesson.episode) == ("trailer", True, 1)
