/* What the disassembly benchmarks (bench_gcn.c, bench_rdna.c) share: a seeded random stream
 * and a CPU-time clock.  Include after defining _POSIX_C_SOURCE (clock_gettime). */
#ifndef TMU_BENCH_COMMON_H
#define TMU_BENCH_COMMON_H

#include <stdint.h>
#include <time.h>

static uint64_t rng_state;

static uint64_t next(void)
{
    /* splitmix64 */
    uint64_t z = (rng_state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static double now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts); /* CPU time: fair under load */
    return ts.tv_sec * 1e9 + ts.tv_nsec;
}

#endif
