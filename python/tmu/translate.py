"""Translation of texture instructions between PTX, GCN MIMG (gfx6-gfx9) and ir3 cat5
(a3xx-a7xx), as ``tmu translate`` does (tmu/translate.h).

:func:`translate` takes one instruction (PTX text; GCN LLVM assembly, Mesa ir3 assembly, or an
int word) or a whole program (text with several lines: a PTX module, a GCN or ir3 listing; or
``bytes`` of 8-byte little-endian GCN MIMG words).  One instruction gives the translation as a
dict (``tmu_xl_print``'s JSON object: target instructions, operand mappings, post-operations,
descriptor fields) and raises :class:`UnsupportedError` with the reason when the target has no
exact form; a program gives the listing's dict (``tmu_xl_translate_listing``): one entry per
line with its verdict ("translated", "refused", "error", "other") and the counts.

Example::

    >>> import tmu
    >>> t = tmu.translate('tex.level.2d.v4.f32.f32 {%f1, %f2, %f3, %f4}, [tex0, {%f5, %f6}], %f7;',
    ...                   'ptx', 'gcn', to_gpu='gfx9')
    >>> t['instructions'][0]['text']
    'image_sample_l v[0:3], v[8:10], s[0:7], s[8:11] dmask:0xf'
"""

import json

from ._native import ffi, lib
from .errors import InvalidArgumentError, check
from .isa import gcn_gen, ir3_gpu

ISAS = ("ptx", "gcn", "ir3")
TYPES = {"f32": lib.TMU_RESULT_F32, "s32": lib.TMU_RESULT_S32, "u32": lib.TMU_RESULT_U32}


def _arch(isa, gpu, where):
    if not isinstance(isa, str) or isa.lower() not in ISAS:
        raise InvalidArgumentError("ISA must be one of %s, got %r" % (", ".join(ISAS), isa), where)
    isa = isa.lower()
    a = ffi.new("tmu_xl_arch *")
    a.isa = ISAS.index(isa)
    if isa == "ptx":
        if gpu is not None:
            raise InvalidArgumentError("PTX has no generation to choose", where)
        a.gen = 0
    elif isa == "gcn":
        a.gen = gcn_gen(gpu, where)
    else:
        a.gen = ir3_gpu(gpu, where)
        if not 300 <= a.gen <= 799:
            raise InvalidArgumentError("translation takes a3xx-a7xx (GPU ids 300-799), got %d" % a.gen, where)
    return a[0]


def _dim(dim, where):
    names = [ffi.string(lib.tmu_dim_name(d)).decode() for d in range(lib.TMU_DIM_COUNT)]
    if dim is None:
        return names.index("2d"), False
    if not isinstance(dim, str) or dim not in names:
        raise InvalidArgumentError("dim must be one of %s, got %r" % (", ".join(names), dim), where)
    return names.index(dim), True


def translate(code, from_isa, to_isa, *, from_gpu=None, to_gpu=None, dim=None, type="f32", program=None):
    """Translates one instruction or a whole program from ``from_isa`` to ``to_isa``.

    code: a str (one instruction, or a program when it has several lines), an int (a GCN or ir3
    word), or bytes (a GCN binary of 8-byte MIMG words: a program).  from_gpu / to_gpu: the
    generations ('gfx6'..'gfx9', 'a3xx'..'a7xx' or a GPU id; required for GCN and ir3, None for
    PTX).  dim: the texture shape GCN and ir3 words address ('1d', '2d', '3d', 'cube',
    '1d_array', '2d_array', 'cube_array', '2d_ms', '2d_ms_array'; default '2d'; for PTX sources
    the shape a txq queries, and tex/tld4 must have it when given).  type: the data type a GCN
    program reads ('f32', 's32', 'u32').  program: True / False forces the kind of ``code``.

    One instruction: the translation's dict; :class:`UnsupportedError` (the reason) when the
    target cannot express it exactly, :class:`ParseError` / :class:`InvalidError` etc. when the
    source does not assemble or lift.  A program: the listing's dict (never raises for a line).

    Example::

        >>> r = tmu.translate("sam (f32)(xyzw)r0.x, r1.x, s#0, t#0\\nsaml (f32)(xyzw)r0.x, r1.x, r5.x, s#0, t#0",
        ...                   'ir3', 'ptx', from_gpu='a630')
        >>> [line['verdict'] for line in r['lines']], r['translated'], r['refused']
        (['refused', 'translated'], 1, 1)
    """
    where = "translate"
    opts = ffi.new("tmu_xl_listing_options *")
    fa = _arch(from_isa, from_gpu, where)
    ta = _arch(to_isa, to_gpu, where)
    if fa.isa == ta.isa:
        raise InvalidArgumentError("source and target are both %s" % from_isa, where)
    setattr(opts, "from", fa)  # a C field named like a Python keyword
    opts.to = ta
    opts.dim, opts.dim_given = _dim(dim, where)
    if type not in TYPES:
        raise InvalidArgumentError("type must be one of %s, got %r" % (", ".join(TYPES), type), where)
    opts.type = TYPES[type]
    if isinstance(code, (bytes, bytearray)):
        if fa.isa != ISAS.index("gcn"):
            raise InvalidArgumentError("bytes are a GCN binary; give %s code as text" % from_isa, where)
        if len(code) % 8:
            raise InvalidArgumentError("a binary of %d bytes: GCN MIMG words are 8 bytes each" % len(code), where)
        code = "\n".join("0x%016x" % int.from_bytes(code[i:i + 8], "little") for i in range(0, len(code), 8))
        program = True if program is None else program
    elif isinstance(code, int) and not isinstance(code, bool):
        if fa.isa == ISAS.index("ptx"):
            raise InvalidArgumentError("a PTX instruction is text", where)
        if not 0 <= code < 1 << 64:
            raise InvalidArgumentError("a word is 64 bits, got %#x" % code, where)
        code = "0x%016x" % code
    elif not isinstance(code, str):
        raise InvalidArgumentError("code must be str, int or bytes, got %s" % code.__class__.__name__, where)
    if "\0" in code:
        raise InvalidArgumentError("code contains a NUL character", where)
    if program is None:
        program = len([ln for ln in code.splitlines() if ln.strip()]) > 1
    text = code.encode("utf-8", "replace")
    if program:
        opts.json = 1
        n = lib.tmu_xl_translate_listing(opts, text, len(text), ffi.NULL, 0, ffi.NULL)
        if n < 0:
            raise InvalidArgumentError("the listing cannot be translated (bad arguments)", where)
        buf = ffi.new("char[]", n + 1)
        lib.tmu_xl_translate_listing(opts, text, len(text), buf, n + 1, ffi.NULL)
        return json.loads(ffi.string(buf).decode("utf-8", "replace"))
    src = ffi.new("tmu_xl_source *")
    prog = ffi.new("tmu_xl_program *")
    diag = ffi.new("tmu_diag *")
    check(lib.tmu_xl_lift_line(opts, text, len(text), src, diag), diag, where)
    check(lib.tmu_xl_translate(src, ta, prog, diag), diag, where)
    n = lib.tmu_xl_print(prog, src, 1, ffi.NULL, 0)
    buf = ffi.new("char[]", n + 1)
    lib.tmu_xl_print(prog, src, 1, buf, n + 1)
    return json.loads(ffi.string(buf).decode("utf-8", "replace"))
