#!/bin/sh
# Issue 10 items 9-13: one command-line convention for every command.
#  9: exit 1 = bad input or a "rejected" verdict, 2 = a bad command line (usage lines on stderr,
#     nothing on stdout);
# 10: every error is "tmu: error: COMMAND: WHERE: WHAT" on stderr, GCN's invalid words too (with
#     the word and its offset); echoed input is shortened; repeated errors are capped with a count;
# 11: "-" = stdin/stdout, "--" ends options, a repeated single-valued option is an error, numbers
#     parse strictly, --lod 3e9 is a clear error, sample -o is refused;
# 12: GCN listings with --hex/--offsets, -o for disasm and asm, --binary for GCN asm, llvm-mc's
#     -mcpu=/--mcpu/-show-encoding, the CLRX warning in the help;
# 13: images and textures over the documented limits are refused before anything is decoded or
#     allocated, and tmu --max-pixels / --max-bytes raise the limits.
tmu=$1
. "$(dirname "$0")/lib.sh"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1

# input NAME EXPECTED -- CMD...: exit 1 and "tmu: error: EXPECTED" on stderr, not on stdout
input() { _en=$1 _ew=$2; shift 3; expect_error "$_en" 1 noerror "$_ew" -- "$@"; }

W=0x00820004f0800f00
TEXT='image_sample v[0:3], v4, s[8:15], s[16:19] dmask:0xf'

# ---- 9. the issue's bad command lines exit 2 with the usage on stderr ----
usage plan-load-class "plan-load: --class: unknown memory class 'frob'" -- "$tmu" plan-load --class frob
usage disasm-isa      "disasm: --isa: unknown ISA 'arm'" -- "$tmu" disasm --isa arm
usage ptx-run-lanes   "ptx run: --lanes: lanes is how many lanes run (lanes 0..N-1): 1..32, not '0'" -- "$tmu" ptx run --lanes 0 x.ptx
usage formats-decode  "formats: FORMAT: unknown format 'nosuch'" -- "$tmu" formats --decode nosuch ff
usage gcn-desc-3      "gcn desc: DWORD: a T# has 8 dwords (4 with R128), got 3" -- "$tmu" gcn desc --gpu gfx9 1 2 3
usage gcn-desc-nogpu  "gcn desc: --gpu: missing" -- "$tmu" gcn desc 1 2 3 4
# every command: an unknown option is a usage error, --help is success on stdout
for c in demo formats disasm asm gcn ir3 plan-load ptx bench render sample "gcn desc" "gcn run" \
         "ir3 run" "ir3 desc" "ptx check" "ptx fmt" "ptx run" "bench sample"; do
  # shellcheck disable=SC2086
  usage "unknown-option $c" "$c: " -- "$tmu" $c --frob x
  # shellcheck disable=SC2086
  check "help $c" 0 "usage: tmu ${c%% *}" -- "$tmu" $c --help
done
# a verdict "rejected" and bad input exit 1
printf '.version 8.0\n.target sm_90\n.address_size 64\n.global .texref t0;\n.entry k()\n{\n.reg .f32 %%f<8>;\ntex.2d.v4.f32.f32 {%%f0,%%f1}, [t0, {%%f4,%%f5}];\nret;\n}\n' > rej.ptx
input ptx-rejected-file "ptx check: rej.ptx:8:" -- "$tmu" ptx check rej.ptx
check ptx-rejected-e 1 "REJECTED" -- "$tmu" ptx check -e 'tex.2d.v4.f32.f32 {%f0,%f1}, [t0, {%f4,%f5}];'

# ---- 10. one error format; GCN's invalid words with the word and offset; short echoes ----
input gcn-invalid-word "disasm: argument 2: 0x00820004f0800f01: bit 0 (opcode bit 7) is set" -- "$tmu" disasm --isa gcn --gpu gfx9 $W 0x00820004f0800f01
check gcn-invalid-stdout 0 "" -- sh -c "! grep -q invalid out.txt"
printf '\000\017\200\360\004\000\202\000\001\017\200\360\004\000\202\000' > two.bin
input gcn-invalid-offset "disasm: two.bin+0x8: 0x00820004f0800f01:" -- "$tmu" disasm --isa gcn --gpu gfx9 --binary two.bin
check gcn-valid-printed 0 "$TEXT" -- cat out.txt
awk 'BEGIN { s = "x"; while (length(s) < 1000000) s = s s; print s }' > big.txt
input long-token "disasm: <stdin>:1: 'xxxxxxxx" -- sh -c "\"$tmu\" disasm --isa gcn --gpu gfx9 - < big.txt"
check long-token-short 0 "" -- sh -c "[ \$(wc -c < err.txt) -lt 300 ]"
check long-token-count 0 "bytes)' is not a 64-bit hex word" -- cat err.txt
input long-ir3-line "asm: big.txt:1:1:" -- "$tmu" asm --isa ir3 --gpu a6xx --input big.txt
check long-ir3-short 0 "" -- sh -c "[ \$(wc -c < err.txt) -lt 1200 ]"
i=0; : > many.txt; while [ $i -lt 120 ]; do echo "zz$i" >> many.txt; i=$((i+1)); done
input many-errors "disasm: 70 more errors not shown" -- sh -c "\"$tmu\" disasm --isa gcn --gpu gfx9 - < many.txt"
check many-errors-cap 0 "" -- sh -c "[ \$(wc -l < err.txt) -eq 51 ]"
input max-errors-0 "disasm: <stdin>:120: 'zz119'" -- sh -c "\"$tmu\" --max-errors 0 disasm --isa gcn --gpu gfx9 - < many.txt"
input max-errors-3 "disasm: 117 more errors not shown" -- sh -c "\"$tmu\" --max-errors 3 disasm --isa gcn --gpu gfx9 - < many.txt"
input missing-file "ptx check: nosuch.ptx: cannot open" -- "$tmu" ptx check nosuch.ptx

# ---- 11. '-', '--', repeated options, strict numbers ----
check dash-disasm    0 "$TEXT" -- sh -c "echo $W | \"$tmu\" disasm --isa gcn --gpu gfx9 -"
check dash-disasm-o  0 "$TEXT" -- sh -c "echo $W | \"$tmu\" disasm --isa gcn --gpu gfx9 -o - -"
check dash-gcn-desc  0 "BASE_ADDRESS" -- sh -c "echo 0 0 0 0 | \"$tmu\" gcn desc --gpu gfx9 --sampler - ; echo 0 0 0 0x80000000 0 0 0 0 | \"$tmu\" gcn desc --gpu gfx9 -"
# an RDNA T# (hand-built: BASE_ADDRESS 0x1000000 (<< 8), FORMAT 77 = 32_32_32_32_FLOAT, 64x64,
# DST_SEL XYZW, SW_MODE 25, TYPE 9 = 2D) on navi10's registers: a 64 KiB block of 16-byte
# elements is 64x64, and SW_MODE 25 is SW_64KB_S_X in addrlib's gfx10 numbering
check gcn-desc-rdna 0 "SW_MODE 25 = SW_64KB_S_X, pipe/bank XOR 0, surface at 0x100000000, 65536 bytes (65536 a slice), block 64x64x1" -- \
    "$tmu" gcn desc --gpu gfx1010 --chip navi10 0x01000000 0xC4D00000 0x000FC00F 0x91900FAC 0 0 0 0
usage gcn-desc-rdna-chip "gcn desc: --chip: vega10 is a gfx9 chip, --gpu gfx10 needs a gfx10 one" -- \
    "$tmu" gcn desc --gpu gfx10 --chip vega10 0x01000000 0xC4D00000 0x000FC00F 0x91900FAC 0 0 0 0
check dash-ir3-desc  0 "" -- sh -c "echo 0 0 0 0 | \"$tmu\" ir3 desc --gpu a6xx --sampler -"
check dash-asm       0 "0x00820004f0800f00" -- sh -c "echo '$TEXT' | \"$tmu\" asm --isa gcn --gpu gfx9 -"
check dash-ptx-check 1 "<stdin>:8:" -- sh -c "\"$tmu\" ptx check - < rej.ptx"
check dashdash-disasm 0 "$TEXT" -- "$tmu" disasm --isa gcn --gpu gfx9 -- $W
check dashdash-sample 0 "-0.5,0.5" -- "$tmu" sample -- -0.5,0.5
input dashdash-ptx   "ptx check: --target: cannot open" -- "$tmu" ptx check -- --target
usage dashdash-render "render: argument 2: unexpected '-o'" -- "$tmu" render -- -o x.png
usage twice-disasm   "disasm: --gpu: option given twice" -- "$tmu" disasm --isa gcn --gpu gfx9 --gpu gfx8 $W
usage twice-isa      "disasm: --isa: option given twice" -- "$tmu" disasm --isa gcn --isa gcn --gpu gfx9 $W
usage twice-render   "render: --size: option given twice" -- "$tmu" render --size 8x8 --size 4x4 -o x.png
usage twice-sample   "sample: --lod: option given twice" -- "$tmu" sample --lod 1 --lod 2 0.5,0.5
usage twice-plan     "plan-load: --gpu: option given twice" -- "$tmu" plan-load --class global --gpu gfx9 --gpu gfx8 --components 1 --component-size 4
usage twice-ptx-run  "ptx run: --lanes: option given twice" -- "$tmu" ptx run --lanes 2 --lanes 3 x.ptx
usage twice-bench    "bench sample: --seconds: option given twice" -- "$tmu" bench sample --seconds 1 --seconds 2
usage num-empty      "plan-load: --components: '' is not an integer" -- "$tmu" plan-load --class global --gpu gfx9 --components '' --component-size 4
usage num-octal      "plan-load: --components: '010' is not an integer" -- "$tmu" plan-load --class global --gpu gfx9 --components 010 --component-size 4
usage num-wrap       "plan-load: --components: '4294967304' is not an integer" -- "$tmu" plan-load --class global --gpu gfx9 --components 4294967304 --component-size 4
usage num-trailing   "plan-load: --align-mul: '4x' is not an integer" -- "$tmu" plan-load --class global --gpu gfx9 --components 1 --component-size 4 --align-mul 4x
usage num-lanes-wrap "ptx run: --lanes: lanes is how many lanes run (lanes 0..N-1): 1..32, not '4294967304'" -- "$tmu" ptx run --lanes 4294967304 x.ptx
input word-wrap      "disasm: argument 1: '4294967304x8' is not a 64-bit hex word" -- "$tmu" disasm --isa gcn --gpu gfx9 4294967304x8
input word-empty     "disasm: argument 1: '' is not a 64-bit hex word" -- "$tmu" disasm --isa gcn --gpu gfx9 ''
input word-too-long  "disasm: argument 1: '0x100820004f0800f00' is not a 64-bit hex word" -- "$tmu" disasm --isa gcn --gpu gfx9 0x100820004f0800f00
usage lod-3e9        "sample: --lod: '3e9' is not a number in [-128, 128]" -- "$tmu" sample --op fetch --lod 3e9 0,0
usage lod-inf        "sample: --lod: 'inf' is not a number" -- "$tmu" sample --op fetch --lod inf 0,0
usage lod-nan        "sample: --lod: 'nan' is not a number" -- "$tmu" sample --lod nan 0.5,0.5
usage render-lod     "render: --lod: '3e9' is not a number" -- "$tmu" render --lod 3e9 -o x.png
usage sample-o       "sample: -o: 'tmu sample' prints its results" -- "$tmu" sample -o x.png 0.5,0.5
check fetch-lod-ok   0 "->" -- "$tmu" sample --op fetch --lod 1 --tex-size 8 0,0

# ---- 12. disassembler ergonomics ----
check gcn-hex        0 "0x00820004f0800f00  $TEXT" -- "$tmu" disasm --isa gcn --gpu gfx9 --hex $W
check gcn-offsets    0 "000008:  $TEXT" -- "$tmu" disasm --isa gcn --gpu gfx9 --offsets $W $W
check mcpu-eq        0 "$TEXT" -- "$tmu" disasm -mcpu=gfx9 $W
check mcpu-space     0 "$TEXT" -- "$tmu" disasm --mcpu gfx9 $W
check show-enc       0 "$TEXT ; encoding: [0x00,0x0f,0x80,0xf0,0x04,0x00,0x82,0x00]" -- "$tmu" disasm -mcpu=gfx9 -show-encoding $W
check asm-show-enc   0 "encoding: [0x00,0x0f,0x80,0xf0,0x04,0x00,0x82,0x00]" -- "$tmu" asm -mcpu=gfx9 -show-encoding "$TEXT"
check gcn-asm-binary 0 "" -- "$tmu" asm --isa gcn --gpu gfx9 --binary g.bin "$TEXT"
check gcn-asm-bytes  0 "00 0f 80 f0 04 00 82 00" -- od -An -tx1 g.bin
check gcn-dis-o      0 "" -- "$tmu" disasm --isa gcn --gpu gfx9 --binary g.bin -o g.txt
check gcn-dis-o-txt  0 "$TEXT" -- cat g.txt
check gcn-asm-o      0 "" -- "$tmu" asm --isa gcn --gpu gfx9 -o w.txt "$TEXT"
check gcn-asm-o-txt  0 "0x00820004f0800f00" -- cat w.txt
check clrx-warning   0 "CLRX's assembler rejects some" -- "$tmu" disasm --isa gcn --help
check ir3-offsets    0 "000000:  a0c01f00_00000005  sam (f32)(xyzw)r0.x" -- "$tmu" disasm --isa ir3 --gpu a6xx --offsets --hex a0c01f00_00000005

# ---- 13. resource limits, checked before decoding or allocating ----
# a 57-byte PNG declaring 16384 x 16384 (an empty IDAT: the pixels are never read)
printf '\211PNG\r\n\032\n\000\000\000\015IHDR\000\000\100\000\000\000\100\000\010\006\000\000\000\251\310\020\204\000\000\000\000\111\104\101\124\065\257\006\036\000\000\000\000\111\105\116\104\256\102\140\202' > huge.png
input huge-png-render "render: huge.png: 16384x16384 pixels is more than the limit of 16777216 (raise it with tmu --max-pixels N" -- "$tmu" render --pattern huge.png -o x.png
input huge-png-sample "sample: huge.png: 16384x16384 pixels is more than the limit" -- "$tmu" sample --pattern huge.png 0.5,0.5
input huge-png-ptx    "ptx run: huge.png: 16384x16384 pixels is more than the limit of 16777216" -- "$tmu" ptx run --texture t0=png:huge.png x.ptx
printf '.version 8.0\n.target sm_90\n.address_size 64\n.global .texref t0;\n.entry k()\n{\n.reg .f32 %%f<8>;\ntex.2d.v4.f32.f32 {%%f0,%%f1,%%f2,%%f3}, [t0, {%%f4,%%f5}];\nret;\n}\n' > k.ptx
input ptx-17g "ptx run: --texture: the texture needs 17179869184 bytes, more than the limit of 1073741824 (raise it with tmu --max-bytes N" -- "$tmu" ptx run --texture t0=coords:4096x4096,dim=a2d,layers=64 k.ptx
input max-bytes-low "ptx run: --texture: the texture needs 16384 bytes, more than the limit of 1024" -- "$tmu" --max-bytes 1K ptx run --texture t0=coords:32x32 k.ptx
check max-bytes-ok 0 "lane 0" -- "$tmu" --max-bytes 1M ptx run --texture t0=coords:32x32 k.ptx
if "$tmu" render --size 8x8 -o small.png >/dev/null 2>&1; then
  input max-pixels-low "sample: small.png: 8x8 pixels is more than the limit of 63" -- "$tmu" --max-pixels 63 sample --pattern small.png 0.5,0.5
  check max-pixels-ok 0 "->" -- "$tmu" --max-pixels 64 sample --pattern small.png 0.5,0.5
  input gcn-run-pixels "gcn run: small.png: 8x8 pixels is more than the limit of 63" -- "$tmu" --max-pixels 63 gcn run --gpu gfx9 --texture s8=png:small.png -e 's_waitcnt 0'
  input render-size-bytes "render: --size: the picture needs" -- "$tmu" --max-bytes 1K render --size 64x64 -o x.png
fi
input gcn-run-memory "gcn run: " -- "$tmu" --max-bytes 1K gcn run --gpu gfx9 --memory 0x1000=4K -e 's_waitcnt 0'
input ir3-run-texture "ir3 run: " -- "$tmu" --max-bytes 1K ir3 run --gpu a6xx --texture t0=coords:64x64 -e 'sam (f32)(xyzw)r0.x, r0.z, s#0, t#0'
usage max-pixels-bad "--max-pixels: " -- "$tmu" --max-pixels 0x demo
finish
