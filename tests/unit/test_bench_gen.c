/* The sampling benchmark's coordinate generator (tools/tmu/bench_sample.h) is compiled three
 * times: for the baseline ISA, for AVX2 and for AVX-512, and `tmu bench sample` runs the widest
 * the CPU has.  The rows must run exactly the peer's workload whichever copy runs: this test runs
 * every copy this CPU can execute on the same inputs, for every pattern the rows use, and checks
 * that coordinates, LODs, integer texel coordinates, generator states and accumulated sums are
 * bit-identical to the baseline copy's (each copy is the same C code; a compiler contracting or
 * reassociating the float operations differently in one of them would show here).  It also
 * checks a few coordinates against the shader's formulas worked by hand. */
#define _DEFAULT_SOURCE /* bench_sample.h: clock_gettime, pthread barriers, MAP_ANONYMOUS */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "../tools/tmu/bench_sample.h"

typedef void (*wave_fn)(TMU_BENCH_WAVE_ARGS);

typedef struct io {
    float acc[4 * TMU_MAX_LANES], s[TMU_MAX_LANES], t[TMU_MAX_LANES], lod[TMU_MAX_LANES];
    int32_t ix[TMU_MAX_LANES], iy[TMU_MAX_LANES];
    uint32_t state[TMU_MAX_LANES], data[4][TMU_MAX_LANES];
} io;

static uint32_t next(uint32_t *x)
{
    *x ^= *x << 13;
    *x ^= *x >> 17;
    *x ^= *x << 5;
    return *x;
}

/* Inputs of one call: previous results (finite floats of every magnitude), accumulators, the
 * generator states the bench seeds (tmu_bench_thread_main) and stale outputs. */
static void fill(io *v, uint32_t seed, uint32_t id0)
{
    uint32_t x = seed * 2654435761u + 1u;
    for (int k = 0; k < TMU_MAX_LANES; k++) {
        for (int c = 0; c < 4; c++) {
            uint32_t w = next(&x);
            v->data[c][k] = (w & 0x7F800000u) == 0x7F800000u ? w & 0xBF7FFFFFu : w;
            v->acc[c * TMU_MAX_LANES + k] = (float)(int32_t)(next(&x) % 2001u) - 1000.0f;
        }
        v->state[k] = (id0 + (uint32_t)k) * 747796405u + (seed + 1u) * 2891336453u + 1u;
        v->s[k] = v->t[k] = v->lod[k] = -1.0f;
        v->ix[k] = v->iy[k] = -1;
    }
}

static void run(wave_fn fn, io *v, const tmu_bench_gen *g)
{
    fn(v->acc, v->data[0], v->data[1], v->data[2], v->data[3], v->state, v->s, v->t, v->lod, v->ix, v->iy, g);
}

/* The generator configurations the rows use: (pattern, lodmode, fetch, size). */
static const tmu_bench_gen configs[] = {
    {0, 0, TMU_BENCH_RANDOM, TMU_BENCH_LOD0, 0, 1024},
    {0, 0, TMU_BENCH_RANDOM, TMU_BENCH_LOD_RANDOM, 0, 1024},
    {0, 0, TMU_BENCH_RANDOM, TMU_BENCH_LOD0, 1, 1024},
    {0, 0, TMU_BENCH_COHERENT, TMU_BENCH_LOD0, 0, 1024},
    {0, 0, TMU_BENCH_PLANE, TMU_BENCH_LOD_IMPLICIT, 0, 1024},
};

static int copies(wave_fn fns[3], const char *names[3])
{
    int n = 0;
    fns[n] = tmu_bench_wave_plain, names[n++] = "baseline";
#ifdef TMU_BENCH_HAVE_AVX2
    if (__builtin_cpu_supports("avx2"))
        fns[n] = tmu_bench_wave_avx2, names[n++] = "avx2";
    if (tmu_bench_have_avx512())
        fns[n] = tmu_bench_wave_avx512, names[n++] = "avx512";
#endif
    return n;
}

static void test_copies_identical(void **state)
{
    (void)state;
    wave_fn fns[3];
    const char *names[3];
    int n = copies(fns, names);
    static io ref, got;
    unsigned compared = 0;
    for (size_t c = 0; c < sizeof configs / sizeof configs[0]; c++)
        for (uint32_t w = 0; w < 12; w++) {
            tmu_bench_gen g = configs[c];
            /* waves across the dispatch, iterations from the first to past the bench's 64 */
            g.id0 = (w * 97u % (TMU_BENCH_INVOCATIONS / TMU_MAX_LANES)) * TMU_MAX_LANES;
            for (int f = 1; f < n; f++) {
                fill(&got, w, g.id0);
                fill(&ref, w, g.id0);
                for (uint32_t i = 0; i < 70; i++) {
                    g.i = i * (w + 1u);
                    run(fns[0], &ref, &g);
                    run(fns[f], &got, &g);
                    if (memcmp(&ref, &got, sizeof ref) != 0)
                        fail_msg("%s copy differs from the baseline: config %zu, wave %u, iteration %u", names[f], c,
                                 w, g.i);
                    compared++;
                }
            }
        }
    /* with one copy there is nothing to compare: the test then checks the formulas only */
    assert_true(n == 1 || compared > 0);
}

/* Coordinates worked by hand from the shader's formulas (bench/lavapipe/implicit.comp and the
 * header's description of sample.comp). */
static void test_formulas(void **state)
{
    (void)state;
    static io v;
    /* random: id 5 of the first wave, seed 1 (fill: seed 0 + 1): s0 = 5 * 747796405 + 2891336453 + 1 */
    tmu_bench_gen g = configs[0];
    fill(&v, 0, 0);
    run(tmu_bench_wave_plain, &v, &g);
    uint32_t x = 5u * 747796405u + 2891336453u + 1u;
    x = x * 1664525u + 1013904223u;
    float u = (float)(x >> 8) / 16777216.0f;
    x = x * 1664525u + 1013904223u;
    float t = (float)(x >> 8) / 16777216.0f;
    assert_true(v.s[5] == u && v.t[5] == t && v.state[5] == x);
    /* plane: id 6 = quad 1, x bit 0, y bit 1: pixel (2, 1); iteration 9 */
    g = configs[4];
    g.i = 9;
    fill(&v, 0, 0);
    run(tmu_bench_wave_plain, &v, &g);
    float fx = 2.5f / 1024.0f, fy = 1.5f / 128.0f, depth = 1.0f / (fy + 0.02f);
    assert_true(v.s[6] == 0.5f + (fx - 0.5f) * depth * 0.25f + 9.0f / 1024.0f);
    assert_true(v.t[6] == depth * 0.1f + 1.0f / 1024.0f);
    /* fetch: integer coordinates are the scaled random ones, masked */
    g = configs[2];
    fill(&v, 3, 0);
    run(tmu_bench_wave_plain, &v, &g);
    for (int k = 0; k < TMU_MAX_LANES; k++)
        assert_true(v.ix[k] == ((int32_t)(v.s[k] * 1024.0f) & 1023) && v.iy[k] == ((int32_t)(v.t[k] * 1024.0f) & 1023));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_copies_identical),
        cmocka_unit_test(test_formulas),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
