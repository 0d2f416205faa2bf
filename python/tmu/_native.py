"""The compiled cffi module: ``ffi`` (types) and ``lib`` (every libtmu function and constant)."""
from ._tmu_cffi import ffi, lib  # noqa: F401
