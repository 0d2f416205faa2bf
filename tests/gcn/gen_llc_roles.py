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
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from llc_roles import (A16, DIMS, F32, GATHER_DIMS, GATHER_VARIANTS, LOAD_DIMS, MIP_DIMS,  # noqa: E402
                       SAMPLE_DIMS, SAMPLE_VARIANTS, generate, ir_field, plain, sampled, sampler_case)

LLC = sys.argv[1] if len(sys.argv) > 1 else "llc-14"
CPUS = [("gfx6", "tahiti"), ("gfx7", "bonaire"), ("gfx8", "tonga"), ("gfx9", "gfx900")]
GCN_ALL = [g for g, _ in CPUS]

# the atomics of each generation
GCN_ATOMICS = {
    "swap": "gfx6 gfx7 gfx8 gfx9", "cmpswap": "gfx6 gfx7 gfx8 gfx9", "add": "gfx6 gfx7 gfx8 gfx9",
    "sub": "gfx6 gfx7 gfx8 gfx9", "smin": "gfx6 gfx7 gfx8 gfx9", "umin": "gfx6 gfx7 gfx8 gfx9",
    "smax": "gfx6 gfx7 gfx8 gfx9", "umax": "gfx6 gfx7 gfx8 gfx9", "and": "gfx6 gfx7 gfx8 gfx9",
    "or": "gfx6 gfx7 gfx8 gfx9", "xor": "gfx6 gfx7 gfx8 gfx9", "inc": "gfx6 gfx7 gfx8 gfx9",
    "dec": "gfx6 gfx7 gfx8 gfx9", "fmin": "gfx6 gfx7", "fmax": "gfx6 gfx7",
}


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
                            name, _, args = sampler_case(kind, variant, c, o, dim, A16 if a16 else F32)
                            grad = "d" in variant.split(".") or "cd" in variant.split(".")
                            t = ".f16" if a16 else ".f32"
                            types = ".v4f32" + t + (t if grad else "")
                            intr = "llvm.amdgcn.image.%s.%s%s" % (name, dim, types)
                            dmask = 1 if kind == "gather4" else 15
                            n += 1
                            yield sampled(["gfx9"] if a16 else GCN_ALL, n, intr, args, dmask, dim)
    for dim in SAMPLE_DIMS:
        n += 1
        yield sampled(GCN_ALL, n, "llvm.amdgcn.image.getlod.%s.v2f32.f32" % dim,
                      [("float", r) for r in DIMS[dim][1]], 3, dim, ret="<2 x float>")
    for mip in (0, 1):
        for dim in (MIP_DIMS if mip else LOAD_DIMS):
            args = [("i32", r) for r in DIMS[dim][1]] + ([("i32", "mip")] if mip else [])
            n += 1
            yield plain(GCN_ALL, n, "llvm.amdgcn.image.load%s.%s.v4f32.i32" % (".mip" if mip else "", dim),
                        [], args, dim, "<4 x float>", "i32 15, ")
            n += 1
            yield plain(GCN_ALL, n, "llvm.amdgcn.image.store%s.%s.v4f32.i32" % (".mip" if mip else "", dim),
                        [("<4 x float>", "data")], args, dim, "void", "i32 15, ")
    for dim in MIP_DIMS:
        n += 1
        yield plain(GCN_ALL, n, "llvm.amdgcn.image.getresinfo.%s.v4f32.i32" % dim, [], [("i32", "mip")], dim,
                    "<4 x float>", "i32 15, ")
    # A16 forms of the queries, loads and stores (gfx9): half / i16 addresses
    for dim in SAMPLE_DIMS:
        n += 1
        yield sampled(["gfx9"], n, "llvm.amdgcn.image.getlod.%s.v2f32.f16" % dim,
                      [("half", r) for r in DIMS[dim][1]], 3, dim, ret="<2 x float>")
    for mip in (0, 1):
        for dim in (MIP_DIMS if mip else LOAD_DIMS):
            args = [("i16", r) for r in DIMS[dim][1]] + ([("i16", "mip")] if mip else [])
            for store in (0, 1):
                n += 1
                name = "llvm.amdgcn.image.%s%s.%s.v4f32.i16" % ("store" if store else "load", ".mip" if mip else "", dim)
                if store:
                    yield plain(["gfx9"], n, name, [("<4 x float>", "data")], args, dim, "void", "i32 15, ")
                else:
                    yield plain(["gfx9"], n, name, [], args, dim, "<4 x float>", "i32 15, ")
    for op, gens in GCN_ATOMICS.items():
        for dim in LOAD_DIMS:
            args = [("i32", r) for r in DIMS[dim][1]]
            fl = op in ("fmin", "fmax")
            t = "float" if fl else "i32"
            data = [(t, "data")] + ([(t, "cmp")] if op == "cmpswap" else [])
            n += 1
            yield plain(gens.split(), n, "llvm.amdgcn.image.atomic.%s.%s.%s.i32" % (op, dim, "f32" if fl else "i32"),
                        data, args, dim, t, "")


def main():
    header = ["# gcn-llc-roles.tsv: generated by tests/gcn/gen_llc_roles.py with %s" % LLC,
              "# gen\tintrinsic\timage_type\tword\tvaddr roles (one per VGPR; - = padding)\tIR"]
    generate(LLC, CPUS, list(cases()), header,
             lambda gen, c, dw, roles: "%s\t%s\t%s\t0x%016x\t%s\t%s" % (
                 gen, c[2], c[3], sum(d << (32 * i) for i, d in enumerate(dw)), ",".join(roles),
                 ir_field(c[5])))


if __name__ == "__main__":
    main()
