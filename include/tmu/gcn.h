/* tmu — AMD GCN MIMG (image instruction) codec for gfx6, gfx7, gfx8 (8.0 and 8.1) and gfx9, and
 * for the RDNA generations gfx10 (gfx1010), gfx10.3 (gfx1030) and gfx11 (gfx1100).
 *
 * One 64-bit word per instruction: WORD = DWORD0 | (DWORD1 << 32), DWORD0 first in memory, so
 * bit numbers are the ISA manual's (OPCODE = bits 18-24, VADDR = 32-39, D16 = 63).
 * The encoding is written once, as data (src/gcn/tables.c): a field table and an opcode table
 * with one column per generation.  Decode, encode, the LLVM and CLRX printers and the assembler
 * are loops over those tables; the direct opcode index of each generation and the per-opcode
 * facts the printer needs (mnemonic length, VADDR minimum, VDATA and DMASK rules) are generated
 * from the same rows at compile time, so decode + print costs a few tens of nanoseconds a word
 * (bench/gcn.sh).  No allocation, no global mutable state: every call is thread-safe.
 *
 * Text output in LLVM syntax is byte-identical to llvm-mc 14 (VADDR printed as llvm-mc's
 * per-opcode minimum register range, since gfx6-9 do not encode the address count), and a word
 * is valid exactly when llvm-mc 14 both disassembles it and re-assembles its text to the same
 * word, except two llvm-mc 14 defects tmu does not copy (atomics with TFE and DMASK != 0x1,
 * gather4 with D16+TFE on packed-D16 targets: tmu decodes them with the true VDATA size).
 *
 * Ignored bits: bits 1-7 and 58-62 mean nothing on gfx6-9 (llvm-mc ignores them too).  decode
 * keeps them in f[TMU_GCN_F_IGN_LO/IGN_HI] so encode(decode(w)) == w, but text cannot carry
 * them, so assemble(print(decode(w))) == w with those bits cleared.
 *
 * RDNA (gfx10, gfx10.3, gfx11; docs/rdna-mimg.md): an instruction is 2 to 5 dwords
 * (the base 64 bits, then 0-3 NSA dwords holding one address VGPR per byte), so the dword
 * entry points (tmu_gcn_inst_dwords, tmu_gcn_decode_dwords, tmu_gcn_encode_dwords,
 * tmu_gcn_disasm_dwords) take the instruction as dwords in memory order; the 64-bit ones work
 * for the 2-dword forms.  The same field table (one column of bit positions per layout: gfx6-9,
 * gfx10/10.3, gfx11) and opcode table (one column per generation) drive every generation.  Text
 * is byte-identical to llvm-mc 16, and a word is valid exactly when llvm-mc 16 disassembles it
 * and re-assembles its text to the same dwords (its gaps copied: gfx11 NSA holds at most five
 * addresses, gather4 with D16 + TFE or VDATA above v252, atomics with TFE beyond DMASK 0x1).
 * The executor (gcn_exec.h) and the descriptor functions take every generation (RDNA:
 * docs/rdna-mimg.md sections 11-12); TMU_GCN_GEN_COUNT ends the generations the translator
 * models directly (it takes RDNA through gfx9: translate.h). */
#ifndef TMU_GCN_H
#define TMU_GCN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tmu/format.h"
#include "tmu/status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* GPU generations.  GFX81 (Stoney) differs from GFX8 only in packed D16 data.  The RDNA
 * generations follow the GCN ones; the codec, executor and descriptors take every value below
 * TMU_GCN_GEN_ALL, the translator too (RDNA through gfx9: translate.h). */
typedef enum tmu_gcn_gen {
    TMU_GCN_GFX6 = 0, /* GCN 1.0, Southern Islands, llvm -mcpu=tahiti */
    TMU_GCN_GFX7,     /* GCN 1.1, Sea Islands, bonaire */
    TMU_GCN_GFX8,     /* GCN 1.2, Volcanic Islands gfx8.0, tonga (unpacked D16) */
    TMU_GCN_GFX81,    /* gfx8.1, Stoney, gfx810 (packed D16) */
    TMU_GCN_GFX9,     /* GCN 1.4, Vega, gfx900 (packed D16, bit 15 = A16) */
    TMU_GCN_GFX10,    /* RDNA 1, Navi 1x, gfx1010 (NSA, DIM, DLC; wave32 / wave64) */
    TMU_GCN_GFX103,   /* RDNA 2, Navi 2x, gfx1030 (+ image_msaa_load, BVH) */
    TMU_GCN_GFX11,    /* RDNA 3, Navi 3x, gfx1100 (new layout and opcodes) */
    TMU_GCN_GEN_ALL   /* every generation the codec knows */
} tmu_gcn_gen;

/* The GCN generations gfx6-gfx9 (64-bit MIMG words): what the translator models directly.
 * Generations from TMU_GCN_GFX10 on are RDNA. */
#define TMU_GCN_GEN_COUNT 5

/* Whether a generation is RDNA (gfx10 and later: variable-length MIMG). */
#define TMU_GCN_GEN_IS_RDNA(gen) ((unsigned)(gen) >= (unsigned)TMU_GCN_GFX10 && \
                                  (unsigned)(gen) < (unsigned)TMU_GCN_GEN_ALL)

/* Canonical name of a generation ("gfx6", "gfx7", "gfx8", "gfx81", "gfx9", "gfx10", "gfx10.3",
 * "gfx11"); NULL if out of range. */
const char *tmu_gcn_gen_name(tmu_gcn_gen gen);

/* The llvm-mc -mcpu name tmu's text follows for a generation ("tahiti" ... "gfx900", "gfx1010",
 * "gfx1030", "gfx1100"); NULL if out of range. */
const char *tmu_gcn_gen_llvm_cpu(tmu_gcn_gen gen);

/* Parses a generation name: gfx6|si|tahiti, gfx7|ci|bonaire, gfx8|vi|tonga, gfx81|gfx810|stoney,
 * gfx9|gfx900|vega, gfx10|gfx1010|gfx1011|gfx1012|navi10, gfx10.3|gfx103|gfx1030 ... gfx1036|
 * navi21, gfx11|gfx1100 ... gfx1103|navi31 (case-insensitive; llvm-mc's -mcpu names of each
 * RDNA generation, gfx1013 excepted: it adds BVH to gfx10).  Returns TMU_ERR_NOT_FOUND for
 * anything else. */
tmu_status tmu_gcn_gen_from_name(const char *name, tmu_gcn_gen *out);

/* TMU_OK when tmu models `what` on a generation: every generation executes, decodes
 * descriptors and translates (RDNA through gfx9), so TMU_OK for every generation in range;
 * TMU_ERR_INVALID_ARGUMENT out of range. */
tmu_status tmu_gcn_gen_check_modelled(tmu_gcn_gen gen, const char *what, tmu_diag *diag);

/* Every name tmu_gcn_gen_from_name accepts (for "did you mean" lists); *count receives the length. */
const char *const *tmu_gcn_gen_names(size_t *count);

/* The MIMG fields, in gfx6-9 bit order.  tmu_gcn_mimg.f[] is indexed by these.  The bit
 * positions of a field depend on the generation's layout (tmu_gcn_field_get_gen); the comments
 * give gfx6-9 first, then gfx10 / gfx10.3 and gfx11 where they differ ("-" = absent). */
typedef enum tmu_gcn_field {
    TMU_GCN_F_OP7 = 0, /* bit 0: LLVM's opcode bit 7; must be 0 on gfx6-9; gfx10: OPM; gfx11 - */
    TMU_GCN_F_IGN_LO,  /* bits 1-7: ignored on gfx6-9; gfx10: bit 6; gfx11: bit 1 (ignored) */
    TMU_GCN_F_DMASK,   /* bits 8-11 */
    TMU_GCN_F_UNORM,   /* bit 12 */
    TMU_GCN_F_GLC,     /* bit 13 */
    TMU_GCN_F_DA,      /* bit 14 on gfx6-9; RDNA - (DIM instead) */
    TMU_GCN_F_R128,    /* bit 15 on gfx6-8 and RDNA */
    TMU_GCN_F_A16,     /* bit 15 on gfx9; gfx10: bit 62; gfx11: bit 16 */
    TMU_GCN_F_TFE,     /* bit 16; gfx11: bit 53 */
    TMU_GCN_F_LWE,     /* bit 17; gfx11: bit 54 */
    TMU_GCN_F_OPCODE,  /* bits 18-24; gfx11: bits 18-25 (8 bits) */
    TMU_GCN_F_SLC,     /* bit 25; gfx11: bit 12 */
    TMU_GCN_F_ENCODING,/* bits 26-31, must be 0b111100 */
    TMU_GCN_F_VADDR,   /* bits 32-39 (RDNA NSA: the first address VGPR) */
    TMU_GCN_F_VDATA,   /* bits 40-47 */
    TMU_GCN_F_SRSRC,   /* bits 48-52 (SGPR number / 4) */
    TMU_GCN_F_SSAMP,   /* bits 53-57 (SGPR number / 4); gfx11: bits 58-62 */
    TMU_GCN_F_IGN_HI,  /* bits 58-62: ignored on gfx6-9; gfx10: 58-61; gfx11: 55-57 */
    TMU_GCN_F_D16,     /* bit 63 (gfx8+); gfx11: bit 17 */
    TMU_GCN_F_COUNT,   /* the fields of the gfx6-9 encoding end here */
    /* RDNA only (0 on gfx6-9): */
    TMU_GCN_F_NSA = TMU_GCN_F_COUNT, /* gfx10: bits 1-2, NSA dwords (0-3); gfx11: bit 0 */
    TMU_GCN_F_DIM,     /* gfx10: bits 3-5; gfx11: bits 2-4 (SQ_RSRC_IMG_1D ... 2D_MSAA_ARRAY) */
    TMU_GCN_F_DLC,     /* gfx10: bit 7; gfx11: bit 13 */
    TMU_GCN_F_IGN_MID, /* ignored: gfx10 bit 14; gfx11 bits 5-6 */
    TMU_GCN_F_IGN_TOP, /* ignored: gfx11 bit 63 */
    TMU_GCN_F_ADDR1,   /* NSA dwords: address VGPR k (k = 1..12) at bits 56+8k .. 63+8k */
    TMU_GCN_F_ADDR2, TMU_GCN_F_ADDR3, TMU_GCN_F_ADDR4, TMU_GCN_F_ADDR5, TMU_GCN_F_ADDR6,
    TMU_GCN_F_ADDR7, TMU_GCN_F_ADDR8, TMU_GCN_F_ADDR9, TMU_GCN_F_ADDR10, TMU_GCN_F_ADDR11,
    TMU_GCN_F_ADDR12,
    TMU_GCN_F_ALL      /* every field: the size of tmu_gcn_mimg.f */
} tmu_gcn_field;

/* One row of the field table. */
typedef struct tmu_gcn_field_info {
    const char *name; /* upper case, as the ISA manual: "DMASK" */
    uint8_t lo;       /* lowest bit in WORD */
    uint8_t width;    /* bits */
    uint8_t gens;     /* bit g set = present on generation g */
} tmu_gcn_field_info;

/* The gfx6-9 field table row of `field`, or NULL when out of range (an RDNA-only field's row
 * there has width 0). */
const tmu_gcn_field_info *tmu_gcn_field_get(tmu_gcn_field field);

/* The field table row of `field` in the layout of `gen` (lo = bit number from the start of the
 * instruction, NSA dwords included), or NULL when the field does not exist there. */
const tmu_gcn_field_info *tmu_gcn_field_get_gen(tmu_gcn_gen gen, tmu_gcn_field field);

/* What an opcode does. */
typedef enum tmu_gcn_op_class {
    TMU_GCN_CLASS_LOAD = 0, /* image_load* */
    TMU_GCN_CLASS_STORE,    /* image_store* */
    TMU_GCN_CLASS_RESINFO,  /* image_get_resinfo */
    TMU_GCN_CLASS_ATOMIC,   /* image_atomic_* */
    TMU_GCN_CLASS_SAMPLE,   /* image_sample* */
    TMU_GCN_CLASS_GATHER,   /* image_gather4* */
    TMU_GCN_CLASS_GET_LOD,  /* image_get_lod */
    TMU_GCN_CLASS_BVH       /* image_bvh*_intersect_ray (gfx10.3, gfx11): ray tracing */
} tmu_gcn_op_class;

/* Flags of an opcode row: extra address components (in VADDR order) and properties. */
enum {
    TMU_GCN_OPF_OFFSET = 1u << 0,  /* _o: packed texel offsets dword */
    TMU_GCN_OPF_BIAS = 1u << 1,    /* _b: LOD bias */
    TMU_GCN_OPF_COMPARE = 1u << 2, /* _c: depth-compare reference */
    TMU_GCN_OPF_DERIV = 1u << 3,   /* _d / _cd: user derivatives */
    TMU_GCN_OPF_LOD = 1u << 4,     /* _l: explicit LOD */
    TMU_GCN_OPF_CLAMP = 1u << 5,   /* _cl: LOD clamp */
    TMU_GCN_OPF_MIP = 1u << 6,     /* _mip: explicit mip level (load/store) */
    TMU_GCN_OPF_LZ = 1u << 7,      /* _lz: LOD zero */
    TMU_GCN_OPF_PCK = 1u << 8,     /* _pck: raw data, no conversion, no D16 */
    TMU_GCN_OPF_SGN = 1u << 9,     /* _sgn: sign-extended raw data */
    TMU_GCN_OPF_CMPSWAP = 1u << 10,/* cmpswap / fcmpswap: data + compare in VDATA */
    TMU_GCN_OPF_COARSE = 1u << 11, /* _cd: coarse derivatives */
    TMU_GCN_OPF_DISPUTED = 1u << 12,/* defined by LLVM but not by every source (gfx7 rsub) */
    TMU_GCN_OPF_G16 = 1u << 13,    /* _g16: 16-bit derivatives, two per VGPR (RDNA) */
    TMU_GCN_OPF_MSAA = 1u << 14,   /* image_msaa_load: MSAA images only (RDNA) */
    TMU_GCN_OPF_BVH64 = 1u << 15   /* image_bvh64_intersect_ray: 64-bit node pointer */
};

#define TMU_GCN_NO_OP 0xffu /* opcode column value: not defined on that generation */

/* One row of the opcode table: one mnemonic with its opcode on each generation. */
typedef struct tmu_gcn_opcode_info {
    char name[32];                    /* "image_sample_c_lz_o", NUL-padded */
    uint8_t name_len;                 /* strlen(name) */
    uint8_t op[TMU_GCN_GEN_ALL];      /* opcode per generation, TMU_GCN_NO_OP when absent
                                       * (RDNA opcodes are 8 bits: gfx10 OP7:OPCODE) */
    uint8_t cls;                      /* tmu_gcn_op_class */
    uint16_t flags;                   /* TMU_GCN_OPF_* */
} tmu_gcn_opcode_info;

/* The whole opcode table; *count receives the number of rows. */
const tmu_gcn_opcode_info *tmu_gcn_opcodes(size_t *count);

/* The row for an opcode on `gen` (7 bits on gfx6-9, 8 on RDNA), or NULL when the opcode is not
 * defined there. */
const tmu_gcn_opcode_info *tmu_gcn_opcode_lookup(tmu_gcn_gen gen, unsigned opcode);

/* The row for a mnemonic (lower case, exact), or NULL.  The row may be absent on some
 * generations: check row->op[gen]. */
const tmu_gcn_opcode_info *tmu_gcn_opcode_by_name(const char *name);

/* A decoded MIMG instruction: every field of the word, by tmu_gcn_field index, plus the
 * generation and the opcode row.  Build one by hand with tmu_gcn_mimg_init + f[] assignments. */
typedef struct tmu_gcn_mimg {
    tmu_gcn_gen gen;
    const tmu_gcn_opcode_info *op; /* NULL until decoded / set */
    uint32_t f[TMU_GCN_F_ALL];     /* field values (RDNA-only fields 0 on gfx6-9) */
} tmu_gcn_mimg;

/* Initialises `inst` for `gen` and the mnemonic row `op` (may be NULL): all fields 0 except
 * ENCODING = 0x3c and OPCODE = op->op[gen] (gfx10/10.3: its low 7 bits, bit 7 in OP7). */
void tmu_gcn_mimg_init(tmu_gcn_mimg *inst, tmu_gcn_gen gen, const tmu_gcn_opcode_info *op);

/* Decodes one word.  On success fills *inst and returns TMU_OK.  Otherwise returns
 * TMU_ERR_DECODE with diag->message giving the reason ("opcode 0x1e is not defined on gfx8")
 * and diag->offset the first offending bit; *inst then still holds the raw fields (op may be
 * NULL).  Validity follows llvm-mc 14 (see docs in src/gcn/decode.c); on RDNA llvm-mc 16 (the
 * word is the first two dwords: an NSA instruction needs tmu_gcn_decode_dwords). */
tmu_status tmu_gcn_decode(tmu_gcn_gen gen, uint64_t word, tmu_gcn_mimg *inst, tmu_diag *diag);

/* The longest instruction: gfx10/10.3 with three NSA dwords (13 address VGPRs). */
#define TMU_GCN_MAX_DWORDS 5

/* Length in dwords of the instruction whose first dword is `dword0`, from that dword alone:
 * 2 on gfx6-9; gfx10/10.3 2 + NSA (bits 1-2); gfx11 2 + bit 0.  0 for a bad generation. */
unsigned tmu_gcn_inst_dwords(tmu_gcn_gen gen, uint32_t dword0);

/* Decodes one instruction from dw[0 .. n-1] (dwords in memory order; the instruction may be
 * followed by others).  *len (may be NULL) receives its length by tmu_gcn_inst_dwords, also on
 * failure, so a disassembler can step over a bad instruction; TMU_ERR_DECODE when fewer than
 * that many dwords are given ("truncated"), else as tmu_gcn_decode.  No allocation. */
tmu_status tmu_gcn_decode_dwords(tmu_gcn_gen gen, const uint32_t *dw, size_t n,
                                 tmu_gcn_mimg *inst, unsigned *len, tmu_diag *diag);

/* Encodes every field of `inst` into dw[0 .. *len-1] (*len = 2 + NSA dwords on RDNA, 2 on
 * gfx6-9); TMU_ERR_RANGE as tmu_gcn_encode. */
tmu_status tmu_gcn_encode_dwords(const tmu_gcn_mimg *inst, uint32_t dw[TMU_GCN_MAX_DWORDS],
                                 unsigned *len, tmu_diag *diag);

/* Address VGPRs an instruction reads, as LLVM counts them (AMDGPU::getAddrSizeMIMGOp):
 * gfx6-9 the llvm-mc 14 minimum (tmu_gcn_llvm_vaddr_min); RDNA computed from opcode, DIM and
 * A16 (docs/rdna-mimg.md §4; BVH 11 / 12, 8 / 9 with A16).  0 without an opcode row. */
unsigned tmu_gcn_vaddr_count(const tmu_gcn_mimg *inst);

/* The llvm-mc 16 name of an RDNA DIM value ("SQ_RSRC_IMG_2D_ARRAY"), NULL above 7. */
const char *tmu_gcn_dim_name(unsigned dim);

/* Checks an instruction against the same rules as decode (without decoding).  TMU_OK or
 * TMU_ERR_INVALID with the reason in diag. */
tmu_status tmu_gcn_validate(const tmu_gcn_mimg *inst, tmu_diag *diag);

/* Encodes every field of `inst` into *word (ignored bits included, so decode->encode is the
 * identity).  TMU_ERR_RANGE when a field value does not fit its bits; no rule checking. */
tmu_status tmu_gcn_encode(const tmu_gcn_mimg *inst, uint64_t *word, tmu_diag *diag);

/* Number of VDATA registers: popcount(DMASK) (0 counts as 1; gather4: 4), halved and rounded up
 * for D16 on packed generations (gfx81, gfx9, RDNA), +1 with TFE.  LWE adds nothing (as LLVM).
 * RDNA: gfx11 image_msaa_load counts like gather4; BVH always 4. */
unsigned tmu_gcn_vdata_count(const tmu_gcn_mimg *inst);

/* The VADDR register count llvm-mc prints for an opcode row (its per-opcode minimum). */
unsigned tmu_gcn_llvm_vaddr_min(const tmu_gcn_opcode_info *op);

/* Whether llvm-mc 14's assembler accepts a VADDR of `count` registers for an opcode row: the
 * register classes an address of the opcode can need, largest rounded up to 4, 8 or 16
 * (e.g. image_sample: 1-4; image_sample_c_b: 3, 4, 5, 8; image_sample_d: 2-8, 16). */
bool tmu_gcn_llvm_vaddr_ok(const tmu_gcn_opcode_info *op, unsigned count);

/* Image types: the T# TYPE codes. */
typedef enum tmu_gcn_image_type {
    TMU_GCN_IMG_1D = 8,
    TMU_GCN_IMG_2D = 9,
    TMU_GCN_IMG_3D = 10,
    TMU_GCN_IMG_CUBE = 11,
    TMU_GCN_IMG_1D_ARRAY = 12,
    TMU_GCN_IMG_2D_ARRAY = 13,
    TMU_GCN_IMG_2D_MSAA = 14,
    TMU_GCN_IMG_2D_MSAA_ARRAY = 15
} tmu_gcn_image_type;

/* Name of an image type ("1d", "2d", "3d", "cube", "1d_array", "2d_array", "2d_msaa",
 * "2d_msaa_array"), NULL when out of range. */
const char *tmu_gcn_image_type_name(tmu_gcn_image_type type);

/* Parses an image type name (as printed by tmu_gcn_image_type_name). */
tmu_status tmu_gcn_image_type_from_name(const char *name, tmu_gcn_image_type *out);

/* Address components in VADDR. */
typedef enum tmu_gcn_addr_comp {
    TMU_GCN_AC_OFFSET = 0, TMU_GCN_AC_BIAS, TMU_GCN_AC_ZCOMPARE,
    TMU_GCN_AC_DSDH, TMU_GCN_AC_DTDH, TMU_GCN_AC_DRDH,
    TMU_GCN_AC_DSDV, TMU_GCN_AC_DTDV, TMU_GCN_AC_DRDV,
    TMU_GCN_AC_X, TMU_GCN_AC_Y, TMU_GCN_AC_Z, /* s, t, r for sampling; x, y, z for loads */
    TMU_GCN_AC_FACE, TMU_GCN_AC_SLICE, TMU_GCN_AC_FRAGID,
    TMU_GCN_AC_LOD, TMU_GCN_AC_CLAMP, TMU_GCN_AC_MIP,
    TMU_GCN_AC_COUNT
} tmu_gcn_addr_comp;

/* Short name of an address component ("offset", "dsdh", "x", "slice", "lod" ...). */
const char *tmu_gcn_addr_comp_name(tmu_gcn_addr_comp comp);

#define TMU_GCN_MAX_ADDR 16

/* Where each address component lives: VGPR `dword[i]` relative to VADDR, 16-bit half `half[i]`
 * (0 = bits 0-15 or the whole dword, 1 = bits 16-31; halves only with A16). */
typedef struct tmu_gcn_vaddr_layout {
    unsigned count;                       /* components */
    uint8_t comp[TMU_GCN_MAX_ADDR];       /* tmu_gcn_addr_comp, in VADDR order */
    uint8_t dword[TMU_GCN_MAX_ADDR];
    uint8_t half[TMU_GCN_MAX_ADDR];
    uint8_t is16[TMU_GCN_MAX_ADDR];       /* 1: a 16-bit value (A16, or RDNA _g16 derivatives) */
    unsigned vgprs;                       /* address VGPRs in total */
} tmu_gcn_vaddr_layout;

/* Address layout for an opcode row on `gen` with an image type (RDNA: the DIM + 8) and A16
 * (gfx9 and RDNA; RDNA derivatives are 16-bit for the _g16 opcodes only, whatever A16 says):
 * order `[offset] [bias] [zcompare] [derivatives] coords [slice|face] [fragid] [lod|clamp|mip]`.
 * With A16, offset and zcompare keep whole dwords, the bias a half dword of its own, and the
 * coordinates with lod/clamp/mip pack two per dword; derivatives pack two per dword (each
 * direction padded) on gfx9 with A16 and on RDNA for the _g16 opcodes only.  On RDNA the
 * address dwords are VADDR's range or, with NSA, the listed registers in order; `vgprs` equals
 * tmu_gcn_vaddr_count of an instruction with that opcode, DIM and A16.
 * TMU_ERR_INVALID (reason in diag) for impossible combinations (MSAA with sampling,
 * image_msaa_load of a single-sampled type, BVH opcodes, A16 before gfx9, opcode absent on
 * gen). */
tmu_status tmu_gcn_vaddr_layout_get(tmu_gcn_gen gen, const tmu_gcn_opcode_info *op,
                                    tmu_gcn_image_type type, bool a16,
                                    tmu_gcn_vaddr_layout *out, tmu_diag *diag);

/* Printing options. */
typedef struct tmu_gcn_print_opts {
    int vaddr_count; /* 0: llvm-mc's minimum; else print VADDR as this many registers (1-16,
                      * within v255, else printing fails) */
} tmu_gcn_print_opts;

/* Prints `inst` in llvm-mc 14 syntax (RDNA: llvm-mc 16) into buf (NUL-terminated).  Returns the
 * length, or -1 if buf is too small or the instruction is invalid (decode/validate first).  opts
 * may be NULL (RDNA: ignored; the address count is encoded). */
int tmu_gcn_print_llvm(const tmu_gcn_mimg *inst, const tmu_gcn_print_opts *opts, char *buf,
                       size_t size);

/* Prints `inst` in CLRX syntax (dmask decimal and omitted when 1, r128 SRSRC as 4 SGPRs, VADDR
 * as at least 4 registers like clrxdisasm).  Same conventions as tmu_gcn_print_llvm; gfx6-9
 * only (-1 on RDNA). */
int tmu_gcn_print_clrx(const tmu_gcn_mimg *inst, const tmu_gcn_print_opts *opts, char *buf,
                       size_t size);

/* Assembler syntaxes. */
typedef enum tmu_gcn_syntax { TMU_GCN_SYNTAX_LLVM = 0, TMU_GCN_SYNTAX_CLRX } tmu_gcn_syntax;

/* Assembles one instruction (text up to `len` bytes or the first NUL; no newline) for `gen`.
 * `line` is the line number used in diagnostics; diag->column is 1-based within `text`.
 * Register sizes are checked like llvm-mc (VDATA must match DMASK/TFE/D16, VADDR at least the
 * minimum).  Returns TMU_OK with *inst filled, else TMU_ERR_PARSE or TMU_ERR_INVALID.
 * RDNA (LLVM syntax only): llvm-mc 16's assembler syntax (`dim:` required, NSA address lists
 * `[v4, v9]`, modifiers dmask dim unorm {glc slc dlc} r128 a16 tfe lwe d16); its verdicts, and
 * its messages at the start of diag->message.  It accepts what llvm-mc 16's assembler accepts,
 * some of which its disassembler rejects (cmpswap DMASK 0x1 with TFE, gather4 D16 into
 * v[254:255]): tmu_gcn_validate says so.  Encode with tmu_gcn_encode_dwords. */
tmu_status tmu_gcn_assemble(tmu_gcn_gen gen, tmu_gcn_syntax syntax, const char *text, size_t len,
                            uint32_t line, tmu_gcn_mimg *inst, tmu_diag *diag);

/* Decodes and prints one word in one call (the fast path for disassemblers: the word is
 * validated once).  Returns the text length, or -1 with the reason in diag (TMU_ERR_DECODE for
 * an invalid word, TMU_ERR_BUFFER_TOO_SMALL when buf cannot hold the text).  RDNA: the 2-dword
 * forms only (tmu_gcn_disasm_dwords takes NSA instructions too); LLVM syntax only. */
int tmu_gcn_disasm(tmu_gcn_gen gen, uint64_t word, tmu_gcn_syntax syntax, char *buf, size_t size,
                   tmu_diag *diag);

/* The longest text tmu prints for one instruction, NUL included (an RDNA NSA list of 13
 * addresses with every modifier); a buffer this large never fails. */
#define TMU_GCN_TEXT_MAX 256

/* tmu_gcn_disasm for one instruction at dw[0 .. n-1] (dwords in memory order): *len (may be
 * NULL) receives its length in dwords, also when it is invalid (see tmu_gcn_decode_dwords).
 * Returns the text length or -1 as tmu_gcn_disasm.  No allocation. */
int tmu_gcn_disasm_dwords(tmu_gcn_gen gen, const uint32_t *dw, size_t n, unsigned *len,
                          tmu_gcn_syntax syntax, char *buf, size_t size, tmu_diag *diag);

/* Disassembles consecutive instructions from dw[0 .. n-1] in LLVM syntax into buf, one line
 * "TEXT\n" each, as many as are valid and whole: it stops before the first instruction that
 * is invalid or cut short (tmu_gcn_disasm_dwords gives its reason) and before one that might
 * not fit in what is left of buf (a line takes at most TMU_GCN_TEXT_MAX bytes).  *used (may
 * be NULL) receives the dwords consumed.  Returns the bytes written (no NUL is added); 0 with
 * bad arguments.  The text of each line is tmu_gcn_disasm_dwords'; one call for a stream
 * saves its per-call checks.  No allocation. */
size_t tmu_gcn_disasm_lines(tmu_gcn_gen gen, const uint32_t *dw, size_t n, char *buf, size_t size,
                            size_t *used);

/* ---- Descriptors ------------------------------------------------------------------------- */

/* Fields of the image resource descriptor T# (8 dwords; 4 with R128).  Values are the raw
 * field contents (WIDTH holds width-1 and so on, as the hardware stores them). */
typedef enum tmu_gcn_tdesc_field {
    TMU_GCN_T_BASE_ADDRESS = 0, TMU_GCN_T_BASE_ADDRESS_HI, TMU_GCN_T_MIN_LOD,
    TMU_GCN_T_DATA_FORMAT, TMU_GCN_T_NUM_FORMAT, TMU_GCN_T_MTYPE01,
    TMU_GCN_T_WIDTH, TMU_GCN_T_HEIGHT, TMU_GCN_T_PERF_MOD, TMU_GCN_T_INTERLACED,
    TMU_GCN_T_DST_SEL_X, TMU_GCN_T_DST_SEL_Y, TMU_GCN_T_DST_SEL_Z, TMU_GCN_T_DST_SEL_W,
    TMU_GCN_T_BASE_LEVEL, TMU_GCN_T_LAST_LEVEL, TMU_GCN_T_TILING_INDEX, TMU_GCN_T_SW_MODE,
    TMU_GCN_T_POW2_PAD, TMU_GCN_T_MTYPE2, TMU_GCN_T_ATC, TMU_GCN_T_TYPE,
    TMU_GCN_T_DEPTH, TMU_GCN_T_PITCH, TMU_GCN_T_BC_SWIZZLE,
    TMU_GCN_T_BASE_ARRAY, TMU_GCN_T_LAST_ARRAY, TMU_GCN_T_ARRAY_PITCH, TMU_GCN_T_META_DATA_ADDRESS,
    TMU_GCN_T_META_LINEAR, TMU_GCN_T_META_PIPE_ALIGNED, TMU_GCN_T_META_RB_ALIGNED, TMU_GCN_T_MAX_MIP,
    TMU_GCN_T_MIN_LOD_WARN, TMU_GCN_T_COUNTER_BANK_ID, TMU_GCN_T_LOD_HDW_CNT_EN,
    TMU_GCN_T_COMPRESSION_EN, TMU_GCN_T_ALPHA_IS_ON_MSB, TMU_GCN_T_COLOR_TRANSFORM,
    TMU_GCN_T_LOST_ALPHA_BITS, TMU_GCN_T_LOST_COLOR_BITS, TMU_GCN_T_META_ADDRESS,
    /* RDNA (gfx10, gfx10.3, gfx11) only: */
    TMU_GCN_T_FORMAT,          /* the unified image format (tmu_gcn_rdna_format) */
    TMU_GCN_T_RESOURCE_LEVEL, TMU_GCN_T_LLC_NOALLOC, TMU_GCN_T_BIG_PAGE,
    TMU_GCN_T_CORNER_SAMPLES, TMU_GCN_T_LINKED_RESOURCE, TMU_GCN_T_PRT_DEFAULT,
    TMU_GCN_T_ITERATE_256, TMU_GCN_T_MAX_UNCOMP_BLK_SIZE, TMU_GCN_T_MAX_COMP_BLK_SIZE,
    TMU_GCN_T_WRITE_COMPRESS_EN, TMU_GCN_T_DEPTH_SCALE, TMU_GCN_T_HEIGHT_SCALE,
    TMU_GCN_T_WIDTH_SCALE, TMU_GCN_T_SAMPLE_PATTERN_OFFSET, TMU_GCN_T_META_DATA_ADDRESS_HI,
    TMU_GCN_T_PITCH_MSB,
    TMU_GCN_T_COUNT
} tmu_gcn_tdesc_field;

/* Fields of the sampler descriptor S# (4 dwords). */
typedef enum tmu_gcn_sdesc_field {
    TMU_GCN_S_CLAMP_X = 0, TMU_GCN_S_CLAMP_Y, TMU_GCN_S_CLAMP_Z, TMU_GCN_S_MAX_ANISO_RATIO,
    TMU_GCN_S_DEPTH_COMPARE_FUNC, TMU_GCN_S_FORCE_UNNORMALIZED, TMU_GCN_S_ANISO_THRESHOLD,
    TMU_GCN_S_MC_COORD_TRUNC, TMU_GCN_S_FORCE_DEGAMMA, TMU_GCN_S_ANISO_BIAS, TMU_GCN_S_TRUNC_COORD,
    TMU_GCN_S_DISABLE_CUBE_WRAP, TMU_GCN_S_FILTER_MODE, TMU_GCN_S_COMPAT_MODE,
    TMU_GCN_S_MIN_LOD, TMU_GCN_S_MAX_LOD, TMU_GCN_S_PERF_MIP, TMU_GCN_S_PERF_Z,
    TMU_GCN_S_LOD_BIAS, TMU_GCN_S_LOD_BIAS_SEC, TMU_GCN_S_XY_MAG_FILTER, TMU_GCN_S_XY_MIN_FILTER,
    TMU_GCN_S_Z_FILTER, TMU_GCN_S_MIP_FILTER, TMU_GCN_S_MIP_POINT_PRECLAMP,
    TMU_GCN_S_DISABLE_LSB_CEIL, TMU_GCN_S_FILTER_PREC_FIX, TMU_GCN_S_ANISO_OVERRIDE,
    TMU_GCN_S_BORDER_COLOR_PTR, TMU_GCN_S_SKIP_DEGAMMA, TMU_GCN_S_BORDER_COLOR_TYPE,
    TMU_GCN_S_BLEND_ZERO_PRT,  /* RDNA (gfx9 keeps it in DISABLE_LSB_CEIL's bit) */
    TMU_GCN_S_DERIV_ADJUST_EN, /* RDNA */
    TMU_GCN_S_COUNT
} tmu_gcn_sdesc_field;

/* How a descriptor field's value is shown. */
typedef enum tmu_gcn_desc_kind {
    TMU_GCN_DK_PLAIN = 0, /* decimal */
    TMU_GCN_DK_HEX,       /* hexadecimal */
    TMU_GCN_DK_MINUS1,    /* stores value - 1 (WIDTH, HEIGHT, ...) */
    TMU_GCN_DK_U4_8,      /* unsigned 4.8 fixed point (LOD) */
    TMU_GCN_DK_S5_8,      /* signed 5.8 fixed point (LOD bias) */
    TMU_GCN_DK_ENUM       /* named values */
} tmu_gcn_desc_kind;

/* One descriptor field row: which field, where, on which generations, how shown.  A field
 * whose layout or value names differ between generations has one row per layout. */
typedef struct tmu_gcn_desc_field_info {
    uint8_t id;                 /* tmu_gcn_tdesc_field or tmu_gcn_sdesc_field */
    const char *name;           /* upper case, as Mesa's sid.h / gfx9d.h */
    uint8_t dword, lo, width;
    uint8_t gens;               /* bit g set = present on generation g */
    uint8_t kind;               /* tmu_gcn_desc_kind */
    const char *const *values;  /* names of values 0..nvalues-1 (NULL entries = reserved) */
    uint8_t nvalues;
} tmu_gcn_desc_field_info;

/* Row of the T# field table for `field` on `gen`; NULL when the field does not exist
 * there (e.g. SW_MODE before gfx9). */
const tmu_gcn_desc_field_info *tmu_gcn_tdesc_field_get(tmu_gcn_gen gen, tmu_gcn_tdesc_field field);
/* Row of the S# field table for `field` on `gen`; NULL when the field does not exist there
 * (e.g. COMPAT_MODE before gfx8). */
const tmu_gcn_desc_field_info *tmu_gcn_sdesc_field_get(tmu_gcn_gen gen, tmu_gcn_sdesc_field field);

/* Decoded descriptors: raw field values per the tables (fields absent on `gen` are 0). */
typedef struct tmu_gcn_tdesc {
    tmu_gcn_gen gen;
    unsigned dwords; /* 4 or 8 */
    uint32_t f[TMU_GCN_T_COUNT];
} tmu_gcn_tdesc;
typedef struct tmu_gcn_sdesc {
    tmu_gcn_gen gen;
    uint32_t f[TMU_GCN_S_COUNT];
} tmu_gcn_sdesc;

/* Decodes a T# of 4 or 8 dwords.  TMU_ERR_INVALID with a reason for a TYPE that is not an image
 * type (0-7) or a wrong dword count; the fields are filled either way. */
tmu_status tmu_gcn_tdesc_decode(tmu_gcn_gen gen, const uint32_t *dw, unsigned ndw,
                                tmu_gcn_tdesc *out, tmu_diag *diag);
/* Encodes a T# into dw[0..desc->dwords-1] (bits of absent fields are 0).  TMU_ERR_RANGE when a
 * value does not fit its field. */
tmu_status tmu_gcn_tdesc_encode(const tmu_gcn_tdesc *desc, uint32_t *dw, tmu_diag *diag);
/* Decodes an S# of 4 dwords (never fails for a valid generation). */
tmu_status tmu_gcn_sdesc_decode(tmu_gcn_gen gen, const uint32_t dw[4], tmu_gcn_sdesc *out,
                                tmu_diag *diag);
/* Encodes an S# into dw[0..3].  TMU_ERR_RANGE when a value does not fit its field. */
tmu_status tmu_gcn_sdesc_encode(const tmu_gcn_sdesc *desc, uint32_t dw[4], tmu_diag *diag);

/* Pretty-prints a T#, one "dN[hi:lo] NAME = value (meaning)" line per field present on the
 * generation.  Returns the length written (NUL-terminated), or -1 if buf is too small. */
int tmu_gcn_tdesc_print(const tmu_gcn_tdesc *desc, char *buf, size_t size);
/* Pretty-prints an S# the same way as tmu_gcn_tdesc_print.  Returns the length or -1. */
int tmu_gcn_sdesc_print(const tmu_gcn_sdesc *desc, char *buf, size_t size);

struct tmu_texture;
struct tmu_sampler;

/* Fills the shape of a tmu_texture from a T# (dim, format via DATA/NUM_FORMAT, sizes, swizzle
 * from DST_SEL including the constants 0 and 1, and the view: base_level/level_count from
 * BASE/LAST_LEVEL, base_layer/layer_count from BASE/LAST_ARRAY (gfx9: BASE_ARRAY..DEPTH),
 * min_lod from MIN_LOD); level memory is left NULL (the T# holds a GPU address:
 * tmu_gcn_bind_texture in gcn_exec.h places it).  levels = LAST_LEVEL + 1 (the levels the view
 * can reach), layers = the image's layers (gfx6-8 DEPTH + 1, cube images 6 per DEPTH + 1; gfx9
 * DEPTH + 1); a view that is the whole image leaves the view fields 0.  TYPE CUBE is a cube
 * array when the view spans more than 6 faces.  Follows radv's conventions (docs/gcn-mimg.md
 * section 4).  MIN_LOD above LAST_LEVEL is clamped to LAST_LEVEL (the hardware clamps the
 * LOD to the view's levels after MIN_LOD, so both select the last level [inf]).
 * TMU_ERR_UNSUPPORTED when the format has no tmu equivalent (block-compressed and FMASK formats
 * say so) or a DST_SEL is reserved; TMU_ERR_INVALID for LAST_LEVEL < BASE_LEVEL, LAST_LEVEL
 * beyond the mip chain of WIDTH x HEIGHT (x DEPTH), a view outside the image, TYPE CUBE with
 * WIDTH != HEIGHT, a multisampled LAST_LEVEL above 4 (16 samples).  Messages name T# fields. */
tmu_status tmu_gcn_tdesc_to_texture(const tmu_gcn_tdesc *desc, struct tmu_texture *out,
                                    tmu_diag *diag);

/* Fills a tmu_sampler from an S#: CLAMP_X/Y/Z (all eight modes), XY_MAG/MIN_FILTER
 * (ANISO_* = the filter with anisotropy), MIP_FILTER, MAX_ANISO_RATIO (1x..16x), FILTER_MODE
 * (blend/min/max), DEPTH_COMPARE_FUNC, FORCE_UNNORMALIZED, DISABLE_CUBE_WRAP, LOD_BIAS (s5.8),
 * MIN/MAX_LOD (u4.8) and the border colour of BORDER_COLOR_TYPE 0-2 (REGISTER needs the
 * caller's table: tmu_gcn_bind_sampler).  TMU_ERR_UNSUPPORTED, naming field and value, for
 * TRUNC_COORD = 1, MC_COORD_TRUNC = 1 and the reserved MIP_FILTER 3 and FILTER_MODE 3. */
tmu_status tmu_gcn_sdesc_to_sampler(const tmu_gcn_sdesc *desc, struct tmu_sampler *out,
                                    tmu_diag *diag);

/* Where the levels of a linear image lie relative to its base address, by AMD addrlib's rules
 * (the hardware computes the same placement from the T#):
 *  gfx6-8 (TILING_INDEX 8 = ARRAY_LINEAR_ALIGNED in the kernel drivers' tile-mode table;
 *  SiLib/EgBasedLib): levels one after another, each aligned to 256 bytes (the pipe
 *  interleave), each holding all its slices; level 0 rows are PITCH + 1 texels; level n > 0 is
 *  max(1, (PITCH + 1) >> n) texels wide (its pitch derives from the base pitch), padded to a
 *  multiple of max(8, 64 / bytes per texel) texels and then widened by that step until a slice
 *  holds a multiple of max(64, 256 / bytes per texel) texels; with POW2_PAD the heights and slice
 *  counts of every level and the widths of levels > 0 are first rounded up to powers of two.
 *  gfx9 (SW_MODE 0 = SW_LINEAR; Gfx9Lib): every slice (layer, or 3D z) holds the whole mip chain,
 *  levels stacked one under another with one pitch, the level-0 width aligned to
 *  256 / bytes per texel texels; a level is ceil(height / 2^n) rows high (1D: one row); a
 *  one-level image uses PITCH + 1 as its pitch, a mipmapped one PITCH + 1 rows per slice
 *  (addrlib's epitchIsHeight) and MAX_MIP + 1 levels in its chain.
 * `shape` is what tmu_gcn_tdesc_to_texture gives for `desc`; *out receives the placement of its
 * levels 0 .. shape->levels - 1.  TMU_ERR_UNSUPPORTED for any other TILING_INDEX or SW_MODE
 * (tiled images: tmu_gcn_tdesc_surface), COMPRESSION_EN = 1, multisampled types (never
 * linear), INTERLACED = 1, gfx9 ARRAY_PITCH != 0, 96-bit texels with more than one level on
 * gfx6-8. */
#define TMU_GCN_MAX_LEVELS 16 /* = TMU_MAX_LEVELS */
typedef struct tmu_gcn_placement {
    uint64_t offset[TMU_GCN_MAX_LEVELS];      /* bytes from the base address to texel (0,0,0) */
    uint64_t row_pitch[TMU_GCN_MAX_LEVELS];   /* bytes from one row to the next */
    uint64_t slice_pitch[TMU_GCN_MAX_LEVELS]; /* bytes from one layer (3D: z slice) to the next */
    uint64_t extent;                          /* bytes from the base the levels span */
} tmu_gcn_placement;
tmu_status tmu_gcn_tdesc_placement(const tmu_gcn_tdesc *desc, const struct tmu_texture *shape,
                                   tmu_gcn_placement *out, tmu_diag *diag);

/* Builds the T# a driver (radv conventions) writes for a linear image of `shape` (dim, format,
 * width, height, depth, layers, levels, swizzle; view fields honoured) at byte address
 * `address` (256-byte aligned, below 2^48) on `gen`, and returns the bytes it needs from
 * `address` in *size (tmu_gcn_tdesc_placement of the result).  TMU_ERR_UNSUPPORTED for formats
 * without GCN codes and multisampled shapes. */
tmu_status tmu_gcn_tdesc_for_texture(tmu_gcn_gen gen, const struct tmu_texture *shape,
                                     uint64_t address, tmu_gcn_tdesc *out, uint64_t *size,
                                     tmu_diag *diag);

/* ---- RDNA descriptors ---------------------------------------------------------------------
 *
 * The T# / S# functions above take the RDNA generations too (docs/rdna-mimg.md section 11):
 * their own field rows (gfx10 and gfx10.3 one layout, gfx11 another; sources: AMD's ROCR-Runtime
 * resource_nv.h / resource_gfx11.h).  WIDTH (and gfx11's MIN_LOD) are split across dwords: f[]
 * holds the whole value, the rows hold the pieces (WIDTH_LO / WIDTH_HI, MIN_LOD_LO / MIN_LOD_HI;
 * tmu_gcn_tdesc_field_get returns the low piece).  FORMAT (TMU_GCN_T_FORMAT) replaces
 * DATA_FORMAT / NUM_FORMAT; DEPTH of an array image is its last layer (as gfx9); the levels'
 * placement, linear (SW_MODE 0) or swizzled, is the layout module's (tmu_gcn_tdesc_surface: an
 * RDNA T# is never NOT_FOUND; tmu_gcn_tdesc_placement refuses RDNA).  R128 T#s have 4 dwords
 * (the fields of dwords 4-7 read 0). */

/* Name of an RDNA image FORMAT value ("8_8_8_8_UNORM"; "INVALID" for 0), NULL when the value
 * is reserved or outside tmu's table, or `gen` is not RDNA. */
const char *tmu_gcn_rdna_format_name(tmu_gcn_gen gen, unsigned format);
/* The tmu texel format of an RDNA FORMAT value: the gfx9 DATA_FORMAT / NUM_FORMAT pair of the
 * same name through tmu_format_from_gcn; TMU_FORMAT_INVALID when there is none. */
tmu_format tmu_gcn_rdna_format(tmu_gcn_gen gen, unsigned format);
/* The RDNA FORMAT value of a tmu format (the inverse of tmu_gcn_rdna_format), 0 when none. */
unsigned tmu_gcn_rdna_format_for(tmu_gcn_gen gen, tmu_format format);

/* ---- Tiled images (AMD surface layouts, include/tmu/layout.h) ------------------------------ */

struct tmu_amd_chip;
struct tmu_surface;

/* The chip (address registers) tmu assumes for the tiled T#s of a generation when the caller
 * gives none (tmu_gcn_env.chip NULL): gfx6 "tahiti", gfx7 "bonaire", gfx8 and gfx81 "tonga",
 * gfx9 "vega10", gfx10 "navi10", gfx10.3 "navi21", gfx11 "gfx11_16pipe" (tmu_amd_chip_find
 * presets; `tmu gcn run --chip NAME` picks another).  Those are the first chip of each
 * generation (gfx11: Mesa's 16-pipe gfx11 test configuration, as navi21 is its 16-pipe gfx10.3
 * one; a real gfx11 chip's GB_ADDR_CONFIG may differ).  PS4 code wants "liverpool" (alias "ps4"), Raven APUs
 * "raven"; a chip without a preset (Stoney among them) needs its own registers.  NULL for a
 * generation out of range. */
const struct tmu_amd_chip *tmu_gcn_default_chip(tmu_gcn_gen gen);

/* The AMD surface a tiled T# describes, laid out by tmu_surface_init_amd on `chip` (NULL: the
 * default chip of desc->gen; its generation must be desc->gen's, gfx81 taking a gfx8 chip).
 * A T# is tiled when its gfx6-8 TILING_INDEX is not 8 or the chip's GB_TILE_MODE8 is not
 * ARRAY_LINEAR_ALIGNED, or its gfx9 SW_MODE is not 0; for the other (linear) T#s this returns
 * TMU_ERR_NOT_FOUND and tmu_gcn_tdesc_placement applies.  `shape` is what
 * tmu_gcn_tdesc_to_texture gives for `desc`.  The surface is the whole image from level 0 at
 * *base (BASE_ADDRESS << 8 | BASE_ADDRESS_HI << 40, less the gfx9 pipe/bank XOR), whatever
 * BASE_LEVEL says:
 *  - element: the format's texel (bpp = bits per texel; block-compressed, FMASK and 96-bit
 *    formats are refused);
 *  - extent: WIDTH + 1, HEIGHT + 1 (1D: 1); slices = DEPTH + 1 of a 3D image, else the image's
 *    layers as tmu_gcn_tdesc_to_texture counts them (gfx6-8 cubes: 6 per DEPTH + 1);
 *  - levels: gfx6-8 LAST_LEVEL + 1 (each level's layout depends only on the levels before
 *    it), gfx9 MAX_MIP + 1 (the mip tail depends on the whole chain); multisampled types one
 *    level of 2^LAST_LEVEL samples;
 *  - gfx6-8: tile_index = TILING_INDEX; flags TEXTURE, plus DEPTH when GB_TILE_MODE's micro tile
 *    mode is DEPTH_SAMPLE_ORDER and DISPLAY when it is DISPLAYABLE on a tiled array mode, CUBE
 *    for TYPE CUBE, VOLUME and NO_LARGE_THICK_DEGRADE for TYPE 3D (the T# mode is the one the
 *    hardware reads), POW2_PAD when the T# POW2_PAD bit is set (radv sets it for mipmapped
 *    images); multisampled types take COLOR (or DEPTH) instead of TEXTURE.  PITCH + 1 (8-dword
 *    T#s) must be the level-0 pitch addrlib gives (radv writes that one).  A macro-tiled
 *    surface's base must be aligned to its base alignment: low BASE_ADDRESS bits there would
 *    be a bank/pipe swizzle (Mesa's tile_swizzle), which is not modelled;
 *  - gfx9: swizzle_mode = SW_MODE (modes 1-11 and 16-27), rsrc 3D for TYPE 3D, else 2D (1D
 *    images are laid out as 2D, as radv allocates them); flags TEXTURE; multisampled types are
 *    refused (addrlib's address equation for gfx9 MSAA, which the layout module reproduces,
 *    overlaps samples: it is not the hardware's).  For the _X and _T modes the BASE_ADDRESS
 *    bits below the block size (4 KiB or 64 KiB) hold the pipe/bank XOR shifted to the pipe
 *    interleave (radv / radeonsi OR Mesa's tile_swizzle into BASE_ADDRESS), which the layout
 *    XORs into every address.  PITCH is not read (the swizzled layout follows from WIDTH,
 *    HEIGHT, DEPTH and MAX_MIP [inf]); MAX_MIP may exceed the mip chain (addrlib lays the
 *    extra levels out at 1x1).
 * Refusals name the T# field: COMPRESSION_EN = 1 (DCC, or HTILE on depth surfaces),
 * INTERLACED = 1, ARRAY_PITCH != 0, MAX_MIP below LAST_LEVEL, a pipe/bank XOR the chip cannot
 * hold, a layout addrlib refuses, a chip of another generation (TMU_ERR_INVALID_ARGUMENT).
 * TMU_OK fills *surf and *base. */
tmu_status tmu_gcn_tdesc_surface(const tmu_gcn_tdesc *desc, const struct tmu_texture *shape,
                                 const struct tmu_amd_chip *chip, struct tmu_surface *surf,
                                 uint64_t *base, tmu_diag *diag);

#ifdef __cplusplus
}
#endif
#endif
