/* libFuzzer: ir3 cat5 assembler on arbitrary text.  Must never crash; when
 * the text assembles, the word decodes, and printing it and assembling
 * again gives the same word. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "tmu/ir3.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    static const uint32_t gpus[] = {300, 400, 500, 600, 630, 700, 750, 800};
    uint32_t gpu = gpus[data[0] & 7];
    const char *text = (const char *)data + 1;
    size_t len = size - 1;
    tmu_ir3_instr in;
    tmu_diag d;
    tmu_status st = tmu_ir3_parse(text, len, gpu, 1, &in, &d);
    if (st != TMU_OK) {
        if (d.line != 1 || d.column == 0 || d.column > len + 1 || !d.message[0])
            abort();
        return 0;
    }
    uint64_t w;
    if (tmu_ir3_encode(&in, &w, &d) != TMU_OK)
        abort();
    tmu_ir3_instr back;
    if (tmu_ir3_decode(w, gpu, &back, &d) != TMU_OK || back.op != in.op || back.num_notes || back.ignored)
        abort();
    char out[512];
    tmu_ir3_print(&back, 0, out, sizeof out);
    uint64_t w2;
    if (tmu_ir3_assemble(out, gpu, &w2, &d) != TMU_OK || w2 != w)
        abort();
    return 0;
}
