/* Private: shared state of the GCN executor (exec.c, exec_bind.c, exec_op.c, exec_mem.c). */
#ifndef TMU_GCN_EXEC_INTERNAL_H
#define TMU_GCN_EXEC_INTERNAL_H

#include "gcn/tables.h"
#include "tmu/gcn_exec.h"
#include "tmu/unit.h"

/* Status dword bits (gcn_exec.h). */
enum { GCN_STATUS_NOT_RESIDENT = 1u, GCN_STATUS_LOD_WARNING = 2u };

/* An instruction with everything it reads resolved (gcn_prepare). */
typedef struct gcn_inst {
    const tmu_gcn_mimg *mi; /* = &mi_copy */
    tmu_gcn_mimg mi_copy;
    const tmu_gcn_opcode_info *row;
    tmu_gcn_gen gen;
    tmu_gcn_tdesc tdesc;
    tmu_gcn_sdesc sdesc;
    int has_sampler;
    tmu_texture tex;
    tmu_surface surf; /* a tiled image's layout: tex.level[].surface points here */
    tmu_sampler smp;
    tmu_gcn_vaddr_layout vaddr;
    int pos[TMU_GCN_AC_COUNT]; /* index of each component in vaddr, -1 when absent */
    tmu_op op;
    unsigned dmask;
    unsigned nvals;       /* result values before packing: gather 4, else popcount(DMASK) */
    unsigned data_dwords; /* VDATA data registers */
    int status;           /* a status dword follows the data (TFE or LWE) */
    int d16, packed, a16;
    int any16;            /* some address component is 16-bit (A16, G16) */
    uint32_t vaddr0, vdata0;
    uint16_t addr_vgpr[TMU_GCN_MAX_ADDR]; /* the VGPR of address dword i (RDNA NSA: each its own) */
} gcn_inst;

/* Per-lane operand arrays for one texture-unit call (kept off the wave: explain is const). */
typedef struct gcn_lanes {
    float coord[3][TMU_GCN_LANES];
    int32_t icoord[3][TMU_GCN_LANES];
    uint32_t layer[TMU_GCN_LANES];
    float layer_f[TMU_GCN_LANES];
    uint32_t sample[TMU_GCN_LANES];
    float lod[TMU_GCN_LANES];
    int32_t ilod[TMU_GCN_LANES];
    float min_lod[TMU_GCN_LANES];
    float grad_x[3][TMU_GCN_LANES];
    float grad_y[3][TMU_GCN_LANES];
    int32_t offset[3][TMU_GCN_LANES];
    float ref[TMU_GCN_LANES];
    uint32_t out[4][TMU_GCN_LANES];
    uint8_t resident[TMU_GCN_LANES];
    float lodrep[TMU_GCN_LANES];
    /* the instruction's single texture-unit call, prepared on its first run (wave cache) */
    tmu_unit_plan *plan;
    uint32_t *plan_ready;
} gcn_lanes;

/* Results of one instruction: written straight into the pending-ring slot it will occupy
 * (mask[i] / data[i] per VDATA dword; the slot is committed only when execution succeeds). */
typedef tmu_gcn_pending gcn_result;

/* Reads descriptors, binds memory, lifts the op and checks every operand (no side effect). */
tmu_status gcn_prepare(const tmu_gcn_wave *w, const tmu_gcn_env *env, const tmu_gcn_mimg *mi,
                       gcn_inst *x, tmu_diag *diag);

/* Class executors: fill `res` (and write memory for stores / atomics).  Sampling classes call the
 * texture unit and may fail with its diagnostics before anything is written. */
tmu_status gcn_exec_sampling(const tmu_gcn_wave *w, const gcn_inst *x, gcn_lanes *ln,
                             gcn_result *res, tmu_diag *diag);
tmu_status gcn_exec_memory(const tmu_gcn_wave *w, const gcn_inst *x, gcn_lanes *ln,
                           gcn_result *res, tmu_diag *diag);

/* Raw 32-bit VADDR component `c` of `lane` (A16: the 16-bit half, zero-extended); 0 if absent. */
uint32_t gcn_addr_raw(const tmu_gcn_wave *w, const gcn_inst *x, tmu_gcn_addr_comp c, unsigned lane);
/* The component as a float (A16 halves converted; offset and z-compare are always 32-bit). */
float gcn_addr_float(const tmu_gcn_wave *w, const gcn_inst *x, tmu_gcn_addr_comp c, unsigned lane);

/* Packs per-lane result values (vals[k][lane], k < x->nvals, fp16 in the low bits for D16) into
 * the data dwords of `res` for the lanes in `lanes`, by the D16 rules. */
void gcn_pack_values(const gcn_inst *x, uint32_t vals[4][TMU_GCN_LANES], uint64_t lanes,
                     gcn_result *res);

/* The texel address of image level `level` (relative to the view), (x, y, z or layer relative to
 * the view) or NULL when outside the view or the level. */
unsigned char *gcn_texel_ptr(const tmu_texture *tex, uint32_t level, uint32_t xx, uint32_t yy,
                             uint32_t zl);

#endif
