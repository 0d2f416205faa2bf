/* Tiled T#s through the GCN executor, against the texture unit sampling the linear texture.
 *
 * Every surface of AMD's own addrlib conformance vectors (tests/data/amd-tiling-gfx6-8.tsv for
 * every gfx6-8 chip preset, tests/data/amd-tiling-gfx9-10.tsv for vega10 and raven: every tile
 * index and every swizzle mode they hold) becomes an image: random texels in a linear (packed)
 * texture, written into guest memory by tmu_surface_retile through a surface this test lays out
 * from the vector row itself (its flags, bpp, extent, mips, samples, mode, pipe/bank XOR), and a
 * T# the test writes by hand as radv would (TILING_INDEX / SW_MODE, PITCH, POW2_PAD, the XOR in
 * BASE_ADDRESS).  Then image_load_mip, image_sample_l and image_gather4_l (image_load with a
 * fragment id for multisampled surfaces) run on a wave with random lanes, and every result
 * dword must equal, bit for bit,
 *   A. the same instruction on a linear T# of the same texels (the executor's linear path), and
 *   B. tmu_unit_execute on the packed linear texture with the same sampler (2D, 2D arrays, 3D,
 *      multisampled).
 * The expected values never pass through the executor's tiled path.  The guest-memory region
 * of the tiled image is exactly the surface's size (ASan would see a read past it).
 *
 * Usage: test_gcn_tiled GFX6-8.tsv GFX9-10.tsv [max-linear-bytes] */
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tmu/format.h"
#include "tmu/gcn.h"
#include "tmu/gcn_exec.h"
#include "tmu/layout.h"
#include "tmu/texture.h"
#include "tmu/unit.h"

#define TILED_BASE 0x1000000000ull  /* 64 GiB: aligned for every surface */
#define LINEAR_BASE 0x2000000000ull

static unsigned long long g_checks, g_fail, g_surfaces, g_skipped, g_views;

static void fail(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    if (g_fail < 40) {
        fputs("FAIL ", stdout);
        vprintf(fmt, ap);
        fputc('\n', stdout);
    }
    va_end(ap);
    g_fail++;
}

/* ---- random numbers (xorshift64*) ------------------------------------------------------------ */

static uint64_t rng_state = 0x9e3779b97f4a7c15ull;

static uint32_t rnd(void)
{
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return (uint32_t)((rng_state * 0x2545f4914f6cdd1dull) >> 32);
}

static uint32_t rnd_below(uint32_t n)
{
    return n ? rnd() % n : 0;
}

static float rnd_float(float lo, float hi)
{
    return lo + (hi - lo) * (float)(rnd() >> 8) / 16777216.0f;
}

/* ---- the vector rows --------------------------------------------------------------------------- */

typedef struct row {
    char chip[24];
    int gfx9;
    unsigned bpp, w, h, slices, mips, samples;
    int tile;           /* gfx6-8 */
    unsigned sw, pbx;   /* gfx9 */
    int rsrc3d;         /* gfx9 */
    uint32_t flags;
    char flag_text[96];
} row;

static uint32_t parse_flags(const char *text)
{
    static const struct {
        const char *name;
        uint32_t flag;
    } names[] = {{"texture", TMU_SURF_TEXTURE}, {"depth", TMU_SURF_DEPTH}, {"color", TMU_SURF_COLOR},
                 {"display", TMU_SURF_DISPLAY}, {"cube", TMU_SURF_CUBE}, {"volume", TMU_SURF_VOLUME},
                 {"prt", TMU_SURF_PRT}, {"pow2Pad", TMU_SURF_POW2_PAD},
                 {"disallowLargeThickDegrade", TMU_SURF_NO_LARGE_THICK_DEGRADE},
                 {"stencil", TMU_SURF_STENCIL}};
    uint32_t f = 0;
    char buf[128];
    snprintf(buf, sizeof buf, "%s", text);
    for (char *t = strtok(buf, ","); t; t = strtok(NULL, ","))
        for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
            if (!strcmp(t, names[i].name))
                f |= names[i].flag;
    return f;
}

/* Splits a TAB-separated line into at most n fields (in place). */
static int split(char *line, char **fields, int n)
{
    int k = 0;
    for (char *p = line; k < n;) {
        fields[k++] = p;
        char *tab = strchr(p, '\t');
        if (!tab)
            break;
        *tab = 0;
        p = tab + 1;
    }
    return k;
}

#define MAX_ROWS 8192
static row g_rows[MAX_ROWS];
static size_t g_nrows;

static int same_surface(const row *a, const row *b)
{
    return !strcmp(a->chip, b->chip) && a->gfx9 == b->gfx9 && a->bpp == b->bpp && a->w == b->w &&
           a->h == b->h && a->slices == b->slices && a->mips == b->mips && a->samples == b->samples &&
           a->tile == b->tile && a->sw == b->sw && a->pbx == b->pbx && a->rsrc3d == b->rsrc3d &&
           a->flags == b->flags;
}

static int read_rows(const char *path, int gfx9)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        printf("cannot open %s\n", path);
        return -1;
    }
    static char line[1 << 16];
    int header = 1;
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#' || line[0] == '\n')
            continue;
        if (header) {
            header = 0;
            continue;
        }
        char *fl[16];
        row r;
        memset(&r, 0, sizeof r);
        r.gfx9 = gfx9;
        if (!gfx9) {
            /* chip gfx bpp width height slices mips level samples tile_index flags ... */
            if (split(line, fl, 12) < 11)
                continue;
            snprintf(r.chip, sizeof r.chip, "%.*s", (int)sizeof r.chip - 1, fl[0]);
            r.bpp = (unsigned)atoi(fl[2]), r.w = (unsigned)atoi(fl[3]), r.h = (unsigned)atoi(fl[4]);
            r.slices = (unsigned)atoi(fl[5]), r.mips = (unsigned)atoi(fl[6]);
            r.samples = (unsigned)atoi(fl[8]), r.tile = atoi(fl[9]);
            snprintf(r.flag_text, sizeof r.flag_text, "%s", fl[10]);
        } else {
            /* chip gfx rsrc swizzle bpp width height slices mips samples flags pipe_bank_xor ... */
            if (split(line, fl, 13) < 12)
                continue;
            if (strcmp(fl[0], "vega10") && strcmp(fl[0], "raven"))
                continue;
            snprintf(r.chip, sizeof r.chip, "%.*s", (int)sizeof r.chip - 1, fl[0]);
            if (!strcmp(fl[2], "1d"))
                continue; /* gfx9 1D resources are linear only (SW_LINEAR rows) */
            r.rsrc3d = !strcmp(fl[2], "3d");
            int sw = tmu_amd_swizzle_mode_from_name(fl[3]);
            if (sw < 0) {
                printf("unknown swizzle mode %s\n", fl[3]);
                fclose(f);
                return -1;
            }
            r.sw = (unsigned)sw;
            r.bpp = (unsigned)atoi(fl[4]), r.w = (unsigned)atoi(fl[5]), r.h = (unsigned)atoi(fl[6]);
            r.slices = (unsigned)atoi(fl[7]), r.mips = (unsigned)atoi(fl[8]);
            r.samples = (unsigned)atoi(fl[9]);
            snprintf(r.flag_text, sizeof r.flag_text, "%s", fl[10]);
            r.pbx = (unsigned)strtoul(fl[11], NULL, 0);
            r.tile = -1;
        }
        r.flags = parse_flags(r.flag_text);
        /* gfx6-8 files list one row per level: one surface each */
        if (g_nrows && same_surface(&g_rows[g_nrows - 1], &r))
            continue;
        if (g_nrows >= MAX_ROWS) {
            printf("more than %d surfaces\n", MAX_ROWS);
            fclose(f);
            return -1;
        }
        g_rows[g_nrows++] = r;
    }
    fclose(f);
    return 0;
}

/* ---- coverage: every (chip, mode) of the files must run ------------------------------------ */

typedef struct cover {
    char chip[24];
    int gfx9;
    unsigned mode;
    unsigned loads, samples, gathers, ms_loads;
} cover;
static cover g_cover[1024];
static size_t g_ncover;

static cover *cover_of(const row *r)
{
    unsigned mode = r->gfx9 ? r->sw : (unsigned)r->tile;
    for (size_t i = 0; i < g_ncover; i++)
        if (!strcmp(g_cover[i].chip, r->chip) && g_cover[i].gfx9 == r->gfx9 && g_cover[i].mode == mode)
            return &g_cover[i];
    if (g_ncover >= sizeof g_cover / sizeof g_cover[0])
        abort();
    cover *c = &g_cover[g_ncover++];
    memset(c, 0, sizeof *c);
    snprintf(c->chip, sizeof c->chip, "%s", r->chip);
    c->gfx9 = r->gfx9;
    c->mode = mode;
    return c;
}

/* ---- one surface --------------------------------------------------------------------------------- */

static tmu_gcn_gen gen_of(const tmu_amd_chip *c)
{
    switch (c->gen) {
    case TMU_AMD_GFX6: return TMU_GCN_GFX6;
    case TMU_AMD_GFX7: return TMU_GCN_GFX7;
    case TMU_AMD_GFX8: return TMU_GCN_GFX8;
    default: return TMU_GCN_GFX9;
    }
}

static tmu_format pick_format(unsigned bpp)
{
    static const tmu_format f8[] = {TMU_FORMAT_R8_UNORM};
    static const tmu_format f16[] = {TMU_FORMAT_R16_UNORM, TMU_FORMAT_R8G8_UNORM};
    static const tmu_format f32[] = {TMU_FORMAT_R8G8B8A8_UNORM, TMU_FORMAT_R32_FLOAT};
    static const tmu_format f64[] = {TMU_FORMAT_R16G16B16A16_UNORM, TMU_FORMAT_R32G32_FLOAT};
    static const tmu_format f128[] = {TMU_FORMAT_R32G32B32A32_FLOAT};
    switch (bpp) {
    case 8: return f8[0];
    case 16: return f16[rnd_below(2)];
    case 32: return f32[rnd_below(2)];
    case 64: return f64[rnd_below(2)];
    default: return f128[0];
    }
}

typedef struct image {
    tmu_dim dim;
    tmu_format fmt;
    uint32_t w, h, d, layers, levels, samples;
    uint32_t base_level, base_layer; /* the T# view (BASE_LEVEL, BASE_ARRAY) */
} image;

static uint32_t lsize(uint32_t v, uint32_t l)
{
    return tmu_level_size(v, l);
}

/* Slices of level l in the surface (3D: depth, else layers). */
static uint32_t level_slices(const image *im, uint32_t l)
{
    return im->dim == TMU_DIM_3D ? lsize(im->d, l) : im->layers;
}

/* The T# a driver writes for the tiled image (radv's rules, by hand). */
static void tiled_tdesc(const row *r, const image *im, const tmu_surface *s, tmu_gcn_gen gen,
                        uint64_t address, tmu_gcn_tdesc *t)
{
    const tmu_format_info *fi = tmu_format_get(im->fmt);
    memset(t, 0, sizeof *t);
    t->gen = gen;
    t->dwords = 8;
    uint32_t *f = t->f;
    f[TMU_GCN_T_BASE_ADDRESS] = (uint32_t)(address >> 8);
    f[TMU_GCN_T_BASE_ADDRESS_HI] = (uint32_t)(address >> 40) & 0xff;
    f[TMU_GCN_T_DATA_FORMAT] = fi->gcn_data_format;
    f[TMU_GCN_T_NUM_FORMAT] = fi->gcn_num_format;
    f[TMU_GCN_T_WIDTH] = im->w - 1;
    f[TMU_GCN_T_HEIGHT] = im->h - 1;
    f[TMU_GCN_T_DST_SEL_X] = TMU_GCN_SEL_X, f[TMU_GCN_T_DST_SEL_Y] = TMU_GCN_SEL_Y;
    f[TMU_GCN_T_DST_SEL_Z] = TMU_GCN_SEL_Z, f[TMU_GCN_T_DST_SEL_W] = TMU_GCN_SEL_W;
    unsigned log2s = 0;
    while ((1u << log2s) < im->samples)
        log2s++;
    int ms = im->samples > 1;
    f[TMU_GCN_T_LAST_LEVEL] = ms ? log2s : im->levels - 1;
    f[TMU_GCN_T_BASE_LEVEL] = im->base_level;
    f[TMU_GCN_T_BASE_ARRAY] = im->base_layer;
    switch (im->dim) {
    case TMU_DIM_2D: f[TMU_GCN_T_TYPE] = TMU_GCN_IMG_2D; break;
    case TMU_DIM_2D_ARRAY: f[TMU_GCN_T_TYPE] = TMU_GCN_IMG_2D_ARRAY; break;
    case TMU_DIM_3D: f[TMU_GCN_T_TYPE] = TMU_GCN_IMG_3D; break;
    case TMU_DIM_CUBE: f[TMU_GCN_T_TYPE] = TMU_GCN_IMG_CUBE; break;
    case TMU_DIM_2D_MS: f[TMU_GCN_T_TYPE] = TMU_GCN_IMG_2D_MSAA; break;
    default: f[TMU_GCN_T_TYPE] = TMU_GCN_IMG_2D_MSAA_ARRAY; break;
    }
    int arrayed = im->dim == TMU_DIM_2D_ARRAY || im->dim == TMU_DIM_CUBE || im->dim == TMU_DIM_2D_MS_ARRAY;
    if (gen == TMU_GCN_GFX9) {
        f[TMU_GCN_T_SW_MODE] = r->sw;
        f[TMU_GCN_T_DEPTH] = im->dim == TMU_DIM_3D ? im->d - 1 : im->layers - 1;
        f[TMU_GCN_T_MAX_MIP] = ms ? log2s : r->mips - 1;
        /* SW_LINEAR: PITCH + 1 is the pitch, or the rows of a slice's mip chain (epitchIsHeight) */
        if (r->sw == 0)
            f[TMU_GCN_T_PITCH] = (uint32_t)(im->levels > 1 ? s->slice_size / ((uint64_t)s->pitch * (r->bpp / 8))
                                                           : s->pitch) - 1;
        else
            f[TMU_GCN_T_PITCH] = s->pitch - 1;
    } else {
        f[TMU_GCN_T_TILING_INDEX] = (uint32_t)r->tile;
        f[TMU_GCN_T_POW2_PAD] = (r->flags & TMU_SURF_POW2_PAD) != 0;
        f[TMU_GCN_T_PITCH] = s->level[0].pitch - 1;
        if (im->dim == TMU_DIM_3D)
            f[TMU_GCN_T_DEPTH] = im->d - 1;
        else if (im->dim == TMU_DIM_CUBE)
            f[TMU_GCN_T_DEPTH] = im->layers / 6 - 1;
        else
            f[TMU_GCN_T_DEPTH] = im->layers - 1;
        if (arrayed)
            f[TMU_GCN_T_LAST_ARRAY] = im->layers - 1;
    }
}

/* The S# of the checks: bilinear, linear mips, the given clamp, LOD 0..15. */
static void make_sampler(tmu_gcn_gen gen, unsigned clamp, int is3d, uint32_t dw[4], tmu_sampler *smp)
{
    tmu_gcn_sdesc s;
    memset(&s, 0, sizeof s);
    s.gen = gen;
    s.f[TMU_GCN_S_CLAMP_X] = s.f[TMU_GCN_S_CLAMP_Y] = s.f[TMU_GCN_S_CLAMP_Z] = clamp;
    s.f[TMU_GCN_S_XY_MAG_FILTER] = s.f[TMU_GCN_S_XY_MIN_FILTER] = 1;
    s.f[TMU_GCN_S_Z_FILTER] = 2;
    s.f[TMU_GCN_S_MIP_FILTER] = 2;
    s.f[TMU_GCN_S_MAX_LOD] = 15 << 8;
    (void)is3d;
    if (tmu_gcn_sdesc_encode(&s, dw, NULL) != TMU_OK)
        abort();
    /* the same sampler for the texture unit, written out */
    memset(smp, 0, sizeof *smp);
    for (int a = 0; a < 3; a++)
        smp->address[a] = (tmu_address)clamp;
    smp->mag_filter = smp->min_filter = TMU_FILTER_LINEAR;
    smp->mip_filter = TMU_MIP_LINEAR;
    smp->reduction = TMU_REDUCTION_WEIGHTED_AVERAGE;
    smp->normalized = 1;
    smp->seamless_cube = 1;
    smp->compare_op = TMU_COMPARE_NEVER;
    smp->precision = TMU_PRECISION_EXACT;
    smp->min_lod = 0.0f;
    smp->max_lod = 15.0f;
}

typedef struct bench {
    tmu_gcn_wave *wt, *wl; /* tiled and linear (reference A) waves */
} bench;

static void setf(tmu_gcn_wave *w, unsigned v, unsigned lane, float x)
{
    memcpy(&w->vgpr[v][lane], &x, 4);
}

/* Runs `text` on a wave prepared with the T# in s[8:15] and the S# in s[16:19]. */
static tmu_status run_text(tmu_gcn_wave *w, const tmu_gcn_env *env, const char *text, tmu_diag *d)
{
    tmu_gcn_mimg mi;
    tmu_status st = tmu_gcn_assemble(w->gen, TMU_GCN_SYNTAX_LLVM, text, strlen(text), 1, &mi, d);
    if (st != TMU_OK)
        return st;
    st = tmu_gcn_exec(w, env, &mi, d);
    tmu_gcn_wave_wait(w, 0, 0);
    return st;
}

enum { OP_LOAD, OP_SAMPLE, OP_GATHER, OP_MS_LOAD, OP_SAMPLE_IMPLICIT, OP_GATHER_IMPLICIT };

/* Lane inputs of one instruction, kept for the texture-unit reference. */
typedef struct lanes {
    float coord[3][64], lod[64];
    int32_t icoord[3][64], ilod[64];
    uint32_t layer[64], sample[64];
} lanes;

static void put_desc(tmu_gcn_wave *w, const tmu_gcn_tdesc *t, const uint32_t sdw[4])
{
    uint32_t dw[8];
    if (tmu_gcn_tdesc_encode(t, dw, NULL) != TMU_OK)
        abort();
    memcpy(&w->sgpr[8], dw, sizeof dw);
    memcpy(&w->sgpr[16], sdw, 4 * sizeof *sdw);
}

/* One instruction on the tiled T#, reference A (linear T#) and reference B (the unit). */
static void check_op(bench *b, int op, const image *im, const tmu_gcn_tdesc *tt,
                     const tmu_gcn_env *et, const tmu_gcn_tdesc *tl, const tmu_gcn_env *el,
                     const tmu_texture *packed, const char *what)
{
    tmu_gcn_gen gen = tt->gen;
    unsigned clamp = rnd_below(3); /* wrap, mirror, clamp_last_texel */
    uint32_t sdw[4];
    tmu_sampler smp;
    make_sampler(gen, clamp, im->dim == TMU_DIM_3D, sdw, &smp);
    tmu_gcn_wave_init(b->wt, gen);
    put_desc(b->wt, tt, sdw);
    int cube = im->dim == TMU_DIM_CUBE, arr = im->dim == TMU_DIM_2D_ARRAY || im->dim == TMU_DIM_2D_MS_ARRAY;
    int third = im->dim == TMU_DIM_3D || arr || cube; /* a third address component */
    uint32_t vlevels = im->levels - im->base_level, vlayers = im->layers - im->base_layer;
    int implicit = op == OP_SAMPLE_IMPLICIT || op == OP_GATHER_IMPLICIT;
    lanes ln;
    memset(&ln, 0, sizeof ln);
    for (unsigned lane = 0; lane < 64; lane++) {
        unsigned v = 4;
        if (op == OP_LOAD || op == OP_MS_LOAD) {
            uint32_t lv = op == OP_LOAD ? rnd_below(vlevels + (rnd_below(8) == 0)) : 0;
            uint32_t il = im->base_level + (lv < vlevels ? lv : 0);
            uint32_t lw = lsize(im->w, il), lh = lsize(im->h, il);
            uint32_t x = rnd_below(lw + 1), y = rnd_below(lh + 1); /* one past the edge now and then */
            uint32_t z = third ? rnd_below(im->dim == TMU_DIM_3D ? lsize(im->d, il) : vlayers) : 0;
            b->wt->vgpr[v++][lane] = x;
            b->wt->vgpr[v++][lane] = y;
            if (third)
                b->wt->vgpr[v++][lane] = z;
            ln.icoord[0][lane] = (int32_t)x, ln.icoord[1][lane] = (int32_t)y;
            ln.icoord[2][lane] = (int32_t)z;
            ln.layer[lane] = z;
            if (op == OP_LOAD) {
                b->wt->vgpr[v++][lane] = lv;
                ln.ilod[lane] = (int32_t)lv;
            } else {
                uint32_t q = rnd_below(im->samples);
                b->wt->vgpr[v++][lane] = q;
                ln.sample[lane] = q;
            }
        } else if (implicit) {
            /* a 2x2 quad per 4 lanes: a corner and steps whose size sets the LOD */
            static float s0, t0, z0, step;
            if (lane % 4 == 0) {
                s0 = cube ? rnd_float(1.0f, 1.75f) : rnd_float(-0.3f, 1.3f);
                t0 = cube ? rnd_float(1.0f, 1.75f) : rnd_float(-0.3f, 1.3f);
                z0 = cube ? (float)rnd_below(6) : arr ? (float)rnd_below(vlayers) : rnd_float(-0.3f, 1.3f);
                step = ldexpf(1.0f, -(int)rnd_below(12));
                if (cube && step > 0.25f)
                    step = 0.25f;
            }
            float s = s0 + (float)(lane & 1) * step, t = t0 + (float)(lane >> 1 & 1) * step;
            float z = im->dim == TMU_DIM_3D ? z0 + (float)(lane & 1) * step : third ? z0 : 0.0f;
            setf(b->wt, v++, lane, s);
            setf(b->wt, v++, lane, t);
            if (third)
                setf(b->wt, v++, lane, z);
            ln.coord[0][lane] = s, ln.coord[1][lane] = t, ln.coord[2][lane] = z;
            ln.layer[lane] = (uint32_t)z;
        } else {
            float s, t, z = 0.0f;
            if (cube) {
                s = rnd_float(1.0f, 2.0f), t = rnd_float(1.0f, 2.0f);
                z = (float)rnd_below(6);
            } else {
                s = rnd_float(-0.3f, 1.3f), t = rnd_float(-0.3f, 1.3f);
                if (im->dim == TMU_DIM_3D)
                    z = rnd_float(-0.3f, 1.3f);
                else if (arr)
                    z = (float)rnd_below(vlayers);
            }
            float lod = rnd_float(-0.5f, (float)vlevels - 0.5f);
            setf(b->wt, v++, lane, s);
            setf(b->wt, v++, lane, t);
            if (third)
                setf(b->wt, v++, lane, z);
            setf(b->wt, v++, lane, lod);
            ln.coord[0][lane] = s, ln.coord[1][lane] = t, ln.coord[2][lane] = z;
            ln.layer[lane] = (uint32_t)z;
            ln.lod[lane] = lod;
        }
    }
    char text[160];
    unsigned naddr = 2u + (unsigned)third + (implicit ? 0u : 1u); /* x y [z|slice|face] [mip|fragid|lod] */
    const char *da = arr || cube ? " da" : "";
    static const struct {
        const char *mnemonic, *dmask; /* dmask and the modifiers before da */
    } forms[] = {
        [OP_LOAD] = {"image_load_mip", "0xf unorm"},   [OP_SAMPLE] = {"image_sample_l", "0xf"},
        [OP_GATHER] = {"image_gather4_l", "0x1"},      [OP_MS_LOAD] = {"image_load", "0xf unorm"},
        [OP_SAMPLE_IMPLICIT] = {"image_sample", "0xf"}, [OP_GATHER_IMPLICIT] = {"image_gather4", "0x2"},
    };
    int loads = op == OP_LOAD || op == OP_MS_LOAD; /* no sampler */
    snprintf(text, sizeof text, "%s v[0:3], v[4:%u], s[8:15]%s dmask:%s%s", forms[op].mnemonic,
             3 + naddr, loads ? "" : ", s[16:19]", forms[op].dmask, da);
    /* the linear wave gets the same registers */
    memcpy(b->wl, b->wt, sizeof *b->wl);
    tmu_diag d;
    tmu_status st = run_text(b->wt, et, text, &d);
    g_checks++;
    if (st != TMU_OK) {
        fail("%s: %s: tiled T# refused: %s", what, text, d.message);
        return;
    }
    if (tl) {
        put_desc(b->wl, tl, sdw);
        st = run_text(b->wl, el, text, &d);
        if (st != TMU_OK) {
            fail("%s: %s: linear T# refused: %s", what, text, d.message);
            return;
        }
        for (unsigned c = 0; c < 4; c++)
            for (unsigned lane = 0; lane < 64; lane++)
                if (b->wt->vgpr[c][lane] != b->wl->vgpr[c][lane]) {
                    fail("%s: %s: lane %u v%u tiled 0x%08x, linear T# 0x%08x", what, text, lane, c,
                         b->wt->vgpr[c][lane], b->wl->vgpr[c][lane]);
                    return;
                }
    }
    /* reference B: the texture unit on the packed linear texture (implicit gathers: the level
     * selection of gcn_exec.h needs the LOD query, left to reference A) */
    if (!packed || cube || op == OP_GATHER_IMPLICIT)
        return;
    uint32_t out[4][64];
    memset(out, 0, sizeof out);
    tmu_op o;
    memset(&o, 0, sizeof o);
    o.dim = im->dim;
    o.result = TMU_RESULT_F32;
    o.layer_mode = TMU_LAYER_U32;
    tmu_wave_in in;
    memset(&in, 0, sizeof in);
    tmu_sampler fs = smp;
    if (op == OP_LOAD || op == OP_MS_LOAD) {
        o.kind = TMU_OP_FETCH;
        in.icoord[0] = ln.icoord[0], in.icoord[1] = ln.icoord[1], in.icoord[2] = ln.icoord[2];
        in.layer = ln.layer;
        in.ilod = ln.ilod;
        in.sample = ln.sample;
        fs = tmu_sampler_default();
    } else {
        o.kind = op == OP_SAMPLE || op == OP_SAMPLE_IMPLICIT ? TMU_OP_SAMPLE : TMU_OP_GATHER;
        o.level_mode = implicit ? TMU_LEVEL_IMPLICIT : TMU_LEVEL_LOD;
        in.coord[0] = ln.coord[0], in.coord[1] = ln.coord[1], in.coord[2] = ln.coord[2];
        in.layer = ln.layer;
        in.lod = ln.lod;
    }
    tmu_wave_out wo = {{out[0], out[1], out[2], out[3]}, NULL, NULL, NULL};
    if (op == OP_GATHER) {
        /* gather4_l reads one level: the LOD's nearest level (gcn_exec.h), here a view of it */
        for (uint32_t lv = 0; lv < vlevels; lv++) {
            uint64_t ex[2] = {0, 0};
            for (unsigned lane = 0; lane < 64; lane++) {
                float dl = ln.lod[lane] < 0.0f ? 0.0f : ln.lod[lane];
                if (dl > (float)(vlevels - 1))
                    dl = (float)(vlevels - 1);
                float n = ceilf(dl + 0.5f) - 1.0f;
                uint32_t want = n > 0.0f ? (uint32_t)n : 0;
                if (want == lv)
                    ex[0] |= 1ull << lane;
            }
            tmu_texture view = *packed;
            view.base_level = im->base_level + lv;
            view.level_count = 1;
            if (ex[0] && (st = tmu_unit_execute(&view, &fs, &o, 64, ex, &in, &wo, &d)) != TMU_OK)
                break;
        }
    } else {
        st = tmu_unit_execute(packed, &fs, &o, 64, NULL, &in, &wo, &d);
    }
    (void)vlayers;
    if (st != TMU_OK) {
        fail("%s: %s: the texture unit refused the reference: %s", what, text, d.message);
        return;
    }
    for (unsigned c = 0; c < 4; c++)
        for (unsigned lane = 0; lane < 64; lane++)
            if (b->wt->vgpr[c][lane] != out[c][lane]) {
                fail("%s: %s: lane %u v%u tiled 0x%08x, texture unit 0x%08x", what, text, lane, c,
                     b->wt->vgpr[c][lane], out[c][lane]);
                return;
            }
}

static unsigned long long g_max_linear = 2u << 20;

static void run_row(bench *b, const row *r)
{
    const tmu_amd_chip *chip = tmu_amd_chip_find(r->chip);
    if (!chip) {
        fail("unknown chip %s", r->chip);
        return;
    }
    tmu_gcn_gen gen = gen_of(chip);
    image im;
    memset(&im, 0, sizeof im);
    im.w = r->w, im.h = r->h, im.d = 1, im.layers = 1, im.levels = r->mips, im.samples = r->samples;
    int vol = r->gfx9 ? r->rsrc3d : (r->flags & TMU_SURF_VOLUME) != 0;
    /* addrlib lays out chains longer than the mip chain (gfx9 vectors hold some): the image
     * has the mip chain's levels, the gfx9 T# MAX_MIP the surface's */
    uint32_t chain = 1;
    for (uint32_t big = r->w > r->h ? r->w : r->h; (vol && r->slices > big ? r->slices : big) >> chain; chain++)
        ;
    if (im.levels > chain)
        im.levels = chain;
    if (r->samples > 1) {
        im.dim = r->slices > 1 ? TMU_DIM_2D_MS_ARRAY : TMU_DIM_2D_MS;
        im.layers = r->slices;
    } else if (vol) {
        im.dim = TMU_DIM_3D;
        im.d = r->slices;
    } else if (r->flags & TMU_SURF_CUBE) {
        if (r->slices != 6 || r->w != r->h) {
            g_skipped++;
            return;
        }
        im.dim = TMU_DIM_CUBE;
        im.layers = 6;
    } else {
        im.dim = r->slices > 1 ? TMU_DIM_2D_ARRAY : TMU_DIM_2D;
        im.layers = r->slices;
    }
    im.fmt = pick_format(r->bpp);
    const tmu_format_info *fi = tmu_format_get(im.fmt);
    if (tmu_format_from_gcn(fi->gcn_data_format, fi->gcn_num_format) != im.fmt)
        abort();
    size_t packed_size = tmu_texture_packed_size(im.dim, im.fmt, im.w, im.h, im.d, im.layers, im.levels,
                                                 im.samples);
    if (!packed_size || packed_size > g_max_linear) {
        g_skipped++;
        return;
    }
    /* the test's own surface, from the vector row */
    tmu_surface_desc sd;
    memset(&sd, 0, sizeof sd);
    sd.rsrc = vol ? TMU_SURF_3D : TMU_SURF_2D;
    sd.bpp = r->bpp, sd.width = r->w, sd.height = r->h, sd.slices = r->slices, sd.levels = r->mips;
    sd.samples = r->samples, sd.flags = r->flags, sd.tile_index = r->tile, sd.swizzle_mode = r->sw;
    sd.pipe_bank_xor = r->pbx;
    if (r->gfx9) /* the hardware's multisampled layout: every sample stored (layout.h) */
        sd.fragments = r->samples;
    static tmu_surface surf;
    tmu_diag d;
    char what[200];
    snprintf(what, sizeof what, "%s %s %u %s %ubpp %ux%ux%u mips %u samples %u [%s]", r->chip,
             r->gfx9 ? "SW_MODE" : "TILING_INDEX", r->gfx9 ? r->sw : (unsigned)r->tile,
             r->gfx9 ? tmu_amd_swizzle_mode_name(r->sw) : "", r->bpp, r->w, r->h, r->slices, r->mips,
             r->samples, r->flag_text);
    if (tmu_surface_init_amd(&surf, chip, &sd, &d) != TMU_OK) {
        fail("%s: the layout module refuses the vector surface: %s", what, d.message);
        return;
    }
    if (surf.size > (64u << 20)) {
        g_skipped++;
        return;
    }
    g_surfaces++;
    /* random texels in the packed linear texture */
    unsigned char *pmem = malloc(packed_size);
    unsigned char *tmem = malloc((size_t)surf.size);
    unsigned char *rows_buf = malloc((size_t)lsize(im.w, 0) * lsize(im.h, 0) * fi->bytes);
    unsigned char *lmem = NULL;
    if (!pmem || !tmem || !rows_buf)
        abort();
    memset(tmem, 0xcd, (size_t)surf.size);
    tmu_texture packed;
    if (tmu_texture_init_packed(&packed, im.dim, im.fmt, im.w, im.h, im.d, im.layers, im.levels, im.samples, pmem,
                                packed_size, &d) != TMU_OK) {
        fail("%s: packed texture: %s", what, d.message);
        goto done;
    }
    /* each texel a random pick from 1024 random texels encoded once (encoding every texel took
     * 40 % of the test's time, most of its time under the sanitizers) */
    enum { POOL = 1024 };
    unsigned char pool[POOL * 16];
    if (fi->bytes > 16)
        abort();
    for (uint32_t i = 0; i < POOL; i++) {
        tmu_texel t;
        for (int c = 0; c < 4; c++)
            t.f[c] = rnd_float(-0.25f, 1.25f);
        tmu_format_encode(im.fmt, &t, pool + (size_t)i * fi->bytes);
    }
    for (uint32_t l = 0; l < im.levels; l++)
        for (uint32_t z = 0; z < level_slices(&im, l); z++)
            for (uint32_t q = 0; q < im.samples; q++)
                for (uint32_t y = 0; y < lsize(im.h, l); y++)
                    for (uint32_t x = 0; x < lsize(im.w, l); x++)
                        memcpy((void *)(uintptr_t)tmu_texel_address(&packed, l, x, y, z, q),
                               pool + (size_t)(rnd() % POOL) * fi->bytes, fi->bytes);
    /* retiled into guest memory through the test's surface */
    for (uint32_t l = 0; l < im.levels; l++) {
        uint32_t lw = lsize(im.w, l), lh = lsize(im.h, l);
        for (uint32_t z = 0; z < level_slices(&im, l); z++)
            for (uint32_t q = 0; q < im.samples; q++) {
                for (uint32_t y = 0; y < lh; y++)
                    for (uint32_t x = 0; x < lw; x++)
                        memcpy(rows_buf + ((size_t)y * lw + x) * fi->bytes, tmu_texel_address(&packed, l, x, y, z, q),
                               fi->bytes);
                tmu_surface_rect rect = {l, 0, 0, z, q, lw, lh};
                if (tmu_surface_retile(&surf, &rect, rows_buf, (size_t)lw * fi->bytes,
                                              (size_t)lw * lh * fi->bytes, tmem, (size_t)surf.size, &d) != TMU_OK) {
                    fail("%s: retile: %s", what, d.message);
                    goto done;
                }
            }
    }
    /* the tiled T# and its environment: the region is exactly the surface */
    tmu_gcn_tdesc tt;
    tiled_tdesc(r, &im, &surf, gen, TILED_BASE | ((uint64_t)r->pbx << 8), &tt);
    tmu_gcn_region rt = {TILED_BASE, surf.size, tmem, 0};
    tmu_gcn_env et;
    memset(&et, 0, sizeof et);
    et.regions = &rt, et.region_count = 1, et.chip = chip;
    /* reference A: the same texels in a linear T# (not for multisampled images: never linear) */
    tmu_gcn_tdesc tl;
    tmu_gcn_env el;
    memset(&el, 0, sizeof el);
    tmu_gcn_region rl = {0, 0, NULL, 0};
    int have_linear = 0;
    if (im.samples == 1) {
        tmu_texture shape;
        memset(&shape, 0, sizeof shape);
        shape.dim = im.dim, shape.format = im.fmt, shape.width = im.w, shape.height = im.h, shape.depth = im.d;
        shape.layers = im.layers, shape.levels = im.levels, shape.samples = 1;
        for (int c = 0; c < 4; c++)
            shape.swizzle[c] = (tmu_swizzle)c;
        uint64_t lsz;
        if (tmu_gcn_tdesc_for_texture(gen, &shape, LINEAR_BASE, &tl, &lsz, &d) != TMU_OK) {
            fail("%s: linear T#: %s", what, d.message);
            goto done;
        }
        tl.f[TMU_GCN_T_DST_SEL_X] = TMU_GCN_SEL_X, tl.f[TMU_GCN_T_DST_SEL_Y] = TMU_GCN_SEL_Y;
        tl.f[TMU_GCN_T_DST_SEL_Z] = TMU_GCN_SEL_Z, tl.f[TMU_GCN_T_DST_SEL_W] = TMU_GCN_SEL_W;
        lmem = calloc(1, (size_t)lsz);
        if (!lmem)
            abort();
        rl = (tmu_gcn_region){LINEAR_BASE, lsz, lmem, 0};
        el.regions = &rl, el.region_count = 1, el.chip = chip;
        tmu_texture lin;
        if (tmu_gcn_bind_texture(&tl, NULL, &el, 0, &lin, &d) != TMU_OK) {
            fail("%s: linear bind: %s", what, d.message);
            goto done;
        }
        for (uint32_t l = 0; l < im.levels; l++)
            for (uint32_t z = 0; z < level_slices(&im, l); z++)
                for (uint32_t y = 0; y < lsize(im.h, l); y++)
                    for (uint32_t x = 0; x < lsize(im.w, l); x++)
                        memcpy((void *)(uintptr_t)tmu_texel_address(&lin, l, x, y, z, 0),
                               tmu_texel_address(&packed, l, x, y, z, 0), fi->bytes);
        have_linear = 1;
    }
    {
        static tmu_surface es;
        tmu_texture sh;
        uint64_t eb;
        tmu_status es_st = tmu_gcn_tdesc_to_texture(&tt, &sh, &d);
        if (es_st == TMU_OK)
            es_st = tmu_gcn_tdesc_surface(&tt, &sh, chip, &es, &eb, &d);
        if (es_st == TMU_ERR_NOT_FOUND && (r->gfx9 ? r->sw == 0 : r->tile == 8))
            ; /* linear: tmu_gcn_tdesc_placement */
        else if (r->gfx9 && im.samples > 1)
            ; /* refused, below */
        else if (es_st != TMU_OK)
            fail("%s: executor surface: %s", what, d.message);
        else if (!r->gfx9 && im.levels < r->mips)
            ; /* the T# covers the mip chain only: fewer levels than the vector surface */
        else if ((r->gfx9 && es.desc.rsrc != surf.desc.rsrc) || es.desc.bpp != surf.desc.bpp ||
                 es.desc.width != surf.desc.width || es.desc.height != surf.desc.height ||
                 es.desc.slices != surf.desc.slices || es.desc.levels != surf.desc.levels ||
                 es.desc.samples != surf.desc.samples || es.desc.flags != surf.desc.flags ||
                 es.desc.tile_index != surf.desc.tile_index || es.desc.swizzle_mode != surf.desc.swizzle_mode ||
                 es.desc.pipe_bank_xor != surf.desc.pipe_bank_xor || es.size != surf.size || eb != TILED_BASE)
            fail("%s: executor surface differs: flags %x/%x samples %u/%u levels %u/%u size %llu/%llu", what,
                 es.desc.flags, surf.desc.flags, es.desc.samples, surf.desc.samples, es.desc.levels,
                 surf.desc.levels, (unsigned long long)es.size, (unsigned long long)surf.size);
    }
    /* every fourth surface through a view: BASE_LEVEL 1 and BASE_ARRAY 1 where they exist */
    if (im.samples == 1 && g_surfaces % 4 == 1 && (im.levels > 1 || (im.layers > 1 && im.dim != TMU_DIM_CUBE))) {
        im.base_level = im.levels > 1 ? 1 : 0;
        im.base_layer = im.layers > 1 && im.dim != TMU_DIM_CUBE ? 1 : 0;
        tt.f[TMU_GCN_T_BASE_LEVEL] = tl.f[TMU_GCN_T_BASE_LEVEL] = im.base_level;
        tt.f[TMU_GCN_T_BASE_ARRAY] = tl.f[TMU_GCN_T_BASE_ARRAY] = im.base_layer;
        packed.base_level = im.base_level;
        packed.level_count = im.levels - im.base_level;
        packed.base_layer = im.base_layer;
        packed.layer_count = im.layers - im.base_layer;
        g_views++;
    }
    cover *cv = cover_of(r);
    if (im.samples > 1) {
        for (int k = 0; k < 2; k++)
            check_op(b, OP_MS_LOAD, &im, &tt, &et, NULL, NULL, &packed, what);
        cv->ms_loads++;
    } else {
        check_op(b, OP_LOAD, &im, &tt, &et, have_linear ? &tl : NULL, &el, &packed, what);
        check_op(b, OP_SAMPLE, &im, &tt, &et, have_linear ? &tl : NULL, &el, &packed, what);
        check_op(b, OP_SAMPLE_IMPLICIT, &im, &tt, &et, have_linear ? &tl : NULL, &el, &packed, what);
        cv->loads++, cv->samples++;
        if (im.dim != TMU_DIM_3D) {
            check_op(b, OP_GATHER, &im, &tt, &et, have_linear ? &tl : NULL, &el, &packed, what);
            check_op(b, OP_GATHER_IMPLICIT, &im, &tt, &et, have_linear ? &tl : NULL, &el, &packed, what);
            cv->gathers++;
        }
    }
done:
    free(lmem);
    free(pmem);
    free(tmem);
    free(rows_buf);
}

/* ---- targeted checks: sizes, alignment, chips, MIN_LOD ------------------------------------ */

static void expect(int cond, const char *what)
{
    g_checks++;
    if (!cond)
        fail("%s", what);
}

static void targeted(bench *b)
{
    /* tahiti TILING_INDEX 14 (2D_TILED_THIN1): a 64x64 r8g8b8a8 image, 3 levels */
    const tmu_amd_chip *tahiti = tmu_amd_chip_find("tahiti");
    row r;
    memset(&r, 0, sizeof r);
    snprintf(r.chip, sizeof r.chip, "tahiti");
    r.bpp = 32, r.w = 64, r.h = 64, r.slices = 1, r.mips = 3, r.samples = 1, r.tile = 14;
    r.flags = TMU_SURF_TEXTURE | TMU_SURF_POW2_PAD;
    tmu_surface_desc sd;
    memset(&sd, 0, sizeof sd);
    sd.bpp = 32, sd.width = 64, sd.height = 64, sd.slices = 1, sd.levels = 3, sd.samples = 1;
    sd.tile_index = 14, sd.flags = r.flags;
    static tmu_surface surf, got;
    tmu_diag d;
    expect(tmu_surface_init_amd(&surf, tahiti, &sd, &d) == TMU_OK, "tahiti index 14 layout");
    image im = {TMU_DIM_2D, TMU_FORMAT_R8G8B8A8_UNORM, 64, 64, 1, 1, 3, 1, 0, 0};
    tmu_gcn_tdesc t;
    tiled_tdesc(&r, &im, &surf, TMU_GCN_GFX6, TILED_BASE, &t);
    unsigned char *mem = calloc(1, (size_t)surf.size);
    if (!mem)
        abort();
    tmu_gcn_region reg = {TILED_BASE, surf.size, mem, 1};
    tmu_gcn_env env;
    memset(&env, 0, sizeof env);
    env.regions = &reg, env.region_count = 1; /* chip NULL: tahiti, gfx6's default */
    tmu_texture tex;
    expect(tmu_gcn_default_chip(TMU_GCN_GFX6) == tahiti, "gfx6 default chip is tahiti");
    expect(!strcmp(tmu_gcn_default_chip(TMU_GCN_GFX7)->name, "bonaire"), "gfx7 default chip is bonaire");
    expect(!strcmp(tmu_gcn_default_chip(TMU_GCN_GFX81)->name, "tonga"), "gfx81 default chip is tonga");
    expect(!strcmp(tmu_gcn_default_chip(TMU_GCN_GFX9)->name, "vega10"), "gfx9 default chip is vega10");
    expect(tmu_gcn_bind_texture_surface(&t, NULL, &env, 0, &tex, &got, &d) == TMU_OK, "bind on the default chip");
    expect(got.size == surf.size && tex.level[2].surface == &got && tex.level[2].surface_level == 2 &&
               tex.level[0].data == mem,
           "bound levels read the surface");
    /* without a surface the tiled T# is refused by name */
    expect(tmu_gcn_bind_texture(&t, NULL, &env, 0, &tex, &d) == TMU_ERR_UNSUPPORTED &&
               strstr(d.message, "TILING_INDEX = 14") != NULL,
           "tmu_gcn_bind_texture refuses a tiled T#");
    /* a region one 256-byte step too small */
    reg.size = surf.size - 256;
    expect(tmu_gcn_bind_texture_surface(&t, NULL, &env, 0, &tex, &got, &d) == TMU_ERR_RANGE &&
               strstr(d.message, "tiled surface") != NULL,
           "a region smaller than the surface is refused");
    reg.size = surf.size;
    /* a misaligned 2D-tiled base: a bank/pipe swizzle tmu does not model */
    tmu_gcn_tdesc t2 = t;
    t2.f[TMU_GCN_T_BASE_ADDRESS] |= 1;
    expect(tmu_gcn_bind_texture_surface(&t2, NULL, &env, 0, &tex, &got, &d) == TMU_ERR_UNSUPPORTED &&
               strstr(d.message, "BASE_ADDRESS") != NULL && strstr(d.message, "aligned") != NULL,
           "a misaligned 2D-tiled base is refused naming BASE_ADDRESS");
    /* a chip of another generation */
    env.chip = tmu_amd_chip_find("bonaire");
    expect(tmu_gcn_bind_texture_surface(&t, NULL, &env, 0, &tex, &got, &d) == TMU_ERR_INVALID_ARGUMENT &&
               strstr(d.message, "chip bonaire is gfx7") != NULL,
           "a gfx7 chip for a gfx6 T# is refused");
    env.chip = NULL;
    /* MIN_LOD 15.0 on a 3-level image: clamped to the last level, sampling reads level 2 */
    for (uint32_t l = 0; l < 3; l++) {
        uint32_t n = 64 >> l;
        tmu_surface_rect rect = {l, 0, 0, 0, 0, n, n};
        unsigned char *lin = malloc((size_t)n * n * 4);
        if (!lin)
            abort();
        for (size_t i = 0; i < (size_t)n * n; i++)
            lin[4 * i] = (unsigned char)(10 * (l + 1)), lin[4 * i + 1] = lin[4 * i + 2] = 0, lin[4 * i + 3] = 255;
        expect(tmu_surface_retile(&surf, &rect, lin, (size_t)n * 4, (size_t)n * n * 4, mem, (size_t)surf.size, &d) ==
                   TMU_OK,
               "retile for MIN_LOD");
        free(lin);
    }
    t2 = t;
    t2.f[TMU_GCN_T_MIN_LOD] = 15 << 8;
    uint32_t sdw[4];
    tmu_sampler smp;
    make_sampler(TMU_GCN_GFX6, 0, 0, sdw, &smp);
    tmu_gcn_wave_init(b->wt, TMU_GCN_GFX6);
    put_desc(b->wt, &t2, sdw);
    for (unsigned lane = 0; lane < 64; lane++)
        setf(b->wt, 4, lane, 0.5f), setf(b->wt, 5, lane, 0.5f), setf(b->wt, 6, lane, 0.0f);
    tmu_status st = run_text(b->wt, &env, "image_sample_l v0, v[4:6], s[8:15], s[16:19] dmask:0x1", &d);
    float v0;
    memcpy(&v0, &b->wt->vgpr[0][0], 4);
    if (st != TMU_OK || v0 != 30.0f / 255.0f)
        fail("MIN_LOD above LAST_LEVEL samples the last level: %s, %.9g (%s)", tmu_status_str(st), (double)v0,
             st == TMU_OK ? "" : d.message);
    free(mem);
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: %s GFX6-8.tsv GFX9-10.tsv [max-linear-bytes]\n", argv[0]);
        return 2;
    }
    if (argc > 3)
        g_max_linear = strtoull(argv[3], NULL, 0);
    if (read_rows(argv[1], 0) || read_rows(argv[2], 1))
        return 1;
    bench b;
    b.wt = calloc(1, sizeof *b.wt);
    b.wl = calloc(1, sizeof *b.wl);
    if (!b.wt || !b.wl)
        return 1;
    targeted(&b);
    for (size_t i = 0; i < g_nrows; i++)
        run_row(&b, &g_rows[i]);
    /* every mode of the files ran: non-multisampled modes with load, sample (and gather where a
     * 2D surface has the mode), multisample-only modes with loads */
    unsigned modes = 0, gathered = 0;
    for (size_t i = 0; i < g_ncover; i++) {
        const cover *c = &g_cover[i];
        modes++;
        if (c->gathers)
            gathered++;
        if (!c->loads && !c->ms_loads)
            fail("%s %s %u: no surface of the vectors ran", c->chip, c->gfx9 ? "SW_MODE" : "TILING_INDEX", c->mode);
    }
    /* modes of the files with no surface that fits the limits */
    for (size_t i = 0; i < g_nrows; i++) {
        const row *r = &g_rows[i];
        unsigned mode = r->gfx9 ? r->sw : (unsigned)r->tile;
        int seen = 0;
        for (size_t k = 0; k < g_ncover && !seen; k++)
            seen = !strcmp(g_cover[k].chip, r->chip) && g_cover[k].gfx9 == r->gfx9 && g_cover[k].mode == mode;
        if (!seen) {
            fail("%s %s %u: every surface of it was skipped", r->chip, r->gfx9 ? "SW_MODE" : "TILING_INDEX", mode);
            cover_of(r); /* report once */
        }
    }
    printf("%llu surfaces of %zu (%llu skipped: larger than the limits or non-square cubes; %llu through a "
           "BASE_LEVEL / BASE_ARRAY view), %u (chip, mode) pairs (%u with gather4), %llu checks, %llu failures\n",
           g_surfaces, g_nrows, g_skipped, g_views, modes, gathered, g_checks, g_fail);
    free(b.wt);
    free(b.wl);
    return g_fail ? 1 : 0;
}
