/* GCN execution overhead: wave64 image_sample through tmu_gcn_exec_word (decode, T#/S# from
 * SGPRs, VADDR from VGPRs, the texture unit, VDATA write-back through the pending queue,
 * s_waitcnt) against the same op through tmu_unit_execute directly, in one run, on the same
 * texture memory and coordinates.
 *   bench_gcn_exec [WAVES]   prints one line per case:
 *   CASE gcn_ns_per_wave direct_ns_per_wave ratio plan_ns_per_wave gcn/plan
 * (direct: tmu_unit_execute per wave; plan: the call prepared once, tmu_unit_plan_execute per
 * wave, which is what the GCN layer runs for a cached instruction: gcn/plan is the layer's own
 * cost)
 * Each side is timed in alternating rounds (best round kept, process CPU time), so a loaded
 * machine slows both alike.  bench/gcn_exec.sh runs it. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "tmu/gcn_exec.h"
#include "tmu/unit.h"

static double now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return ts.tv_sec * 1e9 + ts.tv_nsec;
}

#define SETS 64 /* coordinate sets cycled through */

typedef struct bench_case {
    const char *name;
    tmu_format format;
    unsigned xy;     /* 0 point, 1 bilinear */
    uint32_t size;
} bench_case;

static volatile uint32_t sink;

static int run_case(const bench_case *c, unsigned waves, double *gcn_ns, double *direct_ns, double *plan_ns)
{
    tmu_gcn_wave *w = malloc(sizeof *w);
    size_t bytes = (size_t)c->size * c->size * 16 + (1u << 20);
    unsigned char *mem = malloc(bytes);
    float(*coords)[2][TMU_GCN_LANES] = malloc(sizeof *coords * SETS);
    if (!w || !mem || !coords)
        return 1;
    tmu_gcn_wave_init(w, TMU_GCN_GFX9);
    uint64_t seed = 1;
    for (size_t i = 0; i < bytes; i++) {
        seed = seed * 6364136223846793005ull + 1442695040888963407ull;
        mem[i] = (unsigned char)(seed >> 56);
    }
    tmu_gcn_region region = {0x100000, bytes, mem, 1};
    tmu_gcn_env env = {&region, 1, NULL, 0, NULL, 0, NULL};
    tmu_texture shape;
    memset(&shape, 0, sizeof shape);
    shape.dim = TMU_DIM_2D;
    shape.format = c->format;
    shape.width = shape.height = c->size;
    shape.depth = shape.layers = shape.levels = shape.samples = 1;
    for (int k = 0; k < 4; k++)
        shape.swizzle[k] = (tmu_swizzle)k;
    tmu_gcn_tdesc t;
    uint64_t need;
    tmu_diag d;
    if (tmu_gcn_tdesc_for_texture(TMU_GCN_GFX9, &shape, 0x100000, &t, &need, &d) != TMU_OK || need > bytes) {
        fprintf(stderr, "bench_gcn_exec: %s\n", d.message);
        return 1;
    }
    uint32_t dw[8];
    tmu_gcn_tdesc_encode(&t, dw, NULL);
    memcpy(&w->sgpr[8], dw, sizeof dw);
    tmu_gcn_sdesc s;
    memset(&s, 0, sizeof s);
    s.gen = TMU_GCN_GFX9;
    s.f[TMU_GCN_S_XY_MAG_FILTER] = s.f[TMU_GCN_S_XY_MIN_FILTER] = c->xy;
    s.f[TMU_GCN_S_MAX_LOD] = 15 << 8;
    uint32_t sw[4];
    tmu_gcn_sdesc_encode(&s, sw, NULL);
    memcpy(&w->sgpr[16], sw, sizeof sw);
    for (int k = 0; k < SETS; k++)
        for (int l = 0; l < TMU_GCN_LANES; l++)
            for (int a = 0; a < 2; a++) {
                seed = seed * 6364136223846793005ull + 1442695040888963407ull;
                coords[k][a][l] = (float)(seed >> 40) / 16777216.0f;
            }
    /* the direct side: the same texture (bound from the same T#), sampler and op */
    tmu_texture tex;
    tmu_sampler smp;
    tmu_gcn_sdesc sd;
    tmu_gcn_sdesc_decode(TMU_GCN_GFX9, sw, &sd, NULL);
    if (tmu_gcn_bind_texture(&t, NULL, &env, 0, &tex, &d) != TMU_OK ||
        tmu_gcn_bind_sampler(&sd, &t, &tex, &env, &smp, &d) != TMU_OK) {
        fprintf(stderr, "bench_gcn_exec: %s\n", d.message);
        return 1;
    }
    tmu_op op;
    memset(&op, 0, sizeof op);
    op.kind = TMU_OP_SAMPLE;
    op.dim = TMU_DIM_2D;
    op.level_mode = TMU_LEVEL_IMPLICIT;
    op.result = TMU_RESULT_F32;
    static uint32_t out[4][TMU_GCN_LANES];
    static float stage[2][TMU_GCN_LANES];
    tmu_wave_out wo = {{out[0], out[1], out[2], out[3]}, NULL, NULL, NULL};
    uint64_t exec[2] = {~0ull, 0};
    /* image_sample v[0:3], v[4:5], s[8:15], s[16:19] dmask:0xf */
    const uint64_t word = 0x00820004f0800f00ull;
    /* the third side: the same call prepared once (tmu_unit_plan), as the GCN layer does for a
     * cached instruction; GCN / plan is the layer's own cost */
    tmu_unit_plan *plan = malloc(sizeof *plan);
    tmu_wave_in pin;
    memset(&pin, 0, sizeof pin);
    pin.coord[0] = stage[0], pin.coord[1] = stage[1];
    if (!plan || tmu_unit_plan_init(plan, &tex, &smp, &op, TMU_GCN_LANES, &pin, &wo, 0, &d) != TMU_OK) {
        fprintf(stderr, "bench_gcn_exec: %s\n", plan ? d.message : "out of memory");
        return 1;
    }
    double best_g = 1e30, best_d = 1e30, best_p = 1e30;
    for (int round = 0; round < 7; round++) {
        double t0 = now_ns();
        for (unsigned i = 0; i < waves; i++) {
            const float(*cs)[TMU_GCN_LANES] = coords[i % SETS];
            memcpy(w->vgpr[4], cs[0], sizeof cs[0]);
            memcpy(w->vgpr[5], cs[1], sizeof cs[1]);
            if (tmu_gcn_exec_word(w, &env, word, &d) != TMU_OK) {
                fprintf(stderr, "bench_gcn_exec: %s\n", d.message);
                return 1;
            }
            tmu_gcn_wave_wait(w, 0, TMU_GCN_NO_WAIT);
            sink += w->vgpr[0][i & 63];
        }
        double t1 = now_ns();
        for (unsigned i = 0; i < waves; i++) {
            /* the same staging as the GCN side: the wave's coordinates copied to where the
             * API reads them (there VGPRs v4, v5; here the caller's structure-of-arrays) */
            const float(*cs)[TMU_GCN_LANES] = coords[i % SETS];
            memcpy(stage[0], cs[0], sizeof cs[0]);
            memcpy(stage[1], cs[1], sizeof cs[1]);
            tmu_wave_in in;
            memset(&in, 0, sizeof in);
            in.coord[0] = stage[0];
            in.coord[1] = stage[1];
            if (tmu_unit_execute(&tex, &smp, &op, TMU_GCN_LANES, exec, &in, &wo, &d) != TMU_OK) {
                fprintf(stderr, "bench_gcn_exec: %s\n", d.message);
                return 1;
            }
            sink += out[0][i & 63];
        }
        double t2 = now_ns();
        for (unsigned i = 0; i < waves; i++) {
            const float(*cs)[TMU_GCN_LANES] = coords[i % SETS];
            memcpy(stage[0], cs[0], sizeof cs[0]);
            memcpy(stage[1], cs[1], sizeof cs[1]);
            if (tmu_unit_plan_execute(plan, exec, &pin, &wo, &d) != TMU_OK) {
                fprintf(stderr, "bench_gcn_exec: %s\n", d.message);
                return 1;
            }
            sink += out[0][i & 63];
        }
        double t3 = now_ns();
        if (t1 - t0 < best_g)
            best_g = t1 - t0;
        if (t2 - t1 < best_d)
            best_d = t2 - t1;
        if (t3 - t2 < best_p)
            best_p = t3 - t2;
    }
    *gcn_ns = best_g / waves;
    *direct_ns = best_d / waves;
    *plan_ns = best_p / waves;
    free(plan);
    free(w);
    free(mem);
    free(coords);
    return 0;
}

int main(int argc, char **argv)
{
    unsigned waves = argc > 1 ? (unsigned)strtoul(argv[1], NULL, 10) : 20000;
    if (waves == 0)
        waves = 1;
    static const bench_case cases[] = {
        {"rgba8_bilinear_256", TMU_FORMAT_R8G8B8A8_UNORM, 1, 256},
        {"rgba8_nearest_256", TMU_FORMAT_R8G8B8A8_UNORM, 0, 256},
        {"rgba32f_bilinear_256", TMU_FORMAT_R32G32B32A32_FLOAT, 1, 256},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        double g, d, p;
        if (run_case(&cases[i], waves, &g, &d, &p))
            return 1;
        printf("%s %.1f %.1f %.3f %.1f %.3f\n", cases[i].name, g, d, g / d, p, g / p);
    }
    return 0;
}
