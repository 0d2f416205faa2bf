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

/* RDNA: the fields of an instruction (dw[0 .. TMU_GCN_MAX_DWORDS-1], the dwords past its
 * length zero) into f[] by layout L's column of the field table (L = TMU_GCN_LAYOUT_GFX10 or
 * _GFX11, a constant at each call).  As for gfx6-9, the fields are written out one by one, so
 * every lo / width is a constant. */
#define TMU_GCN_XR_(L, i)                                                                         \
    f[i] = (dw[tmu_gcn_fields[L][i].lo >> 5] >> (tmu_gcn_fields[L][i].lo & 31)) &                 \
           (uint32_t)((1ull << tmu_gcn_fields[L][i].width) - 1);
#define TMU_GCN_XR4_(L, i) TMU_GCN_XR_(L, i) TMU_GCN_XR_(L, (i) + 1) TMU_GCN_XR_(L, (i) + 2)         \
    TMU_GCN_XR_(L, (i) + 3)
#define TMU_GCN_XR_ALL_(L)                                                                        \
    TMU_GCN_XR4_(L, 0) TMU_GCN_XR4_(L, 4) TMU_GCN_XR4_(L, 8) TMU_GCN_XR4_(L, 12)                   \
    TMU_GCN_XR4_(L, 16) TMU_GCN_XR4_(L, 20) TMU_GCN_XR4_(L, 24) TMU_GCN_XR4_(L, 28)                \
    TMU_GCN_XR4_(L, 32)
static inline __attribute__((always_inline)) void
tmu_gcn_extract_rdna_f(tmu_gcn_layout L, const uint32_t *dw, uint32_t *f)
{
    _Static_assert(TMU_GCN_F_ALL == 36, "tmu_gcn_extract_rdna_f: one line per field");
    TMU_GCN_XR_ALL_(L)
}

/* Dwords of the instruction starting with dword0 on gen (in range): 2 + the NSA field, by the
 * field table (NSA has width 0 on gfx6-9). */
static inline unsigned tmu_gcn_inst_len(tmu_gcn_gen gen, uint32_t dword0)
{
    const tmu_gcn_field_info *fi = &tmu_gcn_fields[tmu_gcn_gens[gen].layout][TMU_GCN_F_NSA];
    return 2u + ((dword0 >> fi->lo) & ((1u << fi->width) - 1));
}

/* The opcode row number + 1 of RDNA fields f[] on gen (0: not defined). */
static inline unsigned tmu_gcn_rdna_row(tmu_gcn_gen gen, const uint32_t *f)
{
    return tmu_gcn_op_index[gen][(f[TMU_GCN_F_OPCODE] | f[TMU_GCN_F_OP7] << 7) & 0xff];
}

/* RDNA: splits an instruction (as tmu_gcn_extract_rdna_f reads it) into inst->f[], sets gen
 * and op, and returns the opcode's row number + 1 (0: not defined on gen).  gen must be an
 * RDNA generation. */
static inline unsigned tmu_gcn_extract_dwords(tmu_gcn_gen gen, const uint32_t *dw,
                                              tmu_gcn_mimg *inst)
{
    if (gen == TMU_GCN_GFX11)
        tmu_gcn_extract_rdna_f(TMU_GCN_LAYOUT_GFX11, dw, inst->f);
    else
        tmu_gcn_extract_rdna_f(TMU_GCN_LAYOUT_GFX10, dw, inst->f);
    inst->gen = gen;
    unsigned ri = tmu_gcn_rdna_row(gen, inst->f);
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
    /* bitwise, not ||: no branch on the opcode */
    return (unsigned)(op->cls == TMU_GCN_CLASS_GATHER) |
           ((unsigned)((op->flags & TMU_GCN_OPF_MSAA) != 0) & (unsigned)(gen == TMU_GCN_GFX11));
}

/* popcount of a DMASK, 0 counting as 1 (the VDATA register count before D16 and TFE). */
static const uint8_t tmu_gcn_dmask_regs[16] = {1, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4};

/* The fields of an RDNA instruction that its validity rules and its text read, as scalars
 * (filled from f[] or straight from the dwords; local copies stay in registers). */
typedef struct tmu_gcn_rdna_vals {
    unsigned opc;   /* OP7:OPCODE */
    unsigned enc, dmask, dim, nsa, a16, tfe, lwe, d16, ssamp, srsrc, vdata, vaddr;
    unsigned ign;   /* the ignored fields OR-ed: must be 0 */
    uint32_t nsa_w[3]; /* the NSA address bytes (ADDR1 in the low byte of nsa_w[0]), 0 past
                        * the instruction */
} tmu_gcn_rdna_vals;

#define TMU_GCN_RDNA_INLINE static inline __attribute__((always_inline))

/* Field F of an RDNA instruction in d[0 .. TMU_GCN_MAX_DWORDS-1] (0 past its length) by
 * layout L's column of the field table; L is a constant at each call, so is the position. */
TMU_GCN_RDNA_INLINE uint32_t tmu_gcn_rdna_fld(tmu_gcn_layout L, unsigned F, const uint32_t *d)
{
    const tmu_gcn_field_info *fi = &tmu_gcn_fields[L][F];
    return (d[fi->lo >> 5] >> (fi->lo & 31)) & (uint32_t)((1ull << fi->width) - 1);
}

/* NSA address byte k (0-based: ADDR k + 1) of d[]: the bytes follow one another from bit
 * TMU_GCN_NSA_LO (the field table's NSA rows are made so), 0 past the instruction. */
static inline unsigned tmu_gcn_rdna_nsa_byte(const uint32_t *d, unsigned k)
{
    _Static_assert(TMU_GCN_NSA_LO % 32 == 0, "the NSA bytes start a dword");
    return (d[TMU_GCN_NSA_LO / 32 + k / 4] >> (8 * (k % 4))) & 0xff;
}

/* The NSA address bytes layout L has (the ADDR rows of nonzero width: 12 on gfx10, 4 on gfx11). */
TMU_GCN_RDNA_INLINE unsigned tmu_gcn_rdna_nsa_slots(tmu_gcn_layout L)
{
    unsigned n = 0;
    for (unsigned k = 0; k < 12; k++)
        n += tmu_gcn_fields[L][TMU_GCN_F_ADDR1 + k].width != 0;
    return n;
}

/* Whether any NSA address byte from number m (0-based: ADDR m + 1) on is not 0, in the three
 * NSA dwords w[] (bytes past the instruction 0): each dword shifted past its bytes below m. */
TMU_GCN_RDNA_INLINE unsigned tmu_gcn_rdna_tail_nz(const uint32_t *w, unsigned m)
{
    uint32_t any = 0;
    for (unsigned j = 0; j < 3; j++) {
        int t = (int)m - 4 * (int)j; /* bytes of dword j below m: t clamped to 0..4 */
        t = t < 0 ? 0 : t > 4 ? 4 : t;
        any |= (uint32_t)((uint64_t)w[j] >> (8 * t));
    }
    return any != 0;
}

/* The values of d[] (layout L). */
TMU_GCN_RDNA_INLINE void tmu_gcn_rdna_vals_d(tmu_gcn_layout L, const uint32_t *d,
                                             tmu_gcn_rdna_vals *v)
{
#define TMU_GCN_F_(F) tmu_gcn_rdna_fld(L, TMU_GCN_F_##F, d)
    v->opc = TMU_GCN_F_(OPCODE) | TMU_GCN_F_(OP7) << 7;
    v->enc = TMU_GCN_F_(ENCODING);
    v->dmask = TMU_GCN_F_(DMASK);
    v->dim = TMU_GCN_F_(DIM);
    v->nsa = TMU_GCN_F_(NSA);
    v->a16 = TMU_GCN_F_(A16);
    v->tfe = TMU_GCN_F_(TFE);
    v->lwe = TMU_GCN_F_(LWE);
    v->d16 = TMU_GCN_F_(D16);
    v->ssamp = TMU_GCN_F_(SSAMP);
    v->srsrc = TMU_GCN_F_(SRSRC);
    v->vdata = TMU_GCN_F_(VDATA);
    v->vaddr = TMU_GCN_F_(VADDR);
    v->ign = TMU_GCN_F_(IGN_LO) | TMU_GCN_F_(IGN_MID) | TMU_GCN_F_(IGN_HI) | TMU_GCN_F_(IGN_TOP);
#undef TMU_GCN_F_
    _Static_assert(TMU_GCN_NSA_LO % 32 == 0, "the NSA bytes start a dword");
    v->nsa_w[0] = d[TMU_GCN_NSA_LO / 32];
    v->nsa_w[1] = d[TMU_GCN_NSA_LO / 32 + 1];
    v->nsa_w[2] = d[TMU_GCN_NSA_LO / 32 + 2];
}

/* The values of fields f[]. */
TMU_GCN_RDNA_INLINE void tmu_gcn_rdna_vals_f(const uint32_t *f, tmu_gcn_rdna_vals *v)
{
    v->opc = f[TMU_GCN_F_OPCODE] | f[TMU_GCN_F_OP7] << 7;
    v->enc = f[TMU_GCN_F_ENCODING];
    v->dmask = f[TMU_GCN_F_DMASK];
    v->dim = f[TMU_GCN_F_DIM];
    v->nsa = f[TMU_GCN_F_NSA];
    v->a16 = f[TMU_GCN_F_A16];
    v->tfe = f[TMU_GCN_F_TFE];
    v->lwe = f[TMU_GCN_F_LWE];
    v->d16 = f[TMU_GCN_F_D16];
    v->ssamp = f[TMU_GCN_F_SSAMP];
    v->srsrc = f[TMU_GCN_F_SRSRC];
    v->vdata = f[TMU_GCN_F_VDATA];
    v->vaddr = f[TMU_GCN_F_VADDR];
    v->ign = f[TMU_GCN_F_IGN_LO] | f[TMU_GCN_F_IGN_MID] | f[TMU_GCN_F_IGN_HI] |
             f[TMU_GCN_F_IGN_TOP];
    for (unsigned j = 0; j < 3; j++)
        v->nsa_w[j] = 0;
    for (unsigned k = 0; k < 12; k++)
        v->nsa_w[k / 4] |= (f[TMU_GCN_F_ADDR1 + k] & 0xffu) << (8 * (k % 4));
}

/* VDATA count of a non-BVH RDNA instruction from its values (tmu_gcn_vdata_count's rule). */
TMU_GCN_RDNA_INLINE unsigned tmu_gcn_rdna_vdata_v(const tmu_gcn_rdna_vals *v, unsigned gather_like)
{
    unsigned n = tmu_gcn_dmask_regs[v->dmask & 15];
    n += (4u - n) & (0u - (gather_like & 1u)); /* 4 for gather-like rows: no branch */
    unsigned p = v->d16 & 1;
    return ((n + p) >> p) + (v->tfe & 1);
}

/* The RDNA rules of decode.c at once, for the values of an instruction of gen (fields within
 * their bits) whose opcode is row ri - 1 (0: none): true exactly when tmu_gcn_rdna_check
 * accepts it, BVH left to the ordered check. */
TMU_GCN_RDNA_INLINE bool tmu_gcn_rdna_vals_ok(tmu_gcn_gen gen, const tmu_gcn_rdna_vals *v,
                                              unsigned ri)
{
    if (!ri || v->enc != 0x3c)
        return false;
    const tmu_gcn_opcode_info *op = &tmu_gcn_opcode_rows[ri - 1];
    if (op->cls == TMU_GCN_CLASS_BVH)
        return false;
    const tmu_gcn_gen_info *g = &tmu_gcn_gens[gen];
    const tmu_gcn_row_fast *rf = &tmu_gcn_row_fasts[ri - 1];
    unsigned gl = tmu_gcn_rdna_gather_like(gen, op);
    unsigned dmask = v->dmask, dim = v->dim, nsa = v->nsa;
    unsigned nv = tmu_gcn_rdna_vdata_v(v, gl);
    unsigned n = rf->addr_n[dim * 2 + v->a16];
    unsigned bad = v->ign;
    /* SSAMP: 0 without a sampler, else 4 usable SGPRs */
    unsigned smp = 0u - (unsigned)(rf->sampler != 0); /* no branch on the opcode */
    bad |= !((((g->ssamp_ok & smp) | (1u & ~smp)) >> v->ssamp) & 1);
    /* DMASK, TFE and D16 (tables.h: TMU_GCN_RDNA_DATA_OK) */
    bad |= !((rf->rdna_data_ok[gen == TMU_GCN_GFX11] >> (dmask | v->tfe << 4 | v->d16 << 5)) & 1);
    bad |= !((g->srsrc_ok >> v->srsrc) & 1);
    bad |= ((op->flags & TMU_GCN_OPF_MSAA) != 0) & (dim < 6);
    bad |= gl & (v->vdata > 252);
    bad |= v->vdata + nv > 256;
    bad |= !((rf->addr_ok[nsa != 0] >> n) & 1);
    /* without NSA: the n VGPRs from VADDR end by v255; with NSA: 2..5 addresses on gfx11, the
     * NSA dword count that n addresses need on gfx10, and the bytes past the n - 1 used ones
     * are 0 (the bytes past the instruction's dwords are 0) */
    if (nsa)
        bad |= (n < 2) | tmu_gcn_rdna_tail_nz(v->nsa_w, (n - 1) & 15) |
               (gen == TMU_GCN_GFX11 ? n > 5 : (n + 2) / 4 != nsa);
    else
        bad |= v->vaddr + n > 256;
    return !bad;
}

/* tmu_gcn_rdna_vals_ok over inst->f. */
static inline bool tmu_gcn_rdna_fast_ok(const tmu_gcn_mimg *inst, unsigned ri)
{
    tmu_gcn_rdna_vals v;
    tmu_gcn_rdna_vals_f(inst->f, &v);
    return tmu_gcn_rdna_vals_ok(inst->gen, &v, ri);
}

/* The RDNA validity rules (decode.c, reference/rdna-mimg.md section 9) in order; ri as
 * tmu_gcn_extract_dwords returns it; st is the status reported for a broken rule. */
tmu_status tmu_gcn_rdna_check(const tmu_gcn_mimg *inst, unsigned ri, tmu_status st,
                              tmu_diag *diag);


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
