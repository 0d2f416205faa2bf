#!/bin/sh
# Python binding overhead (issue 16): sampling 1 M coordinates from Python against the same work
# from C, both measured in this run (bench_python.py, bench_python_peer.c).  Installs python/ into a
# virtual environment beside the Release build (as the README's Python section does), linked with
# that build's libtmu.a.  Target: the Python time at most 1.2x the C time.
set -eu
root=${TMU_ROOT:-$(cd "$(dirname "$0")/.." && pwd)}
bin=${TMU_BENCH_BIN:-$root/build-bench/bench}
build=$(dirname "$bin")
python=${TMU_PYTHON_EXECUTABLE:-/usr/bin/python3}
[ -x "$bin/bench_python_peer" ] || { echo "python.sh: $bin/bench_python_peer not built (run bench/run)" >&2; exit 1; }
TMU_INCLUDE_DIR="$root/include" TMU_LIBRARY="$build/libtmu.a" \
  sh "$root/tests/python/install.sh" "$python" "$root/python" "$build/python-stage" "$build/python-venv" >/dev/null
"$build/python-venv/bin/python" "$root/bench/bench_python.py" --peer "$bin/bench_python_peer" "$@"
