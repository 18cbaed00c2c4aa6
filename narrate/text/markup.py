"""Markup in lesson text -> plain written text: HTML, footnotes, words hyphenated across a line break.

Used by the lesson readers on every text field (so ``narrate import`` writes the repaired text) and by
:func:`narrate.text.normalize.spoken` (so no tag or entity is ever spoken):

- :func:`html_to_text`: HTML through the standard library's HTML parser: text kept, tags and
  ``<script>``/``<style>`` content dropped, entities decoded (``&amp;`` -> ``&``), a link read by its
  text, ``<sup>`` footnote references dropped. Angle brackets that are not HTML tags (``<stone>``,
  ``x < 5``) are kept as written.
- :func:`drop_footnote_markers`: ``[1]``, ``[^1]``, ``[^note]``, ``[citation needed]`` and
  superscript digits after a word or punctuation (``high.¹``) are silent. Footnote *bodies* are
  left out: a Markdown lesson's ``[^1]: text`` is parsed as a footnote (markdown-it's footnote
  plugin) and not narrated.
- :func:`join_hyphenated`: ``"ex-\\npand"`` / ``"ex- pand"`` -> ``"expand"`` when the joined word is a
  word of the lesson's language (wordfreq's word list), else ``"well-known"`` (hyphen kept, space
  dropped). ``"pre- and post-war"`` is left alone.
"""

from __future__ import annotations

import re
from functools import lru_cache
from html.parser import HTMLParser

from narrate.model import CODE_OPEN
from narrate.settings import DEFAULT_LANGUAGE
from narrate.text.common import CODE_SPAN, outside_code

__all__ = ["clean_text", "drop_footnote_markers", "html_to_text", "join_hyphenated"]

# Tags that make a text HTML; any other <word> is kept as written.
HTML_TAGS = frozenset(
    """a abbr address article aside b bdi bdo big blockquote br caption center cite code col dd del details
    dfn div dl dt em figcaption figure font footer h1 h2 h3 h4 h5 h6 header hr i img ins kbd label li main
    mark nav ol p pre q rp rt ruby s samp script section small span strike strong style sub summary sup
    table tbody td tfoot th thead time tr tt u ul var wbr noscript iframe object embed svg math button
    form input select option textarea""".split()
)
_SKIP_CONTENT = frozenset({"script", "style", "noscript", "iframe", "object", "svg", "button", "select", "textarea"})
_BLOCK_TAGS = frozenset(
    "address article aside blockquote br dd details div dl dt figcaption figure footer h1 h2 h3 h4 h5 h6 header hr li "
    "main nav ol p pre section summary table tbody td tfoot th thead tr ul".split()
)
_LINE_TAGS = frozenset("br p li div tr details summary".split())  # these start or end a line
_PLACEHOLDER = re.compile("\ue000(\\d+)\ue001")
_TAG = re.compile(r"</?([A-Za-z][A-Za-z0-9]*)\b[^<>]*>")
_ENTITY = re.compile(r"&(?:#\d{1,7}|#[xX][0-9A-Fa-f]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});")
_EXPONENT_BASE = re.compile(r"(?:^|[^\w])(?:[^\W\d_]{1,2}|\d+)$|\)$")
_FOOTNOTE_SUP = re.compile(r"^\s*\[?(?:\d{1,3}|[a-z]|[*†‡§])\]?\s*$")


class _TextParser(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.out: list[str] = []
        self.skip = 0
        self.sup: list[str] | None = None

    def handle_starttag(self, tag: str, attrs) -> None:
        if tag not in HTML_TAGS:
            self.out.append(self.get_starttag_text() or "")
        elif tag in _SKIP_CONTENT:
            self.skip += 1
        elif tag == "sup":
            self.sup = []
        elif tag in _BLOCK_TAGS:
            self.out.append("\n" if tag in _LINE_TAGS else " ")
        elif tag == "img":
            alt = dict(attrs).get("alt")
            if alt:
                self.out.append(alt)

    def handle_startendtag(self, tag: str, attrs) -> None:
        if tag not in HTML_TAGS:
            self.out.append(self.get_starttag_text() or "")
        else:
            self.handle_starttag(tag, attrs)
            if tag in _SKIP_CONTENT:
                self.skip -= 1

    def handle_endtag(self, tag: str) -> None:
        if tag not in HTML_TAGS:
            self.out.append(f"</{tag}>")
        elif tag in _SKIP_CONTENT:
            self.skip = max(0, self.skip - 1)
        elif tag == "sup" and self.sup is not None:
            text = "".join(self.sup)
            self.sup = None
            before = "".join(self.out[-3:])
            if not _FOOTNOTE_SUP.match(text) or _EXPONENT_BASE.search(before):
                self.out.append("^" + text)  # x<sup>2</sup>, 10<sup>6</sup>: a power
        elif tag in _BLOCK_TAGS and tag != "br":
            self.out.append("\n" if tag in _LINE_TAGS else " ")

    def handle_data(self, data: str) -> None:
        if self.skip:
            return
        (self.sup if self.sup is not None else self.out).append(data)


def looks_like_html(text: str) -> bool:
    """True when ``text`` has an HTML tag of :data:`HTML_TAGS` or a character entity (``&amp;``)."""
    return bool(_ENTITY.search(text)) or any(m.group(1).lower() in HTML_TAGS for m in _TAG.finditer(text))


def html_to_text(text: str) -> str:
    """HTML -> its text (see the module docstring); text without HTML is returned unchanged.
    Block tags (``<p>``, ``<br>``, ``<li>``) become line breaks; runs of spaces within a line are
    collapsed. Never raises."""
    if "<" not in text and "&" not in text or not looks_like_html(CODE_SPAN.sub("", text)):
        return text
    spans: list[str] = []

    def keep(m: re.Match) -> str:  # a `code span` is written code: its tags are not HTML
        spans.append(m.group(0))
        return f"\ue000{len(spans) - 1}\ue001"

    parser = _TextParser()
    try:
        parser.feed(CODE_SPAN.sub(keep, text))
        parser.close()
    except AssertionError:  # html.parser on a marked section it cannot read ("<![if !supportLists]>")
        parser = _TextParser()
        parser.feed(CODE_SPAN.sub(keep, text.replace("<![", "&lt;![")))
        parser.close()
    lines = [" ".join(line.split()) for line in "".join(parser.out).split("\n")]
    out = "\n".join(line for line in lines if line) if "\n" not in text.strip() else "\n".join(lines).strip()
    return _PLACEHOLDER.sub(lambda m: spans[int(m.group(1))], out)


# ------------------------------------------------------------------ footnotes
# "[1]", "[^note]", "[citation needed]"; a list or range "[2,3]" "[4–6]" only right after a word or
# punctuation, so an interval "in [0,1]" stays
_MARKER = re.compile(
    r"\s?\[(?:\^[^\]\s]{1,20}|\d{1,3}|citation needed|note \d+)\]|(?<=[^\s\[(])\[\d{1,3}(?:[,–-]\d{1,3})+\]", re.I
)
_SUPERSCRIPT_MARK = re.compile(r"(?:(?<=[.,;:!?)\"'”’])|(?<=[^\W\d_]{3}))[¹²³⁰⁴⁵⁶⁷⁸⁹]+(?![\w⁰-⁹])")


def drop_footnote_markers(text: str) -> str:
    """``"high.[1]"``, ``"high[^1]."``, ``"high.¹"`` -> ``"high."``: footnote markers are silent.
    ``"m²"`` (after a short unit) and ``"[sic]"`` are kept."""
    return _SUPERSCRIPT_MARK.sub("", _MARKER.sub("", text))


# ------------------------------------------------------------------ hyphenation across a line break
_SPLIT_WORD = re.compile(r"\b([^\W\d_]+)-[ \t]*(?:\r?\n[ \t]*|[ \t]+)([^\W\d_]+)\b")
_SUSPENDED = frozenset({"and", "or", "to", "nor", "und", "oder", "et", "ou", "y", "o", "e"})


@lru_cache(maxsize=4096)
def _zipf(word: str, lang: str) -> float:
    from wordfreq import zipf_frequency

    return zipf_frequency(word, lang)


@lru_cache(maxsize=32)
def _wordfreq_language(language: str) -> str | None:
    from wordfreq import available_languages

    lang = language.lower().replace("_", "-").split("-")[0]
    return lang if lang in available_languages() else None


def join_hyphenated(text: str, language: str = DEFAULT_LANGUAGE) -> str:
    """Join a word split by a hyphen at a line break (``"ex-\\npand"``, or ``"ex- pand"`` once the
    break was folded into a space): ``"expand"`` when the joined word is in wordfreq's list for
    ``language`` (Zipf frequency >= 1; when both halves are common words themselves, >= 3.5), else
    ``"well-known"`` across a line break (``"well- known"`` on one line is left as written). A suspended hyphen (``"pre- and post-war"``) and a second part starting with a
    capital are left alone; so is text in a language wordfreq does not know."""
    if "-" not in text or not _SPLIT_WORD.search(text):
        return text  # nothing to join: wordfreq (about 1 s to import) is not needed

    def repl(m: re.Match) -> str:
        first, second = m.group(1), m.group(2)
        if second.lower() in _SUSPENDED or second[:1].isupper():
            return m.group(0)
        lang = _wordfreq_language(language)
        if lang is None:
            return m.group(0)
        if len(first) <= 2 and first[:1].isupper():
            return m.group(0)  # "Cl- ions": a charge, not a split word
        joined = _zipf((first + second).lower(), lang)
        both_words = min(_zipf(first.lower(), lang), _zipf(second.lower(), lang)) >= 3.0
        if joined >= (3.5 if both_words else 1.0):
            return first + second
        return f"{first}-{second}" if "\n" in m.group(0) else m.group(0)

    return _SPLIT_WORD.sub(repl, text)


def clean_text(text: str, language: str = DEFAULT_LANGUAGE) -> str:
    """A lesson's written text, repaired: :func:`html_to_text`, :func:`drop_footnote_markers`,
    :func:`join_hyphenated` (in that order); code spans (:data:`CODE_SPAN`) are left as written
    (``x[1]`` there is an item, not a footnote). Returns ``str``; never raises."""
    text = html_to_text(text)
    if CODE_OPEN not in text and "`" not in text:
        return join_hyphenated(drop_footnote_markers(text), language)
    return outside_code(text, lambda prose: join_hyphenated(drop_footnote_markers(prose), language))
