/* The NVIDIA precision model's filter datapath (docs/texture-unit.md §6.3), as measured on an
 * NVIDIA H200 (compute capability 9.0) with tools/nvprobe: tests/unit/test_unit_nvidia.c replays
 * the recorded lookups (tests/data/nvidia-h200.tsv) and checks these rules against them.
 *
 *  - Each axis of a LINEAR footprint has an 8-bit weight q (coord.c); the texels' weights are
 *    integers of 1/256 summing to exactly 256, made by splitting 256 axis by axis (z, then x,
 *    then y) with one rounded product per split: the tap-0 part for z, the tap-1 part for x;
 *    for y, the y1 part in column x1 and the y0 part in column x0 (tmu_unit_nv_level).  A seamless
 *    cube-corner tap passes its weight to the three texels meeting there in thirds.
 *  - Mip LINEAR gives the two levels 256 - g and g, g the LOD fraction truncated to 8 bits.
 *  - The weighted sum is exact, then rounded to the format's filter precision: 8-bit UNORM to
 *    16-bit UNORM (texel c as c * 257), 16-bit UNORM to 16 bits, 8-bit SNORM to 16-bit SNORM
 *    (the sum s of the raw bytes scaled by 1 + 2^-7 + 2^-15, rounded half up), 16-bit float and
 *    sRGB to fp16 (after aligning the texels to a block floating point of 15 or 8 bits),
 *    everything else to fp32; ties away from zero.
 *  - sRGB texels decode through the GPU's own table (below), not the exact formula. */
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "format/format_internal.h"
#include "unit/internal.h"

/* The 8-bit sRGB decode of an NVIDIA H200, read back with point sampling (sampler srgb8_pairs_pt
 * of tools/nvprobe): about 8 significant bits, within one step of the formula's value. */
static const uint32_t nv_srgb_bits[256] = {
    0x00000000u, 0x39a00000u, 0x3a200000u, 0x3a700000u, 0x3aa00000u, 0x3ac80000u, 0x3af00000u, 0x3b0c0000u,
    0x3b200000u, 0x3b340000u, 0x3b480000u, 0x3b5c0000u, 0x3b700000u, 0x3b840000u, 0x3b900000u, 0x3b9c0000u,
    0x3baa0000u, 0x3bb80000u, 0x3bc60000u, 0x3bd60000u, 0x3be60000u, 0x3bf60000u, 0x3c030000u, 0x3c0c0000u,
    0x3c160000u, 0x3c1f0000u, 0x3c290000u, 0x3c340000u, 0x3c3e0000u, 0x3c490000u, 0x3c550000u, 0x3c600000u,
    0x3c6c0000u, 0x3c7a0000u, 0x3c830000u, 0x3c8a0000u, 0x3c910000u, 0x3c980000u, 0x3c9f0000u, 0x3ca60000u,
    0x3cae0000u, 0x3cb60000u, 0x3cbe0000u, 0x3cc60000u, 0x3cce0000u, 0x3cd70000u, 0x3ce00000u, 0x3ce90000u,
    0x3cf20000u, 0x3cfc0000u, 0x3d030000u, 0x3d080000u, 0x3d0d0000u, 0x3d120000u, 0x3d170000u, 0x3d1c0000u,
    0x3d220000u, 0x3d280000u, 0x3d2d0000u, 0x3d330000u, 0x3d390000u, 0x3d3f0000u, 0x3d450000u, 0x3d4c0000u,
    0x3d520000u, 0x3d580000u, 0x3d600000u, 0x3d660000u, 0x3d6c0000u, 0x3d740000u, 0x3d7a0000u, 0x3d810000u,
    0x3d850000u, 0x3d880000u, 0x3d8c0000u, 0x3d900000u, 0x3d940000u, 0x3d980000u, 0x3d9c0000u, 0x3da00000u,
    0x3da40000u, 0x3da90000u, 0x3dad0000u, 0x3db10000u, 0x3db60000u, 0x3dba0000u, 0x3dbf0000u, 0x3dc30000u,
    0x3dc80000u, 0x3dcd0000u, 0x3dd10000u, 0x3dd60000u, 0x3ddb0000u, 0x3de00000u, 0x3de50000u, 0x3dea0000u,
    0x3df00000u, 0x3df40000u, 0x3dfa0000u, 0x3e000000u, 0x3e020000u, 0x3e050000u, 0x3e080000u, 0x3e0b0000u,
    0x3e0e0000u, 0x3e110000u, 0x3e140000u, 0x3e170000u, 0x3e1a0000u, 0x3e1d0000u, 0x3e200000u, 0x3e230000u,
    0x3e260000u, 0x3e290000u, 0x3e2c0000u, 0x3e300000u, 0x3e330000u, 0x3e360000u, 0x3e3a0000u, 0x3e3d0000u,
    0x3e400000u, 0x3e440000u, 0x3e470000u, 0x3e4b0000u, 0x3e4e0000u, 0x3e520000u, 0x3e560000u, 0x3e590000u,
    0x3e5d0000u, 0x3e610000u, 0x3e650000u, 0x3e680000u, 0x3e6c0000u, 0x3e700000u, 0x3e740000u, 0x3e780000u,
    0x3e7c0000u, 0x3e800000u, 0x3e820000u, 0x3e840000u, 0x3e860000u, 0x3e880000u, 0x3e8a0000u, 0x3e8d0000u,
    0x3e8f0000u, 0x3e910000u, 0x3e930000u, 0x3e950000u, 0x3e980000u, 0x3e9a0000u, 0x3e9c0000u, 0x3e9e0000u,
    0x3ea10000u, 0x3ea30000u, 0x3ea50000u, 0x3ea80000u, 0x3eaa0000u, 0x3ead0000u, 0x3eaf0000u, 0x3eb20000u,
    0x3eb40000u, 0x3eb60000u, 0x3eb90000u, 0x3ebc0000u, 0x3ebe0000u, 0x3ec10000u, 0x3ec30000u, 0x3ec60000u,
    0x3ec80000u, 0x3ecb0000u, 0x3ece0000u, 0x3ed10000u, 0x3ed30000u, 0x3ed60000u, 0x3ed90000u, 0x3edb0000u,
    0x3ede0000u, 0x3ee10000u, 0x3ee40000u, 0x3ee70000u, 0x3eea0000u, 0x3eed0000u, 0x3ef00000u, 0x3ef20000u,
    0x3ef60000u, 0x3ef80000u, 0x3efc0000u, 0x3efe0000u, 0x3f010000u, 0x3f020000u, 0x3f040000u, 0x3f050000u,
    0x3f070000u, 0x3f090000u, 0x3f0a0000u, 0x3f0c0000u, 0x3f0d0000u, 0x3f0f0000u, 0x3f110000u, 0x3f120000u,
    0x3f140000u, 0x3f160000u, 0x3f170000u, 0x3f190000u, 0x3f1b0000u, 0x3f1c0000u, 0x3f1e0000u, 0x3f200000u,
    0x3f210000u, 0x3f230000u, 0x3f250000u, 0x3f270000u, 0x3f290000u, 0x3f2a0000u, 0x3f2c0000u, 0x3f2e0000u,
    0x3f300000u, 0x3f320000u, 0x3f330000u, 0x3f350000u, 0x3f370000u, 0x3f390000u, 0x3f3b0000u, 0x3f3d0000u,
    0x3f3f0000u, 0x3f410000u, 0x3f430000u, 0x3f450000u, 0x3f470000u, 0x3f490000u, 0x3f4b0000u, 0x3f4d0000u,
    0x3f4f0000u, 0x3f510000u, 0x3f530000u, 0x3f550000u, 0x3f570000u, 0x3f590000u, 0x3f5b0000u, 0x3f5d0000u,
    0x3f5f0000u, 0x3f610000u, 0x3f630000u, 0x3f650000u, 0x3f680000u, 0x3f6a0000u, 0x3f6c0000u, 0x3f6e0000u,
    0x3f700000u, 0x3f720000u, 0x3f740000u, 0x3f760000u, 0x3f7a0000u, 0x3f7c0000u, 0x3f7e0000u, 0x3f800000u,};

float tmu_unit_nv_srgb(uint32_t byte)
{
    float f;
    memcpy(&f, &nv_srgb_bits[byte & 0xFFu], sizeof f);
    return f;
}

int tmu_unit_nv_filtered(const tmu_sampler *smp, tmu_filter filter)
{
    return smp->precision == TMU_PRECISION_NVIDIA && filter == TMU_FILTER_LINEAR &&
           smp->reduction == TMU_REDUCTION_WEIGHTED_AVERAGE;
}

/* ---- border colours ---- */

/* A border channel v on a UNORM grid of b bits: v truncated to b + 4 fraction bits, then rounded
 * to the grid with ties down; returns the grid step n (of 2^b - 1). */
static uint32_t nv_border_unorm(float v, int b)
{
    const int f = b + 4;
    const uint64_t m = (1u << b) - 1u;
    if (!(v > 0.0f))
        return 0; /* negative, zero, NaN */
    if (v >= 1.0f)
        return (uint32_t)m;
    uint64_t q = (uint64_t)floor((double)v * (double)(1u << f)); /* exact product */
    return (uint32_t)((q * m + (1u << (f - 1)) - 1u) >> f);
}

/* The same on an SNORM grid of b bits, in sign and magnitude: |v| (at most 1) truncated to
 * b + 3 fraction bits, rounded with ties toward zero. */
static int32_t nv_border_snorm(float v, int b)
{
    const int f = b + 3;
    const uint64_t m = (1u << (b - 1)) - 1u;
    if (isnan(v))
        return 0;
    double a = fabs((double)v);
    a = a > 1.0 ? 1.0 : a;
    uint64_t q = (uint64_t)floor(a * (double)(1u << f));
    int32_t n = (int32_t)((q * m + (1u << (f - 1)) - 1u) >> f);
    return v < 0.0f ? -n : n;
}

/* The 8-bit sRGB code of a border channel v: NVIDIA's published fp32 encoder (the sample code's
 * convertLinearColorComponentToSRGB: exponent 0.41666f, each operation rounded to fp32, no FMA)
 * rounding the last product half to even (measured: all 6 985 swept sRGB border colours, 27 940
 * channels, and the cut-offs between every two codes bracketed to ~1e-4 of a step). */
static uint32_t nv_border_srgb_code(float v)
{
    if (v > 1.0f)
        return 255;
    if (!(v > 0.0f))
        return 0; /* negative, zero, NaN */
    float c;
    if (v < 0.0031308f) {
        c = 12.92f * v;
    } else {
        float p = (float)pow((double)v, (double)0.41666f), q = 1.055f * p;
        c = q - 0.055f;
    }
    float y = c * 255.0f, n = floorf(y), r = y - n; /* r exact */
    uint32_t k = (uint32_t)n;
    return r > 0.5f || (r == 0.5f && (k & 1u)) ? k + 1u : k;
}

int tmu_unit_nv_border(const tmu_texture *tex, const tmu_sampler *smp, tmu_texel *out)
{
    /* Measured (tools/nvprobe: the recorded border samplers and 23 550 swept colours,
     * tests/data/nvidia-h200-border.tsv): UNORM channels truncate the colour to 4 bits below
     * their grid and round to it with ties down; SNORM channels do so on the magnitude with ties
     * toward zero (16-bit SNORM by analogy: not measured); sRGB channels take a code from
     * NVIDIA's fp32 encoder (nv_border_srgb_code) and read it back through the GPU's table;
     * 16-bit float channels take the fp16 value toward zero; 32-bit floats are unchanged.  Other formats
     * (packed, depth, shared exponent) keep the generic conversion. */
    const tmu_format_info *fi = tmu_format_get(tex->format);
    if (fi->is_depth || fi->is_packed || fi->shared_exponent)
        return 0;
    int unorm = fi->numeric == TMU_NUMERIC_UNORM, snorm = fi->numeric == TMU_NUMERIC_SNORM;
    int srgb = fi->numeric == TMU_NUMERIC_SRGB, f16 = fi->numeric == TMU_NUMERIC_FLOAT;
    for (int k = 0; k < 4; k++) {
        int b = fi->bits[k];
        if (b && !((unorm || snorm || srgb) && (b == 8 || b == 16)) && !(f16 && b == 16))
            return 0;
    }
    for (int k = 0; k < 4; k++) {
        int b = fi->bits[k];
        float v = smp->border_f[k];
        if (!b) {
            out->f[k] = k == 3 ? 1.0f : 0.0f;
        } else if (f16) {
            uint16_t h = tmu_float_to_half(isnan(v) ? 0.0f : v);
            if (fabsf(tmu_half_to_float(h)) > fabsf(v) && (h & 0x7FFFu)) /* toward zero */
                h = (uint16_t)(h - 1u);
            out->f[k] = tmu_half_to_float(h);
        } else if (srgb && k < 3) {
            out->f[k] = tmu_unit_nv_srgb(nv_border_srgb_code(v));
        } else if (snorm) {
            out->f[k] = (float)((double)nv_border_snorm(v, b) / (double)((1u << (b - 1)) - 1u));
        } else { /* UNORM, sRGB alpha */
            out->f[k] = (float)((double)nv_border_unorm(v, b) / (double)((1u << b) - 1u));
        }
    }
    return 1;
}

/* ---- exact sums ---- */

static void two_sum(double a, double b, double *s, double *e)
{
    double x = a + b, bb = x - a;
    *s = x;
    *e = (a - (x - bb)) + (b - bb);
}

/* sum(w[i] * x[i]) / 256 as hi + lo (lo below half an ulp of hi): each product is exact in
 * double (9 x 24 bits), the running sum is error-free, and the errors are added exactly unless
 * the texels differ by more than about 2^40 in magnitude. */
static void exact_dot(const tmu_nv_taps *acc, int k, double *hi, double *lo)
{
    double s = 0.0, e = 0.0;
    for (int i = 0; i < acc->n; i++) {
        double t;
        two_sum(s, (double)acc->w[i] * (double)acc->t[i].f[k], &s, &t);
        e += t;
    }
    two_sum(s, e, hi, lo);
    *hi *= 1.0 / 256.0;
    *lo *= 1.0 / 256.0;
}

/* The fp32 nearest to hi + lo, ties away from zero. */
static float round_f32(double hi, double lo)
{
    float f = (float)hi;
    if (!isfinite(f))
        return f;
    double a = hi - (double)f; /* exact (Sterbenz) */
    if (a == 0.0)
        return f;
    float g = nextafterf(f, a > 0.0 ? INFINITY : -INFINITY);
    double half = ((double)g - (double)f) * 0.5;
    if (a != half) /* f is the nearest to hi; lo cannot move hi + lo past a half-way point */
        return f;
    if (lo != 0.0)
        return (lo > 0.0) == (a > 0.0) ? g : f;
    return fabsf(g) > fabsf(f) ? g : f;
}

/* The fp16 value nearest to hi + lo, ties away from zero, as a float. */
static float round_f16(double hi, double lo)
{
    if (hi == 0.0 || !isfinite(hi))
        return (float)hi;
    int e = ilogb(hi);
    if (e < -14)
        e = -14;
    double ulp = ldexp(1.0, e - 10), q = hi / ulp, ql = lo / ulp, n = floor(q);
    double r = (q - n) + ql; /* q - n exact */
    if (r > 0.5 || (r == 0.5 && hi > 0.0))
        n += 1.0;
    return (float)(n * ulp);
}

/* ---- the datapath ---- */

/* floor(x / 2^n) (an arithmetic right shift, which C leaves to the implementation for x < 0). */
static int64_t floor_shift(int64_t x, int n)
{
    int64_t d = (int64_t)1 << n;
    return x >= 0 ? x / d : -((-x + d - 1) / d);
}

/* The exponent an sRGB texel of value v (a value of the decode table) takes in the filter's block
 * floating point: the exponent of the largest value of its group of 8 codes (b | 7), not its own
 * (measured: the decoder has 32 segments of 8 codes, each with one exponent and an 8-bit
 * mantissa, not always normalised). */
static int nv_srgb_exponent(float v)
{
    uint32_t bits;
    memcpy(&bits, &v, sizeof bits);
    int lo = 0, hi = 255; /* the table is strictly increasing */
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (nv_srgb_bits[mid] < bits)
            lo = mid + 1;
        else
            hi = mid;
    }
    return nv_srgb_bits[lo] == bits ? ilogb(tmu_unit_nv_srgb((uint32_t)lo | 7u)) : ilogb(v);
}

enum { NV_F32, NV_F16, NV_SRGB, NV_U8, NV_U16, NV_S8 };

static int channel_class(const tmu_format_info *fi, int k, int compare)
{
    if (compare || fi->is_depth || fi->is_packed || fi->shared_exponent)
        return NV_F32;
    switch (fi->numeric) {
    case TMU_NUMERIC_UNORM:
        return fi->bits[k] == 8 ? NV_U8 : fi->bits[k] == 16 ? NV_U16 : NV_F32;
    case TMU_NUMERIC_SRGB:
        return k == 3 ? NV_U8 : NV_SRGB;
    case TMU_NUMERIC_SNORM:
        return fi->bits[k] == 8 ? NV_S8 : NV_F32;
    case TMU_NUMERIC_FLOAT:
        return fi->bits[k] == 16 ? NV_F16 : NV_F32;
    default:
        return NV_F32;
    }
}

static float resolve_channel(const tmu_nv_taps *acc, int k, int cls)
{
    int64_t sum = 0;
    switch (cls) {
    case NV_U8:
        for (int i = 0; i < acc->n; i++)
            sum += (int64_t)acc->w[i] * lrintf(acc->t[i].f[k] * 255.0f);
        return (float)((double)((sum * 257 + 128) >> 8) / 65535.0);
    case NV_U16:
        for (int i = 0; i < acc->n; i++)
            sum += (int64_t)acc->w[i] * lrintf(acc->t[i].f[k] * 65535.0f);
        return (float)((double)((sum + 128) >> 8) / 65535.0);
    case NV_S8: {
        /* the raw bytes' weighted sum s (a -128 texel counts as -128), scaled to 16-bit SNORM by
         * 1 + 2^-7 + 2^-15 with the last term from s's top bits only, rounded half up, clamped
         * to -32767, then k / 32767 correctly rounded (measured: every SNORM8 lookup of the
         * recording and of 205 568 exploration lookups) */
        for (int i = 0; i < acc->n; i++)
            sum += (int64_t)acc->w[i] * lrintf(acc->t[i].f[k] * 127.0f);
        int64_t kk = sum + floor_shift(sum + floor_shift(sum, 12) * 16 + 64, 7);
        return (float)((double)(kk < -32767 ? -32767 : kk) / 32767.0);
    }
    default:
        break;
    }
    for (int i = 0; i < acc->n; i++)
        if (!isfinite(acc->t[i].f[k])) {
            float f = 0.0f; /* Inf / NaN texels: plain fp32 sum (NaN becomes the canonical NaN later) */
            for (int j = 0; j < acc->n; j++)
                f += (float)acc->w[j] * (1.0f / 256.0f) * acc->t[j].f[k];
            return f;
        }
    double hi, lo;
    if (cls == NV_F16 || cls == NV_SRGB) {
        /* fp16 and sRGB filtering align the texels of non-zero weight of each level to the
         * largest one's exponent e and truncate them to multiples of 2^(e - 14) (fp16) or
         * 2^(e - 7) (sRGB, whose texels take their code group's exponent: nv_srgb_exponent)
         * first: a block floating point of 15 or 8 significant bits (measured: every fp16 and
         * sRGB lookup of the recording, and 205 568 sRGB exploration lookups) */
        int bits = cls == NV_SRGB ? 7 : 14;
        tmu_nv_taps al = *acc;
        for (int g = 0; g < 2; g++) { /* each mip level on its own (measured on trilinear fp16) */
            int from = g ? acc->first : 0, to = g ? acc->n : acc->first, e = INT32_MIN;
            for (int i = from; i < to; i++)
                if (acc->w[i] != 0 && acc->t[i].f[k] != 0.0f) {
                    int x = cls == NV_SRGB ? nv_srgb_exponent(acc->t[i].f[k]) : ilogb(acc->t[i].f[k]);
                    e = x > e ? x : e;
                }
            if (e == INT32_MIN)
                continue;
            double q = ldexp(1.0, e - bits);
            for (int i = from; i < to; i++) /* exact: at most 15 significant bits */
                al.t[i].f[k] = (float)(trunc((double)acc->t[i].f[k] / q) * q);
        }
        exact_dot(&al, k, &hi, &lo);
        return round_f16(hi, lo);
    }
    exact_dot(acc, k, &hi, &lo);
    return cls == NV_F32 ? round_f32(hi, lo) : round_f16(hi, lo);
}

void tmu_unit_nv_sample(const tmu_texture *tex, const tmu_sampler *smp, const tmu_lane_coord *c,
                        const tmu_level_pick *pick, const float st[3], tmu_texel *out, int *resident)
{
    tmu_nv_taps acc;
    acc.n = 0;
    tmu_lane_coord cn = *c;
    cn.nv_filter = 1;
    c = &cn;
    /* the LOD fraction truncated to 8 bits: lambda = 1/512 still reads level 0 alone */
    int32_t g = pick->count == 2 ? (int32_t)(pick->frac * 256.0f) : 0;
    tmu_unit_nv_level(tex, smp, c, pick->level[0], st, 256 - g, &acc, resident);
    acc.first = acc.n;
    if (g > 0)
        tmu_unit_nv_level(tex, smp, c, pick->level[1], st, g, &acc, resident);
    const tmu_format_info *fi = tmu_format_get(tex->format);
    for (int k = 0; k < 4; k++)
        out->f[k] = resolve_channel(&acc, k, channel_class(fi, k, c->compare));
}

/* 256 log2(1 + k/256) as the GPU's table gives it for the 8-bit truncated mantissa k of a footprint
 * length (measured: tools/nvprobe gradient sweeps, every entry): floor(256 log2(1 + (k + 1/2)/256)
 * + 15/32) for 0 < k < 255, 0 and 255 at the ends. */
static const uint8_t nv_log2_table[256] = {
    0, 2, 4, 5, 6, 8, 9, 11, 12, 13, 15, 16, 18, 19, 20, 22,
    23, 24, 26, 27, 28, 30, 31, 32, 34, 35, 36, 38, 39, 40, 42, 43,
    44, 45, 47, 48, 49, 50, 52, 53, 54, 55, 57, 58, 59, 60, 62, 63,
    64, 65, 66, 68, 69, 70, 71, 72, 74, 75, 76, 77, 78, 79, 81, 82,
    83, 84, 85, 86, 88, 89, 90, 91, 92, 93, 94, 95, 97, 98, 99, 100,
    101, 102, 103, 104, 105, 106, 107, 109, 110, 111, 112, 113, 114, 115, 116, 117,
    118, 119, 120, 121, 122, 123, 124, 125, 126, 127, 128, 129, 130, 131, 132, 133,
    135, 136, 137, 137, 138, 139, 140, 141, 142, 143, 144, 145, 146, 147, 148, 149,
    150, 151, 152, 153, 154, 155, 156, 157, 158, 159, 160, 161, 162, 162, 163, 164,
    165, 166, 167, 168, 169, 170, 171, 172, 173, 173, 174, 175, 176, 177, 178, 179,
    180, 181, 181, 182, 183, 184, 185, 186, 187, 188, 188, 189, 190, 191, 192, 193,
    194, 195, 195, 196, 197, 198, 199, 200, 200, 201, 202, 203, 204, 205, 205, 206,
    207, 208, 209, 210, 210, 211, 212, 213, 214, 214, 215, 216, 217, 218, 218, 219,
    220, 221, 222, 222, 223, 224, 225, 226, 226, 227, 228, 229, 229, 230, 231, 232,
    233, 233, 234, 235, 236, 236, 237, 238, 239, 239, 240, 241, 242, 242, 243, 244,
    245, 245, 246, 247, 248, 248, 249, 250, 251, 251, 252, 253, 253, 254, 255, 255,
};

/* The GPU's LOD unit works on 10-bit significands: |v| = M 2^e with M in [512, 1024) truncated
 * (v > 0 finite); returns M and sets *e. */
static double nv_mant(double v, int *e)
{
    int x;
    double m = frexp(v, &x);
    *e = x - 10;
    return floor(m * 1024.0);
}

/* v truncated toward zero to `bits` significant bits. */
static double nv_qbits(double v, int bits)
{
    if (v == 0.0 || !isfinite(v))
        return v;
    int e;
    double m = frexp(fabs(v), &e);
    return copysign(ldexp(floor(ldexp(m, bits)), e - bits), v);
}

/* v truncated toward zero to 10 significant bits (9 fraction bits): the LOD unit's operands. */
static double nv_q(double v)
{
    return nv_qbits(v, 10);
}

/* floor(t + 1/2): the unit's rounding of its constant products (half up; ties to even gives the
 * same lambda on every recorded and swept lookup: the two cannot be told apart through it). */
static double nv_rnd(double t)
{
    return floor(t + 0.5);
}

/* x + y in the unit's sign-magnitude adder: both operands truncated toward zero to half the last
 * place of the larger one's 10-bit significand (one guard bit), then added exactly. */
static double nv_add(double x, double y)
{
    double m = fabs(x) > fabs(y) ? fabs(x) : fabs(y);
    if (m == 0.0)
        return 0.0;
    int e;
    nv_mant(m, &e);
    double g = ldexp(1.0, e - 1);
    return trunc(x / g) * g + trunc(y / g) * g;
}

/* The texel-space value of a normalised derivative v on an axis of `size` texels: for a power of
 * two, v's 10-bit significand times the size (nv_q(v) * size); otherwise the significand times
 * the size plus 31 units of its last place, truncated to 10 bits (measured on a 48 x 40 chain:
 * any constant from 24 to 31 fits; the fp32 product v * size misses 12 % of the lookups). */
static double nv_texel(float v, uint32_t size)
{
    if (v == 0.0f || size == 0)
        return 0.0;
    int e;
    double m = nv_mant(fabs((double)v), &e);
    if ((size & (size - 1u)) == 0)
        return copysign(ldexp(m * (double)size, e), (double)v);
    return copysign(nv_q(ldexp(m * (double)size + 31.0, e)), (double)v);
}

/* The components of v by magnitude: *x >= *y >= *z. */
static void nv_sort3(const double v[3], double *x, double *y, double *z)
{
    double a = fabs(v[0]), b = fabs(v[1]), c = fabs(v[2]), t;
    if (a < b)
        t = a, a = b, b = t;
    if (b < c)
        t = b, b = c, c = t;
    if (a < b)
        t = a, a = b, b = t;
    *x = a, *y = b, *z = c;
}

/* The last place of v's 10-bit significand (v > 0). */
static double nv_ulp10(double v)
{
    int e;
    nv_mant(v, &e);
    return ldexp(1.0, e);
}

/* The length of a gradient (components already 10-bit): the largest component plus 11/32 of the
 * middle one rounded to a quarter of its last place, plus a quarter of the smallest truncated to
 * the last place of that term (an octagon in each plane: 1.344 at 45 degrees, up to 1.055 near 19
 * degrees for a unit vector in 2D). */
static double nv_length(const double v[3])
{
    double x, y, z;
    nv_sort3(v, &x, &y, &z);
    if (y == 0.0)
        return x;
    int e;
    double m = nv_mant(y, &e);
    double t = ldexp(nv_rnd(11.0 * m / 8.0) / 4.0, e);
    if (z != 0.0) {
        double g = nv_ulp10(t);
        t += floor(z / 4.0 / g) * g;
    }
    return x + t;
}

/* The length of a diagonal (the gradients' sum or difference): 11/16 of the largest component to
 * half its last place, truncated back to 10 bits, plus 121/512 of the middle one to an eighth of
 * its last place, plus 11/64 of the smallest to an eighth of its last place truncated to the last
 * place of the middle term. */
static double nv_diag_length(const double v[3])
{
    double x, y, z;
    nv_sort3(v, &x, &y, &z);
    if (x == 0.0)
        return 0.0;
    int e;
    double m = nv_mant(x, &e);
    double l = nv_q(ldexp(nv_rnd(11.0 * m / 8.0) / 2.0, e));
    if (y == 0.0)
        return l;
    m = nv_mant(y, &e);
    double t = ldexp(nv_rnd(121.0 * m / 64.0) / 8.0, e);
    if (z != 0.0) {
        m = nv_mant(z, &e);
        double zd = ldexp(nv_rnd(11.0 * m / 8.0) / 8.0, e), g = nv_ulp10(t);
        t += floor(zd / g) * g;
    }
    return l + t;
}

/* lambda of the footprint of texel-space gradients a and b (components already 10-bit): the
 * largest of the two gradients' lengths and, with `diagonals`, of the diagonal lengths of their
 * sum and difference; log2 as the exponent plus a table entry for the 8-bit truncated mantissa:
 * lambda in steps of 1/256 without a rounding of its own. */
static float nv_lambda(const double a[3], const double b[3], int diagonals)
{
    double l = nv_length(a), t = nv_length(b);
    l = t > l ? t : l;
    if (diagonals) {
        double sum[3], dif[3];
        for (int k = 0; k < 3; k++)
            sum[k] = nv_add(a[k], b[k]), dif[k] = nv_add(a[k], -b[k]);
        t = nv_diag_length(sum), l = t > l ? t : l;
        t = nv_diag_length(dif), l = t > l ? t : l;
    }
    if (isnan(l))
        return 0.0f;
    if (l == 0.0 || isinf(l))
        return l == 0.0 ? -INFINITY : INFINITY;
    int e;
    double m = frexp(l, &e); /* l = m 2^e, m in [1/2, 1) */
    int k = (int)floor(m * 512.0) - 256;
    return (float)(e - 1) + (float)nv_log2_table[k] * (1.0f / 256.0f);
}

float tmu_unit_nv_lod_from_grad(const float dx[3], const float dy[3], const uint32_t size[3])
{
    /* Measured on an H200 (tools/nvprobe: every one of 4 292 recorded 2D gradient lookups, 45 064
     * exploration ones and 18 430 chosen to separate the rule from its near variants, and 24 066
     * of 24 067 swept 3D and 48 x 40 ones; docs/texture-unit.md 6.3): the components as 10-bit
     * texel-space values (nv_texel), then nv_lambda with the diagonals. */
    for (int k = 0; k < 3; k++)
        if (isnan(dx[k]) || isnan(dy[k]))
            return 0.0f;
    for (int k = 0; k < 3; k++)
        if (isinf(dx[k]) || isinf(dy[k]))
            return INFINITY;
    double a[3], b[3];
    for (int k = 0; k < 3; k++) {
        a[k] = size ? nv_texel(dx[k], size[k]) : nv_q(dx[k]);
        b[k] = size ? nv_texel(dy[k], size[k]) : nv_q(dy[k]);
    }
    return nv_lambda(a, b, 1);
}


/* The coordinates (u, v), in [-1, 1] on the face, of point p on `face`; a point beyond the face
 * is unfolded across the edge it crossed (the larger of |s_c|, |t_c| picks the edge): its
 * coordinate across that edge is 2 - n / m, truncated to 11 significant bits (the best fit
 * found, not exact).  Returns 1 when p left the face. */
static int nv_cube_point(const float p[3], int face, double *u, double *v)
{
    double n, s, t;
    tmu_unit_cube_axes(p, face, &n, &s, &t);
    if (n > 0.0 && n >= fabs(s) && n >= fabs(t)) {
        *u = s / n, *v = t / n;
        return 0;
    }
    int swap = fabs(s) < fabs(t);
    double a = swap ? t : s, b = swap ? s : t, m = fabs(a);
    double across = copysign(nv_qbits(2.0 - n / m, 11), a), along = b / m;
    *u = swap ? along : across, *v = swap ? across : along;
    return 1;
}

float tmu_unit_nv_cube_lod(const float dir[3], const float dx[3], const float dy[3], uint32_t size)
{
    /* Measured on an H200 (tools/nvprobe --explore 7: 11 743 of 11 777 cube gradients; every one
     * whose points stay on the face): tex.grad.cube is a driver routine that builds a quad of
     * directions d, d + dx, d + dy (fp32 sums) and lets the texture unit take implicit
     * derivatives over it (docs/texture-unit.md 6.3).  The points are projected onto d's face
     * and differenced (a forward difference, not the quotient rule), in texels (size / 2 per
     * unit), then the 2D rule; when a point leaves the face it is unfolded across the edge and
     * the footprint is the larger gradient length alone (no diagonals). */
    for (int a = 0; a < 3; a++)
        if (isnan(dir[a]) || isnan(dx[a]) || isnan(dy[a]))
            return 0.0f;
    int face;
    float s, t, ma;
    tmu_unit_cube_face(dir, &face, &s, &t, &ma);
    if (!(ma > 0.0f) || isinf(ma))
        return 0.0f;
    double u0, v0, d[2][2] = {{0.0, 0.0}, {0.0, 0.0}};
    nv_cube_point(dir, face, &u0, &v0);
    const float *g[2] = {dx, dy};
    int crossed = 0;
    for (int k = 0; k < 2; k++) {
        if (g[k][0] == 0.0f && g[k][1] == 0.0f && g[k][2] == 0.0f)
            continue;
        const float e[3] = {dir[0] + g[k][0], dir[1] + g[k][1], dir[2] + g[k][2]};
        double u, v;
        crossed |= nv_cube_point(e, face, &u, &v);
        d[k][0] = (u - u0) * 0.5 * (double)size, d[k][1] = (v - v0) * 0.5 * (double)size;
    }
    const double a[3] = {nv_q(d[0][0]), nv_q(d[0][1]), 0.0}, b[3] = {nv_q(d[1][0]), nv_q(d[1][1]), 0.0};
    return nv_lambda(a, b, !crossed);
}
