#!/bin/sh
# tmu formats: the list, --decode, --encode, and errors.  $1 = the tmu binary.
tmu=$1
. "$(dirname "$0")/../cli/lib.sh"

# The list: one row per format, at least 40, ending with the count.
n=$("$tmu" formats | tail -n 1 | cut -d' ' -f1)
rows=$("$tmu" formats | grep -c '^[a-z][a-z0-9_]* *[0-9]')
if [ "$n" -ge 40 ] && [ "$rows" -eq "$n" ]; then pass=$((pass+1)); else
  echo "FAIL list: count line says '$n', $rows rows"; fail=$((fail+1)); fi
check list-srgb      0 "r8g8b8a8_srgb"                 -- "$tmu" formats
check list-gcn       0 "8_8_8_8/SRGB xyzw"             -- "$tmu" formats
check list-bgra      0 "8_8_8_8/UNORM zyxw"            -- "$tmu" formats
check help           0 "usage: tmu formats"            -- "$tmu" formats --help
check help-cmd       0 "--decode FORMAT HEXBYTES"      -- "$tmu" help formats

# sRGB decode: R = 0xff -> 1, G = 0x80 -> ((128/255 + 0.055)/1.055)^2.4, B = A = 0.
out=$("$tmu" formats --decode r8g8b8a8_srgb ff800000)
g=$(echo "$out" | awk '$1 == "G" { print $2 }')
r=$(echo "$out" | awk '$1 == "R" { print $2 }')
ok=$(awk -v g="$g" -v r="$r" 'BEGIN { c = 128 / 255; w = ((c + 0.055) / 1.055) ^ 2.4;
  d = g - w; if (d < 0) d = -d; print (d < 1e-7 && r == 1) ? "yes" : "no" }')
if [ "$ok" = yes ]; then pass=$((pass+1)); else
  echo "FAIL decode-srgb: G = '$g', R = '$r'"; echo "$out"; fail=$((fail+1)); fi
check decode-alpha   0 "A   0 "                        -- "$tmu" formats --decode r8g8b8a8_srgb ff800000
check decode-case    0 "G   0.215860501"               -- "$tmu" formats --decode R8G8B8A8_SRGB "ff 80 00 00"
check decode-9e5     0 "R   1.99609375"                -- "$tmu" formats --decode rgb9e5 ff010384
check decode-sint    0 "R   -1"                        -- "$tmu" formats --decode r16_sint ffff
check decode-half    0 "R   65504"                     -- "$tmu" formats --decode r16_float ff7b
check decode-ds      0 "S   171"                       -- "$tmu" formats --decode d24s8 000080ab
# issue 26's Adreno formats: luminance repeated into G and B, A8 alone, 16.16 fixed point
check decode-la      0 "B   0.250980407"               -- "$tmu" formats --decode l8a8_unorm 40c0
check decode-fixed   0 "R   -1.5"                      -- "$tmu" formats --decode r32_sfixed 0080feff
check encode-a8      0 "80"                            -- "$tmu" formats --encode a8_unorm 0.5
check encode-la      0 "40bf"                          -- "$tmu" formats --encode l8a8_unorm 0.25 0.75
check encode-fixed   0 "00800100"                      -- "$tmu" formats --encode r32_fixed 1.5
check list-rgbx      0 "8_8_8_8/UNORM xyz1"            -- "$tmu" formats
check decode-vk      0 "R   -inf"                      -- "$tmu" formats --decode VK_FORMAT_R32_SFLOAT 000080ff

check encode-9e5     0 "00010181"                      -- "$tmu" formats --encode rgb9e5 1 0.5 0.25
check encode-unorm   0 "ff800001"                      -- "$tmu" formats --encode r8g8b8a8_unorm 1 0.5 0 0.002
check encode-default 0 "000000ff"                      -- "$tmu" formats --encode r8g8b8a8_unorm 0
check encode-int     0 "85ff"                          -- "$tmu" formats --encode r16_sint -123
check encode-ds      0 "0000802a"                      -- "$tmu" formats --encode d24_unorm_s8_uint 0.5 42

check unknown        2 "unknown format 'r8g8b8a8_srg'; did you mean 'r8g8b8a8_srgb'" -- "$tmu" formats --decode r8g8b8a8_srg ff800000
check unknown-enc    2 "formats: FORMAT: unknown format 'rgba8'" -- "$tmu" formats --encode rgba8 1
check short-hex      1 "r8g8b8a8_srgb needs 4 bytes (8 digits)" -- "$tmu" formats --decode r8g8b8a8_srgb ff80
check odd-hex        1 "has 7 hex digits"              -- "$tmu" formats --decode r8g8b8a8_srgb ff80000
check bad-digit      1 "'g' at column 3 is not a hex digit" -- "$tmu" formats --decode r8_unorm ffg0
check prefix-0x      1 "without 0x"                    -- "$tmu" formats --decode r8_unorm 0xff
check split-byte     1 "splits a byte"                 -- "$tmu" formats --decode r16_unorm "f f00"
check bad-value      1 "formats: value 2: 'abc' is not a number" -- "$tmu" formats --encode r8g8_unorm 1 abc
check int-range      1 "not an integer in [-2147483648, 2147483647]" -- "$tmu" formats --encode r32_sint 3000000000
check no-args        2 "formats: --decode: needs FORMAT and HEXBYTES" -- "$tmu" formats --decode r8_unorm
check extra-values   1 "r16_float has 1 channel; got 2 values" -- "$tmu" formats --encode r16_float 1 2
check too-many       2 "formats: --encode: needs FORMAT and 1 to 4 values" -- "$tmu" formats --encode r8_unorm 1 2 3 4 5
check bad-option     2 "formats: argument 1: unknown option '--frob'"  -- "$tmu" formats --frob
finish
