/* Hand-worked cases of GCN MIMG execution: every expected value below is worked out by hand from
 * the rules in shared/reference (gcn-mimg.md §3, sampling.md) and AMD addrlib's placement rules,
 * not taken from the code under test. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "gcn/gcn_rig.h"

/* Texel (x, y, layer-or-z) of level `lv` of a bound texture, written through the format codec. */
static void put_texel(const tmu_texture *t, uint32_t lv, uint32_t x, uint32_t y, uint32_t z,
                      const tmu_texel *v)
{
    void *p = (void *)(uintptr_t)tmu_texel_address(t, lv, x, y, z, 0);
    assert_non_null(p);
    assert_int_equal(tmu_format_encode(t->format, v, p), TMU_OK);
}

static void put_f(const tmu_texture *t, uint32_t lv, uint32_t x, uint32_t y, uint32_t z, float r)
{
    tmu_texel v = {{r, 0, 0, 1}};
    put_texel(t, lv, x, y, z, &v);
}

/* 4x4 r32_float, texel (x, y) = 10 y + x, T# in s[8:15], point/bilinear S# in s[16:19]. */
static void grid_4x4(rig *r, tmu_format fmt)
{
    tmu_texture shape = rig_shape(TMU_DIM_2D, fmt, 4, 4, 1, 1, 1), t;
    rig_texture(r, 8, &shape, 0, &t);
    for (uint32_t y = 0; y < 4; y++)
        for (uint32_t x = 0; x < 4; x++) {
            tmu_texel v;
            memset(&v, 0, sizeof v);
            if (tmu_format_get(fmt)->numeric == TMU_NUMERIC_UINT)
                v.u[0] = 10 * y + x;
            else
                v.f[0] = (float)(10 * y + x);
            v.u[3] = tmu_format_get(fmt)->numeric == TMU_NUMERIC_UINT ? 1u : f32_bits(1.0f);
            put_texel(&t, 0, x, y, 0, &v);
        }
}

static void test_sample_dmask(void **state)
{
    (void)state;
    rig r;
    rig_init(&r, TMU_GCN_GFX9, 1 << 16);
    grid_4x4(&r, TMU_FORMAT_R32_FLOAT);
    rig_sampler(&r, 16, 2, 0, 0);
    /* point sampling at texel centres: lane l reads texel (l % 4, l / 4 % 4) */
    for (unsigned l = 0; l < 64; l++) {
        rig_setf(&r, 4, l, ((float)(l % 4) + 0.5f) / 4.0f);
        rig_setf(&r, 5, l, ((float)(l / 4 % 4) + 0.5f) / 4.0f);
    }
    rig_setu_all(&r, 2, 0xdeadbeef);
    assert_int_equal(rig_run(&r, "image_sample v[0:1], v[4:5], s[8:15], s[16:19] dmask:0x9"), TMU_OK);
    /* results are not visible before the instruction retires */
    assert_int_equal(r.w->vgpr[0][5], 0);
    assert_int_equal(tmu_gcn_wave_vm_cnt(r.w), 1);
    tmu_gcn_wave_wait(r.w, 0, 0);
    for (unsigned l = 0; l < 64; l++) {
        assert_true(rig_getf(&r, 0, l) == (float)(10 * (l / 4 % 4) + l % 4)); /* R */
        assert_true(rig_getf(&r, 1, l) == 1.0f);                             /* A of r32: 1 */
        assert_int_equal(r.w->vgpr[2][l], 0xdeadbeef);                       /* untouched */
    }
    /* bilinear at (0.5, 0.5): i0 = j0 = 1, weights 1/4 -> (11 + 12 + 21 + 22) / 4 = 16.5;
     * DMASK 0x5 = R, B compacted into v0, v1 */
    rig_sampler(&r, 16, 2, 1, 0);
    rig_setf_all(&r, 4, 0.5f);
    rig_setf_all(&r, 5, 0.5f);
    r.w->exec = 0x5; /* lanes 0 and 2 only */
    rig_setu_all(&r, 0, 7);
    rig_setu_all(&r, 1, 7);
    assert_int_equal(rig_run(&r, "image_sample v[0:1], v[4:5], s[8:15], s[16:19] dmask:0x5"), TMU_OK);
    tmu_gcn_wave_wait(r.w, 0, 0);
    assert_true(rig_getf(&r, 0, 0) == 16.5f && rig_getf(&r, 1, 0) == 0.0f);
    assert_true(rig_getf(&r, 0, 2) == 16.5f);
    assert_int_equal(r.w->vgpr[0][1], 7); /* lane outside EXEC untouched */
    assert_int_equal(r.w->vgpr[1][3], 7);
    /* DMASK 0: one VDATA register, nothing transferred */
    r.w->exec = ~0ull;
    assert_int_equal(rig_run(&r, "image_sample v0, v[4:5], s[8:15], s[16:19]"), TMU_OK);
    tmu_gcn_wave_wait(r.w, 0, 0);
    assert_int_equal(r.w->vgpr[0][1], 7);
    rig_free(&r);
}

/* D16: 16.5 = fp16 0x4c20, 0 = 0x0000, 1 = 0x3c00 */
static void test_d16(void **state)
{
    (void)state;
    static const tmu_gcn_gen gens[3] = {TMU_GCN_GFX8, TMU_GCN_GFX81, TMU_GCN_GFX9};
    for (int g = 0; g < 3; g++) {
        rig r;
        rig_init(&r, gens[g], 1 << 16);
        grid_4x4(&r, TMU_FORMAT_R32_FLOAT);
        rig_sampler(&r, 16, 2, 1, 0);
        rig_setf_all(&r, 4, 0.5f);
        rig_setf_all(&r, 5, 0.5f);
        rig_setu_all(&r, 3, 0x12345678);
        const char *text = g == 0 ? "image_sample v[0:3], v[4:5], s[8:15], s[16:19] dmask:0xf d16"
                                  : "image_sample v[0:1], v[4:5], s[8:15], s[16:19] dmask:0xf d16";
        assert_int_equal(rig_run(&r, text), TMU_OK);
        tmu_gcn_wave_wait(r.w, 0, 0);
        if (g == 0) { /* gfx8.0: one half per VGPR, high half 0 */
            assert_int_equal(r.w->vgpr[0][9], 0x4c20);
            assert_int_equal(r.w->vgpr[1][9], 0);
            assert_int_equal(r.w->vgpr[2][9], 0);
            assert_int_equal(r.w->vgpr[3][9], 0x3c00);
        } else { /* gfx8.1, gfx9: packed, R low */
            assert_int_equal(r.w->vgpr[0][9], 0x00004c20);
            assert_int_equal(r.w->vgpr[1][9], 0x3c000000);
            assert_int_equal(r.w->vgpr[3][9], 0x12345678);
        }
        /* three components: the odd last half has a zero high half */
        if (g > 0) {
            assert_int_equal(rig_run(&r, "image_sample v[0:1], v[4:5], s[8:15], s[16:19] dmask:0xb d16"), TMU_OK);
            tmu_gcn_wave_wait(r.w, 0, 0);
            assert_int_equal(r.w->vgpr[0][0], 0x00004c20); /* R, G */
            assert_int_equal(r.w->vgpr[1][0], 0x00003c00); /* A, pad */
        }
        rig_free(&r);
    }
}

static void test_tfe(void **state)
{
    (void)state;
    rig r;
    rig_init(&r, TMU_GCN_GFX9, 1 << 16);
    grid_4x4(&r, TMU_FORMAT_R32_FLOAT);
    rig_sampler(&r, 16, 2, 0, 0);
    /* 2x2 tiles, tile (1, 0) (x 2-3, y 0-1) not resident */
    static const uint8_t map[4] = {1, 0, 1, 1};
    tmu_residency res = {2, 2, 1, {map}};
    tmu_gcn_prt prt = {RIG_BASE, &res};
    r.env.prt = &prt;
    r.env.prt_count = 1;
    rig_setf(&r, 4, 0, 3.5f / 4), rig_setf(&r, 5, 0, 0.5f / 4); /* texel (3, 0): not resident */
    rig_setf(&r, 4, 1, 0.5f / 4), rig_setf(&r, 5, 1, 0.5f / 4); /* texel (0, 0) */
    r.w->exec = 0x3;
    rig_setu_all(&r, 1, 0xdeadbeef);
    assert_int_equal(rig_run(&r, "image_sample v[0:1], v[4:5], s[8:15], s[16:19] dmask:0x1 tfe"), TMU_OK);
    tmu_gcn_wave_wait(r.w, 0, 0);
    assert_int_equal(r.w->vgpr[0][0], 0); /* data of a failed access: 0 */
    assert_int_equal(r.w->vgpr[1][0], 1); /* status: not resident */
    assert_true(rig_getf(&r, 0, 1) == 0.0f);
    assert_int_equal(r.w->vgpr[1][1], 0xdeadbeef); /* status written only on failure */
    /* loads report residency the same way */
    r.w->vgpr[4][0] = 2, r.w->vgpr[5][0] = 1; /* texel (2, 1): tile (1, 0) */
    r.w->vgpr[4][1] = 1, r.w->vgpr[5][1] = 3; /* texel (1, 3) = 31 */
    rig_setu_all(&r, 1, 0xdeadbeef);
    assert_int_equal(rig_run(&r, "image_load v[0:1], v[4:5], s[8:15] dmask:0x1 unorm tfe"), TMU_OK);
    tmu_gcn_wave_wait(r.w, 0, 0);
    assert_int_equal(r.w->vgpr[1][0], 1);
    assert_true(rig_getf(&r, 0, 1) == 31.0f);
    assert_int_equal(r.w->vgpr[1][1], 0xdeadbeef);
    rig_free(&r);
}

/* Cube maps: face coordinates in [1, 2] and a face id go back to a direction.  Face F texel
 * (x, y) of cube L holds 1000 L + 100 F + 10 y + x; s = 1.25, t = 1.75 is texel (0, 1) of a
 * 2x2 face. */
static void cube_setup(rig *r, uint32_t cubes)
{
    tmu_texture shape = rig_shape(cubes > 1 ? TMU_DIM_CUBE_ARRAY : TMU_DIM_CUBE, TMU_FORMAT_R32_FLOAT,
                                  2, 2, 1, 6 * cubes, 1), t;
    rig_texture(r, 8, &shape, 0, &t);
    for (uint32_t l = 0; l < 6 * cubes; l++)
        for (uint32_t y = 0; y < 2; y++)
            for (uint32_t x = 0; x < 2; x++)
                put_f(&t, 0, x, y, l, (float)(1000 * (l / 6) + 100 * (l % 6) + 10 * y + x));
    rig_sampler(r, 16, 2, 0, 0);
    rig_setf_all(r, 4, 1.25f);
    rig_setf_all(r, 5, 1.75f);
}

static void test_cube(void **state)
{
    (void)state;
    for (int g = 0; g < 2; g++) {
        rig r;
        rig_init(&r, g ? TMU_GCN_GFX9 : TMU_GCN_GFX8, 1 << 16);
        cube_setup(&r, 1);
        for (unsigned l = 0; l < 6; l++)
            rig_setf(&r, 6, l, (float)l);
        r.w->exec = 0x3f;
        assert_int_equal(rig_run(&r, "image_sample v0, v[4:6], s[8:15], s[16:19] dmask:0x1 da"), TMU_OK);
        tmu_gcn_wave_wait(r.w, 0, 0);
        for (unsigned f = 0; f < 6; f++)
            assert_true(rig_getf(&r, 0, f) == (float)(100 * f + 10));
        /* image_load on a cube image: the slice is the face */
        r.w->vgpr[4][0] = 1, r.w->vgpr[5][0] = 0, r.w->vgpr[6][0] = 4;
        r.w->exec = 1;
        assert_int_equal(rig_run(&r, "image_load v0, v[4:6], s[8:15] dmask:0x1 unorm da"), TMU_OK);
        tmu_gcn_wave_wait(r.w, 0, 0);
        assert_true(rig_getf(&r, 0, 0) == 401.0f);
        rig_free(&r);
    }
    /* Cube arrays (2 cubes): face id = 8 layer + face.  Layer 2 face 3 (19): gfx8 clamps 19 to
     * 8 * 1 + 5 = 13 (cube 1, face 5); gfx9 clamps the layer only (cube 1, face 3).  Layer -1
     * face 2 (-6): gfx8 -> 0 (cube 0, face 0); gfx9 -> cube 0, face 2. */
    static const float ids[4] = {8 + 4, 19, -6, 1};
    static const float want[2][4] = {{1410, 1510, 10, 110}, {1410, 1310, 210, 110}};
    for (int g = 0; g < 2; g++) {
        rig r;
        rig_init(&r, g ? TMU_GCN_GFX9 : TMU_GCN_GFX7, 1 << 16);
        cube_setup(&r, 2);
        for (unsigned l = 0; l < 4; l++)
            rig_setf(&r, 6, l, ids[l]);
        r.w->exec = 0xf;
        assert_int_equal(rig_run(&r, "image_sample v0, v[4:6], s[8:15], s[16:19] dmask:0x1 da"), TMU_OK);
        tmu_gcn_wave_wait(r.w, 0, 0);
        for (unsigned l = 0; l < 4; l++)
            assert_true(rig_getf(&r, 0, l) == want[g][l]);
        rig_free(&r);
    }
}

static void test_a16(void **state)
{
    (void)state;
    rig r;
    rig_init(&r, TMU_GCN_GFX9, 1 << 16);
    grid_4x4(&r, TMU_FORMAT_R32_FLOAT);
    rig_sampler(&r, 16, 2, 0, 0);
    /* s = 0.625 (fp16 0x3900), t = 0.375 (0x3600) -> texel (2, 1) = 12 */
    rig_setu_all(&r, 4, 0x3900u | 0x3600u << 16);
    assert_int_equal(rig_run(&r, "image_sample v0, v4, s[8:15], s[16:19] dmask:0x1 a16"), TMU_OK);
    tmu_gcn_wave_wait(r.w, 0, 0);
    assert_true(rig_getf(&r, 0, 0) == 12.0f);
    /* A16 load: x = 3, y = 2 in one VGPR -> texel 23 */
    rig_setu_all(&r, 4, 3u | 2u << 16);
    assert_int_equal(rig_run(&r, "image_load v0, v4, s[8:15] dmask:0x1 unorm a16"), TMU_OK);
    tmu_gcn_wave_wait(r.w, 0, 0);
    assert_true(rig_getf(&r, 0, 0) == 23.0f);
    /* sample_l with A16: {s, t} then {lod, pad}; lod 0 -> level 0 */
    rig_setu_all(&r, 4, 0x3900u | 0x3600u << 16);
    rig_setu_all(&r, 5, 0);
    assert_int_equal(rig_run(&r, "image_sample_l v0, v[4:5], s[8:15], s[16:19] dmask:0x1 a16"), TMU_OK);
    tmu_gcn_wave_wait(r.w, 0, 0);
    assert_true(rig_getf(&r, 0, 0) == 12.0f);
    rig_free(&r);
}

static void test_gather(void **state)
{
    (void)state;
    /* gather4 at (0.5, 0.5) on the 4x4 grid: i0 = j0 = 1; order (i0,j1) (i1,j1) (i1,j0) (i0,j0) =
     * 21, 22, 12, 11 */
    rig r;
    rig_init(&r, TMU_GCN_GFX8, 1 << 16);
    grid_4x4(&r, TMU_FORMAT_R32_FLOAT);
    rig_sampler(&r, 16, 2, 1, 0);
    rig_setf_all(&r, 4, 0.5f);
    rig_setf_all(&r, 5, 0.5f);
    assert_int_equal(rig_run(&r, "image_gather4 v[0:3], v[4:5], s[8:15], s[16:19] dmask:0x1"), TMU_OK);
    tmu_gcn_wave_wait(r.w, 0, 0);
    assert_true(rig_getf(&r, 0, 3) == 21 && rig_getf(&r, 1, 3) == 22 && rig_getf(&r, 2, 3) == 12 &&
                rig_getf(&r, 3, 3) == 11);
    /* DMASK 0x8 gathers A (1.0 for r32) */
    assert_int_equal(rig_run(&r, "image_gather4_lz v[0:3], v[4:5], s[8:15], s[16:19] dmask:0x8"), TMU_OK);
    tmu_gcn_wave_wait(r.w, 0, 0);
    assert_true(rig_getf(&r, 0, 0) == 1.0f && rig_getf(&r, 3, 0) == 1.0f);
    rig_free(&r);
    /* r32_uint on gfx8: the footprint half a texel to the lower right: i0 = j0 = 2 ->
     * 32, 33, 23, 22; on gfx9 the API footprint 21, 22, 12, 11 */
    for (int g = 0; g < 2; g++) {
        rig_init(&r, g ? TMU_GCN_GFX9 : TMU_GCN_GFX8, 1 << 16);
        grid_4x4(&r, TMU_FORMAT_R32_UINT);
        rig_sampler(&r, 16, 2, 0, 0);
        rig_setf_all(&r, 4, 0.5f);
        rig_setf_all(&r, 5, 0.5f);
        assert_int_equal(rig_run(&r, "image_gather4_lz v[0:3], v[4:5], s[8:15], s[16:19] dmask:0x1"), TMU_OK);
        tmu_gcn_wave_wait(r.w, 0, 0);
        static const uint32_t want[2][4] = {{32, 33, 23, 22}, {21, 22, 12, 11}};
        for (int k = 0; k < 4; k++)
            assert_int_equal(r.w->vgpr[k][0], want[g][k]);
        rig_free(&r);
    }
}

/* A 16x16 r32_float texture with 5 levels, level n filled with n + 1; T# s[8:15]. */
static void mips_16(rig *r)
{
    tmu_texture shape = rig_shape(TMU_DIM_2D, TMU_FORMAT_R32_FLOAT, 16, 16, 1, 1, 5), t;
    rig_texture(r, 8, &shape, 0, &t);
    for (uint32_t n = 0; n < 5; n++)
        for (uint32_t y = 0; y < (16u >> n); y++)
            for (uint32_t x = 0; x < (16u >> n); x++)
                put_f(&t, n, x, y, 0, (float)(n + 1));
}

/* Quad coordinates with d/dx = d/dy = step (normalised) around (0.5, 0.5). */
static void quad_coords(rig *r, unsigned vs, unsigned vt, float step)
{
    for (unsigned l = 0; l < 64; l++) {
        rig_setf(r, vs, l, 0.5f + ((l & 1) ? step : 0.0f));
        rig_setf(r, vt, l, 0.5f + ((l & 2) ? step : 0.0f));
    }
}

static void test_lod_forms(void **state)
{
    (void)state;
    rig r;
    rig_init(&r, TMU_GCN_GFX7, 1 << 16);
    mips_16(&r);
    rig_sampler(&r, 16, 2, 0, 1); /* point, MIP_FILTER POINT */
    /* implicit: 2 texels per pixel -> lambda 1 -> level 1 (value 2) */
    quad_coords(&r, 4, 5, 2.0f / 16);
    assert_int_equal(rig_run(&r, "image_sample v0, v[4:5], s[8:15], s[16:19] dmask:0x1"), TMU_OK);
    tmu_gcn_wave_wait(r.w, 0, 0);
    assert_true(rig_getf(&r, 0, 0) == 2.0f && rig_getf(&r, 0, 63) == 2.0f);
    /* _b: bias 2 first: lambda 1 + 2 = 3 -> value 4 */
    rig_setf_all(&r, 3, 2.0f);
    quad_coords(&r, 4, 5, 2.0f / 16);
    assert_int_equal(rig_run(&r, "image_sample_b v0, v[3:5], s[8:15], s[16:19] dmask:0x1"), TMU_OK);
    tmu_gcn_wave_wait(r.w, 0, 0);
    assert_true(rig_getf(&r, 0, 0) == 4.0f);
    /* _l: coordinates then lod 3 -> value 4 */
    rig_setf_all(&r, 4, 0.5f), rig_setf_all(&r, 5, 0.5f), rig_setf_all(&r, 6, 3.0f);
    assert_int_equal(rig_run(&r, "image_sample_l v0, v[4:6], s[8:15], s[16:19] dmask:0x1"), TMU_OK);
    tmu_gcn_wave_wait(r.w, 0, 0);
    assert_true(rig_getf(&r, 0, 5) == 4.0f);
    /* _lz: level 0 */
    assert_int_equal(rig_run(&r, "image_sample_lz v0, v[4:5], s[8:15], s[16:19] dmask:0x1"), TMU_OK);
    tmu_gcn_wave_wait(r.w, 0, 0);
    assert_true(rig_getf(&r, 0, 5) == 1.0f);
    /* _cl: implicit lambda 1 clamped to at least 2 -> value 3 */
    quad_coords(&r, 4, 5, 2.0f / 16);
    rig_setf_all(&r, 6, 2.0f);
    assert_int_equal(rig_run(&r, "image_sample_cl v0, v[4:6], s[8:15], s[16:19] dmask:0x1"), TMU_OK);
    tmu_gcn_wave_wait(r.w, 0, 0);
    assert_true(rig_getf(&r, 0, 1) == 3.0f);
    /* _d: dsdh dtdh dsdv dtdv s t; d/dx = 4 texels -> lambda 2 -> value 3 */
    rig_setf_all(&r, 10, 4.0f / 16), rig_setf_all(&r, 11, 0), rig_setf_all(&r, 12, 0),
        rig_setf_all(&r, 13, 1.0f / 16), rig_setf_all(&r, 14, 0.5f), rig_setf_all(&r, 15, 0.5f);
    assert_int_equal(rig_run(&r, "image_sample_d v0, v[10:15], s[8:15], s[16:19] dmask:0x1"), TMU_OK);
    tmu_gcn_wave_wait(r.w, 0, 0);
    assert_true(rig_getf(&r, 0, 7) == 3.0f);
    /* _cd takes the same operands */
    assert_int_equal(rig_run(&r, "image_sample_cd v0, v[10:15], s[8:15], s[16:19] dmask:0x1"), TMU_OK);
    tmu_gcn_wave_wait(r.w, 0, 0);
    assert_true(rig_getf(&r, 0, 7) == 3.0f);
    /* S# LOD_BIAS 1.0 (s5.8 = 256) and MIN_LOD/MAX_LOD: lod 0 + bias 1 -> level 1 (value 2) */
    tmu_gcn_sdesc s;
    memset(&s, 0, sizeof s);
    s.gen = TMU_GCN_GFX7;
    s.f[TMU_GCN_S_CLAMP_X] = s.f[TMU_GCN_S_CLAMP_Y] = 2;
    s.f[TMU_GCN_S_MIP_FILTER] = 1;
    s.f[TMU_GCN_S_LOD_BIAS] = 256;
    s.f[TMU_GCN_S_MAX_LOD] = 15 << 8;
    rig_sdesc(&r, 16, &s);
    rig_setf_all(&r, 6, 0.0f);
    rig_setf_all(&r, 4, 0.5f), rig_setf_all(&r, 5, 0.5f);
    assert_int_equal(rig_run(&r, "image_sample_l v0, v[4:6], s[8:15], s[16:19] dmask:0x1"), TMU_OK);
    tmu_gcn_wave_wait(r.w, 0, 0);
    assert_true(rig_getf(&r, 0, 0) == 2.0f);
    s.f[TMU_GCN_S_MIN_LOD] = 3 << 8; /* at least level 3 -> value 4 */
    rig_sdesc(&r, 16, &s);
    assert_int_equal(rig_run(&r, "image_sample_l v0, v[4:6], s[8:15], s[16:19] dmask:0x1"), TMU_OK);
    tmu_gcn_wave_wait(r.w, 0, 0);
    assert_true(rig_getf(&r, 0, 0) == 4.0f);
    rig_free(&r);
}

static void test_compare_offset(void **state)
{
    (void)state;
    rig r;
    rig_init(&r, TMU_GCN_GFX9, 1 << 16);
    /* d32_float 2x1: depth 0.25, 0.75; LESS: ref < texel */
    tmu_texture shape = rig_shape(TMU_DIM_2D, TMU_FORMAT_D32_FLOAT, 2, 1, 1, 1, 1), t;
    rig_texture(&r, 8, &shape, 0, &t);
    put_f(&t, 0, 0, 0, 0, 0.25f);
    put_f(&t, 0, 1, 0, 0, 0.75f);
    tmu_gcn_sdesc s;
    memset(&s, 0, sizeof s);
    s.gen = TMU_GCN_GFX9;
    s.f[TMU_GCN_S_CLAMP_X] = s.f[TMU_GCN_S_CLAMP_Y] = 2;
    s.f[TMU_GCN_S_DEPTH_COMPARE_FUNC] = 1; /* LESS */
    rig_sdesc(&r, 16, &s);
    rig_setf_all(&r, 3, 0.5f); /* z-compare */
    rig_setf(&r, 4, 0, 0.25f), rig_setf(&r, 4, 1, 0.75f);
    rig_setf_all(&r, 5, 0.5f);
    assert_int_equal(rig_run(&r, "image_sample_c v0, v[3:5], s[8:15], s[16:19] dmask:0x1"), TMU_OK);
    tmu_gcn_wave_wait(r.w, 0, 0);
    assert_true(rig_getf(&r, 0, 0) == 0.0f); /* 0.5 < 0.25 false */
    assert_true(rig_getf(&r, 0, 1) == 1.0f); /* 0.5 < 0.75 true */
    /* _o: offset dword x = +1 (0x01), y = -1 (0x3f << 8) at texel (1, 1) of the 4x4 grid -> (2, 0) */
    grid_4x4(&r, TMU_FORMAT_R32_FLOAT);
    rig_sampler(&r, 16, 2, 0, 0);
    rig_setu_all(&r, 3, 0x01u | 0x3fu << 8);
    rig_setf_all(&r, 4, 1.5f / 4), rig_setf_all(&r, 5, 1.5f / 4);
    assert_int_equal(rig_run(&r, "image_sample_o v0, v[3:5], s[8:15], s[16:19] dmask:0x1"), TMU_OK);
    tmu_gcn_wave_wait(r.w, 0, 0);
    assert_true(rig_getf(&r, 0, 0) == 2.0f);
    /* UNORM bit: texel-space coordinates (2.5, 3.5) -> texel (2, 3) = 32 */
    rig_setf_all(&r, 4, 2.5f), rig_setf_all(&r, 5, 3.5f);
    assert_int_equal(rig_run(&r, "image_sample v0, v[4:5], s[8:15], s[16:19] dmask:0x1 unorm"), TMU_OK);
    tmu_gcn_wave_wait(r.w, 0, 0);
    assert_true(rig_getf(&r, 0, 0) == 32.0f);
    rig_free(&r);
}

static void test_array_slice(void **state)
{
    (void)state;
    /* 2D array of 3 layers (value 100 * layer); slice 1.6: gfx8 truncates -> 100, gfx9 rounds -> 200 */
    for (int g = 0; g < 2; g++) {
        rig r;
        rig_init(&r, g ? TMU_GCN_GFX9 : TMU_GCN_GFX8, 1 << 16);
        tmu_texture shape = rig_shape(TMU_DIM_2D_ARRAY, TMU_FORMAT_R32_FLOAT, 2, 2, 1, 3, 1), t;
        rig_texture(&r, 8, &shape, 0, &t);
        for (uint32_t l = 0; l < 3; l++)
            for (uint32_t i = 0; i < 4; i++)
                put_f(&t, 0, i & 1, i >> 1, l, (float)(100 * l));
        rig_sampler(&r, 16, 2, 0, 0);
        rig_setf_all(&r, 4, 0.25f), rig_setf_all(&r, 5, 0.25f), rig_setf_all(&r, 6, 1.6f);
        rig_setf(&r, 6, 1, 7.0f); /* clamped to the last layer */
        assert_int_equal(rig_run(&r, "image_sample v0, v[4:6], s[8:15], s[16:19] dmask:0x1 da"), TMU_OK);
        tmu_gcn_wave_wait(r.w, 0, 0);
        assert_true(rig_getf(&r, 0, 0) == (g ? 200.0f : 100.0f));
        assert_true(rig_getf(&r, 0, 1) == 200.0f);
        rig_free(&r);
    }
}

static void test_resinfo_getlod(void **state)
{
    (void)state;
    rig r;
    rig_init(&r, TMU_GCN_GFX9, 1 << 16);
    /* 8x4 2D array of 5 layers, 3 levels: mip 1 -> (4, 2, 5 layers, 3 levels) */
    tmu_texture shape = rig_shape(TMU_DIM_2D_ARRAY, TMU_FORMAT_R8G8B8A8_UNORM, 8, 4, 1, 5, 3);
    rig_texture(&r, 8, &shape, 0, NULL);
    rig_setu_all(&r, 4, 1);
    r.w->vgpr[4][1] = 7; /* no mip 7: size 0 */
    assert_int_equal(rig_run(&r, "image_get_resinfo v[0:3], v4, s[8:15] dmask:0xf"), TMU_OK);
    tmu_gcn_wave_wait(r.w, 0, 0);
    assert_int_equal(r.w->vgpr[0][0], 4);
    assert_int_equal(r.w->vgpr[1][0], 2);
    assert_int_equal(r.w->vgpr[2][0], 5);
    assert_int_equal(r.w->vgpr[3][0], 3);
    assert_int_equal(r.w->vgpr[0][1], 0);
    assert_int_equal(r.w->vgpr[3][1], 3);
    /* DMASK 0xa: height and levels */
    assert_int_equal(rig_run(&r, "image_get_resinfo v[0:1], v4, s[8:15] dmask:0xa"), TMU_OK);
    tmu_gcn_wave_wait(r.w, 0, 0);
    assert_int_equal(r.w->vgpr[0][0], 2);
    assert_int_equal(r.w->vgpr[1][0], 3);
    /* 3D 8x4x2 at mip 0: depth 2 */
    shape = rig_shape(TMU_DIM_3D, TMU_FORMAT_R8G8B8A8_UNORM, 8, 4, 2, 1, 1);
    rig_texture(&r, 8, &shape, 0, NULL);
    rig_setu_all(&r, 4, 0);
    assert_int_equal(rig_run(&r, "image_get_resinfo v[0:3], v4, s[8:15] dmask:0xf"), TMU_OK);
    tmu_gcn_wave_wait(r.w, 0, 0);
    assert_int_equal(r.w->vgpr[2][0], 2);
    assert_int_equal(r.w->vgpr[3][0], 1);
    /* get_lod: 16x16 with 5 levels, 2 texels per pixel -> lambda 1; S# LOD_BIAS 0.5 -> (1.5, 1.5);
     * MAX_LOD 1.0 -> (1.0 clamped, 1.5 unclamped) */
    mips_16(&r);
    tmu_gcn_sdesc s;
    memset(&s, 0, sizeof s);
    s.gen = TMU_GCN_GFX9;
    s.f[TMU_GCN_S_MIP_FILTER] = 2;
    s.f[TMU_GCN_S_LOD_BIAS] = 128;
    s.f[TMU_GCN_S_MAX_LOD] = 15 << 8;
    rig_sdesc(&r, 16, &s);
    quad_coords(&r, 4, 5, 2.0f / 16);
    assert_int_equal(rig_run(&r, "image_get_lod v[0:1], v[4:5], s[8:15], s[16:19] dmask:0x3"), TMU_OK);
    tmu_gcn_wave_wait(r.w, 0, 0);
    assert_true(rig_getf(&r, 0, 2) == 1.5f && rig_getf(&r, 1, 2) == 1.5f);
    s.f[TMU_GCN_S_MAX_LOD] = 1 << 8;
    rig_sdesc(&r, 16, &s);
    assert_int_equal(rig_run(&r, "image_get_lod v[0:1], v[4:5], s[8:15], s[16:19] dmask:0x3"), TMU_OK);
    tmu_gcn_wave_wait(r.w, 0, 0);
    assert_true(rig_getf(&r, 0, 2) == 1.0f && rig_getf(&r, 1, 2) == 1.5f);
    rig_free(&r);
}

/* One atomic on a 1x1 texel: returns the pre-op value with GLC, leaves VDATA alone without. */
typedef struct atomic_case {
    const char *mnemonic;
    uint64_t old, data, cmp, expect;
    int bits;
    int gens; /* bit g: defined on generation g */
} atomic_case;

static void run_atomic(const atomic_case *c, tmu_gcn_gen gen, int glc)
{
    rig r;
    rig_init(&r, gen, 1 << 16);
    int is64 = c->bits == 64;
    int cmp = strstr(c->mnemonic, "cmpswap") != NULL;
    int fl = !strncmp(c->mnemonic, "image_atomic_f", 14);
    tmu_format fmt = is64 ? TMU_FORMAT_R32G32_UINT : fl ? TMU_FORMAT_R32_FLOAT : TMU_FORMAT_R32_UINT;
    tmu_texture shape = rig_shape(TMU_DIM_2D, fmt, 4, 1, 1, 1, 1), t;
    rig_texture(&r, 8, &shape, 0, &t);
    unsigned char *p = (unsigned char *)(uintptr_t)tmu_texel_address(&t, 0, 2, 0, 0, 0);
    memcpy(p, &c->old, is64 ? 8 : 4);
    r.w->exec = 1;
    r.w->vgpr[4][0] = 2;
    unsigned n = 0;
    r.w->vgpr[n++][0] = (uint32_t)c->data;
    if (is64)
        r.w->vgpr[n++][0] = (uint32_t)(c->data >> 32);
    if (cmp) {
        r.w->vgpr[n++][0] = (uint32_t)c->cmp;
        if (is64)
            r.w->vgpr[n++][0] = (uint32_t)(c->cmp >> 32);
    }
    char text[160];
    unsigned dm = cmp ? (is64 ? 0xf : 0x3) : (is64 ? 0x3 : 0x1);
    snprintf(text, sizeof text, "%s v[0:%u], v4, s[8:15] dmask:0x%x unorm%s", c->mnemonic, n - 1, dm,
             glc ? " glc" : "");
    if (n == 1)
        snprintf(text, sizeof text, "%s v0, v4, s[8:15] dmask:0x%x unorm%s", c->mnemonic, dm,
                 glc ? " glc" : "");
    uint32_t before0 = r.w->vgpr[0][0];
    assert_int_equal(rig_run(&r, text), TMU_OK);
    assert_int_equal(tmu_gcn_wave_exp_cnt(r.w), 1);
    tmu_gcn_wave_wait(r.w, 0, 0);
    uint64_t now = 0;
    memcpy(&now, p, is64 ? 8 : 4);
    if (now != c->expect)
        fail_msg("%s on %s: memory 0x%llx, expected 0x%llx", c->mnemonic, tmu_gcn_gen_name(gen),
                 (unsigned long long)now, (unsigned long long)c->expect);
    uint64_t ret = r.w->vgpr[0][0] | (is64 ? (uint64_t)r.w->vgpr[1][0] << 32 : 0);
    if (glc)
        assert_true(ret == c->old);
    else
        assert_int_equal(r.w->vgpr[0][0], before0);
    /* a texel outside the image: no write, GLC returns 0 */
    r.w->vgpr[4][0] = 9;
    assert_int_equal(rig_run(&r, text), TMU_OK);
    tmu_gcn_wave_wait(r.w, 0, 0);
    uint64_t again = 0;
    memcpy(&again, p, is64 ? 8 : 4);
    assert_true(again == now);
    if (glc)
        assert_int_equal(r.w->vgpr[0][0], 0);
    rig_free(&r);
}

static void test_atomics(void **state)
{
    (void)state;
    const uint64_t m1 = 0xffffffffu;
    /* bits of gens: gfx6 1, gfx7 2, gfx8 4, gfx81 8, gfx9 16 */
    const atomic_case cases[] = {
        {"image_atomic_swap", 10, 3, 0, 3, 32, 0x1f},
        {"image_atomic_cmpswap", 10, 3, 10, 3, 32, 0x1f},
        {"image_atomic_cmpswap", 10, 3, 11, 10, 32, 0x1f},
        {"image_atomic_add", 10, 3, 0, 13, 32, 0x1f},
        {"image_atomic_add", m1, 1, 0, 0, 32, 0x1f},
        {"image_atomic_sub", 10, 3, 0, 7, 32, 0x1f},
        {"image_atomic_rsub", 10, 3, 0, (uint32_t)(3 - 10), 32, 0x03},
        {"image_atomic_smin", 10, (uint32_t)-5, 0, (uint32_t)-5, 32, 0x1f},
        {"image_atomic_umin", 10, (uint32_t)-5, 0, 10, 32, 0x1f},
        {"image_atomic_smax", 10, (uint32_t)-5, 0, 10, 32, 0x1f},
        {"image_atomic_umax", 10, (uint32_t)-5, 0, (uint32_t)-5, 32, 0x1f},
        {"image_atomic_and", 12, 10, 0, 8, 32, 0x1f},
        {"image_atomic_or", 12, 10, 0, 14, 32, 0x1f},
        {"image_atomic_xor", 12, 10, 0, 6, 32, 0x1f},
        {"image_atomic_inc", 10, 10, 0, 0, 32, 0x1f},
        {"image_atomic_inc", 3, 10, 0, 4, 32, 0x1f},
        {"image_atomic_dec", 0, 7, 0, 7, 32, 0x1f},
        {"image_atomic_dec", 9, 7, 0, 7, 32, 0x1f},
        {"image_atomic_dec", 5, 7, 0, 4, 32, 0x1f},
        /* 64-bit: DMASK 0x3 (cmpswap 0xf) on 8-byte texels */
        {"image_atomic_add", m1, 1, 0, 0x100000000ull, 64, 0x1f},
        {"image_atomic_smin", 5, ~0ull, 0, ~0ull, 64, 0x1f},
        {"image_atomic_cmpswap", 0x123456789ull, 7, 0x123456789ull, 7, 64, 0x1f},
        /* float atomics of gfx6/7: 2.5 = 0x40200000, -1.0 = 0xbf800000 */
        {"image_atomic_fmin", 0x40200000, 0xbf800000, 0, 0xbf800000, 32, 0x03},
        {"image_atomic_fmax", 0x40200000, 0xbf800000, 0, 0x40200000, 32, 0x03},
        {"image_atomic_fcmpswap", 0x80000000, 0x3f800000, 0x00000000, 0x3f800000, 32, 0x03}, /* -0 == +0 */
        {"image_atomic_fcmpswap", 0x40200000, 0x3f800000, 0x40000000, 0x40200000, 32, 0x03},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        for (int g = 0; g < TMU_GCN_GEN_COUNT; g++)
            if (cases[i].gens >> g & 1)
                for (int glc = 0; glc < 2; glc++)
                    run_atomic(&cases[i], (tmu_gcn_gen)g, glc);
    /* The same word is add on gfx7 and cmpswap on gfx8 (opcode 0x11): 0x00020004f0443100 with
     * DMASK 0x1 is add on gfx7; DMASK 0x3 on gfx8 is cmpswap. */
    rig r;
    rig_init(&r, TMU_GCN_GFX7, 1 << 16);
    tmu_texture shape = rig_shape(TMU_DIM_2D, TMU_FORMAT_R32_UINT, 1, 1, 1, 1, 1), t;
    rig_texture(&r, 8, &shape, 0, &t);
    uint32_t *texel = (uint32_t *)(uintptr_t)t.level[0].data;
    *texel = 40;
    rig_setu_all(&r, 0, 2);
    rig_setu_all(&r, 4, 0);
    r.w->exec = 1;
    assert_int_equal(tmu_gcn_exec_word(r.w, &r.env, 0x00020004f0443100ull, &r.diag), TMU_OK);
    assert_int_equal(*texel, 42);
    rig_free(&r);
}

static void test_border(void **state)
{
    (void)state;
    static const uint32_t table[3][4] = {
        {0, 0, 0, 0}, {0, 0, 0, 0}, {0x3e800000, 0x3f000000, 0x3f400000, 0x3f800000}}; /* .25 .5 .75 1 */
    for (unsigned type = 0; type < 4; type++) {
        rig r;
        rig_init(&r, TMU_GCN_GFX8, 1 << 16);
        r.env.border_table = table[0];
        r.env.border_count = 3;
        /* a float image, so the table colour reaches the result unconverted */
        tmu_texture shape = rig_shape(TMU_DIM_2D, TMU_FORMAT_R32G32B32A32_FLOAT, 2, 2, 1, 1, 1);
        rig_texture(&r, 8, &shape, 0, NULL);
        tmu_gcn_sdesc s;
        memset(&s, 0, sizeof s);
        s.gen = TMU_GCN_GFX8;
        s.f[TMU_GCN_S_CLAMP_X] = s.f[TMU_GCN_S_CLAMP_Y] = 6; /* CLAMP_BORDER */
        s.f[TMU_GCN_S_BORDER_COLOR_TYPE] = type;
        s.f[TMU_GCN_S_BORDER_COLOR_PTR] = 2;
        rig_sdesc(&r, 16, &s);
        rig_setf_all(&r, 4, -0.5f), rig_setf_all(&r, 5, 0.5f);
        assert_int_equal(rig_run(&r, "image_sample v[0:3], v[4:5], s[8:15], s[16:19] dmask:0xf"), TMU_OK);
        tmu_gcn_wave_wait(r.w, 0, 0);
        static const float want[4][4] = {{0, 0, 0, 0}, {0, 0, 0, 1}, {1, 1, 1, 1}, {0.25f, 0.5f, 0.75f, 1}};
        for (int c = 0; c < 4; c++)
            assert_true(rig_getf(&r, (unsigned)c, 0) == want[type][c]);
        /* REGISTER with a pointer outside the table is refused */
        if (type == 3) {
            s.f[TMU_GCN_S_BORDER_COLOR_PTR] = 3;
            rig_sdesc(&r, 16, &s);
            assert_int_equal(rig_run(&r, "image_sample v[0:3], v[4:5], s[8:15], s[16:19] dmask:0xf"),
                             TMU_ERR_RANGE);
            assert_non_null(strstr(r.diag.message, "BORDER_COLOR_PTR 3"));
        }
        rig_free(&r);
    }
    /* integer image: the table entry is read as integers */
    static const uint32_t itable[1][4] = {{7, 8, 9, 10}};
    rig r;
    rig_init(&r, TMU_GCN_GFX9, 1 << 16);
    r.env.border_table = itable[0];
    r.env.border_count = 1;
    tmu_texture shape = rig_shape(TMU_DIM_2D, TMU_FORMAT_R32G32B32A32_UINT, 2, 2, 1, 1, 1);
    rig_texture(&r, 8, &shape, 0, NULL);
    tmu_gcn_sdesc s;
    memset(&s, 0, sizeof s);
    s.gen = TMU_GCN_GFX9;
    s.f[TMU_GCN_S_CLAMP_X] = s.f[TMU_GCN_S_CLAMP_Y] = 6;
    s.f[TMU_GCN_S_BORDER_COLOR_TYPE] = 3;
    rig_sdesc(&r, 16, &s);
    rig_setf_all(&r, 4, 1.5f), rig_setf_all(&r, 5, 0.5f);
    assert_int_equal(rig_run(&r, "image_sample v[0:3], v[4:5], s[8:15], s[16:19] dmask:0xf"), TMU_OK);
    tmu_gcn_wave_wait(r.w, 0, 0);
    for (int c = 0; c < 4; c++)
        assert_int_equal(r.w->vgpr[c][0], 7 + c);
    /* gfx9 BC_SWIZZLE: b8g8r8a8 (DST_SEL Z,Y,X,W) with BC_SWIZZLE ZYXW (4) shows the table colour
     * as given; with XYZW (0) the DST_SEL swaps R and B.  0.2, 0.4, 0.6 are 51, 102, 153 / 255
     * exactly, so the conversion to the 8-bit format keeps them. */
    static const uint32_t ftable[1][4] = {{0x3e4ccccd, 0x3ecccccd, 0x3f19999a, 0x3f800000}};
    r.env.border_table = ftable[0];
    shape = rig_shape(TMU_DIM_2D, TMU_FORMAT_B8G8R8A8_UNORM, 2, 2, 1, 1, 1);
    tmu_gcn_tdesc t;
    uint64_t size;
    assert_int_equal(tmu_gcn_tdesc_for_texture(TMU_GCN_GFX9, &shape, RIG_BASE, &t, &size, NULL), TMU_OK);
    assert_int_equal(t.f[TMU_GCN_T_DST_SEL_X], TMU_GCN_SEL_Z);
    for (int bc = 0; bc < 2; bc++) {
        t.f[TMU_GCN_T_BC_SWIZZLE] = bc ? 4 : 0;
        rig_tdesc(&r, 8, &t);
        assert_int_equal(rig_run(&r, "image_sample v[0:3], v[4:5], s[8:15], s[16:19] dmask:0xf"), TMU_OK);
        tmu_gcn_wave_wait(r.w, 0, 0);
        assert_true(rig_getf(&r, 0, 0) == (bc ? 0.2f : 0.6f));
        assert_true(rig_getf(&r, 2, 0) == (bc ? 0.6f : 0.2f));
        assert_true(rig_getf(&r, 1, 0) == 0.4f && rig_getf(&r, 3, 0) == 1.0f);
    }
    rig_free(&r);
}

static void test_store_load(void **state)
{
    (void)state;
    rig r;
    rig_init(&r, TMU_GCN_GFX9, 1 << 16);
    tmu_texture shape = rig_shape(TMU_DIM_2D, TMU_FORMAT_R8G8B8A8_UNORM, 4, 4, 1, 1, 1), t;
    rig_texture(&r, 8, &shape, 0, &t);
    const unsigned char *px = (const unsigned char *)tmu_texel_address(&t, 0, 1, 2, 0, 0);
    r.w->exec = 1;
    r.w->vgpr[4][0] = 1, r.w->vgpr[5][0] = 2;
    /* (1, 0.5, 0, 0.25) -> bytes 255, 128 (127.5 to even), 0, 64 (63.75) */
    rig_setf(&r, 0, 0, 1.0f), rig_setf(&r, 1, 0, 0.5f), rig_setf(&r, 2, 0, 0.0f), rig_setf(&r, 3, 0, 0.25f);
    assert_int_equal(rig_run(&r, "image_store v[0:3], v[4:5], s[8:15] dmask:0xf unorm"), TMU_OK);
    assert_int_equal(px[0], 255), assert_int_equal(px[1], 128), assert_int_equal(px[2], 0),
        assert_int_equal(px[3], 64);
    assert_int_equal(tmu_gcn_wave_exp_cnt(r.w), 1);
    /* DMASK 0x9: R from v0, A from v1; G and B become 0 */
    rig_setf(&r, 0, 0, 0.0f), rig_setf(&r, 1, 0, 1.0f);
    assert_int_equal(rig_run(&r, "image_store v[0:1], v[4:5], s[8:15] dmask:0x9 unorm"), TMU_OK);
    assert_int_equal(px[0], 0), assert_int_equal(px[1], 0), assert_int_equal(px[3], 255);
    /* D16 packed: (1.0, 0.5) | (0.25, 1.0) as fp16 */
    r.w->vgpr[0][0] = 0x3c00u | 0x3800u << 16, r.w->vgpr[1][0] = 0x3400u | 0x3c00u << 16;
    assert_int_equal(rig_run(&r, "image_store v[0:1], v[4:5], s[8:15] dmask:0xf unorm d16"), TMU_OK);
    assert_int_equal(px[0], 255), assert_int_equal(px[1], 128), assert_int_equal(px[2], 64),
        assert_int_equal(px[3], 255);
    /* image_load reads it back (as floats) */
    tmu_gcn_wave_wait(r.w, 0, 0);
    assert_int_equal(rig_run(&r, "image_load v[0:3], v[4:5], s[8:15] dmask:0xf unorm"), TMU_OK);
    tmu_gcn_wave_wait(r.w, 0, 0);
    assert_true(rig_getf(&r, 0, 0) == 1.0f && fabsf(rig_getf(&r, 2, 0) - 64.0f / 255.0f) < 1e-7f);
    /* _pck: raw channel bits; _pck_sgn sign-extends: 0x80 -> 0xffffff80 */
    r.w->vgpr[0][0] = 0x80, r.w->vgpr[1][0] = 0x7f, r.w->vgpr[2][0] = 0x1ff, r.w->vgpr[3][0] = 1;
    assert_int_equal(rig_run(&r, "image_store_pck v[0:3], v[4:5], s[8:15] dmask:0xf unorm"), TMU_OK);
    assert_int_equal(px[0], 0x80), assert_int_equal(px[1], 0x7f), assert_int_equal(px[2], 0xff),
        assert_int_equal(px[3], 1);
    tmu_gcn_wave_wait(r.w, 0, 0);
    assert_int_equal(rig_run(&r, "image_load_pck v[0:1], v[4:5], s[8:15] dmask:0x3 unorm"), TMU_OK);
    tmu_gcn_wave_wait(r.w, 0, 0);
    assert_int_equal(r.w->vgpr[0][0], 0x80), assert_int_equal(r.w->vgpr[1][0], 0x7f);
    assert_int_equal(rig_run(&r, "image_load_pck_sgn v[0:1], v[4:5], s[8:15] dmask:0x3 unorm"), TMU_OK);
    tmu_gcn_wave_wait(r.w, 0, 0);
    assert_int_equal(r.w->vgpr[0][0], 0xffffff80u), assert_int_equal(r.w->vgpr[1][0], 0x7f);
    /* b8g8r8a8: a store of (1, 0, 0, 1) lands as bytes B, G, R, A = 0, 0, 255, 255 */
    shape = rig_shape(TMU_DIM_2D, TMU_FORMAT_B8G8R8A8_UNORM, 4, 4, 1, 1, 1);
    rig_texture(&r, 8, &shape, 0, &t);
    rig_setf(&r, 0, 0, 1.0f), rig_setf(&r, 1, 0, 0.0f), rig_setf(&r, 2, 0, 0.0f), rig_setf(&r, 3, 0, 1.0f);
    assert_int_equal(rig_run(&r, "image_store v[0:3], v[4:5], s[8:15] dmask:0xf unorm"), TMU_OK);
    assert_int_equal(px[0], 0), assert_int_equal(px[2], 255), assert_int_equal(px[3], 255);
    /* outside the image: dropped; loads return 0 */
    static unsigned char before[4096];
    memcpy(before, r.mem, sizeof before);
    r.w->vgpr[4][0] = 4;
    assert_int_equal(rig_run(&r, "image_store v[0:3], v[4:5], s[8:15] dmask:0xf unorm"), TMU_OK);
    assert_memory_equal(before, r.mem, sizeof before);
    tmu_gcn_wave_wait(r.w, 0, 0);
    assert_int_equal(rig_run(&r, "image_load v[0:3], v[4:5], s[8:15] dmask:0xf unorm"), TMU_OK);
    tmu_gcn_wave_wait(r.w, 0, 0);
    assert_int_equal(r.w->vgpr[0][0], 0), assert_int_equal(r.w->vgpr[3][0], 0);
    /* a read-only region refuses stores */
    r.region.writable = 0;
    r.w->vgpr[4][0] = 0;
    assert_int_equal(rig_run(&r, "image_store v[0:3], v[4:5], s[8:15] dmask:0xf unorm"), TMU_ERR_RANGE);
    assert_non_null(strstr(r.diag.message, "read-only"));
    rig_free(&r);
}

/* Level placement worked by hand from addrlib's rules (placement.c header). */
static void test_placement(void **state)
{
    (void)state;
    /* gfx9 SW_LINEAR, r8g8b8a8 100x50, 3 levels: pitch align(100, 64) = 128 texels (512 bytes);
     * rows 50, 25, 13 (RoundHalf); level offsets 0, 128*50*4 = 25600, 128*75*4 = 38400; PITCH holds
     * 88 - 1 rows per slice, so a layer is 88 * 512 = 45056 bytes. */
    tmu_gcn_tdesc t;
    memset(&t, 0, sizeof t);
    t.gen = TMU_GCN_GFX9;
    t.dwords = 8;
    t.f[TMU_GCN_T_DATA_FORMAT] = 10;
    t.f[TMU_GCN_T_WIDTH] = 99, t.f[TMU_GCN_T_HEIGHT] = 49;
    t.f[TMU_GCN_T_DST_SEL_X] = 4, t.f[TMU_GCN_T_DST_SEL_Y] = 5, t.f[TMU_GCN_T_DST_SEL_Z] = 6,
    t.f[TMU_GCN_T_DST_SEL_W] = 7;
    t.f[TMU_GCN_T_LAST_LEVEL] = 2, t.f[TMU_GCN_T_MAX_MIP] = 2;
    t.f[TMU_GCN_T_TYPE] = TMU_GCN_IMG_2D_ARRAY;
    t.f[TMU_GCN_T_DEPTH] = 2; /* layers 0..2 */
    t.f[TMU_GCN_T_PITCH] = 87;
    tmu_texture tex;
    tmu_gcn_placement p;
    assert_int_equal(tmu_gcn_tdesc_to_texture(&t, &tex, NULL), TMU_OK);
    assert_int_equal(tex.layers, 3);
    assert_int_equal(tmu_gcn_tdesc_placement(&t, &tex, &p, NULL), TMU_OK);
    assert_int_equal(p.offset[1], 25600), assert_int_equal(p.offset[2], 38400);
    assert_int_equal(p.row_pitch[0], 512), assert_int_equal(p.slice_pitch[2], 45056);
    /* extent: the last texel of layer 2, level 2 (25 x 12): 2*45056 + 38400 + 11*512 + 25*4 */
    assert_int_equal(p.extent, 2 * 45056 + 38400 + 11 * 512 + 25 * 4);
    t.f[TMU_GCN_T_PITCH] = 80; /* fewer rows than the chain */
    assert_int_equal(tmu_gcn_tdesc_placement(&t, &tex, &p, NULL), TMU_ERR_INVALID);
    /* gfx9 1D r32_float width 10, 4 levels: pitch 64 texels (256 bytes), level n one row at 256 n */
    t.f[TMU_GCN_T_DATA_FORMAT] = 4, t.f[TMU_GCN_T_NUM_FORMAT] = 7;
    t.f[TMU_GCN_T_WIDTH] = 9, t.f[TMU_GCN_T_HEIGHT] = 0, t.f[TMU_GCN_T_TYPE] = TMU_GCN_IMG_1D;
    t.f[TMU_GCN_T_LAST_LEVEL] = 3, t.f[TMU_GCN_T_MAX_MIP] = 3, t.f[TMU_GCN_T_PITCH] = 3,
    t.f[TMU_GCN_T_DEPTH] = 0;
    assert_int_equal(tmu_gcn_tdesc_to_texture(&t, &tex, NULL), TMU_OK);
    assert_int_equal(tmu_gcn_tdesc_placement(&t, &tex, &p, NULL), TMU_OK);
    assert_int_equal(p.offset[3], 768), assert_int_equal(p.row_pitch[3], 256);
    /* gfx6 ARRAY_LINEAR_ALIGNED, r8g8b8a8 16x16, 4 levels, 3 layers, POW2_PAD:
     * pitch alignment 16 texels, slices hold multiples of 64 texels, slice counts padded to 4.
     * L0: pitch 16, 16*16*4 = 1024 bytes a slice, 4 slices -> 4096.
     * L1: 8 wide -> pitch 16, 8 rows, 512 bytes, at 4096; L2: pitch 16, 4 rows, 256 bytes, at 6144;
     * L3: 2 wide -> pitch 16, 2 rows = 32 texels, not a multiple of 64: pitch 32 -> 256 bytes at 7168. */
    memset(&t, 0, sizeof t);
    t.gen = TMU_GCN_GFX6;
    t.dwords = 8;
    t.f[TMU_GCN_T_DATA_FORMAT] = 10;
    t.f[TMU_GCN_T_WIDTH] = 15, t.f[TMU_GCN_T_HEIGHT] = 15;
    t.f[TMU_GCN_T_DST_SEL_X] = 4, t.f[TMU_GCN_T_DST_SEL_Y] = 5, t.f[TMU_GCN_T_DST_SEL_Z] = 6,
    t.f[TMU_GCN_T_DST_SEL_W] = 7;
    t.f[TMU_GCN_T_LAST_LEVEL] = 3, t.f[TMU_GCN_T_TILING_INDEX] = 8, t.f[TMU_GCN_T_POW2_PAD] = 1;
    t.f[TMU_GCN_T_TYPE] = TMU_GCN_IMG_2D_ARRAY;
    t.f[TMU_GCN_T_DEPTH] = 2, t.f[TMU_GCN_T_LAST_ARRAY] = 2;
    t.f[TMU_GCN_T_PITCH] = 15;
    t.f[TMU_GCN_T_BASE_ADDRESS] = (uint32_t)(RIG_BASE >> 8);
    assert_int_equal(tmu_gcn_tdesc_to_texture(&t, &tex, NULL), TMU_OK);
    assert_int_equal(tmu_gcn_tdesc_placement(&t, &tex, &p, NULL), TMU_OK);
    assert_int_equal(p.offset[1], 4096), assert_int_equal(p.offset[2], 6144),
        assert_int_equal(p.offset[3], 7168);
    assert_int_equal(p.slice_pitch[0], 1024), assert_int_equal(p.slice_pitch[1], 512);
    assert_int_equal(p.row_pitch[3], 128), assert_int_equal(p.slice_pitch[3], 256);
    /* and the executor reads level 3 texel (1, 1) of layer 2 at 7168 + 2*256 + 128 + 4 = 7812 */
    rig r;
    rig_init(&r, TMU_GCN_GFX6, 1 << 16);
    rig_tdesc(&r, 8, &t);
    memcpy(r.mem + 7812, (const unsigned char[]){1, 2, 3, 255}, 4);
    r.w->exec = 1;
    r.w->vgpr[4][0] = 1, r.w->vgpr[5][0] = 1, r.w->vgpr[6][0] = 2, r.w->vgpr[7][0] = 3;
    assert_int_equal(rig_run(&r, "image_load_mip_pck v[0:3], v[4:7], s[8:15] dmask:0xf unorm da"), TMU_OK);
    tmu_gcn_wave_wait(r.w, 0, 0);
    assert_int_equal(r.w->vgpr[0][0], 1), assert_int_equal(r.w->vgpr[2][0], 3);
    /* tiled modes are not placed linearly; the executor lays them out (tahiti's index 13 is
     * 1D_TILED_THIN1, whose level-0 pitch is 16 texels: PITCH 15 fits); test_gcn_tiled.c checks
     * what it reads */
    t.f[TMU_GCN_T_TILING_INDEX] = 13;
    tmu_diag d;
    assert_int_equal(tmu_gcn_tdesc_placement(&t, &tex, &p, &d), TMU_ERR_UNSUPPORTED);
    assert_non_null(strstr(d.message, "TILING_INDEX = 13"));
    rig_tdesc(&r, 8, &t);
    assert_int_equal(rig_run(&r, "image_load_mip_pck v[0:3], v[4:7], s[8:15] dmask:0xf unorm da"), TMU_OK);
    /* ... but a PITCH other than addrlib's is refused by name */
    t.f[TMU_GCN_T_PITCH] = 31;
    rig_tdesc(&r, 8, &t);
    assert_int_equal(rig_run(&r, "image_load_mip_pck v[0:3], v[4:7], s[8:15] dmask:0xf unorm da"),
                     TMU_ERR_UNSUPPORTED);
    assert_non_null(strstr(r.diag.message, "PITCH + 1 = 32, but TILING_INDEX 13 on tahiti gives level 0 a pitch of 16"));
    rig_free(&r);
}

static void test_counters(void **state)
{
    (void)state;
    rig r;
    rig_init(&r, TMU_GCN_GFX6, 1 << 16);
    grid_4x4(&r, TMU_FORMAT_R32_FLOAT);
    rig_sampler(&r, 16, 2, 0, 0);
    rig_setf_all(&r, 4, 0.5f), rig_setf_all(&r, 5, 0.5f);
    assert_int_equal(rig_run(&r, "image_sample v0, v[4:5], s[8:15], s[16:19] dmask:0x1"), TMU_OK);
    assert_int_equal(tmu_gcn_wave_vm_cnt(r.w), 1);
    assert_int_equal(tmu_gcn_wave_exp_cnt(r.w), 0);
    /* a store of v0 before s_waitcnt vmcnt(0): reads a pending result */
    assert_int_equal(rig_run(&r, "image_store v0, v[4:5], s[8:15] dmask:0x1 unorm"), TMU_OK);
    assert_int_equal(r.w->hazard_count, 1);
    assert_int_equal(r.w->hazards[0].kind, TMU_GCN_HAZARD_READ_PENDING);
    assert_int_equal(r.w->hazards[0].vgpr, 0);
    assert_int_equal(r.w->hazards[0].at, 2);
    assert_int_equal(r.w->hazards[0].pending, 1);
    assert_int_equal(tmu_gcn_wave_vm_cnt(r.w), 2);
    assert_int_equal(tmu_gcn_wave_exp_cnt(r.w), 1);
    /* overwriting the store's data before s_waitcnt expcnt(0) */
    assert_int_equal(tmu_gcn_wave_note_write(r.w, 0, 1), 2); /* pending load result + unread data */
    assert_int_equal(r.w->hazards[1].kind, TMU_GCN_HAZARD_WRITE_PENDING);
    assert_int_equal(r.w->hazards[2].kind, TMU_GCN_HAZARD_WRITE_VDATA);
    assert_int_equal(r.w->hazards[2].pending, 2);
    /* s_waitcnt expcnt(0) (0xbf8c0f0f on gfx6, llvm-mc): the data is read, both still in flight */
    assert_int_equal(tmu_gcn_exec_waitcnt(r.w, 0xbf8c0f0fu, NULL), TMU_OK);
    assert_int_equal(tmu_gcn_wave_exp_cnt(r.w), 0);
    assert_int_equal(tmu_gcn_wave_vm_cnt(r.w), 2);
    assert_int_equal(tmu_gcn_wave_note_write(r.w, 0, 1), 1); /* only the pending result now */
    /* s_waitcnt vmcnt(1): the sample retires, its result is visible */
    assert_int_equal(tmu_gcn_exec_waitcnt(r.w, tmu_gcn_waitcnt_encode(TMU_GCN_GFX6, 1, 7, 15), NULL), TMU_OK);
    assert_int_equal(tmu_gcn_wave_vm_cnt(r.w), 1);
    assert_true(rig_getf(&r, 0, 0) == 22.0f); /* point sample at (0.5, 0.5): texel (2, 2) */
    assert_int_equal(tmu_gcn_wave_note_read(r.w, 0, 4), 0);
    /* a full VM_CNT (15 on gfx6) stalls: the oldest retires first */
    for (int i = 0; i < 20; i++)
        assert_int_equal(rig_run(&r, "image_sample v1, v[4:5], s[8:15], s[16:19] dmask:0x1"), TMU_OK);
    assert_int_equal(tmu_gcn_wave_vm_cnt(r.w), 15);
    assert_int_equal(r.w->issued, 22);
    tmu_gcn_wave_wait(r.w, 0, 0);
    assert_int_equal(tmu_gcn_wave_vm_cnt(r.w), 0);
    /* s_waitcnt words from llvm-mc 14 */
    uint32_t vm, ex, lg;
    assert_int_equal(tmu_gcn_waitcnt_decode(TMU_GCN_GFX9, 0xbf8c8f78u, &vm, &ex, &lg, NULL), TMU_OK);
    assert_int_equal(vm, 40), assert_int_equal(ex, 7), assert_int_equal(lg, 15); /* vmcnt(40) */
    assert_int_equal(tmu_gcn_waitcnt_decode(TMU_GCN_GFX8, 0xbf8c0123u, &vm, &ex, &lg, NULL), TMU_OK);
    assert_int_equal(vm, 3), assert_int_equal(ex, 2), assert_int_equal(lg, 1);
    assert_int_equal(tmu_gcn_waitcnt_encode(TMU_GCN_GFX9, 63, 0, 15), 0xbf8ccf0fu); /* expcnt(0) */
    assert_int_equal(tmu_gcn_waitcnt_encode(TMU_GCN_GFX9, 0, 7, 15), 0xbf8c0f70u);  /* vmcnt(0) */
    assert_int_equal(tmu_gcn_waitcnt_decode(TMU_GCN_GFX9, 0xbf800000u, NULL, NULL, NULL, NULL),
                     TMU_ERR_DECODE);
    rig_free(&r);
}

static void test_refusals(void **state)
{
    (void)state;
    rig r;
    rig_init(&r, TMU_GCN_GFX9, 1 << 16);
    grid_4x4(&r, TMU_FORMAT_R32_FLOAT);
    rig_sampler(&r, 16, 2, 0, 0);
    /* an image outside every region: nothing executes */
    tmu_gcn_tdesc t;
    uint32_t dw[8];
    memcpy(dw, &r.w->sgpr[8], sizeof dw);
    assert_int_equal(tmu_gcn_tdesc_decode(TMU_GCN_GFX9, dw, 8, &t, NULL), TMU_OK);
    t.f[TMU_GCN_T_BASE_ADDRESS] = (uint32_t)((RIG_BASE + (1 << 16) - 256) >> 8);
    rig_tdesc(&r, 8, &t);
    assert_int_equal(rig_run(&r, "image_sample v0, v[4:5], s[8:15], s[16:19] dmask:0x1"), TMU_ERR_RANGE);
    assert_int_equal(r.w->issued, 0);
    assert_int_equal(tmu_gcn_wave_vm_cnt(r.w), 0);
    grid_4x4(&r, TMU_FORMAT_R32_FLOAT);
    /* VADDR running past v255 (image_sample_d 2D needs 6 VGPRs) */
    assert_int_equal(rig_run(&r, "image_sample_d v0, v[252:253], s[8:15], s[16:19] dmask:0x1"), TMU_ERR_INVALID);
    assert_non_null(strstr(r.diag.message, "VADDR"));
    /* S# fields tmu does not model */
    tmu_gcn_sdesc s;
    memset(&s, 0, sizeof s);
    s.gen = TMU_GCN_GFX9;
    s.f[TMU_GCN_S_MC_COORD_TRUNC] = 1;
    rig_sdesc(&r, 16, &s);
    assert_int_equal(rig_run(&r, "image_sample v0, v[4:5], s[8:15], s[16:19] dmask:0x1"), TMU_ERR_UNSUPPORTED);
    assert_non_null(strstr(r.diag.message, "MC_COORD_TRUNC = 1"));
    /* D16 with an integer image */
    grid_4x4(&r, TMU_FORMAT_R32_UINT);
    assert_int_equal(rig_run(&r, "image_load v0, v[4:5], s[8:15] dmask:0x1 unorm d16"), TMU_ERR_UNSUPPORTED);
    /* a 32-bit atomic on 16-bit texels */
    tmu_texture shape = rig_shape(TMU_DIM_2D, TMU_FORMAT_R16_UINT, 4, 4, 1, 1, 1);
    rig_texture(&r, 8, &shape, 0, NULL);
    assert_int_equal(rig_run(&r, "image_atomic_add v0, v[4:5], s[8:15] dmask:0x1 unorm"), TMU_ERR_UNSUPPORTED);
    /* gfx9: a swizzle mode gfx9 lacks, and compression (DCC; HTILE on _Z modes), by name */
    memcpy(dw, &r.w->sgpr[8], sizeof dw);
    assert_int_equal(tmu_gcn_tdesc_decode(TMU_GCN_GFX9, dw, 8, &t, NULL), TMU_OK);
    t.f[TMU_GCN_T_SW_MODE] = 25; /* SW_64KB_S_X at a 64 KiB-aligned base: accepted */
    rig_tdesc(&r, 8, &t);
    assert_int_equal(rig_run(&r, "image_load v0, v[4:5], s[8:15] dmask:0x1 unorm"), TMU_OK);
    t.f[TMU_GCN_T_SW_MODE] = 12;
    rig_tdesc(&r, 8, &t);
    assert_int_equal(rig_run(&r, "image_load v0, v[4:5], s[8:15] dmask:0x1 unorm"), TMU_ERR_UNSUPPORTED);
    assert_non_null(strstr(r.diag.message, "SW_MODE 12 (SW_VAR_Z) is not a gfx9 swizzle mode"));
    t.f[TMU_GCN_T_SW_MODE] = 0;
    t.f[TMU_GCN_T_COMPRESSION_EN] = 1;
    rig_tdesc(&r, 8, &t);
    assert_int_equal(rig_run(&r, "image_load v0, v[4:5], s[8:15] dmask:0x1 unorm"), TMU_ERR_UNSUPPORTED);
    assert_non_null(strstr(r.diag.message, "COMPRESSION_EN"));
    t.f[TMU_GCN_T_SW_MODE] = 9;
    rig_tdesc(&r, 8, &t);
    assert_int_equal(rig_run(&r, "image_load v0, v[4:5], s[8:15] dmask:0x1 unorm"), TMU_ERR_UNSUPPORTED);
    assert_non_null(strstr(r.diag.message, "COMPRESSION_EN = 1: DCC is not modelled"));
    t.f[TMU_GCN_T_SW_MODE] = 8;
    rig_tdesc(&r, 8, &t);
    assert_int_equal(rig_run(&r, "image_load v0, v[4:5], s[8:15] dmask:0x1 unorm"), TMU_ERR_UNSUPPORTED);
    assert_non_null(strstr(r.diag.message, "COMPRESSION_EN = 1: HTILE"));
    t.f[TMU_GCN_T_SW_MODE] = 0;
    t.f[TMU_GCN_T_COMPRESSION_EN] = 0;
    t.f[TMU_GCN_T_TYPE] = TMU_GCN_IMG_2D_MSAA;
    rig_tdesc(&r, 8, &t);
    assert_int_equal(rig_run(&r, "image_load v0, v[4:6], s[8:15] dmask:0x1 unorm"), TMU_ERR_UNSUPPORTED);
    assert_int_equal(r.w->issued, 1); /* only the SW_64KB_S_X load issued */
    rig_free(&r);
}

/* Texture-unit features the S#/T# reach: FILTER_MODE min/max, the half-border address mode,
 * the T# view (BASE_LEVEL, MIN_LOD), gather4 at a level, LWE. */
static void test_unit_features(void **state)
{
    (void)state;
    rig r;
    rig_init(&r, TMU_GCN_GFX9, 1 << 16);
    grid_4x4(&r, TMU_FORMAT_R32_FLOAT);
    tmu_gcn_sdesc s;
    memset(&s, 0, sizeof s);
    s.gen = TMU_GCN_GFX9;
    s.f[TMU_GCN_S_XY_MAG_FILTER] = s.f[TMU_GCN_S_XY_MIN_FILTER] = 1;
    s.f[TMU_GCN_S_MAX_LOD] = 15 << 8;
    /* bilinear at (0.5, 0.5) reads 11, 12, 21, 22: MIN 11, MAX 22, BLEND 16.5 */
    static const float want[3] = {16.5f, 11.0f, 22.0f};
    rig_setf_all(&r, 4, 0.5f), rig_setf_all(&r, 5, 0.5f);
    for (unsigned m = 0; m < 3; m++) {
        s.f[TMU_GCN_S_FILTER_MODE] = m;
        rig_sdesc(&r, 16, &s);
        assert_int_equal(rig_run(&r, "image_sample v0, v[4:5], s[8:15], s[16:19] dmask:0x1"), TMU_OK);
        tmu_gcn_wave_wait(r.w, 0, 0);
        assert_true(rig_getf(&r, 0, 0) == want[m]);
    }
    /* CLAMP_HALF_BORDER at s = 0 on row 1 (t = 1.5 / 4: no blend in y): x' = 0, i0 = -1 is the
     * border (transparent black), i1 = 0, weights 1/2 -> (0 + 10) / 2 = 5; CLAMP_LAST_TEXEL: 10 */
    s.f[TMU_GCN_S_FILTER_MODE] = 0;
    rig_setf_all(&r, 4, 0.0f), rig_setf_all(&r, 5, 1.5f / 4);
    for (unsigned c = 0; c < 2; c++) {
        s.f[TMU_GCN_S_CLAMP_X] = s.f[TMU_GCN_S_CLAMP_Y] = c ? 2 : 4;
        rig_sdesc(&r, 16, &s);
        assert_int_equal(rig_run(&r, "image_sample v0, v[4:5], s[8:15], s[16:19] dmask:0x1"), TMU_OK);
        tmu_gcn_wave_wait(r.w, 0, 0);
        assert_true(rig_getf(&r, 0, 0) == (c ? 10.0f : 5.0f));
    }
    /* the T# view: BASE_LEVEL 1 makes level 1 the base (sample_lz reads value 2); MIN_LOD 2.0
     * keeps lod 0 at level 2 (value 3) */
    mips_16(&r);
    rig_sampler(&r, 16, 2, 0, 1);
    uint32_t dw[8];
    memcpy(dw, &r.w->sgpr[8], sizeof dw);
    tmu_gcn_tdesc t;
    assert_int_equal(tmu_gcn_tdesc_decode(TMU_GCN_GFX9, dw, 8, &t, NULL), TMU_OK);
    t.f[TMU_GCN_T_BASE_LEVEL] = 1;
    rig_tdesc(&r, 8, &t);
    rig_setf_all(&r, 4, 0.5f), rig_setf_all(&r, 5, 0.5f), rig_setf_all(&r, 6, 0.0f);
    assert_int_equal(rig_run(&r, "image_sample_lz v0, v[4:5], s[8:15], s[16:19] dmask:0x1"), TMU_OK);
    tmu_gcn_wave_wait(r.w, 0, 0);
    assert_true(rig_getf(&r, 0, 0) == 2.0f);
    t.f[TMU_GCN_T_BASE_LEVEL] = 0;
    t.f[TMU_GCN_T_MIN_LOD] = 2 << 8;
    rig_tdesc(&r, 8, &t);
    assert_int_equal(rig_run(&r, "image_sample_l v0, v[4:6], s[8:15], s[16:19] dmask:0x1"), TMU_OK);
    tmu_gcn_wave_wait(r.w, 0, 0);
    assert_true(rig_getf(&r, 0, 0) == 3.0f);
    t.f[TMU_GCN_T_MIN_LOD] = 0;
    /* gather4_l at lod 1 reads level 1 (every texel 2); gather4_lz level 0 (1) */
    rig_tdesc(&r, 8, &t);
    rig_setf_all(&r, 6, 1.0f);
    assert_int_equal(rig_run(&r, "image_gather4_l v[0:3], v[4:6], s[8:15], s[16:19] dmask:0x1"), TMU_OK);
    tmu_gcn_wave_wait(r.w, 0, 0);
    for (unsigned k = 0; k < 4; k++)
        assert_true(rig_getf(&r, k, 0) == 2.0f);
    assert_int_equal(rig_run(&r, "image_gather4_lz v[0:3], v[4:5], s[8:15], s[16:19] dmask:0x1"), TMU_OK);
    tmu_gcn_wave_wait(r.w, 0, 0);
    assert_true(rig_getf(&r, 0, 0) == 1.0f);
    /* implicit-LOD gather: 4 texels per pixel -> lambda 2 -> level 2 (value 3) */
    quad_coords(&r, 4, 5, 4.0f / 16);
    assert_int_equal(rig_run(&r, "image_gather4 v[0:3], v[4:5], s[8:15], s[16:19] dmask:0x1"), TMU_OK);
    tmu_gcn_wave_wait(r.w, 0, 0);
    assert_true(rig_getf(&r, 3, 5) == 3.0f);
    /* LWE: MIN_LOD_WARN 1.0 (u4.8 256); lod 0 is below it -> status bit 1; lod 2 is not */
    t.f[TMU_GCN_T_MIN_LOD_WARN] = 256;
    rig_tdesc(&r, 8, &t);
    rig_setf_all(&r, 4, 0.5f), rig_setf_all(&r, 5, 0.5f);
    rig_setf(&r, 6, 0, 0.0f), rig_setf(&r, 6, 1, 2.0f);
    rig_setu_all(&r, 1, 0xdeadbeef);
    assert_int_equal(rig_run(&r, "image_sample_l v0, v[4:6], s[8:15], s[16:19] dmask:0x1 lwe"), TMU_OK);
    tmu_gcn_wave_wait(r.w, 0, 0);
    assert_int_equal(r.w->vgpr[1][0], 2);
    assert_int_equal(r.w->vgpr[1][1], 0xdeadbeef);
    assert_true(rig_getf(&r, 0, 1) == 3.0f);
    rig_free(&r);
}

/* The wave keeps the last prepared instruction: anything it depended on changing must be seen. */
static void test_prepare_cache(void **state)
{
    (void)state;
    rig r;
    rig_init(&r, TMU_GCN_GFX9, 1 << 16);
    grid_4x4(&r, TMU_FORMAT_R32_FLOAT);
    rig_sampler(&r, 16, 2, 0, 0);
    rig_setf_all(&r, 4, 0.5f), rig_setf_all(&r, 5, 0.5f);
    const char *text = "image_sample v0, v[4:5], s[8:15], s[16:19] dmask:0x1";
    assert_int_equal(rig_run(&r, text), TMU_OK);
    tmu_gcn_wave_wait(r.w, 0, 0);
    assert_true(rig_getf(&r, 0, 0) == 22.0f);
    /* a hit (the same instruction, descriptors and memory) runs again on new VGPRs and EXEC:
     * lane 1 reads texel (0, 1) = 10, the others keep 22; the same through the word entry */
    tmu_gcn_mimg mi;
    uint64_t word;
    assert_int_equal(tmu_gcn_assemble(TMU_GCN_GFX9, TMU_GCN_SYNTAX_LLVM, text, strlen(text), 1, &mi, NULL), TMU_OK);
    assert_int_equal(tmu_gcn_encode(&mi, &word, NULL), TMU_OK);
    for (int entry = 0; entry < 2; entry++) {
        rig_setf(&r, 4, 1, 0.125f), rig_setf(&r, 5, 1, 0.375f);
        r.w->exec = 0x2;
        assert_int_equal(entry ? tmu_gcn_exec_word(r.w, &r.env, word, NULL) : rig_run(&r, text), TMU_OK);
        tmu_gcn_wave_wait(r.w, 0, 0);
        assert_true(rig_getf(&r, 0, 0) == 22.0f && rig_getf(&r, 0, 1) == 10.0f && rig_getf(&r, 0, 2) == 22.0f);
        rig_setf(&r, 4, 1, 0.5f), rig_setf(&r, 5, 1, 0.5f);
        r.w->exec = ~0ull;
        assert_int_equal(entry ? tmu_gcn_exec_word(r.w, &r.env, word, NULL) : rig_run(&r, text), TMU_OK);
        tmu_gcn_wave_wait(r.w, 0, 0);
        assert_true(rig_getf(&r, 0, 1) == 22.0f);
    }
    /* a copy of the wave runs on its own: the original is freed first (ASan sees any use) */
    tmu_gcn_wave *copy = malloc(sizeof *copy);
    assert_non_null(copy);
    memcpy(copy, r.w, sizeof *copy);
    free(r.w);
    r.w = copy;
    rig_setf(&r, 4, 3, 0.875f), rig_setf(&r, 5, 3, 0.125f); /* texel (3, 0) */
    assert_int_equal(tmu_gcn_exec_word(r.w, &r.env, word, NULL), TMU_OK);
    tmu_gcn_wave_wait(r.w, 0, 0);
    assert_true(rig_getf(&r, 0, 3) == 3.0f && rig_getf(&r, 0, 4) == 22.0f);
    /* a second image at 0x8000 holding 100 + texel: a new T# in the same SGPRs */
    tmu_texture shape = rig_shape(TMU_DIM_2D, TMU_FORMAT_R32_FLOAT, 4, 4, 1, 1, 1), t;
    rig_texture(&r, 8, &shape, 0x8000, &t);
    put_f(&t, 0, 2, 2, 0, 122.0f);
    assert_int_equal(rig_run(&r, text), TMU_OK);
    tmu_gcn_wave_wait(r.w, 0, 0);
    assert_true(rig_getf(&r, 0, 0) == 122.0f);
    /* the S# changes: CLAMP_BORDER with a REGISTER colour; then the table entry changes */
    static uint32_t table[1][4] = {{0x40000000, 0, 0, 0}}; /* 2.0 */
    r.env.border_table = table[0];
    r.env.border_count = 1;
    tmu_gcn_sdesc s;
    memset(&s, 0, sizeof s);
    s.gen = TMU_GCN_GFX9;
    s.f[TMU_GCN_S_CLAMP_X] = s.f[TMU_GCN_S_CLAMP_Y] = 6;
    s.f[TMU_GCN_S_BORDER_COLOR_TYPE] = 3;
    rig_sdesc(&r, 16, &s);
    rig_setf_all(&r, 4, -1.0f);
    assert_int_equal(rig_run(&r, text), TMU_OK);
    tmu_gcn_wave_wait(r.w, 0, 0);
    assert_true(rig_getf(&r, 0, 0) == 2.0f);
    table[0][0] = 0x40400000; /* 3.0, same table */
    assert_int_equal(rig_run(&r, text), TMU_OK);
    tmu_gcn_wave_wait(r.w, 0, 0);
    assert_true(rig_getf(&r, 0, 0) == 3.0f);
    /* the region moves away from the image */
    r.region.base = RIG_BASE + (1 << 20);
    assert_int_equal(rig_run(&r, text), TMU_ERR_RANGE);
    r.region.base = RIG_BASE;
    assert_int_equal(rig_run(&r, text), TMU_OK);
    rig_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sample_dmask), cmocka_unit_test(test_d16),
        cmocka_unit_test(test_tfe),          cmocka_unit_test(test_cube),
        cmocka_unit_test(test_a16),          cmocka_unit_test(test_gather),
        cmocka_unit_test(test_lod_forms),    cmocka_unit_test(test_compare_offset),
        cmocka_unit_test(test_array_slice),  cmocka_unit_test(test_resinfo_getlod),
        cmocka_unit_test(test_atomics),      cmocka_unit_test(test_border),
        cmocka_unit_test(test_store_load),   cmocka_unit_test(test_placement),
        cmocka_unit_test(test_counters),     cmocka_unit_test(test_refusals),
        cmocka_unit_test(test_unit_features), cmocka_unit_test(test_prepare_cache),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
