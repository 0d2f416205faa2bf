/* Hand-worked cases of RDNA (gfx10, gfx10.3, gfx11) MIMG execution.  Every expected value is
 * worked out by hand: T# words are built here from the bit positions of AMD's ROCR-Runtime
 * resource_nv.h / resource_gfx11.h (not through tmu's descriptor tables), texel addresses from
 * addrlib's linear rule (rows of 256-byte multiples) or, for swizzled gfx11 images, addrlib's own
 * addresses (rows of tests/data/amd-tiling-gfx11.tsv), s_waitcnt words are llvm-mc 16's
 * encodings, and the FORMAT names come from llvm-mc 16 (the file given as argv[1],
 * tests/data/rdna-buf-formats.tsv). */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "gcn/gcn_rig.h"
#include "tmu/layout.h"

static const char *formats_path;

/* The fields a test sets, placed by hand (ROCR bit positions). */
typedef struct hand_t {
    uint64_t addr;
    unsigned format, width, height, depth, type, base_level, last_level, sw, max_mip, base_array;
    unsigned min_lod; /* u4.8 */
} hand_t;

static void hand_words(tmu_gcn_gen gen, const hand_t *t, uint32_t dw[8])
{
    memset(dw, 0, 8 * sizeof *dw);
    unsigned w1 = t->width - 1, h1 = t->height - 1;
    dw[0] = (uint32_t)(t->addr >> 8);
    dw[1] = (uint32_t)(t->addr >> 40) & 0xffu;
    dw[1] |= t->format << 20 | (w1 & 3u) << 30;
    dw[2] = (w1 >> 2) | h1 << 14;
    /* DST_SEL X, Y, Z, W = 4, 5, 6, 7 */
    dw[3] = 4u | 5u << 3 | 6u << 6 | 7u << 9 | t->base_level << 12 | t->last_level << 16 |
            t->sw << 20 | t->type << 28;
    dw[4] = t->depth | t->base_array << 16;
    if (gen == TMU_GCN_GFX11) {
        dw[1] |= t->max_mip << 16;
        dw[5] = (t->min_lod & 31u) << 27;
        dw[6] = t->min_lod >> 5;
    } else {
        dw[1] |= t->min_lod << 8;
        dw[5] = t->max_mip << 4;
    }
}

/* Point sampler, MIP_FILTER point, CLAMP_LAST_TEXEL, MAX_LOD 15 (words 0-2 share gfx9's layout). */
static void hand_sampler(rig *r, unsigned first, unsigned xy, unsigned mip)
{
    uint32_t s[4] = {2u | 2u << 3 | 2u << 6, 15u << 20, xy << 20 | xy << 22 | (xy ? 2u : 1u) << 24 | mip << 26, 0};
    rig_sgprs(r, first, s, 4);
}

static tmu_surface surf_scratch;

/* Puts the T# into s[first..] and binds it (for filling texels by level / x / y). */
static void hand_texture(rig *r, unsigned first, const hand_t *t, tmu_texture *bound)
{
    uint32_t dw[8];
    hand_words(r->w->gen, t, dw);
    rig_sgprs(r, first, dw, 8);
    if (bound) {
        tmu_gcn_tdesc td;
        assert_int_equal(tmu_gcn_tdesc_decode(r->w->gen, dw, 8, &td, &r->diag), TMU_OK);
        assert_int_equal(tmu_gcn_bind_texture_surface(&td, NULL, &r->env, 0, bound, &surf_scratch, &r->diag),
                         TMU_OK);
    }
}

static tmu_status run(rig *r, const char *text)
{
    tmu_status st = rig_run(r, text);
    if (st != TMU_OK)
        fprintf(stderr, "  %s: %s\n", text, r->diag.message);
    return st;
}

/* ---- descriptors ------------------------------------------------------------------------- */

static void test_tdesc_fields(void **state)
{
    (void)state;
    hand_t t = {0x10123456700ull, 56, 300, 200, 0, 9, 1, 3, 9, 5, 0, 0x2c};
    uint32_t dw[8], back[8];
    tmu_gcn_tdesc d;
    tmu_diag diag;
    hand_words(TMU_GCN_GFX10, &t, dw);
    assert_int_equal(tmu_gcn_tdesc_decode(TMU_GCN_GFX10, dw, 8, &d, &diag), TMU_OK);
    assert_int_equal(d.f[TMU_GCN_T_BASE_ADDRESS], 0x1234567u);
    assert_int_equal(d.f[TMU_GCN_T_BASE_ADDRESS_HI], 0x1u);
    assert_int_equal(d.f[TMU_GCN_T_FORMAT], 56);
    assert_int_equal(d.f[TMU_GCN_T_WIDTH], 299);
    assert_int_equal(d.f[TMU_GCN_T_HEIGHT], 199);
    assert_int_equal(d.f[TMU_GCN_T_TYPE], 9);
    assert_int_equal(d.f[TMU_GCN_T_BASE_LEVEL], 1);
    assert_int_equal(d.f[TMU_GCN_T_LAST_LEVEL], 3);
    assert_int_equal(d.f[TMU_GCN_T_SW_MODE], 9);
    assert_int_equal(d.f[TMU_GCN_T_MAX_MIP], 5);
    assert_int_equal(d.f[TMU_GCN_T_MIN_LOD], 0x2c);
    assert_int_equal(tmu_gcn_tdesc_encode(&d, back, &diag), TMU_OK);
    assert_memory_equal(back, dw, sizeof dw);
    assert_string_equal(tmu_gcn_rdna_format_name(TMU_GCN_GFX10, 56), "8_8_8_8_UNORM");
    assert_int_equal(tmu_gcn_rdna_format(TMU_GCN_GFX10, 56), TMU_FORMAT_R8G8B8A8_UNORM);
    /* gfx11: FORMAT 42 is 8_8_8_8_UNORM, MAX_MIP in dword 1, MIN_LOD split across dwords 5 / 6 */
    hand_t u = {0x40000ull, 42, 17, 9, 0, 9, 0, 2, 0, 4, 0, 0x123};
    hand_words(TMU_GCN_GFX11, &u, dw);
    assert_int_equal(dw[5] >> 27, 0x123 & 31);
    assert_int_equal(tmu_gcn_tdesc_decode(TMU_GCN_GFX11, dw, 8, &d, &diag), TMU_OK);
    assert_int_equal(d.f[TMU_GCN_T_FORMAT], 42);
    assert_int_equal(d.f[TMU_GCN_T_WIDTH], 16);
    assert_int_equal(d.f[TMU_GCN_T_MAX_MIP], 4);
    assert_int_equal(d.f[TMU_GCN_T_MIN_LOD], 0x123);
    assert_int_equal(tmu_gcn_tdesc_encode(&d, back, &diag), TMU_OK);
    assert_memory_equal(back, dw, sizeof dw);
    assert_int_equal(tmu_gcn_rdna_format(TMU_GCN_GFX11, 42), TMU_FORMAT_R8G8B8A8_UNORM);
    assert_int_equal(tmu_gcn_rdna_format_for(TMU_GCN_GFX11, TMU_FORMAT_R8G8B8A8_UNORM), 42);
    assert_int_equal(tmu_gcn_rdna_format_for(TMU_GCN_GFX10, TMU_FORMAT_R8G8B8A8_UNORM), 56);
    /* S#: gfx11 moves BORDER_COLOR_PTR to dword 3 bits 29-18 */
    uint32_t s[4] = {0, 0, 0, 7u << 18 | 3u << 30};
    tmu_gcn_sdesc sd;
    assert_int_equal(tmu_gcn_sdesc_decode(TMU_GCN_GFX11, s, &sd, &diag), TMU_OK);
    assert_int_equal(sd.f[TMU_GCN_S_BORDER_COLOR_PTR], 7);
    assert_int_equal(sd.f[TMU_GCN_S_BORDER_COLOR_TYPE], 3);
    s[3] = 7u | 3u << 30;
    assert_int_equal(tmu_gcn_sdesc_decode(TMU_GCN_GFX10, s, &sd, &diag), TMU_OK);
    assert_int_equal(sd.f[TMU_GCN_S_BORDER_COLOR_PTR], 7);
}

static void test_formats_llvm(void **state)
{
    (void)state;
    FILE *f = fopen(formats_path, "r");
    assert_non_null(f);
    char line[256];
    unsigned rows = 0;
    while (fgets(line, sizeof line, f)) {
        char cpu[32], name[64];
        unsigned code;
        if (line[0] == '#' || sscanf(line, "%31s %u %63s", cpu, &code, name) != 3)
            continue;
        tmu_gcn_gen gen;
        assert_int_equal(tmu_gcn_gen_from_name(cpu, &gen), TMU_OK);
        const char *mine = tmu_gcn_rdna_format_name(gen, code);
        if (!mine || strcmp(mine, name))
            fail_msg("%s FORMAT %u: llvm-mc says %s, tmu %s", cpu, code, name, mine ? mine : "(none)");
        rows++;
    }
    fclose(f);
    assert_int_equal(rows, 77 + 77 + 63);
}

/* ---- execution ---------------------------------------------------------------------------- */

/* 8x4 r32_float, linear, at RIG_BASE: rows 256 bytes apart (addrlib aligns linear rows to 256
 * bytes), texel (x, y) = 100 y + x written at byte 256 y + 4 x. */
static void linear_grid(rig *r, tmu_gcn_gen gen)
{
    (void)gen;                                               /* FORMAT 22 = 32_FLOAT on gfx10 and gfx11 */
    hand_t t = {RIG_BASE, 22, 8, 4, 0, 9, 0, 0, 0, 0, 0, 0};
    hand_texture(r, 8, &t, NULL);
    for (unsigned y = 0; y < 4; y++)
        for (unsigned x = 0; x < 8; x++) {
            float v = (float)(100 * y + x);
            memcpy(r->mem + 256 * y + 4 * x, &v, 4);
        }
}

static void check_grid(const rig *r, unsigned v, uint64_t lanes)
{
    for (unsigned l = 0; l < 64; l++)
        if (lanes >> l & 1)
            assert_float_equal(rig_getf(r, v, l), (float)(100 * (l / 8 % 4) + l % 8), 0.0);
}

static void test_texel_address(void **state)
{
    (void)state;
    static const tmu_gcn_gen gens[3] = {TMU_GCN_GFX10, TMU_GCN_GFX103, TMU_GCN_GFX11};
    for (int g = 0; g < 3; g++) {
        rig r;
        rig_init(&r, gens[g], 1 << 16);
        linear_grid(&r, gens[g]);
        for (unsigned l = 0; l < 64; l++) {
            r.w->vgpr[4][l] = l % 8;
            r.w->vgpr[5][l] = l / 8 % 4;
        }
        assert_int_equal(run(&r, "image_load v0, v[4:5], s[8:15] dmask:0x1 dim:SQ_RSRC_IMG_2D unorm"), TMU_OK);
        tmu_gcn_wave_wait(r.w, 0, 0);
        check_grid(&r, 0, ~0ull);
        rig_free(&r);
    }
}

static void test_a16_and_nsa(void **state)
{
    (void)state;
    rig r;
    rig_init(&r, TMU_GCN_GFX10, 1 << 16);
    linear_grid(&r, TMU_GCN_GFX10);
    /* A16: x in bits 15-0, y in bits 31-16 of one VGPR */
    for (unsigned l = 0; l < 64; l++)
        r.w->vgpr[4][l] = (l % 8) | (l / 8 % 4) << 16;
    assert_int_equal(run(&r, "image_load v1, v4, s[8:15] dmask:0x1 dim:SQ_RSRC_IMG_2D unorm a16"), TMU_OK);
    tmu_gcn_wave_wait(r.w, 0, 0);
    check_grid(&r, 1, ~0ull);
    /* NSA: x from v9, y from v2 (the registers between them hold junk) */
    for (unsigned l = 0; l < 64; l++) {
        r.w->vgpr[9][l] = l % 8;
        r.w->vgpr[2][l] = l / 8 % 4;
        r.w->vgpr[10][l] = 7;
        r.w->vgpr[3][l] = 3;
    }
    assert_int_equal(run(&r, "image_load v0, [v9, v2], s[8:15] dmask:0x1 dim:SQ_RSRC_IMG_2D unorm"), TMU_OK);
    tmu_gcn_wave_wait(r.w, 0, 0);
    check_grid(&r, 0, ~0ull);
    /* D16: 100 y + x as fp16 (exact below 2048) in the low half, TFE status 0 (resident) */
    assert_int_equal(run(&r, "image_load v[20:21], [v9, v2], s[8:15] dmask:0x1 dim:SQ_RSRC_IMG_2D unorm tfe d16"), TMU_OK);
    tmu_gcn_wave_wait(r.w, 0, 0);
    for (unsigned l = 0; l < 64; l++) {
        float want = (float)(100 * (l / 8 % 4) + l % 8);
        assert_float_equal(tmu_half_to_float((uint16_t)(r.w->vgpr[20][l] & 0xffff)), want, 0.0);
        assert_int_equal(r.w->vgpr[20][l] >> 16, 0);
        assert_int_equal(r.w->vgpr[21][l], 0);
    }
    rig_free(&r);
}

/* Mip selection by user derivatives, 32-bit (image_sample_d) and 16-bit (_g16): an 8x8 image,
 * level 0 all 1.0, level 1 all 2.0; d(s)/dx = 0.25 spans 2 texels of level 0 -> LOD 1. */
static void test_g16(void **state)
{
    (void)state;
    rig r;
    rig_init(&r, TMU_GCN_GFX10, 1 << 16);
    hand_t t = {RIG_BASE, 22, 8, 8, 0, 9, 0, 1, 0, 1, 0, 0};
    tmu_texture bound;
    hand_texture(&r, 8, &t, &bound);
    for (uint32_t lv = 0; lv < 2; lv++)
        for (uint32_t y = 0; y < (8u >> lv); y++)
            for (uint32_t x = 0; x < (8u >> lv); x++) {
                float v = lv ? 2.0f : 1.0f;
                void *p = (void *)(uintptr_t)tmu_texel_address(&bound, lv, x, y, 0, 0);
                assert_non_null(p);
                memcpy(p, &v, 4);
            }
    hand_sampler(&r, 16, 0, 1);
    for (unsigned l = 0; l < 64; l++) {
        float d = (l & 1) ? 0.25f : 0.0625f; /* odd lanes LOD 1, even lanes LOD -1 -> level 0 */
        /* image_sample_d, 2D: dsdh, dtdh, dsdv, dtdv, s, t in v4..v9 */
        rig_setf(&r, 4, l, d), rig_setf(&r, 5, l, 0), rig_setf(&r, 6, l, 0), rig_setf(&r, 7, l, d);
        rig_setf(&r, 8, l, 0.5f), rig_setf(&r, 9, l, 0.5f);
        uint16_t h = (uint16_t)((l & 1) ? 0x3400 : 0x2c00); /* fp16 0.25, 0.0625 */
        r.w->vgpr[50][l] = h;                               /* dsdh | dtdh (0) << 16 */
        r.w->vgpr[51][l] = (uint32_t)h << 16;               /* dsdv (0) | dtdv << 16 */
        rig_setf(&r, 52, l, 0.5f), rig_setf(&r, 53, l, 0.5f);
    }
    assert_int_equal(run(&r, "image_sample_d v0, v[4:9], s[8:15], s[16:19] dmask:0x1 dim:SQ_RSRC_IMG_2D"), TMU_OK);
    assert_int_equal(run(&r, "image_sample_d_g16 v1, v[50:53], s[8:15], s[16:19] dmask:0x1 dim:SQ_RSRC_IMG_2D"), TMU_OK);
    tmu_gcn_wave_wait(r.w, 0, 0);
    for (unsigned l = 0; l < 64; l++) {
        float want = (l & 1) ? 2.0f : 1.0f;
        assert_float_equal(rig_getf(&r, 0, l), want, 0.0);
        assert_float_equal(rig_getf(&r, 1, l), want, 0.0);
    }
    rig_free(&r);
}

static void test_waitcnt_words(void **state)
{
    (void)state;
    uint32_t vm, ex, lg, vs;
    /* llvm-mc 16: s_waitcnt vmcnt(1) expcnt(2) lgkmcnt(3) */
    assert_int_equal(tmu_gcn_waitcnt_decode(TMU_GCN_GFX10, 0xbf8c0321u, &vm, &ex, &lg, NULL), TMU_OK);
    assert_true(vm == 1 && ex == 2 && lg == 3);
    assert_int_equal(tmu_gcn_waitcnt_decode(TMU_GCN_GFX11, 0xbf890432u, &vm, &ex, &lg, NULL), TMU_OK);
    assert_true(vm == 1 && ex == 2 && lg == 3);
    /* vmcnt(63) expcnt(7) lgkmcnt(63) */
    assert_int_equal(tmu_gcn_waitcnt_decode(TMU_GCN_GFX103, 0xbf8cff7fu, &vm, &ex, &lg, NULL), TMU_OK);
    assert_true(vm == 63 && ex == 7 && lg == 63);
    assert_int_equal(tmu_gcn_waitcnt_decode(TMU_GCN_GFX11, 0xbf89fff7u, &vm, &ex, &lg, NULL), TMU_OK);
    assert_true(vm == 63 && ex == 7 && lg == 63);
    assert_int_equal(tmu_gcn_waitcnt_encode(TMU_GCN_GFX10, 1, 2, 3), 0xbf8c0321u);
    assert_int_equal(tmu_gcn_waitcnt_encode(TMU_GCN_GFX11, 1, 2, 3), 0xbf890432u);
    assert_int_equal(tmu_gcn_waitcnt_encode(TMU_GCN_GFX11, 0, 0, 0), 0xbf890000u);
    /* s_waitcnt_vscnt null, 0x5 */
    assert_int_equal(tmu_gcn_waitcnt_vscnt_decode(TMU_GCN_GFX10, 0xbbfd0005u, &vs, NULL), TMU_OK);
    assert_int_equal(vs, 5);
    assert_int_equal(tmu_gcn_waitcnt_vscnt_decode(TMU_GCN_GFX11, 0xbc7c0005u, &vs, NULL), TMU_OK);
    assert_int_equal(vs, 5);
    assert_int_equal(tmu_gcn_waitcnt_vscnt_encode(TMU_GCN_GFX10, 0x3f), 0xbbfd003fu);
    assert_int_equal(tmu_gcn_waitcnt_vscnt_encode(TMU_GCN_GFX11, 0x3f), 0xbc7c003fu);
    assert_int_equal(tmu_gcn_waitcnt_vscnt_decode(TMU_GCN_GFX9, 0xbbfd0005u, &vs, NULL), TMU_ERR_DECODE);
    /* gfx11 s_waitcnt is not gfx10's opcode */
    assert_int_equal(tmu_gcn_waitcnt_decode(TMU_GCN_GFX11, 0xbf8c0321u, &vm, &ex, &lg, NULL), TMU_ERR_DECODE);
}

/* gfx10 splits the counter: stores in VS_CNT, loads in VM_CNT; each wait retires its own. */
static void test_vscnt(void **state)
{
    (void)state;
    rig r;
    rig_init(&r, TMU_GCN_GFX10, 1 << 16);
    linear_grid(&r, TMU_GCN_GFX10);
    for (unsigned l = 0; l < 64; l++) {
        r.w->vgpr[4][l] = l % 8;
        r.w->vgpr[5][l] = l / 8 % 4;
        rig_setf(&r, 6, l, -1.0f);
    }
    r.w->exec = 1; /* lane 0 stores -1.0 at texel (0, 0) */
    assert_int_equal(run(&r, "image_store v6, v[4:5], s[8:15] dmask:0x1 dim:SQ_RSRC_IMG_2D unorm"), TMU_OK);
    r.w->exec = ~0ull;
    assert_int_equal(run(&r, "image_load v0, v[4:5], s[8:15] dmask:0x1 dim:SQ_RSRC_IMG_2D unorm"), TMU_OK);
    assert_int_equal(tmu_gcn_wave_vm_cnt(r.w), 1);
    assert_int_equal(tmu_gcn_wave_vs_cnt(r.w), 1);
    assert_int_equal(tmu_gcn_exec_waitcnt(r.w, 0xbf8c3f70u /* vmcnt(0) */, NULL), TMU_OK);
    assert_int_equal(tmu_gcn_wave_vm_cnt(r.w), 0);
    assert_int_equal(tmu_gcn_wave_vs_cnt(r.w), 1);
    assert_int_equal(tmu_gcn_exec_waitcnt(r.w, 0xbbfd0000u /* s_waitcnt_vscnt null, 0 */, NULL), TMU_OK);
    assert_int_equal(tmu_gcn_wave_vs_cnt(r.w), 0);
    assert_float_equal(rig_getf(&r, 0, 0), -1.0f, 0.0);
    float stored;
    memcpy(&stored, r.mem, 4);
    assert_float_equal(stored, -1.0f, 0.0);
    rig_free(&r);
}

static void test_wave32(void **state)
{
    (void)state;
    rig r;
    rig_init(&r, TMU_GCN_GFX103, 1 << 16);
    assert_int_equal(tmu_gcn_wave_set_lanes(r.w, 32, NULL), TMU_OK);
    linear_grid(&r, TMU_GCN_GFX103);
    for (unsigned l = 0; l < 64; l++) {
        r.w->vgpr[4][l] = l % 8;
        r.w->vgpr[5][l] = l / 8 % 4;
        r.w->vgpr[0][l] = 0xdeadbeef;
    }
    assert_int_equal(run(&r, "image_load v0, v[4:5], s[8:15] dmask:0x1 dim:SQ_RSRC_IMG_2D unorm"), TMU_OK);
    tmu_gcn_wave_wait(r.w, 0, 0);
    check_grid(&r, 0, 0xffffffffull);
    for (unsigned l = 32; l < 64; l++)
        assert_int_equal(r.w->vgpr[0][l], 0xdeadbeef);
    rig_free(&r);
    rig_init(&r, TMU_GCN_GFX9, 4096);
    assert_int_equal(tmu_gcn_wave_set_lanes(r.w, 32, NULL), TMU_ERR_INVALID_ARGUMENT);
    rig_free(&r);
}

static void test_refusals(void **state)
{
    (void)state;
    rig r;
    rig_init(&r, TMU_GCN_GFX10, 1 << 16);
    linear_grid(&r, TMU_GCN_GFX10);
    /* DIM must name the T#'s TYPE */
    assert_int_equal(rig_run(&r, "image_load v0, v[4:6], s[8:15] dmask:0x1 dim:SQ_RSRC_IMG_2D_ARRAY unorm"),
                     TMU_ERR_UNSUPPORTED);
    assert_non_null(strstr(r.diag.message, "dim:SQ_RSRC_IMG_2D_ARRAY"));
    /* a reserved FORMAT is refused by value */
    hand_t bad = {RIG_BASE, 200, 8, 4, 0, 9, 0, 0, 0, 0, 0, 0};
    hand_texture(&r, 8, &bad, NULL);
    assert_int_equal(rig_run(&r, "image_load v0, v[4:5], s[8:15] dmask:0x1 dim:SQ_RSRC_IMG_2D unorm"),
                     TMU_ERR_UNSUPPORTED);
    assert_non_null(strstr(r.diag.message, "FORMAT 200"));
    rig_free(&r);
    /* gfx11 2D images take no _S mode (addrlib Gfx11Rsrc2dSwModeMask), 3D ones no SW_256KB_D_X
     * address (addrlib has no pattern for it) */
    rig_init(&r, TMU_GCN_GFX11, 1 << 20);
    hand_t sw = {RIG_BASE, 22, 8, 4, 0, 9, 0, 0, 25 /* 64KB_S_X */, 0, 0, 0};
    hand_texture(&r, 8, &sw, NULL);
    assert_int_equal(rig_run(&r, "image_load v0, v[4:5], s[8:15] dmask:0x1 dim:SQ_RSRC_IMG_2D unorm"),
                     TMU_ERR_INVALID_ARGUMENT);
    assert_non_null(strstr(r.diag.message, "SW_64KB_S_X"));
    assert_non_null(strstr(r.diag.message, "not allowed for 2D surfaces"));
    hand_t vol = {RIG_BASE, 22, 8, 4, 3, 10, 0, 0, 30 /* 256KB_D_X */, 0, 0, 0};
    hand_texture(&r, 8, &vol, NULL);
    assert_int_equal(rig_run(&r, "image_load v0, v[4:6], s[8:15] dmask:0x1 dim:SQ_RSRC_IMG_3D unorm"),
                     TMU_ERR_UNSUPPORTED);
    assert_non_null(strstr(r.diag.message, "SW_256KB_D_X"));
    rig_free(&r);
}

/* gfx11 swizzled images: texels read from where addrlib puts them.  The expected addresses are
 * addrlib's own (Mesa 22.3.6 Gfx11Lib through tests/tools/addrlib_oracle.sh), rows of
 * tests/data/amd-tiling-gfx11.tsv, not tmu's; the pipe/bank XOR rides in BASE_ADDRESS bits 8 and
 * up, as Mesa's radv / radeonsi place it (va | tile_swizzle << 8). */
static void test_gfx11_swizzled(void **state)
{
    (void)state;
    /* row 1002: gfx11_16pipe (the default gfx11 chip), 2d SW_256KB_Z_X, 32 bpp, 8x7, 4 levels,
     * pipe_bank_xor 218; (x, y, level) -> byte offset from the surface base */
    static const unsigned at[][4] = {{0, 0, 0, 19968}, {7, 6, 0, 20212}, {1, 3, 0, 20012},
                                     {3, 2, 1, 115252}, {2, 2, 1, 115248}, {1, 0, 2, 166404},
                                     {0, 0, 3, 182784}};
    const unsigned n = sizeof at / sizeof at[0];
    rig r;
    rig_init(&r, TMU_GCN_GFX11, 1 << 20);
    /* FORMAT 20 = 32_UINT on gfx11; TYPE 9 = 2D; LAST_LEVEL 3, MAX_MIP 3; SW_MODE 28 */
    hand_t t = {RIG_BASE + (218u << 8), 20, 8, 7, 0, 9, 0, 3, 28, 3, 0, 0};
    hand_texture(&r, 8, &t, NULL);
    for (unsigned i = 0; i < n; i++) {
        uint32_t v = 0xa5000000u + i;
        memcpy(r.mem + at[i][3], &v, 4);
    }
    for (unsigned l = 0; l < 64; l++) {
        r.w->vgpr[4][l] = at[l % n][0];
        r.w->vgpr[5][l] = at[l % n][1];
        r.w->vgpr[6][l] = at[l % n][2];
        r.w->vgpr[0][l] = 0;
    }
    assert_int_equal(run(&r, "image_load_mip v0, v[4:6], s[8:15] dmask:0x1 dim:SQ_RSRC_IMG_2D unorm"),
                     TMU_OK);
    tmu_gcn_wave_wait(r.w, 0, 0);
    for (unsigned l = 0; l < 64; l++)
        assert_int_equal(r.w->vgpr[0][l], 0xa5000000u + l % n);
    rig_free(&r);

    /* row 2070: gfx11_4pipe_2pkr, 2d SW_256KB_R_X, 32 bpp, 95x937, 2 samples (color),
     * pipe_bank_xor 763; (x, y, sample) -> byte offset.  gfx11 gives each sample its own place. */
    static const unsigned ms[][4] = {{0, 0, 0, 62208}, {1, 0, 0, 62216}, {94, 936, 1, 985252},
                                     {15, 16, 1, 63660}, {16, 15, 1, 58708}, {8, 8, 0, 60160}};
    const unsigned nm = sizeof ms / sizeof ms[0];
    rig_init(&r, TMU_GCN_GFX11, 2 << 20);
    r.env.chip = tmu_amd_chip_find("gfx11_4pipe_2pkr");
    assert_non_null(r.env.chip);
    /* TYPE 14 = 2D_MSAA, LAST_LEVEL 1 = log2(2 samples) */
    hand_t m = {RIG_BASE + (763u << 8), 20, 95, 937, 0, 14, 0, 1, 31, 0, 0, 0};
    hand_texture(&r, 8, &m, NULL);
    for (unsigned i = 0; i < nm; i++) {
        uint32_t v = 0x5a000000u + i;
        memcpy(r.mem + ms[i][3], &v, 4);
    }
    for (unsigned l = 0; l < 64; l++) {
        r.w->vgpr[4][l] = ms[l % nm][0];
        r.w->vgpr[5][l] = ms[l % nm][1];
        r.w->vgpr[6][l] = ms[l % nm][2];
        r.w->vgpr[0][l] = 0;
    }
    assert_int_equal(run(&r, "image_load v0, v[4:6], s[8:15] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA unorm"),
                     TMU_OK);
    tmu_gcn_wave_wait(r.w, 0, 0);
    for (unsigned l = 0; l < 64; l++)
        assert_int_equal(r.w->vgpr[0][l], 0x5a000000u + l % nm);
    rig_free(&r);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s rdna-buf-formats.tsv\n", argv[0]);
        return 2;
    }
    formats_path = argv[1];
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tdesc_fields), cmocka_unit_test(test_formats_llvm),
        cmocka_unit_test(test_texel_address), cmocka_unit_test(test_a16_and_nsa),
        cmocka_unit_test(test_g16),          cmocka_unit_test(test_waitcnt_words),
        cmocka_unit_test(test_vscnt),        cmocka_unit_test(test_wave32),
        cmocka_unit_test(test_refusals),     cmocka_unit_test(test_gfx11_swizzled),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
