"""An MP3 encode in pieces, one per chapter, joined frame by frame: planning the pieces, encoding
those not kept from an earlier build (several ffmpeg processes at once), and keeping them in a store.

The same timeline gives the same bytes whichever pieces were reused or encoded in parallel
(:func:`narrate.audio.encoder.encode`; the bitstream itself is :mod:`narrate.audio.mp3_frames`).
"""

from __future__ import annotations

import contextlib
import hashlib
import tempfile
import threading
from collections.abc import Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from narrate.audio import ffmpeg, mp3_frames
from narrate.audio.timeline import CHANNELS, SAMPLE_WIDTH, Timeline, mp3_frame_samples
from narrate.errors import BuildError


class PieceStore(Protocol):
    """Where encoded MP3 pieces are kept between builds, by key (see :func:`narrate.audio.encoder.encode`)."""

    def get_piece(self, key: str) -> bytes | None:
        """The piece kept under ``key`` (a 64-character hex digest), as :func:`sealed` wrote it, or None."""
        ...

    def put_piece(self, key: str, data: bytes) -> None:
        """Keep ``data`` (a :func:`sealed` piece) under ``key``; one that cannot be kept is dropped."""
        ...


PIECE_ROLL_FRAMES = (2, 1)
"""MP3 frames of the real audio before and after a piece that its encoder is also given (and whose
output is dropped), so the frames at a join are encoded as in one pass: an MP3 frame's samples
depend on the frames around it (the overlapping MDCT windows, the polyphase filter bank, LAME's
look-ahead). Measured on speech and on a tone running through the join: with (2, 1) the decoded
join equals the one-pass encode's; without the frame after, a sound crossing the join clicks."""
_PIECE_FORMAT = 1


@dataclass(frozen=True)
class Piece:
    """One piece of an MP3 encode: the MP3 frames that stand for timeline frames ``[start, end)``.

    Its encoder is fed timeline frames ``[read_from, read_to)``: the piece and up to
    :data:`PIECE_ROLL_FRAMES` MP3 frames of audio around it. The first ``skip`` MP3 frames it
    writes stand for the audio before ``start`` and are dropped; the next ``keep`` are kept (None,
    for the last piece: all the rest, ending with the encoder's final padding).
    """

    start: int
    end: int
    read_from: int
    read_to: int
    skip: int
    keep: int | None


def plan_pieces(
    frames: int,
    starts: Sequence[int],
    grid: int,
    before: int = PIECE_ROLL_FRAMES[0],
    after: int = PIECE_ROLL_FRAMES[1],
) -> list[Piece]:
    """The pieces of a ``frames``-long timeline cut at ``starts`` (see :class:`Piece`), each fed
    ``before`` and ``after`` MP3 frames of the audio around it.

    MP3 frame ``j`` of an encode of the whole timeline stands for samples ``[j·grid - 576,
    (j+1)·grid - 576)`` (LAME's delay); an encode fed from sample ``read_from``, a multiple of
    ``grid``, writes the same frames from ``j = read_from / grid`` on. So pieces that start on the
    grid join into one stream of the whole timeline's frames, delay and padding.

    Raises:
        ValueError: a start is not a multiple of ``grid``.
    """
    cuts = sorted({s for s in starts if 0 < s < frames})
    if any(s % grid for s in cuts):
        raise ValueError(f"MP3 pieces must start on the {grid}-sample frame grid: {list(starts)}")
    bounds = [0, *cuts, frames]
    pieces = []
    for i, (start, end) in enumerate(zip(bounds, bounds[1:])):
        last = i == len(bounds) - 2
        read_from = max(0, start - before * grid)
        read_to = frames if last else min(frames, end + after * grid)
        keep = None if last else (end - start) // grid
        pieces.append(Piece(start, end, read_from, read_to, (start - read_from) // grid, keep))
    return pieces


def _piece_key(timeline: Timeline, piece: Piece, chain: str, bitrate: str) -> str:
    """SHA-256 of what a piece's MP3 frames depend on: its samples, cut, filters and encoder settings."""
    sha = hashlib.sha256()
    header = [_PIECE_FORMAT, ffmpeg.identity(), chain, bitrate, timeline.sample_rate, ffmpeg.CODECS["mp3"]]
    header += [piece.skip, piece.keep, piece.read_to - piece.read_from]
    sha.update(repr(header).encode("utf-8"))
    width = SAMPLE_WIDTH * CHANNELS
    with open(timeline.pcm_path, "rb") as pcm:
        pcm.seek(piece.read_from * width)
        remaining = (piece.read_to - piece.read_from) * width
        while remaining > 0:
            block = pcm.read(min(remaining, 1 << 20))
            if not block:
                break
            sha.update(block)
            remaining -= len(block)
    return sha.hexdigest()


_active_lock = threading.Lock()
_active_encodes = 0


@contextlib.contextmanager
def _share(parallel: int) -> Iterator[int]:
    """How many ffmpeg processes this encode may run: ``parallel`` less the other encodes running."""
    global _active_encodes
    with _active_lock:
        _active_encodes += 1
        share = max(1, parallel - (_active_encodes - 1))
    try:
        yield share
    finally:
        with _active_lock:
            _active_encodes -= 1


def encode_pieces(
    timeline: Timeline,
    out_path: Path,
    pieces: list[Piece],
    chain: str,
    bitrate: str,
    store: PieceStore | None,
    parallel: int,
) -> None:
    """Encode ``pieces`` of ``timeline`` (reusing those in ``store``), join them into ``out_path``.

    ``chain`` is the ffmpeg filter chain (:meth:`narrate.audio.levelling.Leveling.filters`),
    ``bitrate`` LAME's (``"64k"``); the pieces not in ``store`` are encoded by up to ``parallel``
    ffmpeg processes (fewer while other encodes run) and put in it.

    Raises:
        ToolMissingError, BuildError: ffmpeg missing or failed.  Interrupted: ffmpeg got Ctrl-C.
    """
    keys = [_piece_key(timeline, p, chain, bitrate) for p in pieces]
    found: dict[int, bytes] = {}
    if store is not None:
        for i, key in enumerate(keys):
            data = unsealed(store.get_piece(key))
            if data is not None and _valid_piece(data, pieces[i]):
                found[i] = data
    todo = [i for i in range(len(pieces)) if i not in found]
    with tempfile.TemporaryDirectory(prefix="narrate-pieces-") as tmp, _share(parallel) as share:
        groups = _groups(todo, pieces, share)
        if len(groups) <= 1:
            results = [_encode_group(timeline, g, pieces, chain, bitrate, Path(tmp)) for g in groups]
        else:
            with ThreadPoolExecutor(max_workers=len(groups), thread_name_prefix="narrate-piece") as pool:
                results = list(
                    pool.map(lambda g: _encode_group(timeline, g, pieces, chain, bitrate, Path(tmp)), groups)
                )
        for made in results:
            for i, data in made.items():
                found[i] = data
                if store is not None:
                    store.put_piece(keys[i], sealed(data))
        grid = mp3_frame_samples(timeline.sample_rate)
        out_path.write_bytes(mp3_frames.join([found[i] for i in range(len(pieces))], timeline.frames, grid))


def _groups(todo: list[int], pieces: list[Piece], share: int) -> list[list[int]]:
    """``todo`` split into at most ``share`` runs of about the same number of samples (in order)."""
    if not todo:
        return []
    total = sum(pieces[i].read_to - pieces[i].read_from for i in todo)
    count = max(1, min(share, len(todo)))
    groups: list[list[int]] = [[]]
    done = 0
    for i in todo:
        if groups[-1] and len(groups) < count and done >= total * len(groups) / count:
            groups.append([])
        groups[-1].append(i)
        done += pieces[i].read_to - pieces[i].read_from
    return groups


_BLOCK = 65536
"""Samples per block in the filter graph of a piece encode (the samples are the same)."""


def _encode_group(
    timeline: Timeline, group: list[int], pieces: list[Piece], chain: str, bitrate: str, tmp: Path
) -> dict[int, bytes]:
    """Encode the pieces ``group`` in one ffmpeg process (one branch of the filter graph and one
    output per piece, fed the samples they need on standard input); piece index → its stored form."""
    low = min(pieces[i].read_from for i in group)
    high = max(pieces[i].read_to for i in group)
    # ffmpeg reads raw PCM 1024 samples at a time, and each block would pass every branch's atrim
    # (about 15 % more CPU with 12 branches): the samples are first regrouped in large blocks
    split = f"asplit={len(group)}" if len(group) > 1 else "anull"
    graph = f"[0:a]asetnsamples=n={_BLOCK}:p=0,{split}" + "".join(f"[s{j}]" for j in range(len(group)))
    for j, i in enumerate(group):
        p = pieces[i]
        graph += (
            f";[s{j}]atrim=start_sample={p.read_from - low}:end_sample={p.read_to - low},"
            f"asetpts=PTS-STARTPTS,{chain}[o{j}]"
        )
    args = ffmpeg.pcm_input(timeline, None if low == 0 else "pipe:0") + ["-filter_complex", graph]
    for j, i in enumerate(group):
        args += ["-map", f"[o{j}]", "-ar", str(timeline.sample_rate), "-ac", str(CHANNELS), "-b:a", bitrate]
        args += [*ffmpeg.CODECS["mp3"], "-y", str(tmp / f"piece-{i}.mp3")]
    width = SAMPLE_WIDTH * CHANNELS
    if low == 0:  # from the start: ffmpeg reads the file itself (and stops when every piece is done)
        ffmpeg.run(args)
    else:
        ffmpeg.run_piped(args, timeline.pcm_path, low * width, high * width)
    return {i: _cut((tmp / f"piece-{i}.mp3").read_bytes(), pieces[i]) for i in group}


def _cut(data: bytes, piece: Piece) -> bytes:
    """A piece's stored form from its encode ``data`` (an Info frame, then MP3 frames): the Info
    frame (its delay and padding) followed by the kept frames.

    Raises:
        BuildError: fewer frames than the piece keeps.
    """
    offsets = mp3_frames.frame_offsets(data)
    frames = len(offsets) - 2  # after the Info frame
    first = 1 + piece.skip
    last = frames + 1 if piece.keep is None else first + piece.keep
    if last > frames + 1 or first > last:
        raise BuildError(f"the MP3 encoder wrote {frames} frames; a piece needs {piece.skip} + {piece.keep}")
    return data[: offsets[1]] + data[offsets[first] : offsets[last]]


def _valid_piece(data: bytes, piece: Piece) -> bool:
    """Whether stored piece ``data`` is an Info frame and whole MP3 frames, as many as ``piece``
    keeps (the last piece: as many as its own encode wrote, by its Info frame, less those skipped)."""
    try:
        offsets = mp3_frames.frame_offsets(data)
    except BuildError:
        return False
    at = mp3_frames.xing_offset(data[: offsets[1]]) if len(offsets) > 1 else None
    if at is None:
        return False
    kept = len(offsets) - 2
    if piece.keep is not None:
        return kept == piece.keep
    return kept == int.from_bytes(data[at + 8 : at + 12], "big") - piece.skip


_SEAL = b"narrate MP3 piece 1\n"


def sealed(data: bytes) -> bytes:
    """A piece's bytes ``data`` as the store keeps them: a header line and the SHA-256 of ``data``,
    then ``data``."""
    return _SEAL + hashlib.sha256(data).digest() + data


def unsealed(stored: bytes | None) -> bytes | None:
    """The piece bytes in what a store returned (``stored``, see :func:`sealed`), or None when it is
    not one this version wrote whole."""
    if stored is None or not stored.startswith(_SEAL):
        return None
    digest, data = stored[len(_SEAL) : len(_SEAL) + 32], stored[len(_SEAL) + 32 :]
    return data if hashlib.sha256(data).digest() == digest else None
