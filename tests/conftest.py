"""Shared fixtures: one utterance cache per test session, so real-engine tests stay fast."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

pytest_plugins = ["fake_engines", "tier_budget"]  # test-only speech engines (`fakes`); the fast tier's CPU budget

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = Path(__file__).resolve().parent / "fixtures"


@pytest.fixture(autouse=True, scope="session")
def _session_cache(tmp_path_factory):
    mp = pytest.MonkeyPatch()
    mp.setenv("NARRATE_CACHE_DIR", str(tmp_path_factory.mktemp("utterance-cache")))
    yield
    mp.undo()


@pytest.fixture(scope="session")
def s3():
    """A real S3 API: moto's server on 127.0.0.1 (any free port) with a bucket ``clips``; yields the
    environment that points s3fs at it (``AWS_ENDPOINT_URL``, test credentials)."""
    pytest.importorskip("s3fs")
    moto_server = pytest.importorskip("moto.server")
    boto3 = pytest.importorskip("boto3")
    logging.getLogger("werkzeug").setLevel(logging.ERROR)
    server = moto_server.ThreadedMotoServer(ip_address="127.0.0.1", port=0, verbose=False)
    server.start()
    host, port = server.get_host_and_port()
    env = {
        "AWS_ACCESS_KEY_ID": "narrate-test",
        "AWS_SECRET_ACCESS_KEY": "narrate-test",
        "AWS_DEFAULT_REGION": "us-east-1",
        "AWS_ENDPOINT_URL": f"http://{host}:{port}",
    }
    boto3.client("s3", endpoint_url=env["AWS_ENDPOINT_URL"], **_credentials(env)).create_bucket(Bucket="clips")
    yield env
    server.stop()


def _credentials(env: dict[str, str]) -> dict[str, str]:
    return {
        "aws_access_key_id": env["AWS_ACCESS_KEY_ID"],
        "aws_secret_access_key": env["AWS_SECRET_ACCESS_KEY"],
        "region_name": env["AWS_DEFAULT_REGION"],
    }
