/* Translation to and from RDNA (gfx10, gfx10.3, gfx11), without an RDNA executor:
 *
 *   test_translate_rdna roles ROLES.tsv
 *     Every instruction llc-16 emitted for an llvm.amdgcn.image.* intrinsic
 *     (tests/data/rdna-llc-roles.tsv) is lifted with tmu_xl_lift_rdna; for each one the
 *     translator accepts, every operand slot must sit in the address VGPR where llc put the
 *     intrinsic argument of that meaning (coord0 = x, lod = lod / bias / mip, ref = zcompare,
 *     offsets = offset, derivatives = dsdh..., layer = slice ...), and every argument llc placed
 *     must be some slot's.  The refusals are counted by reason.
 *   test_translate_rdna emit FILE
 *     Every neutral op (kind x shape x level mode x compare x offsets x min-lod x residency x
 *     result type; gathers per component) is translated to gfx9 and to each RDNA generation.
 *     An RDNA program must be the gfx9 program step for step with each instruction the same
 *     opcode row on the RDNA generation and the op's DIM; its instructions are written to FILE
 *     as "GEN<TAB>DWORDS<TAB>TEXT" rows, which rdna_llvm_oracle.sh --check compares with
 *     llvm-mc 16 (strict: llvm-mc's text must be tmu's and re-assemble to the same dwords). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tmu/translate.h"

static int failures;
#define FAIL(...)                                                                                  \
    do {                                                                                           \
        if (failures++ < 20) {                                                                     \
            fprintf(stderr, "FAIL: ");                                                             \
            fprintf(stderr, __VA_ARGS__);                                                          \
            fputc('\n', stderr);                                                               \
        }                                                                                          \
    } while (0)

/* ---- roles --------------------------------------------------------------------------------- */

/* The llc argument names a slot may hold (tests/gcn/gen_rdna_llc_roles.py's names). */
static int slot_takes(tmu_xl_slot s, const char *role, tmu_dim dim)
{
    static const char *const names[TMU_XL_SLOT_COUNT][3] = {
        [TMU_XL_COORD0] = {"x"},        [TMU_XL_COORD1] = {"y"},   [TMU_XL_COORD2] = {"z", "face"},
        [TMU_XL_LAYER] = {"slice"},     [TMU_XL_SAMPLE] = {"fragid"},
        [TMU_XL_LOD] = {"lod", "bias", "mip"}, [TMU_XL_MIN_LOD] = {"clamp"},
        [TMU_XL_GX0] = {"dsdh"},        [TMU_XL_GX1] = {"dtdh"},   [TMU_XL_GX2] = {"drdh"},
        [TMU_XL_GY0] = {"dsdv"},        [TMU_XL_GY1] = {"dtdv"},   [TMU_XL_GY2] = {"drdv"},
        [TMU_XL_OFF0] = {"offset"},     [TMU_XL_OFF1] = {"offset"}, [TMU_XL_OFF2] = {"offset"},
        [TMU_XL_REF] = {"zcompare"},
    };
    if (s == TMU_XL_COORD2 && dim != TMU_DIM_3D && dim != TMU_DIM_CUBE && dim != TMU_DIM_CUBE_ARRAY)
        return 0;
    for (int i = 0; i < 3; i++)
        if (names[s][i] && !strcmp(names[s][i], role))
            return 1;
    return 0;
}

static int dim_of(const char *type, tmu_dim *out)
{
    static const struct {
        const char *name;
        tmu_dim dim;
    } map[] = {{"1d", TMU_DIM_1D},           {"2d", TMU_DIM_2D},           {"3d", TMU_DIM_3D},
               {"cube", TMU_DIM_CUBE},       {"1d_array", TMU_DIM_1D_ARRAY}, {"2d_array", TMU_DIM_2D_ARRAY},
               {"2d_msaa", TMU_DIM_2D_MS},   {"2d_msaa_array", TMU_DIM_2D_MS_ARRAY}};
    for (size_t i = 0; i < sizeof map / sizeof map[0]; i++)
        if (!strcmp(map[i].name, type)) {
            *out = map[i].dim;
            return 0;
        }
    return -1;
}

#define MAX_REASONS 24
static int roles(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "cannot open %s\n", path);
        return 1;
    }
    static char line[1 << 16];
    char reasons[MAX_REASONS][sizeof ((tmu_diag *)0)->message + 8];
    unsigned reason_n[MAX_REASONS] = {0}, nreasons = 0, rows = 0, lifted = 0, slots = 0, lineno = 0;
    unsigned per_gen[TMU_GCN_GEN_ALL] = {0};
    while (fgets(line, sizeof line, f)) {
        lineno++;
        if (line[0] == '#' || line[0] == '\n')
            continue;
        char *field[5], *p = line;
        for (int i = 0; i < 5; i++) {
            field[i] = p;
            p = p ? strchr(p, '\t') : NULL;
            if (!p && i < 4) {
                FAIL("%s:%u: too few fields", path, lineno);
                fclose(f);
                return 1;
            }
            if (p)
                *p++ = 0;
        }
        rows++;
        tmu_gcn_gen gen;
        tmu_dim dim;
        if (tmu_gcn_gen_from_name(field[0], &gen) != TMU_OK || dim_of(field[2], &dim)) {
            FAIL("%s:%u: bad generation or image type", path, lineno);
            continue;
        }
        uint32_t dw[TMU_GCN_MAX_DWORDS];
        size_t n = 0;
        for (char *t = strtok(field[3], " "); t && n < TMU_GCN_MAX_DWORDS; t = strtok(NULL, " "))
            dw[n++] = (uint32_t)strtoul(t, NULL, 16);
        char *role[TMU_GCN_MAX_ADDR];
        unsigned nrole = 0;
        for (char *t = strtok(field[4], ","); t && nrole < TMU_GCN_MAX_ADDR; t = strtok(NULL, ","))
            role[nrole++] = t;
        tmu_xl_source s;
        tmu_diag d;
        if (tmu_xl_lift_rdna(gen, dw, n, dim, TMU_RESULT_F32, &s, &d) != TMU_OK) {
            /* counted by reason, less the mnemonic it names first */
            const char *why = d.message;
            if (!strncmp(why, "image_", 6) && strstr(why, ": "))
                why = strstr(why, ": ") + 2;
            else if (!strncmp(why, "image_", 6) && strchr(why, ' '))
                why = strchr(why, ' ') + 1;
            unsigned k = 0;
            while (k < nreasons && strcmp(reasons[k], why))
                k++;
            if (k == nreasons && nreasons < MAX_REASONS)
                snprintf(reasons[nreasons++], sizeof reasons[0], "%s", why);
            if (k < MAX_REASONS)
                reason_n[k]++;
            continue;
        }
        /* the address VGPRs, in llc's order */
        tmu_gcn_mimg mi;
        if (tmu_gcn_decode_dwords(gen, dw, n, &mi, NULL, &d) != TMU_OK) {
            FAIL("%s %s: does not decode", field[0], field[1]);
            continue;
        }
        unsigned addr[TMU_GCN_MAX_ADDR], na = tmu_gcn_vaddr_count(&mi);
        for (unsigned k = 0; k < na && k < TMU_GCN_MAX_ADDR; k++)
            addr[k] = mi.f[TMU_GCN_F_NSA] ? (k ? mi.f[TMU_GCN_F_ADDR1 + k - 1] : mi.f[TMU_GCN_F_VADDR])
                                          : mi.f[TMU_GCN_F_VADDR] + k;
        unsigned claimed = 0;
        for (unsigned sl = 0; sl < TMU_XL_SLOT_COUNT; sl++) {
            const tmu_xl_loc *l = &s.in[sl];
            if (l->kind != TMU_XL_L_SRC)
                continue;
            unsigned k = 0;
            while (k < na && addr[k] != l->index)
                k++;
            if (k == na || k >= nrole) {
                FAIL("%s %s: slot %s in v%u, not an address VGPR", field[0], field[1],
                     tmu_xl_slot_name((tmu_xl_slot)sl), l->index);
                continue;
            }
            if (!slot_takes((tmu_xl_slot)sl, role[k], dim))
                FAIL("%s %s: slot %s is in v%u, which holds %s for llc", field[0], field[1],
                     tmu_xl_slot_name((tmu_xl_slot)sl), l->index, role[k]);
            claimed |= 1u << k;
            slots++;
        }
        for (unsigned k = 0; k < nrole && k < na; k++)
            if (strcmp(role[k], "-") && !(claimed >> k & 1))
                FAIL("%s %s: llc's %s (address %u) is no slot's", field[0], field[1], role[k], k);
        lifted++;
        per_gen[gen]++;
    }
    fclose(f);
    printf("llc-16 intrinsics: %u, lifted %u (gfx10 %u, gfx10.3 %u, gfx11 %u), %u operand slots in "
           "llc's VGPRs; refused:\n", rows, lifted, per_gen[TMU_GCN_GFX10], per_gen[TMU_GCN_GFX103],
           per_gen[TMU_GCN_GFX11], slots);
    for (unsigned k = 0; k < nreasons; k++)
        printf("  %5u  %s\n", reason_n[k], reasons[k]);
    if (lifted < 1400 || slots < 7000)
        FAIL("only %u instructions lifted, %u slots", lifted, slots);
    return failures != 0;
}

/* ---- emit ---------------------------------------------------------------------------------- */

static const tmu_gcn_gen rdna[3] = {TMU_GCN_GFX10, TMU_GCN_GFX103, TMU_GCN_GFX11};

/* Field by field (the structs have padding). */
static int loc_eq(const tmu_xl_loc *a, const tmu_xl_loc *b)
{
    return a->kind == b->kind && a->half == b->half && a->cls == b->cls && a->index == b->index &&
           a->imm == b->imm;
}
static int steps_eq(const tmu_xl_program *a, const tmu_xl_program *b)
{
    if (a->nsteps != b->nsteps || a->ninstr != b->ninstr)
        return 0;
    for (unsigned i = 0; i < a->nsteps; i++) {
        const tmu_xl_step *x = &a->step[i], *y = &b->step[i];
        if (x->kind != y->kind || x->op != y->op || x->slot != y->slot || x->instr != y->instr ||
            x->k != y->k || !loc_eq(&x->d, &y->d) || !loc_eq(&x->a, &y->a) || !loc_eq(&x->b, &y->b) ||
            !loc_eq(&x->c, &y->c))
            return 0;
    }
    return 1;
}

static int emit(const char *path)
{
    FILE *out = fopen(path, "w");
    if (!out) {
        fprintf(stderr, "cannot write %s\n", path);
        return 1;
    }
    static const tmu_op_kind kinds[] = {TMU_OP_SAMPLE, TMU_OP_GATHER, TMU_OP_FETCH, TMU_OP_QUERY_LOD,
                                        TMU_OP_QUERY_SIZE, TMU_OP_QUERY_LEVELS, TMU_OP_QUERY_SAMPLES};
    static tmu_xl_program p9, pr;
    unsigned ops = 0, gfx9_ok = 0, ok[3] = {0}, refused[3] = {0}, lines = 0;
    for (size_t ki = 0; ki < sizeof kinds / sizeof kinds[0]; ki++)
        for (int dim = 0; dim < TMU_DIM_COUNT; dim++)
            for (int lm = 0; lm <= TMU_LEVEL_GRAD; lm++)
                for (int bits = 0; bits < 16; bits++)
                    for (int rt = 0; rt < 2; rt++)
                        for (int comp = 0; comp < (kinds[ki] == TMU_OP_GATHER ? 4 : 1); comp++) {
                            tmu_op op;
                            memset(&op, 0, sizeof op);
                            op.kind = kinds[ki];
                            op.dim = (tmu_dim)dim;
                            op.level_mode = (tmu_level_mode)lm;
                            op.compare = bits & 1;
                            op.has_offset = (bits >> 1) & 1;
                            op.has_min_lod = (bits >> 2) & 1;
                            op.want_residency = (bits >> 3) & 1;
                            op.result = rt ? TMU_RESULT_F16 : TMU_RESULT_F32;
                            op.component = (uint8_t)comp;
                            tmu_xl_source s;
                            tmu_diag d;
                            if (tmu_xl_source_neutral(&op, 0xf, &s) != TMU_OK)
                                continue;
                            ops++;
                            tmu_xl_arch a9 = {TMU_XL_GCN, TMU_GCN_GFX9};
                            int have9 = tmu_xl_translate(&s, a9, &p9, &d) == TMU_OK;
                            gfx9_ok += have9;
                            for (int g = 0; g < 3; g++) {
                                tmu_xl_arch ar = {TMU_XL_GCN, rdna[g]};
                                if (tmu_xl_translate(&s, ar, &pr, &d) != TMU_OK) {
                                    refused[g] += have9;
                                    /* what gfx9 translates, RDNA refuses only for an opcode the
                                     * generation lacks or llvm-mc 16's missing gather4 D16 + TFE */
                                    if (have9 && !strstr(d.message, "opcode") &&
                                        !(strstr(d.message, "image_gather4") && strstr(d.message, "D16 and TFE")))
                                        FAIL("op %u: %s refuses what gfx9 translates: %s", ops,
                                             tmu_gcn_gen_name(rdna[g]), d.message);
                                    continue;
                                }
                                ok[g]++;
                                if (!have9) {
                                    FAIL("op %u: %s translates, gfx9 does not", ops, tmu_gcn_gen_name(rdna[g]));
                                    continue;
                                }
                                if (!steps_eq(&pr, &p9))
                                    FAIL("op %u: the %s program is not gfx9's (%u/%u steps, %u/%u instructions)", ops,
                                         tmu_gcn_gen_name(rdna[g]), pr.nsteps, p9.nsteps, pr.ninstr, p9.ninstr);
                                for (unsigned i = 0; i < pr.ninstr; i++) {
                                    tmu_gcn_mimg m9, mr;
                                    uint32_t dw[2] = {(uint32_t)pr.instr[i].word, (uint32_t)(pr.instr[i].word >> 32)};
                                    if (tmu_gcn_decode(TMU_GCN_GFX9, p9.instr[i].word, &m9, &d) != TMU_OK ||
                                        tmu_gcn_decode_dwords(rdna[g], dw, 2, &mr, NULL, &d) != TMU_OK) {
                                        FAIL("op %u: %s instruction %u does not decode: %s", ops,
                                             tmu_gcn_gen_name(rdna[g]), i, d.message);
                                        continue;
                                    }
                                    if (m9.op != mr.op || mr.f[TMU_GCN_F_VADDR] != m9.f[TMU_GCN_F_VADDR] ||
                                        mr.f[TMU_GCN_F_VDATA] != m9.f[TMU_GCN_F_VDATA] ||
                                        mr.f[TMU_GCN_F_DMASK] != m9.f[TMU_GCN_F_DMASK] ||
                                        mr.f[TMU_GCN_F_TFE] != m9.f[TMU_GCN_F_TFE] ||
                                        mr.f[TMU_GCN_F_D16] != m9.f[TMU_GCN_F_D16])
                                        FAIL("op %u: %s instruction %u is not gfx9's %s", ops,
                                             tmu_gcn_gen_name(rdna[g]), i, m9.op->name);
                                    fprintf(out, "%s\t0x%08x 0x%08x\t%s\n", tmu_gcn_gen_name(rdna[g]), dw[0], dw[1],
                                            pr.instr[i].text);
                                    lines++;
                                }
                            }
                        }
    fclose(out);
    printf("%u neutral ops, %u translate to gfx9; gfx10 %u, gfx10.3 %u, gfx11 %u (refused where gfx9 "
           "translates: %u, %u, %u); %u RDNA instructions written\n",
           ops, gfx9_ok, ok[0], ok[1], ok[2], refused[0], refused[1], refused[2], lines);
    if (ok[0] < 2000 || ok[1] < 2000 || ok[2] < 1800)
        FAIL("too few translations");
    return failures != 0;
}

int main(int argc, char **argv)
{
    if (argc == 3 && !strcmp(argv[1], "roles"))
        return roles(argv[2]);
    if (argc == 3 && !strcmp(argv[1], "emit"))
        return emit(argv[2]);
    fprintf(stderr, "usage: %s roles ROLES.tsv | emit FILE\n", argv[0]);
    return 2;
}
