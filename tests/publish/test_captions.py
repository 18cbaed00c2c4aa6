"""Captions a listener can read: at most 2 lines of 42 characters and 7 s per cue, cut at clause
boundaries, timed by the engine's word events (espeak-ng) or in proportion to characters; and
`narrate check` refusing a transcript with a longer cue."""

from __future__ import annotations

import re
import wave

import pytest

from narrate.audio.timeline import assemble
from narrate.model import CueTime, Pause, Say
from narrate.publish.transcript_check import check_srt, check_webvtt
from narrate.publish.transcripts import LINE_WIDTH, MAX_CUE_MS, MAX_LINES, caption_cues, to_srt, to_webvtt
from narrate.speech.cache import UtteranceCache, clip_words
from narrate.speech.engines import get_engine
from narrate.speech.utterance import Utterance, make_clip
from narrate.text.clauses import keeps_together

EIGHTY = (
    "When the cell is connected, zinc atoms at the anode give up electrons, which travel through the wire "
    "to the cathode; meanwhile ions drift across the paste inside the cell to balance the charge, and the "
    "reaction keeps going until the zinc is used up or the paste dries out, which is why an old cell left "
    "in a drawer for years can still light a lamp for a moment and then fade, long before its label says it should."
)


def _words(captions) -> list[str]:
    return [w for _, _, lines in captions for line in lines for w in line.split()]


def _assert_readable(cue: CueTime, captions) -> None:
    assert captions[0][0] == cue.start_ms and captions[-1][1] == cue.end_ms
    for (start, end, lines), nxt in zip(captions, [*captions[1:], None]):
        assert 0 < end - start <= MAX_CUE_MS
        assert 1 <= len(lines) <= MAX_LINES and all(len(line) <= LINE_WIDTH for line in lines)
        if nxt is not None:
            assert nxt[0] == end  # captions of one utterance touch
    assert _words(captions) == cue.text.split()


# (cue, expected captions: (start ms, end ms, lines))
CASES = [
    # short: one caption, the cue's own times
    (CueTime("say", "Salt raises it a little.", 500, 2100), [(500, 2100, ["Salt raises it a little."])]),
    # three lines' worth: cut at the comma, times in proportion to the characters before the cut
    (
        CueTime(
            "say", "Ions cross the electrolyte inside the cell, so the electrons must go round the circuit.", 0, 8600
        ),
        [
            (0, 4349, ["Ions cross the electrolyte", "inside the cell,"]),
            (4349, 8600, ["so the electrons must", "go round the circuit."]),
        ],
    ),
    # word events: the cut's time is when the engine starts the word after it
    (
        CueTime(
            "say",
            "Ions cross the electrolyte inside the cell, so the electrons must go round the circuit.",
            10_000,
            16_000,
            words=(
                (0, 10_000),
                (5, 10_300),
                (11, 10_600),
                (15, 10_700),
                (27, 11_400),
                (34, 11_800),
                (38, 12_000),
                (44, 12_900),
                (47, 13_100),
                (51, 13_200),
                (61, 13_900),
                (66, 14_100),
                (69, 14_300),
                (75, 14_500),
                (79, 14_600),
            ),
        ),
        [
            (10_000, 12_900, ["Ions cross the electrolyte", "inside the cell,"]),
            (12_900, 16_000, ["so the electrons must", "go round the circuit."]),
        ],
    ),
    # one short line, but 16 s (a slow reading): cut by time, at the commas
    (
        CueTime("say", "One, two, three, four, five, six.", 0, 16_000),
        [(0, 4848, ["One, two,"]), (4848, 11_151, ["three, four,"]), (11_151, 16_000, ["five, six."])],
    ),
    # a semicolon wins over a later plain gap
    (
        CueTime("say", "Charge it to half; store it somewhere cool and dry, away from the sun and heat.", 0, 9000),
        [
            (0, 2164, ["Charge it to half;"]),
            (2164, 9000, ["store it somewhere cool and dry,", "away from the sun and heat."]),
        ],
    ),
]


@pytest.mark.parametrize("cue, expected", CASES)
def test_caption_cues(cue, expected):
    captions = caption_cues(cue)
    assert captions == expected
    _assert_readable(cue, captions)


@pytest.mark.parametrize("seconds", [5, 23, 60, 120])
def test_an_80_word_sentence_becomes_readable_captions_however_long_it_is_said(seconds):
    cue = CueTime("say", EIGHTY, 2000, 2000 + seconds * 1000)
    captions = caption_cues(cue)
    _assert_readable(cue, captions)
    assert len(captions) >= max(len(EIGHTY) // (MAX_LINES * LINE_WIDTH), seconds * 1000 // MAX_CUE_MS)
    vtt, srt = to_webvtt([cue]), to_srt([cue])
    assert check_webvtt(vtt) == [] and check_srt(srt) == []


def _vtt(timing: str, *lines: str) -> str:
    return "WEBVTT\n\n1\n" + timing + "\n" + "\n".join(lines) + "\n"


# (WebVTT, expected problems) — `narrate check` fails transcripts with unreadable cues
CHECKS = [
    (_vtt("00:00:00.000 --> 00:00:07.000", "Seven seconds exactly is fine."), []),
    (_vtt("00:00:00.000 --> 00:00:07.001", "Just over."), [(4, "cue lasts 7.00 s (a caption may last at most 7 s)")]),
    (
        _vtt("00:00:00.000 --> 00:00:23.000", "An 80-word sentence", "in one cue"),
        [(4, "cue lasts 23.00 s (a caption may last at most 7 s)")],
    ),
    (
        _vtt("00:00:01.000 --> 00:00:02.000", "one", "two", "three"),
        [(4, "cue has 3 lines of text (a caption may have at most 2)")],
    ),
    (_vtt("00:00:01.000 --> 00:00:02.000", "x" * 43), [(4, "cue has a line of 43 characters (at most 42)")]),
    # a character reference and a tag count as what the listener reads
    (_vtt("00:00:01.000 --> 00:00:02.000", "<v Host>" + "a" * 38 + " &amp; b"), []),
]


@pytest.mark.parametrize("vtt, problems", CHECKS)
def test_check_webvtt_caption_limits(vtt, problems):
    assert check_webvtt(vtt) == problems


def test_check_srt_caption_limits():
    srt = "1\n00:00:00,000 --> 00:00:09,500\none\ntwo\nthree\n\n2\n00:00:09,500 --> 00:00:10,000\n<i>fine</i>\n"
    assert check_srt(srt) == [
        (2, "cue lasts 9.50 s (a caption may last at most 7 s)"),
        (2, "cue has 3 lines of text (a caption may have at most 2)"),
    ]


# ---------------------------------------------------------------- real espeak-ng word events


def _espeak():
    try:
        return get_engine("pyttsx3")
    except Exception as exc:  # pragma: no cover - espeak-ng missing
        pytest.skip(f"espeak-ng unavailable: {exc}")


# (text, lines): one line when it fits; two lines of about equal length, a clause end preferred
LINES = [
    ("Salt raises it a little.", ["Salt raises it a little."]),
    ("This approach addresses foundation capabilities", ["This approach addresses", "foundation capabilities"]),
    ("Charge it to half, then store it somewhere cool", ["Charge it to half,", "then store it somewhere cool"]),
    ("a" * 30 + " " + "b" * 30, ["a" * 30, "b" * 30]),
    ("x" * 50, ["x" * 42, "x" * 8]),  # a word longer than a line is broken
]


@pytest.mark.parametrize("text, lines", LINES)
def test_caption_lines_are_balanced(text, lines):
    assert caption_cues(CueTime("say", text, 0, 3000)) == [(0, 3000, lines)]


@pytest.mark.parametrize(
    "text",
    [
        "Ions cross the electrolyte inside the cell.",
        "Café crème, naïve über cells; today.",
        "Twenty five cells, and then one more.",
        "A.",
        "Store it somewhere cool and dry, away from the sun and heat, for six months or more.",
    ],
)
def test_espeak_reports_where_each_word_starts(tmp_path, text):
    engine = _espeak()
    out = tmp_path / "clip.wav"
    words = engine.synthesize(text, None, 160, out)
    if words is None:  # pragma: no cover - not Linux: the stock pyttsx3 driver has no word events
        pytest.skip("no word events on this platform")
    with wave.open(str(out)) as wav:
        duration_ms = wav.getnframes() * 1000 // wav.getframerate()
    starts = [m for m in range(len(text)) if not text[m].isspace() and (m == 0 or text[m - 1].isspace())]
    # events start at words' first characters; espeak-ng may join a short word to the next ("from the")
    offsets = [offset for offset, _ in words]
    assert offsets[0] == 0 and set(offsets) <= set(starts) and len(offsets) >= 0.8 * len(starts)
    times = [ms for _, ms in words]
    assert times[0] < 100 and times == sorted(times) and times[-1] < duration_ms
    if len(words) > 1:
        assert len(set(times)) == len(times)


def test_word_times_go_from_engine_to_cache_to_the_episode_timeline(tmp_path):
    _espeak()
    cache = UtteranceCache(tmp_path / "cache")
    texts = ["Charge it to half, and store it cool.", "Then check it twice a year."]
    clips = {}
    for i, text in enumerate(texts):
        key = f"{i:02d}" + "a" * 62
        clips[i * 2] = make_clip(Utterance(key, "pyttsx3", None, 160, text, f"cue {i}"), cache)
    if clip_words(clips[0]) is None:  # pragma: no cover - not Linux
        pytest.skip("no word events on this platform")
    assert [offset for offset, _ in clip_words(clips[0])] == [0, 7, 10, 13, 19, 23, 29, 32]
    timeline = assemble([Say(texts[0]), Pause(350), Say(texts[1])], clips, tmp_path / "e.pcm")
    first, _, second = timeline.cue_times
    assert [offset for offset, _ in second.words] == [0, 5, 11, 14, 20, 22]
    # episode times: the second cue's words start after the first cue and the pause, within the cue
    assert second.words[0][1] - second.start_ms < 100 and second.words[-1][1] < second.end_ms
    assert all(first.start_ms <= ms < first.end_ms for _, ms in first.words)
    captions = caption_cues(CueTime("say", texts[0], first.start_ms, first.end_ms + 9000, words=first.words))
    assert captions[1][0] in {ms for _, ms in first.words}  # cut where the engine starts a word


SPARSE = "Fold the dough over for an hour then shape it into a tight round loaf and leave it to rise slowly overnight"


@pytest.mark.parametrize(
    ("words", "expected_starts"),
    [
        # every word has its event: the events, exactly (as before)
        (tuple((i, 100 * n) for n, i in enumerate(m.start() for m in re.finditer(r"\S+", SPARSE))), None),
        # only two events (a clause's first word each, as Piper and Kokoro give when espeak-ng joins
        # words): the words between them spread in proportion to the characters, never stuck at one time
        (((0, 0), (SPARSE.index("then"), 3000)), "spread"),
        # one event: the rest spread up to the cue's end
        (((0, 0),), "spread"),
    ],
)
def test_words_without_an_event_are_placed_between_the_events_around_them(words, expected_starts):
    from narrate.publish.transcripts import _word_starts_ms

    cue = CueTime("say", SPARSE, 0, 8000, words=words)
    offsets = [m.start() for m in re.finditer(r"\S+", SPARSE)]
    starts = _word_starts_ms(cue, offsets)
    assert starts == sorted(starts) and starts[0] == 0 and starts[-1] < 8000
    if expected_starts is None:
        assert starts == [ms for _, ms in words]
    else:
        assert len(set(starts)) == len(starts)  # every word its own moment
        for offset, ms in words:
            assert starts[offsets.index(offset)] == ms
        gaps = [b - a for a, b in zip(starts, starts[1:])]
        assert max(gaps) < 1500
    for start, end, _ in caption_cues(cue):
        assert end - start <= 7000


# ---------------------------------------------------------------- what is read as one is never cut


def _glued(text: str) -> str:
    """``text`` with "_" where :func:`keeps_together` holds two words together, " " elsewhere."""
    words = text.split()
    return words[0] + "".join(("_" if keeps_together(words, i) else " ") + words[i] for i in range(1, len(words)))


# (text, the same with "_" in every gap no cut may fall in), by kind, in English, German and French
TOGETHER = [
    # a number and its unit or the word it counts, in digits and in words; not a number with its unit on
    ("made with 400 g of flour", "made with 400_g of flour"),
    ("heat it to 230 °C first", "heat it to 230_°C first"),
    ("she baked 24 loaves today", "she baked 24_loaves today"),
    ("made with four hundred grams of flour", "made with four_hundred_grams of flour"),
    ("sie backte vierundzwanzig Brote", "sie backte vierundzwanzig_Brote"),
    ("il a cuit vingt-quatre pains", "il a cuit vingt-quatre_pains"),
    ("it weighs 1,000 kg in all", "it weighs 1,000_kg in all"),
    ("add 80% water, then salt", "add 80% water, then salt"),
    ("add 400g of flour", "add 400g of flour"),
    # money
    ("it costs $2.50 each", "it costs $2.50 each"),
    ("it costs $ 2.50.", "it costs $_2.50."),
    ("it costs two dollars and fifty cents each", "it costs two_dollars_and_fifty_cents_each"),
    ("es kostet 2,50 € pro Stück", "es kostet 2,50_€ pro Stück"),
    ("un pain coûte 2,50 € pièce", "un_pain coûte 2,50_€ pièce"),
    # dates: the year ends the date
    ("on March 15, 2024 we met", "on March_15,_2024 we met"),
    ("on 15 March 2024 we met", "on 15_March_2024 we met"),
    ("am 15. März 2024 backte sie", "am 15._März_2024 backte sie"),
    ("le 15 mars 2024, il a cuit", "le 15_mars_2024, il a cuit"),
    ("the fifteenth, twenty twenty-four", "the fifteenth,_twenty_twenty-four"),
    ("count one, two, three", "count one, two, three"),
    # names: consecutive capitalised words, a capitalised word and a small number
    ("a recipe by Marie Curie for bread", "a recipe by Marie_Curie for bread"),
    ("a letter to Dr. Lamarck today", "a letter to Dr._Lamarck today"),  # a title and its name
    ("we met Prof. Ada Lovelace there", "we met Prof._Ada_Lovelace there"),
    ("the road to St. Ives", "the road to St._Ives"),
    ("it ends here. Then more", "it ends here. Then more"),  # a sentence's end is no title
    ("read Lesson 2 first", "read Lesson_2_first"),
    ("Le pain de Marie Curie est bon", "Le pain de Marie_Curie est bon"),
    ("traf der Bäcker Marie Curie dort", "traf der Bäcker Marie_Curie dort"),  # "der Bäcker": a German noun
    ("kostete ein Brot 2,50 €", "kostete ein Brot 2,50_€"),
    # option letters: never alone at a line's end, never apart from their option
    ("Is it A: rye, B: spelt, or C: wheat?", "Is it_A:_rye, B:_spelt, or_C:_wheat?"),
    ("Is it option B, the windowpane test?", "Is it option_B,_the windowpane test?"),
    ("Ist es A: Roggen oder B: Dinkel?", "Ist es_A:_Roggen oder_B:_Dinkel?"),
    ("pick (b) spelt", "pick_(b)_spelt"),
    ("Est-ce l'option A : 200 g ou l'option B : 400 g ?", "Est-ce l'option_A_:_200_g ou l'option_B_:_400_g_?"),
    ("the answer is: spelt", "the answer is: spelt"),
]


@pytest.mark.parametrize("text, marked", TOGETHER)
def test_what_is_read_as_one_is_held_together(text, marked):
    assert _glued(text) == marked


# (cue text, its caption's two lines): the balanced line break (as it was) fell inside what is read as one
GLUED_LINES = [
    ("Each loaf is made with four hundred grams of flour.", ["Each loaf is made with", "four hundred grams of flour."]),
    ("The baker weighs out 400 g of flour for the shop.", ["The baker weighs out 400 g", "of flour for the shop."]),
    ("The old baker baked 24 loaves for the shop.", ["The old baker baked", "24 loaves for the shop."]),
    (
        "Le samedi, le boulanger a cuit 24 pains pour la boutique du village.",
        ["Le samedi, le boulanger a cuit", "24 pains pour la boutique du village."],
    ),
    (
        "On Saturdays the baker charged two dollars and fifty cents a loaf.",
        ["On Saturdays the baker charged", "two dollars and fifty cents a loaf."],
    ),
    (
        "Le samedi, un pain coûtait 2,50 € pour la boutique du village.",
        ["Le samedi, un pain coûtait 2,50 €", "pour la boutique du village."],
    ),
    (
        "The village baker wrote March 15, 2024 on the board.",
        ["The village baker wrote", "March 15, 2024 on the board."],
    ),
    ("The baker wrote 15 March 2024 on the board.", ["The baker wrote", "15 March 2024 on the board."]),
    (
        "Jeden Morgen schrieb der Bäcker 15. März 2024 an die Tafel.",
        ["Jeden Morgen schrieb der Bäcker", "15. März 2024 an die Tafel."],
    ),
    ("She baked bread with Marie Curie for the market.", ["She baked bread with", "Marie Curie for the market."]),
    (
        "Am Samstag traf der Bäcker Marie Curie für den Laden im Dorf.",
        ["Am Samstag traf der Bäcker", "Marie Curie für den Laden im Dorf."],
    ),
    (
        "Is it A: white flour, B: spelt flour, or C: rye flour?",
        ["Is it A: white flour,", "B: spelt flour, or C: rye flour?"],
    ),
    (
        "Is it option A: 200 g, option B: 400 g, or option C: 4 kg?",
        ["Is it option A: 200 g,", "option B: 400 g, or option C: 4 kg?"],
    ),
]


@pytest.mark.parametrize("text, lines", GLUED_LINES)
def test_a_line_break_never_parts_what_is_read_as_one(text, lines):
    assert caption_cues(CueTime("say", text, 0, 3000)) == [(0, 3000, lines)]


# (cue text, ms it is said in, its captions' texts): said slowly, it is cut into cues between runs
GLUED_CUES = [
    (
        "Marie Curie baked 24 loaves on March 15, 2024 for the fair.",
        15_000,
        ["Marie Curie baked", "24 loaves on", "March 15, 2024 for", "the fair."],
    ),
    (
        "Made with four hundred grams of spelt flour and a little salt.",
        15_000,
        ["Made with", "four hundred grams of spelt", "flour and a little salt."],
    ),
    (
        "Am 15. März 2024 backte Marie Curie 24 Brote für 2,50 € das Stück.",
        16_000,
        ["Am 15. März 2024 backte", "Marie Curie 24 Brote für", "2,50 € das Stück."],
    ),
    (
        "Le 15 mars 2024, Marie Curie a cuit 24 pains à 2,50 € pièce.",
        16_000,
        ["Le 15 mars 2024,", "Marie Curie a cuit", "24 pains à 2,50 € pièce."],
    ),
    (
        "Question one. How much water goes into 500 g of Spelt flour at 80% hydration? "
        "Is it option A: 200 g, option B: 400 g, or option C: 4 kg?",
        12_000,
        [
            "Question one. How much water goes into / 500 g of Spelt flour at 80% hydration?",
            "Is it option A: 200 g, / option B: 400 g, or option C: 4 kg?",
        ],
    ),
]


@pytest.mark.parametrize("text, ms, texts", GLUED_CUES)
def test_a_cut_between_cues_never_parts_what_is_read_as_one(text, ms, texts):
    cue = CueTime("say", text, 0, ms)
    captions = caption_cues(cue)
    assert [" / ".join(lines) for _, _, lines in captions] == texts
    _assert_readable(cue, captions)
