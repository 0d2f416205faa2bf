/* bench_sample — texture-unit sampling rates on the workload of sampling.md §15.
 *   usage: bench_sample [--csv] [--general] [--avx2] [--no-simd] [--seconds S] [--reps N] [--size N] [CASE...]
 * (--size N replaces the texture size, a power of two: e.g. 64 to see the compute-bound rate)
 * Prints `case,msamples_per_s` (--csv) or a table with the lavapipe figures quoted in §15.2. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_sample.h"

int main(int argc, char **argv)
{
    int csv = 0, reps = 3;
    uint32_t size = 0; /* --size N: texture size override (analysis: N = 64 fits in L1) */
    unsigned flags = 0;
    double seconds = 0.4;
    const char *only[TMU_BENCH_NCASES + 1];
    int nonly = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--csv"))
            csv = 1;
        else if (!strcmp(argv[i], "--general"))
            flags |= TMU_UNIT_GENERAL_ONLY;
        else if (!strcmp(argv[i], "--avx2"))
            flags |= TMU_UNIT_MAX_AVX2;
        else if (!strcmp(argv[i], "--no-simd"))
            flags |= TMU_UNIT_NO_SIMD;
        else if (!strcmp(argv[i], "--seconds") && i + 1 < argc)
            seconds = atof(argv[++i]);
        else if (!strcmp(argv[i], "--size") && i + 1 < argc)
            size = (uint32_t)atoi(argv[++i]);
        else if (!strcmp(argv[i], "--reps") && i + 1 < argc)
            reps = atoi(argv[++i]);
        else if (argv[i][0] != '-' && nonly < (int)TMU_BENCH_NCASES)
            only[nonly++] = argv[i];
        else {
            fprintf(stderr, "usage: bench_sample [--csv] [--general] [--avx2] [--no-simd] [--seconds S] [--reps N] "
                            "[--size N] [CASE...]\n");
            return 2;
        }
    }
    if (seconds <= 0 || reps < 1) {
        fprintf(stderr, "bench_sample: --seconds must be > 0 and --reps >= 1\n");
        return 2;
    }
    if (csv)
        printf("case,msamples_per_s\n");
    else
        printf("%-22s %10s %10s %8s   (simd: %s)\n", "case", "Msample/s", "lavapipe*", "ratio", tmu_unit_simd_name());
    for (size_t c = 0; c < TMU_BENCH_NCASES; c++) {
        tmu_bench_case sized = tmu_bench_cases[c];
        if (size)
            sized.size = size;
        const tmu_bench_case *bc = &sized;
        int want = nonly == 0;
        for (int k = 0; k < nonly; k++)
            want |= !strcmp(only[k], bc->name);
        if (!want)
            continue;
        tmu_bench_result r;
        if (tmu_bench_run_case(bc, seconds, reps, flags, &r) != 0) {
            fprintf(stderr, "bench_sample: case %s failed\n", bc->name);
            return 1;
        }
        if (csv)
            printf("%s,%.1f\n", bc->name, r.msps);
        else
            printf("%-22s %10.1f %10.0f %7.2fx\n", bc->name, r.msps, bc->peer_msps, r.msps / bc->peer_msps);
        fflush(stdout);
    }
    if (!csv)
        printf("* lavapipe 1-thread medians quoted from shared/reference/sampling.md §15.2 (not measured here)\n");
    return 0;
}
