/* Fast paths vs the general path: bit-identical results on random cases.
 *
 * Each case draws a 2D texture (R8G8B8A8_UNORM or R32G32B32A32_FLOAT; power-of-two or not;
 * packed or with padded rows; random texels, sometimes NaN/Inf floats), a sampler (address
 * modes, filters, mip filter, precision model, bias and clamps), an op (sample with base or
 * explicit LOD, sample with implicit LOD (quads of a surface: coarse derivatives of every size,
 * or random quads), texel fetch (integer coordinates in and out of range, level ilod or none), or
 * gather of any component), a lane count, an execution mask and coordinates from a pool with
 * NaN, +/-Inf, denormals, +/-1e30 and ordinary values, or coherent blocks (lanes on
 * neighbouring texels of one to three rows, as the AVX-512 row spans read them).  The call
 * runs five times: general path only, fast path with the widest SIMD, with at most AVX2,
 * portable, and as a prepared call (tmu_unit_plan, run from a copy of the plan), and, for RGBA8
 * textures with repeat or clamp-to-edge addressing, twice more as a prepared call reading a
 * row-pair copy (tmu_unit_plan_use_pairs), with the widest SIMD and with at most AVX2 (the SIMD
 * runs alternate scalar texel loads and hardware gathers, TMU_UNIT_LOADS_*, so that each SIMD
 * level runs both on any CPU); all result words and the untouched lanes must be identical bit for bit.  Most cases are of the kinds
 * the fast paths specialise; some are not (then both run the general path).
 * Default ~2M lanes per comparison; TMU_TEST_LONG=1 runs 10x more. */
#define _DEFAULT_SOURCE /* mmap (MAP_ANONYMOUS), mprotect, sysconf: the guard page of test_fast_edge_pairs */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

#include <cmocka.h>
#include <sys/mman.h>
#include <unistd.h>

#include "unit/fast/fast.h"
#include "unit/unit_util.h"

static float pick_coord(uint64_t *seed, int kind)
{
    uint64_t r = test_rand(seed);
    if (kind == 0 || r % 64 != 0)
        return (float)test_randf(seed, -2.5, 2.5);
    static const float pool[] = {NAN, INFINITY, -INFINITY, 1e30f, -1e30f, 1e-40f, -1e-40f, 0.0f, -0.0f,
                                 0x1p26f, -0x1p26f, 0x1p29f, 0.5f, 1.0f, 0.999999f, 16777217.0f};
    return pool[(r >> 8) % (sizeof pool / sizeof pool[0])];
}

static void test_fast_equals_general(void **state)
{
    (void)state;
    const char *env = getenv("TMU_TEST_LONG");
    long cases = env && *env == '1' ? 220000 : 22000;
#ifndef __OPTIMIZE__
    cases /= 3; /* -O0 (+ sanitizers) builds: the CI's Debug stage keeps every test well under a minute */
#endif
    uint64_t seed = 0xfa57fa57ull;
    test_wave *w = test_wave_new();
    static uint32_t ref[4][TMU_MAX_LANES], simd[4][TMU_MAX_LANES], avx2[4][TMU_MAX_LANES], port[4][TMU_MAX_LANES],
        planned[4][TMU_MAX_LANES], paired[4][TMU_MAX_LANES], paired2[4][TMU_MAX_LANES];
    static tmu_unit_plan plans[2];
    long lanes_compared = 0, fast_cases = 0, pairs_cases = 0;
    for (long n = 0; n < cases; n++) {
        int rgba8 = (int)(test_rand(&seed) & 1);
        tmu_format fmt = rgba8 ? TMU_FORMAT_R8G8B8A8_UNORM : TMU_FORMAT_R32G32B32A32_FLOAT;
        int pow2 = (test_rand(&seed) % 4) != 0;
        uint32_t tw = pow2 ? 1u << (test_rand(&seed) % 7) : 1 + (uint32_t)(test_rand(&seed) % 40);
        uint32_t th = pow2 ? 1u << (test_rand(&seed) % 7) : 1 + (uint32_t)(test_rand(&seed) % 40);
        /* one case in 32: a level 0 of 512 KiB or more (RGBA8 gathers read footprints from one
         * index there: fast.c gather_quad), half of them gathers */
        int large = test_rand(&seed) % 32 == 0;
        if (large) {
            uint32_t min_texels = (512u << 10) / (rgba8 ? 4u : 16u);
            tw = pow2 ? 1u << (5 + test_rand(&seed) % 6) : 200 + (uint32_t)(test_rand(&seed) % 900);
            th = (min_texels + tw - 1) / tw + (uint32_t)(test_rand(&seed) % 8);
            if (pow2) {
                uint32_t p = 1;
                while (p < th)
                    p <<= 1;
                th = p;
            }
        }
        uint32_t chain = 1, m = tw > th ? tw : th;
        while (m > 1)
            m >>= 1, chain++;
        uint32_t levels = 1 + (uint32_t)(test_rand(&seed) % chain);
        /* layout: packed, or each row padded by `pad` texels (one allocation, exact size) */
        uint32_t pad = (test_rand(&seed) & 1) ? (uint32_t)(test_rand(&seed) % 5) : 0;
        size_t bpt = rgba8 ? 4 : 16, total = 0;
        for (uint32_t l = 0; l < levels; l++)
            total += (size_t)(tmu_level_size(tw, l) + pad) * tmu_level_size(th, l) * bpt;
        unsigned char *mem = malloc(total);
        assert_non_null(mem);
        int specials = !rgba8 && (test_rand(&seed) % 8 == 0);
        for (size_t b = 0; b < total; b += 4) {
            uint32_t r32 = (uint32_t)test_rand(&seed);
            if (!rgba8) {
                float f = (float)test_randf(&seed, -2, 2);
                if (specials && r32 % 16 == 0)
                    f = (r32 >> 4) & 1 ? NAN : (r32 >> 5) & 1 ? INFINITY : -INFINITY;
                memcpy(&r32, &f, 4);
            }
            memcpy(mem + b, &r32, 4);
        }
        tmu_texture tex;
        memset(&tex, 0, sizeof tex);
        tex.dim = TMU_DIM_2D, tex.format = fmt, tex.width = tw, tex.height = th, tex.depth = 1;
        tex.layers = 1, tex.levels = levels, tex.samples = 1;
        for (int c = 0; c < 4; c++)
            tex.swizzle[c] = (tmu_swizzle)c;
        if (test_rand(&seed) % 16 == 0)
            tex.swizzle[0] = TMU_SWIZZLE_G; /* not specialised */
        size_t off = 0;
        for (uint32_t l = 0; l < levels; l++) {
            uint32_t lw = tmu_level_size(tw, l), lh = tmu_level_size(th, l);
            tex.level[l].data = mem + off;
            tex.level[l].row_pitch = (size_t)(lw + pad) * bpt;
            tex.level[l].size = tex.level[l].row_pitch * lh;
            off += tex.level[l].size;
        }
        /* a view (the fast paths take it: the unit rebases the levels first), sometimes with a
         * view min_lod (declined) */
        if (test_rand(&seed) % 4 == 0) {
            tex.base_level = (uint32_t)(test_rand(&seed) % levels);
            tex.level_count = (uint32_t)(test_rand(&seed) % (levels - tex.base_level + 1));
            uint32_t last = tex.base_level + (tex.level_count ? tex.level_count : levels - tex.base_level) - 1;
            if (test_rand(&seed) % 4 == 0)
                tex.min_lod = (float)test_randf(&seed, 0, (double)last);
        }
        assert_int_equal(tmu_texture_validate(&tex, NULL), TMU_OK);
        tmu_sampler smp = tmu_sampler_default();
        static const tmu_address modes[3] = {TMU_ADDRESS_REPEAT, TMU_ADDRESS_CLAMP_TO_EDGE,
                                             TMU_ADDRESS_MIRRORED_REPEAT};
        smp.address[0] = smp.address[1] = modes[test_rand(&seed) % 8 == 0 ? 2 : test_rand(&seed) & 1];
        smp.mag_filter = smp.min_filter = (tmu_filter)(test_rand(&seed) & 1);
        if (test_rand(&seed) % 16 == 0)
            smp.min_filter = (tmu_filter)!smp.mag_filter;
        smp.mip_filter = (tmu_mip_filter)(test_rand(&seed) % 3);
        smp.precision = (tmu_precision)(test_rand(&seed) % 3);
        if (test_rand(&seed) % 4 == 0)
            smp.lod_bias = (float)test_randf(&seed, -2, 2);
        if (test_rand(&seed) % 4 == 0)
            smp.min_lod = (float)test_randf(&seed, -1, 3);
        if (test_rand(&seed) % 4 == 0)
            smp.max_lod = (float)test_randf(&seed, 0, 5);
        if (test_rand(&seed) % 32 == 0)
            smp.min_lod = NAN;
        /* features the fast paths do not implement and must decline */
        uint64_t x = test_rand(&seed) % 32;
        if (x == 0)
            smp.reduction = (tmu_reduction)(1 + test_rand(&seed) % 2);
        else if (x == 1)
            smp.mag_filter = smp.min_filter = TMU_FILTER_CUBIC;
        else if (x == 2)
            smp.max_anisotropy = 4.0f;
        tmu_op op = test_op(TMU_OP_SAMPLE, TMU_DIM_2D, (test_rand(&seed) & 1) ? TMU_LEVEL_LOD : TMU_LEVEL_BASE);
        uint64_t kind = test_rand(&seed) % 8;
        if (kind == 0) { /* texel fetch at integer coordinates, level ilod (or 0 without ilod) */
            op = test_op(TMU_OP_FETCH, TMU_DIM_2D, TMU_LEVEL_BASE);
        } else if (kind == 1) { /* implicit LOD from the quads' coordinates */
            op.level_mode = TMU_LEVEL_IMPLICIT;
        } else if (test_rand(&seed) % (large ? 2 : 4) == 0) {
            op.kind = TMU_OP_GATHER;
            op.component = (uint8_t)(test_rand(&seed) & 3);
        }
        int implicit = op.kind == TMU_OP_SAMPLE && op.level_mode == TMU_LEVEL_IMPLICIT;
        uint32_t lanes = (test_rand(&seed) & 1) ? TMU_MAX_LANES : 1 + (uint32_t)(test_rand(&seed) % TMU_MAX_LANES);
        if (implicit) /* whole quads */
            lanes = lanes < 4 ? 4 : lanes & ~3u;
        uint64_t exec[2] = {~0ull, ~0ull};
        if (test_rand(&seed) % 4 == 0)
            exec[0] = test_rand(&seed), exec[1] = test_rand(&seed);
        int special = (int)(test_rand(&seed) % 4 == 0);
        for (uint32_t l = 0; l < lanes; l++) {
            w->coord[0][l] = pick_coord(&seed, special);
            w->coord[1][l] = pick_coord(&seed, special);
            w->lod[l] = (special && test_rand(&seed) % 16 == 0) ? NAN : (float)test_randf(&seed, -2, 8);
            w->icoord[0][l] = (int32_t)(test_rand(&seed) % (tw + 4)) - 2;
            w->icoord[1][l] = (int32_t)(test_rand(&seed) % (th + 4)) - 2;
            w->ilod[l] = (int32_t)(test_rand(&seed) % (levels + 2)) - 1;
            if (special && test_rand(&seed) % 8 == 0)
                w->icoord[test_rand(&seed) & 1][l] = (test_rand(&seed) & 1) ? INT32_MIN : INT32_MAX;
        }
        /* coherent blocks (the AVX-512 row spans): in a quarter of the calls each block of 16
         * lanes reads neighbouring texels, lane k near column x0 + k of one row (or two, or
         * three: not a span), x0 anywhere (edges and wrapping included), a few lanes elsewhere */
        if (!implicit && test_rand(&seed) % (large ? 2 : 4) == 0)
            for (uint32_t b = 0; b < lanes; b += 16) {
                double x0 = test_randf(&seed, -3, tw + 3.0), y0 = test_randf(&seed, -3, th + 3.0);
                if (large && (test_rand(&seed) & 1)) /* inside the columns, at the first or last row */
                    x0 = test_randf(&seed, 0, tw - 20.0), y0 = (test_rand(&seed) & 1 ? th : 0) + test_randf(&seed, -2, 2);
                double rows = (double)(1 + test_rand(&seed) % 3), jit = (test_rand(&seed) & 1) ? 1.0 : 2.0;
                for (uint32_t k = b; k < lanes && k < b + 16; k++) {
                    double px = x0 + (k - b) + test_randf(&seed, 0, jit), py = y0 + test_randf(&seed, 0, rows) - 0.5;
                    if (test_rand(&seed) % 64 == 0)
                        px = test_randf(&seed, -2, tw + 2.0);
                    w->coord[0][k] = (float)(px / tw), w->coord[1][k] = (float)(py / th);
                }
            }
        /* implicit LOD: most quads are pixels of a surface (a base point plus x and y steps of
         * random size and direction, minification and magnification), the rest random */
        for (uint32_t q = 0; implicit && q < lanes; q += 4) {
            if (test_rand(&seed) % 4 == 0)
                continue;
            double step = ldexp(1.0, -(int)(test_rand(&seed) % 16)) * test_randf(&seed, 0.5, 1.0);
            double dsx = test_randf(&seed, -step, step), dtx = test_randf(&seed, -step, step);
            double dsy = test_randf(&seed, -step, step), dty = test_randf(&seed, -step, step);
            for (uint32_t k = 0; k < 4; k++) {
                w->coord[0][q + k] = (float)((double)w->coord[0][q] + (k & 1) * dsx + (k >> 1) * dsy);
                w->coord[1][q + k] = (float)((double)w->coord[1][q] + (k & 1) * dtx + (k >> 1) * dty);
            }
        }
        w->in.ilod = test_rand(&seed) & 1 ? w->ilod : NULL;
        w->in.sample = op.kind == TMU_OP_FETCH && test_rand(&seed) % 8 != 0 ? NULL : w->sample; /* fast: NULL */
        memset(w->sample, 0, sizeof w->sample);
        uint32_t (*outs[7])[TMU_MAX_LANES] = {ref, simd, avx2, port, planned, paired, paired2};
        /* each SIMD level both with scalar texel loads and with hardware gathers (TMU_UNIT_LOADS_*:
         * the CPU's default is one of them) */
        static const unsigned flags[7] = {TMU_UNIT_GENERAL_ONLY,
                                          TMU_UNIT_LOADS_SCALAR,
                                          TMU_UNIT_MAX_AVX2 | TMU_UNIT_LOADS_GATHER,
                                          TMU_UNIT_NO_SIMD,
                                          TMU_UNIT_LOADS_GATHER,
                                          TMU_UNIT_LOADS_SCALAR,
                                          TMU_UNIT_MAX_AVX2 | TMU_UNIT_LOADS_SCALAR};
        static const char *const kname[7] = {"general", "widest simd, scalar loads", "avx2 or less, gathers",
                                             "portable", "prepared call (moved), gathers",
                                             "prepared call with row pairs, scalar loads",
                                             "prepared call with row pairs, avx2 or less, scalar loads"};
        /* a row-pair copy (RGBA8 2D, repeat or clamp to edge) for a sixth run, in memory of its
         * exact size (ASan sees any read past it) */
        size_t psize = tmu_unit_pairs_size(&tex);
        int paired_run = psize > 0 && (smp.address[0] == TMU_ADDRESS_REPEAT ||
                                       smp.address[0] == TMU_ADDRESS_CLAMP_TO_EDGE);
        unsigned char *pmem = paired_run ? malloc(psize) : NULL;
        if (paired_run) {
            assert_non_null(pmem);
            assert_int_equal(tmu_unit_pairs_build(&tex, smp.address[0], pmem, psize, NULL), TMU_OK);
        }
        for (int k = 0; k < 7; k++) {
            if (k == 5 && !paired_run)
                break;
            tmu_wave_out o = {.data = {outs[k][0], outs[k][1], outs[k][2], outs[k][3]}, .resident = NULL};
            for (int c = 0; c < 4; c++)
                for (uint32_t l = 0; l < TMU_MAX_LANES; l++)
                    outs[k][c][l] = 0xA5A5A5A5u ^ l; /* sentinel for lanes outside the mask */
            if (k < 4) {
                assert_int_equal(tmu_unit_execute_ex(&tex, &smp, &op, lanes, exec, &w->in, &o, flags[k], NULL), TMU_OK);
            } else { /* tmu_unit_plan: prepared, then copied elsewhere and run from the copy */
                assert_int_equal(tmu_unit_plan_init(&plans[0], &tex, &smp, &op, lanes, &w->in, &o, flags[k], NULL),
                                 TMU_OK);
                if (k >= 5) { /* the copy is read by RGBA8 gathers and bilinear / trilinear samples, RGBA32F
                                 bilinear samples without mips */
                    tmu_status ps = tmu_unit_plan_use_pairs(&plans[0], pmem, psize, NULL);
                    assert_true(ps == TMU_OK || ps == TMU_ERR_UNSUPPORTED);
                    pairs_cases += ps == TMU_OK && k == 5;
                }
                plans[1] = plans[0];
                memset(&plans[0], 0xEE, sizeof plans[0]);
                assert_int_equal(tmu_unit_plan_execute(&plans[1], exec, &w->in, &o, NULL), TMU_OK);
            }
        }
        free(pmem);
        for (int k = 1; k < 5 + 2 * paired_run; k++)
            for (uint32_t l = 0; l < TMU_MAX_LANES; l++)
                for (int c = 0; c < 4; c++)
                    if (outs[k][c][l] != ref[c][l])
                        fail_msg("case %ld (%s %ux%u levels %u pad %u, %s, %s filter %d mip %d prec %d, op %s mode %d)"
                                 " lane %u comp %d: %s 0x%08x, general 0x%08x (s=%a t=%a lod=%a x=%d y=%d ilod=%d)",
                                 n, tmu_format_name(fmt), tw, th, levels, pad, tmu_address_name(smp.address[0]),
                                 kname[k], smp.mag_filter, smp.mip_filter, smp.precision,
                                 tmu_op_kind_name(op.kind), op.level_mode, l, c, kname[k],
                                 outs[k][c][l], ref[c][l], (double)w->coord[0][l], (double)w->coord[1][l],
                                 (double)w->lod[l], w->icoord[0][l], w->icoord[1][l], w->ilod[l]);
        w->in.ilod = w->ilod, w->in.sample = w->sample;
        lanes_compared += lanes;
        fast_cases += smp.address[0] != TMU_ADDRESS_MIRRORED_REPEAT && tex.swizzle[0] == TMU_SWIZZLE_R &&
                      smp.min_filter == smp.mag_filter && smp.mag_filter != TMU_FILTER_CUBIC &&
                      smp.reduction == TMU_REDUCTION_WEIGHTED_AVERAGE && tex.min_lod == 0.0f;
        free(mem);
    }
    printf("fast == general: %ld cases (%ld of fast-path kinds, %ld read row pairs), %ld lanes x 4 (%s, avx2 or "
           "less, portable, prepared call), bit-identical\n",
           cases, fast_cases, pairs_cases, lanes_compared, tmu_unit_simd_name());
    free(w);
}

/* Every byte value through the fast UNORM8 decode (which avoids the division): a 16x16
 * RGBA8 texture whose texel k holds bytes k, 255 - k, k ^ 0x55, k ^ 0xAA, sampled NEAREST at
 * every texel centre and gathered, must equal the general path (the format module's c / 255.0f). */
static void test_fast_all_bytes(void **state)
{
    (void)state;
    test_tex t;
    assert_int_equal(test_tex_make(&t, TMU_DIM_2D, TMU_FORMAT_R8G8B8A8_UNORM, 16, 16, 1, 1, 1, 1), 0);
    for (int k = 0; k < 256; k++) {
        t.mem[4 * k] = (unsigned char)k, t.mem[4 * k + 1] = (unsigned char)(255 - k);
        t.mem[4 * k + 2] = (unsigned char)(k ^ 0x55), t.mem[4 * k + 3] = (unsigned char)(k ^ 0xAA);
    }
    test_wave *w = test_wave_new();
    tmu_sampler smp = tmu_sampler_default();
    smp.mag_filter = smp.min_filter = TMU_FILTER_NEAREST;
    static uint32_t ref[4][TMU_MAX_LANES];
    for (int kind = 0; kind < 2; kind++)
        for (int half = 0; half < 2; half++) {
            tmu_op op = test_op(kind ? TMU_OP_GATHER : TMU_OP_SAMPLE, TMU_DIM_2D, TMU_LEVEL_BASE);
            for (int l = 0; l < TMU_MAX_LANES; l++) {
                int k = half * 128 + l;
                /* sample: texel centres; gather: the texel is (i1, j1) of the footprint */
                w->coord[0][l] = ((float)(k % 16) + (kind ? 1.0f : 0.5f)) / 16.0f;
                w->coord[1][l] = ((float)(k / 16) + (kind ? 1.0f : 0.5f)) / 16.0f;
            }
            tmu_wave_out o = {.data = {ref[0], ref[1], ref[2], ref[3]}, .resident = NULL};
            assert_int_equal(tmu_unit_execute_ex(&t.tex, &smp, &op, TMU_MAX_LANES, NULL, &w->in, &o,
                                                 TMU_UNIT_GENERAL_ONLY, NULL),
                             TMU_OK);
            for (int comp = 0; comp < (kind ? 4 : 1); comp++) {
                op.component = (uint8_t)comp;
                if (kind)
                    assert_int_equal(tmu_unit_execute_ex(&t.tex, &smp, &op, TMU_MAX_LANES, NULL, &w->in, &o,
                                                         TMU_UNIT_GENERAL_ONLY, NULL),
                                     TMU_OK);
                static const unsigned fl[3] = {0, TMU_UNIT_MAX_AVX2, TMU_UNIT_NO_SIMD};
                for (int f = 0; f < 3; f++) {
                    assert_int_equal(tmu_unit_execute_ex(&t.tex, &smp, &op, TMU_MAX_LANES, NULL, &w->in, &w->out,
                                                         fl[f], NULL),
                                     TMU_OK);
                    for (int c = 0; c < 4; c++)
                        for (int l = 0; l < TMU_MAX_LANES; l++)
                            if (w->data[c][l] != ref[c][l])
                                fail_msg("byte decode: kind %d half %d comp %d flags %u lane %d word %d: 0x%08x "
                                         "vs general 0x%08x", kind, half, comp, fl[f], l, c, w->data[c][l],
                                         ref[c][l]);
                }
            }
        }
    /* and the general path itself decodes byte k as k / 255 (within fp32 rounding) */
    tmu_op op = test_op(TMU_OP_SAMPLE, TMU_DIM_2D, TMU_LEVEL_BASE);
    for (int l = 0; l < TMU_MAX_LANES; l++)
        w->coord[0][l] = ((float)(l % 16) + 0.5f) / 16.0f, w->coord[1][l] = ((float)(l / 16) + 0.5f) / 16.0f;
    assert_int_equal(tmu_unit_execute(&t.tex, &smp, &op, TMU_MAX_LANES, NULL, &w->in, &w->out, NULL), TMU_OK);
    for (int l = 0; l < TMU_MAX_LANES; l++)
        assert_float_equal(test_f(w->data[1][l]), (255.0 - l) / 255.0, 3e-8);
    free(w);
    test_tex_free(&t);
}

/* Bilinear and trilinear RGBA8 at their smallest weights: coordinates a few ulps off the texel
 * centres, so that a, 1 - a, b and 1 - b are 0 or multiples of 2^-24 as small as 2^-24 and the
 * four weights as small as 2^-48, with texels of every byte value; must equal the general path
 * bit for bit.  (The AVX-512 kernels decode RGBA8 as c / 255 * 2^32 and fold the 2^-32 into the
 * weights, fast_simd.inc level_filter: exact while every weight and product stays normal.) */
static void test_fast_tiny_weights(void **state)
{
    (void)state;
    test_tex t;
    const uint32_t n = 16;
    assert_int_equal(test_tex_make(&t, TMU_DIM_2D, TMU_FORMAT_R8G8B8A8_UNORM, n, n, 1, 1, 5, 1), 0);
    uint64_t seed = 0x7E1A5u;
    for (size_t k = 0; k < t.size; k++)
        t.mem[k] = (unsigned char)(k < 1024 ? k & 255 : test_rand(&seed));
    test_wave *w = test_wave_new();
    static uint32_t ref[4][TMU_MAX_LANES];
    for (int mip = 0; mip < 2; mip++) {
        tmu_sampler smp = tmu_sampler_default();
        smp.mag_filter = smp.min_filter = TMU_FILTER_LINEAR;
        smp.mip_filter = mip ? TMU_MIP_LINEAR : TMU_MIP_NONE;
        tmu_op op = test_op(TMU_OP_SAMPLE, TMU_DIM_2D, mip ? TMU_LEVEL_LOD : TMU_LEVEL_BASE);
        for (int round = 0; round < 8; round++) {
            for (int l = 0; l < TMU_MAX_LANES; l++) {
                /* texel centre (i + 1/2) / 16 plus m ulps of 2^-28 (s * 16 - 1/2 = i + m 2^-24, exact
                 * below 1; for the larger i the coarser ulp rounds m away, still near the centre) */
                int i = (int)(test_rand(&seed) % n), j = (int)(test_rand(&seed) % n);
                int m = (int)(test_rand(&seed) % 9) - 4, q = (int)(test_rand(&seed) % 9) - 4;
                w->coord[0][l] = ((float)i + 0.5f) / 16.0f + (float)m * 0x1p-28f;
                w->coord[1][l] = ((float)j + 0.5f) / 16.0f + (float)q * 0x1p-28f;
                /* trilinear: lods whose fraction is tiny or nearly 1 too */
                w->lod[l] = (float)(l % 4) + ((l & 4) ? 0x1p-20f : 1.0f - 0x1p-20f) * (float)(round & 1);
            }
            tmu_wave_out o = {.data = {ref[0], ref[1], ref[2], ref[3]}, .resident = NULL};
            assert_int_equal(tmu_unit_execute_ex(&t.tex, &smp, &op, TMU_MAX_LANES, NULL, &w->in, &o,
                                                 TMU_UNIT_GENERAL_ONLY, NULL),
                             TMU_OK);
            static const unsigned fl[3] = {0, TMU_UNIT_MAX_AVX2, TMU_UNIT_NO_SIMD};
            for (int f = 0; f < 3; f++) {
                assert_int_equal(
                    tmu_unit_execute_ex(&t.tex, &smp, &op, TMU_MAX_LANES, NULL, &w->in, &w->out, fl[f], NULL),
                    TMU_OK);
                for (int c = 0; c < 4; c++)
                    for (int l = 0; l < TMU_MAX_LANES; l++)
                        if (w->data[c][l] != ref[c][l])
                            fail_msg("tiny weights: mip %d round %d flags %u lane %d word %d: 0x%08x vs general "
                                     "0x%08x (s=%a t=%a)",
                                     mip, round, fl[f], l, c, w->data[c][l], ref[c][l], (double)w->coord[0][l],
                                     (double)w->coord[1][l]);
            }
        }
    }
    free(w);
    test_tex_free(&t);
}

/* The texel-pair loads of the SIMD kernels (both texels of a bilinear / gather row with one
 * 64-bit load where i1 = i0 + 1, separate loads where the footprint wraps or is clamped at the
 * right edge) and their grouped two-phase blocks: wide textures whose data ends right before a
 * PROT_NONE guard page (a pair load past the last texel of the last row faults), coordinates
 * drawn so most blocks mix edge and interior lanes, repeat and clamp-to-edge, bilinear,
 * trilinear and gather of every component, RGBA8 and RGBA32F, random execution masks: every
 * variant must equal the general path bit for bit. */
static void test_fast_edge_pairs(void **state)
{
    (void)state;
    long page = sysconf(_SC_PAGESIZE);
    assert_true(page > 0);
    uint64_t seed = 0xed9e5ull;
    test_wave *w = test_wave_new();
    static uint32_t ref[4][TMU_MAX_LANES], got[4][TMU_MAX_LANES];
    long lanes_compared = 0;
    for (int n = 0; n < 240; n++) {
        int rgba8 = n % 3 != 2;
        tmu_format fmt = rgba8 ? TMU_FORMAT_R8G8B8A8_UNORM : TMU_FORMAT_R32G32B32A32_FLOAT;
        size_t bpt = rgba8 ? 4 : 16;
        uint32_t tw = 1u << (5 + test_rand(&seed) % 4), th = 1u << (2 + test_rand(&seed) % 4);
        uint32_t levels = 1 + (uint32_t)(test_rand(&seed) % 3);
        size_t total = 0;
        for (uint32_t l = 0; l < levels; l++)
            total += (size_t)tmu_level_size(tw, l) * tmu_level_size(th, l) * bpt;
        size_t span = (total + (size_t)page - 1) / (size_t)page * (size_t)page;
        unsigned char *map = mmap(NULL, span + (size_t)page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
                                  -1, 0);
        assert_true(map != MAP_FAILED);
        assert_int_equal(mprotect(map + span, (size_t)page, PROT_NONE), 0);
        unsigned char *mem = map + span - total; /* the last texel ends at the guard page */
        for (size_t b = 0; b < total; b += 4) {
            uint32_t r32 = (uint32_t)test_rand(&seed);
            if (!rgba8) {
                float f = (float)test_randf(&seed, -2, 2);
                memcpy(&r32, &f, 4);
            }
            memcpy(mem + b, &r32, 4);
        }
        tmu_texture tex;
        memset(&tex, 0, sizeof tex);
        tex.dim = TMU_DIM_2D, tex.format = fmt, tex.width = tw, tex.height = th, tex.depth = 1;
        tex.layers = 1, tex.levels = levels, tex.samples = 1;
        for (int c = 0; c < 4; c++)
            tex.swizzle[c] = (tmu_swizzle)c;
        size_t off = 0;
        for (uint32_t l = 0; l < levels; l++) {
            tex.level[l].data = mem + off;
            tex.level[l].row_pitch = (size_t)tmu_level_size(tw, l) * bpt;
            tex.level[l].size = tex.level[l].row_pitch * tmu_level_size(th, l);
            off += tex.level[l].size;
        }
        /* a view (the fast paths take it: the unit rebases the levels first), sometimes with a
         * view min_lod (declined) */
        if (test_rand(&seed) % 4 == 0) {
            tex.base_level = (uint32_t)(test_rand(&seed) % levels);
            tex.level_count = (uint32_t)(test_rand(&seed) % (levels - tex.base_level + 1));
            uint32_t last = tex.base_level + (tex.level_count ? tex.level_count : levels - tex.base_level) - 1;
            if (test_rand(&seed) % 4 == 0)
                tex.min_lod = (float)test_randf(&seed, 0, (double)last);
        }
        assert_int_equal(tmu_texture_validate(&tex, NULL), TMU_OK);
        tmu_sampler smp = tmu_sampler_default();
        smp.address[0] = smp.address[1] = (n & 1) ? TMU_ADDRESS_CLAMP_TO_EDGE : TMU_ADDRESS_REPEAT;
        smp.mag_filter = smp.min_filter = TMU_FILTER_LINEAR;
        smp.mip_filter = (n / 2) % 3 == 2 ? TMU_MIP_LINEAR : TMU_MIP_NONE;
        smp.precision = (tmu_precision)(test_rand(&seed) % 3);
        tmu_op op = test_op(TMU_OP_SAMPLE, TMU_DIM_2D, TMU_LEVEL_LOD);
        if ((n / 2) % 3 == 1) {
            op.kind = TMU_OP_GATHER;
            op.component = (uint8_t)(test_rand(&seed) & 3);
        }
        uint64_t exec[2] = {~0ull, ~0ull};
        if (n % 5 == 4)
            exec[0] = test_rand(&seed) | test_rand(&seed), exec[1] = test_rand(&seed) | test_rand(&seed);
        for (uint32_t l = 0; l < TMU_MAX_LANES; l++) {
            /* about half the lanes on a footprint across the right (or left) edge column,
             * bottom (or top) row included, the rest anywhere */
            uint64_t r = test_rand(&seed);
            double fu = test_randf(&seed, 0, 1), fv = test_randf(&seed, 0, 1);
            if (r & 1)
                fu = (r & 2) ? 1.0 - test_randf(&seed, 0, 0.5) / tw : test_randf(&seed, 0, 0.5) / tw;
            if ((r & 12) == 12)
                fv = 1.0 - test_randf(&seed, 0, 0.5) / th;
            w->coord[0][l] = (float)(fu + (double)(int)(r >> 8 & 3) - 1.0); /* wraps too */
            w->coord[1][l] = (float)fv;
            w->lod[l] = (float)test_randf(&seed, -0.5, (double)levels);
        }
        tmu_wave_out o = {.data = {ref[0], ref[1], ref[2], ref[3]}, .resident = NULL};
        memset(ref, 0x5A, sizeof ref);
        assert_int_equal(tmu_unit_execute_ex(&tex, &smp, &op, TMU_MAX_LANES, exec, &w->in, &o,
                                             TMU_UNIT_GENERAL_ONLY, NULL),
                         TMU_OK);
        static const unsigned fl[3] = {0, TMU_UNIT_MAX_AVX2, TMU_UNIT_NO_SIMD};
        for (int f = 0; f < 3; f++) {
            tmu_wave_out g = {.data = {got[0], got[1], got[2], got[3]}, .resident = NULL};
            memset(got, 0x5A, sizeof got);
            assert_int_equal(tmu_unit_execute_ex(&tex, &smp, &op, TMU_MAX_LANES, exec, &w->in, &g, fl[f], NULL),
                             TMU_OK);
            for (int c = 0; c < 4; c++)
                for (uint32_t l = 0; l < TMU_MAX_LANES; l++)
                    if (got[c][l] != ref[c][l])
                        fail_msg("edge pairs: case %d (%s %ux%u levels %u, %s, mip %d prec %d, op %s) flags %u "
                                 "lane %u word %d: 0x%08x vs general 0x%08x (s=%a t=%a lod=%a)",
                                 n, tmu_format_name(fmt), tw, th, levels, tmu_address_name(smp.address[0]),
                                 smp.mip_filter, smp.precision, tmu_op_kind_name(op.kind), fl[f], l, c, got[c][l],
                                 ref[c][l], (double)w->coord[0][l], (double)w->coord[1][l], (double)w->lod[l]);
        }
        lanes_compared += TMU_MAX_LANES;
        assert_int_equal(munmap(map, span + (size_t)page), 0);
    }
    printf("edge pairs: %ld lanes x 3 (%s, avx2 or less, portable) bit-identical to the general path\n",
           lanes_compared, tmu_unit_simd_name());
    free(w);
}

/* The AVX-512 implicit-LOD log2 (16 quads at a time) against tmu_unit_log2f, which the general
 * path uses, bit for bit: every 65521st bit pattern (all signs, NaNs, infinities, subnormals),
 * every power of two and its neighbours; TMU_TEST_LONG=1: every float. */
static void test_fast_log2(void **state)
{
    (void)state;
    if (!tmu_fast_have_avx512()) {
        printf("log2: no AVX-512 on this CPU, nothing to compare\n");
        return;
    }
    const char *env = getenv("TMU_TEST_LONG");
    uint64_t step = env && *env == '1' ? 1 : 65521;
    static float lod[TMU_MAX_LANES];
    static uint32_t in[TMU_MAX_LANES / 4];
    uint64_t compared = 0;
    uint32_t nq = 0;
    for (uint64_t b = 0;; b += step) {
        int last = b > 0xFFFFFFFFull;
        if (!last) {
            uint32_t v = (uint32_t)b;
            if (step > 1 && (b / step) % 64 == 0) /* a power of two (or a neighbour) now and then */
                v = (uint32_t)((b / step / 64) % 255) << 23 ^ (uint32_t)(b / step / 64 / 255 % 3);
            in[nq++] = v;
        }
        if (nq == TMU_MAX_LANES / 4 || (last && nq)) {
            for (uint32_t q = 0; q < TMU_MAX_LANES / 4; q++) {
                uint32_t v = q < nq ? in[q] : 0x3F800000u;
                memcpy(&lod[4 * q], &v, 4);
                lod[4 * q + 1] = lod[4 * q + 2] = lod[4 * q + 3] = -7.0f; /* overwritten */
            }
            assert_int_equal(tmu_fast_avx512_quad_log2(TMU_MAX_LANES, lod), TMU_MAX_LANES);
            for (uint32_t q = 0; q < nq; q++) {
                float x, want;
                memcpy(&x, &in[q], 4);
                want = isnan(x) ? 0.0f : tmu_unit_log2f(x);
                for (int k = 0; k < 4; k++)
                    if (memcmp(&lod[4 * q + (uint32_t)k], &want, 4) != 0)
                        fail_msg("log2 of 0x%08x: avx512 lane %d %a, tmu_unit_log2f %a", in[q], k,
                                 (double)lod[4 * q + (uint32_t)k], (double)want);
            }
            compared += nq;
            nq = 0;
        }
        if (last)
            break;
    }
    printf("log2: %llu inputs, avx512 == tmu_unit_log2f bit for bit\n", (unsigned long long)compared);
}

/* Row-pair copies (unit.h tmu_unit_pairs_*): the size and the pairs worked by hand on an 8x4
 * texture whose texel (x, y) holds x | y << 8 | 0xC0DE0000 (and an RGBA32F one); the errors; and
 * RGBA8 gathers, RGBA8 and RGBA32F bilinear samples and RGBA8 trilinear samples (mip chains,
 * random LODs) of every edge (coordinates on a grid from -1.5 to 2.5 texture widths, repeat and
 * clamp to edge) reading a copy that ends right before a PROT_NONE guard page, equal to the
 * general path bit for bit. */
static uint32_t pair_word(const unsigned char *copy, uint32_t w, uint32_t c, uint32_t r, int second)
{
    uint32_t v;
    memcpy(&v, copy + sizeof(tmu_pairs_header) + ((size_t)r * (w + 2) + c) * 8 + (second ? 4 : 0), 4);
    return v;
}

static void test_fast_row_pairs(void **state)
{
    (void)state;
    enum { TW = 8, TH = 4 };
    uint32_t texels[TH][TW], other[TH][TW];
    for (uint32_t y = 0; y < TH; y++)
        for (uint32_t x = 0; x < TW; x++)
            texels[y][x] = other[y][x] = x | y << 8 | 0xC0DE0000u;
    tmu_texture tex, tex2, f32, r8;
    assert_int_equal(tmu_texture_init_packed(&tex, TMU_DIM_2D, TMU_FORMAT_R8G8B8A8_UNORM, TW, TH, 1, 1, 1, 1, texels,
                                             sizeof texels, NULL),
                     TMU_OK);
    assert_int_equal(tmu_texture_init_packed(&tex2, TMU_DIM_2D, TMU_FORMAT_R8G8B8A8_UNORM, TW, TH, 1, 1, 1, 1, other,
                                             sizeof other, NULL),
                     TMU_OK);
    static float f32mem[TH][TW][4];
    for (uint32_t y = 0; y < TH; y++)
        for (uint32_t x = 0; x < TW; x++)
            for (int c = 0; c < 4; c++)
                f32mem[y][x][c] = (float)(x + 10 * y) + 0.25f * (float)c;
    assert_int_equal(tmu_texture_init_packed(&f32, TMU_DIM_2D, TMU_FORMAT_R32G32B32A32_FLOAT, TW, TH, 1, 1, 1, 1,
                                             f32mem, sizeof f32mem, NULL),
                     TMU_OK);
    assert_int_equal(tmu_texture_init_packed(&r8, TMU_DIM_2D, TMU_FORMAT_R8_UNORM, TW, TH, 1, 1, 1, 1, texels,
                                             sizeof texels, NULL),
                     TMU_OK);
    enum { HDR = sizeof(tmu_pairs_header) };
    size_t size = tmu_unit_pairs_size(&tex);
    assert_int_equal(size, HDR + ((TW + 2) * (TH + 1) * 8 + 63) / 64 * 64); /* one level, to a 64-byte line */
    assert_int_equal(tmu_unit_pairs_size(&f32), HDR + (TW + 2) * (TH + 1) * 32);
    assert_int_equal(tmu_unit_pairs_size(&r8), 0);
    static unsigned char copy[HDR + ((TW + 2) * (TH + 1) * 8 + 63) / 64 * 64 + 16], rcopy[sizeof copy];
    tmu_diag d;
    memset(copy, 0x5A, sizeof copy);
    assert_int_equal(tmu_unit_pairs_build(&r8, TMU_ADDRESS_REPEAT, copy, sizeof copy, &d), TMU_ERR_UNSUPPORTED);
    assert_non_null(strstr(d.message, "R8G8B8A8_UNORM"));
    assert_int_equal(tmu_unit_pairs_build(&tex, TMU_ADDRESS_REPEAT, copy, size - 1, &d), TMU_ERR_BUFFER_TOO_SMALL);
    assert_int_equal(tmu_unit_pairs_build(&tex, TMU_ADDRESS_MIRRORED_REPEAT, copy, size, &d), TMU_ERR_UNSUPPORTED);
    assert_int_equal(tmu_unit_pairs_build(&tex, TMU_ADDRESS_REPEAT, NULL, size, &d), TMU_ERR_INVALID_ARGUMENT);
    for (size_t i = 0; i < sizeof copy; i++) /* nothing written on an error */
        assert_int_equal(copy[i], 0x5A);
    /* clamp to edge: column c, row r hold texel (clamp(c - 1), clamp(r - 1)) and the one below */
    assert_int_equal(tmu_unit_pairs_build(&tex, TMU_ADDRESS_CLAMP_TO_EDGE, copy, size, &d), TMU_OK);
    assert_int_equal(pair_word(copy, TW, 1, 1, 0), texels[0][0]);
    assert_int_equal(pair_word(copy, TW, 1, 1, 1), texels[1][0]);
    assert_int_equal(pair_word(copy, TW, 0, 0, 0), texels[0][0]); /* (-1, -1) */
    assert_int_equal(pair_word(copy, TW, 0, 0, 1), texels[0][0]); /* (-1, 0) */
    assert_int_equal(pair_word(copy, TW, TW + 1, TH, 0), texels[TH - 1][TW - 1]); /* (8, 3) */
    assert_int_equal(pair_word(copy, TW, TW + 1, TH, 1), texels[TH - 1][TW - 1]); /* (8, 4) */
    assert_int_equal(pair_word(copy, TW, 5, 3, 1), texels[3][4]);
    assert_int_equal(copy[size], 0x5A); /* nothing past the copy */
    /* repeat: the same positions modulo the size */
    assert_int_equal(tmu_unit_pairs_build(&tex, TMU_ADDRESS_REPEAT, rcopy, size, &d), TMU_OK);
    assert_int_equal(pair_word(rcopy, TW, 0, 0, 0), texels[TH - 1][TW - 1]); /* (-1, -1) */
    assert_int_equal(pair_word(rcopy, TW, 0, 0, 1), texels[0][TW - 1]);      /* (-1, 0) */
    assert_int_equal(pair_word(rcopy, TW, TW + 1, TH, 0), texels[TH - 1][0]); /* (8, 3) */
    assert_int_equal(pair_word(rcopy, TW, TW + 1, TH, 1), texels[0][0]);      /* (8, 4) */
    assert_int_equal(pair_word(rcopy, TW, 3, 2, 1), texels[2][2]);
    /* RGBA32F, clamp: pair (c, r) is 32 bytes, texel (c - 1, r - 1) then the one below */
    static float fcopy[(HDR + (TW + 2) * (TH + 1) * 32) / 4];
    assert_int_equal(tmu_unit_pairs_build(&f32, TMU_ADDRESS_CLAMP_TO_EDGE, fcopy, sizeof fcopy, &d), TMU_OK);
    assert_true(fcopy[(HDR + (2 * (TW + 2) + 4) * 32) / 4 + 2] == 13.5f);      /* (3, 1) ch 2: 3 + 10 + 0.5 */
    assert_true(fcopy[(HDR + (2 * (TW + 2) + 4) * 32) / 4 + 4 + 1] == 23.25f); /* (3, 2) ch 1 */
    assert_true(fcopy[(HDR + (TH * (TW + 2) + TW + 1) * 32) / 4 + 4] == 37.0f); /* (8, 4) -> (7, 3) */

    /* plans */
    test_wave *w = test_wave_new();
    assert_non_null(w);
    tmu_sampler smp = tmu_sampler_default(); /* repeat */
    smp.mag_filter = smp.min_filter = TMU_FILTER_NEAREST;
    tmu_op gather = test_op(TMU_OP_GATHER, TMU_DIM_2D, TMU_LEVEL_BASE), sample = test_op(TMU_OP_SAMPLE, TMU_DIM_2D,
                                                                                         TMU_LEVEL_BASE);
    static tmu_unit_plan plan, unprepared;
    memset(&unprepared, 0, sizeof unprepared);
    assert_int_equal(tmu_unit_plan_use_pairs(&unprepared, rcopy, size, &d), TMU_ERR_INVALID_ARGUMENT);
    assert_int_equal(tmu_unit_plan_init(&plan, &tex, &smp, &sample, TMU_MAX_LANES, &w->in, &w->out, 0, NULL), TMU_OK);
    assert_int_equal(tmu_unit_plan_use_pairs(&plan, rcopy, size, &d), TMU_ERR_UNSUPPORTED); /* nearest */
    /* tmu_unit_plan_fast: 2D RGBA8, repeat on 8x4, nearest: a fast path; not when unprepared, with
     * TMU_UNIT_GENERAL_ONLY, or with an address mode the fast paths do not take (unit.h) */
    assert_int_equal(tmu_unit_plan_fast(&plan), 1);
    assert_int_equal(tmu_unit_plan_fast(&unprepared), 0);
    assert_int_equal(tmu_unit_plan_fast(NULL), 0);
    tmu_sampler mirrored = smp;
    mirrored.address[0] = mirrored.address[1] = TMU_ADDRESS_MIRRORED_REPEAT;
    assert_int_equal(tmu_unit_plan_init(&unprepared, &tex, &mirrored, &sample, TMU_MAX_LANES, &w->in, &w->out, 0,
                                        NULL), TMU_OK);
    assert_int_equal(tmu_unit_plan_fast(&unprepared), 0);
    assert_int_equal(tmu_unit_plan_init(&unprepared, &tex, &smp, &sample, TMU_MAX_LANES, &w->in, &w->out,
                                        TMU_UNIT_GENERAL_ONLY, NULL), TMU_OK);
    assert_int_equal(tmu_unit_plan_fast(&unprepared), 0);
    memset(&unprepared, 0, sizeof unprepared);
    smp.mag_filter = smp.min_filter = TMU_FILTER_LINEAR;
    smp.mip_filter = TMU_MIP_LINEAR; /* mips: no copy (one level here: no mips to read, taken) */
    assert_int_equal(tmu_unit_plan_init(&plan, &tex, &smp, &sample, TMU_MAX_LANES, &w->in, &w->out, 0, NULL), TMU_OK);
    assert_int_equal(tmu_unit_plan_use_pairs(&plan, rcopy, size, &d), TMU_OK);
    assert_int_equal(tmu_unit_plan_init(&plan, &tex, &smp, &gather, TMU_MAX_LANES, &w->in, &w->out,
                                        TMU_UNIT_GENERAL_ONLY, NULL),
                     TMU_OK);
    assert_int_equal(tmu_unit_plan_use_pairs(&plan, rcopy, size, &d), TMU_ERR_UNSUPPORTED);
    assert_int_equal(tmu_unit_plan_init(&plan, &tex, &smp, &gather, TMU_MAX_LANES, &w->in, &w->out, 0, NULL), TMU_OK);
    assert_int_equal(tmu_unit_plan_use_pairs(&plan, copy, size, &d), TMU_ERR_INVALID_ARGUMENT); /* clamp copy */
    assert_non_null(strstr(d.message, "clamp_to_edge"));
    assert_int_equal(tmu_unit_plan_use_pairs(&plan, rcopy, size - 8, &d), TMU_ERR_INVALID_ARGUMENT); /* cut short */
    assert_int_equal(tmu_unit_plan_use_pairs(&plan, rcopy, 32, &d), TMU_ERR_INVALID_ARGUMENT);
    assert_int_equal(tmu_unit_plan_use_pairs(&plan, texels, sizeof texels, &d), TMU_ERR_INVALID_ARGUMENT);
    static unsigned char forged[sizeof rcopy];
    memcpy(forged, rcopy, sizeof forged);
    uint64_t small = 64; /* a header claiming fewer bytes than the texture's pairs reach */
    memcpy(forged + offsetof(tmu_pairs_header, bytes), &small, 8);
    assert_int_equal(tmu_unit_plan_use_pairs(&plan, forged, sizeof forged, &d), TMU_ERR_INVALID_ARGUMENT);
    assert_non_null(strstr(d.message, "not built from the plan's texture"));
    static unsigned char copy2[sizeof copy];
    assert_int_equal(tmu_unit_pairs_build(&tex2, TMU_ADDRESS_REPEAT, copy2, size, &d), TMU_OK);
    assert_int_equal(tmu_unit_plan_use_pairs(&plan, copy2, size, &d), TMU_ERR_INVALID_ARGUMENT); /* other memory */
    assert_int_equal(tmu_unit_plan_use_pairs(&plan, rcopy, size, &d), TMU_OK);
    assert_int_equal(tmu_unit_plan_use_pairs(&plan, NULL, 0, &d), TMU_OK); /* back to the texture */
    free(w);

    /* every edge, from a copy that ends at a guard page */
    long page = sysconf(_SC_PAGESIZE);
    assert_true(page > 0);
    uint64_t seed = 0x9a125ull;
    long lanes_compared = 0, mips = 0;
    static uint32_t ref[4][TMU_MAX_LANES], got[4][TMU_MAX_LANES];
    test_wave *v = test_wave_new();
    assert_non_null(v);
    for (int n = 0; n < 64; n++) {
        uint32_t tw = 1u << (test_rand(&seed) % 8), th = 1u << (test_rand(&seed) % 8);
        int f32t = n % 3 == 2; /* RGBA32F: bilinear samples only */
        /* RGBA8 samples: every other texture mip-mapped, sampled trilinear at random LODs */
        uint32_t levels = 1, mm = tw > th ? tw : th;
        if (!f32t && n % 4 == 1)
            for (; mm > 1; mm >>= 1)
                levels++;
        tmu_format tf = f32t ? TMU_FORMAT_R32G32B32A32_FLOAT : TMU_FORMAT_R8G8B8A8_UNORM;
        size_t tsize = tmu_texture_packed_size(TMU_DIM_2D, tf, tw, th, 1, 1, levels, 1);
        unsigned char *mem = malloc(tsize);
        assert_non_null(mem);
        for (size_t b = 0; b < tsize; b += 4) {
            uint32_t r32 = (uint32_t)test_rand(&seed);
            if (f32t) {
                float f = (float)test_randf(&seed, -2, 2);
                memcpy(&r32, &f, 4);
            }
            memcpy(mem + b, &r32, 4);
        }
        tmu_texture t;
        assert_int_equal(tmu_texture_init_packed(&t, TMU_DIM_2D, tf, tw, th, 1, 1, levels, 1, mem, tsize, NULL), TMU_OK);
        tmu_sampler sm = tmu_sampler_default();
        sm.address[0] = sm.address[1] = (n & 1) ? TMU_ADDRESS_CLAMP_TO_EDGE : TMU_ADDRESS_REPEAT;
        sm.mag_filter = sm.min_filter = TMU_FILTER_LINEAR;
        sm.mip_filter = levels > 1 ? (n & 8 ? TMU_MIP_NEAREST : TMU_MIP_LINEAR) : TMU_MIP_NONE;
        mips += levels > 1;
        size_t ps = tmu_unit_pairs_size(&t), span = (ps + (size_t)page - 1) / (size_t)page * (size_t)page;
        unsigned char *map = mmap(NULL, span + (size_t)page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
                                  -1, 0);
        assert_true(map != MAP_FAILED);
        assert_int_equal(mprotect(map + span, (size_t)page, PROT_NONE), 0);
        unsigned char *pc = map + span - ps;
        assert_int_equal(tmu_unit_pairs_build(&t, sm.address[0], pc, ps, NULL), TMU_OK);
        tmu_op op = (n >> 1) & 1 && !f32t && levels == 1 ? test_op(TMU_OP_GATHER, TMU_DIM_2D, TMU_LEVEL_BASE)
                                                         : test_op(TMU_OP_SAMPLE, TMU_DIM_2D, TMU_LEVEL_LOD);
        op.component = (uint8_t)(test_rand(&seed) & 3);
        for (int wave = 0; wave < 8; wave++) {
            for (uint32_t l = 0; l < TMU_MAX_LANES; l++) { /* the edges: within a texel of them, both sides */
                double gx = (double)(test_rand(&seed) % 9) * 0.5 - 1.5, gy = (double)(test_rand(&seed) % 9) * 0.5 - 1.5;
                v->coord[0][l] = (float)(gx + test_randf(&seed, -1.0, 1.0) / tw);
                v->coord[1][l] = (float)(gy + test_randf(&seed, -1.0, 1.0) / th);
                v->lod[l] = (float)test_randf(&seed, -1.0, levels + 0.5);
            }
            uint64_t exec[2] = {~0ull, wave == 7 ? test_rand(&seed) : ~0ull};
            tmu_wave_out o = {.data = {ref[0], ref[1], ref[2], ref[3]}, .resident = NULL};
            memset(ref, 0xA5, sizeof ref);
            memset(got, 0xA5, sizeof got);
            assert_int_equal(tmu_unit_execute_ex(&t, &sm, &op, TMU_MAX_LANES, exec, &v->in, &o, TMU_UNIT_GENERAL_ONLY,
                                                 NULL),
                             TMU_OK);
            tmu_wave_out g = {.data = {got[0], got[1], got[2], got[3]}, .resident = NULL};
            if (levels > 1 && wave == 0) { /* a copy of level 0 only (a view of one level) serves no mips */
                tmu_texture l0 = t;
                l0.level_count = 1;
                size_t s0 = tmu_unit_pairs_size(&l0);
                unsigned char *c0 = malloc(s0);
                assert_non_null(c0);
                assert_true(s0 < ps);
                assert_int_equal(tmu_unit_pairs_build(&l0, sm.address[0], c0, s0, NULL), TMU_OK);
                assert_int_equal(tmu_unit_plan_init(&plan, &t, &sm, &op, TMU_MAX_LANES, &v->in, &g, 0, NULL), TMU_OK);
                tmu_diag dg;
                assert_int_equal(tmu_unit_plan_use_pairs(&plan, c0, s0, &dg), TMU_ERR_INVALID_ARGUMENT);
                assert_non_null(strstr(dg.message, "holds 1 level(s)"));
                tmu_sampler nomip = sm;
                nomip.mip_filter = TMU_MIP_NONE;
                assert_int_equal(tmu_unit_plan_init(&plan, &t, &nomip, &op, TMU_MAX_LANES, &v->in, &g, 0, NULL), TMU_OK);
                assert_int_equal(tmu_unit_plan_use_pairs(&plan, c0, s0, NULL), TMU_OK);
                free(c0);
            }
            if (f32t && wave == 0) { /* an RGBA32F gather reads no copy */
                tmu_op ga = test_op(TMU_OP_GATHER, TMU_DIM_2D, TMU_LEVEL_BASE);
                assert_int_equal(tmu_unit_plan_init(&plan, &t, &sm, &ga, TMU_MAX_LANES, &v->in, &g, 0, NULL), TMU_OK);
                assert_int_equal(tmu_unit_plan_use_pairs(&plan, pc, ps, NULL), TMU_ERR_UNSUPPORTED);
            }
            for (int simd = 0; simd < 2; simd++) { /* the widest SIMD, then at most AVX2 */
                memset(got, 0xA5, sizeof got);
                assert_int_equal(tmu_unit_plan_init(&plan, &t, &sm, &op, TMU_MAX_LANES, &v->in, &g,
                                                    simd ? TMU_UNIT_MAX_AVX2 : 0, NULL),
                                 TMU_OK);
                assert_int_equal(tmu_unit_plan_use_pairs(&plan, pc, ps, NULL), TMU_OK);
                assert_int_equal(tmu_unit_plan_execute(&plan, exec, &v->in, &g, NULL), TMU_OK);
                for (int c = 0; c < 4; c++)
                    for (uint32_t l = 0; l < TMU_MAX_LANES; l++)
                        if (got[c][l] != ref[c][l])
                            fail_msg("row pairs (%s) %ux%u %s %s %s lane %u comp %d: 0x%08x, general 0x%08x (s=%a t=%a)",
                                     simd ? "avx2 or less" : "widest simd", tw, th, f32t ? "rgba32f" : "rgba8",
                                     tmu_address_name(sm.address[0]), tmu_op_kind_name(op.kind), l, c, got[c][l],
                                     ref[c][l], (double)v->coord[0][l], (double)v->coord[1][l]);
                lanes_compared += TMU_MAX_LANES;
            }
        }
        munmap(map, span + (size_t)page);
        free(mem);
    }
    free(v);
    printf("row pairs: %ld edge lanes x 4, widest SIMD and AVX2 (RGBA8 gathers, RGBA8 and RGBA32F bilinear samples, RGBA8 trilinear on "
           "%ld mip-mapped textures, repeat and clamp, 1..128 texels a side) bit-identical to the general path\n",
           lanes_compared, mips);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fast_all_bytes),
        cmocka_unit_test(test_fast_tiny_weights),
        cmocka_unit_test(test_fast_equals_general),
        cmocka_unit_test(test_fast_edge_pairs),
        cmocka_unit_test(test_fast_log2),
        cmocka_unit_test(test_fast_row_pairs),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
