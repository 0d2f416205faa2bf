/* libFuzzer target: RDNA MIMG (gfx10, gfx10.3, gfx11) decode + print + re-assembly.
 * Input: byte 0 selects the generation, then a stream of little-endian dwords cut into
 * instructions by the length rule (tmu_gcn_inst_dwords), as a disassembler reads code; the last
 * instruction may be cut short.  Every instruction must be rejected with a reason or decode;
 * the fields of every complete one must encode back to its dwords; every valid one must print
 * (tmu_gcn_print_llvm and tmu_gcn_disasm_dwords alike, within TMU_GCN_TEXT_MAX) and its text
 * assemble back to its dwords; tmu_gcn_disasm_lines over the stream gives those lines up to the
 * first instruction that does not decode.  Any mismatch aborts. */
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
    size_t n = (size - 1) / 4;
    if (n > 40) /* at most 40 dwords per input keeps the runs short */
        n = 40;
    uint32_t dw[40];
    for (size_t i = 0; i < n; i++)
        dw[i] = (uint32_t)data[1 + 4 * i] | (uint32_t)data[2 + 4 * i] << 8 |
                (uint32_t)data[3 + 4 * i] << 16 | (uint32_t)data[4 + 4 * i] << 24;
    if (data[0] & 0x80) /* half the inputs: force MIMG encoding bits, to get past rule 1 */
        for (size_t i = 0; i < n; i++)
            dw[i] = (dw[i] & 0x03ffffffu) | 0xf0000000u;
    /* tmu_gcn_disasm_lines over the whole stream: the lines below up to the first instruction
     * that does not decode */
    static char lines[40 * TMU_GCN_TEXT_MAX], want[40 * TMU_GCN_TEXT_MAX];
    size_t lines_used = 0, want_len = 0, want_used = 0;
    size_t lines_len = tmu_gcn_disasm_lines(gen, dw, n, lines, sizeof lines, &lines_used);
    int stopped = 0;
    for (size_t i = 0; i < n;) {
        tmu_gcn_mimg inst, back;
        tmu_diag d;
        unsigned len = 0;
        tmu_status st = tmu_gcn_decode_dwords(gen, dw + i, n - i, &inst, &len, &d);
        if (len < 2 || len > TMU_GCN_MAX_DWORDS || len != tmu_gcn_inst_dwords(gen, dw[i]))
            abort();
        if (len <= n - i) { /* complete: its fields encode back, valid or not */
            uint32_t e[TMU_GCN_MAX_DWORDS];
            unsigned elen = 0;
            if (tmu_gcn_encode_dwords(&inst, e, &elen, NULL) != TMU_OK || elen != len ||
                memcmp(e, dw + i, len * sizeof e[0]) != 0)
                abort();
        }
        if (st != TMU_OK) {
            if (!d.message[0])
                abort(); /* every rejection has a reason */
            stopped = 1;
            i += len;
            continue;
        }
        char text[TMU_GCN_TEXT_MAX], text2[TMU_GCN_TEXT_MAX];
        int k = tmu_gcn_print_llvm(&inst, NULL, text, sizeof text);
        if (k <= 0 || (size_t)k != strlen(text))
            abort();
        unsigned used = 0;
        if (tmu_gcn_disasm_dwords(gen, dw + i, n - i, &used, TMU_GCN_SYNTAX_LLVM, text2,
                                  sizeof text2, NULL) != k ||
            used != len || strcmp(text, text2) != 0)
            abort();
        uint32_t e[TMU_GCN_MAX_DWORDS];
        unsigned elen = 0;
        if (tmu_gcn_assemble(gen, TMU_GCN_SYNTAX_LLVM, text, (size_t)k, 1, &back, &d) != TMU_OK ||
            tmu_gcn_encode_dwords(&back, e, &elen, NULL) != TMU_OK || elen != len ||
            memcmp(e, dw + i, len * sizeof e[0]) != 0)
            abort();
        if (!stopped) {
            memcpy(want + want_len, text, (size_t)k);
            want_len += (size_t)k;
            want[want_len++] = '\n';
            want_used += len;
        }
        /* small buffers must fail cleanly */
        char tiny[8];
        if (tmu_gcn_print_llvm(&inst, NULL, tiny, sizeof tiny) != -1)
            abort();
        i += len;
    }
    if (lines_len != want_len || lines_used != want_used || memcmp(lines, want, want_len) != 0)
        abort();
    return 0;
}
