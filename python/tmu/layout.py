"""AMD surface layouts as AMD's address library (addrlib) computes them (tmu/layout.h).

A :class:`Surface` is one surface on one chip preset (:func:`amd_chips` lists them): gfx6-8
surfaces (tahiti ... polaris12, the PS4's liverpool) are chosen by GB_TILE_MODE index
(``tile_index``), gfx9-gfx11 surfaces (vega10 ... navi21, gfx11_16pipe ...) by swizzle mode (``swizzle``).
``Surface.info`` gives what addrlib computes (size, alignment, per level offset, size, padded
pitch / height / depth and the tile mode really used, or the swizzle block and mip tail);
``Surface.address`` the byte address of one element; ``Surface.detile`` and ``Surface.retile``
copy a rectangle of one level between tiled memory (any contiguous buffer) and a NumPy array.

Element arrays: (H, W) of uint8, uint16, uint32 or uint64 for 8, 16, 32 and 64-bit elements,
(H, W, 2) of uint64 for 128-bit ones (low half first), little-endian like the tiled memory.
"""

import numbers

import numpy as np

from ._native import ffi, lib
from .errors import InvalidArgumentError, NotFoundError, RangeError, check
from .texture import DEFAULT_MAX_BYTES, check_max_bytes

_FLAGS = {
    "texture": lib.TMU_SURF_TEXTURE, "depth": lib.TMU_SURF_DEPTH, "color": lib.TMU_SURF_COLOR,
    "display": lib.TMU_SURF_DISPLAY, "cube": lib.TMU_SURF_CUBE, "volume": lib.TMU_SURF_VOLUME,
    "prt": lib.TMU_SURF_PRT, "pow2pad": lib.TMU_SURF_POW2_PAD,
    "no_large_thick_degrade": lib.TMU_SURF_NO_LARGE_THICK_DEGRADE, "stencil": lib.TMU_SURF_STENCIL,
}
# other spellings: the CLI's and addrlib's
_FLAG_ALIASES = {"colour": "color", "no-large-thick-degrade": "no_large_thick_degrade",
                 "disallowlargethickdegrade": "no_large_thick_degrade"}
_RSRC = {"1d": lib.TMU_SURF_1D, "2d": lib.TMU_SURF_2D, "3d": lib.TMU_SURF_3D}
_RSRC_NAME = {v: k for k, v in _RSRC.items()}
_DTYPES = {1: np.uint8, 2: np.uint16, 4: np.uint32, 8: np.uint64}
_GFX9 = (lib.TMU_AMD_GFX9, lib.TMU_AMD_GFX10, lib.TMU_AMD_GFX10_3, lib.TMU_AMD_GFX11)


def _s(p):
    return ffi.string(p).decode("ascii", "replace")


def _chip_dict(c):
    return {"name": _s(c.name), "gen": _s(lib.tmu_amd_gen_name(c.gen)), "family": int(c.family),
            "revision": int(c.revision), "gb_addr_config": int(c.gb_addr_config), "mc_banks": int(c.mc_banks),
            "mc_ranks": int(c.mc_ranks), "tile_mode": [int(v) for v in c.tile_mode],
            "macrotile_mode": [int(v) for v in c.macrotile_mode]}


def amd_chips():
    """The chip presets of ``tmu_amd_chip_count`` / ``tmu_amd_chip_at`` as a list of dicts: 'name',
    'gen' ('gfx6' ... 'gfx10.3', 'gfx11'), 'family', 'revision', 'gb_addr_config', 'mc_banks', 'mc_ranks',
    'tile_mode' (the 32 GB_TILE_MODE dwords) and 'macrotile_mode' (the 16 GB_MACROTILE_MODE
    dwords; gfx9+ chips use only gb_addr_config).  'ps4' also names liverpool in :class:`Surface`.

    Example::

        >>> [(c['name'], c['gen'], hex(c['gb_addr_config'])) for c in tmu.amd_chips()][4]
        ('liverpool', 'gfx7', '0x3')
    """
    return [_chip_dict(lib.tmu_amd_chip_at(i)) for i in range(lib.tmu_amd_chip_count())]


def _uint(v, what, where, lo=0, hi=2**32 - 1):
    if not isinstance(v, numbers.Integral) or isinstance(v, bool) or not lo <= v <= hi:
        raise InvalidArgumentError("%s must be an integer in [%d, %d], not %r" % (what, lo, hi, v), where)
    return int(v)


def _flag_bits(flags, where):
    if isinstance(flags, numbers.Integral) and not isinstance(flags, bool):
        return _uint(flags, "flags", where)
    if isinstance(flags, str):
        items = [f for f in flags.split(",")]
    else:
        try:
            items = list(flags)
        except TypeError:
            raise InvalidArgumentError("flags must be a string 'a,b', a list of names or an int, not %r"
                                       % (flags,), where) from None
    bits = 0
    for f in items:
        key = f.strip().lower() if isinstance(f, str) else None
        key = _FLAG_ALIASES.get(key, key)
        if key not in _FLAGS:
            raise InvalidArgumentError("unknown flag %r (flags: %s)" % (f, ", ".join(_FLAGS)), where)
        bits |= _FLAGS[key]
    return bits


def _flag_names(bits):
    return [n for n, b in _FLAGS.items() if bits & b]


def _buffer(obj, what, where, writable=False):
    """A flat byte memoryview of obj (bytes, bytearray, memoryview, NumPy array, ...), which must
    be C-contiguous (and writable when asked): never a copy, so writes reach the caller's memory."""
    if isinstance(obj, np.ndarray):
        if not obj.flags.c_contiguous:
            raise InvalidArgumentError("%s must be C-contiguous" % what, where)
        if writable and not obj.flags.writeable:
            raise InvalidArgumentError("%s must be writable (a read-only array was given)" % what, where)
        return memoryview(obj.reshape(-1).view(np.uint8))
    try:
        mv = memoryview(obj)
    except TypeError:
        raise InvalidArgumentError("%s must be a buffer (bytes, bytearray, NumPy array), not %s"
                                   % (what, type(obj).__name__), where) from None
    if not mv.c_contiguous:
        raise InvalidArgumentError("%s must be C-contiguous" % what, where)
    if writable and mv.readonly:
        raise InvalidArgumentError("%s must be writable (a bytearray or a writable array), not %s"
                                   % (what, type(obj).__name__), where)
    if mv.format == "B" and mv.ndim == 1:
        return mv
    try:
        return mv.cast("B")
    except (TypeError, ValueError, NotImplementedError):
        raise InvalidArgumentError("%s must be a buffer of plain bytes or numbers (format %r)"
                                   % (what, mv.format), where) from None


class Surface:
    """One AMD surface laid out as addrlib lays it out (``tmu_surface_init_amd``).

    ``chip``: a preset name (:func:`amd_chips`; 'ps4' = 'liverpool'), case-insensitive.
    ``tile_index`` (gfx6-8: the GB_TILE_MODE index, T# TILING_INDEX) or ``swizzle`` (gfx9+: an
    addrlib swizzle mode name such as 'SW_64KB_S_X' or '64KB_S_X', or its number = T# SW_MODE).
    ``bpp`` (8, 16, 32, 64, 128; BCn = 64/128-bit blocks), ``width``, ``height``, ``slices``
    (array layers, 6 x cubes, or a volume's depth), ``levels``, ``samples``, ``flags`` (names
    'texture' (the default), 'depth', 'stencil', 'color', 'display', 'cube', 'volume', 'prt',
    'pow2pad', 'no_large_thick_degrade' as a list or a comma-separated string, or the
    ``TMU_SURF_*`` bits), ``rsrc`` ('1d', '2d', '3d'; default '2d', '3d' for a volume; '3d' and
    'volume' mean the same) and ``pipe_bank_xor`` (gfx9+ _X / _T modes).  Refused surfaces
    raise :class:`tmu.InvalidArgumentError` or :class:`tmu.UnsupportedError` naming the field.
    ``max_bytes`` (default :data:`tmu.DEFAULT_MAX_BYTES`, 1 GiB, as ``tmu --max-bytes``) bounds
    what :meth:`detile` and :meth:`retile` allocate, checked before allocating.

    Example::

        >>> s = tmu.Surface('ps4', tile_index=14, bpp=32, width=2048, height=1000)
        >>> s.size, s.info['levels'][0]['tile_mode'], s.address(2047, 999)
        (8388608, '2D_TILED_THIN1', 8385276)
    """

    def __new__(cls, *args, **kwargs):
        # Surface(gpu=...) is an Adreno surface (layout_adreno.AdrenoSurface)
        if cls is Surface and kwargs.get("gpu") is not None:
            from .layout_adreno import AdrenoSurface
            cls = AdrenoSurface
        return object.__new__(cls)

    def __init__(self, chip, *, bpp, width, height=1, slices=1, levels=1, samples=1, flags="texture",
                 tile_index=None, swizzle=None, rsrc=None, pipe_bank_xor=0, max_bytes=DEFAULT_MAX_BYTES):
        where = "Surface"
        self._max_bytes = check_max_bytes(max_bytes, where)
        if not isinstance(chip, str) or "\0" in chip:
            raise InvalidArgumentError("chip must be a preset name, not %r" % (chip,), where)
        c = lib.tmu_amd_chip_find(chip.encode("utf-8", "replace"))
        if c == ffi.NULL:
            raise NotFoundError("unknown chip '%s' (chips: %s; ps4 = liverpool)"
                                % (chip, ", ".join(x["name"] for x in amd_chips())), where)
        self._chip = c
        gfx9 = c.gen in _GFX9
        d = ffi.new("tmu_surface_desc *")
        if tile_index is not None and swizzle is not None:
            raise InvalidArgumentError("give tile_index (gfx6-8) or swizzle (gfx9+), not both", where)
        if gfx9:
            if swizzle is None:
                raise InvalidArgumentError("%s is %s: give its swizzle mode (swizzle='SW_64KB_S_X')"
                                           % (_s(c.name), _s(lib.tmu_amd_gen_name(c.gen))), where)
            if isinstance(swizzle, str) and "\0" not in swizzle:
                sw = lib.tmu_amd_swizzle_mode_from_name(swizzle.encode("ascii", "replace"))
            elif isinstance(swizzle, numbers.Integral) and not isinstance(swizzle, bool) and 0 <= swizzle < 32:
                sw = int(swizzle)
            else:
                sw = -1
            if sw < 0:
                raise InvalidArgumentError("swizzle %r is not an addrlib swizzle mode (SW_LINEAR, SW_4KB_S, "
                                           "SW_64KB_S_X, ... or 0..31)" % (swizzle,), where)
            d.swizzle_mode = sw
            d.pipe_bank_xor = _uint(pipe_bank_xor, "pipe_bank_xor", where)
        else:
            if tile_index is None:
                raise InvalidArgumentError("%s is %s: give its GB_TILE_MODE index (tile_index=N)"
                                           % (_s(c.name), _s(lib.tmu_amd_gen_name(c.gen))), where)
            d.tile_index = _uint(tile_index, "tile_index", where, 0, 31)
            if _uint(pipe_bank_xor, "pipe_bank_xor", where):
                raise InvalidArgumentError("pipe_bank_xor is for gfx9+ swizzle modes", where)
        d.bpp = _uint(bpp, "bpp", where)
        d.width = _uint(width, "width", where)
        d.height = _uint(height, "height", where)
        d.slices = _uint(slices, "slices", where)
        d.levels = _uint(levels, "levels", where)
        d.samples = _uint(samples, "samples", where)
        bits = _flag_bits(flags, where)
        if rsrc is None:
            r = lib.TMU_SURF_3D if bits & lib.TMU_SURF_VOLUME else lib.TMU_SURF_2D
        else:
            r = _RSRC.get(rsrc.lower()) if isinstance(rsrc, str) else None
            if r is None:
                raise InvalidArgumentError("rsrc must be '1d', '2d' or '3d', not %r" % (rsrc,), where)
            if bits & lib.TMU_SURF_VOLUME and r != lib.TMU_SURF_3D:
                raise InvalidArgumentError("a volume is rsrc '3d'", where)
        if not gfx9 and r == lib.TMU_SURF_3D:
            bits |= lib.TMU_SURF_VOLUME  # gfx6-8 take 3D from the flag
        d.rsrc = r
        d.flags = bits
        self._lay_out(lib.tmu_surface_init_amd, c, d, where)

    def _lay_out(self, init, preset, desc, where):
        """Lays the surface out with ``init`` (a ``tmu_surface_init_*``) on the chip or GPU preset
        and the filled description, raising the package's error on refusal, and keeps what it
        computed for :attr:`info` (``_make_info``, the family's own)."""
        self._surf = ffi.new("tmu_surface *")
        diag = ffi.new("tmu_diag *")
        check(init(self._surf, preset, desc, diag), diag, where)
        self._info = self._make_info()

    # ---- what addrlib computed ----

    def _make_info(self):
        s = self._surf
        d = s.desc
        gfx9 = s.kind == lib.TMU_LAYOUT_AMD_GFX9
        desc = {"rsrc": _RSRC_NAME.get(d.rsrc, str(d.rsrc)), "bpp": d.bpp, "width": d.width, "height": d.height,
                "slices": d.slices, "levels": d.levels, "samples": d.samples, "flags": _flag_names(d.flags)}
        if gfx9:
            desc["swizzle"] = _s(lib.tmu_amd_swizzle_mode_name_gen(s.gen, d.swizzle_mode))
            desc["pipe_bank_xor"] = d.pipe_bank_xor
        else:
            desc["tile_index"] = d.tile_index
        info = {"chip": _s(self._chip.name), "gen": _s(lib.tmu_amd_gen_name(s.gen)), "desc": desc,
                "size": int(s.size), "base_align": int(s.base_align)}
        if gfx9:
            info.update({"slice_size": int(s.slice_size), "pitch": s.pitch, "height": s.height, "depth": s.depth,
                         "block": (s.block_w, s.block_h, s.block_d), "mip_chain_in_tail": s.mip_chain_in_tail,
                         "first_tail_mip": s.first_tail_mip})
        levels = []
        for i in range(d.levels):
            lv = s.level[i]
            e = {"level": i, "offset": int(lv.offset), "size": int(lv.size), "slice_size": int(lv.slice_size),
                 "width": lv.width, "height": lv.height, "depth": lv.depth, "pitch": lv.pitch,
                 "padded_height": lv.padded_height, "padded_depth": lv.padded_depth}
            if gfx9:
                e.update({"in_tail": lv.in_tail, "mip_tail_offset": int(lv.mip_tail_offset)})
            else:
                e.update({"base_align": lv.base_align, "tile_mode": _s(lib.tmu_amd_tile_mode_name(lv.tile_mode)),
                          "tile_type": _s(lib.tmu_amd_tile_type_name(lv.tile_type)), "tile_index": lv.tile_index,
                          "macro_index": lv.macro_index, "banks": lv.banks, "bank_width": lv.bank_width,
                          "bank_height": lv.bank_height, "macro_aspect": lv.macro_aspect,
                          "tile_split": lv.tile_split, "pipe_config": lv.pipe_config})
                if not lib.tmu_surface_level_one_to_one(s, i):  # addrlib's THICK order, thinned mode
                    e["one_to_one"] = 0
            levels.append(e)
        info["levels"] = levels
        return info

    @property
    def info(self):
        """What addrlib computed, as a dict (a fresh copy each time): 'chip', 'gen', 'desc' (the
        request), 'size' and 'base_align' of the whole surface, gfx9+ 'slice_size', 'pitch',
        'height', 'depth', 'block' (w, h, d), 'mip_chain_in_tail', 'first_tail_mip', and 'levels':
        per level 'offset', 'size', 'slice_size', 'width', 'height', 'depth', 'pitch',
        'padded_height', 'padded_depth' and gfx6-8 'base_align', 'tile_mode', 'tile_type',
        'tile_index', 'macro_index', 'banks', 'bank_width', 'bank_height', 'macro_aspect',
        'tile_split', 'pipe_config' (and 'one_to_one': 0 on a level whose addresses overlap,
        ``tmu_surface_level_one_to_one``; detile / retile refuse it) or gfx9+ 'in_tail',
        'mip_tail_offset' (the names of ``tmu_surface_level`` and of ``tmu layout --json``).

        Example::

            >>> s = tmu.Surface('vega10', swizzle='SW_64KB_S_X', bpp=32, width=1024, height=1024)
            >>> s.info['block'], s.info['levels'][0]['pitch']
            ((128, 128, 1), 1024)
        """
        import copy
        return copy.deepcopy(self._info)

    @property
    def size(self):
        """Bytes of the whole surface (every level, slice and sample): what ``tiled`` must hold.

        Example: ``tmu.Surface('ps4', tile_index=14, bpp=32, width=2048, height=1000).size == 8388608``
        """
        return int(self._surf.size)

    def level_shape(self, level=0):
        """(height, width, depth) of one mip level, in elements.

        Example::

            >>> tmu.Surface('ps4', tile_index=14, bpp=32, width=300, height=200, levels=3).level_shape(2)
            (50, 75, 1)
        """
        lv = self._level(level, "level_shape")
        return (lv.height, lv.width, lv.depth)

    def _level(self, level, where):
        level = _uint(level, "level", where)
        if level >= self._surf.desc.levels:
            raise RangeError("level %d: the surface has %d level(s)" % (level, self._surf.desc.levels), where)
        return self._surf.level[level]

    def address(self, x, y, slice=0, sample=0, level=0):
        """Byte address of element (x, y) of ``slice`` (array layer, cube face 6 * cube + face,
        or depth), ``sample`` and mip ``level``, from the surface's base
        (``tmu_surface_address``).  An element outside its level raises :class:`tmu.RangeError`.

        Example::

            >>> s = tmu.Surface('tahiti', tile_index=0, bpp=16, width=513, height=512, flags='depth,texture')
            >>> s.address(512, 511)
            649172
        """
        where = "Surface.address"
        args = [_uint(v, n, where) for v, n in ((x, "x"), (y, "y"), (slice, "slice"), (sample, "sample"),
                                                 (level, "level"))]
        out = ffi.new("uint64_t *")
        st = lib.tmu_surface_address(self._surf, args[4], args[0], args[1], args[2], args[3], out)
        if st == lib.TMU_ERR_RANGE:
            d = self._surf.desc
            if args[4] >= d.levels:
                raise RangeError("level %d: the surface has %d level(s)" % (args[4], d.levels), where)
            lv = self._surf.level[args[4]]
            raise RangeError("element (%d, %d) slice %d sample %d lies outside level %d (%dx%d, %d slice(s), "
                             "%d sample(s))" % (args[0], args[1], args[2], args[3], args[4], lv.width, lv.height,
                                                lv.depth, d.samples), where)
        check(st, None, where)
        return int(out[0])

    # ---- detile / retile ----

    def _rect(self, level, slice, sample, x, y, w, h, where):
        lv = self._level(level, where)
        slice, sample = _uint(slice, "slice", where), _uint(sample, "sample", where)
        x, y = _uint(x, "x", where), _uint(y, "y", where)
        if w is None:
            w = lv.width - x if x < lv.width else 0
        if h is None:
            h = lv.height - y if y < lv.height else 0
        w, h = _uint(w, "width", where), _uint(h, "height", where)
        if slice >= lv.depth:
            raise RangeError("slice %d: level %d has %d slice(s)" % (slice, level, lv.depth), where)
        if sample >= self._surf.desc.samples:
            raise RangeError("sample %d: the surface has %d sample(s)" % (sample, self._surf.desc.samples), where)
        if w == 0 or h == 0 or x + w > lv.width or y + h > lv.height:
            raise RangeError("rectangle %dx%d at (%d, %d) is empty or lies outside level %d (%dx%d)"
                             % (w, h, x, y, level, lv.width, lv.height), where)
        r = ffi.new("tmu_surface_rect *")
        r.level, r.x, r.y, r.slice, r.sample, r.w, r.h = level, x, y, slice, sample, w, h
        return r

    def _check_bytes(self, n, what, where):
        """Refuses to allocate more than max_bytes (before allocating)."""
        if n > self._max_bytes:
            raise InvalidArgumentError("%s needs %d bytes, more than max_bytes=%d (give max_bytes=N to allow more)"
                                       % (what, n, self._max_bytes), where)

    def _element_shape(self, h, w):
        b = self._surf.desc.bpp // 8
        if b == 16:
            return (h, w, 2), np.dtype("<u8")
        return (h, w), np.dtype(_DTYPES[b]).newbyteorder("<")

    def detile(self, tiled, level=0, slice=0, sample=0, x=0, y=0, width=None, height=None):
        """Copies a rectangle of one level out of tiled memory (``tmu_surface_detile``): ``tiled``
        is any C-contiguous buffer (bytes, bytearray, memoryview, NumPy array) holding the whole
        surface (at least :attr:`size` bytes); the rectangle is ``width`` x ``height`` elements at
        (``x``, ``y``) of ``slice`` / ``sample`` (default: the whole level).  Returns a new array
        (height, width) of uint8 / uint16 / uint32 / uint64, or (height, width, 2) uint64 for
        128-bit elements.

        Example::

            >>> s = tmu.Surface('ps4', tile_index=14, bpp=32, width=64, height=64)
            >>> mem = np.arange(s.size // 4, dtype=np.uint32)
            >>> int(s.detile(mem)[3, 5]) == s.address(5, 3) // 4
            True
        """
        where = "Surface.detile"
        mv = _buffer(tiled, "tiled", where)
        if mv.nbytes < self.size:
            raise InvalidArgumentError("tiled memory of %d bytes: the surface needs %d" % (mv.nbytes, self.size),
                                       where)
        r = self._rect(level, slice, sample, x, y, width, height, where)
        shape, dtype = self._element_shape(r.h, r.w)
        self._check_bytes(r.h * r.w * (self._surf.desc.bpp // 8), "the detiled rectangle", where)
        out = np.empty(shape, dtype)
        pitch = r.w * (self._surf.desc.bpp // 8)
        diag = ffi.new("tmu_diag *")
        check(lib.tmu_surface_detile(self._surf, r, ffi.from_buffer(mv), mv.nbytes, ffi.from_buffer(out), pitch,
                                     out.nbytes, diag), diag, where)
        return out

    def retile(self, array, into=None, level=0, slice=0, sample=0, x=0, y=0):
        """Writes an array of elements into tiled memory (``tmu_surface_retile``): ``array`` is
        (height, width) of elements (any dtype of the element's size, e.g. uint32 or float32 for
        32-bit ones; (height, width, 2) of 8-byte values for 128-bit ones) or (height, width,
        bytes) of uint8, placed at (``x``, ``y``) of ``level`` / ``slice`` / ``sample``.
        ``into``: a writable C-contiguous buffer of at least :attr:`size` bytes (bytearray,
        NumPy array) whose other bytes are kept, or None for a new zeroed bytearray.  Returns
        ``into`` (or the new bytearray).

        Example::

            >>> s = tmu.Surface('vega10', swizzle='SW_64KB_S_X', bpp=16, width=300, height=100)
            >>> img = np.arange(300 * 100, dtype=np.uint16).reshape(100, 300)
            >>> mem = s.retile(img)
            >>> len(mem) == s.size and (s.detile(mem) == img).all()
            True
        """
        where = "Surface.retile"
        b = self._surf.desc.bpp // 8
        a = np.asarray(array)
        if a.ndim == 3 and a.dtype == np.uint8 and a.shape[2] == b:
            h, w = a.shape[:2]
        elif b == 16 and a.ndim == 3 and a.shape[2] == 2 and a.dtype.itemsize == 8 and a.dtype.kind in "uif":
            h, w = a.shape[:2]
        elif b != 16 and a.ndim == 2 and a.dtype.itemsize == b and a.dtype.kind in "uifb":
            h, w = a.shape
        else:
            want = "(H, W, 2) of uint64" if b == 16 else "(H, W) of %s" % np.dtype(_DTYPES[b]).name
            raise InvalidArgumentError("array for %d-bit elements must be %s or (H, W, %d) of uint8, not %s %s"
                                       % (b * 8, want, b, a.dtype, a.shape), where)
        if a.dtype.byteorder == ">" or (a.dtype.byteorder == "=" and np.little_endian is False):
            a = a.astype(a.dtype.newbyteorder("<"))
        a = np.ascontiguousarray(a)
        r = self._rect(level, slice, sample, x, y, w, h, where)
        if into is None:
            self._check_bytes(self.size, "the tiled memory", where)
            into = bytearray(self.size)
        mv = _buffer(into, "into", where, writable=True)
        if mv.nbytes < self.size:
            raise InvalidArgumentError("into holds %d bytes: the surface needs %d" % (mv.nbytes, self.size), where)
        diag = ffi.new("tmu_diag *")
        check(lib.tmu_surface_retile(self._surf, r, ffi.from_buffer(a), w * b, a.nbytes, ffi.from_buffer(mv),
                                     mv.nbytes, diag), diag, where)
        return into

    def __repr__(self):
        d = self._info["desc"]
        mode = "swizzle=%r" % d["swizzle"] if "swizzle" in d else "tile_index=%d" % d["tile_index"]
        return "Surface(%r, %s, bpp=%d, width=%d, height=%d, slices=%d, levels=%d, samples=%d, size=%d)" % (
            self._info["chip"], mode, d["bpp"], d["width"], d["height"], d["slices"], d["levels"], d["samples"],
            self._info["size"])
