#!/bin/sh
# GCN execution overhead: wave64 image_sample v[0:3], v[4:5], s[8:15], s[16:19] dmask:0xf through
# tmu_gcn_exec_word (decode, T#/S# from SGPRs, VADDR from VGPRs, texture unit, VDATA through the
# pending queue, s_waitcnt) versus the same op through tmu_unit_execute directly, measured in the
# same run on the same texture memory and coordinates (alternating rounds, best of 7, process CPU
# time).  Overhead = GCN / direct - 1; the target is at most 10 %.  A third side runs the call
# prepared once (tmu_unit_plan), as the GCN layer does for a cached instruction: GCN / prepared - 1
# is the layer's own work (decode or cache check, operands, pending queue, retire).
# Env: TMU_BENCH_BIN (bench executables; bench/run sets it), GCN_EXEC_WAVES (default 20000).
set -eu
BIN=${TMU_BENCH_BIN:-build-bench/bench}
N=${GCN_EXEC_WAVES:-20000}
"$BIN/bench_gcn_exec" "$N" | awk -v n="$N" '
BEGIN { printf "gcn execution overhead, %d waves of 64 lanes per round (gfx9, 256x256, implicit LOD)\n", n }
{ printf "%-22s gcn %8.1f ns/wave   direct %8.1f ns/wave   ratio %.3f   overhead %+5.1f %%   (prepared call %8.1f ns/wave: gcn layer itself %+5.1f %%)\n",
         $1, $2, $3, $4, ($4 - 1) * 100, $5, ($6 - 1) * 100 }'
