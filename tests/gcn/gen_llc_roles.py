#!/usr/bin/env python3
"""Generates tests/data/gcn-llc-roles.tsv: which LLVM image-intrinsic argument each VADDR register
of the MIMG word llc-14 emits holds.

Every llvm.amdgcn.image.* intrinsic variant the GCN executor covers (sample: 40 forms, gather4: 24,
getlod, load, load.mip, store, store.mip, getresinfo, the atomics of each generation) for every
dimension it takes, and on gfx9 the A16 forms (half / i16 addresses) of sample, gather4, getlod,
load and store, is called from an amdgpu_ps function whose VGPR inputs are exactly the
intrinsic's data and address arguments, each a distinct input named by its role.  llc-14 passes
VGPR inputs in v0, v1, ... in order (shared/reference/gcn-mimg.md §3); the script follows the v_mov_b32 copies llc
inserts before the image instruction, then records for each register of VADDR the role of the
input it holds ('-' for padding llc adds to reach 4, 8 or 16 registers; with A16 on gfx9 'lo|hi'
for a register packing two 16-bit arguments, following llc's v_and_b32 / v_lshl_or_b32).  test_gcn_llc_roles.c
checks tmu's VADDR layout against every row, without llc.

usage: gen_llc_roles.py [LLC] > tests/data/gcn-llc-roles.tsv
"""
import re
import subprocess
import sys

LLC = sys.argv[1] if len(sys.argv) > 1 else "llc-14"
CPUS = [("gfx6", "tahiti"), ("gfx7", "bonaire"), ("gfx8", "tonga"), ("gfx9", "gfx900")]

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
MIP_DIMS = SAMPLE_DIMS  # no mips on multisampled images

# sample variants (LLVM AMDGPUSampleVariants): name parts after "sample", extra args before and
# after the coordinates
SAMPLE_VARIANTS = ["", "cl", "d", "d.cl", "l", "b", "b.cl", "lz", "cd", "cd.cl"]
GATHER_VARIANTS = ["", "cl", "l", "b", "b.cl", "lz"]

ATOMICS = {
    "swap": "gfx6 gfx7 gfx8 gfx9", "cmpswap": "gfx6 gfx7 gfx8 gfx9", "add": "gfx6 gfx7 gfx8 gfx9",
    "sub": "gfx6 gfx7 gfx8 gfx9", "smin": "gfx6 gfx7 gfx8 gfx9", "umin": "gfx6 gfx7 gfx8 gfx9",
    "smax": "gfx6 gfx7 gfx8 gfx9", "umax": "gfx6 gfx7 gfx8 gfx9", "and": "gfx6 gfx7 gfx8 gfx9",
    "or": "gfx6 gfx7 gfx8 gfx9", "xor": "gfx6 gfx7 gfx8 gfx9", "inc": "gfx6 gfx7 gfx8 gfx9",
    "dec": "gfx6 gfx7 gfx8 gfx9", "fmin": "gfx6 gfx7", "fmax": "gfx6 gfx7",
}


def sampler_case(kind, variant, c, o, dim, a16=False):
    """(intrinsic name, [(llvm type, role)] address args) of a sample or gather4; with a16 the
    address arguments are half (offset and z-compare stay 32-bit: shared/reference/gcn-mimg.md §3.4)."""
    parts = variant.split(".") if variant else []
    _, coords, nder = DIMS[dim]
    h = "half" if a16 else "float"
    args = []
    if o:
        args.append(("i32", "offset"))
    if "b" in parts:
        args.append((h, "bias"))
    if c:
        args.append(("float", "zcompare"))
    if "d" in parts or "cd" in parts:
        names = ["dsdh", "dtdh", "drdh"][:nder] + ["dsdv", "dtdv", "drdv"][:nder]
        args += [(h, n) for n in names]
    args += [(h, r) for r in coords]
    if "l" in parts:
        args.append((h, "lod"))
    if "cl" in parts:
        args.append((h, "clamp"))
    name = kind + (".c" if c else "") + ("." + variant if variant else "") + (".o" if o else "")
    return name, args


def cases():
    """Yields (gen list, function name, intrinsic, image type, IR function text)."""
    n = 0
    for a16 in (False, True):  # A16 (16-bit addresses, packed two per VGPR): gfx9 only
        for kind, variants, dims in (("sample", SAMPLE_VARIANTS, SAMPLE_DIMS),
                                     ("gather4", GATHER_VARIANTS, GATHER_DIMS)):
            for variant in variants:
                for c in (0, 1):
                    for o in (0, 1):
                        for dim in dims:
                            name, args = sampler_case(kind, variant, c, o, dim, a16)
                            grad = "d" in variant.split(".") or "cd" in variant.split(".")
                            t = ".f16" if a16 else ".f32"
                            types = ".v4f32" + t + (t if grad else "")
                            intr = "llvm.amdgcn.image.%s.%s%s" % (name, dim, types)
                            dmask = 1 if kind == "gather4" else 15
                            n += 1
                            case = sampled(n, intr, args, dmask, dim)
                            yield (["gfx9"],) + case[1:] if a16 else case
    for dim in SAMPLE_DIMS:
        n += 1
        yield sampled(n, "llvm.amdgcn.image.getlod.%s.v2f32.f32" % dim,
                      [("float", r) for r in DIMS[dim][1]], 3, dim, ret="<2 x float>")
    for mip in (0, 1):
        for dim in (MIP_DIMS if mip else LOAD_DIMS):
            args = [("i32", r) for r in DIMS[dim][1]] + ([("i32", "mip")] if mip else [])
            n += 1
            yield plain(n, "llvm.amdgcn.image.load%s.%s.v4f32.i32" % (".mip" if mip else "", dim),
                        [], args, dim, "<4 x float>", "i32 15, ")
            n += 1
            yield plain(n, "llvm.amdgcn.image.store%s.%s.v4f32.i32" % (".mip" if mip else "", dim),
                        [("<4 x float>", "data")], args, dim, "void", "i32 15, ", data_first=True)
    for dim in MIP_DIMS:
        n += 1
        yield plain(n, "llvm.amdgcn.image.getresinfo.%s.v4f32.i32" % dim, [], [("i32", "mip")], dim,
                    "<4 x float>", "i32 15, ")
    # A16 forms of the queries, loads and stores (gfx9): half / i16 addresses
    for dim in SAMPLE_DIMS:
        n += 1
        yield (["gfx9"],) + sampled(n, "llvm.amdgcn.image.getlod.%s.v2f32.f16" % dim,
                                    [("half", r) for r in DIMS[dim][1]], 3, dim, ret="<2 x float>")[1:]
    for mip in (0, 1):
        for dim in (MIP_DIMS if mip else LOAD_DIMS):
            args = [("i16", r) for r in DIMS[dim][1]] + ([("i16", "mip")] if mip else [])
            for store in (0, 1):
                n += 1
                name = "llvm.amdgcn.image.%s%s.%s.v4f32.i16" % ("store" if store else "load", ".mip" if mip else "", dim)
                if store:
                    yield plain(n, name, [("<4 x float>", "data")], args, dim, "void", "i32 15, ", data_first=True,
                                gens=["gfx9"])
                else:
                    yield plain(n, name, [], args, dim, "<4 x float>", "i32 15, ", gens=["gfx9"])
    for op, gens in ATOMICS.items():
        for dim in LOAD_DIMS:
            args = [("i32", r) for r in DIMS[dim][1]]
            fl = op in ("fmin", "fmax")
            t = "float" if fl else "i32"
            data = [(t, "data")] + ([(t, "cmp")] if op == "cmpswap" else [])
            n += 1
            yield plain(n, "llvm.amdgcn.image.atomic.%s.%s.%s.i32" % (op, dim, "f32" if fl else "i32"),
                        data, args, dim, t, "", data_first=True, gens=gens.split())


def sampled(n, intr, args, dmask, dim, ret="<4 x float>"):
    params = ", ".join("%s %%%s" % (t, r) for t, r in args)
    call_args = ", ".join("%s %%%s" % (t, r) for t, r in args)
    argtypes = ", ".join(t for t, _ in args)
    fn = "f%d" % n
    ir = ("declare %s @%s(i32, %s, <8 x i32>, <4 x i32>, i1, i32, i32)\n"
          "define amdgpu_ps %s @%s(<8 x i32> inreg %%rsrc, <4 x i32> inreg %%samp, %s) {\n"
          "  %%v = call %s @%s(i32 %d, %s, <8 x i32> %%rsrc, <4 x i32> %%samp, i1 false, i32 0, i32 0)\n"
          "  ret %s %%v\n}\n") % (ret, intr, argtypes, ret, fn, params, ret, intr, dmask, call_args, ret)
    return (["gfx6", "gfx7", "gfx8", "gfx9"], fn, intr, DIMS[dim][0], [r for _, r in args], ir)


def plain(n, intr, data, args, dim, ret, prefix, data_first=False, gens=None):
    allargs = data + args
    params = ", ".join("%s %%%s" % (t, r) for t, r in allargs)
    fn = "f%d" % n
    argtypes = ", ".join(t for t, _ in allargs)
    call = ", ".join("%s %%%s" % (t, r) for t, r in allargs)
    if prefix:  # dmask goes after the data (store) or first (load)
        dargs = ", ".join("%s %%%s" % (t, r) for t, r in data)
        aargs = ", ".join("%s %%%s" % (t, r) for t, r in args)
        call = (dargs + ", " if dargs else "") + prefix + aargs
        argtypes = ", ".join([t for t, _ in data] + ["i32"] + [t for t, _ in args])
    # integer results would be returned in SGPRs: return floats
    fret = "float" if ret == "i32" else ret
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
    vgpr_roles = []
    for t, r in allargs:
        vgpr_roles += [r] * (4 if t.startswith("<4") else 1)
    return (gens or ["gfx6", "gfx7", "gfx8", "gfx9"], fn, intr, DIMS[dim][0], vgpr_roles, ir)


def run_llc(cpu, ir):
    p = subprocess.run([LLC, "-march=amdgcn", "-mcpu=" + cpu, "-show-mc-encoding", "-o", "-"],
                       input=ir, capture_output=True, text=True)
    return p.returncode, p.stdout


def parse(asm, fn, roles):
    """The word of fn's image instruction and the role in each VADDR register, or None."""
    m = re.search(r"^%s:.*?$(.*?)^\.Lfunc_end" % re.escape(fn), asm, re.S | re.M)
    if not m:
        return None
    reg = {i: roles[i] for i in range(len(roles))}  # v<i> holds input i
    for line in m.group(1).splitlines():
        line = line.split(";")[0].strip() if "image_" not in line else line
        mm = re.match(r"\s*v_mov_b32(?:_e32|_e64)?\s+v(\d+),\s*v(\d+)", line)
        if mm:
            reg[int(mm.group(1))] = reg.get(int(mm.group(2)), "?")
            continue
        mi = re.match(r"\s*(image_\w+)\s+(v\d+|v\[\d+:\d+\]),\s*(v\d+|v\[\d+:\d+\])", line)
        if mi:
            enc = re.search(r"encoding: \[([^\]]*)\]", line)
            if not enc:
                return None
            b = [int(x, 16) for x in enc.group(1).split(",")]
            word = sum(v << (8 * i) for i, v in enumerate(b))
            va = mi.group(3)
            lo, hi = (int(va[1:]),) * 2 if "[" not in va else map(int, va[2:-1].split(":"))
            return word, [reg.get(v, "-") for v in range(lo, hi + 1)]
        # A16 packing: v_and_b32 vD, 0xffff (or a register holding it), vA -> the low half of vA;
        # v_lshl_or_b32 vD, vB, 16, vA -> vA's half low, vB's high
        mk = re.match(r"\s*v_mov_b32(?:_e32|_e64)?\s+v(\d+),\s*0xffff\b", line)
        if mk:
            reg[int(mk.group(1))] = "#ffff"
            continue
        ma = re.match(r"\s*v_and_b32(?:_e32|_e64)?\s+v(\d+),\s*(0xffff|v\d+),\s*v(\d+)", line)
        if ma and (ma.group(2) == "0xffff" or reg.get(int(ma.group(2)[1:])) == "#ffff"):
            reg[int(ma.group(1))] = reg.get(int(ma.group(3)), "?")
            continue
        ml = re.match(r"\s*v_lshl_or_b32(?:_e64)?\s+v(\d+),\s*v(\d+),\s*16,\s*v(\d+)", line)
        if ml:
            reg[int(ml.group(1))] = "%s|%s" % (reg.get(int(ml.group(3)), "?"), reg.get(int(ml.group(2)), "?"))
            continue
        md = re.match(r"\s*v_\w+\s+v(\d+)", line)  # any other VGPR write: unknown content
        if md:
            reg[int(md.group(1))] = "?"
    return None


def main():
    all_cases = list(cases())
    print("# gcn-llc-roles.tsv: generated by tests/gcn/gen_llc_roles.py with %s" % LLC)
    print("# gen\tintrinsic\timage_type\tword\tvaddr roles (one per VGPR; - = padding)\tIR")
    rows = 0
    for gen, cpu in CPUS:
        mine = [c for c in all_cases if gen in c[0]]
        # one module per generation; cases llc refuses are compiled alone and skipped
        rc, whole = run_llc(cpu, "".join(c[5] for c in mine))
        for c in mine:
            asm = whole
            if rc != 0:
                one_rc, asm = run_llc(cpu, c[5])
                if one_rc != 0:
                    continue
            got = parse(asm, c[1], c[4])
            if not got:
                continue
            word, vaddr = got
            if any("?" in r or "#" in r for r in vaddr):
                print("%s %s: VADDR content not followed (%s)" % (gen, c[2], ",".join(vaddr)), file=sys.stderr)
                continue
            ir = c[5].replace("\\", "\\\\").replace("\n", "\\n").replace("\t", " ")
            print("%s\t%s\t%s\t0x%016x\t%s\t%s" % (gen, c[2], c[3], word, ",".join(vaddr), ir))
            rows += 1
    print("# %d rows" % rows)


if __name__ == "__main__":
    main()
