/* libFuzzer target: the GCN MIMG assembler on arbitrary text.  Byte 0 selects generation and
 * syntax; the rest is one line.  Whatever assembles must encode, decode, and print to text
 * that assembles to the same word; every rejection must carry a message and a column inside
 * the line (+1 for end of line). */
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
    tmu_gcn_syntax syn = (data[0] / TMU_GCN_GEN_COUNT) & 1 ? TMU_GCN_SYNTAX_CLRX
                                                          : TMU_GCN_SYNTAX_LLVM;
    const char *text = (const char *)data + 1;
    size_t len = size - 1;
    tmu_gcn_mimg inst, again;
    tmu_diag d;
    if (tmu_gcn_assemble(gen, syn, text, len, 3, &inst, &d) != TMU_OK) {
        if (!d.message[0] || d.line != 3 || d.column < 1 || d.column > len + 1)
            abort();
        return 0;
    }
    uint64_t w, w2;
    if (tmu_gcn_encode(&inst, &w, NULL) != TMU_OK)
        abort();
    if (tmu_gcn_decode(gen, w, &again, &d) != TMU_OK)
        abort();
    char out[160];
    int n = tmu_gcn_print_llvm(&again, NULL, out, sizeof out);
    if (n <= 0)
        abort();
    if (tmu_gcn_assemble(gen, TMU_GCN_SYNTAX_LLVM, out, (size_t)n, 1, &again, &d) != TMU_OK ||
        tmu_gcn_encode(&again, &w2, NULL) != TMU_OK || w2 != w)
        abort();
    return 0;
}
