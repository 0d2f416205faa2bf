# Words whose encoding Mesa changed after 22.3.6 (the oracle of tests/tools/ir3_mesa_oracle.sh),
# told from the word's bits alone; tmu follows the ISA description of Mesa commit 431c7a6e3626.
# mesa22_class(gpu, "HI_LO") returns "" for a word both read alike, else the first class that
# applies, in this order (docs/ir3-mesa-oracle.md cites the XML behind each):
#   a7xx         GPU id >= 700: Mesa 22.3.6 has no a7xx cat5 encodings (decodes with a6xx rules)
#   new-opcode   OPC (bits 54..58) 28 (tcinv) or 29 (img_bindless.*): not in Mesa 22.3.6
#   brcst        OPC 31 (brcst.active, quad_shuffle.*): later Mesa requires bits 18 and 50 to be 0
#                and prints bit 52 as .o; 22.3.6 ignores bits 18, 48..52
#   isam         OPC 0: later Mesa reads bit 18 as .1d (inverted), bit 50 as .v and bit 53 as an
#                immediate SRC2 offset; 22.3.6 reads bit 18 as must-be-0, bits 50 / 53 as .s / .p
#   bit18        bit 18 set on another opcode: later Mesa's .clp; 22.3.6 matches nothing
#   type7        TYPE (bits 44..46) 7: later Mesa's .rck (no type, full dst); 22.3.6 "(s8)", half dst
#   a1-imm       GPU id < 600, bit 51 set, DESC_MODE (bits 29..31) 7: later Mesa reads the 8-bit
#                immediate as the sampler on a6xx only (the texture on a7xx), else as s# (low 4
#                bits) and t# (high 4 bits); 22.3.6 reads it as the sampler on every generation
#   wrmask-order WRMASK (bits 40..43) 5 or 6: 22.3.6 prints "zx" / "zy", later Mesa "xz" / "yz"
function mesa22_hex(h,   v, i) {
  h = tolower(h)
  v = 0
  for (i = 1; i <= length(h); i++)
    v = v * 16 + index("0123456789abcdef", substr(h, i, 1)) - 1
  return v
}
function mesa22_bits(v, lo, n) { return int(v / 2 ^ lo) % 2 ^ n }
function mesa22_class(gpu, w,   hi, lo, opc, m) {
  hi = mesa22_hex(substr(w, 1, 8)); lo = mesa22_hex(substr(w, 10, 8))
  opc = mesa22_bits(hi, 22, 5)
  m = mesa22_bits(hi, 8, 4)
  if (gpu >= 700) return "a7xx"
  if (opc == 28 || opc == 29) return "new-opcode"
  if (opc == 31) return "brcst"
  if (opc == 0) return "isam"
  if (mesa22_bits(lo, 18, 1)) return "bit18"
  if (mesa22_bits(hi, 12, 3) == 7) return "type7"
  if (gpu < 600 && mesa22_bits(hi, 19, 1) && mesa22_bits(lo, 29, 3) == 7) return "a1-imm"
  if (m == 5 || m == 6) return "wrmask-order"
  return ""
}
