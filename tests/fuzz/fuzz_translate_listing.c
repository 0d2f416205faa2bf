/* libFuzzer: whole-program translation (tmu translate --input, tmu_xl_translate_listing) on
 * arbitrary listings.  Input: byte 0 source ISA, byte 1 target ISA, bytes 2-3 generations, byte 4
 * texture shape, byte 5 bit 0-1 GCN data type, bit 2 JSON, then the listing text.  Must never
 * crash or hang; the measured length must equal the written length; the output must be
 * NUL-terminated within the buffer; the counts must add up (every texture line gets exactly one
 * verdict). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "tmu/translate.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const uint32_t ir3_gpus[] = {320, 420, 530, 630, 730};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 6)
        return 0;
    tmu_xl_listing_options o;
    memset(&o, 0, sizeof o);
    o.from.isa = (tmu_xl_isa)(data[0] % 3);
    o.to.isa = (tmu_xl_isa)(data[1] % 3);
    if (o.from.isa == o.to.isa)
        o.to.isa = (tmu_xl_isa)((o.to.isa + 1) % 3);
    o.from.gen = o.from.isa == TMU_XL_GCN ? data[2] % 5u : o.from.isa == TMU_XL_IR3 ? ir3_gpus[data[2] % 5] : 0;
    o.to.gen = o.to.isa == TMU_XL_GCN ? data[3] % 5u : o.to.isa == TMU_XL_IR3 ? ir3_gpus[data[3] % 5] : 0;
    o.dim = (tmu_dim)(data[4] % TMU_DIM_COUNT);
    o.dim_given = data[4] >= 128;
    o.type = (tmu_result_type)((data[5] & 3) % 3);
    o.json = (data[5] >> 2) & 1;
    const char *text = (const char *)data + 6;
    size_t len = size - 6;
    tmu_xl_listing_counts c1, c2;
    int n = tmu_xl_translate_listing(&o, text, len, NULL, 0, &c1);
    if (n < 0)
        abort();
    char *buf = malloc((size_t)n + 1);
    if (!buf)
        return 0;
    int m = tmu_xl_translate_listing(&o, text, len, buf, (size_t)n + 1, &c2);
    if (m != n || buf[n] != 0 || strlen(buf) != (size_t)n)
        abort();
    if (memcmp(&c1, &c2, sizeof c1) != 0 || c1.texture != c1.translated + c1.refused + c1.errors ||
        c1.texture > c1.lines)
        abort();
    /* a short buffer truncates and still terminates */
    if (n > 8) {
        char small[8];
        if (tmu_xl_translate_listing(&o, text, len, small, sizeof small, NULL) != n || small[7] != 0)
            abort();
    }
    free(buf);
    return 0;
}
