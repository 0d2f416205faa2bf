/* Coordinates and wrapping: sampling.md §2.2 (texel selection) and §3 (address modes), the GL
 * half-border modes (texture.h tmu_address) and the footprint of one axis for each filter. */
#include <math.h>

#include "unit/internal.h"

int64_t tmu_unit_floor(float x)
{
    if (isnan(x))
        return 0;
    if (x >= 0x1p62f)
        return TMU_COORD_LIMIT;
    if (x <= -0x1p62f)
        return -TMU_COORD_LIMIT;
    return (int64_t)floorf(x);
}

float tmu_unit_frac(float x)
{
    if (!isfinite(x))
        return 0.0f;
    return x - floorf(x);
}

float tmu_unit_quantize_weight(float a, tmu_precision p)
{
    /* a is in [0, 1); a * 256 is exact (power-of-two scaling).  The NVIDIA model has its own
     * fixed point (nv_fixed below), which the fast paths do not run. */
    return p == TMU_PRECISION_NVIDIA_TRUNC ? (float)(int32_t)(a * 256.0f) * (1.0f / 256.0f) : a;
}

/* Mathematical (non-negative) modulo. */
static int64_t mod_pos(int64_t i, int64_t n)
{
    int64_t m = i % n;
    return m < 0 ? m + n : m;
}

/* mirror(n) = n for n >= 0, -(1 + n) otherwise. */
static int64_t mirror(int64_t n)
{
    return n >= 0 ? n : -(1 + n);
}

static int64_t clamp64(int64_t v, int64_t lo, int64_t hi)
{
    return v < lo ? lo : v > hi ? hi : v;
}

int tmu_unit_address_clamps_coord(tmu_address mode)
{
    return mode == TMU_ADDRESS_CLAMP_HALF_BORDER || mode == TMU_ADDRESS_MIRROR_ONCE_HALF_BORDER ||
           mode == TMU_ADDRESS_MIRROR_ONCE_BORDER;
}

int32_t tmu_unit_wrap(int64_t i, uint32_t size, tmu_address mode)
{
    int64_t n = size;
    switch (mode) {
    case TMU_ADDRESS_REPEAT:
        return (int32_t)mod_pos(i, n);
    case TMU_ADDRESS_MIRRORED_REPEAT:
        return (int32_t)((n - 1) - mirror(mod_pos(i, 2 * n) - n));
    case TMU_ADDRESS_CLAMP_TO_EDGE:
        return (int32_t)clamp64(i, 0, n - 1);
    case TMU_ADDRESS_MIRROR_CLAMP_TO_EDGE:
        return (int32_t)clamp64(mirror(i), 0, n - 1);
    case TMU_ADDRESS_MIRROR_ONCE_HALF_BORDER:
    case TMU_ADDRESS_MIRROR_ONCE_BORDER: {
        int64_t m = mirror(i); /* only cubic taps reach i < 0 (texture.h) */
        return m >= n ? -1 : (int32_t)m;
    }
    case TMU_ADDRESS_CLAMP_HALF_BORDER:
    case TMU_ADDRESS_CLAMP_TO_BORDER:
    default:
        return (i < 0 || i >= n) ? -1 : (int32_t)i;
    }
}

/* Catmull-Rom weights of the four taps at fraction a (VK_EXT_filter_cubic), in fp32:
 * 1/2 [1 a a^2 a^3] [[0 2 0 0] [-1 0 1 0] [2 -5 4 -1] [-1 3 -3 1]]. */
static void catmull_rom(float a, float w[4])
{
    w[0] = 0.5f * (a * (-1.0f + a * (2.0f - a)));
    w[1] = 0.5f * (2.0f + a * a * (-5.0f + 3.0f * a));
    w[2] = 0.5f * (a * (1.0f + a * (4.0f - 3.0f * a)));
    w[3] = 0.5f * (a * a * (a - 1.0f));
}

/* The NVIDIA model's texel coordinate for LINEAR and CUBIC: x - 1/2 in fixed point with 8
 * fraction bits, rounded to nearest with ties up (measured on an H200: the weight of tap 1 is
 * round(256 * frac) / 256, and a coordinate within 1/512 below a texel centre selects the next
 * pair with weight 0, which gathers show).  x is exact in double; |x| < 2^52 here. */
static int64_t nv_fixed(double x, int32_t *q)
{
    int64_t f = (int64_t)floor(x * 256.0 + 0.5);
    int32_t a = (int32_t)(f & 255);
    *q = a;
    return (f - a) / 256;
}

double tmu_unit_nv_texel_coord(float s, uint32_t size, int normalized)
{
    if (!normalized || !(fabsf(s) < 0x1p31f))
        return (double)s; /* NaN and huge values stay as they are (exact integers beyond 2^31) */
    return floor((double)s * 0x1p21) * 0x1p-21 * (double)size;
}

static void axis(float u, double unv, int nvu, int32_t off, uint32_t size, tmu_address mode, tmu_filter filter,
                 tmu_precision p, tmu_taps *t);

void tmu_unit_axis(float u, int32_t off, uint32_t size, tmu_address mode, tmu_filter filter, tmu_precision p,
                   tmu_taps *t)
{
    axis(u, (double)u, 0, off, size, mode, filter, p, t);
}

void tmu_unit_axis_nv(float u, double unv, int32_t off, uint32_t size, tmu_address mode, tmu_filter filter,
                      tmu_taps *t)
{
    axis(u, unv, fabs(unv) < 0x1p40, off, size, mode, filter, TMU_PRECISION_NVIDIA, t);
}

/* u: the fp32 texel-space coordinate; unv: the NVIDIA model's exact one (nvu: use it). */
static void axis(float u, double unv, int nvu, int32_t off, uint32_t size, tmu_address mode, tmu_filter filter,
                 tmu_precision p, tmu_taps *t)
{
    int64_t i;
    float a = 0.0f;
    int nv = p == TMU_PRECISION_NVIDIA && filter != TMU_FILTER_NEAREST;
    t->q = 0;
    if (tmu_unit_address_clamps_coord(mode) && !isnan(u)) {
        /* GL_CLAMP / EXT_texture_mirror_clamp: the coordinate, offset included, is mirrored and
         * clamped first.  In double every step is exact (an fp32 u plus an int32 offset fits),
         * so offsets never shift the selection; alpha is the fp32 rounding of the exact
         * fraction.  ±Inf lands on a bound. */
        double x = (nvu ? unv : (double)u) + (double)off, lo = 0.0, hi = (double)size;
        if (mode != TMU_ADDRESS_CLAMP_HALF_BORDER) {
            x = fabs(x);
            lo = 0.5;
        }
        if (mode == TMU_ADDRESS_MIRROR_ONCE_BORDER)
            hi += 0.5;
        x = x < lo ? lo : x > hi ? hi : x;
        if (filter == TMU_FILTER_NEAREST) {
            i = (int64_t)floor(x);
            if (i >= (int64_t)size && mode != TMU_ADDRESS_MIRROR_ONCE_BORDER)
                i = (int64_t)size - 1; /* the half-border modes clamp NEAREST to the edge */
        } else if (nv) {
            i = nv_fixed(x - 0.5, &t->q);
            a = (float)t->q * (1.0f / 256.0f);
        } else {
            double xb = x - 0.5, f = floor(xb);
            i = (int64_t)f;
            a = (float)(xb - f);
        }
    } else if (isnan(u)) {
        i = 0; /* unit.h: NaN selects texel 0 (offset ignored), weight 0 */
    } else if (filter == TMU_FILTER_NEAREST) {
        /* offsets join the integer coordinate: exact (issue 11) */
        i = (nvu ? (int64_t)floor(unv) : tmu_unit_floor(u)) + off;
    } else if (nv && (nvu || fabsf(u) < 0x1p40f)) {
        i = nv_fixed(nvu ? unv - 0.5 : (double)(u - 0.5f), &t->q) + off;
        a = (float)t->q * (1.0f / 256.0f);
    } else {
        float ub = u - 0.5f;
        i = tmu_unit_floor(ub) + off;
        a = tmu_unit_frac(ub);
    }
    if (!nv)
        a = tmu_unit_quantize_weight(a, p);
    switch (filter) {
    case TMU_FILTER_NEAREST:
        t->i0 = i, t->n = 1, t->w[0] = 1.0f;
        break;
    case TMU_FILTER_LINEAR:
        t->i0 = i, t->n = 2, t->w[0] = 1.0f - a, t->w[1] = a;
        break;
    default: /* CUBIC: i0 = floor(u - 3/2) = floor(u - 1/2) - 1 */
        catmull_rom(a, t->w);
        t->i0 = i - 1, t->n = 4;
        break;
    }
}
