"""The publish and finish stages: the staged files moved into place, the preview, the feed, the
records and the stamp; then the cache pruned and the :class:`~narrate.model.BuildResult`."""

from __future__ import annotations

from pathlib import Path

from narrate import uptodate
from narrate.audio.m4b import audiobook_name
from narrate.model import BuildResult, Episode, episode_stem
from narrate.publish.epub import book_name, write_book
from narrate.publish.feed import render_feed
from narrate.publish.identity import record_schedule
from narrate.publish.output import commit_feed
from narrate.publish.output import publish as move_into_place
from narrate.publish.preview import write_preview
from narrate.speech.engines.choice import voices_line
from narrate.stages.context import BuildContext
from narrate.stages.feed_plan import FeedPlan
from narrate.text.script import REVIEW_ID, course_phrases
from narrate.uptodate import Made, save_records


def publish(ctx: BuildContext, plan: FeedPlan, made: Made, folder: Path, cover: str | None) -> list[Episode]:
    """Move the staged files of ``folder`` into the output folder (versioned names, see
    :func:`narrate.publish.output.publish`), write the preview, the read-along book (with ``epub``
    among the formats, :mod:`narrate.publish.epub`) and then the feed (the episodes
    ``plan`` lists now, with their GUIDs and dates), the release schedule, the episode records and
    the no-change stamp.

    Returns:
        every episode, in script order, with its published file names.

    Raises:
        NarrateError: a file cannot be written (the previous feed stays in place).
    """
    out_dir, config = ctx.out_dir, ctx.config
    previous_books = uptodate.recorded_books(out_dir)  # read before this build's records replace them
    for episode in made.episodes:
        episode.bonus = episode.lesson.id == REVIEW_ID
    episodes = move_into_place(folder, out_dir, made.episodes)
    said = course_phrases(config)  # the course page's words, in the course's language
    status = {
        e.lesson.id: said("status.draft")
        if e.lesson.draft
        else said("status.scheduled", date=i.when.date().isoformat())
        for e, i, shown in zip(episodes, plan.identities, plan.in_feed)
        if not shown
    }
    write_preview(out_dir, config, episodes, image_file=cover, status=status)
    books = [audiobook_name(config.title)] if ctx.options.audiobook else []  # moved into place above
    if "epub" in config.audio.formats:  # the read-along book: every episode but drafts
        held = [(e, i.when) for e, i in zip(episodes, plan.identities) if not e.lesson.draft]
        if held:
            when = max(w for _, w in held)
            book = write_book(out_dir, config, [e for e, _ in held], cover=cover, modified=when, identifier=plan.show)
            books += [book] if book else []
    chosen = [n for n, shown in enumerate(plan.in_feed) if shown]
    feed = render_feed(
        config,
        [episodes[n] for n in chosen],
        image_file=cover,
        guids=[plan.identities[n].guid for n in chosen],
        dates=[plan.identities[n].when for n in chosen],
        show_guid=plan.show,
    )
    commit_feed(out_dir, feed, episodes)
    remove_old_books(out_dir, previous_books, books)
    waiting = [identity.when.date() for _, identity in plan.held_back(ctx)]
    record_schedule(config, out_dir, plan.first_day, min(waiting) if waiting else None, plan.show)
    save_records(out_dir, made, books)
    uptodate.record(out_dir, ctx.digest, len(episodes))
    return episodes


def remove_old_books(out_dir: Path, previous: list[str], current: list[str]) -> list[str]:
    """Delete the course-wide files (read-along EPUB, audiobook M4B) that an earlier build wrote
    (``previous``, from :func:`narrate.uptodate.recorded_books`) and this one did not (``current``):
    a book under the course's old title, or one of a build without ``epub`` or ``--audiobook``,
    would otherwise stay beside the new one with old audio and be published. Files narrate did not
    record are never touched. Returns the names deleted, relative to ``out_dir``.

    Raises:
        OSError: a file cannot be deleted (not a missing one).
    """
    gone = [name for name in previous if name not in current and (out_dir / name).is_file()]
    for name in gone:
        (out_dir / name).unlink(missing_ok=True)
    return gone


def finish(ctx: BuildContext, plan: FeedPlan, made: Made, episodes: list[Episode]) -> BuildResult:
    """Prune the utterance cache to ``cache_max_size`` (the option, else course.yaml's; unset: not
    pruned) and say what was built."""
    options = ctx.options
    max_size = options.cache_max_size if options.cache_max_size is not None else ctx.config.cache_max_size
    if max_size is not None:
        ctx.cache.prune(int(max_size))
    scripts = ctx.scripts
    total = sum(len(scripts[i].says()) for i in made.made)  # the sentences of the episodes built now
    book = ctx.out_dir / book_name(ctx.config.title)
    return BuildResult(
        ctx.out_dir,
        episodes,
        ctx.feed_file,
        synthesized=made.synthesized,
        cached=max(0, total - made.synthesized),
        skipped_episodes=made.skipped,
        rebuilt=tuple(episode_stem(scripts[i].lesson) for i in made.made),
        detected_language=ctx.detected,
        voices=voices_line(ctx.voices) if ctx.voices else "",
        scheduled=tuple(
            (episode_stem(scripts[n].lesson), identity.when.date().isoformat()) for n, identity in plan.held_back(ctx)
        ),
        book=book if "epub" in ctx.config.audio.formats and book.is_file() else None,
    )
