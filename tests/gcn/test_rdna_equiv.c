/* Random equivalence of the RDNA executor with the gfx9 executor: a generator that knows only the
 * ISA's text syntax and address rules (shared/reference/rdna-mimg.md §4, gcn-mimg.md §3) writes
 * one program for gfx9 and the same program for an RDNA generation (dim: instead of da, exact
 * address counts, NSA lists in scattered VGPRs, T# words placed by hand at ROCR-Runtime's bit
 * positions, linear or swizzled (with a pipe/bank XOR in BASE_ADDRESS for _T / _X modes), on the
 * navi10 / navi14 / navi21 / navi21_8pipe / gfx11_* presets), fills both textures with the same
 * texels,
 * runs both from their text and compares every VGPR the instruction writes, bit for bit.  The
 * cases are those where the ISA gives both generations the same meaning: loads, samples (with
 * LOD, bias, LZ, user derivatives, depth compare), gather4, get_resinfo, stores and atomics
 * (then every texel of both images is compared too), with A16 (not with
 * derivatives: gfx9 A16 packs them, RDNA keeps them 32-bit) and D16.  TMU_TEST_LONG=1 runs ten
 * times as many cases. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "gcn/gcn_rig.h"
#include "tmu/layout.h"

#define TEST_RNG_SEED 0x2545f4914f6cdd1dull
#include "test_rng.h"

/* ---- the ISA facts the generator uses -------------------------------------------------------- */

enum { K_LOAD, K_SAMPLE, K_GATHER, K_RESINFO, K_STORE, K_ATOMIC };
enum { F_LOD = 1, F_BIAS = 2, F_LZ = 4, F_DERIV = 8, F_MIP = 16, F_CMP = 32 };
static const struct {
    const char *name;
    int kind, flags;
} ops[] = {
    {"image_load", K_LOAD, 0},           {"image_load_mip", K_LOAD, F_MIP},
    {"image_sample", K_SAMPLE, 0},       {"image_sample_l", K_SAMPLE, F_LOD},
    {"image_sample_b", K_SAMPLE, F_BIAS}, {"image_sample_lz", K_SAMPLE, F_LZ},
    {"image_sample_d", K_SAMPLE, F_DERIV}, {"image_sample_c_lz", K_SAMPLE, F_LZ | F_CMP},
    {"image_sample_c_l", K_SAMPLE, F_LOD | F_CMP}, {"image_gather4_lz", K_GATHER, F_LZ},
    {"image_gather4_l", K_GATHER, F_LOD}, {"image_get_resinfo", K_RESINFO, F_MIP},
    {"image_store", K_STORE, 0},         {"image_store_mip", K_STORE, F_MIP},
    {"image_atomic_add", K_ATOMIC, 0},   {"image_atomic_smax", K_ATOMIC, 0},
};
#define NOPS (sizeof ops / sizeof ops[0])

/* Image types: T# TYPE, DIM name, coordinates (the last is the slice / face), derivatives per
 * direction, tmu dim. */
static const struct {
    unsigned type;
    const char *dim;
    int ncoord, nderiv, arrayed, cube;
    tmu_dim tdim;
} dims[] = {
    {8, "SQ_RSRC_IMG_1D", 1, 1, 0, 0, TMU_DIM_1D},
    {9, "SQ_RSRC_IMG_2D", 2, 2, 0, 0, TMU_DIM_2D},
    {10, "SQ_RSRC_IMG_3D", 3, 3, 0, 0, TMU_DIM_3D},
    {11, "SQ_RSRC_IMG_CUBE", 3, 2, 1, 1, TMU_DIM_CUBE},
    {12, "SQ_RSRC_IMG_1D_ARRAY", 2, 1, 1, 0, TMU_DIM_1D_ARRAY},
    {13, "SQ_RSRC_IMG_2D_ARRAY", 3, 2, 1, 0, TMU_DIM_2D_ARRAY},
};

/* Formats with their RDNA FORMAT codes (gfx10 / gfx11, as llvm-mc 16 names them). */
static const struct {
    tmu_format fmt;
    unsigned f10, f11;
} fmts[] = {
    {TMU_FORMAT_R32G32B32A32_FLOAT, 77, 63},
    {TMU_FORMAT_R8G8B8A8_UNORM, 56, 42},
    {TMU_FORMAT_R16G16B16A16_FLOAT, 71, 57},
    {TMU_FORMAT_R32_FLOAT, 22, 22},
    {TMU_FORMAT_R32_UINT, 20, 20}, /* atomics */
};

/* Swizzle modes (addrlib AddrSwizzleMode numbers) of gfx10 / gfx10.3 textures: linear, the
 * 256 B, 4 KiB and 64 KiB S / D modes, their _T / _X forms and 64KB_R_X. */
static const unsigned sw_modes[] = {0, 0, 0, 1, 2, 5, 6, 9, 10, 17, 18, 21, 22, 25, 26, 27};
/* gfx11 (RDNA3) ones: linear, the D, Z and R modes 2D images take, the S modes of 3D images (the
 * layout refuses a mode the shape cannot take: skipped), the 256 KiB modes 28-31. */
static const unsigned sw_modes_g11[] = {0,  0,  0,  2,  6,  10, 18, 22, 26, 24,
                                        27, 28, 30, 31, 5,  9,  17, 21, 25, 29};

/* One address component: a dword (full = 1) or a 16-bit half. */
typedef struct comp {
    int full;
    uint32_t val[64]; /* 32-bit value, or the 16-bit pattern in the low half */
} comp;

static uint16_t to_half(float f)
{
    /* round to nearest even through the library-free route: values are chosen exactly
     * representable in fp16 (multiples of 1/64 below 64) */
    return tmu_float_to_half(f);
}

/* Texel value of (level, x, y, z) channel c: the same on both sides. */
static float texel_value(uint32_t lv, uint32_t x, uint32_t y, uint32_t z, int c, uint32_t salt)
{
    uint32_t h = salt ^ (lv * 0x9e3779b1u) ^ (x * 0x85ebca6bu) ^ (y * 0xc2b2ae35u) ^ (z * 0x27d4eb2fu) ^ (uint32_t)c;
    h ^= h >> 15;
    h *= 0x2c1b3c6du;
    h ^= h >> 12;
    return (float)(h & 0xff) / 255.0f;
}

static void fill(const tmu_texture *t, uint32_t levels, uint32_t salt)
{
    for (uint32_t lv = 0; lv < levels; lv++) {
        uint32_t w = tmu_level_size(t->width, lv), h = tmu_level_size(t->height, lv);
        uint32_t d = t->dim == TMU_DIM_3D ? tmu_level_size(t->depth, lv) : t->layers;
        for (uint32_t z = 0; z < d; z++)
            for (uint32_t y = 0; y < h; y++)
                for (uint32_t x = 0; x < w; x++) {
                    tmu_texel v;
                    memset(&v, 0, sizeof v);
                    for (int c = 0; c < 4; c++)
                        v.f[c] = texel_value(lv, x, y, z, c, salt);
                    void *p = (void *)(uintptr_t)tmu_texel_address(t, lv, x, y, z, 0);
                    if (!p)
                        fail_msg("texel (%u, %u, %u) of level %u has no address", x, y, z, lv);
                    tmu_format_encode(t->format, &v, p);
                }
    }
}

static tmu_surface surf_rdna;

typedef struct stats {
    unsigned cases, skipped, nsa, a16, d16, swizzled, writes, per_gen[3], swizzled_gen[3];
} stats;

static int run_case(rig *g9, rig *rd, tmu_gcn_gen gen, stats *st)
{
    int oi = (int)below(NOPS);
    int kind = ops[oi].kind, fl = ops[oi].flags;
    int di = (int)below(6);
    if (kind == K_GATHER) /* gather4 reads 2D footprints: 2D, cube, 2D array */
        di = 1 + 2 * (int)below(3);
    int memop = kind == K_LOAD || kind == K_STORE || kind == K_ATOMIC;
    if (memop && dims[di].cube)
        di = 5; /* loads and stores address cube faces as a 2D array: keep the types apart */
    int fi = kind == K_ATOMIC ? 4 : (fl & F_CMP) || kind == K_GATHER ? 3 : (int)below(4);
    tmu_format fmt = fmts[fi].fmt;
    /* the image */
    uint32_t w = 1 + below(12), h = dims[di].ncoord - dims[di].arrayed >= 2 ? 1 + below(12) : 1;
    uint32_t d = dims[di].type == 10 ? 1 + below(6) : 1, layers = 1;
    if (dims[di].cube) {
        h = w;
        layers = 6 * (1 + below(2));
    } else if (dims[di].arrayed) {
        layers = 1 + below(4);
    }
    uint32_t big = w > h ? w : h, chain = 1;
    if (d > big)
        big = d;
    while (big >>= 1)
        chain++;
    uint32_t levels = 1 + below(chain);
    unsigned sw = gen == TMU_GCN_GFX11 ? sw_modes_g11[below(sizeof sw_modes_g11 / sizeof sw_modes_g11[0])]
                                       : sw_modes[below(sizeof sw_modes / sizeof sw_modes[0])];
    tmu_texture shape = rig_shape(dims[di].tdim, fmt, w, h, d, layers, levels), t9, tr;
    if (layers > 6 && dims[di].cube)
        shape.dim = TMU_DIM_CUBE_ARRAY;
    rig_texture(g9, 0, &shape, 0, &t9);
    /* RDNA T# by hand (ROCR bit positions) */
    uint32_t dw[8] = {0};
    unsigned fcode = gen == TMU_GCN_GFX11 ? fmts[fi].f11 : fmts[fi].f10;
    unsigned depth = dims[di].type == 10 ? d - 1 : dims[di].arrayed ? layers - 1 : 0;
    dw[0] = (uint32_t)(RIG_BASE >> 8);
    /* _T / _X modes (16-31): a pipe/bank XOR in BASE_ADDRESS, in 256-byte units below the block
     * (4 KiB: 20-23; 64 KiB: 16-19, 24-27; gfx11's 256 KiB: 28-31) */
    if (sw >= 16)
        dw[0] |= below(sw >= 20 && sw <= 23 ? 16u : sw >= 28 ? 1024u : 256u);
    dw[1] = fcode << 20 | ((w - 1) & 3u) << 30;
    dw[2] = (w - 1) >> 2 | (h - 1) << 14;
    dw[3] = 4u | 5u << 3 | 6u << 6 | 7u << 9 | (levels - 1) << 16 | sw << 20 | dims[di].type << 28;
    dw[4] = depth;
    if (gen == TMU_GCN_GFX11)
        dw[1] |= (levels - 1) << 16;
    else
        dw[5] = (levels - 1) << 4;
    rig_sgprs(rd, 0, dw, 8);
    /* the chip presets of the generation */
    static const char *const chips[3][5] = {
        {"navi10", "navi14", "navi10", "navi14", "navi10"},
        {"navi21", "navi21_8pipe", "navi21", "navi21_8pipe", "navi21"},
        {"gfx11_32pipe", "gfx11_16pipe", "gfx11_8pipe", "gfx11_4pipe_2pkr", "gfx11_2pipe_1pkr"}};
    rd->env.chip = tmu_amd_chip_find(chips[gen - TMU_GCN_GFX10][below(5)]);
    tmu_gcn_tdesc td;
    if (tmu_gcn_tdesc_decode(gen, dw, 8, &td, &rd->diag) != TMU_OK)
        fail_msg("T# decode: %s", rd->diag.message);
    tmu_status bs = tmu_gcn_bind_texture_surface(&td, NULL, &rd->env, 0, &tr, &surf_rdna, &rd->diag);
    if (bs != TMU_OK && sw != 0) { /* a swizzle mode addrlib refuses for the shape */
        st->skipped++;
        return 0;
    }
    if (bs != TMU_OK)
        fail_msg("bind: %s", rd->diag.message);
    uint32_t salt = rnd();
    fill(&t9, levels, salt);
    fill(&tr, levels, salt);
    /* the S#: words 0-2 mean the same on gfx9 and RDNA for these fields */
    unsigned clamp = below(4) == 0 ? 6u : below(4), xy = below(2), mip = below(3);
    uint32_t s[4] = {clamp | clamp << 3 | clamp << 6 | (fl & F_CMP ? below(8) : 0u) << 12,
                     15u << 20, xy << 20 | xy << 22 | (xy ? 2u : 1u) << 24 | mip << 26,
                     below(3) << 30};
    rig_sgprs(g9, 8, s, 4);
    rig_sgprs(rd, 8, s, 4);
    /* the instruction */
    int a16 = !(fl & F_DERIV) && below(3) == 0;
    int d16 = kind != K_RESINFO && kind != K_ATOMIC && below(3) == 0;
    unsigned dmask = kind == K_GATHER ? 1u << below(4) : 1 + below(15);
    if ((fl & F_CMP) || kind == K_ATOMIC)
        dmask = 1; /* a depth result; a 32-bit atomic */
    int glc = kind == K_ATOMIC && below(2);
    unsigned nvals = kind == K_GATHER ? 4 : (unsigned)__builtin_popcount(dmask);
    unsigned vregs = d16 ? (nvals + 1) / 2 : nvals;
    /* the address components in order, and their values */
    static comp cs[16];
    int nc = 0;
    uint64_t exec = below(4) == 0 ? ((uint64_t)rnd() << 32 | rnd()) : ~0ull;
    int sampling = kind == K_SAMPLE || kind == K_GATHER;
    float lo = -0.25f, hi = 1.25f;
    if (fl & F_BIAS) {
        cs[nc].full = !a16;
        for (int l = 0; l < 64; l++)
            cs[nc].val[l] = a16 ? to_half(frange(-2, 2)) : (uint32_t)0;
        if (!a16)
            for (int l = 0; l < 64; l++) {
                float f = (float)(int)(frange(-2, 2) * 64) / 64;
                memcpy(&cs[nc].val[l], &f, 4);
            }
        nc++;
    }
    if (fl & F_CMP) {
        cs[nc].full = 1;
        for (int l = 0; l < 64; l++) {
            float f = frange(0, 1);
            memcpy(&cs[nc].val[l], &f, 4);
        }
        nc++;
    }
    if (fl & F_DERIV) {
        for (int k = 0; k < 2 * dims[di].nderiv; k++, nc++) {
            cs[nc].full = 1;
            for (int l = 0; l < 64; l++) {
                float f = (float)(int)(frange(-0.5f, 0.5f) * 256) / 256;
                memcpy(&cs[nc].val[l], &f, 4);
            }
        }
    }
    int first_packed = nc;
    if (kind != K_RESINFO) {
        for (int k = 0; k < dims[di].ncoord; k++, nc++) {
            int is_slice = dims[di].arrayed && k == dims[di].ncoord - 1;
            cs[nc].full = !a16;
            for (int l = 0; l < 64; l++) {
                float f;
                uint32_t u;
                if (!sampling) {
                    uint32_t lim = is_slice ? layers : k == 0 ? w : k == 1 ? h : d;
                    u = below(lim + 2) - (below(8) == 0); /* some out of range */
                    cs[nc].val[l] = a16 ? (u & 0xffffu) : u;
                    continue;
                }
                if (dims[di].cube && k < 2)
                    f = (float)(int)(frange(1.0f, 2.0f) * 64) / 64;
                else if (is_slice)
                    f = (float)below(dims[di].cube ? 8u * (layers / 6) : layers + 1);
                else
                    f = (float)(int)(frange(lo, hi) * 64) / 64;
                if (a16)
                    cs[nc].val[l] = to_half(f);
                else
                    memcpy(&cs[nc].val[l], &f, 4);
            }
        }
    }
    if (fl & (F_LOD | F_MIP)) {
        cs[nc].full = !a16;
        for (int l = 0; l < 64; l++) {
            if (fl & F_MIP) {
                uint32_t m = below(levels + 1);
                cs[nc].val[l] = m;
            } else {
                float f = (float)(int)(frange(-1, (float)levels) * 16) / 16;
                if (a16)
                    cs[nc].val[l] = to_half(f);
                else
                    memcpy(&cs[nc].val[l], &f, 4);
            }
        }
        nc++;
    }
    /* pack into dwords: full components one each; 16-bit ones pairwise from first_packed on
     * (bias: a half alone in its dword) */
    static uint32_t dwv[16][64];
    int nd = 0, half = 0;
    for (int k = 0; k < nc; k++) {
        if (cs[k].full || k < first_packed) {
            if (half)
                nd++, half = 0;
            for (int l = 0; l < 64; l++)
                dwv[nd][l] = cs[k].val[l] & (cs[k].full ? 0xffffffffu : 0xffffu);
            nd++;
            continue;
        }
        for (int l = 0; l < 64; l++) {
            if (!half)
                dwv[nd][l] = cs[k].val[l] & 0xffffu;
            else
                dwv[nd][l] |= (cs[k].val[l] & 0xffffu) << 16;
        }
        if (half)
            nd++, half = 0;
        else
            half = 1;
    }
    if (half)
        nd++;
    /* gfx9 VADDR: a contiguous range of 1-4, 8 or 16 registers from v32 */
    int n9 = nd <= 4 ? nd : nd <= 8 ? 8 : 16;
    for (int k = 0; k < nd; k++)
        for (int l = 0; l < 64; l++)
            g9->w->vgpr[32 + k][l] = dwv[k][l];
    /* RDNA: contiguous, or NSA in scattered registers */
    int nsa = nd >= 2 && (gen != TMU_GCN_GFX11 || nd <= 5) && below(2);
    int regs[16];
    if (nsa) {
        for (int k = 0; k < nd; k++) {
            int r, dup;
            do {
                r = 40 + (int)below(60);
                dup = 0;
                for (int j = 0; j < k; j++)
                    dup |= regs[j] == r;
            } while (dup);
            regs[k] = r;
        }
    } else {
        for (int k = 0; k < nd; k++)
            regs[k] = 32 + k;
    }
    for (int k = 0; k < nd; k++)
        for (int l = 0; l < 64; l++)
            rd->w->vgpr[regs[k]][l] = dwv[k][l];
    char vdata[24], a9[24], ar[160];
    if (vregs == 1)
        snprintf(vdata, sizeof vdata, "v0");
    else
        snprintf(vdata, sizeof vdata, "v[0:%u]", vregs - 1);
    if (n9 == 1)
        snprintf(a9, sizeof a9, "v32");
    else
        snprintf(a9, sizeof a9, "v[32:%d]", 31 + n9);
    if (nsa) {
        int n = snprintf(ar, sizeof ar, "[");
        for (int k = 0; k < nd; k++)
            n += snprintf(ar + n, sizeof ar - (size_t)n, "%sv%d", k ? ", " : "", regs[k]);
        snprintf(ar + n, sizeof ar - (size_t)n, "]");
    } else if (nd == 1) {
        snprintf(ar, sizeof ar, "v32");
    } else {
        snprintf(ar, sizeof ar, "v[32:%d]", 31 + nd);
    }
    const char *ss = sampling ? ", s[8:11]" : "";
    const char *unorm = sampling ? "" : glc ? " unorm glc" : " unorm";
    char txt9[256], txtr[256];
    snprintf(txt9, sizeof txt9, "%s %s, %s, s[0:7]%s dmask:0x%x%s%s%s%s", ops[oi].name, vdata, a9, ss, dmask,
             unorm, a16 ? " a16" : "", dims[di].arrayed ? " da" : "", d16 ? " d16" : "");
    snprintf(txtr, sizeof txtr, "%s %s, %s, s[0:7]%s dmask:0x%x dim:%s%s%s%s", ops[oi].name, vdata, ar, ss,
             dmask, dims[di].dim, unorm, a16 ? " a16" : "", d16 ? " d16" : "");
    for (unsigned v = 0; v < vregs; v++)
        for (int l = 0; l < 64; l++) { /* store / atomic data: small numbers (halves for D16) */
            uint32_t x = kind == K_STORE ? (d16 ? (uint32_t)to_half(frange(0, 1)) | (uint32_t)to_half(frange(0, 1)) << 16
                                                : 0x3e000000u | below(1u << 23)) /* floats in [0.125, 0.25) */
                         : kind == K_ATOMIC ? below(1000) : 0x7fc0dead;
            g9->w->vgpr[v][l] = rd->w->vgpr[v][l] = x;
        }
    g9->w->exec = rd->w->exec = exec;
    tmu_status s9 = rig_run(g9, txt9), sr = rig_run(rd, txtr);
    if (s9 != sr)
        fail_msg("%s -> %d (%s)\n%s %s -> %d (%s)", txt9, s9, g9->diag.message, tmu_gcn_gen_name(gen), txtr, sr,
                 rd->diag.message);
    if (s9 != TMU_OK) {
        st->skipped++;
        return 0;
    }
    tmu_gcn_wave_wait(g9->w, 0, 0);
    tmu_gcn_wave_wait(rd->w, 0, 0);
    tmu_gcn_wave_wait_vs(rd->w, 0);
    if (kind == K_STORE || kind == K_ATOMIC) { /* every texel of both images */
        unsigned bytes = tmu_format_get(fmt)->bytes;
        for (uint32_t lv = 0; lv < levels; lv++) {
            uint32_t lw = tmu_level_size(w, lv), lh = tmu_level_size(h, lv);
            uint32_t lz = dims[di].type == 10 ? tmu_level_size(d, lv) : layers;
            for (uint32_t z = 0; z < lz; z++)
                for (uint32_t y = 0; y < lh; y++)
                    for (uint32_t x = 0; x < lw; x++) {
                        const void *a = tmu_texel_address(&t9, lv, x, y, z, 0);
                        const void *b = tmu_texel_address(&tr, lv, x, y, z, 0);
                        if (!a || !b || memcmp(a, b, bytes))
                            fail_msg("texel (%u, %u, %u) of level %u differs after\n  %s\n  %s", x, y, z, lv,
                                     txt9, txtr);
                    }
        }
    }
    if (kind == K_STORE || (kind == K_ATOMIC && !glc))
        vregs = 0; /* nothing returned */
    for (unsigned v = 0; v < vregs; v++)
        for (int l = 0; l < 64; l++)
            if (g9->w->vgpr[v][l] != rd->w->vgpr[v][l])
                fail_msg("lane %d v%u: gfx9 0x%08x, %s 0x%08x\n  %s\n  %s (SW_MODE %u, %ux%ux%u, %u layers, %u "
                         "levels)", l, v, g9->w->vgpr[v][l], tmu_gcn_gen_name(gen), rd->w->vgpr[v][l], txt9, txtr,
                         sw, w, h, d, layers, levels);
    st->cases++;
    st->nsa += nsa;
    st->a16 += a16;
    st->d16 += d16;
    st->swizzled += sw != 0;
    st->swizzled_gen[gen - TMU_GCN_GFX10] += sw != 0;
    st->writes += kind == K_STORE || kind == K_ATOMIC;
    st->per_gen[gen - TMU_GCN_GFX10]++;
    return 1;
}

static void test_equivalence(void **state)
{
    (void)state;
    const char *lg = getenv("TMU_TEST_LONG");
    unsigned n = lg && *lg == '1' ? 20000 : 2000;
    rig g9, rd[3];
    rig_init(&g9, TMU_GCN_GFX9, 2u << 20);
    stats st = {0};
    static const tmu_gcn_gen gens[3] = {TMU_GCN_GFX10, TMU_GCN_GFX103, TMU_GCN_GFX11};
    for (int g = 0; g < 3; g++)
        rig_init(&rd[g], gens[g], 4u << 20);
    for (unsigned i = 0; i < n; i++)
        run_case(&g9, &rd[i % 3], gens[i % 3], &st);
    for (int g = 0; g < 3; g++)
        rig_free(&rd[g]);
    printf("rdna equivalence: %u cases bit-identical to gfx9 (gfx10 %u, gfx10.3 %u, gfx11 %u; NSA %u, A16 "
           "%u, D16 %u, swizzled %u (gfx10 %u, gfx10.3 %u, gfx11 %u), stores and atomics %u), %u "
           "skipped (refused by both or a layout addrlib refuses)\n",
           st.cases, st.per_gen[0], st.per_gen[1], st.per_gen[2], st.nsa, st.a16, st.d16, st.swizzled,
           st.swizzled_gen[0], st.swizzled_gen[1], st.swizzled_gen[2], st.writes, st.skipped);
    assert_true(st.cases > n / 2);
    assert_true(st.nsa > 0 && st.a16 > 0 && st.d16 > 0 && st.swizzled > 0 && st.writes > 0);
    for (int g = 0; g < 3; g++)
        assert_true(st.swizzled_gen[g] > 0);
    rig_free(&g9);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_equivalence)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
