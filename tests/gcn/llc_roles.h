/* What test_gcn_llc_roles.c (llc-14, gfx6-9) and test_rdna_llc_roles.c (llc-16, RDNA) share when
 * they read a *-llc-roles.tsv row (made by gen_llc_roles.py / gen_rdna_llc_roles.py): the row's
 * fields, the opcode an intrinsic's name asks for, tmu's argument in each address VGPR and the
 * comparison with llc's.  A header of static functions for the two cmocka tests (include
 * <cmocka.h> first). */
#ifndef TMU_TEST_LLC_ROLES_H
#define TMU_TEST_LLC_ROLES_H

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "tmu/gcn.h"

/* Splits a TSV row in place into its 6 fields; returns how many it found (6 when whole). */
static int roles_fields(char *line, char *field[6])
{
    char *p = line;
    for (int i = 0; i < 6; i++) {
        field[i] = p;
        p = strchr(p, '\t');
        if (!p && i < 5)
            return i + 1;
        if (p)
            *p++ = 0;
    }
    return 6;
}

/* What the intrinsic's name says: "llvm.amdgcn.image.sample.c.d.o.2d.v4f32.f16.f32" ->
 * mnemonic "image_sample_c_d_o_g16" (with g16_opcodes, the RDNA ones: half derivatives and float
 * coordinates select the _g16 opcode), a16 false (float coordinates), d16 false. */
typedef struct {
    char mnemonic[640];
    bool a16, d16;
} intrinsic_facts;

static int facts_of(const char *intr, bool g16_opcodes, intrinsic_facts *out)
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
    bool g16 = g16_opcodes && grad && d + 2 < n && !strcmp(parts[d + 2], "f16");
    snprintf(out->mnemonic, sizeof out->mnemonic, "image_%s%s", base, g16 ? "_g16" : "");
    return 0;
}

/* tmu's arguments in each address VGPR of layout l: one, or "low|high" when two 16-bit
 * arguments share it ("?" where tmu puts none). */
static void tmu_roles(const tmu_gcn_vaddr_layout *l, char role[TMU_GCN_MAX_ADDR][48])
{
    for (unsigned i = 0; i < l->vgprs; i++)
        snprintf(role[i], 48, "?");
    for (int h = 0; h < 2; h++)
        for (unsigned i = 0; i < l->count; i++) {
            if (l->half[i] != h)
                continue;
            const char *name = tmu_gcn_addr_comp_name((tmu_gcn_addr_comp)l->comp[i]);
            char *r = role[l->dword[i]];
            if (h == 0 || !strcmp(r, "?"))
                snprintf(r, 48, "%s%s", h ? "?|" : "", name);
            else
                snprintf(r + strlen(r), 48 - strlen(r), "|%s", name);
        }
}

/* Compares llc's roles (field[4], comma-separated, consumed) with tmu's for the row `field`:
 * every one of tmu's vgprs VGPRs must hold the same argument; past them llc may only pad ("-"),
 * and not at all when no_padding.  Returns the VGPRs that agree (fails the test otherwise). */
static unsigned compare_roles(char *field[6], char role[TMU_GCN_MAX_ADDR][48], unsigned vgprs,
                              bool no_padding)
{
    unsigned k = 0, regs = 0;
    for (char *tok = strtok(field[4], ","); tok; tok = strtok(NULL, ","), k++) {
        if (k < vgprs) {
            if (strcmp(tok, role[k]))
                fail_msg("%s %s (%s): address VGPR %u holds %s for llc, %s for tmu", field[0],
                         field[1], field[2], k, tok, role[k]);
            regs++;
        } else if (no_padding || strcmp(tok, "-")) {
            fail_msg("%s %s (%s): llc has %s as address VGPR %u, past tmu's %u", field[0],
                     field[1], field[2], tok, k, vgprs);
        }
    }
    if (k < vgprs)
        fail_msg("%s %s (%s): llc's address has %u VGPRs, tmu needs %u", field[0], field[1],
                 field[2], k, vgprs);
    return regs;
}

#endif
