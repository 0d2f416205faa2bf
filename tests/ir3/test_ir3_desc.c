/* Raw a6xx/a7xx descriptors: field positions worked by hand from Mesa's
 * a6xx_descriptors.xml, decode/encode inverse on random fields, the printed text, the FMT /
 * SWAP format pairs of Mesa's fd6 table, the linear level layout (hand-computed offsets,
 * checked through texel fetches), and the sampler mapping. */
#include <math.h>

#include "exec_util.h"
#include "tmu/format.h"
#include "tmu/texture.h"

static void test_fields_by_hand(void **state)
{
    (void)state;
    uint32_t dw[16] = {0};
    /* TEX_CONST_0: SRGB bit 2, SWIZ_X=Z (2) bits 4-6, SWIZ_W=ONE (5) 13-15, MIPLVLS=2 16-19,
     * SAMPLES 20-21 = 0, FMT 22-29 = 0x30, SWAP 30-31 = WXYZ (1) */
    dw[0] = (1u << 2) | (2u << 4) | (1u << 7) | (0u << 10) | (5u << 13) | (2u << 16) | (0x30u << 22) | (1u << 30);
    dw[1] = 5u | (3u << 15) | (1u << 31);              /* WIDTH 5, HEIGHT 3, MUTABLEEN */
    dw[2] = 1u | (64u << 7) | (1u << 29);              /* PITCHALIGN 1, PITCH 64, TYPE 2D */
    dw[3] = (0x1234u >> 12 << 0) | (3u << 23) | (1u << 27); /* ARRAY_PITCH, MIN_LAYERSZ 3, TILE_ALL */
    dw[4] = 0xdeadbee0u;                               /* BASE_LO = 0xdeadbee0 >> 5 */
    dw[5] = 0x1ffffu | (7u << 17);                     /* BASE_HI, DEPTH 7 */
    dw[6] = 0x180;                                     /* MIN_LOD_CLAMP 1.5 */
    tmu_ir3_tdesc t;
    tmu_diag d;
    assert_int_equal(tmu_ir3_tdesc_decode(730, dw, TMU_IR3_TDESC_AUTO, &t, &d), TMU_OK);
    assert_int_equal(t.kind, TMU_IR3_TDESC_SINGLE_PLANE);
    assert_int_equal(t.f[TMU_IR3_T_SRGB], 1);
    assert_int_equal(t.f[TMU_IR3_T_SWIZ_X], 2);
    assert_int_equal(t.f[TMU_IR3_T_SWIZ_Y], 1);
    assert_int_equal(t.f[TMU_IR3_T_SWIZ_W], 5);
    assert_int_equal(t.f[TMU_IR3_T_MIPLVLS], 2);
    assert_int_equal(t.f[TMU_IR3_T_FMT], 0x30);
    assert_int_equal(t.f[TMU_IR3_T_SWAP], 1);
    assert_int_equal(t.f[TMU_IR3_T_WIDTH], 5);
    assert_int_equal(t.f[TMU_IR3_T_HEIGHT], 3);
    assert_int_equal(t.f[TMU_IR3_T_MUTABLEEN], 1);
    assert_int_equal(t.f[TMU_IR3_T_PITCHALIGN], 1);
    assert_int_equal(t.f[TMU_IR3_T_PITCH], 64);
    assert_int_equal(t.f[TMU_IR3_T_TYPE], 1);
    assert_int_equal(t.f[TMU_IR3_T_ARRAY_PITCH], 1);
    assert_int_equal(t.f[TMU_IR3_T_MIN_LAYERSZ], 3);
    assert_int_equal(t.f[TMU_IR3_T_TILE_ALL], 1);
    assert_int_equal(t.f[TMU_IR3_T_BASE_LO], 0xdeadbee0u >> 5);
    assert_int_equal(t.f[TMU_IR3_T_BASE_HI], 0x1ffff);
    assert_int_equal(t.f[TMU_IR3_T_DEPTH], 7);
    assert_int_equal(t.f[TMU_IR3_T_MIN_LOD_CLAMP], 0x180);
    char buf[4096];
    assert_true(tmu_ir3_tdesc_print(&t, buf, sizeof buf) > 0);
    assert_non_null(strstr(buf, "d0[29:22]  FMT                     = 48 (FMT6_8_8_8_8_UNORM)\n"));
    assert_non_null(strstr(buf, "d0[31:30]  SWAP                    = 1 (WXYZ)\n"));
    assert_non_null(strstr(buf, "d6[11:0]   MIN_LOD_CLAMP           = 384 (1.5000)\n"));
    assert_non_null(strstr(buf, "d1[31:31]  MUTABLEEN               = 1\n"));
    assert_null(strstr(buf, "PLANE_PITCH")); /* a multi-plane field */
    assert_null(strstr(buf, "no field"));
    /* a6xx has no MUTABLEEN: bit 31 of dword 1 is then in no field */
    assert_int_equal(tmu_ir3_tdesc_decode(630, dw, TMU_IR3_TDESC_AUTO, &t, &d), TMU_OK);
    assert_int_equal(t.f[TMU_IR3_T_MUTABLEEN], 0);
    assert_true(tmu_ir3_tdesc_print(&t, buf, sizeof buf) > 0);
    assert_non_null(strstr(buf, "d1: bits 0x80000000 are in no field"));
    /* the tmu shape */
    tmu_texture tex;
    assert_int_equal(tmu_ir3_tdesc_to_texture(&t, NULL, 0, &tex, &d), TMU_OK);
    assert_int_equal(tex.format, TMU_FORMAT_B8G8R8A8_SRGB);
    assert_int_equal(tex.dim, TMU_DIM_2D_ARRAY);
    assert_int_equal(tex.layers, 7);
    assert_int_equal(tex.levels, 3);
    assert_int_equal(tex.swizzle[0], TMU_SWIZZLE_B);
    assert_int_equal(tex.swizzle[1], TMU_SWIZZLE_G);
    assert_int_equal(tex.swizzle[2], TMU_SWIZZLE_R);
    assert_int_equal(tex.swizzle[3], TMU_SWIZZLE_ONE);
    assert_true(tex.min_lod == 1.5f);

    /* sampler: XY_MAG LINEAR (bits 1-2), XY_MIN ANISO, WRAP_S MIRROR_REPEAT (5-7), WRAP_T
     * CLAMP_TO_BORDER (8-10), WRAP_R MIRROR_CLAMP (11-13), ANISO 8x (14-16), LOD_BIAS -1.5 */
    uint32_t s[4] = {0};
    s[0] = (1u << 1) | (2u << 3) | (2u << 5) | (3u << 8) | (4u << 11) | (3u << 14) | ((uint32_t)(-384 & 0x1fff) << 19) | 1u;
    s[1] = 1u | (4u << 1) | (1u << 4) | (1u << 5) | (1u << 6) | (0x280u << 8) | (0x40u << 20);
    s[2] = 2u | (3u << 2) | (1u << 4) | (9u << 7);
    tmu_ir3_sdesc sd;
    assert_int_equal(tmu_ir3_sdesc_decode(630, s, &sd, &d), TMU_OK);
    assert_int_equal(sd.f[TMU_IR3_S_XY_MAG], 1);
    assert_int_equal(sd.f[TMU_IR3_S_XY_MIN], 2);
    assert_int_equal(sd.f[TMU_IR3_S_ANISO], 3);
    assert_int_equal(sd.f[TMU_IR3_S_COMPARE_FUNC], 4);
    assert_int_equal(sd.f[TMU_IR3_S_BCOLOR], 9);
    tmu_sampler smp;
    assert_int_equal(tmu_ir3_sdesc_to_sampler(&sd, NULL, 0, &smp, &d), TMU_OK);
    assert_int_equal(smp.mag_filter, TMU_FILTER_LINEAR);
    assert_int_equal(smp.min_filter, TMU_FILTER_LINEAR);
    assert_true(smp.max_anisotropy == 8.0f);
    assert_int_equal(smp.address[0], TMU_ADDRESS_MIRRORED_REPEAT);
    assert_int_equal(smp.address[1], TMU_ADDRESS_CLAMP_TO_BORDER);
    assert_int_equal(smp.address[2], TMU_ADDRESS_MIRROR_CLAMP_TO_EDGE);
    assert_int_equal(smp.mip_filter, TMU_MIP_LINEAR);
    assert_int_equal(smp.compare_op, TMU_COMPARE_GREATER);
    assert_int_equal(smp.seamless_cube, 0);
    assert_int_equal(smp.normalized, 0);
    assert_true(smp.lod_bias == -1.5f);
    assert_true(smp.max_lod == 2.5f);
    assert_true(smp.min_lod == 0.25f);
    assert_int_equal(smp.reduction, TMU_REDUCTION_MAX);
    /* FASTBORDERCOLOR 1_1_1_1 */
    for (int c = 0; c < 4; c++)
        assert_true(smp.border_f[c] == 1.0f && smp.border_u[c] == 1);
    assert_true(tmu_ir3_sdesc_print(&sd, buf, sizeof buf) > 0);
    assert_non_null(strstr(buf, "d0[31:19]  LOD_BIAS                = 7808 (-1.5000)\n"));
    assert_non_null(strstr(buf, "d0[13:11]  WRAP_R                  = 4 (A6XX_TEX_MIRROR_CLAMP)\n"));
}

static void test_sampler_refusals(void **state)
{
    (void)state;
    tmu_diag d;
    tmu_ir3_sdesc sd;
    tmu_sampler smp;
    static const struct {
        uint32_t dw0, dw1, dw2;
        const char *msg;
    } cases[] = {
        {5u << 5, 0, 0, "WRAP_S = 5 is not in a6xx_tex_clamp"},
        {7u << 11, 0, 0, "WRAP_R = 7"},
        {5u << 14, 0, 0, "ANISO = 5"},
        {1u, 0, 0, "MIPFILTER_LINEAR_NEAR = 1 with MIPFILTER_LINEAR_FAR = 0"},
        {0, 1u << 6, 0, "MIPFILTER_LINEAR_NEAR = 0 with MIPFILTER_LINEAR_FAR = 1"},
        {0, 0, 3u, "REDUCTION_MODE = 3"},
        {3u << 5, 0, 4u << 7, "BCOLOR = 4 selects a border colour entry the bindings do not have"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        uint32_t s[4] = {cases[i].dw0, cases[i].dw1, cases[i].dw2, 0};
        assert_int_equal(tmu_ir3_sdesc_decode(630, s, &sd, &d), TMU_OK);
        tmu_status st = tmu_ir3_sdesc_to_sampler(&sd, NULL, 0, &smp, &d);
        if (st != TMU_ERR_UNSUPPORTED || !strstr(d.message, cases[i].msg))
            fail_msg("case %zu: %s '%s'", i, tmu_status_str(st), d.message);
    }
    /* BCOLOR picks an entry of the border table when a wrap mode is CLAMP_TO_BORDER */
    tmu_ir3_border border[3] = {{{0}, {0}}, {{0}, {0}}, {{0.25f, 0.5f, 0.75f, 1}, {1, 2, 3, 4}}};
    uint32_t s[4] = {3u << 8, 0, 2u << 7, 0};
    assert_int_equal(tmu_ir3_sdesc_decode(630, s, &sd, &d), TMU_OK);
    assert_int_equal(tmu_ir3_sdesc_to_sampler(&sd, border, 3, &smp, &d), TMU_OK);
    assert_true(smp.border_f[2] == 0.75f && smp.border_u[3] == 4);
    /* a3xx-a5xx and a8xx descriptors have other layouts */
    assert_int_equal(tmu_ir3_sdesc_decode(540, s, &sd, &d), TMU_ERR_UNSUPPORTED);
    assert_int_equal(tmu_ir3_sdesc_decode(830, s, &sd, &d), TMU_ERR_UNSUPPORTED);
}

/* decode(encode(fields)) == fields for random fields of every kind */
static void test_encode_inverse(void **state)
{
    (void)state;
    uint64_t seed = 7;
    size_t nt, ns;
    const tmu_ir3_desc_field_info *tf = tmu_ir3_tdesc_fields(&nt), *sf = tmu_ir3_sdesc_fields(&ns);
    tmu_diag d;
    for (int rep = 0; rep < 4000; rep++) {
        tmu_ir3_tdesc t;
        memset(&t, 0, sizeof t);
        t.gpu_id = rep & 1 ? 630 : 740;
        t.kind = (tmu_ir3_tdesc_kind)(1 + rep % 4);
        for (size_t i = 0; i < nt; i++)
            if (((tf[i].kinds >> t.kind) & 1) && t.gpu_id >= tf[i].gpu_min)
                t.f[tf[i].id] = (uint32_t)xr_next(&seed) & (tf[i].width >= 32 ? ~0u : (1u << tf[i].width) - 1);
        /* overlapping fields of one kind must agree: MIPLVLS is not used with CHROMA_* */
        uint32_t dw[16];
        assert_int_equal(tmu_ir3_tdesc_encode(&t, dw, &d), TMU_OK);
        tmu_ir3_tdesc back;
        assert_int_equal(tmu_ir3_tdesc_decode(t.gpu_id, dw, t.kind, &back, &d), TMU_OK);
        assert_memory_equal(back.f, t.f, sizeof t.f);
        tmu_ir3_sdesc s;
        memset(&s, 0, sizeof s);
        s.gpu_id = 630;
        for (size_t i = 0; i < ns; i++)
            s.f[sf[i].id] = (uint32_t)xr_next(&seed) & ((1u << sf[i].width) - 1);
        uint32_t sw[4];
        assert_int_equal(tmu_ir3_sdesc_encode(&s, sw, &d), TMU_OK);
        tmu_ir3_sdesc sback;
        assert_int_equal(tmu_ir3_sdesc_decode(630, sw, &sback, &d), TMU_OK);
        assert_memory_equal(sback.f, s.f, sizeof s.f);
    }
    tmu_ir3_tdesc t;
    memset(&t, 0, sizeof t);
    t.gpu_id = 630;
    t.kind = TMU_IR3_TDESC_SINGLE_PLANE;
    t.f[TMU_IR3_T_WIDTH] = 1u << 15;
    uint32_t dw[16];
    assert_int_equal(tmu_ir3_tdesc_encode(&t, dw, &d), TMU_ERR_RANGE);
    assert_non_null(strstr(d.message, "WIDTH = 32768 does not fit 15 bits"));
    t.f[TMU_IR3_T_WIDTH] = 1;
    t.f[TMU_IR3_T_PLANE_PITCH] = 3;
    assert_int_equal(tmu_ir3_tdesc_encode(&t, dw, &d), TMU_ERR_RANGE);
    assert_non_null(strstr(d.message, "PLANE_PITCH = 3 is not a field of this descriptor kind"));
}

/* Mesa fd6 texture formats: FMT + SWAP (+ SRGB) -> tmu format, and the channel placement
 * that implies, checked on a texel: gallium R5G6B5 (5_6_5_UNORM, WZYX) has R in bits 0-4 */
static void test_formats(void **state)
{
    (void)state;
    static const struct {
        unsigned fmt, swap, srgb;
        tmu_format want;
    } cases[] = {
        {0x30, 0, 0, TMU_FORMAT_R8G8B8A8_UNORM},   {0x30, 0, 1, TMU_FORMAT_R8G8B8A8_SRGB},
        {0x30, 1, 0, TMU_FORMAT_B8G8R8A8_UNORM},   {0x30, 3, 0, TMU_FORMAT_INVALID},
        {0x0e, 0, 0, TMU_FORMAT_B5G6R5_UNORM_PACK16}, {0x0e, 1, 0, TMU_FORMAT_R5G6B5_UNORM_PACK16},
        {0x0a, 0, 0, TMU_FORMAT_A1B5G5R5_UNORM_PACK16}, {0x0a, 3, 0, TMU_FORMAT_R5G5B5A1_UNORM_PACK16},
        {0x08, 0, 0, TMU_FORMAT_A4B4G4R4_UNORM_PACK16}, {0x08, 3, 0, TMU_FORMAT_R4G4B4A4_UNORM_PACK16},
        {0x36, 0, 0, TMU_FORMAT_A2B10G10R10_UNORM_PACK32}, {0x42, 0, 0, TMU_FORMAT_B10G11R11_UFLOAT_PACK32},
        {0x35, 0, 0, TMU_FORMAT_E5B9G9R9_UFLOAT_PACK32}, {0xa0, 0, 0, TMU_FORMAT_X8_D24_UNORM_PACK32},
        {0x17, 0, 0, TMU_FORMAT_R16_FLOAT},        {0x84, 0, 0, TMU_FORMAT_R32G32B32A32_SINT},
        {0xb3, 0, 0, TMU_FORMAT_INVALID},
        /* issue 26's formats, by their a6xx_format names */
        {0x02, 0, 0, TMU_FORMAT_A8_UNORM},         {0x13, 0, 0, TMU_FORMAT_L8A8_UNORM},
        {0x21, 0, 0, TMU_FORMAT_R8G8B8_UNORM},     {0x21, 1, 0, TMU_FORMAT_B8G8R8_UNORM},
        {0x31, 0, 0, TMU_FORMAT_R8G8B8X8_UNORM},   {0x31, 0, 1, TMU_FORMAT_R8G8B8X8_SRGB},
        {0x31, 1, 0, TMU_FORMAT_B8G8R8X8_UNORM},   {0x31, 1, 1, TMU_FORMAT_B8G8R8X8_SRGB},
        {0x4d, 0, 0, TMU_FORMAT_R32_SFIXED},       {0x4d, 1, 0, TMU_FORMAT_INVALID},
        {0x21, 0, 1, TMU_FORMAT_INVALID},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        if (tmu_ir3_fmt6_to_format(cases[i].fmt, cases[i].swap, cases[i].srgb) != cases[i].want)
            fail_msg("FMT 0x%02x SWAP %u SRGB %u -> %s", cases[i].fmt, cases[i].swap, cases[i].srgb,
                     tmu_format_name(tmu_ir3_fmt6_to_format(cases[i].fmt, cases[i].swap, cases[i].srgb)));
    assert_string_equal(tmu_ir3_fmt6_name(0x30), "FMT6_8_8_8_8_UNORM");
    assert_null(tmu_ir3_fmt6_name(0x01));
    uint16_t texel = 0x001f; /* gallium R5G6B5_UNORM: R = bits 0-4 */
    tmu_texel v;
    assert_int_equal(tmu_format_decode(tmu_ir3_fmt6_to_format(0x0e, 0, 0), &texel, &v), TMU_OK);
    assert_true(v.f[0] == 1.0f && v.f[1] == 0.0f && v.f[2] == 0.0f);
}

/* Texture-descriptor refusals name the field. */
static void test_texture_refusals(void **state)
{
    (void)state;
    static const struct {
        uint32_t dw0, dw2, dw3;
        const char *msg;
    } cases[] = {
        {(0x30u << 22) | 3u, 1u << 29, 0, "TILE_MODE = 3 (TILE6_3): a tiled descriptor needs the GPU's layout "
                                          "(tmu_ir3_tdesc_to_texture_tiled)"},
        {(0x30u << 22) | 3u, 1u << 29, 1u << 28, "FLAG = 1 (UBWC compression)"},
        {(0x30u << 22) | 1u, 1u << 29, 0, "TILE_MODE = 1 is not in a6xx_tile_mode"},
        {(0x30u << 22) | 2u, 1u << 29, 0, "TILE_MODE = 2 (TILE6_2)"},
        {0x30u << 22, 1u << 29, 1u << 28, "FLAG = 1 (UBWC compression)"},
        {0xb3u << 22, 1u << 29, 0, "FMT = 0xb3 (FMT6_DXT1) has no tmu format"},
        {0x01u << 22, 1u << 29, 0, "FMT = 0x01 (not in a6xx_format)"},
        {(0x30u << 22) | (2u << 30), 1u << 29, 0, "SWAP = 2 (ZYXW) with FMT FMT6_8_8_8_8_UNORM"},
        {(0x32u << 22) | 4u, 1u << 29, 0, "SRGB = 1 with FMT FMT6_8_8_8_8_SNORM"},
        {0x30u << 22, 6u << 29, 0, "TYPE = 6 is not in a6xx_tex_type"},
        {(0x30u << 22) | (6u << 4), 1u << 29, 0, "SWIZ_X = 6 is not in a6xx_tex_swiz"},
        {0x8eu << 22, 1u << 29, 0, "multi-plane YUV format"},
    };
    tmu_diag d;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        uint32_t dw[16] = {cases[i].dw0, 4u | (4u << 15), cases[i].dw2 | (64u << 7), cases[i].dw3};
        tmu_ir3_tdesc t;
        tmu_texture tex;
        assert_int_equal(tmu_ir3_tdesc_decode(630, dw, TMU_IR3_TDESC_AUTO, &t, &d), TMU_OK);
        tmu_status st = tmu_ir3_tdesc_to_texture(&t, NULL, 0, &tex, &d);
        if (st != TMU_ERR_UNSUPPORTED || !strstr(d.message, cases[i].msg))
            fail_msg("case %zu: %s '%s'", i, tmu_status_str(st), d.message);
    }
    /* a multisample descriptor has a shape, but its memory layout is not expressible */
    uint32_t dw[16] = {(0x30u << 22) | (2u << 20), 4u | (4u << 15), (1u << 29) | (64u << 7), 0, 0x1000, 0};
    tmu_ir3_tdesc t;
    tmu_texture tex;
    static uint8_t mem[4096];
    tmu_ir3_memory m = {0x1000, mem, sizeof mem};
    assert_int_equal(tmu_ir3_tdesc_decode(630, dw, TMU_IR3_TDESC_AUTO, &t, &d), TMU_OK);
    assert_int_equal(tmu_ir3_tdesc_to_texture(&t, NULL, 0, &tex, &d), TMU_OK);
    assert_int_equal(tex.dim, TMU_DIM_2D_MS);
    assert_int_equal(tex.samples, 4);
    assert_int_equal(tmu_ir3_tdesc_to_texture(&t, &m, 1, &tex, &d), TMU_ERR_UNSUPPORTED);
    assert_non_null(strstr(d.message, "SAMPLES = 2 (MSAA_FOUR)"));
    /* BASE outside the mapped memory */
    dw[0] = 0x30u << 22;
    dw[4] = 0x2000;
    assert_int_equal(tmu_ir3_tdesc_decode(630, dw, TMU_IR3_TDESC_AUTO, &t, &d), TMU_OK);
    assert_int_equal(tmu_ir3_tdesc_to_texture(&t, &m, 1, &tex, &d), TMU_ERR_RANGE);
    assert_non_null(strstr(d.message, "not inside the mapped memory"));
}

/* Linear level layout, hand-computed, read back through isaml (texel fetch) on a6xx:
 * RGBA8 5x3, 3 levels, PITCH 64, PITCHALIGN 0 (64 bytes):
 *   level 0: pitch 64, rows 3      -> offset 0
 *   level 1: 2x1, pitch align(32, 64) = 64 -> offset 64 * 3 = 192
 *   level 2: 1x1, pitch align(16, 64) = 64 -> offset 192 + 64 = 256
 * two layers, ARRAY_PITCH 4096; layer 1 starts at 4096. */
static void test_layout_2d(void **state)
{
    (void)state;
    static uint8_t mem[8192];
    memset(mem, 0, sizeof mem);
    static const struct {
        unsigned layer, level, x, y;
        size_t offset;
    } texels[] = {{0, 0, 0, 0, 0},    {0, 0, 4, 2, 2 * 64 + 16}, {0, 1, 1, 0, 192 + 4}, {0, 2, 0, 0, 256},
                  {1, 0, 3, 1, 4096 + 64 + 12}, {1, 1, 0, 0, 4096 + 192}, {1, 2, 0, 0, 4096 + 256}};
    for (size_t i = 0; i < sizeof texels / sizeof texels[0]; i++)
        for (int c = 0; c < 4; c++)
            mem[texels[i].offset + (size_t)c] = (uint8_t)(10 * i + (size_t)c + 1);
    uint32_t dw[16] = {0x33u << 22 | (2u << 16) | (1u << 7) | (2u << 10) | (3u << 13), 5u | (3u << 15),
                       (64u << 7) | (1u << 29), 4096u >> 12, 0x40000, 0 | (2u << 17)};
    tmu_ir3_memory m = {0x40000, mem, sizeof mem};
    tmu_ir3_slot slot = {NULL, NULL, dw};
    tmu_ir3_bindings b;
    memset(&b, 0, sizeof b);
    b.tex = &slot;
    b.num_tex = 1;
    b.memory = &m;
    b.num_memory = 1;
    tmu_ir3_wave *w = new_wave(630, 64);
    for (size_t i = 0; i < sizeof texels / sizeof texels[0]; i++) {
        for (unsigned f = 0; f < 64; f++) {
            w->gpr[f][0] = texels[i].x; /* r0.x, r0.y coordinates, r0.z layer */
            w->gpr[f][1] = texels[i].y;
            w->gpr[f][2] = texels[i].layer;
            w->gpr[f][4] = texels[i].level; /* r1.x LOD */
        }
        exec_ok(w, &b, "isaml.a (u32)(xyzw)r2.x, r0.x, r1.x, s#0, t#0", NULL);
        for (int c = 0; c < 4; c++)
            assert_int_equal(w->gpr[9][8 + c], 10 * i + (size_t)c + 1);
    }
    free(w);
}

/* 3D: level n slices are max(ARRAY_PITCH >> 2n, MIN_LAYERSZ) bytes; R32_UINT 4x4x4, 2 levels,
 * PITCH 64, ARRAY_PITCH 4096, MIN_LAYERSZ 4096:
 *   level 0 slice z at 4096 z; level 1 (2x2x2) starts at 4 * 4096, slices max(1024, 4096).
 * Buffers: WIDTH | HEIGHT << 15 texels from BASE + STARTOFFSETTEXELS texels. */
static void test_layout_3d_and_buffer(void **state)
{
    (void)state;
    static uint32_t mem[8 * 1024];
    memset(mem, 0, sizeof mem);
    mem[(2 * 4096 + 1 * 64 + 3 * 4) / 4] = 111;         /* level 0 (3, 1, 2) */
    mem[(4 * 4096 + 1 * 4096 + 1 * 64 + 1 * 4) / 4] = 222; /* level 1 (1, 1, 1) */
    uint32_t dw[16] = {(0x4bu << 22) | (1u << 16), 4u | (4u << 15), (64u << 7) | (3u << 29),
                       (4096u >> 12) | (1u << 23), 0x80000, 4u << 17};
    tmu_ir3_memory m = {0x80000, mem, sizeof mem};
    tmu_ir3_slot slot = {NULL, NULL, dw};
    tmu_ir3_bindings b;
    memset(&b, 0, sizeof b);
    b.tex = &slot;
    b.num_tex = 1;
    b.memory = &m;
    b.num_memory = 1;
    tmu_ir3_wave *w = new_wave(630, 64);
    for (unsigned f = 0; f < 64; f++) {
        w->gpr[f][0] = 3, w->gpr[f][1] = 1, w->gpr[f][2] = 2, w->gpr[f][4] = 0;
    }
    exec_ok(w, &b, "isaml.3d (u32)(x)r2.x, r0.x, r1.x, s#0, t#0", NULL);
    assert_int_equal(w->gpr[0][8], 111);
    for (unsigned f = 0; f < 64; f++) {
        w->gpr[f][0] = 1, w->gpr[f][1] = 1, w->gpr[f][2] = 1, w->gpr[f][4] = 1;
    }
    exec_ok(w, &b, "isaml.3d (u32)(x)r2.x, r0.x, r1.x, s#0, t#0", NULL);
    assert_int_equal(w->gpr[0][8], 222);

    /* buffer of 40000 = 7232 | 1 << 15 texels is longer than the unit takes */
    uint32_t bd[16] = {(0x4bu << 22), 7232u | (1u << 15), (3u << 16) | (4u << 29), 0, 0x80000, 0};
    tmu_ir3_tdesc t;
    tmu_texture tex;
    tmu_diag d;
    assert_int_equal(tmu_ir3_tdesc_decode(630, bd, TMU_IR3_TDESC_AUTO, &t, &d), TMU_OK);
    assert_int_equal(t.kind, TMU_IR3_TDESC_BUFFER);
    assert_int_equal(t.f[TMU_IR3_T_STARTOFFSETTEXELS], 3);
    assert_int_equal(tmu_ir3_tdesc_to_texture(&t, &m, 1, &tex, &d), TMU_ERR_UNSUPPORTED);
    assert_non_null(strstr(d.message, "buffer of 40000 texels"));
    /* 100 texels starting 3 texels after BASE: texel 5 is mem[8] */
    bd[1] = 100;
    for (unsigned i = 0; i < 100; i++)
        mem[3 + i] = 1000 + i;
    slot.raw = bd;
    for (unsigned f = 0; f < 64; f++)
        w->gpr[f][0] = 5, w->gpr[f][1] = 0;
    exec_ok(w, &b, "isam (u32)(x)r2.x, r0.x, s#0, t#0", NULL);
    assert_int_equal(w->gpr[0][8], 1005);
    exec_ok(w, &b, "getbuf (u32)(xyzw)r3.x, t#0", NULL);
    assert_int_equal(w->gpr[0][12], 100);
    assert_int_equal(w->gpr[0][13], 0);
    /* isam.v: WRMASK components read consecutive texels from x + the immediate offset */
    exec_ok(w, &b, "isam.v (u32)(xyzw)r4.x, r0.x+8, s#0, t#0", NULL);
    for (int c = 0; c < 4; c++)
        assert_int_equal(w->gpr[0][16 + c], 1013 + c);
    exec_ok(w, &b, "isam.v (u32)(yw)r5.x, r0.x, s#0, t#0", NULL);
    assert_int_equal(w->gpr[0][21], 1006);
    assert_int_equal(w->gpr[0][23], 1008);
    exec_fails(w, &b, "isam.v.1d (u32)(x)r4.x, r0.x, s#0, t#0", TMU_ERR_UNSUPPORTED, "without bit 18 set");
    free(w);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fields_by_hand),   cmocka_unit_test(test_sampler_refusals),
        cmocka_unit_test(test_encode_inverse),   cmocka_unit_test(test_formats),
        cmocka_unit_test(test_texture_refusals), cmocka_unit_test(test_layout_2d),
        cmocka_unit_test(test_layout_3d_and_buffer),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
