#!/bin/sh
# tmu disasm / asm --isa ir3: words, stdin, --binary, operands, errors.
tmu=$1
. "$(dirname "$0")/../cli/lib.sh"
tmp=${TMPDIR:-/tmp}/tmu_ir3_cli.$$
mkdir -p "$tmp"
trap 'rm -rf "$tmp"' EXIT
check disasm-word     0 "sam.base1 (f32)(xyzw)r1.x, r0.z, s#3, t#2" -- "$tmu" disasm --isa ir3 --gpu a6xx a0c89f04_c4600005
check disasm-0x       0 "dsx (f32)(x)r0.z, r0.x"  -- "$tmu" disasm --isa ir3 --gpu 630 0xa380110200000001
check disasm-gen7     0 "isam.base0.1d (f32)(xyzw)r0.z, r0.x, t#16, a1.x" -- "$tmu" disasm --isa ir3 --gpu a7xx a0081f02_e2000001
check disasm-raw      1 "raw 0xFFFFFFFFFFFFFFFF"  -- "$tmu" disasm --isa ir3 --gpu a6xx ffffffff_ffffffff
check disasm-raw-why  1 "category 7, not 5"       -- "$tmu" disasm --isa ir3 --gpu a6xx ffffffff_ffffffff
check disasm-gen      1 "needs GPU id >= 600"     -- "$tmu" disasm --isa ir3 --gpu a5xx a7c03102_00100003
check disasm-opc30   1 "cat5 opcode 30 is not assigned" -- "$tmu" disasm --isa ir3 --gpu a6xx a7800000_00000001
check disasm-notes    0 "dontcare bits in sam: 0000000000020000" -- "$tmu" disasm --isa ir3 --gpu a6xx a0c01f04_0cc20005
check disasm-badword  1 "not a 64-bit hex word"   -- "$tmu" disasm --isa ir3 --gpu a6xx a0c01f04_0cc2000z
check disasm-nogpu    2 "tmu: error: disasm: --gpu: missing"       -- "$tmu" disasm --isa ir3 a0c01f04_0cc20005
check disasm-badgpu   2 "did you mean"            -- "$tmu" disasm --isa ir3 --gpu a6x a0c01f04_0cc20005
check disasm-help     0 "usage: tmu disasm --isa ir3" -- "$tmu" disasm --isa ir3 --help
check disasm-operands 0 "reads: coord=r6.z coord=r6.w lod=r6.x a1=a1.x" -- "$tmu" disasm --isa ir3 --gpu a6xx --show-operands a1481606_e4803035
check disasm-writes   0 "writes: r1.w r2.x"       -- "$tmu" disasm --isa ir3 --gpu a6xx --show-operands a1481606_e4803035
printf 'a3801102_00000001\n# comment\n a3c01102_00000001\n' > "$tmp/words.txt"
check disasm-stdin    0 "dsy (f32)(x)r0.z, r0.x"  -- sh -c "\"$tmu\" disasm --isa ir3 --gpu a6xx < \"$tmp/words.txt\""
# raw little-endian: dsx word a3801102_00000001 -> 01 00 00 00 02 11 80 a3
printf '\001\000\000\000\002\021\200\243' > "$tmp/code.bin"
check disasm-binary   0 "dsx (f32)(x)r0.z, r0.x"  -- "$tmu" disasm --isa ir3 --gpu a6xx --binary "$tmp/code.bin"
printf '\001\000\000' > "$tmp/short.bin"
check disasm-binshort 1 "not a multiple of 8"     -- "$tmu" disasm --isa ir3 --gpu a6xx --binary "$tmp/short.bin"
check asm-one         0 "a0c89f04_c4600005"       -- "$tmu" asm --isa ir3 --gpu a6xx "sam.base1 (f32)(xyzw)r1.x, r0.z, s#3, t#2"
printf 'dsx (f32)(x)r0.z, r0.x\n; comment\n\nsam (f32)(xyzq)r1.x, r0.z, s#6, t#6\n' > "$tmp/prog.s"
check asm-error       1 "prog.s:4:14: bad write mask" -- "$tmu" asm --isa ir3 --gpu a6xx --input "$tmp/prog.s"
check asm-error-out   1 "a3801102_00000001"       -- "$tmu" asm --isa ir3 --gpu a6xx --input "$tmp/prog.s"
check asm-stdin       0 "a3c01102_00000001"       -- sh -c "echo 'dsy (f32)(x)r0.z, r0.x' | \"$tmu\" asm --isa ir3 --gpu a6xx"
check asm-binary      0 "a3801102_00000001"       -- "$tmu" asm --isa ir3 --gpu a6xx --binary "$tmp/out.bin" "dsx (f32)(x)r0.z, r0.x"
check asm-bin-back    0 "dsx (f32)(x)r0.z, r0.x"  -- "$tmu" disasm --isa ir3 --gpu a6xx --binary "$tmp/out.bin"
check asm-gen         1 "needs GPU id >= 600"     -- "$tmu" asm --isa ir3 --gpu a4xx "brcst.active.w8 (u32)(x)r0.z, r0.y"
check asm-help        0 "usage: tmu asm --isa ir3" -- "$tmu" asm --isa ir3 --help
# every vector through the CLI, both ways
data=${TMU_TEST_DATA:-$(dirname "$0")/../data}
grep -v '^#' "$data/ir3-cat5-mesa.tsv" | grep -v '^gpu_id' > "$tmp/vec.tsv"
n=0 okd=0 oka=0
while IFS='	' read -r gpu hex text; do
  n=$((n+1))
  got=$("$tmu" disasm --isa ir3 --gpu "$gpu" "$hex" 2>&1)
  [ "$got" = "$text" ] && okd=$((okd+1)) || echo "disasm $gpu $hex: '$got' != '$text'"
  got=$("$tmu" asm --isa ir3 --gpu "$gpu" "$text" 2>&1)
  [ "$got" = "$hex" ] && oka=$((oka+1)) || echo "asm $gpu '$text': '$got' != '$hex'"
done < "$tmp/vec.tsv"
echo "CLI vectors: disasm $okd/$n, asm $oka/$n"
if [ "$n" -eq 49 ] && [ "$okd" -eq 49 ] && [ "$oka" -eq 49 ]; then pass=$((pass+1)); else fail=$((fail+1)); fi
finish
