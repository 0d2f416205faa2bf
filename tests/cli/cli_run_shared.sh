#!/bin/sh
# Issue 29 item 21: ptx run, gcn run and ir3 run share one layer (tools/tmu/cli_spec.c,
# cli_common.h) for texture specs, sampler OPTS, register values, lane lists and --input files:
# the same text means the same thing in all three.  Expected values are worked by hand from the
# documented patterns (docs/cli.md): index = x + 100 y + ..., checker white where x + y is even.
# Checks that bound memory with `ulimit -v` run only where the binary starts under such a limit
# (not under AddressSanitizer, which reserves terabytes of address space).
tmu=$1
. "$(dirname "$0")/lib.sh"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1

# same NAME -- CMD1 -- CMD2: both exit 0 with the same standard output
same() {
  name=$1; shift 2
  a=""; while [ "$1" != "--" ]; do a="$a '$1'"; shift; done; shift
  eval "$a" >a.txt 2>&1 && ra=0 || ra=$?
  "$@" >b.txt 2>&1 && rb=0 || rb=$?
  if [ "$ra" -ne 0 ] || [ "$rb" -ne 0 ] || ! cmp -s a.txt b.txt; then
    echo "FAIL $name: exits $ra/$rb"; diff a.txt b.txt | head -6 | sed 's/^/    /'; fail=$((fail+1))
  else pass=$((pass+1)); fi
}

cat > k.ptx <<'EOF'
.version 8.0
.target sm_90
.address_size 64
.global .texref t0;
.entry k(.param .u64 h)
{
.reg .f32 %f<8>;
.reg .u64 %rd<2>;
ld.param.u64 %rd1, [h];
tex.2d.v4.f32.f32 {%f0,%f1,%f2,%f3}, [t0, {%f4,%f5}];
tex.2d.v4.f32.f32 {%f0,%f1,%f2,%f3}, [%rd1, {%f4,%f5}];
ret;
}
EOF
SAMPLE='image_sample v[0:3], v[4:5], s[8:15], s[16:19] dmask:0xf; s_waitcnt vmcnt(0)'
LOAD1D='image_load v0, v4, s[8:15] dmask:0x1 unorm; s_waitcnt 0'

# ---- sampler OPTS: the shared spellings in gcn run, the S# ones in ptx run ----
# checker 4x4 at (0.5, 0.25) bilinear: texels (1,0) black, (2,0) white, (1,1) white, (2,1) black
# blend to 0.5 (alpha 1)
check gcn-filter-linear 0 "v0[0] = 0x3f000000 0.5" -- "$tmu" gcn run --gpu gfx9 --texture s8=checker:4x4 \
  --sampler s16=filter=linear --vgpr v4=0.5 --vgpr v5=0.25 --show 0 -e "$SAMPLE"
same gcn-address-is-clamp -- "$tmu" gcn run --gpu gfx7 --texture s8=checker:8x8 \
  --sampler s16=filter=bilinear,clamp=mirror_once_border,border=opaque_white --vgpr v4=-1.3 --vgpr v5=0.7 -e "$SAMPLE" -- \
  "$tmu" gcn run --gpu gfx7 --texture s8=checker:8x8 \
  --sampler s16=filter=linear,address=mirror_once_border,border=opaque_white --vgpr v4=-1.3 --vgpr v5=0.7 -e "$SAMPLE"
same gcn-normalized-is-unnormalized -- "$tmu" gcn run --gpu gfx9 --texture s8=checker:4x4 \
  --sampler s16=unnormalized=1,filter=point --vgpr v4=1.5 --vgpr v5=0.5 --show 0 -e "$SAMPLE" -- \
  "$tmu" gcn run --gpu gfx9 --texture s8=checker:4x4 \
  --sampler s16=normalized=0,filter=nearest --vgpr v4=1.5 --vgpr v5=0.5 --show 0 -e "$SAMPLE"
same ptx-gcn-spellings -- "$tmu" ptx run --texture t0=checker:4x4,filter=linear,address=clamp --texture 0x7=coords:2x2 \
  --reg %f4=0.3 --reg %f5=0.6 --reg %rd1=0x7 k.ptx -- \
  "$tmu" ptx run --texture t0=checker:4x4,filter=bilinear,clamp=clamp_last_texel --texture 0x7=coords:2x2 \
  --reg %f4=0.3 --reg %f5=0.6 --reg %rd1=0x7 k.ptx
check gcn-precision-refused 2 "--sampler: precision= is no S# field" -- \
  "$tmu" gcn run --gpu gfx9 --sampler s16=precision=nvidia -e 's_waitcnt 0'

# ---- texture specs: every pattern and key in every command ----
# index (was ir3 only) in gcn: texel x of a 1d index texture is x; lane*1 puts lane N at x = N
check gcn-index-lane 0 "v0[5] = 0x00000005" -- "$tmu" gcn run --gpu gfx9 --texture s8=index:64,dim=1d \
  --vgpr v4=lane --show 5 -e "$LOAD1D"
# W alone is a 1d texture in every command
check gcn-w-is-1d 0 "-> 1d r32g32b32a32_float 8x1x1" -- "$tmu" gcn run --gpu gfx9 --texture s8=coords:8 --explain \
  -e 'image_load v0, v4, s[8:15] dmask:0x1 unorm'
# levels=full: an 8x4 texture has 4 levels; level 3 is 1x1
check ir3-levels-full 0 "r2.x=0x00000001 (1)  r2.y=0x00000001 (1)" -- "$tmu" ir3 run --gpu a6xx \
  --texture t0=index:8x4,levels=full --reg r0.x=3 --asm 'getsize (u32)(xyzw)r2.x, r0.x, t#0'
check ir3-levels-more 2 "--texture: levels=5: a 8x4x1 texture has 4" -- "$tmu" ir3 run --gpu a6xx \
  --texture t0=index:8x4,levels=5 --asm 'getsize (u32)(xyzw)r2.x, r0.x, t#0'
check ptx-mips 0 "lane 0:" -- "$tmu" ptx run --texture t0=mips:4x4,levels=3 --texture 0x7=checker:2x2 --reg %rd1=0x7 k.ptx
check ptx-ms-refused 2 "--texture: dim=ms: ptx run runs no multisampled textures" -- \
  "$tmu" ptx run --texture t0=coords:4x4,dim=ms k.ptx
check bad-pattern-same 2 "unknown pattern 'coord'; did you mean 'coords'" -- \
  "$tmu" ir3 run --gpu a6xx --texture t0=coord:4x4 --asm 'getsize (u32)(xyzw)r2.x, r0.x, t#0'

# ---- tiled textures through the shared layer (--chip): the same texels, wherever they lie ----
# coords 64x64 bilinear at (0.3, 0.7): u = 0.3 * 64 - 0.5 = 18.7, v = 0.7 * 64 - 0.5 = 44.3
for t in "--chip vega10 --texture t0=coords:64x64,swizzle=64KB_S_X" "--chip tonga --texture t0=coords:64x64,tiling=14" \
         "--chip a660 --texture t0=coords:64x64,tile=TILE6_3,levels=full" "--texture t0=coords:64x64"; do
  check "ptx-tiled $t" 0 "lane 0: %f0=18.7000008(0x4195999a) %f1=44.2999992(0x42313333)" -- \
    "$tmu" ptx run $t --texture 0x7=coords:2x2 --reg %rd1=0x7 --reg %f4=0.3 --reg %f5=0.7 k.ptx
done
# a 4x4 texture in a 64 KiB swizzle block: the surface's bytes are what is counted
input ptx-tiled-size "ptx run: --texture: the texture needs 65536 bytes, more than the limit of 4096" -- \
  "$tmu" --max-bytes 4K ptx run --chip vega10 --texture t0=coords:4x4,swizzle=64KB_S_X k.ptx
check ptx-tiled-no-chip 2 "--texture: tiling=/swizzle=/xor= needs an AMD chip: give --chip NAME" -- \
  "$tmu" ptx run --texture t0=coords:4x4,tiling=14 k.ptx
check ir3-chip-late 2 "--chip: give --chip before the tiled --texture" -- \
  "$tmu" ir3 run --gpu a660 --texture t0=coords:64x64,tile=3 --chip a730 --asm 'sam (f32)(xyzw)r1.x, r0.x, s#0, t#0'

# ir3: the --gpu's preset (a660), or --chip; nearest at (0.3, 0.7) = texel (19, 44)
for c in "--gpu a660" "--gpu a6xx --chip a660" "--gpu a660 --chip a730"; do
  check "ir3-tiled $c" 0 "fiber 0: r1.x=0x41980000 (19)  r1.y=0x42300000 (44)" -- "$tmu" ir3 run $c \
    --texture t0=coords:64x64,tile=TILE6_3 --sampler s0=filter=nearest --reg r0.x=0.3 --reg r0.y=0.7 --show 0 \
    --asm 'sam (f32)(xyzw)r1.x, r0.x, s#0, t#0'
done
check gcn-tile-refused 2 "--texture: tile= needs an Adreno chip: gcn run lays textures out through their T#" -- \
  "$tmu" gcn run --gpu gfx9 --texture s8=coords:4x4,tile=3 -e 's_waitcnt 0'

# ---- lane lists and register values ----
same gcn-active-is-exec -- "$tmu" gcn run --gpu gfx9 --texture s8=index:64,dim=1d --vgpr v4=lane --exec 0x30 \
  -e "$LOAD1D" -- "$tmu" gcn run --gpu gfx9 --texture s8=index:64,dim=1d --vgpr v4=lane --active 4-5 -e "$LOAD1D"
same gcn-show-is-lanes -- "$tmu" gcn run --gpu gfx9 --texture s8=index:64,dim=1d --vgpr v4=lane --lanes 0-3,8 \
  -e "$LOAD1D" -- "$tmu" gcn run --gpu gfx9 --texture s8=index:64,dim=1d --vgpr v4=lane --show 0x10f -e "$LOAD1D"
check ptx-show 0 "  lane 1:" -- "$tmu" ptx run --texture t0=coords:4x4 --texture 0x7=coords:2x2 --reg %rd1=0x7 \
  --lanes 4 --show 1 k.ptx
"$tmu" ptx run --texture t0=coords:4x4 --texture 0x7=coords:2x2 --reg %rd1=0x7 --lanes 4 --show 1 k.ptx > out.txt
check ptx-show-only 1 "" -- grep -q "lane 0:" out.txt
check ptx-lane-value 0 "lane 3: %f0=3" -- "$tmu" ptx run --texture t0=coords:4x4,normalized=0,filter=nearest \
  --texture 0x7=coords:2x2 --reg %rd1=0x7 --reg '%f4=lane*1+0.5' --reg %f5=0.5 --lanes 4 k.ptx

# ---- --input files: the same reader (comments, nesting, aliases) ----
printf 'lanes 2   # two lanes\nreg %%f4=0.25\n' > inner.txt
printf 'input inner.txt\ntexture t0=coords:4x4\ntexture 0x7=coords:2x2\nreg %%rd1=0x7\n' > outer.txt
check ptx-input-nests 0 "  lane 1:" -- "$tmu" ptx run --input outer.txt k.ptx
printf 'gpu gfx9\nlanes 0-1\n' > g.txt
check gcn-input-alias 0 "v0[0..1]" -- "$tmu" gcn run --input g.txt --texture s8=checker:4x4 \
  --sampler s16=filter=linear --vgpr v4=0.5 --vgpr v5=0.25 -e "$SAMPLE"

# ---- limits: residency maps count in the command's total ----
# coords 16x16 = 4096 bytes, sparse=1x1 a map of 256 bytes: 4352 > 4200
input ptx-sparse-total "ptx run: --texture: the residency map needs 256 bytes; with the 4096 this command holds already" -- \
  "$tmu" --max-bytes 4200 ptx run --texture t0=coords:16x16,sparse=1x1 k.ptx
input ir3-sparse-total "ir3 run: --texture: the residency map needs 256 bytes; with the 4096 this command holds already" -- \
  "$tmu" --max-bytes 4200 ir3 run --gpu a6xx --texture t0=coords:16x16,sparse=1x1 --asm 'getsize (u32)(xyzw)r2.x, r0.x, t#0'
input gcn-sparse-total "gcn run: --texture: guest memory needs 4096 bytes; with the 256 this command holds already" -- \
  "$tmu" --max-bytes 4200 gcn run --gpu gfx9 --texture s8=coords:16x16,sparse=1x1 -e 's_waitcnt 0'
check sparse-fits 0 "lane 0" -- "$tmu" --max-bytes 4400 ptx run --texture t0=coords:16x16,sparse=1x1 \
  --texture 0x7=checker:1x1 --reg %rd1=0x7 k.ptx

# ---- checked before allocating ----
if (ulimit -v 100000; "$tmu" --version) >/dev/null 2>&1; then
  # 256 MiB of texture under a 100 MB address-space limit: allocating it first would fail
  input ir3-asm-before-alloc "ir3 run: --asm 1" -- sh -c "ulimit -v 100000; exec \"$tmu\" ir3 run --gpu a6xx \
    --texture t0=coords:2048x2048,dim=a2d,layers=4 --asm 'sam (f32)(xyzw)r1.x, r0.x, s#0, t#0, bogus'"
  input ptx-handle-dim-before-alloc "ptx run: k.ptx:11:1: lane 0: op sample: dim 2d does not match the texture's 2d_array" -- \
    sh -c "ulimit -v 100000; exec \"$tmu\" ptx run --texture t0=coords:4x4 \
    --texture 0x7=coords:2048x2048,dim=a2d,layers=4 --reg %rd1=0x7 k.ptx"
fi

# ---- one help text for the shared parts ----
# a bad register value: 2 with usage on the command line, 1 with FILE:LINE in an --input file
usage ptx-bad-reg "ptx run: --reg: %f4: bad value 'zz'" -- "$tmu" ptx run --reg %f4=0.3,zz k.ptx
printf 'reg %%f4=q\n' > bad_reg.txt
input ptx-bad-reg-file "ptx run: bad_reg.txt:1: %f4: bad value 'q'" -- "$tmu" ptx run --input bad_reg.txt k.ptx
usage gcn-bad-sgpr "gcn run: --sgpr: 'zz' is not a 32-bit value" -- "$tmu" gcn run --gpu gfx9 --sgpr s0=zz -e 's_waitcnt 0'
for c in ptx gcn ir3; do
  check help-$c 0 "OPTS (comma-separated KEY=VALUE, the same in every run command)" -- "$tmu" $c run --help
done

finish
