/* The wrapper kernel in which the project's ptxas verdicts for single instruction lines were
 * recorded (by an oracle script that runs ptxas on it; docs/ptx-checker.md describes it), so
 * one line can be checked in exactly that context (tmu ptx check -e, the vector tests). */
#include <ctype.h>
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

/* How a destination register is stored to keep it alive: store type and size, by register
 * prefix (longest first, as "%hh" before "%h"). */
static const struct {
    const char *prefix, *type;
    unsigned size;
} stores[] = {
    {"%hh", "b32", 4}, {"%h", "b16", 2},  {"%w", "b16", 2},  {"%rd", "u64", 8}, {"%r", "s32", 4},
    {"%u", "u32", 4},  {"%bd", "b64", 8}, {"%b", "b32", 4},  {"%f", "f32", 4},  {"%p", "pred", 4},
};

/* A register token at p: '%', lower-case letters, digits.  Returns its length (0 if none) and
 * the letters' count in *letters. */
static size_t reg_token(const char *p, size_t *letters)
{
    size_t l = 0, d = 0;
    if (*p != '%')
        return 0;
    while (p[1 + l] >= 'a' && p[1 + l] <= 'z')
        l++;
    while (p[1 + l + d] >= '0' && p[1 + l + d] <= '9')
        d++;
    *letters = l;
    return l && d ? 1 + l + d : 0;
}

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
        size_t l, n = reg_token(p, &l);
        for (size_t i = 0; n && i < NFAMILIES; i++)
            if (strlen(families[i].prefix) == l + 1 && !strncmp(families[i].prefix, p, l + 1))
                used[i] = 1;
        if (n)
            p += n - 1;
    }
    /* the line without surrounding blanks */
    const char *b = instr, *e = instr + strlen(instr);
    while (b < e && isspace((unsigned char)*b))
        b++;
    while (e > b && isspace((unsigned char)e[-1]))
        e--;
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
            "[sh];\n  // ---- instruction under test ----\n  %.*s\n"
            "  // ---- keep results alive ----\n",
            (int)(e - b), b))
        return TMU_ERR_BUFFER_TOO_SMALL;
    /* destination registers: the registers of the first operand (up to the first ',' outside
     * braces and brackets) after the opcode and an optional guard "@%pN " / "@!%pN " */
    const char *end = e;
    while (end > b && end[-1] == ';')
        end--;
    const char *p = b;
    if (*p == '@') {
        const char *q = p + 1 + (p[1] == '!');
        size_t l, k = reg_token(q, &l);
        if (k && l == 1 && q[1] == 'p' && q + k < end && isspace((unsigned char)q[k])) {
            p = q + k;
            while (p < end && isspace((unsigned char)*p))
                p++;
        }
    }
    while (p < end && !isspace((unsigned char)*p)) /* the opcode */
        p++;
    const char *ops = p;
    while (ops < end && isspace((unsigned char)*ops))
        ops++;
    int has_ops = p < end && ops > p; /* blanks after the opcode (then anything) */
    unsigned off = 0;
    int depth = 0;
    for (const char *q = ops; has_ops && q < end; q++) {
        if (*q == '{' || *q == '[')
            depth++;
        else if (*q == '}' || *q == ']')
            depth--;
        else if (*q == ',' && depth == 0)
            break;
        size_t l, k = reg_token(q, &l);
        if (!k)
            continue;
        for (size_t i = 0; i < sizeof stores / sizeof stores[0]; i++) {
            if (strlen(stores[i].prefix) != l + 1 || strncmp(stores[i].prefix, q, l + 1))
                continue;
            int bad = strcmp(stores[i].type, "pred") == 0
                          ? put(buf, size, &n,
                                "  selp.u32 %%u31, 1, 0, %.*s;\n  st.global.u32 [%%rd15+%u], %%u31;\n",
                                (int)k, q, off)
                          : put(buf, size, &n, "  st.global.%s [%%rd15+%u], %.*s;\n", stores[i].type,
                                off, (int)k, q);
            if (bad)
                return TMU_ERR_BUFFER_TOO_SMALL;
            off += stores[i].size;
        }
        q += k - 1;
    }
    if (put(buf, size, &n, "  ret;\n}\n"))
        return TMU_ERR_BUFFER_TOO_SMALL;
    *line = lines + 5;
    return TMU_OK;
}
