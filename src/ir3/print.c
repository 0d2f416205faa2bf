/* ir3 cat5 — printer, byte-identical to Mesa's isaspec disassembler.
 * The order of the pieces follows Mesa's display templates; which modifiers
 * exist and when they show comes from the modifier table (tables.c). */
#include <string.h>

#include "ir3/tables.h"

/* Text is built in a local buffer large enough for any instruction with
 * four notes (well under TMU_IR3_TEXT_MAX), then copied out once. */
#define TMU_IR3_TEXT_MAX 1024
struct out {
    char *p;
};

static inline void put_c(struct out *o, char c)
{
    *o->p++ = c;
}

static inline void put_s(struct out *o, const char *s)
{
    while (*s)
        *o->p++ = *s++;
}

static inline void put_sn(struct out *o, const char *s, size_t n)
{
    memcpy(o->p, s, n);
    o->p += n;
}

/* a string literal, copied with a length known at compile time */
#define PUT_LIT(o, lit) put_sn(o, lit, sizeof(lit) - 1)

static void put_u(struct out *o, uint64_t v)
{
    static const char digits2[] = "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
                                  "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
                                  "8081828384858687888990919293949596979899";
    if (v < 10) {
        *o->p++ = (char)('0' + v);
        return;
    }
    if (v < 100) {
        memcpy(o->p, digits2 + 2 * v, 2);
        o->p += 2;
        return;
    }
    char tmp[24];
    int n = 0;
    do {
        tmp[n++] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    while (n)
        put_c(o, tmp[--n]);
}

static void put_hex(struct out *o, uint64_t v, int digits, int upper)
{
    const char *hex = upper ? "0123456789ABCDEF" : "0123456789abcdef";
    char tmp[16];
    int n = 0;
    do {
        tmp[n++] = hex[v & 15];
        v >>= 4;
    } while (v);
    while (n < digits)
        tmp[n++] = '0';
    while (n)
        put_c(o, tmp[--n]);
}

static void put_reg(struct out *o, unsigned v, int half)
{
    unsigned n = v >> 2;
    if (half)
        put_c(o, 'h');
    if (n == 61) {
        PUT_LIT(o, "a0");
    } else if (n == 62) {
        PUT_LIT(o, "p0");
    } else {
        put_c(o, 'r');
        put_u(o, n);
    }
    put_c(o, '.');
    put_c(o, "xyzw"[v & 3]);
}

static size_t finish(const char *tmp, const struct out *o, char *buf, size_t size)
{
    size_t len = (size_t)(o->p - tmp);
    if (size) {
        size_t n = len < size ? len : size - 1;
        memcpy(buf, tmp, n);
        buf[n] = 0;
    }
    return len;
}

size_t tmu_ir3_reg_name(uint16_t reg, bool half, char *buf, size_t size)
{
    char tmp[32];
    struct out o = {tmp};
    if (reg == 252) {
        put_s(&o, half ? "ha1.x" : "a1.x");
    } else {
        /* runs of consecutive registers may pass r63.w: print the number */
        if (half)
            put_c(&o, 'h');
        put_c(&o, 'r');
        put_u(&o, (unsigned)reg >> 2);
        put_c(&o, '.');
        put_c(&o, "xyzw"[reg & 3]);
        if ((reg >> 2) == 61 || (reg >> 2) == 62) {
            o.p = tmp;
            put_reg(&o, reg, half);
        }
    }
    return finish(tmp, &o, buf, size);
}

static void put_notes(struct out *o, const tmu_ir3_instr *in)
{
    if (!in->num_notes)
        return;
    PUT_LIT(o, "\t; ");
    unsigned count = in->num_notes < 4 ? in->num_notes : 4;
    for (unsigned i = 0; i < count; i++) {
        const tmu_ir3_note *n = &in->notes[i];
        if (i)
            PUT_LIT(o, ", ");
        if (n->dontcare) {
            PUT_LIT(o, "dontcare bits in ");
            put_s(o, n->where ? n->where : "?");
            PUT_LIT(o, ": ");
            put_hex(o, n->value, 16, 0);
        } else {
            PUT_LIT(o, "WARNING: unexpected bits[");
            put_u(o, n->lo);
            put_c(o, ':');
            put_u(o, n->hi);
            PUT_LIT(o, "] in ");
            put_s(o, n->where ? n->where : "?");
            PUT_LIT(o, ": ");
            put_hex(o, n->value, 16, 0);
            PUT_LIT(o, " vs ");
            put_hex(o, n->expected, 16, 0);
        }
    }
}

static void put_mods(struct out *o, const tmu_ir3_instr *in, unsigned cls, unsigned layout)
{
    const uint8_t *f = in->field;
    const struct ir3_desc *d = &ir3_descs[f[TMU_IR3_F_DESC_MODE] & 7];
    uint8_t v[IR3_PF_COUNT];
    memcpy(v, f, TMU_IR3_F_COUNT);
    v[IR3_PF_INDIRECT] = d->indirect;
    v[IR3_PF_UNIFORM] = d->uniform;
    v[IR3_PF_NONUNIF] = d->nonuniform;
    v[IR3_PF_BINDLESS] = d->bindless;
    v[IR3_PF_RCK] = (f[TMU_IR3_F_TYPE] & 7) == 7;
    unsigned set = ir3_mod_sets[cls][layout - 1];
    for (unsigned i = 0; set >> i; i++) {
        if (!((set >> i) & 1))
            continue;
        const struct ir3_mod *m = &ir3_mods[i];
        if (m->kind == IR3_MOD_ENUM) {
            if (v[m->field])
                put_sn(o, m->display2, m->len2);
            else
                put_sn(o, m->display, m->len);
        } else if (v[m->field] == m->value) {
            put_sn(o, m->display, m->len);
            if (m->kind == IR3_MOD_BASE)
                put_u(o, (unsigned)(f[TMU_IR3_F_B19_20] * 2 | f[TMU_IR3_F_B47]));
        }
    }
}

static void put_idx(struct out *o, char kind, unsigned v)
{
    char t[4] = {',', ' ', kind, '#'};
    put_sn(o, t, 4);
    put_u(o, v);
}

size_t tmu_ir3_print(const tmu_ir3_instr *in, unsigned flags, char *buf, size_t size)
{
    char tmp[TMU_IR3_TEXT_MAX];
    struct out o = {tmp};
    if (!in) {
        if (size)
            buf[0] = 0;
        return 0;
    }
    if ((int)in->op < 0 || in->op >= TMU_IR3_OP_COUNT) {
        /* Mesa's no-match callback: low dword first, %X without padding */
        PUT_LIT(&o, "raw 0x");
        put_hex(&o, in->word & 0xffffffffu, 1, 1);
        put_hex(&o, in->word >> 32, 1, 1);
    } else {
        const struct ir3_leaf *l = &ir3_leaves[in->op];
        const uint8_t *f = in->field;
        unsigned cls = l->cls;
        unsigned layout = f[TMU_IR3_F_S2EN] ? IR3_L_S2EN : IR3_L_NORMAL;
        if (f[TMU_IR3_F_SY])
            PUT_LIT(&o, "(sy)");
        if (f[TMU_IR3_F_JP])
            PUT_LIT(&o, "(jp)");
        put_sn(&o, l->info.name, l->name_len);
        if (cls != IR3_CLS_TCINV) {
            if (cls == IR3_CLS_BRCST) {
                PUT_LIT(&o, ".w");
                put_u(&o, 2u << (f[TMU_IR3_F_B19_20] & 3));
            } else if (cls != IR3_CLS_QSHUF) {
                put_mods(&o, in, cls, layout);
            }
            put_c(&o, ' ');
            unsigned type = f[TMU_IR3_F_TYPE] & 7; /* masks keep hand-built structs in bounds */
            if (l->info.has_type && type != 7) {
                static const char types[8][6] = {"(f16)", "(f32)", "(u16)", "(u32)", "(s16)", "(s32)", "(u8)", ""};
                put_sn(&o, types[type], type == 6 ? 4 : 5);
            }
            unsigned wm = f[TMU_IR3_F_WRMASK] & 15;
            put_c(&o, '(');
            put_sn(&o, ir3_wrmask_names[wm], (wm & 1) + (wm >> 1 & 1) + (wm >> 2 & 1) + (wm >> 3 & 1));
            put_c(&o, ')');
            put_reg(&o, f[TMU_IR3_F_DST], ir3_type_half[type]);
            int half = !f[TMU_IR3_F_FULL];
            if (ir3_src1_shown(in)) {
                PUT_LIT(&o, ", ");
                put_reg(&o, f[TMU_IR3_F_SRC1], half);
            }
            unsigned s2 = ir3_src2_mode(in);
            if (s2 == IR3_SRC2_REG) {
                PUT_LIT(&o, ", ");
                put_reg(&o, f[TMU_IR3_F_SRC2], half);
            } else if (s2 == IR3_SRC2_IMM && f[TMU_IR3_F_SRC2]) {
                put_c(&o, '+');
                put_u(&o, f[TMU_IR3_F_SRC2]);
            }
            if ((IR3_C(cls) & IR3_C_TEXBASE) && layout == IR3_L_NORMAL) {
                if (l->info.has_samp)
                    put_idx(&o, 's', f[TMU_IR3_F_SAMP]);
                if (l->info.has_tex)
                    put_idx(&o, 't', f[TMU_IR3_F_TEX]);
            } else if (IR3_C(cls) & IR3_C_TEXBASE) {
                const struct ir3_desc *d = &ir3_descs[f[TMU_IR3_F_DESC_MODE] & 7];
                unsigned s3 = f[TMU_IR3_F_SRC3];
                if (d->indirect) {
                    PUT_LIT(&o, ", ");
                    put_reg(&o, s3, !d->bindless);
                } else if (d->a1 && in->gpu_id >= 600 && in->gpu_id < 700) {
                    if (l->info.has_samp)
                        put_idx(&o, 's', s3);
                } else if (d->a1 && in->gpu_id >= 700) {
                    if (l->info.has_tex)
                        put_idx(&o, 't', s3);
                } else {
                    if (l->info.has_samp)
                        put_idx(&o, 's', s3 & 15);
                    if (l->info.has_tex)
                        put_idx(&o, 't', s3 >> 4);
                }
                if (d->a1)
                    PUT_LIT(&o, ", a1.x");
            }
        }
        if (flags & TMU_IR3_PRINT_NOTES)
            put_notes(&o, in);
    }
    return finish(tmp, &o, buf, size);
}

tmu_status tmu_ir3_disasm(uint64_t word, uint32_t gpu_id, char *buf, size_t size)
{
    tmu_ir3_instr in;
    tmu_status st = tmu_ir3_decode(word, gpu_id, &in, NULL);
    if (st != TMU_OK && st != TMU_ERR_DECODE) {
        if (size)
            buf[0] = 0;
        return st;
    }
    tmu_ir3_print(&in, TMU_IR3_PRINT_NOTES, buf, size);
    return st;
}
