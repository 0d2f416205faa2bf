/* Module parser: directives, declarations (symbol table), functions and bodies.
 * Texture instructions are parsed (to report syntax errors) and their positions
 * kept; every other instruction is tokenised up to its ';' and skipped. */
#include <stdlib.h>
#include <string.h>

#include "ptx/ptx_internal.h"

typedef struct mparser {
    tmu_ptx_module *m;
    ptx_lexer lx;
    ptx_tok t;
    tmu_diag *diag;
    uint32_t scope, nscopes;
    size_t *name_offs; /* parallel to m->syms during parsing */
    int oom;
} mparser;

static void next(mparser *p)
{
    ptx_lex_next(&p->lx, &p->t);
}

static tmu_status syntax(mparser *p)
{
    const ptx_tok *t = &p->t;
    if (t->kind == PTX_TK_EOF)
        return tmu_diag_set(p->diag, TMU_ERR_PARSE, t->line, t->col, -1,
                            "Parsing error near end of file: syntax error");
    char buf[48];
    size_t n = t->len > 40 ? 40 : t->len, k = 0;
    if (t->kind == PTX_TK_BAD && t->p[0] >= '1' && t->p[0] <= '9') { /* "2dms": ptxas's token is
                                                                       the number "2" */
        size_t d = 0;
        while (d < n && t->p[d] >= '0' && t->p[d] <= '9')
            d++;
        n = d;
    }
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)t->p[i];
        buf[k++] = (c >= 0x20 && c < 0x7f) ? (char)c : '?';
    }
    buf[k] = 0;
    return tmu_diag_set(p->diag, TMU_ERR_PARSE, t->line, t->col, -1,
                        "Parsing error near '%s': syntax error", buf);
}

/* Skips the array dimensions of a declaration ("[4]", "[]", "[2][3]"). */
static tmu_status skip_array_dims(mparser *p)
{
    while (ptx_tok_punct(&p->t, '[')) {
        next(p);
        if (p->t.kind == PTX_TK_INT)
            next(p);
        if (!ptx_tok_punct(&p->t, ']'))
            return TMU_ERR_PARSE;
        next(p);
    }
    return TMU_OK;
}

static tmu_status oom(mparser *p)
{
    p->oom = 1;
    return tmu_diag_set(p->diag, TMU_ERR_UNSUPPORTED, p->t.line, p->t.col, -1, "out of memory");
}

static int grow(void **ptr, size_t *cap, size_t need, size_t elem)
{
    if (need <= *cap)
        return 0;
    size_t nc = *cap ? *cap * 2 : 64;
    while (nc < need)
        nc *= 2;
    void *q = realloc(*ptr, nc * elem);
    if (!q)
        return -1;
    *ptr = q;
    *cap = nc;
    return 0;
}

static tmu_status add_symbol(mparser *p, const ptx_tok *name, uint32_t range, tmu_ptx_type type,
                             uint8_t state)
{
    tmu_ptx_module *m = p->m;
    size_t cap_before = m->capsyms;
    if (grow((void **)&m->syms, &m->capsyms, m->nsyms + 1, sizeof *m->syms))
        return oom(p);
    if (m->capsyms != cap_before) {
        size_t *q = realloc(p->name_offs, m->capsyms * sizeof *q);
        if (!q)
            return oom(p);
        p->name_offs = q;
    }
    if (grow((void **)&m->names, &m->names_cap, m->names_len + name->len + 1, 1))
        return oom(p);
    memcpy(m->names + m->names_len, name->p, name->len);
    m->names[m->names_len + name->len] = 0;
    p->name_offs[m->nsyms] = m->names_len;
    m->names_len += name->len + 1;
    tmu_ptx_symbol *s = &m->syms[m->nsyms++];
    s->name = NULL;
    s->range = range;
    s->type = type;
    s->state = state;
    s->scope = p->scope;
    s->line = name->line;
    s->column = name->col;
    return TMU_OK;
}

static tmu_status add_fact(mparser *p, uint32_t line, uint32_t col, tmu_ptx_type type)
{
    tmu_ptx_module *m = p->m;
    if (grow((void **)&m->facts, &m->capfacts, m->nfacts + 1, sizeof *m->facts))
        return oom(p);
    m->facts[m->nfacts].line = line;
    m->facts[m->nfacts].col = col;
    m->facts[m->nfacts].type = type;
    m->facts[m->nfacts].before_instr = m->ninstrs;
    m->nfacts++;
    return TMU_OK;
}

static int type_of(const ptx_tok *t)
{
    if (t->kind != PTX_TK_DOTNAME)
        return -1;
    for (int i = 1; i < TMU_PTX_T_COUNT; i++)
        if (ptx_name_eq(ptx_types[i].name, t->p + 1, t->len - 1))
            return i;
    return -1;
}

static int is_state(const ptx_tok *t)
{
    static const char *const st[] = {".reg",    ".global", ".param", ".const",
                                     ".shared", ".local",  ".tex"};
    for (int i = 0; i < 7; i++)
        if (ptx_tok_is(t, st[i]))
            return i;
    return -1;
}

/* A directive of the PTX ISA (section 11) other than the state spaces: anything else that
 * starts with a dot where a statement starts is a modifier, which ptxas refuses there. */
static int is_directive(const ptx_tok *t)
{
    static const char *const dirs[] = {
        ".address_size", ".alias",         ".align",         ".attribute",     ".blocksareclusters",
        ".branchtargets", ".callprototype", ".calltargets",   ".common",        ".entry",
        ".explicitcluster", ".extern",     ".file",          ".func",          ".loc",
        ".maxclusterrank", ".maxnctapersm", ".maxnreg",      ".maxntid",       ".minnctapersm",
        ".noreturn",      ".pragma",        ".reqnctapercluster", ".reqntid",   ".section",
        ".sreg",          ".target",        ".version",       ".visible",       ".weak"};
    for (size_t i = 0; i < sizeof dirs / sizeof dirs[0]; i++)
        if (ptx_tok_is(t, dirs[i]))
            return 1;
    return 0;
}

/* One token of a statement being skipped, braces counted in *depth: -1 for a '}' that closes
 * nothing, 1 for the ';' that ends the statement (at depth 0), else 0. */
static int brace_step(const mparser *p, int *depth)
{
    if (ptx_tok_punct(&p->t, '{')) {
        ++*depth;
    } else if (ptx_tok_punct(&p->t, '}')) {
        if (*depth == 0)
            return -1;
        --*depth;
    } else if (ptx_tok_punct(&p->t, ';') && *depth == 0) {
        return 1;
    }
    return 0;
}

/* Skips tokens up to and including the ';' that ends a statement (braces may nest). */
static tmu_status skip_statement(mparser *p)
{
    int depth = 0;
    for (;;) {
        if (p->t.kind == PTX_TK_EOF || p->t.kind == PTX_TK_BAD)
            return syntax(p);
        int step = brace_step(p, &depth);
        if (step < 0)
            return syntax(p);
        next(p);
        if (step > 0)
            return TMU_OK;
    }
}

static void skip_line(mparser *p)
{
    next(p);
    while (p->t.kind != PTX_TK_EOF && !p->t.newline_before)
        next(p);
}

/* Skips a balanced { ... } group; p->t is the '{'. */
static tmu_status skip_braces(mparser *p)
{
    int depth = 0;
    for (;;) {
        if (p->t.kind == PTX_TK_EOF)
            return syntax(p);
        if (ptx_tok_punct(&p->t, '{'))
            depth++;
        else if (ptx_tok_punct(&p->t, '}') && --depth == 0) {
            next(p);
            return TMU_OK;
        }
        next(p);
    }
}

/* A variable declaration starting at its state space (p->t). */
static tmu_status parse_decl(mparser *p)
{
    int state = is_state(&p->t);
    uint32_t sl = p->t.line, sc = p->t.col;
    next(p);
    int type = -1;
    uint32_t tl = sl, tc = sc;
    while (p->t.kind == PTX_TK_DOTNAME) {
        int ty = type_of(&p->t);
        if (ty >= 0) {
            type = ty;
            tl = p->t.line;
            tc = p->t.col;
            next(p);
        } else if (ptx_tok_is(&p->t, ".align")) {
            next(p);
            if (p->t.kind != PTX_TK_INT)
                return syntax(p);
            next(p);
        } else {
            next(p);                         /* .v2 .v4 .ptr .attribute etc. */
            if (ptx_tok_punct(&p->t, '(')) { /* .attribute(...) */
                while (!ptx_tok_punct(&p->t, ')')) {
                    if (p->t.kind == PTX_TK_EOF)
                        return syntax(p);
                    next(p);
                }
                next(p);
            }
        }
    }
    if (type < 0)
        return syntax(p);
    if (type == TMU_PTX_T_F16X2 || type == TMU_PTX_T_SAMPLERREF) {
        tmu_status s = add_fact(p, tl, tc, (tmu_ptx_type)type);
        if (s != TMU_OK)
            return s;
    }
    for (;;) {
        if (p->t.kind != PTX_TK_IDENT)
            return syntax(p);
        ptx_tok name = p->t;
        uint32_t range = 0;
        next(p);
        if (ptx_tok_punct(&p->t, '<')) {
            next(p);
            if (p->t.kind != PTX_TK_INT || p->t.ival <= 0 || p->t.ival > 100000000)
                return syntax(p);
            range = (uint32_t)p->t.ival;
            next(p);
            if (!ptx_tok_punct(&p->t, '>'))
                return syntax(p);
            next(p);
        }
        if (skip_array_dims(p) != TMU_OK)
            return syntax(p);
        tmu_status s = add_symbol(p, &name, range, (tmu_ptx_type)type,
                                  (uint8_t)(state < 0   ? 3
                                            : state < 3 ? state
                                                        : 3));
        if (s != TMU_OK)
            return s;
        if (ptx_tok_punct(&p->t, '=')) { /* initializer: skip to ',' or ';' at depth 0 */
            int depth = 0;
            next(p);
            while (!(depth == 0 && (ptx_tok_punct(&p->t, ',') || ptx_tok_punct(&p->t, ';')))) {
                if (p->t.kind == PTX_TK_EOF || p->t.kind == PTX_TK_BAD)
                    return syntax(p);
                if (ptx_tok_punct(&p->t, '{'))
                    depth++;
                else if (ptx_tok_punct(&p->t, '}') && --depth < 0)
                    return syntax(p);
                next(p);
            }
        }
        if (ptx_tok_punct(&p->t, ';')) {
            next(p);
            return TMU_OK;
        }
        if (!ptx_tok_punct(&p->t, ','))
            return syntax(p);
        next(p);
    }
}

static tmu_status parse_params(mparser *p)
{
    /* p->t is '(' */
    next(p);
    if (ptx_tok_punct(&p->t, ')')) {
        next(p);
        return TMU_OK;
    }
    for (;;) {
        if (!ptx_tok_is(&p->t, ".param") && !ptx_tok_is(&p->t, ".reg"))
            return syntax(p);
        uint8_t state = ptx_tok_is(&p->t, ".reg") ? 0 : 2;
        next(p);
        int type = -1;
        while (p->t.kind == PTX_TK_DOTNAME) {
            int ty = type_of(&p->t);
            if (ty >= 0)
                type = ty;
            int align = ptx_tok_is(&p->t, ".align");
            next(p);
            if (align) {
                if (p->t.kind != PTX_TK_INT)
                    return syntax(p);
                next(p);
            }
        }
        if (type < 0 || p->t.kind != PTX_TK_IDENT)
            return syntax(p);
        ptx_tok name = p->t;
        next(p);
        if (skip_array_dims(p) != TMU_OK)
            return syntax(p);
        tmu_status s = add_symbol(p, &name, 0, (tmu_ptx_type)type, state);
        if (s != TMU_OK)
            return s;
        if (ptx_tok_punct(&p->t, ')')) {
            next(p);
            return TMU_OK;
        }
        if (!ptx_tok_punct(&p->t, ','))
            return syntax(p);
        next(p);
    }
}

/* The identifier is tex, tld4 or txq. */
static int is_texture_ident(const ptx_tok *t)
{
    return ptx_tok_is(t, "tex") || ptx_tok_is(t, "tld4") || ptx_tok_is(t, "txq");
}

/* Skips tokens up to and including the ';' that ends a statement, as skip_statement does;
 * *end receives the offset just past the ';'.  As in ptxas's grammar, the third operand of an
 * address with three ([a, b, c]) must be a brace vector. */
static tmu_status skip_statement_end(mparser *p, size_t *end)
{
    int depth = 0, bracket = 0, commas = 0, after_operand = 0;
    for (;;) {
        if (p->t.kind == PTX_TK_EOF || p->t.kind == PTX_TK_BAD)
            return syntax(p);
        if (bracket == 1 && depth == 0 && commas == 2 && !ptx_tok_punct(&p->t, '{'))
            return syntax(p);
        /* two operands with nothing between them ("foo %r1 %r2", or a missing ';' before the
         * next statement): a syntax error at the second */
        int operand = p->t.kind == PTX_TK_IDENT || p->t.kind == PTX_TK_INT ||
                      p->t.kind == PTX_TK_FLOAT;
        if (operand && after_operand && depth == 0 && bracket == 0)
            return syntax(p);
        after_operand = operand || ptx_tok_punct(&p->t, '}') || ptx_tok_punct(&p->t, ']');
        if (ptx_tok_punct(&p->t, '['))
            bracket++, commas = 0;
        else if (ptx_tok_punct(&p->t, ']'))
            bracket--, commas = 3;
        else if (ptx_tok_punct(&p->t, ',') && bracket == 1 && depth == 0)
            commas++;
        else if (bracket == 1 && depth == 0 && commas == 2)
            commas = 3;
        int step = brace_step(p, &depth);
        if (step < 0)
            return syntax(p);
        if (step > 0)
            *end = (size_t)(p->t.p + 1 - p->lx.start);
        next(p);
        if (step > 0)
            return TMU_OK;
    }
}

/* One instruction statement; p->t is its first token ('@' or the opcode).  The instruction's
 * name is found as ptxas's lexer finds it (ptx_instr_name: the longest name of the table, so
 * "tex.level" and "cp.async.bulk" are one name, "tex.clamp" too).  tex / tld4 / txq are parsed
 * and kept; a name ptxas does not know is kept for the checker ("Not a name of any known
 * instruction"); any other instruction is skipped. */
static tmu_status parse_instruction(mparser *p)
{
    ptx_tok first = p->t;
    if (ptx_tok_punct(&p->t, '@')) {
        next(p);
        if (ptx_tok_punct(&p->t, '!'))
            next(p);
        if (p->t.kind != PTX_TK_IDENT)
            return syntax(p);
        next(p);
    }
    if (p->t.kind != PTX_TK_IDENT)
        return syntax(p);
    ptx_tok op = p->t;
    int known;
    size_t name_len = ptx_instr_name(op.p, (size_t)(p->lx.end - op.p), op.len, &known);
    if (known && !is_texture_ident(&op)) {
        next(p);
        return skip_statement(p);
    }
    if (!known) { /* an unknown instruction: its modifiers as ptxas lexes them, the rest kept
                     for the checker */
        next(p);
        while (p->t.kind != PTX_TK_EOF && p->t.p < op.p + name_len) /* the name's own words */
            next(p);
        ptx_tok after = p->t;
        tmu_status s = ptx_skip_modifiers(&p->lx, &p->t, p->diag);
        if (s != TMU_OK)
            return s;
        size_t end = 0;
        if ((s = skip_statement_end(p, &end)) != TMU_OK)
            return s;
        tmu_ptx_module *m = p->m;
        if (grow((void **)&m->instrs, &m->capinstrs, m->ninstrs + 1, sizeof *m->instrs))
            return oom(p);
        ptx_loc *l = &m->instrs[m->ninstrs++];
        memset(l, 0, sizeof *l);
        l->offset = (size_t)(first.p - p->lx.start);
        l->len = end - l->offset;
        l->line = first.line;
        l->col = first.col;
        l->scope = p->scope;
        l->unknown_op = 1;
        l->op_offset = (size_t)(op.p - p->lx.start);
        l->op_len = (uint32_t)name_len;
        l->op_line = op.line;
        l->op_col = op.col;
        l->msg_line = after.line;
        l->msg_col = after.line == op.line ? op.col : after.col;
        return TMU_OK;
    }
    /* find the end of the statement */
    int depth = 0;
    while (!ptx_tok_punct(&p->t, ';')) {
        if (p->t.kind == PTX_TK_EOF || (ptx_tok_punct(&p->t, '}') && depth == 0))
            return syntax(p);
        if (ptx_tok_punct(&p->t, '{'))
            depth++;
        else if (ptx_tok_punct(&p->t, '}'))
            depth--;
        next(p);
    }
    size_t end = (size_t)(p->lx.cur - p->lx.start);
    size_t start = (size_t)(first.p - p->lx.start);
    /* parse it now so that syntax errors stop the module parse */
    ptx_lexer ilx;
    ptx_lex_init(&ilx, first.p, end - start, first.line, first.col);
    tmu_ptx_instr tmp;
    tmu_status s = ptx_parse_instr_lx(&ilx, &tmp, p->diag);
    if (s != TMU_OK)
        return s;
    tmu_ptx_module *m = p->m;
    if (grow((void **)&m->instrs, &m->capinstrs, m->ninstrs + 1, sizeof *m->instrs))
        return oom(p);
    ptx_loc *l = &m->instrs[m->ninstrs++];
    memset(l, 0, sizeof *l);
    l->offset = start;
    l->len = end - start;
    l->line = first.line;
    l->col = first.col;
    l->scope = p->scope;
    next(p);
    return TMU_OK;
}

static tmu_status parse_body(mparser *p)
{
    /* p->t is '{' */
    int depth = 0;
    for (;;) {
        tmu_status s = TMU_OK;
        ptx_tok *t = &p->t;
        if (t->kind == PTX_TK_EOF || t->kind == PTX_TK_BAD)
            return syntax(p);
        if (ptx_tok_punct(t, '{')) {
            depth++;
            next(p);
            continue;
        }
        if (ptx_tok_punct(t, '}')) {
            next(p);
            if (--depth == 0)
                return TMU_OK;
            continue;
        }
        if (t->kind == PTX_TK_DOTNAME) {
            if (is_state(t) >= 0)
                s = parse_decl(p);
            else if (ptx_tok_is(t, ".loc") || ptx_tok_is(t, ".file"))
                skip_line(p);
            else if (is_directive(t))
                s = skip_statement(p);
            else /* a modifier where a statement starts (".level.2d ..."): ptxas's syntax error */
                return syntax(p);
        } else if (t->kind == PTX_TK_IDENT) {
            ptx_lexer save = p->lx;
            ptx_tok cur = p->t;
            next(p);
            if (ptx_tok_punct(&p->t, ':')) {
                next(p); /* label */
                continue;
            }
            p->lx = save;
            p->t = cur;
            s = parse_instruction(p);
        } else if (ptx_tok_punct(t, '@')) {
            s = parse_instruction(p);
        } else {
            return syntax(p);
        }
        if (s != TMU_OK)
            return s;
    }
}

static tmu_status parse_function(mparser *p)
{
    int is_func = ptx_tok_is(&p->t, ".func");
    next(p);
    if (is_func && ptx_tok_punct(&p->t, '(')) {
        p->scope = ++p->nscopes;
        tmu_status s = parse_params(p);
        if (s != TMU_OK)
            return s;
    }
    if (p->t.kind != PTX_TK_IDENT)
        return syntax(p);
    if (!is_func || p->scope == 0)
        p->scope = ++p->nscopes;
    next(p);
    while (p->t.kind == PTX_TK_DOTNAME && !ptx_tok_is(&p->t, ".param")) /* .noreturn, .attribute */
        next(p);
    if (ptx_tok_punct(&p->t, '(')) {
        tmu_status s = parse_params(p);
        if (s != TMU_OK)
            return s;
    }
    /* performance directives up to the body or ';' */
    while (!ptx_tok_punct(&p->t, '{') && !ptx_tok_punct(&p->t, ';')) {
        if (p->t.kind == PTX_TK_EOF || p->t.kind == PTX_TK_BAD || ptx_tok_punct(&p->t, '}'))
            return syntax(p);
        next(p);
    }
    tmu_status s = TMU_OK;
    if (ptx_tok_punct(&p->t, ';'))
        next(p);
    else
        s = parse_body(p);
    p->scope = 0;
    return s;
}

static unsigned parse_version_text(const ptx_tok *t)
{
    unsigned major = 0, minor = 0;
    size_t i = 0;
    while (i < t->len && t->p[i] >= '0' && t->p[i] <= '9' && major < 1000)
        major = major * 10 + (unsigned)(t->p[i++] - '0');
    if (i < t->len && t->p[i] == '.') {
        i++;
        if (i < t->len && t->p[i] >= '0' && t->p[i] <= '9')
            minor = (unsigned)(t->p[i] - '0');
    }
    return major * 10 + minor;
}

/* ptxas's fatal error for a module that does not start with `.version N.M` and `.target`,
 * at the line of the token where it stops (tests/ptx/module_start.txt: ptxas 13.0's verdicts). */
static tmu_status missing_directive(mparser *p, const char *name)
{
    return tmu_diag_set(p->diag, TMU_ERR_PARSE, p->t.line, p->t.col, -1,
                        "Missing %s directive at start of file", name);
}

static tmu_status parse_top(mparser *p)
{
    tmu_ptx_module *m = p->m;
    next(p);
    ptx_tok *first = &p->t;
    if (!ptx_tok_is(first, ".version")) {
        while (ptx_tok_is(first, ".target")) { /* ptxas reads leading .target lines before it stops */
            next(p);
            while (first->kind == PTX_TK_IDENT) {
                next(p);
                if (!ptx_tok_punct(first, ','))
                    break;
                next(p);
            }
        }
        return missing_directive(p, ".version");
    }
    /* ptxas's header: .version N.M once, first; then one or more .target; then at most one
     * .address_size.  A header directive anywhere else is a syntax error. */
    enum { H_VERSION, H_TARGETS, H_BODY } at = H_VERSION;
    for (;;) {
        ptx_tok *t = &p->t;
        tmu_status s = TMU_OK;
        if (t->kind == PTX_TK_EOF)
            return TMU_OK;
        if (t->kind != PTX_TK_DOTNAME)
            return syntax(p);
        int vers = ptx_tok_is(t, ".version"), targ = ptx_tok_is(t, ".target");
        int asize = ptx_tok_is(t, ".address_size");
        if (!vers && !targ && !asize)
            at = H_BODY;
        if (vers) {
            uint32_t line = t->line, col = t->col;
            const char *start = t->p;
            next(p);
            int num = t->kind == PTX_TK_FLOAT && t->line == line; /* N.M on its line */
            if (at != H_VERSION) { /* ptxas's token is ".version N.M" with the number, or ".version" */
                size_t n = num ? (size_t)(t->p + t->len - start) : 8;
                return tmu_diag_set(p->diag, TMU_ERR_PARSE, line, col, -1, "Parsing error near '%.*s': syntax error",
                                    (int)(n > 40 ? 40 : n), start);
            }
            if (!num)
                return tmu_diag_set(p->diag, TMU_ERR_PARSE, line, col, -1,
                                    "Missing .version directive at start of file");
            m->version_line = line;
            m->version_col = col;
            m->version = parse_version_text(t);
            m->has_version = 1;
            next(p);
            if (!ptx_tok_is(t, ".target"))
                return missing_directive(p, ".target");
            at = H_TARGETS;
        } else if (targ) {
            if (at != H_TARGETS)
                return syntax(p);
            m->target_line = t->line;
            m->target_col = t->col;
            m->has_target = 1;
            next(p);
            for (;;) {
                if (t->kind != PTX_TK_IDENT)
                    return syntax(p);
                if (t->len > 3 && memcmp(t->p, "sm_", 3) == 0) {
                    unsigned v = 0;
                    for (size_t i = 3; i < t->len && t->p[i] >= '0' && t->p[i] <= '9' && v < 100000;
                         i++)
                        v = v * 10 + (unsigned)(t->p[i] - '0');
                    m->sm = v;
                    size_t n = t->len < sizeof m->target_name ? t->len : sizeof m->target_name - 1;
                    memcpy(m->target_name, t->p, n);
                    m->target_name[n] = 0;
                } else if (ptx_tok_is(t, "texmode_independent")) {
                    m->independent = 1;
                } else if (ptx_tok_is(t, "texmode_unified")) {
                    m->independent = 0;
                }
                next(p);
                if (!ptx_tok_punct(t, ','))
                    break;
                next(p);
            }
        } else if (asize) {
            if (at != H_TARGETS)
                return syntax(p);
            at = H_BODY;
            m->asize_line = t->line;
            m->asize_col = t->col;
            next(p);
            if (t->kind != PTX_TK_INT)
                return syntax(p);
            m->address_size = (int)t->ival;
            next(p);
        } else if (ptx_tok_is(t, ".file") || ptx_tok_is(t, ".loc")) {
            skip_line(p);
        } else if (ptx_tok_is(t, ".pragma")) {
            s = skip_statement(p);
        } else if (ptx_tok_is(t, ".section")) {
            next(p);
            while (!ptx_tok_punct(t, '{')) {
                if (t->kind == PTX_TK_EOF)
                    return syntax(p);
                next(p);
            }
            s = skip_braces(p);
        } else if (ptx_tok_is(t, ".entry") || ptx_tok_is(t, ".func")) {
            s = parse_function(p);
        } else if (ptx_tok_is(t, ".visible") || ptx_tok_is(t, ".extern") ||
                   ptx_tok_is(t, ".weak") || ptx_tok_is(t, ".common")) {
            next(p);
            continue;
        } else if (is_state(t) >= 0) {
            s = parse_decl(p);
        } else {
            return syntax(p);
        }
        if (s != TMU_OK)
            return s;
    }
}

static uint64_t hash_name(const char *s, size_t len, uint32_t scope)
{
    uint64_t h = 1469598103934665603ull ^ scope;
    for (size_t i = 0; i < len; i++)
        h = (h ^ (unsigned char)s[i]) * 1099511628211ull;
    return h;
}

static int build_hash(tmu_ptx_module *m)
{
    size_t cap = 16;
    while (cap < m->nsyms * 2 + 1)
        cap *= 2;
    m->hash = malloc(cap * sizeof *m->hash);
    if (!m->hash)
        return -1;
    m->hashcap = cap;
    for (size_t i = 0; i < cap; i++)
        m->hash[i] = UINT32_MAX;
    for (size_t i = 0; i < m->nsyms; i++) {
        size_t h = (size_t)hash_name(m->syms[i].name, strlen(m->syms[i].name), m->syms[i].scope) &
                   (cap - 1);
        while (m->hash[h] != UINT32_MAX) {
            const tmu_ptx_symbol *o = &m->syms[m->hash[h]];
            if (o->scope == m->syms[i].scope && strcmp(o->name, m->syms[i].name) == 0 &&
                (o->range != 0) == (m->syms[i].range != 0))
                break; /* duplicate: keep the first */
            h = (h + 1) & (cap - 1);
        }
        if (m->hash[h] == UINT32_MAX)
            m->hash[h] = (uint32_t)i;
    }
    return 0;
}

static const tmu_ptx_symbol *find(const tmu_ptx_module *m, uint32_t scope, const char *name,
                                  size_t len, int want_range, uint64_t number)
{
    if (!m->hash)
        return NULL;
    size_t h = (size_t)hash_name(name, len, scope) & (m->hashcap - 1);
    while (m->hash[h] != UINT32_MAX) {
        const tmu_ptx_symbol *s = &m->syms[m->hash[h]];
        if (s->scope == scope && strncmp(s->name, name, len) == 0 && s->name[len] == 0 &&
            (s->range != 0) == want_range) {
            if (!want_range || number < s->range)
                return s;
        }
        h = (h + 1) & (m->hashcap - 1);
    }
    return NULL;
}

const tmu_ptx_symbol *tmu_ptx_module_lookup(const tmu_ptx_module *m, uint32_t scope,
                                            const char *name)
{
    return name ? ptx_lookup_n(m, scope, name, strlen(name)) : NULL;
}

const tmu_ptx_symbol *ptx_lookup_n(const tmu_ptx_module *m, uint32_t scope, const char *name,
                                   size_t len)
{
    if (!m || !name)
        return NULL;
    for (int pass = 0; pass < 2; pass++) {
        uint32_t sc = pass == 0 ? scope : 0;
        if (pass == 1 && scope == 0)
            break;
        const tmu_ptx_symbol *s = find(m, sc, name, len, 0, 0);
        if (s)
            return s;
        size_t d = len;
        while (d > 0 && name[d - 1] >= '0' && name[d - 1] <= '9')
            d--;
        if (d < len && d > 0 && len - d <= 9 && !(name[d] == '0' && len - d > 1)) {
            uint64_t num = 0;
            for (size_t i = d; i < len; i++)
                num = num * 10 + (uint64_t)(name[i] - '0');
            s = find(m, sc, name, d, 1, num);
            if (s)
                return s;
        }
    }
    return NULL;
}

tmu_ptx_type ptx_elem_type(const tmu_ptx_module *m, uint32_t scope, const tmu_ptx_elem *e)
{
    if (e->kind != TMU_PTX_E_NAME)
        return TMU_PTX_T_NONE;
    const tmu_ptx_symbol *s = ptx_lookup_n(m, scope, e->name, e->name_len);
    return s ? s->type : TMU_PTX_T_NONE;
}

tmu_status tmu_ptx_module_parse(const char *text, size_t len, tmu_ptx_module **out, tmu_diag *diag)
{
    tmu_diag_clear(diag);
    if (!out || (!text && len))
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1, "NULL text or output");
    *out = NULL;
    tmu_ptx_module *m = calloc(1, sizeof *m);
    char *copy = malloc(len + 1);
    if (!m || !copy) {
        free(m);
        free(copy);
        return tmu_diag_set(diag, TMU_ERR_UNSUPPORTED, 0, 0, -1, "out of memory");
    }
    if (len)
        memcpy(copy, text, len);
    copy[len] = 0;
    m->text = copy;
    m->len = len;
    mparser p;
    memset(&p, 0, sizeof p);
    p.m = m;
    p.diag = diag;
    ptx_lex_init(&p.lx, copy, len, 1, 1);
    tmu_status s = parse_top(&p);
    if (s == TMU_OK && p.lx.unterminated_comment)
        s = tmu_diag_set(diag, TMU_ERR_PARSE, p.lx.line, 1, -1, "unterminated comment");
    if (s == TMU_OK) {
        for (size_t i = 0; i < m->nsyms; i++)
            m->syms[i].name = m->names + p.name_offs[i];
        if (build_hash(m))
            s = tmu_diag_set(diag, TMU_ERR_UNSUPPORTED, 0, 0, -1, "out of memory");
    }
    free(p.name_offs);
    if (s != TMU_OK) {
        tmu_ptx_module_free(m);
        return s;
    }
    *out = m;
    return TMU_OK;
}

void tmu_ptx_module_free(tmu_ptx_module *m)
{
    if (!m)
        return;
    free((void *)m->text);
    free(m->syms);
    free(m->instrs);
    free(m->names);
    free(m->facts);
    free(m->hash);
    free(m);
}

unsigned tmu_ptx_module_version(const tmu_ptx_module *m)
{
    return m ? m->version : 0;
}
unsigned tmu_ptx_module_sm(const tmu_ptx_module *m)
{
    return m ? m->sm : 0;
}
int tmu_ptx_module_independent(const tmu_ptx_module *m)
{
    return m ? m->independent : 0;
}
size_t tmu_ptx_module_count(const tmu_ptx_module *m)
{
    return m ? m->ninstrs : 0;
}

tmu_status tmu_ptx_module_instr(const tmu_ptx_module *m, size_t index, tmu_ptx_instr *out,
                                uint32_t *scope)
{
    if (!m || !out)
        return TMU_ERR_INVALID_ARGUMENT;
    if (index >= m->ninstrs)
        return TMU_ERR_RANGE;
    const ptx_loc *l = &m->instrs[index];
    if (scope)
        *scope = l->scope;
    if (l->unknown_op) { /* only its name: ptxas reports nothing else about it */
        memset(out, 0, sizeof *out);
        out->comp = -1;
        out->unknown_op = 1;
        out->op_text = m->text + l->op_offset;
        out->op_len = l->op_len;
        out->line = l->op_line;
        out->column = l->op_col;
        out->msg_line = l->msg_line;
        out->msg_column = l->msg_col;
        return TMU_OK;
    }
    ptx_lexer lx;
    ptx_lex_init(&lx, m->text + l->offset, l->len, l->line, l->col);
    return ptx_parse_instr_lx(&lx, out, NULL);
}
