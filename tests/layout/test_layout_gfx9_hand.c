/* gfx9 swizzle modes worked by hand.  Every expected address below is derived in the comments
 * from the documented swizzle rules (addrlib Gfx9Lib: 256-byte micro tiles, Morton order of micro
 * tiles, pipe / bank folding, slice XOR, mip tail placement), not taken from running tmu.
 *
 * Notation: xN / yN / zN is bit N of x / y / slice; "bit k" is bit k of the byte offset.
 *
 * vega10 GB_ADDR_CONFIG 0x2a114042: NUM_PIPES 2 (4 pipes), PIPE_INTERLEAVE 0 (256 B),
 * NUM_BANKS 4 (16 banks), NUM_SHADER_ENGINES 2 (4 SEs).  So a 64 KiB XOR mode has
 * pipe bits = min(16 - 8, log2 pipes + log2 SEs) = 4 (address bits 8..11) and
 * bank bits = min(16 - 8 - 4, log2 banks) = 4 (address bits 12..15).
 * raven 0x24000042: 4 pipes, 256 B interleave, 1 bank, 1 SE. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "tmu/layout.h"

#include "hand_check.h"

static tmu_surface surf; /* large: not on the stack */

static tmu_surface_desc desc2d(uint32_t sw, uint32_t bpp, uint32_t w, uint32_t h, uint32_t slices,
                               uint32_t levels)
{
    tmu_surface_desc d;
    memset(&d, 0, sizeof d);
    d.rsrc = TMU_SURF_2D;
    d.swizzle_mode = sw;
    d.bpp = bpp;
    d.width = w;
    d.height = h;
    d.slices = slices;
    d.levels = levels;
    d.samples = 1;
    d.flags = TMU_SURF_TEXTURE;
    return d;
}

static void init_ok(const char *chip, const tmu_surface_desc *d)
{
    tmu_diag diag;
    assert_int_equal(tmu_surface_init_amd(&surf, tmu_amd_chip_find(chip), d, &diag), TMU_OK);
}

static uint64_t addr(uint32_t level, uint32_t x, uint32_t y, uint32_t slice)
{
    uint64_t a = ~0ull;
    assert_int_equal(tmu_surface_address(&surf, level, x, y, slice, 0, &a), TMU_OK);
    return a;
}

static uint64_t addr_s(uint32_t x, uint32_t y, uint32_t slice, uint32_t sample)
{
    uint64_t a = ~0ull;
    assert_int_equal(tmu_surface_address(&surf, 0, x, y, slice, sample, &a), TMU_OK);
    assert_int_equal(tmu_surface_address_fast(&surf, 0, x, y, slice, sample), a);
    return a;
}

/* SW_64KB_S, 32 bpp (4-byte elements: bits 0-1 are the byte in the element).
 * 256 B standard micro tile for 4-byte elements: 8x8 elements, bits 2..7 = x0 x1 y0 y1 y2 x2.
 * Above it the micro tiles go in Morton order, y first: bit 8 = y3, 9 = x3, 10 = y4, 11 = x4,
 * 12 = y5, 13 = x5, 14 = y6, 15 = x6.  So the 64 KiB block is 128x128 elements, and a 256x256
 * surface is 2x2 blocks, row-major. */
static void test_64kb_s(void **state)
{
    (void)state;
    tmu_surface_desc d = desc2d(9 /* SW_64KB_S */, 32, 256, 256, 1, 1);
    assert_int_equal(tmu_amd_swizzle_mode_from_name("SW_64KB_S"), 9);
    init_ok("vega10", &d);
    assert_int_equal(surf.block_w, 128);
    assert_int_equal(surf.block_h, 128);
    assert_int_equal(surf.pitch, 256);
    assert_int_equal(surf.size, 4 * 65536);
    assert_int_equal(surf.base_align, 256); /* not an XOR mode: 256 B */
    assert_int_equal(addr(0, 1, 0, 0), 4);    /* x0 -> bit 2 */
    assert_int_equal(addr(0, 0, 1, 0), 16);   /* y0 -> bit 4 */
    assert_int_equal(addr(0, 4, 0, 0), 128);  /* x2 -> bit 7 */
    assert_int_equal(addr(0, 0, 4, 0), 64);   /* y2 -> bit 6 */
    assert_int_equal(addr(0, 8, 0, 0), 512);  /* x3 -> bit 9 */
    assert_int_equal(addr(0, 0, 8, 0), 256);  /* y3 -> bit 8 */
    /* (5, 3): x0 (4) + x2 (128) + y0 (16) + y1 (32) = 180 */
    assert_int_equal(addr(0, 5, 3, 0), 180);
    /* (37, 90): x = 0100101b: x0 4, x2 128, x5 8192 = 8324;
     *           y = 1011010b: y1 32, y3 256, y4 1024, y6 16384 = 17696;  sum 26020 */
    assert_int_equal(addr(0, 37, 90, 0), 26020);
    /* (127, 127): every bit 2..15 set: 0xfffc, the last element of the block */
    assert_int_equal(addr(0, 127, 127, 0), 0xfffc);
    /* next block right, then the row of blocks below (pitch 2 blocks) */
    assert_int_equal(addr(0, 128, 0, 0), 65536);
    assert_int_equal(addr(0, 0, 128, 0), 2 * 65536);
    assert_int_equal(addr(0, 129, 129, 0), 3 * 65536 + 4 + 16);
}

/* SW_64KB_S_X, same element order, then the XOR stage (bits 8..15 = v0..v7, v = offset >> 8;
 * bits above the block continue the Morton order: v8 = y7, v9 = x7, v10 = y8, v11 = x8):
 *   pipe bit i (address bit 8 + i) ^= v[7 - i]:      bit 8 = y3^x6, 9 = x3^y6, 10 = y4^x5,
 *                                                    11 = x4^y5;
 *   bank bit i (address bit 12 + i) ^= v[4 + 7 - i]: 12 = y5^x8, 13 = x5^y8, 14 = y6^x7,
 *                                                    15 = x6^y7;
 *   slice XOR (non-PRT XOR, one sample): pipe bits ^= the low 4 slice bits reversed (bit 8 ^= z3
 *   ... bit 11 ^= z0), bank bits ^= the next 4 reversed (bit 12 ^= z7 ... bit 15 ^= z4);
 *   pipe_bank_xor: low 4 bits onto bits 8..11, the next 4 onto bits 12..15. */
static void test_64kb_s_x(void **state)
{
    (void)state;
    tmu_surface_desc d = desc2d(25 /* SW_64KB_S_X */, 32, 512, 512, 4, 1);
    init_ok("vega10", &d);
    assert_int_equal(surf.base_align, 65536); /* XOR modes: block-aligned */
    assert_int_equal(surf.slice_size, 16 * 65536); /* 4x4 blocks of 64 KiB */
    assert_int_equal(addr(0, 0, 0, 0), 0);
    assert_int_equal(addr(0, 1, 1, 0), 4 + 16);    /* below bit 8: no XOR */
    /* (64, 0): x6 sets bit 15 and, folded, bit 8: 32768 + 256 */
    assert_int_equal(addr(0, 64, 0, 0), 33024);
    /* (8, 64): x3 -> bit 9; y6 -> bit 14 and, folded, bit 9 again (cancels): 16384 */
    assert_int_equal(addr(0, 8, 64, 0), 16384);
    /* (256, 0): x8 (block column 2) folds into bit 12: 2 * 65536 + 4096 */
    assert_int_equal(addr(0, 256, 0, 0), 2 * 65536 + 4096);
    /* slice 1: z0 flips bit 11 in the slice's own blocks (1 MiB per slice) */
    assert_int_equal(addr(0, 0, 0, 1), 1048576 + 2048);
    /* slice 3: z0 -> bit 11, z1 -> bit 10: 3 MiB + 3072 */
    assert_int_equal(addr(0, 0, 0, 3), 3 * 1048576 + 3072);

    d.pipe_bank_xor = 0x35; /* pipe 5 -> bits 8, 10; bank 3 -> bits 12, 13: 0x3500 */
    init_ok("vega10", &d);
    assert_int_equal(addr(0, 0, 0, 0), 0x3500);
    assert_int_equal(addr(0, 64, 0, 0), 0x8100 ^ 0x3500);
}

/* SW_4KB_D, 16 bpp on raven (no XOR): display micro tile for 2-byte elements is 16x8,
 * bits 1..7 = x0 x1 x2 y0 y1 y2 x3; then Morton from bit 8: y3, x4, y4, x5.  The 4 KiB
 * block is 64x32 elements; a 100x40 surface pads to 128x64 = 2x2 blocks. */
static void test_4kb_d(void **state)
{
    (void)state;
    tmu_surface_desc d = desc2d(6 /* SW_4KB_D */, 16, 100, 40, 1, 1);
    init_ok("raven", &d);
    assert_int_equal(surf.block_w, 64);
    assert_int_equal(surf.block_h, 32);
    assert_int_equal(surf.pitch, 128);
    assert_int_equal(surf.height, 64);
    assert_int_equal(surf.size, 4 * 4096);
    assert_int_equal(addr(0, 1, 0, 0), 2);    /* x0 -> bit 1 */
    assert_int_equal(addr(0, 8, 0, 0), 128);  /* x3 -> bit 7 */
    assert_int_equal(addr(0, 0, 1, 0), 16);   /* y0 -> bit 4 */
    assert_int_equal(addr(0, 0, 8, 0), 256);  /* y3 -> bit 8 */
    assert_int_equal(addr(0, 16, 0, 0), 512); /* x4 -> bit 9 */
    /* (5, 6): x0 2 + x2 8 + y1 32 + y2 64 = 106 */
    assert_int_equal(addr(0, 5, 6, 0), 106);
    /* (63, 31): x bits 1,2,3,7,9,11 = 2702; y bits 4,5,6,8,10 = 1392: 4094 */
    assert_int_equal(addr(0, 63, 31, 0), 4094);
    /* (70, 33): block (1, 1) = index 3; inside (6, 1): x1 4 + x2 8 + y0 16 = 28 */
    assert_int_equal(addr(0, 70, 33, 0), 3 * 4096 + 28);
}

/* SW_256B_S, 8 bpp: the whole block is one standard micro tile, 16x16 elements,
 * bits 0..7 = x0 x1 x2 x3 y0 y1 y2 y3 (plain row-major inside the tile). */
static void test_256b_s(void **state)
{
    (void)state;
    tmu_surface_desc d = desc2d(1 /* SW_256B_S */, 8, 40, 20, 1, 1);
    init_ok("vega10", &d);
    assert_int_equal(surf.block_w, 16);
    assert_int_equal(surf.block_h, 16);
    assert_int_equal(surf.pitch, 48);
    assert_int_equal(surf.height, 32);
    assert_int_equal(addr(0, 7, 9, 0), 9 * 16 + 7);
    /* (33, 17): block (2, 1) of a 3-block-wide row = index 5; inside (1, 1) = 17 */
    assert_int_equal(addr(0, 33, 17, 0), 5 * 256 + 17);
}

/* A mip chain with a tail: vega10 SW_64KB_S, 32 bpp, 256x256, 9 levels; 128x128 blocks.
 * Tail limit (GetMipTailDim): half a block wide, 64x128.  Mip 0 (256x256) and mip 1 (128x128)
 * are block-aligned; mip 2 (64x64) is the first in the tail.
 * Chain: mip 0 is 2x2 blocks, neither taller than wide (x major), so mip 1 goes below it:
 * chain height 256 + 1 block = 384, size 256 * 384 * 4 = 393216.
 * Start blocks (GetMipStartPos, x major): mip 1 at (0, 2); then one block right, (1, 2), and
 * since mip 1 is 1x1 blocks the rest lie in the tail block there, index 2 * 2 + 1 = 5
 * (byte 327680).  Tail offsets: slot (mip - 2) + 20 - 16 of 2048,1024,512,256,128,64,32,16,8,...
 * x 256 B: mip 2 -> 128 x 256 = 32768, mip 3 -> 16384, mip 4 -> 8192, mip 5 -> 4096. */
static void test_mip_tail(void **state)
{
    (void)state;
    tmu_surface_desc d = desc2d(9 /* SW_64KB_S */, 32, 256, 256, 1, 9);
    init_ok("vega10", &d);
    assert_int_equal(surf.first_tail_mip, 2);
    assert_int_equal(surf.mip_chain_in_tail, 0);
    assert_int_equal(surf.size, 393216);
    assert_int_equal(surf.level[1].in_tail, 0);
    assert_int_equal(surf.level[2].in_tail, 1);
    assert_int_equal(surf.level[2].pitch, 64);
    assert_int_equal(surf.level[2].padded_height, 128);
    assert_int_equal(surf.level[2].mip_tail_offset, 32768);
    assert_int_equal(surf.level[5].mip_tail_offset, 4096);
    assert_int_equal(surf.level[2].size, 0); /* tail levels: 0 (tmu's choice) */
    assert_int_equal(addr(1, 0, 0, 0), 4 * 65536);          /* mip 1: block (0, 2) */
    assert_int_equal(addr(1, 5, 3, 0), 4 * 65536 + 180);
    assert_int_equal(addr(2, 0, 0, 0), 327680 + 32768);     /* tail block + mip 2 slot */
    assert_int_equal(addr(2, 1, 1, 0), 327680 + 32768 + 20);
    /* mip 3 (32x32) element (3, 2): x0 4 + x1 8 + y1 32 = 44 */
    assert_int_equal(addr(3, 3, 2, 0), 327680 + 16384 + 44);
    /* mip 5 (8x8) element (7, 7): bits 2..7 all set = 252 */
    assert_int_equal(addr(5, 7, 7, 0), 327680 + 4096 + 252);
}

/* MSAA with fragments == samples (addrlib's numFrags = numSamples: the hardware's layout).
 * vega10 SW_64KB_Z_X, 32 bpp depth, 2 samples.
 * Block (Gfx9Lib::ComputeThinBlockDimension): 8x8 micro tile grown by 2^4 each way = 128x128,
 * then log2 2 = 1 fragment bit: q = 0, r = 1, even log2 block size -> width >>= 1: 64x128.
 * A 128x128 surface: pitch 128 = 2 blocks, 1 block high, size 2 x 64 KiB = 128*128*4*2.
 * In-block offset (HwlComputeSurfaceAddrFromCoordTiled, Z order, 4-byte elements):
 *   low Morton MortonGen2d(y, x, 2): x0 y0 x1 y1; then MortonGen2d(x >> 2, y >> 2, 9) << 4:
 *   y2 x2 y3 x3 y4 x4 y5 x5 y6 x6 y7 x7 y8 ...; times numSamples (2) plus the sample, then
 *   << 2 (element bytes).  So byte-offset bits: b2 = s, b3 x0, b4 y0, b5 x1, b6 y1, b7 y2,
 *   b8 x2, b9 y3, b10 x3, b11 y4, b12 x4, b13 y5, b14 x5, b15 y6, b16 x6, b17 y7, b18 x7, b19 y8.
 * XOR (4 pipe bits at 8..11, 4 bank bits at 12..15, v = offset >> 8): pipe bit i ^= v[7 - i],
 * bank bit i ^= v[11 - i]; no slice XOR (MSAA).  Final:
 *   b8 = x2^y6  b9 = y3^x5  b10 = x3^y5  b11 = y4^x4  b12 = x4^y8  b13 = y5^x7  b14 = x5^y7
 *   b15 = y6^x6.
 * Every (x0..x5, y0..y6, s) of a block gets its own offset; x6 and up pick the block. */
static void test_msaa_z_x(void **state)
{
    (void)state;
    tmu_surface_desc d = desc2d(24 /* SW_64KB_Z_X */, 32, 128, 128, 1, 1);
    d.samples = 2;
    d.fragments = 2;
    d.flags = TMU_SURF_DEPTH;
    init_ok("vega10", &d);
    assert_int_equal(surf.block_w, 64);
    assert_int_equal(surf.block_h, 128);
    assert_int_equal(surf.pitch, 128);
    assert_int_equal(surf.size, 2 * 65536);
    assert_int_equal(addr_s(0, 0, 0, 1), 4); /* the sample bit, b2 */
    assert_int_equal(addr_s(1, 0, 0, 0), 8); /* x0 -> b3: the next element, after 2 samples */
    /* (37, 90, sample 1): x = 0100101b (x0 x2 x5), y = 1011010b (y1 y3 y4 y6):
     *   b2 s 4, b3 x0 8, b6 y1 64; b8 x2^y6 = 0, b9 y3^x5 = 0, b10 x3^y5 = 0,
     *   b11 y4^x4 = 1 (2048), b12 x4^y8 = 0, b13 y5^x7 = 0, b14 x5^y7 = 1 (16384),
     *   b15 y6^x6 = 1 (32768): 51276, block 0. */
    assert_int_equal(addr_s(37, 90, 0, 1), 51276);
    assert_int_equal(addr_s(37, 90, 0, 0), 51272);
    /* (100, 5, sample 1): x = 1100100b (x2 x5 x6), y = 101b (y0 y2):
     *   b2 4, b4 y0 16, b7 y2 128, b8 x2^y6 = 1 (256), b9 y3^x5 = 1 (512),
     *   b14 x5^y7 = 1 (16384), b15 y6^x6 = 1 (32768): 50068; block column 100 / 64 = 1:
     *   65536 + 50068 = 115604. */
    assert_int_equal(addr_s(100, 5, 0, 1), 115604);

    /* The surface info does not depend on fragments: the same surface with fragments 0. */
    d.fragments = 0;
    init_ok("vega10", &d);
    assert_int_equal(surf.block_w, 64);
    assert_int_equal(surf.block_h, 128);
    assert_int_equal(surf.pitch, 128);
    assert_int_equal(surf.size, 2 * 65536);
    /* ... but its addresses are addrlib's with numFrags 0 -> 1: the same in-block bits, walked
     * with the single-sample 128x128 block (one block across): (100, 5, 1) -> 50068. */
    assert_int_equal(addr_s(100, 5, 0, 1), 50068);
}

/* MSAA in a non-Z mode: raven SW_4KB_S (no XOR), 32 bpp colour, 4 samples, fragments 4.
 * Standard 256 B micro tile for 4-byte elements: bits 2..7 = x0 x1 y0 y1 y2 x2; Morton of micro
 * tiles from bit 8: y3 x3 y4 x4.  Block: 32x32, log2 4 samples -> q = 1, r = 0: 16x16.
 * Sample bits replace the top log2(4) = 2 bits of the 4 KiB block (sampleStart = 12 - 2):
 *   b8 y3, b9 x3, b10 s0, b11 s1.
 * 40x20: pitch 48 (3 blocks), height 32 (2 blocks), size 6 x 4096 = 48*32*4*4. */
static void test_msaa_s(void **state)
{
    (void)state;
    tmu_surface_desc d = desc2d(5 /* SW_4KB_S */, 32, 40, 20, 1, 1);
    d.samples = 4;
    d.fragments = 4;
    d.flags = TMU_SURF_COLOR;
    init_ok("raven", &d);
    assert_int_equal(surf.block_w, 16);
    assert_int_equal(surf.block_h, 16);
    assert_int_equal(surf.pitch, 48);
    assert_int_equal(surf.height, 32);
    assert_int_equal(surf.size, 6 * 4096);
    /* (15, 15): every x / y bit of the block: 4+8+128+512 + 16+32+64+256 = 1020 */
    assert_int_equal(addr_s(15, 15, 0, 0), 1020);
    assert_int_equal(addr_s(15, 15, 0, 2), 1020 + 2048); /* s1 -> b11 */
    /* (21, 19, sample 3): block (1, 1) -> index 1 * 3 + 1 = 4 (16384); inside: x = 10101b
     * (x0 x2; x4 is the block column), y = 10011b (y0 y1): 4 + 128 + 16 + 32, s 3 -> 1024 +
     * 2048: 3252 -> 19636. */
    assert_int_equal(addr_s(21, 19, 0, 3), 19636);

    /* fragments 0 (the vectors' convention): walked with the single-sample 32x32 block, and
     * the Morton bits y4 / x4 at b10 / b11 are replaced by the sample: (21, 19) lands in block
     * 0 at 3252, as does (5, 3) -- not one-to-one, as addrlib's numFrags-0 addresses are. */
    d.fragments = 0;
    init_ok("raven", &d);
    assert_int_equal(surf.size, 6 * 4096);
    assert_int_equal(addr_s(21, 19, 0, 3), 3252);
    assert_int_equal(addr_s(5, 3, 0, 3), 3252);
}

/* Every element / slice / sample of small surfaces in every accepted mode (MSAA with fragments
 * = samples) has its own element-aligned address inside the surface. */
static void test_bijective(void **state)
{
    (void)state;
    static const char *const chips[] = {"vega10", "raven"};
    static const uint32_t dims[][4] = {
        {17, 9, 3, 3}, {64, 64, 1, 7}, {130, 7, 2, 4}, {33, 65, 5, 5}, {5, 300, 1, 1},
    };
    unsigned char *seen = NULL;
    size_t seen_cap = 0;
    unsigned accepted = 0, msaa = 0;
    for (unsigned ci = 0; ci < 2; ci++)
        for (uint32_t sw = 0; sw < 32; sw++)
            for (int rsrc = 0; rsrc < 3; rsrc++)
                for (uint32_t e = 0; e < 5; e++)
                    for (unsigned di = 0; di < 5; di++)
                        for (uint32_t samples = 1; samples <= 8; samples *= 2)
                            for (int depth = 0; depth < 2; depth++) {
                                if (depth && samples == 1)
                                    continue;
                                tmu_surface_desc d =
                                    sweep_desc(rsrc, sw, 8u << e, dims[di], samples, depth);
                                /* _T / _X modes: a pipe/bank XOR every chip has room for */
                                d.pipe_bank_xor = (sw >= 16 && sw < 28) ? 3 : 0;
                                if (tmu_surface_init_amd(&surf, tmu_amd_chip_find(chips[ci]), &d,
                                                         NULL) != TMU_OK)
                                    continue;
                                accepted++;
                                msaa += samples > 1;
                                char what[96];
                                snprintf(what, sizeof what, "%s rsrc %d %s bpp %u samples %u",
                                         chips[ci], rsrc, tmu_amd_swizzle_mode_name(sw), d.bpp,
                                         samples);
                                expect_bijective(&surf, what, 0, &seen, &seen_cap);
                            }
    free(seen);
    assert_true(accepted > 500);
    assert_true(msaa > 100);
}

/* Combinations addrlib refuses come back as errors naming the field. */
static void test_rejects(void **state)
{
    (void)state;
    const tmu_amd_chip *v10 = tmu_amd_chip_find("vega10");
    tmu_diag diag;
    tmu_surface_desc d = desc2d(1 /* SW_256B_S */, 32, 64, 64, 4, 1);
    d.rsrc = TMU_SURF_3D; /* 256 B modes: no 3D */
    assert_int_not_equal(tmu_surface_init_amd(&surf, v10, &d, &diag), TMU_OK);
    assert_non_null(strstr(diag.message, "swizzle_mode"));

    d = desc2d(9, 32, 64, 1, 1, 1);
    d.rsrc = TMU_SURF_1D; /* gfx9 1D: linear only */
    assert_int_not_equal(tmu_surface_init_amd(&surf, v10, &d, &diag), TMU_OK);
    assert_non_null(strstr(diag.message, "1D"));

    d = desc2d(1, 32, 64, 64, 1, 1);
    d.samples = 2; /* a 256 B block cannot hold a pipe interleave per sample */
    d.flags = TMU_SURF_COLOR;
    assert_int_not_equal(tmu_surface_init_amd(&surf, v10, &d, &diag), TMU_OK);
    assert_non_null(strstr(diag.message, "samples"));

    d = desc2d(9 /* SW_64KB_S */, 32, 64, 64, 1, 1);
    d.pipe_bank_xor = 3; /* only _X / _T modes take a pipe/bank XOR */
    assert_int_not_equal(tmu_surface_init_amd(&surf, v10, &d, &diag), TMU_OK);
    assert_non_null(strstr(diag.message, "pipe_bank_xor"));

    d = desc2d(20 /* SW_4KB_Z_X */, 32, 64, 64, 1, 1);
    d.pipe_bank_xor = 16; /* 4 KiB on vega10: 4 pipe bits, no bank bits */
    assert_int_not_equal(tmu_surface_init_amd(&surf, v10, &d, &diag), TMU_OK);
    assert_non_null(strstr(diag.message, "pipe_bank_xor"));

    d = desc2d(8 /* SW_64KB_Z */, 128, 64, 64, 1, 1); /* 2D Z: at most 64 bpp */
    assert_int_not_equal(tmu_surface_init_amd(&surf, v10, &d, NULL), TMU_OK);

    d = desc2d(11 /* SW_64KB_R */, 32, 64, 64, 4, 1);
    d.rsrc = TMU_SURF_3D; /* rotated: no 3D */
    assert_int_not_equal(tmu_surface_init_amd(&surf, v10, &d, &diag), TMU_OK);

    d = desc2d(12 /* SW_VAR_Z: not on gfx9 */, 32, 64, 64, 1, 1);
    assert_int_not_equal(tmu_surface_init_amd(&surf, v10, &d, &diag), TMU_OK);
    assert_non_null(strstr(diag.message, "swizzle_mode"));

    d = desc2d(9, 32, 64, 64, 1, 1);
    d.samples = 16; /* gfx9: at most 8 fragments */
    d.flags = TMU_SURF_COLOR;
    assert_int_not_equal(tmu_surface_init_amd(&surf, v10, &d, &diag), TMU_OK);
    assert_non_null(strstr(diag.message, "samples"));

    /* fragments: 0 or samples; fewer (EQAA) or more are refused */
    d = desc2d(9 /* SW_64KB_S */, 32, 64, 64, 1, 1);
    d.samples = 4;
    d.flags = TMU_SURF_COLOR;
    d.fragments = 2;
    assert_int_not_equal(tmu_surface_init_amd(&surf, v10, &d, &diag), TMU_OK);
    assert_non_null(strstr(diag.message, "fragments"));
    assert_non_null(strstr(diag.message, "EQAA"));
    d.fragments = 1;
    assert_int_not_equal(tmu_surface_init_amd(&surf, v10, &d, &diag), TMU_OK);
    assert_non_null(strstr(diag.message, "fragments"));
    d.fragments = 8;
    assert_int_not_equal(tmu_surface_init_amd(&surf, v10, &d, &diag), TMU_OK);
    assert_non_null(strstr(diag.message, "fragments"));
    d.fragments = 4;
    assert_int_equal(tmu_surface_init_amd(&surf, v10, &d, &diag), TMU_OK);
    d = desc2d(9, 32, 64, 64, 1, 1);
    d.fragments = 2; /* single-sampled: only 0 or 1 */
    assert_int_not_equal(tmu_surface_init_amd(&surf, v10, &d, &diag), TMU_OK);
    assert_non_null(strstr(diag.message, "fragments"));
    d.fragments = 1;
    assert_int_equal(tmu_surface_init_amd(&surf, v10, &d, &diag), TMU_OK);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_64kb_s),   cmocka_unit_test(test_64kb_s_x),
        cmocka_unit_test(test_4kb_d),    cmocka_unit_test(test_256b_s),
        cmocka_unit_test(test_mip_tail), cmocka_unit_test(test_msaa_z_x),
        cmocka_unit_test(test_msaa_s),   cmocka_unit_test(test_bijective),
        cmocka_unit_test(test_rejects),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
