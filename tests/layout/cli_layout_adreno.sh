#!/bin/sh
# tmu layout / detile / retile on Adreno a6xx / a7xx surfaces (--gpu; issue 26 item 4).  The
# expected values are Mesa's own, read from tests/data/adreno-tiling-a6xx.tsv (S, L and A rows):
# for a spread of surfaces, every surface-wide fdl_layout column, every level column and a spread
# of addresses.  Then detile / retile: detile puts at element (x, y) the tiled file's bytes at
# Mesa's address of (x, y); detile -> retile --into rebuilds the file byte for byte; and every
# error path: exit 2 + usage for a bad command line, exit 1 + "tmu: error: CMD: WHERE: WHAT"
# for bad input, never a crash, never a half-written output.
#   usage: cli_layout_adreno.sh TMU        (env: TMU_TEST_DATA = tests/data)
tmu=$1
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../cli/lib.sh"
D=${TMU_TEST_DATA:-$here/../data}
V=$(cd "$D" && pwd)/adreno-tiling-a6xx.tsv
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
LC_ALL=C; export LC_ALL

[ -r "$V" ] || { echo "FAIL: no vector file $V"; exit 1; }

# ---- help and manual ----
"$tmu" help --man | sed -e 's/\\-/-/g' -e 's/^\\&//' -e 's/\\e/\\/g' > man.txt
for c in layout detile retile; do
  check "help $c" 0 "--gpu NAME" -- "$tmu" $c --help
  for o in --gpu --tile --cpp --block --layers --3d --ubwc --mutable; do
    check "man $c $o" 0 "" -- grep -qe "  $o" man.txt
  done
done
check "help gpus" 0 "--gpus" -- "$tmu" layout --help

# ---- GPU presets: the facts of the vector file's 'gpuinfo' header lines ----
"$tmu" layout --gpus > gpus.txt
sed -n 's/^#   gpuinfo \([a-z0-9]*\) .* highest_bank_bit=\([0-9]*\) ubwc_swizzle=\(0x[0-9a-f]*\) macrotile_mode=\([01]\) .*/\1 \2 \3 \4/p' "$V" |
  sort > want_gpus.txt
awk 'NR > 1 { print $1, $5, $6, ($7 == "8_channel") }' gpus.txt | sort > got_gpus.txt
check gpus-match-vectors 0 "" -- diff want_gpus.txt got_gpus.txt
check gpus-count 0 5 -- sh -c "wc -l < got_gpus.txt"
check gpus-json 0 '"name": "a660", "gen": "a6xx", "gpu_id": 660' -- "$tmu" layout --gpus --json
for g in a660 660 FD660 fd660; do
  check "gpu-name $g" 0 "gpu a660 (a6xx)" -- "$tmu" layout --gpu $g --tile 3 --cpp 4 --size 64x64
done
check gpu-a6xx 0 "gpu a630 (a6xx)" -- "$tmu" layout --gpu a6xx --tile 3 --cpp 4 --size 64x64
check gpu-a7xx 0 "gpu a730 (a7xx)" -- "$tmu" layout --gpu a7xx --tile 3 --cpp 4 --size 64x64

# ---- conformance surfaces: S / L columns and a spread of A rows ----
# Formats whose fdl6_layout flags are all clear (no depth/stencil, two-component or Y8 format).
awk -F'\t' -v every=23 '
  function tile(t) { return t == "TILE6_3" ? 3 : t == "TILE6_2" ? 2 : 0 }
  /^#/ { next }
  $1 == "S" {
    ok = $4 ~ /^(R8_UINT|R16_UINT|R32_UINT|R32G32_UINT|R32G32B32A32_UINT|R8G8B8A8_UNORM|R16G16B16A16_FLOAT|B5G6R5_UNORM|R32G32B32A32_FLOAT|DXT1_RGBA|DXT5_RGBA|ASTC_.*|BPTC_RGBA_UNORM|ETC2_RGB8|ETC2_RGBA8)$/
    sel[$2] = 0
    if (!ok || (++n) % every != 1) next
    k++; sel[$2] = k; nat[k] = 0
    size = $8 "x" $9 ($16 == 1 ? "x" $10 : "")
    args = sprintf("--gpu %s --tile %d --cpp %d --block %sx%s --size %s --layers %s --levels %s --samples %s%s%s%s",
                   $3, tile($14), $5 / $13, $6, $7, size, $11, $12, $13,
                   $16 == 1 ? " --3d" : "", $15 == 1 ? " --ubwc" : "", $17 == 1 ? " --mutable" : "")
    print args > ("s" k ".args")
    print "S", $18, $19, $20, $21, $22, $23, $24, $25, $26, $27, $28, $29, $30, $31 > ("s" k ".want")
    next
  }
  $1 == "L" && sel[$2] { k = sel[$2]; print "L", $3, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17 > ("s" k ".want"); next }
  $1 == "A" && sel[$2] {
    k = sel[$2]
    if ((cnt[k]++) % 37 != 0 || nat[k] >= 10) next
    nat[k]++
    printf " --at %s,%s,%s,0,%s", $5, $6, $4, $3 > ("s" k ".at")
    print "A", $3, $4, $5, $6, $7 > ("s" k ".want")
  }
  END { print k > "count" }' "$V"
nsurf=$(cat count)
nat=0
i=1
while [ "$i" -le "$nsurf" ]; do
  args=$(cat s$i.args); at=$(cat s$i.at 2>/dev/null)
  # shellcheck disable=SC2086
  if "$tmu" layout $args $at > got.txt 2> err.txt; then
    awk '
      function v(k,   i, kv) { for (i = 1; i <= NF; i++) { split($i, kv, "="); if (kv[1] == k) return kv[2] } return "?" }
      $1 == "surface:" { print "S", v("size"), v("layer_size"), v("layer_first"), v("tile_mode"), v("ubwc"),
                         v("tile_all"), v("base_align"), v("pitchalign"), v("pitch0"), v("ubwc_width0"),
                         v("ubwc_layer_size"), v("highest_bank_bit"), v("ubwc_swizzle"), v("macrotile_mode") == "8_channel" }
      $1 == "level" { sub(":", "", $2); print "L", $2, v("width"), v("height"), v("tile_mode"), v("ubwc"), v("offset"),
                      v("row_pitch"), v("slice_size"), v("layer_stride"), v("ubwc_offset"), v("ubwc_pitch"), v("ubwc_size") }
      $1 == "at" { sub(":", "", $2); split($2, c, ","); print "A", c[5], c[3], c[1], c[2], $3 }' got.txt > norm.txt
    if diff s$i.want norm.txt > diff.txt; then pass=$((pass+1)); else
      echo "FAIL vector surface $i ($args):"; head -6 diff.txt | sed 's/^/    /'; fail=$((fail+1)); fi
  else
    echo "FAIL vector surface $i ($args): exit $?"; sed 's/^/    /' err.txt | head -3; fail=$((fail+1))
  fi
  nat=$((nat + $(grep -c '^A' s$i.want)))
  i=$((i+1))
done
check "vector surfaces sampled" 0 "" -- test "$nsurf" -ge 40
check "vector addresses sampled" 0 "" -- test "$nat" -ge 300
echo "checked $nsurf vector surfaces, $nat addresses"

# JSON: the same surface as text
check json 0 '"levels": [{"level": 0, "tile_mode": "TILE6_3"' -- "$tmu" layout --gpu a660 --tile 3 --cpp 4 --size 64x64 --json
check json-at 0 '"at": [{"x": 1, "y": 0, "slice": 0, "sample": 0, "level": 0, "address": 4}]' -- \
  "$tmu" layout --gpu a660 --tile 3 --cpp 4 --size 64x64 --json --at 1,0

# ---- detile / retile against the vectors' addresses ----
# One TILE6_3 surface per bank layout (a630: 4-channel hbb 15; a660: 8-channel hbb 16): detile
# must put at linear (x, y) the bytes at Mesa's offset of (x, y).
for g in a630 a660; do
  row=$(awk -F'\t' -v g=$g '$1 == "S" && $3 == g && $4 == "R32_UINT" && $5 == 4 && $14 == "TILE6_3" &&
        $15 == 0 && $16 == 0 && $8 >= 64 && $9 >= 16 && $11 == 1 && $21 == "TILE6_3" { print; exit }' "$V")
  sid=$(echo "$row" | cut -f2); w=$(echo "$row" | cut -f8); h=$(echo "$row" | cut -f9)
  lv=$(echo "$row" | cut -f12); size=$(echo "$row" | cut -f18)
  P="--gpu $g --tile 3 --cpp 4 --size ${w}x$h --levels $lv"
  noise "$size" t.bin
  check "detile $g" 0 "" -- "$tmu" detile $P -o lin.bin t.bin
  equal "detile-size $g" "$(wc -c < lin.bin | tr -d ' ')" $((w * h * 4))
  awk -F'\t' -v s=$sid '$1 == "A" && $2 == s && $3 == 0 && NR % 7 == 0 { print $5, $6, $7 }' "$V" | head -40 > pts.txt
  bad=0
  while read -r x y off; do
    [ "$(bytes_at lin.bin $(((y * w + x) * 4)) 4)" = "$(bytes_at t.bin "$off" 4)" ] || bad=$((bad+1))
  done < pts.txt
  equal "detile-at-vector-addresses $g ($(wc -l < pts.txt) points)" "$bad" 0
  check "retile-into $g" 0 "" -- "$tmu" retile $P --into t.bin -o back.bin lin.bin
  same_file "round-trip $g" t.bin back.bin
  check "retile-zero $g" 0 "" -- "$tmu" retile $P -o z.bin lin.bin
  check "detile-again $g" 0 "" -- "$tmu" detile $P -o lin2.bin z.bin
  same_file "round-trip-zero $g" lin.bin lin2.bin
  # a sub-rectangle: detile of --rect is the matching rows of the whole level
  check "detile-rect $g" 0 "" -- "$tmu" detile $P --rect 3,2,5,4 -o r.bin t.bin
  want=""; yy=2; while [ $yy -lt 6 ]; do want="$want$(bytes_at lin.bin $(((yy * w + 3) * 4)) 20)"; yy=$((yy+1)); done
  equal "detile-rect-bytes $g" "$(bytes_at r.bin 0 80)" "$want"
  # retile of a rectangle writes only its elements
  check "retile-rect $g" 0 "" -- "$tmu" retile $P --rect 3,2,5,4 --into t.bin -o rb.bin r.bin
  same_file "retile-rect-same $g" t.bin rb.bin
done
# a linear surface, a layer of an array and a 3D slice
P="--gpu a730 --tile 0 --cpp 2 --size 40x8 --layers 3"
s=$("$tmu" layout $P | sed -n 's/^surface: size=\([0-9]*\) .*/\1/p'); noise "$s" t.bin
check "detile linear layer" 0 "" -- "$tmu" detile $P --slice 2 -o lin.bin t.bin
check "retile linear layer" 0 "" -- "$tmu" retile $P --slice 2 --into t.bin -o back.bin lin.bin
same_file "round-trip linear layer" t.bin back.bin
P="--gpu a750 --tile 3 --cpp 8 --size 64x32x4 --3d --levels 2"
s=$("$tmu" layout $P | sed -n 's/^surface: size=\([0-9]*\) .*/\1/p'); noise "$s" t.bin
check "detile 3d" 0 "" -- "$tmu" detile $P --level 1 --slice 1 -o lin.bin t.bin
check "retile 3d" 0 "" -- "$tmu" retile $P --level 1 --slice 1 --into t.bin -o back.bin lin.bin
same_file "round-trip 3d" t.bin back.bin

# ---- errors: command line (exit 2) ----
G="--gpu a660 --tile 3 --cpp 4 --size 64x64"
usage gpu-and-chip "layout: --chip: is for AMD surfaces; --gpu (Adreno) and --chip exclude each other" -- "$tmu" layout $G --chip tahiti
usage chip-and-gpu "layout: --chip: is for AMD surfaces" -- "$tmu" layout --chip tahiti $G
usage gpus-and-chips "layout: --chips: is for AMD surfaces; --gpus (Adreno)" -- "$tmu" layout --gpus --chips
usage gpus-extra "layout: --gpus: takes no other option than --json (got --gpu)" -- "$tmu" layout --gpus --gpu a660
usage unknown-gpu "layout: --gpu: unknown Adreno GPU 'a999'" -- "$tmu" layout --gpu a999 --tile 3 --cpp 4 --size 4x4
usage missing-gpu-value "layout: --gpu" -- "$tmu" layout --gpu
usage missing-tile "layout: --tile: missing" -- "$tmu" layout --gpu a660 --cpp 4 --size 4x4
usage bad-tile "layout: --tile: is 3, 2 or 0" -- "$tmu" layout --gpu a660 --tile 1 --cpp 4 --size 4x4
usage missing-cpp "layout: --cpp: missing" -- "$tmu" layout --gpu a660 --tile 3 --size 4x4
usage bad-cpp "layout: --cpp: is 1, 2, 4, 8 or 16, not 3" -- "$tmu" layout --gpu a660 --tile 3 --cpp 3 --size 4x4
usage big-cpp "layout: --cpp" -- "$tmu" layout --gpu a660 --tile 3 --cpp 32 --size 4x4
usage bad-bpp "layout: --bpp: is 8, 16, 32, 64 or 128, not 24" -- "$tmu" layout --gpu a660 --tile 3 --bpp 24 --size 4x4
usage cpp-and-bpp "layout: --bpp: give either --cpp" -- "$tmu" layout $G --bpp 32
usage missing-size "layout: --size: missing" -- "$tmu" layout --gpu a660 --tile 3 --cpp 4
usage bad-size "layout: --size: '0x4' is not WxH" -- "$tmu" layout --gpu a660 --tile 3 --cpp 4 --size 0x4
usage depth-not-3d "layout: --size: a depth (WxHxD) is for --3d surfaces" -- "$tmu" layout --gpu a660 --tile 3 --cpp 4 --size 4x4x4
usage 3d-layers "layout: --layers: a --3d surface has one layer" -- "$tmu" layout $G --3d --layers 2
usage bad-samples "layout: --samples: is 1, 2, 4 or 8, not 3" -- "$tmu" layout $G --samples 3
usage bad-block "layout: --block: 'x4' is not WxH" -- "$tmu" layout $G --block x4
usage bad-levels "layout: --levels" -- "$tmu" layout $G --levels 16
usage bad-layers "layout: --layers" -- "$tmu" layout $G --layers 0
usage amd-swizzle "layout: --swizzle: is for AMD surfaces (--chip), not Adreno ones" -- "$tmu" layout $G --swizzle 1
usage amd-tile-index "layout: --tile-index: is for AMD surfaces" -- "$tmu" layout $G --tile-index 1
usage bad-at "layout: --at: '1' is not X,Y" -- "$tmu" layout $G --at 1
usage layout-positional "layout: argument" -- "$tmu" layout $G extra
usage layout-png "layout: argument" -- "$tmu" layout $G --png
usage detile-no-out "detile: -o: missing" -- "$tmu" detile $G t.bin
usage detile-no-input "detile: missing: the input file" -- "$tmu" detile $G -o x.bin
usage detile-two-inputs "detile: argument" -- "$tmu" detile $G -o x.bin a.bin b.bin
usage detile-at "detile: argument 1: unknown option '--at'" -- "$tmu" detile --at 1,1 $G -o x.bin t.bin
usage retile-stdin-twice "retile: --into: standard input is already LINEAR" -- "$tmu" retile $G --into - -o x.bin -
usage bad-rect "detile: --rect: '1,1,0,1' is not X,Y,W,H" -- "$tmu" detile $G --rect 1,1,0,1 -o x.bin t.bin
usage unknown-option "layout: argument 9: unknown option '--frob'" -- "$tmu" layout $G --frob

# ---- errors: input (exit 1) ----
input at-outside "layout: --at: 64,0: outside level 0 (64x64 blocks, 1 layer, 1 sample)" -- "$tmu" layout $G --at 64,0
input at-layer "layout: --at: 0,0,1: outside level 0" -- "$tmu" layout $G --at 0,0,1
input at-sample "layout: --at: 0,0,0,1: outside level 0" -- "$tmu" layout $G --at 0,0,0,1
input at-level "layout: --at: 0,0,0,0,1: level 1, but the surface has 1 level" -- "$tmu" layout $G --at 0,0,0,0,1
input at-ubwc "layout: --at: 0,0: level 0 has no known element order: it is UBWC-compressed" -- "$tmu" layout $G --ubwc --at 0,0
input at-tile6-2 "layout: --at: 0,0: level 0 has no known element order: it is TILE6_2" -- "$tmu" layout --gpu a660 --tile 2 --cpp 4 --size 64x64 --at 0,0
input at-32byte "layout: --at: 0,0: level 0 has no known element order: it is TILE6_3 with 32-byte pixels" -- "$tmu" layout --gpu a660 --tile 3 --cpp 16 --samples 2 --size 64x64 --at 0,0
input surface-refused "layout: surface: " -- "$tmu" layout --gpu a660 --tile 3 --cpp 4 --size 4x4 --levels 9
input surface-32-samples "layout: surface: " -- "$tmu" layout --gpu a660 --tile 3 --cpp 16 --samples 4 --size 4x4
noise 16384 t.bin
input detile-ubwc "detile: surface: level 0 has no known element order: it is UBWC-compressed" -- "$tmu" detile $G --ubwc -o x.bin t.bin
input detile-tile6-2 "detile: surface: level 0 has no known element order: it is TILE6_2" -- "$tmu" detile --gpu a660 --tile 2 --cpp 4 --size 64x64 -o x.bin t.bin
input retile-32byte "retile: surface: level 0 has no known element order" -- "$tmu" retile --gpu a660 --tile 3 --cpp 16 --samples 2 --size 64x64 -o x.bin t.bin
input detile-short "detile: t.bin: 16384 bytes, but the surface needs 65536" -- "$tmu" detile --gpu a660 --tile 3 --cpp 4 --size 128x128 -o x.bin t.bin
input detile-missing "detile: missing.bin: cannot open" -- "$tmu" detile $G -o x.bin missing.bin
input detile-level "detile: --level: 1: the surface has 1 level" -- "$tmu" detile $G --level 1 -o x.bin t.bin
input detile-slice "detile: --slice: 1: level 0 has 1 layer" -- "$tmu" detile $G --slice 1 -o x.bin t.bin
input detile-sample "detile: --sample: 1: the surface has 1 sample" -- "$tmu" detile $G --sample 1 -o x.bin t.bin
input detile-rect "detile: --rect: 8x8 at (60, 0) lies outside level 0 (64x64 blocks)" -- "$tmu" detile $G --rect 60,0,8,8 -o x.bin t.bin
input retile-size "retile: t.bin: 16384 bytes, but a 8x8 rectangle of 4-byte elements is 256" -- "$tmu" retile $G --rect 0,0,8,8 -o x.bin t.bin
head -c 256 /dev/zero > small.bin
input retile-into-short "retile: small.bin: 256 bytes, but the surface needs" -- "$tmu" retile $G --rect 0,0,8,8 --into small.bin -o x.bin small.bin
input png-cpp8 "detile: -o: a PNG holds" -- "$tmu" detile --gpu a660 --tile 3 --cpp 8 --size 32x32 -o x.png t.bin
check no-output-written 0 "" -- test ! -e x.bin
check no-png-written 0 "" -- test ! -e x.png
check no-tmp-left 0 "" -- sh -c "[ -z \"\$(find . -name '.*.tmu-*')\" ]"
finish
