#!/bin/sh
# CLI test of `tmu plan-load`: the issue's example (text and JSON, exact and ACO),
# and clear errors with the right exit codes for bad or contradictory requests.
TMU=${1:-$TMU_CLI}
fails=0
tmp=${TMPDIR:-/tmp}/tmu_lp_cli.$$
trap 'rm -f "$tmp".*' EXIT

check() { # check NAME EXPECTED_RC PATTERN -- command...
    name=$1 rc_want=$2 pat=$3
    shift 4
    "$@" >"$tmp.out" 2>"$tmp.err"
    rc=$?
    if [ "$rc" != "$rc_want" ]; then
        echo "FAIL $name: exit $rc, wanted $rc_want"; cat "$tmp.out" "$tmp.err"; fails=$((fails + 1)); return
    fi
    if ! grep -q -e "$pat" "$tmp.out" "$tmp.err"; then
        echo "FAIL $name: output lacks '$pat'"; cat "$tmp.out" "$tmp.err"; fails=$((fails + 1)); return
    fi
    echo "ok   $name"
}

EX="--class mubuf --gpu gfx9 --components 3 --component-size 2 --align-mul 4 --align-offset 2 --const-offset 4100"
# E = dyn + 4100 is 2 mod 4: one dwordx2 from E-2 = dyn + 4098; 4098 > 4095, so add 4096, imm 2; shift 2 bytes
check issue-json 0 '"loads":\[{"op":"buffer_load_dwordx2","bytes":8,"const_offset":2,' -- "$TMU" plan-load $EX --offset vgpr --json
check issue-json-fixup 0 '"fixups":\[{"value":1,"op":"add","src":0,"operand":4096,"insn":"v_add_u32"}\]' -- "$TMU" plan-load $EX --json
check issue-json-shift 0 '"shifts":\[{"load":0,"kind":"const","bytes":2' -- "$TMU" plan-load $EX --json
check issue-text 0 'buffer_load_dwordx2 a1 offset:2' -- "$TMU" plan-load $EX
# ACO moves the whole 4100 into the address, rounds it down, loads with offset 0
check issue-aco 0 '"fixups":\[{"value":1,"op":"add","src":0,"operand":4100,"insn":"v_add_u32"},{"value":2,"op":"and","src":1,"operand":4294967292' -- "$TMU" plan-load $EX --aco --json
check e1-text 0 'ds_read_b128 a0 offset:0' -- "$TMU" plan-load --class lds --gpu gfx10 --components 4 --component-size 4 --align-mul 16
check e10-sgpr 0 's_buffer_load_dwordx8' -- "$TMU" plan-load --class smem --gpu gfx9 --components 8 --component-size 4 --const-offset 1100 --offset sgpr --aco
if command -v python3 >/dev/null 2>&1; then
    "$TMU" plan-load $EX --json >"$tmp.json"
    if python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert [l["op"] for l in d["loads"]]==["buffer_load_dwordx2"]; assert len(d["recombine"])==3' "$tmp.json"; then
        echo "ok   json-parses"
    else
        echo "FAIL json-parses"; fails=$((fails + 1))
    fi
fi
check help 0 'usage: tmu plan-load' -- "$TMU" plan-load --help
check bad-align 1 'align_offset: 4 >= align_mul 4' -- "$TMU" plan-load --class mubuf --gpu gfx9 --components 1 --component-size 4 --align-mul 4 --align-offset 4
check zero-components 1 '0 components' -- "$TMU" plan-load --class mubuf --gpu gfx9 --components 0 --component-size 4
check bad-size-class 1 'mtbuf loads whole 16- or 32-bit channels' -- "$TMU" plan-load --class mtbuf --gpu gfx9 --components 2 --component-size 1
check bad-size 1 'must be 1, 2, 4 or 8' -- "$TMU" plan-load --class lds --gpu gfx9 --components 2 --component-size 3
check not-pow2 1 'not a power of two' -- "$TMU" plan-load --class lds --gpu gfx9 --components 2 --component-size 4 --align-mul 12
check smem-vgpr 1 'VGPR' -- "$TMU" plan-load --class smem --gpu gfx9 --components 2 --component-size 4 --offset vgpr
check scratch-gen 1 'does not exist on gfx8' -- "$TMU" plan-load --class scratch_flat --gpu gfx8 --components 1 --component-size 4
check const-contra 1 'constant address' -- "$TMU" plan-load --class mubuf --gpu gfx9 --components 1 --component-size 4 --offset const --offset-value 2
check unknown-class 2 "did you mean 'mubuf'" -- "$TMU" plan-load --class mubf --gpu gfx9 --components 1 --component-size 4
check unknown-gpu 2 "unknown generation 'gfx13'" -- "$TMU" plan-load --class mubuf --gpu gfx13 --components 1 --component-size 4
check unknown-option 2 "unknown option '--align'" -- "$TMU" plan-load --class mubuf --gpu gfx9 --align 4
check missing-class 2 'plan-load: --class: missing' -- "$TMU" plan-load --gpu gfx9 --components 1 --component-size 4
check bad-number 2 'not an integer' -- "$TMU" plan-load --class mubuf --gpu gfx9 --components x --component-size 4
check missing-value 2 'needs a value' -- "$TMU" plan-load --class mubuf --gpu gfx9 --components
[ "$fails" = 0 ] || { echo "$fails failure(s)"; exit 1; }
echo "all plan-load CLI checks passed"
