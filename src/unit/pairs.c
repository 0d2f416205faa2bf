/* Row-pair copies of RGBA8 and RGBA32F textures (unit.h tmu_unit_pairs_size /
 * tmu_unit_pairs_build): each texel of every level of the view beside the texel below it, padded
 * with the columns and the row that the address mode puts beyond the edges, so every 2x2
 * footprint is one 16-byte (RGBA8) or 64-byte (RGBA32F) read (fast_simd.inc pair_index,
 * fast_avx512.c pairs_stage, pairs32_load). */
#include <stdint.h>
#include <string.h>

#include "unit/internal.h"

#define FAIL(st, ...) return tmu_diag_set(diag, st, 0, 0, -1, __VA_ARGS__)

/* The view of `tex` and its copy's layout: the header's level table (offsets from the end of the
 * header, each level on a 64-byte boundary) and the whole size; an error with diag filled when
 * it has none. */
static tmu_status pairs_layout(const tmu_texture *tex, tmu_texture *view, tmu_pairs_header *h, tmu_diag *diag)
{
    tmu_residency res;
    tmu_status st = tmu_unit_make_view(tex, view, &res, diag);
    if (st != TMU_OK)
        return st;
    if (view->dim != TMU_DIM_2D ||
        (view->format != TMU_FORMAT_R8G8B8A8_UNORM && view->format != TMU_FORMAT_R32G32B32A32_FLOAT))
        FAIL(TMU_ERR_UNSUPPORTED,
             "row pairs: only 2D R8G8B8A8_UNORM and R32G32B32A32_FLOAT textures have a row-pair copy (this one is "
             "%s %s)",
             tmu_dim_name(view->dim), tmu_format_get(view->format)->name);
    for (uint32_t l = 0; l < view->levels; l++)
        if (view->level[l].surface)
            FAIL(TMU_ERR_UNSUPPORTED, "row pairs: level %u is tiled (a surface layout); row-pair copies are made of "
                 "linear textures", l);
    memset(h, 0, sizeof *h);
    size_t pair = 2 * (size_t)tmu_format_get(view->format)->bytes, off = 0;
    for (uint32_t l = 0; l < view->levels; l++) {
        size_t cols = (size_t)tmu_level_size(view->width, l) + 2, rows = (size_t)tmu_level_size(view->height, l) + 1;
        if (cols > (SIZE_MAX / 2 - off) / pair / rows)
            FAIL(TMU_ERR_UNSUPPORTED, "row pairs: a copy of %zu x %zu pairs at level %u overflows size_t", cols, rows,
                 l);
        h->level_off[l] = off;
        off = (off + cols * rows * pair + 63) & ~(size_t)63;
        h->level_data[l] = (uint64_t)(uintptr_t)view->level[l].data;
        h->level_pitch[l] = (uint32_t)(view->level[l].row_pitch / (pair / 2));
    }
    h->magic = TMU_PAIRS_MAGIC;
    h->width = view->width, h->height = view->height, h->levels = view->levels;
    h->format = (uint32_t)view->format;
    h->bytes = sizeof *h + off;
    return TMU_OK;
}

size_t tmu_unit_pairs_size(const tmu_texture *tex)
{
    tmu_texture view;
    tmu_pairs_header h;
    return pairs_layout(tex, &view, &h, NULL) == TMU_OK ? (size_t)h.bytes : 0;
}

/* Texel index n in [-1, size] mapped by the address mode (REPEAT: modulo, CLAMP_TO_EDGE: clamp). */
static size_t pairs_wrap(int64_t n, uint32_t size, tmu_address addr)
{
    if (addr == TMU_ADDRESS_REPEAT)
        return (size_t)((n % size + size) % size);
    return (size_t)(n < 0 ? 0 : n >= size ? size - 1 : n);
}

tmu_status tmu_unit_pairs_build(const tmu_texture *tex, tmu_address addr, void *mem, size_t size, tmu_diag *diag)
{
    tmu_texture view;
    tmu_pairs_header h;
    tmu_status st = pairs_layout(tex, &view, &h, diag);
    if (st == TMU_OK)
        st = tmu_unit_validate_texture(&view, view.levels, diag); /* every level's memory holds its rows */
    if (st != TMU_OK)
        return st;
    if (addr != TMU_ADDRESS_REPEAT && addr != TMU_ADDRESS_CLAMP_TO_EDGE)
        FAIL(TMU_ERR_UNSUPPORTED, "row pairs: address mode %s has no row-pair copy (only repeat and clamp_to_edge)",
             tmu_address_name(addr));
    if (!mem)
        FAIL(TMU_ERR_INVALID_ARGUMENT, "row pairs: NULL memory for the copy (%llu bytes)", (unsigned long long)h.bytes);
    if (size < h.bytes)
        FAIL(TMU_ERR_BUFFER_TOO_SMALL, "row pairs: the copy needs %llu bytes, the memory given has %zu",
             (unsigned long long)h.bytes, size);
    size_t tb = tmu_format_get(view.format)->bytes; /* texel bytes: 4 or 16 */
    unsigned char *dst0 = (unsigned char *)mem + sizeof h;
    for (uint32_t l = 0; l < view.levels; l++) {
        const unsigned char *src = (const unsigned char *)view.level[l].data;
        uint32_t w = tmu_level_size(view.width, l), ht = tmu_level_size(view.height, l);
        size_t pitch = view.level[l].row_pitch, cols = (size_t)w + 2;
        unsigned char *dst = dst0 + h.level_off[l];
        /* pair (c, r) = texel (x, y), texel (x, y + 1) with x = c - 1, y = r - 1, both mapped */
        for (size_t r = 0; r <= ht; r++) {
            const unsigned char *r0 = src + pairs_wrap((int64_t)r - 1, ht, addr) * pitch;
            const unsigned char *r1 = src + pairs_wrap((int64_t)r, ht, addr) * pitch;
            unsigned char *d = dst + r * cols * 2 * tb;
            for (size_t c = 0; c < cols; c++) {
                size_t x = pairs_wrap((int64_t)c - 1, w, addr) * tb;
                memcpy(d + c * 2 * tb, r0 + x, tb);
                memcpy(d + c * 2 * tb + tb, r1 + x, tb);
            }
        }
        size_t end = h.level_off[l] + (size_t)(ht + 1) * cols * 2 * tb, next = l + 1 < view.levels ? h.level_off[l + 1]
                                                                                                   : h.bytes - sizeof h;
        memset(dst0 + end, 0, next - end); /* the padding to the next 64-byte boundary: never read */
    }
    h.addr = (uint32_t)addr;
    memcpy(mem, &h, sizeof h);
    tmu_diag_clear(diag);
    return TMU_OK;
}

tmu_status tmu_unit_pairs_check(const tmu_texture *view, tmu_address addr, uint32_t levels, const void *mem,
                                size_t size, tmu_diag *diag)
{
    tmu_pairs_header h, want;
    if (size < sizeof h)
        FAIL(TMU_ERR_INVALID_ARGUMENT, "row pairs: %zu bytes cannot hold a row-pair copy (its header is %zu)", size,
             sizeof h);
    memcpy(&h, mem, sizeof h);
    if (h.magic != TMU_PAIRS_MAGIC)
        FAIL(TMU_ERR_INVALID_ARGUMENT, "row pairs: the memory holds no row-pair copy (tmu_unit_pairs_build)");
    if (h.bytes > size)
        FAIL(TMU_ERR_INVALID_ARGUMENT, "row pairs: the copy is %llu bytes, but only %zu are given",
             (unsigned long long)h.bytes, size);
    if (h.levels < levels)
        FAIL(TMU_ERR_INVALID_ARGUMENT, "row pairs: the copy holds %u level(s), the plan reads %u", h.levels, levels);
    /* the copy of these levels of this texture: the same texel memory, sizes, pitches and layout
     * (a header that claims another layout could send the kernels past the copy) */
    tmu_texture v = *view, vv;
    v.levels = h.levels;
    if (h.levels > view->levels || pairs_layout(&v, &vv, &want, NULL) != TMU_OK || h.width != want.width ||
        h.height != want.height || h.format != want.format || h.bytes != want.bytes ||
        memcmp(h.level_data, want.level_data, sizeof h.level_data) != 0 ||
        memcmp(h.level_off, want.level_off, sizeof h.level_off) != 0 ||
        memcmp(h.level_pitch, want.level_pitch, sizeof h.level_pitch) != 0)
        FAIL(TMU_ERR_INVALID_ARGUMENT,
             "row pairs: the copy (%ux%u, %u level(s), %llu bytes) was not built from the plan's texture (%ux%u %s: "
             "other texel memory, pitch or size)",
             h.width, h.height, h.levels, (unsigned long long)h.bytes, view->width, view->height,
             tmu_format_get(view->format)->name);
    if (h.addr != (uint32_t)addr)
        FAIL(TMU_ERR_INVALID_ARGUMENT, "row pairs: the copy was built for address mode %s, the plan's sampler has %s",
             tmu_address_name((tmu_address)h.addr), tmu_address_name(addr));
    return TMU_OK;
}
