#!/bin/sh
# CLI tests for `tmu gcn run`.  $1 = tmu binary.  Expected values are worked out by hand.
TMU="$1"
T="${TMPDIR:-/tmp}/tmu_gcn_run.$$"
. "$(dirname "$0")/cli_lib.sh" # check, check_rc, contains, lacks; makes $T

# Bilinear sample of a 4x4 checker at (0.5, 0.25): u = 2, v = 1 -> i0 = 1, j0 = 0, weights 1/2:
# black (1,0), white (2,0), white (1,1), black (2,1) -> 0.5 grey, alpha 1.
SAMPLE='image_sample v[0:3], v[4:5], s[8:15], s[16:19] dmask:0xf'
out=$("$TMU" gcn run --gpu gfx9 --texture s8=checker:4x4 --sampler s16=filter=bilinear \
      --vgpr v4=0.5 --vgpr v5=0.25 -e "$SAMPLE; s_waitcnt vmcnt(0)" 2>&1); rc=$?
check_rc "sample rc" 0 $rc
contains "sample grey" "v0[0..63] = 0x3f000000 0.5" "$out"
contains "sample alpha" "v3[0..63] = 0x3f800000 1" "$out"
contains "sample counters" "vm_cnt 1 exp_cnt 0" "$out"
contains "sample wait" "s_waitcnt vmcnt(0)" "$out"
contains "sample no hazard" "hazards: 0" "$out"

# The same instruction as a word (llvm-mc: image_sample v[0:3], v4, s[8:15], s[16:19] dmask:0xf)
# and s_waitcnt vmcnt(0) as its gfx9 word 0xbf8c0f70, from a program file; lanes 0-1 only.
printf '0x00820004f0800f00  # sample\n0xbf8c0f70\n' > "$T/prog.s"
out=$("$TMU" gcn run --gpu gfx9 --texture s8=checker:4x4 --sampler s16=filter=bilinear \
      --vgpr v4=0.5 --vgpr v5=0.25 --lanes 0-1 "$T/prog.s" 2>&1); rc=$?
check_rc "word rc" 0 $rc
contains "word result" "v0[0..1] = 0x3f000000 0.5" "$out"
lacks "word lanes" "v0[0..63]" "$out"

# A store of (1, 1, 1, 1) at texel (1, 0) of a 2x2 checker placed at 0x200000 (gfx9 pitch 64
# texels): bytes 4-6 change from 00 to ff (alpha was ff already); lane 0 only.
out=$("$TMU" gcn run --gpu gfx9 --texture s8=checker:2x2,at=0x200000 --exec 1 --vgpr v0=1.0 \
      --vgpr v1=1.0 --vgpr v2=1.0 --vgpr v3=1.0 --vgpr v4=1 --vgpr v5=0 \
      -e 'image_store v[0:3], v[4:5], s[8:15] dmask:0xf unorm' 2>&1); rc=$?
check_rc "store rc" 0 $rc
contains "store memory" "0x200004: ff ff ff" "$out"
contains "store counters" "vm_cnt 1 exp_cnt 1" "$out"

# A store of the sample's result before s_waitcnt: a hazard; an image_load then reads the store.
out=$("$TMU" gcn run --gpu gfx8 --texture s8=checker:4x4 --sampler s16=filter=bilinear \
      --vgpr v4=0.5 --vgpr v5=0.25 --exec 1 \
      -e "$SAMPLE; image_store v[0:3], v[6:7], s[8:15] dmask:0xf unorm" 2>&1); rc=$?
check_rc "hazard rc" 0 $rc
contains "hazard text" "hazard: instruction 2, v0: read of a pending result (missing s_waitcnt vmcnt) (instruction 1)" "$out"
contains "hazard count" "hazards: 4" "$out"

# --explain: the T# fields, the bound texture and the VGPR of each operand
out=$("$TMU" gcn run --gpu gfx9 --texture s8=checker:4x4 --sampler s16=filter=point --explain \
      -e 'image_sample_l v0, v[4:6], s[8:15], s[16:19] dmask:0x1' 2>&1); rc=$?
check_rc "explain rc" 0 $rc
contains "explain vaddr" "VADDR: v4=x v5=y v6=lod" "$out"
contains "explain texture" "-> 2d r8g8b8a8_unorm 4x4x1" "$out"
contains "explain tdesc" "DATA_FORMAT         = 10 (8_8_8_8)" "$out"
contains "explain sampler" "XY_MAG_FILTER       = 0 (POINT)" "$out"

# options from an input file
printf 'gpu gfx7\ntexture s8=coords:4x2\n# a comment\nsampler s16=filter=point,clamp=clamp_last_texel\nvgpr v4=0.625\nvgpr v5=0.75\nlanes 0\n' > "$T/in.txt"
out=$("$TMU" gcn run --input "$T/in.txt" -e "$SAMPLE" 2>&1); rc=$?
check_rc "input rc" 0 $rc
contains "input x" "v0[0] = 0x40000000 2" "$out"   # texel (2, 1) of coords: (x, y, 0, 0)
contains "input y" "v1[0] = 0x3f800000 1" "$out"

# errors: where and what, exit 1 for bad input, 2 for bad command lines
err=$("$TMU" gcn run --gpu gfx9 -e 'image_sample v[0:3], v4, s[8:15], s[16:19] dmask:0xf foo' 2>&1); rc=$?
check_rc "asm error rc" 1 $rc
contains "asm error" "tmu: error: gcn run: -e:1:" "$err"
printf '\n  0x00820004f0800f01\n' > "$T/bad.s"
err=$("$TMU" gcn run --gpu gfx9 "$T/bad.s" 2>&1); rc=$?
check_rc "word error rc" 1 $rc
contains "word error" "bad.s:2:3: 0x00820004f0800f01: bit 0 (opcode bit 7) is set" "$err"
err=$("$TMU" gcn run --gpu gfx9 -e "$SAMPLE" 2>&1); rc=$?
check_rc "no T# rc" 1 $rc
contains "no T#" "tmu: error: gcn run: -e:1: image_sample v[0:3], v4, s[8:15], s[16:19] dmask:0xf: TYPE 0 is not an image type" "$err"
# a gfx9 T# of a 4x4 r8g8b8a8 image at 0x100000 (PITCH 64 texels: 3 * 256 + 16 = 784 bytes) in
# no region
err=$("$TMU" gcn run --gpu gfx9 --sgpr s8=0x1000,0x00a00000,0xc003,0x90000fac,0x7e000 \
      --memory 0x200000:4K -e 'image_load v0, v[4:5], s[8:15] dmask:0x1 unorm' 2>&1); rc=$?
check_rc "no memory rc" 1 $rc
contains "no memory" "T# image at 0x100000 (784 bytes) is not inside one guest-memory region" "$err"
err=$("$TMU" gcn run --gpu gfx9 --texture s8=checker:4x4 --sampler s16=clamp=clamp_border,border=register:3 -e "$SAMPLE" 2>&1); rc=$?
check_rc "border rc" 1 $rc
contains "border" "BORDER_COLOR_PTR 3 is outside the border-colour table" "$err"
err=$("$TMU" gcn run -e "$SAMPLE" 2>&1); rc=$?
check_rc "no gpu rc" 2 $rc
contains "no gpu" "tmu: error: gcn run: --gpu: missing" "$err"
err=$("$TMU" gcn run --gpu gfx9 --frobnicate -e "$SAMPLE" 2>&1); rc=$?
check_rc "unknown option rc" 2 $rc
err=$("$TMU" gcn run --gpu gfx9 --vgpr v300=1 -e "$SAMPLE" 2>&1); rc=$?
check_rc "bad vgpr rc" 2 $rc   # a bad value on the command line (1 in an --input file)
contains "bad vgpr" "'v300' is not a register" "$err"
printf 'gpu gfx9\nsgpr s0=zz\n' > "$T/bad_sgpr.txt"
err=$("$TMU" gcn run --input "$T/bad_sgpr.txt" -e "$SAMPLE" 2>&1); rc=$?
check_rc "bad sgpr in a file rc" 1 $rc
contains "bad sgpr in a file" "gcn run: $T/bad_sgpr.txt:2: 'zz' is not a 32-bit value" "$err"
for opt in "--sgpr s0=zz" "--border zz" "--memory zz" "--exec zz"; do
  err=$("$TMU" gcn run --gpu gfx9 $opt -e "$SAMPLE" 2>&1); rc=$?
  check_rc "bad $opt rc" 2 $rc
  contains "bad $opt usage" "usage: tmu gcn run" "$err"
done
# every option whose bad value is a usage error on the command line (exit 2, the option named,
# the usage lines) is bad input in an --input file (exit 1, FILE:LINE named, no usage lines):
# OPTION|VALUE|MESSAGE, each option on line 2 of its file after 'gpu gfx10'
n=0
while IFS='|' read -r opt val msg; do
  n=$((n + 1))
  printf 'gpu gfx10\n%s %s\n' "$opt" "$val" > "$T/badopt$n.txt"
  err=$("$TMU" gcn run --input "$T/badopt$n.txt" -e "$SAMPLE" 2>&1); rc=$?
  check_rc "bad $opt in a file rc" 1 $rc
  contains "bad $opt in a file" "tmu: error: gcn run: $T/badopt$n.txt:2: $msg" "$err"
  lacks "bad $opt in a file: no usage" "usage:" "$err"
  err=$("$TMU" gcn run --gpu gfx10 "--$opt" "$val" -e "$SAMPLE" 2>&1); rc=$?
  check_rc "bad --$opt rc" 2 $rc
  contains "bad --$opt" "tmu: error: gcn run: --$opt: $msg" "$err"
  contains "bad --$opt usage" "usage: tmu gcn run" "$err"
done <<'EOF'
chip|foo|unknown chip 'foo' (presets: tahiti,
chip|tonga|tonga is a gfx8 chip; --gpu gfx10 takes navi10, navi14
print-vgprs|v1-v0|expected vN, vA-vB (0..255), a comma list of them or 'all', got 'v1-v0'
uv|1,2|expected U0,V0,U1,V1, got '1,2'
coords|v255|expected vN (N + 2 <= 256), got 'v255'
rgba|x4|expected vN (N + 4 <= 256), got 'x4'
wave|48|expected 32 or 64, got '48'
EOF
# --gpu itself, and the checks made once every option is read: at the option's FILE:LINE
printf 'gpu gfx99\n' > "$T/badgpu.txt"
err=$("$TMU" gcn run --input "$T/badgpu.txt" -e "$SAMPLE" 2>&1); rc=$?
check_rc "bad gpu in a file rc" 1 $rc
contains "bad gpu in a file" "gcn run: $T/badgpu.txt:1: unknown GCN GPU 'gfx99'; did you mean 'gfx9'" "$err"
err=$("$TMU" gcn run --gpu gfx99 -e "$SAMPLE" 2>&1); rc=$?
check_rc "bad --gpu rc" 2 $rc
contains "bad --gpu" "gcn run: --gpu: unknown GCN GPU 'gfx99'; did you mean 'gfx9'" "$err"
printf 'gpu gfx9\n# a gfx9 wave has 64 lanes\nwave 32\n' > "$T/wave9.txt"
err=$("$TMU" gcn run --input "$T/wave9.txt" -e "$SAMPLE" 2>&1); rc=$?
check_rc "wave 32 on gfx9 in a file rc" 1 $rc
contains "wave 32 on gfx9 in a file" "gcn run: $T/wave9.txt:3: a gfx9 wave has 64 lanes, not 32" "$err"
err=$("$TMU" gcn run --gpu gfx9 --wave 32 -e "$SAMPLE" 2>&1); rc=$?
check_rc "--wave 32 on gfx9 rc" 2 $rc
contains "--wave 32 on gfx9" "gcn run: --wave: a gfx9 wave has 64 lanes, not 32" "$err"
printf 'show 40\nwave 32\n' > "$T/lanes32.txt"
err=$("$TMU" gcn run --gpu gfx10 --input "$T/lanes32.txt" -e "$SAMPLE" 2>&1); rc=$?
check_rc "show 40 on a wave32 in a file rc" 1 $rc
contains "show 40 on a wave32 in a file" "gcn run: $T/lanes32.txt:1: a wave32 has lanes 0-31" "$err"
err=$("$TMU" gcn run --gpu gfx10 --show 40 --wave 32 -e "$SAMPLE" 2>&1); rc=$?
check_rc "--show 40 on a wave32 rc" 2 $rc
contains "--show 40 on a wave32" "gcn run: --show: a wave32 has lanes 0-31" "$err"
printf 'wave 32\n' > "$T/wave32.txt"
err=$("$TMU" gcn run --gpu gfx10 --input "$T/wave32.txt" --render 8x8 -o "$T/w.png" -e "$SAMPLE" 2>&1); rc=$?
check_rc "wave 32 with --render in a file rc" 1 $rc
contains "wave 32 with --render in a file" "gcn run: $T/wave32.txt:1: --render shades 8x8 tiles on a wave64" "$err"
printf 'json\n' > "$T/json.txt"
err=$("$TMU" gcn run --gpu gfx10 --input "$T/json.txt" --explain -e "$SAMPLE" 2>&1); rc=$?
check_rc "json in a file with --explain rc" 1 $rc
contains "json in a file with --explain" "gcn run: $T/json.txt:1: not with --explain" "$err"
printf 'explain\n' > "$T/explain.txt"
err=$("$TMU" gcn run --gpu gfx10 --input "$T/explain.txt" --json -e "$SAMPLE" 2>&1); rc=$?
check_rc "explain in a file with --json rc" 1 $rc
contains "explain in a file with --json" "gcn run: $T/explain.txt:1: not with --json" "$err"
err=$("$TMU" gcn run --gpu gfx10 --json --explain -e "$SAMPLE" 2>&1); rc=$?
check_rc "--json --explain rc" 2 $rc
contains "--json --explain" "gcn run: --json: not with --explain" "$err"
err=$("$TMU" gcn run --gpu gfx9 -e 's_waitcnt vmcnt(99)' 2>&1); rc=$?
check_rc "waitcnt range rc" 1 $rc
contains "waitcnt range" "'99' is not a count 0..63 for gfx9" "$err"

# Tiled images (--chip, tiling= / swizzle=): laid out as AMD addrlib lays them out on the chip.
# Texel (3, 5) of level 1 of coords is (3, 5, 0, 1) whatever the layout.
out=$("$TMU" gcn run --gpu gfx6 --chip tahiti --texture s8=coords:16x16,levels=3,tiling=14 \
      --vgpr v4=3 --vgpr v5=5 --vgpr v6=1 --lanes 0 --explain \
      -e 'image_load_mip v[0:3], v[4:6], s[8:15] dmask:0xf unorm' 2>&1); rc=$?
check_rc "tiled rc" 0 $rc
contains "tiled x" "v0[0] = 0x40400000 3" "$out"
contains "tiled y" "v1[0] = 0x40a00000 5" "$out"
contains "tiled level" "v3[0] = 0x3f800000 1" "$out"
contains "tiled layout" "layout (tahiti): TILING_INDEX 14" "$out"
contains "tiled level 0" "level 0: 16x16x1, offset 0, 2D_TILED_THIN1 (index 14)" "$out"
contains "tiled level 1" "1D_TILED_THIN1 (index 13)" "$out"
# the bilinear checker sample of the first test, on the PS4's tile modes and on raven's
# SW_64KB_S_X with pipe/bank XOR 3 in BASE_ADDRESS (raven: 4 pipes, 1 bank, 1 SE: XORs 0-3)
out=$("$TMU" gcn run --gpu gfx7 --chip ps4 --texture s8=checker:4x4,tiling=14 --sampler s16=filter=bilinear \
      --vgpr v4=0.5 --vgpr v5=0.25 -e "$SAMPLE; s_waitcnt vmcnt(0)" 2>&1); rc=$?
check_rc "ps4 rc" 0 $rc
contains "ps4 grey" "v0[0..63] = 0x3f000000 0.5" "$out"
out=$("$TMU" gcn run --gpu gfx9 --chip raven --texture s8=checker:4x4,swizzle=64KB_S_X,xor=3 --explain \
      --sampler s16=filter=bilinear --vgpr v4=0.5 --vgpr v5=0.25 -e "$SAMPLE; s_waitcnt vmcnt(0)" 2>&1); rc=$?
check_rc "raven rc" 0 $rc
contains "raven grey" "v0[0..63] = 0x3f000000 0.5" "$out"
contains "raven layout" "layout (raven): SW_MODE 25 = SW_64KB_S_X, pipe/bank XOR 3" "$out"
err=$("$TMU" gcn run --gpu gfx9 --chip raven --texture s8=checker:4x4,swizzle=64KB_S_X,xor=5 -e "$SAMPLE" 2>&1); rc=$?
check_rc "raven xor rc" 2 $rc
contains "raven xor" "BASE_ADDRESS 0x1000005: pipe/bank XOR 0x5 does not fit SW_MODE 25 (SW_64KB_S_X) on raven" "$err"
# --chip: presets by name, of the --gpu generation, before a tiled --texture
err=$("$TMU" gcn run --gpu gfx9 --chip navi99 -e "$SAMPLE" 2>&1); rc=$?
check_rc "chip unknown rc" 2 $rc
contains "chip unknown" "--chip: unknown chip 'navi99' (presets: tahiti, bonaire, hawaii, kaveri, liverpool (ps4), tonga, polaris10, polaris12, vega10, raven, navi10, navi14, navi21, navi21_8pipe, gfx11_32pipe, gfx11_16pipe, gfx11_8pipe, gfx11_4pipe_2pkr, gfx11_2pipe_1pkr)" "$err"
err=$("$TMU" gcn run --gpu gfx7 --chip tahiti -e "$SAMPLE" 2>&1); rc=$?
check_rc "chip generation rc" 2 $rc
contains "chip generation" "--chip: tahiti is a gfx6 chip; --gpu gfx7 takes bonaire, hawaii, kaveri, liverpool (ps4)" "$err"
err=$("$TMU" gcn run --gpu gfx7 --texture s8=checker:4x4,tiling=14 --chip ps4 -e "$SAMPLE" 2>&1); rc=$?
check_rc "chip late rc" 2 $rc
contains "chip late" "give --chip before the tiled --texture (it was laid out on bonaire)" "$err"
err=$("$TMU" gcn run --gpu gfx9 --texture s8=checker:4x4,tiling=14 -e "$SAMPLE" 2>&1); rc=$?
check_rc "tiling on gfx9 rc" 2 $rc
contains "tiling on gfx9" "tiling= is the gfx6-8 TILING_INDEX; gfx9+ take swizzle=MODE" "$err"
# refusals name the T# field.  A gfx8 T# of a 16x16 r8g8b8a8 image at 0x100000, TILING_INDEX 14
# (tonga: 2D_TILED_THIN1, level-0 pitch 256, 131072 bytes), PITCH 256:
LOAD='image_load v[0:3], v[4:5], s[8:15] dmask:0xf unorm'
T8='0x1000,0x00a00000,0x3c00f,0x90e00fac,0x1fe000,0,0'
out=$("$TMU" gcn run --gpu gfx8 --sgpr s8=$T8,0 --memory 0x100000:128K --exec 1 -e "$LOAD" 2>&1); rc=$?
check_rc "tiled T# rc" 0 $rc
err=$("$TMU" gcn run --gpu gfx8 --sgpr s8=$T8,0 --memory 0x100000:64K --exec 1 -e "$LOAD" 2>&1); rc=$?
check_rc "tiled region rc" 1 $rc
contains "tiled region" "T# image at 0x100000 (131072 bytes of tiled surface) is not inside one guest-memory region" "$err"
refused() { # name gpu T# message: $LOAD on the T# in s8, 128 KiB at 0x100000, exits 1 with it
  err=$("$TMU" gcn run --gpu "$2" --sgpr s8="$3" --memory 0x100000:128K --exec 1 -e "$LOAD" 2>&1)
  check_rc "$1 rc" 1 $?
  contains "$1" "$4" "$err"
}
refused dcc gfx8 0x1000,0x00a00000,0x3c00f,0x90e00fac,0x1fe000,0,0x200000,0 \
  "COMPRESSION_EN = 1: DCC is not modelled"
refused pitch gfx8 0x1000,0x00a00000,0x3c00f,0x90e00fac,0x7e000,0,0,0 \
  "PITCH + 1 = 64, but TILING_INDEX 14 on tonga gives level 0 a pitch of 256"
refused bc1 gfx8 0x1000,0x02300000,0x3c00f,0x90e00fac,0x1fe000,0,0,0 \
  "DATA_FORMAT 35 (BC1) / NUM_FORMAT 0 (UNORM) is block-compressed: BCn formats are not modelled"
refused sw_mode gfx9 0x1000,0x00a00000,0x3c00f,0x90c00fac,0,0,0,0 \
  "SW_MODE 12 (SW_VAR_Z) is not a gfx9 swizzle mode"
err=$("$TMU" gcn run --gpu gfx9 --sgpr s8=0x1000,0x00a00000,0x3c00f,0xe0920fac,0,0,0,0 \
      --memory 0x100000:128K --exec 1 -e 'image_load v[0:3], v[4:6], s[8:15] dmask:0xf unorm' 2>&1); rc=$?
check_rc "gfx9 msaa rc" 0 $rc

# --render: one PNG, never a half-written one
if "$TMU" gcn run --gpu gfx9 --render 8x8 -o "$T/x.png" -e 's_waitcnt 0' >/dev/null 2>&1 ||
   [ -f "$T/x.png" ]; then
  "$TMU" gcn run --gpu gfx9 --texture s8=checker:4x4 --sampler s16=filter=point --render 16x8 \
      -o "$T/r.png" -e "image_sample v[0:3], v[0:1], s[8:15], s[16:19] dmask:0xf"; rc=$?
  check_rc "render rc" 0 $rc
  sig=$(od -An -tx1 -N4 "$T/r.png" | tr -d ' \n')
  contains "render png" "89504e47" "$sig"
  echo keep > "$T/keep.png"
  "$TMU" gcn run --gpu gfx9 --render 16x8 -o "$T/keep.png" -e "$SAMPLE" 2>/dev/null; rc=$?
  check_rc "render error rc" 1 $rc
  contains "render kept" "keep" "$(cat "$T/keep.png")"
fi

# issue 29 item 18: lanes are numbered from 0 (--lanes 0 is lane 0 alone, lists like 0,2-3),
# --print-vgprs prints registers the program did not change, --json gives the same as one object.
# Bilinear on the 4x4 checker at (0.5, 0.25): the four texels around it are two white, two black
# (hand-worked: 0.5 = 0x3f000000 = 1056964608; alpha 1 = 0x3f800000).
out=$("$TMU" gcn run --gpu gfx9 --texture s8=checker:4x4 --sampler s16=filter=bilinear --vgpr v4=0.5 \
      --vgpr v5=0.25 --vgpr v9=7,8,9 --lanes 0 -e "$SAMPLE" 2>&1); rc=$?
check_rc "lanes 0 rc" 0 $rc
contains "lanes 0" "  v0[0] = 0x3f000000 0.5" "$out"
lacks "lanes 0 only" "v0[0..1]" "$out"
lacks "lanes 0 unchanged v9" "v9" "$out"
out=$("$TMU" gcn run --gpu gfx9 --texture s8=checker:4x4 --sampler s16=filter=bilinear --vgpr v4=0.5 \
      --vgpr v5=0.25 --vgpr v9=7,8,9 --lanes 0,2-3 --print-vgprs v3,v9 -e "$SAMPLE" 2>&1); rc=$?
check_rc "print-vgprs rc" 0 $rc
contains "print-vgprs header" "VGPRs (lanes):" "$out"
contains "print-vgprs v3" "  v3[0] = 0x3f800000 1" "$out"
contains "print-vgprs v3 2-3" "  v3[2..3] = 0x3f800000 1" "$out"
contains "print-vgprs unchanged v9 lane 0" "  v9[0] = 0x00000007" "$out"
contains "print-vgprs unchanged v9 lane 2" "  v9[2] = 0x00000009" "$out"
contains "print-vgprs unchanged v9 lane 3" "  v9[3] = 0x00000000 0" "$out"
lacks "print-vgprs not lane 1" "v9[1]" "$out"
lacks "print-vgprs only those" "v0[" "$out"
out=$("$TMU" gcn run --gpu gfx9 --texture s8=checker:4x4 --sampler s16=filter=bilinear --vgpr v4=0.5 \
      --vgpr v5=0.25 --lanes 0-1 --json -e "$SAMPLE; image_store v[0:3], v[6:7], s[8:15] dmask:0xf unorm" 2>&1); rc=$?
check_rc "json rc" 0 $rc
contains "json lines" '{"gpu":"gfx9","lines":[{"line":0,"text":"image_sample v[0:3], v[4:5], s[8:15], s[16:19] dmask:0xf","vm_cnt":1,"exp_cnt":0},' "$out"
contains "json lanes" '"lanes":[0,1],"vgprs":{"v0":[1056964608,1056964608],' "$out"
contains "json v3" '"v3":[1065353216,1065353216]' "$out"
contains "json hazard" '"hazards":[{"line":2,"vgpr":0,"kind":"read of a pending result (missing s_waitcnt vmcnt)","pending_line":1}' "$out"
contains "json memory" '"memory_writes":[' "$out"
out=$("$TMU" gcn run --gpu gfx9 --lanes 64 -e 's_waitcnt 0' 2>&1); rc=$?
check_rc "lanes 64 rc" 2 $rc
contains "lanes 64" "gcn run: --show: expected lanes 0..63" "$out"
out=$("$TMU" gcn run --gpu gfx9 --print-vgprs v256 -e 's_waitcnt 0' 2>&1); rc=$?
check_rc "print-vgprs v256 rc" 2 $rc
out=$("$TMU" gcn run --gpu gfx9 --json --explain -e 's_waitcnt 0' 2>&1); rc=$?
check_rc "json explain rc" 2 $rc

# issue 29 item 18: sparse textures from the CLI.  8x8 checker, tiles of 4x4, tile (1, 0) of
# level 0 not resident: lane 0 reads texel (0, 0) (resident: white, status 0); lane 1 reads
# texel (7, 0) (tile 1, 0: zeros, TFE status 1).
out=$("$TMU" gcn run --gpu gfx9 --texture s8=checker:8x8,sparse=4x4:0/1/0 --sampler s16=filter=point \
      --vgpr v4=0.0625,0.9375 --vgpr v5=0.0625 --lanes 0-1 \
      -e 'image_sample v[0:4], v[4:5], s[8:15], s[16:19] dmask:0xf tfe; s_waitcnt 0' 2>&1); rc=$?
check_rc "sparse rc" 0 $rc
contains "sparse resident" "  v0[0] = 0x3f800000 1" "$out"
contains "sparse status" "  v4[1] = 0x00000001" "$out"
lacks "sparse lane 1 data" "v0[1]" "$out"
lacks "sparse lane 0 status" "v4[0]" "$out"
# the same on a tiled gfx9 image with a pipe/bank XOR in its T# (64x64, tiles of 32x32)
out=$("$TMU" gcn run --gpu gfx9 --texture s8=checker:64x64,swizzle=64KB_S_X,xor=3,sparse=32x32:0/1/0 \
      --sampler s16=filter=point --vgpr v4=0.1,0.9 --vgpr v5=0.1 --lanes 0-1 \
      -e 'image_sample v[0:4], v[4:5], s[8:15], s[16:19] dmask:0xf tfe; s_waitcnt 0' 2>&1); rc=$?
check_rc "sparse tiled rc" 0 $rc
contains "sparse tiled status" "  v4[1] = 0x00000001" "$out"
lacks "sparse tiled lane 1 data" "v3[0..1]" "$out"
out=$("$TMU" gcn run --gpu gfx9 --texture s8=checker:8x8,sparse=4x4:0/2/0 -e 's_waitcnt 0' 2>&1); rc=$?
check_rc "sparse bad tile rc" 1 $rc
contains "sparse bad tile" "sparse=: tile '0/2/0' is not L/X/Y[/Z] of the texture (levels 0..0; level 0 has 2x2x1 tiles of 4x4x1)" "$out"
out=$("$TMU" gcn run --gpu gfx9 --texture s8=checker:8x8,sparse=4 -e 's_waitcnt 0' 2>&1); rc=$?
check_rc "sparse bad size rc" 1 $rc
contains "sparse bad size" "sparse=4: expected a tile size TWxTH" "$out"

# issue 29 item 16: 'gradient' is sample / render's RGBA8 picture; the run commands say so
out=$("$TMU" gcn run --gpu gfx9 --texture s8=gradient:4x4 -e 's_waitcnt 0' 2>&1); rc=$?
check_rc "gradient rc" 2 $rc
contains "gradient is coords" "'gradient' is the RGBA8 picture of tmu sample and tmu render; the pattern whose texels are their own coordinates (r32g32b32a32_float) is 'coords'" "$out"

[ $fails -eq 0 ] && echo "cli_gcn_run: all passed" || { echo "cli_gcn_run: $fails failed"; exit 1; }
