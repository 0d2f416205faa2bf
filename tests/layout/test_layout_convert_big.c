/* Detile / retile of whole large levels (4 MiB and more: the copies then use non-temporal
 * stores and pair units row by row) against one tmu_surface_address() per element, for the
 * layouts the benchmark times and a few more, with aligned and unaligned rectangles.  Then the
 * unit kernels of surface.c (8 x 8 units of 4 bytes: the PS4's thin micro tiles, gfx9+ 64KB_S
 * blocks; 16 x 4 units: Adreno TILE6_3) through each of their store kinds: plain stores in cache, non-temporal stores of whole
 * lines (unit pairs), of single units (linear rows 16- but not 64-byte aligned), unaligned
 * buffers and pitches, rectangles that cut units; and mip levels whose unit starts are not
 * separable everywhere (a 1D_TILED_THIN1 level at an unaligned offset, a gfx6 tile split), so a
 * super-tile's starts are computed one by one where its last row or column disagrees.  Each
 * copy also checks that nothing outside the rectangle was written on either side. */
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

typedef struct copy_case {
    size_t pitch_pad;  /* bytes added to the rectangle's row */
    size_t lin_skew;   /* the linear rows start this far into an aligned buffer */
    size_t tiled_skew; /* the tiled memory starts this far into an aligned buffer */
} copy_case;

/* Detile and retile rectangle `r` of surface `sp` (elements of `bytes` bytes) as `cc` says. */
static void run_surface(const char *what, const tmu_surface *sp, size_t bytes,
                        const tmu_surface_rect *r, const copy_case *cc)
{
    const tmu_surface s = *sp;
    tmu_diag diag;
    size_t row = (size_t)r->w * bytes, pitch = row + cc->pitch_pad;
    size_t lsize = pitch * (r->h - 1) + row, tsize = (size_t)s.size;
    unsigned char *tb = aligned_alloc(4096, (tsize + cc->tiled_skew + 4095) / 4096 * 4096);
    unsigned char *lb = aligned_alloc(64, (pitch * r->h + cc->lin_skew + 63) / 64 * 64);
    if (!tb || !lb) {
        printf("out of memory\n");
        exit(2);
    }
    unsigned char *t = tb + cc->tiled_skew, *l = lb + cc->lin_skew;
    const tmu_surface_level *lv = &s.level[r->level];
    memset(t, 0xee, tsize);
    for (uint32_t y = 0; y < lv->height; y++)
        for (uint32_t x = 0; x < lv->width; x++) {
            uint64_t a = tmu_surface_address_fast(&s, r->level, x, y, 0, 0);
            for (unsigned k = 0; k < bytes; k++)
                t[a + k] = pat(x, y, k);
        }
    memset(l, 0xcd, pitch * r->h);
    int bad = tmu_surface_detile(&s, r, t, tsize, l, pitch, lsize, &diag) != TMU_OK;
    if (bad)
        printf("%s: detile: %s\n", what, diag.message);
    for (uint32_t y = 0; y < r->h && !bad; y++)
        for (size_t i = 0; i < pitch && !bad; i++) {
            size_t x = i / bytes, k = i % bytes;
            unsigned char want = i < row ? pat(r->x + (uint32_t)x, r->y + y, (unsigned)k) : 0xcd;
            if (y + 1 < r->h || i < row) /* (the last row ends at the row's end) */
                if (l[y * pitch + i] != want) {
                    printf("%s: detile byte %zu of row %u wrong\n", what, i, y);
                    bad = 1;
                }
        }
    /* retile into cleared memory: the rectangle's elements where the addresses say, and
     * nothing else written */
    memset(t, 0, tsize);
    if (!bad && tmu_surface_retile(&s, r, l, pitch, lsize, t, tsize, &diag) != TMU_OK) {
        printf("%s: retile: %s\n", what, diag.message);
        bad = 1;
    }
    for (uint32_t y = r->y; y < r->y + r->h && !bad; y++)
        for (uint32_t x = r->x; x < r->x + r->w && !bad; x++) {
            uint64_t a = tmu_surface_address_fast(&s, r->level, x, y, 0, 0);
            for (unsigned k = 0; k < bytes; k++)
                if (t[a + k] != pat(x, y, k)) {
                    printf("%s: retile element (%u,%u) wrong\n", what, x, y);
                    bad = 1;
                    break;
                }
            memset(t + a, 0, bytes);
        }
    for (size_t i = 0; i < tsize && !bad; i++)
        if (t[i]) {
            printf("%s: retile wrote tiled byte %zu outside the rectangle\n", what, i);
            bad = 1;
        }
    checks++;
    failures += bad;
    printf("%s: %s\n", what, bad ? "FAILED" : "ok");
    free(tb);
    free(lb);
}

static void run_at(const char *what, const tmu_amd_chip *chip, const tmu_surface_desc *d,
                   const tmu_surface_rect *r, const copy_case *cc)
{
    static tmu_surface s;
    tmu_diag diag;
    if (tmu_surface_init_amd(&s, chip, d, &diag) != TMU_OK) {
        printf("%s: refused: %s\n", what, diag.message);
        failures++;
        return;
    }
    run_surface(what, &s, d->bpp / 8, r, cc);
}

static void run(const char *what, const tmu_amd_chip *chip, tmu_surface_desc d,
                const tmu_surface_rect *r)
{
    static const copy_case plain = {0, 0, 0};
    run_at(what, chip, &d, r, &plain);
}

static tmu_surface_desc desc2d(uint32_t bpp, uint32_t w, uint32_t h, uint32_t levels,
                               int tile_index, int swizzle)
{
    tmu_surface_desc d;
    memset(&d, 0, sizeof d);
    d.bpp = bpp, d.width = w, d.height = h, d.slices = 1, d.levels = levels;
    d.samples = 1, d.flags = TMU_SURF_TEXTURE, d.rsrc = TMU_SURF_2D;
    if (swizzle >= 0)
        d.swizzle_mode = (uint32_t)swizzle;
    else
        d.tile_index = tile_index;
    return d;
}

/* The unit kernels: every store kind and clipping, detile and retile. */
static void kernel_cases(void)
{
    static const struct {
        const char *chip, *name;
        int tile_index, swizzle;
    } lay[] = {
        {"liverpool", "PS4 2D_TILED_THIN1 thin (MORTON4)", 14, -1},
        {"bonaire", "gfx7 2D thin (MORTON4)", 14, -1},
        {"vega10", "vega10 SW_64KB_S_X (ROWS4)", 0, 25},
        {"navi21", "navi21 SW_64KB_S_X (ROWS4)", 0, 25},
        {"vega10", "vega10 SW_64KB_S (ROWS4)", 0, 9},
    };
    static const struct {
        const char *name;
        tmu_surface_rect r;
        copy_case cc;
    } shapes[] = {
        /* 5+ MiB: non-temporal stores */
        {"unit pairs, whole lines", {0, 16, 8, 0, 0, 1248, 1000}, {0, 0, 0}},
        {"single units (rows 16-aligned)", {0, 8, 8, 0, 0, 1264, 1008}, {0, 0, 0}},
        {"linear 16 past a line", {0, 0, 0, 0, 0, 1280, 1024}, {0, 16, 0}},
        {"rectangle cuts units", {0, 3, 5, 0, 0, 1270, 1010}, {64 - (1270 * 4) % 64, 0, 0}},
        {"cut top and right, rows on lines",
         {0, 16, 5, 0, 0, 1251, 1010},
         {64 - (1251 * 4) % 64, 0, 0}},
        {"odd pitch (no streaming)", {0, 8, 0, 0, 0, 1264, 1024}, {4, 0, 0}},
        {"linear 4 off (no streaming)", {0, 0, 0, 0, 0, 1280, 1024}, {0, 4, 0}},
        {"tiled 16 off", {0, 0, 8, 0, 0, 1280, 1016}, {0, 0, 16}},
        {"tiled 4 off (no streaming)", {0, 0, 0, 0, 0, 1280, 1024}, {0, 0, 4}},
        /* in cache: plain stores */
        {"in cache, aligned", {0, 64, 128, 0, 0, 256, 256}, {0, 0, 0}},
        {"in cache, cut units", {0, 37, 21, 0, 0, 203, 251}, {12, 4, 0}},
    };
    for (size_t i = 0; i < sizeof lay / sizeof lay[0]; i++) {
        tmu_surface_desc d = desc2d(32, 1280, 1024, 1, lay[i].tile_index, lay[i].swizzle);
        for (size_t k = 0; k < sizeof shapes / sizeof shapes[0]; k++) {
            char what[160];
            snprintf(what, sizeof what, "%s: %s", lay[i].name, shapes[k].name);
            run_at(what, tmu_amd_chip_find(lay[i].chip), &d, &shapes[k].r, &shapes[k].cc);
        }
    }
}

/* Adreno TILE6_3 levels of 4-byte elements (16 x 4 units, the QUAD16 kernel; a660: 8
 * macrotile channels, a630: 4) through the same store kinds and cuts as above, and 8-byte
 * elements (units through their runs) for comparison. */
static void adreno_cases(void)
{
    static const struct {
        const char *gpu;
        uint32_t bytes, w, h, levels;
    } lay[] = {
        {"a630", 4, 1280, 1024, 1}, {"a660", 4, 1280, 1024, 1}, {"a750", 4, 1280, 1024, 1},
        {"a660", 4, 1111, 999, 3},  {"a630", 8, 1024, 700, 1},
    };
    static const struct {
        const char *name;
        tmu_surface_rect r;
        copy_case cc;
    } shapes[] = {
        {"whole lines", {0, 0, 0, 0, 0, 1280, 1024}, {0, 0, 0}},
        {"rows 16-aligned", {0, 16, 4, 0, 0, 1248, 1016}, {16, 0, 0}},
        {"rectangle cuts units", {0, 3, 5, 0, 0, 1270, 1010}, {64 - (1270 * 4) % 64, 0, 0}},
        {"odd pitch (no streaming)", {0, 16, 0, 0, 0, 1264, 1024}, {4, 0, 0}},
        {"linear 4 off", {0, 0, 0, 0, 0, 1280, 1024}, {0, 4, 0}},
        {"tiled 16 off", {0, 0, 8, 0, 0, 1280, 1016}, {0, 0, 16}},
        {"in cache, cut units", {0, 37, 21, 0, 0, 203, 251}, {12, 4, 0}},
    };
    for (size_t i = 0; i < sizeof lay / sizeof lay[0]; i++) {
        tmu_adreno_surface_desc d;
        memset(&d, 0, sizeof d);
        d.block_bytes = lay[i].bytes, d.block_w = d.block_h = 1;
        d.width = lay[i].w, d.height = lay[i].h, d.depth = d.layers = 1;
        d.levels = lay[i].levels, d.samples = 1, d.tile_mode = TMU_TILE6_3;
        static tmu_surface s;
        tmu_diag diag;
        if (tmu_surface_init_adreno(&s, tmu_adreno_gpu_find(lay[i].gpu), &d, &diag) != TMU_OK) {
            printf("%s: refused: %s\n", lay[i].gpu, diag.message);
            failures++;
            continue;
        }
        for (uint32_t level = 0; level < lay[i].levels; level++)
            for (size_t k = 0; k < sizeof shapes / sizeof shapes[0]; k++) {
                const tmu_surface_level *l = &s.level[level];
                tmu_surface_rect r = shapes[k].r;
                r.level = level;
                if (r.x + r.w > l->width || r.y + r.h > l->height) { /* the level's own extent */
                    if (r.x >= l->width || r.y >= l->height)
                        continue;
                    r.w = l->width - r.x, r.h = l->height - r.y;
                }
                char what[160];
                snprintf(what, sizeof what, "%s TILE6_3 %u bytes %ux%u level %u: %s", lay[i].gpu,
                         lay[i].bytes, lay[i].w, lay[i].h, level, shapes[k].name);
                run_surface(what, &s, lay[i].bytes, &r, &shapes[k].cc);
            }
    }
}

/* Levels whose unit starts are separable in some super-tiles only (found by search: the last
 * row / column check fails in a column of super-tiles, or at the level's bottom). */
static void separable_cases(void)
{
    static const struct {
        const char *chip, *name;
        int tile_index;
        uint32_t bpp, level;
    } lv[] = {
        {"tahiti", "tahiti 1D_TILED_THIN1 level 1 at an unaligned offset", 9, 32, 1},
        {"tahiti", "tahiti 2D tile split level 1 (4x4 units)", 0, 32, 1},
        {"tonga", "tonga 1D_TILED_THIN1 level 1 at an unaligned offset", 9, 8, 1},
        {"bonaire", "bonaire 2D level 2", 14, 32, 2},
    };
    for (size_t i = 0; i < sizeof lv / sizeof lv[0]; i++) {
        tmu_surface_desc d = desc2d(lv[i].bpp, 777, 1555, 5, lv[i].tile_index, -1);
        static tmu_surface s;
        tmu_diag diag;
        const tmu_amd_chip *chip = tmu_amd_chip_find(lv[i].chip);
        if (tmu_surface_init_amd(&s, chip, &d, &diag) != TMU_OK) {
            printf("%s: refused: %s\n", lv[i].name, diag.message);
            failures++;
            continue;
        }
        const tmu_surface_level *l = &s.level[lv[i].level];
        tmu_surface_rect whole = {lv[i].level, 0, 0, 0, 0, l->width, l->height};
        tmu_surface_rect part = {lv[i].level, 5, 9, 0, 0, l->width - 7, l->height - 12};
        char what[160];
        snprintf(what, sizeof what, "%s whole", lv[i].name);
        run(what, chip, d, &whole);
        snprintf(what, sizeof what, "%s at (5,9)", lv[i].name);
        run(what, chip, d, &part);
    }
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
        tmu_surface_desc d = desc2d(cases[i].bpp, 1024, 1024, 1, cases[i].tile_index,
                                    cases[i].swizzle);
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
    kernel_cases();
    adreno_cases();
    separable_cases();
    printf("%u passed, %u failed\n", checks - failures, failures);
    return failures ? 1 : 0;
}
