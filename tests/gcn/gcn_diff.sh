#!/bin/sh
# Random differential test of `tmu disasm --isa gcn` against llvm-mc 14 (through
# tests/data/gcn_llvm_oracle.sh, a copy of shared/tools/gcn_llvm_oracle.sh, with --strict).
#
# usage: gcn_diff.sh TMU COUNT SEED [GEN...]     (GEN default: gfx6 gfx7 gfx8 gfx9)
#
# COUNT words per generation: half raw random MIMG words (bits 26-31 = 0b111100, all other bits
# random, so the ignored bits 1-7 and 58-62 and the SGPR-file edges are exercised), half words
# with a defined opcode, bit 0 clear and SSAMP/DMASK chosen legally (so most decode).
# Every word must get the same verdict and, when valid, byte-identical text.  The strict oracle's
# verdict is the definition (as for tests/data/gcn-llvm-mc.tsv): atomics with TFE and DMASK != 0x1
# and gather4 with TFE + packed D16, which llvm-mc 14 decodes but cannot re-assemble, are INVALID
# to both (issue 29 item 8; docs/gcn-mimg.md §3.6).
# Exits 77 (ctest skip) when llvm-mc or python3 is missing.
set -u
TMU="$1"; COUNT="$2"; SEED="$3"; shift 3
[ $# -gt 0 ] || set -- gfx6 gfx7 gfx8 gfx9
DATA="${TMU_TEST_DATA:-$(dirname "$0")/../data}"
MC="${LLVM_MC:-}"
if [ -z "$MC" ]; then
  for c in llvm-mc-14 llvm-mc /usr/bin/llvm-mc; do
    if command -v "$c" >/dev/null 2>&1; then MC="$c"; break; fi
  done
fi
if [ -z "$MC" ] || ! command -v python3 >/dev/null 2>&1; then
  echo "SKIP: llvm-mc 14 or python3 not installed; the random differential needs them"
  exit 77
fi
case "$("$MC" --version 2>/dev/null)" in
  *"version 14."*) ;;
  *) echo "SKIP: $MC is not LLVM 14 (the reference is llvm-mc 14.0.6)"; exit 77;;
esac
TMP="${TMPDIR:-/tmp}/gcn_diff.$$"
mkdir -p "$TMP" || exit 1
trap 'rm -rf "$TMP"' EXIT INT TERM
fail=0
for gen in "$@"; do
  python3 - "$gen" "$COUNT" "$SEED" > "$TMP/words" <<'PY'
import random, sys
gen, count, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
rng = random.Random(f"{gen}:{seed}")  # str seeds are hashed by sha512: the same words every run
pre8 = gen in ("gfx6", "gfx7")
atom = list(range(0x0f, 0x20)) if pre8 else list(range(0x10, 0x1d))
ops = [0, 1, 2, 3, 4, 5, 8, 9, 10, 11, 14] + atom + list(range(0x20, 0x42)) + \
      [0x44, 0x45, 0x46, 0x47, 0x48, 0x49] + list(range(0x4c, 0x52)) + list(range(0x54, 0x5a)) + \
      list(range(0x5c, 0x61)) + list(range(0x68, 0x70))
for i in range(count):
    w = rng.getrandbits(64)
    w = (w & ~(0x3f << 26)) | (0x3c << 26)
    if i % 2:
        op = rng.choice(ops)
        w &= ~((0x7f << 18) | 1)
        w |= op << 18
        sampler = 0x20 <= op <= 0x6f
        if not sampler:
            w &= ~(0x1f << 53)
        dm = rng.choice([1, 2, 4, 8]) if 0x40 <= op <= 0x5f else \
             rng.choice([1, 3, 3, 0xf]) if op in atom else rng.getrandbits(4)
        w = (w & ~(0xf << 8)) | (dm << 8)
        if rng.random() < 0.5:
            w &= ~(1 << 63)
        if rng.random() < 0.7:           # keep most register numbers in the middle
            w = (w & ~(0x1f << 48)) | (rng.randrange(0, 24) << 48)
            w = (w & ~(0xffff << 32)) | (rng.randrange(0, 240) << 32) | (rng.randrange(0, 240) << 40)
    print("0x%016x" % w)
PY
  "$TMU" --max-errors 0 disasm --isa gcn --gpu "$gen" < "$TMP/words" > "$TMP/tmu" 2> "$TMP/tmu.err"
  rc=$?
  if [ $rc -gt 1 ]; then echo "FAIL: tmu disasm exited $rc"; cat "$TMP/tmu.err"; exit 1; fi
  sh "$DATA/gcn_llvm_oracle.sh" --mc "$MC" --strict "$gen" < "$TMP/words" > "$TMP/mc" || {
    echo "FAIL: oracle did not run"; exit 1; }
  python3 - "$gen" "$TMP/words" "$TMP/tmu" "$TMP/mc" "$TMP/tmu.err" <<'PY' || fail=1
import re, sys
gen, wf, tf, mf, ef = sys.argv[1:6]
words = [l.strip() for l in open(wf)]
# valid words print one line each on stdout; an invalid one prints nothing there and
# "tmu: error: disasm: <stdin>:LINE: 0xWORD: REASON" on stderr (one word per input line)
invalid = {}
for l in open(ef):
    m = re.match(r"tmu: error: disasm: <stdin>:(\d+): 0x[0-9a-f]{16}: (.*)", l)
    if m:
        invalid[int(m.group(1)) - 1] = "invalid: " + m.group(2)
valid = iter([l.rstrip("\n") for l in open(tf)])
ours = [invalid[i] if i in invalid else next(valid, "<missing>") for i in range(len(words))]
mc = [l.rstrip("\n").split("\t") for l in open(mf)]
assert len(words) == len(ours) == len(mc), (len(words), len(ours), len(mc))
stats = {"agree_valid": 0, "agree_invalid": 0, "other": 0}
shown = 0
for w, o, m in zip(words, ours, mc):
    x = int(w, 16)
    m_invalid = m[1] == "INVALID"
    o_invalid = o.startswith("invalid:")
    if m_invalid and o_invalid:
        stats["agree_invalid"] += 1; continue
    if not m_invalid and not o_invalid and o == m[1]:
        stats["agree_valid"] += 1; continue
    stats["other"] += 1
    if shown < 20:
        shown += 1
        print("DIFF %s %s\n  llvm-mc: %s\n  tmu:     %s" % (gen, w, "\t".join(m[1:]), o))
print("%s: %d words: %d valid identical, %d invalid agreed; disagreements: %d" % (
      gen, len(words), stats["agree_valid"], stats["agree_invalid"], stats["other"]))
sys.exit(1 if stats["other"] else 0)
PY
done
exit $fail
