#!/bin/sh
# Mesa's freedreno layout code, live (tests/tools/fdl_oracle.sh: Mesa's src/freedreno/fdl and
# device table at commit 7d41cfa1, compiled unmodified with a driver of tmu's), against the
# recorded vectors and against tmu:
#  1. the oracle recomputes every S, L and A row of tests/data/adreno-tiling-a6xx.tsv and
#     adreno-tiling-fresh.tsv from their S rows' inputs and finds no difference;
#  2. fresh surfaces (tests/tools/gen_adreno_surfaces.py, a generator that knows nothing of tmu,
#     seed 2026, 25 per GPU on seven GPUs, five with tmu presets and two without) made by the
#     oracle are checked against tmu by test_layout_adreno_vectors: every column and address,
#     then detile / retile (--convert);
#  3. texture descriptors Mesa's fdl6_view_init writes for 300 fresh surfaces (seed 2026, 60 per
#     preset GPU) are read by tmu_ir3_tdesc_to_texture_tiled (test_ir3_fdl_views).
# Skipped (exit 77) when the oracle is not built (run: tests/tools/fdl_oracle.sh build).
# usage: fdl_live.sh ORACLE_SCRIPT DATA_DIR TEST_LAYOUT_ADRENO_VECTORS TEST_IR3_FDL_VIEWS
set -u
oracle=$1 data=$2 checker=$3 views=$4
if ! "$oracle" path > /dev/null 2>&1; then
  echo "SKIP: the fdl oracle is not built ($oracle build)"
  exit 77
fi
if ! command -v python3 > /dev/null 2>&1; then
  echo "SKIP: python3 is missing (the surface generator needs it)"
  exit 77
fi
fail=0
for f in adreno-tiling-a6xx.tsv adreno-tiling-fresh.tsv; do
  out=$("$oracle" check "$data/$f") || { echo "FAIL: Mesa disagrees with $f:"; echo "$out" | head -20; fail=1; }
  echo "$out" | tail -1
done
tmp=${TMPDIR:-/tmp}/tmu_fdl_live.$$
trap 'rm -f "$tmp" "$tmp.out"' EXIT
"$oracle" vectors 2026 25 a610 a630 a660 a730 a750 a618 a740 > "$tmp" 2> "$tmp.out" ||
  { echo "FAIL: the oracle could not make vectors:"; tail -5 "$tmp.out"; exit 1; }
echo "fresh: $(tail -1 "$tmp")"
rows=$(grep -c '^S' "$tmp")
[ "$rows" -gt 150 ] || { echo "FAIL: only $rows fresh surfaces"; exit 1; }
"$checker" "$tmp" > "$tmp.out" 2>&1 || { echo "FAIL: tmu disagrees with fresh Mesa vectors:"; fail=1; }
grep -v '^note: ' "$tmp.out" | tail -12
"$checker" "$tmp" --convert > "$tmp.out" 2>&1 || { echo "FAIL: detile / retile disagree on fresh surfaces:"; fail=1; }
grep -v '^note: ' "$tmp.out" | tail -3
"$oracle" views-gen 2026 60 a610 a630 a660 a730 a750 > "$tmp" 2> "$tmp.out" ||
  { echo "FAIL: the oracle could not make descriptors:"; tail -5 "$tmp.out"; exit 1; }
"$views" "$tmp" > "$tmp.out" 2>&1 || { echo "FAIL: tmu reads fresh Mesa descriptors differently:"; fail=1; }
grep -v '^note: ' "$tmp.out" | tail -12
exit $fail
