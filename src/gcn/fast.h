/* Private: the decode/print fast path of the GCN MIMG codec.  Everything here is driven by
 * the tables of tables.h/tables.c (the field rows, the direct opcode index and the facts
 * derived at compile time from each opcode row); nothing restates the encoding. */
#ifndef TMU_GCN_FAST_H
#define TMU_GCN_FAST_H

#include "gcn/tables.h"

/* One field of the word by its table row, 0 where the field does not exist on gen. */
static inline uint32_t tmu_gcn_field_bits(tmu_gcn_gen gen, uint64_t word, unsigned i)
{
    const tmu_gcn_field_info *fi = &tmu_gcn_field_rows[i];
    uint32_t v = (uint32_t)((word >> fi->lo) & ((1ull << fi->width) - 1));
    return v & (0u - ((fi->gens >> gen) & 1u));
}

/* Splits `word` into inst->f[] with the field table, sets gen and op, and returns the
 * opcode's row number + 1 (0: not defined on gen).  gen must be in range.  The fields are
 * written out one by one (not a loop) so that each row's lo/width are constants. */
static inline unsigned tmu_gcn_extract(tmu_gcn_gen gen, uint64_t word, tmu_gcn_mimg *inst)
{
    _Static_assert(TMU_GCN_F_COUNT == 19, "tmu_gcn_extract: one line per field");
#define TMU_GCN_X_(i) inst->f[i] = tmu_gcn_field_bits(gen, word, i);
    TMU_GCN_X_(0) TMU_GCN_X_(1) TMU_GCN_X_(2) TMU_GCN_X_(3) TMU_GCN_X_(4) TMU_GCN_X_(5)
    TMU_GCN_X_(6) TMU_GCN_X_(7) TMU_GCN_X_(8) TMU_GCN_X_(9) TMU_GCN_X_(10) TMU_GCN_X_(11)
    TMU_GCN_X_(12) TMU_GCN_X_(13) TMU_GCN_X_(14) TMU_GCN_X_(15) TMU_GCN_X_(16)
    TMU_GCN_X_(17) TMU_GCN_X_(18)
#undef TMU_GCN_X_
    inst->gen = gen;
    unsigned ri = tmu_gcn_op_index[gen][inst->f[TMU_GCN_F_OPCODE] & 0x7f];
    inst->op = ri ? &tmu_gcn_opcode_rows[ri - 1] : (const tmu_gcn_opcode_info *)0;
    return ri;
}

/* popcount of a DMASK, 0 counting as 1 (the VDATA register count before D16 and TFE). */
static const uint8_t tmu_gcn_dmask_regs[16] = {1, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4};

/* VDATA register count of an instruction whose DMASK is legal for its row (tmu_gcn_vdata_count
 * in decode.c is the general form): DMASK bits (gather4: its one bit + 3), halved rounding up
 * with D16 on packed generations, + 1 with TFE.  Branch-free. */
static inline unsigned tmu_gcn_fast_vdata(const uint32_t *f, const tmu_gcn_gen_info *g,
                                          const tmu_gcn_row_fast *rf)
{
    unsigned n = tmu_gcn_dmask_regs[f[TMU_GCN_F_DMASK] & 15] + rf->vdata_extra;
    unsigned p = f[TMU_GCN_F_D16] & g->d16_packed;
    return ((n + p) >> p) + f[TMU_GCN_F_TFE];
}

/* The validity rules of decode.c (check) as one branch-free expression over the derived
 * tables, for an instruction whose fields fit their bits and whose op is row ri - 1.  True
 * exactly when check() would accept it; check() stays the authority and gives the reasons
 * (tmu_gcn_decode and tmu_gcn_validate call it whenever this says no). */
static inline bool tmu_gcn_fast_ok(const tmu_gcn_mimg *inst, unsigned ri)
{
    const uint32_t *f = inst->f;
    if (!ri || f[TMU_GCN_F_ENCODING] != 0x3c || f[TMU_GCN_F_OP7])
        return false;
    const tmu_gcn_gen_info *g = &tmu_gcn_gens[inst->gen];
    const tmu_gcn_row_fast *rf = &tmu_gcn_row_fasts[ri - 1];
    unsigned nd = tmu_gcn_fast_vdata(f, g, rf);
    unsigned bad = (f[TMU_GCN_F_D16] & ~(unsigned)(g->d16_supported & rf->d16_ok)) |
                   ((f[TMU_GCN_F_SSAMP] != 0) & !rf->sampler) |
                   !((rf->dmask_ok[f[TMU_GCN_F_TFE] & 1] >> f[TMU_GCN_F_DMASK]) & 1) |
                   !((g->srsrc_ok >> f[TMU_GCN_F_SRSRC]) & 1) |
                   !((g->ssamp_ok >> f[TMU_GCN_F_SSAMP]) & 1) |
                   (f[TMU_GCN_F_VDATA] + nd > 256) | (f[TMU_GCN_F_VDATA] > rf->vdata_max) |
                   (f[TMU_GCN_F_VADDR] + rf->vaddr_min > 256);
    return !bad;
}

/* The ordered validity rules with their reasons (decode.c).  ri as tmu_gcn_extract returns it
 * for inst->f[OPCODE]; st is the status reported for a broken rule. */
tmu_status tmu_gcn_check(const tmu_gcn_mimg *inst, unsigned ri, tmu_status st, tmu_diag *diag);

#endif
