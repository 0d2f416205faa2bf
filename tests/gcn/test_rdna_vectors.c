/* The llvm-mc 16 conformance vectors of the RDNA MIMG codec (gfx10, gfx10.3, gfx11), copied from
 * shared/vectors into tests/data:
 *   rdna-llvm-mc16.tsv      GEN, dwords, llvm-mc 16's text or INVALID (strict: decoded and
 *                           re-assembled to the same dwords): every row must get the same
 *                           verdict, every valid row byte-identical text (through
 *                           tmu_gcn_decode_dwords + tmu_gcn_print_llvm and through
 *                           tmu_gcn_disasm_dwords), re-encode to the same dwords, and llvm-mc's
 *                           text must re-assemble to them;
 *   rdna-llvm-mc16-asm.tsv  GEN, assembler input, dwords or ERROR, llvm-mc's text or error,
 *                           the disassembler's text or INVALID: every input must assemble to
 *                           the same dwords, or fail with a message that starts with llvm-mc's
 *                           (less "error: "), and the dwords must disassemble as the last column.
 * Usage: test_rdna_vectors [DISASM.tsv [ASM.tsv]] (default: the project's copies). */
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

typedef struct paths {
    const char *disasm, *assembler;
} paths;

static FILE *open_data(const char *given, const char *name, char *path, size_t size)
{
    if (given) {
        snprintf(path, size, "%s", given);
        return fopen(path, "r");
    }
    return tmu_test_data_open(name, path, size);
}

/* "0xf0800f0a 0x00820004 0x00000005" -> dwords; returns the count (0: not dwords). */
static unsigned parse_dwords(const char *s, uint32_t *dw, unsigned cap)
{
    unsigned n = 0;
    while (*s) {
        while (*s == ' ')
            s++;
        if (!*s)
            break;
        char *end;
        unsigned long v = strtoul(s, &end, 16);
        if (end == s || n == cap)
            return 0;
        dw[n++] = (uint32_t)v;
        s = end;
    }
    return n;
}

/* Splits a TAB-separated line in place; returns the number of columns. */
static int split_tabs(char *line, char **col, int cap)
{
    int n = 0;
    col[n++] = line;
    for (char *p = line; *p && n < cap; p++)
        if (*p == '\t') {
            *p = 0;
            col[n++] = p + 1;
        }
    return n;
}

static int gen_index(tmu_gcn_gen gen)
{
    return (int)gen - (int)TMU_GCN_GFX10;
}

static void test_disasm_vectors(void **state)
{
    const paths *ps = *state;
    char path[1024];
    FILE *fp = open_data(ps->disasm, "rdna-llvm-mc16.tsv", path, sizeof path);
    if (!fp)
        fprintf(stderr, "cannot open %s\n", path);
    assert_non_null(fp);
    char line[1024], text[TMU_GCN_TEXT_MAX], text2[TMU_GCN_TEXT_MAX];
    unsigned rows[3] = {0}, agree[3] = {0}, valid[3] = {0}, text_ok[3] = {0}, enc_ok[3] = {0},
             asm_ok[3] = {0}, reasons = 0, invalid = 0;
    while (fgets(line, sizeof line, fp)) {
        if (line[0] == '#' || strncmp(line, "gen\t", 4) == 0)
            continue;
        line[strcspn(line, "\r\n")] = 0;
        char *col[4];
        if (split_tabs(line, col, 4) < 3)
            continue;
        tmu_gcn_gen gen;
        assert_int_equal(tmu_gcn_gen_from_name(col[0], &gen), TMU_OK);
        assert_true(TMU_GCN_GEN_IS_RDNA(gen));
        uint32_t dw[TMU_GCN_MAX_DWORDS];
        unsigned n = parse_dwords(col[1], dw, TMU_GCN_MAX_DWORDS);
        assert_true(n >= 2);
        const char *expected = col[2];
        int g = gen_index(gen);
        rows[g]++;
        tmu_gcn_mimg inst;
        tmu_diag diag;
        unsigned len = 0;
        tmu_status st = tmu_gcn_decode_dwords(gen, dw, n, &inst, &len, &diag);
        int exp_invalid = strcmp(expected, "INVALID") == 0;
        if (st == TMU_OK && len != n)
            st = TMU_ERR_DECODE; /* the oracle gives whole instructions: a longer row is bad */
        if ((st != TMU_OK) == exp_invalid)
            agree[g]++;
        else
            fprintf(stderr, "verdict mismatch %s %s: expected %s, got %s (%s)\n", col[0], col[1],
                    expected, st == TMU_OK ? "valid" : "INVALID", diag.message);
        if (st != TMU_OK) {
            invalid++;
            reasons += diag.message[0] != 0;
        }
        if (exp_invalid || st != TMU_OK)
            continue;
        valid[g]++;
        int k = tmu_gcn_print_llvm(&inst, NULL, text, sizeof text);
        unsigned used = 0;
        int k2 = tmu_gcn_disasm_dwords(gen, dw, n, &used, TMU_GCN_SYNTAX_LLVM, text2, sizeof text2,
                                       NULL);
        if (k > 0 && strcmp(text, expected) == 0 && k2 == k && strcmp(text2, text) == 0 &&
            used == n)
            text_ok[g]++;
        else
            fprintf(stderr, "text mismatch %s %s:\n  want %s\n  got  %s\n  fast %s\n", col[0],
                    col[1], expected, text, text2);
        uint32_t back[TMU_GCN_MAX_DWORDS];
        unsigned blen = 0;
        if (tmu_gcn_encode_dwords(&inst, back, &blen, NULL) == TMU_OK && blen == n &&
            memcmp(back, dw, n * sizeof dw[0]) == 0)
            enc_ok[g]++;
        else
            fprintf(stderr, "re-encode mismatch %s %s\n", col[0], col[1]);
        tmu_gcn_mimg re;
        if (tmu_gcn_assemble(gen, TMU_GCN_SYNTAX_LLVM, expected, strlen(expected), 1, &re,
                             &diag) == TMU_OK &&
            tmu_gcn_encode_dwords(&re, back, &blen, &diag) == TMU_OK && blen == n &&
            memcmp(back, dw, n * sizeof dw[0]) == 0)
            asm_ok[g]++;
        else
            fprintf(stderr, "assemble mismatch %s '%s': %s\n", col[0], expected, diag.message);
    }
    fclose(fp);
    static const char *const names[3] = {"gfx10", "gfx10.3", "gfx11"};
    unsigned all_rows = 0, all_agree = 0;
    for (int g = 0; g < 3; g++) {
        printf("rdna vectors %-7s: %u/%u verdicts agree, %u/%u texts identical, %u/%u re-encode, "
               "%u/%u re-assemble\n",
               names[g], agree[g], rows[g], text_ok[g], valid[g], enc_ok[g], valid[g], asm_ok[g],
               valid[g]);
        all_rows += rows[g];
        all_agree += agree[g];
    }
    for (int g = 0; g < 3; g++) {
        assert_int_equal(agree[g], rows[g]);
        assert_int_equal(text_ok[g], valid[g]);
        assert_int_equal(enc_ok[g], valid[g]);
        assert_int_equal(asm_ok[g], valid[g]);
    }
    printf("rdna vectors: %u/%u rows agree; every rejection has a reason: %u/%u\n", all_agree,
           all_rows, reasons, invalid);
    assert_int_equal(reasons, invalid);
    if (!ps->disasm) { /* the project's copy: 4000 rows per generation */
        assert_int_equal(all_rows, 12000);
        for (int g = 0; g < 3; g++)
            assert_int_equal(rows[g], 4000);
    }
}

static void test_asm_vectors(void **state)
{
    const paths *ps = *state;
    char path[1024];
    FILE *fp = open_data(ps->assembler, "rdna-llvm-mc16-asm.tsv", path, sizeof path);
    if (!fp)
        fprintf(stderr, "cannot open %s\n", path);
    assert_non_null(fp);
    char line[2048], text[TMU_GCN_TEXT_MAX];
    unsigned rows[3] = {0}, ok[3] = {0}, errors = 0, disasm_rows = 0, disasm_ok = 0;
    while (fgets(line, sizeof line, fp)) {
        if (line[0] == '#' || strncmp(line, "gen\t", 4) == 0)
            continue;
        line[strcspn(line, "\r\n")] = 0;
        char *col[5];
        if (split_tabs(line, col, 5) < 5)
            continue;
        tmu_gcn_gen gen;
        assert_int_equal(tmu_gcn_gen_from_name(col[0], &gen), TMU_OK);
        int g = gen_index(gen);
        rows[g]++;
        tmu_gcn_mimg inst;
        tmu_diag diag;
        tmu_status st = tmu_gcn_assemble(gen, TMU_GCN_SYNTAX_LLVM, col[1], strlen(col[1]), 1,
                                         &inst, &diag);
        if (strcmp(col[2], "ERROR") == 0) {
            errors++;
            const char *want = strncmp(col[3], "error: ", 7) == 0 ? col[3] + 7 : col[3];
            if (st != TMU_OK && strncmp(diag.message, want, strlen(want)) == 0)
                ok[g]++;
            else
                fprintf(stderr, "asm %s '%s': want error '%s', got %s '%s'\n", col[0], col[1],
                        want, st == TMU_OK ? "success" : "error", st == TMU_OK ? "" : diag.message);
            continue;
        }
        uint32_t want[TMU_GCN_MAX_DWORDS], got[TMU_GCN_MAX_DWORDS];
        unsigned n = parse_dwords(col[2], want, TMU_GCN_MAX_DWORDS), glen = 0;
        assert_true(n >= 2);
        if (st == TMU_OK && tmu_gcn_encode_dwords(&inst, got, &glen, &diag) == TMU_OK &&
            glen == n && memcmp(got, want, n * sizeof want[0]) == 0)
            ok[g]++;
        else
            fprintf(stderr, "asm %s '%s': want %s, got %s\n", col[0], col[1], col[2],
                    st == TMU_OK ? "other dwords" : diag.message);
        /* the disassembler's view of those dwords */
        disasm_rows++;
        unsigned used = 0;
        int k = tmu_gcn_disasm_dwords(gen, want, n, &used, TMU_GCN_SYNTAX_LLVM, text, sizeof text,
                                      &diag);
        if (strcmp(col[4], "INVALID") == 0 ? k < 0 : (k > 0 && strcmp(text, col[4]) == 0))
            disasm_ok++;
        else
            fprintf(stderr, "disasm %s %s: want '%s', got '%s'\n", col[0], col[2], col[4],
                    k > 0 ? text : diag.message);
    }
    fclose(fp);
    unsigned all = 0, all_ok = 0;
    static const char *const names[3] = {"gfx10", "gfx10.3", "gfx11"};
    for (int g = 0; g < 3; g++) {
        printf("rdna asm vectors %-7s: %u/%u agree\n", names[g], ok[g], rows[g]);
        all += rows[g];
        all_ok += ok[g];
    }
    printf("rdna asm vectors: %u/%u agree (%u error rows), %u/%u disassemble as llvm-mc 16\n",
           all_ok, all, errors, disasm_ok, disasm_rows);
    assert_int_equal(all_ok, all);
    assert_int_equal(disasm_ok, disasm_rows);
    if (!ps->assembler)
        assert_int_equal(all, 261);
}

int main(int argc, char **argv)
{
    static paths ps;
    ps.disasm = argc > 1 ? argv[1] : NULL;
    ps.assembler = argc > 2 ? argv[2] : NULL;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_prestate(test_disasm_vectors, &ps),
        cmocka_unit_test_prestate(test_asm_vectors, &ps),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
