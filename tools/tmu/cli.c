/* tmu CLI — the shared conventions: errors, usage, strict numbers, options, safe input and
 * output files (see cli.h). */
#define _XOPEN_SOURCE 700 /* mkstemp, fsync, realpath, fchmod, dup2, isatty */
#include "cli.h"
#include "cli_common.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <float.h>
#include <math.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* ---- process state (the CLI is single-threaded) ------------------------------------- */

static struct {
    const char *command;
    void (*help)(FILE *out);
    tmu_cli_fn handler;
    unsigned long max_errors, printed, held_back;
    uint64_t max_pixels, max_bytes;
} g_cli = {NULL, NULL, NULL, TMU_CLI_MAX_ERRORS, 0, 0, TMU_CLI_DEFAULT_MAX_PIXELS,
           TMU_CLI_DEFAULT_MAX_BYTES};

void tmu_cli_set_command(const char *name, void (*help)(FILE *out))
{
    g_cli.command = name;
    g_cli.help = help;
}

void tmu_cli_set_handler(tmu_cli_fn fn)
{
    g_cli.handler = fn;
}

const char *tmu_cli_command(void)
{
    return g_cli.command ? g_cli.command : "tmu";
}

void tmu_cli_set_max_errors(unsigned long max)
{
    g_cli.max_errors = max;
}

unsigned long tmu_cli_error_count(void)
{
    return g_cli.printed + g_cli.held_back;
}

void tmu_cli_set_limits(uint64_t max_pixels, uint64_t max_bytes)
{
    g_cli.max_pixels = max_pixels;
    g_cli.max_bytes = max_bytes;
}

uint64_t tmu_cli_max_bytes(void)
{
    return g_cli.max_bytes;
}

/* ---- diagnostics --------------------------------------------------------------------- */

static void print_usage_lines(void);

static void vdiag(const char *severity, const char *where, const char *fmt, va_list ap)
{
    if (g_cli.max_errors && g_cli.printed >= g_cli.max_errors) {
        g_cli.held_back++;
        return;
    }
    g_cli.printed++;
    char line[TMU_CLI_LINE_MAX];
    size_t n = 0;
    int k;
    if (g_cli.command)
        k = snprintf(line, sizeof line, "tmu: %s: %s: ", severity, g_cli.command);
    else
        k = snprintf(line, sizeof line, "tmu: %s: ", severity);
    n = k > 0 ? (size_t)k : 0;
    if (where && *where && n < sizeof line) {
        k = snprintf(line + n, sizeof line - n, "%s: ", where);
        n += k > 0 ? (size_t)k : 0;
    }
    if (n < sizeof line) {
        k = vsnprintf(line + n, sizeof line - n, fmt, ap);
        n += k > 0 ? (size_t)k : 0;
    }
    if (n >= sizeof line) { /* truncated: end in "..." */
        n = sizeof line - 1;
        memcpy(line + n - 3, "...", 3);
    }
    line[n] = 0;
    for (size_t i = 0; i < n; i++)
        if ((unsigned char)line[i] < 0x20 || line[i] == 0x7f)
            line[i] = '?';
    fflush(stdout); /* keep stdout and stderr in order when both go to one place */
    fputs(line, stderr);
    fputc('\n', stderr);
}

int tmu_cli_error(const char *where, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vdiag("error", where, fmt, ap);
    va_end(ap);
    return TMU_EXIT_FAIL;
}

int tmu_cli_report(int exit_code, const char *where, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    unsigned long before = g_cli.printed;
    vdiag("error", where, fmt, ap);
    va_end(ap);
    if (exit_code == TMU_EXIT_USAGE && g_cli.printed != before)
        print_usage_lines();
    return exit_code;
}

int tmu_cli_warning(const char *where, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vdiag("warning", where, fmt, ap);
    va_end(ap);
    return TMU_EXIT_OK;
}

/* The "usage:" paragraph of the current command's help (up to the first blank line). */
static void print_usage_lines(void)
{
    char *text = NULL;
    FILE *f = g_cli.help ? tmpfile() : NULL;
    if (f) {
        g_cli.help(f);
        long size = fseek(f, 0, SEEK_END) == 0 ? ftell(f) : -1;
        if (size >= 0 && (text = malloc((size_t)size + 1)) != NULL) {
            rewind(f);
            text[fread(text, 1, (size_t)size, f)] = 0;
        }
        fclose(f);
    } else if (g_cli.handler && g_cli.command) {
        /* the handler's own --help, with the state it may change put back afterwards */
        char name[64];
        snprintf(name, sizeof name, "%.*s", (int)strcspn(g_cli.command, " "), g_cli.command);
        char *argv[] = {name, "--help", NULL};
        const char *command = g_cli.command;
        tmu_cli_fn handler = g_cli.handler;
        text = tmu_cli_capture(handler, 2, argv);
        g_cli.command = command;
        g_cli.handler = handler;
        g_cli.help = NULL;
    }
    const char *u = text ? strstr(text, "usage:") : NULL;
    if (u) {
        const char *end = strstr(u, "\n\n");
        size_t n = end ? (size_t)(end - u) + 1 : strlen(u);
        fwrite(u, 1, n, stderr);
        if (n && u[n - 1] != '\n')
            fputc('\n', stderr);
    }
    free(text);
    if (g_cli.command)
        fprintf(stderr, "Run 'tmu help %.*s' for details.\n",
                (int)strcspn(g_cli.command, " "), g_cli.command);
    else
        fputs("Run 'tmu help' for the list of commands.\n", stderr);
}

int tmu_cli_usage_error(const char *where, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    unsigned long before = g_cli.printed;
    vdiag("error", where, fmt, ap);
    va_end(ap);
    if (g_cli.printed != before)
        print_usage_lines();
    return TMU_EXIT_USAGE;
}

void tmu_cli_finish(void)
{
    tmu_cli_inputs_clear();
    if (!g_cli.held_back)
        return;
    fflush(stdout);
    if (g_cli.command)
        fprintf(stderr, "tmu: error: %s: %lu more error%s not shown (tmu --max-errors 0 shows all)\n",
                g_cli.command, g_cli.held_back, g_cli.held_back == 1 ? "" : "s");
    else
        fprintf(stderr, "tmu: error: %lu more error%s not shown\n", g_cli.held_back,
                g_cli.held_back == 1 ? "" : "s");
    g_cli.held_back = 0;
}

const char *tmu_cli_shorten_n(char buf[TMU_CLI_ECHO_BUF], const char *text, size_t len)
{
    size_t n = len > TMU_CLI_ECHO_MAX ? TMU_CLI_ECHO_MAX : len;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)text[i];
        buf[i] = (c < 0x20 || c == 0x7f) ? '?' : (char)c;
    }
    if (len > n)
        snprintf(buf + n, TMU_CLI_ECHO_BUF - n, "...(%zu bytes)", len);
    else
        buf[n] = 0;
    return buf;
}

const char *tmu_cli_shorten(char buf[TMU_CLI_ECHO_BUF], const char *text)
{
    return tmu_cli_shorten_n(buf, text ? text : "", text ? strlen(text) : 0);
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

const char *tmu_cli_unknown_text(char *buf, size_t size, const char *kind, const char *given,
                                 const char *const *names, size_t count)
{
    /* Rank: names starting with `given` first, then by edit distance. */
    size_t best[3] = {0, 0, 0}, score[3] = {(size_t)-1, (size_t)-1, (size_t)-1};
    for (size_t i = 0; i < count; i++) {
        size_t s = tmu_cli_edit_distance(given, names[i]);
        if (*given && has_prefix_ci(names[i], given))
            s = 0;
        if (s == (size_t)-1)
            continue;
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
    char echo[TMU_CLI_ECHO_BUF];
    int k = snprintf(buf, size, "unknown %s '%s'", kind, tmu_cli_shorten(echo, given));
    size_t n = k > 0 ? (size_t)k : 0;
    int shown = 0;
    for (int j = 0; j < 3; j++)
        if (score[j] != (size_t)-1)
            shown++;
    for (int j = 0; j < shown && n < size; j++) {
        k = snprintf(buf + n, size - n, "%s'%s'",
                     j == 0 ? "; did you mean " : (j == shown - 1 ? " or " : ", "), names[best[j]]);
        n += k > 0 ? (size_t)k : 0;
    }
    if (shown && n < size)
        snprintf(buf + n, size - n, "?");
    return buf;
}

int tmu_cli_unknown_name(const char *where, const char *kind, const char *given,
                         const char *const *names, size_t count)
{
    char text[512];
    tmu_cli_unknown_text(text, sizeof text, kind, given, names, count);
    return tmu_cli_usage_error(where, "%s", text);
}

int tmu_cli_is_help(const char *arg)
{
    return arg && (!strcmp(arg, "-h") || !strcmp(arg, "--help"));
}

/* ---- numbers ------------------------------------------------------------------------- */

static int hex_digit(int c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

int tmu_cli_parse_hex64(const char *text, uint64_t *out)
{
    if (!text)
        return -1;
    if (text[0] == '0' && (text[1] == 'x' || text[1] == 'X'))
        text += 2;
    uint64_t v = 0;
    int digits = 0, any = 0, prev_sep = 1;
    for (; *text; text++) {
        if (*text == '_') {
            if (prev_sep) /* no leading or doubled separators */
                return -1;
            prev_sep = 1;
            continue;
        }
        int d = hex_digit((unsigned char)*text);
        if (d < 0)
            return -1;
        prev_sep = 0;
        any = 1;
        if (digits > 0 || d != 0)
            digits++;
        if (digits > 16)
            return -1;
        v = (v << 4) | (uint64_t)d;
    }
    if (!any || prev_sep)
        return -1;
    *out = v;
    return 0;
}

int tmu_cli_parse_int(const char *text, long long min, long long max, long long *out)
{
    if (!text || !*text)
        return -1;
    const char *p = text;
    int neg = 0;
    if (*p == '-') {
        if (min >= 0)
            return -1;
        neg = 1;
        p++;
    }
    uint64_t v = 0, limit = neg ? (uint64_t)0 - (uint64_t)min : (uint64_t)(max < 0 ? 0 : max);
    if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
        if (neg || !p[2])
            return -1;
        for (p += 2; *p; p++) {
            int d = hex_digit((unsigned char)*p);
            if (d < 0 || v > (UINT64_MAX >> 4))
                return -1;
            v = v << 4 | (uint64_t)d;
            if (v > limit)
                return -1;
        }
    } else {
        if (!*p || (p[0] == '0' && p[1])) /* empty, or a leading zero (octal-looking) */
            return -1;
        for (; *p; p++) {
            if (*p < '0' || *p > '9')
                return -1;
            unsigned d = (unsigned)(*p - '0');
            if (v > (UINT64_MAX - d) / 10)
                return -1;
            v = v * 10 + d;
            if (v > limit)
                return -1;
        }
    }
    long long r;
    if (neg)
        r = v == (uint64_t)0 - (uint64_t)INT64_MIN ? INT64_MIN : -(long long)v;
    else
        r = (long long)v;
    if (r < min || r > max)
        return -1;
    *out = r;
    return 0;
}

static int is_special_float(const char *t)
{
    if (*t == '-' || *t == '+')
        t++;
    static const char *const words[] = {"nan", "inf", "infinity"};
    for (int i = 0; i < 3; i++) {
        size_t n = strlen(words[i]);
        size_t k = 0;
        while (k < n && t[k] && tolower((unsigned char)t[k]) == words[i][k])
            k++;
        if (k == n && !t[k])
            return 1;
    }
    return 0;
}

int tmu_cli_parse_float(const char *text, double min, double max, int allow_special, float *out)
{
    if (!text || !*text || isspace((unsigned char)text[0]))
        return -1;
    if (is_special_float(text)) {
        if (!allow_special)
            return -1;
        *out = (float)strtod(text, NULL); /* nan / inf convert to float exactly */
        return 0;
    }
    /* only digits, '.', exponents, signs and hex floats: no "nan(...)" or locale forms */
    for (const char *p = text; *p; p++)
        if (!isxdigit((unsigned char)*p) && !strchr(".+-xXpP", *p))
            return -1;
    char *end = NULL;
    errno = 0;
    double d = strtod(text, &end);
    if (end == text || *end)
        return -1;
    if (errno == ERANGE && fabs(d) > 1.0) /* overflow; underflow to 0 is fine */
        return -1;
    if (!isfinite(d) || fabs(d) > (double)FLT_MAX || d < min || d > max)
        return -1;
    *out = (float)d;
    return 0;
}

int tmu_cli_parse_floats(const char *text, int n, double min, double max, float *out)
{
    if (!text)
        return -1;
    float tmp[16];
    if (n < 1 || n > 16)
        return -1;
    const char *p = text;
    for (int i = 0; i < n; i++) {
        const char *comma = strchr(p, ',');
        size_t len = comma ? (size_t)(comma - p) : strlen(p);
        if ((i + 1 < n) != (comma != NULL) || len == 0 || len >= 64)
            return -1;
        char word[64];
        memcpy(word, p, len);
        word[len] = 0;
        if (tmu_cli_parse_float(word, min, max, 0, &tmp[i]))
            return -1;
        p = comma ? comma + 1 : p + len;
    }
    memcpy(out, tmp, (size_t)n * sizeof *out);
    return 0;
}

int tmu_cli_parse_bytes(const char *text, uint64_t max, uint64_t *out)
{
    if (!text || !*text)
        return -1;
    size_t n = strlen(text);
    uint64_t mul = 1;
    char last = text[n - 1];
    if (last == 'K' || last == 'k')
        mul = 1024;
    else if (last == 'M' || last == 'm')
        mul = 1024 * 1024;
    else if (last == 'G' || last == 'g')
        mul = 1024 * 1024 * 1024;
    if (mul != 1)
        n--;
    if (!n || n > 20)
        return -1;
    char word[24];
    memcpy(word, text, n);
    word[n] = 0;
    long long v;
    if (tmu_cli_parse_int(word, 0, INT64_MAX, &v))
        return -1;
    if ((uint64_t)v > UINT64_MAX / mul || (uint64_t)v * mul > max)
        return -1;
    *out = (uint64_t)v * mul;
    return 0;
}

int tmu_cli_parse_dims(const char *text, int min_dims, int max_dims, uint32_t max, uint32_t out[3],
                       int *ndims)
{
    if (!text || max_dims < 1 || max_dims > 3)
        return -1;
    uint32_t v[3] = {1, 1, 1};
    int n = 0;
    const char *p = text;
    for (;;) {
        const char *x = strchr(p, 'x');
        size_t len = x ? (size_t)(x - p) : strlen(p);
        if (n >= max_dims || len == 0 || len > 12)
            return -1;
        char word[16];
        memcpy(word, p, len);
        word[len] = 0;
        long long k;
        if (tmu_cli_parse_int(word, 1, max, &k))
            return -1;
        v[n++] = (uint32_t)k;
        if (!x)
            break;
        p = x + 1;
    }
    if (n < min_dims)
        return -1;
    memcpy(out, v, sizeof v);
    if (ndims)
        *ndims = n;
    return 0;
}

int tmu_cli_opt_int(const char *opt, const char *text, long long min, long long max,
                    long long *out)
{
    if (tmu_cli_parse_int(text, min, max, out) == 0)
        return 0;
    char echo[TMU_CLI_ECHO_BUF];
    return tmu_cli_usage_error(opt, "'%s' is not an integer in [%lld, %lld] (decimal or 0x hex)",
                               tmu_cli_shorten(echo, text), min, max);
}

int tmu_cli_opt_float(const char *opt, const char *text, double min, double max, float *out)
{
    if (tmu_cli_parse_float(text, min, max, 0, out) == 0)
        return 0;
    char echo[TMU_CLI_ECHO_BUF];
    return tmu_cli_usage_error(opt, "'%s' is not a number in [%g, %g]",
                               tmu_cli_shorten(echo, text), min, max);
}

/* ---- options ------------------------------------------------------------------------- */

void tmu_cli_args_init(tmu_cli_args *a, int argc, char **argv, const tmu_cli_option *opts,
                       size_t nopts)
{
    memset(a, 0, sizeof *a);
    a->argc = argc;
    a->argv = argv;
    a->i = 1;
    a->opts = opts;
    a->nopts = nopts > sizeof a->seen ? sizeof a->seen : nopts;
}

/* True when one of the space-separated spellings in `names` is the len bytes at arg. */
static int name_is(const char *names, const char *arg, size_t len)
{
    while (names && *names) {
        size_t n = strcspn(names, " ");
        if (n == len && !strncmp(names, arg, len))
            return 1;
        names += n;
        while (*names == ' ')
            names++;
    }
    return 0;
}

int tmu_cli_next(tmu_cli_args *a, const char **value)
{
    *value = NULL;
    for (;;) {
        if (a->i >= a->argc)
            return TMU_CLI_END;
        const char *arg = a->argv[a->i++];
        if (a->after_dashdash || arg[0] != '-' || !arg[1]) {
            *value = arg;
            return TMU_CLI_ARG;
        }
        if (!strcmp(arg, "--")) {
            a->after_dashdash = 1;
            continue;
        }
        if (a->numbers_positional && (isdigit((unsigned char)arg[1]) || arg[1] == '.')) {
            *value = arg;
            return TMU_CLI_ARG;
        }
        if (tmu_cli_is_help(arg))
            return TMU_CLI_HELP;
        const char *eq = strchr(arg, '=');
        size_t len = eq ? (size_t)(eq - arg) : strlen(arg);
        size_t k;
        for (k = 0; k < a->nopts; k++)
            if (name_is(a->opts[k].name, arg, len) || name_is(a->opts[k].alias, arg, len))
                break;
        char echo[TMU_CLI_ECHO_BUF];
        if (k == a->nopts) {
            const char *names[64];
            size_t n = 0;
            for (size_t j = 0; j < a->nopts; j++)
                if (a->opts[j].name && *a->opts[j].name)
                    names[n++] = a->opts[j].name;
            char word[TMU_CLI_ECHO_BUF], where[32];
            tmu_cli_shorten_n(word, arg, len);
            snprintf(where, sizeof where, "argument %d", a->i - 1);
            tmu_cli_unknown_name(where, "option", word, names, n);
            return TMU_CLI_ERROR;
        }
        const tmu_cli_option *o = &a->opts[k];
        if (o->kind == TMU_CLI_FLAG) {
            if (eq) {
                tmu_cli_usage_error(o->name, "this option takes no value (got '%s')",
                                    tmu_cli_shorten(echo, eq + 1));
                return TMU_CLI_ERROR;
            }
            a->seen[k] = 1;
            return (int)k;
        }
        if (eq) {
            *value = eq + 1;
        } else if (a->i < a->argc) {
            *value = a->argv[a->i++];
        } else {
            tmu_cli_usage_error(o->name, "this option needs a value");
            return TMU_CLI_ERROR;
        }
        if (o->kind == TMU_CLI_VALUE && a->seen[k]) {
            tmu_cli_usage_error(o->name, "option given twice (it takes one value)");
            return TMU_CLI_ERROR;
        }
        a->seen[k] = 1;
        return (int)k;
    }
}

int tmu_cli_once(tmu_cli_seen *seen, const char *opt)
{
    for (unsigned i = 0; i < seen->n; i++)
        if (!strcmp(seen->names[i], opt))
            return tmu_cli_usage_error(opt, "option given twice (it takes one value)");
    if (seen->n < sizeof seen->names / sizeof seen->names[0])
        seen->names[seen->n++] = opt;
    return 0;
}

/* ---- input --------------------------------------------------------------------------- */

char *tmu_cli_read_file(const char *path, size_t *len)
{
    int is_stdin = !strcmp(path, "-");
    const char *where = is_stdin ? "<stdin>" : path;
    FILE *f = is_stdin ? stdin : fopen(path, "rb");
    if (!f) {
        tmu_cli_error(where, "cannot open: %s", strerror(errno));
        return NULL;
    }
    struct stat st;
    if (fstat(fileno(f), &st) == 0) {
        if (S_ISDIR(st.st_mode)) {
            if (!is_stdin)
                fclose(f);
            tmu_cli_error(where, "is a directory");
            return NULL;
        }
        /* a regular file's size is known: refused before a byte is read */
        if (S_ISREG(st.st_mode) && (uint64_t)st.st_size > TMU_CLI_INPUT_MAX) {
            if (!is_stdin)
                fclose(f);
            tmu_cli_error(where, "input larger than %zu MiB; not read", TMU_CLI_INPUT_MAX >> 20);
            return NULL;
        }
    }
    if (!is_stdin)
        tmu_cli_note_input_fd(fileno(f), path);
    size_t cap = 4096, n = 0;
    /* a regular file: one buffer of its size (+ the NUL and one byte to see the end), so a
     * large input is read without the copies of a growing buffer */
    if (fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0 &&
        (uint64_t)st.st_size < TMU_CLI_INPUT_MAX) {
        off_t at = is_stdin ? lseek(fileno(f), 0, SEEK_CUR) : 0;
        if (at >= 0 && at <= st.st_size)
            cap = (size_t)(st.st_size - at) + 2;
    }
    char *buf = malloc(cap);
    int too_big = 0, err = 0;
    while (buf) {
        size_t got = fread(buf + n, 1, cap - n - 1, f);
        n += got;
        if (got == 0)
            break;
        if (n + 1 == cap) {
            if (cap > TMU_CLI_INPUT_MAX) { /* more than TMU_CLI_INPUT_MAX bytes */
                too_big = 1;
                break;
            }
            size_t ncap = cap * 2 > TMU_CLI_INPUT_MAX + 1 ? TMU_CLI_INPUT_MAX + 1 : cap * 2;
            char *nb = realloc(buf, ncap);
            if (!nb) {
                free(buf);
                buf = NULL;
                break;
            }
            buf = nb;
            cap = ncap;
        }
    }
    if (ferror(f))
        err = errno ? errno : EIO;
    if (!is_stdin)
        fclose(f);
    if (!buf || err || too_big) {
        free(buf);
        if (too_big)
            tmu_cli_error(where, "input larger than %zu MiB; not read", TMU_CLI_INPUT_MAX >> 20);
        else if (!buf)
            tmu_cli_error(where, "cannot read: out of memory");
        else
            tmu_cli_error(where, "cannot read: %s", strerror(err));
        return NULL;
    }
    buf[n] = '\0';
    if (len)
        *len = n;
    return buf;
}

int tmu_cli_asm_lines(int npositional, char *const *positional, const char *input,
                      tmu_cli_line_fn line_fn, void *ctx)
{
    int bad = 0;
    if (npositional && !(npositional == 1 && !strcmp(positional[0], "-"))) {
        for (int i = 0; i < npositional && bad >= 0; i++) {
            int r = line_fn(ctx, "argument", (unsigned)i + 1, positional[i], strlen(positional[i]));
            bad = r < 0 ? -1 : bad | r;
        }
    } else {
        const char *path = input ? input : "-";
        const char *where = strcmp(path, "-") ? path : "<stdin>";
        size_t len;
        char *buf = tmu_cli_read_file(path, &len);
        if (!buf) {
            bad = 1;
        } else {
            unsigned line = 1;
            size_t start = 0;
            for (size_t i = 0; i <= len && bad >= 0; i++) {
                if (i == len || buf[i] == '\n') {
                    int r = line_fn(ctx, where, line, buf + start, i - start);
                    bad = r < 0 ? -1 : bad | r;
                    line++;
                    start = i + 1;
                }
            }
            free(buf);
        }
    }
    if (bad < 0)
        return tmu_cli_error(NULL, "out of memory");
    return bad ? TMU_EXIT_FAIL : TMU_EXIT_OK;
}

const char *tmu_cli_asm_where(char *buf, size_t size, const char *where, unsigned line, unsigned column)
{
    int arg = !strcmp(where, "argument");
    if (column)
        snprintf(buf, size, arg ? "%s %u, column %u" : "%s:%u:%u", where, line, column);
    else
        snprintf(buf, size, arg ? "%s %u" : "%s:%u", where, line);
    return buf;
}

int tmu_cli_asm_skip_line(const char *text, size_t *len)
{
    size_t i = 0, n = *len;
    while (i < n && (text[i] == ' ' || text[i] == '\t' || text[i] == '\r'))
        i++;
    if (i == n || text[i] == ';' || text[i] == '#' ||
        (text[i] == '/' && i + 1 < n && text[i + 1] == '/'))
        return 1;
    while (n > 0 && text[n - 1] == '\r')
        n--;
    *len = n;
    return 0;
}

/* ---- output -------------------------------------------------------------------------- */

/* The temporary file being written, removed if a signal ends the process. */
static char *volatile g_tmp_path;

static void on_signal(int sig)
{
    if (g_tmp_path)
        unlink(g_tmp_path);
    signal(sig, SIG_DFL);
    raise(sig);
}

static void watch_tmp(char *path)
{
    static int installed;
    g_tmp_path = path;
    if (!installed && path) {
        installed = 1;
        signal(SIGINT, on_signal);
        signal(SIGTERM, on_signal);
        signal(SIGHUP, on_signal);
        signal(SIGPIPE, on_signal);
    }
}

int tmu_cli_output_is_stdout(const tmu_cli_output *o)
{
    return o->kind == 0;
}

int tmu_cli_output_open(tmu_cli_output *o, const char *path, int binary,
                        const char *const *inputs, size_t ninputs)
{
    memset(o, 0, sizeof *o);
    o->path = path;
    if (!path || !*path)
        return tmu_cli_error("output", "empty file name");
    if (!strcmp(path, "-")) {
        if (binary && isatty(STDOUT_FILENO))
            return tmu_cli_error("<stdout>", "refusing to write binary data to a terminal; "
                                             "redirect it or name a file");
        o->f = stdout;
        o->kind = 0;
        return 0;
    }
    struct stat st, lst;
    int exists = stat(path, &st) == 0;
    if (!exists && errno != ENOENT)
        return tmu_cli_error(path, "cannot write: %s", strerror(errno));
    if (!exists && lstat(path, &lst) == 0)
        return tmu_cli_error(path, "is a symbolic link to a missing file; not written");
    const char *read_before = exists ? tmu_cli_input_named(st.st_dev, st.st_ino) : NULL;
    if (read_before)
        return tmu_cli_error(path, "is also an input (%s); write the output elsewhere", read_before);
    for (size_t i = 0; exists && i < ninputs; i++) {
        struct stat in;
        if (inputs[i] && strcmp(inputs[i], "-") && stat(inputs[i], &in) == 0 &&
            in.st_dev == st.st_dev && in.st_ino == st.st_ino)
            return tmu_cli_error(path, "is also an input (%s); write the output elsewhere",
                                 inputs[i]);
    }
    /* standard input redirected from the output file (tmu asm -o p.s < p.s) */
    struct stat in0;
    if (exists && S_ISREG(st.st_mode) && fstat(STDIN_FILENO, &in0) == 0 &&
        in0.st_dev == st.st_dev && in0.st_ino == st.st_ino)
        return tmu_cli_error(path, "is also standard input; write the output elsewhere");
    if (exists && S_ISDIR(st.st_mode))
        return tmu_cli_error(path, "is a directory");
    if (exists && !S_ISREG(st.st_mode)) {
        /* a device, FIFO or socket: write through a stream; never create, truncate or remove */
        int fd = open(path, O_WRONLY | O_NOCTTY);
        if (fd < 0)
            return tmu_cli_error(path, "cannot open for writing: %s", strerror(errno));
        o->f = fdopen(fd, binary ? "wb" : "w");
        if (!o->f) {
            close(fd);
            return tmu_cli_error(path, "cannot open for writing: %s", strerror(errno));
        }
        o->kind = 2;
        return 0;
    }
    /* a regular file (or none yet): a temporary file beside the target, renamed at the end */
    if (exists) {
        o->target = realpath(path, NULL); /* a symbolic link keeps pointing at the new file */
        o->mode = (int)(st.st_mode & 07777);
    } else {
        o->target = malloc(strlen(path) + 1);
        if (o->target)
            strcpy(o->target, path);
        mode_t mask = umask(0);
        umask(mask);
        o->mode = (int)(0666 & ~mask);
    }
    if (!o->target)
        return tmu_cli_error(path, "cannot resolve: %s", strerror(errno));
    const char *slash = strrchr(o->target, '/');
    size_t dirlen = slash ? (size_t)(slash - o->target) + 1 : 0;
    const char *base = o->target + dirlen;
    o->tmp = malloc(dirlen + strlen(base) + 16);
    if (!o->tmp) {
        free(o->target);
        o->target = NULL;
        return tmu_cli_error(path, "out of memory");
    }
    memcpy(o->tmp, o->target, dirlen);
    sprintf(o->tmp + dirlen, ".%s.tmu-XXXXXX", base);
    int fd = mkstemp(o->tmp);
    if (fd < 0) {
        int e = errno;
        free(o->tmp);
        free(o->target);
        o->tmp = o->target = NULL;
        return tmu_cli_error(path, "cannot create a temporary file beside it: %s", strerror(e));
    }
    watch_tmp(o->tmp);
    o->f = fdopen(fd, "wb");
    if (!o->f) {
        close(fd);
        unlink(o->tmp);
        watch_tmp(NULL);
        free(o->tmp);
        free(o->target);
        o->tmp = o->target = NULL;
        return tmu_cli_error(path, "cannot write: %s", strerror(errno));
    }
    o->kind = 1;
    return 0;
}

/* tmu_cli_write_words for n words of `size` bytes (4: uint32_t, 8: uint64_t). */
static int write_code(int rc, const char *text, const char *binary, const char *input,
                      const void *words, size_t n, size_t size,
                      void (*listing)(FILE *f, void *ctx), void *ctx)
{
    const char *inputs[2] = {input, NULL};
    int text_file = text && strcmp(text, "-");
    if (!text_file)
        listing(stdout, ctx);
    if (rc == TMU_EXIT_OK)
        rc = tmu_cli_check_outputs(text_file ? text : "-", binary);
    if (rc != TMU_EXIT_OK || (!text_file && !binary))
        return rc;
    tmu_cli_output f = {0}, b = {0};
    if (text_file)
        rc = tmu_cli_output_open(&f, text, 0, inputs, 1);
    inputs[1] = text_file ? text : NULL;
    if (rc == TMU_EXIT_OK && binary)
        rc = tmu_cli_output_open(&b, binary, 1, inputs, 2);
    if (rc == TMU_EXIT_OK) {
        if (text_file)
            listing(f.f, ctx);
        for (size_t i = 0; binary && i < n; i++) {
            uint64_t w = size == 4 ? ((const uint32_t *)words)[i] : ((const uint64_t *)words)[i];
            unsigned char le[8];
            for (size_t k = 0; k < size; k++)
                le[k] = (unsigned char)(w >> (8 * k));
            fwrite(le, 1, size, b.f);
        }
    }
    int r1 = tmu_cli_output_close(&f, rc == TMU_EXIT_OK);
    int r2 = tmu_cli_output_close(&b, rc == TMU_EXIT_OK && r1 == TMU_EXIT_OK);
    if (rc == TMU_EXIT_OK)
        rc = r1 != TMU_EXIT_OK ? r1 : r2;
    return rc;
}

int tmu_cli_write_words(int rc, const char *text, const char *binary, const char *input,
                        const uint64_t *words, size_t n, void (*listing)(FILE *f, void *ctx),
                        void *ctx)
{
    return write_code(rc, text, binary, input, words, n, 8, listing, ctx);
}

int tmu_cli_write_dwords(int rc, const char *text, const char *binary, const char *input,
                         const uint32_t *dwords, size_t n, void (*listing)(FILE *f, void *ctx),
                         void *ctx)
{
    return write_code(rc, text, binary, input, dwords, n, 4, listing, ctx);
}

int tmu_cli_check_outputs(const char *text, const char *binary)
{
    if (!text || !binary)
        return 0;
    if (!strcmp(text, "-") && !strcmp(binary, "-"))
        return tmu_cli_usage_error("--binary", "standard output already takes the listing; give "
                                               "-o FILE or --binary FILE");
    struct stat a, b;
    if (!strcmp(text, binary) || (stat(text, &a) == 0 && stat(binary, &b) == 0 &&
                                  a.st_dev == b.st_dev && a.st_ino == b.st_ino))
        return tmu_cli_usage_error("--binary", "'%s' is also the -o file; name two files", binary);
    return 0;
}

int tmu_cli_output_close(tmu_cli_output *o, int ok)
{
    int rc = TMU_EXIT_OK;
    if (!o->f)
        return rc;
    const char *where = o->kind == 0 ? "<stdout>" : o->path;
    if (o->kind == 0) {
        if (fflush(stdout) != 0 || ferror(stdout))
            rc = tmu_cli_error(where, "cannot write: %s", strerror(errno ? errno : EIO));
    } else if (o->kind == 2) {
        if (fflush(o->f) != 0 || ferror(o->f))
            rc = tmu_cli_error(where, "cannot write: %s", strerror(errno ? errno : EIO));
        if (fclose(o->f) != 0 && rc == TMU_EXIT_OK)
            rc = tmu_cli_error(where, "cannot write: %s", strerror(errno ? errno : EIO));
    } else {
        int fd = fileno(o->f);
        if (ok) {
            errno = 0;
            if (fflush(o->f) != 0 || ferror(o->f) || fsync(fd) != 0 ||
                fchmod(fd, (mode_t)o->mode) != 0)
                rc = tmu_cli_error(where, "cannot write: %s", strerror(errno ? errno : EIO));
        }
        struct stat written;
        long long bytes = ok && rc == TMU_EXIT_OK && fstat(fd, &written) == 0 ? (long long)written.st_size : -1;
        if (fclose(o->f) != 0 && ok && rc == TMU_EXIT_OK)
            rc = tmu_cli_error(where, "cannot write: %s", strerror(errno ? errno : EIO));
        if (ok && rc == TMU_EXIT_OK && rename(o->tmp, o->target) != 0)
            rc = tmu_cli_error(where, "cannot replace: %s", strerror(errno));
        if (ok && rc == TMU_EXIT_OK)
            fprintf(stderr, "tmu: %s: wrote %s (%lld bytes%s%s)\n", g_cli.command ? g_cli.command : "tmu",
                    o->path, bytes, o->note[0] ? ", " : "", o->note);
        if (!ok || rc != TMU_EXIT_OK)
            unlink(o->tmp);
        watch_tmp(NULL);
        free(o->tmp);
        free(o->target);
        o->tmp = o->target = NULL;
    }
    o->f = NULL;
    return rc;
}

void tmu_cli_json_string(FILE *f, const char *text)
{
    fputc('"', f);
    for (const unsigned char *t = (const unsigned char *)text; *t; t++) {
        if (*t == '"' || *t == '\\')
            fprintf(f, "\\%c", *t);
        else if (*t < 0x20 || *t >= 0x7f)
            fprintf(f, "\\u%04x", *t);
        else
            fputc(*t, f);
    }
    fputc('"', f);
}

/* ---- sparse textures ------------------------------------------------------------------ */

void tmu_cli_sparse_free(tmu_cli_sparse *s)
{
    free(s->maps);
    tmu_cli_release(s->reserved);
    memset(s, 0, sizeof *s);
}

int tmu_cli_sparse_parse(const char *where, const char *text, const tmu_texture *shape, tmu_cli_sparse *out)
{
    char echo[TMU_CLI_ECHO_BUF];
    memset(out, 0, sizeof *out);
    const char *colon = strchr(text, ':');
    size_t n = colon ? (size_t)(colon - text) : strlen(text);
    char tile[64];
    uint32_t t[3] = {1, 1, 1};
    int nd = 0;
    int is3d = shape->dim == TMU_DIM_3D;
    if (n >= sizeof tile)
        n = sizeof tile - 1;
    memcpy(tile, text, n);
    tile[n] = 0;
    if (tmu_cli_parse_dims(tile, 2, is3d ? 3 : 2, 65536, t, &nd) || !t[0] || !t[1] || !t[2])
        return tmu_cli_error(where, "sparse=%s: expected a tile size TWxTH%s then :L/X/Y%s+... (non-resident "
                             "tiles)", tmu_cli_shorten(echo, text), is3d ? "[xTD]" : "", is3d ? "/Z" : "[/LAYER]");
    if (shape->levels == 0 || shape->levels > TMU_MAX_LEVELS)
        return tmu_cli_error(where, "sparse=: the texture has no levels");
    size_t off[TMU_MAX_LEVELS + 1], cnt[TMU_MAX_LEVELS][3];
    off[0] = 0;
    for (uint32_t l = 0; l < shape->levels; l++) {
        uint32_t w = tmu_level_size(shape->width, l), h = tmu_level_size(shape->height, l);
        uint32_t z = is3d ? tmu_level_size(shape->depth, l) : shape->layers;
        cnt[l][0] = (w + t[0] - 1) / t[0], cnt[l][1] = (h + t[1] - 1) / t[1];
        cnt[l][2] = is3d ? (z + t[2] - 1) / t[2] : z;
        off[l + 1] = off[l] + cnt[l][0] * cnt[l][1] * cnt[l][2];
    }
    uint64_t bytes = off[shape->levels] ? off[shape->levels] : 1;
    if (tmu_cli_reserve(where, "the residency map", bytes)) /* in the command's total */
        return TMU_EXIT_FAIL;
    out->reserved = bytes;
    out->maps = malloc((size_t)bytes);
    if (!out->maps) {
        tmu_cli_sparse_free(out);
        return tmu_cli_error(where, "out of memory for the residency map");
    }
    memset(out->maps, 1, off[shape->levels]);
    out->res.tile_w = t[0], out->res.tile_h = t[1], out->res.tile_d = is3d ? t[2] : 1;
    for (uint32_t l = 0; l < shape->levels; l++)
        out->res.map[l] = out->maps + off[l];
    for (const char *p = colon ? colon + 1 : NULL; p;) {
        size_t len = strcspn(p, "+");
        char item[64];
        long long v[4] = {0, 0, 0, 0};
        int k = 0;
        if (len == 0 || len >= sizeof item)
            goto bad;
        memcpy(item, p, len);
        item[len] = 0;
        for (char *q = item, *slash;; q = slash + 1) {
            slash = strchr(q, '/');
            if (slash)
                *slash = 0;
            if (k == 4 || tmu_cli_parse_int(q, 0, 0xffffffffll, &v[k++]))
                goto bad;
            if (!slash)
                break;
        }
        if (k < 3 || v[0] >= shape->levels || (size_t)v[1] >= cnt[v[0]][0] || (size_t)v[2] >= cnt[v[0]][1] ||
            (size_t)v[3] >= cnt[v[0]][2]) {
            memcpy(item, p, len);
            item[len] = 0;
            tmu_cli_sparse_free(out);
            return tmu_cli_error(where, "sparse=: tile '%s' is not L/X/Y[/Z] of the texture (levels 0..%u; "
                                 "level 0 has %zux%zux%zu tiles of %ux%ux%u)", tmu_cli_shorten(echo, item),
                                 shape->levels - 1, cnt[0][0], cnt[0][1], cnt[0][2], t[0], t[1],
                                 is3d ? t[2] : 1);
        }
        out->maps[off[v[0]] + ((size_t)v[3] * cnt[v[0]][1] + (size_t)v[2]) * cnt[v[0]][0] + (size_t)v[1]] = 0;
        p = p[len] ? p + len + 1 : NULL;
        continue;
    bad:
        tmu_cli_sparse_free(out);
        return tmu_cli_error(where, "sparse=%s: expected tiles L/X/Y[/Z] joined by '+' after the ':'",
                             tmu_cli_shorten(echo, text));
    }
    return 0;
}

/* ---- progress ------------------------------------------------------------------------ */

static double now_seconds(void)
{
    struct timespec ts;
    if (clock_gettime(CLOCK_MONOTONIC, &ts) != 0)
        return 0.0;
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

void tmu_cli_progress_start(tmu_cli_progress *p, const char *what)
{
    const char *env = getenv("TMU_PROGRESS");
    memset(p, 0, sizeof *p);
    p->what = what;
    if (env && !strcmp(env, "always"))
        p->mode = 2;
    else if (!(env && !strcmp(env, "never")) && isatty(STDERR_FILENO))
        p->mode = 1;
    p->start = now_seconds();
    p->next = p->start + (p->mode == 2 ? 0.0 : 1.0);
}

void tmu_cli_progress_update(tmu_cli_progress *p, uint64_t done, uint64_t total)
{
    if (!p->mode)
        return;
    double t = now_seconds();
    if (t < p->next)
        return;
    p->next = t + 0.25;
    unsigned pct = total ? (unsigned)(done * 100 / total) : 0;
    const char *cmd = g_cli.command ? g_cli.command : "tmu";
    if (p->mode == 1) {
        fprintf(stderr, "\rtmu: %s: %s %u%%\033[K", cmd, p->what, pct);
        p->shown = 1;
    } else {
        fprintf(stderr, "tmu: %s: %s %u%%\n", cmd, p->what, pct);
    }
    fflush(stderr);
}

void tmu_cli_progress_end(tmu_cli_progress *p)
{
    if (p->shown) {
        fputs("\r\033[K", stderr);
        fflush(stderr);
    }
    p->shown = 0;
}

/* ---- limits -------------------------------------------------------------------------- */

int tmu_cli_check_pixels(const char *where, uint64_t width, uint64_t height)
{
    if (width && height > g_cli.max_pixels / width)
        return tmu_cli_error(where,
                             "%llux%llu pixels is more than the limit of %llu (raise it with "
                             "tmu --max-pixels N %s ...)",
                             (unsigned long long)width, (unsigned long long)height,
                             (unsigned long long)g_cli.max_pixels, tmu_cli_command());
    return 0;
}

int tmu_cli_check_bytes(const char *where, const char *what, uint64_t bytes)
{
    if (bytes > g_cli.max_bytes)
        return tmu_cli_error(where,
                             "%s needs %llu bytes, more than the limit of %llu (raise it with "
                             "tmu --max-bytes N %s ...)",
                             what, (unsigned long long)bytes, (unsigned long long)g_cli.max_bytes,
                             tmu_cli_command());
    return 0;
}

/* ---- help capture ---------------------------------------------------------------------- */

char *tmu_cli_capture(tmu_cli_fn fn, int argc, char **argv)
{
    FILE *tmp = tmpfile();
    if (!tmp)
        return NULL;
    fflush(stdout);
    int saved = dup(STDOUT_FILENO);
    if (saved < 0 || dup2(fileno(tmp), STDOUT_FILENO) < 0) {
        if (saved >= 0)
            close(saved);
        fclose(tmp);
        return NULL;
    }
    fn(argc, argv);
    fflush(stdout);
    dup2(saved, STDOUT_FILENO);
    close(saved);
    long size = fseek(tmp, 0, SEEK_END) == 0 ? ftell(tmp) : -1;
    char *text = size >= 0 ? malloc((size_t)size + 1) : NULL;
    if (text) {
        rewind(tmp);
        size_t n = fread(text, 1, (size_t)size, tmp);
        text[n] = 0;
    }
    fclose(tmp);
    return text;
}
