#!/bin/sh
# Random differential test of `tmu asm --isa gcn` (LLVM syntax) against llvm-mc 14's assembler.
#
# usage: gcn_asm_diff.sh TMU COUNT SEED [GEN...]     (GEN default: gfx6 gfx7 gfx8 gfx81 gfx9)
#
# COUNT lines per generation: texts printed by `tmu disasm` for random valid words, half of
# them mutated (VADDR of 1-16 registers, VDATA one register larger or smaller, two modifiers
# swapped, dmask changed, a modifier added, an SGPR range moved).  Both assemblers must accept
# the same lines and produce the same words; that includes atomics with TFE and DMASK != 0x1 and
# gather4 D16+TFE on gfx81/gfx9, which llvm-mc 14 rejects in every VDATA size and tmu rejects too
# (issue 29 item 8: the vectors' strict definition makes their words INVALID).
# Exits 77 (ctest skip) without llvm-mc/python3.
set -u
TMU="$1"; COUNT="$2"; SEED="$3"; shift 3
[ $# -gt 0 ] || set -- gfx6 gfx7 gfx8 gfx81 gfx9
MC="${LLVM_MC:-}"
if [ -z "$MC" ]; then
  for c in llvm-mc-14 llvm-mc /usr/bin/llvm-mc; do
    if command -v "$c" >/dev/null 2>&1; then MC="$c"; break; fi
  done
fi
if [ -z "$MC" ] || ! command -v python3 >/dev/null 2>&1; then
  echo "SKIP: llvm-mc 14 or python3 not installed"; exit 77
fi
case "$("$MC" --version 2>/dev/null)" in
  *"version 14."*) ;;
  *) echo "SKIP: $MC is not LLVM 14"; exit 77;;
esac
TMP="${TMPDIR:-/tmp}/gcn_asm_diff.$$"
mkdir -p "$TMP" || exit 1
trap 'rm -rf "$TMP"' EXIT INT TERM
fail=0
for gen in "$@"; do
  case $gen in gfx6) cpu=tahiti;; gfx7) cpu=bonaire;; gfx8) cpu=tonga;; gfx81) cpu=gfx810;;
               gfx9) cpu=gfx900;; *) echo "unknown gen $gen"; exit 2;; esac
  python3 - "$gen" "$((COUNT * 3))" "$SEED" > "$TMP/words" <<'PY'
import random, sys
gen, count, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
rng = random.Random(f"asm:{gen}:{seed}")  # str seeds: the same words every run (hash() of a str is salted per process)
for i in range(count):
    w = rng.getrandbits(64) & ~((0x3f << 26) | 0xff | (0x1f << 58))
    w |= 0x3c << 26
    if rng.random() < 0.7:
        w &= ~(0x1f << 53)
    print("0x%016x" % w)
PY
  "$TMU" disasm --isa gcn --gpu "$gen" < "$TMP/words" 2>/dev/null | head -n "$COUNT" > "$TMP/texts"
  python3 - "$gen" "$SEED" "$TMP/texts" > "$TMP/lines" <<'PY'
import random, re, sys
gen, seed, tf = sys.argv[1], int(sys.argv[2]), sys.argv[3]
rng = random.Random(f"mut:{gen}:{seed}")
mods = ["unorm", "glc", "slc", "r128", "a16", "tfe", "lwe", "da", "d16"]
def vreg(first, n):
    return "v%d" % first if n == 1 else "v[%d:%d]" % (first, first + n - 1)
def rng_of(tok):
    m = re.match(r"v\[(\d+):(\d+)\]", tok)
    return (int(m.group(1)), int(m.group(2)) - int(m.group(1)) + 1) if m else (int(tok[1:]), 1)
for line in open(tf):
    t = line.strip()
    if rng.random() < 0.5:
        print(t); continue
    head, rest = t.split(" ", 1)
    parts = rest.split(", ")
    tail = parts[-1].split(" ")
    parts[-1] = tail[0]; mlist = tail[1:]
    k = rng.randrange(6)
    if k == 0:
        a, _ = rng_of(parts[1]); n = rng.randrange(1, 17); parts[1] = vreg(min(a, 256 - n), n)
    elif k == 1:
        a, n = rng_of(parts[0]); n = max(1, n + rng.choice([-1, 1])); parts[0] = vreg(min(a, 256 - n), n)
    elif k == 2 and len(mlist) >= 2:
        i = rng.randrange(len(mlist) - 1); mlist[i], mlist[i + 1] = mlist[i + 1], mlist[i]
    elif k == 3:
        mlist = [m for m in mlist if not m.startswith("dmask")]
        mlist.insert(0, "dmask:0x%x" % rng.randrange(16))
    elif k == 4:
        m = rng.choice(mods)
        if m not in mlist: mlist.append(m)
    else:
        i = 2 if len(parts) < 4 or rng.random() < 0.5 else 3
        n = 8 if i == 2 else 4
        b = rng.randrange(0, 27) * 4
        parts[i] = "s[%d:%d]" % (b, b + n - 1)
    print(head + " " + ", ".join(parts) + ("" if not mlist else " " + " ".join(mlist)))
PY
  "$TMU" --max-errors 0 asm --isa gcn --gpu "$gen" < "$TMP/lines" > "$TMP/tmu.out" 2> "$TMP/tmu.err"
  "$MC" -arch=amdgcn -mcpu=$cpu -show-encoding < "$TMP/lines" > "$TMP/mc.out" 2> "$TMP/mc.err"
  python3 - "$gen" "$TMP/lines" "$TMP/tmu.out" "$TMP/tmu.err" "$TMP/mc.out" "$TMP/mc.err" <<'PY' || fail=1
import re, sys
gen, lf, to, te, mo, me = sys.argv[1:7]
lines = [l.rstrip("\n") for l in open(lf)]
n = len(lines)
tbad = {int(m.group(1)) for m in re.finditer(r"<stdin>:(\d+):\d+:", open(te).read())}
mbad = {int(m.group(1)) for m in re.finditer(r"<stdin>:(\d+):\d+: error", open(me).read())}
tw = [l.strip() for l in open(to) if l.strip()]
mw = []
for l in open(mo):
    m = re.search(r"encoding: \[([^\]]*)\]", l)
    if m:
        b = [int(x, 16) for x in m.group(1).split(",")]
        mw.append(sum(v << (8 * i) for i, v in enumerate(b)))
ti = mi = 0
agree_ok = agree_bad = other = 0
for ln in range(1, n + 1):
    t_ok, m_ok = ln not in tbad, ln not in mbad
    tv = mv = None
    if t_ok: tv = int(tw[ti], 16); ti += 1
    if m_ok: mv = mw[mi]; mi += 1
    if t_ok and m_ok and tv == mv: agree_ok += 1
    elif not t_ok and not m_ok: agree_bad += 1
    else:
        other += 1
        if other <= 15:
            print("DIFF %s line %d: %s\n  tmu: %s  llvm-mc: %s" % (gen, ln, lines[ln - 1],
                  "0x%016x" % tv if t_ok else "error", "0x%016x" % mv if m_ok else "error"))
print("%s: %d lines: %d assembled identically, %d rejected by both; disagreements %d" % (
      gen, n, agree_ok, agree_bad, other))
sys.exit(1 if other else 0)
PY
done
exit $fail
