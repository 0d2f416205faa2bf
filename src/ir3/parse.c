/* ir3 cat5 — assembler for Mesa's syntax (the printer's output).
 * Names and modifiers come from the same tables the printer uses; every
 * error names its line and 1-based column. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "ir3/tables.h"

struct cur {
    const char *s;
    size_t pos, len;
    uint32_t line;
    tmu_diag *diag;
};

/* 1-based column of a 0-based byte position */
#define COL(p) ((uint32_t)(p) + 1u)

static tmu_status perr(struct cur *c, size_t pos, tmu_status st, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
static tmu_status perr(struct cur *c, size_t pos, tmu_status st, const char *fmt, ...)
{
    char msg[180];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return tmu_diag_set(c->diag, st, c->line, COL(pos), (int64_t)pos, "%s", msg);
}

static int at_end(const struct cur *c) { return c->pos >= c->len; }
static char peek(const struct cur *c) { return c->pos < c->len ? c->s[c->pos] : 0; }
static void skip_ws(struct cur *c)
{
    while (c->pos < c->len && (c->s[c->pos] == ' ' || c->s[c->pos] == '\t' || c->s[c->pos] == '\r'))
        c->pos++;
}
static int is_digit(char ch) { return ch >= '0' && ch <= '9'; }

/* Reads a decimal number (at most 6 digits); -1 when none. */
static long read_num(struct cur *c)
{
    if (!is_digit(peek(c)))
        return -1;
    long v = 0;
    int n = 0;
    while (is_digit(peek(c))) {
        if (++n > 6)
            return -2;
        v = v * 10 + (peek(c) - '0');
        c->pos++;
    }
    return v;
}

enum { OPD_REG, OPD_A1, OPD_SAMP, OPD_TEX };
struct opd {
    int kind;
    size_t col;
    unsigned val; /* register field value, or index */
    int half;
    long imm; /* "+N" after a register, -1 if none */
    size_t imm_col;
};

static int comp_of(char ch)
{
    switch (ch) {
    case 'x': return 0;
    case 'y': return 1;
    case 'z': return 2;
    case 'w': return 3;
    default: return -1;
    }
}

/* register: [h](rN|a0|p0).c  or a1.x */
static tmu_status read_reg(struct cur *c, struct opd *o)
{
    size_t start = c->pos;
    o->col = start;
    o->half = 0;
    o->kind = OPD_REG;
    if (peek(c) == 'h') {
        o->half = 1;
        c->pos++;
    }
    char k = peek(c);
    long n;
    if (k == 'r') {
        c->pos++;
        n = read_num(c);
        if (n < 0 || n > 63)
            return perr(c, start, TMU_ERR_PARSE, "bad register: expected r0..r63");
    } else if ((k == 'a' || k == 'p') && c->pos + 1 < c->len && (c->s[c->pos + 1] == '0' || c->s[c->pos + 1] == '1')) {
        int one = c->s[c->pos + 1] == '1';
        c->pos += 2;
        if (one && k == 'a') {
            if (o->half || peek(c) != '.' || c->pos + 1 >= c->len || c->s[c->pos + 1] != 'x')
                return perr(c, start, TMU_ERR_PARSE, "the address register is written a1.x");
            c->pos += 2;
            o->kind = OPD_A1;
            o->val = 252;
            return TMU_OK;
        }
        if (one)
            return perr(c, start, TMU_ERR_PARSE, "unknown register 'p1'");
        n = k == 'a' ? 61 : 62;
    } else {
        return perr(c, start, TMU_ERR_PARSE, "expected a register (rN.c, hrN.c, a0.c, p0.c)");
    }
    if (peek(c) != '.')
        return perr(c, c->pos, TMU_ERR_PARSE, "expected '.' and a component (x, y, z, w) after the register");
    c->pos++;
    int comp = comp_of(peek(c));
    if (comp < 0)
        return perr(c, c->pos, TMU_ERR_PARSE, "expected a component x, y, z or w");
    c->pos++;
    o->val = (unsigned)(n * 4 + comp);
    return TMU_OK;
}

static int type_from(const char *s, size_t n)
{
    for (int t = 0; t < 7; t++)
        if (strlen(ir3_type_names[t]) == n && !memcmp(ir3_type_names[t], s, n))
            return t;
    return -1;
}

static int name_char(char ch)
{
    return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || is_digit(ch) || ch == '_' || ch == '.';
}

tmu_status tmu_ir3_parse(const char *text, size_t len, uint32_t gpu_id, uint32_t line, tmu_ir3_instr *out,
                         tmu_diag *diag)
{
    if (!text || !out)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, line, 0, -1, "NULL text or output");
    struct cur cc = {text, 0, len, line, diag}, *c = &cc;
    memset(out, 0, sizeof *out);
    out->op = TMU_IR3_OP_NONE;
    out->gpu_id = gpu_id;
    if (gpu_id < TMU_IR3_GPU_MIN || gpu_id > TMU_IR3_GPU_MAX)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, line, 0, -1, "GPU id %u is outside %u..%u", gpu_id,
                            TMU_IR3_GPU_MIN, TMU_IR3_GPU_MAX);
    /* a ';' starts a comment (Mesa's annotations follow "\t; ") */
    for (size_t i = 0; i < len; i++) {
        if (text[i] == ';' || text[i] == '\n' || text[i] == 0) {
            c->len = i;
            break;
        }
    }
    uint8_t *f = out->field;
    skip_ws(c);
    if (at_end(c))
        return perr(c, c->pos, TMU_ERR_PARSE, "empty line: expected an instruction");

    /* (sy)(jp) */
    while (peek(c) == '(') {
        if (c->pos + 4 <= c->len && !memcmp(c->s + c->pos, "(sy)", 4)) {
            if (f[TMU_IR3_F_SY])
                return perr(c, c->pos, TMU_ERR_PARSE, "'(sy)' given twice");
            f[TMU_IR3_F_SY] = 1;
        } else if (c->pos + 4 <= c->len && !memcmp(c->s + c->pos, "(jp)", 4)) {
            if (f[TMU_IR3_F_JP])
                return perr(c, c->pos, TMU_ERR_PARSE, "'(jp)' given twice");
            f[TMU_IR3_F_JP] = 1;
        } else {
            return perr(c, c->pos, TMU_ERR_PARSE, "unknown prefix: cat5 instructions take only (sy) and (jp)");
        }
        c->pos += 4;
    }

    /* name and modifiers: one token */
    size_t name_pos = c->pos;
    while (!at_end(c) && name_char(peek(c)))
        c->pos++;
    size_t tok_end = c->pos;
    if (tok_end == name_pos)
        return perr(c, name_pos, TMU_ERR_PARSE, "expected an instruction name");
    const char *tok = c->s + name_pos;
    size_t tok_len = tok_end - name_pos;
    if (tok_len == 3 && !memcmp(tok, "raw", 3))
        return perr(c, name_pos, TMU_ERR_PARSE, "'raw' words cannot be assembled (Mesa prints them unpadded)");
    int op = -1;
    size_t best = 0;
    for (int i = 0; i < TMU_IR3_OP_COUNT; i++) {
        const char *nm = ir3_leaves[i].info.name;
        size_t n = strlen(nm);
        if (n <= tok_len && n > best && !memcmp(tok, nm, n) && (n == tok_len || tok[n] == '.')) {
            op = i;
            best = n;
        }
    }
    if (op < 0) {
        size_t n = 0;
        while (n < tok_len && tok[n] != '.')
            n++;
        char nm[48];
        snprintf(nm, sizeof nm, "%.*s", (int)(n < 40 ? n : 40), tok);
        return perr(c, name_pos, TMU_ERR_PARSE, "unknown cat5 instruction '%s'", nm);
    }
    const struct ir3_leaf *l = &ir3_leaves[op];
    unsigned cls = l->cls;
    out->op = (tmu_ir3_op)op;
    if (gpu_id < l->info.gpu_min || gpu_id > l->info.gpu_max)
        return perr(c, name_pos, TMU_ERR_UNSUPPORTED, "%s needs GPU id >= %u", l->info.name, (unsigned)l->info.gpu_min);

    /* defaults: every flag in its "not shown" state */
    for (unsigned i = 0; i < ir3_num_mods; i++) {
        const struct ir3_mod *m = &ir3_mods[i];
        if ((m->classes & IR3_C(cls)) && m->kind == IR3_MOD_BIT)
            f[m->field] = (uint8_t)!m->value;
    }
    if (cls == IR3_CLS_QSHUF)
        f[TMU_IR3_F_B19_20] = l->variant;

    int s2en = 0, uni = 0, nonuni = 0, base = -1, rck = 0, wsize = -1, match = -1;
    size_t s2en_col = 0, uni_col = 0, match_col = 0;
    unsigned seen = 0; /* bit per ir3_mods index */
    size_t p = name_pos + best;
    while (p < tok_end) {
        size_t ms = ++p; /* after '.' */
        while (p < tok_end && tok[p - name_pos] != '.')
            p++;
        const char *m = c->s + ms;
        size_t mn = p - ms;
        char mname[24];
        snprintf(mname, sizeof mname, "%.*s", (int)(mn < 20 ? mn : 20), m);
        if (cls == IR3_CLS_BRCST && mn >= 2 && m[0] == 'w') {
            if (wsize >= 0)
                return perr(c, ms - 1, TMU_ERR_PARSE, "cluster size given twice");
            struct cur t = *c;
            t.pos = ms + 1;
            long v = read_num(&t);
            if (t.pos != p || (v != 2 && v != 4 && v != 8 && v != 16))
                return perr(c, ms - 1, TMU_ERR_RANGE, "cluster size must be .w2, .w4, .w8 or .w16");
            wsize = v == 2 ? 0 : v == 4 ? 1 : v == 8 ? 2 : 3;
            continue;
        }
        int hit = -1;
        for (unsigned i = 0; i < ir3_num_mods; i++) {
            const struct ir3_mod *md = &ir3_mods[i];
            if (!(md->classes & IR3_C(cls)))
                continue;
            const char *d = md->display + 1; /* without the '.' */
            size_t dn = md->len - 1u;
            if (md->kind == IR3_MOD_BASE) {
                if (mn > dn && !memcmp(m, d, dn)) {
                    hit = (int)i;
                    break;
                }
                continue;
            }
            if (dn == mn && !memcmp(m, d, dn)) {
                hit = (int)i;
                break;
            }
            if (md->display2 && md->len2 - 1u == mn && !memcmp(m, md->display2 + 1, mn)) {
                hit = (int)i;
                break;
            }
        }
        if (hit < 0)
            return perr(c, ms - 1, TMU_ERR_PARSE, "unknown modifier '.%s' for this instruction", mname);
        if (seen & (1u << hit))
            return perr(c, ms - 1, TMU_ERR_PARSE, "modifier '.%s' given twice", mname);
        seen |= 1u << hit;
        const struct ir3_mod *md = &ir3_mods[hit];
        switch (md->kind) {
        case IR3_MOD_BIT: f[md->field] = md->value; break;
        case IR3_MOD_ENUM:
            match = md->len - 1u == mn && !memcmp(m, md->display + 1, mn) ? 0 : 1;
            match_col = ms - 1;
            break;
        case IR3_MOD_S2EN: s2en = 1; s2en_col = ms - 1; break;
        case IR3_MOD_UNIFORM: uni = 1; uni_col = ms - 1; break;
        case IR3_MOD_NONUNIF: nonuni = 1; uni_col = ms - 1; break;
        case IR3_MOD_BASE: {
            struct cur t = *c;
            t.pos = ms + 4;
            long v = read_num(&t);
            if (t.pos != p || v < 0 || v > 7)
                return perr(c, ms - 1, TMU_ERR_RANGE, "'.%s': the base must be .base0 .. .base7", mname);
            base = (int)v;
            break;
        }
        case IR3_MOD_RCK: rck = 1; break;
        default: break;
        }
    }
    if (cls == IR3_CLS_BRCST) {
        if (wsize < 0)
            return perr(c, tok_end, TMU_ERR_PARSE, "brcst.active needs a cluster size (.w2, .w4, .w8, .w16)");
        f[TMU_IR3_F_B19_20] = (uint8_t)wsize;
    }

    /* descriptor mode from .s2en / .uniform / .nonuniform / .baseN / a1.x (decided after operands) */
    if (uni && nonuni)
        return perr(c, uni_col, TMU_ERR_INVALID, "'.uniform' and '.nonuniform' exclude each other");
    if ((uni || nonuni) && !s2en)
        return perr(c, uni_col, TMU_ERR_INVALID, "'.uniform'/'.nonuniform' need '.s2en'");
    if (s2en && !uni && !nonuni)
        return perr(c, s2en_col, TMU_ERR_INVALID, "'.s2en' needs '.uniform' or '.nonuniform'");
    int layout_s2en = s2en || base >= 0;
    if (match >= 0 && !layout_s2en)
        return perr(c, match_col, TMU_ERR_INVALID,
                    "'.sad'/'.ssd' are only encoded in the s2en/bindless form (.s2en or .baseN)");
    if (match >= 0)
        f[TMU_IR3_F_B50] = (uint8_t)match;

    if (cls == IR3_CLS_TCINV) {
        skip_ws(c);
        if (!at_end(c))
            return perr(c, c->pos, TMU_ERR_PARSE, "tcinv takes no operands");
        return TMU_OK;
    }

    /* (TYPE)(WRMASK)DST */
    if (!at_end(c) && peek(c) != ' ' && peek(c) != '\t')
        return perr(c, c->pos, TMU_ERR_PARSE, "expected a blank after the instruction name");
    skip_ws(c);
    int type = -1;
    size_t type_col = c->pos;
    size_t open = c->pos, close = 0;
    /* an optional "(TYPE)", then "(WRMASK)" */
    for (int group = 0; group < 2; group++) {
        open = c->pos;
        if (peek(c) != '(')
            return perr(c, open, TMU_ERR_PARSE, "expected '(WRMASK)' such as (xyzw) before the destination");
        close = open + 1;
        while (close < c->len && c->s[close] != ')')
            close++;
        if (close >= c->len)
            return perr(c, open, TMU_ERR_PARSE, "unclosed '('");
        if (group == 1)
            break;
        int t = type_from(c->s + open + 1, close - open - 1);
        if (t >= 0) {
            type = t;
            type_col = open;
            c->pos = close + 1;
            continue;
        }
        if (close > open + 1 && comp_of(c->s[open + 1]) < 0)
            return perr(c, open, TMU_ERR_PARSE, "unknown type '%.*s': types are f16 f32 u16 u32 s16 s32 u8",
                        (int)(close - open + 1 < 20 ? close - open + 1 : 20), c->s + open);
        break; /* no type: this group is the write mask */
    }
    unsigned mask = 0;
    for (size_t i = open + 1; i < close; i++) {
        int comp = comp_of(c->s[i]);
        if (comp < 0)
            return perr(c, i, TMU_ERR_PARSE,
                        "bad write mask: expected letters of xyzw (or a type f16 f32 u16 u32 s16 s32 u8 before it)");
        if (mask & (1u << comp))
            return perr(c, i, TMU_ERR_PARSE, "component repeated in the write mask");
        mask |= 1u << comp;
    }
    f[TMU_IR3_F_WRMASK] = (uint8_t)mask;
    c->pos = close + 1;
    if (rck && type >= 0)
        return perr(c, type_col, TMU_ERR_INVALID, "'.rck' encodes TYPE 7: write no '(%s)'", ir3_type_names[type]);
    struct opd dst;
    tmu_status st = read_reg(c, &dst);
    if (st != TMU_OK)
        return st;
    if (dst.kind != OPD_REG)
        return perr(c, dst.col, TMU_ERR_INVALID, "a1.x cannot be the destination");
    if (rck)
        type = 7;
    else if (type < 0) {
        if (!l->info.has_type)
            type = dst.half ? 0 : 1; /* dsxpp.1 / dsypp.1: the assembler's choice, f32 (f16 for half) */
        else if (cls == IR3_CLS_BRCST || cls == IR3_CLS_QSHUF)
            type = 7; /* the only TYPE these print without "(type)" */
        else
            return perr(c, type_col, TMU_ERR_PARSE, "missing '(TYPE)' before the write mask, e.g. (f32)");
    }
    if (dst.half != ir3_type_half[type])
        return perr(c, dst.col, TMU_ERR_INVALID,
                    dst.half ? "type %s has a full destination: write rN.c" : "type %s has a half destination: write hrN.c", ir3_type_names[type]);
    f[TMU_IR3_F_TYPE] = (uint8_t)type;
    f[TMU_IR3_F_DST] = (uint8_t)dst.val;

    /* operands */
    struct opd ops[8];
    unsigned nops = 0;
    for (;;) {
        skip_ws(c);
        if (at_end(c))
            break;
        if (peek(c) != ',')
            return perr(c, c->pos, TMU_ERR_PARSE, "expected ',' or the end of the instruction");
        c->pos++;
        skip_ws(c);
        if (nops == 8)
            return perr(c, c->pos, TMU_ERR_PARSE, "too many operands");
        struct opd *o = &ops[nops++];
        o->imm = -1;
        char ch = peek(c);
        if ((ch == 's' || ch == 't') && c->pos + 1 < c->len && c->s[c->pos + 1] == '#') {
            o->col = c->pos;
            o->kind = ch == 's' ? OPD_SAMP : OPD_TEX;
            c->pos += 2;
            long v = read_num(c);
            if (v < 0)
                return perr(c, c->pos, TMU_ERR_PARSE, "expected a decimal index after '%s'", ch == 's' ? "s#" : "t#");
            if (v > 255)
                return perr(c, o->col, TMU_ERR_RANGE, "index %s%ld is larger than 255", ch == 's' ? "s#" : "t#", v);
            o->val = (unsigned)v;
            continue;
        }
        st = read_reg(c, o);
        if (st != TMU_OK)
            return st;
        if (peek(c) == '+') {
            o->imm_col = c->pos;
            c->pos++;
            long v = read_num(c);
            if (v < 0 || v > 255)
                return perr(c, o->imm_col, TMU_ERR_RANGE, "the immediate offset must be +0 .. +255");
            o->imm = v;
        }
    }

    /* split: registers, then s#, t#, a1.x in that order */
    struct opd *regs[4];
    unsigned nregs = 0;
    struct opd *sop = NULL, *top = NULL, *a1 = NULL;
    int stage = 0;
    for (unsigned i = 0; i < nops; i++) {
        struct opd *o = &ops[i];
        int want = o->kind == OPD_REG ? 0 : o->kind == OPD_SAMP ? 1 : o->kind == OPD_TEX ? 2 : 3;
        if (want < stage)
            return perr(c, o->col, TMU_ERR_PARSE, "operands must come in the order: registers, s#, t#, a1.x");
        if (want == stage && want > 0)
            return perr(c, o->col, TMU_ERR_PARSE, "operand kind given twice");
        stage = want;
        if (want == 0) {
            if (nregs == 4)
                return perr(c, o->col, TMU_ERR_PARSE, "too many register operands");
            regs[nregs++] = o;
        } else if (want == 1) {
            sop = o;
        } else if (want == 2) {
            top = o;
        } else {
            a1 = o;
        }
    }
    if (cls == IR3_CLS_BRCST || cls == IR3_CLS_QSHUF) {
        if (sop || top || a1)
            return perr(c, (sop ? sop : top ? top : a1)->col, TMU_ERR_INVALID, "%s takes no s#, t# or a1.x", l->info.name);
    }

    /* descriptor mode */
    const struct ir3_desc *d = NULL;
    if (layout_s2en) {
        int mode;
        if (s2en && base < 0) {
            if (a1)
                return perr(c, a1->col, TMU_ERR_INVALID, "a1.x needs a bindless form (.baseN)");
            mode = uni ? 0 : 4;
        } else if (s2en) {
            mode = a1 ? (uni ? 1 : 3) : (uni ? 5 : 2);
        } else {
            mode = a1 ? 7 : 6;
        }
        f[TMU_IR3_F_S2EN] = 1;
        f[TMU_IR3_F_DESC_MODE] = (uint8_t)mode;
        if (base >= 0) {
            f[TMU_IR3_F_B19_20] = (uint8_t)(base >> 1);
            f[TMU_IR3_F_B47] = (uint8_t)(base & 1);
        }
        d = &ir3_descs[mode];
    } else if (a1) {
        return perr(c, a1->col, TMU_ERR_INVALID, "a1.x needs a bindless form (.baseN)");
    }

    /* register slots */
    if (cls == IR3_CLS_ISAM && nregs > 0 && regs[0]->imm >= 0) {
        if (f[TMU_IR3_F_B52])
            return perr(c, regs[0]->imm_col, TMU_ERR_INVALID,
                        "isam.o takes offsets in a register: no immediate offset");
        /* "+0" is the same as no offset: the printer shows nothing for 0 */
        f[TMU_IR3_F_B53] = regs[0]->imm != 0;
        f[TMU_IR3_F_SRC2] = (uint8_t)regs[0]->imm;
    }
    for (unsigned i = 0; i < nregs; i++)
        if (regs[i]->imm >= 0 && (i > 0 || cls != IR3_CLS_ISAM))
            return perr(c, regs[i]->imm_col, TMU_ERR_INVALID, "only isam's first source takes an immediate offset");
    int has_src1 = l->info.num_src > 0;
    if (cls == IR3_CLS_QSHUF && l->info.num_src == 1 && nregs == 2)
        f[TMU_IR3_F_B52] = 1; /* the printer shows SRC2 of horiz/vert/diag only when bit 52 is set */
    unsigned s2 = ir3_src2_mode(out);
    int indirect = d && d->indirect;
    unsigned want = (unsigned)has_src1 + (s2 == IR3_SRC2_REG) + (unsigned)indirect;
    if (nregs != want) {
        size_t col = nregs > want ? regs[want]->col : c->len;
        char what[64] = "";
        const char *names[3] = {has_src1 ? "SRC1" : NULL, s2 == IR3_SRC2_REG ? "SRC2" : NULL, indirect ? "SRC3" : NULL};
        for (int k = 0; k < 3; k++)
            if (names[k])
                snprintf(what + strlen(what), sizeof what - strlen(what), "%s%s", what[0] ? ", " : "", names[k]);
        char msg[120];
        snprintf(msg, sizeof msg, "%s here takes %u register source%s (%s), found %u", l->info.name, want,
                 want == 1 ? "" : "s", want ? what : "none", nregs);
        return tmu_diag_set(diag, TMU_ERR_PARSE, line, COL(col), (int64_t)col, "%s",
                            msg);
    }
    unsigned ri = 0;
    int src_half = -1;
    if (has_src1) {
        f[TMU_IR3_F_SRC1] = (uint8_t)regs[ri]->val;
        src_half = regs[ri]->half;
        ri++;
    }
    if (s2 == IR3_SRC2_REG) {
        if (src_half >= 0 && regs[ri]->half != src_half)
            return perr(c, regs[ri]->col, TMU_ERR_INVALID,
                        "SRC1 and SRC2 share one FULL bit: both must be half (h) or both full");
        f[TMU_IR3_F_SRC2] = (uint8_t)regs[ri]->val;
        src_half = regs[ri]->half;
        ri++;
    }
    f[TMU_IR3_F_FULL] = (uint8_t)(src_half == 0);
    if (indirect) {
        struct opd *r3 = regs[ri];
        if (r3->half != !d->bindless)
            return perr(c, r3->col, TMU_ERR_INVALID,
                        d->bindless ? "SRC3 of a bindless .s2en form is a full register (rN.c)"
                                    : "SRC3 of .s2en without .baseN is a half register (hrN.c)");
        f[TMU_IR3_F_SRC3] = (uint8_t)r3->val;
    }

    /* s# / t# */
    if (IR3_C(cls) & IR3_C_TEXBASE) {
        int want_s = 0, want_t = 0;
        unsigned max_s = 15, max_t = 127;
        if (!d) {
            want_s = l->info.has_samp;
            want_t = l->info.has_tex;
        } else if (d->indirect) {
        } else if (d->a1 && gpu_id >= 600 && gpu_id < 700) {
            want_s = l->info.has_samp;
            max_s = 255;
        } else if (d->a1 && gpu_id >= 700) {
            want_t = l->info.has_tex;
            max_t = 255;
        } else {
            want_s = l->info.has_samp;
            want_t = l->info.has_tex;
            max_t = 15;
        }
        if (sop && !want_s)
            return perr(c, sop->col, TMU_ERR_INVALID, "%s takes no s# in this form", l->info.name);
        if (top && !want_t)
            return perr(c, top->col, TMU_ERR_INVALID, "%s takes no t# in this form", l->info.name);
        if (want_s && !sop)
            return perr(c, c->len, TMU_ERR_PARSE, "missing ', s#N' (sampler index) for %s", l->info.name);
        if (want_t && !top)
            return perr(c, c->len, TMU_ERR_PARSE, "missing ', t#N' (texture index) for %s", l->info.name);
        if (sop && sop->val > max_s)
            return perr(c, sop->col, TMU_ERR_RANGE, "sampler index too large here (max %u)", max_s);
        if (top && top->val > max_t)
            return perr(c, top->col, TMU_ERR_RANGE, "texture index too large here (max %u)", max_t);
        if (!d) {
            f[TMU_IR3_F_SAMP] = (uint8_t)(sop ? sop->val : 0);
            f[TMU_IR3_F_TEX] = (uint8_t)(top ? top->val : 0);
        } else if (!d->indirect) {
            if (d->a1 && gpu_id >= 600 && gpu_id < 700)
                f[TMU_IR3_F_SRC3] = (uint8_t)(sop ? sop->val : 0);
            else if (d->a1 && gpu_id >= 700)
                f[TMU_IR3_F_SRC3] = (uint8_t)(top ? top->val : 0);
            else
                f[TMU_IR3_F_SRC3] = (uint8_t)((sop ? sop->val : 0) | (top ? top->val : 0) << 4);
        }
    }
    return TMU_OK;
}

tmu_status tmu_ir3_assemble(const char *text, uint32_t gpu_id, uint64_t *word, tmu_diag *diag)
{
    tmu_ir3_instr in;
    if (!text || !word)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1, "NULL text or output");
    tmu_status st = tmu_ir3_parse(text, strlen(text), gpu_id, 1, &in, diag);
    if (st != TMU_OK)
        return st;
    return tmu_ir3_encode(&in, word, diag);
}
