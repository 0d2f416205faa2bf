/* Test rig for the GCN executor: a heap-allocated wave, one guest-memory region and helpers to put
 * descriptors into SGPRs and run assembly text.  Header-only, shared by the tests/gcn/test_gcn_*
 * executables. */
#ifndef TMU_TEST_GCN_RIG_H
#define TMU_TEST_GCN_RIG_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tmu/format.h"
#include "tmu/gcn.h"
#include "tmu/gcn_exec.h"

#define RIG_BASE 0x100000ull /* GPU address of the region */

typedef struct rig {
    tmu_gcn_wave *w;
    unsigned char *mem;
    size_t size;
    tmu_gcn_region region;
    tmu_gcn_env env;
    tmu_diag diag;
} rig;

static inline void rig_init(rig *r, tmu_gcn_gen gen, size_t size)
{
    memset(r, 0, sizeof *r);
    r->w = (tmu_gcn_wave *)calloc(1, sizeof *r->w);
    r->mem = (unsigned char *)calloc(1, size);
    if (!r->w || !r->mem)
        abort();
    r->size = size;
    tmu_gcn_wave_init(r->w, gen);
    r->region = (tmu_gcn_region){RIG_BASE, size, r->mem, 1};
    r->env.regions = &r->region;
    r->env.region_count = 1;
}

static inline void rig_free(rig *r)
{
    free(r->w);
    free(r->mem);
}

/* Writes raw descriptor dwords to s[first ..]. */
static inline void rig_sgprs(rig *r, unsigned first, const uint32_t *dw, unsigned n)
{
    memcpy(&r->w->sgpr[first], dw, n * sizeof *dw);
}

static inline void rig_tdesc(rig *r, unsigned first, const tmu_gcn_tdesc *t)
{
    uint32_t dw[8];
    if (tmu_gcn_tdesc_encode(t, dw, NULL) != TMU_OK)
        abort();
    rig_sgprs(r, first, dw, t->dwords);
}

static inline void rig_sdesc(rig *r, unsigned first, const tmu_gcn_sdesc *s)
{
    uint32_t dw[4];
    if (tmu_gcn_sdesc_encode(s, dw, NULL) != TMU_OK)
        abort();
    rig_sgprs(r, first, dw, 4);
}

/* An S# with the given CLAMP (all axes), XY filter (0 point, 1 bilinear), MIP_FILTER. */
static inline void rig_sampler(rig *r, unsigned first, unsigned clamp, unsigned xy, unsigned mip)
{
    tmu_gcn_sdesc s;
    memset(&s, 0, sizeof s);
    s.gen = r->w->gen;
    s.f[TMU_GCN_S_CLAMP_X] = s.f[TMU_GCN_S_CLAMP_Y] = s.f[TMU_GCN_S_CLAMP_Z] = clamp;
    s.f[TMU_GCN_S_XY_MAG_FILTER] = s.f[TMU_GCN_S_XY_MIN_FILTER] = xy;
    s.f[TMU_GCN_S_Z_FILTER] = xy ? 2 : 1;
    s.f[TMU_GCN_S_MIP_FILTER] = mip;
    s.f[TMU_GCN_S_MAX_LOD] = 15 << 8;
    rig_sdesc(r, first, &s);
}

/* A shape for tmu_gcn_tdesc_for_texture: identity swizzle, whole-image view. */
static inline tmu_texture rig_shape(tmu_dim dim, tmu_format fmt, uint32_t w, uint32_t h, uint32_t d,
                                    uint32_t layers, uint32_t levels)
{
    tmu_texture t;
    memset(&t, 0, sizeof t);
    t.dim = dim;
    t.format = fmt;
    t.width = w;
    t.height = h;
    t.depth = d;
    t.layers = layers;
    t.levels = levels;
    t.samples = 1;
    for (int c = 0; c < 4; c++)
        t.swizzle[c] = (tmu_swizzle)c;
    return t;
}

/* Builds the T# of `shape` at RIG_BASE + offset into s[first ..]; returns the bound texture
 * (level pointers into the region) in *bound when not NULL. */
static inline void rig_texture(rig *r, unsigned first, const tmu_texture *shape, uint64_t offset,
                               tmu_texture *bound)
{
    tmu_gcn_tdesc t;
    uint64_t size;
    if (tmu_gcn_tdesc_for_texture(r->w->gen, shape, RIG_BASE + offset, &t, &size, &r->diag) != TMU_OK ||
        offset + size > r->size) {
        fprintf(stderr, "rig_texture: %s\n", r->diag.message);
        abort();
    }
    rig_tdesc(r, first, &t);
    if (bound && tmu_gcn_bind_texture(&t, NULL, &r->env, 0, bound, &r->diag) != TMU_OK) {
        fprintf(stderr, "rig_texture bind: %s\n", r->diag.message);
        abort();
    }
}

/* Assembles one instruction (LLVM syntax) for the rig's generation and executes it. */
static inline tmu_status rig_run(rig *r, const char *text)
{
    tmu_gcn_mimg mi;
    tmu_status st = tmu_gcn_assemble(r->w->gen, TMU_GCN_SYNTAX_LLVM, text, strlen(text), 1, &mi, &r->diag);
    if (st != TMU_OK) {
        fprintf(stderr, "rig_run: cannot assemble '%s': %s\n", text, r->diag.message);
        return st;
    }
    return tmu_gcn_exec(r->w, &r->env, &mi, &r->diag);
}

static inline void rig_setf(rig *r, unsigned v, unsigned lane, float f)
{
    memcpy(&r->w->vgpr[v][lane], &f, 4);
}

static inline float rig_getf(const rig *r, unsigned v, unsigned lane)
{
    float f;
    memcpy(&f, &r->w->vgpr[v][lane], 4);
    return f;
}

/* Same float value in every lane. */
static inline void rig_setf_all(rig *r, unsigned v, float f)
{
    for (unsigned l = 0; l < TMU_GCN_LANES; l++)
        rig_setf(r, v, l, f);
}

static inline void rig_setu_all(rig *r, unsigned v, uint32_t u)
{
    for (unsigned l = 0; l < TMU_GCN_LANES; l++)
        r->w->vgpr[v][l] = u;
}

static inline uint32_t f32_bits(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

#endif
