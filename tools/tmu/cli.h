/* tmu CLI — the conventions every subcommand follows, and the helpers that implement them.
 * The CLI is a thin shell over the library: each subcommand lives in its own file and is
 * listed in commands.def.
 *
 * Conventions (llvm-mc / objdump habits):
 *   - Exit status 0 = success, 1 = the input was bad or the verdict is "rejected",
 *     2 = the command line was wrong (then the command's "usage:" lines go to stderr).
 *   - Every error is one line on stderr:  tmu: error: COMMAND: WHERE: WHAT
 *     (COMMAND e.g. "disasm" or "ptx check"; WHERE a file:line, an option, "argument 3";
 *     warnings say "warning" instead of "error").  Echoed input is shortened
 *     (tmu_cli_shorten), a line never exceeds TMU_CLI_LINE_MAX bytes, and after
 *     `tmu --max-errors N` errors (default TMU_CLI_MAX_ERRORS) the rest are counted and
 *     summed up in one last line.
 *   - Numbers parse strictly: decimal or 0x hex, no empty word, no octal, no wrap-around,
 *     every value range-checked (floats too: finite, in range, never cast out of range).
 *   - "-" names standard input or output; "--" ends the options; a single-valued option
 *     given twice is an error; "--opt=value" and "--opt value" are the same.
 *   - Output files are written through tmu_cli_output: a temporary file beside the target,
 *     fsync'd and renamed over it, so no file is truncated, overwritten or removed unless
 *     the whole output is ready; an output that is also an input is refused; devices,
 *     FIFOs and other non-regular targets are written through a stream tmu opens and are
 *     never removed.
 * The CLI is single-threaded; the state kept here (command name, error count) is the
 * process's, never the library's. */
#ifndef TMU_CLI_H
#define TMU_CLI_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "tmu/texture.h"

/* Exit codes of every subcommand. */
enum { TMU_EXIT_OK = 0, TMU_EXIT_FAIL = 1, TMU_EXIT_USAGE = 2 };

/* A subcommand: argv[0] is the subcommand's own name.  Each handler prints its help to
 * stdout and returns 0 when given -h or --help. */
typedef int (*tmu_cli_fn)(int argc, char **argv);

#define TMU_CMD(name, fn, summary) int fn(int argc, char **argv);
#include "commands.def"
#undef TMU_CMD

/* ---- which command is running ------------------------------------------------------ */

/* Names the running command in every error ("ptx check") and gives the function that
 * prints its help (may be NULL); usage errors print that help's "usage:" lines to stderr.
 * main() sets the command from commands.def; commands refine it for subcommands. */
void tmu_cli_set_command(const char *name, void (*help)(FILE *out));
/* The name set by tmu_cli_set_command ("tmu" before any). */
const char *tmu_cli_command(void);
/* The handler whose `--help` output gives the usage lines when no help function was set
 * (main() sets it to the running command, so every command gets usage lines). */
void tmu_cli_set_handler(tmu_cli_fn fn);

/* ---- errors ------------------------------------------------------------------------- */

/* Longest diagnostic line printed (longer ones end in "..."). */
#define TMU_CLI_LINE_MAX 1024
/* Errors printed before the rest are only counted (tmu --max-errors N changes it). */
#define TMU_CLI_MAX_ERRORS 50
/* Characters of an input token echoed in a message (tmu_cli_shorten). */
#define TMU_CLI_ECHO_MAX 48

/* Prints "tmu: error: COMMAND: WHERE: WHAT" on stderr (WHERE NULL or "" leaves it out) and
 * returns TMU_EXIT_FAIL.  Control characters are shown as '?'. */
int tmu_cli_error(const char *where, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* tmu_cli_error when exit_code is TMU_EXIT_FAIL, tmu_cli_usage_error when it is
 * TMU_EXIT_USAGE (for checks shared by the command line and input files); returns exit_code. */
int tmu_cli_report(int exit_code, const char *where, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* Prints "tmu: warning: COMMAND: WHERE: WHAT" on stderr; returns TMU_EXIT_OK. */
int tmu_cli_warning(const char *where, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* A bad command line: prints the error like tmu_cli_error, then the command's "usage:"
 * lines and "Run 'tmu help COMMAND' for details." on stderr; returns TMU_EXIT_USAGE. */
int tmu_cli_usage_error(const char *where, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* Writes "unknown KIND 'GIVEN'; did you mean 'A', 'B' or 'C'?" into buf (up to three valid
 * names nearest to GIVEN: prefix matches first, then by edit distance) and returns buf. */
const char *tmu_cli_unknown_text(char *buf, size_t size, const char *kind, const char *given,
                                 const char *const *names, size_t count);

/* An unknown name on the command line: tmu_cli_usage_error(WHERE, unknown_text).
 * Returns TMU_EXIT_USAGE. */
int tmu_cli_unknown_name(const char *where, const char *kind, const char *given,
                         const char *const *names, size_t count);

/* Copies `text` into buf (at least TMU_CLI_ECHO_MAX + 24 bytes) for echoing in a message:
 * at most TMU_CLI_ECHO_MAX characters, then "...(N bytes)"; control characters become '?'.
 * Returns buf. */
/* Issue 29 item 16: one meaning per pattern name.  In tmu sample / render, 'gradient' is an RGBA8
 * picture; the run commands' pattern whose texels are their own coordinates is 'coords', and
 * they answer 'gradient' with this message. */
#define TMU_CLI_GRADIENT_IS_COORDS                                                                 \
    "'gradient' is the RGBA8 picture of tmu sample and tmu render; the pattern whose texels are "  \
    "their own coordinates (r32g32b32a32_float) is 'coords'"

#define TMU_CLI_ECHO_BUF (TMU_CLI_ECHO_MAX + 32)
const char *tmu_cli_shorten(char buf[TMU_CLI_ECHO_BUF], const char *text);
/* The same for `len` bytes that need not end in NUL. */
const char *tmu_cli_shorten_n(char buf[TMU_CLI_ECHO_BUF], const char *text, size_t len);

/* Sets how many errors are printed before the rest are only counted (0 = no limit). */
void tmu_cli_set_max_errors(unsigned long max);
/* Errors (and warnings) reported so far. */
unsigned long tmu_cli_error_count(void);
/* Prints "tmu: error: COMMAND: N more errors not shown" when errors were held back.  main()
 * calls it once the command returns. */
void tmu_cli_finish(void);

/* Case-insensitive Levenshtein distance between two strings ((size_t)-1 past 256 chars). */
size_t tmu_cli_edit_distance(const char *a, const char *b);

/* True when argv-style option `arg` is -h or --help. */
int tmu_cli_is_help(const char *arg);

/* ---- strict numbers -----------------------------------------------------------------
 * The tmu_cli_parse_* functions return 0 on success and -1 on any bad text, writing nothing;
 * the tmu_cli_opt_* wrappers print a usage error naming OPT and the accepted range instead
 * and return TMU_EXIT_USAGE (0 on success). */

/* A hexadecimal number of at most 64 bits: "0x" optional, '_' between digits allowed, at
 * least one digit. */
int tmu_cli_parse_hex64(const char *text, uint64_t *out);

/* An integer in [min, max]: decimal ("-" only when min < 0) or 0x-prefixed hex.  Refused:
 * empty text, spaces, '+', leading zeros (octal-looking "010"), overflow, trailing text. */
int tmu_cli_parse_int(const char *text, long long min, long long max, long long *out);

/* A finite float in [min, max] (decimal or C hex-float syntax); values beyond float's range
 * are refused, never converted.  With allow_special, "nan", "inf" and "-inf" are accepted
 * too (and not range-checked). */
int tmu_cli_parse_float(const char *text, double min, double max, int allow_special, float *out);

/* `n` floats separated by commas ("1,0,1,1"), each as tmu_cli_parse_float. */
int tmu_cli_parse_floats(const char *text, int n, double min, double max, float *out);

/* A byte count: a decimal integer with an optional K, M or G suffix (powers of 1024), at
 * most max. */
int tmu_cli_parse_bytes(const char *text, uint64_t max, uint64_t *out);

/* A size "W", "WxH" or "WxHxD" with between min_dims and max_dims numbers, each 1..max;
 * missing ones are 1.  *ndims (may be NULL) receives how many were written. */
int tmu_cli_parse_dims(const char *text, int min_dims, int max_dims, uint32_t max, uint32_t out[3],
                       int *ndims);

int tmu_cli_opt_int(const char *opt, const char *text, long long min, long long max,
                    long long *out);
int tmu_cli_opt_float(const char *opt, const char *text, double min, double max, float *out);

/* ---- options ------------------------------------------------------------------------ */

enum {
    TMU_CLI_FLAG = 0,   /* takes no value */
    TMU_CLI_VALUE = 1,  /* takes one value; given twice is an error */
    TMU_CLI_REPEAT = 2, /* takes a value each time and may be given again */
};

/* One option a command accepts: `name` ("--gpu"), other spellings separated by spaces or NULL
 * (e.g. "-mcpu --mcpu"; "-mcpu=gfx9" works as "--gpu=gfx9"), and its kind. */
typedef struct tmu_cli_option {
    const char *name;
    const char *alias;
    int kind;
} tmu_cli_option;

/* Results of tmu_cli_next besides an option index. */
enum {
    TMU_CLI_ARG = -1,   /* a positional argument (in *value); "-" is one */
    TMU_CLI_END = -2,   /* no more arguments */
    TMU_CLI_ERROR = -3, /* a usage error was printed: return TMU_EXIT_USAGE */
    TMU_CLI_HELP = -4,  /* -h / --help: print the help and return TMU_EXIT_OK */
};

typedef struct tmu_cli_args {
    int argc, i;
    char **argv;
    const tmu_cli_option *opts;
    size_t nopts;
    unsigned char seen[64]; /* per option: given already */
    int after_dashdash;     /* "--" seen: everything is positional */
    int numbers_positional; /* "-5", "-.5,1" are positional arguments, not options */
} tmu_cli_args;

/* Starts parsing argv[1..argc-1] against `opts` (at most 64). */
void tmu_cli_args_init(tmu_cli_args *a, int argc, char **argv, const tmu_cli_option *opts,
                       size_t nopts);

/* The next argument: returns the index in opts of an option (its value, if it takes one, in
 * *value, from "--opt=value" or the next argument), or TMU_CLI_ARG, TMU_CLI_END, TMU_CLI_ERROR
 * (unknown option, missing value, value given to a flag, single-valued option repeated) or
 * TMU_CLI_HELP. */
int tmu_cli_next(tmu_cli_args *a, const char **value);

/* For hand-written loops (render, sample): remembers option names; returns TMU_EXIT_USAGE
 * after printing "option OPT given twice" when `opt` was seen before, else 0. */
typedef struct tmu_cli_seen {
    const char *names[48];
    unsigned n;
} tmu_cli_seen;
int tmu_cli_once(tmu_cli_seen *seen, const char *opt);

/* ---- input ------------------------------------------------------------------------ */

/* Largest input file read (bytes); larger inputs are refused before they fill memory. */
#define TMU_CLI_INPUT_MAX ((size_t)1 << 30)

/* Reads a whole file ("-" = stdin) into a malloc'd buffer with a terminating NUL (not
 * counted in *len); a regular file larger than TMU_CLI_INPUT_MAX is refused before it is read.
 * The file is recorded as an input (tmu_cli_note_input_fd: no output may be it).  Returns NULL
 * and prints an error naming the path on failure. */
char *tmu_cli_read_file(const char *path, size_t *len);

/* One line of an assembler's input, not NUL-terminated (its '\n' left out): WHERE is "argument"
 * or the file's name ("<stdin>"), line counts from 1.  Returns 0, 1 after reporting an error in
 * the line, or -1 when out of memory. */
typedef int (*tmu_cli_line_fn)(void *ctx, const char *where, unsigned line, const char *text,
                               size_t len);

/* The input step of `asm`: gives `line_fn` each positional argument (line = its number), or,
 * when there are none or just "-", each line of the file `input` (NULL or "-" = stdin), until
 * one runs out of memory.  Returns TMU_EXIT_OK, or TMU_EXIT_FAIL when a line failed, the file
 * could not be read (reported) or memory ran out (reported here). */
int tmu_cli_asm_lines(int npositional, char *const *positional, const char *input,
                      tmu_cli_line_fn line_fn, void *ctx);

/* Writes where a problem in an assembler line is: "argument N, column C" for an argument
 * (`where` "argument", line N), else "FILE:LINE:COL" (column 0 leaves it out); returns buf. */
const char *tmu_cli_asm_where(char *buf, size_t size, const char *where, unsigned line, unsigned column);

/* True when an assembler line is blank or a comment (';', '#' or '//' after blanks); else
 * trims the '\r's at its end from *len and returns 0. */
int tmu_cli_asm_skip_line(const char *text, size_t *len);

/* ---- output ----------------------------------------------------------------------- */

/* An output file being written: write to `f`, then tmu_cli_output_close. */
typedef struct tmu_cli_output {
    FILE *f;
    const char *path; /* as given; "-" = stdout */
    char *target;     /* malloc'd: the file the temporary one replaces (symlinks resolved) */
    char *tmp;        /* malloc'd: the temporary file beside the target, or NULL */
    int kind;         /* 0 stdout, 1 temporary + rename, 2 stream to a non-regular file */
    int mode;         /* permissions to give the new file */
    char note[160];   /* optional: what was written, added to the "wrote" status line */
} tmu_cli_output;

/* Opens an output: "-" = stdout (refused when `binary` and stdout is a terminal); a regular
 * or new file = a temporary file beside it; a device, FIFO or other non-regular file = the
 * file itself, opened for writing without truncating or creating it.  `inputs` (ninputs
 * paths, NULL entries and "-" skipped) are files the command reads: an output that is one of
 * them, or any file recorded by tmu_cli_note_input (every tmu_cli_read_file and tmu_cli_load
 * records its file), is refused.  Returns 0, or TMU_EXIT_FAIL after printing an error. */
int tmu_cli_output_open(tmu_cli_output *o, const char *path, int binary,
                        const char *const *inputs, size_t ninputs);

/* Finishes an output.  ok != 0: flush, fsync and rename the temporary file over the target
 * (or flush the stream) and say so on stderr: "tmu: COMMAND: wrote PATH (N bytes[, note])"
 * for a file (nothing for standard output, a device or a FIFO); ok == 0: remove the
 * temporary file, leaving the target as it was.
 * Returns TMU_EXIT_OK, or TMU_EXIT_FAIL after printing an error (then nothing was replaced).
 * Safe to call on a zeroed or already-closed output. */
int tmu_cli_output_close(tmu_cli_output *o, int ok);

/* Two outputs of one command (`text` and `binary`, either NULL for none, "-" = stdout) must
 * not be the same file (same name, or an existing file under two names) nor both standard
 * output.  Returns 0, or TMU_EXIT_USAGE after printing a usage error. */
int tmu_cli_check_outputs(const char *text, const char *binary);

/* The output step of `asm`: `listing(f, ctx)` prints the assembled words as text.  Standard
 * output shows the listing unless `text` names a file; files (`text`, `binary` = the n words
 * little-endian) are written only when rc == TMU_EXIT_OK (everything assembled), both or
 * neither, each opened before either is written, neither may be `input`.  Returns rc, or the
 * exit status of the first failure. */
int tmu_cli_write_words(int rc, const char *text, const char *binary, const char *input,
                        const uint64_t *words, size_t n, void (*listing)(FILE *f, void *ctx),
                        void *ctx);
/* The same for 32-bit words (`binary` = the n dwords little-endian). */
int tmu_cli_write_dwords(int rc, const char *text, const char *binary, const char *input,
                         const uint32_t *dwords, size_t n, void (*listing)(FILE *f, void *ctx),
                         void *ctx);

/* True when the output is standard output (status text should then go to stderr). */
int tmu_cli_output_is_stdout(const tmu_cli_output *o);

/* Writes `text` to `f` as a JSON string (quotes, backslashes, control and non-ASCII bytes
 * escaped: \uXXXX per byte). */
void tmu_cli_json_string(FILE *f, const char *text);

/* ---- sparse textures ---------------------------------------------------------------
 * The texture key "sparse=TWxTH[xTD][:TILE+TILE...]" of the run commands: a residency map
 * (tmu_residency, texture.h) of tiles of TW x TH (x TD for 3D) texels, every tile resident
 * except each TILE listed as L/X/Y[/Z] (level L, tile column X, row Y, and Z = the layer, or
 * the tile of 3D depth; default 0).  The maps are allocated here (one byte per tile of every
 * level), their bytes reserved first in the command's total (tmu_cli_reserve, cli_common.h). */
typedef struct tmu_cli_sparse {
    tmu_residency res;
    unsigned char *maps; /* malloc'd: every level's map, one after the other */
    uint64_t reserved;   /* bytes held in the command's budget */
} tmu_cli_sparse;

/* Parses `text` (the value after "sparse=") for a texture of `shape` (dim, sizes, layers,
 * levels).  Returns 0, or TMU_EXIT_FAIL after an error at `where` naming the bad part. */
int tmu_cli_sparse_parse(const char *where, const char *text, const tmu_texture *shape, tmu_cli_sparse *out);
/* Frees the maps and releases their bytes (safe on a zeroed struct). */
void tmu_cli_sparse_free(tmu_cli_sparse *s);

/* ---- progress ----------------------------------------------------------------------
 * Work that can take seconds (tmu render, tmu gcn run --render) shows its progress on
 * standard error when that is a terminal: one line, "tmu: COMMAND: WHAT N%", redrawn at most
 * 4 times a second once the work has run 1 s, and erased at the end.  The environment
 * variable TMU_PROGRESS=never turns it off; TMU_PROGRESS=always shows it from the start as
 * whole lines, whatever standard error is. */
typedef struct tmu_cli_progress {
    const char *what;
    double start, next; /* seconds (monotonic clock) */
    int mode;           /* 0 off, 1 terminal, 2 always (lines) */
    int shown;          /* a terminal line is on screen */
} tmu_cli_progress;

/* Starts tracking `what` (a static string such as "rendering"). */
void tmu_cli_progress_start(tmu_cli_progress *p, const char *what);
/* Reports `done` of `total` units; cheap when nothing is drawn (one clock read). */
void tmu_cli_progress_update(tmu_cli_progress *p, uint64_t done, uint64_t total);
/* Erases the terminal line, if one was drawn. */
void tmu_cli_progress_end(tmu_cli_progress *p);

/* ---- resource limits --------------------------------------------------------------
 * Images and textures are checked against these before anything is decoded or allocated,
 * so that a small file declaring a huge size cannot cost gigabytes or minutes.  Both are
 * set for the whole run with `tmu --max-pixels N` / `tmu --max-bytes N` before COMMAND. */

/* Default most pixels of one image read from a file (4096 x 4096). */
#define TMU_CLI_DEFAULT_MAX_PIXELS ((uint64_t)1 << 24)
/* Default most bytes of texture memory one command allocates (1 GiB). */
#define TMU_CLI_DEFAULT_MAX_BYTES ((uint64_t)1 << 30)

void tmu_cli_set_limits(uint64_t max_pixels, uint64_t max_bytes);
/* Returns 0 when a width x height image is within the pixel limit, else prints an error
 * naming `where` and the way to raise the limit and returns TMU_EXIT_FAIL. */
int tmu_cli_check_pixels(const char *where, uint64_t width, uint64_t height);
/* The same for `bytes` of memory against the byte limit (one allocation; what a command
 * keeps for its textures and guest memory is counted in total with tmu_cli_reserve,
 * cli_common.h). */
int tmu_cli_check_bytes(const char *where, const char *what, uint64_t bytes);
/* The byte limit (tmu --max-bytes). */
uint64_t tmu_cli_max_bytes(void);

/* ---- help -------------------------------------------------------------------------- */

/* Runs `fn(argc, argv)` with its standard output captured; returns the malloc'd text
 * (NUL-terminated) or NULL.  Used to build the manual page from the help texts. */
char *tmu_cli_capture(tmu_cli_fn fn, int argc, char **argv);

/* Prints a few texture-unit samples and a gather to `out` and, when `png_path` is not NULL,
 * writes one rendered picture there (cmd_render.c).  Returns an exit code. */
int tmu_render_demo(FILE *out, const char *png_path);

#endif
