#!/bin/sh
# usage: install_consumer.sh BUILD_DIR CONSUMER_SRC WORK_DIR CC
set -eu
build=$1 src=$2 work=$3 cc=$4
rm -rf "$work"
prefix=$work/prefix
cmake --install "$build" --prefix "$prefix" >/dev/null
test -f "$prefix/include/tmu/format.h"
test -f "$prefix/lib/pkgconfig/tmu.pc" || test -f "$prefix"/lib/*/pkgconfig/tmu.pc
# the tmu command and its manual page (issue 10 item 16)
test -x "$prefix/bin/tmu"
test -s "$prefix/share/man/man1/tmu.1"
test -s "$prefix/share/doc/tmu/texture-unit.md"
"$prefix/bin/tmu" --version >/dev/null

expected='r8g8b8a8_srgb ff800000 -> 1.000000 0.215861 0.000000 0.000000'

# 1. CMake package
cmake -S "$src" -B "$work/cmake" -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_C_COMPILER="$cc" >/dev/null
cmake --build "$work/cmake" >/dev/null
out=$("$work/cmake/tmu_consumer")
echo "find_package: $out"
case "$out" in *"$expected"*) ;; *) echo "FAIL: find_package consumer printed '$out'"; exit 1;; esac

# 2. pkg-config (static link, so no rpath is needed)
pc=$(dirname "$(find "$prefix" -name tmu.pc | head -n 1)")
if command -v pkg-config >/dev/null 2>&1; then
  cflags=$(PKG_CONFIG_PATH=$pc pkg-config --cflags tmu)
  libs=$(PKG_CONFIG_PATH=$pc pkg-config --libs --static tmu)
  libdir=$(PKG_CONFIG_PATH=$pc pkg-config --variable=libdir tmu)
  "$cc" -std=c11 ${CFLAGS:-} $cflags "$src/main.c" "$libdir/libtmu.a" -lm -o "$work/pc_consumer"
  out=$("$work/pc_consumer")
  echo "pkg-config: $out"
  case "$out" in *"$expected"*) ;; *) echo "FAIL: pkg-config consumer printed '$out'"; exit 1;; esac
else
  echo "pkg-config not installed: pkg-config half skipped"
fi
echo "install consumer: 1 passed"
