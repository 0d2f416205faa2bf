"""What gen_llc_roles.py (GCN, llc-14) and gen_rdna_llc_roles.py (RDNA, llc-16) share: the image
dimensions and sample / gather4 variants, the amdgpu_ps functions that call an image intrinsic with
one VGPR input per argument, running llc, following llc's copies and 16-bit packing up to the
image instruction, and the generation loop that prints one TSV row per case.  The generators
differ only in the intrinsics each generation takes (cases()) and in how a row is written.
"""
import re
import subprocess
import sys

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


def vgprs_of(t):
    """VGPRs an amdgpu_ps argument of type t takes (halves: one, in the low 16 bits)."""
    return {"<4 x float>": 4, "<4 x half>": 2}.get(t, 1)


def sampled(gens, n, intr, args, dmask, dim, ret="<4 x float>"):
    params = ", ".join("%s %%%s" % (t, r) for t, r in args)
    argtypes = ", ".join(t for t, _ in args)
    fn = "f%d" % n
    ir = ("declare %s @%s(i32, %s, <8 x i32>, <4 x i32>, i1, i32, i32)\n"
          "define amdgpu_ps %s @%s(<8 x i32> inreg %%rsrc, <4 x i32> inreg %%samp, %s) {\n"
          "  %%v = call %s @%s(i32 %d, %s, <8 x i32> %%rsrc, <4 x i32> %%samp, i1 false, i32 0, i32 0)\n"
          "  ret %s %%v\n}\n") % (ret, intr, argtypes, ret, fn, params, ret, intr, dmask, params, ret)
    return (gens, fn, intr, DIMS[dim][0], [r for _, r in args], ir)


def plain(gens, n, intr, data, args, dim, ret, prefix):
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
    return (gens, fn, intr, DIMS[dim][0], roles, ir)


def run_llc(llc, cpu, ir):
    p = subprocess.run([llc, "-march=amdgcn", "-mcpu=" + cpu, "-show-mc-encoding", "-o", "-"],
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


def compile_cases(llc, cpu, mine):
    """{function name: asm} for the cases llc compiles, in chunks; a failing chunk case by case."""
    out = {}
    for i in range(0, len(mine), 64):
        chunk = mine[i:i + 64]
        rc, asm = run_llc(llc, cpu, "".join(c[5] for c in chunk))
        if rc == 0:
            for c in chunk:
                out[c[1]] = asm
            continue
        for c in chunk:
            rc, asm = run_llc(llc, cpu, c[5])
            if rc == 0:
                out[c[1]] = asm
    return out


def generate(llc, cpus, cases, header, row):
    """Prints the header lines, then for each (gen, cpu) of cpus one row per case of that gen
    that llc compiles and whose address registers parse() follows: row(gen, case, dwords, roles)
    gives its text.  Cases llc refuses are left out; the others it cannot follow are reported on
    stderr and left out."""
    for line in header:
        print(line)
    rows = 0
    for gen, cpu in cpus:
        mine = [c for c in cases if gen in c[0]]
        compiled = compile_cases(llc, cpu, mine)
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
            print(row(gen, c, dw, roles))
            rows += 1
    print("# %d rows" % rows)


def ir_field(ir):
    """The IR text of a case as one TSV field."""
    return ir.replace("\\", "\\\\").replace("\n", "\\n").replace("\t", " ")
