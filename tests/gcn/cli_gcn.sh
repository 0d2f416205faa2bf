#!/bin/sh
# CLI tests for `tmu disasm/asm --isa gcn` and `tmu gcn desc`.  $1 = tmu binary.
# Expected texts are llvm-mc 14's (shared/reference/gcn-mimg.md 6.1).
TMU="$1"
T="${TMPDIR:-/tmp}/tmu_gcn_cli.$$"
. "$(dirname "$0")/cli_lib.sh" # check, check_rc, contains, lacks; makes $T

out=$("$TMU" disasm --isa gcn --gpu gfx9 0x00820004f0800f00 0x00020004f0380f00); rc=$?
check "disasm args" "image_sample v[0:3], v4, s[8:15], s[16:19] dmask:0xf
image_get_resinfo v[0:3], v4, s[8:15] dmask:0xf" "$out"
check_rc "disasm args rc" 0 $rc

out=$(printf '# comment\n0x00020004f0443300 ; cmpswap on gfx8\n0x0002_0004_f044_3300\n' | "$TMU" disasm --isa gcn --gpu gfx8); rc=$?
check "disasm stdin" "image_atomic_cmpswap v[0:1], v4, s[8:15] dmask:0x3 unorm glc
image_atomic_cmpswap v[0:1], v4, s[8:15] dmask:0x3 unorm glc" "$out"
out=$("$TMU" disasm --isa gcn --gpu gfx7 0x00020004f0443300)
check "same word gfx7" "image_atomic_add v[0:1], v4, s[8:15] dmask:0x3 unorm glc" "$out"

out=$("$TMU" disasm --isa gcn --gpu gfx9 0x00820004f0800f01 0x00820004f0800f00 2>"$T/err"); rc=$?
check "invalid line" "image_sample v[0:3], v4, s[8:15], s[16:19] dmask:0xf" "$out"
check "invalid error" "tmu: error: disasm: argument 1: 0x00820004f0800f01: bit 0 (opcode bit 7) is set; no gfx6-9 MIMG opcode has it" "$(cat "$T/err")"
check_rc "invalid rc" 1 $rc

out=$("$TMU" disasm --isa gcn --gpu gfx9 --show-encoding 0x00820004f0800f00)
check "show-encoding" "image_sample v[0:3], v4, s[8:15], s[16:19] dmask:0xf ; encoding: [0x00,0x0f,0x80,0xf0,0x04,0x00,0x82,0x00]" "$out"

out=$("$TMU" disasm --isa gcn --gpu gfx9 --image-type 2d 0x00820004f0e80f00)
check "image-type" "image_sample_c_d_o v[0:3], v[4:11], s[8:15], s[16:19] dmask:0xf" "$out"
out=$("$TMU" disasm --isa gcn --gpu gfx9 --show-operands --image-type 2d 0x00820004f0e80f00)
contains "show-operands" "v4=offset v5=zcompare v6=dsdh v7=dtdh v8=dsdv v9=dtdv v10=x v11=y" "$out"
contains "show-operands vdata" "vdata: 4 VGPRs from v0" "$out"

out=$("$TMU" disasm --isa gcn --gpu gfx6 --syntax clrx 0x00820004f0808f00)
check "clrx" "image_sample v[0:3], v4, s[8:11], s[16:19] dmask:15 r128" "$out"

# --binary: raw little-endian bytes of 0x00820004f0800f00 = 00 0f 80 f0 04 00 82 00
printf '\000\017\200\360\004\000\202\000' > "$T/code.bin"
out=$("$TMU" disasm --isa gcn --gpu gfx9 --binary "$T/code.bin"); rc=$?
check "binary" "image_sample v[0:3], v4, s[8:15], s[16:19] dmask:0xf" "$out"
check_rc "binary rc" 0 $rc
printf '\000\017\200\360\004\000\202\000\001\002\003' > "$T/odd.bin"
err=$("$TMU" disasm --isa gcn --gpu gfx9 --binary "$T/odd.bin" 2>&1 >/dev/null); rc=$?
contains "binary trailing" "3 trailing bytes" "$err"
check_rc "binary trailing rc" 1 $rc

err=$("$TMU" disasm --isa gcn --gpu gfx9 0xzz 2>&1); rc=$?
contains "bad word" "is not a 64-bit hex word" "$err"
check_rc "bad word rc" 1 $rc
err=$("$TMU" disasm --isa gcn --gpu gfx12 0x0 2>&1); rc=$?
contains "bad gpu" "unknown GCN GPU 'gfx12'" "$err"
check_rc "bad gpu rc" 2 $rc
err=$("$TMU" disasm --isa gnc --gpu gfx9 0x0 2>&1); rc=$?
contains "bad isa" "unknown ISA 'gnc'; did you mean 'gcn'" "$err"
err=$("$TMU" disasm 0x0 2>&1); rc=$?
contains "no isa" "tmu: error: disasm: --isa: missing" "$err"
check_rc "no isa rc" 2 $rc
out=$("$TMU" disasm --gpu gfx9 0x00020004f0380f00)
check "isa from gpu" "image_get_resinfo v[0:3], v4, s[8:15] dmask:0xf" "$out"

# asm
out=$("$TMU" asm --isa gcn --gpu gfx9 'image_sample_l v[0:1], v[4:5], s[8:15], s[16:19] dmask:0x7 a16 d16'); rc=$?
check "asm arg" "0x80820004f0908700" "$out"
check_rc "asm rc" 0 $rc
out=$(printf 'image_load v[0:3], v[4:5], s[8:15] dmask:0xf unorm\n\n; comment\nimage_store v[0:1], v[4:6], s[8:15] dmask:0x3 unorm da\n' | "$TMU" asm --isa gcn --gpu gfx6)
check "asm stdin" "0x00020004f0001f00
0x00020004f0205300" "$out"
err=$(printf 'image_load v0, v4, s[8:15] dmask:0x1\nimage_load v[0:1], v4, s[8:15] dmask:0x1 lwe\n' | "$TMU" asm --isa gcn --gpu gfx8 2>&1 >/dev/null); rc=$?
check "asm error" "tmu: error: asm: <stdin>:2:12: image data size does not match dmask and tfe" "$err"
check_rc "asm error rc" 1 $rc
out=$("$TMU" asm --isa gcn --gpu gfx9 --syntax clrx 'image_load v0, v4, s[8:15] unorm')
check "asm clrx" "0x00020004f0001100" "$out"

# round trip through the CLI: disasm | asm
w=0x00a30004f09b8f00
out=$("$TMU" disasm --isa gcn --gpu gfx8 $w | "$TMU" asm --isa gcn --gpu gfx8)
check "cli round trip" "$w" "$out"

# gcn desc
out=$("$TMU" gcn desc --gpu gfx8 0x00001000 0x00a00000 0x001fc0ff 0x90080fac 0 0 0 0); rc=$?
contains "desc type" "TYPE                = 9 (2D)" "$out"
contains "desc width" "WIDTH               = 256 (stored 255)" "$out"
contains "desc dfmt" "DATA_FORMAT         = 10 (8_8_8_8)" "$out"
check_rc "desc rc" 0 $rc
out=$("$TMU" gcn desc --gpu gfx9 --sampler 0x3008 0x00f00000 0x08503e80 0x80000000)
contains "desc sampler" "DEPTH_COMPARE_FUNC  = 3 (LEQUAL)" "$out"
contains "desc sampler bias" "(-1.5000)" "$out"
# the layout a T# implies: a 16x16 r8g8b8a8 image, TILING_INDEX 14, 3 levels with POW2_PAD
TT='0x1000 0x00a00000 0x3c00f 0x92e20fac 0x1fe000 0 0 0'
out=$("$TMU" gcn desc --gpu gfx8 $TT); rc=$?
check_rc "desc layout rc" 0 $rc
contains "desc layout" "layout (tonga, the default): TILING_INDEX 14, surface at 0x100000" "$out"
contains "desc layout level 0" "level 0: 16x16x1, offset 0, 2D_TILED_THIN1 (index 14), pitch 256" "$out"
out=$("$TMU" gcn desc --gpu gfx7 --chip ps4 0x1000 0x00a00000 0x3c00f 0x92e20fac 0xfe000 0 0 0)
contains "desc chip" "layout (liverpool): TILING_INDEX 14" "$out"
out=$("$TMU" gcn desc --gpu gfx8 0x00001000 0x00a00000 0x001fc0ff 0x90880fac 0x1fe000 0 0 0)
contains "desc linear" "layout: linear (TILING_INDEX 8 = ARRAY_LINEAR_ALIGNED)" "$out"
contains "desc linear level 8" "level 8: offset" "$out"
out=$("$TMU" gcn desc --gpu gfx9 0x1000 0x00a00000 0x3c00f 0x91900fac 0 0 0 0)
contains "desc swizzle" "layout (vega10, the default): SW_MODE 25 = SW_64KB_S_X, pipe/bank XOR 0" "$out"
err=$("$TMU" gcn desc --gpu gfx8 --chip foo $TT 2>&1); rc=$?
check_rc "desc chip unknown rc" 2 $rc
contains "desc chip unknown" "unknown chip 'foo' (presets: tahiti, bonaire" "$err"
err=$("$TMU" gcn desc --gpu gfx8 --chip vega10 $TT 2>&1); rc=$?
check_rc "desc chip gen rc" 2 $rc
contains "desc chip gen" "vega10 is a gfx9 chip, --gpu gfx8 needs a gfx8 one" "$err"
err=$("$TMU" gcn desc --gpu gfx9 1 2 3 2>&1); rc=$?
contains "desc count" "a T# has 8 dwords (4 with R128), got 3" "$err"
check_rc "desc count rc" 2 $rc

out=$("$TMU" disasm --isa gcn --help); rc=$?
contains "help" "usage: tmu disasm --isa gcn" "$out"
check_rc "help rc" 0 $rc

[ $fails -eq 0 ] && echo "gcn cli: all checks passed"
exit $fails
