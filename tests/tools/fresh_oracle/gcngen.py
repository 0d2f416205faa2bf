#!/usr/bin/env python3
"""Q2's own random GCN (gfx6-9) MIMG word generator (knows nothing of tmu).
usage: gcngen.py GEN COUNT SEED VECTORS.tsv -> one 64-bit word per line (DWORD0 | DWORD1 << 32).
Fields per the ISA manuals: DMASK 8-11, UNORM 12, GLC 13, DA 14, R128 15, TFE 16, LWE 17,
OP 18-24, SLC 25, VADDR 32-39, VDATA 40-47, SRSRC 48-52 (x4), SSAMP 53-57 (x4), D16 63.
Styles: 1/4 oracle-valid vector words (llvm-mc 14) with 1-3 bits flipped; 1/2 an opcode the
oracle accepted for GEN with edge field values; 1/4 raw random MIMG words."""
import random, sys
gen, count, seed, vec = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
R = random.Random("%s-%d" % (gen, seed))
vg = {"gfx81": "gfx8"}.get(gen, gen)
valid, ops = [], set()
for l in open(vec):
    c = l.rstrip("\n").split("\t")
    if len(c) >= 3 and c[0] == vg and c[2] != "INVALID" and c[1].startswith("0x"):
        w = int(c[1], 16); valid.append(w); ops.add((w >> 18) & 0x7f)
ops = sorted(ops)
def edge(bits, top):
    return R.choice([0, 1, top, top - 1, top - 2, top - 3, R.randrange(top + 1), R.randrange(top + 1)])
def setf(w, lo, n, v):
    return (w & ~(((1 << n) - 1) << lo)) | ((v & ((1 << n) - 1)) << lo)
for i in range(count):
    s = i % 4
    if s == 0:
        w = R.choice(valid)
        for _ in range(R.choice([1, 1, 2, 3])):
            b = R.randrange(64)
            if 26 <= b <= 31:
                continue
            w ^= 1 << b
    elif s == 3:
        w = setf(R.getrandbits(64), 26, 6, 0x3c)
    else:
        w = setf(0, 26, 6, 0x3c)
        w = setf(w, 18, 7, R.choice(ops))
        w = setf(w, 8, 4, R.choice([0, 1, 2, 4, 8, 3, 5, 7, 0xf, 0xe, R.getrandbits(4)]))
        for b in (12, 13, 14, 15, 16, 17, 25, 63):
            if R.random() < 0.2:
                w |= 1 << b
        w = setf(w, 32, 8, edge(8, 255))
        w = setf(w, 40, 8, edge(8, 255))
        w = setf(w, 48, 5, R.choice([0, 1, 2, 10, 23, 24, 25, 26, 27, 28, 29, 30, 31, R.randrange(32)]))
        if R.random() < 0.7:
            w = setf(w, 53, 5, R.choice([0, 1, 4, 24, 25, 26, 27, 28, 31, R.randrange(32)]))
        if R.random() < 0.1:
            w |= 1                                       # bit 0
        if R.random() < 0.1:
            w |= R.getrandbits(7) << 1                   # bits 1-7
        if R.random() < 0.1:
            w |= R.getrandbits(5) << 58                  # bits 58-62
    print("0x%016x" % w)
