#!/bin/sh
# tmu ir3 run / tmu ir3 desc: results worked by hand, program files, raw descriptors, errors.
tmu=$1
. "$(dirname "$0")/../cli/lib.sh"
tmp=${TMPDIR:-/tmp}/tmu_ir3_exec_cli.$$
mkdir -p "$tmp"
trap 'rm -rf "$tmp"' EXIT
run="$tmu ir3 run --gpu a6xx"
# coords texel (x, y, layer, level): (0.375, 0.625) on 4x4 with nearest is texel (1, 2)
check run-sam 0 "fibers 0-63: r1.x=0x3f800000 (1)  r1.y=0x40000000 (2)  r1.z=0x00000000 (0)  r1.w=0x00000000 (0)" -- \
  $run --texture t0=coords:4x4 --sampler s0=filter=nearest --reg r0.x=0.375 --reg r0.y=0.625 \
  --asm 'sam (f32)(xyzw)r1.x, r0.x, s#0, t#0'
check run-explain 0 "operands: coord[0]=r0.x coord[1]=r0.y" -- \
  $run --texture t0=coords:4x4 --sampler s0=filter=nearest --explain --asm 'sam (f32)(xy)r1.x, r0.x, s#0, t#0'
# ir3-cat5.xml's brcst.active.w8 example with fibers 2 and 3 inactive: fibers 4-7 get s1
check run-brcst 0 "fibers 4-7: r0.z=0x00000001 (1)" -- \
  $run --reg r0.y=fiber --reg r0.z=0xd000 --active 0-1,4-7 --show 0-7 --asm 'brcst.active.w8 (u32)(x)r0.z, r0.y'
# 8x4 2D array of 3 layers, LOD 1: (4, 2, 3 >> 1, 3)
check run-getsize 0 "r2.x=0x00000004 (4)  r2.y=0x00000002 (2)  r2.z=0x00000001 (1)  r2.w=0x00000003 (3)" -- \
  $run --texture t0=index:8x4,dim=a2d,layers=3,levels=2 --reg r0.x=1 --asm 'getsize (u32)(xyzw)r2.x, r0.x, t#0'
check run-hazard 0 "hazard: reads r1.x (coord) while a cat5 result is pending" -- \
  $run --texture t0=coords:4x4 --sampler s0=filter=nearest \
  --asm 'sam (f32)(xy)r1.x, r0.x, s#0, t#0' --asm 'sam (f32)(x)r2.x, r1.x, s#0, t#0'
check run-dsx-words 0 "fibers 0-3: r1.x=0x3f000000 (0.5)" -- \
  $run --reg r0.x=fiber*0.5 --show 0-3 --word a3801104_00000001
# index texel of level 0 (2, 1) = 2 + 100; per-fiber values
check run-perfiber 0 "fiber 1: r1.x=0x00000066 (102)" -- \
  "$tmu" ir3 run --gpu a3xx --texture t0=index:4x4 --reg "r0.x=0,2,0,0,0,0,0,0" --reg "r0.y=0,1,0,0,0,0,0,0" \
  --reg r1.x=0 --asm 'isaml (u32)(x)r1.x, r0.x, r1.x, s#0, t#0'
printf '# two instructions\nsam (f32)(x)r1.x, r0.x, s#0, t#0 ; comment\n\n(sy)getinfo (u32)(xyzw)r2.x, t#0\n' > "$tmp/prog.s"
check run-file 0 "r2.x=0x0000000e (14)  r2.y=0x00000008 (8)  r2.z=0x00000001 (1)  r2.w=0x00000001 (1)" -- \
  $run --texture t0=coords:4x4 --sampler s0=filter=nearest "$tmp/prog.s"
printf 'gpu a6xx\ntexture t0=checker:2x2\nsampler s0=filter=nearest\nreg r0.x=0.25\nreg r0.y=0.25\n' > "$tmp/opts"
check run-input 0 "r1.x=0x3f800000 (1)" -- "$tmu" ir3 run --input "$tmp/opts" --asm 'sam (f32)(x)r1.x, r0.x, s#0, t#0'
# a raw A6XX_TEX_CONST: FMT6_32_UINT, swizzle XYZW, 2x1, PITCH 64, TYPE 2D, BASE 0x10000
printf '\007\000\000\000\010\000\000\000' > "$tmp/mem.bin"
desc="0x12c06880 0x8002 0x20002000 0 0x10000 0 0 0 0 0 0 0 0 0 0 0"
check run-raw 0 "r1.x=0x00000008 (8)" -- \
  $run --texture "t0=raw:$(echo $desc | tr ' ' ,)" --memory "0x10000=$tmp/mem.bin" --reg r0.x=1 \
  --asm 'isam (u32)(x)r1.x, r0.x, s#0, t#0'
check desc-tex 0 "tmu_texture: 2d r32_uint, 2x1x1, layers 1, levels 1, samples 1, swizzle rgba" -- \
  "$tmu" ir3 desc --gpu a6xx $desc
check desc-field 0 "d0[29:22]  FMT                     = 75 (FMT6_32_UINT)" -- "$tmu" ir3 desc --gpu a6xx $desc
check desc-samp 0 "WRAP_S                  = 3 (A6XX_TEX_CLAMP_TO_BORDER)" -- \
  "$tmu" ir3 desc --gpu a6xx --sampler 0x62 0 0 0
# TILE6_3 that is not what fdl6_layout lays out: 2x1 r32_uint is tiled only as depth (TILE_ALL 1),
# and its rows are 256-byte aligned
check desc-tiled 0 "not fdl6_layout's surface (a730, 2x1x1): PITCH 64 (layout 256), PITCHALIGN 0 (layout 2), TILE_ALL 0 (layout 1)" -- \
  "$tmu" ir3 desc --gpu a7xx 0x12c06883 0x8002 0x20002000 0 0x10000 0 0 0 0 0 0 0 0 0 0 0
# A raw TILE6_3 descriptor (issue 26): FMT6_8_8_8_8_UINT 128x4, one level, PITCH 512 (128 x 4
# bytes, 256-aligned), PITCHALIGN 2, ARRAY_PITCH 8192 (16 rows: TILE6_3 heights align to 16),
# BASE 0x10000.  Its memory: 32 blocks of 256 bytes, each byte holding its block number, so a
# texel reads the number of the 256-byte tile it lies in.  Texel (64, 0) is tile x 4, y 0 (16x4
# texels a tile): fd6_tiled_memcpy's block_x_xormask puts it at ((4 >> 1) << 3) x 256 = 0x1000 with
# a630's 4-channel macrotiles (x bit 1 only: 4 & 2 = 0), and at (16 ^ (4 & 6)) x 256 = 0x1400 with
# the 8-channel ones of a660 / a7xx (x bits 1, 2): texel bytes 16 and 20.
i=0
while [ $i -lt 32 ]; do
  head -c 256 /dev/zero | tr '\000' "\\$(printf %03o $i)" >> "$tmp/tiled.bin"
  i=$((i + 1))
done
head -c 4096 "$tmp/tiled.bin" > "$tmp/tiled_short.bin"
td="0x0cc06883,0x20080,0x20010002,2,0x10000,0x20000,0,0,0,0,0,0,0,0,0,0"
tiled() { # GPU DESCRIPTOR [MEMORY]
  "$tmu" ir3 run --gpu "$1" --texture "t0=raw:$2" --memory "0x10000=${3:-$tmp/tiled.bin}" --reg r0.x=64 \
    --reg r0.y=0 --reg r1.x=0 --show 0 --asm 'isaml (u32)(xyzw)r2.x, r0.x, r1.x, s#0, t#0'
}
check tiled-a630 0 "fiber 0: r2.x=0x00000010 (16)  r2.y=0x00000010 (16)" -- tiled a630 "$td"
check tiled-a6xx 0 "fiber 0: r2.x=0x00000010 (16)" -- tiled a6xx "$td"
check tiled-a610 0 "fiber 0: r2.x=0x00000010 (16)" -- tiled 610 "$td"
check tiled-a660 0 "fiber 0: r2.x=0x00000014 (20)  r2.y=0x00000014 (20)" -- tiled a660 "$td"
check tiled-a7xx 0 "fiber 0: r2.x=0x00000014 (20)" -- tiled a7xx "$td"
check tiled-a750 0 "fiber 0: r2.x=0x00000014 (20)" -- tiled a750 "$td"
check tiled-desc 0 "level 0: 128x4, offset 0, pitch 512 bytes, 16 rows, slice 8192 bytes, TILE6_3" -- \
  "$tmu" ir3 desc --gpu a660 $(echo "$td" | tr , ' ')
check tiled-nopreset 1 "texture descriptor t#0: GPU id 640 has no layout preset (presets: a610 a630 a660 a730 a750" -- \
  tiled 640 "$td"
check tiled-ubwc 1 "texture descriptor t#0: FLAG = 1 (UBWC compression)" -- \
  tiled a630 "0x0cc06883,0x20080,0x20010002,0x10000002,0x10000,0x20000,0,0,0,0,0,0,0,0,0,0"
check tiled-tile6-2 1 "texture descriptor t#0: TILE_MODE = 2 (TILE6_2): tmu knows no element order" -- \
  tiled a630 "0x0cc06882,0x20080,0x20010002,2,0x10000,0x20000,0,0,0,0,0,0,0,0,0,0"
check tiled-pitch 1 "not fdl6_layout's surface (a630, 128x4x1): PITCH 1024 (layout 512)" -- \
  tiled a630 "0x0cc06883,0x20080,0x20020002,2,0x10000,0x20000,0,0,0,0,0,0,0,0,0,0"
check tiled-short 1 "TILE6_3 surface at BASE 0x10000, 8192 bytes (fdl6_layout, a630), is not inside the mapped memory" -- \
  tiled a630 "$td" "$tmp/tiled_short.bin"
check desc-count 2 "DWORD: a texture descriptor has 16 dwords, got 2" -- "$tmu" ir3 desc --gpu a6xx 1 2
check desc-a5xx 1 "a3xx-a5xx descriptors have other layouts" -- "$tmu" ir3 desc --gpu a5xx --sampler 0 0 0 0
# errors
check err-nogpu 2 "tmu: error: ir3 run: --gpu: missing" -- "$tmu" ir3 run --asm 'dsx (f32)(x)r1.x, r0.x'
check err-option 2 "unknown option '--bogus'" -- $run --bogus 1
check err-unbound 1 "tmu: error: ir3 run: --asm 1: fiber 0: t#0 is not bound (0 texture slots)" -- \
  $run --asm 'sam (f32)(x)r1.x, r0.x, s#0, t#0'
check err-refused 1 "conv has no documented semantics" -- $run --asm 'conv (f32)(x)r1.x, r0.x, r0.y, s#0, t#0'
check err-parse 1 "unknown cat5 instruction 'samx'" -- $run --asm 'samx (f32)(x)r1.x, r0.x, s#0, t#0'
check err-reg 2 "--reg: 'r0.q' is not a register" -- $run --reg r0.q=1 --asm 'dsx (f32)(x)r1.x, r0.x'
check err-value 2 "'1.2.3' is not a value" -- $run --reg r0.x=1.2.3 --asm 'dsx (f32)(x)r1.x, r0.x'
check err-fibers 2 "has 64 or 128 fibers" -- $run --fibers 32 --asm 'dsx (f32)(x)r1.x, r0.x'
check err-subcmd 2 "unknown subcommand 'foo'" -- "$tmu" ir3 foo
check err-twice 2 "given twice" -- $run --gpu a7xx --asm 'dsx (f32)(x)r1.x, r0.x'
printf 'gpu a6xx\nreg r0.x=abc\n' > "$tmp/bad_opts"
check err-input-value 1 "bad_opts:2: r0.x: 'abc' is not a value" -- "$tmu" ir3 run --input "$tmp/bad_opts" --asm 'dsx (f32)(x)r1.x, r0.x'
# --fibers is checked against the GPU once every option is read: at its FILE:LINE from a file
printf 'gpu a6xx\n\nfibers 32\n' > "$tmp/bad_fibers"
check err-input-fibers 1 "bad_fibers:3: a wave of GPU id 600 has 64 or 128 fibers (Mesa threadsize), not 32" -- \
  "$tmu" ir3 run --input "$tmp/bad_fibers" --asm 'dsx (f32)(x)r1.x, r0.x'
check err-exec-file 1 "prog.s:2: fiber 0: t#0 is not bound" -- $run "$tmp/prog.s"
check desc-stdin 0 "FMT                     = 75 (FMT6_32_UINT)" -- sh -c "echo '$desc' | \"$tmu\" ir3 desc --gpu a6xx -"
check help 0 "usage: tmu ir3 run --gpu GPU" -- "$tmu" ir3 run --help
# issue 29 item 18: sparse textures.  8x8 checker, 4x4 tiles, tile (1, 0) not resident: fiber 0
# at texel (2, 2) is resident (.rck 0, white), fiber 1 at texel (6, 2) is not (.rck 1, zeros).
check sparse-rck 0 "fiber 1: r1.x=0x00000001 (1)" -- $run --texture t0=checker:8x8,sparse=4x4:0/1/0 \
  --sampler s0=filter=nearest --reg 'r0.x=fiber*0.5+0.3125' --reg r0.y=0.3125 --show 0-1 \
  --asm 'sam.rck (x)r1.x, r0.x, s#0, t#0'
check sparse-read 0 "fiber 0: r2.x=0x3f800000 (1)
    fiber 1: r2.x=0x00000000 (0)" -- $run --texture t0=checker:8x8,sparse=4x4:0/1/0 \
  --sampler s0=filter=nearest --reg 'r0.x=fiber*0.5+0.3125' --reg r0.y=0.3125 --show 0-1 \
  --asm 'sam (f32)(x)r2.x, r0.x, s#0, t#0'
# --json: one object per instruction; fiber 2 is shown but inactive (null); the second sam reads
# r1.x while the first's result is pending (hazard)
check json-first 0 '{"instruction":0,"word":"a0c07104_00000001","text":"sam.rck (x)r1.x, r0.x, s#0, t#0","fibers":[0,1,2],"writes":{"r1.x":[0,1,null]},"hazards":[]}' -- \
  $run --texture t0=checker:8x8,sparse=4x4:0/1/0 --sampler s0=filter=nearest --reg 'r0.x=fiber*0.5+0.3125' \
  --reg r0.y=0.3125 --show 0-2 --active 0-1 --json --asm 'sam.rck (x)r1.x, r0.x, s#0, t#0' \
  --asm 'sam (f32)(x)r2.x, r1.x, s#0, t#0'
check json-hazard 0 '"hazards":[{"reads":"r1.x","role":"coord"}]}' -- \
  $run --texture t0=checker:8x8 --sampler s0=filter=nearest --json --asm 'sam.rck (x)r1.x, r0.x, s#0, t#0' \
  --asm 'sam (f32)(x)r2.x, r1.x, s#0, t#0'
# issue 29 item 16: 'gradient' is sample / render's RGBA8 picture; the run commands say so
check gradient-is-coords 2 "'gradient' is the RGBA8 picture of tmu sample and tmu render; the pattern whose texels are their own coordinates (r32g32b32a32_float) is 'coords'" -- \
  $run --texture t0=gradient:4x4 --asm 'sam (f32)(x)r1.x, r0.x, s#0, t#0'
finish
