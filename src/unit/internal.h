/* Private interface between the stages of the texture unit (the files of src/unit) and its fast paths.
 * Each stage is a small pure function, readable against shared/reference/sampling.md. */
#ifndef TMU_UNIT_INTERNAL_H
#define TMU_UNIT_INTERNAL_H

#include <stdint.h>

#include "tmu/op.h"
#include "tmu/layout.h"
#include "tmu/texture.h"
#include "tmu/unit.h"

/* ---- shape helpers (texture.c) ---- */
int tmu_unit_dim_is_array(tmu_dim dim);
int tmu_unit_dim_is_cube(tmu_dim dim);
int tmu_unit_dim_is_ms(tmu_dim dim);
/* Number of coordinate axes of a shape (1, 2 or 3; cube = 2 face axes). */
int tmu_unit_dim_axes(tmu_dim dim);

/* tmu_texture_validate checking the memory of the first `max_levels` levels only (the shape,
 * format and residency fields always). */
tmu_status tmu_unit_validate_texture(const tmu_texture *tex, uint32_t max_levels, tmu_diag *diag);
/* Resolves the view fields of `tex` (texture.h) into `view`: a texture whose level 0 is the view's
 * base level and layer 0 its base layer (level pointers, sizes and the residency map, copied to
 * `res`, rebased), base/count fields 0 and min_lod relative to the view's level 0.  Checks the
 * shape and the view fields (not the level memory) first; on failure fills diag. */
tmu_status tmu_unit_make_view(const tmu_texture *tex, tmu_texture *view, tmu_residency *res, tmu_diag *diag);

/* ---- coordinates and wrapping (coord.c), §2 and §3 ---- */
/* Saturation bound of integer texel coordinates. */
#define TMU_COORD_LIMIT ((int64_t)1 << 62)
/* floor(x) as an integer; NaN -> 0, beyond +/-2^62 (and +/-Inf) -> +/-2^62. */
int64_t tmu_unit_floor(float x);
/* x - floor(x) in fp32; 0 for NaN and +/-Inf (and for |x| >= 2^23, where it is 0 anyway). */
float tmu_unit_frac(float x);
/* A filter weight in the sampler's precision model (§6.2): truncated to 8 fraction bits for
 * NVIDIA_TRUNC, else unchanged (the NVIDIA model quantises in tmu_unit_axis_nv). */
float tmu_unit_quantize_weight(float a, tmu_precision p);
/* Wraps integer coordinate i on an axis of `size` texels: the texel index in [0, size),
 * or -1 for the border texel (the border and half-border modes). */
int32_t tmu_unit_wrap(int64_t i, uint32_t size, tmu_address mode);
/* 1 for the modes that clamp the coordinate before texel selection (GL_CLAMP family). */
int tmu_unit_address_clamps_coord(tmu_address mode);
/* The footprint of one axis: texels i0 .. i0 + n - 1 (before wrapping) with weights w[0..n-1]. */
typedef struct tmu_taps {
    int64_t i0;
    int n;
    float w[4];
    int32_t q; /* NVIDIA model, LINEAR: the weight of tap 1 in 1/256 (w[1] = q / 256) */
} tmu_taps;
/* Texel selection on one axis (§2.2) for texel-space coordinate u (s * size in fp32, or the
 * unnormalised s), integer texel offset `off`, filter NEAREST (1 tap), LINEAR (2) or CUBIC (4,
 * Catmull-Rom), weights in precision model p.  The half-border modes clamp the coordinate
 * first (texture.h); the offset is added to the integer coordinate after the floor otherwise. */
void tmu_unit_axis(float u, int32_t off, uint32_t size, tmu_address mode, tmu_filter filter, tmu_precision p,
                   tmu_taps *t);
/* The NVIDIA model's texel-space coordinate of axis coordinate s on an axis of `size` texels: a
 * normalised s is truncated to 21 fraction bits first (measured: the texel changes exactly where
 * floor(s * 2^21) * size / 2^21 crosses an integer), then scaled exactly; an unnormalised s is
 * used as it is.  tmu_unit_axis_nv takes it instead of u (with u for NaN and the infinities). */
double tmu_unit_nv_texel_coord(float s, uint32_t size, int normalized);
void tmu_unit_axis_nv(float u, double unv, int32_t off, uint32_t size, tmu_address mode, tmu_filter filter,
                      tmu_taps *t);

/* ---- cube maps (cube.c), §4 ---- */
/* Face selection of direction (x, y, z): face 0..5 (+X, -X, +Y, -Y, +Z, -Z), face coordinates
 * s, t in [0, 1] (0.5 * sc / |rc| + 0.5) and |rc|.  Ties: z wins over y and x, y over x (Vulkan's
 * recommendation).  NaN anywhere, or |rc| = 0: face +X, s = t = 0.5, |rc| = 0. */
void tmu_unit_cube_face(const float dir[3], int *face, float *s, float *t, float *ma);
/* Derivatives of the face coordinates (s, t) from the derivative `d` of the direction
 * for a direction `dir` on `face` (§4.1).  Gives 0 when |rc| is 0. */
void tmu_unit_cube_deriv(const float dir[3], int face, const float d[3], float *ds, float *dt);
/* The components of point p along `face`'s outward normal (n), and along its s and t axes with
 * the face table's signs (s_c, t_c), in double. */
void tmu_unit_cube_axes(const float p[3], int face, double *n, double *s, double *t);
/* Seamless cube: maps texel (i, j) of `face` (size x size), with exactly one of i, j
 * one texel outside [0, size), to the texel on the adjacent face. */
void tmu_unit_cube_adjacent(int face, int64_t i, int64_t j, uint32_t size, int *out_face, int32_t *oi,
                            int32_t *oj);

/* ---- LOD (lod.c), §5 ---- */
/* log2(x) of a float, tmu's own (the same bits on every platform and C library, and in the
 * AVX-512 fast path, which evaluates the same double operations in the same order: x = 2^e m
 * with m in [sqrt(1/2), sqrt(2)), s = (m - 1) / (m + 1), log2 m = s * P(s^2) with the 9-term
 * series c_k = 2 / ((2k + 1) ln 2) of s^2k by Estrin's scheme, e + log2 m rounded to float
 * once).  The result is the float nearest to libm's double log2 (checked on every positive
 * float once; test_unit_sample test_log2 checks 2.1 M); exact for powers of two; log2(+-0) =
 * -inf, log2(+inf) = +inf, NaN for NaN and negative x. */
float tmu_unit_log2f(float x);
/* The series' coefficients c_0 .. c_8 (TMU_LOG2_TERMS of them), for the SIMD copy. */
#define TMU_LOG2_TERMS 9
extern const double tmu_unit_log2_coef[TMU_LOG2_TERMS];
/* lambda from the derivatives of the texel-space-scaled coordinates (already multiplied by
 * the level-0 size): log2(max(rho_x, rho_y)) with rho = sqrt(sum of squares).  NaN -> 0. */
float tmu_unit_lod_from_grad(const float dx[3], const float dy[3]);
/* The NVIDIA model's isotropic lambda of 1D, 2D and 3D gradients dx, dy (nvidia.c): normalised
 * derivatives scaled to texels on axes of size[0..2] texels, or already in texels (size NULL). */
float tmu_unit_nv_lod_from_grad(const float dx[3], const float dy[3], const uint32_t size[3]);
/* The NVIDIA model's lambda of a cube-map lookup in direction dir with direction-space gradients
 * dx, dy, on faces of `size` texels (tex.grad.cube: a driver routine on the GPU, nvidia.c). */
float tmu_unit_nv_cube_lod(const float dir[3], const float dx[3], const float dy[3], uint32_t size);
/* Levels to read: level[0] with weight 1 - frac, level[1] with weight frac (frac 0 = one level).
 * `lambda` is the final clamped LOD; `linear_filter` receives the filter for this lambda. */
typedef struct tmu_level_pick {
    uint32_t level[2];
    float frac;
    int count;
    tmu_filter filter;
} tmu_level_pick;
void tmu_unit_pick_levels(const tmu_sampler *smp, uint32_t levels, float lambda, float min_lod,
                          tmu_level_pick *pick);
/* The image-level parameter d_l of §5.2 relative to the view's level 0: d' = max(clamp(lambda,
 * 0, q), min_lod) (min_lod = the view's, relative), rounded by nearest() unless mip LINEAR.
 * pick_levels reads these levels; QUERY_LOD returns it. */
float tmu_unit_level_param(const tmu_sampler *smp, uint32_t levels, float lambda, float min_lod);
/* Final LOD: clamp(lambda_base + bias, max(smp->min_lod, min_lod), smp->max_lod); NaN -> clamp of 0. */
float tmu_unit_clamp_lod(const tmu_sampler *smp, float lambda_base, float bias, float min_lod);

/* ---- texel fetch (fetch.c), §12 ---- */
/* Where a texel lies: level, layer (or 3D slice), sample and integer x, y, z after wrapping. */
typedef struct tmu_texel_ref {
    uint32_t level, layer, sample;
    int32_t x, y, z; /* -1 on any axis = border texel */
    int nv_filter;   /* read for the NVIDIA filter datapath: an SNORM8 -128 loads as -128/127
                        (nvidia.c expands it differently from -127) */
} tmu_texel_ref;
/* Decoded value of one texel (border colour if any coordinate is -1); `resident` is cleared
 * when the texel's tile is not resident.  Coordinates must be in range (or -1). */
void tmu_unit_load(const tmu_texture *tex, const tmu_sampler *smp, const tmu_texel_ref *r, tmu_texel *out,
                   int *resident);
/* The border colour of the sampler as a texel of the texture's format (§3). */
void tmu_unit_border(const tmu_texture *tex, const tmu_sampler *smp, tmu_texel *out);
/* 1 when the texture's format holds integers (UINT/SINT): no filtering, integer border. */
int tmu_unit_format_is_int(tmu_format f);
/* 1 when the format stores colour channel c (0..3) itself, so component substitution does not
 * replace it: depth formats store only channel 0, E5B9G9R9 only R, G, B (its fourth field is
 * the shared exponent, not alpha). */
int tmu_unit_has_channel(const tmu_format_info *fi, int c);
/* Applies the texture's swizzle to a filtered texel. */
void tmu_unit_swizzle(const tmu_texture *tex, const tmu_texel *in, tmu_texel *out);
/* Depth compare of reference `ref` against `texel` (§8): 1.0 or 0.0. */
float tmu_unit_compare(tmu_compare op, float ref, float texel);

/* ---- sampling one lane (sample.c) ---- */
/* Everything one lane needs after coordinate preparation. */
typedef struct tmu_lane_coord {
    float s, t, r;          /* face / texture coordinates (normalised or texel units per sampler) */
    int32_t off[3];         /* texel offsets */
    uint32_t layer;         /* resolved layer (cube: 6 * cube + face) */
    int face;               /* cube face or -1 */
    int compare;            /* 1: compare with ref */
    float ref;
    int nv_filter;          /* 1 inside tmu_unit_nv_sample (tmu_texel_ref.nv_filter) */
} tmu_lane_coord;
/* Filtered value of one level with one filter at coordinates st (s, t, r as the lane's, or an
 * anisotropic probe's), compare applied per texel, then the sampler's reduction. */
void tmu_unit_sample_level(const tmu_texture *tex, const tmu_sampler *smp, const tmu_lane_coord *c,
                           uint32_t level, tmu_filter filter, const float st[3], tmu_texel *out, int *resident);
/* Gather of component `comp` (after swizzle) of the 2x2 footprint on level 0: out[0..3] in
 * the order (i0,j1), (i1,j1), (i1,j0), (i0,j0) (§7); with `offsets` (four (x, y) pairs) result
 * q is texel (i0, j0) + offsets[q] instead (textureGatherOffsets). */
void tmu_unit_gather(const tmu_texture *tex, const tmu_sampler *smp, const tmu_lane_coord *c, int comp,
                     const int32_t (*offsets)[2], tmu_texel *out, int *resident);

/* ---- the NVIDIA filter model (nvidia.c, docs/texture-unit.md §6.3) ---- */
/* 1 when a lookup with this filter goes through the NVIDIA filter datapath (precision NVIDIA,
 * LINEAR, weighted average). */
int tmu_unit_nv_filtered(const tmu_sampler *smp, tmu_filter filter);
/* The filtered value of one lane through the NVIDIA datapath: integer weights of every texel of
 * the levels `pick` reads, summed exactly and rounded to the format's filter precision. */
void tmu_unit_nv_sample(const tmu_texture *tex, const tmu_sampler *smp, const tmu_lane_coord *c,
                        const tmu_level_pick *pick, const float st[3], tmu_texel *out, int *resident);
/* The texels and integer weights of one level's footprint (weights summing to `total`), for
 * tmu_unit_nv_sample. */
typedef struct tmu_nv_taps {
    int n;
    int first; /* taps of the first level (the rest are the second's) */
    int32_t w[16];
    tmu_texel t[16];
} tmu_nv_taps;
void tmu_unit_nv_level(const tmu_texture *tex, const tmu_sampler *smp, const tmu_lane_coord *c, uint32_t level,
                       const float st[3], int32_t total, tmu_nv_taps *acc, int *resident);
/* The NVIDIA sRGB decode of an 8-bit value (measured, not the formula), and the border colour
 * as the NVIDIA texture unit converts it to 8-bit and 16-bit-float formats. */
float tmu_unit_nv_srgb(uint32_t byte);
int tmu_unit_nv_border(const tmu_texture *tex, const tmu_sampler *smp, tmu_texel *out);

/* ---- result conversion (execute.c) ---- */
/* The one NaN a filtered float result can be (bits of +quiet NaN). */
#define TMU_UNIT_CANONICAL_NAN 0x7FC00000u
/* IEEE binary16 from binary32, round to nearest even (denormals, Inf, NaN kept). */
uint16_t tmu_unit_f32_to_f16(float f);
/* Writes one lane's result words for `type` (sampling.md §13). */
void tmu_unit_store(tmu_result_type type, const tmu_texel *v, int resident, tmu_wave_out *out, uint32_t lane,
                    int want_residency);

/* ---- fast paths (fast/) ---- */
/* Tries a specialised path for the whole call.  Returns 1 when it handled every active lane,
 * 0 when the case is not specialised (the general path then runs).  Inputs are validated. */
int tmu_unit_fast_execute(const tmu_texture *tex, const tmu_sampler *smp, const tmu_op *op, uint32_t lanes,
                          const uint64_t exec[2], const tmu_wave_in *in, tmu_wave_out *out, unsigned flags);
/* What a prepared call runs (tests): 0 the general path, 1 a fast path on linear levels, 2 a fast
 * path on tiled levels (fast.h fast_tiled). */
int tmu_unit_plan_fast_kind(const tmu_unit_plan *plan);
/* One lane through the general path (the fast paths fall back to it for awkward lanes). */
void tmu_unit_general_lane(const tmu_texture *tex, const tmu_sampler *smp, const tmu_op *op, uint32_t lanes,
                           const tmu_wave_in *in, tmu_wave_out *out, uint32_t lane);

/* ---- row-pair copies (pairs.c, unit.h tmu_unit_pairs_*) ---- */
/* The header of a copy: what it was built from and where its levels lie.  Pair (c, r) of level l,
 * c in [0, w + 1], r in [0, h] (w x h the level's size), lies at byte sizeof header + level_off[l]
 * + (r * (w + 2) + c) * 2B (B = texel bytes: 4 or 16) and holds texel (x, y), then texel
 * (x, y + 1), for x = c - 1 and y = r - 1 mapped into the level by the address mode. */
typedef struct tmu_pairs_header {
    uint32_t magic;                /* TMU_PAIRS_MAGIC */
    uint32_t width, height;        /* the view's level 0 */
    uint32_t levels;               /* levels of the view copied (0 .. levels - 1) */
    uint64_t bytes;                /* the whole copy, header included */
    uint32_t addr;                 /* tmu_address of the edges */
    uint32_t format;               /* tmu_format of the texels */
    uint64_t level_data[TMU_MAX_LEVELS];  /* (uintptr_t) each level's texels */
    uint64_t level_off[TMU_MAX_LEVELS];   /* each level's pairs: byte offset after the header */
    uint32_t level_pitch[TMU_MAX_LEVELS]; /* each level's row pitch in texels */
    uint32_t reserved[8];
} tmu_pairs_header;
#define TMU_PAIRS_MAGIC 0x70756d74u /* "tmup" backwards */
_Static_assert(sizeof(tmu_pairs_header) % 64 == 0, "row-pair header: whole 64-byte lines");
/* Checks that `mem` (`size` bytes) holds a row-pair copy of the texels of at least the first
 * `levels` levels of `view` (a resolved view: tmu_unit_make_view) for address mode `addr`; fills
 * diag and returns an error when not. */
tmu_status tmu_unit_pairs_check(const tmu_texture *view, tmu_address addr, uint32_t levels, const void *mem,
                                size_t size, tmu_diag *diag);

#endif
