/* Detile / retile of whole large levels (4 MiB and more: the copies then use non-temporal
 * stores and pair units row by row) against one tmu_surface_address() per element, for the
 * layouts the benchmark times and a few more, with aligned and unaligned rectangles. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tmu/layout.h"

static unsigned failures, checks;

static unsigned char pat(uint32_t x, uint32_t y, unsigned k)
{
    uint32_t v = x * 0x9E3779B1u ^ y * 0x85EBCA77u ^ k * 0xC2B2AE3Du;
    return (unsigned char)((v ^ v >> 13) * 0x2C1B3C6Du >> 24);
}

static void run(const char *what, const tmu_amd_chip *chip, tmu_surface_desc d,
                const tmu_surface_rect *r)
{
    static tmu_surface s;
    tmu_diag diag;
    if (tmu_surface_init_amd(&s, chip, &d, &diag) != TMU_OK) {
        printf("%s: refused: %s\n", what, diag.message);
        failures++;
        return;
    }
    size_t bytes = d.bpp / 8, pitch = (size_t)r->w * bytes;
    size_t lsize = pitch * r->h;
    unsigned char *t = aligned_alloc(4096, ((size_t)s.size + 4095) / 4096 * 4096);
    unsigned char *l = aligned_alloc(64, (lsize + 63) / 64 * 64);
    if (!t || !l) {
        printf("out of memory\n");
        exit(2);
    }
    memset(t, 0xee, (size_t)s.size);
    for (uint32_t y = 0; y < d.height; y++)
        for (uint32_t x = 0; x < d.width; x++) {
            uint64_t a = tmu_surface_address_fast(&s, r->level, x, y, 0, 0);
            for (unsigned k = 0; k < bytes; k++)
                t[a + k] = pat(x, y, k);
        }
    int bad = tmu_surface_detile(&s, r, t, (size_t)s.size, l, pitch, lsize, &diag) != TMU_OK;
    for (uint32_t y = 0; y < r->h && !bad; y++)
        for (uint32_t x = 0; x < r->w && !bad; x++)
            for (unsigned k = 0; k < bytes; k++)
                if (l[y * pitch + x * bytes + k] != pat(r->x + x, r->y + y, k)) {
                    printf("%s: detile element (%u,%u) wrong\n", what, r->x + x, r->y + y);
                    bad = 1;
                    break;
                }
    /* retile into cleared memory: the rectangle's elements where the addresses say */
    memset(t, 0, (size_t)s.size);
    if (!bad && tmu_surface_retile(&s, r, l, pitch, lsize, t, (size_t)s.size, &diag) != TMU_OK)
        bad = 1;
    for (uint32_t y = r->y; y < r->y + r->h && !bad; y++)
        for (uint32_t x = r->x; x < r->x + r->w && !bad; x++) {
            uint64_t a = tmu_surface_address_fast(&s, r->level, x, y, 0, 0);
            for (unsigned k = 0; k < bytes; k++)
                if (t[a + k] != pat(x, y, k)) {
                    printf("%s: retile element (%u,%u) wrong\n", what, x, y);
                    bad = 1;
                    break;
                }
        }
    checks++;
    failures += bad;
    printf("%s: %s\n", what, bad ? "FAILED" : "ok");
    free(t);
    free(l);
}

int main(void)
{
    static const struct {
        const char *chip;
        int tile_index;
        int swizzle; /* -1: tile index */
        uint32_t bpp;
    } cases[] = {
        {"liverpool", 14, -1, 32}, {"liverpool", 10, -1, 32}, {"liverpool", 13, -1, 32},
        {"liverpool", 14, -1, 64}, {"tahiti", 10, -1, 32},    {"vega10", 0, 25, 32},
        {"vega10", 0, 9, 32},      {"vega10", 0, 10, 64},     {"vega10", 0, 5, 16},
        {"navi10", 0, 27, 32},     {"navi21", 0, 25, 32},     {"navi14", 0, 24, 64},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        tmu_surface_desc d;
        memset(&d, 0, sizeof d);
        d.bpp = cases[i].bpp, d.width = 1024, d.height = 1024, d.slices = 1, d.levels = 1;
        d.samples = 1, d.flags = TMU_SURF_TEXTURE, d.rsrc = TMU_SURF_2D;
        if (cases[i].swizzle >= 0)
            d.swizzle_mode = (uint32_t)cases[i].swizzle;
        else
            d.tile_index = cases[i].tile_index;
        char what[120];
        tmu_surface_rect whole = {0, 0, 0, 0, 0, 1024, 1024}, odd = {0, 3, 5, 0, 0, 1017, 1000};
        snprintf(what, sizeof what, "%s %s %u bpp whole", cases[i].chip,
                 cases[i].swizzle >= 0 ? tmu_amd_swizzle_mode_name((uint32_t)cases[i].swizzle) : "tile index",
                 cases[i].bpp);
        run(what, tmu_amd_chip_find(cases[i].chip), d, &whole);
        snprintf(what, sizeof what, "%s %s %u bpp at (3,5)", cases[i].chip,
                 cases[i].swizzle >= 0 ? tmu_amd_swizzle_mode_name((uint32_t)cases[i].swizzle) : "tile index",
                 cases[i].bpp);
        run(what, tmu_amd_chip_find(cases[i].chip), d, &odd);
    }
    printf("%u passed, %u failed\n", checks - failures, failures);
    return failures ? 1 : 0;
}
