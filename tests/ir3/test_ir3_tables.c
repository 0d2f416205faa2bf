/* ir3 cat5: properties of the encoding tables, and decode of every
 * combination of the bits that select a definition, checked against the
 * opcode numbers of Mesa's src/freedreno/isa/ir3-cat5.xml (the public encoding description),
 * restated here. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "ir3/tables.h"
#include "tmu/ir3.h"

static void test_no_overlap(void **state)
{
    (void)state;
    for (int a = 0; a < TMU_IR3_OP_COUNT; a++) {
        const tmu_ir3_opinfo *x = tmu_ir3_opinfo_get((tmu_ir3_op)a);
        assert_non_null(x);
        assert_int_equal(x->match & ~x->mask, 0);
        assert_int_equal(x->match >> 61, 5);
        assert_int_equal((x->match >> 54) & 31, x->opc);
        assert_true(a >= ir3_opc_first[x->opc] && a < ir3_opc_first[x->opc + 1]);
        for (int b = a + 1; b < TMU_IR3_OP_COUNT; b++) {
            const tmu_ir3_opinfo *y = tmu_ir3_opinfo_get((tmu_ir3_op)b);
            uint64_t common = x->mask & ~x->dontcare & y->mask & ~y->dontcare;
            int gens = x->gpu_min <= y->gpu_max && y->gpu_min <= x->gpu_max;
            if (gens && ((x->match ^ y->match) & common) == 0)
                fail_msg("%s and %s can match the same word", x->name, y->name);
        }
    }
    assert_null(tmu_ir3_opinfo_get(TMU_IR3_OP_COUNT));
    assert_null(tmu_ir3_opinfo_get(TMU_IR3_OP_NONE));
}

/* The reference table, restated as logic. */
static int expected_op(unsigned gpu, unsigned opc, unsigned b18, unsigned b1920, unsigned b50, unsigned b52,
                       unsigned b53)
{
    if (opc <= 27)
        return (int)opc; /* isam .. rgetinfo, in OPC order */
    if (opc == 28)
        return TMU_IR3_OP_TCINV;
    if (opc == 29) {
        if (b53 || b18)
            return -1;
        if (b52)
            return TMU_IR3_OP_IMG_BINDLESS;
        return b50 ? TMU_IR3_OP_IMG_BINDLESS_PCMN : TMU_IR3_OP_IMG_BINDLESS_HOF;
    }
    if (opc == 30 || gpu < 600 || b18 || b50)
        return -1;
    if (!b53)
        return TMU_IR3_OP_BRCST_ACTIVE;
    return TMU_IR3_OP_QUAD_SHUFFLE_BRCST + (int)b1920;
}

static void test_select_exhaustive(void **state)
{
    (void)state;
    static const unsigned gpus[] = {300, 400, 500, 600, 630, 700, 800};
    unsigned checked = 0;
    for (unsigned g = 0; g < sizeof gpus / sizeof gpus[0]; g++) {
        for (unsigned v = 0; v < (1u << 11); v++) {
            unsigned opc = v & 31, b18 = (v >> 5) & 1, b1920 = (v >> 6) & 3, b50 = (v >> 8) & 1,
                     b52 = (v >> 9) & 1, b53 = (v >> 10) & 1;
            uint64_t w = (UINT64_C(5) << 61) | ((uint64_t)opc << 54) | ((uint64_t)b18 << 18) |
                         ((uint64_t)b1920 << 19) | ((uint64_t)b50 << 50) | ((uint64_t)b52 << 52) |
                         ((uint64_t)b53 << 53);
            tmu_ir3_instr in;
            tmu_status st = tmu_ir3_decode(w, gpus[g], &in, NULL);
            int want = expected_op(gpus[g], opc, b18, b1920, b50, b52, b53);
            if (want < 0) {
                assert_int_equal(st, TMU_ERR_DECODE);
                assert_int_equal(in.op, TMU_IR3_OP_NONE);
            } else {
                assert_int_equal(st, TMU_OK);
                if ((int)in.op != want)
                    fail_msg("gpu %u word %016llx: op %d, want %d", gpus[g], (unsigned long long)w, in.op, want);
            }
            checked++;
        }
    }
    /* other categories are not cat5 */
    tmu_ir3_instr in;
    tmu_diag d;
    assert_int_equal(tmu_ir3_decode(UINT64_C(0x2000000000000000), 600, &in, &d), TMU_ERR_DECODE);
    assert_non_null(strstr(d.message, "category 1"));
    assert_int_equal(checked, 7u * 2048u);
}

/* the per-class modifier sets are a cache of the modifier table's columns */
static void test_mod_sets(void **state)
{
    (void)state;
    assert_true(ir3_num_mods <= 16);
    for (unsigned c = 0; c < IR3_CLS_COUNT; c++) {
        for (unsigned lay = 1; lay <= 2; lay++) {
            unsigned want = 0;
            for (unsigned i = 0; i < ir3_num_mods; i++)
                if ((ir3_mods[i].classes & IR3_C(c)) && (ir3_mods[i].layouts & lay))
                    want |= 1u << i;
            assert_int_equal(ir3_mod_sets[c][lay - 1], want);
        }
    }
    for (unsigned i = 0; i < ir3_num_mods; i++) {
        assert_int_equal(strlen(ir3_mods[i].display), ir3_mods[i].len);
        if (ir3_mods[i].display2)
            assert_int_equal(strlen(ir3_mods[i].display2), ir3_mods[i].len2);
    }
    for (unsigned i = 0; i < TMU_IR3_OP_COUNT; i++)
        assert_int_equal(strlen(ir3_leaves[i].info.name), ir3_leaves[i].name_len);
}

static void test_gpu_names(void **state)
{
    (void)state;
    uint32_t id = 0;
    assert_int_equal(tmu_ir3_gpu_from_name("a6xx", &id), TMU_OK);
    assert_int_equal(id, 600);
    assert_int_equal(tmu_ir3_gpu_from_name("a3xx", &id), TMU_OK);
    assert_int_equal(id, 300);
    assert_int_equal(tmu_ir3_gpu_from_name("630", &id), TMU_OK);
    assert_int_equal(id, 630);
    assert_int_equal(tmu_ir3_gpu_from_name("a750", &id), TMU_OK);
    assert_int_equal(id, 750);
    assert_int_equal(tmu_ir3_gpu_from_name("a2xx", &id), TMU_ERR_NOT_FOUND);
    assert_int_equal(tmu_ir3_gpu_from_name("200", &id), TMU_ERR_NOT_FOUND);
    assert_int_equal(tmu_ir3_gpu_from_name("gfx9", &id), TMU_ERR_NOT_FOUND);
    assert_int_equal(tmu_ir3_gpu_from_name("", &id), TMU_ERR_NOT_FOUND);
    tmu_ir3_instr in;
    assert_int_equal(tmu_ir3_decode(0, 299, &in, NULL), TMU_ERR_INVALID_ARGUMENT);
}

static void test_encode_checks(void **state)
{
    (void)state;
    tmu_ir3_instr in;
    memset(&in, 0, sizeof in);
    in.op = TMU_IR3_OP_SAM;
    in.gpu_id = 600;
    in.field[TMU_IR3_F_TEX] = 200; /* 7-bit field */
    uint64_t w;
    tmu_diag d;
    assert_int_equal(tmu_ir3_encode(&in, &w, &d), TMU_ERR_RANGE);
    assert_non_null(strstr(d.message, "TEX"));
    in.field[TMU_IR3_F_TEX] = 0;
    in.field[TMU_IR3_F_SAMP] = 3;
    in.field[TMU_IR3_F_S2EN] = 1;
    assert_int_equal(tmu_ir3_encode(&in, &w, &d), TMU_ERR_INVALID);
    in.field[TMU_IR3_F_SAMP] = 0;
    assert_int_equal(tmu_ir3_encode(&in, &w, &d), TMU_OK);
    /* fixed bits: category 5, OPC 3, S2EN bit */
    assert_int_equal(w, (UINT64_C(5) << 61) | (UINT64_C(3) << 54) | (UINT64_C(1) << 51));
    in.op = TMU_IR3_OP_BRCST_ACTIVE;
    in.gpu_id = 500;
    assert_int_equal(tmu_ir3_encode(&in, &w, &d), TMU_ERR_UNSUPPORTED);
    in.op = TMU_IR3_OP_NONE;
    assert_int_equal(tmu_ir3_encode(&in, &w, &d), TMU_ERR_INVALID_ARGUMENT);

    /* a hand-built struct with every field out of range: encode refuses it,
     * print and operands stay in bounds (checked under ASan) */
    for (int op = 0; op < TMU_IR3_OP_COUNT; op++) {
        memset(in.field, 0xff, sizeof in.field);
        in.op = (tmu_ir3_op)op;
        in.gpu_id = 700;
        in.num_notes = 200;
        for (int k = 0; k < 4; k++)
            in.notes[k].where = NULL;
        assert_int_equal(tmu_ir3_encode(&in, &w, &d), TMU_ERR_RANGE);
        char buf[64];
        size_t n = tmu_ir3_print(&in, TMU_IR3_PRINT_NOTES, buf, sizeof buf);
        assert_true(n > 0);
        assert_int_equal(strlen(buf), n < sizeof buf ? n : sizeof buf - 1);
        tmu_ir3_operands ops;
        assert_int_equal(tmu_ir3_operands_get(&in, &ops), TMU_OK);
        assert_true(ops.num_reads <= 24 && ops.num_writes <= 4);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_no_overlap),
        cmocka_unit_test(test_select_exhaustive),
        cmocka_unit_test(test_mod_sets),
        cmocka_unit_test(test_gpu_names),
        cmocka_unit_test(test_encode_checks),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
