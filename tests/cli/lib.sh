# Tiny assertion helpers for CLI tests (POSIX sh).  Source it, then call
#   check NAME EXPECTED_EXIT EXPECTED_SUBSTRING -- COMMAND ARGS...
# which runs the command, captures stdout+stderr, and checks the exit code and
# that the output contains the substring.  `finish` prints "N passed, M failed".
pass=0 fail=0
check() {
  name=$1 want_rc=$2 want_out=$3; shift 4
  out=$("$@" 2>&1) && rc=0 || rc=$?
  if [ "$rc" -ne "$want_rc" ]; then
    echo "FAIL $name: exit $rc, expected $want_rc"; echo "$out" | sed 's/^/    /'; fail=$((fail+1)); return
  fi
  case "$out" in
    *"$want_out"*) pass=$((pass+1)) ;;
    *) echo "FAIL $name: output lacks '$want_out'"; echo "$out" | sed 's/^/    /'; fail=$((fail+1)) ;;
  esac
}
finish() { echo "$pass passed, $fail failed"; [ "$fail" -eq 0 ]; }
