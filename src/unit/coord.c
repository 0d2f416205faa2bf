/* Coordinates and wrapping: sampling.md §2.2 (texel selection) and §3 (address modes). */
#include <math.h>

#include "unit/internal.h"

int64_t tmu_unit_floor(float x)
{
    if (isnan(x))
        return 0;
    if (x >= 0x1p62f)
        return TMU_COORD_LIMIT;
    if (x <= -0x1p62f)
        return -TMU_COORD_LIMIT;
    return (int64_t)floorf(x);
}

float tmu_unit_frac(float x)
{
    if (!isfinite(x))
        return 0.0f;
    return x - floorf(x);
}

float tmu_unit_quantize_weight(float a, tmu_precision p)
{
    /* a is in [0, 1); a * 256 is exact (power-of-two scaling), so only the rounding differs. */
    switch (p) {
    case TMU_PRECISION_NVIDIA:
        return (float)(int32_t)(a * 256.0f + 0.5f) * (1.0f / 256.0f);
    case TMU_PRECISION_NVIDIA_TRUNC:
        return (float)(int32_t)(a * 256.0f) * (1.0f / 256.0f);
    default:
        return a;
    }
}

/* Mathematical (non-negative) modulo. */
static int64_t mod_pos(int64_t i, int64_t n)
{
    int64_t m = i % n;
    return m < 0 ? m + n : m;
}

/* mirror(n) = n for n >= 0, -(1 + n) otherwise. */
static int64_t mirror(int64_t n)
{
    return n >= 0 ? n : -(1 + n);
}

static int64_t clamp64(int64_t v, int64_t lo, int64_t hi)
{
    return v < lo ? lo : v > hi ? hi : v;
}

int32_t tmu_unit_wrap(int64_t i, uint32_t size, tmu_address mode)
{
    int64_t n = size;
    switch (mode) {
    case TMU_ADDRESS_REPEAT:
        return (int32_t)mod_pos(i, n);
    case TMU_ADDRESS_MIRRORED_REPEAT:
        return (int32_t)((n - 1) - mirror(mod_pos(i, 2 * n) - n));
    case TMU_ADDRESS_CLAMP_TO_EDGE:
        return (int32_t)clamp64(i, 0, n - 1);
    case TMU_ADDRESS_MIRROR_CLAMP_TO_EDGE:
        return (int32_t)clamp64(mirror(i), 0, n - 1);
    case TMU_ADDRESS_CLAMP_TO_BORDER:
    default:
        return (i < 0 || i >= n) ? -1 : (int32_t)i;
    }
}
