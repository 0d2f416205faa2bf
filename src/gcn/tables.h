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
} tmu_gcn_gen_info;

/* The tables below are defined here, once, as static const data so that decode and print
 * can be compiled against constants (the field loop unrolls); tables.c exposes them through
 * the public getters. */

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
 * (16 ttmps). */
static const tmu_gcn_gen_info tmu_gcn_gens[TMU_GCN_GEN_COUNT] = {
    [TMU_GCN_GFX6] = {"gfx6", "tahiti", 0, 0, 104, 112, 12},
    [TMU_GCN_GFX7] = {"gfx7", "bonaire", 0, 0, 104, 112, 12},
    [TMU_GCN_GFX8] = {"gfx8", "tonga", 1, 0, 102, 112, 12},
    [TMU_GCN_GFX81] = {"gfx81", "gfx810", 1, 1, 102, 112, 12},
    [TMU_GCN_GFX9] = {"gfx9", "gfx900", 1, 1, 102, 108, 16},
};

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
    unsigned last = first + count - 1;
    if (last < g->sgpr_count)
        return true;
    return first >= g->ttmp_base && last < (unsigned)g->ttmp_base + g->ttmp_count;
}

/* Whether an opcode row takes a sampler (SSAMP): sample, gather4, get_lod. */
static inline bool tmu_gcn_uses_sampler(const tmu_gcn_opcode_info *op)
{
    return op->cls == TMU_GCN_CLASS_SAMPLE || op->cls == TMU_GCN_CLASS_GATHER ||
           op->cls == TMU_GCN_CLASS_GET_LOD;
}

/* Whether D16 is allowed on an opcode row (not _pck, atomics, get_resinfo, get_lod). */
static inline bool tmu_gcn_d16_allowed(const tmu_gcn_opcode_info *op)
{
    return !(op->flags & TMU_GCN_OPF_PCK) && op->cls != TMU_GCN_CLASS_ATOMIC &&
           op->cls != TMU_GCN_CLASS_RESINFO && op->cls != TMU_GCN_CLASS_GET_LOD;
}

#endif
