/* RDNA MIMG disassembly benchmark (gfx10, gfx10.3, gfx11).
 *   bench_rdna insts GEN N SEED     print N valid instructions (dwords, one instruction a line)
 *   bench_rdna mcbytes GEN N SEED   the same as llvm-mc -disassemble input (its bytes a line)
 *   bench_rdna bin GEN N SEED       the same as raw little-endian code (tmu disasm --binary)
 *   bench_rdna run GEN N SEED [REPS] decode + print them in-process from one dword stream
 *                                   (tmu_gcn_disasm_dwords); prints the best total time over
 *                                   REPS runs as "tmu_disasm_ns N TOTAL_NS (C chars, D dwords)"
 * GEN: gfx10, gfx10.3 or gfx11 (any name tmu_gcn_gen_from_name takes).  The instructions are
 * every opcode of the generation with random fields, DIM, A16 and NSA form, kept when tmu
 * decodes them (tmu agrees with llvm-mc 16 on every row of tests/data/rdna-llvm-mc16.tsv);
 * bench/rdna.sh compares `run` and the tmu CLI against llvm-mc 16 on the same instructions. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "tmu/gcn.h"

#include "bench_common.h"

/* N valid instructions of gen as one dword stream; *ndw receives its length. */
static uint32_t *make_stream(tmu_gcn_gen gen, size_t n, uint64_t seed, size_t *ndw)
{
    uint32_t *s = malloc(n * TMU_GCN_MAX_DWORDS * sizeof *s);
    if (!s)
        return NULL;
    rng_state = seed;
    size_t nrows, used = 0;
    const tmu_gcn_opcode_info *rows = tmu_gcn_opcodes(&nrows);
    for (size_t i = 0; i < n;) {
        uint64_t r = next();
        const tmu_gcn_opcode_info *row = &rows[r % nrows];
        if (row->op[gen] == TMU_GCN_NO_OP)
            continue;
        tmu_gcn_mimg m;
        tmu_gcn_mimg_init(&m, gen, row);
        uint32_t *f = m.f;
        r = next();
        f[TMU_GCN_F_DIM] = r & 7;
        f[TMU_GCN_F_A16] = (r >> 3) & 1;
        f[TMU_GCN_F_DMASK] = (r >> 4) & 15;
        f[TMU_GCN_F_UNORM] = (r >> 8) & 1;
        f[TMU_GCN_F_GLC] = (r >> 9) & 1;
        f[TMU_GCN_F_SLC] = (r >> 10) & 1;
        f[TMU_GCN_F_DLC] = (r >> 11) & 1;
        f[TMU_GCN_F_R128] = ((r >> 12) & 7) == 0;
        f[TMU_GCN_F_TFE] = ((r >> 15) & 7) == 0;
        f[TMU_GCN_F_LWE] = ((r >> 18) & 7) == 0;
        f[TMU_GCN_F_D16] = ((r >> 21) & 3) == 0;
        f[TMU_GCN_F_VDATA] = (r >> 24) % 240;
        f[TMU_GCN_F_VADDR] = (r >> 32) % 240;
        f[TMU_GCN_F_SRSRC] = (r >> 40) % 25;
        f[TMU_GCN_F_SSAMP] = (r >> 45) % 26;
        if (row->cls == TMU_GCN_CLASS_GATHER)
            f[TMU_GCN_F_DMASK] = 1u << ((r >> 4) & 3);
        if (row->cls == TMU_GCN_CLASS_BVH) {
            f[TMU_GCN_F_DIM] = f[TMU_GCN_F_GLC] = f[TMU_GCN_F_SLC] = f[TMU_GCN_F_DLC] = 0;
            f[TMU_GCN_F_TFE] = f[TMU_GCN_F_LWE] = f[TMU_GCN_F_D16] = f[TMU_GCN_F_SSAMP] = 0;
            f[TMU_GCN_F_DMASK] = 0xf;
            f[TMU_GCN_F_UNORM] = f[TMU_GCN_F_R128] = 1;
        }
        unsigned na = tmu_gcn_vaddr_count(&m);
        if ((r >> 50) & 1 && na >= 2) { /* NSA */
            unsigned slots = na - 1;
            if (gen == TMU_GCN_GFX11)
                slots = row->cls == TMU_GCN_CLASS_BVH ? 4 - f[TMU_GCN_F_A16] : slots;
            if (gen == TMU_GCN_GFX11 && slots > 4)
                continue;
            f[TMU_GCN_F_NSA] = gen == TMU_GCN_GFX11 ? 1 : (slots + 3) / 4;
            for (unsigned k = 0; k < slots; k++)
                f[TMU_GCN_F_ADDR1 + k] = (uint32_t)(next() % 250);
        }
        uint32_t dw[TMU_GCN_MAX_DWORDS];
        unsigned len;
        tmu_gcn_mimg back;
        if (tmu_gcn_encode_dwords(&m, dw, &len, NULL) != TMU_OK ||
            tmu_gcn_decode_dwords(gen, dw, len, &back, NULL, NULL) != TMU_OK)
            continue;
        memcpy(s + used, dw, len * sizeof dw[0]);
        used += len;
        i++;
    }
    *ndw = used;
    return s;
}

int main(int argc, char **argv)
{
    tmu_gcn_gen gen;
    if (argc < 5 || tmu_gcn_gen_from_name(argv[2], &gen) != TMU_OK || !TMU_GCN_GEN_IS_RDNA(gen)) {
        fprintf(stderr, "usage: bench_rdna insts|mcbytes|bin|run gfx10|gfx10.3|gfx11 N SEED [REPS]\n");
        return 2;
    }
    size_t n = strtoul(argv[3], NULL, 10), ndw = 0;
    uint64_t seed = strtoull(argv[4], NULL, 10);
    if (n == 0 || n > 20000000) {
        fprintf(stderr, "bench_rdna: N must be 1..20000000\n");
        return 2;
    }
    uint32_t *s = make_stream(gen, n, seed, &ndw);
    if (!s) {
        fprintf(stderr, "bench_rdna: out of memory\n");
        return 1;
    }
    int rc = 0;
    if (!strcmp(argv[1], "insts") || !strcmp(argv[1], "mcbytes")) {
        int bytes = argv[1][0] == 'm';
        for (size_t i = 0; i < ndw;) {
            unsigned len = tmu_gcn_inst_dwords(gen, s[i]);
            for (unsigned k = 0; k < len; k++) {
                if (bytes)
                    for (int b = 0; b < 4; b++)
                        printf("%s0x%02x", k || b ? " " : "", (unsigned)((s[i + k] >> (8 * b)) & 0xff));
                else
                    printf("%s0x%08x", k ? " " : "", (unsigned)s[i + k]);
            }
            putchar('\n');
            i += len;
        }
    } else if (!strcmp(argv[1], "bin")) {
        for (size_t i = 0; i < ndw; i++)
            for (int b = 0; b < 4; b++)
                putchar((int)((s[i] >> (8 * b)) & 0xff));
    } else if (!strcmp(argv[1], "run")) {
        int reps = argc > 5 ? atoi(argv[5]) : 5;
        double best = 1e30;
        size_t chars = 0;
        for (int r = 0; r < (reps > 0 ? reps : 1); r++) {
            double t0 = now_ns();
            chars = 0;
            for (size_t i = 0; i < ndw;) {
                char text[TMU_GCN_TEXT_MAX];
                unsigned len = 0;
                int k = tmu_gcn_disasm_dwords(gen, s + i, ndw - i, &len, TMU_GCN_SYNTAX_LLVM, text,
                                              sizeof text, NULL);
                if (k < 0) {
                    rc = 1;
                    break;
                }
                chars += (size_t)k;
                i += len;
            }
            double t = now_ns() - t0;
            if (t < best)
                best = t;
        }
        printf("tmu_disasm_ns %zu %.0f (%zu chars, %zu dwords)\n", n, best, chars, ndw);
    } else {
        fprintf(stderr, "bench_rdna: unknown mode '%s'\n", argv[1]);
        rc = 2;
    }
    free(s);
    return rc;
}
