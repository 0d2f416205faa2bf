/* The layer the run commands share: byte budget, files read, files loaded, region specs
 * (cli_common.h). */
#define _XOPEN_SOURCE 700 /* fileno, fstat */
#include "cli_common.h"

#include "cli.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* ---- the byte budget ------------------------------------------------------------------- */

static uint64_t g_reserved; /* the CLI's process state: one command per process */

int tmu_cli_reserve(const char *where, const char *what, uint64_t bytes)
{
    uint64_t max = tmu_cli_max_bytes();
    if (bytes > max || g_reserved > max - bytes) {
        if (!g_reserved)
            return tmu_cli_check_bytes(where, what, bytes);
        return tmu_cli_error(where,
                             "%s needs %llu bytes; with the %llu this command holds already that is "
                             "more than the limit of %llu for all it allocates together (raise it "
                             "with tmu --max-bytes N %s ...)",
                             what, (unsigned long long)bytes, (unsigned long long)g_reserved,
                             (unsigned long long)max, tmu_cli_command());
    }
    g_reserved += bytes;
    return 0;
}

void tmu_cli_release(uint64_t bytes)
{
    g_reserved = bytes > g_reserved ? 0 : g_reserved - bytes;
}

uint64_t tmu_cli_reserved(void)
{
    return g_reserved;
}

/* ---- files read ------------------------------------------------------------------------ */

typedef struct input_file {
    dev_t dev;
    ino_t ino;
    char *name;
} input_file;

static struct {
    input_file *v;
    size_t n, cap;
} g_inputs;

const char *tmu_cli_input_named(dev_t dev, ino_t ino)
{
    for (size_t i = 0; i < g_inputs.n; i++)
        if (g_inputs.v[i].dev == dev && g_inputs.v[i].ino == ino)
            return g_inputs.v[i].name;
    return NULL;
}

static int note(const struct stat *st, const char *path)
{
    if (tmu_cli_input_named(st->st_dev, st->st_ino))
        return 0;
    if (g_inputs.n == g_inputs.cap) {
        size_t cap = g_inputs.cap ? 2 * g_inputs.cap : 16;
        input_file *v = realloc(g_inputs.v, cap * sizeof *v);
        if (!v)
            return -1;
        g_inputs.v = v, g_inputs.cap = cap;
    }
    size_t len = strlen(path) + 1;
    char *name = malloc(len);
    if (!name)
        return -1;
    memcpy(name, path, len);
    g_inputs.v[g_inputs.n++] = (input_file){st->st_dev, st->st_ino, name};
    return 0;
}

int tmu_cli_note_input_fd(int fd, const char *path)
{
    struct stat st;
    if (fd < 0 || fstat(fd, &st) != 0)
        return 0;
    return note(&st, path);
}

int tmu_cli_note_input(const char *path)
{
    struct stat st;
    if (!path || !strcmp(path, "-") || stat(path, &st) != 0)
        return 0;
    return note(&st, path);
}

void tmu_cli_inputs_clear(void)
{
    for (size_t i = 0; i < g_inputs.n; i++)
        free(g_inputs.v[i].name);
    free(g_inputs.v);
    memset(&g_inputs, 0, sizeof g_inputs);
}

/* ---- files loaded into memory ---------------------------------------------------------- */

unsigned char *tmu_cli_load(const char *path, const char *where, const char *what, size_t *len)
{
    int is_stdin = !strcmp(path, "-");
    const char *name = is_stdin ? "<stdin>" : path;
    FILE *f = is_stdin ? stdin : fopen(path, "rb");
    if (!f) {
        tmu_cli_error(name, "cannot open: %s", strerror(errno));
        return NULL;
    }
    struct stat st;
    int have_stat = fstat(fileno(f), &st) == 0;
    int regular = have_stat && S_ISREG(st.st_mode);
    if (have_stat && S_ISDIR(st.st_mode)) {
        if (!is_stdin)
            fclose(f);
        tmu_cli_error(name, "is a directory");
        return NULL;
    }
    if (!is_stdin)
        tmu_cli_note_input_fd(fileno(f), path);
    unsigned char *buf = NULL;
    size_t n = 0, cap = 0;
    uint64_t held = 0;
    int err = 0;
    if (regular) {
        /* the size is known: checked before anything is read or allocated */
        uint64_t size = (uint64_t)st.st_size;
        cap = size ? (size_t)size : 1;
        if (size > SIZE_MAX - 1) {
            tmu_cli_error(where, "%s of %llu bytes does not fit this machine's memory", what,
                          (unsigned long long)size);
            goto fail;
        }
        if (tmu_cli_reserve(where, what, cap))
            goto fail;
        held = cap;
        if (!(buf = calloc(1, cap))) {
            tmu_cli_error(where, "out of memory for %llu bytes", (unsigned long long)cap);
            goto fail;
        }
        n = fread(buf, 1, (size_t)size, f);
        if (n < size && ferror(f))
            err = errno ? errno : EIO;
    } else {
        /* a stream: read no more than the budget has left */
        uint64_t left = tmu_cli_max_bytes() - tmu_cli_reserved();
        for (;;) {
            if (n == cap) {
                size_t ncap = cap ? 2 * cap : 65536;
                if (ncap > left)
                    ncap = (size_t)left;
                if (ncap <= cap) {
                    if (fgetc(f) == EOF && !ferror(f))
                        break;
                    tmu_cli_reserve(where, what, (uint64_t)cap + 1); /* prints the error */
                    goto fail;
                }
                unsigned char *nb = realloc(buf, ncap);
                if (!nb) {
                    tmu_cli_error(where, "out of memory for %zu bytes", ncap);
                    goto fail;
                }
                buf = nb, cap = ncap;
            }
            size_t got = fread(buf + n, 1, cap - n, f);
            n += got;
            if (got == 0) {
                if (ferror(f))
                    err = errno ? errno : EIO;
                break;
            }
        }
        if (!err) {
            size_t keep = n ? n : 1;
            if (tmu_cli_reserve(where, what, keep))
                goto fail;
            held = keep;
            if (!n) {
                free(buf);
                buf = NULL;
            }
            if (!buf || keep < cap) {
                unsigned char *nb = buf ? realloc(buf, keep) : calloc(1, 1);
                if (!nb) {
                    tmu_cli_error(where, "out of memory");
                    goto fail;
                }
                buf = nb;
            }
        }
    }
    if (err) {
        tmu_cli_error(name, "cannot read: %s", strerror(err));
        goto fail;
    }
    if (!is_stdin)
        fclose(f);
    *len = n;
    return buf;
fail:
    if (!is_stdin)
        fclose(f);
    free(buf);
    tmu_cli_release(held);
    return NULL;
}

/* ---- guest-memory regions -------------------------------------------------------------- */

/* "the 48-bit address space" for a power-of-two limit, else its size in bytes */
static const char *space_name(char *buf, size_t size, uint64_t limit)
{
    unsigned bits = 0;
    while (bits < 64 && ((uint64_t)1 << bits) < limit)
        bits++;
    if (bits < 64 && ((uint64_t)1 << bits) == limit)
        snprintf(buf, size, "the %u-bit address space", bits);
    else
        snprintf(buf, size, "the address space (%llu bytes)", (unsigned long long)limit);
    return buf;
}

int tmu_cli_parse_region(const char *arg, uint64_t limit, int allow, char *buf, size_t size,
                         const char *where, int code, tmu_cli_region *r)
{
    char echo[TMU_CLI_ECHO_BUF], space[64];
    const char *form = (allow & TMU_CLI_REGION_SIZE)
                           ? ((allow & TMU_CLI_REGION_RO) ? "ADDR:SIZE[:ro] or ADDR[:ro]=FILE"
                                                          : "ADDR:SIZE or ADDR=FILE")
                           : ((allow & TMU_CLI_REGION_RO) ? "ADDR[:ro]=FILE" : "ADDR=FILE");
    memset(r, 0, sizeof *r);
    if (strlen(arg) >= size)
        return tmu_cli_report(code, where, "argument too long (%zu characters)", strlen(arg));
    memcpy(buf, arg, strlen(arg) + 1);
    char *file = strchr(buf, '=');
    if (file)
        *file++ = 0;
    char *size_text = NULL, *colon = strchr(buf, ':');
    if (colon) {
        *colon = 0;
        size_text = colon + 1;
        char *c2 = strchr(size_text, ':');
        if (!strcmp(size_text, "ro")) {
            r->read_only = 1;
            size_text = NULL;
        } else if (c2) {
            *c2 = 0;
            if (strcmp(c2 + 1, "ro"))
                return tmu_cli_report(code, where, "expected %s, got '%s'", form, tmu_cli_shorten(echo, arg));
            r->read_only = 1;
        }
    }
    if (r->read_only && !(allow & TMU_CLI_REGION_RO))
        return tmu_cli_report(code, where, "':ro' is not taken here; expected %s", form);
    if (tmu_cli_parse_hex64(buf, &r->base) || strncmp(buf, "0x", 2))
        return tmu_cli_report(code, where, "'%s' is not a 0x-prefixed hex address",
                              tmu_cli_shorten(echo, buf));
    if (r->base >= limit)
        return tmu_cli_report(code, where, "address 0x%llx is outside %s", (unsigned long long)r->base,
                              space_name(space, sizeof space, limit));
    if (file) {
        if (size_text)
            return tmu_cli_report(code, where, "give a SIZE or a FILE, not both");
        if (!*file)
            return tmu_cli_report(code, where, "empty FILE name after '='");
        r->file = file;
        return 0;
    }
    if (!(allow & TMU_CLI_REGION_SIZE) || !size_text)
        return tmu_cli_report(code, where, "expected %s, got '%s'", form, tmu_cli_shorten(echo, arg));
    if (tmu_cli_parse_bytes(size_text, limit, &r->size))
        return tmu_cli_report(code, where, "expected %s with SIZE like 4096 or 64K (at most %llu), got '%s'",
                              form, (unsigned long long)limit, tmu_cli_shorten(echo, arg));
    if (r->size == 0)
        return tmu_cli_report(code, where, "SIZE 0: a region holds at least 1 byte");
    if (r->size > limit - r->base)
        return tmu_cli_report(code, where, "region 0x%llx + %llu bytes runs past the end of %s",
                              (unsigned long long)r->base, (unsigned long long)r->size,
                              space_name(space, sizeof space, limit));
    return 0;
}
