/* Printing a translation: target code, one comment per operand mapping, descriptor fields;
 * or the same as JSON. */
#include <stdarg.h>
#include <stdio.h>

#include "translate/xl.h"

void xl_put(xl_out *o, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(o->buf ? o->buf + (o->len < o->size ? o->len : o->size) : NULL,
                      o->buf && o->len < o->size ? o->size - o->len : 0, fmt, ap);
    va_end(ap);
    if (n > 0)
        o->len += (size_t)n;
}

static int reg_name(tmu_xl_isa isa, const tmu_xl_source *src, const tmu_xl_loc *l, char *b, size_t n)
{
    switch (isa) {
    case TMU_XL_GCN:
        if (l->half)
            return snprintf(b, n, "v%u.%s", l->index, l->half == 2 ? "hi" : "lo");
        return snprintf(b, n, "v%u", l->index);
    case TMU_XL_IR3: {
        size_t k = tmu_ir3_reg_name(l->index, l->half != 0, b, n);
        return (int)k;
    }
    default:
        if (l->kind == TMU_XL_L_SRC && src && l->index < src->nnames)
            return snprintf(b, n, "%.*s", (int)src->name_len[l->index], src->names[l->index]);
        return snprintf(b, n, "%%%c%u", "frhp"[l->cls & 3], l->index);
    }
}

int tmu_xl_loc_name(const tmu_xl_program *p, const tmu_xl_source *src, const tmu_xl_loc *l, char *buf,
                    size_t size)
{
    switch (l->kind) {
    case TMU_XL_L_SRC: return reg_name(src ? src->arch.isa : p->from.isa, src, l, buf, size);
    case TMU_XL_L_TGT: return reg_name(p->to.isa, NULL, l, buf, size);
    case TMU_XL_L_TMP: return snprintf(buf, size, "$t%u", l->index);
    case TMU_XL_L_IMM: return snprintf(buf, size, "0x%08x", l->imm);
    case TMU_XL_L_RES:
        return l->index == 4 ? snprintf(buf, size, "result.resident") : snprintf(buf, size, "result%u", l->index);
    default: return snprintf(buf, size, "-");
    }
}

static unsigned uop_args(unsigned op)
{
    switch (op) {
    case TMU_XL_PACK_OFF6:
    case TMU_XL_CUBE_SC:
    case TMU_XL_CUBE_TC:
    case TMU_XL_CUBE_FACE:
    case TMU_XL_CUBE_DIR: return 3;
    case TMU_XL_ADD_I32:
    case TMU_XL_CUBE_FACE_ARR:
    case TMU_XL_PACK16:
    case TMU_XL_ZERO_IF_1: return 2;
    default: return 1;
    }
}

static int has_k(unsigned op)
{
    return op == TMU_XL_SEXT || op == TMU_XL_UNPACK_OFF6 || op == TMU_XL_CUBE_DIR || op == TMU_XL_ADD_U32_IMM;
}

/* Where a result word lives at the source, as text. */
static void res_where(const tmu_xl_program *p, const tmu_xl_source *src, unsigned c, char *b, size_t n)
{
    if (!src || src->res[c].kind == TMU_XL_L_NONE) {
        snprintf(b, n, "-");
        return;
    }
    tmu_xl_loc l = src->res[c];
    tmu_xl_loc_name(p, src, &l, b, n);
}

int tmu_xl_print(const tmu_xl_program *p, const tmu_xl_source *src, int json, char *buf, size_t size)
{
    xl_out o = {buf, size, 0};
    if (buf && size)
        buf[0] = 0;
    char a[80], b[80], c[80], d[80];
    const char *cm = p->to.isa == TMU_XL_GCN ? ";" : p->to.isa == TMU_XL_IR3 ? ";" : "//";
    if (json) {
        xl_put(&o, "{\"from\":\"%s\",\"to\":\"%s\",\"dim\":\"%s\",\"instructions\":[", tmu_xl_isa_name(p->from.isa),
            tmu_xl_isa_name(p->to.isa), tmu_dim_name(p->dim));
        for (unsigned i = 0; i < p->ninstr; i++) {
            xl_put(&o, "%s{\"text\":\"", i ? "," : "");
            for (const char *q = p->instr[i].text; *q; q++)
                xl_put(&o, *q == '"' || *q == '\\' ? "\\%c" : (unsigned char)*q < 32 ? "\\u%04x" : "%c", *q);
            if (p->to.isa == TMU_XL_PTX)
                xl_put(&o, "\"}");
            else
                xl_put(&o, "\",\"word\":\"0x%016llx\"}", (unsigned long long)p->instr[i].word);
        }
        xl_put(&o, "],\"steps\":[");
    } else {
        xl_put(&o, "%s %s -> %s, texture %s\n", cm, tmu_xl_isa_name(p->from.isa), tmu_xl_isa_name(p->to.isa),
            tmu_dim_name(p->dim));
    }
    unsigned nout = 0;
    for (unsigned i = 0; i < p->nsteps; i++) {
        const tmu_xl_step *s = &p->step[i];
        if (s->kind == TMU_XL_STEP_INSTR) {
            if (!json) {
                const tmu_xl_instr *x = &p->instr[s->instr];
                if (p->to.isa == TMU_XL_PTX)
                    xl_put(&o, "%s\n", x->text);
                else
                    xl_put(&o, "%s  %s 0x%016llx\n", x->text, cm, (unsigned long long)x->word);
            } else {
                xl_put(&o, "%s{\"instr\":%u}", nout++ ? "," : "", s->instr);
            }
            continue;
        }
        tmu_xl_loc_name(p, src, &s->d, d, sizeof d);
        tmu_xl_loc_name(p, src, &s->a, a, sizeof a);
        tmu_xl_loc_name(p, src, &s->b, b, sizeof b);
        tmu_xl_loc_name(p, src, &s->c, c, sizeof c);
        unsigned na = uop_args(s->op);
        const char *role = s->slot < TMU_XL_SLOT_COUNT ? tmu_xl_slot_name((tmu_xl_slot)s->slot) : "";
        if (json) {
            xl_put(&o, "%s{\"op\":\"%s\",\"d\":\"%s\",\"a\":\"%s\"", nout++ ? "," : "",
                tmu_xl_uop_name((tmu_xl_uop)s->op), d, a);
            if (na > 1)
                xl_put(&o, ",\"b\":\"%s\"", b);
            if (na > 2)
                xl_put(&o, ",\"c\":\"%s\"", c);
            if (has_k(s->op))
                xl_put(&o, ",\"k\":%u", s->k);
            if (*role)
                xl_put(&o, ",\"role\":\"%s\"", role);
            if (s->d.kind == TMU_XL_L_RES && src) {
                char w[80];
                res_where(p, src, s->d.index, w, sizeof w);
                xl_put(&o, ",\"source\":\"%s\"", w);
            }
            xl_put(&o, "}");
            continue;
        }
        xl_put(&o, "%s %s = %s %s", cm, d, tmu_xl_uop_name((tmu_xl_uop)s->op), a);
        if (na > 1)
            xl_put(&o, ", %s", b);
        if (na > 2)
            xl_put(&o, ", %s", c);
        if (has_k(s->op))
            xl_put(&o, ", %u", s->k);
        if (*role)
            xl_put(&o, "    (%s)", role);
        if (s->d.kind == TMU_XL_L_RES && src) {
            char w[80];
            res_where(p, src, s->d.index, w, sizeof w);
            xl_put(&o, "    (source %s)", w);
        }
        xl_put(&o, "\n");
    }
    if (json) {
        xl_put(&o, "],\"descriptors\":\"");
        for (const char *q = p->desc; *q; q++)
            xl_put(&o, *q == '"' || *q == '\\' ? "\\%c" : "%c", *q);
        xl_put(&o, "\"}\n");
    } else {
        xl_put(&o, "%s descriptors: %s\n", cm, p->desc);
    }
    return (int)o.len;
}
