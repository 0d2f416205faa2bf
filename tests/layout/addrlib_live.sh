#!/bin/sh
# AMD's addrlib, live (tests/tools/addrlib_oracle.sh: Mesa 22.3.6's src/amd/addrlib compiled
# unmodified with a driver that calls its public entry points only), against the recorded vectors
# and against tmu:
#  1. addrlib recomputes every row and address of tests/data/amd-tiling-gfx9-10.tsv and
#     amd-tiling-gfx11.tsv and finds no difference (the files are addrlib's output);
#  2. fresh gfx11 surfaces (another seed than the recorded file's) made by addrlib are checked
#     against tmu by test_layout_amd_vectors, every column and every address;
#  3. fresh gfx9 / gfx10 / gfx10.3 surfaces from tests/tools/gen_amd_surfaces.py (a generator that
#     knows nothing of tmu or addrlib), filled by addrlib (addrlib_oracle.sh fill), likewise
#     (skipped with a note where python3 is missing).
# Skipped (exit 77) when the oracle is not built (run: tests/tools/addrlib_oracle.sh build).
# usage: addrlib_live.sh ORACLE_SCRIPT DATA_DIR TEST_LAYOUT_AMD_VECTORS
set -u
oracle=$1 data=$2 checker=$3
if ! "$oracle" path > /dev/null 2>&1; then
  echo "SKIP: the addrlib oracle is not built ($oracle build)"
  exit 77
fi
fail=0
for f in amd-tiling-gfx9-10.tsv amd-tiling-gfx11.tsv; do
  out=$("$oracle" check "$data/$f") || { echo "FAIL: addrlib disagrees with $f:"; echo "$out" | head -20; fail=1; }
  echo "$f: $(echo "$out" | tail -1)"
done
tmp=${TMPDIR:-/tmp}/tmu_addrlib_live.$$
trap 'rm -f "$tmp" "$tmp.out" "$tmp.in"' EXIT
"$oracle" vectors 2026 40 > "$tmp" || { echo "FAIL: the oracle could not make vectors"; exit 1; }
rows=$(grep -vc '^#' "$tmp")
[ "$rows" -gt 150 ] || { echo "FAIL: only $rows lines of fresh vectors"; exit 1; }
"$checker" "$tmp" > "$tmp.out" 2>&1 || { echo "FAIL: tmu disagrees with fresh addrlib vectors:"; fail=1; }
tail -20 "$tmp.out"
if command -v python3 > /dev/null 2>&1; then
  if ! python3 "$(dirname "$oracle")/gen_amd_surfaces.py" 2027 60 > "$tmp.in" ||
    ! "$oracle" fill "$tmp.in" > "$tmp"; then
    echo "FAIL: the oracle could not fill surfaces"
    exit 1
  fi
  echo "gfx9-10 fresh surfaces: $(tail -1 "$tmp")"
  rows=$(grep -vc '^#' "$tmp")
  [ "$rows" -gt 100 ] || { echo "FAIL: only $rows lines of filled surfaces"; exit 1; }
  "$checker" "$tmp" > "$tmp.out" 2>&1 || { echo "FAIL: tmu disagrees with addrlib on fresh gfx9-10 surfaces:"; fail=1; }
  tail -20 "$tmp.out"
else
  echo "NOTE: python3 is missing; fresh gfx9-10 surfaces not made"
fi
exit $fail
