/* a6xx/a7xx texture (A6XX_TEX_CONST, 16 dwords) and sampler (A6XX_TEX_SAMP, 4 dwords)
 * descriptors as data: one row per field, with the value names of its enum, from Mesa's
 * freedreno register database (src/freedreno/registers/adreno/a6xx_descriptors.xml,
 * a6xx_enums.xml, adreno_common.xml).  Decode, encode, print and the mapping onto
 * tmu_texture / tmu_sampler are loops over the rows.  The FMT/SWAP -> format pairs are
 * those of Mesa's fd6 texture format table (src/freedreno/fdl/fd6_format_table.c); the
 * level layout of linear textures is the one Mesa's fdl6 layout writes (fd6_layout.c,
 * fd6_view.cc). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "tmu/format.h"
#include "tmu/ir3_exec.h"
#include "tmu/layout.h"

/* ---- value names ------------------------------------------------------------------------- */

static const char *const tile_mode_names[4] = {"TILE6_LINEAR", NULL, "TILE6_2", "TILE6_3"};
static const char *const swiz_names[8] = {"A6XX_TEX_X", "A6XX_TEX_Y", "A6XX_TEX_Z",
                                          "A6XX_TEX_W", "A6XX_TEX_ZERO", "A6XX_TEX_ONE"};
static const char *const msaa_names[4] = {"MSAA_ONE", "MSAA_TWO", "MSAA_FOUR", "MSAA_EIGHT"};
static const char *const swap_names[4] = {"WZYX", "WXYZ", "ZYXW", "XYZW"};
static const char *const tex_type_names[8] = {"A6XX_TEX_1D",  "A6XX_TEX_2D",     "A6XX_TEX_CUBE",
                                              "A6XX_TEX_3D",  "A6XX_TEX_BUFFER", "A6XX_TEX_IMG_BUFFER"};
static const char *const filter_names[4] = {"A6XX_TEX_NEAREST", "A6XX_TEX_LINEAR", "A6XX_TEX_ANISO",
                                            "A6XX_TEX_CUBIC"};
static const char *const clamp_names[8] = {"A6XX_TEX_REPEAT", "A6XX_TEX_CLAMP_TO_EDGE", "A6XX_TEX_MIRROR_REPEAT",
                                           "A6XX_TEX_CLAMP_TO_BORDER", "A6XX_TEX_MIRROR_CLAMP"};
static const char *const aniso_names[8] = {"A6XX_TEX_ANISO_1", "A6XX_TEX_ANISO_2", "A6XX_TEX_ANISO_4",
                                           "A6XX_TEX_ANISO_8", "A6XX_TEX_ANISO_16"};
static const char *const compare_names[8] = {"FUNC_NEVER",   "FUNC_LESS",     "FUNC_EQUAL",  "FUNC_LEQUAL",
                                             "FUNC_GREATER", "FUNC_NOTEQUAL", "FUNC_GEQUAL", "FUNC_ALWAYS"};
static const char *const reduction_names[4] = {"A6XX_REDUCTION_MODE_AVERAGE", "A6XX_REDUCTION_MODE_MIN",
                                               "A6XX_REDUCTION_MODE_MAX"};
static const char *const fast_border_names[4] = {"A6XX_BORDER_COLOR_0_0_0_0", "A6XX_BORDER_COLOR_0_0_0_1",
                                                 "A6XX_BORDER_COLOR_1_1_1_0", "A6XX_BORDER_COLOR_1_1_1_1"};

/* a6xx_format (a6xx_enums.xml): value -> name. */
#define FMT6_LIST(X)                                                                                         \
    X(0x02, A8_UNORM) X(0x03, 8_UNORM) X(0x04, 8_SNORM) X(0x05, 8_UINT) X(0x06, 8_SINT)                      \
    X(0x08, 4_4_4_4_UNORM) X(0x0a, 5_5_5_1_UNORM) X(0x0c, 1_5_5_5_UNORM) X(0x0e, 5_6_5_UNORM)                \
    X(0x0f, 8_8_UNORM) X(0x10, 8_8_SNORM) X(0x11, 8_8_UINT) X(0x12, 8_8_SINT) X(0x13, L8_A8_UNORM)           \
    X(0x15, 16_UNORM) X(0x16, 16_SNORM) X(0x17, 16_FLOAT) X(0x18, 16_UINT) X(0x19, 16_SINT)                  \
    X(0x21, 8_8_8_UNORM) X(0x22, 8_8_8_SNORM) X(0x23, 8_8_8_UINT) X(0x24, 8_8_8_SINT)                        \
    X(0x30, 8_8_8_8_UNORM) X(0x31, 8_8_8_X8_UNORM) X(0x32, 8_8_8_8_SNORM) X(0x33, 8_8_8_8_UINT)              \
    X(0x34, 8_8_8_8_SINT) X(0x35, 9_9_9_E5_FLOAT) X(0x36, 10_10_10_2_UNORM) X(0x37, 10_10_10_2_UNORM_DEST)   \
    X(0x39, 10_10_10_2_SNORM) X(0x3a, 10_10_10_2_UINT) X(0x3b, 10_10_10_2_SINT) X(0x42, 11_11_10_FLOAT)      \
    X(0x43, 16_16_UNORM) X(0x44, 16_16_SNORM) X(0x45, 16_16_FLOAT) X(0x46, 16_16_UINT) X(0x47, 16_16_SINT)   \
    X(0x48, 32_UNORM) X(0x49, 32_SNORM) X(0x4a, 32_FLOAT) X(0x4b, 32_UINT) X(0x4c, 32_SINT)                  \
    X(0x4d, 32_FIXED) X(0x58, 16_16_16_UNORM) X(0x59, 16_16_16_SNORM) X(0x5a, 16_16_16_FLOAT)               \
    X(0x5b, 16_16_16_UINT) X(0x5c, 16_16_16_SINT) X(0x60, 16_16_16_16_UNORM) X(0x61, 16_16_16_16_SNORM)      \
    X(0x62, 16_16_16_16_FLOAT) X(0x63, 16_16_16_16_UINT) X(0x64, 16_16_16_16_SINT) X(0x65, 32_32_UNORM)      \
    X(0x66, 32_32_SNORM) X(0x67, 32_32_FLOAT) X(0x68, 32_32_UINT) X(0x69, 32_32_SINT) X(0x6a, 32_32_FIXED)   \
    X(0x70, 32_32_32_UNORM) X(0x71, 32_32_32_SNORM) X(0x72, 32_32_32_UINT) X(0x73, 32_32_32_SINT)           \
    X(0x74, 32_32_32_FLOAT) X(0x75, 32_32_32_FIXED) X(0x80, 32_32_32_32_UNORM) X(0x81, 32_32_32_32_SNORM)   \
    X(0x82, 32_32_32_32_FLOAT) X(0x83, 32_32_32_32_UINT) X(0x84, 32_32_32_32_SINT)                           \
    X(0x85, 32_32_32_32_FIXED) X(0x8c, G8R8B8R8_422_UNORM) X(0x8d, R8G8R8B8_422_UNORM)                       \
    X(0x8e, R8_G8B8_2PLANE_420_UNORM) X(0x8f, NV21) X(0x90, R8_G8_B8_3PLANE_420_UNORM)                       \
    X(0x91, Z24_UNORM_S8_UINT_AS_R8G8B8A8) X(0x94, NV12_Y) X(0x95, NV12_UV) X(0x96, NV12_VU)                 \
    X(0x97, NV12_4R) X(0x98, NV12_4R_Y) X(0x99, NV12_4R_UV) X(0x9a, P010) X(0x9b, P010_Y) X(0x9c, P010_UV)   \
    X(0x9d, TP10) X(0x9e, TP10_Y) X(0x9f, TP10_UV) X(0xa0, Z24_UNORM_S8_UINT) X(0xab, ETC2_RG11_UNORM)       \
    X(0xac, ETC2_RG11_SNORM) X(0xad, ETC2_R11_UNORM) X(0xae, ETC2_R11_SNORM) X(0xaf, ETC1)                   \
    X(0xb0, ETC2_RGB8) X(0xb1, ETC2_RGBA8) X(0xb2, ETC2_RGB8A1) X(0xb3, DXT1) X(0xb4, DXT3) X(0xb5, DXT5)    \
    X(0xb6, RGTC1_UNORM) X(0xb7, RGTC1_UNORM_FAST) X(0xb8, RGTC1_SNORM) X(0xb9, RGTC1_SNORM_FAST)            \
    X(0xba, RGTC2_UNORM) X(0xbb, RGTC2_UNORM_FAST) X(0xbc, RGTC2_SNORM) X(0xbd, RGTC2_SNORM_FAST)            \
    X(0xbe, BPTC_UFLOAT) X(0xbf, BPTC_FLOAT) X(0xc0, BPTC) X(0xc1, ASTC_4x4) X(0xc2, ASTC_5x4)               \
    X(0xc3, ASTC_5x5) X(0xc4, ASTC_6x5) X(0xc5, ASTC_6x6) X(0xc6, ASTC_8x5) X(0xc7, ASTC_8x6)                \
    X(0xc8, ASTC_8x8) X(0xc9, ASTC_10x5) X(0xca, ASTC_10x6) X(0xcb, ASTC_10x8) X(0xcc, ASTC_10x10)           \
    X(0xcd, ASTC_12x10) X(0xce, ASTC_12x12) X(0xea, Z24_UINT_S8_UINT) X(0xff, NONE)

#define FMT6_NAME(v, n) [v] = "FMT6_" #n,
static const char *const fmt6_names[256] = {FMT6_LIST(FMT6_NAME)};
#undef FMT6_NAME

const char *tmu_ir3_fmt6_name(unsigned fmt)
{
    return fmt < 256 ? fmt6_names[fmt] : NULL;
}

/* FMT6 values of the 2- and 3-plane YUV formats (their descriptors use PLANE_PITCH). */
static int fmt6_multi_plane(unsigned fmt)
{
    return fmt == 0x8e || fmt == 0x8f || fmt == 0x90;
}

/* Texture formats of Mesa's fd6 table that tmu has: X(FMT6, SWAP, format, sRGB format).
 * Gallium names packed formats from the least significant bits, Vulkan (and tmu) from the
 * most significant, so PIPE_FORMAT_R5G6B5_UNORM (5_6_5_UNORM, WZYX) is tmu's
 * b5g6r5_unorm_pack16.  SWAP names the channels of the four slots from the most significant
 * one down (WXYZ = B8G8R8A8).  Z24_UNORM_S8_UINT reads depth in x (x8_d24_unorm_pack32).
 * The last rows are FMT values Mesa's table maps no texture format to, or only vertex formats,
 * read by their a6xx_format names: A8_UNORM alpha only (Mesa textures A8 with it), 8_8_8_UNORM
 * 3-byte RGB (Mesa's R8G8B8 / B8G8R8, WZYX / WXYZ), 8_8_8_X8_UNORM RGB with the fourth byte
 * ignored (Mesa reads RGBX through 8_8_8_8_UNORM and SWIZ_W ONE), L8_A8_UNORM (L, L, L, A)
 * (Mesa reads L8A8 through 8_8_UNORM and SWIZ X X X Y) and 32_FIXED 16.16 fixed point (a vertex
 * format in Mesa): that the texture unit reads the last three so is unverified. */
#define FMT6_MAP(X)                                                                                        \
    X(0x03, 0, R8_UNORM, R8_SRGB) X(0x04, 0, R8_SNORM, INVALID) X(0x05, 0, R8_UINT, INVALID)              \
    X(0x06, 0, R8_SINT, INVALID) X(0x08, 0, A4B4G4R4_UNORM_PACK16, INVALID)                                \
    X(0x08, 3, R4G4B4A4_UNORM_PACK16, INVALID) X(0x0a, 0, A1B5G5R5_UNORM_PACK16, INVALID)                  \
    X(0x0a, 3, R5G5B5A1_UNORM_PACK16, INVALID) X(0x0e, 0, B5G6R5_UNORM_PACK16, INVALID)                    \
    X(0x0e, 1, R5G6B5_UNORM_PACK16, INVALID) X(0x0f, 0, R8G8_UNORM, R8G8_SRGB) X(0x10, 0, R8G8_SNORM, INVALID) \
    X(0x11, 0, R8G8_UINT, INVALID) X(0x12, 0, R8G8_SINT, INVALID) X(0x15, 0, R16_UNORM, INVALID)           \
    X(0x16, 0, R16_SNORM, INVALID) X(0x17, 0, R16_FLOAT, INVALID) X(0x18, 0, R16_UINT, INVALID)            \
    X(0x19, 0, R16_SINT, INVALID) X(0x30, 0, R8G8B8A8_UNORM, R8G8B8A8_SRGB)                                \
    X(0x30, 1, B8G8R8A8_UNORM, B8G8R8A8_SRGB) X(0x32, 0, R8G8B8A8_SNORM, INVALID)                          \
    X(0x33, 0, R8G8B8A8_UINT, INVALID) X(0x34, 0, R8G8B8A8_SINT, INVALID)                                  \
    X(0x35, 0, E5B9G9R9_UFLOAT_PACK32, INVALID) X(0x36, 0, A2B10G10R10_UNORM_PACK32, INVALID)              \
    X(0x3a, 0, A2B10G10R10_UINT_PACK32, INVALID) X(0x42, 0, B10G11R11_UFLOAT_PACK32, INVALID)              \
    X(0x43, 0, R16G16_UNORM, INVALID) X(0x44, 0, R16G16_SNORM, INVALID) X(0x45, 0, R16G16_FLOAT, INVALID)  \
    X(0x46, 0, R16G16_UINT, INVALID) X(0x47, 0, R16G16_SINT, INVALID) X(0x4a, 0, R32_FLOAT, INVALID)       \
    X(0x4b, 0, R32_UINT, INVALID) X(0x4c, 0, R32_SINT, INVALID) X(0x60, 0, R16G16B16A16_UNORM, INVALID)    \
    X(0x61, 0, R16G16B16A16_SNORM, INVALID) X(0x62, 0, R16G16B16A16_FLOAT, INVALID)                        \
    X(0x63, 0, R16G16B16A16_UINT, INVALID) X(0x64, 0, R16G16B16A16_SINT, INVALID)                          \
    X(0x67, 0, R32G32_FLOAT, INVALID) X(0x68, 0, R32G32_UINT, INVALID) X(0x69, 0, R32G32_SINT, INVALID)    \
    X(0x72, 0, R32G32B32_UINT, INVALID) X(0x73, 0, R32G32B32_SINT, INVALID)                                \
    X(0x74, 0, R32G32B32_FLOAT, INVALID) X(0x82, 0, R32G32B32A32_FLOAT, INVALID)                           \
    X(0x83, 0, R32G32B32A32_UINT, INVALID) X(0x84, 0, R32G32B32A32_SINT, INVALID)                          \
    X(0xa0, 0, X8_D24_UNORM_PACK32, INVALID) X(0x02, 0, A8_UNORM, INVALID)                                 \
    X(0x13, 0, L8A8_UNORM, INVALID) X(0x21, 0, R8G8B8_UNORM, INVALID) X(0x21, 1, B8G8R8_UNORM, INVALID)    \
    X(0x31, 0, R8G8B8X8_UNORM, R8G8B8X8_SRGB) X(0x31, 1, B8G8R8X8_UNORM, B8G8R8X8_SRGB)                    \
    X(0x4d, 0, R32_SFIXED, INVALID)

struct fmt6_row {
    uint8_t fmt, swap;
    tmu_format linear, srgb;
};
#define FMT6_ROW(f, s, lin, sr) {f, s, TMU_FORMAT_##lin, TMU_FORMAT_##sr},
static const struct fmt6_row fmt6_rows[] = {FMT6_MAP(FMT6_ROW)};
#undef FMT6_ROW

tmu_format tmu_ir3_fmt6_to_format(unsigned fmt, unsigned swap, bool srgb)
{
    for (size_t i = 0; i < sizeof fmt6_rows / sizeof fmt6_rows[0]; i++)
        if (fmt6_rows[i].fmt == fmt && fmt6_rows[i].swap == swap)
            return srgb ? fmt6_rows[i].srgb : fmt6_rows[i].linear;
    return TMU_FORMAT_INVALID;
}

/* ---- field tables ------------------------------------------------------------------------ */

enum { SHOW_UINT, SHOW_BOOL, SHOW_ENUM, SHOW_HEX, SHOW_BYTES, SHOW_UFIXED8, SHOW_FIXED8 };
#define KS (1u << TMU_IR3_TDESC_SINGLE_PLANE)
#define KM (1u << TMU_IR3_TDESC_MULTI_PLANE)
#define KB (1u << TMU_IR3_TDESC_BUFFER)
#define KW (1u << TMU_IR3_TDESC_WEIGHT)
#define KALL (KS | KM | KB | KW)
#define EN(a) a, (uint8_t)(sizeof(a) / sizeof(a[0]))
#define NOEN NULL, 0

/* X(id, dword, lo, width, shr, kinds, show, values, gpu_min) in dword and bit order. */
static const tmu_ir3_desc_field_info tfields[] = {
    {TMU_IR3_T_TILE_MODE, "TILE_MODE", 0, 0, 2, 0, KALL, SHOW_ENUM, EN(tile_mode_names), 600},
    {TMU_IR3_T_SRGB, "SRGB", 0, 2, 1, 0, KALL, SHOW_BOOL, NOEN, 600},
    {TMU_IR3_T_SWIZ_X, "SWIZ_X", 0, 4, 3, 0, KALL, SHOW_ENUM, EN(swiz_names), 600},
    {TMU_IR3_T_SWIZ_Y, "SWIZ_Y", 0, 7, 3, 0, KALL, SHOW_ENUM, EN(swiz_names), 600},
    {TMU_IR3_T_SWIZ_Z, "SWIZ_Z", 0, 10, 3, 0, KALL, SHOW_ENUM, EN(swiz_names), 600},
    {TMU_IR3_T_SWIZ_W, "SWIZ_W", 0, 13, 3, 0, KALL, SHOW_ENUM, EN(swiz_names), 600},
    {TMU_IR3_T_MIPLVLS, "MIPLVLS", 0, 16, 4, 0, KS | KB | KW, SHOW_UINT, NOEN, 600},
    {TMU_IR3_T_CHROMA_MIDPOINT_X, "CHROMA_MIDPOINT_X", 0, 16, 1, 0, KM, SHOW_BOOL, NOEN, 600},
    {TMU_IR3_T_CHROMA_MIDPOINT_Y, "CHROMA_MIDPOINT_Y", 0, 18, 1, 0, KM, SHOW_BOOL, NOEN, 600},
    {TMU_IR3_T_SAMPLES, "SAMPLES", 0, 20, 2, 0, KALL, SHOW_ENUM, EN(msaa_names), 600},
    {TMU_IR3_T_FMT, "FMT", 0, 22, 8, 0, KALL, SHOW_ENUM, fmt6_names, 255, 600},
    {TMU_IR3_T_SWAP, "SWAP", 0, 30, 2, 0, KALL, SHOW_ENUM, EN(swap_names), 600},
    {TMU_IR3_T_WIDTH, "WIDTH", 1, 0, 15, 0, KALL, SHOW_UINT, NOEN, 600},
    {TMU_IR3_T_HEIGHT, "HEIGHT", 1, 15, 15, 0, KALL, SHOW_UINT, NOEN, 600},
    {TMU_IR3_T_MUTABLEEN, "MUTABLEEN", 1, 31, 1, 0, KALL, SHOW_BOOL, NOEN, 700},
    {TMU_IR3_T_PITCHALIGN, "PITCHALIGN", 2, 0, 4, 0, KS | KM | KW, SHOW_UINT, NOEN, 600},
    {TMU_IR3_T_STRUCTSIZETEXELS, "STRUCTSIZETEXELS", 2, 4, 12, 0, KB, SHOW_UINT, NOEN, 600},
    {TMU_IR3_T_PITCH, "PITCH", 2, 7, 22, 0, KS | KM | KW, SHOW_UINT, NOEN, 600},
    {TMU_IR3_T_STARTOFFSETTEXELS, "STARTOFFSETTEXELS", 2, 16, 6, 0, KB, SHOW_UINT, NOEN, 600},
    {TMU_IR3_T_TYPE, "TYPE", 2, 29, 3, 0, KALL, SHOW_ENUM, EN(tex_type_names), 600},
    {TMU_IR3_T_ARRAY_PITCH, "ARRAY_PITCH", 3, 0, 23, 12, KS | KW, SHOW_BYTES, NOEN, 600},
    {TMU_IR3_T_MIN_LAYERSZ, "MIN_LAYERSZ", 3, 23, 4, 12, KS, SHOW_BYTES, NOEN, 600},
    {TMU_IR3_T_TILE_ALL, "TILE_ALL", 3, 27, 1, 0, KALL, SHOW_BOOL, NOEN, 600},
    {TMU_IR3_T_FLAG, "FLAG", 3, 28, 1, 0, KALL, SHOW_BOOL, NOEN, 600},
    {TMU_IR3_T_BASE_LO, "BASE_LO", 4, 5, 27, 5, KALL, SHOW_HEX, NOEN, 600},
    {TMU_IR3_T_BASE_HI, "BASE_HI", 5, 0, 17, 0, KALL, SHOW_HEX, NOEN, 600},
    {TMU_IR3_T_DEPTH, "DEPTH", 5, 17, 13, 0, KALL, SHOW_UINT, NOEN, 600},
    {TMU_IR3_T_MIN_LOD_CLAMP, "MIN_LOD_CLAMP", 6, 0, 12, 0, KS, SHOW_UFIXED8, NOEN, 600},
    {TMU_IR3_T_LOG2_PHASES, "LOG2_PHASES", 6, 0, 3, 0, KW, SHOW_UINT, NOEN, 600},
    {TMU_IR3_T_PLANE_PITCH, "PLANE_PITCH", 6, 8, 24, 0, KM, SHOW_UINT, NOEN, 600},
    {TMU_IR3_T_DILATION, "DILATION", 6, 8, 4, 0, KW, SHOW_UINT, NOEN, 600},
    {TMU_IR3_T_FLAG_LO, "FLAG_LO", 7, 5, 27, 5, KS | KM, SHOW_HEX, NOEN, 600},
    {TMU_IR3_T_FLAG_HI, "FLAG_HI", 8, 0, 17, 0, KS | KM, SHOW_HEX, NOEN, 600},
    {TMU_IR3_T_FILTER_SIZE_X, "FILTER_SIZE_X", 8, 17, 7, 0, KW, SHOW_UINT, NOEN, 600},
    {TMU_IR3_T_FILTER_SIZE_Y, "FILTER_SIZE_Y", 8, 24, 7, 0, KW, SHOW_UINT, NOEN, 600},
    {TMU_IR3_T_FLAG_BUFFER_ARRAY_PITCH, "FLAG_BUFFER_ARRAY_PITCH", 9, 0, 17, 4, KS, SHOW_BYTES, NOEN, 600},
    {TMU_IR3_T_FLAG_BUFFER_PITCH, "FLAG_BUFFER_PITCH", 10, 0, 7, 6, KS, SHOW_BYTES, NOEN, 600},
    {TMU_IR3_T_FLAG_BUFFER_LOGW, "FLAG_BUFFER_LOGW", 10, 8, 4, 0, KS, SHOW_UINT, NOEN, 600},
    {TMU_IR3_T_FLAG_BUFFER_LOGH, "FLAG_BUFFER_LOGH", 10, 12, 4, 0, KS, SHOW_UINT, NOEN, 600},
    {TMU_IR3_T_FILTER_OFFSET_X, "FILTER_OFFSET_X", 10, 17, 6, 0, KW, SHOW_UINT, NOEN, 600},
    {TMU_IR3_T_FILTER_OFFSET_Y, "FILTER_OFFSET_Y", 10, 23, 6, 0, KW, SHOW_UINT, NOEN, 600},
};
#define NT (sizeof tfields / sizeof tfields[0])

static const tmu_ir3_desc_field_info sfields[] = {
    {TMU_IR3_S_MIPFILTER_LINEAR_NEAR, "MIPFILTER_LINEAR_NEAR", 0, 0, 1, 0, 1, SHOW_BOOL, NOEN, 600},
    {TMU_IR3_S_XY_MAG, "XY_MAG", 0, 1, 2, 0, 1, SHOW_ENUM, EN(filter_names), 600},
    {TMU_IR3_S_XY_MIN, "XY_MIN", 0, 3, 2, 0, 1, SHOW_ENUM, EN(filter_names), 600},
    {TMU_IR3_S_WRAP_S, "WRAP_S", 0, 5, 3, 0, 1, SHOW_ENUM, EN(clamp_names), 600},
    {TMU_IR3_S_WRAP_T, "WRAP_T", 0, 8, 3, 0, 1, SHOW_ENUM, EN(clamp_names), 600},
    {TMU_IR3_S_WRAP_R, "WRAP_R", 0, 11, 3, 0, 1, SHOW_ENUM, EN(clamp_names), 600},
    {TMU_IR3_S_ANISO, "ANISO", 0, 14, 3, 0, 1, SHOW_ENUM, EN(aniso_names), 600},
    {TMU_IR3_S_LOD_BIAS, "LOD_BIAS", 0, 19, 13, 0, 1, SHOW_FIXED8, NOEN, 600},
    {TMU_IR3_S_CLAMPENABLE, "CLAMPENABLE", 1, 0, 1, 0, 1, SHOW_BOOL, NOEN, 600},
    {TMU_IR3_S_COMPARE_FUNC, "COMPARE_FUNC", 1, 1, 3, 0, 1, SHOW_ENUM, EN(compare_names), 600},
    {TMU_IR3_S_CUBEMAPSEAMLESSFILTOFF, "CUBEMAPSEAMLESSFILTOFF", 1, 4, 1, 0, 1, SHOW_BOOL, NOEN, 600},
    {TMU_IR3_S_UNNORM_COORDS, "UNNORM_COORDS", 1, 5, 1, 0, 1, SHOW_BOOL, NOEN, 600},
    {TMU_IR3_S_MIPFILTER_LINEAR_FAR, "MIPFILTER_LINEAR_FAR", 1, 6, 1, 0, 1, SHOW_BOOL, NOEN, 600},
    {TMU_IR3_S_MAX_LOD, "MAX_LOD", 1, 8, 12, 0, 1, SHOW_UFIXED8, NOEN, 600},
    {TMU_IR3_S_MIN_LOD, "MIN_LOD", 1, 20, 12, 0, 1, SHOW_UFIXED8, NOEN, 600},
    {TMU_IR3_S_REDUCTION_MODE, "REDUCTION_MODE", 2, 0, 2, 0, 1, SHOW_ENUM, EN(reduction_names), 600},
    {TMU_IR3_S_FASTBORDERCOLOR, "FASTBORDERCOLOR", 2, 2, 2, 0, 1, SHOW_ENUM, EN(fast_border_names), 600},
    {TMU_IR3_S_FASTBORDERCOLOREN, "FASTBORDERCOLOREN", 2, 4, 1, 0, 1, SHOW_BOOL, NOEN, 600},
    {TMU_IR3_S_CHROMA_LINEAR, "CHROMA_LINEAR", 2, 5, 1, 0, 1, SHOW_BOOL, NOEN, 600},
    {TMU_IR3_S_BCOLOR, "BCOLOR", 2, 7, 25, 0, 1, SHOW_UINT, NOEN, 600},
};
#define NS (sizeof sfields / sizeof sfields[0])

const tmu_ir3_desc_field_info *tmu_ir3_tdesc_fields(size_t *count)
{
    if (count)
        *count = NT;
    return tfields;
}

const tmu_ir3_desc_field_info *tmu_ir3_sdesc_fields(size_t *count)
{
    if (count)
        *count = NS;
    return sfields;
}

static uint32_t mask_of(unsigned width)
{
    return width >= 32 ? 0xffffffffu : (1u << width) - 1;
}

static int row_applies(const tmu_ir3_desc_field_info *r, unsigned kind, uint32_t gpu_id)
{
    return ((r->kinds >> kind) & 1) && gpu_id >= r->gpu_min;
}

static tmu_status check_gpu(uint32_t gpu_id, tmu_diag *diag)
{
    if (gpu_id < 600 || gpu_id > TMU_IR3_GPU_MAX)
        return tmu_diag_set(diag, TMU_ERR_UNSUPPORTED, 0, 0, -1,
                            "raw descriptors are decoded for a6xx/a7xx (GPU id 600-799), not %u: a3xx-a5xx "
                            "descriptors have other layouts",
                            gpu_id);
    if (gpu_id >= 800)
        return tmu_diag_set(diag, TMU_ERR_UNSUPPORTED, 0, 0, -1,
                            "GPU id %u: a8xx descriptors have another layout (A8XX_TEX_MEMOBJ)", gpu_id);
    return TMU_OK;
}

tmu_status tmu_ir3_tdesc_decode(uint32_t gpu_id, const uint32_t dw[16], tmu_ir3_tdesc_kind kind,
                                tmu_ir3_tdesc *out, tmu_diag *diag)
{
    if (!dw || !out || (unsigned)kind > TMU_IR3_TDESC_WEIGHT)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1, "bad argument to tmu_ir3_tdesc_decode");
    tmu_status st = check_gpu(gpu_id, diag);
    if (st != TMU_OK)
        return st;
    memset(out, 0, sizeof *out);
    out->gpu_id = gpu_id;
    memcpy(out->dw, dw, sizeof out->dw);
    if (kind == TMU_IR3_TDESC_AUTO) {
        unsigned type = (dw[2] >> 29) & 7, fmt = (dw[0] >> 22) & 0xff;
        kind = (type == 4 || type == 5) ? TMU_IR3_TDESC_BUFFER
               : fmt6_multi_plane(fmt)   ? TMU_IR3_TDESC_MULTI_PLANE
                                         : TMU_IR3_TDESC_SINGLE_PLANE;
    }
    out->kind = kind;
    for (size_t i = 0; i < NT; i++)
        if (row_applies(&tfields[i], kind, gpu_id))
            out->f[tfields[i].id] = (dw[tfields[i].dword] >> tfields[i].lo) & mask_of(tfields[i].width);
    tmu_diag_clear(diag);
    return TMU_OK;
}

tmu_status tmu_ir3_sdesc_decode(uint32_t gpu_id, const uint32_t dw[4], tmu_ir3_sdesc *out, tmu_diag *diag)
{
    if (!dw || !out)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1, "bad argument to tmu_ir3_sdesc_decode");
    tmu_status st = check_gpu(gpu_id, diag);
    if (st != TMU_OK)
        return st;
    memset(out, 0, sizeof *out);
    out->gpu_id = gpu_id;
    memcpy(out->dw, dw, sizeof out->dw);
    for (size_t i = 0; i < NS; i++)
        out->f[sfields[i].id] = (dw[sfields[i].dword] >> sfields[i].lo) & mask_of(sfields[i].width);
    tmu_diag_clear(diag);
    return TMU_OK;
}

static tmu_status encode_rows(const tmu_ir3_desc_field_info *rows, size_t n, unsigned kind, uint32_t gpu_id,
                              const uint32_t *f, unsigned nf, uint32_t *dw, unsigned ndw, tmu_diag *diag)
{
    memset(dw, 0, ndw * sizeof *dw);
    uint8_t used[64] = {0};
    for (size_t i = 0; i < n; i++) {
        const tmu_ir3_desc_field_info *r = &rows[i];
        if (!row_applies(r, kind, gpu_id))
            continue;
        used[r->id] = 1;
        if (f[r->id] & ~mask_of(r->width))
            return tmu_diag_set(diag, TMU_ERR_RANGE, 0, 0, r->dword * 32 + r->lo, "%s = %u does not fit %u bits",
                                r->name, f[r->id], r->width);
        dw[r->dword] |= f[r->id] << r->lo;
    }
    for (unsigned id = 0; id < nf; id++)
        if (!used[id] && f[id]) {
            const char *name = "?";
            for (size_t i = 0; i < n; i++)
                if (rows[i].id == id)
                    name = rows[i].name;
            return tmu_diag_set(diag, TMU_ERR_RANGE, 0, 0, -1, "%s = %u is not a field of this descriptor kind", name,
                                f[id]);
        }
    tmu_diag_clear(diag);
    return TMU_OK;
}

tmu_status tmu_ir3_tdesc_encode(const tmu_ir3_tdesc *desc, uint32_t dw[16], tmu_diag *diag)
{
    if (!desc || !dw || desc->kind == TMU_IR3_TDESC_AUTO || (unsigned)desc->kind > TMU_IR3_TDESC_WEIGHT)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1,
                            "bad argument to tmu_ir3_tdesc_encode (the kind must be chosen)");
    tmu_status st = check_gpu(desc->gpu_id, diag);
    if (st != TMU_OK)
        return st;
    return encode_rows(tfields, NT, desc->kind, desc->gpu_id, desc->f, TMU_IR3_T_COUNT, dw, 16, diag);
}

tmu_status tmu_ir3_sdesc_encode(const tmu_ir3_sdesc *desc, uint32_t dw[4], tmu_diag *diag)
{
    if (!desc || !dw)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1, "bad argument to tmu_ir3_sdesc_encode");
    tmu_status st = check_gpu(desc->gpu_id, diag);
    if (st != TMU_OK)
        return st;
    return encode_rows(sfields, NS, 0, desc->gpu_id, desc->f, TMU_IR3_S_COUNT, dw, 4, diag);
}

/* ---- printing ------------------------------------------------------------------------------ */

static int print_rows(const tmu_ir3_desc_field_info *rows, size_t n, unsigned kind, uint32_t gpu_id,
                      const uint32_t *f, const uint32_t *dw, unsigned ndw, char *buf, size_t size)
{
    if (!buf || !size)
        return -1;
    size_t len = 0;
    buf[0] = 0;
    uint32_t covered[16] = {0};
    for (size_t i = 0; i < n; i++) {
        const tmu_ir3_desc_field_info *r = &rows[i];
        if (!row_applies(r, kind, gpu_id))
            continue;
        covered[r->dword] |= mask_of(r->width) << r->lo;
        uint32_t v = f[r->id];
        char meaning[96];
        switch (r->show) {
        case SHOW_BOOL:
            snprintf(meaning, sizeof meaning, "%u", v);
            break;
        case SHOW_ENUM:
            snprintf(meaning, sizeof meaning, "%u (%s)", v, v < r->nvalues && r->values[v] ? r->values[v] : "not in the enum");
            break;
        case SHOW_HEX:
            snprintf(meaning, sizeof meaning, "0x%x (address bits 0x%llx)", v,
                     (unsigned long long)((uint64_t)v << r->shr) << (r->dword == 5 || r->dword == 8 ? 32 : 0));
            break;
        case SHOW_BYTES:
            snprintf(meaning, sizeof meaning, "%u (%llu bytes)", v, (unsigned long long)((uint64_t)v << r->shr));
            break;
        case SHOW_UFIXED8:
            snprintf(meaning, sizeof meaning, "%u (%.4f)", v, v / 256.0);
            break;
        case SHOW_FIXED8: {
            int32_t s = (int32_t)(v << (32 - r->width)) >> (32 - r->width);
            snprintf(meaning, sizeof meaning, "%u (%.4f)", v, s / 256.0);
            break;
        }
        default:
            snprintf(meaning, sizeof meaning, "%u", v);
        }
        char bits[16];
        snprintf(bits, sizeof bits, "d%u[%u:%u]", r->dword, r->lo + r->width - 1, r->lo);
        int w = snprintf(buf + len, size - len, "%-10s %-23s = %s\n", bits, r->name, meaning);
        if (w < 0 || (size_t)w >= size - len) {
            buf[len] = 0;
            return -1;
        }
        len += (size_t)w;
    }
    for (unsigned d = 0; d < ndw; d++) {
        uint32_t extra = dw[d] & ~covered[d];
        if (!extra)
            continue;
        int w = snprintf(buf + len, size - len, "d%u: bits 0x%08x are in no field of this descriptor kind\n", d, extra);
        if (w < 0 || (size_t)w >= size - len) {
            buf[len] = 0;
            return -1;
        }
        len += (size_t)w;
    }
    return (int)len;
}

int tmu_ir3_tdesc_print(const tmu_ir3_tdesc *desc, char *buf, size_t size)
{
    if (!desc || desc->kind == TMU_IR3_TDESC_AUTO || (unsigned)desc->kind > TMU_IR3_TDESC_WEIGHT)
        return -1;
    return print_rows(tfields, NT, desc->kind, desc->gpu_id, desc->f, desc->dw, 16, buf, size);
}

int tmu_ir3_sdesc_print(const tmu_ir3_sdesc *desc, char *buf, size_t size)
{
    if (!desc)
        return -1;
    return print_rows(sfields, NS, 0, desc->gpu_id, desc->f, desc->dw, 4, buf, size);
}

/* ---- mapping onto the texture unit ----------------------------------------------------------- */

#define FAIL(st, ...) return tmu_diag_set(diag, st, 0, 0, -1, __VA_ARGS__)

static uint32_t align_up(uint32_t v, uint32_t a)
{
    return (v + a - 1) / a * a;
}

/* Host pointer of [addr, addr + need) inside one mapped range, and the bytes available there. */
static const uint8_t *map_addr(const tmu_ir3_memory *mem, size_t n, uint64_t addr, uint64_t need, size_t *avail)
{
    for (size_t i = 0; i < n; i++) {
        if (!mem[i].data || addr < mem[i].gpu_addr || addr - mem[i].gpu_addr >= mem[i].size)
            continue;
        size_t off = (size_t)(addr - mem[i].gpu_addr);
        if (need > mem[i].size - off)
            continue;
        *avail = mem[i].size - off;
        return (const uint8_t *)mem[i].data + off;
    }
    return NULL;
}

static tmu_status tiled_levels(const tmu_ir3_tdesc *desc, const tmu_adreno_gpu *gpu, uint64_t base, int is3d,
                               const tmu_ir3_memory *memory, size_t num_memory, tmu_surface *surf, tmu_texture *out,
                               tmu_diag *diag);

/* tmu_ir3_tdesc_to_texture(_tiled): `surf` NULL = no storage for a tiled layout (the linear
 * entry point); `gpu` NULL = the preset of desc->gpu_id. */
static tmu_status to_texture(const tmu_ir3_tdesc *desc, const tmu_adreno_gpu *gpu, const tmu_ir3_memory *memory,
                             size_t num_memory, tmu_surface *surf, tmu_texture *out, tmu_diag *diag)
{
    const uint32_t *f = desc->f;
    memset(out, 0, sizeof *out);
    if (desc->kind == TMU_IR3_TDESC_MULTI_PLANE)
        FAIL(TMU_ERR_UNSUPPORTED, "FMT %s is a multi-plane YUV format: the texture unit has no YUV formats",
             fmt6_names[f[TMU_IR3_T_FMT]] ? fmt6_names[f[TMU_IR3_T_FMT]] : "?");
    if (desc->kind == TMU_IR3_TDESC_WEIGHT)
        FAIL(TMU_ERR_UNSUPPORTED, "weight descriptors (VK_QCOM_image_processing) are only read by img_bindless, "
                                  "which tmu does not execute");
    unsigned type = f[TMU_IR3_T_TYPE];
    if (type > 5)
        FAIL(TMU_ERR_UNSUPPORTED, "TYPE = %u is not in a6xx_tex_type", type);
    if (type == 5 && desc->gpu_id < 700)
        FAIL(TMU_ERR_UNSUPPORTED, "TYPE = 5 (A6XX_TEX_IMG_BUFFER) exists from a7xx on (GPU id %u)", desc->gpu_id);
    /* FLAG first: a UBWC descriptor (TILE6_3 and FLAG) is refused as what it is */
    if (f[TMU_IR3_T_FLAG])
        FAIL(TMU_ERR_UNSUPPORTED, "FLAG = 1 (UBWC compression): tmu reads uncompressed textures only");
    unsigned tile = f[TMU_IR3_T_TILE_MODE];
    if (tile == 1)
        FAIL(TMU_ERR_UNSUPPORTED, "TILE_MODE = 1 is not in a6xx_tile_mode");
    if (tile == 2)
        FAIL(TMU_ERR_UNSUPPORTED, "TILE_MODE = 2 (TILE6_2): tmu knows no element order for TILE6_2 (Mesa's tiled "
                                  "copies have none; include/tmu/layout.h)");
    if (tile == 3 && desc->kind == TMU_IR3_TDESC_BUFFER)
        FAIL(TMU_ERR_UNSUPPORTED, "TILE_MODE = 3 (TILE6_3) with TYPE %s: buffers are linear", tex_type_names[type]);
    if (tile == 3 && !surf)
        FAIL(TMU_ERR_UNSUPPORTED, "TILE_MODE = 3 (TILE6_3): a tiled descriptor needs the GPU's layout "
                                  "(tmu_ir3_tdesc_to_texture_tiled)");
    unsigned fmt = f[TMU_IR3_T_FMT];
    tmu_format format = tmu_ir3_fmt6_to_format(fmt, f[TMU_IR3_T_SWAP], f[TMU_IR3_T_SRGB] != 0);
    if (format == TMU_FORMAT_INVALID) {
        if (tmu_ir3_fmt6_to_format(fmt, f[TMU_IR3_T_SWAP], false) != TMU_FORMAT_INVALID)
            FAIL(TMU_ERR_UNSUPPORTED, "SRGB = 1 with FMT %s: no sRGB form of this format", fmt6_names[fmt]);
        for (unsigned s = 0; s < 4; s++)
            if (tmu_ir3_fmt6_to_format(fmt, s, false) != TMU_FORMAT_INVALID)
                FAIL(TMU_ERR_UNSUPPORTED, "SWAP = %u (%s) with FMT %s: no tmu format has that channel order",
                     f[TMU_IR3_T_SWAP], swap_names[f[TMU_IR3_T_SWAP] & 3], fmt6_names[fmt]);
        FAIL(TMU_ERR_UNSUPPORTED, "FMT = 0x%02x (%s) has no tmu format", fmt,
             fmt6_names[fmt] ? fmt6_names[fmt] : "not in a6xx_format");
    }
    out->format = format;
    static const tmu_ir3_tdesc_field swz[4] = {TMU_IR3_T_SWIZ_X, TMU_IR3_T_SWIZ_Y, TMU_IR3_T_SWIZ_Z, TMU_IR3_T_SWIZ_W};
    static const tmu_swizzle swz_map[6] = {TMU_SWIZZLE_R, TMU_SWIZZLE_G,    TMU_SWIZZLE_B,
                                           TMU_SWIZZLE_A, TMU_SWIZZLE_ZERO, TMU_SWIZZLE_ONE};
    for (int c = 0; c < 4; c++) {
        if (f[swz[c]] > 5)
            FAIL(TMU_ERR_UNSUPPORTED, "SWIZ_%c = %u is not in a6xx_tex_swiz", "XYZW"[c], f[swz[c]]);
        out->swizzle[c] = swz_map[f[swz[c]]];
    }
    const tmu_format_info *fi = tmu_format_get(format);
    uint32_t bytes = fi->bytes;
    uint32_t depth = f[TMU_IR3_T_DEPTH] ? f[TMU_IR3_T_DEPTH] : 1;
    out->width = f[TMU_IR3_T_WIDTH];
    out->height = f[TMU_IR3_T_HEIGHT];
    out->depth = 1;
    out->layers = 1;
    out->levels = f[TMU_IR3_T_MIPLVLS] + 1;
    out->samples = 1u << f[TMU_IR3_T_SAMPLES];
    out->min_lod = (float)f[TMU_IR3_T_MIN_LOD_CLAMP] / 256.0f;
    uint64_t base = ((uint64_t)f[TMU_IR3_T_BASE_HI] << 32) | ((uint64_t)f[TMU_IR3_T_BASE_LO] << 5);
    if (desc->kind == TMU_IR3_TDESC_BUFFER) {
        /* fdl6_buffer_view_init: elements = WIDTH | HEIGHT << 15, first texel at BASE +
         * STARTOFFSETTEXELS texels */
        uint32_t elements = f[TMU_IR3_T_WIDTH] | f[TMU_IR3_T_HEIGHT] << 15;
        if (elements == 0 || elements > TMU_MAX_SIZE)
            FAIL(TMU_ERR_UNSUPPORTED, "buffer of %u texels (WIDTH | HEIGHT << 15): the texture unit takes 1 .. %u",
                 elements, TMU_MAX_SIZE);
        out->dim = TMU_DIM_1D;
        out->width = elements;
        out->height = 1;
        out->levels = 1;
        out->samples = 1;
        out->min_lod = 0.0f;
        if (memory) {
            uint64_t start = base + (uint64_t)f[TMU_IR3_T_STARTOFFSETTEXELS] * bytes;
            size_t avail = 0;
            const uint8_t *p = map_addr(memory, num_memory, start, (uint64_t)elements * bytes, &avail);
            if (!p)
                FAIL(TMU_ERR_RANGE, "BASE 0x%llx + %u texels of %u bytes is not inside the mapped memory",
                     (unsigned long long)start, elements, bytes);
            out->level[0].data = p;
            out->level[0].row_pitch = (size_t)elements * bytes;
            out->level[0].slice_pitch = out->level[0].row_pitch;
            out->level[0].sample_pitch = 0;
            out->level[0].size = avail;
        }
        tmu_diag_clear(diag);
        return TMU_OK;
    }
    int is3d = 0;
    switch (type) {
    case 0:
        out->dim = depth > 1 ? TMU_DIM_1D_ARRAY : TMU_DIM_1D;
        out->height = 1;
        out->layers = depth;
        break;
    case 1:
        if (out->samples > 1)
            out->dim = depth > 1 ? TMU_DIM_2D_MS_ARRAY : TMU_DIM_2D_MS;
        else
            out->dim = depth > 1 ? TMU_DIM_2D_ARRAY : TMU_DIM_2D;
        out->layers = depth;
        break;
    case 2:
        out->dim = depth > 1 ? TMU_DIM_CUBE_ARRAY : TMU_DIM_CUBE;
        out->layers = 6 * depth;
        break;
    default:
        out->dim = TMU_DIM_3D;
        out->depth = depth;
        is3d = 1;
        break;
    }
    if (out->samples > 1 && type != 1)
        FAIL(TMU_ERR_UNSUPPORTED, "SAMPLES = %u with TYPE %s: only 2D textures are multisampled",
             f[TMU_IR3_T_SAMPLES], tex_type_names[type]);
    if (out->levels > TMU_MAX_LEVELS)
        FAIL(TMU_ERR_UNSUPPORTED, "MIPLVLS = %u: the texture unit has at most %u levels", f[TMU_IR3_T_MIPLVLS],
             TMU_MAX_LEVELS);
    if (tile == 3)
        return tiled_levels(desc, gpu, base, is3d, memory, num_memory, surf, out, diag);
    if (!memory) {
        tmu_diag_clear(diag);
        return TMU_OK;
    }
    if (out->samples > 1)
        FAIL(TMU_ERR_UNSUPPORTED, "SAMPLES = %u (%s): a6xx stores the samples of a texel next to each other "
                                  "(texel stride = bytes x samples), which tmu_level cannot describe; register a "
                                  "tmu_texture instead",
             f[TMU_IR3_T_SAMPLES], msaa_names[f[TMU_IR3_T_SAMPLES]]);
    /* linear layout (Mesa fdl6): level n pitch = align(PITCH >> n, 64 << PITCHALIGN); layers
     * (layer_first) ARRAY_PITCH apart with the levels one after another inside each layer;
     * 3D: level n holds depth_n slices of max(ARRAY_PITCH >> 2n, MIN_LAYERSZ) bytes */
    uint32_t pitch0 = f[TMU_IR3_T_PITCH];
    uint32_t palign = 64u << f[TMU_IR3_T_PITCHALIGN];
    uint64_t array_pitch = (uint64_t)f[TMU_IR3_T_ARRAY_PITCH] << 12;
    uint64_t min_layersz = (uint64_t)f[TMU_IR3_T_MIN_LAYERSZ] << 12;
    uint64_t offset = 0;
    for (uint32_t l = 0; l < out->levels; l++) {
        uint32_t w = tmu_level_size(out->width, l), h = tmu_level_size(out->height, l);
        uint32_t d = is3d ? tmu_level_size(out->depth, l) : 1;
        uint32_t pitch = l == 0 ? pitch0 : align_up(tmu_level_size(pitch0, l), palign);
        if (pitch < (uint64_t)w * bytes)
            FAIL(TMU_ERR_RANGE, "level %u: pitch %u bytes (PITCH %u, PITCHALIGN %u) is less than %u texels of %u bytes",
                 l, pitch, pitch0, f[TMU_IR3_T_PITCHALIGN], w, bytes);
        uint64_t slice = is3d ? (array_pitch >> (2 * l) > min_layersz ? array_pitch >> (2 * l) : min_layersz)
                              : array_pitch;
        if (is3d && slice < (uint64_t)pitch * h)
            FAIL(TMU_ERR_RANGE, "level %u: slice of %llu bytes (ARRAY_PITCH, MIN_LAYERSZ) is less than %u rows of %u bytes",
                 l, (unsigned long long)slice, h, pitch);
        if (!is3d && out->layers > 1 && array_pitch < offset + (uint64_t)pitch * h)
            FAIL(TMU_ERR_RANGE, "ARRAY_PITCH %llu bytes is less than levels 0..%u of one layer",
                 (unsigned long long)array_pitch, l);
        uint64_t need = (is3d ? slice * (d - 1) : array_pitch * (out->layers - 1)) + (uint64_t)pitch * (h - 1) +
                        (uint64_t)w * bytes;
        size_t avail = 0;
        const uint8_t *p = map_addr(memory, num_memory, base + offset, need, &avail);
        if (!p)
            FAIL(TMU_ERR_RANGE, "level %u at BASE 0x%llx + %llu (%llu bytes) is not inside the mapped memory", l,
                 (unsigned long long)base, (unsigned long long)offset, (unsigned long long)need);
        out->level[l].data = p;
        out->level[l].row_pitch = pitch;
        out->level[l].slice_pitch = (size_t)slice;
        out->level[l].sample_pitch = 0;
        out->level[l].size = avail;
        offset += is3d ? slice * d : (uint64_t)pitch * h;
    }
    tmu_diag_clear(diag);
    return TMU_OK;
}

tmu_status tmu_ir3_tdesc_to_texture(const tmu_ir3_tdesc *desc, const tmu_ir3_memory *memory, size_t num_memory,
                                    tmu_texture *out, tmu_diag *diag)
{
    if (!desc || !out)
        FAIL(TMU_ERR_INVALID_ARGUMENT, "bad argument to tmu_ir3_tdesc_to_texture");
    return to_texture(desc, NULL, memory, num_memory, NULL, out, diag);
}

tmu_status tmu_ir3_tdesc_to_texture_tiled(const tmu_ir3_tdesc *desc, const tmu_adreno_gpu *gpu,
                                          const tmu_ir3_memory *memory, size_t num_memory, tmu_surface *surf,
                                          tmu_texture *out, tmu_diag *diag)
{
    if (!desc || !out || !surf)
        FAIL(TMU_ERR_INVALID_ARGUMENT, "bad argument to tmu_ir3_tdesc_to_texture_tiled");
    return to_texture(desc, gpu, memory, num_memory, surf, out, diag);
}

/* ---- tiled (TILE6_3) descriptors: the surface fdl6_layout lays out ------------------------ */

/* The default layout preset of each generation when only "a6xx" / "a7xx" (GPU id 600 / 700) is
 * given: a630 (Mesa's a6xx_gen1, the most common a6xx) and a730 (the first a7xx). */
#define DEFAULT_A6XX "a630"
#define DEFAULT_A7XX "a730"

const tmu_adreno_gpu *tmu_ir3_layout_gpu(uint32_t gpu_id, tmu_diag *diag)
{
    char name[16];
    if (gpu_id == 600 || gpu_id == 700)
        snprintf(name, sizeof name, "%s", gpu_id == 600 ? DEFAULT_A6XX : DEFAULT_A7XX);
    else
        snprintf(name, sizeof name, "%u", gpu_id);
    const tmu_adreno_gpu *g = gpu_id >= 600 && gpu_id < 800 ? tmu_adreno_gpu_find(name) : NULL;
    if (g) {
        tmu_diag_clear(diag);
        return g;
    }
    char list[128];
    size_t len = 0;
    list[0] = 0;
    for (size_t i = 0; i < tmu_adreno_gpu_count() && len < sizeof list; i++) {
        int w = snprintf(list + len, sizeof list - len, "%s%s", i ? " " : "", tmu_adreno_gpu_at(i)->name);
        if (w < 0)
            break;
        len += (size_t)w;
    }
    tmu_diag_set(diag, TMU_ERR_UNSUPPORTED, 0, 0, -1,
                 "GPU id %u has no layout preset (presets: %s; a6xx and a7xx alone pick %s and %s)", gpu_id, list,
                 DEFAULT_A6XX, DEFAULT_A7XX);
    return NULL;
}

/* Appends "NAME = v (fdl6_layout: w)" to a mismatch list. */
static void add_mismatch(char *buf, size_t size, const char *name, uint64_t got, uint64_t want, const char *unit)
{
    size_t len = strlen(buf);
    if (len + 1 >= size)
        return;
    snprintf(buf + len, size - len, "%s%s %llu%s (layout %llu%s)", len ? ", " : "", name, (unsigned long long)got,
             unit, (unsigned long long)want, unit);
}

/* TILE_MODE 3: lay the texture out as Mesa's fdl6_layout does for `gpu` (include/tmu/layout.h),
 * check the descriptor's PITCH, PITCHALIGN, ARRAY_PITCH, MIN_LAYERSZ and TILE_ALL against it
 * (a mismatch is refused, every differing field named), and point every level at the surface
 * base in the mapped memory (the whole surface must be mapped). */
static tmu_status tiled_levels(const tmu_ir3_tdesc *desc, const tmu_adreno_gpu *gpu, uint64_t base, int is3d,
                               const tmu_ir3_memory *memory, size_t num_memory, tmu_surface *surf, tmu_texture *out,
                               tmu_diag *diag)
{
    const uint32_t *f = desc->f;
    const tmu_format_info *fi = tmu_format_get(out->format);
    const char *fmt = fmt6_names[f[TMU_IR3_T_FMT]];
    unsigned gen = desc->gpu_id / 100;
    if (!gpu) {
        gpu = tmu_ir3_layout_gpu(desc->gpu_id, diag);
        if (!gpu)
            return diag ? diag->status : TMU_ERR_UNSUPPORTED;
    }
    if (gpu->gen != gen)
        FAIL(TMU_ERR_INVALID_ARGUMENT, "TILE_MODE 3: layout preset %s is an a%uxx; the descriptor is for GPU %u",
             gpu->name, gpu->gen, desc->gpu_id);
    uint32_t bytes = fi->bytes;
    if (bytes != 1 && bytes != 2 && bytes != 4 && bytes != 8 && bytes != 16)
        FAIL(TMU_ERR_UNSUPPORTED, "TILE_MODE 3 with FMT %s: %u-byte texels are not tiled (fdl6 tiles 1, 2, 4, 8 and "
                                  "16 bytes)",
             fmt, bytes);
    tmu_adreno_surface_desc a;
    memset(&a, 0, sizeof a);
    a.block_bytes = bytes;
    a.block_w = a.block_h = 1;
    a.width = out->width;
    a.height = out->height;
    a.depth = is3d ? out->depth : 1;
    a.layers = is3d ? 1 : out->layers;
    a.levels = out->levels;
    a.samples = out->samples;
    a.is_3d = (uint32_t)is3d;
    a.tile_mode = TMU_TILE6_3;
    a.ubwc = 0;
    /* fdl6_layout's is_r8g8 (two components in two bytes, not mutable): a7xx says MUTABLEEN
     * (Mesa: is_mutable && TILE6_3); a6xx descriptors do not, but the pitch alignment differs
     * (r8g8 64 << 1 bytes, mutable 64 << 2), so PITCHALIGN 2 reads as mutable */
    int two = fi->channels == 2 && bytes == 2 && !fi->is_depth;
    if (two)
        a.format_flags |= TMU_ADRENO_FMT_TWO_COMPONENTS;
    a.is_mutable = gen >= 7 ? f[TMU_IR3_T_MUTABLEEN] : (uint32_t)(two && f[TMU_IR3_T_PITCHALIGN] == 2);
    if (f[TMU_IR3_T_TILE_ALL])
        a.format_flags |= TMU_ADRENO_TILE_ALL;
    /* depth / stencil: every level tiled.  The descriptor does not say which images are depth;
     * FMT Z24_UNORM_S8_UINT always is, and fdl6_layout keeps a surface narrower than 16 texels
     * tiled only when it is depth / stencil, so TILE6_3 that narrow reads as depth. */
    if (fi->is_depth || out->width < 16)
        a.format_flags |= TMU_ADRENO_FMT_DEPTH_STENCIL;
    tmu_diag ld;
    tmu_status st = tmu_surface_init_adreno(surf, gpu, &a, &ld);
    if (st != TMU_OK)
        FAIL(st, "TILE_MODE 3 (%s, MIPLVLS %u, SAMPLES %u): fdl6_layout: %s", gpu->name, f[TMU_IR3_T_MIPLVLS],
             f[TMU_IR3_T_SAMPLES], ld.message);
    tmu_adreno_layout_info info;
    tmu_surface_adreno_info(surf, &info);
    for (uint32_t l = 0; l < out->levels; l++)
        if (!tmu_surface_level_addressable(surf, l))
            FAIL(TMU_ERR_UNSUPPORTED, "TILE_MODE 3 with FMT %s, SAMPLES %u: level %u has %u-byte pixels; the "
                                      "TILE6_3 element order is known up to 16 (Mesa's tiled copies)",
                 fmt, f[TMU_IR3_T_SAMPLES], l, info.cpp);
    /* the fields fdl6_view_init writes for the base level: PITCH fdl_pitch, PITCHALIGN
     * pitchalign - 6, ARRAY_PITCH fdl_layer_stride (checked where there is more than one layer /
     * slice to step over), 3D MIN_LAYERSZ the last level's slice size (as Mesa packs it: bits
     * 12..15 of it), TILE_ALL tile_all */
    char diff[160] = "";
    const tmu_surface_level *l0 = &surf->level[0];
    if (f[TMU_IR3_T_PITCH] != l0->row_pitch)
        add_mismatch(diff, sizeof diff, "PITCH", f[TMU_IR3_T_PITCH], l0->row_pitch, "");
    if (f[TMU_IR3_T_PITCHALIGN] + 6 != info.pitchalign)
        add_mismatch(diff, sizeof diff, "PITCHALIGN", f[TMU_IR3_T_PITCHALIGN], info.pitchalign - 6, "");
    if ((is3d ? out->depth : out->layers) > 1 && ((uint64_t)f[TMU_IR3_T_ARRAY_PITCH] << 12) != l0->layer_stride)
        add_mismatch(diff, sizeof diff, "ARRAY_PITCH", (uint64_t)f[TMU_IR3_T_ARRAY_PITCH] << 12, l0->layer_stride,
                     "");
    if (is3d && out->depth > 1) {
        uint64_t want = (surf->level[out->levels - 1].slice_size >> 12) & 15u;
        if (f[TMU_IR3_T_MIN_LAYERSZ] != want)
            add_mismatch(diff, sizeof diff, "MIN_LAYERSZ", (uint64_t)f[TMU_IR3_T_MIN_LAYERSZ] << 12, want << 12, "");
    }
    if (f[TMU_IR3_T_TILE_ALL] != info.tile_all)
        add_mismatch(diff, sizeof diff, "TILE_ALL", f[TMU_IR3_T_TILE_ALL], info.tile_all, "");
    if (diff[0])
        FAIL(TMU_ERR_UNSUPPORTED, "TILE_MODE 3: not fdl6_layout's surface (%s, %ux%ux%u): %s", gpu->name,
             out->width, out->height, is3d ? out->depth : out->layers, diff);
    if (!memory) {
        tmu_diag_clear(diag);
        return TMU_OK;
    }
    size_t avail = 0;
    const uint8_t *p = map_addr(memory, num_memory, base, surf->size, &avail);
    if (!p)
        FAIL(TMU_ERR_RANGE, "TILE6_3 surface at BASE 0x%llx, %llu bytes (fdl6_layout, %s), is not inside the mapped "
                            "memory",
             (unsigned long long)base, (unsigned long long)surf->size, gpu->name);
    for (uint32_t l = 0; l < out->levels; l++) {
        tmu_level *lv = &out->level[l];
        lv->data = p;
        lv->size = avail;
        lv->surface = surf;
        lv->surface_level = l;
        lv->surface_slice = 0;
    }
    tmu_diag_clear(diag);
    return TMU_OK;
}

tmu_status tmu_ir3_sdesc_to_sampler(const tmu_ir3_sdesc *desc, const tmu_ir3_border *border, size_t num_border,
                                    tmu_sampler *out, tmu_diag *diag)
{
    if (!desc || !out)
        FAIL(TMU_ERR_INVALID_ARGUMENT, "bad argument to tmu_ir3_sdesc_to_sampler");
    const uint32_t *f = desc->f;
    memset(out, 0, sizeof *out);
    static const tmu_ir3_sdesc_field wrap[3] = {TMU_IR3_S_WRAP_S, TMU_IR3_S_WRAP_T, TMU_IR3_S_WRAP_R};
    static const tmu_address wrap_map[5] = {TMU_ADDRESS_REPEAT, TMU_ADDRESS_CLAMP_TO_EDGE, TMU_ADDRESS_MIRRORED_REPEAT,
                                            TMU_ADDRESS_CLAMP_TO_BORDER, TMU_ADDRESS_MIRROR_CLAMP_TO_EDGE};
    int border_used = 0;
    for (int a = 0; a < 3; a++) {
        if (f[wrap[a]] > 4)
            FAIL(TMU_ERR_UNSUPPORTED, "WRAP_%c = %u is not in a6xx_tex_clamp", "STR"[a], f[wrap[a]]);
        out->address[a] = wrap_map[f[wrap[a]]];
        border_used |= out->address[a] == TMU_ADDRESS_CLAMP_TO_BORDER;
    }
    static const tmu_filter filt[4] = {TMU_FILTER_NEAREST, TMU_FILTER_LINEAR, TMU_FILTER_LINEAR, TMU_FILTER_CUBIC};
    out->mag_filter = filt[f[TMU_IR3_S_XY_MAG] & 3];
    out->min_filter = filt[f[TMU_IR3_S_XY_MIN] & 3];
    if (f[TMU_IR3_S_ANISO] > 4)
        FAIL(TMU_ERR_UNSUPPORTED, "ANISO = %u is not in a6xx_tex_aniso", f[TMU_IR3_S_ANISO]);
    /* Mesa (turnip) sets XY_MIN/XY_MAG to ANISO when the sampler is anisotropic and writes
     * the ratio to ANISO; the ratio only matters with the ANISO filter */
    out->max_anisotropy = (f[TMU_IR3_S_XY_MAG] == 2 || f[TMU_IR3_S_XY_MIN] == 2) ? (float)(1u << f[TMU_IR3_S_ANISO])
                                                                                 : 1.0f;
    if (f[TMU_IR3_S_MIPFILTER_LINEAR_NEAR] != f[TMU_IR3_S_MIPFILTER_LINEAR_FAR])
        FAIL(TMU_ERR_UNSUPPORTED, "MIPFILTER_LINEAR_NEAR = %u with MIPFILTER_LINEAR_FAR = %u: Mesa always sets both "
                                  "or neither; one alone has no documented meaning",
             f[TMU_IR3_S_MIPFILTER_LINEAR_NEAR], f[TMU_IR3_S_MIPFILTER_LINEAR_FAR]);
    out->mip_filter = f[TMU_IR3_S_MIPFILTER_LINEAR_NEAR] ? TMU_MIP_LINEAR : TMU_MIP_NEAREST;
    out->normalized = f[TMU_IR3_S_UNNORM_COORDS] ? 0 : 1;
    out->seamless_cube = f[TMU_IR3_S_CUBEMAPSEAMLESSFILTOFF] ? 0 : 1;
    out->compare_op = (tmu_compare)f[TMU_IR3_S_COMPARE_FUNC];
    out->precision = TMU_PRECISION_EXACT;
    int32_t bias = (int32_t)(f[TMU_IR3_S_LOD_BIAS] << 19) >> 19; /* 13-bit signed, 8 fraction bits */
    out->lod_bias = (float)bias / 256.0f;
    out->min_lod = (float)f[TMU_IR3_S_MIN_LOD] / 256.0f;
    out->max_lod = (float)f[TMU_IR3_S_MAX_LOD] / 256.0f;
    if (f[TMU_IR3_S_REDUCTION_MODE] > 2)
        FAIL(TMU_ERR_UNSUPPORTED, "REDUCTION_MODE = 3 is not in a6xx_reduction_mode");
    out->reduction = (tmu_reduction)f[TMU_IR3_S_REDUCTION_MODE];
    if (f[TMU_IR3_S_FASTBORDERCOLOREN]) {
        /* A6XX_BORDER_COLOR_<R_B_G_A>: 0_0_0_0, 0_0_0_1, 1_1_1_0, 1_1_1_1 */
        static const uint8_t fast[4][4] = {{0, 0, 0, 0}, {0, 0, 0, 1}, {1, 1, 1, 0}, {1, 1, 1, 1}};
        for (int c = 0; c < 4; c++) {
            out->border_f[c] = fast[f[TMU_IR3_S_FASTBORDERCOLOR] & 3][c];
            out->border_u[c] = fast[f[TMU_IR3_S_FASTBORDERCOLOR] & 3][c];
        }
    } else if (border_used) {
        if (!border || f[TMU_IR3_S_BCOLOR] >= num_border)
            FAIL(TMU_ERR_UNSUPPORTED, "BCOLOR = %u selects a border colour entry the bindings do not have (%zu "
                                      "entries)",
                 f[TMU_IR3_S_BCOLOR], border ? num_border : (size_t)0);
        for (int c = 0; c < 4; c++) {
            out->border_f[c] = border[f[TMU_IR3_S_BCOLOR]].f[c];
            out->border_u[c] = border[f[TMU_IR3_S_BCOLOR]].u[c];
        }
    }
    tmu_diag_clear(diag);
    return TMU_OK;
}
