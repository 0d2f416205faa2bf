/* ir3 cat5 assembler: errors name line, column and cause; accepted
 * variations assemble to hand-computed bits. Columns counted by hand. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "tmu/ir3.h"

struct bad {
    unsigned gpu;
    const char *text;
    tmu_status status;
    unsigned column;
    const char *msg;
};

static const struct bad bad_cases[] = {
    {600, "samx (f32)(xyzw)r1.x, r0.z, s#6, t#6", TMU_ERR_PARSE, 1, "unknown cat5 instruction 'samx'"},
    {600, "sam.foo (f32)(xyzw)r1.x, r0.z, s#6, t#6", TMU_ERR_PARSE, 4, "unknown modifier '.foo'"},
    {600, "(sy)(sy)sam (f32)(xyzw)r1.x, r0.z, s#6, t#6", TMU_ERR_PARSE, 5, "given twice"},
    {600, "sam (f32)(xyzq)r1.x, r0.z, s#6, t#6", TMU_ERR_PARSE, 14, "write mask"},
    {600, "sam (f32)(xyzw)r1.x, r0.z, s#6", TMU_ERR_PARSE, 31, "missing ', t#N'"},
    {600, "sam (f16)(xyzw)r1.x, r0.z, s#6, t#6", TMU_ERR_INVALID, 16, "half destination"},
    {400, "brcst.active.w8 (u32)(x)r0.z, r0.y", TMU_ERR_UNSUPPORTED, 1, "needs GPU id >= 600"},
    {600, "brcst.active.w3 (u32)(x)r0.z, r0.y", TMU_ERR_RANGE, 13, "cluster size"},
    {600, "samb (f16)(xyzw)hr0.x, hr0.z, r0.x, s#0, t#0", TMU_ERR_INVALID, 31, "share one FULL bit"},
    {600, "sam (f32)(xyzw)r1.x, r0.z, s#16, t#6", TMU_ERR_RANGE, 28, "sampler index too large"},
    {600, "sam.s2en (f32)(xyzw)r0.z, r0.x, hr1.x", TMU_ERR_INVALID, 4, "needs '.uniform' or '.nonuniform'"},
    {600, "sam.s2en.uniform (f32)(xyzw)r0.z, r0.x, r1.x", TMU_ERR_INVALID, 41, "half register"},
    {600, "sam (f32)(xyzw)r1.x, r0.z, r0.x, s#6, t#6", TMU_ERR_PARSE, 28, "takes 1 register source (SRC1), found 2"},
    {600, "sam.rck (f32)(xyzw)r1.x, r0.z, s#6, t#6", TMU_ERR_INVALID, 9, "'.rck' encodes TYPE 7"},
    {600, "sam (xyzw)r1.x, r0.z, s#6, t#6", TMU_ERR_PARSE, 5, "missing '(TYPE)'"},
    {600, "", TMU_ERR_PARSE, 1, "empty line"},
    {600, "tcinv r0.x", TMU_ERR_PARSE, 7, "tcinv takes no operands"},
    {600, "raw 0xFFFFFFFFFFFFFFFF", TMU_ERR_PARSE, 1, "'raw' words cannot be assembled"},
    {600, "sam (f32)(xyzw)r64.x, r0.z, s#6, t#6", TMU_ERR_PARSE, 16, "r0..r63"},
    {600, "sam.base8 (f32)(xyzw)r1.x, r0.z, s#6, t#6", TMU_ERR_RANGE, 4, "base0"},
    {700, "isam.o (f32)(xyzw)r1.x, r0.y+8, r0.x, s#0, t#1", TMU_ERR_INVALID, 29, "no immediate offset"},
    {600, "sam (f32)(xyzw)r1.x, r0.z, t#6, s#6", TMU_ERR_PARSE, 33, "registers, s#, t#, a1.x"},
    {600, "sam (f32)(xyzw)r1.x, r0.z, s#1, t#2, a1.x", TMU_ERR_INVALID, 38, "a1.x needs a bindless form"},
    {600, "dsx (f32)(x)r0.z, r0.x, s#1", TMU_ERR_INVALID, 25, "takes no s#"},
    {600, "sam (f32)(xyzw)r1.x r0.z", TMU_ERR_PARSE, 21, "expected ','"},
    {600, "sam (f99)(xyzw)r1.x, r0.z, s#6, t#6", TMU_ERR_PARSE, 5, "unknown type '(f99)'"},
    {600, "getinfo (u16)(xyzw)hr2.x, r0.x, t#0", TMU_ERR_PARSE, 27, "takes 0 register sources (none), found 1"},
};

static void test_errors(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof bad_cases / sizeof bad_cases[0]; i++) {
        const struct bad *b = &bad_cases[i];
        tmu_ir3_instr in;
        tmu_diag d;
        tmu_diag_clear(&d);
        tmu_status st = tmu_ir3_parse(b->text, strlen(b->text), b->gpu, 3, &in, &d);
        if (st != b->status || d.column != b->column || d.line != 3 || !strstr(d.message, b->msg))
            fail_msg("'%s': got status %d at %u:%u '%s'; want status %d at 3:%u containing '%s'", b->text, st, d.line,
                     d.column, d.message, b->status, b->column, b->msg);
    }
}

static uint64_t as(unsigned gpu, const char *text)
{
    uint64_t w = 0;
    tmu_diag d;
    tmu_diag_clear(&d);
    tmu_status st = tmu_ir3_assemble(text, gpu, &w, &d);
    if (st != TMU_OK)
        fail_msg("'%s' does not assemble: %u:%u %s", text, d.line, d.column, d.message);
    return w;
}

static void test_accepted(void **state)
{
    (void)state;
    /* trailing comment, Mesa's annotation, blanks; (jp)(sy) in either order */
    assert_int_equal(as(600, "  sam (f32)(xyzw)r1.x, r0.z, s#6, t#6   ; a comment"), UINT64_C(0xa0c01f040cc00005));
    assert_int_equal(as(600, "(jp)(sy)tcinv"), UINT64_C(0xb800000000000000) | (UINT64_C(28) << 54));
    assert_int_equal(as(600, "(sy)(jp)tcinv"), UINT64_C(0xb800000000000000) | (UINT64_C(28) << 54));
    /* dsxpp.1 without a type: f32 (TYPE 1) for a full destination, f16 (TYPE 0) for a half one */
    assert_int_equal(as(600, "dsxpp.1 (x)r1.y, r0.x"), UINT64_C(0xa600110500000001));
    assert_int_equal(as(600, "dsxpp.1 (x)hr1.y, r0.x"), UINT64_C(0xa600010500000001));
    /* brcst.active without a type is TYPE 7 */
    assert_int_equal(as(600, "brcst.active.w8 (x)r0.z, r0.y"), UINT64_C(0xa7c0710200100003));
    /* modifiers in another order than Mesa prints them */
    assert_int_equal(as(600, "sam.s.3d (f32)(xyzw)r1.x, r0.z, s#6, t#6"),
                     as(600, "sam.3d.s (f32)(xyzw)r1.x, r0.z, s#6, t#6"));
    assert_int_equal(as(600, "sam.3d.s (f32)(xyzw)r1.x, r0.z, s#6, t#6"),
                     UINT64_C(0xa0c51f040cc00005)); /* bits 48 and 50 */
    assert_int_equal(as(700, "isam.base0.v (u32)(x)r0.y, r0.x, s#0, t#1"),
                     as(700, "isam.v.base0 (u32)(x)r0.y, r0.x, s#0, t#1"));
    /* a0/p0 registers; r61 is a0 */
    assert_int_equal(as(600, "dsx (f32)(x)p0.z, a0.x"), UINT64_C(0xa38011fa000001e9));
    assert_int_equal(as(600, "dsx (f32)(x)p0.z, r61.x"), UINT64_C(0xa38011fa000001e9));
    /* whole messages, not just their start */
    {
        tmu_ir3_instr x;
        tmu_diag dd;
        const char *t = "sam.s2en (f32)(xyzw)r0.z, r0.x, hr1.x";
        assert_int_equal(tmu_ir3_parse(t, strlen(t), 600, 1, &x, &dd), TMU_ERR_INVALID);
        assert_string_equal(dd.message, "'.s2en' needs '.uniform' or '.nonuniform'");
        t = "sam.foo (f32)(xyzw)r1.x, r0.z, s#6, t#6";
        assert_int_equal(tmu_ir3_parse(t, strlen(t), 600, 1, &x, &dd), TMU_ERR_PARSE);
        assert_string_equal(dd.message, "unknown modifier '.foo' for this instruction");
        t = "sam (f32)(xyzw)r1.x, r0.z, s#16, t#6";
        assert_int_equal(tmu_ir3_parse(t, strlen(t), 600, 1, &x, &dd), TMU_ERR_RANGE);
        assert_string_equal(dd.message, "sampler index too large here (max 15)");
        t = "brcst.active.w8 (u32)(x)r0.z, r0.y";
        assert_int_equal(tmu_ir3_parse(t, strlen(t), 500, 1, &x, &dd), TMU_ERR_UNSUPPORTED);
        assert_string_equal(dd.message, "brcst.active needs GPU id >= 600");
    }
    /* line numbers pass through */
    tmu_ir3_instr in;
    tmu_diag d;
    assert_int_equal(tmu_ir3_parse("sam", 3, 600, 42, &in, &d), TMU_ERR_PARSE);
    assert_int_equal(d.line, 42);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_accepted),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
