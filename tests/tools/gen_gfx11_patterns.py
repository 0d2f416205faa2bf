#!/usr/bin/env python3
"""Writes src/layout/amd_gfx11_patterns.c from AMD addrlib's gfx11 swizzle-pattern facts.

    gen_gfx11_patterns.py ADDRLIB_DIR > src/layout/amd_gfx11_patterns.c

ADDRLIB_DIR is Mesa's src/amd/addrlib (22.3.6: tests/tools/addrlib_oracle.sh build extracts it under
~/.cache/tmu-oracles/addrlib-22.3.6/mesa-22.3.6/src/amd/addrlib).  Read: the GFX11_SW_*_PATINFO
tables (maxItemCount, nibble indices per pipe/packer configuration and element size) and the
GFX11_SW_PATTERN_NIBBLE01/2/3/4 rows of src/gfx11/gfx11SwizzlePattern.h, whose entries are XORs of
X<k>/Y<k>/Z<k>/S<k> = InitBit(channel, k) (src/core/addrlib2.h: bit 16 * channel + k).  Written:
plain tables in tmu's own format (see the comment at the top of the output); no addrlib code.
"""
import re
import sys

FAMILIES = [  # (tmu name, addrlib table)
    ("256_D", "GFX11_SW_256_D_PATINFO"),
    ("4K_D", "GFX11_SW_4K_D_PATINFO"),
    ("4K_D_X", "GFX11_SW_4K_D_X_PATINFO"),
    ("64K_D", "GFX11_SW_64K_D_PATINFO"),
    ("64K_D_X", "GFX11_SW_64K_D_X_PATINFO"),
    ("64K_D_T", "GFX11_SW_64K_D_T_PATINFO"),
    ("256K_D_X", "GFX11_SW_256K_D_X_PATINFO"),
    ("64K_ZR_X_1AA", "GFX11_SW_64K_ZR_X_1xaa_PATINFO"),
    ("64K_ZR_X_2AA", "GFX11_SW_64K_ZR_X_2xaa_PATINFO"),
    ("64K_ZR_X_4AA", "GFX11_SW_64K_ZR_X_4xaa_PATINFO"),
    ("64K_ZR_X_8AA", "GFX11_SW_64K_ZR_X_8xaa_PATINFO"),
    ("256K_ZR_X_1AA", "GFX11_SW_256K_ZR_X_1xaa_PATINFO"),
    ("256K_ZR_X_2AA", "GFX11_SW_256K_ZR_X_2xaa_PATINFO"),
    ("256K_ZR_X_4AA", "GFX11_SW_256K_ZR_X_4xaa_PATINFO"),
    ("256K_ZR_X_8AA", "GFX11_SW_256K_ZR_X_8xaa_PATINFO"),
    ("4K_S3", "GFX11_SW_4K_S3_PATINFO"),
    ("4K_S3_X", "GFX11_SW_4K_S3_X_PATINFO"),
    ("64K_S3", "GFX11_SW_64K_S3_PATINFO"),
    ("64K_S3_X", "GFX11_SW_64K_S3_X_PATINFO"),
    ("64K_S3_T", "GFX11_SW_64K_S3_T_PATINFO"),
    ("256K_S3_X", "GFX11_SW_256K_S3_X_PATINFO"),
    ("64K_D3_X", "GFX11_SW_64K_D3_X_PATINFO"),
]


def strip_comments(s):
    s = re.sub(r"/\*.*?\*/", "", s, flags=re.S)
    return re.sub(r"//[^\n]*", "", s)


def value(expr):
    v = 0
    for t in expr.split("^"):
        t = t.strip()
        if t == "0":
            continue
        m = re.fullmatch(r"([XYZS])(\d+)", t)
        if not m:
            raise SystemExit("unknown pattern term %r" % t)
        v ^= 1 << ("XYZS".index(m.group(1)) * 16 + int(m.group(2)))
    return v


def array_rows(src, name):
    m = re.search(r"\b%s\s*\[\s*\]\s*(?:\[\s*\d+\s*\])?\s*=\s*\{(.*?)\};" % re.escape(name), src, re.S)
    if not m:
        raise SystemExit("no table " + name)
    return [r for r in re.findall(r"\{([^{}]*)\}", m.group(1))]


def main():
    root = sys.argv[1]
    src = strip_comments(open(root + "/src/gfx11/gfx11SwizzlePattern.h").read())
    nib = {}
    for n, width in (("GFX11_SW_PATTERN_NIBBLE01", 8), ("GFX11_SW_PATTERN_NIBBLE2", 4),
                     ("GFX11_SW_PATTERN_NIBBLE3", 4), ("GFX11_SW_PATTERN_NIBBLE4", 4)):
        rows = []
        for r in array_rows(src, n):
            items = [x for x in (t.strip() for t in r.split(",")) if x]
            if len(items) != width:
                raise SystemExit("%s row of %d items" % (n, len(items)))
            rows.append([value(x) for x in items])
        nib[n] = rows
    bits, bit_index = [], {}

    def bit(v):
        if v not in bit_index:
            bit_index[v] = len(bits)
            bits.append(v)
        return bit_index[v]

    bit(0)
    low8 = [[bit(v) for v in r] for r in nib["GFX11_SW_PATTERN_NIBBLE01"]]
    quads, quad_index = [], {}

    def quad(r):
        k = tuple(bit(v) for v in r)
        if k not in quad_index:
            quad_index[k] = len(quads)
            quads.append(k)
        return quad_index[k]

    q2 = [quad(r) for r in nib["GFX11_SW_PATTERN_NIBBLE2"]]
    q3 = [quad(r) for r in nib["GFX11_SW_PATTERN_NIBBLE3"]]
    q4 = [quad(r) for r in nib["GFX11_SW_PATTERN_NIBBLE4"]]
    patterns, pattern_index, entries, items, spans = [], {}, [], [], []
    for fam, table in FAMILIES:
        rows = array_rows(src, table)
        first = len(entries)
        for r in rows:
            f = [int(x) for x in (t.strip() for t in r.split(",")) if x]
            if len(f) != 5:
                raise SystemExit(table + ": PATINFO of %d fields" % len(f))
            k = (f[1], q2[f[2]], q3[f[3]], q4[f[4]])
            if k not in pattern_index:
                pattern_index[k] = len(patterns)
                patterns.append(k)
            entries.append(pattern_index[k])
            items.append(f[0])
        spans.append((fam, first, len(entries) - first))

    out = []
    w = out.append
    w("/* AMD gfx11 (RDNA3) swizzle patterns: which x, y, z (slice) and sample bits are XORed into each")
    w(" * address bit of a swizzle block, for every gfx11 pattern family, pipe / packer configuration and")
    w(" * element size.  Facts carried over as data from AMD addrlib, Mesa 22.3.6")
    w(" * src/amd/addrlib/src/gfx11/gfx11SwizzlePattern.h (GFX11_SW_*_PATINFO and")
    w(" * GFX11_SW_PATTERN_NIBBLE01..4), generated by tests/tools/gen_gfx11_patterns.py (expands the")
    w(" * pattern terms, de-duplicates; nothing here is addrlib code).  Format as amd_gfx10_patterns.c:")
    w(" *   tmu_gfx11_bits      one address bit: B(x mask, y mask, z mask, sample mask);")
    w(" *   tmu_gfx11_low8      address bits 0..7 of a pattern (indices into tmu_gfx11_bits);")
    w(" *   tmu_gfx11_quad      four consecutive address bits (8..11, 12..15 or 16..19);")
    w(" *   tmu_gfx11_pattern   a whole pattern: {low8, quad bits 8..11, quad 12..15, quad 16..19};")
    w(" *   tmu_gfx11_entry     per family, the pattern of each (configuration, element size) entry:")
    w(" *                       15 pipe / packer configurations x 5 element sizes (addrlib's order:")
    w(" *                       index 5 x config + log2 bytes, config = log2 pipes, + 2 x log2 packers")
    w(" *                       - 2 when there are 4 or more packers); families without XOR use")
    w(" *                       entries 0..4 only, as addrlib does;")
    w(" *   tmu_gfx11_items     the entry's PATINFO maxItemCount (addrlib makes no address equation,")
    w(" *                       so no address, for a single-sample surface whose entry has more than 3);")
    w(" *   tmu_gfx11_family    where each family's entries start and how many there are. */")
    w('#include "layout/amd_gfx11_patterns.h"')
    w("")
    w("#define B(x, y, z, s) \\")
    w("    ((uint64_t)(x) | (uint64_t)(y) << 16 | (uint64_t)(z) << 32 | (uint64_t)(s) << 48)")
    w("")

    def emit(decl, cells, per_line):
        w(decl + " = {")
        for i in range(0, len(cells), per_line):
            w("    " + " ".join(c + "," for c in cells[i:i + per_line]))
        w("};")
        w("")

    emit("const uint64_t tmu_gfx11_bits[TMU_GFX11_NBITS]",
         ["B(0x%03x, 0x%03x, 0x%03x, 0x%x)" % (v & 0xffff, (v >> 16) & 0xffff, (v >> 32) & 0xffff,
                                               (v >> 48) & 0xffff) for v in bits], 3)
    emit("const uint16_t tmu_gfx11_low8[TMU_GFX11_NLOW8][8]",
         ["{" + ", ".join(str(x) for x in r) + "}" for r in low8], 3)
    emit("const uint16_t tmu_gfx11_quad[TMU_GFX11_NQUAD][4]",
         ["{" + ", ".join(str(x) for x in r) + "}" for r in quads], 5)
    emit("const uint16_t tmu_gfx11_pattern[TMU_GFX11_NPATTERN][4]",
         ["{" + ", ".join(str(x) for x in r) + "}" for r in patterns], 5)
    emit("const uint16_t tmu_gfx11_entry[TMU_GFX11_NENTRY]", [str(x) for x in entries], 15)
    emit("const uint8_t tmu_gfx11_items[TMU_GFX11_NENTRY]", [str(x) for x in items], 20)
    w("const tmu_gfx11_family_span tmu_gfx11_family[TMU_GFX11_FAM_COUNT] = {")
    for fam, first, count in spans:
        w("    [TMU_GFX11_FAM_%s] = {%d, %d}," % (fam, first, count))
    w("};")
    hdr = ["/* sizes of the tables of amd_gfx11_patterns.c (generated with it) */",
           "#define TMU_GFX11_NBITS %d" % len(bits), "#define TMU_GFX11_NLOW8 %d" % len(low8),
           "#define TMU_GFX11_NQUAD %d" % len(quads), "#define TMU_GFX11_NPATTERN %d" % len(patterns),
           "#define TMU_GFX11_NENTRY %d" % len(entries)]
    sys.stdout.write("\n".join(out) + "\n")
    sys.stderr.write("\n".join(hdr) + "\n")
    sys.stderr.write("families: " + ", ".join("TMU_GFX11_FAM_" + f for f, _, _ in spans) + "\n")


if __name__ == "__main__":
    main()
