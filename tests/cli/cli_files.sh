#!/bin/sh
# Issue 10 items 1-3: no command ever truncates, overwrites or removes a user's file on an error
# path.  For every command that writes a file (asm -o/--binary for both ISAs, disasm -o for both,
# render -o, demo --png, gcn run --render -o): an output that is also an input is refused (same
# name, another spelling, a hard link, a symbolic link) and the input is kept; a missing or bad
# input leaves an existing output as it was and creates no new one; no temporary file is left
# behind; "-o -" writes to standard output with status text on standard error; a device that
# cannot be written (a full device node this test creates itself, else a FIFO) is never removed.
tmu=$1
. "$(dirname "$0")/lib.sh"
D=$(dirname "$0")/../data
tmp=$(mktemp -d); trap 'chmod -R u+w "$tmp" 2>/dev/null; rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1

same() { # NAME FILE EXPECTED_CONTENT: the file still holds exactly this text
  if [ -f "$2" ] && [ "$(cat "$2")" = "$3" ]; then pass=$((pass+1)); else
    echo "FAIL $1: $2 changed: '$(cat "$2" 2>&1 | head -c 200)'"; fail=$((fail+1)); fi
}
absent() { if [ -e "$2" ]; then echo "FAIL $1: $2 was created"; fail=$((fail+1)); else pass=$((pass+1)); fi; }
no_tmp() { # no temporary file left beside the targets
  left=$(find . -name '.*.tmu-*' | head -3)
  if [ -z "$left" ]; then pass=$((pass+1)); else echo "FAIL $1: left behind: $left"; fail=$((fail+1)); fi
}

IR3='sam (f32)(xyzw)r0.x, r0.z, s#0, t#0'
GCN='image_sample v[0:3], v4, s[8:15], s[16:19] dmask:0xf'
printf '%s\n' "$IR3" > p.s; P_S=$(cat p.s)
printf '%s\n' "$GCN" > g.s; G_S=$(cat g.s)
printf 'a0c01f00_00000005\n' > w3.txt; W3=$(cat w3.txt)
printf '0x00820004f0800f00\n' > wg.txt; WG=$(cat wg.txt)

# ---- 1. asm: the issue's command, input = output under every spelling ----
check asm-ir3-in-eq-out   1 "p.s: is also an input (p.s)" -- "$tmu" asm --isa ir3 --gpu a6xx --input p.s --binary p.s
same  asm-ir3-in-kept     p.s "$P_S"
check asm-ir3-in-eq-out-o 1 "is also an input" -- "$tmu" asm --isa ir3 --gpu a6xx --input p.s -o ./p.s
same  asm-ir3-in-kept-o   p.s "$P_S"
mkdir sub
check asm-ir3-spelling    1 "is also an input" -- "$tmu" asm --isa ir3 --gpu a6xx --input p.s --binary sub/../p.s
ln p.s hard.s
check asm-ir3-hardlink    1 "is also an input" -- "$tmu" asm --isa ir3 --gpu a6xx --input p.s --binary hard.s
ln -s p.s sym.s
check asm-ir3-symlink     1 "is also an input" -- "$tmu" asm --isa ir3 --gpu a6xx --input p.s -o sym.s
same  asm-ir3-all-kept    p.s "$P_S"
check asm-gcn-in-eq-out   1 "g.s: is also an input (g.s)" -- "$tmu" asm --isa gcn --gpu gfx9 --input g.s --binary g.s
check asm-gcn-in-eq-out-o 1 "is also an input" -- "$tmu" asm --isa gcn --gpu gfx9 --input g.s -o ./g.s
same  asm-gcn-in-kept     g.s "$G_S"
# -o and --binary naming one file: a bad command line, nothing written
check asm-ir3-o-eq-bin    2 "'q.txt' is also the -o file" -- "$tmu" asm --isa ir3 --gpu a6xx --input p.s -o q.txt --binary q.txt
absent asm-ir3-o-eq-bin-none q.txt
check asm-gcn-bin-stdout  2 "standard output already takes the listing" -- "$tmu" asm --isa gcn --gpu gfx9 --input g.s --binary -

# a missing input: the existing outputs keep their contents
echo keep > out.bin; echo keep > out.txt
check asm-ir3-missing     1 "missing.s: cannot open" -- "$tmu" asm --isa ir3 --gpu a6xx --input missing.s --binary out.bin -o out.txt
same  asm-ir3-missing-bin out.bin keep
same  asm-ir3-missing-txt out.txt keep
check asm-gcn-missing     1 "missing.s: cannot open" -- "$tmu" asm --isa gcn --gpu gfx9 --input missing.s --binary out.bin -o out.txt
same  asm-gcn-missing-bin out.bin keep
# a bad line after good ones: nothing written, nothing created
printf '%s\nbogus r0.x\n' "$IR3" > bad3.s
printf '%s\nimage_bogus v0\n' "$GCN" > badg.s
check asm-ir3-bad-line    1 "bad3.s:2:1:" -- "$tmu" asm --isa ir3 --gpu a6xx --input bad3.s --binary out.bin -o out.txt
same  asm-ir3-bad-bin     out.bin keep
same  asm-ir3-bad-txt     out.txt keep
check asm-ir3-bad-new     1 "bad3.s:2:1:" -- "$tmu" asm --isa ir3 --gpu a6xx --input bad3.s --binary new.bin -o new.txt
absent asm-ir3-bad-new-bin new.bin
absent asm-ir3-bad-new-txt new.txt
check asm-gcn-bad-line    1 "badg.s:2:" -- "$tmu" asm --isa gcn --gpu gfx9 --input badg.s --binary out.bin -o out.txt
same  asm-gcn-bad-bin     out.bin keep
absent asm-gcn-bad-new    new.bin
# success replaces both files; a file's permissions are kept
chmod 600 out.txt
check asm-ir3-ok          0 "" -- "$tmu" asm --isa ir3 --gpu a6xx --input p.s --binary out.bin -o out.txt
same  asm-ir3-ok-txt      out.txt "$W3"
check asm-ir3-ok-bin      0 "05 00 00 00 00 1f c0 a0" -- od -An -tx1 -v out.bin
check asm-ir3-ok-mode     0 "-rw-------" -- ls -l out.txt
check asm-gcn-ok          0 "" -- "$tmu" asm --isa gcn --gpu gfx9 --input g.s --binary outg.bin -o outg.txt
same  asm-gcn-ok-txt      outg.txt "0x00820004f0800f00"
no_tmp asm-no-tmp

# ---- 3. disasm -o: the same rules ----
check dis-ir3-stdin-eq-out 1 "w3.txt: is also standard input" -- sh -c "\"$tmu\" disasm --isa ir3 --gpu a6xx -o w3.txt - < w3.txt"
same  dis-ir3-stdin-kept  w3.txt "$W3"
check asm-ir3-stdin-eq-out 1 "p.s: is also standard input" -- sh -c "\"$tmu\" asm --isa ir3 --gpu a6xx -o p.s < p.s"
same  asm-ir3-stdin-kept  p.s "$P_S"
check dis-ir3-bin-eq-out  1 "is also an input" -- "$tmu" disasm --isa ir3 --gpu a6xx --binary out.bin -o out.bin
check dis-gcn-bin-eq-out  1 "is also an input" -- "$tmu" disasm --isa gcn --gpu gfx9 --binary outg.bin -o ./outg.bin
check dis-gcn-ok-o        0 "" -- "$tmu" disasm --isa gcn --gpu gfx9 --binary outg.bin -o lst.txt
same  dis-gcn-ok-lst      lst.txt "image_sample v[0:3], v4, s[8:15], s[16:19] dmask:0xf"
check dis-gcn-bad         1 "not a MIMG word" -- "$tmu" disasm --isa gcn --gpu gfx9 -o lst.txt 0x00820004f0800f00 0xffffffffffffffff
same  dis-gcn-bad-kept    lst.txt "image_sample v[0:3], v4, s[8:15], s[16:19] dmask:0xf"
check dis-ir3-bad         1 "" -- "$tmu" disasm --isa ir3 --gpu a6xx -o lst.txt a0c01f00_00000005 zz
same  dis-ir3-bad-kept    lst.txt "image_sample v[0:3], v4, s[8:15], s[16:19] dmask:0xf"
check dis-ir3-missing     1 "nope.bin: cannot open" -- "$tmu" disasm --isa ir3 --gpu a6xx --binary nope.bin -o lst.txt
same  dis-ir3-missing-kept lst.txt "image_sample v[0:3], v4, s[8:15], s[16:19] dmask:0xf"
check dis-ir3-ok-o        0 "" -- "$tmu" disasm --isa ir3 --gpu a6xx -o lst3.txt a0c01f00_00000005
check dis-ir3-ok-lst      0 "sam (f32)(xyzw)r0.x, r0.z, s#0, t#0" -- cat lst3.txt
check dis-dash-o          0 "sam (f32)(xyzw)r0.x" -- "$tmu" disasm --isa ir3 --gpu a6xx -o - a0c01f00_00000005
no_tmp disasm-no-tmp

# ---- 2. render / demo / gcn run --render ----
if "$tmu" render --size 8x8 -o r.png >/dev/null 2>&1; then
  check render-magic      0 "PNG" -- head -c 4 r.png
  cp r.png r0.png
  check render-in-eq-out  1 "r.png: is also an input (r.png)" -- "$tmu" render --pattern r.png --size 8x8 -o r.png
  ln -s r.png link.png
  check render-symlink-in 1 "is also an input (link.png)" -- "$tmu" render --pattern link.png --size 8x8 -o r.png
  check render-kept       0 "" -- cmp r.png r0.png
  echo keep > keep.png
  check render-missing-in 1 "nosuch.png" -- "$tmu" render --pattern nosuch.png --size 8x8 -o keep.png
  same  render-missing-kept keep.png keep
  check render-bad-in     1 "w3.txt" -- "$tmu" render --pattern w3.txt --size 8x8 -o keep.png
  same  render-bad-kept   keep.png keep
  check render-bad-new    1 "w3.txt" -- "$tmu" render --pattern w3.txt --size 8x8 -o new.png
  absent render-bad-none  new.png
  # through a symbolic link: the target is replaced and the link stays a link
  check render-via-link   0 "wrote link.png" -- "$tmu" render --size 4x4 -o link.png
  check render-link-kept  0 "link.png -> r.png" -- ls -l link.png
  # -o -: the PNG alone on stdout, the status line on stderr
  "$tmu" render --size 8x8 -o - >stdout.png 2>stderr.txt; rc=$?
  check render-stdout-rc  0 "" -- sh -c "exit $rc"
  check render-stdout-png 0 "" -- cmp stdout.png r0.png
  check render-stdout-msg 0 "wrote <stdout> (8x8" -- cat stderr.txt
  check demo-png-stdout   2 "the tour's text goes to standard output" -- "$tmu" demo --png -
  check demo-in-place     0 "" -- "$tmu" demo --png d.png
  check demo-magic        0 "PNG" -- head -c 4 d.png
  # a device that cannot be written: the node is never removed (a test-owned full device when
  # this user may create one, else a FIFO with a reader that closes at once)
  if mknod fulldev c 1 7 2>/dev/null && [ -c fulldev ]; then
    check render-full     1 "fulldev: cannot write: No space left on device" -- "$tmu" render --size 8x8 -o fulldev
    check render-full-one 0 "" -- sh -c "[ \$(\"$tmu\" render --size 8x8 -o fulldev 2>&1 | wc -l) -eq 1 ]"
    check render-full-dev 0 "" -- test -c fulldev
    check demo-full       1 "fulldev: cannot write" -- "$tmu" demo --png fulldev
    check demo-full-dev   0 "" -- test -c fulldev
    if "$tmu" gcn run --gpu gfx9 --render 8x8 -o x.png -e 's_waitcnt 0' >/dev/null 2>&1 || [ -f x.png ]; then
      check gcnrun-full   1 "cannot write" -- "$tmu" gcn run --gpu gfx9 --render 16x8 -o fulldev -e "image_sample v[0:3], v[0:1], s[8:15], s[16:19] dmask:0xf" --texture s8=checker:4x4 --sampler s16=filter=point
      check gcnrun-full-dev 0 "" -- test -c fulldev
    fi
  else
    mkfifo fifo
    (exec 3<fifo; exec 3<&-) &
    check render-fifo     1 "fifo: cannot write" -- "$tmu" render --size 8x8 -o fifo
    wait
    check render-fifo-node 0 "" -- test -p fifo
  fi
  # gcn run --render: a PNG texture that is also the output is refused
  cp r0.png tex.png
  check gcnrun-in-eq-out  1 "is also an input" -- "$tmu" gcn run --gpu gfx9 --texture s8=png:tex.png --sampler s16=filter=point --render 16x8 -o tex.png -e "image_sample v[0:3], v[0:1], s[8:15], s[16:19] dmask:0xf"
  check gcnrun-tex-kept   0 "" -- cmp tex.png r0.png
  # a directory that cannot be written (not for root, who may write anyway)
  if [ "$(id -u)" != 0 ]; then
    mkdir ro; echo keep > ro/keep.png; chmod 555 ro
    check render-ro-dir   1 "cannot create a temporary file beside it" -- "$tmu" render --size 8x8 -o ro/keep.png
    same  render-ro-kept  ro/keep.png keep
  fi
fi
no_tmp all-no-tmp
finish
