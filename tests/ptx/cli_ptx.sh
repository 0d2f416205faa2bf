#!/bin/sh
# CLI tests of `tmu ptx check|fmt|run`.  Expected diagnostics are ptxas 13.0's
# own messages for the same files (ptxas -arch sm_75 / sm_90 was run on them
# when this test was written), in tmu's FILE:LINE:COL form.
set -u
TMU=${1:-$TMU_CLI}
D=${TMU_TEST_DATA:?}
T=${TMPDIR:-/tmp}/tmu_cli_ptx.$$
mkdir -p "$T"
trap 'rm -rf "$T"' EXIT
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }

# 1. a module ptxas accepts: exit 0, nothing printed
"$TMU" ptx check "$D/ptx-module-ok.ptx" >"$T/out" 2>&1; rc=$?
[ $rc -eq 0 ] || fail "check ok module: exit $rc"
[ -s "$T/out" ] && fail "check ok module printed: $(cat "$T/out")"

# 2. a module with five rejected instructions: ptxas' messages, lines and exit 1
"$TMU" ptx check "$D/ptx-module-bad.ptx" >"$T/out" 2>&1; rc=$?
[ $rc -eq 1 ] || fail "check bad module: exit $rc"
F="$D/ptx-module-bad.ptx"
cat >"$T/want" <<EOW
tmu: error: ptx check: $F:19:2: Argument 2 of instruction 'tex': .samplerref or .u64 register expected
tmu: error: ptx check: $F:20:48: Illegal vector size: 3
tmu: error: ptx check: $F:21:2: Feature 'Texture instruction with optional predicate result' requires PTX ISA .version 7.1 or later
tmu: error: ptx check: $F:22:2: Illegal modifier '.cube' for instruction 'tex'
tmu: error: ptx check: $F:22:2: Operand vector size doesn't match geometry for instruction 'tex'
EOW
cmp -s "$T/out" "$T/want" || fail "check bad module output:
$(diff "$T/want" "$T/out")"

# 2b. an 89-character (C++-mangled) texref name: ptxas 13 accepts the module (issue 10 item 6)
"$TMU" ptx check "$D/ptx-long-name.ptx" >"$T/out" 2>&1; rc=$?
[ $rc -eq 0 ] || fail "89-character texref name: exit $rc: $(cat "$T/out")"
[ -s "$T/out" ] && fail "89-character texref name printed: $(cat "$T/out")"

# 3. --target overrides .target (ptxas with .target sm_50 says the same)
"$TMU" ptx check --target sm_50 "$D/ptx-module-ok.ptx" >"$T/out" 2>&1; rc=$?
[ $rc -eq 1 ] || fail "check --target sm_50: exit $rc"
echo "tmu: error: ptx check: $D/ptx-module-ok.ptx:60:2: Feature 'Texture instruction with optional predicate result' requires .target sm_60 or higher" >"$T/want"
cmp -s "$T/out" "$T/want" || fail "check --target output: $(cat "$T/out")"

# 4. a syntax error anywhere: ptxas' message at the token
printf '.version 8.0\n.target sm_90\n.address_size 64\n.entry k()\n{\n  .reg .f32 %%f<4>;\n  tex.2d.v4.f32.f32 {%%f0,%%f1,%%f2,%%f3}, [t0, {%%f1 %%f2}];\n  ret;\n}\n' >"$T/syn.ptx"
"$TMU" ptx check "$T/syn.ptx" >"$T/out" 2>&1; rc=$?
[ $rc -eq 1 ] || fail "syntax error: exit $rc"
echo "tmu: error: ptx check: $T/syn.ptx:7:50: Parsing error near '%f2': syntax error" >"$T/want"
cmp -s "$T/out" "$T/want" || fail "syntax error output: $(cat "$T/out")"
printf '.version 8.0\n.target sm_90\n.entry k()\n{\n  add.f32 %%f1, %%f2, %%f3;\n' >"$T/eof.ptx"
"$TMU" ptx check "$T/eof.ptx" >"$T/out" 2>&1; rc=$?
[ $rc -eq 1 ] || fail "unterminated body: exit $rc"
grep -q "tmu: error: ptx check: .*eof.ptx:[0-9]*:[0-9]*: " "$T/out" || fail "unterminated body: $(cat "$T/out")"

# 4b. a .samplerref in unified mode (ptxas: the same message, at the declaration)
printf '.version 7.8\n.target sm_90\n.address_size 64\n.global .texref t0;\n.global .samplerref s0;\n.entry k()\n{\n  .reg .f32 %%f<8>;\n  tex.2d.v4.f32.f32 {%%f0,%%f1,%%f2,%%f3}, [t0, s0, {%%f4,%%f5}];\n  ret;\n}\n' >"$T/su.ptx"
"$TMU" ptx check "$T/su.ptx" >"$T/out" 2>&1; rc=$?
[ $rc -eq 1 ] || fail "samplerref in unified mode: exit $rc"
echo "tmu: error: ptx check: $T/su.ptx:5:9: Instruction or declaration violates .target texmode_unified setting" >"$T/want"
cmp -s "$T/out" "$T/want" || fail "samplerref in unified mode: $(cat "$T/out")"

# 5. fmt prints canonical forms; fmt of the canonical form is the same text
"$TMU" ptx fmt "$D/ptx-module-ok.ptx" >"$T/fmt1" || fail "fmt exit"
[ "$(wc -l <"$T/fmt1")" -eq 6 ] || fail "fmt: expected 6 instructions, got $(wc -l <"$T/fmt1")"
grep -qx 'tld4.r.2d.v4.f32.f32 {%f13, %f14, %f15, %f16}|%p2, \[%rd1, {%f4, %f1}\], {-1, 2};' "$T/fmt1" || fail "fmt tld4 line"
grep -qx 'tex.level.2d.v4.f32.f32 {%f9, %f10, %f11, %f12}, \[%rd1, {%f4, %f1}\], 0f00000000;' "$T/fmt1" || fail "fmt level line"
while IFS= read -r line; do
  out=$("$TMU" ptx fmt -e "$line") || fail "fmt -e '$line'"
  [ "$out" = "$line" ] || fail "fmt not idempotent: '$line' -> '$out'"
done <"$T/fmt1"
out=$("$TMU" ptx fmt -e 'tex.2d.v4.f32.f32 {%f0,%f1,%f2,%f3},[t0,{%f4,%f5}],3.0')
[ "$out" = 'tex.2d.v4.f32.f32 {%f0, %f1, %f2, %f3}, [t0, {%f4, %f5}], 0d4008000000000000;' ] || fail "fmt float immediate: $out"
# a literal keeps its type (0f: .f32, decimal: .f64; ptxas accepts the offset {%f3, 1.5} and refuses
# {%f3, 0f3FC00000}), and so its verdict
out=$("$TMU" ptx fmt -e 'tex.grad.2d.v4.f32.f32 {%f0,%f1,%f2,%f3}, [t0, {%f4,%f5}], {%f6,1.5}, {%f7,0f3FC00000};')
[ "$out" = 'tex.grad.2d.v4.f32.f32 {%f0, %f1, %f2, %f3}, [t0, {%f4, %f5}], {%f6, 0d3FF8000000000000}, {%f7, 0f3FC00000};' ] ||
  fail "fmt literal types: $out"
"$TMU" ptx fmt -e 'tex.2d.v4.f32.f32 {%f0}, [t0, {%f4,' >"$T/out" 2>&1 && fail "fmt -e bad: exit 0"
grep -q "tmu: error: ptx fmt: <instruction 1>:1:36: Parsing error near end of input" "$T/out" || fail "fmt -e bad: $(cat "$T/out")"

# 5b. check -e: one instruction in ptx_oracle.py's wrapper, printed as the oracle prints
#     ptxas' verdict (expected text = ptx_oracle.py's output for the same arguments)
out=$("$TMU" ptx check --target sm_52 --ptx-version 4.2 -e 'tex.2d.v2.f16x2.f32 {%hh0,%hh1}, [t0, {%f10,%f11}];'); rc=$?
[ $rc -eq 1 ] || fail "check -e rejected: exit $rc"
want="REJECTED
  error@L-8: Feature '.f16x2 packed data-type' requires .target sm_53 or higher
  error@L: Feature 'f16 arithemetic and compare instructions' requires .target sm_53 or higher"
[ "$out" = "$want" ] || fail "check -e output: $out"
out=$("$TMU" ptx check --independent -e 'tld4.g.a2d.v4.f32.f32 {%f0,%f1,%f2,%f3}, [t0, s0, {%u10,%f11,%f12,%f13}];') ||
  fail "check -e accepted: exit $?"
[ "$out" = "ACCEPTED" ] || fail "check -e accepted output: $out"
out=$("$TMU" ptx check -e 'tex.2d.v4.f32.f32 {%f0,%f1,%f2,%f3}, [t0, s0, %f1];')
[ "$out" = "REJECTED
  fatal@L: Parsing error near '%f1': syntax error" ] || fail "check -e syntax: $out"

# 5c. issue 10 item 7: every -e is checked, in order (ptx_oracle.py's verdict for each); a
#     target's suffix is kept in messages; ptxas's warnings are reproduced (ptxas 13.0.88 printed
#     the same verdicts and messages for these lines through the oracle script)
out=$("$TMU" ptx check -e 'tex.2d.v4.f32.f32 {%f0,%f1}, [t0, {%f4,%f5}];' \
                       -e 'tex.2d.v4.f32.f32 {%f0,%f1,%f2,%f3}, [t0, {%f4,%f5}];'); rc=$?
[ $rc -eq 1 ] || fail "check -e A -e B: exit $rc"
[ "$out" = "REJECTED
  error@L: Argument vector size mismatch for instruction 'tex'
ACCEPTED" ] || fail "check -e A -e B output: $out"
out=$("$TMU" ptx check --target sm_100a --ptx-version 6.0 -e 'tex.2d.v4.f32.f32 {%f0,%f1,%f2,%f3}, [t0, {%f4,%f5}];')
[ "$out" = "REJECTED
  error@L-15: PTX .version 6.0 does not support .target sm_100a" ] || fail "check --target sm_100a: $out"
out=$("$TMU" ptx check -e 'tex.v4.2d.f32.f32 {%f0,%f1,%f2,%f3}, [t0, {%f4,%f5}];'); rc=$?
[ $rc -eq 0 ] || fail "warning only: exit $rc"
[ "$out" = "ACCEPTED
  warning@L: Vector Type not specified properly" ] || fail "check -e warning: $out"
printf '.version 8.0\n.target sm_90\n.address_size 64\n.global .texref t0;\n.entry k()\n{\n.reg .f32 %%f<8>;\ntex.v4.2d.f32.f32 {%%f0,%%f1,%%f2,%%f3}, [t0, {%%f4,%%f5}];\nret;\n}\n' >"$T/w.ptx"
"$TMU" ptx check "$T/w.ptx" >"$T/out" 2>&1; rc=$?
[ $rc -eq 0 ] || fail "warning file: exit $rc"
[ "$(cat "$T/out")" = "tmu: warning: ptx check: $T/w.ptx:8:1: Vector Type not specified properly" ] ||
  fail "warning file: $(cat "$T/out")"
# item 5 through the CLI: 'tex;', upper-case TEX and sinks are rejected with ptxas's messages
out=$("$TMU" ptx check -e 'tex;')
[ "$out" = "REJECTED
  error@L: Unexpected instruction types specified for 'tex'" ] || fail "check tex;: $out"
out=$("$TMU" ptx check -e 'TEX.2D.v4.f32.f32 {%f0,%f1,%f2,%f3}, [t0, {%f4,%f5}];')
[ "$out" = "REJECTED
  fatal@L: Parsing error near 'D': syntax error" ] || fail "check TEX: $out"
out=$("$TMU" ptx check -e 'tex.2d.v4.f32.f32 {_,_,_,_}, [t0, {%f4,%f5}];')
[ "$out" = "REJECTED
  error@L: Unable to infer type of vector elements (assuming .b8)
  error@L: Arguments mismatch for instruction 'tex'" ] || fail "check sinks: $out"

# 5b. instruction names (docs/ptx-checker.md "Instruction names"): a module of ordinary
# non-texture instructions from nvcc (ptxas accepts it) is accepted; every instruction name of
# CUDA 13.0's CCCL inline PTX is known (ptxas names none of them unknown); a name ptxas does not
# know gets ptxas's messages (recorded with ptxas 13.0.88 on the same lines)
"$TMU" ptx check "$D/ptx-module-names-ok.ptx" >"$T/out" 2>&1; rc=$?
[ $rc -eq 0 ] || fail "nvcc module: exit $rc: $(cat "$T/out")"
[ -s "$T/out" ] && fail "nvcc module printed: $(cat "$T/out")"
"$TMU" ptx check "$D/ptx-module-cccl-names.ptx" >"$T/out" 2>&1; rc=$?
[ $rc -eq 0 ] || fail "CCCL names: exit $rc: $(head -3 "$T/out")"
out=$("$TMU" ptx check -e 'f32.height.b32 %r1, [t1];' \
    -e 'v2.base.a2dms.v4.f32.s32 {%f25,%f24,%f26,%f8}, [tX, %rd2, {%u29,%r29,%r30,%r13}];' \
    -e 'tex.clamp.3d.v4.u32.f32 {%u15,%u5,%u1,%u28}, [t1, {%f16,%f24,%f18,%f5}];' \
    -e 'mov.u32 %r1, %r2;' 2>&1); rc=$?
[ $rc -eq 1 ] || fail "unknown names: exit $rc"
[ "$out" = "REJECTED
  error@L: Not a name of any known instruction: 'f32'
REJECTED
  error@L: Unknown modifier '.base'
  error@L: Not a name of any known instruction: 'v2'
  error@L: Unknown symbol 'tX'
REJECTED
  error@L: Not a name of any known instruction: 'tex.clamp'
ACCEPTED" ] || fail "unknown names output: $out"

# 5b. ptxas's fatal error for a .v2.f16x2 destination with a sink ends the module: the error of the
# instruction after it is not reported; an error before it, and ptxas does not reach it (ptxas 13.0.88
# -arch sm_90 on both modules: "line 9; fatal   : Result discard mode ...", "line 9; error   : Illegal
# vector size: 3")
for order in fatal-first error-first; do
    bad='tex.2d.v4.f32.f32 {%f0,%f1,%f2,%f3}, [t0, {%f10,%f11,%f12}];'
    dis='tex.2d.v2.f16x2.f32 {%hh1,_}, [t0, {%f1,%f2}];'
    if [ $order = fatal-first ]; then a=$dis; b=$bad; else a=$bad; b=$dis; fi
    cat >"$T/fatal.ptx" <<EOP
.version 9.0
.target sm_90
.address_size 64
.global .texref t0;
.visible .entry k(.param .u64 out)
{
  .reg .f16x2 %hh<4>;
  .reg .f32 %f<16>;
  $a
  $b
  ret;
}
EOP
    "$TMU" ptx check "$T/fatal.ptx" >"$T/out" 2>&1; rc=$?
    [ $rc -eq 1 ] || fail "fatal error, $order: exit $rc"
    if [ $order = fatal-first ]; then
        want="tmu: error: ptx check: $T/fatal.ptx:9:3: Result discard mode is not allowed for instruction 'mov'"
    else
        want="tmu: error: ptx check: $T/fatal.ptx:9:45: Illegal vector size: 3"
    fi
    [ "$(cat "$T/out")" = "$want" ] || fail "fatal error, $order: $(cat "$T/out")"
done
out=$("$TMU" ptx check -e 'tex.2d.v2.f16x2.f32 {%hh1,_}, [t0, {%f1,%f2}];' 2>&1)
[ "$out" = "REJECTED
  fatal@L: Result discard mode is not allowed for instruction 'mov'" ] || fail "fatal error -e: $out"

# 6. usage errors and missing files
"$TMU" ptx frobnicate >/dev/null 2>&1; rc=$?
[ $rc -eq 2 ] || fail "unknown subcommand: exit $rc"
"$TMU" ptx check --target sm_x "$D/ptx-module-ok.ptx" >/dev/null 2>&1; rc=$?
[ $rc -eq 2 ] || fail "bad --target: exit $rc"
"$TMU" ptx check "$T/no-such-file.ptx" >"$T/out" 2>&1; rc=$?
[ $rc -eq 1 ] || fail "missing file: exit $rc"
grep -q "no-such-file.ptx" "$T/out" || fail "missing file message: $(cat "$T/out")"
"$TMU" ptx --help >/dev/null || fail "ptx --help"

[ $fails -eq 0 ] && echo "cli_ptx: all passed"
[ $fails -eq 0 ]
