/* tmu load planner — exact mode.
 *
 * Each contiguous run of destination bytes in memory (the whole request, or one
 * component when a component stride is set) is covered by a shortest sequence of
 * loads found by dynamic programming over "bytes delivered so far".  A load either
 * starts at the first undelivered byte at an alignment the facts prove (natural),
 * or — for families with byte_align_loads — starts at the dword holding that byte
 * and is shifted right (by a constant when the misalignment is known, at run time
 * otherwise).  A load may read past the request only where that is harmless:
 * on bounds-checked memory, or within the 4 KiB pages the request touches anyway.
 * Ties are broken by fewer shifted loads, then fewer bytes over-read. */
#include "loadplan/internal.h"

#include <string.h>

typedef struct cost {
    uint32_t loads, shifted, over;
} cost;

static int cost_less(cost a, cost b)
{
    if (a.loads != b.loads) return a.loads < b.loads;
    if (a.shifted != b.shifted) return a.shifted < b.shifted;
    return a.over < b.over;
}

/* Is address E + x always a multiple of `a` (a power of two)? */
static bool aligned(const lp_ctx *ctx, uint64_t x, uint32_t a)
{
    return ctx->A % a == 0 && (ctx->r + x) % a == 0;
}

/* The largest possible (E + x) mod 4 over every consistent E. */
static uint32_t max_skew(const lp_ctx *ctx, uint64_t x)
{
    uint32_t m = 0;
    for (uint32_t t = 0; t < 4; t++)
        if (ctx->A >= 4 ? t == (ctx->r + x) % 4 : (t % ctx->A) == (ctx->r + x) % ctx->A)
            if (t > m) m = t;
    return m;
}

/* May a load of `s` bytes starting at E+o+p (or at its dword when widened) read past
 * the last requested byte E+req_end-1?  Yes on bounds-checked memory; otherwise only
 * when the extra bytes stay on the page of that byte for every consistent E (reads
 * below the first byte stay in its dword, hence on its page). */
static bool page_safe(const lp_ctx *ctx, uint32_t o, uint32_t p, uint32_t s, bool widened, uint32_t req_end)
{
    if (ctx->params->bounds_checked)
        return true;
    uint32_t Ap = ctx->A < 4096 ? ctx->A : 4096;
    uint32_t Q = Ap >= 4 ? Ap : 4;
    for (uint32_t t = 0; t < Q; t++) {
        if (Ap >= 4 ? t != ctx->r % Ap : t % Ap != ctx->r % Ap)
            continue;
        uint32_t skew = widened ? (t + o + p) % 4 : 0;
        int64_t delta = (int64_t)o + p - skew + s - req_end;
        if (delta <= 0)
            continue;
        uint32_t x = (t + req_end - 1) % Q;
        if (x + delta >= Q)
            return false;
    }
    return true;
}

static bool rung_usable(const lp_ctx *ctx, const tmu_lp_insn *in)
{
    if (!tmu_lp_insn_available(in, ctx->gen))
        return false;
    if (in->channel_size && in->channel_size != ctx->req->component_size)
        return false;
    if (ctx->max_load && in->bytes > ctx->max_load)
        return false;
    return true;
}

typedef struct choice {
    int rung;     /* ladder index, -1 = none */
    bool widened;
    uint32_t end; /* position after this load */
} choice;

/* Address values created so far: value index -> amount added to the dynamic offset. */
typedef struct values {
    uint32_t n;
    uint32_t idx[TMU_LP_MAX_FIXUPS + 1];
    int64_t add[TMU_LP_MAX_FIXUPS + 1];
} values;

static bool encodable(const lp_ctx *ctx, const tmu_lp_insn *in, int64_t imm, uint32_t mult)
{
    if (imm < 0 || imm % mult)
        return false;
    if (in->read2_unit)
        return imm % in->read2_unit == 0 && imm / in->read2_unit <= 254;
    return imm <= ctx->imm_max && imm % ctx->params->imm_unit == 0;
}

/* Picks the address value and immediate reaching dyn + need; creates an add when no
 * existing value does.  `mult` = required divisor of the immediate (4 before an AND). */
static tmu_status place(lp_ctx *ctx, values *v, const tmu_lp_insn *in, int64_t need, uint32_t mult,
                        uint32_t rest, uint32_t *value, int64_t *imm)
{
    if (need >= 0x100000000ll) /* addresses are 32-bit: wrap */
        need -= 0x100000000ll;
    for (uint32_t i = v->n; i-- > 0;) {
        if (encodable(ctx, in, need - v->add[i], mult)) {
            *value = v->idx[i];
            *imm = need - v->add[i];
            return TMU_OK;
        }
    }
    uint64_t maxenc = in->read2_unit ? 254ull * in->read2_unit : ctx->imm_max;
    uint32_t unit = in->read2_unit ? in->read2_unit : ctx->params->imm_unit;
    if (unit < mult) unit = mult;
    uint64_t G = 1;
    while (G * 2 <= maxenc + 1) G *= 2;
    int64_t cand = ((need % (int64_t)G) + (int64_t)G) % (int64_t)G;
    cand -= cand % unit;
    if ((uint64_t)cand + rest > maxenc || (uint64_t)cand > maxenc)
        cand = 0;
    int64_t add = need - cand;
    if (v->n >= TMU_LP_MAX_FIXUPS)
        return tmu_diag_set(ctx->diag, TMU_ERR_BUFFER_TOO_SMALL, 0, 0, -1, "plan: too many fix-ups");
    uint32_t idx = lp_fixup(ctx, TMU_LP_FIX_ADD, 0, (uint32_t)add,
                            lp_add_insn(ctx->req->offset_kind, ctx->gen, false));
    if (!idx)
        return ctx->err;
    v->idx[v->n] = idx;
    v->add[v->n] = add;
    v->n++;
    *value = idx;
    *imm = cand;
    return TMU_OK;
}

static tmu_status plan_segment(lp_ctx *ctx, values *vals, uint32_t o, uint32_t L, uint32_t dst0,
                               uint32_t req_end)
{
    cost best[65];
    choice ch[65];
    const cost inf = {UINT32_MAX, 0, 0};
    best[L] = (cost){0, 0, 0};
    for (int p = (int)L - 1; p >= 0; p--) {
        best[p] = inf;
        ch[p].rung = -1;
        for (size_t i = 0; i < ctx->ladder_len; i++) {
            const tmu_lp_insn *in = &ctx->ladder[i];
            if (!rung_usable(ctx, in))
                continue;
            uint32_t s = in->bytes;
            for (int w = 0; w < 2; w++) {
                uint32_t end;
                if (!w) {
                    if (!aligned(ctx, (uint64_t)o + p, in->align))
                        continue;
                    end = p + s < L ? p + s : L;
                } else {
                    if (!ctx->params->byte_align_loads || in->align != 4 || aligned(ctx, (uint64_t)o + p, 4))
                        continue;
                    uint32_t ms = max_skew(ctx, (uint64_t)o + p);
                    if (s <= ms)
                        continue;
                    end = p + s - ms < L ? p + s - ms : L;
                }
                if (!page_safe(ctx, o, (uint32_t)p, s, w != 0, req_end))
                    continue;
                if (best[end].loads == UINT32_MAX)
                    continue;
                cost c = {best[end].loads + 1, best[end].shifted + (uint32_t)w,
                          best[end].over + s - (end - (uint32_t)p)};
                if (cost_less(c, best[p])) {
                    best[p] = c;
                    ch[p] = (choice){(int)i, w != 0, end};
                }
            }
        }
    }
    if (best[0].loads == UINT32_MAX)
        return tmu_diag_set(ctx->diag, TMU_ERR_UNSUPPORTED, 0, 0, -1,
                            "%s on %s has no load for this alignment (align_mul %u, align_offset %u)",
                            tmu_lp_class_name(ctx->cls), tmu_lp_gen_name(ctx->gen), ctx->A, ctx->r);
    const tmu_lp_request *req = ctx->req;
    for (uint32_t p = 0; p < L; p = ch[p].end) {
        const tmu_lp_insn *in = &ctx->ladder[ch[p].rung];
        int64_t need = (int64_t)req->const_offset + o + p;
        uint32_t rest = req_end - (o + p);
        tmu_lp_load *ld;
        uint32_t value = 0;
        int64_t imm = 0;
        tmu_status s;
        if (!ch[p].widened) {
            if ((s = place(ctx, vals, in, need, 1, rest, &value, &imm)) != TMU_OK)
                return s;
            if (!(ld = lp_add_load(ctx, in)))
                return ctx->err;
        } else if (ctx->A % 4 == 0) {
            /* misalignment known: a dword-aligned load k bytes earlier, constant shift */
            uint32_t k = (ctx->r + o + p) % 4;
            if ((s = place(ctx, vals, in, need - k, 1, rest + k, &value, &imm)) != TMU_OK)
                return s;
            if (!(ld = lp_add_load(ctx, in)))
                return ctx->err;
            ld->shift_kind = TMU_LP_SHIFT_CONST;
            ld->shift = k;
        } else {
            /* misalignment unknown: round the address down to a dword, shift at run time */
            uint32_t pre = 0;
            if ((s = place(ctx, vals, in, need, 4, rest, &pre, &imm)) != TMU_OK)
                return s;
            value = lp_fixup(ctx, TMU_LP_FIX_AND, pre, 0xfffffffcu, lp_and_insn(req->offset_kind));
            if (!value)
                return ctx->err;
            if (!(ld = lp_add_load(ctx, in)))
                return ctx->err;
            ld->align = 4;
            if (ctx->const_addr) {
                /* the "run-time" shift of a known constant address folds to a constant */
                int64_t add = 0;
                for (uint32_t i = 0; i < vals->n; i++)
                    if (vals->idx[i] == pre) add = vals->add[i];
                ld->shift_kind = TMU_LP_SHIFT_CONST;
                ld->shift = (uint32_t)(ctx->const_value + (uint64_t)add) & 3u;
                if (!ld->shift)
                    ld->shift_kind = TMU_LP_SHIFT_NONE;
            } else {
                ld->shift_kind = TMU_LP_SHIFT_RUNTIME;
                ld->shift_src = pre;
            }
        }
        ld->addr = value;
        ld->imm = (uint32_t)imm;
        if (in->read2_unit) {
            ld->encoded_offset = (uint32_t)(imm / in->read2_unit);
            ld->encoded_offset1 = ld->encoded_offset + 1;
        } else {
            ld->encoded_offset = (uint32_t)(imm / ctx->params->imm_unit);
        }
        ld->dst_byte = dst0 + p;
        ld->useful = ch[p].end - p;
        lp_name_shift(ctx, ld);
    }
    return TMU_OK;
}

tmu_status lp_plan_exact(lp_ctx *ctx)
{
    const tmu_lp_request *req = ctx->req;
    values vals;
    memset(&vals, 0, sizeof(vals));
    vals.n = 1; /* value 0: the dynamic offset itself */
    uint32_t cs = req->component_size;
    if (!req->component_stride)
        return plan_segment(ctx, &vals, 0, ctx->total, 0, ctx->total);
    uint32_t req_end = (req->num_components - 1) * req->component_stride + cs;
    for (uint32_t i = 0; i < req->num_components; i++) {
        tmu_status s = plan_segment(ctx, &vals, i * req->component_stride, cs, i * cs, req_end);
        if (s != TMU_OK)
            return s;
    }
    return TMU_OK;
}
