"""Media (MIME) types of the files narrate publishes: the one table that the feed's enclosures and
transcript links, the episode records, the ID3 cover frame, ``narrate serve``'s and the uploads'
Content-Type headers all read, so that a podcast app is told the same type for a file wherever it meets it.

Audio follows Apple Podcasts' list of enclosure types (``audio/mpeg`` for MP3, ``audio/x-m4a``
for AAC in MP4, which an ``.m4b`` audiobook is); transcripts follow the Podcast Index namespace
(``podcast:transcript``: ``text/vtt``, ``application/x-subrip``).
"""

from __future__ import annotations

from pathlib import PurePath

MEDIA_TYPES: dict[str, str] = {
    ".mp3": "audio/mpeg",
    ".m4b": "audio/x-m4a",
    ".vtt": "text/vtt",
    ".srt": "application/x-subrip",
    ".json": "application/json",
    ".xml": "application/rss+xml",
    ".txt": "text/plain",
    ".jpg": "image/jpeg",
    ".jpeg": "image/jpeg",
    ".png": "image/png",
    ".epub": "application/epub+zip",
}
"""File extension (lower case, with the dot) → media type, for every kind of file narrate writes."""

CONTENT_TYPES: dict[str, str] = {
    **{
        ext: f"{kind}; charset=utf-8" if kind.startswith("text/") or ext == ".srt" else kind
        for ext, kind in MEDIA_TYPES.items()
    },
    ".html": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".m4a": "audio/mp4",
    ".mp4": "audio/mp4",
}
"""File extension → HTTP ``Content-Type`` for ``narrate serve`` and uploads: :data:`MEDIA_TYPES`
with the charset of UTF-8 text, the preview's pages, and other MP4 audio."""


def media_type(name: str | PurePath) -> str:
    """The media type of a file narrate publishes, from its name's extension (any case).

    Raises:
        KeyError: not an extension narrate publishes.
    """
    return MEDIA_TYPES[PurePath(name).suffix.lower()]


def content_type(name: str | PurePath) -> str:
    """The HTTP ``Content-Type`` of a file by its extension (``application/octet-stream`` when unknown)."""
    return CONTENT_TYPES.get(PurePath(name).suffix.lower(), "application/octet-stream")


LISTEN_MARKS = "assets/listen.js"
"""The author's proof-listening marks for the preview, written by ``narrate check --listen``, not by
the build: not an output of it, and never published (``narrate publish`` leaves it out). Here, with
the media types of what is published, so that the no-change path can name it without importing the
preview."""
