/* GCN MIMG disassembly benchmark.
 *   bench_gcn words N SEED      print N valid gfx9 MIMG words (hex, one per line)
 *   bench_gcn mcbytes N SEED    the same words as llvm-mc -disassemble input (8 bytes a line)
 *   bench_gcn run N SEED [REPS] decode + print the words in-process; prints the best total
 *                               time over REPS runs as "tmu_disasm_ns N TOTAL_NS"
 * bench/gcn.sh compares `run` (and the tmu CLI) against llvm-mc on the same words. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "tmu/gcn.h"

#include "bench_common.h"

/* N distinct-ish random words that decode on gfx9, ignored bits cleared (llvm-mc would
 * re-encode them differently, which does not matter for disassembly time). */
static uint64_t *make_words(size_t n, uint64_t seed)
{
    uint64_t *w = malloc(n * sizeof *w);
    if (!w)
        return NULL;
    rng_state = seed;
    size_t i = 0;
    while (i < n) {
        uint64_t x = next();
        x &= ~((0x3full << 26) | 1ull | (0x7full << 1) | (0x1full << 58));
        x |= 0x3cull << 26;
        tmu_gcn_mimg m;
        if (tmu_gcn_decode(TMU_GCN_GFX9, x, &m, NULL) != TMU_OK)
            continue;
        /* leave out the two documented llvm-mc 14 defect classes (TFE with atomic DMASK != 1,
         * gather4 D16+TFE) so both tools print identical text for every word */
        if (m.f[TMU_GCN_F_TFE] && ((m.op->cls == TMU_GCN_CLASS_ATOMIC && m.f[TMU_GCN_F_DMASK] != 1) ||
                                   (m.op->cls == TMU_GCN_CLASS_GATHER && m.f[TMU_GCN_F_D16])))
            continue;
        w[i++] = x;
    }
    return w;
}

int main(int argc, char **argv)
{
    if (argc < 4) {
        fprintf(stderr, "usage: bench_gcn words|mcbytes|run N SEED [REPS]\n");
        return 2;
    }
    size_t n = strtoul(argv[2], NULL, 10);
    uint64_t seed = strtoull(argv[3], NULL, 10);
    if (n == 0 || n > 100000000) {
        fprintf(stderr, "bench_gcn: N must be 1..100000000\n");
        return 2;
    }
    uint64_t *w = make_words(n, seed);
    if (!w) {
        fprintf(stderr, "bench_gcn: out of memory\n");
        return 1;
    }
    if (!strcmp(argv[1], "words")) {
        for (size_t i = 0; i < n; i++)
            printf("0x%016llx\n", (unsigned long long)w[i]);
    } else if (!strcmp(argv[1], "mcbytes")) {
        for (size_t i = 0; i < n; i++) {
            for (int b = 0; b < 8; b++)
                printf("%s0x%02x", b ? " " : "", (unsigned)((w[i] >> (8 * b)) & 0xff));
            putchar('\n');
        }
    } else if (!strcmp(argv[1], "run")) {
        int reps = argc > 4 ? atoi(argv[4]) : 5;
        double best = 1e30;
        size_t chars = 0;
        for (int r = 0; r < (reps > 0 ? reps : 1); r++) {
            double t0 = now_ns();
            chars = 0;
            for (size_t i = 0; i < n; i++) {
                char text[160];
                int len = tmu_gcn_disasm(TMU_GCN_GFX9, w[i], TMU_GCN_SYNTAX_LLVM, text,
                                         sizeof text, NULL);
                if (len < 0)
                    return 1;
                chars += (size_t)len;
            }
            double t = now_ns() - t0;
            if (t < best)
                best = t;
        }
        printf("tmu_disasm_ns %zu %.0f (%zu chars)\n", n, best, chars);
    } else {
        fprintf(stderr, "bench_gcn: unknown mode '%s'\n", argv[1]);
        free(w);
        return 2;
    }
    free(w);
    return 0;
}
