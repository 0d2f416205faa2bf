/* libFuzzer target for the surface layouts (tmu/layout.h): the input chooses a chip preset
 * (with TMU_FUZZ_LAYOUT_REGISTERS=1 in the environment, also bits to flip in two of its address
 * registers: absurd GB_TILE_MODE / GB_MACROTILE_MODE / GB_ADDR_CONFIG values), a surface description with absurd
 * values as often as sane ones (bpp, extent, levels, samples, flags, rsrc, tile index, swizzle
 * mode, pipe/bank XOR), a rectangle, a row pitch and coordinates.  tmu_surface_init_amd must
 * return (an error needs a message); on success:
 *  - every corner element of every level, slice and sample has an address through the checked
 *    call, equal to the fast call's, whose element lies inside the surface (else a detile
 *    would read outside the caller's buffer): abort otherwise; on a level that is not
 *    one-to-one (tmu_surface_level_one_to_one: gfx6-8, addrlib's THICK order on a thinned mode,
 *    its addresses addrlib's) only the equality, and detile / retile must refuse the level;
 *  - coordinates past the level (and the fuzzed ones outside it) are refused with TMU_ERR_RANGE;
 *  - on surfaces of at most 1 MiB, a rectangle is detiled from and retiled into memory of exactly
 *    the sizes the API asks for (the tiled memory malloc'd at surf.size, the linear rows at
 *    (h - 1) * pitch + w * bytes), so ASan reports any access outside them; retiling what was
 *    detiled must leave the tiled memory as it was; one byte less of either buffer, a pitch
 *    shorter than a row and a rectangle outside the level are refused. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tmu/layout.h"

#include "fuzz_reader.h"

#define FAIL(...)                                                                                 \
    do {                                                                                          \
        fprintf(stderr, "fuzz_layout: " __VA_ARGS__);                                             \
        fputc('\n', stderr);                                                                      \
        abort();                                                                                  \
    } while (0)

static void describe(const tmu_amd_chip *chip, const tmu_surface_desc *d)
{
    fprintf(stderr, "chip %s rsrc %d bpp %u %ux%ux%u levels %u samples %u flags 0x%x tile_index %d "
                    "swizzle %u xor %u\n",
            chip->name, (int)d->rsrc, d->bpp, d->width, d->height, d->slices, d->levels, d->samples,
            d->flags, (int)d->tile_index, d->swizzle_mode, d->pipe_bank_xor);
}

static void check_element(const tmu_surface *s, const tmu_amd_chip *chip, uint32_t level,
                          uint32_t x, uint32_t y, uint32_t slice, uint32_t sample)
{
    uint64_t a = 0;
    tmu_status st = tmu_surface_address(s, level, x, y, slice, sample, &a);
    uint64_t fast = tmu_surface_address_fast(s, level, x, y, slice, sample);
    /* a level that is not one-to-one (gfx6-8: addrlib's THICK order on a thinned mode) has
     * addrlib's addresses, which may pass the level's end */
    int inside = !tmu_surface_level_one_to_one(s, level) || (a <= s->size && s->size - a >= s->desc.bpp / 8);
    if (st != TMU_OK || a != fast || !inside) {
        describe(chip, &s->desc);
        FAIL("level %u (%u,%u) slice %u sample %u: status %d address %llu fast %llu, surface "
             "size %llu",
             level, x, y, slice, sample, (int)st, (unsigned long long)a, (unsigned long long)fast,
             (unsigned long long)s->size);
    }
}

static void expect_range(const tmu_surface *s, const tmu_amd_chip *chip, uint32_t level,
                         uint32_t x, uint32_t y, uint32_t slice, uint32_t sample)
{
    uint64_t a = 0xabcdef;
    tmu_status st = tmu_surface_address(s, level, x, y, slice, sample, &a);
    if (st != TMU_ERR_RANGE || a != 0xabcdef) {
        describe(chip, &s->desc);
        FAIL("level %u (%u,%u) slice %u sample %u outside the surface: status %d", level, x, y,
             slice, sample, (int)st);
    }
}

static void convert(const tmu_surface *s, const tmu_amd_chip *chip, reader *r)
{
    uint32_t level = take(r, 1) % s->desc.levels;
    const tmu_surface_level *lv = &s->level[level];
    tmu_surface_rect rect;
    rect.level = level;
    rect.slice = take(r, 2) % lv->depth;
    rect.sample = take(r, 1) % s->desc.samples;
    rect.x = take(r, 2) % lv->width;
    rect.y = take(r, 2) % lv->height;
    uint32_t mw = lv->width - rect.x, mh = lv->height - rect.y;
    rect.w = 1 + take(r, 1) % (mw < 40 ? mw : 40);
    rect.h = 1 + take(r, 1) % (mh < 40 ? mh : 40);
    size_t bytes = s->desc.bpp / 8, pitch = rect.w * bytes + take(r, 1) % 17;
    size_t lsize = (rect.h - 1) * pitch + rect.w * bytes;
    size_t tsize = (size_t)s->size;
    unsigned char *tiled = malloc(tsize), *copy = malloc(tsize), *linear = malloc(lsize);
    if (!tiled || !copy || !linear) {
        free(tiled), free(copy), free(linear);
        return;
    }
    uint32_t seed = 0x9e3779b9u ^ (uint32_t)tsize;
    for (size_t i = 0; i < tsize; i++) {
        seed = seed * 1664525u + 1013904223u;
        tiled[i] = (unsigned char)(seed >> 24);
    }
    memcpy(copy, tiled, tsize);
    tmu_diag d;
    if (!tmu_surface_level_one_to_one(s, level)) { /* refused by both, nothing written */
        if (tmu_surface_detile(s, &rect, tiled, tsize, linear, pitch, lsize, &d) != TMU_ERR_UNSUPPORTED ||
            tmu_surface_retile(s, &rect, linear, pitch, lsize, tiled, tsize, &d) != TMU_ERR_UNSUPPORTED ||
            memcmp(tiled, copy, tsize) != 0) {
            describe(chip, &s->desc);
            FAIL("level %u is not one-to-one but detile / retile did not refuse it", level);
        }
        free(tiled), free(copy), free(linear);
        return;
    }
    tmu_status st = tmu_surface_detile(s, &rect, tiled, tsize, linear, pitch, lsize, &d);
    if (st != TMU_OK) {
        describe(chip, &s->desc);
        FAIL("detile %ux%u at (%u,%u) level %u slice %u sample %u pitch %zu: %s", rect.w, rect.h,
             rect.x, rect.y, level, rect.slice, rect.sample, pitch, d.message);
    }
    st = tmu_surface_retile(s, &rect, linear, pitch, lsize, tiled, tsize, &d);
    if (st != TMU_OK || memcmp(tiled, copy, tsize) != 0) {
        describe(chip, &s->desc);
        FAIL("retile of the detiled %ux%u at (%u,%u) level %u: %s", rect.w, rect.h, rect.x, rect.y,
             level, st != TMU_OK ? d.message : "changed the tiled memory");
    }
    /* buffers one byte short, a short pitch, rectangles outside the level: refused */
    if (tmu_surface_detile(s, &rect, tiled, tsize - 1, linear, pitch, lsize, &d) == TMU_OK ||
        tmu_surface_detile(s, &rect, tiled, tsize, linear, pitch, lsize - 1, &d) == TMU_OK ||
        tmu_surface_retile(s, &rect, linear, pitch, lsize - 1, tiled, tsize, &d) == TMU_OK ||
        tmu_surface_retile(s, &rect, linear, pitch, lsize, tiled, tsize - 1, &d) == TMU_OK ||
        (rect.w * bytes > 1 &&
         tmu_surface_detile(s, &rect, tiled, tsize, linear, rect.w * bytes - 1, lsize, &d) == TMU_OK)) {
        describe(chip, &s->desc);
        FAIL("a buffer too small was accepted (%ux%u, pitch %zu, linear %zu, tiled %zu)", rect.w,
             rect.h, pitch, lsize, tsize);
    }
    tmu_surface_rect bad[5] = {rect, rect, rect, rect, rect};
    bad[0].x = lv->width - rect.w + 1;
    bad[1].h = 0;
    bad[2].x = 0xffffffffu, bad[2].w = 2;   /* x + w wraps around */
    bad[3].slice = lv->depth;
    bad[4].level = s->desc.levels;
    for (int i = 0; i < 5; i++)
        if (tmu_surface_detile(s, &bad[i], tiled, tsize, linear, pitch, lsize, &d) == TMU_OK ||
            tmu_surface_retile(s, &bad[i], linear, pitch, lsize, tiled, tsize, &d) == TMU_OK) {
            describe(chip, &s->desc);
            FAIL("rectangle %d outside the level was accepted", i);
        }
    if (memcmp(tiled, copy, tsize) != 0)
        FAIL("a refused retile wrote to the tiled memory");
    free(tiled), free(copy), free(linear);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    reader r = {data, size};
    uint32_t sel = take(&r, 1);
    tmu_amd_chip chip = *tmu_amd_chip_at(sel % tmu_amd_chip_count());
    static int registers = -1;
    if (registers < 0) {
        const char *e = getenv("TMU_FUZZ_LAYOUT_REGISTERS");
        registers = e && *e == '1';
    }
    if (registers && (sel & 0x80)) { /* flip bits of two address registers */
        for (int k = 0; k < 2; k++) {
            uint32_t which = take(&r, 1) % 50, bits = take(&r, 4);
            if (which < 32)
                chip.tile_mode[which] ^= bits;
            else if (which < 48)
                chip.macrotile_mode[which - 32] ^= bits;
            else if (which == 48)
                chip.gb_addr_config ^= bits;
            else
                chip.mc_banks ^= bits & 7, chip.mc_ranks ^= (bits >> 3) & 3;
        }
    }
    static const uint32_t bpps[5] = {8, 16, 32, 64, 128};
    static const uint32_t sample_counts[9] = {1, 1, 1, 2, 4, 8, 16, 3, 0};
    tmu_surface_desc d;
    memset(&d, 0, sizeof d);
    uint32_t b = take(&r, 1);
    d.bpp = b < 0xf0 ? bpps[b % 5] : take(&r, 4);
    d.width = number(&r);
    d.height = number(&r);
    d.slices = number(&r);
    d.levels = take(&r, 1) % 18;
    d.samples = sample_counts[take(&r, 1) % 9];
    d.flags = take(&r, 2);
    d.rsrc = (tmu_surf_rsrc)(take(&r, 1) % 4);
    d.tile_index = (int32_t)(int8_t)take(&r, 1);
    d.swizzle_mode = take(&r, 1) % 40;
    uint32_t x = take(&r, 1);
    d.pipe_bank_xor = x < 0xf0 ? x % 16 : take(&r, 4);

    tmu_surface *s = malloc(sizeof *s);
    if (!s)
        return 0;
    tmu_diag diag;
    tmu_status st = tmu_surface_init_amd(s, &chip, &d, &diag);
    if (st != TMU_OK) {
        if (!diag.message[0]) {
            describe(&chip, &d);
            FAIL("init failed (status %d) without a message", (int)st);
        }
        free(s);
        return 0;
    }
    for (uint32_t l = 0; l < d.levels; l++) {
        const tmu_surface_level *lv = &s->level[l];
        if (!lv->width || !lv->height || !lv->depth) {
            describe(&chip, &d);
            FAIL("level %u has an empty extent %ux%ux%u", l, lv->width, lv->height, lv->depth);
        }
        uint32_t xs[2] = {0, lv->width - 1}, ys[2] = {0, lv->height - 1};
        uint32_t zs[2] = {0, lv->depth - 1}, ss[2] = {0, d.samples - 1};
        for (int k = 0; k < 16; k++)
            check_element(s, &chip, l, xs[k & 1], ys[(k >> 1) & 1], zs[(k >> 2) & 1], ss[k >> 3]);
        expect_range(s, &chip, l, lv->width, 0, 0, 0);
        expect_range(s, &chip, l, 0, lv->height, 0, 0);
        expect_range(s, &chip, l, 0, 0, lv->depth, 0);
        expect_range(s, &chip, l, 0, 0, 0, d.samples);
        expect_range(s, &chip, l, 0xffffffffu, 0xffffffffu, 0, 0);
    }
    expect_range(s, &chip, d.levels, 0, 0, 0, 0);
    /* fuzzed coordinates: inside -> an address in the surface, outside -> refused */
    for (int k = 0; k < 4 && r.n; k++) {
        uint32_t l = take(&r, 1) % (d.levels + 1), cx = number(&r) - 1, cy = number(&r) - 1;
        uint32_t cz = take(&r, 1), cs = take(&r, 1) % 17;
        if (l < d.levels && cx < s->level[l].width && cy < s->level[l].height &&
            cz < s->level[l].depth && cs < d.samples)
            check_element(s, &chip, l, cx, cy, cz, cs);
        else
            expect_range(s, &chip, l, cx, cy, cz, cs);
    }
    if (s->size > 0 && s->size <= (1u << 20))
        convert(s, &chip, &r);
    free(s);
    return 0;
}
