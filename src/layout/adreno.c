/* Adreno a6xx / a7xx surface layouts, as Mesa's freedreno layout code computes them.
 *
 * Layout: the rules of Mesa src/freedreno/fdl/fd6_layout.c (fdl6_layout, fdl6_tile_alignment,
 * fdl6_get_ubwc_blockwidth) and the inline helpers of freedreno_layout.h (fdl_pitch,
 * fdl_tile_mode, fdl_level_linear, fdl_ubwc_pitch, fdl_layer_stride, fdl_set_pitchalign),
 * without an explicit (imported) layout.  Addresses: TILE6_LINEAR rows as turnip writes them,
 * TILE6_3 as Mesa's fd6_tiled_memcpy.cc places elements (its header comment, get_pixel_offset,
 * block_x_xormask / block_y_xormask, get_bank_mask).  The code is tmu's own; comments name
 * the Mesa function each rule comes from. */
#include <string.h>
#include <strings.h>

#include "layout/internal.h"

#define ADRENO_MAGIC 0x36414452u /* "RDA6" */
#define FDL_MAX_LEVELS 15        /* FDL_MAX_MIP_LEVELS */
#define MIN_UBWC_WIDTH 16        /* FDL_MIN_UBWC_WIDTH */
#define RGB_TILE_WIDTH_ALIGN 64  /* RGB_TILE_WIDTH_ALIGNMENT */
#define RGB_TILE_HEIGHT_ALIGN 16 /* RGB_TILE_HEIGHT_ALIGNMENT */
#define UBWC_PLANE_ALIGN 4096    /* UBWC_PLANE_SIZE_ALIGNMENT */

/* How a level's elements are ordered. */
enum { ORDER_LINEAR = 0, ORDER_TILE6_3 = 1, ORDER_UNKNOWN = 2 };

typedef struct adreno_level {
    uint64_t offset;          /* layer 0 of the level */
    uint64_t layer_stride;    /* fdl_layer_stride */
    uint64_t macrotile_pitch; /* TILE6_3: bytes between rows of 2K macrotiles */
    uint32_t pitch;           /* fdl_pitch, bytes */
    uint32_t order;           /* ORDER_* */
    uint32_t bank_mask;       /* TILE6_3: y tile bits moved into the bank bits (get_bank_mask) */
} adreno_level;

typedef struct adreno_impl {
    uint32_t magic;
    uint32_t cpp_shift;     /* log2 of cpp = block_bytes x samples */
    uint32_t block_bytes;   /* bytes of one sample of an element */
    uint32_t tile_w_shift;  /* TILE6_3 256-byte tile, log2 elements (get_block_size) */
    uint32_t tile_h_shift;
    uint32_t bank_shift;    /* highest_bank_bit - 3 (get_bank_shift) */
    uint32_t x_chan_mask;   /* tile-x bits xor'ed into tile offset bits 1, 2 (macrotile mode) */
    uint32_t y_chan_mask;   /* tile-y bit 2 xor'ed into tile offset bit 2 (8-channel mode) */
    tmu_adreno_layout_info info;
    adreno_level lv[FDL_MAX_LEVELS];
} adreno_impl;
TMU_LAYOUT_IMPL_FITS(adreno_impl);

static const char *const tile_names[4] = {"TILE6_LINEAR", NULL, "TILE6_2", "TILE6_3"};

const char *tmu_adreno_tile_mode_name(tmu_adreno_tile_mode mode)
{
    return (unsigned)mode < 4 && tile_names[mode] ? tile_names[mode] : "invalid";
}

int tmu_adreno_tile_mode_from_name(const char *name)
{
    if (!name)
        return -1;
    for (int m = 0; m < 4; m++) {
        const char *n = tile_names[m];
        if (n && (strcasecmp(name, n) == 0 || strcasecmp(name, n + 6) == 0))
            return m;
    }
    if (strcmp(name, "0") == 0)
        return TMU_TILE6_LINEAR;
    return -1;
}

static uint32_t align32(uint32_t v, uint32_t a) { return (v + a - 1) & ~(a - 1); }
static uint64_t align64(uint64_t v, uint64_t a) { return (v + a - 1) & ~(a - 1); }
static uint32_t minify(uint32_t v, uint32_t level) /* u_minify */
{
    uint32_t r = level < 32 ? v >> level : 0;
    return r ? r : 1;
}
static uint32_t next_pow2(uint32_t v) /* util_next_power_of_two */
{
    uint32_t p = 1;
    while (p < v)
        p <<= 1;
    return p;
}
static uint32_t log2u(uint32_t v)
{
    uint32_t l = 0;
    while ((1u << l) < v)
        l++;
    return l;
}

#define BAD(st, ...) tmu_diag_set(diag, (st), 0, 0, -1, __VA_ARGS__)
#define U32_MAX_AS_64 ((uint64_t)UINT32_MAX)

static tmu_status check_gpu(const tmu_adreno_gpu *g, tmu_diag *diag)
{
    if (g->gen != 6 && g->gen != 7)
        return BAD(TMU_ERR_UNSUPPORTED, "gpu %.16s: gen %u: a6xx (6) or a7xx (7) only", g->name,
                   g->gen);
    if (g->highest_bank_bit < 10 || g->highest_bank_bit > 24)
        return BAD(TMU_ERR_INVALID_ARGUMENT, "gpu %.16s: highest_bank_bit %u: must be 10..24",
                   g->name, g->highest_bank_bit);
    if (g->ubwc_swizzle > 7)
        return BAD(TMU_ERR_INVALID_ARGUMENT, "gpu %.16s: ubwc_swizzle 0x%x: three level bits only",
                   g->name, g->ubwc_swizzle);
    if ((unsigned)g->macrotile_mode > 1)
        return BAD(TMU_ERR_INVALID_ARGUMENT, "gpu %.16s: macrotile_mode %u: must be 0 or 1",
                   g->name, (unsigned)g->macrotile_mode);
    if (g->has_ubwc_linear_mipmap_fallback > 1)
        return BAD(TMU_ERR_INVALID_ARGUMENT,
                   "gpu %.16s: has_ubwc_linear_mipmap_fallback %u: must be 0 or 1", g->name,
                   g->has_ubwc_linear_mipmap_fallback);
    return TMU_OK;
}

static tmu_status check_desc(const tmu_adreno_surface_desc *d, tmu_diag *diag)
{
    uint32_t b = d->block_bytes;
    if (b != 1 && b != 2 && b != 4 && b != 8 && b != 16)
        return BAD(TMU_ERR_UNSUPPORTED, "block_bytes %u: must be 1, 2, 4, 8 or 16", b);
    if (d->block_w == 0 || d->block_w > 16 || d->block_h == 0 || d->block_h > 16)
        return BAD(TMU_ERR_INVALID_ARGUMENT, "block_w x block_h %ux%u: each must be 1..16",
                   d->block_w, d->block_h);
    if (d->width == 0 || d->width > 16384 || d->height == 0 || d->height > 16384)
        return BAD(TMU_ERR_INVALID_ARGUMENT, "width x height %ux%u: each must be 1..16384",
                   d->width, d->height);
    if (d->is_3d > 1)
        return BAD(TMU_ERR_INVALID_ARGUMENT, "is_3d %u: must be 0 or 1", d->is_3d);
    if (d->depth == 0 || d->depth > 2048)
        return BAD(TMU_ERR_INVALID_ARGUMENT, "depth %u: must be 1..2048", d->depth);
    if (d->depth > 1 && !d->is_3d)
        return BAD(TMU_ERR_INVALID_ARGUMENT, "depth %u: only a 3D surface (is_3d) has depth",
                   d->depth);
    if (d->layers == 0 || d->layers > 2048)
        return BAD(TMU_ERR_INVALID_ARGUMENT, "layers %u: must be 1..2048", d->layers);
    if (d->layers > 1 && d->is_3d)
        return BAD(TMU_ERR_INVALID_ARGUMENT, "layers %u: a 3D surface has one layer", d->layers);
    if (d->samples != 1 && d->samples != 2 && d->samples != 4 && d->samples != 8)
        return BAD(TMU_ERR_INVALID_ARGUMENT, "samples %u: must be 1, 2, 4 or 8", d->samples);
    if (d->samples > 1 && (d->is_3d || d->block_w > 1 || d->block_h > 1))
        return BAD(TMU_ERR_INVALID_ARGUMENT,
                   "samples %u: only 2D surfaces of 1x1 blocks are multisampled", d->samples);
    if (b * d->samples > 32)
        return BAD(TMU_ERR_UNSUPPORTED,
                   "block_bytes %u x samples %u: fdl6_layout has no UBWC block for more than "
                   "32 bytes a pixel",
                   b, d->samples);
    uint32_t big = d->width > d->height ? d->width : d->height;
    if (d->is_3d && d->depth > big)
        big = d->depth;
    uint32_t chain = 1;
    while ((big >> chain) != 0)
        chain++;
    if (d->levels == 0 || d->levels > FDL_MAX_LEVELS || d->levels > chain)
        return BAD(TMU_ERR_INVALID_ARGUMENT, "levels %u: must be 1..%u for this extent",
                   d->levels, chain < FDL_MAX_LEVELS ? chain : FDL_MAX_LEVELS);
    if (d->samples > 1 && d->levels > 1)
        return BAD(TMU_ERR_INVALID_ARGUMENT,
                   "levels %u with samples %u: multisampled surfaces have one level", d->levels,
                   d->samples);
    if (d->tile_mode != TMU_TILE6_LINEAR && d->tile_mode != TMU_TILE6_2 &&
        d->tile_mode != TMU_TILE6_3)
        return BAD(TMU_ERR_INVALID_ARGUMENT, "tile_mode %d: must be TILE6_LINEAR (0), TILE6_2 "
                   "(2) or TILE6_3 (3)", (int)d->tile_mode);
    if (d->ubwc > 1)
        return BAD(TMU_ERR_INVALID_ARGUMENT, "ubwc %u: must be 0 or 1", d->ubwc);
    if (d->is_mutable > 1)
        return BAD(TMU_ERR_INVALID_ARGUMENT, "is_mutable %u: must be 0 or 1", d->is_mutable);
    const uint32_t known = TMU_ADRENO_FMT_DEPTH_STENCIL | TMU_ADRENO_FMT_TWO_COMPONENTS |
                           TMU_ADRENO_FMT_Y8 | TMU_ADRENO_TILE_ALL;
    if (d->format_flags & ~known)
        return BAD(TMU_ERR_INVALID_ARGUMENT, "format_flags 0x%x: unknown bits 0x%x",
                   d->format_flags, d->format_flags & ~known);
    return TMU_OK;
}

/* fdl6_get_ubwc_blockwidth: the UBWC block of the format, in elements. */
static void ubwc_block(uint32_t cpp, uint32_t cpp_shift, uint32_t samples, int r8g8, int y8,
                       uint32_t *bw, uint32_t *bh)
{
    /* by log2(cpp) 0..5 (cpp 64 and 128 have none: fdl6_layout would divide by zero) */
    static const uint8_t table[6][2] = {{16, 4}, {16, 4}, {16, 4}, {8, 4}, {4, 4}, {4, 2}};
    if (r8g8) {
        *bw = 16, *bh = 8;
    } else if (y8) {
        *bw = 32, *bh = 8;
    } else if (cpp / samples <= 2 && samples > 1) { /* 1- and 2-byte MSAA */
        *bw = samples == 2 ? 8 : 4;
        *bh = samples == 8 ? 2 : 4;
    } else {
        *bw = table[cpp_shift][0], *bh = table[cpp_shift][1];
    }
}

/* get_bank_mask: which bits of the tile row index are xor'ed into the bank bits (level 2: tile
 * y bit 2 to hbb - 1, level 3: bit 3 to hbb, level 1: bit 4 to hbb + 1), each when the pitch in
 * 256-byte tiles is a multiple of 2^(hbb - 10), 2^(hbb - 9), 2^(hbb - 8) (doubled at cpp 1). */
static uint32_t bank_mask(uint32_t tile_stride, uint32_t cpp, const tmu_adreno_gpu *g)
{
    uint32_t extra = cpp == 1 ? 1 : 0, hbb = g->highest_bank_bit, m = 0;
    if ((g->ubwc_swizzle & 2) && (tile_stride & ((1u << (hbb - 10 + extra)) - 1)) == 0)
        m |= 1u << 2;
    if ((g->ubwc_swizzle & 4) && (tile_stride & ((1u << (hbb - 9 + extra)) - 1)) == 0)
        m |= 1u << 3;
    if ((g->ubwc_swizzle & 1) && (tile_stride & ((1u << (hbb - 8 + extra)) - 1)) == 0)
        m |= 1u << 4;
    return m;
}

tmu_status tmu_surface_init_adreno(tmu_surface *surf, const tmu_adreno_gpu *gpu,
                                   const tmu_adreno_surface_desc *desc, tmu_diag *diag)
{
    tmu_diag_clear(diag);
    if (!surf || !gpu || !desc)
        return BAD(TMU_ERR_INVALID_ARGUMENT, "surface, gpu and description must not be NULL");
    memset(surf, 0, sizeof *surf);
    tmu_status st = check_gpu(gpu, diag);
    if (st == TMU_OK)
        st = check_desc(desc, diag);
    if (st != TMU_OK)
        return st;
    const tmu_adreno_surface_desc *d = desc;
    adreno_impl *im = (adreno_impl *)surf->impl;
    tmu_adreno_layout_info *info = &im->info;

    /* fdl6_layout: cpp counts every sample of a pixel */
    const uint32_t samples = d->samples, cpp = d->block_bytes * samples, cs = log2u(cpp);
    const int ds = (d->format_flags & TMU_ADRENO_FMT_DEPTH_STENCIL) != 0;
    /* is_r8g8: two components in two bytes, and not mutable */
    const int r8g8 = cpp == 2 && (d->format_flags & TMU_ADRENO_FMT_TWO_COMPONENTS) && !d->is_mutable;
    uint32_t tile = (uint32_t)d->tile_mode, ubwc = d->ubwc;
    uint32_t tile_all = (d->format_flags & TMU_ADRENO_TILE_ALL) != 0;
    uint32_t ubw, ubh;
    ubwc_block(cpp, cs, samples, r8g8, (d->format_flags & TMU_ADRENO_FMT_Y8) != 0, &ubw, &ubh);

    /* fdl6_layout: UBWC only for 3D surfaces without mipmaps, and 16 texels wide; narrower
     * surfaces are linear unless depth / stencil (the hardware has no linear D/S) */
    if (d->depth > 1 && d->levels > 1)
        ubwc = 0;
    if (d->width < MIN_UBWC_WIDTH) {
        ubwc = 0;
        if (!ds)
            tile = TMU_TILE6_LINEAR;
    }
    if (ds)
        tile_all = 1;
    if (ubwc && !gpu->has_ubwc_linear_mipmap_fallback)
        tile_all = 1;
    const uint32_t layer_first = !d->is_3d;
    const uint32_t layers_in_level = layer_first ? 1 : d->layers;

    uint32_t pitchalign, heightalign, base_align;
    if (tile) { /* fdl6_tile_alignment */
        pitchalign = cs;
        heightalign = 16;
        if (r8g8 || cpp == 1) {
            pitchalign = 1;
            heightalign = 32;
        } else if (cpp == 2) {
            pitchalign = 2;
        }
        if (ubwc || ds || r8g8)
            base_align = 4096;
        else
            base_align = cpp == 1 ? 64 : cpp == 2 ? 128 : 256;
    } else { /* fdl6_layout, linear: at least 64 texels of alignment when not explicit */
        base_align = 64;
        pitchalign = cs;
        heightalign = 1;
    }
    /* fdl_set_pitchalign(layout, pitchalign + 6) */
    pitchalign += 6;
    const uint32_t nbx0 = (d->width + d->block_w - 1) / d->block_w;
    const uint32_t pitch0 = align32(nbx0 * cpp, 1u << pitchalign);

    /* UBWC metadata extent: power-of-two sized and 64-row aligned with mipmaps */
    uint32_t uw0 = d->width, uh0 = d->height, ubwc_th = RGB_TILE_HEIGHT_ALIGN;
    if (d->levels > 1) {
        uw0 = next_pow2(d->width);
        uh0 = next_pow2(d->height);
        ubwc_th = 64;
    }
    const uint32_t ubwc_width0 = align32((uw0 + ubw - 1) / ubw, RGB_TILE_WIDTH_ALIGN);
    const uint32_t ubwc_height0 = align32((uh0 + ubh - 1) / ubh, ubwc_th);

    /* per level, as fdl6_layout's loop; Mesa keeps offsets and per-slice sizes in 32 bits */
    uint64_t size = 0, ubwc_layer_size = 0;
    uint64_t size0[FDL_MAX_LEVELS];
    uint32_t min_3d_layer_size = 0;
    const uint32_t pmask = (1u << pitchalign) - 1;
    for (uint32_t l = 0; l < d->levels; l++) {
        tmu_surface_level *sl = &surf->level[l];
        adreno_level *il = &im->lv[l];
        const uint32_t depth = minify(d->depth, l);
        /* fdl_level_linear / fdl_tile_mode: levels narrower than 16 texels are linear */
        const int level_linear = !tile_all && minify(d->width, l) < MIN_UBWC_WIDTH;
        const uint32_t ltile = tile && level_linear ? TMU_TILE6_LINEAR : tile;
        const uint32_t pitch = (minify(pitch0, l) + pmask) & ~pmask; /* fdl_pitch */
        const uint32_t height = minify(d->height, l);
        uint32_t nby = (height + d->block_h - 1) / d->block_h;
        if (ltile)
            nby = align32(nby, heightalign);
        if (l == d->levels - 1) /* the 16x4 mem<->gmem blits may over-fetch the last level */
            nby = align32(nby, 4);
        if (size > U32_MAX_AS_64)
            return BAD(TMU_ERR_UNSUPPORTED,
                       "extent: level %u would start past 4 GiB (fdl slice offsets are 32-bit)", l);
        sl->offset = size;
        const uint64_t rows = (uint64_t)nby * pitch;
        if (rows > U32_MAX_AS_64 - 4095)
            return BAD(TMU_ERR_UNSUPPORTED,
                       "extent: a slice of level %u holds over 4 GiB (fdl sizes are 32-bit)", l);
        uint64_t s0;
        if (d->is_3d) {
            /* the layer size only shrinks to TEX_CONST_3_MIN_LAYERSZ, staying page aligned */
            if (l == 0) {
                s0 = align64(rows, 4096);
            } else if (min_3d_layer_size) {
                s0 = min_3d_layer_size;
            } else {
                s0 = minify((uint32_t)size0[0], l * 2);
                uint32_t prev = (minify(pitch0, l - 1) + pmask) & ~pmask;
                if (pitch != prev / 2)
                    min_3d_layer_size = (uint32_t)(s0 = rows);
                if (s0 < rows)
                    min_3d_layer_size = (uint32_t)(s0 = rows);
                if (align64(s0, 4096) != s0)
                    min_3d_layer_size = (uint32_t)(s0 = align64(s0, 4096));
            }
        } else {
            s0 = rows;
        }
        if (s0 * depth * layers_in_level > U32_MAX_AS_64)
            return BAD(TMU_ERR_UNSUPPORTED,
                       "extent: level %u holds over 4 GiB (fdl6_layout sizes it in 32 bits)", l);
        size0[l] = s0;
        size += s0 * depth * layers_in_level;
        sl->ubwc = ubwc && !level_linear; /* fdl_ubwc_enabled */
        sl->ubwc_pitch = ubwc ? align32(minify(ubwc_width0, l), RGB_TILE_WIDTH_ALIGN) : 0;
        if (ubwc && ltile != TMU_TILE6_LINEAR) {
            /* with UBWC every level is 4K aligned; metadata of the levels back to back */
            size = align64(size, 4096);
            uint32_t meta_h = align32(minify(ubwc_height0, l), ubwc_th);
            sl->ubwc_size = align64((uint64_t)sl->ubwc_pitch * meta_h, UBWC_PLANE_ALIGN);
            sl->ubwc_offset = ubwc_layer_size;
            ubwc_layer_size += sl->ubwc_size;
        }
        sl->adreno_tile_mode = ltile;
        sl->row_pitch = pitch;
        sl->pitch = pitch >> cs;
        sl->padded_height = nby;
        sl->padded_depth = depth;
        sl->slice_size = s0;
        sl->size = s0 * depth;
        sl->width = (minify(d->width, l) + d->block_w - 1) / d->block_w;
        sl->height = (height + d->block_h - 1) / d->block_h;
        sl->depth = d->is_3d ? depth : d->layers;
        sl->base_align = base_align;
        sl->tile_index = -1;
        sl->macro_index = -1;
        il->pitch = pitch;
        il->order = ltile == TMU_TILE6_LINEAR && !sl->ubwc ? ORDER_LINEAR
                    : ltile == TMU_TILE6_3 && !sl->ubwc && cpp <= 16 ? ORDER_TILE6_3
                                                                     : ORDER_UNKNOWN;
    }
    uint64_t layer_size = 0;
    if (layer_first) {
        layer_size = align64(size, 4096);
        size = layer_size * d->layers;
    }
    /* UBWC metadata goes first: the kernel expects it at the start of the buffer */
    uint64_t meta_all = 0;
    if (ubwc) {
        meta_all = ubwc_layer_size * d->layers * d->depth;
        size += meta_all;
    }
    for (uint32_t l = 0; l < d->levels; l++) {
        tmu_surface_level *sl = &surf->level[l];
        adreno_level *il = &im->lv[l];
        sl->offset += meta_all;
        if (sl->offset > U32_MAX_AS_64 || sl->ubwc_offset > U32_MAX_AS_64)
            return BAD(TMU_ERR_UNSUPPORTED,
                       "extent: level %u would start past 4 GiB (fdl slice offsets are 32-bit)", l);
        sl->layer_stride = layer_first ? layer_size : size0[l]; /* fdl_layer_stride */
        il->offset = sl->offset;
        il->layer_stride = sl->layer_stride;
        if (il->order == ORDER_TILE6_3) {
            /* fdl6_memcpy_*: the pitch in 256-byte tiles sets the bank swizzle; rows of
             * 2K macrotiles (2 x 4 tiles) lie (stride / 2) x 2048 bytes apart */
            uint32_t tile_row_bytes = cpp == 1 ? 32 : 64;
            uint32_t stride = sl->row_pitch / tile_row_bytes;
            il->bank_mask = bank_mask(stride, cpp, gpu);
            il->macrotile_pitch = (uint64_t)(stride / 2) * 2048;
        }
    }

    /* get_block_size: 256-byte tiles of 32x8, 32x4, 16x4, 8x4, 4x4 elements by cpp */
    static const uint8_t tile_shift[5][2] = {{5, 3}, {5, 2}, {4, 2}, {3, 2}, {2, 2}};
    im->magic = ADRENO_MAGIC;
    im->cpp_shift = cs;
    im->block_bytes = d->block_bytes;
    im->tile_w_shift = cs < 5 ? tile_shift[cs][0] : 0;
    im->tile_h_shift = cs < 5 ? tile_shift[cs][1] : 0;
    im->bank_shift = gpu->highest_bank_bit - 3;
    /* block_x_xormask / block_y_xormask: below 16 bytes a pixel, tile x bit 1 (4-channel) or
     * x bits 1, 2 and y bit 2 (8-channel) enter the tile's place in its macrotile */
    const int mode8 = gpu->macrotile_mode == TMU_ADRENO_MACROTILE_8_CHANNEL;
    im->x_chan_mask = cpp < 16 ? (mode8 ? 6u : 2u) : 0;
    im->y_chan_mask = cpp < 16 && mode8 ? 4u : 0;

    info->cpp = cpp;
    info->tile_mode = (tmu_adreno_tile_mode)tile;
    info->ubwc = ubwc;
    info->layer_first = layer_first;
    info->tile_all = tile_all;
    info->pitchalign = pitchalign;
    info->pitch0 = pitch0;
    info->ubwc_width0 = ubwc_width0;
    info->ubwc_block_w = ubw;
    info->ubwc_block_h = ubh;
    info->base_align = base_align;
    info->layer_size = layer_size;
    info->ubwc_layer_size = ubwc_layer_size;
    info->size = size;
    info->highest_bank_bit = gpu->highest_bank_bit;
    info->ubwc_swizzle = gpu->ubwc_swizzle;
    info->macrotile_mode = gpu->macrotile_mode;

    /* the generic description: extent in blocks, so the generic range checks hold */
    surf->kind = TMU_LAYOUT_ADRENO6;
    surf->desc.rsrc = d->is_3d ? TMU_SURF_3D : TMU_SURF_2D;
    surf->desc.bpp = d->block_bytes * 8;
    surf->desc.width = nbx0;
    surf->desc.height = (d->height + d->block_h - 1) / d->block_h;
    surf->desc.slices = d->is_3d ? d->depth : d->layers;
    surf->desc.levels = d->levels;
    surf->desc.samples = samples;
    surf->desc.flags = TMU_SURF_TEXTURE | (d->is_3d ? TMU_SURF_VOLUME : 0) |
                       (ds ? TMU_SURF_DEPTH : 0);
    surf->desc.tile_index = -1;
    surf->size = size;
    surf->slice_size = layer_size;
    surf->base_align = base_align;
    surf->pitch = surf->level[0].pitch;
    surf->height = surf->level[0].padded_height;
    surf->depth = surf->desc.slices;
    if (tile == TMU_TILE6_3 && cs < 5) {
        surf->block_w = 1u << im->tile_w_shift;
        surf->block_h = 1u << im->tile_h_shift;
    } else {
        surf->block_w = 1;
        surf->block_h = 1;
    }
    surf->block_d = 1;
    return TMU_OK;
}

tmu_status tmu_surface_adreno_info(const tmu_surface *surf, tmu_adreno_layout_info *info)
{
    if (!surf || !info || surf->kind != TMU_LAYOUT_ADRENO6)
        return TMU_ERR_INVALID_ARGUMENT;
    const adreno_impl *im = (const adreno_impl *)surf->impl;
    if (im->magic != ADRENO_MAGIC)
        return TMU_ERR_INVALID_ARGUMENT;
    *info = im->info;
    return TMU_OK;
}

int tmu_layout_adreno_addressable(const tmu_surface *surf, uint32_t level)
{
    const adreno_impl *im = (const adreno_impl *)surf->impl;
    return im->magic == ADRENO_MAGIC && level < FDL_MAX_LEVELS &&
           im->lv[level].order != ORDER_UNKNOWN;
}

uint64_t tmu_layout_adreno_address(const tmu_surface *surf, uint32_t level, uint32_t x,
                                   uint32_t y, uint32_t slice, uint32_t sample)
{
    const adreno_impl *im = (const adreno_impl *)surf->impl;
    const adreno_level *l = &im->lv[level < FDL_MAX_LEVELS ? level : 0];
    /* fdl_surface_offset(level, layer), then the sample inside the pixel */
    uint64_t base = l->offset + (uint64_t)slice * l->layer_stride +
                    (uint64_t)sample * im->block_bytes;
    if (l->order != ORDER_TILE6_3) /* rows of pixels (turnip's linear copies) */
        return base + (uint64_t)y * l->pitch + ((uint64_t)x << im->cpp_shift);
    const uint32_t tx = x >> im->tile_w_shift, px = x & ((1u << im->tile_w_shift) - 1);
    const uint32_t ty = y >> im->tile_h_shift, py = y & ((1u << im->tile_h_shift) - 1);
    /* get_pixel_offset: the 256-byte tile's element bits y2 x4 x3 x2 y1 x1 y0 x0 */
    const uint32_t pix = (px & 1) | (py & 1) << 1 | (px & 2) << 1 | (py & 2) << 2 |
                         (px & 0x1c) << 2 | (py & 4) << 5;
    /* block_x_xormask: tile x bit 0 sets offset bits 0-2 (of 256-byte units), x bits 1+ the
     * 2K macrotile column (bit 3 up), and the macrotile mode's channel bits */
    const uint32_t xm = (((tx & 1) * 7u) ^ (tx & im->x_chan_mask) ^ ((tx >> 1) << 3)) << 8;
    /* block_y_xormask: y bit 0 -> bits 1, 2; y bit 1 -> bits 0, 1; 8-channel y bit 2 -> bit 2;
     * and the bank swizzle of tile rows by the level's pitch (get_bank_mask) */
    const uint32_t ym = ((((ty & 1) * 6u) ^ (((ty >> 1) & 1) * 3u) ^ (ty & im->y_chan_mask)) << 8) |
                        ((ty & l->bank_mask) << im->bank_shift);
    return base + (uint64_t)(ty >> 2) * l->macrotile_pitch + (xm ^ ym) +
           ((uint64_t)pix << im->cpp_shift);
}
