#!/bin/sh
# Issue 10 item 15: help texts and public headers cite only what a user has.  No help text, public
# header or README names the project's private reference notes (shared/..., sampling.md, ptx.md,
# gcn-mimg.md or ir3-cat5.md outside docs/); every docs/FILE.md they cite exists, and every
# "docs/FILE.md §N" names a section that file has.  Item 14: every tmu command line in the
# README's examples names a real command, and every option it uses is in the manual (generated
# from the help texts).  usage: docs_refs.sh TMU SOURCE_DIR
tmu=$1 src=$2
. "$(dirname "$0")/lib.sh"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
"$tmu" help --man > "$tmp/man"
cat "$src"/include/tmu/*.h "$src"/README.md "$tmp/man" > "$tmp/all"
check no-shared 0 "" -- sh -c "! grep -n 'shared/' '$tmp/all'"
check no-private-notes 0 "" -- sh -c "! grep -nE '(^|[^/a-z-])(sampling|ptx|gcn-mimg|ir3-cat5|load-planning|translation)\\.md' '$tmp/all'"
# Issue 29 item 9: every "docs/FILE.md §N" anywhere in src/, tests/, tools/, python/, include/ and
# the README names a section FILE has; so does a bare "FILE.md §N" when docs/FILE.md exists, unless
# its line says it cites the project's reference notes (shared/reference/FILE.md has other numbers).
names=$(cd "$src/docs" && ls *.md | sed 's/\.md$//' | paste -sd'|' -)
srcs=$(cd "$src" && find src tests tools python include bench -type f \( -name '*.c' -o -name '*.h' \
       -o -name '*.py' -o -name '*.sh' -o -name '*.txt' \) ! -path 'tests/data/*' 2>/dev/null)
{
  grep -ohE 'docs/[a-z0-9-]+\.md( §[0-9]+(\.[0-9]+)*)?' "$tmp/all"
  (cd "$src" && grep -ohE 'docs/[a-z0-9-]+\.md( §[0-9]+(\.[0-9]+)*)?' $srcs README.md)
  (cd "$src" && grep -hE "(^|[^/a-z-])($names)\.md,? §[0-9]" $srcs README.md | grep -v 'reference' |
     grep -oE "(^|[^/a-z-])($names)\.md,? §[0-9]+(\.[0-9]+)*" | sed -E 's/^[^a-z]*/docs\//; s/,//')
} | sort -u > "$tmp/refs"
check some-refs 0 "docs/texture-unit.md §" -- cat "$tmp/refs"
while read -r file sec; do
  check "exists $file" 0 "" -- test -s "$src/$file"
  if [ -n "$sec" ]; then
    n=${sec#§}
    check "section $file $sec" 0 "" -- grep -qE "^#+ $n\\.? " "$src/$file"
  fi
done < "$tmp/refs"
# README examples: lines of ```sh blocks that run tmu
sed -e 's/\\-/-/g' "$tmp/man" > "$tmp/man.txt"
awk '/^```sh/{f=1;next} /^```/{f=0} f' "$src/README.md" | grep -E '(^|[|;&(] *)tmu ' |
  sed -E 's/#.*//; s/^.*(^|[|;&(] *)(tmu .*)$/\2/' > "$tmp/examples"
check readme-examples 0 "tmu ptx check" -- cat "$tmp/examples"
"$tmu" help > "$tmp/help"
while read -r line; do
  # shellcheck disable=SC2086
  set -- $line
  cmd=$2
  case "$cmd" in -*|"") continue ;; esac
  check "readme command '$cmd'" 0 "  $cmd " -- cat "$tmp/help"
  for w in $line; do
    case "$w" in
      --*) opt=${w%%=*}; opt=${opt%%[!a-z0-9-]*}
           [ "$opt" = "--" ] || check "readme option $cmd $opt" 0 "$opt" -- grep -o -- "$opt" "$tmp/man.txt" ;;
    esac
  done
done < "$tmp/examples"
finish
