"""Plug-ins (issue 26): engines, readers and languages are entry points (``narrate.engines``,
``narrate.readers``, ``narrate.languages``), narrate's own registered in its pyproject.toml like a
third party's. A package installed from a temporary folder adds a speech engine and a lesson format,
and a real ``narrate build`` uses them; the registries pick the best reader, warn about a broken or
duplicate plug-in and go on.
"""

from __future__ import annotations

import importlib.util
import inspect
import json
import logging
import os
import re
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from narrate.errors import ContentError, EngineError
from narrate.speech import engines as tts
from narrate.text import languages, plugins
from narrate.text import readers as readers_module
from narrate.text.readers import read_lesson, reader_for, supported

ROOT = Path(__file__).resolve().parent.parent
PLUGINS_PAGE = ROOT / "docs" / "plugins.md"  # the page for plug-in writers: its example package is run below

# The third-party package: a speech engine that speaks a sine tone per utterance (in memory, with
# its own stamp) and a reader of ".nlesson" files ("= title", "== section", paragraphs); and a language.
PLUGIN_SOURCE = textwrap.dedent(
    '''
    """narrate-sine: a tiny third-party plug-in for narrate."""

    from __future__ import annotations

    import math
    import os
    import re
    import struct
    from pathlib import Path

    from narrate.errors import ContentError
    from narrate.model import Lesson, Paragraph, Section
    from narrate.speech.engines import Spoken, Voice

    RATE = 16000


    def _log(line: str) -> None:
        log = os.environ.get("SINE_LOG")
        if log:
            with open(log, "a", encoding="utf-8") as f:
                f.write(line + "\\n")


    class SineEngine:
        """Speaks every utterance as a 440 Hz tone (low) or 880 Hz (high), 50 ms per character."""

        name = "sine"

        def __init__(self) -> None:
            _log("init")

        @classmethod
        def stamp(cls, voice: str | None) -> str | None:
            return f"narrate-sine 1.0 stamp|{voice or ''}"

        def version(self) -> str:
            return "sine 1.0"

        def voice_version(self, voice: str | None) -> str:
            return f"sine 1.0 ({voice})"

        def voices(self) -> list[Voice]:
            return [Voice("low", "Low tone", ("en",)), Voice("high", "High tone", ("en",))]

        def accepts_voice(self, voice: str) -> bool:
            return voice in ("low", "high")

        def default_voice(self, language: str) -> str | None:
            return "low"

        def speak_samples(self, text: str, voice: str | None, rate_wpm: int) -> Spoken:
            _log(f"say {text}")
            hz = 880 if voice == "high" else 440
            frames = RATE * max(300, 50 * len(text)) // 1000
            pcm = b"".join(struct.pack("<h", int(9000 * math.sin(2 * math.pi * hz * i / RATE))) for i in range(frames))
            return Spoken(pcm, RATE, None)

        def synthesize(self, text: str, voice: str | None, rate_wpm: int, out_path: Path) -> None:
            self.speak_samples(text, voice, rate_wpm).write_wav(out_path)


    class NLessonReader:
        """``.nlesson``: ``= Title``, then ``== Section`` headings, each followed by paragraph lines."""

        suffixes = (".nlesson",)

        @staticmethod
        def score(path: Path, head: bytes) -> int:
            return 10 if path.suffix.lower() == ".nlesson" and head.startswith(b"=") else 0

        @staticmethod
        def read(path: Path, number: int, language: str) -> Lesson:
            lines = path.read_text(encoding="utf-8").splitlines()
            title = lines[0].lstrip("= ").strip()
            sections: list[Section] = []
            for n, line in enumerate(lines[1:], start=2):
                if line.startswith("=="):
                    sections.append(Section(line.lstrip("= ").strip(), (), n))
                elif line.strip():
                    if not sections:
                        raise ContentError("text before the first '==' section", path, n)
                    last = sections[-1]
                    sections[-1] = Section(last.title, (*last.blocks, Paragraph(line.strip(), n)), last.line)
            slug = re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")
            return Lesson(id=slug, title=title, sections=tuple(sections), number=number, source=path)
    '''
)

# A language in a module of its own, as narrate's own are: narrate.text.languages loads the plug-ins'
# languages while it is first imported, which may be from the plug-in's other modules.
LANGUAGE_SOURCE = textwrap.dedent(
    """
    from narrate.text.languages import Language, QuizWords

    LANGUAGE = Language(
        code="eo",
        name="Esperanto",
        iso639_2="epo",
        quiz=QuizWords(("kvizo",), ("sekve",), ("respondo",), ("klarigo",), ("demando",), ("leciono", "el")),
    )
    """
)

ENTRY_POINTS = {
    "narrate.engines": {"sine": "narrate_sine:SineEngine"},
    "narrate.readers": {"nlesson": "narrate_sine:NLessonReader"},
    "narrate.languages": {"eo": "narrate_sine.esperanto:LANGUAGE"},
}

LESSON = (
    "= Sine waves\n== Pure tones\nA sine wave has one frequency.\n== Loudness\nA louder tone has a larger amplitude.\n"
)


def entry_points_txt(groups: dict[str, dict[str, str]]) -> str:
    return "".join(
        f"[{group}]\n" + "".join(f"{name} = {target}\n" for name, target in entries.items()) + "\n"
        for group, entries in groups.items()
    )


def write_distribution(root: Path, name: str, groups: dict[str, dict[str, str]], modules: dict[str, str]) -> Path:
    """An installed distribution laid out in ``root`` (a folder for sys.path or PYTHONPATH) as pip
    leaves it: its modules (``"pkg/__init__"``: a package) and a ``<name>-1.0.dist-info`` folder with
    METADATA and entry_points.txt, which importlib.metadata reads. Written by hand: offline, and this
    environment has setuptools but not ``wheel``, so ``pip install --no-build-isolation --target``
    of a source folder cannot build it."""
    root.mkdir(parents=True, exist_ok=True)
    for module, source in modules.items():
        (root / f"{module}.py").parent.mkdir(parents=True, exist_ok=True)
        (root / f"{module}.py").write_text(source, encoding="utf-8")
    info = root / f"{name.replace('-', '_')}-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 1.0\n", encoding="utf-8")
    (info / "entry_points.txt").write_text(entry_points_txt(groups), encoding="utf-8")
    (info / "INSTALLER").write_text("narrate-tests\n", encoding="utf-8")
    return root


def install_plugin(tmp: Path) -> Path:
    """The narrate-sine package, installed into a folder of its own (for PYTHONPATH)."""
    return write_distribution(
        tmp / "site",
        "narrate-sine",
        ENTRY_POINTS,
        {"narrate_sine/__init__": PLUGIN_SOURCE, "narrate_sine/esperanto": LANGUAGE_SOURCE},
    )


def narrate(*args: str, site: Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    env = {**os.environ, **(env or {}), "PYTHONPATH": os.pathsep.join([str(site), str(ROOT)])}
    return subprocess.run(
        [sys.executable, "-m", "narrate", *args], capture_output=True, text=True, env=env, timeout=600
    )


@pytest.mark.e2e
@pytest.mark.skipif(shutil.which("ffmpeg") is None, reason="needs ffmpeg")
def test_a_third_party_engine_and_reader_build_a_course(tmp_path):
    from narrate.audio.id3 import read_chapters

    site = install_plugin(tmp_path)
    course = tmp_path / "course"
    (course / "lessons").mkdir(parents=True)
    (course / "course.yaml").write_text("title: Tones\nbase_url: https://example.org/tones/\nlanguage: en\n")
    (course / "lessons" / "01-sine.nlesson").write_text(LESSON, encoding="utf-8")
    out, cache, log = tmp_path / "out", tmp_path / "cache", tmp_path / "sine.log"
    args = ["build", str(course), "-o", str(out), "--engine", "sine", "--jobs", "1", "--cache-dir", str(cache), "-q"]

    first = narrate(*args, site=site, env={"SINE_LOG": str(log)})
    assert first.returncode == 0, first.stderr
    assert "plug-in" not in first.stderr  # found, loaded, no warning
    said = log.read_text(encoding="utf-8").splitlines()
    assert said[0] == "init" and "say A sine wave has one frequency." in said
    (mp3,) = list(out.rglob("*.mp3"))
    chapters = read_chapters(mp3)
    assert [c.title for c in chapters] == ["Introduction", "Pure tones", "Loudness"]
    assert chapters[-1].end_ms > 2000  # the tones: 50 ms a character
    # the engine's own stamp and voice version were used (memoised against the stamp)
    memo = json.loads((cache / "engines.json").read_text(encoding="utf-8"))
    (entry,) = [v for k, v in memo.items() if k.startswith("sine\t")]
    assert entry == {"stamp": "narrate-sine 1.0 stamp|", "voice": "low", "version": "sine 1.0 (low)"}

    # unchanged: up to date by the stamps alone, the engine not even started
    again = narrate(*args[:-1], site=site, env={"SINE_LOG": str(log)})
    assert again.returncode == 0, again.stderr
    assert again.stdout.startswith("Up to date"), again.stdout
    assert log.read_text(encoding="utf-8").splitlines() == said

    # the plug-ins are listed with narrate's own
    voices = narrate("voices", "--engine", "sine", site=site)
    assert voices.returncode == 0 and "sine\tlow\tLow tone\ten" in voices.stdout, voices.stderr
    probe = subprocess.run(
        [
            sys.executable,
            "-c",
            "from narrate.text.languages import LANGUAGES; from narrate.text.readers import SUPPORTED; "
            "print(list(LANGUAGES)[-1], LANGUAGES['eo'].name, SUPPORTED[-1])",
        ],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": os.pathsep.join([str(site), str(ROOT)])},
        check=True,
    )
    assert probe.stdout.split() == ["eo", "Esperanto", ".nlesson"]


# ---------------------------------------------------------------- the registries


@pytest.fixture
def fresh(monkeypatch):
    """Registries as in a new process (plug-ins looked up again), restored afterwards."""
    monkeypatch.setattr(tts, "ENGINES", dict(tts._BUILTIN))
    monkeypatch.setattr(tts, "_discovered", False)
    monkeypatch.setattr(tts, "_instances", {})
    monkeypatch.setattr(tts, "_sources", {})
    monkeypatch.setattr(tts, "_warned", set())
    monkeypatch.setattr(readers_module, "_readers", None)


@pytest.fixture
def warnings_(caplog):
    caplog.set_level(logging.WARNING, logger="narrate")
    return lambda: [r.getMessage() for r in caplog.records if r.name == "narrate"]


def add_distribution(monkeypatch, root: Path, name: str, groups: dict, modules: dict) -> None:
    write_distribution(root, name, groups, modules)
    monkeypatch.syspath_prepend(str(root))


READERS = textwrap.dedent(
    """
    from narrate.model import Lesson

    class Sniffer:
        '''Claims Markdown files that start with "%nl" (better than narrate's own: 20 > 10).'''
        suffixes = (".md",)

        @staticmethod
        def score(path, head):
            return 20 if head.startswith(b"%nl") else 0

        @staticmethod
        def read(path, number, language):
            return Lesson(id="sniffed", title="Sniffed", number=number, source=path)

    class Tied:
        '''Scores YAML files as narrate's own reader does: the first registered wins a tie.'''
        suffixes = (".yaml", ".tied")

        @staticmethod
        def score(path, head):
            return 10 if path.suffix in (".yaml", ".tied") else 0

        @staticmethod
        def read(path, number, language):
            return Lesson(id="tied", title="Tied", number=number, source=path)

    class Failing:
        suffixes = (".fail",)

        @staticmethod
        def score(path, head):
            raise RuntimeError("a bug in the plug-in")

        @staticmethod
        def read(path, number, language):
            raise AssertionError("never chosen")
    """
)


def test_the_best_score_reads_the_file_and_the_first_wins_a_tie(tmp_path, monkeypatch, fresh, warnings_):
    groups = {"narrate.readers": {"sniffer": "scorers:Sniffer", "tied": "scorers:Tied", "failing": "scorers:Failing"}}
    add_distribution(monkeypatch, tmp_path / "site", "scorers", groups, {"scorers": READERS})
    plain, sniffed = tmp_path / "plain.md", tmp_path / "sniffed.md"
    plain.write_text("# Plain\n\n## Part\n\nSome text.\n", encoding="utf-8")
    sniffed.write_text("%nl\n# Sniffed\n", encoding="utf-8")
    yaml_file = tmp_path / "lesson.yaml"
    yaml_file.write_text("title: Plain\nsections:\n  - title: A\n    body: [Text.]\n", encoding="utf-8")

    assert read_lesson(sniffed).id == "sniffed"  # 20 beats Markdown's 10
    assert read_lesson(plain).title == "Plain"  # 0: narrate's Markdown reader
    assert read_lesson(yaml_file).title == "Plain"  # a tie at 10: narrate's own YAML reader, registered first
    assert read_lesson(tmp_path / "x.tied").id == "tied"
    assert supported() == (
        ".yaml",
        ".yml",
        ".md",
        ".markdown",
        ".qmd",
        ".rmd",
        ".mdx",
        ".txt",
        ".gift",
        ".aiken",
        ".tied",
        ".fail",
    )
    (tmp_path / "x.fail").write_text("x", encoding="utf-8")
    with pytest.raises(ContentError, match=r"unsupported lesson file type '\.fail' \(use \.yaml, .*\.tied, \.fail\)"):
        read_lesson(tmp_path / "x.fail")  # its reader failed to score it: a warning, no crash
    assert any("'failing' (from scorers) failed to score the file (RuntimeError: a bug" in w for w in warnings_())


def test_txt_sniffing_is_unchanged(tmp_path, fresh):
    gift, aiken, page = tmp_path / "gift.txt", tmp_path / "aiken.txt", tmp_path / "page.txt"
    gift.write_text("::Q1:: Two plus two? {=4 ~5}\n\n::Q2:: Sky? {=blue ~green}\n", encoding="utf-8")
    aiken.write_text("What is two plus two?\nA. 4\nB. 5\nANSWER: A\n", encoding="utf-8")
    page.write_text("Lesson 1 of 2\nTea\nTea is a drink.\n", encoding="utf-8")
    from narrate.text.readers.builtin import AikenReader, GiftReader, PageReader

    assert reader_for(gift) is GiftReader and reader_for(aiken) is AikenReader and reader_for(page) is PageReader
    empty = tmp_path / "empty.txt"
    empty.write_text("  \n", encoding="utf-8")
    with pytest.raises(ContentError, match="file is empty"):
        read_lesson(empty)
    assert reader_for(tmp_path / "notes.docx") is None


def test_a_broken_plugin_is_a_warning_naming_it(tmp_path, monkeypatch, fresh, warnings_):
    groups = {
        "narrate.readers": {"broken": "no_such_module_for_narrate:Reader", "notareader": "brokenplug:NOT_A_READER"},
        "narrate.engines": {"brokenengine": "no_such_module_for_narrate:Engine"},
        "narrate.languages": {"xx": "no_such_module_for_narrate:LANGUAGE", "yy": "brokenplug:NOT_A_READER"},
    }
    add_distribution(monkeypatch, tmp_path / "site", "broken-plug", groups, {"brokenplug": "NOT_A_READER = 3\n"})
    lesson = tmp_path / "lesson.yaml"
    lesson.write_text("title: Still read\nsections:\n  - title: A\n    body: [Text.]\n", encoding="utf-8")

    assert read_lesson(lesson).title == "Still read"
    assert supported() == (".yaml", ".yml", ".md", ".markdown", ".qmd", ".rmd", ".mdx", ".txt", ".gift", ".aiken")
    said = warnings_()
    assert any(
        "narrate.readers plug-in 'broken' (from broken-plug) cannot be loaded (ModuleNotFoundError" in w for w in said
    )
    assert any("'notareader' (from broken-plug) is left out: it is not a lesson reader" in w for w in said)

    # an engine is only loaded when asked for: by name, the reason is the error
    assert tts.engine_stamp("brokenengine", None) is None
    with pytest.raises(
        EngineError, match=r"speech engine 'brokenengine' is unavailable \(No module named .*broken-plug"
    ):
        tts.get_engine("brokenengine")
    with pytest.raises(EngineError, match="'brokenengine' is unavailable"):
        tts.list_voices("brokenengine")

    registered = languages._registered()
    assert [language.code for language in registered] == list(languages.LANGUAGES)  # left out, with warnings
    said = warnings_()
    assert any("narrate.languages plug-in 'xx' (from broken-plug) cannot be loaded" in w for w in said)
    assert any(
        "narrate.languages plug-in 'yy' (from broken-plug) is left out: it names no narrate Language" in w for w in said
    )


def test_a_name_is_loaded_once(tmp_path, monkeypatch, fresh, warnings_):
    reader = "from narrate.text.readers.builtin import YamlReader as Reader\nclass Engine: pass\n"
    first = {"narrate.readers": {"twice": "first_plug:Reader", "yaml": "first_plug:Reader"}}
    second = {"narrate.readers": {"twice": "second_plug:Reader"}, "narrate.engines": {"pyttsx3": "second_plug:Engine"}}
    add_distribution(monkeypatch, tmp_path / "b", "second-plug", second, {"second_plug": reader})
    add_distribution(monkeypatch, tmp_path / "a", "first-plug", first, {"first_plug": reader})  # first on sys.path

    names = [(plugin.name, plugin.source) for plugin, _ in readers_module.readers()]
    assert names.count(("twice", "first-plug")) == 1 and ("twice", "second-plug") not in names
    assert [name for name, _ in names].count("yaml") == 1 and ("yaml", "narrate") in names
    assert tts.engine_names() == ["kokoro", "piper", "pyttsx3"]
    assert tts.ENGINES["pyttsx3"] == tts._BUILTIN["pyttsx3"]
    said = warnings_()
    assert (
        "narrate.readers plug-in 'twice' (from second-plug) is ignored: the name 'twice' is taken by first-plug" in said
    )
    assert "narrate.readers plug-in 'yaml' (from first-plug) is ignored: the name 'yaml' is taken by narrate" in said
    assert (
        "narrate.engines plug-in 'pyttsx3' (from second-plug) is ignored: the name 'pyttsx3' is taken by narrate"
        in said
    )


def test_stale_metadata_of_narrate_itself_falls_back_to_the_builtin_tables(tmp_path, monkeypatch, fresh, warnings_):
    """A checkout on PYTHONPATH whose narrate metadata has no entry points (an old egg-info first on
    sys.path): narrate's own engines, readers and languages are there all the same, once each."""
    stale = tmp_path / "stale"
    stale.mkdir()
    info = stale / "narrate-0.0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: narrate\nVersion: 0.0.1\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(stale))
    from importlib.metadata import entry_points

    assert not [e for e in entry_points(group="narrate.engines") if e.dist and e.dist.name == "narrate"]
    assert tts.engine_names() == ["kokoro", "piper", "pyttsx3"]
    assert supported() == (".yaml", ".yml", ".md", ".markdown", ".qmd", ".rmd", ".mdx", ".txt", ".gift", ".aiken")
    assert [language.code for language in languages._registered()] == list(languages.LANGUAGES)
    assert warnings_() == []


def test_an_engine_class_without_the_optional_members_gets_the_defaults(tmp_path, monkeypatch, fresh):
    source = textwrap.dedent(
        """
        from narrate.speech.engines import Voice

        class Plain:
            name = "plain"
            def version(self): return "plain 1"
            def voices(self): return [Voice("v", "V", ("en",))]
            def default_voice(self, language): return "v"
            def synthesize(self, text, voice, rate_wpm, out_path): raise AssertionError
        """
    )
    add_distribution(
        monkeypatch,
        tmp_path / "site",
        "plain-engine",
        {"narrate.engines": {"plain": "plain_engine:Plain"}},
        {"plain_engine": source},
    )
    engine = tts.get_engine("plain")
    assert type(engine).__name__ == "Plain" and engine.voice_version("v") == "plain 1"
    assert engine.speak_samples("Hi.", "v", 160) is None
    assert engine.accepts_voice("v") and not engine.accepts_voice("w") and engine.accepts_voice("model.onnx")
    origin = importlib.util.find_spec("plain_engine").origin
    stat = os.stat(origin)
    assert tts.engine_stamp("plain", "v") == f"{origin}:{stat.st_size}:{stat.st_mtime_ns}|Plain|v"


def test_unknown_engine_names_the_plugins_too(tmp_path, monkeypatch, fresh):
    add_distribution(
        monkeypatch,
        tmp_path / "site",
        "sine",
        {"narrate.engines": {"sine": "narrate_sine:SineEngine"}},
        {"narrate_sine": PLUGIN_SOURCE},
    )
    with pytest.raises(EngineError, match=r"unknown speech engine 'nope' \(available: kokoro, piper, pyttsx3, sine\)"):
        tts.get_engine("nope")
    assert tts.engine_stamp("sine", "high") == "narrate-sine 1.0 stamp|high"


def test_the_plugins_page_example_package_works(tmp_path, monkeypatch, fresh, warnings_):
    """docs/plugins.md's example package as the page shows it (its blocks with a ``title="file"``):
    its pyproject.toml declares narrate's three groups, narrate finds its engine, reader and language
    and they work; the page's own tests of it pass too."""
    tomllib = pytest.importorskip("tomllib")
    import numpy as np

    page = PLUGINS_PAGE.read_text(encoding="utf-8")
    files = dict(re.findall(r'```\w+ title="([^"]+)"\n(.*?)```', page, re.S))
    groups = tomllib.loads(files.pop("pyproject.toml"))["project"]["entry-points"]
    assert sorted(groups) == ["narrate.engines", "narrate.languages", "narrate.readers"]
    modules = {name.removesuffix(".py"): source for name, source in files.items()}
    assert sorted(modules) == ["narrate_tones/__init__", "narrate_tones/esperanto"]
    add_distribution(monkeypatch, tmp_path / "site", "narrate-tones", groups, modules)

    engine = tts.get_engine("tone")
    spoken = engine.speak_samples("The Moon pulls the sea.", None, 160)
    assert spoken.sample_rate == 22050
    assert tts.check_clip_samples(np.frombuffer(spoken.pcm, "<i2"), 22050, "x") == 5 * 8268 * 1000 // 22050
    assert engine.default_voice("en-us") == "low" and engine.accepts_voice("high") and not engine.accepts_voice("mid")
    assert tts.engine_stamp("tone", "low") == tts.engine_stamp("tone", "low") != tts.engine_stamp("tone", "high")
    with pytest.raises(EngineError, match="unknown tone voice 'mid'"):
        engine.speak_samples("Hi.", "mid", 160)
    wav = tmp_path / "clip.wav"
    assert engine.synthesize("Two words.", "high", 160, wav) == [(0, 0), (4, 375)]
    assert tts.clip_duration_ms(wav, "x") == 2 * 8268 * 1000 // 22050  # 375 ms a word at 160 words a minute

    (outline,) = re.findall(r"```text\n(.*?)```", page, re.S)
    lesson_file, marked = tmp_path / "tides.outline", tmp_path / "tides.txt"
    lesson_file.write_text(outline, encoding="utf-8")
    marked.write_text("OUTLINE\n" + outline, encoding="utf-8")
    for path in (lesson_file, marked):
        lesson = read_lesson(path, 2)
        assert (lesson.id, lesson.number) == ("tides", 2)
        sections = [(section.title, len(section.blocks)) for section in lesson.sections]
        assert sections == [("Why tides happen", 2), ("Spring and neap tides", 1)]
    assert supported()[-1] == ".outline"
    bad = tmp_path / "bad.outline"
    bad.write_text("Tides\n    Indented too early.\n", encoding="utf-8")
    with pytest.raises(ContentError, match="before the first section") as raised:
        read_lesson(bad)
    assert raised.value.line == 2
    assert [language.code for language in languages._registered()][-1] == "eo"
    assert warnings_() == []

    (tests,) = [block for block in re.findall(r"```python\n(.*?)```", page, re.S) if "def test_" in block]
    namespace: dict = {}
    exec(compile(tests, str(PLUGINS_PAGE), "exec"), namespace)
    ran = 0
    for name, test in namespace.items():
        if name.startswith("test_"):
            folder = tmp_path / name
            folder.mkdir()
            test(**({"tmp_path": folder} if "tmp_path" in inspect.signature(test).parameters else {}))
            ran += 1
    assert ran == 2


# ---------------------------------------------------------------- a broken plug-in never stops narrate

QUIZ = 'QuizWords(("kvizo",), ("sekve",), ("respondo",), ("klarigo",), ("demando",), ("leciono", "el"))'

BAD_LANGUAGES = {
    # entry name: (the Language's arguments, what the warning says)
    "noquiz": ('code="xa", name="A", iso639_2="xaa", quiz=None', "has quiz=None, not a QuizWords"),
    "nocode": (f'code=None, name="B", iso639_2="xbb", quiz={QUIZ}', "has code None, not a primary language subtag"),
    "pathcode": (f'code="../x", name="C", iso639_2="xcc", quiz={QUIZ}', "has code '../x', not a primary"),
    "noname": (f'code="xd", name=3, iso639_2="xdd", quiz={QUIZ}', "has name=3, not a str"),
    "badwords": (
        'code="xe", name="E", iso639_2="xee", quiz=QuizWords(None, (), (), (), (), ("a", "b"))',
        "has quiz.quiz_headings=None, not a tuple of str",
    ),
    "badlesson": (
        'code="xf", name="F", iso639_2="xff", quiz=QuizWords((), (), (), (), (), ("only one",))',
        "has quiz.lesson=('only one',), not (the word for lesson",
    ),
    "badfeminine": (f'code="xg", name="G", iso639_2="xgg", quiz={QUIZ}, feminine=(("un",),)', "feminine entries"),
    "badrules": (f'code="xh", name="H", iso639_2="xhh", quiz={QUIZ}, rules="x"', "has rules='x', not a Rules or None"),
    "upper": (f'code="EN", name="English again", iso639_2="eng", quiz={QUIZ}', "language 'EN' is already registered"),
}


def test_a_language_with_a_bad_field_is_left_out_with_a_warning(tmp_path, monkeypatch, warnings_):
    """A plug-in Language is checked when it is loaded (quiz=None crashed every command, in the
    readers' marker tables), and language codes are compared without case."""
    source = "from narrate.text.languages import Language, QuizWords\n" + "".join(
        f"{name.upper()} = Language({arguments})\n" for name, (arguments, _) in BAD_LANGUAGES.items()
    )
    source += f'GOOD = Language(code="XQ", name="Q", iso639_2="xqq", quiz={QUIZ})\n'
    entries = {name: f"badlanguages:{name.upper()}" for name in BAD_LANGUAGES} | {"good": "badlanguages:GOOD"}
    add_distribution(
        monkeypatch, tmp_path / "site", "bad-languages", {"narrate.languages": entries}, {"badlanguages": source}
    )

    registered = languages._registered()
    assert [language.code for language in registered] == [*languages.LANGUAGES, "xq"]  # upper case: lowered
    said = warnings_()
    for name, (_, problem) in BAD_LANGUAGES.items():
        assert any(
            w.startswith(f"narrate.languages plug-in '{name}' (from bad-languages) is left out: ") and problem in w
            for w in said
        ), (name, said)


BAD_READS = {
    # read()'s body: the error's end
    "raises": ('raise RuntimeError("read exploded")', "failed to read the file (RuntimeError: read exploded)"),
    "exits": ("raise SystemExit(3)", "failed to read the file (SystemExit: 3)"),
    "dict": ('return {"id": "x", "title": "X"}', "returned a dict, not a Lesson"),
    "none": ("return None", "returned None, not a Lesson"),
    "str": ('return "lesson"', "returned a str, not a Lesson"),
    "pathid": ('return Lesson(id="../../Bad ID!", title="X")', "gave a lesson id '../../Bad ID!' that is not a slug"),
    "emptyid": ('return Lesson(id="", title="X")', "gave a lesson id '' that is not a slug"),
    "newlineid": ('return Lesson(id="ab\\n", title="X")', "gave a lesson id 'ab\\n' that is not a slug"),
    "notitle": ('return Lesson(id="x", title=None)', "gave a malformed lesson (title is a NoneType, not a str)"),
    "strsections": ('return Lesson(id="x", title="X", sections=["text"])', "(a section is a str, not a Section"),
    "strblocks": (
        'return Lesson(id="x", title="X", sections=(Section("S", ("a block",), 1),))',
        "(section 'S' has a block that is a str, not a narrate block",
    ),
}


@pytest.mark.parametrize("case", sorted(BAD_READS))
def test_a_reader_that_fails_or_returns_no_lesson_is_an_error_naming_it(case, tmp_path, monkeypatch, fresh):
    body, problem = BAD_READS[case]
    source = textwrap.dedent(
        f"""
        from narrate.model import Lesson, Section

        class Reader:
            suffixes = (".bad",)
            score = staticmethod(lambda path, head: 10 if path.suffix == ".bad" else 0)

            @staticmethod
            def read(path, number, language):
                {body}
        """
    )
    module = f"badreader_{case}"  # one module per case: sys.modules keeps the others
    groups = {"narrate.readers": {"brk": f"{module}:Reader"}}
    add_distribution(monkeypatch, tmp_path / "site", "brk-good", groups, {module: source})
    lesson = tmp_path / "01.bad"
    lesson.write_text("Title\n", encoding="utf-8")
    with pytest.raises(ContentError) as raised:
        read_lesson(lesson)
    assert problem in raised.value.problem
    assert raised.value.problem.startswith("narrate.readers plug-in 'brk' (from brk-good) ")
    assert raised.value.file == lesson and raised.value.line is None


def test_a_plugin_that_calls_sys_exit_is_left_out(tmp_path, monkeypatch, fresh, warnings_):
    source = textwrap.dedent(
        """
        import sys

        class Scorer:
            suffixes = (".exits",)
            read = staticmethod(lambda path, number, language: None)

            @staticmethod
            def score(path, head):
                sys.exit(4)
        """
    )
    groups = {"narrate.readers": {"atimport": "exits_at_import:Reader", "inscore": "exits_in_score:Scorer"}}
    modules = {"exits_at_import": "import sys\nsys.exit('bye')\n", "exits_in_score": source}
    add_distribution(monkeypatch, tmp_path / "site", "exiting", groups, modules)
    lesson = tmp_path / "lesson.exits"
    lesson.write_text("x\n", encoding="utf-8")
    with pytest.raises(ContentError, match="unsupported lesson file type"):
        read_lesson(lesson)
    said = warnings_()
    assert (
        "narrate.readers plug-in 'atimport' (from exiting) cannot be loaded (SystemExit: bye); it is left out" in said
    )
    assert any("plug-in 'inscore' (from exiting) failed to score the file (SystemExit: 4)" in w for w in said)


def test_a_bad_spoken_is_an_engine_error_naming_the_cue():
    from narrate.speech.engines import Spoken
    from narrate.speech.utterance import spoken_problem

    tone = b"\x10\x20" * 1600
    cases = [
        ("a str", "returned a str, not a Spoken or None"),
        ((tone, 16000, None), "returned a tuple, not a Spoken or None"),
        (Spoken([1000] * 1600, 16000, None), "gave pcm as a list, not bytes"),  # type: ignore[arg-type]
        (Spoken(tone, 16000.5, None), "gave a sample rate of 16000.5, not a whole number of Hz"),  # type: ignore[arg-type]
        (Spoken(tone, 0, None), "gave a sample rate of 0"),
        (Spoken(tone, -16000, None), "gave a sample rate of -16000"),
        (Spoken(tone, 10**12, None), "gave a sample rate of 1000000000000"),
        (Spoken(tone, True, None), "gave a sample rate of True"),
    ]
    for held, problem in cases:
        assert problem in (spoken_problem(held) or ""), held
    assert spoken_problem(None) is None and spoken_problem(Spoken(tone, 16000, None)) is None
    assert spoken_problem(Spoken(tone, 22050, [(0, 0)])) is None


BROKEN_ENGINE = textwrap.dedent(
    """
    import math
    import numpy as np
    from narrate.speech.engines import EngineBase, Spoken, Voice

    class Broken(EngineBase):
        name = "broken"
        said = None
        def version(self): return "broken 1"
        def voices(self): return [Voice("v", "V", ("en",))]
        def default_voice(self, language): return "v"
        def synthesize(self, text, voice, rate_wpm, out_path): raise AssertionError
        def speak_samples(self, text, voice, rate_wpm):
            if Broken.said == "exit":
                raise SystemExit(3)
            return Spoken(np.full(16000, math.nan), 16000, None)  # not bytes: an error, not noise

    class Nameless:
        name = "nameless"

    class BadVoices(Broken):
        def voices(self): return ["low", 5]

    class BadVersion(Broken):
        def voice_version(self, voice): raise ValueError("no version")
    """
)


def _broken_engines(tmp_path, monkeypatch) -> None:
    engines = {
        "broken": "broken_engine:Broken",
        "nameless": "broken_engine:Nameless",
        "badvoices": "broken_engine:BadVoices",
        "badversion": "broken_engine:BadVersion",
        "notaclass": "broken_engine:math",
    }
    add_distribution(
        monkeypatch, tmp_path / "site", "brk-engines", {"narrate.engines": engines}, {"broken_engine": BROKEN_ENGINE}
    )


def test_an_engine_class_missing_members_is_unavailable_and_the_others_listed(tmp_path, monkeypatch, fresh):
    _broken_engines(tmp_path, monkeypatch)
    monkeypatch.setattr(tts, "engine_names", lambda: ["badvoices", "broken", "nameless", "notaclass"])
    lines = tts.list_voices()
    assert lines[0] == "badvoices\t(unavailable: speech engine 'badvoices' listed a voice that is not a Voice: 'low')"
    assert lines[1] == "broken\tv\tV\ten\t"  # no licence given
    assert lines[2] == (
        "nameless\t(unavailable: speech engine 'nameless' is unavailable (its class Nameless lacks version, voices, "
        "default_voice, synthesize); check the installation of brk-engines, which provides it)"
    )
    assert lines[3].startswith("notaclass\t(unavailable: speech engine 'notaclass' is unavailable (it names a module")
    with pytest.raises(EngineError, match=r"'nameless' is unavailable \(its class Nameless lacks .*brk-engines"):
        tts.get_engine("nameless")
    assert tts.engine_stamp("nameless", None) is None


def test_an_engines_failure_outside_a_cue_is_an_engine_error_naming_it(tmp_path, monkeypatch, fresh):
    from narrate.speech import synthesis
    from narrate.speech.cache import UtteranceCache
    from narrate.speech.utterance import Utterance, make_clip

    _broken_engines(tmp_path, monkeypatch)
    memo = synthesis._Memo(tmp_path / "engines.json")
    with pytest.raises(EngineError, match=r"speech engine 'badversion' failed in voice_version\(\): ValueError: no"):
        synthesis._speaker("badversion", None, "en", memo)
    u = Utterance("k" * 64, "broken", "v", 160, "Hello.", "lesson 'a', cue 2")
    with pytest.raises(EngineError, match=r"failed on lesson 'a', cue 2: speak_samples gave pcm as a ndarray, not"):
        make_clip(u, UtteranceCache(tmp_path / "cache"))
    monkeypatch.setattr(sys.modules["broken_engine"].Broken, "said", "exit")
    with pytest.raises(EngineError, match=r"failed on lesson 'a', cue 2: SystemExit: 3"):
        make_clip(u, UtteranceCache(tmp_path / "cache"))


BAD_STAMPS = {
    "raises": ('raise RuntimeError("stamp exploded")', "failed to give its stamp (RuntimeError: stamp exploded)"),
    "exits": ("raise SystemExit(2)", "failed to give its stamp (SystemExit: 2)"),
    "object": ("return object()", "gave a stamp that is a object, not a str"),
    "bytes": ('return b"\\xff"', "gave a stamp that is a bytes, not a str"),
    "int": ("return 12345", "gave a stamp that is a int, not a str"),
    "list": ('return ["a"]', "gave a stamp that is a list, not a str"),
}


def test_a_stamp_that_is_not_a_str_is_none_with_one_warning(tmp_path, monkeypatch, fresh, warnings_):
    source = "from narrate.speech.engines import EngineBase\n" + "".join(
        f"class {name.title()}(EngineBase):\n    @classmethod\n    def stamp(cls, voice):\n        {body}\n"
        "    version = voices = default_voice = synthesize = lambda self, *a: None\n"
        for name, (body, _) in BAD_STAMPS.items()
    )
    engines = {name: f"bad_stamps:{name.title()}" for name in BAD_STAMPS}
    add_distribution(monkeypatch, tmp_path / "site", "bad-stamps", {"narrate.engines": engines}, {"bad_stamps": source})
    for name, (_, problem) in BAD_STAMPS.items():
        assert tts.engine_stamp(name, "v") is None and tts.engine_stamp(name, None) is None
        said = [w for w in warnings_() if f"plug-in '{name}' (from bad-stamps)" in w]
        assert said == [
            f"narrate.engines plug-in '{name}' (from bad-stamps) {problem}; it is treated as None "
            "(the no-change check cannot see the engine change)"
        ]


def test_a_cache_url_of_an_unknown_protocol_is_an_error():
    from narrate.errors import ConfigError
    from narrate.options import _cache_dir
    from narrate.speech.store import CacheStore

    with pytest.raises(ConfigError, match=r"^--cache-dir: unknown protocol 'bogus' \(not one fsspec knows"):
        _cache_dir("bogus://x/y")
    with pytest.raises(ConfigError, match=r"the cache location bogus://x: unknown protocol 'bogus'"):
        CacheStore("bogus://x")
    assert _cache_dir("s3://bucket/prefix") == "s3://bucket/prefix" and _cache_dir("memory://c") == "memory://c"


# ---------------------------------------------------------------- narrate's own, registered the same way


def test_pyproject_registers_narrates_own_as_the_registries_list_them():
    tomllib = pytest.importorskip("tomllib")
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["entry-points"]
    assert declared["narrate.engines"] == {name: f"{module}:{attr}" for name, (module, attr, _) in tts._BUILTIN.items()}
    assert declared["narrate.readers"] == dict(readers_module.BUILTIN)
    assert declared["narrate.languages"] == dict(languages.BUILTIN)
    assert list(languages.LANGUAGES) == [code for code, _ in languages.BUILTIN]
    for group, entries in declared.items():  # each names an object that exists
        for plugin in plugins.own(group, entries.items()):
            assert plugin.load() is not None


def test_the_builtin_engines_meet_the_protocol_without_importing_them():
    from narrate.speech.engines.builtin import KOKORO, PIPER, PYTTSX3

    for lazy in (PYTTSX3, PIPER, KOKORO):
        module, _, attr = lazy.target.partition(":")
        assert importlib.util.find_spec(module) is not None
    source = (ROOT / "narrate" / "speech" / "engines" / "builtin.py").read_text(encoding="utf-8")
    assert "pyttsx3_engine import" not in source and "piper_engine import" not in source
    assert "kokoro_engine import" not in source
    for core in ("stamp.py", "synthesis.py", "utterance.py"):
        text = (ROOT / "narrate" / "speech" / core).read_text(encoding="utf-8")
        assert '"pyttsx3"' not in text and '"piper"' not in text and '"kokoro"' not in text, core
        assert "getattr(engine" not in text, core


def test_looking_up_narrates_own_looks_for_no_plugin():
    """The no-change check asks for the default engine's stamp and lists lessons/ by suffix: neither
    imports an engine nor scans the installed distributions (importlib.metadata)."""
    code = (
        "import sys\n"
        "from narrate.speech.engines import engine_stamp\n"
        "from narrate.text.readers import SUPPORTED\n"
        "assert engine_stamp('pyttsx3', None) and engine_stamp('piper', 'x.onnx') is None\n"
        "assert engine_stamp('kokoro', 'af_heart') and engine_stamp('kokoro', 'af_nobody') is None\n"
        "assert '.md' in SUPPORTED and '.txt' in SUPPORTED\n"
        "heavy = ('importlib.metadata', 'numpy', 'pyttsx3', 'piper', 'onnxruntime', 'narrate.speech.engines.p', "
        "'narrate.text.readers.markdown', 'narrate.text.languages')\n"
        "print(sorted(n for n in sys.modules if n.startswith(heavy)))\n"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
    assert result.stdout.strip() == "[]"
