#!/bin/sh
# RDNA MIMG disassembly speed: tmu vs llvm-mc 16 on the same 200 000 valid instructions per
# generation (gfx10 = gfx1010, gfx10.3 = gfx1030, gfx11 = gfx1100; every opcode with random
# fields, DIM, A16 and NSA form, so 2-5 dwords each; identical text checked).  Rows per
# generation, each a ratio llvm-mc / tmu measured in this run:
#   library : tmu_gcn_disasm_dwords() over the dword stream, best of 9, process CPU time
#             vs llvm-mc CPU (user+sys)
#   cli cpu : `tmu disasm --gpu GEN` (stdin text -> /dev/null), user+sys, mean of 10 runs
#             vs llvm-mc-16 user+sys, mean of 2 runs (the whole process, same instructions)
#   cli wall: the same commands writing files, wall clock, best of 3 vs llvm-mc wall, best of 3
#   cli --binary cpu: `tmu disasm --gpu GEN --binary FILE` (the same instructions as raw code),
#             user+sys, mean of 10 runs vs llvm-mc-16 user+sys as above
# llvm-mc runs as `llvm-mc-16 -disassemble -arch=amdgcn -mcpu=CPU` on one line of bytes per
# instruction; the goal is a CLI ratio of 100 or more.
# Env: TMU_BENCH_BIN (bench executables), TMU_CLI (tmu binary), LLVM_MC16; bench/run sets the
# first two.  RDNA_BENCH_INSTS changes the count.
set -eu
N=${RDNA_BENCH_INSTS:-200000}
BIN=${TMU_BENCH_BIN:-build-bench/bench}
CLI=${TMU_CLI:-build-bench/tmu}
MC=${LLVM_MC16:-$(command -v llvm-mc-16 || echo /usr/lib/llvm-16/bin/llvm-mc)}
T=${TMPDIR:-/tmp}/rdna_bench.$$
mkdir -p "$T"
trap 'rm -rf "$T"' EXIT INT TERM
. "$(dirname "$0")/lib/timing.sh" # wall, cpu
have_mc=1
{ [ -x "$MC" ] || command -v "$MC" >/dev/null 2>&1; } || have_mc=0
echo "rdna disassembly, $N instructions per generation, against llvm-mc 16 ($MC)"
for pair in gfx10:gfx1010 gfx10.3:gfx1030 gfx11:gfx1100; do
  gen=${pair%%:*}; cpu_name=${pair#*:}
  "$BIN/bench_rdna" insts "$gen" "$N" 1 > "$T/insts"
  "$BIN/bench_rdna" mcbytes "$gen" "$N" 1 > "$T/bytes"
  "$BIN/bench_rdna" bin "$gen" "$N" 1 > "$T/code.bin"
  lib=$("$BIN/bench_rdna" run "$gen" "$N" 1 9 | awk '{print $3}')
  cli_wall=$(wall "$T/insts" "$T/tmu.out" "$CLI" disasm --gpu "$gen")
  cli_cpu=$(cpu 10 "$T/insts" "$CLI" disasm --gpu "$gen")
  bin_cpu=$(cpu 10 /dev/null "$CLI" disasm --gpu "$gen" --binary "$T/code.bin")
  if [ $have_mc -eq 0 ]; then
    echo "$gen: llvm-mc 16 not found: tmu library $lib ns, CLI CPU $cli_cpu ns (--binary $bin_cpu ns), CLI wall $cli_wall ns (no peer)"
    continue
  fi
  mc_wall=$(wall "$T/bytes" "$T/mc.out" "$MC" -disassemble -arch=amdgcn -mcpu="$cpu_name")
  mc_cpu=$(cpu 2 "$T/bytes" "$MC" -disassemble -arch=amdgcn -mcpu="$cpu_name")
  sed -n 's/^\t//p' "$T/mc.out" | grep -v '^\.' > "$T/mc.txt"
  "$CLI" disasm --gpu "$gen" --binary "$T/code.bin" > "$T/bin.out" 2>/dev/null || true
  if cmp -s "$T/mc.txt" "$T/tmu.out" && cmp -s "$T/mc.txt" "$T/bin.out"; then same="identical text"
  else same="TEXT DIFFERS"; fi
  awk -v g="$gen" -v n="$N" -v lib="$lib" -v cw="$cli_wall" -v cc="$cli_cpu" -v mw="$mc_wall" \
      -v mcc="$mc_cpu" -v bc="$bin_cpu" -v same="$same" 'BEGIN {
    printf "%s (%s with llvm-mc 16)\n", g, same
    if (mcc <= 0) { mcc = mw; printf "(no /usr/bin/time: llvm-mc CPU taken as its wall time)\n" }
    row("  library decode+print (CPU)", lib, mcc)
    printf "%-32s %.1f ns/instruction\n", "    library per instruction", lib / n
    if (cc > 0) row("  tmu disasm CLI (CPU user+sys)", cc, mcc)
    if (bc > 0) row("  tmu disasm --binary (CPU)", bc, mcc)
    row("  tmu disasm CLI (wall)", cw, mw)
  }
  function row(name, t, m) {
    if (t <= 0) { printf "%-32s (below timer resolution)\n", name; return }
    printf "%-32s tmu %8.1f ms   llvm-mc %8.1f ms   ratio %7.1fx\n", name, t / 1e6, m / 1e6, m / t
  }'
done
