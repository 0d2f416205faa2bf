#!/bin/sh
# GCN MIMG disassembly speed: tmu vs llvm-mc 14 on the same 200 000 valid gfx9 words
# (random fields; the two documented llvm-mc defect classes left out so both print the same
# text, which is checked).  Rows, each a ratio llvm-mc / tmu measured in this run:
#   library : tmu_gcn_disasm() in-process, best of 5, process CPU time   vs llvm-mc CPU time
#   cli cpu : `tmu disasm --isa gcn` (stdin text -> stdout), user+sys     vs llvm-mc user+sys
#   cli wall: the same, wall clock (best of 3)                            vs llvm-mc wall
# llvm-mc runs as `llvm-mc -disassemble -arch=amdgcn -mcpu=gfx900` on "0x.. 0x.." byte lines.
# Env: TMU_BENCH_BIN (bench executables), TMU_CLI (tmu binary), LLVM_MC; bench/run sets the first two.
set -eu
N=${GCN_BENCH_WORDS:-200000}
BIN=${TMU_BENCH_BIN:-build-bench/bench}
CLI=${TMU_CLI:-build-bench/tmu}
MC=${LLVM_MC:-$(command -v llvm-mc-14 || command -v llvm-mc || echo /usr/bin/llvm-mc)}
T=${TMPDIR:-/tmp}/gcn_bench.$$
mkdir -p "$T"
trap 'rm -rf "$T"' EXIT INT TERM
"$BIN/bench_gcn" words "$N" 1 > "$T/words"
"$BIN/bench_gcn" mcbytes "$N" 1 > "$T/bytes"
lib=$("$BIN/bench_gcn" run "$N" 1 5 | awk '{print $3}')
# measure CMD... < IN > OUT three times: prints "best_wall_ns avg_cpu_ns" (cpu needs /usr/bin/time)
measure() {
  in=$1; out=$2; shift 2
  best=""; cpu=0; have_time=0
  [ -x /usr/bin/time ] && have_time=1
  for i in 1 2 3; do
    t0=$(date +%s%N)
    if [ $have_time = 1 ]; then
      /usr/bin/time -f "%U %S" -o "$T/time" "$@" < "$in" > "$out" 2>/dev/null
      c=$(awk '{printf "%d", ($1 + $2) * 1e9}' "$T/time")
    else
      "$@" < "$in" > "$out" 2>/dev/null; c=0
    fi
    t1=$(date +%s%N)
    w=$((t1 - t0)); cpu=$((cpu + c))
    if [ -z "$best" ] || [ $w -lt $best ]; then best=$w; fi
  done
  echo "$best $((cpu / 3))"
}
set -- $(measure "$T/words" "$T/tmu.out" "$CLI" disasm --isa gcn --gpu gfx9)
cli_wall=$1; cli_cpu=$2
if ! { [ -x "$MC" ] || command -v "$MC" >/dev/null 2>&1; }; then
  echo "llvm-mc not found: tmu library $lib ns, CLI wall $cli_wall ns for $N words (no peer)"
  exit 0
fi
set -- $(measure "$T/bytes" "$T/mc.out" "$MC" -disassemble -arch=amdgcn -mcpu=gfx900)
mc_wall=$1; mc_cpu=$2
sed -n 's/^\t//p' "$T/mc.out" | grep -v '^\.' > "$T/mc.txt"
if cmp -s "$T/mc.txt" "$T/tmu.out"; then same="identical text"; else same="TEXT DIFFERS"; fi
awk -v n="$N" -v lib="$lib" -v cw="$cli_wall" -v cc="$cli_cpu" -v mw="$mc_wall" -v mcc="$mc_cpu" \
    -v same="$same" 'BEGIN {
  printf "gcn disassembly, %d gfx9 words, %s with llvm-mc 14\n", n, same
  row("library decode+print (CPU)", lib, mcc)
  if (cc > 0) row("tmu disasm CLI (CPU user+sys)", cc, mcc)
  row("tmu disasm CLI (wall)", cw, mw)
}
function row(name, t, m) {
  if (t <= 0) { printf "%-32s (below timer resolution)\n", name; return }
  printf "%-32s tmu %8.1f ms   llvm-mc %8.1f ms   ratio %7.1fx\n", name, t / 1e6, m / 1e6, m / t
}'
