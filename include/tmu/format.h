/* tmu — texel formats.
 *
 * One table row per format (src/format/format_table.c) gives its size, channel
 * layout, numeric kind and the codes other layers need (GCN DATA_FORMAT and
 * NUM_FORMAT with the DST_SEL swizzle that reads the format, ir3 GETINFO channel
 * type and per-generation channel order, CUDA channel format kind).  Decode turns
 * one texel into four 32-bit values; encode does the reverse (image stores), with
 * the conversion rules of docs/texture-unit.md §12.
 *
 * Everything here is pure: no allocation, no global mutable state, thread-safe. */
#ifndef TMU_FORMAT_H
#define TMU_FORMAT_H

#include <stddef.h>
#include <stdint.h>

#include "tmu/status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The list of formats.  X(NAME, lower-case name) — the enumerator is
 * TMU_FORMAT_NAME and tmu_format_name() returns the lower-case name.
 * Order is part of the ABI only within one version. */
#include "tmu/format_list.h"

/* clang-format off */
typedef enum tmu_format {
    TMU_FORMAT_INVALID = 0,
#define TMU_X(NAME, name) TMU_FORMAT_##NAME,
    TMU_FORMAT_LIST(TMU_X)
#undef TMU_X
    TMU_FORMAT_COUNT
} tmu_format;
/* clang-format on */

/* What the four decoded values are. */
typedef enum tmu_numeric {
    TMU_NUMERIC_UNORM,   /* float in [0, 1] */
    TMU_NUMERIC_SNORM,   /* float in [-1, 1] */
    TMU_NUMERIC_USCALED, /* unsigned integer converted to float */
    TMU_NUMERIC_SSCALED, /* signed integer converted to float */
    TMU_NUMERIC_UINT,    /* 32-bit unsigned integers, not filterable */
    TMU_NUMERIC_SINT,    /* 32-bit signed integers, not filterable */
    TMU_NUMERIC_FLOAT,   /* float (fp16/fp32/small floats/shared exponent) */
    TMU_NUMERIC_SRGB,    /* sRGB-encoded UNORM colour, linear alpha; decodes to linear float */
    TMU_NUMERIC_SFIXED,  /* signed 16.16 fixed point (GL_FIXED, Gallium's R32_FIXED): the two's
                          * complement integer / 65536 as a float; filtered like FLOAT */
} tmu_numeric;

/* A decoded texel: four channels R, G, B, A (missing ones are 0, 0, 0, 1 — as
 * floats for float/normalised kinds, as integers for UINT/SINT).  Depth formats
 * give (D, 0, 0, 1.0f); depth-stencil formats give f[0] = depth and u[1] = stencil
 * (an integer), with f[2] = 0 and f[3] = 1.0f.  A channel whose bits repeat an earlier
 * channel's (l8a8_unorm: G and B are R's bits, the luminance) decodes to the same value, and
 * encode writes those bits from the first of them (R). */
typedef union tmu_texel {
    float f[4];
    uint32_t u[4];
    int32_t i[4];
} tmu_texel;

/* Values of gcn_dst_sel (the T# DST_SEL_X/Y/Z/W encoding). */
enum {
    TMU_GCN_SEL_0 = 0,
    TMU_GCN_SEL_1 = 1,
    TMU_GCN_SEL_X = 4,
    TMU_GCN_SEL_Y = 5,
    TMU_GCN_SEL_Z = 6,
    TMU_GCN_SEL_W = 7
};

/* ir3 GETINFO channel-order generations (index into tmu_format_info.ir3_order). */
enum { TMU_IR3_ORDER_A3XX = 0, TMU_IR3_ORDER_A5XX = 1 };

/* The largest texel of any format, in bytes (r32g32b32a32_*). */
#define TMU_FORMAT_MAX_BYTES 16

/* "No such code" in the code fields below. */
#define TMU_FORMAT_NO_CODE 0xFFu

/* Properties of one format (one table row). */
typedef struct tmu_format_info {
    tmu_format format;
    const char *name;        /* lower-case name, e.g. "r8g8b8a8_srgb" */
    uint8_t bytes;           /* bytes per texel (1..16) */
    uint8_t channels;        /* number of stored channels, stencil included (1..4) */
    uint8_t bits[4];         /* bits of channel R,G,B,A (depth, stencil) (0 = absent) */
    uint8_t shift[4];        /* bit position of each channel within the texel (little-endian);
                              * channels never overlap, except that a luminance format's G and B
                              * repeat R's bits exactly (then `channels` counts them once) */
    tmu_numeric numeric;     /* numeric kind of the colour (or depth) channels */
    uint8_t is_depth;        /* 1 for depth (and depth-stencil) formats */
    uint8_t has_stencil;     /* 1 for depth-stencil formats: channel 1 is a UINT stencil */
    uint8_t is_packed;       /* 1 when channels share a word (e.g. 5_6_5, 9_9_9_E5) */
    uint8_t shared_exponent; /* 1 for E5B9G9R9: bits[3]/shift[3] describe the exponent */
    /* Codes used by other layers; TMU_FORMAT_NO_CODE when the format has no such code. */
    uint8_t gcn_data_format; /* GCN IMG/BUF DATA_FORMAT (gfx6-9) that stores this layout */
    uint8_t gcn_num_format;  /* GCN IMG NUM_FORMAT */
    uint8_t gcn_dst_sel[4];  /* T# DST_SEL for R,G,B,A that reads this format from that data
                              * format (e.g. B8G8R8A8 = 8_8_8_8 with Z,Y,X,W) */
    uint8_t ir3_type;        /* ir3 GETINFO .x channel data type */
    uint8_t ir3_order[2];    /* ir3 GETINFO .y channel order: [TMU_IR3_ORDER_A3XX] a3xx/a4xx,
                              * [TMU_IR3_ORDER_A5XX] a5xx and later */
    uint8_t cuda_kind;       /* cudaChannelFormatKind: 0 signed, 1 unsigned, 2 float */
} tmu_format_info;

/* Returns the table row of `format`, or NULL for TMU_FORMAT_INVALID or an out-of-range value. */
const tmu_format_info *tmu_format_get(tmu_format format);

/* Returns the lower-case name of `format` ("invalid" when out of range). */
const char *tmu_format_name(tmu_format format);

/* Returns the name of a numeric kind ("unorm", "snorm", ..., "srgb"); "?" when out of range. */
const char *tmu_numeric_name(tmu_numeric numeric);

/* Looks a format up by name, case-insensitively.  Accepts the names of tmu_format_name(),
 * an optional "vk_format_" prefix, "sfloat" for "float", and the short names of
 * docs/texture-unit.md ("rgb9e5", "r11g11b10", "x8z24", "d24s8", "d16", "d32f"), Vulkan's
 * "a8_unorm_khr" and Gallium's "r32_fixed".
 * Returns TMU_FORMAT_INVALID if unknown (or `name` is NULL). */
tmu_format tmu_format_from_name(const char *name);

/* Returns the format whose decode yields the GCN hardware components X, Y, Z, W of
 * DATA_FORMAT `data_format` / NUM_FORMAT `num_format` as R, G, B, A (identity DST_SEL),
 * or TMU_FORMAT_INVALID when tmu has no such layout (e.g. 11_11_10, BC formats). */
tmu_format tmu_format_from_gcn(unsigned data_format, unsigned num_format);

/* Decodes one texel of `format` read from `src` (tmu_format_get(format)->bytes bytes,
 * little-endian) into `out`.  Returns TMU_ERR_INVALID_ARGUMENT for a bad format or NULL.
 * Pure and allocation-free; safe to call from any thread. */
tmu_status tmu_format_decode(tmu_format format, const void *src, tmu_texel *out);

/* Encodes `in` (floats or integers per the format's numeric kind) into one texel at `dst`
 * (exactly tmu_format_get(format)->bytes bytes are written; unused bits become 0).
 * Floats are clamped and rounded to nearest-even as docs/texture-unit.md §12 says (NaN -> 0 for
 * normalised/scaled kinds); integers are clamped to the channel's range.  Pure. */
tmu_status tmu_format_encode(tmu_format format, const tmu_texel *in, void *dst);

/* IEEE binary16 bits -> float, exact (denormals, Inf; NaN keeps its payload). */
float tmu_half_to_float(uint16_t h);

/* float -> IEEE binary16 bits, round to nearest even; overflow gives Inf, NaN stays NaN
 * (top payload bits kept, quiet bit set when they are all zero). */
uint16_t tmu_float_to_half(float f);

/* sRGB-encoded value in [0, 1] -> linear, by the formula of docs/texture-unit.md §12 (out of
 * range inputs are clamped; NaN gives 0). */
float tmu_srgb_to_linear(float c);

/* Linear value -> sRGB-encoded value in [0, 1] (inverse of tmu_srgb_to_linear; clamped). */
float tmu_linear_to_srgb(float c);

#ifdef __cplusplus
}
#endif
#endif
