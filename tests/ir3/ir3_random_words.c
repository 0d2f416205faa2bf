/* Writes random valid ir3 cat5 words with tmu's text, for tests/ir3/mesa_lines.sh to compare with
 * Mesa's disassembler (tests/tools/ir3_mesa_oracle.sh).
 *   ir3_random_words OUT [N]
 * For each GPU id 320, 420, 530, 630, 730: N (default 3000) words.  A word is 64 random bits
 * (every other one thinned by two more random ANDs, as test_ir3_roundtrip does, so more fields are
 * zero) with category bits 61..63 forced to 5; it is kept when tmu decodes it without notes (no
 * don't-care or asserted bit is set: a valid word).  Lines: "gpu_id<TAB>HI_LO<TAB>tmu's text". */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "tmu/ir3.h"

static uint64_t rng_state;
static uint64_t rnd(void)
{
    /* splitmix64 */
    uint64_t z = (rng_state += UINT64_C(0x9e3779b97f4a7c15));
    z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
    return z ^ (z >> 31);
}

int main(int argc, char **argv)
{
    if (argc < 2 || argc > 3) {
        fprintf(stderr, "usage: %s OUT [N]\n", argv[0]);
        return 2;
    }
    long n = argc == 3 ? strtol(argv[2], NULL, 10) : 3000;
    if (n <= 0 || n > 1000000) {
        fprintf(stderr, "%s: N must be 1..1000000, not '%s'\n", argv[0], argv[2]);
        return 2;
    }
    FILE *f = fopen(argv[1], "wb");
    if (!f) {
        fprintf(stderr, "%s: cannot write %s\n", argv[0], argv[1]);
        return 1;
    }
    static const uint32_t gpus[] = {320, 420, 530, 630, 730};
    for (unsigned g = 0; g < sizeof gpus / sizeof gpus[0]; g++) {
        rng_state = gpus[g] * UINT64_C(104729);
        for (long kept = 0, i = 0; kept < n; i++) {
            uint64_t w = rnd();
            if (i & 1)
                w &= rnd() & rnd();
            w = (w & ~(UINT64_C(7) << 61)) | (UINT64_C(5) << 61);
            tmu_ir3_instr in;
            if (tmu_ir3_decode(w, gpus[g], &in, NULL) != TMU_OK || in.num_notes)
                continue;
            char text[256];
            if (tmu_ir3_disasm(w, gpus[g], text, sizeof text) != TMU_OK) {
                fprintf(stderr, "%s: gpu %u %016llx decodes but does not print\n", argv[0], gpus[g],
                        (unsigned long long)w);
                return 1;
            }
            fprintf(f, "%u\t%08x_%08x\t%s\n", gpus[g], (unsigned)(w >> 32), (unsigned)w, text);
            kept++;
        }
    }
    if (fclose(f) != 0) {
        fprintf(stderr, "%s: cannot write %s\n", argv[0], argv[1]);
        return 1;
    }
    return 0;
}
