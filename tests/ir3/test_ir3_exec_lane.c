/* ir3 execution on the register file: the wave state (register files, merged half
 * registers, a0/a1/p0, shared registers), (sy) hazards, brcst.active (the two worked tables
 * of Mesa's ir3-cat5.xml, then random masks against a separately written reference),
 * quad_shuffle (the subgroup-quad definitions), derivatives and rgetpos (hand-worked). */
#include "exec_util.h"

/* ---- wave and registers ---------------------------------------------------------------------- */

static void test_wave_init(void **state)
{
    (void)state;
    tmu_ir3_wave *w = calloc(1, sizeof *w);
    tmu_diag d;
    static const struct {
        uint32_t gpu, fibers;
        tmu_status st;
    } cases[] = {{300, 8, TMU_OK},   {300, 16, TMU_OK},  {300, 32, TMU_ERR_INVALID_ARGUMENT}, {430, 32, TMU_OK},
                 {540, 64, TMU_OK},  {540, 128, TMU_ERR_INVALID_ARGUMENT},                   {630, 64, TMU_OK},
                 {730, 128, TMU_OK}, {630, 32, TMU_ERR_INVALID_ARGUMENT}, {299, 8, TMU_ERR_INVALID_ARGUMENT}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        tmu_status st = tmu_ir3_wave_init(w, cases[i].gpu, cases[i].fibers, &d);
        if (st != cases[i].st)
            fail_msg("wave_init(%u, %u) = %s (%s)", cases[i].gpu, cases[i].fibers, tmu_status_str(st), d.message);
        if (st == TMU_OK) {
            assert_int_equal(w->samples, 1);
            for (uint32_t f = 0; f < TMU_IR3_MAX_FIBERS; f++)
                assert_int_equal(is_active(w, f), f < cases[i].fibers);
        }
    }
    free(w);
}

static void test_registers(void **state)
{
    (void)state;
    uint32_t v;
    /* a6xx merged registers: hr(h) is half h & 1 of full register h / 2 (Mesa ir3_ra) */
    tmu_ir3_wave *w = new_wave(630, 64);
    assert_int_equal(tmu_ir3_reg_set(w, 5, 0 /* r0.x */, false, 0xAAAABBBBu), TMU_OK);
    assert_int_equal(tmu_ir3_reg_get(w, 5, 0 /* hr0.x */, true, &v), TMU_OK);
    assert_int_equal(v, 0xBBBB);
    assert_int_equal(tmu_ir3_reg_get(w, 5, 1 /* hr0.y */, true, &v), TMU_OK);
    assert_int_equal(v, 0xAAAA);
    assert_int_equal(tmu_ir3_reg_set(w, 5, 4 /* hr1.x = low half of r0.z */, true, 0x1234), TMU_OK);
    assert_int_equal(w->gpr[5][2], 0x1234);
    assert_int_equal(tmu_ir3_reg_set(w, 5, 191 /* hr47.w = high half of r23.w */, true, 0xfedc), TMU_OK);
    assert_int_equal(w->gpr[5][95], 0xfedc0000u);
    assert_int_equal(tmu_ir3_reg_set(w, 0, 4 * 48 + 1 /* hr48.y = high half of r48.x */, true, 0x7777), TMU_OK);
    assert_int_equal(w->shared[0], 0x77770000u);
    assert_int_equal(tmu_ir3_reg_set(w, 3, TMU_IR3_REG_A1, false, 0x1d), TMU_OK);
    assert_int_equal(w->a1[3], 0x1d);
    assert_int_equal(tmu_ir3_reg_set(w, 3, TMU_IR3_REG_P0 + 2, false, 5), TMU_OK);
    assert_int_equal(w->p0[3][2], 1);
    assert_int_equal(tmu_ir3_reg_get(w, 3, 4 * 56, false, &v), TMU_ERR_RANGE);      /* r56.x */
    assert_int_equal(tmu_ir3_reg_get(w, 3, TMU_IR3_REG_A0, true, &v), TMU_ERR_RANGE); /* half a0 */
    assert_int_equal(tmu_ir3_reg_get(w, 64, 0, false, &v), TMU_ERR_INVALID_ARGUMENT);
    free(w);
    /* a5xx: a separate half register file */
    w = new_wave(540, 32);
    assert_true(tmu_ir3_wave_separate_half(540));
    assert_int_equal(tmu_ir3_reg_set(w, 1, 0, false, 0xAAAABBBBu), TMU_OK);
    assert_int_equal(tmu_ir3_reg_get(w, 1, 0, true, &v), TMU_OK);
    assert_int_equal(v, 0);
    assert_int_equal(tmu_ir3_reg_set(w, 1, 0, true, 0x12345), TMU_OK);
    assert_int_equal(w->hgpr[1][0], 0x2345);
    assert_int_equal(w->gpr[1][0], 0xAAAABBBBu);
    assert_int_equal(tmu_ir3_reg_get(w, 1, 4 * 48, false, &v), TMU_OK); /* shared from a5xx on */
    free(w);
    w = new_wave(430, 32);
    assert_int_equal(tmu_ir3_reg_get(w, 1, 4 * 48, false, &v), TMU_ERR_RANGE);
    free(w);

    /* names */
    static const struct {
        const char *text;
        uint16_t reg;
        bool half;
    } names[] = {{"r0.x", 0, false}, {"r1.y", 5, false},  {"hr2.w", 11, true},          {"r47.w", 191, false},
                 {"r55.w", 223, false}, {"a0.x", 244, false}, {"a1.x", 252, false}, {"p0.z", 250, false}};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        uint16_t reg;
        bool half;
        tmu_diag d;
        assert_int_equal(tmu_ir3_reg_parse(names[i].text, &reg, &half, &d), TMU_OK);
        assert_int_equal(reg, names[i].reg);
        assert_int_equal(half, names[i].half);
    }
    static const char *const bad[] = {"r56.x", "r1.q", "x1.x", "r.x", "ha0.x", "r1.xy", "", "r1234.x"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        uint16_t reg;
        bool half;
        tmu_diag d;
        assert_int_not_equal(tmu_ir3_reg_parse(bad[i], &reg, &half, &d), TMU_OK);
    }
}

/* ---- (sy) hazards ---------------------------------------------------------------------------- */

static void test_hazards(void **state)
{
    (void)state;
    tmu_ir3_wave *w = new_wave(630, 64);
    tmu_ir3_step st;
    exec_ok(w, NULL, "dsx (f32)(xy)r1.x, r0.x", &st);
    assert_int_equal(st.num_hazards, 0);
    /* r1.x and r1.y are in flight: reading r1.y without (sy) is a hazard */
    exec_ok(w, NULL, "dsx (f32)(x)r2.x, r1.y", &st);
    assert_int_equal(st.num_hazards, 1);
    assert_int_equal(st.hazards[0].reg, 5);
    /* r1.z was never written */
    exec_ok(w, NULL, "dsx (f32)(x)r3.x, r1.z", &st);
    assert_int_equal(st.num_hazards, 0);
    /* merged halves: hr2.x / hr2.y are the halves of r1.x */
    exec_ok(w, NULL, "dsx (f16)(x)hr8.x, hr2.y", &st);
    assert_int_equal(st.num_hazards, 1);
    /* (sy) waits for every result first */
    exec_ok(w, NULL, "(sy)dsx (f32)(xy)r4.x, r1.x", &st);
    assert_int_equal(st.num_hazards, 0);
    exec_ok(w, NULL, "dsx (f32)(x)r5.x, r4.y", &st); /* written by the (sy) instruction itself */
    assert_int_equal(st.num_hazards, 1);
    free(w);

    /* a5xx: the half registers are a file of their own */
    w = new_wave(540, 32);
    exec_ok(w, NULL, "dsx (f32)(x)r1.x, r0.x", &st);
    exec_ok(w, NULL, "dsx (f16)(x)hr3.x, hr1.x", &st);
    assert_int_equal(st.num_hazards, 0);
    exec_ok(w, NULL, "dsx (f16)(x)hr4.x, hr3.x", &st);
    assert_int_equal(st.num_hazards, 1);
    free(w);
}

/* A failing instruction changes nothing: registers, pending results, fine-pair state. */
static void test_atomic_failure(void **state)
{
    (void)state;
    tmu_ir3_wave *w = new_wave(630, 64);
    w->samples = 4;
    for (unsigned f = 0; f < 64; f++)
        w->gpr[f][0] = f == 63 ? 9 : f & 3; /* fiber 63 asks for sample 9 of 4 */
    tmu_ir3_wave *copy = malloc(sizeof *w);
    memcpy(copy, w, sizeof *w);
    exec_fails(w, NULL, "rgetpos (f32)(xy)r1.x, r0.x", TMU_ERR_RANGE, "fiber 63 asks for sample 9 of 4");
    assert_memory_equal(w, copy, sizeof *w);
    exec_fails(w, NULL, "conv (f32)(x)r1.x, r0.x, r0.y, s#0, t#0", TMU_ERR_UNSUPPORTED, "no documented semantics");
    exec_fails(w, NULL, "dsxpp.1.p (x)r1.x, r0.x", TMU_ERR_UNSUPPORTED, "must follow dsxpp.1");
    exec_fails(w, NULL, "dsx (u32)(x)r1.x, r0.x", TMU_ERR_UNSUPPORTED, "derivatives are f32 or f16");
    exec_fails(w, NULL, "dsx (f32)(xy)r47.w, r0.x", TMU_ERR_RANGE, "written to r0.x-r47.w only");
    assert_memory_equal(w, copy, sizeof *w);
    free(copy);
    free(w);
}

/* ---- brcst.active ------------------------------------------------------------------------------ */

#define S(i) (0x5000u + (i)) /* SRC of fiber i */
#define D(i) (0xD000u + (i)) /* DST of fiber i before */

static void brcst_setup(tmu_ir3_wave *w)
{
    for (unsigned f = 0; f < w->fibers; f++) {
        w->gpr[f][1] = S(f); /* r0.y */
        w->gpr[f][2] = D(f); /* r0.z */
    }
}

/* ir3-cat5.xml, brcst.active.w8 without inactive fibers:
 *   fiber      0  1  2  3  4  5  6  7 |  8  9 10 11 12  13  14  15
 *   DST_after d0 d1 d2 d3 s3 s3 s3 s3 | d8 d9 d10 d11 s11 s11 s11 s11 */
static void test_brcst_seed_table(void **state)
{
    (void)state;
    static const uint32_t want[16] = {D(0), D(1), D(2),  D(3),  S(3),  S(3),  S(3),  S(3),
                                      D(8), D(9), D(10), D(11), S(11), S(11), S(11), S(11)};
    tmu_ir3_wave *w = new_wave(630, 64);
    brcst_setup(w);
    exec_ok(w, NULL, "brcst.active.w8 (u32)(x)r0.z, r0.y", NULL);
    for (unsigned f = 0; f < 16; f++)
        assert_int_equal(w->gpr[f][2], want[f]);
    /* ... and with fibers 2 and 3 inactive: fibers 4-7 get s1, 2-3 keep their DST */
    static const uint32_t want2[8] = {D(0), D(1), D(2), D(3), S(1), S(1), S(1), S(1)};
    brcst_setup(w);
    set_active(w, ~UINT64_C(0) & ~UINT64_C(0xC), 0);
    exec_ok(w, NULL, "brcst.active.w8 (u32)(x)r0.z, r0.y", NULL);
    for (unsigned f = 0; f < 8; f++)
        assert_int_equal(w->gpr[f][2], want2[f]);
    for (unsigned f = 8; f < 16; f++)
        assert_int_equal(w->gpr[f][2], want[f]);
    /* all of fibers 0..3 inactive: the cluster's DST is unchanged everywhere */
    brcst_setup(w);
    set_active(w, ~UINT64_C(0) & ~UINT64_C(0xF), 0);
    exec_ok(w, NULL, "brcst.active.w8 (u32)(x)r0.z, r0.y", NULL);
    for (unsigned f = 0; f < 8; f++)
        assert_int_equal(w->gpr[f][2], D(f));
    free(w);
}

/* Reference written apart from the executor: fiber by fiber, scanning the lower half of its
 * cluster upwards and keeping the last active fiber. */
static void brcst_reference(const tmu_ir3_wave *w, unsigned n, const uint32_t *src, const uint32_t *dst_before,
                            uint32_t *want)
{
    for (unsigned j = 0; j < w->fibers; j++) {
        want[j] = dst_before[j];
        unsigned start = j - j % n;
        if (j - start < n / 2 || !is_active(w, j))
            continue;
        int best = -1;
        for (unsigned k = start; k < start + n / 2; k++)
            if (is_active(w, k))
                best = (int)k;
        if (best >= 0)
            want[j] = src[best];
    }
}

static void test_brcst_random(void **state)
{
    (void)state;
    uint64_t seed = 1234;
    static const struct {
        uint32_t gpu, fibers;
    } waves[] = {{630, 64}, {630, 128}, {730, 64}, {730, 128}};
    unsigned cases = 0;
    for (size_t wi = 0; wi < sizeof waves / sizeof waves[0]; wi++) {
        tmu_ir3_wave *w = new_wave(waves[wi].gpu, waves[wi].fibers);
        for (unsigned wsel = 0; wsel < 4; wsel++) {
            unsigned n = 2u << wsel;
            char text[96];
            for (int rep = 0; rep < 200; rep++) {
                /* masks of every density, including all-zero clusters */
                uint64_t a = xr_next(&seed), b = xr_next(&seed);
                switch (rep % 4) {
                case 1: a &= xr_next(&seed), b &= xr_next(&seed); break;
                case 2: a |= xr_next(&seed), b |= xr_next(&seed); break;
                case 3: a &= xr_next(&seed) & xr_next(&seed), b &= xr_next(&seed) & xr_next(&seed); break;
                }
                if (w->fibers == 64)
                    b = 0;
                set_active(w, a, b);
                uint32_t src[4][128], before[4][128], want[128];
                for (unsigned f = 0; f < w->fibers; f++)
                    for (unsigned c = 0; c < 4; c++) {
                        src[c][f] = (uint32_t)xr_next(&seed);
                        before[c][f] = (uint32_t)xr_next(&seed);
                        w->gpr[f][4 + c] = src[c][f];    /* r1 */
                        w->gpr[f][12 + c] = before[c][f]; /* r3 */
                    }
                unsigned wrmask = 1 + xr_below(&seed, 15);
                snprintf(text, sizeof text, "brcst.active.w%u (u32)(%s%s%s%s)r3.x, r1.x", n, wrmask & 1 ? "x" : "",
                         wrmask & 2 ? "y" : "", wrmask & 4 ? "z" : "", wrmask & 8 ? "w" : "");
                exec_ok(w, NULL, text, NULL);
                for (unsigned c = 0; c < 4; c++) {
                    if (wrmask & (1u << c))
                        brcst_reference(w, n, src[c], before[c], want);
                    else
                        memcpy(want, before[c], sizeof want);
                    for (unsigned f = 0; f < w->fibers; f++)
                        if (w->gpr[f][12 + c] != want[f])
                            fail_msg("%s, mask %016llx%016llx: fiber %u component %u = %08x, want %08x", text,
                                     (unsigned long long)b, (unsigned long long)a, f, c, w->gpr[f][12 + c], want[f]);
                }
                cases++;
            }
        }
        free(w);
    }
    assert_int_equal(cases, 3200);
}

/* ---- quad_shuffle ------------------------------------------------------------------------------- */

/* Expected values from the SPIR-V definitions (OpGroupNonUniformQuadBroadcast / QuadSwap, the quad
 * laid out as id = x + 2 y).  SPIR-V defines the result only when the source invocation is
 * active and (broadcast) the index is dynamically uniform within the quad; results outside that
 * (an inactive source fiber, a per-fiber index) are undefined there and tmu's choice
 * (docs/ir3-cat5.md §5.4: the source register is read regardless), so they are not asserted.
 * Inactive fibers keep their destination (the executor's rule for every instruction). */
static void test_quad_shuffle(void **state)
{
    (void)state;
    uint64_t seed = 99;
    unsigned asserted = 0, undefined = 0;
    static const char *const modes[] = {"brcst", "horiz", "vert", "diag"};
    tmu_ir3_wave *w = new_wave(630, 128);
    for (int m = 0; m < 4; m++)
        for (int rep = 0; rep < 300; rep++) {
            set_active(w, xr_next(&seed) | (rep & 1 ? 0 : xr_next(&seed)), xr_next(&seed));
            uint32_t src[128], before[128], lane[128];
            uint32_t uniform_lane = xr_below(&seed, 4), quad_lane = 0;
            for (unsigned f = 0; f < 128; f++) {
                src[f] = (uint32_t)xr_next(&seed);
                before[f] = (uint32_t)xr_next(&seed);
                if (f % 4 == 0)
                    quad_lane = xr_below(&seed, 4); /* uniform within each quad */
                lane[f] = rep & 2 ? uniform_lane : rep & 4 ? quad_lane : xr_below(&seed, 4);
                w->gpr[f][4] = src[f];
                w->gpr[f][8] = before[f];
                w->gpr[f][20] = lane[f];
            }
            char text[80];
            if (m == 0)
                snprintf(text, sizeof text, "quad_shuffle.brcst (u32)(x)r2.x, r1.x, r5.x");
            else
                snprintf(text, sizeof text, "quad_shuffle.%s (u32)(x)r2.x, r1.x", modes[m]);
            exec_ok(w, NULL, text, NULL);
            for (unsigned f = 0; f < 128; f++) {
                unsigned quad = f / 4, id = f % 4, from;
                /* subgroupQuadBroadcast(v, id) / QuadSwapHorizontal / Vertical / Diagonal with
                 * the quad laid out as id = x + 2 y */
                switch (m) {
                case 0: from = lane[f]; break;
                case 1: from = (id % 2 == 0) ? id + 1 : id - 1; break;
                case 2: from = id < 2 ? id + 2 : id - 2; break;
                default: from = 3 - id; break;
                }
                if (!is_active(w, f)) {
                    if (w->gpr[f][8] != before[f])
                        fail_msg("%s: inactive fiber %u changed", text, f);
                    continue;
                }
                int uniform = 1;
                for (unsigned q = quad * 4; q < quad * 4 + 4; q++)
                    if (m == 0 && is_active(w, q) && lane[q] != lane[f])
                        uniform = 0;
                if (!is_active(w, quad * 4 + from) || !uniform) {
                    undefined++;
                    continue;
                }
                asserted++;
                if (w->gpr[f][8] != src[quad * 4 + from])
                    fail_msg("%s: fiber %u = %08x, want %08x", text, f, w->gpr[f][8], src[quad * 4 + from]);
            }
        }
    printf("quad_shuffle: %u defined results asserted, %u undefined by SPIR-V (not asserted)\n", asserted,
           undefined);
    assert_true(asserted > 20000); /* of 153 600 fiber results, about half active */
    /* half registers move 16 bits; a width change is refused */
    for (unsigned f = 0; f < 128; f++)
        w->gpr[f][0] = 0x10000u * (f + 1) + f; /* hr0.x = f, hr0.y = f + 1 */
    set_active(w, ~UINT64_C(0), ~UINT64_C(0)); /* every source active: defined */
    exec_ok(w, NULL, "quad_shuffle.diag (u16)(x)hr4.x, hr0.y", NULL);
    for (unsigned f = 0; f < 128; f++)
        assert_int_equal(w->gpr[f][8] & 0xffff, ((f ^ 3) + 1) & 0xffff); /* hr4.x = low half of r2.x */
    exec_fails(w, NULL, "quad_shuffle.diag (u32)(x)r4.x, hr0.y", TMU_ERR_UNSUPPORTED, "have no documented conversion");
    free(w);
}

/* ---- derivatives and rgetpos ------------------------------------------------------------------- */

static void test_derivatives(void **state)
{
    (void)state;
    tmu_ir3_wave *w = new_wave(630, 64);
    /* every quad holds v = 1, 3, 7, 15 (lanes x0y0, x1y0, x0y1, x1y1), times the quad number */
    static const float v[4] = {1, 3, 7, 15};
    for (unsigned f = 0; f < 64; f++) {
        w->gpr[f][0] = fbits(v[f % 4] * (float)(1 + f / 4));
        w->gpr[f][1] = fbits(2.0f * v[f % 4]);
        w->gpr[f][24] = 0x3c00u | (0x4000u << 16); /* hr12.x = 1.0, hr12.y = 2.0 (f16) ... */
    }
    for (unsigned f = 0; f < 64; f++)
        if (f % 4 == 1)
            w->gpr[f][24] = 0x4200u | (0x4000u << 16); /* ... lane 1 hr12.x = 3.0 */
    exec_ok(w, NULL, "dsx (f32)(xy)r2.x, r0.x", NULL);
    exec_ok(w, NULL, "dsy (f32)(xy)r3.x, r0.x", NULL);
    exec_ok(w, NULL, "dsxpp.1 (x)r4.x, r0.x", NULL);
    exec_ok(w, NULL, "dsxpp.1.p (x)r4.x, r0.x", NULL);
    exec_ok(w, NULL, "dsypp.1 (x)r5.x, r0.x", NULL);
    exec_ok(w, NULL, "dsypp.1.p (x)r5.x, r0.x", NULL);
    exec_ok(w, NULL, "dsx (f16)(x)hr24.x, hr12.x", NULL);
    /* hand-worked: coarse dx = 3 - 1 = 2, dy = 7 - 1 = 6 for every lane (times the quad's
     * factor); fine dx = 2 (top row) / 8 (bottom row), fine dy = 6 (left) / 12 (right) */
    static const float fine_x[4] = {2, 2, 8, 8}, fine_y[4] = {6, 12, 6, 12};
    for (unsigned f = 0; f < 64; f++) {
        float k = (float)(1 + f / 4);
        assert_true(bitsf(w->gpr[f][8]) == 2 * k);
        assert_true(bitsf(w->gpr[f][9]) == 4);
        assert_true(bitsf(w->gpr[f][12]) == 6 * k);
        assert_true(bitsf(w->gpr[f][13]) == 12);
        assert_true(bitsf(w->gpr[f][16]) == fine_x[f % 4] * k);
        assert_true(bitsf(w->gpr[f][20]) == fine_y[f % 4] * k);
        assert_int_equal(w->gpr[f][48] & 0xffff, 0x4000); /* 3.0 - 1.0 = 2.0 in f16 */
    }
    /* the fine pair with DST = SRC: the .p half writes nothing and reads no hazard */
    tmu_ir3_step st;
    exec_ok(w, NULL, "(sy)dsxpp.1 (x)r0.y, r0.y", &st);
    exec_ok(w, NULL, "dsxpp.1.p (x)r0.y, r0.y", &st);
    assert_int_equal(st.num_hazards, 0);
    for (unsigned f = 0; f < 64; f++)
        assert_true(bitsf(w->gpr[f][1]) == 2 * fine_x[f % 4]);
    /* inactive fibers still provide their values to the quad, but are not written */
    set_active(w, UINT64_C(0xEEEEEEEEEEEEEEEE), 0);
    exec_ok(w, NULL, "dsx (f32)(x)r7.x, r0.x", NULL);
    for (unsigned f = 0; f < 64; f++)
        assert_true(f % 4 == 0 ? w->gpr[f][28] == 0 : bitsf(w->gpr[f][28]) == 2.0f * (float)(1 + f / 4));
    free(w);
}

static void test_rgetpos(void **state)
{
    (void)state;
    tmu_ir3_wave *w = new_wave(630, 64);
    /* standard positions centred on 0, hand-worked from Vulkan's table */
    static const struct {
        uint32_t samples, id;
        float x, y;
    } cases[] = {{1, 0, 0, 0},           {2, 0, 0.25f, 0.25f},   {2, 1, -0.25f, -0.25f},    {4, 0, -0.125f, -0.375f},
                 {4, 1, 0.375f, -0.125f}, {4, 3, 0.125f, 0.375f}, {8, 0, 0.0625f, -0.1875f}, {8, 7, 0.4375f, -0.4375f}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        w->samples = cases[i].samples;
        for (unsigned f = 0; f < 64; f++)
            w->gpr[f][0] = cases[i].id;
        exec_ok(w, NULL, "rgetpos (f32)(xy)r1.x, r0.x", NULL);
        assert_true(bitsf(w->gpr[7][4]) == cases[i].x);
        assert_true(bitsf(w->gpr[7][5]) == cases[i].y);
    }
    exec_fails(w, NULL, "rgetpos (f32)(xyz)r1.x, r0.x", TMU_ERR_UNSUPPORTED, "WRMASK z/w");
    static const float custom[2][2] = {{0.1f, 0.2f}, {0.9f, 0.8f}};
    w->samples = 2;
    w->sample_pos = custom[0];
    for (unsigned f = 0; f < 64; f++)
        w->gpr[f][0] = 1;
    exec_ok(w, NULL, "rgetpos (f32)(xy)r1.x, r0.x", NULL);
    assert_true(bitsf(w->gpr[0][4]) == 0.9f - 0.5f);
    free(w);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_wave_init),      cmocka_unit_test(test_registers),
        cmocka_unit_test(test_hazards),        cmocka_unit_test(test_atomic_failure),
        cmocka_unit_test(test_brcst_seed_table), cmocka_unit_test(test_brcst_random),
        cmocka_unit_test(test_quad_shuffle),   cmocka_unit_test(test_derivatives),
        cmocka_unit_test(test_rgetpos),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
