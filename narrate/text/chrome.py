"""Page chrome: the lines a lesson page pasted from a website carries that are not the lesson.

:func:`chrome_kind` names the kind of one line (``"navigation"``, ``"sign-in"``, ``"sharing"``,
``"reading time"``, ``"cookies"``, ``"advertising"``, ``"newsletter"``, ``"breadcrumb"``) or returns
None. Only whole lines are judged, and only short ones (a sentence of lesson text that mentions
"share" or "cookies" is kept). The page reader drops these lines wherever they sit and records them
(:attr:`narrate.model.Lesson.dropped`); the build prints one warning line per lesson naming them.

The tables are English, plus :data:`CHROME_LINES_OTHER` for the other catalogue languages (de fr
es it pt nl sv); one table per kind, so another language can add its own.
"""

from __future__ import annotations

import re

_FOOTER_LINKS = (
    r"(?:cite|contact(?: us)?|about(?: us)?|privacy(?: policy)?|terms(?: of (?:use|service))?|imprint|accessibility|"
    r"sitemap|faq|help|source|contributing|license|code of conduct)"
)
# kind -> patterns matched against the whole line (case-insensitive, after bullets and "|" are stripped)
CHROME_LINES: dict[str, tuple[str, ...]] = {
    "navigation": (
        r"skip to (?:main )?(?:content|navigation|search)",
        r"(?:main |site )?menu",
        r"toggle (?:navigation|menu)",
        r"open (?:the )?menu",
        r"close (?:the )?menu",
        r"back to top",
        r"jump to (?:section|navigation)",
        r"table of contents",
        r"search (?:this site|the site|courses|lessons)\s*(?:\.\.\.|…)?",
        r"(?:previous|next) (?:article|post|page|story)",
        r"toggle (?:navigation(?: sidebar)?|menu|theme|sidebar|in-page table of contents|dark mode)",
        r"previous next|(?:« ?)?previous: .{1,60} next: .{1,60}",
        r"(?:see|view) all in one page|search the all in one page",
        r"learner view|instructor view",
        r"expand all solutions|collapse all solutions|expand all|collapse all",
    ),
    "page tools": (
        r"last (?:updated|modified|edited)(?: on)?:? .{1,60}",
        r"edit (?:this|the) page(?: on github)?|edit on (?:github|gitlab)|suggest an edit|improve this page",
        r"view (?:page )?source|view on github|report an issue|open an issue",
        r"print(?: this page| this lesson)?|printable version|download (?:as )?pdf",
        r"related (?:articles|posts|lessons|content|reading)",
        r"was this (?:page|lesson|article) helpful\??(?:\s*yes\s*no)?",
    ),
    "footer": (
        r"this lesson is subject to the code of conduct",
        r"(?:materials|template|content|text|code)(?: is| are)? licensed under (?:cc|creative commons|the mit|mit|apache|gpl)"
        r".{0,80}",
        r"built with (?:sphinx|jekyll|hugo|sandpaper|mkdocs|jupyter book|docusaurus|gatsby|quarto|wordpress|bookdown|"
        r"hexo|pelican).{0,80}",
        r"powered by (?:jupyter book|sphinx|jekyll|hugo|mkdocs|wordpress|read the docs|github pages|docusaurus|quarto|"
        r"ghost|squarespace|wix).{0,40}",
        r"(?:©|\(c\)|copyright ©|copyright \d{4}).{0,80}",
        # a book's licence line: "By A. Author © Copyright 2024.", "This page is licensed under CC BY 4.0",
        # "<Book> by A. Author is licensed under CC BY-SA 4.0"
        r"by [^©]{1,80}(?:©|\(c\)|copyright \d{4}).{0,80}",
        r"(?:this|the) (?:page|book|site|website|work|chapter|notebook)s? (?:is|are) licensed under [^,;]{1,100}",
        r".{1,80} by [\w.'-]+(?: [\w.'-]+){0,4} (?:is|are) licensed under (?:a |the )?"
        r"(?:cc|creative commons|mit|apache|gpl|bsd|cc0|odbl)"
        r"(?:[ -]?(?:by|sa|nc|nd|\d(?:\.\d)?|attribution|sharealike|international|license|licence|\[\w+\]))*",
        r"all rights reserved",
        r"privacy(?: policy)?|terms(?: of (?:use|service))?|imprint|sitemap|cookie policy",
        _FOOTER_LINKS + r"(?:\s*[|·•]\s*" + _FOOTER_LINKS + r")+",
    ),
    "sign-in": (
        r"sign ?in",
        r"log ?in",
        r"log ?out",
        r"sign ?out",
        r"sign ?up",
        r"create (?:a |an )?(?:free )?account",
        r"my account",
        r"(?:sign|log) ?in (?:or|/) (?:sign|register) ?(?:up)?",
        r"(?:already have an account\??\s*)?(?:sign|log) ?in",
    ),
    "sharing": (
        r"share(?: this)?(?: (?:article|post|page|story|lesson|on \w+|via \w+))?",
        r"follow us(?: on \w+)?",
        r"(?:print|email|save) (?:this|the) (?:article|page|post|story|lesson)",
        r"tweet(?: this)?",
        r"pin it",
        r"copy link",
        r"(?:facebook|twitter|x|linkedin|reddit|whatsapp|pinterest|email|print)"
        r"(?:\s*[|·•,]\s*(?:facebook|twitter|x|linkedin|reddit|whatsapp|pinterest|email|print))+",
        r"facebook|twitter|linkedin|reddit|whatsapp|pinterest",
        r"share on (?:facebook|twitter|x|linkedin|reddit|whatsapp|pinterest)",
    ),
    "reading time": (
        r"\d+\s*(?:-|–)?\s*min(?:ute)?s?\.? read",
        r"reading time:?\s*\d+\s*min(?:ute)?s?\.?",
        r"\d+\s*min(?:ute)?s? reading time",
        r"estimated reading time:?.*",
    ),
    "cookies": (
        r"cookie (?:settings|preferences|policy|consent)",
        r"manage (?:cookies|cookie settings|preferences|consent)",
        r"accept all(?: cookies)?|accept cookies",
        r"reject all(?: cookies)?|reject cookies",
        r"(?:this site|this website|we) uses? cookies\b.*",
        r"by (?:using|continuing to use) this (?:site|website).*cookies.*",
    ),
    "advertising": (
        r"advertisements?",
        r"ad",
        r"sponsored(?: content)?",
        r"promoted",
        r"(?:story|article) continues below(?: advertisement)?",
        r"continue reading below",
        r"(?:remove|hide) ads",
    ),
    "newsletter": (
        r"(?:subscribe|sign up)(?: to| for)? (?:our |the )?newsletter.*",
        r"get (?:our |the )?newsletter.*",
        r"join (?:our |the )?newsletter.*",
        r"(?:enter )?(?:your )?e-?mail(?: address)?(?: here)?",
        r"subscribe(?: now)?",
        r"newsletter",
    ),
}
# The same kinds in the other catalogue languages (de fr es it pt nl sv): whole short lines only.
CHROME_LINES_OTHER: dict[str, tuple[str, ...]] = {
    "navigation": (
        r"zum inhalt springen|aller au contenu|saltar al contenido|vai al contenuto|"
        r"saltar para o conte[úu]do|naar (?:de )?inhoud|hoppa till innehållet",
        r"men[üuú]|meny|hauptmenü|menu principal",
        r"nach oben|haut de page|volver arriba|torna su|voltar ao topo|naar boven|till toppen",
        r"inhaltsverzeichnis|table des matières|[íi]ndice|sommario|inhoudsopgave|innehåll(?:sförteckning)?",
    ),
    "sign-in": (
        r"anmelden|abmelden|registrieren|einloggen",
        r"se connecter|connexion|s'inscrire|se déconnecter",
        r"iniciar sesi[óo]n|registrarse|cerrar sesi[óo]n|entrar|iniciar sess[ãa]o|registar|registrar",
        r"accedi|registrati|esci",
        r"inloggen|registreren|uitloggen",
        r"logga (?:in|ut)|registrera(?: dig)?",
    ),
    "sharing": (
        r"teilen|partager|compartir|condividi|partilhar|compartilhar|delen|dela",
        r"(?:auf|sur|en|su|no|op|på) (?:facebook|twitter|x|linkedin|whatsapp) (?:teilen|partager|compartir|condividi|partilhar|delen|dela)",
    ),
    "reading time": (
        r"(?:lesezeit:? )?\d+\s*min(?:uten|\.)? (?:lesezeit|lesen)",
        r"(?:temps de )?lecture:? \d+\s*min(?:utes)?|\d+\s*min(?:utes)? de lecture",
        r"\d+\s*min(?:utos)? de (?:lectura|leitura)|\d+\s*minuti di lettura",
        r"\d+\s*min(?:uten)? leestijd|\d+\s*min(?:uter)? läs(?:ning|tid)",
    ),
    "cookies": (
        r"(?:alle )?cookies (?:akzeptieren|ablehnen)|(?:tout )?accepter|(?:tout )?refuser|aceptar(?: todas)?|"
        r"accetta(?: tutti)?|aceitar(?: todos)?|accepteren|acceptera(?: alla)?",
        r"cookie-?einstellungen|paramètres des cookies|configuración de cookies|impostazioni dei cookie",
    ),
    "newsletter": (
        r"newsletter abonnieren|abonnieren|s'abonner(?: à la newsletter)?|suscr[ií]bete|iscriviti|"
        r"subscrever|abonneren|prenumerera",
    ),
}
for _kind, _patterns in CHROME_LINES_OTHER.items():
    CHROME_LINES[_kind] = CHROME_LINES[_kind] + _patterns
_MAX_WORDS = 25  # longer lines are lesson text, whatever they mention
_COMPILED = {kind: re.compile(r"^(?:" + "|".join(p) + r")$", re.I) for kind, p in CHROME_LINES.items()}
_STRIP = re.compile(r"^[\s•◦▪‣●*|·>›»-]+|[\s|·:!.]+$")
# "Home > Biology > Photosynthesis", "Home / Courses / Biology", "Courses › Biology › Cells"
_CRUMB_SEP = re.compile(r"\s+(?:>|›|»|/|\\|→)\s+")


def _breadcrumb(line: str) -> bool:
    parts = _CRUMB_SEP.split(line)
    if len(parts) < 2 or any(not p or len(p.split()) > 6 or p[-1:] in ".!?" for p in parts):
        return False
    return len(parts) >= 3 or parts[0].casefold() in ("home", "start", "courses", "lessons", "library")


def chrome_kind(line: str) -> str | None:
    """The kind of page chrome ``line`` is (see the module docstring), or None for lesson text.

    ``"Skip to main content"`` -> ``"navigation"``; ``"5 min read"`` -> ``"reading time"``;
    ``"Home > Biology > Photosynthesis"`` -> ``"breadcrumb"``; ``"Share"`` -> ``"sharing"``. A line of
    short parts joined by ``·``, ``|`` or ``•`` is chrome when one part is (``"By Ana Ruiz · 5 min
    read"``)."""
    text = _STRIP.sub("", " ".join(line.split()))
    if not text or len(text.split()) > _MAX_WORDS:
        return None
    if _breadcrumb(text):
        return "breadcrumb"
    kind = _whole_line_kind(text)
    if kind is None and _TABS.fullmatch(text):
        return "tabs"
    if kind is None:
        parts = [p for p in _PART_SEP.split(text) if p]
        if len(parts) > 1 and all(len(p.split()) <= _MAX_PART_WORDS for p in parts):
            kind = next((k for k in map(_whole_line_kind, parts) if k), None)
    return kind


# a row of tabs copied as one word: "PythonRJuliaC++", "Catch2GoogleTest" (not "SQLite", "JavaScript")
_TABS = re.compile(r"(?=(?:.*[A-Z][a-z]){2})(?:[A-Z][a-z0-9]*[+#]*){3,}")
_PART_SEP = re.compile(r"\s+[·|•]\s+")
_MAX_PART_WORDS = 6


def _whole_line_kind(text: str) -> str | None:
    for kind, pattern in _COMPILED.items():
        if pattern.match(text):
            return kind
    return None


def describe_dropped(dropped: list[tuple[str, str, int]]) -> str:
    """``[("navigation", "Menu", 2), ("sharing", "Share", 9)]`` -> ``'navigation "Menu" (line 2),
    sharing "Share" (line 9)'``: the text of the build's warning line."""
    return ", ".join(f'{kind} "{text}" (line {line})' for kind, text, line in dropped)
