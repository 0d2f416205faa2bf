/* Fast-path dispatcher and the portable specialised kernel (see fast.h). */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "unit/fast/fast.h"

/* ---- portable kernel: the general path's arithmetic, specialised ---------------------- */

#define FAST_INLINE static inline __attribute__((TMU_FAST_FORCE_INLINE unused))

/* Level-0 bytes above which a scattered tiled RGBA8 gather prefetches its footprints, and above
 * which the tiled bilinear and mip waves run their prefetch passes (below). */
#define TILED_PF_MIN_BYTES ((uint64_t)1 << 20)
#define TILED_PF_SAMPLE_MIN_BYTES ((uint64_t)8 << 20)
/* Level-0 bytes above which a tiled RGBA8 gather by hardware gathers reads each footprint row by
 * 64-bit gathers (fast_ctx.rows64, below). */
#define TILED_ROWS_MIN_BYTES ((uint64_t)2 << 20)

/* |x| < 2^30 (false for NaN): floor(x) is an exact int32 and wrapping in 32 bits is exact. */
FAST_INLINE int coord_ok(float x)
{
    return fabsf(x) < 0x1p30f;
}

FAST_INLINE int32_t wrap(int32_t i, int32_t n, int addr)
{
    if (addr == FAST_REPEAT)
        return i & (n - 1); /* n is a power of two: two's complement & = non-negative modulo */
    return i < 0 ? 0 : i > n - 1 ? n - 1 : i;
}

/* Texel index of texel (i, j) (inside the level) of level `level`, from the level's start
 * (level_off): rows of level_pitch texels, or the tiled level's tables (tiled.c). */
FAST_INLINE int32_t texel_index(const fast_consts *k, uint32_t level, int32_t i, int32_t j)
{
    if (k->tiled)
        return tmu_fast_tiled_index(k, level, i, j);
    return j * k->level_pitch[level] + i;
}

/* Decoded texel at texel index `idx` of the level starting at byte offset `off`. */
FAST_INLINE void load(const fast_ctx *cx, int fmt, int32_t off, int32_t idx, float v[4])
{
    if (fmt == FAST_RGBA8) {
        uint32_t t;
        memcpy(&t, cx->k->base + off + (int64_t)idx * 4, 4);
        for (int c = 0; c < 4; c++)
            v[c] = (float)((t >> (8 * c)) & 0xFFu) / 255.0f; /* UNORM decode, sampling.md §12 */
    } else {
        memcpy(v, cx->k->base + off + (int64_t)idx * 16, 16);
    }
}

/* One level, one lane; returns 0 when the coordinates need the general path. */
FAST_INLINE int sample_level(const fast_ctx *cx, int fmt, int filter, int addr, uint32_t level, float s, float t,
                             float out[4])
{
    int32_t w = cx->k->level_w[level], h = cx->k->level_h[level];
    int32_t off = cx->k->level_off[level];
    float u = s * (float)w + 0.0f, v = t * (float)h + 0.0f;
    if (filter == TMU_FILTER_NEAREST) {
        if (!coord_ok(u) || !coord_ok(v))
            return 0;
        int32_t i = wrap((int32_t)floorf(u), w, addr), j = wrap((int32_t)floorf(v), h, addr);
        load(cx, fmt, off, texel_index(cx->k, level, i, j), out);
        return 1;
    }
    float ub = u - 0.5f, vb = v - 0.5f;
    if (!coord_ok(ub) || !coord_ok(vb))
        return 0;
    float fu = floorf(ub), fv = floorf(vb);
    float a = tmu_unit_quantize_weight(ub - fu, cx->k->precision);
    float b = tmu_unit_quantize_weight(vb - fv, cx->k->precision);
    int32_t i0 = wrap((int32_t)fu, w, addr), i1 = wrap((int32_t)fu + 1, w, addr);
    int32_t j0 = wrap((int32_t)fv, h, addr), j1 = wrap((int32_t)fv + 1, h, addr);
    float t00[4], t10[4], t01[4], t11[4];
    load(cx, fmt, off, texel_index(cx->k, level, i0, j0), t00);
    load(cx, fmt, off, texel_index(cx->k, level, i1, j0), t10);
    load(cx, fmt, off, texel_index(cx->k, level, i0, j1), t01);
    load(cx, fmt, off, texel_index(cx->k, level, i1, j1), t11);
    float w00 = (1.0f - a) * (1.0f - b), w10 = a * (1.0f - b), w01 = (1.0f - a) * b, w11 = a * b;
    for (int c = 0; c < 4; c++) {
        float acc = w00 * t00[c];
        acc = acc + w10 * t10[c];
        acc = acc + w01 * t01[c];
        out[c] = acc + w11 * t11[c];
    }
    return 1;
}

FAST_INLINE int gather_lane(const fast_ctx *cx, int fmt, int addr, float s, float t, uint32_t res[4])
{
    int32_t w = cx->k->level_w[0], h = cx->k->level_h[0];
    float ub = (s * (float)w + 0.0f) - 0.5f, vb = (t * (float)h + 0.0f) - 0.5f;
    if (!coord_ok(ub) || !coord_ok(vb))
        return 0;
    int32_t fu = (int32_t)floorf(ub), fv = (int32_t)floorf(vb);
    int32_t i0 = wrap(fu, w, addr), i1 = wrap(fu + 1, w, addr);
    int32_t j0 = wrap(fv, h, addr), j1 = wrap(fv + 1, h, addr);
    const int32_t idx[4] = {texel_index(cx->k, 0, i0, j1), texel_index(cx->k, 0, i1, j1),
                            texel_index(cx->k, 0, i1, j0), texel_index(cx->k, 0, i0, j0)};
    for (int q = 0; q < 4; q++) {
        float v[4];
        load(cx, fmt, cx->k->level_off[0], idx[q], v);
        memcpy(&res[q], &v[cx->k->comp], 4);
    }
    return 1;
}

FAST_INLINE void lane_kernel(const fast_ctx *cx, uint32_t lane, int fmt, int filter, int addr)
{
    const tmu_wave_in *in = cx->in;
    float s = in->coord[0][lane], t = in->coord[1][lane];
    uint32_t res[4];
    if (cx->k->gather) {
        if (!gather_lane(cx, fmt, addr, s, t, res)) {
            tmu_unit_general_lane(cx->tex, cx->smp, cx->op, cx->lanes, in, cx->out, lane);
            return;
        }
    } else {
        float lambda = tmu_unit_clamp_lod(cx->smp, cx->k->explicit_lod ? in->lod[lane] : 0.0f, 0.0f, -INFINITY);
        tmu_level_pick pick;
        tmu_unit_pick_levels(cx->smp, cx->k->levels, lambda, 0.0f, &pick);
        float hi[4], lo[4];
        if (!sample_level(cx, fmt, filter, addr, pick.level[0], s, t, hi) ||
            (pick.count == 2 && !sample_level(cx, fmt, filter, addr, pick.level[1], s, t, lo))) {
            tmu_unit_general_lane(cx->tex, cx->smp, cx->op, cx->lanes, in, cx->out, lane);
            return;
        }
        for (int c = 0; c < 4; c++) {
            float v = hi[c];
            if (pick.count == 2)
                v = (1.0f - pick.frac) * hi[c] + pick.frac * lo[c];
            if (fmt == FAST_RGBA8) /* UNORM results are clamped to [0, 1] (execute.c) */
                v = v < 0.0f ? 0.0f : v > 1.0f ? 1.0f : v;
            memcpy(&res[c], &v, 4);
            if (isnan(v))
                res[c] = TMU_UNIT_CANONICAL_NAN;
        }
    }
    for (int c = 0; c < 4; c++)
        cx->out->data[c][lane] = res[c];
    if (cx->op->want_residency)
        cx->out->resident[lane] = 1;
}

/* The specialisations: one always-inline body per (format, filter, address mode). */
void tmu_fast_lane(const fast_ctx *cx, uint32_t lane)
{
    int key = (cx->k->fmt << 2) | (cx->k->filter << 1) | cx->k->addr;
    switch (key) {
    case (FAST_RGBA8 << 2) | (0 << 1) | FAST_REPEAT: lane_kernel(cx, lane, FAST_RGBA8, 0, FAST_REPEAT); break;
    case (FAST_RGBA8 << 2) | (0 << 1) | FAST_CLAMP: lane_kernel(cx, lane, FAST_RGBA8, 0, FAST_CLAMP); break;
    case (FAST_RGBA8 << 2) | (1 << 1) | FAST_REPEAT: lane_kernel(cx, lane, FAST_RGBA8, 1, FAST_REPEAT); break;
    case (FAST_RGBA8 << 2) | (1 << 1) | FAST_CLAMP: lane_kernel(cx, lane, FAST_RGBA8, 1, FAST_CLAMP); break;
    case (FAST_RGBA32F << 2) | (0 << 1) | FAST_REPEAT: lane_kernel(cx, lane, FAST_RGBA32F, 0, FAST_REPEAT); break;
    case (FAST_RGBA32F << 2) | (0 << 1) | FAST_CLAMP: lane_kernel(cx, lane, FAST_RGBA32F, 0, FAST_CLAMP); break;
    case (FAST_RGBA32F << 2) | (1 << 1) | FAST_REPEAT: lane_kernel(cx, lane, FAST_RGBA32F, 1, FAST_REPEAT); break;
    default: lane_kernel(cx, lane, FAST_RGBA32F, 1, FAST_CLAMP); break;
    }
}

/* FETCH of one lane (execute.c lane_fetch): zeros where the level or the coordinates are out of
 * range, else the decoded texel. */
void tmu_fast_fetch_lane(const fast_ctx *cx, uint32_t lane)
{
    const tmu_wave_in *in = cx->in;
    int32_t x = in->icoord[0][lane], y = in->icoord[1][lane];
    int32_t level = in->ilod ? in->ilod[lane] : 0;
    float v[4] = {0.0f, 0.0f, 0.0f, 0.0f};
    if (level >= 0 && (uint32_t)level < cx->k->levels && x >= 0 && x < cx->k->level_w[level] && y >= 0 &&
        y < cx->k->level_h[level])
        load(cx, cx->k->fmt, cx->k->level_off[level], texel_index(cx->k, (uint32_t)level, x, y), v);
    for (int c = 0; c < 4; c++)
        memcpy(&cx->out->data[c][lane], &v[c], 4);
    if (cx->op->want_residency)
        cx->out->resident[lane] = 1;
}

/* lambda_base of every lane of an IMPLICIT sample (execute.c lane_lambda_base for a normalised
 * 2D texture without anisotropy: coarse quad derivatives scaled by the texture size, rho =
 * max(|dx|, |dy|), log2(rho); 0 when a length is NaN), as the lod input of the explicit-LOD
 * kernels.  rho in SIMD where `simd` (8 or 16 lanes), tmu_unit_log2f once per quad (16 quads at
 * a time with AVX-512). */
static void implicit_lods(const fast_ctx *cx, uint32_t lanes, int simd, float *lod)
{
    uint32_t done = 0;
    if (simd == 16)
        done = tmu_fast_avx512_quad_rho(cx, lanes, lod);
    else if (simd == 8)
        done = tmu_fast_avx2_quad_rho(cx, lanes, lod);
    const float *s = cx->in->coord[0], *t = cx->in->coord[1];
    const float wf = (float)cx->k->level_w[0], hf = (float)cx->k->level_h[0];
    for (uint32_t q = done; q < lanes; q += 4) {
        float dx0 = (s[q + 1] - s[q]) * wf, dx1 = (t[q + 1] - t[q]) * hf;
        float dy0 = (s[q + 2] - s[q]) * wf, dy1 = (t[q + 2] - t[q]) * hf;
        float zero = 0.0f;
        float rx = sqrtf(dx0 * dx0 + dx1 * dx1 + zero * zero), ry = sqrtf(dy0 * dy0 + dy1 * dy1 + zero * zero);
        float rho = rx > ry ? rx : ry;
        lod[q] = isnan(rx) || isnan(ry) ? NAN : rho;
    }
    uint32_t q = simd == 16 ? tmu_fast_avx512_quad_log2(lanes, lod) : 0;
    for (; q < lanes; q += 4) {
        float r = lod[q];
        float l = isnan(r) ? 0.0f : tmu_unit_log2f(r);
        lod[q] = lod[q + 1] = lod[q + 2] = lod[q + 3] = l;
    }
}

/* ---- dispatcher ------------------------------------------------------------------------ */

static int is_pow2(uint32_t n)
{
    return n && !(n & (n - 1));
}

/* Fills `k` and returns 1 when the call is of a specialised kind (fast.h). */
static int fast_setup(fast_consts *k, const tmu_texture *tex, const tmu_sampler *smp, const tmu_op *op, int tiled_ok)
{
    if ((op->kind != TMU_OP_SAMPLE && op->kind != TMU_OP_GATHER && op->kind != TMU_OP_FETCH) ||
        tex->dim != TMU_DIM_2D || op->has_offset || op->compare || op->has_min_lod || op->result != TMU_RESULT_F32 ||
        tex->residency || op->has_gather_offsets)
        return 0;
    if (op->kind == TMU_OP_SAMPLE && op->level_mode != TMU_LEVEL_BASE && op->level_mode != TMU_LEVEL_LOD &&
        op->level_mode != TMU_LEVEL_IMPLICIT)
        return 0;
    for (int c = 0; c < 4; c++)
        if (tex->swizzle[c] != (tmu_swizzle)c)
            return 0;
    size_t bytes; /* a power of two: checks and divisions below are masks and shifts */
    unsigned shift;
    if (tex->format == TMU_FORMAT_R8G8B8A8_UNORM)
        k->fmt = FAST_RGBA8, bytes = 4, shift = 2;
    else if (tex->format == TMU_FORMAT_R32G32B32A32_FLOAT)
        k->fmt = FAST_RGBA32F, bytes = 16, shift = 4;
    else
        return 0;
    k->fetch = op->kind == TMU_OP_FETCH;
    if (k->fetch) { /* no sampler state; every level; a 2D texture has one sample and layer */
        if (tex->samples != 1 || tex->min_lod > 0.0f)
            return 0;
        k->addr = FAST_CLAMP, k->filter = 0;
    } else if (!smp->normalized || smp->address[0] != smp->address[1] || smp->mag_filter != smp->min_filter ||
        smp->mag_filter == TMU_FILTER_CUBIC || smp->reduction != TMU_REDUCTION_WEIGHTED_AVERAGE ||
        smp->max_anisotropy > 1.0f || tex->min_lod > 0.0f || smp->precision == TMU_PRECISION_NVIDIA)
        return 0; /* the NVIDIA model (integer weights, its rounding) runs on the general path */
    else if (smp->address[0] == TMU_ADDRESS_REPEAT && is_pow2(tex->width) && is_pow2(tex->height))
        k->addr = FAST_REPEAT, k->filter = smp->mag_filter == TMU_FILTER_LINEAR;
    else if (smp->address[0] == TMU_ADDRESS_CLAMP_TO_EDGE)
        k->addr = FAST_CLAMP, k->filter = smp->mag_filter == TMU_FILTER_LINEAR;
    else
        return 0;
    k->base = (const unsigned char *)tex->level[0].data;
    /* only the levels the kernels can read: level 0 for gathers and for no mips */
    uint32_t used =
        !k->fetch && (op->kind == TMU_OP_GATHER || smp->mip_filter == TMU_MIP_NONE) ? 1 : tex->levels;
    /* tiled levels (tmu_level.surface): every level read tiled, all on level 0's memory (the
     * surface base), their tables derived below (tiled.c); levels of both kinds in one call take
     * the general path */
    k->tiled = tex->level[0].surface != NULL;
    for (uint32_t l = 0; l < used; l++) {
        const tmu_level *lv = &tex->level[l];
        k->level_w[l] = (int32_t)(tex->width >> l ? tex->width >> l : 1);
        k->level_h[l] = (int32_t)(tex->height >> l ? tex->height >> l : 1);
        if ((lv->surface != NULL) != k->tiled)
            return 0;
        if (k->tiled) {
            if (!tiled_ok || lv->data != tex->level[0].data || lv->size > 0x40000000u)
                return 0;
            continue;
        }
        intptr_t off = (intptr_t)((uintptr_t)lv->data - (uintptr_t)k->base);
        if ((lv->row_pitch & (bytes - 1)) || ((uintptr_t)off & (bytes - 1)) ||
            lv->row_pitch > (size_t)INT32_MAX / 2 || off < -(intptr_t)0x40000000 || off > (intptr_t)0x40000000 ||
            lv->size > 0x40000000u)
            return 0;
        k->level_off[l] = (int32_t)off;
        k->level_pitch[l] = (int32_t)(lv->row_pitch >> shift);
    }
    if (used > 1) /* the per-lane level lookups (I_TABLE) read whole tables: define every entry */
        for (uint32_t l = used; l < TMU_MAX_LEVELS; l++)
            k->level_off[l] = k->level_pitch[l] = k->level_w[l] = k->level_h[l] = 0;
    if (k->tiled && !tmu_fast_tiled_setup(k, tex, used, shift))
        return 0;
    k->levels = tex->levels;
    /* deferred RGBA8 loads (fast_simd.inc DEFER_LOADS) read 8 bytes at base; a gather keeps the
     * hardware gathers for its pairs (with them its random 1024^2 row ran at 449 M samples/s
     * against 377 with deferred pair loads on the project's Zen 5; samples gained 3-17 %), all
     * but the quads below; tiled gathers defer their single texels as samples do (fast_simd.inc
     * defer_loads) */
    k->words0 = (int32_t)(tex->level[0].size / 4); /* tiled: at most 2^28 (above) */
    k->defer_ok = tex->level[0].size >= 8 && (op->kind == TMU_OP_SAMPLE || (op->kind == TMU_OP_GATHER && k->tiled));
    /* a gather's blocks without an edge read each footprint from one index, its two 64-bit row
     * pairs loaded straight into vectors (fast_simd.inc gather_wave_rgba8, QUAD_LOAD): on the
     * project's Zen 5 (random coordinates, alternating runs) +26 % at 1024^2 and 128^2 to 256^2.
     * Below 128 texels a side about half the blocks have an edge at random coordinates, and the
     * mispredicted test made 64^2 2.5 % slower: the hardware gathers stay there. */
    k->gather_quad = op->kind == TMU_OP_GATHER && k->level_w[0] >= 128 && k->level_h[0] >= 128 && !k->tiled;
    k->mip = smp->mip_filter;
    k->precision = smp->precision;
    k->gather = op->kind == TMU_OP_GATHER;
    k->comp = op->component & 3;
    k->explicit_lod = op->level_mode == TMU_LEVEL_LOD || op->level_mode == TMU_LEVEL_IMPLICIT;
    k->bias = smp->lod_bias + 0.0f;
    k->lod_lo = fmaxf(smp->min_lod, -INFINITY);
    k->lod_hi = isnan(smp->max_lod) ? INFINITY : smp->max_lod;
    return 1;
}

/* 1 when the wave's first lanes lie more than 16 texels apart on level 0 (random access: worth
 * prefetching), 0 when they are neighbours (or NaN).  Only a speed choice: results are the same. */
static int scattered(const fast_ctx *cx, uint32_t lanes)
{
    const float *s = cx->in->coord[0], *t = cx->in->coord[1];
    float lim_s = 16.0f / (float)cx->k->level_w[0], lim_t = 16.0f / (float)cx->k->level_h[0];
    for (uint32_t k = 1; k < lanes && k < 16; k++)
        if (fabsf(s[k] - s[0]) > lim_s || fabsf(t[k] - t[0]) > lim_t)
            return 1;
    return 0;
}

int tmu_unit_fast_prepare(fast_consts *k, const tmu_texture *tex, const tmu_sampler *smp, const tmu_op *op,
                          const tmu_wave_in *in, const tmu_wave_out *out, int tiled_ok)
{
    k->pairs = NULL;
    k->tiled = 0;
    if (out->lod || out->magnified || !fast_setup(k, tex, smp, op, tiled_ok) || (k->fetch && in->sample))
        return 0;
    return 1;
}

/* widest SIMD the CPU has (and the flags allow): W lanes per block, 0 for the portable kernel */
static uint32_t simd_width(unsigned flags)
{
    if (flags & TMU_UNIT_NO_SIMD)
        return 0;
    if (!(flags & TMU_UNIT_MAX_AVX2) && tmu_fast_have_avx512())
        return 16;
    return tmu_fast_have_avx2() ? 8 : 0;
}

/* 1 where the SIMD kernels read scattered texels by hardware gathers (fast_ctx.hwg): the flags'
 * choice, else the CPU's (tmu_fast_gathers_pay).  On a recent Intel core a gather of 16 texels
 * costs less than 16 loads and the inserts that put them in a vector (the inserts compete with
 * the kernels' permutes for one port); on AMD's Zen 5 it costs more.  A/B on the project's 2-core
 * Xeon (Emerald Rapids), 1024^2 RGBA8, short alternating runs, medians of 16 (docs/texture-unit.md
 * §15.1): AVX-512 tiled gather +9-15 %, bilinear +8 %, coherent bilinear +19 %, implicit LOD
 * +7-24 %, nearest +5-6 %, texelFetch +1-6 %, trilinear 0 to +8 %; on the project's Zen 5,
 * earlier, gathers were 10-15 % slower than these loads. */
static int loads_gather(unsigned flags)
{
    if (flags & (TMU_UNIT_LOADS_SCALAR | TMU_UNIT_LOADS_GATHER))
        return (flags & TMU_UNIT_LOADS_GATHER) != 0;
    return tmu_fast_gathers_pay();
}

static void fast_run(const fast_consts *k, const tmu_texture *tex, const tmu_sampler *smp, const tmu_op *op,
                     uint32_t lanes, const uint64_t exec[2], const tmu_wave_in *in, tmu_wave_out *out, uint32_t W,
                     const fast_tiled_rt *tr, const fast_tiled_pre *pre, int hwg);

/* Tiled levels on a SIMD kernel, calls of several levels: the tables of every level, made when the
 * call was prepared (fast.h fast_tiled_pre; expanding them per call, in this frame, had cost 3 % of
 * the tiled implicit-LOD rows; in the frame every call has, 2.5 KiB made the 1024^2 coherent
 * bilinear and implicit-LOD rows on rows of texels 7-8 % slower on the project's Zen 5).  Calls that
 * read level 0 alone (one level, a FETCH without ilod) need none: the kernels read k->tiled_one,
 * made when the call was prepared; the portable kernel reads k->tp itself. */
static __attribute__((noinline)) void fast_run_pre(const fast_consts *k, const fast_tiled_pre *pre,
                                                   const tmu_texture *tex, const tmu_sampler *smp, const tmu_op *op,
                                                   uint32_t lanes, const uint64_t exec[2], const tmu_wave_in *in,
                                                   tmu_wave_out *out, uint32_t W, int hwg)
{
    fast_run(k, tex, smp, op, lanes, exec, in, out, W, &pre->rt, pre, hwg);
}

void tmu_unit_fast_run(const fast_consts *k, const fast_tiled_pre *pre, const tmu_texture *tex,
                       const tmu_sampler *smp, const tmu_op *op, uint32_t lanes, const uint64_t exec[2],
                       const tmu_wave_in *in, tmu_wave_out *out, unsigned flags)
{
    uint32_t W = simd_width(flags);
    int hwg = W && loads_gather(flags);
    if (k->tiled && W && k->tp.used > 1 && !(k->fetch && !in->ilod)) {
        if (pre && pre->levels) {
            fast_run_pre(k, pre, tex, smp, op, lanes, exec, in, out, W, hwg);
            return;
        }
        W = 0; /* not reached (tiled calls are prepared ones, their tables made): the portable kernel */
    }
    fast_run(k, tex, smp, op, lanes, exec, in, out, W, NULL, NULL, hwg);
}

static inline __attribute__((always_inline)) void fast_run(const fast_consts *k, const tmu_texture *tex,
                                                           const tmu_sampler *smp, const tmu_op *op, uint32_t lanes,
                                                           const uint64_t exec[2], const tmu_wave_in *in,
                                                           tmu_wave_out *out, uint32_t W, const fast_tiled_rt *tr,
                                                           const fast_tiled_pre *pre, int hwg)
{
    fast_ctx call = {k, tex, smp, op, in, out, lanes, 0, 0, tr, pre, 0, hwg, 0, 0};
    fast_ctx *cx = &call;
    if (cx->k->fetch) {
        if (W == 16)
            tmu_fast_avx512_fetch_wave(cx, exec, lanes);
        else if (W == 8)
            tmu_fast_avx2_fetch_wave(cx, exec, lanes);
        for (uint32_t lane = W ? lanes - lanes % W : 0; lane < lanes; lane++)
            if (!exec || (exec[lane >> 6] >> (lane & 63) & 1))
                tmu_fast_fetch_lane(cx, lane);
        return;
    }
    /* implicit LOD: the quads' lambda_base become the lod input of the explicit-LOD kernels (the
     * general path clamps an explicit lod and an implicit lambda_base alike); lanes that fall
     * back to the general path recompute it from the same coordinates */
    float lodbuf[TMU_MAX_LANES];
    tmu_wave_in implicit_in;
    if (op->kind == TMU_OP_SAMPLE && op->level_mode == TMU_LEVEL_IMPLICIT) {
        implicit_lods(cx, lanes, (int)W, lodbuf);
        implicit_in = *in;
        implicit_in.lod = lodbuf;
        cx->in = &implicit_in;
    }
    /* Software prefetching (fast_simd.inc) pays only where the kernel's own loads keep too few
     * misses in flight.  AVX2 on the project's Zen 3 (A/B, medians of 7), waves at scattered
     * coordinates: RGBA32F 512^2 +13 %, RGBA8 1024^2 nearest +18 %, bilinear +23 %, gather
     * +13 %, trilinear +3 % (prefetching the whole wave up front instead of 32 lanes ahead was no
     * better); at coherent coordinates it cost 21 %, hence `scattered`.  On the 2-core Xeon of
     * this project, 1024^2 RGBA8, it cost 3-15 % with AVX-512 (and then AVX2) once the kernels
     * load a whole group of blocks before filtering them (fast_simd.inc wave_kernel). */
    /* Tiled gathers prefetch texel 00 of each footprint (fast_simd.inc gather_prefetch_rows) only
     * where level 0 is larger than 1 MiB (the L2 of one core of the project's Zen 5): on textures
     * that fit, the prefetch costs more than it saves (A/B without it, tmu bench sample --no-pairs
     * --size N, medians of 3: +15-19 % at 64^2 and 128^2, +8-11 % at 256^2, +4-10 % at 512^2,
     * -4 to -6 % at 1024^2); and not where the call loads its texels by hardware gathers (hwg: recent
     * Intel cores), whose misses keep the line-fill buffers busy enough that the prefetches only
     * wait for free ones: on the project's Emerald Rapids Xeon, 1024^2, paired short runs, medians
     * of 16, without them +3.5 to +6.9 % on the five tiled gather rows (with scalar loads there
     * -8.7 to +5.1 %, within the noise: kept).  The prefetch passes of the tiled bilinear and mip waves
     * (fast_simd.inc bilinear_wave_tiled, mip_wave_tiled) run only where level 0 is larger than
     * 8 MiB with AVX-512 (a quarter of the L3 of the project's Zen 5) and 1 MiB with AVX2: where the
     * footprints lie in the L2 or the L3, the out-of-order window keeps enough of the texel pass's
     * own loads in flight, and the pass cost more than it saved.  A/B without the passes, tmu bench
     * sample --no-pairs --size N, medians of 3, five tiled layouts: AVX-512 bilinear +30-38 % at
     * 256^2 and 512^2, +9-12 % at 1024^2, -60 % at 2048^2; trilinear +7-12 % at 256^2 and 512^2,
     * -2 to +4 % at 1024^2 (noise), -16 to -51 % at 2048^2; AVX2 bilinear +7-13 % and trilinear
     * +3-6 % at 256^2 and 512^2, but -2 to -4 % at 1024^2. */
    const uint64_t bytes0 = (uint64_t)k->level_w[0] * (uint64_t)k->level_h[0] * 4u;
    cx->tiled_pf = k->tiled && W && k->fmt == FAST_RGBA8 && k->gather && !cx->hwg &&
                   bytes0 > TILED_PF_MIN_BYTES && scattered(cx, lanes);
    cx->tiled_big = k->tiled && W && k->fmt == FAST_RGBA8 &&
                    bytes0 > (W == 16 ? TILED_PF_SAMPLE_MIN_BYTES : TILED_PF_MIN_BYTES);
    /* Tiled gathers by hardware gathers (recent Intel cores) read each footprint row by two 64-bit
     * gathers (both texels where the second follows the first in memory, 3 times in 4 on these
     * layouts) and the other lanes' second texels by one 32-bit gather: 48 gathered elements a
     * block instead of 64 (fast_avx512.c texel_rows).  On the project's Emerald Rapids Xeon,
     * paired short runs, medians of 10 to 16: +7 to +14 % on the five tiled gather rows at 1024^2
     * (4 MiB) in a first run; in three more (the machine's rates moving by 2x between them) vega10
     * +13 to +15 % and navi10 +10 to +12 % each time, the PS4's 2D -7 to +7 % and 1D -3 to +8 %, a630
     * -2 to +5 % (the gain where the machine was slowest); +14 to +22 % at 2048^2; but -2 to -7 % at
     * 512^2 and 256^2 and -10 to -13 % at 64^2, where the
     * texels are in the L2 or the L1 and the permutes, compress and expand cost more than the
     * elements saved, hence only where level 0 is larger than 2 MiB (the L2 of those cores).  The
     * same in the tiled bilinear and mip waves was 6 to 11 % slower even at 1024^2 (their
     * filters use the same shuffle port). */
    cx->rows64 = k->tiled && W == 16 && k->fmt == FAST_RGBA8 && k->gather && cx->hwg && bytes0 > TILED_ROWS_MIN_BYTES;
    if (W == 16) {
        /* waves of neighbouring lanes with mips (the implicit-LOD row): their texel pairs load in
         * phase 2 straight into vectors (fast_simd.inc defer_level) instead of between the phases
         * (+10 % on the implicit-LOD row; random waves keep the earlier loads: more misses in
         * flight) */
        cx->coherent = k->fmt == FAST_RGBA8 && k->mip != TMU_MIP_NONE && k->levels > 1 && !scattered(cx, lanes);
        /* tiled waves of neighbouring lanes with mips: no prefetch pass over their texels (fast_simd.inc
         * wave_kernel; bilinear ones take mip_wave_tiled, whose blocks on one level, most of such a
         * wave's, build that level's tables) */
        cx->near = k->tiled && cx->coherent;
        tmu_fast_avx512_wave(cx, exec, lanes, 0);
    } else if (W == 8)
        tmu_fast_avx2_wave(cx, exec, lanes, !k->tiled && scattered(cx, lanes));
    uint32_t lane = W ? lanes - lanes % W : 0;
    for (; lane < lanes; lane++)
        if (!exec || (exec[lane >> 6] >> (lane & 63) & 1))
            tmu_fast_lane(cx, lane);
}

int tmu_unit_fast_execute(const tmu_texture *tex, const tmu_sampler *smp, const tmu_op *op, uint32_t lanes,
                          const uint64_t exec[2], const tmu_wave_in *in, tmu_wave_out *out, unsigned flags)
{
    fast_consts k;
    if (!tmu_unit_fast_prepare(&k, tex, smp, op, in, out, 0))
        return 0;
    tmu_unit_fast_run(&k, NULL, tex, smp, op, lanes, exec, in, out, flags);
    return 1;
}

const char *tmu_unit_texel_loads(unsigned flags)
{
    return simd_width(flags) && loads_gather(flags) ? "gather" : "scalar";
}

const char *tmu_unit_simd_name(void)
{
    return tmu_fast_have_avx512() ? "avx512" : tmu_fast_have_avx2() ? "avx2" : "portable";
}
