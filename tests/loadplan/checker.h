/* Independent checker of load plans (tests only).  Written separately from
 * src/loadplan: it shares only the public types of tmu/loadplan.h, and keeps its
 * own facts about every instruction (by name), immediate ranges and which memory
 * may be over-read.  It simulates a plan for every address consistent with the
 * alignment facts and checks the bytes each destination component receives. */
#ifndef TMU_TEST_LOADPLAN_CHECKER_H
#define TMU_TEST_LOADPLAN_CHECKER_H

#include <stdbool.h>

#include "tmu/loadplan.h"

typedef struct lpc_result {
    char why[512];         /* first problem found, "" when none */
    unsigned addresses;    /* effective addresses simulated */
    unsigned min_loads;    /* fewest loads the checker's own search found (when asked) */
} lpc_result;

/* Checks `plan` for the request; with `check_min`, also that it uses no more loads
 * than the checker's exhaustive search needs.  Returns true when every check passes. */
bool lpc_check(const tmu_lp_request *req, tmu_lp_class cls, tmu_lp_gen gen, const tmu_lp_plan *plan,
               bool check_min, lpc_result *res);

/* The checker's own view of whether a request can be served at all (true) or must be
 * refused (false), from the reference's rules, not from the planner. */
bool lpc_expect_supported(const tmu_lp_request *req, tmu_lp_class cls, tmu_lp_gen gen);

/* The largest immediate offset (bytes) a class's plain loads encode on a generation,
 * per the reference's device limits; used to place constant offsets around the limits. */
unsigned lpc_imm_limit(tmu_lp_class cls, tmu_lp_gen gen);

#endif
