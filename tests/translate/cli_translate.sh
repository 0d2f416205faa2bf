#!/bin/sh
# tmu translate: translations worked by hand from translation.md (§4 recipes), the target words
# decoded back by tmu disasm, and bad inputs with their exit codes.
tmu=$1
. "$(dirname "$0")/../cli/lib.sh"
tmp=${TMPDIR:-/tmp}/tmu_xl_cli.$$
mkdir -p "$tmp"
trap 'rm -rf "$tmp"' EXIT
x="$tmu translate"

# translation.md §4.1 row 1: tex.level.a2d -> image_sample_l [x, y, layer, lod] with the integer
# layer converted to float, DMASK 0xf, DA (an array)
a2d='tex.level.a2d.v4.f32.f32 {%f1, %f2, %f3, %f4}, [tex0, {%r1, %f5, %f6, %f7}], %f8;'
check ptx-gcn-level 0 "image_sample_l v[0:3], v[8:11], s[0:7], s[8:11] dmask:0xf da  ; 0x00400008f0904f00" -- \
  $x --from ptx --to gcn --gpu gfx9 "$a2d"
check ptx-gcn-layer 0 "; v10 = cvt.f32.u32 %r1    (layer)" -- $x --from ptx --to gcn --gpu gfx9 "$a2d"
check ptx-gcn-lod 0 "; v11 = mov %f8    (lod)" -- $x --from ptx --to gcn --gpu gfx9 "$a2d"
check ptx-gcn-result 0 "; result3 = mov v3    (source %f4)" -- $x --from ptx --to gcn --gpu gfx9 "$a2d"
check gcn-word-decodes 0 "image_sample_l v[0:3], v8, s[0:7], s[8:11] dmask:0xf da" -- \
  "$tmu" disasm --isa gcn --gpu gfx9 0x00400008f0904f00
# §4.2 row 1: the same on Adreno: saml.a, SRC1 = {x, y, float(idx) + 0.5}, SRC2 = {lod}
check ptx-ir3-level 0 "saml.a (f32)(xyzw)r0.x, r1.x, r5.x, s#0, t#0" -- $x --from ptx --to ir3 --gpu a630 "$a2d"
check ptx-ir3-layer 0 "; r1.z = cvt.f32.u32+0.5 %r1    (layer)" -- $x --from ptx --to ir3 --gpu a630 "$a2d"
check ptx-ir3-a3xx 0 "; r1.z = cvt.f32.u32 %r1    (layer)" -- $x --from ptx --to ir3 --gpu a3xx "$a2d"
# §4.1 tld4.g with offsets -> image_gather4_lz_o, DMASK 0x2; |p -> TFE, zeroed VDATA, p = (status == 0)
g='tld4.g.2d.v4.f32.f32 {%f1, %f2, %f3, %f4}|%p1, [tex0, {%f5, %f6}], {%r1, %r2};'
check ptx-gcn-gather 0 "image_gather4_lz_o v[0:4], v[8:10], s[0:7], s[8:11] dmask:0x2 tfe" -- $x --from ptx --to gcn --gpu gfx8 "$g"
check ptx-gcn-tfe-zero 0 "; v4 = mov 0x00000000" -- $x --from ptx --to gcn --gpu gfx8 "$g"
check ptx-gcn-offsets 0 "; v8 = pack.off6 \$t0, \$t1, 0x00000000    (offset0)" -- $x --from ptx --to gcn --gpu gfx8 "$g"
check ptx-gcn-resident 0 "; result.resident = eq0 v4    (source %p1)" -- $x --from ptx --to gcn --gpu gfx8 "$g"
check ptx-ir3-rck 0 "gather4g.o.rck (x)r7.x, r1.x, r5.x, s#0, t#0" -- $x --from ptx --to ir3 --gpu a730 "$g"
# GCN -> ir3: the face of a cube array comes back as a direction; the offset dword unpacked
check gcn-ir3-offsets 0 "; r5.x = unpack.off6 v4, 0    (offset0)" -- \
  $x --from gcn --gpu gfx9 --to ir3 --gpu a630 --dim 2d_array 'image_sample_c_lz_o v[0:3], v[4:8], s[0:7], s[8:11] dmask:0xf da'
check gcn-ir3-saml 0 "saml.a.o.s (f32)(xyzw)r0.x, r1.x, r5.x, s#0, t#0  ; 0xa1561f0000002809" -- \
  $x --from gcn --gpu gfx9 --to ir3 --gpu a630 --dim 2d_array 'image_sample_c_lz_o v[0:3], v[4:8], s[0:7], s[8:11] dmask:0xf da'
check ir3-word-decodes 0 "saml.a.o.s (f32)(xyzw)r0.x, r1.x, r5.x, s#0, t#0" -- "$tmu" disasm --isa ir3 --gpu a630 0xa1561f0000002809
check gcn-ptx-cube 0 "// %f6 = cube.dir v0, v1, v2, 2    (coord2)" -- \
  $x --from gcn --gpu gfx9 --to ptx --dim cube 'image_sample_lz v[4:7], v[0:2], s[0:7], s[8:11] dmask:0xf da'
check gcn-word-input 0 "tex.cube.v4.f32.f32" -- $x --from gcn --gpu gfx9 --to ptx --dim cube 0x00400008f09c4f04
# D16 on gfx8.1 packs two halves: .f16x2 words are the VDATA registers themselves
check ptx-gcn-f16x2 0 "image_sample_lz v[0:1], v[8:9], s[0:7], s[8:11] dmask:0xf d16" -- \
  $x --from ptx --to gcn --gpu gfx81 'tex.2d.v2.f16x2.f32 {%r1, %r2}, [tex0, {%f1, %f2}];'
check ptx-gcn-f16-gfx7 0 "; result0 = cvt.f16.f32 v0    (source %h1)" -- \
  $x --from ptx --to gcn --gpu gfx7 'tex.2d.v4.f16.f32 {%h1, %h2, %h3, %h4}, [tex0, {%f1, %f2}];'
# queries: the height of a 1D array is 1 at a valid level (GCN's y is the layer count)
check txq-height-1darray 0 "; result0 = ne0 v0    (source %r1)" -- \
  $x --from ptx --dim 1d_array --to gcn --gpu gfx9 'txq.level.height.b32 %r1, [tex0], %r2;'
check txq-levels-ir3 0 "; result0 = gt1.or.0 r2.z    (source %r1)" -- \
  $x --from ptx --to ir3 --gpu a630 'txq.num_mipmap_levels.b32 %r1, [tex0];'
check resinfo-ptx 0 "txq.level.width.b32 %r1, [tex0], %r0;" -- \
  $x --from gcn --gpu gfx9 --to ptx 'image_get_resinfo v[0:3], v8, s[0:7] dmask:0xf unorm'
check json 0 '"to":"gcn","dim":"2d_array","instructions":[{"text":"image_sample_l' -- \
  $x --from ptx --to gcn --gpu gfx9 --json "$a2d"
# --input: a whole program; texture lines get a verdict, the others pass through as comments
printf '// two lines\n%s\n\ntex.base.2d.v4.s32.f32 {%%r1, %%r2, %%r3, %%r4}, [tex0, {%%f1, %%f2}];\n' "$a2d" > "$tmp/in.ptx"
check input-file 0 "image_sample_lz v[0:3], v[8:9], s[0:7], s[8:11] dmask:0xf" -- $x --from ptx --to gcn --gpu gfx9 --input "$tmp/in.ptx"
check input-stdin 0 "image_sample_l v[0:3]" -- sh -c "$x --from ptx --to gcn --gpu gfx9 --input - < '$tmp/in.ptx'"
check input-comment 0 "; // two lines" -- $x --from ptx --to gcn --gpu gfx9 --input "$tmp/in.ptx"
check input-verdict 0 "; line 2 [translated]: tex.level.a2d.v4.f32.f32" -- $x --from ptx --to gcn --gpu gfx9 --input "$tmp/in.ptx"
check input-summary 0 "; 4 lines, 2 texture instructions: 2 translated, 0 refused, 0 errors" -- \
  $x --from ptx --to gcn --gpu gfx9 --input "$tmp/in.ptx"
# a module ptxas accepts (tests/data/ptx-module-ok.ptx): its directives as comments, the guarded
# tex refused (exit 1), the others translated
check input-module 1 "; .version 8.0" -- $x --from ptx --to ir3 --gpu a630 --input "$TMU_TEST_DATA/ptx-module-ok.ptx"
check input-module-guard 1 "; line 61 [refused: a guard predicate is control flow, not part of the texture operation]: @!%p2 tex.2d" -- \
  $x --from ptx --to ir3 --gpu a630 --input "$TMU_TEST_DATA/ptx-module-ok.ptx"
check input-module-counts 1 "; 93 lines, 6 texture instructions: 5 translated, 1 refused, 0 errors" -- \
  $x --from ptx --to ir3 --gpu a630 --input "$TMU_TEST_DATA/ptx-module-ok.ptx"
# a label before the instruction stays out of the translation
printf '$L__BB0_1:  tex.base.2d.v4.f32.f32 {%%f1, %%f2, %%f3, %%f4}, [tex0, {%%f5, %%f6}]; // lookup\n' > "$tmp/label.ptx"
check input-label 0 "; line 1 [translated]: tex.base.2d.v4.f32.f32 {%f1, %f2, %f3, %f4}, [tex0, {%f5, %f6}];" -- \
  $x --from ptx --to gcn --gpu gfx9 --input "$tmp/label.ptx"
# a GCN listing as llvm-mc prints it (comment after ';'), with a scalar line and a refusal
printf 's_load_dwordx8 s[0:7], s[2:3], 0x0\nimage_sample_l v[0:3], v[4:7], s[0:7], s[8:11] dmask:0xf da ; encoding: [0x00,0x4f,0x90,0xf0,0x04,0x00,0x40,0x00]\nimage_sample v[0:3], v[4:5], s[0:7], s[8:11] dmask:0xf\n' > "$tmp/in.s"
check input-gcn 1 "// line 2 [translated]: image_sample_l v[0:3], v[4:7], s[0:7], s[8:11] dmask:0xf da" -- \
  $x --from gcn --gpu gfx9 --to ptx --dim 2d_array --input "$tmp/in.s"
check input-gcn-other 1 "// s_load_dwordx8 s[0:7], s[2:3], 0x0" -- $x --from gcn --gpu gfx9 --to ptx --dim 2d_array --input "$tmp/in.s"
check input-gcn-refused 1 "// line 3 [refused: PTX tex has no implicit (quad-derivative) LOD" -- \
  $x --from gcn --gpu gfx9 --to ptx --dim 2d_array --input "$tmp/in.s"
check input-gcn-status 1 "1 of 2 texture instructions not translated (1 refused, 0 errors)" -- \
  $x --from gcn --gpu gfx9 --to ptx --dim 2d_array --input "$tmp/in.s"
# the same words as a binary (8 bytes each, little endian)
printf '\000\117\220\360\004\000\100\000' > "$tmp/in.bin"
check input-gcn-binary 0 "; line 1 [translated]: 0x00400004f0904f00" -- $x --from gcn --gpu gfx9 --to ir3 --gpu a630 --dim 2d_array --input "$tmp/in.bin"
printf '\000\117\220' > "$tmp/odd.bin"
check input-gcn-binary-odd 1 "a binary of 3 bytes: GCN MIMG words are 8 bytes each" -- $x --from gcn --gpu gfx9 --to ir3 --gpu a630 --input "$tmp/odd.bin"
# an ir3 listing in Mesa's syntax with (sy) and a non-texture line
printf 'mov.f32f32 r1.x, r0.x\n(sy)sam (f32)(xyzw)r0.x, r1.x, s#0, t#0\nsaml (f32)(xyzw)r0.x, r1.x, r5.x, s#0, t#0\n' > "$tmp/in.ir3"
check input-ir3 0 "; line 3 [translated]: saml (f32)(xyzw)r0.x, r1.x, r5.x, s#0, t#0" -- \
  $x --from ir3 --gpu a630 --to gcn --gpu gfx9 --input "$tmp/in.ir3"
check input-ir3-json 0 '"lines":[{"line":1,"text":"mov.f32f32 r1.x, r0.x","verdict":"other"},{"line":2,"text":"(sy)sam' -- \
  $x --from ir3 --gpu a630 --to gcn --gpu gfx9 --json --input "$tmp/in.ir3"
check input-ir3-json-counts 0 '"texture":2,"translated":2,"refused":0,"errors":0}' -- \
  $x --from ir3 --gpu a630 --to gcn --gpu gfx9 --json --input "$tmp/in.ir3"
check matrix 0 "| sample 2d lod | exact | exact | exact | exact | exact | exact |" -- $x --matrix

# refusals (exit 1) with the reason
check refuse-implicit 1 "tmu: error: translate: argument 1: sam (f32)(xyzw)r0.x, r1.x, s#0, t#0: refused: PTX tex has no implicit" -- \
  $x --from ir3 --gpu a630 --to ptx 'sam (f32)(xyzw)r0.x, r1.x, s#0, t#0'
check refuse-offsets 1 "refused: the source's texel offsets are 6-bit" -- \
  $x --from gcn --gpu gfx9 --to ptx 'image_sample_lz_o v[0:3], v[4:6], s[0:7], s[8:11] dmask:0xf'
check refuse-msaa 1 "refused: multisample image_load needs the FMASK" -- \
  $x --from ptx --to gcn --gpu gfx9 'tex.2dms.v4.s32.s32 {%r1, %r2, %r3, %r4}, [tex0, {%r5, %r6, %r7, _}];'
check refuse-txq-state 1 "txq .filter_mode reads sampler or format state" -- \
  $x --from ptx --to gcn --gpu gfx9 'txq.filter_mode.b32 %r1, [tex0];'
# bad input (exit 1) and bad command lines (exit 2)
check bad-ptx 1 "tmu: error: translate: argument 1:" -- $x --from ptx --to gcn --gpu gfx9 'tex.2d.v4.f32 {%f1}, [tex0'
check bad-word 1 "is not a 64-bit hex word" -- $x --from gcn --gpu gfx9 --to ptx 0xZZ
check bad-gcn-text 1 "tmu: error: translate: argument 1:" -- $x --from gcn --gpu gfx9 --to ptx 'image_sample v[0:3]'
printf 'tex.base.2d.v4.s32.f32 {%%r1, %%r2, %%r3, %%r4}, [tex0, {%%f1, %%f2}];\ntex.2d.v4.f32 {%%f1}, [tex0\n' > "$tmp/bad.ptx"
check bad-line 1 "; line 2 [error: " -- $x --from ptx --to gcn --gpu gfx9 --input "$tmp/bad.ptx"
check bad-line-status 1 "bad.ptx: 1 of 2 texture instructions not translated (0 refused, 1 errors)" -- $x --from ptx --to gcn --gpu gfx9 --input "$tmp/bad.ptx"
check bad-line-keeps-good 1 "image_sample_lz v[0:3]" -- $x --from ptx --to gcn --gpu gfx9 --input "$tmp/bad.ptx"
check no-file 1 "tmu: error: translate:" -- $x --from ptx --to gcn --gpu gfx9 --input "$tmp/none.ptx"
: > "$tmp/empty"
check empty-file 1 "no texture instruction in the file" -- $x --from ptx --to gcn --gpu gfx9 --input "$tmp/empty"
check no-to 2 "--to ISA is required" -- $x --from ptx 'tex.2d.v4.f32.f32 {%f1, %f2, %f3, %f4}, [tex0, {%f5, %f6}];'
check no-from 2 "--from ISA is required" -- $x --to gcn --gpu gfx9 x
check bad-isa 2 "unknown ISA 'amd'" -- $x --from amd --to gcn --gpu gfx9 x
check same-isa 2 "source and target are both gcn" -- $x --from gcn --gpu gfx9 --to gcn --gpu gfx8 0x0
check bad-gpu 2 "unknown GCN generation 'gfx12'" -- $x --from ptx --to gcn --gpu gfx12 x
# RDNA targets: the same op, DIM instead of DA; the bytes are llvm-mc 16's for this text
# (llvm-mc-16 -arch=amdgcn -mcpu=gfx1030 / gfx1100 -show-encoding)
check ptx-gfx1030 0 "image_sample_l v[0:3], v[8:11], s[0:7], s[8:11] dmask:0xf dim:SQ_RSRC_IMG_2D_ARRAY  ; 0x00400008f0900f28" -- \
  $x --from ptx --to gcn --gpu gfx1030 "$a2d"
check ptx-gfx11 0 "image_sample_l v[0:3], v[8:11], s[0:7], s[8:11] dmask:0xf dim:SQ_RSRC_IMG_2D_ARRAY  ; 0x08000008f0740f14" -- \
  $x --from ptx --to gcn --gpu gfx11 "$a2d"
# an RDNA NSA source (dwords in memory order, or its llvm-mc 16 text): each slot from its own VGPR
check gfx10-nsa-src 0 "// %f5 = mov v9    (coord1)" -- \
  $x --from gcn --gpu gfx10 --dim 2d --to ptx 'image_sample_l v[0:3], [v4, v9, v6], s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_2D'
check gfx10-nsa-words 0 "// %f6 = mov v6    (lod)" -- \
  $x --from gcn --gpu gfx10 --dim 2d --to ptx 0xf0900f0a,0x00820004,0x00000609
# an RDNA listing (--input): lines of 2-5 dwords, or raw code cut by the length rule
printf 'image_sample_l v[0:3], [v4, v9, v6], s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_2D\n0xf0900f0a,0x00820004,0x00000609\ns_nop 0\n' > "$tmp/rdna.s"
check rdna-listing 0 "; 3 lines, 2 texture instructions: 2 translated, 0 refused, 0 errors" -- \
  $x --from gcn --gpu gfx10 --dim 2d --to ir3 --gpu a630 --input "$tmp/rdna.s"
printf '\012\017\220\360\004\000\202\000\011\006\000\000\010\017\220\360\000\000\100\000' > "$tmp/rdna.bin"
check rdna-binary 0 "// line 2 [translated]: 0xf0900f08 0x00400000" -- \
  $x --from gcn --gpu gfx10 --dim 2d --to ptx --input "$tmp/rdna.bin"
check rdna-dim 1 "does not address a 3d texture" -- $x --from gcn --gpu gfx10 --dim 3d --to ptx 0xf0900f0a,0x00820004,0x00000609
check rdna-a16 1 "A16 (16-bit addresses) is not translated" -- \
  $x --from gcn --gpu gfx1030 --to ptx 'image_sample_l v[0:3], v[8:9], s[0:7], s[8:11] dmask:0xf dim:SQ_RSRC_IMG_2D a16'
check bad-ir3-gpu 2 "is not an Adreno a3xx-a7xx GPU" -- $x --from ptx --to ir3 --gpu a8xx x
check no-target-gpu 2 "a gcn target needs its generation" -- $x --from ptx --to gcn x
check ptx-gpu 2 "PTX has no generation to choose" -- $x --from ptx --gpu sm_90 --to gcn --gpu gfx9 x
check bad-dim 2 "unknown texture shape" -- $x --from gcn --gpu gfx9 --to ptx --dim 4d 0x0
check type-ptx 2 "only GCN words leave the data type open" -- $x --from ptx --to gcn --gpu gfx9 --type s32 x
check dim-mismatch 1 "the instruction's geometry is 2d_array, not --dim 2d" -- $x --from ptx --dim 2d --to gcn --gpu gfx9 "$a2d"
check no-instr 2 "no instruction" -- $x --from ptx --to gcn --gpu gfx9
check both-inputs 2 "either on the command line or in a file" -- $x --from ptx --to gcn --gpu gfx9 --input "$tmp/in.ptx" x
check matrix-extra 2 "takes no other option" -- $x --matrix --from ptx
check gpu-twice 2 "the target generation is given twice" -- $x --from ptx --to gcn --gpu gfx9 --gpu gfx8 x
finish
