/* Private: per-generation properties of the GCN MIMG tables (src/gcn/tables.c). */
#ifndef TMU_GCN_TABLES_H
#define TMU_GCN_TABLES_H

#include "tmu/gcn.h"

/* Per-generation facts that are not opcode or field rows. */
typedef struct tmu_gcn_gen_info {
    const char *name;       /* "gfx6" */
    const char *llvm_cpu;   /* llvm -mcpu name */
    uint8_t d16_supported;  /* bit 63 exists */
    uint8_t d16_packed;     /* two 16-bit values per VGPR */
    uint8_t sgpr_count;     /* addressable s0..s(N-1) as plain SGPRs in llvm-mc */
    uint8_t ttmp_base;      /* SGPR number of ttmp0 */
    uint8_t ttmp_count;     /* trap temporaries */
    uint32_t srsrc_ok;      /* derived: bit v set = SRSRC v names 8 usable SGPRs */
    uint32_t ssamp_ok;      /* derived: bit v set = SSAMP v names 4 usable SGPRs */
} tmu_gcn_gen_info;

/* Whether an SGPR tuple s[first .. first+count-1] names real registers (plain SGPRs below
 * nsgpr, or entirely inside the ttmp range tbase .. tbase+tcount-1), as llvm-mc 14's assembler
 * accepts.  A constant expression, so the per-generation masks below are computed from it. */
#define TMU_GCN_TUPLE_OK(first, count, nsgpr, tbase, tcount)                                     \
    ((first) + (count) - 1 < (nsgpr) ||                                                          \
     ((first) >= (tbase) && (first) + (count) - 1 < (tbase) + (tcount)))
#define TMU_GCN_TUPLE_BIT_(v, c, ns, tb, tc)                                                     \
    ((uint32_t)TMU_GCN_TUPLE_OK(4u * (v), c, ns, tb, tc) << (v))
#define TMU_GCN_TUPLE_B4_(v, c, ns, tb, tc)                                                      \
    (TMU_GCN_TUPLE_BIT_(v, c, ns, tb, tc) | TMU_GCN_TUPLE_BIT_((v) + 1, c, ns, tb, tc) |           \
     TMU_GCN_TUPLE_BIT_((v) + 2, c, ns, tb, tc) | TMU_GCN_TUPLE_BIT_((v) + 3, c, ns, tb, tc))
/* Bit v set = the tuple s[4v .. 4v+c-1] is usable (v = 0..31, an SRSRC or SSAMP value). */
#define TMU_GCN_TUPLE_MASK(c, ns, tb, tc)                                                        \
    (TMU_GCN_TUPLE_B4_(0u, c, ns, tb, tc) | TMU_GCN_TUPLE_B4_(4u, c, ns, tb, tc) |                \
     TMU_GCN_TUPLE_B4_(8u, c, ns, tb, tc) | TMU_GCN_TUPLE_B4_(12u, c, ns, tb, tc) |               \
     TMU_GCN_TUPLE_B4_(16u, c, ns, tb, tc) | TMU_GCN_TUPLE_B4_(20u, c, ns, tb, tc) |              \
     TMU_GCN_TUPLE_B4_(24u, c, ns, tb, tc) | TMU_GCN_TUPLE_B4_(28u, c, ns, tb, tc))

/* The tables below are defined here, once, as static const data so that decode and print
 * are compiled against constants (fast.h extracts the fields one row at a time); tables.c
 * exposes them through the public getters. */

/* The MIMG field layout (bits of the 64-bit word; gens = generations where the field exists). */
#define GALL 0x1fu /* every generation */
#define G6_8 0x0fu /* gfx6, gfx7, gfx8, gfx81 */
#define G9 0x10u

static const tmu_gcn_field_info tmu_gcn_field_rows[TMU_GCN_F_COUNT] = {
    [TMU_GCN_F_OP7] = {"OP7", 0, 1, GALL},
    [TMU_GCN_F_IGN_LO] = {"IGNORED_1_7", 1, 7, GALL},
    [TMU_GCN_F_DMASK] = {"DMASK", 8, 4, GALL},
    [TMU_GCN_F_UNORM] = {"UNORM", 12, 1, GALL},
    [TMU_GCN_F_GLC] = {"GLC", 13, 1, GALL},
    [TMU_GCN_F_DA] = {"DA", 14, 1, GALL},
    [TMU_GCN_F_R128] = {"R128", 15, 1, G6_8},
    [TMU_GCN_F_A16] = {"A16", 15, 1, G9},
    [TMU_GCN_F_TFE] = {"TFE", 16, 1, GALL},
    [TMU_GCN_F_LWE] = {"LWE", 17, 1, GALL},
    [TMU_GCN_F_OPCODE] = {"OPCODE", 18, 7, GALL},
    [TMU_GCN_F_SLC] = {"SLC", 25, 1, GALL},
    [TMU_GCN_F_ENCODING] = {"ENCODING", 26, 6, GALL},
    [TMU_GCN_F_VADDR] = {"VADDR", 32, 8, GALL},
    [TMU_GCN_F_VDATA] = {"VDATA", 40, 8, GALL},
    [TMU_GCN_F_SRSRC] = {"SRSRC", 48, 5, GALL},
    [TMU_GCN_F_SSAMP] = {"SSAMP", 53, 5, GALL},
    [TMU_GCN_F_IGN_HI] = {"IGNORED_58_62", 58, 5, GALL},
    [TMU_GCN_F_D16] = {"D16", 63, 1, GALL}, /* defined on gfx8+; decode rejects it before */
};
#undef GALL
#undef G6_8
#undef G9

/* Register files as llvm-mc 14 names and accepts them: gfx6/7 have 104 SGPRs, gfx8/9 102
 * (s102+ are flat_scratch/xnack/vcc); ttmp0 is SGPR 112 before gfx9 (12 ttmps), 108 on gfx9
 * (16 ttmps).  The SRSRC/SSAMP masks are derived from these numbers. */
#define TMU_GCN_GEN_ROW(name, cpu, d16s, d16p, ns, tb, tc)                                        \
    {name, cpu, d16s, d16p, ns, tb, tc, TMU_GCN_TUPLE_MASK(8u, ns, tb, tc),                        \
     TMU_GCN_TUPLE_MASK(4u, ns, tb, tc)}
static const tmu_gcn_gen_info tmu_gcn_gens[TMU_GCN_GEN_COUNT] = {
    [TMU_GCN_GFX6] = TMU_GCN_GEN_ROW("gfx6", "tahiti", 0, 0, 104u, 112u, 12u),
    [TMU_GCN_GFX7] = TMU_GCN_GEN_ROW("gfx7", "bonaire", 0, 0, 104u, 112u, 12u),
    [TMU_GCN_GFX8] = TMU_GCN_GEN_ROW("gfx8", "tonga", 1, 0, 102u, 112u, 12u),
    [TMU_GCN_GFX81] = TMU_GCN_GEN_ROW("gfx81", "gfx810", 1, 1, 102u, 112u, 12u),
    [TMU_GCN_GFX9] = TMU_GCN_GEN_ROW("gfx9", "gfx900", 1, 1, 102u, 108u, 16u),
};
#undef TMU_GCN_GEN_ROW

/* Row for a generation (caller checks the range). */
static inline const tmu_gcn_gen_info *tmu_gcn_gen_info_get(tmu_gcn_gen gen)
{
    return &tmu_gcn_gens[gen];
}

/* Whether an SGPR tuple s[first .. first+count-1] names real registers on gen (plain SGPRs
 * below sgpr_count, or entirely inside the ttmp range), as llvm-mc 14's assembler accepts. */
static inline bool tmu_gcn_sgpr_tuple_ok(tmu_gcn_gen gen, unsigned first, unsigned count)
{
    const tmu_gcn_gen_info *g = &tmu_gcn_gens[gen];
    return TMU_GCN_TUPLE_OK(first, count, (unsigned)g->sgpr_count, (unsigned)g->ttmp_base,
                            (unsigned)g->ttmp_count);
}

/* Operand rules of an opcode row as constant expressions of its class and flags, so that the
 * derived per-row table (tmu_gcn_row_fasts, tables.c) and the inline helpers below share them.
 *   takes a sampler (SSAMP): sample, gather4, get_lod;
 *   D16 allowed: not _pck forms, atomics, get_resinfo, get_lod;
 *   legal DMASK values (bit d = DMASK d) with TFE clear / set: gather4 exactly one bit; atomics
 *   0x1 or 0x3; cmpswap 0x3 or 0xf, or 0x1 with TFE (llvm-mc 14 takes its 2-register VDATA as the
 *   64-bit cmpswap form); anything else every value. */
#define TMU_GCN_CLS_SAMPLER(cls)                                                                 \
    ((cls) == TMU_GCN_CLASS_SAMPLE || (cls) == TMU_GCN_CLASS_GATHER ||                           \
     (cls) == TMU_GCN_CLASS_GET_LOD)
#define TMU_GCN_D16_OK(cls, flags)                                                               \
    (!((flags) & TMU_GCN_OPF_PCK) && (cls) != TMU_GCN_CLASS_ATOMIC &&                            \
     (cls) != TMU_GCN_CLASS_RESINFO && (cls) != TMU_GCN_CLASS_GET_LOD)
#define TMU_GCN_DMASK_OK(cls, flags, tfe)                                                        \
    ((cls) == TMU_GCN_CLASS_GATHER                                                               \
         ? 0x0116u                                                                               \
         : (cls) != TMU_GCN_CLASS_ATOMIC                                                         \
               ? 0xffffu                                                                         \
               : ((flags) & TMU_GCN_OPF_CMPSWAP) ? (0x8008u | ((tfe) ? 0x2u : 0u)) : 0x000au)
/* llvm-mc 14 prints one VGPR plus one per extra argument (offset, bias, z-compare, derivatives
 * as a group); lod/clamp/mip and the coordinates beyond the first do not count. */
#define TMU_GCN_VADDR_MIN(flags)                                                                 \
    (1u + !!((flags) & TMU_GCN_OPF_OFFSET) + !!((flags) & TMU_GCN_OPF_BIAS) +                    \
     !!((flags) & TMU_GCN_OPF_COMPARE) + !!((flags) & TMU_GCN_OPF_DERIV))

/* Whether an opcode row takes a sampler (SSAMP): sample, gather4, get_lod. */
static inline bool tmu_gcn_uses_sampler(const tmu_gcn_opcode_info *op)
{
    return TMU_GCN_CLS_SAMPLER(op->cls);
}

/* Whether D16 is allowed on an opcode row (not _pck, atomics, get_resinfo, get_lod). */
static inline bool tmu_gcn_d16_allowed(const tmu_gcn_opcode_info *op)
{
    return TMU_GCN_D16_OK(op->cls, op->flags);
}

/* Facts derived (at compile time, in tables.c) from each opcode row for the decode/print fast
 * path; tmu_gcn_row_fasts[i] belongs to tmu_gcn_opcode_rows[i]. */
typedef struct tmu_gcn_row_fast {
    uint16_t dmask_ok[2]; /* [TFE]: TMU_GCN_DMASK_OK */
    uint8_t sampler;      /* TMU_GCN_CLS_SAMPLER */
    uint8_t d16_ok;       /* TMU_GCN_D16_OK */
    uint8_t vaddr_min;    /* TMU_GCN_VADDR_MIN: the VADDR count llvm-mc prints */
    uint8_t vdata_extra;  /* 3 for gather4 (4 registers from its one DMASK bit), else 0 */
    uint8_t vdata_max;    /* highest first VDATA register llvm-mc decodes: 252 gather4, else 255 */
    uint8_t name_len;     /* strlen of the mnemonic */
} tmu_gcn_row_fast;

/* The opcode table (tables.c), its derived facts and the direct opcode index:
 * tmu_gcn_op_index[gen][opcode] is the row number + 1, 0 when the 7-bit opcode is not defined
 * on gen (entries 128-255 are unused). */
extern const tmu_gcn_opcode_info tmu_gcn_opcode_rows[];
extern const tmu_gcn_row_fast tmu_gcn_row_fasts[];
extern const uint8_t tmu_gcn_op_index[TMU_GCN_GEN_COUNT][256];

#endif
