/* tmu load planner — the data: ACO's parameter sets per class and generation,
 * the exact immediate limits, and each class's size ladder.  Everything else in
 * src/loadplan is driven by these tables. */
#include "loadplan/internal.h"

#include <string.h>

/* ---- parameter sets ------------------------------------------------------
 * Columns: ACO 23.x {byte_align_loads, supports_8bit_16bit_loads,
 * max_const_offset_plus_one}, then bounds_checked, exact imm_max and imm_unit
 * (Mesa's device limits, aco_ir.cpp init_program; reference/load-planning.md §3). */
#define P(nm, ba, s816, m, bc, imax, iunit) {nm, ba, s816, m, bc, imax, iunit}
#define U32MAX 0xffffffffu

#define X6(...) __VA_ARGS__, __VA_ARGS__, __VA_ARGS__, __VA_ARGS__, __VA_ARGS__, __VA_ARGS__
#define X7(...) X6(__VA_ARGS__), __VA_ARGS__
#define BUF(nm, ba) X6(P(nm, ba, true, 4096, true, 4095, 1)), P(nm, ba, true, 4096, true, 0x7fffff, 1)

static const tmu_lp_params params[TMU_LP_CLASS_COUNT][7] = {
    [TMU_LP_LDS] = {X7(P("lds_load_params", false, true, U32MAX, true, 65535, 1))},
    [TMU_LP_SMEM] = {
        /* gfx6: 8-bit dword offset; gfx7: 32-bit literal dword offset; gfx8+: byte offsets */
        P("smem_load_params", true, false, 1024, true, 1020, 4),
        P("smem_load_params", true, false, 1024, true, 0xfffffffcu, 4),
        P("smem_load_params", true, false, 1024, true, 0xfffff, 1),
        P("smem_load_params", true, false, 1024, true, 0xfffff, 1),
        P("smem_load_params", true, false, 1024, true, 0xfffff, 1),
        P("smem_load_params", true, false, 1024, true, 0xfffff, 1),
        P("smem_load_params", true, false, 1024, true, 0x7fffff, 1),
    },
    [TMU_LP_MUBUF] = {BUF("mubuf_load_params", true)},
    [TMU_LP_MUBUF_FORMAT] = {BUF("mubuf_load_format_params", false)},
    [TMU_LP_MTBUF] = {BUF("mtbuf_load_params", false)},
    [TMU_LP_SCRATCH_MUBUF] = {
        P("scratch_mubuf_load_params", false, true, 4096, true, 4095, 1),
        P("scratch_mubuf_load_params", false, true, 4096, true, 4095, 1),
        P("scratch_mubuf_load_params", false, true, 4096, true, 4095, 1),
        {0}, {0}, {0}, {0},
    },
    [TMU_LP_SCRATCH_FLAT] = {
        {0}, {0}, {0},
        P("scratch_flat_load_params", false, true, 4096, false, 4095, 1),
        P("scratch_flat_load_params", false, true, 2048, false, 2047, 1),
        P("scratch_flat_load_params", false, true, 4096, false, 4095, 1),
        P("scratch_flat_load_params", false, true, 8388608, false, 0x7fffff, 1),
    },
    [TMU_LP_GLOBAL] = {
        /* gfx6: MUBUF addr64 (no byte-align); gfx7-8: FLAT, no immediate */
        P("global_load_params", false, true, 4096, false, 4095, 1),
        P("global_load_params", true, true, 1, false, 0, 1),
        P("global_load_params", true, true, 1, false, 0, 1),
        P("global_load_params", true, true, 4096, false, 4095, 1),
        P("global_load_params", true, true, 2048, false, 2047, 1),
        P("global_load_params", true, true, 4096, false, 4095, 1),
        P("global_load_params", true, true, 8388608, false, 0x7fffff, 1),
    },
};
#undef BUF
#undef X7
#undef X6

/* SMEM from a 64-bit address (global-via-SMEM): not bounds-checked. */
static const tmu_lp_params params_smem_address[7] = {
    P("smem_load_params", true, false, 1024, false, 1020, 4),
    P("smem_load_params", true, false, 1024, false, 0xfffffffcu, 4),
    P("smem_load_params", true, false, 1024, false, 0xfffff, 1),
    P("smem_load_params", true, false, 1024, false, 0xfffff, 1),
    P("smem_load_params", true, false, 1024, false, 0xfffff, 1),
    P("smem_load_params", true, false, 1024, false, 0xfffff, 1),
    P("smem_load_params", true, false, 1024, false, 0x7fffff, 1),
};
#undef P

const tmu_lp_params *tmu_lp_params_get(tmu_lp_class cls, tmu_lp_gen gen, bool smem_address)
{
    if ((unsigned)cls >= TMU_LP_CLASS_COUNT || gen < TMU_LP_GEN_FIRST || gen > TMU_LP_GEN_LAST)
        return NULL;
    const tmu_lp_params *p = (cls == TMU_LP_SMEM && smem_address)
                                 ? &params_smem_address[gen - TMU_LP_GEN_FIRST]
                                 : &params[cls][gen - TMU_LP_GEN_FIRST];
    return p->name ? p : NULL;
}

/* ---- size ladders (largest first) -----------------------------------------
 * {gfx6-10 name, gfx11+ name, bytes, align, read2 unit, min gen, max gen, channel size} */
#define G6 6
#define G12 12
static const tmu_lp_insn ladder_lds[] = {
    {"ds_read_b128", "ds_load_b128", 16, 16, 0, 7, G12, 0},
    {"ds_read2_b64", "ds_load_2addr_b64", 16, 8, 8, 7, G12, 0},
    {"ds_read_b96", "ds_load_b96", 12, 16, 0, 7, G12, 0},
    {"ds_read_b64", "ds_load_b64", 8, 8, 0, G6, G12, 0},
    {"ds_read2_b32", "ds_load_2addr_b32", 8, 4, 4, 7, G12, 0},
    {"ds_read_b32", "ds_load_b32", 4, 4, 0, G6, G12, 0},
    {"ds_read_u16_d16", "ds_load_u16_d16", 2, 2, 0, 9, G12, 0},
    {"ds_read_u16", "ds_load_u16", 2, 2, 0, G6, 8, 0},
    {"ds_read_u8_d16", "ds_load_u8_d16", 1, 1, 0, 9, G12, 0},
    {"ds_read_u8", "ds_load_u8", 1, 1, 0, G6, 8, 0},
};
static const tmu_lp_insn ladder_smem_buffer[] = {
    {"s_buffer_load_dwordx16", "s_buffer_load_b512", 64, 4, 0, G6, G12, 0},
    {"s_buffer_load_dwordx8", "s_buffer_load_b256", 32, 4, 0, G6, G12, 0},
    {"s_buffer_load_dwordx4", "s_buffer_load_b128", 16, 4, 0, G6, G12, 0},
    {"s_buffer_load_dwordx3", "s_buffer_load_b96", 12, 4, 0, G12, G12, 0},
    {"s_buffer_load_dwordx2", "s_buffer_load_b64", 8, 4, 0, G6, G12, 0},
    {"s_buffer_load_dword", "s_buffer_load_b32", 4, 4, 0, G6, G12, 0},
    {"s_buffer_load_ushort", "s_buffer_load_u16", 2, 2, 0, G12, G12, 0},
    {"s_buffer_load_ubyte", "s_buffer_load_u8", 1, 1, 0, G12, G12, 0},
};
static const tmu_lp_insn ladder_smem_address[] = {
    {"s_load_dwordx16", "s_load_b512", 64, 4, 0, G6, G12, 0},
    {"s_load_dwordx8", "s_load_b256", 32, 4, 0, G6, G12, 0},
    {"s_load_dwordx4", "s_load_b128", 16, 4, 0, G6, G12, 0},
    {"s_load_dwordx3", "s_load_b96", 12, 4, 0, G12, G12, 0},
    {"s_load_dwordx2", "s_load_b64", 8, 4, 0, G6, G12, 0},
    {"s_load_dword", "s_load_b32", 4, 4, 0, G6, G12, 0},
    {"s_load_ushort", "s_load_u16", 2, 2, 0, G12, G12, 0},
    {"s_load_ubyte", "s_load_u8", 1, 1, 0, G12, G12, 0},
};
static const tmu_lp_insn ladder_mubuf[] = {
    {"buffer_load_dwordx4", "buffer_load_b128", 16, 4, 0, G6, G12, 0},
    {"buffer_load_dwordx3", "buffer_load_b96", 12, 4, 0, 7, G12, 0},
    {"buffer_load_dwordx2", "buffer_load_b64", 8, 4, 0, G6, G12, 0},
    {"buffer_load_dword", "buffer_load_b32", 4, 4, 0, G6, G12, 0},
    {"buffer_load_ushort", "buffer_load_u16", 2, 2, 0, G6, G12, 0},
    {"buffer_load_ubyte", "buffer_load_u8", 1, 1, 0, G6, G12, 0},
};
static const tmu_lp_insn ladder_mubuf_format[] = {
    {"buffer_load_format_xyzw", "buffer_load_format_xyzw", 16, 4, 0, G6, G12, 4},
    {"buffer_load_format_xyz", "buffer_load_format_xyz", 12, 4, 0, G6, G12, 4},
    {"buffer_load_format_xy", "buffer_load_format_xy", 8, 4, 0, G6, G12, 4},
    {"buffer_load_format_x", "buffer_load_format_x", 4, 4, 0, G6, G12, 4},
    {"buffer_load_format_d16_xyzw", "buffer_load_format_d16_xyzw", 8, 2, 0, 9, G12, 2},
    {"buffer_load_format_d16_xyz", "buffer_load_format_d16_xyz", 6, 2, 0, 9, G12, 2},
    {"buffer_load_format_d16_xy", "buffer_load_format_d16_xy", 4, 2, 0, 9, G12, 2},
    {"buffer_load_format_d16_x", "buffer_load_format_d16_x", 2, 2, 0, 9, G12, 2},
};
static const tmu_lp_insn ladder_mtbuf[] = {
    {"tbuffer_load_format_xyzw", "tbuffer_load_format_xyzw", 16, 4, 0, G6, G12, 4},
    {"tbuffer_load_format_xyz", "tbuffer_load_format_xyz", 12, 4, 0, G6, G12, 4},
    {"tbuffer_load_format_xy", "tbuffer_load_format_xy", 8, 4, 0, G6, G12, 4},
    {"tbuffer_load_format_x", "tbuffer_load_format_x", 4, 4, 0, G6, G12, 4},
    {"tbuffer_load_format_d16_xyzw", "tbuffer_load_format_d16_xyzw", 8, 2, 0, 9, G12, 2},
    {"tbuffer_load_format_d16_xyz", "tbuffer_load_format_d16_xyz", 6, 2, 0, 9, G12, 2},
    {"tbuffer_load_format_d16_xy", "tbuffer_load_format_d16_xy", 4, 2, 0, 9, G12, 2},
    {"tbuffer_load_format_d16_x", "tbuffer_load_format_d16_x", 2, 2, 0, 9, G12, 2},
};
static const tmu_lp_insn ladder_scratch_flat[] = {
    {"scratch_load_dwordx4", "scratch_load_b128", 16, 4, 0, 9, G12, 0},
    {"scratch_load_dwordx3", "scratch_load_b96", 12, 4, 0, 9, G12, 0},
    {"scratch_load_dwordx2", "scratch_load_b64", 8, 4, 0, 9, G12, 0},
    {"scratch_load_dword", "scratch_load_b32", 4, 4, 0, 9, G12, 0},
    {"scratch_load_ushort", "scratch_load_u16", 2, 2, 0, 9, G12, 0},
    {"scratch_load_ubyte", "scratch_load_u8", 1, 1, 0, 9, G12, 0},
};
static const tmu_lp_insn ladder_global[] = {
    /* gfx6: MUBUF addr64, no dwordx3 */
    {"buffer_load_dwordx4", "buffer_load_dwordx4", 16, 4, 0, G6, G6, 0},
    {"buffer_load_dwordx2", "buffer_load_dwordx2", 8, 4, 0, G6, G6, 0},
    {"buffer_load_dword", "buffer_load_dword", 4, 4, 0, G6, G6, 0},
    {"buffer_load_ushort", "buffer_load_ushort", 2, 2, 0, G6, G6, 0},
    {"buffer_load_ubyte", "buffer_load_ubyte", 1, 1, 0, G6, G6, 0},
    /* gfx7-8: FLAT */
    {"flat_load_dwordx4", "flat_load_dwordx4", 16, 4, 0, 7, 8, 0},
    {"flat_load_dwordx3", "flat_load_dwordx3", 12, 4, 0, 7, 8, 0},
    {"flat_load_dwordx2", "flat_load_dwordx2", 8, 4, 0, 7, 8, 0},
    {"flat_load_dword", "flat_load_dword", 4, 4, 0, 7, 8, 0},
    {"flat_load_ushort", "flat_load_ushort", 2, 2, 0, 7, 8, 0},
    {"flat_load_ubyte", "flat_load_ubyte", 1, 1, 0, 7, 8, 0},
    /* gfx9+: GLOBAL */
    {"global_load_dwordx4", "global_load_b128", 16, 4, 0, 9, G12, 0},
    {"global_load_dwordx3", "global_load_b96", 12, 4, 0, 9, G12, 0},
    {"global_load_dwordx2", "global_load_b64", 8, 4, 0, 9, G12, 0},
    {"global_load_dword", "global_load_b32", 4, 4, 0, 9, G12, 0},
    {"global_load_ushort", "global_load_u16", 2, 2, 0, 9, G12, 0},
    {"global_load_ubyte", "global_load_u8", 1, 1, 0, 9, G12, 0},
};
#undef G6
#undef G12

#define N(a) (sizeof(a) / sizeof((a)[0]))

size_t tmu_lp_ladder(tmu_lp_class cls, bool smem_address, const tmu_lp_insn **out)
{
    const tmu_lp_insn *l = NULL;
    size_t n = 0;
    switch (cls) {
    case TMU_LP_LDS: l = ladder_lds; n = N(ladder_lds); break;
    case TMU_LP_SMEM:
        if (smem_address) { l = ladder_smem_address; n = N(ladder_smem_address); }
        else { l = ladder_smem_buffer; n = N(ladder_smem_buffer); }
        break;
    case TMU_LP_MUBUF:
    case TMU_LP_SCRATCH_MUBUF: l = ladder_mubuf; n = N(ladder_mubuf); break;
    case TMU_LP_MUBUF_FORMAT: l = ladder_mubuf_format; n = N(ladder_mubuf_format); break;
    case TMU_LP_MTBUF: l = ladder_mtbuf; n = N(ladder_mtbuf); break;
    case TMU_LP_SCRATCH_FLAT: l = ladder_scratch_flat; n = N(ladder_scratch_flat); break;
    case TMU_LP_GLOBAL: l = ladder_global; n = N(ladder_global); break;
    default: break;
    }
    if (out)
        *out = l;
    return n;
}

bool tmu_lp_insn_available(const tmu_lp_insn *insn, tmu_lp_gen gen)
{
    return insn && (unsigned)gen >= insn->min_gen && (unsigned)gen <= insn->max_gen;
}

const char *tmu_lp_insn_name(const tmu_lp_insn *insn, tmu_lp_gen gen)
{
    if (!insn)
        return NULL;
    return gen >= TMU_LP_GFX11 ? insn->name_gfx11 : insn->name;
}

/* ---- names --------------------------------------------------------------- */
static const char *const class_names[TMU_LP_CLASS_COUNT] = {
    "lds", "smem", "mubuf", "mubuf_format", "mtbuf", "scratch_mubuf", "scratch_flat", "global",
};
static const char *const gen_names[7] = {"gfx6", "gfx7", "gfx8", "gfx9", "gfx10", "gfx11", "gfx12"};
static const char *const kind_names[TMU_LP_OFFSET_KIND_COUNT] = {
    "vgpr", "sgpr", "vgpr64", "sgpr64", "const", "none",
};

static int eq_ci(const char *a, const char *b)
{
    for (; *a && *b; a++, b++) {
        char x = *a, y = *b;
        if (x >= 'A' && x <= 'Z') x = (char)(x - 'A' + 'a');
        if (y >= 'A' && y <= 'Z') y = (char)(y - 'A' + 'a');
        if (x != y)
            return 0;
    }
    return *a == *b;
}

static tmu_status find_name(const char *name, const char *const *names, int n, int *out)
{
    if (!name)
        return TMU_ERR_INVALID_ARGUMENT;
    for (int i = 0; i < n; i++)
        if (eq_ci(name, names[i])) {
            *out = i;
            return TMU_OK;
        }
    return TMU_ERR_NOT_FOUND;
}

const char *tmu_lp_class_name(tmu_lp_class cls)
{
    return (unsigned)cls < TMU_LP_CLASS_COUNT ? class_names[cls] : NULL;
}

tmu_status tmu_lp_class_from_name(const char *name, tmu_lp_class *out)
{
    int i = 0;
    tmu_status s = find_name(name, class_names, TMU_LP_CLASS_COUNT, &i);
    if (s == TMU_OK && out)
        *out = (tmu_lp_class)i;
    return s;
}

const char *tmu_lp_gen_name(tmu_lp_gen gen)
{
    return gen >= TMU_LP_GEN_FIRST && gen <= TMU_LP_GEN_LAST ? gen_names[gen - TMU_LP_GEN_FIRST] : NULL;
}

tmu_status tmu_lp_gen_from_name(const char *name, tmu_lp_gen *out)
{
    int i = 0;
    tmu_status s = find_name(name, gen_names, 7, &i);
    if (s == TMU_OK && out)
        *out = (tmu_lp_gen)(i + TMU_LP_GEN_FIRST);
    return s;
}

const char *tmu_lp_offset_kind_name(tmu_lp_offset_kind kind)
{
    return (unsigned)kind < TMU_LP_OFFSET_KIND_COUNT ? kind_names[kind] : NULL;
}

tmu_status tmu_lp_offset_kind_from_name(const char *name, tmu_lp_offset_kind *out)
{
    int i = 0;
    tmu_status s = find_name(name, kind_names, TMU_LP_OFFSET_KIND_COUNT, &i);
    if (s == TMU_OK && out)
        *out = (tmu_lp_offset_kind)i;
    return s;
}

/* ---- fix-up and shift instruction names -------------------------------------- */
const char *lp_add_insn(tmu_lp_offset_kind kind, tmu_lp_gen gen, bool aco_scalar_i32)
{
    switch (kind) {
    case TMU_LP_OFFSET_SGPR: return aco_scalar_i32 ? "s_add_i32" : "s_add_u32";
    case TMU_LP_OFFSET_SGPR64: return "s_add_u32+s_addc_u32";
    case TMU_LP_OFFSET_VGPR:
        if (gen <= TMU_LP_GFX7) return "v_add_i32";
        if (gen == TMU_LP_GFX8) return "v_add_u32";
        if (gen == TMU_LP_GFX9) return "v_add_u32";
        return "v_add_nc_u32";
    case TMU_LP_OFFSET_VGPR64:
        if (gen <= TMU_LP_GFX7) return "v_add_i32+v_addc_u32";
        if (gen <= TMU_LP_GFX9) return "v_add_co_u32+v_addc_co_u32";
        return "v_add_co_u32+v_add_co_ci_u32";
    default: return "(folded)";
    }
}

const char *lp_and_insn(tmu_lp_offset_kind kind)
{
    switch (kind) {
    case TMU_LP_OFFSET_SGPR: return "s_and_b32";
    case TMU_LP_OFFSET_SGPR64: return "s_and_b64";
    case TMU_LP_OFFSET_VGPR: return "v_and_b32";
    case TMU_LP_OFFSET_VGPR64: return "v_and_b32 (low dword)";
    default: return "(folded)";
    }
}
