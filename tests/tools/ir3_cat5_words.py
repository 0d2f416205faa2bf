#!/usr/bin/env python3
"""Random ir3 category-5 words for campaigns against Mesa's disassembler (docs/ir3-mesa-oracle.md).

    ir3_cat5_words.py SEED N     N lines "gpu_id HI_LO" on stdout

Knows nothing of tmu: each word has bits 61..63 = 5 (category 5) and an opcode (bits 54..58) drawn
uniformly from 0..31; the other bits come from one of four recipes, drawn per word:
  dense   64 random bits
  sparse  64 random bits ANDed with two more (fewer fields set)
  flags   zero except 1..3 of the single-bit positions 0, 17..20, 47..53, 59, 60 and random
          register / slot fields (bits 1..16, 21..46): every flag alone and in small groups
  fields  zero except one random field region (bits 1..8, 9..16, 21..24, 25..31, 32..39, 40..43,
          44..46, 19..20 + 47, 48..53) set at random
GPU ids: drawn from 305..330 (a3xx), 405..430 (a4xx), 505..540 (a5xx), 605..690 (a6xx),
705..750 (a7xx), as Mesa's own gpu ids do.  Python's random.Random(SEED)."""
import random
import sys

GPUS = [305, 307, 320, 330, 405, 420, 430, 505, 508, 510, 512, 530, 540,
        605, 608, 610, 612, 615, 616, 618, 619, 620, 630, 640, 650, 660, 680, 690,
        702, 725, 730, 740, 750]
FLAG_BITS = [0, 17, 18, 19, 20, 47, 48, 49, 50, 51, 52, 53, 59, 60]
REGIONS = [(1, 8), (9, 16), (21, 24), (25, 31), (32, 39), (40, 43), (44, 46), (48, 53)]


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: ir3_cat5_words.py SEED N")
    rnd = random.Random(int(sys.argv[1]))
    n = int(sys.argv[2])
    for _ in range(n):
        gpu = rnd.choice(GPUS)
        recipe = rnd.randrange(4)
        if recipe == 0:
            w = rnd.getrandbits(64)
        elif recipe == 1:
            w = rnd.getrandbits(64) & rnd.getrandbits(64) & rnd.getrandbits(64)
        elif recipe == 2:
            w = 0
            for b in rnd.sample(FLAG_BITS, rnd.randint(1, 3)):
                w |= 1 << b
            w |= rnd.getrandbits(16) << 1 if rnd.randrange(2) else 0
            w |= rnd.getrandbits(26) << 21 if rnd.randrange(2) else 0
        else:
            w = 0
            if rnd.randrange(3) == 0:
                w |= rnd.getrandbits(2) << 19 | rnd.getrandbits(1) << 47
            else:
                lo, hi = rnd.choice(REGIONS)
                w |= rnd.getrandbits(hi - lo + 1) << lo
            w |= rnd.getrandbits(8) << 32  # a destination
        w &= ~(0x1f << 54) & ~(7 << 61) & (1 << 64) - 1
        w |= rnd.randrange(32) << 54 | 5 << 61
        print("%d %08x_%08x" % (gpu, w >> 32, w & 0xffffffff))


main()
