/* ir3 cat5: round-trip properties over random words, per generation.
 *   1. every word that decodes prints text that assembles, and the result
 *      prints the same text again (text fixed point);
 *   2. a word with no annotation and no silently-dropped bits comes back
 *      bit for bit: asm(disasm(w)) == w;
 *   3. otherwise the bits outside the dropped ones come back.
 * Each generation runs until 15 k words without annotation were checked;
 * TMU_TEST_LONG=1 raises that to 10 M (about 37 M random words). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "tmu/ir3.h"

static uint64_t rng_state;
static uint64_t rnd(void)
{
    /* splitmix64 */
    uint64_t z = (rng_state += UINT64_C(0x9e3779b97f4a7c15));
    z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
    return z ^ (z >> 31);
}

/* Runs until `target` words decoded without annotation have been checked. */
static void run_gen(uint32_t gpu, long target)
{
    long decoded = 0, clean = 0, exact = 0, dropped = 0, bad = 0, count = 0;
    rng_state = gpu * UINT64_C(7919);
    for (long i = 0; clean < target; i++) {
        count++;
        uint64_t w = rnd();
        if (i & 1) /* sparser words reach the note-free forms more often */
            w &= rnd() & rnd();
        w = (w & ~(UINT64_C(7) << 61)) | (UINT64_C(5) << 61);
        tmu_ir3_instr in, back;
        if (tmu_ir3_decode(w, gpu, &in, NULL) != TMU_OK)
            continue;
        decoded++;
        char text[256], text2[256];
        tmu_ir3_print(&in, 0, text, sizeof text);
        uint64_t a = 0;
        tmu_diag d;
        tmu_diag_clear(&d);
        if (tmu_ir3_assemble(text, gpu, &a, &d) != TMU_OK) {
            if (bad++ < 5)
                print_error("gpu %u %016llx '%s' does not assemble: %u:%u %s\n", gpu, (unsigned long long)w, text,
                            d.line, d.column, d.message);
            continue;
        }
        assert_int_equal(tmu_ir3_decode(a, gpu, &back, NULL), TMU_OK);
        tmu_ir3_print(&back, 0, text2, sizeof text2);
        if (strcmp(text, text2)) {
            if (bad++ < 5)
                print_error("gpu %u %016llx: '%s' reassembles to '%s'\n", gpu, (unsigned long long)w, text, text2);
            continue;
        }
        if (back.num_notes || back.ignored) {
            if (bad++ < 5)
                print_error("gpu %u %016llx: assembler output %016llx is not canonical\n", gpu, (unsigned long long)w,
                            (unsigned long long)a);
            continue;
        }
        if (in.num_notes)
            continue;
        clean++;
        if (in.ignored) {
            dropped++;
            if ((a & ~in.ignored) != (w & ~in.ignored) && bad++ < 5)
                print_error("gpu %u %016llx -> %016llx outside dropped bits %016llx\n", gpu, (unsigned long long)w,
                            (unsigned long long)a, (unsigned long long)in.ignored);
            continue;
        }
        if (a == w)
            exact++;
        else if (bad++ < 5)
            print_error("gpu %u %016llx -> %016llx '%s'\n", gpu, (unsigned long long)w, (unsigned long long)a, text);
    }
    print_message("gpu %u: %ld words, %ld decode, %ld without notes: %ld exact round trips, %ld with dropped "
                  "bits (equal elsewhere), %ld failures\n",
                  gpu, count, decoded, clean, exact, dropped, bad);
    assert_int_equal(bad, 0);
    assert_true(exact > target / 2); /* most note-free words have no dropped bits */
}

static long target_words(void)
{
    const char *l = getenv("TMU_TEST_LONG");
    return l && *l && strcmp(l, "0") ? 10000000L : 15000L;
}

static void test_a3xx(void **s) { (void)s; run_gen(300, target_words()); }
static void test_a4xx(void **s) { (void)s; run_gen(400, target_words()); }
static void test_a5xx(void **s) { (void)s; run_gen(500, target_words()); }
static void test_a6xx(void **s) { (void)s; run_gen(600, target_words()); }
static void test_a7xx(void **s) { (void)s; run_gen(700, target_words()); }

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_a3xx), cmocka_unit_test(test_a4xx), cmocka_unit_test(test_a5xx),
        cmocka_unit_test(test_a6xx), cmocka_unit_test(test_a7xx),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
