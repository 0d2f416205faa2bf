#!/usr/bin/env python3
"""Q2's own random RDNA MIMG instruction generator (knows nothing of tmu).
usage: rdnagen.py GEN COUNT SEED VECTORS.tsv  -> one instruction per line, dwords in memory order.
Opcode field (gfx10/10.3: bits 18-24; gfx11: bits 18-25) half the time taken from an opcode the
ORACLE (llvm-mc 16, shared vectors) accepted for GEN, else random; length always = 2 + NSA dwords
(gfx10: bits 1-2, gfx11: bit 0) so the stream stays in step."""
import random, sys
gen, count, seed, vec = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
g11 = gen.startswith("gfx11")
R = random.Random("%s-%d" % (gen, seed))
opmask, opsh = (0xff if g11 else 0x7f), 18
ops = set(); valid = []
for l in open(vec):
    c = l.rstrip("\n").split("\t")
    if len(c) >= 3 and c[0] == gen and c[2] != "INVALID":
        ops.add((int(c[1].split()[0], 16) >> opsh) & opmask)
        valid.append([int(x, 16) for x in c[1].split()])
ops = sorted(ops)
def midreg(): return R.randrange(0, 240)
for i in range(count):
    d0 = R.getrandbits(32); d1 = R.getrandbits(32)
    d0 = (d0 & 0x03ffffff) | (0x3c << 26)
    style = i % 4
    if style == 0:                                  # an oracle-valid instruction, 1-3 bits flipped
        dw = list(R.choice(valid))
        for _ in range(R.choice([1, 1, 2, 3])):
            k = R.randrange(32 * len(dw))
            if k // 32 == 0 and (k % 32) >= 26:
                continue
            dw[k // 32] ^= 1 << (k % 32)
        d0, d1 = dw[0], dw[1]
        n = 2 + ((d0 & 1) if g11 else ((d0 >> 1) & 3))
        while len(dw) < n:
            dw.append(R.randrange(256) | (R.randrange(256) << 8))
        print(" ".join("0x%08x" % x for x in dw[:n]))
        continue
    if style != 3:                                  # structured: oracle-valid opcode, tame fields
        d0 = (d0 & ~(opmask << opsh)) | (R.choice(ops) << opsh)
        if R.random() < 0.6:
            d1 = (d1 & ~0xffff) | midreg() | (midreg() << 8)
            d1 = (d1 & ~(0x1f << 16)) | (R.randrange(0, 24) << 16)
        if R.random() < 0.5:                        # a few zeroed random bits = more decodes
            d0 &= ~(R.getrandbits(32) & R.getrandbits(32) & 0x0003f0f9)
            d1 &= ~(R.getrandbits(32) & R.getrandbits(32) & 0xffe00000)
    if g11:
        nsa = d0 & 1
        extra = nsa
    else:
        nsa = (d0 >> 1) & 3
        extra = nsa
    ext = []
    for _ in range(extra):
        w = R.getrandbits(32)
        if style != 3 and R.random() < 0.6:
            w = midreg() | (midreg() << 8) | (midreg() << 16) | (midreg() << 24)
            if R.random() < 0.5:
                w &= ~(0xff << (8 * R.randrange(1, 4)))   # trailing zero (unused) slots
        ext.append(w)
    print(" ".join("0x%08x" % x for x in [d0, d1] + ext))
