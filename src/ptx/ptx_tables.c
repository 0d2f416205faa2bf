/* The PTX rule tables: geometries, types, feature gates and target versions.
 * Everything the validator, printer and lifter know about shapes lives here as
 * data; the checks in ptx_validate.c only read these rows.
 * Source: shared/reference/ptx.md (ptxas 13.0.88 behaviour) and the PTX ISA text. */
#include "ptx/ptx_internal.h"

/* name ncoord_min index_pos first_coord noffset ngrad offset_ok compare_ok mip_ok tld4_ok
 * need_float need_int dims arrayed cube ms
 * ncoord_min: fewest coordinate elements ptxas accepts (more are ignored, so .v4 always
 * fits); compare_ok 0 = 'Illegal modifier', 1 = allowed (ms: allowed, but ms needs .s32
 * coordinates and a compare needs .f32 ones, hence 'Arguments mismatch'). */
const ptx_geom_row ptx_geoms[TMU_PTX_GEOM_COUNT] = {
    [TMU_PTX_GEOM_NONE] = {"", 0, -1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
    [TMU_PTX_GEOM_1D] = {"1d", 1, -1, 0, 1, 1, 1, 1, 1, 0, 0, 0, 1, 0, 0, 0},
    [TMU_PTX_GEOM_2D] = {"2d", 2, -1, 0, 2, 2, 1, 1, 1, 1, 0, 0, 2, 0, 0, 0},
    [TMU_PTX_GEOM_3D] = {"3d", 3, -1, 0, 4, 4, 1, 0, 1, 0, 0, 0, 3, 0, 0, 0},
    [TMU_PTX_GEOM_A1D] = {"a1d", 2, 0, 1, 1, 1, 1, 1, 1, 0, 0, 0, 1, 1, 0, 0},
    [TMU_PTX_GEOM_A2D] = {"a2d", 3, 0, 1, 2, 2, 1, 1, 1, 1, 0, 0, 2, 1, 0, 0},
    [TMU_PTX_GEOM_CUBE] = {"cube", 3, -1, 0, 4, 4, 0, 1, 1, 1, 1, 0, 3, 0, 1, 0},
    [TMU_PTX_GEOM_ACUBE] = {"acube", 4, 0, 1, 4, 4, 0, 1, 1, 1, 1, 0, 3, 1, 1, 0},
    [TMU_PTX_GEOM_2DMS] = {"2dms", 3, -1, 0, 2, 2, 1, 1, 0, 0, 0, 1, 2, 0, 0, 1},
    [TMU_PTX_GEOM_A2DMS] = {"a2dms", 4, 1, 2, 2, 2, 1, 1, 0, 0, 0, 1, 2, 1, 0, 1},
};

const ptx_type_row ptx_types[TMU_PTX_T_COUNT] = {
    [TMU_PTX_T_NONE] = {"", 0, '?', '?'},
    [TMU_PTX_T_PRED] = {"pred", 1, 'p', 'p'},
    [TMU_PTX_T_B8] = {"b8", 8, 'b', 'b'},
    [TMU_PTX_T_B16] = {"b16", 16, 'b', 'b'},
    [TMU_PTX_T_B32] = {"b32", 32, 'b', 'b'},
    [TMU_PTX_T_B64] = {"b64", 64, 'b', 'b'},
    [TMU_PTX_T_B128] = {"b128", 128, 'b', 'b'},
    [TMU_PTX_T_U8] = {"u8", 8, 'u', 'i'},
    [TMU_PTX_T_U16] = {"u16", 16, 'u', 'i'},
    [TMU_PTX_T_U32] = {"u32", 32, 'u', 'i'},
    [TMU_PTX_T_U64] = {"u64", 64, 'u', 'i'},
    [TMU_PTX_T_S8] = {"s8", 8, 's', 'i'},
    [TMU_PTX_T_S16] = {"s16", 16, 's', 'i'},
    [TMU_PTX_T_S32] = {"s32", 32, 's', 'i'},
    [TMU_PTX_T_S64] = {"s64", 64, 's', 'i'},
    [TMU_PTX_T_F16] = {"f16", 16, 'f', 'f'},
    [TMU_PTX_T_F16X2] = {"f16x2", 32, 'f', 'x'},
    [TMU_PTX_T_BF16] = {"bf16", 16, 'f', 'f'},
    [TMU_PTX_T_BF16X2] = {"bf16x2", 32, 'f', 'f'},
    [TMU_PTX_T_F32] = {"f32", 32, 'f', 'f'},
    [TMU_PTX_T_F64] = {"f64", 64, 'f', 'f'},
    [TMU_PTX_T_TEXREF] = {"texref", 64, 'o', 'i'},
    [TMU_PTX_T_SAMPLERREF] = {"samplerref", 64, 'o', 'i'},
    [TMU_PTX_T_SURFREF] = {"surfref", 64, 'o', 'i'},
};

/* name, min PTX version x10, min sm, target message names an instruction */
const ptx_feature_row ptx_features[PTX_F_COUNT] = {
    [PTX_F_TLD4] = {"tld4", 22, 20, 1},
    [PTX_F_ARRAY] = {"array geometry", 23, 0, 0},
    [PTX_F_CUBE] = {"cubemap textures", 30, 0, 0},
    [PTX_F_ACUBE] = {"cubemap array", 0, 20, 0},
    [PTX_F_MIP_BASE] = {"tex.base", 31, 20, 1},
    [PTX_F_MIP_LEVEL] = {"tex.level", 31, 20, 1},
    [PTX_F_MIP_GRAD] = {"tex.grad", 31, 20, 1},
    [PTX_F_INDIRECT] = {"indirect texture access", 31, 20, 0},
    [PTX_F_MS] = {"multi-sample textures", 32, 30, 0},
    [PTX_F_F16] = {"f16 arithemetic and compare instructions", 42, 53, 0},
    [PTX_F_GRAD_CUBE] = {"tex.grad with cube geometry", 43, 20, 0},
    [PTX_F_OFFSET] = {"offset operand", 0, 30, 0},
    [PTX_F_TEX43] = {"tex", 43, 0, 0},
    [PTX_F_TLD4_A2D] = {"tld4 instruction with .a2d", 43, 30, 0},
    [PTX_F_TLD4_CUBE] = {"tld4 instruction with .cube", 43, 30, 0},
    [PTX_F_TLD4_ACUBE] = {"tld4 instruction with .acube", 43, 30, 0},
    [PTX_F_TLD4_43] = {"tld4", 43, 30, 0},
    [PTX_F_RESIDENCY] = {"Texture instruction with optional predicate result", 71, 60, 0},
    [PTX_F_TXQ] = {"txq", 15, 0, 0},
    [PTX_F_TXQ_LEVEL] = {"txq.level", 43, 30, 1},
    [PTX_F_NUM_SAMPLES] = {"num_samples attribute", 41, 30, 0},
    [PTX_F_NUM_MIPMAP] = {"num_mipmap_levels attribute", 41, 20, 0},
    [PTX_F_ARRAY_SIZE] = {"array_size attribute", 41, 0, 0},
    [PTX_F_CHANNEL] = {"channel attribute", 21, 0, 0},
    [PTX_F_FORCE_UNNORM] = {"force_unnormalized_coords attribute", 22, 0, 0},
    [PTX_F_INDIRECT_INDEP] = {"indirect texture access with texmode_independent", 43, 30, 1},
};

const char *const ptx_comp_names[4] = {"r", "g", "b", "a"};

/* .target sm_N, sm_Na, sm_Nf -> the oldest .version that knows it: ptxas 13.0.88, measured with
 * shared/tools/ptx_oracle.py on every .version from 1.0 to 9.0 ("PTX .version X.Y does not support
 * .target T"; sm_101* compiled with -arch sm_110, which ptxas 13 takes for them; audit of
 * 2026-11-29, docs/ptx-checker.md). a / f: 0 where ptxas 13 knows no such target (sm_90f: "Unsupported
 * .target", not modelled). The suffixed targets are not those of the plain one: sm_90a needs 8.0
 * (sm_90 7.8), every f target at least 8.8. */
static const struct {
    uint16_t sm;
    uint8_t version, a, f;
} target_versions[] = {
    {10, 10, 0, 0},    {11, 10, 0, 0},    {12, 12, 0, 0},    {13, 12, 0, 0},    {20, 20, 0, 0},
    {21, 20, 0, 0},    {30, 30, 0, 0},    {32, 40, 0, 0},    {35, 31, 0, 0},    {37, 41, 0, 0},
    {50, 40, 0, 0},    {52, 41, 0, 0},    {53, 42, 0, 0},    {60, 50, 0, 0},    {61, 50, 0, 0},
    {62, 50, 0, 0},    {70, 60, 0, 0},    {72, 61, 0, 0},    {75, 63, 0, 0},    {80, 70, 0, 0},
    {86, 71, 0, 0},    {87, 74, 0, 0},    {88, 73, 0, 0},    {89, 78, 0, 0},    {90, 78, 80, 0},
    {100, 86, 86, 88}, {101, 86, 86, 88}, {103, 88, 88, 88}, {110, 90, 90, 90}, {120, 87, 87, 88},
    {121, 88, 88, 88},
};

unsigned ptx_target_min_version(unsigned sm, const char *name)
{
    /* the suffix of "sm_NNa" / "sm_NNf" as written (NULL or no suffix: the plain target) */
    char suffix = 0;
    if (name && name[0] == 's' && name[1] == 'm' && name[2] == '_') {
        const char *q = name + 3;
        while (*q >= '0' && *q <= '9')
            q++;
        if ((*q == 'a' || *q == 'f') && !q[1])
            suffix = *q;
    }
    for (size_t i = 0; i < sizeof target_versions / sizeof target_versions[0]; i++)
        if (target_versions[i].sm == sm)
            return suffix == 'a'   ? target_versions[i].a
                   : suffix == 'f' ? target_versions[i].f
                                   : target_versions[i].version;
    return 0;
}

static const char *const mip_names[TMU_PTX_MIP_COUNT] = {"", "base", "level", "grad"};
static const char *const query_names[TMU_PTX_Q_COUNT] = {
    "",
    "width",
    "height",
    "depth",
    "channel_data_type",
    "channel_order",
    "normalized_coords",
    "array_size",
    "num_mipmap_levels",
    "num_samples",
    "force_unnormalized_coords",
    "filter_mode",
    "addr_mode_0",
    "addr_mode_1",
    "addr_mode_2",
};

const char *tmu_ptx_geom_name(tmu_ptx_geom geom)
{
    return (unsigned)geom < TMU_PTX_GEOM_COUNT ? ptx_geoms[geom].name : "?";
}

const char *tmu_ptx_mip_name(tmu_ptx_mip mip)
{
    return (unsigned)mip < TMU_PTX_MIP_COUNT ? mip_names[mip] : "?";
}

const char *tmu_ptx_type_name(tmu_ptx_type type)
{
    return (unsigned)type < TMU_PTX_T_COUNT ? ptx_types[type].name : "?";
}

const char *tmu_ptx_query_name(tmu_ptx_query query)
{
    return (unsigned)query < TMU_PTX_Q_COUNT ? query_names[query] : "?";
}
