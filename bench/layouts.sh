#!/bin/sh
# Texture layouts for a random-coordinate gather (issue 15's "cache-line-tiled internal layout"):
# bare AVX-512 gather kernels, one per layout of a 1024^2 RGBA8 texture, and tmu's own gather on
# the linear layout, all on the same 128-lane waves of random coordinates, in alternating rounds
# of one run (best of 7, process CPU time).  The peer is the bare kernel on the linear layout:
# ratio = side / linear.  Each side's results equal the linear kernel's (checked first).
# Env: TMU_BENCH_BIN (bench executables; bench/run sets it), LAYOUT_ROUNDS (default 7).
set -eu
BIN=${TMU_BENCH_BIN:-build-bench/bench}
"$BIN/bench_layouts" "${LAYOUT_ROUNDS:-7}" | awk '
BEGIN { print "gather of component 0, 1024x1024 RGBA8, random coordinates, 128-lane waves (M samples per CPU second)" }
NF == 5 { printf "%-12s %8.1f M/s   %6.4g lines/sample   %2d bytes/texel   ratio to linear %.3f\n", $1, $2, $3, $4, $5; next }
{ print }'
