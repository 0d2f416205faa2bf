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
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from llc_roles import (A16, ATOMICS, DIMS, F32, G16, GATHER_DIMS, GATHER_VARIANTS, LOAD_DIMS,  # noqa: E402
                       MIP_DIMS, MSAA_DIMS, SAMPLE_DIMS, SAMPLE_VARIANTS, generate, ir_field, plain,
                       sampled, sampler_case)

LLC = sys.argv[1] if len(sys.argv) > 1 else "llc-16"
CPUS = [("gfx10", "gfx1010"), ("gfx10.3", "gfx1030"), ("gfx11", "gfx1100")]
ALL = [g for g, _ in CPUS]


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
                                yield sampled(ALL, n, intr, args, 1 if kind == "gather4" else 15, dim, ret)
    for a16 in (0, 1):
        t = "half" if a16 else "float"
        for dim in SAMPLE_DIMS:
            n += 1
            yield sampled(ALL, n, "llvm.amdgcn.image.getlod.%s.v2f32.%s" % (dim, "f16" if a16 else "f32"),
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
                    yield plain(ALL, n, "llvm.amdgcn.image.load%s.%s.%s.%s" % (m, dim, vs, its), [], args, dim, vt,
                                "i32 15, ")
                    n += 1
                    yield plain(ALL, n, "llvm.amdgcn.image.store%s.%s.%s.%s" % (m, dim, vs, its), [(vt, "data")],
                                args, dim, "void", "i32 15, ")
        for dim in MIP_DIMS:
            n += 1
            yield plain(ALL, n, "llvm.amdgcn.image.getresinfo.%s.v4f32.%s" % (dim, its), [], [(it, "mip")], dim,
                        "<4 x float>", "i32 15, ")
        for dim in MSAA_DIMS:
            n += 1
            yield plain(ALL, n, "llvm.amdgcn.image.msaa.load.%s.v4f32.%s" % (dim, its), [],
                        [(it, r) for r in DIMS[dim][1]], dim, "<4 x float>", "i32 1, ")
        for op in ATOMICS:
            for dim in LOAD_DIMS:
                args = [(it, r) for r in DIMS[dim][1]]
                fl = op in ("fmin", "fmax")
                t = "float" if fl else "i32"
                data = [(t, "data")] + ([(t, "cmp")] if op == "cmpswap" else [])
                n += 1
                yield plain(ALL, n, "llvm.amdgcn.image.atomic.%s.%s.%s.%s" % (op, dim, "f32" if fl else "i32", its),
                            data, args, dim, t, "")


def main():
    header = ["# rdna-llc-roles.tsv: generated by tests/gcn/gen_rdna_llc_roles.py with %s "
              "(-march=amdgcn -mcpu=gfx1010 / gfx1030 / gfx1100 -show-mc-encoding)" % LLC,
              "# gen\tintrinsic\timage_type\tdwords (memory order)\taddress VGPR roles (VADDR range or NSA list; "
              "lo|hi = two 16-bit arguments; - = padding)\tIR"]
    generate(LLC, CPUS, list(cases()), header,
             lambda gen, c, dw, roles: "%s\t%s\t%s\t%s\t%s\t%s" % (
                 gen, c[2], c[3], " ".join("%08x" % d for d in dw), ",".join(roles), ir_field(c[5])))


if __name__ == "__main__":
    main()
