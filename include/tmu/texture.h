/* tmu — textures and samplers: the read-only state the texture unit works on.
 *
 * A tmu_texture describes texel memory the caller owns (tmu never copies or
 * allocates it): shape, format, mip levels with their own pitches, component
 * swizzle and an optional residency map for sparse textures.  A tmu_sampler
 * holds the filtering state.  Both are plain structs, read-only to tmu, so
 * any number of threads may sample the same texture at once.
 * Semantics: docs/texture-unit.md (section numbers below refer to it). */
#ifndef TMU_TEXTURE_H
#define TMU_TEXTURE_H

#include <stddef.h>
#include <stdint.h>

#include "tmu/format.h"
#include "tmu/status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Most mip levels a texture may have (enough for 32768-texel level 0). */
#define TMU_MAX_LEVELS 16
/* Largest max_anisotropy of a sampler (Vulkan's maxSamplerAnisotropy, GCN MAX_ANISO_RATIO 16:1). */
#define TMU_MAX_ANISOTROPY 16
/* Largest width, height or depth of level 0 (and largest layer count). */
#define TMU_MAX_SIZE 32768u

/* Shape of a texture; an op's dimensionality uses the same enum and must match. */
typedef enum tmu_dim {
    TMU_DIM_1D = 0,
    TMU_DIM_2D,
    TMU_DIM_3D,
    TMU_DIM_CUBE,        /* 6 layers: +X, -X, +Y, -Y, +Z, -Z (layer = face, §4.1) */
    TMU_DIM_1D_ARRAY,
    TMU_DIM_2D_ARRAY,
    TMU_DIM_CUBE_ARRAY,  /* layers = 6 * cubes; layer = 6 * cube + face */
    TMU_DIM_2D_MS,       /* multisample: samples > 1 allowed, one level, fetch only */
    TMU_DIM_2D_MS_ARRAY,
    TMU_DIM_COUNT
} tmu_dim;

/* Source of one result component after filtering (T# DST_SEL style). */
typedef enum tmu_swizzle {
    TMU_SWIZZLE_R = 0,
    TMU_SWIZZLE_G,
    TMU_SWIZZLE_B,
    TMU_SWIZZLE_A,
    TMU_SWIZZLE_ZERO,
    TMU_SWIZZLE_ONE,
} tmu_swizzle;

struct tmu_surface;

/* Memory of one mip level.  The texel at (x, y, z or layer, sample) is at
 *   data + layer_or_z * slice_pitch + y * row_pitch + sample * sample_pitch + x * bytes
 * (linear layout; 3D uses z, arrays and cube maps use the layer).  `size` is how
 * many bytes may be read from `data`; tmu_texture_validate() checks every texel fits.
 *
 * Tiled levels (a GPU's own layout, include/tmu/layout.h): when `surface` is set, the pitches
 * are ignored and the texel is at
 *   data + tmu_surface_address_fast(surface, surface_level, x, y, surface_slice + layer_or_z, sample)
 * where `data` is the surface's base (every level of one surface shares it) and `size` the bytes
 * readable from it (at least surface->size).  The level's extent must lie inside level
 * `surface_level` of the surface and the format's texel size must be the surface's element
 * size.  Results are those of sampling the detiled texture (tests/layout/test_layout_unit.c). */
typedef struct tmu_level {
    const void *data;
    size_t row_pitch;
    size_t slice_pitch;
    size_t sample_pitch;
    size_t size;
    const struct tmu_surface *surface; /* NULL: linear (the pitches above) */
    uint32_t surface_level;            /* mip level of `surface` this level is */
    uint32_t surface_slice;            /* surface slice of this level's layer / z 0 */
} tmu_level;

/* Residency map of a sparse texture: a tile is tile_w x tile_h x tile_d texels of one
 * level (and one layer); map[level] holds one byte per tile, non-zero = resident, at
 * index ((layer_or_z_tile) * tiles_y + ty) * tiles_x + tx where tiles_n = ceil(size_n / tile_n)
 * and layer_or_z_tile = z / tile_d for 3D, else the layer.  map[level] == NULL: all resident. */
typedef struct tmu_residency {
    uint32_t tile_w, tile_h, tile_d;
    const uint8_t *map[TMU_MAX_LEVELS];
} tmu_residency;

/* A texture (or texture view).  width/height/depth are level 0's; level n is
 * max(1, size >> n).  layers = array layers (6 * cubes for cube arrays, 6 for cube,
 * 1 otherwise).  samples = 1 except for multisample shapes.
 *
 * View fields (Vulkan VkImageViewCreateInfo / GCN T# BASE_LEVEL, LAST_LEVEL, BASE_ARRAY,
 * LAST_ARRAY, MIN_LOD): the image has `levels` levels and `layers` layers in level[]; the view
 * sees levels [base_level, base_level + level_count) and layers [base_layer, base_layer +
 * layer_count).  A count of 0 means "all from the base on", so a zero-initialised view is the
 * whole image.  View level n is image level base_level + n (its size max(1, width >> (base_level
 * + n))); LOD computations use the view's first level as the base (Vulkan level_base); layer
 * indices are relative to base_layer and clamp to layer_count - 1; size, level and LOD queries
 * report the view; FETCH levels and layers are relative to the view.  The shape rules on
 * layers apply to the layers the view sees (a 2D view of one layer of an array image, a cube
 * view of six layers of a cube array); 3D images have one layer.
 * min_lod is VK_EXT_image_view_min_lod's minLod, an absolute image level in [0, base_level +
 * level_count - 1] (0 = no clamp).  It clamps only the level selection, not lambda (so not the
 * magnification / minification choice): d' = max(base_level + clamp(lambda, 0, q), min_lod)
 * (Vulkan's preferred minLodFloat form; TMU_MIP_NONE reads level_base unless min_lod is higher,
 * then nearest(min_lod)); QUERY_LOD's x is d_l - base_level with it.  FETCH of a level below
 * minLodInteger = floor(min_lod), and GATHER when base_level is below it, return zeros (Vulkan:
 * zero with robustImageAccess2). */
typedef struct tmu_texture {
    tmu_dim dim;
    tmu_format format;
    uint32_t width, height, depth;
    uint32_t layers;
    uint32_t levels;
    uint32_t samples;
    tmu_swizzle swizzle[4];     /* result component c = swizzle[c] of the filtered (R,G,B,A) */
    tmu_level level[TMU_MAX_LEVELS];
    const tmu_residency *residency; /* NULL = fully resident */
    uint32_t base_level, level_count; /* view: levels seen (level_count 0 = levels - base_level) */
    uint32_t base_layer, layer_count; /* view: layers seen (layer_count 0 = layers - base_layer) */
    float min_lod;                    /* view: minimum LOD (VK_EXT_image_view_min_lod), 0 = none */
} tmu_texture;

/* Address (wrap) modes, §3.  Values are the GCN S# CLAMP_* codes (all eight exist).
 * The five Vulkan modes wrap each integer texel coordinate (docs/texture-unit.md §3).  The other three
 * are OpenGL's: GL_CLAMP (OpenGL 1.x) and EXT_texture_mirror_clamp's MIRROR_CLAMP_EXT and
 * MIRROR_CLAMP_TO_BORDER_EXT.  They clamp the texel-space coordinate x = u + offset (u = s * N
 * for N texels, or the unnormalised s) before texel selection:
 *   CLAMP_HALF_BORDER        x' = clamp(x, 0, N)              (GL: s clamped to [0, 1])
 *   MIRROR_ONCE_HALF_BORDER  x' = clamp(|x|, 1/2, N)          (mirrorClamp(f) = min(1, max(1/(2N), |f|)))
 *   MIRROR_ONCE_BORDER       x' = clamp(|x|, 1/2, N + 1/2)    (min(1 + 1/(2N), max(1/(2N), |f|)))
 * then NEAREST i = floor(x'), LINEAR i0 = floor(x' - 1/2), i1 = i0 + 1, alpha = frac(x' - 1/2)
 * (CUBIC i0 - 1 .. i0 + 2), and a texel index outside [0, N) is the border texel, except that
 * the two half-border modes clamp NEAREST's floor(N) to N - 1.  So LINEAR at the edge of a
 * half-border mode blends half the edge texel with half the border colour, and
 * MIRROR_ONCE_BORDER fades to the pure border at |x| >= N + 1/2.  A cubic tap left of texel 0
 * in the mirror modes is the mirrored texel (-1 - i).  x, x' and x' - 1/2 are exact (double),
 * alpha is the fp32 rounding of the exact fraction.  A NaN coordinate selects texel 0. */
typedef enum tmu_address {
    TMU_ADDRESS_REPEAT = 0,                  /* Vulkan REPEAT, GCN WRAP */
    TMU_ADDRESS_MIRRORED_REPEAT = 1,         /* Vulkan MIRRORED_REPEAT, GCN MIRROR */
    TMU_ADDRESS_CLAMP_TO_EDGE = 2,           /* Vulkan CLAMP_TO_EDGE, GCN CLAMP_LAST_TEXEL */
    TMU_ADDRESS_MIRROR_CLAMP_TO_EDGE = 3,    /* Vulkan MIRROR_CLAMP_TO_EDGE, GCN MIRROR_ONCE_LAST_TEXEL */
    TMU_ADDRESS_CLAMP_HALF_BORDER = 4,       /* GL_CLAMP, GCN CLAMP_HALF_BORDER */
    TMU_ADDRESS_MIRROR_ONCE_HALF_BORDER = 5, /* GL_MIRROR_CLAMP_EXT, GCN MIRROR_ONCE_HALF_BORDER */
    TMU_ADDRESS_CLAMP_TO_BORDER = 6,         /* Vulkan CLAMP_TO_BORDER, GCN CLAMP_BORDER */
    TMU_ADDRESS_MIRROR_ONCE_BORDER = 7,      /* GL_MIRROR_CLAMP_TO_BORDER_EXT, GCN MIRROR_ONCE_BORDER */
} tmu_address;

/* Texel filters (within a level; docs/texture-unit.md §6).  CUBIC is VK_EXT_filter_cubic: taps i0 - 1 ..
 * i0 + 2 per axis (i0 = floor(u - 1/2), so 4 in 1D, 4x4 in 2D and cube faces, 4x4x4 in 3D)
 * with the Catmull-Rom weights of alpha = frac(u - 1/2) (quantised to 8 fraction bits first in the
 * NVIDIA models): w = 1/2 [1 a a^2 a^3] [[0 2 0 0] [-1 0 1 0] [2 -5 4 -1] [-1 3 -3 1]].  The extension
 * lets a device allow it per view type and format; tmu allows it on every sampled shape
 * (seamless cube maps read up to two texels across an edge, corners are the three-texel mean)
 * and every non-integer format, with any mip filter, reduction and depth compare, but not with
 * anisotropy (VUID-VkSamplerCreateInfo-magFilter-01081).  Weights may be negative: UNORM /
 * SNORM / compare results are clamped to their range afterwards. */
typedef enum tmu_filter { TMU_FILTER_NEAREST = 0, TMU_FILTER_LINEAR, TMU_FILTER_CUBIC } tmu_filter;

/* Reduction of the texels a filter reads (VK_EXT_sampler_filter_minmax, GCN S# FILTER_MODE):
 * the weighted average, or the component-wise minimum / maximum over the texels with a
 * non-zero weight (after depth compare when the op compares: Vulkan forbids that pairing,
 * GCN's S# has it), then over the two levels of mip LINEAR when both weights are non-zero (and
 * over the anisotropic probes).  fminf/fmaxf semantics: a NaN texel is ignored unless all are.
 * GATHER filters nothing: it returns its four texels in every reduction mode. */
typedef enum tmu_reduction {
    TMU_REDUCTION_WEIGHTED_AVERAGE = 0,
    TMU_REDUCTION_MIN,
    TMU_REDUCTION_MAX,
} tmu_reduction;

typedef enum tmu_mip_filter {
    TMU_MIP_NONE = 0, /* always the view's level 0 (unless the view's min_lod is higher) */
    TMU_MIP_NEAREST,
    TMU_MIP_LINEAR,
} tmu_mip_filter;

/* Depth compare functions, §8 (values as Vulkan VkCompareOp and GCN DEPTH_COMPARE_FUNC). */
typedef enum tmu_compare {
    TMU_COMPARE_NEVER = 0,
    TMU_COMPARE_LESS,
    TMU_COMPARE_EQUAL,
    TMU_COMPARE_LESS_OR_EQUAL,
    TMU_COMPARE_GREATER,
    TMU_COMPARE_NOT_EQUAL,
    TMU_COMPARE_GREATER_OR_EQUAL,
    TMU_COMPARE_ALWAYS,
} tmu_compare;

/* Precision model of filtering (§6.2, §6.3).
 *  EXACT:        alpha/beta/gamma are fp32 (spec-ideal).
 *  NVIDIA:       the datapath of an NVIDIA texture unit as measured on an H200 (§6.3): normalised
 *                coordinates truncated to 21 fraction bits, u - 1/2 rounded to 8 fraction bits,
 *                integer texel weights of 1/256 from one rounded product per axis split, the
 *                LOD fraction truncated to 8 bits, mip NEAREST ties up, an exact weighted sum
 *                rounded to the format's filter precision (8-bit UNORM and SNORM to 16 bits,
 *                fp16 and sRGB to fp16 after a block-floating-point alignment, fp32 to fp32),
 *                the GPU's sRGB table (every sRGB texel the model decodes goes through it:
 *                filtering, point sampling, gathers and FETCH alike, so FETCH of an sRGB texel
 *                differs from the exact decode of EXACT by up to about 2^-9 relative; the
 *                table was recorded with point sampling, FETCH through it is not measured),
 *                its border-colour rounding, denormal coordinates read
 *                as 0, its LOD from 2D gradients (octagonal lengths, a log2 table).  All
 *                49 724 recorded lookups are bit-identical (tests/unit/test_unit_nvidia.c).
 *                Runs on the
 *                general path (no SIMD fast path).
 *  NVIDIA_TRUNC: fp32 filtering with alpha/beta/gamma truncated to 8 fraction bits
 *                (q = floor(a * 256) / 256): the other reading of CUDA's documentation, kept for
 *                comparison; not what the hardware does.
 * The mip-level fraction stays fp32 in EXACT and NVIDIA_TRUNC. */
typedef enum tmu_precision {
    TMU_PRECISION_EXACT = 0,
    TMU_PRECISION_NVIDIA,
    TMU_PRECISION_NVIDIA_TRUNC,
} tmu_precision;

/* Sampler state.  Zero-initialised = repeat, nearest, no mips, unnormalised... so set
 * at least `normalized`; tmu_sampler_default() gives a sensible start. */
typedef struct tmu_sampler {
    tmu_address address[3];  /* per axis u, v, w (ignored for cube maps when seamless) */
    tmu_filter mag_filter;   /* lambda <= 0 */
    tmu_filter min_filter;   /* lambda > 0 */
    tmu_mip_filter mip_filter;
    uint8_t normalized;      /* 1: coordinates in [0,1) span the texture; 0: texel units */
    uint8_t seamless_cube;   /* 1: linear cube filtering reads across faces */
    tmu_compare compare_op;  /* used by ops with op.compare set */
    tmu_precision precision;
    float lod_bias;          /* added to every computed/explicit LOD */
    float min_lod, max_lod;  /* clamp of the final LOD */
    float border_f[4];       /* border colour for float/normalised/depth formats (depth: border_f[0]) */
    uint32_t border_u[4];    /* border colour for UINT/SINT formats (raw 32-bit values) */
                             /* Either is converted to the format like a texel write (clamped to
                              * its range and rounded, docs/texture-unit.md §12) and replaces only the
                              * components the format has (Vulkan "Border Replacement"). */
    tmu_reduction reduction; /* weighted average (default), min or max */
    float max_anisotropy;    /* anisotropic filtering when > 1 (Vulkan maxAnisotropy, at most
                              * TMU_MAX_ANISOTROPY); <= 1 (or NaN) = off.  With derivative LOD
                              * (implicit, bias, grad) and any shape, filter and mip filter:
                              * rho_x, rho_y = lengths of the texel-space derivatives (cube: face
                              * space), eta = min(rho_max / rho_min, max_anisotropy) (1 when both
                              * are 0, max_anisotropy when only rho_min is), N = ceil(eta) probes,
                              * lambda_base = log2(rho_max / eta) (precision NVIDIA: that model's
                              * own isotropic lambda of the derivatives minus log2(eta), so an
                              * isotropic footprint, eta = 1, gives plain filtering's lambda in
                              * every model).  Probe i = 1..N samples at
                              * coord + (i / (N + 1) - 1/2) * d(coord)/d(major), major = x when
                              * rho_x > rho_y else y (cube: the direction; each probe picks its
                              * face), and the N results are averaged (1/N each) or reduced by
                              * min / max.  This is the Vulkan specification's reference
                              * description (textures "Texel Anisotropic Filtering"); it matches no
                              * GPU bit for bit (vendors do not document theirs; SwiftShader, for
                              * one, steps its probes from its own start / step tables). */
} tmu_sampler;

/* Returns a sampler with repeat addressing, linear filters, no mips, normalised
 * coordinates, seamless cube, exact precision, lod range [0, 1000], border (0,0,0,0). */
tmu_sampler tmu_sampler_default(void);

/* Number of texels of level `level` along an axis of level-0 size `size` (max(1, size >> level)). */
uint32_t tmu_level_size(uint32_t size, uint32_t level);

/* Checks that `tex` is well-formed: shape fields consistent with `dim`, format known,
 * levels within the mip chain, view fields inside the image (min_lod in range),
 * pitches large enough and every texel of every level,
 * layer and sample inside [data, data + size).  On failure fills `diag` (may be NULL)
 * naming the field and returns TMU_ERR_INVALID_ARGUMENT. */
tmu_status tmu_texture_validate(const tmu_texture *tex, tmu_diag *diag);

/* Bytes a tightly packed texture of this shape needs (all levels, layers, samples;
 * levels one after another, rows and slices packed).  0 for an impossible shape. */
size_t tmu_texture_packed_size(tmu_dim dim, tmu_format format, uint32_t width, uint32_t height,
                               uint32_t depth, uint32_t layers, uint32_t levels, uint32_t samples);

/* Fills `tex` for a tightly packed texture in `memory` (`size` bytes, at least
 * tmu_texture_packed_size()), identity swizzle, no residency map, then validates it.
 * Returns the validation status (diag may be NULL). */
tmu_status tmu_texture_init_packed(tmu_texture *tex, tmu_dim dim, tmu_format format,
                                   uint32_t width, uint32_t height, uint32_t depth,
                                   uint32_t layers, uint32_t levels, uint32_t samples,
                                   const void *memory, size_t size, tmu_diag *diag);

/* Address of texel (x, y, z_or_layer, sample) of `level`, or NULL when outside the
 * level.  Handy for callers filling a texture laid out by tmu_texture_init_packed (tiled
 * levels give their texel's address in the surface too). */
const void *tmu_texel_address(const tmu_texture *tex, uint32_t level, uint32_t x, uint32_t y,
                              uint32_t z_or_layer, uint32_t sample);

/* Name of a shape ("2d", "cube_array", ...), of an address mode ("repeat", ...), of a
 * filter and of a compare op; "invalid" when out of range. */
const char *tmu_dim_name(tmu_dim dim);
const char *tmu_address_name(tmu_address mode);
const char *tmu_compare_name(tmu_compare op);

#ifdef __cplusplus
}
#endif
#endif
