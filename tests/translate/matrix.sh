#!/bin/sh
# docs/translation-matrix.md, up to its marker line, must be what `tmu translate --matrix` prints
# now (regenerate that part with build/tmu translate --matrix, keeping the marker line and the
# hand-written section after it).
tmu=$1
doc=$(dirname "$0")/../../docs/translation-matrix.md
tmp=${TMPDIR:-/tmp}/tmu_xl_matrix.$$
trap 'rm -f "$tmp"' EXIT
"$tmu" translate --matrix > "$tmp" || { echo "FAIL: tmu translate --matrix exited $?"; exit 1; }
# the generated part ends at the marker line; what follows it (the refusal counts that
# test_translate_indep measured) is written by hand
marker='<!-- end of the generated matrix -->'
grep -qxF "$marker" "$doc" || { echo "FAIL: docs/translation-matrix.md lacks the line '$marker'"; exit 1; }
sed "/^$marker\$/,\$d" "$doc" > "$tmp.doc"
trap 'rm -f "$tmp" "$tmp.doc"' EXIT
if ! diff -u "$tmp.doc" "$tmp"; then
  echo "FAIL: docs/translation-matrix.md is out of date (regenerate it)"
  exit 1
fi
# the file is not trivially empty: it has every table and a legend
for t in "## Sample, gather and fetch" "## Result types" "## Gather components" "## Size, level-count" "## Reasons"; do
  grep -q "$t" "$doc" || { echo "FAIL: matrix lacks '$t'"; exit 1; }
done
echo "matrix up to date"
