/* Adreno a6xx / a7xx layouts, hand-worked: every expectation below is derived in its comment
 * from the rules of Mesa's freedreno layout code as its prose states them (fd6_layout.c's
 * alignments, fd6_tiled_memcpy.cc's header comment: the 256-byte tile's bit order y2 x4 x3 x2
 * y1 x1 y0 x0, the 2K macrotile XORs, the bank swizzle levels), never taken from running tmu.
 *
 * Notation: cpp = bytes of a pixel; a TILE6_3 "tile" is 256 bytes (cpp 4: 16x4 pixels, cpp
 * 16: 4x4, cpp 1: 32x8); tx, ty = tile coordinates; macrotiles are 2x4 tiles (2K) and rows of
 * macrotiles lie (pitch / 64 / 2) x 2048 bytes apart (pitch in bytes, a tile row 64 bytes). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "tmu/layout.h"

static tmu_surface surf; /* large: kept off the stack */

static tmu_adreno_surface_desc color(uint32_t bytes, uint32_t w, uint32_t h)
{
    tmu_adreno_surface_desc d;
    memset(&d, 0, sizeof d);
    d.block_bytes = bytes;
    d.block_w = d.block_h = 1;
    d.width = w, d.height = h, d.depth = 1, d.layers = 1, d.levels = 1, d.samples = 1;
    d.tile_mode = TMU_TILE6_3;
    return d;
}

static uint64_t addr(uint32_t level, uint32_t x, uint32_t y, uint32_t slice, uint32_t sample)
{
    uint64_t a = 0;
    assert_int_equal(tmu_surface_address(&surf, level, x, y, slice, sample, &a), TMU_OK);
    return a;
}

static void init_ok(const tmu_adreno_gpu *g, const tmu_adreno_surface_desc *d)
{
    tmu_diag diag;
    tmu_status st = tmu_surface_init_adreno(&surf, g, d, &diag);
    if (st != TMU_OK)
        fail_msg("init: %s", diag.message);
}

static void test_presets(void **state)
{
    (void)state;
    /* freedreno_devices.py: a610 highest_bank_bit 13, ubwc_swizzle 0x7, macrotile_mode 0;
     * a630 15, default 0x6, 0; a660 16, 0x6, default 1 (gen4: linear mipmap fallback) */
    assert_int_equal(tmu_adreno_gpu_count(), 5);
    const tmu_adreno_gpu *a610 = tmu_adreno_gpu_find("a610");
    assert_non_null(a610);
    assert_int_equal(a610->highest_bank_bit, 13);
    assert_int_equal(a610->ubwc_swizzle, 7);
    assert_int_equal(a610->macrotile_mode, TMU_ADRENO_MACROTILE_4_CHANNEL);
    assert_ptr_equal(tmu_adreno_gpu_find("FD630"), tmu_adreno_gpu_find("630"));
    const tmu_adreno_gpu *a660 = tmu_adreno_gpu_find("A660");
    assert_non_null(a660);
    assert_int_equal(a660->highest_bank_bit, 16);
    assert_int_equal(a660->macrotile_mode, TMU_ADRENO_MACROTILE_8_CHANNEL);
    assert_int_equal(a660->has_ubwc_linear_mipmap_fallback, 1);
    assert_int_equal(tmu_adreno_gpu_find("a730")->chip_id, 0x07030001u);
    assert_null(tmu_adreno_gpu_find("a999"));
    assert_null(tmu_adreno_gpu_find(NULL));
    assert_null(tmu_adreno_gpu_at(5));
    assert_string_equal(tmu_adreno_tile_mode_name(TMU_TILE6_3), "TILE6_3");
    assert_string_equal(tmu_adreno_tile_mode_name((tmu_adreno_tile_mode)1), "invalid");
    assert_int_equal(tmu_adreno_tile_mode_from_name("linear"), 0);
    assert_int_equal(tmu_adreno_tile_mode_from_name("TILE6_2"), 2);
    assert_int_equal(tmu_adreno_tile_mode_from_name("TILE6_9"), -1);
}

/* Within a 256-byte tile: offset bits (in units of cpp) y2 x4 x3 x2 y1 x1 y0 x0. */
static void test_tile_order(void **state)
{
    (void)state;
    /* cpp 16: a tile is 4x4 pixels, only x0 y0 x1 y1 used: unit = x0 + 2 y0 + 4 x1 + 8 y1.
     * Row y=0: x=0..3 -> 0, 1, 4, 5; y=1 (+2): 2, 3, 6, 7; y=2 (+8): 8, 9, 12, 13; y=3
     * (+10): 10, 11, 14, 15.  Tile (0,0) has no macrotile or bank term: offsets x 16 bytes. */
    static const uint32_t want[4][4] = {{0, 1, 4, 5}, {2, 3, 6, 7}, {8, 9, 12, 13},
                                        {10, 11, 14, 15}};
    tmu_adreno_surface_desc d = color(16, 16, 16);
    init_ok(tmu_adreno_gpu_find("a630"), &d);
    assert_int_equal(surf.kind, TMU_LAYOUT_ADRENO6);
    assert_int_equal(surf.level[0].adreno_tile_mode, TMU_TILE6_3);
    for (uint32_t y = 0; y < 4; y++)
        for (uint32_t x = 0; x < 4; x++)
            assert_int_equal(addr(0, x, y, 0, 0), 16u * want[y][x]);
    /* cpp 1, a 32x8 tile: (5, 3): x0 = 1 -> 1, y0 = 1 -> 2, x1 = 0, y1 = 1 -> 8, x4x3x2 = 001
     * -> 16, y2 = 0: 27.  (31, 7): every bit set: 255. */
    d = color(1, 64, 8);
    init_ok(tmu_adreno_gpu_find("a630"), &d);
    assert_int_equal(addr(0, 5, 3, 0, 0), 27);
    assert_int_equal(addr(0, 31, 7, 0, 0), 255);
}

/* The 2K macrotile: tile x bit 0 -> offset bits 0-2 (of 256-byte units) all set, tile y bit 0
 * -> bits 1 and 2, tile y bit 1 -> bits 0 and 1, tile x bits 1 up -> the macrotile column
 * (bit 3 up: 2K each); below cpp 16, 4-channel mode also xors x1 into bit 1, 8-channel mode
 * x1 into bit 1 and x2 ^ y2 into bit 2. */
static void test_macrotile(void **state)
{
    (void)state;
    /* a630 (4-channel), cpp 4, 64x16: pitch = 64 x 4 = 256 bytes (aligned to 2^(2+6) = 256),
     * 4 tiles a row; no bank swizzle (stride 4 tiles is no multiple of 2^(15-10) = 32). */
    tmu_adreno_surface_desc d = color(4, 64, 16);
    init_ok(tmu_adreno_gpu_find("a630"), &d);
    assert_int_equal(surf.level[0].row_pitch, 256);
    /* tile (1, 0) = pixel (16, 0): bits 0-2 = 111 -> 7 x 256 = 1792 */
    assert_int_equal(addr(0, 16, 0, 0, 0), 1792);
    /* tile (0, 1) = pixel (0, 4): 110 -> 6 x 256 = 1536 */
    assert_int_equal(addr(0, 0, 4, 0, 0), 1536);
    /* tile (0, 2) = pixel (0, 8): 011 -> 768 */
    assert_int_equal(addr(0, 0, 8, 0, 0), 768);
    /* tile (1, 3) = pixel (16, 12): 111 ^ 110 ^ 011 = 010 -> 512 */
    assert_int_equal(addr(0, 16, 12, 0, 0), 512);
    /* tile (2, 0) = pixel (32, 0): x bit 1 -> bit 1 (4-channel) and the macrotile column 1
     * (bit 3): 010 ^ 1000 = 1010 -> 10 x 256 = 2560; plus pixel (32 + 1, 0)'s x0: +4 bytes */
    assert_int_equal(addr(0, 32, 0, 0, 0), 2560);
    assert_int_equal(addr(0, 33, 0, 0, 0), 2564);

    /* a660 (8-channel), cpp 4, 128x16: pitch 512 bytes, 8 tiles a row, no bank swizzle
     * (8 is no multiple of 2^(16-10) = 64).  tile (4, 0) = pixel (64, 0): x & 110 = 100 and
     * column 2 (10000): 10100 -> 20 x 256 = 5120 (4-channel would give 10000 -> 4096). */
    d = color(4, 128, 32);
    init_ok(tmu_adreno_gpu_find("a660"), &d);
    assert_int_equal(addr(0, 64, 0, 0, 0), 5120);
    /* tile (0, 4) = pixel (0, 16): macrotile row 1 at (8 / 2) x 2048 = 8192 bytes, and y bit 2
     * into bit 2: 100 -> 1024; 9216 in all */
    assert_int_equal(addr(0, 0, 16, 0, 0), 9216);

    /* cpp 16 on a660: no channel terms.  tile (2, 0) = pixel (8, 0): column 1 only -> 2048 */
    d = color(16, 16, 16);
    init_ok(tmu_adreno_gpu_find("a660"), &d);
    assert_int_equal(addr(0, 8, 0, 0, 0), 2048);
}

/* Bank swizzle: tile-row bit 2 -> address bit hbb - 1 (level 2, stride a multiple of
 * 2^(hbb - 10) tiles), bit 3 -> hbb (level 3, 2^(hbb - 9)), bit 4 -> hbb + 1 (level 1,
 * 2^(hbb - 8)), xor'ed into the address. */
static void test_bank_swizzle(void **state)
{
    (void)state;
    /* a610: hbb 13, levels 1, 2, 3 on, 4-channel.  cpp 4, 512x128: pitch 2048 bytes = 32
     * tiles, a multiple of 8, 16 and 32: every level applies.  Rows of macrotiles lie
     * (32 / 2) x 2048 = 32768 bytes apart. */
    const tmu_adreno_gpu *a610 = tmu_adreno_gpu_find("a610");
    tmu_adreno_surface_desc d = color(4, 512, 128);
    init_ok(a610, &d);
    assert_int_equal(surf.level[0].row_pitch, 2048);
    /* level 2: pixel (0, 16) is tile row 4 (bit 2): macrotile row 1 (32768), its tile y bits
     * 0, 1 are 0 (no in-macrotile term), and bit 2 goes to bit 12: + 4096 = 36864 */
    assert_int_equal(addr(0, 0, 16, 0, 0), 36864);
    /* level 3: pixel (0, 32) is tile row 8 (bit 3): macrotile row 2 (65536) + bit 13 (8192)
     * = 73728 */
    assert_int_equal(addr(0, 0, 32, 0, 0), 73728);
    /* level 1: pixel (0, 64) is tile row 16 (bit 4): macrotile row 4 (131072) + bit 14
     * (16384) = 147456 */
    assert_int_equal(addr(0, 0, 64, 0, 0), 147456);
    /* the swizzle xors: pixel (64, 16) is tile (4, 4): macrotile column 2 sets bit 12 (2 x
     * 2048 = 4096), the level-2 swizzle sets it too, 4096 ^ 4096 = 0: just the row, 32768 */
    assert_int_equal(addr(0, 64, 16, 0, 0), 32768);

    /* the same GPU without level 1 (ubwc_swizzle 0x6): pixel (0, 64) keeps 131072 */
    tmu_adreno_gpu g = *a610;
    g.ubwc_swizzle = 0x6;
    init_ok(&g, &d);
    assert_int_equal(addr(0, 0, 64, 0, 0), 131072);
    assert_int_equal(addr(0, 0, 16, 0, 0), 36864);
    /* a pitch of 16 tiles (256 pixels of 4 bytes): a multiple of 8 and 16, not 32, so levels
     * 2, 3 apply and level 1 not (a610 again): pixel (0, 64): macrotile row 4 at
     * (16 / 2) x 2048 = 16384 each -> 65536, no bit 14 */
    d = color(4, 256, 128);
    init_ok(a610, &d);
    assert_int_equal(addr(0, 0, 64, 0, 0), 65536);
    /* ... and pixel (0, 32): row 2 (32768) + level 3's bit 13 (8192) = 40960 */
    assert_int_equal(addr(0, 0, 32, 0, 0), 40960);
}

/* fdl6_layout's alignments, worked on small surfaces. */
static void test_layout_rules(void **state)
{
    (void)state;
    const tmu_adreno_gpu *a630 = tmu_adreno_gpu_find("a630");
    tmu_adreno_layout_info in;
    /* cpp 1 tiled: pitch aligned to 2^(1+6) = 128 bytes, height to 32 rows, base 64.
     * 100x40, 3 layers: pitch 128, rows 64 (40 -> 64; the last level's align 4 keeps it),
     * size0 = 8192, layer size align(8192, 4096) = 8192, size 3 x 8192 = 24576. */
    tmu_adreno_surface_desc d = color(1, 100, 40);
    d.layers = 3;
    init_ok(a630, &d);
    assert_int_equal(tmu_surface_adreno_info(&surf, &in), TMU_OK);
    assert_int_equal(in.pitchalign, 7);
    assert_int_equal(in.pitch0, 128);
    assert_int_equal(in.base_align, 64);
    assert_int_equal(surf.level[0].padded_height, 64);
    assert_int_equal(surf.level[0].slice_size, 8192);
    assert_int_equal(in.layer_size, 8192);
    assert_int_equal(surf.size, 24576);
    assert_int_equal(surf.level[0].layer_stride, 8192);
    assert_int_equal(surf.level[0].depth, 3);
    /* layer 2, pixel (0, 0): 2 x 8192 */
    assert_int_equal(addr(0, 0, 0, 2, 0), 16384);

    /* narrower than 16 texels: TILE6_3 asked, TILE6_LINEAR kept; linear pitch aligned to
     * 2^(2+6) = 256 bytes at cpp 4: 8 x 4 = 32 -> 256.  Pixel (3, 2): 2 x 256 + 3 x 4 = 524 */
    d = color(4, 8, 8);
    init_ok(a630, &d);
    assert_int_equal(tmu_surface_adreno_info(&surf, &in), TMU_OK);
    assert_int_equal(in.tile_mode, TMU_TILE6_LINEAR);
    assert_int_equal(surf.level[0].row_pitch, 256);
    assert_int_equal(addr(0, 3, 2, 0, 0), 524);

    /* ... unless depth / stencil: tile_all, stays TILE6_3, base 4096 */
    d.format_flags = TMU_ADRENO_FMT_DEPTH_STENCIL;
    init_ok(a630, &d);
    assert_int_equal(tmu_surface_adreno_info(&surf, &in), TMU_OK);
    assert_int_equal(in.tile_mode, TMU_TILE6_3);
    assert_int_equal(in.tile_all, 1);
    assert_int_equal(in.base_align, 4096);

    /* mipmaps: 64x64 cpp 4, 4 levels: levels 64, 32, 16 wide tiled, level 3 (8 wide) linear.
     * pitch0 = 256; level pitches align(256 >> l, 256) = 256 each.  Rows: 64, 32, 16 (tiled:
     * aligned to 16), level 3: 8 -> the last level's align 4 keeps 8.  Offsets: 0, 64 x 256 =
     * 16384, + 32 x 256 = 24576, + 16 x 256 = 28672. */
    d = color(4, 64, 64);
    d.levels = 4;
    init_ok(a630, &d);
    assert_int_equal(surf.level[2].adreno_tile_mode, TMU_TILE6_3);
    assert_int_equal(surf.level[3].adreno_tile_mode, TMU_TILE6_LINEAR);
    assert_int_equal(surf.level[1].offset, 16384);
    assert_int_equal(surf.level[2].offset, 24576);
    assert_int_equal(surf.level[3].offset, 28672);
    /* level 3 pixel (1, 1): 28672 + 256 + 4 */
    assert_int_equal(addr(3, 1, 1, 0, 0), 28932);

    /* samples follow each other in a pixel: R8 x 2 samples (cpp 2), 32x8 linear: pitch
     * align(64, 2^(1+6)) = 128; pixel (1, 1) sample 1: 128 + 2 + 1 = 131 */
    d = color(1, 32, 8);
    d.samples = 2;
    d.tile_mode = TMU_TILE6_LINEAR;
    init_ok(a630, &d);
    assert_int_equal(addr(0, 1, 1, 0, 1), 131);
}

static void test_refusals(void **state)
{
    (void)state;
    const tmu_adreno_gpu *a630 = tmu_adreno_gpu_find("a630");
    tmu_diag diag;
    tmu_adreno_surface_desc d = color(4, 64, 64);
    assert_int_equal(tmu_surface_init_adreno(NULL, a630, &d, &diag), TMU_ERR_INVALID_ARGUMENT);
    assert_int_equal(tmu_surface_init_adreno(&surf, NULL, &d, NULL), TMU_ERR_INVALID_ARGUMENT);
    d.samples = 3;
    assert_int_equal(tmu_surface_init_adreno(&surf, a630, &d, &diag), TMU_ERR_INVALID_ARGUMENT);
    assert_non_null(strstr(diag.message, "samples"));
    d = color(3, 64, 64);
    assert_int_equal(tmu_surface_init_adreno(&surf, a630, &d, &diag), TMU_ERR_UNSUPPORTED);
    assert_non_null(strstr(diag.message, "block_bytes"));
    d = color(4, 64, 64);
    d.levels = 8; /* 64 has a chain of 7 */
    assert_int_equal(tmu_surface_init_adreno(&surf, a630, &d, &diag), TMU_ERR_INVALID_ARGUMENT);
    assert_non_null(strstr(diag.message, "levels"));
    d = color(4, 64, 64);
    d.tile_mode = (tmu_adreno_tile_mode)1;
    assert_int_equal(tmu_surface_init_adreno(&surf, a630, &d, &diag), TMU_ERR_INVALID_ARGUMENT);
    assert_non_null(strstr(diag.message, "tile_mode"));
    d = color(16, 64, 64);
    d.samples = 4; /* 64 bytes a pixel */
    assert_int_equal(tmu_surface_init_adreno(&surf, a630, &d, &diag), TMU_ERR_UNSUPPORTED);
    tmu_adreno_gpu g = *a630;
    g.highest_bank_bit = 3;
    d = color(4, 64, 64);
    assert_int_equal(tmu_surface_init_adreno(&surf, &g, &d, &diag), TMU_ERR_INVALID_ARGUMENT);
    assert_non_null(strstr(diag.message, "highest_bank_bit"));

    /* TILE6_2 is laid out but not addressed; detile refuses it too */
    d = color(4, 64, 64);
    d.tile_mode = TMU_TILE6_2;
    assert_int_equal(tmu_surface_init_adreno(&surf, a630, &d, &diag), TMU_OK);
    uint64_t a;
    assert_int_equal(tmu_surface_address(&surf, 0, 0, 0, 0, 0, &a), TMU_ERR_UNSUPPORTED);
    static unsigned char mem[1 << 16];
    unsigned char lin[64];
    tmu_surface_rect r = {0, 0, 0, 0, 0, 4, 4};
    assert_true(surf.size <= sizeof mem);
    assert_int_equal(tmu_surface_detile(&surf, &r, mem, sizeof mem, lin, 16, sizeof lin, &diag),
                     TMU_ERR_UNSUPPORTED);
    /* UBWC levels likewise (a630: 64x64 cpp 4 keeps UBWC) */
    d.tile_mode = TMU_TILE6_3;
    d.ubwc = 1;
    assert_int_equal(tmu_surface_init_adreno(&surf, a630, &d, &diag), TMU_OK);
    assert_int_equal(surf.level[0].ubwc, 1);
    assert_int_equal(tmu_surface_address(&surf, 0, 0, 0, 0, 0, &a), TMU_ERR_UNSUPPORTED);
    /* and coordinates outside a level are out of range */
    d.ubwc = 0;
    assert_int_equal(tmu_surface_init_adreno(&surf, a630, &d, &diag), TMU_OK);
    assert_int_equal(tmu_surface_address(&surf, 0, 64, 0, 0, 0, &a), TMU_ERR_RANGE);
    assert_int_equal(tmu_surface_address(&surf, 0, 0, 0, 1, 0, &a), TMU_ERR_RANGE);
    assert_int_equal(tmu_surface_address(&surf, 1, 0, 0, 0, 0, &a), TMU_ERR_RANGE);
    tmu_adreno_layout_info in;
    tmu_surface zero;
    memset(&zero, 0, sizeof zero);
    assert_int_equal(tmu_surface_adreno_info(&zero, &in), TMU_ERR_INVALID_ARGUMENT);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_presets),      cmocka_unit_test(test_tile_order),
        cmocka_unit_test(test_macrotile),    cmocka_unit_test(test_bank_swizzle),
        cmocka_unit_test(test_layout_rules), cmocka_unit_test(test_refusals),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
