/* Prepared calls (tmu_unit_plan): the contract of unit.h beyond the random equality of
 * test_unit_fast.c (which runs every case through a moved plan too).  Expectations: the results
 * of tmu_unit_execute_ex for the same arguments, and the errors unit.h promises. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

#include <cmocka.h>

#include "unit/unit_util.h"

/* A 4x4x2-layer R32_FLOAT array, texel (x, y, layer) = 100 layer + 10 y + x. */
static void make_array(test_tex *t)
{
    assert_int_equal(test_tex_make(t, TMU_DIM_2D_ARRAY, TMU_FORMAT_R32_FLOAT, 4, 4, 1, 2, 1, 1), 0);
    for (uint32_t l = 0; l < 2; l++)
        for (uint32_t y = 0; y < 4; y++)
            for (uint32_t x = 0; x < 4; x++)
                test_tex_setf(t, 0, x, y, l, (float)(100 * l + 10 * y + x));
}

/* Runs (tex, smp, op) on 8 lanes directly and through a plan, outputs compared word by word. */
static void same_as_direct(const tmu_texture *tex, const tmu_sampler *smp, const tmu_op *op, test_wave *w)
{
    static uint32_t direct[4][TMU_MAX_LANES];
    static uint8_t direct_res[TMU_MAX_LANES];
    tmu_wave_out o = w->out;
    for (int c = 0; c < 4; c++)
        o.data[c] = direct[c];
    o.resident = direct_res;
    uint64_t exec[2] = {0xB7, 0}; /* lanes 0-2, 4, 5, 7 */
    memset(direct, 0x5A, sizeof direct), memset(w->data, 0x5A, sizeof w->data);
    memset(direct_res, 7, sizeof direct_res), memset(w->resident, 7, sizeof w->resident);
    assert_int_equal(tmu_unit_execute_ex(tex, smp, op, 8, exec, &w->in, &o, 0, NULL), TMU_OK);
    static tmu_unit_plan plan, moved; /* run from a copy, the original overwritten: plain memory */
    assert_int_equal(tmu_unit_plan_init(&plan, tex, smp, op, 8, &w->in, &w->out, 0, NULL), TMU_OK);
    moved = plan;
    memset(&plan, 0xEE, sizeof plan);
    assert_int_equal(tmu_unit_plan_execute(&moved, exec, &w->in, &w->out, NULL), TMU_OK);
    assert_memory_equal(direct, w->data, sizeof direct);
    assert_memory_equal(direct_res, w->resident, sizeof direct_res);
}

/* Both tests: a wave with every array bound, the array texture, a default sampler. */
static test_wave *set_up(test_tex *t, tmu_sampler *smp)
{
    test_wave *w = test_wave_new();
    assert_non_null(w);
    make_array(t);
    *smp = tmu_sampler_default();
    return w;
}

static void test_plan_matches_direct(void **state)
{
    (void)state;
    test_tex t;
    tmu_sampler smp;
    test_wave *w = set_up(&t, &smp);
    smp.mag_filter = smp.min_filter = TMU_FILTER_NEAREST;
    tmu_op op = test_op(TMU_OP_SAMPLE, TMU_DIM_2D_ARRAY, TMU_LEVEL_LOD);
    op.want_residency = 1;
    for (uint32_t l = 0; l < 8; l++) { /* texel (l % 4, l / 4 + 1), layer l % 2 */
        w->coord[0][l] = ((float)(l % 4) + 0.5f) / 4.0f;
        w->coord[1][l] = ((float)(l / 4 + 1) + 0.5f) / 4.0f;
        w->layer[l] = l % 2;
        w->lod[l] = 0.0f;
    }
    same_as_direct(&t.tex, &smp, &op, w);
    /* hand-worked: lane 5 reads texel (1, 2) of layer 1 = 121 */
    assert_true(test_f(w->data[0][5]) == 121.0f);
    assert_int_equal(w->data[0][3], 0x5A5A5A5Au); /* outside exec: untouched */
    /* a 2D view of layer 1 with a residency map (the plan keeps the view's own map): tile 0
     * (texels x, y < 2) resident, the others not; lane 0 reads (0, 1): resident, 110 */
    tmu_residency res;
    memset(&res, 0, sizeof res);
    res.tile_w = res.tile_h = res.tile_d = 2;
    static const uint8_t map[8] = {1, 1, 1, 1, 1, 0, 0, 0}; /* layer 0: 4 tiles; layer 1: tile 0 only */
    res.map[0] = map;
    tmu_texture v = t.tex;
    v.dim = TMU_DIM_2D, v.base_layer = 1, v.layer_count = 1, v.residency = &res;
    op = test_op(TMU_OP_SAMPLE, TMU_DIM_2D, TMU_LEVEL_LOD);
    op.want_residency = 1;
    same_as_direct(&v, &smp, &op, w);
    assert_int_equal(w->resident[0], 1);
    assert_true(test_f(w->data[0][0]) == 110.0f);
    assert_int_equal(w->resident[7], 0); /* (3, 2): tile 3 of layer 1 */
    /* a prepared RGBA8 bilinear 2D call (a fast-path kind) */
    test_tex r;
    assert_int_equal(test_tex_make(&r, TMU_DIM_2D, TMU_FORMAT_R8G8B8A8_UNORM, 8, 8, 1, 1, 1, 1), 0);
    for (size_t b = 0; b < r.size; b++)
        r.mem[b] = (unsigned char)(b * 37u + 11u);
    smp.mag_filter = smp.min_filter = TMU_FILTER_LINEAR;
    op.want_residency = 0;
    same_as_direct(&r.tex, &smp, &op, w);
    test_tex_free(&r);
    test_tex_free(&t);
    free(w);
}

static void test_plan_errors(void **state)
{
    (void)state;
    test_tex t;
    tmu_sampler smp;
    test_wave *w = set_up(&t, &smp);
    tmu_op op = test_op(TMU_OP_SAMPLE, TMU_DIM_2D_ARRAY, TMU_LEVEL_LOD);
    tmu_unit_plan plan;
    tmu_diag d, d2;
    /* never prepared (zeroed memory), and a failed preparation: refused, nothing written */
    memset(&plan, 0, sizeof plan);
    memset(w->data, 0x5A, sizeof w->data);
    assert_int_equal(tmu_unit_plan_execute(&plan, NULL, &w->in, &w->out, &d), TMU_ERR_INVALID_ARGUMENT);
    assert_non_null(strstr(d.message, "not prepared"));
    tmu_op bad = op;
    bad.dim = TMU_DIM_3D; /* dim mismatch: the same error as a direct call */
    assert_int_equal(tmu_unit_plan_init(&plan, &t.tex, &smp, &bad, 8, &w->in, &w->out, 0, &d), TMU_ERR_INVALID_ARGUMENT);
    assert_int_equal(tmu_unit_execute_ex(&t.tex, &smp, &bad, 8, NULL, &w->in, &w->out, 0, &d2), TMU_ERR_INVALID_ARGUMENT);
    assert_string_equal(d.message, d2.message);
    assert_int_equal(tmu_unit_plan_execute(&plan, NULL, &w->in, &w->out, &d), TMU_ERR_INVALID_ARGUMENT);
    assert_int_equal(tmu_unit_plan_init(&plan, &t.tex, &smp, &op, 129, &w->in, &w->out, 0, &d), TMU_ERR_INVALID_ARGUMENT);
    assert_int_equal(tmu_unit_plan_init(NULL, &t.tex, &smp, &op, 8, &w->in, &w->out, 0, &d), TMU_ERR_INVALID_ARGUMENT);
    /* prepared with every array present; a call without the layer array (which this op reads)
     * or with an extra output (the LOD report) is refused, naming the array */
    assert_int_equal(tmu_unit_plan_init(&plan, &t.tex, &smp, &op, 8, &w->in, &w->out, 0, &d), TMU_OK);
    tmu_wave_in in = w->in;
    in.layer = NULL;
    assert_int_equal(tmu_unit_plan_execute(&plan, NULL, &in, &w->out, &d), TMU_ERR_INVALID_ARGUMENT);
    assert_non_null(strstr(d.message, "array pointer 6 of in/out (op.h order) is NULL"));
    float lodrep[TMU_MAX_LANES];
    tmu_wave_out out = w->out;
    out.lod = lodrep;
    assert_int_equal(tmu_unit_plan_execute(&plan, NULL, &w->in, &out, &d), TMU_ERR_INVALID_ARGUMENT);
    assert_non_null(strstr(d.message, "array pointer 35 of in/out (op.h order) is set"));
    for (int c = 0; c < 4; c++)
        for (int l = 0; l < TMU_MAX_LANES; l++)
            assert_int_equal(w->data[c][l], 0x5A5A5A5Au);
    assert_int_equal(tmu_unit_plan_execute(&plan, NULL, NULL, &w->out, &d), TMU_ERR_INVALID_ARGUMENT);
    /* the same call as prepared runs */
    assert_int_equal(tmu_unit_plan_execute(&plan, NULL, &w->in, &w->out, &d), TMU_OK);
    assert_int_equal(d.status, TMU_OK);
    test_tex_free(&t);
    free(w);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_plan_matches_direct),
        cmocka_unit_test(test_plan_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
