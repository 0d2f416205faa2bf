/* RDNA image (T#) and sampler (S#) descriptors of gfx10, gfx10.3 and gfx11 as data: one row per
 * field piece (dword, bits, generations, value names, and the piece's place in the field, for
 * WIDTH and the gfx11 MIN_LOD, which the hardware splits across dwords).  Decode, encode and
 * print are loops over the rows, as for gfx6-9 (desc.c).
 *
 * Sources (docs/rdna-mimg.md section 11 cites them field by field):
 *  - AMD's ROCm runtime, ROCR-Runtime src/image/resource_nv.h (gfx10, gfx10.3: SQ_IMG_RSRC_WORD0-7,
 *    SQ_IMG_SAMP_WORD0-3, the image FORMAT enum) and src/image/resource_gfx11.h (gfx11);
 *  - the unified FORMAT values 0-77 (gfx10, gfx10.3) and 0-63 (gfx11) as llvm-mc 16 names them
 *    in MTBUF format:[BUF_FMT_*] (tests/data/rdna-buf-formats.tsv, checked by
 *    tests/gcn/test_rdna_exec.c); the image-only values above them from ROCR's FORMAT enums.
 * A FORMAT value names a data layout and a numeric type, the gfx9 DATA_FORMAT / NUM_FORMAT pair
 * of the same names; tmu's texel formats are found through that pair (tmu_format_from_gcn). */
#include "gcn/desc_rdna.h"

#include <stdio.h>
#include <string.h>

#include "gcn/tables.h"
#include "tmu/format.h"

#define G10 0x60u  /* gfx10, gfx10.3 */
#define G103 0x40u /* gfx10.3 */
#define G11 0x80u  /* gfx11 */
#define GR 0xe0u   /* every RDNA generation */

typedef struct rdna_format {
    const char *name;
    uint8_t dfmt, nfmt; /* the gfx9 DATA_FORMAT / NUM_FORMAT of the same name; 0xff none */
    uint8_t code10, code11; /* the FORMAT value on gfx10 / gfx10.3 and on gfx11; 0 = absent */
} rdna_format;

/* clang-format off */
/* name, gfx9 DATA_FORMAT / NUM_FORMAT, FORMAT code on gfx10 / gfx10.3, on gfx11 (0: none) */
static const rdna_format fmts[] = {
    {"8_UNORM", 1, 0, 1, 1}, {"8_SNORM", 1, 1, 2, 2}, {"8_USCALED", 1, 2, 3, 3},
    {"8_SSCALED", 1, 3, 4, 4}, {"8_UINT", 1, 4, 5, 5}, {"8_SINT", 1, 5, 6, 6},
    {"16_UNORM", 2, 0, 7, 7}, {"16_SNORM", 2, 1, 8, 8}, {"16_USCALED", 2, 2, 9, 9},
    {"16_SSCALED", 2, 3, 10, 10}, {"16_UINT", 2, 4, 11, 11}, {"16_SINT", 2, 5, 12, 12},
    {"16_FLOAT", 2, 7, 13, 13}, {"8_8_UNORM", 3, 0, 14, 14}, {"8_8_SNORM", 3, 1, 15, 15},
    {"8_8_USCALED", 3, 2, 16, 16}, {"8_8_SSCALED", 3, 3, 17, 17}, {"8_8_UINT", 3, 4, 18, 18},
    {"8_8_SINT", 3, 5, 19, 19}, {"32_UINT", 4, 4, 20, 20}, {"32_SINT", 4, 5, 21, 21},
    {"32_FLOAT", 4, 7, 22, 22}, {"16_16_UNORM", 5, 0, 23, 23}, {"16_16_SNORM", 5, 1, 24, 24},
    {"16_16_USCALED", 5, 2, 25, 25}, {"16_16_SSCALED", 5, 3, 26, 26}, {"16_16_UINT", 5, 4, 27, 27},
    {"16_16_SINT", 5, 5, 28, 28}, {"16_16_FLOAT", 5, 7, 29, 29}, {"10_11_11_UNORM", 6, 0, 30, 0},
    {"10_11_11_SNORM", 6, 1, 31, 0}, {"10_11_11_USCALED", 6, 2, 32, 0},
    {"10_11_11_SSCALED", 6, 3, 33, 0}, {"10_11_11_UINT", 6, 4, 34, 0},
    {"10_11_11_SINT", 6, 5, 35, 0}, {"10_11_11_FLOAT", 6, 7, 36, 30},
    {"11_11_10_UNORM", 7, 0, 37, 0}, {"11_11_10_SNORM", 7, 1, 38, 0},
    {"11_11_10_USCALED", 7, 2, 39, 0}, {"11_11_10_SSCALED", 7, 3, 40, 0},
    {"11_11_10_UINT", 7, 4, 41, 0}, {"11_11_10_SINT", 7, 5, 42, 0},
    {"11_11_10_FLOAT", 7, 7, 43, 31}, {"10_10_10_2_UNORM", 8, 0, 44, 32},
    {"10_10_10_2_SNORM", 8, 1, 45, 33}, {"10_10_10_2_USCALED", 8, 2, 46, 0},
    {"10_10_10_2_SSCALED", 8, 3, 47, 0}, {"10_10_10_2_UINT", 8, 4, 48, 34},
    {"10_10_10_2_SINT", 8, 5, 49, 35}, {"2_10_10_10_UNORM", 9, 0, 50, 36},
    {"2_10_10_10_SNORM", 9, 1, 51, 37}, {"2_10_10_10_USCALED", 9, 2, 52, 38},
    {"2_10_10_10_SSCALED", 9, 3, 53, 39}, {"2_10_10_10_UINT", 9, 4, 54, 40},
    {"2_10_10_10_SINT", 9, 5, 55, 41}, {"8_8_8_8_UNORM", 10, 0, 56, 42},
    {"8_8_8_8_SNORM", 10, 1, 57, 43}, {"8_8_8_8_USCALED", 10, 2, 58, 44},
    {"8_8_8_8_SSCALED", 10, 3, 59, 45}, {"8_8_8_8_UINT", 10, 4, 60, 46},
    {"8_8_8_8_SINT", 10, 5, 61, 47}, {"32_32_UINT", 11, 4, 62, 48}, {"32_32_SINT", 11, 5, 63, 49},
    {"32_32_FLOAT", 11, 7, 64, 50}, {"16_16_16_16_UNORM", 12, 0, 65, 51},
    {"16_16_16_16_SNORM", 12, 1, 66, 52}, {"16_16_16_16_USCALED", 12, 2, 67, 53},
    {"16_16_16_16_SSCALED", 12, 3, 68, 54}, {"16_16_16_16_UINT", 12, 4, 69, 55},
    {"16_16_16_16_SINT", 12, 5, 70, 56}, {"16_16_16_16_FLOAT", 12, 7, 71, 57},
    {"32_32_32_UINT", 13, 4, 72, 58}, {"32_32_32_SINT", 13, 5, 73, 59},
    {"32_32_32_FLOAT", 13, 7, 74, 60}, {"32_32_32_32_UINT", 14, 4, 75, 61},
    {"32_32_32_32_SINT", 14, 5, 76, 62}, {"32_32_32_32_FLOAT", 14, 7, 77, 63},
    {"8_SRGB", 1, 9, 128, 64}, {"8_8_SRGB", 3, 9, 129, 65}, {"8_8_8_8_SRGB", 10, 9, 130, 66},
    {"5_6_5_UNORM", 16, 0, 133, 68}, {"1_5_5_5_UNORM", 17, 0, 134, 69},
    {"5_5_5_1_UNORM", 18, 0, 135, 70}, {"8_24_UNORM", 20, 0, 141, 76},
    {"8_24_UINT", 20, 4, 142, 77}, {"24_8_UNORM", 21, 0, 143, 78}, {"24_8_UINT", 21, 4, 144, 79},
    {"5_9_9_9_FLOAT", 34, 7, 0, 67}, {"4_4_4_4_UNORM", 19, 0, 0, 71}, {"4_4_UNORM", 255, 0, 0, 72},
    {"1_UNORM", 255, 0, 0, 73}, {"1_REVERSED_UNORM", 255, 0, 0, 74},
    {"32_FLOAT_CLAMP", 255, 255, 0, 75}, {"X24_8_32_UINT", 22, 4, 0, 80},
    {"X24_8_32_FLOAT", 22, 7, 0, 81},
};
/* clang-format on */

static const char *const bc_swizzle[8] = {"XYZW", "XWYZ", "WZYX", "WXYZ", "ZYXW", "YXWZ"};

#define P TMU_GCN_DK_PLAIN
#define H TMU_GCN_DK_HEX
#define M1 TMU_GCN_DK_MINUS1
#define U48 TMU_GCN_DK_U4_8
#define S58 TMU_GCN_DK_S5_8
#define E TMU_GCN_DK_ENUM
#define NV(a) a, (uint8_t)(sizeof(a) / sizeof(a[0]))

/* A field piece: bits [lo, lo + width) of dword `dword` hold bits [shift, shift + width) of the
 * field's value. */
typedef struct rdna_row {
    tmu_gcn_desc_field_info info;
    uint8_t shift;
} rdna_row;

#define R(id, name, dw, lo, w, gens, kind) {{id, name, dw, lo, w, gens, kind, NULL, 0}, 0}
#define RE(id, name, dw, lo, w, gens, vals) {{id, name, dw, lo, w, gens, E, NV(vals)}, 0}
#define RS(id, name, dw, lo, w, gens, shift) {{id, name, dw, lo, w, gens, P, NULL, 0}, shift}

static const rdna_row trows[] = {
    R(TMU_GCN_T_BASE_ADDRESS, "BASE_ADDRESS", 0, 0, 32, GR, H),
    R(TMU_GCN_T_BASE_ADDRESS_HI, "BASE_ADDRESS_HI", 1, 0, 8, GR, H),
    R(TMU_GCN_T_MIN_LOD, "MIN_LOD", 1, 8, 12, G10, U48),
    R(TMU_GCN_T_FORMAT, "FORMAT", 1, 20, 9, G10, P),
    R(TMU_GCN_T_LLC_NOALLOC, "LLC_NOALLOC", 1, 13, 2, G11, P),
    R(TMU_GCN_T_BIG_PAGE, "BIG_PAGE", 1, 15, 1, G11, P),
    R(TMU_GCN_T_MAX_MIP, "MAX_MIP", 1, 16, 4, G11, P),
    R(TMU_GCN_T_FORMAT, "FORMAT", 1, 20, 8, G11, P),
    RS(TMU_GCN_T_WIDTH, "WIDTH_LO", 1, 30, 2, GR, 0),
    RS(TMU_GCN_T_WIDTH, "WIDTH_HI", 2, 0, 12, GR, 2),
    R(TMU_GCN_T_HEIGHT, "HEIGHT", 2, 14, 14, GR, M1),
    R(TMU_GCN_T_RESOURCE_LEVEL, "RESOURCE_LEVEL", 2, 31, 1, G10, P),
    RE(TMU_GCN_T_DST_SEL_X, "DST_SEL_X", 3, 0, 3, GR, gcn_dst_sel),
    RE(TMU_GCN_T_DST_SEL_Y, "DST_SEL_Y", 3, 3, 3, GR, gcn_dst_sel),
    RE(TMU_GCN_T_DST_SEL_Z, "DST_SEL_Z", 3, 6, 3, GR, gcn_dst_sel),
    RE(TMU_GCN_T_DST_SEL_W, "DST_SEL_W", 3, 9, 3, GR, gcn_dst_sel),
    R(TMU_GCN_T_BASE_LEVEL, "BASE_LEVEL", 3, 12, 4, GR, P),
    R(TMU_GCN_T_LAST_LEVEL, "LAST_LEVEL", 3, 16, 4, GR, P),
    R(TMU_GCN_T_SW_MODE, "SW_MODE", 3, 20, 5, GR, P),
    RE(TMU_GCN_T_BC_SWIZZLE, "BC_SWIZZLE", 3, 25, 3, GR, bc_swizzle),
    RE(TMU_GCN_T_TYPE, "TYPE", 3, 28, 4, GR, gcn_img_type),
    R(TMU_GCN_T_DEPTH, "DEPTH", 4, 0, 13, GR, P),
    R(TMU_GCN_T_PITCH_MSB, "PITCH_MSB", 4, 13, 1, G103 | G11, P),
    R(TMU_GCN_T_BASE_ARRAY, "BASE_ARRAY", 4, 16, 13, GR, P),
    R(TMU_GCN_T_ARRAY_PITCH, "ARRAY_PITCH", 5, 0, 4, GR, P),
    R(TMU_GCN_T_MAX_MIP, "MAX_MIP", 5, 4, 4, G10, P),
    R(TMU_GCN_T_MIN_LOD_WARN, "MIN_LOD_WARN", 5, 8, 12, G10, U48),
    R(TMU_GCN_T_DEPTH_SCALE, "DEPTH_SCALE", 5, 8, 4, G11, P),
    R(TMU_GCN_T_HEIGHT_SCALE, "HEIGHT_SCALE", 5, 12, 4, G11, P),
    R(TMU_GCN_T_WIDTH_SCALE, "WIDTH_SCALE", 5, 16, 4, G11, P),
    R(TMU_GCN_T_PERF_MOD, "PERF_MOD", 5, 20, 3, GR, P),
    R(TMU_GCN_T_CORNER_SAMPLES, "CORNER_SAMPLES", 5, 23, 1, GR, P),
    R(TMU_GCN_T_LINKED_RESOURCE, "LINKED_RESOURCE", 5, 24, 1, GR, P),
    R(TMU_GCN_T_LOD_HDW_CNT_EN, "LOD_HDW_CNT_EN", 5, 25, 1, GR, P),
    R(TMU_GCN_T_PRT_DEFAULT, "PRT_DEFAULT", 5, 26, 1, GR, P),
    RS(TMU_GCN_T_MIN_LOD, "MIN_LOD_LO", 5, 27, 5, G11, 0),
    R(TMU_GCN_T_BIG_PAGE, "BIG_PAGE", 5, 31, 1, G10, P),
    R(TMU_GCN_T_COUNTER_BANK_ID, "COUNTER_BANK_ID", 6, 0, 8, G10, P),
    RS(TMU_GCN_T_MIN_LOD, "MIN_LOD_HI", 6, 0, 7, G11, 5),
    R(TMU_GCN_T_ITERATE_256, "ITERATE_256", 6, 10, 1, GR, P),
    R(TMU_GCN_T_SAMPLE_PATTERN_OFFSET, "SAMPLE_PATTERN_OFFSET", 6, 11, 4, G11, P),
    R(TMU_GCN_T_MAX_UNCOMP_BLK_SIZE, "MAX_UNCOMPRESSED_BLOCK_SIZE", 6, 15, 2, GR, P),
    R(TMU_GCN_T_MAX_COMP_BLK_SIZE, "MAX_COMPRESSED_BLOCK_SIZE", 6, 17, 2, GR, P),
    R(TMU_GCN_T_META_PIPE_ALIGNED, "META_PIPE_ALIGNED", 6, 19, 1, GR, P),
    R(TMU_GCN_T_WRITE_COMPRESS_EN, "WRITE_COMPRESS_ENABLE", 6, 20, 1, GR, P),
    R(TMU_GCN_T_COMPRESSION_EN, "COMPRESSION_EN", 6, 21, 1, GR, P),
    R(TMU_GCN_T_ALPHA_IS_ON_MSB, "ALPHA_IS_ON_MSB", 6, 22, 1, GR, P),
    R(TMU_GCN_T_COLOR_TRANSFORM, "COLOR_TRANSFORM", 6, 23, 1, GR, P),
    R(TMU_GCN_T_META_DATA_ADDRESS, "META_DATA_ADDRESS", 6, 24, 8, GR, H),
    R(TMU_GCN_T_META_DATA_ADDRESS_HI, "META_DATA_ADDRESS_HI", 7, 0, 32, GR, H),
};

static const rdna_row srows[] = {
    RE(TMU_GCN_S_CLAMP_X, "CLAMP_X", 0, 0, 3, GR, gcn_clamp_mode),
    RE(TMU_GCN_S_CLAMP_Y, "CLAMP_Y", 0, 3, 3, GR, gcn_clamp_mode),
    RE(TMU_GCN_S_CLAMP_Z, "CLAMP_Z", 0, 6, 3, GR, gcn_clamp_mode),
    RE(TMU_GCN_S_MAX_ANISO_RATIO, "MAX_ANISO_RATIO", 0, 9, 3, GR, gcn_aniso),
    RE(TMU_GCN_S_DEPTH_COMPARE_FUNC, "DEPTH_COMPARE_FUNC", 0, 12, 3, GR, gcn_cmp_func),
    R(TMU_GCN_S_FORCE_UNNORMALIZED, "FORCE_UNNORMALIZED", 0, 15, 1, GR, P),
    R(TMU_GCN_S_ANISO_THRESHOLD, "ANISO_THRESHOLD", 0, 16, 3, GR, P),
    R(TMU_GCN_S_MC_COORD_TRUNC, "MC_COORD_TRUNC", 0, 19, 1, GR, P),
    R(TMU_GCN_S_FORCE_DEGAMMA, "FORCE_DEGAMMA", 0, 20, 1, GR, P),
    R(TMU_GCN_S_ANISO_BIAS, "ANISO_BIAS", 0, 21, 6, GR, P),
    R(TMU_GCN_S_TRUNC_COORD, "TRUNC_COORD", 0, 27, 1, GR, P),
    R(TMU_GCN_S_DISABLE_CUBE_WRAP, "DISABLE_CUBE_WRAP", 0, 28, 1, GR, P),
    RE(TMU_GCN_S_FILTER_MODE, "FILTER_MODE", 0, 29, 2, GR, gcn_filter_mode),
    R(TMU_GCN_S_SKIP_DEGAMMA, "SKIP_DEGAMMA", 0, 31, 1, GR, P),
    R(TMU_GCN_S_MIN_LOD, "MIN_LOD", 1, 0, 12, GR, U48),
    R(TMU_GCN_S_MAX_LOD, "MAX_LOD", 1, 12, 12, GR, U48),
    R(TMU_GCN_S_PERF_MIP, "PERF_MIP", 1, 24, 4, GR, P),
    R(TMU_GCN_S_PERF_Z, "PERF_Z", 1, 28, 4, GR, P),
    R(TMU_GCN_S_LOD_BIAS, "LOD_BIAS", 2, 0, 14, GR, S58),
    R(TMU_GCN_S_LOD_BIAS_SEC, "LOD_BIAS_SEC", 2, 14, 6, GR, P),
    RE(TMU_GCN_S_XY_MAG_FILTER, "XY_MAG_FILTER", 2, 20, 2, GR, gcn_xy_filter),
    RE(TMU_GCN_S_XY_MIN_FILTER, "XY_MIN_FILTER", 2, 22, 2, GR, gcn_xy_filter),
    RE(TMU_GCN_S_Z_FILTER, "Z_FILTER", 2, 24, 2, GR, gcn_zmip_filter),
    RE(TMU_GCN_S_MIP_FILTER, "MIP_FILTER", 2, 26, 2, GR, gcn_zmip_filter),
    R(TMU_GCN_S_MIP_POINT_PRECLAMP, "MIP_POINT_PRECLAMP", 2, 28, 1, G10, P),
    R(TMU_GCN_S_ANISO_OVERRIDE, "ANISO_OVERRIDE", 2, 29, 1, GR, P),
    R(TMU_GCN_S_BLEND_ZERO_PRT, "BLEND_ZERO_PRT", 2, 30, 1, GR, P),
    R(TMU_GCN_S_DERIV_ADJUST_EN, "DERIV_ADJUST_EN", 2, 31, 1, GR, P),
    R(TMU_GCN_S_BORDER_COLOR_PTR, "BORDER_COLOR_PTR", 3, 0, 12, G10, P),
    R(TMU_GCN_S_BORDER_COLOR_PTR, "BORDER_COLOR_PTR", 3, 18, 12, G11, P),
    RE(TMU_GCN_S_BORDER_COLOR_TYPE, "BORDER_COLOR_TYPE", 3, 30, 2, GR, gcn_border_type),
};

#define NT (sizeof(trows) / sizeof(trows[0]))
#define NS (sizeof(srows) / sizeof(srows[0]))

static int on(const rdna_row *r, tmu_gcn_gen gen)
{
    return TMU_GCN_GEN_IS_RDNA(gen) && (r->info.gens >> gen) & 1;
}

static const tmu_gcn_desc_field_info *find(const rdna_row *rows, size_t n, tmu_gcn_gen gen,
                                           unsigned id)
{
    for (size_t i = 0; i < n; i++)
        if (rows[i].info.id == id && on(&rows[i], gen) && rows[i].shift == 0)
            return &rows[i].info;
    return NULL;
}

const tmu_gcn_desc_field_info *rdna_tdesc_field_get(tmu_gcn_gen gen, tmu_gcn_tdesc_field field)
{
    return find(trows, NT, gen, (unsigned)field);
}

const tmu_gcn_desc_field_info *rdna_sdesc_field_get(tmu_gcn_gen gen, tmu_gcn_sdesc_field field)
{
    return find(srows, NS, gen, (unsigned)field);
}

static uint32_t mask_of(unsigned width)
{
    return width >= 32 ? 0xffffffffu : ((1u << width) - 1);
}

static void decode_rows(const rdna_row *rows, size_t n, tmu_gcn_gen gen, const uint32_t *dw,
                        unsigned ndw, uint32_t *f, unsigned nf)
{
    memset(f, 0, nf * sizeof *f);
    for (size_t i = 0; i < n; i++) {
        const rdna_row *r = &rows[i];
        if (!on(r, gen) || r->info.dword >= ndw)
            continue;
        f[r->info.id] |= ((dw[r->info.dword] >> r->info.lo) & mask_of(r->info.width)) << r->shift;
    }
}

static tmu_status encode_rows(const rdna_row *rows, size_t n, tmu_gcn_gen gen, const uint32_t *f,
                              unsigned nf, uint32_t *dw, unsigned ndw, tmu_diag *diag)
{
    /* the bits each field has on gen (all its pieces) */
    uint32_t have[(int)TMU_GCN_T_COUNT > (int)TMU_GCN_S_COUNT ? (int)TMU_GCN_T_COUNT : (int)TMU_GCN_S_COUNT] = {0};
    for (size_t i = 0; i < n; i++)
        if (on(&rows[i], gen) && rows[i].info.dword < ndw)
            have[rows[i].info.id] |= mask_of(rows[i].info.width) << rows[i].shift;
    for (unsigned id = 0; id < nf; id++)
        if (f[id] & ~have[id]) {
            const tmu_gcn_desc_field_info *r = find(rows, n, gen, id);
            if (!r || r->dword >= ndw)
                return tmu_diag_set(diag, TMU_ERR_RANGE, 0, 0, -1,
                                    "descriptor field %u is set but does not exist on %s (%u dwords)",
                                    id, tmu_gcn_gen_name(gen), ndw);
            return tmu_diag_set(diag, TMU_ERR_RANGE, 0, 0, r->dword * 32 + r->lo,
                                "%s = %u does not fit its bits on %s", r->name, f[id],
                                tmu_gcn_gen_name(gen));
        }
    memset(dw, 0, ndw * sizeof *dw);
    for (size_t i = 0; i < n; i++) {
        const rdna_row *r = &rows[i];
        if (!on(r, gen) || r->info.dword >= ndw)
            continue;
        dw[r->info.dword] |= ((f[r->info.id] >> r->shift) & mask_of(r->info.width)) << r->info.lo;
    }
    tmu_diag_clear(diag);
    return TMU_OK;
}

void rdna_tdesc_decode(tmu_gcn_gen gen, const uint32_t *dw, unsigned ndw, tmu_gcn_tdesc *out)
{
    decode_rows(trows, NT, gen, dw, ndw, out->f, TMU_GCN_T_COUNT);
}

tmu_status rdna_tdesc_encode(const tmu_gcn_tdesc *desc, uint32_t *dw, tmu_diag *diag)
{
    return encode_rows(trows, NT, desc->gen, desc->f, TMU_GCN_T_COUNT, dw, desc->dwords, diag);
}

void rdna_sdesc_decode(tmu_gcn_gen gen, const uint32_t dw[4], tmu_gcn_sdesc *out)
{
    out->gen = gen;
    decode_rows(srows, NS, gen, dw, 4, out->f, TMU_GCN_S_COUNT);
}

tmu_status rdna_sdesc_encode(const tmu_gcn_sdesc *desc, uint32_t dw[4], tmu_diag *diag)
{
    return encode_rows(srows, NS, desc->gen, desc->f, TMU_GCN_S_COUNT, dw, 4, diag);
}

static const rdna_format *format_row(tmu_gcn_gen gen, unsigned code)
{
    for (size_t i = 0; code != 0 && i < sizeof fmts / sizeof fmts[0]; i++)
        if ((gen == TMU_GCN_GFX11 ? fmts[i].code11 : fmts[i].code10) == code)
            return &fmts[i];
    return NULL;
}

const char *tmu_gcn_rdna_format_name(tmu_gcn_gen gen, unsigned format)
{
    if (!TMU_GCN_GEN_IS_RDNA(gen))
        return NULL;
    if (format == 0)
        return "INVALID";
    const rdna_format *r = format_row(gen, format);
    return r ? r->name : NULL;
}

void rdna_format_split(tmu_gcn_gen gen, unsigned format, unsigned *dfmt, unsigned *nfmt)
{
    const rdna_format *r = format_row(gen, format);
    *dfmt = r ? r->dfmt : 0xffu;
    *nfmt = r ? r->nfmt : 0xffu;
}

tmu_format tmu_gcn_rdna_format(tmu_gcn_gen gen, unsigned format)
{
    if (!TMU_GCN_GEN_IS_RDNA(gen))
        return TMU_FORMAT_INVALID;
    const rdna_format *r = format_row(gen, format);
    if (!r || r->dfmt == 0xff || r->nfmt == 0xff)
        return TMU_FORMAT_INVALID;
    return tmu_format_from_gcn(r->dfmt, r->nfmt);
}

unsigned tmu_gcn_rdna_format_for(tmu_gcn_gen gen, tmu_format format)
{
    const tmu_format_info *fi = tmu_format_get(format);
    if (!TMU_GCN_GEN_IS_RDNA(gen) || !fi || fi->gcn_data_format == TMU_FORMAT_NO_CODE)
        return 0;
    for (unsigned code = 1; code < 256; code++) {
        const rdna_format *r = format_row(gen, code);
        if (r && r->dfmt == fi->gcn_data_format && r->nfmt == fi->gcn_num_format &&
            tmu_gcn_rdna_format(gen, code) == format)
            return code;
    }
    return 0;
}

tmu_status rdna_tdesc_format(const tmu_gcn_tdesc *desc, tmu_format *out, tmu_diag *diag)
{
    unsigned code = desc->f[TMU_GCN_T_FORMAT];
    tmu_format f = tmu_gcn_rdna_format(desc->gen, code);
    if (f != TMU_FORMAT_INVALID) {
        *out = f;
        return TMU_OK;
    }
    const char *name = tmu_gcn_rdna_format_name(desc->gen, code);
    if (!name)
        return tmu_diag_set(diag, TMU_ERR_UNSUPPORTED, 0, 0, 32 + 20,
                            "FORMAT %u is not an image format of %s (reserved or not in tmu's "
                            "table, docs/rdna-mimg.md section 11)", code,
                            tmu_gcn_gen_name(desc->gen));
    return tmu_diag_set(diag, TMU_ERR_UNSUPPORTED, 0, 0, 32 + 20,
                        "FORMAT %u (%s) on %s has no tmu texel format", code, name,
                        tmu_gcn_gen_name(desc->gen));
}

static int print_rows(const rdna_row *rows, size_t n, tmu_gcn_gen gen, const uint32_t *f,
                      unsigned ndw, int is_t, char *buf, size_t size)
{
    size_t len = 0;
    if (!buf || size == 0)
        return -1;
    buf[0] = 0;
    for (size_t i = 0; i < n; i++) {
        const rdna_row *row = &rows[i];
        const tmu_gcn_desc_field_info *r = &row->info;
        if (!on(row, gen) || r->dword >= ndw)
            continue;
        uint32_t v = (f[r->id] >> row->shift) & mask_of(r->width);
        char meaning[80];
        /* plain fields: the FORMAT name, and the pieces of split fields with the whole value */
        if (!gcn_desc_meaning(r, v, meaning, sizeof meaning)) {
            if (is_t && r->id == TMU_GCN_T_FORMAT) {
                const char *nm = tmu_gcn_rdna_format_name(gen, v);
                snprintf(meaning, sizeof meaning, "%u (%s)", v, nm ? nm : "reserved");
            } else if (is_t && r->id == TMU_GCN_T_WIDTH && row->shift == 2) {
                snprintf(meaning, sizeof meaning, "%u (WIDTH %u, stored %u)", v, f[r->id] + 1,
                         f[r->id]);
            } else if (is_t && r->id == TMU_GCN_T_MIN_LOD && row->shift == 5) {
                snprintf(meaning, sizeof meaning, "%u (MIN_LOD %u = %.4f)", v, f[r->id],
                         f[r->id] / 256.0);
            }
        }
        if (gcn_desc_print_line(buf, size, &len, r, meaning))
            return -1;
    }
    return (int)len;
}

int rdna_tdesc_print(const tmu_gcn_tdesc *desc, char *buf, size_t size)
{
    return print_rows(trows, NT, desc->gen, desc->f, desc->dwords, 1, buf, size);
}

int rdna_sdesc_print(const tmu_gcn_sdesc *desc, char *buf, size_t size)
{
    return print_rows(srows, NS, desc->gen, desc->f, 4, 0, buf, size);
}

/* ---- surfaces: every RDNA image, linear ones too, through the layout module --------------- */

#define SFAIL(st, bit, ...) return tmu_diag_set(diag, st, 0, 0, bit, __VA_ARGS__)

tmu_status rdna_tdesc_surface(const tmu_gcn_tdesc *desc, const tmu_texture *shape,
                              const tmu_amd_chip *chip, tmu_surface *surf, uint64_t *base,
                              tmu_diag *diag)
{
    const uint32_t *f = desc->f;
    const tmu_gcn_gen gen = desc->gen;
    const uint32_t sw = f[TMU_GCN_T_SW_MODE];
    if (!chip)
        chip = tmu_gcn_default_chip(gen);
    if (!chip)
        SFAIL(TMU_ERR_INVALID_ARGUMENT, -1, "no chip preset for %s", tmu_gcn_gen_name(gen));
    const tmu_amd_gen agen = gen == TMU_GCN_GFX10    ? TMU_AMD_GFX10
                             : gen == TMU_GCN_GFX103 ? TMU_AMD_GFX10_3
                                                     : TMU_AMD_GFX11;
    const char *swname = tmu_amd_swizzle_mode_name_gen(agen, sw);
    if (chip->gen != agen)
        SFAIL(TMU_ERR_INVALID_ARGUMENT, -1, "chip %s is %s, but the T# is %s (give a %s chip)",
              chip->name, tmu_amd_gen_name(chip->gen), tmu_gcn_gen_name(gen), tmu_amd_gen_name(agen));
    if (f[TMU_GCN_T_COMPRESSION_EN])
        SFAIL(TMU_ERR_UNSUPPORTED, 6 * 32 + 21, "COMPRESSION_EN = 1: %s is not modelled",
              sw % 4 == 0 && sw ? "HTILE (TC-compatible depth compression)" : "DCC");
    if (f[TMU_GCN_T_ARRAY_PITCH])
        SFAIL(TMU_ERR_UNSUPPORTED, 5 * 32, "ARRAY_PITCH = %u (quilted 3D views) is not modelled",
              f[TMU_GCN_T_ARRAY_PITCH]);
    const int ms = shape->dim == TMU_DIM_2D_MS || shape->dim == TMU_DIM_2D_MS_ARRAY;
    const int vol = shape->dim == TMU_DIM_3D;
    const int arrayed = shape->dim == TMU_DIM_1D_ARRAY || shape->dim == TMU_DIM_2D_ARRAY ||
                        shape->dim == TMU_DIM_CUBE || shape->dim == TMU_DIM_CUBE_ARRAY ||
                        shape->dim == TMU_DIM_2D_MS_ARRAY;
    /* gfx10.3+: DEPTH (and PITCH_MSB) of a 1D / 2D / 2D MSAA image is a custom row pitch - 1 */
    if (gen != TMU_GCN_GFX10 && !vol && !arrayed && (f[TMU_GCN_T_DEPTH] || f[TMU_GCN_T_PITCH_MSB]))
        SFAIL(TMU_ERR_UNSUPPORTED, 4 * 32,
              "DEPTH %u / PITCH_MSB %u of a %s image on %s is a custom row pitch, which is not "
              "modelled (0: addrlib's pitch)", f[TMU_GCN_T_DEPTH], f[TMU_GCN_T_PITCH_MSB],
              gcn_img_type[f[TMU_GCN_T_TYPE] & 15] ? gcn_img_type[f[TMU_GCN_T_TYPE] & 15] : "?",
              tmu_gcn_gen_name(gen));
    tmu_surface_desc sd;
    tmu_status st = gcn_shape_surface_desc(shape, "FORMAT", f[TMU_GCN_T_FORMAT], &sd, diag);
    if (st != TMU_OK)
        return st;
    unsigned blk = gcn_sw_block_log2(agen, sw);
    if (sw != 0 && !blk)
        SFAIL(TMU_ERR_UNSUPPORTED, 3 * 32 + 20, "SW_MODE %u (%s) is not a swizzle mode tmu lays out "
              "on %s", sw, swname, tmu_gcn_gen_name(gen));
    uint32_t chain = ms ? 1u : f[TMU_GCN_T_MAX_MIP] + 1;
    if (chain < shape->levels)
        SFAIL(TMU_ERR_INVALID, gen == TMU_GCN_GFX11 ? 32 + 16 : 5 * 32 + 4,
              "LAST_LEVEL %u is beyond MAX_MIP %u", shape->levels - 1, chain - 1);
    sd.levels = chain;
    sd.rsrc = vol ? TMU_SURF_3D : TMU_SURF_2D;
    sd.swizzle_mode = sw;
    sd.flags = !ms ? TMU_SURF_TEXTURE : (sw % 4 == 0 && sw) ? TMU_SURF_DEPTH : TMU_SURF_COLOR;
    sd.fragments = sd.samples;
    uint64_t addr = ((uint64_t)f[TMU_GCN_T_BASE_ADDRESS] << 8) |
                    ((uint64_t)f[TMU_GCN_T_BASE_ADDRESS_HI] << 40);
    st = gcn_take_pipe_bank_xor(desc, chip, swname, blk, &addr, &sd.pipe_bank_xor, diag);
    if (st != TMU_OK)
        return st;
    tmu_diag why;
    st = tmu_surface_init_amd(surf, chip, &sd, &why);
    if (st != TMU_OK) {
        const char *reason = why.message, *colon = strstr(reason, ": ");
        if (colon)
            reason = colon + 2;
        SFAIL(st, 3 * 32 + 20, "SW_MODE %u (%s) on %s, %u-bit texels %ux%ux%u, MAX_MIP + 1 = %u "
              "levels, %u samples: no addrlib layout: %.70s", sw, swname,
              chip->name, sd.bpp, sd.width, sd.height, sd.slices, sd.levels, sd.samples, reason);
    }
    if (addr >= (1ull << 48) || surf->size > (1ull << 48) - addr)
        SFAIL(TMU_ERR_RANGE, 0, "the image at 0x%llx (%llu bytes) runs past the 48-bit address space",
              (unsigned long long)addr, (unsigned long long)surf->size);
    *base = addr;
    tmu_diag_clear(diag);
    return TMU_OK;
}
