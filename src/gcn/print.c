/* GCN MIMG text printers: LLVM syntax (byte-identical to llvm-mc 14; RDNA to llvm-mc 16) and
 * CLRX syntax.  Operands: VDATA, VADDR, SRSRC[, SSAMP]; then the modifiers of the modifier
 * table, which both printers (and the assembler, parse.c) share.  RDNA VADDR is the address
 * count of the instruction: a range, or an NSA list "[v4, v9, v2]". */
#include "gcn/print.h"
#include "gcn/fast.h"

#include <string.h>

/* Modifiers in llvm-mc's fixed order.  dmask is first and special-cased. */
const tmu_gcn_modifier tmu_gcn_modifiers[TMU_GCN_NUM_MODIFIERS] = {
    {"dmask", 5, " dmask", TMU_GCN_F_DMASK},
    {"unorm", 5, " unorm", TMU_GCN_F_UNORM},
    {"glc", 3, " glc", TMU_GCN_F_GLC},
    {"slc", 3, " slc", TMU_GCN_F_SLC},
    {"r128", 4, " r128", TMU_GCN_F_R128},
    {"a16", 3, " a16", TMU_GCN_F_A16},
    {"tfe", 3, " tfe", TMU_GCN_F_TFE},
    {"lwe", 3, " lwe", TMU_GCN_F_LWE},
    {"da", 2, " da", TMU_GCN_F_DA},
    {"d16", 3, " d16", TMU_GCN_F_D16},
};

/* RDNA's one-bit modifiers in llvm-mc 16's order, in three threes (p: a text prefix, then
 * name, field of each): the modifier table and the printer's ready-made texts of every set of
 * them are both made from these lists. */
#define RDNA_MODS_0(X, p) X(p, unorm, UNORM, glc, GLC, slc, SLC)
#define RDNA_MODS_1(X, p) X(p, dlc, DLC, r128, R128, a16, A16)
#define RDNA_MODS_2(X, p) X(p, tfe, TFE, lwe, LWE, d16, D16)
#define RDNA_MOD_ROW_(name, F) {#name, sizeof #name - 1, " " #name, TMU_GCN_F_##F},
#define RDNA_MOD_ROWS_(p, a, A, b, B, c, C)                                                       \
    RDNA_MOD_ROW_(a, A) RDNA_MOD_ROW_(b, B) RDNA_MOD_ROW_(c, C)

const tmu_gcn_modifier tmu_gcn_rdna_modifiers[TMU_GCN_RDNA_NUM_MODIFIERS] = {
    {"dmask", 5, " dmask", TMU_GCN_F_DMASK},
    {"dim", 3, " dim", TMU_GCN_F_DIM},
    RDNA_MODS_0(RDNA_MOD_ROWS_, ) RDNA_MODS_1(RDNA_MOD_ROWS_, ) RDNA_MODS_2(RDNA_MOD_ROWS_, )
};

/* The text of every set of the nine (index: the three bits of the first three, most
 * significant, then the second three, then the third; in each three bit 0 = its first) and
 * its length, in 48 bytes copied at once (the length byte lands past the text). */
typedef struct {
    char text[47];
    uint8_t len;
} rdna_mods9;
#define RDNA_M9_(s) {s, sizeof s - 1},
/* the eight sets of a three (a, b, c), each after the prefix p, as F(p set); one copy of the
 * pattern per level, as a macro cannot expand inside itself */
#define RDNA_SETS_PATTERN_(F, p, a, b, c)                                                         \
    F(p "") F(p " " #a) F(p " " #b) F(p " " #a " " #b) F(p " " #c) F(p " " #a " " #c)           \
    F(p " " #b " " #c) F(p " " #a " " #b " " #c)
#define RDNA_SETS_C_(F, p, a, b, c)                                                               \
    F(p "") F(p " " #a) F(p " " #b) F(p " " #a " " #b) F(p " " #c) F(p " " #a " " #c)           \
    F(p " " #b " " #c) F(p " " #a " " #b " " #c)
#define RDNA_SETS_B_(F, p, a, b, c)                                                               \
    F(p "") F(p " " #a) F(p " " #b) F(p " " #a " " #b) F(p " " #c) F(p " " #a " " #c)           \
    F(p " " #b " " #c) F(p " " #a " " #b " " #c)
#define RDNA_SETS2_(p, a, A, b, B, c, C) RDNA_SETS_C_(RDNA_M9_, p, a, b, c)
#define RDNA_NEXT2_(p) RDNA_MODS_2(RDNA_SETS2_, p)
#define RDNA_SETS1_(p, a, A, b, B, c, C) RDNA_SETS_B_(RDNA_NEXT2_, p, a, b, c)
#define RDNA_NEXT1_(p) RDNA_MODS_1(RDNA_SETS1_, p)
#define RDNA_SETS0_(p, a, A, b, B, c, C) RDNA_SETS_PATTERN_(RDNA_NEXT1_, p, a, b, c)
static const rdna_mods9 rdna_mod_sets[512] = {RDNA_MODS_0(RDNA_SETS0_, )};
_Static_assert(sizeof rdna_mod_sets / sizeof rdna_mod_sets[0] == 512 &&
                   TMU_GCN_RDNA_NUM_MODIFIERS == 2 + 9,
               "every RDNA one-bit modifier is in a three");

/* Decimal text of 0..255 (every register number, SGPR index and CLRX dmask printed is below
 * 256): one 32-bit word per number whose bytes in memory are its 1-3 digits, left-aligned
 * and padded with 0, then (the fourth byte) their count; built at compile time so that
 * printing a number is one 4-byte copy and an add (the count lands past the digits, where the
 * next writer writes). */
typedef uint32_t dec_t;
#define DEC_B0(n) ((uint32_t)('0' + ((n) < 10 ? (n) : (n) < 100 ? (n) / 10 : (n) / 100)))
#define DEC_B1(n) ((uint32_t)((n) < 10 ? 0 : '0' + ((n) < 100 ? (n) % 10 : (n) / 10 % 10)))
#define DEC_B2(n) ((uint32_t)((n) < 100 ? 0 : '0' + (n) % 10))
#define DEC_LEN(n) ((uint32_t)((n) < 10 ? 1 : (n) < 100 ? 2 : 3))
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#define DEC(n) (DEC_B0(n) << 24 | DEC_B1(n) << 16 | DEC_B2(n) << 8 | DEC_LEN(n))
#define DEC_COUNT(w) ((w) & 0xffu)
#else
#define DEC(n) (DEC_B0(n) | DEC_B1(n) << 8 | DEC_B2(n) << 16 | DEC_LEN(n) << 24)
#define DEC_COUNT(w) ((w) >> 24)
#endif
#define DEC4(n) DEC(n), DEC((n) + 1), DEC((n) + 2), DEC((n) + 3)
#define DEC16(n) DEC4(n), DEC4((n) + 4), DEC4((n) + 8), DEC4((n) + 12)
#define DEC64(n) DEC16(n), DEC16((n) + 16), DEC16((n) + 32), DEC16((n) + 48)
static const dec_t dec[256] = {DEC64(0), DEC64(64), DEC64(128), DEC64(192)};

/* Text is built with small writers that always store a fixed number of bytes and then advance
 * by the length that counts, so that the field values steer no branch.  The longest
 * instruction (a 22-character mnemonic, four register ranges of at most 11 characters, dmask
 * and eight modifiers) is under 120 characters, plus at most 24 bytes stored past the end, so
 * a 160-byte buffer cannot overflow; print_valid writes into the caller's buffer directly when
 * it has 160 bytes, else into a local one. */
#define TEXT_MAX 160

static inline char *put_dec(char *p, unsigned v)
{
    dec_t d = dec[v & 255];
    memcpy(p, &d, 4);
    return p + DEC_COUNT(d);
}

/* Keeps the text written from p to q when `keep` is 1, drops it when 0 (no branch). */
static inline char *keep_if(char *p, char *q, unsigned keep)
{
    return p + ((size_t)(q - p) & (0 - (size_t)keep));
}

/* "N" for one register, "[N:M]" for more, after the prefix already written. */
static inline char *put_num_range(char *p, unsigned first, unsigned count)
{
    unsigned multi = count > 1;
    *p = '[';
    p = put_dec(p + multi, first);
    char *q = p;
    *q = ':';
    q = put_dec(q + 1, first + count - 1);
    *q++ = ']';
    return keep_if(p, q, multi);
}

static inline char *put_vrange(char *p, unsigned first, unsigned count)
{
    *p = 'v';
    return put_num_range(p + 1, first, count);
}

/* An SGPR tuple: "s[..]" below ttmp_base, else "ttmp[..]" (count >= 4). */
static inline char *put_srange(char *p, const tmu_gcn_gen_info *g, unsigned first, unsigned count)
{
    static const char pfx[2][4] = {{'s', 0, 0, 0}, {'t', 't', 'm', 'p'}};
    unsigned t = first >= g->ttmp_base;
    memcpy(p, pfx[t], 4);
    p += 1 + 3 * t;
    return put_num_range(p, first - (g->ttmp_base & (0u - t)), count);
}

/* "vN, " for every VGPR N (an NSA address), 0-padded, in the low 7 bytes of a 64-bit word
 * (memory order) and its length (4-6) in the last byte: built at compile time from the digit
 * table, so that an address is one 8-byte copy and an add. */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#define VSL_SH(j) (56 - 8 * (j))
#else
#define VSL_SH(j) (8 * (j))
#endif
#define VSL_B(n, j)                                                                               \
    ((uint64_t)((j) == 0                     ? (uint32_t)'v'                                     \
                : (j) <= DEC_LEN(n)          ? ((j) == 1 ? DEC_B0(n) : (j) == 2 ? DEC_B1(n) : DEC_B2(n)) \
                : (j) == DEC_LEN(n) + 1      ? (uint32_t)','                                     \
                : (j) == DEC_LEN(n) + 2      ? (uint32_t)' '                                     \
                                             : 0u))
#define VSL(n)                                                                                    \
    (VSL_B(n, 0u) << VSL_SH(0) | VSL_B(n, 1u) << VSL_SH(1) | VSL_B(n, 2u) << VSL_SH(2) |           \
     VSL_B(n, 3u) << VSL_SH(3) | VSL_B(n, 4u) << VSL_SH(4) | VSL_B(n, 5u) << VSL_SH(5) |           \
     (uint64_t)(DEC_LEN(n) + 3u) << VSL_SH(7))
#define VSL4(n) VSL(n), VSL((n) + 1), VSL((n) + 2), VSL((n) + 3)
#define VSL16(n) VSL4(n), VSL4((n) + 4), VSL4((n) + 8), VSL4((n) + 12)
#define VSL64(n) VSL16(n), VSL16((n) + 16), VSL16((n) + 32), VSL16((n) + 48)
static const uint64_t vslot[256] = {VSL64(0), VSL64(64), VSL64(128), VSL64(192)};

/* "vN, " at p; returns its end. */
static inline char *put_vslot(char *p, unsigned n)
{
    uint64_t w = vslot[n & 255];
    memcpy(p, &w, 8);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    return p + (w & 0xff);
#else
    return p + (w >> 56);
#endif
}

/* The text "N:M]" of every 4- and 8-register SGPR tuple from N = 4k (k = 0..31, M = N + 3 or
 * N + 7; at most 8 characters, "124:131]"), 0-padded to 8 bytes, and its length: built at
 * compile time from the decimal digits above, so that such a tuple is one 8-byte copy. */
typedef struct {
    uint64_t text;
    uint8_t len;
} tuple_text;
#define TUP_DLEN(n) DEC_LEN(n)
#define TUP_DIG(n, i) ((i) == 0 ? DEC_B0(n) : (i) == 1 ? DEC_B1(n) : DEC_B2(n))
#define TUP_B(a, b, j)                                                                            \
    ((uint64_t)((j) < TUP_DLEN(a)                      ? TUP_DIG(a, j)                           \
                : (j) == TUP_DLEN(a)                   ? (uint32_t)':'                           \
                : (j) < TUP_DLEN(a) + 1 + TUP_DLEN(b)  ? TUP_DIG(b, (j) - TUP_DLEN(a) - 1)       \
                : (j) == TUP_DLEN(a) + 1 + TUP_DLEN(b) ? (uint32_t)']'                           \
                                                       : 0u))
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#define TUP_SH(j) (56 - 8 * (j))
#else
#define TUP_SH(j) (8 * (j))
#endif
#define TUP(a, b)                                                                                 \
    {TUP_B(a, b, 0u) << TUP_SH(0) | TUP_B(a, b, 1u) << TUP_SH(1) | TUP_B(a, b, 2u) << TUP_SH(2) |  \
         TUP_B(a, b, 3u) << TUP_SH(3) | TUP_B(a, b, 4u) << TUP_SH(4) |                            \
         TUP_B(a, b, 5u) << TUP_SH(5) | TUP_B(a, b, 6u) << TUP_SH(6) |                            \
         TUP_B(a, b, 7u) << TUP_SH(7),                                                            \
     (uint8_t)(TUP_DLEN(a) + TUP_DLEN(b) + 2)}
#define TUP4_(k, c) TUP(4 * (k), 4 * (k) + (c)-1), TUP(4 * (k) + 4, 4 * (k) + 3 + (c)),          \
    TUP(4 * (k) + 8, 4 * (k) + 7 + (c)), TUP(4 * (k) + 12, 4 * (k) + 11 + (c))
#define TUP32_(c) TUP4_(0, c), TUP4_(4, c), TUP4_(8, c), TUP4_(12, c), TUP4_(16, c),             \
    TUP4_(20, c), TUP4_(24, c), TUP4_(28, c)
static const tuple_text tuple_texts[2][32] = {{TUP32_(4)}, {TUP32_(8)}};

/* An SGPR tuple of count >= 2 registers: "s[N:M]" below ttmp_base, else "ttmp[N:M]". */
static inline char *put_stuple(char *p, const tmu_gcn_gen_info *g, unsigned first, unsigned count)
{
    static const char pfx[2][8] = {{'s', '[', 0, 0, 0, 0, 0, 0},
                                   {'t', 't', 'm', 'p', '[', 0, 0, 0}};
    unsigned t = first >= g->ttmp_base;
    memcpy(p, pfx[t], 8);
    p += 2 + 3 * t;
    first -= g->ttmp_base & (0u - t);
    if (first % 4 == 0 && first < 128 && (count == 4 || count == 8)) { /* every MIMG tuple */
        const tuple_text *e = &tuple_texts[count == 8][first / 4];
        memcpy(p, &e->text, 8);
        return p + e->len;
    }
    p = put_dec(p, first);
    *p = ':';
    p = put_dec(p + 1, first + count - 1);
    *p = ']';
    return p + 1;
}

/* ", SSAMP" after the resource, kept only when the opcode takes a sampler. */
static inline char *put_ssamp(char *p, const tmu_gcn_gen_info *g, const uint32_t *f,
                              const tmu_gcn_row_fast *rf)
{
    char *q = p;
    q[0] = ',';
    q[1] = ' ';
    q = put_srange(q + 2, g, f[TMU_GCN_F_SSAMP] * 4, 4);
    return keep_if(p, q, rf->sampler);
}

/* llvm's " dmask:0xN", left out when DMASK is 0 (its default). */
static inline char *put_llvm_dmask(char *p, unsigned dm)
{
    memcpy(p, " dmask:0x", 9);
    p[9] = "0123456789abcdef"[dm & 15];
    return p + (10 & (0u - (dm != 0)));
}

/* The one-bit modifiers mods[first..count) whose fields are set, each " name". */
static inline char *put_modifiers(char *p, const uint32_t *f, const tmu_gcn_modifier *mods,
                                  unsigned first, unsigned count)
{
    for (unsigned m = first; m < count; m++) {
        const tmu_gcn_modifier *mod = &mods[m];
        memcpy(p, mod->text, 8); /* " name" padded: kept only if the bit is set */
        p += (mod->name_len + 1u) & (0u - (f[mod->field] & 1));
    }
    return p;
}

/* Ends the text written from base to p: copied into buf (size bytes) when base is a local
 * buffer, NUL-terminated.  Returns its length, or -1 (buf[0] = 0) when buf is too small. */
static inline int finish_text(char *buf, size_t size, const char *base, const char *p)
{
    size_t n = (size_t)(p - base);
    if (n + 1 > size) {
        buf[0] = 0;
        return -1;
    }
    if (base != buf)
        memcpy(buf, base, n);
    buf[n] = 0;
    return (int)n;
}

/* Prints an instruction already known to be valid (validated or freshly decoded); ri is the
 * row number + 1 of its opcode.  Returns the length or -1 (buffer too small, or a VADDR count
 * in opts that names no register range). */
static int print_valid(const tmu_gcn_mimg *inst, unsigned ri, const tmu_gcn_print_opts *opts,
                       char *buf, size_t size, int clrx)
{
    const uint32_t *f = inst->f;
    const tmu_gcn_gen_info *g = tmu_gcn_gen_info_get(inst->gen);
    const tmu_gcn_row_fast *rf = &tmu_gcn_row_fasts[ri - 1];
    char local[TEXT_MAX];
    char *base = size >= TEXT_MAX ? buf : local;
    char *p = base;
    memcpy(p, inst->op->name, sizeof inst->op->name); /* fixed size: no variable copy */
    p += rf->name_len;
    *p++ = ' ';
    /* validation rejects VDATA ranges past v255, so the range always fits here */
    p = put_vrange(p, f[TMU_GCN_F_VDATA], tmu_gcn_fast_vdata(f, g, rf));
    p[0] = ',';
    p[1] = ' ';
    unsigned na = rf->vaddr_min;
    if (opts && opts->vaddr_count > 0) {
        if (opts->vaddr_count > 16 || f[TMU_GCN_F_VADDR] + (unsigned)opts->vaddr_count > 256) {
            buf[0] = 0;
            return -1; /* no such register range */
        }
        na = (unsigned)opts->vaddr_count;
    }
    p = put_vrange(p + 2, f[TMU_GCN_F_VADDR], na);
    p[0] = ',';
    p[1] = ' ';
    p = put_srange(p + 2, g, f[TMU_GCN_F_SRSRC] * 4, 8u - 4u * (clrx & f[TMU_GCN_F_R128]));
    p = put_ssamp(p, g, f, rf);
    /* the modifier table: dmask first (shown unless it is the syntax's default: 0 for llvm,
     * 1 for clrx, which also writes it in decimal), then the one-bit modifiers */
    unsigned dm = f[TMU_GCN_F_DMASK];
    if (clrx) {
        char *q = p;
        memcpy(q, " dmask:", 7);
        q = put_dec(q + 7, dm);
        p = keep_if(p, q, dm != 1);
    } else {
        p = put_llvm_dmask(p, dm);
    }
    p = put_modifiers(p, f, tmu_gcn_modifiers, 1, TMU_GCN_NUM_MODIFIERS);
    return finish_text(buf, size, base, p);
}

/* The RDNA printer (llvm-mc 16), for an instruction already known to be valid (row ri - 1).
 *   MNEMONIC VDATA, VADDR, SRSRC[, SSAMP] [dmask:0xN] dim:SQ_RSRC_IMG_<DIM> [unorm] [glc] [slc]
 *            [dlc] [r128] [a16] [tfe] [lwe] [d16]
 * BVH: MNEMONIC v[a:a+3], VADDR, s[n:n+3] [a16] (its other fields are fixed). */
/* The longest RDNA text is about 215 characters (a 22-character mnemonic, 12 NSA addresses,
 * ttmp SGPRs, every modifier), and the fixed-size writes reach at most 32 bytes past the text,
 * so a TMU_GCN_TEXT_MAX buffer is written in place. */
#define RDNA_TEXT_MAX TMU_GCN_TEXT_MAX

/* The text of a valid RDNA instruction of gen (layout L, a constant at each call) in d[]
 * (TMU_GCN_MAX_DWORDS, 0 past its length; v its values, ri - 1 its opcode row), written at p,
 * which has RDNA_TEXT_MAX bytes; returns the end of the text. */
TMU_GCN_RDNA_INLINE char *put_rdna(tmu_gcn_gen gen, tmu_gcn_layout L, const uint32_t *d,
                                   const tmu_gcn_rdna_vals *v, unsigned ri, char *p)
{
    const tmu_gcn_gen_info *g = tmu_gcn_gen_info_get(gen);
    const tmu_gcn_row_fast *rf = &tmu_gcn_row_fasts[ri - 1];
    const tmu_gcn_opcode_info *op = &tmu_gcn_opcode_rows[ri - 1];
    int bvh = op->cls == TMU_GCN_CLASS_BVH;
    memcpy(p, op->name, sizeof op->name);
    p += rf->name_len;
    *p++ = ' ';
    p = put_vrange(p, v->vdata,
                   bvh ? 4u : tmu_gcn_rdna_vdata_v(v, tmu_gcn_rdna_gather_like(gen, op)));
    p[0] = ',';
    p[1] = ' ';
    p += 2;
    unsigned a16 = v->a16;
    unsigned n = rf->addr_n[(v->dim & 7) * 2 + a16];
    if (!v->nsa) {
        p = put_vrange(p, v->vaddr, n);
    } else {
        /* one VGPR per address; gfx11 BVH: one contiguous group per NSA byte */
        static const uint8_t bvh_groups[2][2][5] = {{{1, 1, 3, 3, 3}, {1, 1, 3, 3, 0}},
                                                    {{2, 1, 3, 3, 3}, {2, 1, 3, 3, 0}}};
        const uint8_t *size_of = NULL;
        if (bvh && gen == TMU_GCN_GFX11) {
            size_of = bvh_groups[(op->flags & TMU_GCN_OPF_BVH64) != 0][a16];
            n = 5 - a16;
        }
        *p++ = '[';
        if (size_of) {
            for (unsigned k = 0; k < n; k++) {
                p = put_vrange(p, k ? tmu_gcn_rdna_nsa_byte(d, k - 1) : v->vaddr, size_of[k]);
                p[0] = ',';
                p[1] = ' ';
                p += 2;
            }
        } else {
            /* one VGPR per address, "vN, ": the first NSA dword's slots (all of gfx11's)
             * written, each kept while it is one of the n (no branch on n), then any more */
            p = put_vslot(p, v->vaddr);
            unsigned slots = tmu_gcn_rdna_nsa_slots(L), first = slots < 4 ? slots : 4;
            for (unsigned k = 1; k <= first; k++)
                p = keep_if(p, put_vslot(p, tmu_gcn_rdna_nsa_byte(d, k - 1)), k < n);
            if (n > first + 1) { /* the next four the same way, then any more */
                unsigned next = slots < 8 ? slots : 8;
                for (unsigned k = first + 1; k <= next; k++)
                    p = keep_if(p, put_vslot(p, tmu_gcn_rdna_nsa_byte(d, k - 1)), k < n);
                for (unsigned k = next + 1; k < n; k++)
                    p = put_vslot(p, tmu_gcn_rdna_nsa_byte(d, k - 1));
            }
        }
        p[-2] = ']';
        p--;
    }
    p[0] = ',';
    p[1] = ' ';
    p = put_stuple(p + 2, g, v->srsrc * 4, bvh ? 4u : 8u);
    if (bvh) {
        memcpy(p, " a16", 4);
        p += 4 & (0u - a16);
    } else {
        /* ", SSAMP" kept only when the opcode takes a sampler */
        char *q = p;
        q[0] = ',';
        q[1] = ' ';
        q = put_stuple(q + 2, g, v->ssamp * 4, 4);
        p = keep_if(p, q, rf->sampler);
        p = put_llvm_dmask(p, v->dmask);
        static const struct {
            char text[32]; /* " dim:NAME", padded: one fixed-size copy */
            uint8_t len;
        } dims[8] = {{" dim:SQ_RSRC_IMG_1D", 19},         {" dim:SQ_RSRC_IMG_2D", 19},
                     {" dim:SQ_RSRC_IMG_3D", 19},         {" dim:SQ_RSRC_IMG_CUBE", 21},
                     {" dim:SQ_RSRC_IMG_1D_ARRAY", 25},   {" dim:SQ_RSRC_IMG_2D_ARRAY", 25},
                     {" dim:SQ_RSRC_IMG_2D_MSAA", 24},    {" dim:SQ_RSRC_IMG_2D_MSAA_ARRAY", 30}};
        memcpy(p, dims[v->dim & 7].text, 32);
        p += dims[v->dim & 7].len;
        /* the one-bit modifiers that are set: one ready-made text (the fields are constants) */
#define RDNA_BITS_(p, a, A, b, B, c, C)                                                           \
    (tmu_gcn_rdna_fld(L, TMU_GCN_F_##A, d) | tmu_gcn_rdna_fld(L, TMU_GCN_F_##B, d) << 1 |        \
     tmu_gcn_rdna_fld(L, TMU_GCN_F_##C, d) << 2)
        const rdna_mods9 *m = &rdna_mod_sets[RDNA_MODS_0(RDNA_BITS_, ) << 6 |
                                             RDNA_MODS_1(RDNA_BITS_, ) << 3 |
                                             RDNA_MODS_2(RDNA_BITS_, )];
#undef RDNA_BITS_
        memcpy(p, m->text, sizeof *m);
        p += m->len;
    }
    return p;
}

/* Prints a valid RDNA instruction (row ri - 1) into buf: its dwords again (the field table's
 * encode), then the printer of its layout.  Returns the length or -1 (buffer too small). */
static int print_rdna(const tmu_gcn_mimg *inst, unsigned ri, char *buf, size_t size)
{
    uint32_t d[TMU_GCN_MAX_DWORDS];
    unsigned len;
    if (tmu_gcn_encode_dwords(inst, d, &len, NULL) != TMU_OK) { /* valid: cannot fail */
        buf[0] = 0;
        return -1;
    }
    tmu_gcn_rdna_vals v;
    tmu_gcn_rdna_vals_f(inst->f, &v);
    char local[RDNA_TEXT_MAX];
    char *base = size >= RDNA_TEXT_MAX ? buf : local;
    char *end = inst->gen == TMU_GCN_GFX11
                    ? put_rdna(TMU_GCN_GFX11, TMU_GCN_LAYOUT_GFX11, d, &v, ri, base)
                    : put_rdna(inst->gen, TMU_GCN_LAYOUT_GFX10, d, &v, ri, base);
    return finish_text(buf, size, base, end);
}

/* The fast path of tmu_gcn_disasm_dwords for an RDNA instruction in d[] (the dwords past its
 * length 0) on gen, whose layout is L (a constant at each call): reads the fields, checks
 * every rule at once and prints a valid non-BVH instruction at p (RDNA_TEXT_MAX bytes).
 * Returns the end of the text, or NULL when the ordered path must decide (any rule broken,
 * BVH). */
TMU_GCN_RDNA_INLINE char *rdna_fast(tmu_gcn_gen gen, tmu_gcn_layout L, const uint32_t *d, char *p)
{
    tmu_gcn_rdna_vals v;
    tmu_gcn_rdna_vals_d(L, d, &v);
    unsigned ri = tmu_gcn_op_index[gen][v.opc & 0xff];
    if (!tmu_gcn_rdna_vals_ok(gen, &v, ri))
        return NULL;
    return put_rdna(gen, L, d, &v, ri, p);
}

static int print_common(const tmu_gcn_mimg *inst, const tmu_gcn_print_opts *opts, char *buf,
                        size_t size, int clrx)
{
    if (!inst || !buf || size == 0)
        return -1;
    buf[0] = 0;
    if (tmu_gcn_validate(inst, NULL) != TMU_OK)
        return -1;
    if (TMU_GCN_GEN_IS_RDNA(inst->gen)) {
        if (clrx)
            return -1; /* CLRX syntax: gfx6-9 only */
        unsigned opc = inst->f[TMU_GCN_F_OPCODE] | inst->f[TMU_GCN_F_OP7] << 7;
        return print_rdna(inst, tmu_gcn_op_index[inst->gen][opc & 0xff], buf, size);
    }
    /* valid: the opcode fits its 7 bits and is defined on the generation */
    return print_valid(inst, tmu_gcn_op_index[inst->gen][inst->f[TMU_GCN_F_OPCODE]], opts, buf,
                       size, clrx);
}

int tmu_gcn_print_llvm(const tmu_gcn_mimg *inst, const tmu_gcn_print_opts *opts, char *buf,
                       size_t size)
{
    return print_common(inst, opts, buf, size, 0);
}

int tmu_gcn_print_clrx(const tmu_gcn_mimg *inst, const tmu_gcn_print_opts *opts, char *buf,
                       size_t size)
{
    return print_common(inst, opts, buf, size, 1);
}

/* A BVH instruction in d[] (layout L) that keeps its fixed form (the ordered rules), printed
 * at p like rdna_fast; NULL for anything else. */
TMU_GCN_RDNA_INLINE char *rdna_bvh_at(tmu_gcn_gen gen, tmu_gcn_layout L, const uint32_t *d,
                                      char *p)
{
    tmu_gcn_mimg inst;
    tmu_gcn_extract_rdna_f(L, d, inst.f);
    unsigned ri = tmu_gcn_rdna_row(gen, inst.f);
    if (!ri || tmu_gcn_opcode_rows[ri - 1].cls != TMU_GCN_CLASS_BVH)
        return NULL;
    inst.gen = gen;
    inst.op = &tmu_gcn_opcode_rows[ri - 1];
    if (tmu_gcn_rdna_check(&inst, ri, TMU_ERR_DECODE, NULL) != TMU_OK)
        return NULL;
    tmu_gcn_rdna_vals v;
    tmu_gcn_rdna_vals_d(L, d, &v);
    return put_rdna(gen, L, d, &v, ri, p);
}

static __attribute__((noinline)) char *rdna_bvh(tmu_gcn_gen gen, tmu_gcn_layout L,
                                                const uint32_t *d, char *p)
{
    return L == TMU_GCN_LAYOUT_GFX11 ? rdna_bvh_at(TMU_GCN_GFX11, TMU_GCN_LAYOUT_GFX11, d, p)
                                     : rdna_bvh_at(gen, TMU_GCN_LAYOUT_GFX10, d, p);
}

/* tmu_gcn_disasm_dwords when the fast path leaves the instruction to the ordered rules (an
 * invalid, cut short or BVH instruction): decode for the reason, then print. */
static __attribute__((noinline)) int rdna_ordered(tmu_gcn_gen gen, const uint32_t *dw, size_t n,
                                                  unsigned *len, char *buf, size_t size,
                                                  tmu_diag *diag)
{
    tmu_gcn_mimg inst;
    if (tmu_gcn_decode_dwords(gen, dw, n, &inst, len, diag) != TMU_OK)
        return -1;
    int k = print_rdna(&inst, tmu_gcn_rdna_row(gen, inst.f), buf, size);
    if (k < 0)
        tmu_diag_set(diag, TMU_ERR_BUFFER_TOO_SMALL, 0, 0, -1, "output buffer of %zu bytes is too "
                     "small", size);
    return k;
}

/* tmu_gcn_disasm_dwords' fast path on gen, layout L (a constant at each call): the
 * instruction at dw (n dwords readable) when it is whole and valid and not BVH, printed into
 * buf; returns its length as tmu_gcn_disasm_dwords does (-1: buf too small), or -2 when the
 * ordered path must decide.  One function per layout, each with its own registers. */
TMU_GCN_RDNA_INLINE int rdna_text(tmu_gcn_gen gen, tmu_gcn_layout L, const uint32_t *dw,
                                  size_t n, unsigned *len, char *buf, size_t size)
{
    unsigned need = 2u + tmu_gcn_rdna_fld(L, TMU_GCN_F_NSA, dw);
    if (n < need)
        return -2;
    uint32_t d[TMU_GCN_MAX_DWORDS] = {dw[0], dw[1], 0, 0, 0};
    if (n >= TMU_GCN_MAX_DWORDS) { /* every dword readable: masked, no branch on the length */
        _Static_assert(TMU_GCN_MAX_DWORDS == 5, "rdna_text: one line per NSA dword");
        d[2] = dw[2] & (0u - (need > 2));
        d[3] = dw[3] & (0u - (need > 3));
        d[4] = dw[4] & (0u - (need > 4));
    } else {
        for (unsigned k = 2; k < need; k++)
            d[k] = dw[k];
    }
    char local[RDNA_TEXT_MAX];
    char *base = size >= RDNA_TEXT_MAX ? buf : local;
    char *end = rdna_fast(gen, L, d, base);
    if (!end && !(end = rdna_bvh(gen, L, d, base)))
        return -2;
    if (len)
        *len = need;
    return finish_text(buf, size, base, end);
}

/* tmu_gcn_disasm_dwords' RDNA part on layout L: the fast path, else the ordered one. */
TMU_GCN_RDNA_INLINE int rdna_disasm(tmu_gcn_gen gen, tmu_gcn_layout L, const uint32_t *dw,
                                    size_t n, unsigned *len, char *buf, size_t size,
                                    tmu_diag *diag)
{
    int k = rdna_text(gen, L, dw, n, len, buf, size);
    if (k < -1)
        return rdna_ordered(gen, dw, n, len, buf, size, diag);
    if (diag)
        tmu_diag_clear(diag);
    if (k == -1)
        tmu_diag_set(diag, TMU_ERR_BUFFER_TOO_SMALL, 0, 0, -1, "output buffer of %zu bytes is too "
                     "small", size);
    return k;
}

/* One function per generation, so that its rows (tmu_gcn_gens) are constants there. */
static __attribute__((noinline)) int rdna_disasm_gfx10(const uint32_t *dw, size_t n, unsigned *len,
                                                       char *buf, size_t size, tmu_diag *diag)
{
    return rdna_disasm(TMU_GCN_GFX10, TMU_GCN_LAYOUT_GFX10, dw, n, len, buf, size, diag);
}

static __attribute__((noinline)) int rdna_disasm_gfx103(const uint32_t *dw, size_t n,
                                                        unsigned *len, char *buf, size_t size,
                                                        tmu_diag *diag)
{
    return rdna_disasm(TMU_GCN_GFX103, TMU_GCN_LAYOUT_GFX10, dw, n, len, buf, size, diag);
}

static __attribute__((noinline)) int rdna_disasm_gfx11(const uint32_t *dw, size_t n, unsigned *len,
                                                       char *buf, size_t size, tmu_diag *diag)
{
    return rdna_disasm(TMU_GCN_GFX11, TMU_GCN_LAYOUT_GFX11, dw, n, len, buf, size, diag);
}

int tmu_gcn_disasm_dwords(tmu_gcn_gen gen, const uint32_t *dw, size_t n, unsigned *len,
                          tmu_gcn_syntax syntax, char *buf, size_t size, tmu_diag *diag)
{
    if (len)
        *len = 0;
    if (!buf || size == 0)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1, "no output buffer"), -1;
    buf[0] = 0;
    if ((unsigned)gen >= TMU_GCN_GEN_ALL || !dw || n == 0)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1,
                            "bad argument to tmu_gcn_disasm_dwords"), -1;
    if (!TMU_GCN_GEN_IS_RDNA(gen)) {
        if (len)
            *len = 2;
        if (n < 2)
            return tmu_diag_set(diag, TMU_ERR_DECODE, 0, 0, 32,
                                "truncated: a MIMG instruction is 2 dwords, 1 given"), -1;
        return tmu_gcn_disasm(gen, dw[0] | (uint64_t)dw[1] << 32, syntax, buf, size, diag);
    }
    if (syntax != TMU_GCN_SYNTAX_LLVM)
        return tmu_diag_set(diag, TMU_ERR_UNSUPPORTED, 0, 0, -1,
                            "CLRX syntax is for gfx6-9; %s prints in LLVM syntax only",
                            tmu_gcn_gen_name(gen)), -1;
    /* the fast path: a whole instruction, all rules at once; else decode for the reason */
    _Static_assert(TMU_GCN_GEN_ALL == TMU_GCN_GFX11 + 1, "RDNA: gfx10, gfx10.3, gfx11");
    return gen == TMU_GCN_GFX11    ? rdna_disasm_gfx11(dw, n, len, buf, size, diag)
           : gen == TMU_GCN_GFX103 ? rdna_disasm_gfx103(dw, n, len, buf, size, diag)
                                   : rdna_disasm_gfx10(dw, n, len, buf, size, diag);
}

/* tmu_gcn_disasm_lines on an RDNA generation of layout L (a constant at each call). */
TMU_GCN_RDNA_INLINE size_t rdna_lines(tmu_gcn_gen gen, tmu_gcn_layout L, const uint32_t *dw,
                                      size_t n, char *buf, size_t size, size_t *used)
{
    size_t i = 0, w = 0;
    while (i < n && size - w >= TMU_GCN_TEXT_MAX) {
        unsigned len = 0;
        int k = rdna_text(gen, L, dw + i, n - i, &len, buf + w, TMU_GCN_TEXT_MAX);
        if (k < 0)
            break; /* invalid, cut short or BVH: tmu_gcn_disasm_dwords decides */
        w += (size_t)k;
        buf[w++] = '\n';
        i += len;
    }
    *used = i;
    return w;
}

static __attribute__((noinline)) size_t rdna_lines_gfx10(const uint32_t *dw, size_t n, char *buf,
                                                         size_t size, size_t *used)
{
    return rdna_lines(TMU_GCN_GFX10, TMU_GCN_LAYOUT_GFX10, dw, n, buf, size, used);
}

static __attribute__((noinline)) size_t rdna_lines_gfx103(const uint32_t *dw, size_t n, char *buf,
                                                          size_t size, size_t *used)
{
    return rdna_lines(TMU_GCN_GFX103, TMU_GCN_LAYOUT_GFX10, dw, n, buf, size, used);
}

static __attribute__((noinline)) size_t rdna_lines_gfx11(const uint32_t *dw, size_t n, char *buf,
                                                         size_t size, size_t *used)
{
    return rdna_lines(TMU_GCN_GFX11, TMU_GCN_LAYOUT_GFX11, dw, n, buf, size, used);
}

size_t tmu_gcn_disasm_lines(tmu_gcn_gen gen, const uint32_t *dw, size_t n, char *buf, size_t size,
                            size_t *used)
{
    size_t u = 0, w = 0;
    while (buf && dw && (unsigned)gen < TMU_GCN_GEN_ALL) {
        if (TMU_GCN_GEN_IS_RDNA(gen)) { /* every instruction the fast path takes */
            size_t k = 0;
            w += gen == TMU_GCN_GFX11    ? rdna_lines_gfx11(dw + u, n - u, buf + w, size - w, &k)
                 : gen == TMU_GCN_GFX103 ? rdna_lines_gfx103(dw + u, n - u, buf + w, size - w, &k)
                                         : rdna_lines_gfx10(dw + u, n - u, buf + w, size - w, &k);
            u += k;
        }
        /* one the fast path left: gfx6-9; on RDNA, with room left, one that is invalid or
         * cut short, which tmu_gcn_disasm_dwords would refuse too (its fast path is the same,
         * and its ordered rules accept exactly what that path does): stop there */
        if (u >= n || size - w < TMU_GCN_TEXT_MAX || TMU_GCN_GEN_IS_RDNA(gen))
            break;
        unsigned len = 0;
        int k = tmu_gcn_disasm_dwords(gen, dw + u, n - u, &len, TMU_GCN_SYNTAX_LLVM, buf + w,
                                      TMU_GCN_TEXT_MAX, NULL);
        if (k < 0)
            break;
        w += (size_t)k;
        buf[w++] = '\n';
        u += len;
    }
    if (used)
        *used = u;
    return w;
}

int tmu_gcn_disasm(tmu_gcn_gen gen, uint64_t word, tmu_gcn_syntax syntax, char *buf, size_t size,
                   tmu_diag *diag)
{
    if (!buf || size == 0)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1, "no output buffer"), -1;
    buf[0] = 0;
    if ((unsigned)gen >= TMU_GCN_GEN_ALL)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1,
                            "bad argument to tmu_gcn_disasm"), -1;
    if (TMU_GCN_GEN_IS_RDNA(gen)) {
        const uint32_t dw[2] = {(uint32_t)word, (uint32_t)(word >> 32)};
        return tmu_gcn_disasm_dwords(gen, dw, 2, NULL, syntax, buf, size, diag);
    }
    /* decode and validate once: the rules at once, in order only for the reason */
    tmu_gcn_mimg inst;
    unsigned ri = tmu_gcn_extract(gen, word, &inst);
    if (!tmu_gcn_fast_ok(&inst, ri)) {
        if (tmu_gcn_check(&inst, ri, TMU_ERR_DECODE, diag) != TMU_OK)
            return -1;
    } else if (diag) {
        tmu_diag_clear(diag);
    }
    int n = print_valid(&inst, ri, NULL, buf, size, syntax == TMU_GCN_SYNTAX_CLRX);
    if (n < 0)
        tmu_diag_set(diag, TMU_ERR_BUFFER_TOO_SMALL, 0, 0, -1, "output buffer of %zu bytes is too "
                     "small", size);
    return n;
}
