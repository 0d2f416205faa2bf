/* Tiled Adreno surface copies (tmu/layout.h's Adreno section): tmu_surface_detile /
 * tmu_surface_retile of a whole 4096x4096 4-byte TILE6_3 level on a630 (4-channel macrotiles,
 * highest bank bit 15) and a660 (8-channel, hbb 16) against memcpy of the same bytes, and element
 * addresses per second.
 *   bench_tiling_adreno [ROUNDS]   prints one line per surface:
 *   CASE detile_GBps retile_GBps memcpy_GBps detile/memcpy retile/memcpy Maddr_checked Maddr_fast
 * Each side is timed in alternating rounds (process CPU time, best round kept), memcpy in the
 * same rounds.  Before timing, detile is checked against one tmu_surface_address per element of a
 * sample and retile of the detiled image must give back the tiled memory.  bench/tiling_adreno.sh
 * runs it. */
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
    const char *name, *gpu;
} bench_case;

#define SIZE 4096
#define NADDR (1u << 20)

static volatile uint64_t sink;

static int run_case(const bench_case *c, int rounds)
{
    const tmu_adreno_gpu *gpu = tmu_adreno_gpu_find(c->gpu);
    tmu_adreno_surface_desc d;
    memset(&d, 0, sizeof d);
    d.block_bytes = 4;
    d.block_w = d.block_h = 1;
    d.width = d.height = SIZE;
    d.depth = d.layers = d.levels = d.samples = 1;
    d.tile_mode = TMU_TILE6_3;
    static tmu_surface s;
    tmu_diag diag;
    if (!gpu || tmu_surface_init_adreno(&s, gpu, &d, &diag) != TMU_OK) {
        fprintf(stderr, "bench_tiling_adreno: %s: %s\n", c->name, gpu ? diag.message : "no such gpu");
        return 1;
    }
    size_t tsize = (size_t)s.size, lbytes = (size_t)SIZE * SIZE * 4;
    unsigned char *tiled = malloc(tsize), *linear = malloc(lbytes), *back = malloc(tsize);
    uint32_t(*xy)[2] = malloc(sizeof *xy * NADDR);
    if (!tiled || !linear || !back || !xy) {
        fprintf(stderr, "bench_tiling_adreno: out of memory\n");
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
        fprintf(stderr, "bench_tiling_adreno: %s: detile: %s\n", c->name, diag.message);
        return 1;
    }
    for (uint32_t i = 0; i < 4096; i++) {
        uint32_t x = xy[i][0], y = xy[i][1];
        uint64_t a = tmu_surface_address_fast(&s, 0, x, y, 0, 0);
        if (memcmp(linear + ((size_t)y * SIZE + x) * 4, tiled + a, 4) != 0) {
            fprintf(stderr, "bench_tiling_adreno: %s: detile differs from the address at (%u, %u)\n",
                    c->name, x, y);
            return 1;
        }
    }
    memset(back, 0, tsize);
    if (tmu_surface_retile(&s, &r, linear, SIZE * 4, lbytes, back, tsize, &diag) != TMU_OK) {
        fprintf(stderr, "bench_tiling_adreno: %s: retile: %s\n", c->name, diag.message);
        return 1;
    }
    for (uint32_t i = 0; i < 4096; i++) {
        uint64_t a = tmu_surface_address_fast(&s, 0, xy[i][0], xy[i][1], 0, 0);
        if (memcmp(back + a, tiled + a, 4) != 0) {
            fprintf(stderr, "bench_tiling_adreno: %s: retile did not give the tiled memory back\n", c->name);
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
    int rounds = argc > 1 ? atoi(argv[1]) : 5;
    if (rounds < 1 || rounds > 1000) {
        fprintf(stderr, "usage: bench_tiling_adreno [ROUNDS (1..1000, default 5)]\n");
        return 2;
    }
    static const bench_case cases[] = {
        {"a630_tile6_3", "a630"},
        {"a660_tile6_3", "a660"},
    };
    int rc = 0;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        rc |= run_case(&cases[i], rounds);
    return rc;
}
