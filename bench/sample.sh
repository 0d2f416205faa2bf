#!/bin/sh
# Texture-unit sampling benchmark (issue 15): `tmu bench sample --peer` — each row is one workload
# of the lavapipe peer (shared/tools/lavapipe_bench), run live right before tmu's, and prints
# both CPU-time rates, the ratio and the physical bound.  The peer is built here, out of tree, into
# build-bench/lavapipe/ when its Debian packages are installed (bench/README.md); without them
# the rows show tmu's rates only.  Extra arguments go to `tmu bench sample` (e.g. --threads 2).
set -eu
root=${TMU_ROOT:-$(cd "$(dirname "$0")/.." && pwd)}
tmu=${TMU_CLI:-$root/build-bench/tmu}
[ -x "$tmu" ] || { echo "sample.sh: $tmu not built (run bench/run)" >&2; exit 1; }
src=${TMU_PEER_SRC:-$root/../shared/tools/lavapipe_bench}
out=$(dirname "$tmu")/lavapipe
if [ -z "${TMU_PEER_BENCH:-}" ]; then
  if [ -f "$src/peer_bench.c" ] && command -v glslc >/dev/null 2>&1 && [ -f /usr/include/vulkan/vulkan.h ]; then
    mkdir -p "$out"
    cp "$src/peer_bench.c" "$src/sample.comp" "$src/Makefile" "$out/"
    if make -s -C "$out" >"$out/build.log" 2>&1 &&
       glslc --target-env=vulkan1.1 -O -o "$out/implicit.spv" "$root/bench/lavapipe/implicit.comp" 2>>"$out/build.log"; then
      :
    else
      echo "sample.sh: building the lavapipe peer failed (see $out/build.log)"
    fi
  else
    echo "sample.sh: lavapipe peer not built: needs $src and the packages of bench/README.md"
  fi
fi
# default: 3 alternating rounds of (peer, tmu) per row, medians (a shared machine is noisy)
[ $# -eq 0 ] && set -- --rounds 3 --seconds 0.3 --reps 3
exec "$tmu" bench sample --peer "$@"
