/* libFuzzer target: the run commands' --input option files (tmu_cli_read_options, cli_spec.c)
 * and the "given once" layer over them (tmu_cli_claims, tmu_cli_report_twice,
 * tmu_cli_origin_report; docs/cli.md "Given once").  The input is an option file's text, read
 * from a temporary file against a small option table: a flag, two single-valued options, a
 * repeatable `slot A[+C]` that claims things A..A+C of 64 (as a register range or a T#'s SGPRs
 * would), an option the file may not hold, and `input X`, which reads the same file again one
 * level deeper (nesting stops at TMU_CLI_INPUT_DEPTH).  Every input must be read or refused with
 * an error, never read or write out of bounds, leak, hang or break the claims' invariants: each
 * thing held by a claim that exists, every claim holding a thing, no more claims than things. */
#define _POSIX_C_SOURCE 200809L /* mkstemp */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "cli_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { O_FLAG, O_VALUE, O_OTHER, O_SLOT, O_INPUT, O_CMDLINE, O_COUNT };
static const tmu_cli_option opts[O_COUNT] = {
    [O_FLAG] = {"--flag", "-f", TMU_CLI_FLAG},       [O_VALUE] = {"--value", "--val -v", TMU_CLI_VALUE},
    [O_OTHER] = {"--other", NULL, TMU_CLI_VALUE},    [O_SLOT] = {"--slot", NULL, TMU_CLI_REPEAT},
    [O_INPUT] = {"--input", NULL, TMU_CLI_REPEAT},   [O_CMDLINE] = {"--cmdline", NULL, TMU_CLI_VALUE},
};

#define THINGS 64

typedef struct ctx {
    const char *path;
    unsigned char seen[O_COUNT];
    tmu_cli_claims claims;
    tmu_cli_origin value_at;
    unsigned calls, reads;
} ctx;

#define MAX_READS 64 /* nested re-reads of the file per input (N input lines would make N^4) */

static char path[64];
static void remove_file(void)
{
    unlink(path);
}

static int apply(void *p, int k, const char *v, const char *where, int code, unsigned depth)
{
    ctx *c = p;
    c->calls++;
    if (code != TMU_EXIT_FAIL || depth < 1 || depth > TMU_CLI_INPUT_DEPTH || k == O_CMDLINE)
        abort(); /* a file's options: exit 1, depth 1.., never a command-line-only one */
    switch (k) {
    case O_VALUE: tmu_cli_origin_set(&c->value_at, where, code); return 0;
    case O_SLOT: {
        long long a, n = 0;
        char buf[64];
        const char *plus = strchr(v, '+');
        size_t alen = plus ? (size_t)(plus - v) : strlen(v);
        if (alen >= sizeof buf)
            return tmu_cli_report(code, where, "slot: too long");
        memcpy(buf, v, alen);
        buf[alen] = 0;
        if (tmu_cli_parse_int(buf, 0, THINGS - 1, &a) || (plus && tmu_cli_parse_int(plus + 1, 0, THINGS - 1 - a, &n)))
            return tmu_cli_report(code, where, "slot: expected A[+C] within %d", THINGS);
        unsigned clash = THINGS;
        const tmu_cli_origin *o = tmu_cli_claim(&c->claims, (unsigned)a, (unsigned)n + 1, where, code, &clash);
        if (!o)
            return 0;
        if (clash < (unsigned)a || clash > (unsigned)(a + n) || !c->claims.by[clash])
            abort();
        char what[32];
        snprintf(what, sizeof what, "thing %u", clash);
        return tmu_cli_report_twice(o, where, code, what);
    }
    case O_INPUT:
        if (++c->reads > MAX_READS)
            return tmu_cli_report(code, where, "fuzz: more than %d reads", MAX_READS);
        return tmu_cli_read_options(c->path, opts, O_COUNT, UINT64_C(1) << O_CMDLINE, c->seen, depth, apply, c);
    default: return 0;
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    tmu_cli_set_max_errors(1); /* errors go to stderr: print the first, count the rest */
    if (size > 4096)
        return 0;
    if (!path[0]) {
        snprintf(path, sizeof path, "/tmp/fuzz_cli_options.XXXXXX");
        int fd = mkstemp(path);
        if (fd < 0)
            abort();
        close(fd);
        atexit(remove_file);
    }
    FILE *f = fopen(path, "wb");
    if (!f)
        abort();
    if (size && fwrite(data, 1, size, f) != size)
        abort();
    fclose(f);
    ctx c;
    memset(&c, 0, sizeof c);
    c.path = path;
    if (tmu_cli_claims_init(&c.claims, THINGS))
        abort();
    c.seen[O_OTHER] = 1; /* as if --other had been given on the command line: refused in the file */
    int rc = tmu_cli_read_options(path, opts, O_COUNT, UINT64_C(1) << O_CMDLINE, c.seen, 0, apply, &c);
    if (rc != 0 && rc != TMU_EXIT_FAIL)
        abort();
    /* the claims: each held thing names a claim that exists; each claim holds a thing */
    if (c.claims.nat > c.claims.n)
        abort();
    unsigned char held[THINGS] = {0};
    for (unsigned i = 0; i < THINGS; i++) {
        if (c.claims.by[i] > c.claims.nat)
            abort();
        if (c.claims.by[i])
            held[c.claims.by[i] - 1] = 1;
    }
    for (unsigned i = 0; i < c.claims.nat; i++)
        if (!held[i])
            abort();
    if (c.value_at.code) /* a later check on --value reports where it was given: exit 1 */
        if (tmu_cli_origin_report(&c.value_at, "--value", "fuzz: checked") != TMU_EXIT_FAIL)
            abort();
    tmu_cli_claims_free(&c.claims);
    return 0;
}
