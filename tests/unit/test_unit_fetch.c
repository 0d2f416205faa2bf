/* Texture unit: every format of the format table through FETCH.  The expectation is the
 * format module's decode of the raw bytes at an address the test computes itself from the
 * packed layout (levels one after another, then layers, rows, texels), so this checks the
 * unit's addressing, level/layer selection, range checks and result words for each format. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

#include <cmocka.h>

#include "unit/unit_util.h"

/* Byte offset of texel (x, y, layer) of `level` in a packed 2D array of w x h, `layers` layers. */
static size_t packed_offset(uint32_t w, uint32_t h, uint32_t layers, size_t bytes, uint32_t level, uint32_t x,
                            uint32_t y, uint32_t layer)
{
    size_t off = 0;
    for (uint32_t l = 0; l < level; l++) {
        uint32_t lw = w >> l ? w >> l : 1, lh = h >> l ? h >> l : 1;
        off += (size_t)lw * lh * layers * bytes;
    }
    uint32_t lw = w >> level ? w >> level : 1, lh = h >> level ? h >> level : 1;
    return off + (((size_t)layer * lh + y) * lw + x) * bytes;
}

static void test_fetch_every_format(void **state)
{
    (void)state;
    uint64_t seed = 0x5eed1234abcdull;
    test_wave *w = test_wave_new();
    tmu_sampler smp = tmu_sampler_default();
    int formats = 0, texels = 0;
    for (int f = 1; f < TMU_FORMAT_COUNT; f++) {
        const tmu_format_info *fi = tmu_format_get((tmu_format)f);
        assert_non_null(fi);
        test_tex t;
        /* 5x3 2D array, 2 layers, full chain (5x3, 2x1, 1x1) */
        assert_int_equal(test_tex_make(&t, TMU_DIM_2D_ARRAY, (tmu_format)f, 5, 3, 1, 2, 3, 1), 0);
        for (size_t b = 0; b < t.size; b++)
            t.mem[b] = (unsigned char)test_rand(&seed);
        tmu_op op = test_op(TMU_OP_FETCH, TMU_DIM_2D_ARRAY, TMU_LEVEL_BASE);
        op.result = TMU_RESULT_U32; /* raw result words */
        uint32_t lane = 0;
        uint32_t want[TMU_MAX_LANES][4];
        for (uint32_t l = 0; l < 3; l++)
            for (uint32_t layer = 0; layer < 2; layer++)
                for (uint32_t y = 0; y < tmu_level_size(3, l); y++)
                    for (uint32_t x = 0; x < tmu_level_size(5, l); x++) {
                        w->icoord[0][lane] = (int32_t)x, w->icoord[1][lane] = (int32_t)y;
                        w->layer[lane] = layer;
                        w->ilod[lane] = (int32_t)l;
                        tmu_texel v;
                        size_t off = packed_offset(5, 3, 2, fi->bytes, l, x, y, layer);
                        assert_true(off + fi->bytes <= t.size);
                        assert_int_equal(tmu_format_decode((tmu_format)f, t.mem + off, &v), TMU_OK);
                        memcpy(want[lane], v.u, 16);
                        lane++;
                    }
        /* plus out-of-range lanes: x = 5, y = -1, level 3, layer 2 -> all zeros */
        const int32_t bad[4][4] = {{5, 0, 0, 0}, {0, -1, 0, 0}, {0, 0, 3, 0}, {0, 0, 0, 2}};
        for (int k = 0; k < 4; k++) {
            w->icoord[0][lane] = bad[k][0], w->icoord[1][lane] = bad[k][1];
            w->ilod[lane] = bad[k][2], w->layer[lane] = (uint32_t)bad[k][3];
            memset(want[lane], 0, 16);
            lane++;
        }
        assert_int_equal(tmu_unit_execute(&t.tex, &smp, &op, lane, NULL, &w->in, &w->out, NULL), TMU_OK);
        for (uint32_t k = 0; k < lane; k++)
            for (int c = 0; c < 4; c++)
                if (w->data[c][k] != want[k][c])
                    fail_msg("format %s lane %u component %d: got 0x%08x want 0x%08x", fi->name, k, c,
                             w->data[c][k], want[k][c]);
        texels += (int)lane;
        /* swizzle (A, B, G, R) reverses the words */
        tmu_swizzle rev[4] = {TMU_SWIZZLE_A, TMU_SWIZZLE_B, TMU_SWIZZLE_G, TMU_SWIZZLE_R};
        memcpy(t.tex.swizzle, rev, sizeof rev);
        assert_int_equal(tmu_unit_execute(&t.tex, &smp, &op, 1, NULL, &w->in, &w->out, NULL), TMU_OK);
        for (int c = 0; c < 4; c++)
            assert_int_equal(w->data[c][0], want[0][3 - c]);
        test_tex_free(&t);
        formats++;
    }
    printf("fetch: %d formats, %d texels checked\n", formats, texels);
    assert_true(formats >= 7);
    free(w);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fetch_every_format),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
