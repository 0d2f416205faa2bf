/* tmu bench — library benchmarks from the command line.
 *   tmu bench sample [--csv] [--peer] [--threads N] [--general | --no-simd | --avx2] [--loads L] [--seconds S]
 *                    [--reps N] [--size N] [--no-hugepages] [--per-call] [--linear | --tiled] [CASE...]
 * The sampling benchmark runs the workloads of the lavapipe peer (bench_sample.h); with --peer it
 * runs the peer too (the lavapipe_bench tool, built by bench/run into
 * build-bench/lavapipe/; $TMU_PEER_BENCH names another peer_bench binary) and prints both rates
 * and their ratio per row, measured in the same run. */
#define _DEFAULT_SOURCE /* clock_gettime, pthread barriers, MAP_ANONYMOUS, MADV_HUGEPAGE, popen, readlink */
#include "cli.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench_sample.h"

static void bench_usage(FILE *out)
{
    fprintf(out, "usage: tmu bench sample [--csv] [--peer] [--threads N] [--general | --no-simd | --avx2]\n"
                 "                        [--loads scalar|gather]\n"
                 "                        [--seconds S] [--reps N] [--rounds R] [--size N] [--no-hugepages]\n"
                 "                        [--per-call] [--no-pairs] [--linear | --tiled]\n"
                 "                        [CASE...]\n"
           "\n"
           "Measures texture sampling rates on the workloads of the lavapipe peer\n"
           "(its sample.comp, see bench/README.md: same textures, formats, samplers and coordinate\n"
           "patterns): million samples per second of CPU time (all threads summed), median of N runs.\n"
           "  --peer      also run lavapipe's peer_bench on each row and print its rate and the ratio\n"
           "              ($TMU_PEER_BENCH, default lavapipe/peer_bench next to this tmu binary, as\n"
           "              bench/run builds it; without it the rows show tmu's rates only)\n"
           "  --threads N threads per row (default 1; rows named *_2threads always use 2); the peer\n"
           "              runs with LP_NUM_THREADS=N\n"
           "  --csv       print `case,msamples_per_s` rows only (with --peer also lavapipe, ratio)\n"
           "  --general   force the general (per-lane, reference) path\n"
           "  --no-simd   fast paths in portable C only\n"
           "  --avx2      SIMD fast paths no wider than AVX2\n"
           "  --loads L   how the SIMD fast paths read scattered RGBA8 texels (tiled textures, nearest and\n"
           "              texelFetch): `scalar` (one load a texel) or `gather` (hardware gathers);\n"
           "              default: what the CPU does faster (gathers on Intel's cores from Alder\n"
           "              Lake and Sapphire Rapids on, scalar loads elsewhere)\n"
           "  --size N    texture size N x N instead of each case's own (a power of two, 1..4096;\n"
           "              e.g. 64 fits in L1 and shows the compute-bound rate)\n"
           "  --no-hugepages  textures in 4 KiB pages (default: transparent huge pages advised)\n"
           "  --per-call  call tmu_unit_execute_ex for every wave (checks and set-up each time) instead\n"
           "              of one prepared call (tmu_unit_plan) per thread\n"
           "  --no-pairs  read the texture's own rows only: by default the rows whose call reads a\n"
           "              row-pair copy (RGBA8 gathers, RGBA8 bilinear and trilinear samples, RGBA32F\n"
           "              bilinear samples without mips) build one of the levels they read\n"
           "              before their runs (tmu_unit_pairs_build, its time shown apart) and their\n"
           "              plans read it (tmu_unit_plan_use_pairs), as a caller that lets tmu re-layout\n"
           "              its texture does\n"
           "  --linear    only the rows whose texture is rows of texels; --tiled: only the rows marked T,\n"
           "              the same workloads on tiled textures (the PS4's 2D and 1D thin tiles, vega10\n"
           "              SW_64KB_S_X, navi10 SW_4KB_S_X, Adreno a630 TILE6_3: tmu_level.surface),\n"
           "              lavapipe sampling its usual linear image\n"
           "  --seconds S minimum seconds per run (default 0.5); --reps N runs per case (default 3)\n"
           "  --rounds R  per row, R alternating runs of the peer and tmu (default 1): tmu's median,\n"
           "              the peer's best\n"
           "The peer is given its best conditions: its rate per row is the best of its runs of that\n"
           "row and of one warm run of all its cases made before the rows (one thread), whichever is\n"
           "higher (its own rate is a median of its repetitions, as tmu's).\n"
           "Each row also shows the physical bound: this machine's rate of independent random 64-byte\n"
           "line loads over the row's footprint divided by the lines one sample touches (tiled rows:\n"
           "counted on the layout, the row's own coordinates through its footprints), and the tiled\n"
           "random single-level RGBA8 rows their load floor: the rate of a loop that only loads the\n"
           "texels of the row's own footprints (each texel one 32-bit load, as the tiled kernels\n"
           "read them; hardware gathers (g) where the CPU has AVX-512F, or scalar loads (s),\n"
           "whichever is faster), shifted by random multiples of 64 bytes within the level from\n"
           "pass to pass; `%%loads` is tmu's rate over it.\n"
           "cases:");
    for (size_t c = 0; c < TMU_BENCH_NCASES; c++)
        fprintf(out, " %s", tmu_bench_cases[c].name);
    fprintf(out, "\n");
}

/* The peer: path of peer_bench (its directory holds sample.spv and bench/lavapipe's shaders). */
static int peer_locate(char *bin, size_t n)
{
    const char *env = getenv("TMU_PEER_BENCH");
    if (env && *env) {
        snprintf(bin, n, "%s", env);
    } else {
        char self[4096];
        ssize_t len = readlink("/proc/self/exe", self, sizeof self - 1);
        if (len <= 0)
            return -1;
        self[len] = 0;
        char *slash = strrchr(self, '/');
        if (slash)
            *slash = 0;
        snprintf(bin, n, "%s/lavapipe/peer_bench", self);
    }
    return access(bin, X_OK) == 0 ? 0 : -1;
}

/* The peer's rates: one run of peer_bench (`filter` selects its cases, "" all of them), every
 * case's MS/cpu-s median and Msamples/s median as it prints them. */
enum { PEER_MAX_CASES = 64 };
typedef struct peer_rates {
    int n;
    char name[PEER_MAX_CASES][72];
    double cpu[PEER_MAX_CASES], wall[PEER_MAX_CASES];
} peer_rates;

static int peer_exec(const char *bin, const char *spv, int threads, double seconds, int reps, const char *filter,
                     peer_rates *pr)
{
    char dir[4200], cmd[10000], line[1024];
    snprintf(dir, sizeof dir, "%s", bin);
    char *slash = strrchr(dir, '/');
    if (slash)
        *slash = 0;
    else
        snprintf(dir, sizeof dir, ".");
    snprintf(cmd, sizeof cmd, "LP_NUM_THREADS=%d PEER_SPV='%s/%s' '%s' %g %d '%s' 2>&1", threads, dir, spv, bin,
             seconds, reps, filter);
    FILE *p = popen(cmd, "r");
    if (!p)
        return -1;
    pr->n = 0;
    while (fgets(line, sizeof line, p)) {
        double med, best, ns, net, cmed;
        size_t nl = strcspn(line, " \t");
        if (strlen(line) < 71 || nl == 0 || nl >= sizeof pr->name[0] || pr->n == PEER_MAX_CASES ||
            sscanf(line + 70, "%lf %lf %lf %lf %lf", &med, &best, &ns, &net, &cmed) != 5)
            continue;
        memcpy(pr->name[pr->n], line, nl);
        pr->name[pr->n][nl] = 0;
        pr->wall[pr->n] = med, pr->cpu[pr->n] = cmed;
        pr->n++;
    }
    int rc = pclose(p);
    return pr->n > 0 && rc == 0 ? 0 : -1;
}

/* The index of case `name` in pr, or -1. */
static int peer_find(const peer_rates *pr, const char *name)
{
    for (int i = 0; i < pr->n; i++)
        if (!strcmp(pr->name[i], name))
            return i;
    return -1;
}

/* Runs the peer's case of row bc; *cpu = its MS/cpu-s median, *wall = Msamples/s median. */
static int peer_run(const char *bin, const tmu_bench_case *bc, int threads, double seconds, int reps, double *cpu,
                    double *wall)
{
    peer_rates pr;
    if (peer_exec(bin, bc->peer_spv ? bc->peer_spv : "sample.spv", threads, seconds, reps, bc->peer, &pr) != 0)
        return -1;
    int i = peer_find(&pr, bc->peer);
    if (i < 0)
        return -1;
    *cpu = pr.cpu[i], *wall = pr.wall[i];
    return 0;
}

static int bench_sample(int argc, char **argv)
{
    enum { O_CSV, O_PEER, O_THREADS, O_GENERAL, O_NO_SIMD, O_AVX2, O_LOADS, O_SIZE, O_SECONDS, O_REPS, O_NOHUGE, O_ROUNDS,
           O_PER_CALL, O_NO_PAIRS, O_LINEAR, O_TILED, O_COUNT };
    static const tmu_cli_option opts[O_COUNT] = {
        [O_CSV] = {"--csv", NULL, TMU_CLI_FLAG},
        [O_PEER] = {"--peer", NULL, TMU_CLI_FLAG},
        [O_THREADS] = {"--threads", NULL, TMU_CLI_VALUE},
        [O_GENERAL] = {"--general", NULL, TMU_CLI_FLAG},
        [O_NO_SIMD] = {"--no-simd", NULL, TMU_CLI_FLAG},
        [O_AVX2] = {"--avx2", NULL, TMU_CLI_FLAG},
        [O_LOADS] = {"--loads", NULL, TMU_CLI_VALUE},
        [O_SIZE] = {"--size", NULL, TMU_CLI_VALUE},
        [O_SECONDS] = {"--seconds", NULL, TMU_CLI_VALUE},
        [O_REPS] = {"--reps", NULL, TMU_CLI_VALUE},
        [O_NOHUGE] = {"--no-hugepages", NULL, TMU_CLI_FLAG},
        [O_ROUNDS] = {"--rounds", NULL, TMU_CLI_VALUE},
        [O_PER_CALL] = {"--per-call", NULL, TMU_CLI_FLAG},
        [O_NO_PAIRS] = {"--no-pairs", NULL, TMU_CLI_FLAG},
        [O_LINEAR] = {"--linear", NULL, TMU_CLI_FLAG},
        [O_TILED] = {"--tiled", NULL, TMU_CLI_FLAG},
    };
    tmu_cli_set_command("bench sample", bench_usage);
    int csv = 0, peer = 0, huge = 1, planned = 1, pairs = 1, only_linear = 0, only_tiled = 0;
    long long reps = 3, size = 0, threads = 1, rounds = 1;
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
        case O_PEER: peer = 1; break;
        case O_NOHUGE: huge = 0; break;
        case O_PER_CALL: planned = 0; break;
        case O_NO_PAIRS: pairs = 0; break;
        case O_LINEAR: only_linear = 1; break;
        case O_TILED: only_tiled = 1; break;
        case O_GENERAL: flags |= TMU_UNIT_GENERAL_ONLY; break;
        case O_NO_SIMD: flags |= TMU_UNIT_NO_SIMD; break;
        case O_AVX2: flags |= TMU_UNIT_MAX_AVX2; break;
        case O_LOADS:
            flags &= ~(unsigned)(TMU_UNIT_LOADS_SCALAR | TMU_UNIT_LOADS_GATHER);
            if (!strcmp(v, "scalar"))
                flags |= TMU_UNIT_LOADS_SCALAR;
            else if (!strcmp(v, "gather"))
                flags |= TMU_UNIT_LOADS_GATHER;
            else
                return tmu_cli_usage_error("--loads", "'%s' is neither scalar nor gather", v);
            break;
        case O_THREADS:
            if ((rc = tmu_cli_opt_int("--threads", v, 1, TMU_BENCH_MAX_THREADS, &threads)) != 0)
                return rc;
            break;
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
        case O_ROUNDS:
            if ((rc = tmu_cli_opt_int("--rounds", v, 1, 15, &rounds)) != 0)
                return rc;
            break;
        case O_REPS:
            if ((rc = tmu_cli_opt_int("--reps", v, 1, TMU_BENCH_MAX_REPS, &reps)) != 0)
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
    if (only_linear && only_tiled)
        return tmu_cli_usage_error("--tiled", "--linear and --tiled exclude each other");
    int use_pairs = pairs && planned && !(flags & TMU_UNIT_GENERAL_ONLY);
    char bin[4200];
    int have_peer = peer && peer_locate(bin, sizeof bin) == 0;
    const char *path = (flags & TMU_UNIT_GENERAL_ONLY) ? "general path"
                       : (flags & TMU_UNIT_NO_SIMD)    ? "portable"
                       : (flags & TMU_UNIT_MAX_AVX2) && !strcmp(tmu_unit_simd_name(), "avx512") ? "avx2"
                                                       : tmu_unit_simd_name();
    if (csv) {
        printf(have_peer ? "case,msamples_per_s,lavapipe_msamples_per_s,ratio\n" : "case,msamples_per_s\n");
    } else {
        printf("tmu: %s fast paths (texel loads: %s), %s, textures in %s pages; rates = M samples per CPU second (all "
               "threads), median of %lld x >= %.2fs; %lld round(s) per row: tmu's median, the peer's best\n",
               path, tmu_unit_texel_loads(flags), planned ? "one prepared call (tmu_unit_plan) per thread" : "tmu_unit_execute_ex per wave",
               huge ? "huge (advised)" : "4 KiB", reps, (double)seconds, rounds);
        if (use_pairs)
            printf("row pairs: rows marked P read a row-pair copy of their texture (tmu_unit_pairs_build, built once "
                   "before the runs; --no-pairs: the texture's rows only)\n");
        if (!only_linear)
            printf("tiled: rows marked T sample a tiled texture (tmu_level.surface; lavapipe its linear image), their "
                   "bound from the lines counted on the layout\n");
        if (peer && !have_peer)
            printf("lavapipe: peer_bench not found (%s; see bench/README.md): tmu's rates only\n",
                   getenv("TMU_PEER_BENCH") ? "$TMU_PEER_BENCH" : "lavapipe/peer_bench next to tmu");
        else if (have_peer)
            printf("lavapipe: %s, LP_NUM_THREADS = the row's threads, its MS/cpu-s median, run right before tmu's "
                   "row; the peer's rate = the best of its rounds and of a warm run of all its cases (1 thread)\n",
                   bin);
        if (!only_linear)
            printf("loads: tiled random single-level RGBA8 rows: the rate of their texel loads alone (the row's "
                   "footprints, no arithmetic), the better of %s (g) and scalar loads (s); %%loads = tmu / loads\n",
                   tmu_bench_have_avx512() ? "hardware gathers" : "(no AVX-512F: no) hardware gathers");
        printf("%-34s %3s %9s %9s %7s   %9s %-22s %6s %8s %6s %9s %9s\n", "case", "thr", "tmu", "lavapipe", "ratio",
               "bound", "(lines/sample @ reach)", "%bound", "loads", "%loads", "tmu wall", "lvp wall");
    }
    /* the peer's warm run: every case of its sample shader, then the implicit-LOD shader's case,
     * one thread, before the rows (its rate per row is at least this one) */
    peer_rates warm[2];
    warm[0].n = warm[1].n = 0;
    if (have_peer && !size) {
        if (peer_exec(bin, "sample.spv", 1, (double)seconds, (int)reps, "", &warm[0]) != 0)
            warm[0].n = 0;
        for (size_t c = 0; c < TMU_BENCH_NCASES && warm[1].n == 0; c++)
            if (tmu_bench_cases[c].peer_spv &&
                peer_exec(bin, tmu_bench_cases[c].peer_spv, 1, (double)seconds, (int)reps, tmu_bench_cases[c].peer,
                          &warm[1]) != 0)
                break;
    }
    for (size_t c = 0; c < TMU_BENCH_NCASES; c++) {
        if ((any && !selected[c]) || (only_linear && tmu_bench_cases[c].layout) ||
            (only_tiled && !tmu_bench_cases[c].layout))
            continue;
        tmu_bench_case sized = tmu_bench_cases[c];
        if (size)
            sized.size = (uint32_t)size;
        const tmu_bench_case *bc = &sized;
        int nthr = bc->threads ? bc->threads : (int)threads;
        /* rounds: the peer's run and tmu's alternate; tmu's median over the rounds, the peer's best */
        double pc[15], pw[15], tc[15], tw[15];
        int peer_ok = have_peer && bc->peer && !size;
        tmu_bench_result r;
        for (long long rd = 0; rd < rounds; rd++) {
            if (peer_ok && peer_run(bin, bc, nthr, (double)seconds, (int)reps, &pc[rd], &pw[rd]) != 0)
                peer_ok = 0;
            if (tmu_bench_run_case(bc, (double)seconds, (int)reps, flags, planned, use_pairs, nthr, huge, !csv && !size, &r) != 0)
                return tmu_cli_error(bc->name, "the case could not run (out of memory?)");
            tc[rd] = r.msps, tw[rd] = r.wall_msps;
        }
        qsort(tc, (size_t)rounds, sizeof(double), tmu_bench_cmp_double);
        qsort(tw, (size_t)rounds, sizeof(double), tmu_bench_cmp_double);
        r.msps = tc[rounds / 2], r.wall_msps = tw[rounds / 2];
        double pcpu = 0, pwall = 0;
        if (peer_ok) {
            qsort(pc, (size_t)rounds, sizeof(double), tmu_bench_cmp_double);
            qsort(pw, (size_t)rounds, sizeof(double), tmu_bench_cmp_double);
            pcpu = pc[rounds - 1], pwall = pw[rounds - 1];
            const peer_rates *wr = &warm[bc->peer_spv ? 1 : 0];
            int wi = nthr == 1 ? peer_find(wr, bc->peer) : -1;
            if (wi >= 0 && wr->cpu[wi] > pcpu)
                pcpu = wr->cpu[wi], pwall = wr->wall[wi];
        }
        if (csv) {
            if (have_peer && peer_ok)
                printf("%s,%.1f,%.1f,%.2f\n", bc->name, r.msps, pcpu, r.msps / pcpu);
            else if (have_peer)
                printf("%s,%.1f,,\n", bc->name, r.msps);
            else
                printf("%s,%.1f\n", bc->name, r.msps);
        } else {
            char bound[32] = "-", note[40] = "", frac[16] = "-";
            if (r.lines > 0 && !size) {
                /* a row-pair copy: a random footprint is one read, of 16 bytes (RGBA8: in two lines 1
                 * time in 8, against 2.125 lines from the texture) or 64 bytes (RGBA32F: in two lines
                 * every other time, against 2.5); a tiled row: the lines measured on its layout */
                double paired = bc->format == TMU_FORMAT_R8G8B8A8_UNORM ? r.lines / 2.125 * 1.125 : r.lines / 2.5 * 1.5;
                double lines = r.pairs_bytes && bc->pattern == TMU_BENCH_RANDOM ? paired : r.lines;
                uint32_t reach = r.pairs_bytes && bc->pattern == TMU_BENCH_RANDOM ? (uint32_t)r.pairs_bytes : r.reach;
                double lr = tmu_bench_line_rate(reach, (double)seconds / 2, (int)reps, huge);
                snprintf(bound, sizeof bound, "%.0f", lr / lines);
                snprintf(frac, sizeof frac, "%.0f%%", 100.0 * r.msps / (lr / lines));
                snprintf(note, sizeof note, "(%.3g @ %u KiB)", lines, reach >> 10);
            }
            char loads[32] = "-", lfrac[16] = "-";
            double lfloor = r.floor_gather > r.floor_scalar ? r.floor_gather : r.floor_scalar;
            if (lfloor > 0) {
                snprintf(loads, sizeof loads, "%.0f %c", lfloor, r.floor_gather > r.floor_scalar ? 'g' : 's');
                snprintf(lfrac, sizeof lfrac, "%.0f%%", 100.0 * r.msps / lfloor);
            }
            char pr[32] = "-", ratio[32] = "-", pws[32] = "-";
            if (peer_ok) {
                snprintf(pr, sizeof pr, "%.1f", pcpu);
                snprintf(ratio, sizeof ratio, "%.2fx", r.msps / pcpu);
                snprintf(pws, sizeof pws, "%.1f", pwall);
            } else if (have_peer && bc->peer && !size) {
                snprintf(pr, sizeof pr, "failed");
            }
            char build[48] = "";
            if (r.pairs_bytes)
                snprintf(build, sizeof build, "  P: %.1f MiB, built in %.1f ms", (double)r.pairs_bytes / (1 << 20),
                         r.pairs_build_s * 1e3);
            if (bc->layout && !r.tiled_fast)
                snprintf(build, sizeof build, "  (general path: the layout has no fast path)");
            printf("%-32s %1s %3d %9.1f %9s %7s   %9s %-22s %6s %8s %6s %9.1f %9s%s\n", bc->name,
                   r.pairs_bytes ? "P" : bc->layout ? "T" : "", nthr,
                   r.msps, pr, ratio, bound, note, frac, loads, lfrac, r.wall_msps, pws, build);
        }
        fflush(stdout);
    }
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
