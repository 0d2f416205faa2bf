/* ir3 cat5 execution — shared between exec.c (state, hazards, dispatch), exec_tex.c (texture
 * instructions) and exec_lane.c (register-file instructions).  Private. */
#ifndef TMU_IR3_EXEC_INTERNAL_H
#define TMU_IR3_EXEC_INTERNAL_H

#include <stdint.h>

#include "ir3/tables.h"
#include "tmu/ir3_exec.h"

/* Results of one instruction before they are committed: value[c][fiber] for every WRMASK
 * component c of every fiber whose bit is set in `mask`. */
typedef struct ir3_results {
    uint32_t value[4][TMU_IR3_MAX_FIBERS];
    uint64_t mask[2];
    unsigned wrmask;
    uint8_t dst_half;
    uint8_t write;  /* 0: the instruction writes nothing (second half of a fine pair) */
} ir3_results;

/* Everything an instruction's execution reads. */
typedef struct ir3_ctx {
    const tmu_ir3_wave *wave;
    const tmu_ir3_bindings *bind;
    const tmu_ir3_instr *in;
    const tmu_ir3_operands *ops;
    const uint8_t *f;      /* in->field */
    unsigned gen;          /* gpu_id / 100, 8 executes as 7 */
    uint64_t active[2];    /* active fibers (within wave->fibers) */
    tmu_ir3_step *step;
    tmu_diag *diag;
} ir3_ctx;

static inline int ir3_fiber_active(const uint64_t m[2], unsigned f)
{
    return (int)((m[f >> 6] >> (f & 63)) & 1);
}

/* Raw register read (32 bits, or 16 zero-extended); the register exists (checked before). */
uint32_t ir3_read_raw(const tmu_ir3_wave *w, unsigned fiber, unsigned reg, int half);
/* A source operand as float (full: fp32 bits, half: fp16), signed and unsigned integer
 * (half: sign- / zero-extended). */
float ir3_read_f(const ir3_ctx *x, unsigned fiber, const tmu_ir3_reguse *u);
int32_t ir3_read_i(const ir3_ctx *x, unsigned fiber, const tmu_ir3_reguse *u);
uint32_t ir3_read_u(const ir3_ctx *x, unsigned fiber, const tmu_ir3_reguse *u);

/* The operand of `role` number `component`, or NULL when the instruction has none. */
const tmu_ir3_reguse *ir3_operand(const ir3_ctx *x, tmu_ir3_role role, unsigned component);

/* Converts a 32-bit result word (f32 bits, or an integer) to what TYPE writes: f16 and the
 * 16/8-bit integer types keep the low 16 / 8 bits (the texture unit already produced fp16
 * for f16). */
uint32_t ir3_type_store(unsigned type, uint32_t word);

/* Texture instructions (exec_tex.c) and register-file instructions (exec_lane.c): fill *r
 * or return an error with diag set. */
tmu_status ir3_exec_tex(const ir3_ctx *x, ir3_results *r);
tmu_status ir3_exec_lane(const ir3_ctx *x, ir3_results *r);

#define IR3_FAIL(x, st, ...) return tmu_diag_set((x)->diag, st, 0, 0, -1, __VA_ARGS__)

#endif
