/* The C peer of bench/bench_python.py: the same sampling work done from C.
 *
 *   bench_python_peer DIR KIND FORMAT SIZE LEVELS FILTER MIP LODMODE N REPS
 *
 * Reads the texture memory DIR/texture.bin (tightly packed, all levels, as tmu_texture_init_packed
 * lays it out), the coordinates DIR/s.bin and DIR/t.bin (N float32 each) and, with LODMODE "file",
 * DIR/lod.bin (N float32; "zero": explicit LOD 0 for every lane), then samples all N coordinates in
 * waves of TMU_MAX_LANES into four result arrays of N words -- what a C program using tmu does.
 * Prints the best of REPS runs in thread CPU seconds and a checksum (the sum of word k * (k + 1)
 * mod 2^64 over the result words in component-major order) that the Python side compares with its
 * own results. */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "tmu/tmu.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void *slurp(const char *dir, const char *name, size_t want)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "bench_python_peer: cannot open %s\n", path);
        exit(1);
    }
    void *p = malloc(want ? want : 1);
    if (!p || fread(p, 1, want, f) != want) {
        fprintf(stderr, "bench_python_peer: %s is shorter than %zu bytes\n", path, want);
        exit(1);
    }
    fclose(f);
    return p;
}

int main(int argc, char **argv)
{
    if (argc != 11) {
        fprintf(stderr, "usage: bench_python_peer DIR KIND FORMAT SIZE LEVELS FILTER MIP LODMODE N REPS\n");
        return 2;
    }
    const char *dir = argv[1];
    int gather = strcmp(argv[2], "gather") == 0;
    tmu_format fmt = tmu_format_from_name(argv[3]);
    uint32_t size = (uint32_t)strtoul(argv[4], NULL, 10), levels = (uint32_t)strtoul(argv[5], NULL, 10);
    tmu_filter filter = strcmp(argv[6], "nearest") == 0 ? TMU_FILTER_NEAREST : TMU_FILTER_LINEAR;
    tmu_mip_filter mip = strcmp(argv[7], "linear") == 0    ? TMU_MIP_LINEAR
                         : strcmp(argv[7], "nearest") == 0 ? TMU_MIP_NEAREST
                                                           : TMU_MIP_NONE;
    int lod_file = strcmp(argv[8], "file") == 0;
    size_t n = (size_t)strtoull(argv[9], NULL, 10);
    int reps = atoi(argv[10]);
    size_t bytes = tmu_texture_packed_size(TMU_DIM_2D, fmt, size, size, 1, 1, levels, 1);
    if (!bytes || n == 0 || reps < 1) {
        fprintf(stderr, "bench_python_peer: bad arguments\n");
        return 2;
    }
    void *mem = slurp(dir, "texture.bin", bytes);
    float *s = slurp(dir, "s.bin", n * 4), *t = slurp(dir, "t.bin", n * 4);
    float *lod = lod_file ? slurp(dir, "lod.bin", n * 4) : calloc(TMU_MAX_LANES, 4);
    uint32_t *out[4];
    for (int c = 0; c < 4; c++)
        if (!(out[c] = malloc(n * 4)))
            return 1;
    tmu_texture tex;
    tmu_diag d;
    if (tmu_texture_init_packed(&tex, TMU_DIM_2D, fmt, size, size, 1, 1, levels, 1, mem, bytes, &d) != TMU_OK) {
        fprintf(stderr, "bench_python_peer: %s\n", d.message);
        return 1;
    }
    tmu_sampler smp = tmu_sampler_default();
    smp.mag_filter = smp.min_filter = filter;
    smp.mip_filter = mip;
    tmu_op op;
    memset(&op, 0, sizeof op);
    op.kind = gather ? TMU_OP_GATHER : TMU_OP_SAMPLE;
    op.dim = TMU_DIM_2D;
    op.level_mode = gather ? TMU_LEVEL_BASE : TMU_LEVEL_LOD;
    op.result = TMU_RESULT_F32;
    double best = 1e30;
    for (int r = 0; r < reps; r++) {
        double t0 = now();
        for (size_t first = 0; first < n; first += TMU_MAX_LANES) {
            uint32_t lanes = n - first < TMU_MAX_LANES ? (uint32_t)(n - first) : TMU_MAX_LANES;
            tmu_wave_in in;
            memset(&in, 0, sizeof in);
            in.coord[0] = s + first;
            in.coord[1] = t + first;
            in.lod = lod_file ? lod + first : lod;
            tmu_wave_out o = {{out[0] + first, out[1] + first, out[2] + first, out[3] + first}, NULL, NULL, NULL};
            if (tmu_unit_execute(&tex, &smp, &op, lanes, NULL, &in, &o, &d) != TMU_OK) {
                fprintf(stderr, "bench_python_peer: %s\n", d.message);
                return 1;
            }
        }
        double el = now() - t0;
        if (el < best)
            best = el;
    }
    uint64_t h = 0, k = 1;
    for (int c = 0; c < 4; c++)
        for (size_t i = 0; i < n; i++, k++)
            h += (uint64_t)out[c][i] * k;
    printf("%.9f %016llx\n", best, (unsigned long long)h);
    for (int c = 0; c < 4; c++)
        free(out[c]);
    free(mem), free(s), free(t), free(lod);
    return 0;
}
