/* The decoder's one-expression validity check (src/gcn/fast.h, tmu_gcn_fast_ok) must accept
 * exactly the words the ordered rule-by-rule check (tmu_gcn_check, which gives the reasons)
 * accepts.  A structured sweep over every generation x opcode x DMASK x TFE x D16 x bit 15 x
 * register fields at their edges, plus random words, compares the two. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <cmocka.h>

#include "gcn/fast.h"

static unsigned long long compared, accepted;

static void compare_word(tmu_gcn_gen gen, uint64_t word)
{
    tmu_gcn_mimg inst;
    unsigned ri = tmu_gcn_extract(gen, word, &inst);
    int fast = tmu_gcn_fast_ok(&inst, ri) ? 1 : 0;
    int slow = tmu_gcn_check(&inst, ri, TMU_ERR_DECODE, NULL) == TMU_OK;
    if (fast != slow)
        fail_msg("gen %d word 0x%016llx: fast check %d, ordered rules %d", (int)gen,
                 (unsigned long long)word, fast, slow);
    compared++;
    accepted += (unsigned)slow;
}

static void structured_sweep(void **state)
{
    (void)state;
    static const unsigned regs[] = {0, 1, 100, 250, 251, 252, 253, 254, 255};
    static const unsigned sregs[] = {0, 1, 2, 23, 24, 25, 26, 27, 28, 29, 30, 31};
    for (int gen = 0; gen < TMU_GCN_GEN_COUNT; gen++)
        for (uint64_t op = 0; op < 128; op++)
            for (uint64_t dmask = 0; dmask < 16; dmask++)
                for (uint64_t flags = 0; flags < 16; flags++) { /* TFE, D16, bit 15, LWE */
                    uint64_t base = (0x3cull << 26) | (op << 18) | (dmask << 8) |
                                    ((flags & 1) << 16) | ((flags >> 1 & 1) << 63) |
                                    ((flags >> 2 & 1) << 15) | ((flags >> 3 & 1) << 17);
                    for (size_t v = 0; v < sizeof(regs) / sizeof(regs[0]); v++) {
                        compare_word((tmu_gcn_gen)gen, base | (uint64_t)regs[v] << 40);
                        compare_word((tmu_gcn_gen)gen, base | (uint64_t)regs[v] << 32);
                    }
                    for (size_t s = 0; s < sizeof(sregs) / sizeof(sregs[0]); s++) {
                        compare_word((tmu_gcn_gen)gen, base | (uint64_t)sregs[s] << 48);
                        compare_word((tmu_gcn_gen)gen, base | (uint64_t)sregs[s] << 53);
                    }
                }
    printf("structured: %llu words compared, %llu valid\n", compared, accepted);
    assert_true(accepted > 10000 && accepted < compared);
}

static void random_words(void **state)
{
    (void)state;
    uint64_t x = 0x9e3779b97f4a7c15ull;
    unsigned long long before = compared;
    for (int i = 0; i < 400000; i++) {
        x ^= x << 13, x ^= x >> 7, x ^= x << 17; /* xorshift64 */
        uint64_t w = x;
        if (i & 1) /* half of them with the MIMG encoding bits and bit 0 clear */
            w = (w & ~(0x3full << 26) & ~1ull) | (0x3cull << 26);
        compare_word((tmu_gcn_gen)(i % TMU_GCN_GEN_COUNT), w);
    }
    printf("random: %llu words compared\n", compared - before);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(structured_sweep),
        cmocka_unit_test(random_words),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
