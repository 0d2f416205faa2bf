#!/bin/sh
# docs/translation-matrix.md must be what `tmu translate --matrix` prints now (regenerate with
#   build/tmu translate --matrix > docs/translation-matrix.md).
tmu=$1
doc=$(dirname "$0")/../../docs/translation-matrix.md
tmp=${TMPDIR:-/tmp}/tmu_xl_matrix.$$
trap 'rm -f "$tmp"' EXIT
"$tmu" translate --matrix > "$tmp" || { echo "FAIL: tmu translate --matrix exited $?"; exit 1; }
if ! diff -u "$doc" "$tmp"; then
  echo "FAIL: docs/translation-matrix.md is out of date (regenerate it)"
  exit 1
fi
# the file is not trivially empty: it has every table and a legend
for t in "## Sample, gather and fetch" "## Result types" "## Gather components" "## Size, level-count" "## Reasons"; do
  grep -q "$t" "$doc" || { echo "FAIL: matrix lacks '$t'"; exit 1; }
done
echo "matrix up to date"
