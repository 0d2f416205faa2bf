/* The format table: structure, names, and the codes other layers use, checked against
 * the code tables of docs/gcn-mimg.md §4.3 and docs/ir3-cat5.md §5.2 and
 * against the codec itself (a GCN DST_SEL must read the same values the format decodes). */
#include <ctype.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "tmu/format.h"

static void test_rows_consistent(void **state)
{
    (void)state;
    assert_true(TMU_FORMAT_COUNT - 1 >= 40);
    for (unsigned f = 1; f < TMU_FORMAT_COUNT; f++) {
        const tmu_format_info *info = tmu_format_get((tmu_format)f);
        assert_non_null(info);
        assert_int_equal(info->format, f);
        assert_non_null(info->name);
        for (const char *p = info->name; *p; p++)
            assert_true(islower((unsigned char)*p) || isdigit((unsigned char)*p) || *p == '_');
        for (unsigned g = 1; g < f; g++)
            assert_string_not_equal(info->name, tmu_format_name((tmu_format)g));
        assert_true(info->bytes >= 1 && info->bytes <= TMU_FORMAT_MAX_BYTES);
        unsigned n = 0;
        uint8_t used[16] = {0};
        for (unsigned c = 0; c < 4; c++) {
            if (!info->bits[c])
                continue;
            /* a luminance format's G and B repeat R's bits exactly (format.h): one channel */
            int repeat = 0;
            for (unsigned k = 0; k < c; k++)
                repeat |= info->bits[k] == info->bits[c] && info->shift[k] == info->shift[c];
            if (repeat) {
                assert_true(c == 1 || c == 2);
                assert_int_equal(info->shift[0], info->shift[c]);
                continue;
            }
            n++;
            assert_true(info->bits[c] <= 32);
            assert_true(info->shift[c] + info->bits[c] <= 8u * info->bytes);
            /* a channel never straddles a 32-bit word (the decoder relies on it) */
            assert_int_equal(info->shift[c] / 32, (info->shift[c] + info->bits[c] - 1) / 32);
            for (unsigned b = info->shift[c]; b < info->shift[c] + info->bits[c]; b++) {
                assert_false(used[b / 8] & (1u << (b % 8))); /* no overlap */
                used[b / 8] |= (uint8_t)(1u << (b % 8));
            }
        }
        if (info->shared_exponent)
            n--; /* the exponent is not a channel */
        assert_int_equal(n, info->channels);
        if (info->has_stencil)
            assert_true(info->is_depth);
    }
}

static void test_names(void **state)
{
    (void)state;
    char buf[96];
    for (unsigned f = 1; f < TMU_FORMAT_COUNT; f++) {
        const char *name = tmu_format_name((tmu_format)f);
        assert_int_equal(tmu_format_from_name(name), f);
        snprintf(buf, sizeof(buf), "VK_FORMAT_%s", name);
        for (char *p = buf; *p; p++)
            *p = (char)toupper((unsigned char)*p);
        assert_int_equal(tmu_format_from_name(buf), f);
    }
    assert_int_equal(tmu_format_from_name("R16G16B16A16_SFLOAT"), TMU_FORMAT_R16G16B16A16_FLOAT);
    assert_int_equal(tmu_format_from_name("vk_format_d32_sfloat_s8_uint"),
                     TMU_FORMAT_D32_FLOAT_S8_UINT);
    assert_int_equal(tmu_format_from_name("rgb9e5"), TMU_FORMAT_E5B9G9R9_UFLOAT_PACK32);
    assert_int_equal(tmu_format_from_name("R11G11B10"), TMU_FORMAT_B10G11R11_UFLOAT_PACK32);
    assert_int_equal(tmu_format_from_name("x8z24"), TMU_FORMAT_X8_D24_UNORM_PACK32);
    assert_int_equal(tmu_format_from_name("d24s8"), TMU_FORMAT_D24_UNORM_S8_UINT);
    assert_int_equal(tmu_format_from_name("d16"), TMU_FORMAT_D16_UNORM);
    assert_int_equal(tmu_format_from_name("d32f"), TMU_FORMAT_D32_FLOAT);
    assert_int_equal(tmu_format_from_name("r8g8b8a8_srg"), TMU_FORMAT_INVALID);
    assert_int_equal(tmu_format_from_name(""), TMU_FORMAT_INVALID);
    assert_int_equal(tmu_format_from_name("vk_format_"), TMU_FORMAT_INVALID);
    assert_int_equal(tmu_format_from_name(NULL), TMU_FORMAT_INVALID);
    memset(buf, 'a', sizeof(buf) - 1);
    buf[sizeof(buf) - 1] = '\0';
    assert_int_equal(tmu_format_from_name(buf), TMU_FORMAT_INVALID);
    assert_string_equal(tmu_numeric_name(TMU_NUMERIC_SRGB), "srgb");
    assert_string_equal(tmu_numeric_name(TMU_NUMERIC_SFIXED), "sfixed");
    assert_int_equal(tmu_format_from_name("VK_FORMAT_A8_UNORM_KHR"), TMU_FORMAT_A8_UNORM);
    assert_int_equal(tmu_format_from_name("R32_FIXED"), TMU_FORMAT_R32_SFIXED);
    assert_string_equal(tmu_numeric_name((tmu_numeric)99), "?");
}

/* gcn-mimg.md §4.3: DATA_FORMAT 1 = 8, 3 = 8_8, 5 = 16_16, 6 = 10_11_11, 9 = 2_10_10_10,
 * 10 = 8_8_8_8, 14 = 32_32_32_32, 16 = 5_6_5, 34 = 5_9_9_9; NUM_FORMAT 0 UNORM, 1 SNORM,
 * 4 UINT, 5 SINT, 7 FLOAT, 9 SRGB. */
static void test_gcn_codes(void **state)
{
    (void)state;
    static const struct {
        tmu_format f;
        unsigned dfmt, nfmt;
    } want[] = {
        {TMU_FORMAT_R8_UNORM, 1, 0},
        {TMU_FORMAT_R8G8_SNORM, 3, 1},
        {TMU_FORMAT_R16G16_FLOAT, 5, 7},
        {TMU_FORMAT_B10G11R11_UFLOAT_PACK32, 6, 7},
        {TMU_FORMAT_A2B10G10R10_UINT_PACK32, 9, 4},
        {TMU_FORMAT_R8G8B8A8_SRGB, 10, 9},
        {TMU_FORMAT_R8G8B8A8_SINT, 10, 5},
        {TMU_FORMAT_R32G32B32A32_FLOAT, 14, 7},
        {TMU_FORMAT_B5G6R5_UNORM_PACK16, 16, 0},
        {TMU_FORMAT_E5B9G9R9_UFLOAT_PACK32, 34, 7},
    };
    for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
        const tmu_format_info *info = tmu_format_get(want[i].f);
        assert_int_equal(info->gcn_data_format, want[i].dfmt);
        assert_int_equal(info->gcn_num_format, want[i].nfmt);
        assert_int_equal(tmu_format_from_gcn(want[i].dfmt, want[i].nfmt), want[i].f);
    }
    assert_int_equal(tmu_format_from_gcn(7, 7), TMU_FORMAT_INVALID);  /* 11_11_10: no layout */
    assert_int_equal(tmu_format_from_gcn(35, 0), TMU_FORMAT_INVALID); /* BC1 */
    assert_int_equal(tmu_format_from_gcn(0, 0), TMU_FORMAT_INVALID);
}

/* GCN component layouts, least significant component (X) first: gcn-mimg.md §4.3 names
 * list components from the most significant end (2_10_10_10 = W:2 Z:10 Y:10 X:10, as
 * radv maps A2B10G10R10 to it; 10_11_11 = Z:10 Y:11 X:11), plain formats in byte order. */
static const struct {
    unsigned dfmt, n, bits[4];
} gcn_layouts[] = {
    {1, 1, {8}},
    {2, 1, {16}},
    {3, 2, {8, 8}},
    {4, 1, {32}},
    {5, 2, {16, 16}},
    {6, 3, {11, 11, 10}},
    {9, 4, {10, 10, 10, 2}},
    {10, 4, {8, 8, 8, 8}},
    {11, 2, {32, 32}},
    {12, 4, {16, 16, 16, 16}},
    {13, 3, {32, 32, 32}},
    {14, 4, {32, 32, 32, 32}},
    {16, 3, {5, 6, 5}},
    {17, 4, {5, 5, 5, 1}},
    {18, 4, {1, 5, 5, 5}},
    {19, 4, {4, 4, 4, 4}},
    {20, 2, {24, 8}},
    {22, 2, {32, 8}} /* X24_8_32: X = dword 0, Y = low byte of dword 1 */,
    {34, 3, {9, 9, 9}} /* 5_9_9_9: exponent above */,
};

/* Every row's DST_SEL names, for each channel, a GCN component with exactly that
 * channel's bit range; absent channels select the constants 0 (colour) or 1 (alpha). */
static void test_gcn_dst_sel_layout(void **state)
{
    (void)state;
    for (unsigned f = 1; f < TMU_FORMAT_COUNT; f++) {
        const tmu_format_info *info = tmu_format_get((tmu_format)f);
        if (info->gcn_data_format == TMU_FORMAT_NO_CODE)
            continue;
        size_t k = 0;
        while (k < sizeof(gcn_layouts) / sizeof(gcn_layouts[0]) &&
               gcn_layouts[k].dfmt != info->gcn_data_format)
            k++;
        assert_true(k < sizeof(gcn_layouts) / sizeof(gcn_layouts[0]));
        unsigned shift[4] = {0, 0, 0, 0};
        for (unsigned c = 1; c < gcn_layouts[k].n; c++)
            shift[c] = shift[c - 1] + gcn_layouts[k].bits[c - 1];
        for (unsigned c = 0; c < 4; c++) {
            uint8_t sel = info->gcn_dst_sel[c];
            if (info->has_stencil && c == 1)
                continue;
            if (!info->bits[c] || (info->shared_exponent && c == 3)) {
                assert_int_equal(sel, c == 3 ? TMU_GCN_SEL_1 : TMU_GCN_SEL_0);
                continue;
            }
            assert_true(sel >= TMU_GCN_SEL_X && sel <= TMU_GCN_SEL_W);
            unsigned hw = sel - TMU_GCN_SEL_X;
            assert_true(hw < gcn_layouts[k].n);
            if (shift[hw] != info->shift[c] || gcn_layouts[k].bits[hw] != info->bits[c]) {
                print_error("%s channel %u: DST_SEL %c is bits %u+%u, channel is %u+%u\n",
                            info->name, c, "XYZW"[hw], shift[hw], gcn_layouts[k].bits[hw],
                            info->shift[c], info->bits[c]);
                fail();
            }
        }
    }
}

/* Where tmu has the hardware's own layout (identity DST_SEL), reading a texel as the
 * GCN hardware does (that format's decode gives X, Y, Z, W) and applying a row's
 * DST_SEL must give exactly the row's own decoded R, G, B, A. */
static void test_gcn_dst_sel_reads_format(void **state)
{
    (void)state;
    unsigned compared = 0;
    for (unsigned f = 1; f < TMU_FORMAT_COUNT; f++) {
        const tmu_format_info *info = tmu_format_get((tmu_format)f);
        if (info->gcn_data_format == TMU_FORMAT_NO_CODE)
            continue;
        tmu_format hw = tmu_format_from_gcn(info->gcn_data_format, info->gcn_num_format);
        if (hw == TMU_FORMAT_INVALID)
            continue; /* e.g. 5_5_5_1: no format has the hardware's own order */
        compared++;
        assert_int_equal(tmu_format_get(hw)->bytes, info->bytes);
        int integer = info->numeric == TMU_NUMERIC_UINT || info->numeric == TMU_NUMERIC_SINT;
        for (uint32_t k = 0; k < 4096; k++) {
            uint8_t px[16];
            for (unsigned b = 0; b < 16; b++)
                px[b] = (uint8_t)((k * 0x9E3779B1u) >> (b % 4 * 8)) ^ (uint8_t)(b * 37);
            tmu_texel own, xyzw;
            assert_int_equal(tmu_format_decode((tmu_format)f, px, &own), TMU_OK);
            assert_int_equal(tmu_format_decode(hw, px, &xyzw), TMU_OK);
            for (unsigned c = 0; c < 4; c++) {
                if (info->has_stencil && c == 1)
                    continue; /* stencil is read through another view */
                uint8_t sel = info->gcn_dst_sel[c];
                uint32_t v;
                if (sel == TMU_GCN_SEL_0)
                    v = 0;
                else if (sel == TMU_GCN_SEL_1)
                    v = integer ? 1u : 0x3F800000u;
                else
                    v = xyzw.u[sel - TMU_GCN_SEL_X];
                if (v != own.u[c]) {
                    print_error("%s channel %u: DST_SEL %u gives 0x%08x, format 0x%08x\n",
                                info->name, c, sel, v, own.u[c]);
                    fail();
                }
            }
        }
    }
    assert_true(compared >= 60);
}

/* docs/ir3-cat5.md §5.2: every GETINFO channel data type 0..18 belongs to at least one format,
 * and spot checks of the values. */
static void test_ir3_codes(void **state)
{
    (void)state;
    unsigned seen = 0;
    for (unsigned f = 1; f < TMU_FORMAT_COUNT; f++) {
        const tmu_format_info *info = tmu_format_get((tmu_format)f);
        if (info->ir3_type != TMU_FORMAT_NO_CODE) {
            assert_true(info->ir3_type <= 18);
            seen |= 1u << info->ir3_type;
        }
    }
    assert_int_equal(seen, (1u << 19) - 1);
    static const struct {
        tmu_format f;
        unsigned type, order_a3xx, order_a5xx;
    } want[] = {
        {TMU_FORMAT_R8_SNORM, 0, 1, 1},
        {TMU_FORMAT_R16G16_SNORM, 1, 3, 3},
        {TMU_FORMAT_R8G8B8A8_UNORM, 2, 8, 8},
        {TMU_FORMAT_B8G8R8A8_UNORM, 2, 10, 10},
        {TMU_FORMAT_R8G8B8A8_SRGB, 2, 16, 17},
        {TMU_FORMAT_R16_UNORM, 3, 1, 1},
        {TMU_FORMAT_R32_SINT, 9, 1, 1},
        {TMU_FORMAT_R16G16B16A16_UINT, 11, 8, 8},
        {TMU_FORMAT_R16_FLOAT, 13, 1, 1},
        {TMU_FORMAT_R32G32_FLOAT, 14, 3, 3},
        {TMU_FORMAT_X8_D24_UNORM_PACK32, 18, 17, 14},
        {TMU_FORMAT_D32_FLOAT, 14, 17, 14},
        /* the Adreno-only rows: CLK_A = 0, CLK_RGBx = 7 (both columns), CLK_sRGBx = 16 (a5xx+;
         * the a3xx/a4xx column has no sRGBx), CLK_RGB = 6, CLK_BGR = 14 / 21 */
        {TMU_FORMAT_A8_UNORM, 2, 0, 0},
        {TMU_FORMAT_R8G8B8X8_UNORM, 2, 7, 7},
        {TMU_FORMAT_R8G8B8X8_SRGB, 2, TMU_FORMAT_NO_CODE, 16},
        {TMU_FORMAT_R8G8B8_UNORM, 2, 6, 6},
        {TMU_FORMAT_B8G8R8_UNORM, 2, 14, 21},
        {TMU_FORMAT_L8A8_UNORM, 2, TMU_FORMAT_NO_CODE, TMU_FORMAT_NO_CODE},
        {TMU_FORMAT_R32_SFIXED, TMU_FORMAT_NO_CODE, 1, 1},
    };
    for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
        const tmu_format_info *info = tmu_format_get(want[i].f);
        assert_int_equal(info->ir3_type, want[i].type);
        assert_int_equal(info->ir3_order[TMU_IR3_ORDER_A3XX], want[i].order_a3xx);
        assert_int_equal(info->ir3_order[TMU_IR3_ORDER_A5XX], want[i].order_a5xx);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rows_consistent),
        cmocka_unit_test(test_names),
        cmocka_unit_test(test_gcn_codes),
        cmocka_unit_test(test_gcn_dst_sel_layout),
        cmocka_unit_test(test_gcn_dst_sel_reads_format),
        cmocka_unit_test(test_ir3_codes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
