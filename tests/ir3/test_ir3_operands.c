/* ir3 cat5 operand rules: registers read and written, hand-worked from the
 * layouts of Mesa's emit_tex (shared/reference/ir3-cat5.md §5.1). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "tmu/ir3.h"

/* Renders reads as "role=reg role=reg ..." and writes as "reg reg ...". */
static void check(unsigned gpu, const char *text, const char *reads, const char *writes)
{
    tmu_ir3_instr in;
    tmu_diag d;
    if (tmu_ir3_parse(text, strlen(text), gpu, 1, &in, &d) != TMU_OK)
        fail_msg("'%s': %s", text, d.message);
    tmu_ir3_operands ops;
    assert_int_equal(tmu_ir3_operands_get(&in, &ops), TMU_OK);
    char r[512] = "", w[128] = "", name[16];
    for (unsigned i = 0; i < ops.num_reads; i++) {
        tmu_ir3_reg_name(ops.reads[i].reg, ops.reads[i].half, name, sizeof name);
        snprintf(r + strlen(r), sizeof r - strlen(r), "%s%s=%s", i ? " " : "",
                 tmu_ir3_role_name((tmu_ir3_role)ops.reads[i].role), name);
    }
    for (unsigned i = 0; i < ops.num_writes; i++) {
        tmu_ir3_reg_name(ops.writes[i].reg, ops.writes[i].half, name, sizeof name);
        snprintf(w + strlen(w), sizeof w - strlen(w), "%s%s", i ? " " : "", name);
    }
    if (strcmp(r, reads) || strcmp(w, writes))
        fail_msg("'%s':\n reads  '%s'\n want   '%s'\n writes '%s'\n want   '%s'", text, r, reads, w, writes);
}

static void test_operands(void **state)
{
    (void)state;
    check(600, "saml.base0 (f32)(yz)r1.z, r6.z, r6.x, s#36, a1.x", "coord=r6.z coord=r6.w lod=r6.x a1=a1.x",
          "r1.w r2.x");
    check(600, "sam.3d.a.s (f32)(xyzw)r1.x, r0.x, s#0, t#0",
          "coord=r0.x coord=r0.y coord=r0.z shadow_ref=r0.w array_index=r1.x", "r1.x r1.y r1.z r1.w");
    check(600, "samb.o.clp (f16)(xyzw)hr0.x, hr2.x, hr3.x, s#0, t#0",
          "coord=hr2.x coord=hr2.y offset=hr3.x offset=hr3.y bias=hr3.z min_lod=hr3.w", "hr0.x hr0.y hr0.z hr0.w");
    check(600, "samgq (f32)(xyzw)r0.x, r1.x, s#0, t#0",
          "coord=r1.x coord=r1.y grad_pad=r1.z grad_pad=r1.w grad_x=r2.x grad_x=r2.y grad_y=r2.z grad_y=r2.w",
          "r0.x r0.y r0.z r0.w");
    check(600, "sam.s2en.nonuniform (f32)(xyzw)r1.w, r1.y, hr2.x", "coord=r1.y coord=r1.z desc_index=hr2.x desc_index=hr2.y",
          "r1.w r2.x r2.y r2.z");
    check(600, "sam.p (f32)(x)r0.x, r0.x, s#0, t#0", "coord=r0.x coord=r0.y proj=r0.z", "r0.x");
    check(600, "isamm.a (u32)(xyzw)r4.x, r0.x, s#0, t#0", "coord=r0.x coord=r0.y array_index=r0.z sample_index=r0.w",
          "r4.x r4.y r4.z r4.w");
    check(600, "getsize (u16)(xyzw)hr0.x, r0.x, t#0", "lod=r0.x", "hr0.x hr0.y hr0.z hr0.w");
    check(600, "getinfo.base0 (u16)(xyzw)hr2.x, t#0", "", "hr2.x hr2.y hr2.z hr2.w");
    check(600, "dsx (f32)(xy)r0.z, r0.x", "value=r0.x value=r0.y", "r0.z r0.w");
    check(600, "(sy)quad_shuffle.brcst (u32)(x)r1.w, r0.x, r0.z", "value=r0.x lane=r0.z", "r1.w");
    check(600, "brcst.active.w8 (u32)(x)r0.z, r0.y", "value=r0.y", "r0.z");
    check(600, "tcinv", "", "");
    check(700, "isam.v.base0 (u32)(xyzw)r1.z, r0.y+8, s#0, t#1", "coord=r0.y", "r1.z r1.w r2.x r2.y");
    tmu_ir3_instr none;
    memset(&none, 0, sizeof none);
    none.op = TMU_IR3_OP_NONE;
    tmu_ir3_operands ops;
    assert_int_equal(tmu_ir3_operands_get(&none, &ops), TMU_ERR_INVALID_ARGUMENT);
    assert_string_equal(tmu_ir3_role_name(TMU_IR3_ROLE_COUNT), "unknown");
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_operands)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
