"""The MP3 bitstream: walking MPEG audio frames, joining pieces' frames into one stream, and the
Xing/Info frame's LAME tag (frame count, seek table, gapless delay and padding, CRCs) as ffmpeg's
MP3 muxer writes it.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from pathlib import Path

from fastcrc import crc16

from narrate.audio.timeline import mp3_frame_samples
from narrate.errors import BuildError


def frame_offsets(data: bytes) -> list[int]:
    """Byte offsets of the MPEG audio frames in ``data`` (which holds nothing else), then its length.

    A frame whose header differs from the one before (the first; the Info frame, which ffmpeg writes
    at a higher bitrate when the stream's frames are too small to hold it) is read by mutagen
    (``mutagen.mp3.MPEGFrame``); the frames of a constant-bitrate stream then differ only in their
    padding bit (one more byte), so the rest are walked by checking each header against it.

    Raises:
        BuildError: ``data`` is not a run of whole MPEG audio frames.
    """
    offsets: list[int] = []
    at, end = 0, len(data)
    same, base = b"", 0
    while at < end:
        if end - at < 4 or data[at] != 0xFF:
            raise BuildError(f"ffmpeg wrote a broken MP3 frame at byte {at}")
        if not same or data[at + 1] != same[0] or (data[at + 2] ^ same[1]) & 0xFD:
            same = data[at + 1 : at + 3]
            base = _frame_length(data, at) - ((data[at + 2] >> 1) & 1)  # the frame's length without padding
        offsets.append(at)
        at += base + ((data[at + 2] >> 1) & 1)
    if at != end:
        raise BuildError("ffmpeg wrote a truncated MP3 frame")
    return offsets + [end]


def xing_offset(frame: bytes) -> int | None:
    """Where the Xing/Info tag starts in the MP3 frame ``frame`` (a byte offset after the side
    information), or None when it has none."""
    for tag in (b"Info", b"Xing"):
        at = frame.find(tag, 4, 40)
        if at >= 0:
            return at
    return None


def join(stored: list[bytes], samples: int, grid: int) -> bytes:
    """One MP3 stream of ``samples`` samples from the stored pieces in order: the first piece's Info
    frame rewritten for the whole stream (:func:`_finish_info`), then every piece's frames.
    ``grid`` is the samples per MP3 frame (:func:`narrate.audio.timeline.mp3_frame_samples`).

    Raises:
        BuildError: a piece is not whole MP3 frames, the first has no Info frame, or the frames
            cannot hold ``samples`` with the encoder's delay.
    """
    walked = [frame_offsets(data) for data in stored]
    info_ends = [offsets[1] for offsets in walked]
    info = bytearray(stored[0][: info_ends[0]])
    at = xing_offset(bytes(info))
    if at is None:
        raise BuildError("an MP3 piece has no Info frame")
    sizes = [b - a for offsets in walked for a, b in zip(offsets[1:], offsets[2:])]  # each audio frame's bytes
    audio = b"".join(data[end:] for data, end in zip(stored, info_ends))
    _finish_info(info, at, sizes, crc16.arc(audio))
    _padded(info, at, len(sizes), samples, grid)
    _seal_info(info, at)
    return bytes(info) + audio


XING_TOC_SIZE = 100
_XING_BAGS = 400
_VENDOR = b"Lavf"
"""What ffmpeg's MP3 muxer writes as the LAME tag's encoder string for a stream it copies."""


def _finish_info(info: bytearray, at: int, sizes: Sequence[int], audio_crc: int) -> None:
    """Rewrite the Xing/Info tag (at byte ``at`` of the Info frame ``info``) for a stream of MP3
    frames of ``sizes`` bytes whose CRC-16 is ``audio_crc``, as ffmpeg's MP3 muxer (libavformat
    ``mp3enc.c``) writes it when it copies such a stream: frame count, byte count (Info frame
    included), the 100-entry seek table from its 400 "bags" of byte positions (LAME's
    ``VbrTag.c``), the encoder string, the LAME tag's music length and music CRC. The tag's own
    CRC is left to :func:`_seal_info`; tests/audio/test_pieces.py checks the bytes against ffmpeg's."""
    size, want, seen, pos = len(info), 1, 0, 0
    bags = [0] * _XING_BAGS
    for frame in sizes:
        size += frame
        seen += 1
        if seen == want:
            bags[pos] = size
            pos += 1
            if pos == _XING_BAGS:  # keep every second bag, and take twice as many frames per bag
                bags[: _XING_BAGS // 2] = bags[1::2]
                want, pos = want * 2, _XING_BAGS // 2
            seen = 0
    info[at + 8 : at + 12] = len(sizes).to_bytes(4, "big")
    info[at + 12 : at + 16] = size.to_bytes(4, "big")
    toc = [0] + [min(256 * bags[i * pos // XING_TOC_SIZE] // size, 255) for i in range(1, XING_TOC_SIZE)]
    info[at + 16 : at + 16 + XING_TOC_SIZE] = bytes(toc)
    info[at + 120 : at + 141] = _VENDOR.ljust(21, b"\0")
    info[at + 148 : at + 152] = size.to_bytes(4, "big")  # the LAME tag's music length: the whole stream
    info[at + 152 : at + 154] = audio_crc.to_bytes(2, "big")


def _seal_info(info: bytearray, at: int) -> None:
    """Set the LAME tag's CRC in the Info frame ``info``: CRC-16 of its first 190 bytes, the CRC field
    zero, as ffmpeg computes it (zero bytes past the end of a frame shorter than 190 bytes)."""
    info[at + 154 : at + 156] = b"\0\0"
    info[at + 154 : at + 156] = crc16.arc(bytes(info[:190]).ljust(190, b"\0")).to_bytes(2, "big")


def _padded(info: bytearray, at: int, frames: int, samples: int, grid: int) -> bool:
    """Set the LAME tag's padding in the Info frame ``info`` (tag at ``at``) to what ``frames`` MP3
    frames of ``samples`` samples leave: ``frames × grid - delay - samples``. Returns whether it changed.

    ffmpeg 5.1 writes a padding 47 - r samples short when ``samples mod grid`` is r in 1 ... 46, so
    those files decoded up to 46 samples (1 ms) longer than their audio (measured; every other
    length is right).
    """
    field = int.from_bytes(info[at + 141 : at + 144], "big")
    delay = field >> 12
    padding = frames * grid - delay - samples
    if not 0 <= padding < 1 << 12:
        raise BuildError(f"the MP3 encoder wrote {frames} frames for {samples} samples")
    if padding == field & 0xFFF:
        return False
    info[at + 141 : at + 144] = (delay << 12 | padding).to_bytes(3, "big")
    return True


def fix_padding(path: Path, samples: int, sample_rate: int) -> None:
    """Make the LAME tag of the MP3 at ``path`` (no ID3 tag yet: the Info frame first) say the
    padding that leaves exactly ``samples`` samples (see :func:`_padded`), with its CRC.

    Raises:
        BuildError: the file has no Info frame.
    """
    with open(path, "r+b") as mp3:
        head = bytearray(mp3.read(2048))
        info_end = _frame_length(bytes(head), 0)
        at = xing_offset(bytes(head[:info_end]))
        if at is None:
            raise BuildError(f"{path.name}: the MP3 encoder wrote no Info frame")
        frames = int.from_bytes(head[at + 8 : at + 12], "big")
        if not _padded(head, at, frames, samples, mp3_frame_samples(sample_rate)):
            return
        info = head[:info_end]
        _seal_info(info, at)
        mp3.seek(0)
        mp3.write(info)


def _frame_length(data: bytes, at: int) -> int:
    """Length in bytes of the MPEG audio frame at byte ``at`` of ``data``, by mutagen's header parser.

    Raises:
        BuildError: no valid frame header there.
    """
    from mutagen.mp3 import HeaderNotFoundError, MPEGFrame

    stream = io.BytesIO(data[at : at + 4096])
    try:
        MPEGFrame(stream)
    except HeaderNotFoundError as exc:
        raise BuildError(f"ffmpeg wrote a broken MP3 frame at byte {at}: {exc}") from None
    return stream.tell()
