/* Level of detail and level selection (sampling.md §5). */
#include <math.h>

#include "unit/internal.h"

float tmu_unit_lod_from_grad(const float dx[3], const float dy[3])
{
    float rx = sqrtf(dx[0] * dx[0] + dx[1] * dx[1] + dx[2] * dx[2]);
    float ry = sqrtf(dy[0] * dy[0] + dy[1] * dy[1] + dy[2] * dy[2]);
    float rho = rx > ry ? rx : ry;
    if (isnan(rx) || isnan(ry))
        return 0.0f;
    return log2f(rho); /* rho = 0 gives -inf, which the LOD clamp turns into min_lod */
}

float tmu_unit_clamp_lod(const tmu_sampler *smp, float lambda_base, float bias, float min_lod)
{
    if (isnan(lambda_base))
        lambda_base = 0.0f;
    float l = lambda_base + (smp->lod_bias + bias);
    if (isnan(l))
        l = 0.0f;
    float lo = fmaxf(smp->min_lod, min_lod); /* fmaxf ignores a NaN operand */
    l = fmaxf(l, lo);
    l = fminf(l, smp->max_lod);
    return isnan(l) ? 0.0f : l;
}

float tmu_unit_level_param(const tmu_sampler *smp, uint32_t levels, float lambda, float min_lod)
{
    float q = (float)(levels - 1);
    /* d' = max(clamp(lambda, 0, q), min_lod) relative to the view's level 0; MIP_NONE reads the
     * view's level 0 unless its min_lod is higher (then as NEAREST with lambda = 0) */
    float d = smp->mip_filter == TMU_MIP_NONE ? 0.0f : fminf(fmaxf(lambda, 0.0f), q);
    if (min_lod > d)
        d = fminf(min_lod, q);
    if (smp->mip_filter == TMU_MIP_LINEAR)
        return d;
    /* nearest(d') = ceil(d' + 0.5) - 1: rounds to nearest, ties (x.5) down (§5.2 preferred form);
     * the NVIDIA model rounds ties up (measured: lambda = 0.5 reads level 1) */
    float n = smp->precision == TMU_PRECISION_NVIDIA ? floorf(d + 0.5f) : ceilf(d + 0.5f) - 1.0f;
    return n < 0.0f ? 0.0f : n;
}

void tmu_unit_pick_levels(const tmu_sampler *smp, uint32_t levels, float lambda, float min_lod,
                          tmu_level_pick *pick)
{
    pick->filter = lambda <= 0.0f ? smp->mag_filter : smp->min_filter;
    pick->level[0] = pick->level[1] = 0;
    pick->frac = 0.0f;
    pick->count = 1;
    if (levels <= 1)
        return;
    float d = tmu_unit_level_param(smp, levels, lambda, min_lod);
    if (smp->mip_filter != TMU_MIP_LINEAR) {
        pick->level[0] = (uint32_t)d;
        return;
    }
    float hi = floorf(d);
    uint32_t h = (uint32_t)hi;
    uint32_t lo = h + 1 < levels ? h + 1 : levels - 1;
    float frac = d - hi;
    pick->level[0] = h;
    if (lo != h && frac > 0.0f) {
        pick->level[1] = lo;
        pick->frac = frac;
        pick->count = 2;
    }
}
