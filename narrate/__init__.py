"""narrate: turn written lessons into chaptered, narrated podcast episodes.

Lesson sections and quiz questions become a narration script; an offline text-to-speech engine
speaks it, with a think pause before every quiz answer; the result is chaptered audio, transcripts,
a podcast feed and a browser preview. The command line (``narrate``) is a thin layer over this API:

    import narrate

    result = narrate.build("content", "audio_out", narrate.BuildOptions(jobs=2, formats="mp3"))
    print(result.feed_file, [e.duration_ms for e in result.episodes])

    for script in narrate.script("content/lessons/01-cells-and-voltage.yaml"):
        print(narrate.render_script(script))

Times are integer milliseconds. Errors are :class:`NarrateError` subclasses whose message reads
``<file>:<line>: <what is wrong>``; :class:`Problems` carries several at once.
"""

from narrate.api import (
    build,
    build_catalogue,
    cache_clear,
    cache_info,
    cache_prune,
    check,
    import_lesson,
    is_catalogue,
    lexicon_report,
    listen,
    listen_json,
    listen_report,
    load,
    prepare_listener,
    render_script,
    say,
    script,
    script_text,
    serve,
    upload,
    voices,
)
from narrate.config import CourseConfig
from narrate.errors import (
    BuildError,
    ConfigError,
    ContentError,
    EngineError,
    Interrupted,
    NarrateError,
    Problems,
    ToolMissingError,
)
from narrate.model import BuildResult, Episode, Lesson, Script
from narrate.options import BuildOptions
from narrate.pipeline import Loaded
from narrate.version import __version__

__all__ = [
    "build",
    "load",
    "script",
    "render_script",
    "script_text",
    "say",
    "lexicon_report",
    "import_lesson",
    "check",
    "prepare_listener",
    "listen",
    "listen_report",
    "listen_json",
    "serve",
    "upload",
    "voices",
    "cache_info",
    "cache_clear",
    "cache_prune",
    "build_catalogue",
    "is_catalogue",
    "BuildOptions",
    "BuildResult",
    "CourseConfig",
    "Loaded",
    "Lesson",
    "Script",
    "Episode",
    "NarrateError",
    "Problems",
    "ConfigError",
    "ContentError",
    "EngineError",
    "BuildError",
    "ToolMissingError",
    "Interrupted",
    "__version__",
]
