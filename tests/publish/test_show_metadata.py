"""Show settings for podcast producers (owner, copyright, funding, persons, complete, type, season),
the intro and outro, and the schedule of a course without ``start_date``."""

from __future__ import annotations

import json
import shutil
import subprocess
import xml.etree.ElementTree as ET
from datetime import date
from pathlib import Path

import pytest
from mutagen.id3 import ID3

from narrate.config import load_config
from narrate.errors import ConfigError
from narrate.model import Funding, Person
from narrate.options import BuildOptions
from narrate.pipeline import build
from narrate.publish.check import check_output
from narrate.publish.schedule_state import SCHEDULE_FILE

ITUNES = "{http://www.itunes.com/dtds/podcast-1.0.dtd}"
PODCAST = "{https://podcastindex.org/namespace/1.0}"
needs_ffmpeg = pytest.mark.skipif(shutil.which("ffmpeg") is None, reason="needs ffmpeg")


@pytest.mark.parametrize(
    "yaml, line, message",
    [
        ("owner:\n  email: not-an-address\n", 3, "'owner.email' must be an email address, not 'not-an-address'"),
        ("owner:\n  phone: 123\n", 3, "unknown key 'owner.phone'"),
        ("type: weekly\n", 2, "type must be 'serial' (listen in order) or 'episodic' (newest first)"),
        ("season: 0\n", 2, "'season' must be between 1 and 10000"),
        ("complete: yes please\n", 2, "'complete' must be true or false"),
        ("funding:\n  url: /donate\n", 3, "'funding.0.url' must be an http(s) URL, not '/donate'"),
        ("funding:\n  url: https://x.org/\n  text: " + "a" * 129 + "\n", 4, "a funding 'text' is at most 128"),
        ("funding: https://x.org/\n", 2, "'funding' must be a mapping or a list of mappings"),
        ("persons:\n  - name: Ann\n    role: chef\n", 4, "person role 'chef' is not in the Podcast Index taxonomy"),
        (
            "persons:\n  - name: Ann\n    role: narator\n",
            4,
            "person role 'narator' is not in the Podcast Index taxonomy (did you mean 'narrator'?)",
        ),
        ("persons:\n  - role: host\n", 3, "missing required key 'persons.name'"),
        ("audio:\n  intro: music/missing.mp3\n", 3, "intro file not found: music/missing.mp3"),
        ("audio:\n  outro: ../outro.mp3\n", 3, "audio.outro '../outro.mp3' must be a file inside the course folder"),
    ],
)
def test_bad_show_settings_name_the_line(tmp_path, yaml, line, message):
    (tmp_path / "course.yaml").write_text("title: Tides\n" + yaml)
    with pytest.raises(ConfigError) as caught:
        load_config(tmp_path / "course.yaml")
    assert caught.value.line == line
    assert caught.value.problem.startswith(message), caught.value.problem


def test_show_settings_load(tmp_path):
    (tmp_path / "course.yaml").write_text(
        "title: Tides\nowner:\n  name: Harbour School\n  email: pod@example.org\ncopyright: © 2026 Harbour School\n"
        "funding:\n  - url: https://example.org/support\n    text: Support the course\n"
        "persons:\n  - name: Ann Lee\n    role: Narrator\n  - name: Bo Chan\n    href: https://example.org/bo\n"
        "complete: true\ntype: episodic\nseason: 2\n"
    )
    config = load_config(tmp_path / "course.yaml")
    assert (config.owner_name, config.owner_email, config.copyright) == (
        "Harbour School",
        "pod@example.org",
        "© 2026 Harbour School",
    )
    assert config.funding == (Funding("https://example.org/support", "Support the course"),)
    assert config.persons == (Person("Ann Lee", "narrator"), Person("Bo Chan", "host", "https://example.org/bo"))
    assert (config.complete, config.show_type, config.season, config.start_date) == (True, "episodic", 2, "")


COURSE = """\
title: Tides
author: Shore Tutors
base_url: https://example.org/tides/
owner:
  name: Harbour School
  email: pod@example.org
copyright: © 2026 Harbour School
funding:
  url: https://example.org/support
  text: Support the course
persons:
  - name: Ann Lee
    role: narrator
complete: true
type: serial
season: 1
audio:
  intro: music/intro.ogg
  outro: music/outro.ogg
voice:
  engine: fake
"""


def tone(path: Path, hz: int, seconds: float) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    subprocess.run(
        ["ffmpeg", "-v", "error", "-f", "lavfi", "-i", f"sine=frequency={hz}:sample_rate=48000:duration={seconds}"]
        + ["-c:a", "libvorbis", str(path)],
        check=True,
    )


@pytest.mark.e2e  # builds with ffmpeg: left out by scripts/test.sh --fast
@needs_ffmpeg
def test_show_tags_intro_and_outro_in_a_build(tmp_path, fakes):
    content = tmp_path / "course"
    (content / "lessons").mkdir(parents=True)
    (content / "course.yaml").write_text(COURSE)
    tone(content / "music" / "intro.ogg", 440, 3.0)
    tone(content / "music" / "outro.ogg", 330, 2.0)
    (content / "lessons" / "01-moon.yaml").write_text(
        "title: Moon\nsections:\n  - title: Pull\n    body: [The moon pulls the sea.]\n"
    )
    out = tmp_path / "out"
    (episode,) = build(content, out, BuildOptions(jobs=1), today=date(2026, 6, 1)).episodes
    channel = ET.parse(out / "feed.xml").getroot().find("channel")
    owner = channel.find(f"{ITUNES}owner")
    assert [owner.findtext(f"{ITUNES}name"), owner.findtext(f"{ITUNES}email")] == ["Harbour School", "pod@example.org"]
    assert channel.findtext("copyright") == "© 2026 Harbour School"
    assert channel.findtext(f"{ITUNES}complete") == "Yes" and channel.findtext(f"{ITUNES}type") == "serial"
    funding = channel.find(f"{PODCAST}funding")
    assert (funding.get("url"), funding.text) == ("https://example.org/support", "Support the course")
    person = channel.find(f"{PODCAST}person")
    assert (person.get("role"), person.text) == ("narrator", "Ann Lee")
    assert channel.find("item").findtext(f"{ITUNES}season") == "1"

    # the intro (3 s) starts the episode as its own chapter; the crossfade is 0.5 s
    assert episode.chapters[0].title == "Intro" and episode.chapters[0] == type(episode.chapters[0])("Intro", 0, 2500)
    assert episode.chapters[1].start_ms == 2500 and episode.cue_times[0].start_ms == 2500
    speech_end = episode.cue_times[-1].end_ms
    assert episode.duration_ms == pytest.approx(speech_end + 2000 - 500, abs=2)  # the outro after the last cue
    id3 = ID3(out / episode.audio_file)
    assert [f.element_id for f in id3.getall("CHAP")][0] == "chp0"
    assert json.loads((out / episode.files["chapters"]).read_text())["chapters"][0]["title"] == "Intro"
    assert check_output(out) == []
    again = build(content, out, BuildOptions(jobs=1), today=date(2026, 6, 1))
    assert again.up_to_date


@pytest.mark.e2e  # builds with ffmpeg: left out by scripts/test.sh --fast
@needs_ffmpeg
def test_without_start_date_the_first_build_day_is_kept(tmp_path, fakes):
    content = tmp_path / "course"
    (content / "lessons").mkdir(parents=True)
    (content / "course.yaml").write_text("title: Tides\nvoice:\n  engine: fake\n")
    for n, title in enumerate(["Moon", "Waves"], 1):
        (content / "lessons" / f"0{n}-{title.lower()}.yaml").write_text(
            f"title: {title}\nsections:\n  - title: Part\n    body: [{title} in one sentence.]\n"
        )
    out = tmp_path / "out"
    first = build(content, out, BuildOptions(jobs=1), today=date(2026, 11, 30))
    assert json.loads((out / SCHEDULE_FILE).read_text()) == {
        "guid": "1bc1ab67-faa8-5839-986c-e8ea4cc76c01",  # the show's podcast:guid, made from its title
        "next_release": "2026-12-07",
        "start_date": "2026-11-30",
    }
    assert first.scheduled == (("02-waves", "2026-12-07"),)
    items = ET.parse(out / "feed.xml").getroot().find("channel").findall("item")
    assert [(i.findtext("title"), i.findtext("pubDate")) for i in items] == [
        ("Moon", "Mon, 30 Nov 2026 06:00:00 +0000")
    ]
    build(
        content, out, BuildOptions(jobs=1), today=date(2026, 12, 7)
    )  # a week later: Waves is due, Moon keeps its date
    items = ET.parse(out / "feed.xml").getroot().find("channel").findall("item")
    assert [(i.findtext("title"), i.findtext("pubDate")) for i in items] == [
        ("Moon", "Mon, 30 Nov 2026 06:00:00 +0000"),
        ("Waves", "Mon, 07 Dec 2026 06:00:00 +0000"),
    ]
    assert json.loads((out / SCHEDULE_FILE).read_text()) == {
        "guid": "1bc1ab67-faa8-5839-986c-e8ea4cc76c01",
        "start_date": "2026-11-30",
    }
