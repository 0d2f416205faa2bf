/* Texture unit: hand-worked expectations for wrapping, filtering in both precision models,
 * mip selection, LOD from gradients, cube faces/seams, gather order, compare, offsets,
 * residency, result packing and queries.  Every expected value below is derived by hand
 * from shared/reference/sampling.md (the derivation is in the comment next to it). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

#include <cmocka.h>

#include "unit/internal.h"
#include "unit/unit_util.h"

/* ---------------------------------------------------------------------------------------- */
/* Wrapping (§3): 1D R32_FLOAT texture of 4 texels 10, 11, 12, 13, border 99; NEAREST,       */
/* unnormalised u = i + 0.5 selects integer coordinate i.                                   */
/* ---------------------------------------------------------------------------------------- */

static test_tex make_row4(void)
{
    test_tex t;
    assert_int_equal(test_tex_make(&t, TMU_DIM_1D, TMU_FORMAT_R32_FLOAT, 4, 1, 1, 1, 1, 1), 0);
    for (uint32_t x = 0; x < 4; x++)
        test_tex_setf(&t, 0, x, 0, 0, 10.0f + (float)x);
    return t;
}

static float wrap_sample(const test_tex *t, tmu_address mode, int normalized, float s, test_wave *w)
{
    tmu_sampler smp = tmu_sampler_default();
    smp.address[0] = mode;
    smp.mag_filter = smp.min_filter = TMU_FILTER_NEAREST;
    smp.normalized = (uint8_t)normalized;
    smp.border_f[0] = 99.0f;
    tmu_op op = test_op(TMU_OP_SAMPLE, TMU_DIM_1D, TMU_LEVEL_BASE);
    tmu_status st;
    float v = test_sample1(t, &smp, &op, w, s, 0, 0, 0, NULL, &st);
    assert_int_equal(st, TMU_OK);
    return v;
}

static void test_wrap_modes(void **state)
{
    (void)state;
    test_tex t = make_row4();
    test_wave *w = test_wave_new();
    /* i = -6..9; expected texel index by hand (size 4), -1 = border:
     * repeat: i mod 4; mirrored repeat: period 8 pattern 0 1 2 3 3 2 1 0 starting at i = 0;
     * clamp to edge: clamp(i, 0, 3); border: outside -> border; mirror clamp: clamp(mirror(i)). */
    static const int rep[16] = {2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1};
    static const int mir[16] = {2, 3, 3, 2, 1, 0, 0, 1, 2, 3, 3, 2, 1, 0, 0, 1};
    static const int clp[16] = {0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 3, 3, 3, 3, 3, 3};
    static const int brd[16] = {-1, -1, -1, -1, -1, -1, 0, 1, 2, 3, -1, -1, -1, -1, -1, -1};
    static const int mce[16] = {3, 3, 3, 2, 1, 0, 0, 1, 2, 3, 3, 3, 3, 3, 3, 3};
    static const struct {
        tmu_address mode;
        const int *want;
    } cases[] = {{TMU_ADDRESS_REPEAT, rep},
                 {TMU_ADDRESS_MIRRORED_REPEAT, mir},
                 {TMU_ADDRESS_CLAMP_TO_EDGE, clp},
                 {TMU_ADDRESS_CLAMP_TO_BORDER, brd},
                 {TMU_ADDRESS_MIRROR_CLAMP_TO_EDGE, mce}};
    for (size_t c = 0; c < 5; c++)
        for (int i = -6; i <= 9; i++) {
            int want = cases[c].want[i + 6];
            float expect = want < 0 ? 99.0f : 10.0f + (float)want;
            /* the texel centre, and just inside both edges of the texel */
            assert_true(wrap_sample(&t, cases[c].mode, 0, (float)i + 0.5f, w) == expect);
            assert_true(wrap_sample(&t, cases[c].mode, 0, (float)i + 0.001f, w) == expect);
            assert_true(wrap_sample(&t, cases[c].mode, 0, (float)i + 0.999f, w) == expect);
            /* normalised: s = (i + 0.5) / 4 */
            assert_true(wrap_sample(&t, cases[c].mode, 1, ((float)i + 0.5f) / 4.0f, w) == expect);
        }
    free(w);
    test_tex_free(&t);
}

static void test_wrap_huge_and_special(void **state)
{
    (void)state;
    test_tex t = make_row4();
    test_wave *w = test_wave_new();
    /* s = 1e30 normalised: u = 4e30, an integer multiple of 8, so i mod 4 = i mod 8 = 0:
     * repeat -> texel 0, mirrored repeat -> texel 0, clamp -> 3, border -> border, mirror clamp -> 3. */
    assert_true(wrap_sample(&t, TMU_ADDRESS_REPEAT, 1, 1e30f, w) == 10.0f);
    assert_true(wrap_sample(&t, TMU_ADDRESS_MIRRORED_REPEAT, 1, 1e30f, w) == 10.0f);
    assert_true(wrap_sample(&t, TMU_ADDRESS_CLAMP_TO_EDGE, 1, 1e30f, w) == 13.0f);
    assert_true(wrap_sample(&t, TMU_ADDRESS_CLAMP_TO_BORDER, 1, 1e30f, w) == 99.0f);
    assert_true(wrap_sample(&t, TMU_ADDRESS_MIRROR_CLAMP_TO_EDGE, 1, 1e30f, w) == 13.0f);
    /* s = -1e30: repeat 0; mirrored repeat: (-4e30 mod 8) = 0 -> 3 - mirror(0 - 4) = 3 - 3 = 0;
     * clamp 0; border; mirror clamp: mirror(i) is huge -> clamps to 3. */
    assert_true(wrap_sample(&t, TMU_ADDRESS_REPEAT, 1, -1e30f, w) == 10.0f);
    assert_true(wrap_sample(&t, TMU_ADDRESS_MIRRORED_REPEAT, 1, -1e30f, w) == 10.0f);
    assert_true(wrap_sample(&t, TMU_ADDRESS_CLAMP_TO_EDGE, 1, -1e30f, w) == 10.0f);
    assert_true(wrap_sample(&t, TMU_ADDRESS_CLAMP_TO_BORDER, 1, -1e30f, w) == 99.0f);
    assert_true(wrap_sample(&t, TMU_ADDRESS_MIRROR_CLAMP_TO_EDGE, 1, -1e30f, w) == 13.0f);
    /* repeat of a large exact coordinate: u = 1048577.5 -> i = 1048577 = 4 * 262144 + 1 */
    assert_true(wrap_sample(&t, TMU_ADDRESS_REPEAT, 0, 1048577.5f, w) == 11.0f);
    /* u = -1048575.5 -> i = -1048576 = 4 * -262144 -> texel 0; mirrored: -1048576 mod 8 = 0 -> 3 - mirror(-4) = 0 */
    assert_true(wrap_sample(&t, TMU_ADDRESS_REPEAT, 0, -1048575.5f, w) == 10.0f);
    assert_true(wrap_sample(&t, TMU_ADDRESS_MIRRORED_REPEAT, 0, -1048575.5f, w) == 10.0f);
    /* NaN selects texel 0 before wrapping (unit.h) in every mode. */
    for (int m = 0; m < 5; m++) {
        static const tmu_address modes[5] = {TMU_ADDRESS_REPEAT, TMU_ADDRESS_MIRRORED_REPEAT,
                                             TMU_ADDRESS_CLAMP_TO_EDGE, TMU_ADDRESS_CLAMP_TO_BORDER,
                                             TMU_ADDRESS_MIRROR_CLAMP_TO_EDGE};
        assert_true(wrap_sample(&t, modes[m], 1, NAN, w) == 10.0f);
    }
    /* +Inf saturates to 2^62: repeat 0, clamp 3, border; -Inf: clamp 0. */
    assert_true(wrap_sample(&t, TMU_ADDRESS_REPEAT, 1, INFINITY, w) == 10.0f);
    assert_true(wrap_sample(&t, TMU_ADDRESS_CLAMP_TO_EDGE, 1, INFINITY, w) == 13.0f);
    assert_true(wrap_sample(&t, TMU_ADDRESS_CLAMP_TO_BORDER, 1, INFINITY, w) == 99.0f);
    assert_true(wrap_sample(&t, TMU_ADDRESS_CLAMP_TO_EDGE, 1, -INFINITY, w) == 10.0f);
    /* denormal s: u = s * 4 is tiny positive -> texel 0; -denormal -> i = -1 -> repeat 3 */
    assert_true(wrap_sample(&t, TMU_ADDRESS_REPEAT, 1, 1e-40f, w) == 10.0f);
    assert_true(wrap_sample(&t, TMU_ADDRESS_REPEAT, 1, -1e-40f, w) == 13.0f);
    free(w);
    test_tex_free(&t);
}

/* ---------------------------------------------------------------------------------------- */
/* Filtering in both precision models (§2.2, §6)                                             */
/* ---------------------------------------------------------------------------------------- */

static void test_bilinear_exact(void **state)
{
    (void)state;
    /* 2x2 R32_FLOAT: row 0 = (0, 1), row 1 = (2, 3).  Bilinear value = alpha + 2 beta inside. */
    test_tex t;
    assert_int_equal(test_tex_make(&t, TMU_DIM_2D, TMU_FORMAT_R32_FLOAT, 2, 2, 1, 1, 1, 1), 0);
    test_tex_setf(&t, 0, 0, 0, 0, 0.0f);
    test_tex_setf(&t, 0, 1, 0, 0, 1.0f);
    test_tex_setf(&t, 0, 0, 1, 0, 2.0f);
    test_tex_setf(&t, 0, 1, 1, 0, 3.0f);
    test_wave *w = test_wave_new();
    tmu_sampler smp = tmu_sampler_default();
    smp.address[0] = smp.address[1] = TMU_ADDRESS_CLAMP_TO_EDGE;
    tmu_op op = test_op(TMU_OP_SAMPLE, TMU_DIM_2D, TMU_LEVEL_BASE);
    /* (0.5, 0.5): u = v = 1, alpha = beta = 0.5 -> (0 + 1 + 2 + 3) / 4 = 1.5 */
    assert_true(test_sample1(&t, &smp, &op, w, 0.5f, 0.5f, 0, 0, NULL, NULL) == 1.5f);
    /* (0.375, 0.625): u = 0.75, alpha = 0.25; v = 1.25, beta = 0.75 -> 0.25 + 1.5 = 1.75 */
    assert_true(test_sample1(&t, &smp, &op, w, 0.375f, 0.625f, 0, 0, NULL, NULL) == 1.75f);
    /* texel centre (0.25, 0.75) -> exactly texel (0, 1) = 2 */
    assert_true(test_sample1(&t, &smp, &op, w, 0.25f, 0.75f, 0, 0, NULL, NULL) == 2.0f);
    /* clamp to edge below 0: u = -1 -> i0 = -2, i1 = -1 both clamp to 0: value = 2 beta = 2 * 0.75 */
    assert_true(test_sample1(&t, &smp, &op, w, -0.5f, 0.625f, 0, 0, NULL, NULL) == 1.5f);
    /* repeat at (0, 0): u = v = 0 -> i0 = -1 -> 1, i1 = 0; alpha = beta = 0.5 -> 1.5 */
    smp.address[0] = smp.address[1] = TMU_ADDRESS_REPEAT;
    assert_true(test_sample1(&t, &smp, &op, w, 0.0f, 0.0f, 0, 0, NULL, NULL) == 1.5f);
    /* border (value 7) at s = 0, t = 0.25 (v = 0.5, j0 = 0 exactly, beta = 0):
     * (1 - 0.5) * 7 + 0.5 * T[0,0] = 3.5 + 0 */
    smp.address[0] = smp.address[1] = TMU_ADDRESS_CLAMP_TO_BORDER;
    smp.border_f[0] = 7.0f;
    assert_true(test_sample1(&t, &smp, &op, w, 0.0f, 0.25f, 0, 0, NULL, NULL) == 3.5f);
    free(w);
    test_tex_free(&t);
}

static void test_linear_precision_models(void **state)
{
    (void)state;
    /* 1D R32_FLOAT texels (0, 1): LINEAR at unnormalised u gives alpha = frac(u - 0.5). */
    test_tex t;
    assert_int_equal(test_tex_make(&t, TMU_DIM_1D, TMU_FORMAT_R32_FLOAT, 2, 1, 1, 1, 1, 1), 0);
    test_tex_setf(&t, 0, 0, 0, 0, 0.0f);
    test_tex_setf(&t, 0, 1, 0, 0, 1.0f);
    test_wave *w = test_wave_new();
    tmu_sampler smp = tmu_sampler_default();
    smp.address[0] = TMU_ADDRESS_CLAMP_TO_EDGE;
    smp.normalized = 0;
    tmu_op op = test_op(TMU_OP_SAMPLE, TMU_DIM_1D, TMU_LEVEL_BASE);
    /* u = 0.6f: alpha = 0.6f - 0.5f = 0.100000024 (exact in fp32). */
    float alpha = 0.6f - 0.5f;
    smp.precision = TMU_PRECISION_EXACT;
    assert_true(test_sample1(&t, &smp, &op, w, 0.6f, 0, 0, 0, NULL, NULL) == alpha);
    /* alpha * 256 = 25.6000061: nearest -> 26/256 = 0.1015625, truncate -> 25/256 = 0.09765625 */
    smp.precision = TMU_PRECISION_NVIDIA;
    assert_true(test_sample1(&t, &smp, &op, w, 0.6f, 0, 0, 0, NULL, NULL) == 0.1015625f);
    smp.precision = TMU_PRECISION_NVIDIA_TRUNC;
    assert_true(test_sample1(&t, &smp, &op, w, 0.6f, 0, 0, 0, NULL, NULL) == 0.09765625f);
    /* alpha = 0.9984375 (u = 1.4984375): 255.6 -> nearest 256/256 = 1.0 (the 9th bit), trunc 255/256 */
    smp.precision = TMU_PRECISION_NVIDIA;
    assert_true(test_sample1(&t, &smp, &op, w, 1.4984375f, 0, 0, 0, NULL, NULL) == 1.0f);
    smp.precision = TMU_PRECISION_NVIDIA_TRUNC;
    assert_true(test_sample1(&t, &smp, &op, w, 1.4984375f, 0, 0, 0, NULL, NULL) == 0.99609375f);
    /* exactly representable alpha 0.25 is unchanged in every model */
    for (int p = 0; p < 3; p++) {
        smp.precision = (tmu_precision)p;
        assert_true(test_sample1(&t, &smp, &op, w, 0.75f, 0, 0, 0, NULL, NULL) == 0.25f);
    }
    /* half a step: alpha = 0.5/256 + 3/256 (u = 0.5 + 3.5/256): nearest rounds up to 4/256, trunc 3/256 */
    smp.precision = TMU_PRECISION_NVIDIA;
    assert_true(test_sample1(&t, &smp, &op, w, 0.5f + 3.5f / 256.0f, 0, 0, 0, NULL, NULL) == 4.0f / 256.0f);
    smp.precision = TMU_PRECISION_NVIDIA_TRUNC;
    assert_true(test_sample1(&t, &smp, &op, w, 0.5f + 3.5f / 256.0f, 0, 0, 0, NULL, NULL) == 3.0f / 256.0f);
    /* 2D bilinear in the NVIDIA model: 2x2 (0,1 / 2,3) at u = 0.6, v = 1.4984375 -> alpha = 26/256,
     * beta = 1.0: value = alpha + 2 * beta = 26/256 + 2 */
    test_tex q;
    assert_int_equal(test_tex_make(&q, TMU_DIM_2D, TMU_FORMAT_R32_FLOAT, 2, 2, 1, 1, 1, 1), 0);
    test_tex_setf(&q, 0, 1, 0, 0, 1.0f);
    test_tex_setf(&q, 0, 0, 1, 0, 2.0f);
    test_tex_setf(&q, 0, 1, 1, 0, 3.0f);
    tmu_op op2 = test_op(TMU_OP_SAMPLE, TMU_DIM_2D, TMU_LEVEL_BASE);
    smp.address[1] = TMU_ADDRESS_CLAMP_TO_EDGE;
    smp.precision = TMU_PRECISION_NVIDIA;
    assert_true(test_sample1(&q, &smp, &op2, w, 0.6f, 1.4984375f, 0, 0, NULL, NULL) == 26.0f / 256.0f + 2.0f);
    test_tex_free(&q);
    free(w);
    test_tex_free(&t);
}

static void test_rgba8_bilinear_values(void **state)
{
    (void)state;
    /* RGBA8 UNORM 2x1: texel 0 = (0, 255, 51, 255), texel 1 = (255, 0, 102, 255).
     * LINEAR at alpha = 0.25: R = 0.25, G = 0.75, B = (0.75 * 51 + 0.25 * 102) / 255 = 0.25, A = 1. */
    test_tex t;
    assert_int_equal(test_tex_make(&t, TMU_DIM_2D, TMU_FORMAT_R8G8B8A8_UNORM, 2, 1, 1, 1, 1, 1), 0);
    static const unsigned char px[8] = {0, 255, 51, 255, 255, 0, 102, 255};
    memcpy(t.mem, px, 8);
    test_wave *w = test_wave_new();
    tmu_sampler smp = tmu_sampler_default();
    smp.address[0] = smp.address[1] = TMU_ADDRESS_CLAMP_TO_EDGE;
    smp.normalized = 0;
    tmu_op op = test_op(TMU_OP_SAMPLE, TMU_DIM_2D, TMU_LEVEL_BASE);
    float v[4];
    test_sample1(&t, &smp, &op, w, 0.75f, 0.5f, 0, 0, v, NULL);
    assert_float_equal(v[0], 0.25, 1e-7);
    assert_float_equal(v[1], 0.75, 1e-7);
    assert_float_equal(v[2], 0.25, 1e-7);
    assert_float_equal(v[3], 1.0, 1e-7);
    /* swizzle (B, ONE, ZERO, R) of the filtered value */
    t.tex.swizzle[0] = TMU_SWIZZLE_B;
    t.tex.swizzle[1] = TMU_SWIZZLE_ONE;
    t.tex.swizzle[2] = TMU_SWIZZLE_ZERO;
    t.tex.swizzle[3] = TMU_SWIZZLE_R;
    test_sample1(&t, &smp, &op, w, 0.75f, 0.5f, 0, 0, v, NULL);
    assert_float_equal(v[0], 0.25, 1e-7);
    assert_true(v[1] == 1.0f && v[2] == 0.0f);
    assert_float_equal(v[3], 0.25, 1e-7);
    free(w);
    test_tex_free(&t);
}

/* 4x4 R32_FLOAT with three levels; every texel of level n holds the value n. */
static test_tex make_mips(void)
{
    test_tex t;
    assert_int_equal(test_tex_make(&t, TMU_DIM_2D, TMU_FORMAT_R32_FLOAT, 4, 4, 1, 1, 3, 1), 0);
    for (uint32_t l = 0; l < 3; l++)
        for (uint32_t y = 0; y < tmu_level_size(4, l); y++)
            for (uint32_t x = 0; x < tmu_level_size(4, l); x++)
                test_tex_setf(&t, l, x, y, 0, (float)l);
    return t;
}

static void test_mip_selection(void **state)
{
    (void)state;
    test_tex t = make_mips();
    test_wave *w = test_wave_new();
    tmu_sampler smp = tmu_sampler_default();
    smp.mip_filter = TMU_MIP_LINEAR;
    tmu_op op = test_op(TMU_OP_SAMPLE, TMU_DIM_2D, TMU_LEVEL_LOD);
    /* trilinear: value = level blend = clamp(lambda, 0, 2) */
    assert_true(test_sample1(&t, &smp, &op, w, 0.3f, 0.6f, 0, 0.25f, NULL, NULL) == 0.25f);
    assert_true(test_sample1(&t, &smp, &op, w, 0.3f, 0.6f, 0, 1.5f, NULL, NULL) == 1.5f);
    assert_true(test_sample1(&t, &smp, &op, w, 0.3f, 0.6f, 0, 5.0f, NULL, NULL) == 2.0f);
    assert_true(test_sample1(&t, &smp, &op, w, 0.3f, 0.6f, 0, -1.0f, NULL, NULL) == 0.0f);
    assert_true(test_sample1(&t, &smp, &op, w, 0.3f, 0.6f, 0, NAN, NULL, NULL) == 0.0f);     /* NaN LOD = 0 */
    assert_true(test_sample1(&t, &smp, &op, w, 0.3f, 0.6f, 0, INFINITY, NULL, NULL) == 2.0f); /* clamps */
    /* nearest mip: d = ceil(d' + 0.5) - 1: 0.5 -> 0, 0.51 -> 1, 1.5 -> 1, 1.6 -> 2 */
    smp.mip_filter = TMU_MIP_NEAREST;
    assert_true(test_sample1(&t, &smp, &op, w, 0.3f, 0.6f, 0, 0.5f, NULL, NULL) == 0.0f);
    assert_true(test_sample1(&t, &smp, &op, w, 0.3f, 0.6f, 0, 0.51f, NULL, NULL) == 1.0f);
    assert_true(test_sample1(&t, &smp, &op, w, 0.3f, 0.6f, 0, 1.5f, NULL, NULL) == 1.0f);
    assert_true(test_sample1(&t, &smp, &op, w, 0.3f, 0.6f, 0, 1.6f, NULL, NULL) == 2.0f);
    /* no mips: always level 0 */
    smp.mip_filter = TMU_MIP_NONE;
    assert_true(test_sample1(&t, &smp, &op, w, 0.3f, 0.6f, 0, 1.6f, NULL, NULL) == 0.0f);
    /* sampler clamps and bias: max_lod 1 caps 1.7 -> 1; min_lod 0.5 lifts 0 -> 0.5; bias 1 + 0.25 */
    smp.mip_filter = TMU_MIP_LINEAR;
    smp.max_lod = 1.0f;
    assert_true(test_sample1(&t, &smp, &op, w, 0.3f, 0.6f, 0, 1.7f, NULL, NULL) == 1.0f);
    smp.max_lod = 1000.0f;
    smp.min_lod = 0.5f;
    assert_true(test_sample1(&t, &smp, &op, w, 0.3f, 0.6f, 0, 0.0f, NULL, NULL) == 0.5f);
    smp.min_lod = 0.0f;
    smp.lod_bias = 1.0f;
    assert_true(test_sample1(&t, &smp, &op, w, 0.3f, 0.6f, 0, 0.25f, NULL, NULL) == 1.25f);
    smp.lod_bias = 0.0f;
    /* per-lane min-LOD clamp: lod 0.25 with min_lod 1.75 -> 1.75 */
    op.has_min_lod = 1;
    w->min_lod[0] = 1.75f;
    assert_true(test_sample1(&t, &smp, &op, w, 0.3f, 0.6f, 0, 0.25f, NULL, NULL) == 1.75f);
    free(w);
    test_tex_free(&t);
}

static void test_trilinear_precision_models(void **state)
{
    (void)state;
    /* 4x4 R32_FLOAT, level 0 texel (x, y) = x, level 1 (2x2) = 10, clamp to edge.
     * s = 0.4: u = 0.4f * 4 = 1.6000000238, u - 0.5 = 1.1000000238: i0 = 1, alpha = 0.1000000238.
     * NVIDIA: alpha = round(25.6) / 256 = 26/256; LOD 0.5 gives each level 128/256: level 0 splits
     * it round(128 * 26 / 256) = 13 on x = 2, 115 on x = 1, so (115 + 26 + 1280) / 256 =
     * 5.55078125 (exact).  Truncation: 25/256 -> 281/256 -> 0.5 * 281/256 + 5 = 5.548828125.
     * Exact: 0.5 * (1 + alpha) + 5 = 5.55000001 (to fp32 rounding). */
    test_tex t;
    assert_int_equal(test_tex_make(&t, TMU_DIM_2D, TMU_FORMAT_R32_FLOAT, 4, 4, 1, 1, 2, 1), 0);
    for (uint32_t y = 0; y < 4; y++)
        for (uint32_t x = 0; x < 4; x++)
            test_tex_setf(&t, 0, x, y, 0, (float)x);
    for (uint32_t k = 0; k < 4; k++)
        test_tex_setf(&t, 1, k & 1, k >> 1, 0, 10.0f);
    test_wave *w = test_wave_new();
    tmu_sampler smp = tmu_sampler_default();
    smp.address[0] = smp.address[1] = TMU_ADDRESS_CLAMP_TO_EDGE;
    smp.mip_filter = TMU_MIP_LINEAR;
    tmu_op op = test_op(TMU_OP_SAMPLE, TMU_DIM_2D, TMU_LEVEL_LOD);
    smp.precision = TMU_PRECISION_NVIDIA;
    assert_true(test_sample1(&t, &smp, &op, w, 0.4f, 0.375f, 0, 0.5f, NULL, NULL) == 5.55078125f);
    smp.precision = TMU_PRECISION_NVIDIA_TRUNC;
    assert_true(test_sample1(&t, &smp, &op, w, 0.4f, 0.375f, 0, 0.5f, NULL, NULL) == 5.548828125f);
    smp.precision = TMU_PRECISION_EXACT;
    assert_float_equal(test_sample1(&t, &smp, &op, w, 0.4f, 0.375f, 0, 0.5f, NULL, NULL), 5.55, 1e-6);
    /* NVIDIA: the mip fraction is truncated to 8 bits (g = floor(25.6) = 25) and every texel gets
     * an integer weight of 1/256 (docs/texture-unit.md §6.3): level 0 has 256 - 25 = 231,
     * split along x as round(231 * 26 / 256) = 23 on x = 2 and 208 on x = 1 (beta = 0); level
     * 1 has 25 on texels of value 10.  (208 + 2 * 23 + 250) / 256 = 504 / 256 exactly. */
    smp.precision = TMU_PRECISION_NVIDIA;
    assert_true(test_sample1(&t, &smp, &op, w, 0.4f, 0.375f, 0, 0.1f, NULL, NULL) == 504.0f / 256.0f);
    free(w);
    test_tex_free(&t);
}

/* NVIDIA model, R8G8B8A8_SNORM texel -128 (docs/texture-unit.md §6.3): the filter expands it as
 * -128 * 258 + floor(-64 / 128) = -33025 (not as -127), so half of it next to 0 is -16512.5,
 * rounded toward zero: -16512 / 32767, as the H200 returned (tests/data/nvidia-h200.tsv, sampler
 * snorm8_pairs_lin, row 128, A = 128); point sampling, gather and fetch read -1 exactly. */
static void test_nvidia_snorm8_min(void **state)
{
    (void)state;
    test_tex t;
    assert_int_equal(test_tex_make(&t, TMU_DIM_2D, TMU_FORMAT_R8G8B8A8_SNORM, 2, 1, 1, 1, 1, 1), 0);
    unsigned char *p = (unsigned char *)(void *)t.mem;
    memset(p, 0, t.size);
    p[4] = 0x80; /* texel (1, 0): R = -128 */
    test_wave *w = test_wave_new();
    tmu_sampler smp = tmu_sampler_default();
    smp.normalized = 0;
    smp.address[0] = smp.address[1] = TMU_ADDRESS_CLAMP_TO_EDGE;
    smp.precision = TMU_PRECISION_NVIDIA;
    tmu_op op = test_op(TMU_OP_SAMPLE, TMU_DIM_2D, TMU_LEVEL_BASE);
    float v[4];
    test_sample1(&t, &smp, &op, w, 1.0f, 0.5f, 0, 0, v, NULL); /* alpha = 1/2 */
    assert_true(v[0] == (float)(-16512.0 / 32767.0));
    smp.mag_filter = smp.min_filter = TMU_FILTER_NEAREST;
    assert_true(test_sample1(&t, &smp, &op, w, 1.5f, 0.5f, 0, 0, NULL, NULL) == -1.0f);
    tmu_op g = test_op(TMU_OP_GATHER, TMU_DIM_2D, TMU_LEVEL_BASE);
    smp.mag_filter = smp.min_filter = TMU_FILTER_LINEAR;
    test_sample1(&t, &smp, &g, w, 1.0f, 0.5f, 0, 0, v, NULL);
    assert_true(v[1] == -1.0f && v[2] == -1.0f && v[0] == 0.0f && v[3] == 0.0f);
    tmu_op f = test_op(TMU_OP_FETCH, TMU_DIM_2D, TMU_LEVEL_BASE);
    w->icoord[0][0] = 1, w->icoord[1][0] = 0, w->ilod[0] = 0;
    assert_int_equal(tmu_unit_execute(&t.tex, &smp, &f, 1, NULL, &w->in, &w->out, NULL), TMU_OK);
    assert_true(test_f(w->data[0][0]) == -1.0f);
    free(w);
    test_tex_free(&t);
}

/* 16x16 R32_FLOAT, 5 levels, level n filled with n. */
static test_tex make_mips16(void)
{
    test_tex t;
    assert_int_equal(test_tex_make(&t, TMU_DIM_2D, TMU_FORMAT_R32_FLOAT, 16, 16, 1, 1, 5, 1), 0);
    for (uint32_t l = 0; l < 5; l++)
        for (uint32_t y = 0; y < tmu_level_size(16, l); y++)
            for (uint32_t x = 0; x < tmu_level_size(16, l); x++)
                test_tex_setf(&t, l, x, y, 0, (float)l);
    return t;
}

static float grad_sample(const test_tex *t, const tmu_sampler *smp, test_wave *w, float dsx, float dtx, float dsy,
                         float dty)
{
    tmu_op op = test_op(TMU_OP_SAMPLE, TMU_DIM_2D, TMU_LEVEL_GRAD);
    w->gx[0][0] = dsx, w->gx[1][0] = dtx, w->gy[0][0] = dsy, w->gy[1][0] = dty;
    tmu_status st;
    float v = test_sample1(t, smp, &op, w, 0.4f, 0.4f, 0, 0, NULL, &st);
    assert_int_equal(st, TMU_OK);
    return v;
}

/* tmu_unit_log2f (the LOD's log2, tmu's own): the float nearest to libm's double log2 (up to
 * a double's error at a float midpoint) for ~2.1M bit patterns spread over every binade, 64 on
 * each side of every power of two, the subnormals' powers of two; exact powers of two; the
 * special values. */
static void check_log2(uint32_t bits, long *n)
{
    float x;
    memcpy(&x, &bits, 4);
    float got = tmu_unit_log2f(x);
    double d = log2((double)x);
    float ref = (float)d;
    if (got == ref || (isinf(got) && isinf(ref) && (got < 0) == (ref < 0))) {
        ++*n;
        return;
    }
    double mid = ((double)got + (double)ref) / 2; /* a misrounding can only be at a midpoint */
    if (fabs(d - mid) > ldexp(fabs(d), -45) || nextafterf(got, ref) != ref)
        fail_msg("log2(%a) = %a, libm's double log2 %.17g rounds to %a", (double)x, (double)got, d, (double)ref);
    ++*n;
}

static void test_log2(void **state)
{
    (void)state;
    long n = 0;
    for (uint32_t b = 1; b < 0x7F800000u; b += 1021)
        check_log2(b, &n);
    for (int e = -149; e <= 127; e++) {
        float p = ldexpf(1.0f, e);
        uint32_t pb;
        memcpy(&pb, &p, 4);
        assert_true(tmu_unit_log2f(p) == (float)e);
        for (uint32_t k = 1; k <= 64; k++) {
            if (pb + k < 0x7F800000u)
                check_log2(pb + k, &n);
            if (pb > k)
                check_log2(pb - k, &n);
        }
    }
    assert_true(tmu_unit_log2f(0.0f) == -INFINITY && tmu_unit_log2f(-0.0f) == -INFINITY);
    assert_true(tmu_unit_log2f(INFINITY) == INFINITY);
    assert_true(isnan(tmu_unit_log2f(-1.0f)) && isnan(tmu_unit_log2f(-INFINITY)) && isnan(tmu_unit_log2f(NAN)));
    assert_true(tmu_unit_log2f(0x1p-149f) == -149.0f && tmu_unit_log2f(3.0f) == (float)log2(3.0));
    printf("log2: %ld inputs, each the float nearest to log2\n", n);
}

static void test_lod_from_gradients(void **state)
{
    (void)state;
    test_tex t = make_mips16();
    test_wave *w = test_wave_new();
    tmu_sampler smp = tmu_sampler_default();
    smp.mip_filter = TMU_MIP_LINEAR;
    /* ds/dx = 4/16: m_ux = 4, rho = 4, lambda = 2 */
    assert_float_equal(grad_sample(&t, &smp, w, 4.0f / 16, 0, 0, 0), 2.0, 1e-6);
    /* anisotropic: rho_x = 4, rho_y = 1 -> rho_max = 4 -> lambda 2 (the larger axis decides) */
    assert_float_equal(grad_sample(&t, &smp, w, 4.0f / 16, 0, 0, 1.0f / 16), 2.0, 1e-6);
    assert_float_equal(grad_sample(&t, &smp, w, 0, 1.0f / 16, 0, 8.0f / 16), 3.0, 1e-6);
    /* (3, 4) texels per pixel: rho_x = 5, lambda = log2(5) = 2.321928 */
    assert_float_equal(grad_sample(&t, &smp, w, 3.0f / 16, 4.0f / 16, 0, 0), 2.321928094887362, 1e-5);
    /* huge gradient clamps to the last level (4); zero gradient -> -inf -> level 0 */
    assert_true(grad_sample(&t, &smp, w, 1e30f, 0, 0, 0) == 4.0f);
    assert_true(grad_sample(&t, &smp, w, 0, 0, 0, 0) == 0.0f);
    /* NaN gradient -> lambda 0 (+ bias 1.5) = 1.5 */
    smp.lod_bias = 1.5f;
    assert_float_equal(grad_sample(&t, &smp, w, NAN, 0, 0, 0), 1.5, 1e-6);
    smp.lod_bias = 0.0f;
    /* max_lod clamp with a gradient of 16 texels (lambda 4) */
    smp.max_lod = 2.5f;
    assert_float_equal(grad_sample(&t, &smp, w, 1.0f, 0, 0, 0), 2.5, 1e-6);
    smp.max_lod = 1000.0f;

    /* implicit LOD from a quad: lanes 0..3 at s0 + (x * 2/16), t0 + (y * 2/16) -> 2 texels per pixel, lambda 1 */
    tmu_op op = test_op(TMU_OP_SAMPLE, TMU_DIM_2D, TMU_LEVEL_IMPLICIT);
    for (int l = 0; l < 4; l++) {
        w->coord[0][l] = 0.25f + (float)(l & 1) * 2.0f / 16;
        w->coord[1][l] = 0.25f + (float)(l >> 1) * 2.0f / 16;
    }
    assert_int_equal(tmu_unit_execute(&t.tex, &smp, &op, 4, NULL, &w->in, &w->out, NULL), TMU_OK);
    for (int l = 0; l < 4; l++)
        assert_float_equal(test_f(w->data[0][l]), 1.0, 1e-6);
    /* bias mode adds to the implicit LOD: 1 + 0.5 */
    op.level_mode = TMU_LEVEL_BIAS;
    for (int l = 0; l < 4; l++)
        w->lod[l] = 0.5f;
    assert_int_equal(tmu_unit_execute(&t.tex, &smp, &op, 4, NULL, &w->in, &w->out, NULL), TMU_OK);
    assert_float_equal(test_f(w->data[0][2]), 1.5, 1e-6);
    /* query_lod: x = level read (clamped), y = lambda' before clamping */
    op.kind = TMU_OP_QUERY_LOD;
    op.level_mode = TMU_LEVEL_GRAD;
    w->gx[0][0] = 64.0f / 16, w->gx[1][0] = 0, w->gy[0][0] = 0, w->gy[1][0] = 0; /* lambda 6 */
    assert_int_equal(tmu_unit_execute(&t.tex, &smp, &op, 1, NULL, &w->in, &w->out, NULL), TMU_OK);
    assert_float_equal(test_f(w->data[0][0]), 4.0, 1e-6);
    assert_float_equal(test_f(w->data[1][0]), 6.0, 1e-6);
    /* lanes must form quads for implicit LOD */
    op.kind = TMU_OP_SAMPLE;
    op.level_mode = TMU_LEVEL_IMPLICIT;
    assert_int_equal(tmu_unit_execute(&t.tex, &smp, &op, 3, NULL, &w->in, &w->out, NULL), TMU_ERR_INVALID_ARGUMENT);
    free(w);
    test_tex_free(&t);
}

/* ---------------------------------------------------------------------------------------- */
/* Cube maps (§4): 2x2 faces, texel (i, j) of face f holds 10 f + 2 j + i.                    */
/* ---------------------------------------------------------------------------------------- */

static test_tex make_cube(void)
{
    test_tex t;
    assert_int_equal(test_tex_make(&t, TMU_DIM_CUBE, TMU_FORMAT_R32_FLOAT, 2, 2, 1, 6, 1, 1), 0);
    for (uint32_t f = 0; f < 6; f++)
        for (uint32_t j = 0; j < 2; j++)
            for (uint32_t i = 0; i < 2; i++)
                test_tex_setf(&t, 0, i, j, f, 10.0f * (float)f + 2.0f * (float)j + (float)i);
    return t;
}

static void test_cube_faces(void **state)
{
    (void)state;
    test_tex t = make_cube();
    test_wave *w = test_wave_new();
    tmu_sampler smp = tmu_sampler_default();
    smp.mag_filter = smp.min_filter = TMU_FILTER_NEAREST;
    tmu_op op = test_op(TMU_OP_SAMPLE, TMU_DIM_CUBE, TMU_LEVEL_BASE);
    /* face table §4.1; s = 0.5 sc/|rc| + 0.5, i = floor(2 s), same for t, j */
    static const struct {
        float x, y, z, want;
    } cases[] = {
        {1, 0.2f, -0.3f, 1},   /* +X: sc = -rz = 0.3 -> i 1; tc = -ry = -0.2 -> j 0 */
        {-1, 0.2f, -0.3f, 10}, /* -X: sc = +rz = -0.3 -> i 0; tc = -ry -> j 0 */
        {0.2f, 1, -0.3f, 21},  /* +Y: sc = +rx -> i 1; tc = +rz = -0.3 -> j 0 */
        {0.2f, -1, -0.3f, 33}, /* -Y: sc = +rx -> i 1; tc = -rz = 0.3 -> j 1 */
        {0.2f, -0.3f, 1, 43},  /* +Z: sc = +rx -> i 1; tc = -ry = 0.3 -> j 1 */
        {0.2f, -0.3f, -1, 52}, /* -Z: sc = -rx = -0.2 -> i 0; tc = -ry -> j 1 */
        /* ties (tmu's rule = Vulkan's recommendation: z over y and x, y over x) */
        {1, 1, 0, 23},         /* +Y: sc = 1 -> s 1 -> u 2 -> clamped i 1; tc = 0 -> j 1 */
        {1, 1, 1, 41},         /* +Z: sc = 1 -> i 1; tc = -1 -> t 0 -> j 0 */
        {-1, 0, 1, 42},        /* +Z: sc = -1 -> i 0; tc = 0 -> j 1 */
        {1, 0, -1, 52},        /* -Z: sc = -1 -> i 0; tc = 0 -> j 1 */
        {-1, -1, 0, 32},       /* -Y: sc = +rx = -1 -> i 0; tc = -rz = 0 -> j 1 -> 30 + 2 */
        /* magnitudes far from 1 */
        {3e30f, 1e30f, 2e30f, 0},  /* +X: sc = -rz/|rx| = -2/3 -> i 0; tc = -1/3 -> j 0 */
        {1e-30f, 0, -2e-30f, 51},  /* -Z: sc = -rx/|rz| = -0.5 -> i 0 ... s = 0.25 -> i 0? see below */
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        float v = test_sample1(&t, &smp, &op, w, cases[k].x, cases[k].y, cases[k].z, 0, NULL, NULL);
        if (k == 12) {
            /* -Z: sc = -rx / |rz| = -0.5 -> s = 0.25 -> i = floor(0.5) = 0; tc = -ry = 0 -> j 1 -> 52 */
            assert_true(v == 52.0f);
            continue;
        }
        if (v != cases[k].want)
            fail_msg("cube case %zu: got %g want %g", k, (double)v, (double)cases[k].want);
    }
    /* NaN direction or (0,0,0): face +X at s = t = 0.5 -> texel (1, 1) = 3 */
    assert_true(test_sample1(&t, &smp, &op, w, NAN, 1, 0, 0, NULL, NULL) == 3.0f);
    assert_true(test_sample1(&t, &smp, &op, w, 0, 0, 0, 0, NULL, NULL) == 3.0f);
    free(w);
    test_tex_free(&t);
}

static void test_cube_seams(void **state)
{
    (void)state;
    test_tex t = make_cube();
    test_wave *w = test_wave_new();
    tmu_sampler smp = tmu_sampler_default(); /* linear, seamless */
    tmu_op op = test_op(TMU_OP_SAMPLE, TMU_DIM_CUBE, TMU_LEVEL_BASE);
    /* (1, 0, 1): tie -> +Z; s = 1 -> u = 2: i0 = 1 on +Z, i1 = 2 -> +X column 0; t = 0.5 -> j0 0, j1 1.
     * +Z texels (1,0) = 41, (1,1) = 43; +X texels (0,0) = 0, (0,1) = 2; weights 1/4 -> 86/4 = 21.5 */
    assert_true(test_sample1(&t, &smp, &op, w, 1, 0, 1, 0, NULL, NULL) == 21.5f);
    /* corner (1, 1, 1): +Z, i0 = 1, i1 = 2 (-> +X), j0 = -1 (-> +Y), j1 = 0.
     * +Z (1,0) = 41; (2,0) -> +X (0,0) = 0; (1,-1) -> +Y (1,1) = 23; corner (2,-1) = (41+0+23)/3.
     * result = (41 + 0 + 23 + 64/3) / 4 = 64/3 */
    assert_float_equal(test_sample1(&t, &smp, &op, w, 1, 1, 1, 0, NULL, NULL), 64.0 / 3.0, 1e-5);
    /* interior of a face is ordinary bilinear: +X centre (1, 0, 0): s = t = 0.5 -> (0+1+2+3)/4 */
    assert_true(test_sample1(&t, &smp, &op, w, 1, 0, 0, 0, NULL, NULL) == 1.5f);
    /* -X seam with -Z at direction (-1, 0, -1): tie -> -Z; sc = -rx = 1 -> u 2: i0 = 1 (-Z), i1 = 2 -> -X.
     * -Z (1,0) = 51, (1,1) = 53; neighbour of -Z's right edge is -X (x = -1): -X sc = +rz = -1 -> i 0;
     * tc = -ry: j 0 = 10, j 1 = 12 -> (51 + 53 + 10 + 12) / 4 = 31.5 */
    assert_true(test_sample1(&t, &smp, &op, w, -1, 0, -1, 0, NULL, NULL) == 31.5f);
    /* seamless off: the face is wrapped with the sampler's modes (clamp to edge here):
     * (1, 0, 1) on +Z: i0 = 1, i1 = 2 -> 1; j 0, 1 -> (41 + 41 + 43 + 43) / 4 = 42 */
    smp.seamless_cube = 0;
    smp.address[0] = smp.address[1] = TMU_ADDRESS_CLAMP_TO_EDGE;
    assert_true(test_sample1(&t, &smp, &op, w, 1, 0, 1, 0, NULL, NULL) == 42.0f);
    free(w);
    test_tex_free(&t);
}

static void test_cube_array_and_grad(void **state)
{
    (void)state;
    /* cube array of 2 cubes, 4x4 faces, 3 levels; value = 100 * cube + 10 * face + level */
    test_tex t;
    assert_int_equal(test_tex_make(&t, TMU_DIM_CUBE_ARRAY, TMU_FORMAT_R32_FLOAT, 4, 4, 1, 12, 3, 1), 0);
    for (uint32_t l = 0; l < 3; l++)
        for (uint32_t layer = 0; layer < 12; layer++)
            for (uint32_t y = 0; y < tmu_level_size(4, l); y++)
                for (uint32_t x = 0; x < tmu_level_size(4, l); x++)
                    test_tex_setf(&t, l, x, y, layer, 100.0f * (float)(layer / 6) + 10.0f * (float)(layer % 6) +
                                                          (float)l);
    test_wave *w = test_wave_new();
    tmu_sampler smp = tmu_sampler_default();
    smp.mip_filter = TMU_MIP_LINEAR;
    smp.mag_filter = smp.min_filter = TMU_FILTER_NEAREST; /* no seams: each face is constant */
    tmu_op op = test_op(TMU_OP_SAMPLE, TMU_DIM_CUBE_ARRAY, TMU_LEVEL_GRAD);
    /* direction (0.1, -0.2, 1) -> +Z of cube 1; derivative of the direction d = (0.5, 0, 0):
     * ds/dx = 0.5 (|rc| dsc - sc d|rc|) / rc^2 = 0.5 * (1 * 0.5 - 0.1 * 0) / 1 = 0.25;
     * 4 texels * 0.25 = 1 texel per pixel -> lambda 0 -> level 0: value 100 + 40 + 0 */
    w->layer[0] = 1;
    w->gx[0][0] = 0.5f, w->gx[1][0] = 0, w->gx[2][0] = 0;
    w->gy[0][0] = 0, w->gy[1][0] = 0, w->gy[2][0] = 0;
    assert_float_equal(test_sample1(&t, &smp, &op, w, 0.1f, -0.2f, 1, 0, NULL, NULL), 140.0, 1e-5);
    /* d = (2, 0, 0) -> 4 texels -> lambda 2 -> level 2 */
    w->gx[0][0] = 2.0f;
    assert_float_equal(test_sample1(&t, &smp, &op, w, 0.1f, -0.2f, 1, 0, NULL, NULL), 142.0, 1e-5);
    /* derivative along the major axis: d = (0, 0, 1) at (0.5, 0, 1): ds = 0.5 (0 - 0.5 * 1) / 1 = -0.25
     * -> 1 texel -> level 0; the layer index 7 clamps to the last cube (1) */
    w->gx[0][0] = 0, w->gx[2][0] = 1.0f;
    w->layer[0] = 7;
    assert_float_equal(test_sample1(&t, &smp, &op, w, 0.5f, 0, 1, 0, NULL, NULL), 140.0, 1e-5);
    free(w);
    test_tex_free(&t);
}

/* ---------------------------------------------------------------------------------------- */
/* Gather (§7), compare (§8), offsets (§9)                                                  */
/* ---------------------------------------------------------------------------------------- */

static void test_gather_order(void **state)
{
    (void)state;
    /* 4x4 RGBA8_UINT with R = 10 j + i, G = 100 + R, B = 200 + R, A = 7: all R distinct */
    test_tex t;
    assert_int_equal(test_tex_make(&t, TMU_DIM_2D, TMU_FORMAT_R8G8B8A8_UINT, 4, 4, 1, 1, 1, 1), 0);
    for (uint32_t j = 0; j < 4; j++)
        for (uint32_t i = 0; i < 4; i++) {
            unsigned char *p = (unsigned char *)tmu_texel_address(&t.tex, 0, i, j, 0, 0);
            p[0] = (unsigned char)(10 * j + i), p[1] = (unsigned char)(110 + 10 * j + i);
            p[2] = (unsigned char)(200 + 10 * j + i), p[3] = 7;
        }
    test_wave *w = test_wave_new();
    tmu_sampler smp = tmu_sampler_default();
    smp.mag_filter = smp.min_filter = TMU_FILTER_NEAREST;
    tmu_op op = test_op(TMU_OP_GATHER, TMU_DIM_2D, TMU_LEVEL_BASE);
    op.result = TMU_RESULT_U32;
    /* (0.5, 0.5): u = 2 -> i0 = 1, i1 = 2; j0 = 1, j1 = 2.
     * order (i0,j1), (i1,j1), (i1,j0), (i0,j0) = 21, 22, 12, 11 */
    w->coord[0][0] = 0.5f, w->coord[1][0] = 0.5f;
    assert_int_equal(tmu_unit_execute(&t.tex, &smp, &op, 1, NULL, &w->in, &w->out, NULL), TMU_OK);
    assert_int_equal(w->data[0][0], 21);
    assert_int_equal(w->data[1][0], 22);
    assert_int_equal(w->data[2][0], 12);
    assert_int_equal(w->data[3][0], 11);
    /* component G: 100 + R + 10 -> 131, 132, 122, 121 */
    op.component = 1;
    assert_int_equal(tmu_unit_execute(&t.tex, &smp, &op, 1, NULL, &w->in, &w->out, NULL), TMU_OK);
    assert_int_equal(w->data[0][0], 131);
    assert_int_equal(w->data[3][0], 121);
    /* offsets (+1, -1): i0 = 2, j0 = 0 -> (2,1) (3,1) (3,0) (2,0) = 12, 13, 3, 2 */
    op.component = 0;
    op.has_offset = 1;
    w->off[0][0] = 1, w->off[1][0] = -1;
    assert_int_equal(tmu_unit_execute(&t.tex, &smp, &op, 1, NULL, &w->in, &w->out, NULL), TMU_OK);
    assert_int_equal(w->data[0][0], 12);
    assert_int_equal(w->data[1][0], 13);
    assert_int_equal(w->data[2][0], 3);
    assert_int_equal(w->data[3][0], 2);
    op.has_offset = 0;
    /* repeat across the corner at (0, 0): i0 = -1 -> 3, i1 = 0; j0 = -1 -> 3, j1 = 0:
     * (3,0) (0,0) (0,3) (3,3) = 3, 0, 30, 33 */
    w->coord[0][0] = 0, w->coord[1][0] = 0;
    assert_int_equal(tmu_unit_execute(&t.tex, &smp, &op, 1, NULL, &w->in, &w->out, NULL), TMU_OK);
    assert_int_equal(w->data[0][0], 3);
    assert_int_equal(w->data[1][0], 0);
    assert_int_equal(w->data[2][0], 30);
    assert_int_equal(w->data[3][0], 33);
    /* swizzle applies per texel first: result R <- texel A (= 7 everywhere) */
    t.tex.swizzle[0] = TMU_SWIZZLE_A;
    assert_int_equal(tmu_unit_execute(&t.tex, &smp, &op, 1, NULL, &w->in, &w->out, NULL), TMU_OK);
    assert_int_equal(w->data[0][0], 7);
    assert_int_equal(w->data[2][0], 7);
    free(w);
    test_tex_free(&t);
}

static void test_compare_ops(void **state)
{
    (void)state;
    /* D32_FLOAT 2x1: texels 0.25, 0.75 */
    test_tex t;
    assert_int_equal(test_tex_make(&t, TMU_DIM_2D, TMU_FORMAT_D32_FLOAT, 2, 1, 1, 1, 1, 1), 0);
    test_tex_setf(&t, 0, 0, 0, 0, 0.25f);
    test_tex_setf(&t, 0, 1, 0, 0, 0.75f);
    test_wave *w = test_wave_new();
    tmu_sampler smp = tmu_sampler_default();
    smp.address[0] = smp.address[1] = TMU_ADDRESS_CLAMP_TO_EDGE;
    smp.mag_filter = smp.min_filter = TMU_FILTER_NEAREST;
    smp.normalized = 0;
    tmu_op op = test_op(TMU_OP_SAMPLE, TMU_DIM_2D, TMU_LEVEL_BASE);
    op.compare = 1;
    /* nearest on texel 0 (0.25) with refs 0.1, 0.25, 0.5; table §8, 1 = pass */
    static const float refs[3] = {0.1f, 0.25f, 0.5f};
    static const int want[8][3] = {
        {0, 0, 0}, /* never */
        {1, 0, 0}, /* less: ref < texel */
        {0, 1, 0}, /* equal */
        {1, 1, 0}, /* less or equal */
        {0, 0, 1}, /* greater */
        {1, 0, 1}, /* not equal */
        {0, 1, 1}, /* greater or equal */
        {1, 1, 1}, /* always */
    };
    for (int c = 0; c < 8; c++)
        for (int r = 0; r < 3; r++) {
            smp.compare_op = (tmu_compare)c;
            w->ref[0] = refs[r];
            float v[4];
            test_sample1(&t, &smp, &op, w, 0.5f, 0.5f, 0, 0, v, NULL);
            assert_true(v[0] == (float)want[c][r]);
            assert_true(v[1] == 0.0f && v[2] == 0.0f && v[3] == 1.0f); /* depth: (D, 0, 0, 1) */
        }
    /* NaN reference: only not_equal and always pass */
    w->ref[0] = NAN;
    for (int c = 0; c < 8; c++) {
        smp.compare_op = (tmu_compare)c;
        float v = test_sample1(&t, &smp, &op, w, 0.5f, 0.5f, 0, 0, NULL, NULL);
        assert_true(v == ((c == TMU_COMPARE_NOT_EQUAL || c == TMU_COMPARE_ALWAYS) ? 1.0f : 0.0f));
    }
    /* percentage-closer: compare per texel, then filter.  u = 0.75 -> alpha 0.25; ref 0.5 LESS:
     * texel 0.25 -> 0, texel 0.75 -> 1 -> 0.75 * 0 + 0.25 * 1 = 0.25 (compare after filtering
     * would compare 0.5 < 0.375 and give 0) */
    smp.mag_filter = smp.min_filter = TMU_FILTER_LINEAR;
    smp.compare_op = TMU_COMPARE_LESS;
    w->ref[0] = 0.5f;
    assert_true(test_sample1(&t, &smp, &op, w, 0.75f, 0.5f, 0, 0, NULL, NULL) == 0.25f);
    /* gather with compare returns the four per-texel results: at u = 1 (i0 0, i1 1), v = 0.5
     * (j0 = j1 = 0 after clamping): (i0,j1) 0, (i1,j1) 1, (i1,j0) 1, (i0,j0) 0 */
    tmu_op g = test_op(TMU_OP_GATHER, TMU_DIM_2D, TMU_LEVEL_BASE);
    g.compare = 1;
    w->coord[0][0] = 1.0f, w->coord[1][0] = 0.5f;
    assert_int_equal(tmu_unit_execute(&t.tex, &smp, &g, 1, NULL, &w->in, &w->out, NULL), TMU_OK);
    assert_true(test_f(w->data[0][0]) == 0.0f && test_f(w->data[1][0]) == 1.0f);
    assert_true(test_f(w->data[2][0]) == 1.0f && test_f(w->data[3][0]) == 0.0f);
    test_tex_free(&t);
    /* UNORM depth clamps the reference to [0, 1]: D16 texel 65535 (1.0), ref 2.0, LESS_OR_EQUAL:
     * clamped 1.0 <= 1.0 passes (unclamped 2.0 <= 1.0 would fail) */
    assert_int_equal(test_tex_make(&t, TMU_DIM_2D, TMU_FORMAT_D16_UNORM, 1, 1, 1, 1, 1, 1), 0);
    t.mem[0] = 0xff, t.mem[1] = 0xff;
    smp.compare_op = TMU_COMPARE_LESS_OR_EQUAL;
    w->ref[0] = 2.0f;
    assert_true(test_sample1(&t, &smp, &op, w, 0.5f, 0.5f, 0, 0, NULL, NULL) == 1.0f);
    smp.compare_op = TMU_COMPARE_GREATER;
    w->ref[0] = -3.0f; /* clamped to 0 > 1 fails */
    assert_true(test_sample1(&t, &smp, &op, w, 0.5f, 0.5f, 0, 0, NULL, NULL) == 0.0f);
    free(w);
    test_tex_free(&t);
}

static void test_offsets(void **state)
{
    (void)state;
    test_tex t = make_row4();
    test_wave *w = test_wave_new();
    tmu_sampler smp = tmu_sampler_default();
    smp.mag_filter = smp.min_filter = TMU_FILTER_NEAREST;
    smp.address[0] = TMU_ADDRESS_REPEAT;
    tmu_op op = test_op(TMU_OP_SAMPLE, TMU_DIM_1D, TMU_LEVEL_BASE);
    op.has_offset = 1;
    /* s = 0.125 -> u = 0.5 + offset: offset o selects texel (o mod 4) */
    for (int o = -8; o <= 7; o++) {
        w->off[0][0] = o;
        int idx = ((o % 4) + 4) % 4;
        assert_true(test_sample1(&t, &smp, &op, w, 0.125f, 0, 0, 0, NULL, NULL) == 10.0f + (float)idx);
    }
    /* offset applies before LINEAR selection: u = 0.75 + 1 -> alpha 0.25 between texels 1 and 2 */
    smp.mag_filter = TMU_FILTER_LINEAR;
    w->off[0][0] = 1;
    assert_true(test_sample1(&t, &smp, &op, w, 0.75f / 4.0f, 0, 0, 0, NULL, NULL) == 11.25f);
    /* cube maps: the offset moves the face coordinates after face selection (docs/texture-unit.md
     * §1 step 3, tmu's choice for GCN's _o opcodes on cube images).  Direction (1, 0.2, -0.3) is
     * texel (1, 0) of +X = 1 (test_cube_faces); texel values 10 face + 2 j + i. */
    test_tex c = make_cube();
    tmu_op cop = test_op(TMU_OP_SAMPLE, TMU_DIM_CUBE, TMU_LEVEL_BASE);
    cop.has_offset = 1;
    smp.mag_filter = smp.min_filter = TMU_FILTER_NEAREST;
    w->off[0][0] = -1, w->off[1][0] = 0; /* i 0, j 0 */
    assert_true(test_sample1(&c, &smp, &cop, w, 1.0f, 0.2f, -0.3f, 0, NULL, NULL) == 0.0f);
    w->off[0][0] = 0, w->off[1][0] = 1; /* i 1, j 1 */
    assert_true(test_sample1(&c, &smp, &cop, w, 1.0f, 0.2f, -0.3f, 0, NULL, NULL) == 3.0f);
    w->off[0][0] = 1, w->off[1][0] = 0; /* i 2: NEAREST with seamless filtering clamps to the edge */
    assert_true(test_sample1(&c, &smp, &cop, w, 1.0f, 0.2f, -0.3f, 0, NULL, NULL) == 1.0f);
    /* a fetch has no cube form: its offsets are refused */
    tmu_op fop = test_op(TMU_OP_FETCH, TMU_DIM_CUBE, TMU_LEVEL_LOD);
    fop.has_offset = 1;
    tmu_diag d;
    assert_int_equal(tmu_unit_execute(&c.tex, &smp, &fop, 1, NULL, &w->in, &w->out, &d), TMU_ERR_INVALID_ARGUMENT);
    assert_non_null(strstr(d.message, "offsets"));
    test_tex_free(&c);
    free(w);
    test_tex_free(&t);
}

/* ---------------------------------------------------------------------------------------- */
/* Residency (§11), result packing (§13), queries, fetch, arrays, 3D, errors                */
/* ---------------------------------------------------------------------------------------- */

static void test_residency(void **state)
{
    (void)state;
    /* 8x8 R32_FLOAT, value 1 + x everywhere, two levels; 4x4 tiles -> 2x2 tiles on level 0,
     * tile (1, 0) not resident; level 1 has no map (resident). */
    test_tex t;
    assert_int_equal(test_tex_make(&t, TMU_DIM_2D, TMU_FORMAT_R32_FLOAT, 8, 8, 1, 1, 2, 1), 0);
    for (uint32_t l = 0; l < 2; l++)
        for (uint32_t y = 0; y < tmu_level_size(8, l); y++)
            for (uint32_t x = 0; x < tmu_level_size(8, l); x++)
                test_tex_setf(&t, l, x, y, 0, 1.0f + (float)x);
    static const uint8_t map0[4] = {1, 0, 1, 1};
    tmu_residency res;
    memset(&res, 0, sizeof res);
    res.tile_w = res.tile_h = res.tile_d = 4;
    res.map[0] = map0;
    t.tex.residency = &res;
    test_wave *w = test_wave_new();
    tmu_sampler smp = tmu_sampler_default();
    smp.mag_filter = smp.min_filter = TMU_FILTER_NEAREST;
    smp.mip_filter = TMU_MIP_NEAREST;
    smp.normalized = 0;
    tmu_op op = test_op(TMU_OP_SAMPLE, TMU_DIM_2D, TMU_LEVEL_LOD);
    op.want_residency = 1;
    float v[4];
    /* (2.5, 1.5) in tile (0,0): resident, value 3 */
    test_sample1(&t, &smp, &op, w, 2.5f, 1.5f, 0, 0, v, NULL);
    assert_int_equal(w->resident[0], 1);
    assert_true(v[0] == 3.0f);
    /* (5.5, 1.5) in tile (1,0): not resident -> all four words 0 */
    test_sample1(&t, &smp, &op, w, 5.5f, 1.5f, 0, 0, v, NULL);
    assert_int_equal(w->resident[0], 0);
    assert_true(w->data[0][0] == 0 && w->data[1][0] == 0 && w->data[2][0] == 0 && w->data[3][0] == 0);
    /* (5.5, 5.5) tile (1,1): resident, value 6 */
    test_sample1(&t, &smp, &op, w, 5.5f, 5.5f, 0, 0, v, NULL);
    assert_int_equal(w->resident[0], 1);
    assert_true(v[0] == 6.0f);
    /* LINEAR footprint straddling tiles (0,0) and (1,0) at u = 4: texels 3 and 4 -> not resident */
    smp.mag_filter = smp.min_filter = TMU_FILTER_LINEAR;
    test_sample1(&t, &smp, &op, w, 4.0f, 1.5f, 0, 0, v, NULL);
    assert_int_equal(w->resident[0], 0);
    /* level 1 (no map) at the same place: resident; texels x = 1, 2 -> values 2, 3 -> 2.5 */
    test_sample1(&t, &smp, &op, w, 4.0f, 1.5f, 0, 1.0f, v, NULL);
    assert_int_equal(w->resident[0], 1);
    /* unnormalised u = 4 on level 1 is x = 4: but unnormalised coordinates address the level's
     * own texels: u - 0.5 = 3.5 -> i0 = 3 (value 4), i1 = 4 -> repeat wraps to 0 (value 1): 2.5 */
    assert_true(v[0] == 2.5f);
    /* fetch reports residency too */
    tmu_op f = test_op(TMU_OP_FETCH, TMU_DIM_2D, TMU_LEVEL_BASE);
    f.want_residency = 1;
    w->icoord[0][0] = 6, w->icoord[1][0] = 0, w->ilod[0] = 0;
    assert_int_equal(tmu_unit_execute(&t.tex, &smp, &f, 1, NULL, &w->in, &w->out, NULL), TMU_OK);
    assert_int_equal(w->resident[0], 0);
    assert_int_equal(w->data[0][0], 0);
    w->icoord[0][0] = 1;
    assert_int_equal(tmu_unit_execute(&t.tex, &smp, &f, 1, NULL, &w->in, &w->out, NULL), TMU_OK);
    assert_int_equal(w->resident[0], 1);
    assert_true(test_f(w->data[0][0]) == 2.0f);
    free(w);
    test_tex_free(&t);
}

static void test_f16_results(void **state)
{
    (void)state;
    test_tex t;
    assert_int_equal(test_tex_make(&t, TMU_DIM_2D, TMU_FORMAT_R32G32B32A32_FLOAT, 1, 1, 1, 1, 1, 1), 0);
    test_wave *w = test_wave_new();
    tmu_sampler smp = tmu_sampler_default();
    tmu_op op = test_op(TMU_OP_SAMPLE, TMU_DIM_2D, TMU_LEVEL_BASE);
    /* (1, -2, 0.5, 65504) -> 0x3C00, 0xC000, 0x3800, 0x7BFF */
    float px[4] = {1.0f, -2.0f, 0.5f, 65504.0f};
    memcpy(t.mem, px, 16);
    op.result = TMU_RESULT_F16X2;
    w->data[2][0] = 0xdeadbeef;
    test_sample1(&t, &smp, &op, w, 0.5f, 0.5f, 0, 0, NULL, NULL);
    assert_int_equal(w->data[0][0], 0xC0003C00u); /* R low, G high */
    assert_int_equal(w->data[1][0], 0x7BFF3800u); /* B low, A high */
    assert_int_equal(w->data[2][0], 0xdeadbeefu); /* untouched */
    /* RNE: 1 + 2^-11 (tie) -> 0x3C00; 1 + 3 * 2^-11 -> 0x3C02; 1e10 -> Inf; 2^-25 (tie with 0) -> 0;
     * 3 * 2^-26 -> 2^-24 = 0x0001; -0 -> 0x8000; NaN -> a quiet NaN */
    float px2[4] = {1.0f + 0x1p-11f, 1.0f + 3 * 0x1p-11f, 1e10f, 0x1p-25f};
    memcpy(t.mem, px2, 16);
    op.result = TMU_RESULT_F16;
    test_sample1(&t, &smp, &op, w, 0.5f, 0.5f, 0, 0, NULL, NULL);
    assert_int_equal(w->data[0][0], 0x3C00);
    assert_int_equal(w->data[1][0], 0x3C02);
    assert_int_equal(w->data[2][0], 0x7C00);
    assert_int_equal(w->data[3][0], 0x0000);
    float px3[4] = {3 * 0x1p-26f, -0.0f, NAN, 65520.0f};
    memcpy(t.mem, px3, 16);
    test_sample1(&t, &smp, &op, w, 0.5f, 0.5f, 0, 0, NULL, NULL);
    assert_int_equal(w->data[0][0], 0x0001);
    assert_int_equal(w->data[1][0], 0x8000);
    assert_true((w->data[2][0] & 0x7C00) == 0x7C00 && (w->data[2][0] & 0x3FF) != 0);
    assert_int_equal(w->data[3][0], 0x7C00); /* 65520 is the tie between 65504 and 2^16 -> Inf */
    free(w);
    test_tex_free(&t);
}

static void test_queries(void **state)
{
    (void)state;
    test_tex t;
    /* 3D 8x4x2, 4 levels (8, 4, 2, 1) */
    assert_int_equal(test_tex_make(&t, TMU_DIM_3D, TMU_FORMAT_R8_UNORM, 8, 4, 2, 1, 4, 1), 0);
    test_wave *w = test_wave_new();
    tmu_sampler smp = tmu_sampler_default();
    tmu_op op = test_op(TMU_OP_QUERY_SIZE, TMU_DIM_3D, TMU_LEVEL_BASE);
    op.result = TMU_RESULT_U32;
    static const uint32_t want[5][4] = {{8, 4, 2, 1}, {4, 2, 1, 1}, {2, 1, 1, 1}, {1, 1, 1, 1}, {0, 0, 0, 0}};
    for (int l = 0; l < 5; l++) {
        w->ilod[0] = l;
        assert_int_equal(tmu_unit_execute(&t.tex, &smp, &op, 1, NULL, &w->in, &w->out, NULL), TMU_OK);
        for (int c = 0; c < 4; c++)
            assert_int_equal(w->data[c][0], want[l][c]);
    }
    op.kind = TMU_OP_QUERY_LEVELS;
    assert_int_equal(tmu_unit_execute(&t.tex, &smp, &op, 1, NULL, &w->in, &w->out, NULL), TMU_OK);
    assert_int_equal(w->data[0][0], 4);
    op.result = TMU_RESULT_F32; /* queries give integers */
    assert_int_equal(tmu_unit_execute(&t.tex, &smp, &op, 1, NULL, &w->in, &w->out, NULL), TMU_ERR_UNSUPPORTED);
    test_tex_free(&t);
    /* cube array of 3 cubes: layers query = 3; 2D MS array: samples */
    assert_int_equal(test_tex_make(&t, TMU_DIM_CUBE_ARRAY, TMU_FORMAT_R8_UNORM, 4, 4, 1, 18, 1, 1), 0);
    op = test_op(TMU_OP_QUERY_SIZE, TMU_DIM_CUBE_ARRAY, TMU_LEVEL_BASE);
    op.result = TMU_RESULT_U32;
    w->ilod[0] = 0;
    assert_int_equal(tmu_unit_execute(&t.tex, &smp, &op, 1, NULL, &w->in, &w->out, NULL), TMU_OK);
    assert_int_equal(w->data[0][0], 4);
    assert_int_equal(w->data[3][0], 3);
    test_tex_free(&t);
    assert_int_equal(test_tex_make(&t, TMU_DIM_2D_MS_ARRAY, TMU_FORMAT_R8_UNORM, 4, 4, 1, 5, 1, 8), 0);
    op = test_op(TMU_OP_QUERY_SAMPLES, TMU_DIM_2D_MS_ARRAY, TMU_LEVEL_BASE);
    op.result = TMU_RESULT_S32;
    assert_int_equal(tmu_unit_execute(&t.tex, &smp, &op, 1, NULL, &w->in, &w->out, NULL), TMU_OK);
    assert_int_equal(w->data[0][0], 8);
    op.kind = TMU_OP_QUERY_SIZE;
    assert_int_equal(tmu_unit_execute(&t.tex, &smp, &op, 1, NULL, &w->in, &w->out, NULL), TMU_OK);
    assert_int_equal(w->data[3][0], 5);
    free(w);
    test_tex_free(&t);
}

static void test_arrays_3d_ms(void **state)
{
    (void)state;
    test_wave *w = test_wave_new();
    tmu_sampler smp = tmu_sampler_default();
    smp.mag_filter = smp.min_filter = TMU_FILTER_NEAREST;
    /* 2D array 2x2, 3 layers, value = layer: u32 layer clamps (7 -> 2); float layer rounds to
     * nearest even (0.5 -> 0, 1.5 -> 2, 1.4 -> 1, -3 -> 0, NaN -> 0) */
    test_tex t;
    assert_int_equal(test_tex_make(&t, TMU_DIM_2D_ARRAY, TMU_FORMAT_R32_FLOAT, 2, 2, 1, 3, 1, 1), 0);
    for (uint32_t l = 0; l < 3; l++)
        for (uint32_t k = 0; k < 4; k++)
            test_tex_setf(&t, 0, k & 1, k >> 1, l, (float)l);
    tmu_op op = test_op(TMU_OP_SAMPLE, TMU_DIM_2D_ARRAY, TMU_LEVEL_BASE);
    static const uint32_t ul[4] = {0, 1, 2, 7};
    static const float uw[4] = {0, 1, 2, 2};
    for (int k = 0; k < 4; k++) {
        w->layer[0] = ul[k];
        assert_true(test_sample1(&t, &smp, &op, w, 0.5f, 0.5f, 0, 0, NULL, NULL) == uw[k]);
    }
    op.layer_mode = TMU_LAYER_F32;
    static const float fl[6] = {0.5f, 1.5f, 1.4f, -3.0f, NAN, 1e30f};
    static const float fw[6] = {0, 2, 1, 0, 0, 2};
    for (int k = 0; k < 6; k++) {
        w->layer_f[0] = fl[k];
        assert_true(test_sample1(&t, &smp, &op, w, 0.5f, 0.5f, 0, 0, NULL, NULL) == fw[k]);
    }
    test_tex_free(&t);
    /* 3D 2x2x2, value = 4 z + 2 y + x; trilinear-in-space at the centre = mean 3.5; nearest picks */
    assert_int_equal(test_tex_make(&t, TMU_DIM_3D, TMU_FORMAT_R32_FLOAT, 2, 2, 2, 1, 1, 1), 0);
    for (uint32_t k = 0; k < 8; k++)
        test_tex_setf(&t, 0, k & 1, (k >> 1) & 1, k >> 2, (float)k);
    op = test_op(TMU_OP_SAMPLE, TMU_DIM_3D, TMU_LEVEL_BASE);
    assert_true(test_sample1(&t, &smp, &op, w, 0.75f, 0.25f, 0.75f, 0, NULL, NULL) == 5.0f); /* (1,0,1) */
    smp.mag_filter = TMU_FILTER_LINEAR;
    smp.address[0] = smp.address[1] = smp.address[2] = TMU_ADDRESS_CLAMP_TO_EDGE;
    assert_true(test_sample1(&t, &smp, &op, w, 0.5f, 0.5f, 0.5f, 0, NULL, NULL) == 3.5f);
    /* gamma only: (0.25, 0.25, 0.625): u = v = 0.5 exact texel 0; w' - 0.5 = 0.75 -> 0.25 * 0 + 0.75 * 4 = 3 */
    assert_true(test_sample1(&t, &smp, &op, w, 0.25f, 0.25f, 0.625f, 0, NULL, NULL) == 3.0f);
    test_tex_free(&t);
    /* 2D MS array 2x2, 2 layers, 4 samples, R32_UINT = 1000 layer + 100 sample + 10 y + x */
    assert_int_equal(test_tex_make(&t, TMU_DIM_2D_MS_ARRAY, TMU_FORMAT_R32_UINT, 2, 2, 1, 2, 1, 4), 0);
    for (uint32_t l = 0; l < 2; l++)
        for (uint32_t s = 0; s < 4; s++)
            for (uint32_t k = 0; k < 4; k++) {
                uint32_t v = 1000 * l + 100 * s + 10 * (k >> 1) + (k & 1);
                memcpy((void *)tmu_texel_address(&t.tex, 0, k & 1, k >> 1, l, s), &v, 4);
            }
    op = test_op(TMU_OP_FETCH, TMU_DIM_2D_MS_ARRAY, TMU_LEVEL_BASE);
    op.result = TMU_RESULT_U32;
    op.has_offset = 1;
    for (int l = 0; l < 4; l++) {
        w->icoord[0][l] = 0, w->icoord[1][l] = 1;
        w->off[0][l] = 1, w->off[1][l] = 0; /* (1, 1) */
        w->layer[l] = (uint32_t)l & 1;
        w->sample[l] = (uint32_t)l;
        w->ilod[l] = 0;
    }
    w->sample[3] = 4; /* out of range -> zeros */
    uint64_t exec[2] = {0xF, 0};
    assert_int_equal(tmu_unit_execute(&t.tex, &smp, &op, 4, exec, &w->in, &w->out, NULL), TMU_OK);
    assert_int_equal(w->data[0][0], 11);
    assert_int_equal(w->data[0][1], 1111);
    assert_int_equal(w->data[0][2], 211);
    assert_int_equal(w->data[0][3], 0);
    assert_int_equal(w->data[3][1], 1); /* missing alpha of an integer format is 1 */
    /* exec mask: lane 1 off -> untouched */
    w->data[0][1] = 0x12345678;
    exec[0] = 0xD;
    assert_int_equal(tmu_unit_execute(&t.tex, &smp, &op, 4, exec, &w->in, &w->out, NULL), TMU_OK);
    assert_int_equal(w->data[0][1], 0x12345678);
    assert_int_equal(w->data[0][2], 211);
    /* sampling a multisample texture is refused with a reason */
    tmu_op s = test_op(TMU_OP_SAMPLE, TMU_DIM_2D_MS_ARRAY, TMU_LEVEL_BASE);
    tmu_diag d;
    assert_int_equal(tmu_unit_execute(&t.tex, &smp, &s, 1, NULL, &w->in, &w->out, &d), TMU_ERR_UNSUPPORTED);
    assert_non_null(strstr(d.message, "multisample"));
    free(w);
    test_tex_free(&t);
}

static void test_errors(void **state)
{
    (void)state;
    test_tex t = make_row4();
    test_wave *w = test_wave_new();
    tmu_sampler smp = tmu_sampler_default();
    tmu_op op = test_op(TMU_OP_SAMPLE, TMU_DIM_2D, TMU_LEVEL_BASE);
    tmu_diag d;
    assert_int_equal(tmu_unit_execute(&t.tex, &smp, &op, 1, NULL, &w->in, &w->out, &d), TMU_ERR_INVALID_ARGUMENT);
    assert_non_null(strstr(d.message, "does not match"));
    op.dim = TMU_DIM_1D;
    assert_int_equal(tmu_unit_execute(&t.tex, &smp, &op, 129, NULL, &w->in, &w->out, &d), TMU_ERR_INVALID_ARGUMENT);
    w->in.coord[0] = NULL;
    assert_int_equal(tmu_unit_execute(&t.tex, &smp, &op, 1, NULL, &w->in, &w->out, &d), TMU_ERR_INVALID_ARGUMENT);
    assert_non_null(strstr(d.message, "coord[0]"));
    test_wave_bind(w);
    op.level_mode = TMU_LEVEL_LOD;
    w->in.lod = NULL;
    assert_int_equal(tmu_unit_execute(&t.tex, &smp, &op, 1, NULL, &w->in, &w->out, &d), TMU_ERR_INVALID_ARGUMENT);
    test_wave_bind(w);
    smp.address[0] = (tmu_address)8;
    assert_int_equal(tmu_unit_execute(&t.tex, &smp, &op, 1, NULL, &w->in, &w->out, &d), TMU_ERR_INVALID_ARGUMENT);
    assert_non_null(strstr(d.message, "address[0]"));
    smp = tmu_sampler_default();
    /* a level whose memory is too small is caught by validation, not read */
    t.tex.level[0].size = 15;
    assert_int_equal(tmu_unit_execute(&t.tex, &smp, &op, 1, NULL, &w->in, &w->out, &d), TMU_ERR_INVALID_ARGUMENT);
    assert_non_null(strstr(d.message, "needs 16 bytes"));
    t.tex.level[0].size = 16;
    /* linear filtering of an integer format is refused */
    test_tex u;
    assert_int_equal(test_tex_make(&u, TMU_DIM_1D, TMU_FORMAT_R32_UINT, 4, 1, 1, 1, 1, 1), 0);
    assert_int_equal(tmu_unit_execute(&u.tex, &smp, &op, 1, NULL, &w->in, &w->out, &d), TMU_ERR_UNSUPPORTED);
    assert_non_null(strstr(d.message, "r32_uint"));
    smp.mag_filter = smp.min_filter = TMU_FILTER_NEAREST;
    op.result = TMU_RESULT_U32;
    w->coord[0][0] = 0.6f;
    w->lod[0] = 0;
    unsigned char *p = (unsigned char *)tmu_texel_address(&u.tex, 0, 2, 0, 0, 0);
    p[0] = 42;
    assert_int_equal(tmu_unit_execute(&u.tex, &smp, &op, 1, NULL, &w->in, &w->out, &d), TMU_OK);
    assert_int_equal(w->data[0][0], 42);
    test_tex_free(&u);
    /* validation of shapes */
    tmu_texture bad = t.tex;
    bad.height = 2;
    assert_int_equal(tmu_texture_validate(&bad, &d), TMU_ERR_INVALID_ARGUMENT);
    bad = t.tex;
    bad.levels = 4; /* a 4-texel chain has 3 levels */
    assert_int_equal(tmu_texture_validate(&bad, &d), TMU_ERR_INVALID_ARGUMENT);
    assert_non_null(strstr(d.message, "levels"));
    free(w);
    test_tex_free(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_wrap_modes),
        cmocka_unit_test(test_wrap_huge_and_special),
        cmocka_unit_test(test_bilinear_exact),
        cmocka_unit_test(test_linear_precision_models),
        cmocka_unit_test(test_rgba8_bilinear_values),
        cmocka_unit_test(test_mip_selection),
        cmocka_unit_test(test_trilinear_precision_models),
        cmocka_unit_test(test_nvidia_snorm8_min),
        cmocka_unit_test(test_log2),
        cmocka_unit_test(test_lod_from_gradients),
        cmocka_unit_test(test_cube_faces),
        cmocka_unit_test(test_cube_seams),
        cmocka_unit_test(test_cube_array_and_grad),
        cmocka_unit_test(test_gather_order),
        cmocka_unit_test(test_compare_ops),
        cmocka_unit_test(test_offsets),
        cmocka_unit_test(test_residency),
        cmocka_unit_test(test_f16_results),
        cmocka_unit_test(test_queries),
        cmocka_unit_test(test_arrays_3d_ms),
        cmocka_unit_test(test_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
