"""Texel formats: the format table, and decode / encode of texels (tmu/format.h).

A format is named by its tmu name (``'r8g8b8a8_unorm'``), any name ``tmu_format_from_name``
accepts (Vulkan's ``'VK_FORMAT_R16G16_SFLOAT'``, short names such as ``'rgb9e5'``), its
``tmu_format`` value, or a :class:`Format`.
"""

import dataclasses
import numbers

import numpy as np

from . import _enums
from ._native import ffi, lib
from .errors import InvalidArgumentError, check

_NO_CODE = lib.TMU_FORMAT_NO_CODE


@dataclasses.dataclass(frozen=True)
class Format:
    """One row of the format table (``tmu_format_info``), plus the NumPy view of its texels.

    ``storage`` is the dtype of one stored channel when every channel is a whole 8/16/32-bit
    number (``uint8`` for r8g8b8a8_unorm, ``float16`` for r16g16_float), else the dtype of the
    whole texel for packed 16/32-bit layouts (``uint16`` for r5g6b5, ``uint32`` for rgb9e5), else
    ``None`` (texels are given as raw bytes).  ``storage_channels`` is the last-axis length of a
    storage array (0 = no channel axis).  Codes absent from the table are ``None``.

    Example::

        >>> f = tmu.format_info('b8g8r8a8_unorm')
        >>> (f.bytes, f.channels, f.numeric, f.storage, f.gcn_dst_sel)
        (4, 4, 'unorm', dtype('uint8'), (6, 5, 4, 7))
    """
    value: int
    name: str
    bytes: int
    channels: int
    bits: tuple
    shift: tuple
    numeric: str
    is_depth: bool
    has_stencil: bool
    is_packed: bool
    shared_exponent: bool
    gcn_data_format: object
    gcn_num_format: object
    gcn_dst_sel: tuple
    ir3_type: object
    ir3_order: tuple
    cuda_kind: object
    storage: object
    storage_channels: int

    def __str__(self):
        return self.name

    @property
    def decoded_dtype(self):
        """dtype of decoded values: uint32 (uint formats), int32 (sint), else float32.

        Example: ``tmu.format_info('r8_uint').decoded_dtype`` is ``dtype('uint32')``."""
        if self.numeric == "uint" and not self.has_stencil:
            return np.dtype(np.uint32)
        if self.numeric == "sint":
            return np.dtype(np.int32)
        return np.dtype(np.float32)


def _code(v):
    return None if v == _NO_CODE else int(v)


def _storage(info, numeric):
    bits = [b for b in info.bits[0:4] if b]
    uniform = len(set(bits)) == 1 and not info.is_packed and not info.shared_exponent and not info.has_stencil
    if uniform and bits[0] in (8, 16, 32) and bits[0] * len(bits) == 8 * info.bytes:
        b = bits[0]
        if numeric == "float":
            return {16: np.dtype(np.float16), 32: np.dtype(np.float32)}.get(b), len(bits)
        signed = numeric in ("snorm", "sscaled", "sint", "sfixed")
        return np.dtype("%s%d" % ("i" if signed else "u", b // 8)), len(bits)
    if info.bytes in (2, 4):
        return np.dtype(np.uint16 if info.bytes == 2 else np.uint32), 0
    return None, 0


def _make(fmt):
    info = lib.tmu_format_get(fmt)
    numeric = ffi.string(lib.tmu_numeric_name(info.numeric)).decode()
    storage, nch = _storage(info, numeric)
    if storage is not None and nch == 1:
        nch = 0
    return Format(
        value=int(fmt), name=ffi.string(info.name).decode(), bytes=info.bytes, channels=info.channels,
        bits=tuple(info.bits), shift=tuple(info.shift), numeric=numeric, is_depth=bool(info.is_depth),
        has_stencil=bool(info.has_stencil), is_packed=bool(info.is_packed),
        shared_exponent=bool(info.shared_exponent), gcn_data_format=_code(info.gcn_data_format),
        gcn_num_format=_code(info.gcn_num_format), gcn_dst_sel=tuple(info.gcn_dst_sel),
        ir3_type=_code(info.ir3_type), ir3_order=tuple(_code(x) for x in info.ir3_order),
        cuda_kind=_code(info.cuda_kind), storage=storage, storage_channels=nch)


_TABLE = {}


def formats():
    """Every texel format, in table order, as :class:`Format` objects.

    Example::

        >>> len(tmu.formats()), tmu.formats()[0].name
        (84, 'r8_unorm')
    """
    if not _TABLE:
        for v in range(1, lib.TMU_FORMAT_COUNT):
            _TABLE[v] = _make(v)
    return list(_TABLE.values())


def format_info(fmt, where="format"):
    """The :class:`Format` of a name (any alias tmu accepts), value or Format.

    Example::

        >>> tmu.format_info('VK_FORMAT_R16G16_SFLOAT').name
        'r16g16_float'
    """
    if isinstance(fmt, Format):
        return fmt
    formats()
    if isinstance(fmt, str):
        v = lib.tmu_format_from_name(fmt.encode("utf-8", "replace"))
        if v == lib.TMU_FORMAT_INVALID or "\0" in fmt:
            raise InvalidArgumentError("unknown format '%s'" % fmt, where)
        return _TABLE[v]
    if isinstance(fmt, numbers.Integral) and not isinstance(fmt, bool) and int(fmt) in _TABLE:
        return _TABLE[int(fmt)]
    raise InvalidArgumentError("%r is not a texel format" % (fmt,), where)


def _as_bytes(data, fi, where):
    """uint8 array of shape (..., fi.bytes) from bytes-like data or a uint8 array."""
    if isinstance(data, np.ndarray):
        if data.dtype != np.uint8:
            if fi.storage is not None and data.dtype == fi.storage:
                return _storage_to_bytes(data, fi, where)
            raise InvalidArgumentError("texel data of %s must be uint8 (..., %d) or %s, not %s"
                                       % (fi.name, fi.bytes, fi.storage, data.dtype), where)
        if data.ndim == 0 or data.shape[-1] != fi.bytes:
            raise InvalidArgumentError("a uint8 array of %s texels needs a last axis of %d bytes, got shape %s"
                                       % (fi.name, fi.bytes, data.shape), where)
        return np.ascontiguousarray(data)
    try:
        buf = np.frombuffer(memoryview(data).cast("B"), dtype=np.uint8)
    except TypeError:
        raise InvalidArgumentError("texel data must be bytes-like or a NumPy array, not %s"
                                   % type(data).__name__, where) from None
    if buf.size % fi.bytes:
        raise InvalidArgumentError("%d bytes are not a whole number of %d-byte %s texels"
                                   % (buf.size, fi.bytes, fi.name), where)
    return buf.reshape(-1, fi.bytes)


def _storage_to_bytes(arr, fi, where):
    """Storage-dtype array (spatial + (channels,) or spatial) -> uint8 (spatial + (bytes,))."""
    if fi.storage_channels:
        if arr.ndim == 0 or arr.shape[-1] != fi.storage_channels:
            raise InvalidArgumentError("%s texels of dtype %s need a last axis of %d channels, got shape %s"
                                       % (fi.name, fi.storage, fi.storage_channels, arr.shape), where)
        spatial = arr.shape[:-1]
    else:
        spatial = arr.shape
    a = np.ascontiguousarray(arr, dtype=fi.storage.newbyteorder("<"))
    return a.view(np.uint8).reshape(spatial + (fi.bytes,))


def decode_texels(fmt, raw, where="decode"):
    """uint8 (..., bytes) -> (..., 4) decoded values (see :func:`decode`)."""
    fi = format_info(fmt, where)
    raw = np.ascontiguousarray(raw, dtype=np.uint8)
    spatial = raw.shape[:-1]
    n = int(np.prod(spatial, dtype=np.int64))
    out = np.zeros((n, 4), dtype=np.uint32)
    diag = ffi.new("tmu_diag *")
    if n:
        st = lib.tmupy_decode_many(fi.value, ffi.from_buffer("uint8_t[]", raw), n,
                                   ffi.cast("tmu_texel *", ffi.from_buffer(out)), diag)
        check(st, diag, where)
    if fi.has_stencil:  # f[0] depth, u[1] stencil (integer), f[2] = 0, f[3] = 1
        f = out.view(np.float32).copy()
        f[:, 1] = out[:, 1].astype(np.float32)
        return f.reshape(spatial + (4,))
    return out.view(fi.decoded_dtype).reshape(spatial + (4,))


def decode(fmt, data):
    """Decodes texels: ``data`` is bytes-like (a run of whole texels, memory order, little-endian)
    or a NumPy array (uint8 of shape (..., bytes), or the format's ``storage`` dtype).

    Returns an array of shape (N, 4) for bytes-like input, (..., 4) for arrays: R, G, B, A as
    ``tmu_format_decode`` gives them -- float32 for float and normalised kinds (sRGB decoded to
    linear), uint32 / int32 for integer formats; depth-stencil formats give (depth, stencil, 0, 1)
    as float32.  Missing channels are 0, 0, 0, 1.

    Example::

        >>> v = tmu.decode('r8g8b8a8_srgb', bytes.fromhex('ff800000'))
        >>> v.shape, v.dtype, [round(float(x), 7) for x in v[0]]
        ((1, 4), dtype('float32'), [1.0, 0.2158605, 0.0, 0.0])
    """
    fi = format_info(fmt, "decode")
    return decode_texels(fi, _as_bytes(data, fi, "decode"), "decode")


def encode_texels(fmt, values, where="encode"):
    """(..., k) values, k <= 4 -> uint8 (..., bytes) (see :func:`encode`)."""
    fi = format_info(fmt, where)
    v = np.asarray(values)
    if v.dtype == object or v.dtype.kind not in "biuf":
        raise InvalidArgumentError("values must be numbers, not %s" % v.dtype, where)
    if v.ndim == 0:
        v = v.reshape(1)
    if v.shape[-1] > 4 or v.shape[-1] == 0:
        raise InvalidArgumentError("values need a last axis of 1 to 4 channels, got shape %s" % (v.shape,), where)
    spatial = v.shape[:-1]
    n = int(np.prod(spatial, dtype=np.int64))
    k = v.shape[-1]
    v = v.reshape(n, k)
    texels = np.zeros((n, 4), dtype=np.uint32)
    int_format = fi.numeric in ("uint", "sint") and not fi.has_stencil
    lo, hi = (-2**31, 2**31 - 1) if fi.numeric == "sint" else (0, 2**32 - 1)
    with np.errstate(over="ignore", invalid="ignore"):
        for c in range(k):
            col = v[:, c]
            if int_format or (fi.has_stencil and c == 1):
                if col.dtype.kind == "f" and (not np.all(np.isfinite(col)) or np.any(col != np.round(col))):
                    raise InvalidArgumentError("%s takes integers in channel %d" % (fi.name, c), where)
                # every 32-bit integer is exact in float64; larger values clamp like the C codec
                texels[:, c] = np.clip(col.astype(np.float64), lo, hi).astype(np.int64).astype(np.uint32)
            else:
                texels[:, c] = col.astype(np.float32).view(np.uint32)
    out = np.zeros((n, fi.bytes), dtype=np.uint8)
    diag = ffi.new("tmu_diag *")
    if n:
        st = lib.tmupy_encode_many(fi.value, ffi.cast("tmu_texel *", ffi.from_buffer(texels)), n,
                                   ffi.from_buffer("uint8_t[]", out), diag)
        check(st, diag, where)
    return out.reshape(spatial + (fi.bytes,))


def encode(fmt, values):
    """Encodes values into texel bytes: ``values`` is array-like of shape (..., k), k = 1..4
    channels R, G, B, A (missing ones are 0); floats for float and normalised kinds (clamped and
    rounded to nearest even as ``tmu_format_encode`` does), integers for uint / sint formats
    (clamped to the channel), (depth, stencil) for depth-stencil formats.  Returns ``bytes``:
    the texels one after another in memory order.

    Example::

        >>> tmu.encode('rgb9e5', [1, 0.5, 0.25]).hex()
        '00010181'
    """
    return encode_texels(fmt, values, "encode").tobytes()


def numeric_kinds():
    """Names of the numeric kinds (``tmu_numeric``), e.g. ``'unorm'``, ``'srgb'``.

    Example: ``'srgb' in tmu.numeric_kinds()`` is True."""
    return list(_enums.names("tmu_numeric", "TMU_NUMERIC_"))
