# Helpers of the GCN / RDNA CLI tests (cli_gcn.sh, cli_rdna.sh, cli_gcn_run.sh), sourced once
# T names the scratch folder: it is made here and removed on exit.  Each failed check prints
# a line and counts in $fails.
mkdir -p "$T" || exit 1
trap 'rm -rf "$T"' EXIT INT TERM
fails=0
check() { # name expected actual
  if [ "$2" != "$3" ]; then
    echo "FAIL $1"; echo "  want: $2"; echo "  got:  $3"; fails=$((fails + 1))
  fi
}
check_rc() { # name expected-rc actual-rc
  [ "$2" = "$3" ] || { echo "FAIL $1: exit $3, want $2"; fails=$((fails + 1)); }
}
contains() { # name needle haystack
  case "$3" in *"$2"*) ;; *) echo "FAIL $1: '$2' not in: $3"; fails=$((fails + 1));; esac
}
lacks() { # name needle haystack
  case "$3" in *"$2"*) echo "FAIL $1: '$2' in: $3"; fails=$((fails + 1));; esac
}
