#!/bin/sh
# Issue 29 items 2-5 and 20: memory limits that hold, and small CLI inconsistencies.
#  2: everything a run command allocates for textures and guest memory is counted, in total,
#     against tmu --max-bytes (not each piece alone), and a texture is not held twice;
#  3: a --memory ADDR=FILE file's size is checked before it is read;
#  4: an output that is also an input is refused however many files the command read;
#  5: ptx run parses and checks the module (and the textures' shapes) before it allocates;
# 20: global options given twice, a missing COMMAND, --version with an argument, SIZE 0,
#     asm's argument positions, render --size against --max-pixels, the texture blamed in
#     sample, plan-load's step back to an aligned address.
# Checks that bound memory with `ulimit -v` run only where the binary starts under such a limit
# (not under AddressSanitizer, which reserves terabytes of address space).
tmu=$1
. "$(dirname "$0")/lib.sh"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1

# input NAME EXPECTED -- CMD...: exit 1 and "tmu: error: EXPECTED" on stderr (stdout: anything)
input() { _en=$1 _ew=$2; shift 3; expect_error "$_en" 1 any "$_ew" -- "$@"; }

W='s_waitcnt 0'
SAMPLE='image_sample v[0:3], v[4:5], s[8:15], s[16:19] dmask:0xf; s_waitcnt vmcnt(0)'
STORE='image_store v[0:3], v[4:5], s[8:15] dmask:0xf unorm; s_waitcnt 0'

# ---- 2. one budget for all of a command's textures and memory ----
# two regions of 600 KiB: each fits 1 MiB, together they do not
input gcn-two-regions "gcn run: --memory: guest memory needs 614400 bytes; with the 614400 this command holds already that is more than the limit of 1048576" -- \
  "$tmu" --max-bytes 1M gcn run --gpu gfx9 --memory 0x0:600K --memory 0x100000:600K -e "$W"
check gcn-one-region 0 "memory writes: none" -- "$tmu" --max-bytes 1M gcn run --gpu gfx9 --memory 0x0:600K -e "$W"
# a texture (256x256 checker: 262144 bytes, 64K-aligned at 4 GiB) plus a region
input gcn-texture-region "gcn run: --memory: guest memory needs 819200 bytes; with the 262144" -- \
  "$tmu" --max-bytes 1M gcn run --gpu gfx9 --texture s8=checker:256x256 --memory 0x0:800K -e "$W"
# a sampling program keeps one copy of its texture; a program that stores keeps a second copy
# of writable memory to find the writes, and that copy counts too
check gcn-sample-once 0 "changed VGPRs" -- "$tmu" --max-bytes 300K gcn run --gpu gfx9 \
  --texture s8=checker:256x256 --sampler s16=filter=point --vgpr v4=0.5 --vgpr v5=0.5 -e "$SAMPLE"
input gcn-store-copy "gcn run: --memory: a copy of writable guest memory (to find the writes) needs 262144 bytes; with the 262144" -- \
  "$tmu" --max-bytes 300K gcn run --gpu gfx9 --texture s8=checker:256x256 --vgpr v4=1 --vgpr v5=1 -e "$STORE"
check gcn-store-ok 0 "memory writes:" -- "$tmu" --max-bytes 600K gcn run --gpu gfx9 \
  --texture s8=checker:256x256 --vgpr v4=1 --vgpr v5=1 -e "$STORE"
printf '.version 8.0\n.target sm_90\n.address_size 64\n.global .texref t0;\n.entry k()\n{\n.reg .f32 %%f<8>;\ntex.2d.v4.f32.f32 {%%f0,%%f1,%%f2,%%f3}, [t0, {%%f4,%%f5}];\nret;\n}\n' > k.ptx
# three 8 KiB textures (32x16 coords, 16 bytes a texel) in a 20 KiB budget
input ptx-three-textures "ptx run: --texture: the texture needs 8192 bytes; with the 16384 this command holds already" -- \
  "$tmu" --max-bytes 20K ptx run --texture t0=coords:32x16 --texture t1=coords:32x16 --texture t2=coords:32x16 k.ptx
check ptx-two-textures 0 "lane 0" -- "$tmu" --max-bytes 20K ptx run --texture t0=coords:32x16 --texture t1=coords:32x16 k.ptx
input ir3-two-textures "ir3 run: --texture: the texture needs 16384 bytes; with the 16384 this command holds already" -- \
  "$tmu" --max-bytes 20K ir3 run --gpu a6xx --texture t0=coords:32x32 --texture t1=coords:32x32 --asm 'sam (f32)(xyzw)r0.x, r0.z, s#0, t#0'
# ir3 run --memory ADDR:SIZE counts in the same budget
input ir3-texture-memory "ir3 run: --memory: guest memory needs 16384 bytes; with the 16384" -- \
  "$tmu" --max-bytes 20K ir3 run --gpu a6xx --texture t0=coords:32x32 --memory 0x10000:16K --asm 'sam (f32)(xyzw)r0.x, r0.z, s#0, t#0'

# layout detile: the tiled surface (32 KiB) and the linear image (16 KiB) together
P="--chip ps4 --tile-index 10 --bpp 32 --size 64x64"
head -c 32768 /dev/zero > tiled.bin
# shellcheck disable=SC2086
input detile-total "detile: --rect: the linear image needs 16384 bytes; with the 32768 this command holds already that is more than the limit of 40960" -- \
  "$tmu" --max-bytes 40K detile $P -o lin.bin tiled.bin
# shellcheck disable=SC2086
check detile-fits 0 "" -- "$tmu" --max-bytes 48K detile $P -o lin.bin tiled.bin

# ---- 3. a file's size is checked before it is read (a sparse 3 GiB file: nothing read) ----
if truncate -s 3G big.bin 2>/dev/null; then
  input gcn-big-file "gcn run: --memory: guest memory needs 3221225472 bytes, more than the limit of 1073741824" -- \
    "$tmu" gcn run --gpu gfx9 --memory 0x100000=big.bin -e "$W"
  input ir3-big-file "ir3 run: --memory: guest memory needs 3221225472 bytes, more than the limit of 1073741824" -- \
    "$tmu" ir3 run --gpu a6xx --memory 0x100000=big.bin --asm 'sam (f32)(xyzw)r0.x, r0.z, s#0, t#0'
  input gcn-big-file-total "gcn run: --memory: guest memory needs 3221225472 bytes; with the 1048576" -- \
    "$tmu" --max-bytes 3G gcn run --gpu gfx9 --memory 0x0:1M --memory 0x100000=big.bin -e "$W"
  rm -f big.bin
fi
printf 'abcd' > four.bin
check gcn-file-region 0 "memory writes: none" -- "$tmu" --max-bytes 4 gcn run --gpu gfx9 --memory 0x100000=four.bin -e "$W"
input gcn-file-over "gcn run: --memory: guest memory needs 4 bytes, more than the limit of 3" -- \
  "$tmu" --max-bytes 3 gcn run --gpu gfx9 --memory 0x100000=four.bin -e "$W"
# from a stream, no more than the budget is read
input gcn-stream-over "gcn run: --memory: guest memory needs 4 bytes, more than the limit of 3" -- \
  sh -c "cat four.bin | \"$tmu\" --max-bytes 3 gcn run --gpu gfx9 --memory 0x100000=- -e '$W'"

# ---- 4. no fixed-size list decides whether an output is an input ----
if "$tmu" render --size 8x8 -o t.png >/dev/null 2>&1; then
  args=""
  for i in $(seq 1 20); do printf 'memory file %d\n' "$i" > "memf$i.bin"; args="$args --memory 0x$((i))000000=memf$i.bin"; done
  cp memf17.bin memf17.orig
  # shellcheck disable=SC2086
  input out-is-17th-input "gcn run: memf17.bin: is also an input (memf17.bin)" -- \
    "$tmu" gcn run --gpu gfx9 $args --render 8x8 -o memf17.bin -e "$W"
  check out-17th-unchanged 0 "" -- cmp memf17.bin memf17.orig
  # the same file under another name (a hard link), and the --input file
  ln memf20.bin alias.bin
  # shellcheck disable=SC2086
  input out-is-linked-input "gcn run: alias.bin: is also an input (memf20.bin)" -- \
    "$tmu" gcn run --gpu gfx9 $args --render 8x8 -o alias.bin -e "$W"
  printf 'memory 0x100000:4K\n' > opts.txt
  input out-is-options "gcn run: opts.txt: is also an input (opts.txt)" -- \
    "$tmu" gcn run --gpu gfx9 --input opts.txt --render 8x8 -o opts.txt -e "$W"
  check out-options-unchanged 0 "memory 0x100000:4K" -- cat opts.txt
  input out-is-png-texture "gcn run: t.png: is also an input (t.png)" -- \
    "$tmu" gcn run --gpu gfx9 --texture s8=png:t.png --render 8x8 -o t.png -e "$W"
fi

# ---- 5. ptx run: module and shapes checked before texture memory is allocated ----
printf '.version 8.0\n.target sm_90\n.address_size 64\n.global .texref t0;\n.entry k()\n{\n.reg .f32 %%f<8>;\ntex.2d.v4.f32.f32 {%%f0,%%f1}, [t0, {%%f4,%%f5}];\nret;\n}\n' > rej.ptx
input ptx-dim-first "ptx run: k.ptx:8:1: op sample: dim 2d does not match the texture's 2d_array (--texture)" -- \
  "$tmu" ptx run --texture t0=coords:16x16,dim=a2d,layers=2 k.ptx
check ptx-dim-nothing-run 1 "" -- test -s out.txt
if (ulimit -v 100000; "$tmu" --version) >/dev/null 2>&1; then
  # 256 MiB of texture under a 100 MB address-space limit: allocating it first would fail
  input ptx-dim-before-alloc "ptx run: k.ptx:8:1: op sample: dim 2d does not match the texture's 2d_array" -- \
    sh -c "ulimit -v 100000; exec \"$tmu\" ptx run --texture t0=coords:2048x2048,dim=a2d,layers=4 k.ptx"
  input ptx-reject-before-alloc "ptx run: rej.ptx:8:1: Argument vector size mismatch" -- \
    sh -c "ulimit -v 100000; exec \"$tmu\" ptx run --texture t0=coords:2048x2048,dim=a2d,layers=4 rej.ptx"
  # item 2: a 64 MiB texture sampled under a 104 MB limit (a second copy would not fit)
  check gcn-texture-not-twice 0 "changed VGPRs" -- sh -c "ulimit -v 106496; exec \"$tmu\" gcn run --gpu gfx9 \
    --texture s8=checker:4096x4096 --sampler s16=filter=point --vgpr v4=0.5 --vgpr v5=0.5 -e '$SAMPLE'"
fi

# ---- 20. small inconsistencies ----
usage max-bytes-twice "--max-bytes: given twice" -- "$tmu" --max-bytes 1G --max-bytes 2G demo
usage max-pixels-twice "--max-pixels: given twice" -- "$tmu" --max-pixels 10 --max-pixels=20 demo
usage no-command "argument 1: missing COMMAND" -- "$tmu"
usage no-command-after-options "argument 3: missing COMMAND" -- "$tmu" --max-bytes 1G
usage version-argument "argument 2: unexpected 'x': --version takes no arguments" -- "$tmu" --version x
usage memory-size-0 "gcn run: --memory: SIZE 0: a region holds at least 1 byte" -- \
  "$tmu" gcn run --gpu gfx9 --memory 0x0:0 -e "$W"
usage memory-past-end "gcn run: --memory: region 0xffffffff0000 + 131072 bytes runs past the end of the 48-bit address space" -- \
  "$tmu" gcn run --gpu gfx9 --memory 0xffffffff0000:128K -e "$W"
input asm-gcn-where "asm: argument 2, column 1: invalid instruction 'bogus'" -- \
  "$tmu" asm --isa gcn --gpu gfx9 's_waitcnt 0' bogus
input asm-ir3-where "asm: argument 1, column 1: unknown cat5 instruction 'bogus'" -- \
  "$tmu" asm --isa ir3 --gpu a6xx bogus
printf 'bogus\n' > prog.s
input asm-file-where "asm: prog.s:1:1: invalid instruction 'bogus'" -- "$tmu" asm --isa gcn --gpu gfx9 --input prog.s
input render-size-pixels "render: --size: 64x64 pixels is more than the limit of 100" -- \
  "$tmu" --max-pixels 100 render --size 64x64 -o x.png
input sample-default-texture "sample: pattern checker (16x16): the texture needs 1364 bytes, more than the limit of 1 " -- \
  "$tmu" --max-bytes 1 sample 0.5,0.5
input sample-tex-size "sample: --tex-size: the texture needs" -- "$tmu" --max-bytes 1 sample --tex-size 8 0.5,0.5
check plan-load-step-back 0 "a0, -2           ; step back to the aligned address the load starts at" -- \
  "$tmu" plan-load --class global --gpu gfx9 --components 1 --component-size 4 --align-offset 2
finish
