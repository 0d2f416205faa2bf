/* GCN MIMG decode, validation and encode: loops over the field table, then the validity
 * rules.  The rules reproduce llvm-mc 14's verdicts (its disassembler followed by its
 * assembler, as shared/tools/gcn_llvm_oracle.sh --strict does):
 *   1. bits 26-31 must be 0b111100 (MIMG);
 *   2. bit 0 (LLVM's opcode bit 7) must be 0;
 *   3. the opcode must be defined on the generation (atomics renumbered on gfx8);
 *   4. D16 (bit 63) only on gfx8+, and not on _pck forms, atomics, get_resinfo, get_lod;
 *   5. SSAMP must be 0 unless the opcode takes a sampler (sample, gather4, get_lod);
 *   6. gather4: DMASK has exactly one bit; atomics: DMASK 0x1 or 0x3 (cmpswap 0x3 or 0xf),
 *      with TFE 0x1 only (cmpswap too: llvm-mc 14 accepts it as the 2-register form); gather4
 *      with D16 and TFE on a packed-D16 target (gfx8.1, gfx9) is INVALID: llvm-mc 14 decodes it
 *      but has no form to re-assemble it in any VDATA size (docs/gcn-mimg.md §3.6);
 *   7. SRSRC (8 SGPRs) and SSAMP (4 SGPRs) name registers that exist on the generation;
 *   8. VDATA and the VADDR range llvm-mc prints do not run past v255 (gather4 VDATA is
 *      checked as 4 registers even with packed D16, as llvm-mc's decoder does).
 * Bits 1-7 and 58-62 are ignored (kept in the struct so encode reproduces the word).
 * The per-opcode parts of rules 4-8 come from the facts tables.c derives from each opcode row
 * (tables.h: TMU_GCN_D16_OK, TMU_GCN_CLS_SAMPLER, TMU_GCN_DMASK_OK, ...).  decode and validate
 * first evaluate all rules at once with tmu_gcn_fast_ok (fast.h) and only walk them in order,
 * for the reason, when that says the word is invalid.
 *
 * RDNA (gfx10, gfx10.3, gfx11) instructions follow llvm-mc 16 in strict mode (decode, then
 * re-assemble to the same dwords): the rules of reference/rdna-mimg.md section 9, in its order,
 * in tmu_gcn_rdna_check below. */
#include "gcn/fast.h"

#include <stdio.h>
#include <string.h>

void tmu_gcn_mimg_init(tmu_gcn_mimg *inst, tmu_gcn_gen gen, const tmu_gcn_opcode_info *op)
{
    for (unsigned i = 0; i < TMU_GCN_F_ALL; i++)
        inst->f[i] = 0;
    inst->gen = gen;
    inst->op = op;
    inst->f[TMU_GCN_F_ENCODING] = 0x3c;
    if (op && (unsigned)gen < TMU_GCN_GEN_ALL && op->op[gen] != TMU_GCN_NO_OP) {
        unsigned w = tmu_gcn_fields[tmu_gcn_gens[gen].layout][TMU_GCN_F_OPCODE].width;
        inst->f[TMU_GCN_F_OPCODE] = op->op[gen] & ((1u << w) - 1);
        inst->f[TMU_GCN_F_OP7] = op->op[gen] >> w; /* gfx10/10.3: the 8th opcode bit (OPM) */
    }
}

static unsigned popcount4(unsigned v)
{
    return (v & 1) + ((v >> 1) & 1) + ((v >> 2) & 1) + ((v >> 3) & 1);
}

/* Whether an RDNA opcode row returns four texels like gather4 (gfx11 image_msaa_load too). */
static bool gather_like(tmu_gcn_gen gen, const tmu_gcn_opcode_info *op)
{
    return op && tmu_gcn_rdna_gather_like(gen, op);
}

unsigned tmu_gcn_vdata_count(const tmu_gcn_mimg *inst)
{
    unsigned n;
    const tmu_gcn_opcode_info *op = inst->op;
    if (op && op->cls == TMU_GCN_CLASS_BVH)
        return 4;
    if (gather_like(inst->gen, op))
        n = 4;
    else
        n = popcount4(inst->f[TMU_GCN_F_DMASK]);
    if (n == 0)
        n = 1;
    if (inst->f[TMU_GCN_F_D16] && (unsigned)inst->gen < TMU_GCN_GEN_ALL &&
        tmu_gcn_gen_info_get(inst->gen)->d16_packed)
        n = (n + 1) / 2;
    return n + (inst->f[TMU_GCN_F_TFE] ? 1u : 0u);
}

unsigned tmu_gcn_inst_dwords(tmu_gcn_gen gen, uint32_t dword0)
{
    if ((unsigned)gen >= TMU_GCN_GEN_ALL)
        return 0;
    return tmu_gcn_inst_len(gen, dword0);
}

/* Address VGPRs of an RDNA instruction (row ri - 1): the derived table by DIM and A16. */
static unsigned rdna_addr_count(const uint32_t *f, unsigned ri)
{
    return tmu_gcn_row_fasts[ri - 1].addr_n[(f[TMU_GCN_F_DIM] & 7) * 2 + (f[TMU_GCN_F_A16] & 1)];
}

unsigned tmu_gcn_vaddr_count(const tmu_gcn_mimg *inst)
{
    if (!inst || !inst->op || (unsigned)inst->gen >= TMU_GCN_GEN_ALL)
        return 0;
    if (!TMU_GCN_GEN_IS_RDNA(inst->gen))
        return TMU_GCN_VADDR_MIN(inst->op->flags);
    size_t nrows;
    const tmu_gcn_opcode_info *rows = tmu_gcn_opcodes(&nrows);
    if (inst->op < rows || inst->op >= rows + nrows)
        return 0;
    return rdna_addr_count(inst->f, (unsigned)(inst->op - rows) + 1);
}

/* The SGPR tuple a SRSRC / SSAMP value names, for messages: "s[8:15]". */
static const char *sgpr_text(char *buf, size_t size, unsigned v, unsigned count)
{
    snprintf(buf, size, "s[%u:%u]", 4 * v, 4 * v + count - 1);
    return buf;
}

/* The last rules of an RDNA instruction with n addresses, `name` its mnemonic: with NSA
 * (nsa dwords), the bytes past the n addresses are 0; without, the n VGPRs from VADDR end by
 * v255.  TMU_OK (diag cleared) when they hold, else st. */
static tmu_status check_addr_regs(const uint32_t *f, unsigned n, unsigned nsa, const char *name,
                                  tmu_status st, tmu_diag *diag)
{
    if (nsa) {
        for (unsigned k = n; k <= 4 * nsa; k++)
            if (f[TMU_GCN_F_ADDR1 + k - 1])
                return tmu_diag_set(diag, st, 0, 0, 64 + 8 * (k - 1),
                                    "NSA byte ADDR%u is 0x%02x but unused (must be 0)", k,
                                    f[TMU_GCN_F_ADDR1 + k - 1]);
    } else if (f[TMU_GCN_F_VADDR] + n > 256) {
        return tmu_diag_set(diag, st, 0, 0, 32,
                            "VADDR v%u: the %u address registers of %s run past v255",
                            f[TMU_GCN_F_VADDR], n, name);
    }
    tmu_diag_clear(diag);
    return TMU_OK;
}

/* BVH (image_bvh*_intersect_ray): a fixed form (reference/rdna-mimg.md section 7). */
static tmu_status rdna_check_bvh(const tmu_gcn_mimg *inst, tmu_status st, tmu_diag *diag)
{
    static const struct {
        uint8_t field, value;
    } fixed[] = {
        {TMU_GCN_F_DIM, 0},     {TMU_GCN_F_DMASK, 0xf}, {TMU_GCN_F_UNORM, 1},
        {TMU_GCN_F_R128, 1},    {TMU_GCN_F_GLC, 0},     {TMU_GCN_F_SLC, 0},
        {TMU_GCN_F_DLC, 0},     {TMU_GCN_F_TFE, 0},     {TMU_GCN_F_LWE, 0},
        {TMU_GCN_F_D16, 0},     {TMU_GCN_F_SSAMP, 0},   {TMU_GCN_F_IGN_LO, 0},
        {TMU_GCN_F_IGN_MID, 0}, {TMU_GCN_F_IGN_HI, 0},  {TMU_GCN_F_IGN_TOP, 0},
    };
    const uint32_t *f = inst->f;
    const tmu_gcn_gen_info *g = tmu_gcn_gen_info_get(inst->gen);
    const tmu_gcn_field_info *rows = tmu_gcn_fields[g->layout];
    const char *name = inst->op->name;
    for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++)
        if (f[fixed[i].field] != fixed[i].value)
            return tmu_diag_set(diag, st, 0, 0, rows[fixed[i].field].lo,
                                "%s has a fixed form: %s must be %u, not %u", name,
                                rows[fixed[i].field].name, fixed[i].value, f[fixed[i].field]);
    if (f[TMU_GCN_F_VDATA] > 252)
        return tmu_diag_set(diag, st, 0, 0, 40, "VDATA v%u with 4 registers runs past v255",
                            f[TMU_GCN_F_VDATA]);
    char t[24];
    if (!((g->ssamp_ok >> f[TMU_GCN_F_SRSRC]) & 1))
        return tmu_diag_set(diag, st, 0, 0, 48,
                            "SRSRC %u names %s, which are not 4 usable SGPRs on %s",
                            f[TMU_GCN_F_SRSRC], sgpr_text(t, sizeof t, f[TMU_GCN_F_SRSRC], 4), g->name);
    unsigned a16 = f[TMU_GCN_F_A16], is64 = (inst->op->flags & TMU_GCN_OPF_BVH64) != 0;
    unsigned nsa = f[TMU_GCN_F_NSA];
    if (nsa && inst->gen == TMU_GCN_GFX11) {
        /* groups: node pointer (1, bvh64 2), ray extent, origin (3), direction (3), inverse
         * direction (3); with A16 direction and inverse direction packed into 3 */
        const uint8_t sizes[5] = {(uint8_t)(1 + is64), 1, 3, 3, 3};
        unsigned ngroups = 5 - a16;
        for (unsigned k = 0; k < 5; k++) {
            unsigned reg = k ? f[TMU_GCN_F_ADDR1 + k - 1] : f[TMU_GCN_F_VADDR];
            if (k >= ngroups) {
                if (reg)
                    return tmu_diag_set(diag, st, 0, 0, 64 + 8 * (k - 1),
                                        "NSA byte ADDR%u is 0x%02x but %s has only %u address "
                                        "groups (must be 0)", k, reg, name, ngroups);
            } else if (reg + sizes[k] > 256) {
                return tmu_diag_set(diag, st, 0, 0, k ? 64 + 8 * (k - 1) : 32,
                                    "address group %u (v%u, %u VGPRs) runs past v255", k, reg,
                                    sizes[k]);
            }
        }
        tmu_diag_clear(diag);
        return TMU_OK;
    }
    unsigned n = (is64 ? 12u : 11u) - 3u * a16;
    if (nsa && (n + 2) / 4 != nsa)
        return tmu_diag_set(diag, st, 0, 0, 1,
                            "NSA is %u dwords but %u addresses need %u", nsa, n, (n + 2) / 4);
    return check_addr_regs(f, n, nsa, name, st, diag);
}

tmu_status tmu_gcn_rdna_check(const tmu_gcn_mimg *inst, unsigned ri, tmu_status st,
                              tmu_diag *diag)
{
    const uint32_t *f = inst->f;
    tmu_gcn_gen gen = inst->gen;
    const tmu_gcn_gen_info *g = tmu_gcn_gen_info_get(gen);
    const tmu_gcn_field_info *rows = tmu_gcn_fields[g->layout];
    if (f[TMU_GCN_F_ENCODING] != 0x3c)
        return tmu_diag_set(diag, st, 0, 0, 26,
                            "ENCODING (bits 26-31) is 0x%02x, not 0x3c: not a MIMG word",
                            f[TMU_GCN_F_ENCODING]);
    unsigned opc = f[TMU_GCN_F_OPCODE] | f[TMU_GCN_F_OP7] << 7;
    const tmu_gcn_opcode_info *op = inst->op;
    if (!op || !ri || op->op[gen] != opc)
        return tmu_diag_set(diag, st, 0, 0, 18, "opcode 0x%02x is not defined on %s", opc,
                            g->name);
    if (op->cls == TMU_GCN_CLASS_BVH)
        return rdna_check_bvh(inst, st, diag);
    static const uint8_t ignored[4] = {TMU_GCN_F_IGN_LO, TMU_GCN_F_IGN_MID, TMU_GCN_F_IGN_HI,
                                       TMU_GCN_F_IGN_TOP};
    for (unsigned i = 0; i < 4; i++)
        if (f[ignored[i]]) {
            const tmu_gcn_field_info *fi = &rows[ignored[i]];
            unsigned bit = fi->lo;
            while (!((f[ignored[i]] >> (bit - fi->lo)) & 1))
                bit++;
            return tmu_diag_set(diag, st, 0, 0, bit,
                                "bit %u is set: llvm-mc 16 ignores it and re-encodes 0 (%s)", bit,
                                fi->name);
        }
    const tmu_gcn_row_fast *rf = &tmu_gcn_row_fasts[ri - 1];
    if (f[TMU_GCN_F_SSAMP] && !rf->sampler)
        return tmu_diag_set(diag, st, 0, 0, rows[TMU_GCN_F_SSAMP].lo,
                            "SSAMP is %u but %s takes no sampler (must be 0)", f[TMU_GCN_F_SSAMP],
                            op->name);
    unsigned dmask = f[TMU_GCN_F_DMASK];
    bool gl = gather_like(gen, op);
    if (gl && (dmask == 0 || (dmask & (dmask - 1))))
        return tmu_diag_set(diag, st, 0, 0, 8,
                            "DMASK 0x%x: %s needs exactly one DMASK bit (the channel)", dmask,
                            op->cls == TMU_GCN_CLASS_GATHER ? "gather4" : op->name);
    if (!(((rf->rdna_dmask_ok[0] | rf->rdna_dmask_ok[1]) >> dmask) & 1))
        return tmu_diag_set(diag, st, 0, 0, 8, "DMASK 0x%x is not a valid atomic DMASK (%s)",
                            dmask, (op->flags & TMU_GCN_OPF_CMPSWAP) ? "0x3 or 0xf; 0x1 with TFE"
                                                                     : "0x1 or 0x3");
    char t[24];
    if (!((g->srsrc_ok >> f[TMU_GCN_F_SRSRC]) & 1))
        return tmu_diag_set(diag, st, 0, 0, 48,
                            "SRSRC %u names %s, which are not 8 usable SGPRs on %s",
                            f[TMU_GCN_F_SRSRC], sgpr_text(t, sizeof t, f[TMU_GCN_F_SRSRC], 8),
                            g->name);
    if (rf->sampler && !((g->ssamp_ok >> f[TMU_GCN_F_SSAMP]) & 1))
        return tmu_diag_set(diag, st, 0, 0, rows[TMU_GCN_F_SSAMP].lo,
                            "SSAMP %u names %s, which are not 4 usable SGPRs on %s",
                            f[TMU_GCN_F_SSAMP], sgpr_text(t, sizeof t, f[TMU_GCN_F_SSAMP], 4),
                            g->name);
    unsigned dim = f[TMU_GCN_F_DIM];
    if ((op->flags & TMU_GCN_OPF_MSAA) && dim < 6)
        return tmu_diag_set(diag, st, 0, 0, rows[TMU_GCN_F_DIM].lo,
                            "%s needs an MSAA DIM (6 or 7), not %s", op->name,
                            tmu_gcn_dim_name(dim));
    if (f[TMU_GCN_F_D16] && !rf->d16_ok)
        return tmu_diag_set(diag, st, 0, 0, rows[TMU_GCN_F_D16].lo,
                            "D16 is not allowed on %s", op->name);
    if (!((rf->rdna_dmask_ok[f[TMU_GCN_F_TFE]] >> dmask) & 1))
        return tmu_diag_set(diag, st, 0, 0, rows[TMU_GCN_F_TFE].lo,
                            "LLVM 16 has no VDATA variant for %s %s TFE and DMASK 0x%x", op->name,
                            f[TMU_GCN_F_TFE] ? "with" : "without", dmask);
    unsigned nv = tmu_gcn_vdata_count(inst);
    if (op->cls == TMU_GCN_CLASS_GATHER && nv == 3) /* gfx11's image_msaa_load has one */
        return tmu_diag_set(diag, st, 0, 0, rows[TMU_GCN_F_TFE].lo,
                            "LLVM 16 has no 3-register VDATA variant for %s with D16 and TFE",
                            op->name);
    if (gl && f[TMU_GCN_F_VDATA] > 252)
        return tmu_diag_set(diag, st, 0, 0, 40,
                            "VDATA v%u: LLVM 16 decodes %s data as 4 registers before D16, so it "
                            "must start at or below v252", f[TMU_GCN_F_VDATA], op->name);
    if (f[TMU_GCN_F_VDATA] + nv > 256)
        return tmu_diag_set(diag, st, 0, 0, 40, "VDATA v%u with %u registers runs past v255",
                            f[TMU_GCN_F_VDATA], nv);
    unsigned n = rdna_addr_count(f, ri), nsa = f[TMU_GCN_F_NSA];
    if (!((rf->addr_ok[nsa != 0] >> n) & 1))
        return tmu_diag_set(diag, st, 0, 0, rows[TMU_GCN_F_DIM].lo,
                            "%s with %s%s needs %u address VGPRs, a size LLVM 16 has no %s "
                            "variant for", op->name, tmu_gcn_dim_name(dim),
                            f[TMU_GCN_F_A16] ? " and A16" : "", n, nsa ? "NSA" : "contiguous");
    if (nsa) {
        if (n < 2)
            return tmu_diag_set(diag, st, 0, 0, rows[TMU_GCN_F_NSA].lo,
                                "NSA with a single address (one address is encoded without NSA)");
        if (gen == TMU_GCN_GFX11 && n > 5)
            return tmu_diag_set(diag, st, 0, 0, 0,
                                "%u addresses in NSA form: LLVM 16's gfx11 NSA holds 5 (partial NSA "
                                "is LLVM 17)", n);
        if (gen != TMU_GCN_GFX11 && (n + 2) / 4 != nsa)
            return tmu_diag_set(diag, st, 0, 0, rows[TMU_GCN_F_NSA].lo,
                                "NSA is %u dwords but %u addresses need %u", nsa, n, (n + 2) / 4);
    }
    return check_addr_regs(f, n, nsa, op->name, st, diag);
}

unsigned tmu_gcn_llvm_vaddr_min(const tmu_gcn_opcode_info *op)
{
    /* llvm-mc 14 prints one VGPR plus one per extra argument (offset, bias, z-compare,
     * derivatives as a group); lod/clamp/mip and the coordinates beyond the first do not
     * count.  Checked against llvm-mc for every opcode. */
    return TMU_GCN_VADDR_MIN(op->flags);
}

/* The rules above, in that order; the first broken rule is reported. */
tmu_status tmu_gcn_check(const tmu_gcn_mimg *inst, unsigned ri, tmu_status st, tmu_diag *diag)
{
    const uint32_t *f = inst->f;
    tmu_gcn_gen gen = inst->gen;
    if ((unsigned)gen >= TMU_GCN_GEN_COUNT)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1, "unknown generation %d",
                            (int)gen);
    const tmu_gcn_gen_info *g = tmu_gcn_gen_info_get(gen);
    if (f[TMU_GCN_F_ENCODING] != 0x3c)
        return tmu_diag_set(diag, st, 0, 0, 26,
                            "ENCODING (bits 26-31) is 0x%02x, not 0x3c: not a MIMG word",
                            f[TMU_GCN_F_ENCODING]);
    if (f[TMU_GCN_F_OP7])
        return tmu_diag_set(diag, st, 0, 0, 0,
                            "bit 0 (opcode bit 7) is set; no gfx6-9 MIMG opcode has it");
    const tmu_gcn_opcode_info *op = inst->op;
    if (!op || !ri || op->op[gen] != f[TMU_GCN_F_OPCODE])
        return tmu_diag_set(diag, st, 0, 0, 18, "opcode 0x%02x is not defined on %s",
                            f[TMU_GCN_F_OPCODE], g->name);
    const tmu_gcn_row_fast *rf = &tmu_gcn_row_fasts[ri - 1]; /* the table's row for op */
    if (f[TMU_GCN_F_D16]) {
        if (!g->d16_supported)
            return tmu_diag_set(diag, st, 0, 0, 63, "D16 (bit 63) is not supported on %s",
                                g->name);
        if (!rf->d16_ok)
            return tmu_diag_set(diag, st, 0, 0, 63, "D16 (bit 63) is not allowed on %s",
                                op->name);
    }
    if (f[TMU_GCN_F_SSAMP] && !rf->sampler)
        return tmu_diag_set(diag, st, 0, 0, 53,
                            "SSAMP is %u but %s takes no sampler (must be 0)",
                            f[TMU_GCN_F_SSAMP], op->name);
    unsigned dmask = f[TMU_GCN_F_DMASK];
    if (!((rf->dmask_ok[f[TMU_GCN_F_TFE] ? 1 : 0] >> dmask) & 1)) {
        if (op->cls == TMU_GCN_CLASS_GATHER)
            return tmu_diag_set(diag, st, 0, 0, 8,
                                "DMASK 0x%x: gather4 needs exactly one DMASK bit (the channel)",
                                dmask);
        if (f[TMU_GCN_F_TFE])
            return tmu_diag_set(diag, st, 0, 0, 8,
                                "DMASK 0x%x with TFE: llvm-mc 14 assembles atomics with TFE only "
                                "with DMASK 0x1", dmask);
        return tmu_diag_set(diag, st, 0, 0, 8, "DMASK 0x%x is not a valid atomic DMASK (%s)",
                            dmask, (op->flags & TMU_GCN_OPF_CMPSWAP) ? "0x3 or 0xf" : "0x1 or 0x3");
    }
    if (f[TMU_GCN_F_D16] && f[TMU_GCN_F_TFE] && g->d16_packed && rf->vdata_extra)
        return tmu_diag_set(diag, st, 0, 0, 16,
                            "TFE with packed D16: llvm-mc 14 has no %s form with d16 and tfe on %s",
                            op->name, g->name);
    if (!((g->srsrc_ok >> f[TMU_GCN_F_SRSRC]) & 1))
        return tmu_diag_set(diag, st, 0, 0, 48,
                            "SRSRC %u names s[%u:%u], which are not 8 usable SGPRs on %s",
                            f[TMU_GCN_F_SRSRC], f[TMU_GCN_F_SRSRC] * 4, f[TMU_GCN_F_SRSRC] * 4 + 7,
                            g->name);
    if (rf->sampler && !((g->ssamp_ok >> f[TMU_GCN_F_SSAMP]) & 1))
        return tmu_diag_set(diag, st, 0, 0, 53,
                            "SSAMP %u names s[%u:%u], which are not 4 usable SGPRs on %s",
                            f[TMU_GCN_F_SSAMP], f[TMU_GCN_F_SSAMP] * 4, f[TMU_GCN_F_SSAMP] * 4 + 3,
                            g->name);
    unsigned nd = tmu_gcn_vdata_count(inst);
    if (f[TMU_GCN_F_VDATA] + nd - 1 > 255)
        return tmu_diag_set(diag, st, 0, 0, 40, "VDATA v%u with %u registers runs past v255",
                            f[TMU_GCN_F_VDATA], nd);
    /* llvm-mc 14 decodes gather4 VDATA as 4 registers before it applies packed D16, so a
     * packed-D16 gather4 whose first VDATA is above v252 is an invalid encoding to it. */
    if (f[TMU_GCN_F_VDATA] > rf->vdata_max)
        return tmu_diag_set(diag, st, 0, 0, 40,
                            "VDATA v%u: gather4 data must start at or below v252 (llvm-mc decodes "
                            "it as 4 registers even with packed D16)",
                            f[TMU_GCN_F_VDATA]);
    unsigned na = rf->vaddr_min;
    if (f[TMU_GCN_F_VADDR] + na - 1 > 255)
        return tmu_diag_set(diag, st, 0, 0, 32,
                            "VADDR v%u: the %u address registers of %s run past v255",
                            f[TMU_GCN_F_VADDR], na, op->name);
    tmu_diag_clear(diag);
    return TMU_OK;
}

bool tmu_gcn_llvm_vaddr_ok(const tmu_gcn_opcode_info *op, unsigned count)
{
    /* llvm-mc 14 defines one instruction form per VADDR register class that an address of
     * the opcode can need: 1 + extras (offset, bias, z-compare) up to 3 + extras (+1 for
     * lod/clamp) words, or 2..9 + extras words with derivatives, then rounds the largest up
     * to the next class (4, 8 or 16 VGPRs); classes exist for 1-8 and 16 VGPRs.  Load, store,
     * atomic, get_resinfo and get_lod take 1-4.  (Measured with llvm-mc 14 for every opcode.) */
    if (op->cls != TMU_GCN_CLASS_SAMPLE && op->cls != TMU_GCN_CLASS_GATHER)
        return count >= 1 && count <= 4;
    unsigned extra = 0;
    if (op->flags & TMU_GCN_OPF_OFFSET)
        extra++;
    if (op->flags & TMU_GCN_OPF_BIAS)
        extra++;
    if (op->flags & TMU_GCN_OPF_COMPARE)
        extra++;
    unsigned lo, hi;
    if (op->flags & TMU_GCN_OPF_DERIV) {
        lo = 2 + extra;
        hi = 9 + extra;
    } else {
        lo = 1 + extra;
        hi = 3 + extra + ((op->flags & (TMU_GCN_OPF_LOD | TMU_GCN_OPF_CLAMP)) ? 1 : 0);
    }
    unsigned top = hi <= 4 ? 4 : hi <= 8 ? 8 : 16;
    if (count == top)
        return true;
    return count >= lo && count <= hi && count <= 8;
}

tmu_status tmu_gcn_decode_dwords(tmu_gcn_gen gen, const uint32_t *dw, size_t n,
                                 tmu_gcn_mimg *inst, unsigned *len, tmu_diag *diag)
{
    if (!inst || !dw || n == 0 || (unsigned)gen >= TMU_GCN_GEN_ALL)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1,
                            "bad argument to tmu_gcn_decode_dwords");
    unsigned need = tmu_gcn_inst_dwords(gen, dw[0]);
    if (len)
        *len = need;
    if (!TMU_GCN_GEN_IS_RDNA(gen)) {
        if (n < 2)
            return tmu_diag_set(diag, TMU_ERR_DECODE, 0, 0, 32,
                                "truncated: a MIMG instruction is 2 dwords, 1 given");
        return tmu_gcn_decode(gen, dw[0] | (uint64_t)dw[1] << 32, inst, diag);
    }
    uint32_t d[TMU_GCN_MAX_DWORDS];
    size_t have = n < need ? n : need;
    for (unsigned k = 0; k < TMU_GCN_MAX_DWORDS; k++)
        d[k] = k < have ? dw[k] : 0;
    unsigned ri = tmu_gcn_extract_dwords(gen, d, inst);
    if (n < need && inst->f[TMU_GCN_F_ENCODING] == 0x3c)
        return tmu_diag_set(diag, TMU_ERR_DECODE, 0, 0, 32 * (int64_t)n,
                            "truncated: NSA = %u makes the instruction %u dwords, %zu given",
                            inst->f[TMU_GCN_F_NSA], need, n);
    if (n >= need && tmu_gcn_rdna_fast_ok(inst, ri)) {
        tmu_diag_clear(diag);
        return TMU_OK;
    }
    return tmu_gcn_rdna_check(inst, ri, TMU_ERR_DECODE, diag);
}

tmu_status tmu_gcn_decode(tmu_gcn_gen gen, uint64_t word, tmu_gcn_mimg *inst, tmu_diag *diag)
{
    if (!inst || (unsigned)gen >= TMU_GCN_GEN_ALL)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1,
                            "bad argument to tmu_gcn_decode");
    if (TMU_GCN_GEN_IS_RDNA(gen)) {
        const uint32_t dw[2] = {(uint32_t)word, (uint32_t)(word >> 32)};
        return tmu_gcn_decode_dwords(gen, dw, 2, inst, NULL, diag);
    }
    unsigned ri = tmu_gcn_extract(gen, word, inst);
    if (tmu_gcn_fast_ok(inst, ri)) {
        tmu_diag_clear(diag);
        return TMU_OK;
    }
    return tmu_gcn_check(inst, ri, TMU_ERR_DECODE, diag);
}

tmu_status tmu_gcn_validate(const tmu_gcn_mimg *inst, tmu_diag *diag)
{
    if (!inst)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1, "NULL instruction");
    if ((unsigned)inst->gen >= TMU_GCN_GEN_ALL)
        return tmu_gcn_check(inst, 0, TMU_ERR_INVALID, diag); /* reports the generation */
    /* a hand-built instruction may hold values its fields cannot: one pass over the field
     * table, then the rows again only for the reason */
    const tmu_gcn_field_info *rows = tmu_gcn_fields[tmu_gcn_gens[inst->gen].layout];
    uint32_t misfit = 0;
    for (unsigned i = 0; i < TMU_GCN_F_ALL; i++) {
        const tmu_gcn_field_info *fi = &rows[i];
        misfit |= (inst->f[i] >> fi->width) | (inst->f[i] & ~(0u - ((fi->gens >> inst->gen) & 1)));
    }
    if (misfit) {
        for (unsigned i = 0; i < TMU_GCN_F_ALL; i++) {
            const tmu_gcn_field_info *fi = &rows[i];
            if ((inst->f[i] >> fi->width) || (inst->f[i] && !((fi->gens >> inst->gen) & 1)))
                return tmu_diag_set(diag, TMU_ERR_INVALID, 0, 0, fi->lo,
                                    "%s = %u does not fit the field on %s", fi->name, inst->f[i],
                                    tmu_gcn_gen_name(inst->gen));
        }
    }
    unsigned opc = inst->f[TMU_GCN_F_OPCODE] | inst->f[TMU_GCN_F_OP7] << 7;
    if (TMU_GCN_GEN_IS_RDNA(inst->gen)) {
        unsigned ri = tmu_gcn_op_index[inst->gen][opc & 0xff];
        if (inst->op && ri && inst->op != &tmu_gcn_opcode_rows[ri - 1])
            return tmu_diag_set(diag, TMU_ERR_INVALID, 0, 0, 18,
                                "op is %s but OPCODE 0x%02x is %s on %s", inst->op->name, opc,
                                tmu_gcn_opcode_rows[ri - 1].name, tmu_gcn_gen_name(inst->gen));
        return tmu_gcn_rdna_check(inst, ri, TMU_ERR_INVALID, diag);
    }
    unsigned ri = tmu_gcn_op_index[inst->gen][inst->f[TMU_GCN_F_OPCODE]];
    /* the fast rules read the table's row; a caller's op must be that row's opcode */
    if (inst->op && inst->op->op[inst->gen] == inst->f[TMU_GCN_F_OPCODE] &&
        tmu_gcn_fast_ok(inst, ri)) {
        tmu_diag_clear(diag);
        return TMU_OK;
    }
    return tmu_gcn_check(inst, ri, TMU_ERR_INVALID, diag);
}

/* Encodes every field of `inst` into d[0 .. TMU_GCN_MAX_DWORDS-1] by its layout's column of the
 * field table; *len = the instruction's length (2 + NSA dwords). */
static tmu_status encode_fields(const tmu_gcn_mimg *inst, uint32_t *d, unsigned *len,
                                tmu_diag *diag)
{
    const tmu_gcn_field_info *rows = tmu_gcn_fields[tmu_gcn_gens[inst->gen].layout];
    for (unsigned k = 0; k < TMU_GCN_MAX_DWORDS; k++)
        d[k] = 0;
    for (unsigned i = 0; i < TMU_GCN_F_ALL; i++) {
        const tmu_gcn_field_info *fi = &rows[i];
        uint32_t v = inst->f[i];
        if (v && !((fi->gens >> inst->gen) & 1))
            return tmu_diag_set(diag, TMU_ERR_RANGE, 0, 0, fi->lo, "%s does not exist on %s",
                                fi->name, tmu_gcn_gen_name(inst->gen));
        if (v >> fi->width)
            return tmu_diag_set(diag, TMU_ERR_RANGE, 0, 0, fi->lo,
                                "%s = %lu does not fit in %u bits", fi->name, (unsigned long)v,
                                fi->width);
        d[fi->lo >> 5] |= v << (fi->lo & 31);
    }
    unsigned n = tmu_gcn_inst_dwords(inst->gen, d[0]);
    for (unsigned k = n; k < TMU_GCN_MAX_DWORDS; k++)
        if (d[k])
            return tmu_diag_set(diag, TMU_ERR_RANGE, 0, 0, 32 * (int64_t)k,
                                "an NSA address byte lies in dword %u, but NSA = %u makes the "
                                "instruction %u dwords", k, inst->f[TMU_GCN_F_NSA], n);
    *len = n;
    return TMU_OK;
}

/* encode_fields behind the argument check of the entry point `fn` (out: its output). */
static tmu_status encode_checked(const char *fn, const tmu_gcn_mimg *inst, const void *out,
                                 uint32_t *d, unsigned *len, tmu_diag *diag)
{
    if (!inst || !out || (unsigned)inst->gen >= TMU_GCN_GEN_ALL)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1, "bad argument to %s", fn);
    return encode_fields(inst, d, len, diag);
}

tmu_status tmu_gcn_encode_dwords(const tmu_gcn_mimg *inst, uint32_t dw[TMU_GCN_MAX_DWORDS],
                                 unsigned *len, tmu_diag *diag)
{
    uint32_t d[TMU_GCN_MAX_DWORDS];
    unsigned n;
    tmu_status st = encode_checked("tmu_gcn_encode_dwords", inst, dw, d, &n, diag);
    if (st != TMU_OK)
        return st;
    memcpy(dw, d, sizeof d);
    if (len)
        *len = n;
    tmu_diag_clear(diag);
    return TMU_OK;
}

tmu_status tmu_gcn_encode(const tmu_gcn_mimg *inst, uint64_t *word, tmu_diag *diag)
{
    uint32_t d[TMU_GCN_MAX_DWORDS];
    unsigned n;
    tmu_status st = encode_checked("tmu_gcn_encode", inst, word, d, &n, diag);
    if (st != TMU_OK)
        return st;
    if (n > 2)
        return tmu_diag_set(diag, TMU_ERR_RANGE, 0, 0, 64,
                            "the instruction is %u dwords (NSA): use tmu_gcn_encode_dwords", n);
    *word = d[0] | (uint64_t)d[1] << 32;
    tmu_diag_clear(diag);
    return TMU_OK;
}
