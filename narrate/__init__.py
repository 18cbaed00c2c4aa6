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

from typing import TYPE_CHECKING

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
from narrate.version import __version__

if TYPE_CHECKING:
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
        lint,
        listen,
        listen_json,
        listen_report,
        load,
        prepare_listener,
        render_script,
        say,
        say_config,
        script,
        script_text,
        serve,
        spoken,
        upload,
        voice_for,
        voices,
    )
    from narrate.config import CourseConfig
    from narrate.model import BuildResult, Episode, Lesson, Script
    from narrate.options import BuildOptions
    from narrate.pipeline import Loaded

_LAZY = {
    "CourseConfig": "narrate.config",
    "BuildResult": "narrate.model",
    "Episode": "narrate.model",
    "Lesson": "narrate.model",
    "Script": "narrate.model",
    "BuildOptions": "narrate.options",
    "Loaded": "narrate.pipeline",
}
"""Names imported on first use (PEP 562), so that ``import narrate`` stays light: a no-change
rebuild must not pay for the readers, the audio stack or the preview templates."""


def __getattr__(name: str):
    if name in __all__ and name not in globals():
        import importlib

        module = importlib.import_module(_LAZY.get(name, "narrate.api"))
        value = getattr(module, name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'narrate' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))


__all__ = [
    "build",
    "load",
    "script",
    "render_script",
    "script_text",
    "say",
    "say_config",
    "spoken",
    "lexicon_report",
    "lint",
    "import_lesson",
    "check",
    "check_warnings",
    "prepare_listener",
    "listen",
    "listen_report",
    "listen_json",
    "serve",
    "upload",
    "voices",
    "voice_for",
    "cache_info",
    "cache_clear",
    "cache_prune",
    "build_catalogue",
    "is_catalogue",
    "is_content",
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
