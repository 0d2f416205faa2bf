/* llvm-mc 14 vector files (gen, word, expected text or INVALID): every row must get the same
 * verdict, and every valid row byte-identical text.  Also checks that every valid row re-encodes
 * to the same word and re-assembles from llvm-mc's own text to the same word.
 * usage: test_gcn_vectors FILE ROWS VALID -- FILE a path (with a '/'), or a name in tests/data
 * (gcn-llvm-mc.tsv, copied from shared/vectors; gcn-llvm-mc-d16-tfe.tsv, from
 * tests/gcn/gen_d16_tfe_vectors.py), so that a fresh file from the same oracle
 * (shared/tools/gcn_llvm_oracle.sh) is checked alike; ROWS and VALID the counts its header
 * states, so that a truncated file cannot pass.  Re-assembly from llvm-mc's text is compared
 * without the bits llvm-mc ignores (1-7 and 58-62, shared/tools/README.md: the text does not
 * carry them; re-encoding the decoded word must still give them back). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tmu/gcn.h"
#include "test_data.h"

static const char *g_file = "gcn-llvm-mc.tsv";
static unsigned g_rows = 2998, g_valid = 2453;

static void test_vectors(void **state)
{
    (void)state;
    char path[1024];
    FILE *fp = strchr(g_file, '/') ? tmu_test_file_open(g_file, NULL, path, sizeof path)
                                   : tmu_test_data_open(g_file, path, sizeof path);
    assert_non_null(fp);
    char line[512];
    unsigned per_gen_valid[TMU_GCN_GEN_COUNT] = {0};
    unsigned rows = 0, agree = 0, valid = 0, text_ok = 0, enc_ok = 0, asm_ok = 0;
    unsigned per_gen[TMU_GCN_GEN_COUNT] = {0};
    const uint64_t ignored = 0xFEull | (0x1Full << 58); /* bits 1-7, 58-62 */
    while (fgets(line, sizeof line, fp)) {
        if (line[0] == '#' || strncmp(line, "gen\t", 4) == 0)
            continue;
        line[strcspn(line, "\r\n")] = 0;
        char *gen_s = strtok(line, "\t");
        char *word_s = strtok(NULL, "\t");
        char *expected = strtok(NULL, "\t");
        if (!gen_s || !word_s || !expected)
            continue;
        tmu_gcn_gen gen;
        assert_int_equal(tmu_gcn_gen_from_name(gen_s, &gen), TMU_OK);
        uint64_t word = strtoull(word_s, NULL, 16);
        rows++;
        per_gen[gen]++;
        tmu_gcn_mimg inst;
        tmu_diag diag;
        tmu_status st = tmu_gcn_decode(gen, word, &inst, &diag);
        int exp_invalid = strcmp(expected, "INVALID") == 0;
        if ((st != TMU_OK) == exp_invalid)
            agree++;
        else
            fprintf(stderr, "verdict mismatch %s %s: expected %s, got %s (%s)\n", gen_s, word_s,
                    expected, st == TMU_OK ? "valid" : "INVALID", diag.message);
        if (exp_invalid || st != TMU_OK)
            continue;
        valid++;
        per_gen_valid[gen]++;
        char text[160];
        int n = tmu_gcn_print_llvm(&inst, NULL, text, sizeof text);
        if (n > 0 && strcmp(text, expected) == 0)
            text_ok++;
        else
            fprintf(stderr, "text mismatch %s %s:\n  want %s\n  got  %s\n", gen_s, word_s,
                    expected, text);
        uint64_t back = 0;
        if (tmu_gcn_encode(&inst, &back, NULL) == TMU_OK && back == word)
            enc_ok++;
        tmu_gcn_mimg re;
        if (tmu_gcn_assemble(gen, TMU_GCN_SYNTAX_LLVM, expected, strlen(expected), 1, &re,
                             &diag) == TMU_OK &&
            tmu_gcn_encode(&re, &back, NULL) == TMU_OK && back == (word & ~ignored))
            asm_ok++;
        else
            fprintf(stderr, "assemble mismatch %s '%s': %s\n", gen_s, expected, diag.message);
    }
    fclose(fp);
    printf("%s: %u/%u verdicts agree, %u/%u texts identical, %u/%u re-encode, %u/%u re-assemble\n",
           g_file, agree, rows, text_ok, valid, enc_ok, valid, asm_ok, valid);
    for (unsigned g = 0; g < TMU_GCN_GEN_COUNT; g++)
        if (per_gen[g])
            printf("  %s: %u rows, %u valid\n", tmu_gcn_gen_name((tmu_gcn_gen)g), per_gen[g],
                   per_gen_valid[g]);
    assert_int_equal(rows, g_rows);
    assert_int_equal(agree, rows);
    assert_int_equal(valid, g_valid);
    assert_int_equal(text_ok, valid);
    assert_int_equal(enc_ok, valid);
    assert_int_equal(asm_ok, valid);
}

int main(int argc, char **argv)
{
    if (argc != 1 && argc != 4) {
        fprintf(stderr, "usage: %s [FILE ROWS VALID]\n", argv[0]);
        return 2;
    }
    if (argc == 4) {
        g_file = argv[1];
        g_rows = (unsigned)strtoul(argv[2], NULL, 10);
        g_valid = (unsigned)strtoul(argv[3], NULL, 10);
    }
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_vectors)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
