/* libFuzzer target for RDNA MIMG execution (gfx10, gfx10.3, gfx11): the input chooses the
 * generation and wave size, up to four instructions of 2-5 dwords (raw, or a defined opcode with
 * the input's DIM, A16, NSA address bytes and our T# / S#), the T# and S# in the SGPRs (raw, or
 * shaped into a small image, linear or swizzled, at the first region), guest-memory regions (each
 * allocated at exactly its size, so ASan reports any host access outside them), a border table,
 * EXEC, VGPR values, s_waitcnt / s_waitcnt_vscnt words and the chip.  Every call must return (an
 * error status is fine), never crash. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "tmu/gcn.h"
#include "tmu/gcn_exec.h"
#include "tmu/layout.h"

#include "fuzz_reader.h"
#include "fuzz_gcn_memory.h"

static tmu_gcn_wave wave; /* 160 KiB: not on the stack */

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    reader r = {data, size};
    static const tmu_gcn_gen gens[3] = {TMU_GCN_GFX10, TMU_GCN_GFX103, TMU_GCN_GFX11};
    unsigned g = take(&r, 1);
    tmu_gcn_gen gen = gens[g % 3];
    tmu_gcn_wave_init(&wave, gen);
    tmu_gcn_wave_set_lanes(&wave, (g & 8) ? 32u : 64u, NULL);
    unsigned mode = take(&r, 1);
    tmu_gcn_region regions[3];
    unsigned nreg = take_regions(&r, mode, regions);
    uint32_t border[2][4];
    take_borders(&r, border);
    /* a preset of any generation (a wrong one must be refused), gfx11's included */
    static const char *const chips[8] = {"navi10",       "navi14",           "navi21",
                                         "navi21_8pipe", "gfx11_32pipe",     "gfx11_16pipe",
                                         "gfx11_8pipe",  "gfx11_2pipe_1pkr"};
    const tmu_amd_chip *chip = (mode & 0x40) ? tmu_amd_chip_find(chips[take(&r, 1) % 8]) : NULL;
    tmu_gcn_env env = {regions, nreg, &border[0][0], 2, NULL, 0, chip};
    unsigned srsrc, ssamp;
    uint32_t t[8], s[4];
    take_descriptors(&r, &srsrc, &ssamp, t, s);
    if (mode & 1) { /* a small image at the first region (T# fields: ROCR's bit positions) */
        static const unsigned fmts10[6] = {1, 22, 56, 71, 77, 130}, fmts11[6] = {1, 22, 42, 57, 63, 66};
        /* linear, gfx10 / gfx10.3 modes and gfx11's (the 256 KiB ones 28-31 too) */
        static const unsigned sws[16] = {0, 0, 0, 1, 5, 9, 21, 25, 2, 6, 10, 22, 26, 27, 28, 31};
        unsigned f = take(&r, 1) % 6;
        t[0] = (uint32_t)(regions[0].base >> 8);
        t[1] = (gen == TMU_GCN_GFX11 ? fmts11[f] : fmts10[f]) << 20 | (t[1] & (3u << 30 | 15u << 16 | 0xfu << 8)) |
               (uint32_t)(regions[0].base >> 40);
        t[2] &= 3u | 15u << 14;                      /* width, height <= 16 */
        t[3] = (t[3] & ~(31u << 20 | 0xccu << 12)) | sws[take(&r, 1) % 16] << 20 | 8u << 28;
        t[4] &= 0x7u | 0x7u << 16;                  /* depth / last layer <= 7 */
        t[5] &= 0x3u << 4 | 0x1fu << 27;            /* MAX_MIP (gfx10), MIN_LOD_LO (gfx11) */
        t[6] &= ~(1u << 21);                        /* no DCC */
        s[0] &= ~(1u << 27 | 1u << 19);             /* no TRUNC_COORD */
    }
    place_descriptors(&r, &wave, srsrc, ssamp, t, s);
    size_t nrows;
    const tmu_gcn_opcode_info *rows = tmu_gcn_opcodes(&nrows);
    uint32_t insts[4][TMU_GCN_MAX_DWORDS];
    unsigned ninst = 1 + take(&r, 1) % 4;
    for (unsigned i = 0; i < ninst; i++) {
        for (unsigned k = 0; k < TMU_GCN_MAX_DWORDS; k++)
            insts[i][k] = take(&r, 4);
        if (mode & 2) { /* a defined opcode, MIMG encoding, our T# and S#, the input's fields */
            const tmu_gcn_opcode_info *row = &rows[take(&r, 1) % nrows];
            tmu_gcn_mimg mi;
            tmu_gcn_mimg_init(&mi, gen, row->op[gen] == TMU_GCN_NO_OP ? NULL : row);
            unsigned bits = take(&r, 2);
            mi.f[TMU_GCN_F_DMASK] = bits & 15u;
            mi.f[TMU_GCN_F_DIM] = (bits >> 4) & 7u;
            mi.f[TMU_GCN_F_A16] = (bits >> 7) & 1u;
            mi.f[TMU_GCN_F_D16] = (bits >> 8) & 1u;
            mi.f[TMU_GCN_F_TFE] = (bits >> 9) & 1u;
            mi.f[TMU_GCN_F_UNORM] = (bits >> 10) & 1u;
            mi.f[TMU_GCN_F_GLC] = (bits >> 11) & 1u;
            mi.f[TMU_GCN_F_VADDR] = take(&r, 1);
            mi.f[TMU_GCN_F_VDATA] = take(&r, 1);
            mi.f[TMU_GCN_F_SRSRC] = srsrc;
            mi.f[TMU_GCN_F_SSAMP] = row->cls == TMU_GCN_CLASS_SAMPLE || row->cls == TMU_GCN_CLASS_GATHER ||
                                            row->cls == TMU_GCN_CLASS_GET_LOD ? ssamp : 0;
            unsigned n = mi.op ? tmu_gcn_vaddr_count(&mi) : 1;
            if ((bits >> 12) & 1 && n >= 2) { /* NSA: each further address its own byte */
                unsigned maxn = gen == TMU_GCN_GFX11 ? 5u : 13u;
                mi.f[TMU_GCN_F_NSA] = gen == TMU_GCN_GFX11 ? 1u : (n - 1 + 3) / 4;
                for (unsigned k = 1; k < n && k < maxn; k++)
                    mi.f[TMU_GCN_F_ADDR1 + k - 1] = take(&r, 1);
            }
            unsigned len;
            if (tmu_gcn_encode_dwords(&mi, insts[i], &len, NULL) != TMU_OK)
                insts[i][0] = take(&r, 4);
        }
    }
    for (unsigned v = 0; v < TMU_GCN_VGPRS; v += 1 + take(&r, 1) % 16)
        for (unsigned l = 0; l < TMU_GCN_LANES; l += 1 + (l & 7)) {
            uint32_t x = take(&r, 2);
            wave.vgpr[v][l] = (mode & 4) ? x * 0x10001u : (x & 0x3fff) << 16 | (x >> 14);
        }
    for (unsigned i = 0; i < ninst; i++) {
        tmu_gcn_mimg mi;
        tmu_diag d;
        unsigned len = 0;
        size_t avail = 2 + take(&r, 1) % 4;
        if (tmu_gcn_decode_dwords(gen, insts[i], avail, &mi, &len, &d) == TMU_OK) {
            tmu_gcn_explain e;
            tmu_gcn_exec_explain(&wave, &env, &mi, &e, &d);
        }
        tmu_gcn_exec_dwords(&wave, &env, insts[i], avail, &len, &d);
        tmu_gcn_exec_word(&wave, &env, (uint64_t)insts[i][0] | (uint64_t)insts[i][1] << 32, &d);
        unsigned w = take(&r, 1);
        if (w & 1)
            tmu_gcn_exec_waitcnt(&wave, tmu_gcn_waitcnt_encode(gen, 0, 0, 0) | take(&r, 2), &d);
        if (w & 2)
            tmu_gcn_exec_waitcnt(&wave, tmu_gcn_waitcnt_vscnt_encode(gen, take(&r, 1)), &d);
        if (w & 4)
            tmu_gcn_exec_waitcnt(&wave, take(&r, 4), &d);
        tmu_gcn_wave_note_read(&wave, take(&r, 1), take(&r, 1) % 8);
        tmu_gcn_wave_note_write(&wave, take(&r, 1), take(&r, 1) % 8);
    }
    tmu_gcn_wave_wait(&wave, 0, 0);
    tmu_gcn_wave_wait_vs(&wave, 0);
    for (unsigned i = 0; i < nreg; i++)
        free(regions[i].host);
    return 0;
}
