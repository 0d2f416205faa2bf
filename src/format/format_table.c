/* tmu — the texel-format table: one row per format.
 *
 * Columns: bytes, channel count, numeric kind, bits and bit positions of R,G,B,A
 * (little-endian texel), flags, GCN DATA_FORMAT / NUM_FORMAT / DST_SEL, ir3 GETINFO
 * channel type and channel order (a3xx-a4xx, a5xx+), CUDA channel format kind.
 *
 * Sources: bit layouts from sampling.md §12 (Vulkan _PACKnn: first-named channel in the
 * most significant bits; plain formats in byte order; the Adreno-only rows at the end cite
 * theirs); GCN codes from gcn-mimg.md §4.3,
 * with the GCN component X in the least significant bits (as radv's format translation
 * implies); ir3 codes from docs/ir3-cat5.md §5.2 (OpenCL channel data type / order).  The
 * decoder and encoder (format.c) read nothing but these rows. */
#include "format/format_internal.h"

/* clang-format off */
/* GCN IMG DATA_FORMAT (gcn-mimg.md §4.3). */
enum {
    DF_8 = 1,
    DF_16 = 2,
    DF_8_8 = 3,
    DF_32 = 4,
    DF_16_16 = 5,
    DF_10_11_11 = 6,
    DF_2_10_10_10 = 9,
    DF_8_8_8_8 = 10,
    DF_32_32 = 11,
    DF_16_16_16_16 = 12,
    DF_32_32_32 = 13,
    DF_32_32_32_32 = 14,
    DF_5_6_5 = 16,
    DF_1_5_5_5 = 17,
    DF_5_5_5_1 = 18,
    DF_4_4_4_4 = 19,
    DF_8_24 = 20,
    DF_X24_8_32 = 22,
    DF_5_9_9_9 = 34,
};
/* GCN IMG NUM_FORMAT. */
enum { NF_UNORM = 0, NF_SNORM = 1, NF_USCALED = 2, NF_SSCALED = 3, NF_UINT = 4, NF_SINT = 5,
       NF_FLOAT = 7, NF_SRGB = 9 };
/* ir3 GETINFO .x channel data type (docs/ir3-cat5.md §5.2). */
enum { T_SN8 = 0, T_SN16 = 1, T_UN8 = 2, T_UN16 = 3, T_565 = 4, T_5551 = 5, T_1010102 = 6,
       T_SI8 = 7, T_SI16 = 8, T_SI32 = 9, T_UI8 = 10, T_UI16 = 11, T_UI32 = 12, T_F16 = 13,
       T_F32 = 14, T_SMALLF = 15, T_1010102UI = 16, T_4444 = 17, T_X8Z24 = 18 };
/* cudaChannelFormatKind. */
enum { K_S = 0, K_U = 1, K_F = 2 };
#define NC TMU_FORMAT_NO_CODE

/* ir3 GETINFO .y channel order as {a3xx/a4xx, a5xx+}. */
#define O_R (1, 1)
#define O_RG (3, 3)
#define O_RGB (6, 6)
#define O_RGBA (8, 8)
#define O_BGRA (10, 10)
#define O_ABGR (13, 13)
#define O_BGR (14, 21)
#define O_SRGBA (16, 17)
#define O_SBGRA (NC, 18)
#define O_DEPTH (17, 14)
#define O_A (0, 0)
#define O_RGBX (7, 7)
#define O_SRGBX (NC, 16)
#define O_NONE (NC, NC)

/* GCN DST_SEL for R, G, B, A. */
#define SEL(r, g, b, a) (TMU_GCN_SEL_##r, TMU_GCN_SEL_##g, TMU_GCN_SEL_##b, TMU_GCN_SEL_##a)
#define SEL_1 SEL(X, 0, 0, 1)
#define SEL_2 SEL(X, Y, 0, 1)
#define SEL_3 SEL(X, Y, Z, 1)
#define SEL_4 SEL(X, Y, Z, W)

#define BRACE(...) {__VA_ARGS__}

enum { F_DEPTH = 1, F_STENCIL = 2, F_PACKED = 4, F_SHEXP = 8 };

#define ROW(NAME, nm, by, nch, num, b0, b1, b2, b3, s0, s1, s2, s3, fl, df, nf, sel, it, ord, ck)   \
    [TMU_FORMAT_##NAME] = {.format = TMU_FORMAT_##NAME,                                           \
                           .name = #nm,                                                           \
                           .bytes = (by),                                                         \
                           .channels = (nch),                                                     \
                           .bits = {b0, b1, b2, b3},                                              \
                           .shift = {s0, s1, s2, s3},                                             \
                           .numeric = TMU_NUMERIC_##num,                                          \
                           .is_depth = ((fl)&F_DEPTH) != 0,                                       \
                           .has_stencil = ((fl)&F_STENCIL) != 0,                                  \
                           .is_packed = ((fl)&F_PACKED) != 0,                                     \
                           .shared_exponent = ((fl)&F_SHEXP) != 0,                                \
                           .gcn_data_format = (df),                                               \
                           .gcn_num_format = (nf),                                                \
                           .gcn_dst_sel = BRACE sel,                                                   \
                           .ir3_type = (it),                                                      \
                           .ir3_order = BRACE ord,                                                     \
                           .cuda_kind = (ck)},

/* N channels of B bits each, in byte order, R first. */
#define PLAIN(NAME, nm, n, b, num, df, nf, sel, it, ord, ck)                                       \
    ROW(NAME, nm, (n) * (b) / 8, n, num, b, (n) > 1 ? (b) : 0, (n) > 2 ? (b) : 0,                  \
        (n) > 3 ? (b) : 0, 0, (n) > 1 ? (b) : 0, (n) > 2 ? 2 * (b) : 0, (n) > 3 ? 3 * (b) : 0, 0,  \
        df, nf, sel, it, ord, ck)

const tmu_format_info tmu_format_table[TMU_FORMAT_COUNT] = {
    /*    NAME                        name                      n  b  kind     GCN dfmt  nfmt        dst_sel  ir3 type  ir3 order  cuda */
    PLAIN(R8_UNORM,                   r8_unorm,                 1, 8, UNORM,   DF_8,     NF_UNORM,   SEL_1,   T_UN8,    O_R,       K_U)
    PLAIN(R8_SNORM,                   r8_snorm,                 1, 8, SNORM,   DF_8,     NF_SNORM,   SEL_1,   T_SN8,    O_R,       K_S)
    PLAIN(R8_USCALED,                 r8_uscaled,               1, 8, USCALED, DF_8,     NF_USCALED, SEL_1,   NC,       O_NONE,    NC)
    PLAIN(R8_SSCALED,                 r8_sscaled,               1, 8, SSCALED, DF_8,     NF_SSCALED, SEL_1,   NC,       O_NONE,    NC)
    PLAIN(R8_UINT,                    r8_uint,                  1, 8, UINT,    DF_8,     NF_UINT,    SEL_1,   T_UI8,    O_R,       K_U)
    PLAIN(R8_SINT,                    r8_sint,                  1, 8, SINT,    DF_8,     NF_SINT,    SEL_1,   T_SI8,    O_R,       K_S)
    PLAIN(R8_SRGB,                    r8_srgb,                  1, 8, SRGB,    DF_8,     NF_SRGB,    SEL_1,   T_UN8,    O_NONE,    K_U)
    PLAIN(R8G8_UNORM,                 r8g8_unorm,               2, 8, UNORM,   DF_8_8,   NF_UNORM,   SEL_2,   T_UN8,    O_RG,      K_U)
    PLAIN(R8G8_SNORM,                 r8g8_snorm,               2, 8, SNORM,   DF_8_8,   NF_SNORM,   SEL_2,   T_SN8,    O_RG,      K_S)
    PLAIN(R8G8_USCALED,               r8g8_uscaled,             2, 8, USCALED, DF_8_8,   NF_USCALED, SEL_2,   NC,       O_NONE,    NC)
    PLAIN(R8G8_SSCALED,               r8g8_sscaled,             2, 8, SSCALED, DF_8_8,   NF_SSCALED, SEL_2,   NC,       O_NONE,    NC)
    PLAIN(R8G8_UINT,                  r8g8_uint,                2, 8, UINT,    DF_8_8,   NF_UINT,    SEL_2,   T_UI8,    O_RG,      K_U)
    PLAIN(R8G8_SINT,                  r8g8_sint,                2, 8, SINT,    DF_8_8,   NF_SINT,    SEL_2,   T_SI8,    O_RG,      K_S)
    PLAIN(R8G8_SRGB,                  r8g8_srgb,                2, 8, SRGB,    DF_8_8,   NF_SRGB,    SEL_2,   T_UN8,    O_NONE,    K_U)
    PLAIN(R8G8B8A8_UNORM,             r8g8b8a8_unorm,           4, 8, UNORM,   DF_8_8_8_8, NF_UNORM, SEL_4,   T_UN8,    O_RGBA,    K_U)
    PLAIN(R8G8B8A8_SNORM,             r8g8b8a8_snorm,           4, 8, SNORM,   DF_8_8_8_8, NF_SNORM, SEL_4,   T_SN8,    O_RGBA,    K_S)
    PLAIN(R8G8B8A8_USCALED,           r8g8b8a8_uscaled,         4, 8, USCALED, DF_8_8_8_8, NF_USCALED, SEL_4, NC,       O_NONE,    NC)
    PLAIN(R8G8B8A8_SSCALED,           r8g8b8a8_sscaled,         4, 8, SSCALED, DF_8_8_8_8, NF_SSCALED, SEL_4, NC,       O_NONE,    NC)
    PLAIN(R8G8B8A8_UINT,              r8g8b8a8_uint,            4, 8, UINT,    DF_8_8_8_8, NF_UINT,  SEL_4,   T_UI8,    O_RGBA,    K_U)
    PLAIN(R8G8B8A8_SINT,              r8g8b8a8_sint,            4, 8, SINT,    DF_8_8_8_8, NF_SINT,  SEL_4,   T_SI8,    O_RGBA,    K_S)
    PLAIN(R8G8B8A8_SRGB,              r8g8b8a8_srgb,            4, 8, SRGB,    DF_8_8_8_8, NF_SRGB,  SEL_4,   T_UN8,    O_SRGBA,   K_U)
    /*  NAME                          name                 bytes n kind    bits R G B A   shift R G B A  flags     GCN dfmt       nfmt      dst_sel           ir3 type  order    cuda */
    ROW(B8G8R8A8_UNORM,               b8g8r8a8_unorm,          4, 4, UNORM, 8, 8, 8, 8,  16, 8, 0, 24,  0,        DF_8_8_8_8,    NF_UNORM, SEL(Z, Y, X, W),  T_UN8,    O_BGRA,  NC)
    ROW(B8G8R8A8_SRGB,                b8g8r8a8_srgb,           4, 4, SRGB,  8, 8, 8, 8,  16, 8, 0, 24,  0,        DF_8_8_8_8,    NF_SRGB,  SEL(Z, Y, X, W),  T_UN8,    O_SBGRA, NC)
    /*    NAME                        name                      n  b   kind     GCN dfmt        nfmt        dst_sel  ir3 type  ir3 order  cuda */
    PLAIN(R16_UNORM,                  r16_unorm,                1, 16, UNORM,   DF_16,          NF_UNORM,   SEL_1,   T_UN16,   O_R,       K_U)
    PLAIN(R16_SNORM,                  r16_snorm,                1, 16, SNORM,   DF_16,          NF_SNORM,   SEL_1,   T_SN16,   O_R,       K_S)
    PLAIN(R16_USCALED,                r16_uscaled,              1, 16, USCALED, DF_16,          NF_USCALED, SEL_1,   NC,       O_NONE,    NC)
    PLAIN(R16_SSCALED,                r16_sscaled,              1, 16, SSCALED, DF_16,          NF_SSCALED, SEL_1,   NC,       O_NONE,    NC)
    PLAIN(R16_UINT,                   r16_uint,                 1, 16, UINT,    DF_16,          NF_UINT,    SEL_1,   T_UI16,   O_R,       K_U)
    PLAIN(R16_SINT,                   r16_sint,                 1, 16, SINT,    DF_16,          NF_SINT,    SEL_1,   T_SI16,   O_R,       K_S)
    PLAIN(R16_FLOAT,                  r16_float,                1, 16, FLOAT,   DF_16,          NF_FLOAT,   SEL_1,   T_F16,    O_R,       K_F)
    PLAIN(R16G16_UNORM,               r16g16_unorm,             2, 16, UNORM,   DF_16_16,       NF_UNORM,   SEL_2,   T_UN16,   O_RG,      K_U)
    PLAIN(R16G16_SNORM,               r16g16_snorm,             2, 16, SNORM,   DF_16_16,       NF_SNORM,   SEL_2,   T_SN16,   O_RG,      K_S)
    PLAIN(R16G16_USCALED,             r16g16_uscaled,           2, 16, USCALED, DF_16_16,       NF_USCALED, SEL_2,   NC,       O_NONE,    NC)
    PLAIN(R16G16_SSCALED,             r16g16_sscaled,           2, 16, SSCALED, DF_16_16,       NF_SSCALED, SEL_2,   NC,       O_NONE,    NC)
    PLAIN(R16G16_UINT,                r16g16_uint,              2, 16, UINT,    DF_16_16,       NF_UINT,    SEL_2,   T_UI16,   O_RG,      K_U)
    PLAIN(R16G16_SINT,                r16g16_sint,              2, 16, SINT,    DF_16_16,       NF_SINT,    SEL_2,   T_SI16,   O_RG,      K_S)
    PLAIN(R16G16_FLOAT,               r16g16_float,             2, 16, FLOAT,   DF_16_16,       NF_FLOAT,   SEL_2,   T_F16,    O_RG,      K_F)
    PLAIN(R16G16B16A16_UNORM,         r16g16b16a16_unorm,       4, 16, UNORM,   DF_16_16_16_16, NF_UNORM,   SEL_4,   T_UN16,   O_RGBA,    K_U)
    PLAIN(R16G16B16A16_SNORM,         r16g16b16a16_snorm,       4, 16, SNORM,   DF_16_16_16_16, NF_SNORM,   SEL_4,   T_SN16,   O_RGBA,    K_S)
    PLAIN(R16G16B16A16_USCALED,       r16g16b16a16_uscaled,     4, 16, USCALED, DF_16_16_16_16, NF_USCALED, SEL_4,   NC,       O_NONE,    NC)
    PLAIN(R16G16B16A16_SSCALED,       r16g16b16a16_sscaled,     4, 16, SSCALED, DF_16_16_16_16, NF_SSCALED, SEL_4,   NC,       O_NONE,    NC)
    PLAIN(R16G16B16A16_UINT,          r16g16b16a16_uint,        4, 16, UINT,    DF_16_16_16_16, NF_UINT,    SEL_4,   T_UI16,   O_RGBA,    K_U)
    PLAIN(R16G16B16A16_SINT,          r16g16b16a16_sint,        4, 16, SINT,    DF_16_16_16_16, NF_SINT,    SEL_4,   T_SI16,   O_RGBA,    K_S)
    PLAIN(R16G16B16A16_FLOAT,         r16g16b16a16_float,       4, 16, FLOAT,   DF_16_16_16_16, NF_FLOAT,   SEL_4,   T_F16,    O_RGBA,    K_F)
    PLAIN(R32_UINT,                   r32_uint,                 1, 32, UINT,    DF_32,          NF_UINT,    SEL_1,   T_UI32,   O_R,       K_U)
    PLAIN(R32_SINT,                   r32_sint,                 1, 32, SINT,    DF_32,          NF_SINT,    SEL_1,   T_SI32,   O_R,       K_S)
    PLAIN(R32_FLOAT,                  r32_float,                1, 32, FLOAT,   DF_32,          NF_FLOAT,   SEL_1,   T_F32,    O_R,       K_F)
    PLAIN(R32G32_UINT,                r32g32_uint,              2, 32, UINT,    DF_32_32,       NF_UINT,    SEL_2,   T_UI32,   O_RG,      K_U)
    PLAIN(R32G32_SINT,                r32g32_sint,              2, 32, SINT,    DF_32_32,       NF_SINT,    SEL_2,   T_SI32,   O_RG,      K_S)
    PLAIN(R32G32_FLOAT,               r32g32_float,             2, 32, FLOAT,   DF_32_32,       NF_FLOAT,   SEL_2,   T_F32,    O_RG,      K_F)
    PLAIN(R32G32B32_UINT,             r32g32b32_uint,           3, 32, UINT,    DF_32_32_32,    NF_UINT,    SEL_3,   T_UI32,   O_RGB,     NC)
    PLAIN(R32G32B32_SINT,             r32g32b32_sint,           3, 32, SINT,    DF_32_32_32,    NF_SINT,    SEL_3,   T_SI32,   O_RGB,     NC)
    PLAIN(R32G32B32_FLOAT,            r32g32b32_float,          3, 32, FLOAT,   DF_32_32_32,    NF_FLOAT,   SEL_3,   T_F32,    O_RGB,     NC)
    PLAIN(R32G32B32A32_UINT,          r32g32b32a32_uint,        4, 32, UINT,    DF_32_32_32_32, NF_UINT,    SEL_4,   T_UI32,   O_RGBA,    K_U)
    PLAIN(R32G32B32A32_SINT,          r32g32b32a32_sint,        4, 32, SINT,    DF_32_32_32_32, NF_SINT,    SEL_4,   T_SI32,   O_RGBA,    K_S)
    PLAIN(R32G32B32A32_FLOAT,         r32g32b32a32_float,       4, 32, FLOAT,   DF_32_32_32_32, NF_FLOAT,   SEL_4,   T_F32,    O_RGBA,    K_F)
    /*  NAME                          name                       bytes n kind     bits R G B A     shift R G B A     flags               GCN dfmt       nfmt        dst_sel          ir3 type     order    cuda */
    ROW(R5G6B5_UNORM_PACK16,          r5g6b5_unorm_pack16,          2, 3, UNORM,   5, 6, 5, 0,     11, 5, 0, 0,      F_PACKED,           DF_5_6_5,      NF_UNORM,   SEL(Z, Y, X, 1), T_565,       O_RGB,   NC)
    ROW(B5G6R5_UNORM_PACK16,          b5g6r5_unorm_pack16,          2, 3, UNORM,   5, 6, 5, 0,     0, 5, 11, 0,      F_PACKED,           DF_5_6_5,      NF_UNORM,   SEL_3,           T_565,       O_BGR,   NC)
    ROW(R5G5B5A1_UNORM_PACK16,        r5g5b5a1_unorm_pack16,        2, 4, UNORM,   5, 5, 5, 1,     11, 6, 1, 0,      F_PACKED,           DF_5_5_5_1,    NF_UNORM,   SEL(W, Z, Y, X), T_5551,      O_RGBA,  NC)
    ROW(A1B5G5R5_UNORM_PACK16,        a1b5g5r5_unorm_pack16,        2, 4, UNORM,   5, 5, 5, 1,     0, 5, 10, 15,     F_PACKED,           DF_1_5_5_5,    NF_UNORM,   SEL_4,           T_5551,      O_ABGR,  NC)
    ROW(R4G4B4A4_UNORM_PACK16,        r4g4b4a4_unorm_pack16,        2, 4, UNORM,   4, 4, 4, 4,     12, 8, 4, 0,      F_PACKED,           DF_4_4_4_4,    NF_UNORM,   SEL(W, Z, Y, X), T_4444,      O_RGBA,  NC)
    ROW(A4B4G4R4_UNORM_PACK16,        a4b4g4r4_unorm_pack16,        2, 4, UNORM,   4, 4, 4, 4,     0, 4, 8, 12,      F_PACKED,           DF_4_4_4_4,    NF_UNORM,   SEL_4,           T_4444,      O_ABGR,  NC)
    ROW(A2B10G10R10_UNORM_PACK32,     a2b10g10r10_unorm_pack32,     4, 4, UNORM,   10, 10, 10, 2,  0, 10, 20, 30,    F_PACKED,           DF_2_10_10_10, NF_UNORM,   SEL_4,           T_1010102,   O_ABGR,  NC)
    ROW(A2B10G10R10_SNORM_PACK32,     a2b10g10r10_snorm_pack32,     4, 4, SNORM,   10, 10, 10, 2,  0, 10, 20, 30,    F_PACKED,           DF_2_10_10_10, NF_SNORM,   SEL_4,           NC,          O_NONE,  NC)
    ROW(A2B10G10R10_USCALED_PACK32,   a2b10g10r10_uscaled_pack32,   4, 4, USCALED, 10, 10, 10, 2,  0, 10, 20, 30,    F_PACKED,           DF_2_10_10_10, NF_USCALED, SEL_4,           NC,          O_NONE,  NC)
    ROW(A2B10G10R10_SSCALED_PACK32,   a2b10g10r10_sscaled_pack32,   4, 4, SSCALED, 10, 10, 10, 2,  0, 10, 20, 30,    F_PACKED,           DF_2_10_10_10, NF_SSCALED, SEL_4,           NC,          O_NONE,  NC)
    ROW(A2B10G10R10_UINT_PACK32,      a2b10g10r10_uint_pack32,      4, 4, UINT,    10, 10, 10, 2,  0, 10, 20, 30,    F_PACKED,           DF_2_10_10_10, NF_UINT,    SEL_4,           T_1010102UI, O_ABGR,  NC)
    ROW(A2B10G10R10_SINT_PACK32,      a2b10g10r10_sint_pack32,      4, 4, SINT,    10, 10, 10, 2,  0, 10, 20, 30,    F_PACKED,           DF_2_10_10_10, NF_SINT,    SEL_4,           NC,          O_NONE,  NC)
    ROW(B10G11R11_UFLOAT_PACK32,      b10g11r11_ufloat_pack32,      4, 3, FLOAT,   11, 11, 10, 0,  0, 11, 22, 0,     F_PACKED,           DF_10_11_11,   NF_FLOAT,   SEL_3,           T_SMALLF,    O_BGR,   NC)
    ROW(E5B9G9R9_UFLOAT_PACK32,       e5b9g9r9_ufloat_pack32,       4, 3, FLOAT,   9, 9, 9, 5,     0, 9, 18, 27,     F_PACKED | F_SHEXP, DF_5_9_9_9,    NF_FLOAT,   SEL_3,           T_SMALLF,    O_BGR,   NC)
    ROW(D16_UNORM,                    d16_unorm,                    2, 1, UNORM,   16, 0, 0, 0,    0, 0, 0, 0,       F_DEPTH,            DF_16,         NF_UNORM,   SEL_1,           T_UN16,      O_DEPTH, K_U)
    ROW(X8_D24_UNORM_PACK32,          x8_d24_unorm_pack32,          4, 1, UNORM,   24, 0, 0, 0,    0, 0, 0, 0,       F_DEPTH | F_PACKED, DF_8_24,       NF_UNORM,   SEL_1,           T_X8Z24,     O_DEPTH, NC)
    ROW(D24_UNORM_S8_UINT,            d24_unorm_s8_uint,            4, 2, UNORM,   24, 8, 0, 0,    0, 24, 0, 0,      F_DEPTH | F_STENCIL | F_PACKED, DF_8_24, NF_UNORM, SEL_1,        T_X8Z24,     O_DEPTH, NC)
    ROW(D32_FLOAT,                    d32_float,                    4, 1, FLOAT,   32, 0, 0, 0,    0, 0, 0, 0,       F_DEPTH,            DF_32,         NF_FLOAT,   SEL_1,           T_F32,       O_DEPTH, K_F)
    ROW(D32_FLOAT_S8_UINT,            d32_float_s8_uint,            8, 2, FLOAT,   32, 8, 0, 0,    0, 32, 0, 0,      F_DEPTH | F_STENCIL, DF_X24_8_32,  NF_FLOAT,   SEL_1,           T_F32,       O_DEPTH, NC)
    /* Adreno a6xx texture formats (the FMT6 values of src/ir3/desc.c).  a8_unorm: FMT6_A8_UNORM
     * reads its byte as alpha, (0, 0, 0, A) (Mesa fd6_view.cc fdl6_format_swiz: "Our I, L, A, and
     * LA formats use R or RG HW formats except for A8_UNORM", which gets no swizzle); the x8
     * formats ignore their fourth byte and read A = 1 (Gallium's R8G8B8X8 swizzle X Y Z 1; Mesa
     * forces SWIZ_W = ONE "for rgbx"); r8g8b8 / b8g8r8 are 3-byte texels, FMT6_8_8_8_UNORM with
     * SWAP WZYX / WXYZ (Mesa fd6_format_table.c); l8a8_unorm is luminance-alpha (L, L, L, A), its
     * G and B the bits of R (Gallium's L8A8 swizzle X X X Y); r32_sfixed is GL_FIXED, a signed
     * 16.16 fixed-point number (GL ES 2.0 table 2.2 "Signed 2's complement 16.16 scaled integer";
     * Mesa translate FROM_32_FIXED = value / 65536). */
    ROW(A8_UNORM,                     a8_unorm,                     1, 1, UNORM,   0, 0, 0, 8,     0, 0, 0, 0,       0,                  DF_8,          NF_UNORM,   SEL(0, 0, 0, X), T_UN8,       O_A,     NC)
    PLAIN(R8G8B8_UNORM,               r8g8b8_unorm,                 3, 8, UNORM,   NC,             NC,         SEL_3,   T_UN8,    O_RGB,     NC)
    ROW(B8G8R8_UNORM,                 b8g8r8_unorm,                 3, 3, UNORM,   8, 8, 8, 0,     16, 8, 0, 0,      0,                  NC,            NC,         SEL_3,           T_UN8,       O_BGR,   NC)
    ROW(R8G8B8X8_UNORM,               r8g8b8x8_unorm,               4, 3, UNORM,   8, 8, 8, 0,     0, 8, 16, 0,      0,                  DF_8_8_8_8,    NF_UNORM,   SEL(X, Y, Z, 1), T_UN8,       O_RGBX,  NC)
    ROW(B8G8R8X8_UNORM,               b8g8r8x8_unorm,               4, 3, UNORM,   8, 8, 8, 0,     16, 8, 0, 0,      0,                  DF_8_8_8_8,    NF_UNORM,   SEL(Z, Y, X, 1), T_UN8,       O_NONE,  NC)
    ROW(R8G8B8X8_SRGB,                r8g8b8x8_srgb,                4, 3, SRGB,    8, 8, 8, 0,     0, 8, 16, 0,      0,                  DF_8_8_8_8,    NF_SRGB,    SEL(X, Y, Z, 1), T_UN8,       O_SRGBX, NC)
    ROW(B8G8R8X8_SRGB,                b8g8r8x8_srgb,                4, 3, SRGB,    8, 8, 8, 0,     16, 8, 0, 0,      0,                  DF_8_8_8_8,    NF_SRGB,    SEL(Z, Y, X, 1), T_UN8,       O_NONE,  NC)
    ROW(L8A8_UNORM,                   l8a8_unorm,                   2, 2, UNORM,   8, 8, 8, 8,     0, 0, 0, 8,       0,                  DF_8_8,        NF_UNORM,   SEL(X, X, X, Y), T_UN8,       O_NONE,  NC)
    ROW(R32_SFIXED,                   r32_sfixed,                   4, 1, SFIXED,  32, 0, 0, 0,    0, 0, 0, 0,       0,                  NC,            NC,         SEL_1,           NC,          O_R,     NC)
};

/* Exact linear values of the 256 sRGB-encoded 8-bit codes: the float nearest to
 * C = C'/12.92 (C' <= 0.04045) or ((C' + 0.055)/1.055)^2.4, C' = c/255, evaluated in
 * double precision.  tests/format checks every entry against that formula. */
const float tmu_srgb8_table[256] = {
    0.0f, 0.000303526991f, 0.000607053982f, 0.000910580973f, 0.00121410796f, 0.00151763496f,
    0.00182116195f, 0.00212468882f, 0.00242821593f, 0.0027317428f, 0.00303526991f, 0.00334653584f,
    0.00367650739f, 0.00402471703f, 0.00439144205f, 0.00477695325f, 0.00518151652f, 0.00560539169f,
    0.00604883302f, 0.00651209056f, 0.00699541019f, 0.00749903219f, 0.00802319311f, 0.00856812578f,
    0.00913405884f, 0.00972121768f, 0.010329823f, 0.0109600937f, 0.0116122449f, 0.012286488f,
    0.0129830325f, 0.0137020834f, 0.0144438436f, 0.0152085144f, 0.0159962941f, 0.0168073755f,
    0.0176419541f, 0.01850022f, 0.0193823613f, 0.0202885624f, 0.0212190095f, 0.0221738853f,
    0.0231533665f, 0.0241576321f, 0.0251868591f, 0.0262412224f, 0.0273208916f, 0.02842604f,
    0.0295568351f, 0.0307134446f, 0.0318960324f, 0.0331047662f, 0.0343398079f, 0.0356013142f,
    0.0368894488f, 0.0382043719f, 0.0395462364f, 0.0409151986f, 0.0423114114f, 0.043735031f,
    0.045186203f, 0.0466650873f, 0.0481718257f, 0.0497065671f, 0.0512694567f, 0.0528606474f,
    0.054480277f, 0.0561284907f, 0.0578054301f, 0.0595112368f, 0.0612460524f, 0.0630100146f,
    0.064803265f, 0.0666259378f, 0.0684781671f, 0.0703600943f, 0.0722718537f, 0.0742135718f,
    0.0761853829f, 0.078187421f, 0.0802198201f, 0.0822827071f, 0.0843762085f, 0.0865004584f,
    0.0886555836f, 0.0908417106f, 0.0930589661f, 0.0953074694f, 0.097587347f, 0.0998987257f,
    0.102241732f, 0.104616486f, 0.107023105f, 0.10946171f, 0.111932427f, 0.114435375f,
    0.116970666f, 0.119538426f, 0.122138776f, 0.124771819f, 0.127437681f, 0.130136475f,
    0.13286832f, 0.135633335f, 0.138431609f, 0.141263291f, 0.144128472f, 0.147027269f,
    0.149959788f, 0.152926147f, 0.155926466f, 0.158960834f, 0.162029371f, 0.165132195f,
    0.168269396f, 0.171441108f, 0.174647406f, 0.177888423f, 0.18116425f, 0.18447499f,
    0.187820777f, 0.191201687f, 0.194617838f, 0.198069319f, 0.20155625f, 0.205078736f,
    0.208636865f, 0.212230757f, 0.215860501f, 0.219526201f, 0.223227963f, 0.226965874f,
    0.230740055f, 0.23455058f, 0.238397568f, 0.242281124f, 0.246201321f, 0.25015828f,
    0.254152089f, 0.258182853f, 0.262250662f, 0.266355604f, 0.270497799f, 0.274677306f,
    0.278894275f, 0.283148736f, 0.287440836f, 0.291770637f, 0.296138257f, 0.300543785f,
    0.304987311f, 0.309468925f, 0.313988715f, 0.318546772f, 0.323143214f, 0.327778101f,
    0.332451522f, 0.337163627f, 0.341914415f, 0.346704066f, 0.351532608f, 0.356400132f,
    0.361306787f, 0.366252601f, 0.371237695f, 0.376262128f, 0.38132602f, 0.386429429f,
    0.391572475f, 0.396755219f, 0.401977777f, 0.407240212f, 0.412542611f, 0.417885065f,
    0.423267663f, 0.428690493f, 0.434153646f, 0.439657182f, 0.445201188f, 0.450785786f,
    0.456411034f, 0.462076992f, 0.467783809f, 0.473531485f, 0.479320168f, 0.48514995f,
    0.491020858f, 0.496932983f, 0.502886474f, 0.50888133f, 0.514917672f, 0.520995557f,
    0.527115107f, 0.533276379f, 0.539479494f, 0.545724452f, 0.55201143f, 0.558340371f,
    0.564711511f, 0.571124852f, 0.577580452f, 0.584078431f, 0.590618849f, 0.597201765f,
    0.603827357f, 0.610495567f, 0.617206573f, 0.623960376f, 0.630757153f, 0.637596846f,
    0.644479692f, 0.651405632f, 0.658374846f, 0.665387273f, 0.672443151f, 0.679542482f,
    0.686685324f, 0.693871737f, 0.701101899f, 0.708375752f, 0.715693474f, 0.723055124f,
    0.730460763f, 0.73791039f, 0.745404184f, 0.752942204f, 0.760524511f, 0.768151164f,
    0.775822222f, 0.783537805f, 0.791297913f, 0.799102724f, 0.806952238f, 0.814846575f,
    0.822785735f, 0.830769897f, 0.838799f, 0.846873224f, 0.854992628f, 0.863157213f,
    0.871367097f, 0.8796224f, 0.887923121f, 0.896269381f, 0.904661179f, 0.913098633f,
    0.921581864f, 0.930110872f, 0.938685715f, 0.947306514f, 0.955973327f, 0.964686275f,
    0.973445296f, 0.982250571f, 0.991102099f, 1.0f,
};
/* clang-format on */
