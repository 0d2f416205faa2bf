/* The translator's micro-operations against values worked by hand, and the API's argument checks. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "tmu/translate.h"

static uint32_t fb(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}
#define EV(op, a, b, c, k) tmu_xl_uop_eval(TMU_XL_##op, (a), (b), (c), (k))

static void test_conversions(void **state)
{
    (void)state;
    assert_int_equal(EV(CVT_F32_U32, 7, 0, 0, 0), fb(7.0f));
    assert_int_equal(EV(CVT_F32_S32, (uint32_t)-3, 0, 0, 0), fb(-3.0f));
    /* float layers: RNE ties to even, truncation, clamp at 0, NaN -> 0, saturation */
    assert_int_equal(EV(CVT_U32_F32_RNE, fb(2.5f), 0, 0, 0), 2);
    assert_int_equal(EV(CVT_U32_F32_RNE, fb(3.5f), 0, 0, 0), 4);
    assert_int_equal(EV(CVT_U32_F32_TRUNC, fb(2.9f), 0, 0, 0), 2);
    assert_int_equal(EV(CVT_U32_F32_RNE, fb(-1.0f), 0, 0, 0), 0);
    assert_int_equal(EV(CVT_U32_F32_RNE, fb(NAN), 0, 0, 0), 0);
    assert_int_equal(EV(CVT_U32_F32_TRUNC, fb(5e9f), 0, 0, 0), 0xffffffffu);
    assert_int_equal(EV(CVT_F32_U32_HALF, 3, 0, 0, 0), fb(3.5f));
    /* offsets: 4-bit wrap of 9 is -7 (ptx.md §6), GCN packing and unpacking */
    assert_int_equal(EV(SEXT, 9, 0, 0, 4), (uint32_t)-7);
    assert_int_equal(EV(SEXT, 0xf, 0, 0, 4), (uint32_t)-1);
    assert_int_equal(EV(PACK_OFF6, (uint32_t)-1, 2, (uint32_t)-32, 0), 0x20023fu);
    assert_int_equal(EV(UNPACK_OFF6, 0x20023fu, 0, 0, 0), (uint32_t)-1);
    assert_int_equal(EV(UNPACK_OFF6, 0x20023fu, 0, 0, 1), 2);
    assert_int_equal(EV(UNPACK_OFF6, 0x20023fu, 0, 0, 2), (uint32_t)-32);
    /* fp16 round to nearest even */
    assert_int_equal(EV(CVT_F16_F32, fb(1.0f), 0, 0, 0), 0x3c00);
    assert_int_equal(EV(CVT_F16_F32, fb(1.0f + 0x1p-11f), 0, 0, 0), 0x3c00);     /* tie -> even */
    assert_int_equal(EV(CVT_F16_F32, fb(1.0f + 3 * 0x1p-11f), 0, 0, 0), 0x3c02); /* tie -> even (up) */
    assert_int_equal(EV(CVT_F16_F32, fb(65520.0f), 0, 0, 0), 0x7c00);
    assert_int_equal(EV(CVT_F16_F32, fb(0x1p-24f), 0, 0, 0), 0x0001);
    assert_int_equal(EV(CVT_F16_F32, fb(-2.0f), 0, 0, 0), 0xc000);
    /* ir3 getlod 4.8 fixed point */
    assert_int_equal(EV(FIXED48, fb(1.5f), 0, 0, 0), 384);
    assert_int_equal(EV(FIXED48, fb(-0.25f), 0, 0, 0), (uint32_t)-64);
    /* queries */
    assert_int_equal(EV(GT1_OR_0, 1, 0, 0, 0), 0);
    assert_int_equal(EV(GT1_OR_0, 5, 0, 0, 0), 5);
    assert_int_equal(EV(MAX1, 0, 0, 0, 0), 1);
    assert_int_equal(EV(DEC_SAT, 0, 0, 0, 0), 0);
    assert_int_equal(EV(DEC_SAT, 3, 0, 0, 0), 2);
    assert_int_equal(EV(ZERO_IF_1, 7, 1, 0, 0), 0);
    assert_int_equal(EV(ZERO_IF_1, 7, 0, 0, 0), 7);
    assert_int_equal(EV(PACK16, 0x1234, 0xabcd, 0, 0), 0xabcd1234u);
}

static void test_cube(void **state)
{
    (void)state;
    /* direction (1, 0.5, -0.25): face +X, sc = -rz = 0.25, tc = -ry = -0.5, |ma| = 1;
     * GCN face form s' = sc / (2|ma|) + 1.5 = 1.625, t' = 1.25, face 0 */
    uint32_t x = fb(1.0f), y = fb(0.5f), z = fb(-0.25f);
    assert_int_equal(EV(CUBE_SC, x, y, z, 0), fb(1.625f));
    assert_int_equal(EV(CUBE_TC, x, y, z, 0), fb(1.25f));
    assert_int_equal(EV(CUBE_FACE, x, y, z, 0), fb(0.0f));
    /* back: direction on the face's axes (major +1): (1, 0.5, -0.25) */
    assert_int_equal(EV(CUBE_DIR, fb(1.625f), fb(1.25f), fb(0.0f), 0), fb(1.0f));
    assert_int_equal(EV(CUBE_DIR, fb(1.625f), fb(1.25f), fb(0.0f), 1), fb(0.5f));
    assert_int_equal(EV(CUBE_DIR, fb(1.625f), fb(1.25f), fb(0.0f), 2), fb(-0.25f));
    /* -Z face (5) of (0.5, 0, -2): sc = -rx = -0.5, tc = -ry = 0, ma 2: s' = -0.125 + 1.5 */
    assert_int_equal(EV(CUBE_FACE, fb(0.5f), fb(0.0f), fb(-2.0f), 0), fb(5.0f));
    assert_int_equal(EV(CUBE_SC, fb(0.5f), fb(0.0f), fb(-2.0f), 0), fb(1.375f));
    /* cube arrays: face' = 8 * layer + face, the layer back out of it */
    assert_int_equal(EV(CUBE_FACE_ARR, fb(5.0f), 3, 0, 0), fb(29.0f));
    assert_int_equal(EV(CUBE_LAYER, fb(29.0f), 0, 0, 0), 3);
    assert_int_equal(EV(CUBE_FACE_ARR, fb(2.0f), 0xffffffffu, 0, 0), fb(8.0f * 1048576.0f + 2.0f));
}

static void test_api(void **state)
{
    (void)state;
    tmu_xl_source s;
    tmu_xl_program *p = calloc(1, sizeof *p);
    tmu_diag d;
    assert_non_null(p);
    assert_int_equal(tmu_xl_lift_ptx(NULL, 0, &s, &d), TMU_ERR_INVALID_ARGUMENT);
    assert_int_equal(tmu_xl_lift_gcn(TMU_GCN_GFX9, 0, TMU_DIM_COUNT, TMU_RESULT_F32, &s, &d), TMU_ERR_INVALID_ARGUMENT);
    const char *t = "tex.2d.v4.f32.f32 {%f1, %f2, %f3, %f4}, [tex0, {%f5, %f6}];";
    assert_int_equal(tmu_xl_lift_ptx(t, strlen(t), &s, &d), TMU_OK);
    assert_int_equal(s.op.kind, TMU_OP_SAMPLE);
    assert_int_equal(s.op.level_mode, TMU_LEVEL_BASE);
    assert_int_equal(s.result_mask, 15);
    tmu_xl_arch bad = {TMU_XL_GCN, 9};
    assert_int_equal(tmu_xl_translate(&s, bad, p, &d), TMU_ERR_INVALID_ARGUMENT);
    tmu_xl_arch a2 = {TMU_XL_IR3, 200};
    assert_int_equal(tmu_xl_translate(&s, a2, p, &d), TMU_ERR_INVALID_ARGUMENT);
    tmu_xl_arch ok = {TMU_XL_GCN, TMU_GCN_GFX9};
    assert_int_equal(tmu_xl_translate(&s, ok, p, &d), TMU_OK);
    assert_int_equal(p->ninstr, 1);
    assert_string_equal(p->instr[0].text, "image_sample_lz v[0:3], v[8:9], s[0:7], s[8:11] dmask:0xf");
    /* refusal with the reason */
    const char *q = "txq.channel_order.b32 %r1, [tex0];";
    assert_int_equal(tmu_xl_lift_ptx(q, strlen(q), &s, &d), TMU_ERR_UNSUPPORTED);
    assert_non_null(strstr(d.message, "channel_order"));
    /* names */
    tmu_xl_isa isa;
    assert_int_equal(tmu_xl_isa_from_name("ir3", &isa), TMU_OK);
    assert_int_equal(isa, TMU_XL_IR3);
    assert_int_equal(tmu_xl_isa_from_name("IR3", &isa), TMU_ERR_NOT_FOUND);
    assert_string_equal(tmu_xl_uop_name(TMU_XL_PACK_OFF6), "pack.off6");
    assert_string_equal(tmu_xl_slot_name(TMU_XL_REF), "ref");
    free(p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_conversions),
        cmocka_unit_test(test_cube),
        cmocka_unit_test(test_api),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
