"""NVIDIA PTX ``tex`` / ``tld4`` / ``txq``: the checker with ptxas 13's verdicts and messages,
and the canonical printer (tmu/ptx.h)."""

import dataclasses
import numbers
import re

from ._native import ffi, lib
from .errors import InvalidArgumentError, check


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
