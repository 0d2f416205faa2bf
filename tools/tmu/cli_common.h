/* tmu CLI — the layer the run commands (`ptx run`, `gcn run`, `ir3 run`) share, so that each
 * keeps only what is ISA-specific:
 *   - the byte budget: everything a command allocates for textures and guest memory is reserved
 *     here, before it is allocated, and the total is held to `tmu --max-bytes` (not each piece);
 *   - the files a command reads: recorded by device and inode (a growable list, no fixed count),
 *     so that tmu_cli_output_open refuses an output that is any of them;
 *   - files loaded into guest memory: their size checked (fstat) before a byte is read;
 *   - guest-memory region specs: ADDR:SIZE[:ro] and ADDR[:ro]=FILE;
 *   - texture specs PATTERN:WxH[xD][,KEY=VALUE...] / png:PATH (shape, size and limits checked
 *     and the bytes reserved before anything is allocated; texels filled after the command
 *     checked its program) and sampler OPTS, with the ISA's own keys through a callback;
 *   - register values, lane lists and --input option files (cli_spec.c).
 * Process state of the single-threaded CLI, never the library's. */
#ifndef TMU_CLI_COMMON_H
#define TMU_CLI_COMMON_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "cli.h"
#include "tmu/layout.h"
#include "tmu/texture.h"

/* ---- the byte budget ------------------------------------------------------------------- */

/* Reserves `bytes` for `what` before the command allocates them: returns 0 when the bytes
 * reserved so far plus `bytes` stay within tmu --max-bytes, else prints an error naming
 * `where`, `what`, the total and the way to raise the limit, reserves nothing and returns
 * TMU_EXIT_FAIL. */
int tmu_cli_reserve(const char *where, const char *what, uint64_t bytes);
/* Gives back `bytes` reserved earlier (after the memory was freed). */
void tmu_cli_release(uint64_t bytes);
/* Bytes reserved now. */
uint64_t tmu_cli_reserved(void);

/* ---- files read ------------------------------------------------------------------------ */

/* Records that the command reads the file open on `fd` (named `path` in messages): an output
 * that is the same file (device and inode) is refused by tmu_cli_output_open.  Returns 0, or
 * -1 when out of memory (the file is then refused as an output by name only). */
int tmu_cli_note_input_fd(int fd, const char *path);
/* The same for a file named `path` (stat'd; "-" and files that do not exist are skipped). */
int tmu_cli_note_input(const char *path);
/* The name under which a file with this device and inode was recorded, or NULL. */
const char *tmu_cli_input_named(dev_t dev, ino_t ino);
/* Forgets every recorded file (main() calls it when the command returns). */
void tmu_cli_inputs_clear(void);

/* ---- files loaded into memory ---------------------------------------------------------- */

/* Loads the whole file `path` ("-" = stdin) for guest memory: a regular file's size is
 * checked against the byte budget (tmu_cli_reserve, `where` and `what` name it) before
 * anything is read; a stream is read up to what the budget has left.  The buffer holds
 * max(size, 1) bytes, zero-filled past the file's (calloc'd: free it, then
 * tmu_cli_release(max(*len, 1))), and the file is recorded as an input.  Returns NULL after
 * printing an error (nothing stays reserved). */
unsigned char *tmu_cli_load(const char *path, const char *where, const char *what, size_t *len);

/* ---- guest-memory regions -------------------------------------------------------------- */

/* What a region spec may say. */
enum {
    TMU_CLI_REGION_SIZE = 1, /* ADDR:SIZE[:ro]: a zero-filled region (SIZE like 64K, at least 1) */
    TMU_CLI_REGION_RO = 2,   /* the ":ro" suffix */
};

/* A parsed region spec. */
typedef struct tmu_cli_region {
    uint64_t base;
    uint64_t size;    /* ADDR:SIZE; 0 with a file */
    const char *file; /* ADDR=FILE: points into the caller's buffer; NULL with a size */
    int read_only;
} tmu_cli_region;

/* Parses ADDR:SIZE[:ro] or ADDR[:ro]=FILE (`allow`: TMU_CLI_REGION_* bits) from `arg` into *r;
 * ADDR is 0x-prefixed hex, SIZE a byte count below `limit` (the address space).  `buf` (size
 * bytes) holds the copy FILE points into.  Returns 0, or `code` after reporting the problem
 * with WHERE = `where` (tmu_cli_report). */
int tmu_cli_parse_region(const char *arg, uint64_t limit, int allow, char *buf, size_t size,
                         const char *where, int code, tmu_cli_region *r);

/* ---- KEY=VALUE lists (cli_spec.c) ------------------------------------------------------- */

/* Called for each KEY=VALUE: returns 0, or an exit code after reporting. */
typedef int (*tmu_cli_kv_fn)(void *ctx, char *key, char *value);
/* Calls fn for each KEY=VALUE of the comma list `list` (split in place; NULL = none).  Returns 0,
 * fn's exit code, or `code` after "expected KEY=VALUE" at `where`. */
int tmu_cli_each_kv(char *list, const char *where, int code, tmu_cli_kv_fn fn, void *ctx);

/* An ISA's own spec keys (T# placement, S# fields): returns 0 when it took `key`, -1 when the
 * key is not its own (nothing printed: the shared keys are tried next), else an exit code
 * after reporting at `where` (`code`: 2 on the command line, 1 in an --input file). */
typedef int (*tmu_cli_key_fn)(void *ctx, const char *key, const char *value, const char *where, int code);

/* ---- sampler OPTS ---------------------------------------------------------------------- */

/* The shared sampler keys, the same in every run command (docs/cli.md):
 *   filter=nearest|linear (point, bilinear)  mip=none|nearest|linear (point)
 *   address=repeat|mirror|clamp|mirror_clamp|clamp_half_border|mirror_once_half_border|border|
 *           mirror_once_border (wrap, clamp_last_texel, mirror_once_last_texel, clamp_border;
 *           the key `clamp` is `address`)
 *   normalized=0|1 (unnormalized=1 = normalized=0)  compare=never|less|equal|lequal|greater|
 *   notequal|gequal|always  precision=exact|nvidia|nvidia_trunc  lod_bias=F min_lod=F max_lod=F
 *   border=R/G/B/A  aniso=1|2|4|8|16  reduction=average|min|max */
enum {
    TMU_CLI_SMP_FILTER = 1,
    TMU_CLI_SMP_MIP,
    TMU_CLI_SMP_ADDRESS,
    TMU_CLI_SMP_NORMALIZED,
    TMU_CLI_SMP_COMPARE,
    TMU_CLI_SMP_PRECISION,
    TMU_CLI_SMP_LOD_BIAS,
    TMU_CLI_SMP_MIN_LOD,
    TMU_CLI_SMP_MAX_LOD,
    TMU_CLI_SMP_BORDER,
    TMU_CLI_SMP_ANISO,
    TMU_CLI_SMP_REDUCTION,
};
#define TMU_CLI_SAMPLER_NKEYS 14
/* Their names (for "did you mean"). */
extern const char *const tmu_cli_sampler_keys[TMU_CLI_SAMPLER_NKEYS];

/* Applies one shared sampler key to *s and says which field it set (TMU_CLI_SMP_*).  Returns 0,
 * -1 when `key` is not a shared sampler key (nothing printed), or `code` after an error. */
int tmu_cli_sampler_key(tmu_sampler *s, const char *key, const char *value, const char *where, int code,
                        int *field);
/* Parses the comma list `opts` (split in place) into *s, each key tried first by `isa` (may be
 * NULL; its key names `isa_keys` join the "did you mean" list), then as a shared key.  Returns 0
 * or an exit code after reporting. */
int tmu_cli_sampler_parse(char *opts, tmu_sampler *s, tmu_cli_key_fn isa, void *ctx, const char *const *isa_keys,
                          size_t n_isa, const char *where, int code);

/* ---- texture specs --------------------------------------------------------------------- */

/* The built-in patterns (texel x, y, z = layer or depth slice, level l, sample s):
 *   coords   r32g32b32a32_float (x, y, z, l)
 *   checker  r8g8b8a8_unorm, white where x + y is even, else black (srgb=1: _srgb)
 *   depth    d32_float, (x + 0.5) / level width
 *   index    r32_uint, x + 100 y + 10000 z + 1000000 l + 10000000 s
 *   mips     r8g8b8a8_unorm, each level its own colour (red, orange, yellow, green, cyan, ...)
 *   png      png:PATH ('-' = stdin), r8g8b8a8_unorm (srgb=1: _srgb), 2d; levels=N are
 *            filtered from it (2x2 box over the stored bytes) */
enum {
    TMU_CLI_PAT_COORDS,
    TMU_CLI_PAT_CHECKER,
    TMU_CLI_PAT_DEPTH,
    TMU_CLI_PAT_INDEX,
    TMU_CLI_PAT_MIPS,
    TMU_CLI_PAT_PNG,
    TMU_CLI_PAT_COUNT
};
/* Name of a pattern ("coords", ...). */
const char *tmu_cli_pattern_name(int pattern);

/* Largest width, height and depth of a texture spec, and most layers. */
#define TMU_CLI_TEX_MAX_SIZE 16384u
#define TMU_CLI_TEX_MAX_LAYERS 2048

/* What a command's texture specs may say beyond the shared keys. */
enum {
    TMU_CLI_TEX_MS = 1,      /* dim=ms|ams and samples=N */
    TMU_CLI_TEX_SAMPLER = 2, /* the sampler keys too (PTX unified mode), into texspec.sampler */
};

typedef struct tmu_cli_texrules {
    unsigned allow;                 /* TMU_CLI_TEX_* */
    tmu_cli_key_fn key;             /* the ISA's keys (may be NULL), tried first */
    void *ctx;
    const char *const *keys;        /* their names, for "did you mean" */
    size_t nkeys;
    int reserve;                    /* 1: reserve the texel bytes now; 0: the command reserves the
                                     * bytes its own layout needs (a tiled surface) */
    /* the chip whose layout the shared tiling keys use (--chip; NULL: those keys are refused
     * with `chip_hint`, e.g. "give --chip NAME first"): tiling=N (gfx6-8 TILING_INDEX),
     * swizzle=MODE and xor=N (gfx9+ SW_MODE, pipe/bank XOR) on an AMD chip, tile=TILE6_3|
     * TILE6_LINEAR on an Adreno GPU.  A command with its own tiling keys takes them first. */
    const tmu_amd_chip *amd;
    const tmu_adreno_gpu *adreno;
    const char *chip_hint;
} tmu_cli_texrules;

/* A parsed texture spec: PATTERN:WxH[xD][,KEY=VALUE...] or png:PATH[,KEY=VALUE...] with the
 * shared keys dim=1d|2d|3d|cube|a1d|a2d|acube (|ms|ams) layers=N levels=N|full srgb=0|1
 * (samples=N) sparse=... and the tiling keys of tmu_cli_texrules.  Without dim=, W is 1d, WxH
 * 2d and WxHxD 3d. */
typedef struct tmu_cli_texspec {
    int pattern;         /* TMU_CLI_PAT_* */
    tmu_texture shape;   /* dim, format, sizes, layers, levels, samples, identity swizzle; no memory */
    int srgb;
    tmu_sampler sampler; /* TMU_CLI_TEX_SAMPLER: the sampler keys (from tmu_sampler_default) */
    int has_sampler;
    size_t packed_size;  /* bytes of the texture packed (tmu_texture_packed_size) */
    uint64_t reserved;   /* bytes this spec holds in the budget for texel memory */
    void *mem;           /* tmu_cli_texspec_alloc: the texel memory */
    tmu_surface *surf;   /* a tiled texture's surface (malloc'd), NULL when packed */
    tmu_cli_sparse sparse; /* sparse=: the residency map (maps NULL without) */
    void *png;           /* png: the open image (header read) until the fill decodes it */
    uint64_t png_bytes;  /* reserved for decoding it */
    char png_name[TMU_CLI_ECHO_BUF + 32];
    char where[96];      /* the option, for messages */
} tmu_cli_texspec;

/* Parses `text` into *out (r may be NULL: shared keys only, nothing reserved).  Before anything
 * large is allocated: every key and size is checked (sizes up to TMU_CLI_TEX_MAX_SIZE), the
 * shape validated, a PNG's header read and checked against tmu --max-pixels, its decoding buffer
 * and (r->reserve) the packed size reserved against tmu --max-bytes, the residency map made
 * (counted in the budget too).  Returns 0, or an exit code after reporting at `where` (nothing
 * then stays held). */
int tmu_cli_texspec_parse(const char *text, const tmu_cli_texrules *r, const char *where, int code,
                          tmu_cli_texspec *out);
/* Writes the pattern (or decodes the PNG and filters its levels) into every texel of `t`, a
 * texture of the spec's shape in any layout (tmu_texel_address), showing progress on a
 * terminal (cli.h).  Frees the PNG.  Returns 0 or TMU_EXIT_FAIL after reporting. */
int tmu_cli_texspec_fill(tmu_cli_texspec *s, const tmu_texture *t);
/* The spec's texture: allocates s->mem (its bytes reserved first, if they were not), packed or
 * laid out as its surface, initialises *t over it with the residency map, and fills it.
 * Returns 0 or an exit code. */
int tmu_cli_texspec_alloc(tmu_cli_texspec *s, tmu_texture *t);
/* Frees what the spec holds (memory, PNG, residency map) and releases its bytes; safe twice. */
void tmu_cli_texspec_free(tmu_cli_texspec *s);

/* Level l + 1 of `layer` of an RGBA8 texture from level l: each byte the rounded mean of a 2x2
 * block (edge texels repeated for odd sizes), through tmu_texel_address (any layout). */
void tmu_cli_downsample_rgba8(const tmu_texture *t, uint32_t l, uint32_t layer);

/* The shared part of a run command's help: SPEC (with dim=ms|ams and samples= when `allow` has
 * TMU_CLI_TEX_MS) and sampler OPTS. */
void tmu_cli_texspec_help(FILE *out, unsigned allow);
void tmu_cli_sampler_help(FILE *out);

/* ---- register values and lane lists ---------------------------------------------------- */

/* One register value of `bits` (16, 32 or 64) for lane `lane`: lane[*K][+C] (or fiber...: the
 * lane number scaled; a float when K or C is), 0fXXXXXXXX (a float's bits, PTX style), 0x hex, a
 * float (with '.', 'e', inf or nan; rounded to half for 16 bits) or a decimal integer (signed or
 * unsigned range).  Returns 0, or -1 when the text is no such value or does not fit. */
int tmu_cli_parse_value(const char *text, unsigned lane, unsigned bits, uint64_t *out);

/* A set of lanes 0..count-1 (count <= 128): a hex mask 0x..., "all", or N / A-B items joined by
 * commas, as bits of out[0] (lanes 0-63) and out[1].  Returns 0, or -1 when malformed. */
int tmu_cli_parse_lanes(const char *text, unsigned count, uint64_t out[2]);

/* ---- descriptor dwords (gcn desc, ir3 desc) --------------------------------------------- */

/* Parses the `len` bytes at `text` as one 32-bit hex dword.  Returns 0, or TMU_EXIT_FAIL after
 * an error naming `where`. */
int tmu_cli_parse_dword(const char *where, const char *text, size_t len, uint32_t *out);
/* Reads at most `max` dwords from standard input, separated by blanks or commas ('#' or ';'
 * starts a comment); more is an error saying "(`what`)".  Returns the count, or -1 after an
 * error at <stdin>:LINE. */
int tmu_cli_read_dwords(uint32_t *dw, int max, const char *what);

/* ---- --input option files -------------------------------------------------------------- */

/* Deepest nesting of --input files. */
#define TMU_CLI_INPUT_DEPTH 4

/* Applies option `k` (index in the command's option table) with `value`: `where` names it in
 * errors and `code` is the exit code of a bad value (2 on the command line, 1 in a file);
 * `depth` is how many --input files deep it comes from. */
typedef int (*tmu_cli_option_fn)(void *ctx, int k, const char *value, const char *where, int code,
                                 unsigned depth);
/* Where an option's value came from, for the checks a run command makes once every option is
 * read (a value that does not fit another option's): the option's name and exit code 2 on the
 * command line, "FILE:LINE" and 1 in an --input file.  Zeroed = not given. */
typedef struct tmu_cli_origin {
    char where[128];
    int code;
} tmu_cli_origin;
/* Records `where` and `code` (a tmu_cli_option_fn's) in *o. */
void tmu_cli_origin_set(tmu_cli_origin *o, const char *where, int code);
/* tmu_cli_report at *o: its FILE:LINE and 1, or its option and 2; `option` and 2 when *o was
 * never set. */
int tmu_cli_origin_report(const tmu_cli_origin *o, const char *option, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* The text "at FILE:LINE" or "by OPTION on the command line" for *o (never set: "on the command
 * line"), into buf (size bytes); returns buf. */
const char *tmu_cli_origin_text(const tmu_cli_origin *o, char *buf, size_t size);

/* ---- things given once (registers, texture and sampler slots, table entries) ------------ */

/* Which option set each of `n` numbered things of a run command (its registers, descriptor
 * slots, border entries), so that a second setting of one is refused, naming both places. */
typedef struct tmu_cli_claims {
    unsigned n;         /* things (at most 65535) */
    uint16_t *by;       /* per thing: 0 = free, else 1 + the index of its claim in at[] */
    tmu_cli_origin *at; /* the claims (at most n: each takes a thing no other one holds) */
    unsigned nat;
} tmu_cli_claims;
/* Makes *c hold n free things.  Returns 0, or TMU_EXIT_FAIL after "out of memory". */
int tmu_cli_claims_init(tmu_cli_claims *c, unsigned n);
/* Frees what *c holds; safe on a zeroed one and twice. */
void tmu_cli_claims_free(tmu_cli_claims *c);
/* Claims things first..first+count-1 (count >= 1, all below c->n) for the option at `where`
 * with exit code `code` (a tmu_cli_option_fn's).  Returns NULL when none of them was claimed
 * before (now they are), else the claim that holds one (*clash = the first such thing), and
 * claims nothing. */
const tmu_cli_origin *tmu_cli_claim(tmu_cli_claims *c, unsigned first, unsigned count, const char *where, int code,
                                    unsigned *clash);
/* Reports "WHAT is given twice (first at FILE:LINE / by OPTION on the command line)" at `where`
 * with `code` (2 prints the usage); returns code. */
int tmu_cli_report_twice(const tmu_cli_origin *first, const char *where, int code, const char *what);

/* Reads the option file `path` ('-' = stdin): one "OPTION ARG" per line (the option without its
 * "--"; '#' at the start of a line or after a blank starts a comment) and calls fn for each with
 * WHERE "FILE:LINE" and code 1.  Options whose bit is set in `not_in_file` are not taken; a
 * single-valued option (TMU_CLI_VALUE) already marked in `seen` (may be NULL; indexed like opts)
 * is refused.  The file's text is freed on return: fn copies what it keeps.  Returns 0 or an exit
 * code. */
int tmu_cli_read_options(const char *path, const tmu_cli_option *opts, size_t nopts, uint64_t not_in_file,
                         unsigned char *seen, unsigned depth, tmu_cli_option_fn fn, void *ctx);

/* ---- the command line ------------------------------------------------------------------ */

/* The command-line loop of a run command over `a`, which it initialises (a->seen then marks the
 * options given, for tmu_cli_read_options: its address may be taken before the call): each
 * option goes to fn with WHERE its name and code 2; at most one positional argument, named
 * `what` in errors ("FILE", "PROGRAM"), goes to *positional (NULL when none).  Returns 0, -1
 * after printing the help with `usage` (the command then returns 0), or an exit code. */
int tmu_cli_run_args(tmu_cli_args *a, int argc, char **argv, const tmu_cli_option *opts, size_t nopts,
                     void (*usage)(FILE *out), tmu_cli_option_fn fn, void *ctx, const char *what,
                     const char **positional);

#endif
