"""Disassembly and assembly of AMD GCN MIMG (gfx6-gfx9) and Qualcomm Adreno ir3 category 5
(a3xx-a7xx) instructions (tmu/gcn.h, tmu/ir3.h).

Both ISAs use 64-bit instruction words.  Code is given as bytes (little-endian, 8 bytes per
instruction: GCN DWORD0 first, ir3 the low dword first, as in memory), one int, or an iterable
of ints / a NumPy integer array of words.  GCN text is llvm-mc 14's (``syntax='clrx'`` for CLRX);
ir3 text is Mesa's disassembler's.

GPU names (always given: there is no default GPU, as the CLI's --gpu has none): GCN 'gfx6' / 'si' /
'tahiti', 'gfx7', 'gfx8', 'gfx81', 'gfx9'; ir3 'a3xx' ... 'a7xx', 'a630', or a GPU id 300-899.
"""

import numbers

import numpy as np

from . import _enums
from ._native import ffi, lib
from .errors import DecodeError, InvalidArgumentError, NotFoundError, check, from_diag

ISAS = ("gcn", "ir3")


def _isa(isa, where):
    if not isinstance(isa, str) or isa.lower() not in ISAS:
        raise InvalidArgumentError("isa must be one of %s, got %r" % (", ".join(ISAS), isa), where)
    return isa.lower()


def gcn_gen(gpu, where="gcn"):
    """``tmu_gcn_gen`` of a GCN or RDNA GPU name ('gfx9', 'gfx1030', ...) or the value itself.  There is
    no default GPU: like the CLI's --gpu, the generation decides the encoding and the rules."""
    if gpu is None:
        raise InvalidArgumentError("no GPU given: name it with gpu= ('gfx6' .. 'gfx9', 'gfx10', "
                                   "'gfx1030', 'gfx11', ...), as tmu's --gpu requires", where)
    if isinstance(gpu, numbers.Integral) and not isinstance(gpu, bool) and 0 <= gpu < lib.TMU_GCN_GEN_ALL:
        return int(gpu)
    if not isinstance(gpu, str) or "\0" in gpu:
        raise InvalidArgumentError("GCN GPU must be a name such as 'gfx9', got %r" % (gpu,), where)
    out = ffi.new("tmu_gcn_gen *")
    st = lib.tmu_gcn_gen_from_name(gpu.encode("utf-8", "replace"), out)
    if st != lib.TMU_OK:
        count = ffi.new("size_t *")
        names = lib.tmu_gcn_gen_names(count)
        known = ", ".join(ffi.string(names[i]).decode() for i in range(count[0]))
        raise NotFoundError("unknown GCN GPU '%s' (one of: %s)" % (gpu, known), where)
    return out[0]


def ir3_gpu(gpu, where="ir3"):
    """ir3 GPU id of a name ('a6xx', 'a630', '630') or an id 300-899; there is no default GPU."""
    if gpu is None:
        raise InvalidArgumentError("no GPU given: name it with gpu= ('a3xx' .. 'a7xx', 'a630', 630, ...), "
                                   "as tmu's --gpu requires", where)
    if isinstance(gpu, numbers.Integral) and not isinstance(gpu, bool):
        if lib.TMU_IR3_GPU_MIN <= gpu <= lib.TMU_IR3_GPU_MAX:
            return int(gpu)
        raise InvalidArgumentError("ir3 GPU id %d outside %d-%d" % (gpu, lib.TMU_IR3_GPU_MIN, lib.TMU_IR3_GPU_MAX),
                                   where)
    if not isinstance(gpu, str) or "\0" in gpu:
        raise InvalidArgumentError("ir3 GPU must be a name such as 'a6xx' or an id, got %r" % (gpu,), where)
    out = ffi.new("uint32_t *")
    st = lib.tmu_ir3_gpu_from_name(gpu.encode("utf-8", "replace"), out)
    if st != lib.TMU_OK:
        raise NotFoundError("unknown ir3 GPU '%s' (a3xx-a8xx, a630, or 300-899)" % gpu, where)
    return out[0]


def _syntax(syntax, where):
    return _enums.value(syntax, "tmu_gcn_syntax", "TMU_GCN_SYNTAX_", where, "syntax")


def words(code, where="disasm"):
    """The 64-bit words of ``code`` (bytes-like, an int, or ints) as a list of Python ints.

    Example::

        >>> [hex(w) for w in tmu.isa.words(bytes.fromhex('000f80f004008200') + bytes(8))]
        ['0x820004f0800f00', '0x0']
    """
    if isinstance(code, numbers.Integral) and not isinstance(code, bool):
        code = [code]
    elif isinstance(code, np.ndarray) and code.dtype.kind in "iu":
        code = code.reshape(-1).tolist()
    elif isinstance(code, (bytes, bytearray, memoryview)) or (isinstance(code, np.ndarray) and code.dtype == np.uint8):
        b = bytes(memoryview(code).cast("B")) if not isinstance(code, np.ndarray) else code.tobytes()
        if len(b) % 8:
            raise InvalidArgumentError("%d bytes are not whole 8-byte instructions" % len(b), where)
        return np.frombuffer(b, dtype="<u8").tolist()
    try:
        out = list(code)
    except TypeError:
        raise InvalidArgumentError("code must be bytes, an int or ints, not %s" % type(code).__name__,
                                   where) from None
    for i, w in enumerate(out):
        if not isinstance(w, numbers.Integral) or isinstance(w, bool) or not 0 <= w < 2**64:
            raise InvalidArgumentError("word %d (%r) is not a 64-bit unsigned integer" % (i, w), where)
        out[i] = int(w)
    return out


def disasm(isa, code, gpu=None, *, syntax="llvm", strict=True):
    """Disassembles ``code`` (bytes, an int or ints of 64-bit words) into a list of strings,
    one per instruction: llvm-mc 14's text for 'gcn' (or CLRX's), Mesa's for 'ir3'.

    With ``strict`` (default) a word that is no instruction raises :class:`tmu.DecodeError`
    (``offset`` = the bit, the message names the word); ``strict=False`` gives
    ``'invalid: REASON'`` for GCN and Mesa's ``'raw 0x...'`` for ir3 instead.

    Example::

        >>> tmu.disasm('gcn', 0x00820004f0800f00, gpu='gfx9')
        ['image_sample v[0:3], v4, s[8:15], s[16:19] dmask:0xf']
        >>> tmu.disasm('ir3', bytes.fromhex('050060c4049fc8a0'), gpu='a6xx')
        ['sam.base1 (f32)(xyzw)r1.x, r0.z, s#3, t#2']
    """
    where = "disasm"
    isa = _isa(isa, where)
    if isa == "gcn" and _is_bytes(code) and gcn_gen(gpu, where) >= lib.TMU_GCN_GFX10:
        return _disasm_rdna_stream(code, gcn_gen(gpu, where), syntax, strict, where)
    ws = words(code, where)
    buf = ffi.new("char[]", 1024)
    diag = ffi.new("tmu_diag *")
    out = []
    if isa == "gcn":
        gen = gcn_gen(gpu, where)
        syn = _syntax(syntax, where)
        for i, w in enumerate(ws):
            n = lib.tmu_gcn_disasm(gen, w, syn, buf, 1024, diag)
            if n < 0:
                if diag.status == lib.TMU_ERR_DECODE and not strict:
                    out.append("invalid: " + ffi.string(diag.message).decode("utf-8", "replace"))
                    continue
                raise from_diag(diag.status or lib.TMU_ERR_DECODE, diag, "disasm gcn word %d (0x%016x)" % (i, w))
            out.append(ffi.string(buf, n).decode())
    else:
        gid = ir3_gpu(gpu, where)
        if syntax != "llvm":
            raise InvalidArgumentError("syntax applies to GCN only", where)
        for i, w in enumerate(ws):
            st = lib.tmu_ir3_disasm(w, gid, buf, 1024)
            if st != lib.TMU_OK:
                if st == lib.TMU_ERR_DECODE and not strict:
                    out.append(ffi.string(buf).decode())
                    continue
                inst = ffi.new("tmu_ir3_instr *")
                lib.tmu_ir3_decode(w, gid, inst, diag)
                raise from_diag(st, diag, "disasm ir3 word %d (0x%016x)" % (i, w))
            out.append(ffi.string(buf).decode())
    return out


def _is_bytes(code):
    return isinstance(code, (bytes, bytearray, memoryview)) or (isinstance(code, np.ndarray) and code.dtype == np.uint8)


def _disasm_rdna_stream(code, gen, syntax, strict, where):
    """RDNA: instructions of 2-5 dwords one after another (NSA forms are longer)."""
    b = bytes(memoryview(code).cast("B")) if not isinstance(code, np.ndarray) else code.tobytes()
    if len(b) % 4:
        raise InvalidArgumentError("%d bytes are not whole dwords" % len(b), where)
    dw = np.frombuffer(b, dtype="<u4").astype(np.uint32)
    cdw = ffi.from_buffer("uint32_t[]", dw) if dw.size else ffi.new("uint32_t[1]")
    syn = _syntax(syntax, where)
    buf = ffi.new("char[]", 1024)
    diag = ffi.new("tmu_diag *")
    length = ffi.new("unsigned *")
    out, i = [], 0
    while i < dw.size:
        n = lib.tmu_gcn_disasm_dwords(gen, cdw + i, dw.size - i, length, syn, buf, 1024, diag)
        if n < 0:
            if diag.status == lib.TMU_ERR_DECODE and not strict:
                out.append("invalid: " + ffi.string(diag.message).decode("utf-8", "replace"))
            else:
                raise from_diag(diag.status or lib.TMU_ERR_DECODE, diag, "disasm gcn dword %d (0x%08x)" % (i, int(dw[i])))
        else:
            out.append(ffi.string(buf, n).decode())
        i += max(1, int(length[0]))
    return out


def _lines(text, where):
    if isinstance(text, str):
        lines = text.split("\n")
    else:
        try:
            lines = list(text)
        except TypeError:
            raise InvalidArgumentError("text must be a str or a list of str", where) from None
        if not all(isinstance(x, str) for x in lines):
            raise InvalidArgumentError("text must be a str or a list of str", where)
    return lines


def _skip(line, isa):
    s = line.strip(" \t\r")
    return not s or s[0] in ";#" or (isa == "gcn" and s.startswith("//"))


def asm(isa, text, gpu=None, *, syntax="llvm"):
    """Assembles instructions into bytes (8 per instruction, little-endian, as in memory; RDNA
    instructions take 8 to 20 bytes: NSA forms add a dword per four further addresses).

    ``text``: one instruction per line (a str with newlines, or a list of lines); blank lines and
    lines starting with ';' or '#' ('//' too for GCN) are skipped.  Errors raise
    :class:`tmu.ParseError` / :class:`tmu.InvalidError` with ``line`` (1-based within ``text``)
    and ``column``.

    Example::

        >>> tmu.asm('gcn', 'image_load v[0:3], v4, s[8:15] dmask:0xf unorm', gpu='gfx6').hex()
        '001f00f004000200'
        >>> hex(int.from_bytes(tmu.asm('ir3', 'isam.v.base0 (u32)(xyzw)r1.z, r0.y+8, s#0, t#1', gpu='a7xx'), 'little'))
        '0xa02c3f06c2041003'
    """
    where = "asm"
    isa = _isa(isa, where)
    lines = _lines(text, where)
    diag = ffi.new("tmu_diag *")
    word = ffi.new("uint64_t *")
    out = []
    if isa == "gcn" and gcn_gen(gpu, where) >= lib.TMU_GCN_GFX10:
        # RDNA: 2-5 dwords per instruction (NSA forms are longer), one after another
        gen = gcn_gen(gpu, where)
        syn = _syntax(syntax, where)
        inst = ffi.new("tmu_gcn_mimg *")
        dw = ffi.new("uint32_t[]", lib.TMU_GCN_MAX_DWORDS)
        n = ffi.new("unsigned *")
        chunks = []
        for no, line in enumerate(lines, 1):
            if _skip(line, isa):
                continue
            b = line.rstrip("\r").encode("utf-8", "replace")
            st = lib.tmu_gcn_assemble(gen, syn, b, len(b), no, inst, diag)
            if st == lib.TMU_OK:
                st = lib.tmu_gcn_encode_dwords(inst, dw, n, diag)
            if st != lib.TMU_OK:
                diag.line = no
                raise from_diag(st, diag, "asm gcn")
            chunks.append(bytes(ffi.buffer(dw, 4 * n[0])))
        return b"".join(chunks)
    if isa == "gcn":
        gen = gcn_gen(gpu, where)
        syn = _syntax(syntax, where)
        inst = ffi.new("tmu_gcn_mimg *")
        for no, line in enumerate(lines, 1):
            if _skip(line, isa):
                continue
            b = line.rstrip("\r").encode("utf-8", "replace")
            st = lib.tmu_gcn_assemble(gen, syn, b, len(b), no, inst, diag)
            if st == lib.TMU_OK:
                st = lib.tmu_gcn_encode(inst, word, diag)
            if st != lib.TMU_OK:
                diag.line = no
                raise from_diag(st, diag, "asm gcn")
            out.append(word[0])
    else:
        gid = ir3_gpu(gpu, where)
        if syntax != "llvm":
            raise InvalidArgumentError("syntax applies to GCN only", where)
        inst = ffi.new("tmu_ir3_instr *")
        for no, line in enumerate(lines, 1):
            if _skip(line, isa):
                continue
            b = line.encode("utf-8", "replace")
            st = lib.tmu_ir3_parse(b, len(b), gid, no, inst, diag)
            if st == lib.TMU_OK:
                st = lib.tmu_ir3_encode(inst, word, diag)
            if st != lib.TMU_OK:
                diag.line = no
                raise from_diag(st, diag, "asm ir3")
            out.append(word[0])
    return np.array(out, dtype="<u8").tobytes()


def decode(isa, word, gpu=None):
    """The raw fields of one instruction word as a dict (RDNA: the 2-dword forms): ``'op'`` (mnemonic, GCN; ir3 Mesa's
    name) plus every field of the ISA's field table by name (GCN: the manual's upper-case names;
    ir3: tmu_ir3_field names in lower case).  Raises :class:`tmu.DecodeError` for a word that is
    no instruction.

    Example::

        >>> f = tmu.isa.decode('gcn', 0x00820004f0800f00, gpu='gfx9')
        >>> f['op'], f['DMASK'], f['VADDR'], f['SRSRC']
        ('image_sample', 15, 4, 2)
    """
    where = "decode"
    isa = _isa(isa, where)
    w = words(word, where)
    if len(w) != 1:
        raise InvalidArgumentError("decode takes one word, got %d" % len(w), where)
    diag = ffi.new("tmu_diag *")
    if isa == "gcn":
        inst = ffi.new("tmu_gcn_mimg *")
        gen = gcn_gen(gpu, where)
        check(lib.tmu_gcn_decode(gen, w[0], inst, diag), diag, "decode gcn")
        out = {"op": ffi.string(inst.op.name).decode()}
        # the fields of the generation's layout (RDNA: DIM, NSA, DLC ...; the 2-dword forms)
        for f in range(lib.TMU_GCN_F_ALL if gen >= lib.TMU_GCN_GFX10 else lib.TMU_GCN_F_COUNT):
            info = lib.tmu_gcn_field_get_gen(gen, f)
            if info != ffi.NULL and info.width:
                out[ffi.string(info.name).decode()] = int(inst.f[f])
        return out
    inst = ffi.new("tmu_ir3_instr *")
    st = lib.tmu_ir3_decode(w[0], ir3_gpu(gpu, where), inst, diag)
    check(st, diag, "decode ir3")
    out = {"op": ffi.string(lib.tmu_ir3_opinfo_get(inst.op).name).decode()}
    for name, v in _enums.names("tmu_ir3_field", "TMU_IR3_F_").items():
        out[name] = int(inst.field[v])
    return out


__all__ = ["disasm", "asm", "decode", "words", "DecodeError"]
