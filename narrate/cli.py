"""Command-line interface: each command parses options and calls one library function."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from narrate import __version__

_PATH = click.Path(path_type=Path)


class _Group(click.Group):
    """Ctrl-C anywhere in a command: one line, ``Error: interrupted``, exit status 130 (not click's "Aborted!")."""

    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except KeyboardInterrupt:
            from narrate.errors import Interrupted

            raise Interrupted() from None


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="narrate")
def main() -> None:
    """Turn written lessons into narrated, chaptered podcast episodes and a feed."""


@main.command()
@click.argument("content", type=_PATH, default=Path("content"))
@click.option("-o", "--out", "out_dir", type=_PATH, default=Path("audio_out"), show_default=True,
              help="Output folder.")
@click.option("--lexicon", "lexicon_file", type=_PATH, help="Extra pronunciation lexicon (YAML word: spoken).")
@click.option("--review/--no-review", default=None,
              help="Add (or leave out) the course-review bonus episode; default: course.yaml's 'review'.")
@click.option("-q", "--quiet", is_flag=True, help="No progress output.")
def build(content: Path, out_dir: Path, lexicon_file: Path | None, review: bool | None, quiet: bool) -> None:
    """Build CONTENT (a course folder, or one lesson file) into OUT: episodes, transcripts, feed.xml."""
    from narrate.build import build as run_build
    from narrate.progress import reporter

    with reporter(quiet) as progress:
        result = run_build(content, out_dir, lexicon_file=lexicon_file, progress=progress, review=review)
    if not quiet:
        click.echo(
            f"Built {len(result.episodes)} episode(s) in {result.out_dir} "
            f"({result.synthesized} utterances synthesized, {result.cached} from cache); feed: {result.feed_file}"
        )


@main.command()
@click.argument("lesson", type=_PATH)
@click.option("--lexicon", "lexicon_file", type=_PATH, help="Extra pronunciation lexicon (YAML word: spoken).")
@click.option("--lexicon-report", is_flag=True,
              help="Instead of the script, list tokens the engine may mispronounce that the lexicon lacks "
                   "(LESSON may also be a course folder).")
def script(lesson: Path, lexicon_file: Path | None, lexicon_report: bool) -> None:
    """Print the narration script of LESSON (a lesson file) with chapter and pause marks."""
    if lexicon_report:
        from narrate.report import course_report, format_finding

        for finding in course_report(lesson, lexicon_file=lexicon_file):
            click.echo(format_finding(finding))
        return
    from narrate.build import lesson_script_text

    click.echo(lesson_script_text(lesson, lexicon_file=lexicon_file), nl=False)


@main.command("import")
@click.argument("page", type=_PATH)
def import_(page: Path) -> None:
    """Print PAGE (a lesson file of any supported format) as an editable YAML lesson."""
    from narrate.readers import lesson_to_yaml, read_lesson

    click.echo(lesson_to_yaml(read_lesson(page)), nl=False)


@main.command()
@click.argument("out_dir", type=_PATH, default=Path("audio_out"))
def check(out_dir: Path) -> None:
    """Validate a built OUT folder the way a podcast directory would; one problem per line."""
    from narrate.check import check_output

    problems = check_output(out_dir)
    for problem in problems:
        click.echo(str(problem))
    if problems:
        raise SystemExit(1)
    click.echo(f"{out_dir}: OK")


@main.command()
@click.argument("out_dir", type=_PATH, default=Path("audio_out"))
@click.option("--host", default="0.0.0.0", show_default=True, help="Address to listen on.")
@click.option("--port", default=8000, show_default=True, help="Port to listen on.")
@click.option("--watch", "watch_dir", type=_PATH, default=None,
              help="Rebuild OUT from this content folder when it changes.")
def serve(out_dir: Path, host: str, port: int, watch_dir: Path | None) -> None:
    """Serve OUT over HTTP (HEAD and byte ranges) and print the feed URL."""
    from narrate.serve import serve as run_server

    run_server(out_dir, host=host, port=port, watch=watch_dir)


@main.command()
@click.option("--engine", "engine_name", default=None, help="Only this engine's voices.")
def voices(engine_name: str | None) -> None:
    """List the voices of every installed speech engine."""
    from narrate.tts import list_voices

    for line in list_voices(engine_name):
        click.echo(line)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
