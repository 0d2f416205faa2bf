/* Where the levels of a linear GCN image lie in memory, and the T# a driver writes for one.
 *
 * Facts from AMD's addrlib (GPUOpen-Drivers/pal, src/core/imported/addrlib), which computes what
 * the hardware's address unit computes from a T# (no per-level offsets exist in a T#):
 *  gfx6-8 (Addr::V1 EgBasedLib, SiLib; used with tile index 8 = ARRAY_LINEAR_ALIGNED):
 *   - pitch alignment max(8, 64 / bytes) texels (SiLib::HwlGetPitchAlignmentLinear, not
 *     interleaved); a slice is widened by that step until it holds a multiple of
 *     max(64, 256 / bytes) texels (SiLib::HwlGetSizeAdjustmentLinear, pipe interleave 256 bytes);
 *   - levels after 0 are max(1, basePitch >> n) texels wide (SiLib::HwlComputeMipLevel), their
 *     width, height and slice count rounded up to powers of two (Lib::PostComputeMipLevel; cube
 *     faces through PadDimensions, noCubeMipSlicesPad unset); with POW2_PAD level 0's height and
 *     slice count too;
 *   - each level holds all its slices and starts at a multiple of the 256-byte base alignment
 *     (EgBasedLib::ComputeSurfaceAlignmentsLinear; Mesa ac_surface gfx6_compute_level
 *     accumulates the levels this way).
 *  gfx9 (Addr::V2 Gfx9Lib::HwlComputeSurfaceInfoLinear, ComputeSurfaceLinearPadding):
 *   - one pitch, the level-0 width aligned to 256 / bytes texels; every slice holds the whole mip
 *     chain, level n starting pitch * (rows of levels 0..n-1) bytes in; rows per level: height,
 *     then RoundHalf (ceil(h / 2)) per level; 1D: one row per level;
 *   - T# PITCH + 1 is the pitch of a one-level image and the rows per slice of a mipmapped one
 *     (epitchIsHeight; Mesa ac_surface, PAL's SRD setup). */
#include "gcn/tables.h"

#include <string.h>

#include "tmu/format.h"
#include "tmu/texture.h"
#include "tmu/layout.h"

_Static_assert(TMU_GCN_MAX_LEVELS == TMU_MAX_LEVELS, "placement arrays cover every level");

#define PFAIL(st, bit, ...) return tmu_diag_set(diag, st, 0, 0, bit, __VA_ARGS__)

static uint64_t align_up(uint64_t v, uint64_t a)
{
    return (v + a - 1) / a * a;
}

static uint32_t next_pow2(uint32_t v)
{
    uint32_t p = 1;
    while (p < v)
        p <<= 1;
    return p;
}

static uint32_t minify(uint32_t v, uint32_t n)
{
    return tmu_level_size(v, n);
}

/* Slices of level n of a shape: 3D depth, else the image's layers. */
static uint32_t level_slices(const tmu_texture *t, uint32_t n)
{
    return t->dim == TMU_DIM_3D ? minify(t->depth, n) : t->layers;
}

/* Bytes from the base to one past the last texel of every level. */
static uint64_t extent_of(const tmu_texture *t, const tmu_gcn_placement *p, uint32_t bytes)
{
    uint64_t end = 0;
    for (uint32_t n = 0; n < t->levels; n++) {
        uint64_t e = p->offset[n] + (uint64_t)(level_slices(t, n) - 1) * p->slice_pitch[n] +
                     (uint64_t)(minify(t->height, n) - 1) * p->row_pitch[n] +
                     (uint64_t)minify(t->width, n) * bytes;
        if (e > end)
            end = e;
    }
    return end;
}

static tmu_status place_gfx6(const tmu_gcn_tdesc *d, const tmu_texture *t, uint32_t bytes,
                             tmu_gcn_placement *p, tmu_diag *diag)
{
    const uint32_t *f = d->f;
    if (f[TMU_GCN_T_TILING_INDEX] != 8)
        PFAIL(TMU_ERR_UNSUPPORTED, 3 * 32 + 20,
              "TILING_INDEX = %u: only 8 (ARRAY_LINEAR_ALIGNED) is modelled; tiled modes are not",
              f[TMU_GCN_T_TILING_INDEX]);
    if (f[TMU_GCN_T_INTERLACED])
        PFAIL(TMU_ERR_UNSUPPORTED, 2 * 32 + 31, "INTERLACED = 1 is not modelled");
    int pow2 = f[TMU_GCN_T_POW2_PAD] != 0;
    uint32_t pitch_align = 64 / bytes > 8 ? 64 / bytes : 8;
    uint32_t slice_align = 256 / bytes > 64 ? 256 / bytes : 64;
    /* With R128 the T# has no PITCH: the level-0 width aligned as addrlib pads it. */
    uint32_t base_pitch = d->dwords == 8 ? f[TMU_GCN_T_PITCH] + 1
                                         : (uint32_t)align_up(t->width, pitch_align);
    if (base_pitch < t->width)
        PFAIL(TMU_ERR_INVALID, 4 * 32 + 13, "PITCH + 1 = %u is less than the width %u", base_pitch,
              t->width);
    uint32_t depth_or_layers = t->dim == TMU_DIM_3D ? t->depth : t->layers;
    uint64_t off = 0;
    for (uint32_t n = 0; n < t->levels; n++) {
        uint32_t pitch, h, s;
        if (n == 0) {
            pitch = base_pitch;
            h = pow2 ? next_pow2(t->height) : t->height;
            s = pow2 ? next_pow2(depth_or_layers) : depth_or_layers;
        } else {
            uint32_t w = next_pow2(minify(base_pitch, n));
            h = next_pow2(minify(t->height, n));
            s = next_pow2(t->dim == TMU_DIM_3D ? minify(t->depth, n) : t->layers);
            pitch = (uint32_t)align_up(w, pitch_align);
            while (((uint64_t)pitch * h) % slice_align)
                pitch += pitch_align;
        }
        off = align_up(off, 256);
        p->offset[n] = off;
        p->row_pitch[n] = (uint64_t)pitch * bytes;
        p->slice_pitch[n] = (uint64_t)pitch * h * bytes;
        off += p->slice_pitch[n] * s;
    }
    return TMU_OK;
}

/* Rows of the gfx9 linear mip chain of `levels` levels starting at height h. */
static uint64_t gfx9_chain_rows(const tmu_texture *t, uint32_t levels, uint64_t rows_before[16])
{
    int one_d = t->dim == TMU_DIM_1D || t->dim == TMU_DIM_1D_ARRAY;
    uint64_t rows = 0;
    uint32_t h = t->height;
    for (uint32_t n = 0; n < levels; n++) {
        if (n < 16)
            rows_before[n] = rows;
        rows += one_d ? 1 : h;
        h = (h >> 1) + (h & 1); /* addrlib RoundHalf */
        if (h < 1)
            h = 1;
    }
    return rows;
}

static tmu_status place_gfx9(const tmu_gcn_tdesc *d, const tmu_texture *t, uint32_t bytes,
                             tmu_gcn_placement *p, tmu_diag *diag)
{
    const uint32_t *f = d->f;
    if (f[TMU_GCN_T_SW_MODE] != 0)
        PFAIL(TMU_ERR_UNSUPPORTED, 3 * 32 + 20,
              "SW_MODE = %u: only 0 (SW_LINEAR) is modelled; swizzled modes are not",
              f[TMU_GCN_T_SW_MODE]);
    if (f[TMU_GCN_T_ARRAY_PITCH])
        PFAIL(TMU_ERR_UNSUPPORTED, 5 * 32 + 13, "ARRAY_PITCH = %u (quilted 3D views) is not modelled",
              f[TMU_GCN_T_ARRAY_PITCH]);
    uint32_t chain = f[TMU_GCN_T_MAX_MIP] + 1;
    if (chain < t->levels)
        PFAIL(TMU_ERR_INVALID, 5 * 32 + 28, "LAST_LEVEL %u is beyond MAX_MIP %u", t->levels - 1,
              chain - 1);
    uint64_t before[16];
    uint64_t rows = gfx9_chain_rows(t, chain, before);
    uint64_t pitch, slice_rows;
    if (chain > 1) {
        pitch = align_up(t->width, 256 / bytes);
        slice_rows = d->dwords == 8 ? (uint64_t)f[TMU_GCN_T_PITCH] + 1 : rows;
        if (slice_rows < rows)
            PFAIL(TMU_ERR_INVALID, 4 * 32 + 13,
                  "PITCH + 1 = %llu rows per slice is less than the %llu rows of the %u-level chain",
                  (unsigned long long)slice_rows, (unsigned long long)rows, chain);
    } else {
        pitch = d->dwords == 8 ? (uint64_t)f[TMU_GCN_T_PITCH] + 1 : align_up(t->width, 256 / bytes);
        if (pitch < t->width)
            PFAIL(TMU_ERR_INVALID, 4 * 32 + 13, "PITCH + 1 = %llu is less than the width %u",
                  (unsigned long long)pitch, t->width);
        slice_rows = rows;
    }
    for (uint32_t n = 0; n < t->levels; n++) {
        p->offset[n] = before[n] * pitch * bytes;
        p->row_pitch[n] = pitch * bytes;
        p->slice_pitch[n] = slice_rows * pitch * bytes;
    }
    return TMU_OK;
}

tmu_status tmu_gcn_tdesc_placement(const tmu_gcn_tdesc *desc, const tmu_texture *shape,
                                   tmu_gcn_placement *out, tmu_diag *diag)
{
    if (desc && TMU_GCN_GEN_IS_RDNA(desc->gen))
        PFAIL(TMU_ERR_INVALID_ARGUMENT, -1, "%s images, linear ones too, are laid out by "
              "tmu_gcn_tdesc_surface", tmu_gcn_gen_name(desc->gen));
    if (!desc || !shape || !out || (unsigned)desc->gen >= TMU_GCN_GEN_COUNT ||
        shape->levels == 0 || shape->levels > TMU_MAX_LEVELS)
        PFAIL(TMU_ERR_INVALID_ARGUMENT, -1, "bad argument to tmu_gcn_tdesc_placement");
    memset(out, 0, sizeof *out);
    const uint32_t *f = desc->f;
    if (f[TMU_GCN_T_COMPRESSION_EN])
        PFAIL(TMU_ERR_UNSUPPORTED, 6 * 32 + 21, "COMPRESSION_EN = 1 (DCC) is not modelled");
    if (shape->dim == TMU_DIM_2D_MS || shape->dim == TMU_DIM_2D_MS_ARRAY)
        PFAIL(TMU_ERR_UNSUPPORTED, 3 * 32 + 28,
              "TYPE %u: multisampled images are never linear (addrlib); a tiled %s is needed",
              f[TMU_GCN_T_TYPE], desc->gen == TMU_GCN_GFX9 ? "SW_MODE" : "TILING_INDEX");
    const tmu_format_info *fi = tmu_format_get(shape->format);
    if (!fi)
        PFAIL(TMU_ERR_INVALID_ARGUMENT, -1, "tmu_gcn_tdesc_placement: shape without a format");
    uint32_t bytes = fi->bytes;
    if (256 % bytes)
        PFAIL(TMU_ERR_UNSUPPORTED, 32 + 20,
              "%u-byte texels (%s): addrlib's 3x expansion of 96-bit images is not modelled", bytes,
              fi->name);
    tmu_status st = desc->gen == TMU_GCN_GFX9 ? place_gfx9(desc, shape, bytes, out, diag)
                                              : place_gfx6(desc, shape, bytes, out, diag);
    if (st != TMU_OK)
        return st;
    for (uint32_t n = 0; n < shape->levels; n++)
        if (out->slice_pitch[n] > (1ull << 40) || out->offset[n] > (1ull << 48))
            PFAIL(TMU_ERR_RANGE, -1, "level %u lies beyond the 48-bit address space", n);
    out->extent = extent_of(shape, out, bytes);
    tmu_diag_clear(diag);
    return TMU_OK;
}

/* ---- building a T# -------------------------------------------------------------------------- */

static uint32_t sel_of(const tmu_format_info *fi, tmu_swizzle s)
{
    switch (s) {
    case TMU_SWIZZLE_ZERO: return TMU_GCN_SEL_0;
    case TMU_SWIZZLE_ONE: return TMU_GCN_SEL_1;
    default: return fi->gcn_dst_sel[s & 3];
    }
}

/* The image TYPE of a tmu shape. */
static uint32_t type_of(tmu_dim dim)
{
    static const uint8_t types[TMU_DIM_COUNT] = {
        [TMU_DIM_1D] = TMU_GCN_IMG_1D,         [TMU_DIM_2D] = TMU_GCN_IMG_2D,
        [TMU_DIM_3D] = TMU_GCN_IMG_3D,         [TMU_DIM_CUBE] = TMU_GCN_IMG_CUBE,
        [TMU_DIM_1D_ARRAY] = TMU_GCN_IMG_1D_ARRAY, [TMU_DIM_2D_ARRAY] = TMU_GCN_IMG_2D_ARRAY,
        [TMU_DIM_CUBE_ARRAY] = TMU_GCN_IMG_CUBE, [TMU_DIM_2D_MS] = TMU_GCN_IMG_2D_MSAA,
        [TMU_DIM_2D_MS_ARRAY] = TMU_GCN_IMG_2D_MSAA_ARRAY};
    return types[dim];
}

tmu_status tmu_gcn_tdesc_for_texture(tmu_gcn_gen gen, const tmu_texture *shape, uint64_t address,
                                     tmu_gcn_tdesc *out, uint64_t *size, tmu_diag *diag)
{
    if (!shape || !out || (unsigned)gen >= TMU_GCN_GEN_ALL || (unsigned)shape->dim >= TMU_DIM_COUNT)
        PFAIL(TMU_ERR_INVALID_ARGUMENT, -1, "bad argument to tmu_gcn_tdesc_for_texture");
    const bool rdna = TMU_GCN_GEN_IS_RDNA(gen);
    if (address & 0xff || address >= (1ull << 48))
        PFAIL(TMU_ERR_INVALID_ARGUMENT, -1, "address 0x%llx is not 256-byte aligned below 2^48",
              (unsigned long long)address);
    const tmu_format_info *fi = tmu_format_get(shape->format);
    if (!fi || fi->gcn_data_format == TMU_FORMAT_NO_CODE)
        PFAIL(TMU_ERR_UNSUPPORTED, -1, "format %s has no GCN DATA_FORMAT",
              tmu_format_name(shape->format));
    if (shape->dim == TMU_DIM_2D_MS || shape->dim == TMU_DIM_2D_MS_ARRAY)
        PFAIL(TMU_ERR_UNSUPPORTED, -1, "multisampled images are never linear");
    if (shape->levels == 0 || shape->levels > TMU_MAX_LEVELS || shape->layers == 0 ||
        shape->width == 0 || shape->height == 0 || shape->depth == 0)
        PFAIL(TMU_ERR_INVALID_ARGUMENT, -1, "tmu_gcn_tdesc_for_texture: empty shape");
    bool gfx9 = gen >= TMU_GCN_GFX9; /* RDNA: DEPTH = last layer, as gfx9 */
    memset(out, 0, sizeof *out);
    out->gen = gen;
    out->dwords = 8;
    uint32_t *f = out->f;
    f[TMU_GCN_T_BASE_ADDRESS] = (uint32_t)(address >> 8);
    f[TMU_GCN_T_BASE_ADDRESS_HI] = (uint32_t)(address >> 40) & 0xff;
    if (rdna) {
        f[TMU_GCN_T_FORMAT] = tmu_gcn_rdna_format_for(gen, shape->format);
        if (!f[TMU_GCN_T_FORMAT])
            PFAIL(TMU_ERR_UNSUPPORTED, -1, "format %s has no %s image FORMAT",
                  tmu_format_name(shape->format), tmu_gcn_gen_name(gen));
    } else {
        f[TMU_GCN_T_DATA_FORMAT] = fi->gcn_data_format;
        f[TMU_GCN_T_NUM_FORMAT] = fi->gcn_num_format;
    }
    f[TMU_GCN_T_WIDTH] = shape->width - 1;
    f[TMU_GCN_T_HEIGHT] = shape->height - 1;
    static const tmu_gcn_tdesc_field sels[4] = {TMU_GCN_T_DST_SEL_X, TMU_GCN_T_DST_SEL_Y,
                                                TMU_GCN_T_DST_SEL_Z, TMU_GCN_T_DST_SEL_W};
    for (int c = 0; c < 4; c++)
        f[sels[c]] = sel_of(fi, shape->swizzle[c]);
    f[TMU_GCN_T_TYPE] = type_of(shape->dim);
    uint32_t base = shape->base_level;
    uint32_t count = shape->level_count ? shape->level_count : shape->levels - base;
    f[TMU_GCN_T_BASE_LEVEL] = base;
    f[TMU_GCN_T_LAST_LEVEL] = base + count - 1;
    uint32_t first = shape->base_layer;
    uint32_t nl = shape->layer_count ? shape->layer_count : shape->layers - first;
    int arrayed = shape->dim == TMU_DIM_1D_ARRAY || shape->dim == TMU_DIM_2D_ARRAY ||
                  shape->dim == TMU_DIM_CUBE || shape->dim == TMU_DIM_CUBE_ARRAY;
    if (shape->dim == TMU_DIM_3D)
        f[TMU_GCN_T_DEPTH] = shape->depth - 1;
    else if (arrayed && gfx9)
        f[TMU_GCN_T_DEPTH] = first + nl - 1;
    else if (arrayed)
        f[TMU_GCN_T_DEPTH] = (shape->dim == TMU_DIM_CUBE || shape->dim == TMU_DIM_CUBE_ARRAY)
                                 ? shape->layers / 6 - 1
                                 : shape->layers - 1;
    if (arrayed) {
        f[TMU_GCN_T_BASE_ARRAY] = first;
        if (!gfx9)
            f[TMU_GCN_T_LAST_ARRAY] = first + nl - 1;
    }
    f[TMU_GCN_T_MIN_LOD] = (uint32_t)(shape->min_lod * 256.0f + 0.5f) & 0xfff;
    uint32_t bytes = fi->bytes;
    if (bytes == 0 || 256 % bytes)
        PFAIL(TMU_ERR_UNSUPPORTED, -1, "%u-byte texels are not modelled in linear images", bytes);
    if (rdna) {
        /* SW_LINEAR; the layout module places the levels (radv writes no pitch on gfx10, and a
         * custom one on gfx10.3+ only for custom-pitch images) */
        f[TMU_GCN_T_SW_MODE] = 0;
        f[TMU_GCN_T_MAX_MIP] = shape->levels - 1;
        if (size) {
            tmu_texture t;
            tmu_surface surf;
            uint64_t b;
            tmu_status st = tmu_gcn_tdesc_to_texture(out, &t, diag);
            if (st == TMU_OK)
                st = tmu_gcn_tdesc_surface(out, &t, NULL, &surf, &b, diag);
            if (st != TMU_OK)
                return st;
            *size = surf.size;
        }
        tmu_diag_clear(diag);
        return TMU_OK;
    }
    /* The pitch addrlib gives level 0 (radv/radeonsi write it, minus one, into PITCH). */
    if (gfx9) {
        f[TMU_GCN_T_SW_MODE] = 0;
        f[TMU_GCN_T_MAX_MIP] = shape->levels - 1;
        if (shape->levels > 1) {
            uint64_t before[16];
            f[TMU_GCN_T_PITCH] = (uint32_t)gfx9_chain_rows(shape, shape->levels, before) - 1;
        } else {
            f[TMU_GCN_T_PITCH] = (uint32_t)align_up(shape->width, 256 / bytes) - 1;
        }
    } else {
        f[TMU_GCN_T_TILING_INDEX] = 8;
        f[TMU_GCN_T_POW2_PAD] = shape->levels > 1;
        uint32_t pitch_align = 64 / bytes > 8 ? 64 / bytes : 8;
        uint32_t slice_align = 256 / bytes > 64 ? 256 / bytes : 64;
        /* radeonsi: one-level linear images are 256-byte aligned (gfx9 compatible); a mip chain
         * is padded to powers of two */
        uint32_t w = shape->levels > 1 ? next_pow2(shape->width)
                                       : (uint32_t)align_up(shape->width, 256 / bytes);
        uint32_t h = shape->levels > 1 ? next_pow2(shape->height) : shape->height;
        uint32_t pitch = (uint32_t)align_up(w, pitch_align);
        while (((uint64_t)pitch * h) % slice_align)
            pitch += pitch_align;
        f[TMU_GCN_T_PITCH] = pitch - 1;
    }
    for (unsigned i = 0; i < TMU_GCN_T_COUNT; i++) {
        const tmu_gcn_desc_field_info *r = tmu_gcn_tdesc_field_get(gen, (tmu_gcn_tdesc_field)i);
        if (r && r->width < 32 && (f[i] >> r->width))
            PFAIL(TMU_ERR_RANGE, -1, "%s = %u does not fit in %u bits", r->name, f[i], r->width);
    }
    if (size) {
        tmu_texture t;
        tmu_status st = tmu_gcn_tdesc_to_texture(out, &t, diag);
        tmu_gcn_placement p;
        if (st == TMU_OK)
            st = tmu_gcn_tdesc_placement(out, &t, &p, diag);
        if (st != TMU_OK)
            return st;
        *size = p.extent;
    }
    tmu_diag_clear(diag);
    return TMU_OK;
}
