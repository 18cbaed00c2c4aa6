"""Catalogue builds on a Dask cluster: a LocalCluster and a real `dask scheduler` with `dask worker`
processes on 127.0.0.1 (one of them SIGKILLed mid-build), an unreachable scheduler, a task that
fails on a worker. Real espeak-ng and ffmpeg throughout.

espeak-ng does not speak a sentence twice the same way within one process (its pitch flutter runs
on from utterance to utterance), so a build is deterministic *through the utterance cache*: the
comparisons below build once on the cluster with a fresh cache, so that the workers synthesize,
then once locally from that cache, and expect the same bytes in every file.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from contextlib import contextmanager
from importlib.util import find_spec
from pathlib import Path

import pytest

from narrate.cluster import connect
from narrate.options import BuildOptions
from narrate.pipeline import build_catalogue, is_catalogue, load
from narrate.speech.cache import UtteranceCache

# found, not imported (distributed takes a second to import): the cluster tests import it themselves
pytestmark = pytest.mark.skipif(find_spec("distributed") is None, reason="needs the cluster extra (distributed)")

ROOT = Path(__file__).resolve().parent.parent

COURSES = {
    "bees": (
        "Keeping Bees",
        ["A hive holds one queen and many workers.", "Workers gather nectar from nearby flowers."],
    ),
    "clocks": ("Old Clocks", ["A pendulum swings at a steady pace.", "The escapement lets one tooth pass at a time."]),
    "kites": (
        "Flying Kites",
        ["A kite rises when the wind pushes under it.", "A tail keeps the kite facing the wind."],
    ),
}


def make_catalogue(root: Path) -> Path:
    """Three courses of two short lessons each (one paragraph and a one-question quiz)."""
    for cid, (title, lines) in COURSES.items():
        (root / cid / "lessons").mkdir(parents=True)
        (root / cid / "course.yaml").write_text(
            f"title: {title}\nauthor: Test Author\nbase_url: https://example.org/{cid}/\n"
            "start_date: 2026-01-05\npauses:\n  think: 1\nvoice:\n  engine: pyttsx3\n",  # espeak-ng: fast, everywhere
            encoding="utf-8",
        )
        for n, line in enumerate(lines, 1):
            (root / cid / "lessons" / f"0{n}-part{n}.yaml").write_text(
                f"title: {title}, part {n}\nsections:\n  - title: Basics\n    body:\n      - {line}\n"
                f"quiz:\n  - prompt: Is this part {n}?\n    options: ['yes', 'no']\n    answer: 'yes'\n",
                encoding="utf-8",
            )
    return root


def tree(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder`` (the lock file aside) → its bytes."""
    return {
        p.relative_to(folder).as_posix(): p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_file() and p.name != ".narrate.lock"
    }


def env() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}


def narrate(*args: str, **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "narrate", *args], capture_output=True, text=True, env=kwargs.pop("env", env()), **kwargs
    )


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextmanager
def dask_processes(tmp: Path, workers: int, worker_env: dict[str, str] | None = None):
    """A real ``dask scheduler`` and ``workers`` × ``dask worker`` (no nanny, one thread each) on
    127.0.0.1; yields the address and the worker processes by name. They stop by themselves too:
    the scheduler after 5 idle minutes, a worker 30 s after losing the scheduler."""
    from distributed import Client

    port = free_port()
    address = f"tcp://127.0.0.1:{port}"
    logs = tmp / "dask-logs"
    logs.mkdir(exist_ok=True)
    dask = [sys.executable, "-m", "dask"]
    procs: list[subprocess.Popen] = []
    named: dict[str, subprocess.Popen] = {}
    try:
        procs.append(
            subprocess.Popen(
                [*dask, "scheduler", "--host", "127.0.0.1", "--port", str(port), "--no-dashboard"]
                + ["--idle-timeout", "300"],
                stdout=open(logs / "scheduler.log", "w"),
                stderr=subprocess.STDOUT,
                env=env(),
            )
        )
        for i in range(workers):
            name = f"w{i}"
            named[name] = subprocess.Popen(
                [*dask, "worker", address, "--host", "127.0.0.1", "--nthreads", "1", "--no-nanny"]
                + ["--no-dashboard", "--name", name, "--death-timeout", "30", "--local-directory", str(tmp / name)],
                stdout=open(logs / f"{name}.log", "w"),
                stderr=subprocess.STDOUT,
                env=worker_env or env(),
            )
            procs.append(named[name])
        with Client(address, timeout="60s") as client:
            client.wait_for_workers(workers, timeout=120)
        yield address, named
    finally:
        for proc in procs:
            if proc.poll() is None:
                proc.terminate()
        for proc in procs:
            try:
                proc.wait(15)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(5)


@pytest.mark.e2e
def test_local_cluster_catalogue_build_is_byte_identical_to_a_local_build(tmp_path):
    catalogue = make_catalogue(tmp_path / "catalogue")
    assert is_catalogue(catalogue) and not is_catalogue(catalogue / "bees")
    cache = UtteranceCache(tmp_path / "cache")
    seen: list[tuple[str, int, int]] = []
    staging = tmp_path / "staging"  # workers hand files over through a shared folder (an fsspec path)
    with connect("local:2") as session:
        results = build_catalogue(
            catalogue,
            tmp_path / "on-cluster",
            BuildOptions(staging=str(staging)),
            cache=cache,
            session=session,
            progress=lambda *a: seen.append(a),
        )
    assert staging.is_dir() and list(staging.rglob("*.mp3")) == []  # collected, then removed there
    assert [course for course, _ in results] == ["bees", "clocks", "kites"]
    assert sum(r.synthesized for _, r in results) > 0  # the workers spoke
    episodes = [(done, total) for stage, done, total in seen if stage == "episodes"]
    assert episodes[-1] == (6, 6) and [d for d, _ in episodes] == sorted(d for d, _ in episodes)
    local = build_catalogue(catalogue, tmp_path / "local", BuildOptions(jobs=2), cache=cache)
    assert sum(r.synthesized for _, r in local) == 0
    on_cluster, here = tree(tmp_path / "on-cluster"), tree(tmp_path / "local")
    assert sorted(on_cluster) == sorted(here)
    assert [name for name in on_cluster if on_cluster[name] != here[name]] == []
    assert len([n for n in here if n.endswith(".mp3")]) == 6
    index = here["index.html"].decode()
    for cid, (title, _) in COURSES.items():
        assert f'href="{cid}/feed.xml"' in index and title in index
        assert f"{cid}/feed.xml" in here and f"{cid}/index.html" in here
    assert index.count("2 episodes") == 3


@pytest.mark.e2e
def test_cache_and_staging_on_s3_are_shared_by_the_workers(tmp_path, s3):
    """``--cache-dir s3://...`` and ``--staging s3://...`` on a real S3 API (moto's server on
    127.0.0.1): the LocalCluster's workers synthesize into the bucket and hand the episode files over
    through it; a local build on another machine (its own mirror folder) then finds every clip in the
    bucket and writes the same bytes."""
    import fsspec

    catalogue = make_catalogue(tmp_path / "catalogue")
    url = "s3://clips/catalogue-cache"
    on_cluster = narrate(
        "build",
        str(catalogue),
        "-o",
        str(tmp_path / "on-cluster"),
        "-q",
        "--cluster",
        "local:2",
        "--cache-dir",
        url,
        "--staging",
        "s3://clips/staging",
        env={**env(), **s3, "NARRATE_CACHE_DIR": str(tmp_path / "machine-a")},
    )
    assert on_cluster.returncode == 0, on_cluster.stderr
    fs = fsspec.filesystem(
        "s3",
        client_kwargs={"endpoint_url": s3["AWS_ENDPOINT_URL"]},
        key=s3["AWS_ACCESS_KEY_ID"],
        secret=s3["AWS_SECRET_ACCESS_KEY"],
        skip_instance_cache=True,
    )
    clips = [p for p in fs.find("clips/catalogue-cache") if p.endswith(".flac")]
    assert len(clips) >= 12  # 6 episodes, each with its title, body, quiz and answer utterances
    assert [p for p in fs.find("clips/staging") if not p.endswith("/")] == []  # collected, then deleted
    local = narrate(
        "build",
        str(catalogue),
        "-o",
        str(tmp_path / "local"),
        "--cache-dir",
        url,
        env={**env(), **s3, "NARRATE_CACHE_DIR": str(tmp_path / "machine-b")},
    )
    assert local.returncode == 0, local.stderr
    assert " 0 sentences spoken" in local.stdout
    cluster_files, here = tree(tmp_path / "on-cluster"), tree(tmp_path / "local")
    assert sorted(cluster_files) == sorted(here)
    assert [name for name in cluster_files if cluster_files[name] != here[name]] == []


@pytest.mark.e2e
def test_a_worker_killed_mid_build_changes_nothing(tmp_path):
    from distributed import Client

    catalogue = make_catalogue(tmp_path / "catalogue")
    cache = tmp_path / "cache"
    with dask_processes(tmp_path, 2) as (address, workers), Client(address, timeout="30s") as watcher:
        build_proc = subprocess.Popen(
            [sys.executable, "-m", "narrate", "build", str(catalogue), "-o", str(tmp_path / "on-cluster")]
            + ["--cache-dir", str(cache), "--cluster", address],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env(),
        )
        victim = None
        deadline = time.monotonic() + 180
        while victim is None and time.monotonic() < deadline and build_proc.poll() is None:
            busy = {w: keys for w, keys in watcher.processing().items() if any("narrate-episode" in k for k in keys)}
            if busy:
                address_of = {w: info["name"] for w, info in watcher.scheduler_info()["workers"].items()}
                victim = address_of[next(iter(busy))]
                workers[victim].send_signal(signal.SIGKILL)
            time.sleep(0.05)
        stdout, stderr = build_proc.communicate(timeout=300)
    assert victim is not None, "no episode task was seen running"
    assert workers[victim].returncode == -signal.SIGKILL
    assert build_proc.returncode == 0, stderr
    assert "Catalogue of 3 courses" in stdout
    local = narrate("build", str(catalogue), "-o", str(tmp_path / "local"), "--cache-dir", str(cache))
    assert local.returncode == 0, local.stderr
    assert " 0 sentences spoken" in local.stdout
    on_cluster, here = tree(tmp_path / "on-cluster"), tree(tmp_path / "local")
    assert sorted(on_cluster) == sorted(here)
    assert [name for name in on_cluster if on_cluster[name] != here[name]] == []


@pytest.mark.e2e
def test_a_task_failing_on_a_worker_names_course_lesson_and_worker_and_keeps_the_output(tmp_path):
    catalogue = make_catalogue(tmp_path / "catalogue")
    course = catalogue / "clocks"
    out, cache = tmp_path / "out", tmp_path / "cache"
    assert narrate("build", str(course), "-o", str(out), "--cache-dir", str(cache)).returncode == 0
    before = tree(out)
    lesson = course / "lessons" / "02-part2.yaml"
    lesson.write_text(lesson.read_text().replace("one tooth", "a single tooth"), encoding="utf-8")
    no_ffmpeg = {**env(), "PATH": str(tmp_path / "empty-bin")}  # this worker has no ffmpeg
    with dask_processes(tmp_path, 1, worker_env=no_ffmpeg) as (address, _):
        result = narrate("build", str(course), "-o", str(out), "--cache-dir", str(cache), "--cluster", address)
    assert result.returncode == 1
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: ")
    lesson_id = load(course).lessons[1].id
    assert f"course 'clocks', lesson '{lesson_id}' failed on worker tcp://127.0.0.1:" in lines[0]
    assert "ffmpeg is not installed" in lines[0]
    assert tree(out) == before


@pytest.mark.e2e  # a real narrate process: left out by scripts/test.sh --fast
def test_an_unreachable_scheduler_is_one_error_line_before_any_work(tmp_path):
    catalogue = make_catalogue(tmp_path / "catalogue")
    address = f"tcp://127.0.0.1:{free_port()}"  # nothing listens there
    quick = {**env(), "DASK_DISTRIBUTED__COMM__TIMEOUTS__CONNECT": "2s"}
    out = tmp_path / "out"
    result = narrate("build", str(catalogue), "-o", str(out), "--cluster", address, env=quick, timeout=120)
    assert result.returncode == 1
    assert result.stderr.startswith(f"Error: cannot reach the Dask scheduler at {address} (")
    assert len(result.stderr.strip().splitlines()) == 1 and "Traceback" not in result.stderr
    assert not out.exists()


@pytest.mark.e2e  # a real narrate process per case: left out by scripts/test.sh --fast
@pytest.mark.parametrize(
    "address, message",
    [
        ("local:0", "local:N needs a number of workers N of 1 or more"),
        ("local:two", "local:N needs a number of workers N of 1 or more"),
        ("127.0.0.1:8786", "give tcp://HOST:PORT or local:N"),
    ],
)
def test_bad_cluster_addresses(tmp_path, address, message):
    result = narrate("build", str(make_catalogue(tmp_path / "c")), "-o", str(tmp_path / "out"), "--cluster", address)
    assert (result.returncode, result.stderr) == (1, f"Error: --cluster {address}: {message}\n")


def test_without_cluster_dask_is_never_imported(tmp_path):
    code = (
        "import sys; from narrate.cli import main\n"
        "try:\n    main(['build', '--help'])\nexcept SystemExit:\n    pass\n"
        "import narrate.pipeline, narrate.speech.cache\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('dask', 'distributed', 'fsspec', 's3fs')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env())
    assert out.stdout.strip().splitlines()[-1] == "[]", out.stderr


@pytest.mark.parametrize(
    "folder, expected",
    [
        ("catalogue", True),
        ("catalogue/bees", False),
        ("catalogue/bees/lessons", False),
        ("empty", False),
        ("none", False),
    ],
)
def test_what_is_a_catalogue(tmp_path, folder, expected):
    make_catalogue(tmp_path / "catalogue")
    (tmp_path / "empty").mkdir()
    assert is_catalogue(tmp_path / folder) is expected
