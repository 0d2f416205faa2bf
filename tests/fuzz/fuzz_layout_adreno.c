/* libFuzzer target for the Adreno a6xx / a7xx layouts (tmu/layout.h's Adreno section): the input
 * chooses a GPU preset or a made-up GPU (any highest bank bit, swizzle and macrotile word), a
 * surface description with absurd values as often as sane ones (block bytes and size, extent,
 * depth, layers, levels, samples, 3D, tile mode, UBWC, mutable, format flags), coordinates and a
 * rectangle.  tmu_surface_init_adreno must return (an error needs a message); on success:
 *  - every level fits the surface (layer 0 and the last layer / 3D slice), and the corners and a
 *    fuzzed element of every addressable level have an address through the checked call, equal
 *    to the fast call's, with the element inside the surface; unaddressable levels are refused;
 *  - coordinates past the level, levels past the chain and samples past the count are refused;
 *  - on surfaces of at most 256 KiB, a rectangle of at most 16x16 is detiled from and retiled into
 *    memory of exactly the sizes asked for (ASan sees any access outside); retiling what was
 *    detiled leaves the tiled memory unchanged; one byte less of either buffer is refused. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tmu/layout.h"

#include "fuzz_reader.h"

#define FAIL(...)                                                                                 \
    do {                                                                                          \
        fprintf(stderr, "fuzz_layout_adreno: " __VA_ARGS__);                                      \
        abort();                                                                                  \
    } while (0)

/* A sane value of `list` most of the time, else a raw byte. */
static uint32_t pick(reader *r, const uint32_t *list, uint32_t n)
{
    uint32_t k = take(r, 1);
    return k < 0xf0 ? list[k % n] : take(r, 1);
}

static void check_address(const tmu_surface *s, uint32_t lv, uint32_t x, uint32_t y, uint32_t z,
                          uint32_t smp, uint32_t bytes)
{
    uint64_t a = 0;
    tmu_status st = tmu_surface_address(s, lv, x, y, z, smp, &a);
    if (st != TMU_OK)
        FAIL("level %u (%u,%u,%u,%u): in range but refused (%d)\n", lv, x, y, z, smp, (int)st);
    if (a + bytes > s->size)
        FAIL("level %u (%u,%u,%u,%u): address %llu + %u past the surface (%llu)\n", lv, x, y, z,
             smp, (unsigned long long)a, bytes, (unsigned long long)s->size);
    if (tmu_surface_address_fast(s, lv, x, y, z, smp) != a)
        FAIL("level %u (%u,%u,%u,%u): fast address differs\n", lv, x, y, z, smp);
}

static void refused(const tmu_surface *s, uint32_t lv, uint32_t x, uint32_t y, uint32_t z,
                    uint32_t smp)
{
    uint64_t a;
    if (tmu_surface_address(s, lv, x, y, z, smp, &a) == TMU_OK)
        FAIL("level %u (%u,%u,%u,%u): outside but given address %llu\n", lv, x, y, z, smp,
             (unsigned long long)a);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const uint32_t bytes_l[] = {1, 2, 4, 8, 16};
    static const uint32_t block_l[] = {1, 1, 1, 4, 5, 6, 8, 10, 12};
    static const uint32_t samples_l[] = {1, 1, 1, 2, 4, 8};
    static const uint32_t tile_l[] = {TMU_TILE6_LINEAR, TMU_TILE6_3, TMU_TILE6_3, TMU_TILE6_2};
    reader rd = {data, size}, *r = &rd;

    tmu_adreno_gpu custom;
    const tmu_adreno_gpu *gpu;
    uint32_t g = take(r, 1);
    if (g < 0xe0) {
        gpu = tmu_adreno_gpu_at(g % tmu_adreno_gpu_count());
    } else {
        custom = *tmu_adreno_gpu_at(g % tmu_adreno_gpu_count());
        custom.highest_bank_bit = take(r, 1);
        custom.ubwc_swizzle = take(r, 1);
        custom.macrotile_mode = (tmu_adreno_macrotile_mode)take(r, 1);
        custom.has_ubwc_linear_mipmap_fallback = take(r, 1);
        custom.gen = take(r, 1);
        gpu = &custom;
    }
    if (!gpu)
        FAIL("no preset\n");

    tmu_adreno_surface_desc d;
    memset(&d, 0, sizeof d);
    d.block_bytes = pick(r, bytes_l, 5);
    uint32_t b = take(r, 1);
    d.block_w = b < 0xf0 ? block_l[b % 9] : take(r, 1);
    b = take(r, 1);
    d.block_h = b < 0xf0 ? (d.block_w <= 12 ? d.block_w : 4) : take(r, 1);
    d.width = number(r);
    d.height = number(r);
    uint32_t flags = take(r, 1);
    d.is_3d = flags & 1 ? 1 : 0;
    if (flags & 0x80) /* raw */
        d.is_3d = take(r, 1);
    d.depth = d.is_3d ? number(r) % 70 : 1;
    d.layers = d.is_3d ? 1 : number(r) % 20;
    if (flags & 0x40) { /* absurd depth / layers */
        d.depth = number(r);
        d.layers = number(r);
    }
    d.levels = number(r) % 17;
    d.samples = pick(r, samples_l, 6);
    d.tile_mode = (tmu_adreno_tile_mode)pick(r, tile_l, 4);
    d.ubwc = (flags >> 1) & 1;
    d.is_mutable = (flags >> 2) & 1;
    d.format_flags = (flags >> 3) & 7 ? take(r, 1) & 0x1f : 0;

    static tmu_surface s;
    tmu_diag diag;
    memset(&diag, 0, sizeof diag);
    if (tmu_surface_init_adreno(&s, gpu, &d, &diag) != TMU_OK) {
        if (!diag.message[0])
            FAIL("refusal without a message\n");
        return 0;
    }
    tmu_adreno_layout_info info;
    if (tmu_surface_adreno_info(&s, &info) != TMU_OK || info.size != s.size)
        FAIL("info\n");
    if (s.desc.levels != d.levels)
        FAIL("levels %u != %u\n", s.desc.levels, d.levels);
    uint32_t bytes = d.block_bytes; /* one sample of one element */
    for (uint32_t lv = 0; lv < d.levels; lv++) {
        const tmu_surface_level *l = &s.level[lv];
        if (!l->width || !l->height || !l->depth)
            FAIL("level %u empty\n", lv);
        uint64_t last = l->offset + (uint64_t)(l->depth - 1) * l->layer_stride + l->slice_size;
        if (l->offset + l->slice_size > s.size || (!d.is_3d && last > s.size))
            FAIL("level %u past the surface\n", lv);
        if (!tmu_surface_level_addressable(&s, lv)) {
            refused(&s, lv, 0, 0, 0, 0);
            continue;
        }
        uint32_t w = l->width, h = l->height, z = l->depth, sm = d.samples;
        uint32_t xs[3] = {0, w - 1, take(r, 2) % w}, ys[3] = {0, h - 1, take(r, 2) % h};
        uint32_t zs[2] = {0, z - 1};
        for (int i = 0; i < 3; i++)
            for (int j = 0; j < 3; j++)
                for (int k = 0; k < 2; k++)
                    check_address(&s, lv, xs[i], ys[j], zs[k], (i + j) % sm, bytes);
        refused(&s, lv, w, 0, 0, 0);
        refused(&s, lv, 0, h, 0, 0);
        refused(&s, lv, 0, 0, z, 0);
        refused(&s, lv, 0, 0, 0, sm);
        refused(&s, lv, w + take(r, 4) % (0xffffffffu - w + 1), 0, 0, 0); /* no wrap */
        refused(&s, lv, 0xffffffffu, 0xffffffffu, 0xffffffffu, 0xffffffffu);
    }
    refused(&s, d.levels, 0, 0, 0, 0);
    refused(&s, 0xffffffffu, 0, 0, 0, 0);

    /* detile / retile of a small rectangle into exactly-sized buffers */
    if (s.size > (1u << 18))
        return 0;
    uint32_t lv = take(r, 1) % d.levels;
    const tmu_surface_level *l = &s.level[lv];
    tmu_surface_rect rc;
    rc.level = lv;
    rc.x = take(r, 2) % l->width;
    rc.y = take(r, 2) % l->height;
    rc.w = 1 + take(r, 1) % 16;
    rc.h = 1 + take(r, 1) % 16;
    if (rc.w > l->width - rc.x)
        rc.w = l->width - rc.x;
    if (rc.h > l->height - rc.y)
        rc.h = l->height - rc.y;
    rc.slice = take(r, 1) % l->depth;
    rc.sample = take(r, 1) % d.samples;
    size_t tsize = (size_t)s.size, pitch = (size_t)rc.w * bytes + take(r, 1) % 8;
    size_t lsize = (rc.h - 1) * pitch + (size_t)rc.w * bytes;
    uint8_t *tiled = malloc(tsize ? tsize : 1), *lin = malloc(lsize), *copy = malloc(tsize ? tsize : 1);
    if (!tiled || !lin || !copy)
        FAIL("out of memory\n");
    for (size_t i = 0; i < tsize; i++)
        tiled[i] = (uint8_t)(i * 131 + (i >> 8));
    memcpy(copy, tiled, tsize);
    tmu_status st = tmu_surface_detile(&s, &rc, tiled, tsize, lin, pitch, lsize, &diag);
    if (!tmu_surface_level_addressable(&s, lv)) {
        if (st == TMU_OK || tmu_surface_retile(&s, &rc, lin, pitch, lsize, tiled, tsize, &diag) ==
                                TMU_OK)
            FAIL("unaddressable level %u detiled / retiled\n", lv);
    } else {
        if (st != TMU_OK)
            FAIL("detile refused: %s\n", diag.message);
        if (tmu_surface_retile(&s, &rc, lin, pitch, lsize, tiled, tsize, &diag) != TMU_OK)
            FAIL("retile refused: %s\n", diag.message);
        if (memcmp(tiled, copy, tsize))
            FAIL("retile of the detiled rectangle changed the surface\n");
        if (tmu_surface_detile(&s, &rc, tiled, tsize - 1, lin, pitch, lsize, &diag) == TMU_OK ||
            tmu_surface_detile(&s, &rc, tiled, tsize, lin, pitch, lsize - 1, &diag) == TMU_OK ||
            tmu_surface_retile(&s, &rc, lin, pitch, lsize - 1, tiled, tsize, &diag) == TMU_OK ||
            tmu_surface_retile(&s, &rc, lin, pitch, lsize, tiled, tsize - 1, &diag) == TMU_OK)
            FAIL("a buffer one byte short accepted\n");
        tmu_surface_rect out = rc;
        out.x = l->width;
        out.w = 1;
        if (tmu_surface_detile(&s, &out, tiled, tsize, lin, pitch, lsize, &diag) == TMU_OK)
            FAIL("rectangle outside the level accepted\n");
    }
    free(copy);
    free(lin);
    free(tiled);
    return 0;
}
