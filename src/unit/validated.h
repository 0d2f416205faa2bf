/* Private (for the ISA executors): the texture unit without its per-call argument checks. */
#ifndef TMU_UNIT_VALIDATED_H
#define TMU_UNIT_VALIDATED_H

#include "tmu/unit.h"

/* tmu_unit_execute for a call whose texture, sampler, op, lane count and set of non-NULL input
 * and output pointers already passed tmu_unit_execute's checks once (an executor caching a
 * prepared instruction calls it again with the same ones): skips those checks, so a call that
 * would fail them is undefined.  Only a view that cannot be formed (checked anyway) is an error. */
tmu_status tmu_unit_execute_validated(const tmu_texture *tex, const tmu_sampler *smp, const tmu_op *op,
                                      uint32_t lanes, const uint64_t exec[2], const tmu_wave_in *in,
                                      tmu_wave_out *out, tmu_diag *diag);

#endif
