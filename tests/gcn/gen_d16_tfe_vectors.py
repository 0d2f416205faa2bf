#!/usr/bin/env python3
"""Generates tests/data/gcn-llvm-mc-d16-tfe.tsv: llvm-mc 14's verdict and text for MIMG words that
combine D16, TFE and LWE, on gfx6, gfx7, gfx8 (unpacked D16), gfx8.1 and gfx9 (packed D16).

The words are drawn here, from the field layout of the ISA manuals (LLVM's MIMGe_gfx6789 in SIInstrFormats.td) and a seeded
random generator; nothing of tmu is used.  For every opcode number 0-127 of a generation the script
first asks the oracle which ones decode at all (the base word, DMASK 0x1, no modifiers); for each
opcode that does, it writes all 8 combinations of D16 / TFE / LWE, each with two random settings
of the other fields (DMASK, UNORM, GLC, SLC, DA, R128/A16, VADDR, VDATA, SRSRC and, for opcodes
whose text shows a sampler operand, SSAMP).  The expected column is what
shared/tools/gcn_llvm_oracle.sh --strict says (tests/data/gcn_llvm_oracle.sh is a copy): a word is
valid only if llvm-mc 14 decodes it AND its own assembler turns the text back into the same word,
the definition of tests/data/gcn-llvm-mc.tsv.

Unlike gcn-llvm-mc.tsv this file does NOT exclude the two llvm-mc 14 self-inconsistencies (atomics
with TFE and DMASK != 0x1; gather4 with TFE and packed D16): those rows are INVALID here, as the
strict definition makes them.  The other exclusions of gcn-llvm-mc.tsv hold (bits 1-7 and 58-62
zero, bit 0 zero, SRSRC and SSAMP fields below 24, VDATA below 252 and VADDR below 253, gfx7 opcode
0x13, gfx9 opcodes 0x42, 0x4a, 0x4b).

usage: gen_d16_tfe_vectors.py ORACLE [LLVM_MC] [SEED] > tests/data/gcn-llvm-mc-d16-tfe.tsv
"""
import random
import subprocess
import sys

ORACLE = sys.argv[1]
MC = sys.argv[2] if len(sys.argv) > 2 else "llvm-mc-14"
SEED = int(sys.argv[3]) if len(sys.argv) > 3 else 29
GENS = ["gfx6", "gfx7", "gfx8", "gfx81", "gfx9"]
SKIP = {"gfx7": {0x13}, "gfx9": {0x42, 0x4A, 0x4B}}


def word(op, dmask=1, unorm=0, glc=0, da=0, r128=0, tfe=0, lwe=0, slc=0, vaddr=0, vdata=0,
         srsrc=0, ssamp=0, d16=0):
    d0 = (dmask << 8) | (unorm << 12) | (glc << 13) | (da << 14) | (r128 << 15) | (tfe << 16) | \
         (lwe << 17) | (op << 18) | (slc << 25) | (0x3C << 26)
    d1 = vaddr | (vdata << 8) | (srsrc << 16) | (ssamp << 21) | (d16 << 31)
    return d0 | (d1 << 32)


def oracle(gen, words):
    p = subprocess.run(["sh", ORACLE, "--mc", MC, "--strict", gen],
                       input="".join("0x%016x\n" % w for w in words),
                       capture_output=True, text=True, check=True)
    out = {}
    for line in p.stdout.splitlines():
        parts = line.split("\t")
        out[int(parts[0], 16)] = parts[1]
    return out


def main():
    rnd = random.Random(SEED)
    rows = []
    for gen in GENS:
        base = {op: word(op, vdata=8, vaddr=4, srsrc=2) for op in range(128)}
        ssamp_base = {op: word(op, vdata=8, vaddr=4, srsrc=2, ssamp=1) for op in range(128)}
        got = oracle(gen, list(base.values()) + list(ssamp_base.values()))
        ops = []
        for op in range(128):
            if op in SKIP.get(gen, ()):
                continue
            a, b = got[base[op]], got[ssamp_base[op]]
            if a == "INVALID" and b == "INVALID":
                # gather4 and atomics may refuse DMASK 0x1 only in combination; try 0x3 and 0x2
                alt = oracle(gen, [word(op, dmask=3, vdata=8, vaddr=4, srsrc=2),
                                   word(op, dmask=2, vdata=8, vaddr=4, srsrc=2, ssamp=1)])
                if all(v == "INVALID" for v in alt.values()):
                    continue
            ops.append((op, b != "INVALID"))
        words = []
        for op, sampler in ops:
            for combo in range(8):
                d16, tfe, lwe = combo >> 2, (combo >> 1) & 1, combo & 1
                for _ in range(2):
                    dmask = rnd.choice([1, 2, 4, 8]) if rnd.random() < 0.5 else rnd.randrange(16)
                    words.append(word(op, dmask=dmask, unorm=rnd.randrange(2),
                                      glc=rnd.randrange(2), da=rnd.randrange(2),
                                      r128=rnd.randrange(2), tfe=tfe, lwe=lwe,
                                      slc=rnd.randrange(2), vaddr=rnd.randrange(240),
                                      vdata=rnd.randrange(240), srsrc=rnd.randrange(24),
                                      ssamp=rnd.randrange(24) if sampler else 0, d16=d16))
        got = oracle(gen, words)
        rows += [(gen, w, got[w]) for w in words]
        sys.stderr.write("%s: %d opcodes, %d words, %d valid\n" % (
            gen, len(ops), len(words), sum(got[w] != "INVALID" for w in words)))
    nvalid = sum(r[2] != "INVALID" for r in rows)
    print("# gcn-llvm-mc-d16-tfe.tsv -- D16 / TFE / LWE combinations of AMD GCN MIMG words, gfx6-gfx9,")
    print("# with llvm-mc 14.0.6's strict verdict (decode, then re-assembly to the same word).")
    print("# Made by tests/gcn/gen_d16_tfe_vectors.py (seed %d); columns and conventions as" % SEED)
    print("# tests/data/gcn-llvm-mc.tsv (gen, word, expected), gfx81 = llvm -mcpu gfx810.")
    print("# Not excluded here: atomics with TFE and DMASK != 0x1, gather4 with TFE and packed D16")
    print("# (gfx81, gfx9): llvm-mc 14 decodes them but cannot re-assemble them, so they are INVALID.")
    print("# Contents: %d rows, %d valid, %d INVALID." % (len(rows), nvalid, len(rows) - nvalid))
    print("gen\tword\texpected")
    for gen, w, exp in rows:
        print("%s\t0x%016x\t%s" % (gen, w, exp))


main()
