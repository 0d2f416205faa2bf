/* Texel fetch: address, residency, decode (format module), border colour, swizzle and depth
 * compare of single texels (sampling.md §3 border, §8, §11, §12). */
#include <string.h>

#include "unit/internal.h"

int tmu_unit_format_is_int(tmu_format f)
{
    const tmu_format_info *fi = tmu_format_get(f);
    return fi && (fi->numeric == TMU_NUMERIC_UINT || fi->numeric == TMU_NUMERIC_SINT);
}

int tmu_unit_has_channel(const tmu_format_info *fi, int c)
{
    if (fi->is_depth)
        return c == 0;
    if (fi->shared_exponent)
        return c < 3;
    return fi->bits[c] > 0;
}

/* Border replacement (Vulkan "Border Replacement"): integer formats take border_u, the others
 * border_f; the colour is converted to the format by encoding and decoding one texel, so it
 * is clamped to the format's range and rounded to it (within the one-ULP rounding Vulkan
 * allows for custom borders), and only the channels the format stores come from the border:
 * one-, two- and three-component formats (E5B9G9R9 too) keep the substituted 0, 0, 1; depth
 * formats take the border's R as D. */
void tmu_unit_border(const tmu_texture *tex, const tmu_sampler *smp, tmu_texel *out)
{
    const tmu_format_info *fi = tmu_format_get(tex->format);
    tmu_texel b;
    memset(&b, 0, sizeof b);
    if (fi->is_depth)
        b.f[0] = smp->border_f[0]; /* stencil (u[1]) 0 */
    else if (tmu_unit_format_is_int(tex->format))
        memcpy(b.u, smp->border_u, sizeof b.u);
    else
        memcpy(b.f, smp->border_f, sizeof b.f);
    if (smp->precision == TMU_PRECISION_NVIDIA && tmu_unit_nv_border(tex, smp, out))
        return;
    unsigned char raw[TMU_FORMAT_MAX_BYTES];
    if (tmu_format_encode(tex->format, &b, raw) != TMU_OK || tmu_format_decode(tex->format, raw, out) != TMU_OK)
        memset(out, 0, sizeof *out);
}

/* Whether the tile holding the texel is resident (always true without a residency map). */
static int texel_resident(const tmu_texture *tex, const tmu_texel_ref *r)
{
    const tmu_residency *res = tex->residency;
    if (!res || r->level >= TMU_MAX_LEVELS || !res->map[r->level])
        return 1;
    uint32_t w = tmu_level_size(tex->width, r->level), h = tmu_level_size(tex->height, r->level);
    uint32_t tiles_x = (w + res->tile_w - 1) / res->tile_w;
    uint32_t tiles_y = (h + res->tile_h - 1) / res->tile_h;
    uint32_t slice = tex->dim == TMU_DIM_3D ? (uint32_t)r->z / res->tile_d : r->layer;
    size_t idx = ((size_t)slice * tiles_y + (uint32_t)r->y / res->tile_h) * tiles_x + (uint32_t)r->x / res->tile_w;
    return res->map[r->level][idx] != 0;
}

void tmu_unit_load(const tmu_texture *tex, const tmu_sampler *smp, const tmu_texel_ref *r, tmu_texel *out,
                   int *resident)
{
    if (r->x < 0 || r->y < 0 || r->z < 0) {
        tmu_unit_border(tex, smp, out);
        return;
    }
    const tmu_format_info *fi = tmu_format_get(tex->format);
    const tmu_level *lv = &tex->level[r->level];
    uint32_t slice = tex->dim == TMU_DIM_3D ? (uint32_t)r->z : r->layer;
    const unsigned char *p = (const unsigned char *)lv->data;
    if (lv->surface) { /* tiled: the layout's address (texture.h), never past the memory */
        uint64_t a = tmu_surface_address_fast(lv->surface, lv->surface_level, (uint32_t)r->x, (uint32_t)r->y,
                                              lv->surface_slice + slice, r->sample);
        if (a > lv->size - fi->bytes) {
            memset(out, 0, sizeof *out);
            return;
        }
        p += a;
    } else
        p += (size_t)slice * lv->slice_pitch + (size_t)(uint32_t)r->y * lv->row_pitch +
             (size_t)r->sample * lv->sample_pitch + (size_t)(uint32_t)r->x * fi->bytes;
    if (!texel_resident(tex, r))
        *resident = 0;
    if (tmu_format_decode(tex->format, p, out) != TMU_OK)
        memset(out, 0, sizeof *out);
    else if (smp->precision == TMU_PRECISION_NVIDIA && fi->numeric == TMU_NUMERIC_SRGB)
        for (int k = 0; k < 3 && k < fi->channels; k++) /* the GPU's decode table (nvidia.c) */
            out->f[k] = tmu_unit_nv_srgb(p[fi->shift[k] / 8u]);
    else if (r->nv_filter && fi->numeric == TMU_NUMERIC_SNORM && !fi->is_packed)
        for (int k = 0; k < 4; k++) /* -128 filters as itself (nvidia.c; the result clamps to -1) */
            if (fi->bits[k] == 8 && p[fi->shift[k] / 8u] == 0x80u)
                out->f[k] = -128.0f / 127.0f;
}

void tmu_unit_swizzle(const tmu_texture *tex, const tmu_texel *in, tmu_texel *out)
{
    int is_int = tmu_unit_format_is_int(tex->format);
    tmu_texel v;
    for (int c = 0; c < 4; c++) {
        tmu_swizzle s = tex->swizzle[c];
        if (s <= TMU_SWIZZLE_A)
            v.u[c] = in->u[s];
        else if (s == TMU_SWIZZLE_ZERO)
            v.u[c] = 0;
        else if (is_int)
            v.u[c] = 1;
        else
            v.f[c] = 1.0f;
    }
    *out = v;
}

float tmu_unit_compare(tmu_compare op, float ref, float texel)
{
    int pass;
    switch (op) {
    case TMU_COMPARE_LESS: pass = ref < texel; break;
    case TMU_COMPARE_EQUAL: pass = ref == texel; break;
    case TMU_COMPARE_LESS_OR_EQUAL: pass = ref <= texel; break;
    case TMU_COMPARE_GREATER: pass = ref > texel; break;
    case TMU_COMPARE_NOT_EQUAL: pass = ref != texel; break;
    case TMU_COMPARE_GREATER_OR_EQUAL: pass = ref >= texel; break;
    case TMU_COMPARE_ALWAYS: pass = 1; break;
    case TMU_COMPARE_NEVER:
    default: pass = 0; break;
    }
    return pass ? 1.0f : 0.0f;
}
