/* GCN MIMG encoding as data: the field table, the opcode table (one column per generation)
 * and per-generation register-file facts.  Everything else in src/gcn/ is driven by these.
 *
 * Sources: shared/reference/gcn-mimg.md sections 1-2 (LLVM MIMGInstructions.td,
 * SIInstrFormats.td, CLRX GcnInstrsMimg.md), checked against llvm-mc 14. */
#include "gcn/tables.h"

#include <string.h>

const tmu_gcn_field_info *tmu_gcn_field_get(tmu_gcn_field field)
{
    return (unsigned)field < TMU_GCN_F_COUNT ? &tmu_gcn_field_rows[field] : NULL;
}

/* Opcode table, one X(mnemonic, opcodes, class, flags) row per instruction.  Opcode columns:
 * gfx6 gfx7 gfx8 gfx81 gfx9; N = not defined.  The row array, the direct opcode index and
 * the derived per-row facts below are all generated from this one list at compile time. */
#define N TMU_GCN_NO_OP
#define ALL(o) o, o, o, o, o
#define OPS(a, b, c, d, e) a, b, c, d, e
#define L TMU_GCN_CLASS_LOAD
#define ST TMU_GCN_CLASS_STORE
#define RI TMU_GCN_CLASS_RESINFO
#define AT TMU_GCN_CLASS_ATOMIC
#define SA TMU_GCN_CLASS_SAMPLE
#define GA TMU_GCN_CLASS_GATHER
#define GL TMU_GCN_CLASS_GET_LOD
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

/* Atomics: renumbered in gfx8 (0x0f-0x12 -> 0x10-0x13); rsub, fcmpswap, fmin, fmax removed.
 * rsub on gfx7: LLVM 14/19 accept it; CLRX and Mesa ACO say gfx6 only (DISPUTED). */
#define OPCODE_ROWS(X) \
    X(image_load, ALL(0x00), L, 0)                                            \
    X(image_load_mip, ALL(0x01), L, MIP)                                      \
    X(image_load_pck, ALL(0x02), L, PCK)                                      \
    X(image_load_pck_sgn, ALL(0x03), L, PCK | SGN)                            \
    X(image_load_mip_pck, ALL(0x04), L, MIP | PCK)                            \
    X(image_load_mip_pck_sgn, ALL(0x05), L, MIP | PCK | SGN)                  \
    X(image_store, ALL(0x08), ST, 0)                                          \
    X(image_store_mip, ALL(0x09), ST, MIP)                                    \
    X(image_store_pck, ALL(0x0a), ST, PCK)                                    \
    X(image_store_mip_pck, ALL(0x0b), ST, MIP | PCK)                          \
    X(image_get_resinfo, ALL(0x0e), RI, 0)                                    \
    X(image_atomic_swap, OPS(0x0f, 0x0f, 0x10, 0x10, 0x10), AT, 0)            \
    X(image_atomic_cmpswap, OPS(0x10, 0x10, 0x11, 0x11, 0x11), AT, CMPX)      \
    X(image_atomic_add, OPS(0x11, 0x11, 0x12, 0x12, 0x12), AT, 0)             \
    X(image_atomic_sub, OPS(0x12, 0x12, 0x13, 0x13, 0x13), AT, 0)             \
    X(image_atomic_rsub, OPS(0x13, 0x13, N, N, N), AT, TMU_GCN_OPF_DISPUTED)  \
    X(image_atomic_smin, ALL(0x14), AT, 0)                                    \
    X(image_atomic_umin, ALL(0x15), AT, 0)                                    \
    X(image_atomic_smax, ALL(0x16), AT, 0)                                    \
    X(image_atomic_umax, ALL(0x17), AT, 0)                                    \
    X(image_atomic_and, ALL(0x18), AT, 0)                                     \
    X(image_atomic_or, ALL(0x19), AT, 0)                                      \
    X(image_atomic_xor, ALL(0x1a), AT, 0)                                     \
    X(image_atomic_inc, ALL(0x1b), AT, 0)                                     \
    X(image_atomic_dec, ALL(0x1c), AT, 0)                                     \
    X(image_atomic_fcmpswap, OPS(0x1d, 0x1d, N, N, N), AT, CMPX)              \
    X(image_atomic_fmin, OPS(0x1e, 0x1e, N, N, N), AT, 0)                     \
    X(image_atomic_fmax, OPS(0x1f, 0x1f, N, N, N), AT, 0)                     \
    X(image_sample, ALL(0x20), SA, 0)                                         \
    X(image_sample_cl, ALL(0x21), SA, CL)                                     \
    X(image_sample_d, ALL(0x22), SA, D)                                       \
    X(image_sample_d_cl, ALL(0x23), SA, D | CL)                               \
    X(image_sample_l, ALL(0x24), SA, LO)                                      \
    X(image_sample_b, ALL(0x25), SA, B)                                       \
    X(image_sample_b_cl, ALL(0x26), SA, B | CL)                               \
    X(image_sample_lz, ALL(0x27), SA, LZ)                                     \
    X(image_sample_c, ALL(0x28), SA, C)                                       \
    X(image_sample_c_cl, ALL(0x29), SA, C | CL)                               \
    X(image_sample_c_d, ALL(0x2a), SA, C | D)                                 \
    X(image_sample_c_d_cl, ALL(0x2b), SA, C | D | CL)                         \
    X(image_sample_c_l, ALL(0x2c), SA, C | LO)                                \
    X(image_sample_c_b, ALL(0x2d), SA, C | B)                                 \
    X(image_sample_c_b_cl, ALL(0x2e), SA, C | B | CL)                         \
    X(image_sample_c_lz, ALL(0x2f), SA, C | LZ)                               \
    X(image_sample_o, ALL(0x30), SA, O)                                       \
    X(image_sample_cl_o, ALL(0x31), SA, O | CL)                               \
    X(image_sample_d_o, ALL(0x32), SA, O | D)                                 \
    X(image_sample_d_cl_o, ALL(0x33), SA, O | D | CL)                         \
    X(image_sample_l_o, ALL(0x34), SA, O | LO)                                \
    X(image_sample_b_o, ALL(0x35), SA, O | B)                                 \
    X(image_sample_b_cl_o, ALL(0x36), SA, O | B | CL)                         \
    X(image_sample_lz_o, ALL(0x37), SA, O | LZ)                               \
    X(image_sample_c_o, ALL(0x38), SA, O | C)                                 \
    X(image_sample_c_cl_o, ALL(0x39), SA, O | C | CL)                         \
    X(image_sample_c_d_o, ALL(0x3a), SA, O | C | D)                           \
    X(image_sample_c_d_cl_o, ALL(0x3b), SA, O | C | D | CL)                   \
    X(image_sample_c_l_o, ALL(0x3c), SA, O | C | LO)                          \
    X(image_sample_c_b_o, ALL(0x3d), SA, O | C | B)                           \
    X(image_sample_c_b_cl_o, ALL(0x3e), SA, O | C | B | CL)                   \
    X(image_sample_c_lz_o, ALL(0x3f), SA, O | C | LZ)                         \
    X(image_gather4, ALL(0x40), GA, 0)                                        \
    X(image_gather4_cl, ALL(0x41), GA, CL)                                    \
    X(image_gather4_l, ALL(0x44), GA, LO)                                     \
    X(image_gather4_b, ALL(0x45), GA, B)                                      \
    X(image_gather4_b_cl, ALL(0x46), GA, B | CL)                              \
    X(image_gather4_lz, ALL(0x47), GA, LZ)                                    \
    X(image_gather4_c, ALL(0x48), GA, C)                                      \
    X(image_gather4_c_cl, ALL(0x49), GA, C | CL)                              \
    X(image_gather4_c_l, ALL(0x4c), GA, C | LO)                               \
    X(image_gather4_c_b, ALL(0x4d), GA, C | B)                                \
    X(image_gather4_c_b_cl, ALL(0x4e), GA, C | B | CL)                        \
    X(image_gather4_c_lz, ALL(0x4f), GA, C | LZ)                              \
    X(image_gather4_o, ALL(0x50), GA, O)                                      \
    X(image_gather4_cl_o, ALL(0x51), GA, O | CL)                              \
    X(image_gather4_l_o, ALL(0x54), GA, O | LO)                               \
    X(image_gather4_b_o, ALL(0x55), GA, O | B)                                \
    X(image_gather4_b_cl_o, ALL(0x56), GA, O | B | CL)                        \
    X(image_gather4_lz_o, ALL(0x57), GA, O | LZ)                              \
    X(image_gather4_c_o, ALL(0x58), GA, O | C)                                \
    X(image_gather4_c_cl_o, ALL(0x59), GA, O | C | CL)                        \
    X(image_gather4_c_l_o, ALL(0x5c), GA, O | C | LO)                         \
    X(image_gather4_c_b_o, ALL(0x5d), GA, O | C | B)                          \
    X(image_gather4_c_b_cl_o, ALL(0x5e), GA, O | C | B | CL)                  \
    X(image_gather4_c_lz_o, ALL(0x5f), GA, O | C | LZ)                        \
    X(image_get_lod, ALL(0x60), GL, 0)                                        \
    X(image_sample_cd, ALL(0x68), SA, CD)                                     \
    X(image_sample_cd_cl, ALL(0x69), SA, CD | CL)                             \
    X(image_sample_c_cd, ALL(0x6a), SA, C | CD)                               \
    X(image_sample_c_cd_cl, ALL(0x6b), SA, C | CD | CL)                       \
    X(image_sample_cd_o, ALL(0x6c), SA, O | CD)                               \
    X(image_sample_cd_cl_o, ALL(0x6d), SA, O | CD | CL)                       \
    X(image_sample_c_cd_o, ALL(0x6e), SA, O | C | CD)                         \
    X(image_sample_c_cd_cl_o, ALL(0x6f), SA, O | C | CD | CL)                

/* Row numbers, for the index below. */
#define ROW_ENUM(name, ...) ROW_##name,
enum { OPCODE_ROWS(ROW_ENUM) NUM_ROWS };
_Static_assert(NUM_ROWS + 128 <= 256, "opcode index: one spare slot per row above 127");

/* The rows.  X(name, ops, cls, flags) -> ROW_(name, o6, o7, o8, o81, o9, cls, flags) after
 * the opcode macro expands. */
#define ROW_(name, o6, o7, o8, o81, o9, cls, flags)                                             \
    {#name, sizeof #name - 1, {o6, o7, o8, o81, o9}, cls, flags},
#define ROW(name, ...) ROW_(name, __VA_ARGS__)
const tmu_gcn_opcode_info tmu_gcn_opcode_rows[] = {OPCODE_ROWS(ROW)};
_Static_assert(sizeof tmu_gcn_opcode_rows / sizeof tmu_gcn_opcode_rows[0] == NUM_ROWS, "rows");

/* Derived facts per row (tables.h: the operand-rule macros). */
#define FAST_(name, o6, o7, o8, o81, o9, cls, flags)                                            \
    {{TMU_GCN_DMASK_OK(cls, flags, 0), TMU_GCN_DMASK_OK(cls, flags, 1)},                        \
     TMU_GCN_CLS_SAMPLER(cls),                                                                  \
     TMU_GCN_D16_OK(cls, flags),                                                                \
     TMU_GCN_VADDR_MIN(flags),                                                                  \
     (cls) == TMU_GCN_CLASS_GATHER ? 3 : 0,                                                     \
     (cls) == TMU_GCN_CLASS_GATHER ? 252 : 255,                                                 \
     sizeof #name - 1},
#define FAST(name, ...) FAST_(name, __VA_ARGS__)
const tmu_gcn_row_fast tmu_gcn_row_fasts[] = {OPCODE_ROWS(FAST)};

/* Direct index: [gen][opcode] = row + 1.  An opcode column holding N (0xff) is sent to a spare
 * slot 128 + row of its own, so every element is designated at most once (two rows with the
 * same opcode on a generation would be an overridden initializer, a -Wextra warning;
 * test_gcn_unit also checks lookup against a scan of the rows). */
#define SLOT_(o, row) ((o) == TMU_GCN_NO_OP ? 128 + (row) : (o))
#define INDEX_(name, o6, o7, o8, o81, o9, cls, flags)                                           \
    [TMU_GCN_GFX6][SLOT_(o6, ROW_##name)] = ROW_##name + 1,                                     \
    [TMU_GCN_GFX7][SLOT_(o7, ROW_##name)] = ROW_##name + 1,                                     \
    [TMU_GCN_GFX8][SLOT_(o8, ROW_##name)] = ROW_##name + 1,                                     \
    [TMU_GCN_GFX81][SLOT_(o81, ROW_##name)] = ROW_##name + 1,                                   \
    [TMU_GCN_GFX9][SLOT_(o9, ROW_##name)] = ROW_##name + 1,
#define INDEX(name, ...) INDEX_(name, __VA_ARGS__)
const uint8_t tmu_gcn_op_index[TMU_GCN_GEN_COUNT][256] = {OPCODE_ROWS(INDEX)};

const tmu_gcn_opcode_info *tmu_gcn_opcodes(size_t *count)
{
    if (count)
        *count = NUM_ROWS;
    return tmu_gcn_opcode_rows;
}

const tmu_gcn_opcode_info *tmu_gcn_opcode_lookup(tmu_gcn_gen gen, unsigned opcode)
{
    if ((unsigned)gen >= TMU_GCN_GEN_COUNT || opcode > 0x7f)
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
    return (unsigned)gen < TMU_GCN_GEN_COUNT ? tmu_gcn_gens[gen].name : NULL;
}

static const struct {
    const char *name;
    tmu_gcn_gen gen;
} gen_aliases[] = {
    {"gfx6", TMU_GCN_GFX6},   {"si", TMU_GCN_GFX6},      {"tahiti", TMU_GCN_GFX6},
    {"gfx7", TMU_GCN_GFX7},   {"ci", TMU_GCN_GFX7},      {"bonaire", TMU_GCN_GFX7},
    {"gfx8", TMU_GCN_GFX8},   {"vi", TMU_GCN_GFX8},      {"tonga", TMU_GCN_GFX8},
    {"gfx81", TMU_GCN_GFX81}, {"gfx810", TMU_GCN_GFX81}, {"stoney", TMU_GCN_GFX81},
    {"gfx9", TMU_GCN_GFX9},   {"gfx900", TMU_GCN_GFX9},  {"vega", TMU_GCN_GFX9},
};

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
    for (size_t i = 0; i < sizeof(gen_aliases) / sizeof(gen_aliases[0]); i++) {
        if (lower_eq(name, gen_aliases[i].name)) {
            *out = gen_aliases[i].gen;
            return TMU_OK;
        }
    }
    return TMU_ERR_NOT_FOUND;
}

const char *const *tmu_gcn_gen_names(size_t *count)
{
    static const char *const names[] = {"gfx6", "si",     "tahiti", "gfx7",   "ci",
                                        "bonaire", "gfx8", "vi",     "tonga",  "gfx81",
                                        "gfx810", "stoney", "gfx9",  "gfx900", "vega"};
    if (count)
        *count = sizeof(names) / sizeof(names[0]);
    return names;
}
