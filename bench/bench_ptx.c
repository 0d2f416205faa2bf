#define _POSIX_C_SOURCE 200809L
/* PTX checker benchmark.
 *   bench_ptx gen FILE [N]     writes a module with N (default 100000) texture
 *                              instructions (a deterministic mix of tex / tld4 /
 *                              txq forms over every geometry and mip mode)
 *   bench_ptx time FILE [REPS] parses and checks FILE REPS times (default 5) in
 *                              process and prints the best CPU time in seconds,
 *                              the instruction count and the problems found
 * bench/ptx.sh runs both and compares with ptxas on the same file. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "tmu/ptx.h"

/* CPU time of this process: fair on a loaded machine (ptx.sh measures ptxas the same way). */
static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static uint32_t rng(uint64_t *s)
{
    *s = *s * 6364136223846793005ull + 1442695040888963407ull;
    return (uint32_t)(*s >> 33);
}

static const char *const forms[] = {
    "tex.2d.v4.f32.f32 {%%f%u,%%f%u,%%f%u,%%f%u}, [%%rd1, {%%f%u,%%f%u}];",
    "tex.level.2d.v4.f32.f32 {%%f%u,%%f%u,%%f%u,%%f%u}, [tex0, {%%f%u,%%f%u}], %%f%u;",
    "tex.grad.3d.v4.f32.f32 {%%f%u,%%f%u,%%f%u,%%f%u}, [%%rd1, {%%f%u,%%f%u,%%f%u,%%f%u}], "
    "{%%f1,%%f2,%%f3,%%f4}, {%%f5,%%f6,%%f7,%%f8};",
    "tex.a2d.v4.s32.f32 {%%r%u,%%r%u,%%r%u,%%r%u}, [%%rd1, {%%r%u,%%f%u,%%f%u,%%f%u}], {-1,2};",
    "tex.cube.v4.f32.f32 {%%f%u,%%f%u,%%f%u,%%f%u}, [tex0, {%%f%u,%%f%u,%%f%u,%%f%u}], %%f9;",
    "tex.level.acube.v4.f32.f32 {%%f%u,%%f%u,%%f%u,%%f%u}|%%p1, [%%rd1, "
    "{%%r%u,%%f%u,%%f%u,%%f%u}], %%f10;",
    "tex.2dms.v4.u32.s32 {%%r%u,%%r%u,%%r%u,%%r%u}, [%%rd1, {%%r%u,%%r%u,%%r%u,%%r%u}];",
    "tld4.g.2d.v4.f32.f32 {%%f%u,%%f%u,%%f%u,%%f%u}, [%%rd1, {%%f%u,%%f%u}], {%%r1,%%r2}, %%f11;",
    "tld4.r.a2d.v4.s32.f32 {%%r%u,%%r%u,%%r%u,%%r%u}, [tex0, {%%r%u,%%f%u,%%f%u,%%f%u}];",
    "tex.1d.v2.f16x2.f32 {%%hh%u,%%hh%u}, [%%rd1, {%%f%u}];",
    "txq.width.b32 %%r%u, [%%rd1];",
    "txq.level.height.b32 %%r%u, [tex0], %%r%u;",
};

static int gen(const char *path, unsigned n)
{
    FILE *f = fopen(path, "w");
    if (!f) {
        perror(path);
        return 1;
    }
    fprintf(f, ".version 8.0\n.target sm_90\n.address_size 64\n\n.global .texref tex0;\n\n"
               ".visible .entry bench(.param .u64 out, .param .u64 handle)\n{\n"
               "  .reg .pred %%p<4>;\n  .reg .f32 %%f<256>;\n  .reg .s32 %%r<256>;\n"
               "  .reg .f16x2 %%hh<256>;\n  .reg .u64 %%rd<4>;\n"
               "  ld.param.u64 %%rd1, [handle];\n  ld.param.u64 %%rd2, [out];\n");
    uint64_t s = 12345;
    for (unsigned i = 0; i < n; i++) {
        unsigned k = rng(&s) % (sizeof forms / sizeof forms[0]);
        unsigned r[9];
        for (int j = 0; j < 9; j++)
            r[j] = 16 + rng(&s) % 240;
        fputs("  ", f);
        fprintf(f, forms[k], r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7], r[8]);
        fputc('\n', f);
    }
    fprintf(f, "  st.global.f32 [%%rd2], %%f20;\n  ret;\n}\n");
    return fclose(f) != 0;
}

static int run(const char *path, int reps)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        perror(path);
        return 1;
    }
    fseek(f, 0, SEEK_END);
    long len = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *text = malloc((size_t)len + 1);
    if (!text || fread(text, 1, (size_t)len, f) != (size_t)len) {
        fclose(f);
        free(text);
        return 1;
    }
    fclose(f);
    double best = 1e30;
    size_t count = 0, problems = 0;
    for (int i = 0; i < reps; i++) {
        double t0 = now();
        tmu_ptx_module *m;
        tmu_diag d;
        if (tmu_ptx_module_parse(text, (size_t)len, &m, &d) != TMU_OK) {
            fprintf(stderr, "%s:%u:%u: %s\n", path, d.line, d.column, d.message);
            free(text);
            return 1;
        }
        problems = tmu_ptx_module_check(m, NULL, NULL, NULL);
        count = tmu_ptx_module_count(m);
        tmu_ptx_module_free(m);
        double t = now() - t0;
        if (t < best)
            best = t;
    }
    free(text);
    printf("%.6f %zu %zu\n", best, count, problems);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc >= 3 && !strcmp(argv[1], "gen"))
        return gen(argv[2], argc > 3 ? (unsigned)strtoul(argv[3], NULL, 10) : 100000u);
    if (argc >= 3 && !strcmp(argv[1], "time"))
        return run(argv[2], argc > 3 ? atoi(argv[3]) : 5);
    fprintf(stderr, "usage: bench_ptx gen FILE [N] | bench_ptx time FILE [REPS]\n");
    return 2;
}
