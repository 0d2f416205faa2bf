#!/bin/sh
# ir3 cat5 codec throughput (one core).  There is no peer measured in the same
# run: Mesa's ir3 disassembler is not built here, so each row is given as a
# ratio against the goal of 20 M instructions/s from issue #6 (which is about
# the ir3_disasm_* rows; ir3_decode_vectors and ir3_print_vectors are the two
# halves of ir3_disasm_vectors measured alone).
set -eu
bin=${TMU_BENCH_BIN:?run through bench/run, or set TMU_BENCH_BIN to the bench directory of a build}
"$bin/bench_ir3" "${TMU_IR3_BENCH_MILLIONS:-20}" 2>/dev/null | while read -r name rate unit per rest; do
  ratio=$(awk -v r="$rate" 'BEGIN { printf "%.2f", r / 20.0 }')
  echo "$name  $rate $unit $per  ($rest)  = ${ratio}x the 20 M/s goal (peer: none available)"
done
