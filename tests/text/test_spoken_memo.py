"""The spoken-text memo (issue 18): a rebuild normalises only the texts it has not seen, with the
same result as normalising them again."""

from __future__ import annotations

import json
import threading

import pytest

from narrate.speech.cache import UtteranceCache
from narrate.text import normalize
from narrate.text.normalize import remembered, spoken


@pytest.fixture
def counted(monkeypatch):
    calls: list[str] = []
    real = normalize._spoken

    def counting(text, lexicon=None, language="en-us"):
        calls.append(text)
        return real(text, lexicon, language)

    monkeypatch.setattr(normalize, "_spoken", counting)
    return calls


TEXTS = ["It costs $5 on 3/4/2025.", "Dr. Lee read ch. 2 at 10:30.", "H2O boils at 100 °C."]


def test_a_second_run_reuses_every_spoken_form_and_gets_the_same_text(tmp_path, counted):
    memo = tmp_path / "memo.json"
    with remembered(memo):
        first = [spoken(t) for t in TEXTS]
    assert len(counted) == 3 and memo.is_file()
    with remembered(memo):
        again = [spoken(t) for t in TEXTS]
    assert again == first == [normalize._spoken(t) for t in TEXTS]
    assert len(counted) == 3 + 3  # the three calls just above, none inside the second block


@pytest.mark.parametrize(
    "change",
    [
        lambda: spoken(TEXTS[0], {"costs": "is priced at"}),  # another lexicon
        lambda: spoken(TEXTS[0], None, "de"),  # another language
        lambda: spoken(TEXTS[0] + " ", None),  # another text
    ],
)
def test_a_changed_lexicon_language_or_text_is_a_miss(tmp_path, counted, change):
    memo = tmp_path / "memo.json"
    with remembered(memo):
        spoken(TEXTS[0])
    with remembered(memo):
        change()
    assert len(counted) == 2


def test_the_file_keeps_only_the_forms_used_last(tmp_path, counted):
    memo = tmp_path / "memo.json"
    with remembered(memo):
        for text in TEXTS:
            spoken(text)
    with remembered(memo):
        spoken(TEXTS[1])
    kept = json.loads(memo.read_text())
    assert [k.rsplit("\x1f", 1)[1] for k in kept] == [TEXTS[1]]


@pytest.mark.parametrize("content", ["not json", "[1, 2]", '{"a": 3}', ""])
def test_an_unreadable_memo_is_empty(tmp_path, counted, content):
    memo = tmp_path / "memo.json"
    memo.write_text(content)
    with remembered(memo):
        assert spoken(TEXTS[0]) == normalize._spoken(TEXTS[0])
    assert len(counted) == 2


def test_another_thread_outside_the_block_normalises_as_usual(tmp_path, counted):
    memo = tmp_path / "memo.json"
    with remembered(memo):
        spoken(TEXTS[0])
    seen = []
    with remembered(memo):
        worker = threading.Thread(target=lambda: seen.append(spoken(TEXTS[0])))
        worker.start()
        worker.join()
    assert seen == [normalize._spoken(TEXTS[0])]
    assert len(counted) == 3  # first block, the other thread (no memo there), the comparison


@pytest.mark.e2e
def test_a_rebuild_after_an_edit_normalises_only_the_changed_text(tmp_path, fakes, counted):
    from narrate import BuildOptions, build

    course = tmp_path / "course"
    (course / "lessons").mkdir(parents=True)
    (course / "course.yaml").write_text("title: Clouds\nvoice:\n  engine: fake\n")
    lesson = course / "lessons" / "01-clouds.yaml"
    lesson.write_text(
        "title: Clouds\nsections:\n  - title: Kinds\n    body:\n"
        "      - Cirrus clouds form above 6,000 m.\n      - Cumulus clouds look like cotton.\n"
    )
    options = BuildOptions(cache_dir=tmp_path / "cache")
    build(course, tmp_path / "out", options)
    first = len(counted)
    lesson.write_text(lesson.read_text().replace("look like cotton", "look like wool"))
    build(course, tmp_path / "out", options)
    assert counted[first:] == ["Cumulus clouds look like wool."]
    info = UtteranceCache(tmp_path / "cache").info()
    memos = list((tmp_path / "cache" / "spoken").glob("*.json"))
    assert len(memos) == 1 and info.files >= 1 + info.clips


@pytest.mark.parametrize("content", ["[" * 100_000 + "]" * 100_000, '{"a":' * 3000 + "1" + "}" * 3000])
def test_a_memo_nested_too_deep_is_empty_and_rewritten(tmp_path, counted, content):
    memo = tmp_path / "memo.json"
    memo.write_text(content)
    with remembered(memo):
        spoken(TEXTS[0])
    assert len(counted) == 1 and json.loads(memo.read_text())


def test_a_memo_too_large_is_ignored(tmp_path, counted, monkeypatch):
    monkeypatch.setattr(normalize, "_MEMO_LIMIT", 100)
    memo = tmp_path / "memo.json"
    with remembered(memo):
        spoken(TEXTS[0])
    memo.write_text(json.dumps({**json.loads(memo.read_text()), "x" * 200: "y"}))
    with remembered(memo):
        spoken(TEXTS[0])
    assert len(counted) == 2
