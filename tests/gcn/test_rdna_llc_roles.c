/* RDNA operand roles against LLVM: the file given as argv[1] (tests/data/rdna-llc-roles.tsv,
 * made by tests/gcn/gen_rdna_llc_roles.py with llc-16; ctest does not need llc) holds, for every
 * llvm.amdgcn.image.* intrinsic form llc-16 compiles for gfx1010, gfx1030 and gfx1100 and every
 * dimension, the instruction llc emitted (2 to 5 dwords) and the intrinsic argument each of its
 * address VGPRs holds (the VADDR range, or the NSA list in order; "lo|hi" for two 16-bit
 * arguments in one VGPR).  For each row the decoded instruction must be the intrinsic's opcode
 * (with _g16 when the derivatives are half), carry A16 exactly when the addresses are 16-bit and
 * D16 exactly when the data is, and tmu's address layout for it must put the same argument in
 * every address VGPR, with as many VGPRs as tmu_gcn_vaddr_count says. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "tmu/gcn.h"
#include "llc_roles.h"

static const char *g_path;

static void test_rdna_llc_roles(void **state)
{
    (void)state;
    FILE *f = fopen(g_path, "r");
    if (!f)
        fail_msg("cannot open %s", g_path);
    static char line[1 << 16];
    unsigned rows = 0, regs = 0, per_gen[TMU_GCN_GEN_ALL] = {0}, nsa_rows = 0, a16_rows = 0,
             g16_rows = 0, d16_rows = 0, lineno = 0;
    while (fgets(line, sizeof line, f)) {
        lineno++;
        if (line[0] == '#' || line[0] == '\n')
            continue;
        char *field[6] = {0};
        int nf = roles_fields(line, field);
        if (nf < 6)
            fail_msg("%s:%u: %d fields, want 6", g_path, lineno, nf);
        tmu_gcn_gen gen;
        if (tmu_gcn_gen_from_name(field[0], &gen) != TMU_OK || !TMU_GCN_GEN_IS_RDNA(gen))
            fail_msg("%s:%u: %s is not an RDNA generation", g_path, lineno, field[0]);
        tmu_gcn_image_type type;
        assert_int_equal(tmu_gcn_image_type_from_name(field[2], &type), TMU_OK);
        uint32_t dw[TMU_GCN_MAX_DWORDS];
        size_t ndw = 0;
        for (char *tok = strtok(field[3], " "); tok; tok = strtok(NULL, " ")) {
            if (ndw == TMU_GCN_MAX_DWORDS)
                fail_msg("%s:%u: more than %d dwords", g_path, lineno, TMU_GCN_MAX_DWORDS);
            dw[ndw++] = (uint32_t)strtoul(tok, NULL, 16);
        }
        intrinsic_facts want;
        if (facts_of(field[1], true, &want))
            fail_msg("%s:%u: cannot read intrinsic name %s", g_path, lineno, field[1]);
        tmu_gcn_mimg mi;
        tmu_diag d;
        unsigned len = 0;
        if (tmu_gcn_decode_dwords(gen, dw, ndw, &mi, &len, &d) != TMU_OK)
            fail_msg("%s %s: does not decode: %s", field[0], field[1], d.message);
        if (len != ndw)
            fail_msg("%s %s: llc emitted %zu dwords, tmu reads %u", field[0], field[1], ndw, len);
        if (strcmp(mi.op->name, want.mnemonic))
            fail_msg("%s %s: decodes as %s, not %s", field[0], field[1], mi.op->name, want.mnemonic);
        if ((mi.f[TMU_GCN_F_A16] != 0) != want.a16)
            fail_msg("%s %s: A16 = %u", field[0], field[1], mi.f[TMU_GCN_F_A16]);
        if ((mi.f[TMU_GCN_F_D16] != 0) != want.d16)
            fail_msg("%s %s: D16 = %u", field[0], field[1], mi.f[TMU_GCN_F_D16]);
        tmu_gcn_vaddr_layout l;
        if (tmu_gcn_vaddr_layout_get(gen, mi.op, type, want.a16, &l, &d) != TMU_OK)
            fail_msg("%s %s: no layout: %s", field[0], field[1], d.message);
        if (l.vgprs != tmu_gcn_vaddr_count(&mi))
            fail_msg("%s %s: layout has %u VGPRs, tmu_gcn_vaddr_count %u", field[0], field[1], l.vgprs,
                     tmu_gcn_vaddr_count(&mi));
        char tmu_role[TMU_GCN_MAX_ADDR][48];
        tmu_roles(&l, tmu_role);
        bool nsa = mi.f[TMU_GCN_F_NSA] != 0;
        regs += compare_roles(field, tmu_role, l.vgprs, nsa);
        per_gen[gen]++;
        nsa_rows += nsa;
        a16_rows += want.a16;
        g16_rows += (mi.op->flags & TMU_GCN_OPF_G16) != 0;
        d16_rows += want.d16;
        rows++;
    }
    fclose(f);
    printf("llc-16 roles: %u instructions (gfx10 %u, gfx10.3 %u, gfx11 %u; NSA %u, A16 %u, G16 %u, D16 %u), "
           "%u address VGPRs agree\n", rows, per_gen[TMU_GCN_GFX10], per_gen[TMU_GCN_GFX103],
           per_gen[TMU_GCN_GFX11], nsa_rows, a16_rows, g16_rows, d16_rows, regs);
    /* the file as generated: every family present on every generation */
    assert_true(per_gen[TMU_GCN_GFX10] >= 1400 && per_gen[TMU_GCN_GFX103] >= 1400 &&
                per_gen[TMU_GCN_GFX11] >= 1100);
    assert_true(nsa_rows >= 500 && a16_rows >= 1000 && g16_rows >= 300 && d16_rows >= 900);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s rdna-llc-roles.tsv\n", argv[0]);
        return 2;
    }
    g_path = argv[1];
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_rdna_llc_roles)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
