"""tmu: a software texture mapping unit and texture-instruction toolkit, from Python.

A cffi extension over the C library libtmu (built against its headers, so every function and
constant of ``tmu/tmu.h`` is also reachable as ``tmu.lib`` / ``tmu.ffi``), with NumPy front ends:

* formats: :func:`formats`, :func:`format_info`, :func:`decode`, :func:`encode`;
* textures and samplers: :class:`Texture` (from NumPy arrays, mip chains generated or given,
  cube maps, arrays, 3D, multisample, sparse), :class:`Sampler` (keyword arguments with the C
  field names);
* the texture unit over coordinate arrays of any length: :func:`sample`, :func:`fetch`,
  :func:`gather`, :func:`query` (residency masks, LOD report, execution masks);
* instruction sets: :func:`disasm` / :func:`asm` for GCN and ir3, :func:`ptx_check`,
  :func:`ptx_format`, :func:`ptx_exec` (a PTX texture instruction run for a 32-lane warp),
  :func:`ptx_run` (every texture instruction of a module, as ``tmu ptx run``);
* the load planner: :func:`plan_load`;
* translation between PTX, GCN and ir3: :func:`translate` (one instruction or a whole program);
* pictures: :func:`read_png` / :func:`write_png` (PNG files as RGBA8 arrays) and :func:`render`
  (a texture drawn through a sampler, as ``tmu render`` draws it);
* AMD surface layouts as addrlib computes them: :class:`Surface` (sizes, tile modes, element
  addresses, detile / retile between tiled memory and NumPy arrays), :func:`amd_chips`;
* the executors: :class:`GcnWave` (GCN MIMG image instructions on a wave64 with guest memory,
  T#/S# in SGPRs, VM_CNT/EXP_CNT and hazards) and :class:`Ir3Wave` (ir3 cat5 instructions on a
  wave of fibers).

Every failure raises a subclass of :class:`Error` carrying the C status and diagnostic.

Example::

    >>> import numpy as np, tmu
    >>> t = tmu.Texture(np.array([[0, 255]], np.uint8), 'r8_unorm')
    >>> float(tmu.sample(t, [0.5, 0.5])[0])
    0.5
"""

from ._native import ffi, lib
from .errors import (BufferTooSmallError, DecodeError, Error, FileError, InvalidArgumentError, InvalidError,
                     NotFoundError, ParseError, RangeError, UnsupportedError)
from .formats import Format, decode, encode, format_info, formats
from .texture import DEFAULT_MAX_BYTES, Sampler, Texture
from .unit import Result, fetch, gather, quads, query, sample, unquads
from .isa import asm, disasm
from .ptx import Diagnostic, ptx_check, ptx_exec, ptx_format, ptx_run
from .loadplan import plan_load
from .image import read_png, render, write_png
from .executors import GcnWave, Ir3Wave
from .layout import Surface, amd_chips
from .layout_adreno import AdrenoSurface, adreno_gpus
from .translate import translate
from . import executors, image, isa, layout, loadplan, ptx  # noqa: F401  (submodules: tmu.isa.decode, tmu.loadplan.names)

__version__ = "0.1.0"


def version():
    """The version of the C library this package was built against (``tmu_version()``).

    Example: ``tmu.version() == tmu.__version__`` is True for a consistent build."""
    return ffi.string(lib.tmu_version()).decode()


__all__ = [
    "Error", "InvalidArgumentError", "UnsupportedError", "DecodeError", "ParseError", "InvalidError",
    "BufferTooSmallError", "NotFoundError", "RangeError", "FileError",
    "Format", "formats", "format_info", "decode", "encode",
    "Texture", "Sampler", "DEFAULT_MAX_BYTES", "Result", "sample", "fetch", "gather", "query", "quads",
    "unquads", "disasm", "asm", "Diagnostic", "ptx_check", "ptx_format", "ptx_exec", "ptx_run", "plan_load", "translate",
    "read_png", "write_png", "render",
    "GcnWave", "Ir3Wave", "Surface", "amd_chips", "AdrenoSurface", "adreno_gpus", "version", "ffi", "lib",
]
