/* Fast paths on tiled textures (issue 30): the texture unit's prepared calls sample AMD and Adreno
 * layouts (tmu_level.surface) through per-level tables derived from the layout module
 * (src/unit/fast/tiled.c), and must give the general path's results bit for bit.
 *
 *  - test_tiled_model: for the common layouts (PS4 Liverpool GB_TILE_MODE 13 1D thin, 14 2D thin,
 *    10 2D display; vega10 and navi10 SW_4KB / SW_64KB _S / _D with and without _X and random
 *    pipe-bank XOR; Adreno a630 / a660 / a730 TILE6_3), RGBA8 and RGBA32F, full mip chains of
 *    power-of-two and other sizes up to 1024 x 1024: every such call must take the tiled fast
 *    path, and the tables must give the layout's address (tmu_surface_address_fast) of every
 *    element of every level: the per-level tables, level 0's own, and the prepared tables of every
 *    level (fast_tiled_pre) as blocks of lanes on up to four levels read them (shared tables).
 *  - test_tiled_equals_general: random tiled textures (those layouts, and any tile index, swizzle
 *    mode, chip and Adreno mode), random samplers, ops (nearest, bilinear, trilinear, implicit
 *    LOD, gather, fetch), coordinates, masks and views: each call runs on the general path
 *    (TMU_UNIT_GENERAL_ONLY) and as a prepared call with the widest SIMD, with at most AVX2 (each
 *    with scalar texel loads and with hardware gathers, TMU_UNIT_LOADS_*) and portable
 *    (TMU_UNIT_NO_SIMD); every result word identical.
 *  - test_tiled_mips: bilinear RGBA8 sampling with mips on the layouts of tmu bench sample's
 *    tiled rows, whole waves whose blocks lie on one level, on two, on more, and implicit LOD.
 *  - test_tiled_single_level: nearest, bilinear, gather and fetch of one level on the layouts and
 *    sizes of the bench's tiled rows (random, coherent and edge coordinates).
 *  - test_tiled_edges: the same at the edges, on surfaces whose memory ends right before a
 *    PROT_NONE guard page (a read past the surface faults).
 *  - test_tiled_gather_rows: RGBA8 gathers at 1024^2 on the bench's layouts, footprint rows adjacent
 *    in memory in every lane, none, half or at random, and lanes reading the surface's last word
 *    (guard page after it): the 64-bit row gathers of fast_avx512.c texel_rows.
 *
 * TMU_TEST_LONG=1 runs 10x more random cases. */
#define _DEFAULT_SOURCE /* mmap (MAP_ANONYMOUS), mprotect, sysconf */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

#include <cmocka.h>
#include <sys/mman.h>
#include <unistd.h>

#include "tmu/layout.h"
#include "unit/fast/fast.h"
#include "unit/unit_util.h"

/* The fast paths each result is compared on: the widest SIMD kernel and AVX2 (each with scalar
 * texel loads and with hardware gathers: TMU_UNIT_LOADS_*), and the portable one. */
#define NFLAGS 5

/* A layout family: AMD tile index (gfx6-8), AMD swizzle mode (gfx9+) or Adreno tile mode. */
typedef struct family {
    const char *gpu;
    int kind; /* 0: AMD tile index, 1: AMD swizzle mode, 2: Adreno */
    int mode;
} family;

static const family targets[] = {
    {"liverpool", 0, 13}, {"liverpool", 0, 14}, {"liverpool", 0, 10}, {"vega10", 1, 5},  {"vega10", 1, 6},
    {"vega10", 1, 9},     {"vega10", 1, 10},    {"vega10", 1, 21},    {"vega10", 1, 22}, {"vega10", 1, 25},
    {"vega10", 1, 26},    {"navi10", 1, 5},     {"navi10", 1, 6},     {"navi10", 1, 9},  {"navi10", 1, 10},
    {"navi10", 1, 21},    {"navi10", 1, 22},    {"navi10", 1, 25},    {"navi10", 1, 26}, {"a630", 2, 3},
    {"a660", 2, 3},       {"a730", 2, 3},
};
enum { NTARGETS = sizeof targets / sizeof targets[0] };

/* A wave of 2D lanes (no sample index, no integer LOD input). */
static test_wave *wave_2d(void)
{
    test_wave *w = test_wave_new();
    assert_non_null(w);
    w->in.sample = NULL;
    w->in.ilod = NULL;
    return w;
}

/* The layouts of tmu bench sample's tiled rows and their pipe-bank XORs. */
static const family bench[5] = {
    {"liverpool", 0, 14}, {"liverpool", 0, 13}, {"vega10", 1, 25}, {"navi10", 1, 21}, {"a630", 2, 3}};
static const uint32_t xors[5] = {0, 0, 3, 5, 0};

static char family_name_buf[64];
static const char *family_name(const family *f, uint32_t xor_)
{
    if (f->kind == 0)
        snprintf(family_name_buf, sizeof family_name_buf, "%s GB_TILE_MODE%d", f->gpu, f->mode);
    else if (f->kind == 1)
        snprintf(family_name_buf, sizeof family_name_buf, "%s %s xor %u", f->gpu,
                 tmu_amd_swizzle_mode_name((uint32_t)f->mode), xor_);
    else
        snprintf(family_name_buf, sizeof family_name_buf, "%s %s", f->gpu,
                 tmu_adreno_tile_mode_name((tmu_adreno_tile_mode)f->mode));
    return family_name_buf;
}

/* Lays out a 2D surface of `slices` layers; returns TMU_OK or the layout's refusal. */
static tmu_status make_surface(tmu_surface *s, const family *f, uint32_t bytes, uint32_t w, uint32_t h,
                               uint32_t slices, uint32_t levels, uint32_t xor_)
{
    if (f->kind == 2) {
        tmu_adreno_surface_desc a;
        memset(&a, 0, sizeof a);
        a.block_bytes = bytes, a.block_w = a.block_h = 1;
        a.width = w, a.height = h, a.depth = 1, a.layers = slices, a.levels = levels, a.samples = 1;
        a.tile_mode = (tmu_adreno_tile_mode)f->mode;
        const tmu_adreno_gpu *g = tmu_adreno_gpu_find(f->gpu);
        return g ? tmu_surface_init_adreno(s, g, &a, NULL) : TMU_ERR_INVALID_ARGUMENT;
    }
    tmu_surface_desc d;
    memset(&d, 0, sizeof d);
    d.rsrc = TMU_SURF_2D, d.bpp = bytes * 8, d.width = w, d.height = h, d.slices = slices, d.levels = levels;
    d.samples = 1, d.flags = TMU_SURF_TEXTURE | (levels > 1 ? TMU_SURF_POW2_PAD : 0);
    if (f->kind == 0)
        d.tile_index = f->mode;
    else
        d.swizzle_mode = (uint32_t)f->mode, d.pipe_bank_xor = f->mode >= 16 ? xor_ : 0;
    const tmu_amd_chip *c = tmu_amd_chip_find(f->gpu);
    return c ? tmu_surface_init_amd(s, c, &d, NULL) : TMU_ERR_INVALID_ARGUMENT;
}

/* The 2D texture of `levels` levels over layer `slice` of the surface at `mem`. */
static void tiled_texture(tmu_texture *tex, const tmu_surface *s, tmu_format fmt, uint32_t w, uint32_t h,
                          uint32_t levels, uint32_t slice, const void *mem)
{
    memset(tex, 0, sizeof *tex);
    tex->dim = TMU_DIM_2D, tex->format = fmt, tex->width = w, tex->height = h, tex->depth = 1;
    tex->layers = 1, tex->levels = levels, tex->samples = 1;
    for (int c = 0; c < 4; c++)
        tex->swizzle[c] = (tmu_swizzle)c;
    for (uint32_t l = 0; l < levels; l++) {
        tex->level[l].data = mem;
        tex->level[l].size = (size_t)s->size;
        tex->level[l].surface = s;
        tex->level[l].surface_level = l;
        tex->level[l].surface_slice = slice;
    }
}

static void fill_random(unsigned char *mem, size_t n, int rgba8, int specials, uint64_t *seed)
{
    for (size_t b = 0; b + 4 <= n; b += 4) {
        uint32_t r32 = (uint32_t)test_rand(seed);
        if (!rgba8) {
            float f = (float)test_randf(seed, -2, 2);
            if (specials && r32 % 16 == 0)
                f = (r32 >> 4) & 1 ? NAN : (r32 >> 5) & 1 ? INFINITY : -INFINITY;
            memcpy(&r32, &f, 4);
        }
        memcpy(mem + b, &r32, 4);
    }
}

/* Texel index of (x, y) of level 0 from the SIMD kernels' level-0 tables (fast.h fast_tiled_one):
 * form 0: 4-bit chunk tables and tails (AVX2), form 1: 5-bit chunk tables and their tails
 * (AVX-512), each with the plain XOR of the axes where `disjoint` says so; form 2: the AVX-512
 * short form where t52 says so (two 5-bit tables an axis, no tail, the XOR of the four lookups);
 * form 3: the AVX2 short form where t34 says so (four 3-bit tables an axis, the first 8 entries
 * of the 5-bit chunk-0 table and ch3, no tail, the XOR of the eight lookups). */
static uint32_t one_index(const fast_consts *k, int form, uint32_t x, uint32_t y)
{
    const fast_tiled_one *o = &k->tiled_one;
    uint32_t f[2] = {0, 0}, v[2] = {x, y};
    for (int a = 0; a < 2; a++) {
        uint32_t tail = o->tail[a];
        if (form == 0) {
            for (uint32_t n = 0; n < o->nch[a]; n++)
                f[a] ^= (uint32_t)o->ch[a][n][(v[a] >> (4 * n)) & 15];
        } else if (form == 1) {
            for (uint32_t n = 0; n < o->nch5[a]; n++)
                f[a] ^= (uint32_t)o->ch5[a][n][(v[a] >> (5 * n)) & 31];
            tail = o->tail5[a];
        } else if (form == 2) {
            f[a] = (uint32_t)(o->ch5[a][0][v[a] & 31] ^ o->ch5[a][1][(v[a] >> 5) & 31]);
            tail = 0;
        } else {
            f[a] = (uint32_t)(o->ch5[a][0][v[a] & 7] ^ o->ch3[a][0][(v[a] >> 3) & 7] ^ o->ch3[a][1][(v[a] >> 6) & 7] ^
                              o->ch3[a][2][(v[a] >> 9) & 7]);
            tail = 0;
        }
        if (tail)
            f[a] += (v[a] >> o->m[a]) * (uint32_t)(a ? k->level_pitch[0] : k->tiled_sx[0]);
    }
    if (o->disjoint || form >= 2)
        return f[0] ^ f[1];
    return (f[0] ^ f[1]) + ((f[0] & f[1] & (uint32_t)o->nmask) << 1);
}

/* Texel index of (x, y) of level l from the prepared tables of every level (fast.h fast_tiled_pre) as
 * the SIMD mip kernels look them up for a block of lanes on levels lmin .. l (fast_simd.inc
 * pre_axis2_n): each chunk from the table of the first level of l's group of shared tables within
 * lmin .. l (lmin's where no group begins in lmin + 1 .. l); the tails of the levels that keep theirs
 * apart. */
static uint32_t pre_index(const fast_tiled_pre *pre, uint32_t lmin, uint32_t l, uint32_t x, uint32_t y)
{
    const uint32_t above = ((1u << (l - lmin)) - 1u) << (lmin + 1);
    uint32_t f[2] = {0, 0}, v[2] = {x, y};
    for (int a = 0; a < 2; a++) {
        for (uint32_t n = 0; n < pre->nch[a]; n++) {
            uint32_t starts = pre->gstart[a][n] & above, lt = starts ? 31u - (uint32_t)__builtin_clz(starts) : lmin;
            f[a] ^= (uint32_t)pre->chb[pre->pad + ((lt * 2 + (uint32_t)a) * TILED_CH + n) * 16 + ((v[a] >> (4 * n)) & 15)];
        }
        if (pre->tail[a] >> lmin & ((2u << (l - lmin)) - 1u)) /* some level of the block adds a tail */
            f[a] += (v[a] >> pre->tm[a][l]) * (uint32_t)pre->ts[a][l];
    }
    if (pre->disjoint)
        return f[0] ^ f[1];
    return (f[0] ^ f[1]) + ((f[0] & f[1] & (uint32_t)pre->rt.nmask[l]) << 1);
}

static void test_tiled_model(void **state)
{
    (void)state;
    static const uint32_t sizes[][2] = {{1024, 1024}, {256, 256}, {512, 64}, {64, 512}, {100, 37}, {333, 333},
                                        {1, 1},       {2048, 8},  {8, 300}};
    tmu_surface *s = malloc(sizeof *s);
    assert_non_null(s);
    test_wave *w = test_wave_new();
    assert_non_null(w);
    w->in.sample = NULL;
    long elements = 0, levels_checked = 0, calls = 0, disjoint = 0, short52 = 0, short34 = 0, pre_elements = 0,
         shared = 0;
    uint64_t seed = 0x7153ull;
    for (unsigned t = 0; t < NTARGETS; t++)
        for (unsigned z = 0; z < sizeof sizes / sizeof sizes[0]; z++)
            for (int rgba8 = 0; rgba8 < 2; rgba8++) {
                uint32_t tw = sizes[z][0], th = sizes[z][1];
                if (tw * th >= 1024 * 1024 && (t % 4 != 0 || !rgba8))
                    continue; /* the largest size for a quarter of the layouts */
#ifndef __OPTIMIZE__
                if (tw * th > 65536 && t % 4 != 1)
                    continue; /* -O0 (+ sanitizers): the large sizes for a quarter of the layouts */
#endif
                uint32_t bytes = rgba8 ? 4 : 16, levels = 1, m = tw > th ? tw : th;
                while (m >> levels)
                    levels++;
                uint32_t xor_ = (uint32_t)(test_rand(&seed) % 8);
                const char *name = family_name(&targets[t], xor_);
                if (make_surface(s, &targets[t], bytes, tw, th, 1, levels, xor_) != TMU_OK)
                    fail_msg("%s %ux%u %u bytes: the layout refused the surface", name, tw, th, bytes);
                unsigned char *mem = calloc(1, (size_t)s->size);
                assert_non_null(mem);
                tmu_texture tex;
                tmu_format fmt = rgba8 ? TMU_FORMAT_R8G8B8A8_UNORM : TMU_FORMAT_R32G32B32A32_FLOAT;
                tiled_texture(&tex, s, fmt, tw, th, levels, 0, mem);
                assert_int_equal(tmu_texture_validate(&tex, NULL), TMU_OK);
                tmu_sampler smp = tmu_sampler_default();
                smp.mip_filter = TMU_MIP_LINEAR;
                smp.address[0] = smp.address[1] = TMU_ADDRESS_CLAMP_TO_EDGE;
                /* every op of the kind the fast paths take: each must take the tiled one */
                static const tmu_op_kind kinds[3] = {TMU_OP_SAMPLE, TMU_OP_GATHER, TMU_OP_FETCH};
                for (int k = 0; k < 3; k++) {
                    tmu_op op = test_op(kinds[k], TMU_DIM_2D, k ? TMU_LEVEL_BASE : TMU_LEVEL_LOD);
                    static tmu_unit_plan plan;
                    assert_int_equal(tmu_unit_plan_init(&plan, &tex, &smp, &op, TMU_MAX_LANES, &w->in, &w->out, 0, NULL),
                                     TMU_OK);
                    if (tmu_unit_plan_fast_kind(&plan) != 2)
                        fail_msg("%s %ux%u %s %s: no tiled fast path", name, tw, th, tmu_format_name(fmt),
                                 tmu_op_kind_name(kinds[k]));
                    calls++;
                }
                /* the tables against the layout, every element of every level */
                fast_consts *kc = malloc(sizeof *kc);
                assert_non_null(kc);
                tmu_op op = test_op(TMU_OP_FETCH, TMU_DIM_2D, TMU_LEVEL_BASE);
                assert_int_equal(tmu_unit_fast_prepare(kc, &tex, &smp, &op, &w->in, &w->out, 1), 1);
                assert_true(kc->tiled);
                for (uint32_t l = 0; l < levels; l++) {
                    uint32_t lw = tmu_level_size(tw, l), lh = tmu_level_size(th, l);
                    for (uint32_t y = 0; y < lh; y++)
                        for (uint32_t x = 0; x < lw; x++) {
                            uint64_t want = tmu_surface_address_fast(s, l, x, y, 0, 0);
                            /* the kernels add the index (signed: a texel may lie before texel (0, 0)) */
                            uint64_t got = (uint64_t)((int64_t)kc->level_off[l] +
                                                      (int64_t)tmu_fast_tiled_index(kc, l, (int32_t)x, (int32_t)y) *
                                                          (rgba8 ? 4 : 16));
                            if (got != want)
                                fail_msg("%s %ux%u %u bytes level %u (%u, %u): tables 0x%llx, layout 0x%llx", name,
                                         tw, th, bytes, l, x, y, (unsigned long long)got, (unsigned long long)want);
                            /* level 0: the kernels' own level-0 tables too, in each form they take */
                            for (int form = 0; l == 0 && form < 4; form++) {
                                if ((form == 2 && !kc->tiled_one.t52) || (form == 3 && !kc->tiled_one.t34))
                                    continue;
                                uint64_t got1 = (uint64_t)((int64_t)kc->level_off[0] +
                                                           (int64_t)(int32_t)one_index(kc, form, x, y) * (rgba8 ? 4 : 16));
                                if (got1 != want)
                                    fail_msg("%s %ux%u %u bytes (%u, %u): level-0 tables, form %d%s: 0x%llx, layout 0x%llx",
                                             name, tw, th, bytes, x, y, form,
                                             kc->tiled_one.disjoint ? " (disjoint axes)" : "", (unsigned long long)got1,
                                             (unsigned long long)want);
                            }
                        }
                    elements += (long)lw * lh;
                    levels_checked++;
                }
                /* the prepared tables of every level, for blocks of lanes on levels lmin .. l (the shared
                 * tables: a lane of level l may read level lmin's) */
                fast_tiled_pre *pre = malloc(sizeof *pre);
                assert_non_null(pre);
                tmu_fast_tiled_prepare(kc, pre);
                for (uint32_t l = 0; l < pre->levels; l++) {
                    uint32_t lw = tmu_level_size(tw, l), lh = tmu_level_size(th, l);
                    for (uint32_t lmin = l > 3 ? l - 3 : 0; lmin <= l; lmin++) {
                        for (uint32_t y = 0; y < lh; y++)
                            for (uint32_t x = 0; x < lw; x++) {
                                uint64_t want = tmu_surface_address_fast(s, l, x, y, 0, 0);
                                uint64_t got = (uint64_t)((int64_t)kc->level_off[l] +
                                                          (int64_t)(int32_t)pre_index(pre, lmin, l, x, y) * bytes);
                                if (got != want)
                                    fail_msg("%s %ux%u %u bytes level %u (%u, %u), block on levels %u-%u: prepared "
                                             "tables 0x%llx, layout 0x%llx",
                                             name, tw, th, bytes, l, x, y, lmin, l, (unsigned long long)got,
                                             (unsigned long long)want);
                            }
                        pre_elements += (long)lw * lh;
                        shared += lmin < l && (pre->gstart[0][0] & (((1u << (l - lmin)) - 1u) << (lmin + 1))) == 0;
                    }
                }
                free(pre);
                disjoint += kc->tiled_one.disjoint != 0;
                short52 += kc->tiled_one.t52 != 0, short34 += kc->tiled_one.t34 != 0;
                /* a tiled plan reads no row-pair copy */
                static tmu_unit_plan plan;
                tmu_op bil = test_op(TMU_OP_SAMPLE, TMU_DIM_2D, TMU_LEVEL_LOD);
                assert_int_equal(tmu_unit_plan_init(&plan, &tex, &smp, &bil, TMU_MAX_LANES, &w->in, &w->out, 0, NULL),
                                 TMU_OK);
                unsigned char dummy[64] = {0};
                assert_int_equal(tmu_unit_plan_use_pairs(&plan, dummy, sizeof dummy, NULL), TMU_ERR_UNSUPPORTED);
                free(kc);
                free(mem);
            }
    printf("tiled tables: %ld prepared calls of %d layouts (RGBA8, RGBA32F) took the tiled fast path; %ld "
           "elements of %ld levels addressed as the layout does (level 0 by the kernels' tables too, %ld of them "
           "with disjoint axes, %ld and %ld with the AVX-512 and AVX2 short forms); %ld by the prepared tables of "
           "every level as blocks on up to four levels read them (%ld level spans sharing x's first table)\n",
           calls, NTARGETS, elements, levels_checked, disjoint, short52, short34, pre_elements, shared);
    free(w);
    free(s);
}

static float pick_coord(uint64_t *seed, int kind)
{
    uint64_t r = test_rand(seed);
    if (kind == 0 || r % 64 != 0)
        return (float)test_randf(seed, -2.5, 2.5);
    static const float pool[] = {NAN, INFINITY, -INFINITY, 1e30f, -1e30f, 1e-40f, -1e-40f, 0.0f, -0.0f,
                                 0x1p26f, -0x1p26f, 0x1p29f, 0.5f, 1.0f, 0.999999f, 16777217.0f};
    return pool[(r >> 8) % (sizeof pool / sizeof pool[0])];
}

/* A random family: mostly the common layouts, else any tile index, swizzle mode or Adreno mode. */
static family random_family(uint64_t *seed)
{
    if (test_rand(seed) % 4 != 0)
        return targets[test_rand(seed) % NTARGETS];
    family f;
    uint64_t r = test_rand(seed) % 3;
    if (r == 0) {
        static const char *const g6[] = {"tahiti", "bonaire", "hawaii", "kaveri", "liverpool", "tonga", "polaris10",
                                         "polaris12"};
        f.gpu = g6[test_rand(seed) % 8], f.kind = 0, f.mode = (int)(test_rand(seed) % 32);
    } else if (r == 1) {
        static const char *const g9[] = {"vega10", "raven", "navi10", "navi14", "navi21", "navi21_8pipe"};
        f.gpu = g9[test_rand(seed) % 6], f.kind = 1, f.mode = (int)(test_rand(seed) % 28);
    } else {
        static const char *const ga[] = {"a610", "a630", "a660", "a730", "a750"};
        f.gpu = ga[test_rand(seed) % 5], f.kind = 2, f.mode = test_rand(seed) % 2 ? 3 : 0;
    }
    return f;
}


/* Bilinear RGBA8 sampling with mips on the layouts of tmu bench sample's tiled rows (the AVX-512
 * kernel's mip_wave_tiled: blocks whose lanes lie on one level build that level's tables, others
 * look the columns up per lane and level): whole waves whose blocks lie on one level (a lod per
 * block), on two (a lod in [L, L + 1) per block: trilinear reads L and L + 1), on up to four and
 * more (a lod per lane), and implicit LOD over a plane of quads; each against the general path,
 * every result word, with the widest SIMD, with AVX2 at most and portable. */
static void test_tiled_mips(void **state)
{
    (void)state;
    static const uint32_t sizes[3][2] = {{256, 256}, {128, 64}, {100, 37}};
    static uint32_t ref[4][TMU_MAX_LANES], got[4][TMU_MAX_LANES];
    static tmu_unit_plan plan;
    static unsigned char moved_mem[sizeof(tmu_unit_plan) + 128];
    tmu_surface *s = malloc(sizeof *s);
    test_wave *w = wave_2d();
    assert_non_null(s);
    uint64_t seed = 0x3117ull;
    long lanes = 0, calls = 0;
    for (int f = 0; f < 5; f++)
        for (int z = 0; z < 3; z++) {
            uint32_t tw = sizes[z][0], th = sizes[z][1], levels = 1, m = tw > th ? tw : th;
            while (m >> levels)
                levels++;
            char what[96];
            snprintf(what, sizeof what, "%s %ux%u", family_name(&bench[f], xors[f]), tw, th);
            if (make_surface(s, &bench[f], 4, tw, th, 1, levels, xors[f]) != TMU_OK)
                fail_msg("%s: the layout refused the surface", what);
            unsigned char *mem = malloc((size_t)s->size);
            assert_non_null(mem);
            fill_random(mem, (size_t)s->size, 1, 0, &seed);
            tmu_texture tex;
            tiled_texture(&tex, s, TMU_FORMAT_R8G8B8A8_UNORM, tw, th, levels, 0, mem);
            for (int c = 0; c < 20; c++) {
                tmu_sampler smp = tmu_sampler_default();
                smp.mag_filter = smp.min_filter = TMU_FILTER_LINEAR;
                smp.mip_filter = c % 4 == 3 ? TMU_MIP_NEAREST : TMU_MIP_LINEAR;
                int pow2 = (tw & (tw - 1)) == 0 && (th & (th - 1)) == 0;
                smp.address[0] = smp.address[1] = pow2 && c % 2 ? TMU_ADDRESS_REPEAT : TMU_ADDRESS_CLAMP_TO_EDGE;
                /* 0: a lod per block, 1: within [L, L + 1) per block, 2: per lane, 3: implicit, 4: each lane of a
                 * block on one of L .. L + n - 1 (n = 1 to 4 per block: fast_simd.inc mip_level_index_pre) */
                int mode = c / 4;
                tmu_op op = test_op(TMU_OP_SAMPLE, TMU_DIM_2D, mode == 3 ? TMU_LEVEL_IMPLICIT : TMU_LEVEL_LOD);
                for (uint32_t b = 0; b < TMU_MAX_LANES; b += 16) {
                    float lod = (float)test_randf(&seed, -0.5, levels + 0.5);
                    float L = (float)(test_rand(&seed) % levels);
                    uint32_t span = 1 + (uint32_t)(test_rand(&seed) % 4);
                    double x0 = test_randf(&seed, -1, 1), y0 = test_randf(&seed, -1, 1);
                    for (uint32_t l = b; l < b + 16; l++) {
                        w->coord[0][l] = (float)test_randf(&seed, -1.5, 1.5);
                        w->coord[1][l] = (float)test_randf(&seed, -1.5, 1.5);
                        w->lod[l] = mode == 0   ? lod
                                    : mode == 1 ? L + (float)test_randf(&seed, 0, 1)
                                    : mode == 4 ? fminf(L + (float)(test_rand(&seed) % span), (float)levels - 1) +
                                                      (float)test_randf(&seed, 0, 1)
                                                : (float)test_randf(&seed, -0.5, levels + 0.5);
                        if (mode == 3) { /* quads of a plane (fast.c near): 8 quads of 2 x 2 texels a row */
                            uint32_t q = l / 4, scale = 1u << (test_rand(&seed) % 3);
                            w->coord[0][l] = (float)(x0 + (2.0 * (q % 8) + (l & 1)) * scale / tw);
                            w->coord[1][l] = (float)(y0 + (2.0 * (q / 8 % 4) + (l >> 1 & 1)) * scale / th);
                        }
                    }
                }
                if (mode == 3) /* one derivative per quad (lane 0's scale): coordinates from its lane 0 */
                    for (uint32_t q = 0; q < TMU_MAX_LANES; q += 4) {
                        double d = ldexp(1.0, (int)(test_rand(&seed) % 4)) / tw;
                        for (uint32_t k = 1; k < 4; k++) {
                            w->coord[0][q + k] = (float)(w->coord[0][q] + (k & 1) * d);
                            w->coord[1][q + k] = (float)(w->coord[1][q] + (k >> 1) * d * tw / th);
                        }
                    }
                tmu_wave_out o = {.data = {ref[0], ref[1], ref[2], ref[3]}, .resident = NULL};
                assert_int_equal(tmu_unit_execute_ex(&tex, &smp, &op, TMU_MAX_LANES, NULL, &w->in, &o,
                                                     TMU_UNIT_GENERAL_ONLY, NULL),
                                 TMU_OK);
                static const unsigned flags[NFLAGS] = {TMU_UNIT_LOADS_SCALAR, TMU_UNIT_MAX_AVX2 | TMU_UNIT_LOADS_SCALAR, TMU_UNIT_NO_SIMD,
                                             TMU_UNIT_LOADS_GATHER, TMU_UNIT_MAX_AVX2 | TMU_UNIT_LOADS_GATHER};
                static const char *const fname[NFLAGS] = {"widest simd", "avx2 or less", "portable", "widest simd, gathers", "avx2 or less, gathers"};
                for (int fl = 0; fl < NFLAGS; fl++) {
                    tmu_wave_out g = {.data = {got[0], got[1], got[2], got[3]}, .resident = NULL};
                    memset(got, 0xA5, sizeof got);
                    assert_int_equal(tmu_unit_plan_init(&plan, &tex, &smp, &op, TMU_MAX_LANES, &w->in, &g, flags[fl], NULL),
                                     TMU_OK);
                    if (tmu_unit_plan_fast_kind(&plan) != 2)
                        fail_msg("%s: no tiled fast path", what);
                    /* and from a copy 8 bytes off the original's alignment mod 64 (the tables the plan keeps
                     * lie where its first 64-byte boundary was: fast.h fast_tiled_pre.pad) */
                    tmu_unit_plan *moved = (tmu_unit_plan *)(void *)(moved_mem + 64 - (uintptr_t)moved_mem % 64 +
                                                                     ((uintptr_t)&plan + 8) % 64);
                    memcpy(moved, &plan, sizeof plan);
                    for (int mv = 0; mv < 2; mv++) {
                        memset(got, 0xA5, sizeof got);
                        assert_int_equal(tmu_unit_plan_execute(mv ? moved : &plan, NULL, &w->in, &g, NULL), TMU_OK);
                        for (uint32_t l = 0; l < TMU_MAX_LANES; l++)
                            for (int k = 0; k < 4; k++)
                                if (got[k][l] != ref[k][l])
                                    fail_msg("%s case %d (%s%s) lane %u word %d: 0x%08x, general 0x%08x (s=%a t=%a "
                                             "lod=%a)",
                                             what, c, fname[fl], mv ? ", moved plan" : "", l,
                                             k, got[k][l], ref[k][l], (double)w->coord[0][l], (double)w->coord[1][l],
                                             (double)w->lod[l]);
                        lanes += TMU_MAX_LANES;
                        calls++;
                    }
                }
            }
            free(mem);
        }
    printf("tiled mips: %ld calls (5 layouts, blocks on one, two and more levels, implicit LOD; each plan also run "
           "moved), %ld lanes bit-identical to the general path\n",
           calls, lanes);
    free(w);
    free(s);
}

/* The fast paths a single-level call is compared on (NFLAGS), and their names. */
static const unsigned path_flags[NFLAGS] = {TMU_UNIT_LOADS_SCALAR, TMU_UNIT_MAX_AVX2 | TMU_UNIT_LOADS_SCALAR,
                                            TMU_UNIT_NO_SIMD, TMU_UNIT_LOADS_GATHER,
                                            TMU_UNIT_MAX_AVX2 | TMU_UNIT_LOADS_GATHER};
static const char *const path_name[NFLAGS] = {"widest simd", "avx2 or less", "portable", "widest simd, gathers",
                                              "avx2 or less, gathers"};

/* The call (tex, smp, op) on w's lanes as a prepared call on each fast path (path_flags), which
 * must be the tiled one, every result word against `ref` (the general path's); adds the calls and
 * lanes made. */
static void compare_paths(const tmu_texture *tex, const tmu_sampler *smp, const tmu_op *op, test_wave *w,
                          uint32_t ref[4][TMU_MAX_LANES], const char *what, int c, long *calls, long *lanes)
{
    static uint32_t got[4][TMU_MAX_LANES];
    static tmu_unit_plan plan;
    for (int fl = 0; fl < NFLAGS; fl++) {
        tmu_wave_out g = {.data = {got[0], got[1], got[2], got[3]}, .resident = NULL};
        memset(got, 0xA5, sizeof got);
        assert_int_equal(tmu_unit_plan_init(&plan, tex, smp, op, TMU_MAX_LANES, &w->in, &g, path_flags[fl], NULL),
                         TMU_OK);
        if (tmu_unit_plan_fast_kind(&plan) != 2)
            fail_msg("%s case %d: no tiled fast path", what, c);
        assert_int_equal(tmu_unit_plan_execute(&plan, NULL, &w->in, &g, NULL), TMU_OK);
        for (uint32_t l = 0; l < TMU_MAX_LANES; l++)
            for (int k = 0; k < 4; k++)
                if (got[k][l] != ref[k][l])
                    fail_msg("%s case %d (%s, %s, op %s) lane %u word %d: 0x%08x, general 0x%08x "
                             "(s=%a t=%a x=%d y=%d)",
                             what, c, path_name[fl], tmu_address_name(smp->address[0]), tmu_op_kind_name(op->kind), l,
                             k, got[k][l], ref[k][l], (double)w->coord[0][l], (double)w->coord[1][l], w->icoord[0][l],
                             w->icoord[1][l]);
        *lanes += TMU_MAX_LANES;
        (*calls)++;
    }
}

/* Single-level calls on the layouts and sizes of tmu bench sample's tiled rows (1024^2 RGBA8,
 * 512^2 RGBA32F, and smaller and non-square ones): nearest, bilinear, gather and texelFetch, repeat
 * and clamp-to-edge, random coordinates (a texelFetch lane in 4 with one coordinate far out of
 * range: INT32_MIN, INT32_MAX, below -size, beyond the size), coherent blocks (neighbouring texels
 * of a row) and coordinates within a texel of the edges; every result word against the general path, with the
 * widest SIMD, with AVX2 at most and portable.  At the bench's sizes these layouts' level-0 tables
 * take the AVX-512 and the AVX2 kernels' short forms (fast.h fast_tiled_one.t52 and t34: their
 * tails are bit-linear),
 * which the test checks is so, so that the short form is what runs there. */
static void test_tiled_single_level(void **state)
{
    (void)state;
    static const uint32_t sizes[4][2] = {{1024, 1024}, {512, 512}, {256, 64}, {100, 37}};
    static uint32_t ref[4][TMU_MAX_LANES];
    tmu_surface *s = malloc(sizeof *s);
    test_wave *w = wave_2d();
    assert_non_null(s);
    uint64_t seed = 0x5153ull;
    long lanes = 0, calls = 0, short_form = 0, short_form3 = 0;
    for (int f = 0; f < 5; f++)
        for (int z = 0; z < 4; z++)
            for (int rgba8 = 0; rgba8 < 2; rgba8++) {
                uint32_t tw = sizes[z][0], th = sizes[z][1], levels = 1, m = tw > th ? tw : th;
                if (z == 0 && !rgba8)
                    continue; /* the bench's RGBA32F rows are 512^2 */
                while (m >> levels)
                    levels++;
                uint32_t bytes = rgba8 ? 4 : 16;
                char what[128];
                snprintf(what, sizeof what, "%s %ux%u %s", family_name(&bench[f], xors[f]), tw, th,
                         rgba8 ? "RGBA8" : "RGBA32F");
                if (make_surface(s, &bench[f], bytes, tw, th, 1, levels, xors[f]) != TMU_OK)
                    fail_msg("%s: the layout refused the surface", what);
                unsigned char *mem = malloc((size_t)s->size);
                assert_non_null(mem);
                fill_random(mem, (size_t)s->size, rgba8, 0, &seed);
                tmu_texture tex;
                tiled_texture(&tex, s, rgba8 ? TMU_FORMAT_R8G8B8A8_UNORM : TMU_FORMAT_R32G32B32A32_FLOAT, tw, th,
                              levels, 0, mem);
                int pow2 = (tw & (tw - 1)) == 0 && (th & (th - 1)) == 0;
                for (int c = 0; c < 24; c++) {
                    tmu_sampler smp = tmu_sampler_default();
                    int kind = c % 4; /* 0 nearest, 1 bilinear, 2 gather, 3 fetch */
                    smp.mag_filter = smp.min_filter = kind == 0 ? TMU_FILTER_NEAREST : TMU_FILTER_LINEAR;
                    smp.mip_filter = TMU_MIP_NONE;
                    smp.address[0] = smp.address[1] = pow2 && c / 4 % 2 ? TMU_ADDRESS_REPEAT : TMU_ADDRESS_CLAMP_TO_EDGE;
                    tmu_op op = test_op(kind == 3 ? TMU_OP_FETCH : kind == 2 ? TMU_OP_GATHER : TMU_OP_SAMPLE, TMU_DIM_2D,
                                        TMU_LEVEL_BASE);
                    /* gathers: the component turns with the size too, so that each layout gathers
                     * every component 0-3 under each coordinate pattern (random, coherent, edges) */
                    op.component = (uint8_t)((c / 4 + (kind == 2 ? z : 0)) % 4);
                    int pattern = c / 8; /* 0 random, 1 coherent blocks, 2 within a texel of the edges */
                    for (uint32_t b = 0; b < TMU_MAX_LANES; b += 16) {
                        double x0 = test_randf(&seed, -2, tw + 2.0), y0 = test_randf(&seed, -2, th + 2.0);
                        for (uint32_t l = b; l < b + 16; l++) {
                            double u = test_randf(&seed, -1.5, 2.5), v = test_randf(&seed, -1.5, 2.5);
                            if (pattern == 1)
                                u = (x0 + (l - b) + test_randf(&seed, 0, 1)) / tw, v = (y0 + test_randf(&seed, 0, 2)) / th;
                            else if (pattern == 2) {
                                uint64_t r = test_rand(&seed);
                                u = (r & 1 ? 1.0 : 0.0) + test_randf(&seed, -1, 1) / tw + (double)(int)(r >> 4 & 1);
                                v = (r & 2 ? 1.0 : 0.0) + test_randf(&seed, -1, 1) / th - (double)(int)(r >> 5 & 1);
                            }
                            w->coord[0][l] = (float)u, w->coord[1][l] = (float)v;
                            w->icoord[0][l] = pattern == 2 ? (int32_t)(test_rand(&seed) % 3) - 1 + (test_rand(&seed) & 1 ? (int32_t)tw - 1 : 0)
                                                           : (int32_t)(test_rand(&seed) % tw);
                            w->icoord[1][l] = pattern == 2 ? (int32_t)(test_rand(&seed) % 3) - 1 + (test_rand(&seed) & 1 ? (int32_t)th - 1 : 0)
                                                           : (int32_t)(test_rand(&seed) % th);
                            if (pattern == 0 && l % 4 == 3) { /* a fetch coordinate far out of range */
                                uint64_t r = test_rand(&seed);
                                int a = (int)(r >> 2 & 1);
                                int32_t size = (int32_t)(a ? th : tw), far[4] = {INT32_MIN, INT32_MAX, -size - 7, 0};
                                far[3] = size + (int32_t)(r >> 8 & 4095);
                                w->icoord[a][l] = far[r & 3];
                            }
                        }
                    }
                    tmu_wave_out o = {.data = {ref[0], ref[1], ref[2], ref[3]}, .resident = NULL};
                    assert_int_equal(tmu_unit_execute_ex(&tex, &smp, &op, TMU_MAX_LANES, NULL, &w->in, &o,
                                                         TMU_UNIT_GENERAL_ONLY, NULL),
                                     TMU_OK);
                    compare_paths(&tex, &smp, &op, w, ref, what, c, &calls, &lanes);
                }
                /* the short form where the bench's rows run (power-of-two sizes up to 1024) */
                fast_consts *kc = malloc(sizeof *kc);
                assert_non_null(kc);
                tmu_sampler smp = tmu_sampler_default();
                tmu_op op = test_op(TMU_OP_FETCH, TMU_DIM_2D, TMU_LEVEL_BASE);
                assert_int_equal(tmu_unit_fast_prepare(kc, &tex, &smp, &op, &w->in, &w->out, 1), 1);
                if (pow2 && !kc->tiled_one.t52)
                    fail_msg("%s: level 0's tables do not take the short form", what);
                if (pow2 && !kc->tiled_one.t34)
                    fail_msg("%s: level 0's tables do not take the AVX2 short form", what);
                short_form += kc->tiled_one.t52 != 0;
                short_form3 += kc->tiled_one.t34 != 0;
                free(kc);
                free(mem);
            }
    printf("tiled single level: %ld calls (5 layouts; nearest, bilinear, gather, fetch; random, coherent, edges), "
           "%ld lanes bit-identical to the general path; %ld of 35 textures with the short form of level 0's tables, "
           "%ld with the AVX2 one\n",
           calls, lanes, short_form, short_form3);
    free(w);
    free(s);
}

/* Tiled RGBA8 gathers on the bench's layouts at 1024^2 (4 MiB: above fast.c TILED_ROWS_MIN_BYTES,
 * so that with hardware gathers on AVX-512 each footprint row is read by 64-bit gathers,
 * fast_avx512.c texel_rows), the surface's memory ending right before a PROT_NONE guard page:
 * waves whose footprint rows are adjacent in memory in every lane, in none (more second texels
 * than one 32-bit gather holds), in half the lanes of each block (exactly one gather's worth) and
 * at random, lanes whose first texel is the surface's last word (no 64-bit read there: one
 * would fault), repeat and clamp-to-edge; adjacency is the layout's (tmu_texel_address), not the
 * kernel's.  Every result word against the general path, on every fast path. */
static int row_adjacent(const tmu_texture *tex, uint32_t x, uint32_t y, int repeat)
{
    uint32_t x1 = x + 1 < tex->width ? x + 1 : repeat ? 0 : x;
    const unsigned char *a = tmu_texel_address(tex, 0, x, y, 0, 0), *b = tmu_texel_address(tex, 0, x1, y, 0, 0);
    return b == a + 4;
}

static void test_tiled_gather_rows(void **state)
{
    (void)state;
    static uint32_t ref[4][TMU_MAX_LANES];
    const uint32_t n = 1024;
    long page = sysconf(_SC_PAGESIZE);
    assert_true(page > 0);
    tmu_surface *s = malloc(sizeof *s);
    test_wave *w = wave_2d();
    assert_non_null(s);
    uint64_t seed = 0x64E0ull;
    long lanes = 0, calls = 0, last_found = 0;
    for (int f = 0; f < 5; f++) {
        char what[128];
        snprintf(what, sizeof what, "%s %ux%u RGBA8", family_name(&bench[f], xors[f]), n, n);
        assert_int_equal(make_surface(s, &bench[f], 4, n, n, 1, 1, xors[f]), TMU_OK);
        size_t size = (size_t)s->size, span = (size + (size_t)page - 1) / (size_t)page * (size_t)page;
        unsigned char *map = mmap(NULL, span + (size_t)page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
                                  -1, 0);
        assert_true(map != MAP_FAILED);
        assert_int_equal(mprotect(map + span, (size_t)page, PROT_NONE), 0);
        unsigned char *mem = map + span - size;
        fill_random(mem, size, 1, 0, &seed);
        tmu_texture tex;
        tiled_texture(&tex, s, TMU_FORMAT_R8G8B8A8_UNORM, n, n, 1, 0, mem);
        assert_int_equal(tmu_texture_validate(&tex, NULL), TMU_OK);
        /* the texel in the surface's last word, if one is (searched from the last rows up) */
        int32_t lx = -1, ly = -1;
        for (uint32_t y = n; y-- > 0 && lx < 0;)
            for (uint32_t x = 0; x < n; x++)
                if ((const unsigned char *)tmu_texel_address(&tex, 0, x, y, 0, 0) == mem + size - 4) {
                    lx = (int32_t)x, ly = (int32_t)y;
                    break;
                }
        last_found += lx >= 0;
        for (int c = 0; c < 16; c++) {
            int repeat = c % 2, pattern = c / 2 % 4, with_last = c >= 8;
            tmu_sampler smp = tmu_sampler_default();
            smp.mip_filter = TMU_MIP_NONE;
            smp.address[0] = smp.address[1] = repeat ? TMU_ADDRESS_REPEAT : TMU_ADDRESS_CLAMP_TO_EDGE;
            tmu_op op = test_op(TMU_OP_GATHER, TMU_DIM_2D, TMU_LEVEL_BASE);
            op.component = (uint8_t)(c % 4);
            for (uint32_t l = 0; l < TMU_MAX_LANES; l++) {
                /* pattern 0: both rows adjacent; 1: neither; 2: the even lanes of a block; 3: any */
                int want = pattern == 0 ? 1 : pattern == 1 ? 0 : pattern == 2 ? !(l & 1) : -1;
                uint32_t x, y;
                for (int tries = 0;; tries++) {
                    x = (uint32_t)(test_rand(&seed) % n), y = (uint32_t)(test_rand(&seed) % n);
                    uint32_t y1 = y + 1 < n ? y + 1 : repeat ? 0 : y;
                    int a = row_adjacent(&tex, x, y, repeat), b = row_adjacent(&tex, x, y1, repeat);
                    if (want < 0 || (a == want && b == want))
                        break;
                    assert_true(tries < 100000);
                }
                if (with_last && lx >= 0 && l % 16 == 5) /* the footprint's first texel: the last word */
                    x = (uint32_t)lx, y = (uint32_t)ly;
                w->coord[0][l] = (float)((x + 0.75) / n), w->coord[1][l] = (float)((y + 0.75) / n);
            }
            tmu_wave_out o = {.data = {ref[0], ref[1], ref[2], ref[3]}, .resident = NULL};
            assert_int_equal(tmu_unit_execute_ex(&tex, &smp, &op, TMU_MAX_LANES, NULL, &w->in, &o,
                                                 TMU_UNIT_GENERAL_ONLY, NULL),
                             TMU_OK);
            char what_p[160];
            snprintf(what_p, sizeof what_p, "%s pattern %d", what, pattern);
            compare_paths(&tex, &smp, &op, w, ref, what_p, c, &calls, &lanes);
        }
        assert_int_equal(munmap(map, span + (size_t)page), 0);
    }
    printf("tiled gather rows: %ld calls (5 layouts at 1024^2; footprint rows adjacent in all, no, half the lanes, "
           "random; %ld of 5 surfaces with a texel in their last word, read by a lane), %ld lanes bit-identical to the "
           "general path\n",
           calls, last_found, lanes);
    free(w);
    free(s);
}

/* One texture: a random call (sampler, op, lanes, mask, coordinates) through the general path and
 * three prepared calls (widest SIMD, AVX2 or less, portable); returns 1 when the prepared calls
 * took the tiled fast path.  `edges`: coordinates within a texel of the edges. */
static int compare_call(const tmu_texture *tex, uint64_t *seed, int edges, const char *what, long *lanes_compared)
{
    static uint32_t ref[4][TMU_MAX_LANES], got[4][TMU_MAX_LANES];
    static test_wave *w;
    if (!w)
        w = test_wave_new();
    assert_non_null(w);
    uint32_t tw = tex->width, th = tex->height, levels = tex->levels;
    tmu_sampler smp = tmu_sampler_default();
    static const tmu_address modes[3] = {TMU_ADDRESS_REPEAT, TMU_ADDRESS_CLAMP_TO_EDGE, TMU_ADDRESS_MIRRORED_REPEAT};
    smp.address[0] = smp.address[1] = modes[test_rand(seed) % 16 == 0 ? 2 : test_rand(seed) & 1];
    smp.mag_filter = smp.min_filter = (tmu_filter)(test_rand(seed) & 1);
    smp.mip_filter = (tmu_mip_filter)(test_rand(seed) % 3);
    smp.precision = (tmu_precision)(test_rand(seed) % 8 == 0 ? 2 : 0);
    if (test_rand(seed) % 4 == 0)
        smp.lod_bias = (float)test_randf(seed, -2, 2);
    if (test_rand(seed) % 4 == 0)
        smp.min_lod = (float)test_randf(seed, -1, 3);
    if (test_rand(seed) % 4 == 0)
        smp.max_lod = (float)test_randf(seed, 0, 5);
    tmu_op op = test_op(TMU_OP_SAMPLE, TMU_DIM_2D, (test_rand(seed) & 1) ? TMU_LEVEL_LOD : TMU_LEVEL_BASE);
    uint64_t kind = test_rand(seed) % 8;
    if (kind == 0)
        op = test_op(TMU_OP_FETCH, TMU_DIM_2D, TMU_LEVEL_BASE);
    else if (kind == 1 && !edges)
        op.level_mode = TMU_LEVEL_IMPLICIT;
    else if (kind <= 3) {
        op.kind = TMU_OP_GATHER;
        op.component = (uint8_t)(test_rand(seed) & 3);
    }
    int implicit = op.kind == TMU_OP_SAMPLE && op.level_mode == TMU_LEVEL_IMPLICIT;
    uint32_t lanes = (test_rand(seed) & 1) ? TMU_MAX_LANES : 1 + (uint32_t)(test_rand(seed) % TMU_MAX_LANES);
    if (implicit)
        lanes = lanes < 4 ? 4 : lanes & ~3u;
    uint64_t exec[2] = {~0ull, ~0ull};
    if (test_rand(seed) % 4 == 0)
        exec[0] = test_rand(seed) | test_rand(seed), exec[1] = test_rand(seed) | test_rand(seed);
    int special = !edges && (int)(test_rand(seed) % 4 == 0);
    for (uint32_t l = 0; l < lanes; l++) {
        if (edges) { /* within a texel of an edge (both sides, wrapped too), or anywhere */
            uint64_t r = test_rand(seed);
            double fu = test_randf(seed, 0, 1), fv = test_randf(seed, 0, 1);
            if (r & 1)
                fu = (r & 2) ? 1.0 - test_randf(seed, -0.7, 0.7) / tw : test_randf(seed, -0.7, 0.7) / tw;
            if (r & 4)
                fv = (r & 8) ? 1.0 - test_randf(seed, -0.7, 0.7) / th : test_randf(seed, -0.7, 0.7) / th;
            w->coord[0][l] = (float)(fu + (double)(int)(r >> 8 & 3) - 1.0);
            w->coord[1][l] = (float)(fv + (double)(int)(r >> 10 & 1));
            uint32_t e = (uint32_t)(r >> 12);
            w->icoord[0][l] = (e & 1) ? (int32_t)tw - 1 - (int32_t)(e >> 1 & 1) : (int32_t)(e >> 1 & 1);
            w->icoord[1][l] = (e & 4) ? (int32_t)th - 1 - (int32_t)(e >> 3 & 1) : (int32_t)(test_rand(seed) % th);
        } else {
            w->coord[0][l] = pick_coord(seed, special);
            w->coord[1][l] = pick_coord(seed, special);
            w->icoord[0][l] = (int32_t)(test_rand(seed) % (tw + 4)) - 2;
            w->icoord[1][l] = (int32_t)(test_rand(seed) % (th + 4)) - 2;
        }
        w->lod[l] = (special && test_rand(seed) % 16 == 0) ? NAN : (float)test_randf(seed, -2, levels + 1.0);
        w->ilod[l] = (int32_t)(test_rand(seed) % (levels + 2)) - 1;
        if (edges && test_rand(seed) % 4 != 0) /* fetch edges of the level read */
            w->ilod[l] = (int32_t)(test_rand(seed) % levels), w->icoord[0][l] = (int32_t)tmu_level_size(tw, (uint32_t)w->ilod[l]) - 1;
    }
    /* coherent blocks: lanes on neighbouring texels of one to three rows */
    if (!implicit && !edges && test_rand(seed) % 4 == 0)
        for (uint32_t b = 0; b < lanes; b += 16) {
            double x0 = test_randf(seed, -3, tw + 3.0), y0 = test_randf(seed, -3, th + 3.0);
            double rows = (double)(1 + test_rand(seed) % 3);
            for (uint32_t k = b; k < lanes && k < b + 16; k++) {
                double px = x0 + (k - b) + test_randf(seed, 0, 1), py = y0 + test_randf(seed, 0, rows) - 0.5;
                w->coord[0][k] = (float)(px / tw), w->coord[1][k] = (float)(py / th);
            }
        }
    /* implicit LOD: half the time the quads of a plane on neighbouring texels, 8 quads of 2 x 2
     * texels a row (the AVX-512 kernel's blocks then lie mostly on one level: fast_simd.inc
     * mip_level_index builds that level's tables, level_params_at, tiled_axis2_at) */
    if (implicit && test_rand(seed) % 2 == 0) {
        double x0 = test_randf(seed, -3, tw + 3.0), y0 = test_randf(seed, -3, th + 3.0);
        for (uint32_t q = 0; q < lanes; q += 4) {
            w->coord[0][q] = (float)((x0 + 2.0 * (q / 4 % 8) + test_randf(seed, 0, 1)) / tw);
            w->coord[1][q] = (float)((y0 + 2.0 * (q / 32) + test_randf(seed, 0, 1)) / th);
        }
    }
    for (uint32_t q = 0; implicit && q < lanes; q += 4) { /* quads of a surface */
        if (test_rand(seed) % 4 == 0)
            continue;
        double step = ldexp(1.0, -(int)(test_rand(seed) % 16)) * test_randf(seed, 0.5, 1.0);
        double dsx = test_randf(seed, -step, step), dtx = test_randf(seed, -step, step);
        double dsy = test_randf(seed, -step, step), dty = test_randf(seed, -step, step);
        for (uint32_t k = 0; k < 4; k++) {
            w->coord[0][q + k] = (float)((double)w->coord[0][q] + (k & 1) * dsx + (k >> 1) * dsy);
            w->coord[1][q + k] = (float)((double)w->coord[1][q] + (k & 1) * dtx + (k >> 1) * dty);
        }
    }
    w->in.ilod = test_rand(seed) & 1 ? w->ilod : NULL;
    w->in.sample = NULL;
    tmu_wave_out o = {.data = {ref[0], ref[1], ref[2], ref[3]}, .resident = NULL};
    for (int c = 0; c < 4; c++)
        for (uint32_t l = 0; l < TMU_MAX_LANES; l++)
            ref[c][l] = 0xA5A5A5A5u ^ l;
    assert_int_equal(tmu_unit_execute_ex(tex, &smp, &op, lanes, exec, &w->in, &o, TMU_UNIT_GENERAL_ONLY, NULL), TMU_OK);
    static const unsigned flags[NFLAGS] = {TMU_UNIT_LOADS_SCALAR, TMU_UNIT_MAX_AVX2 | TMU_UNIT_LOADS_SCALAR, TMU_UNIT_NO_SIMD,
                                             TMU_UNIT_LOADS_GATHER, TMU_UNIT_MAX_AVX2 | TMU_UNIT_LOADS_GATHER};
    static const char *const fname[NFLAGS] = {"widest simd", "avx2 or less", "portable", "widest simd, gathers", "avx2 or less, gathers"};
    static tmu_unit_plan plans[2];
    int tiled = 0;
    for (int f = 0; f < NFLAGS; f++) {
        tmu_wave_out g = {.data = {got[0], got[1], got[2], got[3]}, .resident = NULL};
        for (int c = 0; c < 4; c++)
            for (uint32_t l = 0; l < TMU_MAX_LANES; l++)
                got[c][l] = 0xA5A5A5A5u ^ l;
        assert_int_equal(tmu_unit_plan_init(&plans[0], tex, &smp, &op, lanes, &w->in, &g, flags[f], NULL), TMU_OK);
        int kindf = tmu_unit_plan_fast_kind(&plans[0]);
        if (f == 0)
            tiled = kindf == 2;
        else if ((kindf == 2) != tiled)
            fail_msg("%s: the tiled fast path is taken with one SIMD level and not another", what);
        plans[1] = plans[0]; /* run from a copy */
        memset(&plans[0], 0xEE, sizeof plans[0]);
        assert_int_equal(tmu_unit_plan_execute(&plans[1], exec, &w->in, &g, NULL), TMU_OK);
        for (uint32_t l = 0; l < TMU_MAX_LANES; l++)
            for (int c = 0; c < 4; c++)
                if (got[c][l] != ref[c][l])
                    fail_msg("%s (%s, %s filter %d mip %d prec %d, op %s mode %d comp %d, %s) lane %u word %d: "
                             "0x%08x, general 0x%08x (s=%a t=%a lod=%a x=%d y=%d ilod=%d)",
                             what, tmu_address_name(smp.address[0]), fname[f], smp.mag_filter, smp.mip_filter,
                             smp.precision, tmu_op_kind_name(op.kind), op.level_mode, op.component,
                             kindf == 2 ? "tiled fast path" : kindf ? "fast path" : "general path", l, c, got[c][l],
                             ref[c][l], (double)w->coord[0][l], (double)w->coord[1][l], (double)w->lod[l],
                             w->icoord[0][l], w->icoord[1][l], w->in.ilod ? w->ilod[l] : 0);
    }
    *lanes_compared += lanes;
    return tiled;
}

static void test_tiled_equals_general(void **state)
{
    (void)state;
    const char *env = getenv("TMU_TEST_LONG");
    long cases = env && *env == '1' ? 30000 : 3000;
#ifndef __OPTIMIZE__
    cases /= 3;
#endif
    uint64_t seed = 0x711EDull;
    tmu_surface *s = malloc(sizeof *s);
    assert_non_null(s);
    long lanes = 0, tiled_calls = 0, calls = 0, surfaces = 0, refused = 0;
    for (long n = 0; n < cases; n++) {
        family f = random_family(&seed);
        int rgba8 = (int)(test_rand(&seed) & 1);
        uint32_t bytes = rgba8 ? 4 : 16;
        int pow2 = test_rand(&seed) % 4 != 0;
        uint32_t tw = pow2 ? 1u << (test_rand(&seed) % 8) : 1 + (uint32_t)(test_rand(&seed) % 90);
        uint32_t th = pow2 ? 1u << (test_rand(&seed) % 8) : 1 + (uint32_t)(test_rand(&seed) % 90);
        if (test_rand(&seed) % 32 == 0) /* a large one */
            tw = 512u << (test_rand(&seed) % 2), th = 256u << (test_rand(&seed) % 3);
        uint32_t chain = 1, m = tw > th ? tw : th;
        while (m >> chain)
            chain++;
        uint32_t levels = 1 + (uint32_t)(test_rand(&seed) % chain);
        if (test_rand(&seed) % 2)
            levels = chain;
        uint32_t slices = test_rand(&seed) % 4 == 0 ? 1 + (uint32_t)(test_rand(&seed) % 3) : 1;
        uint32_t xor_ = (uint32_t)(test_rand(&seed) % 8);
        char what[160];
        snprintf(what, sizeof what, "case %ld: %s %s %ux%u levels %u layer of %u", n, family_name(&f, xor_),
                 rgba8 ? "RGBA8" : "RGBA32F", tw, th, levels, slices);
        if (make_surface(s, &f, bytes, tw, th, slices, levels, xor_) != TMU_OK) {
            refused++;
            continue;
        }
        int addressable = 1;
        for (uint32_t l = 0; l < levels; l++)
            addressable &= tmu_surface_level_addressable(s, l);
        if (!addressable) {
            refused++;
            continue;
        }
        surfaces++;
        unsigned char *mem = malloc((size_t)s->size);
        assert_non_null(mem);
        fill_random(mem, (size_t)s->size, rgba8, test_rand(&seed) % 8 == 0, &seed);
        tmu_texture tex;
        tiled_texture(&tex, s, rgba8 ? TMU_FORMAT_R8G8B8A8_UNORM : TMU_FORMAT_R32G32B32A32_FLOAT, tw, th, levels,
                      (uint32_t)(test_rand(&seed) % slices), mem);
        if (test_rand(&seed) % 4 == 0) { /* a view: its levels move into the surface */
            tex.base_level = (uint32_t)(test_rand(&seed) % levels);
            tex.level_count = (uint32_t)(test_rand(&seed) % (levels - tex.base_level + 1));
        }
        assert_int_equal(tmu_texture_validate(&tex, NULL), TMU_OK);
        for (int k = 0; k < 3; k++) {
            tiled_calls += compare_call(&tex, &seed, 0, what, &lanes);
            calls++;
        }
        free(mem);
    }
    printf("tiled fast == general: %ld calls on %ld tiled textures (%ld descriptions refused by the layout), %ld "
           "took the tiled fast path; %ld lanes x 4 words x 3 (%s, avx2 or less, portable) bit-identical\n",
           calls, surfaces, refused, tiled_calls, lanes, tmu_unit_simd_name());
    assert_true(tiled_calls > calls / 2);
    free(s);
}

static void test_tiled_edges(void **state)
{
    (void)state;
    long page = sysconf(_SC_PAGESIZE);
    assert_true(page > 0);
    uint64_t seed = 0xED6Eull;
    tmu_surface *s = malloc(sizeof *s);
    assert_non_null(s);
    long lanes = 0, tiled_calls = 0, calls = 0;
    int n_cases = 300;
#ifndef __OPTIMIZE__
    n_cases /= 3;
#endif
    for (int n = 0; n < n_cases; n++) {
        const family *f = &targets[(unsigned)n % NTARGETS];
        int rgba8 = n % 3 != 2;
        uint32_t bytes = rgba8 ? 4 : 16;
        uint32_t tw = 1u << (test_rand(&seed) % 9), th = 1u << (test_rand(&seed) % 9);
        if (n % 5 == 4)
            tw = 1 + (uint32_t)(test_rand(&seed) % 200), th = 1 + (uint32_t)(test_rand(&seed) % 200);
        uint32_t chain = 1, m = tw > th ? tw : th;
        while (m >> chain)
            chain++;
        uint32_t levels = n % 2 ? chain : 1 + (uint32_t)(test_rand(&seed) % chain);
        uint32_t xor_ = (uint32_t)(test_rand(&seed) % 8);
        char what[160];
        snprintf(what, sizeof what, "edges %d: %s %s %ux%u levels %u", n, family_name(f, xor_),
                 rgba8 ? "RGBA8" : "RGBA32F", tw, th, levels);
        assert_int_equal(make_surface(s, f, bytes, tw, th, 1, levels, xor_), TMU_OK);
        size_t size = (size_t)s->size, span = (size + (size_t)page - 1) / (size_t)page * (size_t)page;
        unsigned char *map = mmap(NULL, span + (size_t)page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
                                  -1, 0);
        assert_true(map != MAP_FAILED);
        assert_int_equal(mprotect(map + span, (size_t)page, PROT_NONE), 0);
        unsigned char *mem = map + span - size; /* the surface's last byte ends at the guard page */
        fill_random(mem, size, rgba8, 0, &seed);
        tmu_texture tex;
        tiled_texture(&tex, s, rgba8 ? TMU_FORMAT_R8G8B8A8_UNORM : TMU_FORMAT_R32G32B32A32_FLOAT, tw, th, levels, 0,
                      mem);
        assert_int_equal(tmu_texture_validate(&tex, NULL), TMU_OK);
        for (int k = 0; k < 4; k++) {
            tiled_calls += compare_call(&tex, &seed, 1, what, &lanes);
            calls++;
        }
        assert_int_equal(munmap(map, span + (size_t)page), 0);
    }
    printf("tiled edges: %ld calls (%ld on the tiled fast path), surfaces ending at a guard page, %ld lanes x 3 "
           "bit-identical to the general path\n",
           calls, tiled_calls, lanes);
    assert_true(tiled_calls > calls / 2);
    free(s);
}

/* The tiled fast paths (plan preparation included) on a thread with a 256 KiB stack and a guard
 * page below it (as tests/unit/test_unit_stack.c does for the others): every SIMD level, RGBA8
 * trilinear, bilinear, gather and fetch with ilod, RGBA32F bilinear and nearest, on a PS4 2D thin
 * mip chain; results equal to the same calls on the main thread. */
#include <pthread.h>
/* ASan builds (CI stage 4: gcc -O2 with ASan + UBSan) put redzones around every stack object, and
 * the inlined SIMD kernels' frames grow several-fold: there the stack is 1 MiB.  Every other
 * build, the clang -O0 ASan stage included, keeps 256 KiB. */
#if defined(__SANITIZE_ADDRESS__) && !defined(__clang__)
#define TMU_TEST_STACK_KIB 1024u
#else
#define TMU_TEST_STACK_KIB 256u
#endif
#define TILED_STACK (TMU_TEST_STACK_KIB * 1024u)
enum { NSTACK = 6 * 3 };

typedef struct stack_job {
    const tmu_texture *tex[2];
    test_wave *w;
    uint32_t out[2][NSTACK][4][TMU_MAX_LANES];
    int kind[NSTACK];
} stack_job;

static void stack_calls(stack_job *j, int which)
{
    static const unsigned flags[3] = {0, TMU_UNIT_MAX_AVX2, TMU_UNIT_NO_SIMD};
    for (int n = 0; n < NSTACK; n++) {
        int c = n / 3;
        tmu_sampler smp = tmu_sampler_default();
        tmu_op op = test_op(TMU_OP_SAMPLE, TMU_DIM_2D, TMU_LEVEL_LOD);
        smp.mip_filter = c == 0 ? TMU_MIP_LINEAR : TMU_MIP_NONE;
        smp.mag_filter = smp.min_filter = c == 5 ? TMU_FILTER_NEAREST : TMU_FILTER_LINEAR;
        if (c == 2)
            op.kind = TMU_OP_GATHER, op.component = 2;
        if (c == 3)
            op = test_op(TMU_OP_FETCH, TMU_DIM_2D, TMU_LEVEL_BASE);
        tmu_wave_in in = j->w->in;
        in.ilod = c == 3 ? j->w->ilod : NULL;
        in.sample = NULL;
        tmu_wave_out o = {.data = {j->out[which][n][0], j->out[which][n][1], j->out[which][n][2], j->out[which][n][3]},
                          .resident = NULL};
        tmu_unit_plan plan; /* on this stack */
        if (tmu_unit_plan_init(&plan, j->tex[c >= 4], &smp, &op, TMU_MAX_LANES, &in, &o, flags[n % 3], NULL) != TMU_OK ||
            tmu_unit_plan_execute(&plan, NULL, &in, &o, NULL) != TMU_OK)
            j->kind[n] = -1;
        else if (which)
            j->kind[n] = tmu_unit_plan_fast_kind(&plan);
    }
}

static void *stack_thread(void *arg)
{
    stack_calls((stack_job *)arg, 1);
    return NULL;
}

static void test_tiled_small_stack(void **state)
{
    (void)state;
    static const family ps4 = {"liverpool", 0, 14};
    tmu_surface *s8 = malloc(sizeof *s8), *s32 = malloc(sizeof *s32);
    assert_true(s8 && s32);
    assert_int_equal(make_surface(s8, &ps4, 4, 256, 128, 1, 9, 0), TMU_OK);
    assert_int_equal(make_surface(s32, &ps4, 16, 128, 64, 1, 8, 0), TMU_OK);
    unsigned char *m8 = malloc((size_t)s8->size), *m32 = malloc((size_t)s32->size);
    assert_true(m8 && m32);
    uint64_t seed = 0x57ACull;
    fill_random(m8, (size_t)s8->size, 1, 0, &seed);
    fill_random(m32, (size_t)s32->size, 0, 0, &seed);
    tmu_texture t8, t32;
    tiled_texture(&t8, s8, TMU_FORMAT_R8G8B8A8_UNORM, 256, 128, 9, 0, m8);
    tiled_texture(&t32, s32, TMU_FORMAT_R32G32B32A32_FLOAT, 128, 64, 8, 0, m32);
    stack_job *j = calloc(1, sizeof *j);
    assert_non_null(j);
    j->tex[0] = &t8, j->tex[1] = &t32;
    j->w = test_wave_new();
    assert_non_null(j->w);
    for (uint32_t l = 0; l < TMU_MAX_LANES; l++) {
        j->w->coord[0][l] = (float)test_randf(&seed, -1, 2), j->w->coord[1][l] = (float)test_randf(&seed, -1, 2);
        j->w->lod[l] = (float)test_randf(&seed, -1, 9);
        j->w->icoord[0][l] = (int32_t)(test_rand(&seed) % 256), j->w->icoord[1][l] = (int32_t)(test_rand(&seed) % 128);
        j->w->ilod[l] = (int32_t)(test_rand(&seed) % 9);
    }
    stack_calls(j, 0);
    long page = sysconf(_SC_PAGESIZE);
    unsigned char *map = mmap(NULL, TILED_STACK + (size_t)page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
                              -1, 0);
    assert_true(map != MAP_FAILED);
    assert_int_equal(mprotect(map, (size_t)page, PROT_NONE), 0); /* the guard, below the stack */
    pthread_attr_t attr;
    pthread_t tid;
    assert_int_equal(pthread_attr_init(&attr), 0);
    assert_int_equal(pthread_attr_setstack(&attr, map + page, TILED_STACK), 0);
    assert_int_equal(pthread_create(&tid, &attr, stack_thread, j), 0);
    assert_int_equal(pthread_join(tid, NULL), 0);
    pthread_attr_destroy(&attr);
    int tiled = 0;
    for (int n = 0; n < NSTACK; n++) {
        assert_true(j->kind[n] >= 0);
        tiled += j->kind[n] == 2;
        assert_memory_equal(j->out[0][n], j->out[1][n], sizeof j->out[0][n]);
    }
    assert_int_equal(tiled, NSTACK);
    printf("tiled small stack: %d prepared calls on the tiled fast paths in a %u KiB stack, results as on the main "
           "thread\n", NSTACK, TMU_TEST_STACK_KIB);
    munmap(map, TILED_STACK + (size_t)page);
    free(j->w);
    free(j);
    free(m8), free(m32), free(s8), free(s32);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tiled_model),
        cmocka_unit_test(test_tiled_equals_general),
        cmocka_unit_test(test_tiled_mips),
        cmocka_unit_test(test_tiled_single_level),
        cmocka_unit_test(test_tiled_edges),
        cmocka_unit_test(test_tiled_gather_rows),
        cmocka_unit_test(test_tiled_small_stack),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
