/* tmu — load planner modelled on Mesa ACO's emit_load (Mesa 23.x).
 *
 * A compiler backend must turn "load N components of S bytes at an address whose
 * alignment is known as align_mul/align_offset, plus a constant offset" into the
 * few hardware loads a memory class allows.  tmu_lp_plan_load() is a pure function
 * from such a request, a memory class and a GPU generation to a plan: the address
 * fix-ups, the ordered loads, the byte shift of each widened load and how the
 * loaded registers are recombined into the destination components.
 *
 * Address model.  The alignment facts speak about the EFFECTIVE address
 * E = dynamic offset + const_offset (as NIR's align_mul/align_offset do):
 * E mod align_mul == align_offset.  Component i of the destination lives at
 * E + i * component_stride (component_stride 0 = packed: E + i * component_size).
 * Each plan address value is "the dynamic offset" (value 0) or the result of a
 * fix-up; a load reads from value + imm.
 *
 * Two modes: TMU_LP_EXACT (default) is correct for every address consistent with
 * the alignment facts and uses as few loads as the load shapes allow;
 * TMU_LP_ACO reproduces ACO 23.x, including its known inexact cases
 * (docs/loadplan.md lists every difference).
 *
 * Thread-safe: no global mutable state, no allocation. */
#ifndef TMU_LOADPLAN_H
#define TMU_LOADPLAN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tmu/status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Memory classes: one ACO parameter set each. */
typedef enum tmu_lp_class {
    TMU_LP_LDS = 0,        /* ds_read / ds_load */
    TMU_LP_SMEM,           /* s_buffer_load (or s_load with smem_address) */
    TMU_LP_MUBUF,          /* buffer_load untyped */
    TMU_LP_MUBUF_FORMAT,   /* buffer_load_format */
    TMU_LP_MTBUF,          /* tbuffer_load_format */
    TMU_LP_SCRATCH_MUBUF,  /* scratch through MUBUF (gfx6-gfx8) */
    TMU_LP_SCRATCH_FLAT,   /* scratch_load (gfx9+) */
    TMU_LP_GLOBAL,         /* global memory: MUBUF addr64 (gfx6), FLAT (gfx7-8), GLOBAL (gfx9+) */
    TMU_LP_CLASS_COUNT
} tmu_lp_class;

/* GPU generations (the value is the GFX level number). */
typedef enum tmu_lp_gen {
    TMU_LP_GFX6 = 6,
    TMU_LP_GFX7,
    TMU_LP_GFX8,
    TMU_LP_GFX9,
    TMU_LP_GFX10,
    TMU_LP_GFX11,
    TMU_LP_GFX12,
} tmu_lp_gen;
#define TMU_LP_GEN_FIRST TMU_LP_GFX6
#define TMU_LP_GEN_LAST TMU_LP_GFX12

/* Where the dynamic part of the address lives. */
typedef enum tmu_lp_offset_kind {
    TMU_LP_OFFSET_VGPR = 0, /* 32-bit VGPR (v1) */
    TMU_LP_OFFSET_SGPR,     /* 32-bit SGPR (s1) */
    TMU_LP_OFFSET_VGPR64,   /* 64-bit VGPR pair (v2): a global address */
    TMU_LP_OFFSET_SGPR64,   /* 64-bit SGPR pair (s2): a global/SMEM address */
    TMU_LP_OFFSET_CONST,    /* a known constant (offset_value) */
    TMU_LP_OFFSET_NONE,     /* absent: the address is the constant offset alone */
    TMU_LP_OFFSET_KIND_COUNT
} tmu_lp_offset_kind;

typedef enum tmu_lp_mode {
    TMU_LP_EXACT = 0, /* correct for every consistent address, minimal load count (default) */
    TMU_LP_ACO,       /* what ACO's emit_load of Mesa 23.x emits, faults included */
} tmu_lp_mode;

/* One load request (ACO's LoadEmitInfo, less the registers). */
typedef struct tmu_lp_request {
    tmu_lp_offset_kind offset_kind;
    uint32_t offset_value;           /* the dynamic offset when offset_kind is CONST */
    uint32_t const_offset;           /* extra immediate byte offset */
    uint32_t align_mul;              /* power of two; 0 means "component_size" (ACO's default) */
    uint32_t align_offset;           /* < align_mul: E mod align_mul */
    uint32_t num_components;         /* 1..16 */
    uint32_t component_size;         /* bytes: 1, 2, 4 or 8 */
    uint32_t component_stride;       /* bytes between components in memory; 0 = packed */
    uint32_t swizzle_component_size; /* most bytes one load may fetch (swizzled buffers); 0 = no limit */
    bool has_soffset;                /* an extra SGPR offset is added (buffer classes) */
    bool has_index;                  /* a buffer index is used (idxen) */
    bool smem_address;               /* SMEM: plain s_load from a 64-bit address (not bounds-checked) */
} tmu_lp_request;

/* Fills `req` with a neutral request: VGPR offset, 1 component of 4 bytes, align 4/0. */
void tmu_lp_request_init(tmu_lp_request *req);

/* An address fix-up emitted before the loads. */
typedef enum tmu_lp_fixup_op {
    TMU_LP_FIX_ADD, /* value = src + operand (mod 2^32; 64-bit with carry for 64-bit offsets) */
    TMU_LP_FIX_AND, /* value = src & operand (operand = 0xfffffffc: round down to a dword) */
} tmu_lp_fixup_op;

typedef struct tmu_lp_fixup {
    tmu_lp_fixup_op op;
    uint32_t src;     /* address value read: 0 = the dynamic offset, k = result of fixups[k-1] */
    uint32_t operand; /* the constant added, or the mask */
    char insn[40];    /* instruction(s), e.g. "v_add_u32", "s_add_u32+s_addc_u32", "(folded)" */
} tmu_lp_fixup;

typedef enum tmu_lp_shift_kind {
    TMU_LP_SHIFT_NONE = 0,
    TMU_LP_SHIFT_CONST,   /* drop `shift` leading bytes of the loaded register */
    TMU_LP_SHIFT_RUNTIME, /* drop (value(shift_src) & 3) leading bytes, computed at run time */
} tmu_lp_shift_kind;

/* One hardware load. */
typedef struct tmu_lp_load {
    char op[40];              /* instruction name for the generation, e.g. "buffer_load_dwordx2" */
    uint32_t bytes;           /* bytes written to registers */
    uint32_t addr;            /* address value used (0 = dynamic offset, k = fixups[k-1]) */
    uint32_t imm;             /* immediate byte offset: the load reads from value(addr) + imm */
    uint32_t encoded_offset;  /* the offset field as encoded (imm / unit; read2: offset0) */
    uint32_t encoded_offset1; /* read2 only: offset1 (the second half reads at value + offset1*unit) */
    uint32_t read2_unit;      /* read2 only: bytes per half; 0 for every other load */
    uint32_t align;           /* alignment of the address relied on (bytes, power of two) */
    tmu_lp_shift_kind shift_kind;
    uint32_t shift;           /* SHIFT_CONST: bytes dropped */
    uint32_t shift_src;       /* SHIFT_RUNTIME: address value whose low 2 bits give the shift */
    char shift_insn[40];      /* how the shift is done ("v_alignbyte_b32", "s_lshr_b64", ...) */
    uint32_t dst_byte;        /* first destination byte delivered (after the shift) */
    uint32_t useful;          /* destination bytes delivered by this load */
} tmu_lp_load;

#define TMU_LP_MAX_LOADS 64
#define TMU_LP_MAX_FIXUPS 128
#define TMU_LP_MAX_COMPONENTS 16
#define TMU_LP_MAX_SOURCES 8

/* Where one destination component comes from: pieces of loaded (and shifted)
 * registers, concatenated low byte first. */
typedef struct tmu_lp_component {
    uint32_t num_sources;
    struct {
        uint32_t load;  /* index into loads[] */
        uint32_t byte;  /* first byte within that load's shifted result */
        uint32_t bytes; /* bytes taken */
    } src[TMU_LP_MAX_SOURCES];
} tmu_lp_component;

typedef struct tmu_lp_plan {
    tmu_lp_class cls;
    tmu_lp_gen gen;
    tmu_lp_mode mode;
    uint32_t total_bytes;  /* num_components * component_size */
    uint32_t bytes_read;   /* sum of loads[].bytes */
    bool sgpr_result;      /* the loads write SGPRs (SMEM) */
    bool uses_soffset;     /* buffer loads also add the request's soffset SGPR */
    bool uses_index;       /* buffer loads use idxen with the request's buffer index */
    uint32_t num_fixups;
    tmu_lp_fixup fixups[TMU_LP_MAX_FIXUPS];
    uint32_t num_loads;
    tmu_lp_load loads[TMU_LP_MAX_LOADS];
    uint32_t num_components;
    tmu_lp_component components[TMU_LP_MAX_COMPONENTS];
} tmu_lp_plan;

/* Plans one load.  Returns TMU_OK and fills `plan`, or an error status with `diag`
 * (may be NULL) naming the offending field: INVALID_ARGUMENT for contradictory or
 * out-of-range requests, UNSUPPORTED for requests the class cannot serve. */
tmu_status tmu_lp_plan_load(const tmu_lp_request *req, tmu_lp_class cls, tmu_lp_gen gen,
                            tmu_lp_mode mode, tmu_lp_plan *plan, tmu_diag *diag);

/* ACO's EmitLoadParameters for a class on a generation, plus the exact limits. */
typedef struct tmu_lp_params {
    const char *name;                   /* ACO's parameter-set name, e.g. "mubuf_load_params" */
    bool byte_align_loads;              /* misaligned loads may be widened and shifted */
    bool supports_8bit_16bit_loads;     /* naturally aligned 1- and 2-byte loads exist */
    uint32_t max_const_offset_plus_one; /* ACO 23.x: immediates must be below this */
    bool bounds_checked;                /* reads past the request are harmless (buffer range check) */
    uint32_t imm_max;                   /* exact mode: largest encodable immediate (bytes) */
    uint32_t imm_unit;                  /* exact mode: immediates are multiples of this (SMEM gfx6-7: 4) */
} tmu_lp_params;

/* Returns the parameter set of `cls` on `gen`, or NULL when the class does not
 * exist there (scratch_mubuf after gfx8, scratch_flat before gfx9) or the inputs are
 * out of range.  `smem_address` selects the s_load variant of SMEM. */
const tmu_lp_params *tmu_lp_params_get(tmu_lp_class cls, tmu_lp_gen gen, bool smem_address);

/* One rung of a class's size ladder. */
typedef struct tmu_lp_insn {
    const char *name;      /* name on gfx6-gfx10 */
    const char *name_gfx11;/* name on gfx11+ */
    uint8_t bytes;         /* bytes loaded */
    uint8_t align;         /* address alignment required */
    uint8_t read2_unit;    /* ds_read2: bytes per half (offsets count in this unit); else 0 */
    uint8_t min_gen, max_gen;
    uint8_t channel_size;  /* format loads: bytes per channel (2 = d16, 4); else 0 */
} tmu_lp_insn;

/* Lists the size ladder of `cls` on `gen` (largest first).  Returns the count and sets
 * *out to the first rung (rungs not available on `gen` are filtered by the caller with
 * min_gen/max_gen; tmu_lp_insn_available does that).  Returns 0 for unknown inputs. */
size_t tmu_lp_ladder(tmu_lp_class cls, bool smem_address, const tmu_lp_insn **out);

/* True when `insn` exists on `gen`. */
bool tmu_lp_insn_available(const tmu_lp_insn *insn, tmu_lp_gen gen);

/* The name of `insn` on `gen` (gfx11 renamed most loads). */
const char *tmu_lp_insn_name(const tmu_lp_insn *insn, tmu_lp_gen gen);

/* Names: "lds", "smem", "mubuf", "mubuf_format", "mtbuf", "scratch_mubuf", "scratch_flat",
 * "global"; "gfx6".."gfx12"; "vgpr", "sgpr", "vgpr64", "sgpr64", "const", "none".
 * The *_name functions return NULL for out-of-range values; the *_from_name
 * functions return TMU_ERR_NOT_FOUND for unknown names (case-insensitive). */
const char *tmu_lp_class_name(tmu_lp_class cls);
tmu_status tmu_lp_class_from_name(const char *name, tmu_lp_class *out);
const char *tmu_lp_gen_name(tmu_lp_gen gen);
tmu_status tmu_lp_gen_from_name(const char *name, tmu_lp_gen *out);
const char *tmu_lp_offset_kind_name(tmu_lp_offset_kind kind);
tmu_status tmu_lp_offset_kind_from_name(const char *name, tmu_lp_offset_kind *out);

/* Writes the plan as readable pseudo-assembly (one instruction per line, then the
 * recombination) into buf (always NUL-terminated when size > 0).  Returns the length
 * the full text needs, like snprintf. */
size_t tmu_lp_format_text(const tmu_lp_plan *plan, char *buf, size_t size);

/* Writes the plan as one JSON object: "class", "gpu", "mode", "loads" [{"op","bytes",
 * "const_offset",...}] in issue order, "fixups", "shifts" and "recombine".  Returns the
 * length the full text needs, like snprintf. */
size_t tmu_lp_format_json(const tmu_lp_plan *plan, char *buf, size_t size);

#ifdef __cplusplus
}
#endif
#endif
