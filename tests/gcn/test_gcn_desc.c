/* Descriptor decode: T# and S# dwords built bit by bit as a driver writes them (field positions
 * from gcn-mimg.md §4, Mesa sid.h / gfx9d.h, restated here with their own shifts) -> the
 * tmu_texture / tmu_sampler they must give, one case per field value. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "gcn/gcn_rig.h"

/* Sets bits lo..lo+width-1 of dword `word`. */
static void put(uint32_t *dw, unsigned word, unsigned lo, unsigned width, uint32_t v)
{
    uint32_t m = (width >= 32 ? 0xffffffffu : (1u << width) - 1u) << lo;
    dw[word] = (dw[word] & ~m) | ((v << lo) & m);
}

/* A T# for a 2D r8g8b8a8_unorm 256x128 image, 1 level, identity DST_SEL, linear. */
static void tdesc_2d(tmu_gcn_gen gen, uint32_t dw[8])
{
    memset(dw, 0, 8 * sizeof *dw);
    put(dw, 1, 20, 6, 10);  /* DATA_FORMAT 8_8_8_8 */
    put(dw, 1, 26, 4, 0);   /* NUM_FORMAT UNORM */
    put(dw, 2, 0, 14, 255); /* WIDTH - 1 */
    put(dw, 2, 14, 14, 127);
    put(dw, 3, 0, 3, 4), put(dw, 3, 3, 3, 5), put(dw, 3, 6, 3, 6), put(dw, 3, 9, 3, 7);
    put(dw, 3, 28, 4, 9); /* TYPE 2D */
    if (gen == TMU_GCN_GFX9) {
        put(dw, 4, 13, 16, 255); /* PITCH - 1 */
    } else {
        put(dw, 3, 20, 5, 8); /* TILING_INDEX 8 = linear aligned */
        put(dw, 4, 13, 14, 255);
    }
}

static tmu_status to_texture(tmu_gcn_gen gen, const uint32_t dw[8], tmu_texture *t, tmu_diag *d)
{
    tmu_gcn_tdesc td;
    tmu_status st = tmu_gcn_tdesc_decode(gen, dw, 8, &td, d);
    if (st != TMU_OK)
        return st;
    return tmu_gcn_tdesc_to_texture(&td, t, d);
}

static void test_t_formats(void **state)
{
    (void)state;
    static const struct {
        unsigned df, nf;
        const char *format; /* NULL: refused */
    } cases[] = {
        {1, 0, "r8_unorm"},          {1, 1, "r8_snorm"},          {1, 2, "r8_uscaled"},
        {1, 3, "r8_sscaled"},        {1, 4, "r8_uint"},           {1, 5, "r8_sint"},
        {1, 9, "r8_srgb"},           {3, 0, "r8g8_unorm"},        {10, 9, "r8g8b8a8_srgb"},
        {10, 4, "r8g8b8a8_uint"},    {2, 7, "r16_float"},         {2, 0, "r16_unorm"},
        {5, 7, "r16g16_float"},      {12, 7, "r16g16b16a16_float"}, {4, 7, "r32_float"},
        {4, 4, "r32_uint"},          {11, 5, "r32g32_sint"},      {14, 7, "r32g32b32a32_float"},
        {13, 7, "r32g32b32_float"},  {16, 0, "b5g6r5_unorm_pack16"}, {17, 0, "a1b5g5r5_unorm_pack16"},
        {19, 0, "a4b4g4r4_unorm_pack16"}, {9, 0, "a2b10g10r10_unorm_pack32"},
        {9, 4, "a2b10g10r10_uint_pack32"}, {6, 7, "b10g11r11_ufloat_pack32"},
        {34, 7, "e5b9g9r9_ufloat_pack32"},
        {7, 7, NULL},  /* 11_11_10: no tmu layout */
        {35, 0, NULL}, /* BC1 */
        {10, 6, NULL}, /* SNORM_OGL */
        {0, 0, NULL},  /* INVALID */
    };
    for (int g = 0; g < TMU_GCN_GEN_COUNT; g++)
        for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
            uint32_t dw[8];
            tdesc_2d((tmu_gcn_gen)g, dw);
            put(dw, 1, 20, 6, cases[i].df);
            put(dw, 1, 26, 4, cases[i].nf);
            tmu_texture t;
            tmu_diag d;
            tmu_status st = to_texture((tmu_gcn_gen)g, dw, &t, &d);
            if (cases[i].format) {
                assert_int_equal(st, TMU_OK);
                assert_string_equal(tmu_format_name(t.format), cases[i].format);
            } else {
                assert_int_equal(st, TMU_ERR_UNSUPPORTED);
                char want[64];
                snprintf(want, sizeof want, "DATA_FORMAT %u", cases[i].df);
                assert_non_null(strstr(d.message, want));
            }
        }
}

static void test_t_shape(void **state)
{
    (void)state;
    uint32_t dw[8];
    tmu_texture t;
    tmu_diag d;
    /* WIDTH/HEIGHT, LAST_LEVEL 3, MIN_LOD 1.5 (u4.8 0x180), identity swizzle, whole view */
    tdesc_2d(TMU_GCN_GFX8, dw);
    put(dw, 1, 8, 12, 0x180);
    put(dw, 3, 16, 4, 3);
    assert_int_equal(to_texture(TMU_GCN_GFX8, dw, &t, NULL), TMU_OK);
    assert_int_equal(t.dim, TMU_DIM_2D);
    assert_int_equal(t.width, 256), assert_int_equal(t.height, 128), assert_int_equal(t.depth, 1);
    assert_int_equal(t.levels, 4), assert_int_equal(t.layers, 1), assert_int_equal(t.samples, 1);
    assert_true(t.min_lod == 1.5f);
    assert_int_equal(t.base_level, 0), assert_int_equal(t.level_count, 0);
    /* MIN_LOD above LAST_LEVEL is clamped to LAST_LEVEL (15.0 -> 3; LAST_LEVEL 0 -> 0) */
    put(dw, 1, 8, 12, 0xf00);
    assert_int_equal(to_texture(TMU_GCN_GFX8, dw, &t, NULL), TMU_OK);
    assert_true(t.min_lod == 3.0f);
    put(dw, 3, 16, 4, 0);
    assert_int_equal(to_texture(TMU_GCN_GFX8, dw, &t, NULL), TMU_OK);
    assert_true(t.min_lod == 0.0f);
    /* LAST_LEVEL beyond the mip chain of 256x128 (9 levels), named */
    put(dw, 3, 16, 4, 9);
    assert_int_equal(to_texture(TMU_GCN_GFX8, dw, &t, &d), TMU_ERR_INVALID);
    assert_non_null(strstr(d.message, "LAST_LEVEL 9: a 256x128x1 image has 9 levels"));
    put(dw, 3, 16, 4, 0);
    put(dw, 1, 8, 12, 0);
    /* TYPE CUBE with WIDTH != HEIGHT */
    put(dw, 3, 28, 4, 11);
    assert_int_equal(to_texture(TMU_GCN_GFX8, dw, &t, &d), TMU_ERR_INVALID);
    assert_non_null(strstr(d.message, "TYPE CUBE with WIDTH + 1 = 256 and HEIGHT + 1 = 128"));
    put(dw, 3, 28, 4, 9);
    /* DST_SEL: 0 -> ZERO, 1 -> ONE, 4-7 -> R G B A; 2 and 3 reserved */
    static const unsigned sels[6] = {0, 1, 4, 5, 6, 7};
    static const tmu_swizzle swz[6] = {TMU_SWIZZLE_ZERO, TMU_SWIZZLE_ONE, TMU_SWIZZLE_R,
                                       TMU_SWIZZLE_G, TMU_SWIZZLE_B, TMU_SWIZZLE_A};
    for (unsigned c = 0; c < 4; c++)
        for (int k = 0; k < 6; k++) {
            tdesc_2d(TMU_GCN_GFX9, dw);
            put(dw, 3, 3 * c, 3, sels[k]);
            assert_int_equal(to_texture(TMU_GCN_GFX9, dw, &t, NULL), TMU_OK);
            assert_int_equal(t.swizzle[c], swz[k]);
        }
    for (unsigned bad = 2; bad <= 3; bad++) {
        tdesc_2d(TMU_GCN_GFX9, dw);
        put(dw, 3, 6, 3, bad);
        assert_int_equal(to_texture(TMU_GCN_GFX9, dw, &t, &d), TMU_ERR_UNSUPPORTED);
        char want[40];
        snprintf(want, sizeof want, "DST_SEL_Z = %u is reserved", bad);
        assert_non_null(strstr(d.message, want));
    }
    /* BASE_LEVEL 2, LAST_LEVEL 5: 6 levels, the view sees 2..5 */
    tdesc_2d(TMU_GCN_GFX7, dw);
    put(dw, 3, 12, 4, 2), put(dw, 3, 16, 4, 5);
    assert_int_equal(to_texture(TMU_GCN_GFX7, dw, &t, NULL), TMU_OK);
    assert_int_equal(t.levels, 6), assert_int_equal(t.base_level, 2), assert_int_equal(t.level_count, 4);
    put(dw, 3, 16, 4, 1);
    assert_int_equal(to_texture(TMU_GCN_GFX7, dw, &t, &d), TMU_ERR_INVALID);
    assert_non_null(strstr(d.message, "LAST_LEVEL 1 is below BASE_LEVEL 2"));
    /* every TYPE */
    static const tmu_dim dims[8] = {TMU_DIM_1D,       TMU_DIM_2D,       TMU_DIM_3D,    TMU_DIM_CUBE,
                                    TMU_DIM_1D_ARRAY, TMU_DIM_2D_ARRAY, TMU_DIM_2D_MS, TMU_DIM_2D_MS_ARRAY};
    for (unsigned type = 8; type < 16; type++) {
        tdesc_2d(TMU_GCN_GFX8, dw);
        put(dw, 2, 14, 14, 255); /* square, for the cube */
        put(dw, 3, 28, 4, type);
        assert_int_equal(to_texture(TMU_GCN_GFX8, dw, &t, NULL), TMU_OK);
        assert_int_equal(t.dim, dims[type - 8]);
        assert_int_equal(t.height, (type == 8 || type == 12) ? 1 : 256);
        assert_int_equal(t.layers, type == 11 ? 6 : 1);
    }
    /* MSAA: LAST_LEVEL = log2(samples), one level */
    tdesc_2d(TMU_GCN_GFX9, dw);
    put(dw, 3, 28, 4, 14), put(dw, 3, 16, 4, 3);
    assert_int_equal(to_texture(TMU_GCN_GFX9, dw, &t, NULL), TMU_OK);
    assert_int_equal(t.samples, 8), assert_int_equal(t.levels, 1);
    /* 3D: DEPTH = depth - 1 on every generation */
    for (int g = 0; g < TMU_GCN_GEN_COUNT; g++) {
        tdesc_2d((tmu_gcn_gen)g, dw);
        put(dw, 3, 28, 4, 10), put(dw, 4, 0, 13, 7);
        assert_int_equal(to_texture((tmu_gcn_gen)g, dw, &t, NULL), TMU_OK);
        assert_int_equal(t.depth, 8), assert_int_equal(t.layers, 1);
    }
}

static void test_t_layers(void **state)
{
    (void)state;
    uint32_t dw[8];
    tmu_texture t;
    tmu_diag d;
    /* gfx6-8 2D array: DEPTH 5 (6 layers), BASE_ARRAY 2, LAST_ARRAY 4 (dword 5 bits 13-25) */
    tdesc_2d(TMU_GCN_GFX6, dw);
    put(dw, 3, 28, 4, 13), put(dw, 4, 0, 13, 5), put(dw, 5, 0, 13, 2), put(dw, 5, 13, 13, 4);
    assert_int_equal(to_texture(TMU_GCN_GFX6, dw, &t, NULL), TMU_OK);
    assert_int_equal(t.layers, 6), assert_int_equal(t.base_layer, 2), assert_int_equal(t.layer_count, 3);
    put(dw, 5, 13, 13, 6); /* past the image */
    assert_int_equal(to_texture(TMU_GCN_GFX6, dw, &t, &d), TMU_ERR_INVALID);
    /* whole view: base 0, last = layers - 1 -> no view fields */
    put(dw, 5, 0, 13, 0), put(dw, 5, 13, 13, 5);
    assert_int_equal(to_texture(TMU_GCN_GFX6, dw, &t, NULL), TMU_OK);
    assert_int_equal(t.base_layer, 0), assert_int_equal(t.layer_count, 0);
    /* gfx9 2D array: DEPTH = last accessible layer 5, BASE_ARRAY 2 -> layers 6, view 2..5 */
    tdesc_2d(TMU_GCN_GFX9, dw);
    put(dw, 3, 28, 4, 13), put(dw, 4, 0, 13, 5), put(dw, 5, 0, 13, 2);
    assert_int_equal(to_texture(TMU_GCN_GFX9, dw, &t, NULL), TMU_OK);
    assert_int_equal(t.layers, 6), assert_int_equal(t.base_layer, 2), assert_int_equal(t.layer_count, 4);
    /* gfx8 cube with DEPTH 1: two cubes (12 faces) = a cube array; view faces 6..11 */
    tdesc_2d(TMU_GCN_GFX8, dw);
    put(dw, 2, 14, 14, 255);
    put(dw, 3, 28, 4, 11), put(dw, 4, 0, 13, 1), put(dw, 5, 0, 13, 6), put(dw, 5, 13, 13, 11);
    assert_int_equal(to_texture(TMU_GCN_GFX8, dw, &t, NULL), TMU_OK);
    assert_int_equal(t.dim, TMU_DIM_CUBE_ARRAY);
    assert_int_equal(t.layers, 12), assert_int_equal(t.base_layer, 6), assert_int_equal(t.layer_count, 6);
    /* gfx9 cube: DEPTH counts faces */
    tdesc_2d(TMU_GCN_GFX9, dw);
    put(dw, 2, 14, 14, 255);
    put(dw, 3, 28, 4, 11), put(dw, 4, 0, 13, 5);
    assert_int_equal(to_texture(TMU_GCN_GFX9, dw, &t, NULL), TMU_OK);
    assert_int_equal(t.dim, TMU_DIM_CUBE), assert_int_equal(t.layers, 6);
    put(dw, 4, 0, 13, 6); /* 7 faces */
    assert_int_equal(to_texture(TMU_GCN_GFX9, dw, &t, &d), TMU_ERR_INVALID);
    /* 1D array: HEIGHT is 1 whatever the field says (radv writes 1 row) */
    tdesc_2d(TMU_GCN_GFX7, dw);
    put(dw, 3, 28, 4, 12), put(dw, 4, 0, 13, 3), put(dw, 5, 13, 13, 3);
    assert_int_equal(to_texture(TMU_GCN_GFX7, dw, &t, NULL), TMU_OK);
    assert_int_equal(t.height, 1), assert_int_equal(t.layers, 4);
}

/* Memory fields: the base address (d0, d1[7:0]), PITCH, tiling, compression. */
static void test_t_memory(void **state)
{
    (void)state;
    rig r;
    rig_init(&r, TMU_GCN_GFX8, 1 << 20);
    r.region.base = 0x123456780000ull; /* address bits 47:40 = 0x12, bits 39:8 = 0x34567800 */
    uint32_t dw[8];
    tdesc_2d(TMU_GCN_GFX8, dw);
    put(dw, 0, 0, 32, 0x34567800u); /* BASE_ADDRESS = address[39:8] */
    put(dw, 1, 0, 8, 0x12);         /* BASE_ADDRESS_HI = address[47:40] */
    put(dw, 4, 13, 14, 511); /* PITCH 512 texels */
    tmu_gcn_tdesc td;
    assert_int_equal(tmu_gcn_tdesc_decode(TMU_GCN_GFX8, dw, 8, &td, NULL), TMU_OK);
    tmu_texture t;
    tmu_diag d;
    assert_int_equal(tmu_gcn_bind_texture(&td, NULL, &r.env, 0, &t, &d), TMU_OK);
    assert_ptr_equal(t.level[0].data, r.mem);
    assert_int_equal(t.level[0].row_pitch, 512 * 4);
    /* BASE_ADDRESS_HI wrong by one: no region */
    put(dw, 1, 0, 8, 0x13);
    assert_int_equal(tmu_gcn_tdesc_decode(TMU_GCN_GFX8, dw, 8, &td, NULL), TMU_OK);
    assert_int_equal(tmu_gcn_bind_texture(&td, NULL, &r.env, 0, &t, &d), TMU_ERR_RANGE);
    put(dw, 1, 0, 8, 0x12);
    /* PITCH below the width */
    put(dw, 4, 13, 14, 100);
    assert_int_equal(tmu_gcn_tdesc_decode(TMU_GCN_GFX8, dw, 8, &td, NULL), TMU_OK);
    assert_int_equal(tmu_gcn_bind_texture(&td, NULL, &r.env, 0, &t, &d), TMU_ERR_INVALID);
    put(dw, 4, 13, 14, 255);
    /* refused values, each named */
    static const struct {
        unsigned word, lo, width, value;
        const char *name;
    } bad[] = {
        {3, 20, 5, 9, "TILING_INDEX = 9"},
        {3, 20, 5, 0, "TILING_INDEX = 0"},
        {6, 21, 1, 1, "COMPRESSION_EN = 1"},
        {2, 31, 1, 1, "INTERLACED = 1"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        uint32_t c[8];
        memcpy(c, dw, sizeof c);
        put(c, bad[i].word, bad[i].lo, bad[i].width, bad[i].value);
        assert_int_equal(tmu_gcn_tdesc_decode(TMU_GCN_GFX8, c, 8, &td, NULL), TMU_OK);
        assert_int_equal(tmu_gcn_bind_texture(&td, NULL, &r.env, 0, &t, &d), TMU_ERR_UNSUPPORTED);
        assert_non_null(strstr(d.message, bad[i].name));
    }
    rig_free(&r);
    /* gfx9: SW_MODE other than 0, ARRAY_PITCH, MAX_MIP below LAST_LEVEL */
    rig_init(&r, TMU_GCN_GFX9, 1 << 20);
    tdesc_2d(TMU_GCN_GFX9, dw);
    dw[0] = (uint32_t)(RIG_BASE >> 8);
    assert_int_equal(tmu_gcn_tdesc_decode(TMU_GCN_GFX9, dw, 8, &td, NULL), TMU_OK);
    assert_int_equal(tmu_gcn_bind_texture(&td, NULL, &r.env, 0, &t, &d), TMU_OK);
    static const struct {
        unsigned word, lo, width, value;
        const char *name;
    } bad9[] = {
        {3, 20, 5, 1, "SW_MODE = 1"},
        {3, 20, 5, 27, "SW_MODE = 27"},
        {5, 13, 4, 1, "ARRAY_PITCH = 1"},
        {6, 21, 1, 1, "COMPRESSION_EN = 1"},
        {3, 16, 4, 1, "beyond MAX_MIP 0"}, /* LAST_LEVEL 1 */
    };
    for (size_t i = 0; i < sizeof bad9 / sizeof bad9[0]; i++) {
        uint32_t c[8];
        memcpy(c, dw, sizeof c);
        put(c, bad9[i].word, bad9[i].lo, bad9[i].width, bad9[i].value);
        assert_int_equal(tmu_gcn_tdesc_decode(TMU_GCN_GFX9, c, 8, &td, NULL), TMU_OK);
        assert_int_not_equal(tmu_gcn_bind_texture(&td, NULL, &r.env, 0, &t, &d), TMU_OK);
        assert_non_null(strstr(d.message, bad9[i].name));
    }
    rig_free(&r);
}

/* An S# with only the given field set (on top of zeros). */
static tmu_status to_sampler(tmu_gcn_gen gen, const uint32_t dw[4], tmu_sampler *s, tmu_diag *d)
{
    tmu_gcn_sdesc sd;
    assert_int_equal(tmu_gcn_sdesc_decode(gen, dw, &sd, NULL), TMU_OK);
    return tmu_gcn_sdesc_to_sampler(&sd, s, d);
}

static void test_s_fields(void **state)
{
    (void)state;
    uint32_t dw[4];
    tmu_sampler s;
    tmu_diag d;
    /* CLAMP_X/Y/Z: all eight modes on each axis (bits 0-2, 3-5, 6-8) */
    static const tmu_address modes[8] = {
        TMU_ADDRESS_REPEAT,          TMU_ADDRESS_MIRRORED_REPEAT, TMU_ADDRESS_CLAMP_TO_EDGE,
        TMU_ADDRESS_MIRROR_CLAMP_TO_EDGE, TMU_ADDRESS_CLAMP_HALF_BORDER, TMU_ADDRESS_MIRROR_ONCE_HALF_BORDER,
        TMU_ADDRESS_CLAMP_TO_BORDER, TMU_ADDRESS_MIRROR_ONCE_BORDER};
    for (unsigned a = 0; a < 3; a++)
        for (unsigned m = 0; m < 8; m++) {
            memset(dw, 0, sizeof dw);
            put(dw, 0, 3 * a, 3, m);
            assert_int_equal(to_sampler(TMU_GCN_GFX7, dw, &s, NULL), TMU_OK);
            assert_int_equal(s.address[a], modes[m]);
            assert_int_equal(s.address[(a + 1) % 3], TMU_ADDRESS_REPEAT);
        }
    /* XY filters: POINT, BILINEAR, ANISO_POINT, ANISO_BILINEAR (mag bits 20-21, min 22-23 of d2);
     * MAX_ANISO_RATIO 0-4 = 1x..16x (d0 bits 9-11), used by the ANISO filters */
    for (unsigned f = 0; f < 4; f++)
        for (unsigned ratio = 0; ratio < 5; ratio++) {
            memset(dw, 0, sizeof dw);
            put(dw, 2, 20, 2, f), put(dw, 2, 22, 2, f), put(dw, 0, 9, 3, ratio);
            assert_int_equal(to_sampler(TMU_GCN_GFX9, dw, &s, NULL), TMU_OK);
            assert_int_equal(s.mag_filter, (f & 1) ? TMU_FILTER_LINEAR : TMU_FILTER_NEAREST);
            assert_int_equal(s.min_filter, (f & 1) ? TMU_FILTER_LINEAR : TMU_FILTER_NEAREST);
            assert_true(s.max_anisotropy == ((f & 2) ? (float)(1u << ratio) : 0.0f));
        }
    memset(dw, 0, sizeof dw);
    put(dw, 0, 9, 3, 5);
    assert_int_equal(to_sampler(TMU_GCN_GFX9, dw, &s, &d), TMU_ERR_UNSUPPORTED);
    assert_non_null(strstr(d.message, "MAX_ANISO_RATIO = 5"));
    /* DEPTH_COMPARE_FUNC 0-7 (bits 12-14) */
    for (unsigned c = 0; c < 8; c++) {
        memset(dw, 0, sizeof dw);
        put(dw, 0, 12, 3, c);
        assert_int_equal(to_sampler(TMU_GCN_GFX6, dw, &s, NULL), TMU_OK);
        assert_int_equal(s.compare_op, (tmu_compare)c);
    }
    /* FORCE_UNNORMALIZED (bit 15), DISABLE_CUBE_WRAP (bit 28) */
    memset(dw, 0, sizeof dw);
    assert_int_equal(to_sampler(TMU_GCN_GFX8, dw, &s, NULL), TMU_OK);
    assert_int_equal(s.normalized, 1), assert_int_equal(s.seamless_cube, 1);
    put(dw, 0, 15, 1, 1), put(dw, 0, 28, 1, 1);
    assert_int_equal(to_sampler(TMU_GCN_GFX8, dw, &s, NULL), TMU_OK);
    assert_int_equal(s.normalized, 0), assert_int_equal(s.seamless_cube, 0);
    /* FILTER_MODE 0-2 (bits 29-30): blend, min, max; 3 reserved */
    static const tmu_reduction red[3] = {TMU_REDUCTION_WEIGHTED_AVERAGE, TMU_REDUCTION_MIN, TMU_REDUCTION_MAX};
    for (unsigned m = 0; m < 4; m++) {
        memset(dw, 0, sizeof dw);
        put(dw, 0, 29, 2, m);
        tmu_status st = to_sampler(TMU_GCN_GFX9, dw, &s, &d);
        if (m < 3) {
            assert_int_equal(st, TMU_OK);
            assert_int_equal(s.reduction, red[m]);
        } else {
            assert_int_equal(st, TMU_ERR_UNSUPPORTED);
            assert_non_null(strstr(d.message, "FILTER_MODE = 3"));
        }
    }
    /* TRUNC_COORD (bit 27) and MC_COORD_TRUNC (bit 19) are refused */
    memset(dw, 0, sizeof dw);
    put(dw, 0, 27, 1, 1);
    assert_int_equal(to_sampler(TMU_GCN_GFX9, dw, &s, &d), TMU_ERR_UNSUPPORTED);
    assert_non_null(strstr(d.message, "TRUNC_COORD = 1"));
    memset(dw, 0, sizeof dw);
    put(dw, 0, 19, 1, 1);
    assert_int_equal(to_sampler(TMU_GCN_GFX9, dw, &s, &d), TMU_ERR_UNSUPPORTED);
    /* MIN_LOD, MAX_LOD: unsigned 4.8 (d1 bits 0-11, 12-23); LOD_BIAS signed 5.8 (d2 bits 0-13) */
    memset(dw, 0, sizeof dw);
    put(dw, 1, 0, 12, 0x180), put(dw, 1, 12, 12, 0xfff), put(dw, 2, 0, 14, 0x3f00);
    assert_int_equal(to_sampler(TMU_GCN_GFX7, dw, &s, NULL), TMU_OK);
    assert_true(s.min_lod == 1.5f);
    assert_true(s.max_lod == 4095.0f / 256.0f);
    assert_true(s.lod_bias == -1.0f);
    put(dw, 2, 0, 14, 0x2000); /* most negative: -32 */
    assert_int_equal(to_sampler(TMU_GCN_GFX7, dw, &s, NULL), TMU_OK);
    assert_true(s.lod_bias == -32.0f);
    put(dw, 2, 0, 14, 0x0240); /* 2.25 */
    assert_int_equal(to_sampler(TMU_GCN_GFX7, dw, &s, NULL), TMU_OK);
    assert_true(s.lod_bias == 2.25f);
    /* MIP_FILTER 0-2 (d2 bits 26-27): none, point, linear; 3 reserved */
    static const tmu_mip_filter mips[3] = {TMU_MIP_NONE, TMU_MIP_NEAREST, TMU_MIP_LINEAR};
    for (unsigned m = 0; m < 4; m++) {
        memset(dw, 0, sizeof dw);
        put(dw, 2, 26, 2, m);
        tmu_status st = to_sampler(TMU_GCN_GFX8, dw, &s, &d);
        if (m < 3)
            assert_int_equal(s.mip_filter, mips[m]);
        else
            assert_int_equal(st, TMU_ERR_UNSUPPORTED);
    }
    /* BORDER_COLOR_TYPE 0-2 (d3 bits 30-31), float and integer colours */
    static const float bf[3][4] = {{0, 0, 0, 0}, {0, 0, 0, 1}, {1, 1, 1, 1}};
    for (unsigned b = 0; b < 3; b++) {
        memset(dw, 0, sizeof dw);
        put(dw, 3, 30, 2, b);
        assert_int_equal(to_sampler(TMU_GCN_GFX9, dw, &s, NULL), TMU_OK);
        for (int c = 0; c < 4; c++) {
            assert_true(s.border_f[c] == bf[b][c]);
            assert_int_equal(s.border_u[c], (uint32_t)bf[b][c]);
        }
    }
    /* precision hints are accepted and change nothing */
    memset(dw, 0, sizeof dw);
    put(dw, 0, 16, 3, 7), put(dw, 0, 21, 6, 63), put(dw, 1, 24, 4, 15), put(dw, 1, 28, 4, 15);
    put(dw, 2, 14, 6, 63), put(dw, 2, 28, 1, 1), put(dw, 2, 29, 1, 1), put(dw, 2, 30, 1, 1);
    put(dw, 2, 31, 1, 1), put(dw, 0, 31, 1, 1);
    tmu_sampler plain;
    uint32_t zero[4] = {0, 0, 0, 0};
    assert_int_equal(to_sampler(TMU_GCN_GFX9, dw, &s, NULL), TMU_OK);
    assert_int_equal(to_sampler(TMU_GCN_GFX9, zero, &plain, NULL), TMU_OK);
    assert_memory_equal(&s, &plain, sizeof s);
}

/* Fields that need the image or the environment: REGISTER border, BC_SWIZZLE, Z_FILTER,
 * FORCE_DEGAMMA / SKIP_DEGAMMA. */
static void test_bound_fields(void **state)
{
    (void)state;
    static const uint32_t table[2][4] = {{1, 2, 3, 4}, {0x3f800000, 0, 0x3f000000, 0x3e800000}};
    tmu_gcn_env env = {NULL, 0, table[0], 2, NULL, 0, NULL};
    uint32_t dw[4] = {0, 0, 0, 0};
    put(dw, 3, 30, 2, 3), put(dw, 3, 0, 12, 1); /* REGISTER, entry 1 */
    tmu_gcn_sdesc sd;
    tmu_sampler s;
    tmu_diag d;
    assert_int_equal(tmu_gcn_sdesc_decode(TMU_GCN_GFX8, dw, &sd, NULL), TMU_OK);
    assert_int_equal(tmu_gcn_bind_sampler(&sd, NULL, NULL, &env, &s, NULL), TMU_OK);
    assert_true(s.border_f[0] == 1.0f && s.border_f[1] == 0.0f && s.border_f[2] == 0.5f &&
                s.border_f[3] == 0.25f);
    assert_int_equal(s.border_u[2], 0x3f000000);
    put(dw, 3, 0, 12, 2);
    assert_int_equal(tmu_gcn_sdesc_decode(TMU_GCN_GFX8, dw, &sd, NULL), TMU_OK);
    assert_int_equal(tmu_gcn_bind_sampler(&sd, NULL, NULL, &env, &s, &d), TMU_ERR_RANGE);
    assert_non_null(strstr(d.message, "BORDER_COLOR_PTR 2"));
    /* gfx9 BC_SWIZZLE (T# d4 bits 29-31): XYZW, XWYZ, WZYX, WXYZ, ZYXW, YXWZ put the colour
     * (1, 2, 3, 4) into x,y,z,w as rgba[p[c]] */
    static const uint32_t want[6][4] = {{1, 2, 3, 4}, {1, 4, 2, 3}, {4, 3, 2, 1},
                                        {4, 1, 2, 3}, {3, 2, 1, 4}, {2, 1, 4, 3}};
    put(dw, 3, 0, 12, 0);
    assert_int_equal(tmu_gcn_sdesc_decode(TMU_GCN_GFX9, dw, &sd, NULL), TMU_OK);
    uint32_t t[8];
    tdesc_2d(TMU_GCN_GFX9, t);
    for (unsigned bc = 0; bc < 7; bc++) {
        put(t, 4, 29, 3, bc);
        tmu_gcn_tdesc td;
        assert_int_equal(tmu_gcn_tdesc_decode(TMU_GCN_GFX9, t, 8, &td, NULL), TMU_OK);
        tmu_status st = tmu_gcn_bind_sampler(&sd, &td, NULL, &env, &s, &d);
        if (bc < 6) {
            assert_int_equal(st, TMU_OK);
            for (int c = 0; c < 4; c++)
                assert_int_equal(s.border_u[c], want[bc][c]);
        } else {
            assert_int_equal(st, TMU_ERR_UNSUPPORTED);
            assert_non_null(strstr(d.message, "BC_SWIZZLE = 6"));
        }
    }
    /* Z_FILTER (d2 bits 24-25) must match the XY filters on a 3D image */
    tmu_texture tex;
    memset(&tex, 0, sizeof tex);
    tex.dim = TMU_DIM_3D;
    uint32_t z[4] = {0, 0, 0, 0};
    put(z, 2, 20, 2, 1), put(z, 2, 22, 2, 1), put(z, 2, 24, 2, 2); /* bilinear + LINEAR z */
    assert_int_equal(tmu_gcn_sdesc_decode(TMU_GCN_GFX7, z, &sd, NULL), TMU_OK);
    assert_int_equal(tmu_gcn_bind_sampler(&sd, NULL, &tex, &env, &s, NULL), TMU_OK);
    put(z, 2, 24, 2, 1); /* POINT z */
    assert_int_equal(tmu_gcn_sdesc_decode(TMU_GCN_GFX7, z, &sd, NULL), TMU_OK);
    assert_int_equal(tmu_gcn_bind_sampler(&sd, NULL, &tex, &env, &s, &d), TMU_ERR_UNSUPPORTED);
    assert_non_null(strstr(d.message, "Z_FILTER = 1"));
    tex.dim = TMU_DIM_2D; /* other shapes have no z axis */
    assert_int_equal(tmu_gcn_bind_sampler(&sd, NULL, &tex, &env, &s, NULL), TMU_OK);
    /* FORCE_DEGAMMA (S# d0 bit 20) reads 8_8_8_8 UNORM as sRGB; 16-bit UNORM has no sRGB form;
     * SKIP_DEGAMMA (gfx9, d3 bit 12) reads SRGB as UNORM */
    rig r;
    rig_init(&r, TMU_GCN_GFX9, 1 << 20);
    tdesc_2d(TMU_GCN_GFX9, t);
    t[0] = (uint32_t)(RIG_BASE >> 8);
    tmu_gcn_tdesc td;
    uint32_t g[4] = {0, 0, 0, 0};
    put(g, 0, 20, 1, 1);
    assert_int_equal(tmu_gcn_sdesc_decode(TMU_GCN_GFX9, g, &sd, NULL), TMU_OK);
    assert_int_equal(tmu_gcn_tdesc_decode(TMU_GCN_GFX9, t, 8, &td, NULL), TMU_OK);
    assert_int_equal(tmu_gcn_bind_texture(&td, &sd, &r.env, 0, &tex, NULL), TMU_OK);
    assert_string_equal(tmu_format_name(tex.format), "r8g8b8a8_srgb");
    put(t, 1, 20, 6, 2); /* 16 */
    assert_int_equal(tmu_gcn_tdesc_decode(TMU_GCN_GFX9, t, 8, &td, NULL), TMU_OK);
    assert_int_equal(tmu_gcn_bind_texture(&td, &sd, &r.env, 0, &tex, &d), TMU_ERR_UNSUPPORTED);
    assert_non_null(strstr(d.message, "FORCE_DEGAMMA"));
    put(t, 1, 20, 6, 10), put(t, 1, 26, 4, 9); /* 8_8_8_8 SRGB */
    memset(g, 0, sizeof g);
    put(g, 3, 12, 1, 1);
    assert_int_equal(tmu_gcn_sdesc_decode(TMU_GCN_GFX9, g, &sd, NULL), TMU_OK);
    assert_int_equal(tmu_gcn_tdesc_decode(TMU_GCN_GFX9, t, 8, &td, NULL), TMU_OK);
    assert_int_equal(tmu_gcn_bind_texture(&td, &sd, &r.env, 0, &tex, NULL), TMU_OK);
    assert_string_equal(tmu_format_name(tex.format), "r8g8b8a8_unorm");
    rig_free(&r);
}

/* tmu_gcn_tdesc_for_texture writes what a driver writes and binds back to the same shape. */
static void test_roundtrip(void **state)
{
    (void)state;
    static const tmu_dim dims[6] = {TMU_DIM_1D, TMU_DIM_2D, TMU_DIM_3D, TMU_DIM_CUBE, TMU_DIM_2D_ARRAY,
                                    TMU_DIM_CUBE_ARRAY};
    for (int g = 0; g < TMU_GCN_GEN_COUNT; g++)
        for (int i = 0; i < 6; i++) {
            rig r;
            rig_init(&r, (tmu_gcn_gen)g, 1 << 22);
            uint32_t w = 16, h = dims[i] == TMU_DIM_1D ? 1 : 16;
            uint32_t layers = dims[i] == TMU_DIM_CUBE ? 6 : dims[i] == TMU_DIM_CUBE_ARRAY ? 12
                              : dims[i] == TMU_DIM_2D_ARRAY                              ? 3
                                                                                         : 1;
            tmu_texture shape = rig_shape(dims[i], TMU_FORMAT_R16G16_FLOAT, w, h,
                                          dims[i] == TMU_DIM_3D ? 4 : 1, layers, 3), t;
            shape.swizzle[0] = TMU_SWIZZLE_G, shape.swizzle[1] = TMU_SWIZZLE_R;
            shape.swizzle[2] = TMU_SWIZZLE_ZERO, shape.swizzle[3] = TMU_SWIZZLE_ONE;
            rig_texture(&r, 8, &shape, 0, &t);
            assert_int_equal(t.dim, shape.dim), assert_int_equal(t.format, shape.format);
            assert_int_equal(t.width, w), assert_int_equal(t.height, h), assert_int_equal(t.depth, shape.depth);
            assert_int_equal(t.layers, layers), assert_int_equal(t.levels, 3);
            assert_memory_equal(t.swizzle, shape.swizzle, sizeof t.swizzle);
            rig_free(&r);
        }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_t_formats), cmocka_unit_test(test_t_shape),
        cmocka_unit_test(test_t_layers),  cmocka_unit_test(test_t_memory),
        cmocka_unit_test(test_s_fields),  cmocka_unit_test(test_bound_fields),
        cmocka_unit_test(test_roundtrip),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
