/* libFuzzer target for the texel-format codec and lookups.
 *
 * Input: byte 0 picks the format, byte 1 the mode, the rest is data.
 *   mode 0: decode arbitrary texel bytes; re-encoding the decoded value and decoding
 *           again must give the same value bit for bit (lossless), and encoding is a
 *           fixed point from then on.
 *   mode 1: encode arbitrary 32-bit values; decode(encode(v)) must lie in the format's
 *           range, and encode(decode(encode(v))) == encode(v).
 *   mode 2: look the data up as a format name; a hit must name a format whose own name
 *           maps back to it.
 *   mode 3: look up a GCN DATA_FORMAT/NUM_FORMAT pair; a hit must carry those codes.
 * Every encode must write exactly the texel's bytes.  Violations abort. */
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "tmu/format.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define CHECK(x)                                                                                   \
    do {                                                                                           \
        if (!(x))                                                                                  \
            abort();                                                                               \
    } while (0)

enum { CANARY = 0xA5 };

/* Encodes into a 32-byte buffer and checks that nothing past the texel was touched. */
static void encode_checked(tmu_format f, const tmu_format_info *info, const tmu_texel *t,
                           uint8_t out[32])
{
    memset(out, CANARY, 32);
    CHECK(tmu_format_encode(f, t, out) == TMU_OK);
    for (unsigned b = info->bytes; b < 32; b++)
        CHECK(out[b] == CANARY);
}

static void check_range(const tmu_format_info *info, const tmu_texel *t)
{
    for (unsigned c = 0; c < 4; c++) {
        if (!info->bits[c] || (info->has_stencil && c == 1) || (info->shared_exponent && c == 3))
            continue;
        float f = t->f[c];
        switch (info->numeric) {
        case TMU_NUMERIC_UNORM:
        case TMU_NUMERIC_SRGB:
            CHECK(f >= 0.0f && f <= 1.0f);
            break;
        case TMU_NUMERIC_SNORM:
            CHECK(f >= -1.0f && f <= 1.0f);
            break;
        case TMU_NUMERIC_USCALED:
            CHECK(f >= 0.0f && f <= (float)((1u << info->bits[c]) - 1u));
            break;
        case TMU_NUMERIC_SSCALED:
            CHECK(fabsf(f) <= (float)(1u << (info->bits[c] - 1)));
            break;
        case TMU_NUMERIC_UINT:
            CHECK(info->bits[c] == 32 || t->u[c] < (1u << info->bits[c]));
            break;
        case TMU_NUMERIC_SINT:
            CHECK(info->bits[c] == 32 ||
                  (t->i[c] >= -(1 << (info->bits[c] - 1)) && t->i[c] < (1 << (info->bits[c] - 1))));
            break;
        case TMU_NUMERIC_SFIXED: /* signed 16.16 */
            CHECK(f >= -32768.0f && f <= 32768.0f); /* 0x7fffffff / 65536 rounds to 32768.0f */
            break;
        case TMU_NUMERIC_FLOAT:
            if (info->bits[c] < 16 || info->shared_exponent)
                CHECK(isnan(f) || f >= 0.0f); /* unsigned small floats */
            break;
        }
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 2)
        return 0;
    tmu_format f = (tmu_format)(1 + data[0] % (TMU_FORMAT_COUNT - 1));
    const tmu_format_info *info = tmu_format_get(f);
    CHECK(info != NULL);
    unsigned mode = data[1] & 3;
    data += 2;
    size -= 2;

    uint8_t in[16] = {0};
    memcpy(in, data, size < 16 ? size : 16);
    uint8_t a[32], b[32];
    tmu_texel t1, t2, t3;

    switch (mode) {
    case 0:
        CHECK(tmu_format_decode(f, in, &t1) == TMU_OK);
        check_range(info, &t1);
        encode_checked(f, info, &t1, a);
        CHECK(tmu_format_decode(f, a, &t2) == TMU_OK);
        CHECK(memcmp(&t1, &t2, sizeof(t1)) == 0);
        encode_checked(f, info, &t2, b);
        CHECK(memcmp(a, b, info->bytes) == 0);
        break;
    case 1:
        memcpy(&t1, in, sizeof(t1));
        encode_checked(f, info, &t1, a);
        CHECK(tmu_format_decode(f, a, &t2) == TMU_OK);
        check_range(info, &t2);
        encode_checked(f, info, &t2, b);
        CHECK(memcmp(a, b, info->bytes) == 0);
        CHECK(tmu_format_decode(f, b, &t3) == TMU_OK);
        CHECK(memcmp(&t2, &t3, sizeof(t2)) == 0);
        break;
    case 2: {
        char name[80];
        size_t n = size < sizeof(name) - 1 ? size : sizeof(name) - 1;
        memcpy(name, data, n);
        name[n] = '\0';
        tmu_format g = tmu_format_from_name(name);
        if (g != TMU_FORMAT_INVALID) {
            CHECK(tmu_format_get(g) != NULL);
            CHECK(tmu_format_from_name(tmu_format_name(g)) == g);
        }
        break;
    }
    default: {
        unsigned dfmt = size > 0 ? data[0] : 0, nfmt = size > 1 ? data[1] : 0;
        tmu_format g = tmu_format_from_gcn(dfmt, nfmt);
        if (g != TMU_FORMAT_INVALID) {
            CHECK(tmu_format_get(g)->gcn_data_format == dfmt);
            CHECK(tmu_format_get(g)->gcn_num_format == nfmt);
        }
        break;
    }
    }
    return 0;
}
