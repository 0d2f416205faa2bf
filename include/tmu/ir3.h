/* tmu — Qualcomm Adreno ir3 category-5 (texture) instruction codec, a3xx–a7xx.
 *
 * One 64-bit word per instruction (bits 63..32 are written first in text,
 * "HHHHHHHH_LLLLLLLL"; in memory the low dword comes first).  The encoding is
 * described once, as data (src/ir3/tables.c): a table of bit fields, a table of
 * instruction definitions ("leaves": opcode, fixed bits, sources shown, GPU
 * range) and a table of modifiers in display order.  Decode, encode, the
 * Mesa-identical printer and the assembler are all driven by those tables.
 *
 * GPU ids are Mesa's: generation x 100 (a3xx 300 … a7xx 700), or a chip number
 * such as 630; only the ranges matter (brcst/quad_shuffle need >= 600, the
 * a1.x bindless forms read differently on 600–699 and >= 700).
 *
 * Everything here is pure: no allocation, no global mutable state. */
#ifndef TMU_IR3_H
#define TMU_IR3_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tmu/status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Lowest and highest GPU id the codec accepts (a3xx … a8xx, which decodes like a7xx). */
#define TMU_IR3_GPU_MIN 300u
#define TMU_IR3_GPU_MAX 899u

/* Every cat5 instruction definition, in table order. */
typedef enum tmu_ir3_op {
    TMU_IR3_OP_ISAM,
    TMU_IR3_OP_ISAML,
    TMU_IR3_OP_ISAMM,
    TMU_IR3_OP_SAM,
    TMU_IR3_OP_SAMB,
    TMU_IR3_OP_SAML,
    TMU_IR3_OP_SAMGQ,
    TMU_IR3_OP_GETLOD,
    TMU_IR3_OP_CONV,
    TMU_IR3_OP_CONVM,
    TMU_IR3_OP_GETSIZE,
    TMU_IR3_OP_GETBUF,
    TMU_IR3_OP_GETPOS,
    TMU_IR3_OP_GETINFO,
    TMU_IR3_OP_DSX,
    TMU_IR3_OP_DSY,
    TMU_IR3_OP_GATHER4R,
    TMU_IR3_OP_GATHER4G,
    TMU_IR3_OP_GATHER4B,
    TMU_IR3_OP_GATHER4A,
    TMU_IR3_OP_SAMGP0,
    TMU_IR3_OP_SAMGP1,
    TMU_IR3_OP_SAMGP2,
    TMU_IR3_OP_SAMGP3,
    TMU_IR3_OP_DSXPP_1,
    TMU_IR3_OP_DSYPP_1,
    TMU_IR3_OP_RGETPOS,
    TMU_IR3_OP_RGETINFO,
    TMU_IR3_OP_TCINV,
    TMU_IR3_OP_IMG_BINDLESS_HOF,
    TMU_IR3_OP_IMG_BINDLESS_PCMN,
    TMU_IR3_OP_IMG_BINDLESS,
    TMU_IR3_OP_BRCST_ACTIVE,
    TMU_IR3_OP_QUAD_SHUFFLE_BRCST,
    TMU_IR3_OP_QUAD_SHUFFLE_HORIZ,
    TMU_IR3_OP_QUAD_SHUFFLE_VERT,
    TMU_IR3_OP_QUAD_SHUFFLE_DIAG,
    TMU_IR3_OP_COUNT,
    TMU_IR3_OP_NONE = -1 /* the word matched no definition ("raw") */
} tmu_ir3_op;

/* Raw bit fields of a cat5 word.  Some bits mean different things per
 * instruction class (bit 18 is .clp for texture ops and the active-low .1d for
 * isam; bits 19–20 are BASE_HI, the brcst cluster width or the quad_shuffle
 * variant); the generic names below are the bit ranges, the meaning is in the
 * modifier table.  SAMP/TEX exist in the normal layout (bit 51 = 0), SRC3 and
 * DESC_MODE in the s2en/bindless layout (bit 51 = 1). */
typedef enum tmu_ir3_field {
    TMU_IR3_F_FULL,      /* 0      sources full (1) or half (0) */
    TMU_IR3_F_SRC1,      /* 1–8    register */
    TMU_IR3_F_SRC2,      /* 9–16   register, or isam's immediate offset */
    TMU_IR3_F_B17,       /* 17     don't care */
    TMU_IR3_F_B18,       /* 18     .clp / isam .1d (active low) */
    TMU_IR3_F_B19_20,    /* 19–20  BASE_HI / brcst W / quad_shuffle variant */
    TMU_IR3_F_SAMP,      /* 21–24  normal layout: sampler index */
    TMU_IR3_F_TEX,       /* 25–31  normal layout: texture index */
    TMU_IR3_F_SRC3,      /* 21–28  s2en layout: register or immediate indices */
    TMU_IR3_F_DESC_MODE, /* 29–31  s2en layout: descriptor mode 0–7 */
    TMU_IR3_F_DST,       /* 32–39  register */
    TMU_IR3_F_WRMASK,    /* 40–43  x=bit 40 … w=bit 43 */
    TMU_IR3_F_TYPE,      /* 44–46  f16 f32 u16 u32 s16 s32 u8, 7 = .rck */
    TMU_IR3_F_B47,       /* 47     BASE_LO (s2en layout) */
    TMU_IR3_F_3D,        /* 48     .3d */
    TMU_IR3_F_A,         /* 49     .a */
    TMU_IR3_F_B50,       /* 50     .s / isam .v / img_bindless match mode */
    TMU_IR3_F_S2EN,      /* 51     selects the s2en/bindless layout */
    TMU_IR3_F_B52,       /* 52     .o */
    TMU_IR3_F_B53,       /* 53     .p / isam immediate offset / brcst vs quad_shuffle */
    TMU_IR3_F_OPC,       /* 54–58  opcode */
    TMU_IR3_F_JP,        /* 59     (jp) */
    TMU_IR3_F_SY,        /* 60     (sy) */
    TMU_IR3_F_CAT,       /* 61–63  category, 5 */
    TMU_IR3_F_COUNT
} tmu_ir3_field;

/* Descriptor modes of the s2en/bindless layout (DESC_MODE, bits 29–31). */
typedef enum tmu_ir3_desc_mode {
    TMU_IR3_DESC_UNIFORM = 0,
    TMU_IR3_DESC_BINDLESS_A1_UNIFORM = 1,
    TMU_IR3_DESC_BINDLESS_NONUNIFORM = 2,
    TMU_IR3_DESC_BINDLESS_A1_NONUNIFORM = 3,
    TMU_IR3_DESC_NONUNIFORM = 4,
    TMU_IR3_DESC_BINDLESS_UNIFORM = 5,
    TMU_IR3_DESC_BINDLESS_IMM = 6,
    TMU_IR3_DESC_BINDLESS_A1_IMM = 7
} tmu_ir3_desc_mode;

/* One annotation of the kind Mesa appends after "\t; ". */
typedef struct tmu_ir3_note {
    uint8_t dontcare;   /* 1: "dontcare bits in NAME: V"; 0: "WARNING: unexpected bits[LO:HI] in NAME: V vs E" */
    uint8_t lo, hi;     /* bit range, relative to `where` */
    const char *where;  /* static name of the definition, e.g. "#cat5-samp" or "sam" */
    uint64_t value;     /* the bits found (for dontcare: the word masked to the don't-care bits) */
    uint64_t expected;  /* the value the definition asserts */
} tmu_ir3_note;

/* A decoded (or parsed) instruction: the definition, the raw field values
 * and what the decoder noticed.  Encode needs only `op`, `gpu_id` and `field`. */
typedef struct tmu_ir3_instr {
    tmu_ir3_op op;
    uint32_t gpu_id;
    uint64_t word;                     /* decoded word (decode only) */
    uint8_t field[TMU_IR3_F_COUNT];    /* raw field values, indexed by tmu_ir3_field */
    uint64_t ignored;                  /* set bits Mesa neither shows nor checks (do not survive a round trip) */
    uint8_t num_notes;                 /* annotations, at most 4 as in Mesa */
    tmu_ir3_note notes[4];
} tmu_ir3_instr;

/* Static facts about one definition. */
typedef struct tmu_ir3_opinfo {
    const char *name;     /* Mesa's name, e.g. "dsxpp.1", "img_bindless.hof" */
    uint8_t opc;          /* hardware OPC, bits 54–58 */
    uint8_t num_src;      /* SRC1/SRC2 shown by default (0, 1 or 2) */
    bool has_samp, has_tex, has_type;
    uint16_t gpu_min, gpu_max;
    uint64_t mask, match; /* fixed bits: (word & mask & ~dontcare) == match */
    uint64_t dontcare;    /* bits reported when set */
} tmu_ir3_opinfo;

/* Facts about `op`, or NULL when `op` is out of range. */
const tmu_ir3_opinfo *tmu_ir3_opinfo_get(tmu_ir3_op op);

/* Parses a GPU name: a3xx … a8xx, "a630", or a number 300–899.  Returns
 * TMU_OK and the GPU id, or TMU_ERR_NOT_FOUND. */
tmu_status tmu_ir3_gpu_from_name(const char *name, uint32_t *gpu_id);

/* Decodes one word for `gpu_id`.  TMU_OK: `out` holds the instruction (its
 * notes say what Mesa would annotate).  TMU_ERR_DECODE: no definition matches
 * (out->op = TMU_IR3_OP_NONE; Mesa prints it as raw), `diag` says why.
 * TMU_ERR_INVALID_ARGUMENT: bad gpu_id or NULL out. */
tmu_status tmu_ir3_decode(uint64_t word, uint32_t gpu_id, tmu_ir3_instr *out, tmu_diag *diag);

/* Encodes `in` (op, gpu_id, field[]) into a word: every field of the layout
 * chosen by field[TMU_IR3_F_S2EN], then the definition's fixed bits on top.
 * Fails with TMU_ERR_RANGE when a field does not fit its bits, TMU_ERR_INVALID
 * when a field of the other layout is set, TMU_ERR_UNSUPPORTED when the op is
 * not on that GPU. */
tmu_status tmu_ir3_encode(const tmu_ir3_instr *in, uint64_t *word, tmu_diag *diag);

/* Print options. */
enum {
    TMU_IR3_PRINT_NOTES = 1u /* append Mesa's "\t; " annotations (as Mesa's test does) */
};

/* Prints `in` exactly as Mesa's disassembler does (no newline); an op of
 * TMU_IR3_OP_NONE prints Mesa's "raw 0x%X%X" (low dword first).  Returns the
 * length of the full text (like snprintf); writes at most `size` bytes. */
size_t tmu_ir3_print(const tmu_ir3_instr *in, unsigned flags, char *buf, size_t size);

/* Decode + print in one call (annotations included, unmatched words raw).
 * Returns the decode status; the text is always written. */
tmu_status tmu_ir3_disasm(uint64_t word, uint32_t gpu_id, char *buf, size_t size);

/* Parses one instruction in Mesa's syntax (the printer's output; leading and
 * trailing blanks and a trailing "; comment" are allowed) into `out`.
 * `line` is reported in diagnostics, columns are 1-based byte positions. */
tmu_status tmu_ir3_parse(const char *text, size_t len, uint32_t gpu_id, uint32_t line,
                         tmu_ir3_instr *out, tmu_diag *diag);

/* Parse + encode one line of text into a word. */
tmu_status tmu_ir3_assemble(const char *text, uint32_t gpu_id, uint64_t *word, tmu_diag *diag);

/* What a register operand is for. */
typedef enum tmu_ir3_role {
    TMU_IR3_ROLE_COORD,        /* texture coordinate (x, y, z) */
    TMU_IR3_ROLE_SHADOW_REF,   /* depth-compare reference (.s) */
    TMU_IR3_ROLE_ARRAY_INDEX,  /* array layer (.a) */
    TMU_IR3_ROLE_PROJ,         /* projector (.p) */
    TMU_IR3_ROLE_GRAD_PAD,     /* samgq padding slot */
    TMU_IR3_ROLE_GRAD_X,       /* samgq dPdx */
    TMU_IR3_ROLE_GRAD_Y,       /* samgq dPdy */
    TMU_IR3_ROLE_SAMPLE_INDEX, /* isamm / rgetpos sample index */
    TMU_IR3_ROLE_OFFSET,       /* texel offset (.o) */
    TMU_IR3_ROLE_LOD,          /* explicit LOD (saml, isaml, getsize) */
    TMU_IR3_ROLE_BIAS,         /* LOD bias (samb) */
    TMU_IR3_ROLE_MIN_LOD,      /* LOD clamp (.clp) */
    TMU_IR3_ROLE_VALUE,        /* value operand (derivatives, lane ops) */
    TMU_IR3_ROLE_LANE,         /* quad_shuffle.brcst lane index */
    TMU_IR3_ROLE_SRC,          /* operand of an op whose layout Mesa does not document */
    TMU_IR3_ROLE_DESC_INDEX,   /* SRC3 register pair (texture, sampler) indices */
    TMU_IR3_ROLE_A1,           /* a1.x (bindless base / index) */
    TMU_IR3_ROLE_RESULT,       /* written result component */
    TMU_IR3_ROLE_COUNT
} tmu_ir3_role;

/* One register access: `reg` = 4 * n + component (a0 = 244, p0 = 248, a1.x = 252). */
typedef struct tmu_ir3_reguse {
    uint16_t reg;
    uint8_t half;
    uint8_t role;      /* tmu_ir3_role */
    uint8_t component; /* index within its role (coord 0..2, result 0..3, …) */
} tmu_ir3_reguse;

/* The registers an instruction reads and writes. */
typedef struct tmu_ir3_operands {
    unsigned num_reads, num_writes;
    tmu_ir3_reguse reads[24];
    tmu_ir3_reguse writes[4];
} tmu_ir3_operands;

/* Lists the registers `in` reads (SRC1 run: coordinates, padding, shadow
 * reference, array index, projector / gradients / sample; SRC2 run: offsets,
 * LOD or bias, min LOD; SRC3 pair; a1.x) and writes (DST + i per WRMASK bit,
 * half when TYPE is 16/8-bit).  Layouts follow Mesa's emit_tex. */
tmu_status tmu_ir3_operands_get(const tmu_ir3_instr *in, tmu_ir3_operands *out);

/* Name of a role ("coord", "lod", …). */
const char *tmu_ir3_role_name(tmu_ir3_role role);

/* Writes a register number as text ("r1.x", "hr0.z", "a0.x", "a1.x"); returns the length. */
size_t tmu_ir3_reg_name(uint16_t reg, bool half, char *buf, size_t size);

#ifdef __cplusplus
}
#endif
#endif
