/* tmu — texel decode and encode, driven by the rows of format_table.c.
 *
 * Conversion rules: shared/reference/sampling.md §12.  Every channel of every format
 * goes through the same two functions (decode_channel / encode_channel) chosen by the
 * row's numeric kind and the channel's width; only the shared-exponent format
 * (E5B9G9R9) has its own pair because its channels are not independent. */
#include "format/format_internal.h"

#include <math.h>
#include <string.h>

/* ------------------------------------------------------------------------- */
/* Small helpers                                                              */
/* ------------------------------------------------------------------------- */

static uint32_t f2u(float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof(u));
    return u;
}

static float u2f(uint32_t u)
{
    float f;
    memcpy(&f, &u, sizeof(f));
    return f;
}

static uint32_t low_mask(unsigned bits)
{
    return bits >= 32 ? 0xFFFFFFFFu : (1u << bits) - 1u;
}

static int32_t sign_extend(uint32_t v, unsigned bits)
{
    if (bits >= 32)
        return (int32_t)v;
    uint32_t m = 1u << (bits - 1);
    return (int32_t)((v ^ m) - m);
}

/* Rounds a finite double to the nearest integer, ties to even, independent of the
 * floating-point environment's rounding mode.  |x| must be below 2^52. */
static double round_even(double x)
{
    double r = floor(x);
    double d = x - r;
    if (d > 0.5 || (d == 0.5 && fmod(r, 2.0) != 0.0))
        r += 1.0;
    return r;
}

/* ------------------------------------------------------------------------- */
/* Small floats: binary16 and the unsigned 11/10-bit floats                   */
/* ------------------------------------------------------------------------- */

float tmu_half_to_float(uint16_t h)
{
    uint32_t sign = (uint32_t)(h & 0x8000u) << 16;
    uint32_t e = (h >> 10) & 0x1Fu;
    uint32_t m = h & 0x3FFu;
    if (e == 0x1F)
        return u2f(sign | 0x7F800000u | (m << 13)); /* Inf, or NaN with its payload */
    if (e == 0) {
        if (m == 0)
            return u2f(sign);
        /* denormal: m * 2^-24; normalise the mantissa */
        e = 113; /* exponent field of 2^-14, minus the shifts below */
        while (!(m & 0x400u)) {
            m <<= 1;
            e--;
        }
        return u2f(sign | (e << 23) | ((m & 0x3FFu) << 13));
    }
    return u2f(sign | ((e + 112u) << 23) | (m << 13));
}

/* float -> (5-bit exponent, `mbits`-bit mantissa) small float, bias 15, round to nearest
 * even.  Sign is ignored (the caller handles it).  Finite results that overflow return
 * 31 << mbits when `saturate` is 0 (infinity) or the largest finite value otherwise. */
static uint32_t float_to_small(float f, unsigned mbits, int saturate)
{
    uint32_t x = f2u(f) & 0x7FFFFFFFu;
    uint32_t inf = 31u << mbits;
    uint32_t exp = x >> 23;
    uint32_t mant = x & 0x7FFFFFu;
    if (exp == 0xFF) {
        if (mant == 0)
            return inf;
        uint32_t payload = mant >> (23 - mbits);
        if (payload == 0)
            payload = 1u << (mbits - 1);
        return inf | payload;
    }
    int e = (int)exp - 127 + 15;
    unsigned drop = 23 - mbits; /* mantissa bits dropped for a normal result */
    uint32_t h, rem, half;
    if (e >= 31)
        return saturate ? inf - 1 : inf;
    if (e <= 0) {
        /* denormal result: value / 2^(-14 - mbits) */
        unsigned shift = drop + (unsigned)(1 - e);
        if (shift > 24 + 1)
            return 0;
        uint32_t full = mant | (exp ? 0x800000u : 0);
        h = full >> shift;
        rem = full & ((1u << shift) - 1u);
        half = 1u << (shift - 1);
    } else {
        h = ((uint32_t)e << mbits) | (mant >> drop);
        rem = mant & ((1u << drop) - 1u);
        half = 1u << (drop - 1);
    }
    if (rem > half || (rem == half && (h & 1u)))
        h++;
    if (h >= inf)
        return saturate ? inf - 1 : inf;
    return h;
}

uint16_t tmu_float_to_half(float f)
{
    uint32_t sign = (f2u(f) >> 16) & 0x8000u;
    return (uint16_t)(sign | float_to_small(f, 10, 0));
}

/* Unsigned 11/10-bit float (E5 M6 / E5 M5) -> float: the same value as the binary16
 * with that exponent and the mantissa moved to the top. */
static float ufloat_to_float(uint32_t v, unsigned mbits)
{
    uint32_t e = (v >> mbits) & 0x1Fu;
    uint32_t m = v & low_mask(mbits);
    return tmu_half_to_float((uint16_t)((e << 10) | (m << (10 - mbits))));
}

/* float -> unsigned 11/10-bit float.  As OpenGL specifies for these formats: negative
 * values and -Inf become 0, +Inf stays Inf, NaN stays NaN, finite values above the
 * largest finite value become that value, the rest round to nearest even. */
static uint32_t float_to_ufloat(float f, unsigned mbits)
{
    if (isnan(f))
        return float_to_small(f, mbits, 0);
    if (!(f > 0.0f))
        return 0;
    return float_to_small(f, mbits, !isinf(f));
}

/* ------------------------------------------------------------------------- */
/* sRGB                                                                       */
/* ------------------------------------------------------------------------- */

static double srgb_to_linear_d(double c)
{
    return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4);
}

static double linear_to_srgb_d(double c)
{
    return c <= 0.0031308 ? c * 12.92 : 1.055 * pow(c, 1.0 / 2.4) - 0.055;
}

float tmu_srgb_to_linear(float c)
{
    if (!(c > 0.0f))
        return 0.0f;
    if (c >= 1.0f)
        return 1.0f;
    return (float)srgb_to_linear_d(c);
}

float tmu_linear_to_srgb(float c)
{
    if (!(c > 0.0f))
        return 0.0f;
    if (c >= 1.0f)
        return 1.0f;
    return (float)linear_to_srgb_d(c);
}

/* ------------------------------------------------------------------------- */
/* Float -> normalised / scaled integer                                       */
/* ------------------------------------------------------------------------- */

/* Clamps f to [lo, hi] (NaN -> 0) and rounds to nearest even. */
static int64_t float_to_int_clamped(double f, double lo, double hi)
{
    if (isnan(f))
        return 0;
    if (f < lo)
        f = lo;
    if (f > hi)
        f = hi;
    return (int64_t)round_even(f);
}

static uint32_t encode_unorm(float f, unsigned bits)
{
    double max = (double)low_mask(bits);
    if (isnan(f))
        return 0;
    double c = f < 0.0f ? 0.0 : f > 1.0f ? 1.0 : (double)f;
    return (uint32_t)round_even(c * max);
}

static uint32_t encode_snorm(float f, unsigned bits)
{
    double max = (double)((1u << (bits - 1)) - 1u);
    if (isnan(f))
        return 0;
    double c = f < -1.0f ? -1.0 : f > 1.0f ? 1.0 : (double)f;
    return (uint32_t)(int32_t)round_even(c * max) & low_mask(bits);
}

/* ------------------------------------------------------------------------- */
/* One channel                                                                */
/* ------------------------------------------------------------------------- */

/* Channel kind as the codecs see it. */
typedef enum chan_kind {
    CH_UNORM,
    CH_SNORM,
    CH_USCALED,
    CH_SSCALED,
    CH_UINT,
    CH_SINT,
    CH_SRGB8,
    CH_F16,
    CH_F32,
    CH_UF11,
    CH_UF10,
    CH_SFIXED16, /* signed 16.16 fixed point */
} chan_kind;

static chan_kind channel_kind(const tmu_format_info *info, unsigned c)
{
    if (info->has_stencil && c == 1)
        return CH_UINT;
    switch (info->numeric) {
    case TMU_NUMERIC_UNORM:
        return CH_UNORM;
    case TMU_NUMERIC_SNORM:
        return CH_SNORM;
    case TMU_NUMERIC_USCALED:
        return CH_USCALED;
    case TMU_NUMERIC_SSCALED:
        return CH_SSCALED;
    case TMU_NUMERIC_UINT:
        return CH_UINT;
    case TMU_NUMERIC_SINT:
        return CH_SINT;
    case TMU_NUMERIC_SRGB:
        return c == 3 ? CH_UNORM : CH_SRGB8; /* alpha stays linear */
    case TMU_NUMERIC_SFIXED:
        return CH_SFIXED16;
    case TMU_NUMERIC_FLOAT:
        break;
    }
    switch (info->bits[c]) {
    case 16:
        return CH_F16;
    case 11:
        return CH_UF11;
    case 10:
        return CH_UF10;
    default:
        return CH_F32;
    }
}

/* Raw channel bits -> 32-bit value (float bits or integer). */
static uint32_t decode_channel(chan_kind kind, uint32_t raw, unsigned bits)
{
    switch (kind) {
    case CH_UNORM:
        return f2u((float)raw / (float)low_mask(bits));
    case CH_SNORM: {
        float f = (float)sign_extend(raw, bits) / (float)((1u << (bits - 1)) - 1u);
        return f2u(f < -1.0f ? -1.0f : f);
    }
    case CH_USCALED:
        return f2u((float)raw);
    case CH_SSCALED:
        return f2u((float)sign_extend(raw, bits));
    case CH_UINT:
        return raw;
    case CH_SINT:
        return (uint32_t)sign_extend(raw, bits);
    case CH_SRGB8:
        return f2u(tmu_srgb8_table[raw & 0xFFu]);
    case CH_F16:
        return f2u(tmu_half_to_float((uint16_t)raw));
    case CH_F32:
        return raw;
    case CH_UF11:
        return f2u(ufloat_to_float(raw, 6));
    case CH_UF10:
        return f2u(ufloat_to_float(raw, 5));
    case CH_SFIXED16: /* exact / 2^16, one rounding to float (Mesa: (float)int / 65536.0f) */
        return f2u((float)((double)sign_extend(raw, bits) / 65536.0));
    }
    return 0;
}

/* 32-bit value (float bits or integer) -> raw channel bits. */
static uint32_t encode_channel(chan_kind kind, uint32_t v, unsigned bits)
{
    float f = u2f(v);
    switch (kind) {
    case CH_UNORM:
        return encode_unorm(f, bits);
    case CH_SNORM:
        return encode_snorm(f, bits);
    case CH_USCALED:
        return (uint32_t)float_to_int_clamped(f, 0.0, (double)low_mask(bits));
    case CH_SSCALED: {
        double hi = (double)((1u << (bits - 1)) - 1u);
        return (uint32_t)(int32_t)float_to_int_clamped(f, -hi - 1.0, hi) & low_mask(bits);
    }
    case CH_UINT:
        return v > low_mask(bits) ? low_mask(bits) : v;
    case CH_SINT: {
        if (bits >= 32)
            return v;
        int32_t hi = (int32_t)((1u << (bits - 1)) - 1u);
        int32_t s = (int32_t)v;
        s = s > hi ? hi : s < -hi - 1 ? -hi - 1 : s;
        return (uint32_t)s & low_mask(bits);
    }
    case CH_SRGB8:
        return encode_unorm(tmu_linear_to_srgb(f), 8);
    case CH_F16:
        return tmu_float_to_half(f);
    case CH_F32:
        return v;
    case CH_UF11:
        return float_to_ufloat(f, 6);
    case CH_UF10:
        return float_to_ufloat(f, 5);
    case CH_SFIXED16: { /* x 2^16, clamped to the integer range, nearest even; NaN -> 0 */
        double hi = (double)((1u << (bits - 1)) - 1u);
        return (uint32_t)(int32_t)float_to_int_clamped((double)f * 65536.0, -hi - 1.0, hi) & low_mask(bits);
    }
    }
    return 0;
}

/* ------------------------------------------------------------------------- */
/* Shared exponent (E5B9G9R9)                                                 */
/* ------------------------------------------------------------------------- */

/* channel = m * 2^(E - 15 - 9): no implicit 1, no special values. */
static void decode_rgb9e5(uint32_t w, tmu_texel *out)
{
    int e = (int)(w >> 27);
    for (unsigned c = 0; c < 3; c++)
        out->f[c] = (float)ldexp((double)((w >> (9 * c)) & 0x1FFu), e - 24);
    out->f[3] = 1.0f;
}

/* The encoding of EXT_texture_shared_exponent / Vulkan: clamp each channel to
 * [0, 65408], pick exp' = max(-16, floor(log2(max))) + 16, bump it by one if the
 * largest channel would round to 512, then round every channel to nearest. */
static uint32_t encode_rgb9e5(const tmu_texel *in)
{
    const double max_value = 65408.0; /* 511/512 * 2^16 */
    double c[3], maxc = 0.0;
    for (unsigned i = 0; i < 3; i++) {
        double v = in->f[i];
        c[i] = !(v > 0.0) ? 0.0 : v > max_value ? max_value : v; /* NaN -> 0 */
        if (c[i] > maxc)
            maxc = c[i];
    }
    int exp_p = 0;
    if (maxc > 0.0) {
        int e2;
        frexp(maxc, &e2); /* maxc = m * 2^e2, m in [0.5, 1): floor(log2) = e2 - 1 */
        int fl = e2 - 1;
        exp_p = (fl < -16 ? -16 : fl) + 16;
    }
    int exp = exp_p;
    if (floor(ldexp(maxc, 24 - exp_p) + 0.5) >= 512.0)
        exp = exp_p + 1;
    uint32_t w = (uint32_t)exp << 27;
    for (unsigned i = 0; i < 3; i++)
        w |= (uint32_t)floor(ldexp(c[i], 24 - exp) + 0.5) << (9 * i);
    return w;
}

/* ------------------------------------------------------------------------- */
/* Texels                                                                     */
/* ------------------------------------------------------------------------- */

const tmu_format_info *tmu_format_get(tmu_format format)
{
    if ((unsigned)format == TMU_FORMAT_INVALID || (unsigned)format >= TMU_FORMAT_COUNT)
        return NULL;
    return &tmu_format_table[format];
}

const char *tmu_format_name(tmu_format format)
{
    const tmu_format_info *info = tmu_format_get(format);
    return info ? info->name : "invalid";
}

const char *tmu_numeric_name(tmu_numeric numeric)
{
    static const char *const names[] = {"unorm", "snorm", "uscaled", "sscaled", "uint",
                                        "sint",  "float", "srgb",    "sfixed"};
    if ((unsigned)numeric >= sizeof(names) / sizeof(names[0]))
        return "?";
    return names[numeric];
}

static int host_is_little_endian(void)
{
    const uint16_t one = 1;
    uint8_t first;
    memcpy(&first, &one, 1);
    return first == 1;
}

/* Reads a little-endian texel of `bytes` bytes into 32-bit words (zero-filled). */
static void load_words(const void *src, unsigned bytes, uint32_t w[4])
{
    w[0] = w[1] = w[2] = w[3] = 0;
    if (host_is_little_endian()) {
        memcpy(w, src, bytes);
        return;
    }
    const uint8_t *p = src;
    for (unsigned b = 0; b < bytes; b++)
        w[b >> 2] |= (uint32_t)p[b] << (8 * (b & 3));
}

static int is_integer_kind(const tmu_format_info *info)
{
    return info->numeric == TMU_NUMERIC_UINT || info->numeric == TMU_NUMERIC_SINT;
}

tmu_status tmu_format_decode(tmu_format format, const void *src, tmu_texel *out)
{
    const tmu_format_info *info = tmu_format_get(format);
    if (!info || !src || !out)
        return TMU_ERR_INVALID_ARGUMENT;
    uint32_t w[4];
    load_words(src, info->bytes, w);

    if (info->shared_exponent) {
        decode_rgb9e5(w[0], out);
        return TMU_OK;
    }
    int integer = is_integer_kind(info);
    out->u[0] = out->u[1] = out->u[2] = 0;
    out->u[3] = integer ? 1u : f2u(1.0f);
    for (unsigned c = 0; c < 4; c++) {
        unsigned bits = info->bits[c];
        if (!bits)
            continue;
        unsigned s = info->shift[c];
        uint32_t raw = (w[s >> 5] >> (s & 31)) & low_mask(bits);
        out->u[c] = decode_channel(channel_kind(info, c), raw, bits);
    }
    return TMU_OK;
}

/* Whether channel c's bits are those of an earlier channel (a luminance format's G and B). */
static int repeats_earlier(const tmu_format_info *info, unsigned c)
{
    for (unsigned k = 0; k < c; k++)
        if (info->bits[k] == info->bits[c] && info->shift[k] == info->shift[c])
            return 1;
    return 0;
}

tmu_status tmu_format_encode(tmu_format format, const tmu_texel *in, void *dst)
{
    const tmu_format_info *info = tmu_format_get(format);
    if (!info || !in || !dst)
        return TMU_ERR_INVALID_ARGUMENT;
    uint32_t w[4] = {0, 0, 0, 0};
    if (info->shared_exponent) {
        w[0] = encode_rgb9e5(in);
    } else {
        for (unsigned c = 0; c < 4; c++) {
            unsigned bits = info->bits[c];
            if (!bits || repeats_earlier(info, c))
                continue; /* luminance: G and B are R's bits, written from R */
            unsigned s = info->shift[c];
            uint32_t raw = encode_channel(channel_kind(info, c), in->u[c], bits) & low_mask(bits);
            w[s >> 5] |= raw << (s & 31);
        }
    }
    uint8_t *p = dst;
    for (unsigned b = 0; b < info->bytes; b++)
        p[b] = (uint8_t)(w[b >> 2] >> (8 * (b & 3)));
    return TMU_OK;
}

/* ------------------------------------------------------------------------- */
/* Lookup                                                                     */
/* ------------------------------------------------------------------------- */

static int lower(int ch)
{
    return ch >= 'A' && ch <= 'Z' ? ch - 'A' + 'a' : ch;
}

/* Writes the lower-cased `name` to `out` without a "vk_format_" prefix and with "sfloat"
 * spelt "float".  Returns 0 if it does not fit. */
static int normalise_name(const char *name, char *out, size_t size)
{
    static const char prefix[] = "vk_format_";
    size_t n = 0;
    size_t i = 0;
    size_t plen = sizeof(prefix) - 1;
    while (i < plen && name[i] && lower((unsigned char)name[i]) == prefix[i])
        i++;
    if (i != plen)
        i = 0;
    for (; name[i]; i++) {
        if (n + 1 >= size)
            return 0;
        out[n++] = (char)lower((unsigned char)name[i]);
        if (n >= 7 && !memcmp(out + n - 7, "_sfloat", 7)) {
            memcpy(out + n - 7, "_float", 6);
            n--;
        }
    }
    out[n] = '\0';
    return 1;
}

tmu_format tmu_format_from_name(const char *name)
{
    static const struct {
        const char *alias;
        tmu_format format;
    } aliases[] = {
        {"rgb9e5", TMU_FORMAT_E5B9G9R9_UFLOAT_PACK32},
        {"r9g9b9e5", TMU_FORMAT_E5B9G9R9_UFLOAT_PACK32},
        {"r11g11b10", TMU_FORMAT_B10G11R11_UFLOAT_PACK32},
        {"r11g11b10_float", TMU_FORMAT_B10G11R11_UFLOAT_PACK32},
        {"x8z24", TMU_FORMAT_X8_D24_UNORM_PACK32},
        {"d24s8", TMU_FORMAT_D24_UNORM_S8_UINT},
        {"d16", TMU_FORMAT_D16_UNORM},
        {"d32f", TMU_FORMAT_D32_FLOAT},
        {"d32fs8", TMU_FORMAT_D32_FLOAT_S8_UINT},
        {"a8_unorm_khr", TMU_FORMAT_A8_UNORM}, /* VK_KHR_maintenance5 */
        {"r32_fixed", TMU_FORMAT_R32_SFIXED},  /* Gallium's PIPE_FORMAT_R32_FIXED */
    };
    char buf[64];
    if (!name || !normalise_name(name, buf, sizeof(buf)))
        return TMU_FORMAT_INVALID;
    for (unsigned f = 1; f < TMU_FORMAT_COUNT; f++)
        if (!strcmp(tmu_format_table[f].name, buf))
            return (tmu_format)f;
    for (size_t i = 0; i < sizeof(aliases) / sizeof(aliases[0]); i++)
        if (!strcmp(aliases[i].alias, buf))
            return aliases[i].format;
    return TMU_FORMAT_INVALID;
}

tmu_format tmu_format_from_gcn(unsigned data_format, unsigned num_format)
{
    static const uint8_t identity[4] = {TMU_GCN_SEL_X, TMU_GCN_SEL_Y, TMU_GCN_SEL_Z, TMU_GCN_SEL_W};
    for (unsigned f = 1; f < TMU_FORMAT_COUNT; f++) {
        const tmu_format_info *info = &tmu_format_table[f];
        if (info->gcn_data_format != data_format || info->gcn_num_format != num_format)
            continue;
        int ok = 1;
        for (unsigned c = 0; c < 4; c++)
            if (info->bits[c] && !(info->has_stencil && c == 1) &&
                !(info->shared_exponent && c == 3) && info->gcn_dst_sel[c] != identity[c])
                ok = 0;
        if (ok)
            return (tmu_format)f;
    }
    return TMU_FORMAT_INVALID;
}
