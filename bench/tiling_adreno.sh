#!/bin/sh
# Tiled Adreno surface copies (issue 26): bench/tiling.sh on Adreno surfaces (TILE6_3, cpp 4, on
# a630 and a660); see there.  Env: TMU_BENCH_BIN, TILING_ROUNDS (default 5).
exec sh "$(dirname "$0")/tiling.sh" adreno
