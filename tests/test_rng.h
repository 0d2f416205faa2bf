/* The tests' random cases: Marsaglia's xorshift64 (shifts 13, 7, 17), 32 bits taken from bit 16
 * of the state.  A test defines TEST_RNG_SEED (its own seed, which fixes its cases) and includes
 * this header once; it gets rnd(), below(n) (uniform-ish in [0, n), 0 for n = 0) and
 * frange(lo, hi) (24-bit steps in [lo, hi)).  Single-threaded test code: the state is the
 * test's. */
#ifndef TMU_TEST_RNG_H
#define TMU_TEST_RNG_H

#include <stdint.h>

#ifndef TEST_RNG_SEED
#error "define TEST_RNG_SEED before including test_rng.h"
#endif

static uint64_t rng_state = TEST_RNG_SEED;

static inline uint32_t rnd(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (uint32_t)(rng_state >> 16);
}

static inline uint32_t below(uint32_t n)
{
    return n ? rnd() % n : 0;
}

static inline float frange(float lo, float hi)
{
    return lo + (hi - lo) * (float)(rnd() & 0xffffff) / 16777216.0f;
}

#endif
