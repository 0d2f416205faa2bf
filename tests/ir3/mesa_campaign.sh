#!/bin/sh
# A fresh-word campaign against Mesa 22.3.6's ir3 disassembler (docs/ir3-mesa-oracle.md).
#   mesa_campaign.sh TOOLS IR3_TEXT_WORDS SEED N
# TOOLS: tests/tools.  N words from tests/tools/ir3_cat5_words.py SEED N (a generator that knows
# nothing of tmu), every one kept, notes and unmatched words included:
#  1. tmu's text (ir3_text_words dis) against Mesa's under mesa_lines.sh's rules: equal, or in a
#     class of encodings Mesa changed after 22.3.6 (told from the bits alone);
#  2. round trip through tmu's assembler: for each word in no class that Mesa decodes without a
#     note, Mesa's own text is assembled by tmu (ir3_text_words asm) and the word it gives is
#     disassembled by Mesa again; the text must come back unchanged.  (The word itself may differ
#     in bits no text shows: bit 17, and bits 19, 20, 47 with s2en not bindless.)
# Skipped (exit 77) when the oracle is not built or python3 is missing.
set -eu
tools=$1
tw=$2
seed=$3
n=$4
oracle=$tools/ir3_mesa_oracle.sh
bin=$(sh "$oracle" path 2> /dev/null) || {
  echo "SKIP: Mesa's ir3 disassembler is not built (run: sh $oracle build)"
  exit 77
}
command -v python3 > /dev/null || { echo "SKIP: python3 is missing"; exit 77; }
tmp=${TMPDIR:-/tmp}/tmu_ir3_campaign.$$
trap 'rm -f "$tmp".*' EXIT
python3 "$tools/ir3_cat5_words.py" "$seed" "$n" > "$tmp.words"
"$tw" dis < "$tmp.words" > "$tmp.tmu"
sh "$(dirname "$0")/mesa_lines.sh" "$oracle" "fresh words (ir3_cat5_words.py $seed $n)" "$tmp.tmu"
# 2: Mesa's note-free texts of words in no class, through tmu's assembler and Mesa again
"$bin" < "$tmp.words" > "$tmp.mesa"
# shellcheck disable=SC2016
echo 'NF == 3 && $3 !~ /^no match/ && mesa22_class($1 + 0, tolower($2)) == "" { print }' > "$tmp.sel"
awk -F'\t' -f "$tools/ir3_mesa22_classes.awk" -f "$tmp.sel" "$tmp.mesa" > "$tmp.clean"
"$tw" asm < "$tmp.clean" > "$tmp.asm"
refused=$(grep -c ' error' "$tmp.asm" || true)
grep ' error' "$tmp.asm" | head -5 | sed 's/^/  refused: /'
paste "$tmp.clean" "$tmp.asm" | awk -F'\t' '$4 !~ / error/ { print $4 }' | "$bin" > "$tmp.back"
paste "$tmp.clean" "$tmp.asm" | awk -F'\t' '$4 !~ / error/ { print $3 }' > "$tmp.want"
awk -F'\t' 'NR == FNR { want[FNR] = $0; next }
  { t = $3; for (j = 4; j <= NF; j++) t = t "\t" $j
    total++; if (t == want[FNR]) same++
    else if (bad++ < 20) print "  round trip: Mesa \"" want[FNR] "\" -> tmu word " $2 " -> Mesa \"" t "\"" }
  END { printf "round trip of Mesa text through tmu assembler: %d texts, %d came back unchanged\n", total, same
        exit total == 0 || same != total }' "$tmp.want" "$tmp.back" || exit 1
[ "$refused" -eq 0 ] || { echo "FAIL: tmu's assembler refused $refused of Mesa's texts"; exit 1; }
echo "OK: $(wc -l < "$tmp.clean") note-free texts in no class round-trip"
