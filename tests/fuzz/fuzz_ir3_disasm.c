/* libFuzzer: ir3 cat5 decode + print (+ operands), and the round-trip
 * property on every word that decodes.  Input: 2 bytes GPU selector, then
 * up to four 8-byte little-endian words (more bytes are ignored, which keeps
 * every run short). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "tmu/ir3.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 2)
        return 0;
    uint32_t gpu = 300u + (uint32_t)((data[0] | data[1] << 8) % 600u);
    data += 2;
    size -= 2;
    for (size_t off = 0; off + 8 <= size && off < 32; off += 8) {
        uint64_t w = 0;
        for (int k = 7; k >= 0; k--)
            w = (w << 8) | data[off + (size_t)k];
        tmu_ir3_instr in;
        tmu_diag d;
        tmu_status st = tmu_ir3_decode(w, gpu, &in, &d);
        char text[512], small[7];
        size_t n = tmu_ir3_print(&in, TMU_IR3_PRINT_NOTES, text, sizeof text);
        if (n >= sizeof text || strlen(text) != n)
            abort();
        /* truncation must stay in bounds and NUL-terminate */
        tmu_ir3_print(&in, TMU_IR3_PRINT_NOTES, small, sizeof small);
        if (small[sizeof small - 1] != 0 && strlen(small) >= sizeof small)
            abort();
        if (st != TMU_OK) {
            if (in.op != TMU_IR3_OP_NONE || strncmp(text, "raw 0x", 6))
                abort();
            continue;
        }
        tmu_ir3_operands ops;
        if (tmu_ir3_operands_get(&in, &ops) != TMU_OK)
            abort();
        tmu_ir3_print(&in, 0, text, sizeof text);
        uint64_t a;
        if (tmu_ir3_assemble(text, gpu, &a, &d) != TMU_OK)
            abort();
        if (!in.num_notes && (a & ~in.ignored) != (w & ~in.ignored))
            abort();
    }
    return 0;
}
