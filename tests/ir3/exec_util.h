/* Helpers of the ir3 execution tests: a small PRNG, assembling and executing one line,
 * float <-> register bits. */
#ifndef TMU_TEST_IR3_EXEC_UTIL_H
#define TMU_TEST_IR3_EXEC_UTIL_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "tmu/ir3.h"
#include "tmu/ir3_exec.h"

static inline uint64_t xr_next(uint64_t *s)
{
    /* splitmix64 */
    uint64_t z = (*s += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

static inline uint32_t xr_below(uint64_t *s, uint32_t n)
{
    return n ? (uint32_t)(xr_next(s) % n) : 0;
}

static inline uint32_t fbits(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

static inline float bitsf(uint32_t u)
{
    float f;
    memcpy(&f, &u, 4);
    return f;
}

static inline tmu_ir3_wave *new_wave(uint32_t gpu, uint32_t fibers)
{
    tmu_ir3_wave *w = calloc(1, sizeof *w);
    assert_non_null(w);
    tmu_diag d;
    if (tmu_ir3_wave_init(w, gpu, fibers, &d) != TMU_OK)
        fail_msg("wave_init(%u, %u): %s", gpu, fibers, d.message);
    return w;
}

static inline uint64_t asm_word(uint32_t gpu, const char *text)
{
    uint64_t word = 0;
    tmu_diag d;
    if (tmu_ir3_assemble(text, gpu, &word, &d) != TMU_OK)
        fail_msg("assemble '%s': %s", text, d.message);
    return word;
}

/* Assembles and executes `text`; returns the status (message in *d). */
static inline tmu_status exec_text(tmu_ir3_wave *w, const tmu_ir3_bindings *b, const char *text, tmu_ir3_step *step,
                                   tmu_diag *d)
{
    return tmu_ir3_execute(w, b, asm_word(w->gpu_id, text), step, d);
}

/* Executes `text` and fails the test unless it succeeds. */
static inline void exec_ok(tmu_ir3_wave *w, const tmu_ir3_bindings *b, const char *text, tmu_ir3_step *step)
{
    tmu_diag d;
    tmu_status st = exec_text(w, b, text, step, &d);
    if (st != TMU_OK)
        fail_msg("'%s': %s: %s", text, tmu_status_str(st), d.message);
}

/* Executes `text` and checks it fails with `want` and a message containing `msg`. */
static inline void exec_fails(tmu_ir3_wave *w, const tmu_ir3_bindings *b, const char *text, tmu_status want,
                              const char *msg)
{
    tmu_diag d;
    tmu_status st = exec_text(w, b, text, NULL, &d);
    if (st != want || !strstr(d.message, msg))
        fail_msg("'%s': got %s '%s', want %s '...%s...'", text, tmu_status_str(st), d.message, tmu_status_str(want),
                 msg);
}

static inline void set_active(tmu_ir3_wave *w, uint64_t lo, uint64_t hi)
{
    w->active[0] = lo;
    w->active[1] = hi;
}

static inline int is_active(const tmu_ir3_wave *w, unsigned f)
{
    return (int)((w->active[f >> 6] >> (f & 63)) & 1);
}

#endif
