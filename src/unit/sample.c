/* Filtering of one lane on one level, and gather (sampling.md §2, §3, §6, §7, §8).
 * Order per texel: select -> wrap (or cube adjacency) -> fetch + decode -> compare; then weights. */
#include <math.h>

#include "unit/internal.h"

/* Per-level sizes of the three axes (1 for unused axes; cube faces are w x w). */
static void level_dims(const tmu_texture *tex, uint32_t level, uint32_t n[3])
{
    n[0] = tmu_level_size(tex->width, level);
    n[1] = tmu_level_size(tex->height, level);
    n[2] = tex->dim == TMU_DIM_3D ? tmu_level_size(tex->depth, level) : 1;
}

/* Texel-space coordinate on one axis: s * size + offset (normalised) or s + offset (§2.1). */
static float texel_space(const tmu_sampler *smp, float s, uint32_t size, int32_t off)
{
    float u = smp->normalized ? s * (float)size : s;
    return u + (float)off;
}

/* Adds a * b into acc for the four channels (float formats only). */
static void accumulate(tmu_texel *acc, float w, const tmu_texel *t, int first)
{
    for (int c = 0; c < 4; c++)
        acc->f[c] = first ? w * t->f[c] : acc->f[c] + w * t->f[c];
}

/* One texel of a cube face with seamless filtering: (i, j) may be one texel outside the
 * face; a corner outside both axes is the average of the three texels meeting there (§3). */
static void load_cube_seamless(const tmu_texture *tex, const tmu_sampler *smp, const tmu_lane_coord *c,
                               uint32_t level, uint32_t n, int64_t i, int64_t j, tmu_texel *out, int *resident)
{
    uint32_t cube_base = c->layer - (uint32_t)c->face;
    int in_i = i >= 0 && i < (int64_t)n, in_j = j >= 0 && j < (int64_t)n;
    tmu_texel_ref r = {level, c->layer, 0, 0, 0, 0};
    if (in_i && in_j) {
        r.x = (int32_t)i, r.y = (int32_t)j;
        tmu_unit_load(tex, smp, &r, out, resident);
        if (c->compare)
            out->f[0] = tmu_unit_compare(smp->compare_op, c->ref, out->f[0]);
        return;
    }
    if (in_i || in_j) {
        int f;
        tmu_unit_cube_adjacent(c->face, i, j, n, &f, &r.x, &r.y);
        r.layer = cube_base + (uint32_t)f;
        tmu_unit_load(tex, smp, &r, out, resident);
        if (c->compare)
            out->f[0] = tmu_unit_compare(smp->compare_op, c->ref, out->f[0]);
        return;
    }
    int64_t ci = i < 0 ? 0 : (int64_t)n - 1, cj = j < 0 ? 0 : (int64_t)n - 1;
    tmu_texel a, b, d;
    load_cube_seamless(tex, smp, c, level, n, ci, cj, &a, resident);
    load_cube_seamless(tex, smp, c, level, n, i, cj, &b, resident);
    load_cube_seamless(tex, smp, c, level, n, ci, j, &d, resident);
    for (int k = 0; k < 4; k++)
        out->f[k] = (a.f[k] + b.f[k] + d.f[k]) / 3.0f;
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
    tmu_texel_ref r = {level, c->layer, 0, 0, 0, 0};
    r.x = tmu_unit_wrap(i, n[0], smp->address[0]);
    if (axes >= 2)
        r.y = tmu_unit_wrap(j, n[1], smp->address[1]);
    if (axes >= 3)
        r.z = tmu_unit_wrap(k, n[2], smp->address[2]);
    tmu_unit_load(tex, smp, &r, out, resident);
    if (c->compare)
        out->f[0] = tmu_unit_compare(smp->compare_op, c->ref, out->f[0]);
}

void tmu_unit_sample_level(const tmu_texture *tex, const tmu_sampler *smp, const tmu_lane_coord *c,
                           uint32_t level, tmu_filter filter, tmu_texel *out, int *resident)
{
    uint32_t n[3];
    level_dims(tex, level, n);
    int axes = tmu_unit_dim_axes(tex->dim);
    int cube = tmu_unit_dim_is_cube(tex->dim);
    float u = texel_space(smp, c->s, n[0], c->off[0]);
    float v = axes >= 2 ? texel_space(smp, c->t, n[1], c->off[1]) : 0.0f;
    float w = axes >= 3 ? texel_space(smp, c->r, n[2], c->off[2]) : 0.0f;
    if (filter == TMU_FILTER_NEAREST) {
        int64_t i = tmu_unit_floor(u), j = tmu_unit_floor(v), k = tmu_unit_floor(w);
        if (cube && smp->seamless_cube) { /* seamless cube NEAREST clamps to the edge */
            i = i < 0 ? 0 : i >= n[0] ? n[0] - 1 : i;
            j = j < 0 ? 0 : j >= n[1] ? n[1] - 1 : j;
        }
        load_texel(tex, smp, c, level, n, i, j, k, 0, out, resident);
        return;
    }
    int seamless = cube && smp->seamless_cube;
    float ub = u - 0.5f, vb = v - 0.5f, wb = w - 0.5f;
    int64_t i0 = tmu_unit_floor(ub), j0 = tmu_unit_floor(vb), k0 = tmu_unit_floor(wb);
    float a = tmu_unit_quantize_weight(tmu_unit_frac(ub), smp->precision);
    float b = tmu_unit_quantize_weight(tmu_unit_frac(vb), smp->precision);
    float g = tmu_unit_quantize_weight(tmu_unit_frac(wb), smp->precision);
    tmu_texel t00, t10, t01, t11;
    if (axes == 1) {
        load_texel(tex, smp, c, level, n, i0, 0, 0, 0, &t00, resident);
        load_texel(tex, smp, c, level, n, i0 + 1, 0, 0, 0, &t10, resident);
        accumulate(out, 1.0f - a, &t00, 1);
        accumulate(out, a, &t10, 0);
        return;
    }
    tmu_texel slice[2];
    int slices = axes == 3 ? 2 : 1;
    for (int s = 0; s < slices; s++) {
        int64_t k = k0 + s;
        load_texel(tex, smp, c, level, n, i0, j0, k, seamless, &t00, resident);
        load_texel(tex, smp, c, level, n, i0 + 1, j0, k, seamless, &t10, resident);
        load_texel(tex, smp, c, level, n, i0, j0 + 1, k, seamless, &t01, resident);
        load_texel(tex, smp, c, level, n, i0 + 1, j0 + 1, k, seamless, &t11, resident);
        tmu_texel *acc = &slice[s];
        accumulate(acc, (1.0f - a) * (1.0f - b), &t00, 1);
        accumulate(acc, a * (1.0f - b), &t10, 0);
        accumulate(acc, (1.0f - a) * b, &t01, 0);
        accumulate(acc, a * b, &t11, 0);
    }
    if (slices == 1) {
        *out = slice[0];
        return;
    }
    accumulate(out, 1.0f - g, &slice[0], 1);
    accumulate(out, g, &slice[1], 0);
}

void tmu_unit_gather(const tmu_texture *tex, const tmu_sampler *smp, const tmu_lane_coord *c, int comp,
                     tmu_texel *out, int *resident)
{
    uint32_t n[3];
    level_dims(tex, 0, n);
    int seamless = tmu_unit_dim_is_cube(tex->dim) && smp->seamless_cube;
    float u = texel_space(smp, c->s, n[0], c->off[0]) - 0.5f;
    float v = texel_space(smp, c->t, n[1], c->off[1]) - 0.5f;
    int64_t i0 = tmu_unit_floor(u), j0 = tmu_unit_floor(v);
    /* result n comes from: 0 (i0, j1), 1 (i1, j1), 2 (i1, j0), 3 (i0, j0) */
    static const int di[4] = {0, 1, 1, 0}, dj[4] = {1, 1, 0, 0};
    for (int q = 0; q < 4; q++) {
        tmu_texel t, sw;
        load_texel(tex, smp, c, 0, n, i0 + di[q], j0 + dj[q], 0, seamless, &t, resident);
        tmu_unit_swizzle(tex, &t, &sw);
        out->u[q] = sw.u[comp & 3];
    }
}
