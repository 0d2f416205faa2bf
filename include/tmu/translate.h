/* tmu — translating texture instructions between PTX, GCN MIMG (gfx6–gfx9, and RDNA gfx10,
 * gfx10.3, gfx11 through gfx9: tmu_xl_lift_rdna, tmu_xl_translate) and ir3 cat5 (a3xx–a7xx)
 * through the vendor-neutral tmu_op.
 *
 * A translation is: lift the source instruction (each ISA's own rules) to a tmu_xl_source — the
 * tmu_op plus, for every neutral operand slot (coordinates, layer, LOD, offsets, ...), the
 * source register or immediate that holds it and the form it has there (a float layer the
 * hardware truncates, GCN's packed 6-bit offsets, GCN's cube face coordinates, ...); then lower
 * the op to the target ISA, which fixes the target's instruction(s), its register layout and the
 * form each slot needs there.  The result (tmu_xl_program) is a short list of steps: neutral
 * micro-operations ("pre-ops": move and convert source values into the target's registers),
 * one or two target instructions, and micro-operations that turn the target's result registers
 * into the source's result words ("post-ops").  The micro-operations are plain data: a caller
 * (an emulator, the CLI, the verification test) executes them with tmu_xl_uop_eval.
 *
 * Conventions of the lowering (what the target code assumes):
 *  - PTX: unified mode, the texture is the .texref "tex0" (its own sampler); input registers
 *    %f<n> (.f32), %r<n> (.b32), results %f/%r/%h (.f16) <n>, the residency predicate %p0.
 *    Vector elements the instruction does not read (the 4th of .3d/.cube/.a2d/.acube/.2dms
 *    coordinates, of .3d offsets and gradients) are zero immediates of the vector's type
 *    (0f00000000, 0): ptxas refuses a sink '_' as a source element, and no value there changes
 *    a result. Every emitted line is accepted by ptxas 13 (tests/translate/ptxas_lines.sh).
 *  - GCN: T# in s[0:7] (SRSRC 0), S# in s[8:11] (SSAMP 2); VDATA from v0, VADDR from v8 (also
 *    for image_get_resinfo, whose mip level is v8).
 *  - ir3: t#0 / s#0 (immediate indices), DST r0.x (hr0.x for 16-bit types), SRC1 from r1.x,
 *    SRC2 from r5.x; residency: the same access again with .rck into r7.x.
 * Residency (canonical: 1 = resident): PTX |p; GCN TFE with all of VDATA zeroed before and
 * p = (status == 0); ir3 a second instruction with .rck (TYPE 7), p = (x == 0) — the polarity
 * the ir3 executor takes from Mesa's ISA description ("returns if the access would've accessed
 * a non-resident page"; Mesa's compiler, which emits it, states no polarity).
 *  - ir3 queries: getsize into r0.x (level in r1.x), getinfo into r2.x.
 * What has no exact form on the target is refused with TMU_ERR_UNSUPPORTED and the reason; the
 * rules are in src/translate/rules.c (the refusal table), query.c (what each query returns and
 * how one answer is derived from another), lower.c (per-ISA lowering through each ISA's own lift).
 *
 * Exactness (what tests/translate/test_translate_equiv checks, bit for bit):
 *  - Cube maps on GCN use the face form (s' = sc/(2|ma|) + 1.5, t', face [+ 8 * layer]); it is
 *    exact when the direction's major component is a power of two and the others are dyadic
 *    (otherwise the float division rounds: the face form and the direction sample positions a
 *    rounding apart).  Layers past 2^20 are clamped to 2^20 first (they read the last cube anyway).
 *  - ir3 offsets are taken to lie in -8..7 (the range turnip advertises; the ISA documents none):
 *    translated to PTX tex they are not wrapped further.
 *  - Float array layers are converted with the rounding the source hardware applies (gfx9 and
 *    a3xx round to nearest even, gfx6-8 and a4xx+ truncate) and clamped at 0, as the texture
 *    unit clamps; integer layers above 2^24 lose bits in f32 but are clamped to the last layer
 *    either way.
 *
 * No allocation, no global mutable state; thread-safe. */
#ifndef TMU_TRANSLATE_H
#define TMU_TRANSLATE_H

#include <stddef.h>
#include <stdint.h>

#include "tmu/gcn.h"
#include "tmu/ir3.h"
#include "tmu/op.h"
#include "tmu/ptx.h"
#include "tmu/status.h"
#include "tmu/texture.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum tmu_xl_isa { TMU_XL_PTX = 0, TMU_XL_GCN, TMU_XL_IR3, TMU_XL_ISA_COUNT } tmu_xl_isa;

/* An ISA and generation: GCN gen = tmu_gcn_gen; ir3 gen = Mesa GPU id (300..799); PTX gen 0. */
typedef struct tmu_xl_arch {
    tmu_xl_isa isa;
    uint32_t gen;
} tmu_xl_arch;

/* "ptx", "gcn", "ir3" (NULL when out of range), and the inverse (TMU_ERR_NOT_FOUND). */
const char *tmu_xl_isa_name(tmu_xl_isa isa);
tmu_status tmu_xl_isa_from_name(const char *name, tmu_xl_isa *out);

/* Neutral operand slots. */
typedef enum tmu_xl_slot {
    TMU_XL_COORD0 = 0, TMU_XL_COORD1, TMU_XL_COORD2, /* s t r (cube: direction); fetch: x y z */
    TMU_XL_LAYER,     /* array layer (cube array: cube index); canonical u32 */
    TMU_XL_SAMPLE,    /* multisample index, u32 */
    TMU_XL_LOD,       /* explicit LOD or bias (f32); fetch / size query: level (i32) */
    TMU_XL_MIN_LOD,   /* f32 */
    TMU_XL_GX0, TMU_XL_GX1, TMU_XL_GX2, TMU_XL_GY0, TMU_XL_GY1, TMU_XL_GY2, /* f32 */
    TMU_XL_OFF0, TMU_XL_OFF1, TMU_XL_OFF2, /* effective texel offsets, i32 */
    TMU_XL_REF,       /* depth reference, f32 */
    TMU_XL_SLOT_COUNT
} tmu_xl_slot;

/* Name of a slot ("coord0", "layer", "lod", ...). */
const char *tmu_xl_slot_name(tmu_xl_slot slot);

/* A register or value one step reads or writes. */
typedef enum tmu_xl_loc_kind {
    TMU_XL_L_NONE = 0,
    TMU_XL_L_SRC,  /* source register: index = register number (GCN vN: N; ir3: 4n+c; PTX: index
                      into tmu_xl_source.names), half = ir3 half register */
    TMU_XL_L_TGT,  /* target register: GCN vN; ir3 4n+c (+half); PTX: cls/index (tmu_xl_loc_name) */
    TMU_XL_L_TMP,  /* a temporary of the program (index < TMU_XL_MAX_TMP) */
    TMU_XL_L_IMM,  /* the immediate `imm` (32 bits) */
    TMU_XL_L_RES,  /* a source result: index 0..3 = result word, 4 = residency */
} tmu_xl_loc_kind;

/* PTX register classes of the target (prefixes). */
enum { TMU_XL_PTX_F = 0, TMU_XL_PTX_R, TMU_XL_PTX_H, TMU_XL_PTX_P };

typedef struct tmu_xl_loc {
    uint8_t kind; /* tmu_xl_loc_kind */
    uint8_t half; /* ir3 hrN.c; RES: 1 = 16-bit value */
    uint8_t cls;  /* PTX target register class (TMU_XL_PTX_*) */
    uint16_t index;
    uint32_t imm;
} tmu_xl_loc;

/* Micro-operations on 32-bit lane values (a, b, c = operands, k = imm of the step). */
typedef enum tmu_xl_uop {
    TMU_XL_MOV = 0,       /* d = a */
    TMU_XL_CVT_F32_U32,   /* d = (float)(uint32)a */
    TMU_XL_CVT_F32_S32,   /* d = (float)(int32)a */
    TMU_XL_CVT_U32_F32_RNE, /* d = a as float rounded to nearest even, clamped to [0, 2^32-1]
                               (NaN -> 0): a float array layer the hardware rounds */
    TMU_XL_CVT_U32_F32_TRUNC, /* the same, truncated: a float layer the hardware truncates */
    TMU_XL_CVT_F32_U32_HALF, /* d = (float)(uint32)a + 0.5 (ir3 a4xx+ array index) */
    TMU_XL_SEXT,          /* d = a sign-extended from its low k bits (offset field wrap) */
    TMU_XL_PACK_OFF6,     /* d = (a & 63) | (b & 63) << 8 | (c & 63) << 16 (GCN offset dword) */
    TMU_XL_UNPACK_OFF6,   /* d = bits 8k..8k+5 of a, sign-extended */
    TMU_XL_ADD_I32,       /* d = a + b */
    TMU_XL_CUBE_SC,       /* d = sc(a,b,c)/|ma| + 1.5: GCN face coordinate s of direction (a,b,c) */
    TMU_XL_CUBE_TC,       /* d = tc/|ma| + 1.5 */
    TMU_XL_CUBE_FACE,     /* d = float(face id of (a,b,c)) */
    TMU_XL_CUBE_FACE_ARR, /* d = a + 8 * float(min(b, 2^20)) (a: float face id, b: u32 layer) */
    TMU_XL_CUBE_DIR,      /* d = direction component k of GCN face form (s=a, t=b, face=c) */
    TMU_XL_CUBE_LAYER,    /* d = (uint32)(face' / 8) of a GCN cube-array face (a) */
    TMU_XL_CVT_F16_F32,   /* d = fp16(a) (round to nearest even) in the low 16 bits */
    TMU_XL_LO16,          /* d = a & 0xffff */
    TMU_XL_HI16,          /* d = a >> 16 */
    TMU_XL_PACK16,        /* d = (a & 0xffff) | b << 16 */
    TMU_XL_EQ0,           /* d = (a == 0) (TFE status -> residency) */
    TMU_XL_NE0,           /* d = (a != 0) */
    TMU_XL_ADD_U32_IMM,   /* d = a + k */
    TMU_XL_ZERO_IF_1,     /* d = b ? 0 : a (data of a non-resident access) */
    TMU_XL_FIXED48,       /* d = round-to-nearest-even(float a * 256) as int32, saturated (ir3
                             getlod) */
    TMU_XL_CVT_U32_F32_RNE_S, /* d = (int32)RNE(a) (explicit integer level from a float) */
    TMU_XL_GT1_OR_0,      /* d = a > 1 ? a : 0 (PTX num_mipmap_levels / num_samples) */
    TMU_XL_MAX1,          /* d = a ? a : 1 */
    TMU_XL_DEC_SAT,       /* d = a ? a - 1 : 0 (a3xx zero-based counts) */
    TMU_XL_UOP_COUNT
} tmu_xl_uop;

/* Name of a micro-operation ("mov", "cvt.f32.u32", ...). */
const char *tmu_xl_uop_name(tmu_xl_uop op);

/* Evaluates one micro-operation on lane values; k = the step's imm. */
uint32_t tmu_xl_uop_eval(tmu_xl_uop op, uint32_t a, uint32_t b, uint32_t c, uint32_t k);

#define TMU_XL_MAX_TMP 16
#define TMU_XL_MAX_STEPS 64
#define TMU_XL_MAX_INSTR 4

typedef enum tmu_xl_step_kind { TMU_XL_STEP_UOP = 0, TMU_XL_STEP_INSTR } tmu_xl_step_kind;

/* One step: a micro-operation d = op(a, b, c) with imm k, or target instruction `instr`.
 * `slot` names the neutral operand the step carries (TMU_XL_SLOT_COUNT: none). */
typedef struct tmu_xl_step {
    uint8_t kind;  /* tmu_xl_step_kind */
    uint8_t op;    /* tmu_xl_uop */
    uint8_t slot;  /* tmu_xl_slot, or TMU_XL_SLOT_COUNT */
    uint8_t instr; /* index into tmu_xl_program.instr */
    tmu_xl_loc d, a, b, c;
    uint32_t k;
} tmu_xl_step;

/* A target instruction. */
typedef struct tmu_xl_instr {
    uint64_t word;         /* GCN / ir3 */
    tmu_ptx_instr ptx;     /* PTX (its names point into tmu_xl_program.text) */
    char text[256];        /* canonical text (PTX; GCN llvm-mc syntax with the real VADDR size, ir3 Mesa) */
    uint8_t vaddr_count;   /* GCN: VADDR registers */
} tmu_xl_instr;

/* Where the source result words live (for the caller: the registers post-ops write). */
typedef struct tmu_xl_source {
    tmu_xl_arch arch;
    tmu_op op;
    tmu_dim dim;             /* the texture's shape */
    uint8_t query;           /* QUERY_*: PTX txq query (tmu_ptx_query) or 0; size queries of
                                GCN/ir3: 0 */
    uint8_t int_coords;      /* SAMPLE/GATHER with integer coordinates (PTX .s32: float(x)) */
    uint8_t result_mask;     /* result words the source writes (bit c) */
    uint8_t qm[4];           /* size/level/sample queries: what result word c means (internal
                                meaning codes, src/translate/query.c) */
    tmu_xl_loc in[TMU_XL_SLOT_COUNT]; /* where each slot is (kind NONE: unused; IMM) */
    uint8_t form[TMU_XL_SLOT_COUNT];  /* tmu_xl_form of each slot at the source */
    tmu_xl_loc res[5];       /* result word c (0..3) and the residency (4): source register,
                                half = 1 lo16, 2 hi16 */
    uint8_t res_form[5];     /* tmu_xl_rform of each result */
    /* PTX source: register names (L_SRC index), pointing into the caller's text */
    const char *names[TMU_XL_SLOT_COUNT + 8];
    uint32_t name_len[TMU_XL_SLOT_COUNT + 8];
    uint8_t nnames;
    uint8_t bad_imm;         /* internal (lift): an immediate out of its operand's range */
} tmu_xl_source;

/* Forms a slot value takes in an ISA's registers. */
typedef enum tmu_xl_form {
    TMU_XL_F_NONE = 0,
    TMU_XL_F_F32,        /* float */
    TMU_XL_F_I32,        /* integer (coordinates of fetches, offsets, levels, sample) */
    TMU_XL_F_INT_AS_F32, /* integer register whose value is used as float(x) (PTX .s32 coords) */
    TMU_XL_F_LAYER_RNE,  /* float layer the hardware rounds to nearest even */
    TMU_XL_F_LAYER_TRUNC,/* float layer the hardware truncates */
    TMU_XL_F_LAYER_HALF, /* float layer + 0.5 truncated (ir3 a4xx+: write float(u) + 0.5) */
    TMU_XL_F_WRAP4,      /* integer offset wrapped to 4 bits (PTX tex) */
    TMU_XL_F_WRAP6,      /* integer offset wrapped to 6 bits (PTX tld4) */
    TMU_XL_F_PACK6,      /* GCN offsets: one dword, 6-bit field per axis (slot OFF0 holds it) */
    TMU_XL_F_FACE,       /* GCN cube face form: coord0 = s', coord1 = t', coord2 = face' */
    TMU_XL_F_COUNT
} tmu_xl_form;

/* Forms of result words. */
typedef enum tmu_xl_rform {
    TMU_XL_R_NONE = 0,
    TMU_XL_R_W32,        /* the 32-bit word */
    TMU_XL_R_LO16,       /* 16 bits in the low half of the register (PTX .f16, GCN gfx8.0 D16) */
    TMU_XL_R_HALFREG,    /* ir3 half register */
    TMU_XL_R_STATUS,     /* residency: GCN TFE status dword (0 = resident) */
    TMU_XL_R_PRED,       /* residency: predicate 1 = resident */
    TMU_XL_R_RCK,        /* residency: ir3 .rck result (1 = not resident) */
} tmu_xl_rform;

/* The translation. */
typedef struct tmu_xl_program {
    tmu_xl_arch from, to;
    tmu_dim dim;
    unsigned nsteps;
    tmu_xl_step step[TMU_XL_MAX_STEPS];
    unsigned ninstr;
    tmu_xl_instr instr[TMU_XL_MAX_INSTR];
    char text[512];          /* PTX target text (the instructions' names point here) */
    /* descriptor fields the target relies on (one "FIELD = value" or phrase per line) */
    char desc[400];
} tmu_xl_program;

/* ---- Lift ----------------------------------------------------------------------------------- */

/* Lifts one PTX tex / tld4 / txq line (`text`, `len` bytes; the source keeps pointers into it).
 * txq of .width/.height/.depth/.array_size/.num_mipmap_levels/.num_samples (optionally .level)
 * becomes a query; the other txq attributes are sampler/format state, refused. */
tmu_status tmu_xl_lift_ptx(const char *text, size_t len, tmu_xl_source *out, tmu_diag *diag);

/* Lifts a GCN MIMG word for `gen` addressing a texture of shape `dim` (the T# TYPE the word
 * expects; gfx6–9 do not encode it) whose data the program reads as `result` (F32, S32 or U32:
 * the word does not say; D16 makes it F16).  A16, R128, LWE, image_load_pck/store/atomic are refused. */
tmu_status tmu_xl_lift_gcn(tmu_gcn_gen gen, uint64_t word, tmu_dim dim, tmu_result_type result,
                           tmu_xl_source *out, tmu_diag *diag);

/* Lifts an RDNA MIMG instruction (gen gfx10, gfx10.3 or gfx11; dw[0 .. n-1] exactly its 2-5
 * dwords) addressing a texture of shape `dim`, which must be the one its DIM names (cube
 * arrays: CUBE); `result` as tmu_xl_lift_gcn.  The addresses are those of gfx9 (NSA lists
 * mapped register by register), so the lifted source is the gfx9 instruction's with arch.gen =
 * gen.  Refused as on gfx9 (stores, atomics, LWE, coarse derivatives), plus A16, the _g16
 * opcodes, R128, image_msaa_load and BVH (TMU_ERR_UNSUPPORTED naming what). */
tmu_status tmu_xl_lift_rdna(tmu_gcn_gen gen, const uint32_t *dw, size_t n, tmu_dim dim,
                            tmu_result_type result, tmu_xl_source *out, tmu_diag *diag);

/* tmu_xl_lift_rdna of an instruction given as text (`len` bytes): its dwords in memory order
 * (hex, "0x" optional after the first, separated by blanks or commas; a token of 9-16 digits is
 * a 64-bit word DWORD0 | DWORD1 << 32) when it starts with "0x", else llvm-mc 16 assembly.
 * TMU_ERR_PARSE (with the column) for a malformed number or more than 5 dwords. */
tmu_status tmu_xl_lift_rdna_text(tmu_gcn_gen gen, const char *text, size_t len, tmu_dim dim,
                                 tmu_result_type result, tmu_xl_source *out, tmu_diag *diag);

/* Lifts an ir3 cat5 word for GPU `gpu_id` addressing a texture of shape `dim`.  Immediate
 * descriptor indices only (s2en/bindless refused: the slot is a runtime binding). */
tmu_status tmu_xl_lift_ir3(uint32_t gpu_id, uint64_t word, tmu_dim dim, tmu_xl_source *out,
                           tmu_diag *diag);

/* A synthetic source whose operands are the neutral (canonical) values themselves: L_SRC index
 * = slot, canonical forms (arch.isa = TMU_XL_ISA_COUNT).  Translating it lowers `op` directly
 * (tests, the support matrix).  result_mask: the result words wanted. */
tmu_status tmu_xl_source_neutral(const tmu_op *op, uint8_t result_mask, tmu_xl_source *out);

/* ---- Lower ---------------------------------------------------------------------------------- */

/* Translates a lifted source to `to`: fills *out (pre-ops, target instructions, post-ops).
 * TMU_ERR_UNSUPPORTED with the reason when the target has no exact form.  A GCN target may be
 * an RDNA generation: the program is gfx9's with each instruction re-encoded for it (word =
 * its two dwords, DWORD0 | DWORD1 << 32; text in llvm-mc 16's syntax); an opcode the
 * generation lacks (gfx11: some gather4 _o forms) is refused by name. */
tmu_status tmu_xl_translate(const tmu_xl_source *src, tmu_xl_arch to, tmu_xl_program *out,
                            tmu_diag *diag);

/* The reason the neutral op (as lifted from `from`) cannot be expressed exactly on `to`, or
 * NULL when it can.  `src` supplies the op and source forms. */
const char *tmu_xl_refusal(const tmu_xl_source *src, tmu_xl_arch to);

/* Writes a location as text: "%f3", "v12", "r1.x", "hr0.y", "$t2", "0x3f000000", "res1", or for
 * a source register its name.  Returns the length (snprintf-like). */
int tmu_xl_loc_name(const tmu_xl_program *p, const tmu_xl_source *src, const tmu_xl_loc *l,
                    char *buf, size_t size);

/* Prints the program: target instructions with one comment line per operand mapping (source
 * register -> target register / role, with the conversion) and the descriptor fields, as the
 * CLI shows it (json = 0) or as one JSON object (json = 1).  Returns the length (snprintf-like). */
int tmu_xl_print(const tmu_xl_program *p, const tmu_xl_source *src, int json, char *buf,
                 size_t size);

/* ---- Programs ------------------------------------------------------------------------------ */

/* How a listing (or one instruction line) is read and translated. */
typedef struct tmu_xl_listing_options {
    tmu_xl_arch from, to;   /* source and target ISA and generation (different ISAs) */
    tmu_dim dim;            /* GCN / ir3 sources: the texture shape (their words do not say);
                               PTX: the shape a txq queries */
    int dim_given;          /* PTX: refuse tex / tld4 whose geometry is not `dim` */
    tmu_result_type type;   /* GCN sources: the data type the program reads (F32, S32, U32) */
    int json;               /* tmu_xl_translate_listing: print JSON */
} tmu_xl_listing_options;

/* Lifts one source line: PTX text; GCN LLVM assembly or a 0x word; ir3 Mesa assembly or a 0x
 * word (surrounding blanks ignored, no comment).  The errors of each ISA's front end and lift. */
tmu_status tmu_xl_lift_line(const tmu_xl_listing_options *options, const char *text, size_t len,
                            tmu_xl_source *out, tmu_diag *diag);

/* What tmu_xl_translate_listing found. */
typedef struct tmu_xl_listing_counts {
    unsigned lines;      /* lines read */
    unsigned texture;    /* texture instructions among them (a line with a NUL byte counts as one
                            in error) */
    unsigned translated; /* ... translated */
    unsigned refused;    /* ... refused: no exact form on the target (TMU_ERR_UNSUPPORTED) */
    unsigned errors;     /* ... that did not assemble, parse or lift (and lines with a NUL byte) */
} tmu_xl_listing_counts;

/* Translates every texture instruction of a program listing (`len` bytes of text, lines
 * separated by '\n'): a PTX module or fragment (statements tex / tld4 / txq, after an optional
 * label or guard), a GCN listing in LLVM syntax (mnemonics image_*, or 0x words; ';' and '//'
 * start comments, so llvm-mc's "; encoding:" output reads as is), or an ir3 listing in Mesa's
 * syntax (cat5 mnemonics, optionally after (sy)/(jp), or 0x words; ';' and '//' start comments).
 * Every other line is passed through as a comment of the target ("//" for PTX, ";" for GCN and
 * ir3).  Each texture line gets one verdict: "translated" (followed by tmu_xl_print's text),
 * "refused: REASON" or "error: MESSAGE"; a summary line ends the listing.  With options->json,
 * one JSON object: from, from_gpu, to, to_gpu, lines (per line: line, text, verdict "other" /
 * "translated" / "refused" / "error", and translation (tmu_xl_print's object) or reason), and
 * the counts.  Writes at most `size` bytes (NUL-terminated when size > 0; buf may be NULL with
 * size 0 to measure) and returns the full length (snprintf-like), or -1 for a bad argument.
 * *counts (may be NULL) receives the counts.  No allocation. */
int tmu_xl_translate_listing(const tmu_xl_listing_options *options, const char *text, size_t len, char *buf,
                             size_t size, tmu_xl_listing_counts *counts);

#ifdef __cplusplus
}
#endif
#endif
