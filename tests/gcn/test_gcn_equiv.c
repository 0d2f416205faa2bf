/* Random equivalence: for random (generation, opcode, image, sampler, instruction fields, VADDR
 * values, EXEC) the VGPRs an instruction writes through the GCN executor equal what a direct
 * tmu_unit_execute gives for the same texture, sampler and op, packed by the GCN rules.
 *
 * The reference side is written separately from src/gcn: its own VADDR layout (shared/reference/gcn-mimg.md §3.1,
 * §3.3), its own lift (opcode suffix -> tmu_op), its own cube-coordinate, slice and integer
 * gather rules (gcn_exec.h) and its own DMASK / D16 / TFE packing (§3.4).  That side shares with
 * the executor the texture unit and the memory placement of the image (tested by hand in
 * test_gcn_exec).  So the loads (image_load, image_load_mip: a quarter of the cases) are also
 * checked against a second reference that shares neither (issue 29 item 11): the placement of
 * the linear image computed here from addrlib's rules and the T# fields, the texel decoded here
 * from the format's definition, swizzled, converted to D16 and packed here; every active lane
 * with in-range coordinates must equal it bit for bit (out-of-range loads and sparse images are
 * left to the first check: their values are tmu's choice).  So are image_sample_lz with NEAREST
 * filters on one-level images (no compare, no offset, not cube): texel selection and the eight
 * address modes are written here too (border texels are left to the first check).  TMU_TEST_LONG=1 runs 1 000 000 cases
 * instead of 100 000 (a quarter of either in -O0 builds). */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "gcn/gcn_rig.h"
#include "tmu/unit.h"

#define TEST_RNG_SEED 0x9e3779b97f4a7c15ull
#include "test_rng.h"

/* ---- the reference VADDR layout (shared/reference/gcn-mimg.md §3.1-3.3) ------------------------------------- */

enum { C_OFFSET, C_BIAS, C_Z, C_DH0, C_DH1, C_DH2, C_DV0, C_DV1, C_DV2, C_X, C_Y, C_R, C_FACE,
       C_SLICE, C_LOD, C_CLAMP, C_MIP, C_N };

typedef struct ref_layout {
    int dword[C_N], half[C_N]; /* -1 = absent */
    int vgprs;
} ref_layout;

typedef struct slotter {
    ref_layout *l;
    int a16, dword, half;
} slotter;

static void slot(slotter *s, int c, int full)
{
    if (full || !s->a16) {
        if (s->half)
            s->dword++, s->half = 0;
        s->l->dword[c] = s->dword++;
        s->l->half[c] = 0;
        return;
    }
    s->l->dword[c] = s->dword;
    s->l->half[c] = s->half;
    if (s->half)
        s->dword++, s->half = 0;
    else
        s->half = 1;
}

static void pad(slotter *s)
{
    if (s->half)
        s->dword++, s->half = 0;
}

/* Image shapes of the test: the T# type and what they take. */
typedef struct shape_kind {
    tmu_dim dim;
    int coords;  /* x [y [z]] */
    int derivs;  /* per direction */
    int slice, face;
} shape_kind;

static void ref_vaddr(unsigned flags, int cls, const shape_kind *k, int a16, ref_layout *l)
{
    for (int c = 0; c < C_N; c++)
        l->dword[c] = -1, l->half[c] = 0;
    slotter s = {l, a16, 0, 0};
    if (cls == TMU_GCN_CLASS_RESINFO) {
        slot(&s, C_MIP, 0);
        pad(&s);
        l->vgprs = s.dword;
        return;
    }
    if (flags & TMU_GCN_OPF_OFFSET)
        slot(&s, C_OFFSET, 1);
    if (flags & TMU_GCN_OPF_BIAS) {
        slot(&s, C_BIAS, 0); /* A16: a half in its own dword */
        pad(&s);
    }
    if (flags & TMU_GCN_OPF_COMPARE)
        slot(&s, C_Z, 1);
    if (flags & TMU_GCN_OPF_DERIV) {
        for (int i = 0; i < k->derivs; i++)
            slot(&s, C_DH0 + i, 0);
        pad(&s);
        for (int i = 0; i < k->derivs; i++)
            slot(&s, C_DV0 + i, 0);
        pad(&s);
    }
    for (int i = 0; i < k->coords; i++)
        slot(&s, C_X + i, 0);
    if (k->face)
        slot(&s, C_FACE, 0);
    if (k->slice)
        slot(&s, C_SLICE, 0);
    if (flags & TMU_GCN_OPF_LOD)
        slot(&s, C_LOD, 0);
    if (flags & TMU_GCN_OPF_CLAMP)
        slot(&s, C_CLAMP, 0);
    if (flags & TMU_GCN_OPF_MIP)
        slot(&s, C_MIP, 0);
    pad(&s);
    l->vgprs = s.dword;
}

/* ---- one case --------------------------------------------------------------------------------- */

typedef struct fmt_choice {
    tmu_format f;
    int is_int;
} fmt_choice;

static const fmt_choice formats[] = {
    {TMU_FORMAT_R32_FLOAT, 0},          {TMU_FORMAT_R8G8B8A8_UNORM, 0}, {TMU_FORMAT_R16G16_FLOAT, 0},
    {TMU_FORMAT_R8_SNORM, 0},           {TMU_FORMAT_R16_UNORM, 0},      {TMU_FORMAT_R8G8B8A8_SRGB, 0},
    {TMU_FORMAT_R32G32B32A32_FLOAT, 0}, {TMU_FORMAT_B8G8R8A8_UNORM, 0}, {TMU_FORMAT_B5G6R5_UNORM_PACK16, 0},
    {TMU_FORMAT_R16G16B16A16_SNORM, 0}, {TMU_FORMAT_E5B9G9R9_UFLOAT_PACK32, 0},
    {TMU_FORMAT_R32_UINT, 1},           {TMU_FORMAT_R8G8B8A8_SINT, 1},  {TMU_FORMAT_R16G16_UINT, 1},
};

static const shape_kind shapes[] = {
    {TMU_DIM_1D, 1, 1, 0, 0},       {TMU_DIM_2D, 2, 2, 0, 0},         {TMU_DIM_3D, 3, 3, 0, 0},
    {TMU_DIM_CUBE, 2, 2, 0, 1},     {TMU_DIM_1D_ARRAY, 1, 1, 1, 0},   {TMU_DIM_2D_ARRAY, 2, 2, 1, 0},
    {TMU_DIM_CUBE_ARRAY, 2, 2, 0, 1},
};

/* Cube faces (sampling.md §4.1): major axis, s_c and t_c components and signs. */
static const int face_major[6] = {0, 0, 1, 1, 2, 2};
static const int face_s[6][2] = {{2, -1}, {2, 1}, {0, 1}, {0, 1}, {0, 1}, {0, -1}};
static const int face_t[6][2] = {{1, -1}, {1, -1}, {2, 1}, {2, -1}, {1, -1}, {1, -1}};

typedef struct stats {
    unsigned long cases, errors_both, per_class[8];
    unsigned long indep_lanes;        /* load results checked against the independent reference */
    unsigned long indep_sample_lanes; /* NEAREST _lz sample results checked likewise */
} stats;

/* ---- an independent reference for loads and NEAREST samples ------------------------------- */
/* Written here, sharing nothing with src/gcn, src/unit or src/format: the placement of a linear
 * image from addrlib's rules as include/tmu/gcn.h states them for tmu_gcn_tdesc_placement (AMD
 * addrlib SiLib / EgBasedLib for gfx6-8, Gfx9Lib for gfx9), read from the T# fields the test's
 * descriptor holds (PITCH, POW2_PAD, MAX_MIP), and the texel decode of each format from the
 * Vulkan format definitions (first-named component in the lowest bits for packed formats). */
typedef struct ref_place {
    uint64_t off[16], row[16], slice[16];
} ref_place;

static uint32_t umax(uint32_t a, uint32_t b)
{
    return a > b ? a : b;
}
static uint32_t pow2_up(uint32_t v)
{
    uint32_t p = 1;
    while (p < v)
        p <<= 1;
    return p;
}

static void ref_placement(tmu_gcn_gen gen, const tmu_gcn_tdesc *td, const tmu_texture *t, uint32_t bpe,
                          ref_place *p)
{
    int three = t->dim == TMU_DIM_3D, one_d = t->dim == TMU_DIM_1D || t->dim == TMU_DIM_1D_ARRAY;
    uint32_t h0 = one_d ? 1 : t->height, pitch0 = td->f[TMU_GCN_T_PITCH] + 1;
    if (gen != TMU_GCN_GFX9) {
        /* levels one after another, each 256-byte aligned and holding all its slices */
        int pad = td->f[TMU_GCN_T_POW2_PAD] != 0;
        uint32_t step = umax(8, 64 / bpe), quantum = umax(64, 256 / bpe);
        uint64_t off = 0;
        for (uint32_t n = 0; n < t->levels; n++) {
            uint32_t lh = umax(1, h0 >> n), ls = three ? umax(1, t->depth >> n) : t->layers, lw;
            if (pad)
                lh = pow2_up(lh), ls = pow2_up(ls);
            if (n == 0) {
                lw = pitch0;
            } else {
                lw = umax(1, pitch0 >> n);
                if (pad)
                    lw = pow2_up(lw);
                lw = (lw + step - 1) / step * step;
                while ((uint64_t)lw * lh % quantum)
                    lw += step;
            }
            off = (off + 255) / 256 * 256;
            p->off[n] = off;
            p->row[n] = (uint64_t)lw * bpe;
            p->slice[n] = (uint64_t)lw * lh * bpe;
            off += p->slice[n] * ls;
        }
    } else {
        /* every slice holds the whole chain, levels stacked with one pitch */
        uint32_t align = 256 / bpe;
        uint32_t pitch = t->levels == 1 ? pitch0 : (t->width + align - 1) / align * align;
        uint64_t rows = 0;
        for (uint32_t n = 0; n < t->levels; n++) {
            p->off[n] = rows * pitch * bpe;
            p->row[n] = (uint64_t)pitch * bpe;
            rows += one_d ? 1 : (h0 + (1u << n) - 1) >> n;
        }
        uint64_t slice_rows = t->levels == 1 ? rows : pitch0; /* mipmapped: PITCH + 1 rows */
        for (uint32_t n = 0; n < t->levels; n++)
            p->slice[n] = slice_rows * pitch * bpe;
    }
}

static float ref_half(uint32_t h)
{
    int e = (int)(h >> 10 & 31), m = (int)(h & 1023);
    float v = e == 0 ? ldexpf((float)m, -24) : e == 31 ? (m ? NAN : INFINITY) : ldexpf((float)(m | 1024), e - 25);
    return h >> 15 ? -v : v;
}

/* fp32 -> fp16 bits, round to nearest even (the D16 result conversion). */
static uint32_t ref_to_half(float f)
{
    uint32_t b;
    memcpy(&b, &f, 4);
    uint32_t sign = b >> 16 & 0x8000u;
    float a = fabsf(f);
    if (a != a)
        return sign | 0x7e00u;
    if (a >= 65520.0f)
        return sign | 0x7c00u;
    if (a < ldexpf(1.0f, -14)) { /* subnormal: multiples of 2^-24 */
        float q = nearbyintf(ldexpf(a, 24));
        return sign | (uint32_t)q;
    }
    int e;
    float m = frexpf(a, &e); /* a = m 2^e, m in [0.5, 1) */
    float q = nearbyintf(ldexpf(m, 11)); /* 11 significant bits */
    if (q >= 2048.0f)
        q = 1024.0f, e++;
    return sign | (uint32_t)(e + 14) << 10 | ((uint32_t)q & 1023u);
}

/* Decodes texel bytes of format f to (R, G, B, A) as result words (floats as bits, integers as
 * themselves), the absent components 0, 0, 0, 1; bpe set.  0: a format this reference leaves to
 * the other check (sRGB). */
static int ref_decode(tmu_format f, const unsigned char *p, uint32_t v[4], uint32_t *bpe)
{
    float x[4] = {0, 0, 0, 1};
    uint32_t u16 = (uint32_t)p[0] | (uint32_t)p[1] << 8, u32 = u16 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
    switch (f) {
    case TMU_FORMAT_R32_FLOAT: *bpe = 4; memcpy(&x[0], p, 4); break;
    case TMU_FORMAT_R32G32B32A32_FLOAT: *bpe = 16; memcpy(x, p, 16); break;
    case TMU_FORMAT_R8G8B8A8_UNORM: *bpe = 4; for (int c = 0; c < 4; c++) x[c] = (float)p[c] / 255.0f; break;
    case TMU_FORMAT_B8G8R8A8_UNORM:
        *bpe = 4;
        x[0] = (float)p[2] / 255.0f, x[1] = (float)p[1] / 255.0f, x[2] = (float)p[0] / 255.0f;
        x[3] = (float)p[3] / 255.0f;
        break;
    case TMU_FORMAT_R16G16_FLOAT: *bpe = 4; x[0] = ref_half(u16), x[1] = ref_half(u32 >> 16); break;
    case TMU_FORMAT_R8_SNORM: *bpe = 1; x[0] = fmaxf((float)(int8_t)p[0] / 127.0f, -1.0f); break;
    case TMU_FORMAT_R16_UNORM: *bpe = 2; x[0] = (float)u16 / 65535.0f; break;
    case TMU_FORMAT_B5G6R5_UNORM_PACK16: /* B in bits 11-15, G 5-10, R 0-4 */
        *bpe = 2;
        x[0] = (float)(u16 & 31) / 31.0f, x[1] = (float)(u16 >> 5 & 63) / 63.0f, x[2] = (float)(u16 >> 11) / 31.0f;
        break;
    case TMU_FORMAT_R16G16B16A16_SNORM:
        *bpe = 8;
        for (int c = 0; c < 4; c++)
            x[c] = fmaxf((float)(int16_t)((uint32_t)p[2 * c] | (uint32_t)p[2 * c + 1] << 8) / 32767.0f, -1.0f);
        break;
    case TMU_FORMAT_E5B9G9R9_UFLOAT_PACK32: /* R 0-8, G 9-17, B 18-26, shared exponent 27-31 */
        *bpe = 4;
        for (int c = 0; c < 3; c++)
            x[c] = ldexpf((float)(u32 >> (9 * c) & 511), (int)(u32 >> 27) - 24);
        break;
    case TMU_FORMAT_R32_UINT: *bpe = 4; v[0] = u32, v[1] = v[2] = 0, v[3] = 1; return 2;
    case TMU_FORMAT_R16G16_UINT: *bpe = 4; v[0] = u16, v[1] = u32 >> 16, v[2] = 0, v[3] = 1; return 2;
    case TMU_FORMAT_R8G8B8A8_SINT:
        *bpe = 4;
        for (int c = 0; c < 4; c++)
            v[c] = (uint32_t)(int32_t)(int8_t)p[c];
        return 2;
    default: *bpe = 4; return 0;
    }
    for (int c = 0; c < 4; c++)
        memcpy(&v[c], &x[c], 4);
    return 1;
}

static float half_round(float f)
{
    return tmu_half_to_float(tmu_float_to_half(f));
}

/* A random VADDR component value, as the float (or integer) the reference uses. */
typedef struct lane_vals {
    float f[C_N];
    uint32_t u[C_N];
} lane_vals;

/* Texel index along one axis for NEAREST: u = fp32(s * size) (texel space), i = floor(u), then the
 * address mode (Vulkan "Wrapping Operation"; GCN CLAMP_* are the same numbers).  -1: not checked
 * here (a border texel, or a mirror at an exact integer, where mirroring u or i differ). */
static int64_t ref_wrap(float u, uint32_t size, tmu_address mode)
{
    if (!(u > -1e9f && u < 1e9f))
        return -1;
    int64_t i = (int64_t)floorf(u), n = size;
    int mirror = mode == TMU_ADDRESS_MIRRORED_REPEAT || mode == TMU_ADDRESS_MIRROR_CLAMP_TO_EDGE ||
                 mode == TMU_ADDRESS_MIRROR_ONCE_HALF_BORDER || mode == TMU_ADDRESS_MIRROR_ONCE_BORDER;
    if (mirror && u < 0.0f && floorf(u) == u)
        return -1;
    switch (mode) {
    case TMU_ADDRESS_REPEAT: return ((i % n) + n) % n;
    case TMU_ADDRESS_MIRRORED_REPEAT: {
        int64_t t = ((i % (2 * n)) + 2 * n) % (2 * n);
        return t < n ? t : 2 * n - 1 - t;
    }
    case TMU_ADDRESS_CLAMP_TO_EDGE: return i < 0 ? 0 : i >= n ? n - 1 : i;
    case TMU_ADDRESS_MIRROR_CLAMP_TO_EDGE:
        i = i < 0 ? -1 - i : i;
        return i >= n ? n - 1 : i;
    case TMU_ADDRESS_MIRROR_ONCE_HALF_BORDER:
    case TMU_ADDRESS_MIRROR_ONCE_BORDER:
        i = i < 0 ? -1 - i : i;
        return i < n ? i : -1;
    default: return i >= 0 && i < n ? i : -1; /* the border modes, inside the image */
    }
}

/* The expected VDATA words of one lane from the texel at byte address a: decode, DST_SEL
 * swizzle, DMASK selection, D16 conversion and packing.  Returns the word count, 0 when a
 * selected component is a NaN (which NaN comes back is not asserted). */
static unsigned ref_vdata(tmu_format f, const unsigned char *texel, const tmu_swizzle swz[4], unsigned dmask,
                          int d16, int packed, uint32_t want[5])
{
    uint32_t t[4], sw[4], bpe;
    int kind = ref_decode(f, texel, t, &bpe);
    for (int c = 0; c < 4; c++) {
        tmu_swizzle z = swz[c];
        sw[c] = z <= TMU_SWIZZLE_A ? t[z] : z == TMU_SWIZZLE_ZERO ? 0u : kind == 2 ? 1u : 0x3f800000u;
        if (kind == 1 && (dmask >> c & 1) && (sw[c] & 0x7f800000u) == 0x7f800000u && (sw[c] & 0x7fffffu))
            return 0;
    }
    unsigned nv = 0;
    for (unsigned c = 0; c < 4; c++) {
        if (!(dmask >> c & 1))
            continue;
        float fv;
        memcpy(&fv, &sw[c], 4);
        uint32_t val = d16 ? ref_to_half(fv) : sw[c];
        if (packed)
            want[nv / 2] = nv % 2 ? want[nv / 2] | val << 16 : val;
        else
            want[nv] = val;
        nv++;
    }
    return packed ? (nv + 1) / 2 : nv;
}

static int run_case(rig *r, stats *st)
{
    tmu_gcn_wave *w = r->w;
    tmu_gcn_gen gen = (tmu_gcn_gen)below(TMU_GCN_GEN_COUNT);
    tmu_gcn_wave_init(w, gen);
    r->env.prt = NULL; /* the previous case's residency lived in its stack frame */
    r->env.prt_count = 0;
    /* the opcode */
    size_t nrows;
    const tmu_gcn_opcode_info *rows = tmu_gcn_opcodes(&nrows);
    const tmu_gcn_opcode_info *row;
    static const int class_pick[10] = {TMU_GCN_CLASS_SAMPLE, TMU_GCN_CLASS_SAMPLE, TMU_GCN_CLASS_SAMPLE,
                                       TMU_GCN_CLASS_SAMPLE, TMU_GCN_CLASS_GATHER, TMU_GCN_CLASS_GATHER,
                                       TMU_GCN_CLASS_GET_LOD, TMU_GCN_CLASS_LOAD, TMU_GCN_CLASS_LOAD,
                                       TMU_GCN_CLASS_RESINFO};
    int cls = class_pick[below(10)];
    for (;;) {
        row = &rows[below((uint32_t)nrows)];
        if (row->cls == cls && row->op[gen] != TMU_GCN_NO_OP && !(row->flags & TMU_GCN_OPF_PCK))
            break;
    }
    unsigned fl = row->flags;
    int sampling = cls == TMU_GCN_CLASS_SAMPLE || cls == TMU_GCN_CLASS_GATHER || cls == TMU_GCN_CLASS_GET_LOD;
    /* the image */
    const shape_kind *k;
    for (;;) {
        k = &shapes[below(7)];
        if (cls == TMU_GCN_CLASS_GATHER && k->dim != TMU_DIM_2D && k->dim != TMU_DIM_2D_ARRAY &&
            k->dim != TMU_DIM_CUBE && k->dim != TMU_DIM_CUBE_ARRAY)
            continue;
        if (cls == TMU_GCN_CLASS_LOAD && k->dim == TMU_DIM_CUBE_ARRAY)
            continue;
        break;
    }
    const fmt_choice *fc = &formats[below(sizeof formats / sizeof formats[0])];
    int cube = k->dim == TMU_DIM_CUBE || k->dim == TMU_DIM_CUBE_ARRAY;
    uint32_t wdt = 1 + below(9), hgt = k->coords >= 2 ? 1 + below(9) : 1, dep = k->dim == TMU_DIM_3D ? 1 + below(4) : 1;
    if (cube)
        hgt = wdt;
    uint32_t layers = k->dim == TMU_DIM_CUBE ? 6 : k->dim == TMU_DIM_CUBE_ARRAY ? 12 : k->slice ? 1 + below(4) : 1;
    uint32_t m = wdt > hgt ? wdt : hgt;
    if (dep > m)
        m = dep;
    uint32_t chain = 1;
    while (m > 1)
        m >>= 1, chain++;
    uint32_t levels = 1 + below(chain < 4 ? chain : 4);
    tmu_texture shape = rig_shape(k->dim, fc->f, wdt, hgt, dep, layers, levels);
    if (below(4) == 0) /* a swizzle with constants */
        for (int c = 0; c < 4; c++)
            shape.swizzle[c] = (tmu_swizzle)below(6);
    tmu_gcn_tdesc td;
    uint64_t size;
    if (tmu_gcn_tdesc_for_texture(gen, &shape, RIG_BASE, &td, &size, &r->diag) != TMU_OK || size > r->size)
        fail_msg("tdesc_for_texture: %s", r->diag.message);
    for (uint64_t i = 0; i < size; i++)
        r->mem[i] = (unsigned char)rnd();
    if (fc->f == TMU_FORMAT_R32_FLOAT || fc->f == TMU_FORMAT_R32G32B32A32_FLOAT) /* mostly finite */
        for (uint64_t i = 3; i < size; i += 4)
            r->mem[i] &= 0x3f;
    unsigned srsrc = 1 + below(10), ssamp = 1 + below(10);
    while (ssamp == srsrc || ssamp == srsrc + 1)
        ssamp = 1 + below(20);
    rig_tdesc(r, 4 * srsrc, &td);
    tmu_texture bound;
    if (tmu_gcn_bind_texture(&td, NULL, &r->env, 0, &bound, &r->diag) != TMU_OK)
        fail_msg("bind: %s", r->diag.message);
    assert_int_equal(bound.dim, shape.dim); /* the format may differ: b8g8r8a8 is 8_8_8_8 + DST_SEL */
    assert_int_equal(bound.levels, levels);
    /* The reference texture: the test's shape in the image's memory.  A format stored through a
     * DST_SEL permutation (b8g8r8a8 = 8_8_8_8 with Z,Y,X,W) is, to the hardware, the permuted
     * format plus that swizzle (depth compare then reads the stored X); the others are exact. */
    tmu_texture ref_tex = shape;
    memcpy(ref_tex.level, bound.level, sizeof ref_tex.level);
    if (fc->f == TMU_FORMAT_B8G8R8A8_UNORM) {
        static const tmu_swizzle bgra[4] = {TMU_SWIZZLE_B, TMU_SWIZZLE_G, TMU_SWIZZLE_R, TMU_SWIZZLE_A};
        ref_tex.format = TMU_FORMAT_R8G8B8A8_UNORM;
        for (int c = 0; c < 4; c++)
            ref_tex.swizzle[c] = shape.swizzle[c] <= TMU_SWIZZLE_A ? bgra[shape.swizzle[c]] : shape.swizzle[c];
    }
    assert_int_equal(bound.format, ref_tex.format); /* (the DST_SEL of a channel the format lacks
                                                      * may be the constant it reads as) */
    /* residency for TFE */
    static uint8_t maps[4][64];
    tmu_residency res = {1 + below(3), 1 + below(3), 1, {NULL}};
    tmu_gcn_prt prt = {RIG_BASE, &res};
    int sparse = below(3) == 0;
    if (sparse) {
        for (uint32_t n = 0; n < levels; n++) {
            for (int i = 0; i < 64; i++)
                maps[n][i] = below(4) != 0;
            uint32_t lw = tmu_level_size(wdt, n), lh = tmu_level_size(hgt, n);
            uint32_t tiles = ((lw + res.tile_w - 1) / res.tile_w) * ((lh + res.tile_h - 1) / res.tile_h) *
                             (k->dim == TMU_DIM_3D ? tmu_level_size(dep, n) : layers);
            if (tiles <= 64)
                res.map[n] = maps[n];
        }
        ref_tex.residency = &res;
        r->env.prt = &prt;
        r->env.prt_count = 1;
    } else {
        r->env.prt = NULL;
        r->env.prt_count = 0;
    }
    /* the sampler */
    tmu_sampler smp = tmu_sampler_default();
    if (sampling) {
        tmu_gcn_sdesc sd;
        memset(&sd, 0, sizeof sd);
        sd.gen = gen;
        smp = tmu_sampler_default();
        for (int a = 0; a < 3; a++) {
            unsigned c = below(8);
            sd.f[TMU_GCN_S_CLAMP_X + a] = c;
            smp.address[a] = (tmu_address)c;
        }
        unsigned lin = fc->is_int ? 0 : below(2), mip = below(3);
        if (fc->is_int && mip == 2)
            mip = 1;
        if (k->dim == TMU_DIM_3D)
            sd.f[TMU_GCN_S_Z_FILTER] = lin ? 2 : 1;
        sd.f[TMU_GCN_S_XY_MAG_FILTER] = sd.f[TMU_GCN_S_XY_MIN_FILTER] = lin;
        smp.mag_filter = smp.min_filter = lin ? TMU_FILTER_LINEAR : TMU_FILTER_NEAREST;
        sd.f[TMU_GCN_S_MIP_FILTER] = mip;
        smp.mip_filter = (tmu_mip_filter)mip;
        unsigned cmpf = below(8);
        sd.f[TMU_GCN_S_DEPTH_COMPARE_FUNC] = cmpf;
        smp.compare_op = (tmu_compare)cmpf;
        unsigned fm = below(3);
        sd.f[TMU_GCN_S_FILTER_MODE] = fm;
        smp.reduction = (tmu_reduction)fm;
        int32_t bias = (int32_t)below(1024) - 512; /* s5.8 */
        sd.f[TMU_GCN_S_LOD_BIAS] = (uint32_t)bias & 0x3fff;
        smp.lod_bias = (float)bias / 256.0f;
        uint32_t lo = below(512), hi = below(4096);
        sd.f[TMU_GCN_S_MIN_LOD] = lo, sd.f[TMU_GCN_S_MAX_LOD] = hi;
        smp.min_lod = (float)lo / 256.0f, smp.max_lod = (float)hi / 256.0f;
        unsigned bt = below(3);
        sd.f[TMU_GCN_S_BORDER_COLOR_TYPE] = bt;
        for (int c = 0; c < 4; c++) {
            smp.border_f[c] = bt == 2 || (bt == 1 && c == 3) ? 1.0f : 0.0f;
            smp.border_u[c] = bt == 2 || (bt == 1 && c == 3) ? 1u : 0u;
        }
        int dis = below(4) == 0;
        sd.f[TMU_GCN_S_DISABLE_CUBE_WRAP] = (uint32_t)dis;
        smp.seamless_cube = (uint8_t)!dis;
        int unnorm = !cube && below(5) == 0;
        sd.f[TMU_GCN_S_FORCE_UNNORMALIZED] = (uint32_t)unnorm;
        smp.normalized = (uint8_t)!unnorm;
        rig_sdesc(r, 4 * ssamp, &sd);
    }
    /* the instruction */
    tmu_gcn_mimg mi;
    tmu_gcn_mimg_init(&mi, gen, row);
    unsigned dmask = cls == TMU_GCN_CLASS_GATHER ? 1u << below(4) : below(16);
    int compare = (fl & TMU_GCN_OPF_COMPARE) != 0;
    if (fc->is_int && compare)
        return 0; /* the unit refuses depth compare on integer images, as it should */
    int d16 = gen >= TMU_GCN_GFX8 && !fc->is_int && cls != TMU_GCN_CLASS_GET_LOD &&
              cls != TMU_GCN_CLASS_RESINFO && below(3) == 0;
    int a16 = gen == TMU_GCN_GFX9 && below(3) == 0;
    int tfe = below(3) == 0;
    int gather_level0 = cls == TMU_GCN_CLASS_GATHER &&
                        ((fl & TMU_GCN_OPF_LZ) || levels == 1 || smp.mip_filter == TMU_MIP_NONE);
    if (cls == TMU_GCN_CLASS_GATHER && !gather_level0)
        return 0; /* the reference gathers on level 0 only (levels: test_gcn_exec) */
    ref_layout lay;
    ref_vaddr(fl, cls, k, a16, &lay);
    unsigned vaddr = below(256 - (unsigned)lay.vgprs);
    unsigned nvals = cls == TMU_GCN_CLASS_GATHER ? 4 : (unsigned)__builtin_popcount(dmask);
    unsigned packed = d16 && gen != TMU_GCN_GFX8;
    unsigned ddw = packed ? (nvals + 1) / 2 : nvals;
    if (ddw == 0)
        ddw = 1;
    unsigned vdn = ddw + (unsigned)tfe;
    unsigned vdata;
    do
        vdata = below(256 - vdn);
    while (vdata < vaddr + (unsigned)lay.vgprs && vaddr < vdata + vdn);
    mi.f[TMU_GCN_F_DMASK] = dmask;
    mi.f[TMU_GCN_F_D16] = (uint32_t)d16;
    mi.f[TMU_GCN_F_A16] = (uint32_t)a16;
    mi.f[TMU_GCN_F_TFE] = (uint32_t)tfe;
    mi.f[TMU_GCN_F_VADDR] = vaddr;
    mi.f[TMU_GCN_F_VDATA] = vdata;
    mi.f[TMU_GCN_F_SRSRC] = srsrc;
    mi.f[TMU_GCN_F_SSAMP] = sampling ? ssamp : 0;
    int unorm_bit = sampling && !cube && below(8) == 0;
    if (cls == TMU_GCN_CLASS_LOAD || unorm_bit)
        mi.f[TMU_GCN_F_UNORM] = 1;
    if (unorm_bit)
        smp.normalized = 0;
    if (tmu_gcn_validate(&mi, NULL) != TMU_OK)
        return 0;
    /* operands */
    uint64_t exec = ((uint64_t)rnd() << 32 | rnd()) | (below(3) == 0 ? ~0ull : 0);
    w->exec = exec;
    for (unsigned v = 0; v < 256; v++)
        for (unsigned l = 0; l < 64; l++)
            w->vgpr[v][l] = rnd();
    static lane_vals lv[64];
    uint32_t cubes = k->dim == TMU_DIM_CUBE_ARRAY ? 2 : 1;
    for (unsigned l = 0; l < 64; l++) {
        lane_vals *x = &lv[l];
        memset(x, 0, sizeof *x);
        int loadish = cls == TMU_GCN_CLASS_LOAD || cls == TMU_GCN_CLASS_RESINFO;
        for (int c = 0; c < C_N; c++) {
            if (lay.dword[c] < 0)
                continue;
            float f = 0;
            uint32_t u = 0;
            switch (c) {
            case C_OFFSET: u = rnd() & 0x3f3f3f; break;
            case C_BIAS: f = frange(-2, 2); break;
            case C_Z: f = frange(-0.2f, 1.2f); break;
            case C_LOD: f = frange(-1, 5); break;
            case C_CLAMP: f = frange(0, 4); break;
            case C_MIP: u = below(levels + 1); break;
            case C_FACE:
                f = cube ? (float)(k->dim == TMU_DIM_CUBE_ARRAY ? 8 * ((int)below(4) - 1) + (int)below(6)
                                                                : (int)below(6))
                         : 0;
                if (loadish)
                    u = below(layers + 1);
                break;
            case C_SLICE:
                f = frange(-0.7f, (float)layers + 0.7f);
                u = below(layers + 1);
                break;
            case C_X: case C_Y: case C_R: {
                uint32_t n = c == C_X ? wdt : c == C_Y ? hgt : dep;
                if (loadish)
                    u = below(n + 2) - (below(8) == 0 ? n + 2 : 0); /* some huge (negative) */
                else if (cube)
                    f = frange(0.9f, 2.1f);
                else if (!smp.normalized)
                    f = frange(-2.0f, (float)n + 2.0f);
                else
                    f = frange(-0.6f, 1.6f);
                break;
            }
            default: /* derivatives */
                f = frange(-0.6f, 0.6f);
                break;
            }
            int full = c == C_OFFSET || c == C_Z;
            if (a16 && !full) {
                if (loadish || c == C_MIP) {
                    u &= 0xffff;
                } else {
                    f = half_round(f);
                    u = tmu_float_to_half(f);
                }
            } else if (!loadish && c != C_MIP && c != C_OFFSET) {
                memcpy(&u, &f, 4);
            }
            x->f[c] = f;
            x->u[c] = u;
            uint32_t *reg = &w->vgpr[vaddr + (unsigned)lay.dword[c]][l];
            if (a16 && !full)
                *reg = lay.half[c] ? (*reg & 0xffffu) | u << 16 : (*reg & 0xffff0000u) | (u & 0xffff);
            else
                *reg = u;
        }
    }
    /* A16 bias: the high half of its dword is don't-care; offset/z-compare whole dwords */
    static uint32_t before[5][64];
    for (unsigned i = 0; i < vdn; i++)
        memcpy(before[i], w->vgpr[vdata + i], sizeof before[i]);
    /* ---- the GCN path ---- */
    tmu_diag gd;
    tmu_status gst = tmu_gcn_exec(w, &r->env, &mi, &gd);
    tmu_gcn_wave_wait(w, 0, 0);
    /* ---- the independent reference (loads) ---- */
    /* image_sample_lz (no compare, no offset) with NEAREST filters on a one-level, non-cube image:
     * the texel u = fp32(s * size) selects, wrapped by the address mode; arrays take the slice
     * truncated (gfx6-8) or rounded to nearest even (gfx9), clamped (gcn_exec.h). */
    int nearest_lz = cls == TMU_GCN_CLASS_SAMPLE && strstr(row->name, "_lz") && !compare && !(fl & TMU_GCN_OPF_OFFSET) &&
                     !cube && levels == 1 && smp.min_filter == TMU_FILTER_NEAREST &&
                     smp.mag_filter == TMU_FILTER_NEAREST;
    if ((cls == TMU_GCN_CLASS_LOAD || nearest_lz) && gst == TMU_OK && !sparse) {
        ref_place pl;
        uint32_t bpe, dummy[4];
        static const unsigned char zero16[16];
        int kind = ref_decode(fc->f, zero16, dummy, &bpe);
        if (kind)
            ref_placement(gen, &td, &shape, bpe, &pl);
        for (unsigned l = 0; kind && l < 64; l++) {
            if (!(exec >> l & 1))
                continue;
            const lane_vals *x = &lv[l];
            uint32_t mip = lay.dword[C_MIP] >= 0 ? x->u[C_MIP] : 0;
            uint32_t px = x->u[C_X], py = lay.dword[C_Y] >= 0 ? x->u[C_Y] : 0;
            uint32_t pz = lay.dword[C_R] >= 0 ? x->u[C_R] : 0;
            uint32_t layer_i = (lay.dword[C_SLICE] >= 0 ? x->u[C_SLICE] : 0) + (lay.dword[C_FACE] >= 0 ? x->u[C_FACE] : 0);
            if (nearest_lz) {
                const uint32_t dims[3] = {wdt, hgt, dep};
                int64_t ix[3] = {0, 0, 0}, ok = 1;
                for (int a = 0; a < k->coords; a++) {
                    float u = smp.normalized ? x->f[C_X + a] * (float)dims[a] : x->f[C_X + a];
                    ix[a] = ref_wrap(u, dims[a], smp.address[a]);
                    ok &= ix[a] >= 0;
                }
                if (!ok)
                    continue; /* a border texel: the other check covers it */
                px = (uint32_t)ix[0], py = (uint32_t)ix[1], pz = (uint32_t)ix[2];
                if (k->slice) {
                    float sl = x->f[C_SLICE];
                    float r_ = gen == TMU_GCN_GFX9 ? nearbyintf(sl) : (sl > 0.0f ? floorf(sl) : 0.0f);
                    layer_i = !(r_ > 0.0f) ? 0u : r_ >= (float)layers ? layers - 1 : (uint32_t)r_;
                }
            }
            if (mip >= levels || px >= tmu_level_size(wdt, mip) || py >= tmu_level_size(hgt, mip) ||
                pz >= tmu_level_size(dep, mip) || layer_i >= layers)
                continue; /* out of range: the other check covers it (tmu's choice of value) */
            uint64_t a = pl.off[mip] + (uint64_t)(k->dim == TMU_DIM_3D ? pz : layer_i) * pl.slice[mip] +
                         (uint64_t)py * pl.row[mip] + (uint64_t)px * bpe;
            uint32_t want[5];
            unsigned nd = ref_vdata(fc->f, r->mem + a, shape.swizzle, dmask, d16, (int)packed, want);
            for (unsigned i = 0; i < nd; i++) {
                uint32_t got = w->vgpr[vdata + i][l];
                if (d16 && (!packed || (i == nd - 1 && __builtin_popcount(dmask) % 2)))
                    got &= 0xffffu; /* a half alone in its word */
                if (got != want[i])
                    fail_msg("independent reference: %s on %s (%s %s, %u levels, mip %u, (%u,%u,%u) layer %u, "
                             "dmask 0x%x%s) lane %u v%u: GCN 0x%08x, reference 0x%08x", row->name,
                             tmu_gcn_gen_name(gen), tmu_dim_name(k->dim), tmu_format_name(fc->f), levels, mip, px, py,
                             pz, layer_i, dmask, d16 ? " d16" : "", l, vdata + i, w->vgpr[vdata + i][l], want[i]);
            }
            if (nd && nearest_lz)
                st->indep_sample_lanes++;
            else if (nd)
                st->indep_lanes++;
        }
    }
    /* ---- the reference ---- */
    tmu_op op;
    memset(&op, 0, sizeof op);
    op.dim = k->dim;
    op.want_residency = 1;
    op.result = fc->is_int ? (fc->f == TMU_FORMAT_R8G8B8A8_SINT ? TMU_RESULT_S32 : TMU_RESULT_U32)
                           : d16 ? TMU_RESULT_F16 : TMU_RESULT_F32;
    op.layer_mode = TMU_LAYER_U32;
    if (sampling) {
        op.kind = cls == TMU_GCN_CLASS_SAMPLE ? TMU_OP_SAMPLE : cls == TMU_GCN_CLASS_GATHER ? TMU_OP_GATHER
                                                                                           : TMU_OP_QUERY_LOD;
        const char *n = row->name;
        op.level_mode = cls == TMU_GCN_CLASS_GET_LOD             ? TMU_LEVEL_IMPLICIT
                        : strstr(n, "_d") || strstr(n, "_cd") ? TMU_LEVEL_GRAD
                        : strstr(n, "_lz")                ? TMU_LEVEL_BASE
                        : strstr(n, "_l")                 ? TMU_LEVEL_LOD
                        : strstr(n, "_b")                 ? TMU_LEVEL_BIAS
                                                          : TMU_LEVEL_IMPLICIT;
        op.compare = (uint8_t)compare;
        op.has_min_lod = strstr(n, "_cl") != NULL;
        op.has_offset = n[strlen(n) - 2] == '_' && n[strlen(n) - 1] == 'o';
        op.component = (uint8_t)(cls == TMU_GCN_CLASS_GATHER ? __builtin_ctz(dmask) : 0);
        if (cls == TMU_GCN_CLASS_GET_LOD) {
            op.result = TMU_RESULT_F32;
            op.want_residency = 0;
        }
        if (gen == TMU_GCN_GFX9 && !cube)
            op.layer_mode = TMU_LAYER_F32;
    } else {
        op.kind = cls == TMU_GCN_CLASS_RESINFO ? TMU_OP_QUERY_SIZE : TMU_OP_FETCH;
        if (cls == TMU_GCN_CLASS_RESINFO) {
            op.result = TMU_RESULT_U32;
            op.want_residency = 0;
        }
    }
    static float coord[3][64], layer_f[64], lod[64], min_lod[64], gx[3][64], gy[3][64], ref[64];
    static int32_t icoord[3][64], ilod[64], off[3][64];
    static uint32_t layer[64], sample[64], out[4][64];
    static uint8_t resident[64];
    for (unsigned l = 0; l < 64; l++) {
        lane_vals *x = &lv[l];
        for (int a = 0; a < 3; a++) {
            coord[a][l] = x->f[C_X + a];
            icoord[a][l] = (int32_t)x->u[C_X + a];
            gx[a][l] = x->f[C_DH0 + a];
            gy[a][l] = x->f[C_DV0 + a];
            off[a][l] = (int32_t)(x->u[C_OFFSET] >> (8 * a) << 26) >> 26;
        }
        sample[l] = 0;
        lod[l] = lay.dword[C_BIAS] >= 0 ? x->f[C_BIAS] : x->f[C_LOD];
        min_lod[l] = x->f[C_CLAMP];
        ref[l] = x->f[C_Z];
        ilod[l] = (int32_t)x->u[C_MIP];
        if (!sampling) {
            layer[l] = x->u[C_SLICE] + x->u[C_FACE];
            continue;
        }
        layer_f[l] = x->f[C_SLICE];
        float a = x->f[C_SLICE];
        layer[l] = !(a > 0.0f) ? 0u : (uint32_t)a; /* gfx6-8 truncate */
        float ds = 0, dt = 0;
        if (cube) {
            /* face id -> cube and face: gfx6-8 clamp 8 layer + face as one number, gfx9 the layer */
            int v = (int)x->f[C_FACE], L, F;
            if (gen != TMU_GCN_GFX9) {
                int hi = 8 * ((int)cubes - 1) + 5;
                v = v < 0 ? 0 : v > hi ? hi : v;
                L = v / 8, F = v % 8;
            } else {
                L = v >= 0 ? v / 8 : -((7 - v) / 8);
                F = v - 8 * L;
                L = L < 0 ? 0 : L > (int)cubes - 1 ? (int)cubes - 1 : L;
            }
            if (F > 5)
                F = 5;
            layer[l] = (uint32_t)L;
            if (op.kind == TMU_OP_GATHER && fc->is_int && gen != TMU_GCN_GFX9)
                ds = dt = 0.5f / (float)wdt;
            float sc = 2.0f * (x->f[C_X] + ds - 1.5f), tc = 2.0f * (x->f[C_Y] + dt - 1.5f);
            float d[3];
            d[face_major[F]] = (F & 1) ? -1.0f : 1.0f;
            d[face_s[F][0]] = (float)face_s[F][1] * sc;
            d[face_t[F][0]] = (float)face_t[F][1] * tc;
            float g1[3], g2[3];
            g1[face_major[F]] = g2[face_major[F]] = 0.0f;
            g1[face_s[F][0]] = (float)face_s[F][1] * 2.0f * x->f[C_DH0];
            g1[face_t[F][0]] = (float)face_t[F][1] * 2.0f * x->f[C_DH1];
            g2[face_s[F][0]] = (float)face_s[F][1] * 2.0f * x->f[C_DV0];
            g2[face_t[F][0]] = (float)face_t[F][1] * 2.0f * x->f[C_DV1];
            for (int c = 0; c < 3; c++)
                coord[c][l] = d[c], gx[c][l] = g1[c], gy[c][l] = g2[c];
        } else if (op.kind == TMU_OP_GATHER && fc->is_int && gen != TMU_GCN_GFX9) {
            /* gfx6-8 integer gather4: the footprint half a texel to the lower right */
            coord[0][l] += smp.normalized ? 0.5f / (float)wdt : 0.5f;
            coord[1][l] += smp.normalized ? 0.5f / (float)hgt : 0.5f;
        }
    }
    tmu_wave_in in;
    memset(&in, 0, sizeof in);
    for (int a = 0; a < 3; a++) {
        in.coord[a] = coord[a], in.icoord[a] = icoord[a], in.grad_x[a] = gx[a], in.grad_y[a] = gy[a];
        in.offset[a] = off[a];
    }
    in.layer = layer, in.layer_f = layer_f, in.sample = sample, in.lod = lod, in.ilod = ilod;
    in.min_lod = min_lod, in.ref = ref;
    tmu_wave_out wo = {{out[0], out[1], out[2], out[3]}, resident, NULL, NULL};
    uint64_t ex[2] = {exec, 0};
    tmu_diag rd;
    tmu_status rst;
    if (cls == TMU_GCN_CLASS_RESINFO) {
        static uint32_t sz[4][64], lvls[4][64];
        tmu_wave_out so = {{sz[0], sz[1], sz[2], sz[3]}, NULL, NULL, NULL};
        tmu_wave_out lo = {{lvls[0], lvls[1], lvls[2], lvls[3]}, NULL, NULL, NULL};
        rst = tmu_unit_execute(&ref_tex, &smp, &op, 64, ex, &in, &so, &rd);
        op.kind = TMU_OP_QUERY_LEVELS;
        if (rst == TMU_OK)
            rst = tmu_unit_execute(&ref_tex, &smp, &op, 64, ex, &in, &lo, &rd);
        for (unsigned l = 0; l < 64; l++) {
            out[0][l] = sz[0][l];
            out[1][l] = k->dim == TMU_DIM_1D_ARRAY ? sz[3][l] : sz[1][l];
            out[2][l] = k->dim == TMU_DIM_3D ? sz[2][l]
                        : (k->dim == TMU_DIM_2D_ARRAY || k->dim == TMU_DIM_CUBE_ARRAY) ? sz[3][l] : 1u;
            out[3][l] = lvls[0][l];
            resident[l] = 1;
        }
    } else {
        rst = tmu_unit_execute(&ref_tex, &smp, &op, 64, ex, &in, &wo, &rd);
        if (op.kind == TMU_OP_QUERY_LOD)
            memset(resident, 1, sizeof resident);
    }
    if (gst != TMU_OK || rst != TMU_OK) {
        if ((gst == TMU_OK) != (rst == TMU_OK))
            fail_msg("%s on %s (%s %s): GCN %s (%s), reference %s (%s)", row->name, tmu_gcn_gen_name(gen),
                     tmu_dim_name(k->dim), tmu_format_name(fc->f), tmu_status_str(gst),
                     gst ? gd.message : "", tmu_status_str(rst), rst ? rd.message : "");
        if (getenv("TMU_EQUIV_SHOW") && st->errors_both < 40)
            printf("refused: %s: %s\n", row->name, gd.message);
        st->errors_both++;
        return 0;
    }
    /* expected VDATA: DMASK-selected values (gather: the 4 texels), D16 packing, status */
    uint32_t vals[4][64];
    unsigned n = 0;
    for (unsigned c = 0; c < 4; c++)
        if (cls == TMU_GCN_CLASS_GATHER || (dmask >> c & 1))
            memcpy(vals[n++], out[c], sizeof vals[0]);
    for (unsigned l = 0; l < 64; l++) {
        uint32_t want[5];
        for (unsigned i = 0; i < vdn; i++)
            want[i] = before[i][l];
        if (exec >> l & 1) {
            for (unsigned i = 0; i < n; i++) {
                if (packed)
                    want[i / 2] = i % 2 ? (want[i / 2] & 0xffffu) | vals[i][l] << 16 : (vals[i][l] & 0xffffu);
                else
                    want[i] = d16 ? vals[i][l] & 0xffffu : vals[i][l];
            }
            if (tfe && !resident[l])
                want[ddw] = 1;
        }
        for (unsigned i = 0; i < vdn; i++)
            if (w->vgpr[vdata + i][l] != want[i])
                fail_msg("%s on %s (%s %s, %u levels, dmask 0x%x%s%s%s) lane %u v%u: GCN 0x%08x, reference "
                         "0x%08x", row->name, tmu_gcn_gen_name(gen), tmu_dim_name(k->dim), tmu_format_name(fc->f),
                         levels, dmask, d16 ? " d16" : "", a16 ? " a16" : "", tfe ? " tfe" : "", l, vdata + i,
                         w->vgpr[vdata + i][l], want[i]);
    }
    st->cases++;
    st->per_class[cls]++;
    return 1;
}

static void test_equivalence(void **state)
{
    (void)state;
    const char *lng = getenv("TMU_TEST_LONG");
    unsigned long want = lng && *lng && strcmp(lng, "0") ? 1000000ul : 100000ul;
#ifndef __OPTIMIZE__
    want /= 4; /* -O0 (+ sanitizers) builds, the CI's Debug stage: optimised builds run them all */
#endif
    rig r;
    rig_init(&r, TMU_GCN_GFX9, 1 << 20);
    stats st;
    memset(&st, 0, sizeof st);
    unsigned long tries = 0;
    while (st.cases < want) {
        run_case(&r, &st);
        if (++tries > 20 * want)
            fail_msg("too few valid cases (%lu of %lu tries)", st.cases, tries);
    }
    printf("equivalence: %lu cases equal (sample %lu, gather %lu, get_lod %lu, load %lu, resinfo %lu); "
           "%lu refused alike by both paths; %lu tries; independent reference: %lu load lanes, %lu NEAREST "
           "sample lanes equal\n",
           st.cases, st.per_class[TMU_GCN_CLASS_SAMPLE], st.per_class[TMU_GCN_CLASS_GATHER],
           st.per_class[TMU_GCN_CLASS_GET_LOD], st.per_class[TMU_GCN_CLASS_LOAD],
           st.per_class[TMU_GCN_CLASS_RESINFO], st.errors_both, tries, st.indep_lanes, st.indep_sample_lanes);
    assert_true(st.indep_sample_lanes * 20 > st.per_class[TMU_GCN_CLASS_SAMPLE]); /* about 9 % of the samples */
    assert_true(st.indep_lanes > st.per_class[TMU_GCN_CLASS_LOAD]); /* most load cases have lanes in range */
    rig_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_equivalence)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
