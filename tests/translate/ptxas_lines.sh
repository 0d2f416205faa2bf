#!/bin/sh
# Every distinct PTX line the translator emitted in test_translate_indep (one module, written by
# that test) must be accepted by ptxas itself.  Skipped (exit 77) where ptxas is not installed:
# $PTXAS, else ptxas on PATH, else /usr/local/cuda/bin/ptxas.
module=$1
[ -f "$module" ] || { echo "FAIL: $module is missing (test_translate_indep writes it)"; exit 1; }
ptxas=${PTXAS:-$(command -v ptxas || echo /usr/local/cuda/bin/ptxas)}
if [ ! -x "$ptxas" ]; then
  echo "SKIP: ptxas not found (set PTXAS); the lines were checked only by tmu's ptxas model"
  exit 77
fi
lines=$(grep -cE '^	(tex|tld4|txq)' "$module")
out=${TMPDIR:-/tmp}/tmu_xl_ptxas.$$
trap 'rm -f "$out" "$out.cubin"' EXIT
if "$ptxas" -arch sm_90 -o "$out.cubin" "$module" > "$out" 2>&1; then
  echo "ptxas ($("$ptxas" --version | tail -1)): all $lines distinct PTX target lines accepted (100%)"
  exit 0
fi
bad=$(grep -c 'error' "$out")
echo "FAIL: ptxas rejects PTX target lines ($bad errors among $lines lines):"
cat "$out"
# the rejected lines themselves
sed -n 's/.*, line \([0-9]*\);.*/\1/p' "$out" | sort -un | while read -r n; do
  sed -n "${n}p" "$module"
done
exit 1
