/* GCN MIMG assembler: one instruction of text -> tmu_gcn_mimg.
 *   LLVM syntax (llvm-mc 14): MNEMONIC VDATA, VADDR, SRSRC[, SSAMP] modifiers, modifiers in the
 *   fixed order of the modifier table, registers lower case, dmask default 0, values > 0xf
 *   masked, boolean modifiers take no value (noglc etc. clear them), SRSRC always 8 SGPRs.
 *   CLRX syntax: case-insensitive, modifiers in any order, dmask default 1, `glc:1`/`glc:0`
 *   accepted, SRSRC 4 SGPRs with r128, unorm required on stores and atomics.
 * Every error names the column (1-based) in the line. */
#include "gcn/print.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

typedef struct {
    const char *s;
    size_t len, pos;
    uint32_t line;
    tmu_gcn_syntax syn;
    tmu_diag *diag;
    char hint[64];
} lex_t;

static tmu_status err(lex_t *lx, size_t pos, tmu_status st, const char *fmt, const char *a,
                      const char *b)
{
    return tmu_diag_set(lx->diag, st, lx->line, (uint32_t)pos + 1, (int64_t)pos, fmt, a, b);
}

static int peek(const lex_t *lx)
{
    return lx->pos < lx->len ? (unsigned char)lx->s[lx->pos] : 0;
}

static int at_comment(const lex_t *lx)
{
    int c = peek(lx);
    return c == ';' || c == '#' ||
           (c == '/' && lx->pos + 1 < lx->len && lx->s[lx->pos + 1] == '/');
}

static void skip_ws(lex_t *lx)
{
    while (lx->pos < lx->len && (lx->s[lx->pos] == ' ' || lx->s[lx->pos] == '\t'))
        lx->pos++;
}

static int at_end(lex_t *lx)
{
    skip_ws(lx);
    return lx->pos >= lx->len || at_comment(lx);
}

/* Reads [A-Za-z0-9_.]+ into out (lower-cased for CLRX or when `lower`); returns its length. */
static size_t read_word(lex_t *lx, char *out, size_t cap, int lower)
{
    size_t n = 0;
    while (lx->pos < lx->len) {
        int c = (unsigned char)lx->s[lx->pos];
        if (!(isalnum(c) || c == '_' || c == '.'))
            break;
        if (n + 1 < cap)
            out[n++] = (char)(lower ? tolower(c) : c);
        else
            n = cap; /* too long: mark */
        lx->pos++;
    }
    if (n >= cap)
        return cap;
    out[n] = 0;
    return n;
}

static int read_uint(lex_t *lx, unsigned long *v)
{
    size_t start = lx->pos;
    unsigned long x = 0;
    int base = 10;
    if (lx->pos + 1 < lx->len && lx->s[lx->pos] == '0' &&
        (lx->s[lx->pos + 1] == 'x' || lx->s[lx->pos + 1] == 'X')) {
        base = 16;
        lx->pos += 2;
    }
    size_t digits = 0;
    while (lx->pos < lx->len) {
        int c = (unsigned char)lx->s[lx->pos], d;
        if (c >= '0' && c <= '9')
            d = c - '0';
        else if (base == 16 && isxdigit(c))
            d = tolower(c) - 'a' + 10;
        else
            break;
        if (x > 0xffffffful)
            return -1;
        x = x * (unsigned long)base + (unsigned long)d;
        lx->pos++;
        digits++;
    }
    if (!digits) {
        lx->pos = start;
        return -1;
    }
    *v = x;
    return 0;
}

/* expr := term ('+' term)* ; term := number | '(' expr ')' */
static int read_expr(lex_t *lx, unsigned long *v, int depth)
{
    unsigned long sum = 0;
    for (;;) {
        unsigned long t;
        skip_ws(lx);
        if (peek(lx) == '(' && depth < 8) {
            lx->pos++;
            if (read_expr(lx, &t, depth + 1))
                return -1;
            skip_ws(lx);
            if (peek(lx) != ')')
                return -1;
            lx->pos++;
        } else if (read_uint(lx, &t)) {
            return -1;
        }
        sum += t;
        if (sum > 0xffffffful)
            return -1;
        size_t save = lx->pos;
        skip_ws(lx);
        if (peek(lx) != '+') {
            lx->pos = save;
            break;
        }
        lx->pos++;
    }
    *v = sum;
    return 0;
}

static int strncasecmp_(const char *a, const char *b, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        int x = tolower((unsigned char)a[i]), y = tolower((unsigned char)b[i]);
        if (x != y)
            return x - y;
        if (!x)
            return 0;
    }
    return 0;
}

enum { REG_V, REG_S, REG_TTMP };

typedef struct {
    int kind;
    unsigned first, count;
    size_t pos;
} reg_t;

static tmu_status parse_reg(lex_t *lx, reg_t *r, const char *what)
{
    skip_ws(lx);
    r->pos = lx->pos;
    size_t p = lx->pos;
    int clrx = lx->syn == TMU_GCN_SYNTAX_CLRX;
    const char *s = lx->s + p;
    size_t rest = lx->len - p;
#define MATCH(lit)                                                                          \
    (rest >= sizeof(lit) - 1 &&                                                             \
     (clrx ? strncasecmp_(s, lit, sizeof(lit) - 1) : strncmp(s, lit, sizeof(lit) - 1)) == 0)
    size_t plen;
    if (MATCH("ttmp")) {
        r->kind = REG_TTMP;
        plen = 4;
    } else if (MATCH("v")) {
        r->kind = REG_V;
        plen = 1;
    } else if (MATCH("s")) {
        r->kind = REG_S;
        plen = 1;
    } else {
        return err(lx, p, TMU_ERR_PARSE, "expected a register for %s%s", what, "");
    }
#undef MATCH
    lx->pos += plen;
    unsigned long a, b;
    if (peek(lx) == '[') {
        lx->pos++;
        skip_ws(lx);
        if (read_uint(lx, &a))
            return err(lx, lx->pos, TMU_ERR_PARSE, "expected a register number in %s%s", what,
                       "");
        skip_ws(lx);
        b = a;
        if (peek(lx) == ':') {
            lx->pos++;
            skip_ws(lx);
            if (read_uint(lx, &b))
                return err(lx, lx->pos, TMU_ERR_PARSE, "expected a register number in %s%s",
                           what, "");
            skip_ws(lx);
        }
        if (peek(lx) != ']')
            return err(lx, lx->pos, TMU_ERR_PARSE, "expected ']' to close the %s register range%s",
                       what, "");
        lx->pos++;
        if (b < a)
            return err(lx, r->pos, TMU_ERR_PARSE, "register range of %s is reversed%s", what, "");
    } else {
        if (read_uint(lx, &a))
            return err(lx, r->pos, TMU_ERR_PARSE, "expected a register for %s%s", what, "");
        b = a;
    }
    int c = peek(lx);
    if (isalnum(c) || c == '_')
        return err(lx, r->pos, TMU_ERR_PARSE, "expected a register for %s%s", what, "");
    if (b > 255)
        return err(lx, r->pos, TMU_ERR_INVALID, "register index out of range in %s%s", what, "");
    r->first = (unsigned)a;
    r->count = (unsigned)(b - a + 1);
    return TMU_OK;
}

static tmu_status expect_comma(lex_t *lx, const char *after)
{
    skip_ws(lx);
    if (peek(lx) != ',')
        return err(lx, lx->pos, TMU_ERR_PARSE, "expected ',' after %s%s", after, "");
    lx->pos++;
    return TMU_OK;
}

static tmu_status sgpr_operand(lex_t *lx, tmu_gcn_gen gen, const reg_t *r, unsigned want,
                               const char *what, uint32_t *field)
{
    if (r->kind == REG_V)
        return err(lx, r->pos, TMU_ERR_INVALID,
                   "invalid operand for instruction: %s must be SGPRs, not VGPRs%s", what, "");
    const tmu_gcn_gen_info *g = tmu_gcn_gen_info_get(gen);
    unsigned first = r->first + (r->kind == REG_TTMP ? g->ttmp_base : 0);
    if (r->count != want) {
        char n[8];
        n[0] = (char)('0' + want);
        n[1] = 0;
        return err(lx, r->pos, TMU_ERR_INVALID,
                   "invalid operand for instruction: %s must be %s SGPRs", what, n);
    }
    if (first % 4)
        return err(lx, r->pos, TMU_ERR_INVALID,
                   "invalid operand for instruction: %s must start at a multiple of 4%s", what, "");
    if (first + want > 128 || !tmu_gcn_sgpr_tuple_ok(gen, first, want))
        return err(lx, r->pos, TMU_ERR_INVALID, "register not available on this GPU (%s, %s)",
                   g->name, what);
    *field = first / 4;
    return TMU_OK;
}

/* Edit distance between two short strings (mnemonics), capped at 63 characters each; gives
 * up (returns `limit`) as soon as every cell of a row reaches `limit`. */
static unsigned edit_distance(const char *a, const char *b, unsigned limit)
{
    unsigned row[64];
    size_t la = strlen(a), lb = strlen(b);
    if (la > 63)
        la = 63;
    if (lb > 63)
        lb = 63;
    if ((la > lb ? la - lb : lb - la) >= limit)
        return limit;
    for (size_t j = 0; j <= lb; j++)
        row[j] = (unsigned)j;
    for (size_t i = 1; i <= la; i++) {
        unsigned diag = row[0], lo;
        row[0] = lo = (unsigned)i;
        for (size_t j = 1; j <= lb; j++) {
            unsigned up = row[j];
            unsigned best = diag + (a[i - 1] != b[j - 1]);
            if (up + 1 < best)
                best = up + 1;
            if (row[j - 1] + 1 < best)
                best = row[j - 1] + 1;
            row[j] = best;
            diag = up;
            if (best < lo)
                lo = best;
        }
        if (lo >= limit)
            return limit;
    }
    return row[lb] < limit ? row[lb] : limit;
}

/* The mnemonic defined on gen nearest to `mn` (edit distance <= 3), or NULL. */
static const char *nearest_mnemonic(const char *mn, tmu_gcn_gen gen)
{
    size_t n;
    const tmu_gcn_opcode_info *ops = tmu_gcn_opcodes(&n);
    const char *best = NULL;
    unsigned bd = 4;
    for (size_t i = 0; i < n; i++) {
        if (ops[i].op[gen] == TMU_GCN_NO_OP)
            continue;
        unsigned d = edit_distance(mn, ops[i].name, bd);
        if (d < bd) {
            bd = d;
            best = ops[i].name;
        }
    }
    return best;
}

tmu_status tmu_gcn_assemble(tmu_gcn_gen gen, tmu_gcn_syntax syntax, const char *text, size_t len,
                            uint32_t line, tmu_gcn_mimg *inst, tmu_diag *diag)
{
    if (!text || !inst || (unsigned)gen >= TMU_GCN_GEN_COUNT)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, line, 0, -1,
                            "bad argument to tmu_gcn_assemble");
    size_t n0 = 0;
    while (n0 < len && text[n0])
        n0++;
    lex_t lx = {text, n0, 0, line, syntax, diag, ""};
    const tmu_gcn_gen_info *g = tmu_gcn_gen_info_get(gen);
    int clrx = syntax == TMU_GCN_SYNTAX_CLRX;
    tmu_status st;

    skip_ws(&lx);
    size_t mpos = lx.pos;
    char mn[48];
    size_t ml = read_word(&lx, mn, sizeof mn, 1);
    if (ml == 0)
        return err(&lx, mpos, TMU_ERR_PARSE, "expected an instruction mnemonic%s%s", "", "");
    if (ml >= sizeof mn)
        return err(&lx, mpos, TMU_ERR_PARSE, "invalid instruction: mnemonic too long%s%s", "", "");
    const tmu_gcn_opcode_info *op = tmu_gcn_opcode_by_name(mn);
    if (!op) {
        const char *near = nearest_mnemonic(mn, gen);
        return err(&lx, mpos, TMU_ERR_PARSE, "invalid instruction '%s'%s", mn,
                   near ? (snprintf(lx.hint, sizeof lx.hint, ", did you mean: %s?", near),
                           lx.hint)
                        : "");
    }
    if (op->op[gen] == TMU_GCN_NO_OP)
        return err(&lx, mpos, TMU_ERR_INVALID, "instruction not supported on this GPU (%s, %s)",
                   mn, g->name);
    tmu_gcn_mimg_init(inst, gen, op);
    uint32_t *f = inst->f;
    if (clrx)
        f[TMU_GCN_F_DMASK] = 1;

    reg_t vd, va, rs, sa = {0, 0, 0, 0};
    if ((st = parse_reg(&lx, &vd, "VDATA")) != TMU_OK)
        return st;
    if (vd.kind != REG_V)
        return err(&lx, vd.pos, TMU_ERR_INVALID,
                   "invalid operand for instruction: %s must be VGPRs%s", "VDATA", "");
    if ((st = expect_comma(&lx, "VDATA")) != TMU_OK)
        return st;
    if ((st = parse_reg(&lx, &va, "VADDR")) != TMU_OK)
        return st;
    if (va.kind != REG_V)
        return err(&lx, va.pos, TMU_ERR_INVALID,
                   "invalid operand for instruction: %s must be VGPRs%s", "VADDR", "");
    if ((st = expect_comma(&lx, "VADDR")) != TMU_OK)
        return st;
    if ((st = parse_reg(&lx, &rs, "SRSRC")) != TMU_OK)
        return st;
    int sampler = tmu_gcn_uses_sampler(op);
    if (sampler) {
        if ((st = expect_comma(&lx, "SRSRC")) != TMU_OK)
            return st;
        if ((st = parse_reg(&lx, &sa, "SSAMP")) != TMU_OK)
            return st;
    }

    /* Modifiers. */
    int last = -1;
    unsigned cpol_seen = 0; /* bit 0 glc, bit 1 slc given */
    size_t dmask_pos = 0, first_mod_pos = lx.pos;
    while (!at_end(&lx)) {
        size_t mp = lx.pos;
        if (clrx && peek(&lx) == ',') { /* CLRX allows no commas either; be explicit */
            return err(&lx, mp, TMU_ERR_PARSE, "unexpected ','%s%s", "", "");
        }
        char w[24];
        size_t wl = read_word(&lx, w, sizeof w, clrx);
        if (wl == 0 || wl >= sizeof w)
            return err(&lx, mp, TMU_ERR_PARSE, "invalid operand for instruction: expected a "
                                               "modifier%s%s", "", "");
        int neg = 0, idx = -1;
        for (int m = 0; m < TMU_GCN_NUM_MODIFIERS; m++)
            if (strcmp(w, tmu_gcn_modifiers[m].name) == 0)
                idx = m;
        if (idx < 0 && !clrx && wl > 2 && w[0] == 'n' && w[1] == 'o') {
            for (int m = 1; m < TMU_GCN_NUM_MODIFIERS; m++)
                if (strcmp(w + 2, tmu_gcn_modifiers[m].name) == 0)
                    idx = m;
            neg = idx >= 0;
        }
        if (idx < 0)
            return err(&lx, mp, TMU_ERR_PARSE, "invalid operand for instruction: unknown modifier "
                                               "'%s'%s", w, "");
        tmu_gcn_field fld = tmu_gcn_modifiers[idx].field;
        int cpol = fld == TMU_GCN_F_GLC || fld == TMU_GCN_F_SLC;
        if (!clrx && cpol && cpol_seen) {
            /* llvm-mc 14 parses glc/slc as one cache-policy operand: the first one sits in the
             * fixed order, a later one merges into it wherever it appears */
            if (cpol_seen & (1u << (fld == TMU_GCN_F_SLC)))
                return err(&lx, mp, TMU_ERR_INVALID, "duplicate cache policy modifier%s%s", "",
                           "");
        } else if (!clrx) {
            int slot = cpol ? 2 : idx; /* glc and slc share the cache-policy slot */
            if (slot <= last)
                return err(&lx, mp, TMU_ERR_INVALID,
                           "invalid operand for instruction: modifier '%s' out of order (llvm "
                           "order: %s)", w, "dmask unorm glc|slc r128|a16 tfe lwe da d16");
            last = cpol ? 3 : idx;
        }
        if (cpol)
            cpol_seen |= 1u << (fld == TMU_GCN_F_SLC);
        unsigned long v = 1;
        if (peek(&lx) == ':') {
            if (fld != TMU_GCN_F_DMASK && !clrx)
                return err(&lx, lx.pos, TMU_ERR_PARSE,
                           "invalid operand for instruction: '%s' takes no value%s", w, "");
            lx.pos++;
            if (read_expr(&lx, &v, 0))
                return err(&lx, lx.pos, TMU_ERR_PARSE, "expected a number after '%s:'%s", w, "");
            if (fld != TMU_GCN_F_DMASK && v > 1)
                return err(&lx, mp, TMU_ERR_INVALID, "value of '%s' must be 0 or 1%s", w, "");
        } else if (fld == TMU_GCN_F_DMASK) {
            return err(&lx, lx.pos, TMU_ERR_PARSE, "expected ':' after 'dmask'%s%s", "", "");
        }
        if (fld == TMU_GCN_F_DMASK) {
            dmask_pos = mp;
            v &= 0xf; /* llvm-mc masks silently; CLRX warns */
        }
        if (fld == TMU_GCN_F_R128 && gen == TMU_GCN_GFX9)
            return err(&lx, mp, TMU_ERR_INVALID, "r128 modifier is not supported on this GPU (%s)%s",
                       g->name, "");
        if (fld == TMU_GCN_F_A16 && gen != TMU_GCN_GFX9)
            return err(&lx, mp, TMU_ERR_INVALID, "a16 modifier is not supported on this GPU (%s)%s",
                       g->name, "");
        if (fld == TMU_GCN_F_D16 && !g->d16_supported)
            return err(&lx, mp, TMU_ERR_INVALID, "d16 modifier is not supported on this GPU (%s)%s",
                       g->name, "");
        if (fld == TMU_GCN_F_D16 && !tmu_gcn_d16_allowed(op) && !neg && v)
            return err(&lx, mp, TMU_ERR_INVALID,
                       "invalid operand for instruction: d16 is not allowed on %s%s", op->name, "");
        f[fld] = neg ? 0 : (uint32_t)v;
    }
    (void)first_mod_pos;

    /* Registers into fields. */
    f[TMU_GCN_F_VDATA] = vd.first;
    f[TMU_GCN_F_VADDR] = va.first;
    unsigned nrsrc = (clrx && f[TMU_GCN_F_R128]) ? 4 : 8;
    if ((st = sgpr_operand(&lx, gen, &rs, nrsrc, "SRSRC", &f[TMU_GCN_F_SRSRC])) != TMU_OK)
        return st;
    if (sampler && (st = sgpr_operand(&lx, gen, &sa, 4, "SSAMP", &f[TMU_GCN_F_SSAMP])) != TMU_OK)
        return st;

    /* Rules that need the whole instruction. */
    unsigned dm = f[TMU_GCN_F_DMASK];
    if (op->cls == TMU_GCN_CLASS_ATOMIC) {
        int ok = (op->flags & TMU_GCN_OPF_CMPSWAP)
                     ? (dm == 3 || dm == 0xf || (dm == 1 && f[TMU_GCN_F_TFE]))
                     : (dm == 1 || dm == 3);
        if (!ok)
            return err(&lx, dmask_pos, TMU_ERR_INVALID, "invalid atomic image dmask%s%s", "", "");
    }
    if (op->cls == TMU_GCN_CLASS_GATHER && (dm == 0 || (dm & (dm - 1))))
        return err(&lx, dmask_pos, TMU_ERR_INVALID,
                   "invalid image_gather dmask: only one bit must be set%s%s", "", "");
    if (clrx && dm == 0)
        return err(&lx, dmask_pos, TMU_ERR_INVALID, "Zero in dmask is illegal%s%s", "", "");
    if (clrx && !f[TMU_GCN_F_UNORM] &&
        (op->cls == TMU_GCN_CLASS_STORE || op->cls == TMU_GCN_CLASS_ATOMIC))
        return err(&lx, mpos, TMU_ERR_INVALID,
                   "Unorm is not set for store or atomic instruction%s%s", "", "");
    unsigned want = tmu_gcn_vdata_count(inst);
    if (vd.count != want)
        return err(&lx, vd.pos, TMU_ERR_INVALID, "image data size does not match %s%s",
                   g->d16_packed ? "dmask, d16 and tfe" : "dmask and tfe", "");
    if (!tmu_gcn_llvm_vaddr_ok(op, va.count)) {
        char sizes[64];
        size_t k = 0;
        for (unsigned c = 1; c <= 16; c++)
            if (tmu_gcn_llvm_vaddr_ok(op, c))
                k += (size_t)snprintf(sizes + k, sizeof sizes - k, "%s%u", k ? ", " : "", c);
        return err(&lx, va.pos, TMU_ERR_INVALID,
                   "invalid operand for instruction: VADDR of %s must be %s registers", op->name,
                   sizes);
    }
    tmu_diag local;
    if (tmu_gcn_validate(inst, &local) != TMU_OK)
        return tmu_diag_set(diag, TMU_ERR_INVALID, line, (uint32_t)mpos + 1, (int64_t)mpos, "%s",
                            local.message);
    tmu_diag_clear(diag);
    return TMU_OK;
}
