#!/usr/bin/env python3
"""compare tmu disasm (stdin, one instruction per line) with rdna_llvm_oracle.sh --strict output.
usage: cmp_rdna.py GEN WORDS TMU_OUT TMU_ERR MC_OUT   (also for gfx6-9: tmu disasm --isa gcn errors have the same form)"""
import re, sys
gen, wf, tf, ef, mf = sys.argv[1:6]
words = [l.strip() for l in open(wf)]
invalid = {}
for l in open(ef):
    m = re.match(r"tmu: error: disasm: <stdin>:(\d+): (.*)", l)
    if m:
        invalid[int(m.group(1)) - 1] = "invalid: " + m.group(2)
valid = iter([l.rstrip("\n") for l in open(tf)])
ours = [invalid[i] if i in invalid else next(valid, "<missing>") for i in range(len(words))]
mc = [l.rstrip("\n").split("\t") for l in open(mf)]
assert len(words) == len(ours) == len(mc), (len(words), len(ours), len(mc))
st = {"av": 0, "ai": 0, "d": 0}
shown = 0
for w, o, m in zip(words, ours, mc):
    mi = m[1] == "INVALID"; oi = o.startswith("invalid:")
    if mi and oi: st["ai"] += 1; continue
    if not mi and not oi and o == m[1]: st["av"] += 1; continue
    st["d"] += 1
    if shown < 30:
        shown += 1
        print("DIFF %s %s\n  llvm-mc: %s\n  tmu:     %s" % (gen, w, "\t".join(m[1:]), o))
print("%s: %d insts: %d valid identical, %d invalid agreed; disagreements: %d" % (gen, len(words), st["av"], st["ai"], st["d"]))
