"""NVIDIA PTX ``tex`` / ``tld4`` / ``txq``: the checker with ptxas 13's verdicts and messages,
the canonical printer, and warp execution on the texture unit (tmu/ptx.h)."""

import dataclasses
import numbers
import re

import numpy as np

from ._native import ffi, lib
from .errors import InvalidArgumentError, InvalidError, NotFoundError, check


@dataclasses.dataclass(frozen=True)
class Diagnostic:
    """One problem ptxas would report: ``severity`` ('error' for a rule, 'fatal' for a syntax
    error, which stops the check), ``line`` / ``column`` (1-based; in instruction mode ``line``
    is relative to the instruction: 0 = its own line, -8 = eight lines above it in the wrapper
    kernel), ``message`` (ptxas' text) and ``status`` (the tmu_status).

    Example: ``str(d)`` is ``'3:5: error: MESSAGE'``.
    """
    line: int
    column: int
    message: str
    severity: str
    status: int

    def __str__(self):
        return "%d:%d: %s: %s" % (self.line, self.column, self.severity, self.message)


def _sm(sm, where):
    if sm is None:
        return 0
    if isinstance(sm, str):
        m = re.fullmatch(r"(?:sm_)?(\d{1,4})[a-z]?", sm)
        if not m:
            raise InvalidArgumentError("target must be like 'sm_90' or 90, got %r" % sm, where)
        return int(m.group(1))
    if isinstance(sm, numbers.Integral) and not isinstance(sm, bool) and 0 < sm < 10000:
        return int(sm)
    raise InvalidArgumentError("target must be like 'sm_90' or 90, got %r" % (sm,), where)


def _version(version, where):
    if version is None:
        return 0
    if isinstance(version, str):
        m = re.fullmatch(r"(\d{1,3})\.(\d)", version)
        if not m:
            raise InvalidArgumentError("version must be like '9.0' or 90, got %r" % version, where)
        return int(m.group(1)) * 10 + int(m.group(2))
    if isinstance(version, numbers.Integral) and not isinstance(version, bool) and 0 < version < 10000:
        return int(version)
    raise InvalidArgumentError("version must be like '9.0' or 90, got %r" % (version,), where)


def _text(text, where):
    if isinstance(text, str):
        return text.encode("utf-8", "replace")
    if isinstance(text, (bytes, bytearray)):
        return bytes(text)
    raise InvalidArgumentError("PTX text must be str or bytes, not %s" % type(text).__name__, where)


def _diag(d, rel=0):
    return Diagnostic(int(d.line) - rel, int(d.column), ffi.string(d.message).decode("utf-8", "replace"),
                      "fatal" if d.status == lib.TMU_ERR_PARSE else "error", int(d.status))


def _check_module(src, options, rel=0):
    mod = ffi.new("tmu_ptx_module **")
    diag = ffi.new("tmu_diag *")
    if lib.tmu_ptx_module_parse(src, len(src), mod, diag) != lib.TMU_OK:
        return [_diag(diag, rel)]
    try:
        cap = 64
        while True:
            buf = ffi.new("tmu_diag[]", cap)
            n = lib.tmupy_ptx_module_check(mod[0], options, buf, cap)
            if n <= cap:
                return [_diag(buf[i], rel) for i in range(n)]
            cap = n
    finally:
        lib.tmu_ptx_module_free(mod[0])


def ptx_check(text, *, target=None, version=None, instruction=False, independent=False):
    """Checks PTX like ptxas 13.0 and returns the problems as a list of :class:`Diagnostic`
    (empty = ptxas accepts it).  Only declarations and tex / tld4 / txq are checked; other
    instructions are parsed and skipped.

    ``text``: a whole module, or with ``instruction=True`` one instruction line, which is
    wrapped in the kernel tmu's PTX oracle uses (``target`` default 'sm_90', ``version``
    default '9.0', ``independent`` = texmode_independent).  For a module, ``target`` and
    ``version`` override its .target / .version.

    Example::

        >>> tmu.ptx_check('tex.2d.v4.f32.f32 {%f0,%f1,%f2,%f3}, [t0, {%f10,%f11}];', instruction=True)
        []
        >>> [d.message for d in tmu.ptx_check('tex.2d.v2.f32.f32 {%f0,%f1}, [t0, {%f10,%f11}];', instruction=True)]
        ["Instruction 'tex.f32' requires .v4 type"]
    """
    where = "ptx_check"
    src = _text(text, where)
    sm = _sm(target, where)
    ver = _version(version, where)
    if not instruction:
        opt = ffi.new("tmu_ptx_check_options *", {"sm": sm, "version": ver})
        name = None
        if isinstance(target, str) and sm:
            name = ffi.new("char[]", (target if target.startswith("sm_") else "sm_" + target).encode())
            opt.target = name   # as written ("sm_100a"), for the messages
        return _check_module(src, opt)
    if b"\n" in src or b"\0" in src or len(src) > 4096:
        raise InvalidArgumentError("instruction mode takes one line of at most 4096 bytes", where)
    tgt = (target if isinstance(target, str) and target.startswith("sm_") else "sm_%d" % sm if sm
           else "sm_90").encode()
    vs = ("%d.%d" % (ver // 10, ver % 10) if ver else "9.0").encode()
    size = len(src) + 8192
    buf = ffi.new("char[]", size)
    line = ffi.new("uint32_t *")
    st = lib.tmu_ptx_oracle_module(src, 1 if independent else 0, tgt, vs, buf, size, line)
    check(st, None, where)
    return _check_module(ffi.string(buf), ffi.NULL, rel=int(line[0]))


def ptx_format(text):
    """The canonical form of one tex / tld4 / txq instruction (modifiers in a fixed order,
    ", " between operands, float immediates in hex, a final ';').  Raises :class:`tmu.ParseError`.

    Example::

        >>> tmu.ptx_format('tex.v4.2d.f32.f32 {%f0,%f1,%f2,%f3},[t0,{%f10,%f11}]')
        'tex.2d.v4.f32.f32 {%f0, %f1, %f2, %f3}, [t0, {%f10, %f11}];'
    """
    where = "ptx_format"
    src = _text(text, where)
    instr = ffi.new("tmu_ptx_instr *")
    diag = ffi.new("tmu_diag *")
    check(lib.tmu_ptx_parse_instr(src, len(src), instr, diag), diag, where)
    size = 4096
    while True:
        buf = ffi.new("char[]", size)
        written = ffi.new("size_t *")
        st = lib.tmu_ptx_print_instr(instr, buf, size, written)
        if st != lib.TMU_ERR_BUFFER_TOO_SMALL or size >= 1 << 20:
            check(st, None, where)
            return ffi.string(buf, written[0]).decode("utf-8", "replace")
        size *= 4


def _lanes(name, value, where):
    """32 raw 64-bit register slots from a scalar or 32 values (floats as f32 bits, float16 as
    f16 bits, bools as 0/1, integers as two's complement)."""
    a = np.asarray(value)
    if a.dtype.kind not in "biuf" or a.ndim > 1 or (a.ndim == 1 and a.size != lib.TMU_PTX_WARP):
        raise InvalidArgumentError("register %s takes one number or %d, got %r" % (name, lib.TMU_PTX_WARP, value),
                                   where)
    a = np.broadcast_to(a, (lib.TMU_PTX_WARP,))
    if a.dtype == np.float16:
        return a.view(np.uint16).astype(np.uint64)
    if a.dtype.kind == "f":
        with np.errstate(over="ignore", invalid="ignore"):
            return a.astype(np.float32).view(np.uint32).astype(np.uint64)
    if a.dtype.kind == "b":
        return a.astype(np.uint64)
    return a.astype(np.int64).view(np.uint64) if a.dtype.kind == "i" else a.astype(np.uint64)


def ptx_exec(instruction, registers=None, textures=None, samplers=None, *, active=0xFFFFFFFF,
             independent=False):
    """Executes one ``tex`` / ``tld4`` / ``txq`` instruction for a 32-lane warp on the texture
    unit (``tmu_ptx_exec_warp``: the instruction is lifted to a tmu op, operands come from the
    register file) and returns the register file afterwards.

    ``registers``: {name: value} with one value for every lane or 32 values; floats are stored as
    f32 bits (float16 arrays as f16 bits), integers as they are, predicates as 0/1.  Destination
    registers that are not given start at 0.  ``textures``: {name or 64-bit handle: Texture or
    (Texture, Sampler)} (a texture without a sampler gets the default :class:`tmu.Sampler`, used
    when the instruction names none); ``samplers``: {name or handle: Sampler}.  ``active``: the
    lanes that execute (bit n = lane n); a guard predicate narrows them further.  Returns
    {name: uint64 array of 32 raw slots}; ``tmu.ptx.f32(slots)`` reads them as floats.

    Example::

        >>> t = tmu.Texture(np.array([[0, 255]], np.uint8), 'r8_unorm')
        >>> r = tmu.ptx_exec('tex.2d.v4.f32.f32 {%f0,%f1,%f2,%f3}, [t0, {%f4,%f5}];',
        ...                  {'%f4': np.linspace(0.25, 0.75, 32), '%f5': 0.5}, {'t0': t})
        >>> tmu.ptx.f32(r['%f0'])[[0, 31]].tolist()
        [0.0, 1.0]
    """
    where = "ptx_exec"
    src = _text(instruction, where)
    instr = ffi.new("tmu_ptx_instr *")
    diag = ffi.new("tmu_diag *")
    check(lib.tmu_ptx_parse_instr(src, len(src), instr, diag), diag, where)
    if not isinstance(active, numbers.Integral) or isinstance(active, bool) or not 0 <= active < 2**32:
        raise InvalidArgumentError("active must be a 32-bit lane mask, got %r" % (active,), where)
    regs = {}
    for name, value in (registers or {}).items():
        if not isinstance(name, str) or not name or "\0" in name:
            raise InvalidArgumentError("register name %r" % (name,), where)
        regs[name] = _lanes(name, value, where)
    dests = [instr.dst.e[i] for i in range(min(instr.dst.count, lib.TMU_PTX_VEC_MAX))] + [instr.pred]
    for e in dests:
        if e.kind == lib.TMU_PTX_E_NAME:
            name = ffi.unpack(e.name, e.name_len).decode("utf-8", "replace")
            regs.setdefault(name, np.zeros(lib.TMU_PTX_WARP, np.uint64))
    rf_regs, rf, keep = _regfile(regs)
    table, nbind = _bindings(textures, samplers, where, keep)
    env = ffi.new("tmu_ptx_exec_env *", {"independent": 1 if independent else 0, "bindings": table,
                                          "nbindings": nbind})
    check(lib.tmu_ptx_exec_warp(instr, env, active, rf, diag), diag, where)
    return {name: np.frombuffer(ffi.buffer(rf_regs[i].lane), dtype=np.uint64).copy() for i, name in enumerate(regs)}


def _regfile(regs):
    """A tmu_ptx_regfile holding {name: 32 uint64 slots}; returns (regs array, regfile, keep-alive)."""
    rf_regs = ffi.new("tmu_ptx_reg[]", max(1, len(regs)))
    keep = [ffi.new("char[]", name.encode()) for name in regs]  # alive as long as the regfile is used
    for i, name in enumerate(regs):
        rf_regs[i].name = keep[i]
        ffi.memmove(rf_regs[i].lane, regs[name].tobytes(), 8 * lib.TMU_PTX_WARP)
    rf = ffi.new("tmu_ptx_regfile *", {"regs": rf_regs, "count": len(regs)})
    keep.append(rf_regs)
    return rf_regs, rf, keep


def _bindings(textures, samplers, where, keep):
    """The tmu_ptx_binding table of {name or handle: Texture | (Texture, Sampler)} and samplers."""
    from .texture import Sampler, Texture
    binds = []

    def key(k):
        if isinstance(k, str) and k and "\0" not in k:
            b = ffi.new("char[]", k.encode())
            keep.append(b)
            return b, 0
        if isinstance(k, numbers.Integral) and not isinstance(k, bool) and 0 <= k < 2**64:
            return ffi.NULL, int(k)
        raise InvalidArgumentError("binding keys are names or 64-bit handles, got %r" % (k,), where)

    for k, v in (textures or {}).items():
        tex, smp = (v if isinstance(v, tuple) and len(v) == 2 else (v, None))
        if not isinstance(tex, Texture) or not (smp is None or isinstance(smp, Sampler)):
            raise InvalidArgumentError("textures[%r] must be a Texture or (Texture, Sampler)" % (k,), where)
        smp = smp or Sampler()
        keep.extend((tex, smp))
        binds.append(key(k) + (tex._tex, smp._s))
    for k, smp in (samplers or {}).items():
        if not isinstance(smp, Sampler):
            raise InvalidArgumentError("samplers[%r] must be a Sampler" % (k,), where)
        keep.append(smp)
        binds.append(key(k) + (ffi.NULL, smp._s))
    table = ffi.new("tmu_ptx_binding[]", max(1, len(binds)))
    for i, (name, handle, t, s) in enumerate(binds):
        table[i].name, table[i].handle, table[i].texture, table[i].sampler = name, handle, t, s
    keep.append(table)
    return table, len(binds)


def _elem_name(e):
    return ffi.unpack(e.name, e.name_len).decode("utf-8", "replace")


def ptx_run(module, registers=None, textures=None, samplers=None, *, lanes=1):
    """Runs every ``tex`` / ``tld4`` / ``txq`` instruction of a PTX module, in order, for a warp
    of ``lanes`` lanes (1..32; lanes 0..lanes-1 execute), as ``tmu ptx run`` does: the module is
    checked first (a module ptxas rejects raises :class:`tmu.InvalidError` with ptxas's first
    message and is not run), then each instruction is lifted to a tmu op and executed, the
    registers carried from one to the next.

    ``registers``: {name: one value for every lane, or values for lanes 0, 1, ...} as
    :func:`ptx_exec` (a name no texture instruction uses raises :class:`tmu.NotFoundError`);
    every other register and lane those instructions use starts at 0.  ``textures`` / ``samplers``: bindings by name (``.texref``, ``.samplerref``) or by
    64-bit handle, as :func:`ptx_exec`.  Returns {name: uint64 array of 32 slots} for every
    register the texture instructions use (lanes past ``lanes`` keep their values).

    Example::

        >>> t = tmu.Texture(np.array([[0, 255]], np.uint8), 'r8_unorm')
        >>> r = tmu.ptx_run(".version 8.0\\n.target sm_90\\n.address_size 64\\n.global .texref t0;\\n"
        ...                 ".visible .entry k()\\n{\\n.reg .f32 %f<8>;\\n"
        ...                 "tex.2d.v4.f32.f32 {%f0,%f1,%f2,%f3}, [t0, {%f4,%f5}];\\nret;\\n}\\n",
        ...                 {'%f4': [0.25, 0.75], '%f5': 0.5}, {'t0': t}, lanes=2)
        >>> tmu.ptx.f32(r['%f0'])[:2].tolist()
        [0.0, 1.0]
    """
    where = "ptx_run"
    src = _text(module, where)
    if not isinstance(lanes, numbers.Integral) or isinstance(lanes, bool) or not 1 <= lanes <= lib.TMU_PTX_WARP:
        raise InvalidArgumentError("lanes must be 1..32, got %r" % (lanes,), where)
    errors = [p for p in _check_module(src, ffi.NULL) if p.status != lib.TMU_OK]
    if errors:
        e = errors[0]
        raise InvalidError("the module is not run: ptxas rejects it (%d errors; first: %s)" % (len(errors), e.message),
                           where, line=e.line, column=e.column)
    mp = ffi.new("tmu_ptx_module **")
    diag = ffi.new("tmu_diag *")
    check(lib.tmu_ptx_module_parse(src, len(src), mp, diag), diag, where)
    m = ffi.gc(mp[0], lib.tmu_ptx_module_free)
    instr = ffi.new("tmu_ptx_instr *")
    scope = ffi.new("uint32_t *")
    names = []
    for i in range(lib.tmu_ptx_module_count(m)):
        if lib.tmu_ptx_module_instr(m, i, instr, scope) != lib.TMU_OK:
            continue
        ops = [instr.dst] + [instr.addr[k] for k in range(instr.naddr)] + [instr.extra[k] for k in range(instr.nextra)]
        elems = [op.e[j] for op in ops for j in range(min(op.count, lib.TMU_PTX_VEC_MAX))] + [instr.pred, instr.guard]
        for e in elems:
            if e.kind != lib.TMU_PTX_E_NAME:
                continue
            name = _elem_name(e)
            sym = lib.tmu_ptx_module_lookup(m, scope[0], name.encode())
            if sym != ffi.NULL and sym.state == 0 and name not in names:
                names.append(name)
    regs = {name: np.zeros(lib.TMU_PTX_WARP, np.uint64) for name in names}
    for name, value in (registers or {}).items():
        if name not in regs:
            raise NotFoundError("%r is not a register used by a texture instruction of the module" % (name,), where)
        a = np.asarray(value)
        if a.ndim == 1 and 1 < a.shape[0] < lib.TMU_PTX_WARP:  # lanes 0..n-1, as the CLI's --reg
            a = np.concatenate([a, np.zeros(lib.TMU_PTX_WARP - a.shape[0], a.dtype)])
        regs[name] = _lanes(name, a, where)
    rf_regs, rf, keep = _regfile(regs)
    table, nbind = _bindings(textures, samplers, where, keep)
    env = ffi.new("tmu_ptx_exec_env *", {"independent": lib.tmu_ptx_module_independent(m), "bindings": table,
                                          "nbindings": nbind, "module": m})
    active = (1 << lanes) - 1
    for i in range(lib.tmu_ptx_module_count(m)):
        if lib.tmu_ptx_module_instr(m, i, instr, scope) != lib.TMU_OK or instr.unknown_op:
            continue
        env.scope = scope[0]
        check(lib.tmu_ptx_exec_warp(instr, env, active, rf, diag), diag, where)
    return {name: np.frombuffer(ffi.buffer(rf_regs[i].lane), dtype=np.uint64).copy() for i, name in enumerate(regs)}


def f32(slots):
    """Register slots (uint64, from :func:`ptx_exec`) read as float32 (their low 32 bits).

    Example: ``tmu.ptx.f32(np.array([0x3f800000], np.uint64)).tolist()`` is ``[1.0]``."""
    return np.asarray(slots, dtype=np.uint64).astype(np.uint32).view(np.float32)
