/* tmu layout / detile / retile — AMD surface layouts (tmu/layout.h) from the command line.
 *   tmu layout --chip NAME (--tile-index N | --swizzle MODE) --bpp B --size WxH[xS] [...]
 *   tmu detile SURFACE-OPTIONS [--level L] [--slice S] [--rect X,Y,W,H] -o OUT TILED
 *   tmu retile SURFACE-OPTIONS [--level L] [--slice S] [--rect X,Y,W,H] [--into TILED] -o OUT LINEAR
 * The surface is computed as AMD's addrlib computes it (tmu_surface_init_amd); this file has
 * the AMD surface options and printout, layout_cli.c the rest (shared with the Adreno family,
 * cmd_layout_adreno.c). */
#include "cli.h"
#include "cmd_layout_adreno.h"
#include "layout_cli.h"

#include <string.h>
#include <strings.h>

#include "tmu/layout.h"

/* ---- help ----------------------------------------------------------------------------- */

#define SURFACE_HELP                                                                              \
    "\n"                                                                                          \
    "surface (the fields of tmu_surface_desc):\n"                                                \
    "  --chip NAME        chip preset: tahiti bonaire hawaii kaveri liverpool (ps4) tonga\n"      \
    "                     polaris10 polaris12 (gfx6-8), vega10 raven navi10 navi14 navi21\n"      \
    "                     navi21_8pipe (gfx9-10.3), gfx11_32pipe gfx11_16pipe gfx11_8pipe\n"     \
    "                     gfx11_4pipe_2pkr gfx11_2pipe_1pkr (gfx11); tmu layout --chips\n"       \
    "                     lists them\n"                                                           \
    "  --tile-index N     gfx6-8: the GB_TILE_MODE index (T# TILING_INDEX), 0..31\n"              \
    "  --swizzle MODE     gfx9+: the swizzle mode, by addrlib's name (SW_64KB_S_X or 64KB_S_X)\n" \
    "                     or number (T# SW_MODE, 0..31; gfx11: 28..31 = SW_256KB_Z_X ...)\n"    \
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
            "--at prints the byte address of one element from the surface's base.  A gfx6-8\n"
            "level where addrlib keeps the THICK element order on a mode it thinned (the\n"
            "PS4's 64 bpp thick tile indices) prints one_to_one=0: its addresses, addrlib's,\n"
            "overlap and pass the level's end, and tmu detile / retile refuse it.\n"
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
    tmu_layout_adreno_help(out, LCLI_LAYOUT);
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
    tmu_layout_adreno_help(out, LCLI_DETILE);
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
    tmu_layout_adreno_help(out, LCLI_RETILE);
}

/* ---- options ----------------------------------------------------------------------------- */

/* The AMD surface options (layout_cli.c has the ones every family takes). */
enum {
    O_CHIP, O_TILE_INDEX, O_SWIZZLE, O_BPP, O_SIZE, O_LEVELS, O_SAMPLES, O_FLAGS, O_RSRC,
    O_PIPE_BANK_XOR, O_CHIPS, O_COUNT
};

static const layout_cli_opt option_table[O_COUNT] = {
    [O_CHIP] = {{"--chip", NULL, TMU_CLI_VALUE}, LCLI_ALL},
    [O_TILE_INDEX] = {{"--tile-index", NULL, TMU_CLI_VALUE}, LCLI_ALL},
    [O_SWIZZLE] = {{"--swizzle", NULL, TMU_CLI_VALUE}, LCLI_ALL},
    [O_BPP] = {{"--bpp", NULL, TMU_CLI_VALUE}, LCLI_ALL},
    [O_SIZE] = {{"--size", NULL, TMU_CLI_VALUE}, LCLI_ALL},
    [O_LEVELS] = {{"--levels", NULL, TMU_CLI_VALUE}, LCLI_ALL},
    [O_SAMPLES] = {{"--samples", NULL, TMU_CLI_VALUE}, LCLI_ALL},
    [O_FLAGS] = {{"--flags", NULL, TMU_CLI_VALUE}, LCLI_ALL},
    [O_RSRC] = {{"--rsrc", NULL, TMU_CLI_VALUE}, LCLI_ALL},
    [O_PIPE_BANK_XOR] = {{"--pipe-bank-xor", NULL, TMU_CLI_VALUE}, LCLI_ALL},
    [O_CHIPS] = {{"--chips", NULL, TMU_CLI_FLAG}, LCLI_LAYOUT},
};

const layout_cli_opt *tmu_layout_amd_options(size_t *count)
{
    *count = O_COUNT;
    return option_table;
}

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

/* The AMD surface the command line describes. */
typedef struct amd_args {
    const tmu_amd_chip *chip;
    tmu_surface_desc desc;
    int have_tile_index, have_swizzle, have_rsrc;
} amd_args;

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

/* layout_cli_family.option: one AMD surface option. */
static int amd_option(void *ctx, const layout_cli_common *c, size_t k, const char *name,
                      const char *v)
{
    amd_args *la = ctx;
    char echo[TMU_CLI_ECHO_BUF];
    long long n;
    int rc = 0;
    (void)c;
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
    case O_FLAGS: rc = parse_flags(v, &la->desc.flags); break;
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
    default: break; /* O_CHIPS: layout_cli.c notes it */
    }
    return rc;
}

/* layout_cli_family.finish: the AMD options together. */
static int amd_finish(void *ctx)
{
    amd_args *la = ctx;
    if (!la->chip)
        return tmu_cli_usage_error("--chip", "missing (tmu layout --chips lists the presets)");
    int gfx9 = la->chip->gen == TMU_AMD_GFX9 || la->chip->gen == TMU_AMD_GFX10 ||
               la->chip->gen == TMU_AMD_GFX10_3 || la->chip->gen == TMU_AMD_GFX11;
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
    return TMU_EXIT_OK;
}

/* layout_cli_family.make_surface: computes the surface of the arguments. */
static int amd_make_surface(const void *ctx, tmu_surface *s)
{
    const amd_args *la = ctx;
    tmu_diag d;
    if (tmu_surface_init_amd(s, la->chip, &la->desc, &d) != TMU_OK)
        return tmu_cli_error("surface", "%s", d.message[0] ? d.message : "cannot be laid out");
    return TMU_EXIT_OK;
}

/* layout_cli_family.shape */
static void amd_shape(const void *ctx, layout_cli_shape *sh)
{
    const amd_args *la = ctx;
    sh->elem_bits = la->desc.bpp;
    sh->in_bytes = 0;
    sh->slice_noun = "slice";
    sh->rect_unit = "";
    snprintf(sh->what, sizeof sh->what, "(%s %ux%ux%u, %u bpp, %u level%s)", la->chip->name,
             la->desc.width, la->desc.height, la->desc.slices, la->desc.bpp, la->desc.levels,
             la->desc.levels == 1 ? "" : "s");
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

/* layout_cli_family.list: --chips */
static int list_chips(int json)
{
    if (!json)
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
    return TMU_EXIT_OK;
}

/* layout_cli_family.print_level */
static void print_level(const tmu_surface *s, uint32_t i, int json)
{
    const tmu_surface_level *l = &s->level[i];
#define U(name, val) layout_cli_put_u(json, name, (unsigned long long)(val))
#define I(name, val) layout_cli_put_i(json, name, (long long)(val))
#define S(name, val) layout_cli_put_s(json, name, val)
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
        if (!tmu_surface_level_one_to_one(s, i)) /* addrlib's THICK order on a thinned mode */
            U("one_to_one", 0);
    } else {
        U("in_tail", l->in_tail);
        U("mip_tail_offset", l->mip_tail_offset);
    }
#undef U
#undef I
#undef S
    fputs(json ? "}" : "\n", stdout);
}

/* layout_cli_family.print_head: the surface line(s) before the levels. */
static int print_head(const void *ctx, const tmu_surface *s, int json)
{
    const amd_args *la = ctx;
    const tmu_surface_desc *d = &s->desc;
    if (json) {
        printf("{\"chip\": \"%s\", \"gen\": \"%s\", \"desc\": {\"rsrc\": \"%s\", \"bpp\": %u, "
               "\"width\": %u, \"height\": %u, \"slices\": %u, \"levels\": %u, \"samples\": %u, "
               "\"flags\": [",
               la->chip->name, tmu_amd_gen_name(s->gen), rsrc_name(d->rsrc), d->bpp, d->width,
               d->height, d->slices, d->levels, d->samples);
        print_flags(stdout, d->flags, 1);
        if (is_gfx9(s))
            printf("], \"swizzle\": \"%s\", \"pipe_bank_xor\": %u}",
                   tmu_amd_swizzle_mode_name_gen(s->gen, d->swizzle_mode), d->pipe_bank_xor);
        else
            printf("], \"tile_index\": %d}", (int)d->tile_index);
        printf(", \"size\": %llu, \"base_align\": %u", (unsigned long long)s->size, s->base_align);
        if (is_gfx9(s))
            printf(", \"slice_size\": %llu, \"pitch\": %u, \"height\": %u, \"depth\": %u, "
                   "\"block\": [%u, %u, %u], \"mip_chain_in_tail\": %u, \"first_tail_mip\": %u",
                   (unsigned long long)s->slice_size, s->pitch, s->height, s->depth, s->block_w,
                   s->block_h, s->block_d, s->mip_chain_in_tail, s->first_tail_mip);
        return TMU_EXIT_OK;
    }
    printf("chip %s (%s), ", la->chip->name, tmu_amd_gen_name(s->gen));
    if (is_gfx9(s))
        printf("%s %s", rsrc_name(d->rsrc), tmu_amd_swizzle_mode_name_gen(s->gen, d->swizzle_mode));
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
    return TMU_EXIT_OK;
}

/* ---- the three commands ----------------------------------------------------------------- */

static const layout_cli_family amd_family = {
    .opts = option_table,
    .nopts = O_COUNT,
    .list_opt = O_CHIPS,
    .max_level = TMU_SURFACE_MAX_LEVELS - 1,
    .max_sample = 15,
    .at_form = "X,Y[,SLICE[,SAMPLE[,LEVEL]]]",
    .option = amd_option,
    .finish = amd_finish,
    .list = list_chips,
    .make_surface = amd_make_surface,
    .shape = amd_shape,
    .print_head = print_head,
    .print_level = print_level,
    .why_unaddressable = NULL, /* every AMD level has its element order */
};

/* Runs `cmd` (LCLI_*) on the AMD surface of argv, or hands an Adreno one (--gpu, --gpus) over
 * to cmd_layout_adreno.c. */
static int run(unsigned cmd, int argc, char **argv, void (*usage)(FILE *))
{
    if (tmu_layout_adreno_wanted(argc, argv))
        return tmu_layout_adreno_run(cmd, argc, argv, usage);
    amd_args la;
    memset(&la, 0, sizeof la);
    la.desc.rsrc = TMU_SURF_2D;
    la.desc.levels = la.desc.samples = la.desc.slices = 1;
    la.desc.flags = TMU_SURF_TEXTURE;
    return layout_cli_run(&amd_family, &la, cmd, argc, argv, usage);
}

int tmu_cmd_layout(int argc, char **argv)
{
    tmu_cli_set_command("layout", layout_usage);
    return run(LCLI_LAYOUT, argc, argv, layout_usage);
}

int tmu_cmd_detile(int argc, char **argv)
{
    tmu_cli_set_command("detile", detile_usage);
    return run(LCLI_DETILE, argc, argv, detile_usage);
}

int tmu_cmd_retile(int argc, char **argv)
{
    tmu_cli_set_command("retile", retile_usage);
    return run(LCLI_RETILE, argc, argv, retile_usage);
}
