#!/bin/sh
# tmu's ir3 text against Mesa's ir3 disassembler (issue 28).
#   mesa_lines.sh ORACLE LABEL FILE...
# ORACLE: tests/tools/ir3_mesa_oracle.sh.  Each FILE has lines "gpu_id<TAB>HI_LO<TAB>text" ('#'
# lines and a "gpu_id" header skipped): tmu's text for the word (test_translate_indep's ir3 target
# words, ir3_random_words' random valid words) or a vector file's expected text.  Every word goes
# through Mesa 22.3.6's disassembler and tmu's text must equal Mesa's, except for words that use
# an encoding Mesa changed after 22.3.6 (tmu follows Mesa commit 431c7a6e3626, the vectors' source):
# those are recognised from their bits alone, never from either text, by
# tests/tools/ir3_mesa22_classes.awk, and counted per class (docs/ir3-mesa-oracle.md).  In class
# wrmask-order the texts must still agree once Mesa's "zx" / "zy" are read as "xz" / "yz".
# One more class is told from the text: no-match, Mesa 22.3.6 prints "no match: HILO" where later
# Mesa (and tmu) print "raw 0x..." (a word neither decodes); and one from a note's text,
# note-name: later Mesa (and tmu) name the bitset of the bits 19..20 assert
# "#instruction-cat5-tex-base", 22.3.6 "#instruction-cat5-tex" (the texts must agree once renamed).
# Any other difference fails the test.  Skipped (exit 77) when the oracle is not built.
oracle=$1
classes=$(dirname "$oracle")/ir3_mesa22_classes.awk
label=$2
shift 2
bin=$(sh "$oracle" path 2> /dev/null) || {
  echo "SKIP: Mesa's ir3 disassembler is not built (run: sh $oracle build)"
  exit 77
}
tmp=${TMPDIR:-/tmp}/tmu_ir3_mesa.$$
trap 'rm -f "$tmp".*' EXIT
for f in "$@"; do
  [ -f "$f" ] || { echo "FAIL: $f is missing"; exit 1; }
done
cat "$@" | awk -F'\t' '/^#/ || $1 == "gpu_id" || NF < 3 { next } { print }' > "$tmp.rows"
[ -s "$tmp.rows" ] || { echo "FAIL: no words in $*"; exit 1; }
cut -f1,2 "$tmp.rows" | tr '\t' ' ' | "$bin" > "$tmp.mesa" || { echo "FAIL: the oracle failed"; exit 1; }
cat > "$tmp.awk" << 'EOA'

function cls(gpu, w, t, m,   k, m0) {
  k = mesa22_class(gpu, w)
  if (k == "") comparable++
  if (t == m) { if (k == "") same_comparable++; return "same" }
  # note-name: the BASE_HI assert (bits 19..20) moved from #instruction-cat5-tex to the new
  # #instruction-cat5-tex-base after 22.3.6; the texts must agree once the note names it so
  m0 = m
  gsub(/bits\[19:20\] in #instruction-cat5-tex:/, "bits[19:20] in #instruction-cat5-tex-base:", m)
  if (m != m0 && t == m) { if (k == "") same_comparable++; return "note-name" }
  if (m ~ /^no match: / && t ~ /^raw 0x/) return "no-match"
  if (k == "wrmask-order") {
    sub(/\(zx\)/, "(xz)", m); sub(/\(zy\)/, "(yz)", m)
    if (t != m) return "differ"
  }
  return k == "" ? "differ" : k
}
NR == FNR { mesa[FNR] = $0; next }
{
  n = split($0, c, "\t")
  t = c[3]; for (j = 4; j <= n; j++) t = t "\t" c[j]
  n = split(mesa[FNR], e, "\t")
  if (e[1] != c[1] || e[2] != c[2]) { print "FAIL: oracle row " FNR " is for " e[1] " " e[2]; exit 2 }
  m = e[3]; for (j = 4; j <= n; j++) m = m "\t" e[j]
  r = cls(c[1] + 0, tolower(c[2]), t, m)
  total++; count[r]++
  if (r == "differ" && shown++ < 40) print "  " c[1] " " c[2] ": Mesa \"" m "\", tmu \"" t "\""
}
END {
  printf "%s: %d words; identical to Mesa 22.3.6: %d (%.1f%%); outside the encodings of 22.3.6:", label, total, count["same"], 100 * count["same"] / total
  split("a7xx new-opcode brcst isam bit18 type7 a1-imm wrmask-order no-match note-name", order, " ")
  for (i = 1; i <= 10; i++) printf " %s %d", order[i], count[order[i]]
  printf "; other differences: %d; words outside every class: %d, identical: %d\n", count["differ"] + 0, comparable, same_comparable
  exit count["differ"] > 0
}
EOA
awk -v label="$label" -f "$classes" -f "$tmp.awk" "$tmp.mesa" "$tmp.rows"
