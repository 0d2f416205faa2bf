#!/bin/sh
# GCN MIMG disassembly speed: tmu vs llvm-mc 14 on the same 200 000 valid gfx9 words
# (random fields; the two documented llvm-mc defect classes left out so both print the same
# text, which is checked).  Rows, each a ratio llvm-mc / tmu measured in this run:
#   library : tmu_gcn_disasm() in-process, best of 9, process CPU time  vs llvm-mc CPU (user+sys)
#   cli cpu : `tmu disasm --isa gcn` (stdin text -> /dev/null), user+sys, mean of 20 runs
#             vs llvm-mc user+sys, mean of 3 runs
#   cli wall: the same commands writing files, wall clock, best of 3   vs llvm-mc wall, best of 3
# CPU times are the fair figures on a loaded machine; wall times include waiting for a core.
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
. "$(dirname "$0")/lib/timing.sh" # wall, cpu
"$BIN/bench_gcn" words "$N" 1 > "$T/words"
"$BIN/bench_gcn" mcbytes "$N" 1 > "$T/bytes"
lib=$("$BIN/bench_gcn" run "$N" 1 9 | awk '{print $3}')
cli_wall=$(wall "$T/words" "$T/tmu.out" "$CLI" disasm --isa gcn --gpu gfx9)
cli_cpu=$(cpu 20 "$T/words" "$CLI" disasm --isa gcn --gpu gfx9)
if ! { [ -x "$MC" ] || command -v "$MC" >/dev/null 2>&1; }; then
  echo "llvm-mc not found: tmu library $lib ns, CLI CPU $cli_cpu ns, CLI wall $cli_wall ns for $N words (no peer)"
  exit 0
fi
mc_wall=$(wall "$T/bytes" "$T/mc.out" "$MC" -disassemble -arch=amdgcn -mcpu=gfx900)
mc_cpu=$(cpu 3 "$T/bytes" "$MC" -disassemble -arch=amdgcn -mcpu=gfx900)
sed -n 's/^\t//p' "$T/mc.out" | grep -v '^\.' > "$T/mc.txt"
if cmp -s "$T/mc.txt" "$T/tmu.out"; then same="identical text"; else same="TEXT DIFFERS"; fi
awk -v n="$N" -v lib="$lib" -v cw="$cli_wall" -v cc="$cli_cpu" -v mw="$mc_wall" -v mcc="$mc_cpu" \
    -v same="$same" 'BEGIN {
  printf "gcn disassembly, %d gfx9 words, %s with llvm-mc 14\n", n, same
  if (mcc <= 0) { mcc = mw; printf "(no /usr/bin/time: llvm-mc CPU taken as its wall time)\n" }
  row("library decode+print (CPU)", lib, mcc)
  printf "%-32s %.1f ns/word\n", "  library per word", lib / n
  if (cc > 0) row("tmu disasm CLI (CPU user+sys)", cc, mcc)
  row("tmu disasm CLI (wall)", cw, mw)
}
function row(name, t, m) {
  if (t <= 0) { printf "%-32s (below timer resolution)\n", name; return }
  printf "%-32s tmu %8.1f ms   llvm-mc %8.1f ms   ratio %7.1fx\n", name, t / 1e6, m / 1e6, m / t
}'
