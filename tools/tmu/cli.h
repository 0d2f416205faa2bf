/* tmu CLI — shared helpers for subcommands.  The CLI is a thin shell over the
 * library: each subcommand lives in its own file and is listed in commands.def. */
#ifndef TMU_CLI_H
#define TMU_CLI_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Exit codes of every subcommand. */
enum { TMU_EXIT_OK = 0, TMU_EXIT_FAIL = 1, TMU_EXIT_USAGE = 2 };

/* A subcommand: argv[0] is the subcommand's own name.  Each handler prints
 * its usage to stdout and returns 0 when given -h or --help. */
typedef int (*tmu_cli_fn)(int argc, char **argv);

#define TMU_CMD(name, fn, summary) int fn(int argc, char **argv);
#include "commands.def"
#undef TMU_CMD

/* Prints "tmu: error: WHERE: WHAT" to stderr (WHERE may be NULL) and returns TMU_EXIT_FAIL. */
int tmu_cli_error(const char *where, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* Like tmu_cli_error, but for bad command lines; adds "(see 'tmu help CMD')" and
 * returns TMU_EXIT_USAGE. */
int tmu_cli_usage_error(const char *cmd, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* Reports an unknown name: "tmu: error: WHERE: unknown KIND 'GIVEN'; did you mean A, B or C?"
 * listing up to three valid names nearest to GIVEN (edit distance, then prefix match).
 * `names` has `count` entries.  Returns TMU_EXIT_FAIL. */
int tmu_cli_unknown_name(const char *where, const char *kind, const char *given,
                         const char *const *names, size_t count);

/* Case-insensitive Levenshtein distance between two strings. */
size_t tmu_cli_edit_distance(const char *a, const char *b);

/* True when argv-style option `arg` is -h or --help. */
int tmu_cli_is_help(const char *arg);

/* Parses a hexadecimal number ("0x" optional, '_' separators allowed) of at most 64 bits.
 * Returns 0 on success, -1 on anything else (empty, bad digit, too long). */
int tmu_cli_parse_hex64(const char *text, uint64_t *out);

/* Parses a decimal or 0x-prefixed integer in [min, max].  Returns 0 on success, -1 otherwise. */
int tmu_cli_parse_int(const char *text, long long min, long long max, long long *out);

/* Reads a whole file ("-" = stdin) into a malloc'd buffer with a terminating NUL
 * (not counted in *len).  Returns NULL and prints an error naming the path on failure. */
char *tmu_cli_read_file(const char *path, size_t *len);

/* Prints a few texture-unit samples and a gather to `out` and, when `png_path` is not NULL,
 * writes one rendered picture there (cmd_render.c).  Returns an exit code. */
int tmu_render_demo(FILE *out, const char *png_path);

#endif
