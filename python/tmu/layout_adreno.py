"""Adreno a6xx / a7xx surface layouts as Mesa's freedreno fdl6_layout computes them (tmu/layout.h's
Adreno section).

``tmu.Surface(gpu='a660', tile=3, cpp=4, width=..., height=...)`` (or :class:`AdrenoSurface`
directly) lays a surface out on a GPU preset (:func:`adreno_gpus` lists them); ``address``,
``detile``, ``retile`` and ``level_shape`` are :class:`tmu.Surface`'s own (one implementation):
coordinates are in format blocks, ``slice`` is the array layer or the 3D depth index.  Levels
without a known element order (UBWC, TILE6_2, TILE6_3 with 32-byte pixels) raise
:class:`tmu.UnsupportedError` there.
"""

import numbers

from ._native import ffi, lib
from .errors import InvalidArgumentError, NotFoundError, check
from .layout import Surface, _s, _uint
from .texture import DEFAULT_MAX_BYTES, check_max_bytes

_TILES = {0: lib.TMU_TILE6_LINEAR, 2: lib.TMU_TILE6_2, 3: lib.TMU_TILE6_3}
_FORMAT_FLAGS = {"depth_stencil": lib.TMU_ADRENO_FMT_DEPTH_STENCIL,
                 "two_components": lib.TMU_ADRENO_FMT_TWO_COMPONENTS, "y8": lib.TMU_ADRENO_FMT_Y8,
                 "tile_all": lib.TMU_ADRENO_TILE_ALL}
_MACROTILE = {0: "4_channel", 1: "8_channel"}


def _gpu_dict(g):
    return {"name": _s(g.name), "gen": int(g.gen), "gpu_id": int(g.gpu_id), "chip_id": int(g.chip_id),
            "highest_bank_bit": int(g.highest_bank_bit), "ubwc_swizzle": int(g.ubwc_swizzle),
            "macrotile_mode": _MACROTILE.get(int(g.macrotile_mode), str(int(g.macrotile_mode))),
            "has_ubwc_linear_mipmap_fallback": int(g.has_ubwc_linear_mipmap_fallback)}


def adreno_gpus():
    """The Adreno GPU presets (``tmu_adreno_gpu_at``) as a list of dicts: 'name', 'gen' (6 or 7),
    'gpu_id', 'chip_id', 'highest_bank_bit', 'ubwc_swizzle' (bank swizzle levels, bit0 = level 1),
    'macrotile_mode' ('4_channel' / '8_channel'), 'has_ubwc_linear_mipmap_fallback'.

    Example::

        >>> [(g['name'], g['highest_bank_bit']) for g in tmu.adreno_gpus()][2]
        ('a660', 16)
    """
    return [_gpu_dict(lib.tmu_adreno_gpu_at(i)) for i in range(lib.tmu_adreno_gpu_count())]


def _flag(v, what, where):
    if v is True or v is False or (isinstance(v, numbers.Integral) and v in (0, 1)):
        return int(v)
    raise InvalidArgumentError("%s must be True or False, not %r" % (what, v), where)


class AdrenoSurface(Surface):
    """One Adreno a6xx / a7xx surface laid out as fdl6_layout lays it out (``tmu_surface_init_adreno``).

    ``gpu``: a preset name ('a630', '630', 'FD630'; 'a6xx' = a630, 'a7xx' = a730).  ``tile``: 3, 2,
    0 or 'TILE6_3' / 'TILE6_2' / 'TILE6_LINEAR'.  ``cpp`` (bytes per element or compressed block:
    1, 2, 4, 8, 16) or ``bpp`` (bits), ``block`` ((w, h) texels of a compressed format's block),
    ``width``, ``height`` (texels), ``depth`` (3D), ``layers``, ``levels``, ``samples``, ``is_3d``,
    ``ubwc``, ``mutable``, ``format_flags`` (names 'depth_stencil', 'two_components', 'y8',
    'tile_all').  Refusals raise :class:`tmu.InvalidArgumentError` / :class:`tmu.UnsupportedError`.
    ``max_bytes`` bounds what :meth:`detile` and :meth:`retile` allocate, as for AMD surfaces.

    Example::

        >>> s = tmu.Surface(gpu='a660', tile=3, cpp=4, width=256, height=256)
        >>> s.size, s.address(5, 3)
        (262144, 108)
    """

    def __init__(self, chip=None, *, gpu=None, tile=None, cpp=None, bpp=None, block=(1, 1), width, height=1,
                 depth=1, layers=1, levels=1, samples=1, is_3d=False, ubwc=False, mutable=False,
                 format_flags=(), max_bytes=DEFAULT_MAX_BYTES):
        where = "Surface"
        self._max_bytes = check_max_bytes(max_bytes, where)
        if chip is not None:
            raise InvalidArgumentError("give chip (AMD) or gpu (Adreno), not both", where)
        if not isinstance(gpu, str) or "\0" in gpu:
            raise InvalidArgumentError("gpu must be a preset name, not %r" % (gpu,), where)
        name = {"a6xx": "a630", "a7xx": "a730"}.get(gpu.lower(), gpu)
        g = lib.tmu_adreno_gpu_find(name.encode("utf-8", "replace"))
        if g == ffi.NULL:
            raise NotFoundError("unknown Adreno GPU '%s' (gpus: %s; a6xx, a7xx)"
                                % (gpu, ", ".join(x["name"] for x in adreno_gpus())), where)
        self._gpu = g
        d = ffi.new("tmu_adreno_surface_desc *")
        if isinstance(tile, str) and "\0" not in tile:
            t = lib.tmu_adreno_tile_mode_from_name(tile.encode("ascii", "replace"))
        elif isinstance(tile, numbers.Integral) and not isinstance(tile, bool) and tile in _TILES:
            t = _TILES[int(tile)]
        else:
            t = -1
        if t < 0:
            raise InvalidArgumentError("tile must be 3, 2, 0 or 'TILE6_3', 'TILE6_2', 'TILE6_LINEAR', not %r"
                                       % (tile,), where)
        d.tile_mode = t
        if (cpp is None) == (bpp is None):
            raise InvalidArgumentError("give cpp (bytes) or bpp (bits): exactly one", where)
        if cpp is None:
            b = _uint(bpp, "bpp", where, 8, 128)
            if b % 8:
                raise InvalidArgumentError("bpp must be 8, 16, 32, 64 or 128, not %d" % b, where)
            cpp = b // 8
        d.block_bytes = _uint(cpp, "cpp", where, 1, 16)
        try:
            bw, bh = block
        except (TypeError, ValueError):
            raise InvalidArgumentError("block must be (w, h), not %r" % (block,), where) from None
        d.block_w, d.block_h = _uint(bw, "block width", where, 1, 255), _uint(bh, "block height", where, 1, 255)
        d.width = _uint(width, "width", where)
        d.height = _uint(height, "height", where)
        d.depth = _uint(depth, "depth", where)
        d.layers = _uint(layers, "layers", where)
        d.levels = _uint(levels, "levels", where)
        d.samples = _uint(samples, "samples", where)
        d.is_3d = _flag(is_3d, "is_3d", where)
        d.ubwc = _flag(ubwc, "ubwc", where)
        d.is_mutable = _flag(mutable, "mutable", where)
        if isinstance(format_flags, str):
            format_flags = [f for f in format_flags.split(",") if f]
        bits = 0
        for f in format_flags:
            key = f.strip().lower().replace("-", "_") if isinstance(f, str) else None
            if key not in _FORMAT_FLAGS:
                raise InvalidArgumentError("unknown format flag %r (flags: %s)" % (f, ", ".join(_FORMAT_FLAGS)),
                                           where)
            bits |= _FORMAT_FLAGS[key]
        d.format_flags = bits
        self._adesc = d
        self._lay_out(lib.tmu_surface_init_adreno, g, d, where)

    def _make_info(self):
        s, d = self._surf, self._adesc
        f = ffi.new("tmu_adreno_layout_info *")
        check(lib.tmu_surface_adreno_info(s, f), None, "Surface")
        info = {"gpu": _s(self._gpu.name),
                "desc": {"tile": _s(lib.tmu_adreno_tile_mode_name(d.tile_mode)), "cpp": d.block_bytes,
                         "block": (d.block_w, d.block_h), "width": d.width, "height": d.height, "depth": d.depth,
                         "layers": d.layers, "levels": d.levels, "samples": d.samples, "is_3d": bool(d.is_3d),
                         "ubwc": bool(d.ubwc), "mutable": bool(d.is_mutable)},
                "size": int(f.size), "base_align": int(f.base_align), "cpp": int(f.cpp),
                "tile_mode": _s(lib.tmu_adreno_tile_mode_name(f.tile_mode)), "ubwc": int(f.ubwc),
                "layer_first": int(f.layer_first), "tile_all": int(f.tile_all), "pitchalign": int(f.pitchalign),
                "pitch0": int(f.pitch0), "ubwc_width0": int(f.ubwc_width0), "ubwc_block_w": int(f.ubwc_block_w),
                "ubwc_block_h": int(f.ubwc_block_h), "layer_size": int(f.layer_size),
                "ubwc_layer_size": int(f.ubwc_layer_size), "highest_bank_bit": int(f.highest_bank_bit),
                "ubwc_swizzle": int(f.ubwc_swizzle),
                "macrotile_mode": _MACROTILE.get(int(f.macrotile_mode), str(int(f.macrotile_mode)))}
        levels = []
        for i in range(d.levels):
            lv = s.level[i]
            levels.append({"level": i, "tile_mode": _s(lib.tmu_adreno_tile_mode_name(lv.adreno_tile_mode)),
                           "ubwc": int(lv.ubwc), "offset": int(lv.offset), "width": lv.width,
                           "height": lv.height, "depth": lv.depth, "pitch": lv.pitch, "row_pitch": lv.row_pitch,
                           "padded_height": lv.padded_height, "slice_size": int(lv.slice_size),
                           "size": int(lv.size), "layer_stride": int(lv.layer_stride),
                           "ubwc_offset": int(lv.ubwc_offset), "ubwc_pitch": int(lv.ubwc_pitch),
                           "ubwc_size": int(lv.ubwc_size),
                           "addressable": bool(lib.tmu_surface_level_addressable(s, i))})
        info["levels"] = levels
        return info

    @property
    def info(self):
        """What fdl6_layout computed, as a dict (a fresh copy): 'gpu', 'desc', the fdl_layout
        fields 'size', 'base_align', 'cpp', 'tile_mode', 'ubwc', 'layer_first', 'tile_all',
        'pitchalign', 'pitch0', 'ubwc_width0', 'ubwc_block_w', 'ubwc_block_h', 'layer_size',
        'ubwc_layer_size', the bank facts 'highest_bank_bit', 'ubwc_swizzle', 'macrotile_mode',
        and 'levels' (per level the names of ``tmu layout --gpu``: 'tile_mode', 'ubwc', 'offset',
        'pitch' (elements), 'row_pitch' (bytes), 'slice_size', 'layer_stride', 'ubwc_offset', ...).

        Example::

            >>> s = tmu.Surface(gpu='a630', tile=3, cpp=4, width=256, height=256, levels=2)
            >>> s.info['pitch0'], s.info['levels'][1]['offset']
            (1024, 262144)
        """
        return super().info

    def __repr__(self):
        d = self._info["desc"]
        return "Surface(gpu=%r, tile=%r, cpp=%d, width=%d, height=%d, layers=%d, levels=%d, samples=%d, size=%d)" % (
            self._info["gpu"], d["tile"], d["cpp"], d["width"], d["height"], d["layers"], d["levels"], d["samples"],
            self._info["size"])
