/* Translator rules written once, as data: names, the cube face table, shape facts, the value
 * conversions between operand forms, the micro-operations, and the refusal table (what a target
 * cannot express exactly, with the reason).  Facts: shared/reference/translation.md. */
#include <math.h>
#include <stdio.h>

#include "translate/xl.h"
#include "tmu/gcn.h"

static const char *const isa_names[TMU_XL_ISA_COUNT] = {"ptx", "gcn", "ir3"};

const char *tmu_xl_isa_name(tmu_xl_isa isa)
{
    return (unsigned)isa < TMU_XL_ISA_COUNT ? isa_names[isa] : NULL;
}

tmu_status tmu_xl_isa_from_name(const char *name, tmu_xl_isa *out)
{
    for (unsigned i = 0; name && out && i < TMU_XL_ISA_COUNT; i++)
        if (strcmp(name, isa_names[i]) == 0) {
            *out = (tmu_xl_isa)i;
            return TMU_OK;
        }
    return TMU_ERR_NOT_FOUND;
}

static const char *const slot_names[TMU_XL_SLOT_COUNT] = {
    "coord0", "coord1", "coord2", "layer", "sample", "lod", "min_lod", "ddx0", "ddx1",
    "ddx2",   "ddy0",   "ddy1",   "ddy2",  "offset0", "offset1", "offset2", "ref"};

const char *tmu_xl_slot_name(tmu_xl_slot slot)
{
    return (unsigned)slot < TMU_XL_SLOT_COUNT ? slot_names[slot] : "?";
}

static const char *const uop_names[TMU_XL_UOP_COUNT] = {
    "mov",         "cvt.f32.u32",  "cvt.f32.s32",   "cvt.u32.f32.rne.sat", "cvt.u32.f32.trunc.sat",
    "cvt.f32.u32+0.5", "sext",     "pack.off6",     "unpack.off6",         "add.s32",
    "cube.sc+1.5", "cube.tc+1.5",  "cube.face",     "cube.face.array",     "cube.dir",
    "cube.layer",  "cvt.f16.f32",  "lo16",          "hi16",                "pack16",
    "eq0",         "ne0",          "add.u32",       "zero.if",             "fixed4.8",
    "cvt.s32.f32.rne", "gt1.or.0", "max1", "dec.sat"};

const char *tmu_xl_uop_name(tmu_xl_uop op)
{
    return (unsigned)op < TMU_XL_UOP_COUNT ? uop_names[op] : "?";
}

/* +X, -X, +Y, -Y, +Z, -Z: the same table as the texture unit's (sampling.md §4.1). */
const xl_face xl_faces[6] = {
    {0, 2, -1, 1, -1}, {0, 2, +1, 1, -1}, {1, 0, +1, 2, +1},
    {1, 0, +1, 2, -1}, {2, 0, +1, 1, -1}, {2, 0, -1, 1, -1},
};

const xl_dim_info xl_dims[TMU_DIM_COUNT] = {
    [TMU_DIM_1D] = {"1d", TMU_PTX_GEOM_1D, TMU_GCN_IMG_1D, 1, 0, 0, 0, 1},
    [TMU_DIM_2D] = {"2d", TMU_PTX_GEOM_2D, TMU_GCN_IMG_2D, 2, 0, 0, 0, 2},
    [TMU_DIM_3D] = {"3d", TMU_PTX_GEOM_3D, TMU_GCN_IMG_3D, 3, 0, 0, 0, 3},
    [TMU_DIM_CUBE] = {"cube", TMU_PTX_GEOM_CUBE, TMU_GCN_IMG_CUBE, 3, 0, 1, 0, 0},
    [TMU_DIM_1D_ARRAY] = {"a1d", TMU_PTX_GEOM_A1D, TMU_GCN_IMG_1D_ARRAY, 1, 1, 0, 0, 1},
    [TMU_DIM_2D_ARRAY] = {"a2d", TMU_PTX_GEOM_A2D, TMU_GCN_IMG_2D_ARRAY, 2, 1, 0, 0, 2},
    [TMU_DIM_CUBE_ARRAY] = {"acube", TMU_PTX_GEOM_ACUBE, TMU_GCN_IMG_CUBE, 3, 1, 1, 0, 0},
    [TMU_DIM_2D_MS] = {"2dms", TMU_PTX_GEOM_2DMS, TMU_GCN_IMG_2D_MSAA, 2, 0, 0, 1, 2},
    [TMU_DIM_2D_MS_ARRAY] = {"a2dms", TMU_PTX_GEOM_A2DMS, TMU_GCN_IMG_2D_MSAA_ARRAY, 2, 1, 0, 1, 2},
};

/* form -> canonical, canonical -> form.  Canonical values: f32 floats, i32 integers, u32
 * layers, the effective texel offset.  FACE and PACK6 take several slots at once (lower.c). */
const xl_conv xl_convs[TMU_XL_F_COUNT] = {
    [TMU_XL_F_NONE] = {-1, 0, -1, 0},
    [TMU_XL_F_F32] = {TMU_XL_MOV, 0, TMU_XL_MOV, 0},
    [TMU_XL_F_I32] = {TMU_XL_MOV, 0, TMU_XL_MOV, 0},
    [TMU_XL_F_INT_AS_F32] = {TMU_XL_CVT_F32_S32, 0, -1, 0},
    [TMU_XL_F_LAYER_RNE] = {TMU_XL_CVT_U32_F32_RNE, 0, TMU_XL_CVT_F32_U32, 0},
    [TMU_XL_F_LAYER_TRUNC] = {TMU_XL_CVT_U32_F32_TRUNC, 0, TMU_XL_CVT_F32_U32, 0},
    [TMU_XL_F_LAYER_HALF] = {TMU_XL_CVT_U32_F32_TRUNC, 0, TMU_XL_CVT_F32_U32_HALF, 0},
    [TMU_XL_F_WRAP4] = {TMU_XL_SEXT, 4, TMU_XL_MOV, 0},
    [TMU_XL_F_WRAP6] = {TMU_XL_SEXT, 6, TMU_XL_MOV, 0},
    [TMU_XL_F_PACK6] = {TMU_XL_UNPACK_OFF6, 0, TMU_XL_PACK_OFF6, 0},
    [TMU_XL_F_FACE] = {TMU_XL_CUBE_DIR, 0, -1, 0},
};

/* ---- micro-operations ------------------------------------------------------------------------ */

static float f_of(uint32_t u)
{
    float f;
    memcpy(&f, &u, 4);
    return f;
}

static uint32_t f_to_u32_sat(float f, int rne)
{
    if (!(f > 0.0f))
        return 0; /* negative, zero and NaN */
    float r = rne ? rintf(f) : truncf(f);
    if (r >= 4294967296.0f)
        return 0xFFFFFFFFu;
    return (uint32_t)r;
}

static uint16_t f32_to_f16(float f)
{
    uint32_t x = xl_fbits(f);
    uint32_t sign = (x >> 16) & 0x8000u, e = (x >> 23) & 0xff, m = x & 0x7fffff;
    if (e == 0xff)
        return (uint16_t)(sign | 0x7c00u | (m ? 0x200u | (m >> 13) : 0));
    int32_t exp = (int32_t)e - 127 + 15;
    if (exp >= 31)
        return (uint16_t)(sign | 0x7c00u);
    if (exp <= 0) {
        if (exp < -10)
            return (uint16_t)sign;
        m |= 0x800000u;
        unsigned shift = (unsigned)(14 - exp);
        uint32_t h = m >> shift, rem = m & ((1u << shift) - 1), halfway = 1u << (shift - 1);
        if (rem > halfway || (rem == halfway && (h & 1)))
            h++;
        return (uint16_t)(sign | h);
    }
    uint32_t h = ((uint32_t)exp << 10) | (m >> 13), rem = m & 0x1fff;
    if (rem > 0x1000 || (rem == 0x1000 && (h & 1)))
        h++;
    return (uint16_t)(sign | h);
}

/* Face of a direction, by the texture unit's rule (z wins ties over y and x, y over x). */
static int cube_face(const float d[3], float *sc, float *tc, float *ma)
{
    float ax = fabsf(d[0]), ay = fabsf(d[1]), az = fabsf(d[2]);
    int axis = (az >= ax && az >= ay) ? 2 : (ay >= ax) ? 1 : 0;
    int f = 2 * axis + (d[axis] < 0.0f ? 1 : 0);
    *ma = fabsf(d[axis]);
    *sc = (float)xl_faces[f].s_sign * d[xl_faces[f].s_axis];
    *tc = (float)xl_faces[f].t_sign * d[xl_faces[f].t_axis];
    return f;
}

uint32_t tmu_xl_uop_eval(tmu_xl_uop op, uint32_t a, uint32_t b, uint32_t c, uint32_t k)
{
    switch (op) {
    case TMU_XL_MOV: return a;
    case TMU_XL_CVT_F32_U32: return xl_fbits((float)a);
    case TMU_XL_CVT_F32_S32: return xl_fbits((float)(int32_t)a);
    case TMU_XL_CVT_U32_F32_RNE: return f_to_u32_sat(f_of(a), 1);
    case TMU_XL_CVT_U32_F32_TRUNC: return f_to_u32_sat(f_of(a), 0);
    case TMU_XL_CVT_F32_U32_HALF: return xl_fbits((float)a + 0.5f);
    case TMU_XL_SEXT: {
        unsigned s = k >= 1 && k <= 32 ? 32 - k : 0;
        return (uint32_t)((int32_t)(a << s) >> s);
    }
    case TMU_XL_PACK_OFF6: return (a & 63u) | (b & 63u) << 8 | (c & 63u) << 16;
    case TMU_XL_UNPACK_OFF6: return (uint32_t)((int32_t)((a >> (8 * (k & 3))) << 26) >> 26);
    case TMU_XL_ADD_I32: return a + b;
    case TMU_XL_CUBE_SC:
    case TMU_XL_CUBE_TC:
    case TMU_XL_CUBE_FACE: {
        float d[3] = {f_of(a), f_of(b), f_of(c)}, sc, tc, ma;
        if (isnan(d[0]) || isnan(d[1]) || isnan(d[2]))
            return xl_fbits(op == TMU_XL_CUBE_FACE ? 0.0f : 1.5f);
        int f = cube_face(d, &sc, &tc, &ma);
        if (op == TMU_XL_CUBE_FACE)
            return xl_fbits((float)f);
        if (ma == 0.0f)
            return xl_fbits(1.5f);
        /* v_cubema gives 2·ma: s' = sc / (2|ma|) + 1.5, in [1, 2] */
        return xl_fbits((op == TMU_XL_CUBE_SC ? sc : tc) / ma * 0.5f + 1.5f);
    }
    case TMU_XL_CUBE_FACE_ARR: /* layers past 2^20 read as the last cube anyway (GCN has at most
                                  8192 slices); the clamp keeps 8 * layer + face exact in f32 */
        return xl_fbits(f_of(a) + 8.0f * (float)(b > (1u << 20) ? (1u << 20) : b));
    case TMU_XL_CUBE_DIR: {
        /* face form (s' = a, t' = b, face' = c) -> direction component k */
        float fv = f_of(c);
        int64_t v = isnan(fv) ? 0 : fv < 0.0f ? 0 : fv > 1e9f ? 1000000000 : (int64_t)rintf(fv);
        int f = (int)(v & 7);
        if (f > 5)
            f = 5;
        const xl_face *t = &xl_faces[f];
        if ((int)k == t->major)
            return xl_fbits((f & 1) ? -1.0f : 1.0f);
        if ((int)k == t->s_axis)
            return xl_fbits((float)t->s_sign * 2.0f * (f_of(a) - 1.5f));
        return xl_fbits((float)t->t_sign * 2.0f * (f_of(b) - 1.5f));
    }
    case TMU_XL_CUBE_LAYER: {
        float fv = f_of(a);
        int64_t v = isnan(fv) || fv < 0.0f ? 0 : fv > 1e9f ? 1000000000 : (int64_t)rintf(fv);
        return (uint32_t)(v >> 3);
    }
    case TMU_XL_CVT_F16_F32: return f32_to_f16(f_of(a));
    case TMU_XL_LO16: return a & 0xffffu;
    case TMU_XL_HI16: return a >> 16;
    case TMU_XL_PACK16: return (a & 0xffffu) | (b << 16);
    case TMU_XL_EQ0: return a == 0;
    case TMU_XL_NE0: return a != 0;
    case TMU_XL_ADD_U32_IMM: return a + k;
    case TMU_XL_ZERO_IF_1: return b ? 0 : a;
    case TMU_XL_FIXED48: {
        float s = f_of(a) * 256.0f;
        if (!(s == s))
            return 0;
        if (s >= 2147483520.0f)
            return 0x7fffffffu;
        if (s <= -2147483648.0f)
            return 0x80000000u;
        return (uint32_t)(int32_t)lrintf(s);
    }
    case TMU_XL_CVT_U32_F32_RNE_S: {
        float f = f_of(a);
        if (!(f == f))
            return 0;
        if (f >= 2147483520.0f)
            return 0x7fffffffu;
        if (f <= -2147483648.0f)
            return 0x80000000u;
        return (uint32_t)(int32_t)lrintf(f);
    }
    case TMU_XL_GT1_OR_0: return a > 1 ? a : 0;
    case TMU_XL_MAX1: return a ? a : 1;
    case TMU_XL_DEC_SAT: return a ? a - 1 : 0;
    default: return 0;
    }
}

/* ---- refusals ------------------------------------------------------------------------------- */

/* Predicates over (source, target). */
typedef int (*xl_pred)(const tmu_xl_source *s, tmu_xl_arch to);

static int ir3_gen(uint32_t gpu) { return (int)(gpu / 100); }
static int is_gfx6_8(tmu_xl_arch to) { return to.isa == TMU_XL_GCN && to.gen < TMU_GCN_GFX9; }
static int is_int_result(const tmu_xl_source *s)
{
    return s->op.result == TMU_RESULT_S32 || s->op.result == TMU_RESULT_U32;
}

static int p_query_other_unused(const tmu_xl_source *s, tmu_xl_arch to)
{
    (void)to;
    return s->op.kind == TMU_OP_QUERY_SIZE || s->op.kind == TMU_OP_QUERY_LEVELS ||
           s->op.kind == TMU_OP_QUERY_SAMPLES;
}
static int p_lod_query(const tmu_xl_source *s, tmu_xl_arch to)
{
    (void)to;
    return s->op.kind == TMU_OP_QUERY_LOD;
}
static int p_lod_query_to_ir3(const tmu_xl_source *s, tmu_xl_arch to)
{
    (void)to;
    return s->op.kind == TMU_OP_QUERY_LOD && s->arch.isa != TMU_XL_IR3;
}
static int p_implicit(const tmu_xl_source *s, tmu_xl_arch to)
{
    (void)to;
    return s->op.kind == TMU_OP_SAMPLE &&
           (s->op.level_mode == TMU_LEVEL_IMPLICIT || s->op.level_mode == TMU_LEVEL_BIAS);
}
static int p_min_lod(const tmu_xl_source *s, tmu_xl_arch to)
{
    (void)to;
    return s->op.has_min_lod;
}
static int p_fetch_not_ms(const tmu_xl_source *s, tmu_xl_arch to)
{
    (void)to;
    return s->op.kind == TMU_OP_FETCH && !xl_dims[s->dim].ms;
}
static int p_fetch_compare(const tmu_xl_source *s, tmu_xl_arch to)
{
    (void)to;
    return s->op.kind == TMU_OP_FETCH && s->op.compare;
}
static int p_gather_level(const tmu_xl_source *s, tmu_xl_arch to)
{
    (void)to;
    return s->op.kind == TMU_OP_GATHER && s->op.level_mode != TMU_LEVEL_BASE;
}
static int p_compare_3d(const tmu_xl_source *s, tmu_xl_arch to)
{
    (void)to;
    return s->op.compare && s->dim == TMU_DIM_3D;
}
static int p_wide_offsets_tex(const tmu_xl_source *s, tmu_xl_arch to)
{
    (void)to;
    return s->op.has_offset && s->op.kind != TMU_OP_GATHER &&
           (s->form[TMU_XL_OFF0] == TMU_XL_F_PACK6 || s->form[TMU_XL_OFF0] == TMU_XL_F_WRAP6);
}
static int p_gather_f16(const tmu_xl_source *s, tmu_xl_arch to)
{
    (void)to;
    return s->op.kind == TMU_OP_GATHER &&
           (s->op.result == TMU_RESULT_F16 || s->op.result == TMU_RESULT_F16X2);
}
static int p_shadow_gather_comp(const tmu_xl_source *s, tmu_xl_arch to)
{
    (void)to;
    return s->op.kind == TMU_OP_GATHER && s->op.compare && s->op.component != 0;
}
static int p_ms(const tmu_xl_source *s, tmu_xl_arch to)
{
    (void)to;
    return xl_dims[s->dim].ms;
}
static int is_lookup(const tmu_xl_source *s)
{
    return s->op.kind == TMU_OP_SAMPLE || s->op.kind == TMU_OP_GATHER || s->op.kind == TMU_OP_FETCH ||
           s->op.kind == TMU_OP_QUERY_LOD;
}
static int p_cube_array_gfx68(const tmu_xl_source *s, tmu_xl_arch to)
{
    return s->dim == TMU_DIM_CUBE_ARRAY && is_lookup(s) &&
           (is_gfx6_8(to) || (s->arch.isa == TMU_XL_GCN && s->arch.gen < TMU_GCN_GFX9));
}
static int p_int_gather_gfx68(const tmu_xl_source *s, tmu_xl_arch to)
{
    return s->op.kind == TMU_OP_GATHER && is_int_result(s) &&
           (is_gfx6_8(to) || (s->arch.isa == TMU_XL_GCN && s->arch.gen < TMU_GCN_GFX9));
}
static int p_cube_grad(const tmu_xl_source *s, tmu_xl_arch to)
{
    return xl_dims[s->dim].cube && s->op.level_mode == TMU_LEVEL_GRAD &&
           s->op.kind == TMU_OP_SAMPLE && (to.isa == TMU_XL_GCN || s->arch.isa == TMU_XL_GCN);
}
static int p_cube_implicit(const tmu_xl_source *s, tmu_xl_arch to)
{
    return xl_dims[s->dim].cube && (s->op.kind == TMU_OP_SAMPLE || s->op.kind == TMU_OP_QUERY_LOD) &&
           (s->op.level_mode == TMU_LEVEL_IMPLICIT || s->op.level_mode == TMU_LEVEL_BIAS) &&
           (to.isa == TMU_XL_GCN || s->arch.isa == TMU_XL_GCN);
}
static int p_gcn_lod_clamp(const tmu_xl_source *s, tmu_xl_arch to)
{
    (void)to;
    return s->op.has_min_lod && (s->op.level_mode == TMU_LEVEL_LOD || s->op.level_mode == TMU_LEVEL_BASE);
}
/* a3xx isaml, as the target or as the source (an a3xx source with an immediate level 0 reads
 * its coordinates unshifted, and translates) */
static int p_a3xx_fetch(const tmu_xl_source *s, tmu_xl_arch to)
{
    if (s->op.kind != TMU_OP_FETCH || xl_dims[s->dim].ms)
        return 0;
    if (to.isa == TMU_XL_IR3 && ir3_gen(to.gen) == 3)
        return 1;
    const tmu_xl_loc *l = &s->in[TMU_XL_LOD];
    return s->arch.isa == TMU_XL_IR3 && ir3_gen(s->arch.gen) == 3 &&
           !(l->kind == TMU_XL_L_NONE || (l->kind == TMU_XL_L_IMM && l->imm == 0));
}
static int p_a3xx_ms(const tmu_xl_source *s, tmu_xl_arch to)
{
    (void)to;
    return xl_dims[s->dim].ms && s->op.kind == TMU_OP_FETCH;
}
static int p_cube_offset(const tmu_xl_source *s, tmu_xl_arch to)
{
    (void)to;
    return s->op.has_offset && xl_dims[s->dim].cube;
}
static int p_f16_int(const tmu_xl_source *s, tmu_xl_arch to)
{
    (void)to;
    return s == NULL;
}

/* One rule: which targets (bit per ISA), the ir3 generations it applies to (0 = all), the
 * predicate and the reason. */
typedef struct xl_rule {
    uint8_t isas;
    uint16_t ir3_min, ir3_max;
    xl_pred pred;
    const char *reason;
} xl_rule;

#define TO_PTX (1u << TMU_XL_PTX)
#define TO_GCN (1u << TMU_XL_GCN)
#define TO_IR3 (1u << TMU_XL_IR3)
#define TO_ANY (TO_PTX | TO_GCN | TO_IR3)

static const xl_rule rules[] = {
    {TO_PTX, 0, 0, p_lod_query, "PTX has no LOD query"},
    {TO_IR3, 0, 0, p_lod_query_to_ir3,
     "ir3 getlod returns 4.8 fixed point: the f32 LOD of the source cannot be recovered exactly"},
    {TO_PTX, 0, 0, p_implicit,
     "PTX tex has no implicit (quad-derivative) LOD and no LOD bias (.base/.level/.grad only)"},
    {TO_PTX, 0, 0, p_min_lod, "PTX tex has no minimum-LOD clamp"},
    {TO_PTX, 0, 0, p_fetch_not_ms,
     "PTX has no texel fetch outside .2dms/.a2dms (.s32 coordinates are sampled at float(x))"},
    {TO_PTX, 0, 0, p_fetch_compare,
     "PTX .2dms/.a2dms take no depth-compare operand (ptxas: \"Arguments mismatch for instruction "
     "'tex'\")"},
    {TO_PTX | TO_IR3, 0, 0, p_gather_level,
     "GCN gather4 with a level selection reads the selected level; PTX tld4 and ir3 gather4 read level 0"},
    {TO_PTX, 0, 0, p_compare_3d, "PTX tex has no depth compare on .3d"},
    {TO_PTX, 0, 0, p_wide_offsets_tex,
     "the source's texel offsets are 6-bit (-32..31); PTX tex packs 4 bits (-8..7), and no exact "
     "sequence exists for filtered lookups"},
    {TO_PTX, 0, 0, p_gather_f16, "tld4 has no .f16/.f16x2 results"},
    {TO_GCN, 0, 0, p_shadow_gather_comp,
     "GCN shadow gather4 takes DMASK 0x1 (ACO) and compares the first component; a depth-compare "
     "gather of component g, b or a has no GCN form"},
    {TO_GCN, 0, 0, p_ms,
     "multisample image_load needs the FMASK sample translation (RADV before gfx11); the GCN "
     "executor does not model MSAA memory"},
    {TO_ANY, 0, 0, p_cube_array_gfx68,
     "gfx6-8 clamp 8*layer+face as one number (the wrong face past the last cube); an exact "
     "sequence needs the cube count first (image_get_resinfo), not implemented"},
    {TO_ANY, 0, 0, p_int_gather_gfx68,
     "integer-format gather4 on gfx6-8 reads half a texel off; ACO's workaround (subtract half a "
     "texel) is not bit-exact for non-power-of-two sizes, not implemented"},
    {TO_ANY, 0, 0, p_cube_grad,
     "cube gradients must be projected onto the face (quotient rule of the face divide); not "
     "implemented, and not bit-exact in float"},
    {TO_ANY, 0, 0, p_cube_implicit,
     "implicit cube LOD: GCN differentiates the face coordinates across the quad, the others the "
     "direction (then project); the LODs differ in float rounding and across face edges"},
    {TO_GCN, 0, 0, p_gcn_lod_clamp,
     "GCN MIMG has no explicit-LOD opcode with a LOD clamp (_l_cl / _lz_cl do not exist)"},
    {TO_ANY, 0, 0, p_a3xx_fetch,
     "a3xx isaml reads level-0 coordinates shifted right by the LOD (Mesa shifts them left "
     "first); an exact sequence needs a shift by the run-time LOD, not implemented"},
    {TO_IR3, 300, 399, p_a3xx_ms, "a3xx has no isamm (Mesa packs the sample into x through isaml)"},
    {TO_PTX | TO_IR3, 0, 0, p_cube_offset,
     "texel offsets on a cube map (GCN *_o: they move the face coordinates): PTX .cube/.acube "
     "take no offset, ir3 .o on cube maps is undocumented (Mesa never emits it)"},
    {TO_ANY, 0, 0, p_f16_int, ""},
};

const char *xl_refusal(const tmu_xl_source *s, tmu_xl_arch to)
{
    for (size_t i = 0; i < sizeof rules / sizeof rules[0]; i++) {
        const xl_rule *r = &rules[i];
        if (!(r->isas & (1u << to.isa)))
            continue;
        if (r->ir3_min && (to.isa != TMU_XL_IR3 || to.gen < r->ir3_min || to.gen > r->ir3_max))
            continue;
        if (r->pred(s, to))
            return r->reason;
    }
    (void)p_query_other_unused;
    return NULL;
}

const char *tmu_xl_refusal(const tmu_xl_source *src, tmu_xl_arch to)
{
    return src ? xl_refusal(src, to) : "no source";
}
