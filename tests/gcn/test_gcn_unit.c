/* GCN MIMG unit tests against hand-worked expectations from shared/reference/gcn-mimg.md:
 * encodings assembled by llvm-mc and clrxasm (sections 5, 6.1), decode reasons, assembler
 * errors with line:column, operand rules (section 3.2 count table, 3.3 A16 packing, 3.4 VDATA),
 * the opcode table per generation (section 1), and T#/S# descriptors (section 4). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "tmu/format.h"
#include "tmu/gcn.h"
#include "tmu/texture.h"

static uint64_t asm_word(tmu_gcn_gen gen, tmu_gcn_syntax syn, const char *text)
{
    tmu_gcn_mimg inst;
    tmu_diag d;
    if (tmu_gcn_assemble(gen, syn, text, strlen(text), 1, &inst, &d) != TMU_OK) {
        fprintf(stderr, "assemble '%s': %s\n", text, d.message);
        fail();
    }
    uint64_t w;
    assert_int_equal(tmu_gcn_encode(&inst, &w, NULL), TMU_OK);
    return w;
}

/* Section 6.1: lines assembled by llvm-mc 14 and 19, and section 5 (llvm column). */
static void test_llvm_encodings(void **state)
{
    (void)state;
    static const struct {
        tmu_gcn_gen gen;
        const char *text;
        uint64_t word;
    } v[] = {
        {TMU_GCN_GFX6, "image_load v[0:3], v[4:5], s[8:15] dmask:0xf unorm", 0x00020004f0001f00},
        {TMU_GCN_GFX6, "image_store v[0:1], v[4:6], s[8:15] dmask:0x3 unorm da", 0x00020004f0205300},
        {TMU_GCN_GFX6, "image_atomic_rsub v0, v[4:5], s[8:15] dmask:0x1 unorm glc", 0x00020004f04c3100},
        {TMU_GCN_GFX6, "image_atomic_fcmpswap v[0:1], v[4:5], s[8:15] dmask:0x3 unorm glc",
         0x00020004f0743300},
        {TMU_GCN_GFX7, "image_atomic_cmpswap v[0:1], v[4:5], s[8:15] dmask:0x3 unorm glc",
         0x00020004f0403300},
        {TMU_GCN_GFX7, "image_sample_c_d_o v[0:3], v[4:11], s[8:15], s[16:19] dmask:0xf",
         0x00820004f0e80f00},
        {TMU_GCN_GFX7, "image_gather4_c_lz_o v[0:3], v[4:7], s[8:15], s[16:19] dmask:0x1 da",
         0x00820004f17c4100},
        {TMU_GCN_GFX8, "image_atomic_cmpswap v[0:1], v[4:5], s[8:15] dmask:0x3 unorm glc",
         0x00020004f0443300},
        {TMU_GCN_GFX8, "image_sample_b_cl v[0:4], v[4:7], s[12:19], s[20:23] dmask:0xf r128 tfe lwe",
         0x00a30004f09b8f00},
        {TMU_GCN_GFX8, "image_sample v[0:3], v[4:5], s[8:15], s[16:19] dmask:0xf d16",
         0x80820004f0800f00},
        {TMU_GCN_GFX81, "image_sample v[0:1], v[4:5], s[8:15], s[16:19] dmask:0xf d16",
         0x80820004f0800f00},
        {TMU_GCN_GFX9, "image_sample_l v[0:1], v[4:5], s[8:15], s[16:19] dmask:0x7 a16 d16",
         0x80820004f0908700},
        {TMU_GCN_GFX9, "image_get_resinfo v[0:3], v4, s[8:15] dmask:0xf", 0x00020004f0380f00},
        {TMU_GCN_GFX9, "image_get_lod v[0:1], v[4:5], s[8:15], s[16:19] dmask:0x3", 0x00820004f1800300},
        {TMU_GCN_GFX9, "image_load_mip v[0:4], v[4:7], s[8:15] dmask:0xf unorm glc slc tfe",
         0x00020004f2053f00},
        {TMU_GCN_GFX6, "image_sample v[0:3], v[4:5], s[8:15], s[16:19] dmask:0xf glc da",
         0x00820004f0806f00},
        {TMU_GCN_GFX6, "image_sample v[0:3], v[4:7], s[8:15], s[16:19] dmask:0xf r128",
         0x00820004f0808f00},
        {TMU_GCN_GFX8, "image_load v0, v4, s[8:15] dmask:0x1 unorm", 0x00020004f0001100},
        {TMU_GCN_GFX9, "image_sample_c_lz_o v[0:4], v[4:7], s[8:15], s[16:19] dmask:0xf tfe lwe",
         0x00820004f0ff0f00},
        {TMU_GCN_GFX9, "image_gather4 v[0:1], v[4:5], s[8:15], s[16:19] dmask:0x2 a16 d16",
         0x80820004f1008200},
        /* llvm-mc accepts hex, decimal and (a+b) dmask values and masks values > 0xf */
        {TMU_GCN_GFX9, "image_sample v[0:3], v4, s[8:15], s[16:19] dmask:15", 0x00820004f0800f00},
        {TMU_GCN_GFX9, "image_sample v[0:3], v4, s[8:15], s[16:19] dmask:(3+12)", 0x00820004f0800f00},
        {TMU_GCN_GFX9, "image_sample v[0:3], v4, s[8:15], s[16:19] dmask:0x1f", 0x00820004f0800f00},
        {TMU_GCN_GFX9, "image_load v0, v4, s[8:15]", 0x00020004f0000000},
        {TMU_GCN_GFX9, "IMAGE_LOAD v0, v4, s[8:15] noglc", 0x00020004f0000000},
        {TMU_GCN_GFX9, "  image_load v0, v4, ttmp[4:11] ; comment", 0x001c0004f0000000},
        /* glc/slc form one cache-policy operand: a second one may follow anywhere */
        {TMU_GCN_GFX9, "image_load v[0:1], v4, s[8:15] dmask:0x1 glc tfe slc", 0x00020004f2012100},
        {TMU_GCN_GFX9, "image_load v[0:1], v4, s[8:15] dmask:0x1 slc tfe da glc", 0x00020004f2016100},
        {TMU_GCN_GFX9, "image_load v0, v4, s[8:15] dmask:0x1 glc noslc", 0x00020004f0002100},
    };
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++) {
        uint64_t w = asm_word(v[i].gen, TMU_GCN_SYNTAX_LLVM, v[i].text);
        if (w != v[i].word)
            fprintf(stderr, "'%s' -> 0x%016llx, want 0x%016llx\n", v[i].text,
                    (unsigned long long)w, (unsigned long long)v[i].word);
        assert_true(w == v[i].word);
    }
}

/* Section 5, CLRX column, assembled by clrxasm. */
static void test_clrx_encodings(void **state)
{
    (void)state;
    assert_true(asm_word(TMU_GCN_GFX6, TMU_GCN_SYNTAX_CLRX,
                         "image_sample v[0:3], v[4:5], s[8:15], s[16:19] dmask:15 da glc") ==
                0x00820004f0806f00);
    assert_true(asm_word(TMU_GCN_GFX6, TMU_GCN_SYNTAX_CLRX,
                         "image_sample v[0:3], v[4:7], s[8:11], s[16:19] dmask:15 r128") ==
                0x00820004f0808f00);
    assert_true(asm_word(TMU_GCN_GFX7, TMU_GCN_SYNTAX_CLRX,
                         "image_store v[0:1], v[4:6], s[8:15] dmask:3 unorm da") ==
                0x00020004f0205300);
    assert_true(asm_word(TMU_GCN_GFX8, TMU_GCN_SYNTAX_CLRX,
                         "image_atomic_cmpswap v[0:1], v[4:5], s[8:15] glc unorm dmask:3") ==
                0x00020004f0443300);
    assert_true(asm_word(TMU_GCN_GFX8, TMU_GCN_SYNTAX_CLRX, "image_load v0, v4, s[8:15] unorm") ==
                0x00020004f0001100);
    assert_true(asm_word(TMU_GCN_GFX9, TMU_GCN_SYNTAX_CLRX,
                         "image_sample_c_lz_o v[0:4], v[4:7], s[8:15], s[16:19] dmask:15 tfe lwe") ==
                0x00820004f0ff0f00);
    /* CLRX-only forms: glc:1, dmask expression, case-insensitive registers */
    assert_true(asm_word(TMU_GCN_GFX9, TMU_GCN_SYNTAX_CLRX,
                         "IMAGE_SAMPLE V[0:3], V4, S[8:15], S[16:19] dmask:3+12 glc:1 slc:0") ==
                0x00820004f0802f00);
    tmu_gcn_mimg inst;
    tmu_diag d;
    const char *t = "image_store v0, v4, s[8:15] dmask:1";
    assert_int_equal(tmu_gcn_assemble(TMU_GCN_GFX9, TMU_GCN_SYNTAX_CLRX, t, strlen(t), 1, &inst, &d),
                     TMU_ERR_INVALID);
    assert_non_null(strstr(d.message, "Unorm is not set"));
    /* printing: dmask decimal, omitted when 1, r128 SRSRC as 4 SGPRs */
    char buf[160];
    assert_int_equal(tmu_gcn_decode(TMU_GCN_GFX6, 0x00820004f0808f00, &inst, NULL), TMU_OK);
    assert_true(tmu_gcn_print_clrx(&inst, NULL, buf, sizeof buf) > 0);
    assert_string_equal(buf, "image_sample v[0:3], v4, s[8:11], s[16:19] dmask:15 r128");
    assert_int_equal(tmu_gcn_decode(TMU_GCN_GFX8, 0x00020004f0001100, &inst, NULL), TMU_OK);
    assert_true(tmu_gcn_print_clrx(&inst, NULL, buf, sizeof buf) > 0);
    assert_string_equal(buf, "image_load v0, v4, s[8:15] unorm");
}

static void expect_decode_error(tmu_gcn_gen gen, uint64_t w, const char *needle, int bit)
{
    tmu_gcn_mimg inst;
    tmu_diag d;
    assert_int_equal(tmu_gcn_decode(gen, w, &inst, &d), TMU_ERR_DECODE);
    if (!strstr(d.message, needle)) {
        fprintf(stderr, "0x%016llx: '%s' lacks '%s'\n", (unsigned long long)w, d.message, needle);
        fail();
    }
    assert_int_equal(d.offset, bit);
}

static void test_decode_reasons(void **state)
{
    (void)state;
    expect_decode_error(TMU_GCN_GFX9, 0x00820004e0800f00, "not a MIMG word", 26);
    expect_decode_error(TMU_GCN_GFX9, 0x00820004f0800f01, "bit 0", 0);
    /* 0x1e = image_atomic_fmin on gfx6/7, removed in gfx8 */
    expect_decode_error(TMU_GCN_GFX8, 0x00020004f0783100, "opcode 0x1e is not defined on gfx8", 18);
    expect_decode_error(TMU_GCN_GFX9, 0x00020004f1083100, "opcode 0x42 is not defined on gfx9", 18);
    expect_decode_error(TMU_GCN_GFX7, 0x80820004f0800f00, "D16 (bit 63) is not supported on gfx7", 63);
    expect_decode_error(TMU_GCN_GFX9, 0x80020004f0080f00, "not allowed on image_load_pck", 63);
    expect_decode_error(TMU_GCN_GFX9, 0x00220004f0000f00, "takes no sampler", 53);
    expect_decode_error(TMU_GCN_GFX9, 0x00820004f1000300, "exactly one DMASK bit", 8);
    expect_decode_error(TMU_GCN_GFX9, 0x00020004f0480700, "not a valid atomic DMASK", 8);
    expect_decode_error(TMU_GCN_GFX9, 0x00180004f0000f00, "SRSRC 24", 48); /* s[96:103] on gfx9 */
    expect_decode_error(TMU_GCN_GFX9, 0x03220004f0800f00, "SSAMP 25", 53);
    expect_decode_error(TMU_GCN_GFX9, 0x0002fd04f0000f00, "runs past v255", 40);
    expect_decode_error(TMU_GCN_GFX9, 0x008200fdf0e80f00, "run past v255", 32);
    /* the same word is a different atomic on gfx7 and gfx8 */
    tmu_gcn_mimg a, b;
    assert_int_equal(tmu_gcn_decode(TMU_GCN_GFX7, 0x00020004f0443300, &a, NULL), TMU_OK);
    assert_int_equal(tmu_gcn_decode(TMU_GCN_GFX8, 0x00020004f0443300, &b, NULL), TMU_OK);
    assert_string_equal(a.op->name, "image_atomic_add");
    assert_string_equal(b.op->name, "image_atomic_cmpswap");
    /* SRSRC 24 is s[96:103] on gfx6 (104 SGPRs); ttmp naming differs on gfx9 */
    char buf[160];
    assert_int_equal(tmu_gcn_decode(TMU_GCN_GFX6, 0x00180004f0000f00, &a, NULL), TMU_OK);
    assert_true(tmu_gcn_print_llvm(&a, NULL, buf, sizeof buf) > 0);
    assert_string_equal(buf, "image_load v[0:3], v4, s[96:103] dmask:0xf");
    assert_int_equal(tmu_gcn_decode(TMU_GCN_GFX8, 0x001c0004f0000f00, &a, NULL), TMU_OK);
    assert_true(tmu_gcn_print_llvm(&a, NULL, buf, sizeof buf) > 0);
    assert_string_equal(buf, "image_load v[0:3], v4, ttmp[0:7] dmask:0xf");
    assert_int_equal(tmu_gcn_decode(TMU_GCN_GFX9, 0x001c0004f0000f00, &a, NULL), TMU_OK);
    assert_true(tmu_gcn_print_llvm(&a, NULL, buf, sizeof buf) > 0);
    assert_string_equal(buf, "image_load v[0:3], v4, ttmp[4:11] dmask:0xf");
}

static void expect_asm_error(tmu_gcn_gen gen, const char *text, const char *needle, unsigned col)
{
    tmu_gcn_mimg inst;
    tmu_diag d;
    tmu_status st = tmu_gcn_assemble(gen, TMU_GCN_SYNTAX_LLVM, text, strlen(text), 7, &inst, &d);
    assert_true(st == TMU_ERR_PARSE || st == TMU_ERR_INVALID);
    if (!strstr(d.message, needle) || d.column != col || d.line != 7) {
        fprintf(stderr, "'%s': %u:%u '%s' (want col %u, '%s')\n", text, d.line, d.column,
                d.message, col, needle);
        fail();
    }
}

static void test_asm_errors(void **state)
{
    (void)state;
    const tmu_gcn_gen g9 = TMU_GCN_GFX9;
    expect_asm_error(g9, "image_sample v[0:3], v4, s[8:15], s[16:19] glc dmask:0xf", "out of order", 48);
    expect_asm_error(g9, "image_sample v[0:3], v4, s[8:15], s[16:19] dmask:0xf da tfe", "out of order", 57);
    expect_asm_error(g9, "image_sample v[0:3], v4, s[8:15], s[16:19] dmask:0xf glc:1", "takes no value", 57);
    expect_asm_error(g9, "image_sample V[0:3], v4, s[8:15], s[16:19]", "expected a register", 14);
    expect_asm_error(g9, "image_sample v[0:2], v4, s[8:15], s[16:19] dmask:0xf", "image data size does not match dmask, d16 and tfe", 14);
    expect_asm_error(TMU_GCN_GFX8, "image_load v[0:1], v4, s[8:15] dmask:0x1 lwe", "image data size does not match dmask and tfe", 12);
    expect_asm_error(g9, "image_gather4 v[0:3], v4, s[8:15], s[16:19] dmask:0x3", "only one bit must be set", 45);
    expect_asm_error(g9, "image_atomic_add v[0:2], v4, s[8:15] dmask:0x7", "invalid atomic image dmask", 38);
    expect_asm_error(TMU_GCN_GFX7, "image_load v0, v4, s[8:15] dmask:0x1 d16", "d16 modifier is not supported", 38);
    expect_asm_error(TMU_GCN_GFX8, "image_load v0, v4, s[8:15] dmask:0x1 a16", "a16 modifier is not supported", 38);
    expect_asm_error(g9, "image_load v0, v4, s[8:15] dmask:0x1 r128", "r128 modifier is not supported", 38);
    expect_asm_error(g9, "image_atomic_fmin v0, v4, s[8:15] dmask:0x1", "not supported on this GPU", 1);
    expect_asm_error(g9, "image_smaple v0, v4, s[8:15], s[16:19]", "invalid instruction", 1);
    expect_asm_error(TMU_GCN_GFX8, "image_sample v[0:3], v4, s[8:11], s[16:19] dmask:0xf r128", "8 SGPRs", 26);
    expect_asm_error(TMU_GCN_GFX8, "image_load v[0:3], v4, s[96:103] dmask:0xf", "register not available", 24);
    expect_asm_error(g9, "image_sample_d v[0:3], v4, s[8:15], s[16:19] dmask:0xf", "must be 2, 3, 4, 5, 6, 7, 8, 16 registers", 24);
    expect_asm_error(g9, "image_sample v[0:3], v[4:8], s[8:15], s[16:19] dmask:0xf", "must be 1, 2, 3, 4 registers", 22);
    expect_asm_error(g9, "image_load v0 v4, s[8:15]", "expected ','", 15);
    expect_asm_error(g9, "image_load v0, v4, s[8:15] dmask:0x1 bogus", "unknown modifier 'bogus'", 38);
    expect_asm_error(g9, "image_load v0, v[4:3], s[8:15]", "reversed", 16);
    expect_asm_error(g9, "image_load v0, v256, s[8:15]", "out of range", 16);
    expect_asm_error(g9, "image_load v0, v4, s[8:15] dmask:", "expected a number", 34);
    expect_asm_error(g9, "", "expected an instruction mnemonic", 1);
    expect_asm_error(g9, "image_load v0, v4, s[8:15] dmask:0x1 glc glc", "duplicate cache policy modifier", 42);
    expect_asm_error(g9, "image_load v0, v4, s[8:15] dmask:0x1 tfe slc", "out of order", 42);
}

/* Section 3.2 address counts (32-bit addresses): columns 1D 2D 3D Cube 1DArr 2DArr. */
static void test_vaddr_counts(void **state)
{
    (void)state;
    static const struct {
        const char *name;
        unsigned n[6];
    } rows[] = {
        {"image_sample", {1, 2, 3, 3, 2, 3}},           {"image_sample_d", {3, 6, 9, 7, 4, 7}},
        {"image_sample_d_cl", {4, 7, 10, 8, 5, 8}},     {"image_sample_c_b_cl", {4, 5, 6, 6, 5, 6}},
        {"image_sample_c_d_cl_o", {6, 9, 12, 10, 7, 10}}, {"image_sample_c_b_cl_o", {5, 6, 7, 7, 6, 7}},
        {"image_gather4_c_lz_o", {3, 4, 5, 5, 4, 5}},   {"image_get_lod", {1, 2, 3, 3, 2, 3}},
        {"image_sample_c_cd_cl_o", {6, 9, 12, 10, 7, 10}}, {"image_load_mip", {2, 3, 4, 4, 3, 4}},
        {"image_atomic_add", {1, 2, 3, 3, 2, 3}},       {"image_get_resinfo", {1, 1, 1, 1, 1, 1}},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        const tmu_gcn_opcode_info *op = tmu_gcn_opcode_by_name(rows[i].name);
        assert_non_null(op);
        for (int t = 0; t < 6; t++) {
            tmu_gcn_vaddr_layout l;
            assert_int_equal(tmu_gcn_vaddr_layout_get(TMU_GCN_GFX8, op, (tmu_gcn_image_type)(8 + t),
                                                      false, &l, NULL),
                             TMU_OK);
            assert_int_equal(l.vgprs, rows[i].n[t]);
            assert_int_equal(l.count, rows[i].n[t]);
        }
    }
    /* Section 3.1 llc placement: sample.c.d.o.2d = offset, zc, dsdh, dtdh, dsdv, dtdv, s, t */
    tmu_gcn_vaddr_layout l;
    assert_int_equal(tmu_gcn_vaddr_layout_get(TMU_GCN_GFX9, tmu_gcn_opcode_by_name("image_sample_c_d_o"),
                                              TMU_GCN_IMG_2D, false, &l, NULL), TMU_OK);
    static const uint8_t want[] = {TMU_GCN_AC_OFFSET, TMU_GCN_AC_ZCOMPARE, TMU_GCN_AC_DSDH,
                                   TMU_GCN_AC_DTDH, TMU_GCN_AC_DSDV, TMU_GCN_AC_DTDV,
                                   TMU_GCN_AC_X, TMU_GCN_AC_Y};
    assert_int_equal(l.count, 8);
    assert_memory_equal(l.comp, want, 8);
    /* load.2darraymsaa = x, y, slice, fragid; MSAA cannot be sampled */
    assert_int_equal(tmu_gcn_vaddr_layout_get(TMU_GCN_GFX9, tmu_gcn_opcode_by_name("image_load"),
                                              TMU_GCN_IMG_2D_MSAA_ARRAY, false, &l, NULL), TMU_OK);
    assert_int_equal(l.vgprs, 4);
    assert_int_equal(l.comp[2], TMU_GCN_AC_SLICE);
    assert_int_equal(l.comp[3], TMU_GCN_AC_FRAGID);
    tmu_diag d;
    assert_int_equal(tmu_gcn_vaddr_layout_get(TMU_GCN_GFX9, tmu_gcn_opcode_by_name("image_sample"),
                                              TMU_GCN_IMG_2D_MSAA, false, &l, &d), TMU_ERR_INVALID);
    assert_int_equal(tmu_gcn_vaddr_layout_get(TMU_GCN_GFX8, tmu_gcn_opcode_by_name("image_sample"),
                                              TMU_GCN_IMG_2D, true, &l, &d), TMU_ERR_INVALID);
}

/* Section 3.3 A16 packing examples. */
static void test_vaddr_a16(void **state)
{
    (void)state;
    tmu_gcn_vaddr_layout l;
    /* 2D sample_c_l: zc | {s,t} | {lod,-} */
    assert_int_equal(tmu_gcn_vaddr_layout_get(TMU_GCN_GFX9, tmu_gcn_opcode_by_name("image_sample_c_l"),
                                              TMU_GCN_IMG_2D, true, &l, NULL), TMU_OK);
    assert_int_equal(l.vgprs, 3);
    static const uint8_t dw1[] = {0, 1, 1, 2}, h1[] = {0, 0, 1, 0};
    assert_memory_equal(l.dword, dw1, 4);
    assert_memory_equal(l.half, h1, 4);
    /* 2D-array sample_b_cl: bias | {s,t} | {slice,clamp} */
    assert_int_equal(tmu_gcn_vaddr_layout_get(TMU_GCN_GFX9, tmu_gcn_opcode_by_name("image_sample_b_cl"),
                                              TMU_GCN_IMG_2D_ARRAY, true, &l, NULL), TMU_OK);
    assert_int_equal(l.vgprs, 3);
    static const uint8_t dw2[] = {0, 1, 1, 2, 2}, h2[] = {0, 0, 1, 0, 1};
    assert_memory_equal(l.dword, dw2, 5);
    assert_memory_equal(l.half, h2, 5);
    /* 3D sample_d: {dsdh,dtdh} {drdh,-} {dsdv,dtdv} {drdv,-} {x,y} {z,-} */
    assert_int_equal(tmu_gcn_vaddr_layout_get(TMU_GCN_GFX9, tmu_gcn_opcode_by_name("image_sample_d"),
                                              TMU_GCN_IMG_3D, true, &l, NULL), TMU_OK);
    assert_int_equal(l.vgprs, 6);
    /* 3D load_mip: {x,y} {z,mip} */
    assert_int_equal(tmu_gcn_vaddr_layout_get(TMU_GCN_GFX9, tmu_gcn_opcode_by_name("image_load_mip"),
                                              TMU_GCN_IMG_3D, true, &l, NULL), TMU_OK);
    assert_int_equal(l.vgprs, 2);
    assert_int_equal(l.comp[3], TMU_GCN_AC_MIP);
    assert_int_equal(l.dword[3], 1);
    assert_int_equal(l.half[3], 1);
}

static void test_vdata(void **state)
{
    (void)state;
    tmu_gcn_mimg m;
    tmu_gcn_mimg_init(&m, TMU_GCN_GFX8, tmu_gcn_opcode_by_name("image_load"));
    m.f[TMU_GCN_F_DMASK] = 0x5;
    assert_int_equal(tmu_gcn_vdata_count(&m), 2);
    m.f[TMU_GCN_F_DMASK] = 0;
    assert_int_equal(tmu_gcn_vdata_count(&m), 1);
    m.f[TMU_GCN_F_DMASK] = 0x7;
    m.f[TMU_GCN_F_D16] = 1;
    assert_int_equal(tmu_gcn_vdata_count(&m), 3); /* gfx8.0 unpacked */
    m.gen = TMU_GCN_GFX81;
    assert_int_equal(tmu_gcn_vdata_count(&m), 2); /* ceil(3/2) */
    m.f[TMU_GCN_F_TFE] = 1;
    assert_int_equal(tmu_gcn_vdata_count(&m), 3);
    m.f[TMU_GCN_F_LWE] = 1;
    assert_int_equal(tmu_gcn_vdata_count(&m), 3); /* LWE adds nothing (as LLVM) */
    tmu_gcn_mimg_init(&m, TMU_GCN_GFX9, tmu_gcn_opcode_by_name("image_gather4"));
    m.f[TMU_GCN_F_DMASK] = 0x1;
    assert_int_equal(tmu_gcn_vdata_count(&m), 4);
    m.f[TMU_GCN_F_D16] = 1;
    assert_int_equal(tmu_gcn_vdata_count(&m), 2);
}

static void test_opcode_tables(void **state)
{
    (void)state;
    /* Section 1 counts: gfx6 93, gfx7 93 (LLVM keeps rsub), gfx8 89, gfx9 89 */
    static const unsigned want[TMU_GCN_GEN_COUNT] = {93, 93, 89, 89, 89};
    for (int g = 0; g < TMU_GCN_GEN_COUNT; g++) {
        unsigned n = 0;
        for (unsigned op = 0; op < 128; op++)
            if (tmu_gcn_opcode_lookup((tmu_gcn_gen)g, op))
                n++;
        assert_int_equal(n, want[g]);
    }
    size_t nrows;
    const tmu_gcn_opcode_info *rows = tmu_gcn_opcodes(&nrows);
    for (size_t i = 0; i < nrows; i++) {
        assert_int_equal(rows[i].name_len, strlen(rows[i].name));
        /* properties the fast lookup relies on (the RDNA-only rows, absent on gfx6-9, come
         * after the others) */
        if (i > 0 && rows[i].op[TMU_GCN_GFX6] != TMU_GCN_NO_OP)
            assert_true(rows[i].op[TMU_GCN_GFX6] > rows[i - 1].op[TMU_GCN_GFX6]);
        if (i > 0 && rows[i - 1].op[TMU_GCN_GFX9] == TMU_GCN_NO_OP &&
            rows[i - 1].op[TMU_GCN_GFX7] == TMU_GCN_NO_OP)
            for (int g = 0; g < TMU_GCN_GEN_COUNT; g++)
                assert_int_equal(rows[i].op[g], TMU_GCN_NO_OP);
        for (int g = 0; g < TMU_GCN_GEN_COUNT; g++)
            if (rows[i].op[g] != TMU_GCN_NO_OP)
                assert_true(rows[i].op[g] + 1 >= rows[i].op[TMU_GCN_GFX6] &&
                            rows[i].op[g] <= rows[i].op[TMU_GCN_GFX6] + 1);
    }
    /* lookup agrees with a plain scan of the table for every generation and opcode */
    for (int g = 0; g < TMU_GCN_GEN_COUNT; g++)
        for (unsigned op = 0; op < 128; op++) {
            const tmu_gcn_opcode_info *scan = NULL;
            for (size_t i = 0; i < nrows; i++)
                if (rows[i].op[g] == op)
                    scan = &rows[i];
            assert_ptr_equal(tmu_gcn_opcode_lookup((tmu_gcn_gen)g, op), scan);
        }
    assert_string_equal(tmu_gcn_opcode_lookup(TMU_GCN_GFX6, 0x0f)->name, "image_atomic_swap");
    assert_string_equal(tmu_gcn_opcode_lookup(TMU_GCN_GFX8, 0x10)->name, "image_atomic_swap");
    assert_null(tmu_gcn_opcode_lookup(TMU_GCN_GFX8, 0x0f));
    assert_string_equal(tmu_gcn_opcode_lookup(TMU_GCN_GFX9, 0x13)->name, "image_atomic_sub");
    assert_string_equal(tmu_gcn_opcode_lookup(TMU_GCN_GFX7, 0x13)->name, "image_atomic_rsub");
    assert_string_equal(tmu_gcn_opcode_lookup(TMU_GCN_GFX9, 0x6f)->name, "image_sample_c_cd_cl_o");
    /* llvm-mc's printed VADDR minimum (section 3.2: sample_d v[4:5], sample_c_d_o v[4:7]) */
    assert_int_equal(tmu_gcn_llvm_vaddr_min(tmu_gcn_opcode_by_name("image_sample_d")), 2);
    assert_int_equal(tmu_gcn_llvm_vaddr_min(tmu_gcn_opcode_by_name("image_sample_c_d_o")), 4);
    assert_int_equal(tmu_gcn_llvm_vaddr_min(tmu_gcn_opcode_by_name("image_load_mip")), 1);
    /* VADDR sizes llvm-mc 14 accepts (measured: llvm-mc -mcpu=gfx900 on v4..v[4:19]) */
    static const struct {
        const char *name;
        uint32_t sizes; /* bit n = n registers accepted */
    } va[] = {
        {"image_sample", 0x1e},                      /* 1-4 */
        {"image_sample_b_cl", 0x13c},                /* 2-5, 8 */
        {"image_sample_c_b", 0x138},                 /* 3-5, 8 */
        {"image_sample_c_b_cl_o", 0x1f0},            /* 4-8 */
        {"image_sample_d", 0x101fc},                 /* 2-8, 16 */
        {"image_sample_c_d_cl_o", 0x101f0},          /* 4-8, 16 */
        {"image_load_mip", 0x1e},                    /* 1-4 */
        {"image_get_lod", 0x1e},
    };
    for (size_t i = 0; i < sizeof va / sizeof va[0]; i++) {
        const tmu_gcn_opcode_info *op = tmu_gcn_opcode_by_name(va[i].name);
        for (unsigned c = 0; c <= 17; c++)
            assert_int_equal(tmu_gcn_llvm_vaddr_ok(op, c), (va[i].sizes >> c) & 1);
    }
    /* field table: bit ranges as the manual */
    assert_int_equal(tmu_gcn_field_get(TMU_GCN_F_OPCODE)->lo, 18);
    assert_int_equal(tmu_gcn_field_get(TMU_GCN_F_OPCODE)->width, 7);
    assert_int_equal(tmu_gcn_field_get(TMU_GCN_F_SSAMP)->lo, 53);
    tmu_gcn_gen g;
    assert_int_equal(tmu_gcn_gen_from_name("Tonga", &g), TMU_OK);
    assert_int_equal(g, TMU_GCN_GFX8);
    assert_int_equal(tmu_gcn_gen_from_name("gfx10", &g), TMU_OK); /* RDNA: codec only */
    assert_int_equal(g, TMU_GCN_GFX10);
    assert_int_equal(tmu_gcn_gen_from_name("gfx12", &g), TMU_ERR_NOT_FOUND);
}

static void test_print_vaddr_option(void **state)
{
    (void)state;
    tmu_gcn_mimg m;
    char buf[160];
    assert_int_equal(tmu_gcn_decode(TMU_GCN_GFX9, 0x00820004f0e80f00, &m, NULL), TMU_OK);
    assert_true(tmu_gcn_print_llvm(&m, NULL, buf, sizeof buf) > 0);
    assert_string_equal(buf, "image_sample_c_d_o v[0:3], v[4:7], s[8:15], s[16:19] dmask:0xf");
    tmu_gcn_print_opts o = {8};
    assert_true(tmu_gcn_print_llvm(&m, &o, buf, sizeof buf) > 0);
    assert_string_equal(buf, "image_sample_c_d_o v[0:3], v[4:11], s[8:15], s[16:19] dmask:0xf");
    assert_int_equal(tmu_gcn_print_llvm(&m, NULL, buf, 10), -1); /* too small: no overflow */
    m.f[TMU_GCN_F_GLC] = 2; /* hand-built value that does not fit */
    tmu_diag d;
    assert_int_equal(tmu_gcn_validate(&m, &d), TMU_ERR_INVALID);
    assert_non_null(strstr(d.message, "GLC = 2"));
    assert_int_equal(tmu_gcn_print_llvm(&m, NULL, buf, sizeof buf), -1);
    m.f[TMU_GCN_F_GLC] = 0;
    m.f[TMU_GCN_F_R128] = 1; /* bit 15 is A16 on gfx9 */
    assert_int_equal(tmu_gcn_validate(&m, &d), TMU_ERR_INVALID);
    m.f[TMU_GCN_F_R128] = 0;
    assert_int_equal(tmu_gcn_validate(&m, &d), TMU_OK);
    o.vaddr_count = 1000; /* no such range */
    assert_int_equal(tmu_gcn_print_llvm(&m, &o, buf, sizeof buf), -1);
}

static void test_tdesc(void **state)
{
    (void)state;
    /* A 256x128 2D r8g8b8a8_unorm T# with 9 levels, built field by field (gfx8):
     * d1: DATA_FORMAT 10 (8_8_8_8) << 20, NUM_FORMAT 0; d2: WIDTH 255, HEIGHT 127 << 14;
     * d3: DST_SEL X,Y,Z,W = 4,5,6,7, LAST_LEVEL 8 << 16, TYPE 9 << 28. */
    uint32_t dw[8] = {0x00001000, 10u << 20, 255u | (127u << 14),
                      4u | 5u << 3 | 6u << 6 | 7u << 9 | 8u << 16 | 9u << 28, 0, 0, 0, 0};
    tmu_gcn_tdesc t;
    assert_int_equal(tmu_gcn_tdesc_decode(TMU_GCN_GFX8, dw, 8, &t, NULL), TMU_OK);
    assert_int_equal(t.f[TMU_GCN_T_WIDTH], 255);
    assert_int_equal(t.f[TMU_GCN_T_HEIGHT], 127);
    assert_int_equal(t.f[TMU_GCN_T_DATA_FORMAT], 10);
    assert_int_equal(t.f[TMU_GCN_T_TYPE], 9);
    assert_int_equal(t.f[TMU_GCN_T_BASE_ADDRESS], 0x1000);
    uint32_t back[8];
    assert_int_equal(tmu_gcn_tdesc_encode(&t, back, NULL), TMU_OK);
    assert_memory_equal(back, dw, sizeof dw);
    char buf[4096];
    assert_true(tmu_gcn_tdesc_print(&t, buf, sizeof buf) > 0);
    assert_non_null(strstr(buf, "DATA_FORMAT         = 10 (8_8_8_8)"));
    assert_non_null(strstr(buf, "TYPE                = 9 (2D)"));
    assert_non_null(strstr(buf, "WIDTH               = 256 (stored 255)"));
    tmu_texture tex;
    tmu_diag d;
    assert_int_equal(tmu_gcn_tdesc_to_texture(&t, &tex, &d), TMU_OK);
    assert_int_equal(tex.dim, TMU_DIM_2D);
    assert_int_equal(tex.width, 256);
    assert_int_equal(tex.height, 128);
    assert_int_equal(tex.levels, 9);
    assert_int_equal(tex.swizzle[0], TMU_SWIZZLE_R);
    assert_int_equal(tex.swizzle[3], TMU_SWIZZLE_A);
    assert_int_equal(tex.format, tmu_format_from_name("r8g8b8a8_unorm"));
    /* 2D array of 6 layers: gfx8 DEPTH = 5 (layers - 1, dword 4) and LAST_ARRAY = 5 (dword 5
     * bits 13-25); gfx9 DEPTH = 5 (the last layer, dword 4) */
    uint32_t arr[8] = {0, 10u << 20, 63u | 63u << 14, 4u | 5u << 3 | 6u << 6 | 7u << 9 | 13u << 28,
                       5, 5u << 13, 0, 0};
    assert_int_equal(tmu_gcn_tdesc_decode(TMU_GCN_GFX8, arr, 8, &t, NULL), TMU_OK);
    assert_int_equal(tmu_gcn_tdesc_to_texture(&t, &tex, NULL), TMU_OK);
    assert_int_equal(tex.dim, TMU_DIM_2D_ARRAY);
    assert_int_equal(tex.layers, 6);
    assert_int_equal(tex.levels, 1);
    arr[5] = 0;
    arr[4] = 5;
    assert_int_equal(tmu_gcn_tdesc_decode(TMU_GCN_GFX9, arr, 8, &t, NULL), TMU_OK);
    assert_int_equal(tmu_gcn_tdesc_to_texture(&t, &tex, NULL), TMU_OK);
    assert_int_equal(tex.layers, 6);
    /* MSAA: LAST_LEVEL = log2(samples) */
    arr[3] = 4u | 5u << 3 | 6u << 6 | 7u << 9 | 2u << 16 | 14u << 28;
    assert_int_equal(tmu_gcn_tdesc_decode(TMU_GCN_GFX9, arr, 8, &t, NULL), TMU_OK);
    assert_int_equal(tmu_gcn_tdesc_to_texture(&t, &tex, NULL), TMU_OK);
    assert_int_equal(tex.dim, TMU_DIM_2D_MS);
    assert_int_equal(tex.samples, 4);
    assert_int_equal(tmu_gcn_tdesc_decode(TMU_GCN_GFX8, dw, 8, &t, NULL), TMU_OK);
    /* per-generation rows */
    assert_null(tmu_gcn_tdesc_field_get(TMU_GCN_GFX8, TMU_GCN_T_SW_MODE));
    assert_int_equal(tmu_gcn_tdesc_field_get(TMU_GCN_GFX9, TMU_GCN_T_SW_MODE)->lo, 20);
    assert_int_equal(tmu_gcn_tdesc_field_get(TMU_GCN_GFX9, TMU_GCN_T_PITCH)->width, 16);
    assert_int_equal(tmu_gcn_tdesc_field_get(TMU_GCN_GFX6, TMU_GCN_T_PITCH)->width, 14);
    assert_null(tmu_gcn_sdesc_field_get(TMU_GCN_GFX7, TMU_GCN_S_COMPAT_MODE));
    assert_string_equal(tmu_gcn_sdesc_field_get(TMU_GCN_GFX9, TMU_GCN_S_DISABLE_LSB_CEIL)->name,
                        "BLEND_ZERO_PRT");
    /* gfx9 layout differences: PITCH is 16 bits at 13, DEPTH holds the last layer */
    dw[4] = 0xffffu << 13;
    assert_int_equal(tmu_gcn_tdesc_decode(TMU_GCN_GFX9, dw, 8, &t, NULL), TMU_OK);
    assert_int_equal(t.f[TMU_GCN_T_PITCH], 0xffff);
    assert_int_equal(tmu_gcn_tdesc_decode(TMU_GCN_GFX8, dw, 8, &t, NULL), TMU_OK);
    assert_int_equal(t.f[TMU_GCN_T_PITCH], 0x3fff);
    /* field values that do not fit are refused */
    t.f[TMU_GCN_T_WIDTH] = 1u << 14;
    assert_int_equal(tmu_gcn_tdesc_encode(&t, back, &d), TMU_ERR_RANGE);
    assert_non_null(strstr(d.message, "WIDTH"));
    /* TYPE 0-7 is not an image */
    dw[3] = 0;
    assert_int_equal(tmu_gcn_tdesc_decode(TMU_GCN_GFX8, dw, 8, &t, &d), TMU_ERR_INVALID);
    assert_int_equal(tmu_gcn_tdesc_decode(TMU_GCN_GFX8, dw, 5, &t, &d), TMU_ERR_INVALID);
}

static void test_sdesc(void **state)
{
    (void)state;
    /* CLAMP_X WRAP, CLAMP_Y MIRROR (1<<3), CLAMP_Z CLAMP_LAST_TEXEL (2<<6), compare LEQUAL (3<<12);
     * MIN_LOD 0, MAX_LOD 15.0 (0xf00 << 12); LOD_BIAS -1.5 (-384 & 0x3fff); mag/min BILINEAR,
     * MIP LINEAR; BORDER_COLOR_TYPE OPAQUE_WHITE (2 << 30). */
    uint32_t dw[4] = {0u | 1u << 3 | 2u << 6 | 3u << 12, 0xf00u << 12,
                      ((uint32_t)-384 & 0x3fff) | 1u << 20 | 1u << 22 | 2u << 26, 2u << 30};
    tmu_gcn_sdesc s;
    assert_int_equal(tmu_gcn_sdesc_decode(TMU_GCN_GFX9, dw, &s, NULL), TMU_OK);
    uint32_t back[4];
    assert_int_equal(tmu_gcn_sdesc_encode(&s, back, NULL), TMU_OK);
    assert_memory_equal(back, dw, sizeof dw);
    char buf[4096];
    assert_true(tmu_gcn_sdesc_print(&s, buf, sizeof buf) > 0);
    assert_non_null(strstr(buf, "LOD_BIAS            = 16000 (-1.5000)"));
    assert_non_null(strstr(buf, "DEPTH_COMPARE_FUNC  = 3 (LEQUAL)"));
    tmu_sampler smp;
    assert_int_equal(tmu_gcn_sdesc_to_sampler(&s, &smp, NULL), TMU_OK);
    assert_int_equal(smp.address[0], TMU_ADDRESS_REPEAT);
    assert_int_equal(smp.address[1], TMU_ADDRESS_MIRRORED_REPEAT);
    assert_int_equal(smp.address[2], TMU_ADDRESS_CLAMP_TO_EDGE);
    assert_int_equal(smp.compare_op, TMU_COMPARE_LESS_OR_EQUAL);
    assert_true(smp.lod_bias == -1.5f);
    assert_true(smp.max_lod == 15.0f);
    assert_int_equal(smp.mag_filter, TMU_FILTER_LINEAR);
    assert_int_equal(smp.mip_filter, TMU_MIP_LINEAR);
    assert_true(smp.border_f[0] == 1.0f && smp.border_f[3] == 1.0f);
    assert_int_equal(smp.normalized, 1);
    /* CLAMP_HALF_BORDER is tmu_address 4; TRUNC_COORD is not modelled */
    s.f[TMU_GCN_S_CLAMP_X] = 4;
    assert_int_equal(tmu_gcn_sdesc_to_sampler(&s, &smp, NULL), TMU_OK);
    assert_int_equal(smp.address[0], TMU_ADDRESS_CLAMP_HALF_BORDER);
    s.f[TMU_GCN_S_TRUNC_COORD] = 1;
    tmu_diag d;
    assert_int_equal(tmu_gcn_sdesc_to_sampler(&s, &smp, &d), TMU_ERR_UNSUPPORTED);
    assert_non_null(strstr(d.message, "TRUNC_COORD"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_llvm_encodings), cmocka_unit_test(test_clrx_encodings),
        cmocka_unit_test(test_decode_reasons), cmocka_unit_test(test_asm_errors),
        cmocka_unit_test(test_vaddr_counts),   cmocka_unit_test(test_vaddr_a16),
        cmocka_unit_test(test_vdata),          cmocka_unit_test(test_opcode_tables),
        cmocka_unit_test(test_print_vaddr_option), cmocka_unit_test(test_tdesc),
        cmocka_unit_test(test_sdesc),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
