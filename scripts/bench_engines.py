#!/usr/bin/env python3
"""Compare the speech engines on the same lesson paragraph (issue 27): cost, speed, intelligibility, quality.

Usage (from the repository root)::

    .venv/bin/python scripts/bench_engines.py                    # every installed engine, English
    .venv/bin/python scripts/bench_engines.py piper kokoro:am_michael --json figures.json
    .venv/bin/python scripts/bench_engines.py --language es      # the engines with a Spanish voice
    .venv/bin/python scripts/bench_engines.py --quick pyttsx3    # two sentences only

An engine is named ``engine`` (its default voice for the language) or ``engine:voice``; by default
every installed one of pyttsx3 (espeak-ng), piper (en_US-joe-medium) and kokoro (Kokoro-82M) that has
a voice for the language. Each speaks the same paragraph (about 130 words, numbers already spelled
out), sentence by sentence as narrate does (one utterance per sentence, normalised by narrate's
normaliser, at narrate's default 160 words per minute), in a child process of its own that starts
the engine and speaks one short warm-up utterance before the paragraph. Printed per engine, as a
Markdown table:

* **CPU-s per audio-s**: user + system CPU seconds of the child process tree (the engine's own
  helper processes included) spent speaking the paragraph, per second of audio spoken; what came
  before is left out, and reported as **start CPU-s** (Python, narrate, the engine and its model
  loaded, one warm-up utterance); the whole child's CPU, exit included, is ``total_cpu_s`` in ``--json``;
* **peak RSS MB**: the peak resident memory of the child process that holds the engine (``VmHWM``;
  Python, numpy and narrate are about 60 MB of it: ``base_rss_mb`` in ``--json``), or of the engine's
  own helper process when that is larger (pyttsx3's espeak-ng speaks in one);
* **words/min**: words of the paragraph per minute of the clips (the engines' own silences included);
* **WER**: the word error rate of narrate's proof-listener (``narrate check --listen``: faster-whisper
  base, :func:`narrate.proof.listen.Recogniser.hear` on windows of whole sentences,
  :func:`narrate.proof.report.compare`) on the sentences joined with narrate's 0.35 s sentence pause;
* **DNSMOS** overall, signal and background (1-5, higher is better), from the ``speechmos`` package
  (Microsoft's DNSMOS P.835 ONNX models, shipped inside its wheel: nothing is downloaded), on the
  same joined audio at 16 kHz.

No utterance cache is involved: every figure is from this run. The machine's load average is printed
too (CPU-seconds hardly move with load; wall time does, and is only in ``--json``).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
import wave
from dataclasses import asdict, dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

ENGINES = ("pyttsx3", "piper", "kokoro")
RATE_WPM = 160  # narrate's default voice.rate_wpm
SENTENCE_MS = 350  # narrate's default pause between sentences
WARM_UP = {"en": "Ready.", "es": "Listo."}

LESSONS = {
    "en": (
        "Bread needs only four things: flour, water, salt and yeast. Mix five hundred grams of flour with "
        "three hundred and fifty grams of warm water, then leave the bowl covered for twenty minutes. During "
        "this rest the flour drinks the water, and the dough turns smooth without much kneading. Add ten grams "
        "of salt and a little yeast, and fold the dough over itself a few times. Let it rise in a warm kitchen "
        "for about two hours, until it has doubled in size. Shape a round loaf, dust it with flour, and cut a "
        "shallow line across the top. Bake it at two hundred and thirty degrees for forty minutes. Tap the "
        "bottom of the loaf: a hollow sound means that it is ready. Question one. Why does the dough rest "
        "before the salt goes in?"
    ),
    "es": (
        "El pan solo necesita cuatro ingredientes: harina, agua, sal y levadura. Mezcla quinientos gramos de "
        "harina con trescientos cincuenta gramos de agua tibia y deja el cuenco tapado durante veinte minutos. "
        "En ese descanso la harina absorbe el agua, y la masa se vuelve lisa sin amasar mucho. Añade diez "
        "gramos de sal y un poco de levadura, y dobla la masa sobre sí misma varias veces. Déjala subir en una "
        "cocina templada unas dos horas, hasta que doble su tamaño. Forma una hogaza redonda, espolvoréala con "
        "harina y haz un corte poco profundo en la parte de arriba. Hornéala a doscientos treinta grados "
        "durante cuarenta minutos. Golpea la base del pan: si suena hueco, está listo. Pregunta uno. ¿Por qué "
        "descansa la masa antes de añadir la sal?"
    ),
}
TAGS = {"en": "en-us", "es": "es"}


@dataclass
class Row:
    """The figures of one engine (see the module docstring)."""

    engine: str
    voice: str
    language: str
    sentences: int = 0
    words: int = 0
    audio_s: float = 0.0
    words_per_min: float = 0.0
    cpu_s: float = 0.0
    cpu_per_audio_s: float = 0.0
    start_cpu_s: float = 0.0
    total_cpu_s: float = 0.0
    wall_s: float = 0.0
    peak_rss_mb: float = 0.0
    base_rss_mb: float = 0.0
    wer: float | None = None
    dnsmos_ovrl: float | None = None
    dnsmos_sig: float | None = None
    dnsmos_bak: float | None = None
    unavailable: str = ""
    wav: str = field(default="", repr=False)
    cues: list[dict] = field(default_factory=list, repr=False)


# ---------------------------------------------------------------- the child: one engine speaks


def _hwm_kb(pid: str) -> int:
    """Peak resident memory in kB of a live process: its ``VmHWM`` (Linux); 0 when unknown."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text(encoding="ascii").splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def _children() -> list[str]:
    """Process ids of this process's live children (Linux; none elsewhere)."""
    found: list[str] = []
    for task in Path("/proc/self/task").glob("*/children"):
        try:
            found += task.read_text(encoding="ascii").split()
        except OSError:
            pass
    return found


def _peak_rss_kb() -> int:
    """Peak resident memory in kB of this process and of its live children (an engine's helper, such
    as pyttsx3's espeak-ng zygote), the largest of them: ``VmHWM`` on Linux, since ``ru_maxrss`` keeps
    the parent's peak across the ``exec`` that started this process; elsewhere ``ru_maxrss``."""
    own = _hwm_kb("self")
    if not own:
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return max([own, *(_hwm_kb(pid) for pid in _children())])


def _tree_cpu() -> float:
    """User + system CPU seconds of this process, of its children that ended, and of its live
    children with what their own ended children used (``/proc/PID/stat``: an engine's helper process,
    such as pyttsx3's espeak-ng zygote, which forks a process per utterance)."""
    total = sum(_cpu(who) for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN))
    tick = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
    for pid in _children():
        try:
            fields = Path(f"/proc/{pid}/stat").read_text(encoding="ascii").rpartition(")")[2].split()
        except OSError:
            continue
        total += sum(int(f) for f in fields[11:15]) / tick  # utime stime cutime cstime
    return total


def _cpu(who: int) -> float:
    usage = resource.getrusage(who)
    return usage.ru_utime + usage.ru_stime


def _samples(engine, text: str, voice: str | None, work: Path):
    """One utterance as (16-bit mono numpy samples, sample rate), in memory when the engine can."""
    import numpy as np
    import soundfile

    spoken = engine.speak_samples(text, voice, RATE_WPM)
    if spoken is not None:
        return np.frombuffer(spoken.pcm, dtype="<i2"), spoken.sample_rate
    path = work / "utterance.wav"
    engine.synthesize(text, voice, RATE_WPM, path)
    data, rate = soundfile.read(str(path), dtype="int16", always_2d=True)
    return data.mean(axis=1).astype("<i2"), rate


def speak(engine_name: str, voice: str | None, language: str, text: str, wav: Path) -> dict:
    """Speak ``text`` sentence by sentence with one engine into ``wav`` (the clips joined with
    narrate's sentence pause); what the parent needs to know, as a dict. Runs in the child."""
    import numpy as np

    from narrate.errors import EngineError
    from narrate.speech.engines import get_engine
    from narrate.text.normalize import sentences, spoken

    base_rss = _peak_rss_kb()
    tag = TAGS[language]
    said = [s for s in (spoken(sentence, language=tag) for sentence in sentences(text, language=tag)) if s]
    try:
        engine = get_engine(engine_name)
        voice = voice or engine.default_voice(tag)
        _samples(engine, WARM_UP[language], voice, wav.parent)
    except EngineError as exc:
        return {"unavailable": str(exc)}
    start_cpu = _tree_cpu()
    start = time.perf_counter()
    pieces, cues, at_ms, rate = [], [], 0, 0
    for sentence in said:
        pcm, rate_here = _samples(engine, sentence, voice, wav.parent)
        if rate and rate_here != rate:
            raise SystemExit(f"{engine_name} changed its sample rate from {rate} to {rate_here} Hz")
        rate = rate_here
        length_ms = len(pcm) * 1000 // rate
        cues.append({"text": sentence, "start_ms": at_ms, "end_ms": at_ms + length_ms, "samples": len(pcm)})
        pieces += [pcm, np.zeros(SENTENCE_MS * rate // 1000, dtype="<i2")]
        at_ms += length_ms + SENTENCE_MS
    wall = time.perf_counter() - start
    speaking_cpu = _tree_cpu() - start_cpu
    with wave.open(str(wav), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(rate)
        out.writeframes(np.concatenate(pieces[:-1]).astype("<i2").tobytes())
    return {
        "voice": voice or "",
        "sample_rate": rate,
        "cues": cues,
        "start_cpu_s": start_cpu,
        "speaking_cpu_s": speaking_cpu,
        "wall_s": wall,
        "base_rss_kb": base_rss,
        "peak_rss_kb": _peak_rss_kb(),
    }


# ---------------------------------------------------------------- the parent: measure and score


def run_child(engine: str, voice: str | None, language: str, text: str, work: Path) -> dict:
    """Run :func:`speak` in a child process; its result with ``cpu_s``, the CPU seconds of the
    whole child process tree from start to exit (``RUSAGE_CHILDREN`` before and after)."""
    stem = "-".join([engine, *([voice.replace("/", "_")] if voice else []), language])
    wav, result = work / f"{stem}.wav", work / f"{stem}.json"
    job = json.dumps({"engine": engine, "voice": voice, "language": language, "text": text, "wav": str(wav)})
    env = {**os.environ, "PYTHONPATH": str(ROOT), "HF_HUB_OFFLINE": "1"}
    before = _cpu(resource.RUSAGE_CHILDREN)
    done = subprocess.run(
        [sys.executable, str(Path(__file__).resolve()), "--child", job, str(result)],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    cpu = _cpu(resource.RUSAGE_CHILDREN) - before
    if done.returncode != 0:
        lines = done.stderr.strip().splitlines() or [f"exit status {done.returncode}"]
        return {"unavailable": f"the child failed: {lines[-1]}"}
    found = json.loads(result.read_text(encoding="utf-8"))
    found.update(cpu_s=cpu, wav=str(wav))
    return found


class Scorer:
    """narrate's proof-listener and DNSMOS, loaded once for all engines."""

    def __init__(self, threads: int = 0) -> None:
        from narrate.errors import ConfigError
        from narrate.proof.listen import Recogniser, prepare

        self.recogniser: Recogniser | None = None
        try:
            self.recogniser = prepare(threads=threads)
        except ConfigError as exc:  # the listen extra or its model is missing
            print(f"no word error rate: {exc}", file=sys.stderr)
        try:
            from speechmos import dnsmos

            self.dnsmos = dnsmos
        except ImportError as exc:  # speechmos imports librosa, which it does not declare
            print(f"no DNSMOS: {exc} (pip install speechmos librosa, or the test extra)", file=sys.stderr)
            self.dnsmos = None

    def wer(self, wav: Path, cues: list[dict], language: str) -> float | None:
        """The listener's word error rate over the sentences, as ``narrate check --listen`` hears them."""
        if self.recogniser is None:
            return None
        from narrate.model import CueTime
        from narrate.proof.listen import _hear, whisper_language
        from narrate.proof.report import compare, windows

        times = [CueTime("say", c["text"], c["start_ms"], c["end_ms"]) for c in cues]
        parts = windows(times)
        heard = _hear(self.recogniser, wav, times, parts, whisper_language(language), wav.stem, None)
        return compare(wav.stem, str(wav), times[-1].end_ms, times, parts, heard, language).wer

    def mos(self, wav: Path) -> tuple[float, float, float] | None:
        """DNSMOS P.835 (overall, signal, background) of the file, on 16 kHz mono float samples."""
        if self.dnsmos is None:
            return None
        import numpy as np
        from faster_whisper import decode_audio

        audio = np.clip(decode_audio(str(wav), sampling_rate=16_000), -1.0, 1.0)
        found = self.dnsmos.run(audio, 16_000)
        return float(found["ovrl_mos"]), float(found["sig_mos"]), float(found["bak_mos"])


def measure(engine: str, voice: str | None, language: str, text: str, work: Path, scorer: Scorer | None = None) -> Row:
    """One engine's row: speak ``text`` in a child process; then, with a ``scorer``, hear and score
    what it said (:func:`score`)."""
    found = run_child(engine, voice, language, text, work)
    if "unavailable" in found:
        return Row(engine, voice or "", language, unavailable=found["unavailable"])
    cues = found["cues"]
    audio_s = sum(c["samples"] for c in cues) / found["sample_rate"]
    words = sum(len(c["text"].split()) for c in cues)
    speaking = found["speaking_cpu_s"]
    row = Row(
        engine=engine,
        voice=found["voice"],
        language=language,
        sentences=len(cues),
        words=words,
        audio_s=round(audio_s, 2),
        words_per_min=round(words / audio_s * 60, 1),
        cpu_s=round(speaking, 4),
        cpu_per_audio_s=round(speaking / audio_s, 6),
        start_cpu_s=round(found["start_cpu_s"], 2),
        total_cpu_s=round(found["cpu_s"], 2),
        wall_s=round(found["wall_s"], 2),
        peak_rss_mb=round(found["peak_rss_kb"] / 1024, 1),
        base_rss_mb=round(found["base_rss_kb"] / 1024, 1),
        wav=found["wav"],
        cues=cues,
    )
    if scorer is not None:
        score(row, scorer)
    return row


def score(row: Row, scorer: Scorer) -> None:
    """Fill in the row's word error rate and DNSMOS from its audio."""
    if row.unavailable:
        return
    wav = Path(row.wav)
    wer = scorer.wer(wav, row.cues, TAGS[row.language])
    row.wer = None if wer is None else round(wer, 4)
    scores = scorer.mos(wav)
    if scores is not None:
        row.dnsmos_ovrl, row.dnsmos_sig, row.dnsmos_bak = (round(s, 2) for s in scores)


def table(rows: list[Row]) -> str:
    """The rows as a Markdown table (engines that could not run are listed under it)."""
    lines = [
        "| engine | voice | words/min | CPU-s per audio-s | start CPU-s | peak RSS MB | WER | DNSMOS OVRL | SIG | BAK |",
        "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    missing = []
    for r in rows:
        if r.unavailable:
            missing.append(f"- {r.engine}: not measured ({r.unavailable.split('; ')[0]})")
            continue
        wer = f"{r.wer * 100:.1f} %" if r.wer is not None else "-"
        mos = [f"{m:.2f}" if m is not None else "-" for m in (r.dnsmos_ovrl, r.dnsmos_sig, r.dnsmos_bak)]
        lines.append(
            f"| {r.engine} | {r.voice} | {r.words_per_min:.0f} | {r.cpu_per_audio_s:.3f} | {r.start_cpu_s:.1f} "
            f"| {r.peak_rss_mb:.0f} | {wer} | {' | '.join(mos)} |"
        )
    return "\n".join(lines + ([""] + missing if missing else []))


def _child_main(job: str, result: str) -> int:
    spec = json.loads(job)
    found = speak(spec["engine"], spec["voice"], spec["language"], spec["text"], Path(spec["wav"]))
    Path(result).write_text(json.dumps(found), encoding="utf-8")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("engines", nargs="*", help="engine or engine:voice (default: every installed one)")
    parser.add_argument("--language", choices=sorted(LESSONS), default="en", help="the paragraph's language")
    parser.add_argument("--quick", action="store_true", help="the paragraph's first two sentences only")
    parser.add_argument("--text", help="speak this text instead of the built-in paragraph")
    parser.add_argument("--no-score", action="store_true", help="skip the listener and DNSMOS (cost figures only)")
    parser.add_argument("--json", type=Path, help="also write the figures to this JSON file")
    parser.add_argument("--work", type=Path, help="folder for the WAV files, kept (default: a temporary one)")
    parser.add_argument("--child", nargs=2, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        return _child_main(*args.child)

    from narrate.text.normalize import sentences

    text = args.text or LESSONS[args.language]
    if args.quick and not args.text:
        text = " ".join(sentences(text, language=TAGS[args.language])[:2])
    named = [(e.partition(":")[0], e.partition(":")[2] or None) for e in args.engines]
    wanted = named or [(e, None) for e in ENGINES]
    rows = []
    with tempfile.TemporaryDirectory(prefix="narrate-bench-engines-") as tmp:
        work = args.work or Path(tmp)
        work.mkdir(parents=True, exist_ok=True)
        for engine, voice in wanted:  # every engine speaks before the listener is loaded in this process
            print(f"{engine}{':' + voice if voice else ''} speaks {len(text.split())} words ...", file=sys.stderr)
            rows.append(measure(engine, voice, args.language, text, work))
        load = os.getloadavg()[0]
        if not args.no_score:
            print("hearing and scoring ...", file=sys.stderr)
            scorer = Scorer()
            for row in rows:
                score(row, scorer)
    print(
        f"\n{len(text.split())} words, language {TAGS[args.language]}, {RATE_WPM} wpm asked; "
        f"load average {load:.2f} on {os.cpu_count()} CPUs while they spoke\n"
    )
    print(table(rows))
    if args.json:
        payload = {"date": time.strftime("%Y-%m-%d"), "load": load, "cpus": os.cpu_count(), "text": text}
        engines = [{k: v for k, v in asdict(r).items() if k not in ("wav", "cues")} for r in rows]
        args.json.write_text(json.dumps({**payload, "engines": engines}, indent=2) + "\n")
    return 1 if named and any(r.unavailable for r in rows) else 0


if __name__ == "__main__":
    raise SystemExit(main())
