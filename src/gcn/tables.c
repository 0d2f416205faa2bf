/* GCN MIMG encoding as data: the field table, the opcode table (one column per generation)
 * and per-generation register-file facts.  Everything else in src/gcn/ is driven by these.
 *
 * Sources: shared/reference/gcn-mimg.md sections 1-2 (LLVM MIMGInstructions.td,
 * SIInstrFormats.td, CLRX GcnInstrsMimg.md), checked against llvm-mc 14; RDNA:
 * shared/reference/rdna-mimg.md sections 1-2, checked against llvm-mc 16. */
#include "gcn/tables.h"

#include <string.h>

const tmu_gcn_field_info *tmu_gcn_field_get(tmu_gcn_field field)
{
    return (unsigned)field < TMU_GCN_F_ALL ? &tmu_gcn_field_rows[field] : NULL;
}

const tmu_gcn_field_info *tmu_gcn_field_get_gen(tmu_gcn_gen gen, tmu_gcn_field field)
{
    if ((unsigned)gen >= TMU_GCN_GEN_ALL || (unsigned)field >= TMU_GCN_F_ALL)
        return NULL;
    const tmu_gcn_field_info *fi = &tmu_gcn_fields[tmu_gcn_gens[gen].layout][field];
    return ((fi->gens >> gen) & 1) ? fi : NULL;
}

/* Opcode table, one X(mnemonic, gfx6-9 opcodes, RDNA opcodes, class, flags) row per
 * instruction.  Opcode columns: gfx6 gfx7 gfx8 gfx81 gfx9 | gfx10 gfx10.3 gfx11; N = not
 * defined.  The row array, the direct opcode index and the derived per-row facts below are all
 * generated from this one list at compile time.  RDNA columns: reference/rdna-mimg.md section 2
 * (what llvm-mc 16 decodes, all 256 opcodes tried per generation). */
#define N TMU_GCN_NO_OP
#define ALL(o) o, o, o, o, o
#define OPS(a, b, c, d, e) a, b, c, d, e
#define R(a, b, c) a, b, c
#define R2(o, c) o, o, c /* gfx10 and gfx10.3 share the numbers */
#define NONE N, N, N, N, N
#define L TMU_GCN_CLASS_LOAD
#define ST TMU_GCN_CLASS_STORE
#define RI TMU_GCN_CLASS_RESINFO
#define AT TMU_GCN_CLASS_ATOMIC
#define SA TMU_GCN_CLASS_SAMPLE
#define GA TMU_GCN_CLASS_GATHER
#define GL TMU_GCN_CLASS_GET_LOD
#define BV TMU_GCN_CLASS_BVH
#define O TMU_GCN_OPF_OFFSET
#define B TMU_GCN_OPF_BIAS
#define C TMU_GCN_OPF_COMPARE
#define D TMU_GCN_OPF_DERIV
#define LO TMU_GCN_OPF_LOD
#define CL TMU_GCN_OPF_CLAMP
#define MIP TMU_GCN_OPF_MIP
#define LZ TMU_GCN_OPF_LZ
#define PCK TMU_GCN_OPF_PCK
#define SGN TMU_GCN_OPF_SGN
#define CMPX TMU_GCN_OPF_CMPSWAP
#define CD (TMU_GCN_OPF_DERIV | TMU_GCN_OPF_COARSE)
#define G16 TMU_GCN_OPF_G16

/* Atomics: renumbered in gfx8 (0x0f-0x12 -> 0x10-0x13); rsub, fcmpswap, fmin, fmax removed;
 * gfx10 numbers them as gfx6/7 again (rsub's 0x13 stays undefined), gfx11 renumbers everything.
 * rsub on gfx7: LLVM 14/19 accept it; CLRX and Mesa ACO say gfx6 only (DISPUTED).
 * _g16 rows: the 32-bit-gradient opcode + 0x80 on gfx10 (OP7 set).  gfx9's image_gather4h
 * (0x42) is left out, as llvm-mc 14 does not decode it. */
#define OPCODE_ROWS(X) \
    X(image_load, ALL(0x00), R2(0x00, 0x00), L, 0)                                    \
    X(image_load_mip, ALL(0x01), R2(0x01, 0x01), L, MIP)                              \
    X(image_load_pck, ALL(0x02), R2(0x02, 0x02), L, PCK)                              \
    X(image_load_pck_sgn, ALL(0x03), R2(0x03, 0x03), L, PCK | SGN)                    \
    X(image_load_mip_pck, ALL(0x04), R2(0x04, 0x04), L, MIP | PCK)                    \
    X(image_load_mip_pck_sgn, ALL(0x05), R2(0x05, 0x05), L, MIP | PCK | SGN)          \
    X(image_store, ALL(0x08), R2(0x08, 0x06), ST, 0)                                  \
    X(image_store_mip, ALL(0x09), R2(0x09, 0x07), ST, MIP)                            \
    X(image_store_pck, ALL(0x0a), R2(0x0a, 0x08), ST, PCK)                            \
    X(image_store_mip_pck, ALL(0x0b), R2(0x0b, 0x09), ST, MIP | PCK)                  \
    X(image_get_resinfo, ALL(0x0e), R2(0x0e, 0x17), RI, 0)                            \
    X(image_atomic_swap, OPS(0x0f, 0x0f, 0x10, 0x10, 0x10), R2(0x0f, 0x0a), AT, 0)    \
    X(image_atomic_cmpswap, OPS(0x10, 0x10, 0x11, 0x11, 0x11), R2(0x10, 0x0b), AT, CMPX) \
    X(image_atomic_add, OPS(0x11, 0x11, 0x12, 0x12, 0x12), R2(0x11, 0x0c), AT, 0)     \
    X(image_atomic_sub, OPS(0x12, 0x12, 0x13, 0x13, 0x13), R2(0x12, 0x0d), AT, 0)     \
    X(image_atomic_rsub, OPS(0x13, 0x13, N, N, N), R(N, N, N), AT, TMU_GCN_OPF_DISPUTED) \
    X(image_atomic_smin, ALL(0x14), R2(0x14, 0x0e), AT, 0)                            \
    X(image_atomic_umin, ALL(0x15), R2(0x15, 0x0f), AT, 0)                            \
    X(image_atomic_smax, ALL(0x16), R2(0x16, 0x10), AT, 0)                            \
    X(image_atomic_umax, ALL(0x17), R2(0x17, 0x11), AT, 0)                            \
    X(image_atomic_and, ALL(0x18), R2(0x18, 0x12), AT, 0)                             \
    X(image_atomic_or, ALL(0x19), R2(0x19, 0x13), AT, 0)                              \
    X(image_atomic_xor, ALL(0x1a), R2(0x1a, 0x14), AT, 0)                             \
    X(image_atomic_inc, ALL(0x1b), R2(0x1b, 0x15), AT, 0)                             \
    X(image_atomic_dec, ALL(0x1c), R2(0x1c, 0x16), AT, 0)                             \
    X(image_atomic_fcmpswap, OPS(0x1d, 0x1d, N, N, N), R2(0x1d, N), AT, CMPX)         \
    X(image_atomic_fmin, OPS(0x1e, 0x1e, N, N, N), R2(0x1e, N), AT, 0)                \
    X(image_atomic_fmax, OPS(0x1f, 0x1f, N, N, N), R2(0x1f, N), AT, 0)                \
    X(image_sample, ALL(0x20), R2(0x20, 0x1b), SA, 0)                                 \
    X(image_sample_cl, ALL(0x21), R2(0x21, 0x40), SA, CL)                             \
    X(image_sample_d, ALL(0x22), R2(0x22, 0x1c), SA, D)                               \
    X(image_sample_d_cl, ALL(0x23), R2(0x23, 0x41), SA, D | CL)                       \
    X(image_sample_l, ALL(0x24), R2(0x24, 0x1d), SA, LO)                              \
    X(image_sample_b, ALL(0x25), R2(0x25, 0x1e), SA, B)                               \
    X(image_sample_b_cl, ALL(0x26), R2(0x26, 0x42), SA, B | CL)                       \
    X(image_sample_lz, ALL(0x27), R2(0x27, 0x1f), SA, LZ)                             \
    X(image_sample_c, ALL(0x28), R2(0x28, 0x20), SA, C)                               \
    X(image_sample_c_cl, ALL(0x29), R2(0x29, 0x43), SA, C | CL)                       \
    X(image_sample_c_d, ALL(0x2a), R2(0x2a, 0x21), SA, C | D)                         \
    X(image_sample_c_d_cl, ALL(0x2b), R2(0x2b, 0x44), SA, C | D | CL)                 \
    X(image_sample_c_l, ALL(0x2c), R2(0x2c, 0x22), SA, C | LO)                        \
    X(image_sample_c_b, ALL(0x2d), R2(0x2d, 0x23), SA, C | B)                         \
    X(image_sample_c_b_cl, ALL(0x2e), R2(0x2e, 0x45), SA, C | B | CL)                 \
    X(image_sample_c_lz, ALL(0x2f), R2(0x2f, 0x24), SA, C | LZ)                       \
    X(image_sample_o, ALL(0x30), R2(0x30, 0x25), SA, O)                               \
    X(image_sample_cl_o, ALL(0x31), R2(0x31, 0x46), SA, O | CL)                       \
    X(image_sample_d_o, ALL(0x32), R2(0x32, 0x26), SA, O | D)                         \
    X(image_sample_d_cl_o, ALL(0x33), R2(0x33, 0x47), SA, O | D | CL)                 \
    X(image_sample_l_o, ALL(0x34), R2(0x34, 0x27), SA, O | LO)                        \
    X(image_sample_b_o, ALL(0x35), R2(0x35, 0x28), SA, O | B)                         \
    X(image_sample_b_cl_o, ALL(0x36), R2(0x36, 0x48), SA, O | B | CL)                 \
    X(image_sample_lz_o, ALL(0x37), R2(0x37, 0x29), SA, O | LZ)                       \
    X(image_sample_c_o, ALL(0x38), R2(0x38, 0x2a), SA, O | C)                         \
    X(image_sample_c_cl_o, ALL(0x39), R2(0x39, 0x49), SA, O | C | CL)                 \
    X(image_sample_c_d_o, ALL(0x3a), R2(0x3a, 0x2b), SA, O | C | D)                   \
    X(image_sample_c_d_cl_o, ALL(0x3b), R2(0x3b, 0x4a), SA, O | C | D | CL)           \
    X(image_sample_c_l_o, ALL(0x3c), R2(0x3c, 0x2c), SA, O | C | LO)                  \
    X(image_sample_c_b_o, ALL(0x3d), R2(0x3d, 0x2d), SA, O | C | B)                   \
    X(image_sample_c_b_cl_o, ALL(0x3e), R2(0x3e, 0x4b), SA, O | C | B | CL)           \
    X(image_sample_c_lz_o, ALL(0x3f), R2(0x3f, 0x2e), SA, O | C | LZ)                 \
    X(image_gather4, ALL(0x40), R2(0x40, 0x2f), GA, 0)                                \
    X(image_gather4_cl, ALL(0x41), R2(0x41, 0x60), GA, CL)                            \
    X(image_gather4_l, ALL(0x44), R2(0x44, 0x30), GA, LO)                             \
    X(image_gather4_b, ALL(0x45), R2(0x45, 0x31), GA, B)                              \
    X(image_gather4_b_cl, ALL(0x46), R2(0x46, 0x61), GA, B | CL)                      \
    X(image_gather4_lz, ALL(0x47), R2(0x47, 0x32), GA, LZ)                            \
    X(image_gather4_c, ALL(0x48), R2(0x48, 0x33), GA, C)                              \
    X(image_gather4_c_cl, ALL(0x49), R2(0x49, 0x62), GA, C | CL)                      \
    X(image_gather4_c_l, ALL(0x4c), R2(0x4c, 0x63), GA, C | LO)                       \
    X(image_gather4_c_b, ALL(0x4d), R2(0x4d, 0x64), GA, C | B)                        \
    X(image_gather4_c_b_cl, ALL(0x4e), R2(0x4e, 0x65), GA, C | B | CL)                \
    X(image_gather4_c_lz, ALL(0x4f), R2(0x4f, 0x34), GA, C | LZ)                      \
    X(image_gather4_o, ALL(0x50), R2(0x50, 0x35), GA, O)                              \
    X(image_gather4_cl_o, ALL(0x51), R2(0x51, N), GA, O | CL)                         \
    X(image_gather4_l_o, ALL(0x54), R2(0x54, N), GA, O | LO)                          \
    X(image_gather4_b_o, ALL(0x55), R2(0x55, N), GA, O | B)                           \
    X(image_gather4_b_cl_o, ALL(0x56), R2(0x56, N), GA, O | B | CL)                   \
    X(image_gather4_lz_o, ALL(0x57), R2(0x57, 0x36), GA, O | LZ)                      \
    X(image_gather4_c_o, ALL(0x58), R2(0x58, N), GA, O | C)                           \
    X(image_gather4_c_cl_o, ALL(0x59), R2(0x59, N), GA, O | C | CL)                   \
    X(image_gather4_c_l_o, ALL(0x5c), R2(0x5c, N), GA, O | C | LO)                    \
    X(image_gather4_c_b_o, ALL(0x5d), R2(0x5d, N), GA, O | C | B)                     \
    X(image_gather4_c_b_cl_o, ALL(0x5e), R2(0x5e, N), GA, O | C | B | CL)             \
    X(image_gather4_c_lz_o, ALL(0x5f), R2(0x5f, 0x37), GA, O | C | LZ)                \
    X(image_get_lod, ALL(0x60), R2(0x60, 0x38), GL, 0)                                \
    X(image_sample_cd, ALL(0x68), R2(0x68, N), SA, CD)                                \
    X(image_sample_cd_cl, ALL(0x69), R2(0x69, N), SA, CD | CL)                        \
    X(image_sample_c_cd, ALL(0x6a), R2(0x6a, N), SA, C | CD)                          \
    X(image_sample_c_cd_cl, ALL(0x6b), R2(0x6b, N), SA, C | CD | CL)                  \
    X(image_sample_cd_o, ALL(0x6c), R2(0x6c, N), SA, O | CD)                          \
    X(image_sample_cd_cl_o, ALL(0x6d), R2(0x6d, N), SA, O | CD | CL)                  \
    X(image_sample_c_cd_o, ALL(0x6e), R2(0x6e, N), SA, O | C | CD)                    \
    X(image_sample_c_cd_cl_o, ALL(0x6f), R2(0x6f, N), SA, O | C | CD | CL)            \
    X(image_gather4h, NONE, R2(0x61, 0x90), GA, 0)                                    \
    X(image_msaa_load, NONE, R(N, 0x80, 0x18), L, TMU_GCN_OPF_MSAA)                   \
    X(image_sample_d_g16, NONE, R2(0xa2, 0x39), SA, D | G16)                          \
    X(image_sample_d_cl_g16, NONE, R2(0xa3, 0x5f), SA, D | CL | G16)                  \
    X(image_sample_c_d_g16, NONE, R2(0xaa, 0x3a), SA, C | D | G16)                    \
    X(image_sample_c_d_cl_g16, NONE, R2(0xab, 0x54), SA, C | D | CL | G16)            \
    X(image_sample_d_o_g16, NONE, R2(0xb2, 0x3b), SA, O | D | G16)                    \
    X(image_sample_d_cl_o_g16, NONE, R2(0xb3, 0x55), SA, O | D | CL | G16)            \
    X(image_sample_c_d_o_g16, NONE, R2(0xba, 0x3c), SA, O | C | D | G16)              \
    X(image_sample_c_d_cl_o_g16, NONE, R2(0xbb, 0x56), SA, O | C | D | CL | G16)      \
    X(image_bvh_intersect_ray, NONE, R(N, 0xe6, 0x19), BV, 0)                         \
    X(image_bvh64_intersect_ray, NONE, R(N, 0xe7, 0x1a), BV, TMU_GCN_OPF_BVH64)       \
    X(image_sample_cd_g16, NONE, R2(0xe8, N), SA, CD | G16)                           \
    X(image_sample_cd_cl_g16, NONE, R2(0xe9, N), SA, CD | CL | G16)                   \
    X(image_sample_c_cd_g16, NONE, R2(0xea, N), SA, C | CD | G16)                     \
    X(image_sample_c_cd_cl_g16, NONE, R2(0xeb, N), SA, C | CD | CL | G16)             \
    X(image_sample_cd_o_g16, NONE, R2(0xec, N), SA, O | CD | G16)                     \
    X(image_sample_cd_cl_o_g16, NONE, R2(0xed, N), SA, O | CD | CL | G16)             \
    X(image_sample_c_cd_o_g16, NONE, R2(0xee, N), SA, O | C | CD | G16)               \
    X(image_sample_c_cd_cl_o_g16, NONE, R2(0xef, N), SA, O | C | CD | CL | G16)

/* Row numbers, for the index below. */
#define ROW_ENUM(name, ...) ROW_##name,
enum { OPCODE_ROWS(ROW_ENUM) NUM_ROWS };
_Static_assert(NUM_ROWS + 256 <= TMU_GCN_OP_INDEX_SIZE, "opcode index: one spare slot per row");
_Static_assert(NUM_ROWS < 255, "opcode index entries are row + 1 in a byte");

/* The rows.  X(name, ops, cls, flags) -> ROW_(name, o6 .. o9, o10, o103, o11, cls, flags)
 * after the opcode macros expand. */
#define ROW_(name, o6, o7, o8, o81, o9, o10, o103, o11, cls, flags)                            \
    {#name, sizeof #name - 1, {o6, o7, o8, o81, o9, o10, o103, o11}, cls, flags},
#define ROW(name, ...) ROW_(name, __VA_ARGS__)
const tmu_gcn_opcode_info tmu_gcn_opcode_rows[] = {OPCODE_ROWS(ROW)};
_Static_assert(sizeof tmu_gcn_opcode_rows / sizeof tmu_gcn_opcode_rows[0] == NUM_ROWS, "rows");

/* Derived facts per row (tables.h: the operand-rule macros).  The RDNA address counts are
 * listed per DIM (0-7) and A16. */
#define ADDR2_(cls, flags, d)                                                                   \
    TMU_GCN_RDNA_ADDR(cls, flags, d, 0u), TMU_GCN_RDNA_ADDR(cls, flags, d, 1u)
#define DATA_BIT_(cls, flags, g11, i)                                                           \
    ((uint64_t)TMU_GCN_RDNA_DATA_OK(cls, flags, g11, (i) & 15u, ((i) >> 4) & 1u, (i) >> 5) << (i))
#define DATA8_(cls, flags, g11, i)                                                              \
    (DATA_BIT_(cls, flags, g11, (i)) | DATA_BIT_(cls, flags, g11, (i) + 1u) |                  \
     DATA_BIT_(cls, flags, g11, (i) + 2u) | DATA_BIT_(cls, flags, g11, (i) + 3u) |              \
     DATA_BIT_(cls, flags, g11, (i) + 4u) | DATA_BIT_(cls, flags, g11, (i) + 5u) |              \
     DATA_BIT_(cls, flags, g11, (i) + 6u) | DATA_BIT_(cls, flags, g11, (i) + 7u))
#define DATA64_(cls, flags, g11)                                                                \
    (DATA8_(cls, flags, g11, 0u) | DATA8_(cls, flags, g11, 8u) | DATA8_(cls, flags, g11, 16u) |   \
     DATA8_(cls, flags, g11, 24u) | DATA8_(cls, flags, g11, 32u) | DATA8_(cls, flags, g11, 40u) | \
     DATA8_(cls, flags, g11, 48u) | DATA8_(cls, flags, g11, 56u))
#define FAST_(name, o6, o7, o8, o81, o9, o10, o103, o11, cls, flags)                           \
    {{TMU_GCN_DMASK_OK(cls, flags, 0), TMU_GCN_DMASK_OK(cls, flags, 1)},                        \
     TMU_GCN_CLS_SAMPLER(cls),                                                                  \
     TMU_GCN_D16_OK(cls, flags),                                                                \
     TMU_GCN_VADDR_MIN(flags),                                                                  \
     (cls) == TMU_GCN_CLASS_GATHER ? 3 : 0,                                                     \
     (cls) == TMU_GCN_CLASS_GATHER ? 252 : 255,                                                 \
     sizeof #name - 1,                                                                          \
     {TMU_GCN_RDNA_DMASK_OK(cls, flags, 0), TMU_GCN_RDNA_DMASK_OK(cls, flags, 1)},              \
     {DATA64_(cls, flags, 0), DATA64_(cls, flags, 1)},                                          \
     {TMU_GCN_RDNA_ADDR_OK(cls, flags, 0), TMU_GCN_RDNA_ADDR_OK(cls, flags, 1)},                \
     {ADDR2_(cls, flags, 0u), ADDR2_(cls, flags, 1u), ADDR2_(cls, flags, 2u),                   \
      ADDR2_(cls, flags, 3u), ADDR2_(cls, flags, 4u), ADDR2_(cls, flags, 5u),                   \
      ADDR2_(cls, flags, 6u), ADDR2_(cls, flags, 7u)}},
#define FAST(name, ...) FAST_(name, __VA_ARGS__)
const tmu_gcn_row_fast tmu_gcn_row_fasts[] = {OPCODE_ROWS(FAST)};

/* Direct index: [gen][opcode] = row + 1.  An opcode column holding N (0xff) is sent to a spare
 * slot 256 + row of its own, so every element is designated at most once (two rows with the
 * same opcode on a generation would be an overridden initializer, a -Wextra warning;
 * test_gcn_unit also checks lookup against a scan of the rows). */
#define SLOT_(o, row) ((o) == TMU_GCN_NO_OP ? 256 + (row) : (o))
#define INDEX_(name, o6, o7, o8, o81, o9, o10, o103, o11, cls, flags)                          \
    [TMU_GCN_GFX6][SLOT_(o6, ROW_##name)] = ROW_##name + 1,                                     \
    [TMU_GCN_GFX7][SLOT_(o7, ROW_##name)] = ROW_##name + 1,                                     \
    [TMU_GCN_GFX8][SLOT_(o8, ROW_##name)] = ROW_##name + 1,                                     \
    [TMU_GCN_GFX81][SLOT_(o81, ROW_##name)] = ROW_##name + 1,                                   \
    [TMU_GCN_GFX9][SLOT_(o9, ROW_##name)] = ROW_##name + 1,                                     \
    [TMU_GCN_GFX10][SLOT_(o10, ROW_##name)] = ROW_##name + 1,                                   \
    [TMU_GCN_GFX103][SLOT_(o103, ROW_##name)] = ROW_##name + 1,                                 \
    [TMU_GCN_GFX11][SLOT_(o11, ROW_##name)] = ROW_##name + 1,
#define INDEX(name, ...) INDEX_(name, __VA_ARGS__)
const uint8_t tmu_gcn_op_index[TMU_GCN_GEN_ALL][TMU_GCN_OP_INDEX_SIZE] = {OPCODE_ROWS(INDEX)};

const tmu_gcn_opcode_info *tmu_gcn_opcodes(size_t *count)
{
    if (count)
        *count = NUM_ROWS;
    return tmu_gcn_opcode_rows;
}

const tmu_gcn_opcode_info *tmu_gcn_opcode_lookup(tmu_gcn_gen gen, unsigned opcode)
{
    if ((unsigned)gen >= TMU_GCN_GEN_ALL || opcode > (TMU_GCN_GEN_IS_RDNA(gen) ? 0xffu : 0x7fu))
        return NULL;
    unsigned r = tmu_gcn_op_index[gen][opcode];
    return r ? &tmu_gcn_opcode_rows[r - 1] : NULL;
}

const tmu_gcn_opcode_info *tmu_gcn_opcode_by_name(const char *name)
{
    if (!name)
        return NULL;
    for (size_t i = 0; i < NUM_ROWS; i++)
        if (strcmp(tmu_gcn_opcode_rows[i].name, name) == 0)
            return &tmu_gcn_opcode_rows[i];
    return NULL;
}

const char *tmu_gcn_gen_name(tmu_gcn_gen gen)
{
    return (unsigned)gen < TMU_GCN_GEN_ALL ? tmu_gcn_gens[gen].name : NULL;
}

const char *tmu_gcn_gen_llvm_cpu(tmu_gcn_gen gen)
{
    return (unsigned)gen < TMU_GCN_GEN_ALL ? tmu_gcn_gens[gen].llvm_cpu : NULL;
}

tmu_status tmu_gcn_gen_check_modelled(tmu_gcn_gen gen, const char *what, tmu_diag *diag)
{
    if ((unsigned)gen >= TMU_GCN_GEN_ALL)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1, "unknown generation %d",
                            (int)gen);
    /* RDNA: execution, descriptors and translation (through gfx9) are all modelled */
    (void)what;
    tmu_diag_clear(diag);
    return TMU_OK;
}

static const char *const dim_names[8] = {
    "SQ_RSRC_IMG_1D",       "SQ_RSRC_IMG_2D",       "SQ_RSRC_IMG_3D",
    "SQ_RSRC_IMG_CUBE",     "SQ_RSRC_IMG_1D_ARRAY", "SQ_RSRC_IMG_2D_ARRAY",
    "SQ_RSRC_IMG_2D_MSAA",  "SQ_RSRC_IMG_2D_MSAA_ARRAY"};

const char *tmu_gcn_dim_name(unsigned dim)
{
    return dim < 8 ? dim_names[dim] : NULL;
}

/* Names per generation: tmu's, AMD's family names and llvm's -mcpu names (reference/rdna-mimg.md:
 * gfx1011/1012 share gfx1010's MIMG set, gfx1031-1036 gfx1030's, gfx1101-1103 gfx1100's;
 * gfx1013, which adds BVH to gfx10, is left out). */
static const struct {
    const char *name;
    tmu_gcn_gen gen;
} gen_aliases[] = {
    {"gfx6", TMU_GCN_GFX6},     {"si", TMU_GCN_GFX6},       {"tahiti", TMU_GCN_GFX6},
    {"gfx7", TMU_GCN_GFX7},     {"ci", TMU_GCN_GFX7},       {"bonaire", TMU_GCN_GFX7},
    {"gfx8", TMU_GCN_GFX8},     {"vi", TMU_GCN_GFX8},       {"tonga", TMU_GCN_GFX8},
    {"gfx81", TMU_GCN_GFX81},   {"gfx810", TMU_GCN_GFX81},  {"stoney", TMU_GCN_GFX81},
    {"gfx9", TMU_GCN_GFX9},     {"gfx900", TMU_GCN_GFX9},   {"vega", TMU_GCN_GFX9},
    {"gfx10", TMU_GCN_GFX10},   {"gfx1010", TMU_GCN_GFX10}, {"gfx1011", TMU_GCN_GFX10},
    {"gfx1012", TMU_GCN_GFX10}, {"navi10", TMU_GCN_GFX10},
    {"gfx10.3", TMU_GCN_GFX103}, {"gfx103", TMU_GCN_GFX103}, {"gfx1030", TMU_GCN_GFX103},
    {"gfx1031", TMU_GCN_GFX103}, {"gfx1032", TMU_GCN_GFX103}, {"gfx1033", TMU_GCN_GFX103},
    {"gfx1034", TMU_GCN_GFX103}, {"gfx1035", TMU_GCN_GFX103}, {"gfx1036", TMU_GCN_GFX103},
    {"navi21", TMU_GCN_GFX103},
    {"gfx11", TMU_GCN_GFX11},   {"gfx1100", TMU_GCN_GFX11}, {"gfx1101", TMU_GCN_GFX11},
    {"gfx1102", TMU_GCN_GFX11}, {"gfx1103", TMU_GCN_GFX11}, {"navi31", TMU_GCN_GFX11},
};
#define NUM_ALIASES (sizeof(gen_aliases) / sizeof(gen_aliases[0]))

static int lower_eq(const char *a, const char *b)
{
    for (; *a && *b; a++, b++) {
        char ca = (*a >= 'A' && *a <= 'Z') ? (char)(*a + 32) : *a;
        if (ca != *b)
            return 0;
    }
    return *a == *b;
}

tmu_status tmu_gcn_gen_from_name(const char *name, tmu_gcn_gen *out)
{
    if (!name || !out)
        return TMU_ERR_INVALID_ARGUMENT;
    for (size_t i = 0; i < NUM_ALIASES; i++) {
        if (lower_eq(name, gen_aliases[i].name)) {
            *out = gen_aliases[i].gen;
            return TMU_OK;
        }
    }
    return TMU_ERR_NOT_FOUND;
}

const char *const *tmu_gcn_gen_names(size_t *count)
{
    static const char *const names[] = {
        "gfx6",    "si",      "tahiti",  "gfx7",    "ci",      "bonaire", "gfx8",    "vi",
        "tonga",   "gfx81",   "gfx810",  "stoney",  "gfx9",    "gfx900",  "vega",    "gfx10",
        "gfx1010", "gfx1011", "gfx1012", "navi10",  "gfx10.3", "gfx103",  "gfx1030", "gfx1031",
        "gfx1032", "gfx1033", "gfx1034", "gfx1035", "gfx1036", "navi21",  "gfx11",   "gfx1100",
        "gfx1101", "gfx1102", "gfx1103", "navi31"};
    _Static_assert(sizeof names / sizeof names[0] == NUM_ALIASES, "one name per alias");
    if (count)
        *count = sizeof(names) / sizeof(names[0]);
    return names;
}
