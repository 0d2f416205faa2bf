/* tmu load planner — private helpers shared by the exact and the ACO planners. */
#ifndef TMU_LOADPLAN_INTERNAL_H
#define TMU_LOADPLAN_INTERNAL_H

#include "tmu/loadplan.h"

/* A validated request with derived values. */
typedef struct lp_ctx {
    const tmu_lp_request *req;
    tmu_lp_class cls;
    tmu_lp_gen gen;
    const tmu_lp_params *params;
    const tmu_lp_insn *ladder;
    size_t ladder_len;
    uint32_t A;     /* working alignment modulus (align_mul, or component_size when 0) */
    uint32_t r;     /* align_offset mod A */
    uint32_t total; /* num_components * component_size */
    uint32_t max_load; /* most bytes one load may fetch (swizzle limits), 0 = no limit */
    uint32_t imm_max;  /* largest immediate usable with this offset kind (exact mode) */
    bool const_addr;   /* the dynamic offset is a known constant */
    uint32_t const_value;
    tmu_lp_plan *plan;
    tmu_diag *diag;
    tmu_status err; /* set when a plan array overflows */
} lp_ctx;

/* Instruction names of address fix-ups (tables.c). */
const char *lp_add_insn(tmu_lp_offset_kind kind, tmu_lp_gen gen, bool aco_scalar_i32);
const char *lp_and_insn(tmu_lp_offset_kind kind);

/* Appends (or finds an identical, CSE) fix-up; returns the address value index it
 * defines, or 0 with an error in ctx->diag when the plan is full. */
uint32_t lp_fixup(lp_ctx *ctx, tmu_lp_fixup_op op, uint32_t src, uint32_t operand, const char *insn);

/* Appends a load; returns NULL (error in diag) when the plan is full. */
tmu_lp_load *lp_add_load(lp_ctx *ctx, const tmu_lp_insn *insn);

/* Fills plan->components from the loads' dst_byte/useful ranges. */
tmu_status lp_recombine(lp_ctx *ctx);

/* Names the shift of a load (needs bytes, useful, shift_kind set). */
void lp_name_shift(lp_ctx *ctx, tmu_lp_load *ld);

/* The planners: fill ctx->plan (loads, fix-ups), then the caller recombines. */
tmu_status lp_plan_exact(lp_ctx *ctx);
tmu_status lp_plan_aco(lp_ctx *ctx);

#endif
