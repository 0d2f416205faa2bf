/* tmu bench — library benchmarks from the command line.
 *   tmu bench sample [--csv] [--general | --no-simd] [--seconds S] [--reps N] [CASE...]
 * The sampling benchmark is the workload of shared/reference/sampling.md §15 (see
 * bench_sample.h).  bench/sample.sh runs it and prints ratios to the quoted peer figures. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime in bench_sample.h */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

#include "bench_sample.h"

static void bench_usage(void)
{
    printf("usage: tmu bench sample [--csv] [--general | --no-simd | --avx2] [--seconds S] [--reps N]\n                        [--size N] [CASE...]\n"
           "\n"
           "Measures single-thread texture sampling rates (million samples per second of thread\n"
           "CPU time, best of N runs) on the workload of sampling.md §15: 1024x1024 random texture,\n"
           "full mip chain, repeat addressing, random coordinates from a 32-bit xorshift generator.\n"
           "  --csv       print `case,msamples_per_s` rows only\n"
           "  --general   force the general (per-lane, reference) path\n"
           "  --no-simd   fast paths in portable C only\n"
           "  --avx2      SIMD fast paths no wider than AVX2\n"
           "  --size N    texture size N x N instead of each case's own (a power of two, 1..4096;\n"
           "              e.g. 64 fits in L1 and shows the compute-bound rate)\n"
           "  --seconds S minimum seconds per run (default 0.5); --reps N runs per case (default 3)\n"
           "cases:");
    for (size_t c = 0; c < TMU_BENCH_NCASES; c++)
        printf(" %s", tmu_bench_cases[c].name);
    printf("\nWithout --csv each row also shows the lavapipe 1-thread figure quoted in sampling.md\n"
           "§15.2 (measured on the reference machine, not in this run) and the ratio to it.\n");
}

static int bench_sample(int argc, char **argv)
{
    int csv = 0;
    long long reps = 3, size = 0;
    unsigned flags = 0;
    double seconds = 0.5;
    int selected[TMU_BENCH_NCASES] = {0};
    int any = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (tmu_cli_is_help(a)) {
            bench_usage();
            return TMU_EXIT_OK;
        } else if (!strcmp(a, "--csv")) {
            csv = 1;
        } else if (!strcmp(a, "--general")) {
            flags |= TMU_UNIT_GENERAL_ONLY;
        } else if (!strcmp(a, "--no-simd")) {
            flags |= TMU_UNIT_NO_SIMD;
        } else if (!strcmp(a, "--avx2")) {
            flags |= TMU_UNIT_MAX_AVX2;
        } else if (!strcmp(a, "--size")) {
            if (i + 1 >= argc || tmu_cli_parse_int(argv[++i], 1, 4096, &size) != 0 ||
                (size & (size - 1)) != 0)
                return tmu_cli_usage_error("bench", "--size needs a power of two in [1, 4096]");
        } else if (!strcmp(a, "--seconds")) {
            char *end = NULL;
            if (i + 1 >= argc || (seconds = strtod(argv[++i], &end), *end != '\0') || !(seconds > 0) ||
                seconds > 600)
                return tmu_cli_usage_error("bench", "--seconds needs a number in (0, 600]");
        } else if (!strcmp(a, "--reps")) {
            if (i + 1 >= argc || tmu_cli_parse_int(argv[++i], 1, 100, &reps) != 0)
                return tmu_cli_usage_error("bench", "--reps needs an integer in [1, 100]");
        } else if (a[0] == '-') {
            return tmu_cli_usage_error("bench", "unknown option '%s'", a);
        } else {
            const char *names[TMU_BENCH_NCASES];
            size_t found = TMU_BENCH_NCASES;
            for (size_t c = 0; c < TMU_BENCH_NCASES; c++) {
                names[c] = tmu_bench_cases[c].name;
                if (!strcmp(a, names[c]))
                    found = c;
            }
            if (found == TMU_BENCH_NCASES)
                return tmu_cli_unknown_name("bench sample", "case", a, names, TMU_BENCH_NCASES);
            selected[found] = 1, any = 1;
        }
    }
    if (csv)
        printf("case,msamples_per_s\n");
    else
        printf("%-22s %10s %10s %8s   (simd: %s)\n", "case", "Msample/s", "lavapipe*", "ratio",
               (flags & TMU_UNIT_GENERAL_ONLY) ? "general path" : (flags & TMU_UNIT_NO_SIMD) ? "portable"
                                                                                              : tmu_unit_simd_name());
    for (size_t c = 0; c < TMU_BENCH_NCASES; c++) {
        if (any && !selected[c])
            continue;
        tmu_bench_case sized = tmu_bench_cases[c];
        if (size)
            sized.size = (uint32_t)size;
        const tmu_bench_case *bc = &sized;
        tmu_bench_result r;
        if (tmu_bench_run_case(bc, seconds, (int)reps, flags, &r) != 0)
            return tmu_cli_error("bench sample", "case %s could not run (out of memory?)", bc->name);
        if (csv)
            printf("%s,%.1f\n", bc->name, r.msps);
        else
            printf("%-22s %10.1f %10.0f %7.2fx\n", bc->name, r.msps, bc->peer_msps, r.msps / bc->peer_msps);
        fflush(stdout);
    }
    if (!csv)
        printf("* lavapipe 1-thread medians quoted from shared/reference/sampling.md §15.2 "
               "(Zen 5 VM; not measured in this run)\n");
    return TMU_EXIT_OK;
}

int tmu_cmd_bench(int argc, char **argv)
{
    if (argc < 2 || tmu_cli_is_help(argv[1])) {
        bench_usage();
        return argc < 2 ? TMU_EXIT_USAGE : TMU_EXIT_OK;
    }
    if (!strcmp(argv[1], "sample"))
        return bench_sample(argc - 1, argv + 1);
    static const char *const subs[] = {"sample"};
    tmu_cli_unknown_name("bench", "benchmark", argv[1], subs, 1);
    return TMU_EXIT_USAGE;
}
