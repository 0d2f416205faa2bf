/* libFuzzer target: GCN MIMG decode + print (LLVM and CLRX) + re-assembly.
 * Input: byte 0 selects the generation, then 8-byte little-endian words.  Every word that
 * decodes must print, and its LLVM text must assemble back to the word with the ignored bits
 * (1-7, 58-62) cleared; the CLRX text likewise where CLRX can express it.  Any mismatch
 * aborts. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "tmu/gcn.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    tmu_gcn_gen gen = (tmu_gcn_gen)(data[0] % TMU_GCN_GEN_COUNT);
    const uint64_t ignored = (0x7full << 1) | (0x1full << 58);
    /* at most 8 words per input keeps the runs short */
    for (size_t i = 1; i + 8 <= size && i < 1 + 8 * 8; i += 8) {
        uint64_t w = 0;
        for (int b = 7; b >= 0; b--)
            w = (w << 8) | data[i + (size_t)b];
        tmu_gcn_mimg inst, back;
        tmu_diag d;
        if (tmu_gcn_decode(gen, w, &inst, &d) != TMU_OK) {
            if (!d.message[0])
                abort(); /* every rejection has a reason */
            continue;
        }
        char text[160];
        int n = tmu_gcn_print_llvm(&inst, NULL, text, sizeof text);
        if (n <= 0 || (size_t)n != strlen(text))
            abort();
        uint64_t w2;
        if (tmu_gcn_assemble(gen, TMU_GCN_SYNTAX_LLVM, text, (size_t)n, 1, &back, &d) != TMU_OK ||
            tmu_gcn_encode(&back, &w2, NULL) != TMU_OK || w2 != (w & ~ignored))
            abort();
        n = tmu_gcn_print_clrx(&inst, NULL, text, sizeof text);
        if (n <= 0)
            abort();
        if (inst.f[TMU_GCN_F_DMASK] && inst.f[TMU_GCN_F_UNORM]) {
            if (tmu_gcn_assemble(gen, TMU_GCN_SYNTAX_CLRX, text, (size_t)n, 1, &back, &d) !=
                    TMU_OK ||
                tmu_gcn_encode(&back, &w2, NULL) != TMU_OK || w2 != (w & ~ignored))
                abort();
        }
        /* small buffers must fail cleanly */
        char tiny[8];
        if (tmu_gcn_print_llvm(&inst, NULL, tiny, sizeof tiny) != -1)
            abort();
    }
    return 0;
}
