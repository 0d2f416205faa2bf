/* AMD gfx11 (RDNA3) swizzle layouts: values worked out by hand or read from addrlib's own
 * verdicts, not from tmu.
 *
 *  - Blocks: addrlib (core/addrlib2.cpp ComputeThinBlockDimension / ComputeThickBlockDimension)
 *    gives a thin block of 2^b bytes 2^ceil(n / 2) x 2^floor(n / 2) elements, n = b - log2 bpe
 *    - log2 samples, rounded up in width only when log2 samples is even or b odd; a thick one the
 *    1 KiB brick (16x8x8 elements at 8 bpp, 8x8x4 at 32 bpp) grown by 2^(k / 3) in every axis,
 *    the rest of k = b - 10 to depth, then height.  So a 256 KiB block (b = 18) holds 256x256
 *    32-bit elements (n = 16), 128x256 of 32-bit 2-sample ones (n = 15, log2 samples odd, b even:
 *    width 2^7), 64x64x64 8-bit elements thick (k = 8: 16x8x8 << 2, then depth << 1 and height
 *    << 1) and 32x64x32 32-bit ones thick.
 *  - Which combinations addrlib lays out but cannot address: the '#stats' rows of
 *    tests/data/amd-tiling-gfx11.tsv (addrlib's Addr2ComputeSurfaceAddrFromCoord failed for
 *    every 3D SW_256KB_D_X surface, for 3D SW_64KB_D_X on every configuration but
 *    gfx11_2pipe_1pkr, and for no other mode); per element size, a 16x16x16 surface of each
 *    through the same addrlib build: 3D SW_64KB_D_X fails at 64 and 128 bpp only.
 *  - Which modes a resource type takes: gfx11addrlib.h Gfx11Rsrc2dSwModeMask has no _S mode.
 *  - Every element of small surfaces in each mode and resource type lands on its own address
 *    inside the surface. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "tmu/layout.h"

#include "hand_check.h"

static const char *const presets[5] = {"gfx11_32pipe", "gfx11_16pipe", "gfx11_8pipe",
                                       "gfx11_4pipe_2pkr", "gfx11_2pipe_1pkr"};

static const tmu_amd_chip *chip(const char *name)
{
    const tmu_amd_chip *c = tmu_amd_chip_find(name);
    assert_non_null(c);
    assert_int_equal(c->gen, TMU_AMD_GFX11);
    return c;
}

static tmu_surface_desc desc(int rsrc, const char *mode, uint32_t bpp, uint32_t w, uint32_t h,
                             uint32_t slices, uint32_t samples)
{
    const uint32_t dims[4] = {w, h, slices, 1};
    int sw = tmu_amd_swizzle_mode_from_name(mode);
    assert_true(sw >= 0);
    return sweep_desc(rsrc, (uint32_t)sw, bpp, dims, samples, 0);
}

static void test_names(void **state)
{
    (void)state;
    assert_int_equal(tmu_amd_swizzle_mode_from_name("SW_256KB_Z_X"), 28);
    assert_int_equal(tmu_amd_swizzle_mode_from_name("256KB_S_X"), 29);
    assert_int_equal(tmu_amd_swizzle_mode_from_name("SW_256KB_D_X"), 30);
    assert_int_equal(tmu_amd_swizzle_mode_from_name("sw_256kb_r_x"), 31);
    assert_int_equal(tmu_amd_swizzle_mode_from_name("SW_VAR_R_X"), 31);
    assert_string_equal(tmu_amd_swizzle_mode_name_gen(TMU_AMD_GFX11, 31), "SW_256KB_R_X");
    assert_string_equal(tmu_amd_swizzle_mode_name_gen(TMU_AMD_GFX10_3, 31), "SW_VAR_R_X");
    assert_string_equal(tmu_amd_swizzle_mode_name_gen(TMU_AMD_GFX11, 27), "SW_64KB_R_X");
    assert_string_equal(tmu_amd_gen_name(TMU_AMD_GFX11), "gfx11");
}

static void test_blocks(void **state)
{
    (void)state;
    static tmu_surface s;
    tmu_diag d;
    tmu_surface_desc x = desc(TMU_SURF_2D, "SW_256KB_R_X", 32, 300, 300, 1, 1);
    assert_int_equal(tmu_surface_init_amd(&s, chip("gfx11_16pipe"), &x, &d), TMU_OK);
    assert_int_equal(s.block_w, 256);
    assert_int_equal(s.block_h, 256);
    assert_int_equal(s.base_align, 262144);
    assert_int_equal(s.pitch, 512);
    assert_int_equal(s.height, 512);
    x = desc(TMU_SURF_2D, "SW_256KB_R_X", 32, 300, 300, 1, 2);
    assert_int_equal(tmu_surface_init_amd(&s, chip("gfx11_16pipe"), &x, &d), TMU_OK);
    assert_int_equal(s.block_w, 128);
    assert_int_equal(s.block_h, 256);
    x = desc(TMU_SURF_3D, "SW_256KB_S_X", 8, 70, 10, 3, 1);
    assert_int_equal(tmu_surface_init_amd(&s, chip("gfx11_8pipe"), &x, &d), TMU_OK);
    assert_int_equal(s.block_w, 64);
    assert_int_equal(s.block_h, 64);
    assert_int_equal(s.block_d, 64);
    assert_int_equal(s.size, 2 * 262144);
    x = desc(TMU_SURF_3D, "SW_256KB_S_X", 32, 10, 10, 10, 1);
    assert_int_equal(tmu_surface_init_amd(&s, chip("gfx11_8pipe"), &x, &d), TMU_OK);
    assert_int_equal(s.block_w, 32);
    assert_int_equal(s.block_h, 64);
    assert_int_equal(s.block_d, 32);
}

static void test_refusals(void **state)
{
    (void)state;
    static tmu_surface s;
    tmu_diag d;
    for (unsigned c = 0; c < 5; c++) {
        const tmu_amd_chip *k = chip(presets[c]);
        const int two_pipes = strcmp(presets[c], "gfx11_2pipe_1pkr") == 0;
        for (uint32_t bpp = 8; bpp <= 128; bpp *= 2) {
            tmu_surface_desc x = desc(TMU_SURF_3D, "SW_256KB_D_X", bpp, 16, 16, 16, 1);
            assert_int_equal(tmu_surface_init_amd(&s, k, &x, &d), TMU_ERR_UNSUPPORTED);
            assert_non_null(strstr(d.message, "SW_256KB_D_X"));
            x = desc(TMU_SURF_3D, "SW_64KB_D_X", bpp, 16, 16, 16, 1);
            tmu_status want = bpp >= 64 && !two_pipes ? TMU_ERR_UNSUPPORTED : TMU_OK;
            assert_int_equal(tmu_surface_init_amd(&s, k, &x, &d), want);
            /* the same mode in 2D has its addresses */
            x = desc(TMU_SURF_2D, "SW_256KB_D_X", bpp, 16, 16, 1, 1);
            assert_int_equal(tmu_surface_init_amd(&s, k, &x, &d), TMU_OK);
        }
        static const char *const no2d[] = {"SW_4KB_S", "SW_64KB_S_X", "SW_256KB_S_X", "SW_256B_S",
                                           "SW_4KB_R_X"};
        for (unsigned m = 0; m < sizeof no2d / sizeof no2d[0]; m++) {
            tmu_surface_desc x = desc(TMU_SURF_2D, no2d[m], 32, 16, 16, 1, 1);
            assert_int_equal(tmu_surface_init_amd(&s, k, &x, &d), TMU_ERR_INVALID_ARGUMENT);
        }
    }
}

static void test_every_element(void **state)
{
    (void)state;
    static tmu_surface s;
    unsigned char *seen = NULL;
    size_t cap = 0;
    unsigned surfaces = 0;
    static const uint32_t dims[][4] = {{5, 3, 1, 1}, {33, 17, 2, 6}, {70, 9, 5, 3}};
    for (unsigned c = 0; c < 5; c++)
        for (int rsrc = TMU_SURF_1D; rsrc <= TMU_SURF_3D; rsrc++)
            for (uint32_t sw = 0; sw < 32; sw++)
                for (uint32_t bpp = 8; bpp <= 128; bpp *= 4)
                    for (unsigned k = 0; k < 3; k++)
                        for (uint32_t samples = 1; samples <= 4; samples *= 4) {
                            if (samples > 1 && rsrc != TMU_SURF_2D)
                                continue;
                            tmu_surface_desc x = sweep_desc(rsrc, sw, bpp, dims[k], samples,
                                                            (sw % 4) == 0);
                            tmu_diag d;
                            if (tmu_surface_init_amd(&s, chip(presets[c]), &x, &d) != TMU_OK)
                                continue;
                            char what[96];
                            snprintf(what, sizeof what, "%s rsrc %d %s bpp %u dims %u samples %u",
                                     presets[c], rsrc, tmu_amd_swizzle_mode_name_gen(TMU_AMD_GFX11, sw),
                                     bpp, k, samples);
                            expect_bijective(&s, what, 1, &seen, &cap);
                            surfaces++;
                        }
    free(seen);
    printf("gfx11: %u small surfaces, every element on its own address\n", surfaces);
    assert_true(surfaces > 500);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_names),
        cmocka_unit_test(test_blocks),
        cmocka_unit_test(test_refusals),
        cmocka_unit_test(test_every_element),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
