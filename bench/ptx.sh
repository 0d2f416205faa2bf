#!/bin/sh
# PTX checker vs ptxas on one generated 100 000-instruction module.
# ptxas also generates code (sm_90 SASS) while tmu only parses and validates, so the
# ratio says how much faster a ptxas-compatible check is, not a like-for-like
# compiler comparison.  Times are CPU seconds (user + sys), so that a loaded
# machine does not distort them.  Needs TMU_BENCH_BIN (bench/run sets it) and
# ptxas ($PTXAS, else /usr/local/cuda/bin/ptxas, else ptxas in PATH).
# TMU_PTX_BENCH_N changes the instruction count.
set -eu
bin=${TMU_BENCH_BIN:?run through bench/run}
cli=${TMU_CLI:-}
ptxas=${PTXAS:-/usr/local/cuda/bin/ptxas}
[ -x "$ptxas" ] || ptxas=$(command -v ptxas || true)
n=${TMU_PTX_BENCH_N:-100000}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cpu() { # cpu OUTFILE COMMAND... -> CPU seconds of COMMAND in OUTFILE
  out=$1; shift
  /usr/bin/time -f '%U %S' -o "$out" "$@" >/dev/null
  awk '{ printf "%.3f\n", $1 + $2 }' "$out"
}
"$bin/bench_ptx" gen "$dir/bench.ptx" "$n"
set -- $("$bin/bench_ptx" time "$dir/bench.ptx" 5)
tmu_s=$1
echo "module: $2 texture instructions, $(wc -c <"$dir/bench.ptx") bytes; problems found by tmu: $3"
echo "tmu parse + check, in process (best of 5):   ${tmu_s} s CPU"
cli_s=$tmu_s
if [ -n "$cli" ] && [ -x "$cli" ]; then
  cli_s=$(cpu "$dir/t1" "$cli" ptx check "$dir/bench.ptx")
  echo "tmu ptx check (whole CLI process):            ${cli_s} s CPU"
fi
if [ -z "$ptxas" ]; then
  echo "ptxas not found: no ratio"
  exit 0
fi
ptxas_s=$(cpu "$dir/t2" "$ptxas" -arch sm_90 "$dir/bench.ptx" -o "$dir/bench.cubin")
echo "ptxas -arch sm_90 (parse, check AND generate): ${ptxas_s} s CPU"
awk -v p="$ptxas_s" -v c="$cli_s" -v l="$tmu_s" 'BEGIN {
  printf "ptx check vs ptxas: %.0fx (library, in process)\n", p / l
  if (c >= 0.05) printf "ptx check vs ptxas: %.0fx (whole CLI process)\n", p / c
  else printf "(CLI time below the 10 ms resolution of /usr/bin/time: no CLI ratio)\n" }'
