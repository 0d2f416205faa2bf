/* libFuzzer target for GCN MIMG execution: the input chooses the generation, up to four
 * instruction words (raw, or an opcode row plus fields), the T# and S# in the SGPRs (raw, or shaped
 * into small linear images so that execution gets deep), guest-memory regions (each allocated at
 * exactly its size, so ASan reports any host access outside them), a border table, a residency
 * map, EXEC and VGPR values.  Every call must return (an error status is fine), never crash. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "tmu/gcn.h"
#include "tmu/gcn_exec.h"

#include "fuzz_reader.h"
#include "fuzz_gcn_memory.h"

static tmu_gcn_wave wave; /* 150 KiB: not on the stack */

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    reader r = {data, size};
    tmu_gcn_gen gen = (tmu_gcn_gen)(take(&r, 1) % TMU_GCN_GEN_COUNT);
    tmu_gcn_wave_init(&wave, gen);
    unsigned mode = take(&r, 1);
    /* guest memory: 1-3 regions of up to 64 KiB at small addresses */
    tmu_gcn_region regions[3];
    unsigned nreg = take_regions(&r, mode, regions);
    uint32_t border[2][4];
    take_borders(&r, border);
    /* a residency map covers every tile of the image (the caller's part of the contract): an
     * image inside 64 KiB has at most 65536 texels, so at most that many tiles */
    static uint8_t map[65536];
    if (!map[1])
        for (size_t i = 0; i < sizeof map; i++)
            map[i] = (uint8_t)((i * 2654435761u >> 13) % 5 != 0) | 2;
    tmu_residency res = {1 + take(&r, 1) % 4, 1 + take(&r, 1) % 4, 1, {map, map, map, map}};
    tmu_gcn_prt prt = {regions[0].base, &res};
    int use_prt = (mode & 0x40) != 0;
    tmu_gcn_env env = {regions, nreg, &border[0][0], 2, use_prt ? &prt : NULL, use_prt ? 1u : 0u, NULL};
    /* descriptors: raw, or shaped into a small linear image at the first region */
    unsigned srsrc, ssamp;
    uint32_t t[8], s[4];
    take_descriptors(&r, &srsrc, &ssamp, t, s);
    if (mode & 1) {
        t[0] = (uint32_t)(regions[0].base >> 8);
        t[1] = (t[1] & 0xfff00000u) | (uint32_t)(regions[0].base >> 40);
        t[2] &= (15u | 15u << 14 | 7u << 28);                 /* width, height <= 16 */
        t[3] = (t[3] & ~(31u << 20)) | (gen == TMU_GCN_GFX9 ? 0u : 8u << 20); /* linear */
        t[3] |= 8u << 28;                                     /* TYPE 8-15 */
        t[3] &= ~(0xccu << 12);                               /* BASE/LAST_LEVEL <= 3 */
        t[4] &= 0x7u | 0xffu << 13;                           /* depth <= 8, pitch <= 256 */
        t[5] &= 0x7u | 0x7u << 13 | 0xfu << 28;               /* few layers, MAX_MIP */
        t[6] &= ~(1u << 21);                                  /* no DCC */
        s[0] &= ~(1u << 27 | 1u << 19);                       /* no TRUNC_COORD */
    }
    place_descriptors(&r, &wave, srsrc, ssamp, t, s);
    /* instructions */
    size_t nrows;
    const tmu_gcn_opcode_info *rows = tmu_gcn_opcodes(&nrows);
    uint64_t words[4];
    unsigned nwords = 1 + take(&r, 1) % 4;
    for (unsigned i = 0; i < nwords; i++) {
        uint64_t w = (uint64_t)take(&r, 4) | (uint64_t)take(&r, 4) << 32;
        if (mode & 2) { /* a defined opcode, MIMG encoding, our T# and S# */
            const tmu_gcn_opcode_info *row = &rows[take(&r, 1) % nrows];
            unsigned op = row->op[gen] == TMU_GCN_NO_OP ? 0 : row->op[gen];
            w &= ~(0x7full << 18 | 0x3full << 26 | 1ull | 0x3ffull << 48);
            w |= (uint64_t)op << 18 | 0x3cull << 26 | (uint64_t)srsrc << 48;
            if (row->cls == TMU_GCN_CLASS_SAMPLE || row->cls == TMU_GCN_CLASS_GATHER ||
                row->cls == TMU_GCN_CLASS_GET_LOD)
                w |= (uint64_t)ssamp << 53;
        }
        words[i] = w;
    }
    /* VGPRs: the input's bytes around each instruction's VADDR and VDATA */
    for (unsigned i = 0; i < nwords; i++) {
        unsigned va = (unsigned)(words[i] >> 32) & 0xff, vd = (unsigned)(words[i] >> 40) & 0xff;
        for (unsigned v = 0; v < 12; v++)
            for (unsigned l = 0; l < TMU_GCN_LANES; l += 1 + (l & 3)) {
                uint32_t x = take(&r, 2);
                x = (mode & 4) ? x * 0x10001u : (x & 0x3fff) << 16 | (x >> 14); /* floats or ints */
                if (va + v < TMU_GCN_VGPRS)
                    wave.vgpr[va + v][l] = x;
                if (vd + v < TMU_GCN_VGPRS && (mode & 8))
                    wave.vgpr[vd + v][l] = x ^ 0x3f800000u;
            }
    }
    for (unsigned i = 0; i < nwords; i++) {
        tmu_gcn_mimg mi;
        tmu_diag d;
        if (tmu_gcn_decode(gen, words[i], &mi, &d) == TMU_OK) {
            tmu_gcn_explain e;
            tmu_gcn_exec_explain(&wave, &env, &mi, &e, &d);
        }
        tmu_gcn_exec_word(&wave, &env, words[i], &d);
        if (take(&r, 1) & 1)
            tmu_gcn_exec_waitcnt(&wave, 0xbf8c0000u | take(&r, 2), &d);
        tmu_gcn_wave_note_read(&wave, take(&r, 1), take(&r, 1) % 8);
        tmu_gcn_wave_note_write(&wave, take(&r, 1), take(&r, 1) % 8);
    }
    tmu_gcn_wave_wait(&wave, 0, 0);
    for (unsigned i = 0; i < nreg; i++)
        free(regions[i].host);
    return 0;
}
