/* libFuzzer target: the RDNA MIMG assembler (llvm-mc 16 syntax) on arbitrary text.  Byte 0
 * selects the generation (gfx10, gfx10.3, gfx11); the rest is one line.  Every rejection must
 * carry a message and a column inside the line (+1 for its end); whatever assembles must
 * encode, and when the disassembler takes the dwords (llvm-mc 16's assembler accepts a few
 * forms its disassembler refuses), their text must assemble back to them. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "tmu/gcn.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    static const tmu_gcn_gen gens[3] = {TMU_GCN_GFX10, TMU_GCN_GFX103, TMU_GCN_GFX11};
    tmu_gcn_gen gen = gens[data[0] % 3];
    const char *text = (const char *)data + 1;
    size_t len = size - 1;
    tmu_gcn_mimg inst, again;
    tmu_diag d;
    if (tmu_gcn_assemble(gen, TMU_GCN_SYNTAX_LLVM, text, len, 3, &inst, &d) != TMU_OK) {
        if (!d.message[0] || d.line != 3 || d.column < 1 || d.column > len + 1)
            abort();
        return 0;
    }
    uint32_t dw[TMU_GCN_MAX_DWORDS], dw2[TMU_GCN_MAX_DWORDS];
    unsigned n = 0, n2 = 0;
    if (tmu_gcn_encode_dwords(&inst, dw, &n, NULL) != TMU_OK)
        abort();
    tmu_status st = tmu_gcn_decode_dwords(gen, dw, n, &again, &n2, &d);
    if ((st == TMU_OK) != (tmu_gcn_validate(&inst, NULL) == TMU_OK) || n2 != n)
        abort();
    if (st != TMU_OK)
        return 0;
    char out[TMU_GCN_TEXT_MAX];
    int k = tmu_gcn_print_llvm(&again, NULL, out, sizeof out);
    if (k <= 0)
        abort();
    if (tmu_gcn_assemble(gen, TMU_GCN_SYNTAX_LLVM, out, (size_t)k, 1, &again, &d) != TMU_OK ||
        tmu_gcn_encode_dwords(&again, dw2, &n2, NULL) != TMU_OK || n2 != n ||
        memcmp(dw, dw2, n * sizeof dw[0]) != 0)
        abort();
    return 0;
}
