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

static const char *g_path;

/* What the intrinsic's name says: "llvm.amdgcn.image.sample.c.d.o.2d.v4f32.f16.f32" ->
 * mnemonic "image_sample_c_d_o_g16", a16 false (float coordinates), d16 false. */
typedef struct {
    char mnemonic[640];
    bool a16, d16;
} intrinsic_facts;

static int facts_of(const char *intr, intrinsic_facts *out)
{
    static const char *const dims[] = {"1d", "2d", "3d", "cube", "1darray", "2darray", "2dmsaa",
                                       "2darraymsaa"};
    const char *prefix = "llvm.amdgcn.image.";
    if (strncmp(intr, prefix, strlen(prefix)))
        return -1;
    char parts[16][24];
    unsigned n = 0;
    for (const char *p = intr + strlen(prefix); *p && n < 16; n++) {
        size_t len = strcspn(p, ".");
        if (len >= sizeof parts[0])
            return -1;
        memcpy(parts[n], p, len);
        parts[n][len] = 0;
        p += len + (p[len] == '.');
    }
    unsigned d = n;
    for (unsigned i = 0; i < n && d == n; i++)
        for (size_t k = 0; k < sizeof dims / sizeof dims[0]; k++)
            if (!strcmp(parts[i], dims[k]))
                d = i;
    if (d == 0 || d + 2 >= n + 1 || d + 1 >= n)
        return -1;
    /* parts[0..d-1]: the operation; parts[d+1]: data type; the rest: address types */
    bool grad = false;
    char base[512] = "";
    for (unsigned i = 0; i < d; i++) {
        grad |= !strcmp(parts[i], "d") || !strcmp(parts[i], "cd");
        const char *w = parts[i];
        if (!strcmp(w, "getlod"))
            w = "get_lod";
        else if (!strcmp(w, "getresinfo"))
            w = "get_resinfo";
        snprintf(base + strlen(base), sizeof base - strlen(base), "%s%s", i ? "_" : "", w);
    }
    const char *last = parts[n - 1];
    out->a16 = !strcmp(last, "f16") || !strcmp(last, "i16");
    out->d16 = strstr(parts[d + 1], "f16") != NULL;
    /* derivative forms: the first address type is the derivatives' */
    bool g16 = grad && d + 2 < n && !strcmp(parts[d + 2], "f16");
    snprintf(out->mnemonic, sizeof out->mnemonic, "image_%s%s", base, g16 ? "_g16" : "");
    return 0;
}

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
        char *field[6];
        char *p = line;
        for (int i = 0; i < 6; i++) {
            field[i] = p;
            p = strchr(p, '\t');
            if (!p && i < 5)
                fail_msg("%s:%u: %d fields, want 6", g_path, lineno, i + 1);
            if (p)
                *p++ = 0;
        }
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
        if (facts_of(field[1], &want))
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
        /* tmu's arguments in each address VGPR: one, or "low|high" */
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
        bool nsa = mi.f[TMU_GCN_F_NSA] != 0;
        unsigned k = 0;
        for (char *tok = strtok(field[4], ","); tok; tok = strtok(NULL, ","), k++) {
            if (k < l.vgprs) {
                if (strcmp(tok, tmu_role[k]))
                    fail_msg("%s %s (%s): address VGPR %u holds %s for llc, %s for tmu", field[0], field[1],
                             field[2], k, tok, tmu_role[k]);
                regs++;
            } else if (nsa || strcmp(tok, "-")) {
                fail_msg("%s %s (%s): llc has %s as address VGPR %u, past tmu's %u", field[0], field[1],
                         field[2], tok, k, l.vgprs);
            }
        }
        if (k < l.vgprs)
            fail_msg("%s %s (%s): llc's address has %u VGPRs, tmu needs %u", field[0], field[1], field[2], k,
                     l.vgprs);
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
