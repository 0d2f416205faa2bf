/* libFuzzer target for the load planner: arbitrary requests in both modes must never
 * crash or overrun, errors must carry a message, and every exact-mode plan must pass
 * the independent checker of tests/loadplan (bytes delivered for every consistent
 * address, legality, immediates, page safety, minimal load count). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tmu/loadplan.h"

#include "../loadplan/checker.c"

static uint32_t take(const uint8_t **d, size_t *n, unsigned bytes)
{
    uint32_t v = 0;
    for (unsigned i = 0; i < bytes; i++) {
        v |= (uint32_t)(*n ? **d : 0) << (8 * i);
        if (*n) {
            (*d)++;
            (*n)--;
        }
    }
    return v;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const uint8_t *d = data;
    size_t n = size;
    tmu_lp_request req;
    tmu_lp_request_init(&req);
    uint32_t sel = take(&d, &n, 4);
    tmu_lp_class cls = (tmu_lp_class)(sel % 9); /* 8 = out of range */
    tmu_lp_gen gen = (tmu_lp_gen)(5 + (sel >> 4) % 9); /* 5 and 13 out of range */
    tmu_lp_mode mode = (sel >> 8) & 1 ? TMU_LP_ACO : TMU_LP_EXACT;
    req.offset_kind = (tmu_lp_offset_kind)((sel >> 9) % 7);
    req.smem_address = (sel >> 12) & 1;
    static const uint32_t sizes[] = {1, 2, 4, 8, 1, 2, 4, 3};
    req.component_size = (sel >> 13) & 8 ? take(&d, &n, 1) : sizes[(sel >> 13) & 7];
    req.num_components = take(&d, &n, 1) % 18;
    uint32_t am = take(&d, &n, 1);
    req.align_mul = am & 0x80 ? am : (am & 31) < 31 ? 1u << (am & 31) : 0;
    req.align_offset = take(&d, &n, 1);
    if (req.align_mul && !(am & 0x40))
        req.align_offset %= req.align_mul;
    req.const_offset = take(&d, &n, (sel >> 17) & 1 ? 4 : 2);
    req.offset_value = take(&d, &n, 4);
    req.has_soffset = (sel >> 20) & (sel >> 21) & 1;
    req.has_index = (sel >> 22) & (sel >> 23) & 1;
    if ((sel >> 18) & 1) {
        req.component_stride = take(&d, &n, 1);
        req.swizzle_component_size = take(&d, &n, 1) & 0x1f;
    }
    tmu_lp_plan *plan = malloc(sizeof(*plan));
    if (!plan)
        return 0;
    tmu_diag diag;
    tmu_status st = tmu_lp_plan_load(&req, cls, gen, mode, plan, &diag);
    if (st != TMU_OK) {
        if (!diag.message[0])
            abort();
    } else {
        static char buf[65536];
        size_t t = tmu_lp_format_text(plan, buf, sizeof(buf));
        size_t j = tmu_lp_format_json(plan, buf, sizeof(buf));
        if (t >= sizeof(buf) || j >= sizeof(buf) || strlen(buf) != j) {
            fprintf(stderr, "output too long or wrong length: text %zu, json %zu\n", t, j);
            abort();
        }
        if (mode == TMU_LP_EXACT) {
            lpc_result res;
            if (!lpc_expect_supported(&req, cls, gen) || !lpc_check(&req, cls, gen, plan, true, &res)) {
                fprintf(stderr, "exact plan fails the checker: %s\n%s %s kind=%s n=%u s=%u mul=%u off=%u c=%u "
                                "v=%u stride=%u swz=%u smem_address=%d\n", res.why, tmu_lp_class_name(cls),
                        tmu_lp_gen_name(gen), tmu_lp_offset_kind_name(req.offset_kind), req.num_components,
                        req.component_size, req.align_mul, req.align_offset, req.const_offset, req.offset_value,
                        req.component_stride, req.swizzle_component_size, (int)req.smem_address);
                tmu_lp_format_text(plan, buf, sizeof(buf));
                fputs(buf, stderr);
                abort();
            }
        }
    }
    free(plan);
    return 0;
}
