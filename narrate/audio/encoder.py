"""Encoding a levelled timeline: one ffmpeg pass per output file, or an MP3 in pieces.

:func:`encode` levels a timeline (:mod:`narrate.audio.levelling`: a 12 kHz low-pass, a fixed gain
and a look-ahead limiter), then trims the encoder's own level change (:func:`codec_gain_db`), and
encodes it: an MP3 with chapters in pieces (:mod:`narrate.audio.pieces`, joined in
:mod:`narrate.audio.mp3_frames`), anything else in one ffmpeg pass (:mod:`narrate.audio.ffmpeg`).
The result is checked on decoded files by the tests (tests/audio/test_package.py).

The levelling and piece names are re-exported here, where the build and the tests have always found
them.
"""

from __future__ import annotations

import math
import subprocess
import tempfile
import threading
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from narrate.audio import ffmpeg
from narrate.audio.ffmpeg import CODECS, LAME_QUALITY, stop_new_runs
from narrate.audio.levelling import (
    ANALYSIS_SECONDS,
    Leveling,
    analyse,
    analyse_gains,
    correction,
    excerpt_starts,
    excerpts,
    measure_file,
    needs_measuring,
    parse_ebur128,
    plan_leveling,
)
from narrate.audio.loudness import LoudnessMeter
from narrate.audio.mp3_frames import fix_padding
from narrate.audio.pieces import Piece, PieceStore, encode_pieces, plan_pieces
from narrate.audio.timeline import CHANNELS, SAMPLE_WIDTH, Timeline, mp3_frame_samples, require_tool

__all__ = [
    "ANALYSIS_SECONDS",
    "CODECS",
    "LAME_QUALITY",
    "Leveling",
    "Piece",
    "PieceStore",
    "analyse",
    "analyse_gains",
    "codec_gain_db",
    "correction",
    "encode",
    "excerpt_starts",
    "excerpts",
    "fix_padding",
    "measure_file",
    "needs_measuring",
    "parse_ebur128",
    "plan_leveling",
    "plan_pieces",
    "prepare",
    "stop_new_runs",
]

_MEASURED: dict[tuple[str, str, int], float] = {}
_MEASURING = threading.Lock()


def codec_gain_db(codec: str, bitrate: str, sample_rate: int) -> float:
    """How much the encoder changes integrated loudness (LU), measured once per process and setting
    (a caller that comes while another thread measures it waits for that result; see :func:`prepare`).

    LAME's CBR mode plays back about 0.45 dB quieter than its input at every bitrate; AAC is
    level-neutral. A 3-second deterministic test signal (three amplitude-modulated tones) is
    encoded, decoded and measured with :class:`narrate.audio.loudness.LoudnessMeter`; the result is
    rounded to 0.05 dB and limited to ±2 dB. Encoding compensates with the opposite trim.

    Raises:
        ToolMissingError, BuildError: ffmpeg missing or failed.
    """
    with _MEASURING:
        setting = (codec, bitrate, sample_rate)
        if setting not in _MEASURED:
            _MEASURED[setting] = _measure_codec_gain(codec, bitrate, sample_rate)
        return _MEASURED[setting]


def prepare(codecs: Sequence[str], bitrate: str, sample_rate: int) -> None:
    """Start measuring :func:`codec_gain_db` for ``codecs`` (and reading ffmpeg's version) in a
    background thread, so the first encode of a build finds them ready instead of waiting about
    0.2 s for them after the episode is assembled. Failures are left for the encode to report.
    A new build: ffmpeg may be started again (see :func:`narrate.audio.ffmpeg.stop_new_runs`)."""
    ffmpeg.allow_new_runs()

    def measure() -> None:
        try:
            ffmpeg.identity()
            for codec in codecs:
                codec_gain_db(codec, bitrate, sample_rate)
        except BaseException:  # noqa: BLE001 - the encode that needs it measures again and raises
            pass

    threading.Thread(target=measure, name="narrate-codec-gain", daemon=True).start()


def _measure_codec_gain(codec: str, bitrate: str, sample_rate: int) -> float:
    t = np.arange(3 * sample_rate) / sample_rate
    wave = sum(
        np.sin(2 * np.pi * f * t) * (0.6 + 0.4 * np.sin(2 * np.pi * m * t))
        for f, m in ((180.0, 3.0), (1100.0, 4.0), (3300.0, 5.0))
    )
    pcm = np.rint(wave / 3 * 0.25 * 32767).astype("<i2").tobytes()
    with tempfile.TemporaryDirectory(prefix="narrate-codec-") as tmp:
        ref = Timeline(Path(tmp) / "ref.pcm", sample_rate, len(t), [], [])
        ref.pcm_path.write_bytes(pcm)
        out = Path(tmp) / ("ref.mp3" if codec == "mp3" else "ref.m4a")
        encode(ref, out, bitrate=bitrate, codec=codec, leveling=Leveling(0.0, 0.0, 0.0), trim=False)
        decoded = subprocess.run(
            [
                require_tool("ffmpeg"),
                "-hide_banner",
                "-nostats",
                "-nostdin",
                "-i",
                str(out),
                "-f",
                "s16le",
                "-ac",
                "1",
                "-ar",
                str(sample_rate),
                "-",
            ],
            capture_output=True,
        )
        if decoded.returncode != 0:
            raise ffmpeg.ffmpeg_error(decoded.returncode, decoded.stderr.decode("utf-8", "replace"))
    before, after = LoudnessMeter(sample_rate), LoudnessMeter(sample_rate)
    before.add(pcm)
    after.add(decoded.stdout[: len(decoded.stdout) - len(decoded.stdout) % 2])
    change = after.integrated_lufs() - before.integrated_lufs()
    return max(-2.0, min(2.0, round(change * 20) / 20)) if math.isfinite(change) else 0.0


def encode(
    timeline: Timeline,
    out_path: Path,
    *,
    bitrate: str = "64k",
    target_lufs: float = -16.0,
    true_peak_dbtp: float = -1.0,
    codec: str = "mp3",
    leveling: Leveling | None = None,
    frames: tuple[int, int] | None = None,
    metadata_file: Path | None = None,
    cover_file: Path | None = None,
    trim: bool = True,
    store: PieceStore | None = None,
    parallel: int = 1,
) -> Leveling:
    """Level and encode the timeline (or frames ``[start, end)`` of it) to ``out_path``.

    A whole timeline with ``piece_starts`` (its chapters) is encoded to MP3 in pieces, one per
    chapter (:func:`plan_pieces`), joined frame by frame: a piece already in ``store`` (encoded
    before from the same samples and settings) is reused, the others are encoded by up to
    ``parallel`` ffmpeg processes at once (fewer while other episodes are being encoded). The
    result does not depend on ``store`` or ``parallel``: the same timeline gives the same bytes.
    Anything else is one ffmpeg pass.

    Args:
        codec: "mp3" (LAME, Xing/LAME gapless header, no tags: see ``narrate.audio.id3``) or "aac"
            (AAC-LC in an MP4 container with brand ``M4B``).
        leveling: gain and limiter to apply (default: :func:`plan_leveling` with the targets).
        frames: encode only this frame range (split files); the samples are piped to ffmpeg.
        metadata_file: an FFMETADATA1 file (tags and chapters) for the MP4 container.
        cover_file: a JPEG or PNG stored as the MP4's cover (``covr``, attached picture).
        trim: compensate the encoder's own loudness change (:func:`codec_gain_db`).
        store: where MP3 pieces are kept between builds (None: nowhere).
        parallel: ffmpeg processes the pieces of this encode may use at once.

    Returns:
        The leveling used (so other formats of the same timeline can reuse it).

    Raises:
        ToolMissingError: ffmpeg missing.  BuildError: ffmpeg failed.  ValueError: unknown codec.
        Interrupted: ffmpeg was stopped by Ctrl-C (SIGINT).
    """
    if codec not in CODECS:
        raise ValueError(f"unknown codec {codec!r} (expected one of {', '.join(CODECS)})")
    leveling = leveling or plan_leveling(timeline, target_lufs, true_peak_dbtp)
    source = "pipe:0" if frames else None
    inputs, maps = _container_args(metadata_file, cover_file)
    args = ffmpeg.pcm_input(timeline, source) + inputs
    trim_db = -codec_gain_db(codec, bitrate, timeline.sample_rate) if trim else 0.0
    if codec == "mp3" and not frames and metadata_file is None and cover_file is None:
        pieces = plan_pieces(timeline.frames, timeline.piece_starts, mp3_frame_samples(timeline.sample_rate))
        if len(pieces) > 1:
            encode_pieces(timeline, out_path, pieces, leveling.filters(trim_db), bitrate, store, parallel)
            return leveling
    args += maps + [
        "-af",
        leveling.filters(trim_db),
        "-ar",
        str(timeline.sample_rate),
        "-ac",
        str(CHANNELS),
        "-b:a",
        bitrate,
        *CODECS[codec],
        "-y",
        str(out_path),
    ]
    if frames:
        ffmpeg.run_piped(
            args, timeline.pcm_path, frames[0] * SAMPLE_WIDTH * CHANNELS, frames[1] * SAMPLE_WIDTH * CHANNELS
        )
    else:
        ffmpeg.run(args)
    if codec == "mp3":
        fix_padding(out_path, (frames[1] - frames[0]) if frames else timeline.frames, timeline.sample_rate)
    return leveling


def _container_args(metadata_file: Path | None, cover_file: Path | None) -> tuple[list[str], list[str]]:
    """ffmpeg's further inputs and its ``-map`` arguments for an encode of one audio input (input 0)
    with an FFMETADATA1 ``metadata_file`` (tags and chapters; None: none, the input's dropped) and a
    ``cover_file`` picture (None: none): ``(inputs, maps)``."""
    inputs: list[str] = []
    maps = ["-map", "0:a"]
    if metadata_file is not None:
        inputs += ["-i", str(metadata_file)]
        maps += ["-map_metadata", "1", "-map_chapters", "1"]
    else:
        maps += ["-map_metadata", "-1", "-map_chapters", "-1"]
    if cover_file is not None:
        inputs += ["-i", str(cover_file)]
        maps += [
            "-map",
            f"{2 if metadata_file is not None else 1}:v",
            "-c:v",
            "copy",
            "-disposition:v:0",
            "attached_pic",
        ]
    return inputs, maps
