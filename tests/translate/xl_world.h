/* The world both sides of a translation run in (shared by test_translate_equiv and
 * test_translate_indep): a random texture in GCN guest memory (T#/S# in SGPRs), the same texture
 * and sampler bound for PTX and ir3, optional residency, and the machines of each ISA.
 * Header-only test code. */
#ifndef TMU_TEST_XL_WORLD_H
#define TMU_TEST_XL_WORLD_H

#include <math.h>

#include "translate/xl_rig.h"
#include "tmu/format.h"
#include "tmu/unit.h"

#define TEST_RNG_SEED 0x2545f4914f6cdd1dull
#include "test_rng.h"

static float dyadic(float lo, float hi, float step)
{
    int n = (int)((hi - lo) / step);
    return lo + step * (float)below((uint32_t)n + 1);
}
static uint32_t fb(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

#define MEM_BASE 0x100000ull
#define MEM_SIZE (1u << 20)

typedef struct world {
    unsigned char *mem;
    tmu_gcn_region region;
    tmu_gcn_env env;
    tmu_gcn_wave *gw;
    tmu_ir3_wave *iw;
    xl_mach m[TMU_XL_ISA_COUNT];
    tmu_texture tex;
    tmu_sampler smp;
    tmu_ir3_slot slot[32]; /* every t#/s# index reaches the one texture */
    tmu_ir3_bindings ib;
    tmu_ptx_binding pb[4]; /* "tex0", "t0", "t1", and the handle XL_PTX_HANDLE */
    unsigned char *msmem;
    tmu_residency res;
    uint8_t maps[TMU_MAX_LEVELS][64];
    tmu_gcn_prt prt;
    tmu_surface surf; /* RDNA images bind through a surface (tmu_gcn_bind_texture_surface) */
} world;

typedef struct fmt_choice {
    tmu_format f;
    int is_int;
} fmt_choice;
static const fmt_choice float_formats[] = {
    {TMU_FORMAT_R32_FLOAT, 0},          {TMU_FORMAT_R8G8B8A8_UNORM, 0}, {TMU_FORMAT_R16G16_FLOAT, 0},
    {TMU_FORMAT_R16_UNORM, 0},          {TMU_FORMAT_R32G32B32A32_FLOAT, 0}, {TMU_FORMAT_B8G8R8A8_UNORM, 0},
    {TMU_FORMAT_R8_SNORM, 0},
};
static const fmt_choice int_formats[] = {
    {TMU_FORMAT_R32_UINT, 1}, {TMU_FORMAT_R8G8B8A8_SINT, 1}, {TMU_FORMAT_R16G16_UINT, 1}};

/* ---- the texture and sampler shared by both sides ---------------------------------------------- */

static int make_texture(world *w, tmu_dim dim, int is_int, int gcn_gen)
{
    const fmt_choice *fc = is_int ? &int_formats[below(3)] : &float_formats[below(7)];
    tmu_texture t;
    memset(&t, 0, sizeof t);
    t.dim = dim;
    t.format = fc->f;
    int cube = dim == TMU_DIM_CUBE || dim == TMU_DIM_CUBE_ARRAY;
    int ms = dim == TMU_DIM_2D_MS || dim == TMU_DIM_2D_MS_ARRAY;
    t.width = 1 + below(9);
    t.height = (dim == TMU_DIM_1D || dim == TMU_DIM_1D_ARRAY) ? 1 : 1 + below(9);
    if (cube)
        t.height = t.width;
    t.depth = dim == TMU_DIM_3D ? 1 + below(4) : 1;
    t.layers = dim == TMU_DIM_CUBE ? 6 : dim == TMU_DIM_CUBE_ARRAY ? 6 * (2 + below(2))
               : (dim == TMU_DIM_1D_ARRAY || dim == TMU_DIM_2D_ARRAY || dim == TMU_DIM_2D_MS_ARRAY) ? 1 + below(4)
                                                                                                    : 1;
    uint32_t mx = t.width > t.height ? t.width : t.height;
    if (t.depth > mx)
        mx = t.depth;
    uint32_t maxl = 1;
    while ((mx >> maxl) > 0)
        maxl++;
    t.levels = ms ? 1 : 1 + below(maxl);
    t.samples = ms ? (below(2) ? 4 : 2) : 1;
    for (int c = 0; c < 4; c++)
        t.swizzle[c] = (tmu_swizzle)c;
    if (ms) {
        unsigned bytes = tmu_format_get(t.format)->bytes;
        size_t row = (size_t)t.width * bytes, slice = row * t.height, sp = slice * t.layers;
        size_t size = sp * t.samples;
        for (size_t i = 0; i < size; i++)
            w->msmem[i] = (unsigned char)rnd();
        t.level[0].data = w->msmem;
        t.level[0].row_pitch = row;
        t.level[0].slice_pitch = slice;
        t.level[0].sample_pitch = sp;
        t.level[0].size = size;
        w->tex = t;
        return 1;
    }
    tmu_gcn_tdesc td;
    uint64_t size;
    tmu_diag d;
    if (tmu_gcn_tdesc_for_texture((tmu_gcn_gen)gcn_gen, &t, MEM_BASE, &td, &size, &d) != TMU_OK || size > MEM_SIZE)
        return 0;
    for (uint64_t i = 0; i < size; i++)
        w->mem[i] = (unsigned char)rnd();
    if (fc->f == TMU_FORMAT_R32_FLOAT || fc->f == TMU_FORMAT_R32G32B32A32_FLOAT)
        for (uint64_t i = 0; i + 4 <= size; i += 4) { /* mostly finite floats */
            float v = dyadic(-1.0f, 2.0f, 1.0f / 64);
            memcpy(w->mem + i, &v, 4);
        }
    uint32_t dw[8];
    if (tmu_gcn_tdesc_encode(&td, dw, &d) != TMU_OK)
        return 0;
    memcpy(&w->gw->sgpr[0], dw, sizeof dw);
    if (TMU_GCN_GEN_IS_RDNA(gcn_gen)) {
        if (tmu_gcn_bind_texture_surface(&td, NULL, &w->env, 0, &w->tex, &w->surf, &d) != TMU_OK)
            return 0;
    } else if (tmu_gcn_bind_texture(&td, NULL, &w->env, 0, &w->tex, &d) != TMU_OK) {
        return 0;
    }
    return 1;
}

/* Half the time a sparse texture: random tiles of 1-3 texels, a quarter of them not resident. */
static void make_residency(world *w)
{
    w->env.prt = NULL;
    w->env.prt_count = 0;
    w->tex.residency = NULL;
    if (below(2))
        return;
    tmu_texture *t = &w->tex;
    memset(&w->res, 0, sizeof w->res);
    w->res.tile_w = 1 + below(3);
    w->res.tile_h = 1 + below(3);
    w->res.tile_d = 1;
    for (uint32_t n = 0; n < t->levels; n++) {
        uint32_t lw = tmu_level_size(t->width, n), lh = tmu_level_size(t->height, n);
        uint32_t tiles = ((lw + w->res.tile_w - 1) / w->res.tile_w) * ((lh + w->res.tile_h - 1) / w->res.tile_h) *
                         (t->dim == TMU_DIM_3D ? tmu_level_size(t->depth, n) : t->layers);
        if (tiles > 64)
            continue;
        for (int i = 0; i < 64; i++)
            w->maps[n][i] = below(4) != 0;
        w->res.map[n] = w->maps[n];
    }
    t->residency = &w->res;
    w->prt = (tmu_gcn_prt){MEM_BASE, &w->res};
    w->env.prt = &w->prt;
    w->env.prt_count = 1;
}

static int make_sampler(world *w, int is_int, int cube, int gcn_gen)
{
    tmu_gcn_sdesc sd;
    memset(&sd, 0, sizeof sd);
    sd.gen = (tmu_gcn_gen)gcn_gen;
    for (int a = 0; a < 3; a++)
        sd.f[TMU_GCN_S_CLAMP_X + a] = below(8);
    unsigned lin = is_int ? 0 : below(2), mip = below(3);
    if (is_int && mip == 2)
        mip = 1;
    sd.f[TMU_GCN_S_XY_MAG_FILTER] = lin;
    sd.f[TMU_GCN_S_XY_MIN_FILTER] = is_int ? 0 : below(2);
    sd.f[TMU_GCN_S_Z_FILTER] = lin ? 2 : 1;
    sd.f[TMU_GCN_S_MIP_FILTER] = mip;
    sd.f[TMU_GCN_S_DEPTH_COMPARE_FUNC] = below(8);
    sd.f[TMU_GCN_S_FILTER_MODE] = below(3);
    sd.f[TMU_GCN_S_LOD_BIAS] = (uint32_t)((int32_t)below(1024) - 512) & 0x3fff;
    sd.f[TMU_GCN_S_MIN_LOD] = below(512);
    sd.f[TMU_GCN_S_MAX_LOD] = below(4096);
    sd.f[TMU_GCN_S_BORDER_COLOR_TYPE] = below(3);
    sd.f[TMU_GCN_S_DISABLE_CUBE_WRAP] = below(4) == 0;
    sd.f[TMU_GCN_S_FORCE_UNNORMALIZED] = !cube && below(5) == 0;
    uint32_t dw[4];
    tmu_diag d;
    if (tmu_gcn_sdesc_encode(&sd, dw, &d) != TMU_OK)
        return 0;
    memcpy(&w->gw->sgpr[8], dw, sizeof dw);
    if (tmu_gcn_bind_sampler(&sd, NULL, &w->tex, &w->env, &w->smp, &d) != TMU_OK)
        return 0;
    return 1;
}

#define XL_PTX_HANDLE 0x7e570000ull

/* Allocates a world (NULL when out of memory). */
static world *world_new(void)
{
    world *w = calloc(1, sizeof *w);
    if (!w)
        return NULL;
    w->mem = calloc(1, MEM_SIZE);
    w->msmem = calloc(1, 1u << 16);
    w->gw = calloc(1, sizeof *w->gw);
    w->iw = calloc(1, sizeof *w->iw);
    if (!w->mem || !w->msmem || !w->gw || !w->iw) {
        free(w->mem), free(w->msmem), free(w->gw), free(w->iw), free(w);
        return NULL;
    }
    tmu_gcn_wave_init(w->gw, TMU_GCN_GFX9);
    w->region = (tmu_gcn_region){MEM_BASE, MEM_SIZE, w->mem, 1};
    w->env.regions = &w->region;
    w->env.region_count = 1;
    for (unsigned i = 0; i < 32; i++)
        w->slot[i] = (tmu_ir3_slot){&w->tex, &w->smp, NULL};
    w->ib.tex = w->slot;
    w->ib.num_tex = 32;
    w->ib.samp = w->slot;
    w->ib.num_samp = 32;
    static const char *const names[3] = {"tex0", "t0", "t1"};
    for (unsigned i = 0; i < 4; i++)
        w->pb[i] = (tmu_ptx_binding){i < 3 ? names[i] : NULL, i < 3 ? 0 : XL_PTX_HANDLE, &w->tex, &w->smp};
    return w;
}

static void world_free(world *w)
{
    if (!w)
        return;
    free(w->mem);
    free(w->msmem);
    free(w->gw);
    free(w->iw);
    free(w);
}

static void reset_mach(world *w, xl_mach *m, tmu_xl_isa isa, uint32_t gen)
{
    m->isa = isa;
    m->gen = gen;
    m->nregs = 0;
    if (isa == TMU_XL_GCN) {
        /* a fresh wave costs a 150 KB clear: clear the registers the programs use instead */
        w->gw->gen = (tmu_gcn_gen)gen;
        /* RDNA: wave32 or wave64 (the first XL_LANES lanes run either way) */
        w->gw->lanes = TMU_GCN_GEN_IS_RDNA(gen) && below(2) ? 32 : 64;
        w->gw->exec = (1u << XL_LANES) - 1;
        memset(w->gw->vgpr, 0, 64 * sizeof w->gw->vgpr[0]);
        m->gw = w->gw;
        m->genv = &w->env;
    } else if (isa == TMU_XL_IR3) {
        unsigned fibers = gen < 400 ? 8 : gen < 600 ? 32 : 64;
        if (w->iw->gpu_id != gen) {
            tmu_ir3_wave_init(w->iw, gen, fibers, NULL);
        } else {
            for (unsigned f = 0; f < XL_LANES; f++) {
                memset(w->iw->gpr[f], 0, sizeof w->iw->gpr[f]);
                memset(w->iw->hgpr[f], 0, sizeof w->iw->hgpr[f]);
            }
            memset(w->iw->pending, 0, sizeof w->iw->pending);
            memset(w->iw->hpending, 0, sizeof w->iw->hpending);
        }
        w->iw->active[0] = (1u << XL_LANES) - 1;
        w->iw->active[1] = 0;
        m->iw = w->iw;
        m->ib = &w->ib;
    }
    m->pb = w->pb;
    m->npb = 4;
}


#endif
