/* Execution tests: tex / tld4 / txq lifted to tmu_op and run for a warp against
 * textures built here.  Every expected value is worked out by hand in the
 * comments (formulas of shared/reference/sampling.md), not taken from the code. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "tmu/format.h"
#include "tmu/ptx.h"
#include "tmu/texture.h"

/* An element's name (not NUL-terminated: name_len bytes) equals `want`. */
static void assert_name(const tmu_ptx_elem *e, const char *want)
{
    assert_non_null(e);
    assert_int_equal(e->kind, TMU_PTX_E_NAME);
    assert_int_equal(e->name_len, strlen(want));
    assert_memory_equal(e->name, want, strlen(want));
}

static tmu_ptx_instr parse(const char *text)
{
    tmu_ptx_instr in;
    tmu_diag d;
    if (tmu_ptx_parse_instr(text, strlen(text), &in, &d) != TMU_OK)
        fprintf(stderr, "%s: %s\n", text, d.message);
    return in;
}

static uint64_t fbits(float f)
{
    uint32_t b;
    memcpy(&b, &f, 4);
    return b;
}

static float bitsf(uint64_t v)
{
    uint32_t b = (uint32_t)v;
    float f;
    memcpy(&f, &b, 4);
    return f;
}

/* A small register file with named registers. */
typedef struct rfile {
    tmu_ptx_reg regs[24];
    tmu_ptx_regfile rf;
} rfile;

static void rf_init(rfile *r, const char *const *names, size_t n)
{
    memset(r, 0, sizeof *r);
    for (size_t i = 0; i < n; i++)
        r->regs[i].name = names[i];
    r->rf.regs = r->regs;
    r->rf.count = n;
}

static void set_f(rfile *r, const char *name, int lane, float v)
{
    tmu_ptx_reg *g = tmu_ptx_regfile_find(&r->rf, name);
    assert_non_null(g);
    g->lane[lane] = fbits(v);
}

static void set_u(rfile *r, const char *name, int lane, uint64_t v)
{
    tmu_ptx_reg *g = tmu_ptx_regfile_find(&r->rf, name);
    assert_non_null(g);
    g->lane[lane] = v;
}

static uint64_t get(rfile *r, const char *name, int lane)
{
    tmu_ptx_reg *g = tmu_ptx_regfile_find(&r->rf, name);
    assert_non_null(g);
    return g->lane[lane];
}

/* 2x2 r32_float: (0,0)=0 (1,0)=1 (0,1)=2 (1,1)=3 */
static float tex2x2_mem[4] = {0.0f, 1.0f, 2.0f, 3.0f};

static void test_2d_bilinear(void **state)
{
    (void)state;
    tmu_texture t;
    assert_int_equal(tmu_texture_init_packed(&t, TMU_DIM_2D, TMU_FORMAT_R32_FLOAT, 2, 2, 1, 1, 1, 1,
                                             tex2x2_mem, sizeof tex2x2_mem, NULL),
                     TMU_OK);
    tmu_sampler s = tmu_sampler_default();
    s.address[0] = s.address[1] = TMU_ADDRESS_CLAMP_TO_EDGE;
    tmu_ptx_binding b = {"t0", 0, &t, &s};
    tmu_ptx_exec_env env = {0, &b, 1, NULL, 0};
    static const char *const names[] = {"%f0", "%f1", "%f2", "%f3", "%f4", "%f5"};
    rfile r;
    rf_init(&r, names, 6);
    /* lane 0: (u,v) = (0.5, 0.5) -> texel space (1, 1): alpha = beta = 0.5 -> (0+1+2+3)/4 = 1.5
     * lane 1: (0.375, 0.5) -> x = 0.75 - 0.5 = 0.25: row0 0.25, row1 2.25, beta 0.5 -> 1.25
     * lane 2: (0.3, 0.5) -> x = 0.1: exact: row0 0.1, row1 2.1 -> 1.1
     * lane 3: (0.0, 0.0) -> x = -0.5: clamp to edge -> texel (0,0) = 0 */
    const float u[4] = {0.5f, 0.375f, 0.3f, 0.0f}, v[4] = {0.5f, 0.5f, 0.5f, 0.0f};
    for (int l = 0; l < 4; l++) {
        set_f(&r, "%f4", l, u[l]);
        set_f(&r, "%f5", l, v[l]);
    }
    set_u(&r, "%f0", 7, 0xDEADBEEF); /* an inactive lane keeps its value */
    tmu_ptx_instr in = parse("tex.2d.v4.f32.f32 {%f0,%f1,%f2,%f3}, [t0, {%f4,%f5}];");
    tmu_diag d;
    assert_int_equal(tmu_ptx_exec_warp(&in, &env, 0xF, &r.rf, &d), TMU_OK);
    assert_true(fabsf(bitsf(get(&r, "%f0", 0)) - 1.5f) < 1e-6f);
    assert_true(fabsf(bitsf(get(&r, "%f0", 1)) - 1.25f) < 1e-6f);
    assert_true(fabsf(bitsf(get(&r, "%f0", 2)) - 1.1f) < 1e-5f);
    assert_true(bitsf(get(&r, "%f0", 3)) == 0.0f);
    /* r32_float has no G, B, A: 0, 0, 1 */
    assert_true(bitsf(get(&r, "%f1", 0)) == 0.0f && bitsf(get(&r, "%f2", 0)) == 0.0f &&
                bitsf(get(&r, "%f3", 0)) == 1.0f);
    assert_int_equal(get(&r, "%f0", 7), 0xDEADBEEF);
    /* NVIDIA precision: alpha 0.1 becomes round(25.6)/256 = 26/256 = 0.1015625:
     * row0 0.1015625, row1 2.1015625, beta 0.5 -> 1.1015625 (exact in binary) */
    s.precision = TMU_PRECISION_NVIDIA;
    assert_int_equal(tmu_ptx_exec_warp(&in, &env, 0x4, &r.rf, &d), TMU_OK);
    assert_true(bitsf(get(&r, "%f0", 2)) == 1.1015625f);
    /* f16x2: lane 0 = (1.5, 0, 0, 1): d0 = {R low, G high} = 0x0000_3E00, d1 = {B, A} = 0x3C00_0000
     */
    static const char *const hn[] = {"%hh0", "%hh1", "%f4", "%f5"};
    rfile h;
    rf_init(&h, hn, 4);
    set_f(&h, "%f4", 0, 0.5f);
    set_f(&h, "%f5", 0, 0.5f);
    s.precision = TMU_PRECISION_EXACT;
    tmu_ptx_instr hi = parse("tex.2d.v2.f16x2.f32 {%hh0,%hh1}, [t0, {%f4,%f5}];");
    assert_int_equal(tmu_ptx_exec_warp(&hi, &env, 0x1, &h.rf, &d), TMU_OK);
    assert_int_equal(get(&h, "%hh0", 0), 0x00003E00);
    assert_int_equal(get(&h, "%hh1", 0), 0x3C000000);
}

/* Floating immediates as operands: rounded to f32 within its range (infinities and NaN kept),
 * truncated toward zero to an int32 within [-2^31, 2^31); anything else is refused (converting it
 * in C would be undefined behaviour: UBSan's float-cast-overflow). */
static void test_float_immediates(void **state)
{
    (void)state;
    uint32_t b = 0;
    assert_true(tmu_ptx_imm_bits(0.5, false, &b) && b == 0x3F000000u);
    assert_true(tmu_ptx_imm_bits(3.4028234663852886e38, false, &b) && b == 0x7F7FFFFFu); /* FLT_MAX */
    assert_true(tmu_ptx_imm_bits(INFINITY, false, &b) && b == 0x7F800000u);
    assert_true(tmu_ptx_imm_bits(-INFINITY, false, &b) && b == 0xFF800000u);
    assert_true(tmu_ptx_imm_bits(NAN, false, &b) && (b & 0x7F800000u) == 0x7F800000u && (b & 0x7FFFFFu));
    b = 7;
    assert_false(tmu_ptx_imm_bits(1e39, false, &b));
    assert_false(tmu_ptx_imm_bits(-1e300, false, &b));
    assert_int_equal(b, 7);
    assert_true(tmu_ptx_imm_bits(2147483647.9, true, &b) && b == 0x7FFFFFFFu);
    assert_true(tmu_ptx_imm_bits(-2147483648.9, true, &b) && b == 0x80000000u);
    assert_true(tmu_ptx_imm_bits(-1.5, true, &b) && b == 0xFFFFFFFFu);
    assert_false(tmu_ptx_imm_bits(2147483648.0, true, &b));
    assert_false(tmu_ptx_imm_bits(-2147483649.0, true, &b));
    assert_false(tmu_ptx_imm_bits(NAN, true, &b));
    assert_false(tmu_ptx_imm_bits(INFINITY, true, &b));
    /* executing: a coordinate immediate beyond the f32 range is an error naming its position */
    tmu_texture t;
    assert_int_equal(tmu_texture_init_packed(&t, TMU_DIM_2D, TMU_FORMAT_R32_FLOAT, 2, 2, 1, 1, 1, 1,
                                             tex2x2_mem, sizeof tex2x2_mem, NULL),
                     TMU_OK);
    tmu_sampler s = tmu_sampler_default();
    tmu_ptx_binding bind = {"t0", 0, &t, &s};
    tmu_ptx_exec_env env = {0, &bind, 1, NULL, 0};
    static const char *const names[] = {"%f0", "%f1", "%f2", "%f3", "%f5", "%r1", "%r2"};
    rfile r;
    rf_init(&r, names, 7);
    tmu_ptx_instr in = parse("tex.2d.v4.f32.f32 {%f0,%f1,%f2,%f3}, [t0, {1e300,%f5}];");
    tmu_diag d;
    assert_int_equal(tmu_ptx_exec_warp(&in, &env, 0x1, &r.rf, &d), TMU_ERR_INVALID_ARGUMENT);
    assert_int_equal(d.line, 1);
    assert_int_equal(d.column, 44);
    assert_non_null(strstr(d.message, "does not fit its f32 operand"));
    /* an integer operand (a texel offset) given as a float immediate beyond int32 */
    tmu_ptx_instr ii = parse("tex.2d.v4.f32.f32 {%f0,%f1,%f2,%f3}, [t0, {%f5,%f5}], {3.0e10,0};");
    assert_int_equal(tmu_ptx_exec_warp(&ii, &env, 0x1, &r.rf, &d), TMU_ERR_INVALID_ARGUMENT);
    assert_non_null(strstr(d.message, "does not fit its int32 operand"));
}

/* Cube map, 1x1 faces, r32_float, face k (+X -X +Y -Y +Z -Z) holds k + 1. */
static float cube_mem[6] = {1, 2, 3, 4, 5, 6};

static void test_cube(void **state)
{
    (void)state;
    tmu_texture t;
    assert_int_equal(tmu_texture_init_packed(&t, TMU_DIM_CUBE, TMU_FORMAT_R32_FLOAT, 1, 1, 1, 6, 1,
                                             1, cube_mem, sizeof cube_mem, NULL),
                     TMU_OK);
    tmu_sampler s = tmu_sampler_default();
    s.address[0] = s.address[1] = s.address[2] = TMU_ADDRESS_CLAMP_TO_EDGE;
    s.mag_filter = s.min_filter = TMU_FILTER_NEAREST; /* no seamless blending across faces */
    /* the texture is reached through a handle in %rd1 */
    tmu_ptx_binding b = {NULL, 0x1234, &t, &s};
    tmu_ptx_exec_env env = {0, &b, 1, NULL, 0};
    static const char *const names[] = {"%f0",  "%f1",  "%f2",  "%f3",  "%f10",
                                        "%f11", "%f12", "%f13", "%f20", "%rd1"};
    rfile r;
    rf_init(&r, names, 10);
    /* major axis picks the face: (1, .2, .3) -> +X (1); (-.1, -.9, .2) -> -Y (4);
     * (.1, .2, -5) -> -Z (6); (0, 2, -1.5) -> +Y (3) */
    const float dir[4][3] = {{1, .2f, .3f}, {-.1f, -.9f, .2f}, {.1f, .2f, -5}, {0, 2, -1.5f}};
    const float want[4] = {1, 4, 6, 3};
    for (int l = 0; l < 4; l++) {
        set_f(&r, "%f10", l, dir[l][0]);
        set_f(&r, "%f11", l, dir[l][1]);
        set_f(&r, "%f12", l, dir[l][2]);
        set_f(&r, "%f20", l, 0.0f);
        set_u(&r, "%rd1", l, 0x1234);
    }
    tmu_ptx_instr in =
        parse("tex.level.cube.v4.f32.f32 {%f0,%f1,%f2,%f3}, [%rd1, {%f10,%f11,%f12,%f13}], %f20;");
    tmu_diag d;
    assert_int_equal(tmu_ptx_exec_warp(&in, &env, 0xF, &r.rf, &d), TMU_OK);
    for (int l = 0; l < 4; l++)
        assert_true(bitsf(get(&r, "%f0", l)) == want[l]);
    /* an unknown handle is an error naming the lane and register */
    set_u(&r, "%rd1", 2, 0x999);
    assert_int_equal(tmu_ptx_exec_warp(&in, &env, 0xF, &r.rf, &d), TMU_ERR_NOT_FOUND);
    assert_non_null(strstr(d.message, "lane 2"));
    assert_non_null(strstr(d.message, "0x999"));
}

/* 4x4, 2 layers, r32g32_float: G of texel (x, y, layer) = 100*layer + 10*y + x. */
static float a2d_mem[2 * 4 * 4 * 2];

static void test_a2d_gather_offset(void **state)
{
    (void)state;
    for (int layer = 0; layer < 2; layer++)
        for (int y = 0; y < 4; y++)
            for (int x = 0; x < 4; x++) {
                float *p = &a2d_mem[((layer * 4 + y) * 4 + x) * 2];
                p[0] = -1.0f;
                p[1] = (float)(100 * layer + 10 * y + x);
            }
    tmu_texture t;
    assert_int_equal(tmu_texture_init_packed(&t, TMU_DIM_2D_ARRAY, TMU_FORMAT_R32G32_FLOAT, 4, 4, 1,
                                             2, 1, 1, a2d_mem, sizeof a2d_mem, NULL),
                     TMU_OK);
    tmu_sampler s = tmu_sampler_default();
    s.address[0] = s.address[1] = TMU_ADDRESS_CLAMP_TO_EDGE;
    tmu_ptx_binding b = {"t0", 0, &t, &s};
    tmu_ptx_exec_env env = {0, &b, 1, NULL, 0};
    static const char *const names[] = {"%f0", "%f1", "%f2", "%f3", "%u10", "%f11", "%f12", "%f13"};
    rfile r;
    rf_init(&r, names, 8);
    /* (u, v) = (0.5, 0.5) on 4x4 -> texel space (2, 2): i0 = floor(2 - 0.5) = 1, i1 = 2, j0 = 1, j1
     * = 2. The immediate offset {-63, 0} wraps in tld4's 6-bit field to {1, 0}: i0 = 2, i1 = 3.
     * Gather order (i0,j1), (i1,j1), (i1,j0), (i0,j0) = (2,2), (3,2), (3,1), (2,1);
     * layer 1: G = 122, 123, 113, 112. */
    set_u(&r, "%u10", 0, 1);
    set_f(&r, "%f11", 0, 0.5f);
    set_f(&r, "%f12", 0, 0.5f);
    tmu_ptx_instr in =
        parse("tld4.g.a2d.v4.f32.f32 {%f0,%f1,%f2,%f3}, [t0, {%u10,%f11,%f12,%f13}], {-63, 0};");
    tmu_diag d;
    assert_int_equal(tmu_ptx_exec_warp(&in, &env, 0x1, &r.rf, &d), TMU_OK);
    assert_true(bitsf(get(&r, "%f0", 0)) == 122.0f);
    assert_true(bitsf(get(&r, "%f1", 0)) == 123.0f);
    assert_true(bitsf(get(&r, "%f2", 0)) == 113.0f);
    assert_true(bitsf(get(&r, "%f3", 0)) == 112.0f);
    /* without the offset, layer 0: (1,2), (2,2), (2,1), (1,1) -> 21, 22, 12, 11 */
    set_u(&r, "%u10", 0, 0);
    tmu_ptx_instr in0 =
        parse("tld4.g.a2d.v4.f32.f32 {%f0,%f1,%f2,%f3}, [t0, {%u10,%f11,%f12,%f13}];");
    assert_int_equal(tmu_ptx_exec_warp(&in0, &env, 0x1, &r.rf, &d), TMU_OK);
    assert_true(bitsf(get(&r, "%f0", 0)) == 21.0f && bitsf(get(&r, "%f1", 0)) == 22.0f &&
                bitsf(get(&r, "%f2", 0)) == 12.0f && bitsf(get(&r, "%f3", 0)) == 11.0f);
}

/* 2x1 d32_float: depths 0.2, 0.6 */
static float depth_mem[2] = {0.2f, 0.6f};

static void test_depth_compare(void **state)
{
    (void)state;
    tmu_texture t;
    assert_int_equal(tmu_texture_init_packed(&t, TMU_DIM_2D, TMU_FORMAT_D32_FLOAT, 2, 1, 1, 1, 1, 1,
                                             depth_mem, sizeof depth_mem, NULL),
                     TMU_OK);
    tmu_sampler s = tmu_sampler_default();
    s.address[0] = s.address[1] = TMU_ADDRESS_CLAMP_TO_EDGE;
    s.compare_op = TMU_COMPARE_LESS; /* 1.0 when ref < texel */
    tmu_ptx_binding b = {"t0", 0, &t, &s};
    tmu_ptx_exec_env env = {0, &b, 1, NULL, 0};
    static const char *const names[] = {"%f0", "%f1", "%f2", "%f3", "%f4", "%f5", "%f30"};
    rfile r;
    rf_init(&r, names, 7);
    /* ref 0.5: texel 0 (0.2) fails -> 0, texel 1 (0.6) passes -> 1; the 0/1 results are filtered:
     * lane 0: u = 0.5  -> x = 1.0 - 0.5 = 0.5 between texels 0 and 1: 0.5
     * lane 1: u = 0.375 -> x = 0.25: 0.75 * 0 + 0.25 * 1 = 0.25
     * lane 2: u = 0.9  -> x = 1.3: i0 = 1, i1 = 2 -> clamped 1: 1.0
     * lane 3: ref 0.1 < both: 1.0 everywhere */
    const float u[4] = {0.5f, 0.375f, 0.9f, 0.5f}, ref[4] = {0.5f, 0.5f, 0.5f, 0.1f},
                want[4] = {0.5f, 0.25f, 1, 1};
    for (int l = 0; l < 4; l++) {
        set_f(&r, "%f4", l, u[l]);
        set_f(&r, "%f5", l, 0.5f);
        set_f(&r, "%f30", l, ref[l]);
    }
    tmu_ptx_instr in = parse("tex.2d.v4.f32.f32 {%f0,%f1,%f2,%f3}, [t0, {%f4,%f5}], %f30;");
    tmu_diag d;
    assert_int_equal(tmu_ptx_exec_warp(&in, &env, 0xF, &r.rf, &d), TMU_OK);
    for (int l = 0; l < 4; l++) {
        float got = bitsf(get(&r, "%f0", l));
        if (fabsf(got - want[l]) > 1e-6f)
            fprintf(stderr, "lane %d: %g want %g\n", l, got, want[l]);
        assert_true(fabsf(got - want[l]) <= 1e-6f);
    }
    /* an immediate compare value works the same: 0f3F000000 = 0.5 */
    tmu_ptx_instr imm = parse("tex.2d.v4.f32.f32 {%f0,%f1,%f2,%f3}, [t0, {%f4,%f5}], 0f3F000000;");
    assert_int_equal(tmu_ptx_exec_warp(&imm, &env, 0x2, &r.rf, &d), TMU_OK);
    assert_true(fabsf(bitsf(get(&r, "%f0", 1)) - 0.25f) <= 1e-6f);
}

static void test_txq_guard_and_errors(void **state)
{
    (void)state;
    static float mem[64 + 16 + 4 + 1];
    tmu_texture t;
    assert_int_equal(tmu_texture_init_packed(&t, TMU_DIM_2D, TMU_FORMAT_R32_FLOAT, 8, 2, 1, 1, 4, 1,
                                             mem, sizeof mem, NULL),
                     TMU_OK);
    tmu_sampler s = tmu_sampler_default();
    s.address[1] = TMU_ADDRESS_MIRRORED_REPEAT;
    tmu_ptx_binding b = {"t0", 0, &t, &s};
    tmu_ptx_exec_env env = {0, &b, 1, NULL, 0};
    static const char *const names[] = {"%r1", "%r2", "%p0"};
    rfile r;
    rf_init(&r, names, 3);
    tmu_diag d;
    /* 8x2, 4 levels: width of level 2 = 8 >> 2 = 2, height of level 2 = max(1, 2 >> 2) = 1 */
    set_u(&r, "%r2", 0, 2);
    set_u(&r, "%r2", 1, 2);
    tmu_ptx_instr q = parse("txq.level.width.b32 %r1, [t0], %r2;");
    assert_int_equal(tmu_ptx_exec_warp(&q, &env, 0x3, &r.rf, &d), TMU_OK);
    assert_int_equal(get(&r, "%r1", 0), 2);
    q = parse("txq.level.height.b32 %r1, [t0], %r2;");
    assert_int_equal(tmu_ptx_exec_warp(&q, &env, 0x1, &r.rf, &d), TMU_OK);
    assert_int_equal(get(&r, "%r1", 0), 1);
    q = parse("txq.num_mipmap_levels.b32 %r1, [t0];");
    assert_int_equal(tmu_ptx_exec_warp(&q, &env, 0x1, &r.rf, &d), TMU_OK);
    assert_int_equal(get(&r, "%r1", 0), 4);
    /* addr_mode_1 = mirror (1) in PTX's enumeration; filter_mode linear = 1 */
    q = parse("txq.addr_mode_1.b32 %r1, [t0];");
    assert_int_equal(tmu_ptx_exec_warp(&q, &env, 0x1, &r.rf, &d), TMU_OK);
    assert_int_equal(get(&r, "%r1", 0), 1);
    q = parse("txq.filter_mode.b32 %r1, [t0];");
    assert_int_equal(tmu_ptx_exec_warp(&q, &env, 0x1, &r.rf, &d), TMU_OK);
    assert_int_equal(get(&r, "%r1", 0), 1);
    /* guard: @%p0 with lane 0 false, lane 1 true -> only lane 1 written */
    set_u(&r, "%r1", 0, 77);
    set_u(&r, "%r1", 1, 77);
    set_u(&r, "%p0", 1, 1);
    q = parse("@%p0 txq.width.b32 %r1, [t0];");
    assert_int_equal(tmu_ptx_exec_warp(&q, &env, 0x3, &r.rf, &d), TMU_OK);
    assert_int_equal(get(&r, "%r1", 0), 77);
    assert_int_equal(get(&r, "%r1", 1), 8);
    /* errors name the operand */
    q = parse("txq.width.b32 %r1, [t9];");
    assert_int_equal(tmu_ptx_exec_warp(&q, &env, 0x1, &r.rf, &d), TMU_ERR_NOT_FOUND);
    assert_non_null(strstr(d.message, "'t9'"));
    assert_int_equal(d.column, 21);
    tmu_ptx_instr tx = parse("tex.2d.v4.f32.f32 {%f0,%f1,%f2,%f3}, [t0, {%f4,%f5}];");
    assert_int_equal(tmu_ptx_exec_warp(&tx, &env, 0x1, &r.rf, &d), TMU_ERR_NOT_FOUND);
    assert_non_null(strstr(d.message, "%f4"));
}

static void test_offsets_and_lift(void **state)
{
    (void)state;
    /* ptx.md §6: tex 4-bit fields, tld4 6-bit fields, two's complement */
    assert_int_equal(tmu_ptx_wrap_offset(TMU_PTX_TEX, 7), 7);
    assert_int_equal(tmu_ptx_wrap_offset(TMU_PTX_TEX, 8), -8);
    assert_int_equal(tmu_ptx_wrap_offset(TMU_PTX_TEX, 9), -7);
    assert_int_equal(tmu_ptx_wrap_offset(TMU_PTX_TEX, -9), 7);
    assert_int_equal(tmu_ptx_wrap_offset(TMU_PTX_TEX, 100), 4);
    assert_int_equal(tmu_ptx_wrap_offset(TMU_PTX_TLD4, 31), 31);
    assert_int_equal(tmu_ptx_wrap_offset(TMU_PTX_TLD4, 40), -24);
    assert_int_equal(tmu_ptx_wrap_offset(TMU_PTX_TLD4, -33), 31);
    assert_int_equal(tmu_ptx_wrap_offset(TMU_PTX_TLD4, 100), -28);
    tmu_op op;
    tmu_diag d;
    tmu_ptx_instr in = parse("tex.grad.a2d.v4.s32.f32 {%r0,%r1,%r2,%r3}|%p0, [t0, "
                             "{%u1,%f1,%f2,%f3}], {%f4,%f5}, {%f6,%f7}, {1,2}, %f9;");
    assert_int_equal(tmu_ptx_lift(&in, NULL, 0, &op, NULL, &d), TMU_OK);
    assert_int_equal(op.kind, TMU_OP_SAMPLE);
    assert_int_equal(op.dim, TMU_DIM_2D_ARRAY);
    assert_int_equal(op.level_mode, TMU_LEVEL_GRAD);
    assert_int_equal(op.result, TMU_RESULT_S32);
    assert_true(op.has_offset && op.compare && op.want_residency);
    /* the operand map: a2d = {layer, s, t, _} */
    tmu_ptx_opmap map;
    assert_int_equal(tmu_ptx_lift(&in, NULL, 0, &op, &map, &d), TMU_OK);
    assert_name(&map.texture->e[0], "t0");
    assert_null(map.sampler);
    assert_name(map.layer, "%u1");
    assert_name(map.coord[0], "%f1");
    assert_name(map.coord[1], "%f2");
    assert_null(map.coord[2]);
    assert_name(map.grad_x[1], "%f5");
    assert_name(map.grad_y[0], "%f6");
    assert_int_equal(map.offset[1]->ival, 2);
    assert_name(map.ref, "%f9");
    assert_name(map.dst[3], "%r3");
    assert_name(map.pred, "%p0");
    assert_int_equal(map.int_coords, 0);
    in = parse("tex.a2dms.v4.u32.s32 {%r0,%r1,%r2,%r3}, [t0, {%u1,%u2,%r3,%r4}];");
    assert_int_equal(tmu_ptx_lift(&in, NULL, 0, &op, NULL, &d), TMU_OK);
    assert_int_equal(op.kind, TMU_OP_FETCH);
    assert_int_equal(op.dim, TMU_DIM_2D_MS_ARRAY);
    /* .a2dms = {sample, layer, x, y} (ptxas checks element 1 as the array index) */
    assert_int_equal(tmu_ptx_lift(&in, NULL, 0, &op, &map, &d), TMU_OK);
    assert_name(map.sample, "%u1");
    assert_name(map.layer, "%u2");
    assert_name(map.coord[0], "%r3");
    assert_int_equal(map.int_coords, 1);
    /* too short a coordinate vector for the geometry */
    in = parse("tex.3d.v4.f32.f32 {%f0,%f1,%f2,%f3}, [t0, {%f1,%f2}];");
    assert_int_equal(tmu_ptx_lift(&in, NULL, 0, &op, &map, &d), TMU_ERR_INVALID_ARGUMENT);
    assert_non_null(strstr(d.message, "needs 3"));
    in = parse("tld4.b.cube.v4.f32.f32 {%f0,%f1,%f2,%f3}, [t0, {%f1,%f2,%f3,%f4}];");
    assert_int_equal(tmu_ptx_lift(&in, NULL, 0, &op, NULL, &d), TMU_OK);
    assert_int_equal(op.kind, TMU_OP_GATHER);
    assert_int_equal(op.component, 2);
    in = parse("txq.width.b32 %r1, [t0];");
    assert_int_equal(tmu_ptx_lift(&in, NULL, 0, &op, NULL, &d), TMU_ERR_UNSUPPORTED);
    in = parse("tld4.r.3d.v4.f32.f32 {%f0,%f1,%f2,%f3}, [t0, {%f1,%f2,%f3,%f4}];");
    assert_int_equal(tmu_ptx_lift(&in, NULL, 0, &op, NULL, &d), TMU_ERR_UNSUPPORTED);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_2d_bilinear),          cmocka_unit_test(test_cube),
        cmocka_unit_test(test_a2d_gather_offset),    cmocka_unit_test(test_depth_compare),
        cmocka_unit_test(test_txq_guard_and_errors), cmocka_unit_test(test_offsets_and_lift),
        cmocka_unit_test(test_float_immediates),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
