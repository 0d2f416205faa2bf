/* AMD gfx10 / gfx10.3 swizzle layouts: values worked out by hand.
 *
 * Every expected number below was derived on paper from addrlib's swizzle pattern tables (Mesa
 * src/amd/addrlib/src/gfx10/gfx10SwizzlePattern.h) and the layout rules of gfx10addrlib.cpp, as
 * the comments show bit by bit, not by running tmu.  A pattern row "bN: X6^Y3^Z3" means address
 * bit N of the offset inside the swizzle block is x bit 6 XOR y bit 3 XOR slice bit 3 (x, y in
 * elements).  The pipe / bank XOR of _X modes is ANDed with (pipes - 1) | ((banks - 1) <<
 * (log2 pipes + 2)) and XORed in from address bit 8 (256 B pipe interleave).
 *
 * Also: the pattern data (amd_gfx10_patterns.c) holds the rows written here; combinations addrlib
 * refuses are refused with a message naming the field; every element of small surfaces in each
 * accepted mode lands on its own address inside the surface. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "layout/amd_gfx10_patterns.h"
#include "tmu/layout.h"

#include "hand_check.h"

static const tmu_amd_chip *chip(const char *name)
{
    const tmu_amd_chip *c = tmu_amd_chip_find(name);
    assert_non_null(c);
    return c;
}

static tmu_surface_desc desc2d(const char *mode, uint32_t bpp, uint32_t w, uint32_t h,
                               uint32_t slices, uint32_t levels)
{
    tmu_surface_desc d;
    memset(&d, 0, sizeof d);
    d.rsrc = TMU_SURF_2D;
    int sw = tmu_amd_swizzle_mode_from_name(mode);
    assert_true(sw >= 0);
    d.swizzle_mode = (uint32_t)sw;
    d.bpp = bpp;
    d.width = w;
    d.height = h;
    d.slices = slices;
    d.levels = levels;
    d.samples = 1;
    d.flags = TMU_SURF_TEXTURE;
    return d;
}

static uint64_t addr(const tmu_surface *s, uint32_t level, uint32_t x, uint32_t y,
                     uint32_t slice, uint32_t sample)
{
    uint64_t a = UINT64_MAX;
    assert_int_equal(tmu_surface_address(s, level, x, y, slice, sample, &a), TMU_OK);
    assert_int_equal(tmu_surface_address_fast(s, level, x, y, slice, sample), a);
    return a;
}

/* Navi10: GB_ADDR_CONFIG 0x00100044, NUM_PIPES = 4 -> 16 pipes, 256 B interleave, gfx10 tables.
 * SW_64KB_S_X, 32 bpp: the 16-pipe, 4-byte entry of GFX10_SW_64K_S_X_PATINFO is
 *   b0 0      b1 0      b2 X0     b3 X1     b4 Y0     b5 Y1     b6 Y2     b7 X2
 *   b8 X6^Y3^Z3        b9 X3^Y6^Z2         b10 X5^Y4^Z1        b11 X4^Y5^Z0
 *   b12 Y5    b13 X5    b14 Y6    b15 X6
 * Block: 2^16 / 4 = 16384 elements, log2 14 even -> 128 x 128.
 * 256 x 256 x 4 slices, one level: pitch 256 (2 blocks), height 256, slice 256*256*4 = 262144.
 * pipe_bank_xor 5: bank bits = min(16 - 8 - 4 - 2, 4) = 2, mask 0x0f | 0x3 << 6 = 0xcf,
 * 5 & 0xcf = 5, << 8 = 0x500 (flips address bits 8 and 10). */
static void test_navi10_64kb_s_x(void **state)
{
    (void)state;
    tmu_surface s;
    tmu_diag diag;
    tmu_surface_desc d = desc2d("SW_64KB_S_X", 32, 256, 256, 4, 1);
    d.pipe_bank_xor = 5;
    assert_int_equal(tmu_surface_init_amd(&s, chip("navi10"), &d, &diag), TMU_OK);
    assert_int_equal(s.block_w, 128);
    assert_int_equal(s.block_h, 128);
    assert_int_equal(s.block_d, 1);
    assert_int_equal(s.pitch, 256);
    assert_int_equal(s.height, 256);
    assert_int_equal(s.depth, 4);
    assert_int_equal(s.slice_size, 262144);
    assert_int_equal(s.size, 4 * 262144);
    assert_int_equal(s.base_align, 65536);

    /* (5, 3): x = 101b, y = 011b -> b2 X0 = 1 (4), b4 Y0 = 1 (16), b5 Y1 = 1 (32), b7 X2 = 1
     * (128), every XOR row 0 -> 180; XOR 0x500 -> 180 + 256 + 1024 = 1460. */
    assert_int_equal(addr(&s, 0, 5, 3, 0, 0), 1460);
    /* same element of slice 1: Z0 = 1 flips b11 (2048): 180 + 2048 = 2228, ^0x500 -> 3508,
     * plus one slice 262144 -> 265652. */
    assert_int_equal(addr(&s, 0, 5, 3, 1, 0), 265652);
    /* (200, 130): block column 200 / 128 = 1, row 130 / 128 = 1, index 1 * 2 + 1 = 3 -> 196608.
     * x = 11001000b (X3, X6, X7), y = 10000010b (Y1, Y7):
     *   b5 Y1 = 1 (32); b8 X6^Y3^Z3 = 1 (256); b9 X3^Y6^Z2 = 1 (512); b15 X6 = 1 (32768);
     *   others 0 -> 33568; ^0x500: b8 1 -> 0 (-256), b10 0 -> 1 (+1024) -> 34336.
     * 196608 + 34336 = 230944. */
    assert_int_equal(addr(&s, 0, 200, 130, 0, 0), 230944);
}

/* Navi10 SW_64KB_S_X 32 bpp 64 x 64, 4 levels: the whole chain in the tail.
 * Tail = half a thin block wide: 64 x 128; level 0 (64 x 64) fits and 4 levels <= 12 (the most
 * a 64 KB thin tail holds: log2 16 > 11 -> 16 - 4) -> first tail level 0, chain slice = one
 * block = 65536.  Level i takes tail slot m = 11 - i at byte 16 << m (m > 6): 32768, 16384,
 * 8192, 4096.  Pitch / height start at 64 / 128 and halve down to the 8 x 8 micro block.
 * Level 2 sits at 8192 = bit 13, an odd bit above 8 -> micro-block column bit (13 - 9) / 2 = 2,
 * column 4, row 0 -> origin x 4 * 8 = 32, y 0.  Element (3, 2) of level 2 is pattern point
 * (35, 2): x = 100011b (X0, X1, X5), y = 10b (Y1):
 *   b2 X0 (4), b3 X1 (8), b5 Y1 (32), b10 X5^Y4^Z1 = 1 (1024), b13 X5 (8192) -> 9260,
 * inside the level's slot [8192, 12288). */
static void test_navi10_mip_tail(void **state)
{
    (void)state;
    tmu_surface s;
    tmu_diag diag;
    tmu_surface_desc d = desc2d("SW_64KB_S_X", 32, 64, 64, 1, 4);
    assert_int_equal(tmu_surface_init_amd(&s, chip("navi10"), &d, &diag), TMU_OK);
    assert_int_equal(s.mip_chain_in_tail, 1);
    assert_int_equal(s.first_tail_mip, 0);
    assert_int_equal(s.size, 65536);
    assert_int_equal(s.slice_size, 65536);
    static const uint32_t at[4] = {32768, 16384, 8192, 4096};
    static const uint32_t pitch[4] = {64, 32, 16, 8}, height[4] = {128, 64, 32, 16};
    for (unsigned m = 0; m < 4; m++) {
        assert_int_equal(s.level[m].offset, at[m]);
        assert_int_equal(s.level[m].mip_tail_offset, at[m]);
        assert_int_equal(s.level[m].pitch, pitch[m]);
        assert_int_equal(s.level[m].padded_height, height[m]);
        assert_int_equal(s.level[m].in_tail, 1);
        assert_int_equal(s.level[m].size, 0);
        assert_int_equal(s.level[m].width, 64u >> m);
    }
    assert_int_equal(addr(&s, 2, 3, 2, 0, 0), 9260);
}

/* Navi10 SW_256B_S 32 bpp: GFX10_SW_256_S_PATINFO 4-byte entry, b0 0 b1 0 b2 X0 b3 X1 b4 Y0
 * b5 Y1 b6 Y2 b7 X2 -> 8 x 8 blocks.  20 x 10 -> pitch 24 (3 blocks), height 16.
 * (13, 9): block (1, 1) -> index 1 * 3 + 1 = 4 -> 1024; x = 1101b (X0, X2), y = 1001b (Y0):
 * 4 + 128 + 16 = 148 -> 1172. */
static void test_navi10_256b_s(void **state)
{
    (void)state;
    tmu_surface s;
    tmu_diag diag;
    tmu_surface_desc d = desc2d("SW_256B_S", 32, 20, 10, 1, 1);
    assert_int_equal(tmu_surface_init_amd(&s, chip("navi10"), &d, &diag), TMU_OK);
    assert_int_equal(s.pitch, 24);
    assert_int_equal(s.height, 16);
    assert_int_equal(s.size, 24 * 16 * 4);
    assert_int_equal(addr(&s, 0, 13, 9, 0, 0), 1172);
}

/* Navi10 SW_64KB_Z_X, 2 fragments (fragments = samples = 2: addrlib's numFrags 2), 32-bit
 * depth: the 16-pipe 4-byte entry of GFX10_SW_64K_Z_X_2xaa_PATINFO:
 *   b2 S0  b3 X0  b4 Y0  b5 X1  b6 Y1  b7 X2  b8 X3^Y3^Z3  b9 X4^Y4^Z2  b10 X6^Y5^Z1
 *   b11 X5^Y6^Z0  b12 Y3  b13 X4  b14 Y6  b15 Y2^Y7
 * Block: 2^16 / 4 / 2 = 8192 elements, log2 13; 2 fragments (odd log2) in an even-log2 block
 * -> height first: 64 x 128.
 * (1, 0, sample 1): S0 (4) + X0 (8) = 12.  (2, 3, sample 1): S0 (4) + Y0 (16) + X1 (32) +
 * Y1 (64) = 116.  (0, 4, sample 0): Y2 only feeds b15 -> 32768. */
static void test_navi10_msaa(void **state)
{
    (void)state;
    tmu_surface s;
    tmu_diag diag;
    tmu_surface_desc d = desc2d("SW_64KB_Z_X", 32, 64, 128, 1, 1);
    d.samples = 2;
    d.fragments = 2;
    d.flags = TMU_SURF_DEPTH;
    assert_int_equal(tmu_surface_init_amd(&s, chip("navi10"), &d, &diag), TMU_OK);
    assert_int_equal(s.block_w, 64);
    assert_int_equal(s.block_h, 128);
    assert_int_equal(s.size, 65536);
    assert_int_equal(addr(&s, 0, 1, 0, 0, 1), 12);
    assert_int_equal(addr(&s, 0, 2, 3, 0, 1), 116);
    assert_int_equal(addr(&s, 0, 0, 4, 0, 0), 32768);
}

/* fragments 0 against fragments = samples on one surface: navi10 SW_64KB_Z_X, 32-bit depth,
 * 2 samples, 128 x 128, 2 slices.  The surface info is the 2-fragment one either way: 64 x 128
 * blocks, pitch 128 (2 blocks), slice 128*128*4*2 = 131072, size 262144.
 *
 * fragments 2: the 2xaa row above; slices 131072 apart, blocks 64 wide.
 *   (5, 3, 0, sample 1): x = 101b (X0 X2), y = 11b (Y0 Y1): S0 4 + X0 8 + Y0 16 + Y1 64 +
 *     X2 128 = 220.
 *   (64, 0, 0, sample 0): block column 1 (65536); x = 1000000b: X6 feeds b10 (X6^Y5^Z1): 1024
 *     -> 66560; sample 1 adds S0: 66564.
 *   (0, 0, 1, 0): one slice (131072), Z0 feeds b11 (X5^Y6^Z0): 2048 -> 133120.
 * fragments 0: addrlib's address call runs with numFrags 1: the single-sample equation, i.e. the
 * 16-pipe 4-byte entry of GFX10_SW_64K_Z_X_1xaa_PATINFO = NIBBLE01[10], NIBBLE2[74],
 * NIBBLE3[31]:
 *   b2 X0  b3 Y0  b4 X1  b5 Y1  b6 X2  b7 Y2  b8 X3^Y3^Z3  b9 X4^Y4^Z2  b10 X6^Y5^Z1
 *   b11 X5^Y6^Z0  b12 Y3  b13 X4  b14 Y6  b15 X6
 * no sample bit, single-sample 128 x 128 blocks (2^14 elements), pitch 1 block, slices
 * 128*128*4 = 65536 apart.
 *   (5, 3, 0, any sample): X0 4 + Y0 8 + Y1 32 + X2 64 = 108.
 *   (64, 0, 0, any sample): still block 0; X6 feeds b10 (1024) and b15 (32768): 33792.
 *   (0, 0, 1, 0): 65536 + Z0 in b11 (2048) = 67584. */
static void test_navi10_fragments(void **state)
{
    (void)state;
    tmu_surface s;
    tmu_diag diag;
    tmu_surface_desc d = desc2d("SW_64KB_Z_X", 32, 128, 128, 2, 1);
    d.samples = 2;
    d.fragments = 2;
    d.flags = TMU_SURF_DEPTH;
    assert_int_equal(tmu_surface_init_amd(&s, chip("navi10"), &d, &diag), TMU_OK);
    assert_int_equal(s.block_w, 64);
    assert_int_equal(s.block_h, 128);
    assert_int_equal(s.pitch, 128);
    assert_int_equal(s.slice_size, 131072);
    assert_int_equal(s.size, 262144);
    assert_int_equal(addr(&s, 0, 5, 3, 0, 1), 220);
    assert_int_equal(addr(&s, 0, 64, 0, 0, 0), 66560);
    assert_int_equal(addr(&s, 0, 64, 0, 0, 1), 66564);
    assert_int_equal(addr(&s, 0, 0, 0, 1, 0), 133120);

    d.fragments = 0;
    assert_int_equal(tmu_surface_init_amd(&s, chip("navi10"), &d, &diag), TMU_OK);
    assert_int_equal(s.block_w, 64);
    assert_int_equal(s.block_h, 128);
    assert_int_equal(s.pitch, 128);
    assert_int_equal(s.slice_size, 131072);
    assert_int_equal(s.size, 262144);
    assert_int_equal(addr(&s, 0, 5, 3, 0, 0), 108);
    assert_int_equal(addr(&s, 0, 5, 3, 0, 1), 108);
    assert_int_equal(addr(&s, 0, 64, 0, 0, 0), 33792);
    assert_int_equal(addr(&s, 0, 64, 0, 0, 1), 33792);
    assert_int_equal(addr(&s, 0, 0, 0, 1, 0), 67584);
    assert_int_equal(addr(&s, 0, 0, 0, 1, 1), 67584);
}

/* Navi21 (gfx10.3): GB_ADDR_CONFIG 0x00000444, 16 pipes, NUM_PKRS = 4 -> 16 packers; RB+ table
 * row 4 + (2 * 4 - 2) = 10.  SW_64KB_R_X 32 bpp, entry 10 * 5 + 2 of
 * GFX10_SW_64K_R_X_1xaa_RBPLUS_PATINFO:
 *   b2 X0  b3 X1  b4 Y0  b5 Y1  b6 X2  b7 Y2  b8 X8^Y4^Y8  b9 X4^Y4^Z3  b10 X7^Y5^Z2
 *   b11 X5^Y7^Z1  b12 X3  b13 Y3  b14 X6^Y7  b15 X6^Y6^Z0
 * (9, 17): x = 1001b (X0, X3), y = 10001b (Y0, Y4): b2 (4) + b4 (16) + b8 (256) + b9 (512) +
 * b12 (4096) = 4884. */
static void test_navi21_64kb_r_x(void **state)
{
    (void)state;
    tmu_surface s;
    tmu_diag diag;
    tmu_surface_desc d = desc2d("SW_64KB_R_X", 32, 256, 256, 1, 1);
    assert_int_equal(tmu_surface_init_amd(&s, chip("navi21"), &d, &diag), TMU_OK);
    assert_int_equal(addr(&s, 0, 9, 17, 0, 0), 4884);
}

/* The pattern data holds the rows the tests above were worked from. */
#define XB(k) (1ull << (k))
#define YB(k) (1ull << (16 + (k)))
#define ZB(k) (1ull << (32 + (k)))
#define SB(k) (1ull << (48 + (k)))

static void pattern_rows(int family, uint32_t entry, uint64_t out[16])
{
    const tmu_gfx10_family_span *f = &tmu_gfx10_family[family];
    assert_true(entry < f->count);
    const uint16_t *p = tmu_gfx10_pattern[tmu_gfx10_entry[f->first + entry]];
    for (unsigned i = 0; i < 8; i++)
        out[i] = tmu_gfx10_bits[tmu_gfx10_low8[p[0]][i]];
    for (unsigned i = 0; i < 8; i++)
        out[8 + i] = tmu_gfx10_bits[tmu_gfx10_quad[p[1 + i / 4]][i % 4]];
}

static void test_pattern_data(void **state)
{
    (void)state;
    uint64_t r[16];
    const uint64_t s_x[16] = {0, 0, XB(0), XB(1), YB(0), YB(1), YB(2), XB(2),
                              XB(6) | YB(3) | ZB(3), XB(3) | YB(6) | ZB(2),
                              XB(5) | YB(4) | ZB(1), XB(4) | YB(5) | ZB(0),
                              YB(5), XB(5), YB(6), XB(6)};
    pattern_rows(TMU_GFX10_FAM_64K_S_X, 4 * 5 + 2, r);
    assert_memory_equal(r, s_x, sizeof r);
    const uint64_t z_x_2aa[16] = {0, 0, SB(0), XB(0), YB(0), XB(1), YB(1), XB(2),
                                  XB(3) | YB(3) | ZB(3), XB(4) | YB(4) | ZB(2),
                                  XB(6) | YB(5) | ZB(1), XB(5) | YB(6) | ZB(0),
                                  YB(3), XB(4), YB(6), YB(2) | YB(7)};
    pattern_rows(TMU_GFX10_FAM_64K_Z_X_2AA, 4 * 5 + 2, r);
    assert_memory_equal(r, z_x_2aa, sizeof r);
    const uint64_t r_x_rbp[16] = {0, 0, XB(0), XB(1), YB(0), YB(1), XB(2), YB(2),
                                  XB(8) | YB(4) | YB(8), XB(4) | YB(4) | ZB(3),
                                  XB(7) | YB(5) | ZB(2), XB(5) | YB(7) | ZB(1),
                                  XB(3), YB(3), XB(6) | YB(7), XB(6) | YB(6) | ZB(0)};
    pattern_rows(TMU_GFX10_FAM_RBP_64K_R_X_1AA, 10 * 5 + 2, r);
    assert_memory_equal(r, r_x_rbp, sizeof r);
    /* non-XOR modes: one entry per element size; 256_S 4-byte = low eight bits of S_X above */
    pattern_rows(TMU_GFX10_FAM_256_S, 2, r);
    assert_memory_equal(r, s_x, 8 * sizeof r[0]);
}

/* Combinations addrlib refuses come back as errors naming the field. */
static void expect_refused(const char *chip_name, tmu_surface_desc d, const char *field)
{
    tmu_surface s;
    tmu_diag diag;
    memset(&diag, 0, sizeof diag);
    tmu_status st = tmu_surface_init_amd(&s, chip(chip_name), &d, &diag);
    assert_int_not_equal(st, TMU_OK);
    if (strstr(diag.message, field) == NULL)
        fail_msg("message \"%s\" does not name %s", diag.message, field);
}

static tmu_surface s_ok;

static void test_refused(void **state)
{
    (void)state;
    tmu_surface_desc d = desc2d("SW_64KB_S", 32, 64, 64, 1, 1);
    d.flags = TMU_SURF_DEPTH; /* S modes are not depth */
    expect_refused("navi10", d, "swizzle_mode");
    d = desc2d("SW_256B_S", 32, 64, 64, 4, 1);
    d.rsrc = TMU_SURF_3D; /* no 256 B 3D */
    expect_refused("navi10", d, "swizzle_mode");
    d = desc2d("SW_VAR_Z_X", 32, 64, 64, 1, 1); /* VAR blocks are gfx10.3 only */
    expect_refused("navi10", d, "swizzle_mode");
    d = desc2d("SW_4KB_R_X", 32, 64, 64, 1, 1); /* no resource type takes it */
    expect_refused("navi21", d, "swizzle_mode");
    d = desc2d("SW_64KB_Z", 32, 64, 64, 1, 1); /* gfx9 mode */
    expect_refused("navi14", d, "swizzle_mode");
    d = desc2d("SW_64KB_S_X", 32, 64, 64, 1, 1);
    d.samples = 4; /* S modes are single-sampled */
    expect_refused("navi14", d, "swizzle_mode");
    d = desc2d("SW_64KB_R_X", 32, 64, 64, 1, 1);
    d.samples = 16; /* at most 8 fragments */
    expect_refused("navi21", d, "samples");
    d = desc2d("SW_64KB_Z_X", 32, 64, 64, 1, 1);
    d.samples = 2;
    d.flags = TMU_SURF_COLOR; /* MSAA Z order is depth only */
    expect_refused("navi10", d, "swizzle_mode");
    d = desc2d("SW_64KB_Z_X", 128, 64, 64, 1, 1); /* Z order: at most 64 bpp */
    expect_refused("navi10", d, "bpp");
    d = desc2d("SW_64KB_R_X", 32, 64, 64, 1, 1);
    d.samples = 4;
    d.flags = TMU_SURF_COLOR;
    d.fragments = 2; /* EQAA: not modelled */
    expect_refused("navi21", d, "fragments");
    expect_refused("navi21", d, "EQAA");
    d.fragments = 1;
    expect_refused("navi10", d, "fragments");
    d.fragments = 8; /* more fragments than samples */
    expect_refused("navi14", d, "fragments");
    d = desc2d("SW_64KB_R_X", 32, 64, 64, 1, 1);
    d.fragments = 2; /* single-sampled: 0 or 1 */
    expect_refused("navi10", d, "fragments");
    d = desc2d("SW_64KB_D_X", 32, 64, 64, 1, 1);
    d.flags |= TMU_SURF_DISPLAY; /* DCN: D modes only at 64 bpp */
    expect_refused("navi10", d, "DISPLAY");
    d = desc2d("SW_LINEAR", 32, 64, 64, 1, 1);
    d.pipe_bank_xor = 3;
    expect_refused("navi21", d, "pipe_bank_xor");
    d = desc2d("SW_LINEAR", 32, 64, 4, 1, 1);
    d.rsrc = TMU_SURF_1D;
    expect_refused("navi21", d, "height");
    d = desc2d("SW_64KB_S_X", 32, 64, 64, 1, 1);
    d.flags |= TMU_SURF_PRT; /* PRTs: no _X modes */
    expect_refused("navi21", d, "PRT");
    d = desc2d("SW_64KB_R_X", 32, 64, 64, 1, 1);
    d.swizzle_mode = 40;
    expect_refused("navi21", d, "swizzle_mode");
    d = desc2d("SW_64KB_R_X", 32, 64, 64, 1, 1);
    d.rsrc = (tmu_surf_rsrc)7;
    expect_refused("navi21", d, "rsrc");
    /* 3D SW_64KB_D_X on RB+ (gfx10.3): GFX10_SW_64K_D3_X_RBPLUS_PATINFO declares maxItemCount 4
     * for 8 and 16 bpe from 4 pipes on (3 below), and Gfx10Lib::InitEquationTable makes no
     * address equation from more than 3, so addrlib lays such surfaces out but fails every
     * address: refused (navi21: 16 pipes; navi21_8pipe: 8) */
    d = desc2d("SW_64KB_D_X", 64, 64, 64, 8, 1);
    d.rsrc = TMU_SURF_3D;
    expect_refused("navi21", d, "address equation");
    expect_refused("navi21_8pipe", d, "SW_64KB_D_X");
    d.bpp = 128;
    expect_refused("navi21", d, "address equation");
    d.bpp = 32; /* maxItemCount 3: an equation, addresses */
    assert_int_equal(tmu_surface_init_amd(&s_ok, chip("navi21"), &d, NULL), TMU_OK);
    d.bpp = 64; /* navi10 (not RB+): GFX10_SW_64K_D3_X_PATINFO, an equation */
    assert_int_equal(tmu_surface_init_amd(&s_ok, chip("navi10"), &d, NULL), TMU_OK);
    tmu_amd_chip odd = *chip("navi21");
    odd.gb_addr_config = 0x00000044 | (1u << 3); /* 512 B pipe interleave */
    tmu_surface s;
    tmu_diag diag;
    d = desc2d("SW_64KB_R_X", 32, 64, 64, 1, 1);
    assert_int_not_equal(tmu_surface_init_amd(&s, &odd, &d, &diag), TMU_OK);
    assert_non_null(strstr(diag.message, "PIPE_INTERLEAVE"));
}

/* Navi21 SW_VAR_Z_X: 2^(14 + 4) = 256 KB blocks. */
static void test_navi21_var_block(void **state)
{
    (void)state;
    tmu_surface s;
    tmu_diag diag;
    tmu_surface_desc d = desc2d("SW_VAR_Z_X", 32, 100, 100, 1, 1);
    assert_int_equal(tmu_surface_init_amd(&s, chip("navi21"), &d, &diag), TMU_OK);
    assert_int_equal(s.base_align, 262144);
    assert_int_equal(s.block_w, 256); /* 2^16 elements, log2 16 even -> 256 x 256 */
    assert_int_equal(s.block_h, 256);
    assert_int_equal(s.size, 262144);
}

/* Every element of every level, slice and sample of small surfaces in every accepted mode gets
 * its own element-aligned address inside the surface. */
static void test_bijective(void **state)
{
    (void)state;
    static const char *const chips[] = {"navi10", "navi14", "navi21", "navi21_8pipe"};
    static const uint32_t dims[][4] = {
        {17, 9, 3, 3}, {64, 64, 1, 7}, {130, 7, 2, 4}, {33, 65, 9, 5}, {5, 300, 1, 1},
    };
    unsigned char *seen = NULL;
    size_t seen_cap = 0;
    unsigned accepted = 0;
    for (unsigned ci = 0; ci < 4; ci++)
        for (uint32_t sw = 0; sw < 32; sw++)
            for (int rsrc = 0; rsrc < 3; rsrc++)
                for (uint32_t e = 0; e < 5; e++)
                    for (unsigned di = 0; di < 5; di++)
                        for (uint32_t k = 0; k < 7; k++) {
                            /* 1 sample, then 2, 4, 8 as depth (Z modes) and as colour (R) */
                            const uint32_t samples = 1u << ((k + 1) / 2);
                            const int colour = k > 0 && (k & 1) == 0;
                            tmu_surface_desc d =
                                sweep_desc(rsrc, sw, 8u << e, dims[di], samples, !colour);
                            if (rsrc == TMU_SURF_1D && d.levels > 4)
                                d.levels = 4;
                            d.pipe_bank_xor = (sw >= 17) ? 0x2d : 0;
                            tmu_surface s;
                            tmu_diag diag;
                            if (tmu_surface_init_amd(&s, chip(chips[ci]), &d, &diag) != TMU_OK)
                                continue;
                            accepted++;
                            char what[96];
                            snprintf(what, sizeof what, "%s %s mode %u bpp %u", chips[ci],
                                     rsrc == 0 ? "1D" : rsrc == 1 ? "2D" : "3D", sw, d.bpp);
                            expect_bijective(&s, what, 1, &seen, &seen_cap);
                        }
    free(seen);
    assert_true(accepted > 1000);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_navi10_64kb_s_x), cmocka_unit_test(test_navi10_mip_tail),
        cmocka_unit_test(test_navi10_256b_s),   cmocka_unit_test(test_navi10_msaa),
        cmocka_unit_test(test_navi10_fragments),
        cmocka_unit_test(test_navi21_64kb_r_x), cmocka_unit_test(test_pattern_data),
        cmocka_unit_test(test_refused),         cmocka_unit_test(test_navi21_var_block),
        cmocka_unit_test(test_bijective),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
