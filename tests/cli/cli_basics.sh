#!/bin/sh
# The CLI shell: version, help, unknown commands, demo.
tmu=$1
. "$(dirname "$0")/lib.sh"
ver=$(grep -m1 -o 'project(tmu VERSION [0-9.]*' "$(dirname "$0")/../../CMakeLists.txt" | cut -d' ' -f3)
check version        0 "tmu $ver"                  -- "$tmu" --version
check help           0 "usage: tmu COMMAND"        -- "$tmu" help
check help-lists     0 "formats"                   -- "$tmu" help
check help-cmd       0 "usage: tmu demo"           -- "$tmu" help demo
check no-args        2 "usage: tmu COMMAND"        -- "$tmu"
check unknown        2 "tmu: error: unknown command 'fromats'; did you mean 'formats'" -- "$tmu" fromats
check help-unknown   2 "unknown command 'dmeo'"    -- "$tmu" help dmeo
check demo           0 "demo"                      -- "$tmu" demo
check demo-extra     2 "tmu: error: demo: unexpected argument" -- "$tmu" demo extra
finish
