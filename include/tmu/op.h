/* tmu — the vendor-neutral texture operation.
 *
 * A tmu_op says WHAT a texture instruction computes (sample, fetch, gather,
 * query; shape; how the level is chosen; offsets, compare, result type).  It
 * says nothing about registers: ISA codecs (PTX, GCN, ir3) lift their
 * instructions to a tmu_op, gather the per-lane operands into a tmu_wave_in and
 * call tmu_unit_execute() (unit.h).  Semantics: docs/texture-unit.md. */
#ifndef TMU_OP_H
#define TMU_OP_H

#include <stdint.h>

#include "tmu/texture.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Most lanes one call executes. */
#define TMU_MAX_LANES 128

typedef enum tmu_op_kind {
    TMU_OP_SAMPLE = 0,     /* filtered lookup at float coordinates (PTX tex, GCN image_sample) */
    TMU_OP_FETCH,          /* one texel at integer coordinates, level and sample (texelFetch,
                              PTX tex.2dms, GCN image_load); no filtering, no wrapping */
    TMU_OP_GATHER,         /* one component of the 2x2 linear footprint on level 0 (PTX tld4) */
    TMU_OP_QUERY_SIZE,     /* (width, height, depth, layers) of the level in ilod (txq) */
    TMU_OP_QUERY_LEVELS,   /* x = number of levels */
    TMU_OP_QUERY_SAMPLES,  /* x = samples per texel */
    TMU_OP_QUERY_LOD,      /* Vulkan OpImageQueryLod: x = d_l - level_base (d', or nearest(d')
                              for mip NEAREST / NONE), y = lambda' before clamping */
    TMU_OP_KIND_COUNT
} tmu_op_kind;

/* How a SAMPLE (or QUERY_LOD) chooses its level, §5. */
typedef enum tmu_level_mode {
    TMU_LEVEL_IMPLICIT = 0, /* from 2x2 quad derivatives: lanes 4k..4k+3, x = bit 0, y = bit 1,
                               coarse (one LOD per quad from lanes 4k, 4k+1, 4k+2); every lane of
                               a quad must hold coordinates, also lanes outside the execution
                               mask (they act as helper lanes) */
    TMU_LEVEL_BASE,         /* level 0, lambda = 0 (PTX .base / no mips, GCN _lz) */
    TMU_LEVEL_LOD,          /* explicit lambda from in->lod (PTX .level, GCN _l) */
    TMU_LEVEL_BIAS,         /* implicit lambda + in->lod (GCN _b) */
    TMU_LEVEL_GRAD,         /* from in->grad_x / grad_y (PTX .grad, GCN _d) */
} tmu_level_mode;

/* Type of the 32-bit result words, §13. */
typedef enum tmu_result_type {
    TMU_RESULT_F32 = 0, /* four fp32 */
    TMU_RESULT_S32,     /* four signed integers (integer formats) */
    TMU_RESULT_U32,     /* four unsigned integers (integer formats) */
    TMU_RESULT_F16,     /* four words, fp16 (RNE) in the low 16 bits, high bits 0 */
    TMU_RESULT_F16X2,   /* two words: {R low, G high}, {B low, A high} (PTX packing rule) */
} tmu_result_type;

/* How array layers are given. */
typedef enum tmu_layer_mode {
    TMU_LAYER_U32 = 0,  /* in->layer: unsigned integer, clamped to layers - 1 (PTX) */
    TMU_LAYER_F32,      /* in->layer_f: float, clamp(RNE(a), 0, layers - 1) (Vulkan, GCN) */
} tmu_layer_mode;

/* One texture operation (the same for every lane of a call).
 * Mapping notes for codecs: PTX tex/tld4 -> SAMPLE/GATHER with layer_mode U32 (the PTX index
 * is .u32, clamped); PTX .base -> LEVEL_BASE, .level -> LEVEL_LOD, .grad -> LEVEL_GRAD; PTX
 * .2dms/.a2dms and integer-coordinate lookups -> FETCH; txq -> the QUERY_* kinds; GCN _l/_b/
 * _d/_lz/_cl/_c/_o and gather4 map one to one; GCN cube coordinates (face-relative s, t and a
 * face id) must be turned back into a direction by the codec.  Projection (divide by q) is the
 * codec's job too. */
typedef struct tmu_op {
    tmu_op_kind kind;
    tmu_dim dim;                 /* must equal the texture's dim */
    tmu_level_mode level_mode;   /* SAMPLE and QUERY_LOD */
    tmu_result_type result;
    tmu_layer_mode layer_mode;
    uint8_t component;           /* GATHER: 0..3 = R, G, B, A (after swizzle) */
    uint8_t has_offset;          /* in->offset[] used: texel offsets added in texel space (§9) */
    uint8_t has_min_lod;         /* in->min_lod used: per-lane minimum LOD clamp */
    uint8_t compare;             /* in->ref used: depth compare with sampler.compare_op (§8) */
    uint8_t want_residency;      /* out->resident written */
    uint8_t has_gather_offsets;  /* GATHER: result n from (i0, j0) + in->gather_offset[n]
                                    (textureGatherOffsets; offsets added like has_offset's, to
                                    the integer texel coordinate); excludes has_offset; not on
                                    cube maps */
} tmu_op;

/* Per-lane inputs, structure of arrays: each used pointer points to `lanes` values
 * (index = lane).  Pointers an op does not use may be NULL.  Coordinates:
 *   coord[0..2]  s, t, r (floats) for SAMPLE/GATHER/QUERY_LOD; cube: direction (x, y, z)
 *   icoord[0..2] x, y, z (int32) for FETCH
 *   layer / layer_f  array layer (arrays; for cube arrays the cube index); FETCH reads the
 *                absolute layer from `layer` (cube maps: 6 * cube + face)
 *   sample       FETCH on multisample textures
 *   lod          explicit LOD (LEVEL_LOD) or bias (LEVEL_BIAS)
 *   ilod         FETCH level, QUERY_SIZE level
 *   min_lod      per-lane minimum LOD (has_min_lod)
 *   grad_x/grad_y[0..2]  d(s,t,r)/dx and /dy (LEVEL_GRAD; cube: of the direction)
 *   offset[0..2] texel offsets (has_offset), used as given (codecs apply ISA field wrapping)
 *   ref          depth reference (compare) */
typedef struct tmu_wave_in {
    const float *coord[3];
    const int32_t *icoord[3];
    const uint32_t *layer;
    const float *layer_f;
    const uint32_t *sample;
    const float *lod;
    const int32_t *ilod;
    const float *min_lod;
    const float *grad_x[3];
    const float *grad_y[3];
    const int32_t *offset[3];
    const float *ref;
    const int32_t *gather_offset[4][2]; /* has_gather_offsets: (x, y) offset of result n */
} tmu_wave_in;

/* Per-lane outputs: data[c][lane] is result word c (4 words; 2 for F16X2, data[2..3]
 * untouched).  resident[lane] = 1 resident, 0 not (then all data words are 0); may
 * be NULL unless op.want_residency.  Optional level-of-detail report (NULL = not wanted),
 * written by SAMPLE and QUERY_LOD: lod[lane] = the final lambda after bias and every clamp
 * (the value that chose the filter and the levels), magnified[lane] = 1 when lambda <= 0
 * selected the magnification filter.  Lanes outside the execution mask are untouched. */
typedef struct tmu_wave_out {
    uint32_t *data[4];
    uint8_t *resident;
    float *lod;
    uint8_t *magnified;
} tmu_wave_out;

/* Name of an op kind ("sample", "fetch", ...) or level mode; "invalid" when out of range. */
const char *tmu_op_kind_name(tmu_op_kind kind);
const char *tmu_level_mode_name(tmu_level_mode mode);

#ifdef __cplusplus
}
#endif
#endif
