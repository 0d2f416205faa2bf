"""Shared fixtures of the Python package tests (run by ctest through tests/python/CMakeLists.txt,
or by hand: pytest tests/python with tmu installed)."""
import os

import numpy as np
import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.environ.get("TMU_SOURCE_DIR") or os.path.dirname(os.path.dirname(HERE))
LONG = os.environ.get("TMU_TEST_LONG") == "1"


def cli_env():
    """The environment for running the tmu binary from a test: without LD_PRELOAD, which the
    sanitized builds set to load the ASan runtime into Python (the sanitized tmu binary carries
    its own runtime, and two ASan runtimes in one process abort)."""
    return {k: v for k, v in os.environ.items() if k != "LD_PRELOAD"}


@pytest.fixture
def data_dir():
    """tests/data (the reference tools' vectors)."""
    return os.environ.get("TMU_TEST_DATA") or os.path.join(SOURCE, "tests", "data")


@pytest.fixture
def rng():
    return np.random.default_rng(20261124)


def read_tsv(path):
    """Rows of a TAB-separated vector file, comments and the header line skipped."""
    rows = []
    header = True
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if not line or line.startswith("#"):
                continue
            if header:
                header = False
                continue
            rows.append(line.split("\t"))
    return rows
