"""A small process that speaks each utterance with espeak-ng from the state as initialised (Linux).

Run as a script (``python -I espeak_zygote.py``; narrate imports only its frame functions): it loads
only the standard library and pyttsx3's ctypes binding of espeak-ng, so that it stays small and
forking it costs about a millisecond, not the 10-20 ms of forking a process holding narrate.

espeak-ng's wave generator keeps state in C statics that no API resets (see
:mod:`narrate.speech.engines.pyttsx3_engine`): this process initialises espeak-ng and loads voices,
but never speaks; for each request it forks a child that speaks the utterance and sends back its
samples and word events, then exits. Every clip is therefore a function of its text, voice and rate.

Protocol on stdin/stdout, one request at a time: a frame is a 4-byte big-endian length and that
many bytes of a pickle. Request: ``(voice or None, text, rate_wpm)``. Reply: ``("ok", status,
pcm_bytes, sample_rate, [(character offset, ms), ...])`` or ``("error", message)``. End of stdin
ends the process. SIGINT is ignored here: the build that started it handles Ctrl-C and kills it.
"""

from __future__ import annotations

import ctypes
import os
import pickle
import signal
import struct
import sys
from typing import BinaryIO


def read_frame(stream: BinaryIO) -> object | None:
    """One frame's object, or None at the end of the stream."""
    head = stream.read(4)
    if len(head) < 4:
        return None
    size = struct.unpack(">I", head)[0]
    body = stream.read(size)
    if len(body) < size:
        return None
    return pickle.loads(body)


def write_frame(stream: BinaryIO, value: object) -> None:
    """Write ``value`` as one frame and flush."""
    body = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
    stream.write(struct.pack(">I", len(body)) + body)
    stream.flush()


class _Speaker:
    """espeak-ng in synchronous mode: samples and word events handed to a callback in this thread."""

    def __init__(self) -> None:
        from pyttsx3.drivers import _espeak

        self.espeak = _espeak
        self.sample_rate = _espeak.Initialize(_espeak.AUDIO_OUTPUT_SYNCHRONOUS, 0)
        self.chunks: list[bytes] = []
        self.words: list[tuple[int, int]] = []
        _espeak.SetSynthCallback(self._on_synth)
        self.voice: str | None = None

    def _on_synth(self, wav, numsamples, events) -> int:
        if numsamples > 0 and wav:
            self.chunks.append(ctypes.string_at(wav, numsamples * ctypes.sizeof(ctypes.c_short)))
        e = self.espeak
        i = 0
        while events and events[i].type != e.EVENT_LIST_TERMINATED:
            event = events[i]
            if event.type == e.EVENT_WORD and event.text_position > 0:
                # text_position: 1-based character index (CHARS_UTF8); sample: from this Synth call's start
                self.words.append((event.text_position - 1, event.sample * 1000 // self.sample_rate))
            i += 1
        return 0

    def load(self, voice: str | None) -> str | None:
        """Load ``voice`` (no speech: the state stays as initialised); an error message, or None."""
        if voice is not None and voice != self.voice:
            if self.espeak.SetVoiceByName(voice.encode("utf-8")) != self.espeak.EE_OK:
                return f"espeak-ng cannot load voice '{voice}'"
            self.voice = voice
        return None

    def speak(self, text: str, rate_wpm: int) -> tuple:
        e = self.espeak
        e.SetParameter(e.RATE, int(rate_wpm), 0)
        self.chunks, self.words = [], []
        phonemes = e.PHONEMES if "[[" in text else 0  # [[...]]: espeak-ng's mnemonics (narrate.speech.pronounce)
        status = e.Synth(text.encode("utf-8"), flags=e.ENDPAUSE | e.CHARS_UTF8 | phonemes)
        e.Synchronize()
        return ("ok", status, b"".join(self.chunks), self.sample_rate, sorted(set(self.words)))


def _spoken_in_child(speaker: _Speaker, text: str, rate_wpm: int) -> tuple:
    """Fork; the child speaks and sends its reply through a pipe; the reply, or an error."""
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:
        code = 1
        try:
            os.close(read_end)
            with os.fdopen(write_end, "wb") as sink:
                write_frame(sink, speaker.speak(text, rate_wpm))
            code = 0
        finally:
            os._exit(code)
    os.close(write_end)
    with os.fdopen(read_end, "rb") as source:
        reply = read_frame(source)
    _, wait_status = os.waitpid(pid, 0)
    if reply is None or os.waitstatus_to_exitcode(wait_status) != 0:
        return ("error", f"espeak-ng stopped while speaking (exit status {os.waitstatus_to_exitcode(wait_status)})")
    return reply  # type: ignore[return-value]


def main() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    requests, replies = sys.stdin.buffer, sys.stdout.buffer
    try:
        speaker = _Speaker()
    except Exception as exc:  # pyttsx3 raises OSError/RuntimeError when espeak-ng is missing
        write_frame(replies, ("error", f"espeak-ng could not start: {exc}"))
        return
    if speaker.sample_rate <= 0:
        write_frame(replies, ("error", "espeak-ng could not start"))
        return
    write_frame(replies, ("ready", speaker.sample_rate))
    while True:
        request = read_frame(requests)
        if not isinstance(request, tuple) or len(request) != 3:
            return
        voice: str | None = request[0]
        text: str = request[1]
        rate_wpm: int = request[2]
        problem = speaker.load(voice)
        write_frame(replies, ("error", problem) if problem else _spoken_in_child(speaker, text, rate_wpm))


if __name__ == "__main__":
    try:
        main()
    except (BrokenPipeError, OSError, KeyboardInterrupt):
        pass  # the build that started it is gone or stopping: nothing to say
    os._exit(0)  # no flush of a stdout whose reader is gone
