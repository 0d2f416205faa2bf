/* The texture unit's entry point: validation, per-lane general path, result conversion.
 * The general path handles one lane at a time through the stages of sample.c; fast paths
 * (fast/) take whole waves of the common cases and are proven bit-identical by tests. */
#include <math.h>
#include <string.h>

#include "unit/fast/fast.h"
#include "unit/internal.h"

/* ---------------------------------------------------------------------------------------- */
/* Result conversion (§13)                                                                  */
/* ---------------------------------------------------------------------------------------- */

uint16_t tmu_unit_f32_to_f16(float f)
{
    uint32_t x;
    memcpy(&x, &f, 4);
    uint32_t sign = (x >> 16) & 0x8000u;
    uint32_t e = (x >> 23) & 0xFFu, m = x & 0x7FFFFFu;
    if (e == 0xFF) /* Inf stays Inf; NaN keeps its top payload bits and stays quiet NaN */
        return (uint16_t)(sign | 0x7C00u | (m ? 0x200u | (m >> 13) : 0));
    int32_t exp = (int32_t)e - 127 + 15;
    if (exp >= 31)
        return (uint16_t)(sign | 0x7C00u); /* overflow -> Inf (RNE) */
    if (exp <= 0) {
        if (exp < -10)
            return (uint16_t)sign; /* below half the smallest denormal: +-0 */
        m |= 0x800000u;             /* implicit bit */
        uint32_t shift = (uint32_t)(14 - exp);
        uint32_t r = m >> shift, rem = m & ((1u << shift) - 1), half = 1u << (shift - 1);
        if (rem > half || (rem == half && (r & 1)))
            r++;
        return (uint16_t)(sign | r);
    }
    uint32_t r = ((uint32_t)exp << 10) | (m >> 13), rem = m & 0x1FFFu;
    if (rem > 0x1000u || (rem == 0x1000u && (r & 1)))
        r++; /* may carry into the exponent, up to Inf: still RNE */
    return (uint16_t)(sign | r);
}

void tmu_unit_store(tmu_result_type type, const tmu_texel *v, int resident, tmu_wave_out *out, uint32_t lane,
                    int want_residency)
{
    tmu_texel z;
    if (!resident) {
        memset(&z, 0, sizeof z);
        v = &z;
    }
    switch (type) {
    case TMU_RESULT_F16:
        for (int c = 0; c < 4; c++)
            out->data[c][lane] = tmu_unit_f32_to_f16(v->f[c]);
        break;
    case TMU_RESULT_F16X2:
        out->data[0][lane] = (uint32_t)tmu_unit_f32_to_f16(v->f[0]) | (uint32_t)tmu_unit_f32_to_f16(v->f[1]) << 16;
        out->data[1][lane] = (uint32_t)tmu_unit_f32_to_f16(v->f[2]) | (uint32_t)tmu_unit_f32_to_f16(v->f[3]) << 16;
        break;
    default:
        for (int c = 0; c < 4; c++)
            out->data[c][lane] = v->u[c];
        break;
    }
    if (want_residency)
        out->resident[lane] = resident ? 1 : 0;
}

/* ---------------------------------------------------------------------------------------- */
/* Per-lane preparation                                                                     */
/* ---------------------------------------------------------------------------------------- */

/* Array layer of a lane: u32 clamped, or float RNE then clamped (§2.3). */
static uint32_t lane_layer(const tmu_op *op, const tmu_wave_in *in, uint32_t lane, uint32_t count)
{
    if (op->layer_mode == TMU_LAYER_F32) {
        float a = in->layer_f[lane];
        if (!(a > 0.0f)) /* negative, zero and NaN */
            return 0;
        if (a >= (float)count)
            return count - 1;
        float r = rintf(a); /* default rounding mode: to nearest even */
        return r >= (float)count ? count - 1 : (uint32_t)r;
    }
    uint32_t l = in->layer[lane];
    return l < count ? l : count - 1;
}

/* Coordinates, layer, offsets and compare reference of one lane at coordinates co (the lane's
 * own, or an anisotropic probe's), cube face selected. */
static void lane_coord(const tmu_texture *tex, const tmu_op *op, const tmu_wave_in *in, uint32_t lane,
                       const float co[3], tmu_lane_coord *c, float *cube_ma)
{
    int axes = tmu_unit_dim_axes(tex->dim);
    memset(c, 0, sizeof *c);
    c->face = -1;
    c->s = co[0];
    c->t = axes >= 2 ? co[1] : 0.0f;
    c->r = axes >= 3 ? co[2] : 0.0f;
    uint32_t layer = 0;
    if (tex->dim == TMU_DIM_CUBE_ARRAY)
        layer = 6 * lane_layer(op, in, lane, tex->layers / 6);
    else if (tmu_unit_dim_is_array(tex->dim))
        layer = lane_layer(op, in, lane, tex->layers);
    if (tmu_unit_dim_is_cube(tex->dim)) {
        tmu_unit_cube_face(co, &c->face, &c->s, &c->t, cube_ma);
        c->r = 0.0f;
        layer += (uint32_t)c->face;
    }
    c->layer = layer;
    if (op->has_offset)
        for (int a = 0; a < axes; a++)
            c->off[a] = in->offset[a][lane];
    if (op->compare) {
        const tmu_format_info *fi = tmu_format_get(tex->format);
        float ref = in->ref[lane];
        if (fi->is_depth && fi->numeric == TMU_NUMERIC_UNORM && !isnan(ref))
            ref = fminf(fmaxf(ref, 0.0f), 1.0f); /* §8: UNORM depth clamps the reference */
        c->compare = 1;
        c->ref = ref;
    }
}

/* The lane's coordinates (unused axes 0). */
static void lane_coords(const tmu_texture *tex, const tmu_sampler *smp, const tmu_wave_in *in, uint32_t lane,
                        float co[3])
{
    int n = tmu_unit_dim_is_cube(tex->dim) ? 3 : tmu_unit_dim_axes(tex->dim);
    for (int a = 0; a < 3; a++) {
        co[a] = a < n ? in->coord[a][lane] : 0.0f;
        /* NVIDIA model: the texture unit reads denormal coordinates as zero (measured: -2^-149
         * selects texel 0, not the last texel, with REPEAT) */
        if (smp->precision == TMU_PRECISION_NVIDIA && fpclassify(co[a]) == FP_SUBNORMAL)
            co[a] = 0.0f;
    }
}

/* Derivatives of lane `lane`'s coordinates: from the op's gradients or from its quad. */
static void lane_derivs(const tmu_op *op, const tmu_wave_in *in, uint32_t lane, int n, float dx[3], float dy[3])
{
    for (int a = 0; a < 3; a++)
        dx[a] = dy[a] = 0.0f;
    if (op->level_mode == TMU_LEVEL_GRAD) {
        for (int a = 0; a < n; a++)
            dx[a] = in->grad_x[a][lane], dy[a] = in->grad_y[a][lane];
        return;
    }
    uint32_t q = lane & ~3u; /* coarse: one derivative per quad (x = lane 1 - 0, y = lane 2 - 0) */
    for (int a = 0; a < n; a++) {
        dx[a] = in->coord[a][q + 1] - in->coord[a][q];
        dy[a] = in->coord[a][q + 2] - in->coord[a][q];
    }
}

/* Anisotropic footprint of a lane (texture.h max_anisotropy): N probes spaced along `major`,
 * the derivative of the coordinates along the screen axis with the larger scale factor. */
typedef struct lane_aniso {
    int probes;      /* N = ceil(eta), 1 = isotropic */
    float major[3];  /* d(coordinates)/dx or /dy (cube: of the direction) */
} lane_aniso;

/* lambda_base of a lane (before bias and clamps), §5.1, and its anisotropy (an = NULL: none). */
static float lane_lambda_base(const tmu_texture *tex, const tmu_sampler *smp, const tmu_op *op,
                              const tmu_wave_in *in, uint32_t lane, lane_aniso *an)
{
    if (an)
        an->probes = 1;
    switch (op->level_mode) {
    case TMU_LEVEL_BASE:
        return 0.0f;
    case TMU_LEVEL_LOD:
        return in->lod[lane];
    default:
        break;
    }
    int cube = tmu_unit_dim_is_cube(tex->dim);
    int n = cube ? 3 : tmu_unit_dim_axes(tex->dim);
    float dx[3], dy[3], rawx[3], rawy[3];
    lane_derivs(op, in, lane, n, dx, dy);
    for (int a = 0; a < 3; a++)
        rawx[a] = dx[a], rawy[a] = dy[a];
    /* The NVIDIA model has one LOD rule (docs/texture-unit.md §6.3): its isotropic lambda, also
     * under anisotropy, where the Vulkan scale factors below only add the probe count N and
     * subtract log2(eta) (the H200's anisotropic LOD is not measured). */
    int nv = smp->precision == TMU_PRECISION_NVIDIA;
    float nv_lambda = 0.0f;
    if (nv) {
        if (cube) {
            const float dir[3] = {in->coord[0][lane], in->coord[1][lane], in->coord[2][lane]};
            nv_lambda = tmu_unit_nv_cube_lod(dir, rawx, rawy, tex->width);
        } else {
            /* the GPU scales normalised derivatives to texels its own way (nvidia.c nv_texel) */
            const uint32_t size[3] = {tex->width, tex->height, tex->depth};
            nv_lambda = tmu_unit_nv_lod_from_grad(rawx, rawy, smp->normalized ? size : NULL);
        }
        if (!an || !(smp->max_anisotropy > 1.0f))
            return nv_lambda;
    }
    if (cube) {
        float dir[3] = {in->coord[0][lane], in->coord[1][lane], in->coord[2][lane]};
        float s, t, ma;
        int face;
        tmu_unit_cube_face(dir, &face, &s, &t, &ma);
        float ds, dt;
        tmu_unit_cube_deriv(dir, face, dx, &ds, &dt);
        dx[0] = ds, dx[1] = dt, dx[2] = 0.0f;
        tmu_unit_cube_deriv(dir, face, dy, &ds, &dt);
        dy[0] = ds, dy[1] = dt, dy[2] = 0.0f;
        n = 2;
    }
    if (smp->normalized) {
        const uint32_t size[3] = {tex->width, tex->height, tex->depth};
        for (int a = 0; a < n; a++)
            dx[a] *= (float)size[a], dy[a] *= (float)size[a];
    }
    if (!an || !(smp->max_anisotropy > 1.0f))
        return tmu_unit_lod_from_grad(dx, dy);
    /* Vulkan "Scale Factors and LOD": eta = min(rho_max / rho_min, maxAniso), 1 when both are 0,
     * maxAniso when only rho_min is; N = ceil(eta); lambda_base = log2(rho_max / eta) */
    float rx = sqrtf(dx[0] * dx[0] + dx[1] * dx[1] + dx[2] * dx[2]);
    float ry = sqrtf(dy[0] * dy[0] + dy[1] * dy[1] + dy[2] * dy[2]);
    if (isnan(rx) || isnan(ry))
        return nv ? nv_lambda : 0.0f;
    float rmax = fmaxf(rx, ry), rmin = fminf(rx, ry), amax = smp->max_anisotropy;
    float eta = rmax == 0.0f ? 1.0f : rmin == 0.0f ? amax : fminf(rmax / rmin, amax);
    if (!(eta > 1.0f)) /* also rho_max = Inf: Inf / Inf */
        return nv ? nv_lambda : tmu_unit_lod_from_grad(dx, dy);
    an->probes = (int)ceilf(eta);
    for (int a = 0; a < 3; a++)
        an->major[a] = rx > ry ? rawx[a] : rawy[a];
    return nv ? nv_lambda - tmu_unit_log2f(eta) : tmu_unit_log2f(rmax / eta);
}

/* Final LOD of a lane and its pre-clamp value lambda' (for QUERY_LOD); an: anisotropy or NULL. */
static float lane_lambda(const tmu_texture *tex, const tmu_sampler *smp, const tmu_op *op, const tmu_wave_in *in,
                         uint32_t lane, float *unclamped, lane_aniso *an)
{
    float base = lane_lambda_base(tex, smp, op, in, lane, an);
    float bias = op->level_mode == TMU_LEVEL_BIAS ? in->lod[lane] : 0.0f;
    float min_lod = op->has_min_lod ? in->min_lod[lane] : -INFINITY;
    if (unclamped)
        *unclamped = (isnan(base) ? 0.0f : base) + (smp->lod_bias + bias);
    return tmu_unit_clamp_lod(smp, base, bias, min_lod);
}

/* ---------------------------------------------------------------------------------------- */
/* Op kinds                                                                                 */
/* ---------------------------------------------------------------------------------------- */

/* After filtering: channels the format does not store are the constants (0, 0, 0, 1) of the
 * component substitution (§12) exactly, and normalised formats (and depth-compare results)
 * are clamped to their range, because the fp32 weights of §6.1 need not sum to exactly 1
 * and a constant UNORM texture must not give 1.0000001.  Float channels stay as filtered,
 * except that a NaN becomes the canonical quiet NaN.  Integer formats are never filtered
 * (NEAREST only): their texels, substituted with the integers 0 and 1 by the decoder, are
 * returned unchanged, whatever their bits look like as floats. */
static void finish_filtered(const tmu_texture *tex, int compare, tmu_texel *v)
{
    if (tmu_unit_format_is_int(tex->format))
        return;
    const tmu_format_info *fi = tmu_format_get(tex->format);
    float lo = 0.0f;
    int clamp = compare || fi->numeric == TMU_NUMERIC_UNORM || fi->numeric == TMU_NUMERIC_SRGB ||
                fi->numeric == TMU_NUMERIC_SNORM;
    if (!compare && fi->numeric == TMU_NUMERIC_SNORM)
        lo = -1.0f;
    for (int k = 0; k < 4; k++) {
        if (!tmu_unit_has_channel(fi, k))
            v->f[k] = k == 3 ? 1.0f : 0.0f;
        else if (clamp)
            v->f[k] = v->f[k] < lo ? lo : v->f[k] > 1.0f ? 1.0f : v->f[k];
        else if (isnan(v->f[k]))
            v->u[k] = TMU_UNIT_CANONICAL_NAN; /* which NaN survives arithmetic is not portable */
    }
}

/* The optional LOD report (op.h tmu_wave_out): the final lambda and whether it magnified. */
static void report_lod(tmu_wave_out *out, uint32_t lane, float lambda)
{
    if (out->lod)
        out->lod[lane] = lambda;
    if (out->magnified)
        out->magnified[lane] = lambda <= 0.0f;
}

/* The mip-filtered value of one lane at coordinates co (before finish_filtered). */
static void sample_at(const tmu_texture *tex, const tmu_sampler *smp, const tmu_op *op, const tmu_wave_in *in,
                      uint32_t lane, const float co[3], const tmu_level_pick *pick, tmu_texel *out, int *compare,
                      int *resident)
{
    tmu_lane_coord c;
    float ma = 0.0f;
    lane_coord(tex, op, in, lane, co, &c, &ma);
    *compare = c.compare;
    tmu_texel lo;
    const float st[3] = {c.s, c.t, c.r};
    if (tmu_unit_nv_filtered(smp, pick->filter)) {
        tmu_unit_nv_sample(tex, smp, &c, pick, st, out, resident);
        return;
    }
    tmu_unit_sample_level(tex, smp, &c, pick->level[0], pick->filter, st, out, resident);
    if (pick->count == 2) {
        tmu_unit_sample_level(tex, smp, &c, pick->level[1], pick->filter, st, &lo, resident);
        for (int k = 0; k < 4; k++) /* both weights are non-zero here */
            out->f[k] = smp->reduction == TMU_REDUCTION_MIN   ? fminf(out->f[k], lo.f[k])
                        : smp->reduction == TMU_REDUCTION_MAX ? fmaxf(out->f[k], lo.f[k])
                                                              : (1.0f - pick->frac) * out->f[k] + pick->frac * lo.f[k];
    }
}

static void lane_sample(const tmu_texture *tex, const tmu_sampler *smp, const tmu_op *op, const tmu_wave_in *in,
                        tmu_wave_out *out, uint32_t lane)
{
    lane_aniso an;
    float lambda = lane_lambda(tex, smp, op, in, lane, NULL, &an);
    report_lod(out, lane, lambda);
    tmu_level_pick pick;
    tmu_unit_pick_levels(smp, tex->levels, lambda, tex->min_lod, &pick);
    int resident = 1, compare = 0;
    tmu_texel v, acc;
    float co[3];
    lane_coords(tex, smp, in, lane, co);
    if (an.probes == 1) {
        sample_at(tex, smp, op, in, lane, co, &pick, &acc, &compare, &resident);
    } else {
        /* Vulkan's reference anisotropic filter: N isotropic probes at x - 1/2 + i / (N + 1),
         * i = 1..N, along the major screen axis, i.e. at co + (i / (N + 1) - 1/2) * major in
         * coordinate space, averaged (1/N each) or reduced by min / max; each probe filters its
         * level(s) as an isotropic sample would (any filter, any mip filter). */
        int n = an.probes;
        for (int i = 1; i <= n; i++) {
            float d = (float)i / (float)(n + 1) - 0.5f, pc[3];
            for (int a = 0; a < 3; a++)
                pc[a] = co[a] + d * an.major[a];
            tmu_texel p;
            sample_at(tex, smp, op, in, lane, pc, &pick, &p, &compare, &resident);
            for (int k = 0; k < 4; k++)
                acc.f[k] = i == 1                                   ? p.f[k]
                           : smp->reduction == TMU_REDUCTION_MIN    ? fminf(acc.f[k], p.f[k])
                           : smp->reduction == TMU_REDUCTION_MAX    ? fmaxf(acc.f[k], p.f[k])
                                                                    : acc.f[k] + p.f[k];
        }
        if (smp->reduction == TMU_REDUCTION_WEIGHTED_AVERAGE)
            for (int k = 0; k < 4; k++)
                acc.f[k] = acc.f[k] / (float)n;
    }
    finish_filtered(tex, compare, &acc);
    tmu_unit_swizzle(tex, &acc, &v);
    tmu_unit_store(op->result, &v, resident, out, lane, op->want_residency);
}

/* Whether whole view level `level` lies below the view's minimum LOD (VK_EXT_image_view_min_lod:
 * levels below minLodInteger are not accessible; fetches and gathers of them return zeros). */
static int level_below_min_lod(const tmu_texture *tex, int64_t level)
{
    return tex->min_lod > 0.0f && (float)level < floorf(tex->min_lod);
}

static void lane_gather(const tmu_texture *tex, const tmu_sampler *smp, const tmu_op *op, const tmu_wave_in *in,
                        tmu_wave_out *out, uint32_t lane)
{
    tmu_lane_coord c;
    float ma = 0.0f, co[3];
    lane_coords(tex, smp, in, lane, co);
    lane_coord(tex, op, in, lane, co, &c, &ma);
    int resident = 1;
    tmu_texel v;
    memset(&v, 0, sizeof v);
    int32_t offs[4][2];
    if (op->has_gather_offsets)
        for (int q = 0; q < 4; q++)
            offs[q][0] = in->gather_offset[q][0][lane], offs[q][1] = in->gather_offset[q][1][lane];
    if (!level_below_min_lod(tex, 0))
        tmu_unit_gather(tex, smp, &c, op->component, op->has_gather_offsets ? offs : NULL, &v, &resident);
    tmu_unit_store(op->result, &v, resident, out, lane, op->want_residency);
}

static void lane_fetch(const tmu_texture *tex, const tmu_sampler *smp, const tmu_op *op, const tmu_wave_in *in,
                       tmu_wave_out *out, uint32_t lane)
{
    int axes = tmu_unit_dim_axes(tex->dim);
    int64_t p[3] = {0, 0, 0};
    for (int a = 0; a < axes; a++)
        p[a] = (int64_t)in->icoord[a][lane] + (op->has_offset ? in->offset[a][lane] : 0);
    int64_t level = in->ilod ? in->ilod[lane] : 0;
    uint32_t sample = in->sample ? in->sample[lane] : 0;
    uint32_t layer = 0;
    if (tmu_unit_dim_is_array(tex->dim) || tmu_unit_dim_is_cube(tex->dim))
        layer = in->layer ? in->layer[lane] : 0;
    tmu_texel v, sw;
    memset(&v, 0, sizeof v);
    int resident = 1;
    if (level >= 0 && level < tex->levels && sample < tex->samples && layer < tex->layers &&
        !level_below_min_lod(tex, level)) {
        uint32_t lv = (uint32_t)level;
        int64_t n[3] = {tmu_level_size(tex->width, lv), tmu_level_size(tex->height, lv),
                        tex->dim == TMU_DIM_3D ? tmu_level_size(tex->depth, lv) : 1};
        if (p[0] >= 0 && p[0] < n[0] && p[1] >= 0 && p[1] < n[1] && p[2] >= 0 && p[2] < n[2]) {
            tmu_texel_ref r = {lv, layer, sample, (int32_t)p[0], (int32_t)p[1], (int32_t)p[2], 0};
            tmu_unit_load(tex, smp, &r, &v, &resident);
            tmu_unit_swizzle(tex, &v, &sw);
            v = sw;
        }
    }
    tmu_unit_store(op->result, &v, resident, out, lane, op->want_residency);
}

static void lane_query(const tmu_texture *tex, const tmu_sampler *smp, const tmu_op *op, const tmu_wave_in *in,
                       tmu_wave_out *out, uint32_t lane)
{
    tmu_texel v;
    memset(&v, 0, sizeof v);
    switch (op->kind) {
    case TMU_OP_QUERY_SIZE: {
        int64_t l = in->ilod ? in->ilod[lane] : 0;
        if (l >= 0 && l < tex->levels) {
            v.u[0] = tmu_level_size(tex->width, (uint32_t)l);
            v.u[1] = tmu_level_size(tex->height, (uint32_t)l);
            v.u[2] = tex->dim == TMU_DIM_3D ? tmu_level_size(tex->depth, (uint32_t)l) : 1;
            v.u[3] = tex->dim == TMU_DIM_CUBE_ARRAY ? tex->layers / 6 : tex->dim == TMU_DIM_CUBE ? 1 : tex->layers;
        }
        break;
    }
    case TMU_OP_QUERY_LEVELS:
        v.u[0] = tex->levels;
        break;
    case TMU_OP_QUERY_SAMPLES:
        v.u[0] = tex->samples;
        break;
    default: { /* QUERY_LOD */
        float unclamped;
        lane_aniso an;
        float lambda = lane_lambda(tex, smp, op, in, lane, &unclamped, &an);
        report_lod(out, lane, lambda);
        v.f[0] = tmu_unit_level_param(smp, tex->levels, lambda, tex->min_lod); /* d_l - level_base */
        v.f[1] = unclamped;
        break;
    }
    }
    tmu_unit_store(op->result, &v, 1, out, lane, op->want_residency);
}

void tmu_unit_general_lane(const tmu_texture *tex, const tmu_sampler *smp, const tmu_op *op, uint32_t lanes,
                           const tmu_wave_in *in, tmu_wave_out *out, uint32_t lane)
{
    (void)lanes;
    switch (op->kind) {
    case TMU_OP_SAMPLE: lane_sample(tex, smp, op, in, out, lane); break;
    case TMU_OP_GATHER: lane_gather(tex, smp, op, in, out, lane); break;
    case TMU_OP_FETCH: lane_fetch(tex, smp, op, in, out, lane); break;
    default: lane_query(tex, smp, op, in, out, lane); break;
    }
}

/* ---------------------------------------------------------------------------------------- */
/* Validation                                                                               */
/* ---------------------------------------------------------------------------------------- */

#define FAIL(st, ...) return tmu_diag_set(diag, st, 0, 0, -1, __VA_ARGS__)

static tmu_status validate_sampler(const tmu_sampler *smp, tmu_diag *diag)
{
    for (int a = 0; a < 3; a++)
        if ((unsigned)smp->address[a] > TMU_ADDRESS_MIRROR_ONCE_BORDER)
            FAIL(TMU_ERR_INVALID_ARGUMENT, "sampler: address[%d] = %u is not a tmu_address", a,
                 (unsigned)smp->address[a]);
    if ((unsigned)smp->mag_filter > TMU_FILTER_CUBIC || (unsigned)smp->min_filter > TMU_FILTER_CUBIC)
        FAIL(TMU_ERR_INVALID_ARGUMENT, "sampler: mag/min filter is not a tmu_filter");
    if ((unsigned)smp->mip_filter > TMU_MIP_LINEAR)
        FAIL(TMU_ERR_INVALID_ARGUMENT, "sampler: mip_filter %u is not a tmu_mip_filter", (unsigned)smp->mip_filter);
    if ((unsigned)smp->compare_op > TMU_COMPARE_ALWAYS)
        FAIL(TMU_ERR_INVALID_ARGUMENT, "sampler: compare_op %u is not a tmu_compare", (unsigned)smp->compare_op);
    if ((unsigned)smp->precision > TMU_PRECISION_NVIDIA_TRUNC)
        FAIL(TMU_ERR_INVALID_ARGUMENT, "sampler: precision %u is not a tmu_precision", (unsigned)smp->precision);
    if ((smp->mag_filter == TMU_FILTER_CUBIC || smp->min_filter == TMU_FILTER_CUBIC) && smp->max_anisotropy > 1.0f)
        FAIL(TMU_ERR_INVALID_ARGUMENT,
             "sampler: cubic filtering excludes anisotropy (Vulkan VUID-VkSamplerCreateInfo-magFilter-01081)");
    if ((unsigned)smp->reduction > TMU_REDUCTION_MAX)
        FAIL(TMU_ERR_INVALID_ARGUMENT, "sampler: reduction %u is not a tmu_reduction", (unsigned)smp->reduction);
    if (smp->max_anisotropy > (float)TMU_MAX_ANISOTROPY)
        FAIL(TMU_ERR_INVALID_ARGUMENT, "sampler: max_anisotropy %g exceeds %d", (double)smp->max_anisotropy,
             TMU_MAX_ANISOTROPY);
    return TMU_OK;
}

/* Which per-lane arrays an op reads, checked for NULL. */
static tmu_status validate_inputs(const tmu_texture *tex, const tmu_op *op, const tmu_wave_in *in, tmu_diag *diag)
{
    const char *kn = tmu_op_kind_name(op->kind);
    int axes = tmu_unit_dim_axes(tex->dim);
    int cube = tmu_unit_dim_is_cube(tex->dim);
    int ncoord = cube ? 3 : axes;
    int is_array = tmu_unit_dim_is_array(tex->dim);
    if (op->kind == TMU_OP_FETCH) {
        for (int a = 0; a < axes; a++)
            if (!in->icoord[a])
                FAIL(TMU_ERR_INVALID_ARGUMENT, "op %s: in->icoord[%d] is NULL", kn, a);
    } else if (op->kind == TMU_OP_SAMPLE || op->kind == TMU_OP_GATHER || op->kind == TMU_OP_QUERY_LOD) {
        for (int a = 0; a < ncoord; a++)
            if (!in->coord[a])
                FAIL(TMU_ERR_INVALID_ARGUMENT, "op %s: in->coord[%d] is NULL", kn, a);
        if (is_array && op->layer_mode == TMU_LAYER_U32 && !in->layer)
            FAIL(TMU_ERR_INVALID_ARGUMENT, "op %s on %s: in->layer is NULL", kn, tmu_dim_name(tex->dim));
        if (is_array && op->layer_mode == TMU_LAYER_F32 && !in->layer_f)
            FAIL(TMU_ERR_INVALID_ARGUMENT, "op %s on %s: in->layer_f is NULL", kn, tmu_dim_name(tex->dim));
        if ((unsigned)op->layer_mode > TMU_LAYER_F32)
            FAIL(TMU_ERR_INVALID_ARGUMENT, "op %s: layer_mode %u is invalid", kn, (unsigned)op->layer_mode);
    }
    if (op->kind == TMU_OP_SAMPLE || op->kind == TMU_OP_QUERY_LOD) {
        if ((unsigned)op->level_mode > TMU_LEVEL_GRAD)
            FAIL(TMU_ERR_INVALID_ARGUMENT, "op %s: level_mode %u is invalid", kn, (unsigned)op->level_mode);
        if ((op->level_mode == TMU_LEVEL_LOD || op->level_mode == TMU_LEVEL_BIAS) && !in->lod)
            FAIL(TMU_ERR_INVALID_ARGUMENT, "op %s with level mode %s: in->lod is NULL", kn,
                 tmu_level_mode_name(op->level_mode));
        if (op->level_mode == TMU_LEVEL_GRAD)
            for (int a = 0; a < ncoord; a++)
                if (!in->grad_x[a] || !in->grad_y[a])
                    FAIL(TMU_ERR_INVALID_ARGUMENT, "op %s with level mode grad: in->grad_x/grad_y[%d] is NULL", kn, a);
        if (op->has_min_lod && !in->min_lod)
            FAIL(TMU_ERR_INVALID_ARGUMENT, "op %s: has_min_lod but in->min_lod is NULL", kn);
    }
    if (op->has_offset && (op->kind == TMU_OP_SAMPLE || op->kind == TMU_OP_GATHER || op->kind == TMU_OP_FETCH)) {
        /* cube maps: the offset moves the face coordinates (s, t) after face selection, in texels
         * of each level read, as on a 2D texture (docs/texture-unit.md, "Texel offsets on cube
         * maps"); a fetch has no cube form */
        if (cube && op->kind == TMU_OP_FETCH)
            FAIL(TMU_ERR_INVALID_ARGUMENT, "op %s: texel offsets are not allowed on cube maps (sampling.md §9)", kn);
        for (int a = 0; a < axes; a++)
            if (!in->offset[a])
                FAIL(TMU_ERR_INVALID_ARGUMENT, "op %s: has_offset but in->offset[%d] is NULL", kn, a);
    }
    if (op->has_gather_offsets) {
        if (op->kind != TMU_OP_GATHER)
            FAIL(TMU_ERR_INVALID_ARGUMENT, "op %s: four gather offsets need a gather", kn);
        if (op->has_offset)
            FAIL(TMU_ERR_INVALID_ARGUMENT, "op gather: has_offset and has_gather_offsets exclude each other");
        if (cube)
            FAIL(TMU_ERR_INVALID_ARGUMENT, "op gather: texel offsets are not allowed on cube maps (sampling.md §9)");
        for (int q = 0; q < 4; q++)
            for (int a = 0; a < 2; a++)
                if (!in->gather_offset[q][a])
                    FAIL(TMU_ERR_INVALID_ARGUMENT, "op gather: has_gather_offsets but in->gather_offset[%d][%d] is NULL",
                         q, a);
    }
    if (op->compare && (op->kind == TMU_OP_SAMPLE || op->kind == TMU_OP_GATHER) && !in->ref)
        FAIL(TMU_ERR_INVALID_ARGUMENT, "op %s: compare but in->ref is NULL", kn);
    return TMU_OK;
}

/* Shape, format and result-type rules of an op on a texture. */
static tmu_status validate_op(const tmu_texture *tex, const tmu_sampler *smp, const tmu_op *op, tmu_diag *diag)
{
    if ((unsigned)op->kind >= TMU_OP_KIND_COUNT)
        FAIL(TMU_ERR_INVALID_ARGUMENT, "op: kind %u is not a tmu_op_kind", (unsigned)op->kind);
    const char *kn = tmu_op_kind_name(op->kind);
    if (op->dim != tex->dim)
        FAIL(TMU_ERR_INVALID_ARGUMENT, "op %s: dim %s does not match the texture's %s", kn, tmu_dim_name(op->dim),
             tmu_dim_name(tex->dim));
    if ((unsigned)op->result > TMU_RESULT_F16X2)
        FAIL(TMU_ERR_INVALID_ARGUMENT, "op %s: result type %u is invalid", kn, (unsigned)op->result);
    int is_int = tmu_unit_format_is_int(tex->format);
    int f16 = op->result == TMU_RESULT_F16 || op->result == TMU_RESULT_F16X2;
    const char *fn = tmu_format_name(tex->format);
    int ms = tmu_unit_dim_is_ms(tex->dim);
    switch (op->kind) {
    case TMU_OP_SAMPLE:
    case TMU_OP_GATHER:
        if (ms)
            FAIL(TMU_ERR_UNSUPPORTED, "op %s: multisample textures can only be fetched", kn);
        if (op->kind == TMU_OP_GATHER && tex->dim != TMU_DIM_2D && tex->dim != TMU_DIM_2D_ARRAY &&
            !tmu_unit_dim_is_cube(tex->dim))
            FAIL(TMU_ERR_UNSUPPORTED, "op gather: shape %s (gather needs 2d, 2d_array, cube or cube_array)",
                 tmu_dim_name(tex->dim));
        if (op->kind == TMU_OP_GATHER && op->component > 3)
            FAIL(TMU_ERR_INVALID_ARGUMENT, "op gather: component %u (0..3)", op->component);
        if (is_int && op->kind == TMU_OP_SAMPLE &&
            (smp->mag_filter != TMU_FILTER_NEAREST || smp->min_filter != TMU_FILTER_NEAREST ||
             smp->mip_filter == TMU_MIP_LINEAR))
            FAIL(TMU_ERR_UNSUPPORTED, "op sample: integer format %s cannot be filtered linearly or cubically (use nearest)",
                 fn);
        if (is_int && op->compare)
            FAIL(TMU_ERR_UNSUPPORTED, "op %s: depth compare on integer format %s", kn, fn);
        if (is_int && f16)
            FAIL(TMU_ERR_UNSUPPORTED, "op %s: f16 results of integer format %s", kn, fn);
        break;
    case TMU_OP_FETCH:
        if (is_int && f16)
            FAIL(TMU_ERR_UNSUPPORTED, "op fetch: f16 results of integer format %s", fn);
        break;
    case TMU_OP_QUERY_LOD:
        if (ms)
            FAIL(TMU_ERR_UNSUPPORTED, "op query_lod: multisample textures have no LOD");
        if (op->result != TMU_RESULT_F32)
            FAIL(TMU_ERR_UNSUPPORTED, "op query_lod: the result type must be f32");
        break;
    default:
        if (op->result != TMU_RESULT_U32 && op->result != TMU_RESULT_S32)
            FAIL(TMU_ERR_UNSUPPORTED, "op %s: the result type must be u32 or s32", kn);
        break;
    }
    return TMU_OK;
}

static tmu_status validate_call(const tmu_texture *tex, const tmu_sampler *smp, const tmu_op *op, uint32_t lanes,
                                const tmu_wave_in *in, const tmu_wave_out *out, tmu_diag *diag)
{
    if (!tex || !smp || !op || !in || !out)
        FAIL(TMU_ERR_INVALID_ARGUMENT, "execute: texture, sampler, op, in and out must not be NULL");
    if (lanes > TMU_MAX_LANES)
        FAIL(TMU_ERR_INVALID_ARGUMENT, "execute: %u lanes (at most %d)", lanes, TMU_MAX_LANES);
    /* the memory of the levels this op can read: level 0 only for gathers and for samples
     * without mips, none for the size queries, all otherwise */
    uint32_t readable = TMU_MAX_LEVELS;
    if (op->kind == TMU_OP_GATHER || (op->kind == TMU_OP_SAMPLE && smp->mip_filter == TMU_MIP_NONE))
        readable = tex->min_lod > 0.0f ? TMU_MAX_LEVELS : 1; /* a view min_lod can move them up */
    else if (op->kind == TMU_OP_QUERY_SIZE || op->kind == TMU_OP_QUERY_LEVELS || op->kind == TMU_OP_QUERY_SAMPLES ||
             op->kind == TMU_OP_QUERY_LOD)
        readable = 0;
    tmu_status st = tmu_unit_validate_texture(tex, readable, diag);
    if (st == TMU_OK)
        st = validate_sampler(smp, diag);
    if (st == TMU_OK)
        st = validate_op(tex, smp, op, diag);
    if (st == TMU_OK)
        st = validate_inputs(tex, op, in, diag);
    if (st != TMU_OK)
        return st;
    int implicit = (op->kind == TMU_OP_SAMPLE || op->kind == TMU_OP_QUERY_LOD) &&
                   (op->level_mode == TMU_LEVEL_IMPLICIT || op->level_mode == TMU_LEVEL_BIAS);
    if (implicit && lanes % 4 != 0)
        FAIL(TMU_ERR_INVALID_ARGUMENT, "execute: implicit LOD needs whole quads, but lanes = %u", lanes);
    int words = op->result == TMU_RESULT_F16X2 ? 2 : 4;
    for (int c = 0; c < words; c++)
        if (!out->data[c])
            FAIL(TMU_ERR_INVALID_ARGUMENT, "execute: out->data[%d] is NULL", c);
    if (op->want_residency && !out->resident)
        FAIL(TMU_ERR_INVALID_ARGUMENT, "execute: want_residency but out->resident is NULL");
    return TMU_OK;
}

/* The active lanes of a checked call through the general path. */
static void general_lanes(const tmu_texture *tex, const tmu_sampler *smp, const tmu_op *op, uint32_t lanes,
                          const uint64_t exec[2], const tmu_wave_in *in, tmu_wave_out *out)
{
    for (uint32_t lane = 0; lane < lanes; lane++)
        if (!exec || (exec[lane >> 6] >> (lane & 63) & 1))
            tmu_unit_general_lane(tex, smp, op, lanes, in, out, lane);
}

tmu_status tmu_unit_execute_ex(const tmu_texture *tex, const tmu_sampler *smp, const tmu_op *op, uint32_t lanes,
                               const uint64_t exec[2], const tmu_wave_in *in, tmu_wave_out *out, unsigned flags,
                               tmu_diag *diag)
{
    if (!tex || !smp || !op || !in || !out)
        FAIL(TMU_ERR_INVALID_ARGUMENT, "execute: texture, sampler, op, in and out must not be NULL");
    /* Every stage works on the view: its level 0 is the view's base level, its layer 0 the
     * view's base layer (texture.h). */
    tmu_texture view;
    tmu_residency res;
    tmu_status st = TMU_OK;
    if (tex->base_level || tex->level_count || tex->base_layer || tex->layer_count || tex->min_lod != 0.0f) {
        st = tmu_unit_make_view(tex, &view, &res, diag);
        tex = &view; /* (a whole-image view is the texture itself: no copy per call) */
    }
    if (st == TMU_OK)
        st = validate_call(tex, smp, op, lanes, in, out, diag);
    if (st != TMU_OK)
        return st;
    tmu_diag_clear(diag);
    if (!(flags & TMU_UNIT_GENERAL_ONLY) && tmu_unit_fast_execute(tex, smp, op, lanes, exec, in, out, flags))
        return TMU_OK;
    general_lanes(tex, smp, op, lanes, exec, in, out);
    return TMU_OK;
}

/* ---------------------------------------------------------------------------------------- */
/* Prepared calls (unit.h tmu_unit_plan)                                                    */
/* ---------------------------------------------------------------------------------------- */

#define PLAN_MAGIC 0x746d7570u /* "tmup" */

typedef struct unit_plan {
    uint32_t magic; /* PLAN_MAGIC once prepared */
    uint32_t lanes;
    unsigned flags;
    int fast;       /* k holds the call's fast path */
    int has_res;    /* the view has a residency map: view.residency is re-pointed at res */
    uint64_t present; /* which input / output arrays the calls pass (present_mask) */
    tmu_texture view;
    tmu_residency res;
    tmu_sampler smp;
    tmu_op op;
    fast_consts k;
    fast_tiled_pre pre; /* tiled calls of several levels: every level's tables (fast.h) */
} unit_plan;

_Static_assert(sizeof(unit_plan) <= sizeof(tmu_unit_plan), "tmu_unit_plan storage");
_Static_assert(_Alignof(unit_plan) <= _Alignof(tmu_unit_plan), "tmu_unit_plan alignment");

/* Bit n set = the n-th pointer of `in` (op.h order), or for n >= 30 of `out`, is non-NULL.  The
 * two structures are arrays of pointers; on x86 with AVX2 (AVX-512) they are read four (eight)
 * at a time straight from the structures (every prepared call does this, so it must cost little
 * next to a wave). */
enum { PRESENT_IN = sizeof(tmu_wave_in) / sizeof(const void *), PRESENT_OUT = sizeof(tmu_wave_out) / sizeof(void *) };
_Static_assert(PRESENT_IN * sizeof(const void *) == sizeof(tmu_wave_in) && PRESENT_IN == 30, "tmu_wave_in: 30 pointers");
_Static_assert(PRESENT_OUT * sizeof(void *) == sizeof(tmu_wave_out) && PRESENT_OUT == 7, "tmu_wave_out: 7 pointers");

/* Bits of the n pointers at p (a structure of pointers, read as words). */
static uint64_t present_portable(const unsigned char *p, unsigned n)
{
    uint64_t m = 0;
    for (unsigned i = 0; i < n; i++) {
        uintptr_t v;
        memcpy(&v, p + i * sizeof v, sizeof v);
        m |= (uint64_t)(v != 0) << i;
    }
    return m;
}

#if (defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
__attribute__((target("avx2"))) static uint64_t present_avx2(const unsigned char *p, unsigned n)
{
    uint64_t m = 0;
    unsigned i = 0;
    for (; i + 4 <= n; i += 4) {
        __m256i v = _mm256_loadu_si256((const __m256i *)(const void *)(p + i * 8));
        unsigned zero = (unsigned)_mm256_movemask_pd(_mm256_castsi256_pd(_mm256_cmpeq_epi64(v, _mm256_setzero_si256())));
        m |= (uint64_t)(~zero & 15u) << i;
    }
    return m | present_portable(p + i * 8, n - i) << i;
}
#define PRESENT(p, n)                                                                                           \
    (sizeof(void *) == 8 && __builtin_cpu_supports("avx2") ? present_avx2(p, n) : present_portable(p, n))

/* Both structures with AVX-512: eight pointers per masked load (the masked-off words are not
 * read), one test each. */
__attribute__((target("avx512f"))) static uint64_t present_avx512(const tmu_wave_in *in, const tmu_wave_out *out)
{
    const unsigned char *p = (const unsigned char *)in;
    uint64_t m = 0;
    for (unsigned i = 0; i < PRESENT_IN; i += 8) {
        __mmask8 k = (__mmask8)(PRESENT_IN - i >= 8 ? 0xFFu : (1u << (PRESENT_IN - i)) - 1u);
        __m512i v = _mm512_maskz_loadu_epi64(k, p + i * 8);
        m |= (uint64_t)_mm512_test_epi64_mask(v, v) << i;
    }
    __m512i v = _mm512_maskz_loadu_epi64((__mmask8)((1u << PRESENT_OUT) - 1u), out);
    return m | (uint64_t)_mm512_test_epi64_mask(v, v) << PRESENT_IN;
}
#define HAVE_PRESENT_AVX512 1
#else
#define PRESENT(p, n) present_portable(p, n)
#endif

static uint64_t present_mask(const tmu_wave_in *in, const tmu_wave_out *out)
{
#ifdef HAVE_PRESENT_AVX512
    if (sizeof(void *) == 8 && __builtin_cpu_supports("avx512f"))
        return present_avx512(in, out);
#endif
    return PRESENT((const unsigned char *)in, PRESENT_IN) |
           PRESENT((const unsigned char *)out, PRESENT_OUT) << PRESENT_IN;
}

tmu_status tmu_unit_plan_init(tmu_unit_plan *plan, const tmu_texture *tex, const tmu_sampler *smp,
                              const tmu_op *op, uint32_t lanes, const tmu_wave_in *in,
                              const tmu_wave_out *out, unsigned flags, tmu_diag *diag)
{
    if (!plan)
        FAIL(TMU_ERR_INVALID_ARGUMENT, "plan: NULL plan");
    unit_plan *p = (unit_plan *)(void *)plan;
    p->magic = 0;
    if (!tex || !smp || !op || !in || !out)
        FAIL(TMU_ERR_INVALID_ARGUMENT, "execute: texture, sampler, op, in and out must not be NULL");
    tmu_status st = tmu_unit_make_view(tex, &p->view, &p->res, diag);
    if (st == TMU_OK)
        st = validate_call(&p->view, smp, op, lanes, in, out, diag);
    if (st != TMU_OK)
        return st;
    p->has_res = p->view.residency != NULL && p->view.residency != tex->residency;
    p->smp = *smp;
    p->op = *op;
    p->lanes = lanes;
    p->flags = flags;
    p->present = present_mask(in, out);
    p->fast = !(flags & TMU_UNIT_GENERAL_ONLY) && tmu_unit_fast_prepare(&p->k, &p->view, &p->smp, &p->op, in, out, 1);
    p->pre.levels = 0;
    if (p->fast)
        tmu_fast_tiled_prepare(&p->k, &p->pre);
    p->magic = PLAN_MAGIC;
    tmu_diag_clear(diag);
    return TMU_OK;
}

int tmu_unit_plan_fast(const tmu_unit_plan *plan)
{
    const unit_plan *p = (const unit_plan *)(const void *)plan;
    return p && p->magic == PLAN_MAGIC && p->fast;
}

tmu_status tmu_unit_plan_execute(const tmu_unit_plan *plan, const uint64_t exec[2], const tmu_wave_in *in,
                                 tmu_wave_out *out, tmu_diag *diag)
{
    if (!plan || !in || !out)
        FAIL(TMU_ERR_INVALID_ARGUMENT, "plan execute: plan, in and out must not be NULL");
    const unit_plan *p = (const unit_plan *)(const void *)plan;
    if (p->magic != PLAN_MAGIC)
        FAIL(TMU_ERR_INVALID_ARGUMENT, "plan execute: the plan was not prepared (tmu_unit_plan_init failed or "
                                       "was not called)");
    uint64_t present = present_mask(in, out);
    if (present != p->present) {
        unsigned bit = (unsigned)__builtin_ctzll(present ^ p->present);
        FAIL(TMU_ERR_INVALID_ARGUMENT, "plan execute: array pointer %u of in/out (op.h order) is %s, but %s when "
             "the plan was prepared", bit, present >> bit & 1 ? "set" : "NULL", present >> bit & 1 ? "NULL" : "set");
    }
    /* the plan may have moved since it was prepared: pointers into it are made here */
    const tmu_texture *tex = &p->view;
    tmu_texture local;
    if (p->has_res) {
        local = p->view;
        local.residency = &p->res;
        tex = &local;
    }
    tmu_diag_clear(diag);
    if (p->fast) {
        tmu_unit_fast_run(&p->k, &p->pre, tex, &p->smp, &p->op, p->lanes, exec, in, out, p->flags);
        return TMU_OK;
    }
    general_lanes(tex, &p->smp, &p->op, p->lanes, exec, in, out);
    return TMU_OK;
}

int tmu_unit_plan_fast_kind(const tmu_unit_plan *plan)
{
    const unit_plan *p = (const unit_plan *)(const void *)plan;
    if (!plan || p->magic != PLAN_MAGIC || !p->fast)
        return 0;
    return p->k.tiled ? 2 : 1;
}

tmu_status tmu_unit_plan_use_pairs(tmu_unit_plan *plan, const void *mem, size_t size, tmu_diag *diag)
{
    if (!plan)
        FAIL(TMU_ERR_INVALID_ARGUMENT, "row pairs: NULL plan");
    unit_plan *p = (unit_plan *)(void *)plan;
    if (p->magic != PLAN_MAGIC)
        FAIL(TMU_ERR_INVALID_ARGUMENT, "row pairs: the plan was not prepared (tmu_unit_plan_init failed or was not "
                                       "called)");
    if (!mem) {
        if (p->fast)
            p->k.pairs = NULL;
        tmu_diag_clear(diag);
        return TMU_OK;
    }
    const fast_consts *k = &p->k;
    int one_level = k->gather || k->mip == TMU_MIP_NONE || k->levels <= 1;
    if (p->fast && k->tiled)
        FAIL(TMU_ERR_UNSUPPORTED, "row pairs: the plan's texture is tiled (a surface layout); row-pair copies are "
                                  "made of linear textures");
    if (!p->fast || k->fetch || !(k->gather ? k->fmt == FAST_RGBA8 : k->filter && (one_level || k->fmt == FAST_RGBA8)))
        FAIL(TMU_ERR_UNSUPPORTED, "row pairs: the plan's call reads no row pairs (only RGBA8 gathers, RGBA8 bilinear "
                                  "and trilinear samples and RGBA32F bilinear samples without mips on a fast path do)");
    uint32_t levels = one_level ? 1 : k->levels;
    tmu_status st = tmu_unit_pairs_check(&p->view, p->smp.address[0], levels, mem, size, diag);
    if (st != TMU_OK)
        return st;
    tmu_pairs_header h;
    memcpy(&h, mem, sizeof h);
    uint64_t pair = 2u * tmu_format_get(p->view.format)->bytes;
    if ((h.bytes - sizeof h) / pair > INT32_MAX) /* the kernels' pair indices are 32-bit */
        FAIL(TMU_ERR_UNSUPPORTED, "row pairs: the copy's %llu pairs exceed the kernels' 32-bit indices",
             (unsigned long long)((h.bytes - sizeof h) / pair));
    for (uint32_t l = 0; l < TMU_MAX_LEVELS; l++) /* every entry: the kernels look them up per lane */
        p->k.pair_lvl[l] = l < levels ? (int32_t)(h.level_off[l] / pair) : 0;
    p->k.pairs = (const unsigned char *)mem + sizeof(tmu_pairs_header);
    tmu_diag_clear(diag);
    return TMU_OK;
}

tmu_status tmu_unit_execute(const tmu_texture *tex, const tmu_sampler *smp, const tmu_op *op, uint32_t lanes,
                            const uint64_t exec[2], const tmu_wave_in *in, tmu_wave_out *out, tmu_diag *diag)
{
    return tmu_unit_execute_ex(tex, smp, op, lanes, exec, in, out, 0, diag);
}

const char *tmu_op_kind_name(tmu_op_kind kind)
{
    static const char *const names[TMU_OP_KIND_COUNT] = {"sample",        "fetch",          "gather",   "query_size",
                                                         "query_levels",  "query_samples", "query_lod"};
    return (unsigned)kind < TMU_OP_KIND_COUNT ? names[kind] : "invalid";
}

const char *tmu_level_mode_name(tmu_level_mode mode)
{
    static const char *const names[] = {"implicit", "base", "lod", "bias", "grad"};
    return (unsigned)mode <= TMU_LEVEL_GRAD ? names[mode] : "invalid";
}
