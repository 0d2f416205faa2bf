# Timing helpers of the disassembler benchmarks (bench/gcn.sh, bench/rdna.sh), sourced after
# they set $T (their scratch folder).  Not a benchmark itself (bench/run runs bench/*.sh only).

# wall IN OUT CMD...: best wall-clock time of 3 runs of CMD < IN > OUT, in ns
wall() {
  in=$1; out=$2; shift 2
  best=""
  for i in 1 2 3; do
    t0=$(date +%s%N)
    "$@" < "$in" > "$out" 2>/dev/null || true
    t1=$(date +%s%N)
    w=$((t1 - t0))
    if [ -z "$best" ] || [ $w -lt $best ]; then best=$w; fi
  done
  echo "$best"
}
# cpu R IN CMD...: user+sys CPU time per run, in ns, of R runs of CMD < IN > /dev/null: each run
# measured alone by $BIN/bench_cputime (wait4's rusage of that process, microsecond
# resolution); without it, the R runs timed together by one /usr/bin/time (10 ms resolution,
# thus divided by R, and the shell loop around the runs counted too); 0 without either
cpu() {
  r=$1; in=$2; shift 2
  if [ -x "${BIN:-}/bench_cputime" ]; then
    "$BIN/bench_cputime" "$r" "$in" "$@" || echo 0
    return
  fi
  if [ ! -x /usr/bin/time ]; then echo 0; return; fi
  /usr/bin/time -f "%U %S" -o "$T/time" sh -c \
    'r=$1; in=$2; shift 2; i=0
     while [ $i -lt $r ]; do "$@" < "$in" > /dev/null 2>&1 || true; i=$((i + 1)); done' \
    sh "$r" "$in" "$@"
  awk -v r="$r" '{printf "%d", ($1 + $2) * 1e9 / r}' "$T/time"
}
