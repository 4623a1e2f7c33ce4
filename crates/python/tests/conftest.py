"""What several test files share: the command line's binary, which some tests run, and a Ray
cluster."""

import os
import pathlib

import pytest


@pytest.fixture(scope="session")
def rajapasu_bin():
    """The ``rajapasu`` binary (``RAJAPASU_BIN``, else the debug build); skips without one."""
    exe = os.environ.get("RAJAPASU_BIN") or str(
        pathlib.Path(__file__).resolve().parents[3] / "target" / "debug" / "rajapasu"
    )
    if not os.path.exists(exe):
        pytest.skip("no rajapasu binary built (cargo build -p rajapasu)")
    return exe


@pytest.fixture
def ray_cluster():
    """A local Ray cluster of two CPUs, for the test's time; skips without Ray."""
    ray = pytest.importorskip("ray")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield ray
    ray.shutdown()
