/* The guest memory and descriptors of the GCN and RDNA execution fuzz targets (fuzz_gcn_exec.c,
 * fuzz_rdna_exec.c), read from the input: 1-3 regions of up to 64 KiB at small addresses (with
 * bit 7 of `mode`, also above 2^40), each allocated at exactly its size so that ASan reports any
 * host access outside it and filled with a fixed pattern, a two-entry border colour table, and
 * the T# and S# (raw here; each target shapes them for its generations) with their SGPRs and
 * EXEC.
 * A header of static functions, like the targets themselves (include fuzz_reader.h first). */
#ifndef TMU_FUZZ_GCN_MEMORY_H
#define TMU_FUZZ_GCN_MEMORY_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "tmu/gcn_exec.h"

/* Reads the regions into regions[0..2] and returns how many there are (free their host). */
static unsigned take_regions(reader *r, unsigned mode, tmu_gcn_region regions[3])
{
    /* region i's bytes: b * 151 + i (computed once: a byte loop per input would be most of the
     * run time under the fuzzer's instrumentation) */
    static unsigned char pattern[3][65536];
    if (!pattern[0][1])
        for (unsigned i = 0; i < 3; i++)
            for (uint32_t b = 0; b < 65536; b++)
                pattern[i][b] = (unsigned char)(b * 151u + i);
    unsigned nreg = 1 + take(r, 1) % 3;
    for (unsigned i = 0; i < nreg; i++) {
        uint64_t base = (uint64_t)(take(r, 2) & 0xfff) << 8;
        if (mode & 0x80)
            base |= (uint64_t)take(r, 1) << 40;
        uint32_t sz = 1 + take(r, 2);
        regions[i].base = base;
        regions[i].size = sz;
        regions[i].host = malloc(sz);
        regions[i].writable = (int)(take(r, 1) & 1);
        if (regions[i].host)
            memcpy(regions[i].host, pattern[i], sz);
    }
    return nreg;
}

/* Reads a border colour table of two entries. */
static void take_borders(reader *r, uint32_t border[2][4])
{
    for (int i = 0; i < 2; i++)
        for (int c = 0; c < 4; c++)
            border[i][c] = take(r, 2) * 0x10001u;
}

/* Reads the SGPR quads of the T# (*srsrc, 0..24) and S# (*ssamp, 0..25) and their raw dwords. */
static void take_descriptors(reader *r, unsigned *srsrc, unsigned *ssamp, uint32_t t[8],
                             uint32_t s[4])
{
    *srsrc = take(r, 1) % 25;
    *ssamp = take(r, 1) % 26;
    for (int i = 0; i < 8; i++)
        t[i] = take(r, 4);
    for (int i = 0; i < 4; i++)
        s[i] = take(r, 4);
}

/* Puts the T# and S# into the wave's SGPRs (the S# last: it wins where they overlap) and reads
 * EXEC. */
static void place_descriptors(reader *r, tmu_gcn_wave *w, unsigned srsrc, unsigned ssamp,
                              const uint32_t t[8], const uint32_t s[4])
{
    memcpy(&w->sgpr[4 * srsrc], t, 8 * sizeof t[0]);
    memcpy(&w->sgpr[4 * ssamp], s, 4 * sizeof s[0]);
    w->exec = (uint64_t)take(r, 4) | (uint64_t)take(r, 4) << 32;
}

#endif
