/* tmu sampling benchmark, shared by bench/bench_sample.c and `tmu bench sample`.
 *
 * Workload of docs/texture-unit.md §15 (the lavapipe peer measurement): one thread,
 * a 1024x1024 texture with random contents and a full mip chain (512x512 for the RGBA32F row),
 * repeat addressing, coordinates in [0, 1) from a 32-bit generator (24-bit mantissa), every result
 * accumulated so nothing is dead code.  Waves of 128 lanes go through tmu_unit_execute.
 * Rate = samples / thread CPU time, best of `reps` runs of at least `seconds` each (thread
 * CPU time, so other processes on a shared machine do not count against us). */
#ifndef TMU_BENCH_SAMPLE_H
#define TMU_BENCH_SAMPLE_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "tmu/op.h"
#include "tmu/texture.h"
#include "tmu/unit.h"

typedef struct tmu_bench_case {
    const char *name;
    tmu_format format;
    uint32_t size;
    tmu_op_kind kind;
    tmu_filter filter;
    tmu_mip_filter mip;
    int random_lod; /* lod in [0, 4) */
    double peer_msps; /* lavapipe 1-thread median, docs/texture-unit.md §15.2 (quoted, not measured here) */
} tmu_bench_case;

static const tmu_bench_case tmu_bench_cases[] = {
    {"nearest_rgba8", TMU_FORMAT_R8G8B8A8_UNORM, 1024, TMU_OP_SAMPLE, TMU_FILTER_NEAREST, TMU_MIP_NONE, 0, 357},
    {"bilinear_rgba8", TMU_FORMAT_R8G8B8A8_UNORM, 1024, TMU_OP_SAMPLE, TMU_FILTER_LINEAR, TMU_MIP_NONE, 0, 155},
    {"gather_rgba8", TMU_FORMAT_R8G8B8A8_UNORM, 1024, TMU_OP_GATHER, TMU_FILTER_LINEAR, TMU_MIP_NONE, 0, 261},
    {"trilinear_rgba8", TMU_FORMAT_R8G8B8A8_UNORM, 1024, TMU_OP_SAMPLE, TMU_FILTER_LINEAR, TMU_MIP_LINEAR, 1, 84},
    {"bilinear_rgba32f_512", TMU_FORMAT_R32G32B32A32_FLOAT, 512, TMU_OP_SAMPLE, TMU_FILTER_LINEAR, TMU_MIP_NONE, 0,
     165},
};
#define TMU_BENCH_NCASES (sizeof tmu_bench_cases / sizeof tmu_bench_cases[0])

typedef struct tmu_bench_result {
    double msps;      /* million samples per second of thread CPU time (best run) */
    double checksum;  /* sum of all results of the best run (keeps the work alive) */
    uint64_t samples; /* samples of the best run */
} tmu_bench_result;

static double tmu_bench_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* 32-bit generator (Marsaglia xorshift32: shifts and xors only, so it vectorises on any
 * x86-64 without a 32-bit vector multiply); 24 high bits -> float in [0, 1). */
static inline float tmu_bench_unit(uint32_t *state)
{
    uint32_t x = *state;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    *state = x;
    return (float)(int32_t)(x >> 8) * (1.0f / 16777216.0f);
}

/* An f32 result word as the float it holds. */
static inline float tmu_bench_f32(uint32_t w)
{
    float f;
    memcpy(&f, &w, 4);
    return f;
}

/* The coordinate generation and result accumulation of one wave (the "ALU baseline" of the
 * peer measurement), compiled twice: for the baseline ISA and, on x86, for AVX2 (chosen at
 * run time), as the peer's JIT uses AVX2 for its generator too. */
#define TMU_BENCH_WAVE_BODY                                                                                     \
    {                                                                                                           \
        for (int k = 0; k < TMU_MAX_LANES; k++)                                                                 \
            acc[k] += tmu_bench_f32(a0[k]), acc[TMU_MAX_LANES + k] += tmu_bench_f32(a1[k]),                     \
                acc[2 * TMU_MAX_LANES + k] += tmu_bench_f32(a2[k]),                                             \
                acc[3 * TMU_MAX_LANES + k] += tmu_bench_f32(a3[k]);                                             \
        for (int k = 0; k < TMU_MAX_LANES; k++) {                                                               \
            s[k] = tmu_bench_unit(&state[k]);                                                                   \
            t[k] = tmu_bench_unit(&state[k]);                                                                   \
        }                                                                                                       \
        if (random_lod)                                                                                         \
            for (int k = 0; k < TMU_MAX_LANES; k++)                                                             \
                lod[k] = 4.0f * tmu_bench_unit(&state[k]);                                                      \
    }

/* Adds the previous results (a0..a3 = f32 result words) into acc, then makes the next
 * coordinates.  Plain version. */
static void tmu_bench_wave_plain(float *restrict acc, const uint32_t *restrict a0, const uint32_t *restrict a1,
                                 const uint32_t *restrict a2, const uint32_t *restrict a3, uint32_t *restrict state,
                                 float *restrict s, float *restrict t, float *restrict lod, int random_lod)
TMU_BENCH_WAVE_BODY

#if (defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__))
#define TMU_BENCH_HAVE_AVX2 1
__attribute__((target("avx2"))) static void
tmu_bench_wave_avx2(float *restrict acc, const uint32_t *restrict a0, const uint32_t *restrict a1,
                    const uint32_t *restrict a2, const uint32_t *restrict a3, uint32_t *restrict state,
                    float *restrict s, float *restrict t, float *restrict lod, int random_lod)
TMU_BENCH_WAVE_BODY
#endif

/* Runs one case; `flags` are TMU_UNIT_* (e.g. TMU_UNIT_GENERAL_ONLY).  Returns 0 on success. */
static int tmu_bench_run_case(const tmu_bench_case *bc, double seconds, int reps, unsigned flags,
                              tmu_bench_result *res)
{
    uint32_t levels = 1, m = bc->size;
    while (m > 1)
        m >>= 1, levels++;
    size_t size = tmu_texture_packed_size(TMU_DIM_2D, bc->format, bc->size, bc->size, 1, 1, levels, 1);
    unsigned char *mem = (unsigned char *)malloc(size);
    if (!mem)
        return -1;
    uint32_t seed = 12345u;
    for (size_t i = 0; i < size; i++) {
        seed = seed * 1664525u + 1013904223u;
        mem[i] = (unsigned char)(seed >> 24);
    }
    if (bc->format == TMU_FORMAT_R32G32B32A32_FLOAT) /* random floats in [0, 1) */
        for (size_t i = 0; i + 4 <= size; i += 4) {
            float f = tmu_bench_unit(&seed);
            memcpy(mem + i, &f, 4);
        }
    tmu_texture tex;
    if (tmu_texture_init_packed(&tex, TMU_DIM_2D, bc->format, bc->size, bc->size, 1, 1, levels, 1, mem, size,
                                NULL) != TMU_OK) {
        free(mem);
        return -1;
    }
    tmu_sampler smp = tmu_sampler_default();
    smp.mag_filter = smp.min_filter = bc->filter;
    smp.mip_filter = bc->mip;
    tmu_op op;
    memset(&op, 0, sizeof op);
    op.kind = bc->kind;
    op.dim = TMU_DIM_2D;
    op.level_mode = TMU_LEVEL_LOD;
    op.result = TMU_RESULT_F32;
    static float s[TMU_MAX_LANES], t[TMU_MAX_LANES], lod[TMU_MAX_LANES];
    static uint32_t data[4][TMU_MAX_LANES];
    tmu_wave_in in;
    memset(&in, 0, sizeof in);
    in.coord[0] = s, in.coord[1] = t, in.lod = lod;
    tmu_wave_out out = {.data = {data[0], data[1], data[2], data[3]}, .resident = NULL};
    memset(lod, 0, sizeof lod);
    memset(res, 0, sizeof *res);
    /* one generator stream per lane (seeded from an LCG), so generating coordinates vectorises
     * like the peer's per-invocation generator */
    uint32_t state[TMU_MAX_LANES];
    uint32_t st0 = 1u;
    for (int k = 0; k < TMU_MAX_LANES; k++)
        state[k] = (st0 = st0 * 22695477u + 1u) | 1u; /* xorshift needs a non-zero state */
    void (*wave)(float *restrict, const uint32_t *restrict, const uint32_t *restrict, const uint32_t *restrict,
                 const uint32_t *restrict, uint32_t *restrict, float *restrict, float *restrict, float *restrict,
                 int) = tmu_bench_wave_plain;
#ifdef TMU_BENCH_HAVE_AVX2
    if (__builtin_cpu_supports("avx2"))
        wave = tmu_bench_wave_avx2;
#endif
    for (int rep = 0; rep < reps; rep++) {
        static float acc[4 * TMU_MAX_LANES];
        memset(acc, 0, sizeof acc);
        memset(data, 0, sizeof data);
        uint64_t n = 0;
        double t0 = tmu_bench_now(), t1 = t0;
        do {
            for (int batch = 0; batch < 256; batch++) {
                wave(acc, data[0], data[1], data[2], data[3], state, s, t, lod, bc->random_lod);
                if (tmu_unit_execute_ex(&tex, &smp, &op, TMU_MAX_LANES, NULL, &in, &out, flags, NULL) != TMU_OK) {
                    free(mem);
                    return -1;
                }
            }
            n += 256 * TMU_MAX_LANES;
            t1 = tmu_bench_now();
        } while (t1 - t0 < seconds);
        double msps = (double)n / (t1 - t0) / 1e6;
        if (msps > res->msps) {
            double sum = 0;
            for (int k = 0; k < 4 * TMU_MAX_LANES; k++)
                sum += acc[k];
            res->msps = msps, res->samples = n, res->checksum = sum;
        }
    }
    free(mem);
    return 0;
}

#endif
