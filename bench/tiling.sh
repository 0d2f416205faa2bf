#!/bin/sh
# Tiled surface copies (issue 25; Adreno: issue 26): tmu_surface_detile / tmu_surface_retile of a
# whole 4096x4096 level of 4-byte elements against memcpy of the same 64 MiB measured in the same
# rounds (process CPU time, best of TILING_ROUNDS): ratio = memcpy time / tmu time (the goal is
# >= 0.5).  Then element addresses per second over 1M random coordinates of level 0:
# tmu_surface_address (range-checked) and tmu_surface_address_fast (the goal is >= 100 M/s).
# Detile is checked against one address per element of a sample and retile against detile before
# anything is timed.
#   usage: tiling.sh [amd|adreno]   (default amd: the PS4's 2D_TILED_THIN1, liverpool
#   GB_TILE_MODE14, thin micro tiles, and vega10 SW_64KB_S_X, 32 bpp; adreno: TILE6_3 on a630,
#   4-channel macrotiles, hbb 15, and a660, 8-channel, hbb 16, cpp 4; bench/tiling_adreno.sh)
# Env: TMU_BENCH_BIN (bench executables; bench/run sets it), TILING_ROUNDS (default 5).
set -eu
BIN=${TMU_BENCH_BIN:-build-bench/bench}
family=${1:-amd}
case $family in
  amd) what="level, 32 bpp" ;;
  adreno) what="TILE6_3 level, 4 bytes/element" ;;
  *) echo "usage: tiling.sh [amd|adreno]" >&2; exit 2 ;;
esac
"$BIN/bench_tiling" "$family" "${TILING_ROUNDS:-5}" | awk -v what="$what" '
BEGIN { print "whole 4096x4096 " what ", one thread (GB/s of element bytes; ratio to memcpy of the same bytes)" }
NF == 8 { printf "%-16s detile %6.2f GB/s (%.2f x memcpy)   retile %6.2f GB/s (%.2f x memcpy)   memcpy %6.2f GB/s   address %6.1f M/s checked, %6.1f M/s fast\n", $1, $2, $5, $3, $6, $4, $7, $8; next }
{ print }'
