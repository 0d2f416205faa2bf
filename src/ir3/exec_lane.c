/* ir3 cat5 execution of the instructions that work on the register file alone: derivatives
 * (dsx/dsy coarse, dsxpp.1/dsypp.1 fine), brcst.active, quad_shuffle and rgetpos.
 * Quads are fibers 4k..4k+3 with x = bit 0 and y = bit 1 of the fiber number (the layout
 * the texture unit's implicit LOD uses).  docs/ir3-cat5.md §5.2 and the brcst.active text of
 * Mesa's ir3-cat5.xml. */
#include <string.h>

#include "ir3/exec.h"
#include "tmu/format.h"

static uint32_t float_word(float v, int half)
{
    if (half)
        return tmu_float_to_half(v);
    uint32_t u;
    memcpy(&u, &v, 4);
    return u;
}

/* dsx/dsy (coarse: one value per quad, x = fiber 1 - fiber 0, y = fiber 2 - fiber 0) and
 * dsxpp.1/dsypp.1 (fine: x = right - left of the fiber's row, y = bottom - top of its column). */
static tmu_status derivatives(const ir3_ctx *x, ir3_results *r)
{
    const tmu_ir3_wave *w = x->wave;
    unsigned type = x->f[TMU_IR3_F_TYPE];
    const char *name = tmu_ir3_opinfo_get(x->in->op)->name;
    if (type > 1)
        IR3_FAIL(x, TMU_ERR_UNSUPPORTED, "%s with TYPE %u: derivatives are f32 or f16", name, type);
    int ydir = x->in->op == TMU_IR3_OP_DSY || x->in->op == TMU_IR3_OP_DSYPP_1;
    int fine = x->in->op == TMU_IR3_OP_DSXPP_1 || x->in->op == TMU_IR3_OP_DSYPP_1;
    unsigned bit = ydir ? 2u : 1u;
    for (unsigned c = 0; c < 4; c++) {
        if (!(r->wrmask & (1u << c)))
            continue;
        const tmu_ir3_reguse *u = ir3_operand(x, TMU_IR3_ROLE_VALUE, c);
        for (unsigned fb = 0; fb < w->fibers; fb++) {
            if (!ir3_fiber_active(x->active, fb))
                continue;
            unsigned lo = fine ? fb & ~bit : fb & ~3u;
            unsigned hi = lo | bit;
            float d = ir3_read_f(x, hi, u) - ir3_read_f(x, lo, u);
            r->value[c][fb] = float_word(d, type == 0);
        }
    }
    r->mask[0] = x->active[0];
    r->mask[1] = x->active[1];
    return TMU_OK;
}

/* Source and destination must have the same width: the lane exchanges move register bits. */
static tmu_status same_width(const ir3_ctx *x)
{
    unsigned type = x->f[TMU_IR3_F_TYPE];
    const char *name = tmu_ir3_opinfo_get(x->in->op)->name;
    if (type == 7)
        IR3_FAIL(x, TMU_ERR_UNSUPPORTED, "%s with TYPE 7 (.rck): no texture is read", name);
    int src_half = !x->f[TMU_IR3_F_FULL], dst_half = ir3_type_half[type];
    if (src_half != dst_half)
        IR3_FAIL(x, TMU_ERR_UNSUPPORTED, "%s: %s sources with a %s destination (TYPE %u) have no documented conversion",
                 name, src_half ? "half" : "full", dst_half ? "half" : "full", type);
    return TMU_OK;
}

/* brcst.active.wN, per cluster of N fibers: the source of the highest active fiber among the
 * lower N/2 is written to the active fibers of the upper N/2; nothing when the lower half has
 * no active fiber; the lower half is never written. */
static tmu_status brcst_active(const ir3_ctx *x, ir3_results *r)
{
    tmu_status st = same_width(x);
    if (st != TMU_OK)
        return st;
    const tmu_ir3_wave *w = x->wave;
    unsigned n = 2u << (x->f[TMU_IR3_F_B19_20] & 3);
    for (unsigned base = 0; base + n <= w->fibers; base += n) {
        int src = -1;
        for (int k = (int)(base + n / 2) - 1; k >= (int)base; k--)
            if (ir3_fiber_active(x->active, (unsigned)k)) {
                src = k;
                break;
            }
        if (src < 0)
            continue;
        for (unsigned fb = base + n / 2; fb < base + n; fb++) {
            if (!ir3_fiber_active(x->active, fb))
                continue;
            r->mask[fb >> 6] |= UINT64_C(1) << (fb & 63);
            for (unsigned c = 0; c < 4; c++)
                if (r->wrmask & (1u << c))
                    r->value[c][fb] = ir3_read_u(x, (unsigned)src, ir3_operand(x, TMU_IR3_ROLE_VALUE, c));
        }
    }
    return TMU_OK;
}

/* quad_shuffle: subgroupQuadBroadcast (lane = SRC2 & 3 of the reading fiber), and the
 * horizontal, vertical and diagonal swaps (lane ^ 1, ^ 2, ^ 3).  The source fiber's register
 * is read whether that fiber is active or not. */
static tmu_status quad_shuffle(const ir3_ctx *x, ir3_results *r)
{
    tmu_status st = same_width(x);
    if (st != TMU_OK)
        return st;
    const tmu_ir3_wave *w = x->wave;
    const tmu_ir3_reguse *lane = ir3_operand(x, TMU_IR3_ROLE_LANE, 0);
    for (unsigned fb = 0; fb < w->fibers; fb++) {
        if (!ir3_fiber_active(x->active, fb))
            continue;
        unsigned from;
        switch (x->in->op) {
        case TMU_IR3_OP_QUAD_SHUFFLE_BRCST: from = (fb & ~3u) | (lane ? ir3_read_u(x, fb, lane) & 3u : 0u); break;
        case TMU_IR3_OP_QUAD_SHUFFLE_HORIZ: from = fb ^ 1u; break;
        case TMU_IR3_OP_QUAD_SHUFFLE_VERT: from = fb ^ 2u; break;
        default: from = fb ^ 3u; break;
        }
        for (unsigned c = 0; c < 4; c++)
            if (r->wrmask & (1u << c))
                r->value[c][fb] = ir3_read_u(x, from, ir3_operand(x, TMU_IR3_ROLE_VALUE, c));
    }
    r->mask[0] = x->active[0];
    r->mask[1] = x->active[1];
    return TMU_OK;
}

/* Standard sample positions (Vulkan "standard sample locations", the D3D patterns), in
 * [0, 1) with y down; rgetpos returns them centred on 0. */
static const float pos1[1][2] = {{0.5f, 0.5f}};
static const float pos2[2][2] = {{0.75f, 0.75f}, {0.25f, 0.25f}};
static const float pos4[4][2] = {{0.375f, 0.125f}, {0.875f, 0.375f}, {0.125f, 0.625f}, {0.625f, 0.875f}};
static const float pos8[8][2] = {{0.5625f, 0.3125f}, {0.4375f, 0.6875f}, {0.8125f, 0.5625f}, {0.3125f, 0.1875f},
                                 {0.1875f, 0.8125f}, {0.0625f, 0.4375f}, {0.6875f, 0.9375f}, {0.9375f, 0.0625f}};

static tmu_status rgetpos(const ir3_ctx *x, ir3_results *r)
{
    const tmu_ir3_wave *w = x->wave;
    unsigned type = x->f[TMU_IR3_F_TYPE];
    if (type > 1)
        IR3_FAIL(x, TMU_ERR_UNSUPPORTED, "rgetpos with TYPE %u: positions are f32 (or f16)", type);
    if (r->wrmask & 12)
        IR3_FAIL(x, TMU_ERR_UNSUPPORTED, "rgetpos returns x, y; WRMASK z/w is undocumented");
    const float *pos = w->sample_pos;
    if (!pos) {
        switch (w->samples) {
        case 1: pos = pos1[0]; break;
        case 2: pos = pos2[0]; break;
        case 4: pos = pos4[0]; break;
        case 8: pos = pos8[0]; break;
        default:
            IR3_FAIL(x, TMU_ERR_UNSUPPORTED,
                     "rgetpos: %u samples per pixel (standard positions exist for 1, 2, 4 and 8)", w->samples);
        }
    }
    const tmu_ir3_reguse *id = ir3_operand(x, TMU_IR3_ROLE_SAMPLE_INDEX, 0);
    for (unsigned fb = 0; fb < w->fibers; fb++) {
        if (!ir3_fiber_active(x->active, fb))
            continue;
        uint32_t s = id ? ir3_read_u(x, fb, id) : 0;
        if (s >= w->samples)
            IR3_FAIL(x, TMU_ERR_RANGE, "rgetpos: fiber %u asks for sample %u of %u", fb, s, w->samples);
        for (unsigned c = 0; c < 2; c++)
            r->value[c][fb] = float_word(pos[2 * (size_t)s + c] - 0.5f, type == 0);
    }
    r->mask[0] = x->active[0];
    r->mask[1] = x->active[1];
    return TMU_OK;
}

tmu_status ir3_exec_lane(const ir3_ctx *x, ir3_results *r)
{
    switch (x->in->op) {
    case TMU_IR3_OP_DSX:
    case TMU_IR3_OP_DSY:
    case TMU_IR3_OP_DSXPP_1:
    case TMU_IR3_OP_DSYPP_1:
        return derivatives(x, r);
    case TMU_IR3_OP_BRCST_ACTIVE:
        return brcst_active(x, r);
    case TMU_IR3_OP_QUAD_SHUFFLE_BRCST:
    case TMU_IR3_OP_QUAD_SHUFFLE_HORIZ:
    case TMU_IR3_OP_QUAD_SHUFFLE_VERT:
    case TMU_IR3_OP_QUAD_SHUFFLE_DIAG:
        return quad_shuffle(x, r);
    case TMU_IR3_OP_RGETPOS:
        return rgetpos(x, r);
    default:
        IR3_FAIL(x, TMU_ERR_UNSUPPORTED, "%s is not a register-file instruction", tmu_ir3_opinfo_get(x->in->op)->name);
    }
}
