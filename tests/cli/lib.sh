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

# expect_error NAME CODE STDOUT EXPECTED -- COMMAND ARGS...: the command exits CODE with
# "tmu: error: EXPECTED" on stderr (exit 2: and the "usage:" lines too); STDOUT says what its
# standard output may hold: empty (nothing), noerror (no "error"), any.  Leaves out.txt and
# err.txt in the current directory.
expect_error() {
  name=$1 _code=$2 _stdout=$3 want=$4; shift 5
  "$@" >out.txt 2>err.txt && rc=0 || rc=$?
  _ok=1
  [ "$rc" -eq "$_code" ] || _ok=0
  grep -qF -- "tmu: error: $want" err.txt || _ok=0
  [ "$_code" -ne 2 ] || grep -q '^usage: tmu' err.txt || _ok=0
  case $_stdout in
    empty) [ ! -s out.txt ] || _ok=0 ;;
    noerror) ! grep -q "error" out.txt || _ok=0 ;;
  esac
  if [ "$_ok" -eq 1 ]; then pass=$((pass+1)); else
    echo "FAIL $name: exit $rc, stdout $(wc -c <out.txt) bytes, stderr:"; sed 's/^/    /' err.txt | head -5
    fail=$((fail+1))
  fi
}
# usage NAME EXPECTED -- CMD...: exit 2, nothing on stdout, the error and the usage on stderr
usage() { _en=$1 _ew=$2; shift 3; expect_error "$_en" 2 empty "$_ew" -- "$@"; }
# input NAME EXPECTED -- CMD...: exit 1, nothing on stdout, "tmu: error: EXPECTED" on stderr
input() { _en=$1 _ew=$2; shift 3; expect_error "$_en" 1 empty "$_ew" -- "$@"; }
# same_file NAME A B: identical files
same_file() {
  if cmp -s "$2" "$3"; then pass=$((pass+1)); else
    echo "FAIL $1: $2 and $3 differ ($(cmp "$2" "$3" 2>&1 | head -1))"; fail=$((fail+1)); fi
}
# equal NAME GOT WANT
equal() { if [ "$2" = "$3" ]; then pass=$((pass+1)); else echo "FAIL $1: got '$2', want '$3'"; fail=$((fail+1)); fi; }
# bytes_at FILE OFFSET COUNT: the bytes as hex
bytes_at() { od -An -tx1 -v -j "$2" -N "$3" "$1" | tr -d ' \n'; }
# noise N FILE: a file of N pseudo-random bytes, none of them zero
noise() { head -c "$1" /dev/urandom | tr '\000' '\001' > "$2"; }
