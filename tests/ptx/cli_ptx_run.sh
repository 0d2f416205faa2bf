#!/bin/sh
# CLI tests of `tmu ptx run`: hand-worked results (formulas of
# shared/reference/sampling.md) for a 2d bilinear, a cube through a texture
# handle, an a2d gather with an out-of-range offset, a depth compare and txq.
set -u
TMU=${1:-$TMU_CLI}
D=${TMU_TEST_DATA:?}
T=${TMPDIR:-/tmp}/tmu_cli_ptx_run.$$
mkdir -p "$T"
trap 'rm -rf "$T"' EXIT
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }

"$TMU" ptx run --input "$D/ptx-run-input.txt" "$D/ptx-run.ptx" >"$T/out" 2>&1 || fail "run exit $?: $(cat "$T/out")"
F="$D/ptx-run.ptx"
# coords texel (x, y, layer, level) = (x, y, layer, 0).
# 2d, 4x4, repeat, linear:
#  lane 0 (u,v) = (0.3125, 0.5625): x = 1.25 - .5 = .75 -> R = .75; y = 2.25 - .5 = 1.75 -> G = 1.75
#  lane 1 u = 0.0625: x = -.25 -> texels -1 (wraps to 3, weight .25) and 0 (weight .75): R = .75
# cube 2x2 faces, dir (.25, -1, .5): -Y face (3); sc = x = .25, tc = -z = -.5;
#  s = (.25 + 1) / 2 = .625 -> x = .75; t = (-.5 + 1) / 2 = .25 -> y = 0: (.75, 0, 3, 0)
# tld4.r a2d layer 1, offset {65, 0} = {1, 0} after the 6-bit wrap:
#  lane 0: i0 = 0 + 1, i1 = 2, j0 = 1, j1 = 2; order (i0,j1) (i1,j1) (i1,j0) (i0,j0) -> R = 1 2 2 1
#  lane 1: i0 = -1 + 1 = 0, i1 = 1 -> R = 0 1 1 0
# depth 2x1 = (.25, .75), compare less, ref .5: texel 0 fails (0), texel 1 passes (1);
#  lane 0 u = .5 -> x = .5: .5;  lane 1 u = .375 -> x = .25: .25
cat >"$T/want" <<EOW
$F:19: tex.2d.v4.f32.f32 {%f0, %f1, %f2, %f3}, [t2d, {%f10, %f11}];
  lane 0: %f0=0.75(0x3f400000) %f1=1.75(0x3fe00000) %f2=0(0x00000000) %f3=0(0x00000000)
  lane 1: %f0=0.75(0x3f400000) %f1=1.75(0x3fe00000) %f2=0(0x00000000) %f3=0(0x00000000)
$F:21: tex.cube.v4.f32.f32 {%f4, %f5, %f6, %f7}, [%rd1, {%f12, %f13, %f14, %f15}];
  lane 0: %f4=0.75(0x3f400000) %f5=0(0x00000000) %f6=3(0x40400000) %f7=0(0x00000000)
  lane 1: %f4=0.75(0x3f400000) %f5=0(0x00000000) %f6=3(0x40400000) %f7=0(0x00000000)
$F:23: tld4.r.a2d.v4.f32.f32 {%f20, %f21, %f22, %f23}|%p1, [tarr, {%u1, %f10, %f11, %f16}], {65, 0};
  lane 0: %f20=1(0x3f800000) %f21=2(0x40000000) %f22=2(0x40000000) %f23=1(0x3f800000) %p1=1
  lane 1: %f20=0(0x00000000) %f21=1(0x3f800000) %f22=1(0x3f800000) %f23=0(0x00000000) %p1=1
$F:25: tex.2d.v4.f32.f32 {%f24, %f25, %f26, %f27}, [tdepth, {%f17, %f11}], %f30;
  lane 0: %f24=0.5(0x3f000000) %f25=0(0x00000000) %f26=0(0x00000000) %f27=1(0x3f800000)
  lane 1: %f24=0.25(0x3e800000) %f25=0(0x00000000) %f26=0(0x00000000) %f27=1(0x3f800000)
$F:26: txq.width.b32 %u2, [tarr];
  lane 0: %u2=4(0x00000004)
  lane 1: %u2=4(0x00000004)
EOW
cmp -s "$T/out" "$T/want" || fail "run output:
$(diff "$T/want" "$T/out")"

# the same on the command line, nearest filter: lane 0 of t2d = texel (1, 2) -> (1, 2, 0, 0)
"$TMU" ptx run --texture t2d=coords:4x4,filter=nearest --texture 0x1234=coords:2x2,dim=cube \
  --texture tarr=coords:4x4,dim=a2d,layers=2 --texture tdepth=depth:2x1,compare=less \
  --reg %rd1=0x1234 --reg %f10=0.3125 --reg %f11=0.5625 --reg %f13=-1.0 --reg %u1=1 --reg %f17=0.5 \
  --reg %f30=0.5 "$F" >"$T/out" 2>&1 || fail "run (command line) exit: $(cat "$T/out")"
grep -qx '  lane 0: %f0=1(0x3f800000) %f1=2(0x40000000) %f2=0(0x00000000) %f3=0(0x00000000)' "$T/out" ||
  fail "nearest: $(sed -n 2p "$T/out")"

# errors: unbound texture, unknown pattern (with suggestions), bad value, bad register
"$TMU" ptx run --texture t2d=coords:4x4 "$F" >"$T/out" 2>&1 && fail "missing binding: exit 0"
grep -q "tmu: error: ptx run: .*ptx-run.ptx:21:42: lane 0: no texture bound to handle 0x0 in register '%rd1'" "$T/out" ||
  fail "missing binding message: $(cat "$T/out")"
"$TMU" ptx run --texture t2d=coord:4x4 "$F" >"$T/out" 2>&1 && fail "bad pattern: exit 0"
grep -q "unknown pattern 'coord'; did you mean 'coords'" "$T/out" || fail "bad pattern message: $(cat "$T/out")"
# issue 29 item 18: sparse textures.  tld4 on an 8x8 checker with 4x4 tiles, tile (1, 0) not
# resident: lane 0's footprint (texels 1-2, 1-2) is resident, lane 1's (texels 5-6) is not.
printf '.version 8.0\n.target sm_90\n.address_size 64\n.global .texref t0;\n.visible .entry k()\n{\n.reg .f32 %%f<8>;\n.reg .pred %%p<2>;\ntld4.r.2d.v4.f32.f32 {%%f0,%%f1,%%f2,%%f3}|%%p1, [t0, {%%f4,%%f5}];\nret;\n}\n' > "$T/sparse.ptx"
"$TMU" ptx run --texture t0=checker:8x8,sparse=4x4:0/1/0 --reg %f4=0.25,0.75 --reg %f5=0.25 --lanes 2 \
  "$T/sparse.ptx" >"$T/out" 2>&1 || fail "sparse run: $(cat "$T/out")"
grep -q "lane 0: .* %p1=1" "$T/out" || fail "sparse lane 0: $(cat "$T/out")"
grep -q "lane 1: %f0=0(0x00000000) %f1=0(0x00000000) %f2=0(0x00000000) %f3=0(0x00000000) %p1=0" "$T/out" ||
  fail "sparse lane 1: $(cat "$T/out")"
# --json: one object per instruction with the destination slots per lane (lane 1 not resident)
"$TMU" ptx run --json --texture t0=checker:8x8,sparse=4x4:0/1/0 --reg %f4=0.25,0.75 --reg %f5=0.25 --lanes 2 \
  "$T/sparse.ptx" >"$T/out" 2>&1 || fail "json run: $(cat "$T/out")"
grep -q '"line":9,"text":"tld4.r.2d.v4.f32.f32 {%f0, %f1, %f2, %f3}|%p1, \[t0, {%f4, %f5}\];","lanes":\[0,1\],"registers":{"%f0":\[[0-9]*,0\],"%f1":\[[0-9]*,0\],"%f2":\[[0-9]*,0\],"%f3":\[[0-9]*,0\],"%p1":\[1,0\]}}' "$T/out" ||
  fail "json output: $(cat "$T/out")"
# issue 29 item 16: 'gradient' means sample / render's RGBA8 picture only; here it is refused by name
"$TMU" ptx run --texture t2d=gradient:4x4 "$F" >"$T/out" 2>&1 && fail "gradient: exit 0"
grep -q "ptx run: --texture: 'gradient' is the RGBA8 picture of tmu sample and tmu render; the pattern whose texels are their own coordinates (r32g32b32a32_float) is 'coords'" "$T/out" ||
  fail "gradient message: $(cat "$T/out")"
"$TMU" ptx run --reg %f10=abc "$F" >"$T/out" 2>&1 && fail "bad value: exit 0"
grep -q "bad value 'abc'" "$T/out" || fail "bad value message: $(cat "$T/out")"
"$TMU" ptx run --reg %zz=1 "$F" >"$T/out" 2>&1 && fail "unknown register: exit 0"
grep -q "'%zz' is not a register" "$T/out" || fail "unknown register message: $(cat "$T/out")"
# --reg: each value is checked for the lane it sets when the option is read (exit 2 with the usage
# on the command line, 1 with FILE:LINE in an --input file); the register once the module is read
# (exit 1, at FILE:LINE when the option came from a file)
many=$(seq -s, 1 33)
"$TMU" ptx run --reg "%f4=$many" "$F" >"$T/out" 2>&1; rc=$?
[ $rc -eq 2 ] || fail "--reg 33 values: exit $rc"
grep -q "ptx run: --reg: %f4: more than 32 values" "$T/out" || fail "--reg 33 values message: $(cat "$T/out")"
grep -q "^usage: tmu ptx run" "$T/out" || fail "--reg 33 values usage: $(cat "$T/out")"
"$TMU" ptx run --reg "%f4=,," "$F" >"$T/out" 2>&1; rc=$?
[ $rc -eq 2 ] || fail "--reg no value: exit $rc"
grep -q "ptx run: --reg: %f4: no value" "$T/out" || fail "--reg no value message: $(cat "$T/out")"
printf 'reg %%f4=%s\n' "$many" > "$T/reg33.txt"
"$TMU" ptx run --input "$T/reg33.txt" "$F" >"$T/out" 2>&1; rc=$?
[ $rc -eq 1 ] || fail "reg 33 values in a file: exit $rc"
grep -q "ptx run: $T/reg33.txt:1: %f4: more than 32 values" "$T/out" || fail "reg 33 values in a file message: $(cat "$T/out")"
grep -q "usage:" "$T/out" && fail "reg 33 values in a file: usage printed"
printf '# set\nreg %%zz=1\n' > "$T/regzz.txt"
"$TMU" ptx run --input "$T/regzz.txt" "$F" >"$T/out" 2>&1; rc=$?
[ $rc -eq 1 ] || fail "unknown register in a file: exit $rc"
grep -q "ptx run: $T/regzz.txt:2: '%zz' is not a register" "$T/out" || fail "unknown register in a file message: $(cat "$T/out")"
"$TMU" ptx run --lanes 33 "$F" >/dev/null 2>&1 && fail "--lanes 33: exit 0"
"$TMU" ptx run --help | grep -q "usage: tmu ptx run" || fail "run --help"

# PNG texture (when built with libpng): 2x2 RGBA red, green / blue, white with alpha 0.
#  lane 0 (.5, .5): texel space (1, 1), all four texels weight 1/4: R = G = B = (1 + 1) / 4 = .5,
#  A = 3 / 4 = .75;  lane 1 (.25, .25): texel space (.5, .5) -> texel (0, 0) alone: red
if ! "$TMU" ptx run --help | grep -q "not in this build"; then
  "$TMU" ptx run --texture img=png:"$D/ptx-run-2x2.png",filter=linear,address=clamp --reg %f4=0.5,0.25 \
    --reg %f5=0.5,0.25 --lanes 2 "$D/ptx-run-png.ptx" >"$T/out" 2>&1 || fail "png run: $(cat "$T/out")"
  grep -qx '  lane 0: %f0=0.5(0x3f000000) %f1=0.5(0x3f000000) %f2=0.5(0x3f000000) %f3=0.75(0x3f400000)' "$T/out" ||
    fail "png lane 0: $(cat "$T/out")"
  grep -qx '  lane 1: %f0=1(0x3f800000) %f1=0(0x00000000) %f2=0(0x00000000) %f3=1(0x3f800000)' "$T/out" ||
    fail "png lane 1: $(cat "$T/out")"
  "$TMU" ptx run --texture img=png:"$T/none.png" "$D/ptx-run-png.ptx" >"$T/out" 2>&1 && fail "missing png: exit 0"
  grep -q "none.png: cannot read PNG" "$T/out" || fail "missing png message: $(cat "$T/out")"
fi

# issue 10 item 4: a module ptxas rejects is not run (ptxas 13 on this line: "Argument vector
# size mismatch for instruction 'tex'"); nothing is executed or printed on stdout
sed 's/tex.2d.v4.f32.f32 {%f0,%f1,%f2,%f3}/tex.2d.v4.f32.f32 {%f0,%f1}/' "$D/ptx-run.ptx" >"$T/bad.ptx"
line=$(grep -n 'tex.2d.v4.f32.f32 {%f0,%f1}' "$T/bad.ptx" | cut -d: -f1)
"$TMU" ptx run --texture t2d=coords:4x4 "$T/bad.ptx" >"$T/out" 2>"$T/err"; rc=$?
[ $rc -eq 1 ] || fail "rejected module run: exit $rc"
[ -s "$T/out" ] && fail "rejected module ran: $(cat "$T/out")"
grep -qx "tmu: error: ptx run: $T/bad.ptx:$line:2: Argument vector size mismatch for instruction 'tex'" "$T/err" ||
  fail "rejected module message: $(cat "$T/err")"

[ $fails -eq 0 ] && echo "cli_ptx_run: all passed"
[ $fails -eq 0 ]
