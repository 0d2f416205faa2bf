/* Random equivalence: for random (instruction, flags, type, write mask, descriptor mode,
 * registers, active mask) cases, the registers tmu_ir3_execute writes equal what a direct
 * tmu_unit_execute gives for the texture, sampler and op the test meant, after ir3's
 * WRMASK / TYPE / half-register rules; nothing else changes; and when the direct call
 * refuses the op, the instruction is refused too.
 *
 * The test is written apart from the executor: it lays the operands out itself from Mesa's
 * emit_tex order (ir3-cat5.md §5.1), encodes texture/sampler choices per descriptor mode from
 * §2, writes the instruction as text for the (Mesa-verified) assembler, reads half registers
 * with its own aliasing rule, and applies §5.3 and the result rules itself.
 * TMU_TEST_LONG=1 runs 1 000 000 cases instead of 100 000
 * (a quarter of either in -O0 builds). */
#include <math.h>

#include "exec_util.h"
#include "tmu/format.h"
#include "tmu/texture.h"
#include "tmu/unit.h"

/* ---- the texture pool: two variants of every shape, random contents ---------------------------- */

enum { SH_1D, SH_1DA, SH_2D, SH_2DA, SH_3D, SH_CUBE, SH_CUBEA, SH_MS, SH_MSA, SH_DEPTH, SH_DEPTHA, SH_INT, SH_RES,
       SH_COUNT };
#define POOL (2 * SH_COUNT)

typedef struct pool {
    tmu_texture tex[POOL];
    uint8_t *mem[POOL];
    tmu_residency res;
    uint8_t resmap[64];
} pool;

static void build_pool(pool *p, uint64_t *seed)
{
    static const struct {
        tmu_dim dim;
        tmu_format fmt[2];
        uint32_t w, h, d, layers, levels, samples;
    } shapes[SH_COUNT] = {
        [SH_1D] = {TMU_DIM_1D, {TMU_FORMAT_R8G8B8A8_UNORM, TMU_FORMAT_R32_FLOAT}, 16, 1, 1, 1, 5, 1},
        [SH_1DA] = {TMU_DIM_1D_ARRAY, {TMU_FORMAT_R32_FLOAT, TMU_FORMAT_R16G16B16A16_FLOAT}, 8, 1, 1, 3, 4, 1},
        [SH_2D] = {TMU_DIM_2D, {TMU_FORMAT_R8G8B8A8_UNORM, TMU_FORMAT_R32G32_FLOAT}, 8, 6, 1, 1, 4, 1},
        [SH_2DA] = {TMU_DIM_2D_ARRAY, {TMU_FORMAT_R16G16B16A16_FLOAT, TMU_FORMAT_R8G8_SNORM}, 4, 4, 1, 3, 3, 1},
        [SH_3D] = {TMU_DIM_3D, {TMU_FORMAT_R32_FLOAT, TMU_FORMAT_R8G8B8A8_UNORM}, 4, 4, 4, 1, 3, 1},
        [SH_CUBE] = {TMU_DIM_CUBE, {TMU_FORMAT_R8G8B8A8_UNORM, TMU_FORMAT_R32_FLOAT}, 4, 4, 1, 6, 3, 1},
        [SH_CUBEA] = {TMU_DIM_CUBE_ARRAY, {TMU_FORMAT_R32_FLOAT, TMU_FORMAT_R8G8B8A8_UNORM}, 4, 4, 1, 12, 2, 1},
        [SH_MS] = {TMU_DIM_2D_MS, {TMU_FORMAT_R8G8B8A8_UNORM, TMU_FORMAT_R32_UINT}, 4, 4, 1, 1, 1, 4},
        [SH_MSA] = {TMU_DIM_2D_MS_ARRAY, {TMU_FORMAT_R32_UINT, TMU_FORMAT_R32_FLOAT}, 2, 2, 1, 2, 1, 2},
        [SH_DEPTH] = {TMU_DIM_2D, {TMU_FORMAT_D32_FLOAT, TMU_FORMAT_D16_UNORM}, 8, 8, 1, 1, 4, 1},
        [SH_DEPTHA] = {TMU_DIM_2D_ARRAY, {TMU_FORMAT_D32_FLOAT, TMU_FORMAT_D16_UNORM}, 4, 4, 1, 2, 3, 1},
        [SH_INT] = {TMU_DIM_2D, {TMU_FORMAT_R32_UINT, TMU_FORMAT_R8G8B8A8_SINT}, 6, 6, 1, 1, 3, 1},
        [SH_RES] = {TMU_DIM_2D, {TMU_FORMAT_R8G8B8A8_UNORM, TMU_FORMAT_R32_FLOAT}, 8, 8, 1, 1, 4, 1},
    };
    for (int i = 0; i < 64; i++)
        p->resmap[i] = (uint8_t)(xr_next(seed) & 1);
    memset(&p->res, 0, sizeof p->res);
    p->res.tile_w = p->res.tile_h = 2;
    p->res.tile_d = 1;
    p->res.map[0] = p->resmap;
    p->res.map[1] = p->resmap + 16;
    for (int s = 0; s < SH_COUNT; s++)
        for (int v = 0; v < 2; v++) {
            int i = 2 * s + v;
            size_t size = tmu_texture_packed_size(shapes[s].dim, shapes[s].fmt[v], shapes[s].w, shapes[s].h, shapes[s].d,
                                                  shapes[s].layers, shapes[s].levels, shapes[s].samples);
            p->mem[i] = malloc(size);
            for (size_t k = 0; k < size; k++)
                p->mem[i][k] = (uint8_t)xr_next(seed);
            /* float formats: finite values only, so results compare bit for bit without NaN
             * canonicalisation differences mattering */
            const tmu_format_info *fi = tmu_format_get(shapes[s].fmt[v]);
            if (fi->numeric == TMU_NUMERIC_FLOAT && fi->bits[0] == 32)
                for (size_t k = 0; k + 4 <= size; k += 4) {
                    float f = (float)xr_below(seed, 2000) / 1000.0f;
                    memcpy(p->mem[i] + k, &f, 4);
                }
            if (fi->numeric == TMU_NUMERIC_FLOAT && fi->bits[0] == 16)
                for (size_t k = 0; k + 2 <= size; k += 2) {
                    uint16_t h = tmu_float_to_half((float)xr_below(seed, 2000) / 1000.0f);
                    memcpy(p->mem[i] + k, &h, 2);
                }
            tmu_diag d;
            if (tmu_texture_init_packed(&p->tex[i], shapes[s].dim, shapes[s].fmt[v], shapes[s].w, shapes[s].h,
                                        shapes[s].d, shapes[s].layers, shapes[s].levels, shapes[s].samples, p->mem[i],
                                        size, &d) != TMU_OK)
                fail_msg("pool %d: %s", i, d.message);
            if (s == SH_RES)
                p->tex[i].residency = &p->res;
        }
}

/* getsize z and w, hand-worked from the pool's shapes above and docs/ir3-cat5.md §5.2 (Mesa's
 * emit_tex_txs: "array size actually ends up in .w rather than .z ... for higher mips the value
 * in z is minified whereas w stays"; a3xx reports the array size zero-based): per shape, z at
 * LOD 0..5 (-1: not asserted) and w on a4xx+ (a3xx: one less; -1: not asserted).  3D z is the
 * depth of the level (4, 2, 1).  Components Mesa never reads (z and w of 1D / 2D / cube /
 * multisample non-arrays, w of 3D, z of 1D and cube arrays, which nothing documents)
 * and every component at an out-of-range LOD (GLSL leaves textureSize undefined there) are
 * tmu's choice (docs/ir3-cat5.md §5.2), not asserted here. */
static const struct {
    int z[6], w;
} getsize_zw[SH_COUNT] = {
    [SH_1D] = {{-1, -1, -1, -1, -1, -1}, -1},
    [SH_1DA] = {{-1, -1, -1, -1, -1, -1}, 3}, /* 3 layers (z: 1D arrays are not 2D arrays) */
    [SH_2D] = {{-1, -1, -1, -1, -1, -1}, -1},
    [SH_2DA] = {{3, 1, 1, -1, -1, -1}, 3},   /* 3 layers, 3 levels */
    [SH_3D] = {{4, 2, 1, -1, -1, -1}, -1},   /* depth 4, 3 levels */
    [SH_CUBE] = {{-1, -1, -1, -1, -1, -1}, -1},
    [SH_CUBEA] = {{-1, -1, -1, -1, -1, -1}, 2}, /* 12 faces = 2 cubes */
    [SH_MS] = {{-1, -1, -1, -1, -1, -1}, -1},
    [SH_MSA] = {{2, -1, -1, -1, -1, -1}, 2},  /* 2 layers, 1 level */
    [SH_DEPTH] = {{-1, -1, -1, -1, -1, -1}, -1},
    [SH_DEPTHA] = {{2, 1, 1, -1, -1, -1}, 2}, /* 2 layers, 3 levels */
    [SH_INT] = {{-1, -1, -1, -1, -1, -1}, -1},
    [SH_RES] = {{-1, -1, -1, -1, -1, -1}, -1},
};

/* ---- one case --------------------------------------------------------------------------------- */

enum { OP_SAM, OP_SAMB, OP_SAML, OP_SAMGQ, OP_GATHER, OP_ISAM, OP_ISAML, OP_ISAMM, OP_GETLOD, OP_GETSIZE, OP_COUNT };
static const char *const op_names[OP_COUNT] = {"sam", "samb", "saml", "samgq", "gather4", "isam", "isaml", "isamm",
                                               "getlod", "getsize"};
static const char *const type_names[7] = {"f16", "f32", "u16", "u32", "s16", "s32", "u8"};

typedef struct kase {
    uint32_t gpu, fibers, gen;
    int op, comp, shape;
    int a, d3, s, o, clp, rck, half_src;
    unsigned type, wrmask;
    unsigned src1, src2, dst;      /* register numbers (half numbers when half) */
    int mode;                      /* -1 normal, else DESC_MODE */
    unsigned base;
    int tex_of[128], samp_of[128]; /* pool index / sampler index per fiber */
    uint32_t a1_of[128];
    unsigned src3;                 /* register number of the index pair, or the immediate */
} kase;

/* Register writes in the test's own model of the files (ir3-cat5.md / Mesa ir3_ra: merged
 * from a6xx, half h = half h & 1 of full h / 2). */
static void put_reg(tmu_ir3_wave *w, unsigned f, unsigned reg, int half, uint32_t v)
{
    if (!half) {
        w->gpr[f][reg] = v;
    } else if (w->gpu_id < 600) {
        w->hgpr[f][reg] = (uint16_t)v;
    } else {
        unsigned sh = 16 * (reg & 1);
        w->gpr[f][reg >> 1] = (w->gpr[f][reg >> 1] & ~(0xffffu << sh)) | ((v & 0xffffu) << sh);
    }
}

static uint32_t get_reg(const tmu_ir3_wave *w, unsigned f, unsigned reg, int half)
{
    if (!half)
        return w->gpr[f][reg];
    if (w->gpu_id < 600)
        return w->hgpr[f][reg];
    return (w->gpr[f][reg >> 1] >> (16 * (reg & 1))) & 0xffffu;
}

static const char *reg_text(char *buf, unsigned reg, int half)
{
    sprintf(buf, "%sr%u.%c", half ? "h" : "", reg / 4, "xyzw"[reg % 4]);
    return buf;
}

static int is_fetch(int op)
{
    return op == OP_ISAM || op == OP_ISAML || op == OP_ISAMM;
}

/* Values the test places in the operand registers, per fiber. */
typedef struct vals {
    float coord[3][128];
    int32_t icoord[3][128];
    float ref[128], arr[128], lod[128], mlod[128], gx[3][128], gy[3][128];
    int32_t iarr[128], ilod[128], off[3][128];
    uint32_t sample[128];
} vals;

static float rnd_f(uint64_t *s, float lo, float hi)
{
    return lo + (hi - lo) * (float)xr_below(s, 1u << 20) / (float)(1u << 20);
}

/* Writes a float operand; a half source is rounded to f16 and the test keeps that value. */
static float put_f(tmu_ir3_wave *w, const kase *k, unsigned f, unsigned reg, float v)
{
    if (k->half_src) {
        uint16_t h = tmu_float_to_half(v);
        put_reg(w, f, reg, 1, h);
        return tmu_half_to_float(h);
    }
    put_reg(w, f, reg, 0, fbits(v));
    return v;
}

static int32_t put_i(tmu_ir3_wave *w, const kase *k, unsigned f, unsigned reg, int32_t v)
{
    if (k->half_src) {
        put_reg(w, f, reg, 1, (uint16_t)v);
        return (int32_t)(int16_t)v;
    }
    put_reg(w, f, reg, 0, (uint32_t)v);
    return v;
}

/* ---- the case runner -------------------------------------------------------------------------- */

typedef struct ctx {
    pool *pl;
    tmu_sampler smp[2];
    tmu_ir3_slot slots[POOL];      /* t#/s# slot i: texture i, sampler (i & 1) */
    tmu_ir3_slot sets[8][POOL];    /* bindless set b, slot i: texture (i + 3 b) % POOL, sampler (i + bits set in b) & 1 */
    tmu_ir3_bindings b;
    tmu_ir3_wave *w, *before;
    vals v;
    uint64_t seed;
    unsigned cases, refused;
} ctx;

static void random_sampler(ctx *c, tmu_sampler *s)
{
    *s = tmu_sampler_default();
    static const tmu_address modes[5] = {TMU_ADDRESS_REPEAT, TMU_ADDRESS_MIRRORED_REPEAT, TMU_ADDRESS_CLAMP_TO_EDGE,
                                         TMU_ADDRESS_MIRROR_CLAMP_TO_EDGE, TMU_ADDRESS_CLAMP_TO_BORDER};
    for (int a = 0; a < 3; a++)
        s->address[a] = modes[xr_below(&c->seed, 5)];
    s->mag_filter = xr_below(&c->seed, 2) ? TMU_FILTER_LINEAR : TMU_FILTER_NEAREST;
    s->min_filter = xr_below(&c->seed, 2) ? TMU_FILTER_LINEAR : TMU_FILTER_NEAREST;
    s->mip_filter = (tmu_mip_filter)xr_below(&c->seed, 3);
    s->normalized = xr_below(&c->seed, 8) != 0;
    s->seamless_cube = (uint8_t)xr_below(&c->seed, 2);
    s->compare_op = (tmu_compare)xr_below(&c->seed, 8);
    s->lod_bias = xr_below(&c->seed, 2) ? rnd_f(&c->seed, -1, 1) : 0.0f;
    s->min_lod = xr_below(&c->seed, 3) ? 0.0f : rnd_f(&c->seed, 0, 1.5f);
    s->max_lod = xr_below(&c->seed, 3) ? 1000.0f : rnd_f(&c->seed, 1, 3);
    for (int k = 0; k < 4; k++) {
        s->border_f[k] = rnd_f(&c->seed, 0, 1);
        s->border_u[k] = (uint32_t)xr_next(&c->seed);
    }
}

/* Which shapes an op can take (others would be rejected for reasons the test does not aim
 * at); the direct unit call still decides what is refused. */
static int pick_shape(ctx *c, int op)
{
    for (;;) {
        int s = (int)xr_below(&c->seed, SH_COUNT);
        int ms = s == SH_MS || s == SH_MSA;
        if (op == OP_ISAMM)
            return xr_below(&c->seed, 2) ? SH_MS : SH_MSA;
        if (ms && op != OP_ISAML)
            continue;
        if (is_fetch(op) && (s == SH_CUBE || s == SH_CUBEA))
            continue;
        if (op == OP_GATHER && (s == SH_1D || s == SH_1DA || s == SH_3D))
            continue;
        return s;
    }
}

static int shape_array(int s)
{
    return s == SH_1DA || s == SH_2DA || s == SH_CUBEA || s == SH_MSA || s == SH_DEPTHA;
}

static int shape_3d(int s)
{
    return s == SH_3D || s == SH_CUBE || s == SH_CUBEA;
}

static int shape_coords(int s)
{
    return shape_3d(s) ? 3 : 2; /* 1D: x and the padding y */
}

static int set_bits(unsigned b)
{
    return (int)((b & 1) + ((b >> 1) & 1) + ((b >> 2) & 1));
}

/* Index of pool texture `t` in bindless set `base`, and of sampler variant `v` there. */
static unsigned set_tex_index(unsigned base, int t)
{
    return (unsigned)((t - 3 * (int)base) % POOL + POOL) % POOL;
}

static unsigned set_samp_index(unsigned base, int v)
{
    return (unsigned)((v + set_bits(base)) & 1);
}

static void one_case(ctx *c)
{
    kase k;
    memset(&k, 0, sizeof k);
    static const uint32_t gpus[5] = {300, 430, 540, 630, 730};
    k.gpu = gpus[xr_below(&c->seed, 5)];
    uint32_t base = k.gpu < 400 ? 8 : k.gpu < 600 ? 32 : 64;
    k.fibers = base << xr_below(&c->seed, 2);
    k.gen = k.gpu / 100;
    k.op = (int)xr_below(&c->seed, OP_COUNT);
    if (k.op == OP_ISAMM && k.gen == 3)
        k.op = OP_ISAML;
    k.comp = (int)xr_below(&c->seed, 4);
    k.shape = pick_shape(c, k.op);
    int query = k.op == OP_GETSIZE || k.op == OP_GETLOD;
    /* flags as Mesa sets them, sometimes .a on a non-array texture (an array of one) */
    k.a = k.op != OP_GETSIZE && (shape_array(k.shape) || xr_below(&c->seed, 8) == 0) && k.shape != SH_3D;
    if (k.op == OP_GETLOD && xr_below(&c->seed, 2))
        k.a = 0;
    k.d3 = shape_3d(k.shape);
    k.s = (k.op <= OP_GATHER) && (k.shape == SH_DEPTH || k.shape == SH_DEPTHA) && xr_below(&c->seed, 3) != 0;
    k.o = !query && !shape_3d(k.shape) && xr_below(&c->seed, 4) == 0;
    if (k.shape == SH_3D && !query && xr_below(&c->seed, 4) == 0)
        k.o = 1;
    k.clp = (k.op <= OP_SAMGQ || k.op == OP_GETLOD) && xr_below(&c->seed, 5) == 0;
    k.rck = !query && xr_below(&c->seed, 10) == 0;
    k.half_src = xr_below(&c->seed, 4) == 0;
    k.type = xr_below(&c->seed, 7);
    if (k.op == OP_GETLOD)
        k.type = 5 - 2 * xr_below(&c->seed, 2); /* s32 or u32 */
    if (k.op == OP_GETSIZE)
        k.type = 2 + xr_below(&c->seed, 4);
    k.wrmask = 1 + xr_below(&c->seed, 15);
    if (k.op == OP_GETLOD)
        k.wrmask = 1 + xr_below(&c->seed, 3);
    if (k.rck)
        k.wrmask = 1;
    int dst_half = k.type == 0 || k.type == 2 || k.type == 4 || k.type == 6;
    if (k.rck)
        dst_half = 0;

    /* descriptor mode: -1 = immediate t#/s#; 0 and 4 GL s2en; 1..7 bindless (a6xx+) */
    int modes_max = k.gen >= 6 ? 10 : k.gen >= 4 ? 3 : 2;
    int pick = (int)xr_below(&c->seed, (uint32_t)modes_max);
    k.mode = pick == 0 ? -1 : pick == 1 ? 0 : pick == 2 ? 4 : pick - 2; /* 1..7 */
    k.base = xr_below(&c->seed, 8);
    int indirect = k.mode >= 0 && k.mode < 6;
    int bindless = k.mode >= 1 && k.mode != 4;
    /* per-fiber texture and sampler choices (uniform in the immediate modes) */
    int t_uniform = !indirect || xr_below(&c->seed, 3) == 0;
    int tv0 = (int)xr_below(&c->seed, 2), sv0 = (int)xr_below(&c->seed, 2);
    for (unsigned f = 0; f < k.fibers; f++) {
        k.tex_of[f] = 2 * k.shape + (t_uniform ? tv0 : (int)xr_below(&c->seed, 2));
        k.samp_of[f] = t_uniform ? sv0 : (int)xr_below(&c->seed, 2);
    }

    tmu_ir3_wave *w = c->w;
    tmu_diag d;
    assert_int_equal(tmu_ir3_wave_init(w, k.gpu, k.fibers, &d), TMU_OK);
    w->active[0] = xr_next(&c->seed) | (xr_below(&c->seed, 3) ? 0 : ~UINT64_C(0));
    w->active[1] = xr_next(&c->seed);
    if (k.fibers < 64)
        w->active[0] &= (UINT64_C(1) << k.fibers) - 1;
    if (k.fibers <= 64)
        w->active[1] = 0;
    /* garbage everywhere first: what the instruction must not change */
    for (unsigned f = 0; f < k.fibers; f++)
        for (unsigned r = 0; r < TMU_IR3_NUM_GPR; r++) {
            w->gpr[f][r] = (uint32_t)xr_next(&c->seed);
            w->hgpr[f][r] = (uint16_t)xr_next(&c->seed);
        }

    /* ---- operand layout (Mesa emit_tex) ---- */
    int nc = shape_coords(k.shape);
    if (k.op == OP_GETSIZE)
        nc = 0;
    unsigned n1 = 0;
    unsigned slot_coord = n1;
    n1 += (unsigned)nc;
    unsigned slot_ref = n1;
    n1 += k.s ? 1u : 0u;
    unsigned slot_arr = n1;
    n1 += k.a ? 1u : 0u;
    unsigned slot_gx = 0, slot_gy = 0, slot_sample = 0, slot_size_lod = 0;
    int ng = shape_3d(k.shape) ? 3 : 2;
    if (k.op == OP_SAMGQ) {
        if (n1 < 4)
            n1 = 4;
        slot_gx = n1;
        n1 += (unsigned)ng;
        slot_gy = n1;
        n1 += (unsigned)ng;
    }
    if (k.op == OP_ISAMM)
        slot_sample = n1++;
    if (k.op == OP_GETSIZE)
        slot_size_lod = n1++;
    unsigned n2 = 0, slot_off = 0, slot_lod = 0, slot_mlod = 0;
    int noff = shape_3d(k.shape) ? 3 : 2;
    if (k.o) {
        slot_off = n2;
        n2 += (unsigned)noff;
    }
    int has_lod = k.op == OP_SAMB || k.op == OP_SAML || k.op == OP_ISAML;
    if (has_lod)
        slot_lod = n2++;
    if (k.clp)
        slot_mlod = n2++;
    /* disjoint places: SRC1 run in 100..139, SRC2 run in 140..179 (register numbers of the
     * file the sources are in), a GL half index pair in 0..99 (half numbers: full 0..49 when
     * merged), a bindless full pair in 0..47; the destination anywhere (results are computed
     * from the registers before the instruction) */
    k.src1 = 100 + xr_below(&c->seed, 40 - n1 + 1);
    k.src2 = 140 + xr_below(&c->seed, 40 - (n2 ? n2 : 1) + 1);
    k.dst = xr_below(&c->seed, 189);
    /* ---- operand values ---- */
    const tmu_texture *t0 = &c->pl->tex[2 * k.shape];
    vals *v = &c->v;
    memset(v, 0, sizeof *v);
    const tmu_sampler *s0 = &c->smp[0];
    for (unsigned f = 0; f < k.fibers; f++) {
        for (int a = 0; a < nc; a++) {
            float val;
            if (shape_3d(k.shape) && k.shape != SH_3D)
                val = rnd_f(&c->seed, -1, 1);
            else if (s0->normalized || c->smp[1].normalized)
                val = rnd_f(&c->seed, -0.25f, 1.25f);
            else
                val = rnd_f(&c->seed, -2, (float)t0->width + 2);
            int32_t iv = (int32_t)xr_below(&c->seed, t0->width + 3) - 1;
            if (is_fetch(k.op))
                v->icoord[a][f] = put_i(w, &k, f, k.src1 + slot_coord + (unsigned)a, iv);
            else
                v->coord[a][f] = put_f(w, &k, f, k.src1 + slot_coord + (unsigned)a, val);
        }
        if (k.s)
            v->ref[f] = put_f(w, &k, f, k.src1 + slot_ref, rnd_f(&c->seed, -0.1f, 1.1f));
        if (k.a) {
            if (is_fetch(k.op))
                v->iarr[f] = put_i(w, &k, f, k.src1 + slot_arr, (int32_t)xr_below(&c->seed, 5) - 1);
            else
                v->arr[f] = put_f(w, &k, f, k.src1 + slot_arr, rnd_f(&c->seed, -0.7f, 3.7f));
        }
        if (k.op == OP_SAMGQ)
            for (int a = 0; a < ng; a++) {
                v->gx[a][f] = put_f(w, &k, f, k.src1 + slot_gx + (unsigned)a, rnd_f(&c->seed, -0.6f, 0.6f));
                v->gy[a][f] = put_f(w, &k, f, k.src1 + slot_gy + (unsigned)a, rnd_f(&c->seed, -0.6f, 0.6f));
            }
        if (k.op == OP_SAMGQ)
            for (unsigned p = (unsigned)(nc + k.s + k.a); p < 4; p++)
                put_f(w, &k, f, k.src1 + p, 0.0f);
        if (k.op == OP_ISAMM)
            v->sample[f] = (uint32_t)put_i(w, &k, f, k.src1 + slot_sample, (int32_t)xr_below(&c->seed, 5));
        if (k.op == OP_GETSIZE)
            v->ilod[f] = put_i(w, &k, f, k.src1 + slot_size_lod, (int32_t)xr_below(&c->seed, 7) - 1);
        if (k.o)
            for (int a = 0; a < noff; a++)
                v->off[a][f] = put_i(w, &k, f, k.src2 + slot_off + (unsigned)a, (int32_t)xr_below(&c->seed, 7) - 3);
        if (has_lod) {
            if (k.op == OP_ISAML)
                v->ilod[f] = put_i(w, &k, f, k.src2 + slot_lod, (int32_t)xr_below(&c->seed, 6) - 1);
            else
                v->lod[f] = put_f(w, &k, f, k.src2 + slot_lod, rnd_f(&c->seed, -1.5f, 4.5f));
        }
        if (k.clp)
            v->mlod[f] = put_f(w, &k, f, k.src2 + slot_mlod, rnd_f(&c->seed, -0.5f, 3));
    }

    /* ---- descriptor choice encoded per mode (ir3-cat5.md §2) ---- */
    char t3[64] = "";
    if (!indirect) /* immediate indices: one texture and sampler for the wave */
        for (unsigned f = 0; f < k.fibers; f++)
            k.tex_of[f] = k.tex_of[0], k.samp_of[f] = k.samp_of[0];
    unsigned samp_base = k.base;
    if (k.mode == 1 || k.mode == 3 || k.mode == 7) {
        samp_base = xr_below(&c->seed, 8);
        uint32_t a1 = samp_base | (uint32_t)(xr_next(&c->seed) & 0x7f8u);
        for (unsigned f = 0; f < k.fibers; f++)
            w->a1[f] = a1;
    }
    /* the index that names a choice: the pool order in the t#/s# tables, rotated in set b */
    unsigned tex_idx0 = bindless ? set_tex_index(k.base, k.tex_of[0]) : (unsigned)k.tex_of[0];
    unsigned samp_idx0 = bindless ? set_samp_index(samp_base, k.samp_of[0]) : (unsigned)k.samp_of[0];
    if (k.mode == 6 && tex_idx0 > 15) { /* a 4-bit texture index cannot name it: immediate mode */
        k.mode = -1;
        bindless = 0;
        tex_idx0 = (unsigned)k.tex_of[0];
        samp_idx0 = (unsigned)k.samp_of[0];
    }
    if (k.mode == 7) {
        /* a1.x = index << 3 | sampler base: a6xx the texture index, a7xx the sampler index;
         * SRC3 holds the other one */
        uint32_t a1 = samp_base | ((k.gen == 6 ? tex_idx0 : samp_idx0) << 3);
        for (unsigned f = 0; f < k.fibers; f++)
            w->a1[f] = a1;
        k.src3 = k.gen == 6 ? samp_idx0 : tex_idx0;
        snprintf(t3, sizeof t3, ", %s#%u, a1.x", k.gen == 6 ? "s" : "t", k.src3);
    } else if (indirect) {
        /* a register pair (texture, sampler): half for GL s2en, full for bindless */
        int hp = !bindless;
        unsigned pair = hp ? xr_below(&c->seed, 99) : xr_below(&c->seed, 47);
        for (unsigned f = 0; f < k.fibers; f++) {
            put_reg(w, f, pair, hp, bindless ? set_tex_index(k.base, k.tex_of[f]) : (uint32_t)k.tex_of[f]);
            put_reg(w, f, pair + 1, hp, bindless ? set_samp_index(samp_base, k.samp_of[f]) : (uint32_t)k.samp_of[f]);
        }
        char rb[16];
        snprintf(t3, sizeof t3, ", %s%s", reg_text(rb, pair, hp), (k.mode == 1 || k.mode == 3) ? ", a1.x" : "");
    }

    /* ---- the instruction text ---- */
    char text[256], rb1[16], rb2[16], rbd[16];
    char name[16];
    if (k.op == OP_GATHER)
        snprintf(name, sizeof name, "gather4%c", "rgba"[k.comp]);
    else
        snprintf(name, sizeof name, "%s", op_names[k.op]);
    const char *desc_flags = "";
    char dflags[48] = "";
    if (k.mode >= 0) {
        if (k.mode < 6)
            snprintf(dflags, sizeof dflags, ".s2en%s", (k.mode == 0 || k.mode == 1 || k.mode == 5) ? ".uniform" : ".nonuniform");
        if (bindless)
            snprintf(dflags + strlen(dflags), sizeof dflags - strlen(dflags), ".base%u", k.base);
        desc_flags = dflags;
    }
    char tm[8] = "";
    snprintf(tm, sizeof tm, "%s%s%s%s", k.wrmask & 1 ? "x" : "", k.wrmask & 2 ? "y" : "", k.wrmask & 4 ? "z" : "",
             k.wrmask & 8 ? "w" : "");
    char typ[8] = "";
    if (!k.rck)
        snprintf(typ, sizeof typ, "(%s)", type_names[k.type]);
    int show_src2 = k.o || k.clp || has_lod;
    char srcs[64];
    snprintf(srcs, sizeof srcs, "%s%s%s", k.op == OP_GETSIZE ? reg_text(rb1, k.src1 + slot_size_lod, k.half_src)
                                                              : reg_text(rb1, k.src1, k.half_src),
             show_src2 ? ", " : "", show_src2 ? reg_text(rb2, k.src2, k.half_src) : "");
    char ts[32] = "";
    if (k.mode == -1)
        snprintf(ts, sizeof ts, k.op == OP_GETSIZE ? ", t#%u" : ", s#%u, t#%u", k.op == OP_GETSIZE ? tex_idx0 : samp_idx0,
                 tex_idx0);
    else if (k.mode == 6)
        snprintf(ts, sizeof ts, k.op == OP_GETSIZE ? ", t#%u" : ", s#%u, t#%u", k.op == OP_GETSIZE ? tex_idx0 : samp_idx0,
                 tex_idx0);
    snprintf(text, sizeof text, "%s%s%s%s%s%s%s%s %s(%s)%s, %s%s%s", name, k.d3 ? ".3d" : "", k.a ? ".a" : "",
             k.o ? ".o" : "", k.s ? ".s" : "", desc_flags, k.clp ? ".clp" : "", k.rck ? ".rck" : "", typ, tm,
             reg_text(rbd, k.dst, dst_half), srcs, ts, t3);
    if (k.mode == 7 && k.op == OP_GETSIZE && k.gen == 6) {
        /* getsize shows no s#: the a6xx a1.x form carries the texture in a1.x */
        snprintf(text, sizeof text, "%s%s%s %s(%s)%s, %s, a1.x", name, k.d3 ? ".3d" : "", desc_flags, typ, tm,
                 reg_text(rbd, k.dst, dst_half), srcs);
    }

    /* bindless sets: set BASE (texture) and the a1.x sampler base hold the pool in order too */
    memcpy(c->before, w, sizeof *w);

    /* ---- execute ---- */
    uint64_t word;
    if (tmu_ir3_assemble(text, k.gpu, &word, &d) != TMU_OK)
        fail_msg("assemble '%s' (a%u): %s", text, k.gen, d.message);
    tmu_status st = tmu_ir3_execute(w, &c->b, word, NULL, &d);

    /* ---- expectation: direct texture-unit calls per texture/sampler group ---- */
    uint32_t want[4][128];
    memset(want, 0, sizeof want);
    static uint8_t unasserted[4][128]; /* components that are tmu's choice (getsize_zw) */
    memset(unasserted, 0, sizeof unasserted);
    tmu_status want_st = TMU_OK;
    char want_msg[256] = "";
    uint64_t done[2] = {0, 0};
    for (unsigned f0 = 0; f0 < k.fibers && want_st == TMU_OK; f0++) {
        if (!is_active(w, f0) || ((done[f0 >> 6] >> (f0 & 63)) & 1))
            continue;
        uint64_t g[2] = {0, 0};
        for (unsigned f = f0; f < k.fibers; f++)
            if (is_active(w, f) && k.tex_of[f] == k.tex_of[f0] && (query && k.op != OP_GETLOD ? 1 : k.samp_of[f] == k.samp_of[f0])) {
                g[f >> 6] |= UINT64_C(1) << (f & 63);
                done[f >> 6] |= UINT64_C(1) << (f & 63);
            }
        tmu_texture tex = c->pl->tex[k.tex_of[f0]];
        const tmu_sampler *smp = &c->smp[k.samp_of[f0]];
        tmu_sampler def = tmu_sampler_default();
        if (is_fetch(k.op) || k.op == OP_GETSIZE)
            smp = &def;
        if (k.a) {
            if (tex.dim == TMU_DIM_2D)
                tex.dim = TMU_DIM_2D_ARRAY;
            else if (tex.dim == TMU_DIM_1D)
                tex.dim = TMU_DIM_1D_ARRAY;
            else if (tex.dim == TMU_DIM_CUBE)
                tex.dim = TMU_DIM_CUBE_ARRAY;
            else if (tex.dim == TMU_DIM_2D_MS)
                tex.dim = TMU_DIM_2D_MS_ARRAY;
        }
        tmu_op op;
        memset(&op, 0, sizeof op);
        op.dim = tex.dim;
        op.kind = k.op <= OP_SAMGQ ? TMU_OP_SAMPLE : k.op == OP_GATHER ? TMU_OP_GATHER : is_fetch(k.op) ? TMU_OP_FETCH
                  : k.op == OP_GETLOD ? TMU_OP_QUERY_LOD : TMU_OP_QUERY_SIZE;
        op.level_mode = k.op == OP_SAMB ? TMU_LEVEL_BIAS : k.op == OP_SAML ? TMU_LEVEL_LOD
                        : k.op == OP_SAMGQ ? TMU_LEVEL_GRAD : TMU_LEVEL_IMPLICIT;
        static const tmu_result_type rt[7] = {TMU_RESULT_F16, TMU_RESULT_F32, TMU_RESULT_U32, TMU_RESULT_U32,
                                              TMU_RESULT_S32, TMU_RESULT_S32, TMU_RESULT_U32};
        op.result = k.rck ? TMU_RESULT_U32 : rt[k.type];
        if (k.op == OP_GETLOD)
            op.result = TMU_RESULT_F32;
        if (k.op == OP_GETSIZE)
            op.result = TMU_RESULT_U32;
        op.component = (uint8_t)k.comp;
        op.has_offset = (uint8_t)k.o;
        op.compare = (uint8_t)k.s;
        op.has_min_lod = (uint8_t)k.clp;
        op.want_residency = (uint8_t)k.rck;
        op.layer_mode = (!is_fetch(k.op) && k.gen == 3) ? TMU_LAYER_F32 : TMU_LAYER_U32;
        static uint32_t layer_u[128];
        static int32_t fx[3][128];
        static uint32_t fs[128];
        static float offs_unused;
        (void)offs_unused;
        for (unsigned f = 0; f < k.fibers; f++) {
            /* a4xx+ truncates the float index; fetches take the integer */
            float a = v->arr[f];
            layer_u[f] = is_fetch(k.op) ? (uint32_t)v->iarr[f] : !(a > 0) ? 0u : a >= 4294967040.0f ? 0xFFFFFFFFu : (uint32_t)a;
            for (int ax = 0; ax < 3; ax++)
                fx[ax][f] = v->icoord[ax][f];
            fs[f] = v->sample[f];
            if (k.gen == 3 && k.op == OP_ISAML) {
                int32_t l = v->ilod[f];
                int sh = l < 0 ? 0 : l > 31 ? 31 : l;
                for (int ax = 0; ax < 3; ax++)
                    fx[ax][f] = fx[ax][f] >> sh;
                if (tex.samples > 1) {
                    int lg = tex.samples == 4 ? 2 : 1;
                    fs[f] = (uint32_t)fx[0][f] & (tex.samples - 1);
                    fx[0][f] >>= lg;
                }
            }
        }
        tmu_wave_in in;
        memset(&in, 0, sizeof in);
        for (int ax = 0; ax < 3; ax++) {
            in.coord[ax] = v->coord[ax];
            in.icoord[ax] = fx[ax];
            in.grad_x[ax] = v->gx[ax];
            in.grad_y[ax] = v->gy[ax];
            in.offset[ax] = v->off[ax];
        }
        in.layer = layer_u;
        in.layer_f = v->arr;
        in.lod = v->lod;
        in.ilod = k.op == OP_ISAM ? NULL : v->ilod;
        in.min_lod = v->mlod;
        in.ref = v->ref;
        in.sample = fs;
        uint32_t data[4][128];
        uint8_t resident[128];
        tmu_wave_out out;
        memset(&out, 0, sizeof out);
        for (int cc = 0; cc < 4; cc++)
            out.data[cc] = data[cc];
        out.resident = resident;
        tmu_diag ud;
        want_st = tmu_unit_execute(&tex, smp, &op, k.fibers, g, &in, &out, &ud);
        if (want_st != TMU_OK) {
            snprintf(want_msg, sizeof want_msg, "%s", ud.message);
            break;
        }
        for (unsigned f = 0; f < k.fibers; f++) {
            if (!((g[f >> 6] >> (f & 63)) & 1))
                continue;
            uint32_t r[4] = {data[0][f], data[1][f], data[2][f], data[3][f]};
            if (k.rck) {
                r[0] = resident[f] ? 0 : 1;
            } else if (k.op == OP_GETLOD) {
                for (int cc = 0; cc < 2; cc++) { /* 4.8 fixed point, nearest even, saturated */
                    float x = bitsf(r[cc]) * 256.0f;
                    int32_t q = x != x ? 0 : x >= 2147483520.0f ? INT32_MAX : x <= -2147483648.0f ? INT32_MIN
                                                                                                 : (int32_t)nearbyintf(x);
                    r[cc] = (uint32_t)q;
                }
            } else if (k.op == OP_GETSIZE) {
                /* x and y: the unit's QUERY_SIZE; z and w: the hand-worked table */
                int sh = k.tex_of[f] / 2, l = v->ilod[f];
                int in_range = l >= 0 && l < 6 && r[0] != 0;
                int z = in_range ? getsize_zw[sh].z[l] : -1;
                int ww = in_range && getsize_zw[sh].w >= 0 ? getsize_zw[sh].w - (k.gen == 3) : -1;
                r[2] = z < 0 ? 0 : (uint32_t)z;
                r[3] = ww < 0 ? 0 : (uint32_t)ww;
                unasserted[2][f] = z < 0;
                unasserted[3][f] = ww < 0;
                if (!in_range)
                    unasserted[0][f] = unasserted[1][f] = 1;
            }
            for (int cc = 0; cc < 4; cc++) {
                unsigned ty = k.rck ? 3 : k.type;
                want[cc][f] = (ty == 0 || ty == 2 || ty == 4) ? r[cc] & 0xffff : ty == 6 ? r[cc] & 0xff : r[cc];
            }
        }
    }
    c->cases++;
    if (want_st != TMU_OK) {
        /* the direct call refuses the op: the instruction must be refused, the wave unchanged */
        if (st == TMU_OK)
            fail_msg("case %u '%s' (a%u): the unit refuses (%s) but execute succeeded", c->cases, text, k.gen, want_msg);
        if (memcmp(w, c->before, sizeof *w) != 0)
            fail_msg("case %u '%s': refused but the wave changed", c->cases, text);
        c->refused++;
        return;
    }
    if (st != TMU_OK)
        fail_msg("case %u '%s' (a%u, %u fibers): %s: %s", c->cases, text, k.gen, k.fibers, tmu_status_str(st), d.message);
    /* compare every destination component; everything else unchanged */
    for (unsigned f = 0; f < k.fibers; f++)
        for (unsigned cc = 0; cc < 4; cc++) {
            uint32_t got = get_reg(w, f, k.dst + cc, dst_half);
            int written = is_active(w, f) && (k.wrmask & (1u << cc));
            uint32_t exp = written ? want[cc][f] : get_reg(c->before, f, k.dst + cc, dst_half);
            if (got != exp && !(written && unasserted[cc][f]))
                fail_msg("case %u '%s' (a%u, %u fibers): fiber %u component %u = %08x, want %08x", c->cases, text,
                         k.gen, k.fibers, f, cc, got, exp);
            put_reg(w, f, k.dst + cc, dst_half, get_reg(c->before, f, k.dst + cc, dst_half));
        }
    /* restore what the instruction legitimately wrote; the rest must be identical */
    memcpy(w->pending, c->before->pending, sizeof w->pending);
    memcpy(w->hpending, c->before->hpending, sizeof w->hpending);
    w->steps = c->before->steps;
    if (memcmp(w, c->before, sizeof *w) != 0)
        fail_msg("case %u '%s': registers outside the destination changed", c->cases, text);
}

static void test_random_equivalence(void **state)
{
    (void)state;
    const char *lng = getenv("TMU_TEST_LONG");
    unsigned total = lng && *lng && *lng != '0' ? 1000000u : 100000u;
#ifndef __OPTIMIZE__
    total /= 4; /* -O0 (+ sanitizers) builds, the CI's Debug stage: optimised builds run them all */
#endif
    ctx *c = calloc(1, sizeof *c);
    c->seed = 20260101;
    c->pl = calloc(1, sizeof *c->pl);
    build_pool(c->pl, &c->seed);
    c->w = calloc(1, sizeof *c->w);
    c->before = calloc(1, sizeof *c->before);
    for (int i = 0; i < POOL; i++) {
        c->slots[i].texture = &c->pl->tex[i];
        c->slots[i].sampler = &c->smp[i & 1];
    }
    c->b.tex = c->b.samp = c->slots;
    c->b.num_tex = c->b.num_samp = POOL;
    for (int s = 0; s < 8; s++) {
        for (int i = 0; i < POOL; i++) {
            c->sets[s][i].texture = &c->pl->tex[(i + 3 * s) % POOL];
            c->sets[s][i].sampler = &c->smp[(i + set_bits((unsigned)s)) & 1];
        }
        c->b.set[s] = c->sets[s];
        c->b.set_size[s] = POOL;
    }
    while (c->cases < total) {
        if (c->cases % 64 == 0) {
            random_sampler(c, &c->smp[0]);
            random_sampler(c, &c->smp[1]);
        }
        one_case(c);
    }
    printf("random cases: %u (%u refused alike by the texture unit and the executor)\n", c->cases, c->refused);
    assert_true(c->refused < c->cases / 2);
    for (int i = 0; i < POOL; i++)
        free(c->pl->mem[i]);
    free(c->pl);
    free(c->w);
    free(c->before);
    free(c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_random_equivalence)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
