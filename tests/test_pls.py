"""W3C PLS lexicon files (``lexicon_file: names.pls``), read as they are published."""

from __future__ import annotations

import logging
import textwrap

import pytest

from narrate.config import load_config, load_lexicon
from narrate.errors import ConfigError
from narrate.pls import PlsError, read_pls

HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n'
OPEN = '<lexicon version="1.0" xmlns="http://www.w3.org/2005/01/pronunciation-lexicon" alphabet="ipa" xml:lang="en-GB">'


def _pls(body: str, open_tag: str = OPEN) -> bytes:
    return (HEAD + open_tag + "\n" + textwrap.dedent(body) + "</lexicon>\n").encode("utf-8")


@pytest.mark.parametrize(
    ("body", "entries", "skipped"),
    [
        (
            "<lexeme><grapheme>focaccia</grapheme><phoneme>fəˈkætʃə</phoneme></lexeme>\n",
            {"focaccia": "/fəˈkætʃə/"},
            [],
        ),
        (  # several graphemes share the lexeme's pronunciation
            "<lexeme><grapheme>brioche</grapheme><grapheme>Brioche</grapheme><phoneme>ˈbriːɒʃ</phoneme></lexeme>\n",
            {"brioche": "/ˈbriːɒʃ/", "Brioche": "/ˈbriːɒʃ/"},
            [],
        ),
        (  # prefer="true" wins; else the first phoneme
            "<lexeme><grapheme>scone</grapheme><phoneme>skəʊn</phoneme>"
            '<phoneme prefer="true">skɒn</phoneme></lexeme>\n'
            "<lexeme><grapheme>basil</grapheme><phoneme>ˈbæzəl</phoneme><phoneme>ˈbeɪzəl</phoneme></lexeme>\n",
            {"scone": "/skɒn/", "basil": "/ˈbæzəl/"},
            [],
        ),
        (  # an alias is a respelling; a phoneme wins over an alias
            "<lexeme><grapheme>NHS</grapheme><alias>National Health Service</alias></lexeme>\n"
            "<lexeme><grapheme>gyro</grapheme><alias>hero</alias><phoneme>ˈjɪəɹəʊ</phoneme></lexeme>\n",
            {"NHS": "National Health Service", "gyro": "/ˈjɪəɹəʊ/"},
            [],
        ),
        (  # another alphabet, no pronunciation, no grapheme: reported with the line, left out
            '<lexeme>\n<grapheme>Nguyen</grapheme>\n<phoneme alphabet="x-sampa">N_wi@n</phoneme>\n</lexeme>\n'
            "<lexeme><grapheme>rye</grapheme></lexeme>\n"
            "<lexeme><phoneme>raɪ</phoneme></lexeme>\n"
            "<lexeme><grapheme>rye</grapheme><phoneme>ɹaɪ</phoneme></lexeme>\n",
            {"rye": "/ɹaɪ/"},
            [
                (3, "the pronunciation of Nguyen is in the 'x-sampa' alphabet, not IPA: left out"),
                (7, "rye has no <phoneme> or <alias>: left out"),
                (8, "a <lexeme> without a <grapheme> is left out"),
            ],
        ),
        (  # whitespace inside elements is collapsed; comments ignored
            "<!-- breads -->\n<lexeme>\n  <grapheme>\n    pain de mie\n  </grapheme>\n"
            "  <phoneme> pɛ̃ də mi </phoneme>\n</lexeme>\n",
            {"pain de mie": "/pɛ̃ də mi/"},
            [],
        ),
    ],
)
def test_lexemes_become_entries(body, entries, skipped):
    assert read_pls(_pls(body)) == (entries, skipped)


def test_a_lexicon_whose_alphabet_is_not_ipa_is_left_out_unless_a_phoneme_says_ipa():
    sampa = OPEN.replace('alphabet="ipa"', 'alphabet="x-sampa"')
    body = (
        "<lexeme><grapheme>bread</grapheme><phoneme>brEd</phoneme></lexeme>\n"
        '<lexeme><grapheme>loaf</grapheme><phoneme alphabet="ipa">ləʊf</phoneme></lexeme>\n'
    )
    entries, skipped = read_pls(_pls(body, sampa))
    assert entries == {"loaf": "/ləʊf/"}
    assert [line for line, _ in skipped] == [3]


@pytest.mark.parametrize(
    ("data", "line", "problem"),
    [
        (HEAD.encode() + OPEN.encode() + b"\n<lexeme>", 3, "not well-formed XML: no element found"),
        (
            HEAD.encode() + b"<html xmlns='http://www.w3.org/1999/xhtml'/>",
            2,
            "the root element is <html>, not <lexicon>",
        ),
        (
            HEAD.encode() + b"<lexicon version='1.0'/>",
            2,
            '<lexicon> needs xmlns="http://www.w3.org/2005/01/pronunciation-lexicon"',
        ),
        (b"not xml at all", 1, "not well-formed XML: syntax error"),
        (
            HEAD.encode()
            + b'<!DOCTYPE l [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n'
            + OPEN.encode()
            + b"&x;</lexicon>",
            2,
            "a PLS lexicon with a DOCTYPE is not read",
        ),
    ],
)
def test_a_file_that_is_not_a_pls_lexicon_is_refused_with_its_line(data, line, problem):
    with pytest.raises(PlsError) as info:
        read_pls(data)
    assert info.value.line == line
    assert problem in info.value.problem


def test_a_course_reads_a_pls_file_beside_course_yaml(tmp_path, caplog):
    (tmp_path / "lessons").mkdir()
    (tmp_path / "names.pls").write_bytes(
        _pls(
            "<lexeme><grapheme>ciabatta</grapheme><phoneme>tʃəˈbɑːtə</phoneme></lexeme>\n"
            "<lexeme><grapheme>W3C</grapheme><alias>World Wide Web Consortium</alias></lexeme>\n"
            '<lexeme><grapheme>Nguyen</grapheme><phoneme alphabet="x-sampa">N_wi@n</phoneme></lexeme>\n'
        )
    )
    (tmp_path / "course.yaml").write_text(
        "title: Breads\nauthor: A\nlanguage: en\nlexicon_file: names.pls\nlexicon:\n  ciabatta: /tʃaˈbatta/\n",
        encoding="utf-8",
    )
    with caplog.at_level(logging.WARNING, logger="narrate"):
        config = load_config(tmp_path / "course.yaml")
    # the file's entries over the course.yaml's
    assert config.lexicon == {"ciabatta": "/tʃəˈbɑːtə/", "W3C": "World Wide Web Consortium"}
    assert "names.pls:5: the pronunciation of Nguyen is in the 'x-sampa' alphabet, not IPA: left out" in caplog.text


def test_a_pls_phoneme_that_is_not_ipa_is_one_error_with_its_file(tmp_path):
    path = tmp_path / "names.pls"
    path.write_bytes(_pls("<lexeme><grapheme>bread</grapheme><phoneme>br$d</phoneme></lexeme>\n"))
    with pytest.raises(ConfigError, match=r"lexicon entry 'bread': not IPA: '\$'") as info:
        load_lexicon(path)
    assert info.value.file == path


@pytest.mark.parametrize("alias", ["\U0001f35e", "...", "—", "?!"])
def test_a_pls_alias_with_nothing_to_say_is_refused_not_left_silent(tmp_path, alias):
    path = tmp_path / "names.pls"
    path.write_bytes(_pls(f"<lexeme><grapheme>bread</grapheme><alias>{alias}</alias></lexeme>\n"))
    with pytest.raises(ConfigError, match=r"lexicon entry 'bread': .* has no letter or digit to say") as info:
        load_lexicon(path)
    assert info.value.file == path


def test_a_yaml_lexicon_may_give_ipa_and_a_wrong_one_is_reported_at_its_line(tmp_path):
    path = tmp_path / "lexicon.yaml"
    path.write_text("ciabatta: /tʃəˈbɑːtə/\nMoE: mixture of experts\nbad: /br$d/\n", encoding="utf-8")
    with pytest.raises(ConfigError, match=r"lexicon entry 'bad': not IPA") as info:
        load_lexicon(path)
    assert info.value.line == 3
    path.write_text("ciabatta: /tʃəˈbɑːtə/\nMoE: mixture of experts\n", encoding="utf-8")
    assert load_lexicon(path) == {"ciabatta": "/tʃəˈbɑːtə/", "MoE": "mixture of experts"}


@pytest.mark.parametrize("encoding", ["Shift_JIS", "EUC-JP", "UTF-32", "x-klingon"])
def test_an_encoding_expat_cannot_read_is_one_error(encoding):
    data = f'<?xml version="1.0" encoding="{encoding}"?>\n'.encode() + OPEN.encode() + b"</lexicon>"
    with pytest.raises(PlsError) as info:
        read_pls(data)
    assert (info.value.line, "save the lexicon as UTF-8" in info.value.problem) == (1, True)


@pytest.mark.parametrize(
    ("phoneme", "why"),
    [
        ("tʃə/bɑːtə", "holds '/', which is not IPA: left out"),  # would otherwise become a respelling read aloud
    ],
)
def test_a_phoneme_that_would_not_be_ipa_is_left_out_with_its_line(phoneme, why):
    entries, skipped = read_pls(_pls(f"<lexeme><grapheme>ciabatta</grapheme><phoneme>{phoneme}</phoneme></lexeme>\n"))
    assert entries == {} and skipped[0][0] == 3 and skipped[0][1].endswith(why)


def test_a_bad_ipa_in_a_pls_file_names_its_line_and_many_empty_lexemes_one_line(tmp_path, caplog):
    path = tmp_path / "names.pls"
    path.write_bytes(_pls("<lexeme>\n<grapheme>Nguyen</grapheme>\n<phoneme>ŋwi$ən</phoneme>\n</lexeme>\n"))
    with pytest.raises(ConfigError) as info:
        load_lexicon(path)
    assert (info.value.line, "not IPA: '$'" in info.value.problem) == (3, True)
    path.write_bytes(_pls("<lexeme/>\n" * 40 + "<lexeme><grapheme>rye</grapheme><phoneme>ɹaɪ</phoneme></lexeme>\n"))
    with caplog.at_level(logging.WARNING, logger="narrate"):
        assert load_lexicon(path) == {"rye": "/ɹaɪ/"}
    assert len(caplog.records) == 6  # five lexemes one by one, then the rest in one line
    assert "35 more lexemes left out (the first at line 8)" in caplog.records[-1].getMessage()
