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

/* Opcode table.  Columns: gfx6 gfx7 gfx8 gfx81 gfx9; N = not defined. */
#define N TMU_GCN_NO_OP
#define ALL(o) {o, o, o, o, o}
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

static const tmu_gcn_opcode_info opcodes[] = {
    {"image_load", 10, ALL(0x00), L, 0},
    {"image_load_mip", 14, ALL(0x01), L, MIP},
    {"image_load_pck", 14, ALL(0x02), L, PCK},
    {"image_load_pck_sgn", 18, ALL(0x03), L, PCK | SGN},
    {"image_load_mip_pck", 18, ALL(0x04), L, MIP | PCK},
    {"image_load_mip_pck_sgn", 22, ALL(0x05), L, MIP | PCK | SGN},
    {"image_store", 11, ALL(0x08), ST, 0},
    {"image_store_mip", 15, ALL(0x09), ST, MIP},
    {"image_store_pck", 15, ALL(0x0a), ST, PCK},
    {"image_store_mip_pck", 19, ALL(0x0b), ST, MIP | PCK},
    {"image_get_resinfo", 17, ALL(0x0e), RI, 0},
    /* Atomics: renumbered in gfx8 (0x0f-0x12 -> 0x10-0x13); rsub, fcmpswap, fmin, fmax removed. */
    {"image_atomic_swap", 17, {0x0f, 0x0f, 0x10, 0x10, 0x10}, AT, 0},
    {"image_atomic_cmpswap", 20, {0x10, 0x10, 0x11, 0x11, 0x11}, AT, CMPX},
    {"image_atomic_add", 16, {0x11, 0x11, 0x12, 0x12, 0x12}, AT, 0},
    {"image_atomic_sub", 16, {0x12, 0x12, 0x13, 0x13, 0x13}, AT, 0},
    /* rsub on gfx7: LLVM 14/19 accept it; CLRX and Mesa ACO say gfx6 only. */
    {"image_atomic_rsub", 17, {0x13, 0x13, N, N, N}, AT, TMU_GCN_OPF_DISPUTED},
    {"image_atomic_smin", 17, ALL(0x14), AT, 0},
    {"image_atomic_umin", 17, ALL(0x15), AT, 0},
    {"image_atomic_smax", 17, ALL(0x16), AT, 0},
    {"image_atomic_umax", 17, ALL(0x17), AT, 0},
    {"image_atomic_and", 16, ALL(0x18), AT, 0},
    {"image_atomic_or", 15, ALL(0x19), AT, 0},
    {"image_atomic_xor", 16, ALL(0x1a), AT, 0},
    {"image_atomic_inc", 16, ALL(0x1b), AT, 0},
    {"image_atomic_dec", 16, ALL(0x1c), AT, 0},
    {"image_atomic_fcmpswap", 21, {0x1d, 0x1d, N, N, N}, AT, CMPX},
    {"image_atomic_fmin", 17, {0x1e, 0x1e, N, N, N}, AT, 0},
    {"image_atomic_fmax", 17, {0x1f, 0x1f, N, N, N}, AT, 0},
    {"image_sample", 12, ALL(0x20), SA, 0},
    {"image_sample_cl", 15, ALL(0x21), SA, CL},
    {"image_sample_d", 14, ALL(0x22), SA, D},
    {"image_sample_d_cl", 17, ALL(0x23), SA, D | CL},
    {"image_sample_l", 14, ALL(0x24), SA, LO},
    {"image_sample_b", 14, ALL(0x25), SA, B},
    {"image_sample_b_cl", 17, ALL(0x26), SA, B | CL},
    {"image_sample_lz", 15, ALL(0x27), SA, LZ},
    {"image_sample_c", 14, ALL(0x28), SA, C},
    {"image_sample_c_cl", 17, ALL(0x29), SA, C | CL},
    {"image_sample_c_d", 16, ALL(0x2a), SA, C | D},
    {"image_sample_c_d_cl", 19, ALL(0x2b), SA, C | D | CL},
    {"image_sample_c_l", 16, ALL(0x2c), SA, C | LO},
    {"image_sample_c_b", 16, ALL(0x2d), SA, C | B},
    {"image_sample_c_b_cl", 19, ALL(0x2e), SA, C | B | CL},
    {"image_sample_c_lz", 17, ALL(0x2f), SA, C | LZ},
    {"image_sample_o", 14, ALL(0x30), SA, O},
    {"image_sample_cl_o", 17, ALL(0x31), SA, O | CL},
    {"image_sample_d_o", 16, ALL(0x32), SA, O | D},
    {"image_sample_d_cl_o", 19, ALL(0x33), SA, O | D | CL},
    {"image_sample_l_o", 16, ALL(0x34), SA, O | LO},
    {"image_sample_b_o", 16, ALL(0x35), SA, O | B},
    {"image_sample_b_cl_o", 19, ALL(0x36), SA, O | B | CL},
    {"image_sample_lz_o", 17, ALL(0x37), SA, O | LZ},
    {"image_sample_c_o", 16, ALL(0x38), SA, O | C},
    {"image_sample_c_cl_o", 19, ALL(0x39), SA, O | C | CL},
    {"image_sample_c_d_o", 18, ALL(0x3a), SA, O | C | D},
    {"image_sample_c_d_cl_o", 21, ALL(0x3b), SA, O | C | D | CL},
    {"image_sample_c_l_o", 18, ALL(0x3c), SA, O | C | LO},
    {"image_sample_c_b_o", 18, ALL(0x3d), SA, O | C | B},
    {"image_sample_c_b_cl_o", 21, ALL(0x3e), SA, O | C | B | CL},
    {"image_sample_c_lz_o", 19, ALL(0x3f), SA, O | C | LZ},
    {"image_gather4", 13, ALL(0x40), GA, 0},
    {"image_gather4_cl", 16, ALL(0x41), GA, CL},
    {"image_gather4_l", 15, ALL(0x44), GA, LO},
    {"image_gather4_b", 15, ALL(0x45), GA, B},
    {"image_gather4_b_cl", 18, ALL(0x46), GA, B | CL},
    {"image_gather4_lz", 16, ALL(0x47), GA, LZ},
    {"image_gather4_c", 15, ALL(0x48), GA, C},
    {"image_gather4_c_cl", 18, ALL(0x49), GA, C | CL},
    {"image_gather4_c_l", 17, ALL(0x4c), GA, C | LO},
    {"image_gather4_c_b", 17, ALL(0x4d), GA, C | B},
    {"image_gather4_c_b_cl", 20, ALL(0x4e), GA, C | B | CL},
    {"image_gather4_c_lz", 18, ALL(0x4f), GA, C | LZ},
    {"image_gather4_o", 15, ALL(0x50), GA, O},
    {"image_gather4_cl_o", 18, ALL(0x51), GA, O | CL},
    {"image_gather4_l_o", 17, ALL(0x54), GA, O | LO},
    {"image_gather4_b_o", 17, ALL(0x55), GA, O | B},
    {"image_gather4_b_cl_o", 20, ALL(0x56), GA, O | B | CL},
    {"image_gather4_lz_o", 18, ALL(0x57), GA, O | LZ},
    {"image_gather4_c_o", 17, ALL(0x58), GA, O | C},
    {"image_gather4_c_cl_o", 20, ALL(0x59), GA, O | C | CL},
    {"image_gather4_c_l_o", 19, ALL(0x5c), GA, O | C | LO},
    {"image_gather4_c_b_o", 19, ALL(0x5d), GA, O | C | B},
    {"image_gather4_c_b_cl_o", 22, ALL(0x5e), GA, O | C | B | CL},
    {"image_gather4_c_lz_o", 20, ALL(0x5f), GA, O | C | LZ},
    {"image_get_lod", 13, ALL(0x60), GL, 0},
    {"image_sample_cd", 15, ALL(0x68), SA, CD},
    {"image_sample_cd_cl", 18, ALL(0x69), SA, CD | CL},
    {"image_sample_c_cd", 17, ALL(0x6a), SA, C | CD},
    {"image_sample_c_cd_cl", 20, ALL(0x6b), SA, C | CD | CL},
    {"image_sample_cd_o", 17, ALL(0x6c), SA, O | CD},
    {"image_sample_cd_cl_o", 20, ALL(0x6d), SA, O | CD | CL},
    {"image_sample_c_cd_o", 19, ALL(0x6e), SA, O | C | CD},
    {"image_sample_c_cd_cl_o", 22, ALL(0x6f), SA, O | C | CD | CL},
};

const tmu_gcn_opcode_info *tmu_gcn_opcodes(size_t *count)
{
    if (count)
        *count = sizeof(opcodes) / sizeof(opcodes[0]);
    return opcodes;
}

const tmu_gcn_opcode_info *tmu_gcn_opcode_lookup(tmu_gcn_gen gen, unsigned opcode)
{
    if ((unsigned)gen >= TMU_GCN_GEN_COUNT || opcode > 0x7f)
        return NULL;
    /* Every row exists on gfx6 and the gfx6 column is strictly increasing, and no opcode
     * moves by more than one between generations (the gfx8 atomic renumbering moves by +1;
     * test_gcn_unit checks both), so: a branch-free binary search of the gfx6 column for the
     * last row <= opcode, then that row and its neighbours. */
    const size_t n = sizeof(opcodes) / sizeof(opcodes[0]);
    size_t base = 0, len = n;
    while (len > 1) {
        size_t half = len / 2;
        base = opcodes[base + half].op[TMU_GCN_GFX6] <= opcode ? base + half : base;
        len -= half;
    }
    for (size_t i = base > 0 ? base - 1 : 0; i <= base + 1 && i < n; i++)
        if (opcodes[i].op[gen] == opcode)
            return &opcodes[i];
    return NULL;
}

const tmu_gcn_opcode_info *tmu_gcn_opcode_by_name(const char *name)
{
    if (!name)
        return NULL;
    for (size_t i = 0; i < sizeof(opcodes) / sizeof(opcodes[0]); i++)
        if (strcmp(opcodes[i].name, name) == 0)
            return &opcodes[i];
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
