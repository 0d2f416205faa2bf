/* Texture unit against an independent float64 reference, and property tests.
 *
 * Reference: a separate, deliberately plain double-precision sampler written from the Vulkan
 * specification's texture chapter, sampling.md and the rules tmu documents in texture.h /
 * unit.h, sharing no code with src/unit (not even the format decoders: it decodes the bytes
 * itself).  It covers every sampled shape (1D, 2D, 3D, cube with seamless edges and corners,
 * 1D / 2D / cube arrays with u32 and f32 layers), SAMPLE with NEAREST / LINEAR / CUBIC filters
 * and every mip filter, GATHER (one offset or four), depth compare per texel, texel offsets,
 * all eight address modes with converted border colours, min / max reduction, integer formats
 * (SAMPLE and GATHER, integer cube corners), normalised and unnormalised coordinates, random
 * swizzles, and the EXACT and NVIDIA_TRUNC precision models (the reference quantises its fp32
 * weights to 1.8 fixed point for NVIDIA_TRUNC).  The NVIDIA model's own datapath (integer
 * weights, its coordinate and result rounding) is checked bit for bit against lookups recorded
 * on an NVIDIA GPU instead (test_unit_nvidia.c); the property test below runs it too.  Formats: R32_FLOAT, R8G8B8A8_UNORM, R16G16_SNORM,
 * E5B9G9R9, R32_UINT, R16G16_SINT, R8_UINT, D16_UNORM, D32_FLOAT.
 * The reference follows the rounding points tmu documents (unit.h): u = fp32(s * size), cube
 * face coordinates and u - 1/2 in fp32, alpha fp32 (the half-border modes: exact), lambda and
 * the mip parameter in fp32; weights, products and sums are in double.  Tolerance: exact for
 * NEAREST, gathers and integers; 4e-6 (1 + |value|) for filtered values.
 * Default: 8200 random configurations x 128 lanes (> 1M lookups per run); TMU_TEST_LONG=1 runs
 * 10x more.
 *
 * Properties (run under ASan+UBSan in CI): random shapes, formats, ops and coordinates drawn
 * from a pool with NaN, +/-Inf, denormals, +/-1e30 and ordinary values; every call succeeds,
 * no byte outside the (exactly sized) texture memory is read, and results are defined:
 * normalised formats give values in [0, 1], compares give 0 or 1, query_lod is not NaN.
 * Default: about 1M lanes; TMU_TEST_LONG=1 runs 20x more. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

#include <cmocka.h>

#include "unit/unit_util.h"

/* ---- float64 reference ---------------------------------------------------------------- */

/* The formats of the reference and how it decodes them (little-endian bytes). */
typedef enum { RF_R32F, RF_RGBA8, RF_RG16SN, RF_RGB9E5, RF_R32UI, RF_RG16SI, RF_R8UI, RF_D16, RF_D32F, RF_COUNT } rfmt;
static const tmu_format ref_formats[RF_COUNT] = {
    TMU_FORMAT_R32_FLOAT,   TMU_FORMAT_R8G8B8A8_UNORM, TMU_FORMAT_R16G16_SNORM, TMU_FORMAT_E5B9G9R9_UFLOAT_PACK32,
    TMU_FORMAT_R32_UINT,    TMU_FORMAT_R16G16_SINT,    TMU_FORMAT_R8_UINT,      TMU_FORMAT_D16_UNORM,
    TMU_FORMAT_D32_FLOAT};
static const int ref_channels[RF_COUNT] = {1, 4, 2, 3, 1, 2, 1, 1, 1};
static const int ref_bytes[RF_COUNT] = {4, 4, 4, 4, 4, 4, 1, 2, 4};

static int rf_int(rfmt f)
{
    return f == RF_R32UI || f == RF_RG16SI || f == RF_R8UI;
}
static int rf_depth(rfmt f)
{
    return f == RF_D16 || f == RF_D32F;
}

/* Decoded texel: four doubles (integers exactly), missing channels 0, 0, 0, 1. */
static void ref_decode(rfmt f, const unsigned char *p, double v[4])
{
    v[0] = v[1] = v[2] = 0, v[3] = 1;
    uint32_t w = 0;
    for (int b = ref_bytes[f] - 1; b >= 0; b--)
        w = w << 8 | p[b];
    switch (f) {
    case RF_R32F:
    case RF_D32F:
        v[0] = test_f(w);
        break;
    case RF_RGBA8:
        for (int c = 0; c < 4; c++)
            v[c] = (double)((w >> (8 * c)) & 255) / 255.0;
        break;
    case RF_RG16SN:
        for (int c = 0; c < 2; c++) {
            double x = (double)(int16_t)(uint16_t)(w >> (16 * c)) / 32767.0;
            v[c] = x < -1 ? -1 : x;
        }
        break;
    case RF_RGB9E5:
        for (int c = 0; c < 3; c++)
            v[c] = (double)((w >> (9 * c)) & 511) * ldexp(1.0, (int)(w >> 27) - 24);
        break;
    case RF_R32UI:
        v[0] = (double)w;
        break;
    case RF_RG16SI:
        v[0] = (double)(int16_t)(uint16_t)w, v[1] = (double)(int16_t)(uint16_t)(w >> 16);
        break;
    case RF_R8UI:
        v[0] = (double)w;
        break;
    case RF_D16:
        v[0] = (double)w / 65535.0;
        break;
    default:
        break;
    }
}

typedef struct ref_state {
    const test_tex *t;
    rfmt f;
    tmu_dim dim;
    const tmu_sampler *smp;
    int compare;
    double ref;
    double border[4]; /* converted border texel */
    double mag;       /* largest |component| of any texel read (scales the tolerance) */
} ref_state;

static int ref_cube(tmu_dim d)
{
    return d == TMU_DIM_CUBE || d == TMU_DIM_CUBE_ARRAY;
}
static int ref_axes(tmu_dim d)
{
    return d == TMU_DIM_1D || d == TMU_DIM_1D_ARRAY ? 1 : d == TMU_DIM_3D ? 3 : 2;
}
static uint32_t ref_size(uint32_t s, uint32_t l)
{
    return s >> l ? s >> l : 1;
}

/* Wrap of integer coordinate i on n texels (sampling.md §3, texture.h); -1 = border. */
static long ref_wrap(long i, long n, tmu_address mode)
{
    long m = i < 0 ? -i - 1 : i; /* reflection about the texel boundary at 0 */
    switch (mode) {
    case TMU_ADDRESS_REPEAT:
        return ((i % n) + n) % n;
    case TMU_ADDRESS_MIRRORED_REPEAT: {
        long p = ((i % (2 * n)) + 2 * n) % (2 * n); /* period 2n: forwards, then backwards */
        return p < n ? p : 2 * n - 1 - p;
    }
    case TMU_ADDRESS_CLAMP_TO_EDGE:
        return i < 0 ? 0 : i >= n ? n - 1 : i;
    case TMU_ADDRESS_MIRROR_CLAMP_TO_EDGE:
        return m >= n ? n - 1 : m;
    case TMU_ADDRESS_MIRROR_ONCE_HALF_BORDER:
    case TMU_ADDRESS_MIRROR_ONCE_BORDER:
        return m >= n ? -1 : m;
    default: /* CLAMP_TO_BORDER, CLAMP_HALF_BORDER */
        return i < 0 || i >= n ? -1 : i;
    }
}

/* Texel (x, y, z-or-layer) of level l, compared when the op compares. */
static void ref_texel(ref_state *r, uint32_t l, long x, long y, long zl, double v[4])
{
    if (x < 0 || y < 0 || zl < 0) {
        memcpy(v, r->border, sizeof r->border);
    } else {
        const unsigned char *p = tmu_texel_address(&r->t->tex, l, (uint32_t)x, (uint32_t)y, (uint32_t)zl, 0);
        ref_decode(r->f, p, v);
    }
    for (int c = 0; c < 4; c++)
        r->mag = fmax(r->mag, fabs(v[c]));
    if (r->compare) {
        double d = v[0], q = r->ref;
        int pass = 0;
        switch (r->smp->compare_op) {
        case TMU_COMPARE_LESS: pass = q < d; break;
        case TMU_COMPARE_EQUAL: pass = q == d; break;
        case TMU_COMPARE_LESS_OR_EQUAL: pass = q <= d; break;
        case TMU_COMPARE_GREATER: pass = q > d; break;
        case TMU_COMPARE_NOT_EQUAL: pass = q != d; break;
        case TMU_COMPARE_GREATER_OR_EQUAL: pass = q >= d; break;
        case TMU_COMPARE_ALWAYS: pass = 1; break;
        default: break;
        }
        v[0] = pass;
    }
}

/* Cube face of a direction by the Vulkan table (ties: z, then y, then x), face coordinates in
 * fp32 as the spec formula 0.5 * sc / |ma| + 0.5. */
static int ref_face(double x, double y, double z, float dir[3], float *s, float *t)
{
    static const int major[6] = {0, 0, 1, 1, 2, 2};
    static const int sa[6] = {2, 2, 0, 0, 0, 0}, ss[6] = {-1, 1, 1, 1, 1, -1};
    static const int ta[6] = {1, 1, 2, 2, 1, 1}, ts[6] = {-1, -1, 1, -1, -1, -1};
    double ax = fabs(x), ay = fabs(y), az = fabs(z);
    int f = az >= ax && az >= ay ? (z < 0 ? 5 : 4) : ay >= ax ? (y < 0 ? 3 : 2) : (x < 0 ? 1 : 0);
    if (dir) {
        float m = fabsf(dir[major[f]]);
        *s = 0.5f * ((float)ss[f] * dir[sa[f]] / m) + 0.5f;
        *t = 0.5f * ((float)ts[f] * dir[ta[f]] / m) + 0.5f;
    }
    return f;
}

/* The direction of the centre of texel (i, j) of face f (n texels), i or j possibly outside. */
static void ref_face_dir(int f, long i, long j, long n, double d[3])
{
    double sc = (2.0 * (double)i + 1 - (double)n), tc = (2.0 * (double)j + 1 - (double)n), m = (double)n;
    switch (f) {
    case 0: d[0] = m, d[1] = -tc, d[2] = -sc; break;
    case 1: d[0] = -m, d[1] = -tc, d[2] = sc; break;
    case 2: d[0] = sc, d[1] = m, d[2] = tc; break;
    case 3: d[0] = sc, d[1] = -m, d[2] = -tc; break;
    case 4: d[0] = sc, d[1] = -tc, d[2] = m; break;
    default: d[0] = -sc, d[1] = -tc, d[2] = -m; break;
    }
}

/* Seamless cube texel: inside, from the adjacent face (the face the centre's direction points
 * at), or the corner mean (integers: the mean truncated toward zero). */
static void ref_cube_texel(ref_state *r, uint32_t l, uint32_t base, int f, long i, long j, double v[4])
{
    long n = (long)ref_size(r->t->tex.width, l);
    int in_i = i >= 0 && i < n, in_j = j >= 0 && j < n;
    if (in_i && in_j) {
        ref_texel(r, l, i, j, (long)base + f, v);
        return;
    }
    if (in_i || in_j) {
        double d[3];
        ref_face_dir(f, i, j, n, d);
        int g = ref_face(d[0], d[1], d[2], NULL, NULL, NULL);
        /* texel hit on face g: floor(n * (0.5 * sc / |ma| + 0.5)), in double */
        double m = 0, sc = 0, tc = 0;
        switch (g) {
        case 0: m = d[0], sc = -d[2], tc = -d[1]; break;
        case 1: m = -d[0], sc = d[2], tc = -d[1]; break;
        case 2: m = d[1], sc = d[0], tc = d[2]; break;
        case 3: m = -d[1], sc = d[0], tc = -d[2]; break;
        case 4: m = d[2], sc = d[0], tc = -d[1]; break;
        default: m = -d[2], sc = -d[0], tc = -d[1]; break;
        }
        long x = (long)floor((double)n * (sc + m) / (2 * m)), y = (long)floor((double)n * (tc + m) / (2 * m));
        x = x < 0 ? 0 : x >= n ? n - 1 : x;
        y = y < 0 ? 0 : y >= n ? n - 1 : y;
        ref_texel(r, l, x, y, (long)base + g, v);
        return;
    }
    long ci = i < 0 ? 0 : n - 1, cj = j < 0 ? 0 : n - 1;
    double a[4], b[4], c[4];
    ref_cube_texel(r, l, base, f, ci, cj, a);
    ref_cube_texel(r, l, base, f, i < 0 ? -1 : n, cj, b);
    ref_cube_texel(r, l, base, f, ci, j < 0 ? -1 : n, c);
    for (int k = 0; k < 4; k++)
        v[k] = rf_int(r->f) ? trunc((a[k] + b[k] + c[k]) / 3) : (a[k] + b[k] + c[k]) / 3;
}

/* Catmull-Rom weights, double. */
static void ref_cubic_w(double a, double w[4])
{
    w[0] = 0.5 * (-a + 2 * a * a - a * a * a);
    w[1] = 0.5 * (2 - 5 * a * a + 3 * a * a * a);
    w[2] = 0.5 * (a + 4 * a * a - 3 * a * a * a);
    w[3] = 0.5 * (-a * a + a * a * a);
}

static double ref_quant(float a, tmu_precision p)
{
    if (p == TMU_PRECISION_NVIDIA)
        return floor((double)a * 256 + 0.5) / 256;
    if (p == TMU_PRECISION_NVIDIA_TRUNC)
        return floor((double)a * 256) / 256;
    return a;
}

/* Taps of one axis: first index (before wrapping), count, weights. */
typedef struct ref_axis {
    long i0;
    int n;
    double w[4];
} ref_axis;

static void ref_select(float u, long off, long n, tmu_address mode, tmu_filter filter, tmu_precision p, ref_axis *ax)
{
    long i;
    float a = 0;
    if (mode == TMU_ADDRESS_CLAMP_HALF_BORDER || mode == TMU_ADDRESS_MIRROR_ONCE_HALF_BORDER ||
        mode == TMU_ADDRESS_MIRROR_ONCE_BORDER) {
        /* GL_CLAMP / EXT_texture_mirror_clamp on the coordinate, exactly */
        double x = (double)u + (double)off;
        double lo = 0, hi = (double)n;
        if (mode != TMU_ADDRESS_CLAMP_HALF_BORDER)
            x = fabs(x), lo = 0.5;
        if (mode == TMU_ADDRESS_MIRROR_ONCE_BORDER)
            hi += 0.5;
        x = fmin(fmax(x, lo), hi);
        if (filter == TMU_FILTER_NEAREST) {
            i = (long)floor(x);
            if (i >= n && mode != TMU_ADDRESS_MIRROR_ONCE_BORDER)
                i = n - 1;
        } else {
            i = (long)floor(x - 0.5);
            a = (float)(x - 0.5 - floor(x - 0.5));
        }
    } else if (filter == TMU_FILTER_NEAREST) {
        i = (long)floorf(u) + off;
    } else {
        float ub = u - 0.5f;
        i = (long)floorf(ub) + off;
        a = ub - floorf(ub);
    }
    double q = ref_quant(a, p);
    if (filter == TMU_FILTER_NEAREST)
        ax->i0 = i, ax->n = 1, ax->w[0] = 1;
    else if (filter == TMU_FILTER_LINEAR)
        ax->i0 = i, ax->n = 2, ax->w[0] = 1 - q, ax->w[1] = q;
    else
        ax->i0 = i - 1, ax->n = 4, ref_cubic_w(q, ax->w);
}

/* Filtered value of level l at the lane's coordinates (face/texture space st, layer). */
static void ref_level(ref_state *r, uint32_t l, tmu_filter filter, const float st[3], const long off[3],
                      long layer, int face, double out[4])
{
    const tmu_texture *t = &r->t->tex;
    const tmu_sampler *smp = r->smp;
    long n[3] = {(long)ref_size(t->width, l), (long)ref_size(t->height, l),
                 r->dim == TMU_DIM_3D ? (long)ref_size(t->depth, l) : 1};
    int axes = ref_axes(r->dim), seamless = ref_cube(r->dim) && smp->seamless_cube;
    ref_axis ax[3];
    for (int a = 0; a < 3; a++) {
        if (a >= axes) {
            ax[a].i0 = 0, ax[a].n = 1, ax[a].w[0] = 1;
            continue;
        }
        float u = smp->normalized ? st[a] * (float)n[a] : st[a];
        ref_select(u, off[a], n[a], seamless ? TMU_ADDRESS_REPEAT : smp->address[a], filter, smp->precision, &ax[a]);
        if (seamless && filter == TMU_FILTER_NEAREST)
            ax[a].i0 = ax[a].i0 < 0 ? 0 : ax[a].i0 >= n[a] ? n[a] - 1 : ax[a].i0;
    }
    int first = 1;
    for (int k = 0; k < 4; k++)
        out[k] = 0;
    for (int z = 0; z < ax[2].n; z++)
        for (int y = 0; y < ax[1].n; y++)
            for (int x = 0; x < ax[0].n; x++) {
                double v[4], w = ax[0].w[x] * ax[1].w[y] * ax[2].w[z];
                long i = ax[0].i0 + x, j = ax[1].i0 + y, k = ax[2].i0 + z;
                if (seamless) {
                    ref_cube_texel(r, l, (uint32_t)(layer - face), face, i, j, v);
                } else {
                    long wi = ref_wrap(i, n[0], smp->address[0]);
                    long wj = axes >= 2 ? ref_wrap(j, n[1], smp->address[1]) : 0;
                    long wk = axes >= 3 ? ref_wrap(k, n[2], smp->address[2]) : 0;
                    ref_texel(r, l, wi, wj, axes >= 3 ? wk : (wk < 0 ? -1 : layer), v);
                }
                if (smp->reduction == TMU_REDUCTION_WEIGHTED_AVERAGE) {
                    for (int c = 0; c < 4; c++)
                        out[c] += w * v[c];
                } else if (ax[0].w[x] != 0 && ax[1].w[y] != 0 && ax[2].w[z] != 0) {
                    for (int c = 0; c < 4; c++)
                        out[c] = first ? v[c] : smp->reduction == TMU_REDUCTION_MIN ? fmin(out[c], v[c]) : fmax(out[c], v[c]);
                    first = 0;
                }
            }
}

/* Border colour converted to the format (chosen exactly representable, see the test). */
static void ref_border(const ref_state *r, double b[4])
{
    b[0] = b[1] = b[2] = 0, b[3] = 1;
    int n = ref_channels[r->f];
    for (int c = 0; c < n; c++)
        b[c] = rf_int(r->f) ? (r->f == RF_RG16SI ? (double)(int32_t)r->smp->border_u[c] : (double)r->smp->border_u[c])
                            : (double)r->smp->border_f[c];
}

/* Swizzle of a filtered texel (0 and 1 constants). */
static void ref_swizzle(const tmu_texture *t, const double in[4], double out[4])
{
    for (int c = 0; c < 4; c++)
        out[c] = t->swizzle[c] <= TMU_SWIZZLE_A ? in[t->swizzle[c]] : t->swizzle[c] == TMU_SWIZZLE_ZERO ? 0 : 1;
}

/* The lane's face-space coordinates, layer and face. */
static void ref_coords(const ref_state *r, const tmu_op *op, const test_wave *w, int lane, float st[3], long *layer,
                       int *face)
{
    const tmu_texture *t = &r->t->tex;
    st[0] = w->coord[0][lane], st[1] = w->coord[1][lane], st[2] = w->coord[2][lane];
    long layers = (long)t->layers, cubes = r->dim == TMU_DIM_CUBE_ARRAY ? layers / 6 : 0;
    long count = cubes ? cubes : layers;
    long lay = 0;
    if (r->dim == TMU_DIM_1D_ARRAY || r->dim == TMU_DIM_2D_ARRAY || r->dim == TMU_DIM_CUBE_ARRAY) {
        if (op->layer_mode == TMU_LAYER_U32) {
            lay = w->layer[lane] >= (uint32_t)count ? count - 1 : (long)w->layer[lane];
        } else {
            double a = nearbyint((double)w->layer_f[lane]); /* RNE */
            lay = a < 0 ? 0 : a > (double)(count - 1) ? count - 1 : (long)a;
        }
    }
    *face = 0;
    if (ref_cube(r->dim)) {
        float dir[3] = {st[0], st[1], st[2]};
        *face = ref_face(dir[0], dir[1], dir[2], dir, &st[0], &st[1]);
        st[2] = 0;
        lay = 6 * lay + *face;
    }
    *layer = lay;
}

/* Expected result words of one lane (as the unit stores F32 / U32 / S32 results). */
static void ref_lane(ref_state *r0, const tmu_op *op, const test_wave *w, const int32_t (*go)[2][TMU_MAX_LANES],
                     int lane, double want[4])
{
    ref_state r = *r0;
    r.mag = 0;
    const tmu_texture *t = &r.t->tex;
    const tmu_sampler *smp = r.smp;
    float st[3];
    long layer, off[3] = {0, 0, 0};
    int face;
    ref_coords(&r, op, w, lane, st, &layer, &face);
    if (op->has_offset)
        for (int a = 0; a < ref_axes(r.dim); a++)
            off[a] = w->off[a][lane];
    r.compare = op->compare;
    if (op->compare) {
        r.ref = w->ref[lane];
        if (r.f == RF_D16)
            r.ref = fmin(fmax(r.ref, 0), 1);
    }
    double v[4];
    if (op->kind == TMU_OP_GATHER) {
        static const int di[4] = {0, 1, 1, 0}, dj[4] = {1, 1, 0, 0};
        r0->mag = 0;
        for (int q = 0; q < 4; q++) {
            ref_axis ax[2];
            long o[2] = {op->has_gather_offsets ? go[q][0][lane] : off[0], op->has_gather_offsets ? go[q][1][lane] : off[1]};
            int seamless = ref_cube(r.dim) && smp->seamless_cube;
            for (int a = 0; a < 2; a++) {
                long n = (long)(a ? t->height : t->width);
                float u = smp->normalized ? st[a] * (float)n : st[a];
                ref_select(u, o[a], n, seamless ? TMU_ADDRESS_REPEAT : smp->address[a], TMU_FILTER_LINEAR,
                           smp->precision, &ax[a]);
            }
            long i = ax[0].i0 + (op->has_gather_offsets ? 0 : di[q]), j = ax[1].i0 + (op->has_gather_offsets ? 0 : dj[q]);
            double tx[4], sw[4];
            if (seamless)
                ref_cube_texel(&r, 0, (uint32_t)(layer - face), face, i, j, tx);
            else
                ref_texel(&r, 0, ref_wrap(i, (long)t->width, smp->address[0]),
                          ref_wrap(j, (long)t->height, smp->address[1]), layer, tx);
            ref_swizzle(t, tx, sw);
            want[q] = sw[op->component];
        }
        return;
    }
    /* SAMPLE, explicit LOD: lambda' = fp32(lod + bias), clamped (fp32) */
    float lambda = w->lod[lane] + (smp->lod_bias + 0.0f);
    lambda = fminf(fmaxf(lambda, smp->min_lod), smp->max_lod);
    tmu_filter filter = lambda <= 0 ? smp->mag_filter : smp->min_filter;
    uint32_t q = t->levels - 1, l0 = 0, l1 = 0;
    float d = smp->mip_filter == TMU_MIP_NONE ? 0.0f : fminf(fmaxf(lambda, 0.0f), (float)q), frac = 0;
    if (smp->mip_filter != TMU_MIP_LINEAR) {
        l0 = (uint32_t)(ceilf(d + 0.5f) - 1.0f);
    } else {
        l0 = (uint32_t)floorf(d), frac = d - floorf(d);
        l1 = l0 + 1 > q ? q : l0 + 1;
    }
    ref_level(&r, l0, filter, st, off, layer, face, v);
    if (frac > 0 && l1 != l0) {
        double lo[4];
        ref_level(&r, l1, filter, st, off, layer, face, lo);
        for (int c = 0; c < 4; c++)
            v[c] = smp->reduction == TMU_REDUCTION_MIN   ? fmin(v[c], lo[c])
                   : smp->reduction == TMU_REDUCTION_MAX ? fmax(v[c], lo[c])
                                                         : (1 - (double)frac) * v[c] + (double)frac * lo[c];
    }
    /* component substitution of filtered values, range clamps (UNORM / SNORM / compare) */
    int nch = rf_depth(r.f) ? 1 : ref_channels[r.f];
    for (int c = nch; c < 4; c++)
        v[c] = c == 3 ? 1 : 0;
    double lo = r.f == RF_RG16SN && !op->compare ? -1 : 0;
    if (op->compare || r.f == RF_RGBA8 || r.f == RF_RG16SN || r.f == RF_D16)
        for (int c = 0; c < 4; c++)
            v[c] = fmin(fmax(v[c], lo), 1);
    ref_swizzle(t, v, want);
    r0->mag = r.mag;
}

static int32_t ref_go[4][2][TMU_MAX_LANES]; /* gather offsets of the current configuration */

/* One random configuration of the reference test: texture, sampler, op, 128 lanes; returns the
 * number of lookups compared (fails the test on a mismatch). */
static long ref_round(uint64_t *seed, test_wave *w, double *worst)
{
    static const tmu_dim dims[7] = {TMU_DIM_1D,       TMU_DIM_2D,       TMU_DIM_3D,        TMU_DIM_CUBE,
                                    TMU_DIM_1D_ARRAY, TMU_DIM_2D_ARRAY, TMU_DIM_CUBE_ARRAY};
    tmu_dim dim = dims[test_rand(seed) % 7];
    rfmt f = (rfmt)(test_rand(seed) % RF_COUNT);
    int is_int = rf_int(f), cube = ref_cube(dim);
    uint32_t wd = 1 + (uint32_t)(test_rand(seed) % 9), ht = 1 + (uint32_t)(test_rand(seed) % 9);
    uint32_t dp = 1 + (uint32_t)(test_rand(seed) % 6), layers = 1 + (uint32_t)(test_rand(seed) % 3);
    if (ref_axes(dim) < 2)
        ht = 1;
    if (dim != TMU_DIM_3D)
        dp = 1;
    if (cube)
        ht = wd, layers = dim == TMU_DIM_CUBE ? 6 : 6 * layers;
    else if (dim != TMU_DIM_1D_ARRAY && dim != TMU_DIM_2D_ARRAY)
        layers = 1;
    uint32_t m = wd > ht ? wd : ht, chain = 1;
    if (dp > m)
        m = dp;
    while (m > 1)
        m >>= 1, chain++;
    uint32_t levels = 1 + (uint32_t)(test_rand(seed) % chain);
    test_tex t;
    assert_int_equal(test_tex_make(&t, dim, ref_formats[f], wd, ht, dp, layers, levels, 1), 0);
    for (size_t b = 0; b < t.size; b++)
        t.mem[b] = (unsigned char)test_rand(seed);
    if (f == RF_RGB9E5) /* exponents 10..20: magnitudes up to 32 */
        for (size_t b = 3; b < t.size; b += 4)
            t.mem[b] = (unsigned char)((t.mem[b] & 7) | (uint8_t)((10 + test_rand(seed) % 11) << 3));
    if (f == RF_R32F || f == RF_D32F)
        for (size_t b = 0; b + 4 <= t.size; b += 4) {
            float v = (float)test_randf(seed, f == RF_D32F ? 0 : -1, 1);
            memcpy(t.mem + b, &v, 4);
        }
    for (int c = 0; c < 4; c++)
        t.tex.swizzle[c] = (test_rand(seed) & 1) ? (tmu_swizzle)c : (tmu_swizzle)(test_rand(seed) % 6);

    tmu_sampler smp = tmu_sampler_default();
    for (int a = 0; a < 3; a++)
        smp.address[a] = (tmu_address)(test_rand(seed) % 8);
    tmu_filter filters = is_int ? 1 : cube ? 2 : 3;
    smp.mag_filter = (tmu_filter)(test_rand(seed) % filters);
    smp.min_filter = (tmu_filter)(test_rand(seed) % filters);
    smp.mip_filter = (tmu_mip_filter)(test_rand(seed) % (is_int ? 2 : 3));
    smp.reduction = (tmu_reduction)(test_rand(seed) % 3);
    smp.precision = (tmu_precision)(test_rand(seed) % 3);
    if (smp.precision == TMU_PRECISION_NVIDIA) /* checked against the GPU: test_unit_nvidia.c */
        smp.precision = TMU_PRECISION_NVIDIA_TRUNC;
    smp.normalized = (uint8_t)(cube || test_rand(seed) % 4 != 0);
    smp.seamless_cube = (uint8_t)(test_rand(seed) & 1);
    smp.compare_op = (tmu_compare)(test_rand(seed) % 8);
    smp.lod_bias = (test_rand(seed) & 1) ? 0.0f : 0.25f * (float)((int)(test_rand(seed) % 9) - 4);
    if (test_rand(seed) % 4 == 0)
        smp.min_lod = (float)test_randf(seed, -1, 2), smp.max_lod = smp.min_lod + (float)test_randf(seed, 0, 3);
    /* border colours the format represents exactly (the rounding is tested by hand) */
    static const float bf_norm[3] = {0.0f, 1.0f, -1.0f}, bf_e5[4] = {0.0f, 0.5f, 1.0f, 2.0f};
    for (int c = 0; c < 4; c++) {
        smp.border_f[c] = f == RF_R32F || f == RF_D32F ? (float)test_randf(seed, -1, 1)
                          : f == RF_RGB9E5             ? bf_e5[test_rand(seed) % 4]
                          : f == RF_RG16SN             ? bf_norm[test_rand(seed) % 3]
                                                       : bf_norm[test_rand(seed) % 2];
        smp.border_u[c] = f == RF_R32UI   ? (uint32_t)test_rand(seed)
                          : f == RF_R8UI  ? (uint32_t)(test_rand(seed) % 256)
                                          : (uint32_t)(int32_t)((int)(test_rand(seed) % 65536) - 32768);
    }

    tmu_op op = test_op(TMU_OP_SAMPLE, dim, TMU_LEVEL_LOD);
    int gather_ok = dim == TMU_DIM_2D || dim == TMU_DIM_2D_ARRAY || cube;
    if (gather_ok && test_rand(seed) % 3 == 0)
        op.kind = TMU_OP_GATHER;
    op.result = is_int ? (f == RF_RG16SI ? TMU_RESULT_S32 : TMU_RESULT_U32) : TMU_RESULT_F32;
    op.layer_mode = (tmu_layer_mode)(test_rand(seed) & 1);
    op.component = (uint8_t)(test_rand(seed) % 4);
    op.compare = (uint8_t)(rf_depth(f) && (test_rand(seed) & 1));
    if (!cube) {
        uint64_t k = test_rand(seed) % 3;
        op.has_offset = k == 1;
        op.has_gather_offsets = k == 2 && op.kind == TMU_OP_GATHER;
    }
    uint32_t count = dim == TMU_DIM_CUBE_ARRAY ? layers / 6 : layers;
    for (int l = 0; l < TMU_MAX_LANES; l++) {
        for (int a = 0; a < 3; a++) {
            uint32_t n = a == 0 ? wd : a == 1 ? ht : dp;
            w->coord[a][l] = cube             ? (float)test_randf(seed, -1, 1)
                             : smp.normalized ? (float)test_randf(seed, -1.5, 2.5)
                                              : (float)test_randf(seed, -2, (double)n + 2);
            w->off[a][l] = (int32_t)(test_rand(seed) % 16) - 8;
        }
        for (int q = 0; q < 4; q++)
            for (int a = 0; a < 2; a++)
                ref_go[q][a][l] = (int32_t)(test_rand(seed) % 16) - 8;
        w->lod[l] = (float)test_randf(seed, -1.5, (double)levels + 1);
        w->layer[l] = test_rand(seed) % 8 == 0 ? (uint32_t)test_rand(seed) : (uint32_t)(test_rand(seed) % (count + 2));
        w->layer_f[l] = (float)test_randf(seed, -1, (double)count + 1);
        w->ref[l] = (float)test_randf(seed, -0.1, 1.1);
    }
    for (int q = 0; q < 4; q++)
        for (int a = 0; a < 2; a++)
            w->in.gather_offset[q][a] = ref_go[q][a];
    tmu_diag d;
    tmu_status st = tmu_unit_execute(&t.tex, &smp, &op, TMU_MAX_LANES, NULL, &w->in, &w->out, &d);
    if (st != TMU_OK)
        fail_msg("%s %s: %s: %s", tmu_dim_name(dim), tmu_format_name(ref_formats[f]), tmu_status_str(st), d.message);
    ref_state r;
    memset(&r, 0, sizeof r);
    r.t = &t, r.f = f, r.dim = dim, r.smp = &smp;
    ref_border(&r, r.border);
    for (int l = 0; l < TMU_MAX_LANES; l++) {
        double want[4];
        ref_lane(&r, &op, w, ref_go, l, want);
        for (int c = 0; c < 4; c++) {
            uint32_t word = w->data[c][l];
            double got = is_int ? (f == RF_RG16SI ? (double)(int32_t)word : (double)word) : (double)test_f(word);
            double err = fabs(got - want[c]);
            if (!is_int && err > *worst)
                *worst = err;
            if (!(is_int ? err == 0 : err <= 4e-6 * (1 + r.mag)))
                fail_msg("%s %s %ux%ux%u L%u levels %u: %s, addr %s/%s/%s, filters %d/%d mip %d red %d prec %d "
                         "norm %d seamless %d cmp %d/%d off %d/%d swz %d%d%d%d lane %d comp %d: coord (%.9g, %.9g, "
                         "%.9g) lod %.9g layer %u/%g: got %.9g want %.9g",
                         tmu_op_kind_name(op.kind), tmu_format_name(ref_formats[f]), wd, ht, dp, layers, levels,
                         tmu_dim_name(dim), tmu_address_name(smp.address[0]), tmu_address_name(smp.address[1]),
                         tmu_address_name(smp.address[2]), smp.mag_filter, smp.min_filter, smp.mip_filter,
                         smp.reduction, smp.precision, smp.normalized, smp.seamless_cube, op.compare,
                         smp.compare_op, op.has_offset, op.has_gather_offsets, t.tex.swizzle[0], t.tex.swizzle[1],
                         t.tex.swizzle[2], t.tex.swizzle[3], l, c, (double)w->coord[0][l], (double)w->coord[1][l],
                         (double)w->coord[2][l], (double)w->lod[l], w->layer[l], (double)w->layer_f[l], got, want[c]);
        }
    }
    test_tex_free(&t);
    return TMU_MAX_LANES;
}

static void test_against_float64_reference(void **state)
{
    (void)state;
    const char *env = getenv("TMU_TEST_LONG");
    long rounds = env && *env == '1' ? 82000 : 8200;
    uint64_t seed = 0x9e3779b97f4a7c15ull;
    test_wave *w = test_wave_new();
    long checked = 0;
    double worst = 0;
    for (long i = 0; i < rounds; i++)
        checked += ref_round(&seed, w, &worst);
    printf("float64 reference: %ld lookups agree, worst filtered error %.3g\n", checked, worst);
    free(w);
}

/* ---- properties ------------------------------------------------------------------------ */

static float special_float(uint64_t *seed)
{
    static const float pool[] = {0.0f, -0.0f, 1.0f, -1.0f, 0.5f, 1e30f, -1e30f, 1e-40f, -1e-40f, 3.4e38f,
                                 -3.4e38f, 0x1p62f, 0x1p63f, 0x1p31f, -0x1p31f, 16777217.0f};
    uint64_t r = test_rand(seed);
    switch (r % 8) {
    case 0:
        return NAN;
    case 1:
        return (r >> 8) & 1 ? INFINITY : -INFINITY;
    case 2:
    case 3:
        return pool[(r >> 8) % (sizeof pool / sizeof pool[0])];
    case 4: {
        uint32_t bits = (uint32_t)(r >> 16); /* any bit pattern at all */
        return test_f(bits);
    }
    default:
        return (float)test_randf(seed, -4, 4);
    }
}

static void test_properties(void **state)
{
    (void)state;
    const char *env = getenv("TMU_TEST_LONG");
    long rounds = env && *env == '1' ? 160000 : 8000;
    uint64_t seed = 0xc0ffee1234ull;
    test_wave *w = test_wave_new();
    static const tmu_dim dims[] = {TMU_DIM_1D,       TMU_DIM_2D,       TMU_DIM_3D,        TMU_DIM_CUBE,
                                   TMU_DIM_1D_ARRAY, TMU_DIM_2D_ARRAY, TMU_DIM_CUBE_ARRAY};
    static const tmu_format fmts[] = {TMU_FORMAT_R8G8B8A8_UNORM, TMU_FORMAT_R8G8B8A8_SRGB, TMU_FORMAT_D16_UNORM,
                                      TMU_FORMAT_R8_UNORM, TMU_FORMAT_D32_FLOAT};
    long lanes_done = 0;
    for (long r = 0; r < rounds; r++) {
        tmu_dim dim = dims[test_rand(&seed) % 7];
        tmu_format fmt = fmts[test_rand(&seed) % 5];
        uint32_t wd = 1 + (uint32_t)(test_rand(&seed) % 7), ht = 1 + (uint32_t)(test_rand(&seed) % 7);
        uint32_t dp = 1 + (uint32_t)(test_rand(&seed) % 4), layers = 1 + (uint32_t)(test_rand(&seed) % 3);
        if (dim == TMU_DIM_1D || dim == TMU_DIM_1D_ARRAY)
            ht = 1;
        if (dim != TMU_DIM_3D)
            dp = 1;
        if (dim == TMU_DIM_CUBE || dim == TMU_DIM_CUBE_ARRAY)
            ht = wd, layers = dim == TMU_DIM_CUBE ? 6 : 6 * layers;
        else if (dim != TMU_DIM_1D_ARRAY && dim != TMU_DIM_2D_ARRAY)
            layers = 1;
        uint32_t m = wd > ht ? wd : ht, chain = 1;
        if (dp > m)
            m = dp;
        while (m > 1)
            m >>= 1, chain++;
        uint32_t levels = 1 + (uint32_t)(test_rand(&seed) % chain);
        test_tex t;
        assert_int_equal(test_tex_make(&t, dim, fmt, wd, ht, dp, layers, levels, 1), 0);
        for (size_t b = 0; b < t.size; b++)
            t.mem[b] = (unsigned char)test_rand(&seed);
        if (fmt == TMU_FORMAT_D32_FLOAT) /* keep depth texels finite in [0, 1] */
            for (size_t b = 0; b + 4 <= t.size; b += 4) {
                float v = (float)test_randf(&seed, 0, 1);
                memcpy(t.mem + b, &v, 4);
            }
        tmu_sampler smp = tmu_sampler_default();
        for (int a = 0; a < 3; a++)
            smp.address[a] = (tmu_address)(test_rand(&seed) % 8);
        smp.mag_filter = (tmu_filter)(test_rand(&seed) % 3);
        smp.min_filter = (tmu_filter)(test_rand(&seed) % 3);
        smp.reduction = (tmu_reduction)(test_rand(&seed) % 3);
        if (smp.mag_filter != TMU_FILTER_CUBIC && smp.min_filter != TMU_FILTER_CUBIC && (test_rand(&seed) & 1))
            smp.max_anisotropy = (float)(1 + test_rand(&seed) % TMU_MAX_ANISOTROPY);
        smp.mip_filter = (tmu_mip_filter)(test_rand(&seed) % 3);
        smp.seamless_cube = (uint8_t)(test_rand(&seed) & 1);
        smp.precision = (tmu_precision)(test_rand(&seed) % 3);
        smp.normalized = (uint8_t)((test_rand(&seed) % 4) != 0);
        smp.compare_op = (tmu_compare)(test_rand(&seed) % 8);
        smp.lod_bias = (test_rand(&seed) & 3) ? 0.0f : special_float(&seed);
        for (int c = 0; c < 4; c++)
            smp.border_f[c] = (float)test_randf(&seed, 0, 1);
        tmu_op op = test_op(TMU_OP_SAMPLE, dim, (tmu_level_mode)(test_rand(&seed) % 5));
        uint64_t k = test_rand(&seed) % 10;
        op.kind = k < 6 ? TMU_OP_SAMPLE : k < 8 ? TMU_OP_GATHER : k < 9 ? TMU_OP_FETCH : TMU_OP_QUERY_LOD;
        int gather_ok = dim == TMU_DIM_2D || dim == TMU_DIM_2D_ARRAY || dim == TMU_DIM_CUBE || dim == TMU_DIM_CUBE_ARRAY;
        if (op.kind == TMU_OP_GATHER && !gather_ok)
            op.kind = TMU_OP_SAMPLE;
        op.component = (uint8_t)(test_rand(&seed) & 3);
        op.layer_mode = (tmu_layer_mode)(test_rand(&seed) & 1);
        op.has_offset = (uint8_t)(!(dim == TMU_DIM_CUBE || dim == TMU_DIM_CUBE_ARRAY) && (test_rand(&seed) & 1));
        op.has_min_lod = (uint8_t)(test_rand(&seed) & 1);
        op.compare = (uint8_t)(op.kind != TMU_OP_FETCH && (test_rand(&seed) & 1));
        op.want_residency = 1;
        op.has_gather_offsets = (uint8_t)(op.kind == TMU_OP_GATHER && !op.has_offset && !(dim == TMU_DIM_CUBE || dim == TMU_DIM_CUBE_ARRAY) &&
                                          (test_rand(&seed) & 1));
        /* a random view: base level, and a view min_lod up to the last level */
        if (test_rand(&seed) & 1) {
            t.tex.base_level = (uint32_t)(test_rand(&seed) % levels);
            t.tex.min_lod = (float)test_randf(&seed, 0, (double)(levels - 1));
        }
        static int32_t go[4][2][TMU_MAX_LANES];
        static const int32_t big[4] = {INT32_MIN, INT32_MAX, -65536, 1 << 30};
        for (int q = 0; q < 4; q++)
            for (int a = 0; a < 2; a++) {
                w->in.gather_offset[q][a] = go[q][a];
                for (int l = 0; l < TMU_MAX_LANES; l++)
                    go[q][a][l] = test_rand(&seed) % 16 == 0 ? big[test_rand(&seed) % 4] : (int32_t)(test_rand(&seed) % 64) - 32;
            }
        float lod_out[TMU_MAX_LANES];
        uint8_t mag_out[TMU_MAX_LANES];
        w->out.lod = lod_out, w->out.magnified = mag_out;
        for (int l = 0; l < TMU_MAX_LANES; l++) {
            for (int a = 0; a < 3; a++) {
                w->coord[a][l] = special_float(&seed);
                w->gx[a][l] = special_float(&seed);
                w->gy[a][l] = special_float(&seed);
                w->icoord[a][l] = (int32_t)(test_rand(&seed) % 19) - 9;
                w->off[a][l] = (int32_t)(test_rand(&seed) % 16) - 8;
            }
            if (test_rand(&seed) % 8 == 0)
                w->icoord[0][l] = (int32_t)test_rand(&seed);
            w->layer[l] = (test_rand(&seed) & 1) ? (uint32_t)test_rand(&seed) : (uint32_t)(test_rand(&seed) % 4);
            w->layer_f[l] = special_float(&seed);
            w->lod[l] = special_float(&seed);
            w->ilod[l] = (int32_t)(test_rand(&seed) % 7) - 2;
            w->min_lod[l] = special_float(&seed);
            w->ref[l] = special_float(&seed);
        }
        tmu_diag d;
        tmu_status st = tmu_unit_execute(&t.tex, &smp, &op, TMU_MAX_LANES, NULL, &w->in, &w->out, &d);
        if (st != TMU_OK)
            fail_msg("round %ld: %s: %s", r, tmu_status_str(st), d.message);
        w->out.lod = NULL, w->out.magnified = NULL;
        for (int l = 0; l < TMU_MAX_LANES; l++) {
            if (op.kind == TMU_OP_SAMPLE || op.kind == TMU_OP_QUERY_LOD) {
                assert_false(isnan(lod_out[l]));
                assert_int_equal(mag_out[l], lod_out[l] <= 0.0f);
            }
            if (op.kind == TMU_OP_QUERY_LOD) {
                assert_false(isnan(test_f(w->data[0][l])));
                continue;
            }
            for (int c = 0; c < 4; c++) {
                float v = test_f(w->data[c][l]);
                /* D32_FLOAT is not normalised: filtering texels in [0, 1] may round 1 ulp above 1 */
                float hi = fmt == TMU_FORMAT_D32_FLOAT && !op.compare ? 1.0f + 0x1p-22f : 1.0f;
                if (fmt == TMU_FORMAT_D32_FLOAT && !op.compare && op.kind == TMU_OP_SAMPLE &&
                    (smp.mag_filter == TMU_FILTER_CUBIC || smp.min_filter == TMU_FILTER_CUBIC))
                    continue; /* Catmull-Rom overshoots; D32_FLOAT is not clamped */
                if (!(v >= 0.0f && v <= hi))
                    fail_msg("round %ld (%s %s %s) lane %d comp %d: %g not in [0, 1]", r, tmu_op_kind_name(op.kind),
                             tmu_dim_name(dim), tmu_format_name(fmt), l, c, (double)v);
                if (op.compare && c == 0 && op.kind == TMU_OP_SAMPLE && smp.mag_filter == TMU_FILTER_NEAREST &&
                    smp.min_filter == TMU_FILTER_NEAREST && smp.mip_filter != TMU_MIP_LINEAR &&
                    !(smp.max_anisotropy > 1.0f))
                    assert_true(v == 0.0f || v == 1.0f);
            }
            assert_true(w->resident[l] == 1);
        }
        lanes_done += TMU_MAX_LANES;
        test_tex_free(&t);
    }
    printf("properties: %ld lanes, every result defined\n", lanes_done);
    free(w);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_against_float64_reference),
        cmocka_unit_test(test_properties),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
