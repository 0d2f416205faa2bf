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
    for (unsigned i = TMU_GCN_F_COUNT; i < TMU_GCN_F_ALL; i++)
        inst->f[i] = 0; /* the RDNA-only fields */
    inst->gen = gen;
    unsigned ri = tmu_gcn_op_index[gen][inst->f[TMU_GCN_F_OPCODE] & 0x7f];
    inst->op = ri ? &tmu_gcn_opcode_rows[ri - 1] : (const tmu_gcn_opcode_info *)0;
    return ri;
}

/* RDNA: splits an instruction (dw[0 .. TMU_GCN_MAX_DWORDS-1], the dwords past its length zero)
 * into inst->f[] with the generation's column of the field table, sets gen and op, and returns
 * the opcode's row number + 1 (0: not defined on gen).  gen must be an RDNA generation.  As for
 * gfx6-9, the fields are written out one by one per layout, so every lo / width is a constant. */
#define TMU_GCN_XR_(L, i)                                                                         \
    inst->f[i] = (dw[tmu_gcn_fields[L][i].lo >> 5] >> (tmu_gcn_fields[L][i].lo & 31)) &           \
                 (uint32_t)((1ull << tmu_gcn_fields[L][i].width) - 1);
#define TMU_GCN_XR4_(L, i) TMU_GCN_XR_(L, i) TMU_GCN_XR_(L, (i) + 1) TMU_GCN_XR_(L, (i) + 2)         \
    TMU_GCN_XR_(L, (i) + 3)
#define TMU_GCN_XR_ALL_(L)                                                                        \
    TMU_GCN_XR4_(L, 0) TMU_GCN_XR4_(L, 4) TMU_GCN_XR4_(L, 8) TMU_GCN_XR4_(L, 12)                   \
    TMU_GCN_XR4_(L, 16) TMU_GCN_XR4_(L, 20) TMU_GCN_XR4_(L, 24) TMU_GCN_XR4_(L, 28)                \
    TMU_GCN_XR4_(L, 32)
static inline unsigned tmu_gcn_extract_dwords(tmu_gcn_gen gen, const uint32_t *dw,
                                              tmu_gcn_mimg *inst)
{
    _Static_assert(TMU_GCN_F_ALL == 36, "tmu_gcn_extract_dwords: one line per field");
    if (gen == TMU_GCN_GFX11) {
        TMU_GCN_XR_ALL_(TMU_GCN_LAYOUT_GFX11)
    } else {
        TMU_GCN_XR_ALL_(TMU_GCN_LAYOUT_GFX10)
    }
    inst->gen = gen;
    unsigned ri = tmu_gcn_op_index[gen][(inst->f[TMU_GCN_F_OPCODE] | inst->f[TMU_GCN_F_OP7] << 7) & 0xff];
    inst->op = ri ? &tmu_gcn_opcode_rows[ri - 1] : (const tmu_gcn_opcode_info *)0;
    return ri;
}
#undef TMU_GCN_XR_ALL_
#undef TMU_GCN_XR4_
#undef TMU_GCN_XR_

/* Whether an RDNA row returns four texels whatever DMASK says: gather4, and gfx11's
 * image_msaa_load. */
static inline unsigned tmu_gcn_rdna_gather_like(tmu_gcn_gen gen, const tmu_gcn_opcode_info *op)
{
    return op->cls == TMU_GCN_CLASS_GATHER ||
           ((op->flags & TMU_GCN_OPF_MSAA) && gen == TMU_GCN_GFX11);
}

/* VDATA count of a non-BVH RDNA instruction (tmu_gcn_vdata_count's rule). */
static inline unsigned tmu_gcn_rdna_vdata(const uint32_t *f, unsigned gather_like)
{
    static const uint8_t regs[16] = {1, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4};
    unsigned n = gather_like ? 4u : regs[f[TMU_GCN_F_DMASK] & 15];
    unsigned p = f[TMU_GCN_F_D16] & 1;
    return ((n + p) >> p) + (f[TMU_GCN_F_TFE] & 1);
}

/* The RDNA rules of decode.c at once, for a freshly extracted instruction (fields within their
 * bits): true exactly when tmu_gcn_rdna_check accepts it, BVH left to the ordered check. */
static inline bool tmu_gcn_rdna_fast_ok(const tmu_gcn_mimg *inst, unsigned ri)
{
    const uint32_t *f = inst->f;
    if (!ri || f[TMU_GCN_F_ENCODING] != 0x3c)
        return false;
    const tmu_gcn_opcode_info *op = &tmu_gcn_opcode_rows[ri - 1];
    if (op->cls == TMU_GCN_CLASS_BVH)
        return false;
    const tmu_gcn_gen_info *g = &tmu_gcn_gens[inst->gen];
    const tmu_gcn_row_fast *rf = &tmu_gcn_row_fasts[ri - 1];
    unsigned gl = tmu_gcn_rdna_gather_like(inst->gen, op);
    unsigned dmask = f[TMU_GCN_F_DMASK], dim = f[TMU_GCN_F_DIM], nsa = f[TMU_GCN_F_NSA];
    unsigned nv = tmu_gcn_rdna_vdata(f, gl);
    unsigned n = rf->addr_n[dim * 2 + f[TMU_GCN_F_A16]];
    unsigned bad = f[TMU_GCN_F_IGN_LO] | f[TMU_GCN_F_IGN_MID] | f[TMU_GCN_F_IGN_HI] |
                   f[TMU_GCN_F_IGN_TOP];
    bad |= (f[TMU_GCN_F_SSAMP] != 0) & !rf->sampler;
    bad |= gl & !((0x0116u >> dmask) & 1);
    bad |= !((rf->rdna_dmask_ok[f[TMU_GCN_F_TFE]] >> dmask) & 1);
    bad |= !((g->srsrc_ok >> f[TMU_GCN_F_SRSRC]) & 1);
    bad |= rf->sampler & !((g->ssamp_ok >> f[TMU_GCN_F_SSAMP]) & 1);
    bad |= ((op->flags & TMU_GCN_OPF_MSAA) != 0) & (dim < 6);
    bad |= f[TMU_GCN_F_D16] & !rf->d16_ok;
    bad |= gl & ((nv == 3) | (f[TMU_GCN_F_VDATA] > 252));
    bad |= f[TMU_GCN_F_VDATA] + nv > 256;
    bad |= !((rf->addr_ok[nsa != 0] >> n) & 1);
    if (bad)
        return false;
    if (!nsa)
        return f[TMU_GCN_F_VADDR] + n <= 256;
    if (n < 2 || (inst->gen == TMU_GCN_GFX11 ? n > 5 : (n + 2) / 4 != nsa))
        return false;
    unsigned nz = 0; /* bit k: NSA byte k + 1 is not 0; bytes n .. 4 * nsa must be 0 */
    for (unsigned k = 0; k < 12; k++)
        nz |= (unsigned)(f[TMU_GCN_F_ADDR1 + k] != 0) << k;
    return (nz >> (n - 1)) == 0; /* bytes past the NSA dwords are 0 (decoded from none) */
}

/* The RDNA validity rules (decode.c, reference/rdna-mimg.md section 9) in order; ri as
 * tmu_gcn_extract_dwords returns it; st is the status reported for a broken rule. */
tmu_status tmu_gcn_rdna_check(const tmu_gcn_mimg *inst, unsigned ri, tmu_status st,
                              tmu_diag *diag);

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
                   (f[TMU_GCN_F_D16] & f[TMU_GCN_F_TFE] & g->d16_packed & (rf->vdata_extra != 0)) |
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
