/* Filtering of one lane on one level, and gather (sampling.md §2, §3, §6, §7, §8).
 * Order per texel: select (per axis, coord.c) -> wrap (or cube adjacency) -> fetch + decode ->
 * compare; then the reduction of the footprint: weighted average, or min / max over the texels
 * with a non-zero weight. */
#include <math.h>
#include <string.h>

#include "unit/internal.h"

/* Per-level sizes of the three axes (1 for unused axes; cube faces are w x w). */
static void level_dims(const tmu_texture *tex, uint32_t level, uint32_t n[3])
{
    n[0] = tmu_level_size(tex->width, level);
    n[1] = tmu_level_size(tex->height, level);
    n[2] = tex->dim == TMU_DIM_3D ? tmu_level_size(tex->depth, level) : 1;
}

/* Whether channel k of a decoded texel holds an integer (integer formats, and the stencil of
 * depth-stencil formats). */
static int channel_is_int(const tmu_format_info *fi, int k)
{
    return fi->numeric == TMU_NUMERIC_UINT || fi->numeric == TMU_NUMERIC_SINT || (fi->has_stencil && k == 1);
}

/* The replacement of a cube corner texel: the mean of the three texels meeting there (Vulkan
 * "Cube Map Corner Texel").  Float channels in fp32 ((a + b + c) / 3); integer channels as
 * integers, the exact mean rounded toward zero (signed for SINT), so three equal texels give
 * that value in both cases. */
static void corner_mean(const tmu_format_info *fi, const tmu_texel *a, const tmu_texel *b, const tmu_texel *d,
                        tmu_texel *out)
{
    for (int k = 0; k < 4; k++) {
        if (!channel_is_int(fi, k))
            out->f[k] = (a->f[k] + b->f[k] + d->f[k]) / 3.0f;
        else if (fi->numeric == TMU_NUMERIC_SINT)
            out->i[k] = (int32_t)(((int64_t)a->i[k] + b->i[k] + d->i[k]) / 3);
        else
            out->u[k] = (uint32_t)(((uint64_t)a->u[k] + b->u[k] + d->u[k]) / 3);
    }
}

static void compare_texel(const tmu_sampler *smp, const tmu_lane_coord *c, tmu_texel *t)
{
    if (c->compare)
        t->f[0] = tmu_unit_compare(smp->compare_op, c->ref, t->f[0]);
}

static void cube_corner_texels(const tmu_texture *tex, const tmu_sampler *smp, const tmu_lane_coord *c,
                               uint32_t level, uint32_t n, int64_t i, int64_t j, tmu_texel out[3], int *resident);

/* One texel of a cube face with seamless filtering: (i, j) may lie outside the face; outside
 * one axis it comes from the adjacent face, outside both it is the corner mean. */
static void load_cube_seamless(const tmu_texture *tex, const tmu_sampler *smp, const tmu_lane_coord *c,
                               uint32_t level, uint32_t n, int64_t i, int64_t j, tmu_texel *out, int *resident)
{
    uint32_t cube_base = c->layer - (uint32_t)c->face;
    int in_i = i >= 0 && i < (int64_t)n, in_j = j >= 0 && j < (int64_t)n;
    tmu_texel_ref r = {level, c->layer, 0, 0, 0, 0, c->nv_filter};
    if (in_i && in_j) {
        r.x = (int32_t)i, r.y = (int32_t)j;
        tmu_unit_load(tex, smp, &r, out, resident);
        compare_texel(smp, c, out);
        return;
    }
    if (in_i || in_j) {
        int f;
        tmu_unit_cube_adjacent(c->face, i, j, n, &f, &r.x, &r.y);
        r.layer = cube_base + (uint32_t)f;
        tmu_unit_load(tex, smp, &r, out, resident);
        compare_texel(smp, c, out);
        return;
    }
    tmu_texel m[3];
    cube_corner_texels(tex, smp, c, level, n, i, j, m, resident);
    corner_mean(tmu_format_get(tex->format), &m[0], &m[1], &m[2], out);
}

/* The three texels meeting at the cube corner that texel (i, j) of the lane's face (outside the
 * face on both axes) stands for: the face's own corner texel, then the ones across the i edge
 * and across the j edge. */
static void cube_corner_texels(const tmu_texture *tex, const tmu_sampler *smp, const tmu_lane_coord *c,
                               uint32_t level, uint32_t n, int64_t i, int64_t j, tmu_texel out[3], int *resident)
{
    int64_t ci = i < 0 ? 0 : (int64_t)n - 1, cj = j < 0 ? 0 : (int64_t)n - 1;
    load_cube_seamless(tex, smp, c, level, n, ci, cj, &out[0], resident);
    load_cube_seamless(tex, smp, c, level, n, i < 0 ? -1 : (int64_t)n, cj, &out[1], resident);
    load_cube_seamless(tex, smp, c, level, n, ci, j < 0 ? -1 : (int64_t)n, &out[2], resident);
}

/* One texel at unwrapped integer coordinates (i, j, k): wrap, fetch, compare. */
static void load_texel(const tmu_texture *tex, const tmu_sampler *smp, const tmu_lane_coord *c, uint32_t level,
                       const uint32_t n[3], int64_t i, int64_t j, int64_t k, int seamless, tmu_texel *out,
                       int *resident)
{
    if (seamless) {
        load_cube_seamless(tex, smp, c, level, n[0], i, j, out, resident);
        return;
    }
    int axes = tmu_unit_dim_axes(tex->dim);
    tmu_texel_ref r = {level, c->layer, 0, 0, 0, 0, c->nv_filter};
    r.x = tmu_unit_wrap(i, n[0], smp->address[0]);
    if (axes >= 2)
        r.y = tmu_unit_wrap(j, n[1], smp->address[1]);
    if (axes >= 3)
        r.z = tmu_unit_wrap(k, n[2], smp->address[2]);
    tmu_unit_load(tex, smp, &r, out, resident);
    compare_texel(smp, c, out);
}

/* The footprint of the lane on one level: taps per axis (unused axes: one tap of weight 1).
 * Seamless cube maps ignore the address modes: NEAREST clamps to the edge, wider filters read
 * across the faces (load_cube_seamless). */
static void footprint(const tmu_texture *tex, const tmu_sampler *smp, const tmu_lane_coord *c, const uint32_t n[3],
                      const float st[3], tmu_filter filter, int seamless, tmu_taps t[3])
{
    int axes = tmu_unit_dim_axes(tex->dim);
    for (int a = 0; a < 3; a++) {
        if (a >= axes) {
            t[a].i0 = 0, t[a].n = 1, t[a].w[0] = 1.0f;
            continue;
        }
        float u = smp->normalized ? st[a] * (float)n[a] : st[a];
        tmu_address mode = seamless ? TMU_ADDRESS_REPEAT : smp->address[a];
        if (smp->precision == TMU_PRECISION_NVIDIA)
            tmu_unit_axis_nv(u, tmu_unit_nv_texel_coord(st[a], n[a], smp->normalized), c->off[a], n[a], mode,
                             filter, &t[a]);
        else
            tmu_unit_axis(u, c->off[a], n[a], mode, filter, smp->precision, &t[a]);
        if (seamless && filter == TMU_FILTER_NEAREST)
            t[a].i0 = t[a].i0 < 0 ? 0 : t[a].i0 >= (int64_t)n[a] ? (int64_t)n[a] - 1 : t[a].i0;
    }
}

/* Folds texel `t` of weight w into the reduction (first: the first texel seen). */
static void reduce(tmu_reduction red, tmu_texel *acc, float w, const tmu_texel *t, int first)
{
    for (int k = 0; k < 4; k++) {
        if (red == TMU_REDUCTION_WEIGHTED_AVERAGE)
            acc->f[k] = first ? w * t->f[k] : acc->f[k] + w * t->f[k];
        else if (first)
            acc->f[k] = t->f[k];
        else if (red == TMU_REDUCTION_MIN)
            acc->f[k] = fminf(acc->f[k], t->f[k]);
        else
            acc->f[k] = fmaxf(acc->f[k], t->f[k]);
    }
}

void tmu_unit_sample_level(const tmu_texture *tex, const tmu_sampler *smp, const tmu_lane_coord *c,
                           uint32_t level, tmu_filter filter, const float st[3], tmu_texel *out, int *resident)
{
    uint32_t n[3];
    level_dims(tex, level, n);
    int seamless = tmu_unit_dim_is_cube(tex->dim) && smp->seamless_cube;
    tmu_taps t[3];
    footprint(tex, smp, c, n, st, filter, seamless, t);
    if (filter == TMU_FILTER_NEAREST) {
        load_texel(tex, smp, c, level, n, t[0].i0, t[1].i0, t[2].i0, 0, out, resident);
        return;
    }
    /* Weighted average: sum over i, then j, of w_i * w_j * texel per slice k, then the slices
     * weighted by w_k (the fast paths use the same fp32 operations in the same order).
     * Min / max: over every texel whose weight is non-zero (all three axis weights non-zero). */
    tmu_reduction red = smp->reduction;
    tmu_texel slice[4], tx;
    int seen = 0;
    for (int k = 0; k < t[2].n; k++) {
        int first = 1;
        for (int j = 0; j < t[1].n; j++)
            for (int i = 0; i < t[0].n; i++) {
                load_texel(tex, smp, c, level, n, t[0].i0 + i, t[1].i0 + j, t[2].i0 + k, seamless, &tx, resident);
                if (red == TMU_REDUCTION_WEIGHTED_AVERAGE) {
                    reduce(red, &slice[k], t[0].w[i] * t[1].w[j], &tx, first);
                    first = 0;
                } else if (t[0].w[i] != 0.0f && t[1].w[j] != 0.0f && t[2].w[k] != 0.0f) {
                    reduce(red, out, 1.0f, &tx, !seen);
                    seen = 1;
                }
            }
    }
    if (red != TMU_REDUCTION_WEIGHTED_AVERAGE)
        return; /* some weight is non-zero on every axis: seen is set */
    if (t[2].n == 1) {
        *out = slice[0];
        return;
    }
    for (int k = 0; k < t[2].n; k++)
        reduce(red, out, t[2].w[k], &slice[k], k == 0);
}

/* Splits `total` between tap 0 and tap 1 of an axis whose tap 1 has weight q (of 256): one
 * product is rounded (to nearest, ties up), the other part is the rest.  round_upper: the
 * tap-1 part is rounded, else the tap-0 part. */
static void nv_split(int32_t total, int32_t q, int round_upper, int32_t out[2])
{
    if (round_upper) {
        out[1] = (total * q + 128) >> 8;
        out[0] = total - out[1];
    } else {
        out[0] = (total * (256 - q) + 128) >> 8;
        out[1] = total - out[0];
    }
}

void tmu_unit_nv_level(const tmu_texture *tex, const tmu_sampler *smp, const tmu_lane_coord *c, uint32_t level,
                       const float st[3], int32_t total, tmu_nv_taps *acc, int *resident)
{
    uint32_t n[3];
    level_dims(tex, level, n);
    int seamless = tmu_unit_dim_is_cube(tex->dim) && smp->seamless_cube;
    tmu_taps t[3];
    footprint(tex, smp, c, n, st, TMU_FILTER_LINEAR, seamless, t);
    /* An axis whose two taps are one texel (clamped at an edge, a size-1 axis) has weight 0 on
     * tap 1: measured on 3D textures, where it changes how the later splits round. */
    if (!seamless)
        for (int a = 0; a < 3; a++)
            if (t[a].n == 2 && tmu_unit_wrap(t[a].i0, n[a], smp->address[a]) ==
                                   tmu_unit_wrap(t[a].i0 + 1, n[a], smp->address[a]))
                t[a].q = 0;
    /* z first, then x, then y (nvidia.c): weights in 1/256, summing to `total`; z rounds its
     * tap-0 part (a tie gives tap 1 the smaller part: measured on 3D mip LINEAR shares; with
     * total = 256 no product ties) */
    int32_t wz[2] = {total, 0};
    if (t[2].n == 2)
        nv_split(total, t[2].q, 0, wz);
    for (int k = 0; k < t[2].n; k++) {
        int32_t wx[2] = {wz[k], 0};
        if (t[0].n == 2)
            nv_split(wz[k], t[0].q, 1, wx);
        for (int i = 0; i < t[0].n; i++) {
            int32_t wy[2] = {wx[i], 0};
            if (t[1].n == 2)
                nv_split(wx[i], t[1].q, i == 1, wy);
            for (int j = 0; j < t[1].n; j++) {
                if (acc->n >= (int)(sizeof acc->w / sizeof acc->w[0]))
                    return;
                int64_t ti = t[0].i0 + i, tj = t[1].i0 + j;
                if (seamless && (ti < 0 || ti >= (int64_t)n[0]) && (tj < 0 || tj >= (int64_t)n[0])) {
                    /* a cube corner: its weight in thirds, the remainder of 1 to the face's own
                     * texel, of 2 to the two across the edges (measured: every seamless lookup
                     * of the recording matches) */
                    if (acc->n + 3 > (int)(sizeof acc->w / sizeof acc->w[0]))
                        return;
                    int32_t side = (wy[j] + 1) / 3;
                    cube_corner_texels(tex, smp, c, level, n[0], ti, tj, &acc->t[acc->n], resident);
                    for (int m = 0; m < 3; m++)
                        acc->w[acc->n + m] = m == 0 ? wy[j] - 2 * side : side;
                    acc->n += 3;
                    continue;
                }
                load_texel(tex, smp, c, level, n, ti, tj, t[2].i0 + k, seamless, &acc->t[acc->n], resident);
                acc->w[acc->n++] = wy[j];
            }
        }
    }
}

void tmu_unit_gather(const tmu_texture *tex, const tmu_sampler *smp, const tmu_lane_coord *c, int comp,
                     const int32_t (*offsets)[2], tmu_texel *out, int *resident)
{
    uint32_t n[3];
    level_dims(tex, 0, n);
    int seamless = tmu_unit_dim_is_cube(tex->dim) && smp->seamless_cube;
    /* result q comes from: 0 (i0, j1), 1 (i1, j1), 2 (i1, j0), 3 (i0, j0); with four offsets
     * (textureGatherOffsets) result q comes from (i0, j0) + offsets[q] */
    static const int di[4] = {0, 1, 1, 0}, dj[4] = {1, 1, 0, 0};
    const float st[3] = {c->s, c->t, 0.0f};
    tmu_taps t[3];
    footprint(tex, smp, c, n, st, TMU_FILTER_LINEAR, seamless, t);
    for (int q = 0; q < 4; q++) {
        int64_t i = t[0].i0 + di[q], j = t[1].i0 + dj[q];
        if (offsets) {
            tmu_lane_coord cq = *c;
            tmu_taps tq[3];
            cq.off[0] = offsets[q][0], cq.off[1] = offsets[q][1];
            footprint(tex, smp, &cq, n, st, TMU_FILTER_LINEAR, seamless, tq);
            i = tq[0].i0, j = tq[1].i0;
        }
        tmu_texel tx, sw;
        load_texel(tex, smp, c, 0, n, i, j, 0, seamless, &tx, resident);
        tmu_unit_swizzle(tex, &tx, &sw);
        out->u[q] = sw.u[comp & 3];
    }
}
