/* GCN MIMG decode, validation and encode: loops over the field table, then the validity
 * rules.  The rules reproduce llvm-mc 14's verdicts (its disassembler followed by its
 * assembler, as shared/tools/gcn_llvm_oracle.sh --strict does):
 *   1. bits 26-31 must be 0b111100 (MIMG);
 *   2. bit 0 (LLVM's opcode bit 7) must be 0;
 *   3. the opcode must be defined on the generation (atomics renumbered on gfx8);
 *   4. D16 (bit 63) only on gfx8+, and not on _pck forms, atomics, get_resinfo, get_lod;
 *   5. SSAMP must be 0 unless the opcode takes a sampler (sample, gather4, get_lod);
 *   6. gather4: DMASK has exactly one bit; atomics: DMASK 0x1 or 0x3 (cmpswap 0x3 or 0xf,
 *      or 0x1 with TFE, which llvm-mc 14 accepts as the 2-register form);
 *   7. SRSRC (8 SGPRs) and SSAMP (4 SGPRs) name registers that exist on the generation;
 *   8. VDATA and the VADDR range llvm-mc prints do not run past v255 (gather4 VDATA is
 *      checked as 4 registers even with packed D16, as llvm-mc's decoder does).
 * Bits 1-7 and 58-62 are ignored (kept in the struct so encode reproduces the word).
 * The per-opcode parts of rules 4-8 come from the facts tables.c derives from each opcode row
 * (tables.h: TMU_GCN_D16_OK, TMU_GCN_CLS_SAMPLER, TMU_GCN_DMASK_OK, ...).  decode and validate
 * first evaluate all rules at once with tmu_gcn_fast_ok (fast.h) and only walk them in order,
 * for the reason, when that says the word is invalid. */
#include "gcn/fast.h"

void tmu_gcn_mimg_init(tmu_gcn_mimg *inst, tmu_gcn_gen gen, const tmu_gcn_opcode_info *op)
{
    for (unsigned i = 0; i < TMU_GCN_F_COUNT; i++)
        inst->f[i] = 0;
    inst->gen = gen;
    inst->op = op;
    inst->f[TMU_GCN_F_ENCODING] = 0x3c;
    if (op && (unsigned)gen < TMU_GCN_GEN_COUNT && op->op[gen] != TMU_GCN_NO_OP)
        inst->f[TMU_GCN_F_OPCODE] = op->op[gen];
}

static unsigned popcount4(unsigned v)
{
    return (v & 1) + ((v >> 1) & 1) + ((v >> 2) & 1) + ((v >> 3) & 1);
}

unsigned tmu_gcn_vdata_count(const tmu_gcn_mimg *inst)
{
    unsigned n;
    const tmu_gcn_opcode_info *op = inst->op;
    if (op && op->cls == TMU_GCN_CLASS_GATHER)
        n = 4;
    else
        n = popcount4(inst->f[TMU_GCN_F_DMASK]);
    if (n == 0)
        n = 1;
    if (inst->f[TMU_GCN_F_D16] && (unsigned)inst->gen < TMU_GCN_GEN_COUNT &&
        tmu_gcn_gen_info_get(inst->gen)->d16_packed)
        n = (n + 1) / 2;
    return n + (inst->f[TMU_GCN_F_TFE] ? 1u : 0u);
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
        return tmu_diag_set(diag, st, 0, 0, 8, "DMASK 0x%x is not a valid atomic DMASK (%s)",
                            dmask, (op->flags & TMU_GCN_OPF_CMPSWAP) ? "0x3 or 0xf" : "0x1 or 0x3");
    }
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

tmu_status tmu_gcn_decode(tmu_gcn_gen gen, uint64_t word, tmu_gcn_mimg *inst, tmu_diag *diag)
{
    if (!inst || (unsigned)gen >= TMU_GCN_GEN_COUNT)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1,
                            "bad argument to tmu_gcn_decode");
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
    if ((unsigned)inst->gen >= TMU_GCN_GEN_COUNT)
        return tmu_gcn_check(inst, 0, TMU_ERR_INVALID, diag); /* reports the generation */
    /* a hand-built instruction may hold values its fields cannot: one pass over the field
     * table, then the rows again only for the reason */
    uint32_t misfit = 0;
    for (unsigned i = 0; i < TMU_GCN_F_COUNT; i++) {
        const tmu_gcn_field_info *fi = &tmu_gcn_field_rows[i];
        misfit |= (inst->f[i] >> fi->width) | (inst->f[i] & ~(0u - ((fi->gens >> inst->gen) & 1)));
    }
    if (misfit) {
        for (unsigned i = 0; i < TMU_GCN_F_COUNT; i++) {
            const tmu_gcn_field_info *fi = &tmu_gcn_field_rows[i];
            if ((inst->f[i] >> fi->width) || (inst->f[i] && !((fi->gens >> inst->gen) & 1)))
                return tmu_diag_set(diag, TMU_ERR_INVALID, 0, 0, fi->lo,
                                    "%s = %u does not fit the field on %s", fi->name, inst->f[i],
                                    tmu_gcn_gen_name(inst->gen));
        }
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

tmu_status tmu_gcn_encode(const tmu_gcn_mimg *inst, uint64_t *word, tmu_diag *diag)
{
    if (!inst || !word || (unsigned)inst->gen >= TMU_GCN_GEN_COUNT)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1,
                            "bad argument to tmu_gcn_encode");
    uint64_t w = 0;
    for (unsigned i = 0; i < TMU_GCN_F_COUNT; i++) {
        const tmu_gcn_field_info *fi = tmu_gcn_field_get((tmu_gcn_field)i);
        uint64_t v = inst->f[i];
        if (v >> fi->width)
            return tmu_diag_set(diag, TMU_ERR_RANGE, 0, 0, fi->lo,
                                "%s = %llu does not fit in %u bits", fi->name,
                                (unsigned long long)v, fi->width);
        if (v && !((fi->gens >> inst->gen) & 1))
            return tmu_diag_set(diag, TMU_ERR_RANGE, 0, 0, fi->lo, "%s does not exist on %s",
                                fi->name, tmu_gcn_gen_name(inst->gen));
        w |= v << fi->lo;
    }
    *word = w;
    tmu_diag_clear(diag);
    return TMU_OK;
}
