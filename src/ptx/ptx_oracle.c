/* The wrapper kernel of shared/tools/ptx_oracle.py, so one instruction line can be checked in
 * exactly the context in which ptxas's verdicts were recorded (tmu ptx check -e, the vector
 * tests). */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "tmu/ptx.h"

/* Register families the oracle declares, in its declaration order. */
static const struct {
    const char *type, *prefix;
    int count;
} families[] = {
    {".pred", "%p", 8}, {".b16", "%w", 16}, {".f16", "%h", 16}, {".f16x2", "%hh", 16},
    {".b32", "%b", 32}, {".u32", "%u", 32}, {".s32", "%r", 32}, {".f32", "%f", 32},
    {".b64", "%bd", 8}, {".u64", "%rd", 16},
};
#define NFAMILIES (sizeof(families) / sizeof(families[0]))
enum { FAMILY_U32 = 5, FAMILY_U64 = 9 };

/* Appends printf output at *n; returns -1 when `size` is exhausted. */
static int put(char *buf, size_t size, size_t *n, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
static int put(char *buf, size_t size, size_t *n, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(buf + *n, size - *n, fmt, ap);
    va_end(ap);
    if (k < 0 || (size_t)k >= size - *n)
        return -1;
    *n += (size_t)k;
    return 0;
}

tmu_status tmu_ptx_oracle_module(const char *instr, int independent, const char *target,
                                 const char *version, char *buf, size_t size, uint32_t *line)
{
    if (!instr || !target || !version || !buf || !size || !line)
        return TMU_ERR_INVALID_ARGUMENT;
    int used[NFAMILIES] = {0};
    used[FAMILY_U32] = used[FAMILY_U64] = 1; /* the wrapper itself uses %u and %rd */
    for (const char *p = instr; *p; p++) {
        if (*p != '%')
            continue;
        size_t l = 0, d = 0;
        while (p[1 + l] >= 'a' && p[1 + l] <= 'z')
            l++;
        while (p[1 + l + d] >= '0' && p[1 + l + d] <= '9')
            d++;
        for (size_t i = 0; l && d && i < NFAMILIES; i++)
            if (strlen(families[i].prefix) == l + 1 && !strncmp(families[i].prefix, p, l + 1))
                used[i] = 1;
    }
    size_t n = 0;
    uint32_t lines = independent ? 11 : 9;
    if (put(buf, size, &n, ".version %s\n.target %s%s\n.address_size 64\n\n", version, target,
            independent ? ", texmode_independent" : "") ||
        put(buf, size, &n, "%s%s\n.visible .entry k(.param .u64 out, .param .u64 th, "
                           ".param .u64 sh%s)\n{\n",
            ".global .texref t0;\n.global .texref t1;\n",
            independent ? ".global .samplerref s0;\n.global .samplerref s1;\n" : "",
            independent ? ", .param .texref pt, .param .samplerref ps" : ""))
        return TMU_ERR_BUFFER_TOO_SMALL;
    for (size_t i = 0; i < NFAMILIES; i++) {
        if (used[i] && put(buf, size, &n, "  .reg %s %s<%d>;\n", families[i].type,
                           families[i].prefix, families[i].count))
            return TMU_ERR_BUFFER_TOO_SMALL;
        lines += (uint32_t)used[i];
    }
    if (put(buf, size, &n,
            "  ld.param.u64 %%rd15, [out];\n  ld.param.u64 %%rd1, [th];\n  ld.param.u64 %%rd2, "
            "[sh];\n  // ---- instruction under test ----\n  %s\n  ret;\n}\n",
            instr))
        return TMU_ERR_BUFFER_TOO_SMALL;
    *line = lines + 5;
    return TMU_OK;
}
