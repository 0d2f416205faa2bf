#!/usr/bin/env python3
"""Generates tests/data/rdna-llc-roles.tsv: which LLVM image-intrinsic argument each address VGPR
of the RDNA MIMG instruction llc-16 emits holds, for gfx10 (gfx1010), gfx10.3 (gfx1030) and gfx11
(gfx1100).

Every llvm.amdgcn.image.* intrinsic variant (sample: 40 forms, gather4: 24, getlod, load,
load.mip, store, store.mip, getresinfo, msaa.load, the atomics) for every dimension it takes is
called from an amdgpu_ps function whose VGPR inputs are exactly the intrinsic's data and address
arguments, each a distinct input named by its role; each also in its A16 form (half / i16
addresses), the derivative forms also with half derivatives and float coordinates (llc selects
the _g16 opcodes), and sample / gather4 / load / store also with half data (D16).  Forms llc-16
refuses on a generation are left out.  llc passes VGPR inputs in v0, v1, ... in order (a half in
the low 16 bits of its own VGPR); the script follows the copies llc inserts before the image
instruction (v_mov_b32, gfx11's v_dual_mov_b32 pairs) and its 16-bit packing (v_perm_b32 with
selector 0x5040100, v_pack_b32_f16, v_and_b32 0xffff + v_lshl_or_b32), then records for each
address VGPR (the contiguous VADDR range, or each register of an NSA list in order) the role of
the input it holds: 'lo|hi' for a VGPR packing two 16-bit arguments, '-' for padding.  A row
whose address registers it cannot follow is reported on stderr and left out.
test_rdna_llc_roles.c checks tmu's address layout against every row, without llc.

usage: gen_rdna_llc_roles.py [LLC] > tests/data/rdna-llc-roles.tsv
"""
import re
import subprocess
import sys

LLC = sys.argv[1] if len(sys.argv) > 1 else "llc-16"
CPUS = [("gfx10", "gfx1010"), ("gfx10.3", "gfx1030"), ("gfx11", "gfx1100")]
ALL = [g for g, _ in CPUS]

# dimension suffix -> (tmu image type name, coordinate roles, derivative count)
DIMS = {
    "1d": ("1d", ["x"], 1),
    "2d": ("2d", ["x", "y"], 2),
    "3d": ("3d", ["x", "y", "z"], 3),
    "cube": ("cube", ["x", "y", "face"], 2),
    "1darray": ("1d_array", ["x", "slice"], 1),
    "2darray": ("2d_array", ["x", "y", "slice"], 2),
    "2dmsaa": ("2d_msaa", ["x", "y", "fragid"], 0),
    "2darraymsaa": ("2d_msaa_array", ["x", "y", "slice", "fragid"], 0),
}
SAMPLE_DIMS = ["1d", "2d", "3d", "cube", "1darray", "2darray"]
GATHER_DIMS = ["2d", "cube", "2darray"]
LOAD_DIMS = SAMPLE_DIMS + ["2dmsaa", "2darraymsaa"]
MIP_DIMS = SAMPLE_DIMS
MSAA_DIMS = ["2dmsaa", "2darraymsaa"]

SAMPLE_VARIANTS = ["", "cl", "d", "d.cl", "l", "b", "b.cl", "lz", "cd", "cd.cl"]
GATHER_VARIANTS = ["", "cl", "l", "b", "b.cl", "lz"]
ATOMICS = ["swap", "cmpswap", "add", "sub", "smin", "umin", "smax", "umax", "and", "or", "xor",
           "inc", "dec", "fmin", "fmax"]

# address type modes: (coordinate type, derivative type)
F32, A16, G16 = ("float", "float"), ("half", "half"), ("float", "half")


def sampler_case(kind, variant, c, o, dim, mode):
    """(intrinsic name, overload suffix, [(llvm type, role)] address args) of a sample/gather4.
    Offset and z-compare stay 32-bit; the bias takes the coordinates' type."""
    parts = variant.split(".") if variant else []
    _, coords, nder = DIMS[dim]
    ct, dt = mode
    args = []
    if o:
        args.append(("i32", "offset"))
    if "b" in parts:
        args.append((ct, "bias"))
    if c:
        args.append(("float", "zcompare"))
    grad = "d" in parts or "cd" in parts
    if grad:
        names = ["dsdh", "dtdh", "drdh"][:nder] + ["dsdv", "dtdv", "drdv"][:nder]
        args += [(dt, n) for n in names]
    args += [(ct, r) for r in coords]
    if "l" in parts:
        args.append((ct, "lod"))
    if "cl" in parts:
        args.append((ct, "clamp"))
    name = kind + (".c" if c else "") + ("." + variant if variant else "") + (".o" if o else "")
    tn = {"float": ".f32", "half": ".f16"}
    suffix = (tn[dt] + tn[ct]) if grad else tn[ct]
    if "b" in parts:  # LLVM 16 overloads the bias type separately: .f32 bias, .f16 coords ...
        suffix = tn[ct] + tn[ct]
    return name, suffix, args


def cases():
    """Yields (gen list, function name, intrinsic, image type, VGPR input roles, IR text)."""
    n = 0
    for kind, variants, dims in (("sample", SAMPLE_VARIANTS, SAMPLE_DIMS),
                                 ("gather4", GATHER_VARIANTS, GATHER_DIMS)):
        for variant in variants:
            grad = variant.split(".")[0] in ("d", "cd")
            for mode in ((F32, A16, G16) if grad else (F32, A16)):
                for c in (0, 1):
                    for o in (0, 1):
                        for dim in dims:
                            for d16 in ((0, 1) if mode == F32 else (0,)):
                                name, suffix, args = sampler_case(kind, variant, c, o, dim, mode)
                                ret = "<4 x half>" if d16 else "<4 x float>"
                                intr = "llvm.amdgcn.image.%s.%s.%s%s" % (
                                    name, dim, "v4f16" if d16 else "v4f32", suffix)
                                n += 1
                                yield sampled(n, intr, args, 1 if kind == "gather4" else 15, dim, ret)
    for a16 in (0, 1):
        t = "half" if a16 else "float"
        for dim in SAMPLE_DIMS:
            n += 1
            yield sampled(n, "llvm.amdgcn.image.getlod.%s.v2f32.%s" % (dim, "f16" if a16 else "f32"),
                          [(t, r) for r in DIMS[dim][1]], 3, dim, ret="<2 x float>")
    for a16 in (0, 1):
        it, its = ("i16", "i16") if a16 else ("i32", "i32")
        for mip in (0, 1):
            for dim in (MIP_DIMS if mip else LOAD_DIMS):
                args = [(it, r) for r in DIMS[dim][1]] + ([(it, "mip")] if mip else [])
                for d16 in (0, 1):
                    vt, vs = ("<4 x half>", "v4f16") if d16 else ("<4 x float>", "v4f32")
                    m = ".mip" if mip else ""
                    n += 1
                    yield plain(n, "llvm.amdgcn.image.load%s.%s.%s.%s" % (m, dim, vs, its), [], args, dim, vt,
                                "i32 15, ")
                    n += 1
                    yield plain(n, "llvm.amdgcn.image.store%s.%s.%s.%s" % (m, dim, vs, its), [(vt, "data")],
                                args, dim, "void", "i32 15, ")
        for dim in MIP_DIMS:
            n += 1
            yield plain(n, "llvm.amdgcn.image.getresinfo.%s.v4f32.%s" % (dim, its), [], [(it, "mip")], dim,
                        "<4 x float>", "i32 15, ")
        for dim in MSAA_DIMS:
            n += 1
            yield plain(n, "llvm.amdgcn.image.msaa.load.%s.v4f32.%s" % (dim, its), [],
                        [(it, r) for r in DIMS[dim][1]], dim, "<4 x float>", "i32 1, ")
        for op in ATOMICS:
            for dim in LOAD_DIMS:
                args = [(it, r) for r in DIMS[dim][1]]
                fl = op in ("fmin", "fmax")
                t = "float" if fl else "i32"
                data = [(t, "data")] + ([(t, "cmp")] if op == "cmpswap" else [])
                n += 1
                yield plain(n, "llvm.amdgcn.image.atomic.%s.%s.%s.%s" % (op, dim, "f32" if fl else "i32", its),
                            data, args, dim, t, "")


def vgprs_of(t):
    """VGPRs an amdgpu_ps argument of type t takes (halves: one, in the low 16 bits)."""
    return {"<4 x float>": 4, "<4 x half>": 2}.get(t, 1)


def sampled(n, intr, args, dmask, dim, ret):
    params = ", ".join("%s %%%s" % (t, r) for t, r in args)
    argtypes = ", ".join(t for t, _ in args)
    fn = "f%d" % n
    ir = ("declare %s @%s(i32, %s, <8 x i32>, <4 x i32>, i1, i32, i32)\n"
          "define amdgpu_ps %s @%s(<8 x i32> inreg %%rsrc, <4 x i32> inreg %%samp, %s) {\n"
          "  %%v = call %s @%s(i32 %d, %s, <8 x i32> %%rsrc, <4 x i32> %%samp, i1 false, i32 0, i32 0)\n"
          "  ret %s %%v\n}\n") % (ret, intr, argtypes, ret, fn, params, ret, intr, dmask, params, ret)
    return (ALL, fn, intr, DIMS[dim][0], [r for _, r in args], ir)


def plain(n, intr, data, args, dim, ret, prefix):
    allargs = data + args
    params = ", ".join("%s %%%s" % (t, r) for t, r in allargs)
    fn = "f%d" % n
    dargs = ", ".join("%s %%%s" % (t, r) for t, r in data)
    aargs = ", ".join("%s %%%s" % (t, r) for t, r in args)
    call = (dargs + ", " if dargs else "") + prefix + aargs
    argtypes = ", ".join([t for t, _ in data] + (["i32"] if prefix else []) + [t for t, _ in args])
    fret = "float" if ret == "i32" else ret  # integer results would be returned in SGPRs
    body = "  %s call %s @%s(%s, <8 x i32> %%rsrc, i32 0, i32 %d)\n" % (
        "" if ret == "void" else "%v =", ret, intr, call, 1 if ret in ("i32", "float") else 0)
    if ret == "void":
        body += "  ret void\n"
    elif ret == "i32":
        body += "  %f = bitcast i32 %v to float\n  ret float %f\n"
    else:
        body += "  ret %s %%v\n" % ret
    ir = ("declare %s @%s(%s, <8 x i32>, i32, i32)\n"
          "define amdgpu_ps %s @%s(<8 x i32> inreg %%rsrc, %s) {\n%s}\n") % (
              ret, intr, argtypes, fret, fn, params, body)
    roles = []
    for t, r in allargs:
        roles += [r] * vgprs_of(t)
    return (ALL, fn, intr, DIMS[dim][0], roles, ir)


def run_llc(cpu, ir):
    p = subprocess.run([LLC, "-march=amdgcn", "-mcpu=" + cpu, "-show-mc-encoding", "-o", "-"],
                       input=ir, capture_output=True, text=True)
    return p.returncode, p.stdout


def regs_of(text):
    """VGPR numbers of 'v5' or 'v[4:7]'."""
    m = re.fullmatch(r"v(\d+)", text)
    if m:
        return [int(m.group(1))]
    m = re.fullmatch(r"v\[(\d+):(\d+)\]", text)
    return list(range(int(m.group(1)), int(m.group(2)) + 1))


def parse(asm, fn, roles):
    """(dwords, role of each address VGPR) of fn's image instruction, or None."""
    m = re.search(r"^%s:.*?$(.*?)^\.Lfunc_end" % re.escape(fn), asm, re.S | re.M)
    if not m:
        return None
    reg = {i: roles[i] for i in range(len(roles))}  # v<i> holds input i
    V = r"v(\d+)"
    for line in m.group(1).splitlines():
        code = line.split(";")[0].strip()
        mi = re.match(r"(image_\w+)\s+(v\d+|v\[\d+:\d+\]),\s*(v\d+|v\[\d+:\d+\]|\[[^\]]*\])", code)
        if mi:
            enc = re.search(r"encoding: \[([^\]]*)\]", line)
            if not enc:
                return None
            b = [int(x, 16) for x in enc.group(1).split(",")]
            dw = [sum(b[4 * i + j] << (8 * j) for j in range(4)) for i in range(len(b) // 4)]
            va = mi.group(3)
            if va.startswith("["):
                vs = []
                for item in va[1:-1].split(","):
                    vs += regs_of(item.strip())
            else:
                vs = regs_of(va)
            return dw, [reg.get(v, "-") for v in vs]
        mm = re.fullmatch(r"v_mov_b32(?:_e32|_e64)?\s+%s,\s*%s" % (V, V), code)
        if mm:
            reg[int(mm.group(1))] = reg.get(int(mm.group(2)), "?")
            continue
        md = re.fullmatch(r"v_dual_mov_b32\s+%s,\s*%s\s*::\s*v_dual_mov_b32\s+%s,\s*%s" % (V, V, V, V), code)
        if md:  # both halves read before either writes
            a, b = reg.get(int(md.group(2)), "?"), reg.get(int(md.group(4)), "?")
            reg[int(md.group(1))] = a
            reg[int(md.group(3))] = b
            continue
        mp = re.fullmatch(r"v_perm_b32(?:_e64)?\s+%s,\s*%s,\s*%s,\s*0x5040100" % (V, V, V), code)
        if mp:  # bytes 1:0 of the second source low, of the first source high
            reg[int(mp.group(1))] = "%s|%s" % (reg.get(int(mp.group(3)), "?"), reg.get(int(mp.group(2)), "?"))
            continue
        mk = re.fullmatch(r"v_pack_b32_f16(?:_e64)?\s+%s,\s*%s,\s*%s" % (V, V, V), code)
        if mk:
            reg[int(mk.group(1))] = "%s|%s" % (reg.get(int(mk.group(2)), "?"), reg.get(int(mk.group(3)), "?"))
            continue
        mk = re.fullmatch(r"v_mov_b32(?:_e32|_e64)?\s+%s,\s*0xffff" % V, code)
        if mk:
            reg[int(mk.group(1))] = "#ffff"
            continue
        ma = re.fullmatch(r"v_and_b32(?:_e32|_e64)?\s+%s,\s*(0xffff|v\d+),\s*%s" % (V, V), code)
        if ma and (ma.group(2) == "0xffff" or reg.get(int(ma.group(2)[1:])) == "#ffff"):
            reg[int(ma.group(1))] = reg.get(int(ma.group(3)), "?")
            continue
        ml = re.fullmatch(r"v_lshl_or_b32(?:_e64)?\s+%s,\s*%s,\s*16,\s*%s" % (V, V, V), code)
        if ml:
            reg[int(ml.group(1))] = "%s|%s" % (reg.get(int(ml.group(3)), "?"), reg.get(int(ml.group(2)), "?"))
            continue
        for mw in re.finditer(r"(?:^|::)\s*v_\w+\s+v(\d+)", code):  # any other VGPR write
            reg[int(mw.group(1))] = "?"
        for mw in re.finditer(r"(?:^|::)\s*v_\w+\s+v\[(\d+):(\d+)\]", code):
            for r in range(int(mw.group(1)), int(mw.group(2)) + 1):
                reg[r] = "?"
    return None


def compile_cases(cpu, mine):
    """{function name: asm} for the cases llc compiles, in chunks; a failing chunk case by case."""
    out = {}
    for i in range(0, len(mine), 64):
        chunk = mine[i:i + 64]
        rc, asm = run_llc(cpu, "".join(c[5] for c in chunk))
        if rc == 0:
            for c in chunk:
                out[c[1]] = asm
            continue
        for c in chunk:
            rc, asm = run_llc(cpu, c[5])
            if rc == 0:
                out[c[1]] = asm
    return out


def main():
    all_cases = list(cases())
    print("# rdna-llc-roles.tsv: generated by tests/gcn/gen_rdna_llc_roles.py with %s "
          "(-march=amdgcn -mcpu=gfx1010 / gfx1030 / gfx1100 -show-mc-encoding)" % LLC)
    print("# gen\tintrinsic\timage_type\tdwords (memory order)\taddress VGPR roles (VADDR range or NSA list; "
          "lo|hi = two 16-bit arguments; - = padding)\tIR")
    rows = 0
    for gen, cpu in CPUS:
        mine = [c for c in all_cases if gen in c[0]]
        compiled = compile_cases(cpu, mine)
        for c in mine:
            if c[1] not in compiled:
                continue
            got = parse(compiled[c[1]], c[1], c[4])
            if not got:
                print("%s %s: no image instruction found" % (gen, c[2]), file=sys.stderr)
                continue
            dw, roles = got
            if any("?" in r or "#" in r for r in roles):
                print("%s %s: address content not followed (%s)" % (gen, c[2], ",".join(roles)), file=sys.stderr)
                continue
            ir = c[5].replace("\\", "\\\\").replace("\n", "\\n").replace("\t", " ")
            print("%s\t%s\t%s\t%s\t%s\t%s" % (gen, c[2], c[3], " ".join("%08x" % d for d in dw),
                                              ",".join(roles), ir))
            rows += 1
    print("# %d rows" % rows)


if __name__ == "__main__":
    main()
