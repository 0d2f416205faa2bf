#!/bin/sh
# tmu layout / detile / retile (issue 25).  The expected values are AMD addrlib's own, read from
# the conformance vectors (tests/data/amd-tiling-*.tsv): for a spread of rows of each file, the
# surface and level lines `tmu layout` prints and the address of every sample element of the row.
# Then detile / retile: the bytes detile puts at element (x, y) are the tiled file's bytes at
# addrlib's address of (x, y); a detile -> retile round trip rebuilds the tiled file byte for byte
# on every byte the level covers and writes nothing else; PNG round trips; and every error path:
# exit 2 with the usage for a bad command line, exit 1 with "tmu: error: COMMAND: WHERE: WHAT"
# for bad input, never a crash, never a damaged or half-written output file.
#   usage: cli_layout.sh TMU        (env: TMU_TEST_DATA = tests/data)
tmu=$1
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../cli/lib.sh"
D=${TMU_TEST_DATA:-$here/../data}
D=$(cd "$D" && pwd)
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
LC_ALL=C; export LC_ALL

surface_size() { "$tmu" layout "$@" | sed -n 's/^surface: size=\([0-9]*\) .*/\1/p'; }

# ---- help, registration, manual ----
for c in layout detile retile; do
  check "help $c" 0 "usage: tmu $c" -- "$tmu" $c --help
  check "help-cmd $c" 0 "usage: tmu $c" -- "$tmu" help $c
  check "listed $c" 0 "  $c " -- "$tmu" help
  usage "unknown-option $c" "$c: argument 1: unknown option '--frob'" -- "$tmu" $c --frob x
  "$tmu" help --man | sed -e 's/\\-/-/g' -e 's/^\\&//' -e 's/\\e/\\/g' > man.txt
  "$tmu" $c --help > help.txt
  missing=0
  while IFS= read -r line; do
    [ -n "$line" ] || continue
    grep -qxF -- "$line" man.txt || { echo "FAIL: tmu $c --help line not in the manual: '$line'"; missing=$((missing+1)); }
  done < help.txt
  equal "man-has-help $c" "$missing" 0
done
check man-section 0 '.SS "tmu layout"' -- "$tmu" help --man

# ---- chip presets: names, generations and GB_ADDR_CONFIG of the vectors' '#chip' rows ----
"$tmu" layout --chips > chips.txt
check chips-ps4 0 "(ps4)" -- cat chips.txt
for f in "$D/amd-tiling-gfx6-8.tsv" "$D/amd-tiling-gfx9-10.tsv" "$D/amd-tiling-gfx11.tsv"; do
  grep '^#chip' "$f" | while IFS="$(printf '\t')" read -r _ name gen cmd; do
    cfg=$(echo "$cmd" | sed -n 's/.*gb_addr_config=\(0x[0-9a-f]*\).*/\1/p')
    fam=$(echo "$cmd" | sed -n 's/.* family=\([0-9]*\).*/\1/p')
    echo "$name $gen $fam $cfg"
  done
done > want_chips.txt
awk 'NR > 1 { print $1, $2, $3, $5 }' chips.txt > got_chips.txt
check chips-match-vectors 0 "" -- diff want_chips.txt got_chips.txt
check chips-count 0 "19" -- sh -c "wc -l < got_chips.txt"
check chips-json 0 '{"name": "liverpool", "gen": "gfx7", "family": 120, "revision": 0, "gb_addr_config": "0x00000003"}' -- "$tmu" layout --chips --json

# ---- conformance rows: surface / level lines and every sample address ----
# Each selected row becomes rowN.args (the command line), rowN.at (the expected "at" lines) and
# rowN.has (extended regular expressions the output must match, one per line).
awk -F'\t' -v every=61 '
  /^#/ { next }
  !hdr { hdr = 1; next }
  (++n) % every != 1 { next }
  {
    k++; L = $8
    w = int($4 / 2 ^ L); if (w < 1) w = 1
    h = int($5 / 2 ^ L); if (h < 1) h = 1
    d = $6; if ($11 ~ /(^|,)volume(,|$)/) { d = int($6 / 2 ^ L); if (d < 1) d = 1 }
    args = sprintf("--chip %s --tile-index %s --bpp %s --size %sx%sx%s --levels %s --samples %s --flags %s",
                   $1, $10, $3, $4, $5, $6, $7, $9, $11)
    at = "rowA" k ".at"; printf "" > at
    ns = split($29, s, " ")
    for (i = 1; i <= ns; i++) {
      split(s[i], p, ":")
      args = args " --at " p[1] "," L
      printf "at %s,%s: %.0f\n", p[1], L, $28 + p[2] > at
    }
    close(at)
    print args > ("rowA" k ".args"); close("rowA" k ".args")
    printf "^level %s: offset=%s size=%s slice_size=%s width=%s height=%s depth=%s pitch=%s padded_height=%s padded_depth=%s base_align=%s tile_mode=%s tile_type=%s tile_index=%s macro_index=%s banks=%s bank_width=%s bank_height=%s macro_aspect=%s tile_split=%s pipe_config=%s$\n",
           L, $28, $15, $16, w, h, d, $12, $13, $14, $17, $18, $19, $20, $21, $22, $23, $24, $25, $26, $27 > ("rowA" k ".has")
    close("rowA" k ".has")
  }' "$D/amd-tiling-gfx6-8.tsv"
# gfx9+
awk -F'\t' -v every=29 '
  /^#/ { next }
  !hdr { hdr = 1; next }
  (++n) % every != 1 { next }
  {
    k++
    args = sprintf("--chip %s --rsrc %s --swizzle %s --bpp %s --size %sx%sx%s --levels %s --samples %s --flags %s --pipe-bank-xor %s",
                   $1, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
    at = "rowB" k ".at"; printf "" > at
    ns = split($29, s, " ")
    for (i = 1; i <= ns; i++) {
      split(s[i], p, ":")
      args = args " --at " p[1]
      printf "at %s: %.0f\n", p[1], p[2] > at
    }
    close(at)
    print args > ("rowB" k ".args"); close("rowB" k ".args")
    has = "rowB" k ".has"
    printf "^surface: size=%s base_align=%s slice_size=%s pitch=%s height=%s depth=%s block=%sx%sx%s mip_chain_in_tail=%s first_tail_mip=%s$\n",
           $16, $18, $17, $13, $14, $15, $19, $20, $21, $22, $23 > has
    split($24, mo, ","); split($25, mp, ","); split($26, mh, ","); split($27, md, ","); split($28, mt, ",")
    for (m = 0; m < $9; m++) {
      w = int($6 / 2 ^ m); if (w < 1) w = 1
      h = int($7 / 2 ^ m); if (h < 1) h = 1
      d = $8; if ($3 == "3d") { d = int($8 / 2 ^ m); if (d < 1) d = 1 }
      printf "^level %d: offset=%s .* width=%s height=%s depth=%s pitch=%s padded_height=%s padded_depth=%s .* mip_tail_offset=%s$\n",
             m, mo[m + 1], w, h, d, mp[m + 1], mh[m + 1], md[m + 1], mt[m + 1] > has
    }
    close(has)
  }' "$D/amd-tiling-gfx9-10.tsv"
rows=0
for a in row*.args; do
  r=${a%.args}
  # shellcheck disable=SC2046
  "$tmu" layout $(cat "$a") > "$r.out" 2> "$r.err" && rc=0 || rc=$?
  if [ "$rc" -ne 0 ]; then
    echo "FAIL $r: exit $rc: $(head -c 300 "$r.err") (tmu layout $(head -c 200 "$a") ...)"; fail=$((fail+1)); continue
  fi
  rows=$((rows+1))
  sed -n 's/^\(at [0-9,]*: [0-9]*\) (0x[0-9a-f]*)$/\1/p' "$r.out" > "$r.got"
  if diff "$r.at" "$r.got" > "$r.diff"; then pass=$((pass+1)); else
    echo "FAIL $r addresses (tmu layout $(head -c 200 "$a") ...):"; head -5 "$r.diff" | sed 's/^/    /'; fail=$((fail+1)); fi
  while IFS= read -r re; do
    if grep -qE -- "$re" "$r.out"; then pass=$((pass+1)); else
      echo "FAIL $r: no line matches '$re' (tmu layout $(head -c 200 "$a") ...):"; sed 's/^/    /' "$r.out" | head -4
      fail=$((fail+1)); fi
  done < "$r.has"
done
check vector-rows-run 0 "" -- test "$rows" -ge 100
# JSON: the same numbers (one object, parsed by python3 where there is one)
check json-at 0 '"address": 649172}' -- "$tmu" layout --chip tahiti --tile-index 0 --bpp 16 --size 513x512 --flags depth,texture --at 512,511 --json
check json-level 0 '"tile_mode": "2D_TILED_THIN1", "tile_type": "DEPTH_SAMPLE_ORDER"' -- "$tmu" layout --chip tahiti --tile-index 0 --bpp 16 --size 513x512 --flags depth,texture --json
if command -v python3 >/dev/null 2>&1; then
  "$tmu" layout --chip vega10 --swizzle SW_64KB_S_X --bpp 32 --size 100x2x7 --levels 3 --at 1,0,6,0,2 --json > j.json
  check json-parses 0 "ok" -- python3 -c "import json,sys; o=json.load(open('j.json')); assert len(o['levels'])==3 and o['at'][0]['level']==2; print('ok')"
  "$tmu" layout --chips --json > c.json
  check json-chips-parses 0 "19" -- python3 -c "import json; print(len(json.load(open('c.json'))))"
fi

# ---- detile: element (x, y) of the linear output = the tiled bytes at addrlib's address ----
# tahiti 16 bpp 513x512 depth (vector row 1) and vega10 SW_64KB_S_X 32 bpp 100x2x7, 3 mips, at
# level 2 slice 5 (rows of the vectors; addresses from the surface base)
T1="--chip tahiti --tile-index 0 --bpp 16 --size 513x512 --flags depth,texture"
# shellcheck disable=SC2086
n1=$(surface_size $T1)
check size-tahiti 0 "" -- test "$n1" = 655360
noise "$n1" t1.bin
# shellcheck disable=SC2086
check detile-t1 0 "" -- "$tmu" detile $T1 -o l1.bin t1.bin
check detile-t1-size 0 "525312" -- sh -c "wc -c < l1.bin"
for xya in 512,511:649172 0,0:0 7,7:346174 439,511:594942 15,231:343614 333,481:247334; do
  x=${xya%%,*} rest=${xya#*,} y=${rest%%:*} a=${xya#*:}
  equal "detile-t1 ($x,$y)" "$(bytes_at l1.bin $(( (y * 513 + x) * 2 )) 2)" "$(bytes_at t1.bin "$a" 2)"
done
V1="--chip vega10 --swizzle SW_64KB_S_X --bpp 32 --size 100x2x7 --levels 3"
row=$(grep -v '^#' "$D/amd-tiling-gfx9-10.tsv" | awk -F'\t' '$1=="vega10" && $4=="SW_64KB_S_X" && $5==32 && $6==100 && $7==2 && $8==7 && $9==3 && $12==0' | head -1)
check vega-row-found 0 "" -- test -n "$row"
# shellcheck disable=SC2086
nv=$(surface_size $V1)
equal size-vega "$nv" "$(echo "$row" | cut -f16)"
noise "$nv" tv.bin
# shellcheck disable=SC2086
check detile-vega 0 "" -- "$tmu" detile $V1 --level 2 --slice 5 -o lv.bin tv.bin
check detile-vega-size 0 "100" -- sh -c "wc -c < lv.bin"   # level 2: 25x1 elements
echo "$row" | cut -f29 | tr ' ' '\n' | awk -F'[,:]' '$5 == 2 && $3 == 5 { print $1, $2, $6 }' > vsamples.txt
check vega-samples 0 "" -- test -s vsamples.txt
while read -r x y a; do
  equal "detile-vega ($x,$y)" "$(bytes_at lv.bin $(( (y * 25 + x) * 4 )) 4)" "$(bytes_at tv.bin "$a" 4)"
done < vsamples.txt
# gfx11 (addrlib's Gfx11Lib): gfx11_8pipe SW_4KB_D_X 459x42, 9 levels, pipe/bank XOR 93, level 2
G1="--chip gfx11_8pipe --swizzle SW_4KB_D_X --bpp 32 --size 459x42 --levels 9 --pipe-bank-xor 93"
row=$(grep -v '^#' "$D/amd-tiling-gfx11.tsv" | awk -F'\t' '$1=="gfx11_8pipe" && $4=="SW_4KB_D_X" && $6==459 && $7==42 && $9==9 && $12==93' | head -1)
check gfx11-row-found 0 "" -- test -n "$row"
# shellcheck disable=SC2086
ng=$(surface_size $G1)
equal size-gfx11 "$ng" "$(echo "$row" | cut -f16)"
noise "$ng" tg.bin
# shellcheck disable=SC2086
check detile-gfx11 0 "" -- "$tmu" detile $G1 --level 2 -o lg.bin tg.bin
check detile-gfx11-size 0 "4560" -- sh -c "wc -c < lg.bin"   # level 2: 114x10 elements
echo "$row" | cut -f29 | tr ' ' '\n' | awk -F'[,:]' '$5 == 2 { print $1, $2, $6 }' > gsamples.txt
check gfx11-samples 0 "" -- test -s gsamples.txt
while read -r x y a; do
  equal "detile-gfx11 ($x,$y)" "$(bytes_at lg.bin $(( (y * 114 + x) * 4 )) 4)" "$(bytes_at tg.bin "$a" 4)"
done < gsamples.txt
# a rectangle = the same elements of the whole level's rows
# shellcheck disable=SC2086
check detile-rect 0 "" -- "$tmu" detile $T1 --rect 100,200,7,3 -o r1.bin t1.bin
for j in 0 1 2; do
  equal "detile-rect row $j" "$(bytes_at r1.bin $((j * 14)) 14)" "$(bytes_at l1.bin $((((200 + j) * 513 + 100) * 2)) 14)"
done
# -o -: the bytes on stdout
# shellcheck disable=SC2086
"$tmu" detile $T1 -o - t1.bin > l1s.bin
same_file detile-stdout l1.bin l1s.bin
# shellcheck disable=SC2086
"$tmu" detile $T1 -o l1i.bin - < t1.bin
same_file detile-stdin l1.bin l1i.bin

# ---- round trips ----
# roundtrip NAME LEVEL SLICE SURFACE-OPTIONS...: detile (level, slice) of random tiled memory,
# retile it onto zeros: every byte the level covers comes back and no other byte is written
# (the level's W x H elements cover exactly W x H x bytes non-zero bytes); retile --into the
# original rebuilds it byte for byte; detile of the rebuilt surface is the same image.
roundtrip() {
  name=$1 lvl=$2 sl=$3; shift 3
  size=$(surface_size "$@")
  noise "$size" rt.bin
  "$tmu" detile "$@" --level "$lvl" --slice "$sl" -o rt.lin rt.bin || { echo "FAIL $name: detile"; fail=$((fail+1)); return; }
  "$tmu" retile "$@" --level "$lvl" --slice "$sl" -o rt2.bin rt.lin || { echo "FAIL $name: retile"; fail=$((fail+1)); return; }
  equal "$name retile size" "$(wc -c < rt2.bin | tr -d ' ')" "$size"
  equal "$name covered bytes" "$(tr -d '\000' < rt2.bin | wc -c | tr -d ' ')" "$(wc -c < rt.lin | tr -d ' ')"
  # every byte that differs from the original is one retile did not write (zero)
  equal "$name same where written" "$(cmp -l rt.bin rt2.bin | awk '$3 != 0' | wc -l | tr -d ' ')" 0
  "$tmu" retile "$@" --level "$lvl" --slice "$sl" --into rt.bin -o rt3.bin rt.lin
  same_file "$name into" rt.bin rt3.bin
  "$tmu" detile "$@" --level "$lvl" --slice "$sl" -o rt2.lin rt2.bin
  same_file "$name detile again" rt.lin rt2.lin
}
# the PS4's 2D_TILED_THIN1 (tile index 10 = GB_TILE_MODE10 0x92000310: ARRAY_MODE 4, displayable)
roundtrip rt-ps4-2d 0 0 --chip ps4 --tile-index 10 --bpp 32 --size 1024x512
roundtrip rt-ps4-mip 3 1 --chip liverpool --tile-index 14 --bpp 64 --size 300x200x2 --levels 6 --flags texture,pow2Pad
roundtrip rt-tahiti-depth 0 0 --chip tahiti --tile-index 0 --bpp 16 --size 513x512 --flags depth,texture
roundtrip rt-polaris-thick 1 2 --chip polaris10 --tile-index 20 --bpp 8 --size 64x64x8 --levels 3 --flags texture,volume,no-large-thick-degrade
roundtrip rt-polaris-rot 0 0 --chip polaris10 --tile-index 28 --bpp 32 --size 70x90
roundtrip rt-vega-sx 2 5 --chip vega10 --swizzle SW_64KB_S_X --bpp 32 --size 100x2x7 --levels 3
roundtrip rt-vega-tail 6 0 --chip vega10 --swizzle SW_64KB_D_X --bpp 128 --size 300x200 --levels 9 --pipe-bank-xor 5
roundtrip rt-navi21-sx 0 0 --chip navi21 --swizzle SW_64KB_S_X --bpp 16 --size 333x129
roundtrip rt-raven-3d 1 3 --chip raven --rsrc 3d --swizzle SW_64KB_S --bpp 32 --size 40x40x16 --levels 4
# gfx11: 256 KiB modes (2D R with levels in the tail and an XOR, 3D S thick), a 3D thin Z mode
roundtrip rt-gfx11-256r 4 0 --chip gfx11_16pipe --swizzle SW_256KB_R_X --bpp 32 --size 300x200 --levels 9 --pipe-bank-xor 700
roundtrip rt-gfx11-256s 0 5 --chip gfx11_8pipe --rsrc 3d --swizzle SW_256KB_S_X --bpp 8 --size 70x10x9
roundtrip rt-gfx11-z3d 1 2 --chip gfx11_2pipe_1pkr --rsrc 3d --swizzle SW_64KB_Z_X --bpp 64 --size 33x17x6 --levels 3
# PNG (8, 16, 32-bit elements): the same bytes as the raw path
if "$tmu" detile --chip ps4 --tile-index 10 --bpp 32 --size 16x16 -o p.png "$tmp/p0.bin" 2>&1 | grep -q "without libpng"; then
  echo "(no libpng: PNG round trips skipped)"
else
  for bpp in 8 16 32; do
    S="--chip ps4 --tile-index 10 --bpp $bpp --size 130x70"
    # shellcheck disable=SC2086
    size=$(surface_size $S)
    noise "$size" pt.bin
    # shellcheck disable=SC2086
    check "png-detile $bpp" 0 "" -- "$tmu" detile $S -o pt.png pt.bin
    check "png-signature $bpp" 0 "PNG" -- head -c 4 pt.png
    # shellcheck disable=SC2086
    "$tmu" detile $S -o pt.raw pt.bin
    # shellcheck disable=SC2086
    "$tmu" retile $S -o pt_png.bin pt.png
    # shellcheck disable=SC2086
    "$tmu" retile $S -o pt_raw.bin pt.raw
    same_file "png-retile $bpp" pt_png.bin pt_raw.bin
    # shellcheck disable=SC2086
    "$tmu" detile $S --png -o - pt.bin > pt2.png
    same_file "png-flag $bpp" pt.png pt2.png
  done
fi

# ---- bad command lines: exit 2, the usage on stderr ----
P="--chip ps4 --tile-index 10 --bpp 32 --size 64x64"
usage chip-unknown "layout: --chip: unknown chip 'ps5' (chips: tahiti, bonaire, hawaii, kaveri, liverpool, tonga, polaris10, polaris12, vega10, raven, navi10, navi14, navi21, navi21_8pipe, gfx11_32pipe, gfx11_16pipe, gfx11_8pipe, gfx11_4pipe_2pkr, gfx11_2pipe_1pkr; ps4 = liverpool)" -- "$tmu" layout --chip ps5 --tile-index 1 --bpp 32 --size 4x4
usage chip-missing "layout: --chip: missing" -- "$tmu" layout --tile-index 1 --bpp 32 --size 4x4
usage tile-on-gfx9 "layout: --tile-index: vega10 is gfx9: give its swizzle mode with --swizzle" -- "$tmu" layout --chip vega10 --tile-index 1 --bpp 32 --size 4x4
usage swizzle-on-gfx7 "layout: --swizzle: liverpool is gfx7: give its GB_TILE_MODE index with --tile-index" -- "$tmu" layout --chip ps4 --swizzle SW_64KB_S --bpp 32 --size 4x4
usage mode-missing "layout: --tile-index: tahiti is gfx6" -- "$tmu" layout --chip tahiti --bpp 32 --size 4x4
usage both-modes "layout: --swizzle: give either --tile-index" -- "$tmu" layout --chip vega10 --tile-index 1 --swizzle 9 --bpp 32 --size 4x4
usage swizzle-unknown "layout: --swizzle: unknown swizzle mode 'SW_64KB_Q'" -- "$tmu" layout --chip vega10 --swizzle SW_64KB_Q --bpp 32 --size 4x4
usage swizzle-number "layout: --swizzle: unknown swizzle mode '32'" -- "$tmu" layout --chip vega10 --swizzle 32 --bpp 32 --size 4x4
usage tile-index-range "layout: --tile-index:" -- "$tmu" layout --chip ps4 --tile-index 32 --bpp 32 --size 4x4
usage tile-index-neg "layout: --tile-index:" -- "$tmu" layout --chip ps4 --tile-index -1 --bpp 32 --size 4x4
usage tile-index-octal "layout: --tile-index:" -- "$tmu" layout --chip ps4 --tile-index 010 --bpp 32 --size 4x4
usage bpp-missing "layout: --bpp: missing" -- "$tmu" layout --chip ps4 --tile-index 10 --size 4x4
usage size-missing "layout: --size: missing" -- "$tmu" layout --chip ps4 --tile-index 10 --bpp 32
usage size-zero "layout: --size: '0x4' is not WxH" -- "$tmu" layout --chip ps4 --tile-index 10 --bpp 32 --size 0x4
usage size-huge "layout: --size: '20000x4' is not WxH" -- "$tmu" layout --chip ps4 --tile-index 10 --bpp 32 --size 20000x4
usage size-one "layout: --size: '64' is not WxH" -- "$tmu" layout --chip ps4 --tile-index 10 --bpp 32 --size 64
usage size-twice "layout: --size: option given twice (it takes one value)" -- "$tmu" layout $P --size 4x4
usage levels-range "layout: --levels:" -- "$tmu" layout $P --levels 17
usage samples-range "layout: --samples:" -- "$tmu" layout $P --samples 32
usage flags-unknown "layout: --flags: unknown flag 'cubic'" -- "$tmu" layout $P --flags texture,cubic
usage flags-empty "layout: --flags: unknown flag ''" -- "$tmu" layout $P --flags texture,
usage rsrc-bad "layout: --rsrc: is 1d, 2d or 3d, not '4d'" -- "$tmu" layout $P --rsrc 4d
usage rsrc-volume "layout: --rsrc: a volume (--flags volume) is 3d" -- "$tmu" layout $P --flags volume --rsrc 2d
usage xor-gfx7 "layout: --pipe-bank-xor: is for gfx9+ swizzle modes" -- "$tmu" layout $P --pipe-bank-xor 3
usage xor-range "layout: --pipe-bank-xor:" -- "$tmu" layout --chip vega10 --swizzle 25 --bpp 32 --size 4x4 --pipe-bank-xor 0x100000000
usage at-short "layout: --at: '5' is not X,Y" -- "$tmu" layout $P --at 5
usage at-long "layout: --at: '1,2,3,4,5,6' is not X,Y" -- "$tmu" layout $P --at 1,2,3,4,5,6
usage at-neg "layout: --at: '-1,2' is not X,Y" -- "$tmu" layout $P --at -1,2
usage at-word "layout: --at: '1,y' is not X,Y" -- "$tmu" layout $P --at 1,y
usage chips-plus "layout: --chips: takes no other option than --json (got --chip)" -- "$tmu" layout --chips --chip ps4
usage layout-positional "layout: argument 9: unexpected 'x.bin'" -- "$tmu" layout $P x.bin
usage detile-no-input "detile: missing: the input file" -- "$tmu" detile $P -o o.bin
usage detile-no-output "detile: -o: missing" -- "$tmu" detile $P t1.bin
usage detile-two-inputs "detile: argument 12: unexpected 'b.bin': give one input file" -- "$tmu" detile $P -o o.bin a.bin b.bin
usage detile-at "detile: argument 9: unknown option '--at'" -- "$tmu" detile $P --at 1,1 -o o.bin t1.bin
usage detile-into "detile: argument 9: unknown option '--into'" -- "$tmu" detile $P --into x -o o.bin t1.bin
usage rect-short "detile: --rect: '1,2,3' is not X,Y,W,H" -- "$tmu" detile $P --rect 1,2,3 -o o.bin t1.bin
usage rect-empty "detile: --rect: '1,2,0,3' is not X,Y,W,H" -- "$tmu" detile $P --rect 1,2,0,3 -o o.bin t1.bin
usage level-range "detile: --level:" -- "$tmu" detile $P --level 16 -o o.bin t1.bin
usage retile-stdin-twice "retile: --into: standard input is already LINEAR" -- "$tmu" retile $P --into - -o o.bin -

# ---- bad input: exit 1, nothing on stdout ----
input bpp-24 "layout: surface: bpp 24" -- "$tmu" layout --chip ps4 --tile-index 10 --bpp 24 --size 4x4
input samples-3 "layout: surface: samples 3" -- "$tmu" layout $P --samples 3
input msaa-mips "layout: surface: samples 4 with 2 levels" -- "$tmu" layout $P --samples 4 --levels 2
input tile-thick-msaa "layout: surface: tile_index 20: samples 2: the thick mode 2D_TILED_THICK is single-sampled" -- "$tmu" layout --chip polaris10 --tile-index 20 --bpp 32 --size 64x64 --samples 2
input at-outside "layout: --at: 64,0: outside level 0 (64x64, 1 slice, 1 sample)" -- "$tmu" layout $P --at 1,1 --at 64,0
input at-slice "layout: --at: 0,0,1: outside level 0" -- "$tmu" layout $P --at 0,0,1
input at-level "layout: --at: 0,0,0,0,1: level 1, but the surface has 1 level" -- "$tmu" layout $P --at 0,0,0,0,1
input at-huge "layout: --at: 4294967295,0: outside level 0" -- "$tmu" layout $P --at 4294967295,0
input at-json "layout: --at: 0,64:" -- "$tmu" layout $P --at 0,64 --json
# shellcheck disable=SC2086
n=$(surface_size $P)
noise "$n" t.bin
head -c $((n - 1)) t.bin > short.bin
input detile-short "detile: short.bin: $((n - 1)) bytes, but the surface needs $n" -- "$tmu" detile $P -o o.bin short.bin
input detile-missing "detile: missing.bin: cannot open" -- "$tmu" detile $P -o o.bin missing.bin
input detile-rect-out "detile: --rect: 8x8 at (60, 0) lies outside level 0 (64x64)" -- "$tmu" detile $P --rect 60,0,8,8 -o o.bin t.bin
input detile-slice "detile: --slice: 1: level 0 has 1 slice" -- "$tmu" detile $P --slice 1 -o o.bin t.bin
input detile-level "detile: --level: 1: the surface has 1 level" -- "$tmu" detile $P --level 1 -o o.bin t.bin
input detile-sample "detile: --sample: 2: the surface has 1 sample" -- "$tmu" detile $P --sample 2 -o o.bin t.bin
input detile-surface "detile: surface: bpp 12" -- "$tmu" detile --chip ps4 --tile-index 10 --bpp 12 --size 4x4 -o o.bin t.bin
input detile-png-64 "detile: -o: a PNG holds 8, 16 or 32-bit elements, not 64-bit ones" -- "$tmu" detile --chip ps4 --tile-index 10 --bpp 64 --size 8x8 -o o.png t.bin
input detile-limit "detile: t.bin: the tiled surface needs $n bytes, more than the limit of 1024" -- "$tmu" --max-bytes 1K detile $P -o o.bin t.bin
# shellcheck disable=SC2086
"$tmu" detile $P -o l.bin t.bin
head -c 100 l.bin > lshort.bin
input retile-short "retile: lshort.bin: 100 bytes, but a 64x64 rectangle of 32-bit elements is 16384" -- "$tmu" retile $P -o o.bin lshort.bin
input retile-rect-size "retile: l.bin: 16384 bytes, but a 2x2 rectangle of 32-bit elements is 16" -- "$tmu" retile $P --rect 0,0,2,2 -o o.bin l.bin
input retile-into-short "retile: short.bin: $((n - 1)) bytes, but the surface needs $n" -- "$tmu" retile $P --into short.bin -o o.bin l.bin
input retile-into-missing "retile: nothere.bin: cannot open" -- "$tmu" retile $P --into nothere.bin -o o.bin l.bin
printf 'not a png' > bad.png
input retile-not-png "retile: bad.png: not a readable PNG" -- "$tmu" retile $P -o o.bin bad.png
if [ -s pt.png ]; then
  input retile-png-size "retile: pt.png: the PNG is 130x70, but the rectangle is 64x64" -- "$tmu" retile $P -o o.bin pt.png
fi
# outputs: an error never replaces, truncates or creates a file; an output that is an input is refused
echo keep > o.bin
input keep-on-error "detile: short.bin:" -- "$tmu" detile $P -o o.bin short.bin
check kept 0 "keep" -- cat o.bin
input out-is-input "detile: t.bin: is also an input (t.bin)" -- "$tmu" detile $P -o t.bin t.bin
check input-kept 0 "" -- sh -c "test \$(wc -c < t.bin) -eq $n"
input out-is-into "retile: t.bin: is also an input" -- "$tmu" retile $P --into t.bin -o t.bin l.bin
input out-is-linear "retile: ./l.bin: is also an input (l.bin)" -- "$tmu" retile $P -o ./l.bin l.bin
check no-new-file 0 "" -- test ! -e never.bin
input no-create "detile: missing.bin: cannot open" -- "$tmu" detile $P -o never.bin missing.bin
check no-new-file-after 0 "" -- test ! -e never.bin
check no-tmp-left 0 "" -- sh -c "[ -z \"\$(find . -name '.*.tmu-*')\" ]"
finish
