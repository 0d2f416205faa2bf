/* tmu — executing AMD GCN MIMG image instructions (gfx6–gfx9) on a wave of 64 lanes, and RDNA
 * ones (gfx10, gfx10.3, gfx11) on a wave of 64 or 32 lanes (docs/rdna-mimg.md section 12: RDNA
 * T#/S# layouts, images through the layout module, DIM against the T# TYPE, NSA address VGPRs,
 * A16 / G16 packing, the VM_CNT / VS_CNT split).
 *
 * An instruction runs as: decode (gcn.h) -> read the T# and S# from the SGPRs named by SRSRC and
 * SSAMP -> lift to a tmu_op with per-lane operands read from the VGPRs named by VADDR (op.h) ->
 * the texture unit (unit.h) -> results written back with the GCN rules (DMASK compaction, D16,
 * TFE/LWE status dword, EXEC).  Stores and atomics write guest memory through the texel codec
 * (format.h) at the same texel addresses the unit reads.
 *
 * Guest memory is a list of regions the caller owns: host memory mapped at 48-bit GPU
 * addresses.  Every texel, store and atomic address is checked against them before anything is
 * read or written: an image must lie wholly inside one region (a store or atomic: a writable
 * one), otherwise the instruction is refused with TMU_ERR_RANGE and changes nothing.  Texel
 * coordinates outside the image follow the hardware's rule instead: loads return 0, stores
 * and atomics are dropped (atomics return 0).
 *
 * Results become visible when the instruction retires.  VM_CNT counts issued, unretired image
 * instructions and EXP_CNT those whose VDATA (store and atomic data) has not been read; both
 * retire in order (tmu_gcn_wave_wait is s_waitcnt).  Reading a VGPR with a pending result,
 * writing one a pending result will overwrite, or writing the VDATA of a store or atomic whose
 * data was not read yet is logged as a hazard.  A full counter stalls: the oldest instruction
 * retires first, as the hardware waits.
 *
 * Modelling decisions where AMD documents nothing (each names its source or says [inf]):
 *  - Texture memory placement by AMD addrlib's rules: linear images as
 *    tmu_gcn_tdesc_placement places them, tiled ones (gfx6-8 TILING_INDEX, gfx9 SW_MODE) as
 *    tmu_gcn_tdesc_surface lays them out on the environment's chip (gcn.h says how the T#
 *    fields map to the surface); the texture unit reads tiled levels in place.  Compression
 *    and its metadata (COMPRESSION_EN = 1: DCC or HTILE; FMASK formats) are refused by name.
 *  - T# MIN_LOD above LAST_LEVEL is clamped to LAST_LEVEL (tmu_gcn_tdesc_to_texture).
 *  - The data (VDATA) dword count follows tmu_gcn_vdata_count, except that LWE alone also adds
 *    the status dword (LLVM code generation, review D48826).  The status dword is written only
 *    when an access fails (docs/gcn-mimg.md §3.5): bit 0 = a texel it needed is not resident (TFE),
 *    bit 1 = LWE and the LOD is below the T# MIN_LOD_WARN [inf: AMD's bit layout is not public].
 *  - DMASK 0 transfers no component (its one VDATA register is left alone).
 *  - D16: fp32 -> fp16 round to nearest even; gfx8.0 writes each half into the low bits of its
 *    own VGPR (high bits 0), gfx8.1 and gfx9 pack two per VGPR, low first, an odd last one with
 *    high bits 0.  D16 on UINT/SINT images is refused (the hardware conversion is undocumented).
 *  - Cube images: VADDR s, t are face coordinates in [1, 2] and a face id (cube arrays:
 *    8·layer + face); they are turned back into the direction (2(s−1.5), 2(t−1.5), ±1) on the
 *    face's axes.  gfx6–8 clamp 8·layer + face as one number (the wrong face when the clamp
 *    triggers, the quirk ACO works around); gfx9 clamps the layer alone.  Cube _d/_cd
 *    derivatives are face-space derivatives of s and t.
 *  - Array slices of samples: gfx6–8 truncate the float slice (drivers round it first), gfx9
 *    rounds to nearest even [inf].
 *  - gather4 on UINT/SINT images on gfx6–8 reads the footprint half a texel to the lower right
 *    of the API one (what ACO's tg4_integer_workarounds undo by subtracting half a texel).
 *  - gather4 with a level selection (_l, _b, _cl, implicit) reads one level: the one the LOD
 *    selects, rounded to the nearest level as MIP_FILTER POINT does.
 *  - image_get_lod returns (clamped level, unclamped lambda) as ACO's OpImageQueryLod;
 *    image_get_resinfo returns (width, height, depth or layers [cube arrays: cubes], levels)
 *    of the view at the given mip; neither is verified on hardware.
 *  - Stores write through the inverse of DST_SEL (components the image holds; the rest 0);
 *    _pck loads/stores move the raw bits of each component (_sgn sign-extends).
 *  - Atomics treat the texel as one 32-bit (DMASK 0x1) or 64-bit (0x3; cmpswap 0x3/0xf) value
 *    and need an image of exactly that many bytes per texel; lanes run in lane order.
 *    fmin/fmax follow C fmin/fmax (a NaN operand loses), fcmpswap compares as floats.
 *  - DA, SLC and GLC (except the atomic return) change nothing in a software model: the T#
 *    TYPE fixes the address layout, as on the hardware.
 *
 * The S# fields that are precision or performance hints of the hardware filter (ANISO_THRESHOLD,
 * ANISO_BIAS, LOD_BIAS_SEC, PERF_MIP, PERF_Z, MIP_POINT_PRECLAMP, DISABLE_LSB_CEIL,
 * BLEND_ZERO_PRT, FILTER_PREC_FIX, ANISO_OVERRIDE, COMPAT_MODE) are not modelled: tmu computes
 * the exact result.  So are the T# fields that only steer caches, counters or compression
 * metadata (MTYPE, ATC, PERF_MOD, COUNTER_BANK_ID, LOD_HDW_CNT_EN, META_* and the DCC fields
 * while COMPRESSION_EN is 0).
 *
 * No allocation anywhere here; no global state.  A wave is used by one thread at a time;
 * distinct waves may run on distinct threads over the same guest memory (writes to the same
 * bytes from two threads are the caller's race, as on a GPU). */
#ifndef TMU_GCN_EXEC_H
#define TMU_GCN_EXEC_H

#include <stddef.h>
#include <stdint.h>

#include "tmu/gcn.h"
#include "tmu/layout.h"
#include "tmu/op.h"
#include "tmu/status.h"
#include "tmu/texture.h"
#include "tmu/unit.h"

#ifdef __cplusplus
extern "C" {
#endif

#define TMU_GCN_LANES 64        /* lanes of a wave */
#define TMU_GCN_VGPRS 256       /* v0..v255 */
#define TMU_GCN_SGPRS 128       /* scalar operand codes 0..127 (s0..s103, then special registers) */
#define TMU_GCN_MAX_PENDING 64  /* most unretired instructions (gfx9+ VM_CNT has 6 bits) */
#define TMU_GCN_MAX_HAZARDS 64  /* hazard log entries kept (the total is counted on) */
#define TMU_GCN_ADDRESS_LIMIT (1ull << 48)

/* One region of guest memory: `size` bytes of host memory at `host`, seen by the GPU at
 * addresses [base, base + size) (base + size <= 2^48). */
typedef struct tmu_gcn_region {
    uint64_t base;
    uint64_t size;
    void *host;
    int writable; /* 0: image stores and atomics into this region are refused */
} tmu_gcn_region;

/* Residency of a partially resident (sparse) image, for TFE: applies to every T# whose base
 * address (BASE_ADDRESS << 8) equals `base`.  See tmu_residency (texture.h); levels are the
 * image's levels, and each map must hold a byte for every tile of its level. */
typedef struct tmu_gcn_prt {
    uint64_t base;
    const tmu_residency *residency;
} tmu_gcn_prt;

/* What an instruction may touch besides the wave: guest memory, the border-colour table
 * (BORDER_COLOR_TYPE REGISTER reads entry BORDER_COLOR_PTR: four raw 32-bit values, floats for
 * float and normalised images, integers for UINT/SINT ones, as the hardware's table in memory
 * at TA_BC_BASE_ADDR), sparse-image residency and the chip whose address registers lay out
 * tiled images (a preset of tmu_amd_chip_find or the caller's own GB_ADDR_CONFIG /
 * GB_TILE_MODE / GB_MACROTILE_MODE values; NULL = tmu_gcn_default_chip of the wave's
 * generation; a chip of another generation is refused when a tiled T# needs it).  Read-only to
 * tmu except the bytes stores and atomics write; the chip's registers must not change while a
 * wave has instructions prepared with them (the wave keys its cache on the pointer). */
typedef struct tmu_gcn_env {
    const tmu_gcn_region *regions;
    size_t region_count;
    const uint32_t *border_table; /* border_count entries of 4 words: entry n is [4n, 4n + 3] */
    size_t border_count;
    const tmu_gcn_prt *prt;
    size_t prt_count;
    const tmu_amd_chip *chip;     /* tiled layouts; NULL = tmu_gcn_default_chip(gen) */
} tmu_gcn_env;

/* Kinds of hazard (missing s_waitcnt). */
typedef enum tmu_gcn_hazard_kind {
    TMU_GCN_HAZARD_READ_PENDING = 0,  /* a VGPR read while an earlier instruction's result for it
                                         is pending: needs s_waitcnt vmcnt; the old value is read */
    TMU_GCN_HAZARD_WRITE_PENDING,     /* a VGPR written while an earlier instruction's pending
                                         result will overwrite it when it retires */
    TMU_GCN_HAZARD_WRITE_VDATA,       /* a VGPR written while a store or atomic has not read it as
                                         VDATA yet: needs s_waitcnt expcnt */
} tmu_gcn_hazard_kind;

/* One logged hazard.  Instructions are numbered 1, 2, ... in issue order; an access by the
 * caller (tmu_gcn_wave_note_read/write) is numbered like the next instruction would be. */
typedef struct tmu_gcn_hazard {
    tmu_gcn_hazard_kind kind;
    uint32_t vgpr;
    uint64_t at;      /* the instruction (or caller access) that made the access */
    uint64_t pending; /* the earlier instruction whose result or data was pending */
} tmu_gcn_hazard;

/* Internal: one unretired instruction (results are written to the VGPRs when it retires). */
typedef struct tmu_gcn_pending {
    uint64_t seq;
    uint8_t exp;          /* 1 while its VDATA has not been read (stores, atomics) */
    uint8_t vs;           /* RDNA: counted in VS_CNT (stores, atomics without return) */
    uint8_t ndst;         /* result dwords, written at VDATA + i for lanes in mask[i] */
    uint8_t dstmask;      /* bit i: VDATA + i is a destination (counted as a pending write) */
    uint16_t dst;
    uint16_t src, nsrc;   /* VGPRs read as VDATA until the exp part retires */
    uint64_t mask[5];
    uint32_t data[5][TMU_GCN_LANES];
} tmu_gcn_pending;

/* A wave: registers, counters, hazard log.  About 160 KiB: allocate it (once) on the heap or
 * statically, then tmu_gcn_wave_init.  Callers read and write gen, exec, sgpr and vgpr freely;
 * `priv` is internal.  The wave keeps the last instruction it prepared (descriptors bound, operand
 * layout, the texture-unit call as a tmu_unit_plan) and reuses it while the instruction word, its
 * T#/S#, the environment's entries it reads (the chip pointer included) and the wave's address
 * stay the same; a copy of a wave (snapshot, restore) is a wave of its own and prepares again. */
typedef struct tmu_gcn_wave {
    tmu_gcn_gen gen;
    uint64_t exec;                                   /* lane n active = bit n */
    uint32_t lanes;                                  /* 64, or 32 (an RDNA wave32: lanes 32-63
                                                        do not exist; EXEC bits 32-63 are ignored) */
    uint32_t sgpr[TMU_GCN_SGPRS];
    uint32_t vgpr[TMU_GCN_VGPRS][TMU_GCN_LANES];     /* vgpr[v][lane] */
    uint64_t issued;                                 /* image instructions executed */
    uint32_t hazard_count;                           /* entries in hazards[] */
    uint64_t hazard_total;                           /* hazards seen (may exceed the log) */
    tmu_gcn_hazard hazards[TMU_GCN_MAX_HAZARDS];
    struct {
        uint32_t head, count, exp_count, vs_count;
        uint8_t writes[TMU_GCN_VGPRS]; /* pending results per VGPR */
        uint8_t reads[TMU_GCN_VGPRS];  /* unread VDATA per VGPR */
        tmu_gcn_pending ring[TMU_GCN_MAX_PENDING];
        /* the last instruction prepared (descriptors bound, op lifted) and what it depended on */
        uint32_t cache_valid;
        uint32_t cache_plan_ready; /* cache_plan holds its texture-unit call, prepared */
        uint64_t cache_key[56];
        uint64_t cache[1024];
        tmu_unit_plan cache_plan;
    } priv;
} tmu_gcn_wave;

/* Resets a wave for `gen`: registers 0, EXEC all ones, 64 lanes, counters 0, empty hazard log. */
void tmu_gcn_wave_init(tmu_gcn_wave *wave, tmu_gcn_gen gen);

/* Sets the wave size: 64, or 32 on RDNA (wave32: lanes 32-63 are not part of the wave and EXEC
 * bits 32-63 are ignored; their VGPRs are never read or written).  TMU_ERR_INVALID_ARGUMENT for
 * anything else. */
tmu_status tmu_gcn_wave_set_lanes(tmu_gcn_wave *wave, uint32_t lanes, tmu_diag *diag);

/* Decodes `word` for wave->gen and executes it (tmu_gcn_exec).  Decode failures return
 * TMU_ERR_DECODE with the reason. */
tmu_status tmu_gcn_exec_word(tmu_gcn_wave *wave, const tmu_gcn_env *env, uint64_t word,
                             tmu_diag *diag);

/* Decodes the instruction at dw[0 .. n-1] (dwords in memory order: RDNA NSA forms take 3-5;
 * *len, may be NULL, receives its length as tmu_gcn_decode_dwords gives it) and executes it. */
tmu_status tmu_gcn_exec_dwords(tmu_gcn_wave *wave, const tmu_gcn_env *env, const uint32_t *dw,
                               size_t n, unsigned *len, tmu_diag *diag);

/* Executes one decoded instruction for the lanes in wave->exec.  On success the instruction is
 * issued (VM_CNT + 1; stores and atomics EXP_CNT + 1), memory writes are done and its results
 * are pending until it retires.  On any error nothing changes (except that issuing with a full
 * VM_CNT or EXP_CNT first retires the oldest instruction, as the hardware's stall does); diag
 * says which operand, field or value: TMU_ERR_UNSUPPORTED for descriptor values and modes tmu does not model,
 * TMU_ERR_RANGE for memory outside the regions, TMU_ERR_INVALID for operands that cannot be,
 * e.g. VADDR running past v255, or the texture unit's own refusal). */
tmu_status tmu_gcn_exec(tmu_gcn_wave *wave, const tmu_gcn_env *env, const tmu_gcn_mimg *inst,
                        tmu_diag *diag);

/* s_waitcnt: retires the oldest instructions until at most `vm_cnt` are unretired and at most
 * `exp_cnt` have unread VDATA (retiring an instruction reads its VDATA too).  Pass
 * TMU_GCN_NO_WAIT to leave a counter alone. */
#define TMU_GCN_NO_WAIT 0xffffffffu
void tmu_gcn_wave_wait(tmu_gcn_wave *wave, uint32_t vm_cnt, uint32_t exp_cnt);

/* RDNA s_waitcnt_vscnt: retires the oldest stores and atomics without return until at most
 * `vs_cnt` are unretired. */
void tmu_gcn_wave_wait_vs(tmu_gcn_wave *wave, uint32_t vs_cnt);

/* Current VM_CNT, EXP_CNT and (RDNA) VS_CNT of the wave.  On RDNA VM_CNT counts the loads,
 * samples and atomics with return, VS_CNT the stores and atomics without return (the gfx10
 * split, LLVM SIInsertWaitcnts); on gfx6-9 VM_CNT counts every image instruction. */
uint32_t tmu_gcn_wave_vm_cnt(const tmu_gcn_wave *wave);
uint32_t tmu_gcn_wave_exp_cnt(const tmu_gcn_wave *wave);
uint32_t tmu_gcn_wave_vs_cnt(const tmu_gcn_wave *wave);

/* Largest VM_CNT / EXP_CNT / VS_CNT value of a generation (15 / 7 / - on gfx6-8, 63 / 7 / - on
 * gfx9, 63 / 7 / 63 on RDNA; tmu_gcn_vs_cnt_max is 0 before gfx10). */
uint32_t tmu_gcn_vm_cnt_max(tmu_gcn_gen gen);
uint32_t tmu_gcn_exp_cnt_max(tmu_gcn_gen gen);
uint32_t tmu_gcn_vs_cnt_max(tmu_gcn_gen gen);

/* The s_waitcnt instruction (SOPP, 32 bits: 0xBF8C0000 | SIMM16; gfx11 0xBF890000 | SIMM16).
 * SIMM16 holds VM_CNT in bits 3-0 (gfx9, gfx10, gfx10.3: plus bits 15-14 as VM_CNT bits 5-4),
 * EXP_CNT in 6-4, LGKM_CNT in 11-8 (gfx10, gfx10.3: 13-8); gfx11: EXP_CNT 2-0, LGKM_CNT 9-4,
 * VM_CNT 15-10 (LLVM AMDGPUBaseInfo; checked against llvm-mc 16 in tests/gcn/test_rdna_exec.c).
 * decode: TMU_ERR_DECODE when `word` is not s_waitcnt. */
tmu_status tmu_gcn_waitcnt_decode(tmu_gcn_gen gen, uint32_t word, uint32_t *vm_cnt,
                                  uint32_t *exp_cnt, uint32_t *lgkm_cnt, tmu_diag *diag);
/* Encodes s_waitcnt; a count above the generation's maximum means "no wait" (all ones). */
uint32_t tmu_gcn_waitcnt_encode(tmu_gcn_gen gen, uint32_t vm_cnt, uint32_t exp_cnt,
                                uint32_t lgkm_cnt);

/* s_waitcnt_vscnt null, N (RDNA; SOPK 0xBBFD0000 | N on gfx10 / gfx10.3, 0xBC7C0000 | N on
 * gfx11).  decode: TMU_ERR_DECODE for another word or generation, TMU_ERR_UNSUPPORTED for an
 * SGPR count (SDST not null). */
tmu_status tmu_gcn_waitcnt_vscnt_decode(tmu_gcn_gen gen, uint32_t word, uint32_t *vs_cnt,
                                        tmu_diag *diag);
uint32_t tmu_gcn_waitcnt_vscnt_encode(tmu_gcn_gen gen, uint32_t vs_cnt);

/* Executes an s_waitcnt word, or on RDNA an s_waitcnt_vscnt word (LGKM_CNT is ignored: image
 * instructions do not use it). */
tmu_status tmu_gcn_exec_waitcnt(tmu_gcn_wave *wave, uint32_t word, tmu_diag *diag);

/* Tells the wave that the caller (an emulator's ALU) reads / writes v[first .. first+count-1]
 * (all lanes): hazards are logged as for image instructions.  Returns the hazards found. */
uint32_t tmu_gcn_wave_note_read(tmu_gcn_wave *wave, uint32_t first, uint32_t count);
uint32_t tmu_gcn_wave_note_write(tmu_gcn_wave *wave, uint32_t first, uint32_t count);

/* Name of a hazard kind ("read of a pending result", ...). */
const char *tmu_gcn_hazard_name(tmu_gcn_hazard_kind kind);

/* ---- Descriptors in guest memory ---------------------------------------------------------- */

/* Binds a T# to guest memory: tmu_gcn_tdesc_to_texture, then the level placement (linear:
 * tmu_gcn_tdesc_placement; tiled: tmu_gcn_tdesc_surface on env->chip, into *surface), then the
 * region holding the whole image (level[].data, .size point into it; a tiled image's levels
 * all point at the surface base and read through *surface, which must stay in place and
 * unchanged while `out` is used).  The region must hold every byte the layout spans
 * (surface->size bytes from the surface base for tiled images): nothing outside it is ever
 * read.  `sdesc` (may be NULL) supplies FORCE_DEGAMMA / SKIP_DEGAMMA, which change the
 * format.  `writable`: the region must be writable.  `surface` may be NULL: tiled T#s are then
 * refused.  TMU_ERR_RANGE when no single region holds the image; TMU_ERR_UNSUPPORTED for
 * compression, linear MSAA and field values tmu does not model (message names the T# field
 * and value). */
tmu_status tmu_gcn_bind_texture_surface(const tmu_gcn_tdesc *tdesc, const tmu_gcn_sdesc *sdesc,
                                        const tmu_gcn_env *env, int writable, tmu_texture *out,
                                        tmu_surface *surface, tmu_diag *diag);

/* tmu_gcn_bind_texture_surface without a surface: linear images only (tiled T#s are refused
 * with TMU_ERR_UNSUPPORTED, naming TILING_INDEX / SW_MODE). */
tmu_status tmu_gcn_bind_texture(const tmu_gcn_tdesc *tdesc, const tmu_gcn_sdesc *sdesc,
                                const tmu_gcn_env *env, int writable, tmu_texture *out,
                                tmu_diag *diag);

/* Fills a sampler for an S# used with the image `tex` (needed for BORDER_COLOR_TYPE REGISTER,
 * the gfx9 BC_SWIZZLE of `tdesc` and the Z filter of 3D images): tmu_gcn_sdesc_to_sampler plus
 * the border colour.  `tdesc` and `tex` may be NULL (then REGISTER colours and Z_FILTER are not
 * checked against an image). */
tmu_status tmu_gcn_bind_sampler(const tmu_gcn_sdesc *sdesc, const tmu_gcn_tdesc *tdesc,
                                const tmu_texture *tex, const tmu_gcn_env *env, tmu_sampler *out,
                                tmu_diag *diag);

/* Everything an instruction reads, as tmu_gcn_exec sees it (for `tmu gcn run --explain`). */
typedef struct tmu_gcn_explain {
    tmu_gcn_tdesc tdesc;         /* from s[4*SRSRC ..] */
    tmu_gcn_sdesc sdesc;         /* from s[4*SSAMP ..] when has_sampler */
    int has_sampler;
    tmu_texture texture;         /* bound to guest memory (tiled: its levels read `surface`) */
    int tiled;                   /* 1: the T# is tiled, laid out in `surface` */
    uint64_t surface_base;       /* tiled: GPU address of the surface (level 0) */
    const tmu_amd_chip *chip;    /* tiled: the chip that laid it out */
    tmu_surface surface;         /* tiled: the layout (a copy of the explain struct must
                                    re-point texture.level[].surface at its own) */
    tmu_sampler sampler;         /* when has_sampler */
    tmu_op op;                   /* the lifted operation (loads, stores, atomics: FETCH) */
    tmu_gcn_vaddr_layout vaddr;  /* which address dword (and half) holds which component */
    uint16_t addr_vgpr[TMU_GCN_MAX_ADDR]; /* the VGPR of address dword i: VADDR + i, or on RDNA
                                             NSA VADDR then the NSA bytes, each its own */
    uint32_t vdata_count;        /* VDATA registers (data + status) */
    uint32_t data_dwords;        /* of which data */
    int status_dword;            /* 1: VDATA + data_dwords is the TFE/LWE status dword */
} tmu_gcn_explain;

/* Reads the descriptors and lifts `inst` exactly as tmu_gcn_exec would, without executing.
 * Same errors as tmu_gcn_exec. */
tmu_status tmu_gcn_exec_explain(const tmu_gcn_wave *wave, const tmu_gcn_env *env,
                                const tmu_gcn_mimg *inst, tmu_gcn_explain *out, tmu_diag *diag);

#ifdef __cplusplus
}
#endif
#endif
