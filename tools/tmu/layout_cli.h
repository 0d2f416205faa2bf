/* tmu layout / detile / retile — the layer the AMD (cmd_layout.c, --chip) and Adreno
 * (cmd_layout_adreno.c, --gpu) surface families share, so that each keeps only its surface
 * options, its surface and its printout:
 *   - the command-line loop: positional arguments, --help, the options every family takes
 *     (--at, --json, --level, --slice, --sample, --rect, --png, --into, -o), the preset list
 *     option (--chips, --gpus) that takes only --json, and the checks of detile's and retile's
 *     files;
 *   - tmu layout: every --at address checked before anything is printed, the levels and the
 *     addresses printed;
 *   - tmu detile / retile: the rectangle, the PNG or raw linear image, the tiled file, the
 *     output.
 * Single-threaded CLI code, no state of its own. */
#ifndef TMU_LAYOUT_CLI_H
#define TMU_LAYOUT_CLI_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "cli.h"
#include "tmu/layout.h"

/* The three commands, as bits (an option's for_cmd says which commands take it). */
enum {
    LCLI_LAYOUT = 1,
    LCLI_DETILE = 2,
    LCLI_RETILE = 4,
    LCLI_ALL = 7,
    LCLI_CONVERT = 6 /* detile and retile */
};

/* One option of a family and the commands that take it. */
typedef struct layout_cli_opt {
    tmu_cli_option opt;
    unsigned for_cmd;
} layout_cli_opt;

/* An element whose address `tmu layout --at` prints: x, y, slice (or layer), sample, level. */
typedef struct layout_cli_at {
    uint32_t v[5];
    const char *text;
} layout_cli_at;

/* What the options every family takes say. */
typedef struct layout_cli_common {
    int json, png, list; /* list: the family's preset list option was given */
    uint32_t level, slice, sample;
    int have_rect;
    uint32_t rect[4];
    const char *out, *into, *input;
    layout_cli_at *at; /* one per argument at most (malloc'd; free it) */
    size_t nat;
} layout_cli_common;

/* How a family's surfaces are spoken of in messages and read as images. */
typedef struct layout_cli_shape {
    uint32_t elem_bits;     /* bits per element (or per block of a compressed format) */
    int in_bytes;           /* sizes named in bytes ("4-byte") rather than bits ("32-bit") */
    const char *slice_noun; /* what a level's depth counts: "slice" or "layer" */
    const char *rect_unit;  /* after a level's WxH: "" or " blocks" */
    char what[96];          /* the surface in a "too short" message: "(ps4 64x64x1, ...)" */
} layout_cli_shape;

/* A surface family: its own options and the functions that do what only it knows. */
typedef struct layout_cli_family {
    const layout_cli_opt *opts;
    size_t nopts;
    size_t list_opt;            /* index in opts of --chips / --gpus */
    uint32_t max_level;         /* --level 0..max_level */
    uint32_t max_sample;        /* --sample 0..max_sample */
    const char *at_form;        /* the form of --at in its error: "X,Y[,SLICE[,SAMPLE[,LEVEL]]]" */
    /* Takes opts[k] (named `name`, value v, NULL for a flag) into ctx: 0 or an exit code. */
    int (*option)(void *ctx, const layout_cli_common *c, size_t k, const char *name,
                  const char *v);
    /* Checks the surface options once all are read (not with the list option): 0 or an
     * exit code. */
    int (*finish)(void *ctx);
    /* Prints the presets (--chips, --gpus): a table, or with json the objects of a JSON array
     * (layout_cli.c prints its brackets); returns the exit code. */
    int (*list)(int json);
    /* Lays out the surface; prints the library's diagnostic on failure. */
    int (*make_surface)(const void *ctx, tmu_surface *s);
    /* Fills *sh for the surface of ctx. */
    void (*shape)(const void *ctx, layout_cli_shape *sh);
    /* Prints `tmu layout` up to its levels (text: the lines before them; JSON: the object up
     * to and without ", \"levels\""); returns TMU_EXIT_OK or an error's exit code. */
    int (*print_head)(const void *ctx, const tmu_surface *s, int json);
    /* Prints one level's line (text) or object (JSON). */
    void (*print_level)(const tmu_surface *s, uint32_t level, int json);
    /* Why a level that is not addressable has no element order (NULL: every level is). */
    const char *(*why_unaddressable)(const tmu_surface *s, uint32_t level);
    /* Another family's options, accepted by the parser only so that refuse() can say why they
     * do not apply (those named like one of this family's or the common ones are left out);
     * nforeign 0: none. */
    const layout_cli_opt *foreign;
    size_t nforeign;
    int (*refuse)(const layout_cli_common *c, const char *name);
} layout_cli_family;

/* Splits "a,b,..." into at most max unsigned numbers in [0, limit]; returns the count or -1. */
int layout_cli_list(const char *text, uint32_t *out, int max, long long limit);

/* One field of a `tmu layout` line or JSON object, after the ones before it: " name=value" or
 * ", \"name\": value" (put_s: the value a JSON string). */
void layout_cli_put_u(int json, const char *name, unsigned long long value);
void layout_cli_put_i(int json, const char *name, long long value);
void layout_cli_put_s(int json, const char *name, const char *value);

/* Runs `cmd` (LCLI_LAYOUT, LCLI_DETILE or LCLI_RETILE) of family f on argv, with ctx the
 * family's arguments (their defaults already set); `usage` prints the command's help.
 * Returns the exit status. */
int layout_cli_run(const layout_cli_family *f, void *ctx, unsigned cmd, int argc, char **argv,
                   void (*usage)(FILE *));

#endif
