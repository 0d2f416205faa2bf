/* Operand roles against LLVM: tests/data/gcn-llc-roles.tsv holds, for every llvm.amdgcn.image.*
 * intrinsic variant the executor covers and every dimension, the MIMG word llc-14 emitted and the
 * intrinsic argument each of its VADDR registers holds (tests/gcn/gen_llc_roles.py made it; ctest
 * does not need llc).  tmu's VADDR layout for the decoded word and the intrinsic's image type must
 * put the same argument in every register (with A16 on gfx9, the same pair of 16-bit arguments,
 * low half first), and the decoded opcode must be the intrinsic's. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "tmu/gcn.h"
#include "test_data.h"

/* "llvm.amdgcn.image.sample.c.d.o.2d.v4f32.f32" -> "image_sample_c_d_o" */
static void mnemonic_of(const char *intr, char *out, size_t size)
{
    const char *p = intr + strlen("llvm.amdgcn.image.");
    static const char *const dims[] = {".1d.", ".2d.", ".3d.", ".cube.", ".1darray.", ".2darray.",
                                       ".2dmsaa.", ".2darraymsaa."};
    const char *end = NULL;
    for (size_t i = 0; i < sizeof dims / sizeof dims[0]; i++) {
        const char *e = strstr(p, dims[i]);
        if (e && (!end || e < end))
            end = e;
    }
    size_t n = end ? (size_t)(end - p) : strlen(p);
    char base[64];
    snprintf(base, sizeof base, "%.*s", (int)n, p);
    for (char *c = base; *c; c++)
        if (*c == '.')
            *c = '_';
    if (!strcmp(base, "getlod"))
        snprintf(base, sizeof base, "get_lod");
    else if (!strcmp(base, "getresinfo"))
        snprintf(base, sizeof base, "get_resinfo");
    snprintf(out, size, "image_%s", base);
}

static void test_llc_roles(void **state)
{
    (void)state;
    char path[1024];
    FILE *f = tmu_test_data_open("gcn-llc-roles.tsv", path, sizeof path);
    if (!f)
        fail_msg("cannot open %s", path);
    static char line[1 << 16];
    unsigned rows = 0, regs = 0, a16_rows = 0, per_gen[TMU_GCN_GEN_COUNT] = {0};
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#' || line[0] == '\n')
            continue;
        char *field[6];
        char *p = line;
        for (int i = 0; i < 6; i++) {
            field[i] = p;
            p = strchr(p, '\t');
            if (!p && i < 5)
                fail_msg("row %u: %d fields", rows + 1, i + 1);
            if (p)
                *p++ = 0;
        }
        tmu_gcn_gen gen;
        assert_int_equal(tmu_gcn_gen_from_name(field[0], &gen), TMU_OK);
        tmu_gcn_image_type type;
        assert_int_equal(tmu_gcn_image_type_from_name(field[2], &type), TMU_OK);
        uint64_t word = strtoull(field[3], NULL, 16);
        tmu_gcn_mimg mi;
        tmu_diag d;
        if (tmu_gcn_decode(gen, word, &mi, &d) != TMU_OK)
            fail_msg("%s %s: 0x%016llx does not decode: %s", field[0], field[1], (unsigned long long)word, d.message);
        char want[80];
        mnemonic_of(field[1], want, sizeof want);
        if (strcmp(mi.op->name, want))
            fail_msg("%s %s: decodes as %s, not %s", field[0], field[1], mi.op->name, want);
        tmu_gcn_vaddr_layout l;
        bool a16 = gen == TMU_GCN_GFX9 && mi.f[TMU_GCN_F_A16];
        assert_int_equal(tmu_gcn_vaddr_layout_get(gen, mi.op, type, a16, &l, &d), TMU_OK);
        /* tmu's components in each VADDR register: one, or with A16 "low|high" when two 16-bit
         * components share it */
        char tmu_role[TMU_GCN_MAX_ADDR][48];
        for (unsigned i = 0; i < l.vgprs; i++)
            snprintf(tmu_role[i], sizeof tmu_role[i], "?");
        for (int h = 0; h < 2; h++)
            for (unsigned i = 0; i < l.count; i++) {
                if (l.half[i] != h)
                    continue;
                const char *name = tmu_gcn_addr_comp_name((tmu_gcn_addr_comp)l.comp[i]);
                char *r = tmu_role[l.dword[i]];
                if (h == 0 || !strcmp(r, "?"))
                    snprintf(r, 48, "%s%s", h ? "?|" : "", name);
                else
                    snprintf(r + strlen(r), 48 - strlen(r), "|%s", name);
            }
        unsigned k = 0;
        for (char *tok = strtok(field[4], ","); tok; tok = strtok(NULL, ","), k++) {
            if (k < l.vgprs) {
                if (strcmp(tok, tmu_role[k]))
                    fail_msg("%s %s (%s): VADDR+%u holds %s for llc, %s for tmu", field[0], field[1], field[2],
                             k, tok, tmu_role[k]);
                regs++;
            } else if (strcmp(tok, "-")) {
                fail_msg("%s %s (%s): llc puts %s in VADDR+%u, past tmu's %u registers", field[0], field[1],
                         field[2], tok, k, l.vgprs);
            }
        }
        if (k < l.vgprs)
            fail_msg("%s %s (%s): llc's VADDR has %u registers, tmu needs %u", field[0], field[1], field[2], k,
                     l.vgprs);
        per_gen[gen]++;
        a16_rows += gen == TMU_GCN_GFX9 && mi.f[TMU_GCN_F_A16];
        rows++;
    }
    fclose(f);
    assert_true(rows >= 2200 && a16_rows >= 340);
    printf("llc-14 roles: %u words (gfx6 %u, gfx7 %u, gfx8 %u, gfx9 %u, of which A16 %u), %u VADDR registers "
           "agree\n", rows, per_gen[TMU_GCN_GFX6], per_gen[TMU_GCN_GFX7], per_gen[TMU_GCN_GFX8],
           per_gen[TMU_GCN_GFX9], a16_rows, regs);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_llc_roles)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
