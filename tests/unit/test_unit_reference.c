/* Texture unit against an independent float64 reference, and property tests.
 *
 * Reference: a separate, deliberately plain double-precision sampler for 2D R32_FLOAT
 * textures (wrap by explicit reflection/periodicity, bilinear, trilinear, nearest/linear mip
 * selection), written from sampling.md without looking at src/unit.  Texel-space
 * coordinates are formed in fp32 as the spec says (u = s * w in float), everything after
 * in double.  Random textures, samplers, coordinates and LODs; tolerance 2e-6.
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

static long ref_wrap(long i, long n, tmu_address mode)
{
    switch (mode) {
    case TMU_ADDRESS_REPEAT:
        while (i < 0)
            i += n;
        return i % n;
    case TMU_ADDRESS_MIRRORED_REPEAT: {
        /* period 2n: 0..n-1 forwards, then n-1..0 backwards */
        long p = i % (2 * n);
        if (p < 0)
            p += 2 * n;
        return p < n ? p : 2 * n - 1 - p;
    }
    case TMU_ADDRESS_CLAMP_TO_EDGE:
        return i < 0 ? 0 : i > n - 1 ? n - 1 : i;
    case TMU_ADDRESS_MIRROR_CLAMP_TO_EDGE: {
        long m = i < 0 ? -i - 1 : i; /* reflect once about the texel boundary at 0 */
        return m > n - 1 ? n - 1 : m;
    }
    default:
        return (i < 0 || i >= n) ? -1 : i;
    }
}

typedef struct ref_tex {
    int w, h, levels;
    const float *level[8];
} ref_tex;

static double ref_texel(const ref_tex *t, const tmu_sampler *smp, int l, long i, long j)
{
    int w = t->w >> l ? t->w >> l : 1, h = t->h >> l ? t->h >> l : 1;
    long x = ref_wrap(i, w, smp->address[0]), y = ref_wrap(j, h, smp->address[1]);
    if (x < 0 || y < 0)
        return smp->border_f[0];
    return t->level[l][y * w + x];
}

static double ref_level(const ref_tex *t, const tmu_sampler *smp, int l, tmu_filter filter, float s, float tt)
{
    int w = t->w >> l ? t->w >> l : 1, h = t->h >> l ? t->h >> l : 1;
    float u = s * (float)w, v = tt * (float)h; /* fp32 texel space, §2.1 */
    if (filter == TMU_FILTER_NEAREST)
        return ref_texel(t, smp, l, (long)floor((double)u), (long)floor((double)v));
    double ub = (double)u - 0.5, vb = (double)v - 0.5;
    long i0 = (long)floor(ub), j0 = (long)floor(vb);
    double a = ub - (double)i0, b = vb - (double)j0;
    return (1 - a) * (1 - b) * ref_texel(t, smp, l, i0, j0) + a * (1 - b) * ref_texel(t, smp, l, i0 + 1, j0) +
           (1 - a) * b * ref_texel(t, smp, l, i0, j0 + 1) + a * b * ref_texel(t, smp, l, i0 + 1, j0 + 1);
}

static double ref_sample(const ref_tex *t, const tmu_sampler *smp, float s, float tt, double lod)
{
    double lambda = lod + smp->lod_bias;
    if (lambda < smp->min_lod)
        lambda = smp->min_lod;
    if (lambda > smp->max_lod)
        lambda = smp->max_lod;
    tmu_filter filter = lambda <= 0 ? smp->mag_filter : smp->min_filter;
    if (smp->mip_filter == TMU_MIP_NONE)
        return ref_level(t, smp, 0, filter, s, tt);
    double q = t->levels - 1;
    double d = lambda < 0 ? 0 : lambda > q ? q : lambda;
    if (smp->mip_filter == TMU_MIP_NEAREST) {
        int n = (int)ceil(d + 0.5) - 1;
        return ref_level(t, smp, n, filter, s, tt);
    }
    int hi = (int)floor(d);
    int lo = hi + 1 > (int)q ? (int)q : hi + 1;
    double f = d - hi;
    return (1 - f) * ref_level(t, smp, hi, filter, s, tt) + f * ref_level(t, smp, lo, filter, s, tt);
}

static tmu_address random_mode(uint64_t *seed)
{
    static const tmu_address modes[5] = {TMU_ADDRESS_REPEAT, TMU_ADDRESS_MIRRORED_REPEAT,
                                         TMU_ADDRESS_CLAMP_TO_EDGE, TMU_ADDRESS_CLAMP_TO_BORDER,
                                         TMU_ADDRESS_MIRROR_CLAMP_TO_EDGE};
    return modes[test_rand(seed) % 5];
}

static void test_against_float64_reference(void **state)
{
    (void)state;
    uint64_t seed = 0x9e3779b97f4a7c15ull;
    test_wave *w = test_wave_new();
    long checked = 0;
    double worst = 0;
    for (int iter = 0; iter < 400; iter++) {
        int tw = 1 + (int)(test_rand(&seed) % 9), th = 1 + (int)(test_rand(&seed) % 9);
        int chain = 1, m = tw > th ? tw : th;
        while (m > 1)
            m >>= 1, chain++;
        test_tex t;
        assert_int_equal(test_tex_make(&t, TMU_DIM_2D, TMU_FORMAT_R32_FLOAT, (uint32_t)tw, (uint32_t)th, 1, 1,
                                       (uint32_t)chain, 1),
                         0);
        ref_tex rt = {tw, th, chain, {0}};
        for (int l = 0; l < chain; l++) {
            int lw = tw >> l ? tw >> l : 1, lh = th >> l ? th >> l : 1;
            rt.level[l] = (const float *)t.tex.level[l].data;
            for (int y = 0; y < lh; y++)
                for (int x = 0; x < lw; x++)
                    test_tex_setf(&t, (uint32_t)l, (uint32_t)x, (uint32_t)y, 0, (float)test_randf(&seed, -1, 1));
        }
        tmu_sampler smp = tmu_sampler_default();
        smp.address[0] = random_mode(&seed);
        smp.address[1] = random_mode(&seed);
        smp.mag_filter = (tmu_filter)(test_rand(&seed) & 1);
        smp.min_filter = (tmu_filter)(test_rand(&seed) & 1);
        smp.mip_filter = (tmu_mip_filter)(test_rand(&seed) % 3);
        smp.border_f[0] = (float)test_randf(&seed, -1, 1);
        smp.lod_bias = (test_rand(&seed) & 3) ? 0.0f : (float)test_randf(&seed, -1, 1);
        smp.min_lod = (test_rand(&seed) & 3) ? 0.0f : (float)test_randf(&seed, 0, 2);
        smp.max_lod = (test_rand(&seed) & 3) ? 1000.0f : (float)test_randf(&seed, 1, 4);
        tmu_op op = test_op(TMU_OP_SAMPLE, TMU_DIM_2D, TMU_LEVEL_LOD);
        for (int k = 0; k < TMU_MAX_LANES; k++) {
            w->coord[0][k] = (float)test_randf(&seed, -3, 3);
            w->coord[1][k] = (float)test_randf(&seed, -3, 3);
            w->lod[k] = (float)test_randf(&seed, -1.5, 5);
        }
        assert_int_equal(tmu_unit_execute(&t.tex, &smp, &op, TMU_MAX_LANES, NULL, &w->in, &w->out, NULL), TMU_OK);
        for (int k = 0; k < TMU_MAX_LANES; k++) {
            double want = ref_sample(&rt, &smp, w->coord[0][k], w->coord[1][k], w->lod[k]);
            double got = test_f(w->data[0][k]);
            double err = fabs(got - want);
            if (err > worst)
                worst = err;
            if (!(err <= 2e-6))
                fail_msg("iter %d lane %d (%dx%d, modes %s/%s, filters %d/%d mip %d): s=%.9g t=%.9g lod=%.9g: "
                         "got %.9g want %.9g",
                         iter, k, tw, th, tmu_address_name(smp.address[0]), tmu_address_name(smp.address[1]),
                         smp.mag_filter, smp.min_filter, smp.mip_filter, (double)w->coord[0][k],
                         (double)w->coord[1][k], (double)w->lod[k], got, want);
            checked++;
        }
        test_tex_free(&t);
    }
    printf("float64 reference: %ld samples agree, worst error %.3g\n", checked, worst);
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
            smp.address[a] = random_mode(&seed);
        smp.mag_filter = (tmu_filter)(test_rand(&seed) & 1);
        smp.min_filter = (tmu_filter)(test_rand(&seed) & 1);
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
        for (int l = 0; l < TMU_MAX_LANES; l++) {
            if (op.kind == TMU_OP_QUERY_LOD) {
                assert_false(isnan(test_f(w->data[0][l])));
                continue;
            }
            for (int c = 0; c < 4; c++) {
                float v = test_f(w->data[c][l]);
                /* D32_FLOAT is not normalised: filtering texels in [0, 1] may round 1 ulp above 1 */
                float hi = fmt == TMU_FORMAT_D32_FLOAT && !op.compare ? 1.0f + 0x1p-22f : 1.0f;
                if (!(v >= 0.0f && v <= hi))
                    fail_msg("round %ld (%s %s %s) lane %d comp %d: %g not in [0, 1]", r, tmu_op_kind_name(op.kind),
                             tmu_dim_name(dim), tmu_format_name(fmt), l, c, (double)v);
                if (op.compare && c == 0 && op.kind == TMU_OP_SAMPLE && smp.mag_filter == TMU_FILTER_NEAREST &&
                    smp.min_filter == TMU_FILTER_NEAREST && smp.mip_filter != TMU_MIP_LINEAR)
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
