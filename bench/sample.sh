#!/bin/sh
# Texture-unit sampling benchmark (issue #3): runs `tmu bench sample --csv` (one thread) and prints
# each case as a ratio to Mesa lavapipe's 1-thread median on the same workload.
# NOTE: the lavapipe figures are QUOTED from shared/reference/sampling.md §15.2 (2 vCPUs of an
# AMD EPYC Zen 5, Mesa 22.3.6 / LLVM 15); lavapipe is not run here, so compare machines first.
set -eu
tmu=${TMU_CLI:-$(dirname "$0")/../build-bench/tmu}
[ -x "$tmu" ] || { echo "sample.sh: $tmu not built (run bench/run)" >&2; exit 1; }
"$tmu" bench sample --csv "$@" | awk -F, '
  BEGIN { peer["nearest_rgba8"] = 357; peer["bilinear_rgba8"] = 155; peer["gather_rgba8"] = 261;
          peer["trilinear_rgba8"] = 84; peer["bilinear_rgba32f_512"] = 165;
          printf "%-22s %10s %12s %8s\n", "case", "tmu M/s", "lavapipe M/s", "ratio" }
  NR > 1 { p = peer[$1]; printf "%-22s %10.1f %12d %7.2fx\n", $1, $2, p, (p ? $2 / p : 0) }
  END { print "lavapipe: quoted per-core figures of sampling.md §15.2, not measured in this run" }'
