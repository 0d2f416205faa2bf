/* RDNA MIMG round trips (gfx10, gfx10.3, gfx11), with no oracle needed:
 *  - every opcode x DIM x A16 x NSA/contiguous, with random other fields: the dwords decode to
 *    fields that encode back to the same dwords (valid or not), the length rule agrees, and
 *    every valid instruction prints text that assembles back to its dwords and fits
 *    TMU_GCN_TEXT_MAX;
 *  - random dword streams: decoding never reads past the dwords given (ASan), the length it
 *    reports is tmu_gcn_inst_dwords', and every rejection has a reason;
 *  - the API around them: names, the field table per layout, the 64-bit entry points on NSA
 *    instructions, buffers too small, the executor's refusal helper.
 * The opcode counts checked (109, 112, 84) are llvm-mc 16's (all 256 opcodes tried per
 * generation: tests/data/rdna-llvm-mc16.tsv holds one probe of every undefined one). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "tmu/gcn.h"

#define TEST_RNG_SEED 0x9e3779b97f4a7c15ull
#include "test_rng.h"

static const tmu_gcn_gen rdna[3] = {TMU_GCN_GFX10, TMU_GCN_GFX103, TMU_GCN_GFX11};

static void test_opcode_counts(void **state)
{
    (void)state;
    static const unsigned want[3] = {109, 112, 84};
    for (int g = 0; g < 3; g++) {
        unsigned n = 0;
        for (unsigned op = 0; op < 256; op++) {
            const tmu_gcn_opcode_info *row = tmu_gcn_opcode_lookup(rdna[g], op);
            if (row) {
                n++;
                assert_int_equal(row->op[rdna[g]], op);
                assert_ptr_equal(tmu_gcn_opcode_by_name(row->name), row);
            }
        }
        assert_int_equal(n, want[g]);
        assert_null(tmu_gcn_opcode_lookup(rdna[g], 256));
    }
    assert_string_equal(tmu_gcn_opcode_lookup(TMU_GCN_GFX10, 0xa2)->name, "image_sample_d_g16");
    assert_string_equal(tmu_gcn_opcode_lookup(TMU_GCN_GFX11, 0x90)->name, "image_gather4h");
    assert_null(tmu_gcn_opcode_lookup(TMU_GCN_GFX10, 0x80)); /* msaa_load: gfx10.3 on */
    assert_string_equal(tmu_gcn_opcode_lookup(TMU_GCN_GFX103, 0xe7)->name,
                        "image_bvh64_intersect_ray");
    /* gfx6-9 do not see the RDNA-only rows */
    assert_null(tmu_gcn_opcode_lookup(TMU_GCN_GFX9, 0x61));
}

static void test_names_and_fields(void **state)
{
    (void)state;
    static const struct {
        const char *name;
        tmu_gcn_gen gen;
    } names[] = {{"gfx10", TMU_GCN_GFX10},    {"GFX1010", TMU_GCN_GFX10},
                 {"gfx1012", TMU_GCN_GFX10},  {"gfx10.3", TMU_GCN_GFX103},
                 {"gfx1030", TMU_GCN_GFX103}, {"gfx1036", TMU_GCN_GFX103},
                 {"gfx11", TMU_GCN_GFX11},    {"gfx1100", TMU_GCN_GFX11},
                 {"gfx1103", TMU_GCN_GFX11}};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        tmu_gcn_gen g;
        assert_int_equal(tmu_gcn_gen_from_name(names[i].name, &g), TMU_OK);
        assert_int_equal(g, names[i].gen);
        assert_true(TMU_GCN_GEN_IS_RDNA(g));
    }
    tmu_gcn_gen g;
    assert_int_equal(tmu_gcn_gen_from_name("gfx1013", &g), TMU_ERR_NOT_FOUND); /* BVH on RDNA1 */
    assert_string_equal(tmu_gcn_gen_name(TMU_GCN_GFX103), "gfx10.3");
    assert_string_equal(tmu_gcn_gen_llvm_cpu(TMU_GCN_GFX11), "gfx1100");
    assert_false(TMU_GCN_GEN_IS_RDNA(TMU_GCN_GFX9));
    size_t n;
    const char *const *all = tmu_gcn_gen_names(&n);
    for (size_t i = 0; i < n; i++)
        assert_int_equal(tmu_gcn_gen_from_name(all[i], &g), TMU_OK);
    /* the executor runs RDNA and the translator takes it (through gfx9) */
    tmu_diag d;
    assert_int_equal(tmu_gcn_gen_check_modelled(TMU_GCN_GFX10, "execution", &d), TMU_OK);
    assert_int_equal(tmu_gcn_gen_check_modelled(TMU_GCN_GFX10, "translation", &d), TMU_OK);
    assert_int_equal(tmu_gcn_gen_check_modelled(TMU_GCN_GFX9, "execution", &d), TMU_OK);
    /* field table per layout (reference bit positions: LLVM's, as llvm-mc 16 decodes them) */
    assert_int_equal(tmu_gcn_field_get_gen(TMU_GCN_GFX10, TMU_GCN_F_A16)->lo, 62);
    assert_int_equal(tmu_gcn_field_get_gen(TMU_GCN_GFX11, TMU_GCN_F_A16)->lo, 16);
    assert_int_equal(tmu_gcn_field_get_gen(TMU_GCN_GFX11, TMU_GCN_F_SSAMP)->lo, 58);
    assert_int_equal(tmu_gcn_field_get_gen(TMU_GCN_GFX11, TMU_GCN_F_OPCODE)->width, 8);
    assert_int_equal(tmu_gcn_field_get_gen(TMU_GCN_GFX103, TMU_GCN_F_ADDR12)->lo, 152);
    assert_null(tmu_gcn_field_get_gen(TMU_GCN_GFX11, TMU_GCN_F_ADDR5));
    assert_null(tmu_gcn_field_get_gen(TMU_GCN_GFX11, TMU_GCN_F_OP7));
    assert_null(tmu_gcn_field_get_gen(TMU_GCN_GFX10, TMU_GCN_F_DA));
    assert_null(tmu_gcn_field_get_gen(TMU_GCN_GFX9, TMU_GCN_F_DIM));
    assert_int_equal(tmu_gcn_field_get_gen(TMU_GCN_GFX9, TMU_GCN_F_DA)->lo, 14);
    /* no field crosses a dword and no two overlap, in every layout */
    for (int gi = 0; gi < TMU_GCN_GEN_ALL; gi++) {
        uint32_t used[TMU_GCN_MAX_DWORDS] = {0};
        for (int f = 0; f < TMU_GCN_F_ALL; f++) {
            const tmu_gcn_field_info *fi = tmu_gcn_field_get_gen((tmu_gcn_gen)gi, (tmu_gcn_field)f);
            if (!fi)
                continue;
            assert_true(fi->width > 0 && fi->lo / 32 == (fi->lo + fi->width - 1u) / 32);
            uint32_t m = (uint32_t)(((1ull << fi->width) - 1) << (fi->lo % 32));
            if (!(gi == TMU_GCN_GFX8 || gi == TMU_GCN_GFX6 || gi == TMU_GCN_GFX7 ||
                  gi == TMU_GCN_GFX81)) /* R128 and A16 share bit 15 across gfx6-9 only */
                assert_int_equal(used[fi->lo / 32] & m, 0);
            used[fi->lo / 32] |= m;
        }
        if (TMU_GCN_GEN_IS_RDNA(gi)) /* the base 64 bits are all described */
            assert_true(used[0] == 0xffffffffu && used[1] == 0xffffffffu);
    }
}

/* A random instruction of `row` on gen with the given DIM, A16 and NSA choice: fields random,
 * biased toward valid ones. */
static void make(tmu_gcn_gen gen, const tmu_gcn_opcode_info *row, unsigned dim, unsigned a16,
                 int nsa, tmu_gcn_mimg *m)
{
    tmu_gcn_mimg_init(m, gen, row);
    uint32_t *f = m->f;
    f[TMU_GCN_F_DIM] = dim;
    f[TMU_GCN_F_A16] = a16;
    f[TMU_GCN_F_DMASK] = rnd() & 15;
    if (row->cls == TMU_GCN_CLASS_GATHER || ((row->flags & TMU_GCN_OPF_MSAA) && gen == TMU_GCN_GFX11))
        f[TMU_GCN_F_DMASK] = 1u << (rnd() & 3);
    if (row->cls == TMU_GCN_CLASS_ATOMIC)
        f[TMU_GCN_F_DMASK] = (row->flags & TMU_GCN_OPF_CMPSWAP) ? 3 + 12 * (rnd() & 1) : 1 + 2 * (rnd() & 1);
    f[TMU_GCN_F_UNORM] = rnd() & 1;
    f[TMU_GCN_F_GLC] = rnd() & 1;
    f[TMU_GCN_F_SLC] = rnd() & 1;
    f[TMU_GCN_F_DLC] = rnd() & 1;
    f[TMU_GCN_F_R128] = (rnd() & 7) == 0;
    f[TMU_GCN_F_TFE] = (rnd() & 7) == 0;
    f[TMU_GCN_F_LWE] = (rnd() & 7) == 0;
    f[TMU_GCN_F_D16] = (rnd() & 3) == 0;
    f[TMU_GCN_F_VDATA] = rnd() % 240;
    f[TMU_GCN_F_VADDR] = rnd() % 240;
    f[TMU_GCN_F_SRSRC] = rnd() % 25;
    f[TMU_GCN_F_SSAMP] = (row->cls == TMU_GCN_CLASS_SAMPLE || row->cls == TMU_GCN_CLASS_GATHER ||
                          row->cls == TMU_GCN_CLASS_GET_LOD) ? rnd() % 26 : 0;
    if ((rnd() & 15) == 0) /* sometimes an ignored bit: invalid, but it must round-trip */
        f[TMU_GCN_F_IGN_HI] = 1;
    if (row->cls == TMU_GCN_CLASS_BVH) {
        f[TMU_GCN_F_DIM] = 0;
        f[TMU_GCN_F_DMASK] = 0xf;
        f[TMU_GCN_F_UNORM] = f[TMU_GCN_F_R128] = 1;
        f[TMU_GCN_F_GLC] = f[TMU_GCN_F_SLC] = f[TMU_GCN_F_DLC] = 0;
        f[TMU_GCN_F_TFE] = f[TMU_GCN_F_LWE] = f[TMU_GCN_F_D16] = 0;
    }
    unsigned n = tmu_gcn_vaddr_count(m);
    if (nsa && n >= 2) {
        unsigned slots = gen == TMU_GCN_GFX11 ? (row->cls == TMU_GCN_CLASS_BVH ? 4u - a16 : n - 1)
                                              : n - 1;
        if (gen == TMU_GCN_GFX11 && slots > 4)
            slots = 4;
        f[TMU_GCN_F_NSA] = gen == TMU_GCN_GFX11 ? 1 : (slots + 3) / 4;
        for (unsigned k = 0; k < slots && k < 12; k++)
            f[TMU_GCN_F_ADDR1 + k] = rnd() % 250;
    }
}

static void test_generated(void **state)
{
    (void)state;
    size_t nrows;
    const tmu_gcn_opcode_info *rows = tmu_gcn_opcodes(&nrows);
    unsigned total = 0, valid = 0, text_ok = 0, longest = 0, flipped_valid = 0;
    for (int g = 0; g < 3; g++) {
        tmu_gcn_gen gen = rdna[g];
        for (size_t r = 0; r < nrows; r++) {
            if (rows[r].op[gen] == TMU_GCN_NO_OP)
                continue;
            for (unsigned k = 0; k < 32; k++) {
                tmu_gcn_mimg m, back;
                make(gen, &rows[r], k >> 2, (k >> 1) & 1, k & 1, &m);
                uint32_t dw[TMU_GCN_MAX_DWORDS], dw2[TMU_GCN_MAX_DWORDS];
                unsigned len = 0, len2 = 0;
                assert_int_equal(tmu_gcn_encode_dwords(&m, dw, &len, NULL), TMU_OK);
                assert_int_equal(len, tmu_gcn_inst_dwords(gen, dw[0]));
                tmu_diag d;
                tmu_status st = tmu_gcn_decode_dwords(gen, dw, len, &back, &len2, &d);
                assert_int_equal(len2, len);
                assert_memory_equal(back.f, m.f, sizeof m.f);
                assert_int_equal(tmu_gcn_encode_dwords(&back, dw2, &len2, NULL), TMU_OK);
                assert_memory_equal(dw2, dw, len * sizeof dw[0]);
                assert_int_equal(tmu_gcn_validate(&m, NULL) == TMU_OK, st == TMU_OK);
                /* the disassembler's one-pass path takes exactly what the ordered rules take,
                 * also when other dwords follow the instruction */
                uint32_t pad[TMU_GCN_MAX_DWORDS];
                for (unsigned i = 0; i < TMU_GCN_MAX_DWORDS; i++)
                    pad[i] = i < len ? dw[i] : rnd();
                char t1[TMU_GCN_TEXT_MAX], t2[TMU_GCN_TEXT_MAX];
                unsigned u1 = 0, u2 = 0;
                int k1 = tmu_gcn_disasm_dwords(gen, dw, len, &u1, TMU_GCN_SYNTAX_LLVM, t1,
                                               sizeof t1, NULL);
                int k2 = tmu_gcn_disasm_dwords(gen, pad, TMU_GCN_MAX_DWORDS, &u2,
                                               TMU_GCN_SYNTAX_LLVM, t2, sizeof t2, NULL);
                assert_int_equal(k1 >= 0, st == TMU_OK);
                assert_int_equal(k2 >= 0, st == TMU_OK);
                assert_int_equal(u1, len);
                assert_int_equal(u2, len);
                /* and with one bit flipped (near-valid words: every rule's edge) */
                uint32_t flip[TMU_GCN_MAX_DWORDS];
                memcpy(flip, pad, sizeof flip);
                unsigned bit = rnd() % (32 * len);
                flip[bit / 32] ^= 1u << (bit % 32);
                tmu_gcn_mimg fm;
                unsigned flen = 0;
                tmu_status fst = tmu_gcn_decode_dwords(gen, flip, TMU_GCN_MAX_DWORDS, &fm, &flen,
                                                       NULL);
                char t3[TMU_GCN_TEXT_MAX];
                unsigned u3 = 0;
                int fk = tmu_gcn_disasm_dwords(gen, flip, TMU_GCN_MAX_DWORDS, &u3,
                                               TMU_GCN_SYNTAX_LLVM, t3, sizeof t3, NULL);
                assert_int_equal(fk >= 0, fst == TMU_OK);
                if (fst == TMU_OK) {
                    assert_int_equal(tmu_gcn_validate(&fm, NULL), TMU_OK);
                    char ft[TMU_GCN_TEXT_MAX];
                    assert_int_equal(tmu_gcn_print_llvm(&fm, NULL, ft, sizeof ft), fk);
                    assert_string_equal(ft, t3);
                    flipped_valid++;
                }
                total++;
                if (st != TMU_OK) {
                    assert_true(d.message[0] != 0);
                    char t[TMU_GCN_TEXT_MAX];
                    assert_int_equal(tmu_gcn_print_llvm(&m, NULL, t, sizeof t), -1);
                    continue;
                }
                valid++;
                char text[TMU_GCN_TEXT_MAX];
                int n = tmu_gcn_print_llvm(&back, NULL, text, sizeof text);
                assert_true(n > 0 && n < TMU_GCN_TEXT_MAX);
                assert_int_equal(k1, n);
                assert_string_equal(t1, text);
                assert_string_equal(t2, text);
                if ((unsigned)n > longest)
                    longest = (unsigned)n;
                tmu_gcn_mimg re;
                if (tmu_gcn_assemble(gen, TMU_GCN_SYNTAX_LLVM, text, (size_t)n, 1, &re, &d) ==
                        TMU_OK &&
                    tmu_gcn_encode_dwords(&re, dw2, &len2, NULL) == TMU_OK && len2 == len &&
                    memcmp(dw2, dw, len * sizeof dw[0]) == 0)
                    text_ok++;
                else
                    fprintf(stderr, "%s '%s' does not assemble back: %s\n",
                            tmu_gcn_gen_name(gen), text, d.message);
                /* a buffer one byte short fails cleanly */
                char small[TMU_GCN_TEXT_MAX];
                assert_int_equal(tmu_gcn_print_llvm(&back, NULL, small, (size_t)n), -1);
                assert_int_equal(tmu_gcn_disasm_dwords(gen, dw, len, NULL, TMU_GCN_SYNTAX_LLVM,
                                                       small, (size_t)n, &d), -1);
                assert_int_equal(d.status, TMU_ERR_BUFFER_TOO_SMALL);
                /* the 64-bit entry points take the 2-dword forms only */
                uint64_t w;
                if (len == 2) {
                    assert_int_equal(tmu_gcn_encode(&back, &w, NULL), TMU_OK);
                    assert_int_equal(tmu_gcn_disasm(gen, w, TMU_GCN_SYNTAX_LLVM, small,
                                                    sizeof small, NULL), n);
                    assert_string_equal(small, text);
                } else {
                    assert_int_equal(tmu_gcn_encode(&back, &w, &d), TMU_ERR_RANGE);
                    assert_int_equal(tmu_gcn_decode(gen, dw[0] | (uint64_t)dw[1] << 32, &re, &d),
                                     TMU_ERR_DECODE);
                    assert_non_null(strstr(d.message, "truncated"));
                }
            }
        }
    }
    printf("rdna round trip: %u instructions, %u valid, %u texts assemble back, longest text %u; "
           "one bit flipped: %u valid, disassembled alike\n", total, valid, text_ok, longest,
           flipped_valid);
    assert_int_equal(text_ok, valid);
    assert_true(valid > total / 3);
}

/* tmu_gcn_disasm_lines: a stream of generated instructions gives the lines of
 * tmu_gcn_disasm_dwords one after another, up to the first invalid or cut-short one; a buffer
 * too small for the next line stops it there; gfx9 words go the same way. */
static void test_lines(void **state)
{
    (void)state;
    size_t nrows;
    const tmu_gcn_opcode_info *rows = tmu_gcn_opcodes(&nrows);
    static uint32_t dw[4000 * TMU_GCN_MAX_DWORDS];
    static char want[4000 * TMU_GCN_TEXT_MAX], got[4000 * TMU_GCN_TEXT_MAX];
    unsigned streams = 0, lines = 0;
    for (int g = 0; g < 3; g++) {
        tmu_gcn_gen gen = rdna[g];
        size_t n = 0, wlen = 0, valid_dw = 0;
        int stopped = 0;
        for (unsigned i = 0; i < 4000; i++) {
            const tmu_gcn_opcode_info *row = &rows[rnd() % nrows];
            if (row->op[gen] == TMU_GCN_NO_OP)
                continue;
            tmu_gcn_mimg m;
            unsigned dim = rnd() & 7, a16 = rnd() & 1, nsa = rnd() & 1; /* in this order */
            make(gen, row, dim, a16, (int)nsa, &m);
            unsigned len = 0;
            assert_int_equal(tmu_gcn_encode_dwords(&m, dw + n, &len, NULL), TMU_OK);
            char t[TMU_GCN_TEXT_MAX];
            int k = tmu_gcn_disasm_dwords(gen, dw + n, len, NULL, TMU_GCN_SYNTAX_LLVM, t, sizeof t,
                                          NULL);
            if (k < 0 && (g == 2 || i < 3000)) /* one invalid instruction, late, on gfx10 and gfx10.3 */
                continue;
            if (!stopped && k >= 0) {
                memcpy(want + wlen, t, (size_t)k);
                wlen += (size_t)k;
                want[wlen++] = '\n';
                valid_dw += len;
                lines++;
            }
            stopped |= k < 0;
            n += len;
        }
        size_t used = 0;
        size_t w = tmu_gcn_disasm_lines(gen, dw, n, got, sizeof got, &used);
        assert_int_equal(w, wlen);
        assert_memory_equal(got, want, wlen);
        assert_int_equal(used, valid_dw);
        /* cut short: the last instruction is not taken */
        if (stopped == 0) {
            assert_int_equal(tmu_gcn_disasm_lines(gen, dw, n - 1, got, sizeof got, &used) > 0, 1);
            assert_true(used < n - 1);
        }
        /* a buffer one byte short of what the first line may take: nothing */
        assert_int_equal(tmu_gcn_disasm_lines(gen, dw, n, got, TMU_GCN_TEXT_MAX - 1, &used), 0);
        assert_int_equal(used, 0);
        streams++;
    }
    /* gfx9: one 64-bit word per instruction */
    uint32_t g9[4] = {0x00000f00u | 0xf0000000u, 0x00020100u, 0xf0000f00u, 0x00020100u};
    char t1[TMU_GCN_TEXT_MAX];
    int k = tmu_gcn_disasm_dwords(TMU_GCN_GFX9, g9, 2, NULL, TMU_GCN_SYNTAX_LLVM, t1, sizeof t1, NULL);
    assert_true(k > 0);
    size_t used = 0;
    assert_int_equal(tmu_gcn_disasm_lines(TMU_GCN_GFX9, g9, 4, got, sizeof got, &used),
                     2 * ((size_t)k + 1));
    assert_int_equal(used, 4);
    assert_int_equal(tmu_gcn_disasm_lines(TMU_GCN_GEN_ALL, g9, 4, got, sizeof got, &used), 0);
    assert_int_equal(tmu_gcn_disasm_lines(TMU_GCN_GFX10, NULL, 4, got, sizeof got, NULL), 0);
    printf("rdna lines: %u streams, %u lines as tmu_gcn_disasm_dwords prints them\n", streams, lines);
}

static void test_random_streams(void **state)
{
    (void)state;
    unsigned decoded = 0;
    for (unsigned i = 0; i < 60000; i++) {
        tmu_gcn_gen gen = rdna[i % 3];
        uint32_t dw[TMU_GCN_MAX_DWORDS];
        for (int k = 0; k < TMU_GCN_MAX_DWORDS; k++)
            dw[k] = rnd() ^ (rnd() << 16);
        dw[0] = (dw[0] & 0x03ffffffu) | 0xf0000000u; /* MIMG */
        size_t n = 1 + rnd() % TMU_GCN_MAX_DWORDS;
        tmu_gcn_mimg m;
        tmu_diag d;
        unsigned len = 0;
        tmu_status st = tmu_gcn_decode_dwords(gen, dw, n, &m, &len, &d);
        assert_int_equal(len, tmu_gcn_inst_dwords(gen, dw[0]));
        char t1[TMU_GCN_TEXT_MAX];
        unsigned u1 = 0;
        int k1 = tmu_gcn_disasm_dwords(gen, dw, n, &u1, TMU_GCN_SYNTAX_LLVM, t1, sizeof t1, NULL);
        assert_int_equal(k1 >= 0, st == TMU_OK); /* the one-pass path agrees */
        assert_int_equal(u1, len);
        if (st != TMU_OK) {
            assert_true(d.message[0] != 0);
            if (n < len)
                assert_non_null(strstr(d.message, "truncated"));
            continue;
        }
        decoded++;
        assert_true(len <= n);
        char text[TMU_GCN_TEXT_MAX];
        assert_int_equal(tmu_gcn_print_llvm(&m, NULL, text, sizeof text), k1);
        assert_string_equal(text, t1);
    }
    printf("rdna random streams: %u of 60000 decode\n", decoded);
}

static void test_api_edges(void **state)
{
    (void)state;
    tmu_gcn_mimg m;
    tmu_diag d;
    uint32_t dw[TMU_GCN_MAX_DWORDS] = {0xf0800f0au, 0x00820004u, 0x00000005u};
    char text[TMU_GCN_TEXT_MAX];
    assert_int_equal(tmu_gcn_decode_dwords(TMU_GCN_GEN_ALL, dw, 3, &m, NULL, &d),
                     TMU_ERR_INVALID_ARGUMENT);
    assert_int_equal(tmu_gcn_decode_dwords(TMU_GCN_GFX10, dw, 0, &m, NULL, &d),
                     TMU_ERR_INVALID_ARGUMENT);
    assert_int_equal(tmu_gcn_inst_dwords(TMU_GCN_GFX10, dw[0]), 3);
    assert_int_equal(tmu_gcn_inst_dwords(TMU_GCN_GFX9, dw[0]), 2);
    assert_int_equal(tmu_gcn_inst_dwords(TMU_GCN_GFX11, 0xf06c0f05u), 3);
    /* CLRX syntax is gfx6-9's */
    assert_int_equal(tmu_gcn_disasm_dwords(TMU_GCN_GFX10, dw, 3, NULL, TMU_GCN_SYNTAX_CLRX, text,
                                           sizeof text, &d), -1);
    assert_int_equal(d.status, TMU_ERR_UNSUPPORTED);
    assert_int_equal(tmu_gcn_decode_dwords(TMU_GCN_GFX10, dw, 3, &m, NULL, &d), TMU_OK);
    assert_int_equal(tmu_gcn_print_clrx(&m, NULL, text, sizeof text), -1);
    assert_int_equal(tmu_gcn_vaddr_count(&m), 2);
    assert_int_equal(tmu_gcn_vdata_count(&m), 4);
    assert_int_equal(tmu_gcn_assemble(TMU_GCN_GFX10, TMU_GCN_SYNTAX_CLRX, "image_load v0, v1, "
                                      "s[0:7] dim:1D", 34, 1, &m, &d), TMU_ERR_UNSUPPORTED);
    /* a hand-built instruction: NSA bytes beyond its NSA dwords do not encode */
    tmu_gcn_mimg_init(&m, TMU_GCN_GFX10, tmu_gcn_opcode_by_name("image_sample_d_g16"));
    assert_int_equal(m.f[TMU_GCN_F_OP7], 1);
    assert_int_equal(m.f[TMU_GCN_F_OPCODE], 0x22);
    m.f[TMU_GCN_F_ADDR5] = 7;
    assert_int_equal(tmu_gcn_encode_dwords(&m, dw, NULL, &d), TMU_ERR_RANGE);
    m.f[TMU_GCN_F_NSA] = 2;
    unsigned len;
    assert_int_equal(tmu_gcn_encode_dwords(&m, dw, &len, &d), TMU_OK);
    assert_int_equal(len, 4);
    /* an RDNA-only field on gfx9 does not exist */
    tmu_gcn_mimg_init(&m, TMU_GCN_GFX9, tmu_gcn_opcode_by_name("image_sample"));
    m.f[TMU_GCN_F_DIM] = 1;
    assert_int_equal(tmu_gcn_validate(&m, &d), TMU_ERR_INVALID);
    uint64_t w;
    assert_int_equal(tmu_gcn_encode(&m, &w, &d), TMU_ERR_RANGE);
    /* cmpswap DMASK 0x1 with TFE: llvm-mc 16 assembles it to 0xf0410108 0x00020004 and its
     * disassembler decodes those dwords back to the same text (rdna_llvm_oracle.sh --strict
     * gfx1030; docs/rdna-mimg.md section 15), so the instruction is valid */
    const char *t = "image_atomic_cmpswap v[0:1], v[4:5], s[8:15] dmask:0x1 dim:2D tfe";
    assert_int_equal(tmu_gcn_assemble(TMU_GCN_GFX103, TMU_GCN_SYNTAX_LLVM, t, strlen(t), 1, &m, &d),
                     TMU_OK);
    assert_int_equal(tmu_gcn_validate(&m, &d), TMU_OK);
    assert_int_equal(tmu_gcn_encode_dwords(&m, dw, &len, &d), TMU_OK);
    assert_int_equal(len, 2);
    assert_int_equal(dw[0], 0xf0410108u);
    assert_int_equal(dw[1], 0x00020004u);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_opcode_counts),   cmocka_unit_test(test_names_and_fields),
        cmocka_unit_test(test_generated),       cmocka_unit_test(test_lines),
        cmocka_unit_test(test_random_streams),
        cmocka_unit_test(test_api_edges),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
