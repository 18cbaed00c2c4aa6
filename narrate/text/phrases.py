"""The words narrate itself says or writes (framing), per language, from gettext message catalogues.

Every phrase has a key (the catalogue's ``msgctxt``, e.g. ``question.choice``) and an English text
(the ``msgid``, with ``{placeholders}``). The catalogues are ``narrate/locale/<lang>/LC_MESSAGES/
narrate.po``; the English one is the template that lists every key. They are compiled with Babel
(``read_po`` → ``write_mo``) when first used and read with :mod:`gettext`, so plural forms follow
each catalogue's ``Plural-Forms`` rule (GNU gettext semantics).

Placeholders take a format spec for numbers (any other value is inserted as it is); a course's
``phrases:`` may use these and no other (no ``{title:>300}``, no ``{title!r}``)::

    {n}          digits: "3"
    {n:words}    cardinal in words, in the phrase's language: "three", "drei", "trois"
    {n:Words}    the same, capitalised: "Three"
    {n:words_f}  the form used before a feminine noun (fr "une", es "una", pt "duas") or a
                 common-gender one (sv "en"); other languages: as ``words``
    {n:Words_f}  the same, capitalised

A course overrides any phrase with ``phrases:`` in course.yaml (key → text; a plural phrase takes a
list ``[singular, plural]`` or one text for every count). That is also how a course uses a language
without a catalogue: :func:`missing_phrases` names what such a course must still give.
"""

from __future__ import annotations

import gettext
import io
import re
import string
from collections.abc import Mapping, Sequence
from functools import cache, lru_cache
from pathlib import Path

from num2words import num2words

from narrate.text.languages import LANGUAGES, en

LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
"""Where the catalogues live: ``LOCALE_DIR/<lang>/LC_MESSAGES/narrate.po``."""

DOMAIN = "narrate"


Override = str | Sequence[str]

SOURCE_LANGUAGE = en.LANGUAGE.code
"""The catalogues' source language: their message ids and the fallback framing are English."""


def primary(language: str) -> str:
    """The primary subtag of a language tag: ``"de-AT"`` → ``"de"``, ``"pt_BR"`` → ``"pt"``."""
    return re.split(r"[-_]", language.strip().lower(), maxsplit=1)[0] or SOURCE_LANGUAGE


@lru_cache(maxsize=64)
def is_rtl(language: str) -> bool:
    """True for a language written right to left (Arabic, Hebrew, Persian, Urdu, ...): CLDR's
    character order for the tag (Babel), so a script subtag counts too (``ku-Arab``)."""
    from babel.core import Locale, UnknownLocaleError

    try:
        return Locale.parse(language.strip().replace("-", "_")).text_direction == "rtl"
    except (UnknownLocaleError, ValueError, TypeError):
        return False


def catalogue_path(language: str) -> Path:
    return LOCALE_DIR / primary(language) / "LC_MESSAGES" / f"{DOMAIN}.po"


def catalogue_languages() -> list[str]:
    """Languages that have a catalogue, sorted (``["de", "en", ...]``)."""
    return sorted(p.parent.parent.name for p in LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


@cache
def _catalogue(language: str):
    """The Babel catalogue of a language (None when there is none)."""
    from babel.messages.pofile import read_po

    path = catalogue_path(language)
    if not path.is_file():
        return None
    with path.open("rb") as f:
        return read_po(f, locale=language, domain=DOMAIN)


@cache
def _translations(language: str) -> gettext.NullTranslations | None:
    """The catalogue compiled with Babel and loaded by gettext (None when there is none)."""
    from babel.messages.mofile import write_mo

    catalogue = _catalogue(language)
    if catalogue is None:
        return None
    buffer = io.BytesIO()
    write_mo(buffer, catalogue, use_fuzzy=False)
    buffer.seek(0)
    return gettext.GNUTranslations(buffer)


@lru_cache(maxsize=1)
def keys() -> dict[str, tuple[str, str | None]]:
    """Every phrase key → (English text, English plural text or None), from the English catalogue."""
    catalogue = _catalogue(SOURCE_LANGUAGE)
    assert catalogue is not None, f"the English catalogue is missing: {catalogue_path(SOURCE_LANGUAGE)}"
    out: dict[str, tuple[str, str | None]] = {}
    for message in catalogue:
        if not message.id or not message.context:
            continue
        if isinstance(message.id, tuple):
            out[message.context] = (message.id[0], message.id[1])
        else:
            out[message.context] = (message.id, None)
    return out


def missing_phrases(language: str, overrides: Mapping[str, Override] | None = None) -> list[str]:
    """Keys a course in ``language`` has neither in a catalogue nor in its ``phrases:`` (sorted).

    Empty when the language has a catalogue, or when the overrides cover every key.
    """
    if _catalogue(primary(language)) is not None:
        return []
    given = overrides or {}
    return sorted(k for k in keys() if k not in given)


def unknown_phrases(overrides: Mapping[str, Override]) -> list[str]:
    """Keys of ``overrides`` that are not phrase keys (sorted)."""
    return sorted(k for k in overrides if k not in keys())


WORD_SPECS = ("words", "Words", "words_f", "Words_f")
"""The format specs a placeholder may have (see the module docstring); any other is refused."""


def _fields(text: str) -> set[str] | None:
    """The ``{placeholder}`` names in ``text``; None when it is not a valid format string."""
    try:
        return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}
    except ValueError:
        return None


def _spec_problem(text: str) -> str | None:
    """The first placeholder of a valid format string ``text`` with a conversion (``!r``) or a format
    spec other than :data:`WORD_SPECS` (``{titles:>300000000}`` would pad to 300 MB), or None."""
    for _, name, spec, conversion in string.Formatter().parse(text):
        if name is None:
            continue
        if conversion:
            return "{" + f"{name}!{conversion}" + (f":{spec}" if spec else "") + "}"
        if spec and spec not in WORD_SPECS:
            return "{" + f"{name}:{spec}" + "}"
    return None


def placeholder_problem(key: str, override: Override) -> str | None:
    """What is wrong with the placeholders of an overriding phrase, or None: each ``{name}`` must be
    one the phrase has in narrate's own catalogue (no positional ``{0}``, no ``{a.b}`` or ``{a[0]}``),
    with no conversion (``!r``) and no format spec but the number words of :data:`WORD_SPECS`."""
    english = keys()[key]
    allowed: set[str] = set()
    for form in english:
        allowed |= _fields(form or "") or set()
    for form in [override] if isinstance(override, str) else list(override):
        found = _fields(form)
        if found is None:
            return f"phrase '{key}': unbalanced braces in '{form}' (write {{{{ and }}}} for a literal brace)"
        wrong = sorted(found - allowed)
        if wrong:
            known = ", ".join("{" + n + "}" for n in sorted(allowed)) or "none"
            return f"phrase '{key}': unknown placeholder {{{wrong[0]}}} (this phrase has: {known})"
        spec = _spec_problem(form)
        if spec:
            return (
                f"phrase '{key}': placeholder {spec} is refused: write {{name}}, or a number in words "
                f"with one of the formats {', '.join(':' + w for w in WORD_SPECS)} ({{count:words}})"
            )
    return None


class _Formatter(string.Formatter):
    def __init__(self, language: str):
        self.language = language

    def format_field(self, value, format_spec: str) -> str:
        if format_spec in WORD_SPECS:
            if not isinstance(value, int) or isinstance(value, bool):
                return str(value)  # number words of a text: the text as it is
            base = format_spec.lower()
            words = number_words(value, self.language, feminine=base == "words_f")
            return words[:1].upper() + words[1:] if format_spec[0] == "W" else words
        return super().format_field(value, format_spec)


_FEMININE = {code: lang.feminine for code, lang in LANGUAGES.items() if lang.feminine}
"""language → [(pattern, replacement)] applied to the masculine cardinal from num2words (each
language module's ``feminine``)."""


def number_words(n: int, language: str, feminine: bool = False) -> str:
    """A whole number in words in ``language`` (num2words); ``feminine``: the form before a
    feminine (or, in Swedish, common-gender) noun. Digits when num2words lacks the language."""
    lang = primary(language)
    try:
        words = num2words(n, lang=lang)
    except (NotImplementedError, OverflowError):
        return str(n)
    if feminine:
        for pattern, replacement in _FEMININE.get(lang, ()):
            words = re.sub(pattern, replacement, words)
    return words


class Phrases:
    """The framing phrases of one language, with a course's overrides.

    ``phrases("question.choice", number=1, prompt="...", choices="...")`` → the phrase filled in;
    ``phrases("quiz.intro", count=3)``: plural phrases choose their form by ``count``.
    """

    def __init__(self, language: str = SOURCE_LANGUAGE, overrides: Mapping[str, Override] | None = None):
        self.language = language
        self.overrides = dict(overrides or {})
        self._gettext = _translations(primary(language))
        self._format = _Formatter(language)

    def text(self, key: str, count: int | None = None) -> str:
        """The unformatted phrase for ``key`` (``{placeholders}`` left in).

        Raises:
            KeyError: ``key`` is not a phrase key.
        """
        singular, plural = keys()[key]
        override = self.overrides.get(key)
        if override is not None:
            if isinstance(override, str):
                return override
            forms = list(override)
            return forms[0] if count == 1 or len(forms) == 1 else forms[-1]
        if self._gettext is None:  # no catalogue and no override: English (checked at load time)
            return singular if plural is None or count == 1 else plural
        if plural is None:
            return self._gettext.pgettext(key, singular)
        return self._gettext.npgettext(key, singular, plural, count if count is not None else 2)

    def __call__(self, key: str, **values) -> str:
        """The phrase for ``key`` with ``values`` filled in (``count`` chooses a plural form)."""
        count = values.get("count")
        return self._format.format(self.text(key, count if isinstance(count, int) else None), **values)

    def seconds(self, ms: int) -> str:
        """Milliseconds as seconds with two decimals, written the language's way (CLDR, Babel):
        1500 → "1.50" in English, "1,50" in German."""
        from babel.core import Locale, UnknownLocaleError
        from babel.numbers import format_decimal

        try:
            locale = Locale.parse(primary(self.language))
        except (UnknownLocaleError, ValueError):
            locale = Locale.parse(SOURCE_LANGUAGE)
        return format_decimal(ms / 1000, format="0.00", locale=locale)

    def join(self, items: Sequence[str], conjunction: str = "and") -> str:
        """``["a", "b", "c"]`` → "a, b, and c" (``list.and``) or "a, b, or c" (``list.or``)."""
        if not items:
            return ""
        if len(items) == 1:
            return items[0]
        head = self("list.separator").join(items[:-1])
        return self(f"list.{conjunction}", head=head, last=items[-1])


@cache
def phrases_for(language: str) -> Phrases:
    """The catalogue phrases of ``language`` without overrides (shared instance)."""
    return Phrases(language)


def check_phrases(
    language: str,
    overrides: Mapping[str, Override],
    framing: str | None = None,
    source: Path | None = None,
    line: int | None = None,
    phrases_line: int | None = None,
) -> None:
    """Refuse framing that cannot be said: unknown phrase keys or placeholders in ``overrides`` (at
    ``phrases_line``), or a language with neither a catalogue nor overrides for every phrase (unless
    ``framing`` names a catalogue language; at ``line``).

    Raises:
        ConfigError: naming the unknown keys or the missing phrases, at ``source``:``line``.
    """
    from narrate.errors import ConfigError

    unknown = unknown_phrases(overrides)
    if unknown:
        hint = ", ".join(sorted(keys()))
        raise ConfigError(f"unknown phrase key '{unknown[0]}' in phrases (known: {hint})", source, phrases_line or line)
    for key, override in overrides.items():
        problem = placeholder_problem(key, override)
        if problem:
            raise ConfigError(problem, source, phrases_line or line)
    target = framing or language
    if framing and _catalogue(primary(framing)) is None:
        raise ConfigError(
            f"no framing phrases for '{framing}' (catalogues: {', '.join(catalogue_languages())})", source, line
        )
    missing = missing_phrases(target, overrides)
    if missing:
        groups = dict.fromkeys(k.split(".")[0] + (".*" if "." in k else "") for k in missing)
        raise ConfigError(
            f"no framing phrases for language '{language}' (catalogues: {', '.join(catalogue_languages())}); "
            f"give the {len(missing)} phrases under phrases: ({', '.join(groups)}; see the Languages page) "
            "or ask for English framing with 'phrases: en'",
            source,
            line,
        )
