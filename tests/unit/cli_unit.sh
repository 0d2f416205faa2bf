#!/bin/sh
# CLI tests of the texture-unit commands: tmu render, tmu sample and tmu bench sample.
# $1 = path of the tmu binary.
set -u
tmu=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

# bench: a CSV row with a positive rate for every case (no peer asked for: tmu's rates only)
"$tmu" bench sample --csv --seconds 0.02 --reps 1 > "$tmp/b.csv" || fail "bench sample exit $?"
[ "$(head -1 "$tmp/b.csv")" = "case,msamples_per_s" ] || fail "bench header: $(head -1 "$tmp/b.csv")"
for c in nearest_rgba8 bilinear_rgba8 gather_rgba8 trilinear_rgba8 bilinear_rgba32f_512 fetch_rgba8 \
         nearest_rgba8_coherent bilinear_rgba8_coherent bilinear_rgba32f_coherent implicit_trilinear_rgba8 \
         bilinear_rgba8_2threads; do
  grep -Eq "^$c,[0-9]+\.[0-9]$" "$tmp/b.csv" || fail "bench row $c missing: $(cat "$tmp/b.csv")"
done
awk -F, 'NR > 1 && !($2 > 0) { exit 1 }' "$tmp/b.csv" || fail "bench rate not positive"
# --peer with no peer installed: says so and still prints tmu's rates
TMU_PEER_BENCH="$tmp/no-such-peer" "$tmu" bench sample --peer --seconds 0.02 --reps 1 fetch_rgba8 > "$tmp/p.txt" ||
  fail "bench --peer without a peer: exit $?"
grep -q "peer_bench not found" "$tmp/p.txt" || fail "bench --peer without a peer: not said: $(cat "$tmp/p.txt")"
grep -Eq "^fetch_rgba8 +1 +[0-9]+\.[0-9]" "$tmp/p.txt" || fail "bench --peer without a peer: no tmu rate: $(cat "$tmp/p.txt")"
# the load floor of the tiled random single-level RGBA8 rows (a rate, g or s, tmu's rate over it);
# none on the mip and RGBA32F rows, none on rows of texels
"$tmu" bench sample --seconds 0.02 --reps 1 gather_rgba8_a630 trilinear_rgba8_a630 bilinear_rgba32f_512_ps4_1d \
  gather_rgba8 > "$tmp/f.txt" || fail "bench tiled rows: exit $?"
grep -Eq "^case .* %bound +loads +%loads +tmu wall" "$tmp/f.txt" || fail "bench: no loads column: $(cat "$tmp/f.txt")"
grep -Eq "^gather_rgba8_a630 +T +1 +[0-9.]+ +- +- +[0-9]+ .*% +[0-9]+ [gs] +[0-9]+% " "$tmp/f.txt" ||
  fail "bench: no load floor on the tiled gather: $(cat "$tmp/f.txt")"
for c in trilinear_rgba8_a630 bilinear_rgba32f_512_ps4_1d gather_rgba8; do
  grep -Eq "^$c .*% +- +- +[0-9.]+ +-( |\$)" "$tmp/f.txt" || fail "bench: a load floor on $c: $(cat "$tmp/f.txt")"
done
"$tmu" bench sample --threads 0 > /dev/null 2>&1; [ $? -eq 2 ] || fail "bad --threads: not a usage error"
"$tmu" bench sample nearest_rgba9 > /dev/null 2> "$tmp/err" && fail "unknown case accepted"
grep -q "nearest_rgba8" "$tmp/err" || fail "unknown case: no suggestion: $(cat "$tmp/err")"
"$tmu" bench sample --seconds x > /dev/null 2>&1; [ $? -eq 2 ] || fail "bad --seconds: not a usage error"

# render: PNG files for every built-in pattern (skipped when built without libpng)
if "$tmu" render --pattern checker --size 16x8 -o "$tmp/c.png" > "$tmp/out" 2> "$tmp/err"; then
  for p in gradient mips cube; do
    "$tmu" render --pattern $p --size 33x17 --filter nearest -o "$tmp/$p.png" > /dev/null || fail "render $p"
  done
  for f in "$tmp"/*.png; do
    [ "$(od -An -tx1 -N8 "$f" | tr -d ' \n')" = "89504e470d0a1a0a" ] || fail "$f is not a PNG"
  done
  # anisotropic filtering on the mips floor: finer levels towards the horizon, so the picture
  # differs from the isotropic one; the same picture twice is byte-identical
  "$tmu" render --pattern mips --perspective --size 64x64 -o "$tmp/iso.png" > /dev/null || fail "render iso"
  "$tmu" render --pattern mips --perspective --size 64x64 --aniso 16 -o "$tmp/an.png" > /dev/null || fail "render --aniso"
  "$tmu" render --pattern mips --perspective --size 64x64 --aniso 16 -o "$tmp/an2.png" > /dev/null || fail "render --aniso again"
  cmp -s "$tmp/iso.png" "$tmp/an.png" && fail "--aniso 16 changed nothing"
  cmp -s "$tmp/an.png" "$tmp/an2.png" || fail "--aniso is not deterministic"
  "$tmu" render --pattern checker --address mirror_once_border --filter cubic -o "$tmp/cb.png" > /dev/null || fail "render cubic, mirror_once_border"
  "$tmu" render --filter cubic --aniso 4 -o "$tmp/x.png" > /dev/null 2> "$tmp/err"; [ $? -eq 1 ] || fail "cubic + aniso: not rejected"
  grep -q "anisotropy" "$tmp/err" || fail "cubic + aniso: $(cat "$tmp/err")"
  # a PNG file as the texture (the one just written)
  "$tmu" render --pattern "$tmp/c.png" --address mirrored_repeat --lod 0 -o "$tmp/p.png" > /dev/null || fail "render from PNG"
else
  grep -q "libpng" "$tmp/err" || fail "render failed: $(cat "$tmp/err")"
fi
"$tmu" render --address wrap -o "$tmp/x.png" > /dev/null 2> "$tmp/err" && fail "bad address accepted"
grep -q "repeat" "$tmp/err" || fail "bad address: no suggestion: $(cat "$tmp/err")"
"$tmu" render --size 0x5 -o "$tmp/x.png" > /dev/null 2>&1; [ $? -eq 2 ] || fail "bad --size: not a usage error"
"$tmu" render --aniso 17 -o "$tmp/x.png" > /dev/null 2>&1; [ $? -eq 2 ] || fail "--aniso 17: not a usage error"
"$tmu" render > /dev/null 2>&1; [ $? -eq 2 ] || fail "missing -o: not a usage error"
"$tmu" render --pattern /nonexistent.png -o "$tmp/x.png" > /dev/null 2> "$tmp/err" && fail "missing PNG accepted"
grep -q "nonexistent" "$tmp/err" || fail "missing PNG: error does not name it"
"$tmu" render --help | grep -q "usage: tmu render" || fail "render --help"
# sample: 4-texel gradient, R of texel x = 255 x / 3 (0, 85, 170, 255)
out=$("$tmu" sample --pattern gradient --tex-size 4 --address clamp_to_edge 0.5,0.5) || fail "sample exit"
echo "$out" | grep -q "^0.5,0.5 *-> 0.500000 " || fail "bilinear between texels 1 and 2: $out"
out=$("$tmu" sample --pattern gradient --tex-size 4 --filter nearest 0.125,0.5 0.875,0.5 1.125,0.5) || fail "sample nearest"
echo "$out" | grep -q "^0.125,0.5 *-> 0.000000 " || fail "nearest texel 0: $out"
echo "$out" | grep -q "^0.875,0.5 *-> 1.000000 " || fail "nearest texel 3: $out"
echo "$out" | grep -q "^1.125,0.5 *-> 0.000000 " || fail "repeat wraps to texel 0: $out"
# cubic: at s 0.5 (u - 1/2 = 1.5) the taps are texels 0..3 with weights -1/16, 9/16, 9/16, -1/16:
# (9 (85 + 170) - 255) / 16 / 255 = 0.5 (Catmull-Rom reproduces the linear ramp)
out=$("$tmu" sample --pattern gradient --tex-size 4 --filter cubic --address clamp_to_edge 0.5,0.5) || fail "sample cubic"
echo "$out" | grep -q "cubic filter" || fail "cubic: header: $out"
echo "$out" | grep -q "^0.5,0.5 *-> 0.500000 " || fail "cubic on a ramp: $out"
# gather of R at (0.5, 0.5): (i0,j1) (i1,j1) (i1,j0) (i0,j0) = texels 1, 2, 2, 1 -> 85/255, 170/255, ...
out=$("$tmu" sample --op gather --comp 0 --pattern gradient --tex-size 4 0.5,0.5) || fail "gather"
echo "$out" | grep -q -- "-> 0.333333 0.666667 0.666667 0.333333" || fail "gather order: $out"
out=$("$tmu" sample --op fetch --pattern gradient --tex-size 4 3,0 9,9) || fail "fetch"
echo "$out" | grep -q "^3,0 *-> 1.000000 " || fail "fetch texel 3: $out"
echo "$out" | grep -q "^9,9 *-> 0.000000 0.000000 0.000000 0.000000" || fail "fetch outside: $out"
"$tmu" sample --op foo 0,0 > /dev/null 2> "$tmp/err" && fail "unknown op accepted"
grep -q "fetch" "$tmp/err" || fail "unknown op: no suggestion: $(cat "$tmp/err")"
"$tmu" sample 0.5 > /dev/null 2>&1; [ $? -eq 2 ] || fail "one-number coordinate: not a usage error"
"$tmu" sample > /dev/null 2>&1; [ $? -eq 2 ] || fail "no coordinates: not a usage error"
echo "cli_unit: ok"
