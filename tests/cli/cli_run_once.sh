#!/bin/sh
# ptx run, gcn run and ir3 run: a thing the options set (a texture or sampler binding, a
# register, a descriptor's SGPRs, a --border entry, a --memory range) is set once, like a
# single-valued option (docs/cli.md "Option files").  Given twice, on the command line, in an
# --input file or in both, the second is refused: exit 2 and the usage where it is an option,
# exit 1 at FILE:LINE in a file; the message names the thing and where it was first given.  The
# expected texts are the documented form "WHAT is given twice (first by OPTION on the command
# line | first at FILE:LINE)".
tmu=$1
. "$(dirname "$0")/lib.sh"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1

cat > k.ptx <<'PTX'
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
ret;
}
PTX
W='s_waitcnt 0'
GS='getsize (u32)(xyzw)r2.x, r0.x, t#0'

# ---- ptx run --texture / --sampler: one binding per name or handle value ----
usage ptx-tex-cmd-cmd "ptx run: --texture: binding 't0' is given twice (first by --texture on the command line)" -- \
  "$tmu" ptx run --texture t0=coords:4x4 --texture t0=checker:2x2 k.ptx
printf 'texture t0=checker:2x2\n' > t0.txt
input ptx-tex-cmd-file "ptx run: t0.txt:1: binding 't0' is given twice (first by --texture on the command line)" -- \
  "$tmu" ptx run --texture t0=coords:4x4 --input t0.txt k.ptx
usage ptx-tex-file-cmd "ptx run: --texture: binding 't0' is given twice (first at t0.txt:1)" -- \
  "$tmu" ptx run --input t0.txt --texture t0=coords:4x4 k.ptx
printf '# two\ntexture t0=checker:2x2\n\ntexture t0=coords:4x4\n' > t00.txt
input ptx-tex-file-file "ptx run: t00.txt:4: binding 't0' is given twice (first at t00.txt:2)" -- \
  "$tmu" ptx run --input t00.txt k.ptx
printf 'input t0.txt\n' > nest.txt
printf 'texture t0=index:2x2\n' > t1.txt
input ptx-tex-nested "ptx run: t0.txt:1: binding 't0' is given twice (first at t1.txt:1)" -- \
  "$tmu" ptx run --input t1.txt --input nest.txt k.ptx
# a handle value, however written
usage ptx-handle "ptx run: --texture: handle 0x7 is given twice (first by --texture on the command line)" -- \
  "$tmu" ptx run --texture t0=coords:4x4 --texture 0x7=coords:2x2 --texture 7=checker:2x2 k.ptx
# a texture's binding holds its sampler (unified mode): a --sampler of the same name is refused
usage ptx-sampler-after-texture "ptx run: --sampler: binding 't0' is given twice (first by --texture on the command line)" -- \
  "$tmu" ptx run --texture t0=coords:4x4 --sampler t0=filter=nearest k.ptx
usage ptx-sampler-twice "ptx run: --sampler: handle 0x9 is given twice (first by --sampler on the command line)" -- \
  "$tmu" ptx run --texture t0=coords:4x4 --sampler 9=filter=nearest --sampler 0x9=filter=linear k.ptx
# different names and handles are bound side by side
check ptx-distinct 0 "lane 0:" -- "$tmu" ptx run --texture t0=coords:4x4 --texture 0x7=coords:2x2 --sampler 0x8=filter=nearest k.ptx
# --reg: a register is set once
usage ptx-reg-cmd "ptx run: --reg: register %f4 is given twice (first by --reg on the command line)" -- \
  "$tmu" ptx run --texture t0=coords:4x4 --reg %f4=0.5 --reg %f4=0.25 k.ptx
printf 'reg %%f4=0.25\n' > r.txt
input ptx-reg-file "ptx run: r.txt:1: register %f4 is given twice (first by --reg on the command line)" -- \
  "$tmu" ptx run --texture t0=coords:4x4 --reg %f4=0.5 --input r.txt k.ptx
check ptx-reg-distinct 0 "lane 0:" -- "$tmu" ptx run --texture t0=coords:4x4 --reg %f4=0.5 --reg %f5=0.25 k.ptx

# ---- gcn run: an SGPR is set once, whether by --sgpr, a --texture's T# or a --sampler's S# ----
usage gcn-tex-cmd-cmd "gcn run: --texture: s8 is given twice (first by --texture on the command line)" -- \
  "$tmu" gcn run --gpu gfx9 --texture s8=coords:4x4 --texture s8=checker:2x2 -e "$W"
printf 'texture s8=checker:2x2\n' > s8.txt
input gcn-tex-cmd-file "gcn run: s8.txt:1: s8 is given twice (first by --texture on the command line)" -- \
  "$tmu" gcn run --gpu gfx9 --texture s8=coords:4x4 --input s8.txt -e "$W"
usage gcn-tex-file-cmd "gcn run: --texture: s8 is given twice (first at s8.txt:1)" -- \
  "$tmu" gcn run --gpu gfx9 --input s8.txt --texture s8=coords:4x4 -e "$W"
# a T# takes s8..s15: an S# at s12 overlaps it, one at s16 does not
usage gcn-sampler-in-tdesc "gcn run: --sampler: s12 is given twice (first by --texture on the command line)" -- \
  "$tmu" gcn run --gpu gfx9 --texture s8=coords:4x4 --sampler s12=filter=linear -e "$W"
check gcn-sampler-after-tdesc 0 "" -- "$tmu" gcn run --gpu gfx9 --texture s8=coords:4x4 --sampler s16=filter=linear -e "$W"
usage gcn-sgpr-range "gcn run: --sgpr: s1 is given twice (first by --sgpr on the command line)" -- \
  "$tmu" gcn run --gpu gfx9 --sgpr s1=5 --sgpr s0=1,2,3 -e "$W"
printf 'sgpr s15=0\n' > s15.txt
input gcn-sgpr-in-tdesc "gcn run: s15.txt:1: s15 is given twice (first by --texture on the command line)" -- \
  "$tmu" gcn run --gpu gfx9 --texture s8=coords:4x4 --input s15.txt -e "$W"
usage gcn-vgpr "gcn run: --vgpr: v4 is given twice (first by --vgpr on the command line)" -- \
  "$tmu" gcn run --gpu gfx9 --vgpr v4=1 --vgpr v5=2 --vgpr v4=lane -e "$W"
printf 'border 3=0,0,0,1\n' > b.txt
usage gcn-border "gcn run: --border: border entry 3 is given twice (first at b.txt:1)" -- \
  "$tmu" gcn run --gpu gfx9 --input b.txt --border 3=1,1,1,1 -e "$W"
# --exec and --active set one EXEC mask
usage gcn-exec-active "gcn run: --active: give --exec or --active, not both (the EXEC mask was given by --exec on the command line)" -- \
  "$tmu" gcn run --gpu gfx9 --exec 3 --active 0-1 -e "$W"
printf 'active 0-1\n' > act.txt
input gcn-exec-active-file "gcn run: act.txt:1: give --exec or --active, not both (the EXEC mask was given by --exec on the command line)" -- \
  "$tmu" gcn run --gpu gfx9 --exec 3 --input act.txt -e "$W"
# guest memory: regions (--memory, a --texture's surface) do not overlap
usage gcn-memory "gcn run: --memory: region 0x1080 + 16 bytes overlaps the region at 0x1000 (given by --memory on the command line)" -- \
  "$tmu" gcn run --gpu gfx9 --memory 0x1000:256 --memory 0x1080:16 -e "$W"
printf 'memory 0x1000:256\n' > gm.txt
usage gcn-memory-after-file "gcn run: --memory: region 0xf01 + 256 bytes overlaps the region at 0x1000 (given at gm.txt:1)" -- \
  "$tmu" gcn run --gpu gfx9 --input gm.txt --memory 0xf01:256 -e "$W"
check gcn-memory-adjacent 0 "" -- "$tmu" gcn run --gpu gfx9 --input gm.txt --memory 0xf00:256 -e "$W"
# a bad --texture value in a file is reported at FILE:LINE (it named --texture)
printf 'texture s8=coord:4x4\n' > bad_t.txt
input gcn-tex-bad-file "gcn run: bad_t.txt:1: unknown pattern 'coord'" -- "$tmu" gcn run --gpu gfx9 --input bad_t.txt -e "$W"
printf 'sampler s16=filter=fuzzy\n' > bad_s.txt
input gcn-sampler-bad-file "gcn run: bad_s.txt:1: " -- "$tmu" gcn run --gpu gfx9 --input bad_s.txt -e "$W"

# ---- ir3 run: a t#/s# slot, a bindless slot's texture and sampler, a register, a range ----
usage ir3-tex-cmd-cmd "ir3 run: --texture: texture t0 is given twice (first by --texture on the command line)" -- \
  "$tmu" ir3 run --gpu a6xx --texture t0=coords:4x4 --texture t0=index:2x2 --asm "$GS"
printf 'texture t0=index:2x2\n' > it.txt
input ir3-tex-cmd-file "ir3 run: it.txt:1: texture t0 is given twice (first by --texture on the command line)" -- \
  "$tmu" ir3 run --gpu a6xx --texture t0=coords:4x4 --input it.txt --asm "$GS"
usage ir3-sampler "ir3 run: --sampler: sampler s3 is given twice (first by --sampler on the command line)" -- \
  "$tmu" ir3 run --gpu a6xx --texture t0=coords:4x4 --sampler s3=filter=nearest --sampler s3=raw:0,0,0,0 --asm "$GS"
# t#0 and s#0 are two slots; a bindless slot holds a texture and a sampler, unless raw (one
# descriptor for both)
check ir3-t0-s0 0 "r2.x=0x00000004 (4)" -- "$tmu" ir3 run --gpu a6xx --texture t0=coords:4x4 --sampler s0=filter=nearest \
  --reg r0.x=0 --asm "$GS"
check ir3-bindless-both 0 "r2.x=0x00000004 (4)" -- "$tmu" ir3 run --gpu a6xx --texture t0=coords:4x4 \
  --texture b0:1=index:2x2 --sampler b0:1=filter=nearest --reg r0.x=0 --asm "$GS"
RAW16=0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0
usage ir3-bindless-raw "ir3 run: --sampler: sampler b0:1 is given twice (first by --texture on the command line)" -- \
  "$tmu" ir3 run --gpu a6xx --texture b0:1=raw:$RAW16 --sampler b0:1=filter=nearest --asm "$GS"
usage ir3-bindless-raw-after "ir3 run: --sampler: descriptor b0:1 is given twice (first by --texture on the command line)" -- \
  "$tmu" ir3 run --gpu a6xx --texture b0:1=index:2x2 --sampler b0:1=raw:0,0,0,0 --asm "$GS"
usage ir3-reg "ir3 run: --reg: register r0.x is given twice (first by --reg on the command line)" -- \
  "$tmu" ir3 run --gpu a6xx --texture t0=coords:4x4 --reg r0.x=0 --reg r0.y=1 --reg r0.x=1 --asm "$GS"
printf 'reg r0.x=1\n' > ir.txt
input ir3-reg-file "ir3 run: ir.txt:1: register r0.x is given twice (first by --reg on the command line)" -- \
  "$tmu" ir3 run --gpu a6xx --texture t0=coords:4x4 --reg r0.x=0 --input ir.txt --asm "$GS"
usage ir3-memory "ir3 run: --memory: the range at 0x10f0 overlaps the one at 0x1000 (given by --memory on the command line)" -- \
  "$tmu" ir3 run --gpu a6xx --texture t0=coords:4x4 --memory 0x1000:256 --memory 0x10f0:16 --asm "$GS"
printf 'memory 0xf00:257\n' > m.txt
input ir3-memory-file "ir3 run: m.txt:1: the range at 0xf00 overlaps the one at 0x1000 (given by --memory on the command line)" -- \
  "$tmu" ir3 run --gpu a6xx --texture t0=coords:4x4 --memory 0x1000:256 --input m.txt --asm "$GS"
check ir3-memory-adjacent 0 "r2.x=0x00000004 (4)" -- "$tmu" ir3 run --gpu a6xx --texture t0=coords:4x4 \
  --memory 0x1000:256 --memory 0xf00:256 --reg r0.x=0 --asm "$GS"

# ---- ir3 run --active: checked against --fibers once every option is read, and reported where
# it was given (exit 2 and the usage as an option, 1 at FILE:LINE), whatever the text holds ----
usage ir3-active-cmd "ir3 run: --active: expected a hex mask or ranges such as 0-3,8 below 64, not '0-70'" -- \
  "$tmu" ir3 run --gpu a6xx --fibers 64 --active 0-70 --texture t0=coords:4x4 --asm "$GS"
usage ir3-active-colon "ir3 run: --active: expected a hex mask or ranges such as 0-3,8 below 64, not '0:3'" -- \
  "$tmu" ir3 run --gpu a6xx --fibers 64 --active 0:3 --texture t0=coords:4x4 --asm "$GS"
printf 'active 0-70\n' > a.txt
input ir3-active-file "ir3 run: a.txt:1: expected a hex mask or ranges such as 0-3,8 below 64, not '0-70'" -- \
  "$tmu" ir3 run --gpu a6xx --fibers 64 --input a.txt --texture t0=coords:4x4 --asm "$GS"

finish
