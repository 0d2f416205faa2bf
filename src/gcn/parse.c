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

/* ---- RDNA (gfx10, gfx10.3, gfx11): llvm-mc 16's assembler -------------------------------
 * Syntax: MNEMONIC VDATA, VADDR, SRSRC[, SSAMP] [dmask:N] dim:D [unorm] [glc|slc|dlc ...] [r128]
 * [a16] [tfe] [lwe] [d16], VADDR a register range or an NSA list "[v4, v9, v2]" (gfx11 BVH:
 * "[v9, v10, v[11:13], v[14:16], v[17:19]]").  Verdicts and messages follow llvm-mc 16 as
 * shared/vectors/rdna-llvm-mc16-asm.tsv shows them (probed further with llvm-mc 16.0.6):
 *  - registers: "expected a register", "register index is out of range", "invalid register
 *    alignment" (SGPR tuples), "invalid or unsupported register size", "first register index
 *    should not exceed second index";
 *  - operands: commas between operands may be left out; an operand too many or too few, dmask:
 *    after another modifier, dim: after a one-bit modifier or twice, an NSA list longer than
 *    the opcode's NSA forms (gfx11: 5) -> "not a valid operand.";
 *  - a register of the wrong kind or a size the opcode has no form for, a modifier out of order,
 *    twice, unknown or not taken by the opcode (d16 on atomics, _pck, get_lod; anything but a16
 *    on BVH) -> "invalid operand for instruction"; glc/slc/dlc in any order among themselves,
 *    twice -> "duplicate cache policy modifier"; no dim: -> "operands are not valid for this
 *    GPU or mode" (or "invalid operand for instruction" when a one-bit modifier stands there);
 *  - then, in llvm-mc's order: "invalid dim; must be MSAA type", "image data size does not
 *    match dmask, d16 and tfe" (atomics: "dmask and tfe"), "image address size does not match
 *    dim and a16" (an 8-VGPR range is accepted for 5-7 addresses), "invalid atomic image dmask"
 *    (0x1, 0x3, 0xf), "invalid image_gather dmask: only one bit must be set".
 * BVH: VDATA 4 VGPRs, SRSRC 4 SGPRs, a16 follows from the address count. */

#define RDNA_MAX_OPERANDS 6
#define RDNA_MAX_NSA 16

typedef struct {
    int kind;        /* REG_V, REG_S, REG_TTMP; -1: an NSA list */
    unsigned first;  /* first register (SGPR number for ttmp too) */
    unsigned count;  /* registers (NSA list: elements) */
    size_t pos;      /* column of the operand */
    unsigned nsa_first[RDNA_MAX_NSA], nsa_count[RDNA_MAX_NSA];
    size_t nsa_pos[RDNA_MAX_NSA];
} rdna_opnd;

#define RERR(lx, pos, st, ...) tmu_diag_set((lx)->diag, st, (lx)->line, (uint32_t)(pos) + 1, \
                                            (int64_t)(pos), __VA_ARGS__)
#define NOT_VALID "not a valid operand."
#define INVALID_OPND "invalid operand for instruction"

/* Whether the text at the lexer starts a register name: v, s or ttmp then a digit or '['. */
static int rdna_at_reg(const lex_t *lx)
{
    const char *s = lx->s + lx->pos;
    size_t rest = lx->len - lx->pos, k;
    if (rest >= 4 && !strncmp(s, "ttmp", 4))
        k = 4;
    else if (rest >= 1 && (s[0] == 'v' || s[0] == 's'))
        k = 1;
    else
        return 0;
    while (k < rest && (s[k] == ' ' || s[k] == '\t'))
        k++;
    return k < rest && (isdigit((unsigned char)s[k]) || s[k] == '[');
}

/* One register or range, as llvm-mc 16 reads it (spaces allowed inside the brackets). */
static tmu_status rdna_reg(lex_t *lx, tmu_gcn_gen gen, unsigned *kind, unsigned *first,
                           unsigned *count)
{
    skip_ws(lx);
    size_t pos = lx->pos;
    if (!rdna_at_reg(lx))
        return RERR(lx, pos, TMU_ERR_PARSE, "expected a register");
    int k = lx->s[pos] == 't' ? REG_TTMP : lx->s[pos] == 'v' ? REG_V : REG_S;
    lx->pos += k == REG_TTMP ? 4 : 1;
    skip_ws(lx);
    unsigned long a, b;
    if (peek(lx) == '[') {
        lx->pos++;
        skip_ws(lx);
        if (read_uint(lx, &a))
            return RERR(lx, lx->pos, TMU_ERR_PARSE, "expected a register index");
        skip_ws(lx);
        b = a;
        if (peek(lx) == ':') {
            lx->pos++;
            skip_ws(lx);
            if (read_uint(lx, &b))
                return RERR(lx, lx->pos, TMU_ERR_PARSE, "expected a register index");
            skip_ws(lx);
        }
        if (peek(lx) != ']')
            return RERR(lx, lx->pos, TMU_ERR_PARSE, "expected a closing square bracket");
        lx->pos++;
        if (b < a)
            return RERR(lx, pos, TMU_ERR_PARSE, "first register index should not exceed second index");
    } else {
        if (read_uint(lx, &a))
            return RERR(lx, pos, TMU_ERR_PARSE, "expected a register");
        b = a;
    }
    int c = peek(lx);
    if (isalnum(c) || c == '_')
        return RERR(lx, pos, TMU_ERR_PARSE, "expected a register");
    const tmu_gcn_gen_info *g = tmu_gcn_gen_info_get(gen);
    unsigned long limit = k == REG_V ? 256 : k == REG_S ? g->sgpr_count : g->ttmp_count;
    if (b >= limit)
        return RERR(lx, pos, TMU_ERR_INVALID, "register index is out of range");
    unsigned long n = b - a + 1;
    /* register classes: VGPRs 1-12, 16, 32; SGPR tuples 1-8, 16, 32 */
    if (!(n <= (k == REG_V ? 12u : 8u) || n == 16 || n == 32))
        return RERR(lx, pos, TMU_ERR_INVALID, "invalid or unsupported register size");
    if (k != REG_V && n > 1 && a % (n == 2 ? 2 : 4))
        return RERR(lx, pos, TMU_ERR_INVALID, "invalid register alignment");
    *kind = (unsigned)k;
    *first = (unsigned)a + (k == REG_TTMP ? g->ttmp_base : 0);
    *count = (unsigned)n;
    return TMU_OK;
}

/* One operand: a register or an NSA list "[reg, reg, ...]". */
static tmu_status rdna_operand(lex_t *lx, tmu_gcn_gen gen, rdna_opnd *o)
{
    skip_ws(lx);
    o->pos = lx->pos;
    unsigned kind;
    tmu_status st;
    if (peek(lx) != '[') {
        if ((st = rdna_reg(lx, gen, &kind, &o->first, &o->count)) != TMU_OK)
            return st;
        o->kind = (int)kind;
        return TMU_OK;
    }
    lx->pos++;
    o->kind = -1;
    o->count = 0;
    for (;;) {
        skip_ws(lx);
        size_t epos = lx->pos;
        unsigned first, count;
        if ((st = rdna_reg(lx, gen, &kind, &first, &count)) != TMU_OK)
            return st;
        if (kind != REG_V)
            return RERR(lx, epos, TMU_ERR_INVALID, INVALID_OPND ": an address list holds VGPRs");
        if (o->count == RDNA_MAX_NSA)
            return RERR(lx, epos, TMU_ERR_INVALID, NOT_VALID " (too many addresses)");
        o->nsa_first[o->count] = first;
        o->nsa_count[o->count] = count;
        o->nsa_pos[o->count++] = epos;
        skip_ws(lx);
        if (peek(lx) == ']') {
            lx->pos++;
            return TMU_OK;
        }
        if (peek(lx) != ',')
            return RERR(lx, lx->pos, TMU_ERR_PARSE, "expected a comma or a closing square bracket");
        lx->pos++;
    }
}

/* BVH takes `full` address VGPRs (11, bvh64 12), or 3 fewer with a16: checks the n given
 * (`what`: "address VGPRs" or "addresses") and sets A16. */
static tmu_status bvh_count(lex_t *lx, const rdna_opnd *a, unsigned n, const char *what,
                            int a16_given, size_t a16_pos, tmu_gcn_mimg *inst)
{
    unsigned full = 11 + ((inst->op->flags & TMU_GCN_OPF_BVH64) != 0);
    if (n != full && n != full - 3)
        return RERR(lx, a->pos, TMU_ERR_INVALID, INVALID_OPND ": %s takes %u or %u (a16) %s",
                    inst->op->name, full, full - 3, what);
    if (a16_given && n == full)
        return RERR(lx, a16_pos, TMU_ERR_INVALID, INVALID_OPND ": a16 needs %u %s", full - 3,
                    what);
    inst->f[TMU_GCN_F_A16] = n != full;
    return TMU_OK;
}

/* Address operand of BVH (reference/rdna-mimg.md section 7): sets VADDR, NSA and A16.  The
 * group sizes of the gfx11 NSA form: node pointer (bvh64 2), extent, origin, direction,
 * inverse direction (A16: one packed group of 3 for both directions). */
static tmu_status rdna_bvh_addr(lex_t *lx, tmu_gcn_gen gen, const rdna_opnd *a, int a16_given,
                                size_t a16_pos, tmu_gcn_mimg *inst)
{
    uint32_t *f = inst->f;
    unsigned is64 = (inst->op->flags & TMU_GCN_OPF_BVH64) != 0, full = 11 + is64;
    const unsigned groups[5] = {1 + is64, 1, 3, 3, 3};
    int g11 = gen == TMU_GCN_GFX11;
    if (a->kind == REG_V || (a->kind == -1 && a->count == 1 && a->nsa_count[0] > 1)) {
        unsigned n = a->kind == REG_V ? a->count : a->nsa_count[0];
        unsigned first = a->kind == REG_V ? a->first : a->nsa_first[0];
        tmu_status st = bvh_count(lx, a, n, "address VGPRs", a16_given, a16_pos, inst);
        if (st != TMU_OK)
            return st;
        f[TMU_GCN_F_VADDR] = first;
        return TMU_OK;
    }
    if (a->kind != -1)
        return RERR(lx, a->pos, TMU_ERR_INVALID, INVALID_OPND ": the addresses must be VGPRs");
    unsigned k = a->count, singles = 1;
    for (unsigned i = 0; i < k; i++)
        singles &= a->nsa_count[i] == 1;
    if (!g11) {
        if (!singles) {
            int gfx11_form = k == 5 || k == 4;
            for (unsigned i = 0; gfx11_form && i < k; i++)
                gfx11_form = a->nsa_count[i] == groups[i];
            if (gfx11_form && !a16_given && k == 5)
                return RERR(lx, 0, TMU_ERR_INVALID, "operands are not valid for this GPU or mode "
                            "(grouped BVH addresses are gfx11's form)");
            for (unsigned i = 0; i < k; i++)
                if (a->nsa_count[i] != 1)
                    return RERR(lx, a->nsa_pos[i], TMU_ERR_INVALID,
                                INVALID_OPND ": %s takes one VGPR per address here",
                                inst->op->name);
        }
        tmu_status st = bvh_count(lx, a, k, "addresses", a16_given, a16_pos, inst);
        if (st != TMU_OK)
            return st;
        f[TMU_GCN_F_NSA] = (k + 2) / 4;
    } else {
        if (singles && (k == full || k == full - 3))
            return RERR(lx, 0, TMU_ERR_INVALID, "operands are not valid for this GPU or mode "
                        "(gfx11 BVH addresses come in groups: [node, extent, origin, dir, inv_dir])");
        if (k != 5 && k != 4)
            return RERR(lx, a->pos, TMU_ERR_INVALID, INVALID_OPND ": gfx11 BVH addresses are 5 "
                        "groups (4 with a16)");
        for (unsigned i = 0; i < k; i++)
            if (a->nsa_count[i] != groups[i])
                return RERR(lx, a->nsa_pos[i], TMU_ERR_INVALID,
                            INVALID_OPND ": address group %u of %s is %u VGPRs", i,
                            inst->op->name, groups[i]);
        if (a16_given && k == 5)
            return RERR(lx, a16_pos, TMU_ERR_INVALID, INVALID_OPND ": a16 needs 4 address groups");
        f[TMU_GCN_F_A16] = k == 4;
        f[TMU_GCN_F_NSA] = 1;
    }
    f[TMU_GCN_F_VADDR] = a->nsa_first[0];
    for (unsigned i = 1; i < k; i++)
        f[TMU_GCN_F_ADDR1 + i - 1] = a->nsa_first[i];
    return TMU_OK;
}

static unsigned popcount4_(unsigned v)
{
    return (v & 1) + ((v >> 1) & 1) + ((v >> 2) & 1) + ((v >> 3) & 1);
}

static tmu_status assemble_rdna(tmu_gcn_gen gen, tmu_gcn_syntax syntax, const char *text,
                                size_t len, uint32_t line, tmu_gcn_mimg *inst, tmu_diag *diag)
{
    lex_t lx0 = {text, len, 0, line, syntax, diag, ""}, *lx = &lx0;
    const tmu_gcn_gen_info *g = tmu_gcn_gen_info_get(gen);
    if (syntax != TMU_GCN_SYNTAX_LLVM)
        return RERR(lx, 0, TMU_ERR_UNSUPPORTED, "CLRX syntax is for gfx6-9; %s takes LLVM syntax",
                    g->name);
    skip_ws(lx);
    size_t mpos = lx->pos;
    char mn[48];
    size_t ml = read_word(lx, mn, sizeof mn, 1);
    if (ml == 0)
        return RERR(lx, mpos, TMU_ERR_PARSE, "expected an instruction mnemonic");
    if (ml >= sizeof mn)
        return RERR(lx, mpos, TMU_ERR_PARSE, "invalid instruction: mnemonic too long");
    const tmu_gcn_opcode_info *op = tmu_gcn_opcode_by_name(mn);
    if (!op) {
        const char *near = nearest_mnemonic(mn, gen);
        return RERR(lx, mpos, TMU_ERR_PARSE, "invalid instruction '%s'%s%s%s", mn,
                    near ? ", did you mean: " : "", near ? near : "", near ? "?" : "");
    }
    if (op->op[gen] == TMU_GCN_NO_OP)
        return RERR(lx, mpos, TMU_ERR_INVALID, "instruction not supported on this GPU (%s, %s)",
                    op->name, g->name);
    tmu_gcn_mimg_init(inst, gen, op);
    uint32_t *f = inst->f;
    size_t nrows;
    const tmu_gcn_row_fast *rf = &tmu_gcn_row_fasts[op - tmu_gcn_opcodes(&nrows)];
    const int bvh = op->cls == TMU_GCN_CLASS_BVH, atomic = op->cls == TMU_GCN_CLASS_ATOMIC;
    const int gl = op->cls == TMU_GCN_CLASS_GATHER ||
                   ((op->flags & TMU_GCN_OPF_MSAA) && gen == TMU_GCN_GFX11);
    const unsigned want_ops = rf->sampler ? 4u : 3u;
    tmu_status st;

    /* 1. register operands (commas between them may be left out, as llvm-mc allows) */
    rdna_opnd o[RDNA_MAX_OPERANDS];
    unsigned nops = 0;
    for (;;) {
        skip_ws(lx);
        if (nops > 0 && peek(lx) == ',') {
            lx->pos++;
            skip_ws(lx);
            if (peek(lx) == ',')
                return RERR(lx, lx->pos, TMU_ERR_PARSE, "unknown token in expression");
        }
        if (!(peek(lx) == '[' || rdna_at_reg(lx)))
            break;
        /* llvm-mc 16's NSA forms differ in their operand counts, so with an address list a
         * register too many or too few is an operand of the wrong kind */
        if (nops == want_ops)
            return RERR(lx, lx->pos, TMU_ERR_INVALID, "%s",
                        bvh || (o[1].kind == -1 && o[1].count > 1) ? INVALID_OPND : NOT_VALID);
        if ((st = rdna_operand(lx, gen, &o[nops])) != TMU_OK)
            return st;
        nops++;
    }
    if (nops < want_ops)
        return RERR(lx, lx->pos, TMU_ERR_PARSE, "%s (%s takes %u register operands)",
                    nops > 1 && o[1].kind == -1 && o[1].count > 1 ? INVALID_OPND : NOT_VALID,
                    op->name, want_ops);
    const int nsa_list = o[1].kind == -1 && o[1].count > 1;

    /* 2. modifiers, in llvm-mc 16's order */
    enum { M_DMASK = 0, M_DIM = 1, M_FIRST_BIT = 2, M_CPOL = 3 };
    int last = -1;          /* modifier table index of the last one seen */
    unsigned cpol_seen = 0; /* glc / slc / dlc given */
    int dim_seen = 0, a16_given = 0;
    size_t dmask_pos = 0, first_bit_pos = 0, a16_pos = 0;
    unsigned long dmask_v = 0;
    for (;;) {
        skip_ws(lx);
        if (lx->pos >= lx->len || peek(lx) == ';' ||
            (peek(lx) == '/' && lx->pos + 1 < lx->len && lx->s[lx->pos + 1] == '/'))
            break;
        size_t mp = lx->pos;
        char w[24];
        size_t wl = read_word(lx, w, sizeof w, 0);
        if (wl == 0)
            return RERR(lx, mp, TMU_ERR_PARSE, "unknown token in expression");
        if (wl >= sizeof w)
            return RERR(lx, mp, TMU_ERR_INVALID, INVALID_OPND);
        int idx = -1, neg = 0;
        for (int m = 0; m < TMU_GCN_RDNA_NUM_MODIFIERS; m++)
            if (!strcmp(w, tmu_gcn_rdna_modifiers[m].name))
                idx = m;
        if (idx < 0 && wl > 2 && w[0] == 'n' && w[1] == 'o')
            for (int m = M_FIRST_BIT; m < TMU_GCN_RDNA_NUM_MODIFIERS; m++)
                if (!strcmp(w + 2, tmu_gcn_rdna_modifiers[m].name)) {
                    idx = m;
                    neg = 1;
                }
        if (idx < 0) {
            if (!strcmp(w, "scc"))
                return RERR(lx, mp, TMU_ERR_INVALID, "scc modifier is not supported on this GPU");
            return RERR(lx, mp, TMU_ERR_INVALID, INVALID_OPND ": unknown modifier '%s'", w);
        }
        if (idx <= M_DIM) { /* dmask:N, dim:D */
            if (last >= (idx == M_DMASK ? M_DMASK : M_DIM) || bvh)
                return RERR(lx, mp, TMU_ERR_INVALID, "%s ('%s:' comes %s)",
                            nsa_list ? INVALID_OPND : NOT_VALID, w,
                            bvh ? "in no BVH instruction" : idx == M_DMASK ? "first, once"
                                                                            : "after dmask, once");
            skip_ws(lx);
            if (peek(lx) != ':')
                return RERR(lx, lx->pos, TMU_ERR_INVALID, NOT_VALID);
            lx->pos++;
            skip_ws(lx);
            if (idx == M_DMASK) {
                int negv = peek(lx) == '-';
                lx->pos += (size_t)negv;
                if (read_expr(lx, &dmask_v, 0))
                    return RERR(lx, lx->pos, TMU_ERR_PARSE, "expected absolute expression");
                if (negv)
                    dmask_v = (0ul - dmask_v) & 0xffff;
                dmask_pos = mp;
                f[TMU_GCN_F_DMASK] = (uint32_t)(dmask_v & 0xf);
            } else {
                size_t dp = lx->pos;
                char dn[40];
                size_t dl = read_word(lx, dn, sizeof dn, 0);
                const char *suffix = dn;
                if (dl >= 12 && dl < sizeof dn && !memcmp(dn, "SQ_RSRC_IMG_", 12))
                    suffix = dn + 12;
                int d = -1;
                for (unsigned k = 0; k < 8 && dl > 0 && dl < sizeof dn; k++)
                    if (!strncasecmp_(suffix, tmu_gcn_dim_name(k) + 12, 40))
                        d = (int)k;
                if (d < 0)
                    return RERR(lx, dp, TMU_ERR_INVALID, "invalid dim value");
                f[TMU_GCN_F_DIM] = (uint32_t)d;
                dim_seen = 1;
            }
            last = idx;
            skip_ws(lx);
            if (peek(lx) == ',') /* llvm-mc takes a comma after these */
                lx->pos++;
            continue;
        }
        if (peek(lx) == ':')
            return RERR(lx, lx->pos, TMU_ERR_PARSE, "unknown token in expression");
        tmu_gcn_field fld = tmu_gcn_rdna_modifiers[idx].field;
        int cpol = fld == TMU_GCN_F_GLC || fld == TMU_GCN_F_SLC || fld == TMU_GCN_F_DLC;
        int slot = cpol ? M_CPOL : idx;
        if (cpol && (cpol_seen & (1u << idx)))
            return RERR(lx, mp, TMU_ERR_INVALID, "duplicate cache policy modifier");
        if (slot < last || (slot == last && !cpol))
            return RERR(lx, mp, TMU_ERR_INVALID,
                        INVALID_OPND ": '%s' out of order (llvm-mc 16's order: dmask dim unorm "
                        "glc|slc|dlc r128 a16 tfe lwe d16)", w);
        if (bvh && fld != TMU_GCN_F_A16)
            return RERR(lx, mp, TMU_ERR_INVALID, INVALID_OPND ": %s takes no '%s'", op->name, w);
        if (fld == TMU_GCN_F_D16 && !rf->d16_ok)
            return RERR(lx, mp, TMU_ERR_INVALID, INVALID_OPND ": %s takes no d16", op->name);
        if (!first_bit_pos)
            first_bit_pos = mp;
        if (cpol)
            cpol_seen |= 1u << idx;
        if (fld == TMU_GCN_F_A16 && !neg) {
            a16_given = 1;
            a16_pos = mp;
        }
        f[fld] = !neg;
        last = slot;
        if (peek(lx) == ',') {
            size_t cp = lx->pos++;
            skip_ws(lx);
            if (lx->pos < lx->len && peek(lx) != ';')
                return RERR(lx, cp, TMU_ERR_INVALID, INVALID_OPND);
        }
    }
    if (!bvh && !dim_seen) {
        /* llvm-mc 16 matches NSA forms by their operand count, and a one-bit modifier where dim:
         * should be is an operand of the wrong kind unless a dmask: came first */
        if (o[1].kind == -1 && o[1].count > 1 && !first_bit_pos)
            return RERR(lx, 0, TMU_ERR_INVALID, "too few operands for instruction (dim: is "
                        "required on %s)", g->name);
        if (first_bit_pos && (!dmask_pos || nsa_list || !f[TMU_GCN_F_D16]))
            return RERR(lx, first_bit_pos, TMU_ERR_INVALID, INVALID_OPND ": dim: must come before "
                        "this modifier (dim is required on %s)", g->name);
        return RERR(lx, 0, TMU_ERR_INVALID, "operands are not valid for this GPU or mode (dim: "
                    "is required on %s)", g->name);
    }

    /* 3. register kinds and the sizes the opcode has forms for */
    const rdna_opnd *vd = &o[0], *va = &o[1], *rs = &o[2], *sa = &o[3];
    if (vd->kind != REG_V)
        return RERR(lx, vd->pos, TMU_ERR_INVALID, INVALID_OPND ": VDATA must be VGPRs");
    unsigned vn = vd->count;
    int tfe = f[TMU_GCN_F_TFE] != 0, d16 = f[TMU_GCN_F_D16] != 0;
    if (bvh) {
        if (vn != 4)
            return RERR(lx, vd->pos, TMU_ERR_INVALID, INVALID_OPND ": VDATA of %s is 4 VGPRs",
                        op->name);
    } else if (op->cls == TMU_GCN_CLASS_GATHER && d16 && tfe) { /* gfx11 msaa_load has a 3-VGPR form */
        return RERR(lx, vd->pos, TMU_ERR_INVALID,
                    INVALID_OPND ": LLVM 16 has no %s form with d16 and tfe", op->name);
    } else {
        unsigned ok = atomic ? ((op->flags & TMU_GCN_OPF_CMPSWAP) ? 0x14u : 0x6u)
                      : op->cls == TMU_GCN_CLASS_GATHER ? 0x34u
                      : gl                              ? 0x3cu
                                                        : 0x3eu; /* bit n: an n-VGPR form */
        if (!((ok >> (vn < 16 ? vn : 0)) & 1)) {
            if (gl && vn == 1 && op->cls != TMU_GCN_CLASS_GATHER)
                return RERR(lx, 0, TMU_ERR_INVALID, "operands are not valid for this GPU or mode "
                            "(%s returns 4 texels)", op->name);
            return RERR(lx, vd->pos, TMU_ERR_INVALID,
                        INVALID_OPND ": %s has no %u-VGPR VDATA form", op->name, vn);
        }
    }
    if (bvh) {
        if ((st = rdna_bvh_addr(lx, gen, va, a16_given, a16_pos, inst)) != TMU_OK)
            return st;
    } else if (va->kind == -1 && va->count > 1) { /* NSA */
        for (unsigned i = 0; i < va->count && !(gen == TMU_GCN_GFX11 && va->count > 5); i++)
            if (va->nsa_count[i] != 1)
                return RERR(lx, va->nsa_pos[i], TMU_ERR_INVALID,
                            INVALID_OPND ": an address list holds one VGPR per address");
        if ((gen == TMU_GCN_GFX11 && va->count > 5) || !((rf->addr_ok[1] >> va->count) & 1))
            return RERR(lx, va->pos, TMU_ERR_INVALID, NOT_VALID " (%s has no NSA form of %u "
                        "addresses%s)", op->name, va->count,
                        gen == TMU_GCN_GFX11 && va->count > 5 ? "; gfx11 NSA holds 5" : "");
    } else if (va->kind == -1 || va->kind == REG_V) {
        /* the 8-VGPR class also stands for 5-7 addresses (llvm-mc's compatibility rule), so
         * every opcode with such forms takes an 8-VGPR range here */
        unsigned n = va->kind == -1 ? va->nsa_count[0] : va->count;
        unsigned classes = rf->addr_ok[0] | ((rf->addr_ok[0] & 0xe0u) ? 0x100u : 0u);
        if (!((classes >> (n < 16 ? n : 0)) & 1))
            return RERR(lx, va->pos, TMU_ERR_INVALID,
                        INVALID_OPND ": %s has no %u-VGPR address form", op->name, n);
    } else {
        return RERR(lx, va->pos, TMU_ERR_INVALID, INVALID_OPND ": VADDR must be VGPRs");
    }
    if (rs->kind == REG_V || rs->kind == -1 || rs->count != (bvh ? 4u : 8u))
        return RERR(lx, rs->pos, TMU_ERR_INVALID, INVALID_OPND ": SRSRC is %u SGPRs",
                    bvh ? 4u : 8u);
    if (rs->first % 4 || !((bvh ? g->ssamp_ok : g->srsrc_ok) >> (rs->first / 4) & 1))
        return RERR(lx, rs->pos, TMU_ERR_INVALID, "register index is out of range");
    f[TMU_GCN_F_SRSRC] = rs->first / 4;
    if (rf->sampler) {
        if (sa->kind == REG_V || sa->kind == -1 || sa->count != 4)
            return RERR(lx, sa->pos, TMU_ERR_INVALID, INVALID_OPND ": SSAMP is 4 SGPRs");
        if (sa->first % 4 || !((g->ssamp_ok >> (sa->first / 4)) & 1))
            return RERR(lx, sa->pos, TMU_ERR_INVALID, "register index is out of range");
        f[TMU_GCN_F_SSAMP] = sa->first / 4;
    }
    f[TMU_GCN_F_VDATA] = vd->first;
    if (bvh) {
        f[TMU_GCN_F_DMASK] = 0xf;
        f[TMU_GCN_F_UNORM] = 1;
        f[TMU_GCN_F_R128] = 1;
        tmu_diag_clear(diag);
        return TMU_OK;
    }
    unsigned nsa_n = va->kind == -1 && va->count > 1 ? va->count : 0;
    if (nsa_n) {
        f[TMU_GCN_F_VADDR] = va->nsa_first[0];
        for (unsigned i = 1; i < nsa_n; i++)
            f[TMU_GCN_F_ADDR1 + i - 1] = va->nsa_first[i];
        f[TMU_GCN_F_NSA] = gen == TMU_GCN_GFX11 ? 1u : (nsa_n + 2) / 4;
    } else {
        f[TMU_GCN_F_VADDR] = va->kind == -1 ? va->nsa_first[0] : va->first;
    }

    /* 4. the checks llvm-mc makes on the matched instruction, in its order */
    if ((op->flags & TMU_GCN_OPF_MSAA) && f[TMU_GCN_F_DIM] < 6)
        return RERR(lx, 0, TMU_ERR_INVALID, "invalid dim; must be MSAA type");
    unsigned dm = f[TMU_GCN_F_DMASK];
    unsigned want = gl ? 4u : dm ? popcount4_(dm) : 1u;
    if (d16)
        want = (want + 1) / 2;
    want += (unsigned)tfe;
    if (vn != want)
        return RERR(lx, 0, TMU_ERR_INVALID, "image data size does not match %s (%u VGPRs, not %u)",
                    rf->d16_ok ? "dmask, d16 and tfe" : "dmask and tfe", want, vn);
    unsigned n = rf->addr_n[f[TMU_GCN_F_DIM] * 2 + f[TMU_GCN_F_A16]];
    unsigned given = nsa_n ? nsa_n : va->kind == -1 ? va->nsa_count[0] : va->count;
    if (given != n && !(!nsa_n && given == 8 && n >= 5 && n <= 7))
        return RERR(lx, 0, TMU_ERR_INVALID, "image address size does not match dim and a16 (%s%s "
                    "takes %u address VGPRs, not %u)", tmu_gcn_dim_name(f[TMU_GCN_F_DIM]),
                    f[TMU_GCN_F_A16] ? " with a16" : "", n, given);
    if (atomic && dm != 0x1 && dm != 0x3 && dm != 0xf)
        return RERR(lx, dmask_pos, TMU_ERR_INVALID, "invalid atomic image dmask");
    if (gl && (dm == 0 || (dm & (dm - 1))))
        return RERR(lx, dmask_pos, TMU_ERR_INVALID,
                    "invalid image_gather dmask: only one bit must be set");
    tmu_diag_clear(diag);
    return TMU_OK;
}

tmu_status tmu_gcn_assemble(tmu_gcn_gen gen, tmu_gcn_syntax syntax, const char *text, size_t len,
                            uint32_t line, tmu_gcn_mimg *inst, tmu_diag *diag)
{
    if (!text || !inst || (unsigned)gen >= TMU_GCN_GEN_ALL)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, line, 0, -1,
                            "bad argument to tmu_gcn_assemble");
    if (TMU_GCN_GEN_IS_RDNA(gen))
        return assemble_rdna(gen, syntax, text, len, line, inst, diag);
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
    /* llvm-mc 14 has no VDATA register class for these (the decoder rejects their words too):
     * atomics with TFE and DMASK other than 0x1, gather4 with TFE and packed D16 */
    int no_form = f[TMU_GCN_F_TFE] && ((op->cls == TMU_GCN_CLASS_ATOMIC && dm != 1) ||
                                       (op->cls == TMU_GCN_CLASS_GATHER && f[TMU_GCN_F_D16] &&
                                        g->d16_packed));
    if (no_form && vd.count == want)
        return err(&lx, vd.pos, TMU_ERR_INVALID, "invalid operand for instruction (llvm-mc 14 has "
                   "no VDATA form of %s with %s)", op->name,
                   op->cls == TMU_GCN_CLASS_GATHER ? "tfe and packed d16" : "tfe and this dmask");
    if (vd.count != want || no_form)
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
