#!/bin/sh
# CLI tests for `tmu disasm/asm --gpu gfx10|gfx10.3|gfx11` (RDNA MIMG) and the refusals of the
# GCN-only commands.  $1 = tmu binary.  Expected texts and dwords are llvm-mc 16's
# (tests/data/rdna-llvm-mc16*.tsv rows).
TMU="$1"
T="${TMPDIR:-/tmp}/tmu_rdna_cli.$$"
. "$(dirname "$0")/cli_lib.sh" # check, check_rc, contains, lacks; makes $T

# arguments: one instruction each, dwords in memory order (NSA: 3 dwords)
out=$("$TMU" disasm --gpu gfx1030 0xf0800f0a,0x00820004,0x00000005 0xf1989f01:0x0002799e); rc=$?
check "disasm args" "image_sample v[0:3], [v4, v5], s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_2D
image_bvh_intersect_ray v[121:124], v[158:168], s[8:11]" "$out"
check_rc "disasm args rc" 0 $rc
# the ISA follows from --gpu; -mcpu= is llvm-mc's spelling; a 64-bit word is DWORD0 | DWORD1 << 32
out=$("$TMU" disasm -mcpu=gfx1100 0x10020004f06c0f04)
check "disasm gfx11 word" "image_sample v[0:3], v[4:5], s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_2D" "$out"
out=$("$TMU" disasm --isa gcn --gpu gfx10 --show-encoding 0xf0800f0a 0x00820004 0x00000005)
check "show-encoding" "image_sample v[0:3], [v4, v5], s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_2D ; encoding: [0x0a,0x0f,0x80,0xf0,0x04,0x00,0x82,0x00,0x05,0x00,0x00,0x00]" "$out"

# stdin: one dword stream cut by the length rule (gfx10: 2 + bits 1-2 of the first dword)
out=$(printf '# two instructions\n0xf28e063c 0x010d5dd5 0xba537bec 0x67a41f70\n0xf0800f00 0x00820004 ; 1D\n' | "$TMU" disasm --gpu gfx10 --offsets); rc=$?
check "disasm stdin" "000000:  image_sample_d_cl v[93:94], [v213, v236, v123, v83, v186, v112, v31, v164, v103], s[52:59], s[32:35] dmask:0x6 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY slc lwe
000010:  image_sample v[0:3], v4, s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_1D" "$out"
check_rc "disasm stdin rc" 0 $rc

# stdin token forms (upper case, no 0x, '_', 64-bit words, comments right after a token, a last
# token without a newline) give what the same stream gives as arguments; stdin from a regular
# file and from a pipe alike; a bad token names its line and the stream goes on
printf '0XF0800F00 0x00820004\nf0800f00:00820004#c\n0x0082_0004f0800f00\n0xf0800f00;x\n0x00820004' > "$T/tok.txt"
want=$("$TMU" disasm --gpu gfx10 0XF0800F00 0x00820004 f0800f00:00820004 0x0082_0004f0800f00 0xf0800f00 0x00820004)
check "stdin tokens (file)" "$want" "$("$TMU" disasm --gpu gfx10 < "$T/tok.txt")"
check "stdin tokens (pipe)" "$want" "$(cat "$T/tok.txt" | "$TMU" disasm --gpu gfx10)"
check "stdin token count" "4" "$(printf '%s\n' "$want" | grep -c image_sample)"
printf '0xf0800f00 0x00820004\n0xf0800f0g\n0xf0800f00 0x00820004\n' > "$T/badtok.txt"
out=$("$TMU" disasm --gpu gfx10 < "$T/badtok.txt" 2>"$T/err"); rc=$?
check "bad token stream" "image_sample v[0:3], v4, s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_1D
image_sample v[0:3], v4, s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_1D" "$out"
contains "bad token line" "<stdin>:2: '0xf0800f0g' is not a hex dword or 64-bit word" "$(cat "$T/err")"
check_rc "bad token stream rc" 1 $rc

# stdin is read in pieces of whole lines (128 KiB, longer while a line goes on): an instruction
# split over two lines, 20 000 times (660 KB), comes out whole each time; a line error after
# them names its line; a comment line longer than a piece is skipped; a NUL byte is refused
awk 'BEGIN { for (i = 0; i < 20000; i++) printf "0xf0800f0a\n0x00820004 0x00000005\n"; print "0xzz" }' > "$T/many.txt"
out=$("$TMU" disasm --gpu gfx10 < "$T/many.txt" 2>"$T/err"); rc=$?
check "pieces count" "20000" "$(printf '%s\n' "$out" | grep -c '^image_sample v\[0:3\], \[v4, v5\], s\[8:15\], s\[16:19\] dmask:0xf dim:SQ_RSRC_IMG_2D$')"
check "pieces lines" "20000" "$(printf '%s\n' "$out" | wc -l | tr -d ' ')"
contains "pieces error line" "<stdin>:40001: '0xzz' is not a hex dword or 64-bit word" "$(cat "$T/err")"
check_rc "pieces rc" 1 $rc
check "pieces pipe" "$out" "$(cat "$T/many.txt" | "$TMU" disasm --gpu gfx10 2>/dev/null)"
awk 'BEGIN { printf "#"; for (i = 0; i < 20000; i++) printf "0123456789"; printf "\n0xf0800f00 0x00820004\n" }' > "$T/long.txt"
check "long comment line" "image_sample v[0:3], v4, s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_1D" "$("$TMU" disasm --gpu gfx10 < "$T/long.txt")"
printf '0xf0800f00 0x00820004\n\000\n' > "$T/nul.txt"
err=$("$TMU" disasm --gpu gfx10 < "$T/nul.txt" 2>&1); rc=$?
contains "nul" "<stdin>: input contains a NUL byte (use --binary - for raw code)" "$err"
check_rc "nul rc" 1 $rc

# runs of "0x" + 8-digit tokens are read many tokens at a time and disassembled as one dword
# stream: an invalid instruction after 5000 valid ones (upper-case digits among them) is
# reported at its line and the run goes on after it; a token of another form inside an
# instruction (a short token, a 64-bit word) ends a run there and the instruction still comes
# out whole; NSA instructions spanning lines all the way.  Texts: llvm-mc 16's for these
# dwords (gfx1030: image_sample 1D; gfx1010: the NSA 2D form above).
awk 'BEGIN { for (i = 0; i < 5000; i++) print (i % 3 ? "0xf0800f00 0x00820004" : "0xF0800F00 0x00820004")
             print "0xf0804f00 0x00820004"
             for (i = 0; i < 3; i++) print "0xf0800f00 0x00820004" }' > "$T/run.txt"
out=$("$TMU" disasm --gpu gfx1030 < "$T/run.txt" 2>"$T/err"); rc=$?
check "run count" "5003" "$(printf '%s\n' "$out" | grep -c '^image_sample v\[0:3\], v4, s\[8:15\], s\[16:19\] dmask:0xf dim:SQ_RSRC_IMG_1D$')"
check "run lines" "5003" "$(printf '%s\n' "$out" | wc -l | tr -d ' ')"
contains "run error" "<stdin>:5001: 0xf0804f00 0x00820004: bit 14 is set" "$(cat "$T/err")"
check "run one error" "1" "$(wc -l < "$T/err" | tr -d " ")"
check_rc "run rc" 1 $rc
awk 'BEGIN { for (i = 0; i < 3000; i++) {
               if (i == 1000) print "0xf0800f00 0x820004"
               else if (i == 2000) print "0x00820004f0800f00"
               else if (i == 2500) printf "0xf0800f00\n0x00820004\n"
               else print "0xf0800f00 0x00820004" }
             for (i = 0; i < 3000; i++) printf "0xf0800f0a 0x00820004\n0x00000005\n"
             print "0xf0800f0a" }' > "$T/mixed.txt"
out=$("$TMU" disasm --gpu gfx1010 < "$T/mixed.txt" 2>"$T/err"); rc=$?
check "run forms 1D" "3000" "$(printf '%s\n' "$out" | grep -c '^image_sample v\[0:3\], v4, s\[8:15\], s\[16:19\] dmask:0xf dim:SQ_RSRC_IMG_1D$')"
check "run forms NSA" "3000" "$(printf '%s\n' "$out" | grep -c '^image_sample v\[0:3\], \[v4, v5\], s\[8:15\], s\[16:19\] dmask:0xf dim:SQ_RSRC_IMG_2D$')"
check "run forms lines" "6000" "$(printf '%s\n' "$out" | wc -l | tr -d ' ')"
contains "run forms truncated" "<stdin>:9002: 0xf0800f0a: truncated: NSA = 1 makes the instruction 3 dwords, 1 given" "$(cat "$T/err")"
check_rc "run forms rc" 1 $rc
check "run forms pipe" "$out" "$(cat "$T/mixed.txt" | "$TMU" disasm --gpu gfx1010 2>/dev/null)"

# invalid instructions: nothing printed, the reason on stderr, exit 1, the rest still shown
out=$("$TMU" disasm --gpu gfx1030 0xf0804f00,0x00820004 0xf0800f00,0x00820004 2>"$T/err"); rc=$?
check "invalid line" "image_sample v[0:3], v4, s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_1D" "$out"
contains "invalid error" "argument 1: 0xf0804f00 0x00820004: bit 14 is set" "$(cat "$T/err")"
check_rc "invalid rc" 1 $rc
err=$("$TMU" disasm --gpu gfx10 0xf0800f0a,0x00820004 2>&1); rc=$?
contains "truncated" "truncated: NSA = 1 makes the instruction 3 dwords, 2 given" "$err"
check_rc "truncated rc" 1 $rc
err=$("$TMU" disasm --gpu gfx10 0xzz 2>&1); rc=$?
contains "bad token" "'0xzz' is not a hex dword or 64-bit word" "$err"
check_rc "bad token rc" 1 $rc

# a comment or other separator right after a token inside a run (fuzz_cli_rdna_text's finding:
# the run took "0x...#c" as a run token and read on from the byte after '#', so "c" became a
# dword 0xc and the lines were miscounted): the comment is skipped, the line counted.  Text:
# llvm-mc 16 -mcpu=gfx1010 on 0x00,0x0f,0x80,0xf0,0x04,0x00,0x82,0x00.
printf '0xf0800f00 0x00820004#c\n0xf0800f00 0x00820004;x\n0xf0800f00 0x00820004,\n0xf0800f00 0x00820004\n0xzz\n' > "$T/runsep.txt"
out=$("$TMU" disasm --gpu gfx10 < "$T/runsep.txt" 2>"$T/err"); rc=$?
check "run separators" "image_sample v[0:3], v4, s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_1D
image_sample v[0:3], v4, s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_1D
image_sample v[0:3], v4, s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_1D
image_sample v[0:3], v4, s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_1D" "$out"
check "run separators error" "tmu: error: disasm: <stdin>:5: '0xzz' is not a hex dword or 64-bit word" "$(cat "$T/err")"
check_rc "run separators rc" 1 $rc

# asm: dwords per line; --binary writes the code, which disasm --binary reads back
out=$(printf 'image_sample v[0:3], [v4, v9, v2], s[8:15], s[16:19] dmask:0xf dim:3D\nimage_load v[0:3], v[4:5], s[8:15] dmask:0xf dim:SQ_RSRC_IMG_2D\n' | "$TMU" asm --gpu gfx10 --binary "$T/code.bin"); rc=$?
check "asm" "0xf0800f12 0x00820004 0x00000209
0xf0000f08 0x00020004" "$out"
check_rc "asm rc" 0 $rc
check "asm binary size" "20" "$(wc -c < "$T/code.bin" | tr -d ' ')"
out=$("$TMU" disasm --gpu gfx10 --binary "$T/code.bin")
check "disasm binary" "image_sample v[0:3], [v4, v9, v2], s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_3D
image_load v[0:3], v[4:5], s[8:15] dmask:0xf dim:SQ_RSRC_IMG_2D" "$out"
check "disasm binary stdin" "$out" "$(cat "$T/code.bin" | "$TMU" disasm --gpu gfx10 --binary -)"
head -c 10 "$T/code.bin" > "$T/cut.bin"
err=$("$TMU" disasm --gpu gfx10 --binary "$T/cut.bin" 2>&1); rc=$?
contains "binary cut" "10 trailing bytes do not make a whole instruction" "$err"
check_rc "binary cut rc" 1 $rc
out=$("$TMU" asm --gpu gfx1100 --show-encoding 'image_bvh_intersect_ray v[4:7], [v9, v10, v[11:13], v[14:16], v[17:19]], s[4:7]')
check "asm gfx11 bvh" "0xf0648f81 0x00010409 0x110e0b0a  image_bvh_intersect_ray v[4:7], [v9, v10, v[11:13], v[14:16], v[17:19]], s[4:7] ; encoding: [0x81,0x8f,0x64,0xf0,0x09,0x04,0x01,0x00,0x0a,0x0b,0x0e,0x11]" "$out"
# llvm-mc 16's messages
err=$("$TMU" asm --gpu gfx1030 'image_sample v[0:3], v[4:5], s[8:15], s[16:19] dim:SQ_RSRC_IMG_2D dmask:0xf' 2>&1); rc=$?
contains "asm order" "asm: argument 1, column " "$err"
contains "asm order msg" "not a valid operand." "$err"
check_rc "asm order rc" 1 $rc
err=$("$TMU" asm --gpu gfx1010 'image_msaa_load v[0:3], v[4:6], s[8:15] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA' 2>&1)
contains "asm gfx10 msaa" "instruction not supported on this GPU" "$err"
err=$("$TMU" asm --gpu gfx1100 'image_sample v[0:3], v[4:5], s[8:15], s[16:19] dmask:0xf' 2>&1)
contains "asm no dim" "operands are not valid for this GPU or mode" "$err"

# help and option errors
"$TMU" disasm --gpu gfx10 --help | grep -q "usage: tmu disasm --gpu gfx10|gfx10.3|gfx11" || { echo "FAIL disasm help"; fails=$((fails + 1)); }
"$TMU" asm --gpu gfx11 --help | grep -q "usage: tmu asm --gpu gfx10|gfx10.3|gfx11" || { echo "FAIL asm help"; fails=$((fails + 1)); }
err=$("$TMU" disasm --gpu gfx10 --syntax clrx 0x0 2>&1); rc=$?
contains "clrx" "clrx syntax is for gfx6-9" "$err"
check_rc "clrx rc" 2 $rc

# gcn run executes RDNA (docs/rdna-mimg.md section 12): a point sample of a 4x4 checker at texel
# (1, 0) (black) through an NSA address list, on a wave32
out=$("$TMU" gcn run --gpu gfx10 --wave 32 --texture s8=checker:4x4 --sampler s16=filter=point \
      --vgpr v9=0.375 --vgpr v2=0.125 --lanes 0-1 \
      -e 'image_sample v[0:3], [v9, v2], s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_2D; s_waitcnt vmcnt(0)' 2>&1); rc=$?
check_rc "run gfx10 rc" 0 $rc
contains "run gfx10 counters" "vm_cnt 1 exp_cnt 0 vs_cnt 0" "$out"
contains "run gfx10 alpha" "v3[0..1] = 0x3f800000 1" "$out"
out=$("$TMU" gcn run --gpu gfx10 --explain --texture s8=checker:4x4 --sampler s16=filter=point --lanes 0 \
      -e 'image_sample_l v[0:3], [v9, v2, v30], s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_2D' 2>&1)
contains "explain nsa" "VADDR: v9=x v2=y v30=lod" "$out"
out=$("$TMU" gcn run --gpu gfx11 --explain --texture s8=checker:4x4 --sampler s16=filter=point --lanes 0 \
      -e 'image_sample v[0:3], v7, s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_2D a16' 2>&1)
contains "explain a16" "VADDR: v7.lo=x v7.hi=y" "$out"
err=$("$TMU" gcn run --gpu gfx10 --wave 32 --render 8x8 -o /dev/null -e 's_waitcnt 0' 2>&1); rc=$?
contains "render wave32" "--render shades 8x8 tiles on a wave64" "$err"
check_rc "render wave32 rc" 2 $rc
out=$("$TMU" gcn run -mcpu=gfx1100 -e 's_waitcnt 0; s_waitcnt_vscnt null, 0' 2>&1); rc=$?
check_rc "run gfx11 rc" 0 $rc
contains "run gfx11 vscnt" "s_waitcnt_vscnt null, 0" "$out"
err=$("$TMU" gcn run --gpu gfx9 --wave 32 -e 's_waitcnt 0' 2>&1); rc=$?
contains "wave32 gfx9" "a gfx9 wave has 64 lanes, not 32" "$err"
check_rc "wave32 gfx9 rc" 2 $rc
err=$("$TMU" gcn run --gpu gfx11 --texture s8=checker:4x4,swizzle=64KB_S_X -e 's_waitcnt 0' 2>&1); rc=$?
contains "gfx11 2d _S refused" "SW_MODE 25 (SW_64KB_S_X) on gfx11_16pipe" "$err"
contains "gfx11 2d _S reason" "not allowed for 2D surfaces" "$err"
check_rc "gfx11 2d _S rc" 2 $rc  # a --texture refused on the command line: a usage error (docs/cli.md)
# a swizzled gfx11 image (256 KiB R mode, pipe/bank XOR 700) reads the checker: white where x + y
# is even
out=$("$TMU" gcn run --gpu gfx11 --texture s8=checker:4x4,swizzle=256KB_R_X,xor=700 --lanes 0-3 \
      --vgpr v4=0,1,2,3 --vgpr v5=1 -e 'image_load v0, v[4:5], s[8:15] dmask:0x1 dim:SQ_RSRC_IMG_2D unorm' 2>&1)
rc=$?
check_rc "gfx11 swizzled rc" 0 $rc
contains "gfx11 swizzled lane 1" "v0[1] = 0x3f800000 1" "$out"
contains "gfx11 swizzled lane 3" "v0[3] = 0x3f800000 1" "$out"
err=$("$TMU" gcn run --gpu gfx11 --chip navi21 -e 's_waitcnt 0' 2>&1); rc=$?
contains "gfx11 chip" "navi21 is a gfx10.3 chip; --gpu gfx11 takes gfx11_32pipe" "$err"
check_rc "gfx11 chip rc" 2 $rc
out=$("$TMU" gcn desc --gpu gfx10.3 0x1000 0x04d00000 0x3c003 0x90000fac 0 0 0 0 2>&1); rc=$?
check_rc "desc gfx10.3 rc" 0 $rc
contains "desc gfx10.3 format" "FORMAT              = 77 (32_32_32_32_FLOAT)" "$out"
# translation takes RDNA (through gfx9; tests/translate covers it): an implicit-LOD sample has no
# PTX form, an explicit-LOD one translates
err=$("$TMU" translate --from gcn --gpu gfx10 --to ptx 'image_sample v[0:3], v[4:5], s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_2D' 2>&1)
contains "translate refused" "PTX tex has no implicit" "$err"
out=$("$TMU" translate --from gcn --gpu gfx10 --to ptx 'image_sample_l v[0:3], v[4:6], s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_2D' 2>&1)
contains "translate gfx10" "tex.level.2d.v4.f32.f32" "$out"

if [ $fails -ne 0 ]; then
  echo "$fails failed"
  exit 1
fi
echo "cli_rdna: all passed"
