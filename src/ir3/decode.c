/* ir3 cat5 — decode and encode, driven by the tables in tables.c. */
#include <ctype.h>
#include <string.h>

#include "ir3/tables.h"

tmu_status tmu_ir3_gpu_from_name(const char *name, uint32_t *gpu_id)
{
    if (!name || !gpu_id)
        return TMU_ERR_INVALID_ARGUMENT;
    const char *p = name;
    if (*p == 'a' || *p == 'A')
        p++;
    /* "a6xx" style */
    if (p[0] >= '3' && p[0] <= '8' && (p[1] == 'x' || p[1] == 'X') && (p[2] == 'x' || p[2] == 'X') && !p[3]) {
        *gpu_id = (uint32_t)(p[0] - '0') * 100u;
        return TMU_OK;
    }
    /* a number: "630", "a630" */
    if (!*p)
        return TMU_ERR_NOT_FOUND;
    uint32_t v = 0;
    for (const char *q = p; *q; q++) {
        if (!isdigit((unsigned char)*q) || v > 100000)
            return TMU_ERR_NOT_FOUND;
        v = v * 10 + (uint32_t)(*q - '0');
    }
    if (v < TMU_IR3_GPU_MIN || v > TMU_IR3_GPU_MAX)
        return TMU_ERR_NOT_FOUND;
    *gpu_id = v;
    return TMU_OK;
}

static void add_note(tmu_ir3_instr *in, int dontcare, unsigned lo, unsigned hi, const char *where, uint64_t value,
                     uint64_t expected)
{
    if (in->num_notes >= 4) /* Mesa keeps at most four errors per instruction */
        return;
    tmu_ir3_note *n = &in->notes[in->num_notes++];
    n->dontcare = (uint8_t)dontcare;
    n->lo = (uint8_t)lo;
    n->hi = (uint8_t)hi;
    n->where = where;
    n->value = value;
    n->expected = expected;
}

static void check_sub(tmu_ir3_instr *in, uint64_t value, unsigned hi, const char *where)
{
    if (value != 0)
        add_note(in, 0, 0, hi, where, value, 0);
}

/* The checks Mesa makes while displaying, in display order, and the bits it
 * silently drops. */
static void analyse(tmu_ir3_instr *in)
{
    const struct ir3_leaf *l = &ir3_leaves[in->op];
    const uint8_t *f = in->field;
    uint64_t w = in->word;
    unsigned layout = f[TMU_IR3_F_S2EN] ? IR3_L_S2EN : IR3_L_NORMAL;
    uint64_t ign = 0;

    if (w & l->info.dontcare)
        add_note(in, 1, 0, 63, l->info.name, w & l->info.dontcare, 0);

    if (l->cls == IR3_CLS_TCINV) {
        in->ignored = 0;
        return;
    }
    /* ir3_asserts[], in order, expanded from its list */
    unsigned a = 0;
#define IR3_CHECK_ASSERT(classes, layouts, field, expected, txt)                                           \
    if (((classes) & IR3_C(l->cls)) && ((layouts) & layout) && f[field] != (expected))                      \
        add_note(in, 0, ir3_fields[field].lo, ir3_fields[field].hi, ir3_asserts[a].where, f[field], expected); \
    a++;
    IR3_ASSERT_LIST(IR3_CHECK_ASSERT)
#undef IR3_CHECK_ASSERT
    (void)a;

    unsigned src2 = ir3_src2_mode(in);
    int src1 = ir3_src1_shown(in);
    if (!src1)
        check_sub(in, f[TMU_IR3_F_SRC1], 7, "#cat5-src1");
    if (l->cls != IR3_CLS_BRCST && src2 == IR3_SRC2_NONE)
        check_sub(in, f[TMU_IR3_F_SRC2], 7, "#cat5-src2");

    if (l->cls == IR3_CLS_BRCST || l->cls == IR3_CLS_QSHUF) {
        /* their templates show only DST, SRC1 (SRC2): the rest is dropped */
        uint64_t drop = (UINT64_C(0x7ff) << 21) | ((uint64_t)0xb << 48) | (UINT64_C(1) << 47);
        if (l->cls == IR3_CLS_BRCST)
            drop |= ir3_field_mask(TMU_IR3_F_SRC2) | (UINT64_C(1) << 52);
        else if (l->info.num_src > 1)
            drop |= UINT64_C(1) << 52;
        in->ignored = w & drop;
        return;
    }

    /* texture-base classes */
    if (layout == IR3_L_NORMAL) {
        if (!l->info.has_samp)
            check_sub(in, f[TMU_IR3_F_SAMP], 3, "#cat5-samp");
        if (!l->info.has_tex)
            check_sub(in, f[TMU_IR3_F_TEX], 6, "#cat5-tex");
        if (l->cls == IR3_CLS_IMGB_MATCH)
            ign |= w & ir3_field_mask(TMU_IR3_F_B50); /* match mode only shown in the s2en layout */
    } else {
        const struct ir3_desc *d = &ir3_descs[f[TMU_IR3_F_DESC_MODE]];
        unsigned s3 = f[TMU_IR3_F_SRC3];
        if (d->indirect) {
            /* register */
        } else if (d->a1 && in->gpu_id >= 600 && in->gpu_id < 700) {
            if (!l->info.has_samp)
                check_sub(in, s3, 7, "#cat5-samp-s2en-bindless-a1");
        } else if (d->a1 && in->gpu_id >= 700) {
            if (!l->info.has_tex)
                check_sub(in, s3, 7, "#cat5-tex-s2en-bindless-a1");
        } else {
            if (!l->info.has_samp)
                check_sub(in, s3 & 15, 3, "#cat5-samp");
            if (!l->info.has_tex)
                check_sub(in, s3 >> 4, 3, "#cat5-tex-s2en-bindless");
        }
        if (!d->bindless)
            ign |= w & (ir3_field_mask(TMU_IR3_F_B19_20) | ir3_field_mask(TMU_IR3_F_B47));
    }
    if (!src1 && src2 != IR3_SRC2_REG)
        ign |= w & 1; /* FULL is only visible through a source's 'h' */
    if (!l->info.has_type) {
        unsigned t = f[TMU_IR3_F_TYPE];
        unsigned canon = ir3_type_half[t] ? 0 : 1;
        if (t != 7 && t != canon)
            ign |= ir3_field_mask(TMU_IR3_F_TYPE) & w;
    }
    if (l->cls == IR3_CLS_ISAM && f[TMU_IR3_F_B53] && (f[TMU_IR3_F_B52] || f[TMU_IR3_F_SRC2] == 0))
        ign |= UINT64_C(1) << 53;
    in->ignored = ign;
}

/* tmu_diag_set only when there is a diagnostic to fill (the formatting is
 * the costly part of rejecting a word) */
#define DECODE_FAIL(diag, st, off, ...) ((diag) ? tmu_diag_set(diag, st, 0, 0, off, __VA_ARGS__) : (st))

/* Field extraction, expanded from IR3_FIELD_LIST: field `id` is byte id % 8
 * of 64-bit group id / 8, so the 24 fields are gathered into three words and
 * stored with three moves.  Fields of the other layout read as 0. */
#define IR3_FMASK(lo, hi) ((UINT64_C(2) << ((hi) - (lo))) - 1)
#define IR3_LMASK(lay) ((lay) == IR3_L_BOTH ? ~UINT64_C(0) : (lay) == IR3_L_S2EN ? s2en_mask : ~s2en_mask)
/* word shifted so that bit lo lands on bit 8 * j (terms with the same shift merge) */
#define IR3_PLACE(lo, j) ((lo) >= 8 * (j) ? word >> ((lo) - 8 * (j)) : word << (8 * (j) - (lo)))
#define IR3_PACK(id, nm, lo, hi, lay) \
    *((id) < 8 ? &pk0 : (id) < 16 ? &pk1 : &pk2) |= IR3_PLACE(lo, (id) % 8) & (IR3_FMASK(lo, hi) << (8 * ((id) % 8))) & IR3_LMASK(lay);
#define IR3_EXTRACT(id, nm, lo, hi, lay) \
    out->field[id] = (uint8_t)(((word >> (lo)) & IR3_FMASK(lo, hi)) & IR3_LMASK(lay));

_Static_assert(TMU_IR3_F_COUNT <= 24, "extract_fields packs the fields into three 64-bit words");

static inline void extract_fields(uint64_t word, tmu_ir3_instr *out)
{
    uint64_t s2en_mask = UINT64_C(0) - ((word >> 51) & 1); /* all ones in the s2en layout */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    uint64_t pk0 = 0, pk1 = 0, pk2 = 0;
    IR3_FIELD_LIST(IR3_PACK)
    /* three separate 8-byte stores (one 16-byte store of two fresh words
     * would stall on store forwarding) */
    memcpy(out->field, &pk0, 8);
    memcpy(out->field + 8, &pk1, 8);
    memcpy(out->field + 16, &pk2, 8);
#else
    IR3_FIELD_LIST(IR3_EXTRACT)
#endif
}
#undef IR3_PACK
#undef IR3_PLACE
#undef IR3_EXTRACT
#undef IR3_LMASK

tmu_status tmu_ir3_decode(uint64_t word, uint32_t gpu_id, tmu_ir3_instr *out, tmu_diag *diag)
{
    if (!out)
        return DECODE_FAIL(diag, TMU_ERR_INVALID_ARGUMENT, -1, "no output instruction given");
    out->op = TMU_IR3_OP_NONE;
    out->gpu_id = gpu_id;
    out->word = word;
    out->ignored = 0;
    out->num_notes = 0;
    if (gpu_id < TMU_IR3_GPU_MIN || gpu_id > TMU_IR3_GPU_MAX)
        return DECODE_FAIL(diag, TMU_ERR_INVALID_ARGUMENT, -1, "GPU id %u is outside %u..%u", gpu_id,
                           TMU_IR3_GPU_MIN, TMU_IR3_GPU_MAX);
    extract_fields(word, out);

    unsigned cat = (unsigned)(word >> 61);
    if (cat != 5)
        return DECODE_FAIL(diag, TMU_ERR_DECODE, 61, "category %u, not 5 (texture): bits 63..61 = %u%u%u", cat,
                           (cat >> 2) & 1, (cat >> 1) & 1, cat & 1);
    /* the definitions with this OPC, found by direct index */
    unsigned opc = (unsigned)((word >> 54) & 31);
    unsigned i = ir3_opc_first[opc], end = ir3_opc_first[opc + 1];
    int gen_miss = -1;
    for (; i < end; i++) {
        const tmu_ir3_opinfo *info = &ir3_leaves[i].info;
        if ((word & info->mask & ~info->dontcare) != info->match)
            continue;
        if (gpu_id >= info->gpu_min && gpu_id <= info->gpu_max)
            break; /* the table has no overlapping definitions (tested) */
        gen_miss = (int)i;
    }
    if (i >= end) {
        if (!diag)
            return TMU_ERR_DECODE;
        if (gen_miss >= 0)
            return tmu_diag_set(diag, TMU_ERR_DECODE, 0, 0, 54, "%s needs GPU id >= %u (got %u)",
                                ir3_leaves[gen_miss].info.name, ir3_leaves[gen_miss].info.gpu_min, gpu_id);
        if (ir3_opc_first[opc] == end)
            return tmu_diag_set(diag, TMU_ERR_DECODE, 0, 0, 54, "cat5 opcode %u is not assigned", opc);
        return tmu_diag_set(diag, TMU_ERR_DECODE, 0, 0, 18,
                            "cat5 opcode %u with bits 18=%u 19..20=%u 50=%u 52=%u 53=%u matches no instruction", opc,
                            (unsigned)(word >> 18) & 1, (unsigned)(word >> 19) & 3, (unsigned)(word >> 50) & 1,
                            (unsigned)(word >> 52) & 1, (unsigned)(word >> 53) & 1);
    }
    out->op = (tmu_ir3_op)i;
    analyse(out);
    return TMU_OK;
}

tmu_status tmu_ir3_encode(const tmu_ir3_instr *in, uint64_t *word, tmu_diag *diag)
{
    if (!in || !word)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1, "NULL instruction or output");
    if ((int)in->op < 0 || in->op >= TMU_IR3_OP_COUNT)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1, "no instruction to encode (op %d)", (int)in->op);
    const tmu_ir3_opinfo *info = &ir3_leaves[in->op].info;
    if (in->gpu_id < info->gpu_min || in->gpu_id > info->gpu_max)
        return tmu_diag_set(diag, TMU_ERR_UNSUPPORTED, 0, 0, -1, "%s needs GPU id %u..%u (got %u)", info->name,
                            info->gpu_min, info->gpu_max, in->gpu_id);
    unsigned layout = in->field[TMU_IR3_F_S2EN] ? IR3_L_S2EN : IR3_L_NORMAL;
    uint64_t w = 0;
    for (unsigned i = 0; i < TMU_IR3_F_COUNT; i++) {
        const struct ir3_field_def *d = &ir3_fields[i];
        uint64_t v = in->field[i];
        uint64_t max = (UINT64_C(2) << (d->hi - d->lo)) - 1;
        if (v > max)
            return tmu_diag_set(diag, TMU_ERR_RANGE, 0, 0, d->lo, "%s = %u does not fit bits %u..%u", d->name,
                                (unsigned)v, d->lo, d->hi);
        if (!(d->layouts & layout)) {
            if (v)
                return tmu_diag_set(diag, TMU_ERR_INVALID, 0, 0, d->lo, "%s is not part of the %s layout", d->name,
                                    layout == IR3_L_S2EN ? "s2en/bindless" : "normal");
            continue;
        }
        w |= v << d->lo;
    }
    /* the definition's fixed bits win over the fields */
    uint64_t fixed = info->mask & ~info->dontcare;
    *word = (w & ~fixed) | info->match;
    return TMU_OK;
}
