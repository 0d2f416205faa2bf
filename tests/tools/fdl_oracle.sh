#!/bin/sh
# Mesa's own Adreno a6xx / a7xx layout code as a live oracle for tmu's Adreno layouts
# (src/layout/adreno.c): the "fdl-oracle" that tests/data/adreno-tiling-a6xx.tsv's header describes.
#
# Nothing of Mesa is kept in this repository.  `build` takes the 56 files listed below from Mesa
# at commit 7d41cfa1a97f29ad576a8f08c833ac1336c716e4 (2025-01-19), either out of a git directory
# that holds that commit (MESA_GIT=DIR, e.g. a clone of https://gitlab.freedesktop.org/mesa/mesa or
# of its mirror github.com/AquaBx/mesa) or, without MESA_GIT, one by one from
# https://gitlab.freedesktop.org/mesa/mesa/-/raw/COMMIT/PATH, and checks each against its git blob
# SHA-1 below (so the sources are Mesa's, byte for byte, whichever way they came).  Then, as Mesa's
# meson build does:
#   - src/freedreno/registers/gen_header.py --rnn src/freedreno/registers --xml adreno/X.xml
#     c-defines > X.xml.h for a6xx, adreno_common, adreno_pm4, and py-defines > a6xx.py;
#   - src/freedreno/common/freedreno_devices.py -p GEN > freedreno_devices.h (the device table);
#   - src/util/format/u_format_table.py u_format.yaml [--enums | --header] > u_format_gen.h,
#     u_format_pack.h, u_format_table.c (Python 3 with mako and PyYAML: Debian python3-mako,
#     python3-yaml);
#   - gcc / g++ -O2 (asserts on, as the vector file's oracle) compile, UNMODIFIED,
#     src/freedreno/fdl/fd6_layout.c, freedreno_layout.c, fd6_tiled_memcpy.cc, fd6_view.c,
#     fd6_format_table.c, src/freedreno/common/freedreno_dev_info.c, src/util/format/u_format.c
#     and the generated u_format_table.c, with the
#     defines Mesa's meson.build gives a little-endian glibc host (UTIL_ARCH_LITTLE_ENDIAN=1,
#     UTIL_ARCH_BIG_ENDIAN=0, HAVE_SECURE_GETENV, HAVE_PTHREAD, HAVE_ENDIAN_H, HAVE_TIMESPEC_GET,
#     HAVE_STRUCT_TIMESPEC); linked with --gc-sections (no shim is needed: what the driver reaches
#     needs nothing outside these files and libc) with tmu's driver tests/tools/fdl_oracle_driver.c
#     into ORACLE_DIR/fdl-7d41cfa1/fdl-oracle.  The driver calls fdl6_layout, fd_dev_info_raw,
#     fdl6_memcpy_linear_to_tiled / fdl6_memcpy_tiled_to_linear, fdl6_view_init and
#     util_format_*; it never links or consults tmu.
#
# ORACLE_DIR: $TMU_ORACLE_DIR, else ~/.cache/tmu-oracles.
#
# Usage:
#   fdl_oracle.sh build          fetch / extract, check, generate and compile; prints each step
#   fdl_oracle.sh path           prints the oracle binary's path; exit 1 when it is not built
#   fdl_oracle.sh check FILE     recomputes every S and L row of a vector file in the format of
#                                tests/data/adreno-tiling-a6xx.tsv from its S rows' inputs, and every
#                                A row's offset; lists what differs; exit 0 only when all agree
#   fdl_oracle.sh fill FILE [N]  FILE: surface specs, one a line 'gpu fmt w h d layers levels samples
#                                tile ubwc is3d mutable' (tests/tools/gen_adreno_surfaces.py writes
#                                such files); writes a vector file (header, '#   gpuinfo' lines, S, L
#                                and A rows) to stdout: A rows for every texel of images of up to
#                                256 blocks, else corners, a 4x4 window and N (48) random blocks
#   fdl_oracle.sh vectors SEED N GPU...
#                                gen_adreno_surfaces.py SEED N GPU... | fill: N fresh surfaces per GPU
#   fdl_oracle.sh views FILE     FILE: specs as for fill; writes per surface the texture descriptor
#                                Mesa's fdl6_view_init writes for the whole image, with the surface
#                                size and every level's offset and pitch ('D' rows; see
#                                tests/tools/fdl_oracle_driver.c), for tests/ir3/test_ir3_fdl_views
#   fdl_oracle.sh views-gen SEED N GPU...
#                                gen_adreno_surfaces.py SEED N GPU... | views
set -eu
commit=7d41cfa1a97f29ad576a8f08c833ac1336c716e4
dir=${TMU_ORACLE_DIR:-${HOME:-/tmp}/.cache/tmu-oracles}
top=$dir/fdl-7d41cfa1
bin=$top/fdl-oracle
here=$(cd "$(dirname "$0")" && pwd)

die() { echo "fdl_oracle: $*" >&2; exit 1; }

# git blob SHA-1 and path of every Mesa file used, at $commit
files() {
  cat << 'EOL'
  83895422226f11ec3922e58bac44ea21292177ed include/c99_compat.h
  f2f14aafab5d3559fa5d7902f9666926447c2d4c include/no_extern_c.h
  dbcb3459a9b23580d40359061c901cb5905138bf src/c11/threads.h
  33762f893b91f066418e159c2adeb07078d551d3 src/c11/time.h
  566876883431f4a600bd8ee103b265fd3e0e96f2 src/freedreno/common/freedreno_common.h
  24779e109d016c15a9bd1f3afef1de243ee95fb9 src/freedreno/common/freedreno_dev_info.c
  09e07772c55c71b156d3e7b14857a01be1898b82 src/freedreno/common/freedreno_dev_info.h
  90d093c1c409bfd3c4895e64dc87773ac1bcf864 src/freedreno/common/freedreno_devices.py
  32f3b1bd2f3f668c1aed6f338d7278dc43d3565d src/freedreno/fdl/fd6_format_table.c
  062233a99cfa91ff35cad4819db438a4490372a4 src/freedreno/fdl/fd6_format_table.h
  5fa1067ff338a60bfec7ee8f3da82bd43b200ad7 src/freedreno/fdl/fd6_layout.c
  237dc6effbc79f471c0bd9ae56182af3c58c86ba src/freedreno/fdl/fd6_tiled_memcpy.cc
  4de6c2b33587614abe7897161ceeca2f50ba861a src/freedreno/fdl/fd6_view.c
  b02de150c2c700db59de0771e013bd5749f54a07 src/freedreno/fdl/freedreno_layout.c
  c745ffa0180fa2b7d99a0f7d1de3771e0c0e53bb src/freedreno/fdl/freedreno_layout.h
  fbf408786512ebf9f23cde1f0dcf5efeea28fd50 src/freedreno/registers/adreno/a6xx.xml
  218ec8bb966e3a3f649d9ba91949002d6ae58a2a src/freedreno/registers/adreno/adreno_common.xml
  b2b7062360c37bdbc9b1a811366d84e301f94eb9 src/freedreno/registers/adreno/adreno_pm4.xml
  854efdd2e5fc0783ecf5c7a01acf82d559b50b12 src/freedreno/registers/freedreno_copyright.xml
  7b1aa3edd54b85973bff4a9eb65ff12e2c3854a6 src/freedreno/registers/gen_header.py
  2eedb099a4eb55e1ed5f1e1f8d8c75809d0b3ba2 src/freedreno/registers/rules-fd.xsd
  e233ee257f6be54904a64cdd79a08ab099d313ec src/util/bitscan.h
  ddd4cfb836b9c48c2099b971f96f41f9c7a51be2 src/util/compiler.h
  f31cbd26331a5c3308649a200f327bd76e194afb src/util/detect.h
  166c4aea1d1846993a31d2777069c50e4d1f0015 src/util/detect_arch.h
  0cb11d511f11eab11584fe1e686bb00df013386c src/util/detect_cc.h
  86286dfbe7091a0c15697b8dd56924cc3363bac6 src/util/detect_os.h
  c53d5e0f80fcf5cdbacffbed622b7ef81e34c326 src/util/format/format_utils.h
  db57f3081fd5fb049912308c61c6f83aa2db45b7 src/util/format/u_format.c
  95976ec14a640ef3e29ca34226ed837cfe2fa29c src/util/format/u_format.h
  f300bd80a21b9e7be698eeee775a879996fdfd4a src/util/format/u_format.yaml
  4a98107c0df26b8dcae70d4aa343dbf4cab78282 src/util/format/u_format_bptc.h
  536ad1d7fb9cde8bf4e596a3c1dfeef5a1e6af97 src/util/format/u_format_etc.h
  71a44ad587c881976235e475ada3244e0bc13205 src/util/format/u_format_fxt1.h
  6fd6475625a2bd0c0ceeb116dfe220eddda5123d src/util/format/u_format_latc.h
  2a325fb65ef65a146de253e5196d095eef81ec3f src/util/format/u_format_other.h
  57434adcd8c5830d4d4a73681811e07a4610efcb src/util/format/u_format_pack.py
  274dbad2ad26457af5aa706b2a604c836d429fe2 src/util/format/u_format_parse.py
  dfcdfa0d3e1aad73344f83b68063c631c33b6c39 src/util/format/u_format_rgtc.h
  3acaa3de851baf59cccaa5ce7678352b7d75eeb3 src/util/format/u_format_s3tc.h
  2afb911bb7c28ba29d6877fd3ad81064a9f2b54e src/util/format/u_format_table.py
  c0d5c9301cd2248fd93e82dc1bdc3a287b051bf1 src/util/format/u_format_yuv.h
  00bc0a79a913bce11e9fad4065a8236f0097b432 src/util/format/u_format_zs.h
  7b6e7d8f7c89bbfa3a4b0a50811e7f4bbcfff9c2 src/util/format/u_formats.h
  4b9d9764921cd9bf4c1863565f7e732ad339476b src/util/format_srgb.h
  fed99277d5847779004369a1dc82b2d1d50f69a9 src/util/half_float.h
  7bcce3d61e0201117f57a6058d3520048621ac90 src/util/log.h
  88b30299d85770dfdefd7a36a43bed6407259d30 src/util/macros.h
  cfe3107c6e10a4ce8601855bbad3ff809e823809 src/util/os_misc.h
  f79671ba7dd15028e3b1dd047bb9c169b8307194 src/util/rounding.h
  c9ce666c015cff12b5135e15a462dbfc389fe8c9 src/util/u_atomic.h
  6e52b75659bfdb5820bb14d6758a535c7b129a67 src/util/u_cpu_detect.h
  ff10e3bacdaee1997b6f1403ec2d4815595430f0 src/util/u_debug.h
  b01f73017ae19fab2b03758753170d3b9a935845 src/util/u_endian.h
  9bfe395e11321ba8e4608460824d1f21be2a9b94 src/util/u_math.h
  b5c7667d3d0d055b96496e05cefac05b8d649bd2 src/util/u_thread.h
EOL
}

blob_sha() { # git's blob hash of a file, without needing a repository
  if command -v git > /dev/null 2>&1; then
    git hash-object --no-filters "$1"
  else
    { printf 'blob %s\0' "$(wc -c < "$1" | tr -d ' ')"; cat "$1"; } | sha1sum | cut -d' ' -f1
  fi
}

python_with() { # a Python 3 that has mako and yaml
  for p in ${PYTHON:-} python3 /usr/bin/python3; do
    [ -n "$p" ] || continue
    if "$p" -c 'import mako, yaml' 2> /dev/null; then
      echo "$p"
      return 0
    fi
  done
  die "no Python 3 with mako and PyYAML (Debian: apt-get install python3-mako python3-yaml)"
}

flags="-DUTIL_ARCH_LITTLE_ENDIAN=1 -DUTIL_ARCH_BIG_ENDIAN=0 -DHAVE_SECURE_GETENV -DHAVE_PTHREAD
 -DHAVE_ENDIAN_H -DHAVE_TIMESPEC_GET -DHAVE_STRUCT_TIMESPEC"

incs() {
  m=$top/mesa
  echo "-I$top/gen -I$top/gen/util/format -I$m/src -I$m/include -I$m/src/util/format -I$m/src/freedreno
 -I$m/src/freedreno/common -I$m/src/freedreno/fdl -I$m/src/gallium/include"
}

build() {
  py=$(python_with)
  rm -rf "$top"
  mkdir -p "$top/mesa" "$top/gen/util/format" "$top/obj"
  files | while read -r sha path; do
    [ -n "$path" ] || continue
    mkdir -p "$top/mesa/$(dirname "$path")"
    if [ -n "${MESA_GIT:-}" ]; then
      git -C "$MESA_GIT" cat-file blob "$commit:$path" > "$top/mesa/$path" ||
        die "$MESA_GIT has no $commit:$path"
    else
      curl -sSfL -o "$top/mesa/$path" "https://gitlab.freedesktop.org/mesa/mesa/-/raw/$commit/$path" ||
        die "download failed: $path"
    fi
    got=$(blob_sha "$top/mesa/$path")
    [ "$got" = "$sha" ] || die "$path: blob $got, expected $sha"
  done
  echo "sources: $(files | grep -c .) Mesa files at $commit, each its git blob (${MESA_GIT:-gitlab.freedesktop.org})"
  m=$top/mesa
  g=$top/gen
  r=$m/src/freedreno/registers
  for x in a6xx adreno_common adreno_pm4; do
    echo "generate $x.xml.h: gen_header.py --rnn src/freedreno/registers --xml adreno/$x.xml c-defines"
    "$py" "$r/gen_header.py" --rnn "$r" --xml "$r/adreno/$x.xml" c-defines > "$g/$x.xml.h" 2> "$g/log" ||
      die "gen_header.py failed: $(cat "$g/log")"
  done
  echo "generate a6xx.py: gen_header.py ... py-defines"
  "$py" "$r/gen_header.py" --rnn "$r" --xml "$r/adreno/a6xx.xml" py-defines > "$g/a6xx.py" 2> "$g/log" ||
    die "gen_header.py failed: $(cat "$g/log")"
  echo "generate freedreno_devices.h: freedreno_devices.py -p GEN"
  "$py" "$m/src/freedreno/common/freedreno_devices.py" -p "$g/" > "$g/freedreno_devices.h" ||
    die "freedreno_devices.py failed"
  u=$m/src/util/format
  echo "generate u_format_gen.h, u_format_pack.h, u_format_table.c: u_format_table.py u_format.yaml"
  if ! { "$py" "$u/u_format_table.py" "$u/u_format.yaml" --enums > "$g/util/format/u_format_gen.h" &&
    "$py" "$u/u_format_table.py" "$u/u_format.yaml" --header > "$g/util/format/u_format_pack.h" &&
    "$py" "$u/u_format_table.py" "$u/u_format.yaml" > "$g/u_format_table.c"; }; then
    die "u_format_table.py failed"
  fi
  cc=${CC:-gcc}
  cxx=${CXX:-g++}
  # shellcheck disable=SC2046,SC2086
  for f in src/freedreno/fdl/fd6_layout.c src/freedreno/fdl/freedreno_layout.c \
    src/freedreno/common/freedreno_dev_info.c gen/u_format_table.c src/freedreno/fdl/fd6_tiled_memcpy.cc \
    src/freedreno/fdl/fd6_view.c src/freedreno/fdl/fd6_format_table.c src/util/format/u_format.c; do
    case $f in gen/*) src=$top/$f ;; *) src=$m/$f ;; esac
    case $f in *.cc) c=$cxx ;; *) c=$cc ;; esac
    echo "compile $c -O2 -w -ffunction-sections -fdata-sections $f"
    $c -O2 -w -ffunction-sections -fdata-sections $flags $(incs) -c "$src" \
      -o "$top/obj/$(basename "$f" | sed 's/\.[a-z]*$//').o" || die "compile failed: $f"
  done
  link_driver "$bin"
  echo "built $bin"
}

link_driver() {
  cc=${CC:-gcc}
  cxx=${CXX:-g++}
  echo "link $1 (driver: tests/tools/fdl_oracle_driver.c)" >&2
  # shellcheck disable=SC2046,SC2086
  if ! { $cc -O2 -w $flags $(incs) -c "$here/fdl_oracle_driver.c" -o "$top/obj/driver.o.tmp" &&
    $cxx -Wl,--gc-sections -o "$1.tmp.$$" "$top/obj/driver.o.tmp" "$top"/obj/*.o; }; then
    die "link failed"
  fi
  rm -f "$top/obj/driver.o.tmp"
  mv -f "$1.tmp.$$" "$1"
}

# relinks the driver when tests/tools/fdl_oracle_driver.c is newer than the binary
fresh() {
  [ -x "$bin" ] || die "not built (run: $0 build)"
  if [ -n "$(find "$here/fdl_oracle_driver.c" -newer "$bin")" ]; then
    link_driver "$bin"
  fi
}

header() {
  cat << EOH
# Adreno a6xx/a7xx surface layout and tiling vectors from Mesa's own code, in the format of
# tests/data/adreno-tiling-a6xx.tsv (its header explains every column).  Made by tmu's
# tests/tools/fdl_oracle.sh: Mesa's src/freedreno/fdl (fd6_layout.c, freedreno_layout.c/.h,
# fd6_tiled_memcpy.cc) and device table (freedreno_devices.py, freedreno_dev_info.c) at commit
# $commit,
# built unmodified (gcc/g++ -O2, asserts on), driven by tests/tools/fdl_oracle_driver.c with that
# file's conventions (fdl6_layout as fd_layout_test.c; addresses: a unique tag per block written by
# fdl6_memcpy_linear_to_tiled at fdl_surface_offset, as turnip's host image copy; linear levels:
# offset + y * pitch + x * cpp).  A rows: every block of images of up to 256 blocks, else the four
# corners, a 4x4 window and $2 random blocks; every layer / slice of up to 4, else the first, the
# last and two random ones.  Specs Mesa refuses are dropped ('#fill' line: counts).
# Surface specs: $1
EOH
}

gen_specs() { # fresh surface specs from the independent generator into $tmp (removed on exit)
  tmp=${TMPDIR:-/tmp}/fdl_oracle_specs.$$
  trap 'rm -f "$tmp"' EXIT
  python3 "$here/gen_adreno_surfaces.py" "$@" > "$tmp" || die "gen_adreno_surfaces.py failed"
}

case ${1:-} in
  build) build ;;
  path)
    [ -x "$bin" ] || exit 1
    echo "$bin"
    ;;
  check)
    [ $# -eq 2 ] || die "usage: $0 check FILE"
    fresh
    "$bin" check "$2"
    ;;
  fill)
    [ $# -eq 2 ] || [ $# -eq 3 ] || die "usage: $0 fill FILE [N]"
    fresh
    header "$2" "${3:-48}"
    "$bin" fill "$2" "${3:-48}"
    ;;
  vectors)
    [ $# -ge 4 ] || die "usage: $0 vectors SEED N GPU..."
    fresh
    seed=$2 n=$3
    shift 3
    gen_specs "$seed" "$n" "$@"
    header "tests/tools/gen_adreno_surfaces.py $seed $n $*" 48
    "$bin" fill "$tmp"
    ;;
  views)
    [ $# -eq 2 ] || die "usage: $0 views FILE"
    fresh
    "$bin" views "$2"
    ;;
  views-gen)
    [ $# -ge 4 ] || die "usage: $0 views-gen SEED N GPU..."
    fresh
    seed=$2 n=$3
    shift 3
    gen_specs "$seed" "$n" "$@"
    echo "# fdl6_view_init descriptors (tests/tools/fdl_oracle.sh views-gen $seed $n $*), Mesa $commit"
    "$bin" views "$tmp"
    ;;
  *) die "usage: $0 build | path | check FILE | fill FILE [N] | vectors SEED N GPU... | views FILE | views-gen SEED N GPU..." ;;
esac
