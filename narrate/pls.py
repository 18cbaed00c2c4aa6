"""W3C Pronunciation Lexicon Specification (PLS 1.0) files, read as narrate lexicon entries.

A PLS file (``lexicon_file: names.pls``) is read as it is published::

    <lexicon version="1.0" xmlns="http://www.w3.org/2005/01/pronunciation-lexicon"
             alphabet="ipa" xml:lang="en-US">
      <lexeme><grapheme>ciabatta</grapheme><phoneme>tʃəˈbɑːtə</phoneme></lexeme>
      <lexeme><grapheme>W3C</grapheme><alias>World Wide Web Consortium</alias></lexeme>
    </lexicon>

Each ``<lexeme>`` gives every one of its ``<grapheme>`` s one pronunciation: its preferred
``<phoneme>`` (``prefer="true"``, else the first) as IPA, written ``/.../`` in the entry, or else
its preferred ``<alias>`` as a respelling. Phonemes must be in IPA (the lexicon's or the phoneme's
``alphabet`` is ``ipa``); a lexeme in another alphabet (x-sampa, a vendor's) is reported and left
out. The XML is parsed with expat; a DOCTYPE is refused, so no DTD or entity is ever expanded and
no other file is read.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from xml.parsers import expat

from narrate.yamlio import LineDict

NAMESPACE = "http://www.w3.org/2005/01/pronunciation-lexicon"
_SEP = "\x1f"


class PlsError(ValueError):
    """A file that is not a PLS lexicon: ``line`` (1-based) and what is wrong."""

    def __init__(self, problem: str, line: int) -> None:
        super().__init__(problem)
        self.problem, self.line = problem, line


@dataclass
class _Lexeme:
    line: int
    alphabet: str
    graphemes: list[str] = field(default_factory=list)
    phonemes: list[tuple[str, bool, str]] = field(default_factory=list)  # text, preferred, alphabet
    aliases: list[tuple[str, bool]] = field(default_factory=list)


def read_pls(data: bytes) -> tuple[LineDict, list[tuple[int, str]]]:
    """The entries of a PLS document, written word → ``/IPA/`` or alias, and the lexemes left out as
    ``(line, why)``. A grapheme given twice keeps its first pronunciation. The entries are a
    :class:`~narrate.yamlio.LineDict`: each word's line is its lexeme's.

    Raises:
        PlsError: not well-formed XML, an encoding expat cannot read, or not a PLS ``<lexicon>``
            (with the line).
    """
    lexemes = _parse(data)
    entries = LineDict()
    skipped: list[tuple[int, str]] = []
    for lexeme in lexemes:
        said = _pronunciation(lexeme)
        if isinstance(said, tuple):
            skipped.append(said)
            continue
        for grapheme in lexeme.graphemes:
            if grapheme not in entries:
                entries[grapheme] = said
                entries.lines[grapheme] = lexeme.line
    return entries, skipped


def _pronunciation(lexeme: _Lexeme) -> str | tuple[int, str]:
    """The lexeme's entry value, or ``(line, why it is left out)``."""
    words = ", ".join(lexeme.graphemes) or "(none)"
    if not lexeme.graphemes:
        return lexeme.line, "a <lexeme> without a <grapheme> is left out"
    phonemes = [p for p in lexeme.phonemes if p[0]]
    if phonemes:
        text, _, alphabet = next((p for p in phonemes if p[1]), phonemes[0])
        if alphabet.lower() != "ipa":
            return lexeme.line, f"the pronunciation of {words} is in the '{alphabet}' alphabet, not IPA: left out"
        if "/" in text:
            return lexeme.line, f"the pronunciation of {words} holds '/', which is not IPA: left out"
        return f"/{text}/"
    aliases = [a for a in lexeme.aliases if a[0]]
    if aliases:
        return next((a for a in aliases if a[1]), aliases[0])[0]
    return lexeme.line, f"{words} has no <phoneme> or <alias>: left out"


def _parse(data: bytes) -> list[_Lexeme]:
    parser = expat.ParserCreate(namespace_separator=_SEP)
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    lexemes: list[_Lexeme] = []
    stack: list[str] = []
    text: list[str] = []
    root = {"alphabet": ""}
    current: dict[str, object] = {}

    def start(name: str, attrs: dict[str, str]) -> None:
        namespace, _, local = name.rpartition(_SEP)
        if not stack:
            if local != "lexicon":
                raise PlsError(
                    f"not a PLS lexicon: the root element is <{local}>, not <lexicon>", parser.CurrentLineNumber
                )
            if namespace != NAMESPACE:
                raise PlsError(f'not a PLS lexicon: <lexicon> needs xmlns="{NAMESPACE}"', parser.CurrentLineNumber)
            root["alphabet"] = attrs.get("alphabet", "")
        elif local == "lexeme":
            lexemes.append(_Lexeme(parser.CurrentLineNumber, root["alphabet"]))
        elif local in ("grapheme", "phoneme", "alias"):
            current.update(prefer=attrs.get("prefer", "false") == "true", alphabet=attrs.get("alphabet"))
        stack.append(local)
        text.clear()

    def end(name: str) -> None:
        local = stack.pop()
        said = " ".join("".join(text).split())
        text.clear()
        if not lexemes or local not in ("grapheme", "phoneme", "alias") or "lexeme" not in stack:
            return
        lexeme = lexemes[-1]
        if local == "grapheme" and said:
            lexeme.graphemes.append(said)
        elif local == "phoneme":
            lexeme.phonemes.append((said, bool(current["prefer"]), str(current["alphabet"] or lexeme.alphabet)))
        elif local == "alias":
            lexeme.aliases.append((said, bool(current["prefer"])))

    def doctype(*_: object) -> None:
        raise PlsError(
            "a PLS lexicon with a DOCTYPE is not read (no DTD or entity is ever expanded)", parser.CurrentLineNumber
        )

    parser.StartDoctypeDeclHandler = doctype
    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = text.append
    try:
        parser.Parse(data, True)
    except expat.ExpatError as exc:
        raise PlsError(f"not well-formed XML: {expat.ErrorString(exc.code)}", exc.lineno) from None
    except PlsError:
        raise
    except (ValueError, LookupError) as exc:  # an encoding expat cannot decode (Shift_JIS, UTF-32, unknown)
        raise PlsError(f"cannot read its encoding ({exc}); save the lexicon as UTF-8", 1) from None
    return lexemes
