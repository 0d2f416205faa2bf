/* ir3 cat5 — printer, byte-identical to Mesa's isaspec disassembler.
 * The order of the pieces follows Mesa's display templates; which modifiers
 * exist and when they show comes from the modifier table (tables.c).
 *
 * Speed: the text is appended through a local pointer with fixed-size moves
 * (every table string is IR3_TXT-padded, see tables.h), registers and numbers
 * come from small digit tables, hex from a branch-free nibble spread; no
 * snprintf (strlen only for a note's location, which may be any string in a
 * hand-built struct).  The instruction part is written straight into the
 * caller's buffer when it is large enough for the longest possible text plus
 * the moves' slack, else into a local buffer and copied out truncated; each
 * note likewise.  No allocation, no static mutable state. */
#include <string.h>

#include "ir3/tables.h"

/* Longest instruction text (without notes) of any tmu_ir3_instr, hand-built
 * ones with every field 255 included: "(sy)(jp)" 8 + name 18 + ".wNN" 4 +
 * modifiers 51 (".3d.a.o.p.s.s2en.uniform.nonuniform.base511.clp.rck") +
 * " (f32)(xyzw)" 12 + four registers with separators 30 + ", s#255, t#255"
 * 14 + ", a1.x" 6 = 143 (the longest seen over 20 M random hand-built
 * structs is 101). */
#define MAIN_MAX 160
/* A fixed-size move may write this many bytes past the text written so far. */
#define SLACK IR3_TXT_PAD
/* Bytes of a note: before the location, separator 3 + "WARNING: unexpected
 * bits[255:255] in " 37; after it ": " + 16 + " vs " + 16 digits = 38. */
#define NOTE_HEAD_MAX (3 + 37)
#define NOTE_TAIL_MAX 38

static const char dec2[200] = "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
                              "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
                              "8081828384858687888990919293949596979899";

/* Register names up to the '.', by register number (SRC/DST >> 2): Mesa
 * names r61 "a0" and r62 "p0". */
struct ir3_regtxt {
    char s[7];
    uint8_t len;
};
#define R_(n) {"r" #n ".", sizeof("r" #n ".") - 1}
#define R4_(a, b, c, d) R_(a), R_(b), R_(c), R_(d)
static const struct ir3_regtxt reg_txt[64] = {
    R4_(0, 1, 2, 3),     R4_(4, 5, 6, 7),     R4_(8, 9, 10, 11),   R4_(12, 13, 14, 15),
    R4_(16, 17, 18, 19), R4_(20, 21, 22, 23), R4_(24, 25, 26, 27), R4_(28, 29, 30, 31),
    R4_(32, 33, 34, 35), R4_(36, 37, 38, 39), R4_(40, 41, 42, 43), R4_(44, 45, 46, 47),
    R4_(48, 49, 50, 51), R4_(52, 53, 54, 55), R4_(56, 57, 58, 59), R_(60), {"a0.", 3}, {"p0.", 3}, R_(63),
};
#undef R4_
#undef R_

/* a string of known length held in an IR3_TXT-padded array */
static inline char *put_txt(char *p, const char *s, size_t len)
{
    memcpy(p, s, IR3_TXT_PAD);
    return p + len;
}

#define PUT_LIT(p, lit) (memcpy(p, lit, sizeof(lit) - 1), (p) + sizeof(lit) - 1)

/* v < 1000 */
static inline char *put_small(char *p, unsigned v)
{
    if (v < 10) {
        *p = (char)('0' + v);
        return p + 1;
    }
    if (v < 100) {
        memcpy(p, dec2 + 2 * v, 2);
        return p + 2;
    }
    *p = (char)('0' + v / 100);
    memcpy(p + 1, dec2 + 2 * (v % 100), 2);
    return p + 3;
}

static char *put_u(char *p, uint64_t v)
{
    if (v < 1000)
        return put_small(p, (unsigned)v);
    char tmp[24];
    int n = 0;
    do {
        tmp[n++] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    while (n)
        *p++ = tmp[--n];
    return p;
}

/* The 8 hex digits of x as bytes, least significant digit in the lowest byte;
 * alpha is 'a' - '0' - 10 (lower case) or 'A' - '0' - 10. */
static inline uint64_t hex_digits8(uint32_t x, uint64_t alpha)
{
    uint64_t y = x;
    y = (y | y << 16) & UINT64_C(0x0000ffff0000ffff);
    y = (y | y << 8) & UINT64_C(0x00ff00ff00ff00ff);
    y = (y | y << 4) & UINT64_C(0x0f0f0f0f0f0f0f0f);
    uint64_t letter = ((y + UINT64_C(0x0606060606060606)) >> 4) & UINT64_C(0x0101010101010101);
    return y + UINT64_C(0x3030303030303030) + letter * alpha;
}

/* stores the 8 digits of hex_digits8, most significant first */
static inline void store_digits8(char *p, uint64_t d)
{
#if defined(__GNUC__) && defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    d = __builtin_bswap64(d);
    memcpy(p, &d, 8);
#elif defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    memcpy(p, &d, 8);
#else
    for (int i = 0; i < 8; i++)
        p[i] = (char)(d >> (56 - 8 * i));
#endif
}

/* "%016llx" */
static inline char *put_hex16(char *p, uint64_t v)
{
    store_digits8(p, hex_digits8((uint32_t)(v >> 32), 'a' - '0' - 10));
    store_digits8(p + 8, hex_digits8((uint32_t)v, 'a' - '0' - 10));
    return p + 16;
}

/* "%X" of a 32-bit value */
static char *put_hex_upper(char *p, uint32_t v)
{
    char d[8];
    store_digits8(d, hex_digits8(v, 'A' - '0' - 10));
    unsigned n = 8;
    while (n > 1 && !(v >> (4 * (n - 1))))
        n--;
    memcpy(p, d + 8 - n, n);
    return p + n;
}

/* register v (8 bits: number << 2 | component), half = 0 or 1 */
static inline char *put_reg(char *p, unsigned v, unsigned half)
{
    const struct ir3_regtxt *r = &reg_txt[(v >> 2) & 63];
    *p = 'h';
    p += half;
    memcpy(p, r->s, 4);
    p += r->len;
    *p = "xyzw"[v & 3];
    return p + 1;
}

/* ", s#N" / ", t#N" */
static inline char *put_idx(char *p, char kind, unsigned v)
{
    p[0] = ',';
    p[1] = ' ';
    p[2] = kind;
    p[3] = '#';
    return put_small(p + 4, v);
}

static inline unsigned ctz16(unsigned x)
{
#if defined(__GNUC__)
    return (unsigned)__builtin_ctz(x);
#else
    unsigned n = 0;
    while (!((x >> n) & 1))
        n++;
    return n;
#endif
}

/* The modifiers of IR3_MOD_LIST, tested straight-line (the list expands
 * into one test per modifier), then those shown are appended in order. */
static char *put_mods(char *p, const uint8_t *f, unsigned cls, unsigned layout)
{
    const struct ir3_desc *dm = &ir3_descs[f[TMU_IR3_F_DESC_MODE] & 7];
    /* the derived values IR3_PF_* (indices TMU_IR3_F_COUNT and up) */
    const uint8_t pf[IR3_PF_COUNT - TMU_IR3_F_COUNT] = {
        [IR3_PF_INDIRECT - TMU_IR3_F_COUNT] = dm->indirect,
        [IR3_PF_UNIFORM - TMU_IR3_F_COUNT] = dm->uniform,
        [IR3_PF_NONUNIF - TMU_IR3_F_COUNT] = dm->nonuniform,
        [IR3_PF_BINDLESS - TMU_IR3_F_COUNT] = dm->bindless,
        [IR3_PF_RCK - TMU_IR3_F_COUNT] = (f[TMU_IR3_F_TYPE] & 7) == 7,
    };
#define IR3_VAL(field) \
    ((unsigned)(field) < (unsigned)TMU_IR3_F_COUNT ? f[(unsigned)(field) % TMU_IR3_F_COUNT] : pf[(unsigned)(field) % TMU_IR3_F_COUNT])
    unsigned shown = 0, alt = 0, n = 0;
#define IR3_MOD_TEST(kind, field, value, classes, layouts, txt, txt2)              \
    shown |= (unsigned)((kind) == IR3_MOD_ENUM || IR3_VAL(field) == (value)) << n; \
    alt |= (unsigned)((kind) == IR3_MOD_ENUM && IR3_VAL(field) != 0) << n;         \
    n++;
    IR3_MOD_LIST(IR3_MOD_TEST)
#undef IR3_MOD_TEST
#undef IR3_VAL
    shown &= ir3_mod_sets[cls][layout - 1];
    while (shown) {
        unsigned i = ctz16(shown);
        const struct ir3_mod *m = &ir3_mods[i];
        shown &= shown - 1;
        if ((alt >> i) & 1)
            p = put_txt(p, m->display2, m->len2);
        else
            p = put_txt(p, m->display, m->len);
        if (m->kind == IR3_MOD_BASE)
            p = put_small(p, (unsigned)(f[TMU_IR3_F_B19_20] * 2 | f[TMU_IR3_F_B47]));
    }
    return p;
}

/* The instruction text (no notes) of a valid op; at most MAIN_MAX + SLACK bytes written. */
static char *put_instr(char *p, const tmu_ir3_instr *in)
{
    const struct ir3_leaf *l = &ir3_leaves[in->op];
    const uint8_t *f = in->field;
    unsigned cls = l->cls;
    unsigned layout = f[TMU_IR3_F_S2EN] ? IR3_L_S2EN : IR3_L_NORMAL;
    if (f[TMU_IR3_F_SY])
        p = PUT_LIT(p, "(sy)");
    if (f[TMU_IR3_F_JP])
        p = PUT_LIT(p, "(jp)");
    p = put_txt(p, l->info.name, l->name_len);
    if (cls == IR3_CLS_TCINV)
        return p;
    if (cls == IR3_CLS_BRCST) {
        p = PUT_LIT(p, ".w");
        p = put_small(p, 2u << (f[TMU_IR3_F_B19_20] & 3));
    } else if (cls != IR3_CLS_QSHUF) {
        p = put_mods(p, f, cls, layout);
    }
    *p++ = ' ';
    unsigned type = f[TMU_IR3_F_TYPE] & 7; /* masks keep hand-built structs in bounds */
    if (l->info.has_type && type != 7) {
        *p = '(';
        p = put_txt(p + 1, ir3_type_names[type], ir3_type_name_len[type]);
        *p++ = ')';
    }
    unsigned wm = f[TMU_IR3_F_WRMASK] & 15;
    *p = '(';
    /* the name's length is the number of bits set: 4-bit popcounts packed in one constant */
    p = put_txt(p + 1, ir3_wrmask_names[wm], (UINT64_C(0x4332322132212110) >> (4 * wm)) & 15);
    *p++ = ')';
    p = put_reg(p, f[TMU_IR3_F_DST], ir3_type_half[type]);
    unsigned half = !f[TMU_IR3_F_FULL];
    if (ir3_src1_shown(in)) {
        p = PUT_LIT(p, ", ");
        p = put_reg(p, f[TMU_IR3_F_SRC1], half);
    }
    unsigned s2 = ir3_src2_mode(in);
    if (s2 == IR3_SRC2_REG) {
        p = PUT_LIT(p, ", ");
        p = put_reg(p, f[TMU_IR3_F_SRC2], half);
    } else if (s2 == IR3_SRC2_IMM && f[TMU_IR3_F_SRC2]) {
        *p++ = '+';
        p = put_small(p, f[TMU_IR3_F_SRC2]);
    }
    if (!(IR3_C(cls) & IR3_C_TEXBASE))
        return p;
    if (layout == IR3_L_NORMAL) {
        if (l->info.has_samp)
            p = put_idx(p, 's', f[TMU_IR3_F_SAMP]);
        if (l->info.has_tex)
            p = put_idx(p, 't', f[TMU_IR3_F_TEX]);
        return p;
    }
    const struct ir3_desc *d = &ir3_descs[f[TMU_IR3_F_DESC_MODE] & 7];
    unsigned s3 = f[TMU_IR3_F_SRC3];
    if (d->indirect) {
        p = PUT_LIT(p, ", ");
        p = put_reg(p, s3, !d->bindless);
    } else if (d->a1 && in->gpu_id >= 600 && in->gpu_id < 700) {
        if (l->info.has_samp)
            p = put_idx(p, 's', s3);
    } else if (d->a1 && in->gpu_id >= 700) {
        if (l->info.has_tex)
            p = put_idx(p, 't', s3);
    } else {
        if (l->info.has_samp)
            p = put_idx(p, 's', s3 & 15);
        if (l->info.has_tex)
            p = put_idx(p, 't', s3 >> 4);
    }
    if (d->a1)
        p = PUT_LIT(p, ", a1.x");
    return p;
}

/* The caller's buffer: text is appended at p, never past end (the byte kept
 * for the NUL); len counts the full text, written or not. */
struct sink {
    char *p, *end;
    size_t len;
};

static void sink_put(struct sink *s, const char *t, size_t n)
{
    size_t room = (size_t)(s->end - s->p);
    size_t k = n < room ? n : room;
    if (k) {
        memcpy(s->p, t, k);
        s->p += k;
    }
    s->len += n;
}

/* Bytes q0..q were written at s->p (direct) or elsewhere: account for them. */
static void sink_commit(struct sink *s, const char *q0, const char *q, int direct)
{
    size_t n = (size_t)(q - q0);
    if (direct) {
        s->p += n;
        s->len += n;
    } else {
        sink_put(s, q0, n);
    }
}

/* Mesa's "\t; " annotations: "dontcare bits in WHERE: %016llx" or
 * "WARNING: unexpected bits[LO:HI] in WHERE: %016llx vs %016llx".  A note
 * is written in place when the caller's buffer has room for all of it, else
 * in a local buffer (the location through the sink, whatever its length). */
static void put_notes(struct sink *s, const tmu_ir3_instr *in)
{
    unsigned count = in->num_notes < 4 ? in->num_notes : 4;
    for (unsigned i = 0; i < count; i++) {
        const tmu_ir3_note *n = &in->notes[i];
        const char *w = n->where ? n->where : "?";
        size_t wlen = strlen(w);
        char local[NOTE_HEAD_MAX + NOTE_TAIL_MAX];
        int direct = (size_t)(s->end - s->p) >= NOTE_HEAD_MAX + wlen + NOTE_TAIL_MAX;
        char *q0 = direct ? s->p : local, *q = q0;
        if (i)
            q = PUT_LIT(q, ", ");
        else
            q = PUT_LIT(q, "\t; ");
        if (n->dontcare) {
            q = PUT_LIT(q, "dontcare bits in ");
        } else {
            q = PUT_LIT(q, "WARNING: unexpected bits[");
            q = put_small(q, n->lo);
            *q++ = ':';
            q = put_small(q, n->hi);
            q = PUT_LIT(q, "] in ");
        }
        if (direct) {
            memcpy(q, w, wlen);
            q += wlen;
        } else {
            sink_commit(s, q0, q, 0);
            sink_put(s, w, wlen);
            q0 = q = local;
        }
        q = PUT_LIT(q, ": ");
        q = put_hex16(q, n->value);
        if (!n->dontcare) {
            q = PUT_LIT(q, " vs ");
            q = put_hex16(q, n->expected);
        }
        sink_commit(s, q0, q, direct);
    }
}

size_t tmu_ir3_print(const tmu_ir3_instr *in, unsigned flags, char *buf, size_t size)
{
    if (!in) {
        if (size)
            buf[0] = 0;
        return 0;
    }
    struct sink s = {buf, size ? buf + size - 1 : buf, 0};
    char local[MAIN_MAX + SLACK];
    int direct = size > sizeof local;
    char *q0 = direct ? buf : local, *q;
    if ((int)in->op < 0 || in->op >= TMU_IR3_OP_COUNT) {
        /* Mesa's no-match callback: low dword first, %X without padding */
        q = PUT_LIT(q0, "raw 0x");
        q = put_hex_upper(q, (uint32_t)in->word);
        q = put_hex_upper(q, (uint32_t)(in->word >> 32));
    } else {
        q = put_instr(q0, in);
        if ((flags & TMU_IR3_PRINT_NOTES) && in->num_notes) {
            sink_commit(&s, q0, q, direct);
            put_notes(&s, in);
            q0 = q = s.p;
            direct = 1;
        }
    }
    sink_commit(&s, q0, q, direct);
    if (size)
        *s.p = 0;
    return s.len;
}

size_t tmu_ir3_reg_name(uint16_t reg, bool half, char *buf, size_t size)
{
    char tmp[32];
    char *p = tmp;
    if (reg == 252) {
        if (half)
            *p++ = 'h';
        p = PUT_LIT(p, "a1.x");
    } else if ((reg >> 2) < 64) {
        p = put_reg(p, reg, half);
    } else {
        /* runs of consecutive registers may pass r63.w: print the number */
        if (half)
            *p++ = 'h';
        *p++ = 'r';
        p = put_u(p, (unsigned)reg >> 2);
        *p++ = '.';
        *p++ = "xyzw"[reg & 3];
    }
    struct sink s = {buf, size ? buf + size - 1 : buf, 0};
    sink_put(&s, tmp, (size_t)(p - tmp));
    if (size)
        *s.p = 0;
    return s.len;
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
