#!/bin/sh
# Every instruction the translator emits for gfx10, gfx10.3 and gfx11 (test_translate_rdna emit:
# all neutral ops) checked by llvm-mc 16 through rdna_llvm_oracle.sh --check (strict: llvm-mc's
# disassembly must be tmu's text, byte for byte, and re-assemble to the same dwords); then the
# CLI on one translation each way.  $1 = tmu, $2 = test_translate_rdna, $3 = the oracle.
# Exit 77 (skipped) without llvm-mc-16.
TMU="$1"
EMIT="$2"
ORACLE="$3"
MC=${LLVM_MC:-$(command -v llvm-mc-16 || echo /usr/lib/llvm-16/bin/llvm-mc)}
if ! [ -x "$MC" ]; then
  echo "llvm-mc 16 not found: skipped"
  exit 77
fi
T="${TMPDIR:-/tmp}/tmu_xl_rdna.$$"
mkdir -p "$T"
trap 'rm -rf "$T"' EXIT INT TERM
"$EMIT" emit "$T/all.tsv" || exit 1
# one row per distinct instruction (many ops share one)
sort -u "$T/all.tsv" > "$T/rows.tsv"
echo "$(wc -l < "$T/rows.tsv") distinct RDNA instructions"
bash "$ORACLE" --mc "$MC" --check "$T/rows.tsv" || exit 1
fail=0
# the CLI: PTX -> gfx1030 prints llvm-mc 16's text; an RDNA NSA source lifts to ir3
out=$("$TMU" translate --from ptx --to gcn --gpu gfx1030 'tex.level.2d.v4.f32.f32 {%f0, %f1, %f2, %f3}, [tex0, {%f4, %f5}], %f6;')
case "$out" in
*"image_sample_l v[0:3], v[8:10], s[0:7], s[8:11] dmask:0xf dim:SQ_RSRC_IMG_2D"*) ;;
*) echo "FAIL: ptx -> gfx1030: $out"; fail=1 ;;
esac
out=$("$TMU" translate --from gcn --gpu gfx10 --to ir3 --gpu a630 0xf0900f0a,0x00820004,0x00000609)
case "$out" in
*"r1.x = mov v4"*"r1.y = mov v9"*"r5.x = mov v6"*) ;;
*) echo "FAIL: gfx10 NSA -> a630: $out"; fail=1 ;;
esac
exit $fail
