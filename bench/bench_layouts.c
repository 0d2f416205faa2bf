/* Texture layouts for a random-coordinate gather (issue 15: "a cache-line-tiled internal layout
 * for textures the caller lets tmu re-layout"): bare AVX-512 kernels that gather component 0
 * (c / 255.0f, as tmu does) of the 2x2 footprints of 128-lane waves of random coordinates on a
 * 1024^2 RGBA8 texture (repeat addressing), one kernel per layout, in alternating rounds of one
 * run, and tmu's own gather (tmu_unit_plan_execute on the linear texture, and on its row-pair
 * copy) on the same waves.
 *   bench_layouts [ROUNDS]   prints one line per side:
 *   SIDE msamples_per_cpu_s lines_per_sample bytes_per_texel ratio_to_linear
 * Sides:
 *   linear       row-major texels (tmu's layout); per lane one 64-bit load per footprint row,
 *                plain scalar loads registered first and made between the phases (as tmu's
 *                AVX-512 gather does for a level 0 of 512 KiB or more)
 *   linear_hw    row-major texels, two vpgatherdq per row of 16 lanes
 *   tiled4x4     4x4-texel tiles of 64 bytes (one cache line each), row-major tiles: a footprint
 *                lies in one line 9 times in 16, but every texel needs its own address and load
 *                (one vpgatherdd per texel of 16 lanes)
 *   tiled4x4_sc  the same tiles, texels loaded with plain scalar loads between the phases
 *   rowpair      a second copy in which texel (x, y) holds T(x, y) and T(x, y + 1) (8 bytes):
 *                a footprint is one 16-byte load, in one line 7 times in 8 (twice the memory)
 *   tmu          tmu_unit_plan_execute (the whole call: checks, edge lanes, stores)
 *   tmu_pairs    the same plan reading tmu's own row-pair copy (tmu_unit_pairs_build: the rowpair
 *                layout padded with the wrapped column and row, so no lane has an edge)
 * Every side's results are compared with the linear kernel's, bit for bit, on the first waves.
 * Rates are samples per second of process CPU time (best round).  bench/layouts.sh runs it. */
#define _DEFAULT_SOURCE /* clock_gettime, posix_memalign, madvise */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

#include "tmu/unit.h"

#if (defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>

#define N 1024u  /* texture size */
#define LANES 128 /* a wave */
#define BLOCKS (LANES / 16)
#define WAVES 4096 /* coordinate waves cycled through (4 MiB of coordinates) */
#define AVX512 __attribute__((target("avx512f")))

typedef struct layouts {
    const uint32_t *lin;     /* N x (N + 1) texels: the extra row keeps row y + 1 of the last row readable */
    const uint32_t *tiled;   /* N x N texels in 4x4 tiles */
    const uint64_t *rowpair; /* N x N pairs, plus one */
    const float *coord;      /* WAVES x 2 x LANES coordinates in [0, 1) */
} layouts;

typedef void (*kernel_fn)(const layouts *l, const float *s, const float *t, float out[4][LANES]);

/* 2 MiB-aligned memory advised to transparent huge pages (as tmu bench sample's textures). */
static void *huge_alloc(size_t size)
{
    void *p = NULL;
    size_t span = (size + (2u << 20) - 1) & ~(size_t)((2u << 20) - 1);
    if (posix_memalign(&p, 2u << 20, span) != 0)
        return NULL;
#ifdef MADV_HUGEPAGE
    madvise(p, span, MADV_HUGEPAGE);
#endif
    return p;
}

static double cpu_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* c / 255.0f for bytes c (tmu's exact product and FMA, fast_avx512.c div255). */
static inline AVX512 __m512 comp0(__m512i t)
{
    __m512 c = _mm512_cvtepi32_ps(_mm512_and_si512(t, _mm512_set1_epi32(0xFF)));
    __m512 lo = _mm512_mul_ps(c, _mm512_set1_ps(65793.0f * 0x1p-48f));
    return _mm512_fmadd_ps(c, _mm512_set1_ps(65793.0f * 0x1p-24f), lo);
}

/* Texel columns i0, i1 and rows j0, j1 of the footprints of lanes b..b+15 (u = s * N - 0.5). */
static inline AVX512 void footprint(const float *s, const float *t, int b, __m512i *i0, __m512i *i1, __m512i *j0,
                                    __m512i *j1)
{
    const __m512 n = _mm512_set1_ps((float)N), half = _mm512_set1_ps(0.5f);
    __m512 u = _mm512_sub_ps(_mm512_mul_ps(_mm512_loadu_ps(s + b), n), half);
    __m512 v = _mm512_sub_ps(_mm512_mul_ps(_mm512_loadu_ps(t + b), n), half);
    __m512i iu = _mm512_cvttps_epi32(_mm512_roundscale_ps(u, _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC));
    __m512i iv = _mm512_cvttps_epi32(_mm512_roundscale_ps(v, _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC));
    const __m512i m = _mm512_set1_epi32((int)N - 1), one = _mm512_set1_epi32(1);
    *i0 = _mm512_and_si512(iu, m), *i1 = _mm512_and_si512(_mm512_add_epi32(iu, one), m);
    *j0 = _mm512_and_si512(iv, m), *j1 = _mm512_and_si512(_mm512_add_epi32(iv, one), m);
}

/* Texel (x, y) of the tiled copy: dword ((y / 4) * (N / 4) + x / 4) * 16 + (y % 4) * 4 + x % 4. */
static inline AVX512 __m512i tile_index(__m512i x, __m512i y)
{
    const __m512i three = _mm512_set1_epi32(3);
    __m512i tile = _mm512_add_epi32(_mm512_mullo_epi32(_mm512_srli_epi32(y, 2), _mm512_set1_epi32((int)N / 4)),
                                    _mm512_srli_epi32(x, 2));
    return _mm512_add_epi32(_mm512_slli_epi32(tile, 4),
                            _mm512_add_epi32(_mm512_slli_epi32(_mm512_and_si512(y, three), 2), _mm512_and_si512(x, three)));
}

static inline AVX512 void store4(float out[4][LANES], int b, const __m512i t[4])
{
    for (int q = 0; q < 4; q++) /* tld4 order: (i0,j1) (i1,j1) (i1,j0) (i0,j0) */
        _mm512_storeu_ps(out[q] + b, comp0(t[q]));
}

/* The even and odd dwords of 16 64-bit pairs (lanes 0-7 in lo, 8-15 in hi). */
static inline AVX512 void split(__m512i lo, __m512i hi, __m512i *first, __m512i *second)
{
    const __m512i even = _mm512_setr_epi32(0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30);
    *first = _mm512_permutex2var_epi32(lo, even, hi);
    *second = _mm512_permutex2var_epi32(lo, _mm512_add_epi32(even, _mm512_set1_epi32(1)), hi);
}

static AVX512 void k_linear(const layouts *l, const float *s, const float *t, float out[4][LANES])
{
    int32_t idx[BLOCKS][16];
    uint64_t val[BLOCKS][2][16];
    for (int b = 0; b < BLOCKS; b++) {
        __m512i i0, i1, j0, j1;
        footprint(s, t, 16 * b, &i0, &i1, &j0, &j1);
        _mm512_storeu_si512((void *)idx[b], _mm512_add_epi32(_mm512_slli_epi32(j0, 10), i0));
    }
    for (int b = 0; b < BLOCKS; b++)
        for (int k = 0; k < 16; k++) {
            memcpy(&val[b][0][k], l->lin + idx[b][k], 8);
            memcpy(&val[b][1][k], l->lin + idx[b][k] + N, 8);
        }
    for (int b = 0; b < BLOCKS; b++) {
        __m512i tx[4];
        split(_mm512_loadu_si512((const void *)val[b][1]), _mm512_loadu_si512((const void *)(val[b][1] + 8)), &tx[0],
              &tx[1]);
        split(_mm512_loadu_si512((const void *)val[b][0]), _mm512_loadu_si512((const void *)(val[b][0] + 8)), &tx[3],
              &tx[2]);
        store4(out, 16 * b, tx);
    }
}

static AVX512 void k_linear_hw(const layouts *l, const float *s, const float *t, float out[4][LANES])
{
    for (int b = 0; b < BLOCKS; b++) {
        __m512i i0, i1, j0, j1, tx[4];
        footprint(s, t, 16 * b, &i0, &i1, &j0, &j1);
        __m512i f = _mm512_add_epi32(_mm512_slli_epi32(j0, 10), i0);
        for (int r = 0; r < 2; r++) {
            __m512i g = _mm512_add_epi32(f, _mm512_set1_epi32(r ? (int)N : 0));
            __m512i lo = _mm512_i32gather_epi64(_mm512_castsi512_si256(g), (const void *)l->lin, 4);
            __m512i hi = _mm512_i32gather_epi64(_mm512_extracti64x4_epi64(g, 1), (const void *)l->lin, 4);
            if (r)
                split(lo, hi, &tx[0], &tx[1]);
            else
                split(lo, hi, &tx[3], &tx[2]);
        }
        store4(out, 16 * b, tx);
    }
}

static AVX512 void k_tiled(const layouts *l, const float *s, const float *t, float out[4][LANES])
{
    for (int b = 0; b < BLOCKS; b++) {
        __m512i i0, i1, j0, j1;
        footprint(s, t, 16 * b, &i0, &i1, &j0, &j1);
        const __m512i tx[4] = {_mm512_i32gather_epi32(tile_index(i0, j1), (const void *)l->tiled, 4),
                               _mm512_i32gather_epi32(tile_index(i1, j1), (const void *)l->tiled, 4),
                               _mm512_i32gather_epi32(tile_index(i1, j0), (const void *)l->tiled, 4),
                               _mm512_i32gather_epi32(tile_index(i0, j0), (const void *)l->tiled, 4)};
        store4(out, 16 * b, tx);
    }
}

static AVX512 void k_tiled_scalar(const layouts *l, const float *s, const float *t, float out[4][LANES])
{
    int32_t idx[BLOCKS][4][16];
    uint32_t val[BLOCKS][4][16];
    for (int b = 0; b < BLOCKS; b++) {
        __m512i i0, i1, j0, j1;
        footprint(s, t, 16 * b, &i0, &i1, &j0, &j1);
        _mm512_storeu_si512((void *)idx[b][0], tile_index(i0, j1));
        _mm512_storeu_si512((void *)idx[b][1], tile_index(i1, j1));
        _mm512_storeu_si512((void *)idx[b][2], tile_index(i1, j0));
        _mm512_storeu_si512((void *)idx[b][3], tile_index(i0, j0));
    }
    for (int b = 0; b < BLOCKS; b++)
        for (int q = 0; q < 4; q++)
            for (int k = 0; k < 16; k++)
                val[b][q][k] = l->tiled[idx[b][q][k]];
    for (int b = 0; b < BLOCKS; b++) {
        __m512i tx[4];
        for (int q = 0; q < 4; q++)
            tx[q] = _mm512_loadu_si512((const void *)val[b][q]);
        store4(out, 16 * b, tx);
    }
}

static AVX512 void k_rowpair(const layouts *l, const float *s, const float *t, float out[4][LANES])
{
    int32_t idx[BLOCKS][16];
    uint32_t val[BLOCKS][16][4]; /* lane k: T(i0,j0) T(i0,j1) T(i1,j0) T(i1,j1) */
    for (int b = 0; b < BLOCKS; b++) {
        __m512i i0, i1, j0, j1;
        footprint(s, t, 16 * b, &i0, &i1, &j0, &j1);
        _mm512_storeu_si512((void *)idx[b], _mm512_add_epi32(_mm512_slli_epi32(j0, 10), i0));
    }
    for (int b = 0; b < BLOCKS; b++)
        for (int k = 0; k < 16; k++)
            memcpy(val[b][k], l->rowpair + idx[b][k], 16);
    for (int b = 0; b < BLOCKS; b++) {
        /* z[m] = lanes 4m..4m+3; a 4x4 transpose inside each 128-bit slot gives, per dword d,
         * lanes 0, 4, 8, 12 | 1, 5, 9, 13 | ...: a permute puts them in order */
        __m512i z[4];
        for (int m = 0; m < 4; m++)
            z[m] = _mm512_loadu_si512((const void *)val[b][4 * m]);
        __m512i a0 = _mm512_unpacklo_epi32(z[0], z[1]), a1 = _mm512_unpackhi_epi32(z[0], z[1]);
        __m512i a2 = _mm512_unpacklo_epi32(z[2], z[3]), a3 = _mm512_unpackhi_epi32(z[2], z[3]);
        const __m512i order = _mm512_setr_epi32(0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15);
        __m512i d[4] = {_mm512_unpacklo_epi64(a0, a2), _mm512_unpackhi_epi64(a0, a2), _mm512_unpacklo_epi64(a1, a3),
                        _mm512_unpackhi_epi64(a1, a3)};
        for (int q = 0; q < 4; q++)
            d[q] = _mm512_permutexvar_epi32(order, d[q]);
        const __m512i tx[4] = {d[1], d[3], d[2], d[0]};
        store4(out, 16 * b, tx);
    }
}

typedef struct side {
    const char *name;
    kernel_fn fn; /* NULL: tmu */
    double lines, bytes;
} side;

int main(int argc, char **argv)
{
    int rounds = argc > 1 ? atoi(argv[1]) : 7;
    if (rounds < 1 || rounds > 1000) {
        fprintf(stderr, "bench_layouts: ROUNDS must be 1..1000, not '%s'\n", argv[1]);
        return 2;
    }
    if (!__builtin_cpu_supports("avx512f")) {
        printf("bench_layouts: this CPU has no AVX-512; nothing measured\n");
        return 0;
    }
    size_t texels = (size_t)N * N;
    uint32_t *lin = huge_alloc((texels + N) * 4), *tiled = huge_alloc(texels * 4);
    uint64_t *rowpair = huge_alloc((texels + 1) * 8);
    float *coord = malloc((size_t)WAVES * 2 * LANES * sizeof(float));
    static float ref[4][LANES], got[4][LANES];
    if (!lin || !tiled || !rowpair || !coord) {
        fprintf(stderr, "bench_layouts: out of memory\n");
        return 1;
    }
    uint32_t seed = 12345u;
    for (size_t i = 0; i < texels + N; i++) {
        seed = seed * 1664525u + 1013904223u;
        lin[i] = seed ^ (seed >> 16) * 0x45D9F3Bu;
    }
    memcpy(lin + texels, lin, (size_t)N * 4); /* the row after the last one is row 0 (repeat) */
    for (uint32_t y = 0; y < N; y++)
        for (uint32_t x = 0; x < N; x++) {
            tiled[((y / 4) * (N / 4) + x / 4) * 16 + (y % 4) * 4 + x % 4] = lin[(size_t)y * N + x];
            rowpair[(size_t)y * N + x] = lin[(size_t)y * N + x] | (uint64_t)lin[(size_t)((y + 1) % N) * N + x] << 32;
        }
    rowpair[texels] = rowpair[texels - N]; /* lane reads at x = N - 1 of the last row stay inside */
    for (size_t i = 0; i < (size_t)WAVES * 2 * LANES; i++) {
        seed = seed * 1664525u + 1013904223u;
        coord[i] = (float)(seed >> 8) * (1.0f / 16777216.0f);
    }
    layouts l = {lin, tiled, rowpair, coord};
    /* tmu on the linear texture (one level, no edge: the last column's pairs wrap, which tmu
     * handles; the bare kernels read T(x + 1) of the next row there: kept out of the comparison) */
    tmu_texture tex;
    tmu_sampler smp = tmu_sampler_default();
    tmu_op op;
    memset(&op, 0, sizeof op);
    op.kind = TMU_OP_GATHER, op.dim = TMU_DIM_2D, op.level_mode = TMU_LEVEL_LOD, op.result = TMU_RESULT_F32;
    static float lod[LANES];
    tmu_wave_in in;
    memset(&in, 0, sizeof in);
    in.lod = lod;
    tmu_wave_out out;
    memset(&out, 0, sizeof out);
    for (int c = 0; c < 4; c++)
        out.data[c] = (void *)got[c];
    static tmu_unit_plan plan, plan_pairs;
    in.coord[0] = coord, in.coord[1] = coord + LANES;
    if (tmu_texture_init_packed(&tex, TMU_DIM_2D, TMU_FORMAT_R8G8B8A8_UNORM, N, N, 1, 1, 1, 1, lin, texels * 4, NULL) !=
            TMU_OK ||
        tmu_unit_plan_init(&plan, &tex, &smp, &op, LANES, &in, &out, 0, NULL) != TMU_OK) {
        fprintf(stderr, "bench_layouts: tmu refused the gather\n");
        return 1;
    }
    size_t pairs_size = tmu_unit_pairs_size(&tex);
    void *pairs = huge_alloc(pairs_size);
    plan_pairs = plan;
    if (!pairs || tmu_unit_pairs_build(&tex, smp.address[0], pairs, pairs_size, NULL) != TMU_OK ||
        tmu_unit_plan_use_pairs(&plan_pairs, pairs, pairs_size, NULL) != TMU_OK) {
        fprintf(stderr, "bench_layouts: tmu refused the row-pair copy\n");
        return 1;
    }
    const side sides[] = {{"linear", k_linear, 2.125, 4},      {"linear_hw", k_linear_hw, 2.125, 4},
                          {"tiled4x4", k_tiled, 1.5625, 4},   {"tiled4x4_sc", k_tiled_scalar, 1.5625, 4},
                          {"rowpair", k_rowpair, 1.125, 8 + 4}, {"tmu", NULL, 2.125, 4},
                          {"tmu_pairs", NULL, 1.125, 8 + 4}};
    enum { NS = sizeof sides / sizeof sides[0] };
    /* every side equals the linear kernel on the first waves (lanes whose footprint has no
     * wrapped column: the bare kernels read the next row's first texel there) */
    for (int w = 0; w < 64; w++) {
        const float *s = coord + (size_t)w * 2 * LANES, *t = s + LANES;
        k_linear(&l, s, t, ref);
        for (int k = 1; k < NS; k++) {
            memset(got, 0xA5, sizeof got);
            if (sides[k].fn) {
                sides[k].fn(&l, s, t, got);
            } else {
                in.coord[0] = s, in.coord[1] = t;
                tmu_unit_plan_execute(k == NS - 1 ? &plan_pairs : &plan, NULL, &in, &out, NULL);
            }
            for (int q = 0; q < 4; q++)
                for (int i = 0; i < LANES; i++) {
                    float x = s[i] * (float)N - 0.5f;
                    if (x >= (float)N - 1 || x < 0)
                        continue;
                    if (memcmp(&got[q][i], &ref[q][i], 4) != 0) {
                        fprintf(stderr, "bench_layouts: %s differs from linear (wave %d lane %d result %d)\n",
                                sides[k].name, w, i, q);
                        return 1;
                    }
                }
        }
    }
    double best[NS];
    for (int k = 0; k < NS; k++)
        best[k] = 0;
    double sink = 0;
    for (int r = 0; r < rounds; r++)
        for (int k = 0; k < NS; k++) {
            double t0 = cpu_s(), t1;
            long waves = 0;
            do { /* passes over all coordinate waves for at least 0.2 s: the layout's lines are as
                    warm in the caches as the machine allows, whatever ran before */
                for (int w = 0; w < WAVES; w++) {
                    const float *s = coord + (size_t)w * 2 * LANES, *t = s + LANES;
                    if (sides[k].fn) {
                        sides[k].fn(&l, s, t, got);
                    } else {
                        in.coord[0] = s, in.coord[1] = t;
                        tmu_unit_plan_execute(k == NS - 1 ? &plan_pairs : &plan, NULL, &in, &out, NULL);
                    }
                    sink += got[w & 3][w & (LANES - 1)];
                }
                waves += WAVES;
                t1 = cpu_s();
            } while (t1 - t0 < 0.2);
            double rate = (double)waves * LANES / (t1 - t0) / 1e6;
            if (rate > best[k])
                best[k] = rate;
        }
    for (int k = 0; k < NS; k++)
        printf("%s %.1f %.4g %.0f %.3f\n", sides[k].name, best[k], sides[k].lines, sides[k].bytes, best[k] / best[0]);
    free(lin), free(tiled), free(rowpair), free(coord), free(pairs);
    return sink == -1.0; /* keeps the results live */
}
#else
int main(void)
{
    printf("bench_layouts: needs an x86 compiler with AVX-512 intrinsics; nothing measured\n");
    return 0;
}
#endif
