/* Helpers shared by the texture-unit tests: building small textures and running one lane
 * or one quad through tmu_unit_execute.  Header-only (static functions) so each test is one file. */
#ifndef TMU_TEST_UNIT_UTIL_H
#define TMU_TEST_UNIT_UTIL_H

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "tmu/format.h"
#include "tmu/op.h"
#include "tmu/texture.h"
#include "tmu/unit.h"

/* A texture together with its own (exactly sized, heap) memory. */
typedef struct test_tex {
    tmu_texture tex;
    unsigned char *mem;
    size_t size;
} test_tex;

static inline int test_tex_make(test_tex *t, tmu_dim dim, tmu_format fmt, uint32_t w, uint32_t h, uint32_t d,
                                uint32_t layers, uint32_t levels, uint32_t samples)
{
    t->size = tmu_texture_packed_size(dim, fmt, w, h, d, layers, levels, samples);
    if (!t->size)
        return -1;
    t->mem = (unsigned char *)calloc(1, t->size);
    if (!t->mem)
        return -1;
    return tmu_texture_init_packed(&t->tex, dim, fmt, w, h, d, layers, levels, samples, t->mem, t->size, NULL) ==
                   TMU_OK
               ? 0
               : -1;
}

static inline void test_tex_free(test_tex *t)
{
    free(t->mem);
    t->mem = NULL;
}

/* Writes floats (or integers through the union) to one texel by encoding through the format. */
static inline void test_tex_set(test_tex *t, uint32_t level, uint32_t x, uint32_t y, uint32_t z, float r, float g,
                                float b, float a)
{
    tmu_texel v = {{r, g, b, a}};
    void *p = (void *)tmu_texel_address(&t->tex, level, x, y, z, 0);
    if (p)
        tmu_format_encode(t->tex.format, &v, p);
}

/* Writes one R32_FLOAT (or the first float of a 32-bit-float format) directly. */
static inline void test_tex_setf(test_tex *t, uint32_t level, uint32_t x, uint32_t y, uint32_t z, float v)
{
    void *p = (void *)tmu_texel_address(&t->tex, level, x, y, z, 0);
    if (p)
        memcpy(p, &v, sizeof v);
}

/* Per-lane input storage for one call. */
typedef struct test_wave {
    float coord[3][TMU_MAX_LANES];
    int32_t icoord[3][TMU_MAX_LANES];
    uint32_t layer[TMU_MAX_LANES];
    float layer_f[TMU_MAX_LANES];
    uint32_t sample[TMU_MAX_LANES];
    float lod[TMU_MAX_LANES];
    int32_t ilod[TMU_MAX_LANES];
    float min_lod[TMU_MAX_LANES];
    float gx[3][TMU_MAX_LANES], gy[3][TMU_MAX_LANES];
    int32_t off[3][TMU_MAX_LANES];
    float ref[TMU_MAX_LANES];
    uint32_t data[4][TMU_MAX_LANES];
    uint8_t resident[TMU_MAX_LANES];
    tmu_wave_in in;
    tmu_wave_out out;
} test_wave;

/* Points every input and output of `w` at its storage (so any op finds its arrays). */
static inline void test_wave_bind(test_wave *w)
{
    memset(&w->in, 0, sizeof w->in);
    for (int a = 0; a < 3; a++) {
        w->in.coord[a] = w->coord[a];
        w->in.icoord[a] = w->icoord[a];
        w->in.grad_x[a] = w->gx[a];
        w->in.grad_y[a] = w->gy[a];
        w->in.offset[a] = w->off[a];
    }
    w->in.layer = w->layer;
    w->in.layer_f = w->layer_f;
    w->in.sample = w->sample;
    w->in.lod = w->lod;
    w->in.ilod = w->ilod;
    w->in.min_lod = w->min_lod;
    w->in.ref = w->ref;
    for (int c = 0; c < 4; c++)
        w->out.data[c] = w->data[c];
    w->out.resident = w->resident;
}

static inline test_wave *test_wave_new(void)
{
    test_wave *w = (test_wave *)calloc(1, sizeof *w);
    if (w)
        test_wave_bind(w);
    return w;
}

static inline float test_f(uint32_t u)
{
    float f;
    memcpy(&f, &u, 4);
    return f;
}

static inline uint32_t test_u(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

static inline tmu_op test_op(tmu_op_kind kind, tmu_dim dim, tmu_level_mode mode)
{
    tmu_op op;
    memset(&op, 0, sizeof op);
    op.kind = kind;
    op.dim = dim;
    op.level_mode = mode;
    op.result = TMU_RESULT_F32;
    return op;
}

/* One-lane sample at (s, t, r) with explicit `lod` (LEVEL_LOD) or whatever op says; returns R. */
static inline float test_sample1(const test_tex *t, const tmu_sampler *smp, const tmu_op *op, test_wave *w,
                                 float s, float tt, float r, float lod, float out[4], tmu_status *st)
{
    w->coord[0][0] = s, w->coord[1][0] = tt, w->coord[2][0] = r;
    w->lod[0] = lod;
    tmu_status x = tmu_unit_execute(&t->tex, smp, op, 1, NULL, &w->in, &w->out, NULL);
    if (st)
        *st = x;
    float v[4];
    for (int c = 0; c < 4; c++)
        v[c] = test_f(w->data[c][0]);
    if (out)
        memcpy(out, v, sizeof v);
    return v[0];
}

/* xorshift64* random numbers (deterministic per seed). */
static inline uint64_t test_rand(uint64_t *s)
{
    *s ^= *s >> 12;
    *s ^= *s << 25;
    *s ^= *s >> 27;
    return *s * 2685821657736338717ull;
}

static inline double test_randf(uint64_t *s, double lo, double hi)
{
    return lo + (hi - lo) * (double)(test_rand(s) >> 11) * (1.0 / 9007199254740992.0);
}

#endif
