/* Operand roles against LLVM: tests/data/gcn-llc-roles.tsv holds, for every llvm.amdgcn.image.*
 * intrinsic variant the executor covers and every dimension, the MIMG word llc-14 emitted and the
 * intrinsic argument each of its VADDR registers holds (tests/gcn/gen_llc_roles.py made it; ctest
 * does not need llc).  tmu's VADDR layout for the decoded word and the intrinsic's image type must
 * put the same argument in every register (with A16 on gfx9, the same pair of 16-bit arguments,
 * low half first), and the decoded opcode must be the intrinsic's.  `test_gcn_llc_roles FILE` checks
 * another file of the same format (a fresh one from gen_llc_roles.py) alike. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "tmu/gcn.h"
#include "llc_roles.h"
#include "test_data.h"

static const char *roles_file; /* the command line's file, or NULL: tests/data/gcn-llc-roles.tsv */

static void test_llc_roles(void **state)
{
    (void)state;
    char path[1024];
    FILE *f = tmu_test_file_open(roles_file, "gcn-llc-roles.tsv", path, sizeof path);
    if (!f)
        fail_msg("cannot open %s", path);
    static char line[1 << 16];
    unsigned rows = 0, regs = 0, a16_rows = 0, per_gen[TMU_GCN_GEN_COUNT] = {0};
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#' || line[0] == '\n')
            continue;
        char *field[6] = {0};
        int nf = roles_fields(line, field);
        if (nf < 6)
            fail_msg("row %u: %d fields", rows + 1, nf);
        tmu_gcn_gen gen;
        assert_int_equal(tmu_gcn_gen_from_name(field[0], &gen), TMU_OK);
        tmu_gcn_image_type type;
        assert_int_equal(tmu_gcn_image_type_from_name(field[2], &type), TMU_OK);
        uint64_t word = strtoull(field[3], NULL, 16);
        tmu_gcn_mimg mi;
        tmu_diag d;
        if (tmu_gcn_decode(gen, word, &mi, &d) != TMU_OK)
            fail_msg("%s %s: 0x%016llx does not decode: %s", field[0], field[1], (unsigned long long)word, d.message);
        intrinsic_facts want;
        if (facts_of(field[1], false, &want))
            fail_msg("%s %s: cannot read the intrinsic's name", field[0], field[1]);
        if (strcmp(mi.op->name, want.mnemonic))
            fail_msg("%s %s: decodes as %s, not %s", field[0], field[1], mi.op->name, want.mnemonic);
        tmu_gcn_vaddr_layout l;
        bool a16 = gen == TMU_GCN_GFX9 && mi.f[TMU_GCN_F_A16];
        assert_int_equal(tmu_gcn_vaddr_layout_get(gen, mi.op, type, a16, &l, &d), TMU_OK);
        char tmu_role[TMU_GCN_MAX_ADDR][48];
        tmu_roles(&l, tmu_role);
        regs += compare_roles(field, tmu_role, l.vgprs, false);
        per_gen[gen]++;
        a16_rows += gen == TMU_GCN_GFX9 && mi.f[TMU_GCN_F_A16];
        rows++;
    }
    fclose(f);
    if (roles_file)
        assert_true(rows > 0);
    else
        assert_true(rows >= 2200 && a16_rows >= 340);
    printf("llc-14 roles: %u words (gfx6 %u, gfx7 %u, gfx8 %u, gfx9 %u, of which A16 %u), %u VADDR registers "
           "agree\n", rows, per_gen[TMU_GCN_GFX6], per_gen[TMU_GCN_GFX7], per_gen[TMU_GCN_GFX8],
           per_gen[TMU_GCN_GFX9], a16_rows, regs);
}

int main(int argc, char **argv)
{
    if (argc > 2) {
        fprintf(stderr, "usage: test_gcn_llc_roles [FILE]\n");
        return 2;
    }
    roles_file = argc == 2 ? argv[1] : NULL;
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_llc_roles)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
