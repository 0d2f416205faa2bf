/* GCN image (T#) and sampler (S#) descriptors of gfx6-gfx9 as data: one row per field layout
 * (dword, bits, generations, value names), from Mesa sid.h (gfx6-8) and gfx9d.h (gfx9); see
 * shared/reference/gcn-mimg.md section 4.  Decode, encode and print are loops over the rows. */
#include "gcn/tables.h"
#include "gcn/desc_rdna.h"

#include <stdio.h>
#include <string.h>

#include "tmu/format.h"
#include "tmu/texture.h"

#define G_ALL 0x1fu
#define G6_8 0x0fu  /* gfx6, gfx7, gfx8, gfx81 */
#define G7_8 0x0eu  /* gfx7, gfx8, gfx81 */
#define G7P 0x1eu   /* gfx7+ */
#define G8P 0x1cu   /* gfx8+ */
#define G6_7 0x03u
#define G8_8 0x0cu  /* gfx8, gfx81 */
#define G9 0x10u
#define NV(a) a, (uint8_t)(sizeof(a) / sizeof(a[0]))

static const char *const dfmt_gfx6[64] = {
    "INVALID", "8", "16", "8_8", "32", "16_16", "10_11_11", "11_11_10", "10_10_10_2",
    "2_10_10_10", "8_8_8_8", "32_32", "16_16_16_16", "32_32_32", "32_32_32_32", NULL, "5_6_5",
    "1_5_5_5", "5_5_5_1", "4_4_4_4", "8_24", "24_8", "X24_8_32", "8_AS_8_8_8_8", "ETC2_RGB",
    "ETC2_RGBA", "ETC2_R", "ETC2_RG", "ETC2_RGBA1", NULL, NULL, NULL, "GB_GR", "BG_RG", "5_9_9_9",
    "BC1", "BC2", "BC3", "BC4", "BC5", "BC6", "BC7", "16_AS_16_16_16_16", "16_AS_32_32_32_32",
    "FMASK8_S2_F1", "FMASK8_S4_F1", "FMASK8_S8_F1", "FMASK8_S2_F2", "FMASK8_S4_F2",
    "FMASK8_S4_F4", "FMASK16_S16_F1", "FMASK16_S8_F2", "FMASK32_S16_F2", "FMASK32_S8_F4",
    "FMASK32_S8_F8", "FMASK64_S16_F4", "FMASK64_S16_F8", "4_4", "6_5_5", "1", "1_REVERSED",
    "32_AS_8", "32_AS_8_8", "32_AS_32_32_32_32"};
static const char *const dfmt_gfx9[64] = {
    "INVALID", "8", "16", "8_8", "32", "16_16", "10_11_11", "11_11_10", "10_10_10_2",
    "2_10_10_10", "8_8_8_8", "32_32", "16_16_16_16", "32_32_32", "32_32_32_32", NULL, "5_6_5",
    "1_5_5_5", "5_5_5_1", "4_4_4_4", "8_24", "24_8", "X24_8_32", "8_AS_8_8_8_8", "ETC2_RGB",
    "ETC2_RGBA", "ETC2_R", "ETC2_RG", "ETC2_RGBA1", NULL, NULL, "6E4", "GB_GR", "BG_RG",
    "5_9_9_9", "BC1", "BC2", "BC3", "BC4", "BC5", "BC6", "BC7", "16_AS_32_32",
    "16_AS_16_16_16_16", "16_AS_32_32_32_32", "FMASK", "ASTC_2D_LDR", "ASTC_2D_HDR",
    "ASTC_2D_LDR_SRGB", "ASTC_3D_LDR", "ASTC_3D_HDR", "ASTC_3D_LDR_SRGB", "N_IN_16",
    "N_IN_16_16", "N_IN_16_16_16_16", "N_IN_16_AS_16_16_16_16", NULL, NULL, NULL, "S8_16",
    "S8_32", "8_AS_32", "8_AS_32_32", NULL};
static const char *const nfmt_gfx6[16] = {"UNORM", "SNORM", "USCALED", "SSCALED", "UINT",
                                          "SINT", "SNORM_OGL", "FLOAT", NULL, "SRGB", "UBNORM",
                                          "UBNORM_OGL", "UBINT", "UBSCALED"};
static const char *const nfmt_gfx8[16] = {"UNORM", "SNORM",     "USCALED", "SSCALED", "UINT",
                                          "SINT",  "SNORM_OGL", "FLOAT",   NULL,      "SRGB"};
static const char *const nfmt_gfx9[16] = {"UNORM", "SNORM",      "USCALED", "SSCALED",
                                          "UINT",  "SINT",       "RESERVED_6", "FLOAT",
                                          "METADATA", "SRGB",    "UNORM_UINT"};
const char *const gcn_dst_sel[8] = {"0", "1", NULL, NULL, "X", "Y", "Z", "W"};
const char *const gcn_img_type[16] = {NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
                                      "1D", "2D", "3D", "CUBE", "1D_ARRAY", "2D_ARRAY",
                                      "2D_MSAA", "2D_MSAA_ARRAY"};
const char *const gcn_clamp_mode[8] = {"WRAP", "MIRROR", "CLAMP_LAST_TEXEL",
                                       "MIRROR_ONCE_LAST_TEXEL", "CLAMP_HALF_BORDER",
                                       "MIRROR_ONCE_HALF_BORDER", "CLAMP_BORDER",
                                       "MIRROR_ONCE_BORDER"};
const char *const gcn_aniso[8] = {"1x", "2x", "4x", "8x", "16x"};
const char *const gcn_cmp_func[8] = {"NEVER",   "LESS",     "EQUAL",  "LEQUAL",
                                     "GREATER", "NOTEQUAL", "GEQUAL", "ALWAYS"};
const char *const gcn_filter_mode[4] = {"BLEND", "MIN", "MAX"};
const char *const gcn_xy_filter[4] = {"POINT", "BILINEAR", "ANISO_POINT", "ANISO_BILINEAR"};
const char *const gcn_zmip_filter[4] = {"NONE", "POINT", "LINEAR"};
const char *const gcn_border_type[4] = {"TRANS_BLACK", "OPAQUE_BLACK", "OPAQUE_WHITE",
                                        "REGISTER"};

#define P TMU_GCN_DK_PLAIN
#define H TMU_GCN_DK_HEX
#define M1 TMU_GCN_DK_MINUS1
#define U48 TMU_GCN_DK_U4_8
#define S58 TMU_GCN_DK_S5_8
#define E TMU_GCN_DK_ENUM

static const tmu_gcn_desc_field_info tfields[] = {
    {TMU_GCN_T_BASE_ADDRESS, "BASE_ADDRESS", 0, 0, 32, G_ALL, H, NULL, 0},
    {TMU_GCN_T_BASE_ADDRESS_HI, "BASE_ADDRESS_HI", 1, 0, 8, G_ALL, H, NULL, 0},
    {TMU_GCN_T_MIN_LOD, "MIN_LOD", 1, 8, 12, G_ALL, U48, NULL, 0},
    {TMU_GCN_T_DATA_FORMAT, "DATA_FORMAT", 1, 20, 6, G6_8, E, NV(dfmt_gfx6)},
    {TMU_GCN_T_DATA_FORMAT, "DATA_FORMAT", 1, 20, 6, G9, E, NV(dfmt_gfx9)},
    {TMU_GCN_T_NUM_FORMAT, "NUM_FORMAT", 1, 26, 4, G6_7, E, NV(nfmt_gfx6)},
    {TMU_GCN_T_NUM_FORMAT, "NUM_FORMAT", 1, 26, 4, G8_8, E, NV(nfmt_gfx8)},
    {TMU_GCN_T_NUM_FORMAT, "NUM_FORMAT", 1, 26, 4, G9, E, NV(nfmt_gfx9)},
    {TMU_GCN_T_MTYPE01, "MTYPE", 1, 30, 2, G7_8, P, NULL, 0},
    {TMU_GCN_T_MTYPE01, "NV_META_DIRECT", 1, 30, 2, G9, P, NULL, 0},
    {TMU_GCN_T_WIDTH, "WIDTH", 2, 0, 14, G_ALL, M1, NULL, 0},
    {TMU_GCN_T_HEIGHT, "HEIGHT", 2, 14, 14, G_ALL, M1, NULL, 0},
    {TMU_GCN_T_PERF_MOD, "PERF_MOD", 2, 28, 3, G_ALL, P, NULL, 0},
    {TMU_GCN_T_INTERLACED, "INTERLACED", 2, 31, 1, G6_8, P, NULL, 0},
    {TMU_GCN_T_DST_SEL_X, "DST_SEL_X", 3, 0, 3, G_ALL, E, NV(gcn_dst_sel)},
    {TMU_GCN_T_DST_SEL_Y, "DST_SEL_Y", 3, 3, 3, G_ALL, E, NV(gcn_dst_sel)},
    {TMU_GCN_T_DST_SEL_Z, "DST_SEL_Z", 3, 6, 3, G_ALL, E, NV(gcn_dst_sel)},
    {TMU_GCN_T_DST_SEL_W, "DST_SEL_W", 3, 9, 3, G_ALL, E, NV(gcn_dst_sel)},
    {TMU_GCN_T_BASE_LEVEL, "BASE_LEVEL", 3, 12, 4, G_ALL, P, NULL, 0},
    {TMU_GCN_T_LAST_LEVEL, "LAST_LEVEL", 3, 16, 4, G_ALL, P, NULL, 0},
    {TMU_GCN_T_TILING_INDEX, "TILING_INDEX", 3, 20, 5, G6_8, P, NULL, 0},
    {TMU_GCN_T_SW_MODE, "SW_MODE", 3, 20, 5, G9, P, NULL, 0},
    {TMU_GCN_T_POW2_PAD, "POW2_PAD", 3, 25, 1, G6_8, P, NULL, 0},
    {TMU_GCN_T_MTYPE2, "MTYPE_2", 3, 26, 1, G7_8, P, NULL, 0},
    {TMU_GCN_T_ATC, "ATC", 3, 27, 1, G7_8, P, NULL, 0},
    {TMU_GCN_T_TYPE, "TYPE", 3, 28, 4, G_ALL, E, NV(gcn_img_type)},
    {TMU_GCN_T_DEPTH, "DEPTH", 4, 0, 13, G6_8, M1, NULL, 0},
    {TMU_GCN_T_DEPTH, "DEPTH", 4, 0, 13, G9, P, NULL, 0},
    {TMU_GCN_T_PITCH, "PITCH", 4, 13, 14, G6_8, M1, NULL, 0},
    {TMU_GCN_T_PITCH, "PITCH", 4, 13, 16, G9, M1, NULL, 0},
    {TMU_GCN_T_BC_SWIZZLE, "BC_SWIZZLE", 4, 29, 3, G9, P, NULL, 0},
    {TMU_GCN_T_BASE_ARRAY, "BASE_ARRAY", 5, 0, 13, G_ALL, P, NULL, 0},
    {TMU_GCN_T_LAST_ARRAY, "LAST_ARRAY", 5, 13, 13, G6_8, P, NULL, 0},
    {TMU_GCN_T_ARRAY_PITCH, "ARRAY_PITCH", 5, 13, 4, G9, P, NULL, 0},
    {TMU_GCN_T_META_DATA_ADDRESS, "META_DATA_ADDRESS", 5, 17, 8, G9, H, NULL, 0},
    {TMU_GCN_T_META_LINEAR, "META_LINEAR", 5, 25, 1, G9, P, NULL, 0},
    {TMU_GCN_T_META_PIPE_ALIGNED, "META_PIPE_ALIGNED", 5, 26, 1, G9, P, NULL, 0},
    {TMU_GCN_T_META_RB_ALIGNED, "META_RB_ALIGNED", 5, 27, 1, G9, P, NULL, 0},
    {TMU_GCN_T_MAX_MIP, "MAX_MIP", 5, 28, 4, G9, P, NULL, 0},
    {TMU_GCN_T_MIN_LOD_WARN, "MIN_LOD_WARN", 6, 0, 12, G_ALL, U48, NULL, 0},
    {TMU_GCN_T_COUNTER_BANK_ID, "COUNTER_BANK_ID", 6, 12, 8, G7P, P, NULL, 0},
    {TMU_GCN_T_LOD_HDW_CNT_EN, "LOD_HDW_CNT_EN", 6, 20, 1, G7P, P, NULL, 0},
    {TMU_GCN_T_COMPRESSION_EN, "COMPRESSION_EN", 6, 21, 1, G8P, P, NULL, 0},
    {TMU_GCN_T_ALPHA_IS_ON_MSB, "ALPHA_IS_ON_MSB", 6, 22, 1, G8P, P, NULL, 0},
    {TMU_GCN_T_COLOR_TRANSFORM, "COLOR_TRANSFORM", 6, 23, 1, G8P, P, NULL, 0},
    {TMU_GCN_T_LOST_ALPHA_BITS, "LOST_ALPHA_BITS", 6, 24, 4, G8P, P, NULL, 0},
    {TMU_GCN_T_LOST_COLOR_BITS, "LOST_COLOR_BITS", 6, 28, 4, G8P, P, NULL, 0},
    {TMU_GCN_T_META_ADDRESS, "META_ADDRESS", 7, 0, 32, G8P, H, NULL, 0},
};

static const tmu_gcn_desc_field_info sfields[] = {
    {TMU_GCN_S_CLAMP_X, "CLAMP_X", 0, 0, 3, G_ALL, E, NV(gcn_clamp_mode)},
    {TMU_GCN_S_CLAMP_Y, "CLAMP_Y", 0, 3, 3, G_ALL, E, NV(gcn_clamp_mode)},
    {TMU_GCN_S_CLAMP_Z, "CLAMP_Z", 0, 6, 3, G_ALL, E, NV(gcn_clamp_mode)},
    {TMU_GCN_S_MAX_ANISO_RATIO, "MAX_ANISO_RATIO", 0, 9, 3, G_ALL, E, NV(gcn_aniso)},
    {TMU_GCN_S_DEPTH_COMPARE_FUNC, "DEPTH_COMPARE_FUNC", 0, 12, 3, G_ALL, E, NV(gcn_cmp_func)},
    {TMU_GCN_S_FORCE_UNNORMALIZED, "FORCE_UNNORMALIZED", 0, 15, 1, G_ALL, P, NULL, 0},
    {TMU_GCN_S_ANISO_THRESHOLD, "ANISO_THRESHOLD", 0, 16, 3, G_ALL, P, NULL, 0},
    {TMU_GCN_S_MC_COORD_TRUNC, "MC_COORD_TRUNC", 0, 19, 1, G_ALL, P, NULL, 0},
    {TMU_GCN_S_FORCE_DEGAMMA, "FORCE_DEGAMMA", 0, 20, 1, G_ALL, P, NULL, 0},
    {TMU_GCN_S_ANISO_BIAS, "ANISO_BIAS", 0, 21, 6, G_ALL, P, NULL, 0},
    {TMU_GCN_S_TRUNC_COORD, "TRUNC_COORD", 0, 27, 1, G_ALL, P, NULL, 0},
    {TMU_GCN_S_DISABLE_CUBE_WRAP, "DISABLE_CUBE_WRAP", 0, 28, 1, G_ALL, P, NULL, 0},
    {TMU_GCN_S_FILTER_MODE, "FILTER_MODE", 0, 29, 2, G_ALL, E, NV(gcn_filter_mode)},
    {TMU_GCN_S_COMPAT_MODE, "COMPAT_MODE", 0, 31, 1, G8P, P, NULL, 0},
    {TMU_GCN_S_MIN_LOD, "MIN_LOD", 1, 0, 12, G_ALL, U48, NULL, 0},
    {TMU_GCN_S_MAX_LOD, "MAX_LOD", 1, 12, 12, G_ALL, U48, NULL, 0},
    {TMU_GCN_S_PERF_MIP, "PERF_MIP", 1, 24, 4, G_ALL, P, NULL, 0},
    {TMU_GCN_S_PERF_Z, "PERF_Z", 1, 28, 4, G_ALL, P, NULL, 0},
    {TMU_GCN_S_LOD_BIAS, "LOD_BIAS", 2, 0, 14, G_ALL, S58, NULL, 0},
    {TMU_GCN_S_LOD_BIAS_SEC, "LOD_BIAS_SEC", 2, 14, 6, G_ALL, P, NULL, 0},
    {TMU_GCN_S_XY_MAG_FILTER, "XY_MAG_FILTER", 2, 20, 2, G_ALL, E, NV(gcn_xy_filter)},
    {TMU_GCN_S_XY_MIN_FILTER, "XY_MIN_FILTER", 2, 22, 2, G_ALL, E, NV(gcn_xy_filter)},
    {TMU_GCN_S_Z_FILTER, "Z_FILTER", 2, 24, 2, G_ALL, E, NV(gcn_zmip_filter)},
    {TMU_GCN_S_MIP_FILTER, "MIP_FILTER", 2, 26, 2, G_ALL, E, NV(gcn_zmip_filter)},
    {TMU_GCN_S_MIP_POINT_PRECLAMP, "MIP_POINT_PRECLAMP", 2, 28, 1, G_ALL, P, NULL, 0},
    {TMU_GCN_S_DISABLE_LSB_CEIL, "DISABLE_LSB_CEIL", 2, 29, 1, G6_8, P, NULL, 0},
    {TMU_GCN_S_DISABLE_LSB_CEIL, "BLEND_ZERO_PRT", 2, 29, 1, G9, P, NULL, 0},
    {TMU_GCN_S_FILTER_PREC_FIX, "FILTER_PREC_FIX", 2, 30, 1, G_ALL, P, NULL, 0},
    {TMU_GCN_S_ANISO_OVERRIDE, "ANISO_OVERRIDE", 2, 31, 1, G8P, P, NULL, 0},
    {TMU_GCN_S_BORDER_COLOR_PTR, "BORDER_COLOR_PTR", 3, 0, 12, G_ALL, P, NULL, 0},
    {TMU_GCN_S_SKIP_DEGAMMA, "SKIP_DEGAMMA", 3, 12, 1, G9, P, NULL, 0},
    {TMU_GCN_S_BORDER_COLOR_TYPE, "BORDER_COLOR_TYPE", 3, 30, 2, G_ALL, E, NV(gcn_border_type)},
};

#define NT (sizeof(tfields) / sizeof(tfields[0]))
#define NS (sizeof(sfields) / sizeof(sfields[0]))

static const tmu_gcn_desc_field_info *find(const tmu_gcn_desc_field_info *rows, size_t n,
                                           tmu_gcn_gen gen, unsigned id)
{
    if ((unsigned)gen >= TMU_GCN_GEN_COUNT)
        return NULL;
    for (size_t i = 0; i < n; i++)
        if (rows[i].id == id && ((rows[i].gens >> gen) & 1))
            return &rows[i];
    return NULL;
}

const tmu_gcn_desc_field_info *tmu_gcn_tdesc_field_get(tmu_gcn_gen gen, tmu_gcn_tdesc_field field)
{
    if (TMU_GCN_GEN_IS_RDNA(gen))
        return rdna_tdesc_field_get(gen, field);
    return find(tfields, NT, gen, (unsigned)field);
}

const tmu_gcn_desc_field_info *tmu_gcn_sdesc_field_get(tmu_gcn_gen gen, tmu_gcn_sdesc_field field)
{
    if (TMU_GCN_GEN_IS_RDNA(gen))
        return rdna_sdesc_field_get(gen, field);
    return find(sfields, NS, gen, (unsigned)field);
}

static uint32_t field_mask(unsigned width)
{
    return width >= 32 ? 0xffffffffu : ((1u << width) - 1);
}

static void decode_rows(const tmu_gcn_desc_field_info *rows, size_t n, tmu_gcn_gen gen,
                        const uint32_t *dw, unsigned ndw, uint32_t *f, unsigned nf)
{
    for (unsigned i = 0; i < nf; i++)
        f[i] = 0;
    for (size_t i = 0; i < n; i++) {
        const tmu_gcn_desc_field_info *r = &rows[i];
        if (!((r->gens >> gen) & 1) || r->dword >= ndw)
            continue;
        f[r->id] = (dw[r->dword] >> r->lo) & field_mask(r->width);
    }
}

static tmu_status encode_rows(const tmu_gcn_desc_field_info *rows, size_t n, tmu_gcn_gen gen,
                              const uint32_t *f, unsigned nf, uint32_t *dw, unsigned ndw,
                              tmu_diag *diag)
{
    for (unsigned i = 0; i < ndw; i++)
        dw[i] = 0;
    for (unsigned id = 0; id < nf; id++) {
        const tmu_gcn_desc_field_info *r = find(rows, n, gen, id);
        if (!r || r->dword >= ndw) {
            if (f[id])
                return tmu_diag_set(diag, TMU_ERR_RANGE, 0, 0, -1,
                                    "descriptor field %u is set but does not exist on %s", id,
                                    tmu_gcn_gen_name(gen));
            continue;
        }
        if (f[id] & ~field_mask(r->width))
            return tmu_diag_set(diag, TMU_ERR_RANGE, 0, 0, r->dword * 32 + r->lo,
                                "%s = %u does not fit in %u bits", r->name, f[id], r->width);
        dw[r->dword] |= f[id] << r->lo;
    }
    tmu_diag_clear(diag);
    return TMU_OK;
}

tmu_status tmu_gcn_tdesc_decode(tmu_gcn_gen gen, const uint32_t *dw, unsigned ndw,
                                tmu_gcn_tdesc *out, tmu_diag *diag)
{
    if (!dw || !out || (unsigned)gen >= TMU_GCN_GEN_ALL)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1,
                            "bad argument to tmu_gcn_tdesc_decode");
    if (ndw != 4 && ndw != 8)
        return tmu_diag_set(diag, TMU_ERR_INVALID, 0, 0, -1,
                            "a T# has 8 dwords (4 with R128), not %u", ndw);
    out->gen = gen;
    out->dwords = ndw;
    if (TMU_GCN_GEN_IS_RDNA(gen))
        rdna_tdesc_decode(gen, dw, ndw, out);
    else
        decode_rows(tfields, NT, gen, dw, ndw, out->f, TMU_GCN_T_COUNT);
    if (out->f[TMU_GCN_T_TYPE] < 8)
        return tmu_diag_set(diag, TMU_ERR_INVALID, 0, 0, 3 * 32 + 28,
                            "TYPE %u is not an image type (8-15; 0-7 are buffer/reserved)",
                            out->f[TMU_GCN_T_TYPE]);
    tmu_diag_clear(diag);
    return TMU_OK;
}

tmu_status tmu_gcn_tdesc_encode(const tmu_gcn_tdesc *desc, uint32_t *dw, tmu_diag *diag)
{
    if (!desc || !dw || (unsigned)desc->gen >= TMU_GCN_GEN_ALL ||
        (desc->dwords != 4 && desc->dwords != 8))
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1,
                            "bad argument to tmu_gcn_tdesc_encode (dwords must be 4 or 8)");
    if (TMU_GCN_GEN_IS_RDNA(desc->gen))
        return rdna_tdesc_encode(desc, dw, diag);
    return encode_rows(tfields, NT, desc->gen, desc->f, TMU_GCN_T_COUNT, dw, desc->dwords, diag);
}

tmu_status tmu_gcn_sdesc_decode(tmu_gcn_gen gen, const uint32_t dw[4], tmu_gcn_sdesc *out,
                                tmu_diag *diag)
{
    if (!dw || !out || (unsigned)gen >= TMU_GCN_GEN_ALL)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1,
                            "bad argument to tmu_gcn_sdesc_decode");
    if (TMU_GCN_GEN_IS_RDNA(gen)) {
        rdna_sdesc_decode(gen, dw, out);
        tmu_diag_clear(diag);
        return TMU_OK;
    }
    out->gen = gen;
    decode_rows(sfields, NS, gen, dw, 4, out->f, TMU_GCN_S_COUNT);
    tmu_diag_clear(diag);
    return TMU_OK;
}

tmu_status tmu_gcn_sdesc_encode(const tmu_gcn_sdesc *desc, uint32_t dw[4], tmu_diag *diag)
{
    if (!desc || !dw || (unsigned)desc->gen >= TMU_GCN_GEN_ALL)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1,
                            "bad argument to tmu_gcn_sdesc_encode");
    if (TMU_GCN_GEN_IS_RDNA(desc->gen))
        return rdna_sdesc_encode(desc, dw, diag);
    return encode_rows(sfields, NS, desc->gen, desc->f, TMU_GCN_S_COUNT, dw, 4, diag);
}

int gcn_desc_meaning(const tmu_gcn_desc_field_info *r, uint32_t v, char *meaning, size_t size)
{
    switch (r->kind) {
    case TMU_GCN_DK_HEX:
        snprintf(meaning, size, "0x%x", v);
        return 1;
    case TMU_GCN_DK_MINUS1:
        snprintf(meaning, size, "%u (stored %u)", v + 1, v);
        return 1;
    case TMU_GCN_DK_U4_8:
        snprintf(meaning, size, "%u (%.4f)", v, v / 256.0);
        return 1;
    case TMU_GCN_DK_S5_8: {
        int32_t s = (int32_t)(v << 18) >> 18; /* sign-extend 14 bits */
        snprintf(meaning, size, "%u (%.4f)", v, s / 256.0);
        return 1;
    }
    case TMU_GCN_DK_ENUM:
        snprintf(meaning, size, "%u (%s)", v,
                 v < r->nvalues && r->values[v] ? r->values[v] : "reserved");
        return 1;
    default:
        snprintf(meaning, size, "%u", v);
        return 0;
    }
}

int gcn_desc_print_line(char *buf, size_t size, size_t *len, const tmu_gcn_desc_field_info *r,
                        const char *meaning)
{
    int w = snprintf(buf + *len, size - *len, "d%u[%u:%u] %-19s = %s\n", r->dword,
                     r->lo + r->width - 1, r->lo, r->name, meaning);
    if (w < 0 || (size_t)w >= size - *len) {
        buf[*len] = 0;
        return -1;
    }
    *len += (size_t)w;
    return 0;
}

/* One "dN[hi:lo] NAME = value (meaning)" line per field. */
static int print_rows(const tmu_gcn_desc_field_info *rows, size_t n, tmu_gcn_gen gen,
                      const uint32_t *f, unsigned ndw, char *buf, size_t size)
{
    size_t len = 0;
    if (!buf || size == 0)
        return -1;
    buf[0] = 0;
    for (size_t i = 0; i < n; i++) {
        const tmu_gcn_desc_field_info *r = &rows[i];
        if (!((r->gens >> gen) & 1) || r->dword >= ndw)
            continue;
        char meaning[64];
        gcn_desc_meaning(r, f[r->id], meaning, sizeof meaning);
        if (gcn_desc_print_line(buf, size, &len, r, meaning))
            return -1;
    }
    return (int)len;
}

int tmu_gcn_tdesc_print(const tmu_gcn_tdesc *desc, char *buf, size_t size)
{
    if (!desc || (unsigned)desc->gen >= TMU_GCN_GEN_ALL)
        return -1;
    if (TMU_GCN_GEN_IS_RDNA(desc->gen))
        return rdna_tdesc_print(desc, buf, size);
    return print_rows(tfields, NT, desc->gen, desc->f, desc->dwords, buf, size);
}

int tmu_gcn_sdesc_print(const tmu_gcn_sdesc *desc, char *buf, size_t size)
{
    if (!desc || (unsigned)desc->gen >= TMU_GCN_GEN_ALL)
        return -1;
    if (TMU_GCN_GEN_IS_RDNA(desc->gen))
        return rdna_sdesc_print(desc, buf, size);
    return print_rows(sfields, NS, desc->gen, desc->f, 4, buf, size);
}

/* ---- mapping to the texture unit's shapes ------------------------------------------------ */

static tmu_status sel_to_swizzle(unsigned sel, tmu_swizzle *out)
{
    switch (sel) {
    case TMU_GCN_SEL_0: *out = TMU_SWIZZLE_ZERO; return TMU_OK;
    case TMU_GCN_SEL_1: *out = TMU_SWIZZLE_ONE; return TMU_OK;
    case TMU_GCN_SEL_X: *out = TMU_SWIZZLE_R; return TMU_OK;
    case TMU_GCN_SEL_Y: *out = TMU_SWIZZLE_G; return TMU_OK;
    case TMU_GCN_SEL_Z: *out = TMU_SWIZZLE_B; return TMU_OK;
    case TMU_GCN_SEL_W: *out = TMU_SWIZZLE_A; return TMU_OK;
    default: return TMU_ERR_UNSUPPORTED;
    }
}

/* Image shapes of the T# TYPE codes 8-15, as data. */
static const struct {
    tmu_dim dim;
    uint8_t arrayed; /* layers come from DEPTH / BASE_ARRAY / LAST_ARRAY */
} type_dims[8] = {
    {TMU_DIM_1D, 0},       {TMU_DIM_2D, 0},       {TMU_DIM_3D, 0},    {TMU_DIM_CUBE, 1},
    {TMU_DIM_1D_ARRAY, 1}, {TMU_DIM_2D_ARRAY, 1}, {TMU_DIM_2D_MS, 0}, {TMU_DIM_2D_MS_ARRAY, 1},
};

#define TFAIL(st, bit, ...) return tmu_diag_set(diag, st, 0, 0, bit, __VA_ARGS__)

tmu_status tmu_gcn_tdesc_to_texture(const tmu_gcn_tdesc *desc, struct tmu_texture *out,
                                    tmu_diag *diag)
{
    if (!desc || !out || (unsigned)desc->gen >= TMU_GCN_GEN_ALL)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1,
                            "bad argument to tmu_gcn_tdesc_to_texture");
    const uint32_t *f = desc->f;
    /* gfx9 and RDNA: DEPTH of an array is its last layer, cubes count faces */
    bool gfx9 = desc->gen >= TMU_GCN_GFX9;
    memset(out, 0, sizeof *out);
    unsigned dfmt = f[TMU_GCN_T_DATA_FORMAT], nfmt = f[TMU_GCN_T_NUM_FORMAT];
    tmu_format fmt = TMU_FORMAT_INVALID;
    if (TMU_GCN_GEN_IS_RDNA(desc->gen)) {
        tmu_status fs = rdna_tdesc_format(desc, &fmt, diag);
        if (fs != TMU_OK)
            return fs;
    } else {
        fmt = tmu_format_from_gcn(dfmt, nfmt);
    }
    if (fmt == TMU_FORMAT_INVALID) {
        const tmu_gcn_desc_field_info *dr = tmu_gcn_tdesc_field_get(desc->gen, TMU_GCN_T_DATA_FORMAT);
        const tmu_gcn_desc_field_info *nr = tmu_gcn_tdesc_field_get(desc->gen, TMU_GCN_T_NUM_FORMAT);
        const char *dn = dfmt < dr->nvalues && dr->values[dfmt] ? dr->values[dfmt] : "reserved";
        const char *nn = nfmt < nr->nvalues && nr->values[nfmt] ? nr->values[nfmt] : "reserved";
        const char *why = "has no tmu format";
        if (!strncmp(dn, "BC", 2))
            why = "is block-compressed: BCn formats are not modelled";
        else if (!strncmp(dn, "FMASK", 5))
            why = "is FMASK (multisample compression metadata), which is not modelled";
        else if (!strncmp(dn, "ASTC", 4) || !strncmp(dn, "ETC2", 4))
            why = "is block-compressed, which is not modelled";
        TFAIL(TMU_ERR_UNSUPPORTED, 32 + 20, "DATA_FORMAT %u (%s) / NUM_FORMAT %u (%s) %s", dfmt, dn,
              nfmt, nn, why);
    }
    out->format = fmt;
    static const tmu_gcn_tdesc_field sels[4] = {TMU_GCN_T_DST_SEL_X, TMU_GCN_T_DST_SEL_Y,
                                                TMU_GCN_T_DST_SEL_Z, TMU_GCN_T_DST_SEL_W};
    for (int c = 0; c < 4; c++)
        if (sel_to_swizzle(f[sels[c]], &out->swizzle[c]) != TMU_OK)
            TFAIL(TMU_ERR_UNSUPPORTED, 3 * 32 + 3 * c, "DST_SEL_%c = %u is reserved", "XYZW"[c],
                  f[sels[c]]);
    unsigned type = f[TMU_GCN_T_TYPE];
    if (type < 8 || type > 15)
        TFAIL(TMU_ERR_UNSUPPORTED, 3 * 32 + 28, "TYPE %u is not an image type", type);
    out->dim = type_dims[type - 8].dim;
    out->width = f[TMU_GCN_T_WIDTH] + 1;
    out->height = f[TMU_GCN_T_HEIGHT] + 1;
    out->depth = 1;
    out->layers = 1;
    out->samples = 1;
    unsigned base = f[TMU_GCN_T_BASE_LEVEL], last = f[TMU_GCN_T_LAST_LEVEL];
    unsigned depth = f[TMU_GCN_T_DEPTH];
    if (out->dim == TMU_DIM_1D || out->dim == TMU_DIM_1D_ARRAY)
        out->height = 1;
    if (out->dim == TMU_DIM_3D)
        out->depth = depth + 1;
    if (type_dims[type - 8].arrayed) {
        /* The image's layers in memory: gfx6-8 DEPTH = layers - 1 (cube: cubes - 1, BASE_ARRAY
         * and LAST_ARRAY count faces); gfx9 DEPTH = the last layer the view may access. */
        uint32_t layers = depth + 1;
        if (!gfx9 && out->dim == TMU_DIM_CUBE)
            layers *= 6;
        uint32_t first = f[TMU_GCN_T_BASE_ARRAY];
        uint32_t lastl = gfx9 ? depth : f[TMU_GCN_T_LAST_ARRAY];
        if (lastl >= layers || first > lastl)
            TFAIL(TMU_ERR_INVALID, 5 * 32, "BASE_ARRAY %u .. last layer %u is not a view of the %u layers "
                  "DEPTH %u gives", first, lastl, layers, depth);
        if (out->dim == TMU_DIM_CUBE) {
            if (layers % 6)
                TFAIL(TMU_ERR_INVALID, 4 * 32, "cube image with %u faces (DEPTH %u), not a multiple of 6",
                      layers, depth);
            if (layers > 6)
                out->dim = TMU_DIM_CUBE_ARRAY;
        }
        if (out->dim == TMU_DIM_CUBE_ARRAY && (lastl - first + 1) % 6)
            TFAIL(TMU_ERR_INVALID, 5 * 32, "TYPE CUBE: BASE_ARRAY %u .. %s %u spans %u faces, not a "
                  "multiple of 6", first, gfx9 ? "DEPTH" : "LAST_ARRAY", lastl, lastl - first + 1);
        out->layers = layers;
        if (first != 0 || lastl + 1 != layers) {
            out->base_layer = first;
            out->layer_count = lastl - first + 1;
        }
    }
    if ((out->dim == TMU_DIM_CUBE || out->dim == TMU_DIM_CUBE_ARRAY) && out->width != out->height)
        TFAIL(TMU_ERR_INVALID, 2 * 32, "TYPE CUBE with WIDTH + 1 = %u and HEIGHT + 1 = %u: cube faces "
              "are square", out->width, out->height);
    if (out->dim == TMU_DIM_2D_MS || out->dim == TMU_DIM_2D_MS_ARRAY) {
        /* MSAA: LAST_LEVEL holds log2(samples) and there is one level. */
        if (last > 4)
            TFAIL(TMU_ERR_INVALID, 3 * 32 + 16, "LAST_LEVEL %u of a multisampled TYPE means %u samples "
                  "(at most 16)", last, 1u << last);
        out->samples = 1u << last;
        out->levels = 1;
    } else {
        if (last < base)
            TFAIL(TMU_ERR_INVALID, 3 * 32 + 16, "LAST_LEVEL %u is below BASE_LEVEL %u", last, base);
        uint32_t big = out->width > out->height ? out->width : out->height, chain = 1;
        if (out->depth > big)
            big = out->depth;
        while (big >>= 1)
            chain++;
        if (last >= chain)
            TFAIL(TMU_ERR_INVALID, 3 * 32 + 16, "LAST_LEVEL %u: a %ux%ux%u image has %u levels (0..%u)",
                  last, out->width, out->height, out->depth, chain, chain - 1);
        out->levels = last + 1;
        if (base != 0) {
            out->base_level = base;
            out->level_count = last - base + 1;
        }
        /* the hardware clamps the LOD to the view's levels after MIN_LOD: a MIN_LOD beyond
         * LAST_LEVEL selects the last level, as LAST_LEVEL itself does */
        out->min_lod = (float)f[TMU_GCN_T_MIN_LOD] / 256.0f;
        if (out->min_lod > (float)last)
            out->min_lod = (float)last;
    }
    tmu_diag_clear(diag);
    return TMU_OK;
}

static float u4_8(uint32_t v)
{
    return (float)v / 256.0f;
}

tmu_status tmu_gcn_sdesc_to_sampler(const tmu_gcn_sdesc *desc, struct tmu_sampler *out,
                                    tmu_diag *diag)
{
    if (!desc || !out || (unsigned)desc->gen >= TMU_GCN_GEN_ALL)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1,
                            "bad argument to tmu_gcn_sdesc_to_sampler");
    const uint32_t *f = desc->f;
    memset(out, 0, sizeof *out);
    /* CLAMP codes are tmu_address values (texture.h): all eight modes exist. */
    static const tmu_gcn_sdesc_field cl[3] = {TMU_GCN_S_CLAMP_X, TMU_GCN_S_CLAMP_Y,
                                              TMU_GCN_S_CLAMP_Z};
    for (int a = 0; a < 3; a++)
        out->address[a] = (tmu_address)(f[cl[a]] & 7);
    if (f[TMU_GCN_S_TRUNC_COORD])
        TFAIL(TMU_ERR_UNSUPPORTED, 27, "TRUNC_COORD = 1 (truncated texel coordinates) is not modelled");
    if (f[TMU_GCN_S_MC_COORD_TRUNC])
        TFAIL(TMU_ERR_UNSUPPORTED, 19, "MC_COORD_TRUNC = 1 (truncated motion-compensation coordinates) "
              "is not modelled");
    unsigned mag = f[TMU_GCN_S_XY_MAG_FILTER], min = f[TMU_GCN_S_XY_MIN_FILTER];
    /* POINT, BILINEAR, ANISO_POINT, ANISO_BILINEAR: bit 0 = bilinear, bit 1 = anisotropic */
    out->mag_filter = (mag & 1) ? TMU_FILTER_LINEAR : TMU_FILTER_NEAREST;
    out->min_filter = (min & 1) ? TMU_FILTER_LINEAR : TMU_FILTER_NEAREST;
    if ((mag | min) & 2)
        out->max_anisotropy = (float)(1u << (f[TMU_GCN_S_MAX_ANISO_RATIO] > 4 ? 4 : f[TMU_GCN_S_MAX_ANISO_RATIO]));
    if (f[TMU_GCN_S_MAX_ANISO_RATIO] > 4)
        TFAIL(TMU_ERR_UNSUPPORTED, 9, "MAX_ANISO_RATIO = %u is reserved (0-4 = 1x-16x)",
              f[TMU_GCN_S_MAX_ANISO_RATIO]);
    unsigned mip = f[TMU_GCN_S_MIP_FILTER];
    if (mip > 2)
        TFAIL(TMU_ERR_UNSUPPORTED, 2 * 32 + 26, "MIP_FILTER = %u is reserved", mip);
    out->mip_filter = mip == 0 ? TMU_MIP_NONE : mip == 1 ? TMU_MIP_NEAREST : TMU_MIP_LINEAR;
    unsigned fm = f[TMU_GCN_S_FILTER_MODE];
    if (fm > 2)
        TFAIL(TMU_ERR_UNSUPPORTED, 29, "FILTER_MODE = %u is reserved (0 BLEND, 1 MIN, 2 MAX)", fm);
    out->reduction = fm == 0 ? TMU_REDUCTION_WEIGHTED_AVERAGE : fm == 1 ? TMU_REDUCTION_MIN : TMU_REDUCTION_MAX;
    out->normalized = f[TMU_GCN_S_FORCE_UNNORMALIZED] ? 0 : 1;
    out->seamless_cube = f[TMU_GCN_S_DISABLE_CUBE_WRAP] ? 0 : 1;
    out->compare_op = (tmu_compare)f[TMU_GCN_S_DEPTH_COMPARE_FUNC];
    out->precision = TMU_PRECISION_EXACT;
    int32_t bias = (int32_t)(f[TMU_GCN_S_LOD_BIAS] << 18) >> 18; /* signed 5.8 */
    out->lod_bias = (float)bias / 256.0f;
    out->min_lod = u4_8(f[TMU_GCN_S_MIN_LOD]);
    out->max_lod = u4_8(f[TMU_GCN_S_MAX_LOD]);
    /* Border colours by BORDER_COLOR_TYPE; REGISTER (a table outside the S#) is filled by
     * tmu_gcn_bind_sampler. */
    static const float border[3][4] = {{0, 0, 0, 0}, {0, 0, 0, 1}, {1, 1, 1, 1}};
    static const uint32_t borderu[3][4] = {{0, 0, 0, 0}, {0, 0, 0, 1}, {1, 1, 1, 1}};
    unsigned bt = f[TMU_GCN_S_BORDER_COLOR_TYPE] & 3;
    for (int c = 0; c < 4 && bt < 3; c++) {
        out->border_f[c] = border[bt][c];
        out->border_u[c] = borderu[bt][c];
    }
    tmu_diag_clear(diag);
    return TMU_OK;
}
