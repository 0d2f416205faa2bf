/* Canonical printer: op.comp.mip.geom.vec.types[.kept bad modifiers] then the
 * operands.  parse(print(x)) == x for every instruction the parser produces. */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "ptx/ptx_internal.h"

typedef struct outbuf {
    char *buf;
    size_t size, len;
} outbuf;

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static void
put(outbuf *o, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    size_t room = o->len < o->size ? o->size - o->len : 0;
    int n = vsnprintf(room ? o->buf + o->len : NULL, room, fmt, ap);
    va_end(ap);
    if (n > 0)
        o->len += (size_t)n;
}

static void put_elem(outbuf *o, const tmu_ptx_elem *e)
{
    switch (e->kind) {
    case TMU_PTX_E_NAME:
        put(o, "%.*s", (int)e->name_len, e->name);
        break;
    case TMU_PTX_E_INT:
        put(o, "%" PRId64, e->ival);
        break;
    case TMU_PTX_E_FLOAT:
        /* in the literal's own type, exactly: a 0f literal (.f32 to ptxas) as 0f and the bits of the
         * float, any other (decimal, 0d: .f64) as 0d and the bits of the double (NaN payloads
         * included).  ptxas types the two apart in offset and gradient vectors ({%f3, 1.5} is
         * accepted, {%f3, 0f3FC00000} is not; ptxas 13.0.88), so printing a decimal as 0f would
         * change its verdict. */
        if (ptx_float_is_f32(e)) {
            float f = (float)e->fval; /* exact: the value of a 0f literal */
            uint32_t b;
            memcpy(&b, &f, 4);
            put(o, "0f%08" PRIX32, b);
        } else {
            uint64_t d;
            memcpy(&d, &e->fval, 8);
            put(o, "0d%016" PRIX64, d);
        }
        break;
    case TMU_PTX_E_SINK:
        put(o, "_");
        break;
    default:
        put(o, "?");
        break;
    }
}

static void put_operand(outbuf *o, const tmu_ptx_operand *op)
{
    if (!op->is_vector) {
        put_elem(o, &op->e[0]);
        return;
    }
    put(o, "{");
    for (unsigned i = 0; i < op->count; i++) {
        if (i)
            put(o, ", ");
        put_elem(o, &op->e[i]);
    }
    put(o, "}");
}

tmu_status tmu_ptx_print_instr(const tmu_ptx_instr *in, char *buf, size_t size, size_t *written)
{
    if (!in || (!buf && size) || !ptx_instr_sane(in))
        return TMU_ERR_INVALID_ARGUMENT;
    outbuf o = {buf, size, 0};
    if (in->guard.kind != TMU_PTX_E_NONE) {
        put(&o, "@%s", in->guard_negated ? "!" : "");
        put_elem(&o, &in->guard);
        put(&o, " ");
    }
    static const char *const ops[] = {"tex", "tld4", "txq"};
    if (in->unknown_op) {
        put(&o, "%.*s", (int)in->op_len, in->op_text);
    } else {
        /* the name and its modifiers, in a buffer of their own first: a kept modifier right after
         * them must not make the text a longer instruction name (`tex` and `.clamp`, which
         * ptxas lexes as the unknown name 'tex.clamp', or `tex.grad` and `.clamp`): there a space
         * separates them, as ptxas reads `tex .clamp.2d ...` (tex with a .clamp modifier) */
        char head[96];
        outbuf h = {head, sizeof head, 0};
        const char *op = (unsigned)in->opcode < 3 ? ops[in->opcode] : "?";
        put(&h, "%s", op);
        if (in->opcode == TMU_PTX_TLD4 && in->comp >= 0 && in->comp < 4)
            put(&h, ".%s", ptx_comp_names[in->comp]);
        if (in->mip != TMU_PTX_MIP_NONE)
            put(&h, ".%s", tmu_ptx_mip_name(in->mip));
        if (in->query != TMU_PTX_Q_NONE)
            put(&h, ".%s", tmu_ptx_query_name(in->query));
        if (in->geom != TMU_PTX_GEOM_NONE)
            put(&h, ".%s", tmu_ptx_geom_name(in->geom));
        if (in->vec)
            put(&h, ".v%u", in->vec);
        for (unsigned i = 0; i < in->ntypes && i < 3; i++)
            put(&h, ".%s", tmu_ptx_type_name(in->types[i]));
        put(&o, "%s", head); /* at most ~60 characters: never truncated */
        if (in->nbad && h.len < sizeof head) {
            char joined[sizeof head + 40];
            const tmu_ptx_badmod *b = &in->bad[0];
            size_t n = b->len < 40 ? b->len : 40; /* longer than any instruction name */
            memcpy(joined, head, h.len);
            memcpy(joined + h.len, b->text, n);
            int known;
            if (ptx_instr_name(joined, h.len + n, strlen(op), &known) >
                ptx_instr_name(joined, h.len, strlen(op), &known))
                put(&o, " ");
        }
    }
    for (unsigned i = 0; i < in->nbad && i < TMU_PTX_BADMOD_MAX; i++)
        put(&o, "%.*s", (int)in->bad[i].len, in->bad[i].text);
    if (in->dst.count == 0) /* "tex;" */
        goto end;
    put(&o, " ");
    put_operand(&o, &in->dst);
    if (in->pred.kind != TMU_PTX_E_NONE) {
        put(&o, "|");
        put_elem(&o, &in->pred);
    }
    if (in->naddr == 0)
        goto end;
    put(&o, ", ");
    if (in->bracketed)
        put(&o, "[");
    for (unsigned i = 0; i < in->naddr && i < 3; i++) {
        if (i)
            put(&o, ", ");
        put_operand(&o, &in->addr[i]);
    }
    if (in->bracketed)
        put(&o, "]");
    for (unsigned i = 0; i < in->nextra && i < TMU_PTX_EXTRA_MAX; i++) {
        put(&o, ", ");
        put_operand(&o, &in->extra[i]);
    }
    if (in->bad_shape)
        put(&o, ", %.*s", (int)in->shape_len, in->shape_text);
end:
    put(&o, ";");
    if (written)
        *written = o.len;
    if (o.len >= size)
        return TMU_ERR_BUFFER_TOO_SMALL;
    return TMU_OK;
}
