"""The README and the documentation pages are real.

The README is the front page: short, its lesson example reads, and every page it links exists. The
examples that moved from it to the documentation site (docs/) are tested where they now stand: the
course.yaml reference's examples load, the lesson example reads and gives the script shown beside it.
And the site builds with ``mkdocs build --strict`` (a broken link, anchor or missing page fails).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from helpers import naming_espeak
from PIL import Image

from narrate.config import load_config
from narrate.text.readers import read_lesson
from narrate.text.script import build_script, render_script

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
DOCS = ROOT / "docs"
COURSE_YAML = DOCS / "course-yaml.md"  # the course.yaml reference: its example, show and episode metadata
COURSES = DOCS / "courses.md"  # courses and episodes: a lesson in YAML and what the listener hears


def _yaml_blocks(page: Path) -> list[str]:
    return re.findall(r"```yaml\n(.*?)```", page.read_text(encoding="utf-8"), re.S)


def test_docs_course_yaml_and_lesson_examples_load(tmp_path):
    course_yaml = _yaml_blocks(COURSE_YAML)[0]
    lesson_yaml = _yaml_blocks(COURSES)[0]
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
    page = COURSES.read_text(encoding="utf-8")
    shown = re.search(r"```\n(## Question 1: .*?)```", page, re.S).group(1)
    assert shown in script


def test_docs_show_and_episode_metadata_examples_load(tmp_path):
    """The "Show and episode metadata" examples: the course keys load, the lesson keys are accepted."""
    blocks = [b for b in _yaml_blocks(COURSE_YAML) if b.startswith(("owner:", "image:"))]
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


def _readme_lesson() -> str:
    return re.search(r"```markdown\n(.*?)```", README.read_text(encoding="utf-8"), re.S).group(1)


def test_readme_lesson_example_reads_as_it_says(tmp_path):
    """The README's ten-line lesson: its chapters, the think pause and the answer it names."""
    course = tmp_path / "tides"
    (course / "lessons").mkdir(parents=True)
    (course / "course.yaml").write_text("title: Tides\n", encoding="utf-8")
    (course / "lessons" / "01-two-bulges.md").write_text(_readme_lesson(), encoding="utf-8")
    config = load_config(course / "course.yaml")
    lesson = read_lesson(course / "lessons" / "01-two-bulges.md")
    assert lesson.title == "Two bulges"
    assert [q.answers for q in lesson.quiz] == [("Two.",)]
    script = render_script(build_script(lesson, config))
    chapters = re.findall(r"^## (.+)$", script, re.M)
    assert chapters == ["Introduction", "Why two", "Quiz", "Question 1: How many high tides does a coast get each day?"]
    assert "(think pause 5.00 s)\n[host] The answer is: Two." in script
    readme = README.read_text(encoding="utf-8")
    assert "(Introduction, Why two, Quiz,\nQuestion 1: How many high tides does a coast get each day?)" in readme
    assert '"The answer is: Two."' in readme


def test_getting_started_uses_the_readme_lesson():
    page = (DOCS / "getting-started.md").read_text(encoding="utf-8")
    assert "LESSON'\n" + _readme_lesson() + "LESSON\n" in page


def test_readme_is_a_front_page():
    text = README.read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 200
    for command in ("scripts/build-sample.sh", "scripts/test.sh"):
        assert f"```sh\n{command}\n```" in text


def test_every_link_of_the_readme_exists():
    text = README.read_text(encoding="utf-8")
    links = re.findall(r"\]\(([^)\s]+)\)", text)
    local = [link for link in links if not re.match(r"[a-z]+:", link)]
    assert any(link.startswith("docs/") for link in local), "the README links to no documentation page"
    for link in local:
        path = link.split("#", 1)[0]
        assert path, f"README links to {link}: an anchor of the README itself"
        assert (ROOT / path).is_file(), f"README links to {link}, which does not exist"


def test_every_docs_page_is_in_the_site_navigation():
    class Loader(yaml.SafeLoader):
        pass

    Loader.add_multi_constructor("tag:yaml.org,2002:python/", lambda loader, suffix, node: None)
    config = yaml.load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"), Loader=Loader)

    def pages(nav) -> list[str]:
        found = []
        for item in nav:
            value = next(iter(item.values())) if isinstance(item, dict) else item
            found += pages(value) if isinstance(value, list) else [value]
        return found

    in_nav = pages(config["nav"])
    assert sorted(in_nav) == sorted(p.name for p in DOCS.glob("*.md"))


@pytest.mark.e2e
def test_mkdocs_build_strict_passes(tmp_path):
    run = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(tmp_path / "site")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
    )
    assert run.returncode == 0, run.stdout + run.stderr
    front = (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    assert "narrate turns written lessons into audio" in front  # the README is the front page
    settings_page = (tmp_path / "site" / "course-yaml" / "index.html").read_text(encoding="utf-8")
    assert "<code>pauses.think</code>" in settings_page  # the generated course.yaml table
    cli_page = (tmp_path / "site" / "cli" / "index.html").read_text(encoding="utf-8")
    assert "narrate build [OPTIONS] [CONTENT]" in cli_page  # the generated CLI reference
    api_page = (tmp_path / "site" / "api" / "index.html").read_text(encoding="utf-8")
    assert 'id="narrate.api.build"' in api_page and "<code>BuildResult</code>" in api_page  # the docstrings


def test_contributing_golden_refresh_command_names_every_golden_test():
    """docs/contributing.md's one command refreshes every golden file: it names each test that writes them."""
    page = (DOCS / "contributing.md").read_text(encoding="utf-8")
    command = re.search(r"^NARRATE_UPDATE_GOLDEN=1 .*$", page, re.M).group(0)
    writes = re.compile(r"assert_matches_golden\(|os\.environ\.get\(\"NARRATE_UPDATE_GOLDEN\"\)")
    tests = sorted((ROOT / "tests").rglob("test_*.py"))
    writers = [p.relative_to(ROOT).as_posix() for p in tests if writes.search(p.read_text(encoding="utf-8"))]
    assert writers, "no test writes golden files"
    for name in writers:
        assert name in command, f"the golden refresh command in docs/contributing.md misses {name}"


@pytest.mark.e2e
def test_readme_python_example_builds_a_course(tmp_path):
    """The README's Python API example, run as written on a one-lesson copy of the sample course: it
    prints each episode's audio file, its length in ms and its chapter titles."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    code = re.search(r"## The Python API.*?```python\n(.*?)```", readme, re.S).group(1)
    (tmp_path / "content" / "lessons").mkdir(parents=True)
    sample = (ROOT / "content" / "course.yaml").read_text(encoding="utf-8")  # espeak-ng: fast, on every machine
    (tmp_path / "content" / "course.yaml").write_text(naming_espeak(sample), encoding="utf-8")
    lesson = "01-cells-and-voltage.yaml"
    (tmp_path / "content" / "lessons" / lesson).write_bytes((ROOT / "content" / "lessons" / lesson).read_bytes())
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    run = subprocess.run(
        [sys.executable, "-c", code], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=600
    )
    assert run.returncode == 0, run.stderr
    (line,) = run.stdout.splitlines()
    assert re.fullmatch(r"episodes/01-cells-and-voltage\.\w+\.mp3 \d+ \['Introduction', .*\]", line), line
    assert (tmp_path / "audio_out" / "feed.xml").is_file()
