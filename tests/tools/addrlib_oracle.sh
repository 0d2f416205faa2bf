#!/bin/sh
# AMD's address library (addrlib) as a live oracle for tmu's AMD swizzle-mode layouts (issue 27:
# gfx11 / RDNA3; the same binary reproduces tests/data/amd-tiling-gfx9-10.tsv).
#
# Nothing of Mesa is kept in this repository: `build` downloads Debian's Mesa 22.3.6 source tarball
# (http://deb.debian.org/debian/pool/main/m/mesa/mesa_22.3.6.orig.tar.gz, checked against the
# SHA-256 below, the one Debian's mesa_22.3.6-1+deb12u1.dsc lists; ir3_mesa_oracle.sh uses the same
# tarball), extracts src/amd/addrlib, and compiles it unmodified with g++ as Mesa's meson.build
# does (-DADDR_FASTCALL= -DLITTLEENDIAN_CPU, its include directories, and -DNDEBUG as in Mesa's
# release builds: debug builds of addrlib stop at ADDR_ASSERTs that its release code passes) plus
# tmu's driver tests/tools/addrlib_oracle_driver.cpp, into ORACLE_DIR/addrlib-22.3.6/addrlib-oracle.
# The driver calls only addrlib's public entry points (AddrCreate, Addr2ComputeSurfaceInfo,
# Addr2ComputeSurfaceAddrFromCoord, Addr2ComputePipeBankXor); it never links or consults tmu.
#
# ORACLE_DIR: $TMU_ORACLE_DIR, else ~/.cache/tmu-oracles.
#
# Usage:
#   addrlib_oracle.sh build        download (once), check, extract and build; prints each step
#   addrlib_oracle.sh path         prints the oracle binary's path; exit 1 when it is not built
#   addrlib_oracle.sh check FILE   recomputes every row of a vector file in the format of
#                                  tests/data/amd-tiling-gfx9-10.tsv with addrlib (chips from its
#                                  '#chip' rows) and lists every column / address that differs;
#                                  exit 0 only when all agree
#   addrlib_oracle.sh vectors SEED N
#                                  writes tests/data/amd-tiling-gfx11.tsv to stdout: N random
#                                  surfaces per gfx11 chip configuration below (the header says
#                                  exactly how), made from a splitmix64 stream seeded with SEED.
#                                  The file in the repository: `vectors 27 600`.
#   addrlib_oracle.sh fill FILE    FILE: '#chip' rows and rows of the 12 input columns plus a column
#                                  of coordinates (tests/tools/gen_amd_surfaces.py writes such
#                                  files); writes the vector rows with every output and address
#                                  filled by addrlib, dropping surfaces it refuses ('#fill' row:
#                                  counts).  Uses ORACLE_DIR/addrlib-22.3.6/addrlib-oracle-fill:
#                                  the driver linked with the objects `build` compiled (linked
#                                  here when missing or older than the driver; addrlib itself is
#                                  not recompiled).
#   addrlib_oracle.sh check6 FILE  gfx6-8 (SI / CI / VI, PS4 Liverpool; addrlib's tile-index Addr1
#                                  interface): recomputes every row and address of a file in the
#                                  format of tests/data/amd-tiling-gfx6-8.tsv (chips, with their 32
#                                  GB_TILE_MODE / 16 GB_MACROTILE_MODE dwords, from its '#chip' rows:
#                                  AddrCreate, AddrComputeSurfaceInfo for every level up to the row's,
#                                  AddrComputeSurfaceAddrFromCoord) and lists what differs; exit 0
#                                  only when all agree.  Same driver binary as fill.
#   addrlib_oracle.sh fill6 FILE   FILE: '#chip' rows of that format, then rows of its 11 input
#                                  columns (chip .. flags) and a 12th of coordinates
#                                  'x,y,slice,sample' (tests/tools/gen_amd_surfaces_gfx6.py writes
#                                  such files); writes full vector rows, dropping surfaces addrlib
#                                  refuses ('#fill' row: counts).
#
# gfx11 chip configurations: Mesa's own addrlib test configurations (src/amd/common/ac_fake_hw_db.h,
# init_gfx11 and the gfx11_* rows of ac_fake_hw_db[]): family FAMILY_NV3 / FAMILY_GFX1100 = 0x91 =
# 145 (addrlib src/amdgpu_asic_addr.h), chip_external_rev 0x01 (gfx1100 range 0x01..0x0f),
# GB_ADDR_CONFIG 0x40 with NUM_PIPES (bits 0-2) and NUM_PKRS (bits 8-10) set from the row's
# (packers, pipes).  Addrlib 22.3.6's Gfx11Lib has no per-revision quirks, so one revision stands
# for navi31 / navi32 / navi33 alike.
set -eu
ver=22.3.6
sha=737cb8e5d380ce1a0ad01fb8b74db7f27303435c353e753d2302e8cf3927bad2
dir=${TMU_ORACLE_DIR:-${HOME:-/tmp}/.cache/tmu-oracles}
top=$dir/addrlib-$ver
bin=$top/addrlib-oracle
here=$(cd "$(dirname "$0")" && pwd)

die() { echo "addrlib_oracle: $*" >&2; exit 1; }
# shellcheck source=tests/tools/mesa_tarball.sh
. "$(cd "$(dirname "$0")" && pwd)/mesa_tarball.sh"

chips="gfx11_32pipe:gfx11:145:1:0x00000545 gfx11_16pipe:gfx11:145:1:0x00000444
gfx11_8pipe:gfx11:145:1:0x00000343 gfx11_4pipe_2pkr:gfx11:145:1:0x00000142
gfx11_2pipe_1pkr:gfx11:145:1:0x00000041"

build() {
  mesa_tarball
  rm -rf "$top"
  mkdir -p "$top/obj"
  echo "extract mesa-$ver/src/amd/addrlib"
  tar -xzf "$tgz" -C "$top" "mesa-$ver/src/amd/addrlib"
  a=$top/mesa-$ver/src/amd/addrlib
  cxx=${CXX:-g++}
  flags="-O2 -w -DNDEBUG -DADDR_FASTCALL= -DLITTLEENDIAN_CPU -I$a/inc -I$a/src -I$a/src/core
 -I$a/src/chip/gfx9 -I$a/src/chip/r800 -I$a/src/chip/gfx10 -I$a/src/chip/gfx11"
  for f in "$a"/src/addrinterface.cpp "$a"/src/core/*.cpp "$a"/src/gfx9/*.cpp "$a"/src/gfx10/*.cpp \
    "$a"/src/gfx11/*.cpp "$a"/src/r800/*.cpp; do
    echo "compile $cxx $flags -c ${f#"$top"/}"
    # shellcheck disable=SC2086
    $cxx $flags -c "$f" -o "$top/obj/$(basename "$f" .cpp).o" || die "compile failed: $f"
  done
  link_driver "$bin"
  echo "built $bin"
}

# the driver compiled and linked with addrlib's objects (made by build) into $1
link_driver() {
  a=$top/mesa-$ver/src/amd/addrlib
  cxx=${CXX:-g++}
  flags="-O2 -w -DNDEBUG -DADDR_FASTCALL= -DLITTLEENDIAN_CPU -I$a/inc -I$a/src -I$a/src/core
 -I$a/src/chip/gfx9 -I$a/src/chip/r800 -I$a/src/chip/gfx10 -I$a/src/chip/gfx11"
  echo "link $1 (driver: tests/tools/addrlib_oracle_driver.cpp)" >&2
  # shellcheck disable=SC2086
  $cxx $flags -o "$1.tmp.$$" "$here/addrlib_oracle_driver.cpp" "$top"/obj/*.o || die "link failed"
  mv -f "$1.tmp.$$" "$1"
}

vectors() {
  seed=$1
  n=$2
  [ -x "$bin" ] || die "not built (run: $0 build)"
  cat << EOF
# amd-tiling-gfx11.tsv -- AMD gfx11 (RDNA3: navi31 / navi32 / navi33 class) swizzle-mode surface layout
# conformance vectors: texel coordinate -> byte address, in the columns of amd-tiling-gfx9-10.tsv.
# Made by AMD addrlib itself: Mesa $ver src/amd/addrlib (Debian's mesa_$ver.orig.tar.gz, SHA-256
# $sha), compiled unmodified by tests/tools/addrlib_oracle.sh
# (g++ -O2 -DNDEBUG -DADDR_FASTCALL= -DLITTLEENDIAN_CPU) with tmu's driver
# tests/tools/addrlib_oracle_driver.cpp, command: addrlib_oracle.sh vectors $seed $n
# ($n random surfaces per chip; splitmix64 seeded with $seed).  The same binary reproduces every row and
# address of amd-tiling-gfx9-10.tsv (addrlib_oracle.sh check).
# Chips ('#chip' rows): Mesa's addrlib test configurations src/amd/common/ac_fake_hw_db.h (init_gfx11:
# family FAMILY_NV3 = FAMILY_GFX1100 = 145, chip_external_rev 1; rows gfx11_32pipe, gfx11_16pipe,
# gfx11_8pipe, gfx11_4pipe_2pkr, gfx11_2pipe_1pkr: GB_ADDR_CONFIG 0x40 | NUM_PKRS << 8 | NUM_PIPES).
# Columns as in amd-tiling-gfx9-10.tsv.  Inputs: rsrc (1d/2d/3d), swizzle (addrlib's name; gfx11 calls
# modes 28..31 SW_256KB_Z_X / _S_X / _D_X / _R_X), bpp (element bits 8..128; BCn = blocks at 64/128 bpp:
# addrlib gets bpp and no format), width/height/slices of mip 0 (slices = depth for 3d, array layers
# otherwise), mips, samples (2d MSAA: 2/4/8, one level), flags (texture; MSAA rows color or depth),
# pipe_bank_xor: the value passed to Addr2ComputeSurfaceAddrFromCoord for _X/_T modes (0 otherwise).
# Gfx11's Addr2ComputePipeBankXor returns 0 for every surface index; so for every other _X/_T surface
# the driver passes a random value 0..1023 instead (addrlib keeps the pipe and bank bits of it).
# Outputs (Addr2ComputeSurfaceInfo, numFrags 0): out_pitch/out_height/out_slices, size, slice_size,
# base_align, block_w/h/d, mip_chain_in_tail, first_tail_mip, per-mip ADDR2_MIP_INFO offset, pitch,
# height, depth, mipTailOffset.  Samples 'x,y,slice,sample,mip:addr': Addr2ComputeSurfaceAddrFromCoord
# (numFrags 0; gfx11 addresses MSAA surfaces with every sample's own bits regardless), byte offset from
# the surface base.  Surfaces addrlib refuses, and surfaces for which Addr2ComputeSurfaceAddrFromCoord
# fails (gfx11: 3d SW_256KB_D_X, which has no swizzle pattern, and 3d SW_64KB_D_X at 64/128 bpp,
# whose pattern addrlib turns into no equation) are absent; '#stats' rows at the end count them per
# chip, resource type and mode.  SW_LINEAR_GENERAL (32: addrlib's own, no T# value) is left out:
# Addr2ComputeSurfaceAddrFromCoord addresses it as SW_LINEAR (Lib::ComputeSurfaceAddrFromCoordLinear
# does not pass the mode on), which disagrees with addrlib's own surface info for it.
EOF
  # shellcheck disable=SC2086
  "$bin" vectors "$seed" "$n" $chips
}

case ${1:-} in
  build) build ;;
  path)
    [ -x "$bin" ] || exit 1
    echo "$bin"
    ;;
  check)
    [ $# -eq 2 ] || die "usage: $0 check FILE"
    [ -x "$bin" ] || die "not built (run: $0 build)"
    "$bin" check "$2"
    ;;
  vectors)
    [ $# -eq 3 ] || die "usage: $0 vectors SEED N"
    vectors "$2" "$3"
    ;;
  fill | check6 | fill6)
    [ $# -eq 2 ] || die "usage: $0 $1 FILE"
    [ -x "$bin" ] || die "not built (run: $0 build)"
    fb=$top/addrlib-oracle-fill
    if [ ! -x "$fb" ] || [ -n "$(find "$here/addrlib_oracle_driver.cpp" -newer "$fb")" ]; then
      link_driver "$fb"
    fi
    "$fb" "$1" "$2"
    ;;
  *) die "usage: $0 build | path | check FILE | vectors SEED N | fill FILE | check6 FILE | fill6 FILE" ;;
esac
