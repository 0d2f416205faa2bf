/* Level of detail and level selection (sampling.md §5). */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "unit/internal.h"

/* 2 / ((2k + 1) ln 2) for k = 0 .. 8 (double constants as Python prints 2 / ((2k + 1) log 2)). */
const double tmu_unit_log2_coef[TMU_LOG2_TERMS] = {
    2.8853900817779268,
    0.9617966939259757,
    0.5770780163555853,
    0.41219858311113244,
    0.3205988979753252,
    0.2623081892525388,
    0.2219530832136867,
    0.19235933878519512,
    0.16972882833987804};

float tmu_unit_log2f(float x)
{
    uint32_t b;
    memcpy(&b, &x, 4);
    if (isnan(x))
        return x;
    if (x == 0.0f)
        return -INFINITY;
    if (b >> 31)
        return NAN;
    if (isinf(x))
        return x;
    int32_t e = 0;
    if (b < 0x00800000u) { /* subnormal: scaled by 2^23 (exact) */
        x *= 0x1p23f;
        memcpy(&b, &x, 4);
        e = -23;
    }
    /* x = 2^e m, m in [sqrt(1/2), sqrt(2)): the bits below those of sqrt(1/2) give e */
    uint32_t r = b - 0x3F3504F3u;
    e += (int32_t)(r >> 23) - (int32_t)((r >> 31) << 9); /* arithmetic shift of r by 23 */
    uint32_t mb = (r & 0x007FFFFFu) + 0x3F3504F3u;
    float m;
    memcpy(&m, &mb, 4);
    double f = (double)m - 1.0; /* exact, as 2 + f below */
    double sv = f / (2.0 + f), z = sv * sv;
    /* P(z) = sum c_k z^k by Estrin's scheme (short dependency chains, for the SIMD copy,
     * fast_avx512.c log2_16, which makes the same operations); one rounded operation per
     * statement, so no compiler contracts any into an FMA */
    const double *c = tmu_unit_log2_coef;
    double z2 = z * z, z4 = z2 * z2, z8 = z4 * z4;
    double t0 = c[1] * z, t1 = c[3] * z, t2 = c[5] * z, t3 = c[7] * z;
    double q0 = c[0] + t0, q1 = c[2] + t1, q2 = c[4] + t2, q3 = c[6] + t3;
    double u0 = q1 * z2, u1 = q3 * z2;
    double r0 = q0 + u0, r1 = q2 + u1;
    double v0 = r1 * z4, v1 = c[8] * z8;
    double s0 = r0 + v0;
    double poly = s0 + v1;
    double l = sv * poly;
    return (float)((double)e + l);
}

float tmu_unit_lod_from_grad(const float dx[3], const float dy[3])
{
    float rx = sqrtf(dx[0] * dx[0] + dx[1] * dx[1] + dx[2] * dx[2]);
    float ry = sqrtf(dy[0] * dy[0] + dy[1] * dy[1] + dy[2] * dy[2]);
    float rho = rx > ry ? rx : ry;
    if (isnan(rx) || isnan(ry))
        return 0.0f;
    return tmu_unit_log2f(rho); /* rho = 0 gives -inf, which the LOD clamp turns into min_lod */
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
