/* tmu load planner — ACO-compatible mode: Mesa 23.x emit_load and its callbacks
 * (reference/load-planning.md §2.1 and §4), reproduced step by step, including
 * the places where ACO is inexact (§6).  Where ACO asserts, this mode reports
 * TMU_ERR_UNSUPPORTED naming the assertion. */
#include "loadplan/internal.h"

#include <string.h>

/* First rung of the ladder with these bytes (and read2 unit / channel size) on ctx->gen. */
static const tmu_lp_insn *rung(const lp_ctx *ctx, uint32_t bytes, uint32_t read2_unit, uint32_t channel)
{
    for (size_t i = 0; i < ctx->ladder_len; i++) {
        const tmu_lp_insn *in = &ctx->ladder[i];
        if (in->bytes == bytes && in->read2_unit == read2_unit && in->channel_size == channel &&
            tmu_lp_insn_available(in, ctx->gen))
            return in;
    }
    return NULL;
}

static uint32_t next_pow2(uint32_t v)
{
    uint32_t p = 1;
    while (p < v) p *= 2;
    return p;
}

/* The callbacks: choose the instruction for `want` bytes at alignment `align` with
 * immediate *imm; may add fix-ups (moving *value) as ACO's callbacks do. */
static const tmu_lp_insn *callback(lp_ctx *ctx, uint32_t want, uint32_t align, uint32_t *imm,
                                   uint32_t *value)
{
    tmu_lp_gen gen = ctx->gen;
    const char *add = lp_add_insn(ctx->req->offset_kind, gen, false);
    switch (ctx->cls) {
    case TMU_LP_LDS: {
        bool big = gen >= TMU_LP_GFX7;
        const tmu_lp_insn *in;
        if (want >= 16 && align % 16 == 0 && big) in = rung(ctx, 16, 0, 0);
        else if (want >= 16 && align % 8 == 0 && *imm % 8 == 0 && big) in = rung(ctx, 16, 8, 0);
        else if (want >= 12 && align % 16 == 0 && big) in = rung(ctx, 12, 0, 0);
        else if (want >= 8 && align % 8 == 0) in = rung(ctx, 8, 0, 0);
        else if (want >= 8 && align % 4 == 0 && *imm % 4 == 0 && big) in = rung(ctx, 8, 4, 0);
        else if (want >= 4 && align % 4 == 0) in = rung(ctx, 4, 0, 0);
        else if (want >= 2 && align % 2 == 0) in = rung(ctx, 2, 0, 0);
        else in = rung(ctx, 1, 0, 0);
        if (!in)
            return NULL;
        uint32_t unit = in->read2_unit ? in->read2_unit : 1;
        uint32_t range = in->read2_unit ? 255 * unit : 65536;
        if (*imm > range - unit) {
            *value = lp_fixup(ctx, TMU_LP_FIX_ADD, *value, *imm - *imm % range, add);
            *imm %= range;
        }
        return in;
    }
    case TMU_LP_SMEM: {
        if (want > 64) want = 64;
        uint32_t up = next_pow2(want);
        uint32_t down = up == want ? up : up / 2;
        uint32_t size = (!ctx->req->smem_address || align % up == 0) ? up : down;
        if (size < 4) size = 4;
        if (!ctx->req->smem_address && *imm) {
            /* s_buffer_load: the immediate is added to the soffset SGPR */
            *value = lp_fixup(ctx, TMU_LP_FIX_ADD, *value, *imm,
                              ctx->const_addr ? "(folded)" : "s_add_u32");
            *imm = 0;
        }
        return rung(ctx, size, 0, 0);
    }
    case TMU_LP_MUBUF:
    case TMU_LP_SCRATCH_MUBUF:
    case TMU_LP_SCRATCH_FLAT:
    case TMU_LP_GLOBAL: {
        uint32_t size;
        if (want == 1 || align % 2) size = 1;
        else if (want == 2 || align % 4) size = 2;
        else if (want <= 4) size = 4;
        else if (want <= 8) size = 8;
        else if (want <= 12 && ctx->cls == TMU_LP_GLOBAL && gen == TMU_LP_GFX6) size = 8;
        else if (want <= 12 && (gen > TMU_LP_GFX6 || ctx->cls == TMU_LP_SCRATCH_FLAT)) size = 12;
        else size = 16;
        return rung(ctx, size, 0, 0);
    }
    case TMU_LP_MUBUF_FORMAT:
    case TMU_LP_MTBUF: {
        uint32_t cs = ctx->req->component_size;
        uint32_t ch = want / cs;
        if (ch > 4) ch = 4;
        if (ch == 0) ch = 1;
        return rung(ctx, ch * cs, 0, cs);
    }
    default: return NULL;
    }
}

tmu_status lp_plan_aco(lp_ctx *ctx)
{
    const tmu_lp_request *req = ctx->req;
    const tmu_lp_params *P = ctx->params;
    uint32_t A = ctx->A, r = ctx->r, c = req->const_offset, total = ctx->total;
    uint32_t cs = req->component_size, M = P->max_const_offset_plus_one;
    uint32_t read = 0;
    const char *add = lp_add_insn(req->offset_kind, ctx->gen, true);
    while (read < total) {
        uint32_t want = total - read;
        int skew = 0; /* -1 = unknown */
        if (P->byte_align_loads)
            skew = A % 4 == 0 ? (int)(r % 4) : -1;
        if (skew) {
            bool small = P->supports_8bit_16bit_loads &&
                         (want == 1 || (want == 2 && A % 2 == 0 && r % 2 == 0));
            if (small) {
                skew = 0;
            } else if (req->component_stride) {
                if (!P->supports_8bit_16bit_loads)
                    return tmu_diag_set(ctx->diag, TMU_ERR_UNSUPPORTED, 0, 0, -1,
                                        "ACO asserts here: a misaligned strided load needs 8/16-bit "
                                        "loads (\"unimplemented\")");
                want = 2;
                skew = 0;
            } else {
                want += skew != -1 ? (uint32_t)skew : 4 - req->align_mul; /* raw align_mul (§6.1) */
                want = (want + 3) & ~3u;
            }
        }
        if (ctx->max_load && want > ctx->max_load) want = ctx->max_load;
        if (req->component_stride && want > cs) want = cs;
        bool realign = skew != 0;
        uint32_t imm = c, X = 0;
        if (c && (realign || c >= M)) {
            X = realign ? c : (c / M) * M;
            imm = realign ? 0 : c % M;
        }
        uint32_t align = r ? (r & -r) : A;
        uint32_t value = 0;
        if (X && !(value = lp_fixup(ctx, TMU_LP_FIX_ADD, 0, X, add)))
            return ctx->err;
        uint32_t pre = value;
        if (realign) {
            align = 4;
            if (!(value = lp_fixup(ctx, TMU_LP_FIX_AND, pre, 0xfffffffcu, lp_and_insn(req->offset_kind))))
                return ctx->err;
        }
        const tmu_lp_insn *in = callback(ctx, want, align, &imm, &value);
        if (ctx->err)
            return ctx->err;
        if (!in)
            return tmu_diag_set(ctx->diag, TMU_ERR_UNSUPPORTED, 0, 0, -1,
                                "ACO mode: no %s instruction on %s for %u bytes",
                                tmu_lp_class_name(ctx->cls), tmu_lp_gen_name(ctx->gen), want);
        tmu_lp_load *ld = lp_add_load(ctx, in);
        if (!ld)
            return ctx->err;
        ld->addr = value;
        ld->imm = imm;
        ld->align = align;
        if (in->read2_unit) {
            ld->encoded_offset = imm / in->read2_unit;
            ld->encoded_offset1 = ld->encoded_offset + 1;
        } else {
            ld->encoded_offset = imm % P->imm_unit ? imm : imm / P->imm_unit;
        }
        uint32_t n = in->bytes;
        if (P->byte_align_loads && cs < 4) {
            if (n < total)
                return tmu_diag_set(ctx->diag, TMU_ERR_UNSUPPORTED, 0, 0, -1,
                                    "ACO asserts here: the first load (%u bytes) must cover the whole "
                                    "%u-byte sub-dword request (assert val.bytes() >= load_size)", n,
                                    total);
            if (skew > 0) {
                ld->shift_kind = TMU_LP_SHIFT_CONST;
                ld->shift = (uint32_t)skew;
            } else if (skew < 0) {
                if (ctx->const_addr) {
                    ld->shift_kind = TMU_LP_SHIFT_CONST;
                    ld->shift = (ctx->const_value + X) % 4;
                    if (!ld->shift)
                        ld->shift_kind = TMU_LP_SHIFT_NONE;
                } else {
                    ld->shift_kind = TMU_LP_SHIFT_RUNTIME;
                    ld->shift_src = pre;
                }
            }
            ld->dst_byte = 0;
            ld->useful = total;
            lp_name_shift(ctx, ld);
            return TMU_OK;
        }
        ld->dst_byte = read;
        if (req->component_stride) {
            if (n != cs)
                return tmu_diag_set(ctx->diag, TMU_ERR_UNSUPPORTED, 0, 0, -1,
                                    "ACO asserts here: with a component stride every load must be one "
                                    "component (%u bytes), not %u", cs, n);
            ld->useful = cs;
            c += req->component_stride;
            r = (r + req->component_stride) % A;
        } else {
            ld->useful = n < total - read ? n : total - read;
            c += n;
            r = (r + n) % A;
        }
        read += n;
        lp_name_shift(ctx, ld);
    }
    return TMU_OK;
}
