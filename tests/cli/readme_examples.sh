#!/bin/sh
# Issue 29 item 14: every command line of the README's ```sh examples runs as written from the
# repository root.  The lines are taken from README.md itself (a block whose preceding line is
# an HTML comment "<!-- setup:... -->" installs packages or the tool and is not run here), joined
# across trailing backslashes, and run one after the other with `sh -c` in a scratch folder that
# sees the repository's examples/ and docs/ (so files the examples write land there, never in the
# tree) and this build's tmu first on PATH.  Each must exit 0, or 1 where its comment says
# "exit 1"; a file it names must exist.  Not run here, each reported as skipped with the reason:
#   tmu bench ...  benchmarks (minutes of CPU time; `--peer` also needs lavapipe, bench/README.md)
#   PNG lines      (render, --render, .png files) when this tmu was built without libpng
# usage: readme_examples.sh TMU SOURCE_DIR
tmu=$1 src=$(cd "$2" && pwd)
. "$(dirname "$0")/lib.sh"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/root" "$tmp/bin"
ln -s "$src/examples" "$tmp/root/examples"
ln -s "$src/docs" "$tmp/root/docs"
ln -s "$(cd "$(dirname "$tmu")" && pwd)/$(basename "$tmu")" "$tmp/bin/tmu"
awk '
  /^<!-- setup:/ { setup = 1; next }
  /^```sh/ { if (!setup) f = 1; setup = 0; next }
  /^```/ { f = 0; next }
  { setup = 0 }
  f && /^[ \t]*#/ { next }
  f {
    if (sub(/\\$/, "")) { cont = cont $0; next }
    print cont $0; cont = ""
  }' "$src/README.md" > "$tmp/lines"
check some-lines 0 "tmu gcn run" -- cat "$tmp/lines"
n=0 skipped=0
png=1
"$tmu" render --size 8x8 -o - >/dev/null 2>&1 || png=0
while IFS= read -r line; do
  case "$line" in
    "" | "#"*) continue ;;
    "tmu bench "*) skipped=$((skipped + 1)); echo "skipped (benchmark): $line"; continue ;;
  esac
  if [ "$png" = 0 ]; then
    case "$line" in
      *render*|*.png*) skipped=$((skipped + 1)); echo "skipped (needs libpng): $line"; continue ;;
    esac
  fi
  n=$((n + 1))
  want=0
  case "$line" in *"#"*"exit 1"*) want=1 ;; esac
  check "example $n: $line" "$want" "" -- env PATH="$tmp/bin:$PATH" sh -c "cd '$tmp/root' && $line"
done < "$tmp/lines"
# Item 15: the `ptx check -e` example's comment says what it prints (a verdict line, then the
# messages as SEVERITY@L: TEXT), not "one line"
line=$(grep '^tmu ptx check -e ' "$tmp/lines")
out=$(cd "$tmp/root" && PATH="$tmp/bin:$PATH" sh -c "$line" 2>&1)
verdict=$(echo "$out" | sed -n 1p) msg=$(echo "$out" | sed -n '2s/^ *\([a-z]*@L\)[^:]*:.*/\1/p')
check "ptx-check-e output" 0 "REJECTED" -- echo "$verdict"
check "ptx-check-e comment names the verdict" 0 "# $verdict" -- echo "$line"
check "ptx-check-e comment names the message form" 0 "$msg: MSG" -- echo "$line"
echo "$n README example lines run, $skipped skipped"
check enough-examples 0 "" -- test "$n" -ge 30
finish
