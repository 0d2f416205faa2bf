/* tmu — NVIDIA PTX front end for the texture instructions tex, tld4 and txq.
 *
 * Three layers, each usable alone:
 *   1. tmu_ptx_parse_instr(): one instruction line -> tmu_ptx_instr (a typed
 *      struct: geometry, mip mode, vector shape, types, component, query,
 *      destination, texture/sampler operands, coordinates and the trailing
 *      operands), and tmu_ptx_print_instr() back to canonical text, with
 *      parse(print(x)) == x (tmu_ptx_instr_equal).  No allocation: names and unknown
 *      modifiers point into the parsed text (any length, as ptxas allows), so that text
 *      must outlive the instruction.
 *   2. tmu_ptx_module_parse(): a whole module (.version, .target, .address_size,
 *      .texref/.samplerref/.surfref, kernels and functions with parameters,
 *      .reg declarations incl. %r<N> ranges, labels, guards).  Instructions other
 *      than tex/tld4/txq are tokenised and skipped.  tmu_ptx_module_check()
 *      validates every texture instruction and the declarations with the
 *      verdicts and messages of NVIDIA ptxas 13.0 (docs/ptx-checker.md).
 *   3. Execution (tmu_ptx_exec_warp): lift one instruction to a tmu_op and run it
 *      for a 32-lane warp against a binding table and a register file.
 *
 * Immediate texel offsets (ptxas behaviour, kept by execution): ptxas never
 * range-checks them; tex packs each component into 4 bits (wraps modulo 16 and
 * reads back as -8..7, so {9,0} is {-7,0}), tld4 into 6 bits (-32..31, modulo 64).
 * Register offsets are wrapped the same way when executed.
 *
 * Execution decisions where PTX says nothing: .s32 coordinates (and lod) of
 * non-multisample geometries are converted to float and sampled; .a2dms
 * coordinates are {sample, layer, x, y} (ptxas type-checks element 1 as the array
 * index); a .v4 coordinate's extra elements are ignored; txq .channel_data_type
 * returns the format's cudaChannelFormatKind and .channel_order its channel count;
 * .addr_mode_N uses PTX's enumeration (wrap 0, mirror 1, clamp_to_edge 3, border 4).
 *
 * Thread-safe; no global mutable state. */
#ifndef TMU_PTX_H
#define TMU_PTX_H

#include <stddef.h>
#include <stdbool.h>
#include <stdint.h>

#include "tmu/op.h"
#include "tmu/status.h"
#include "tmu/texture.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Most elements of one brace vector kept; more is a parse error. */
#define TMU_PTX_VEC_MAX 8
/* Most operands after the address operand ([a, b, c]). */
#define TMU_PTX_EXTRA_MAX 6
/* Most modifiers kept that do not fit the instruction (reported by the validator). */
#define TMU_PTX_BADMOD_MAX 4

typedef enum tmu_ptx_opcode { TMU_PTX_TEX = 0, TMU_PTX_TLD4, TMU_PTX_TXQ } tmu_ptx_opcode;

typedef enum tmu_ptx_geom {
    TMU_PTX_GEOM_NONE = 0,
    TMU_PTX_GEOM_1D,
    TMU_PTX_GEOM_2D,
    TMU_PTX_GEOM_3D,
    TMU_PTX_GEOM_A1D,
    TMU_PTX_GEOM_A2D,
    TMU_PTX_GEOM_CUBE,
    TMU_PTX_GEOM_ACUBE,
    TMU_PTX_GEOM_2DMS,
    TMU_PTX_GEOM_A2DMS,
    TMU_PTX_GEOM_COUNT
} tmu_ptx_geom;

typedef enum tmu_ptx_mip {
    TMU_PTX_MIP_NONE = 0, /* no mode written: behaves as .base */
    TMU_PTX_MIP_BASE,
    TMU_PTX_MIP_LEVEL,
    TMU_PTX_MIP_GRAD,
    TMU_PTX_MIP_COUNT
} tmu_ptx_mip;

/* PTX fundamental and opaque types (instruction suffixes and declarations). */
typedef enum tmu_ptx_type {
    TMU_PTX_T_NONE = 0,
    TMU_PTX_T_PRED,
    TMU_PTX_T_B8,
    TMU_PTX_T_B16,
    TMU_PTX_T_B32,
    TMU_PTX_T_B64,
    TMU_PTX_T_B128,
    TMU_PTX_T_U8,
    TMU_PTX_T_U16,
    TMU_PTX_T_U32,
    TMU_PTX_T_U64,
    TMU_PTX_T_S8,
    TMU_PTX_T_S16,
    TMU_PTX_T_S32,
    TMU_PTX_T_S64,
    TMU_PTX_T_F16,
    TMU_PTX_T_F16X2,
    TMU_PTX_T_BF16,
    TMU_PTX_T_BF16X2,
    TMU_PTX_T_F32,
    TMU_PTX_T_F64,
    TMU_PTX_T_TEXREF,
    TMU_PTX_T_SAMPLERREF,
    TMU_PTX_T_SURFREF,
    TMU_PTX_T_COUNT
} tmu_ptx_type;

typedef enum tmu_ptx_query {
    TMU_PTX_Q_NONE = 0,
    TMU_PTX_Q_WIDTH,
    TMU_PTX_Q_HEIGHT,
    TMU_PTX_Q_DEPTH,
    TMU_PTX_Q_CHANNEL_DATA_TYPE,
    TMU_PTX_Q_CHANNEL_ORDER,
    TMU_PTX_Q_NORMALIZED_COORDS,
    TMU_PTX_Q_ARRAY_SIZE,
    TMU_PTX_Q_NUM_MIPMAP_LEVELS,
    TMU_PTX_Q_NUM_SAMPLES,
    TMU_PTX_Q_FORCE_UNNORMALIZED_COORDS,
    TMU_PTX_Q_FILTER_MODE,
    TMU_PTX_Q_ADDR_MODE_0,
    TMU_PTX_Q_ADDR_MODE_1,
    TMU_PTX_Q_ADDR_MODE_2,
    TMU_PTX_Q_COUNT
} tmu_ptx_query;

/* One scalar operand: a register or symbol name, or an immediate. */
typedef enum tmu_ptx_elem_kind {
    TMU_PTX_E_NONE = 0,
    TMU_PTX_E_NAME,  /* register (%r1), texref/samplerref/param name (t0) */
    TMU_PTX_E_INT,   /* integer immediate (value in .ival) */
    TMU_PTX_E_FLOAT, /* floating immediate: 1.5, 0f3F000000, 0d3FF8000000000000 (.fval) */
    TMU_PTX_E_SINK,  /* '_' (an unused vector element) */
} tmu_ptx_elem_kind;

typedef struct tmu_ptx_elem {
    tmu_ptx_elem_kind kind;
    uint32_t line, column; /* where it was written (0 when built by hand) */
    int64_t ival;
    double fval;
    /* TMU_PTX_E_NAME: name_len bytes at `name`, inside the parsed text (NOT NUL-terminated:
     * print with "%.*s"); names have no length limit.  TMU_PTX_E_FLOAT: the literal as written
     * when parsed (0fXXXXXXXX is ptxas's .f32 literal, the others .f64), else NULL (a .f64
     * literal); instructions compare equal (tmu_ptx_instr_equal) only with the same type */
    const char *name;
    uint32_t name_len;
} tmu_ptx_elem;

/* A scalar operand or a brace vector {a, b, ...}. */
typedef struct tmu_ptx_operand {
    uint8_t is_vector; /* written with braces */
    uint8_t count;     /* elements (1 for a scalar) */
    uint32_t line, column;
    tmu_ptx_elem e[TMU_PTX_VEC_MAX];
} tmu_ptx_operand;

/* A modifier that did not fit ("tex.base.level": '.level'), kept for the validator:
 * `len` bytes at `text` (dot included), inside the parsed text. */
typedef struct tmu_ptx_badmod {
    const char *text;
    uint32_t len;
    uint32_t column;
} tmu_ptx_badmod;

/* One parsed tex / tld4 / txq instruction, fields as the PTX text has them.
 * Elements past an operand's `count` (and operands past naddr / nextra) are
 * unspecified: read only what the counts say. */
typedef struct tmu_ptx_instr {
    tmu_ptx_opcode opcode;
    uint32_t line, column;         /* of the opcode */
    uint32_t msg_line, msg_column; /* where ptxas reports the instruction's problems: the first
                                      token after the opcode name (a modifier, an operand, ';') */
    /* the opcode as written (op_len bytes at op_text); unknown_op: a module statement whose
     * opcode only differs in case from tex/tld4/txq ("TEX"), which ptxas does not know */
    const char *op_text;
    uint32_t op_len;
    uint8_t unknown_op;
    /* ptxas's warning "Vector Type not specified properly" (a .v2/.v4 not followed by a type
     * modifier) is due after bad[vec_warn_at[i]-1] (i < nvec_warn) */
    uint8_t nvec_warn, vec_warn_at[2];
    /* the operand list has a shape no texture instruction has: an address after the address
     * (its text, shape_len bytes at shape_text, is kept for printing) */
    uint8_t bad_shape;
    const char *shape_text;
    uint32_t shape_len;
    /* guard predicate @%p / @!%p (guard.kind == NONE when absent) */
    tmu_ptx_elem guard;
    uint8_t guard_negated;
    /* modifiers */
    tmu_ptx_geom geom;
    tmu_ptx_mip mip;       /* tex; txq: LEVEL for txq.level */
    uint8_t vec;           /* 0 (none written), 2 or 4 */
    uint8_t ntypes;        /* type suffixes written, in order */
    tmu_ptx_type types[3]; /* tex/tld4: types[0] = dtype, types[1] = ctype; txq: .b32 */
    int8_t comp;           /* tld4: 0..3 = .r .g .b .a, -1 = none written */
    tmu_ptx_query query;   /* txq */
    uint8_t nbad;
    tmu_ptx_badmod bad[TMU_PTX_BADMOD_MAX];
    /* operands (dst.count == 0: none written, as in "tex;") */
    tmu_ptx_operand dst;     /* destination (vector or scalar) */
    tmu_ptx_elem pred;       /* |p residency predicate (kind NONE when absent) */
    uint8_t bracketed;       /* address operand written in [ ] */
    uint8_t naddr;           /* 1..3 entries used in addr[] (0: no operand after the destination) */
    tmu_ptx_operand addr[3]; /* [a, c] / [a, b, c] / txq [a] */
    uint8_t nextra;
    tmu_ptx_operand extra[TMU_PTX_EXTRA_MAX]; /* lod / dPdx dPdy / offset / compare, in order */
} tmu_ptx_instr;

/* Names of enumerators as PTX spells them, without the dot ("2d", "level", "f16x2",
 * "num_samples"); "" for NONE, "?" when out of range. */
const char *tmu_ptx_geom_name(tmu_ptx_geom geom);
const char *tmu_ptx_mip_name(tmu_ptx_mip mip);
const char *tmu_ptx_type_name(tmu_ptx_type type);
const char *tmu_ptx_query_name(tmu_ptx_query query);

/* Parses one tex/tld4/txq instruction (optional guard, trailing ';' optional).
 * Leading text position is line 1, column 1 unless the caller adjusts the fields.  The
 * instruction points into `text` (names, unknown modifiers): keep it alive and unchanged.
 * Returns TMU_OK, or TMU_ERR_PARSE / TMU_ERR_UNSUPPORTED with `diag` naming the spot. */
tmu_status tmu_ptx_parse_instr(const char *text, size_t len, tmu_ptx_instr *out, tmu_diag *diag);

/* Prints the canonical form of an instruction (modifiers in the order
 * op.comp.mip.geom.vec.types, then the modifiers tmu keeps but does not model, as written;
 * ", " between operands, float immediates in their own type as 0fXXXXXXXX (written as 0f) or
 * 0dXXXXXXXXXXXXXXXX (decimal or 0d: ptxas types them apart in offset vectors), a final
 * ';').  Where a kept modifier would make the name a longer instruction name (`tex` and
 * `.clamp`: ptxas's unknown name 'tex.clamp'), a space separates them (`tex .clamp ...`, which
 * ptxas reads as tex with that modifier).  Returns TMU_OK, or TMU_ERR_BUFFER_TOO_SMALL
 * when `size` bytes (NUL included) are not enough; *written (may be NULL) = length. */
tmu_status tmu_ptx_print_instr(const tmu_ptx_instr *instr, char *buf, size_t size, size_t *written);

/* True (1) when two instructions mean the same text, ignoring source positions. */
int tmu_ptx_instr_equal(const tmu_ptx_instr *a, const tmu_ptx_instr *b);

/* ------------------------------------------------------------------------ */
/* Modules */

typedef struct tmu_ptx_module tmu_ptx_module;

/* A declared name: a register (or a %r<N> range), texref, samplerref, surfref, parameter. */
typedef struct tmu_ptx_symbol {
    const char *name; /* for a range the prefix ("%r" of %r<32>) */
    uint32_t range;   /* 0 = single name, else N of name<N> */
    tmu_ptx_type type;
    uint8_t state;  /* 0 .reg, 1 .global, 2 .param, 3 other state space */
    uint32_t scope; /* 0 = module scope, else function number (1-based) */
    uint32_t line, column;
} tmu_ptx_symbol;

/* Parses a whole module.  On success *out receives a module to release with
 * tmu_ptx_module_free.  A syntax error stops parsing: TMU_ERR_PARSE with the line,
 * column and ptxas-style message ("Parsing error near 'X': syntax error") in diag.  As in
 * ptxas, a module starts with `.version N.M` (the number on its line), then one or more
 * `.target` directives, then at most one `.address_size`; otherwise the error is ptxas's
 * "Missing .version directive at start of file" / "Missing .target directive at start of
 * file", or a syntax error for such a directive later in the module. */
tmu_status tmu_ptx_module_parse(const char *text, size_t len, tmu_ptx_module **out, tmu_diag *diag);

/* Releases a module (NULL is fine). */
void tmu_ptx_module_free(tmu_ptx_module *module);

/* .version as major*10+minor (e.g. 90 for 9.0), 0 when absent; .target sm number
 * (e.g. 90; sm_90a gives 90), 0 when absent; 1 when texmode_independent. */
unsigned tmu_ptx_module_version(const tmu_ptx_module *module);
unsigned tmu_ptx_module_sm(const tmu_ptx_module *module);
int tmu_ptx_module_independent(const tmu_ptx_module *module);

/* Number of tex/tld4/txq instructions in the module, and the i-th one (parsed
 * into *out, pointing into the module's own copy of the text, valid until
 * tmu_ptx_module_free; its scope in *scope when not NULL).  Returns TMU_ERR_RANGE past the
 * end. */
size_t tmu_ptx_module_count(const tmu_ptx_module *module);
tmu_status tmu_ptx_module_instr(const tmu_ptx_module *module, size_t index, tmu_ptx_instr *out,
                                uint32_t *scope);

/* Looks a name up as seen from function `scope` (0 = module scope only): a single
 * declaration, or a range prefix<N> whose number is below N.  NULL when undeclared. */
const tmu_ptx_symbol *tmu_ptx_module_lookup(const tmu_ptx_module *module, uint32_t scope,
                                            const char *name);

/* Options of a check.  sm/version 0 = as the module says. */
typedef struct tmu_ptx_check_options {
    unsigned sm;        /* override .target, e.g. 75 */
    unsigned version;   /* override .version, e.g. 43 */
    const char *target; /* with sm: the target as written ("sm_100a") for messages; NULL = sm_N */
} tmu_ptx_check_options;

/* The message of a problem that ptxas 13 reports without a message: it fails (crashes) on
 * some forms it does not reject otherwise (an [a, b, c] operand in unified mode with an
 * array or multisample geometry; tex.grad.cube / .acube with a gradient of 1 or 2 elements
 * below sm_90). */
#define TMU_PTX_PTXAS_FAILS "ptxas 13 fails on this form without a message"

/* The status of a problem that ptxas 13 reports as a fatal error of its own while checking the
 * module (not a syntax error): tmu_ptx_module_check reports nothing after it but the .version /
 * .target message, as ptxas does.  An error like the others otherwise. */
#define TMU_PTX_FATAL TMU_ERR_PARSE

/* Receives one problem: line/column/message in diag; status TMU_ERR_INVALID for an error,
 * TMU_PTX_FATAL for ptxas's fatal one, TMU_OK for a warning (ptxas prints it and still accepts the module).  Messages longer than
 * the diag's buffer (a very long name) are truncated. */
typedef void (*tmu_ptx_report_fn)(void *user, const tmu_diag *problem);

/* Checks every declaration and texture instruction of the module with ptxas 13.0's
 * rules and messages, calling `report` (may be NULL) for each error and warning in
 * ptxas' order.  A failure of ptxas's code generation (TMU_PTX_PTXAS_FAILS) is reported
 * last and once, and only when nothing else in the module is an error (ptxas reaches its
 * code generation only then).  A problem with status TMU_PTX_FATAL (above) ends the check: only
 * the .version / .target message follows it.  Returns the number of errors (0 = ptxas accepts
 * the module). */
size_t tmu_ptx_module_check(const tmu_ptx_module *module, const tmu_ptx_check_options *options,
                            tmu_ptx_report_fn report, void *user);

/* Checks one instruction as it appears in `module` scope `scope` (module options as
 * in tmu_ptx_module_check).  Writes up to `max` problems (errors and warnings, told apart by
 * their status as for tmu_ptx_report_fn) to `out` and returns how many there are (possibly
 * more than max). */
size_t tmu_ptx_check_instr(const tmu_ptx_module *module, uint32_t scope, const tmu_ptx_instr *instr,
                           const tmu_ptx_check_options *options, tmu_diag *out, size_t max);

/* Writes into `buf` the wrapper kernel in which the project's ptxas verdicts for single
 * instruction lines were recorded (docs/ptx-checker.md): its .version, .target
 * [texmode_independent], texrefs, samplerrefs, parameters, the register families the line
 * uses, the line, and a store of every destination register (so ptxas cannot drop the
 * instruction), so that checking that module gives ptxas's verdict for the line.  target
 * e.g. "sm_90", version e.g. "9.0"; *line receives the 1-based line of the instruction.
 * TMU_ERR_BUFFER_TOO_SMALL when `size` bytes do not hold it. */
tmu_status tmu_ptx_oracle_module(const char *instr, int independent, const char *target,
                                 const char *version, char *buf, size_t size, uint32_t *line);

/* ------------------------------------------------------------------------ */
/* Execution: lift to tmu_op and run on the texture unit for one warp */

/* Lanes of a PTX warp. */
#define TMU_PTX_WARP 32

/* One binding: a .texref / .samplerref (or kernel .param ref) name, or a 64-bit
 * handle value held in a .u64 register, mapped to a texture and/or sampler.
 * A texture binding's sampler is the texture's own sampler state, used in
 * unified mode when the instruction names no sampler; a sampler binding
 * (samplerref or sampler handle) has texture == NULL. */
typedef struct tmu_ptx_binding {
    const char *name; /* NULL: match by handle */
    uint64_t handle;
    const tmu_texture *texture;
    const tmu_sampler *sampler;
} tmu_ptx_binding;

/* The caller's register file: `count` registers, each with one 64-bit slot per
 * lane (32-bit values in the low bits, .f16 in the low 16 bits, .pred 0 / 1).  `name` is a
 * NUL-terminated string the caller keeps alive. */
typedef struct tmu_ptx_reg {
    const char *name;
    uint64_t lane[TMU_PTX_WARP];
} tmu_ptx_reg;

typedef struct tmu_ptx_regfile {
    tmu_ptx_reg *regs;
    size_t count;
} tmu_ptx_regfile;

/* Where and how an instruction executes. */
typedef struct tmu_ptx_exec_env {
    int independent; /* .target ..., texmode_independent */
    const tmu_ptx_binding *bindings;
    size_t nbindings;
    const tmu_ptx_module *module; /* optional: declared register types, to tell a */
    uint32_t scope;               /* lone compare operand from an offset (else %f.. = float) */
} tmu_ptx_exec_env;

/* Finds a register by name (NULL when absent); the _n form takes `len` bytes that need not
 * end in NUL (an element's name). */
tmu_ptx_reg *tmu_ptx_regfile_find(const tmu_ptx_regfile *rf, const char *name);
tmu_ptx_reg *tmu_ptx_regfile_find_n(const tmu_ptx_regfile *rf, const char *name, size_t len);

/* Where each per-lane input of the lifted op comes from: pointers into the
 * instruction (NULL = not used by this instruction). */
typedef struct tmu_ptx_opmap {
    const tmu_ptx_operand *texture; /* a: texref / param name or .u64 handle register */
    const tmu_ptx_operand *sampler; /* b, or NULL (unified mode: the texture's own sampler) */
    const tmu_ptx_elem *coord[3];   /* s, t, r (x, y for .2dms/.a2dms fetches); cube: direction */
    const tmu_ptx_elem *layer;      /* array index (cube array: cube index) */
    const tmu_ptx_elem *sample;     /* .2dms / .a2dms sample number */
    const tmu_ptx_elem *lod;        /* .level */
    const tmu_ptx_elem *grad_x[3], *grad_y[3]; /* .grad */
    const tmu_ptx_elem *offset[3];             /* e (wrapped with tmu_ptx_wrap_offset when read) */
    const tmu_ptx_elem *ref;                   /* f, depth compare value */
    const tmu_ptx_elem *dst[4]; /* result words 0..3 (2 for .f16x2); '_' elements included */
    const tmu_ptx_elem *pred;   /* |p */
    uint8_t int_coords;         /* .s32 coordinates and lod (converted to float to sample) */
} tmu_ptx_opmap;

/* Lifts a tex / tld4 instruction to the vendor-neutral op: kind (sample, fetch for
 * .2dms/.a2dms, gather for tld4), shape, level mode, result type, offsets, compare,
 * residency, and (map may be NULL) the operand map.  `module`/`scope` (may be NULL / 0)
 * give declared register types, which tell a lone compare operand from an offset;
 * without them a register named %f... is taken as a float.  TMU_ERR_UNSUPPORTED for
 * txq (not an op of the unit) or a form the unit has no equivalent for;
 * TMU_ERR_INVALID_ARGUMENT when an operand has too few elements; diag says which. */
tmu_status tmu_ptx_lift(const tmu_ptx_instr *instr, const tmu_ptx_module *module, uint32_t scope,
                        tmu_op *op, tmu_ptx_opmap *map, tmu_diag *diag);

/* Wraps an immediate or register texel offset the way ptxas encodes it: 4-bit
 * two's complement for tex (-8..7), 6-bit for tld4 (-32..31). */
int32_t tmu_ptx_wrap_offset(tmu_ptx_opcode opcode, int64_t value);

/* The value a floating immediate (tmu_ptx_elem.fval) has as an f32 operand (`as_int` false:
 * rounded to f32; NaN and infinities kept) or as an int32 operand (`as_int` true: truncated
 * toward zero).  Returns false, leaving *bits alone, when it does not fit: beyond the f32
 * range, or for int32 NaN, an infinity or a value outside [-2^31, 2^31) after truncation.
 * *bits receives the operand's 32 bits (the f32's bits, or the two's complement integer). */
bool tmu_ptx_imm_bits(double fval, bool as_int, uint32_t *bits);

/* Executes one tex / tld4 / txq instruction for the lanes of `active` (bit n = lane
 * n) whose guard predicate holds, reading operands from and writing destinations
 * (and the |p predicate) to `rf`.  Texture / sampler operands are resolved through
 * env->bindings (names, or per-lane handle values of a .u64 register; lanes with
 * different handles execute as separate groups).  txq answers from the texture /
 * sampler state.  Errors (unknown binding or register, unit refusal) name the
 * operand in `diag` and leave `rf` unchanged for the failing group. */
tmu_status tmu_ptx_exec_warp(const tmu_ptx_instr *instr, const tmu_ptx_exec_env *env,
                             uint32_t active, tmu_ptx_regfile *rf, tmu_diag *diag);

#ifdef __cplusplus
}
#endif
#endif
