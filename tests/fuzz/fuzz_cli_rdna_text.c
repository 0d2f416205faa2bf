/* libFuzzer target: the text input of `tmu disasm --gpu gfx10|gfx10.3|gfx11 -` (tools/tmu/cli_rdna.c,
 * tmu_cli_disasm_rdna_fd, the function the CLI's standard-input path calls), on arbitrary bytes.
 * The first byte picks the generation and the output options (--show-encoding, --hex,
 * --offsets; none in most inputs, where the batched path runs), the second the size of the pieces
 * the input is read in (1..255 bytes, or the CLI's 128 KiB); the rest is the text, fed through a
 * pipe as standard input would be.
 *
 * A differential oracle in process: the batched path (runs of "0x" + 8-digit tokens read 4 per
 * AVX2 step where the CPU has it), the same without AVX2 (SSE2 pairs), and the plain per-token
 * path (TMU_CLI_RDNA_TOKENS: each token parsed alone, one instruction at a time) must write
 * byte-identical listings and byte-identical errors (FILE:LINE and message, in the same order),
 * return the same code and agree on whether something was refused.  Where the text holds no NUL
 * byte (which stops the input where it is read), the listing and errors must not depend on the
 * piece size either.  Errors are captured by pointing stderr at a memory stream for the call
 * (sanitizer reports still reach file descriptor 2). */
#define _GNU_SOURCE /* open_memstream */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "isa_cli.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

typedef struct result {
    char *out, *err;
    size_t nout, nerr;
    int rc, bad;
} result;

/* One disassembly of text[0 .. len-1] with `flags`, read `piece` bytes at a time. */
static void run_one(tmu_gcn_gen gen, unsigned flags, size_t piece, const uint8_t *text, size_t len,
                    result *r)
{
    memset(r, 0, sizeof *r);
    int fds[2];
    if (pipe(fds))
        abort();
    /* the whole text fits in the pipe's buffer (at most 16 KiB here; a pipe holds 64 KiB) */
    if (len && write(fds[1], text, len) != (ssize_t)len)
        abort();
    close(fds[1]);
    FILE *out = open_memstream(&r->out, &r->nout);
    FILE *err = open_memstream(&r->err, &r->nerr);
    if (!out || !err)
        abort();
    FILE *saved = stderr;
    stderr = err;
    r->rc = tmu_cli_disasm_rdna_fd(gen, flags, fds[0], "<stdin>", piece, out, &r->bad);
    stderr = saved;
    close(fds[0]);
    fclose(out);
    fclose(err);
}

static void same(const result *a, const result *b, const char *what)
{
    if (a->rc != b->rc || a->bad != b->bad || a->nout != b->nout || a->nerr != b->nerr ||
        memcmp(a->out, b->out, a->nout) || memcmp(a->err, b->err, a->nerr)) {
        fprintf(stderr, "fuzz_cli_rdna_text: %s differ\n-- rc %d/%d bad %d/%d\n-- listing 1:\n%.*s-- listing 2:\n%.*s"
                        "-- errors 1:\n%.*s-- errors 2:\n%.*s",
                what, a->rc, b->rc, a->bad, b->bad, (int)a->nout, a->out, (int)b->nout, b->out,
                (int)a->nerr, a->err, (int)b->nerr, b->err);
        abort();
    }
}

static void release(result *r)
{
    free(r->out);
    free(r->err);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 2 || size > 16384)
        return 0;
    tmu_cli_set_command("disasm", NULL);
    tmu_cli_set_max_errors(0); /* every error printed: all of them are compared */
    static const tmu_gcn_gen gens[3] = {TMU_GCN_GFX10, TMU_GCN_GFX103, TMU_GCN_GFX11};
    tmu_gcn_gen gen = gens[(data[0] & 3) % 3];
    /* bits 2-4: --show-encoding, --hex, --offsets, taken when bit 7 is set */
    unsigned flags = (data[0] & 0x80) ? (data[0] >> 2) & 7u : 0;
    size_t piece = data[1] == 0 ? (size_t)1 << 17 : data[1];
    const uint8_t *text = data + 2;
    size_t len = size - 2;

    result batched, tokens;
    run_one(gen, flags, piece, text, len, &batched);
    run_one(gen, flags | TMU_CLI_RDNA_TOKENS, piece, text, len, &tokens);
    same(&batched, &tokens, "the batched and the per-token paths");
    result r;
    run_one(gen, flags | TMU_CLI_RDNA_NO_AVX2, piece, text, len, &r);
    same(&r, &tokens, "the batched path without AVX2 and the per-token path");
    release(&r);
    if (piece != (size_t)1 << 17 && !memchr(text, 0, len)) {
        run_one(gen, flags, (size_t)1 << 17, text, len, &r);
        same(&r, &batched, "the listings read in small pieces and in one");
        release(&r);
    }
    release(&batched);
    release(&tokens);
    return 0;
}
