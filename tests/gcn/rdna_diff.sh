#!/bin/sh
# Random differential test of `tmu disasm --gpu gfx10|gfx10.3|gfx11` against llvm-mc 16 (through
# tests/data/rdna_llvm_oracle.sh, a copy of shared/tools/rdna_llvm_oracle.sh, with --strict), on
# instructions from tests/tools/fresh_oracle/rdnagen.py, a generator that knows nothing of tmu
# (it reads only the oracle's vector file to pick opcodes llvm-mc accepts).  Every instruction must
# get the same verdict and, when valid, byte-identical text (docs/rdna-mimg.md §15).
# usage: rdna_diff.sh TMU COUNT SEED [GEN...]   (GEN default: gfx1010 gfx1030 gfx1100)
# Exits 77 (ctest skip) when llvm-mc-16 or python3 is missing.
set -u
TMU="$1"; COUNT="$2"; SEED="$3"; shift 3
[ $# -gt 0 ] || set -- gfx1010 gfx1030 gfx1100
HERE=$(dirname "$0")
DATA="${TMU_TEST_DATA:-$HERE/../data}"
TOOLS="$HERE/../tools/fresh_oracle"
if ! command -v llvm-mc-16 >/dev/null 2>&1 || ! command -v python3 >/dev/null 2>&1; then
  echo "SKIP: llvm-mc-16 or python3 not installed; the random differential needs them"
  exit 77
fi
TMP="${TMPDIR:-/tmp}/rdna_diff.$$"
mkdir -p "$TMP" || exit 1
trap 'rm -rf "$TMP"' EXIT INT TERM
fail=0
for gen in "$@"; do
  python3 "$TOOLS/rdnagen.py" "$gen" "$COUNT" "$SEED" "$DATA/rdna-llvm-mc16.tsv" > "$TMP/words" ||
    { echo "FAIL: generator"; exit 1; }
  "$TMU" --max-errors 0 disasm --gpu "$gen" < "$TMP/words" > "$TMP/tmu" 2> "$TMP/tmu.err"
  rc=$?
  if [ $rc -gt 1 ]; then echo "FAIL: tmu disasm exited $rc"; cat "$TMP/tmu.err"; exit 1; fi
  sh "$DATA/rdna_llvm_oracle.sh" --strict "$gen" < "$TMP/words" > "$TMP/mc" || {
    echo "FAIL: oracle did not run"; exit 1; }
  python3 "$TOOLS/cmp_rdna.py" "$gen" "$TMP/words" "$TMP/tmu" "$TMP/tmu.err" "$TMP/mc" > "$TMP/cmp" ||
    fail=1
  cat "$TMP/cmp"
  grep -q "; disagreements: 0$" "$TMP/cmp" || fail=1
done
exit $fail
