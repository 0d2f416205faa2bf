/* Texture and sampler helpers: defaults, validation, packed layout, names. */
#include <string.h>

#include "tmu/texture.h"
#include "unit/internal.h"

tmu_sampler tmu_sampler_default(void)
{
    tmu_sampler s;
    memset(&s, 0, sizeof s);
    s.address[0] = s.address[1] = s.address[2] = TMU_ADDRESS_REPEAT;
    s.mag_filter = TMU_FILTER_LINEAR;
    s.min_filter = TMU_FILTER_LINEAR;
    s.mip_filter = TMU_MIP_NONE;
    s.normalized = 1;
    s.seamless_cube = 1;
    s.compare_op = TMU_COMPARE_NEVER;
    s.precision = TMU_PRECISION_EXACT;
    s.lod_bias = 0.0f;
    s.min_lod = 0.0f;
    s.max_lod = 1000.0f;
    return s;
}

/* Inline form of tmu_level_size for the loops below. */
static inline uint32_t level_size(uint32_t size, uint32_t level)
{
    uint32_t n = level >= 32 ? 0 : size >> level;
    return n ? n : 1;
}

uint32_t tmu_level_size(uint32_t size, uint32_t level)
{
    return level_size(size, level);
}

int tmu_unit_dim_is_array(tmu_dim dim)
{
    return dim == TMU_DIM_1D_ARRAY || dim == TMU_DIM_2D_ARRAY || dim == TMU_DIM_CUBE_ARRAY ||
           dim == TMU_DIM_2D_MS_ARRAY;
}

int tmu_unit_dim_is_cube(tmu_dim dim)
{
    return dim == TMU_DIM_CUBE || dim == TMU_DIM_CUBE_ARRAY;
}

int tmu_unit_dim_is_ms(tmu_dim dim)
{
    return dim == TMU_DIM_2D_MS || dim == TMU_DIM_2D_MS_ARRAY;
}

int tmu_unit_dim_axes(tmu_dim dim)
{
    switch (dim) {
    case TMU_DIM_1D:
    case TMU_DIM_1D_ARRAY:
        return 1;
    case TMU_DIM_3D:
        return 3;
    default:
        return 2;
    }
}

/* Number of slices of a level: depth for 3D, layers otherwise. */
static uint32_t level_slices(const tmu_texture *tex, uint32_t level)
{
    return tex->dim == TMU_DIM_3D ? level_size(tex->depth, level) : tex->layers;
}

static uint32_t mip_chain_length(uint32_t w, uint32_t h, uint32_t d)
{
    uint32_t m = w > h ? w : h;
    if (d > m)
        m = d;
    uint32_t n = 1;
    while (m > 1) {
        m >>= 1;
        n++;
    }
    return n;
}

/* Checks the shape fields of a texture against its dim. */
static tmu_status validate_shape(const tmu_texture *tex, tmu_diag *diag)
{
    if ((unsigned)tex->dim >= TMU_DIM_COUNT)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1, "texture: dim %u is not a tmu_dim",
                            (unsigned)tex->dim);
    const tmu_format_info *fi = tmu_format_get(tex->format);
    if (!fi || fi->bytes == 0)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1, "texture: format %u is not a known format",
                            (unsigned)tex->format);
    const char *dn = tmu_dim_name(tex->dim);
    if (tex->width == 0 || tex->height == 0 || tex->depth == 0 || tex->layers == 0 || tex->levels == 0 ||
        tex->samples == 0)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1,
                            "texture (%s): width, height, depth, layers, levels and samples must be >= 1", dn);
    if (tex->width > TMU_MAX_SIZE || tex->height > TMU_MAX_SIZE || tex->depth > TMU_MAX_SIZE ||
        tex->layers > TMU_MAX_SIZE * 6u)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1,
                            "texture (%s): size %ux%ux%u, %u layers exceeds the limit %u", dn, tex->width,
                            tex->height, tex->depth, tex->layers, TMU_MAX_SIZE);
    int axes = tmu_unit_dim_axes(tex->dim);
    if (axes < 2 && tex->height != 1)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1, "texture (%s): height must be 1, not %u", dn,
                            tex->height);
    if (axes < 3 && tex->depth != 1)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1, "texture (%s): depth must be 1, not %u", dn,
                            tex->depth);
    /* view fields: the rules on layers below apply to the layers the view sees */
    if (tex->base_level >= tex->levels || (tex->level_count && tex->level_count > tex->levels - tex->base_level))
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1,
                            "texture (%s): view levels base %u count %u exceed the %u levels", dn, tex->base_level,
                            tex->level_count, tex->levels);
    if (tex->base_layer >= tex->layers || (tex->layer_count && tex->layer_count > tex->layers - tex->base_layer))
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1,
                            "texture (%s): view layers base %u count %u exceed the %u layers", dn, tex->base_layer,
                            tex->layer_count, tex->layers);
    uint32_t vlayers = tex->layer_count ? tex->layer_count : tex->layers - tex->base_layer;
    uint32_t vlevels = tex->level_count ? tex->level_count : tex->levels - tex->base_level;
    if (tex->dim == TMU_DIM_3D && tex->layers != 1)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1, "texture (3d): layers must be 1, not %u",
                            tex->layers);
    if (!tmu_unit_dim_is_array(tex->dim) && !tmu_unit_dim_is_cube(tex->dim) && vlayers != 1)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1,
                            "texture (%s): layers (seen by the view) must be 1, not %u", dn, vlayers);
    if (tex->dim == TMU_DIM_CUBE && vlayers != 6)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1,
                            "texture (cube): layers (seen by the view) must be 6, not %u", vlayers);
    if (tex->dim == TMU_DIM_CUBE_ARRAY && vlayers % 6 != 0)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1,
                            "texture (cube_array): layers (seen by the view) must be a multiple of 6, not %u",
                            vlayers);
    if (!(tex->min_lod >= 0.0f) || !(tex->min_lod <= (float)(tex->base_level + vlevels - 1)))
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1,
                            "texture (%s): view min_lod %g must lie in [0, %u] (the view's last level)", dn,
                            (double)tex->min_lod, tex->base_level + vlevels - 1);
    if (tmu_unit_dim_is_cube(tex->dim) && tex->width != tex->height)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1,
                            "texture (%s): cube faces must be square, not %ux%u", dn, tex->width, tex->height);
    if (tmu_unit_dim_is_ms(tex->dim)) {
        if (tex->levels != 1)
            return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1,
                                "texture (%s): multisample textures have 1 level, not %u", dn, tex->levels);
        if (tex->samples > 64)
            return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1, "texture (%s): %u samples (max 64)", dn,
                                tex->samples);
    } else if (tex->samples != 1) {
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1, "texture (%s): samples must be 1, not %u", dn,
                            tex->samples);
    }
    uint32_t chain = mip_chain_length(tex->width, tmu_unit_dim_axes(tex->dim) >= 2 ? tex->height : 1,
                                      tex->dim == TMU_DIM_3D ? tex->depth : 1);
    if (tex->levels > chain || tex->levels > TMU_MAX_LEVELS)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1,
                            "texture (%s): %u levels, but a %ux%ux%u mip chain has %u", dn, tex->levels, tex->width,
                            tex->height, tex->depth, chain);
    for (int c = 0; c < 4; c++)
        if ((unsigned)tex->swizzle[c] > TMU_SWIZZLE_ONE)
            return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1, "texture: swizzle[%d] = %u is invalid", c,
                                (unsigned)tex->swizzle[c]);
    return TMU_OK;
}

/* A tiled level (texture.h): its extent inside its surface level, the element size the
 * format's, and the whole surface inside the level's memory. */
static tmu_status validate_tiled_level(const tmu_texture *tex, uint32_t l, size_t bytes, tmu_diag *diag)
{
    const tmu_level *lv = &tex->level[l];
    const tmu_surface *s = lv->surface;
    uint32_t w = level_size(tex->width, l), h = level_size(tex->height, l);
    uint32_t slices = level_slices(tex, l);
    if (s->kind != TMU_LAYOUT_AMD_GFX6 && s->kind != TMU_LAYOUT_AMD_GFX9 && s->kind != TMU_LAYOUT_ADRENO6)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1,
                            "texture: level %u surface is not a computed layout (tmu_surface_init_amd / "
                            "tmu_surface_init_adreno)", l);
    if (lv->surface_level >= s->desc.levels || lv->surface_level >= TMU_SURFACE_MAX_LEVELS)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1,
                            "texture: level %u surface_level %u but the surface has %u levels", l,
                            lv->surface_level, s->desc.levels);
    if (!tmu_surface_level_addressable(s, lv->surface_level))
        return tmu_diag_set(diag, TMU_ERR_UNSUPPORTED, 0, 0, -1,
                            "texture: level %u: surface level %u has no known element order (UBWC, TILE6_2 or "
                            "32-byte TILE6_3)", l, lv->surface_level);
    if (!tmu_surface_level_one_to_one(s, lv->surface_level))
        return tmu_diag_set(diag, TMU_ERR_UNSUPPORTED, 0, 0, -1,
                            "texture: level %u: surface level %u keeps addrlib's THICK element order on the "
                            "thinned %s: its addresses overlap and pass the level's end "
                            "(tmu_surface_level_one_to_one)", l, lv->surface_level,
                            tmu_amd_tile_mode_name(s->level[lv->surface_level].tile_mode));
    const tmu_surface_level *sl = &s->level[lv->surface_level];
    if ((uint64_t)bytes * 8 != s->desc.bpp)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1,
                            "texture: level %u format has %zu-bit texels but the surface %u-bit elements", l,
                            bytes * 8, s->desc.bpp);
    if (w > sl->width || h > sl->height || tex->samples > s->desc.samples ||
        (uint64_t)lv->surface_slice + slices > sl->depth)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1,
                            "texture: level %u (%ux%u, slices %u..%u, %u samples) lies outside surface level %u "
                            "(%ux%u, %u slices, %u samples)",
                            l, w, h, lv->surface_slice, lv->surface_slice + slices - 1, tex->samples,
                            lv->surface_level, sl->width, sl->height, sl->depth, s->desc.samples);
    if (s->size > lv->size)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1,
                            "texture: level %u's surface needs %llu bytes but its size is %zu", l,
                            (unsigned long long)s->size, lv->size);
    return TMU_OK;
}

/* Checks that every texel of one level lies inside its memory. */
static tmu_status validate_level(const tmu_texture *tex, uint32_t l, size_t bytes, tmu_diag *diag)
{
    if (l >= TMU_MAX_LEVELS) /* callers stop before; this keeps every index visibly in range */
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1, "texture: level %u of at most %u", l,
                            TMU_MAX_LEVELS);
    const tmu_level *lv = &tex->level[l];
    uint32_t w = level_size(tex->width, l), h = level_size(tex->height, l);
    uint32_t slices = level_slices(tex, l);
    if (!lv->data)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1, "texture: level %u has no data", l);
    if (lv->surface)
        return validate_tiled_level(tex, l, bytes, diag);
    if (lv->row_pitch < (size_t)w * bytes && h > 1)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1,
                            "texture: level %u row_pitch %zu is less than %u texels of %zu bytes", l, lv->row_pitch,
                            w, bytes);
    /* Last byte read: (slices-1)*slice + (h-1)*row + (samples-1)*sample + w*bytes, all in 64 bits. */
    uint64_t last = (uint64_t)(slices - 1) * lv->slice_pitch;
    uint64_t t = (uint64_t)(h - 1) * lv->row_pitch;
    if (lv->slice_pitch > (UINT64_MAX >> 17) || lv->row_pitch > (UINT64_MAX >> 17) ||
        lv->sample_pitch > (UINT64_MAX >> 17))
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1, "texture: level %u pitch is absurdly large", l);
    last += t + (uint64_t)(tex->samples - 1) * lv->sample_pitch + (uint64_t)w * bytes;
    if (last > lv->size)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1,
                            "texture: level %u needs %llu bytes but its size is %zu", l, (unsigned long long)last,
                            lv->size);
    return TMU_OK;
}

tmu_status tmu_texture_validate(const tmu_texture *tex, tmu_diag *diag)
{
    return tmu_unit_validate_texture(tex, TMU_MAX_LEVELS, diag);
}

tmu_status tmu_unit_validate_texture(const tmu_texture *tex, uint32_t max_levels, tmu_diag *diag)
{
    if (!tex)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1, "texture: NULL");
    tmu_status st = validate_shape(tex, diag);
    if (st != TMU_OK)
        return st;
    size_t bytes = tmu_format_get(tex->format)->bytes;
    for (uint32_t l = 0; l < tex->levels && l < max_levels; l++)
        if ((st = validate_level(tex, l, bytes, diag)) != TMU_OK)
            return st;
    const tmu_residency *r = tex->residency;
    if (r && (r->tile_w == 0 || r->tile_h == 0 || r->tile_d == 0))
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1, "texture: residency tile size must be >= 1");
    return TMU_OK;
}

tmu_status tmu_unit_make_view(const tmu_texture *tex, tmu_texture *view, tmu_residency *res, tmu_diag *diag)
{
    if (!tex)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1, "texture: NULL");
    tmu_status st = validate_shape(tex, diag);
    if (st != TMU_OK)
        return st;
    *view = *tex;
    uint32_t b = tex->base_level, bl = tex->base_layer;
    if (b == 0 && bl == 0 && tex->level_count == 0 && tex->layer_count == 0 && tex->min_lod == 0.0f)
        return TMU_OK; /* the whole image */
    view->levels = tex->level_count ? tex->level_count : tex->levels - b;
    view->layers = tex->layer_count ? tex->layer_count : tex->layers - bl;
    view->width = level_size(tex->width, b);
    view->height = level_size(tex->height, b);
    view->depth = level_size(tex->depth, b);
    view->base_level = view->level_count = view->base_layer = view->layer_count = 0;
    /* relative to the view's level 0; below it no effect */
    view->min_lod = tex->min_lod > (float)b ? tex->min_lod - (float)b : 0.0f;
    memset(view->level, 0, sizeof view->level);
    for (uint32_t l = 0; l < view->levels; l++) {
        tmu_level lv = tex->level[b + l];
        if (bl && lv.surface) { /* tiled: the view starts bl slices into the surface */
            lv.surface_slice += bl;
        } else if (bl) { /* the view's layer 0 is image layer bl (3D has one layer: bl = 0) */
            if (lv.slice_pitch > lv.size / bl)
                return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1,
                                    "texture: view base layer %u lies beyond level %u's %zu bytes", bl, b + l,
                                    lv.size);
            size_t skip = (size_t)bl * lv.slice_pitch;
            lv.data = lv.data ? (const unsigned char *)lv.data + skip : NULL;
            lv.size -= skip;
        }
        view->level[l] = lv;
    }
    if (tex->residency) {
        *res = *tex->residency;
        memset(res->map, 0, sizeof res->map);
        for (uint32_t l = 0; l < view->levels; l++) {
            const uint8_t *m = tex->residency->map[b + l];
            if (m && bl) {
                size_t tx = (level_size(tex->width, b + l) + res->tile_w - 1) / (res->tile_w ? res->tile_w : 1);
                size_t ty = (level_size(tex->height, b + l) + res->tile_h - 1) / (res->tile_h ? res->tile_h : 1);
                m += (size_t)bl * tx * ty; /* map index is layer-major (texture.h) */
            }
            res->map[l] = m;
        }
        view->residency = res;
    }
    return TMU_OK;
}

/* Packed layout of one level: row, slice, sample pitches and size. */
static void packed_level(tmu_dim dim, size_t bytes, uint32_t w, uint32_t h, uint32_t slices, uint32_t samples,
                         tmu_level *lv)
{
    (void)dim;
    lv->sample_pitch = (size_t)w * bytes;
    lv->row_pitch = lv->sample_pitch * samples;
    lv->slice_pitch = lv->row_pitch * h;
    lv->size = lv->slice_pitch * slices;
}

size_t tmu_texture_packed_size(tmu_dim dim, tmu_format format, uint32_t width, uint32_t height, uint32_t depth,
                               uint32_t layers, uint32_t levels, uint32_t samples)
{
    const tmu_format_info *fi = tmu_format_get(format);
    if (!fi || !width || !height || !depth || !layers || !samples || !levels || levels > TMU_MAX_LEVELS ||
        width > TMU_MAX_SIZE || height > TMU_MAX_SIZE || depth > TMU_MAX_SIZE || layers > 6 * TMU_MAX_SIZE ||
        samples > 64)
        return 0;
    size_t total = 0;
    for (uint32_t l = 0; l < levels; l++) {
        tmu_level lv;
        uint32_t slices = dim == TMU_DIM_3D ? level_size(depth, l) : layers;
        packed_level(dim, fi->bytes, level_size(width, l), level_size(height, l), slices, samples, &lv);
        total += lv.size;
    }
    return total;
}

tmu_status tmu_texture_init_packed(tmu_texture *tex, tmu_dim dim, tmu_format format, uint32_t width,
                                   uint32_t height, uint32_t depth, uint32_t layers, uint32_t levels,
                                   uint32_t samples, const void *memory, size_t size, tmu_diag *diag)
{
    if (!tex)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1, "texture: NULL");
    memset(tex, 0, sizeof *tex);
    tex->dim = dim;
    tex->format = format;
    tex->width = width;
    tex->height = height;
    tex->depth = depth;
    tex->layers = layers;
    tex->levels = levels;
    tex->samples = samples;
    for (int c = 0; c < 4; c++)
        tex->swizzle[c] = (tmu_swizzle)c;
    const tmu_format_info *fi = tmu_format_get(format);
    size_t need = tmu_texture_packed_size(dim, format, width, height, depth, layers, levels, samples);
    if (!fi || need == 0)
        return tmu_texture_validate(tex, diag);
    if (!memory || size < need)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1,
                            "texture: memory of %zu bytes is smaller than the %zu the shape needs", size, need);
    const unsigned char *p = memory;
    for (uint32_t l = 0; l < levels && l < TMU_MAX_LEVELS; l++) {
        uint32_t slices = dim == TMU_DIM_3D ? level_size(depth, l) : layers;
        packed_level(dim, fi->bytes, level_size(width, l), level_size(height, l), slices, samples,
                     &tex->level[l]);
        tex->level[l].data = p;
        p += tex->level[l].size;
    }
    return tmu_texture_validate(tex, diag);
}

const void *tmu_texel_address(const tmu_texture *tex, uint32_t level, uint32_t x, uint32_t y, uint32_t z_or_layer,
                              uint32_t sample)
{
    if (!tex || level >= tex->levels || level >= TMU_MAX_LEVELS)
        return NULL;
    const tmu_format_info *fi = tmu_format_get(tex->format);
    if (!fi || x >= level_size(tex->width, level) || y >= level_size(tex->height, level) ||
        z_or_layer >= level_slices(tex, level) || sample >= tex->samples)
        return NULL;
    const tmu_level *lv = &tex->level[level];
    if (lv->surface)
        return (const unsigned char *)lv->data + tmu_surface_address_fast(lv->surface, lv->surface_level, x, y,
                                                                            lv->surface_slice + z_or_layer, sample);
    return (const unsigned char *)lv->data + (size_t)z_or_layer * lv->slice_pitch + (size_t)y * lv->row_pitch +
           (size_t)sample * lv->sample_pitch + (size_t)x * fi->bytes;
}

const char *tmu_dim_name(tmu_dim dim)
{
    static const char *const names[TMU_DIM_COUNT] = {"1d",       "2d",       "3d",          "cube",     "1d_array",
                                                     "2d_array", "cube_array", "2d_ms", "2d_ms_array"};
    return (unsigned)dim < TMU_DIM_COUNT ? names[dim] : "invalid";
}

const char *tmu_address_name(tmu_address mode)
{
    switch (mode) {
    case TMU_ADDRESS_REPEAT: return "repeat";
    case TMU_ADDRESS_MIRRORED_REPEAT: return "mirrored_repeat";
    case TMU_ADDRESS_CLAMP_TO_EDGE: return "clamp_to_edge";
    case TMU_ADDRESS_MIRROR_CLAMP_TO_EDGE: return "mirror_clamp_to_edge";
    case TMU_ADDRESS_CLAMP_HALF_BORDER: return "clamp_half_border";
    case TMU_ADDRESS_MIRROR_ONCE_HALF_BORDER: return "mirror_once_half_border";
    case TMU_ADDRESS_CLAMP_TO_BORDER: return "clamp_to_border";
    case TMU_ADDRESS_MIRROR_ONCE_BORDER: return "mirror_once_border";
    }
    return "invalid";
}

const char *tmu_compare_name(tmu_compare op)
{
    static const char *const names[8] = {"never",   "less",      "equal",            "less_or_equal",
                                         "greater", "not_equal", "greater_or_equal", "always"};
    return (unsigned)op < 8 ? names[op] : "invalid";
}
