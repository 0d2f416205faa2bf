/* ir3 texture instructions, hand-worked: 1D padding, array index +0.5 (a4xx+ truncates, a3xx
 * rounds), a3xx txf LOD shift and multisample fetch through isaml, shadow compare, projector,
 * offsets, getlod, getsize, getinfo (every row of docs/ir3-cat5.md §5.2 that a tmu format
 * reaches, both channel-order tables), .rck, and every descriptor mode of §2. */
#include <math.h>

#include "exec_util.h"
#include "tmu/format.h"
#include "tmu/texture.h"

/* A packed texture whose texels are written by the test. */
typedef struct owned_tex {
    tmu_texture tex;
    uint8_t *mem;
} owned_tex;

static void make_tex(owned_tex *o, tmu_dim dim, tmu_format fmt, uint32_t w, uint32_t h, uint32_t d, uint32_t layers,
                     uint32_t levels, uint32_t samples)
{
    size_t size = tmu_texture_packed_size(dim, fmt, w, h, d, layers, levels, samples);
    assert_true(size > 0);
    o->mem = calloc(1, size);
    tmu_diag diag;
    if (tmu_texture_init_packed(&o->tex, dim, fmt, w, h, d, layers, levels, samples, o->mem, size, &diag) != TMU_OK)
        fail_msg("texture: %s", diag.message);
}

static void put_u32(owned_tex *o, uint32_t level, uint32_t x, uint32_t y, uint32_t zl, uint32_t s, uint32_t v)
{
    uint32_t *p = (uint32_t *)tmu_texel_address(&o->tex, level, x, y, zl, s);
    assert_non_null(p);
    *p = v;
}

static void put_f32(owned_tex *o, uint32_t level, uint32_t x, uint32_t y, uint32_t zl, float v)
{
    put_u32(o, level, x, y, zl, 0, fbits(v));
}

/* one texture + sampler in t#0 / s#0 */
typedef struct one_binding {
    tmu_ir3_slot slot;
    tmu_ir3_bindings b;
    tmu_sampler smp;
} one_binding;

static void bind_one(one_binding *ob, const tmu_texture *t)
{
    memset(ob, 0, sizeof *ob);
    ob->smp = tmu_sampler_default();
    ob->smp.mag_filter = ob->smp.min_filter = TMU_FILTER_NEAREST;
    ob->slot.texture = t;
    ob->slot.sampler = &ob->smp;
    ob->b.tex = ob->b.samp = &ob->slot;
    ob->b.num_tex = ob->b.num_samp = 1;
}

static void all_fibers(tmu_ir3_wave *w, unsigned reg, uint32_t v)
{
    for (unsigned f = 0; f < w->fibers; f++)
        w->gpr[f][reg] = v;
}

/* 1D is sampled as 2D with a padding y (Mesa: 0.5 for sam*, 0 for isam*); the texture is 1D,
 * so whatever the padding register holds is not a coordinate. */
static void test_1d_padding(void **state)
{
    (void)state;
    owned_tex o;
    make_tex(&o, TMU_DIM_1D, TMU_FORMAT_R32_FLOAT, 4, 1, 1, 1, 1, 1);
    for (uint32_t x = 0; x < 4; x++)
        put_f32(&o, 0, x, 0, 0, 10.0f * (float)(x + 1));
    one_binding ob;
    bind_one(&ob, &o.tex);
    tmu_ir3_wave *w = new_wave(630, 64);
    all_fibers(w, 0, fbits(0.6f)); /* x = 0.6 -> texel floor(2.4) = 2 */
    all_fibers(w, 1, fbits(0.5f)); /* Mesa's padding */
    exec_ok(w, &ob.b, "sam (f32)(x)r1.x, r0.x, s#0, t#0", NULL);
    assert_true(bitsf(w->gpr[0][4]) == 30.0f);
    all_fibers(w, 1, fbits(123.0f)); /* any padding value */
    exec_ok(w, &ob.b, "sam (f32)(x)r1.y, r0.x, s#0, t#0", NULL);
    assert_true(bitsf(w->gpr[0][5]) == 30.0f);
    all_fibers(w, 0, 3); /* isam: integer x, padding 0 */
    all_fibers(w, 1, 0);
    exec_ok(w, &ob.b, "isam (f32)(x)r1.z, r0.x, s#0, t#0", NULL);
    assert_true(bitsf(w->gpr[0][6]) == 40.0f);
    free(w);
    free(o.mem);
}

/* a4xx+ truncates the float array index (Mesa adds 0.5 to round); a3xx rounds it. */
static void test_array_index(void **state)
{
    (void)state;
    owned_tex o;
    make_tex(&o, TMU_DIM_2D_ARRAY, TMU_FORMAT_R32_FLOAT, 2, 2, 1, 4, 1, 1);
    for (uint32_t l = 0; l < 4; l++)
        for (uint32_t y = 0; y < 2; y++)
            for (uint32_t x = 0; x < 2; x++)
                put_f32(&o, 0, x, y, l, 100.0f * (float)l);
    one_binding ob;
    bind_one(&ob, &o.tex);
    static const struct {
        uint32_t gpu, fibers;
        float index, want;
    } cases[] = {{630, 64, 1.7f, 100}, {630, 64, 1.2f + 0.5f, 100}, {630, 64, 2.0f, 200}, {630, 64, 9.5f, 300},
                 {630, 64, -3.0f, 0},  {430, 32, 2.99f, 200},       {300, 8, 1.7f, 200},  {300, 8, 1.2f, 100},
                 {300, 8, 2.5f, 200 /* RNE */}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        tmu_ir3_wave *w = new_wave(cases[i].gpu, cases[i].fibers);
        all_fibers(w, 0, fbits(0.25f));
        all_fibers(w, 1, fbits(0.75f));
        all_fibers(w, 2, fbits(cases[i].index));
        exec_ok(w, &ob.b, "sam.a (f32)(x)r1.x, r0.x, s#0, t#0", NULL);
        if (bitsf(w->gpr[0][4]) != cases[i].want)
            fail_msg("a%ux index %g: %g, want %g", cases[i].gpu / 100, (double)cases[i].index,
                     (double)bitsf(w->gpr[0][4]), (double)cases[i].want);
        free(w);
    }
    free(o.mem);
}

/* a3xx isaml: coordinates are unminified (Mesa shifts them left by the LOD); multisample
 * textures are fetched through isaml with x = (x << log2 samples) + sample. */
static void test_a3xx_fetch(void **state)
{
    (void)state;
    owned_tex o;
    make_tex(&o, TMU_DIM_2D, TMU_FORMAT_R32_UINT, 8, 8, 1, 1, 3, 1);
    put_u32(&o, 1, 1, 2, 0, 0, 77); /* level 1 (4x4) texel (1, 2) */
    put_u32(&o, 1, 2, 3, 0, 0, 88); /* level 1 texel (2, 3) */
    one_binding ob;
    bind_one(&ob, &o.tex);
    tmu_ir3_wave *w = new_wave(300, 16);
    all_fibers(w, 0, 2); /* (2, 4) at LOD 1 on a3xx = level-1 texel (1, 2) */
    all_fibers(w, 1, 4);
    all_fibers(w, 4, 1);
    exec_ok(w, &ob.b, "isaml (u32)(x)r2.x, r0.x, r1.x, s#0, t#0", NULL);
    assert_int_equal(w->gpr[3][8], 77);
    free(w);
    w = new_wave(630, 64); /* a4xx+: the same registers name level-1 texel (2, 4) itself */
    all_fibers(w, 0, 2);
    all_fibers(w, 1, 3);
    all_fibers(w, 4, 1);
    exec_ok(w, &ob.b, "isaml (u32)(x)r2.x, r0.x, r1.x, s#0, t#0", NULL);
    assert_int_equal(w->gpr[3][8], 88);
    free(w);
    free(o.mem);

    owned_tex ms;
    make_tex(&ms, TMU_DIM_2D_MS, TMU_FORMAT_R32_UINT, 2, 2, 1, 1, 1, 4);
    for (uint32_t s = 0; s < 4; s++)
        put_u32(&ms, 0, 1, 1, 0, s, 500 + s);
    bind_one(&ob, &ms.tex);
    w = new_wave(300, 8);
    all_fibers(w, 0, (1u << 2) + 3); /* texel x 1, sample 3 */
    all_fibers(w, 1, 1);
    all_fibers(w, 4, 0);
    exec_ok(w, &ob.b, "isaml (u32)(x)r2.x, r0.x, r1.x, s#0, t#0", NULL);
    assert_int_equal(w->gpr[0][8], 503);
    exec_fails(w, &ob.b, "isamm (u32)(x)r2.x, r0.x, s#0, t#0", TMU_ERR_UNSUPPORTED, "through isaml");
    free(w);
    w = new_wave(630, 64); /* a4xx+: isamm with the sample index after the coordinates */
    all_fibers(w, 0, 1);
    all_fibers(w, 1, 1);
    all_fibers(w, 2, 2);
    exec_ok(w, &ob.b, "isamm (u32)(x)r2.x, r0.x, s#0, t#0", NULL);
    assert_int_equal(w->gpr[0][8], 502);
    free(w);
    free(ms.mem);
}

/* .s: per-texel compare, then filtering (sampling.md §8). */
static void test_shadow(void **state)
{
    (void)state;
    owned_tex o;
    make_tex(&o, TMU_DIM_2D, TMU_FORMAT_D32_FLOAT, 2, 2, 1, 1, 1, 1);
    put_f32(&o, 0, 0, 0, 0, 0.2f);
    put_f32(&o, 0, 1, 0, 0, 0.4f);
    put_f32(&o, 0, 0, 1, 0, 0.6f);
    put_f32(&o, 0, 1, 1, 0, 0.8f);
    one_binding ob;
    bind_one(&ob, &o.tex);
    ob.smp.compare_op = TMU_COMPARE_LESS; /* 1 when ref < texel */
    tmu_ir3_wave *w = new_wave(630, 64);
    all_fibers(w, 0, fbits(0.25f)); /* texel (0, 0) = 0.2 */
    all_fibers(w, 1, fbits(0.25f));
    all_fibers(w, 2, fbits(0.1f)); /* ref */
    exec_ok(w, &ob.b, "sam.s (f32)(x)r1.x, r0.x, s#0, t#0", NULL);
    assert_true(bitsf(w->gpr[0][4]) == 1.0f);
    all_fibers(w, 2, fbits(0.3f));
    exec_ok(w, &ob.b, "sam.s (f32)(x)r1.x, r0.x, s#0, t#0", NULL);
    assert_true(bitsf(w->gpr[0][4]) == 0.0f);
    /* linear at the centre: the four compares 0.2, 0.4, 0.6, 0.8 > 0.5 -> 0, 0, 1, 1 -> 0.5 */
    ob.smp.mag_filter = ob.smp.min_filter = TMU_FILTER_LINEAR;
    all_fibers(w, 0, fbits(0.5f));
    all_fibers(w, 1, fbits(0.5f));
    all_fibers(w, 2, fbits(0.5f));
    exec_ok(w, &ob.b, "sam.s (f32)(x)r1.x, r0.x, s#0, t#0", NULL);
    assert_true(bitsf(w->gpr[0][4]) == 0.5f);
    /* gather4r.s returns the four compares in gather order (i0,j1) (i1,j1) (i1,j0) (i0,j0) */
    exec_ok(w, &ob.b, "gather4r.s (f32)(xyzw)r2.x, r0.x, s#0, t#0", NULL);
    assert_true(bitsf(w->gpr[0][8]) == 1.0f && bitsf(w->gpr[0][9]) == 1.0f && bitsf(w->gpr[0][10]) == 0.0f &&
                bitsf(w->gpr[0][11]) == 0.0f);
    free(w);
    free(o.mem);
}

/* .p on a3xx divides the coordinates and the reference by the projector; a4xx+ has no sam.p. */
static void test_projector(void **state)
{
    (void)state;
    owned_tex o;
    make_tex(&o, TMU_DIM_2D, TMU_FORMAT_R32_FLOAT, 4, 4, 1, 1, 1, 1);
    for (uint32_t y = 0; y < 4; y++)
        for (uint32_t x = 0; x < 4; x++)
            put_f32(&o, 0, x, y, 0, (float)(10 * y + x));
    one_binding ob;
    bind_one(&ob, &o.tex);
    tmu_ir3_wave *w = new_wave(300, 8);
    all_fibers(w, 0, fbits(0.625f * 4)); /* s * q, t * q, q = 4 -> (0.625, 0.375) = texel (2, 1) */
    all_fibers(w, 1, fbits(0.375f * 4));
    all_fibers(w, 2, fbits(4.0f));
    exec_ok(w, &ob.b, "sam.p (f32)(x)r1.x, r0.x, s#0, t#0", NULL);
    assert_true(bitsf(w->gpr[0][4]) == 12.0f);
    free(w);
    w = new_wave(430, 32);
    exec_fails(w, &ob.b, "sam.p (f32)(x)r1.x, r0.x, s#0, t#0", TMU_ERR_UNSUPPORTED, "no sam.p");
    free(w);
    free(o.mem);
}

/* .o: texel offsets from SRC2, added in texel space (fetch and sample). */
static void test_offsets(void **state)
{
    (void)state;
    owned_tex o;
    make_tex(&o, TMU_DIM_2D, TMU_FORMAT_R32_FLOAT, 4, 4, 1, 1, 1, 1);
    for (uint32_t y = 0; y < 4; y++)
        for (uint32_t x = 0; x < 4; x++)
            put_f32(&o, 0, x, y, 0, (float)(10 * y + x));
    one_binding ob;
    bind_one(&ob, &o.tex);
    tmu_ir3_wave *w = new_wave(630, 64);
    all_fibers(w, 0, 1); /* (1, 1) + (1, 2) = (2, 3) */
    all_fibers(w, 1, 1);
    all_fibers(w, 4, 1);
    all_fibers(w, 5, 2);
    all_fibers(w, 6, 0); /* LOD */
    exec_ok(w, &ob.b, "isaml.o (f32)(x)r2.x, r0.x, r1.x, s#0, t#0", NULL);
    assert_true(bitsf(w->gpr[0][8]) == 32.0f);
    all_fibers(w, 0, fbits(0.375f)); /* texel (1, 0) + (-1, 3) = (0, 3) */
    all_fibers(w, 1, fbits(0.125f));
    all_fibers(w, 4, (uint32_t)-1);
    all_fibers(w, 5, 3);
    exec_ok(w, &ob.b, "sam.o (f32)(x)r2.x, r0.x, r1.x, s#0, t#0", NULL);
    assert_true(bitsf(w->gpr[0][8]) == 30.0f);
    /* saml with offsets: SRC2 = offsets, then the LOD */
    all_fibers(w, 6, fbits(0.0f));
    exec_ok(w, &ob.b, "saml.o (f32)(x)r2.y, r0.x, r1.x, s#0, t#0", NULL);
    assert_true(bitsf(w->gpr[0][9]) == 30.0f);
    free(w);
    free(o.mem);
}

/* getlod: (level accessed, computed LOD) as 4.8 fixed point, from the quad's derivatives. */
static void test_getlod(void **state)
{
    (void)state;
    owned_tex o;
    make_tex(&o, TMU_DIM_2D, TMU_FORMAT_R8G8B8A8_UNORM, 64, 64, 1, 1, 7, 1);
    one_binding ob;
    bind_one(&ob, &o.tex);
    ob.smp.mip_filter = TMU_MIP_LINEAR;
    tmu_ir3_wave *w = new_wave(630, 64);
    /* a quad 4 texels apart in x and 2 in y: rho = 4, lambda = 2; 1/16 apart: lambda = -2 */
    for (unsigned f = 0; f < 64; f++) {
        w->gpr[f][0] = fbits(0.25f + (float)(f & 1) * 4.0f / 64);
        w->gpr[f][1] = fbits(0.25f + (float)((f >> 1) & 1) * 2.0f / 64);
        w->gpr[f][2] = fbits(0.5f + (float)(f & 1) / 256);
        w->gpr[f][3] = fbits(0.5f + (float)((f >> 1) & 1) / 256);
    }
    exec_ok(w, &ob.b, "getlod (s32)(xy)r1.x, r0.x, s#0, t#0", NULL);
    assert_int_equal((int32_t)w->gpr[5][4], 2 * 256);
    assert_int_equal((int32_t)w->gpr[5][5], 2 * 256);
    exec_ok(w, &ob.b, "getlod (s32)(xy)r1.x, r0.z, s#0, t#0", NULL);
    assert_int_equal((int32_t)w->gpr[5][4], 0);        /* level accessed: clamped to 0 */
    assert_int_equal((int32_t)w->gpr[5][5], -2 * 256); /* computed LOD */
    ob.smp.lod_bias = 0.75f;
    exec_ok(w, &ob.b, "getlod (s32)(xy)r1.x, r0.x, s#0, t#0", NULL);
    assert_int_equal((int32_t)w->gpr[5][4], 704); /* 2.75 * 256 */
    exec_fails(w, &ob.b, "getlod (f32)(xy)r1.x, r0.x, s#0, t#0", TMU_ERR_UNSUPPORTED, "the result is an integer");
    exec_fails(w, &ob.b, "getlod (s32)(xyz)r1.x, r0.x, s#0, t#0", TMU_ERR_UNSUPPORTED, "WRMASK z/w");
    free(w);
    free(o.mem);
}

/* getsize, hand-worked from docs/ir3-cat5.md §5.2 (Mesa's emit_tex_txs): x, y the level's size
 * (a 1D texture is a 2D one of height 1, §5.1); z the level's depth for 3D and, for 2D arrays,
 * the array size minified like a size ("for higher mips the value in z is minified whereas w
 * stays"); w the array size (cube arrays: cubes; a3xx: one less, Mesa adds 1).  NA marks a
 * component no source defines (z and w of non-arrays, w of 3D, z of cube arrays): tmu's choice,
 * not asserted here.  The last case is tmu's documented choice for an out-of-range LOD (GLSL
 * leaves textureSize undefined there): all four components 0 -- checked as tmu's behaviour, not
 * as the GPU's. */
#define NA 0xFFFFFFFFu
static void test_getsize(void **state)
{
    (void)state;
    static const struct {
        tmu_dim dim;
        uint32_t w, h, d, layers, levels, gpu, lod;
        uint32_t want[4];
    } cases[] = {
        {TMU_DIM_2D_ARRAY, 8, 4, 1, 5, 3, 630, 1, {4, 2, 2, 5}},  /* 8 >> 1, 4 >> 1, 5 >> 1, 5 */
        {TMU_DIM_2D_ARRAY, 8, 4, 1, 5, 3, 300, 1, {4, 2, 2, 4}},  /* a3xx: w = 5 - 1 */
        {TMU_DIM_2D_ARRAY, 8, 4, 1, 5, 3, 630, 0, {8, 4, 5, 5}},
        {TMU_DIM_3D, 8, 8, 4, 1, 4, 630, 2, {2, 2, 1, NA}},       /* 8 >> 2, 8 >> 2, 4 >> 2 */
        {TMU_DIM_2D, 16, 2, 1, 1, 5, 540, 3, {2, 1, NA, NA}},     /* 16 >> 3, max(1, 2 >> 3) */
        {TMU_DIM_CUBE, 4, 4, 1, 6, 3, 630, 1, {2, 2, NA, NA}},
        {TMU_DIM_CUBE_ARRAY, 4, 4, 1, 12, 1, 630, 0, {4, 4, NA, 2}}, /* 12 faces = 2 cubes */
        {TMU_DIM_1D, 8, 1, 1, 1, 4, 630, 2, {2, 1, NA, NA}},      /* 8 >> 2, height 1 */
        {TMU_DIM_2D, 16, 2, 1, 1, 5, 630, 5, {0, 0, 0, 0}},       /* LOD 5 of 5 levels: tmu's choice */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        owned_tex o;
        make_tex(&o, cases[i].dim, TMU_FORMAT_R8_UNORM, cases[i].w, cases[i].h, cases[i].d, cases[i].layers,
                 cases[i].levels, 1);
        one_binding ob;
        bind_one(&ob, &o.tex);
        uint32_t gpu = cases[i].gpu;
        tmu_ir3_wave *w = new_wave(gpu, gpu < 400 ? 8 : gpu < 600 ? 32 : 64);
        all_fibers(w, 0, cases[i].lod);
        exec_ok(w, &ob.b, "getsize (u32)(xyzw)r1.x, r0.x, t#0", NULL);
        for (int c = 0; c < 4; c++)
            if (cases[i].want[c] != NA && w->gpr[1][4 + c] != cases[i].want[c])
                fail_msg("case %zu: component %d = %u, want %u", i, c, w->gpr[1][4 + c], cases[i].want[c]);
        /* 16-bit destination: the low 16 bits in half registers */
        exec_ok(w, &ob.b, "getsize (u16)(xy)hr4.x, r0.x, t#0", NULL);
        uint32_t v;
        assert_int_equal(tmu_ir3_reg_get(w, 1, 17, true, &v), TMU_OK);
        assert_int_equal(v, cases[i].want[1]);
        free(w);
        free(o.mem);
    }
}
#undef NA

/* getinfo: x channel data type, y channel order (the a3xx/a4xx or the a5xx/a6xx table), z
 * levels, w samples (both zero-based on a3xx: Mesa's emit_tex_info adds 1 to either there);
 * values from the tables of docs/ir3-cat5.md §5.2. */
static void test_getinfo(void **state)
{
    (void)state;
    enum { NC = 0xFF };
    static const struct {
        tmu_format fmt;
        unsigned type;      /* x */
        unsigned order3, order5; /* y on a3xx/a4xx, on a5xx+ */
    } rows[] = {
        {TMU_FORMAT_R8_SNORM, 0 /* 8_SNORM */, 1 /* CLK_R */, 1},
        {TMU_FORMAT_R16G16_SNORM, 1 /* 16_SNORM */, 3 /* CLK_RG */, 3},
        {TMU_FORMAT_R8G8B8A8_UNORM, 2 /* 8_UNORM */, 8 /* CLK_RGBA */, 8},
        {TMU_FORMAT_R16_UNORM, 3 /* 16_UNORM */, 1, 1},
        {TMU_FORMAT_R5G6B5_UNORM_PACK16, 4 /* 5_6_5_UNORM */, 6 /* CLK_RGB */, 6},
        {TMU_FORMAT_B5G6R5_UNORM_PACK16, 4, 14 /* CLK_BGR */, 21 /* CLK_BGR */},
        {TMU_FORMAT_R5G5B5A1_UNORM_PACK16, 5 /* 5_5_5_1_UNORM */, 8, 8},
        {TMU_FORMAT_A2B10G10R10_UNORM_PACK32, 6 /* 10_10_10_2_UNORM */, 13 /* CLK_ABGR */, 13},
        {TMU_FORMAT_R8G8_SINT, 7 /* 8_SINT */, 3, 3},
        {TMU_FORMAT_R16G16B16A16_SINT, 8 /* 16_SINT */, 8, 8},
        {TMU_FORMAT_R32_SINT, 9 /* 32_SINT */, 1, 1},
        {TMU_FORMAT_R8_UINT, 10 /* 8_UINT */, 1, 1},
        {TMU_FORMAT_R16G16_UINT, 11 /* 16_UINT */, 3, 3},
        {TMU_FORMAT_R32G32B32_UINT, 12 /* 32_UINT */, 6, 6},
        {TMU_FORMAT_R16_FLOAT, 13 /* 16_FLOAT */, 1, 1},
        {TMU_FORMAT_R32G32B32A32_FLOAT, 14 /* 32_FLOAT */, 8, 8},
        {TMU_FORMAT_E5B9G9R9_UFLOAT_PACK32, 15 /* 9_9_9_E5_FLOAT */, 14, 21},
        {TMU_FORMAT_B10G11R11_UFLOAT_PACK32, 15 /* 11_11_10_FLOAT */, 14, 21},
        {TMU_FORMAT_A2B10G10R10_UINT_PACK32, 16 /* 10_10_10_2_UINT */, 13, 13},
        {TMU_FORMAT_A4B4G4R4_UNORM_PACK16, 17 /* 4_4_4_4_UNORM */, 13, 13},
        {TMU_FORMAT_X8_D24_UNORM_PACK32, 18 /* X8Z24_UNORM */, 17 /* CLK_DEPTH */, 14 /* CLK_DEPTH */},
        {TMU_FORMAT_B8G8R8A8_UNORM, 2, 10 /* CLK_BGRA */, 10},
        {TMU_FORMAT_R8G8B8A8_SRGB, 2, 16 /* CLK_sRGBA */, 17 /* CLK_sRGBA */},
        {TMU_FORMAT_B8G8R8A8_SRGB, 2, NC /* no sBGRA before a5xx */, 18 /* CLK_sBGRA */},
        {TMU_FORMAT_D16_UNORM, 3, 17, 14},
        {TMU_FORMAT_D32_FLOAT, 14, 17, 14},
    };
    static const uint32_t gpus[] = {300, 430, 540, 630, 730};
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
        for (size_t g = 0; g < sizeof gpus / sizeof gpus[0]; g++) {
            owned_tex o;
            make_tex(&o, TMU_DIM_2D, rows[i].fmt, 4, 4, 1, 1, 3, 1);
            one_binding ob;
            bind_one(&ob, &o.tex);
            uint32_t gpu = gpus[g];
            tmu_ir3_wave *w = new_wave(gpu, gpu < 400 ? 8 : gpu < 600 ? 32 : 64);
            unsigned order = gpu < 500 ? rows[i].order3 : rows[i].order5;
            if (order == NC) {
                exec_fails(w, &ob.b, "getinfo (u32)(xyzw)r1.x, t#0", TMU_ERR_UNSUPPORTED, "no channel order");
                exec_ok(w, &ob.b, "getinfo (u32)(xzw)r1.x, t#0", NULL);
                order = 0;
            } else {
                exec_ok(w, &ob.b, "getinfo (u32)(xyzw)r1.x, t#0", NULL);
            }
            uint32_t want[4] = {rows[i].type, order, gpu < 400 ? 2u : 3u, gpu < 400 ? 0u : 1u};
            for (int c = 0; c < 4; c++)
                if (w->gpr[0][4 + c] != want[c])
                    fail_msg("%s on GPU %u: component %d = %u, want %u", tmu_format_name(rows[i].fmt), gpu, c,
                             w->gpr[0][4 + c], want[c]);
            free(w);
            free(o.mem);
        }
    /* samples in w; formats without a CL data type are refused when x is asked for */
    owned_tex ms;
    make_tex(&ms, TMU_DIM_2D_MS, TMU_FORMAT_R8G8_USCALED, 2, 2, 1, 1, 1, 8);
    one_binding ob;
    bind_one(&ob, &ms.tex);
    tmu_ir3_wave *w = new_wave(630, 64);
    exec_ok(w, &ob.b, "getinfo (u32)(w)r1.x, t#0", NULL);
    assert_int_equal(w->gpr[0][7], 8);
    exec_fails(w, &ob.b, "getinfo (u32)(x)r1.x, t#0", TMU_ERR_UNSUPPORTED, "no channel data type");
    free(w);
    /* a3xx: textureSamples = getinfo.w + 1 in Mesa's compiler, so 8 samples read back as 7 */
    w = new_wave(320, 8);
    exec_ok(w, &ob.b, "getinfo (u32)(w)r1.x, t#0", NULL);
    assert_int_equal(w->gpr[0][7], 7);
    free(w);
    free(ms.mem);
}

/* .rck: x = 1 when the access touches a non-resident tile (residency map: tile 1 of 2). */
static void test_residency(void **state)
{
    (void)state;
    owned_tex o;
    make_tex(&o, TMU_DIM_2D, TMU_FORMAT_R32_FLOAT, 4, 2, 1, 1, 1, 1);
    static const uint8_t map[2] = {1, 0};
    tmu_residency res = {2, 2, 1, {map}};
    o.tex.residency = &res;
    one_binding ob;
    bind_one(&ob, &o.tex);
    tmu_ir3_wave *w = new_wave(630, 64);
    for (unsigned f = 0; f < 64; f++) {
        w->gpr[f][0] = fbits(f & 1 ? 0.875f : 0.125f); /* odd fibers read tile 1 */
        w->gpr[f][1] = fbits(0.25f);
    }
    exec_ok(w, &ob.b, "sam.rck (x)r1.x, r0.x, s#0, t#0", NULL);
    for (unsigned f = 0; f < 64; f++)
        assert_int_equal(w->gpr[f][4], f & 1);
    exec_fails(w, &ob.b, "sam.rck (xy)r1.x, r0.x, s#0, t#0", TMU_ERR_UNSUPPORTED, "WRMASK x");
    exec_fails(w, &ob.b, "getsize.rck (xyzw)r1.x, r0.x, t#0", TMU_ERR_UNSUPPORTED, "residency is undefined");
    free(w);
    free(o.mem);
}

/* ---- descriptor modes --------------------------------------------------------------------------- */

/* 1x1 R32_FLOAT textures holding their id, and clamp-to-border samplers whose border colour is
 * their id: sampling inside reads the texture id, outside the sampler id. */
#define NSLOT 12
typedef struct id_world {
    float texel[9][NSLOT];
    tmu_texture tex[9][NSLOT];
    tmu_sampler smp[9][NSLOT];
    tmu_ir3_slot slot[9][NSLOT]; /* [0..7] bindless sets, [8] t#/s# */
    tmu_ir3_bindings b;
} id_world;

static id_world *make_world(void)
{
    id_world *iw = calloc(1, sizeof *iw);
    for (int s = 0; s < 9; s++)
        for (int i = 0; i < NSLOT; i++) {
            float id = s == 8 ? (float)i : (float)(1000 * s + i);
            iw->texel[s][i] = id;
            tmu_diag d;
            assert_int_equal(tmu_texture_init_packed(&iw->tex[s][i], TMU_DIM_2D, TMU_FORMAT_R32_FLOAT, 1, 1, 1, 1, 1,
                                                     1, &iw->texel[s][i], 4, &d),
                             TMU_OK);
            iw->smp[s][i] = tmu_sampler_default();
            for (int a = 0; a < 3; a++)
                iw->smp[s][i].address[a] = TMU_ADDRESS_CLAMP_TO_BORDER;
            iw->smp[s][i].mag_filter = iw->smp[s][i].min_filter = TMU_FILTER_NEAREST;
            iw->smp[s][i].border_f[0] = id + 0.5f;
            iw->slot[s][i].texture = &iw->tex[s][i];
            iw->slot[s][i].sampler = &iw->smp[s][i];
        }
    iw->b.tex = iw->b.samp = iw->slot[8];
    iw->b.num_tex = iw->b.num_samp = NSLOT;
    for (int s = 0; s < 8; s++) {
        iw->b.set[s] = iw->slot[s];
        iw->b.set_size[s] = NSLOT;
    }
    return iw;
}

/* r0.xy inside (0.5, 0.5), r1.xy outside (-3, -3) */
static void id_coords(tmu_ir3_wave *w)
{
    for (unsigned f = 0; f < w->fibers; f++) {
        w->gpr[f][0] = w->gpr[f][1] = fbits(0.5f);
        w->gpr[f][4] = w->gpr[f][5] = fbits(-3.0f);
    }
}

/* Runs `text` twice (coordinates in r0 and in r1) and checks texture / sampler ids per fiber. */
static void check_ids(tmu_ir3_wave *w, const tmu_ir3_bindings *b, const char *text_in, const char *text_out,
                      const float *want_tex, const float *want_samp)
{
    exec_ok(w, b, text_in, NULL);
    for (unsigned f = 0; f < w->fibers; f++)
        if (bitsf(w->gpr[f][8]) != want_tex[f])
            fail_msg("%s: fiber %u texture %g, want %g", text_in, f, (double)bitsf(w->gpr[f][8]), (double)want_tex[f]);
    if (!text_out)
        return;
    exec_ok(w, b, text_out, NULL);
    for (unsigned f = 0; f < w->fibers; f++)
        if (bitsf(w->gpr[f][8]) != want_samp[f] + 0.5f)
            fail_msg("%s: fiber %u sampler %g, want %g", text_out, f, (double)bitsf(w->gpr[f][8]) - 0.5,
                     (double)want_samp[f]);
}

static void test_descriptor_modes(void **state)
{
    (void)state;
    id_world *iw = make_world();
    float wt[128], ws[128];
    tmu_ir3_wave *w = new_wave(630, 64);
    id_coords(w);

    /* immediate t#/s# */
    for (unsigned f = 0; f < 64; f++)
        wt[f] = 5, ws[f] = 2;
    check_ids(w, &iw->b, "sam (f32)(x)r2.x, r0.x, s#2, t#5", "sam (f32)(x)r2.x, r1.x, s#2, t#5", wt, ws);

    /* GL s2en (modes 0, 4): a half-register pair, (texture, sampler) by default; per fiber */
    for (unsigned f = 0; f < 64; f++) {
        assert_int_equal(tmu_ir3_reg_set(w, f, 80 /* hr20.x */, true, f % 7), TMU_OK);
        assert_int_equal(tmu_ir3_reg_set(w, f, 81 /* hr20.y */, true, 11 - f % 5), TMU_OK);
        wt[f] = (float)(f % 7), ws[f] = (float)(11 - f % 5);
    }
    check_ids(w, &iw->b, "sam.s2en.nonuniform (f32)(x)r2.x, r0.x, hr20.x",
              "sam.s2en.uniform (f32)(x)r2.x, r1.x, hr20.x", wt, ws);
    w->flags |= TMU_IR3_WAVE_S2EN_SAMPLER_FIRST;
    check_ids(w, &iw->b, "sam.s2en.nonuniform (f32)(x)r2.x, r0.x, hr20.x",
              "sam.s2en.nonuniform (f32)(x)r2.x, r1.x, hr20.x", ws, wt);
    w->flags = 0;

    /* mode 6: BASE, sampler = low 4 bits, texture = high 4 bits of SRC3 */
    for (unsigned f = 0; f < 64; f++)
        wt[f] = 3007, ws[f] = 3001;
    check_ids(w, &iw->b, "sam.base3 (f32)(x)r2.x, r0.x, s#1, t#7", "sam.base3 (f32)(x)r2.x, r1.x, s#1, t#7", wt, ws);

    /* modes 2 / 5: a full-register pair (texture, sampler), one base for both */
    for (unsigned f = 0; f < 64; f++) {
        w->gpr[f][24] = f % 11; /* r6.x texture */
        w->gpr[f][25] = f % 3;  /* r6.y sampler */
        wt[f] = (float)(2000 + f % 11), ws[f] = (float)(2000 + f % 3);
    }
    check_ids(w, &iw->b, "sam.s2en.nonuniform.base2 (f32)(x)r2.x, r0.x, r6.x",
              "sam.s2en.uniform.base2 (f32)(x)r2.x, r1.x, r6.x", wt, ws);

    /* modes 1 / 3: the same pair, the sampler base from the low 3 bits of a1.x */
    for (unsigned f = 0; f < 64; f++) {
        w->a1[f] = 5;
        ws[f] = (float)(5000 + f % 3);
    }
    check_ids(w, &iw->b, "sam.s2en.uniform.base2 (f32)(x)r2.x, r0.x, r6.x, a1.x",
              "sam.s2en.nonuniform.base2 (f32)(x)r2.x, r1.x, r6.x, a1.x", wt, ws);

    /* mode 7 on a6xx: a1.x = texture << 3 | sampler base, SRC3 = sampler */
    for (unsigned f = 0; f < 64; f++) {
        w->a1[f] = (9u << 3) | 4;
        wt[f] = 1009, ws[f] = 4010;
    }
    check_ids(w, &iw->b, "sam.base1 (f32)(x)r2.x, r0.x, s#10, a1.x", "sam.base1 (f32)(x)r2.x, r1.x, s#10, a1.x", wt,
              ws);
    free(w);

    /* mode 7 on a7xx: a1.x = sampler << 3 | sampler base, SRC3 = texture */
    w = new_wave(730, 64);
    id_coords(w);
    for (unsigned f = 0; f < 64; f++) {
        w->a1[f] = (6u << 3) | 7;
        wt[f] = 1010, ws[f] = 7006;
    }
    check_ids(w, &iw->b, "sam.base1 (f32)(x)r2.x, r0.x, t#10, a1.x", "sam.base1 (f32)(x)r2.x, r1.x, t#10, a1.x", wt,
              ws);

    /* errors name the index */
    exec_fails(w, &iw->b, "sam (f32)(x)r2.x, r0.x, s#2, t#12", TMU_ERR_RANGE, "t#12 is not bound (12 texture slots)");
    for (unsigned f = 0; f < 64; f++)
        w->gpr[f][24] = f == 17 ? 40 : 1;
    exec_fails(w, &iw->b, "sam.s2en.nonuniform.base2 (f32)(x)r2.x, r0.x, r6.x", TMU_ERR_RANGE,
               "fiber 17: texture index 40 is outside descriptor set 2 (12 slots)");
    iw->b.set[4] = NULL;
    exec_fails(w, &iw->b, "sam.base4 (f32)(x)r2.x, r0.x, s#1, t#1", TMU_ERR_RANGE, "base 4 (texture) has no descriptor set");
    free(w);
    w = new_wave(540, 32);
    exec_fails(w, &iw->b, "sam.base0 (f32)(x)r2.x, r0.x, s#1, t#1", TMU_ERR_UNSUPPORTED, "from a6xx on");
    free(w);
    w = new_wave(300, 8);
    exec_fails(w, &iw->b, "sam.s2en.nonuniform (f32)(x)r2.x, r0.x, hr4.x", TMU_ERR_UNSUPPORTED, "only mode 0");
    free(w);
    free(iw);
}

/* Shape rules: .3d exactly for 3D and cube, .a turns a texture into an array of one, and
 * an array texture without .a reads layer 0. */
static void test_shapes(void **state)
{
    (void)state;
    owned_tex o;
    make_tex(&o, TMU_DIM_2D_ARRAY, TMU_FORMAT_R32_FLOAT, 1, 1, 1, 3, 1, 1);
    for (uint32_t l = 0; l < 3; l++)
        put_f32(&o, 0, 0, 0, l, (float)(l + 1));
    one_binding ob;
    bind_one(&ob, &o.tex);
    tmu_ir3_wave *w = new_wave(630, 64);
    all_fibers(w, 0, fbits(0.5f));
    all_fibers(w, 1, fbits(0.5f));
    all_fibers(w, 2, fbits(2.0f));
    exec_ok(w, &ob.b, "sam (f32)(x)r1.x, r0.x, s#0, t#0", NULL);
    assert_true(bitsf(w->gpr[0][4]) == 1.0f);
    exec_ok(w, &ob.b, "sam.a (f32)(x)r1.x, r0.x, s#0, t#0", NULL);
    assert_true(bitsf(w->gpr[0][4]) == 3.0f);
    exec_fails(w, &ob.b, "sam.3d (f32)(x)r1.x, r0.x, s#0, t#0", TMU_ERR_INVALID, ".3d is set exactly for 3D and cube");
    free(o.mem);
    owned_tex c;
    make_tex(&c, TMU_DIM_CUBE, TMU_FORMAT_R32_FLOAT, 1, 1, 1, 6, 1, 1);
    for (uint32_t l = 0; l < 6; l++)
        put_f32(&c, 0, 0, 0, l, (float)(l + 1));
    bind_one(&ob, &c.tex);
    all_fibers(w, 0, fbits(0.0f)); /* direction -Z: face 5 */
    all_fibers(w, 1, fbits(0.0f));
    all_fibers(w, 2, fbits(-1.0f));
    exec_ok(w, &ob.b, "sam.3d (f32)(x)r1.x, r0.x, s#0, t#0", NULL);
    assert_true(bitsf(w->gpr[0][4]) == 6.0f);
    exec_fails(w, &ob.b, "sam (f32)(x)r1.x, r0.x, s#0, t#0", TMU_ERR_INVALID, "without .3d on a cube texture");
    exec_fails(w, &ob.b, "isam.3d (f32)(x)r1.x, r0.x, s#0, t#0", TMU_ERR_UNSUPPORTED, "fetches of cube maps");
    free(w);
    free(c.mem);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_1d_padding), cmocka_unit_test(test_array_index), cmocka_unit_test(test_a3xx_fetch),
        cmocka_unit_test(test_shadow),     cmocka_unit_test(test_projector),   cmocka_unit_test(test_offsets),
        cmocka_unit_test(test_getlod),     cmocka_unit_test(test_getsize),     cmocka_unit_test(test_getinfo),
        cmocka_unit_test(test_residency),  cmocka_unit_test(test_descriptor_modes), cmocka_unit_test(test_shapes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
