/* Fast paths of the texture unit: shared context and kernels (private).
 *
 * A fast path takes a whole call when the op, texture and sampler are of a specialised
 * kind: SAMPLE (level base, explicit LOD or implicit LOD, any mip filter), GATHER, or FETCH
 * (integer coordinates, any level, no sample index) on a 2D texture of
 * R8G8B8A8_UNORM or R32G32B32A32_FLOAT (rows of texels or, on prepared calls, tiled levels:
 * fast_tiled below) with identity swizzle and no residency map,
 * normalised coordinates, repeat (power-of-two sizes) or clamp-to-edge on both axes,
 * mag filter = min filter, any precision model, no offsets/compare/min-lod, f32 results.
 * Kernels are specialised per (format, filter, address mode) by always-inline templates; the
 * SIMD ones run a wave in two phases (all texel loads of the wave's blocks, then all decoding
 * and filtering: fast_simd.inc wave_kernel) and on AVX-512 read the two texels of a bilinear
 * row with one 64-bit load where they are adjacent (fast_avx512.c raw_pair), and the RGBA8
 * texels of a block on neighbouring texels from whole rows (fast_avx512.c row spans: tried
 * from a wave's first block until a block is not one).
 * Every result is bit-identical to the general path: the same fp32 operations in the same
 * order (tests/unit/test_unit_fast.c proves it on random cases); lanes with coordinates the
 * kernels do not cover (|texel coordinate| >= 2^30, NaN, Inf) go through the general path.
 * Implicit LOD: the quads' coarse derivatives, their lengths and rho are computed across the
 * wave in SIMD (fast_simd.inc quad_rho: a quad is one 128-bit lane), then log2 once per quad
 * (tmu_unit_log2f; on AVX-512 16 quads at a time, fast_avx512.c log2_16), and the result feeds
 * the explicit-LOD kernels as their lod input. */
#ifndef TMU_UNIT_FAST_H
#define TMU_UNIT_FAST_H

#include <stdint.h>

#include "unit/internal.h"

/* Forced inlining of the specialised kernels' helpers, only when optimising.  At -O0 every
 * inlined copy keeps its own stack slots, and the kernels' many specialisations of many helpers
 * added up to 2.5 MB of stack (12.8 MB with clang + ASan); not forcing it there keeps each
 * frame to its own function (issue 11: every call's stack stays small at every level). */
#ifdef __OPTIMIZE__
#define TMU_FAST_FORCE_INLINE always_inline,
#else
#define TMU_FAST_FORCE_INLINE
#endif

/* The AVX-512 kernel looks per-level tables up with one 16-entry permute. */
_Static_assert(TMU_MAX_LEVELS == 16, "fast_avx512.c I_TABLE assumes 16 levels");

enum { FAST_RGBA8 = 0, FAST_RGBA32F = 1 };
enum { FAST_REPEAT = 0, FAST_CLAMP = 1 };

/* Tiled levels (tmu_level.surface, include/tmu/layout.h), resolved when a call is prepared
 * (tmu_unit_plan; tiled.c tmu_fast_tiled_setup) from the layout's own addresses
 * (tmu_surface_address_fast), never from a vendor's rule.  For each level read, with texel
 * indices (byte address / texel bytes, from the surface base: every level's data is that base)
 * and M = 2^k - 1 (k: the level's `lo` bits),
 *   index(x, y) = base_hi + (FX(x) & ~M) + (FY(y) & ~M)  +  ((FX(x) ^ FY(y)) & M)
 * (high parts added, low parts XORed: the swizzle, pipe and bank bits of AMD's and Adreno's
 * layouts), where each axis is a bit-linear function plus a multiple:
 *   FX(x) = XOR over the bits b < qx of x of colx[b]  +  (x >> mx) * SX
 *   FY(y) = base_lo ^ XOR over the bits b < qy of y of coly[b]  +  (y >> my) * SY
 * Texel (0, 0) is base_hi + base_lo: base_lo (< 2^k) the part XORed with the axes' low parts (a
 * gfx9+ pipe-bank XOR), base_hi the part added (a level's offset, whole where an Adreno bank
 * swizzle adds to its low bits).  The columns (uint16) lie in one pool, shared between levels
 * and axes where they are equal; SX is fast_consts.tiled_sx[l], SY level_pitch[l], base_hi
 * level_off[l] (bytes).  Only prepared calls take tiled levels (tmu_unit_fast_prepare). */
enum { TILED_BITS = 15, TILED_POOL = 104 };
typedef struct fast_tiled {
    uint16_t col[TILED_POOL];                            /* the columns of every level and axis */
    uint16_t base_lo[TMU_MAX_LEVELS];                     /* low part of texel (0, 0) */
    uint8_t off[2][TMU_MAX_LEVELS];                       /* [axis][level]: first column in col */
    uint8_t q[2][TMU_MAX_LEVELS], m[2][TMU_MAX_LEVELS];   /* columns, tail shift */
    uint8_t lo[TMU_MAX_LEVELS];                           /* k */
    uint8_t used;                                         /* levels with tables */
} fast_tiled;

/* Level 0 of a tiled call, for the SIMD kernels' lookups where every lane is on level 0 (calls
 * that read one level, blocks of level-0 lanes): made once when the call is prepared
 * (tmu_fast_tiled_setup), so a call of one level expands nothing per wave (tiled.c tiled_expand,
 * its chunk tables built per call, cost 3-7 % of the tiled single-level rows of tmu bench sample). */
typedef struct fast_tiled_one {
    /* the XOR of the columns of each 4 bits of the coordinate, by 16-entry table (chunk 0 of y
     * with base_lo XORed in), nch[axis] >= 1 tables */
    int32_t ch[2][TILED_BITS / 4 + 1][16];
    uint32_t nch[2];
    uint32_t tail[2]; /* 1 when the axis has a tail to add (S != 0 and bits at m) */
    /* the same by 5 bits (32-entry tables: the AVX-512 kernel's two-source permutes), nch5[axis]
     * >= 1 tables; where the axis's tail is bit-linear over the level's extent (a power-of-two S
     * above the columns' bits: every gfx9+ swizzle block and PS4 / Adreno macro tile row of the
     * bench's layouts) its bits are columns too (tail5 = 0: no shift, multiply and add) */
    int32_t ch5[2][TILED_BITS / 5][32];
    uint32_t nch5[2];
    uint32_t tail5[2];
    /* 1: the AVX-512 kernel's short form applies (fast_simd.inc FAST_T52): at most two 5-bit tables
     * an axis (the others all zero), no tails, disjoint axes: index = the XOR of four lookups */
    uint32_t t52;
    /* the AVX2 kernel's short form (fast_simd.inc short3): where each axis's value is the XOR of
     * those of its bits' powers of two over the level and has at most 12 bits, the 5-bit tables
     * hold those (folded: tail5 = 0), and the axes' high parts never share a bit: four 8-entry
     * tables an axis, t34 = 1: for bits 0-2 of the coordinate the first 8 entries of ch5[axis][0]
     * (y's with base_lo), for bits 3-5, 6-8 and 9-11 ch3[axis][0..2] (kept apart from ch5 so the
     * plan, tmu_unit_plan, stays 14 KiB) */
    int32_t ch3[2][3][8];
    uint32_t t34;
    int32_t m[2];     /* tail shifts */
    int32_t lo;       /* base_lo */
    int32_t nmask;    /* ~M */
    uint32_t disjoint; /* 1: FX(x) & FY(y) & ~M = 0 for every x, y of the level: the index is FX ^ FY */
} fast_tiled_one;

/* What the SIMD kernels read of a tiled call of several levels, expanded from fast_tiled when the
 * call is prepared (fast_tiled_pre.rt) for the levels the call reads: per-level tables of 16 entries for the kernels'
 * per-lane lookups (lookups where every lane is on level 0 read fast_consts.tiled_one). */
typedef struct fast_tiled_rt {
    int32_t col[2][TILED_BITS][TMU_MAX_LEVELS]; /* [axis][bit][level], 0 past a level's q */
    int32_t m[2][TMU_MAX_LEVELS];               /* tail shifts */
    int32_t lo[TMU_MAX_LEVELS];                 /* base_lo */
    int32_t nmask[TMU_MAX_LEVELS];              /* ~M */
    uint32_t nb[2];                             /* columns to evaluate: the largest q of the levels */
    uint32_t levels;                            /* levels expanded (> 1) */
} fast_tiled_rt;

/* Every level of a tiled call of several levels, made once when the call is prepared
 * (tmu_unit_plan holds it beside the call's fast_consts; tiled.c tmu_fast_tiled_prepare), so that
 * a call expands nothing: `rt` (the columns by level; expanded per call before, 3 % of the tiled
 * implicit-LOD rows)
 * and, for the SIMD kernels' bilinear waves with mips (fast_simd.inc mip_level_index_pre),
 * each level's chunk tables: for axis a of level l, G(v) = the axis value the kernels compute
 * (fast_tiled_rt: base_lo ^ the columns of v's bits, plus the tail (v >> m) * S) is
 *   G(v) = XOR over chunks n of ch[l][a][n][(v >> 4n) & 15]
 * plus, where tail[a] says some level has one, (v >> tm[a][l]) * ts[a][l].  A level whose G is
 * affine over GF(2) on [0, extent) (checked on every v: G(v) = G(0) ^ XOR of G(2^b) ^ G(0) over
 * v's bits; every level of the bench's layouts) has its tail folded into the tables (ts = 0);
 * the others keep the columns' XOR in the tables and the tail apart.  `disjoint`: on every level
 * read, the high parts of the two axes never share a bit, so the index is Gx ^ Gy.
 * Shared tables: a lane of level l only looks up the entries of chunk n that some v < its extent
 * reaches ((v >> 4n) & 15), so where neighbouring levels agree on every entry they both reach
 * (the same columns on their common bits: the swizzle of a tile or block does not depend on the
 * level), tmu_fast_tiled_prepare gives each of them the one table holding every entry any of them
 * reaches.  Levels are grouped so from level 0 up, per axis and chunk (bit l of gstart[a][n]: level
 * l begins a group); a block of lanes on levels l .. l + d of one group looks chunk n up with one
 * single-table permute of level l's table, on two groups with one two-table permute (AVX2: a
 * lookup a group); on the bench's layouts most chunks the random trilinear rows' blocks read are
 * shared (docs/texture-unit.md 15.1 lists the splits). */
enum { TILED_CH = (TILED_BITS + 3) / 4 };
typedef struct fast_tiled_pre {
    /* the tables, [level][axis][chunk][16] from chb + pad (pad: where the plan was prepared, the first
     * 64-byte boundary, so no lookup splits a line; a moved plan works as well, at most slower) */
    int32_t chb[TMU_MAX_LEVELS * 2 * TILED_CH * 16 + 15];
    uint32_t pad;
    int32_t tm[2][TMU_MAX_LEVELS], ts[2][TMU_MAX_LEVELS]; /* tail shift, multiplier (0: folded or none) */
    uint32_t nch[2];   /* chunks to evaluate: the most of the levels */
    uint32_t tail[2];  /* bit l: level l adds a tail (0: no level does) */
    uint32_t disjoint; /* 1: every level's index is Gx ^ Gy */
    uint32_t levels;   /* levels made (> 1), 0: none (the call expands its tables itself) */
    uint16_t gstart[2][TILED_CH]; /* levels that begin a group of shared tables (above) */
    fast_tiled_rt rt;  /* every level's columns (tiled.c tiled_expand) */
} fast_tiled_pre;

/* What a kernel needs of the texture, sampler and op, resolved once (per call, or once for a
 * prepared call: tmu_unit_plan).  Holds no pointer into itself or into the call's arguments but
 * the texel memory, so a copy works anywhere. */
typedef struct fast_consts {
    const unsigned char *base;        /* level 0 data */
    int32_t level_off[TMU_MAX_LEVELS]; /* byte offset of each level's data from base */
    int32_t level_pitch[TMU_MAX_LEVELS]; /* row pitch in texels */
    int32_t level_w[TMU_MAX_LEVELS], level_h[TMU_MAX_LEVELS];
    uint32_t levels;
    int fmt, addr, filter;
    tmu_mip_filter mip;
    tmu_precision precision;
    int gather;        /* 1: GATHER of component `comp` */
    int comp;
    int explicit_lod;  /* 1: LEVEL_LOD (lod input; for IMPLICIT the quads' lambda_base), 0: LEVEL_BASE */
    int fetch;         /* 1: FETCH (integer coordinates, level ilod or 0) */
    float bias;        /* smp->lod_bias + 0.0f (the general path's bias sum) */
    float lod_lo, lod_hi; /* LOD clamp bounds as the general path applies them */
    int defer_ok;      /* RGBA8: 8 bytes at base lie in level 0 (fast_simd.inc DEFER_LOADS reads them) */
    int32_t words0;    /* tiled: 32-bit words readable at base (level 0's size / 4; fast_avx512.c
                          texel_rows reads the word after a texel below words0 - 1 only) */
    int gather_quad;   /* RGBA8 gather: one index per footprint where a block has no edge (fast_simd.inc
                          gather_wave_rgba8) */
    const unsigned char *pairs; /* the row-pair copy for `addr` (internal.h tmu_pairs_header: pair (c, r) of level
                                   l is pair number pair_lvl[l] + r * (level_w[l] + 2) + c), or NULL */
    union {
        int32_t pair_lvl[TMU_MAX_LEVELS]; /* with pairs: each level's first pair (0 past the levels read) */
        int32_t tiled_sx[TMU_MAX_LEVELS]; /* tiled: each level's x tail multiplier (fast_tiled, tiled.c) */
    };
    int tiled; /* 1: the levels read are tiled (tmu_level.surface) and `tp` says where their texels lie;
                  level_pitch[l] is then level l's y tail multiplier and level_off[l] the high part of
                  its texel (0, 0) (tiled.c) */
    fast_tiled tp;
    fast_tiled_one tiled_one; /* tiled: level 0's tables (tmu_fast_tiled_setup) */
} fast_consts;

/* One call: the resolved constants and the call's arguments. */
typedef struct fast_ctx {
    const fast_consts *k;
    const tmu_texture *tex;
    const tmu_sampler *smp;
    const tmu_op *op;
    const tmu_wave_in *in;
    tmu_wave_out *out;
    uint32_t lanes;
    int coherent; /* the wave's first lanes lie within 16 texels of each other (fast.c scattered) */
    int near;     /* tiled RGBA8 calls on AVX-512 with mips: the same (fast_simd.inc defer_level) */
    const fast_tiled_rt *tr; /* tiled calls of several levels on a SIMD kernel: the expanded tables
                                (pre->rt; NULL: the call reads level 0 alone) */
    const fast_tiled_pre *pre; /* tiled calls of several levels, prepared: every level's tables (NULL: none) */
    int tiled_pf; /* tiled single-level waves on a SIMD kernel whose first lanes lie apart (fast.c scattered), with
                     scalar texel loads: the kernels prefetch their footprints first (fast_simd.inc gather_wave_tiled) */
    int hwg;      /* 1: TEXELS_LOAD / TEXELS_LOAD2 read by hardware gathers (fast.c loads_gather) */
    int tiled_big; /* tiled RGBA8 calls whose level 0 is larger than fast.c TILED_PF_SAMPLE_MIN_BYTES (AVX-512)
                      or TILED_PF_MIN_BYTES (AVX2): the tiled bilinear and mip waves' prefetch passes run
                      only then */
    int rows64;   /* tiled RGBA8 gathers by hardware gathers on AVX-512 whose level 0 is larger than
                     fast.c TILED_ROWS_MIN_BYTES: each footprint row by 64-bit gathers (fast_avx512.c
                     texel_rows; fast_simd.inc gather_wave_tiled) */
} fast_ctx;

/* Fills `k` for calls of (tex, smp, op) with the given presence of input and output arrays
 * (their values are not read); returns 1 when a fast path takes such calls.  Tiled textures only
 * with `tiled_ok` (prepared calls: their tables cost up to a few hundred thousand layout
 * addresses to derive and check, once). */
int tmu_unit_fast_prepare(fast_consts *k, const tmu_texture *tex, const tmu_sampler *smp, const tmu_op *op,
                          const tmu_wave_in *in, const tmu_wave_out *out, int tiled_ok);
/* Tiled levels (tiled.c).  tmu_fast_tiled_setup fills k->tp, k->tiled_sx, k->level_pitch and
 * k->level_off for levels [0, used) of `tex` (all tiled; their sizes already in k->level_w / h)
 * and returns 1, or 0 when a level is not of the form fast_tiled describes, its tables do not fit,
 * or its texels do not all lie in its memory; it fills k->tiled_one too.  tmu_fast_tiled_index:
 * the texel index of (x, y) (inside the level) of level l. */
int tmu_fast_tiled_setup(fast_consts *k, const tmu_texture *tex, uint32_t used, unsigned shift);
int32_t tmu_fast_tiled_index(const fast_consts *k, uint32_t l, int32_t x, int32_t y);
/* Fills `pre` for a prepared tiled call of several levels (k->tiled, k->tp.used > 1; otherwise sets
 * pre->levels = 0): fast_tiled_pre above. */
void tmu_fast_tiled_prepare(const fast_consts *k, fast_tiled_pre *pre);
/* Runs one validated call of (tex, smp, op) through the constants `k` prepared for it (`pre`: the
 * tables tmu_fast_tiled_prepare made for k, or NULL). */
void tmu_unit_fast_run(const fast_consts *k, const fast_tiled_pre *pre, const tmu_texture *tex,
                       const tmu_sampler *smp, const tmu_op *op, uint32_t lanes, const uint64_t exec[2], const tmu_wave_in *in, tmu_wave_out *out,
                       unsigned flags);
/* Portable specialised kernel for one lane (also the tail of the SIMD kernels). */
void tmu_fast_lane(const fast_ctx *cx, uint32_t lane);
/* SIMD kernels: the active lanes of every whole block of W lanes in [0, lanes) (W = 8 for
 * AVX2, 16 for AVX-512; exec NULL = all active; the caller does the lanes % W tail), with
 * software prefetching of the texels PF_AHEAD lanes ahead when `pf`.  The prefetchers
 * prefetch lanes [first, first + W).  Only call a kernel when the CPU supports its ISA. */
void tmu_fast_avx2_wave(const fast_ctx *cx, const uint64_t *exec, uint32_t lanes, int pf);
void tmu_fast_avx2_prefetch(const fast_ctx *cx, uint32_t first);
void tmu_fast_avx512_wave(const fast_ctx *cx, const uint64_t *exec, uint32_t lanes, int pf);
void tmu_fast_avx512_prefetch(const fast_ctx *cx, uint32_t first);
/* Implicit LOD: rho of each lane's quad (NaN where the general path takes lambda = 0) for the
 * whole blocks of W lanes in [0, lanes) (lanes a multiple of 4); returns the lanes done. */
uint32_t tmu_fast_avx2_quad_rho(const fast_ctx *cx, uint32_t lanes, float *rho);
uint32_t tmu_fast_avx512_quad_rho(const fast_ctx *cx, uint32_t lanes, float *rho);
/* Implicit LOD, AVX-512: rho (in each quad's first lane of lod) to lambda_base in all four lanes
 * (tmu_unit_log2f, 0 for NaN) for the whole groups of 64 lanes in [0, lanes); returns the lanes
 * done. */
uint32_t tmu_fast_avx512_quad_log2(uint32_t lanes, float *lod);
/* FETCH: portable lane, and the SIMD kernels for the whole blocks of W lanes in [0, lanes). */
void tmu_fast_fetch_lane(const fast_ctx *cx, uint32_t lane);
void tmu_fast_avx2_fetch_wave(const fast_ctx *cx, const uint64_t *exec, uint32_t lanes);
void tmu_fast_avx512_fetch_wave(const fast_ctx *cx, const uint64_t *exec, uint32_t lanes);
/* 1 when this build has the kernel and the CPU supports its instruction set. */
int tmu_fast_have_avx2(void);
int tmu_fast_have_avx512(void);
/* 1 on a CPU whose hardware gathers beat scalar loads for the kernels' scattered texels (fast.c
 * loads_gather): Intel's, from Alder Lake and Sapphire Rapids on. */
int tmu_fast_gathers_pay(void);

#endif
