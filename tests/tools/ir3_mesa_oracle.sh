#!/bin/sh
# Mesa's ir3 disassembler as a live oracle for tmu's ir3 printer (issue 28).
#
# Nothing of Mesa is kept in this repository: `build` downloads Debian's Mesa 22.3.6 source tarball
# (http://deb.debian.org/debian/pool/main/m/mesa/mesa_22.3.6.orig.tar.gz, checked against the
# SHA-256 below, the one Debian's mesa_22.3.6-1+deb12u1.dsc lists), runs Mesa's own isaspec
# generator (src/compiler/isaspec/decode.py, needs Python 3 with mako: Debian python3-mako) on
# src/freedreno/isa/ir3.xml, and compiles the generated decoder with Mesa's isaspec decode.c and the
# few src/util files it links against, plus a 30-line driver written here, into
# ORACLE_DIR/mesa-22.3.6/ir3-mesa-disasm.  The driver calls Mesa's isa_decode() on one 64-bit word
# with options {gpu_id, show_errors = true}, exactly as Mesa's ir3 disasm test does.
#
# ORACLE_DIR: $TMU_ORACLE_DIR, else ~/.cache/tmu-oracles; the binary lands in ORACLE_DIR/mesa-22.3.6/.
#
# Usage:
#   ir3_mesa_oracle.sh build       download (once) and build; prints each step
#   ir3_mesa_oracle.sh path        prints the oracle binary's path; exit 1 when it is not built
#   ir3_mesa_oracle.sh disasm      reads lines "gpu_id HI_LO" (HI_LO: 8 hex digits of bits 63..32,
#                                  '_', 8 hex digits of bits 31..0; fields split by blanks or a TAB,
#                                  further fields ignored) on stdin and writes
#                                  "gpu_id<TAB>HI_LO<TAB>Mesa's text" per line (the text is everything
#                                  after the second TAB: Mesa separates its error notes with a TAB)
#   ir3_mesa_oracle.sh vectors SEED N
#                                  writes a vector file (tests/data/ir3-cat5-mesa22.tsv) to stdout:
#                                  random cat5 words from Python's random.Random(SEED) (each 64-bit
#                                  getrandbits(64); every odd one ANDed with two more, so more fields
#                                  are zero; bits 61..63 set to 5) for GPU ids 300, 400, 500, 600,
#                                  run through the oracle; kept: the first N per GPU id that Mesa
#                                  decodes with no note ("no match", dontcare, WARNING) and that
#                                  tests/tools/ir3_mesa22_classes.awk puts in no class (encodings
#                                  Mesa changed after 22.3.6), and whose bits the text shows: bit 17
#                                  (ignored) clear, and with s2en not bindless (bit 51 set, DESC_MODE
#                                  0 or 4) bits 19, 20 and 47 (a base no text shows) clear.
#                                  Nothing of tmu is involved.
set -eu
ver=22.3.6
sha=737cb8e5d380ce1a0ad01fb8b74db7f27303435c353e753d2302e8cf3927bad2
dir=${TMU_ORACLE_DIR:-${HOME:-/tmp}/.cache/tmu-oracles}
top=$dir/mesa-$ver
bin=$top/ir3-mesa-disasm

die() { echo "ir3_mesa_oracle: $*" >&2; exit 1; }
# shellcheck source=tests/tools/mesa_tarball.sh
. "$(cd "$(dirname "$0")" && pwd)/mesa_tarball.sh"

build() {
  mesa_tarball
  rm -rf "$top"
  echo "extract src/freedreno/isa src/compiler/isaspec src/util src/c11 src/gallium/include include"
  tar -xzf "$tgz" -C "$dir" "mesa-$ver/src/freedreno/isa" "mesa-$ver/src/compiler/isaspec" \
    "mesa-$ver/src/util" "mesa-$ver/src/c11" "mesa-$ver/src/gallium/include" "mesa-$ver/include"
  py=${PYTHON:-python3}
  "$py" -c 'import mako' 2> /dev/null || py=/usr/bin/python3
  "$py" -c 'import mako' 2> /dev/null || die "Python mako is missing (Debian: apt-get install python3-mako)"
  mkdir -p "$top/gen"
  echo "generate: $py src/compiler/isaspec/decode.py src/freedreno/isa/ir3.xml gen/{isaspec-isa.h,ir3-isa.c,ir3-isa.h}"
  (cd "$top/src/freedreno/isa" &&
    "$py" ../../compiler/isaspec/decode.py ir3.xml "$top/gen/isaspec-isa.h" "$top/gen/ir3-isa.c" \
      "$top/gen/ir3-isa.h") || die "decode.py failed"
  cat > "$top/gen/oracle_main.c" << 'EOC'
/* tmu's driver: one isa_decode() call per input word, options as in Mesa's ir3 disasm test. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include "isa.h"
int main(void)
{
    char line[512];
    while (fgets(line, sizeof line, stdin)) {
        unsigned gpu, hi, lo;
        if (sscanf(line, "%u %8x_%8x", &gpu, &hi, &lo) != 3) {
            fprintf(stderr, "ir3-mesa-disasm: bad input line: %s", line);
            return 2;
        }
        uint32_t w[2] = {lo, hi};
        char *buf = NULL;
        size_t n = 0;
        FILE *f = open_memstream(&buf, &n);
        if (!f)
            return 3;
        isa_decode(w, 8, f, &(struct isa_decode_options){.gpu_id = gpu, .show_errors = true});
        fclose(f);
        while (n && buf[n - 1] == '\n')
            buf[--n] = 0;
        for (size_t i = 0; i < n; i++)
            if (buf[i] == '\n')
                buf[i] = ' ';
        printf("%u\t%08x_%08x\t%s\n", gpu, hi, lo, buf);
        free(buf);
    }
    return 0;
}
EOC
  cc=${CC:-cc}
  cmd="$cc -O1 -w -std=gnu11 -DHAVE_PTHREAD -DHAVE_ENDIAN_H -DHAVE_STRUCT_TIMESPEC -Iinclude -Isrc
 -Isrc/gallium/include -Isrc/compiler/isaspec -Isrc/freedreno/isa -Igen -o ir3-mesa-disasm gen/oracle_main.c
 gen/ir3-isa.c src/compiler/isaspec/decode.c src/util/ralloc.c src/util/hash_table.c src/util/half_float.c
 src/util/softfloat.c src/util/u_printf.c"
  echo "compile (in $top): $cmd"
  (cd "$top" && $cmd) || die "compile failed"
  echo "built $bin"
  printf '600 a0c01f04_0cc00005\n' | "$bin"
}

vectors() {
  seed=$1
  n=$2
  [ -x "$bin" ] || die "not built (run: $0 build)"
  py=${PYTHON:-python3}
  tmp=${TMPDIR:-/tmp}/tmu_ir3_vec.$$
  trap 'rm -f "$tmp".*' EXIT
  "$py" - "$seed" > "$tmp.words" << 'EOP'
import random, sys
r = random.Random(int(sys.argv[1]))
for g in (300, 400, 500, 600):
    for i in range(40000):
        w = r.getrandbits(64)
        if i & 1:
            w &= r.getrandbits(64) & r.getrandbits(64)
        w = (w & ~(7 << 61)) | (5 << 61)
        print("%d %08x_%08x" % (g, w >> 32, w & 0xffffffff))
EOP
  "$bin" < "$tmp.words" > "$tmp.mesa"
  cat << EOH
# ir3-cat5-mesa22.tsv -- Adreno ir3 category-5 words and the text Mesa 22.3.6's ir3 disassembler
# prints for them (isa_decode, gpu_id as given, show_errors = true), made by
#   sh tests/tools/ir3_mesa_oracle.sh build && sh tests/tools/ir3_mesa_oracle.sh vectors $seed $n
# (Debian's mesa_22.3.6.orig.tar.gz; see that script for how the words are drawn and kept: random
# words Mesa decodes without a note, outside the encodings Mesa changed after 22.3.6, all bits shown
# in the text, the first $n
# per GPU id 300/400/500/600).  Columns (TAB separated) as in ir3-cat5-mesa.tsv: gpu_id, hex
# (HI_LO: bits 63..32 '_' bits 31..0), expected.
gpu_id	hex	expected
EOH
  awk -F'\t' -v n="$n" -f "$(dirname "$0")/ir3_mesa22_classes.awk" -f /dev/stdin "$tmp.mesa" << 'EOA'
$3 ~ /^no match/ || NF > 3 || $3 ~ /dontcare|WARNING/ { next }
mesa22_class($1 + 0, $2) != "" { next }
{ hi = mesa22_hex(substr($2, 1, 8)); lo = mesa22_hex(substr($2, 10, 8)) }
mesa22_bits(lo, 17, 1) { next }
mesa22_bits(hi, 19, 1) && mesa22_bits(lo, 29, 3) % 4 == 0 && (mesa22_bits(lo, 19, 2) || mesa22_bits(hi, 15, 1)) { next }
kept[$1] < n { kept[$1]++; print }
EOA
}

case ${1:-} in
  build) build ;;
  path) [ -x "$bin" ] || die "not built (run: $0 build)"; echo "$bin" ;;
  disasm)
    [ -x "$bin" ] || die "not built (run: $0 build)"
    tr '\t' ' ' | "$bin" ;;
  vectors) [ $# -eq 3 ] || die "usage: $0 vectors SEED N"; vectors "$2" "$3" ;;
  *) echo "usage: $0 build | path | disasm < lines | vectors SEED N" >&2; exit 2 ;;
esac
