/* Parser of one tex / tld4 / txq instruction into tmu_ptx_instr.  Modifiers are
 * classified through the name tables; a modifier that does not fit is kept in
 * instr->bad[] so the validator can name it as ptxas does. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ptx/ptx_internal.h"

static tmu_status syntax_error(tmu_diag *diag, const ptx_tok *t)
{
    if (t->kind == PTX_TK_EOF)
        return tmu_diag_set(diag, TMU_ERR_PARSE, t->line, t->col, -1,
                            "Parsing error near end of input: syntax error");
    int n = (int)(t->len > 40 ? 40 : t->len);
    char buf[48];
    int k = 0;
    for (int i = 0; i < n; i++) {
        unsigned char c = (unsigned char)t->p[i];
        buf[k++] = (c >= 0x20 && c < 0x7f) ? (char)c : '?';
    }
    buf[k] = 0;
    return tmu_diag_set(diag, TMU_ERR_PARSE, t->line, t->col, -1,
                        "Parsing error near '%s': syntax error", buf);
}

static int lookup_name(const char *const *names, int count, const char *p, size_t len)
{
    for (int i = 0; i < count; i++)
        if (names[i] && names[i][0] && ptx_name_eq(names[i], p, len))
            return i;
    return -1;
}

static int find_geom(const char *p, size_t len)
{
    for (int g = 1; g < TMU_PTX_GEOM_COUNT; g++)
        if (ptx_name_eq(ptx_geoms[g].name, p, len))
            return g;
    return -1;
}

static int find_type(const char *p, size_t len)
{
    for (int t = 1; t < TMU_PTX_T_COUNT; t++)
        if (ptx_name_eq(ptx_types[t].name, p, len))
            return t;
    return -1;
}

static int find_mip(const char *p, size_t len)
{
    for (int m = 1; m < TMU_PTX_MIP_COUNT; m++) {
        if (ptx_name_eq(tmu_ptx_mip_name((tmu_ptx_mip)m), p, len))
            return m;
    }
    return -1;
}

static int find_query(const char *p, size_t len)
{
    for (int q = 1; q < TMU_PTX_Q_COUNT; q++) {
        if (ptx_name_eq(tmu_ptx_query_name((tmu_ptx_query)q), p, len))
            return q;
    }
    return -1;
}

static tmu_status add_bad(tmu_ptx_instr *in, const ptx_tok *t, tmu_diag *diag)
{
    if (in->nbad >= TMU_PTX_BADMOD_MAX)
        return tmu_diag_set(diag, TMU_ERR_UNSUPPORTED, t->line, t->col, -1,
                            "more than %d modifiers that do not fit the instruction",
                            TMU_PTX_BADMOD_MAX);
    in->bad[in->nbad].text = t->p;
    in->bad[in->nbad].len = (uint32_t)t->len;
    in->bad[in->nbad].column = t->col;
    in->nbad++;
    return TMU_OK;
}

/* Classifies one modifier (t->p includes the dot); first: it is the first modifier. */
static tmu_status modifier(tmu_ptx_instr *in, const ptx_tok *t, int first, tmu_diag *diag)
{
    const char *p = t->p + 1;
    size_t len = t->len - 1;
    int v;
    if (in->opcode == TMU_PTX_TLD4 && (v = lookup_name(ptx_comp_names, 4, p, len)) >= 0) {
        if (in->comp >= 0)
            return add_bad(in, t, diag);
        in->comp = (int8_t)v;
        return TMU_OK;
    }
    if (in->opcode == TMU_PTX_TXQ && (v = find_query(p, len)) >= 0) {
        if (in->query != TMU_PTX_Q_NONE)
            return add_bad(in, t, diag);
        in->query = (tmu_ptx_query)v;
        return TMU_OK;
    }
    /* .base/.level/.grad (tex) and .level (txq) are part of the instruction's name: ptxas
     * knows them only right after the opcode */
    if (in->opcode == TMU_PTX_TEX && first && (v = find_mip(p, len)) >= 0) {
        if (in->mip != TMU_PTX_MIP_NONE)
            return add_bad(in, t, diag);
        in->mip = (tmu_ptx_mip)v;
        return TMU_OK;
    }
    if (in->opcode == TMU_PTX_TXQ && first && len == 5 && memcmp(p, "level", 5) == 0) {
        if (in->mip != TMU_PTX_MIP_NONE)
            return add_bad(in, t, diag);
        in->mip = TMU_PTX_MIP_LEVEL;
        return TMU_OK;
    }
    if (in->opcode != TMU_PTX_TXQ && (v = find_geom(p, len)) >= 0) {
        if (in->geom != TMU_PTX_GEOM_NONE)
            return add_bad(in, t, diag);
        in->geom = (tmu_ptx_geom)v;
        return TMU_OK;
    }
    if (in->opcode != TMU_PTX_TXQ && len == 2 && p[0] == 'v' && (p[1] == '2' || p[1] == '4')) {
        /* a second one is reported, and is the size (ptxas 13.0.88: .v4.v2 takes .v2) */
        tmu_status st = in->vec ? add_bad(in, t, diag) : TMU_OK;
        in->vec = (uint8_t)(p[1] - '0');
        return st;
    }
    if ((v = find_type(p, len)) >= 0 && v != TMU_PTX_T_TEXREF && v != TMU_PTX_T_SAMPLERREF &&
        v != TMU_PTX_T_SURFREF) {
        if (in->ntypes >= 3)
            return add_bad(in, t, diag);
        in->types[in->ntypes++] = (tmu_ptx_type)v;
        return TMU_OK;
    }
    return add_bad(in, t, diag);
}

static tmu_status parse_elem(ptx_lexer *lx, ptx_tok *t, tmu_ptx_elem *e, tmu_diag *diag)
{
    e->kind = TMU_PTX_E_NONE;
    e->ival = 0;
    e->fval = 0;
    e->name = NULL;
    e->name_len = 0;
    e->line = t->line;
    e->column = t->col;
    int neg = 0;
    if (ptx_tok_punct(t, '-')) {
        neg = 1;
        ptx_lex_next(lx, t);
        if (t->kind != PTX_TK_INT && t->kind != PTX_TK_FLOAT && t->kind != PTX_TK_DOTNUM)
            return syntax_error(diag, t);
    }
    switch (t->kind) {
    case PTX_TK_IDENT:
        if (t->len == 1 && t->p[0] == '_') {
            e->kind = TMU_PTX_E_SINK;
            break;
        }
        if (t->len > INT32_MAX)
            return syntax_error(diag, t);
        e->kind = TMU_PTX_E_NAME;
        e->name = t->p;
        e->name_len = (uint32_t)t->len;
        break;
    case PTX_TK_INT:
        if (t->overflow)
            return tmu_diag_set(diag, TMU_ERR_PARSE, t->line, t->col, -1,
                                "integer constant does not fit in 64 bits");
        e->kind = TMU_PTX_E_INT;
        e->ival = neg ? (int64_t)(0 - (uint64_t)t->ival) : t->ival;
        break;
    case PTX_TK_FLOAT:
        e->kind = TMU_PTX_E_FLOAT;
        e->fval = neg ? -t->fval : t->fval;
        e->name = t->p; /* the spelling: 0f... is an .f32 literal, the others .f64 */
        e->name_len = (uint32_t)t->len;
        break;
    case PTX_TK_DOTNUM: { /* ".5" */
        char buf[64];
        size_t n = t->len < sizeof buf - 2 ? t->len : sizeof buf - 2;
        buf[0] = '0';
        memcpy(buf + 1, t->p, n);
        buf[n + 1] = 0;
        e->kind = TMU_PTX_E_FLOAT;
        e->fval = strtod(buf, NULL);
        if (neg)
            e->fval = -e->fval;
        break;
    }
    default:
        return syntax_error(diag, t);
    }
    ptx_lex_next(lx, t);
    return TMU_OK;
}

/* What an operand is for: a '_' alone is refused differently in each place (ptxas). */
typedef enum { OP_DST, OP_SRC } op_role;

static tmu_status parse_operand(ptx_lexer *lx, ptx_tok *t, tmu_ptx_operand *o, op_role role,
                                const char *name, tmu_diag *diag)
{
    o->is_vector = 0;
    o->count = 0;
    o->line = t->line;
    o->column = t->col;
    if (!ptx_tok_punct(t, '{')) {
        if (t->kind == PTX_TK_IDENT && t->len == 1 && t->p[0] == '_') {
            if (role == OP_DST)
                return tmu_diag_set(diag, TMU_ERR_PARSE, t->line, t->col, -1,
                                    "Result discard mode is not allowed for instruction '%s'", name);
            return syntax_error(diag, t);
        }
        o->count = 1;
        return parse_elem(lx, t, &o->e[0], diag);
    }
    o->is_vector = 1;
    ptx_lex_next(lx, t);
    for (;;) {
        if (o->count >= TMU_PTX_VEC_MAX)
            return tmu_diag_set(diag, TMU_ERR_PARSE, t->line, t->col, -1,
                                "vector operand with more than %d elements", TMU_PTX_VEC_MAX);
        tmu_status s = parse_elem(lx, t, &o->e[o->count], diag);
        if (s != TMU_OK)
            return s;
        o->count++;
        if (ptx_tok_punct(t, '}'))
            break;
        if (!ptx_tok_punct(t, ','))
            return syntax_error(diag, t);
        ptx_lex_next(lx, t);
    }
    ptx_lex_next(lx, t);
    return TMU_OK;
}

/* A type modifier ("Vector Type not specified properly" is about .vN not followed by one). */
static int is_type_modifier(const ptx_tok *t)
{
    return t->kind == PTX_TK_DOTNAME && find_type(t->p + 1, t->len - 1) >= 0;
}

static int is_vec_modifier(const ptx_tok *t)
{
    return t->kind == PTX_TK_DOTNAME && t->len == 3 && t->p[1] == 'v' &&
           (t->p[2] == '2' || t->p[2] == '4');
}

/* The opcode name: tex, tld4 or txq; -1 for anything else. */
static int opcode_of(const ptx_tok *t)
{
    static const char *const names[3] = {"tex", "tld4", "txq"};
    for (int i = 0; i < 3; i++)
        if (ptx_name_eq(names[i], t->p, t->len))
            return i;
    return -1;
}

tmu_status ptx_skip_modifiers(ptx_lexer *lx, ptx_tok *t, tmu_diag *diag)
{
    while (t->kind == PTX_TK_DOTNAME || t->kind == PTX_TK_DOTNUM) {
        int bad = t->kind == PTX_TK_DOTNUM ||
                  (t->p[1] >= '0' && t->p[1] <= '9' && find_geom(t->p + 1, t->len - 1) < 0);
        ptx_lex_next(lx, t);
        if (bad) /* ".2" or ".2dx": ptxas's lexer takes it, its grammar stops at the next token */
            return syntax_error(diag, t);
    }
    return TMU_OK;
}

/* The instruction's name in messages: tex.level, txq.level, tld4 ... */
static const char *instr_name(const tmu_ptx_instr *in, char buf[16])
{
    static const char *const ops[] = {"tex", "tld4", "txq"};
    const char *op = ops[in->opcode < 3 ? in->opcode : 0];
    if (in->opcode == TMU_PTX_TEX && in->mip != TMU_PTX_MIP_NONE)
        snprintf(buf, 16, "tex.%s", tmu_ptx_mip_name(in->mip));
    else if (in->opcode == TMU_PTX_TXQ && in->mip == TMU_PTX_MIP_LEVEL)
        snprintf(buf, 16, "txq.level");
    else
        snprintf(buf, 16, "%s", op);
    return buf;
}

tmu_status ptx_parse_instr_lx(ptx_lexer *lx, tmu_ptx_instr *in, tmu_diag *diag)
{
    ptx_tok t;
    tmu_status s;
    char name[16];
    /* the header is cleared; operands are written as parsed (elements past an
     * operand's count are left as they were) */
    memset(in, 0, offsetof(tmu_ptx_instr, dst));
    in->dst.is_vector = 0;
    in->dst.count = 0;
    memset(&in->pred, 0, sizeof in->pred);
    in->bracketed = 0;
    in->naddr = 0;
    in->nextra = 0;
    in->comp = -1;
    ptx_lex_next(lx, &t);
    if (ptx_tok_punct(&t, '@')) {
        ptx_lex_next(lx, &t);
        if (ptx_tok_punct(&t, '!')) {
            in->guard_negated = 1;
            ptx_lex_next(lx, &t);
        }
        if (t.kind != PTX_TK_IDENT || (t.len == 1 && t.p[0] == '_'))
            return syntax_error(diag, &t);
        if ((s = parse_elem(lx, &t, &in->guard, diag)) != TMU_OK)
            return s;
    }
    if (t.kind != PTX_TK_IDENT)
        return syntax_error(diag, &t);
    int op = opcode_of(&t), known = 1;
    if (op >= 0) /* "tex.clamp": a name ptxas lexes whole and knows no instruction by */
        (void)ptx_instr_name(t.p, (size_t)(lx->end - t.p), t.len, &known);
    if (op < 0 || !known)
        return tmu_diag_set(diag, TMU_ERR_PARSE, t.line, t.col, -1,
                            "not a tex, tld4 or txq instruction");
    in->opcode = (tmu_ptx_opcode)op;
    in->op_text = t.p;
    in->op_len = (uint32_t)t.len;
    in->line = t.line;
    in->column = t.col;
    ptx_lex_next(lx, &t);
    /* ptxas names the line of the token after the opcode; the column stays the opcode's when
     * that is on the same line */
    in->msg_line = t.line;
    in->msg_column = t.line == in->line ? in->column : t.col;
    /* modifiers, blanks allowed between them; a .vN not followed by a type is a warning */
    int after_vec = 0, nmods = 0;
    while (t.kind == PTX_TK_DOTNAME || t.kind == PTX_TK_DOTNUM) {
        if (t.kind == PTX_TK_DOTNUM || (t.p[1] >= '0' && t.p[1] <= '9' && find_geom(t.p + 1, t.len - 1) < 0)) {
            /* ".2" or ".2dx": ptxas's lexer takes it, its grammar stops at the next token */
            ptx_lex_next(lx, &t);
            return syntax_error(diag, &t);
        }
        if ((s = modifier(in, &t, nmods++ == 0, diag)) != TMU_OK)
            return s;
        /* (a second .v2/.v4 is no reason either: ptxas 13.0.88, "tex.v4.v4.f32.f32") */
        if (after_vec && !is_type_modifier(&t) && !is_vec_modifier(&t) && in->nvec_warn < 2)
            in->vec_warn_at[in->nvec_warn++] = in->nbad;
        after_vec = is_vec_modifier(&t);
        ptx_lex_next(lx, &t);
    }
    if (after_vec && in->nvec_warn < 2)
        in->vec_warn_at[in->nvec_warn++] = in->nbad;
    instr_name(in, name);
    /* no operands at all: "tex;" (ptxas then reports the types or the signature) */
    if (ptx_tok_punct(&t, ';') || t.kind == PTX_TK_EOF)
        goto end;
    /* destination [| pred] */
    if ((s = parse_operand(lx, &t, &in->dst, OP_DST, name, diag)) != TMU_OK)
        return s;
    if (ptx_tok_punct(&t, '|')) {
        ptx_lex_next(lx, &t);
        if (t.kind != PTX_TK_IDENT || (t.len == 1 && t.p[0] == '_'))
            return syntax_error(diag, &t);
        if ((s = parse_elem(lx, &t, &in->pred, diag)) != TMU_OK)
            return s;
    }
    if (ptx_tok_punct(&t, ';') || t.kind == PTX_TK_EOF)
        goto end;
    if (!ptx_tok_punct(&t, ','))
        return syntax_error(diag, &t);
    ptx_lex_next(lx, &t);
    /* address [a, {b,} c] (or an unbracketed operand, which the validator refuses) */
    if (ptx_tok_punct(&t, '[')) {
        in->bracketed = 1;
        ptx_lex_next(lx, &t);
        for (;;) {
            if (in->naddr >= 3)
                return syntax_error(diag, &t);
            ptx_tok at = t;
            /* ptxas' grammar: an immediate without braces only as the whole address ([1]):
             * after a ',' it is a syntax error at it, before one at the ',' (measured, audit of
             * 2026-11-29: [t0, 1], [t0, -1], [t0, 1.5], [1, {%f1}]) */
            int imm = t.kind == PTX_TK_INT || t.kind == PTX_TK_FLOAT || t.kind == PTX_TK_DOTNUM ||
                      ptx_tok_punct(&t, '-');
            if (imm && in->naddr > 0)
                return syntax_error(diag, &at);
            if ((s = parse_operand(lx, &t, &in->addr[in->naddr], OP_SRC, name, diag)) != TMU_OK)
                return s;
            in->naddr++;
            if (imm && ptx_tok_punct(&t, ','))
                return syntax_error(diag, &t);
            /* ptxas' grammar: a scalar coordinate only in the two-operand form */
            if (in->naddr == 3 && !in->addr[2].is_vector && in->opcode != TMU_PTX_TXQ)
                return syntax_error(diag, &at);
            if (ptx_tok_punct(&t, ']'))
                break;
            if (!ptx_tok_punct(&t, ',') || in->addr[in->naddr - 1].is_vector)
                return syntax_error(diag, &t);
            ptx_lex_next(lx, &t);
        }
        ptx_lex_next(lx, &t);
    } else {
        if ((s = parse_operand(lx, &t, &in->addr[0], OP_SRC, name, diag)) != TMU_OK)
            return s;
        in->naddr = 1;
    }
    while (ptx_tok_punct(&t, ',')) {
        ptx_lex_next(lx, &t);
        if (ptx_tok_punct(&t, '[')) { /* an address after the address: no signature has it (kept
                                          apart from the operands after the address, and printed
                                          after them) */
            int depth = 0;
            const char *from = t.p, *to = t.p;
            do {
                /* a byte no token starts with (a NUL, say) is a syntax error here as anywhere */
                if (t.kind == PTX_TK_EOF || t.kind == PTX_TK_BAD || ptx_tok_punct(&t, ';'))
                    return syntax_error(diag, &t);
                depth += ptx_tok_punct(&t, '[') - ptx_tok_punct(&t, ']');
                to = t.p + t.len;
                ptx_lex_next(lx, &t);
            } while (depth > 0);
            if (!in->bad_shape) {
                in->shape_text = from;
                in->shape_len = (uint32_t)(to - from);
            }
            in->bad_shape = 1;
            continue;
        }
        if (in->nextra >= TMU_PTX_EXTRA_MAX)
            return tmu_diag_set(diag, TMU_ERR_UNSUPPORTED, t.line, t.col, -1,
                                "more than %d operands after the address", TMU_PTX_EXTRA_MAX);
        if ((s = parse_operand(lx, &t, &in->extra[in->nextra], OP_SRC, name, diag)) != TMU_OK)
            return s;
        in->nextra++;
    }
end:
    if (ptx_tok_punct(&t, ';'))
        ptx_lex_next(lx, &t);
    else if (t.kind != PTX_TK_EOF)
        return syntax_error(diag, &t);
    if (t.kind != PTX_TK_EOF)
        return syntax_error(diag, &t);
    return TMU_OK;
}

tmu_status tmu_ptx_parse_instr(const char *text, size_t len, tmu_ptx_instr *out, tmu_diag *diag)
{
    tmu_diag_clear(diag);
    if (!text || !out)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1, "NULL text or output");
    ptx_lexer lx;
    ptx_lex_init(&lx, text, len, 1, 1);
    tmu_status s = ptx_parse_instr_lx(&lx, out, diag);
    if (s == TMU_OK && lx.unterminated_comment)
        s = tmu_diag_set(diag, TMU_ERR_PARSE, lx.line, 1, -1, "unterminated comment");
    return s;
}

static int elem_equal(const tmu_ptx_elem *a, const tmu_ptx_elem *b)
{
    if (a->kind != b->kind)
        return 0;
    switch (a->kind) {
    case TMU_PTX_E_NAME:
        return a->name_len == b->name_len && memcmp(a->name, b->name, a->name_len) == 0;
    case TMU_PTX_E_INT:
        return a->ival == b->ival;
    case TMU_PTX_E_FLOAT: /* the value and the literal's type (0f: .f32, else .f64) */
        return memcmp(&a->fval, &b->fval, sizeof a->fval) == 0 && ptx_float_is_f32(a) == ptx_float_is_f32(b);
    default:
        return 1;
    }
}

static int operand_equal(const tmu_ptx_operand *a, const tmu_ptx_operand *b)
{
    if (a->is_vector != b->is_vector || a->count != b->count)
        return 0;
    for (unsigned i = 0; i < a->count; i++)
        if (!elem_equal(&a->e[i], &b->e[i]))
            return 0;
    return 1;
}

int tmu_ptx_instr_equal(const tmu_ptx_instr *a, const tmu_ptx_instr *b)
{
    if (!a || !b || !ptx_instr_sane(a) || !ptx_instr_sane(b))
        return 0;
    if (a->unknown_op != b->unknown_op ||
        (a->unknown_op && (a->op_len != b->op_len || memcmp(a->op_text, b->op_text, a->op_len))) ||
        a->bad_shape != b->bad_shape ||
        (a->bad_shape && (a->shape_len != b->shape_len ||
                          memcmp(a->shape_text, b->shape_text, a->shape_len))))
        return 0;
    if (a->opcode != b->opcode || a->guard_negated != b->guard_negated ||
        !elem_equal(&a->guard, &b->guard) || a->geom != b->geom || a->mip != b->mip ||
        a->vec != b->vec || a->ntypes != b->ntypes || a->comp != b->comp || a->query != b->query ||
        a->nbad != b->nbad || !elem_equal(&a->pred, &b->pred) || a->bracketed != b->bracketed ||
        a->naddr != b->naddr || a->nextra != b->nextra || !operand_equal(&a->dst, &b->dst))
        return 0;
    for (unsigned i = 0; i < a->ntypes; i++)
        if (a->types[i] != b->types[i])
            return 0;
    for (unsigned i = 0; i < a->nbad; i++)
        if (a->bad[i].len != b->bad[i].len || memcmp(a->bad[i].text, b->bad[i].text, a->bad[i].len))
            return 0;
    for (unsigned i = 0; i < a->naddr; i++)
        if (!operand_equal(&a->addr[i], &b->addr[i]))
            return 0;
    for (unsigned i = 0; i < a->nextra; i++)
        if (!operand_equal(&a->extra[i], &b->extra[i]))
            return 0;
    return 1;
}

static int elem_sane(const tmu_ptx_elem *e)
{
    return (unsigned)e->kind <= TMU_PTX_E_SINK &&
           (e->kind != TMU_PTX_E_NAME || (e->name != NULL && e->name_len > 0));
}

static int operand_sane(const tmu_ptx_operand *o)
{
    if (o->count < 1 || o->count > TMU_PTX_VEC_MAX || (!o->is_vector && o->count != 1))
        return 0;
    for (unsigned i = 0; i < o->count; i++)
        if (!elem_sane(&o->e[i]))
            return 0;
    return 1;
}

int ptx_instr_sane(const tmu_ptx_instr *in)
{
    if ((unsigned)in->opcode > TMU_PTX_TXQ || (unsigned)in->geom >= TMU_PTX_GEOM_COUNT ||
        (unsigned)in->mip >= TMU_PTX_MIP_COUNT || in->ntypes > 3 || in->comp < -1 || in->comp > 3 ||
        (unsigned)in->query >= TMU_PTX_Q_COUNT || in->nbad > TMU_PTX_BADMOD_MAX ||
        in->naddr > 3 || in->nextra > TMU_PTX_EXTRA_MAX || (in->naddr == 0 && in->nextra) ||
        (in->dst.count == 0 && (in->naddr || in->pred.kind != TMU_PTX_E_NONE)) ||
        (in->vec != 0 && in->vec != 2 && in->vec != 4) || !elem_sane(&in->pred) ||
        !elem_sane(&in->guard) || in->nvec_warn > 2 || (in->unknown_op && !in->op_text))
        return 0;
    for (unsigned i = 0; i < in->nvec_warn; i++)
        if (in->vec_warn_at[i] > in->nbad)
            return 0;
    if (in->bad_shape && !in->shape_text)
        return 0;
    for (unsigned i = 0; i < in->ntypes; i++)
        if ((unsigned)in->types[i] >= TMU_PTX_T_COUNT)
            return 0;
    for (unsigned i = 0; i < in->nbad; i++)
        if (!in->bad[i].text || in->bad[i].len < 1)
            return 0;
    if (in->dst.count && !operand_sane(&in->dst))
        return 0;
    for (unsigned i = 0; i < in->naddr; i++)
        if (!operand_sane(&in->addr[i]))
            return 0;
    for (unsigned i = 0; i < in->nextra; i++)
        if (!operand_sane(&in->extra[i]))
            return 0;
    return 1;
}
