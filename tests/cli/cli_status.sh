#!/bin/sh
# Issue 29 item 17: every command that writes a file says so on standard error ("tmu: COMMAND:
# wrote FILE (N bytes...)"), never on standard output, and the commands that can run for seconds
# (render, gcn run --render) show their progress on standard error: on a terminal by default,
# never when it is not one, and as whole lines with TMU_PROGRESS=always.
# usage: cli_status.sh TMU
tmu=$1
. "$(dirname "$0")/lib.sh"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
SAMPLE='image_sample v[0:3], v[0:1], s[8:15], s[16:19] dmask:0xf'
# stdout and stderr apart: "OUT|ERR"
both() { "$@" > out.txt 2> err.txt; echo "rc=$? out=[$(cat out.txt)] err=[$(cat err.txt)]"; }
check render-wrote 0 "out=[] err=[tmu: render: wrote r.png (" -- both "$tmu" render --size 8x8 -o r.png
check render-wrote-note 0 "bytes, 8x8, checker 2d, linear filter, linear mips)]" -- both "$tmu" render --size 8x8 -o r.png
check render-stdout 0 "tmu: render: wrote <stdout> (8x8" -- sh -c "'$tmu' render --size 8x8 -o - 2>&1 >/dev/null"
check asm-wrote 0 "err=[tmu: asm: wrote code.bin (8 bytes)]" -- \
  both "$tmu" asm --isa gcn --gpu gfx9 --binary code.bin 'image_sample v[0:3], v4, s[8:15], s[16:19] dmask:0xf'
check disasm-wrote 0 "out=[] err=[tmu: disasm: wrote listing.s (" -- \
  both "$tmu" disasm --isa gcn --gpu gfx9 -o listing.s 0x00820004f0800f00
check gcn-render-wrote 0 "err=[tmu: gcn run: wrote g.png (" -- \
  both "$tmu" gcn run --gpu gfx9 --texture s8=checker:4x4 --sampler s16=filter=point --render 16x16 -o g.png -e "$SAMPLE"
check retile-wrote 0 "tmu: retile: wrote t.bin (" -- \
  both "$tmu" retile --chip ps4 --tile-index 14 --bpp 32 --size 8x8 -o t.bin r.png
check failed-says-nothing 0 "err=[tmu: error:" -- both "$tmu" asm --isa gcn --gpu gfx9 --binary bad.bin 'image_sample x'
check failed-no-wrote 1 "" -- grep -q wrote err.txt
# progress: not on a pipe or file by default, lines with TMU_PROGRESS=always, none with never
check progress-piped 1 "" -- sh -c "'$tmu' render --size 64x64 -o p.png 2>&1 | grep rendering"
check progress-always-render 0 "tmu: render: rendering 0%" -- \
  env TMU_PROGRESS=always "$tmu" render --size 64x64 -o p.png
check progress-always-gcn 0 "tmu: gcn run: rendering 0%" -- env TMU_PROGRESS=always \
  "$tmu" gcn run --gpu gfx9 --texture s8=checker:4x4 --sampler s16=filter=point --render 16x16 -o g.png -e "$SAMPLE"
check progress-never 1 "" -- sh -c "TMU_PROGRESS=never '$tmu' render --size 64x64 -o p.png 2>&1 | grep rendering"
finish
