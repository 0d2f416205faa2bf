"""Textures from NumPy arrays and samplers from keyword arguments (tmu/texture.h).

Array shapes (level 0; C order, x fastest), with an optional last axis of channels:

==============  ======================  ================================================
dim             shape                   notes
==============  ======================  ================================================
``1d``          (W,)
``2d``          (H, W)
``3d``          (D, H, W)
``cube``        (6, H, W)               faces +X, -X, +Y, -Y, +Z, -Z; H == W
``1d_array``    (L, W)
``2d_array``    (L, H, W)
``cube_array``  (6 * C, H, W)           layer = 6 * cube + face
``2d_ms``       (S, H, W)               S samples per texel, one level
``2d_ms_array`` (L, S, H, W)
==============  ======================  ================================================

The texel axis: the format's :attr:`tmu.Format.storage` dtype with ``storage_channels``
channels in memory order (uint8 (..., 4) for r8g8b8a8_unorm and b8g8r8a8_unorm, float16
(..., 2) for r16g16_float, uint32 without a channel axis for rgb9e5), or uint8 with a last
axis of ``bytes`` (raw texels, any format).  :meth:`Texture.from_values` encodes values instead.
"""

import numbers

import numpy as np

from . import _enums
from ._native import ffi, lib
from .errors import InvalidArgumentError, check
from .formats import decode_texels, encode_texels, format_info

# dim -> (spatial axes of level 0, coordinate components, offset components)
_DIMS = {
    "1d": ("W",), "2d": ("H", "W"), "3d": ("D", "H", "W"), "cube": ("F", "H", "W"),
    "1d_array": ("L", "W"), "2d_array": ("L", "H", "W"), "cube_array": ("F", "H", "W"),
    "2d_ms": ("S", "H", "W"), "2d_ms_array": ("L", "S", "H", "W"),
}
COORDS = {"1d": 1, "2d": 2, "3d": 3, "cube": 3, "1d_array": 1, "2d_array": 2, "cube_array": 3,
          "2d_ms": 2, "2d_ms_array": 2}
ARRAYED = {"1d_array", "2d_array", "cube_array", "2d_ms_array"}
CUBE = {"cube", "cube_array"}
MS = {"2d_ms", "2d_ms_array"}

# The most bytes of texel memory one Texture allocates (and guest memory one GcnWave maps)
# unless max_bytes= says otherwise: 1 GiB, as the CLI's tmu --max-bytes default.
DEFAULT_MAX_BYTES = 1 << 30

# Mip generation decodes about this many bytes of float64 values at a time (4 MiB).
_MIP_CHUNK_BYTES = 1 << 22


def check_max_bytes(v, where):
    """A max_bytes argument: a positive integer."""
    if not isinstance(v, numbers.Integral) or isinstance(v, bool) or v < 1:
        raise InvalidArgumentError("max_bytes must be a positive integer, not %r" % (v,), where)
    return int(v)


_SWZ = {"r": 0, "g": 1, "b": 2, "a": 3, "0": 4, "1": 5, "x": 0, "y": 1, "z": 2, "w": 3}


def dim_value(dim, where="texture"):
    """``tmu_dim`` value of a shape name ('2d', 'cube_array', ...) or value."""
    return _enums.value(dim, "tmu_dim", "TMU_DIM_", where, "dim")


def dim_name(v):
    """Name of a ``tmu_dim`` value."""
    return _enums.name(v, "tmu_dim", "TMU_DIM_")


def _positive(x, what, where):
    if not isinstance(x, numbers.Integral) or isinstance(x, bool) or x < 0:
        raise InvalidArgumentError("%s must be a non-negative integer, not %r" % (what, x), where)
    return int(x)


class _StorageLevel:
    """A level given in the format's storage dtype, copied into the texture's memory by store()
    without a whole-level intermediate."""

    def __init__(self, a, nsp, fi):
        self.a, self.fi = a, fi
        self.shape = a.shape[:nsp] + (fi.bytes,)

    def store(self, view):
        le = self.fi.storage.newbyteorder("<")
        target = view.view(le)  # last axis: bytes -> channels (or 1 whole texel)
        target[...] = self.a if self.fi.storage_channels else self.a[..., None]


class Texture:
    """A texture: texel memory owned by this object (a NumPy uint8 buffer) and a ``tmu_texture``.

    ``data`` is level 0 as an array (shapes in the module docstring), or a list of arrays, one
    per mip level (each level's size max(1, size >> n) is checked).  ``levels`` (int or 'full')
    with a single array generates the chain: each level is the 2x2 (3D: 2x2x2) box average of the
    previous one in decoded values (linear for sRGB; an odd edge drops its last texel), encoded
    back into the format.  ``swizzle`` is 4 of r g b a 0 1 ('rgba', 'bgr1').  ``tile`` = (w, h[, d])
    and ``resident`` = one array per level of tiles (slices, tiles_y, tiles_x), non-zero =
    resident, or None = all resident, make a sparse texture.  ``base_level``, ``level_count``,
    ``base_layer``, ``layer_count``, ``min_lod`` are the view fields of ``tmu_texture``, checked
    here (``tmu_texture_validate``).  ``max_bytes`` (default :data:`DEFAULT_MAX_BYTES`, 1 GiB)
    bounds the texel memory: a larger texture is refused from its shape, before anything is
    allocated or copied.  Generated levels are computed a slab at a time (about 4 MiB of
    float64 values), not through a copy of the whole level.

    Example::

        >>> t = tmu.Texture(np.zeros((4, 8, 4), np.uint8), 'r8g8b8a8_unorm', levels='full')
        >>> (t.dim, t.width, t.height, t.levels, t.level(3).shape)
        ('2d', 8, 4, 4, (1, 1, 4))
    """

    def __init__(self, data, format, dim="2d", *, levels=None, swizzle="rgba", tile=None, resident=None,
                 base_level=0, level_count=0, base_layer=0, layer_count=0, min_lod=0.0,
                 max_bytes=DEFAULT_MAX_BYTES):
        where = "texture"
        self.format = format_info(format, where)
        self.dim = dim_name(dim_value(dim, where))
        max_bytes = check_max_bytes(max_bytes, where)
        chain = list(data) if isinstance(data, (list, tuple)) else None
        if chain is not None and not chain:
            raise InvalidArgumentError("an empty list of levels", where)
        raw0 = self._raw(chain[0] if chain is not None else data, 0, where, copy=False)
        shape = self._shape_of(raw0.shape[:-1], where)
        self.width, self.height, self.depth, self.layers, self.samples = shape
        full = self._full_levels()
        if chain is not None:
            if levels not in (None, len(chain)):
                raise InvalidArgumentError("levels=%r but %d level arrays were given" % (levels, len(chain)), where)
            nlev = len(chain)
        elif levels is None:
            nlev = 1
        elif levels == "full":
            nlev = full
        else:
            nlev = _positive(levels, "levels", where)
        if nlev < 1 or nlev > full:
            raise InvalidArgumentError("levels=%d: this %s texture has 1 to %d levels" % (nlev, self.dim, full), where)
        self.levels = nlev
        size = lib.tmu_texture_packed_size(dim_value(self.dim), self.format.value, self.width, self.height,
                                           self.depth, self.layers, nlev, self.samples)
        if size == 0:
            raise InvalidArgumentError("impossible texture shape %s" % (raw0.shape[:-1],), where)
        if size > max_bytes:
            raise InvalidArgumentError("the texture needs %d bytes, more than max_bytes=%d (give max_bytes=N to "
                                       "allow more)" % (size, max_bytes), where)
        self._memory = np.zeros(size, dtype=np.uint8)
        self._tex = ffi.new("tmu_texture *")
        diag = ffi.new("tmu_diag *")
        st = lib.tmu_texture_init_packed(self._tex, dim_value(self.dim), self.format.value, self.width,
                                         self.height, self.depth, self.layers, nlev, self.samples,
                                         ffi.from_buffer(self._memory), size, diag)
        check(st, diag, where)
        self._set_level_bytes(0, raw0, where)
        for n in range(1, nlev):
            if chain is not None:
                raw = self._raw(chain[n], n, where)
                if raw.shape[:-1] != self._level_shape(n):
                    raise InvalidArgumentError("level %d has shape %s, expected %s"
                                               % (n, raw.shape[:-1], self._level_shape(n)), where)
                self._set_level_bytes(n, raw, where)
            else:
                self._downsample(n)
        self.swizzle = swizzle
        self._residency = None
        self._maps = []
        if tile is not None or resident is not None:
            self._set_residency(tile, resident, where)
        t = self._tex
        t.base_level = _positive(base_level, "base_level", where)
        t.level_count = _positive(level_count, "level_count", where)
        t.base_layer = _positive(base_layer, "base_layer", where)
        t.layer_count = _positive(layer_count, "layer_count", where)
        t.min_lod = float(min_lod)
        self.validate()  # a view past the levels or layers is refused here, not at the first sample

    # -- construction helpers ------------------------------------------------------------------

    @classmethod
    def from_values(cls, values, format, dim="2d", **kwargs):
        """A texture whose texels are ``values`` (spatial shape + (k,), k = 1..4 channels R, G, B, A)
        encoded into ``format`` like :func:`tmu.encode`; a list of arrays gives the mip chain.
        Other keywords as :class:`Texture`.

        Example::

            >>> t = tmu.Texture.from_values(np.full((2, 2, 3), 0.5), 'r8g8b8a8_unorm')
            >>> t.level(0)[0, 0].tolist()
            [128, 128, 128, 0]
        """
        fi = format_info(format, "texture")
        max_bytes = check_max_bytes(kwargs.get("max_bytes", DEFAULT_MAX_BYTES), "texture")
        for v in (values if isinstance(values, (list, tuple)) else [values]):
            shape = np.shape(v)  # checked before anything is encoded
            if shape and int(np.prod(shape[:-1], dtype=np.int64)) * fi.bytes > max_bytes:
                raise InvalidArgumentError("the texture needs at least %d bytes, more than max_bytes=%d (give "
                                           "max_bytes=N to allow more)"
                                           % (int(np.prod(shape[:-1], dtype=np.int64)) * fi.bytes, max_bytes),
                                           "texture")
        if isinstance(values, (list, tuple)):
            data = [encode_texels(fi, v, "texture") for v in values]
        else:
            data = encode_texels(fi, values, "texture")
        return cls(data, fi, dim, **kwargs)

    def _raw(self, arr, level, where, copy=True):
        """Texel data of one level as uint8 (spatial + (bytes,)).  With copy=False a storage-dtype
        array comes back as a view of that dtype (its shape is checked; the bytes are copied by
        _set_level_bytes), so that nothing the size of the level is allocated before the size
        limit is checked."""
        fi = self.format
        a = np.asarray(arr)
        nsp = len(_DIMS[self.dim])
        if a.ndim == nsp + 1 and a.dtype == np.uint8 and a.shape[-1] == fi.bytes:
            return a  # assigned into the texture's memory as it is (any strides)
        if fi.storage is not None and a.dtype == fi.storage:
            want = nsp + (1 if fi.storage_channels else 0)
            if a.ndim == want and (not fi.storage_channels or a.shape[-1] == fi.storage_channels):
                if not copy:
                    return _StorageLevel(a, nsp, fi)
                a = np.ascontiguousarray(a, dtype=fi.storage.newbyteorder("<"))
                sp = a.shape[:nsp]
                return a.view(np.uint8).reshape(sp + (fi.bytes,))
        axes = ", ".join(_DIMS[self.dim])
        st = ""
        if fi.storage is not None:
            st = "(%s%s) of %s or " % (axes, ", %d" % fi.storage_channels if fi.storage_channels else "",
                                     fi.storage)
        raise InvalidArgumentError("level %d of a %s %s texture must be %s(%s, %d) of uint8, got %s %s"
                                   % (level, self.dim, fi.name, st, axes, fi.bytes, a.dtype, a.shape), where)

    def _shape_of(self, sp, where):
        """(width, height, depth, layers, samples) from the spatial shape of level 0."""
        d = self.dim
        if 0 in sp:
            raise InvalidArgumentError("texture shape %s has an empty axis" % (sp,), where)
        w = sp[-1]
        h = sp[-2] if len(sp) >= 2 and d not in ("1d", "1d_array") else 1
        depth, layers, samples = 1, 1, 1
        if d == "3d":
            depth = sp[0]
        elif d in ("1d_array", "2d_array"):
            layers = sp[0]
        elif d in CUBE:
            layers = sp[0]
            if h != w:
                raise InvalidArgumentError("cube faces must be square, got %dx%d" % (w, h), where)
            if layers % 6 or (d == "cube" and layers != 6):
                raise InvalidArgumentError("a %s texture has %s faces, got %d"
                                           % (d, "6" if d == "cube" else "6 * cubes", layers), where)
        elif d == "2d_ms":
            samples = sp[0]
        elif d == "2d_ms_array":
            layers, samples = sp[0], sp[1]
        lim = lib.TMU_MAX_SIZE
        if max(w, h, depth) > lim or layers > 6 * lim or samples > 64:
            raise InvalidArgumentError("texture shape %s exceeds tmu's limits (%d texels per axis, 64 samples)"
                                       % (sp, lim), where)
        return int(w), int(h), int(depth), int(layers), int(samples)

    def _full_levels(self):
        if self.dim in MS:
            return 1
        m = max(self.width, self.height, self.depth if self.dim == "3d" else 1)
        return min(m.bit_length(), lib.TMU_MAX_LEVELS)

    def _level_shape(self, n):
        """Spatial shape of level n in this class's convention."""
        w = max(1, self.width >> n)
        h = max(1, self.height >> n)
        d = max(1, self.depth >> n)
        return {"1d": (w,), "2d": (h, w), "3d": (d, h, w), "cube": (6, h, w), "1d_array": (self.layers, w),
                "2d_array": (self.layers, h, w), "cube_array": (self.layers, h, w),
                "2d_ms": (self.samples, h, w), "2d_ms_array": (self.layers, self.samples, h, w)}[self.dim]

    def _level_memory(self, n):
        lv = self._tex.level[n]
        start = int(ffi.cast("uintptr_t", lv.data)) - int(ffi.cast("uintptr_t", ffi.from_buffer(self._memory)))
        return self._memory[start:start + lv.size]

    def _bytes_view(self, n):
        """Writable uint8 view of level n: spatial shape (this class's order) + (bytes,)."""
        mem = self._level_memory(n)
        b = self.format.bytes
        sp = self._level_shape(n)
        if self.dim == "2d_ms":  # memory [y][sample][x]
            s, h, w = sp
            return mem.reshape(h, s, w, b).transpose(1, 0, 2, 3)
        if self.dim == "2d_ms_array":  # memory [layer][y][sample][x]
            layer, s, h, w = sp
            return mem.reshape(layer, h, s, w, b).transpose(0, 2, 1, 3, 4)
        return mem.reshape(sp + (b,))

    def _set_level_bytes(self, n, raw, where):
        view = self._bytes_view(n)
        if raw.shape != view.shape:
            raise InvalidArgumentError("level %d has shape %s, expected %s" % (n, raw.shape[:-1], view.shape[:-1]),
                                       where)
        if isinstance(raw, _StorageLevel):
            raw.store(view)
        else:
            view[...] = raw

    def _downsample(self, n):
        """Level n from level n-1: box average of decoded values (float64), encoded back, a slab
        of rows (or slices, or layers) at a time so that the float64 values of the whole level
        (8x its bytes for RGBA8) are never held at once."""
        fi = self.format
        src, dst = self._bytes_view(n - 1), self._bytes_view(n)
        layered = self.dim in ("cube", "1d_array", "2d_array", "cube_array")
        outer = range(src.shape[0]) if layered else [None]
        for i in outer:
            s = src[i] if layered else src
            d = dst[i] if layered else dst
            # rows of the first remaining axis: output index r needs inputs 2r, 2r + 1 (or r when
            # the axis has one element)
            per_row = max(1, int(np.prod(s.shape[1:-1], dtype=np.int64)) * 4 * 8)
            step = max(1, _MIP_CHUNK_BYTES // (2 * per_row))
            for r0 in range(0, d.shape[0], step):
                r1 = min(d.shape[0], r0 + step)
                chunk = s[r0:r1] if s.shape[0] == 1 else s[2 * r0:2 * r1]
                with np.errstate(invalid="ignore", over="ignore"):  # NaN / Inf texels average to NaN / Inf
                    vals = decode_texels(fi, chunk).astype(np.float64)
                    d[r0:r1] = self._downsample_values(fi, vals, layered)

    def _downsample_values(self, fi, prev, layered=False):
        axes = {"1d": [0], "2d": [0, 1], "3d": [0, 1, 2], "cube": [1, 2], "1d_array": [1], "2d_array": [1, 2],
                "cube_array": [1, 2]}[self.dim]
        if layered:  # one layer (or face) at a time: its axes come one earlier
            axes = [a - 1 for a in axes]
        for ax in axes:
            size = prev.shape[ax]
            if size == 1:
                continue
            half = size // 2
            even = np.take(prev, np.arange(0, 2 * half, 2), axis=ax)
            odd = np.take(prev, np.arange(1, 2 * half, 2), axis=ax)
            prev = (even + odd) / 2
        if fi.numeric in ("uint", "sint"):
            prev = np.round(prev)
        if fi.has_stencil:
            prev[..., 1] = np.round(prev[..., 1])
        return encode_texels(fi, prev)

    def _set_residency(self, tile, resident, where):
        if tile is None or resident is None:
            raise InvalidArgumentError("a sparse texture needs both tile=(w, h[, d]) and resident=[maps]", where)
        tile = tuple(tile)
        if len(tile) == 2:
            tile = tile + (1,)
        if len(tile) != 3 or not all(isinstance(x, numbers.Integral) and 0 < x <= 1 << 20 for x in tile):
            raise InvalidArgumentError("tile must be (w, h) or (w, h, d) of positive integers, got %r" % (tile,),
                                       where)
        resident = list(resident)
        if len(resident) > self.levels:
            raise InvalidArgumentError("%d residency maps for %d levels" % (len(resident), self.levels), where)
        r = ffi.new("tmu_residency *")
        r.tile_w, r.tile_h, r.tile_d = (int(x) for x in tile)
        self._maps = []
        for n, m in enumerate(resident):
            if m is None:
                continue
            w = max(1, self.width >> n)
            h = max(1, self.height >> n)
            tx, ty = -(-w // tile[0]), -(-h // tile[1])
            slices = -(-max(1, self.depth >> n) // tile[2]) if self.dim == "3d" else self.layers
            a = np.asarray(m)
            if a.dtype.kind not in "biu":
                raise InvalidArgumentError("residency map %d must be bool or integers, not %s" % (n, a.dtype), where)
            if a.ndim == 2 and slices == 1:
                a = a[None]
            if a.shape != (slices, ty, tx):
                raise InvalidArgumentError("residency map of level %d must have shape %s (slices, tiles_y, "
                                           "tiles_x), got %s" % (n, (slices, ty, tx), a.shape), where)
            a = np.ascontiguousarray(a != 0, dtype=np.uint8)
            self._maps.append(a)
            r.map[n] = ffi.cast("const uint8_t *", ffi.from_buffer(a))
        self._residency = r
        self._tex.residency = r

    # -- public --------------------------------------------------------------------------------

    @property
    def memory(self):
        """All texel memory (every level, as ``tmu_texture_init_packed`` lays it out) as a writable
        flat uint8 array; the C texture points into it, so it cannot be replaced, only written.

        Example: ``tmu.Texture(np.zeros((4, 4), np.uint8), 'r8_unorm', levels=3).memory.size`` is 21."""
        return self._memory

    @property
    def swizzle(self):
        """The component swizzle as a 4-letter string of r g b a 0 1 (settable).

        Example: ``tmu.Texture(np.zeros((1, 1), np.uint8), 'r8_unorm', swizzle='rrr1').swizzle`` is
        ``'rrr1'``."""
        return "".join("rgba01"[self._tex.swizzle[c]] for c in range(4))

    @swizzle.setter
    def swizzle(self, value):
        if isinstance(value, str) and len(value) == 4 and all(ch in _SWZ for ch in value.lower()):
            vals = [_SWZ[ch] for ch in value.lower()]
        else:
            try:
                vals = [_enums.value(v, "tmu_swizzle", "TMU_SWIZZLE_", "texture", "swizzle") for v in value]
            except TypeError:
                raise InvalidArgumentError("swizzle must be 4 of r g b a 0 1, got %r" % (value,), "texture") from None
            if len(vals) != 4:
                raise InvalidArgumentError("swizzle needs 4 components, got %r" % (value,), "texture")
        for c in range(4):
            self._tex.swizzle[c] = vals[c]

    def level(self, n=0):
        """Level ``n`` as a writable NumPy view of the texel memory, in the storage form the
        constructor takes (``storage`` dtype with its channel axis, or raw uint8 bytes).

        Example::

            >>> t = tmu.Texture(np.arange(4, dtype=np.uint16).reshape(2, 2), 'r16_uint')
            >>> t.level(0)[1, 0]
            2
        """
        if not isinstance(n, numbers.Integral) or not 0 <= n < self.levels:
            raise InvalidArgumentError("level %r: the texture has %d levels" % (n, self.levels), "texture")
        b = self._bytes_view(n)
        fi = self.format
        if fi.storage is None:
            return b
        v = b.view(fi.storage.newbyteorder("<"))  # last axis: bytes -> channels (or 1 whole texel)
        return v if fi.storage_channels else v[..., 0]

    def values(self, n=0):
        """Level ``n`` decoded to values (spatial shape + (4,)) as :func:`tmu.decode` gives them.

        Example::

            >>> tmu.Texture(np.full((1, 2), 255, np.uint8), 'r8_unorm').values()[0, 1].tolist()
            [1.0, 0.0, 0.0, 1.0]
        """
        self.level(n)
        return decode_texels(self.format, self._bytes_view(n))

    def validate(self):
        """Runs ``tmu_texture_validate`` (raises :class:`tmu.Error` on a bad shape or view).

        Example: ``tmu.Texture(np.zeros((2, 2), np.uint8), 'r8_unorm').validate()`` returns None."""
        diag = ffi.new("tmu_diag *")
        check(lib.tmu_texture_validate(self._tex, diag), diag, "texture")

    def sample(self, coords, sampler=None, **kwargs):
        """:func:`tmu.sample` on this texture."""
        from .unit import sample
        return sample(self, coords, sampler, **kwargs)

    def fetch(self, coords, **kwargs):
        """:func:`tmu.fetch` on this texture."""
        from .unit import fetch
        return fetch(self, coords, **kwargs)

    def gather(self, coords, sampler=None, **kwargs):
        """:func:`tmu.gather` on this texture."""
        from .unit import gather
        return gather(self, coords, sampler, **kwargs)

    def query(self, what, **kwargs):
        """:func:`tmu.query` on this texture."""
        from .unit import query
        return query(self, what, **kwargs)

    def __repr__(self):
        return "<tmu.Texture %s %s %dx%dx%d layers=%d levels=%d samples=%d>" % (
            self.dim, self.format.name, self.width, self.height, self.depth, self.layers, self.levels, self.samples)


# -- samplers ----------------------------------------------------------------------------------

_ENUM_FIELDS = {
    "mag_filter": ("tmu_filter", "TMU_FILTER_"), "min_filter": ("tmu_filter", "TMU_FILTER_"),
    "mip_filter": ("tmu_mip_filter", "TMU_MIP_"), "compare_op": ("tmu_compare", "TMU_COMPARE_"),
    "precision": ("tmu_precision", "TMU_PRECISION_"), "reduction": ("tmu_reduction", "TMU_REDUCTION_"),
}
_BOOL_FIELDS = ("normalized", "seamless_cube")
_FLOAT_FIELDS = ("lod_bias", "min_lod", "max_lod", "max_anisotropy")


class Sampler:
    """Sampler state (``tmu_sampler``) from keyword arguments with the C field names.

    Starts from ``tmu_sampler_default()`` (repeat, linear, no mips, normalised coordinates,
    seamless cube, exact precision, LOD range [0, 1000]).  Fields: ``address`` (one mode for all
    axes or three), ``mag_filter``, ``min_filter`` ('nearest', 'linear', 'cubic'), ``mip_filter``
    ('none', 'nearest', 'linear'), ``normalized``, ``seamless_cube``, ``compare_op`` ('less', ...),
    ``precision`` ('exact', 'nvidia', 'nvidia_trunc'), ``lod_bias``, ``min_lod``, ``max_lod``,
    ``border_f`` / ``border_u`` (4 values or one for all), ``reduction`` ('weighted_average',
    'min', 'max'), ``max_anisotropy``.  Enum fields take names or C values; reading a field gives
    the name.

    Example::

        >>> s = tmu.Sampler(address='clamp_to_edge', mag_filter='nearest', mip_filter='linear')
        >>> s.address, s.mag_filter, s.min_filter, s.normalized
        (('clamp_to_edge', 'clamp_to_edge', 'clamp_to_edge'), 'nearest', 'linear', True)
    """

    FIELDS = ("address", "mag_filter", "min_filter", "mip_filter", "normalized", "seamless_cube", "compare_op",
              "precision", "lod_bias", "min_lod", "max_lod", "border_f", "border_u", "reduction",
              "max_anisotropy")

    def __init__(self, **fields):
        object.__setattr__(self, "_s", ffi.new("tmu_sampler *", lib.tmu_sampler_default()))
        for k, v in fields.items():
            setattr(self, k, v)

    def __setattr__(self, key, v):
        s, where = self._s, "sampler"
        if key == "address":
            vals = [v] * 3 if isinstance(v, (str, numbers.Integral)) else list(v) if _iterable(v) else None
            if vals is None or len(vals) != 3:
                raise InvalidArgumentError("address must be one mode or three, got %r" % (v,), where)
            for i in range(3):
                s.address[i] = _enums.value(vals[i], "tmu_address", "TMU_ADDRESS_", where, "address")
        elif key in _ENUM_FIELDS:
            setattr(s, key, _enums.value(v, *_ENUM_FIELDS[key], where, key))
        elif key in _BOOL_FIELDS:
            if not isinstance(v, (bool, numbers.Integral)) or int(v) not in (0, 1):
                raise InvalidArgumentError("%s must be True or False, got %r" % (key, v), where)
            setattr(s, key, int(v))
        elif key in _FLOAT_FIELDS:
            setattr(s, key, _float(v, key, where))
        elif key == "border_f":
            vals = [v] * 4 if not _iterable(v) else list(v)
            if len(vals) != 4:
                raise InvalidArgumentError("border_f needs 4 values (or one), got %r" % (v,), where)
            for i in range(4):
                s.border_f[i] = _float(vals[i], key, where)
        elif key == "border_u":
            vals = [v] * 4 if not _iterable(v) else list(v)
            if len(vals) != 4:
                raise InvalidArgumentError("border_u needs 4 values (or one), got %r" % (v,), where)
            for i in range(4):
                x = vals[i]
                if not isinstance(x, numbers.Integral) or isinstance(x, bool) or not -2**31 <= x < 2**32:
                    raise InvalidArgumentError("border_u values are 32-bit integers, got %r" % (x,), where)
                s.border_u[i] = int(x) & 0xFFFFFFFF
        else:
            raise InvalidArgumentError("'%s' is not a sampler field (fields: %s)" % (key, ", ".join(self.FIELDS)),
                                       where)

    def __getattr__(self, key):
        s = object.__getattribute__(self, "_s")
        if key == "address":
            return tuple(_enums.name(s.address[i], "tmu_address", "TMU_ADDRESS_") for i in range(3))
        if key in _ENUM_FIELDS:
            return _enums.name(getattr(s, key), *_ENUM_FIELDS[key])
        if key in _BOOL_FIELDS:
            return bool(getattr(s, key))
        if key in _FLOAT_FIELDS:
            return float(getattr(s, key))
        if key == "border_f":
            return tuple(float(s.border_f[i]) for i in range(4))
        if key == "border_u":
            return tuple(int(s.border_u[i]) for i in range(4))
        raise AttributeError(key)

    def fields(self):
        """All fields as a dict (names for enums), e.g. to copy a sampler: ``Sampler(**s.fields())``.

        Example: ``tmu.Sampler().fields()['precision']`` is ``'exact'``."""
        return {k: getattr(self, k) for k in self.FIELDS}

    def __repr__(self):
        return "tmu.Sampler(%s)" % ", ".join("%s=%r" % kv for kv in self.fields().items())


def _iterable(v):
    if isinstance(v, (str, bytes)):
        return False
    try:
        iter(v)
        return True
    except TypeError:
        return False


def _float(v, what, where):
    if isinstance(v, (bool, str)) or not isinstance(v, (numbers.Real, np.floating, np.integer)):
        raise InvalidArgumentError("%s must be a number, got %r" % (what, v), where)
    return float(v)


def as_sampler(sampler, where):
    """A Sampler from None (default), a Sampler, or a dict of fields."""
    if sampler is None:
        return Sampler()
    if isinstance(sampler, Sampler):
        return sampler
    if isinstance(sampler, dict):
        return Sampler(**sampler)
    raise InvalidArgumentError("sampler must be a tmu.Sampler or a dict of fields, not %s"
                               % type(sampler).__name__, where)
