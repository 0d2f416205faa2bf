/* tmu bench — library benchmarks from the command line.
 *   tmu bench sample [--csv] [--general | --no-simd] [--seconds S] [--reps N] [CASE...]
 * The sampling benchmark is the workload of docs/texture-unit.md §15 (see
 * bench_sample.h).  bench/sample.sh runs it and prints ratios to the quoted peer figures. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime in bench_sample.h */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

#include "bench_sample.h"

static void bench_usage(FILE *out)
{
    fprintf(out, "usage: tmu bench sample [--csv] [--general | --no-simd | --avx2] [--seconds S] [--reps N]\n                        [--size N] [CASE...]\n"
           "\n"
           "Measures single-thread texture sampling rates (million samples per second of thread\n"
           "CPU time, best of N runs) on the workload of docs/texture-unit.md §15: 1024x1024 random\n"
           "texture, full mip chain, repeat addressing, random coordinates from a 32-bit xorshift generator.\n"
           "  --csv       print `case,msamples_per_s` rows only\n"
           "  --general   force the general (per-lane, reference) path\n"
           "  --no-simd   fast paths in portable C only\n"
           "  --avx2      SIMD fast paths no wider than AVX2\n"
           "  --size N    texture size N x N instead of each case's own (a power of two, 1..4096;\n"
           "              e.g. 64 fits in L1 and shows the compute-bound rate)\n"
           "  --seconds S minimum seconds per run (default 0.5); --reps N runs per case (default 3)\n"
           "cases:");
    for (size_t c = 0; c < TMU_BENCH_NCASES; c++)
        fprintf(out, " %s", tmu_bench_cases[c].name);
    fprintf(out, "\nWithout --csv each row also shows the lavapipe 1-thread figure quoted in\n"
           "docs/texture-unit.md §15.2 (measured on the reference machine, not in this run) and\n"
           "the ratio to it.\n");
}

static int bench_sample(int argc, char **argv)
{
    enum { O_CSV, O_GENERAL, O_NO_SIMD, O_AVX2, O_SIZE, O_SECONDS, O_REPS, O_COUNT };
    static const tmu_cli_option opts[O_COUNT] = {
        [O_CSV] = {"--csv", NULL, TMU_CLI_FLAG},
        [O_GENERAL] = {"--general", NULL, TMU_CLI_FLAG},
        [O_NO_SIMD] = {"--no-simd", NULL, TMU_CLI_FLAG},
        [O_AVX2] = {"--avx2", NULL, TMU_CLI_FLAG},
        [O_SIZE] = {"--size", NULL, TMU_CLI_VALUE},
        [O_SECONDS] = {"--seconds", NULL, TMU_CLI_VALUE},
        [O_REPS] = {"--reps", NULL, TMU_CLI_VALUE},
    };
    tmu_cli_set_command("bench sample", bench_usage);
    int csv = 0;
    long long reps = 3, size = 0;
    unsigned flags = 0;
    float seconds = 0.5f;
    int selected[TMU_BENCH_NCASES] = {0};
    int any = 0, rc;
    tmu_cli_args a;
    tmu_cli_args_init(&a, argc, argv, opts, O_COUNT);
    const char *v;
    int k;
    while ((k = tmu_cli_next(&a, &v)) != TMU_CLI_END) {
        switch (k) {
        case TMU_CLI_HELP:
            bench_usage(stdout);
            return TMU_EXIT_OK;
        case TMU_CLI_ERROR:
            return TMU_EXIT_USAGE;
        case O_CSV: csv = 1; break;
        case O_GENERAL: flags |= TMU_UNIT_GENERAL_ONLY; break;
        case O_NO_SIMD: flags |= TMU_UNIT_NO_SIMD; break;
        case O_AVX2: flags |= TMU_UNIT_MAX_AVX2; break;
        case O_SIZE:
            if ((rc = tmu_cli_opt_int("--size", v, 1, 4096, &size)) != 0)
                return rc;
            if ((size & (size - 1)) != 0)
                return tmu_cli_usage_error("--size", "%lld is not a power of two", size);
            break;
        case O_SECONDS:
            if ((rc = tmu_cli_opt_float("--seconds", v, 1e-6, 600, &seconds)) != 0)
                return rc;
            break;
        case O_REPS:
            if ((rc = tmu_cli_opt_int("--reps", v, 1, 100, &reps)) != 0)
                return rc;
            break;
        default: { /* TMU_CLI_ARG: a case name */
            const char *names[TMU_BENCH_NCASES];
            size_t found = TMU_BENCH_NCASES;
            for (size_t c = 0; c < TMU_BENCH_NCASES; c++) {
                names[c] = tmu_bench_cases[c].name;
                if (!strcmp(v, names[c]))
                    found = c;
            }
            if (found == TMU_BENCH_NCASES)
                return tmu_cli_unknown_name("CASE", "case", v, names, TMU_BENCH_NCASES);
            selected[found] = 1, any = 1;
        }
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
        if (tmu_bench_run_case(bc, (double)seconds, (int)reps, flags, &r) != 0)
            return tmu_cli_error(bc->name, "the case could not run (out of memory?)");
        if (csv)
            printf("%s,%.1f\n", bc->name, r.msps);
        else
            printf("%-22s %10.1f %10.0f %7.2fx\n", bc->name, r.msps, bc->peer_msps, r.msps / bc->peer_msps);
        fflush(stdout);
    }
    if (!csv)
        printf("* lavapipe 1-thread medians quoted from docs/texture-unit.md §15.2 "
               "(Zen 5 VM; not measured in this run)\n");
    return TMU_EXIT_OK;
}

int tmu_cmd_bench(int argc, char **argv)
{
    tmu_cli_set_command("bench", bench_usage);
    if (argc < 2)
        return tmu_cli_usage_error("BENCHMARK", "missing (sample)");
    if (tmu_cli_is_help(argv[1])) {
        bench_usage(stdout);
        return TMU_EXIT_OK;
    }
    if (!strcmp(argv[1], "sample"))
        return bench_sample(argc - 1, argv + 1);
    static const char *const subs[] = {"sample"};
    return tmu_cli_unknown_name("BENCHMARK", "benchmark", argv[1], subs, 1);
}
