/* Round trip over every opcode x generation x field extremes:
 *   decode(w) ok  =>  assemble(print_llvm(decode(w))) encodes to w with the ignored bits
 *                     (1-7, 58-62) cleared, and decode(w | ignored bits) prints the same text;
 *   the printed VDATA range has the size of an independent formula (popcount/gather/D16/TFE).
 * Default: every DMASK x every combination of the 8 one-bit fields x alternating register
 * extremes.  TMU_TEST_LONG=1 adds every register extreme for every combination. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tmu/gcn.h"

static const uint64_t IGNORED = (0x7full << 1) | (0x1full << 58);

/* Register extremes: (vaddr, vdata, srsrc, ssamp). */
static const uint8_t regs[][4] = {
    {0, 0, 0, 0}, {255, 0, 23, 24}, {0, 255, 1, 28}, {251, 244, 28, 29}, {128, 252, 29, 30},
    {253, 251, 24, 25}, {1, 253, 27, 27},
};
#define NREGS (sizeof(regs) / sizeof(regs[0]))

static unsigned expected_vdata(tmu_gcn_gen gen, const tmu_gcn_opcode_info *op, uint64_t w)
{
    unsigned dmask = (w >> 8) & 0xf, n = 0;
    for (int i = 0; i < 4; i++)
        n += (dmask >> i) & 1;
    if (op->cls == TMU_GCN_CLASS_GATHER)
        n = 4;
    if (n == 0)
        n = 1;
    if ((w >> 63) && (gen == TMU_GCN_GFX81 || gen == TMU_GCN_GFX9))
        n = (n + 1) / 2;
    return n + (unsigned)((w >> 16) & 1);
}

/* Size of the first register operand in llvm text ("v[3:6]" -> 4, "v7" -> 1). */
static unsigned first_reg_size(const char *text)
{
    const char *p = strchr(text, ' ');
    assert_non_null(p);
    unsigned a, b;
    if (sscanf(p + 1, "v[%u:%u]", &a, &b) == 2)
        return b - a + 1;
    assert_int_equal(sscanf(p + 1, "v%u", &a), 1);
    return 1;
}

static void run(int long_mode)
{
    size_t nops;
    const tmu_gcn_opcode_info *ops = tmu_gcn_opcodes(&nops);
    unsigned long checked = 0, valid = 0;
    for (int g = 0; g < TMU_GCN_GEN_COUNT; g++) {
        tmu_gcn_gen gen = (tmu_gcn_gen)g;
        for (size_t i = 0; i < nops; i++) {
            const tmu_gcn_opcode_info *op = &ops[i];
            if (op->op[gen] == TMU_GCN_NO_OP)
                continue;
            for (unsigned combo = 0; combo < 256 * 16; combo++) {
                unsigned bits = combo & 0xff, dmask = combo >> 8;
                for (size_t r = long_mode ? 0 : combo % NREGS; r < NREGS;
                     r += long_mode ? 1 : NREGS) {
                    uint64_t w = (0x3cull << 26) | ((uint64_t)op->op[gen] << 18) |
                                 ((uint64_t)dmask << 8);
                    /* unorm glc da r128/a16 tfe lwe slc d16 */
                    static const int pos[8] = {12, 13, 14, 15, 16, 17, 25, 63};
                    for (int b = 0; b < 8; b++)
                        if ((bits >> b) & 1)
                            w |= 1ull << pos[b];
                    w |= (uint64_t)regs[r][0] << 32 | (uint64_t)regs[r][1] << 40 |
                         (uint64_t)regs[r][2] << 48;
                    if (op->cls == TMU_GCN_CLASS_SAMPLE || op->cls == TMU_GCN_CLASS_GATHER ||
                        op->cls == TMU_GCN_CLASS_GET_LOD)
                        w |= (uint64_t)regs[r][3] << 53;
                    checked++;
                    tmu_gcn_mimg inst;
                    tmu_diag d;
                    if (tmu_gcn_decode(gen, w, &inst, &d) != TMU_OK) {
                        assert_true(d.message[0] != 0); /* always a reason */
                        continue;
                    }
                    valid++;
                    char text[160], text2[160];
                    assert_true(tmu_gcn_print_llvm(&inst, NULL, text, sizeof text) > 0);
                    assert_int_equal(first_reg_size(text), expected_vdata(gen, op, w));
                    tmu_gcn_mimg back;
                    if (tmu_gcn_assemble(gen, TMU_GCN_SYNTAX_LLVM, text, strlen(text), 1, &back,
                                         &d) != TMU_OK) {
                        fprintf(stderr, "%s 0x%016llx '%s': %s\n", tmu_gcn_gen_name(gen),
                                (unsigned long long)w, text, d.message);
                        fail();
                    }
                    uint64_t w2;
                    assert_int_equal(tmu_gcn_encode(&back, &w2, NULL), TMU_OK);
                    if (w2 != w) {
                        fprintf(stderr, "%s 0x%016llx '%s' -> 0x%016llx\n", tmu_gcn_gen_name(gen),
                                (unsigned long long)w, text, (unsigned long long)w2);
                        fail();
                    }
                    /* The ignored bits change nothing but the struct's ignored fields. */
                    tmu_gcn_mimg ign;
                    assert_int_equal(tmu_gcn_decode(gen, w | IGNORED, &ign, NULL), TMU_OK);
                    assert_true(tmu_gcn_print_llvm(&ign, NULL, text2, sizeof text2) > 0);
                    assert_string_equal(text, text2);
                    assert_int_equal(tmu_gcn_encode(&ign, &w2, NULL), TMU_OK);
                    assert_true(w2 == (w | IGNORED));
                    /* CLRX text round-trips too (its own defaults and r128 SRSRC size). */
                    if (inst.f[TMU_GCN_F_DMASK] != 0 &&
                        !((op->cls == TMU_GCN_CLASS_STORE || op->cls == TMU_GCN_CLASS_ATOMIC) &&
                          !inst.f[TMU_GCN_F_UNORM])) {
                        assert_true(tmu_gcn_print_clrx(&inst, NULL, text2, sizeof text2) > 0);
                        if (tmu_gcn_assemble(gen, TMU_GCN_SYNTAX_CLRX, text2, strlen(text2), 1,
                                             &back, &d) != TMU_OK) {
                            fprintf(stderr, "clrx %s '%s': %s\n", tmu_gcn_gen_name(gen), text2,
                                    d.message);
                            fail();
                        }
                        assert_int_equal(tmu_gcn_encode(&back, &w2, NULL), TMU_OK);
                        assert_true(w2 == w);
                    }
                }
            }
        }
    }
    printf("gcn round trip: %lu words checked, %lu valid, all round-trip\n", checked, valid);
    assert_true(valid > checked / 8);
}

static void test_roundtrip(void **state)
{
    (void)state;
    const char *l = getenv("TMU_TEST_LONG");
    run(l && *l && *l != '0');
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_roundtrip)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
