/* Parser of one tex / tld4 / txq instruction into tmu_ptx_instr.  Modifiers are
 * classified through the name tables; a modifier that does not fit is kept in
 * instr->bad[] so the validator can name it as ptxas does. */
#include <stddef.h>
#include <stdio.h>
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

/* Classifies one modifier (t->p includes the dot). */
static tmu_status modifier(tmu_ptx_instr *in, const ptx_tok *t, tmu_diag *diag)
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
    if (in->opcode == TMU_PTX_TEX && (v = find_mip(p, len)) >= 0) {
        if (in->mip != TMU_PTX_MIP_NONE)
            return add_bad(in, t, diag);
        in->mip = (tmu_ptx_mip)v;
        return TMU_OK;
    }
    if (in->opcode == TMU_PTX_TXQ && len == 5 && memcmp(p, "level", 5) == 0) {
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
        if (in->vec)
            return add_bad(in, t, diag);
        in->vec = (uint8_t)(p[1] - '0');
        return TMU_OK;
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
        if (t->kind != PTX_TK_INT && t->kind != PTX_TK_FLOAT)
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
        break;
    default:
        return syntax_error(diag, t);
    }
    ptx_lex_next(lx, t);
    return TMU_OK;
}

static tmu_status parse_operand(ptx_lexer *lx, ptx_tok *t, tmu_ptx_operand *o, tmu_diag *diag)
{
    o->is_vector = 0;
    o->count = 0;
    o->line = t->line;
    o->column = t->col;
    if (!ptx_tok_punct(t, '{')) {
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

tmu_status ptx_parse_instr_lx(ptx_lexer *lx, tmu_ptx_instr *in, tmu_diag *diag)
{
    ptx_tok t;
    tmu_status s;
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
        if (t.kind != PTX_TK_IDENT)
            return syntax_error(diag, &t);
        if ((s = parse_elem(lx, &t, &in->guard, diag)) != TMU_OK)
            return s;
    }
    if (t.kind != PTX_TK_IDENT)
        return syntax_error(diag, &t);
    if (ptx_tok_is(&t, "tex"))
        in->opcode = TMU_PTX_TEX;
    else if (ptx_tok_is(&t, "tld4"))
        in->opcode = TMU_PTX_TLD4;
    else if (ptx_tok_is(&t, "txq"))
        in->opcode = TMU_PTX_TXQ;
    else
        return tmu_diag_set(diag, TMU_ERR_PARSE, t.line, t.col, -1,
                            "not a tex, tld4 or txq instruction");
    in->line = t.line;
    in->column = t.col;
    ptx_lex_next(lx, &t);
    while (t.kind == PTX_TK_DOTNAME && !t.space_before) {
        if ((s = modifier(in, &t, diag)) != TMU_OK)
            return s;
        ptx_lex_next(lx, &t);
    }
    /* destination [| pred] */
    if ((s = parse_operand(lx, &t, &in->dst, diag)) != TMU_OK)
        return s;
    if (ptx_tok_punct(&t, '|')) {
        ptx_lex_next(lx, &t);
        if (t.kind != PTX_TK_IDENT)
            return syntax_error(diag, &t);
        if ((s = parse_elem(lx, &t, &in->pred, diag)) != TMU_OK)
            return s;
    }
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
            if ((s = parse_operand(lx, &t, &in->addr[in->naddr], diag)) != TMU_OK)
                return s;
            in->naddr++;
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
        if ((s = parse_operand(lx, &t, &in->addr[0], diag)) != TMU_OK)
            return s;
        in->naddr = 1;
    }
    while (ptx_tok_punct(&t, ',')) {
        ptx_lex_next(lx, &t);
        if (in->nextra >= TMU_PTX_EXTRA_MAX)
            return tmu_diag_set(diag, TMU_ERR_UNSUPPORTED, t.line, t.col, -1,
                                "more than %d operands after the address", TMU_PTX_EXTRA_MAX);
        if ((s = parse_operand(lx, &t, &in->extra[in->nextra], diag)) != TMU_OK)
            return s;
        in->nextra++;
    }
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
    case TMU_PTX_E_FLOAT:
        return memcmp(&a->fval, &b->fval, sizeof a->fval) == 0;
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
        (unsigned)in->query >= TMU_PTX_Q_COUNT || in->nbad > TMU_PTX_BADMOD_MAX || in->naddr < 1 ||
        in->naddr > 3 || in->nextra > TMU_PTX_EXTRA_MAX ||
        (in->vec != 0 && in->vec != 2 && in->vec != 4) || !elem_sane(&in->pred) ||
        !elem_sane(&in->guard))
        return 0;
    for (unsigned i = 0; i < in->ntypes; i++)
        if ((unsigned)in->types[i] >= TMU_PTX_T_COUNT)
            return 0;
    for (unsigned i = 0; i < in->nbad; i++)
        if (!in->bad[i].text || in->bad[i].len < 1)
            return 0;
    if (!operand_sane(&in->dst))
        return 0;
    for (unsigned i = 0; i < in->naddr; i++)
        if (!operand_sane(&in->addr[i]))
            return 0;
    for (unsigned i = 0; i < in->nextra; i++)
        if (!operand_sane(&in->extra[i]))
            return 0;
    return 1;
}
