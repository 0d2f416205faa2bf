/* Tiled surface copies (tmu/layout.h): tmu_surface_detile / tmu_surface_retile of a whole
 * 4096x4096 level of 4-byte elements against memcpy of the same bytes, and element addresses per
 * second, for AMD or Adreno surfaces (one harness, the surfaces differ).
 *   bench_tiling amd|adreno [ROUNDS]   prints one line per surface:
 *   CASE detile_GBps retile_GBps memcpy_GBps detile/memcpy retile/memcpy Maddr_checked Maddr_fast
 * AMD surfaces: the PS4's (liverpool) 2D_TILED_THIN1 with thin micro tiles (GB_TILE_MODE14 =
 * 0x92400310: ARRAY_MODE 4, MICRO_TILE_MODE_NEW 1) and vega10 SW_64KB_S_X (gfx9), 32 bpp.
 * Adreno surfaces: TILE6_3 on a630 (4-channel macrotiles, highest bank bit 15) and a660
 * (8-channel, hbb 16), cpp 4.  Every surface holds a nonzero element pattern.  Each side is
 * timed in alternating rounds (process CPU time, best round kept), memcpy in the same rounds, so
 * a loaded machine slows all alike.  Before timing, detile is checked against one
 * tmu_surface_address per element of a sample and retile of the detiled image must give back
 * the tiled memory.  Addresses: tmu_surface_address (checked) and tmu_surface_address_fast over
 * 1M random in-range (x, y) of level 0, summed into a sink.  bench/tiling.sh (AMD) and
 * bench/tiling_adreno.sh run it. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "tmu/layout.h"

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

typedef struct bench_case {
    const char *family; /* "amd" or "adreno" */
    const char *name;
    const char *chip;    /* AMD chip or Adreno GPU preset */
    int32_t tile_index;  /* AMD gfx6-8 */
    const char *swizzle; /* AMD gfx9+ */
} bench_case;

#define SIZE 4096
#define NADDR (1u << 20)

static volatile uint64_t sink;

/* Lays out the case's 4096x4096 surface of 4-byte elements. */
static tmu_status init_surface(const bench_case *c, tmu_surface *s, tmu_diag *diag)
{
    if (!strcmp(c->family, "adreno")) {
        const tmu_adreno_gpu *gpu = tmu_adreno_gpu_find(c->chip);
        tmu_adreno_surface_desc d;
        memset(&d, 0, sizeof d);
        d.block_bytes = 4;
        d.block_w = d.block_h = 1;
        d.width = d.height = SIZE;
        d.depth = d.layers = d.levels = d.samples = 1;
        d.tile_mode = TMU_TILE6_3;
        if (!gpu)
            return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1, "no such gpu");
        return tmu_surface_init_adreno(s, gpu, &d, diag);
    }
    const tmu_amd_chip *chip = tmu_amd_chip_find(c->chip);
    tmu_surface_desc d;
    memset(&d, 0, sizeof d);
    d.rsrc = TMU_SURF_2D;
    d.bpp = 32;
    d.width = d.height = SIZE;
    d.slices = d.levels = d.samples = 1;
    d.flags = TMU_SURF_TEXTURE;
    d.tile_index = c->tile_index;
    d.swizzle_mode = c->swizzle ? (uint32_t)tmu_amd_swizzle_mode_from_name(c->swizzle) : 0;
    if (!chip)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1, "no such chip");
    return tmu_surface_init_amd(s, chip, &d, diag);
}

static int run_case(const bench_case *c, int rounds)
{
    static tmu_surface s;
    tmu_diag diag;
    if (init_surface(c, &s, &diag) != TMU_OK) {
        fprintf(stderr, "bench_tiling: %s: %s\n", c->name, diag.message);
        return 1;
    }
    size_t tsize = (size_t)s.size, lbytes = (size_t)SIZE * SIZE * 4;
    unsigned char *tiled = malloc(tsize), *linear = malloc(lbytes), *back = malloc(tsize);
    uint32_t(*xy)[2] = malloc(sizeof *xy * NADDR);
    if (!tiled || !linear || !back || !xy) {
        fprintf(stderr, "bench_tiling: out of memory\n");
        return 1;
    }
    uint64_t seed = 88172645463325252ull;
    for (size_t i = 0; i < tsize; i++) {
        seed ^= seed << 13, seed ^= seed >> 7, seed ^= seed << 17;
        tiled[i] = (unsigned char)(seed >> 32);
    }
    for (uint32_t i = 0; i < NADDR; i++) {
        seed ^= seed << 13, seed ^= seed >> 7, seed ^= seed << 17;
        xy[i][0] = (uint32_t)(seed % SIZE), xy[i][1] = (uint32_t)((seed >> 20) % SIZE);
    }
    memcpy(back, tiled, tsize);
    tmu_surface_rect r = {0, 0, 0, 0, 0, SIZE, SIZE};
    /* correctness first: detile = one address per element (a sample), retile gives it back */
    if (tmu_surface_detile(&s, &r, tiled, tsize, linear, SIZE * 4, lbytes, &diag) != TMU_OK) {
        fprintf(stderr, "bench_tiling: %s: detile: %s\n", c->name, diag.message);
        return 1;
    }
    for (uint32_t i = 0; i < 4096; i++) {
        uint32_t x = xy[i][0], y = xy[i][1];
        uint64_t a = tmu_surface_address_fast(&s, 0, x, y, 0, 0);
        if (memcmp(linear + ((size_t)y * SIZE + x) * 4, tiled + a, 4) != 0) {
            fprintf(stderr, "bench_tiling: %s: detile differs from the address at (%u, %u)\n",
                    c->name, x, y);
            return 1;
        }
    }
    memset(back, 0, tsize);
    if (tmu_surface_retile(&s, &r, linear, SIZE * 4, lbytes, back, tsize, &diag) != TMU_OK) {
        fprintf(stderr, "bench_tiling: %s: retile: %s\n", c->name, diag.message);
        return 1;
    }
    for (uint32_t i = 0; i < 4096; i++) {
        uint64_t a = tmu_surface_address_fast(&s, 0, xy[i][0], xy[i][1], 0, 0);
        if (memcmp(back + a, tiled + a, 4) != 0) {
            fprintf(stderr, "bench_tiling: %s: retile did not give the tiled memory back\n", c->name);
            return 1;
        }
    }
    double best[5] = {1e30, 1e30, 1e30, 1e30, 1e30}; /* detile retile memcpy checked fast */
    for (int k = 0; k < rounds; k++) {
        double t0 = now_s();
        tmu_surface_detile(&s, &r, tiled, tsize, linear, SIZE * 4, lbytes, NULL);
        double t1 = now_s();
        tmu_surface_retile(&s, &r, linear, SIZE * 4, lbytes, back, tsize, NULL);
        double t2 = now_s();
        memcpy(linear, tiled, lbytes);
        double t3 = now_s();
        uint64_t sum = 0, a;
        for (uint32_t i = 0; i < NADDR; i++)
            if (tmu_surface_address(&s, 0, xy[i][0], xy[i][1], 0, 0, &a) == TMU_OK)
                sum += a;
        double t4 = now_s();
        for (uint32_t i = 0; i < NADDR; i++)
            sum += tmu_surface_address_fast(&s, 0, xy[i][0], xy[i][1], 0, 0);
        double t5 = now_s();
        sink += sum + linear[k] + back[k];
        double t[5] = {t1 - t0, t2 - t1, t3 - t2, t4 - t3, t5 - t4};
        for (int i = 0; i < 5; i++)
            if (t[i] < best[i])
                best[i] = t[i];
    }
    double gb = lbytes / 1e9;
    printf("%s %.3f %.3f %.3f %.3f %.3f %.1f %.1f\n", c->name, gb / best[0], gb / best[1],
           gb / best[2], best[2] / best[0], best[2] / best[1], NADDR / best[3] / 1e6,
           NADDR / best[4] / 1e6);
    fflush(stdout);
    free(tiled), free(linear), free(back), free(xy);
    return 0;
}

int main(int argc, char **argv)
{
    static const bench_case cases[] = {
        {"amd", "ps4_2d_thin1", "liverpool", 14, NULL},
        {"amd", "vega10_64KB_S_X", "vega10", 0, "SW_64KB_S_X"},
        {"adreno", "a630_tile6_3", "a630", 0, NULL},
        {"adreno", "a660_tile6_3", "a660", 0, NULL},
    };
    const char *family = argc > 1 ? argv[1] : "";
    int rounds = argc > 2 ? atoi(argv[2]) : 5;
    if ((strcmp(family, "amd") && strcmp(family, "adreno")) || argc > 3 || rounds < 1 ||
        rounds > 1000) {
        fprintf(stderr, "usage: bench_tiling amd|adreno [ROUNDS (1..1000, default 5)]\n");
        return 2;
    }
    int rc = 0;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        if (!strcmp(cases[i].family, family))
            rc |= run_case(&cases[i], rounds);
    return rc;
}
