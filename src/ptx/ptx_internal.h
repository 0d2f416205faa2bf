/* Private interfaces of the PTX front end: lexer, tables, module layout. */
#ifndef TMU_PTX_INTERNAL_H
#define TMU_PTX_INTERNAL_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "tmu/ptx.h"

/* ---- lexer ---------------------------------------------------------------- */
typedef enum ptx_tok_kind {
    PTX_TK_EOF = 0,
    PTX_TK_IDENT,   /* abc, %r1, $L1, _ */
    PTX_TK_DOTNAME, /* .level, .2d (text includes the dot) */
    PTX_TK_INT,
    PTX_TK_FLOAT,
    PTX_TK_STRING,
    PTX_TK_PUNCT, /* one character in .punct */
    PTX_TK_BAD,   /* a character no token starts with */
    PTX_TK_DOTNUM, /* '.' and digits not starting a geometry (".2" of ".2D"), as ptxas lexes them */
} ptx_tok_kind;

typedef struct ptx_tok {
    ptx_tok_kind kind;
    const char *p;
    size_t len;
    uint32_t line, col;
    int64_t ival;
    double fval;
    char punct;
    uint8_t space_before; /* whitespace or comment between this and the previous token */
    uint8_t newline_before;
    uint8_t overflow; /* integer literal out of 64-bit range */
} ptx_tok;

typedef struct ptx_lexer {
    const char *start, *cur, *end;
    uint32_t line;
    const char *line_start;
    uint8_t unterminated_comment;
} ptx_lexer;

void ptx_lex_init(ptx_lexer *lx, const char *text, size_t len, uint32_t line, uint32_t col);
void ptx_lex_next(ptx_lexer *lx, ptx_tok *t);
/* Token text equals s / token is punctuation c (inline: called for every token). */
static inline int ptx_tok_is(const ptx_tok *t, const char *s)
{
    size_t i = 0;
    for (; i < t->len; i++)
        if (s[i] != t->p[i] || s[i] == 0)
            return 0;
    return s[i] == 0;
}

static inline int ptx_tok_punct(const ptx_tok *t, char c)
{
    return t->kind == PTX_TK_PUNCT && t->punct == c;
}

/* True when the `len` bytes at p spell exactly the NUL-terminated `name`. */
/* 1 where float element e was written as a 0f literal, which ptxas types .f32; a decimal or 0d
 * literal, or one without a spelling (name NULL), is .f64 (docs/ptx-checker.md, audit of
 * 2026-11-29: the two are told apart in offset and gradient vectors). */
static inline int ptx_float_is_f32(const tmu_ptx_elem *e)
{
    return e->name && e->name_len > 2 && e->name[0] == '0' && (e->name[1] == 'f' || e->name[1] == 'F');
}

static inline int ptx_name_eq(const char *name, const char *p, size_t len)
{
    size_t i = 0;
    for (; i < len; i++)
        if (name[i] != p[i] || name[i] == 0)
            return 0;
    return name[i] == 0;
}

/* ---- tables (ptx_tables.c) ---------------------------------------------- */
/* One row per geometry: everything the validator and the lifter need. */
typedef struct ptx_geom_row {
    const char *name;
    uint8_t ncoord_min;  /* fewest coordinate elements accepted (3d: 3; .v4 always fits) */
    int8_t index_pos;    /* element checked as array index, -1 = none */
    uint8_t first_coord; /* first element of the "same type" run in the vector check */
    uint8_t noffset;     /* offset vector size */
    uint8_t ngrad;       /* dPdx/dPdy size */
    uint8_t offset_ok;   /* tex offsets allowed */
    uint8_t compare_ok;  /* 0 no ('Illegal modifier'), 1 yes, 2 'Arguments mismatch' */
    uint8_t mip_ok;      /* .level/.grad allowed */
    uint8_t tld4_ok;
    uint8_t need_float; /* cube: 'Floating-point coordinates required' */
    uint8_t need_int;   /* ms: 'Integer coordinates require .s32 instruction type' */
    uint8_t dims;       /* spatial dimensions (1..3) */
    uint8_t arrayed, cube, ms;
} ptx_geom_row;
extern const ptx_geom_row ptx_geoms[TMU_PTX_GEOM_COUNT];

typedef struct ptx_type_row {
    const char *name;
    uint8_t bits;
    char cls; /* 'b' bits, 'u', 's', 'f', 'p' pred, 'o' opaque */
    /* the class ptxas 13 compares between the elements of one vector operand ("Vector with
     * elements of different types"): 'f' float, 'i' integer, 'b' bits (goes with any), 'p'
     * predicate (opaque types count as integers), 'x' the packed .f16x2 (not a float to that rule: {%f1,%hh2} is refused,
     * docs/ptx-checker.md "Fresh-oracle campaign"); the array index of a1d/a2d/acube must be
     * 'i' or 'b' */
    char vcls;
} ptx_type_row;
extern const ptx_type_row ptx_types[TMU_PTX_T_COUNT];

/* Feature gates: minimum PTX version (x10) and sm, with ptxas' feature names. */
typedef enum ptx_feature {
    PTX_F_TLD4,
    PTX_F_ARRAY,
    PTX_F_CUBE,
    PTX_F_ACUBE,
    PTX_F_MIP_BASE,
    PTX_F_MIP_LEVEL,
    PTX_F_MIP_GRAD,
    PTX_F_INDIRECT,
    PTX_F_MS,
    PTX_F_F16,
    PTX_F_GRAD_CUBE,
    PTX_F_OFFSET,
    PTX_F_TEX43,
    PTX_F_TLD4_A2D,
    PTX_F_TLD4_CUBE,
    PTX_F_TLD4_ACUBE,
    PTX_F_TLD4_43,
    PTX_F_RESIDENCY,
    PTX_F_TXQ,
    PTX_F_TXQ_LEVEL,
    PTX_F_NUM_SAMPLES,
    PTX_F_NUM_MIPMAP,
    PTX_F_ARRAY_SIZE,
    PTX_F_CHANNEL,
    PTX_F_FORCE_UNNORM,
    PTX_F_INDIRECT_INDEP,
    PTX_F_COUNT
} ptx_feature;
typedef struct ptx_feature_row {
    const char *name;    /* as in "Feature 'NAME' requires ..." */
    uint8_t version;     /* 0 = no version gate */
    uint8_t sm;          /* 0 = no target gate */
    uint8_t sm_is_instr; /* target message is "Instruction 'NAME' requires .target" */
} ptx_feature_row;
extern const ptx_feature_row ptx_features[PTX_F_COUNT];

/* Minimum .version of a target sm (x10); 0 when unknown. */
/* name: the target as written ("sm_90a"), for its a / f suffix; NULL: the plain sm_N */
unsigned ptx_target_min_version(unsigned sm, const char *name);

extern const char *const ptx_comp_names[4];

/* ---- names (ptx_names.c) ------------------------------------------------ */
/* An instruction name ptxas lexes: known = 0 for a name it lexes but no instruction has. */
typedef struct ptx_name_row {
    const char *name;
    uint8_t known;
} ptx_name_row;

enum { PTX_MOD_TYPE = 1, PTX_MOD_VEC = 2 };
/* A modifier word ptxas knows (without the dot): flags PTX_MOD_TYPE / PTX_MOD_VEC; dup: its
 * message when a modifier with the same message came before (NULL: none). */
typedef struct ptx_mod_row {
    const char *word;
    uint8_t flags;
    const char *dup;
} ptx_mod_row;

/* The instruction name at p (avail bytes; its first identifier is ident_len bytes) as ptxas
 * lexes it: the longest row of the name table made of the identifier and the ".word"s after it,
 * else the identifier.  Returns its length; *known = 1 when it names an instruction. */
size_t ptx_instr_name(const char *p, size_t avail, size_t ident_len, int *known);
/* The modifier word of `len` bytes at p (no dot), or NULL when ptxas does not know it. */
const ptx_mod_row *ptx_modifier_word(const char *p, size_t len);
/* The rows, for tests. */
size_t ptx_instr_name_count(void);
const ptx_name_row *ptx_instr_name_row(size_t i);
size_t ptx_modifier_word_count(void);
const ptx_mod_row *ptx_modifier_word_row(size_t i);

/* ---- module --------------------------------------------------------------- */
typedef struct ptx_loc {
    size_t offset, len; /* statement text (guard .. ';') */
    uint32_t line, col;
    uint32_t scope;
    /* an instruction name ptxas does not know ("TEX", "f32", "tex.clamp"): the statement
     * (offset, len) is kept whole for the checker; op_offset/op_len/op_line/op_col locate the
     * name, msg_* the token after it */
    uint8_t unknown_op;
    size_t op_offset;
    uint32_t op_len, op_line, op_col, msg_line, msg_col;
} ptx_loc;

typedef struct ptx_modprob { /* a problem found while parsing declarations */
    uint32_t line, col;
    uint32_t order; /* statement number, to merge with instruction problems */
    char message[160];
} ptx_modprob;

struct tmu_ptx_module {
    const char *text; /* owned copy */
    size_t len;
    unsigned version, sm;
    char target_name[24]; /* "sm_90a" as written */
    int has_version, has_target, independent, address_size;
    uint32_t version_line, version_col, target_line, target_col, asize_line, asize_col;
    tmu_ptx_symbol *syms;
    size_t nsyms, capsyms;
    ptx_loc *instrs;
    size_t ninstrs, capinstrs;
    char *names; /* arena for symbol names */
    size_t names_len, names_cap;
    /* declaration facts the checker needs */
    struct ptx_decl_fact {
        uint32_t line, col;
        tmu_ptx_type type;
        size_t before_instr; /* number of texture instructions before it */
    } * facts;
    size_t nfacts, capfacts;
    uint32_t *hash; /* open-addressing index into syms (names), size hashcap */
    size_t hashcap;
};

/* tmu_ptx_module_lookup for `len` bytes that need not end in NUL (an element's name). */
const tmu_ptx_symbol *ptx_lookup_n(const tmu_ptx_module *m, uint32_t scope, const char *name,
                                   size_t len);

/* Lookup returning the symbol type for an element (NONE when not a name / unknown). */
tmu_ptx_type ptx_elem_type(const tmu_ptx_module *m, uint32_t scope, const tmu_ptx_elem *e);

/* Roles of the operands of a tex / tld4 (shared by validator and execution). */
typedef struct ptx_roles {
    const tmu_ptx_operand *a, *b, *c, *lod, *gx, *gy, *off, *cmp;
    int bad; /* the operand list cannot be assigned roles */
} ptx_roles;

/* Assigns roles as ptxas does: after lod / gradients, one operand left is a
 * compare when it is a float scalar (by its declared type in `m`, or, without a
 * module, a float immediate or a register named %f...), else an offset. */
void ptx_assign_roles(const tmu_ptx_instr *in, const tmu_ptx_module *m, uint32_t scope,
                      ptx_roles *r);

/* True when the counts and enumerators of a (possibly hand-built) instruction are
 * in range, so that reading it stays inside the struct. */
int ptx_instr_sane(const tmu_ptx_instr *in);

/* True when an instruction cannot be executed whatever the bindings: an unknown opcode, no
 * destination, no bracketed address (tex/tld4: [a, c] or [a, b, c]; txq: [a]), an address in
 * the wrong place. */
static inline int ptx_operands_unusable(const tmu_ptx_instr *in)
{
    return in->unknown_op || in->bad_shape || in->dst.count == 0 || !in->bracketed ||
           (in->opcode == TMU_PTX_TXQ ? in->naddr != 1 : in->naddr < 2);
}

/* Skips the modifiers at *t (the token after an opcode) as ptxas's lexer and grammar take
 * them: a dot-number (".2" of ".2D") or an unknown dot-digit name ends the statement with a
 * syntax error at the next token.  Leaves *t at the first token after them. */
tmu_status ptx_skip_modifiers(ptx_lexer *lx, ptx_tok *t, tmu_diag *diag);

/* Parses one instruction from a lexer already positioned at its first token. */
tmu_status ptx_parse_instr_lx(ptx_lexer *lx, tmu_ptx_instr *out, tmu_diag *diag);

#endif
