/* Fast paths of the texture unit: shared context and kernels (private).
 *
 * A fast path takes a whole call when the op, texture and sampler are of a specialised
 * kind: SAMPLE (level base, explicit LOD or implicit LOD, any mip filter), GATHER, or FETCH
 * (integer coordinates, any level, no sample index) on a 2D texture of
 * R8G8B8A8_UNORM or R32G32B32A32_FLOAT with identity swizzle and no residency map,
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
    int gather_quad;   /* RGBA8 gather: one index per footprint where a block has no edge (fast_simd.inc
                          gather_wave_rgba8) */
    const unsigned char *pairs; /* the row-pair copy for `addr` (internal.h tmu_pairs_header: pair (c, r) of level
                                   l is pair number pair_lvl[l] + r * (level_w[l] + 2) + c), or NULL */
    int32_t pair_lvl[TMU_MAX_LEVELS]; /* with pairs: each level's first pair (0 past the levels read) */
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
} fast_ctx;

/* Fills `k` for calls of (tex, smp, op) with the given presence of input and output arrays
 * (their values are not read); returns 1 when a fast path takes such calls. */
int tmu_unit_fast_prepare(fast_consts *k, const tmu_texture *tex, const tmu_sampler *smp, const tmu_op *op,
                          const tmu_wave_in *in, const tmu_wave_out *out);
/* Runs one validated call of (tex, smp, op) through the constants `k` prepared for it. */
void tmu_unit_fast_run(const fast_consts *k, const tmu_texture *tex, const tmu_sampler *smp, const tmu_op *op,
                       uint32_t lanes, const uint64_t exec[2], const tmu_wave_in *in, tmu_wave_out *out,
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

#endif
