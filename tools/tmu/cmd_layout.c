/* tmu layout / detile / retile — AMD surface layouts (tmu/layout.h) from the command line.
 *   tmu layout --chip NAME (--tile-index N | --swizzle MODE) --bpp B --size WxH[xS] [...]
 *   tmu detile SURFACE-OPTIONS [--level L] [--slice S] [--rect X,Y,W,H] -o OUT TILED
 *   tmu retile SURFACE-OPTIONS [--level L] [--slice S] [--rect X,Y,W,H] [--into TILED] -o OUT LINEAR
 * The surface is computed as AMD's addrlib computes it (tmu_surface_init_amd); the CLI only
 * parses, checks sizes and prints.  PNG images (8, 16 and 32-bit elements) use libpng. */
#include "cli.h"
#include "cli_common.h"
#include "cmd_layout_adreno.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "tmu/layout.h"

#ifdef TMU_HAVE_PNG
#include <png.h>
#endif

/* ---- help ----------------------------------------------------------------------------- */

#define SURFACE_HELP                                                                              \
    "\n"                                                                                          \
    "surface (the fields of tmu_surface_desc):\n"                                                \
    "  --chip NAME        chip preset: tahiti bonaire hawaii kaveri liverpool (ps4) tonga\n"      \
    "                     polaris10 polaris12 (gfx6-8), vega10 raven navi10 navi14 navi21\n"      \
    "                     navi21_8pipe (gfx9-10.3); tmu layout --chips lists them\n"              \
    "  --tile-index N     gfx6-8: the GB_TILE_MODE index (T# TILING_INDEX), 0..31\n"              \
    "  --swizzle MODE     gfx9+: the swizzle mode, by addrlib's name (SW_64KB_S_X or 64KB_S_X)\n" \
    "                     or number (T# SW_MODE, 0..31)\n"                                        \
    "  --bpp B            bits per element: 8, 16, 32, 64, 128 (BCn: 64 or 128-bit blocks)\n"    \
    "  --size WxH[xS]     level-0 extent in elements; S = slices: array layers, 6 x cubes or\n"   \
    "                     the depth of a volume (default 1)\n"                                    \
    "  --levels L         mip levels (default 1)\n"                                               \
    "  --samples N        1, 2, 4, 8 or 16 (default 1)\n"                                         \
    "  --flags F,...      texture (the default), depth, stencil, color, display, cube, volume,\n"  \
    "                     prt, pow2pad, no-large-thick-degrade (addrlib's spellings pow2Pad and\n" \
    "                     disallowLargeThickDegrade work too)\n"                                  \
    "  --rsrc 1d|2d|3d    gfx9+ resource type (default 2d; 3d with --flags volume); 3d and\n"     \
    "                     volume mean the same on every chip\n"                                   \
    "  --pipe-bank-xor X  gfx9+ pipe/bank XOR of _X and _T modes (default 0)\n"

static void layout_usage(FILE *out)
{
    fprintf(out,
            "usage: tmu layout --chip NAME (--tile-index N | --swizzle MODE) --bpp B --size WxH[xS]\n"
            "                  [--levels L] [--samples N] [--flags F,...] [--rsrc 1d|2d|3d]\n"
            "                  [--pipe-bank-xor X] [--at X,Y[,SLICE[,SAMPLE[,LEVEL]]]]... [--json]\n"
            "       tmu layout --chips [--json]\n"
            "       tmu layout --gpu NAME --tile 3|2|0 (--cpp N | --bpp B) --size WxH[xD] [...]\n"
            "       tmu layout --gpus [--json]\n"
            "\n"
            "Lays out an AMD surface as AMD's address library (addrlib) does and prints it: the\n"
            "surface's size and alignment and, per mip level, its offset, size, padded pitch,\n"
            "height and depth and the tile mode really used with its tile type and bank/pipe\n"
            "parameters (gfx6-8), or the swizzle block and mip-tail placement (gfx9+).  Each\n"
            "--at prints the byte address of one element from the surface's base.\n"
            SURFACE_HELP
            "\n"
            "  --at X,Y[,SLICE[,SAMPLE[,LEVEL]]]  an element whose address to print (repeatable;\n"
            "                     missing fields are 0; an element outside its level is an error)\n"
            "  --json             one JSON object: chip, gen, desc, size, base_align, levels [...],\n"
            "                     at [{x, y, slice, sample, level, address}]\n"
            "  --chips            list the chip presets: name, generation, family, revision and\n"
            "                     GB_ADDR_CONFIG (--json: an array)\n"
            "example: tmu layout --chip ps4 --tile-index 10 --bpp 32 --size 256x256 --at 5,3\n"
            "         tmu layout --chip vega10 --swizzle SW_64KB_S_X --bpp 32 --size 1024x1024 --levels 11\n");
    tmu_layout_adreno_help(out, TMU_ADRENO_CMD_LAYOUT);
}

static void detile_usage(FILE *out)
{
    fprintf(out,
            "usage: tmu detile SURFACE-OPTIONS [--level L] [--slice S] [--sample N]\n"
            "                  [--rect X,Y,W,H] [--png] -o OUT TILED\n"
            "       tmu detile --gpu NAME ADRENO-SURFACE-OPTIONS [...] -o OUT TILED\n"
            "\n"
            "Reads TILED, the memory of a whole tiled surface ('-' = standard input; a longer\n"
            "file is fine, its first bytes are the surface), and writes one rectangle of one level\n"
            "and slice as linear rows of elements: raw little-endian elements, row after row with\n"
            "no padding, or a PNG when OUT ends in .png or --png is given (8-bit elements: grey;\n"
            "16-bit: grey + alpha, byte 0 grey; 32-bit: RGBA, bytes in memory order).\n"
            SURFACE_HELP
            "\n"
            "  --level L          mip level (default 0)\n"
            "  --slice S          array layer, cube face (6 x cube + face) or depth (default 0)\n"
            "  --sample N         sample of a multisampled surface (default 0)\n"
            "  --rect X,Y,W,H     the rectangle, in elements (default: the whole level)\n"
            "  --png              write a PNG whatever OUT's name\n"
            "  -o OUT             the output file ('-' = standard output)\n"
            "example: tmu detile --chip ps4 --tile-index 10 --bpp 32 --size 512x512 -o tex.png tex.bin\n");
    tmu_layout_adreno_help(out, TMU_ADRENO_CMD_DETILE);
}

static void retile_usage(FILE *out)
{
    fprintf(out,
            "usage: tmu retile SURFACE-OPTIONS [--level L] [--slice S] [--sample N]\n"
            "                  [--rect X,Y,W,H] [--png] [--into TILED] -o OUT LINEAR\n"
            "       tmu retile --gpu NAME ADRENO-SURFACE-OPTIONS [...] -o OUT LINEAR\n"
            "\n"
            "The inverse of tmu detile: reads LINEAR, the rectangle's elements as raw rows (exactly\n"
            "W x H elements) or a PNG of W x H pixels (when LINEAR ends in .png or --png is given;\n"
            "8, 16 and 32-bit elements as tmu detile writes them), places them in the tiled\n"
            "surface and writes the whole surface memory to OUT.  The surface starts as a copy of\n"
            "--into TILED (its bytes outside the rectangle are kept; a longer file keeps its\n"
            "length), else as zeros.\n"
            SURFACE_HELP
            "\n"
            "  --level L          mip level (default 0)\n"
            "  --slice S          array layer, cube face (6 x cube + face) or depth (default 0)\n"
            "  --sample N         sample of a multisampled surface (default 0)\n"
            "  --rect X,Y,W,H     the rectangle, in elements (default: the whole level)\n"
            "  --png              read LINEAR as a PNG whatever its name\n"
            "  --into TILED       the surface memory to start from (default: zeros)\n"
            "  -o OUT             the output file ('-' = standard output)\n"
            "example: tmu retile --chip ps4 --tile-index 10 --bpp 32 --size 512x512 -o tex.bin tex.png\n");
    tmu_layout_adreno_help(out, TMU_ADRENO_CMD_RETILE);
}

/* ---- options ----------------------------------------------------------------------------- */

enum {
    O_CHIP, O_TILE_INDEX, O_SWIZZLE, O_BPP, O_SIZE, O_LEVELS, O_SAMPLES, O_FLAGS, O_RSRC,
    O_PIPE_BANK_XOR, O_AT, O_JSON, O_CHIPS, O_LEVEL, O_SLICE, O_SAMPLE, O_RECT, O_PNG, O_INTO,
    O_OUT, O_COUNT
};

/* Which command accepts which option. */
enum { FOR_LAYOUT = 1, FOR_DETILE = 2, FOR_RETILE = 4, FOR_ALL = 7, FOR_CONVERT = 6 };

static const struct {
    tmu_cli_option opt;
    unsigned for_cmd;
} option_table[O_COUNT] = {
    [O_CHIP] = {{"--chip", NULL, TMU_CLI_VALUE}, FOR_ALL},
    [O_TILE_INDEX] = {{"--tile-index", NULL, TMU_CLI_VALUE}, FOR_ALL},
    [O_SWIZZLE] = {{"--swizzle", NULL, TMU_CLI_VALUE}, FOR_ALL},
    [O_BPP] = {{"--bpp", NULL, TMU_CLI_VALUE}, FOR_ALL},
    [O_SIZE] = {{"--size", NULL, TMU_CLI_VALUE}, FOR_ALL},
    [O_LEVELS] = {{"--levels", NULL, TMU_CLI_VALUE}, FOR_ALL},
    [O_SAMPLES] = {{"--samples", NULL, TMU_CLI_VALUE}, FOR_ALL},
    [O_FLAGS] = {{"--flags", NULL, TMU_CLI_VALUE}, FOR_ALL},
    [O_RSRC] = {{"--rsrc", NULL, TMU_CLI_VALUE}, FOR_ALL},
    [O_PIPE_BANK_XOR] = {{"--pipe-bank-xor", NULL, TMU_CLI_VALUE}, FOR_ALL},
    [O_AT] = {{"--at", NULL, TMU_CLI_REPEAT}, FOR_LAYOUT},
    [O_JSON] = {{"--json", NULL, TMU_CLI_FLAG}, FOR_LAYOUT},
    [O_CHIPS] = {{"--chips", NULL, TMU_CLI_FLAG}, FOR_LAYOUT},
    [O_LEVEL] = {{"--level", NULL, TMU_CLI_VALUE}, FOR_CONVERT},
    [O_SLICE] = {{"--slice", NULL, TMU_CLI_VALUE}, FOR_CONVERT},
    [O_SAMPLE] = {{"--sample", NULL, TMU_CLI_VALUE}, FOR_CONVERT},
    [O_RECT] = {{"--rect", NULL, TMU_CLI_VALUE}, FOR_CONVERT},
    [O_PNG] = {{"--png", NULL, TMU_CLI_FLAG}, FOR_CONVERT},
    [O_INTO] = {{"--into", NULL, TMU_CLI_VALUE}, FOR_RETILE},
    [O_OUT] = {{"-o", "--output", TMU_CLI_VALUE}, FOR_CONVERT},
};

static const struct {
    const char *name, *alias;
    uint32_t bit;
} flag_names[] = {
    {"texture", NULL, TMU_SURF_TEXTURE},
    {"depth", NULL, TMU_SURF_DEPTH},
    {"color", "colour", TMU_SURF_COLOR},
    {"display", NULL, TMU_SURF_DISPLAY},
    {"cube", NULL, TMU_SURF_CUBE},
    {"volume", NULL, TMU_SURF_VOLUME},
    {"prt", NULL, TMU_SURF_PRT},
    {"pow2pad", NULL, TMU_SURF_POW2_PAD},
    {"no-large-thick-degrade", "disallowLargeThickDegrade", TMU_SURF_NO_LARGE_THICK_DEGRADE},
    {"stencil", NULL, TMU_SURF_STENCIL},
};
#define NFLAGS (sizeof flag_names / sizeof flag_names[0])

/* An element whose address `tmu layout` prints. */
typedef struct at_coord {
    uint32_t v[5]; /* x, y, slice, sample, level */
    const char *text;
} at_coord;

/* Everything the three commands are given. */
typedef struct layout_args {
    const tmu_amd_chip *chip;
    tmu_surface_desc desc;
    int have_tile_index, have_swizzle, have_rsrc, have_flags;
    int json, chips, png;
    uint32_t level, slice, sample;
    int have_rect;
    uint32_t rect[4];
    const char *out, *into, *input;
    at_coord *at;
    size_t nat;
} layout_args;

/* Splits "a,b,..." into at most max unsigned numbers in [0, limit]; returns the count or -1. */
static int parse_list(const char *text, uint32_t *out, int max, long long limit)
{
    const char *p = text;
    int n = 0;
    for (;;) {
        size_t len = strcspn(p, ",");
        char word[32];
        long long v;
        if (n == max || len == 0 || len >= sizeof word)
            return -1;
        memcpy(word, p, len);
        word[len] = 0;
        if (tmu_cli_parse_int(word, 0, limit, &v))
            return -1;
        out[n++] = (uint32_t)v;
        p += len;
        if (!*p)
            return n;
        p++;
    }
}

static int unknown_chip(const char *given)
{
    char list[512] = "";
    size_t used = 0;
    for (size_t i = 0; i < tmu_amd_chip_count(); i++) {
        int n = snprintf(list + used, sizeof list - used, "%s%s", i ? ", " : "",
                         tmu_amd_chip_at(i)->name);
        if (n > 0 && (size_t)n < sizeof list - used)
            used += (size_t)n;
    }
    char echo[TMU_CLI_ECHO_BUF];
    return tmu_cli_usage_error("--chip", "unknown chip '%s' (chips: %s; ps4 = liverpool)",
                               tmu_cli_shorten(echo, given), list);
}

static int parse_flags(const char *text, uint32_t *flags)
{
    const char *p = text;
    *flags = 0;
    for (;;) {
        size_t len = strcspn(p, ",");
        size_t k;
        for (k = 0; k < NFLAGS; k++)
            if ((strlen(flag_names[k].name) == len && !strncasecmp(p, flag_names[k].name, len)) ||
                (flag_names[k].alias && strlen(flag_names[k].alias) == len &&
                 !strncasecmp(p, flag_names[k].alias, len)))
                break;
        if (k == NFLAGS) {
            const char *names[NFLAGS];
            for (size_t i = 0; i < NFLAGS; i++)
                names[i] = flag_names[i].name;
            char word[TMU_CLI_ECHO_BUF];
            tmu_cli_shorten_n(word, p, len);
            return tmu_cli_unknown_name("--flags", "flag", word, names, NFLAGS);
        }
        *flags |= flag_names[k].bit;
        p += len;
        if (!*p)
            return 0;
        p++;
    }
}

/* Parses the command line of `cmd` (FOR_LAYOUT, FOR_DETILE or FOR_RETILE) into *la.  Returns
 * TMU_EXIT_OK, TMU_EXIT_USAGE after a usage error, or -1 after printing the help. */
static int parse_args(int argc, char **argv, unsigned cmd, void (*usage)(FILE *), layout_args *la)
{
    tmu_cli_option opts[O_COUNT];
    size_t map[O_COUNT], nopts = 0;
    for (size_t k = 0; k < O_COUNT; k++)
        if (option_table[k].for_cmd & cmd) {
            map[nopts] = k;
            opts[nopts++] = option_table[k].opt;
        }
    memset(la, 0, sizeof *la);
    la->desc.rsrc = TMU_SURF_2D;
    la->desc.levels = la->desc.samples = la->desc.slices = 1;
    la->desc.flags = TMU_SURF_TEXTURE;
    la->at = calloc((size_t)(argc > 0 ? argc : 1), sizeof *la->at);
    if (!la->at) {
        tmu_cli_error(NULL, "out of memory");
        return TMU_EXIT_FAIL;
    }
    tmu_cli_args a;
    tmu_cli_args_init(&a, argc, argv, opts, nopts);
    const char *v;
    int r;
    char echo[TMU_CLI_ECHO_BUF];
    while ((r = tmu_cli_next(&a, &v)) != TMU_CLI_END) {
        long long n;
        int rc = 0;
        if (r == TMU_CLI_HELP) {
            usage(stdout);
            return -1;
        }
        if (r == TMU_CLI_ERROR)
            return TMU_EXIT_USAGE;
        if (r == TMU_CLI_ARG) {
            char where[32];
            snprintf(where, sizeof where, "argument %d", a.i - 1);
            if (cmd == FOR_LAYOUT)
                return tmu_cli_usage_error(where, "unexpected '%s' (every input is an option)",
                                           tmu_cli_shorten(echo, v));
            if (la->input)
                return tmu_cli_usage_error(where, "unexpected '%s': give one input file",
                                           tmu_cli_shorten(echo, v));
            la->input = v;
            continue;
        }
        size_t k = map[r];
        const char *name = option_table[k].opt.name;
        switch (k) {
        case O_CHIP:
            if (!(la->chip = tmu_amd_chip_find(v)))
                return unknown_chip(v);
            break;
        case O_TILE_INDEX:
            rc = tmu_cli_opt_int(name, v, 0, 31, &n);
            la->desc.tile_index = (int32_t)n;
            la->have_tile_index = 1;
            break;
        case O_SWIZZLE: {
            int sw = tmu_amd_swizzle_mode_from_name(v);
            if (sw < 0 && tmu_cli_parse_int(v, 0, 31, &n) == 0)
                sw = (int)n;
            if (sw < 0) {
                const char *names[32];
                for (uint32_t i = 0; i < 32; i++)
                    names[i] = tmu_amd_swizzle_mode_name(i);
                return tmu_cli_unknown_name(name, "swizzle mode", v, names, 32);
            }
            la->desc.swizzle_mode = (uint32_t)sw;
            la->have_swizzle = 1;
            break;
        }
        case O_BPP:
            rc = tmu_cli_opt_int(name, v, 1, 1024, &n);
            la->desc.bpp = (uint32_t)n;
            break;
        case O_SIZE: {
            uint32_t d[3];
            if (tmu_cli_parse_dims(v, 2, 3, 16384, d, NULL))
                return tmu_cli_usage_error(name, "'%s' is not WxH or WxHxS (each 1..16384)",
                                           tmu_cli_shorten(echo, v));
            la->desc.width = d[0], la->desc.height = d[1], la->desc.slices = d[2];
            break;
        }
        case O_LEVELS:
            rc = tmu_cli_opt_int(name, v, 1, TMU_SURFACE_MAX_LEVELS, &n);
            la->desc.levels = (uint32_t)n;
            break;
        case O_SAMPLES:
            rc = tmu_cli_opt_int(name, v, 1, 16, &n);
            la->desc.samples = (uint32_t)n;
            break;
        case O_FLAGS:
            if ((rc = parse_flags(v, &la->desc.flags)) != 0)
                return rc;
            la->have_flags = 1;
            break;
        case O_RSRC:
            if (!strcasecmp(v, "1d"))
                la->desc.rsrc = TMU_SURF_1D;
            else if (!strcasecmp(v, "2d"))
                la->desc.rsrc = TMU_SURF_2D;
            else if (!strcasecmp(v, "3d"))
                la->desc.rsrc = TMU_SURF_3D;
            else
                return tmu_cli_usage_error(name, "is 1d, 2d or 3d, not '%s'", tmu_cli_shorten(echo, v));
            la->have_rsrc = 1;
            break;
        case O_PIPE_BANK_XOR:
            rc = tmu_cli_opt_int(name, v, 0, 0xffffffffLL, &n);
            la->desc.pipe_bank_xor = (uint32_t)n;
            break;
        case O_AT: {
            at_coord *c = &la->at[la->nat];
            int got = parse_list(v, c->v, 5, 0xffffffffLL);
            if (got < 2)
                return tmu_cli_usage_error(name, "'%s' is not X,Y[,SLICE[,SAMPLE[,LEVEL]]] "
                                                 "(integers 0..4294967295)",
                                           tmu_cli_shorten(echo, v));
            c->text = v;
            la->nat++;
            break;
        }
        case O_JSON: la->json = 1; break;
        case O_CHIPS: la->chips = 1; break;
        case O_PNG: la->png = 1; break;
        case O_LEVEL:
            rc = tmu_cli_opt_int(name, v, 0, TMU_SURFACE_MAX_LEVELS - 1, &n);
            la->level = (uint32_t)n;
            break;
        case O_SLICE:
            rc = tmu_cli_opt_int(name, v, 0, 16383, &n);
            la->slice = (uint32_t)n;
            break;
        case O_SAMPLE:
            rc = tmu_cli_opt_int(name, v, 0, 15, &n);
            la->sample = (uint32_t)n;
            break;
        case O_RECT:
            if (parse_list(v, la->rect, 4, 16384) != 4 || !la->rect[2] || !la->rect[3])
                return tmu_cli_usage_error(name, "'%s' is not X,Y,W,H (X, Y 0..16384; W, H "
                                                 "1..16384)",
                                           tmu_cli_shorten(echo, v));
            la->have_rect = 1;
            break;
        case O_INTO: la->into = v; break;
        case O_OUT: la->out = v; break;
        default: break;
        }
        if (rc)
            return rc;
    }
    if (la->chips) {
        for (size_t k = 0; k < O_COUNT; k++)
            if (k != O_CHIPS && k != O_JSON && (option_table[k].for_cmd & cmd)) {
                for (size_t i = 0; i < nopts; i++)
                    if (map[i] == k && a.seen[i])
                        return tmu_cli_usage_error("--chips", "takes no other option than "
                                                              "--json (got %s)",
                                                   option_table[k].opt.name);
            }
        return TMU_EXIT_OK;
    }
    if (!la->chip)
        return tmu_cli_usage_error("--chip", "missing (tmu layout --chips lists the presets)");
    int gfx9 = la->chip->gen == TMU_AMD_GFX9 || la->chip->gen == TMU_AMD_GFX10 ||
               la->chip->gen == TMU_AMD_GFX10_3;
    if (la->have_tile_index && la->have_swizzle)
        return tmu_cli_usage_error("--swizzle", "give either --tile-index (gfx6-8) or --swizzle "
                                                "(gfx9+), not both");
    if (gfx9 && !la->have_swizzle)
        return tmu_cli_usage_error(la->have_tile_index ? "--tile-index" : "--swizzle",
                                   "%s is %s: give its swizzle mode with --swizzle (e.g. "
                                   "SW_64KB_S_X)",
                                   la->chip->name, tmu_amd_gen_name(la->chip->gen));
    if (!gfx9 && !la->have_tile_index)
        return tmu_cli_usage_error(la->have_swizzle ? "--swizzle" : "--tile-index",
                                   "%s is %s: give its GB_TILE_MODE index with --tile-index",
                                   la->chip->name, tmu_amd_gen_name(la->chip->gen));
    if (!gfx9 && la->desc.pipe_bank_xor)
        return tmu_cli_usage_error("--pipe-bank-xor", "is for gfx9+ swizzle modes; %s is %s",
                                   la->chip->name, tmu_amd_gen_name(la->chip->gen));
    if (!la->desc.bpp)
        return tmu_cli_usage_error("--bpp", "missing (8, 16, 32, 64 or 128)");
    if (!la->desc.width)
        return tmu_cli_usage_error("--size", "missing (WxH or WxHxS, in elements)");
    /* --rsrc 3d and --flags volume are one request */
    int volume = (la->desc.flags & TMU_SURF_VOLUME) != 0;
    if (volume && la->have_rsrc && la->desc.rsrc != TMU_SURF_3D)
        return tmu_cli_usage_error("--rsrc", "a volume (--flags volume) is 3d");
    if (volume)
        la->desc.rsrc = TMU_SURF_3D;
    if (!gfx9 && la->desc.rsrc == TMU_SURF_3D) /* gfx6-8 take 3D from the flag */
        la->desc.flags |= TMU_SURF_VOLUME;
    if (cmd != FOR_LAYOUT) {
        if (!la->input)
            return tmu_cli_usage_error(NULL, "missing: the input file (%s)",
                                       cmd == FOR_DETILE ? "the tiled surface" : "the linear image");
        if (!la->out)
            return tmu_cli_usage_error("-o", "missing: give the output file (-o OUT, or -o - for "
                                             "stdout)");
        if (la->into && !strcmp(la->into, "-") && !strcmp(la->input, "-"))
            return tmu_cli_usage_error("--into", "standard input is already LINEAR");
    }
    return TMU_EXIT_OK;
}

/* Computes the surface of the arguments; prints the library's diagnostic on failure. */
static int make_surface(const layout_args *la, tmu_surface *s)
{
    tmu_diag d;
    if (tmu_surface_init_amd(s, la->chip, &la->desc, &d) != TMU_OK)
        return tmu_cli_error("surface", "%s", d.message[0] ? d.message : "cannot be laid out");
    return TMU_EXIT_OK;
}

/* ---- tmu layout ------------------------------------------------------------------------ */

static int is_gfx9(const tmu_surface *s)
{
    return s->kind == TMU_LAYOUT_AMD_GFX9;
}

static const char *rsrc_name(tmu_surf_rsrc r)
{
    return r == TMU_SURF_1D ? "1d" : r == TMU_SURF_3D ? "3d" : "2d";
}

static void print_flags(FILE *f, uint32_t flags, int json)
{
    int first = 1;
    for (size_t k = 0; k < NFLAGS; k++)
        if (flags & flag_names[k].bit) {
            fprintf(f, json ? "%s\"%s\"" : "%s%s", first ? "" : ",", flag_names[k].name);
            first = 0;
        }
    if (first && !json)
        fputs("none", f);
}

static int list_chips(int json)
{
    if (json)
        fputs("[", stdout);
    else
        printf("%-14s %-8s %6s %8s  %s\n", "name", "gen", "family", "revision", "GB_ADDR_CONFIG");
    for (size_t i = 0; i < tmu_amd_chip_count(); i++) {
        const tmu_amd_chip *c = tmu_amd_chip_at(i);
        if (json)
            printf("%s{\"name\": \"%s\", \"gen\": \"%s\", \"family\": %u, \"revision\": %u, "
                   "\"gb_addr_config\": \"0x%08x\"}",
                   i ? ", " : "", c->name, tmu_amd_gen_name(c->gen), c->family, c->revision,
                   c->gb_addr_config);
        else
            printf("%-14s %-8s %6u %8u  0x%08x%s\n", c->name, tmu_amd_gen_name(c->gen), c->family,
                   c->revision, c->gb_addr_config, strcmp(c->name, "liverpool") ? "" : "  (ps4)");
    }
    if (json)
        fputs("]\n", stdout);
    return TMU_EXIT_OK;
}

static void print_level(const tmu_surface *s, uint32_t i, int json)
{
    const tmu_surface_level *l = &s->level[i];
    const char *sep = json ? ", " : " ";
    const char *fmt_u = json ? "\"%s\": %llu" : "%s=%llu";
    const char *fmt_i = json ? "\"%s\": %lld" : "%s=%lld";
    const char *fmt_s = json ? "\"%s\": \"%s\"" : "%s=%s";
#define U(name, val) (printf("%s", sep), printf(fmt_u, name, (unsigned long long)(val)))
#define I(name, val) (printf("%s", sep), printf(fmt_i, name, (long long)(val)))
#define S(name, val) (printf("%s", sep), printf(fmt_s, name, val))
    if (json)
        printf("{\"level\": %u", i);
    else
        printf("level %u:", i);
    U("offset", l->offset);
    U("size", l->size);
    U("slice_size", l->slice_size);
    U("width", l->width);
    U("height", l->height);
    U("depth", l->depth);
    U("pitch", l->pitch);
    U("padded_height", l->padded_height);
    U("padded_depth", l->padded_depth);
    if (!is_gfx9(s)) {
        U("base_align", l->base_align);
        S("tile_mode", tmu_amd_tile_mode_name(l->tile_mode));
        S("tile_type", tmu_amd_tile_type_name(l->tile_type));
        I("tile_index", l->tile_index);
        I("macro_index", l->macro_index);
        U("banks", l->banks);
        U("bank_width", l->bank_width);
        U("bank_height", l->bank_height);
        U("macro_aspect", l->macro_aspect);
        U("tile_split", l->tile_split);
        U("pipe_config", l->pipe_config);
    } else {
        U("in_tail", l->in_tail);
        U("mip_tail_offset", l->mip_tail_offset);
    }
#undef U
#undef I
#undef S
    fputs(json ? "}" : "\n", stdout);
}

static int print_layout(const layout_args *la, const tmu_surface *s, const uint64_t *addr)
{
    const tmu_surface_desc *d = &s->desc;
    if (la->json) {
        printf("{\"chip\": \"%s\", \"gen\": \"%s\", \"desc\": {\"rsrc\": \"%s\", \"bpp\": %u, "
               "\"width\": %u, \"height\": %u, \"slices\": %u, \"levels\": %u, \"samples\": %u, "
               "\"flags\": [",
               la->chip->name, tmu_amd_gen_name(s->gen), rsrc_name(d->rsrc), d->bpp, d->width,
               d->height, d->slices, d->levels, d->samples);
        print_flags(stdout, d->flags, 1);
        if (is_gfx9(s))
            printf("], \"swizzle\": \"%s\", \"pipe_bank_xor\": %u}",
                   tmu_amd_swizzle_mode_name(d->swizzle_mode), d->pipe_bank_xor);
        else
            printf("], \"tile_index\": %d}", (int)d->tile_index);
        printf(", \"size\": %llu, \"base_align\": %u", (unsigned long long)s->size, s->base_align);
        if (is_gfx9(s))
            printf(", \"slice_size\": %llu, \"pitch\": %u, \"height\": %u, \"depth\": %u, "
                   "\"block\": [%u, %u, %u], \"mip_chain_in_tail\": %u, \"first_tail_mip\": %u",
                   (unsigned long long)s->slice_size, s->pitch, s->height, s->depth, s->block_w,
                   s->block_h, s->block_d, s->mip_chain_in_tail, s->first_tail_mip);
        fputs(", \"levels\": [", stdout);
        for (uint32_t i = 0; i < d->levels; i++) {
            fputs(i ? ", " : "", stdout);
            print_level(s, i, 1);
        }
        fputs("], \"at\": [", stdout);
        for (size_t i = 0; i < la->nat; i++) {
            const uint32_t *c = la->at[i].v;
            printf("%s{\"x\": %u, \"y\": %u, \"slice\": %u, \"sample\": %u, \"level\": %u, "
                   "\"address\": %llu}",
                   i ? ", " : "", c[0], c[1], c[2], c[3], c[4], (unsigned long long)addr[i]);
        }
        fputs("]}\n", stdout);
        return TMU_EXIT_OK;
    }
    printf("chip %s (%s), ", la->chip->name, tmu_amd_gen_name(s->gen));
    if (is_gfx9(s))
        printf("%s %s", rsrc_name(d->rsrc), tmu_amd_swizzle_mode_name(d->swizzle_mode));
    else
        printf("tile index %d", (int)d->tile_index);
    printf(", %u bpp, %ux%u, %u slice%s, %u level%s, %u sample%s, flags ", d->bpp, d->width,
           d->height, d->slices, d->slices == 1 ? "" : "s", d->levels, d->levels == 1 ? "" : "s",
           d->samples, d->samples == 1 ? "" : "s");
    print_flags(stdout, d->flags, 0);
    if (is_gfx9(s) && d->pipe_bank_xor)
        printf(", pipe_bank_xor %u", d->pipe_bank_xor);
    printf("\nsurface: size=%llu base_align=%u", (unsigned long long)s->size, s->base_align);
    if (is_gfx9(s))
        printf(" slice_size=%llu pitch=%u height=%u depth=%u block=%ux%ux%u "
               "mip_chain_in_tail=%u first_tail_mip=%u",
               (unsigned long long)s->slice_size, s->pitch, s->height, s->depth, s->block_w,
               s->block_h, s->block_d, s->mip_chain_in_tail, s->first_tail_mip);
    fputc('\n', stdout);
    for (uint32_t i = 0; i < d->levels; i++)
        print_level(s, i, 0);
    for (size_t i = 0; i < la->nat; i++) {
        const uint32_t *c = la->at[i].v;
        printf("at %u,%u,%u,%u,%u: %llu (0x%llx)\n", c[0], c[1], c[2], c[3], c[4],
               (unsigned long long)addr[i], (unsigned long long)addr[i]);
    }
    return TMU_EXIT_OK;
}

int tmu_cmd_layout(int argc, char **argv)
{
    tmu_cli_set_command("layout", layout_usage);
    if (tmu_layout_adreno_wanted(argc, argv)) /* --gpu: cmd_layout_adreno.c */
        return tmu_layout_adreno_run(TMU_ADRENO_CMD_LAYOUT, argc, argv, layout_usage);
    layout_args la;
    int rc = parse_args(argc, argv, FOR_LAYOUT, layout_usage, &la);
    if (rc < 0 || rc != TMU_EXIT_OK) {
        free(la.at);
        return rc < 0 ? TMU_EXIT_OK : rc;
    }
    if (la.chips) {
        free(la.at);
        return list_chips(la.json);
    }
    tmu_surface *s = malloc(sizeof *s);
    uint64_t *addr = malloc((la.nat ? la.nat : 1) * sizeof *addr);
    if (!s || !addr) {
        free(s);
        free(addr);
        free(la.at);
        return tmu_cli_error(NULL, "out of memory");
    }
    rc = make_surface(&la, s);
    /* every address first: nothing is printed unless all of them are inside the surface */
    for (size_t i = 0; rc == TMU_EXIT_OK && i < la.nat; i++) {
        const uint32_t *c = la.at[i].v;
        if (tmu_surface_address(s, c[4], c[0], c[1], c[2], c[3], &addr[i]) != TMU_OK) {
            char echo[TMU_CLI_ECHO_BUF];
            if (c[4] >= s->desc.levels) {
                tmu_cli_error("--at", "%s: level %u, but the surface has %u level%s",
                              tmu_cli_shorten(echo, la.at[i].text), c[4], s->desc.levels,
                              s->desc.levels == 1 ? "" : "s");
            } else {
                const tmu_surface_level *l = &s->level[c[4]];
                tmu_cli_error("--at", "%s: outside level %u (%ux%u, %u slice%s, %u sample%s)",
                              tmu_cli_shorten(echo, la.at[i].text), c[4], l->width, l->height,
                              l->depth, l->depth == 1 ? "" : "s", s->desc.samples,
                              s->desc.samples == 1 ? "" : "s");
            }
            rc = TMU_EXIT_FAIL;
            for (size_t j = i + 1; j < la.nat; j++) /* report every bad one */
                if (tmu_surface_address(s, la.at[j].v[4], la.at[j].v[0], la.at[j].v[1],
                                        la.at[j].v[2], la.at[j].v[3], &addr[j]) != TMU_OK)
                    tmu_cli_error("--at", "%s: outside the surface",
                                  tmu_cli_shorten(echo, la.at[j].text));
        }
    }
    if (rc == TMU_EXIT_OK)
        rc = print_layout(&la, s, addr);
    free(addr);
    free(s);
    free(la.at);
    return rc;
}

/* ---- tmu detile / retile ---------------------------------------------------------------- */

static int png_name(const char *path)
{
    size_t n = strlen(path);
    return n >= 4 && !strcasecmp(path + n - 4, ".png");
}

/* Fills *r with the rectangle of the arguments (default: the whole level) and checks it. */
static int make_rect(const layout_args *la, const tmu_surface *s, tmu_surface_rect *r)
{
    memset(r, 0, sizeof *r);
    if (la->level >= s->desc.levels)
        return tmu_cli_error("--level", "%u: the surface has %u level%s", la->level,
                             s->desc.levels, s->desc.levels == 1 ? "" : "s");
    const tmu_surface_level *l = &s->level[la->level];
    r->level = la->level, r->slice = la->slice, r->sample = la->sample;
    if (la->slice >= l->depth)
        return tmu_cli_error("--slice", "%u: level %u has %u slice%s", la->slice, la->level,
                             l->depth, l->depth == 1 ? "" : "s");
    if (la->sample >= s->desc.samples)
        return tmu_cli_error("--sample", "%u: the surface has %u sample%s", la->sample,
                             s->desc.samples, s->desc.samples == 1 ? "" : "s");
    if (la->have_rect) {
        r->x = la->rect[0], r->y = la->rect[1], r->w = la->rect[2], r->h = la->rect[3];
        if (r->x > l->width || r->w > l->width - r->x || r->y > l->height ||
            r->h > l->height - r->y)
            return tmu_cli_error("--rect", "%ux%u at (%u, %u) lies outside level %u (%ux%u)",
                                 r->w, r->h, r->x, r->y, la->level, l->width, l->height);
    } else {
        r->w = l->width, r->h = l->height;
    }
    return TMU_EXIT_OK;
}

#ifdef TMU_HAVE_PNG
static int png_format(uint32_t bytes, uint32_t *format)
{
    switch (bytes) {
    case 1: *format = PNG_FORMAT_GRAY; return 0;
    case 2: *format = PNG_FORMAT_GA; return 0;
    case 4: *format = PNG_FORMAT_RGBA; return 0;
    default: return -1;
    }
}
#endif

/* TMU_EXIT_OK when `bpp`-bit elements can be a PNG's pixels, else prints why not. */
static int png_check(const char *where, uint32_t bpp)
{
#ifdef TMU_HAVE_PNG
    if (bpp == 8 || bpp == 16 || bpp == 32)
        return TMU_EXIT_OK;
    return tmu_cli_error(where, "a PNG holds 8, 16 or 32-bit elements, not %u-bit ones; use raw "
                                "files",
                         bpp);
#else
    (void)bpp;
    return tmu_cli_error(where, "this tmu was built without libpng; use raw files");
#endif
}

/* Writes `size` bytes (or, with png, a w x h image of `bytes`-byte pixels) to la->out. */
static int write_output(const layout_args *la, const char *const *inputs, size_t ninputs,
                        const unsigned char *data, size_t size, int png, uint32_t w, uint32_t h)
{
    tmu_cli_output out;
    int rc = tmu_cli_output_open(&out, la->out, 1, inputs, ninputs);
    if (rc != TMU_EXIT_OK)
        return rc;
    int ok;
#ifdef TMU_HAVE_PNG
    png_image img;
    memset(&img, 0, sizeof img);
    if (png) {
        img.version = PNG_IMAGE_VERSION;
        img.width = w, img.height = h;
        png_format(la->desc.bpp / 8, &img.format);
        ok = png_image_write_to_stdio(&img, out.f, 0, data, 0, NULL) != 0;
    } else
#endif
    {
        (void)png, (void)w, (void)h;
        ok = size == 0 || fwrite(data, 1, size, out.f) == size;
    }
    rc = tmu_cli_output_close(&out, ok);
#ifdef TMU_HAVE_PNG
    if (!ok && rc == TMU_EXIT_OK && png)
        rc = tmu_cli_error(la->out, "cannot write PNG: %s", img.message);
#endif
    if (!ok && rc == TMU_EXIT_OK)
        rc = tmu_cli_error(la->out, "cannot write");
    return rc;
}

static const char *input_name(const char *path)
{
    return strcmp(path, "-") ? path : "<stdin>";
}

/* The first steps of detile and retile (`cmd`): the arguments, the surface (*s, malloc'd) and
 * the rectangle, and whether the linear image (detile's -o, retile's input) is a PNG: --png or
 * a .png name.  Returns -1 to go on, else an exit code (then *s is not allocated). */
static int convert_start(int argc, char **argv, unsigned cmd, void (*usage)(FILE *),
                         layout_args *la, tmu_surface **s, tmu_surface_rect *r, int *png)
{
    int rc = parse_args(argc, argv, cmd, usage, la);
    free(la->at);
    if (rc < 0 || rc != TMU_EXIT_OK)
        return rc < 0 ? TMU_EXIT_OK : rc;
    const char *linear = cmd == FOR_DETILE ? la->out : la->input;
    *png = la->png || png_name(linear);
    if (!(*s = malloc(sizeof **s)))
        return tmu_cli_error(NULL, "out of memory");
    if ((rc = make_surface(la, *s)) != TMU_EXIT_OK || (rc = make_rect(la, *s, r)) != TMU_EXIT_OK ||
        (*png && (rc = png_check(cmd == FOR_DETILE ? "-o" : input_name(linear), la->desc.bpp)) !=
                     TMU_EXIT_OK)) {
        free(*s);
        return rc;
    }
    return -1;
}

int tmu_cmd_detile(int argc, char **argv)
{
    tmu_cli_set_command("detile", detile_usage);
    if (tmu_layout_adreno_wanted(argc, argv)) /* --gpu: cmd_layout_adreno.c */
        return tmu_layout_adreno_run(TMU_ADRENO_CMD_DETILE, argc, argv, detile_usage);
    layout_args la;
    tmu_surface *s;
    tmu_surface_rect r;
    int png;
    int rc = convert_start(argc, argv, FOR_DETILE, detile_usage, &la, &s, &r, &png);
    if (rc >= 0)
        return rc;
    size_t pitch = (size_t)r.w * (la.desc.bpp / 8), lsize = pitch * r.h;
    if ((png && tmu_cli_check_pixels("--rect", r.w, r.h)) ||
        tmu_cli_reserve(input_name(la.input), "the tiled surface", s->size) ||
        tmu_cli_reserve("--rect", "the linear image", lsize)) {
        free(s);
        return TMU_EXIT_FAIL;
    }
    size_t tsize;
    unsigned char *tiled = (unsigned char *)tmu_cli_read_file(la.input, &tsize);
    if (!tiled) {
        free(s);
        return TMU_EXIT_FAIL;
    }
    if (tsize < s->size) {
        rc = tmu_cli_error(input_name(la.input), "%zu bytes, but the surface needs %llu (%s "
                                                  "%ux%ux%u, %u bpp, %u level%s)",
                           tsize, (unsigned long long)s->size, la.chip->name, la.desc.width,
                           la.desc.height, la.desc.slices, la.desc.bpp, la.desc.levels,
                           la.desc.levels == 1 ? "" : "s");
        free(tiled);
        free(s);
        return rc;
    }
    unsigned char *linear = malloc(lsize ? lsize : 1);
    if (!linear) {
        free(tiled);
        free(s);
        return tmu_cli_error("--rect", "out of memory for %zu bytes", lsize);
    }
    tmu_diag d;
    if (tmu_surface_detile(s, &r, tiled, tsize, linear, pitch, lsize, &d) != TMU_OK)
        rc = tmu_cli_error("surface", "%s", d.message);
    else {
        const char *inputs[1] = {la.input};
        rc = write_output(&la, inputs, 1, linear, lsize, png, r.w, r.h);
    }
    free(linear);
    free(tiled);
    free(s);
    return rc;
}

/* Reads the linear image of retile into a malloc'd buffer of exactly lsize bytes. */
static unsigned char *read_linear(const layout_args *la, int png, const tmu_surface_rect *r,
                                  size_t lsize)
{
    const char *where = input_name(la->input);
    size_t n;
    unsigned char *data = (unsigned char *)tmu_cli_read_file(la->input, &n);
    if (!data)
        return NULL;
    if (!png) {
        if (n != lsize) {
            tmu_cli_error(where, "%zu bytes, but a %ux%u rectangle of %u-bit elements is %zu",
                          n, r->w, r->h, la->desc.bpp, lsize);
            free(data);
            return NULL;
        }
        return data;
    }
#ifdef TMU_HAVE_PNG
    png_image img;
    memset(&img, 0, sizeof img);
    img.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_memory(&img, data, n)) {
        tmu_cli_error(where, "not a readable PNG: %s", img.message);
        free(data);
        return NULL;
    }
    if (img.width != r->w || img.height != r->h) {
        tmu_cli_error(where, "the PNG is %ux%u, but the rectangle is %ux%u", img.width,
                      img.height, r->w, r->h);
        png_image_free(&img);
        free(data);
        return NULL;
    }
    png_format(la->desc.bpp / 8, &img.format);
    unsigned char *px = malloc(lsize ? lsize : 1);
    if (!px || PNG_IMAGE_SIZE(img) != lsize || !png_image_finish_read(&img, NULL, px, 0, NULL)) {
        tmu_cli_error(where, "cannot read PNG: %s", px ? img.message : "out of memory");
        png_image_free(&img);
        free(px);
        free(data);
        return NULL;
    }
    free(data);
    return px;
#else
    (void)r;
    free(data);
    png_check(where, la->desc.bpp);
    return NULL;
#endif
}

int tmu_cmd_retile(int argc, char **argv)
{
    tmu_cli_set_command("retile", retile_usage);
    if (tmu_layout_adreno_wanted(argc, argv)) /* --gpu: cmd_layout_adreno.c */
        return tmu_layout_adreno_run(TMU_ADRENO_CMD_RETILE, argc, argv, retile_usage);
    layout_args la;
    tmu_surface *s;
    tmu_surface_rect r;
    int png;
    int rc = convert_start(argc, argv, FOR_RETILE, retile_usage, &la, &s, &r, &png);
    if (rc >= 0)
        return rc;
    size_t pitch = (size_t)r.w * (la.desc.bpp / 8), lsize = pitch * r.h;
    if ((png && tmu_cli_check_pixels(input_name(la.input), r.w, r.h)) ||
        tmu_cli_reserve("--rect", "the linear image", lsize) ||
        tmu_cli_reserve("-o", "the tiled surface", s->size)) {
        free(s);
        return TMU_EXIT_FAIL;
    }
    unsigned char *linear = read_linear(&la, png, &r, lsize);
    if (!linear) {
        free(s);
        return TMU_EXIT_FAIL;
    }
    unsigned char *tiled = NULL;
    size_t tsize = (size_t)s->size;
    if (la.into) {
        tiled = (unsigned char *)tmu_cli_read_file(la.into, &tsize);
        if (tiled && tsize < s->size) {
            rc = tmu_cli_error(input_name(la.into), "%zu bytes, but the surface needs %llu",
                               tsize, (unsigned long long)s->size);
            free(tiled);
            free(linear);
            free(s);
            return rc;
        }
    } else {
        tiled = calloc(1, tsize ? tsize : 1);
        if (!tiled)
            tmu_cli_error("-o", "out of memory for %zu bytes", tsize);
    }
    if (!tiled) {
        free(linear);
        free(s);
        return TMU_EXIT_FAIL;
    }
    tmu_diag d;
    if (tmu_surface_retile(s, &r, linear, pitch, lsize, tiled, tsize, &d) != TMU_OK)
        rc = tmu_cli_error("surface", "%s", d.message);
    else {
        const char *inputs[2] = {la.input, la.into};
        rc = write_output(&la, inputs, 2, tiled, tsize, 0, 0, 0);
    }
    free(tiled);
    free(linear);
    free(s);
    return rc;
}
