"""Command-line interface: each command parses options and calls one function of the public API (:mod:`narrate.api`)."""

from __future__ import annotations

import errno
import logging
import os
import sys
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

import narrate
from narrate.errors import from_os_error, from_overflow, printable
from narrate.version import __version__

_PATH = click.Path(path_type=Path)

# pydub warns on import when ffmpeg/ffprobe are not on PATH; narrate reports a missing tool itself,
# as one "Error:" line, when (and only when) a command needs it.
warnings.filterwarnings(
    "ignore", message=r"Couldn't find (ffmpeg or avconv|ffprobe or avprobe)", category=RuntimeWarning
)


class _Group(click.Group):
    """The one place every command's failure becomes one ``Error:`` line and an exit status, never a
    traceback: Ctrl-C anywhere is ``Error: interrupted``, status 130 (not click's "Aborted!"); an
    :class:`OSError` (a full disk, a read-only output or cache folder, a permission) is
    ``Error: <path>: <what the system said>``, status 1; an :class:`OverflowError` (a date past the
    year 9999) one line, status 1. A closed pipe on standard output (``narrate script | head``)
    stays click's quiet exit, status 1."""

    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except KeyboardInterrupt:
            raise narrate.Interrupted() from None
        except OSError as exc:
            if exc.errno == errno.EPIPE:
                raise  # click's own handling: no message, status 1
            _drop_unwritable_stdout()
            raise from_os_error(exc) from None
        except OverflowError as exc:
            raise from_overflow(exc) from None


def _drop_unwritable_stdout() -> None:
    """When what is buffered for standard output cannot be written (the disk it goes to is full), drop
    it, so that Python's own flush at exit adds no second message (and no other exit status)."""
    try:
        sys.stdout.flush()
    except OSError:
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
            os.close(devnull)
        except (OSError, ValueError):
            pass


class _WarningLine(logging.Handler):
    """Prints each warning of the ``narrate`` logger as one line on stderr: ``Warning: <file>:<line>: <what>``
    (:func:`~narrate.errors.printable`: control characters from content escaped)."""

    def emit(self, record: logging.LogRecord) -> None:
        click.echo(f"Warning: {printable(record.getMessage())}", err=True)


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="narrate")
def main() -> None:
    """Turn written lessons into narrated, chaptered podcast episodes and a feed."""
    logger = logging.getLogger("narrate")
    if not any(isinstance(h, _WarningLine) for h in logger.handlers):
        logger.addHandler(_WarningLine(logging.WARNING))


_VALUES = {"path": _PATH, "count": click.IntRange(min=1), "int": click.INT, "float": click.FLOAT}


def _flag(name: str, flag: Any) -> Callable[[Any], Any]:
    """The click option of a :class:`narrate.BuildOptions` field, from its declaration (``flag``: a
    ``narrate.options.Flag``): an on/off flag, or a value (None when not given)."""
    more: dict[str, Any] = {"is_flag": True} if flag.is_flag else {}
    if flag.value in _VALUES:
        more["type"] = _VALUES[flag.value]
    if not flag.is_flag and flag.value != "path":
        more["default"] = None
    if flag.metavar:
        more["metavar"] = flag.metavar
    if flag.envvar:
        more["envvar"] = flag.envvar
    return click.option(*flag.decls, name, help=flag.help, **more)


_FLAGS = dict(narrate.BuildOptions.flags())


def build_options(command: Any) -> Any:
    """Every option of :class:`narrate.BuildOptions`, generated from its declarations (flag, help,
    value), in their order; the command receives them as keyword arguments named as the fields."""
    for name, flag in reversed(list(_FLAGS.items())):
        command = _flag(name, flag)(command)
    return command


_STRICT = _flag("strict", _FLAGS["strict"])
_LISTEN = _flag("listen", _FLAGS["listen"])
_ASR_MODEL = _flag("asr_model", _FLAGS["asr_model"])


@main.command()
@click.argument("content", type=_PATH, default=Path("content"))
@click.option("-o", "--out", "out_dir", type=_PATH, default=Path("audio_out"), show_default=True, help="Output folder.")
@build_options
def build(content: Path, out_dir: Path, **options: Any) -> None:
    """Build CONTENT into OUT: a course folder or one lesson file (episodes, transcripts, feed.xml),
    or a catalogue, a folder of course folders (OUT/<course-id>/ each, and OUT/index.html)."""
    from narrate.progress import reporter

    if options["staging"] and not options["cluster"]:
        raise narrate.ConfigError("--staging is for builds with --cluster")
    quiet = options["quiet"]
    built = narrate.BuildOptions(**options)
    with reporter(quiet) as progress:
        if narrate.is_catalogue(content):
            results = narrate.build_catalogue(content, out_dir, built, progress=progress)
        else:
            results = [("", narrate.build(content, out_dir, built, progress=progress))]
    for course, result in results:
        if result.detected_language:
            click.echo(f"language: {result.detected_language} (detected)", err=True)
        if result.voices:  # the course named no engine: which were chosen, and how to choose
            click.echo(f"{course}: {result.voices}" if course else result.voices, err=True)
    if not quiet:
        for course, result in results:
            _echo_summary(result, f"{course}: " if course else "")
        if results and results[0][0]:
            click.echo(f"Catalogue of {_count(len(results), 'course')}: {out_dir / 'index.html'}")
    for _, result in results:
        if result.heard is not None:
            _echo_listen(result.heard, options["verbose"])


def _echo_summary(result, prefix: str = "") -> None:
    if result.up_to_date:
        click.echo(
            f"{prefix}Up to date: {result.skipped_episodes} episode(s) in {result.out_dir}; feed: {result.feed_file}"
        )
    else:
        made = len(result.episodes) - result.skipped_episodes
        click.echo(
            f"{prefix}Built {_count(made, 'episode')} in {result.out_dir} ({result.skipped_episodes} more up to date); "
            f"{_count(result.synthesized, 'sentence')} spoken, {result.cached} reused; "
            f"feed: {result.feed_file}"
        )
        if result.book is not None:
            click.echo(f"{prefix}Read-along book: {result.book}")
        if result.scheduled:
            listed = ", ".join(f"{stem} on {day}" for stem, day in result.scheduled)
            click.echo(f"Scheduled, not in the feed until their date: {listed} (--include-scheduled puts them in now)")


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" + ("" if n == 1 else "s")


@main.group()
def cache() -> None:
    """The utterance cache: one FLAC clip per spoken sentence, reused by every build."""


_CACHE_DIR = click.option(
    "--dir",
    "cache_dir",
    default=None,
    envvar="NARRATE_CACHE_DIR",
    help="Cache folder or fsspec URL (default: $NARRATE_CACHE_DIR, else ~/.cache/narrate).",
)


@cache.command("info")
@_CACHE_DIR
def cache_info(cache_dir: str | None) -> None:
    """Print the cache folder, its number of clips and their total size."""
    root, clips, size, files = narrate.cache_info(cache_dir)
    click.echo(f"{root}: {clips} clip(s), {size / 1e6:.1f} MB ({size} bytes in {files} file(s))")


@cache.command("clear")
@_CACHE_DIR
def cache_clear(cache_dir: str | None) -> None:
    """Delete every cached clip (the next build synthesizes everything again)."""
    root, removed = narrate.cache_clear(cache_dir)
    click.echo(f"{root}: removed {removed} clip(s)")


@cache.command("prune")
@_CACHE_DIR
@click.option(
    "--max-size",
    "max_size",
    required=True,
    metavar="SIZE",
    help="Delete least recently used clips until the cache fits, e.g. 500MB, 20GB (clips in use are kept).",
)
def cache_prune(cache_dir: str | None, max_size: str) -> None:
    """Delete the least recently used clips until the cache fits in SIZE."""
    root, result = narrate.cache_prune(max_size, cache_dir)
    click.echo(
        f"{root}: removed {result.removed} file(s), {result.freed / 1e6:.1f} MB; {result.left / 1e6:.1f} MB left"
    )


@main.command()
@click.argument("lesson", type=_PATH)
@click.option(
    "--lexicon",
    "lexicon_file",
    type=_PATH,
    help="Extra pronunciation lexicon (YAML word: spoken or /IPA/, or a W3C PLS file).",
)
@click.option(
    "--lexicon-report",
    is_flag=True,
    help="Instead of the script, list tokens the engine may mispronounce that the lexicon lacks "
    "(LESSON may also be a course folder).",
)
@click.option("--language", default=None, help="Language of the lesson (ISO 639, e.g. de); default: detected.")
@click.option(
    "--lint",
    is_flag=True,
    help="After the script, warn (on stderr) of what it says and should not: symbols, markup names, "
    "likely tokens, spelled letters (--strict: errors, exit status 1).",
)
@_STRICT
def script(
    lesson: Path, lexicon_file: Path | None, lexicon_report: bool, language: str | None, lint: bool, strict: bool
) -> None:
    """Print the narration script of LESSON (a lesson file, or every lesson of a course folder) with
    chapter and pause marks."""
    options = narrate.BuildOptions(lexicon_file=lexicon_file, language=language, strict=strict)
    if lexicon_report:
        findings = narrate.lexicon_report(lesson, options)
        for finding in findings:
            click.echo(finding)
        if not findings:
            click.echo(f"{lesson}: no words the lexicon does not cover yet")
        return
    detected: list[str] = []
    text = narrate.script_text(lesson, options, detected=detected)
    for code in detected:
        click.echo(f"language: {code} (detected)", err=True)
    click.echo(text, nl=False)
    if lint and _echo_lint(narrate.lint(lesson, options), strict):
        raise SystemExit(1)


_SAY_LEXICON = click.option(
    "--lexicon",
    "lexicon_file",
    type=_PATH,
    help="Extra pronunciation lexicon (YAML word: spoken or /IPA/, or a W3C PLS file), over the course's.",
)
_SAY_LANGUAGE = click.option(
    "--language", default=None, help="Language (BCP 47 tag, e.g. de, en-gb); default: the course's, else en-us."
)
_SAY_COURSE = click.option(
    "--course",
    "content",
    type=_PATH,
    default=None,
    help="Course folder or lesson file whose lexicon, language and voice to use (default: ./content or . "
    "when it holds course.yaml).",
)


@main.command()
@click.argument("text")
@click.option("--voice", default=None, help="Narrator voice (an id from: narrate voices); default: the course's.")
@click.option("--engine", default=None, help="Speech engine; default: the course's.")
@_SAY_LEXICON
@_SAY_LANGUAGE
@_SAY_COURSE
@click.option("-o", "--out", type=_PATH, default=None, help="Write the WAV here instead of playing it.")
@click.option(
    "--text-only",
    is_flag=True,
    help="Only print the spoken text (what the engine would be given), one line; no audio, no engine.",
)
def say(
    text: str,
    voice: str | None,
    engine: str | None,
    lexicon_file: Path | None,
    language: str | None,
    content: Path | None,
    out: Path | None,
    text_only: bool,
) -> None:
    """Speak TEXT through the lexicon and normaliser, to audition how a word or sentence will sound.

    Plays it where a player exists (paplay, aplay, afplay, ffplay, play); else, or when the player
    finds no sound device, writes a WAV and prints its path. TEXT "-" reads standard input: with
    --text-only, one output line per input line.
    """
    if text_only:
        if out is not None:
            raise narrate.ConfigError("--text-only prints the spoken text and writes no WAV: leave out -o")
        _print_spoken(text, lexicon_file, language, content)
        return
    options = narrate.BuildOptions(lexicon_file=lexicon_file, engine=engine, voice=voice, language=language)
    said = narrate.say(click.open_file("-").read() if text == "-" else text, options, content=content, out=out)
    click.echo(f"Said: {said.spoken}")
    how = f"{said.engine}, voice {said.voice or 'default'}"
    if said.player:
        click.echo(f"Played with {said.player} ({how})")
    elif said.not_played and said.wav is not None:
        click.echo(f"No sound device ({said.not_played}); wrote {said.wav.resolve()} ({how})")
    else:
        click.echo(f"Wrote {said.wav} ({how})")


@main.command()
@click.argument("text")
@_SAY_LEXICON
@_SAY_LANGUAGE
@_SAY_COURSE
def normalize(text: str, lexicon_file: Path | None, language: str | None, content: Path | None) -> None:
    """Print TEXT as the speech engine would be given it (the lexicon and normaliser applied), one
    line; the same as `narrate say --text-only`. TEXT "-" reads standard input, line by line."""
    _print_spoken(text, lexicon_file, language, content)


def _print_spoken(text: str, lexicon_file: Path | None, language: str | None, content: Path | None) -> None:
    """One line of spoken text for TEXT, or for each line of standard input when TEXT is "-"."""
    config = narrate.say_config(narrate.BuildOptions(lexicon_file=lexicon_file, language=language), content=content)
    lines = click.open_file("-") if text == "-" else [text]
    for line in lines:
        click.echo(narrate.spoken(line.rstrip("\r\n"), config.language, config.lexicon))


@main.command("import")
@click.argument("page", type=_PATH)
def import_(page: Path) -> None:
    """Print PAGE (a lesson file of any supported format) as an editable YAML lesson."""
    click.echo(narrate.import_lesson(page), nl=False)


@main.command()
@click.argument("target", default="audio_out")
@_LISTEN
@_ASR_MODEL
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document (problems and the --listen report).")
@click.option(
    "--cache-dir", type=_PATH, default=None, envvar="NARRATE_CACHE_DIR", help="Cache folder (models, what was heard)."
)
@click.option("-q", "--quiet", is_flag=True, help="No progress output.")
@click.option(
    "--verbose", is_flag=True, help="With --listen, every finding in full (else the first five and a summary)."
)
@_STRICT
def check(
    target: str,
    listen: bool,
    asr_model: str | None,
    as_json: bool,
    cache_dir: Path | None,
    quiet: bool,
    verbose: bool,
    strict: bool,
) -> None:
    """Validate a built folder, or a published feed's http(s) URL, the way a podcast directory would;
    one problem per line; a feed at a preview address or plain http is a warning (--strict: an error).
    With --listen, also hear each episode of the folder (see docs/proof-listening.md). A course folder
    (with course.yaml) or a lesson file is read as a build would read it, and its every lesson's script
    linted (symbols, markup names, likely tokens ... heard; --strict: its warnings are errors).
    --json: one JSON document on stdout, whatever fails (see docs/cli.md)."""
    if narrate.is_content(target):
        if listen:
            raise click.UsageError(
                f"--listen hears a built folder, not a {'course' if Path(target).is_dir() else 'lesson'}"
            )
        _check_content(target, as_json, strict)
        return
    if listen and target.startswith(("http://", "https://")):
        raise click.UsageError("--listen hears a built folder, not a URL")
    problems = narrate.check(target)
    if not as_json:
        for problem in problems:
            click.echo(printable(problem))
    heard = None
    if listen:
        try:
            heard = _listen(Path(target), asr_model, cache_dir, quiet or as_json)
        except (click.ClickException, OSError) as exc:  # with --json: one more problem in the document
            if not as_json:
                raise
            problems = [*problems, _problem(exc)]
    remote = target.startswith(("http://", "https://"))
    before_publishing = [] if problems or remote else narrate.check_warnings(target)
    if as_json:
        import json

        document = {
            "out": target,
            "problems": problems,
            "warnings": before_publishing,
            "listen": narrate.listen_json(heard) if heard else None,
        }
        click.echo(json.dumps(document, ensure_ascii=False, indent=1))
    elif heard:
        _echo_listen(heard, verbose)
    if problems:
        raise SystemExit(1)
    if not as_json:
        for warning in before_publishing:  # it passes, but would keep listeners out once published
            shown = printable(warning)
            click.echo(shown.replace("Warning: ", "Error: ", 1) if strict else shown, err=True)
    if strict and before_publishing:  # --strict: what would keep listeners out fails the check
        raise SystemExit(1)
    if not as_json:
        click.echo(f"{target}: OK")


def _check_content(target: str, as_json: bool, strict: bool) -> None:
    """``narrate check`` of a course folder or lesson file: read as a build would read it, its every
    lesson's script linted. ``as_json``: one document ``{"content", "problems", "lint"}`` on stdout
    (``problems``: the error that stops a build, as ``Error: <file>:<line>: <what>``; ``lint``: the
    lint's findings, ``Warning:`` lines, ``Error:`` with --strict). Exits 1 on a problem, or with
    --strict on any lint finding."""
    options = narrate.BuildOptions(strict=strict)
    if not as_json:
        narrate.load(target, options)
        if _echo_lint(narrate.lint(target, options), strict):
            raise SystemExit(1)
        click.echo(f"{target}: OK")
        return
    import json

    problems: list[str] = []
    findings: list[str] = []
    try:
        narrate.load(target, options)
        findings = narrate.lint(target, options)
    except (click.ClickException, OSError) as exc:  # the course does not build
        problems.append(_problem(exc))
    lint = [f"{'Error' if strict else 'Warning'}: {printable(f)}" for f in findings]
    click.echo(json.dumps({"content": target, "problems": problems, "lint": lint}, ensure_ascii=False, indent=1))
    if problems or (strict and lint):
        raise SystemExit(1)


def _problem(exc: click.ClickException | OSError) -> str:
    """An error as a line of a --json document's ``problems``: ``Error: <file>:<line>: <what>``."""
    return f"Error: {(from_os_error(exc) if isinstance(exc, OSError) else exc).format_message()}"


def _echo_lint(findings: list[str], strict: bool) -> bool:
    """The script lint's findings as ``Warning:`` lines on stderr (``Error:`` with --strict); True
    when they fail the command (--strict and any finding)."""
    for finding in findings:
        click.echo(f"{'Error' if strict else 'Warning'}: {printable(finding)}", err=True)
    return strict and bool(findings)


def _listen(out_dir: Path, asr_model: str | None, cache_dir: Path | None, quiet: bool):
    from narrate.progress import reporter

    with reporter(quiet) as progress:
        return narrate.listen(out_dir, model=asr_model, cache_dir=cache_dir, progress=progress)


def _echo_listen(heard, verbose: bool = False) -> None:
    click.echo(narrate.listen_report(heard, verbose), nl=False)


@main.command("publish")
@click.argument("out_dir", type=_PATH)
@click.argument("dest")
@click.option(
    "--endpoint-url",
    default=None,
    envvar="NARRATE_S3_ENDPOINT_URL",
    help="API URL of an S3-compatible store (default: AWS S3).",
)
@click.option(
    "--force",
    is_flag=True,
    help="Publish even if it removes published episodes, replaces a newer feed, or overwrites files narrate "
    "did not write (those are never deleted).",
)
@click.option(
    "--moved-from",
    "moved_from",
    metavar="OLD_DEST",
    default=None,
    help="Where the feed was published before a new --base-url (s3://bucket/prefix or a folder): after "
    "publishing to DEST, write the feed there once more with itunes:new-feed-url naming the new one.",
)
@click.option("-q", "--quiet", is_flag=True, help="Only errors.")
def publish_(
    out_dir: Path, dest: str, endpoint_url: str | None, force: bool, moved_from: str | None, quiet: bool
) -> None:
    """Upload the built folder OUT_DIR to DEST (s3://bucket/prefix or a folder): changed files only,
    media first, the feed last, then only the old files narrate's own manifest lists are deleted.
    Refuses to drop a published episode or to replace a newer feed (--force to mean it). Moving
    hosts: build with the new --base-url (every GUID is kept), then publish with --moved-from."""
    done = narrate.upload(out_dir, dest, endpoint_url=endpoint_url, force=force, moved_from=moved_from)
    if not quiet:
        click.echo(
            f"Published {out_dir} to {dest}: {_count(len(done.uploaded), 'file')} uploaded, "
            f"{len(done.unchanged)} unchanged, {len(done.deleted)} deleted"
        )
    if done.moved is not None and not quiet:
        old = done.moved.old_url or f"the feed of {done.moved.dest}"
        click.echo(
            printable(
                f"Moved: the feed at {done.moved.dest} now names the new one, {done.moved.new_url}, in "
                f"<itunes:new-feed-url>. Now redirect {old} to {done.moved.new_url} with HTTP 301 (Moved "
                "Permanently), as Apple Podcasts and the Podcast Index ask, and keep the old feed and the "
                "redirect in place until the directories list the new address."
            )
        )


@main.command()
@click.argument("out_dir", type=_PATH, default=Path("audio_out"))
@click.option("--host", default="0.0.0.0", show_default=True, help="Address to listen on.")
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True, help="Port to listen on.")
@click.option(
    "--watch", "watch_dir", type=_PATH, default=None, help="Rebuild OUT from this content folder when it changes."
)
@click.option(
    "--idle-timeout",
    "idle_minutes",
    type=click.FloatRange(min=0, max=7 * 24 * 60),
    default=30.0,
    show_default=True,
    metavar="MINUTES",
    help="Stop after this many minutes without a request or a rebuild (0: never).",
)
def serve(out_dir: Path, host: str, port: int, watch_dir: Path | None, idle_minutes: float) -> None:
    """Serve OUT over HTTP (HEAD and byte ranges) and print the feed URL; stops by itself when idle."""
    if idle_minutes != idle_minutes:  # NaN passes FloatRange
        raise click.BadParameter("must be a number of minutes, not nan", param_hint="'--idle-timeout'")
    narrate.serve(out_dir, host=host, port=port, watch=watch_dir, idle_minutes=idle_minutes)


@main.command()
@click.option("--engine", "engine_name", default=None, help="Only this engine's voices.")
@click.option(
    "--language",
    default=None,
    help="Only the voices that speak this language (pt matches pt-br), the one a course in it speaks with first.",
)
def voices(engine_name: str | None, language: str | None) -> None:
    """List the voices of every installed speech engine: engine, id, name, languages, licence (tab-separated).

    With --language, the voice a course in that language speaks with when it names no engine (or
    on --engine) comes first, and a line on standard error says so.
    """
    lines = narrate.voices(engine_name, language)
    if language:
        engine, voice = narrate.voice_for(language, engine_name)
        if lines and lines[0].split("\t")[:2] == [engine, voice or ""]:
            how = "on --engine" if engine_name else "set voice.engine or --engine to choose another"
            click.echo(f"{language}: {engine} {voice} is the automatic choice, listed first ({how})", err=True)
    for line in lines:
        click.echo(line)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
