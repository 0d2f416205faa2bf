/* What the hand-worked AMD layout tests (test_layout_gfx9_hand.c, test_layout_gfx10_hand.c)
 * share: their sweeps over small surfaces in every mode.  Include after <cmocka.h> and
 * "tmu/layout.h". */
#ifndef TMU_TESTS_LAYOUT_HAND_CHECK_H
#define TMU_TESTS_LAYOUT_HAND_CHECK_H

#include <stdlib.h>
#include <string.h>

/* A surface of the sweeps below: dims = {width, height, slices, levels} (1D: height 1; MSAA:
 * one level); `depth` picks depth over colour flags when multisampled; fragments = samples (the
 * hardware's layout). */
static tmu_surface_desc sweep_desc(int rsrc, uint32_t sw, uint32_t bpp, const uint32_t dims[4],
                                   uint32_t samples, int depth)
{
    tmu_surface_desc d;
    memset(&d, 0, sizeof d);
    d.rsrc = (tmu_surf_rsrc)rsrc;
    d.swizzle_mode = sw;
    d.bpp = bpp;
    d.width = dims[0];
    d.height = rsrc == TMU_SURF_1D ? 1 : dims[1];
    d.slices = dims[2];
    d.levels = samples > 1 ? 1 : dims[3];
    d.samples = samples;
    d.fragments = samples;
    d.flags = samples == 1 ? TMU_SURF_TEXTURE : depth ? TMU_SURF_DEPTH : TMU_SURF_COLOR;
    return d;
}

/* Fails the test unless every element of every level, slice and sample of `s` has its own
 * element-aligned address inside the surface (and, when `fast`, tmu_surface_address_fast
 * agrees).  `what` names the surface in the failure; *seen / *seen_cap are a scratch buffer
 * kept from call to call (free *seen at the end). */
static void expect_bijective(const tmu_surface *s, const char *what, int fast,
                             unsigned char **seen, size_t *seen_cap)
{
    const uint32_t bpe = s->desc.bpp / 8;
    assert_int_equal(s->size % bpe, 0);
    size_t n = (size_t)(s->size / bpe);
    if (n > *seen_cap) {
        free(*seen);
        *seen = malloc(n);
        assert_non_null(*seen);
        *seen_cap = n;
    }
    memset(*seen, 0, n);
    for (uint32_t m = 0; m < s->desc.levels; m++) {
        const tmu_surface_level *l = &s->level[m];
        for (uint32_t z = 0; z < l->depth; z++)
            for (uint32_t y = 0; y < l->height; y++)
                for (uint32_t x = 0; x < l->width; x++)
                    for (uint32_t q = 0; q < s->desc.samples; q++) {
                        uint64_t a = ~0ull;
                        assert_int_equal(tmu_surface_address(s, m, x, y, z, q, &a), TMU_OK);
                        if (fast)
                            assert_int_equal(tmu_surface_address_fast(s, m, x, y, z, q), a);
                        if (a % bpe != 0 || a >= s->size || (*seen)[a / bpe])
                            fail_msg("%s level %u (%u,%u,%u,%u): address %llu", what, m, x, y,
                                     z, q, (unsigned long long)a);
                        (*seen)[a / bpe] = 1;
                    }
    }
}

#endif
