#!/bin/sh
# The CLI shell: version, help, unknown commands, demo.
tmu=$1
. "$(dirname "$0")/lib.sh"
ver=$(grep -m1 -o 'project(tmu VERSION [0-9.]*' "$(dirname "$0")/../../CMakeLists.txt" | cut -d' ' -f3)
check version        0 "tmu $ver"                  -- "$tmu" --version
check help           0 "COMMAND [ARGS...]"         -- "$tmu" help
check help-lists     0 "formats"                   -- "$tmu" help
check help-cmd       0 "usage: tmu demo"           -- "$tmu" help demo
check no-args        2 "COMMAND [ARGS...]"         -- "$tmu"
check unknown        2 "tmu: error: argument 1: unknown command 'fromats'; did you mean 'formats'" -- "$tmu" fromats
check help-unknown   2 "unknown command 'dmeo'"    -- "$tmu" help dmeo
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
check demo-formats   0 "e5b9g9r9_ufloat_pack32   ff010384 -> (1.996094, 1.500000, 1.000000, 1.000000)" -- "$tmu" demo --png "$tmp/d.png"
check demo-nvidia    0 "nvidia lane 1 (s,t)=(0.30,0.60) -> (0.031250, 0.628901, 0.070314, 1.000000)" -- "$tmu" demo --no-png
check demo-gather    0 "gather R at (0.5, 0.5) -> (0, 1, 0, 1)" -- "$tmu" demo --no-png
check demo-ptx-check 0 "demo.ptx:11:44: error: Illegal vector size: 3" -- "$tmu" demo --no-png
check demo-ptx-tex   0 "lane 1 (s,t)=(0.375,0.625) -> (0.3750, 0.2500, 0.7500, 1.0000)" -- "$tmu" demo --no-png
check demo-ptx-tld4  0 "lane 0 (s,t)=(0.500,0.500) -> (0.0000, 1.0000, 0.0000, 1.0000)" -- "$tmu" demo --no-png
check demo-gcn       0 "image_sample v[0:3], v0, s[0:7], s[0:3] dmask:0xf    asm -> same word" -- "$tmu" demo --no-png
check demo-ir3       0 "sam.base1 (f32)(xyzw)r1.x, r0.z, s#3, t#2" -- "$tmu" demo --no-png
check demo-loadplan  0 "buffer_load_dwordx2 a1 offset:2" -- "$tmu" demo --no-png
check demo-png-magic 0 "PNG" -- head -c 4 "$tmp/d.png"
check demo-png-arg   2 "tmu: error: demo: --png: this option needs a value" -- "$tmu" demo --png
check demo-extra     2 "tmu: error: demo: argument 1: unexpected 'extra'" -- "$tmu" demo extra
finish
