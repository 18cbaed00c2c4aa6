#!/usr/bin/env python3
"""Peak memory of assembling and encoding long episodes (issue 4: flat memory).

For each length (default 10 minutes, 1 hour, 3 hours) a fresh Python process builds one synthetic
episode through the real pipeline: ``narrate.audio.timeline.assemble`` (streaming PCM to disk, measuring
loudness), ``narrate.audio.encoder.plan_leveling`` and ``encode`` (MP3), then ``narrate.audio.id3.write_tags``
with a chapter every five minutes. The cues are realistic: 24 distinct sentences spoken by the default engine
(pyttsx3/espeak-ng), reused in turn, each followed by a sentence or paragraph pause.

Printed per length: cue count, wall time, peak RSS of the Python process (``resource.getrusage``)
and of the largest ffmpeg run (``/usr/bin/time -f %M``), PCM and MP3 sizes. Needs about 320 MB of free disk
per hour of audio (in $TMPDIR).

    .venv/bin/python scripts/bench_memory.py                 # 10 min, 1 h, 3 h
    .venv/bin/python scripts/bench_memory.py --hours 7       # one 7-hour episode (2.2 GB of PCM)
"""

from __future__ import annotations

import argparse
import json
import re
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

SENTENCES = [
    "A heavy pan spreads the heat from the burner across its whole base.",
    "Thin pans heat quickly, but they also burn food in the hottest spots.",
    "A lid keeps the steam inside, so water comes to the boil sooner.",
    "Rinse the rice in cold water until the water runs almost clear.",
    "Warm the spices in a little oil before the rice goes into the pot.",
    "Salt the pasta water generously; it should taste a little like the sea.",
    "Let a roast rest for ten minutes so its juices settle before carving.",
    "A sharp knife is safer than a blunt one, because it does not slip.",
    "Onions soften in about eight minutes over a medium flame.",
    "Bread dough is ready when it springs back slowly after a gentle press.",
    "Cast iron needs a thin coat of oil after every wash to stay smooth.",
    "Question one. Which pan spreads heat more evenly, a thin one or a thick one?",
    "The answer is the thick one, because its base stores and spreads the heat.",
    "Stock made from roasted bones has a deeper colour and a richer taste.",
    "Fresh herbs go in at the end; dried herbs go in at the start.",
    "A pinch of sugar takes the sharp edge off a tomato sauce.",
    "Eggs at room temperature whip to a larger volume than cold ones.",
    "Steam vegetables briefly so they keep their colour and their crunch.",
    "Keep raw meat on the lowest shelf of the fridge, below everything else.",
    "Taste as you cook, and adjust the seasoning a little at a time.",
    "Toasting nuts in a dry pan brings out their oils and their flavour.",
    "Lemon juice keeps sliced apples from turning brown in the air.",
    "Let the oil shimmer before the food goes in, or it will stick.",
    "That is the end of this part. Take a moment before the next one.",
]


def make_clips(folder: Path) -> list[Path]:
    from narrate.speech.engines import get_engine

    engine = get_engine("pyttsx3")
    voice = engine.default_voice("en-us")
    clips = []
    for i, text in enumerate(SENTENCES):
        path = folder / f"clip{i:02d}.wav"
        engine.synthesize(text, voice, 160, path)
        clips.append(path)
    return clips


def _measure_ffmpeg(encoder) -> list[int]:
    """Run every ffmpeg of ``narrate.audio.encoder`` under ``/usr/bin/time`` and collect its peak RSS (kB).

    (``RUSAGE_CHILDREN`` cannot be used: Linux counts the Python parent's RSS at fork/exec in it.)
    """
    peaks: list[int] = []
    if not Path("/usr/bin/time").exists():
        return peaks
    run = encoder.ffmpeg.run

    def timed(args):
        result = run(["/usr/bin/time", "-f", "narrate-maxrss %M", *args])
        match = re.search(r"narrate-maxrss (\d+)", result.stderr)
        if match:
            peaks.append(int(match.group(1)))
        return result

    encoder.ffmpeg.run = timed
    return peaks


def child(seconds: int, clip_dir: Path, work: Path) -> dict:
    """Runs in its own process: build one episode of about ``seconds`` and report its numbers."""
    from pydub import AudioSegment

    from narrate.audio import encoder
    from narrate.audio import id3 as tags
    from narrate.audio import timeline as audio
    from narrate.model import Chapter, Pause, Say

    ffmpeg_peaks = _measure_ffmpeg(encoder)
    clips = sorted(clip_dir.glob("clip*.wav"))
    lengths = [len(AudioSegment.from_file(str(p))) for p in clips]  # ms
    cues: list = []
    clip_of: dict[int, Path] = {}
    total = 0
    next_chapter = 0
    i = 0
    while total < seconds * 1000:
        if total >= next_chapter:
            cues.append(Chapter(f"Part {len(cues) // 1000 + 1}: {total // 60000} min"))
            next_chapter += 5 * 60 * 1000
        k = i % len(clips)
        clip_of[len(cues)] = clips[k]
        cues.append(Say(SENTENCES[k]))
        pause = 700 if i % 4 == 3 else 350
        cues.append(Pause(pause, "paragraph" if pause == 700 else "sentence"))
        total += lengths[k] + pause
        i += 1
    start = time.perf_counter()
    timeline = audio.assemble(cues, clip_of, work / "episode.pcm", 44100)
    t_assemble = time.perf_counter() - start
    leveling = encoder.plan_leveling(timeline, -16.0, -1.0)
    t_plan = time.perf_counter() - start - t_assemble
    mp3 = work / "episode.mp3"
    encoder.encode(timeline, mp3, leveling=leveling)
    tags.write_tags(
        mp3,
        title="Benchmark",
        album="Benchmark",
        artist="narrate",
        track=1,
        track_total=1,
        chapters=timeline.chapters,
        duration_ms=timeline.duration_ms,
    )
    elapsed = time.perf_counter() - start
    pcm_bytes = timeline.pcm_path.stat().st_size
    timeline.pcm_path.unlink()
    return {
        "seconds": timeline.duration_ms / 1000,
        "cues": len(cues),
        "chapters": len(timeline.chapters),
        "wall_s": round(elapsed, 1),
        "assemble_s": round(t_assemble, 1),
        "plan_s": round(t_plan, 2),
        "python_rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
        "ffmpeg_rss_mb": max(ffmpeg_peaks, default=0) / 1024,
        "pcm_mb": pcm_bytes / 1e6,
        "mp3_mb": mp3.stat().st_size / 1e6,
        "lufs": timeline.loudness_lufs,
        "gain_db": leveling.gain_db,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hours", type=float, nargs="*", help="episode lengths in hours (default: 1/6 1 3)")
    parser.add_argument("--child", nargs=3, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        seconds, clip_dir, work = args.child
        print(json.dumps(child(int(seconds), Path(clip_dir), Path(work))))
        return
    hours = args.hours or [1 / 6, 1, 3]
    with tempfile.TemporaryDirectory(prefix="narrate-bench-") as tmp:
        clip_dir = Path(tmp) / "clips"
        clip_dir.mkdir()
        make_clips(clip_dir)
        print(
            f"{'episode':>9} {'cues':>7} {'chapters':>8} {'wall s':>7} {'python MB':>9} {'ffmpeg MB':>9} "
            f"{'PCM MB':>7} {'MP3 MB':>7}"
        )
        for h in hours:
            work = Path(tmp) / f"work-{h}"
            work.mkdir()
            out = subprocess.run(
                [sys.executable, __file__, "--child", str(round(h * 3600)), str(clip_dir), str(work)],
                capture_output=True,
                text=True,
                check=True,
            ).stdout
            r = json.loads(out.strip().splitlines()[-1])
            label = f"{h * 60:.0f} min" if h < 1 else f"{h:g} h"
            print(
                f"{label:>9} {r['cues']:>7} {r['chapters']:>8} {r['wall_s']:>7} {r['python_rss_mb']:>9.0f} "
                f"{r['ffmpeg_rss_mb']:>9.0f} {r['pcm_mb']:>7.0f} {r['mp3_mb']:>7.1f}",
                flush=True,
            )


if __name__ == "__main__":
    main()
