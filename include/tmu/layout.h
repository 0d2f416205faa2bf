/* tmu — surface layouts: where element (x, y, slice, sample) of mip level L lives in memory.
 *
 * A surface is described by a tmu_surface_desc (element size, extent, levels, samples, the
 * vendor's tiling selector and flags) and, for AMD, by the chip's address registers
 * (tmu_amd_chip: GB_ADDR_CONFIG, the 32 GB_TILE_MODE and 16 GB_MACROTILE_MODE dwords).
 * tmu_surface_init_amd() computes what AMD's address library (addrlib) computes for it:
 * padded pitch / height / depth, level and slice sizes, base alignment, the tile mode each level
 * really uses, per-level offsets, and an internal description from which
 * tmu_surface_address() gives the byte address of any element.
 *
 *  - gfx6, gfx7, gfx8 and the PS4's Liverpool (TMU_LAYOUT_AMD_GFX6): tile-index modes.  Each
 *    level is laid out as addrlib's AddrComputeSurfaceInfo lays out that level alone (level L of
 *    width max(1, w >> L) ..., with the level-0 pitch as basePitch); level offsets follow Mesa's
 *    ac_surface convention offset(L) = align(offset(L-1) + size(L-1), base_align(L)).
 *  - gfx9, gfx10, gfx10.3, gfx11 (TMU_LAYOUT_AMD_GFX9): swizzle modes, as Addr2ComputeSurfaceInfo
 *    lays out the whole mip chain (mip tail included) and Addr2ComputeSurfaceAddrFromCoord
 *    addresses it (gfx11: its 256 KB modes too, AddrSwizzleMode 28..31).
 *
 * Everything here is pure arithmetic on caller-owned structs: no allocation, no global state,
 * thread-safe.  The conformance data is AMD's own addrlib output (tests/data/amd-tiling-*.tsv,
 * see their headers); docs/layouts.md describes the rules and tmu's choices where addrlib is
 * silent. */
#ifndef TMU_LAYOUT_H
#define TMU_LAYOUT_H

#include <stddef.h>
#include <stdint.h>

#include "tmu/status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Most mip levels a surface may have (same as TMU_MAX_LEVELS of texture.h). */
#define TMU_SURFACE_MAX_LEVELS 16

typedef enum tmu_layout_kind {
    TMU_LAYOUT_LINEAR = 0,   /* not tiled: rows of elements (tmu_level pitches) */
    TMU_LAYOUT_AMD_GFX6,     /* AMD gfx6-gfx8 tile-index modes (incl. PS4 Liverpool) */
    TMU_LAYOUT_AMD_GFX9,     /* AMD gfx9-gfx11 swizzle modes */
    TMU_LAYOUT_ADRENO6,      /* Adreno a6xx / a7xx (freedreno fdl6 layouts; see the end) */
} tmu_layout_kind;

/* AMD generations (addrlib chip engine). */
typedef enum tmu_amd_gen {
    TMU_AMD_GFX6 = 6,     /* SI: Tahiti, Pitcairn, Verde, Oland, Hainan */
    TMU_AMD_GFX7 = 7,     /* CI: Bonaire, Hawaii, Kaveri, Kabini, PS4 Liverpool */
    TMU_AMD_GFX8 = 8,     /* VI: Tonga, Fiji, Polaris, Carrizo, Stoney */
    TMU_AMD_GFX9 = 9,     /* Vega10, Vega12, Vega20, Raven */
    TMU_AMD_GFX10 = 10,   /* Navi10, Navi12, Navi14 */
    TMU_AMD_GFX10_3 = 103, /* Navi21-class (Sienna Cichlid, ...) */
    TMU_AMD_GFX11 = 11    /* RDNA3: Navi31, Navi32, Navi33 (gfx1100 .. gfx1102) */
} tmu_amd_gen;

/* A chip's address registers: what addrlib is initialised with.  gfx9+ uses only `gen`,
 * `family`, `revision` and `gb_addr_config`.  `family` / `revision` are the kernel's
 * AMDGPU_FAMILY_* and chip external revision (addrlib uses them to pick chip quirks). */
typedef struct tmu_amd_chip {
    char name[32];
    tmu_amd_gen gen;
    uint32_t family, revision;
    uint32_t gb_addr_config;
    uint32_t mc_banks;          /* MC_ARB_RAMCFG NOOFBANK field (gfx6) */
    uint32_t mc_ranks;          /* MC_ARB_RAMCFG NOOFRANKS field (gfx6) */
    uint32_t tile_mode[32];     /* GB_TILE_MODE0..31 */
    uint32_t macrotile_mode[16];/* GB_MACROTILE_MODE0..15 (gfx7+; zero on gfx6) */
} tmu_amd_chip;

/* Number of chip presets and the preset at index i (NULL past the end).  Presets: tahiti,
 * bonaire, hawaii, kaveri, liverpool (PS4), tonga, polaris10, polaris12, vega10, raven,
 * navi10, navi14, navi21, navi21_8pipe, and the gfx11 configurations gfx11_32pipe,
 * gfx11_16pipe, gfx11_8pipe, gfx11_4pipe_2pkr, gfx11_2pipe_1pkr; each cites its public
 * register source. */
size_t tmu_amd_chip_count(void);
const tmu_amd_chip *tmu_amd_chip_at(size_t i);
/* The preset named `name` (case-insensitive; "ps4" is an alias of liverpool), or NULL. */
const tmu_amd_chip *tmu_amd_chip_find(const char *name);

/* Surface flags (addrlib ADDR_SURFACE_FLAGS of the same names). */
enum {
    TMU_SURF_TEXTURE = 1u << 0,
    TMU_SURF_DEPTH = 1u << 1,
    TMU_SURF_COLOR = 1u << 2,
    TMU_SURF_DISPLAY = 1u << 3,
    TMU_SURF_CUBE = 1u << 4,
    TMU_SURF_VOLUME = 1u << 5,
    TMU_SURF_PRT = 1u << 6,
    TMU_SURF_POW2_PAD = 1u << 7,                   /* pad levels to powers of two (mipmaps) */
    TMU_SURF_NO_LARGE_THICK_DEGRADE = 1u << 8,     /* disallowLargeThickDegrade */
    TMU_SURF_STENCIL = 1u << 9,
};

/* Resource type (gfx9+; gfx6-8 take 3D from TMU_SURF_VOLUME). */
typedef enum tmu_surf_rsrc { TMU_SURF_1D = 0, TMU_SURF_2D, TMU_SURF_3D } tmu_surf_rsrc;

/* gfx6-8 tile modes (addrlib AddrTileMode values, not GB_TILE_MODE.ARRAY_MODE's hardware
 * codes, which tmu_surface_init_amd translates) and micro tile types (AddrTileType). */
typedef enum tmu_amd_tile_mode {
    TMU_AMD_LINEAR_GENERAL = 0, TMU_AMD_LINEAR_ALIGNED, TMU_AMD_1D_TILED_THIN1,
    TMU_AMD_1D_TILED_THICK, TMU_AMD_2D_TILED_THIN1, TMU_AMD_2D_TILED_THIN2,
    TMU_AMD_2D_TILED_THIN4, TMU_AMD_2D_TILED_THICK, TMU_AMD_2B_TILED_THIN1,
    TMU_AMD_2B_TILED_THIN2, TMU_AMD_2B_TILED_THIN4, TMU_AMD_2B_TILED_THICK,
    TMU_AMD_3D_TILED_THIN1, TMU_AMD_3D_TILED_THICK, TMU_AMD_3B_TILED_THIN1,
    TMU_AMD_3B_TILED_THICK, TMU_AMD_2D_TILED_XTHICK, TMU_AMD_3D_TILED_XTHICK,
    TMU_AMD_POWER_SAVE, TMU_AMD_PRT_TILED_THIN1, TMU_AMD_PRT_2D_TILED_THIN1,
    TMU_AMD_PRT_3D_TILED_THIN1, TMU_AMD_PRT_TILED_THICK, TMU_AMD_PRT_2D_TILED_THICK,
    TMU_AMD_PRT_3D_TILED_THICK, TMU_AMD_TILE_MODE_COUNT
} tmu_amd_tile_mode;

typedef enum tmu_amd_tile_type {
    TMU_AMD_DISPLAYABLE = 0, TMU_AMD_NON_DISPLAYABLE, TMU_AMD_DEPTH_SAMPLE_ORDER,
    TMU_AMD_ROTATED, TMU_AMD_THICK, TMU_AMD_TILE_TYPE_COUNT
} tmu_amd_tile_type;

/* What the caller asks for. */
typedef struct tmu_surface_desc {
    tmu_surf_rsrc rsrc;     /* gfx9+: 1D / 2D / 3D; gfx6-8: ignored (TMU_SURF_VOLUME = 3D) */
    uint32_t bpp;           /* bits per element: 8..128 (a BCn texture: 64/128-bit 4x4 blocks) */
    uint32_t width, height; /* level 0, in elements (BCn: blocks) */
    uint32_t slices;        /* depth for 3D / volume, else array layers (cube: 6 x cubes) */
    uint32_t levels;        /* 1 .. TMU_SURFACE_MAX_LEVELS */
    uint32_t samples;       /* 1, 2, 4, 8 (16 where the chip allows) */
    uint32_t flags;         /* TMU_SURF_* */
    int32_t tile_index;     /* gfx6-8: GB_TILE_MODE index (T# TILING_INDEX) */
    uint32_t swizzle_mode;  /* gfx9+: AddrSwizzleMode (= T# SW_MODE): 0 SW_LINEAR, 1 256B_S ...
                             * (gfx11: 28..31 = SW_256KB_Z_X, _S_X, _D_X, _R_X) */
    uint32_t pipe_bank_xor; /* gfx9+: pipe/bank XOR of _X / _T modes (T# BASE_ADDRESS low bits) */
    uint32_t fragments;     /* gfx9+ MSAA addresses: addrlib's numFrags.  The hardware stores
                             * `samples` fragments per pixel: set it to `samples` (what the GCN
                             * executor does).  0 = what Addr2ComputeSurfaceAddrFromCoord does
                             * with numFrags left 0: addresses of one fragment, so every sample
                             * of a pixel has sample 0's address (the surface info still counts
                             * all samples) — the convention the conformance vectors record.
                             * gfx11: 0 and `samples` alike give every sample its own address
                             * (addrlib's gfx11 code takes the sample count either way). */
} tmu_surface_desc;

/* What addrlib computes for one mip level. */
typedef struct tmu_surface_level {
    uint64_t offset;        /* gfx6-8: byte offset of the level from the surface base;
                             * gfx9+: addrlib's ADDR2_MIP_INFO.offset (the level's offset in the
                             * chain's first slice; tail levels: the tail's) */
    uint64_t size;          /* bytes of the level, all slices and samples (gfx9: 0 in the tail) */
    uint64_t slice_size;    /* bytes of one slice of the level */
    uint32_t width, height, depth;     /* real extent of the level in elements */
    uint32_t pitch, padded_height, padded_depth; /* padded extent in elements */
    uint32_t base_align;    /* gfx6-8: alignment of the level (bytes) */
    /* gfx6-8 */
    tmu_amd_tile_mode tile_mode; /* mode the level really uses (degraded 2D -> 1D, thick -> thin) */
    tmu_amd_tile_type tile_type;
    int32_t tile_index;     /* GB_TILE_MODE index of that mode, -1 if none (-2: addrlib's linear general) */
    int32_t macro_index;    /* GB_MACROTILE_MODE index, -1 not macro tiled, -3 gfx6 (no table) */
    uint32_t banks, bank_width, bank_height, macro_aspect, tile_split; /* tile_split in bytes */
    uint32_t pipe_config;   /* addrlib AddrPipeCfg (= GB_TILE_MODE.PIPE_CONFIG + 1) */
    /* gfx9+ */
    uint32_t in_tail;       /* 1 when the level lies in the mip tail */
    uint64_t mip_tail_offset; /* addrlib ADDR2_MIP_INFO.mipTailOffset */
    /* Adreno (TMU_LAYOUT_ADRENO6).  There offset is layer 0 of the level (fdl slice offset),
     * slice_size one layer's or one 3D slice's bytes (size0), size slice_size x the level's 3D
     * depth, pitch the row pitch in elements (pixels), padded_height the rows of blocks after
     * alignment, depth the array layers or the level's 3D depth. */
    uint32_t adreno_tile_mode;  /* tmu_adreno_tile_mode the level uses (fdl_tile_mode) */
    uint32_t ubwc;              /* 1: UBWC-compressed level (fdl_ubwc_enabled) */
    uint32_t row_pitch;         /* bytes between rows of blocks (fdl_pitch) */
    uint64_t layer_stride;      /* bytes between array layers / 3D slices (fdl_layer_stride) */
    uint64_t ubwc_offset;       /* UBWC metadata of the level's layer 0 (ubwc_slices[].offset) */
    uint32_t ubwc_pitch;        /* UBWC metadata pitch in bytes (fdl_ubwc_pitch) */
    uint64_t ubwc_size;         /* UBWC metadata bytes of one layer of the level (size0) */
} tmu_surface_level;

/* A computed surface.  Filled by tmu_surface_init_amd(); read-only afterwards.  The `impl`
 * words hold the address equation / tile parameters tmu_surface_address() uses. */
typedef struct tmu_surface {
    tmu_layout_kind kind;
    tmu_amd_gen gen;
    tmu_surface_desc desc;
    uint64_t size;          /* bytes of the whole surface (every level) */
    uint64_t slice_size;    /* gfx9+: bytes of one slice of the chain */
    uint32_t base_align;    /* alignment of the whole surface (bytes) */
    uint32_t pitch, height, depth; /* gfx9+: padded level-0 extent (out_pitch/height/slices) */
    uint32_t block_w, block_h, block_d; /* gfx9+: swizzle block in elements */
    uint32_t mip_chain_in_tail, first_tail_mip; /* gfx9+ */
    tmu_surface_level level[TMU_SURFACE_MAX_LEVELS];
    uint64_t impl[320];     /* private to tmu */
} tmu_surface;

/* Lays out `desc` on `chip` as addrlib does.  Fills `surf` and returns TMU_OK, or returns
 * TMU_ERR_INVALID_ARGUMENT / TMU_ERR_UNSUPPORTED with `diag` (may be NULL) naming the field
 * and why (e.g. "tile_index 31: GB_TILE_MODE31 is not a valid mode on tahiti"). */
tmu_status tmu_surface_init_amd(tmu_surface *surf, const tmu_amd_chip *chip,
                                const tmu_surface_desc *desc, tmu_diag *diag);

/* Byte offset from the surface base of element (x, y, slice, sample) of `level`, where
 * slice is the array layer, cube face (6 * cube + face) or 3D depth index.  Returns
 * TMU_ERR_RANGE when a coordinate is outside the level. */
tmu_status tmu_surface_address(const tmu_surface *surf, uint32_t level, uint32_t x, uint32_t y,
                               uint32_t slice, uint32_t sample, uint64_t *addr);

/* 1 when tmu knows where the elements of `level` lie (tmu_surface_address can answer), 0 when
 * not: Adreno UBWC levels (compressed), TILE6_2 levels and TILE6_3 levels of 32-byte pixels. */
int tmu_surface_level_addressable(const tmu_surface *surf, uint32_t level);

/* 1 when every element of `level` has bytes of its own inside the level, so that detile,
 * retile and the texture unit can read and write it; 0 for levels tmu_surface_level_addressable
 * refuses, and for the gfx6-8 levels where addrlib keeps the THICK element order on a mode it
 * thinned (a thick micro tile larger than the DRAM row: the PS4 Liverpool's 64 bpp thick tile
 * indices, 20 and 22-25, without TMU_SURF_NO_LARGE_THICK_DEGRADE; tile_type THICK on a THIN1
 * mode, tile_index -1).  There tmu_surface_address returns addrlib's addresses, which overlap
 * and pass the level's end; detile, retile and tmu_texture_validate refuse the level. */
int tmu_surface_level_one_to_one(const tmu_surface *surf, uint32_t level);

/* Same without the range checks: the coordinates must be inside the level.  The fast form
 * for inner loops (the texture unit's tiled fetch). */
uint64_t tmu_surface_address_fast(const tmu_surface *surf, uint32_t level, uint32_t x,
                                  uint32_t y, uint32_t slice, uint32_t sample);

/* A rectangle of one level: elements [x, x + w) x [y, y + h) of slice `slice`, sample `sample`. */
typedef struct tmu_surface_rect {
    uint32_t level, x, y, slice, sample, w, h;
} tmu_surface_rect;

/* Copies the rectangle from tiled memory `tiled` (the whole surface, `tiled_size` bytes) into
 * linear rows at `linear` (`row_pitch` bytes apart, `linear_size` bytes).  Nothing is
 * allocated; refuses (TMU_ERR_RANGE / TMU_ERR_BUFFER_TOO_SMALL, diag says which) a rectangle
 * outside the level or buffers too small. */
tmu_status tmu_surface_detile(const tmu_surface *surf, const tmu_surface_rect *rect,
                              const void *tiled, size_t tiled_size, void *linear,
                              size_t row_pitch, size_t linear_size, tmu_diag *diag);

/* The inverse: writes the rectangle of linear rows into the tiled surface (other bytes of
 * `tiled` are left as they are). */
tmu_status tmu_surface_retile(const tmu_surface *surf, const tmu_surface_rect *rect,
                              const void *linear, size_t row_pitch, size_t linear_size,
                              void *tiled, size_t tiled_size, tmu_diag *diag);

/* Names: "2D_TILED_THIN1", "DEPTH_SAMPLE_ORDER", "SW_64KB_S_X" (addrlib's spellings), "gfx7";
 * "invalid" when out of range.  The _from_name forms return -1 for an unknown name. */
const char *tmu_amd_tile_mode_name(tmu_amd_tile_mode mode);
const char *tmu_amd_tile_type_name(tmu_amd_tile_type type);
const char *tmu_amd_swizzle_mode_name(uint32_t swizzle_mode);
/* The mode's name on generation `gen`: as tmu_amd_swizzle_mode_name, but gfx11 names modes
 * 28..31 "SW_256KB_Z_X", "SW_256KB_S_X", "SW_256KB_D_X", "SW_256KB_R_X" (addrlib's gfx11
 * names; tmu_amd_swizzle_mode_from_name accepts both spellings). */
const char *tmu_amd_swizzle_mode_name_gen(tmu_amd_gen gen, uint32_t swizzle_mode);
const char *tmu_amd_gen_name(tmu_amd_gen gen);
int tmu_amd_swizzle_mode_from_name(const char *name);

/* ==== Adreno a6xx / a7xx (freedreno) =========================================================
 *
 * tmu_surface_init_adreno() lays a surface out as Mesa's freedreno layout code does
 * (src/freedreno/fdl/fd6_layout.c fdl6_layout, with the inline helpers of freedreno_layout.h),
 * and tmu_surface_address() then gives the byte of any element as Mesa's
 * src/freedreno/fdl/fd6_tiled_memcpy.cc places it: TILE6_LINEAR rows, or TILE6_3's 256-byte
 * tiles in 2K macrotiles with the device's bank swizzle.  The conformance data is Mesa's own
 * code run standalone (tests/data/adreno-tiling-a6xx.tsv; its header says how it was made).
 *
 * Elements: coordinates are in format blocks (a compressed format's 4x4, ASTC w x h ...), x
 * and y as in Mesa.  A multisampled pixel holds its samples one after another (Mesa's cpp is
 * the block size x the samples); sample s of a pixel is s x block_bytes past the pixel.
 * tmu_surface_address() and detile / retile refuse (TMU_ERR_UNSUPPORTED) the levels whose
 * element order tmu does not know: UBWC-compressed levels, TILE6_2 levels, and TILE6_3 levels
 * whose block_bytes x samples is 32 (Mesa's tiled copies stop at 16); on those levels
 * tmu_surface_address_fast() returns an offset inside the level of no further meaning. */

/* TILE6_* modes (a6xx.xml a6xx_tile_mode). */
typedef enum tmu_adreno_tile_mode {
    TMU_TILE6_LINEAR = 0,
    TMU_TILE6_2 = 2,   /* laid out, but tmu has no address order for it (Mesa has none) */
    TMU_TILE6_3 = 3,
} tmu_adreno_tile_mode;

/* RBBM_NC_MODE_CNTL macrotile mode (Mesa enum fdl_macrotile_mode). */
typedef enum tmu_adreno_macrotile_mode {
    TMU_ADRENO_MACROTILE_4_CHANNEL = 0,
    TMU_ADRENO_MACROTILE_8_CHANNEL = 1,
} tmu_adreno_macrotile_mode;

/* What of a GPU the layout and the tiling use: Mesa's fd_dev_info fields of the same names
 * (the UBWC configuration turnip uses when the kernel reports none). */
typedef struct tmu_adreno_gpu {
    char name[16];                /* "a630" */
    uint32_t gen;                 /* 6 (a6xx) or 7 (a7xx) */
    uint32_t gpu_id;              /* 630; 0 where Mesa names the part by chip id only */
    uint64_t chip_id;             /* 0x07030001 (a730); 0 where Mesa uses gpu_id */
    uint32_t highest_bank_bit;    /* 13..16 on the presets; 10..24 accepted */
    uint32_t ubwc_swizzle;        /* bank swizzle levels: bit0 level 1, bit1 level 2, bit2 level 3 */
    tmu_adreno_macrotile_mode macrotile_mode;
    uint32_t has_ubwc_linear_mipmap_fallback; /* fd_dev_info.a6xx flag: 0 or 1 */
} tmu_adreno_gpu;

/* Number of GPU presets and the preset at index i (NULL past the end).  Presets a610, a630,
 * a660, a730, a750, from Mesa src/freedreno/common/freedreno_devices.py (each entry cites it). */
size_t tmu_adreno_gpu_count(void);
const tmu_adreno_gpu *tmu_adreno_gpu_at(size_t i);
/* The preset named `name` ("a630", "630" or "FD630", case-insensitive), or NULL. */
const tmu_adreno_gpu *tmu_adreno_gpu_find(const char *name);

/* Format properties fdl6_layout looks at (tmu_adreno_surface_desc.format_flags). */
enum {
    TMU_ADRENO_FMT_DEPTH_STENCIL = 1u << 0, /* a depth or stencil format: every level tiled,
                                             * base alignment 4096 */
    TMU_ADRENO_FMT_TWO_COMPONENTS = 1u << 1, /* exactly two components (R8G8, R4G4, Z24S8 ...):
                                              * with block_bytes x samples = 2 and not mutable,
                                              * Mesa's R8G8 alignments (is_r8g8) */
    TMU_ADRENO_FMT_Y8 = 1u << 2,            /* PIPE_FORMAT_Y8_UNORM: 32x8 UBWC blocks */
    TMU_ADRENO_TILE_ALL = 1u << 3,          /* fdl_layout.tile_all preset by the caller: levels
                                             * narrower than 16 texels stay tiled */
};

/* What the caller asks for (fdl6_layout's arguments plus the preset tile_mode / ubwc). */
typedef struct tmu_adreno_surface_desc {
    uint32_t block_bytes;        /* bytes per element, or per block of a compressed format:
                                  * 1, 2, 4, 8 or 16 */
    uint32_t block_w, block_h;   /* format block in texels: 1x1, 4x4 (BCn, ETC2), ASTC's w x h */
    uint32_t width, height;      /* level 0 in texels, 1..16384 */
    uint32_t depth;              /* 3D depth (1..2048); 1 unless is_3d */
    uint32_t layers;             /* array layers (cube: 6 x cubes), 1..2048; 1 when is_3d */
    uint32_t levels;             /* 1..15, at most the full chain of the extent */
    uint32_t samples;            /* 1, 2, 4 or 8; block_bytes x samples at most 32 */
    uint32_t is_3d;              /* 0 or 1 */
    tmu_adreno_tile_mode tile_mode; /* asked (fdl_layout.tile_mode) */
    uint32_t ubwc;               /* UBWC asked (fdl_layout.ubwc): 0 or 1 */
    uint32_t is_mutable;         /* mutable format (VK_IMAGE_CREATE_MUTABLE_FORMAT_BIT): 0 or 1 */
    uint32_t format_flags;       /* TMU_ADRENO_FMT_*, TMU_ADRENO_TILE_ALL */
} tmu_adreno_surface_desc;

/* Surface-wide results of fdl6_layout (struct fdl_layout fields of the same names). */
typedef struct tmu_adreno_layout_info {
    uint32_t cpp;                /* block_bytes x samples */
    tmu_adreno_tile_mode tile_mode; /* mode kept (TILE6_LINEAR when narrower than 16 texels) */
    uint32_t ubwc, layer_first, tile_all; /* 0 or 1 each, as kept */
    uint32_t pitchalign;         /* log2 of the pitch alignment in bytes */
    uint32_t pitch0;             /* level-0 row pitch before per-level alignment, bytes */
    uint32_t ubwc_width0;        /* level-0 UBWC metadata pitch, bytes */
    uint32_t ubwc_block_w, ubwc_block_h; /* fdl6_get_ubwc_blockwidth */
    uint32_t base_align;         /* bytes */
    uint64_t layer_size;         /* bytes of one array layer (layer_first), else 0 */
    uint64_t ubwc_layer_size;    /* UBWC metadata bytes of one layer */
    uint64_t size;               /* bytes of the whole surface */
    uint32_t highest_bank_bit, ubwc_swizzle; /* the GPU's tiling facts the addresses use */
    tmu_adreno_macrotile_mode macrotile_mode;
} tmu_adreno_layout_info;

/* Lays out `desc` on `gpu` as Mesa's fdl6_layout does (no explicit layout).  Fills `surf`
 * (kind TMU_LAYOUT_ADRENO6, the tmu_surface_level fields this section names, desc with the
 * extent in blocks) and returns TMU_OK, or TMU_ERR_INVALID_ARGUMENT / TMU_ERR_UNSUPPORTED with
 * `diag` (may be NULL) naming the field, e.g. "samples 3: must be 1, 2, 4 or 8". */
tmu_status tmu_surface_init_adreno(tmu_surface *surf, const tmu_adreno_gpu *gpu,
                                   const tmu_adreno_surface_desc *desc, tmu_diag *diag);

/* Copies the surface-wide layout results of an Adreno surface into `info`.  Returns
 * TMU_ERR_INVALID_ARGUMENT when `surf` is not a computed Adreno surface. */
tmu_status tmu_surface_adreno_info(const tmu_surface *surf, tmu_adreno_layout_info *info);

/* "TILE6_LINEAR", "TILE6_2", "TILE6_3"; "invalid" otherwise.  The _from_name form returns -1
 * for an unknown name ("LINEAR", "2", "3" and the TILE6_ spellings are accepted). */
const char *tmu_adreno_tile_mode_name(tmu_adreno_tile_mode mode);
int tmu_adreno_tile_mode_from_name(const char *name);

#ifdef __cplusplus
}
#endif
#endif
