/* tmu — executing Adreno ir3 category-5 instructions (a3xx–a7xx) on a wave of fibers.
 *
 * A tmu_ir3_wave is the machine state one cat5 instruction reads and writes: per fiber the
 * full registers r0.x–r47.w, the half registers (a separate file on a3xx–a5xx, merged into
 * the full ones from a6xx on), a0.x, a1.x and p0.x–w, the shared registers r48.x–r55.w
 * (a5xx and later), the active-fiber mask, and which results are still in flight ((sy)).
 * A tmu_ir3_bindings names the textures and samplers an instruction can reach in every
 * descriptor mode (immediate t#/s#, s2en indices from a register or a1.x, bindless base
 * registers), each either a tmu_texture / tmu_sampler or a raw a6xx/a7xx descriptor that
 * tmu decodes itself (A6XX_TEX_CONST, 16 dwords; A6XX_TEX_SAMP, 4 dwords).
 *
 * tmu_ir3_execute() decodes a word, lifts it to a tmu_op, gathers the operands of every
 * active fiber with Mesa's layout (ir3.h tmu_ir3_operands_get), runs the texture unit
 * (unit.h) once per group of fibers that use the same texture and sampler, and writes the
 * results back with ir3's rules (WRMASK, TYPE, half registers).  Instructions that do not
 * touch a texture (dsx/dsy, dsxpp.1/dsypp.1, brcst.active, quad_shuffle, rgetpos) run on the
 * register file directly.  Facts: docs/ir3-cat5.md; the choices tmu makes where
 * Mesa is silent are listed with each function below and in the README.
 *
 * Memory: a tmu_ir3_wave is about 150 KB; callers allocate it (heap, or static storage).
 * Execution allocates nothing and keeps no global state: different waves may run on
 * different threads; the bindings and everything they point to are only read. */
#ifndef TMU_IR3_EXEC_H
#define TMU_IR3_EXEC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tmu/ir3.h"
#include "tmu/layout.h"
#include "tmu/status.h"
#include "tmu/texture.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Machine state ----------------------------------------------------------------------- */

/* Most fibers of one wave (a6xx/a7xx wave128). */
#define TMU_IR3_MAX_FIBERS 128
/* Full register components per fiber: r0.x .. r47.w (register number 4 * n + component). */
#define TMU_IR3_NUM_GPR 192
/* Shared register components: r48.x .. r55.w (numbers 192..223), one copy per wave. */
#define TMU_IR3_NUM_SHARED 32

/* Register numbers (as in tmu_ir3_reguse.reg) of the non-GPR registers. */
#define TMU_IR3_REG_A0 244u /* a0.x */
#define TMU_IR3_REG_P0 248u /* p0.x .. p0.w = 248 .. 251 */
#define TMU_IR3_REG_A1 252u /* a1.x */

/* Wave options (tmu_ir3_wave.flags). */
enum {
    /* GL s2en (non-bindless) index pair: by default SRC3 holds (texture, sampler) in
     * hrN.c, hrN.c+1 as newest Mesa builds it; with this flag (sampler, texture) as
     * Mesa 2023-24 built it.  docs/ir3-cat5.md §2: the order was never observable in Mesa's
     * use (equal indices) and is unverified. */
    TMU_IR3_WAVE_S2EN_SAMPLER_FIRST = 1u << 0,
};

/* Most hazards one step reports. */
#define TMU_IR3_MAX_HAZARDS 24

/* The state of one wave.  Initialise with tmu_ir3_wave_init(); then set registers with
 * tmu_ir3_reg_set() (or the arrays directly) and the active mask.  Register files:
 *  - gpr[f][4n+c]: full register rN.c of fiber f.  From a6xx on (Mesa's mergedregs) the
 *    half registers live here too: hrN.c (half number h = 4N + c) is the low (h even) or
 *    high (h odd) 16 bits of full register number h / 2, so hr0.x/hr0.y are the halves of
 *    r0.x, and hr0.x .. hr47.w cover r0.x .. r23.w (Mesa ir3_ra: half unit h, full 2n).
 *  - hgpr[f][4n+c]: the separate half register file hr0.x .. hr47.w of a3xx–a5xx.
 *  - shared[]/hshared[]: r48.x .. r55.w (and hr48.x .. hr55.w), a5xx and later; merged the
 *    same way on a6xx+ (hr48.x, hr48.y are the halves of r48.x).
 *  - a0[f], a1[f]: a0.x and a1.x; p0[f][c]: p0.c (a value 0 or 1).
 * pending/hpending: one bit per full / separate-half register component (index = register
 * number) whose value a cat5 instruction produced and no (sy) has waited for yet. */
typedef struct tmu_ir3_wave {
    uint32_t gpu_id;          /* Mesa GPU id, 300 .. 899 (a8xx executes as a7xx) */
    uint32_t fibers;          /* fibers in this wave: a3xx 8/16, a4xx-a5xx 32/64, a6xx+ 64/128 */
    uint64_t active[2];       /* fiber n is active when bit n % 64 of active[n / 64] is set */
    uint32_t flags;           /* TMU_IR3_WAVE_* */
    uint32_t samples;         /* samples of the render target (rgetpos): 1, 2, 4, 8 or 16 */
    const float *sample_pos;  /* NULL: the standard positions; else `samples` pairs x, y in [0, 1) */
    uint32_t gpr[TMU_IR3_MAX_FIBERS][TMU_IR3_NUM_GPR];
    uint16_t hgpr[TMU_IR3_MAX_FIBERS][TMU_IR3_NUM_GPR];
    uint32_t shared[TMU_IR3_NUM_SHARED];
    uint16_t hshared[TMU_IR3_NUM_SHARED];
    uint32_t a0[TMU_IR3_MAX_FIBERS];
    uint32_t a1[TMU_IR3_MAX_FIBERS];
    uint8_t p0[TMU_IR3_MAX_FIBERS][4];
    uint64_t pending[4];      /* bit r: full register number r (0..223) is in flight */
    uint64_t hpending[4];     /* a3xx-a5xx: half register number r is in flight */
    uint64_t fine_pair;       /* word of a dsxpp.1/dsypp.1 whose .p half may follow (0 = none) */
    uint32_t steps;           /* instructions executed so far */
} tmu_ir3_wave;

/* Prepares `wave` for `gpu_id` (300..899) with `fibers` fibers: every register 0, every
 * fiber active, nothing pending, one sample.  fibers must be the generation's wave size or
 * its double (a3xx 8/16, a4xx-a5xx 32/64, a6xx+ 64/128, Mesa's threadsize_base); else
 * TMU_ERR_INVALID_ARGUMENT with diag (may be NULL) saying which sizes exist. */
tmu_status tmu_ir3_wave_init(tmu_ir3_wave *wave, uint32_t gpu_id, uint32_t fibers, tmu_diag *diag);

/* True when the generation has a separate half register file (a3xx-a5xx), false when half
 * registers alias the full ones (a6xx and later). */
bool tmu_ir3_wave_separate_half(uint32_t gpu_id);

/* Reads register `reg` (tmu_ir3_reguse numbering: 4 * n + c, TMU_IR3_REG_A0/P0/A1), `half` for
 * hrN.c, of fiber `fiber` into *value (16-bit values zero-extended).  TMU_ERR_RANGE for a
 * register the generation does not have (r56.x .. r60.w, shared registers before a5xx,
 * half a0/a1/p0), TMU_ERR_INVALID_ARGUMENT for a bad fiber or NULL. */
tmu_status tmu_ir3_reg_get(const tmu_ir3_wave *wave, uint32_t fiber, uint16_t reg, bool half, uint32_t *value);

/* Writes register `reg` of fiber `fiber` (half registers take the low 16 bits of value;
 * shared registers are one per wave, the fiber only selects nothing).  Same errors as
 * tmu_ir3_reg_get.  Does not change what is pending. */
tmu_status tmu_ir3_reg_set(tmu_ir3_wave *wave, uint32_t fiber, uint16_t reg, bool half, uint32_t value);

/* Parses a register name ("r1.x", "hr2.w", "r48.y", "a0.x", "a1.x", "p0.z") into its number
 * and halfness.  TMU_ERR_PARSE with diag saying why for anything else. */
tmu_status tmu_ir3_reg_parse(const char *text, uint16_t *reg, bool *half, tmu_diag *diag);

/* ---- Raw a6xx/a7xx descriptors ------------------------------------------------------------ */

/* Fields of the texture descriptor A6XX_TEX_CONST (16 dwords) and the sampler descriptor
 * A6XX_TEX_SAMP (4 dwords), named as in Mesa's freedreno register database
 * (src/freedreno/registers/adreno/a6xx_descriptors.xml).  Some fields overlap: which one
 * a descriptor uses depends on its kind (tmu_ir3_tdesc.kind). */
typedef enum tmu_ir3_tdesc_field {
    TMU_IR3_T_TILE_MODE, TMU_IR3_T_SRGB, TMU_IR3_T_SWIZ_X, TMU_IR3_T_SWIZ_Y, TMU_IR3_T_SWIZ_Z,
    TMU_IR3_T_SWIZ_W, TMU_IR3_T_MIPLVLS, TMU_IR3_T_CHROMA_MIDPOINT_X, TMU_IR3_T_CHROMA_MIDPOINT_Y,
    TMU_IR3_T_SAMPLES, TMU_IR3_T_FMT, TMU_IR3_T_SWAP,
    TMU_IR3_T_WIDTH, TMU_IR3_T_HEIGHT, TMU_IR3_T_MUTABLEEN,
    TMU_IR3_T_STRUCTSIZETEXELS, TMU_IR3_T_STARTOFFSETTEXELS, TMU_IR3_T_PITCHALIGN, TMU_IR3_T_PITCH,
    TMU_IR3_T_TYPE,
    TMU_IR3_T_ARRAY_PITCH, TMU_IR3_T_MIN_LAYERSZ, TMU_IR3_T_TILE_ALL, TMU_IR3_T_FLAG,
    TMU_IR3_T_BASE_LO, TMU_IR3_T_BASE_HI, TMU_IR3_T_DEPTH,
    TMU_IR3_T_MIN_LOD_CLAMP, TMU_IR3_T_PLANE_PITCH, TMU_IR3_T_LOG2_PHASES, TMU_IR3_T_DILATION,
    TMU_IR3_T_FLAG_LO, TMU_IR3_T_FLAG_HI, TMU_IR3_T_FILTER_SIZE_X, TMU_IR3_T_FILTER_SIZE_Y,
    TMU_IR3_T_FLAG_BUFFER_ARRAY_PITCH, TMU_IR3_T_FLAG_BUFFER_PITCH, TMU_IR3_T_FLAG_BUFFER_LOGW,
    TMU_IR3_T_FLAG_BUFFER_LOGH, TMU_IR3_T_FILTER_OFFSET_X, TMU_IR3_T_FILTER_OFFSET_Y,
    TMU_IR3_T_COUNT
} tmu_ir3_tdesc_field;

typedef enum tmu_ir3_sdesc_field {
    TMU_IR3_S_MIPFILTER_LINEAR_NEAR, TMU_IR3_S_XY_MAG, TMU_IR3_S_XY_MIN, TMU_IR3_S_WRAP_S,
    TMU_IR3_S_WRAP_T, TMU_IR3_S_WRAP_R, TMU_IR3_S_ANISO, TMU_IR3_S_LOD_BIAS,
    TMU_IR3_S_CLAMPENABLE, TMU_IR3_S_COMPARE_FUNC, TMU_IR3_S_CUBEMAPSEAMLESSFILTOFF,
    TMU_IR3_S_UNNORM_COORDS, TMU_IR3_S_MIPFILTER_LINEAR_FAR, TMU_IR3_S_MAX_LOD, TMU_IR3_S_MIN_LOD,
    TMU_IR3_S_REDUCTION_MODE, TMU_IR3_S_FASTBORDERCOLOR, TMU_IR3_S_FASTBORDERCOLOREN,
    TMU_IR3_S_CHROMA_LINEAR, TMU_IR3_S_BCOLOR,
    TMU_IR3_S_COUNT
} tmu_ir3_sdesc_field;

/* Which fields of A6XX_TEX_CONST a descriptor uses (Mesa's desctype). */
typedef enum tmu_ir3_tdesc_kind {
    TMU_IR3_TDESC_AUTO = 0,     /* tmu_ir3_tdesc_decode: choose from TYPE and FMT */
    TMU_IR3_TDESC_SINGLE_PLANE, /* images */
    TMU_IR3_TDESC_MULTI_PLANE,  /* 2- and 3-plane YUV formats */
    TMU_IR3_TDESC_BUFFER,       /* TYPE BUFFER / IMG_BUFFER */
    TMU_IR3_TDESC_WEIGHT,       /* VK_QCOM_image_processing weight descriptors */
} tmu_ir3_tdesc_kind;

/* One field row: where it is and how it is shown ("dN[hi:lo] NAME = value (meaning)"). */
typedef struct tmu_ir3_desc_field_info {
    uint8_t id;                 /* tmu_ir3_tdesc_field or tmu_ir3_sdesc_field */
    const char *name;           /* as in a6xx_descriptors.xml */
    uint8_t dword, lo, width;
    uint8_t shr;                /* the field holds value >> shr (ARRAY_PITCH 12, BASE_LO 5, ...) */
    uint8_t kinds;              /* bit k set: used by tmu_ir3_tdesc_kind k (sampler rows: 1) */
    uint8_t show;               /* how the value is printed (internal) */
    const char *const *values;  /* enum names by value (NULL entries = not in the enum) */
    uint8_t nvalues;
    uint16_t gpu_min;           /* first GPU id with the field (MUTABLEEN: 700) */
} tmu_ir3_desc_field_info;

/* Rows of the texture / sampler descriptor tables in dword/bit order; *count = rows. */
const tmu_ir3_desc_field_info *tmu_ir3_tdesc_fields(size_t *count);
const tmu_ir3_desc_field_info *tmu_ir3_sdesc_fields(size_t *count);

/* A decoded texture descriptor: the dwords and the raw value of every field. */
typedef struct tmu_ir3_tdesc {
    uint32_t gpu_id;
    tmu_ir3_tdesc_kind kind;
    uint32_t dw[16];
    uint32_t f[TMU_IR3_T_COUNT];
} tmu_ir3_tdesc;

/* A decoded sampler descriptor. */
typedef struct tmu_ir3_sdesc {
    uint32_t gpu_id;
    uint32_t dw[4];
    uint32_t f[TMU_IR3_S_COUNT];
} tmu_ir3_sdesc;

/* Decodes 16 dwords as A6XX_TEX_CONST for `gpu_id` (600..899; a3xx-a5xx descriptors have other
 * layouts and are refused with TMU_ERR_UNSUPPORTED).  kind AUTO picks BUFFER for TYPE BUFFER /
 * IMG_BUFFER, MULTI_PLANE for the 2/3-plane FMT values, else SINGLE_PLANE.  Never fails on the
 * bits themselves: values the texture unit cannot use are reported by tmu_ir3_tdesc_to_texture. */
tmu_status tmu_ir3_tdesc_decode(uint32_t gpu_id, const uint32_t dw[16], tmu_ir3_tdesc_kind kind,
                                tmu_ir3_tdesc *out, tmu_diag *diag);
/* Decodes 4 dwords as A6XX_TEX_SAMP (600..899). */
tmu_status tmu_ir3_sdesc_decode(uint32_t gpu_id, const uint32_t dw[4], tmu_ir3_sdesc *out, tmu_diag *diag);

/* Builds descriptor dwords from field values (fields of other kinds must be 0): the inverse
 * of decode.  TMU_ERR_RANGE naming the field when a value does not fit. */
tmu_status tmu_ir3_tdesc_encode(const tmu_ir3_tdesc *desc, uint32_t dw[16], tmu_diag *diag);
tmu_status tmu_ir3_sdesc_encode(const tmu_ir3_sdesc *desc, uint32_t dw[4], tmu_diag *diag);

/* Pretty-prints every field the descriptor's kind uses, one "dN[hi:lo] NAME = value
 * (meaning)" line each.  Returns the length written (NUL-terminated) or -1 when too small. */
int tmu_ir3_tdesc_print(const tmu_ir3_tdesc *desc, char *buf, size_t size);
int tmu_ir3_sdesc_print(const tmu_ir3_sdesc *desc, char *buf, size_t size);

/* Name of an a6xx_format value ("FMT6_8_8_8_8_UNORM"), or NULL when the enum has none. */
const char *tmu_ir3_fmt6_name(unsigned fmt);
/* The tmu format a FMT / SWAP / SRGB combination reads as (Mesa's fd6 texture format table:
 * e.g. 8_8_8_8_UNORM + WXYZ = b8g8r8a8_unorm; A8_UNORM, 8_8_8_UNORM, 8_8_8_X8_UNORM, L8_A8_UNORM
 * and 32_FIXED by their names, docs/ir3-cat5.md §6.1), or TMU_FORMAT_INVALID. */
tmu_format tmu_ir3_fmt6_to_format(unsigned fmt, unsigned swap, bool srgb);

/* A range of GPU memory the caller maps: `size` bytes at GPU address `gpu_addr` are
 * readable at `data`.  Raw texture descriptors find their texels through these. */
typedef struct tmu_ir3_memory {
    uint64_t gpu_addr;
    const void *data;
    size_t size;
} tmu_ir3_memory;

/* Fills `out` from a texture descriptor: dim (TYPE; the array/non-array and multisample
 * choice is made per instruction, so TYPE 2D gives 2d_array when DEPTH > 1), format
 * (FMT/SWAP/SRGB), size (WIDTH, HEIGHT, DEPTH: 3D depth, array layers, cubes), levels
 * (MIPLVLS + 1), samples, swizzle (SWIZ_*), min_lod (MIN_LOD_CLAMP) and, when `memory` maps
 * the texels, the level memory of a linear layout: level 0 at BASE with PITCH and
 * ARRAY_PITCH, level n with pitch align(PITCH >> n, 64 << PITCHALIGN) right after level n-1
 * inside each layer (3D: level n slices of max(ARRAY_PITCH >> 2n, MIN_LAYERSZ) bytes), as
 * Mesa's fdl6 layout places them; a linear descriptor's own PITCH / ARRAY_PITCH / MIN_LAYERSZ
 * are honoured.  With memory NULL only the shape is filled (level memory NULL).
 * TMU_ERR_UNSUPPORTED naming the field for what the texture unit cannot read: TILE_MODE 3
 * (use tmu_ir3_tdesc_to_texture_tiled), TILE_MODE 2 (TILE6_2: no known element order), FLAG
 * (UBWC), FMT without a tmu format, multi-plane and weight descriptors, TYPE values 6/7, linear
 * multisample memory (a6xx interleaves samples per texel), buffers longer than TMU_MAX_SIZE;
 * TMU_ERR_RANGE when BASE or a level lies outside the mapped memory. */
tmu_status tmu_ir3_tdesc_to_texture(const tmu_ir3_tdesc *desc, const tmu_ir3_memory *memory, size_t num_memory,
                                    tmu_texture *out, tmu_diag *diag);

/* The Adreno layout preset (include/tmu/layout.h) whose tiling a GPU id's tiled descriptors
 * use: the preset of that id (610, 630, 660, 730, 750), or for a generation alone the default
 * a630 (600, "a6xx") and a730 (700, "a7xx").  NULL with TMU_ERR_UNSUPPORTED in diag (naming the
 * presets) for any other id: the bank-swizzle facts differ between chips, so tmu does not guess. */
const tmu_adreno_gpu *tmu_ir3_layout_gpu(uint32_t gpu_id, tmu_diag *diag);

/* tmu_ir3_tdesc_to_texture for every TILE_MODE it reads, including TILE6_3: the texture is laid
 * out as Mesa's fdl6_layout lays out an image of the descriptor's FMT (bytes per texel), WIDTH,
 * HEIGHT, DEPTH (3D depth, or layers; cubes 6 x DEPTH), MIPLVLS + 1 levels, SAMPLES, TYPE 3D,
 * TILE_ALL, on `gpu` (NULL: tmu_ir3_layout_gpu(desc->gpu_id)), into `surf` (caller storage that
 * must outlive `out`: its levels sample the tiled memory through tmu_level.surface).  Inputs the
 * descriptor does not hold: is_mutable is MUTABLEEN on a7xx and, on a6xx, PITCHALIGN 2 for
 * two-component 2-byte formats (fdl6_layout aligns mutable ones so); depth/stencil is FMT
 * Z24_UNORM_S8_UINT, or any TILE6_3 surface narrower than 16 texels (fdl6_layout keeps only
 * those tiled).  Then PITCH, PITCHALIGN, ARRAY_PITCH (with more than one layer / 3D slice),
 * MIN_LAYERSZ (3D with more than one slice; bits 12-15 of the last level's slice size, as Mesa
 * packs it) and TILE_ALL must equal what fdl6_view_init writes for that surface: a mismatch
 * is refused (TMU_ERR_UNSUPPORTED naming every differing field with both values), never
 * guessed around, so a view whose base level is not the image's level 0 is refused when its
 * PITCH differs.  Levels follow the layout's own per-level tile mode (levels narrower than 16
 * texels linear unless TILE_ALL: the linear-mipmap fallback) and samples its per-pixel order.
 * With `memory`, the whole surface (tmu_surface.size bytes from BASE) must lie in one mapped
 * range (TMU_ERR_RANGE otherwise); every level's data is that base and its size the bytes
 * mapped from there, so no fetch reads outside.  Refused by name: TILE6_2 (no element order),
 * FLAG (UBWC), texels of 3 or 12 bytes (not tiled), 32-byte pixels (16-byte formats with 2+
 * samples: no known element order), and the layout's own limits (16384 texels, 2048 layers).
 * TILE_MODE 0 descriptors give what tmu_ir3_tdesc_to_texture gives (surf unused).  The rules and
 * their sources: docs/ir3-cat5.md §6.2 (layouts) and docs/ir3-cat5.md §6.3 (presets). */
tmu_status tmu_ir3_tdesc_to_texture_tiled(const tmu_ir3_tdesc *desc, const tmu_adreno_gpu *gpu,
                                          const tmu_ir3_memory *memory, size_t num_memory, tmu_surface *surf,
                                          tmu_texture *out, tmu_diag *diag);

/* Border colours a raw sampler's BCOLOR selects (the driver's border-colour table; entry n of
 * the hardware table is 128 bytes, tmu takes the float and integer colours). */
typedef struct tmu_ir3_border {
    float f[4];
    uint32_t u[4];
} tmu_ir3_border;

/* Fills `out` from a sampler descriptor: filters (XY_MAG/XY_MIN NEAREST, LINEAR, ANISO =
 * linear with max_anisotropy 1 << ANISO, CUBIC), mip filter (LINEAR when both
 * MIPFILTER_LINEAR_NEAR and _FAR are set, NEAREST when neither), address modes (REPEAT,
 * CLAMP_TO_EDGE, MIRROR_REPEAT, CLAMP_TO_BORDER, MIRROR_CLAMP = mirror clamp to edge),
 * compare function, seamless cube, normalised coordinates, LOD bias / min / max, reduction,
 * border colour (FASTBORDERCOLOR when FASTBORDERCOLOREN, else entry BCOLOR of `border`).
 * TMU_ERR_UNSUPPORTED naming the field for WRAP 5-7, REDUCTION_MODE 3, ANISO 5-7, a lone
 * MIPFILTER_LINEAR_NEAR or _FAR, and a BCOLOR entry `border` does not have (only checked
 * when an address mode is CLAMP_TO_BORDER).  CLAMPENABLE = 0 is accepted: the texture unit
 * always clamps filtered UNORM/SNORM results (they differ only by rounding overshoot);
 * CHROMA_LINEAR only affects YUV formats, which tmu refuses. */
tmu_status tmu_ir3_sdesc_to_sampler(const tmu_ir3_sdesc *desc, const tmu_ir3_border *border, size_t num_border,
                                    tmu_sampler *out, tmu_diag *diag);

/* ---- Bindings ------------------------------------------------------------------------------ */

/* One descriptor slot.  raw, when set, is descriptor memory as the hardware reads it (a6xx+):
 * 16 dwords when the slot is used as a texture, the first 4 as a sampler (bindless sets
 * share one array of 16-dword slots for both).  Otherwise texture / sampler are used (either
 * may be NULL when the slot is only used for the other). */
typedef struct tmu_ir3_slot {
    const tmu_texture *texture;
    const tmu_sampler *sampler;
    const uint32_t *raw;
} tmu_ir3_slot;

/* What an instruction can reach.  tex[]/samp[]: the t#/s# slots of the non-bindless modes
 * (immediate indices, or indices from SRC3 in the .s2en modes).  set[b]: the descriptor set
 * bindless base register b (0..7) points to.  memory/border: for raw descriptors.
 * layout_gpu: the Adreno preset whose layout raw TILE6_3 descriptors follow (NULL: the wave's
 * GPU id's, tmu_ir3_layout_gpu). */
typedef struct tmu_ir3_bindings {
    const tmu_ir3_slot *tex;
    uint32_t num_tex;
    const tmu_ir3_slot *samp;
    uint32_t num_samp;
    const tmu_ir3_slot *set[8];
    uint32_t set_size[8];
    const tmu_ir3_memory *memory;
    size_t num_memory;
    const tmu_ir3_border *border;
    size_t num_border;
    const tmu_adreno_gpu *layout_gpu;
} tmu_ir3_bindings;

/* ---- Execution ------------------------------------------------------------------------------ */

/* What one executed instruction did. */
typedef struct tmu_ir3_step {
    tmu_ir3_instr instr;           /* the decoded instruction */
    tmu_ir3_operands operands;     /* registers read (with their roles) and written */
    unsigned num_hazards;          /* registers read while still pending, without (sy) */
    tmu_ir3_reguse hazards[TMU_IR3_MAX_HAZARDS];
    uint32_t fibers_written;       /* active fibers whose destination was written */
    uint64_t written[2];           /* which: bit n % 64 of written[n / 64] for fiber n */
    uint32_t groups;               /* texture-unit calls (distinct texture/sampler pairs) */
} tmu_ir3_step;

/* Executes one cat5 word on `wave` (tmu_ir3_decode with wave->gpu_id, then
 * tmu_ir3_execute_instr).  `step` (may be NULL) receives what happened. */
tmu_status tmu_ir3_execute(tmu_ir3_wave *wave, const tmu_ir3_bindings *bindings, uint64_t word,
                           tmu_ir3_step *step, tmu_diag *diag);

/* Executes a decoded instruction for every active fiber.
 *  - (sy) first waits for every pending result (clears pending); then every register the
 *    instruction reads that is still pending is reported in step->hazards (the value read is
 *    the one written, as tmu writes results at once); then the destinations become pending.
 *  - Sources: FULL = 0 makes them half registers (f16 floats, 16-bit integers sign-extended);
 *    the destination is half for TYPE f16/u16/s16/u8.  Only the WRMASK components of the
 *    destination group are written, only for active fibers.
 *  - Texture operands follow Mesa's emit_tex (docs/ir3-cat5.md §5.1, §5.3): 1D is sampled with a
 *    padding y, the array index is truncated on a4xx+ (Mesa adds 0.5) and rounded on a3xx,
 *    a3xx isaml coordinates are shifted left by the LOD and a3xx multisample fetches use
 *    isaml with x = (x << log2 samples) + sample; a3xx getsize/getinfo report levels and
 *    array sizes zero-based.
 *  - getlod: x = level accessed, y = computed LOD (the unit's query_lod), as 4.8 fixed point
 *    (round to nearest even; the hardware's rounding is not documented).
 *  - .rck (TYPE 7): writes 1 to x when the access would touch a non-resident tile, else 0
 *    (the XML: "returns if the access would've accessed a non-resident page").
 * Refused with TMU_ERR_UNSUPPORTED (nothing written): conv, convm, getpos, tcinv,
 * img_bindless.*, samgp0-3 and rgetinfo (no documented semantics), the forms Mesa documents
 * as absent or broken (sam.p on a4xx+, .p with .3d on a3xx, isam.v without bit 18, isamm on
 * a3xx) and operand combinations without a defined meaning (each error says which).  On any
 * error the wave is unchanged.  TMU_ERR_RANGE for indices outside the bindings, registers
 * outside the files. */
tmu_status tmu_ir3_execute_instr(tmu_ir3_wave *wave, const tmu_ir3_bindings *bindings, const tmu_ir3_instr *in,
                                 tmu_ir3_step *step, tmu_diag *diag);

#ifdef __cplusplus
}
#endif
#endif
