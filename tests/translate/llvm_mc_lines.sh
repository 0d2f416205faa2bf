#!/bin/sh
# Every distinct GCN word the translator emitted in test_translate_indep (FILE: generation, word,
# text per line, written by that test) must print as llvm-mc 14 prints it: the text equals
# llvm-mc's disassembly of the word (tests/data/gcn_llvm_oracle.sh --strict: gfx6/7 re-assembled
# with tahiti/bonaire), the VADDR range compared by its first register (gfx6-9 do not encode the
# VADDR size; llvm-mc prints the smallest legal one, tmu the real one).  Skipped (exit 77) where
# llvm-mc 14 is absent ($LLVM_MC, else llvm-mc-14 on PATH).
oracle=$1
file=$2
[ -f "$file" ] || { echo "FAIL: $file is missing (test_translate_indep writes it)"; exit 1; }
mc=${LLVM_MC:-$(command -v llvm-mc-14 || true)}
if [ -z "$mc" ] || [ ! -x "$mc" ]; then
  echo "SKIP: llvm-mc-14 not found (set LLVM_MC)"
  exit 77
fi
command -v bash > /dev/null || { echo "SKIP: the oracle needs bash"; exit 77; }
tmp=${TMPDIR:-/tmp}/tmu_xl_mc.$$
trap 'rm -f "$tmp".*' EXIT
total=0
bad=0
for gen in gfx6 gfx7 gfx8 gfx81 gfx9; do
  awk -F'\t' -v g="$gen" '$1 == g' "$file" > "$tmp.rows"
  [ -s "$tmp.rows" ] || continue
  cut -f2 "$tmp.rows" | bash "$oracle" --mc "$mc" --vaddr-base --strict "$gen" > "$tmp.mc" || {
    echo "FAIL: the oracle failed on $gen"; exit 1; }
  # tmu's text with the VADDR operand (the second) cut to its first register
  cut -f3 "$tmp.rows" | sed 's/^\([a-z0-9_]* [^ ]*, \)v\[\([0-9]*\):[0-9]*\]/\1v\2/' > "$tmp.tmu"
  cut -f2 "$tmp.mc" > "$tmp.llvm"
  n=$(wc -l < "$tmp.rows")
  total=$((total + n))
  if ! cmp -s "$tmp.tmu" "$tmp.llvm"; then
    paste "$tmp.rows" "$tmp.llvm" "$tmp.tmu" | awk -F'\t' '$4 != $5 { print "  " $1 " " $2 ": llvm-mc \"" $4 "\", tmu \"" $3 "\"" }'
    bad=$((bad + $(paste -d'\n' "$tmp.tmu" "$tmp.llvm" | awk 'NR % 2 { a = $0; next } a != $0' | wc -l)))
  fi
done
if [ "$bad" -ne 0 ]; then
  echo "FAIL: $bad of $total distinct GCN target words print otherwise than llvm-mc 14"
  exit 1
fi
echo "llvm-mc 14: all $total distinct GCN target words print as llvm-mc prints them (100%)"
