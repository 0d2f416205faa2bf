/* tmu CLI — shared helpers (errors, name suggestions, number parsing, file input). */
#include "cli.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

int tmu_cli_error(const char *where, const char *fmt, ...)
{
    va_list ap;
    fputs("tmu: error: ", stderr);
    if (where && *where)
        fprintf(stderr, "%s: ", where);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    return TMU_EXIT_FAIL;
}

int tmu_cli_usage_error(const char *cmd, const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "tmu: error: %s: ", cmd);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, " (see 'tmu help %s')\n", cmd);
    return TMU_EXIT_USAGE;
}

size_t tmu_cli_edit_distance(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    if (la > 256 || lb > 256)
        return (size_t)-1;
    size_t row[257];
    for (size_t j = 0; j <= lb; j++)
        row[j] = j;
    for (size_t i = 1; i <= la; i++) {
        size_t diag = row[0];
        row[0] = i;
        for (size_t j = 1; j <= lb; j++) {
            size_t up = row[j];
            size_t cost = tolower((unsigned char)a[i - 1]) != tolower((unsigned char)b[j - 1]);
            size_t best = diag + cost;
            if (row[j] + 1 < best)
                best = row[j] + 1;
            if (row[j - 1] + 1 < best)
                best = row[j - 1] + 1;
            row[j] = best;
            diag = up;
        }
    }
    return row[lb];
}

static int has_prefix_ci(const char *s, const char *prefix)
{
    for (; *prefix; prefix++, s++)
        if (tolower((unsigned char)*s) != tolower((unsigned char)*prefix))
            return 0;
    return 1;
}

int tmu_cli_unknown_name(const char *where, const char *kind, const char *given,
                         const char *const *names, size_t count)
{
    /* Rank: names starting with `given` first, then by edit distance. */
    size_t best[3] = {0, 0, 0}, score[3] = {(size_t)-1, (size_t)-1, (size_t)-1};
    for (size_t i = 0; i < count; i++) {
        size_t s = tmu_cli_edit_distance(given, names[i]);
        if (*given && has_prefix_ci(names[i], given))
            s = 0;
        for (int k = 0; k < 3; k++) {
            if (s < score[k]) {
                for (int m = 2; m > k; m--) {
                    score[m] = score[m - 1];
                    best[m] = best[m - 1];
                }
                score[k] = s;
                best[k] = i;
                break;
            }
        }
    }
    fputs("tmu: error: ", stderr);
    if (where && *where)
        fprintf(stderr, "%s: ", where);
    fprintf(stderr, "unknown %s '%s'", kind, given);
    int shown = 0;
    for (int k = 0; k < 3; k++)
        if (score[k] != (size_t)-1)
            shown++;
    for (int k = 0; k < shown; k++)
        fprintf(stderr, "%s'%s'", k == 0 ? "; did you mean " : (k == shown - 1 ? " or " : ", "),
                names[best[k]]);
    fputs(shown ? "?\n" : "\n", stderr);
    return TMU_EXIT_FAIL;
}

int tmu_cli_is_help(const char *arg)
{
    return arg && (!strcmp(arg, "-h") || !strcmp(arg, "--help"));
}

int tmu_cli_parse_hex64(const char *text, uint64_t *out)
{
    if (!text)
        return -1;
    if (text[0] == '0' && (text[1] == 'x' || text[1] == 'X'))
        text += 2;
    uint64_t v = 0;
    int digits = 0;
    for (; *text; text++) {
        if (*text == '_')
            continue;
        int d;
        if (*text >= '0' && *text <= '9')
            d = *text - '0';
        else if (*text >= 'a' && *text <= 'f')
            d = *text - 'a' + 10;
        else if (*text >= 'A' && *text <= 'F')
            d = *text - 'A' + 10;
        else
            return -1;
        if (digits == 16)
            return -1;
        if (digits > 0 || d != 0)
            digits++;
        v = (v << 4) | (uint64_t)d;
    }
    if (digits == 0 && v != 0)
        return -1;
    *out = v;
    return 0;
}

int tmu_cli_parse_int(const char *text, long long min, long long max, long long *out)
{
    if (!text || !*text)
        return -1;
    errno = 0;
    char *end = NULL;
    long long v = strtoll(text, &end, 0);
    if (errno || *end || v < min || v > max)
        return -1;
    *out = v;
    return 0;
}

char *tmu_cli_read_file(const char *path, size_t *len)
{
    FILE *f = strcmp(path, "-") ? fopen(path, "rb") : stdin;
    if (!f) {
        tmu_cli_error(path, "cannot open: %s", strerror(errno));
        return NULL;
    }
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap);
    while (buf) {
        size_t got = fread(buf + n, 1, cap - n - 1, f);
        n += got;
        if (got == 0)
            break;
        if (n + 1 == cap) {
            char *nb = realloc(buf, cap * 2);
            if (!nb) {
                free(buf);
                buf = NULL;
                break;
            }
            buf = nb;
            cap *= 2;
        }
    }
    int err = ferror(f);
    if (f != stdin)
        fclose(f);
    if (!buf || err) {
        free(buf);
        tmu_cli_error(path, "cannot read%s", buf ? "" : ": out of memory");
        return NULL;
    }
    buf[n] = '\0';
    if (len)
        *len = n;
    return buf;
}
