/* Texture unit, issue 11 features: the GL half-border address modes, min/max reduction, view
 * fields (base/count of levels and layers, VK_EXT_image_view_min_lod), border colours converted
 * to the format.  Every expectation is worked by hand from the rule it tests (the OpenGL
 * spec's GL_CLAMP and EXT_texture_mirror_clamp formulas, the Vulkan specification's texture
 * chapter), with the derivation next to it. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

#include <cmocka.h>

#include "unit/unit_util.h"

/* One lane: SAMPLE (LEVEL_LOD) of `t` at (s, tt, r) with `lod`; returns the status, fills v. */
static tmu_status sample_at(const test_tex *t, const tmu_sampler *smp, const tmu_op *op, test_wave *w, float s,
                            float tt, float r, float lod, float v[4])
{
    tmu_status st;
    test_sample1(t, smp, op, w, s, tt, r, lod, v, &st);
    return st;
}

static float sample_r(const test_tex *t, const tmu_sampler *smp, const tmu_op *op, test_wave *w, float s, float tt,
                      float lod)
{
    w->coord[0][0] = s, w->coord[1][0] = tt, w->coord[2][0] = 0;
    w->lod[0] = lod;
    tmu_diag d;
    tmu_status st = tmu_unit_execute(&t->tex, smp, op, 1, NULL, &w->in, &w->out, &d);
    if (st != TMU_OK)
        fail_msg("%s: %s", tmu_status_str(st), d.message);
    return test_f(w->data[0][0]);
}

/* ---------------------------------------------------------------------------------------- */
/* Half-border address modes.  1D R32_FLOAT texels 1, 2, 3, 4 (N = 4), border 10,           */
/* unnormalised u.  Rules (texture.h): GL_CLAMP x = clamp(u + off, 0, N); MIRROR_CLAMP_EXT    */
/* x = clamp(|u + off|, 1/2, N); MIRROR_CLAMP_TO_BORDER_EXT x = clamp(|u + off|, 1/2, N + 1/2);  */
/* NEAREST i = floor(x) (N -> N - 1 for the first two), LINEAR i0 = floor(x - 1/2),           */
/* a = frac(x - 1/2); texels outside [0, N) are the border.                                 */
/* ---------------------------------------------------------------------------------------- */

static test_tex make_row(void)
{
    test_tex t;
    assert_int_equal(test_tex_make(&t, TMU_DIM_1D, TMU_FORMAT_R32_FLOAT, 4, 1, 1, 1, 1, 1), 0);
    for (uint32_t x = 0; x < 4; x++)
        test_tex_setf(&t, 0, x, 0, 0, 1.0f + (float)x);
    return t;
}

static float row_sample(const test_tex *t, tmu_address mode, tmu_filter f, float u, int32_t off, test_wave *w)
{
    tmu_sampler smp = tmu_sampler_default();
    smp.address[0] = mode;
    smp.mag_filter = smp.min_filter = f;
    smp.normalized = 0;
    smp.border_f[0] = 10.0f;
    tmu_op op = test_op(TMU_OP_SAMPLE, TMU_DIM_1D, TMU_LEVEL_LOD);
    op.has_offset = off != 0;
    w->off[0][0] = off;
    return sample_r(t, &smp, &op, w, u, 0, 0);
}

static void test_half_border_modes(void **state)
{
    (void)state;
    test_tex t = make_row();
    test_wave *w = test_wave_new();
    const tmu_filter L = TMU_FILTER_LINEAR, N = TMU_FILTER_NEAREST;
    /* GL_CLAMP */
    tmu_address m = TMU_ADDRESS_CLAMP_HALF_BORDER;
    assert_float_equal(row_sample(&t, m, L, 0.0f, 0, w), 5.5, 1e-6);   /* x 0: i0 -1 (10), 0 (1), a .5 */
    assert_float_equal(row_sample(&t, m, L, -3.0f, 0, w), 5.5, 1e-6);  /* clamped to 0 */
    assert_float_equal(row_sample(&t, m, L, 4.0f, 0, w), 7.0, 1e-6);   /* x 4: i0 3 (4), 4 (10), a .5 */
    assert_float_equal(row_sample(&t, m, L, 1e30f, 0, w), 7.0, 1e-6);  /* clamped to N */
    assert_float_equal(row_sample(&t, m, L, 1.25f, 0, w), 1.75, 1e-6); /* i0 0, a .75: .25 + 1.5 */
    assert_float_equal(row_sample(&t, m, N, 4.0f, 0, w), 4.0, 0);      /* floor(4) = N -> N - 1 */
    assert_float_equal(row_sample(&t, m, N, -1.0f, 0, w), 1.0, 0);
    assert_float_equal(row_sample(&t, m, N, 2.5f, 0, w), 3.0, 0);
    assert_float_equal(row_sample(&t, m, L, 1.25f, 2, w), 3.75, 1e-6); /* x 3.25: i0 2, a .75: .75 + 3 */
    /* MIRROR_CLAMP_EXT */
    m = TMU_ADDRESS_MIRROR_ONCE_HALF_BORDER;
    assert_float_equal(row_sample(&t, m, L, -1.25f, 0, w), 1.75, 1e-6); /* |x| = 1.25 */
    assert_float_equal(row_sample(&t, m, L, -0.2f, 0, w), 1.0, 1e-6);   /* max(.5, .2): i0 0, a 0 */
    assert_float_equal(row_sample(&t, m, L, 0.2f, 0, w), 1.0, 1e-6);
    assert_float_equal(row_sample(&t, m, L, -100.0f, 0, w), 7.0, 1e-6); /* N: half border */
    assert_float_equal(row_sample(&t, m, L, -3.875f, 0, w), 6.25, 1e-6); /* x 3.875: i0 3, a .375: 4 * .625 + 10 * .375 */
    assert_float_equal(row_sample(&t, m, N, -2.5f, 0, w), 3.0, 0);
    assert_float_equal(row_sample(&t, m, N, -7.0f, 0, w), 4.0, 0); /* N -> N - 1 */
    assert_float_equal(row_sample(&t, m, L, 0.5f, -3, w), 3.0, 1e-6); /* |0.5 - 3| = 2.5: i0 2, a 0 */
    /* MIRROR_CLAMP_TO_BORDER_EXT */
    m = TMU_ADDRESS_MIRROR_ONCE_BORDER;
    assert_float_equal(row_sample(&t, m, L, -4.5f, 0, w), 10.0, 1e-6); /* x 4.5: i0 4, 5: both border */
    assert_float_equal(row_sample(&t, m, L, -100.0f, 0, w), 10.0, 1e-6);
    assert_float_equal(row_sample(&t, m, L, -4.0f, 0, w), 7.0, 1e-6);
    assert_float_equal(row_sample(&t, m, L, -4.25f, 0, w), 8.5, 1e-6); /* i0 3, a .75: 1 + 7.5 */
    assert_float_equal(row_sample(&t, m, N, -4.0f, 0, w), 10.0, 0);    /* floor(4) = N: border */
    assert_float_equal(row_sample(&t, m, N, -3.5f, 0, w), 4.0, 0);
    assert_float_equal(row_sample(&t, m, N, 0.1f, 0, w), 1.0, 0);
    /* normalised, 2D: GL_CLAMP at (0, 0) of a 2x2 texture weighs three border texels and
     * texel (0, 0) by 1/4 each */
    test_tex q;
    assert_int_equal(test_tex_make(&q, TMU_DIM_2D, TMU_FORMAT_R32_FLOAT, 2, 2, 1, 1, 1, 1), 0);
    test_tex_setf(&q, 0, 0, 0, 0, 2.0f);
    test_tex_setf(&q, 0, 1, 0, 0, 4.0f);
    tmu_sampler smp = tmu_sampler_default();
    smp.address[0] = smp.address[1] = TMU_ADDRESS_CLAMP_HALF_BORDER;
    smp.border_f[0] = 6.0f;
    tmu_op op = test_op(TMU_OP_SAMPLE, TMU_DIM_2D, TMU_LEVEL_LOD);
    assert_float_equal(sample_r(&q, &smp, &op, w, 0.0f, 0.0f, 0), 0.75 * 6 + 0.25 * 2, 1e-6);
    assert_float_equal(sample_r(&q, &smp, &op, w, -5.0f, -5.0f, 0), 0.75 * 6 + 0.25 * 2, 1e-6);
    /* gather on GL_CLAMP: (0.5, 0) -> x 1, y 0: i0 0, j0 -1: (0,0) (1,0) are results 0, 1 */
    op.kind = TMU_OP_GATHER;
    smp.border_f[0] = 0.0f;
    w->coord[0][0] = 0.5f, w->coord[1][0] = 0.0f;
    assert_int_equal(tmu_unit_execute(&q.tex, &smp, &op, 1, NULL, &w->in, &w->out, NULL), TMU_OK);
    assert_float_equal(test_f(w->data[0][0]), 2.0, 0);
    assert_float_equal(test_f(w->data[1][0]), 4.0, 0);
    assert_float_equal(test_f(w->data[2][0]), 0.0, 0);
    assert_float_equal(test_f(w->data[3][0]), 0.0, 0);
    test_tex_free(&q);
    /* every mode has a name */
    assert_string_equal(tmu_address_name(TMU_ADDRESS_MIRROR_ONCE_BORDER), "mirror_once_border");
    free(w);
    test_tex_free(&t);
}

/* ---------------------------------------------------------------------------------------- */
/* Min / max reduction (VK_EXT_sampler_filter_minmax): component-wise min / max over the       */
/* texels with a non-zero weight; for mip LINEAR over the two levels' values.               */
/* 2x2 R32_FLOAT (0,0) 1, (1,0) 2, (0,1) 3, (1,1) 4; level 1 (1x1) 10.                       */
/* ---------------------------------------------------------------------------------------- */

static void test_minmax_reduction(void **state)
{
    (void)state;
    test_tex t;
    assert_int_equal(test_tex_make(&t, TMU_DIM_2D, TMU_FORMAT_R32_FLOAT, 2, 2, 1, 1, 2, 1), 0);
    for (uint32_t i = 0; i < 4; i++)
        test_tex_setf(&t, 0, i & 1, i >> 1, 0, 1.0f + (float)i);
    test_tex_setf(&t, 1, 0, 0, 0, 10.0f);
    test_wave *w = test_wave_new();
    tmu_sampler smp = tmu_sampler_default();
    smp.address[0] = smp.address[1] = TMU_ADDRESS_CLAMP_TO_EDGE;
    tmu_op op = test_op(TMU_OP_SAMPLE, TMU_DIM_2D, TMU_LEVEL_LOD);
    smp.reduction = TMU_REDUCTION_MIN;
    assert_float_equal(sample_r(&t, &smp, &op, w, 0.5f, 0.5f, 0), 1.0, 0); /* all four, weight 1/4 */
    smp.reduction = TMU_REDUCTION_MAX;
    assert_float_equal(sample_r(&t, &smp, &op, w, 0.5f, 0.5f, 0), 4.0, 0);
    /* s 0.25: u - 0.5 = 0, a = 0: only column 0 has weight; t 0.5: both rows */
    assert_float_equal(sample_r(&t, &smp, &op, w, 0.25f, 0.5f, 0), 3.0, 0);
    smp.reduction = TMU_REDUCTION_MIN;
    assert_float_equal(sample_r(&t, &smp, &op, w, 0.75f, 0.5f, 0), 2.0, 0); /* column 1: 2 and 4 */
    /* s 0.25, t 0.75: only texel (0, 1) = 3 has weight */
    assert_float_equal(sample_r(&t, &smp, &op, w, 0.25f, 0.75f, 0), 3.0, 0);
    /* trilinear: lod 0.5 blends levels 0 and 1 -> min(1, 10), max(4, 10); lod 0 and 1 one level */
    smp.mip_filter = TMU_MIP_LINEAR;
    assert_float_equal(sample_r(&t, &smp, &op, w, 0.5f, 0.5f, 0.5f), 1.0, 0);
    smp.reduction = TMU_REDUCTION_MAX;
    assert_float_equal(sample_r(&t, &smp, &op, w, 0.5f, 0.5f, 0.5f), 10.0, 0);
    assert_float_equal(sample_r(&t, &smp, &op, w, 0.5f, 0.5f, 0.0f), 4.0, 0);
    smp.reduction = TMU_REDUCTION_MIN;
    assert_float_equal(sample_r(&t, &smp, &op, w, 0.5f, 0.5f, 1.0f), 10.0, 0);
    /* weighted average for comparison: (1 + 2 + 3 + 4) / 4 */
    smp.reduction = TMU_REDUCTION_WEIGHTED_AVERAGE;
    assert_float_equal(sample_r(&t, &smp, &op, w, 0.5f, 0.5f, 0), 2.5, 1e-6);
    test_tex_free(&t);

    /* with depth compare: min / max over the per-texel results.  D32 texels .1 .2 .3 .4,
     * ref .25, LESS (ref < texel): (0, 0, 1, 1) -> min 0, max 1, average .5 */
    test_tex d;
    assert_int_equal(test_tex_make(&d, TMU_DIM_2D, TMU_FORMAT_D32_FLOAT, 2, 2, 1, 1, 1, 1), 0);
    for (uint32_t i = 0; i < 4; i++)
        test_tex_setf(&d, 0, i & 1, i >> 1, 0, 0.1f * (float)(i + 1));
    smp = tmu_sampler_default();
    smp.address[0] = smp.address[1] = TMU_ADDRESS_CLAMP_TO_EDGE;
    smp.compare_op = TMU_COMPARE_LESS;
    op.compare = 1;
    w->ref[0] = 0.25f;
    smp.reduction = TMU_REDUCTION_MIN;
    assert_float_equal(sample_r(&d, &smp, &op, w, 0.5f, 0.5f, 0), 0.0, 0);
    smp.reduction = TMU_REDUCTION_MAX;
    assert_float_equal(sample_r(&d, &smp, &op, w, 0.5f, 0.5f, 0), 1.0, 0);
    assert_float_equal(sample_r(&d, &smp, &op, w, 0.5f, 0.25f, 0), 0.0, 0); /* row 0 only: .1 .2 fail */
    smp.reduction = TMU_REDUCTION_WEIGHTED_AVERAGE;
    assert_float_equal(sample_r(&d, &smp, &op, w, 0.5f, 0.5f, 0), 0.5, 1e-6);
    /* a gather filters nothing: min / max leave its four (compared) texels as they are */
    op.kind = TMU_OP_GATHER;
    w->coord[0][0] = 0.5f, w->coord[1][0] = 0.5f;
    for (int r = 0; r < 3; r++) {
        smp.reduction = (tmu_reduction)r;
        assert_int_equal(tmu_unit_execute(&d.tex, &smp, &op, 1, NULL, &w->in, &w->out, NULL), TMU_OK);
        /* results (i0,j1) .3 -> 1, (i1,j1) .4 -> 1, (i1,j0) .2 -> 0, (i0,j0) .1 -> 0 */
        assert_float_equal(test_f(w->data[0][0]), 1.0, 0);
        assert_float_equal(test_f(w->data[1][0]), 1.0, 0);
        assert_float_equal(test_f(w->data[2][0]), 0.0, 0);
        assert_float_equal(test_f(w->data[3][0]), 0.0, 0);
    }
    smp.reduction = (tmu_reduction)3;
    assert_int_equal(tmu_unit_execute(&d.tex, &smp, &op, 1, NULL, &w->in, &w->out, NULL), TMU_ERR_INVALID_ARGUMENT);
    test_tex_free(&d);
    free(w);
}

/* ---------------------------------------------------------------------------------------- */
/* View fields.  2D R32_FLOAT 8x8, 4 levels, every texel of level l holds l + 1.              */
/* ---------------------------------------------------------------------------------------- */

static test_tex make_mips(void)
{
    test_tex t;
    assert_int_equal(test_tex_make(&t, TMU_DIM_2D, TMU_FORMAT_R32_FLOAT, 8, 8, 1, 1, 4, 1), 0);
    for (uint32_t l = 0; l < 4; l++)
        for (uint32_t y = 0; y < (8u >> l); y++)
            for (uint32_t x = 0; x < (8u >> l); x++)
                test_tex_setf(&t, l, x, y, 0, 1.0f + (float)l);
    return t;
}

static void run_op(const test_tex *t, const tmu_sampler *smp, const tmu_op *op, test_wave *w, uint32_t lanes)
{
    tmu_diag d;
    tmu_status st = tmu_unit_execute(&t->tex, smp, op, lanes, NULL, &w->in, &w->out, &d);
    if (st != TMU_OK)
        fail_msg("%s: %s", tmu_status_str(st), d.message);
}

static void test_view_levels(void **state)
{
    (void)state;
    test_tex t = make_mips();
    test_wave *w = test_wave_new();
    tmu_sampler smp = tmu_sampler_default();
    smp.mip_filter = TMU_MIP_NEAREST;
    tmu_op op = test_op(TMU_OP_SAMPLE, TMU_DIM_2D, TMU_LEVEL_LOD);
    t.tex.base_level = 1, t.tex.level_count = 2; /* view = image levels 1, 2 */
    assert_int_equal(tmu_texture_validate(&t.tex, NULL), TMU_OK);
    assert_float_equal(sample_r(&t, &smp, &op, w, 0.3f, 0.6f, 0), 2.0, 0);  /* view level 0 = image 1 */
    assert_float_equal(sample_r(&t, &smp, &op, w, 0.3f, 0.6f, 5), 3.0, 0);  /* q = 1: image level 2 */
    /* LOD from gradients measures the view's level 0 (4 texels): ds/dx 0.5 -> rho 2 -> lambda 1 */
    op.level_mode = TMU_LEVEL_GRAD;
    w->gx[0][0] = 0.5f, w->gx[1][0] = 0, w->gy[0][0] = 0, w->gy[1][0] = 0;
    assert_float_equal(sample_r(&t, &smp, &op, w, 0.3f, 0.6f, 0), 3.0, 0);
    /* queries report the view */
    op = test_op(TMU_OP_QUERY_LEVELS, TMU_DIM_2D, TMU_LEVEL_BASE);
    op.result = TMU_RESULT_U32;
    run_op(&t, &smp, &op, w, 1);
    assert_int_equal(w->data[0][0], 2);
    op.kind = TMU_OP_QUERY_SIZE;
    w->ilod[0] = 0, w->ilod[1] = 1, w->ilod[2] = 2;
    run_op(&t, &smp, &op, w, 3);
    assert_int_equal(w->data[0][0], 4);
    assert_int_equal(w->data[1][0], 4);
    assert_int_equal(w->data[0][1], 2);
    assert_int_equal(w->data[0][2], 0); /* level 2 is outside the view */
    /* fetch: level relative to the view */
    op.kind = TMU_OP_FETCH;
    op.result = TMU_RESULT_F32;
    w->icoord[0][0] = 1, w->icoord[1][0] = 1, w->ilod[0] = 0;
    w->icoord[0][1] = 0, w->icoord[1][1] = 0, w->ilod[1] = 1;
    w->icoord[0][2] = 0, w->icoord[1][2] = 0, w->ilod[2] = 2;
    run_op(&t, &smp, &op, w, 3);
    assert_float_equal(test_f(w->data[0][0]), 2.0, 0);
    assert_float_equal(test_f(w->data[0][1]), 3.0, 0);
    assert_float_equal(test_f(w->data[0][2]), 0.0, 0);

    /* min_lod (absolute image level, VK_EXT_image_view_min_lod) 2.0 with base level 1:
     * d' = max(1 + clamp(lambda, 0, q), 2) -> image level 2 for lod 0 */
    t.tex.min_lod = 2.0f;
    op = test_op(TMU_OP_SAMPLE, TMU_DIM_2D, TMU_LEVEL_LOD);
    assert_float_equal(sample_r(&t, &smp, &op, w, 0.3f, 0.6f, 0), 3.0, 0);
    smp.mip_filter = TMU_MIP_NONE; /* no mips: the view's level 0 unless min_lod is higher */
    assert_float_equal(sample_r(&t, &smp, &op, w, 0.3f, 0.6f, 0), 3.0, 0);
    smp.mip_filter = TMU_MIP_NEAREST;
    /* fetch below minLodInteger = 2 (image level 1 = view level 0) gives zeros */
    op.kind = TMU_OP_FETCH;
    run_op(&t, &smp, &op, w, 2);
    assert_float_equal(test_f(w->data[0][0]), 0.0, 0);
    assert_float_equal(test_f(w->data[0][1]), 3.0, 0);
    /* gather reads level_base = 1 < 2: zeros */
    op.kind = TMU_OP_GATHER;
    w->coord[0][0] = 0.5f, w->coord[1][0] = 0.5f;
    run_op(&t, &smp, &op, w, 1);
    for (int c = 0; c < 4; c++)
        assert_float_equal(test_f(w->data[c][0]), 0.0, 0);
    /* query_lod: (d_l - level_base, lambda') = (1, 0) */
    op = test_op(TMU_OP_QUERY_LOD, TMU_DIM_2D, TMU_LEVEL_LOD);
    w->lod[0] = 0.0f;
    run_op(&t, &smp, &op, w, 1);
    assert_float_equal(test_f(w->data[0][0]), 1.0, 0);
    assert_float_equal(test_f(w->data[1][0]), 0.0, 0);

    /* min_lod 1.5 on the whole image: LINEAR mip at lod 0 -> d' 1.5: (2 + 3) / 2; NEAREST ->
     * nearest(1.5) = ceil(2) - 1 = 1: 2; fetch minLodInteger 1: level 0 zeros, level 1 = 2 */
    t.tex.base_level = 0, t.tex.level_count = 0, t.tex.min_lod = 1.5f;
    op = test_op(TMU_OP_SAMPLE, TMU_DIM_2D, TMU_LEVEL_LOD);
    smp.mip_filter = TMU_MIP_LINEAR;
    assert_float_equal(sample_r(&t, &smp, &op, w, 0.3f, 0.6f, 0), 2.5, 1e-6);
    assert_float_equal(sample_r(&t, &smp, &op, w, 0.3f, 0.6f, 2.25f), 3.25, 1e-6); /* above min_lod: d' 2.25 */
    smp.mip_filter = TMU_MIP_NEAREST;
    assert_float_equal(sample_r(&t, &smp, &op, w, 0.3f, 0.6f, 0), 2.0, 0);
    op.kind = TMU_OP_FETCH;
    w->ilod[0] = 0, w->ilod[1] = 1;
    run_op(&t, &smp, &op, w, 2);
    assert_float_equal(test_f(w->data[0][0]), 0.0, 0);
    assert_float_equal(test_f(w->data[0][1]), 2.0, 0);

    /* invalid views */
    tmu_diag d;
    t.tex.min_lod = 3.5f; /* beyond the last level (3) */
    assert_int_equal(tmu_texture_validate(&t.tex, &d), TMU_ERR_INVALID_ARGUMENT);
    assert_non_null(strstr(d.message, "min_lod"));
    t.tex.min_lod = NAN;
    assert_int_equal(tmu_texture_validate(&t.tex, &d), TMU_ERR_INVALID_ARGUMENT);
    t.tex.min_lod = 0.0f;
    t.tex.base_level = 4;
    assert_int_equal(tmu_texture_validate(&t.tex, &d), TMU_ERR_INVALID_ARGUMENT);
    t.tex.base_level = 2, t.tex.level_count = 3;
    assert_int_equal(tmu_texture_validate(&t.tex, &d), TMU_ERR_INVALID_ARGUMENT);
    assert_int_equal(tmu_unit_execute(&t.tex, &smp, &op, 1, NULL, &w->in, &w->out, &d), TMU_ERR_INVALID_ARGUMENT);
    assert_non_null(strstr(d.message, "view levels"));
    free(w);
    test_tex_free(&t);
}

static void test_view_layers(void **state)
{
    (void)state;
    test_wave *w = test_wave_new();
    /* 2D array 2x2, 4 layers, every texel of layer L holds 10 L */
    test_tex t;
    assert_int_equal(test_tex_make(&t, TMU_DIM_2D_ARRAY, TMU_FORMAT_R32_FLOAT, 2, 2, 1, 4, 1, 1), 0);
    for (uint32_t l = 0; l < 4; l++)
        for (uint32_t i = 0; i < 4; i++)
            test_tex_setf(&t, 0, i & 1, i >> 1, l, 10.0f * (float)l);
    tmu_sampler smp = tmu_sampler_default();
    tmu_op op = test_op(TMU_OP_SAMPLE, TMU_DIM_2D_ARRAY, TMU_LEVEL_LOD);
    t.tex.base_layer = 1, t.tex.layer_count = 2;
    w->layer[0] = 0;
    assert_float_equal(sample_r(&t, &smp, &op, w, 0.5f, 0.5f, 0), 10.0, 0);
    w->layer[0] = 5; /* clamped to the view's last layer */
    assert_float_equal(sample_r(&t, &smp, &op, w, 0.5f, 0.5f, 0), 20.0, 0);
    op.layer_mode = TMU_LAYER_F32;
    w->layer_f[0] = 0.6f; /* RNE -> 1 */
    assert_float_equal(sample_r(&t, &smp, &op, w, 0.5f, 0.5f, 0), 20.0, 0);
    op = test_op(TMU_OP_QUERY_SIZE, TMU_DIM_2D_ARRAY, TMU_LEVEL_BASE);
    op.result = TMU_RESULT_U32;
    w->ilod[0] = 0;
    run_op(&t, &smp, &op, w, 1);
    assert_int_equal(w->data[3][0], 2);
    op.kind = TMU_OP_FETCH;
    op.result = TMU_RESULT_F32;
    w->icoord[0][0] = 1, w->icoord[1][0] = 0, w->layer[0] = 1, w->ilod[0] = 0;
    w->icoord[0][1] = 1, w->icoord[1][1] = 0, w->layer[1] = 2, w->ilod[1] = 0;
    run_op(&t, &smp, &op, w, 2);
    assert_float_equal(test_f(w->data[0][0]), 20.0, 0);
    assert_float_equal(test_f(w->data[0][1]), 0.0, 0); /* outside the view's 2 layers */
    /* a 2D view of image layer 3 */
    tmu_texture v = t.tex;
    v.dim = TMU_DIM_2D, v.base_layer = 3, v.layer_count = 1;
    test_tex tv = t;
    tv.tex = v;
    op = test_op(TMU_OP_SAMPLE, TMU_DIM_2D, TMU_LEVEL_LOD);
    assert_float_equal(sample_r(&tv, &smp, &op, w, 0.5f, 0.5f, 0), 30.0, 0);
    tv.tex.layer_count = 2; /* a 2D view sees one layer */
    tmu_diag d;
    assert_int_equal(tmu_texture_validate(&tv.tex, &d), TMU_ERR_INVALID_ARGUMENT);
    /* residency is per image layer: layer 0 resident, layer 1 not; a view of layer 1 is not */
    tmu_residency res;
    memset(&res, 0, sizeof res);
    res.tile_w = res.tile_h = res.tile_d = 2;
    static const uint8_t map[4] = {1, 0, 1, 1};
    res.map[0] = map;
    tv.tex = t.tex;
    tv.tex.dim = TMU_DIM_2D, tv.tex.base_layer = 1, tv.tex.layer_count = 1, tv.tex.residency = &res;
    op.want_residency = 1;
    w->coord[0][0] = 0.5f, w->coord[1][0] = 0.5f;
    run_op(&tv, &smp, &op, w, 1);
    assert_int_equal(w->resident[0], 0);
    tv.tex.base_layer = 2;
    run_op(&tv, &smp, &op, w, 1);
    assert_int_equal(w->resident[0], 1);
    assert_float_equal(test_f(w->data[0][0]), 20.0, 0);
    test_tex_free(&t);

    /* a cube view of the second cube of a 12-layer cube array: face +X of cube 1 is layer 6 */
    test_tex c;
    assert_int_equal(test_tex_make(&c, TMU_DIM_CUBE_ARRAY, TMU_FORMAT_R32_FLOAT, 1, 1, 1, 12, 1, 1), 0);
    for (uint32_t l = 0; l < 12; l++)
        test_tex_setf(&c, 0, 0, 0, l, (float)l);
    c.tex.dim = TMU_DIM_CUBE, c.tex.base_layer = 6, c.tex.layer_count = 6;
    smp.mag_filter = smp.min_filter = TMU_FILTER_NEAREST;
    op = test_op(TMU_OP_SAMPLE, TMU_DIM_CUBE, TMU_LEVEL_LOD);
    float v4[4];
    assert_int_equal(sample_at(&c, &smp, &op, w, 1.0f, 0.1f, 0.2f, 0, v4), TMU_OK);
    assert_float_equal(v4[0], 6.0, 0);
    assert_int_equal(sample_at(&c, &smp, &op, w, 0.1f, 0.2f, -1.0f, 0, v4), TMU_OK); /* -Z = face 5 */
    assert_float_equal(v4[0], 11.0, 0);
    c.tex.layer_count = 5;
    assert_int_equal(sample_at(&c, &smp, &op, w, 1.0f, 0.1f, 0.2f, 0, v4), TMU_ERR_INVALID_ARGUMENT);
    test_tex_free(&c);
    free(w);
}

/* ---------------------------------------------------------------------------------------- */
/* Border colours converted to the format (Vulkan "Border Replacement"): the border's R, G, B,  */
/* A replace only the components the format has, clamped and rounded to the format.         */
/* ---------------------------------------------------------------------------------------- */

static tmu_texel border_of(tmu_format fmt, const float bf[4], const uint32_t bu[4], tmu_result_type rt)
{
    test_tex t;
    assert_int_equal(test_tex_make(&t, TMU_DIM_1D, fmt, 2, 1, 1, 1, 1, 1), 0);
    test_wave *w = test_wave_new();
    tmu_sampler smp = tmu_sampler_default();
    smp.address[0] = TMU_ADDRESS_CLAMP_TO_BORDER;
    smp.mag_filter = smp.min_filter = TMU_FILTER_NEAREST;
    memcpy(smp.border_f, bf, sizeof smp.border_f);
    memcpy(smp.border_u, bu, sizeof smp.border_u);
    tmu_op op = test_op(TMU_OP_SAMPLE, TMU_DIM_1D, TMU_LEVEL_LOD);
    op.result = rt;
    w->coord[0][0] = -0.25f;
    w->lod[0] = 0;
    run_op(&t, &smp, &op, w, 1);
    tmu_texel v;
    for (int c = 0; c < 4; c++)
        v.u[c] = w->data[c][0];
    free(w);
    test_tex_free(&t);
    return v;
}

static void test_border_conversion(void **state)
{
    (void)state;
    const uint32_t bu0[4] = {0, 0, 0, 0};
    const float bf0[4] = {0, 0, 0, 0};
    /* R8_UNORM: R = round(0.3 * 255) / 255 = 77 / 255; G, B, A from substitution */
    const float a[4] = {0.3f, 0.7f, 0.1f, 0.5f};
    tmu_texel v = border_of(TMU_FORMAT_R8_UNORM, a, bu0, TMU_RESULT_F32);
    assert_float_equal(v.f[0], 77.0f / 255.0f, 1e-7);
    assert_float_equal(v.f[1], 0.0, 0);
    assert_float_equal(v.f[2], 0.0, 0);
    assert_float_equal(v.f[3], 1.0, 0);
    /* out of range: UNORM clamps to [0, 1], SNORM to [-1, 1] */
    const float b[4] = {2.0f, -1.0f, 0.5f, 7.0f};
    v = border_of(TMU_FORMAT_R8G8B8A8_UNORM, b, bu0, TMU_RESULT_F32);
    assert_float_equal(v.f[0], 1.0, 0);
    assert_float_equal(v.f[1], 0.0, 0);
    assert_float_equal(v.f[2], 128.0f / 255.0f, 1e-7); /* round(127.5) = 128 (ties to even) */
    assert_float_equal(v.f[3], 1.0, 0);
    const float c[4] = {-2.0f, 0.5f, 3.0f, -0.25f};
    v = border_of(TMU_FORMAT_R8G8B8A8_SNORM, c, bu0, TMU_RESULT_F32);
    assert_float_equal(v.f[0], -1.0, 0);
    assert_float_equal(v.f[1], 64.0f / 127.0f, 1e-7); /* round(63.5) = 64 */
    assert_float_equal(v.f[2], 1.0, 0);
    assert_float_equal(v.f[3], -32.0f / 127.0f, 1e-7); /* round(-31.75) = -32 */
    /* float formats keep the value; fp16 rounds it to nearest even (1/3 -> 0x3555) */
    const float d[4] = {1.0f / 3.0f, -5.0f, 0, 0};
    v = border_of(TMU_FORMAT_R16G16_FLOAT, d, bu0, TMU_RESULT_F32);
    assert_float_equal(v.f[0], tmu_half_to_float(0x3555), 0);
    assert_float_equal(v.f[1], -5.0, 0);
    assert_float_equal(v.f[3], 1.0, 0);
    /* integer formats: border_u clamped to the channel range; missing alpha is the integer 1 */
    const uint32_t e[4] = {300, (uint32_t)-200, 5, 9};
    v = border_of(TMU_FORMAT_R8G8_UINT, bf0, e, TMU_RESULT_U32);
    assert_int_equal(v.u[0], 255);
    assert_int_equal(v.u[1], 255); /* 0xFFFFFF38 as unsigned: clamped to 255 */
    assert_int_equal(v.u[2], 0);
    assert_int_equal(v.u[3], 1);
    v = border_of(TMU_FORMAT_R8G8_SINT, bf0, e, TMU_RESULT_S32);
    assert_int_equal(v.i[0], 127);
    assert_int_equal(v.i[1], -128);
    assert_int_equal(v.i[3], 1);
    const uint32_t f[4] = {(uint32_t)-5, 0, 0, 0};
    v = border_of(TMU_FORMAT_R32_SINT, bf0, f, TMU_RESULT_S32);
    assert_int_equal(v.i[0], -5);
    /* depth: D = B.r clamped for UNORM depth */
    const float g[4] = {1.5f, 0, 0, 0};
    v = border_of(TMU_FORMAT_D16_UNORM, g, bu0, TMU_RESULT_F32);
    assert_float_equal(v.f[0], 1.0, 0);
}

/* ---------------------------------------------------------------------------------------- */
/* Regressions of issue 11's five defects, one reproducer each, expectations from the Vulkan  */
/* specification's texture chapter.                                                          */
/* ---------------------------------------------------------------------------------------- */

/* Defects 1 and 2: integer SAMPLE.  "Component substitution": a missing component of an
 * integer format is the integer 0 (G, B) or 1 (A), not 1.0f; "Numeric conversion": SINT /
 * UINT texels are returned as the integers they are, whatever their bits mean as floats. */
static void test_defect_integer_sample(void **state)
{
    (void)state;
    test_wave *w = test_wave_new();
    test_tex t;
    assert_int_equal(test_tex_make(&t, TMU_DIM_2D, TMU_FORMAT_R32_SINT, 2, 1, 1, 1, 1, 1), 0);
    const int32_t texels[2] = {5, -1};
    memcpy(t.mem, texels, sizeof texels);
    tmu_sampler smp = tmu_sampler_default();
    smp.address[0] = smp.address[1] = TMU_ADDRESS_CLAMP_TO_EDGE;
    smp.mag_filter = smp.min_filter = TMU_FILTER_NEAREST;
    tmu_op op = test_op(TMU_OP_SAMPLE, TMU_DIM_2D, TMU_LEVEL_LOD);
    op.result = TMU_RESULT_S32;
    w->coord[0][0] = 0.25f, w->coord[1][0] = 0.5f, w->lod[0] = 0;
    w->coord[0][1] = 0.75f, w->coord[1][1] = 0.5f, w->lod[1] = 0;
    run_op(&t, &smp, &op, w, 2);
    assert_int_equal(w->data[0][0], 5);
    assert_int_equal(w->data[1][0], 0);
    assert_int_equal(w->data[2][0], 0);
    assert_int_equal(w->data[3][0], 1); /* was 0x3F800000 */
    assert_int_equal(w->data[0][1], 0xFFFFFFFFu); /* was 0x7FC00000 */
    assert_int_equal(w->data[3][1], 1);
    /* an R32 value in the float-NaN range, and R8_SINT / R16G16B16A16_SINT negatives */
    const uint32_t nan_bits = 0x7F800001u;
    memcpy(t.mem, &nan_bits, 4);
    op.result = TMU_RESULT_U32;
    run_op(&t, &smp, &op, w, 1);
    assert_int_equal(w->data[0][0], 0x7F800001u);
    test_tex_free(&t);
    assert_int_equal(test_tex_make(&t, TMU_DIM_2D, TMU_FORMAT_R8_SINT, 1, 1, 1, 1, 1, 1), 0);
    t.mem[0] = 0x80; /* -128 */
    op.result = TMU_RESULT_S32;
    run_op(&t, &smp, &op, w, 1);
    assert_int_equal((int32_t)w->data[0][0], -128);
    assert_int_equal(w->data[3][0], 1);
    test_tex_free(&t);
    assert_int_equal(test_tex_make(&t, TMU_DIM_2D, TMU_FORMAT_R16G16B16A16_SINT, 1, 1, 1, 1, 1, 1), 0);
    const int16_t rgba[4] = {-1, -32768, 7, -2};
    memcpy(t.mem, rgba, sizeof rgba);
    run_op(&t, &smp, &op, w, 1);
    for (int c = 0; c < 4; c++)
        assert_int_equal((int32_t)w->data[c][0], rgba[c]);
    test_tex_free(&t);
    /* R32G32_UINT: B = 0, A = 1 as integers */
    assert_int_equal(test_tex_make(&t, TMU_DIM_2D, TMU_FORMAT_R32G32_UINT, 1, 1, 1, 1, 1, 1), 0);
    const uint32_t rg[2] = {0xFFC00000u, 0x80000000u};
    memcpy(t.mem, rg, sizeof rg);
    op.result = TMU_RESULT_U32;
    run_op(&t, &smp, &op, w, 1);
    assert_int_equal(w->data[0][0], 0xFFC00000u);
    assert_int_equal(w->data[1][0], 0x80000000u);
    assert_int_equal(w->data[2][0], 0);
    assert_int_equal(w->data[3][0], 1);
    test_tex_free(&t);
    free(w);
}

/* Defect 3: "Border Replacement": a three-component format takes the border's R, G, B only;
 * E5B9G9R9's fourth field is the shared exponent, so alpha is substituted (1). */
static void test_defect_rgb9e5_border(void **state)
{
    (void)state;
    test_wave *w = test_wave_new();
    test_tex t;
    assert_int_equal(test_tex_make(&t, TMU_DIM_2D, TMU_FORMAT_E5B9G9R9_UFLOAT_PACK32, 1, 1, 1, 1, 1, 1), 0);
    const uint32_t texel = 0x840301FFu; /* (1.996094, 1.5, 1.0) (sampling.md §12) */
    memcpy(t.mem, &texel, 4);
    tmu_sampler smp = tmu_sampler_default();
    smp.address[0] = smp.address[1] = TMU_ADDRESS_CLAMP_TO_BORDER;
    smp.mag_filter = smp.min_filter = TMU_FILTER_NEAREST;
    tmu_op op = test_op(TMU_OP_SAMPLE, TMU_DIM_2D, TMU_LEVEL_LOD);
    w->coord[0][0] = -0.5f, w->coord[1][0] = 0.5f, w->lod[0] = 0;
    w->coord[0][1] = 0.5f, w->coord[1][1] = 0.5f, w->lod[1] = 0;
    run_op(&t, &smp, &op, w, 2);
    assert_float_equal(test_f(w->data[0][0]), 0.0, 0);
    assert_float_equal(test_f(w->data[1][0]), 0.0, 0);
    assert_float_equal(test_f(w->data[2][0]), 0.0, 0);
    assert_float_equal(test_f(w->data[3][0]), 1.0, 0); /* was 0 */
    assert_float_equal(test_f(w->data[0][1]), 511.0 / 256.0, 0);
    assert_float_equal(test_f(w->data[1][1]), 1.5, 0);
    assert_float_equal(test_f(w->data[2][1]), 1.0, 0);
    assert_float_equal(test_f(w->data[3][1]), 1.0, 0);
    /* LINEAR half on the border: alpha stays 1 */
    smp.mag_filter = smp.min_filter = TMU_FILTER_LINEAR;
    run_op(&t, &smp, &op, w, 1);
    assert_float_equal(test_f(w->data[3][0]), 1.0, 0);
    test_tex_free(&t);
    free(w);
}

/* Defect 4: "Cube Map Corner Texel": the corner is the average of the three texels meeting
 * there, and three equal texels must give that value.  Integer channels are averaged as
 * integers (unit.h: the exact mean rounded toward zero). */
static void test_defect_cube_corner_integer(void **state)
{
    (void)state;
    test_wave *w = test_wave_new();
    test_tex t;
    assert_int_equal(test_tex_make(&t, TMU_DIM_CUBE, TMU_FORMAT_R32_SINT, 1, 1, 1, 6, 1, 1), 0);
    for (uint32_t f = 0; f < 6; f++) {
        uint32_t v = f == 4 ? 0x3F800000u : 0xBF800000u; /* +Z = 1065353216, others -1082130432 */
        memcpy((void *)tmu_texel_address(&t.tex, 0, 0, 0, f, 0), &v, 4);
    }
    tmu_sampler smp = tmu_sampler_default();
    tmu_op op = test_op(TMU_OP_GATHER, TMU_DIM_CUBE, TMU_LEVEL_BASE);
    op.result = TMU_RESULT_S32;
    /* (0.3, 0.2, 1) -> +Z, s = 0.65, t = 0.4: u - .5 = .15 -> i0 0, i1 1 (off the face);
     * v - .5 = -.1 -> j0 -1 (off), j1 0.  Result 2 = (i1, j0) is off both axes: the corner */
    w->coord[0][0] = 0.3f, w->coord[1][0] = 0.2f, w->coord[2][0] = 1.0f;
    run_op(&t, &smp, &op, w, 1);
    assert_int_equal(w->data[0][0], 0x3F800000u); /* (0, 0) on +Z */
    assert_int_equal(w->data[1][0], 0xBF800000u); /* from +X */
    assert_int_equal(w->data[3][0], 0xBF800000u); /* from +Y */
    /* (1065353216 - 2 * 1082130432) / 3 = -366302549.33 -> -366302549 (was 0xBEAAAAAB) */
    assert_int_equal(w->data[2][0], 0xEA2AAAABu);
    /* three equal texels give that value (was 0x7FC00001) */
    for (uint32_t f = 0; f < 6; f++) {
        uint32_t v = 0x7F800001u;
        memcpy((void *)tmu_texel_address(&t.tex, 0, 0, 0, f, 0), &v, 4);
    }
    run_op(&t, &smp, &op, w, 1);
    for (int c = 0; c < 4; c++)
        assert_int_equal(w->data[c][0], 0x7F800001u);
    test_tex_free(&t);
    /* R32_UINT: unsigned mean of 1, 2, 4000000000 = 1333333334 */
    assert_int_equal(test_tex_make(&t, TMU_DIM_CUBE, TMU_FORMAT_R32_UINT, 1, 1, 1, 6, 1, 1), 0);
    const uint32_t fv[6] = {2, 2, 4000000000u, 4000000000u, 1, 1}; /* +X, -X, +Y, -Y, +Z, -Z */
    for (uint32_t f = 0; f < 6; f++)
        memcpy((void *)tmu_texel_address(&t.tex, 0, 0, 0, f, 0), &fv[f], 4);
    op.result = TMU_RESULT_U32;
    run_op(&t, &smp, &op, w, 1);
    assert_int_equal(w->data[2][0], 1333333334u);
    test_tex_free(&t);
    free(w);
}

/* Defect 5: texel offsets are added to the texel coordinates (Vulkan: u + delta_i); the unit
 * adds them to the integer coordinate after the floor, so they stay exact at any coordinate.
 * 27x1 R8_UINT ramp (texel x holds x), repeat, s = 441603.875, offset (3, 0):
 * u = fp32(s * 27) = 11923305 (11923304.625 rounded), u - 0.5 = 11923304 (RNE),
 * i0 = 11923304 + 3 = 11923307 = 27 * 441603 + 26 -> 26; i1 = 27 -> 0 (three fp32 roundings
 * gave i0 = 0). */
static void test_defect_offsets_huge(void **state)
{
    (void)state;
    test_wave *w = test_wave_new();
    test_tex t;
    assert_int_equal(test_tex_make(&t, TMU_DIM_2D, TMU_FORMAT_R8_UINT, 27, 1, 1, 1, 1, 1), 0);
    for (int x = 0; x < 27; x++)
        t.mem[x] = (unsigned char)x;
    tmu_sampler smp = tmu_sampler_default();
    smp.mag_filter = smp.min_filter = TMU_FILTER_NEAREST;
    tmu_op op = test_op(TMU_OP_GATHER, TMU_DIM_2D, TMU_LEVEL_BASE);
    op.result = TMU_RESULT_U32;
    op.has_offset = 1;
    w->coord[0][0] = 441603.875f, w->coord[1][0] = 0.5f;
    w->off[0][0] = 3, w->off[1][0] = 0;
    run_op(&t, &smp, &op, w, 1);
    assert_int_equal(w->data[0][0], 26);
    assert_int_equal(w->data[1][0], 0);
    assert_int_equal(w->data[2][0], 0);
    assert_int_equal(w->data[3][0], 26);
    /* NEAREST sample: floor(11923305) + 3 = 11923308 = 27 * 441604 -> 0; offset -1: 11923304 -> 23 */
    op.kind = TMU_OP_SAMPLE;
    op.level_mode = TMU_LEVEL_LOD;
    w->lod[0] = 0;
    run_op(&t, &smp, &op, w, 1);
    assert_int_equal(w->data[0][0], 0);
    w->off[0][0] = -1;
    run_op(&t, &smp, &op, w, 1);
    assert_int_equal(w->data[0][0], 23);
    test_tex_free(&t);
    free(w);
}

/* ---------------------------------------------------------------------------------------- */
/* LOD report (out->lod, out->magnified): lambda after bias and every clamp (Vulkan "LOD      */
/* Operation"), magnified when lambda <= 0.  8x8 R32_FLOAT, 4 levels.                        */
/* ---------------------------------------------------------------------------------------- */

static void test_lod_report(void **state)
{
    (void)state;
    test_tex t = make_mips();
    test_wave *w = test_wave_new();
    float lod[TMU_MAX_LANES];
    uint8_t mag[TMU_MAX_LANES];
    w->out.lod = lod, w->out.magnified = mag;
    tmu_sampler smp = tmu_sampler_default();
    smp.mip_filter = TMU_MIP_LINEAR;
    smp.min_lod = -10.0f, smp.max_lod = 2.5f, smp.lod_bias = 0.5f;
    tmu_op op = test_op(TMU_OP_SAMPLE, TMU_DIM_2D, TMU_LEVEL_LOD);
    const float in_lod[4] = {1.25f, -0.5f, -0.5001f, 7.0f};
    for (int l = 0; l < 4; l++)
        w->coord[0][l] = 0.5f, w->coord[1][l] = 0.5f, w->lod[l] = in_lod[l];
    run_op(&t, &smp, &op, w, 4);
    assert_float_equal(lod[0], 1.75, 0);  /* 1.25 + 0.5 */
    assert_int_equal(mag[0], 0);
    assert_float_equal(lod[1], 0.0, 0);   /* -0.5 + 0.5 = 0: magnified (lambda <= 0) */
    assert_int_equal(mag[1], 1);
    assert_true(lod[2] < 0.0f);           /* -0.0001 */
    assert_int_equal(mag[2], 1);
    assert_float_equal(lod[3], 2.5, 0);   /* clamped to max_lod */
    assert_int_equal(mag[3], 0);
    assert_float_equal(test_f(w->data[0][0]), 2.75, 1e-6); /* levels 1, 2 blended .25 / .75 */
    /* per-lane minimum LOD clamps too */
    op.has_min_lod = 1;
    w->min_lod[0] = 2.0f;
    run_op(&t, &smp, &op, w, 1);
    assert_float_equal(lod[0], 2.0, 0);
    op.has_min_lod = 0;
    /* implicit LOD of a quad: s steps by 1/8 (one texel of 8) in x, t by 2/8 in y ->
     * rho = max(1, 2) = 2 -> lambda_base 1, + bias 0.5 = 1.5 for every lane of the quad */
    op.level_mode = TMU_LEVEL_IMPLICIT;
    for (int l = 0; l < 4; l++)
        w->coord[0][l] = 0.25f + 0.125f * (float)(l & 1), w->coord[1][l] = 0.25f + 0.25f * (float)(l >> 1);
    run_op(&t, &smp, &op, w, 4);
    for (int l = 0; l < 4; l++) {
        assert_float_equal(lod[l], 1.5, 1e-6);
        assert_int_equal(mag[l], 0);
    }
    /* gradients: ds/dx = 1/32 -> rho 0.25 -> lambda -2 + 0.5 = -1.5: magnified */
    op.level_mode = TMU_LEVEL_GRAD;
    w->gx[0][0] = 1.0f / 32, w->gx[1][0] = 0, w->gy[0][0] = 0, w->gy[1][0] = 0;
    run_op(&t, &smp, &op, w, 1);
    assert_float_equal(lod[0], -1.5, 1e-6);
    assert_int_equal(mag[0], 1);
    /* QUERY_LOD reports the same lambda beside its (d_l, lambda') result */
    op.kind = TMU_OP_QUERY_LOD;
    smp.max_lod = 1.0f;
    w->gx[0][0] = 2.0f; /* rho 16 -> lambda_base 4 -> lambda' 4.5 -> lambda 1 */
    run_op(&t, &smp, &op, w, 1);
    assert_float_equal(lod[0], 1.0, 0);
    assert_float_equal(test_f(w->data[0][0]), 1.0, 0);
    assert_float_equal(test_f(w->data[1][0]), 4.5, 1e-6);
    /* lanes outside the execution mask are untouched */
    lod[1] = 123.0f, mag[1] = 7;
    const uint64_t exec[2] = {1, 0};
    op.kind = TMU_OP_SAMPLE;
    assert_int_equal(tmu_unit_execute(&t.tex, &smp, &op, 2, exec, &w->in, &w->out, NULL), TMU_OK);
    assert_float_equal(lod[1], 123.0, 0);
    assert_int_equal(mag[1], 7);
    test_tex_free(&t);
    free(w);
}

/* ---------------------------------------------------------------------------------------- */
/* Gather with four offsets (textureGatherOffsets, Vulkan "Texel Gathering": result n is     */
/* texel (i0, j0) + delta_n).  4x4 R32_FLOAT, texel (x, y) = 10 y + x.                       */
/* ---------------------------------------------------------------------------------------- */

static void test_gather_offsets(void **state)
{
    (void)state;
    test_tex t;
    assert_int_equal(test_tex_make(&t, TMU_DIM_2D, TMU_FORMAT_R32_FLOAT, 4, 4, 1, 1, 1, 1), 0);
    for (uint32_t y = 0; y < 4; y++)
        for (uint32_t x = 0; x < 4; x++)
            test_tex_setf(&t, 0, x, y, 0, 10.0f * (float)y + (float)x);
    test_wave *w = test_wave_new();
    static int32_t go[4][2][TMU_MAX_LANES];
    for (int q = 0; q < 4; q++)
        for (int a = 0; a < 2; a++)
            w->in.gather_offset[q][a] = go[q][a];
    tmu_sampler smp = tmu_sampler_default();
    tmu_op op = test_op(TMU_OP_GATHER, TMU_DIM_2D, TMU_LEVEL_BASE);
    op.has_gather_offsets = 1;
    /* s = t = 1.75 / 4: u - 0.5 = 1.25 -> i0 = j0 = 1 */
    w->coord[0][0] = w->coord[1][0] = 1.75f / 4;
    const int32_t d[4][2] = {{0, 0}, {2, -1}, {-3, 2}, {5, 7}};
    for (int q = 0; q < 4; q++)
        go[q][0][0] = d[q][0], go[q][1][0] = d[q][1];
    run_op(&t, &smp, &op, w, 1);
    assert_float_equal(test_f(w->data[0][0]), 11.0, 0); /* (1, 1) */
    assert_float_equal(test_f(w->data[1][0]), 3.0, 0);  /* (3, 0) */
    assert_float_equal(test_f(w->data[2][0]), 32.0, 0); /* (-2, 3) -> repeat (2, 3) */
    assert_float_equal(test_f(w->data[3][0]), 2.0, 0);  /* (6, 8) -> (2, 0) */
    smp.address[0] = smp.address[1] = TMU_ADDRESS_CLAMP_TO_EDGE;
    run_op(&t, &smp, &op, w, 1);
    assert_float_equal(test_f(w->data[2][0]), 30.0, 0); /* (-2 -> 0, 3) */
    assert_float_equal(test_f(w->data[3][0]), 33.0, 0); /* (6 -> 3, 8 -> 3) */
    /* the offsets (0, 1), (1, 1), (1, 0), (0, 0) are the plain gather, for any coordinate */
    const int32_t p[4][2] = {{0, 1}, {1, 1}, {1, 0}, {0, 0}};
    uint64_t seed = 7;
    for (int l = 0; l < 64; l++) {
        w->coord[0][l] = (float)test_randf(&seed, -1.5, 1.5), w->coord[1][l] = (float)test_randf(&seed, -1.5, 1.5);
        for (int q = 0; q < 4; q++)
            go[q][0][l] = p[q][0], go[q][1][l] = p[q][1];
    }
    smp.address[0] = TMU_ADDRESS_MIRRORED_REPEAT;
    run_op(&t, &smp, &op, w, 64);
    uint32_t with[4][64];
    for (int c = 0; c < 4; c++)
        memcpy(with[c], w->data[c], sizeof with[c]);
    op.has_gather_offsets = 0;
    run_op(&t, &smp, &op, w, 64);
    for (int c = 0; c < 4; c++)
        assert_memory_equal(with[c], w->data[c], sizeof with[c]);
    /* errors: with has_offset, on a sample, on a cube map, missing array */
    tmu_diag dg;
    op.has_gather_offsets = 1;
    op.has_offset = 1;
    assert_int_equal(tmu_unit_execute(&t.tex, &smp, &op, 1, NULL, &w->in, &w->out, &dg), TMU_ERR_INVALID_ARGUMENT);
    op.has_offset = 0;
    op.kind = TMU_OP_SAMPLE;
    assert_int_equal(tmu_unit_execute(&t.tex, &smp, &op, 1, NULL, &w->in, &w->out, &dg), TMU_ERR_INVALID_ARGUMENT);
    op.kind = TMU_OP_GATHER;
    w->in.gather_offset[3][1] = NULL;
    assert_int_equal(tmu_unit_execute(&t.tex, &smp, &op, 1, NULL, &w->in, &w->out, &dg), TMU_ERR_INVALID_ARGUMENT);
    assert_non_null(strstr(dg.message, "gather_offset[3][1]"));
    test_tex_free(&t);
    free(w);
}

/* ---------------------------------------------------------------------------------------- */
/* Cubic filtering (VK_EXT_filter_cubic: taps floor(u - 3/2) + 0..3, Catmull-Rom weights of    */
/* a = frac(u - 1/2)).  At a = 1/4 the weights are 1/2 (-a + 2a^2 - a^3, 2 - 5a^2 + 3a^3,      */
/* a + 4a^2 - 3a^3, -a^2 + a^3) = (-0.0703125, 0.8671875, 0.2265625, -0.0234375).  Catmull-Rom */
/* reproduces polynomials up to degree 2: texels i^2 give (index position)^2.               */
/* ---------------------------------------------------------------------------------------- */

static void test_cubic(void **state)
{
    (void)state;
    test_wave *w = test_wave_new();
    test_tex t;
    assert_int_equal(test_tex_make(&t, TMU_DIM_1D, TMU_FORMAT_R32_FLOAT, 8, 1, 1, 1, 1, 1), 0);
    for (uint32_t x = 0; x < 8; x++)
        test_tex_setf(&t, 0, x, 0, 0, (float)(x * x));
    tmu_sampler smp = tmu_sampler_default();
    smp.address[0] = TMU_ADDRESS_CLAMP_TO_EDGE;
    smp.mag_filter = smp.min_filter = TMU_FILTER_CUBIC;
    smp.normalized = 0;
    tmu_op op = test_op(TMU_OP_SAMPLE, TMU_DIM_1D, TMU_LEVEL_LOD);
    /* u 3.75: u - 1/2 = 3.25, i0 = 2, taps 4, 9, 16, 25:
     * -0.28125 + 7.8046875 + 3.625 - 0.5859375 = 10.5625 = 3.25^2 */
    assert_float_equal(sample_r(&t, &smp, &op, w, 3.75f, 0, 0), 10.5625, 1e-6);
    assert_float_equal(sample_r(&t, &smp, &op, w, 5.5f, 0, 0), 25.0, 0); /* a = 0: the texel itself */
    /* at the edge, clamp to edge: u 0.75 -> taps -1, 0, 1, 2 = 0, 0, 1, 4:
     * 0.2265625 - 0.09375 = 0.1328125 */
    assert_float_equal(sample_r(&t, &smp, &op, w, 0.75f, 0, 0), 0.1328125, 1e-7);
    /* mirror-once: the tap left of texel 0 is texel 0 again (mirror(-1) = 0): same value */
    smp.address[0] = TMU_ADDRESS_MIRROR_ONCE_HALF_BORDER;
    assert_float_equal(sample_r(&t, &smp, &op, w, 0.75f, 0, 0), 0.1328125, 1e-7);
    /* clamp to border 100: taps -1 (100), 0, 1, 2: -7.03125 + 0 + .2265625 - .09375 */
    smp.address[0] = TMU_ADDRESS_CLAMP_TO_BORDER;
    smp.border_f[0] = 100.0f;
    assert_float_equal(sample_r(&t, &smp, &op, w, 0.75f, 0, 0), -6.8984375, 1e-6);
    /* min / max over the four taps of non-zero weight: 4 .. 25; at a = 0 only one tap */
    smp.address[0] = TMU_ADDRESS_CLAMP_TO_EDGE;
    smp.reduction = TMU_REDUCTION_MIN;
    assert_float_equal(sample_r(&t, &smp, &op, w, 3.75f, 0, 0), 4.0, 0);
    smp.reduction = TMU_REDUCTION_MAX;
    assert_float_equal(sample_r(&t, &smp, &op, w, 3.75f, 0, 0), 25.0, 0);
    assert_float_equal(sample_r(&t, &smp, &op, w, 5.5f, 0, 0), 25.0, 0);
    /* 1.8 fixed point leaves a = 1/4 exact */
    smp.reduction = TMU_REDUCTION_WEIGHTED_AVERAGE;
    smp.precision = TMU_PRECISION_NVIDIA;
    assert_float_equal(sample_r(&t, &smp, &op, w, 3.75f, 0, 0), 10.5625, 1e-6);
    /* a = 0.3 quantises to 77/256: the quadratic is reproduced at 3 + 77/256 */
    assert_float_equal(sample_r(&t, &smp, &op, w, 3.8f, 0, 0), pow(3.0 + 77.0 / 256, 2), 1e-5);
    test_tex_free(&t);

    /* 3D, texel (x, y, z) = x^2 + 10 y + 100 z at index position (1.25, 1.5, 1.75):
     * 1.5625 + 15 + 175 (degree <= 2 per axis is reproduced) */
    assert_int_equal(test_tex_make(&t, TMU_DIM_3D, TMU_FORMAT_R32_FLOAT, 4, 4, 4, 1, 1, 1), 0);
    for (uint32_t z = 0; z < 4; z++)
        for (uint32_t y = 0; y < 4; y++)
            for (uint32_t x = 0; x < 4; x++)
                test_tex_setf(&t, 0, x, y, z, (float)(x * x) + 10.0f * (float)y + 100.0f * (float)z);
    smp = tmu_sampler_default();
    smp.mag_filter = smp.min_filter = TMU_FILTER_CUBIC;
    smp.address[0] = smp.address[1] = smp.address[2] = TMU_ADDRESS_CLAMP_TO_EDGE;
    op = test_op(TMU_OP_SAMPLE, TMU_DIM_3D, TMU_LEVEL_LOD);
    float v[4];
    assert_int_equal(sample_at(&t, &smp, &op, w, 1.75f / 4, 2.0f / 4, 2.25f / 4, 0, v), TMU_OK);
    assert_float_equal(v[0], 191.5625, 1e-4);
    test_tex_free(&t);

    /* with mips: LINEAR mip at lod 0.5 blends two cubic levels (constant l + 1): 1.5 */
    t = make_mips();
    smp = tmu_sampler_default();
    smp.mag_filter = smp.min_filter = TMU_FILTER_CUBIC;
    smp.mip_filter = TMU_MIP_LINEAR;
    op = test_op(TMU_OP_SAMPLE, TMU_DIM_2D, TMU_LEVEL_LOD);
    assert_float_equal(sample_r(&t, &smp, &op, w, 0.3f, 0.7f, 0.5f), 1.5, 1e-5);
    /* cubic with anisotropy is invalid; integer formats cannot be filtered cubically */
    smp.max_anisotropy = 4.0f;
    assert_int_equal(sample_at(&t, &smp, &op, w, 0.3f, 0.7f, 0, 0, v), TMU_ERR_INVALID_ARGUMENT);
    test_tex_free(&t);
    assert_int_equal(test_tex_make(&t, TMU_DIM_2D, TMU_FORMAT_R8_UINT, 4, 4, 1, 1, 1, 1), 0);
    smp.max_anisotropy = 0.0f;
    smp.mip_filter = TMU_MIP_NONE;
    op.result = TMU_RESULT_U32;
    assert_int_equal(sample_at(&t, &smp, &op, w, 0.3f, 0.7f, 0, 0, v), TMU_ERR_UNSUPPORTED);
    test_tex_free(&t);

    /* seamless cube, every texel 5: "if the twelve available samples have the same value, the
     * filtered texel must have that value", also across edges and corners */
    assert_int_equal(test_tex_make(&t, TMU_DIM_CUBE, TMU_FORMAT_R32_FLOAT, 4, 4, 1, 6, 1, 1), 0);
    for (uint32_t f = 0; f < 6; f++)
        for (uint32_t i = 0; i < 16; i++)
            test_tex_setf(&t, 0, i & 3, i >> 2, f, 5.0f);
    smp = tmu_sampler_default();
    smp.mag_filter = smp.min_filter = TMU_FILTER_CUBIC;
    op = test_op(TMU_OP_SAMPLE, TMU_DIM_CUBE, TMU_LEVEL_LOD);
    uint64_t seed = 11;
    for (int k = 0; k < 200; k++) {
        float x = (float)test_randf(&seed, -1, 1), y = (float)test_randf(&seed, -1, 1), z = (float)test_randf(&seed, -1, 1);
        assert_int_equal(sample_at(&t, &smp, &op, w, x, y, z, 0, v), TMU_OK);
        assert_float_equal(v[0], 5.0, 1e-5);
    }
    assert_int_equal(sample_at(&t, &smp, &op, w, 1.0f, 0.99f, -0.99f, 0, v), TMU_OK); /* near a corner */
    assert_float_equal(v[0], 5.0, 1e-5);
    test_tex_free(&t);
    free(w);
}

/* ---------------------------------------------------------------------------------------- */
/* Anisotropic filtering (Vulkan's reference description, texture.h max_anisotropy).          */
/* 16x16 R32_FLOAT, 2 levels: texel (x, y) of level L = 1000 L + x + 100 y; NEAREST filters,  */
/* so a probe at texel-space (u, v) reads texel (floor u, floor v) and min / max show where   */
/* the probes went.  Lane at (s, t) = (0.5, 0.5): u = v = 8 on level 0, 4 on level 1.        */
/* ---------------------------------------------------------------------------------------- */

static float aniso_sample(const test_tex *t, tmu_sampler *smp, test_wave *w, tmu_reduction red, float dsdx,
                          float dtdy, float *lod)
{
    tmu_op op = test_op(TMU_OP_SAMPLE, TMU_DIM_2D, TMU_LEVEL_GRAD);
    smp->reduction = red;
    w->coord[0][0] = 0.5f, w->coord[1][0] = 0.5f;
    w->gx[0][0] = dsdx, w->gx[1][0] = 0, w->gy[0][0] = 0, w->gy[1][0] = dtdy;
    float l[TMU_MAX_LANES];
    w->out.lod = l;
    run_op(t, smp, &op, w, 1);
    w->out.lod = NULL;
    if (lod)
        *lod = l[0];
    return test_f(w->data[0][0]);
}

/* Issue 29 item 12: one LOD rule per precision model.  An isotropic footprint (|dx| = |dy|
 * exactly: texel-space dy is dx turned by 90 degrees on a power-of-two texture) gives eta = 1, so
 * anisotropy must change nothing: every result word and the reported lambda bit-identical to
 * max_anisotropy 1, in the EXACT model and in the NVIDIA model (whose isotropic lambda is the
 * H200's octagonal rule, docs/texture-unit.md §6.3, not the Vulkan length). */
static void test_anisotropy_isotropic_footprint(void **state)
{
    (void)state;
    test_tex t;
    assert_int_equal(test_tex_make(&t, TMU_DIM_2D, TMU_FORMAT_R8G8B8A8_UNORM, 64, 32, 1, 1, 7, 1), 0);
    uint64_t seed = 29;
    for (size_t i = 0; i < t.size; i++)
        t.mem[i] = (unsigned char)test_rand(&seed);
    test_wave *w = test_wave_new();
    tmu_op op = test_op(TMU_OP_SAMPLE, TMU_DIM_2D, TMU_LEVEL_GRAD);
    const tmu_precision models[] = {TMU_PRECISION_EXACT, TMU_PRECISION_NVIDIA};
    const float anisos[] = {2.0f, 8.0f, 16.0f};
    enum { LANES = 64, ROUNDS = 40 };
    unsigned compared = 0, differ[2] = {0, 0};
    for (unsigned m = 0; m < 2; m++)
        for (unsigned r = 0; r < ROUNDS; r++) {
            for (uint32_t l = 0; l < LANES; l++) {
                /* texel-space gradient (a, b) and its quarter turn (-b, a), a and b in (-48, 48) */
                float a = (float)test_randf(&seed, -48.0, 48.0), b = (float)test_randf(&seed, -48.0, 48.0);
                w->coord[0][l] = (float)test_randf(&seed, -0.5, 1.5);
                w->coord[1][l] = (float)test_randf(&seed, -0.5, 1.5);
                w->gx[0][l] = a / 64.0f, w->gx[1][l] = b / 32.0f;
                w->gy[0][l] = -b / 64.0f, w->gy[1][l] = a / 32.0f;
            }
            tmu_sampler smp = tmu_sampler_default();
            smp.precision = models[m];
            smp.mag_filter = smp.min_filter = TMU_FILTER_LINEAR;
            smp.mip_filter = TMU_MIP_LINEAR;
            smp.address[0] = smp.address[1] = TMU_ADDRESS_REPEAT;
            float lod_iso[LANES], lod[LANES];
            uint32_t iso[4][LANES];
            w->out.lod = lod_iso;
            smp.max_anisotropy = 1.0f;
            run_op(&t, &smp, &op, w, LANES);
            for (int c = 0; c < 4; c++)
                memcpy(iso[c], w->data[c], sizeof iso[c]);
            for (size_t k = 0; k < sizeof anisos / sizeof anisos[0]; k++) {
                smp.max_anisotropy = anisos[k];
                w->out.lod = lod;
                run_op(&t, &smp, &op, w, LANES);
                for (uint32_t l = 0; l < LANES; l++) {
                    compared++;
                    int same = memcmp(&lod[l], &lod_iso[l], sizeof(float)) == 0;
                    for (int c = 0; c < 4; c++)
                        same &= w->data[c][l] == iso[c][l];
                    differ[m] += !same;
                }
            }
            w->out.lod = NULL;
        }
    printf("isotropic footprints with anisotropy on: %u lookups per model; differ from plain filtering: "
           "exact %u, nvidia %u\n", compared / 2, differ[0], differ[1]);
    assert_int_equal(differ[0], 0);
    assert_int_equal(differ[1], 0);

    /* An anisotropic footprint in the NVIDIA model: lambda = its isotropic lambda - log2(eta).
     * 16 x 16, texel-space dx = (2, 2), dy = (-1, 1): rho 2.83 and 1.41, eta 2.  The octagonal
     * lengths (docs/texture-unit.md §6.3): |dx| = 2 + 11/32 * 2 = 2.6875, |dy| = 1.34375, the
     * diagonals (1, 3) and (3, 1): 11/16 * 3 = 2.0625 plus 121/512 = 2.2988; L = 2.6875 =
     * 2^1 (1 + 0.34375), k = floor(256 * 0.34375) = 88, F[88] = floor(256 log2(1 + 88.5/256) +
     * 15/32) = 110, lambda_iso = 1 + 110/256; minus log2(2) = 0.4296875 (Vulkan: log2(2.83 / 2)
     * = 0.5). */
    test_tex t16;
    assert_int_equal(test_tex_make(&t16, TMU_DIM_2D, TMU_FORMAT_R8G8B8A8_UNORM, 16, 16, 1, 1, 5, 1), 0);
    tmu_sampler smp = tmu_sampler_default();
    smp.mag_filter = smp.min_filter = TMU_FILTER_LINEAR;
    smp.mip_filter = TMU_MIP_LINEAR;
    smp.max_anisotropy = 16.0f;
    w->coord[0][0] = w->coord[1][0] = 0.5f;
    w->gx[0][0] = 0.125f, w->gx[1][0] = 0.125f, w->gy[0][0] = -0.0625f, w->gy[1][0] = 0.0625f;
    float l1[TMU_MAX_LANES];
    w->out.lod = l1;
    smp.precision = TMU_PRECISION_NVIDIA;
    run_op(&t16, &smp, &op, w, 1);
    assert_float_equal(l1[0], 0.4296875, 1e-6);
    smp.precision = TMU_PRECISION_EXACT;
    run_op(&t16, &smp, &op, w, 1);
    assert_float_equal(l1[0], 0.5, 1e-6);
    w->out.lod = NULL;
    test_tex_free(&t16);
    test_tex_free(&t);
    free(w);
}

/* Issue 29 item 12: the NVIDIA model decodes every sRGB texel through the GPU's table, FETCH
 * included (texture.h, docs/texture-unit.md §6.3).  The table was recorded on an H200 with point
 * sampling (test_unit_nvidia replays those lookups), so FETCH of each of the 256 codes must equal
 * point sampling of the same texel in that model; code 1 reads back as 0x39a00000 (3.0518e-4) in
 * the recording, where the exact decode is 1 / 255 / 12.92 = 3.0353e-4 (the EXACT model). */
static void test_nvidia_srgb_fetch(void **state)
{
    (void)state;
    test_tex t;
    assert_int_equal(test_tex_make(&t, TMU_DIM_2D, TMU_FORMAT_R8G8B8A8_SRGB, 16, 16, 1, 1, 1, 1), 0);
    for (uint32_t i = 0; i < 256; i++) /* texel i: R = i, G = 255 - i, B = i ^ 0x5a, A = i */
        for (int c = 0; c < 4; c++)
            t.mem[4 * i + (uint32_t)c] = (unsigned char)(c == 1 ? 255 - i : c == 2 ? i ^ 0x5a : i);
    test_wave *w = test_wave_new();
    tmu_sampler smp = tmu_sampler_default();
    smp.mag_filter = smp.min_filter = TMU_FILTER_NEAREST;
    smp.precision = TMU_PRECISION_NVIDIA;
    tmu_op fetch = test_op(TMU_OP_FETCH, TMU_DIM_2D, TMU_LEVEL_LOD);
    fetch.result = TMU_RESULT_F32;
    tmu_op point = test_op(TMU_OP_SAMPLE, TMU_DIM_2D, TMU_LEVEL_LOD);
    uint32_t fetched[4][64];
    unsigned differ_exact = 0;
    for (uint32_t b = 0; b < 256; b += 64) {
        for (uint32_t l = 0; l < 64; l++) {
            uint32_t i = b + l;
            w->icoord[0][l] = (int32_t)(i % 16), w->icoord[1][l] = (int32_t)(i / 16), w->ilod[l] = 0;
            w->coord[0][l] = ((float)(i % 16) + 0.5f) / 16.0f, w->coord[1][l] = ((float)(i / 16) + 0.5f) / 16.0f;
            w->lod[l] = 0.0f;
        }
        smp.precision = TMU_PRECISION_NVIDIA;
        run_op(&t, &smp, &fetch, w, 64);
        for (int c = 0; c < 4; c++)
            memcpy(fetched[c], w->data[c], sizeof fetched[c]);
        run_op(&t, &smp, &point, w, 64);
        for (uint32_t l = 0; l < 64; l++)
            for (int c = 0; c < 4; c++)
                if (fetched[c][l] != w->data[c][l])
                    fail_msg("sRGB texel %u component %d: FETCH %08x, point sampling %08x", b + l, c, fetched[c][l],
                             w->data[c][l]);
        if (b == 0)
            assert_int_equal(fetched[0][1], 0x39a00000u);
        smp.precision = TMU_PRECISION_EXACT;
        run_op(&t, &smp, &fetch, w, 64);
        for (uint32_t l = 0; l < 64; l++)
            differ_exact += fetched[0][l] != w->data[0][l];
    }
    assert_true(differ_exact > 100); /* the table is not the exact decode */
    test_tex_free(&t);
    free(w);
}

static void test_anisotropy(void **state)
{
    (void)state;
    test_tex t;
    assert_int_equal(test_tex_make(&t, TMU_DIM_2D, TMU_FORMAT_R32_FLOAT, 16, 16, 1, 1, 2, 1), 0);
    for (uint32_t l = 0; l < 2; l++)
        for (uint32_t y = 0; y < (16u >> l); y++)
            for (uint32_t x = 0; x < (16u >> l); x++)
                test_tex_setf(&t, l, x, y, 0, 1000.0f * (float)l + (float)x + 100.0f * (float)y);
    test_wave *w = test_wave_new();
    tmu_sampler smp = tmu_sampler_default();
    smp.address[0] = smp.address[1] = TMU_ADDRESS_CLAMP_TO_EDGE;
    smp.mag_filter = smp.min_filter = TMU_FILTER_NEAREST;
    smp.mip_filter = TMU_MIP_NEAREST;
    smp.max_anisotropy = 16.0f;
    const tmu_reduction AVG = TMU_REDUCTION_WEIGHTED_AVERAGE, MIN = TMU_REDUCTION_MIN, MAX = TMU_REDUCTION_MAX;
    float lod;
    /* A: ds/dx = 4 texels, dt/dy = 1: rho 4 and 1, eta 4, N 4, lambda log2(4 / 4) = 0 (level 0).
     * Probes at i / 5 - 1/2 = -.3, -.1, .1, .3 of the x derivative: u = 6.8 7.6 8.4 9.2 -> x 6..9 */
    assert_float_equal(aniso_sample(&t, &smp, w, MAX, 0.25f, 1.0f / 16, &lod), 809.0, 0);
    assert_float_equal(lod, 0.0, 1e-6);
    assert_float_equal(aniso_sample(&t, &smp, w, MIN, 0.25f, 1.0f / 16, NULL), 806.0, 0);
    assert_float_equal(aniso_sample(&t, &smp, w, AVG, 0.25f, 1.0f / 16, NULL), 807.5, 1e-4);
    /* B: the major axis is y: v = 6.8 .. 9.2 -> y 6..9, x 8 */
    assert_float_equal(aniso_sample(&t, &smp, w, MAX, 1.0f / 16, 0.25f, NULL), 908.0, 0);
    assert_float_equal(aniso_sample(&t, &smp, w, MIN, 1.0f / 16, 0.25f, NULL), 608.0, 0);
    assert_float_equal(aniso_sample(&t, &smp, w, AVG, 1.0f / 16, 0.25f, NULL), 758.0, 1e-4);
    /* C: max_anisotropy 2: eta 2, N 2, lambda log2(4 / 2) = 1 -> level 1: probes at -1/6, +1/6
     * of ds/dx = 1/3 texel of level 1 around u = 4: 3.67 -> 3, 4.33 -> 4; v 4 */
    smp.max_anisotropy = 2.0f;
    assert_float_equal(aniso_sample(&t, &smp, w, MAX, 0.25f, 1.0f / 16, &lod), 1404.0, 0);
    assert_float_equal(lod, 1.0, 1e-6);
    assert_float_equal(aniso_sample(&t, &smp, w, MIN, 0.25f, 1.0f / 16, NULL), 1403.0, 0);
    /* D: rho_min = 0 (a line of 8 texels): eta = max_anisotropy 16, N 16, lambda log2(8 / 16) = -1,
     * clamped to 0; probes u = 8 + (i / 17 - 1/2) 8 = 4 + 8 i / 17: x = 4 4 5 5 6 6 .. 11 11 */
    smp.max_anisotropy = 16.0f;
    assert_float_equal(aniso_sample(&t, &smp, w, MAX, 0.5f, 0.0f, &lod), 811.0, 0);
    assert_float_equal(lod, 0.0, 0);
    assert_float_equal(aniso_sample(&t, &smp, w, MIN, 0.5f, 0.0f, NULL), 804.0, 0);
    assert_float_equal(aniso_sample(&t, &smp, w, AVG, 0.5f, 0.0f, NULL), 807.5, 1e-4);
    /* E: both zero: isotropic (eta 1): texel (8, 8) */
    assert_float_equal(aniso_sample(&t, &smp, w, MAX, 0.0f, 0.0f, NULL), 808.0, 0);
    /* F: off (max_anisotropy 1): isotropic, lambda log2(4) = 2 -> level 1 (the last): (4, 4) */
    smp.max_anisotropy = 1.0f;
    assert_float_equal(aniso_sample(&t, &smp, w, MAX, 0.25f, 1.0f / 16, &lod), 1404.0, 0);
    assert_float_equal(lod, 2.0, 1e-6);
    /* LINEAR: the mean of symmetric probes on a linear ramp is the centre: 7.5 + 750 */
    smp.max_anisotropy = 16.0f;
    smp.mag_filter = smp.min_filter = TMU_FILTER_LINEAR;
    assert_float_equal(aniso_sample(&t, &smp, w, AVG, 0.25f, 1.0f / 16, NULL), 757.5, 1e-4);
    smp.mag_filter = smp.min_filter = TMU_FILTER_NEAREST;
    /* G: explicit LOD stays isotropic */
    tmu_op op = test_op(TMU_OP_SAMPLE, TMU_DIM_2D, TMU_LEVEL_LOD);
    smp.reduction = MAX;
    assert_float_equal(sample_r(&t, &smp, &op, w, 0.5f, 0.5f, 0), 808.0, 0);
    /* H: an implicit quad (s steps 0.25 in x, t 1/16 in y) is case A for lane 0 */
    op.level_mode = TMU_LEVEL_IMPLICIT;
    smp.reduction = MIN;
    for (int l = 0; l < 4; l++)
        w->coord[0][l] = 0.5f + 0.25f * (float)(l & 1), w->coord[1][l] = 0.5f + (float)(l >> 1) / 16;
    run_op(&t, &smp, &op, w, 4);
    assert_float_equal(test_f(w->data[0][0]), 806.0, 0);
    /* I: QUERY_LOD reports the anisotropic lambda' = log2(rho_max / eta) = log2(4 / 2) */
    op = test_op(TMU_OP_QUERY_LOD, TMU_DIM_2D, TMU_LEVEL_GRAD);
    smp.max_anisotropy = 2.0f;
    w->gx[0][0] = 0.25f, w->gx[1][0] = 0, w->gy[0][0] = 0, w->gy[1][0] = 1.0f / 16;
    run_op(&t, &smp, &op, w, 1);
    assert_float_equal(test_f(w->data[1][0]), 1.0, 1e-6);
    /* limits */
    smp.max_anisotropy = 17.0f;
    tmu_diag dg;
    assert_int_equal(tmu_unit_execute(&t.tex, &smp, &op, 1, NULL, &w->in, &w->out, &dg), TMU_ERR_INVALID_ARGUMENT);
    test_tex_free(&t);

    /* a constant cube map stays constant whichever faces the probes reach */
    assert_int_equal(test_tex_make(&t, TMU_DIM_CUBE, TMU_FORMAT_R32_FLOAT, 4, 4, 1, 6, 1, 1), 0);
    for (uint32_t f = 0; f < 6; f++)
        for (uint32_t i = 0; i < 16; i++)
            test_tex_setf(&t, 0, i & 3, i >> 2, f, 3.0f);
    smp = tmu_sampler_default();
    smp.max_anisotropy = 8.0f;
    op = test_op(TMU_OP_SAMPLE, TMU_DIM_CUBE, TMU_LEVEL_GRAD);
    w->coord[0][0] = 1.0f, w->coord[1][0] = 0.9f, w->coord[2][0] = 0.2f;
    w->gx[0][0] = 0, w->gx[1][0] = 0.5f, w->gx[2][0] = 0, w->gy[0][0] = 0, w->gy[1][0] = 0, w->gy[2][0] = 0.05f;
    run_op(&t, &smp, &op, w, 1);
    assert_float_equal(test_f(w->data[0][0]), 3.0, 1e-5);
    test_tex_free(&t);
    free(w);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_half_border_modes),  cmocka_unit_test(test_minmax_reduction),
        cmocka_unit_test(test_view_levels),        cmocka_unit_test(test_view_layers),
        cmocka_unit_test(test_border_conversion),
        cmocka_unit_test(test_defect_integer_sample), cmocka_unit_test(test_defect_rgb9e5_border),
        cmocka_unit_test(test_defect_cube_corner_integer), cmocka_unit_test(test_defect_offsets_huge),
        cmocka_unit_test(test_lod_report),            cmocka_unit_test(test_gather_offsets),
        cmocka_unit_test(test_cubic),                 cmocka_unit_test(test_anisotropy),
        cmocka_unit_test(test_anisotropy_isotropic_footprint),
        cmocka_unit_test(test_nvidia_srgb_fetch),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
