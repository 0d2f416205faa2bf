"""The instruction executors: AMD GCN MIMG image instructions on a wave of 64 lanes
(tmu/gcn_exec.h) and Adreno ir3 category-5 instructions on a wave of fibers (tmu/ir3_exec.h).

Both keep the machine state in the C structure and show its registers as NumPy views (writes
go straight to the wave).  Programs are assembly text (one instruction per line, or a list of
lines) or instruction words; errors raise :class:`tmu.Error` subclasses with the C status and
diagnostic, and an instruction that fails changes nothing.  Everything of the C API that these
classes do not wrap (raw ir3 descriptors, bindless sets, GCN sparse residency) is reachable
through ``tmu.lib``; ``GcnWave.wave`` / ``Ir3Wave.wave`` are the C structures.
"""

import numbers
import re

import numpy as np

from ._native import ffi, lib
from .errors import InvalidArgumentError, check
from .isa import gcn_gen, ir3_gpu, words
from .texture import DEFAULT_MAX_BYTES, Sampler, Texture, as_sampler, check_max_bytes

_WAIT = re.compile(r"^\s*s_waitcnt\b(.*)$", re.I)
_VSWAIT = re.compile(r"^\s*s_waitcnt_vscnt\s+null\s*,\s*(0x[0-9a-fA-F]+|\d+)\s*$", re.I)


def _describe(x):
    """A short name of an object's type for messages ('NoneType', 'str', 'float64 array')."""
    if isinstance(x, np.ndarray):
        return "a %s array" % x.dtype
    return "a %s" % type(x).__name__


def _uint(v, bits, what, where):
    if not isinstance(v, numbers.Integral) or isinstance(v, bool) or not 0 <= v < 2**bits:
        raise InvalidArgumentError("%s must be a %d-bit unsigned integer, got %r" % (what, bits, v), where)
    return int(v)


def _lane_words(values, n, what, where):
    """One value or n values -> n uint32 words (floats as f32 bits)."""
    a = np.asarray(values)
    if a.ndim > 1 or (a.ndim == 1 and a.size not in (1, n)):
        raise InvalidArgumentError("%s: one value or %d values, got shape %s" % (what, n, a.shape), where)
    if a.dtype.kind == "f":
        out = a.astype(np.float32).view(np.uint32)
    elif a.dtype.kind in "iub":
        if a.size and (a.min() < -2**31 or a.max() >= 2**32):
            raise InvalidArgumentError("%s: a value does not fit 32 bits" % what, where)
        out = a.astype(np.int64).astype(np.uint32)
    else:
        raise InvalidArgumentError("%s: numbers expected, got %s" % (what, a.dtype), where)
    return np.broadcast_to(out.reshape(-1), (n,))


def _lines(program, where):
    if isinstance(program, str):
        return program.split("\n")
    if isinstance(program, numbers.Integral) and not isinstance(program, bool):
        return [program]
    try:
        return list(program)
    except TypeError:
        raise InvalidArgumentError("program must be text, a word or a list of them, not %s"
                                   % type(program).__name__, where) from None


def _skip(line):
    s = line.strip()
    return not s or s[0] in ";#" or s.startswith("//")


class GcnWave:
    """A GCN or RDNA wave (``tmu_gcn_wave``) with its guest memory, running MIMG image
    instructions of gfx6-gfx9 and gfx10, gfx10.3, gfx11 exactly as ``tmu gcn run`` does.
    ``wave``: 64 lanes, or 32 on RDNA (a wave32: lanes 32-63 do not exist; default 64).

    ``sgpr`` (uint32, 128) and ``vgpr`` (uint32, 256 x 64: ``vgpr[v][lane]``) are writable views
    of the wave's registers; ``exec`` is the 64-bit EXEC mask.  Guest memory is NumPy byte arrays
    mapped at GPU addresses (:meth:`map`); :meth:`texture` places a :class:`tmu.Texture` there
    and writes its T#, :meth:`sampler` writes an S# from field values.  Results are pending until
    they retire (:meth:`wait`, an ``s_waitcnt`` line, or a full counter); missing waits are
    logged in :attr:`hazards`.  ``border``: the BORDER_COLOR_TYPE REGISTER table, rows of four
    32-bit words.

    Example::

        >>> w = tmu.GcnWave('gfx9')
        >>> checker = np.array([[255, 0], [0, 255]], np.uint8).repeat(4).reshape(2, 2, 4)
        >>> mem = w.texture(8, tmu.Texture(checker, 'r8g8b8a8_unorm'), 0x10000)
        >>> s = w.sampler(16, xy_mag_filter=1, xy_min_filter=1)   # bilinear, clamp WRAP
        >>> w.vgpr[4] = np.float32(0.5).view(np.uint32); w.vgpr[5] = np.float32(0.5).view(np.uint32)
        >>> w.run('image_sample v[0:3], v[4:5], s[8:15], s[16:19] dmask:0xf')
        >>> (w.vm_cnt, float(w.vgpr[0, 0].view(np.float32)))   # still pending: v0 unchanged
        (1, 0.0)
        >>> w.wait(); float(w.vgpr[0, 0].view(np.float32))
        0.5
    """

    def __init__(self, gpu=None, *, border=None, wave=64, max_bytes=DEFAULT_MAX_BYTES):
        where = "GcnWave"
        self._gen = gcn_gen(gpu, where)
        diag = ffi.new("tmu_diag *")
        check(lib.tmu_gcn_gen_check_modelled(self._gen, b"execution", diag), diag, where)
        self._max_bytes = check_max_bytes(max_bytes, where)
        self.wave = ffi.new("tmu_gcn_wave *")
        lib.tmu_gcn_wave_init(self.wave, self._gen)
        check(lib.tmu_gcn_wave_set_lanes(self.wave, _uint(wave, 8, "wave", where), diag), diag, where)
        self._surfaces = []  # RDNA images: their layouts (the textures read them)
        # views of the wave's registers: built on a buffer of the whole owning cdata (ffi.new's
        # object), which the buffer keeps alive as long as any view of it lives; a buffer of the
        # field alone (ffi.buffer(self.wave.sgpr)) would not keep the wave's memory
        whole = ffi.buffer(self.wave)
        self.sgpr = np.frombuffer(whole, dtype=np.uint32, count=lib.TMU_GCN_SGPRS,
                                  offset=ffi.offsetof("tmu_gcn_wave", "sgpr"))
        self.vgpr = np.frombuffer(whole, dtype=np.uint32, count=lib.TMU_GCN_VGPRS * lib.TMU_GCN_LANES,
                                  offset=ffi.offsetof("tmu_gcn_wave", "vgpr")).reshape(
            lib.TMU_GCN_VGPRS, lib.TMU_GCN_LANES)
        self._regions = []  # (base, uint8 array, writable)
        self._border = np.zeros((0, 4), np.uint32)
        if border is not None:
            b = np.asarray(border)
            if b.ndim != 2 or b.shape[1] != 4 or b.dtype.kind not in "iuf":
                raise InvalidArgumentError("border must be rows of 4 words, got shape %s" % (b.shape,), where)
            self._border = np.ascontiguousarray(b.astype(np.float32).view(np.uint32) if b.dtype.kind == "f"
                                                else b.astype(np.int64).astype(np.uint32))
        self._env_cache = None

    @property
    def gpu(self):
        """The generation's name ('gfx9', ...).  Example: ``tmu.GcnWave('tonga').gpu == 'gfx8'``."""
        return ffi.string(lib.tmu_gcn_gen_name(self._gen)).decode()

    @property
    def exec(self):
        """EXEC: lane n executes when bit n is set (initially all 64).

        Example: ``w.exec = 0b1111`` runs the next instructions on lanes 0-3 only."""
        return int(self.wave.exec)

    @exec.setter
    def exec(self, mask):
        self.wave.exec = _uint(mask, 64, "exec", "GcnWave")

    @property
    def vm_cnt(self):
        """VM_CNT: image instructions issued and not retired.  Example: 0 on a new wave."""
        return int(lib.tmu_gcn_wave_vm_cnt(self.wave))

    @property
    def lanes(self):
        """Lanes of the wave: 64, or 32 for an RDNA wave32.  Example: ``tmu.GcnWave('gfx10', wave=32).lanes == 32``."""
        return int(self.wave.lanes)

    @property
    def rdna(self):
        """Whether the generation is RDNA (gfx10 and later).  Example: ``tmu.GcnWave('gfx1100').rdna``."""
        return self._gen >= lib.TMU_GCN_GFX10

    @property
    def vs_cnt(self):
        """VS_CNT (RDNA): stores and atomics without return not retired; 0 before gfx10.
        Example: 0 on a new wave."""
        return int(lib.tmu_gcn_wave_vs_cnt(self.wave))

    @property
    def exp_cnt(self):
        """EXP_CNT: stores and atomics whose VDATA is not read yet.  Example: 0 on a new wave."""
        return int(lib.tmu_gcn_wave_exp_cnt(self.wave))

    @property
    def hazards(self):
        """Logged hazards as (kind, vgpr, at, pending): at / pending number the instructions in
        issue order (1, 2, ...).  Example: ``[('read of a pending result (missing s_waitcnt
        vmcnt)', 0, 2, 1)]`` when instruction 2 read v0 before instruction 1's result retired."""
        w = self.wave
        return [(ffi.string(lib.tmu_gcn_hazard_name(h.kind)).decode(), int(h.vgpr), int(h.at), int(h.pending))
                for h in (w.hazards[i] for i in range(w.hazard_count))]

    def map(self, address, data, writable=True):
        """Maps guest memory: ``data`` becomes a region at GPU ``address``: a size (zero-filled
        bytes) or a bytes-like object of unsigned bytes (``bytes``, ``bytearray``, a uint8 NumPy
        array, a ``memoryview`` of format 'B'), whose bytes are copied; anything else (None, a
        ``str``, a list, a float array) is refused.  Returns the region's uint8 array (a view the
        wave reads and writes).  Regions must not overlap and must end below 2^48, and all of
        them together hold at most the wave's ``max_bytes`` (checked before allocating).

        Example::

            >>> w = tmu.GcnWave('gfx9'); mem = w.map(0x1000, 256); mem.size
            256
        """
        where = "GcnWave.map"
        address = _uint(address, 48, "address", where)
        if isinstance(data, numbers.Integral) and not isinstance(data, bool):
            size = _uint(data, 48, "size", where)
            src = None
        else:
            if isinstance(data, (str, np.ndarray)) and not (isinstance(data, np.ndarray) and data.dtype == np.uint8):
                src = None
            else:
                try:
                    src = memoryview(data)
                except TypeError:
                    src = None
            if src is None or src.format not in ("B", "<B", "=B", "c") or src.itemsize != 1:
                raise InvalidArgumentError("data must be a size or bytes-like unsigned bytes (bytes, bytearray, "
                                           "a uint8 array), not %s" % _describe(data), where)
            size = src.nbytes
        mapped = sum(m.size for _, m, _ in self._regions)
        if size > self._max_bytes - mapped:
            raise InvalidArgumentError("a region of %d bytes: with the %d bytes mapped already that is more than "
                                       "max_bytes=%d (give GcnWave(max_bytes=N) to allow more)"
                                       % (size, mapped, self._max_bytes), where)
        if address + size > lib.TMU_GCN_ADDRESS_LIMIT:
            raise InvalidArgumentError("region [0x%x, 0x%x) ends above 2^48" % (address, address + size), where)
        mem = np.zeros(size, np.uint8)
        if isinstance(data, np.ndarray):
            mem[:] = data.reshape(-1)
        elif src is not None and size:
            mem[:] = np.frombuffer(src if src.contiguous else src.tobytes(), np.uint8)
        if address + mem.size > lib.TMU_GCN_ADDRESS_LIMIT:
            raise InvalidArgumentError("region [0x%x, 0x%x) ends above 2^48" % (address, address + mem.size), where)
        for base, m, _ in self._regions:
            if address < base + m.size and base < address + mem.size:
                raise InvalidArgumentError("region at 0x%x overlaps the one at 0x%x" % (address, base), where)
        self._regions.append((address, mem, bool(writable)))
        self._env_cache = None
        return mem

    def _env(self):
        if self._env_cache is None:
            regs = ffi.new("tmu_gcn_region[]", max(1, len(self._regions)))
            for i, (base, mem, wr) in enumerate(self._regions):
                regs[i].base, regs[i].size, regs[i].writable = base, mem.size, 1 if wr else 0
                regs[i].host = ffi.from_buffer(mem) if mem.size else ffi.NULL
            border = ffi.from_buffer("uint32_t[]", self._border) if self._border.size else ffi.NULL
            env = ffi.new("tmu_gcn_env *", {"regions": regs, "region_count": len(self._regions),
                                            "border_table": border, "border_count": len(self._border)})
            self._env_cache = (env, regs, border)
        return self._env_cache[0]

    def texture(self, sgpr, texture, address):
        """Places ``texture`` (a :class:`tmu.Texture`: shape, format, levels, swizzle and view)
        in a new region at ``address`` (256-byte aligned) laid out as AMD's addrlib places a
        linear image, and writes the T# a driver would write into s[sgpr .. sgpr+7].  Returns
        the region's uint8 array (image stores and atomics write into it).

        Example::

            >>> w = tmu.GcnWave('gfx7')
            >>> mem = w.texture(8, tmu.Texture(np.zeros((4, 4, 4), np.uint8), 'r8g8b8a8_unorm'), 0x100)
            >>> (hex(int(w.sgpr[8])), mem.size)   # BASE_ADDRESS = address >> 8; rows 64 texels apart
            ('0x1', 784)
        """
        where = "GcnWave.texture"
        if not isinstance(texture, Texture):
            raise InvalidArgumentError("texture must be a tmu.Texture", where)
        sgpr = _uint(sgpr, 7, "sgpr", where)
        if sgpr + 8 > lib.TMU_GCN_SGPRS:
            raise InvalidArgumentError("s[%d:%d] is past the SGPRs" % (sgpr, sgpr + 7), where)
        address = _uint(address, 48, "address", where)
        t = ffi.new("tmu_gcn_tdesc *")
        size = ffi.new("uint64_t *")
        diag = ffi.new("tmu_diag *")
        check(lib.tmu_gcn_tdesc_for_texture(self._gen, texture._tex, address, t, size, diag), diag, where)
        dw = ffi.new("uint32_t[8]")
        check(lib.tmu_gcn_tdesc_encode(t, dw, diag), diag, where)
        mem = self.map(address, int(size[0]), writable=True)
        placed = ffi.new("tmu_texture *")
        try:
            if self.rdna:  # RDNA images (SW_LINEAR here) are laid out by the layout module
                surf = ffi.new("tmu_surface *")
                check(lib.tmu_gcn_bind_texture_surface(t, ffi.NULL, self._env(), 0, placed, surf, diag),
                      diag, where)
                self._surfaces.append(surf)
            else:
                check(lib.tmu_gcn_bind_texture(t, ffi.NULL, self._env(), 0, placed, diag), diag, where)
        except Exception:
            self._regions.pop()
            self._env_cache = None
            raise
        src, bpt = texture._tex, texture.format.bytes
        for n in range(texture.levels):
            w, h = max(1, texture.width >> n), max(1, texture.height >> n)
            zs = max(1, texture.depth >> n) if texture.dim == "3d" else texture.layers
            for z in range(zs):
                for y in range(h):
                    a = lib.tmu_texel_address(src, n, 0, y, z, 0)
                    b = lib.tmu_texel_address(src, n, w - 1, y, z, 0)
                    d = lib.tmu_texel_address(placed, n, 0, y, z, 0)
                    if a != ffi.NULL and b != ffi.NULL and d != ffi.NULL:
                        nbytes = int(ffi.cast("uintptr_t", b)) - int(ffi.cast("uintptr_t", a)) + bpt
                        ffi.memmove(d, a, nbytes)
        self.sgpr[sgpr:sgpr + t.dwords] = np.frombuffer(ffi.buffer(dw, 4 * t.dwords), np.uint32)
        return mem

    def sampler(self, sgpr, **fields):
        """Writes an S# into s[sgpr .. sgpr+3] from raw field values named as in
        ``tmu gcn desc --sampler`` (lower case: ``clamp_x=2, xy_mag_filter=1, max_lod=15 << 8``);
        fields not given are 0 except MAX_LOD (15.0, all levels).  Returns the four dwords.

        Example::

            >>> tmu.GcnWave('gfx9').sampler(16, xy_mag_filter=1, xy_min_filter=1).tolist()
            [0, 15728640, 5242880, 0]
        """
        where = "GcnWave.sampler"
        sgpr = _uint(sgpr, 7, "sgpr", where)
        if sgpr + 4 > lib.TMU_GCN_SGPRS:
            raise InvalidArgumentError("s[%d:%d] is past the SGPRs" % (sgpr, sgpr + 3), where)
        s = ffi.new("tmu_gcn_sdesc *")
        s.gen = self._gen
        s.f[lib.TMU_GCN_S_MAX_LOD] = 15 << 8
        for name, v in fields.items():
            idx = getattr(lib, "TMU_GCN_S_" + name.upper(), None)
            if idx is None or name.upper() == "COUNT":
                raise InvalidArgumentError("no S# field '%s'" % name, where)
            s.f[idx] = _uint(v, 32, name, where)
        dw = ffi.new("uint32_t[4]")
        diag = ffi.new("tmu_diag *")
        check(lib.tmu_gcn_sdesc_encode(s, dw, diag), diag, where)
        self.sgpr[sgpr:sgpr + 4] = list(dw)
        return self.sgpr[sgpr:sgpr + 4].copy()

    def run(self, program):
        """Executes ``program`` in order: LLVM assembly lines (a str or list; ';' '#' '//'
        comments; RDNA: llvm-mc 16 syntax with ``dim:`` and NSA lists), 64-bit MIMG words
        (RDNA: the 2-dword forms), and ``s_waitcnt`` (as text such as
        ``s_waitcnt vmcnt(0) expcnt(0)`` / ``s_waitcnt 0``, or its 32-bit word 0xBF8Cxxxx, gfx11
        0xBF89xxxx; RDNA also ``s_waitcnt_vscnt null, N`` or its word).
        Stops at the first failing instruction (which changes nothing) with its error; the line
        number is in the error's ``line``.

        Example: ``w.run(['image_load v[0:3], v4, s[8:15] dmask:0xf unorm', 's_waitcnt 0'])``."""
        where = "GcnWave.run"
        diag = ffi.new("tmu_diag *")
        for no, item in enumerate(_lines(program, where), 1):
            if isinstance(item, str):
                if _skip(item):
                    continue
                m = _VSWAIT.match(item)
                if m and self.rdna:
                    lib.tmu_gcn_wave_wait_vs(self.wave, min(int(m.group(1), 0), 63))
                    continue
                m = _WAIT.match(item)
                if m:
                    self._waitcnt_text(m.group(1), no, where)
                    continue
                if self.rdna:  # NSA forms are longer than a word: run the decoded instruction
                    inst = _asm_inst(self._gen, item, no)
                    st = lib.tmu_gcn_exec(self.wave, self._env(), inst, diag)
                    if st != lib.TMU_OK:
                        diag.line = no
                    check(st, diag, where)
                    continue
                word = words(memoryview(_asm_gcn(self._gen, item, no)), where)[0]
            elif isinstance(item, numbers.Integral) and not isinstance(item, bool):
                word = _uint(item, 64, "word %d" % no, where)
                wait_op = lib.tmu_gcn_waitcnt_encode(self._gen, 0, 0, 0) >> 16
                if word >> 16 == wait_op or (self.rdna and word >> 32 == 0 and
                                              lib.tmu_gcn_waitcnt_vscnt_decode(self._gen, word, ffi.NULL, ffi.NULL)
                                              == lib.TMU_OK):
                    st = lib.tmu_gcn_exec_waitcnt(self.wave, word, diag)
                    if st != lib.TMU_OK:
                        diag.line = no
                    check(st, diag, where)
                    continue
            else:
                raise InvalidArgumentError("line %d: text or a word, not %s" % (no, type(item).__name__), where)
            st = lib.tmu_gcn_exec_word(self.wave, self._env(), word, diag)
            if st != lib.TMU_OK:
                diag.line = no
            check(st, diag, where)

    def _waitcnt_text(self, rest, no, where):
        rest = rest.strip()
        vm = exp = lib.TMU_GCN_NO_WAIT
        if re.fullmatch(r"0x[0-9a-fA-F]+|\d+", rest):
            diag = ffi.new("tmu_diag *")
            op = lib.tmu_gcn_waitcnt_encode(self._gen, 0, 0, 0) & 0xFFFF0000
            check(lib.tmu_gcn_exec_waitcnt(self.wave, op | (int(rest, 0) & 0xFFFF), diag), diag, where)
            return
        for part in re.split(r"[\s&,]+", rest):
            m = re.fullmatch(r"(vmcnt|expcnt|lgkmcnt)\((\d+)\)", part)
            if not m:
                raise InvalidArgumentError("line %d: s_waitcnt operand '%s'" % (no, part), where)
            if m.group(1) == "vmcnt":
                vm = int(m.group(2))
            elif m.group(1) == "expcnt":
                exp = int(m.group(2))
        lib.tmu_gcn_wave_wait(self.wave, vm, exp)

    def wait(self, vm_cnt=0, exp_cnt=0, vs_cnt=0):
        """s_waitcnt: retires the oldest instructions until at most ``vm_cnt`` are unretired and
        at most ``exp_cnt`` hold unread VDATA (None: that counter is not waited for); on RDNA
        also s_waitcnt_vscnt: at most ``vs_cnt`` stores / atomics without return unretired.

        Example: ``w.wait()`` makes every result visible."""
        where = "GcnWave.wait"
        vm = lib.TMU_GCN_NO_WAIT if vm_cnt is None else _uint(vm_cnt, 32, "vm_cnt", where)
        exp = lib.TMU_GCN_NO_WAIT if exp_cnt is None else _uint(exp_cnt, 32, "exp_cnt", where)
        lib.tmu_gcn_wave_wait(self.wave, vm, exp)
        if vs_cnt is not None:
            lib.tmu_gcn_wave_wait_vs(self.wave, _uint(vs_cnt, 32, "vs_cnt", where))


def _asm_inst(gen, line, no):
    b = line.rstrip("\r").encode("utf-8", "replace")
    inst = ffi.new("tmu_gcn_mimg *")
    diag = ffi.new("tmu_diag *")
    st = lib.tmu_gcn_assemble(gen, lib.TMU_GCN_SYNTAX_LLVM, b, len(b), no, inst, diag)
    if st != lib.TMU_OK:
        diag.line = no
        check(st, diag, "GcnWave.run")
    return inst


def _asm_gcn(gen, line, no):
    b = line.rstrip("\r").encode("utf-8", "replace")
    inst = ffi.new("tmu_gcn_mimg *")
    word = ffi.new("uint64_t *")
    diag = ffi.new("tmu_diag *")
    st = lib.tmu_gcn_assemble(gen, lib.TMU_GCN_SYNTAX_LLVM, b, len(b), no, inst, diag)
    if st == lib.TMU_OK:
        st = lib.tmu_gcn_encode(inst, word, diag)
    if st != lib.TMU_OK:
        diag.line = no
    check(st, diag, "GcnWave.run")
    return int(word[0]).to_bytes(8, "little")


class Ir3Wave:
    """An Adreno wave of fibers (``tmu_ir3_wave``) running ir3 category-5 instructions of
    a3xx-a7xx exactly as ``tmu ir3 run`` does.

    ``fibers``: the generation's wave size (default) or its double.  Registers are read and
    written by name (``r1.x``, ``hr2.y``, ``a1.x``, ``p0.x``) with :meth:`reg` and
    :meth:`set_reg`; ``active`` is the active-fiber mask.  :meth:`run` binds textures and
    samplers to the t#/s# slots (immediate or s2en indices); raw descriptors and bindless sets
    are reachable through ``tmu.lib.tmu_ir3_execute`` with ``self.wave``.  ``max_bytes``
    (default 1 GiB, as ``tmu --max-bytes``) bounds what one :meth:`run` holds: the textures it
    binds and its slot tables together, checked before the tables are allocated.

    Example::

        >>> w = tmu.Ir3Wave('a6xx')
        >>> t = tmu.Texture(np.arange(4, dtype=np.float32).reshape(1, 4), 'r32_float')
        >>> w.set_reg('r0.x', (np.arange(64) % 4 + 0.5) / 4); w.set_reg('r0.y', 0.5)
        >>> steps = w.run('sam (f32)(x)r1.x, r0.x, s#0, t#0', textures={0: t},
        ...               samplers={0: tmu.Sampler(mag_filter='nearest', min_filter='nearest')})
        >>> w.reg('r1.x', float)[:5].tolist()
        [0.0, 1.0, 2.0, 3.0, 0.0]
    """

    def __init__(self, gpu=None, fibers=None, *, max_bytes=DEFAULT_MAX_BYTES):
        where = "Ir3Wave"
        self._max_bytes = check_max_bytes(max_bytes, where)
        gid = ir3_gpu(gpu, where)
        if fibers is None:
            fibers = 8 if gid < 400 else 32 if gid < 600 else 64
        self.wave = ffi.new("tmu_ir3_wave *")
        diag = ffi.new("tmu_diag *")
        check(lib.tmu_ir3_wave_init(self.wave, gid, _uint(fibers, 32, "fibers", where), diag), diag, where)

    @property
    def gpu_id(self):
        """The Mesa GPU id (e.g. 600 for 'a6xx').  Example: ``tmu.Ir3Wave('a630').gpu_id == 630``."""
        return int(self.wave.gpu_id)

    @property
    def fibers(self):
        """Fibers in the wave.  Example: ``tmu.Ir3Wave('a6xx', 128).fibers == 128``."""
        return int(self.wave.fibers)

    @property
    def active(self):
        """Active-fiber mask (bit n = fiber n; initially every fiber).

        Example: ``w.active = 0b11110011`` makes fibers 2 and 3 inactive."""
        return int(self.wave.active[0]) | int(self.wave.active[1]) << 64

    @active.setter
    def active(self, mask):
        mask = _uint(mask, 128, "active", "Ir3Wave")
        if mask >> self.fibers:
            raise InvalidArgumentError("active names fibers past %d" % (self.fibers - 1), "Ir3Wave")
        self.wave.active[0], self.wave.active[1] = mask & (2**64 - 1), mask >> 64

    def _reg(self, name, where):
        if not isinstance(name, str) or "\0" in name:
            raise InvalidArgumentError("register name must be text such as 'r1.x', got %r" % (name,), where)
        reg = ffi.new("uint16_t *")
        half = ffi.new("bool *")
        diag = ffi.new("tmu_diag *")
        b = name.encode("utf-8", "replace")
        check(lib.tmu_ir3_reg_parse(b, reg, half, diag), diag, where)
        return reg[0], half[0]

    def reg(self, name, dtype=np.uint32):
        """Register ``name`` of every fiber as a NumPy array: uint32 bits (16-bit registers
        zero-extended), or with ``dtype=float`` the values as floats (f32, or f16 for half
        registers).

        Example: ``w.reg('r1.x', float)`` after a ``sam (f32)`` into r1.x."""
        where = "Ir3Wave.reg"
        reg, half = self._reg(name, where)
        v = ffi.new("uint32_t *")
        out = np.empty(self.fibers, np.uint32)
        for f in range(self.fibers):
            check(lib.tmu_ir3_reg_get(self.wave, f, reg, half, v), ffi.new("tmu_diag *"), where)
            out[f] = v[0]
        if dtype in (float, np.float32, np.float16):
            return out.astype(np.uint16).view(np.float16).astype(np.float32) if half else out.view(np.float32)
        return out

    def set_reg(self, name, values):
        """Sets register ``name`` of every fiber: one value or one per fiber; floats are stored
        as f32 bits (f16 for half registers), integers as they are.

        Example: ``w.set_reg('r0.x', np.linspace(0, 1, w.fibers))``."""
        where = "Ir3Wave.set_reg"
        reg, half = self._reg(name, where)
        a = np.asarray(values)
        if half and a.dtype.kind == "f":
            bits = np.broadcast_to(a.astype(np.float16).view(np.uint16).astype(np.uint32).reshape(-1),
                                   (self.fibers,)) if a.size in (1, self.fibers) and a.ndim <= 1 else None
            if bits is None:
                raise InvalidArgumentError("%s: one value or %d values" % (name, self.fibers), where)
        else:
            bits = _lane_words(a, self.fibers, name, where)
        for f in range(self.fibers):
            st = lib.tmu_ir3_reg_set(self.wave, f, reg, half, int(bits[f]))
            check(st, ffi.new("tmu_diag *"), where)

    def run(self, program, textures=None, samplers=None):
        """Executes ``program`` (Mesa assembly lines, a str or list, or 64-bit words) in order
        with ``textures`` {t# index: Texture or (Texture, Sampler)} and ``samplers`` {s# index:
        Sampler}.  Returns one dict per instruction: ``text``, ``hazards`` (registers read while
        pending without (sy)) and ``written`` (mask of the fibers whose destination was written).
        Stops at the first failing instruction with its error (``line`` set).

        Example::

            >>> w = tmu.Ir3Wave('a6xx'); w.set_reg('r0.y', np.arange(64))
            >>> w.run('brcst.active.w8 (u32)(x)r0.z, r0.y')[0]['text']
            'brcst.active.w8 (u32)(x)r0.z, r0.y'
            >>> w.reg('r0.z')[:8].tolist()
            [0, 0, 0, 0, 3, 3, 3, 3]
        """
        where = "Ir3Wave.run"
        keep = []
        tex_slots, samp_slots = {}, {}
        for k, v in (textures or {}).items():
            t, s = (v if isinstance(v, tuple) and len(v) == 2 else (v, None))
            if not isinstance(t, Texture) or not (s is None or isinstance(s, Sampler)):
                raise InvalidArgumentError("textures[%r] must be a Texture or (Texture, Sampler)" % (k,), where)
            idx = _uint(k, 16, "texture index", where)
            tex_slots[idx] = t
            if s is not None:
                samp_slots.setdefault(idx, s)
            keep.append(t)
        for k, s in (samplers or {}).items():
            samp_slots[_uint(k, 16, "sampler index", where)] = as_sampler(s, where)
        nt = max(tex_slots, default=-1) + 1
        ns = max(samp_slots, default=-1) + 1
        held = sum({id(t): t.memory.nbytes for t in tex_slots.values()}.values())
        held += (max(1, nt) + max(1, ns)) * ffi.sizeof("tmu_ir3_slot")
        if held > self._max_bytes:
            raise InvalidArgumentError("the textures and slot tables need %d bytes, more than max_bytes=%d (give "
                                       "Ir3Wave(max_bytes=N) to allow more)" % (held, self._max_bytes), where)
        tex = ffi.new("tmu_ir3_slot[]", max(1, nt))
        samp = ffi.new("tmu_ir3_slot[]", max(1, ns))
        for i, t in tex_slots.items():
            tex[i].texture = t._tex
        for i, s in samp_slots.items():
            samp[i].sampler = s._s
            keep.append(s)
        b = ffi.new("tmu_ir3_bindings *", {"tex": tex, "num_tex": nt, "samp": samp, "num_samp": ns})
        instr = ffi.new("tmu_ir3_instr *")
        step = ffi.new("tmu_ir3_step *")
        diag = ffi.new("tmu_diag *")
        buf = ffi.new("char[]", 256)
        out = []
        for no, item in enumerate(_lines(program, where), 1):
            if isinstance(item, str):
                if _skip(item):
                    continue
                text = item.encode("utf-8", "replace")
                st = lib.tmu_ir3_parse(text, len(text), self.wave.gpu_id, no, instr, diag)
            elif isinstance(item, numbers.Integral) and not isinstance(item, bool):
                st = lib.tmu_ir3_decode(_uint(item, 64, "word %d" % no, where), self.wave.gpu_id, instr, diag)
            else:
                raise InvalidArgumentError("line %d: text or a word, not %s" % (no, type(item).__name__), where)
            if st == lib.TMU_OK:
                st = lib.tmu_ir3_execute_instr(self.wave, b, instr, step, diag)
            if st != lib.TMU_OK:
                diag.line = no
            check(st, diag, where)
            hz = []
            for i in range(step.num_hazards):
                h = step.hazards[i]
                lib.tmu_ir3_reg_name(h.reg, bool(h.half), buf, 256)
                hz.append(ffi.string(buf).decode())
            lib.tmu_ir3_print(instr, 0, buf, 256)
            out.append({"text": ffi.string(buf).decode(), "hazards": hz,
                        "written": int(step.written[0]) | int(step.written[1]) << 64})
        return out


__all__ = ["GcnWave", "Ir3Wave"]
