/* tmu sampling benchmark of `tmu bench sample` (bench/sample.sh runs it).
 *
 * Each row is the workload of one case of the lavapipe peer (lavapipe_bench, its sample.comp;
 * docs/texture-unit.md §15, bench/README.md): the same texture (1024x1024 unless named,
 * random contents, full mip chain), format, sampler (repeat addressing) and coordinate pattern.
 * A "dispatch" is 131072 invocations; invocation `id` keeps the shader's generator
 *     s = id * 747796405 + seed * 2891336453 + 1;  per iteration two LCG steps
 *     s = s * 1664525 + 1013904223,  u / v = float(s >> 8) / 2^24
 * and, for the coherent rows, u = (float(id & 1023) + u + float(i)) / 1024,
 * v = (float((id >> 10) & 1023) + v + float(i >> 3)) / 1024.  tmu runs 128 consecutive ids as
 * one wave (a tmu_unit_plan prepared once per thread, or tmu_unit_execute_ex per wave with
 * --per-call) for TMU_BENCH_ITERS iterations, then the next 128 ids, as
 * llvmpipe runs a workgroup's invocations through the shader's loop.  The implicit-LOD row
 * samples a receding floor (tmu render --perspective) over a 1024x128 screen of 2x2 quads;
 * its peer is bench/lavapipe/implicit.comp.
 * Rates are samples per second of thread CPU time (all threads summed: the peer's MS/cpu-s),
 * median of `reps` runs of at least `seconds` each.  Not for the library: a benchmark helper. */
#ifndef TMU_BENCH_SAMPLE_H
#define TMU_BENCH_SAMPLE_H

#include <math.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

#include "tmu/layout.h"
#include "tmu/op.h"
#include "tmu/texture.h"
#include "tmu/unit.h"
#include "unit/internal.h" /* tmu_unit_plan_fast_kind: which path a tiled row's plan takes */

enum { TMU_BENCH_RANDOM = 0, TMU_BENCH_COHERENT = 1, TMU_BENCH_PLANE = 2 };     /* coordinate pattern */
enum { TMU_BENCH_LOD0 = 0, TMU_BENCH_LOD_RANDOM = 1, TMU_BENCH_LOD_IMPLICIT = 2 }; /* level choice */
#define TMU_BENCH_ITERS 64      /* iterations of one wave before the next 128 ids */
#define TMU_BENCH_INVOCATIONS 131072u
#define TMU_BENCH_MAX_REPS 64
#define TMU_BENCH_MAX_THREADS 64

typedef struct tmu_bench_case {
    const char *name;
    const char *peer;     /* peer_bench case name (also its filter), NULL: none */
    const char *peer_spv; /* NULL: the tool's sample.spv; else this .spv next to peer_bench */
    tmu_format format;
    uint32_t size;
    tmu_op_kind kind;
    tmu_filter filter;
    tmu_mip_filter mip;
    int pattern, lodmode;
    int threads;          /* 0: --threads (default 1) */
    double lines;         /* 64-byte lines a sample touches (random rows: expected distinct lines of
                             its footprint; coherent rows: distinct lines per wave / lanes); 0 on
                             tiled rows: measured on the layout (tmu_bench_measure_lines) */
    uint32_t reach;       /* bytes the row's accesses range over (for the line-rate bound) */
    const char *layout;   /* NULL: rows of texels; else the texture is tiled as "chip:mode[:xor]"
                             (AMD: GB_TILE_MODE index or swizzle mode name, pipe-bank XOR) or
                             "gpu:TILE6_3" (Adreno): tmu_bench_layout */
} tmu_bench_case;

/* The tiled rows of one layout: the random, coherent and implicit-LOD workloads above, the texture
 * tiled (lines and reach measured on the layout when the row runs). */
#define TMU_BENCH_TILED_ROWS(suffix, layout)                                                                    \
    {"nearest_rgba8_" suffix, "rgba8_nearest_random", NULL, TMU_FORMAT_R8G8B8A8_UNORM, 1024, TMU_OP_SAMPLE,     \
     TMU_FILTER_NEAREST, TMU_MIP_NONE, TMU_BENCH_RANDOM, TMU_BENCH_LOD0, 0, 0, 0, layout},                     \
    {"bilinear_rgba8_" suffix, "rgba8_bilinear_random", NULL, TMU_FORMAT_R8G8B8A8_UNORM, 1024, TMU_OP_SAMPLE,   \
     TMU_FILTER_LINEAR, TMU_MIP_NONE, TMU_BENCH_RANDOM, TMU_BENCH_LOD0, 0, 0, 0, layout},                      \
    {"gather_rgba8_" suffix, "rgba8_gather_random", NULL, TMU_FORMAT_R8G8B8A8_UNORM, 1024, TMU_OP_GATHER,       \
     TMU_FILTER_LINEAR, TMU_MIP_NONE, TMU_BENCH_RANDOM, TMU_BENCH_LOD0, 0, 0, 0, layout},                      \
    {"trilinear_rgba8_" suffix, "rgba8_trilinear_random_lod0-4", NULL, TMU_FORMAT_R8G8B8A8_UNORM, 1024,        \
     TMU_OP_SAMPLE, TMU_FILTER_LINEAR, TMU_MIP_LINEAR, TMU_BENCH_RANDOM, TMU_BENCH_LOD_RANDOM, 0, 0, 0, layout}, \
    {"bilinear_rgba32f_512_" suffix, "rgba32f_512_bilinear_random", NULL, TMU_FORMAT_R32G32B32A32_FLOAT, 512,  \
     TMU_OP_SAMPLE, TMU_FILTER_LINEAR, TMU_MIP_NONE, TMU_BENCH_RANDOM, TMU_BENCH_LOD0, 0, 0, 0, layout},       \
    {"fetch_rgba8_" suffix, "rgba8_texelFetch_random", NULL, TMU_FORMAT_R8G8B8A8_UNORM, 1024, TMU_OP_FETCH,     \
     TMU_FILTER_NEAREST, TMU_MIP_NONE, TMU_BENCH_RANDOM, TMU_BENCH_LOD0, 0, 0, 0, layout},                     \
    {"bilinear_rgba8_coherent_" suffix, "rgba8_bilinear_coherent", NULL, TMU_FORMAT_R8G8B8A8_UNORM, 1024,      \
     TMU_OP_SAMPLE, TMU_FILTER_LINEAR, TMU_MIP_NONE, TMU_BENCH_COHERENT, TMU_BENCH_LOD0, 0, 0, 0, layout},     \
    {"implicit_trilinear_rgba8_" suffix, "rgba8_trilinear_random_lod0-4", "implicit.spv",                      \
     TMU_FORMAT_R8G8B8A8_UNORM, 1024, TMU_OP_SAMPLE, TMU_FILTER_LINEAR, TMU_MIP_LINEAR, TMU_BENCH_PLANE,       \
     TMU_BENCH_LOD_IMPLICIT, 0, 0, 0, layout}

/* Lines per sample.  Random RGBA8: a bilinear row pair shares a line unless i0 is the last texel
 * of one (1/16): 2 (1 + 1/16) lines; RGBA32F (4 texels a line): 2 (1 + 1/4).  Trilinear with a
 * random LOD in [0, 4): two levels of 2.125 (the finer ones dominate the misses).  Coherent:
 * a wave covers 128 neighbouring texels of one row (RGBA8: 8-9 lines; 2 rows when bilinear). */
static const tmu_bench_case tmu_bench_cases[] = {
    {"nearest_rgba8", "rgba8_nearest_random", NULL, TMU_FORMAT_R8G8B8A8_UNORM, 1024, TMU_OP_SAMPLE,
     TMU_FILTER_NEAREST, TMU_MIP_NONE, TMU_BENCH_RANDOM, TMU_BENCH_LOD0, 0, 1.0, 4u << 20, NULL},
    {"bilinear_rgba8", "rgba8_bilinear_random", NULL, TMU_FORMAT_R8G8B8A8_UNORM, 1024, TMU_OP_SAMPLE,
     TMU_FILTER_LINEAR, TMU_MIP_NONE, TMU_BENCH_RANDOM, TMU_BENCH_LOD0, 0, 2.125, 4u << 20, NULL},
    {"gather_rgba8", "rgba8_gather_random", NULL, TMU_FORMAT_R8G8B8A8_UNORM, 1024, TMU_OP_GATHER,
     TMU_FILTER_LINEAR, TMU_MIP_NONE, TMU_BENCH_RANDOM, TMU_BENCH_LOD0, 0, 2.125, 4u << 20, NULL},
    {"trilinear_rgba8", "rgba8_trilinear_random_lod0-4", NULL, TMU_FORMAT_R8G8B8A8_UNORM, 1024, TMU_OP_SAMPLE,
     TMU_FILTER_LINEAR, TMU_MIP_LINEAR, TMU_BENCH_RANDOM, TMU_BENCH_LOD_RANDOM, 0, 4.25, 5592404u, NULL},
    {"bilinear_rgba32f_512", "rgba32f_512_bilinear_random", NULL, TMU_FORMAT_R32G32B32A32_FLOAT, 512,
     TMU_OP_SAMPLE, TMU_FILTER_LINEAR, TMU_MIP_NONE, TMU_BENCH_RANDOM, TMU_BENCH_LOD0, 0, 2.5, 4u << 20, NULL},
    {"fetch_rgba8", "rgba8_texelFetch_random", NULL, TMU_FORMAT_R8G8B8A8_UNORM, 1024, TMU_OP_FETCH,
     TMU_FILTER_NEAREST, TMU_MIP_NONE, TMU_BENCH_RANDOM, TMU_BENCH_LOD0, 0, 1.0, 4u << 20, NULL},
    {"nearest_rgba8_coherent", "rgba8_nearest_coherent", NULL, TMU_FORMAT_R8G8B8A8_UNORM, 1024, TMU_OP_SAMPLE,
     TMU_FILTER_NEAREST, TMU_MIP_NONE, TMU_BENCH_COHERENT, TMU_BENCH_LOD0, 0, 9.0 / 128, 32u << 10, NULL},
    {"bilinear_rgba8_coherent", "rgba8_bilinear_coherent", NULL, TMU_FORMAT_R8G8B8A8_UNORM, 1024, TMU_OP_SAMPLE,
     TMU_FILTER_LINEAR, TMU_MIP_NONE, TMU_BENCH_COHERENT, TMU_BENCH_LOD0, 0, 18.0 / 128, 32u << 10, NULL},
    {"bilinear_rgba32f_coherent", "rgba32f_bilinear_coherent", NULL, TMU_FORMAT_R32G32B32A32_FLOAT, 1024,
     TMU_OP_SAMPLE, TMU_FILTER_LINEAR, TMU_MIP_NONE, TMU_BENCH_COHERENT, TMU_BENCH_LOD0, 0, 66.0 / 128,
     32u << 10, NULL},
    {"implicit_trilinear_rgba8", "rgba8_trilinear_random_lod0-4", "implicit.spv", TMU_FORMAT_R8G8B8A8_UNORM,
     1024, TMU_OP_SAMPLE, TMU_FILTER_LINEAR, TMU_MIP_LINEAR, TMU_BENCH_PLANE, TMU_BENCH_LOD_IMPLICIT, 0, 0.5,
     256u << 10, NULL},
    {"bilinear_rgba8_2threads", "rgba8_bilinear_random", NULL, TMU_FORMAT_R8G8B8A8_UNORM, 1024, TMU_OP_SAMPLE,
     TMU_FILTER_LINEAR, TMU_MIP_NONE, TMU_BENCH_RANDOM, TMU_BENCH_LOD0, 2, 2.125, 4u << 20, NULL},
    /* the same workloads on tiled textures (lavapipe keeps its linear image): the PS4's
     * 2D_TILED_THIN1 (liverpool GB_TILE_MODE14) and 1D_TILED_THIN1 (13), vega10 SW_64KB_S_X,
     * navi10 SW_4KB_S_X and Adreno a630 TILE6_3 */
    TMU_BENCH_TILED_ROWS("ps4_2d", "liverpool:14"),
    TMU_BENCH_TILED_ROWS("ps4_1d", "liverpool:13"),
    TMU_BENCH_TILED_ROWS("vega64x", "vega10:SW_64KB_S_X:3"),
    TMU_BENCH_TILED_ROWS("navi4x", "navi10:SW_4KB_S_X:5"),
    TMU_BENCH_TILED_ROWS("a630", "a630:TILE6_3"),
};
#define TMU_BENCH_NCASES (sizeof tmu_bench_cases / sizeof tmu_bench_cases[0])

typedef struct tmu_bench_result {
    double msps;      /* million samples per CPU second (all threads), median run */
    double wall_msps; /* million samples per wall second, median run */
    double checksum;  /* sum of all results (keeps the work alive) */
    size_t pairs_bytes;  /* the row-pair copy the row's plans read (tmu_unit_plan_use_pairs), 0: none */
    double pairs_build_s; /* seconds of CPU time tmu_unit_pairs_build took for it */
    double lines;        /* tiled rows: lines a sample touches on the layout (tmu_bench_measure_lines) */
    uint32_t reach;      /* tiled rows: bytes of the levels the row reads (random rows), else bc->reach */
    int tiled_fast;      /* tiled rows: the plan takes the tiled fast path (0: the general path) */
    double floor_gather, floor_scalar; /* tiled random single-level RGBA8 rows: the rates of their texel
                                          loads alone (tmu_bench_load_floor), 0: none; the floor is
                                          the better */
} tmu_bench_result;

static inline double tmu_bench_cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static inline double tmu_bench_wall_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* An f32 result word as the float it holds. */
static inline float tmu_bench_f32(uint32_t w)
{
    float f;
    memcpy(&f, &w, 4);
    return f;
}

/* Per-wave inputs of the generator. */
typedef struct tmu_bench_gen {
    uint32_t id0;   /* first invocation id of the wave */
    uint32_t i;     /* iteration */
    int pattern, lodmode, fetch;
    uint32_t size;
} tmu_bench_gen;

/* Adds the previous results into acc, then makes the next coordinates of the 128 lanes (the
 * shader's body before the texture op) in one pass per group of lanes, specialised per pattern
 * (the arguments are constants at each call of TMU_BENCH_WAVE_BODY), compiled for the baseline
 * ISA and, on x86, for AVX2 and AVX-512: the same C code, bit-identical results
 * (tests/unit/test_bench_gen.c). */
#define TMU_BENCH_WAVE_ARGS                                                                                     \
    float *restrict acc, const uint32_t *restrict a0, const uint32_t *restrict a1, const uint32_t *restrict a2, \
        const uint32_t *restrict a3, uint32_t *restrict state, float *restrict s, float *restrict t,            \
        float *restrict lod, int32_t *restrict ix, int32_t *restrict iy, const tmu_bench_gen *g

#define TMU_BENCH_GEN_BODY                                                                                      \
    {                                                                                                           \
        const float fi = (float)g->i, fi8 = (float)(g->i >> 3), fsz = (float)g->size;                          \
        const int32_t msk = (int32_t)g->size - 1;                                                               \
        for (int k = 0; k < TMU_MAX_LANES; k++) {                                                               \
            acc[k] += tmu_bench_f32(a0[k]);                                                                     \
            acc[TMU_MAX_LANES + k] += tmu_bench_f32(a1[k]);                                                     \
            acc[2 * TMU_MAX_LANES + k] += tmu_bench_f32(a2[k]);                                                 \
            acc[3 * TMU_MAX_LANES + k] += tmu_bench_f32(a3[k]);                                                 \
            uint32_t id = g->id0 + (uint32_t)k;                                                                 \
            float u, v;                                                                                         \
            if (pattern == TMU_BENCH_PLANE) {                                                                   \
                uint32_t q = id >> 2;                                                                           \
                float x = (float)(int32_t)(2 * (q & 511u) + (id & 1u));                                         \
                float y = (float)(int32_t)(2 * (q >> 9) + ((id >> 1) & 1u));                                    \
                float fx = (x + 0.5f) * (1.0f / 1024.0f), fy = (y + 0.5f) * (1.0f / 128.0f);                    \
                float depth = 1.0f / (fy + 0.02f);                                                              \
                u = 0.5f + (fx - 0.5f) * depth * 0.25f + fi * (1.0f / 1024.0f);                                 \
                v = depth * 0.1f + fi8 * (1.0f / 1024.0f);                                                      \
            } else {                                                                                            \
                uint32_t x = state[k] * 1664525u + 1013904223u;                                                 \
                u = (float)(int32_t)(x >> 8) * (1.0f / 16777216.0f);                                            \
                x = x * 1664525u + 1013904223u;                                                                 \
                v = (float)(int32_t)(x >> 8) * (1.0f / 16777216.0f);                                            \
                state[k] = x;                                                                                   \
                if (pattern == TMU_BENCH_COHERENT) {                                                            \
                    u = ((float)(int32_t)(id & 1023u) + u + fi) * (1.0f / 1024.0f);                             \
                    v = ((float)(int32_t)((id >> 10) & 1023u) + v + fi8) * (1.0f / 1024.0f);                    \
                }                                                                                               \
            }                                                                                                   \
            s[k] = u, t[k] = v;                                                                                 \
            if (lodmode == TMU_BENCH_LOD_RANDOM) {                                                              \
                float f = u * 7.0f + v * 13.0f;                                                                 \
                lod[k] = (f - (float)(int32_t)f) * 4.0f; /* f >= 0: truncation is floor */                      \
            }                                                                                                   \
            if (fetch)                                                                                          \
                ix[k] = (int32_t)(u * fsz) & msk, iy[k] = (int32_t)(v * fsz) & msk;                             \
        }                                                                                                       \
    }

/* One pass of a wave for a given (pattern, lodmode, fetch): the generator, specialised. */
#define TMU_BENCH_GEN_FN(name, attr)                                                                            \
    static inline attr void name(TMU_BENCH_WAVE_ARGS, int pattern, int lodmode, int fetch) TMU_BENCH_GEN_BODY

/* The wave function: the specialised pass of the row's pattern. */
#define TMU_BENCH_WAVE_FN(name, gen, attr)                                                                      \
    static attr void name(TMU_BENCH_WAVE_ARGS)                                                                       \
    {                                                                                                           \
        if (g->pattern == TMU_BENCH_PLANE)                                                                      \
            gen(acc, a0, a1, a2, a3, state, s, t, lod, ix, iy, g, TMU_BENCH_PLANE, TMU_BENCH_LOD_IMPLICIT, 0); \
        else if (g->fetch)                                                                                      \
            gen(acc, a0, a1, a2, a3, state, s, t, lod, ix, iy, g, TMU_BENCH_RANDOM, TMU_BENCH_LOD0, 1);        \
        else if (g->pattern == TMU_BENCH_COHERENT)                                                              \
            gen(acc, a0, a1, a2, a3, state, s, t, lod, ix, iy, g, TMU_BENCH_COHERENT, TMU_BENCH_LOD0, 0);      \
        else if (g->lodmode == TMU_BENCH_LOD_RANDOM)                                                            \
            gen(acc, a0, a1, a2, a3, state, s, t, lod, ix, iy, g, TMU_BENCH_RANDOM, TMU_BENCH_LOD_RANDOM, 0);  \
        else                                                                                                    \
            gen(acc, a0, a1, a2, a3, state, s, t, lod, ix, iy, g, TMU_BENCH_RANDOM, TMU_BENCH_LOD0, 0);        \
    }

TMU_BENCH_GEN_FN(tmu_bench_gen_plain, __attribute__((always_inline)))
TMU_BENCH_WAVE_FN(tmu_bench_wave_plain, tmu_bench_gen_plain, )

#if (defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__))
#define TMU_BENCH_HAVE_AVX2 1
#include <immintrin.h>
TMU_BENCH_GEN_FN(tmu_bench_gen_avx2, __attribute__((always_inline, target("avx2"))))
TMU_BENCH_WAVE_FN(tmu_bench_wave_avx2, tmu_bench_gen_avx2, __attribute__((target("avx2"))))
/* And for AVX-512 where the CPU has it (16 lanes a step: +3 % on random bilinear, +11 % on coherent
 * nearest against the AVX2 copy on the project's Zen 5, whose texture kernels are AVX-512 too). */
#define TMU_BENCH_AVX512 "avx512f,avx512vl,avx512dq,avx512bw"
TMU_BENCH_GEN_FN(tmu_bench_gen_avx512, __attribute__((always_inline, target(TMU_BENCH_AVX512))))
TMU_BENCH_WAVE_FN(tmu_bench_wave_avx512, tmu_bench_gen_avx512, __attribute__((target(TMU_BENCH_AVX512))))

static inline int tmu_bench_have_avx512(void)
{
    return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl") &&
           __builtin_cpu_supports("avx512dq") && __builtin_cpu_supports("avx512bw");
}
#endif

/* One thread's state (heap: several run at once). */
typedef struct tmu_bench_thread {
    const tmu_bench_case *bc;
    const tmu_texture *tex;
    const tmu_sampler *smp;
    const tmu_op *op;
    unsigned flags;
    int planned;          /* 1: one tmu_unit_plan, run per wave; 0: tmu_unit_execute_ex per wave */
    const void *pairs;    /* the texture's row-pair copy for the plan (tmu_unit_plan_use_pairs), or NULL */
    size_t pairs_size;
    double seconds;
    int reps, index, failed;
    pthread_barrier_t *barrier;
    double cpu[TMU_BENCH_MAX_REPS], wall[TMU_BENCH_MAX_REPS];
    uint64_t samples[TMU_BENCH_MAX_REPS];
    double checksum;
    /* the wave's arrays on 64-byte lines (the struct is allocated so): their rates must not depend
     * on the size of the fields above (16 more bytes of them cost the nearest and texelFetch rows
     * 12 % on the project's Zen 5 when the arrays fell off the line boundaries) */
    _Alignas(64) float s[TMU_MAX_LANES];
    _Alignas(64) float t[TMU_MAX_LANES];
    _Alignas(64) float lod[TMU_MAX_LANES];
    _Alignas(64) float acc[4 * TMU_MAX_LANES];
    _Alignas(64) int32_t ix[TMU_MAX_LANES];
    _Alignas(64) int32_t iy[TMU_MAX_LANES];
    _Alignas(64) uint32_t state[TMU_MAX_LANES];
    _Alignas(64) uint32_t data[4][TMU_MAX_LANES];
} tmu_bench_thread;

static inline void *tmu_bench_thread_main(void *arg)
{
    tmu_bench_thread *th = (tmu_bench_thread *)arg;
    const tmu_bench_case *bc = th->bc;
    void (*wave)(TMU_BENCH_WAVE_ARGS) = tmu_bench_wave_plain;
#ifdef TMU_BENCH_HAVE_AVX2
    if (__builtin_cpu_supports("avx2"))
        wave = tmu_bench_wave_avx2;
    if (!(th->flags & (TMU_UNIT_MAX_AVX2 | TMU_UNIT_NO_SIMD)) && tmu_bench_have_avx512())
        wave = tmu_bench_wave_avx512;
#endif
    tmu_wave_in in;
    memset(&in, 0, sizeof in);
    in.coord[0] = th->s, in.coord[1] = th->t, in.lod = th->lod;
    in.icoord[0] = th->ix, in.icoord[1] = th->iy;
    tmu_wave_out out = {.data = {th->data[0], th->data[1], th->data[2], th->data[3]}, .resident = NULL};
    tmu_bench_gen g = {0, 0, bc->pattern, bc->lodmode, bc->kind == TMU_OP_FETCH, bc->size};
    tmu_unit_plan *plan = th->planned ? (tmu_unit_plan *)malloc(sizeof *plan) : NULL;
    if (th->planned && (!plan || tmu_unit_plan_init(plan, th->tex, th->smp, th->op, TMU_MAX_LANES, &in, &out,
                                                    th->flags, NULL) != TMU_OK)) {
        free(plan);
        th->failed = 1;
        return NULL;
    }
    if (plan && th->pairs && tmu_unit_plan_use_pairs(plan, th->pairs, th->pairs_size, NULL) != TMU_OK) {
        free(plan);
        th->failed = 1;
        return NULL;
    }
    memset(th->lod, 0, sizeof th->lod);
    memset(th->data, 0, sizeof th->data);
    uint32_t visit = (uint32_t)th->index * 131u; /* threads start on different waves */
    for (int rep = 0; rep < th->reps; rep++) {
        memset(th->acc, 0, sizeof th->acc);
        uint64_t n = 0;
        if (th->barrier)
            pthread_barrier_wait(th->barrier);
        double c0 = tmu_bench_cpu_now(), w0 = tmu_bench_wall_now(), c1 = c0;
        do {
            g.id0 = (visit % (TMU_BENCH_INVOCATIONS / TMU_MAX_LANES)) * TMU_MAX_LANES;
            uint32_t seed = visit / (TMU_BENCH_INVOCATIONS / TMU_MAX_LANES) + 1u;
            for (int k = 0; k < TMU_MAX_LANES; k++)
                th->state[k] = (g.id0 + (uint32_t)k) * 747796405u + seed * 2891336453u + 1u;
            for (uint32_t i = 0; i < TMU_BENCH_ITERS; i++) {
                g.i = i;
                wave(th->acc, th->data[0], th->data[1], th->data[2], th->data[3], th->state, th->s, th->t, th->lod,
                     th->ix, th->iy, &g);
                tmu_status st = plan ? tmu_unit_plan_execute(plan, NULL, &in, &out, NULL)
                                     : tmu_unit_execute_ex(th->tex, th->smp, th->op, TMU_MAX_LANES, NULL, &in, &out,
                                                           th->flags, NULL);
                if (st != TMU_OK) {
                    free(plan);
                    th->failed = 1;
                    return NULL;
                }
            }
            visit++;
            n += (uint64_t)TMU_BENCH_ITERS * TMU_MAX_LANES;
            c1 = tmu_bench_cpu_now();
        } while (c1 - c0 < th->seconds);
        th->cpu[rep] = c1 - c0, th->wall[rep] = tmu_bench_wall_now() - w0, th->samples[rep] = n;
    }
    free(plan);
    double sum = 0;
    for (int k = 0; k < 4 * TMU_MAX_LANES; k++)
        sum += th->acc[k];
    th->checksum = sum;
    return NULL;
}

static inline int tmu_bench_cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* Memory for a texture: 2 MiB aligned and, with `huge`, advised to be backed by transparent huge
 * pages (the TLB then covers the texture); free with tmu_bench_free. */
static inline void *tmu_bench_alloc(size_t size, int huge)
{
    size_t span = (size + (2u << 20) - 1) & ~(size_t)((2u << 20) - 1);
    void *p = mmap(NULL, span, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED)
        return NULL;
#ifdef MADV_HUGEPAGE
    if (huge)
        madvise(p, span, MADV_HUGEPAGE);
#else
    (void)huge;
#endif
    return p;
}

static inline void tmu_bench_free(void *p, size_t size)
{
    size_t span = (size + (2u << 20) - 1) & ~(size_t)((2u << 20) - 1);
    if (p)
        munmap(p, span);
}

/* Lays out the row's texture as bc->layout says ("chip:mode[:xor]", mode a GB_TILE_MODE index or
 * a swizzle mode name; or "gpu:TILE6_3"); returns 0, or -1 when the layout refuses it. */
static inline int tmu_bench_layout(const tmu_bench_case *bc, uint32_t levels, tmu_surface *surf)
{
    char chip[32], mode[32];
    unsigned xor_ = 0;
    const char *c1 = strchr(bc->layout, ':');
    if (!c1 || (size_t)(c1 - bc->layout) >= sizeof chip)
        return -1;
    memcpy(chip, bc->layout, (size_t)(c1 - bc->layout));
    chip[c1 - bc->layout] = 0;
    const char *c2 = strchr(c1 + 1, ':');
    size_t ml = c2 ? (size_t)(c2 - c1 - 1) : strlen(c1 + 1);
    if (ml >= sizeof mode)
        return -1;
    memcpy(mode, c1 + 1, ml);
    mode[ml] = 0;
    if (c2)
        xor_ = (unsigned)strtoul(c2 + 1, NULL, 10);
    uint32_t bytes = bc->format == TMU_FORMAT_R8G8B8A8_UNORM ? 4 : 16;
    const tmu_adreno_gpu *gpu = tmu_adreno_gpu_find(chip);
    if (gpu) {
        tmu_adreno_surface_desc a;
        memset(&a, 0, sizeof a);
        a.block_bytes = bytes, a.block_w = a.block_h = 1, a.width = a.height = bc->size;
        a.depth = a.layers = 1, a.levels = levels, a.samples = 1;
        int m = tmu_adreno_tile_mode_from_name(mode);
        if (m < 0)
            return -1;
        a.tile_mode = (tmu_adreno_tile_mode)m;
        return tmu_surface_init_adreno(surf, gpu, &a, NULL) == TMU_OK ? 0 : -1;
    }
    const tmu_amd_chip *amd = tmu_amd_chip_find(chip);
    if (!amd)
        return -1;
    tmu_surface_desc d;
    memset(&d, 0, sizeof d);
    d.rsrc = TMU_SURF_2D, d.bpp = bytes * 8, d.width = d.height = bc->size, d.slices = 1, d.levels = levels;
    d.samples = 1, d.flags = TMU_SURF_TEXTURE | (levels > 1 ? TMU_SURF_POW2_PAD : 0);
    if (amd->gen <= TMU_AMD_GFX8) {
        d.tile_index = (int32_t)strtol(mode, NULL, 10);
    } else {
        int sw = tmu_amd_swizzle_mode_from_name(mode);
        if (sw < 0)
            return -1;
        d.swizzle_mode = (uint32_t)sw, d.pipe_bank_xor = xor_;
    }
    return tmu_surface_init_amd(surf, amd, &d, NULL) == TMU_OK ? 0 : -1;
}

static inline int tmu_bench_cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* The 64-byte lines one sample of the row touches on `tex` (any layout: the texels' addresses by
 * tmu_texel_address): the row's own coordinates of 64 waves (4 iterations each) through its
 * footprint (nearest: 1 texel; bilinear, gather: 2 x 2; trilinear: 2 x 2 on each of the two
 * levels of its LOD; fetch: 1; repeat addressing), distinct lines per sample on random rows,
 * distinct lines per wave / lanes on the others (the wave's neighbours share lines).  The
 * implicit-LOD row's LOD is log2 of the quads' larger coarse derivative, in double.  With `texel`,
 * rows whose samples read `per` texels each also leave the texels' addresses of their first `cap`
 * samples there (sample i's at texel[i * per ...]; tmu_bench_load_floor). */
static inline double tmu_bench_measure_lines(const tmu_bench_case *bc, const tmu_texture *tex, const void **texel,
                                             uint32_t cap, uint32_t per)
{
    enum { WAVES = 64, ITERS = 4, PER = 8 };
    static _Thread_local uint64_t line[TMU_MAX_LANES * PER];
    uint32_t state[TMU_MAX_LANES], zero[TMU_MAX_LANES];
    float s[TMU_MAX_LANES], t[TMU_MAX_LANES], lod[TMU_MAX_LANES], acc[4 * TMU_MAX_LANES];
    int32_t ix[TMU_MAX_LANES], iy[TMU_MAX_LANES];
    memset(zero, 0, sizeof zero);
    memset(lod, 0, sizeof lod);
    tmu_bench_gen g = {0, 0, bc->pattern, bc->lodmode, bc->kind == TMU_OP_FETCH, bc->size};
    double total = 0;
    uint64_t samples = 0;
    for (uint32_t wv = 0; wv < WAVES; wv++) {
        uint32_t visit = wv * 131u;
        g.id0 = (visit % (TMU_BENCH_INVOCATIONS / TMU_MAX_LANES)) * TMU_MAX_LANES;
        for (int k = 0; k < TMU_MAX_LANES; k++)
            state[k] = (g.id0 + (uint32_t)k) * 747796405u + 2891336453u + 1u;
        for (uint32_t it = 0; it < ITERS; it++) {
            g.i = it * 9;
            tmu_bench_wave_plain(acc, zero, zero, zero, zero, state, s, t, lod, ix, iy, &g);
            uint32_t n = 0;
            for (int k = 0; k < TMU_MAX_LANES; k++) {
                uint32_t first = n;
                float lk = lod[k];
                if (bc->lodmode == TMU_BENCH_LOD_IMPLICIT) {
                    int q = k & ~3;
                    double sz = (double)bc->size;
                    double dx = hypot(((double)s[q + 1] - s[q]) * sz, ((double)t[q + 1] - t[q]) * sz);
                    double dy = hypot(((double)s[q + 2] - s[q]) * sz, ((double)t[q + 2] - t[q]) * sz);
                    double r = dx > dy ? dx : dy;
                    lk = r > 0 ? (float)log2(r) : 0.0f;
                }
                if (bc->mip == TMU_MIP_NONE || bc->kind != TMU_OP_SAMPLE)
                    lk = 0;
                lk = lk < 0 ? 0 : lk > (float)(tex->levels - 1) ? (float)(tex->levels - 1) : lk;
                uint32_t l0 = (uint32_t)lk, nl = (lk > (float)l0 && l0 + 1 < tex->levels) ? 2 : 1;
                for (uint32_t L = l0; L < l0 + nl; L++) {
                    uint32_t w = tmu_level_size(tex->width, L), h = tmu_level_size(tex->height, L);
                    int32_t x0, y0, nx = 1, ny = 1;
                    if (bc->kind == TMU_OP_FETCH) {
                        x0 = ix[k], y0 = iy[k];
                    } else if (bc->filter == TMU_FILTER_NEAREST && bc->kind == TMU_OP_SAMPLE) {
                        x0 = (int32_t)floorf(s[k] * (float)w), y0 = (int32_t)floorf(t[k] * (float)h);
                    } else {
                        x0 = (int32_t)floorf(s[k] * (float)w - 0.5f), y0 = (int32_t)floorf(t[k] * (float)h - 0.5f);
                        nx = ny = 2;
                    }
                    for (int32_t dy = 0; dy < ny; dy++)
                        for (int32_t dx = 0; dx < nx; dx++) {
                            const void *p = tmu_texel_address(tex, L, (uint32_t)(x0 + dx) & (w - 1),
                                                              (uint32_t)(y0 + dy) & (h - 1), 0, 0);
                            if (texel && samples + (uint64_t)k < cap && n - first < per)
                                texel[(samples + (uint64_t)k) * per + (n - first)] = p;
                            line[n++] = (uint64_t)(uintptr_t)p >> 6;
                        }
                }
                if (bc->pattern == TMU_BENCH_RANDOM) { /* distinct lines of this sample */
                    uint32_t d = 0;
                    for (uint32_t a = first; a < n; a++) {
                        uint32_t b = first;
                        while (b < a && line[b] != line[a])
                            b++;
                        d += b == a;
                    }
                    total += d, n = 0;
                }
            }
            if (bc->pattern != TMU_BENCH_RANDOM) { /* distinct lines of the wave */
                qsort(line, n, sizeof line[0], tmu_bench_cmp_u64);
                uint32_t d = 0;
                for (uint32_t a = 0; a < n; a++)
                    d += a == 0 || line[a] != line[a - 1];
                total += d;
            }
            samples += TMU_MAX_LANES;
        }
    }
    return total / (double)samples;
}

/* The median over `reps` runs (at most TMU_BENCH_MAX_REPS) of at least `seconds` of thread CPU
 * time each, `pass(ctx, &sum)` called over and over (it returns the units it did: lines,
 * samples), in million units per CPU second. */
typedef uint64_t (*tmu_bench_pass_fn)(const void *ctx, uint32_t *sum);
static inline double tmu_bench_timed_rate(tmu_bench_pass_fn pass, const void *ctx, double seconds, int reps)
{
    double rate[TMU_BENCH_MAX_REPS];
    uint32_t sum = 0;
    if (reps > TMU_BENCH_MAX_REPS)
        reps = TMU_BENCH_MAX_REPS;
    if (reps < 1)
        return 0;
    for (int r = 0; r < reps; r++) {
        uint64_t n = 0;
        double c0 = tmu_bench_cpu_now(), c1;
        do {
            n += pass(ctx, &sum);
            c1 = tmu_bench_cpu_now();
        } while (c1 - c0 < seconds);
        rate[r] = (double)n / (c1 - c0) / 1e6;
    }
    qsort(rate, (size_t)reps, sizeof(double), tmu_bench_cmp_double);
    volatile uint32_t sink = sum;
    (void)sink;
    return rate[reps / 2];
}

/* The load floor of a row (tiled random single-level RGBA8 rows: each texel one 32-bit load, as
 * the tiled kernels read them): the rate of a loop that does nothing but load the texels of the
 * row's own footprints, `per` a sample, texel[i * per ...] for `ns` samples (their addresses on
 * the layout: tmu_bench_measure_lines), no arithmetic but an index shift.  So that the loop does
 * not sweep the same few thousand footprints (the caches would hold them), each pass over the
 * samples shifts every address by one random multiple of 64 bytes, wrapping within the lines the
 * footprints span (the level): a footprint keeps its lines' pattern, the passes range over the
 * level as random coordinates do.  The indices (ns * per words) stay in the L1 or the L2.  Million
 * samples per CPU second, median of `reps` runs of `seconds`: *gather by hardware gathers
 * (vpgatherdd, 16 at a time, where the CPU has AVX-512F; else 0), *scalar by one load a texel
 * (the better is the floor a kernel that loads these texels cannot pass). */
enum { TMU_BENCH_FLOOR_SAMPLES = 4096, TMU_BENCH_FLOOR_SHIFTS = 4096 };
typedef struct tmu_bench_floor {
    const uint32_t *base; /* the first line the footprints touch */
    const uint32_t *idx;  /* dword offsets from base, blocks of 16 samples: [block][texel][16] */
    const uint32_t *shift; /* dword shifts, multiples of 16 below span */
    uint32_t ns, per;     /* samples, texels a sample: ns * per words of idx */
    uint32_t span;        /* dwords the footprints' lines span */
    uint32_t *pass;       /* passes made (each takes the next shift) */
} tmu_bench_floor;

static inline uint64_t tmu_bench_floor_scalar(const void *ctx, uint32_t *sum)
{
    const tmu_bench_floor *f = (const tmu_bench_floor *)ctx;
    uint32_t shift = f->shift[(*f->pass)++ % TMU_BENCH_FLOOR_SHIFTS], acc = 0;
    for (uint32_t j = 0; j < f->ns * f->per; j++) {
        uint32_t a = f->idx[j] + shift;
        a -= a >= f->span ? f->span : 0;
        acc += f->base[a];
    }
    *sum += acc;
    return f->ns;
}

#ifdef TMU_BENCH_HAVE_AVX2
__attribute__((target("avx512f"))) static inline uint64_t tmu_bench_floor_gather(const void *ctx, uint32_t *sum)
{
    const tmu_bench_floor *f = (const tmu_bench_floor *)ctx;
    uint32_t shift = f->shift[(*f->pass)++ % TMU_BENCH_FLOOR_SHIFTS];
    const __m512i sh = _mm512_set1_epi32((int)shift), span = _mm512_set1_epi32((int)f->span);
    __m512i acc = _mm512_setzero_si512();
    for (uint32_t j = 0; j < f->ns * f->per; j += 16) {
        __m512i a = _mm512_add_epi32(_mm512_load_si512((const void *)(f->idx + j)), sh);
        a = _mm512_min_epu32(a, _mm512_sub_epi32(a, span)); /* a - span where a >= span */
        acc = _mm512_xor_si512(acc, _mm512_i32gather_epi32(a, (const void *)f->base, 4));
    }
    uint32_t w[16], x = 0;
    _mm512_storeu_si512((void *)w, acc);
    for (int k = 0; k < 16; k++)
        x ^= w[k];
    *sum += x;
    return f->ns;
}
#endif

static inline void tmu_bench_load_floor(const void *const *texel, uint32_t ns, uint32_t per, double seconds, int reps,
                                        double *gather, double *scalar)
{
    *gather = *scalar = 0;
    if (reps < 1 || ns % 16 || !per)
        return;
    uintptr_t lo = UINTPTR_MAX, hi = 0;
    for (uint32_t i = 0; i < ns * per; i++) {
        uintptr_t a = (uintptr_t)texel[i];
        lo = a < lo ? a : lo, hi = a + 4 > hi ? a + 4 : hi;
    }
    lo &= ~(uintptr_t)63, hi = (hi + 63) & ~(uintptr_t)63;
    uint32_t *idx = (uint32_t *)aligned_alloc(64, (size_t)ns * per * sizeof *idx);
    uint32_t *shift = (uint32_t *)malloc(TMU_BENCH_FLOOR_SHIFTS * sizeof *shift);
    if (!idx || !shift || (hi - lo) / 4 > UINT32_MAX / 2) {
        free(idx);
        free(shift);
        return;
    }
    uint32_t passes = 0;
    tmu_bench_floor f = {(const uint32_t *)lo, idx, shift, ns, per, (uint32_t)((hi - lo) / 4), &passes};
    for (uint32_t i = 0; i < ns; i++)
        for (uint32_t t = 0; t < per; t++)
            idx[((i / 16) * per + t) * 16 + i % 16] = (uint32_t)(((uintptr_t)texel[i * per + t] - lo) / 4);
    uint32_t x = 2463534242u, lines = f.span / 16;
    for (uint32_t i = 0; i < TMU_BENCH_FLOOR_SHIFTS; i++) { /* xorshift32 */
        x ^= x << 13, x ^= x >> 17, x ^= x << 5;
        shift[i] = (uint32_t)(((uint64_t)x * lines) >> 32) * 16u;
    }
    *scalar = tmu_bench_timed_rate(tmu_bench_floor_scalar, &f, seconds, reps);
#ifdef TMU_BENCH_HAVE_AVX2
    if (__builtin_cpu_supports("avx512f"))
        *gather = tmu_bench_timed_rate(tmu_bench_floor_gather, &f, seconds, reps);
#endif
    free(idx);
    free(shift);
}

/* Runs one case on `threads` threads (each its own waves, one shared texture); `flags` are
 * TMU_UNIT_* (e.g. TMU_UNIT_GENERAL_ONLY); `planned`: each thread prepares the call once
 * (tmu_unit_plan) and runs every wave through it, else calls tmu_unit_execute_ex per wave;
 * `use_pairs` (with `planned`): the plans of RGBA8 gathers, RGBA8 bilinear and trilinear samples
 * and RGBA32F bilinear samples without mips read a row-pair copy of the levels they read, built
 * once before the runs.  Returns 0 on success. */
static inline int tmu_bench_run_case(const tmu_bench_case *bc, double seconds, int reps, unsigned flags, int planned,
                                     int use_pairs, int threads, int huge, int floor_rate, tmu_bench_result *res)
{
    if (reps > TMU_BENCH_MAX_REPS)
        reps = TMU_BENCH_MAX_REPS;
    if (threads < 1)
        threads = 1;
    if (threads > TMU_BENCH_MAX_THREADS)
        threads = TMU_BENCH_MAX_THREADS;
    uint32_t levels = 1, m = bc->size;
    while (m > 1)
        m >>= 1, levels++;
    size_t size = tmu_texture_packed_size(TMU_DIM_2D, bc->format, bc->size, bc->size, 1, 1, levels, 1);
    tmu_surface *surf = NULL; /* tiled rows: the texture's layout */
    if (bc->layout) {
        surf = (tmu_surface *)malloc(sizeof *surf);
        if (!surf || tmu_bench_layout(bc, levels, surf) != 0) {
            free(surf);
            return -1;
        }
        size = (size_t)surf->size;
    }
    unsigned char *mem = (unsigned char *)tmu_bench_alloc(size, huge);
    if (!mem) {
        free(surf);
        return -1;
    }
    uint32_t seed = 12345u;
    for (size_t i = 0; i < size; i++) {
        seed = seed * 1664525u + 1013904223u;
        mem[i] = (unsigned char)(seed >> 24);
    }
    if (bc->format == TMU_FORMAT_R32G32B32A32_FLOAT) /* random floats in [0, 1) */
        for (size_t i = 0; i + 4 <= size; i += 4) {
            seed = seed * 1664525u + 1013904223u;
            float f = (float)(int32_t)(seed >> 8) * (1.0f / 16777216.0f);
            memcpy(mem + i, &f, 4);
        }
    tmu_texture tex;
    tmu_bench_thread *th = (tmu_bench_thread *)aligned_alloc(_Alignof(tmu_bench_thread), (size_t)threads * sizeof *th);
    if (th)
        memset(th, 0, (size_t)threads * sizeof *th);
    tmu_status tst = TMU_ERR_INVALID_ARGUMENT;
    if (th && surf) { /* every level a level of the surface at mem */
        memset(&tex, 0, sizeof tex);
        tex.dim = TMU_DIM_2D, tex.format = bc->format, tex.width = tex.height = bc->size, tex.depth = 1;
        tex.layers = 1, tex.levels = levels, tex.samples = 1;
        for (int c = 0; c < 4; c++)
            tex.swizzle[c] = (tmu_swizzle)c;
        for (uint32_t l = 0; l < levels; l++) {
            tex.level[l].data = mem, tex.level[l].size = size;
            tex.level[l].surface = surf, tex.level[l].surface_level = l;
        }
        tst = tmu_texture_validate(&tex, NULL);
    } else if (th) {
        tst = tmu_texture_init_packed(&tex, TMU_DIM_2D, bc->format, bc->size, bc->size, 1, 1, levels, 1, mem, size,
                                      NULL);
    }
    if (tst != TMU_OK) {
        free(th);
        free(surf);
        tmu_bench_free(mem, size);
        return -1;
    }
    tmu_sampler smp = tmu_sampler_default();
    smp.mag_filter = smp.min_filter = bc->filter;
    smp.mip_filter = bc->mip;
    tmu_op op;
    memset(&op, 0, sizeof op);
    op.kind = bc->kind;
    op.dim = TMU_DIM_2D;
    op.level_mode = bc->lodmode == TMU_BENCH_LOD_IMPLICIT ? TMU_LEVEL_IMPLICIT : TMU_LEVEL_LOD;
    op.result = TMU_RESULT_F32;
    /* the row-pair copy, built once before the runs (its time reported apart), where the row's
     * call reads one: the caller lets tmu re-layout the texture (unit.h tmu_unit_pairs_build) */
    int rgba8 = bc->format == TMU_FORMAT_R8G8B8A8_UNORM, one_level = bc->kind == TMU_OP_GATHER || bc->mip == TMU_MIP_NONE;
    int reads_pairs = use_pairs && planned && !surf &&
                      (bc->kind == TMU_OP_GATHER ? rgba8
                                                 : bc->kind == TMU_OP_SAMPLE && bc->filter == TMU_FILTER_LINEAR &&
                                                       (rgba8 || one_level));
    tmu_texture copied = tex; /* the levels the row reads: level 0 only, or the whole chain */
    if (one_level)
        copied.level_count = 1;
    size_t pairs_size = reads_pairs ? tmu_unit_pairs_size(&copied) : 0;
    void *pairs = pairs_size ? tmu_bench_alloc(pairs_size, huge) : NULL;
    double build_s = 0;
    if (pairs) {
        double c0 = tmu_bench_cpu_now();
        tmu_status bst = tmu_unit_pairs_build(&copied, smp.address[0], pairs, pairs_size, NULL);
        build_s = tmu_bench_cpu_now() - c0;
        if (bst != TMU_OK) {
            free(th);
            free(surf);
            tmu_bench_free(pairs, pairs_size);
            tmu_bench_free(mem, size);
            return -1;
        }
    } else if (pairs_size) {
        free(th);
        free(surf);
        tmu_bench_free(mem, size);
        return -1;
    }
    pthread_barrier_t barrier;
    int use_barrier = threads > 1 && pthread_barrier_init(&barrier, NULL, (unsigned)threads) == 0;
    pthread_t tid[TMU_BENCH_MAX_THREADS];
    int started = 0, failed = 0;
    for (int k = 0; k < threads; k++) {
        th[k].bc = bc, th[k].tex = &tex, th[k].smp = &smp, th[k].op = &op, th[k].flags = flags;
        th[k].planned = planned;
        th[k].pairs = pairs, th[k].pairs_size = pairs_size;
        th[k].seconds = seconds, th[k].reps = reps, th[k].index = k;
        th[k].barrier = use_barrier ? &barrier : NULL;
    }
    if (threads == 1) {
        tmu_bench_thread_main(&th[0]);
    } else {
        if (!use_barrier)
            failed = 1;
        for (int k = 0; k < threads && !failed; k++, started++)
            if (pthread_create(&tid[k], NULL, tmu_bench_thread_main, &th[k]) != 0)
                failed = 1;
        for (int k = 0; k < started; k++)
            pthread_join(tid[k], NULL);
    }
    double cpu_rate[TMU_BENCH_MAX_REPS], wall_rate[TMU_BENCH_MAX_REPS];
    memset(res, 0, sizeof *res);
    for (int k = 0; k < threads; k++)
        failed |= th[k].failed, res->checksum += th[k].checksum;
    for (int r = 0; r < reps && !failed; r++) {
        double cpu = 0, wall = 0, n = 0;
        for (int k = 0; k < threads; k++)
            cpu += th[k].cpu[r], n += (double)th[k].samples[r], wall = th[k].wall[r] > wall ? th[k].wall[r] : wall;
        cpu_rate[r] = n / cpu / 1e6, wall_rate[r] = n / wall / 1e6;
    }
    res->pairs_bytes = pairs ? pairs_size : 0, res->pairs_build_s = build_s;
    res->lines = bc->lines, res->reach = bc->reach;
    if (surf) { /* the layout's lines; random rows range over the levels they read */
        uint32_t per = bc->kind == TMU_OP_GATHER || bc->filter == TMU_FILTER_LINEAR ? 4 : 1;
        const void **texel = NULL;
        if (floor_rate && bc->pattern == TMU_BENCH_RANDOM && bc->format == TMU_FORMAT_R8G8B8A8_UNORM &&
            (bc->kind != TMU_OP_SAMPLE || bc->mip == TMU_MIP_NONE))
            texel = (const void **)malloc((size_t)TMU_BENCH_FLOOR_SAMPLES * per * sizeof *texel);
        res->lines = tmu_bench_measure_lines(bc, &tex, texel, texel ? TMU_BENCH_FLOOR_SAMPLES : 0, per);
        if (texel)
            tmu_bench_load_floor(texel, TMU_BENCH_FLOOR_SAMPLES, per, seconds / 2, reps, &res->floor_gather,
                                 &res->floor_scalar);
        free((void *)texel);
        int one = bc->kind != TMU_OP_SAMPLE || bc->mip == TMU_MIP_NONE;
        uint64_t reach = one ? surf->level[0].size ? surf->level[0].size : surf->slice_size : surf->size;
        res->reach = bc->pattern == TMU_BENCH_RANDOM ? (uint32_t)reach : bc->pattern == TMU_BENCH_COHERENT ? 32u << 10
                                                                                                          : 256u << 10;
        tmu_unit_plan *pl = (tmu_unit_plan *)malloc(sizeof *pl);
        tmu_wave_in pin;
        memset(&pin, 0, sizeof pin);
        pin.coord[0] = th[0].s, pin.coord[1] = th[0].t, pin.lod = th[0].lod;
        pin.icoord[0] = th[0].ix, pin.icoord[1] = th[0].iy;
        tmu_wave_out pout = {.data = {th[0].data[0], th[0].data[1], th[0].data[2], th[0].data[3]}, .resident = NULL};
        res->tiled_fast = pl && tmu_unit_plan_init(pl, &tex, &smp, &op, TMU_MAX_LANES, &pin, &pout, flags, NULL) == TMU_OK &&
                          tmu_unit_plan_fast_kind(pl) == 2;
        free(pl);
    }
    if (!failed) {
        qsort(cpu_rate, (size_t)reps, sizeof(double), tmu_bench_cmp_double);
        qsort(wall_rate, (size_t)reps, sizeof(double), tmu_bench_cmp_double);
        res->msps = cpu_rate[reps / 2], res->wall_msps = wall_rate[reps / 2];
    }
    if (use_barrier)
        pthread_barrier_destroy(&barrier);
    free(th);
    free(surf);
    tmu_bench_free(pairs, pairs_size);
    tmu_bench_free(mem, size);
    return failed ? -1 : 0;
}

/* The physical bound of a row: independent loads of random 64-byte lines over `reach` bytes
 * (memory of the same kind as the textures), million lines per CPU second, median of `reps`.
 * The line offsets are drawn beforehand (a generator in the loop would bound the rate by its own
 * dependency chain, not by the memory), and eight loads are always in flight. */
typedef struct tmu_bench_lines {
    const unsigned char *mem;
    const uint32_t *idx; /* TMU_BENCH_LINE_LOADS byte offsets */
} tmu_bench_lines;
enum { TMU_BENCH_LINE_LOADS = 1 << 16 };

static inline uint64_t tmu_bench_lines_pass(const void *ctx, uint32_t *sum)
{
    const tmu_bench_lines *l = (const tmu_bench_lines *)ctx;
    const unsigned char *mem = l->mem;
    const uint32_t *idx = l->idx;
    uint32_t acc = 0;
    for (uint32_t i = 0; i < TMU_BENCH_LINE_LOADS; i += 8)
        acc += (uint32_t)mem[idx[i]] + mem[idx[i + 1]] + mem[idx[i + 2]] + mem[idx[i + 3]] + mem[idx[i + 4]] +
               mem[idx[i + 5]] + mem[idx[i + 6]] + mem[idx[i + 7]];
    *sum += acc;
    return TMU_BENCH_LINE_LOADS;
}

static inline double tmu_bench_line_rate(uint32_t reach, double seconds, int reps, int huge)
{
    size_t size = reach < 4096 ? 4096 : reach;
    unsigned char *mem = (unsigned char *)tmu_bench_alloc(size, huge);
    uint32_t *idx = (uint32_t *)malloc(TMU_BENCH_LINE_LOADS * sizeof *idx);
    if (!mem || !idx) {
        free(idx);
        tmu_bench_free(mem, size);
        return 0;
    }
    memset(mem, 1, size);
    uint32_t lines = (uint32_t)(size / 64), x = 2463534242u;
    for (uint32_t i = 0; i < TMU_BENCH_LINE_LOADS; i++) { /* xorshift32, reduced to a line's byte offset */
        x ^= x << 13, x ^= x >> 17, x ^= x << 5;
        idx[i] = (uint32_t)(((uint64_t)x * lines) >> 32) * 64u + (i & 7) * 8u;
    }
    tmu_bench_lines l = {mem, idx};
    double rate = tmu_bench_timed_rate(tmu_bench_lines_pass, &l, seconds, reps);
    free(idx);
    tmu_bench_free(mem, size);
    return rate;
}

#endif
