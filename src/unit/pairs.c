/* Row-pair copies of RGBA8 and RGBA32F textures (unit.h tmu_unit_pairs_size /
 * tmu_unit_pairs_build): each texel of the view's level 0 beside the texel below it, padded with
 * the columns and the row that the address mode puts beyond the edges, so every 2x2 footprint is
 * one 16-byte (RGBA8) or 64-byte (RGBA32F) read (fast_simd.inc pair_index, fast_avx512.c
 * pairs_stage, pairs32_load). */
#include <stdint.h>
#include <string.h>

#include "unit/internal.h"

#define FAIL(st, ...) return tmu_diag_set(diag, st, 0, 0, -1, __VA_ARGS__)

/* The view of `tex` and the size of its copy (*need); an error with diag filled when it has none. */
static tmu_status pairs_layout(const tmu_texture *tex, tmu_texture *view, size_t *need, tmu_diag *diag)
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
    size_t cols = (size_t)view->width + 2, rows = (size_t)view->height + 1;
    size_t pair = 2 * (size_t)tmu_format_get(view->format)->bytes;
    if (cols > (SIZE_MAX - sizeof(tmu_pairs_header)) / pair / rows)
        FAIL(TMU_ERR_UNSUPPORTED, "row pairs: a copy of %zu x %zu pairs overflows size_t", cols, rows);
    *need = sizeof(tmu_pairs_header) + cols * rows * pair;
    return TMU_OK;
}

size_t tmu_unit_pairs_size(const tmu_texture *tex)
{
    tmu_texture view;
    size_t need = 0;
    return pairs_layout(tex, &view, &need, NULL) == TMU_OK ? need : 0;
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
    size_t need = 0;
    tmu_status st = pairs_layout(tex, &view, &need, diag);
    if (st == TMU_OK)
        st = tmu_unit_validate_texture(&view, 1, diag); /* level 0's memory holds its rows */
    if (st != TMU_OK)
        return st;
    if (addr != TMU_ADDRESS_REPEAT && addr != TMU_ADDRESS_CLAMP_TO_EDGE)
        FAIL(TMU_ERR_UNSUPPORTED, "row pairs: address mode %s has no row-pair copy (only repeat and clamp_to_edge)",
             tmu_address_name(addr));
    if (!mem)
        FAIL(TMU_ERR_INVALID_ARGUMENT, "row pairs: NULL memory for the copy (%zu bytes)", need);
    if (size < need)
        FAIL(TMU_ERR_BUFFER_TOO_SMALL, "row pairs: the copy needs %zu bytes, the memory given has %zu", need, size);
    const unsigned char *src = (const unsigned char *)view.level[0].data;
    size_t pitch = view.level[0].row_pitch, cols = (size_t)view.width + 2;
    size_t tb = tmu_format_get(view.format)->bytes; /* texel bytes: 4 or 16 */
    unsigned char *dst = (unsigned char *)mem + sizeof(tmu_pairs_header);
    /* pair (c, r) = texel (x, y), texel (x, y + 1) with x = c - 1, y = r - 1, both mapped */
    for (size_t r = 0; r <= view.height; r++) {
        const unsigned char *r0 = src + pairs_wrap((int64_t)r - 1, view.height, addr) * pitch;
        const unsigned char *r1 = src + pairs_wrap((int64_t)r, view.height, addr) * pitch;
        unsigned char *d = dst + r * cols * 2 * tb;
        for (size_t c = 0; c < cols; c++) {
            size_t x = pairs_wrap((int64_t)c - 1, view.width, addr) * tb;
            memcpy(d + c * 2 * tb, r0 + x, tb);
            memcpy(d + c * 2 * tb + tb, r1 + x, tb);
        }
    }
    tmu_pairs_header h;
    memset(&h, 0, sizeof h);
    h.magic = TMU_PAIRS_MAGIC;
    h.width = view.width, h.height = view.height, h.pitch = (uint32_t)(pitch / tb);
    h.format = (uint32_t)view.format;
    h.addr = (uint32_t)addr;
    h.data = (uint64_t)(uintptr_t)src;
    h.bytes = need;
    memcpy(mem, &h, sizeof h);
    tmu_diag_clear(diag);
    return TMU_OK;
}

tmu_status tmu_unit_pairs_check(const tmu_texture *view, tmu_address addr, const void *mem, size_t size,
                                tmu_diag *diag)
{
    tmu_pairs_header h;
    if (size < sizeof h)
        FAIL(TMU_ERR_INVALID_ARGUMENT, "row pairs: %zu bytes cannot hold a row-pair copy (its header is 64)", size);
    memcpy(&h, mem, sizeof h);
    if (h.magic != TMU_PAIRS_MAGIC)
        FAIL(TMU_ERR_INVALID_ARGUMENT, "row pairs: the memory holds no row-pair copy (tmu_unit_pairs_build)");
    if (h.bytes > size)
        FAIL(TMU_ERR_INVALID_ARGUMENT, "row pairs: the copy is %llu bytes, but only %zu are given",
             (unsigned long long)h.bytes, size);
    if (h.data != (uint64_t)(uintptr_t)view->level[0].data || h.width != view->width || h.height != view->height ||
        h.format != (uint32_t)view->format ||
        (uint64_t)h.pitch * tmu_format_get(view->format)->bytes != view->level[0].row_pitch)
        FAIL(TMU_ERR_INVALID_ARGUMENT,
             "row pairs: the copy was built from another texture (%ux%u, pitch %u texels) than the plan's (%ux%u, "
             "pitch %zu bytes, or other texel memory)",
             h.width, h.height, h.pitch, view->width, view->height, view->level[0].row_pitch);
    size_t need = 0; /* the size the pairs' indices reach (a header claiming less is refused) */
    if (pairs_layout(view, &(tmu_texture){0}, &need, NULL) != TMU_OK || h.bytes != need)
        FAIL(TMU_ERR_INVALID_ARGUMENT, "row pairs: the copy's header says %llu bytes, a copy of this texture has %zu",
             (unsigned long long)h.bytes, need);
    if (h.addr != (uint32_t)addr)
        FAIL(TMU_ERR_INVALID_ARGUMENT, "row pairs: the copy was built for address mode %s, the plan's sampler has %s",
             tmu_address_name((tmu_address)h.addr), tmu_address_name(addr));
    return TMU_OK;
}
