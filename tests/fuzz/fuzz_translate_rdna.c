/* libFuzzer target: translation from and to RDNA (tmu translate --from gcn --gpu gfx10…).
 * Input: byte 0 selects the generation (gfx10, gfx10.3, gfx11) and whether the MIMG encoding
 * bits are forced, byte 1 the texture shape and the data type, then one instruction's dwords
 * (little-endian; its length by tmu_gcn_inst_dwords, cut short when the input is).  The lift must
 * succeed or give a reason; a lifted source must translate to PTX, ir3 (a630), gfx9 and every
 * RDNA generation or be refused with a reason, and every RDNA instruction emitted must decode
 * on its generation to the text the program carries.  The bytes after byte 1 are also lifted as
 * text (tmu_xl_lift_rdna_text), which must succeed or give a reason.  Any mismatch aborts. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "tmu/translate.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 2)
        return 0;
    static const tmu_gcn_gen gens[3] = {TMU_GCN_GFX10, TMU_GCN_GFX103, TMU_GCN_GFX11};
    tmu_gcn_gen gen = gens[data[0] % 3];
    tmu_dim dim = (tmu_dim)(data[1] % TMU_DIM_COUNT);
    tmu_result_type rt = (tmu_result_type)((data[1] / TMU_DIM_COUNT) % 3);
    size_t n = (size - 2) / 4;
    if (n > TMU_GCN_MAX_DWORDS)
        n = TMU_GCN_MAX_DWORDS;
    if (!n)
        return 0;
    uint32_t dw[TMU_GCN_MAX_DWORDS];
    for (size_t i = 0; i < n; i++)
        dw[i] = (uint32_t)data[2 + 4 * i] | (uint32_t)data[3 + 4 * i] << 8 |
                (uint32_t)data[4 + 4 * i] << 16 | (uint32_t)data[5 + 4 * i] << 24;
    if (data[0] & 0x80)
        dw[0] = (dw[0] & 0x03ffffffu) | 0xf0000000u;
    /* the same bytes as a text source (tmu_xl_lift_rdna_text: dwords or assembly) */
    {
        static tmu_xl_source t;
        tmu_diag td;
        if (tmu_xl_lift_rdna_text(gen, (const char *)data + 2, size - 2, dim, rt, &t, &td) != TMU_OK &&
            !td.message[0])
            abort();
    }
    size_t len = tmu_gcn_inst_dwords(gen, dw[0]);
    if (len < n)
        n = len;
    static tmu_xl_source src;
    tmu_diag d;
    if (tmu_xl_lift_rdna(gen, dw, n, dim, rt, &src, &d) != TMU_OK) {
        if (!d.message[0])
            abort();
        return 0;
    }
    static tmu_xl_program p;
    static char text[8192];
    const tmu_xl_arch to[6] = {{TMU_XL_PTX, 0},          {TMU_XL_IR3, 630},
                               {TMU_XL_GCN, TMU_GCN_GFX9}, {TMU_XL_GCN, TMU_GCN_GFX10},
                               {TMU_XL_GCN, TMU_GCN_GFX103}, {TMU_XL_GCN, TMU_GCN_GFX11}};
    for (int t = 0; t < 6; t++) {
        if (tmu_xl_translate(&src, to[t], &p, &d) != TMU_OK) {
            if (!d.message[0])
                abort();
            continue;
        }
        if (tmu_xl_print(&p, &src, t & 1, text, sizeof text) < 0)
            abort();
        if (t < 3)
            continue;
        for (unsigned i = 0; i < p.ninstr; i++) {
            uint32_t w[2] = {(uint32_t)p.instr[i].word, (uint32_t)(p.instr[i].word >> 32)};
            char back[TMU_GCN_TEXT_MAX];
            unsigned used = 0;
            if (tmu_gcn_disasm_dwords((tmu_gcn_gen)to[t].gen, w, 2, &used, TMU_GCN_SYNTAX_LLVM, back,
                                      sizeof back, &d) < 0 ||
                used != 2 || strcmp(back, p.instr[i].text) != 0)
                abort();
        }
    }
    return 0;
}
