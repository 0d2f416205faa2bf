/* AMD gfx6-8 tiling worked by hand from AMD's documented rules (addrlib's micro tile element
 * orders, pipe and bank equations, tile split and slice rotation), independently of the
 * conformance vectors: every expected value below is derived in the comment next to it.
 *
 * Registers used (tmu presets; GB_TILE_MODE fields decoded by hand):
 *  tahiti  GB_ADDR_CONFIG 0x12011003: PIPE_INTERLEAVE_SIZE 0 = 256 B, ROW_SIZE 1 = 2 KiB.
 *    GB_TILE_MODE4  0x0035028a: MICRO_TILE_MODE 2 (depth), ARRAY_MODE 2 (1D_TILED_THIN1)
 *    GB_TILE_MODE9  0x00350288: MICRO_TILE_MODE 0 (displayable), ARRAY_MODE 2 (1D)
 *    GB_TILE_MODE13 0x00350289: MICRO_TILE_MODE 1 (thin / non-displayable), ARRAY_MODE 2 (1D)
 *    GB_TILE_MODE16 0x00301a91: MICRO_TILE_MODE 1, ARRAY_MODE 4 (2D_TILED_THIN1), PIPE_CONFIG 10
 *      (P8_32x32_8x16), TILE_SPLIT 3 (512 B), BANK_WIDTH 0 (1), BANK_HEIGHT 0 (1),
 *      MACRO_TILE_ASPECT 0 (1), NUM_BANKS 3 (16)
 *    GB_TILE_MODE0  0x00360292: MICRO_TILE_MODE 2, ARRAY_MODE 4, PIPE_CONFIG 10, TILE_SPLIT 0
 *      (64 B), BANK_WIDTH 1, BANK_HEIGHT 2 (4), MACRO_TILE_ASPECT 1 (2), NUM_BANKS 16
 *  bonaire GB_TILE_MODE27 0x00c00148: MICRO_TILE_MODE_NEW 3 (rotated), ARRAY_MODE 2 (1D)
 *  hawaii  GB_TILE_MODE19 0x0100044c: MICRO_TILE_MODE_NEW 4 (thick), ARRAY_MODE 3 (1D THICK);
 *          ROW_SIZE 2 KiB, so a 32 bpp 8x8x4 micro tile (1 KiB) is not thinned.
 *  liverpool GB_ADDR_CONFIG 0x00000003: 256 B interleave, ROW_SIZE 0 = 1 KiB.
 *    GB_TILE_MODE22 0x910002a4: MICRO_TILE_MODE_NEW 4 (thick), ARRAY_MODE 9 (PRT_TILED_THICK),
 *      PIPE_CONFIG 10 (P8_32x32_16x16: 8 pipes); GB_MACROTILE_MODE12 0x1080: 8 banks. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "tmu/layout.h"

static tmu_surface surf;

static void make(const char *chip, int32_t index, uint32_t bpp, uint32_t w, uint32_t h,
                 uint32_t slices, uint32_t flags)
{
    tmu_surface_desc d;
    memset(&d, 0, sizeof d);
    d.bpp = bpp;
    d.width = w;
    d.height = h;
    d.slices = slices;
    d.levels = 1;
    d.samples = 1;
    d.flags = flags;
    d.tile_index = index;
    tmu_diag diag;
    const tmu_amd_chip *c = tmu_amd_chip_find(chip);
    assert_non_null(c);
    assert_int_equal(tmu_surface_init_amd(&surf, c, &d, &diag), TMU_OK);
}

static uint64_t addr(uint32_t x, uint32_t y, uint32_t slice)
{
    uint64_t a = 0;
    assert_int_equal(tmu_surface_address(&surf, 0, x, y, slice, 0, &a), TMU_OK);
    return a;
}

/* A 16x16 32 bpp 1D_TILED_THIN1 surface: pitch 16, micro tiles of 8x8 x 4 B = 256 B in row
 * order, so element (x, y) of the first micro tile is at 4 * (its index in the tile), and micro
 * tile (1, 0) starts at 256, (0, 1) at 2 * 256. */

/* Displayable order at 32 bpp: index bits 0..5 = x0 x1 y0 x2 y1 y2. */
static void test_micro_displayable(void **state)
{
    (void)state;
    make("tahiti", 9, 32, 16, 16, 1, TMU_SURF_TEXTURE);
    assert_int_equal(surf.level[0].tile_mode, TMU_AMD_1D_TILED_THIN1);
    assert_int_equal(surf.level[0].tile_type, TMU_AMD_DISPLAYABLE);
    assert_int_equal(addr(1, 0, 0), 4);      /* x0 -> bit 0: index 1 */
    assert_int_equal(addr(2, 0, 0), 8);      /* x1 -> bit 1: index 2 */
    assert_int_equal(addr(0, 1, 0), 16);     /* y0 -> bit 2: index 4 */
    assert_int_equal(addr(4, 0, 0), 32);     /* x2 -> bit 3: index 8 */
    assert_int_equal(addr(0, 2, 0), 64);     /* y1 -> bit 4: index 16 */
    assert_int_equal(addr(0, 4, 0), 128);    /* y2 -> bit 5: index 32 */
    assert_int_equal(addr(5, 3, 0), 116);    /* x0 y0 x2 y1 = 1 + 4 + 8 + 16 = 29 */
    assert_int_equal(addr(7, 7, 0), 252);    /* all six bits: 63 */
    assert_int_equal(addr(8, 0, 0), 256);    /* micro tile 1 */
    assert_int_equal(addr(9, 8, 0), 3 * 256 + 4); /* micro tile (1, 1), 4th in row order; x0 */
}

/* Thin (non-displayable) order: x0 y0 x1 y1 x2 y2. */
static void test_micro_thin(void **state)
{
    (void)state;
    make("tahiti", 13, 32, 16, 16, 1, TMU_SURF_TEXTURE);
    assert_int_equal(surf.level[0].tile_type, TMU_AMD_NON_DISPLAYABLE);
    assert_int_equal(addr(1, 0, 0), 4);   /* x0 -> bit 0 */
    assert_int_equal(addr(0, 1, 0), 8);   /* y0 -> bit 1 */
    assert_int_equal(addr(2, 0, 0), 16);  /* x1 -> bit 2 */
    assert_int_equal(addr(0, 2, 0), 32);  /* y1 -> bit 3 */
    assert_int_equal(addr(4, 0, 0), 64);  /* x2 -> bit 4 */
    assert_int_equal(addr(0, 4, 0), 128); /* y2 -> bit 5 */
    assert_int_equal(addr(5, 3, 0), 108); /* x0 y0 y1 x2 = 1 + 2 + 8 + 16 = 27 */
    assert_int_equal(addr(0, 8, 0), 512); /* micro tile row 1 */
}

/* Depth order is the thin order (samples would be interleaved per element). */
static void test_micro_depth(void **state)
{
    (void)state;
    make("tahiti", 4, 32, 16, 16, 1, TMU_SURF_TEXTURE);
    assert_int_equal(surf.level[0].tile_type, TMU_AMD_DEPTH_SAMPLE_ORDER);
    assert_int_equal(addr(6, 1, 0), 88);  /* x1 y0 x2 = 4 + 2 + 16 = 22 */
    assert_int_equal(addr(3, 5, 0), 156); /* x0 y0 x1 y2 = 1 + 2 + 4 + 32 = 39 */
}

/* Rotated order at 32 bpp: y0 y1 x0 y2 x1 x2 (the displayable order with x and y swapped). */
static void test_micro_rotated(void **state)
{
    (void)state;
    make("bonaire", 27, 32, 16, 16, 1, TMU_SURF_TEXTURE);
    assert_int_equal(surf.level[0].tile_mode, TMU_AMD_1D_TILED_THIN1);
    assert_int_equal(surf.level[0].tile_type, TMU_AMD_ROTATED);
    assert_int_equal(addr(0, 1, 0), 4);   /* y0 -> bit 0 */
    assert_int_equal(addr(0, 2, 0), 8);   /* y1 -> bit 1 */
    assert_int_equal(addr(1, 0, 0), 16);  /* x0 -> bit 2 */
    assert_int_equal(addr(0, 4, 0), 32);  /* y2 -> bit 3 */
    assert_int_equal(addr(2, 0, 0), 64);  /* x1 -> bit 4 */
    assert_int_equal(addr(4, 0, 0), 128); /* x2 -> bit 5 */
    assert_int_equal(addr(5, 3, 0), 156); /* y0 y1 x0 x2 = 1 + 2 + 4 + 32 = 39 */
}

/* Thick order at 32 bpp over 8x8x4: x0 y0 x1 z0 y1 z1, then x2 y2 (bits 6, 7); a micro tile is
 * 8 * 8 * 4 * 4 B = 1 KiB. */
static void test_micro_thick(void **state)
{
    (void)state;
    make("hawaii", 19, 32, 16, 16, 4, TMU_SURF_TEXTURE | TMU_SURF_VOLUME |
                                          TMU_SURF_NO_LARGE_THICK_DEGRADE);
    assert_int_equal(surf.level[0].tile_mode, TMU_AMD_1D_TILED_THICK);
    assert_int_equal(surf.level[0].tile_type, TMU_AMD_THICK);
    assert_int_equal(addr(1, 0, 0), 4);    /* x0 -> bit 0 */
    assert_int_equal(addr(0, 1, 0), 8);    /* y0 -> bit 1 */
    assert_int_equal(addr(2, 0, 0), 16);   /* x1 -> bit 2 */
    assert_int_equal(addr(0, 0, 1), 32);   /* z0 -> bit 3 */
    assert_int_equal(addr(0, 2, 0), 64);   /* y1 -> bit 4 */
    assert_int_equal(addr(0, 0, 2), 128);  /* z1 -> bit 5 */
    assert_int_equal(addr(4, 0, 0), 256);  /* x2 -> bit 6 */
    assert_int_equal(addr(0, 4, 0), 512);  /* y2 -> bit 7 */
    assert_int_equal(addr(3, 3, 1), 124);  /* x0 y0 x1 z0 y1 = 31 */
    assert_int_equal(addr(7, 7, 3), 1020); /* 255 */
    assert_int_equal(addr(8, 0, 0), 1024); /* the next micro tile */
}

/* 2D_TILED_THIN1 on tahiti, tile mode 16 (P8_32x32_8x16, 16 banks, bank width / height 1,
 * aspect 1), 32 bpp, 128x128, 2 slices.
 *  micro tile 256 B (below the 512 B tile split, so no split); bank height alignment
 *  max(1, 256 / (256 * 1)) = 1, aspect alignment max(1, 256 / (256 * 8 * 1)) = 1: unchanged.
 *  macro tile 8 * 1 * 8 pipes * 1 = 64 wide, 8 * 1 * 16 banks / 1 = 128 high; a macro tile holds
 *  256 B per pipe and bank; a slice 2 macro tiles * 256 B = 512 B (per pipe and bank).
 *  Address = offset[7:0] | pipe << 8 | bank << 11 | offset[..:8] << 15.
 *  Pipe (P8_32x32_8x16) from the micro tile coordinate (x3 = bit 0 of x / 8, ...):
 *    p0 = x4 ^ y3 ^ x5, p1 = x3 ^ y4, p2 = x5 ^ y5.
 *  Bank (16 banks) from tx = x / 64, ty = y / 8 (bits tx0.., ty0..):
 *    b0 = tx0 ^ ty3, b1 = tx1 ^ ty2 ^ ty3, b2 = tx2 ^ ty1, b3 = tx3 ^ ty0,
 *  then xor (16 / 2 - 1) * slice = 7 * slice (2D rotation). */
static void test_macro_pipe_bank(void **state)
{
    (void)state;
    make("tahiti", 16, 32, 128, 128, 2, TMU_SURF_TEXTURE);
    const tmu_surface_level *l = &surf.level[0];
    assert_int_equal(l->tile_mode, TMU_AMD_2D_TILED_THIN1);
    assert_int_equal(l->tile_type, TMU_AMD_NON_DISPLAYABLE);
    assert_int_equal(l->pitch, 128);         /* 128 is a multiple of 64 */
    assert_int_equal(l->padded_height, 128); /* a multiple of 128 */
    assert_int_equal(l->size, 128 * 128 * 4 * 2);
    assert_int_equal(l->slice_size, 128 * 128 * 4);
    assert_int_equal(l->base_align, 8 * 1 * 16 * 1 * 256); /* pipes bw banks bh tile */
    assert_int_equal(l->tile_index, 16);
    assert_int_equal(l->macro_index, -3);
    assert_int_equal(l->banks, 16);
    assert_int_equal(l->bank_width, 1);
    assert_int_equal(l->bank_height, 1);
    assert_int_equal(l->macro_aspect, 1);
    assert_int_equal(l->tile_split, 512);
    assert_int_equal(l->pipe_config, 11);
    assert_int_equal(addr(0, 0, 0), 0);
    assert_int_equal(addr(8, 0, 0), 2 << 8);   /* x3: p1 -> pipe 2 */
    assert_int_equal(addr(16, 0, 0), 1 << 8);  /* x4: p0 -> pipe 1 */
    assert_int_equal(addr(24, 0, 0), 3 << 8);  /* x3 x4: pipe 3 */
    assert_int_equal(addr(32, 0, 0), 5 << 8);  /* x5: p0, p2 -> pipe 5 */
    assert_int_equal(addr(0, 8, 0), (1 << 8) | (8 << 11));   /* y3: pipe 1; ty0: bank 8 */
    assert_int_equal(addr(1, 8, 0), (1 << 8) | (8 << 11) | 4); /* element 1 of that tile */
    assert_int_equal(addr(8, 8, 0), (3 << 8) | (8 << 11));   /* x3 y3: pipe 3, bank 8 */
    assert_int_equal(addr(0, 16, 0), (2 << 8) | (4 << 11));  /* y4: pipe 2; ty1: bank 4 */
    /* next macro tile to the right: offset 256 (offset[8] -> address bit 15), tx0: bank 1;
     * x / 8 = 8 has no pipe bits under P8_32x32 (x3..x5 = 0) */
    assert_int_equal(addr(64, 0, 0), (1 << 11) | (1 << 15));
    /* slice 1: offset 512 (2 << 15), bank 0 ^ 7 = 7 */
    assert_int_equal(addr(0, 0, 1), (7 << 11) | (2 << 15));
}

/* Tile split: tahiti tile mode 0 (depth, 64 B split), 32 bpp depth 128x256.
 *  micro tile 256 B > 64 B: each 64 B quarter (16 elements of the depth order x0 y0 x1 y1 x2 y2)
 *  goes to its own "split slice" s = byte / 64, rotating the bank by (16 / 2 + 1) * s = 9 s.
 *  tile size 64: bank height alignment 256 / 64 = 4 (bank height 4 kept), aspect 2; macro tile
 *  8 * 1 * 8 * 2 = 128 wide, 8 * 4 * 16 / 2 = 256 high, 64 * 1 * 4 = 256 B per pipe and bank, one
 *  per slice, so a split slice is 256 B further. */
static void test_macro_tile_split(void **state)
{
    (void)state;
    make("tahiti", 0, 32, 128, 256, 1, TMU_SURF_DEPTH);
    const tmu_surface_level *l = &surf.level[0];
    assert_int_equal(l->tile_type, TMU_AMD_DEPTH_SAMPLE_ORDER);
    assert_int_equal(l->bank_height, 4);
    assert_int_equal(l->macro_aspect, 2);
    assert_int_equal(l->tile_split, 64);
    assert_int_equal(l->base_align, 8 * 1 * 16 * 4 * 64);
    assert_int_equal(addr(1, 0, 0), 4);  /* index 1 */
    assert_int_equal(addr(0, 1, 0), 8);  /* index 2 */
    assert_int_equal(addr(0, 2, 0), 32); /* index 8: byte 32, split slice 0 */
    /* (0, 4): index 32 (y2), byte 128: split slice 2, byte 0; offset 2 * 256 = 512 -> bit 15
     * set twice over (512 >> 8 = 2); bank 9 * 2 = 18 & 15 = 2 */
    assert_int_equal(addr(0, 4, 0), (2 << 11) | (2 << 15));
    /* (4, 4): index 48, byte 192: split slice 3; offset 768 (3 << 15); bank 27 & 15 = 11 */
    assert_int_equal(addr(4, 4, 0), (11 << 11) | (3 << 15));
    assert_int_equal(addr(8, 0, 0), 2 << 8); /* next micro tile: x3 -> pipe 2 */
}

static void expect_error(const char *chip, tmu_surface_desc d, tmu_status want, const char *word)
{
    tmu_diag diag;
    const tmu_amd_chip *c = tmu_amd_chip_find(chip);
    assert_int_equal(tmu_surface_init_amd(&surf, c, &d, &diag), want);
    assert_non_null(strstr(diag.message, word));
}

/* The PS4's thick tile index 22 at 64 bpp: an 8x8x4 micro tile of 8 B elements (2 KiB) exceeds
 * the 1 KiB DRAM row, so addrlib thins PRT_TILED_THICK to PRT_TILED_THIN1 (level 0, 16x16, padded
 * to the 64x64 PRT macro tile: 32 KiB) and, for the 8x8 level 1, to 1D_TILED_THIN1 (pitch 32,
 * micro tiles of 64 x 8 B = 512 B), but keeps the THICK type and its element order: index bits
 * x0 y0 z0 x1 y1 z1, then x2 (bit 6) and y2 (bit 7), on micro tiles of one slice.  The addrlib
 * oracle (tests/tools/addrlib_oracle.sh fill6) gives the same values. */
static void test_thick_thinned(void **state)
{
    (void)state;
    tmu_surface_desc d;
    memset(&d, 0, sizeof d);
    d.bpp = 64, d.width = d.height = 16, d.slices = 1, d.levels = 2, d.samples = 1;
    d.flags = TMU_SURF_TEXTURE | TMU_SURF_POW2_PAD;
    d.tile_index = 22;
    tmu_diag diag;
    assert_int_equal(tmu_surface_init_amd(&surf, tmu_amd_chip_find("liverpool"), &d, &diag), TMU_OK);
    assert_int_equal(surf.level[0].tile_mode, TMU_AMD_PRT_TILED_THIN1);
    assert_int_equal(surf.level[1].tile_mode, TMU_AMD_1D_TILED_THIN1);
    for (uint32_t l = 0; l < 2; l++) {
        assert_int_equal(surf.level[l].tile_type, TMU_AMD_THICK);
        assert_int_equal(surf.level[l].tile_index, -1); /* no table entry matches */
        assert_int_equal(tmu_surface_level_one_to_one(&surf, l), 0);
    }
    assert_int_equal(surf.level[0].size, 32768);
    assert_int_equal(surf.level[1].offset, 32768);
    uint64_t a;
    assert_int_equal(tmu_surface_address(&surf, 0, 1, 0, 0, 0, &a), TMU_OK);
    assert_int_equal(a, 8); /* x0 -> bit 0 */
    assert_int_equal(tmu_surface_address(&surf, 0, 2, 0, 0, 0, &a), TMU_OK);
    assert_int_equal(a, 64); /* x1 -> bit 3 */
    /* x2 -> bit 6: 64 x 8 = 512 B into micro tile (0, 0) of pipe 0, bank 0; above the 256 B
     * interleave the offset moves past the 3 pipe and 3 bank bits: (512 >> 8) << 14 = 32768,
     * the end of the level */
    assert_int_equal(tmu_surface_address(&surf, 0, 4, 0, 0, 0, &a), TMU_OK);
    assert_int_equal(a, 32768);
    assert_int_equal(tmu_surface_address(&surf, 0, 0, 4, 0, 0, &a), TMU_OK);
    assert_int_equal(a, 65536); /* y2 -> bit 7: (1024 >> 8) << 14 */
    /* level 1: x2 -> 512, the first byte of micro tile (1, 0); y2 -> 1024, micro tile (2, 0) */
    assert_int_equal(tmu_surface_address(&surf, 1, 4, 0, 0, 0, &a), TMU_OK);
    assert_int_equal(a, 32768 + 512);
    assert_int_equal(tmu_surface_address(&surf, 1, 0, 4, 0, 0, &a), TMU_OK);
    assert_int_equal(a, 32768 + 1024);
    /* no copy through such addresses */
    static unsigned char tiled[65536], lin[16 * 16 * 8];
    tmu_surface_rect r = {1, 0, 0, 0, 0, 8, 8};
    assert_int_equal(tmu_surface_detile(&surf, &r, tiled, sizeof tiled, lin, 64, sizeof lin, &diag),
                     TMU_ERR_UNSUPPORTED);
    assert_non_null(strstr(diag.message, "THICK element order"));
    assert_int_equal(tmu_surface_retile(&surf, &r, lin, 64, sizeof lin, tiled, sizeof tiled, &diag),
                     TMU_ERR_UNSUPPORTED);
    /* with disallowLargeThickDegrade the mode stays thick: 8x8x4 micro tiles, one-to-one */
    d.flags |= TMU_SURF_NO_LARGE_THICK_DEGRADE;
    assert_int_equal(tmu_surface_init_amd(&surf, tmu_amd_chip_find("liverpool"), &d, &diag), TMU_OK);
    assert_int_equal(surf.level[0].tile_mode, TMU_AMD_PRT_TILED_THICK);
    assert_int_equal(tmu_surface_level_one_to_one(&surf, 0), 1);
}

static void test_errors(void **state)
{
    (void)state;
    tmu_surface_desc d;
    memset(&d, 0, sizeof d);
    d.bpp = 32, d.width = d.height = 64, d.slices = 1, d.levels = 1, d.samples = 1;
    d.flags = TMU_SURF_TEXTURE;
    d.tile_index = 32;
    expect_error("tahiti", d, TMU_ERR_INVALID_ARGUMENT, "tile_index 32");
    d.tile_index = -1;
    expect_error("polaris10", d, TMU_ERR_INVALID_ARGUMENT, "tile_index -1");
    d.tile_index = 13; /* 1D: no MSAA */
    d.samples = 4;
    expect_error("tahiti", d, TMU_ERR_UNSUPPORTED, "tile_index 13");
    d.tile_index = 20; /* hawaii 2D_TILED_THICK: single-sampled */
    expect_error("hawaii", d, TMU_ERR_UNSUPPORTED, "tile_index 20");
    d.tile_index = 10;
    d.samples = 16; /* CI / VI: at most 8 samples */
    expect_error("tonga", d, TMU_ERR_UNSUPPORTED, "samples 16");
    d.samples = 1;

    /* a GB_TILE_MODE whose ARRAY_MODE addrlib does not lay out (SI ARRAY_MODE 5, 2D THIN2) */
    tmu_amd_chip bad = *tmu_amd_chip_find("tahiti");
    bad.tile_mode[14] = (bad.tile_mode[14] & ~0x3cu) | (5u << 2);
    tmu_diag diag;
    d.tile_index = 14;
    assert_int_equal(tmu_surface_init_amd(&surf, &bad, &d, &diag), TMU_ERR_UNSUPPORTED);
    assert_non_null(strstr(diag.message, "tile_index 14"));
    /* a CI MICRO_TILE_MODE_NEW past THICK */
    bad = *tmu_amd_chip_find("bonaire");
    bad.tile_mode[13] |= 7u << 22;
    d.tile_index = 13;
    assert_int_equal(tmu_surface_init_amd(&surf, &bad, &d, &diag), TMU_ERR_INVALID_ARGUMENT);
    assert_non_null(strstr(diag.message, "tile_index 13"));
    /* a macro-tiled entry with an unassigned PIPE_CONFIG (1 -> addrlib pipe config 2) */
    bad = *tmu_amd_chip_find("tahiti");
    bad.tile_mode[14] = (bad.tile_mode[14] & ~(0x1fu << 6)) | (1u << 6);
    d.tile_index = 14;
    assert_int_equal(tmu_surface_init_amd(&surf, &bad, &d, &diag), TMU_ERR_INVALID_ARGUMENT);
    assert_non_null(strstr(diag.message, "tile_index 14"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_micro_displayable), cmocka_unit_test(test_micro_thin),
        cmocka_unit_test(test_micro_depth),       cmocka_unit_test(test_micro_rotated),
        cmocka_unit_test(test_micro_thick),       cmocka_unit_test(test_macro_pipe_bank),
        cmocka_unit_test(test_macro_tile_split),  cmocka_unit_test(test_errors),
        cmocka_unit_test(test_thick_thinned),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
