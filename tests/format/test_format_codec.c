/* Texel decode/encode against the formulas of shared/reference/sampling.md §12.
 *
 * Expectations are computed here from the formulas (in double precision) and from
 * channel positions written out below from sampling.md — never from the format table
 * or the code under test.  Small spaces are swept exhaustively: every 8- and 16-bit
 * channel value of every 8/16-bit format, every fp16, every 11- and 10-bit float,
 * every 16-bit packed texel; 32-bit spaces are swept with a fixed stride. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "tmu/format.h"

/* ------------------------------------------------------------------------- */
/* Helpers                                                                    */
/* ------------------------------------------------------------------------- */

static uint32_t fbits(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

static float bitsf(uint32_t u)
{
    float f;
    memcpy(&f, &u, 4);
    return f;
}

/* Expected float, compared bit for bit (NaN: any NaN). */
static void expect_float(float got, double want, const char *what, unsigned code, unsigned ch)
{
    float w = (float)want;
    if (isnan(w) && isnan(got))
        return;
    if (fbits(got) != fbits(w)) {
        print_error("%s: code 0x%x channel %u: got %.9g (0x%08x), want %.9g (0x%08x)\n", what, code,
                    ch, got, fbits(got), w, fbits(w));
        fail();
    }
}

static double srgb_formula(double c)
{
    return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4);
}

/* A 5-bit-exponent small float with `mbits` mantissa bits, sampling.md §12. */
static double small_float_formula(unsigned e, unsigned m, unsigned mbits)
{
    double frac = (double)m / (double)(1u << mbits);
    if (e == 0)
        return ldexp(frac, -14);
    if (e == 31)
        return m == 0 ? INFINITY : NAN;
    return ldexp(1.0 + frac, (int)e - 15);
}

static double half_formula(uint16_t h)
{
    double v = small_float_formula((h >> 10) & 31u, h & 0x3FFu, 10);
    return (h & 0x8000u) ? -v : v;
}

/* ------------------------------------------------------------------------- */
/* Plain 8/16-bit channels                                                    */
/* ------------------------------------------------------------------------- */

enum kind { UNORM, SNORM, USCALED, SSCALED, UINT, SINT, SRGB, HALF };

/* Formats whose channels are whole bytes: byte offset of R, G, B, A (-1 = absent). */
typedef struct plain_case {
    tmu_format format;
    unsigned bytes_per_channel;
    enum kind kind;
    int offset[4];
} plain_case;

#define P8(F, k, n)                                                                                \
    {                                                                                              \
        TMU_FORMAT_##F, 1, k,                                                                      \
        {                                                                                          \
            0, (n) > 1 ? 1 : -1, (n) > 2 ? 2 : -1, (n) > 3 ? 3 : -1                                \
        }                                                                                          \
    }
#define P16(F, k, n)                                                                               \
    {                                                                                              \
        TMU_FORMAT_##F, 2, k,                                                                      \
        {                                                                                          \
            0, (n) > 1 ? 2 : -1, (n) > 2 ? 4 : -1, (n) > 3 ? 6 : -1                                \
        }                                                                                          \
    }

static const plain_case plain_cases[] = {
    P8(R8_UNORM, UNORM, 1),
    P8(R8_SNORM, SNORM, 1),
    P8(R8_USCALED, USCALED, 1),
    P8(R8_SSCALED, SSCALED, 1),
    P8(R8_UINT, UINT, 1),
    P8(R8_SINT, SINT, 1),
    P8(R8_SRGB, SRGB, 1),
    P8(R8G8_UNORM, UNORM, 2),
    P8(R8G8_SNORM, SNORM, 2),
    P8(R8G8_USCALED, USCALED, 2),
    P8(R8G8_SSCALED, SSCALED, 2),
    P8(R8G8_UINT, UINT, 2),
    P8(R8G8_SINT, SINT, 2),
    P8(R8G8_SRGB, SRGB, 2),
    P8(R8G8B8A8_UNORM, UNORM, 4),
    P8(R8G8B8A8_SNORM, SNORM, 4),
    P8(R8G8B8A8_USCALED, USCALED, 4),
    P8(R8G8B8A8_SSCALED, SSCALED, 4),
    P8(R8G8B8A8_UINT, UINT, 4),
    P8(R8G8B8A8_SINT, SINT, 4),
    P8(R8G8B8A8_SRGB, SRGB, 4),
    {TMU_FORMAT_B8G8R8A8_UNORM, 1, UNORM, {2, 1, 0, 3}},
    {TMU_FORMAT_B8G8R8A8_SRGB, 1, SRGB, {2, 1, 0, 3}},
    P16(R16_UNORM, UNORM, 1),
    P16(R16_SNORM, SNORM, 1),
    P16(R16_USCALED, USCALED, 1),
    P16(R16_SSCALED, SSCALED, 1),
    P16(R16_UINT, UINT, 1),
    P16(R16_SINT, SINT, 1),
    P16(R16_FLOAT, HALF, 1),
    P16(R16G16_UNORM, UNORM, 2),
    P16(R16G16_SNORM, SNORM, 2),
    P16(R16G16_USCALED, USCALED, 2),
    P16(R16G16_SSCALED, SSCALED, 2),
    P16(R16G16_UINT, UINT, 2),
    P16(R16G16_SINT, SINT, 2),
    P16(R16G16_FLOAT, HALF, 2),
    P16(R16G16B16A16_UNORM, UNORM, 4),
    P16(R16G16B16A16_SNORM, SNORM, 4),
    P16(R16G16B16A16_USCALED, USCALED, 4),
    P16(R16G16B16A16_SSCALED, SSCALED, 4),
    P16(R16G16B16A16_UINT, UINT, 4),
    P16(R16G16B16A16_SINT, SINT, 4),
    P16(R16G16B16A16_FLOAT, HALF, 4),
    {TMU_FORMAT_D16_UNORM, 2, UNORM, {0, -1, -1, -1}},
};

static int is_int_kind(enum kind k)
{
    return k == UINT || k == SINT;
}

/* Checks one decoded channel against the formula for raw value v of `bits` bits. */
static void check_channel(const tmu_texel *t, unsigned ch, enum kind k, uint32_t v, unsigned bits,
                          const char *name)
{
    uint32_t maxu = (1u << bits) - 1u;
    int32_t sv = (v & (1u << (bits - 1))) ? (int32_t)v - (int32_t)(1u << bits) : (int32_t)v;
    double snorm_max = (double)((1u << (bits - 1)) - 1u);
    switch (k) {
    case UNORM:
        expect_float(t->f[ch], (double)v / maxu, name, v, ch);
        break;
    case SNORM:
        expect_float(t->f[ch], fmax((double)sv / snorm_max, -1.0), name, v, ch);
        break;
    case USCALED:
        expect_float(t->f[ch], (double)v, name, v, ch);
        break;
    case SSCALED:
        expect_float(t->f[ch], (double)sv, name, v, ch);
        break;
    case UINT:
        assert_int_equal(t->u[ch], v);
        break;
    case SINT:
        assert_int_equal(t->i[ch], sv);
        break;
    case SRGB:
        if (ch == 3)
            expect_float(t->f[ch], (double)v / maxu, name, v, ch);
        else
            expect_float(t->f[ch], srgb_formula((double)v / maxu), name, v, ch);
        break;
    case HALF:
        expect_float(t->f[ch], half_formula((uint16_t)v), name, v, ch);
        break;
    }
}

/* Every value of every channel of every plain 8/16-bit format: decode per formula, and
 * encode(decode(x)) == x (SNORM's most negative code comes back as the next one, since
 * both mean -1.0). */
static void test_plain_channels_exhaustive(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof(plain_cases) / sizeof(plain_cases[0]); i++) {
        const plain_case *pc = &plain_cases[i];
        const tmu_format_info *info = tmu_format_get(pc->format);
        assert_non_null(info);
        unsigned bits = 8 * pc->bytes_per_channel;
        unsigned n = 0;
        for (unsigned ch = 0; ch < 4; ch++)
            n += pc->offset[ch] >= 0;
        assert_int_equal(info->bytes, n * pc->bytes_per_channel);
        for (unsigned ch = 0; ch < 4; ch++) {
            if (pc->offset[ch] < 0)
                continue;
            for (uint32_t v = 0; v < (1u << bits); v++) {
                uint8_t src[16], back[16];
                /* other channels hold a fixed, different pattern */
                for (unsigned b = 0; b < info->bytes; b++)
                    src[b] = (uint8_t)(0x5A + 7 * b);
                src[pc->offset[ch]] = (uint8_t)v;
                if (bits == 16)
                    src[pc->offset[ch] + 1] = (uint8_t)(v >> 8);
                tmu_texel t;
                assert_int_equal(tmu_format_decode(pc->format, src, &t), TMU_OK);
                check_channel(&t, ch, pc->kind, v, bits, info->name);
                /* absent channels are (0, 0, 0, 1) */
                for (unsigned c = 0; c < 4; c++) {
                    if (pc->offset[c] >= 0)
                        continue;
                    if (is_int_kind(pc->kind))
                        assert_int_equal(t.u[c], c == 3 ? 1u : 0u);
                    else
                        assert_int_equal(t.u[c], fbits(c == 3 ? 1.0f : 0.0f));
                }
                memset(back, 0xEE, sizeof(back));
                assert_int_equal(tmu_format_encode(pc->format, &t, back), TMU_OK);
                uint32_t want = v;
                if (pc->kind == SNORM && v == (1u << (bits - 1)))
                    want = v + 1; /* -128 -> -1.0 -> -127 */
                uint32_t got = back[pc->offset[ch]];
                if (bits == 16)
                    got |= (uint32_t)back[pc->offset[ch] + 1] << 8;
                if (got != want) {
                    print_error("%s channel %u: 0x%x re-encoded as 0x%x\n", info->name, ch, v, got);
                    fail();
                }
                for (unsigned b = info->bytes; b < sizeof(back); b++)
                    assert_int_equal(back[b], 0xEE); /* nothing written past the texel */
            }
        }
    }
}

/* sampling.md's worked sRGB values: 10 -> 0.003035, 128 -> 0.215861, 255 -> 1.0. */
static void test_srgb_examples(void **state)
{
    (void)state;
    const uint8_t px[4] = {10, 128, 255, 128};
    tmu_texel t;
    assert_int_equal(tmu_format_decode(TMU_FORMAT_R8G8B8A8_SRGB, px, &t), TMU_OK);
    assert_float_equal(t.f[0], 0.003035, 5e-7);
    assert_float_equal(t.f[1], 0.215861, 5e-7);
    assert_true(t.f[2] == 1.0f);
    assert_float_equal(t.f[3], 128.0 / 255.0, 1e-9); /* alpha is linear */
    /* encode: linear 0.5 -> sRGB 1.055 * 0.5^(1/2.4) - 0.055 = 0.7353569 -> 187.52 -> 188 */
    tmu_texel in = {.f = {0.5f, 0.0f, 1.0f, 0.5f}};
    uint8_t out[4];
    assert_int_equal(tmu_format_encode(TMU_FORMAT_R8G8B8A8_SRGB, &in, out), TMU_OK);
    assert_int_equal(out[0], 188);
    assert_int_equal(out[1], 0);
    assert_int_equal(out[2], 255);
    assert_int_equal(out[3], 128); /* alpha: 127.5 -> 128 */
    /* Every linear value encodes to the code whose sRGB decode is nearest on the sRGB
     * scale: check the two neighbours of each code's decision boundary. */
    for (unsigned c = 0; c < 255; c++) {
        double mid_srgb = (c + 0.5) / 255.0; /* boundary on the encoded scale */
        double lin = srgb_formula(mid_srgb);
        tmu_texel lo = {.f = {(float)(lin * (1 - 1e-5)), 0, 0, 1}};
        tmu_texel hi = {.f = {(float)(lin * (1 + 1e-5)), 0, 0, 1}};
        uint8_t a[4], b[4];
        tmu_format_encode(TMU_FORMAT_R8G8B8A8_SRGB, &lo, a);
        tmu_format_encode(TMU_FORMAT_R8G8B8A8_SRGB, &hi, b);
        assert_int_equal(a[0], c);
        assert_int_equal(b[0], c + 1);
    }
    /* the public conversions follow the formulas over the whole range */
    for (unsigned i = 0; i <= 100000; i++) {
        float c = (float)i / 100000.0f;
        expect_float(tmu_srgb_to_linear(c), srgb_formula(c), "srgb_to_linear", i, 0);
        double inv = c <= 0.0031308 ? c * 12.92 : 1.055 * pow(c, 1.0 / 2.4) - 0.055;
        expect_float(tmu_linear_to_srgb(c), inv, "linear_to_srgb", i, 0);
    }
    assert_true(tmu_srgb_to_linear(-1.0f) == 0.0f && tmu_srgb_to_linear(2.0f) == 1.0f);
    assert_true(tmu_srgb_to_linear(NAN) == 0.0f);
    assert_float_equal(tmu_linear_to_srgb(tmu_srgb_to_linear(0.3f)), 0.3f, 1e-6);
}

/* ------------------------------------------------------------------------- */
/* Float -> integer encodings                                                 */
/* ------------------------------------------------------------------------- */

static uint32_t enc1(tmu_format f, float v)
{
    tmu_texel t = {.f = {v, 0, 0, 1}};
    uint8_t out[16] = {0};
    assert_int_equal(tmu_format_encode(f, &t, out), TMU_OK);
    return (uint32_t)out[0] | (uint32_t)out[1] << 8 | (uint32_t)out[2] << 16 |
           (uint32_t)out[3] << 24;
}

static uint32_t enc1i(tmu_format f, uint32_t v)
{
    tmu_texel t = {.u = {v, 0, 0, 1}};
    uint8_t out[16] = {0};
    assert_int_equal(tmu_format_encode(f, &t, out), TMU_OK);
    return (uint32_t)out[0] | (uint32_t)out[1] << 8 | (uint32_t)out[2] << 16 |
           (uint32_t)out[3] << 24;
}

static void test_normalized_encode_rules(void **state)
{
    (void)state;
    /* clamp, NaN -> 0, exact integers exactly */
    assert_int_equal(enc1(TMU_FORMAT_R8_UNORM, -1.0f), 0);
    assert_int_equal(enc1(TMU_FORMAT_R8_UNORM, 2.0f), 255);
    assert_int_equal(enc1(TMU_FORMAT_R8_UNORM, INFINITY), 255);
    assert_int_equal(enc1(TMU_FORMAT_R8_UNORM, -INFINITY), 0);
    assert_int_equal(enc1(TMU_FORMAT_R8_UNORM, NAN), 0);
    assert_int_equal(enc1(TMU_FORMAT_R8_UNORM, 1.0f), 255);
    assert_int_equal(enc1(TMU_FORMAT_R8_SNORM, -2.0f), 0x81); /* -127 */
    assert_int_equal(enc1(TMU_FORMAT_R8_SNORM, 2.0f), 127);
    assert_int_equal(enc1(TMU_FORMAT_R8_SNORM, NAN), 0);
    assert_int_equal(enc1(TMU_FORMAT_R16_SNORM, -1.0f), 0x8001);
    /* round to nearest, ties to even: 0.5*255 = 127.5 -> 128; -0.5*127 = -63.5 -> -64;
     * 0.5*65535 = 32767.5 -> 32768; 0.5*15 = 7.5 -> 8 */
    assert_int_equal(enc1(TMU_FORMAT_R8_UNORM, 0.5f), 128);
    assert_int_equal(enc1(TMU_FORMAT_R8_SNORM, -0.5f), (uint8_t)-64);
    assert_int_equal(enc1(TMU_FORMAT_R8_SNORM, 0.5f), 64);
    assert_int_equal(enc1(TMU_FORMAT_R16_UNORM, 0.5f), 32768);
    assert_int_equal(enc1(TMU_FORMAT_R4G4B4A4_UNORM_PACK16, 0.5f) >> 12, 8);
    /* nearest: just below and above each code's midpoint */
    for (unsigned c = 0; c < 255; c++) {
        double mid = (c + 0.5) / 255.0;
        assert_int_equal(enc1(TMU_FORMAT_R8_UNORM, (float)(mid - 1e-6)), c);
        assert_int_equal(enc1(TMU_FORMAT_R8_UNORM, (float)(mid + 1e-6)), c + 1);
    }
    /* scaled: clamp to the channel, round half to even, NaN -> 0 */
    assert_int_equal(enc1(TMU_FORMAT_R8_USCALED, 2.5f), 2);
    assert_int_equal(enc1(TMU_FORMAT_R8_USCALED, 3.5f), 4);
    assert_int_equal(enc1(TMU_FORMAT_R8_USCALED, -7.0f), 0);
    assert_int_equal(enc1(TMU_FORMAT_R8_USCALED, 300.0f), 255);
    assert_int_equal(enc1(TMU_FORMAT_R8_USCALED, NAN), 0);
    assert_int_equal(enc1(TMU_FORMAT_R8_SSCALED, -2.5f), (uint8_t)-2);
    assert_int_equal(enc1(TMU_FORMAT_R8_SSCALED, -200.0f), 0x80);
    assert_int_equal(enc1(TMU_FORMAT_R16_SSCALED, 40000.0f), 0x7FFF);
    /* integers: clamped to the channel's range */
    assert_int_equal(enc1i(TMU_FORMAT_R8_UINT, 300), 255);
    assert_int_equal(enc1i(TMU_FORMAT_R8_SINT, (uint32_t)-200), 0x80);
    assert_int_equal(enc1i(TMU_FORMAT_R8_SINT, 200), 0x7F);
    assert_int_equal(enc1i(TMU_FORMAT_R16_SINT, (uint32_t)-5), 0xFFFB);
    assert_int_equal(enc1i(TMU_FORMAT_R16_UINT, 0xFFFFFFFFu), 0xFFFF);
    assert_int_equal(enc1i(TMU_FORMAT_R32_UINT, 0xDEADBEEFu), 0xDEADBEEFu);
    assert_int_equal(enc1i(TMU_FORMAT_R32_SINT, 0x80000000u), 0x80000000u);
    assert_int_equal(enc1i(TMU_FORMAT_A2B10G10R10_UINT_PACK32, 5000) & 0x3FF, 1023);
}

/* ------------------------------------------------------------------------- */
/* fp16                                                                       */
/* ------------------------------------------------------------------------- */

static void test_half_exhaustive(void **state)
{
    (void)state;
    for (uint32_t h = 0; h < 65536; h++) {
        float f = tmu_half_to_float((uint16_t)h);
        expect_float(f, half_formula((uint16_t)h), "half", h, 0);
        uint16_t back = tmu_float_to_half(f);
        if (back != h) { /* exact round trip, NaN payloads included */
            print_error("half 0x%04x -> %.9g -> 0x%04x\n", h, f, back);
            fail();
        }
        if ((h & 0x7C00u) == 0x7C00u && (h & 0x3FFu))
            assert_true(isnan(f));
    }
    assert_int_equal(fbits(tmu_half_to_float(0x8000)), 0x80000000u); /* -0 */
    assert_true(tmu_half_to_float(0x0001) == (float)ldexp(1.0, -24));
    assert_true(tmu_half_to_float(0x7BFF) == 65504.0f);
}

/* Rounding of float -> fp16/uf11/uf10: between each two adjacent positive values a < b,
 * the exact midpoint goes to the one with an even mantissa, anything above it to b and
 * below it to a (round to nearest even). */
static void check_rounding(const char *what, unsigned mbits, uint32_t (*enc)(float),
                           float (*dec)(uint32_t), int saturate)
{
    uint32_t inf = 31u << mbits;
    for (uint32_t a = 0; a < inf; a++) {
        uint32_t b = a + 1;
        double va = small_float_formula(a >> mbits, a & ((1u << mbits) - 1), mbits);
        double vb = b == inf ? ldexp(1.0, 16) /* where the next value would be */
                             : small_float_formula(b >> mbits, b & ((1u << mbits) - 1), mbits);
        double mid = (va + vb) / 2; /* exact in float: at most mbits + 2 significant bits */
        float fm = (float)mid;
        assert_true((double)fm == mid);
        uint32_t even = (a & 1u) ? b : a;
        uint32_t above = b, below = a;
        if (b == inf && saturate) {
            even = above = a; /* finite values above the largest finite value -> it */
        }
        uint32_t got_mid = enc(fm), got_up = enc(nextafterf(fm, INFINITY)),
                 got_down = enc(nextafterf(fm, 0.0f));
        if (got_mid != even || got_up != above || got_down != below) {
            print_error("%s between 0x%x and 0x%x: mid->0x%x up->0x%x down->0x%x\n", what, a, b,
                        got_mid, got_up, got_down);
            fail();
        }
        assert_true(dec(a) == (float)va);
    }
}

static uint32_t half_enc(float f)
{
    return tmu_float_to_half(f);
}

static float half_dec(uint32_t h)
{
    return tmu_half_to_float((uint16_t)h);
}

static void test_half_rounding(void **state)
{
    (void)state;
    check_rounding("fp16", 10, half_enc, half_dec, 0);
    /* overflow and negatives */
    assert_int_equal(tmu_float_to_half(1e6f), 0x7C00);
    assert_int_equal(tmu_float_to_half(-1e6f), 0xFC00);
    assert_int_equal(tmu_float_to_half(-INFINITY), 0xFC00);
    assert_int_equal(tmu_float_to_half(-1.5f), 0xBE00);
    assert_int_equal(tmu_float_to_half(-0.0f), 0x8000);
    assert_int_equal(tmu_float_to_half(1e-30f), 0x0000);
    assert_true((tmu_float_to_half(NAN) & 0x7C00) == 0x7C00 && (tmu_float_to_half(NAN) & 0x3FF));
    /* a NaN whose payload lies below fp16's mantissa still comes out as a NaN */
    assert_true((tmu_float_to_half(bitsf(0x7F800001u)) & 0x3FF) != 0);
}

/* ------------------------------------------------------------------------- */
/* B10G11R11 (uf11, uf11, uf10)                                               */
/* ------------------------------------------------------------------------- */

static uint32_t word_of(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static void put_word(uint8_t *p, uint32_t w)
{
    for (unsigned b = 0; b < 4; b++)
        p[b] = (uint8_t)(w >> (8 * b));
}

/* R = bits 0-10 (uf11), G = bits 11-21 (uf11), B = bits 22-31 (uf10). */
static const unsigned r11_shift[3] = {0, 11, 22}, r11_mbits[3] = {6, 6, 5};

static uint32_t uf_enc_channel(unsigned ch, float f)
{
    tmu_texel t = {.f = {0, 0, 0, 1}};
    t.f[ch] = f;
    uint8_t out[4];
    assert_int_equal(tmu_format_encode(TMU_FORMAT_B10G11R11_UFLOAT_PACK32, &t, out), TMU_OK);
    unsigned bits = r11_mbits[ch] + 5;
    return (word_of(out) >> r11_shift[ch]) & ((1u << bits) - 1);
}

static float uf_dec_channel(unsigned ch, uint32_t v)
{
    uint8_t in[4];
    put_word(in, v << r11_shift[ch]);
    tmu_texel t;
    assert_int_equal(tmu_format_decode(TMU_FORMAT_B10G11R11_UFLOAT_PACK32, in, &t), TMU_OK);
    return t.f[ch];
}

static uint32_t uf11_enc(float f)
{
    return uf_enc_channel(0, f);
}
static float uf11_dec(uint32_t v)
{
    return uf_dec_channel(1, v); /* G: also uf11 */
}
static uint32_t uf10_enc(float f)
{
    return uf_enc_channel(2, f);
}
static float uf10_dec(uint32_t v)
{
    return uf_dec_channel(2, v);
}

static void test_small_floats_exhaustive(void **state)
{
    (void)state;
    for (unsigned ch = 0; ch < 3; ch++) {
        unsigned mbits = r11_mbits[ch], bits = mbits + 5;
        for (uint32_t v = 0; v < (1u << bits); v++) {
            uint8_t in[4], back[4];
            /* other channels hold all-ones patterns (NaN) that must not leak in */
            uint32_t w = ~(((1u << bits) - 1u) << r11_shift[ch]) | (v << r11_shift[ch]);
            put_word(in, w);
            tmu_texel t;
            assert_int_equal(tmu_format_decode(TMU_FORMAT_B10G11R11_UFLOAT_PACK32, in, &t), TMU_OK);
            expect_float(t.f[ch], small_float_formula(v >> mbits, v & ((1u << mbits) - 1), mbits),
                         "b10g11r11", v, ch);
            assert_true(t.f[3] == 1.0f);
            assert_int_equal(tmu_format_encode(TMU_FORMAT_B10G11R11_UFLOAT_PACK32, &t, back),
                             TMU_OK);
            assert_int_equal((word_of(back) >> r11_shift[ch]) & ((1u << bits) - 1), v);
        }
    }
    check_rounding("uf11", 6, uf11_enc, uf11_dec, 1);
    check_rounding("uf10", 5, uf10_enc, uf10_dec, 1);
    /* OpenGL's rules: negative and -Inf -> 0, +Inf -> Inf, NaN -> NaN, big -> max finite */
    assert_int_equal(uf11_enc(-1.0f), 0);
    assert_int_equal(uf11_enc(-INFINITY), 0);
    assert_int_equal(uf11_enc(INFINITY), 0x7C0);
    assert_int_equal(uf10_enc(INFINITY), 0x3E0);
    assert_int_equal(uf11_enc(1e9f), 0x7BF);
    assert_true(uf11_dec(0x7BF) == 65024.0f);
    assert_int_equal(uf10_enc(1e9f), 0x3DF);
    assert_true(uf10_dec(0x3DF) == 64512.0f);
    assert_true((uf11_enc(NAN) >> 6) == 31 && (uf11_enc(NAN) & 63));
    assert_true((uf10_enc(-NAN) >> 5) == 31 && (uf10_enc(-NAN) & 31));
}

/* ------------------------------------------------------------------------- */
/* E5B9G9R9                                                                   */
/* ------------------------------------------------------------------------- */

static uint32_t rgb9e5_enc(float r, float g, float b)
{
    tmu_texel t = {.f = {r, g, b, 1}};
    uint8_t out[4];
    assert_int_equal(tmu_format_encode(TMU_FORMAT_E5B9G9R9_UFLOAT_PACK32, &t, out), TMU_OK);
    return word_of(out);
}

static void test_rgb9e5_hand_worked(void **state)
{
    (void)state;
    uint8_t in[4];
    tmu_texel t;
    /* sampling.md: 0x840301FF -> E = 16, R = 511, G = 384, B = 256, scale 2^(16-24) */
    put_word(in, 0x840301FFu);
    assert_int_equal(tmu_format_decode(TMU_FORMAT_E5B9G9R9_UFLOAT_PACK32, in, &t), TMU_OK);
    assert_true(t.f[0] == 1.99609375f && t.f[1] == 1.5f && t.f[2] == 1.0f && t.f[3] == 1.0f);
    /* (1, 0.5, 0.25): max 1 -> floor(log2) 0 -> exp 16; max_s = 256 < 512;
     * R = 1*2^8 = 256, G = 128, B = 64 -> 16<<27 | 64<<18 | 128<<9 | 256 */
    assert_int_equal(rgb9e5_enc(1.0f, 0.5f, 0.25f), 0x81010100u);
    /* 1.999: exp' = 16 but max_s = floor(1.999*256 + 0.5) = 512 -> exp = 17;
     * R = floor(1.999*128 + 0.5) = 256 (so 2.0) */
    assert_int_equal(rgb9e5_enc(1.999f, 0.0f, 0.0f), (17u << 27) | 256u);
    /* clamp to 65408 = 511/512 * 2^16: exp 31, R = 511 */
    assert_int_equal(rgb9e5_enc(1e9f, 0.0f, 0.0f), 0xF80001FFu);
    assert_int_equal(rgb9e5_enc(INFINITY, 0.0f, 0.0f), 0xF80001FFu);
    /* negative, NaN, zero -> 0; exp' = max(-16, ...) + 16 = 0 */
    assert_int_equal(rgb9e5_enc(-5.0f, NAN, 0.0f), 0u);
    /* the smallest step 2^-24 -> E = 0, mantissa 1; half of it rounds up (floor(x+0.5)) */
    assert_int_equal(rgb9e5_enc((float)ldexp(1, -24), 0.0f, 0.0f), 1u);
    assert_int_equal(rgb9e5_enc((float)ldexp(1, -25), 0.0f, 0.0f), 1u);
    assert_int_equal(rgb9e5_enc((float)ldexp(1, -26), 0.0f, 0.0f), 0u);
    /* (3, 0.1, 0) — exp' = 1 + 16 = 17; max_s = floor(3*2^7 + 0.5) = 384;
     * G = floor(0.1*128 + 0.5) = floor(13.3) = 13 */
    assert_int_equal(rgb9e5_enc(3.0f, 0.1f, 0.0f), (17u << 27) | (13u << 9) | 384u);
    /* channels are independent of order: the shared exponent follows the largest */
    assert_int_equal(rgb9e5_enc(0.25f, 0.5f, 1.0f), (16u << 27) | (256u << 18) | (128u << 9) | 64u);
}

/* Decode of every exponent with every mantissa matches m * 2^(E-24); and for a stride
 * over all 2^32 words, decode(encode(decode(w))) == decode(w) (re-encoding a decoded
 * value is lossless even when w was not the canonical encoding). */
static void test_rgb9e5_sweep(void **state)
{
    (void)state;
    for (uint32_t e = 0; e < 32; e++)
        for (uint32_t m = 0; m < 512; m++) {
            uint8_t in[4];
            put_word(in, (e << 27) | (m << 18) | ((511 - m) << 9) | m);
            tmu_texel t;
            tmu_format_decode(TMU_FORMAT_E5B9G9R9_UFLOAT_PACK32, in, &t);
            expect_float(t.f[0], ldexp(m, (int)e - 24), "rgb9e5", m, 0);
            expect_float(t.f[1], ldexp(511 - m, (int)e - 24), "rgb9e5", m, 1);
            expect_float(t.f[2], ldexp(m, (int)e - 24), "rgb9e5", m, 2);
        }
    for (uint32_t i = 0; i < (1u << 20); i++) {
        uint32_t w = i * 0x9E3779B1u + 0x7F4A7C15u;
        uint8_t in[4], mid[4];
        put_word(in, w);
        tmu_texel a, b;
        tmu_format_decode(TMU_FORMAT_E5B9G9R9_UFLOAT_PACK32, in, &a);
        tmu_format_encode(TMU_FORMAT_E5B9G9R9_UFLOAT_PACK32, &a, mid);
        tmu_format_decode(TMU_FORMAT_E5B9G9R9_UFLOAT_PACK32, mid, &b);
        for (unsigned c = 0; c < 3; c++)
            if (fbits(a.f[c]) != fbits(b.f[c])) {
                print_error("rgb9e5 0x%08x -> 0x%08x: channel %u %.9g != %.9g\n", w, word_of(mid),
                            c, a.f[c], b.f[c]);
                fail();
            }
    }
}

/* ------------------------------------------------------------------------- */
/* Packed UNORM/SNORM/INT formats                                             */
/* ------------------------------------------------------------------------- */

/* Bit positions of sampling.md ("first-named component in the most significant bits"),
 * written out by hand: {shift, bits} of R, G, B, A. */
typedef struct packed_case {
    tmu_format format;
    unsigned bytes;
    enum kind kind;
    unsigned shift[4], bits[4];
} packed_case;

static const packed_case packed_cases[] = {
    {TMU_FORMAT_R5G6B5_UNORM_PACK16, 2, UNORM, {11, 5, 0, 0}, {5, 6, 5, 0}},
    {TMU_FORMAT_B5G6R5_UNORM_PACK16, 2, UNORM, {0, 5, 11, 0}, {5, 6, 5, 0}},
    {TMU_FORMAT_R5G5B5A1_UNORM_PACK16, 2, UNORM, {11, 6, 1, 0}, {5, 5, 5, 1}},
    {TMU_FORMAT_A1B5G5R5_UNORM_PACK16, 2, UNORM, {0, 5, 10, 15}, {5, 5, 5, 1}},
    {TMU_FORMAT_R4G4B4A4_UNORM_PACK16, 2, UNORM, {12, 8, 4, 0}, {4, 4, 4, 4}},
    {TMU_FORMAT_A4B4G4R4_UNORM_PACK16, 2, UNORM, {0, 4, 8, 12}, {4, 4, 4, 4}},
    {TMU_FORMAT_A2B10G10R10_UNORM_PACK32, 4, UNORM, {0, 10, 20, 30}, {10, 10, 10, 2}},
    {TMU_FORMAT_A2B10G10R10_SNORM_PACK32, 4, SNORM, {0, 10, 20, 30}, {10, 10, 10, 2}},
    {TMU_FORMAT_A2B10G10R10_USCALED_PACK32, 4, USCALED, {0, 10, 20, 30}, {10, 10, 10, 2}},
    {TMU_FORMAT_A2B10G10R10_SSCALED_PACK32, 4, SSCALED, {0, 10, 20, 30}, {10, 10, 10, 2}},
    {TMU_FORMAT_A2B10G10R10_UINT_PACK32, 4, UINT, {0, 10, 20, 30}, {10, 10, 10, 2}},
    {TMU_FORMAT_A2B10G10R10_SINT_PACK32, 4, SINT, {0, 10, 20, 30}, {10, 10, 10, 2}},
};

static void test_packed(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof(packed_cases) / sizeof(packed_cases[0]); i++) {
        const packed_case *pc = &packed_cases[i];
        const tmu_format_info *info = tmu_format_get(pc->format);
        assert_int_equal(info->bytes, pc->bytes);
        /* 16-bit: every texel; 32-bit: 2^20 words on a fixed odd stride */
        uint32_t count = pc->bytes == 2 ? 65536u : (1u << 20);
        for (uint32_t k = 0; k < count; k++) {
            uint32_t w = pc->bytes == 2 ? k : k * 0x9E3779B1u + 12345u;
            uint8_t in[4], back[4];
            put_word(in, w);
            tmu_texel t;
            assert_int_equal(tmu_format_decode(pc->format, in, &t), TMU_OK);
            uint32_t want_back = 0;
            for (unsigned ch = 0; ch < 4; ch++) {
                if (!pc->bits[ch]) {
                    assert_int_equal(t.u[ch], fbits(ch == 3 ? 1.0f : 0.0f));
                    continue;
                }
                uint32_t v = (w >> pc->shift[ch]) & ((1u << pc->bits[ch]) - 1u);
                check_channel(&t, ch, pc->kind, v, pc->bits[ch], info->name);
                if (pc->kind == SNORM && v == (1u << (pc->bits[ch] - 1)))
                    v++; /* most negative code -> -1.0 -> re-encoded as the next code */
                want_back |= v << pc->shift[ch];
            }
            assert_int_equal(tmu_format_encode(pc->format, &t, back), TMU_OK);
            uint32_t got =
                pc->bytes == 2 ? (uint32_t)back[0] | (uint32_t)back[1] << 8 : word_of(back);
            if (got != want_back) {
                print_error("%s 0x%x re-encoded as 0x%x, want 0x%x\n", info->name, w, got,
                            want_back);
                fail();
            }
        }
    }
}

/* ------------------------------------------------------------------------- */
/* 32-bit channels and depth                                                  */
/* ------------------------------------------------------------------------- */

static void test_32bit_channels(void **state)
{
    (void)state;
    static const tmu_format fmts[] = {
        TMU_FORMAT_R32_FLOAT,          TMU_FORMAT_R32G32_FLOAT,      TMU_FORMAT_R32G32B32_FLOAT,
        TMU_FORMAT_R32G32B32A32_FLOAT, TMU_FORMAT_R32_UINT,          TMU_FORMAT_R32G32B32A32_UINT,
        TMU_FORMAT_R32_SINT,           TMU_FORMAT_R32G32B32A32_SINT, TMU_FORMAT_R32G32B32_SINT,
        TMU_FORMAT_D32_FLOAT,
    };
    static const unsigned nch[] = {1, 2, 3, 4, 1, 4, 1, 4, 3, 1};
    for (size_t i = 0; i < sizeof(fmts) / sizeof(fmts[0]); i++) {
        const tmu_format_info *info = tmu_format_get(fmts[i]);
        assert_int_equal(info->bytes, 4 * nch[i]);
        int integer = info->numeric == TMU_NUMERIC_UINT || info->numeric == TMU_NUMERIC_SINT;
        for (uint32_t k = 0; k < (1u << 16); k++) {
            uint8_t in[16], back[16];
            uint32_t words[4];
            for (unsigned c = 0; c < 4; c++) {
                words[c] = (k + c) * 0x9E3779B1u ^ (c << 28);
                put_word(in + 4 * c, words[c]);
            }
            tmu_texel t;
            assert_int_equal(tmu_format_decode(fmts[i], in, &t), TMU_OK);
            for (unsigned c = 0; c < 4; c++) {
                if (c < nch[i])
                    assert_int_equal(t.u[c], words[c]); /* the bits, as they are (NaN too) */
                else
                    assert_int_equal(t.u[c], c == 3 ? (integer ? 1u : fbits(1.0f)) : 0u);
            }
            assert_int_equal(tmu_format_encode(fmts[i], &t, back), TMU_OK);
            assert_memory_equal(back, in, info->bytes);
        }
    }
}

static void test_depth_formats(void **state)
{
    (void)state;
    uint8_t in[8], back[8];
    tmu_texel t;
    /* X8_D24: D = low 24 bits as UNORM24, the upper 8 bits ignored (and written as 0) */
    for (uint32_t k = 0; k < (1u << 18); k++) {
        uint32_t w = k * 0x9E3779B1u;
        put_word(in, w);
        assert_int_equal(tmu_format_decode(TMU_FORMAT_X8_D24_UNORM_PACK32, in, &t), TMU_OK);
        expect_float(t.f[0], (double)(w & 0xFFFFFFu) / 16777215.0, "x8_d24", w, 0);
        assert_true(t.f[1] == 0.0f && t.f[2] == 0.0f && t.f[3] == 1.0f);
        assert_int_equal(tmu_format_encode(TMU_FORMAT_X8_D24_UNORM_PACK32, &t, back), TMU_OK);
        assert_int_equal(word_of(back), w & 0xFFFFFFu);
        /* D24S8: depth in bits 0-23, stencil (integer) in bits 24-31 */
        assert_int_equal(tmu_format_decode(TMU_FORMAT_D24_UNORM_S8_UINT, in, &t), TMU_OK);
        expect_float(t.f[0], (double)(w & 0xFFFFFFu) / 16777215.0, "d24s8", w, 0);
        assert_int_equal(t.u[1], w >> 24);
        assert_true(t.f[2] == 0.0f && t.f[3] == 1.0f);
        assert_int_equal(tmu_format_encode(TMU_FORMAT_D24_UNORM_S8_UINT, &t, back), TMU_OK);
        assert_int_equal(word_of(back), w);
    }
    /* D32F_S8: float depth in bytes 0-3, stencil in byte 4, bytes 5-7 unused */
    put_word(in, fbits(0.75f));
    put_word(in + 4, 0xABCDEF42u);
    assert_int_equal(tmu_format_decode(TMU_FORMAT_D32_FLOAT_S8_UINT, in, &t), TMU_OK);
    assert_true(t.f[0] == 0.75f);
    assert_int_equal(t.u[1], 0x42);
    assert_int_equal(tmu_format_encode(TMU_FORMAT_D32_FLOAT_S8_UINT, &t, back), TMU_OK);
    assert_int_equal(word_of(back), fbits(0.75f));
    assert_int_equal(word_of(back + 4), 0x42u);
    /* stencil is clamped like any 8-bit UINT */
    tmu_texel s = {.u = {fbits(1.0f), 999, 0, 0}};
    assert_int_equal(tmu_format_encode(TMU_FORMAT_D24_UNORM_S8_UINT, &s, back), TMU_OK);
    assert_int_equal(word_of(back), 0xFFFFFFFFu);
    /* 24-bit UNORM encode: 0.5 * (2^24 - 1) = 8388607.5 -> 8388608 (even) */
    tmu_texel h = {.f = {0.5f, 0, 0, 1}};
    assert_int_equal(tmu_format_encode(TMU_FORMAT_X8_D24_UNORM_PACK32, &h, back), TMU_OK);
    assert_int_equal(word_of(back), 8388608u);
}

/* ------------------------------------------------------------------------- */
/* The Adreno-only formats (format_table.c's last rows), worked by hand       */
/* ------------------------------------------------------------------------- */

/* Decodes `bytes` and compares with four expected floats bit for bit. */
static void expect_texel(tmu_format f, const uint8_t *bytes, double r, double g, double b, double a)
{
    tmu_texel t;
    assert_int_equal(tmu_format_decode(f, bytes, &t), TMU_OK);
    const double want[4] = {r, g, b, a};
    for (unsigned c = 0; c < 4; c++)
        expect_float(t.f[c], want[c], tmu_format_name(f), bytes[0], c);
}

/* Encodes four floats and compares the texel's bytes. */
static void expect_bytes(tmu_format f, float r, float g, float b, float a, const uint8_t *want)
{
    tmu_texel t = {.f = {r, g, b, a}};
    uint8_t got[16];
    memset(got, 0xEE, sizeof got);
    assert_int_equal(tmu_format_encode(f, &t, got), TMU_OK);
    assert_memory_equal(got, want, tmu_format_get(f)->bytes);
}

static void test_adreno_byte_formats(void **state)
{
    (void)state;
    /* a8_unorm: the byte is alpha, R G B read 0 (FMT6_A8_UNORM); every code round-trips */
    for (uint32_t v = 0; v < 256; v++) {
        uint8_t in[1] = {(uint8_t)v}, back[1];
        expect_texel(TMU_FORMAT_A8_UNORM, in, 0.0, 0.0, 0.0, v / 255.0);
        tmu_texel t;
        assert_int_equal(tmu_format_decode(TMU_FORMAT_A8_UNORM, in, &t), TMU_OK);
        assert_int_equal(tmu_format_encode(TMU_FORMAT_A8_UNORM, &t, back), TMU_OK);
        assert_int_equal(back[0], v);
    }
    /* encode takes A only: R = 1 is not stored; 0.5 * 255 = 127.5 -> 128 (even) */
    expect_bytes(TMU_FORMAT_A8_UNORM, 1.0f, 1.0f, 1.0f, 0.5f, (const uint8_t[]){0x80});

    /* r8g8b8 / b8g8r8: three bytes, A = 1; B8G8R8 holds B in byte 0 */
    const uint8_t rgb[3] = {0x00, 0x80, 0xff};
    expect_texel(TMU_FORMAT_R8G8B8_UNORM, rgb, 0.0, 128 / 255.0, 1.0, 1.0);
    expect_texel(TMU_FORMAT_B8G8R8_UNORM, rgb, 1.0, 128 / 255.0, 0.0, 1.0);
    /* 0.25 * 255 = 63.75 -> 64, 0.5 * 255 = 127.5 -> 128, 0.75 * 255 = 191.25 -> 191 */
    expect_bytes(TMU_FORMAT_R8G8B8_UNORM, 0.25f, 0.5f, 0.75f, 0.0f, (const uint8_t[]){0x40, 0x80, 0xbf});
    expect_bytes(TMU_FORMAT_B8G8R8_UNORM, 0.25f, 0.5f, 0.75f, 0.0f, (const uint8_t[]){0xbf, 0x80, 0x40});

    /* x8 formats: the fourth byte is ignored on decode (A = 1) and written 0 */
    const uint8_t x1[4] = {0x10, 0x20, 0x30, 0xff}, x2[4] = {0x10, 0x20, 0x30, 0x00};
    expect_texel(TMU_FORMAT_R8G8B8X8_UNORM, x1, 16 / 255.0, 32 / 255.0, 48 / 255.0, 1.0);
    expect_texel(TMU_FORMAT_R8G8B8X8_UNORM, x2, 16 / 255.0, 32 / 255.0, 48 / 255.0, 1.0);
    expect_texel(TMU_FORMAT_B8G8R8X8_UNORM, x1, 48 / 255.0, 32 / 255.0, 16 / 255.0, 1.0);
    expect_bytes(TMU_FORMAT_R8G8B8X8_UNORM, 16 / 255.0f, 32 / 255.0f, 48 / 255.0f, 0.5f, x2);
    expect_bytes(TMU_FORMAT_B8G8R8X8_UNORM, 0.0f, 0.0f, 1.0f, 1.0f, (const uint8_t[]){0xff, 0, 0, 0});
    /* sRGB x8: colour through the sRGB formula, A = 1 whatever the byte (0x7f) */
    const uint8_t sx[4] = {0xff, 0x00, 0xbc, 0x7f};
    expect_texel(TMU_FORMAT_R8G8B8X8_SRGB, sx, 1.0, 0.0, srgb_formula(188 / 255.0), 1.0);
    expect_texel(TMU_FORMAT_B8G8R8X8_SRGB, sx, srgb_formula(188 / 255.0), 0.0, 1.0, 1.0);
    expect_bytes(TMU_FORMAT_R8G8B8X8_SRGB, 1.0f, 0.0f, (float)srgb_formula(188 / 255.0), 0.25f,
                 (const uint8_t[]){0xff, 0x00, 0xbc, 0x00});

    /* l8a8_unorm: byte 0 is L, read as R, G and B; byte 1 is A.  Encode writes L from R. */
    const uint8_t la[2] = {0x40, 0xc0};
    expect_texel(TMU_FORMAT_L8A8_UNORM, la, 64 / 255.0, 64 / 255.0, 64 / 255.0, 192 / 255.0);
    /* R 0.25 -> 64; G 0.9 and B 0.1 are not stored; A 0.75 -> 191.25 -> 191 */
    expect_bytes(TMU_FORMAT_L8A8_UNORM, 0.25f, 0.9f, 0.1f, 0.75f, (const uint8_t[]){0x40, 0xbf});
    for (uint32_t v = 0; v < 65536; v++) {
        uint8_t in[2] = {(uint8_t)v, (uint8_t)(v >> 8)}, back[2];
        tmu_texel t;
        assert_int_equal(tmu_format_decode(TMU_FORMAT_L8A8_UNORM, in, &t), TMU_OK);
        expect_float(t.f[0], (v & 0xff) / 255.0, "l8a8_unorm", v, 0);
        assert_int_equal(t.u[1], t.u[0]);
        assert_int_equal(t.u[2], t.u[0]);
        expect_float(t.f[3], (v >> 8) / 255.0, "l8a8_unorm", v, 3);
        assert_int_equal(tmu_format_encode(TMU_FORMAT_L8A8_UNORM, &t, back), TMU_OK);
        assert_memory_equal(back, in, 2);
    }
}

/* r32_sfixed: a signed 16.16 fixed-point number (GL_FIXED), value = integer / 65536. */
static void test_sfixed(void **state)
{
    (void)state;
    static const struct {
        uint32_t word;
        double value;
    } dec[] = {
        {0x00010000u, 1.0},
        {0xffff8000u, -0.5},
        {0x00000001u, 1.52587890625e-05},     /* 2^-16, exact */
        {0x80000000u, -32768.0},
        {0x7fffffffu, 32768.0},               /* 32767.99998474 rounds to 32768 (ulp 2^-8) */
        {0x01234567u, 19088744.0 / 65536.0},  /* 25 significant bits: the tie rounds to even */
        {0xfffffffeu, -3.0517578125e-05},     /* -2 / 65536 */
    };
    for (size_t i = 0; i < sizeof dec / sizeof dec[0]; i++) {
        uint8_t in[4];
        put_word(in, dec[i].word);
        expect_texel(TMU_FORMAT_R32_SFIXED, in, dec[i].value, 0.0, 0.0, 1.0);
    }
    static const struct {
        float value;
        uint32_t word;
    } enc[] = {
        {1.5f, 0x00018000u},
        {-0.5f, 0xffff8000u},
        {1e10f, 0x7fffffffu},                 /* clamped */
        {-1e10f, 0x80000000u},
        {INFINITY, 0x7fffffffu},
        {-INFINITY, 0x80000000u},
        {NAN, 0u},
        {7.62939453125e-06f, 0u},             /* 2^-17 = half a step: 0.5 -> 0 (even) */
        {2.288818359375e-05f, 2u},            /* 3 x 2^-17: 1.5 -> 2 (even) */
        {-2.288818359375e-05f, 0xfffffffeu},  /* -1.5 -> -2 */
    };
    for (size_t i = 0; i < sizeof enc / sizeof enc[0]; i++) {
        uint8_t want[4];
        put_word(want, enc[i].word);
        expect_bytes(TMU_FORMAT_R32_SFIXED, enc[i].value, 0.0f, 0.0f, 1.0f, want);
    }
    /* every integer of a sweep round-trips while the float holds it exactly (|v| < 2^24) */
    for (uint32_t k = 0; k < (1u << 16); k++) {
        int32_t v = (int32_t)(k * 0x9E3779B1u) >> 8;
        uint8_t in[4], back[4];
        put_word(in, (uint32_t)v);
        tmu_texel t;
        assert_int_equal(tmu_format_decode(TMU_FORMAT_R32_SFIXED, in, &t), TMU_OK);
        expect_float(t.f[0], (double)v / 65536.0, "r32_sfixed", (uint32_t)v, 0);
        assert_int_equal(tmu_format_encode(TMU_FORMAT_R32_SFIXED, &t, back), TMU_OK);
        assert_int_equal(word_of(back), (uint32_t)v);
    }
    assert_int_equal(tmu_format_get(TMU_FORMAT_R32_SFIXED)->numeric, TMU_NUMERIC_SFIXED);
}

static void test_bad_arguments(void **state)
{
    (void)state;
    uint8_t buf[16] = {0};
    tmu_texel t = {.u = {0, 0, 0, 0}};
    assert_int_equal(tmu_format_decode(TMU_FORMAT_INVALID, buf, &t), TMU_ERR_INVALID_ARGUMENT);
    assert_int_equal(tmu_format_decode(TMU_FORMAT_COUNT, buf, &t), TMU_ERR_INVALID_ARGUMENT);
    assert_int_equal(tmu_format_decode((tmu_format)-1, buf, &t), TMU_ERR_INVALID_ARGUMENT);
    assert_int_equal(tmu_format_decode(TMU_FORMAT_R8_UNORM, NULL, &t), TMU_ERR_INVALID_ARGUMENT);
    assert_int_equal(tmu_format_decode(TMU_FORMAT_R8_UNORM, buf, NULL), TMU_ERR_INVALID_ARGUMENT);
    assert_int_equal(tmu_format_encode(TMU_FORMAT_INVALID, &t, buf), TMU_ERR_INVALID_ARGUMENT);
    assert_int_equal(tmu_format_encode(TMU_FORMAT_R8_UNORM, NULL, buf), TMU_ERR_INVALID_ARGUMENT);
    assert_int_equal(tmu_format_encode(TMU_FORMAT_R8_UNORM, &t, NULL), TMU_ERR_INVALID_ARGUMENT);
    assert_null(tmu_format_get(TMU_FORMAT_INVALID));
    assert_null(tmu_format_get(TMU_FORMAT_COUNT));
    assert_string_equal(tmu_format_name(TMU_FORMAT_COUNT), "invalid");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_plain_channels_exhaustive),
        cmocka_unit_test(test_srgb_examples),
        cmocka_unit_test(test_normalized_encode_rules),
        cmocka_unit_test(test_half_exhaustive),
        cmocka_unit_test(test_half_rounding),
        cmocka_unit_test(test_small_floats_exhaustive),
        cmocka_unit_test(test_rgb9e5_hand_worked),
        cmocka_unit_test(test_rgb9e5_sweep),
        cmocka_unit_test(test_packed),
        cmocka_unit_test(test_32bit_channels),
        cmocka_unit_test(test_depth_formats),
        cmocka_unit_test(test_adreno_byte_formats),
        cmocka_unit_test(test_sfixed),
        cmocka_unit_test(test_bad_arguments),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
