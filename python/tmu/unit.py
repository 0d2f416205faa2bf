"""The texture unit over NumPy arrays: sample, fetch, gather, query (tmu/unit.h, tmu/op.h).

Coordinates are an array of shape (..., k), k = the shape's coordinate count (1d 1, 2d 2,
3d 3, cube 3 = a direction, arrays as their base shape); the leading shape ``S`` is any
(one lane per element, any number of lanes: the C helper cuts them into waves of 128, so
there is no per-sample Python work).  Per-lane inputs (``lod``, ``layer``, ``ref``, ...)
broadcast against ``S``.  Results have shape S + (4,): float32 for ``result='f32'``,
int32 / uint32 for 's32' / 'u32', float16 for 'f16' and 'f16x2' (the packed words
unpacked); by default (``result=None``) integer formats give uint32 / int32 and the others
float32.  Results are views of planar storage (component-major), so ``r[..., 0]`` is
contiguous; ``np.ascontiguousarray`` gives an interleaved copy.

Level of detail (sample, query 'lod'): ``lod=`` explicit, ``bias=`` (implicit + bias),
``grad=(ddx, ddy)`` (each of shape S + (k,)), ``level='implicit'`` (2x2 quads of consecutive
lanes 4k..4k+3: x = bit 0, y = bit 1; see :func:`quads`), else level 0 (``level='base'``).

``residency=True`` or ``lod_report=True`` make the call return a :class:`Result` with the
extra arrays.  ``mask`` (bool, broadcast against S) is the execution mask: lanes outside it
are not executed and read as zeros.  ``path`` = 'general' forces the general path, 'portable'
the fast paths without SIMD, 'avx2' no wider than AVX2 (all give identical results); 'fast'
runs the call only when a fast path applies and otherwise raises :class:`tmu.UnsupportedError`
(2D ``r8g8b8a8_unorm`` or ``r32g32b32a32_float``, identity swizzle, the same address mode on u
and v -- 'repeat' on power-of-two sizes, or 'clamp_to_edge' --, equal mag / min filters other
than cubic, no anisotropy, offsets, compare, min LOD or residency, a model other than 'nvidia';
``tmu_unit_plan_fast`` in ``tmu/unit.h``): the general path gives the same results, slower.
"""

import collections
import numbers

import numpy as np

from . import _enums
from ._native import ffi, lib
from .errors import InvalidArgumentError, check
from .texture import ARRAYED, COORDS, CUBE, MS, Texture, as_sampler, dim_value

Result = collections.namedtuple("Result", "data resident lod magnified")
Result.__doc__ = """Results of a call that asked for more than the data: ``data`` (S + (4,)),
``resident`` (bool S, or None), ``lod`` (float32 S: the final lambda, or None) and ``magnified``
(bool S, or None).  Example: ``tmu.sample(t, c, residency=True).resident``."""

_IN = {"coord": lib.TMUPY_IN_COORD, "icoord": lib.TMUPY_IN_ICOORD, "layer": lib.TMUPY_IN_LAYER,
       "layer_f": lib.TMUPY_IN_LAYER_F, "sample": lib.TMUPY_IN_SAMPLE, "lod": lib.TMUPY_IN_LOD,
       "ilod": lib.TMUPY_IN_ILOD, "min_lod": lib.TMUPY_IN_MIN_LOD, "grad_x": lib.TMUPY_IN_GRAD_X,
       "grad_y": lib.TMUPY_IN_GRAD_Y, "offset": lib.TMUPY_IN_OFFSET, "ref": lib.TMUPY_IN_REF,
       "gather_offset": lib.TMUPY_IN_GATHER_OFFSET}

_PATHS = {None: 0, "auto": 0, "general": lib.TMU_UNIT_GENERAL_ONLY, "portable": lib.TMU_UNIT_NO_SIMD,
          "avx2": lib.TMU_UNIT_MAX_AVX2, "fast": lib.TMUPY_FAST_ONLY}


# integer coordinates of a fetch: x (, y (, z)); cube faces and layers come from layer=
FETCH_COORDS = {"1d": 1, "2d": 2, "3d": 3, "cube": 2, "1d_array": 1, "2d_array": 2, "cube_array": 2, "2d_ms": 2,
                "2d_ms_array": 2}


def _addr(a):
    return a.__array_interface__["data"][0]


class _Call:
    """Collects the per-lane streams of one call, keeping every array alive until it ran."""

    def __init__(self, tex, where):
        if not isinstance(tex, Texture):
            raise InvalidArgumentError("expected a tmu.Texture, not %s" % type(tex).__name__, where)
        self.tex, self.where = tex, where
        self.batch = ffi.new("tmupy_batch *")
        self.keep = []
        self.shape = None
        self.n = 0

    def lanes(self, shape):
        self.shape = tuple(int(x) for x in shape)
        self.n = int(np.prod(self.shape, dtype=np.int64))

    def _stream(self, slot, arr):
        arr = np.broadcast_to(arr, self.shape) if arr.shape != self.shape else arr
        flat = arr.reshape(-1) if arr.ndim != 1 else arr
        if flat.ndim != 1 or not flat.flags.aligned or (flat.size > 1 and flat.strides[0] % flat.itemsize):
            flat = np.array(flat, copy=True)
        if flat.size == 0:
            flat = np.zeros(1, dtype=arr.dtype)
            stride = 0
        else:
            stride = flat.strides[0] if flat.size > 1 else 0
        self.keep.append(flat)
        s = slot
        s.ptr = ffi.cast("const void *", _addr(flat))
        s.stride = stride

    def coords(self, coords, k, what="coordinates", integer=False):
        """(..., k) float32 or int32 coordinates -> the lane shape and k streams."""
        c = self._array(coords, what, integer)
        if c.ndim == 0 or c.shape[-1] != k:
            raise InvalidArgumentError("%s of a %s texture need a last axis of %d, got shape %s"
                                       % (what, self.tex.dim, k, c.shape), self.where)
        self.lanes(c.shape[:-1])
        base = _IN["icoord" if integer else "coord"]
        for a in range(k):
            self._stream(self.batch.input[base + a], c[..., a])

    def per_lane(self, name, value, integer=False, unsigned=False, index=0, components=None):
        """One per-lane input (broadcast to the lane shape)."""
        a = self._array(value, name, integer, unsigned)
        if components is not None:
            if a.ndim == 0 or a.shape[-1] != components:
                raise InvalidArgumentError("%s needs a last axis of %d, got shape %s" % (name, components, a.shape),
                                           self.where)
            parts = [a[..., i] for i in range(components)]
        else:
            parts = [a]
        for i, p in enumerate(parts):
            try:
                if np.broadcast_shapes(p.shape, self.shape) != self.shape:
                    raise ValueError
            except ValueError:
                raise InvalidArgumentError("%s of shape %s does not broadcast to the lanes' shape %s"
                                           % (name, p.shape, self.shape), self.where) from None
            self._stream(self.batch.input[_IN[name] + index + i], p)

    def _array(self, value, what, integer=False, unsigned=False):
        try:
            a = np.asarray(value)
        except (ValueError, TypeError) as e:
            raise InvalidArgumentError("%s: %s" % (what, e), self.where) from None
        if a.dtype.kind not in "biuf":
            raise InvalidArgumentError("%s must be numbers, not %s" % (what, a.dtype), self.where)
        if not integer:
            with np.errstate(over="ignore", invalid="ignore"):
                return a.astype(np.float32, copy=False)
        if a.dtype.kind == "f":
            if a.size and (not np.all(np.isfinite(a)) or np.any(a != np.round(a))):
                raise InvalidArgumentError("%s must be integers" % what, self.where)
        if a.size:
            lo, hi = (0, 2**32 - 1) if unsigned else (-2**31, 2**31 - 1)
            mn, mx = a.min(), a.max()
            if mn < lo or mx > hi:
                raise InvalidArgumentError("%s must lie in [%d, %d]" % (what, lo, hi), self.where)
        return a.astype(np.uint32 if unsigned else np.int32, copy=False)

    def run(self, smp, op, words, residency=False, lod_report=False, mask=None, path=None):
        if path not in _PATHS:
            raise InvalidArgumentError("path must be one of %s" % ", ".join(str(p) for p in _PATHS if p),
                                       self.where)
        n = self.n
        # every lane's words are written unless a mask leaves some out (those must read 0)
        alloc = np.zeros if mask is not None else np.empty
        out = alloc((4, max(n, 1)), dtype=np.uint32)
        b = self.batch
        for c in range(words):
            b.data[c].ptr = ffi.cast("void *", _addr(out[c]))
            b.data[c].stride = 4
        res = lod = mag = None
        if residency:
            res = alloc(max(n, 1), dtype=np.uint8)
            b.resident.ptr, b.resident.stride = ffi.cast("void *", _addr(res)), 1
            op.want_residency = 1
        if lod_report:
            lod = alloc(max(n, 1), dtype=np.float32)
            mag = alloc(max(n, 1), dtype=np.uint8)
            b.lod.ptr, b.lod.stride = ffi.cast("void *", _addr(lod)), 4
            b.magnified.ptr, b.magnified.stride = ffi.cast("void *", _addr(mag)), 1
        if mask is not None:
            m = np.asarray(mask)
            if m.dtype.kind not in "biu":
                raise InvalidArgumentError("mask must be bool, not %s" % m.dtype, self.where)
            try:
                m = np.broadcast_to(m != 0, self.shape)
            except ValueError:
                raise InvalidArgumentError("mask of shape %s does not broadcast to %s" % (m.shape, self.shape),
                                           self.where) from None
            m = np.ascontiguousarray(m, dtype=np.uint8).reshape(-1)
            if m.size == 0:
                m = np.zeros(1, np.uint8)
            self.keep.append(m)
            b.mask.ptr, b.mask.stride = ffi.cast("void *", _addr(m)), 1
        diag = ffi.new("tmu_diag *")
        failed = ffi.new("uint64_t *")
        st = lib.tmupy_execute(self.tex._tex, smp._s, op, n, b, _PATHS[path], failed, diag)
        check(st, diag, self.where)
        return out[:, :n], (res[:n] if res is not None else None), \
            (lod[:n] if lod is not None else None), (mag[:n] if mag is not None else None)

    def finish(self, raw, result, fmt, extras):
        """Planar (4, n) words -> S + (4,) in the result type; a Result when extras were asked."""
        if result == lib.TMU_RESULT_F32:
            data = raw.view(np.float32)
        elif result == lib.TMU_RESULT_S32:
            data = raw.view(np.int32)
        elif result == lib.TMU_RESULT_U32:
            data = raw
        elif result == lib.TMU_RESULT_F16:
            data = raw.astype(np.uint16).view(np.float16)
        else:  # F16X2: words {R | G << 16}, {B | A << 16}
            data = np.ascontiguousarray(raw[:2].T).astype("<u4").view(np.float16).T
        data = np.moveaxis(data.reshape((4,) + self.shape), 0, -1)
        res, lod, mag = extras
        if res is None and lod is None:
            return data
        shp = self.shape
        return Result(data, None if res is None else res.reshape(shp).astype(bool),
                      None if lod is None else lod.reshape(shp),
                      None if mag is None else mag.reshape(shp).astype(bool))


def _result_type(result, tex, where):
    if result is None:
        num = tex.format.numeric
        result = "u32" if num == "uint" and not tex.format.has_stencil else "s32" if num == "sint" else "f32"
    return _enums.value(result, "tmu_result_type", "TMU_RESULT_", where, "result")


def _new_op(kind, tex, result):
    op = ffi.new("tmu_op *")
    op.kind = kind
    op.dim = dim_value(tex.dim)
    op.result = result
    return op


def _layer(call, op, tex, layer):
    if tex.dim not in ARRAYED:
        if layer is not None:
            raise InvalidArgumentError("layer given for a %s texture (not an array)" % tex.dim, call.where)
        return
    if layer is None:
        raise InvalidArgumentError("a %s texture needs layer= (%s)"
                                   % (tex.dim, "the cube index" if tex.dim == "cube_array" else "array layer"),
                                   call.where)
    a = np.asarray(layer)
    if a.dtype.kind == "f":
        op.layer_mode = lib.TMU_LAYER_F32
        call.per_lane("layer_f", a)
    else:
        op.layer_mode = lib.TMU_LAYER_U32
        call.per_lane("layer", a, integer=True, unsigned=True)


def _offset_axes(tex):
    return {"1d": 1, "1d_array": 1, "2d": 2, "2d_array": 2, "3d": 3, "2d_ms": 2, "2d_ms_array": 2}.get(tex.dim, 0)


def _offset(call, op, tex, offset):
    if offset is None:
        return
    axes = _offset_axes(tex)
    if not axes:
        raise InvalidArgumentError("texel offsets are not allowed on %s textures" % tex.dim, call.where)
    op.has_offset = 1
    call.per_lane("offset", offset, integer=True, components=axes)


def _level_inputs(call, op, k, level, lod, bias, grad, min_lod):
    given = [x for x in (("lod", lod), ("bias", bias), ("grad", grad)) if x[1] is not None]
    if len(given) > 1:
        raise InvalidArgumentError("give at most one of lod=, bias=, grad=", call.where)
    if level is None:
        level = given[0][0] if given else "base"
    mode = _enums.value(level, "tmu_level_mode", "TMU_LEVEL_", call.where, "level")
    op.level_mode = mode
    if mode in (lib.TMU_LEVEL_LOD, lib.TMU_LEVEL_BIAS):
        v = lod if mode == lib.TMU_LEVEL_LOD else bias
        if v is None:
            raise InvalidArgumentError("level='%s' needs %s=" % (level, "lod" if mode == lib.TMU_LEVEL_LOD
                                                                   else "bias"), call.where)
        call.per_lane("lod", v)
    elif given and given[0][0] in ("lod", "bias"):
        raise InvalidArgumentError("%s= given with level='%s'" % (given[0][0], level), call.where)
    if mode == lib.TMU_LEVEL_GRAD:
        if grad is None or not isinstance(grad, (tuple, list)) or len(grad) != 2:
            raise InvalidArgumentError("level 'grad' needs grad=(ddx, ddy), each of shape (..., %d)" % k,
                                       call.where)
        call.per_lane("grad_x", grad[0], components=k)
        call.per_lane("grad_y", grad[1], components=k)
    elif grad is not None:
        raise InvalidArgumentError("grad= given with level='%s'" % level, call.where)
    if mode in (lib.TMU_LEVEL_IMPLICIT, lib.TMU_LEVEL_BIAS) and call.n % 4:
        raise InvalidArgumentError("implicit LOD needs whole 2x2 quads (lanes 4k..4k+3), but there are %d lanes"
                                   % call.n, call.where)
    if min_lod is not None:
        op.has_min_lod = 1
        call.per_lane("min_lod", min_lod)


def sample(texture, coords, sampler=None, *, level=None, lod=None, bias=None, grad=None, min_lod=None,
           layer=None, offset=None, ref=None, result=None, residency=False, lod_report=False, mask=None,
           path=None):
    """Filtered lookups (``TMU_OP_SAMPLE``): one per coordinate of ``coords`` (shape S + (k,)).

    ``sampler``: a :class:`tmu.Sampler`, a dict of its fields, or None (the default sampler).
    ``level`` / ``lod`` / ``bias`` / ``grad``: level of detail (module docstring); ``min_lod``:
    per-lane LOD clamp; ``layer``: array layer (integers: clamped index as PTX; floats: rounded as
    Vulkan/GCN); ``offset``: texel offsets (S + (axes,) or one tuple); ``ref``: depth-compare
    reference (the sampler's ``compare_op``).  Returns S + (4,) results (or a :class:`Result`).

    Example::

        >>> t = tmu.Texture(np.array([[0, 255]], np.uint8), 'r8_unorm')     # 2x1, black | white
        >>> tmu.sample(t, [[0.25, 0.5], [0.5, 0.5]])[:, 0]                   # texel centre, edge
        array([0. , 0.5], dtype=float32)
    """
    call = _Call(texture, "sample")
    tex = texture
    res = _result_type(result, tex, call.where)
    op = _new_op(lib.TMU_OP_SAMPLE, tex, res)
    k = COORDS[tex.dim]
    call.coords(coords, k)
    smp = as_sampler(sampler, call.where)
    _layer(call, op, tex, layer)
    _level_inputs(call, op, k, level, lod, bias, grad, min_lod)
    _offset(call, op, tex, offset)
    if ref is not None:
        op.compare = 1
        call.per_lane("ref", ref)
    words = 2 if res == lib.TMU_RESULT_F16X2 else 4
    out = call.run(smp, op, words, residency, lod_report, mask, path)
    return call.finish(out[0], res, tex.format, out[1:])


def fetch(texture, coords, *, level=0, layer=None, sample=None, offset=None, result=None, residency=False,
          mask=None, path=None):
    """Unfiltered texel reads (``TMU_OP_FETCH``) at integer coordinates ``coords`` (S + (k,)).

    ``level``: mip level per lane (or one); ``layer``: absolute layer (cube maps: 6 * cube +
    face); ``sample``: sample index of multisample textures; ``offset`` as :func:`sample`.
    Reads outside the level (or a level/sample out of range) give zeros.

    Example::

        >>> t = tmu.Texture(np.arange(6, dtype=np.uint8).reshape(2, 3), 'r8_uint')
        >>> tmu.fetch(t, [[2, 1], [5, 0]])[:, 0]
        array([5, 0], dtype=uint32)
    """
    call = _Call(texture, "fetch")
    tex = texture
    res = _result_type(result, tex, call.where)
    op = _new_op(lib.TMU_OP_FETCH, tex, res)
    call.coords(coords, FETCH_COORDS[tex.dim], integer=True)
    call.per_lane("ilod", level, integer=True)
    if tex.dim in ARRAYED or tex.dim in CUBE:
        if layer is None:
            raise InvalidArgumentError("fetch from a %s texture needs layer= (absolute layer)" % tex.dim, call.where)
        op.layer_mode = lib.TMU_LAYER_U32
        call.per_lane("layer", layer, integer=True, unsigned=True)
    elif layer is not None:
        raise InvalidArgumentError("layer given for a %s texture" % tex.dim, call.where)
    if tex.dim in MS:
        call.per_lane("sample", 0 if sample is None else sample, integer=True, unsigned=True)
    elif sample is not None:
        raise InvalidArgumentError("sample given for a %s texture (not multisample)" % tex.dim, call.where)
    _offset(call, op, tex, offset)
    words = 2 if res == lib.TMU_RESULT_F16X2 else 4
    out = call.run(as_sampler(None, call.where), op, words, residency, False, mask, path)
    return call.finish(out[0], res, tex.format, out[1:])


def gather(texture, coords, sampler=None, *, component=0, layer=None, offset=None, offsets=None, ref=None,
           result=None, residency=False, mask=None, path=None):
    """The 2x2 footprint of bilinear filtering on level 0, one component (``TMU_OP_GATHER``,
    PTX tld4, GCN gather4): results in the order (i0,j1) (i1,j1) (i1,j0) (i0,j0).

    ``component``: 0-3 or 'r', 'g', 'b', 'a' (after the swizzle); ``offset``: one texel offset
    for all four; ``offsets``: four (x, y) offsets, one per result (textureGatherOffsets,
    S + (4, 2) or 4 pairs); ``ref``: depth-compare reference; others as :func:`sample`.

    Example::

        >>> t = tmu.Texture(np.array([[10, 20], [30, 40]], np.uint8), 'r8_uint')
        >>> tmu.gather(t, [[0.5, 0.5]], {'mag_filter': 'nearest', 'min_filter': 'nearest'})[0]
        array([30, 40, 20, 10], dtype=uint32)
    """
    call = _Call(texture, "gather")
    tex = texture
    res = _result_type(result, tex, call.where)
    op = _new_op(lib.TMU_OP_GATHER, tex, res)
    if isinstance(component, str):
        if component.lower() not in ("r", "g", "b", "a", "x", "y", "z", "w"):
            raise InvalidArgumentError("component must be 0-3 or r, g, b, a; got %r" % component, call.where)
        component = "rgbaxyzw".index(component.lower()) % 4
    if not isinstance(component, numbers.Integral) or isinstance(component, bool) or not 0 <= component <= 3:
        raise InvalidArgumentError("component must be 0-3 or r, g, b, a; got %r" % (component,), call.where)
    op.component = int(component)
    call.coords(coords, COORDS[tex.dim])
    smp = as_sampler(sampler, call.where)
    _layer(call, op, tex, layer)
    op.level_mode = lib.TMU_LEVEL_BASE
    if offset is not None and offsets is not None:
        raise InvalidArgumentError("give offset= or offsets=, not both", call.where)
    _offset(call, op, tex, offset)
    if offsets is not None:
        o = call._array(offsets, "offsets", integer=True)
        if o.ndim < 2 or o.shape[-2:] != (4, 2):
            raise InvalidArgumentError("offsets needs shape (..., 4, 2), got %s" % (o.shape,), call.where)
        op.has_gather_offsets = 1
        for i in range(4):
            call.per_lane("gather_offset", o[..., i, :], integer=True, index=2 * i, components=2)
    if ref is not None:
        op.compare = 1
        call.per_lane("ref", ref)
    words = 2 if res == lib.TMU_RESULT_F16X2 else 4
    out = call.run(smp, op, words, residency, False, mask, path)
    return call.finish(out[0], res, tex.format, out[1:])


def query(texture, what, *, level=0, coords=None, sampler=None, lod=None, bias=None, grad=None, mode=None,
          layer=None, path=None):
    """Texture queries: ``what`` = 'size', 'levels', 'samples' or 'lod'.

    'size': (width, height, depth, layers) of mip ``level`` (an int gives a uint32 array (4,),
    an array of levels gives S + (4,)); 'levels' and 'samples': an int; 'lod': for coordinates
    ``coords`` (S + (k,)) and a level mode as :func:`sample` (``mode`` = its ``level``), S + (2,)
    float32 of (level that would be read, lambda before clamping).

    Example::

        >>> t = tmu.Texture(np.zeros((4, 8), np.uint8), 'r8_unorm', levels='full')
        >>> tmu.query(t, 'size', level=1).tolist(), tmu.query(t, 'levels')
        ([4, 2, 1, 1], 4)
    """
    call = _Call(texture, "query")
    tex = texture
    kinds = {"size": lib.TMU_OP_QUERY_SIZE, "levels": lib.TMU_OP_QUERY_LEVELS,
             "samples": lib.TMU_OP_QUERY_SAMPLES, "lod": lib.TMU_OP_QUERY_LOD}
    if not isinstance(what, str) or what not in kinds:
        raise InvalidArgumentError("query what=%r: one of %s" % (what, ", ".join(kinds)), call.where)
    if what == "lod":
        op = _new_op(kinds[what], tex, lib.TMU_RESULT_F32)
        k = COORDS[tex.dim]
        if coords is None:
            raise InvalidArgumentError("query 'lod' needs coords=", call.where)
        call.coords(coords, k)
        _layer(call, op, tex, layer)
        _level_inputs(call, op, k, mode, lod, bias, grad, None)
        out = call.run(as_sampler(sampler, call.where), op, 4, path=path)
        return call.finish(out[0], lib.TMU_RESULT_F32, tex.format, (None, None, None))[..., :2]
    op = _new_op(kinds[what], tex, lib.TMU_RESULT_U32)
    if what == "size":
        scalar = np.ndim(level) == 0
        call.lanes(np.shape(level))
        call.per_lane("ilod", level, integer=True)
        out = call.run(as_sampler(None, call.where), op, 4, path=path)
        data = call.finish(out[0], lib.TMU_RESULT_U32, tex.format, (None, None, None))
        return data.reshape(4) if scalar else data
    call.lanes(())
    out = call.run(as_sampler(None, call.where), op, 4, path=path)
    return int(out[0][0, 0])


def quads(grid):
    """Reorders an (H, W, ...) grid (H, W even) into lane order for implicit LOD: each 2x2 block
    becomes 4 consecutive lanes (x = bit 0, y = bit 1).  Returns (H * W, ...); :func:`unquads`
    undoes it.

    Example::

        >>> tmu.quads(np.arange(16).reshape(4, 4))[:8].tolist()
        [0, 1, 4, 5, 2, 3, 6, 7]
    """
    g = np.asarray(grid)
    if g.ndim < 2 or g.shape[0] % 2 or g.shape[1] % 2:
        raise InvalidArgumentError("quads needs an (H, W, ...) grid with even H and W, got %s" % (g.shape,),
                                   "quads")
    h, w = g.shape[:2]
    rest = g.shape[2:]
    q = g.reshape((h // 2, 2, w // 2, 2) + rest).swapaxes(1, 2)  # (qy, qx, y, x, ...)
    return q.reshape((h * w,) + rest)


def unquads(lanes, h, w):
    """Inverse of :func:`quads`: (H * W, ...) lanes back to an (H, W, ...) grid.

    Example::

        >>> g = np.arange(16).reshape(4, 4)
        >>> bool((tmu.unquads(tmu.quads(g), 4, 4) == g).all())
        True
    """
    a = np.asarray(lanes)
    if h % 2 or w % 2 or a.ndim < 1 or a.shape[0] != h * w:
        raise InvalidArgumentError("unquads: %d lanes do not make an even %dx%d grid" % (a.shape[0] if a.ndim else 0,
                                                                                          h, w), "unquads")
    rest = a.shape[1:]
    q = a.reshape((h // 2, w // 2, 2, 2) + rest).swapaxes(1, 2)
    return q.reshape((h, w) + rest)
