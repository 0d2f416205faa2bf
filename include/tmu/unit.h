/* tmu — the texture unit: executes one tmu_op for a wave of up to 128 lanes.
 *
 * Stages (src/unit/, one small function each, readable against
 * docs/texture-unit.md): normalise -> cube face select -> LOD and level
 * select -> texel selection + wrap -> fetch + decode -> depth compare -> filter
 * -> swizzle -> convert to the result type.  Specialised fast paths
 * (src/unit/fast/, SIMD chosen at run time) give bit-identical results and are
 * used automatically when they apply.
 *
 * Defined results for any input (no read outside the texture memory, no trap):
 *  - NaN texel-space coordinates select texel 0 of the axis before wrapping,
 *    with filter weight 0 (so LINEAR reads texels 0 and 1 with weight 1 on the
 *    first); +/-Inf and |u| >= 2^62 saturate to +/-2^62 before wrapping and get
 *    weight 0.  A NaN LOD is treated as 0; NaN gradients give LOD 0 (+bias).
 *  - A NaN cube direction selects face +X with face coordinates 0.5, 0.5;
 *    (0, 0, 0) likewise.
 *  - A NaN depth reference compares false for every op except NOT_EQUAL and ALWAYS.
 *  - FETCH outside the level (or a level/sample out of range) returns all zeros.
 *  - A filtered float result that is NaN (NaN or Inf texels) is the canonical quiet NaN
 *    0x7FC00000 (also for NEAREST); FETCH and GATHER keep the texel bits as stored.
 *  - Filtered UNORM/sRGB (and depth-compare) results are clamped to [0, 1], SNORM to [-1, 1].
 *  - Residency: a lane is not resident when any texel it reads (every texel of the filter
 *    footprint on every level read, zero weights included) lies in a non-resident tile; its
 *    result words are then all 0 (PTX rule, docs/texture-unit.md §11).
 *  - Cube face ties: z wins over y and x, y over x (Vulkan's recommendation, §4.2); seamless
 *    LINEAR reads across faces, a corner texel is the mean of the three texels meeting there
 *    (integer channels: the integer mean rounded toward zero, so equal texels keep their value).
 *  - Texel space: u = s * size is one fp32 product (§2.1), u - 0.5 one fp32 subtraction; texel
 *    offsets are added to the integer coordinate after the floor, exactly.
 *  - Integer formats (NEAREST only) return their texels unchanged: SAMPLE, GATHER and FETCH
 *    agree, missing components are the integers 0 and 1. */
#ifndef TMU_UNIT_H
#define TMU_UNIT_H

#include <stdint.h>

#include "tmu/op.h"
#include "tmu/status.h"
#include "tmu/texture.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Flags of tmu_unit_execute_ex. */
enum {
    TMU_UNIT_GENERAL_ONLY = 1u << 0, /* never use a fast path (tests compare the two) */
    TMU_UNIT_NO_SIMD = 1u << 1,      /* fast paths only in their portable C form */
    TMU_UNIT_MAX_AVX2 = 1u << 2,     /* SIMD fast paths no wider than AVX2 (tests compare each) */
    /* How the SIMD fast paths read scattered RGBA8 texels into vectors (tiled textures; nearest
     * and texelFetch on rows of texels): by one 32-bit load a texel (TMU_UNIT_LOADS_SCALAR) or by
     * hardware gathers (vpgatherdd, TMU_UNIT_LOADS_GATHER).  Without either, each CPU gets what is faster on it: gathers on
     * Intel's cores from Alder Lake and Sapphire Rapids on, scalar loads elsewhere (AMD's Zen 5
     * gathers are slower than the loads; tmu_unit_texel_loads says which).  The texels read, and
     * so the results, are the same either way (tests compare each). */
    TMU_UNIT_LOADS_SCALAR = 1u << 3,
    TMU_UNIT_LOADS_GATHER = 1u << 4,
};

/* Executes `op` on `tex` through `smp` for lanes [0, lanes) whose bit is set in
 * `exec` (lane n = bit n % 64 of exec[n / 64]; exec may be NULL = all lanes).
 * Inputs and outputs are structure-of-arrays (op.h).  Validates the texture and its view
 * fields (the memory of the levels the op can read: level 0 for gathers and mip-less samples),
 * sampler and op first: on a bad combination (dim mismatch, missing input array, LINEAR or
 * CUBIC on an integer format, cubic with anisotropy, max_anisotropy > TMU_MAX_ANISOTROPY, f16
 * results of integer data, lanes > 128, implicit LOD with lanes not a multiple of 4) returns an
 * error with `diag` (may be NULL) saying what, and writes nothing.  No allocation, no global
 * state, small stack (tens of KiB at any optimisation level): thread-safe. */
tmu_status tmu_unit_execute(const tmu_texture *tex, const tmu_sampler *smp, const tmu_op *op,
                            uint32_t lanes, const uint64_t exec[2], const tmu_wave_in *in,
                            tmu_wave_out *out, tmu_diag *diag);

/* tmu_unit_execute with TMU_UNIT_* flags (e.g. to force the general path). */
tmu_status tmu_unit_execute_ex(const tmu_texture *tex, const tmu_sampler *smp, const tmu_op *op,
                               uint32_t lanes, const uint64_t exec[2], const tmu_wave_in *in,
                               tmu_wave_out *out, unsigned flags, tmu_diag *diag);

/* A prepared call: the texture, sampler, op, lane count and flags of tmu_unit_execute_ex, checked
 * once and kept with what the fast paths resolve from them, for running many waves of the same
 * call (a frame, a shader loop, an emulated instruction) without repeating that work.  Opaque;
 * plain memory: copy or move it freely.  It copies `tex` (the structure, not its texel memory
 * or residency map, which must stay valid and unchanged while the plan is used), `smp` and `op`.
 * ABI: 14 KiB since the tiled mip-chain tables of every level went into it (2.75 KiB before);
 * programs built against the smaller size must be rebuilt. */
typedef struct tmu_unit_plan {
    uint64_t opaque[1792];
} tmu_unit_plan;

/* Prepares `plan` for calls of tmu_unit_execute_ex(tex, smp, op, lanes, exec, in, out, flags, .)
 * with any exec and with input and output arrays present exactly where `in` and `out` have
 * non-NULL pointers (their contents are not read).  Checks everything tmu_unit_execute_ex
 * checks and fails with its error (then the plan is left unusable).  No allocation. */
tmu_status tmu_unit_plan_init(tmu_unit_plan *plan, const tmu_texture *tex, const tmu_sampler *smp,
                              const tmu_op *op, uint32_t lanes, const tmu_wave_in *in,
                              const tmu_wave_out *out, unsigned flags, tmu_diag *diag);

/* Runs one wave of a prepared call: the same results, bit for bit, as tmu_unit_execute_ex with
 * the plan's arguments.  Fails (writing nothing) when `plan` was not prepared successfully, or
 * when the set of non-NULL pointers in `in` / `out` differs from the one given to
 * tmu_unit_plan_init.  Thread-safe: many threads may run one plan at once. */
tmu_status tmu_unit_plan_execute(const tmu_unit_plan *plan, const uint64_t exec[2], const tmu_wave_in *in,
                                 tmu_wave_out *out, tmu_diag *diag);

/* 1 when a successfully prepared `plan` runs on one of the specialised fast paths (2D
 * R8G8B8A8_UNORM or R32G32B32A32_FLOAT views with the identity swizzle, SAMPLE / GATHER / FETCH
 * to F32 without offsets, depth compare, min LOD, residency or anisotropy, a sampler with equal
 * address modes on u and v -- REPEAT on power-of-two sizes, or CLAMP_TO_EDGE --, equal MAG and
 * MIN filters other than CUBIC, weighted average, a model other than `nvidia`; src/unit/fast/),
 * 0 when it runs on the general path (the same results, slower) or was not prepared. */
int tmu_unit_plan_fast(const tmu_unit_plan *plan);

/* Row-pair copies: a re-layout of a texture's texels that a prepared call may read instead of
 * the texture's own memory, for textures the caller lets tmu re-layout (it costs twice the
 * texels' memory and one pass to build).  The copy holds each texel of every level of the view
 * beside the texel below it, with one more column on each side and one more row above, filled as
 * the sampler's address mode wraps or clamps them, so the 2x2 footprint of any bilinear sample or
 * gather, edges included, is one read: 16 bytes for R8G8B8A8_UNORM (in one 64-byte cache line 7
 * times in 8, where the texture's own rows put it in two lines), 64 bytes for R32G32B32A32_FLOAT
 * (1.5 lines on average instead of 2.5).  Read by the AVX-512 and AVX2 fast paths of RGBA8
 * gathers and RGBA8 bilinear and trilinear samples (every mip filter), and by the AVX-512 ones of
 * RGBA32F bilinear samples without mips; every other read still goes to the texture.  A view of level 0 only (level_count 1) makes a
 * copy for the calls that read no mips.  Results are bit-identical to calls without the copy
 * while the texture's texels are those it was built from: after changing them, build it again. */

/* Bytes of the row-pair copy of `tex` (every level of its view): a header of a few hundred bytes,
 * then for each level of w x h texels of B bytes (w + 2) * (h + 1) pairs of 2B bytes, each level
 * starting on a 64-byte boundary; or 0 when it has none: it is not a 2D R8G8B8A8_UNORM or
 * R32G32B32A32_FLOAT texture, or its fields are invalid. */
size_t tmu_unit_pairs_size(const tmu_texture *tex);

/* Builds the row-pair copy of `tex` for address mode `addr` (TMU_ADDRESS_REPEAT or
 * TMU_ADDRESS_CLAMP_TO_EDGE: the copy serves samplers with that mode on both axes) into `mem`
 * (`size` bytes, at least tmu_unit_pairs_size(tex); 64-byte alignment makes its reads faster, any
 * alignment works).  Fails, writing nothing, when the texture has no copy (diag says why), a
 * level's memory is missing or smaller than its rows, `addr` is another mode, or `size` is too
 * small.  No allocation. */
tmu_status tmu_unit_pairs_build(const tmu_texture *tex, tmu_address addr, void *mem, size_t size, tmu_diag *diag);

/* Makes the prepared call `plan` read the row-pair copy at `mem` (`size` bytes, built by
 * tmu_unit_pairs_build from the texture the plan was prepared with, for the address mode of the
 * plan's sampler: the same texel memory, sizes and pitches of level 0, and of every level when
 * the call reads mips), or, with mem NULL, read only the texture again.  The memory must stay
 * valid and unchanged while the plan uses it; copies of the plan made afterwards use it too.
 * Fails, leaving the plan as it was, when the plan is not prepared, `mem` holds no copy, one of
 * another texture or address mode, or fewer levels than the call reads, or the plan's call takes
 * no fast path that reads one (see above; not with TMU_UNIT_GENERAL_ONLY). */
tmu_status tmu_unit_plan_use_pairs(tmu_unit_plan *plan, const void *mem, size_t size, tmu_diag *diag);

/* Name of the widest SIMD instruction set the fast paths use on this CPU ("avx512": AVX-512F and
 * AVX-512BW, "avx2" (with FMA) or "portable"). */
const char *tmu_unit_simd_name(void);

/* How calls with these flags (tmu_unit_execute_ex) read scattered texels on this CPU: "gather"
 * (hardware gathers) or "scalar" (one load a texel; also where the call has no SIMD fast path). */
const char *tmu_unit_texel_loads(unsigned flags);

#ifdef __cplusplus
}
#endif
#endif
