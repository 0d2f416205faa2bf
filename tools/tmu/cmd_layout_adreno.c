/* tmu layout / detile / retile on Adreno a6xx / a7xx surfaces (--gpu).
 *   tmu layout --gpu NAME --tile 3|2|0 (--cpp N | --bpp B) --size WxH[xD] [...]
 *   tmu layout --gpus [--json]
 *   tmu detile --gpu NAME ... [--level L] [--slice S] [--rect X,Y,W,H] -o OUT TILED
 *   tmu retile --gpu NAME ... [--level L] [--slice S] [--rect X,Y,W,H] [--into TILED] -o OUT LINEAR
 * The surface is laid out as Mesa's fdl6_layout does (tmu_surface_init_adreno); this file only
 * parses, checks and prints.  cmd_layout.c hands over every command line with --gpu / --gpus. */
#include "cmd_layout_adreno.h"

#include "cli.h"
#include "cli_common.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "tmu/layout.h"

#ifdef TMU_HAVE_PNG
#include <png.h>
#endif

/* ---- help ----------------------------------------------------------------------------- */

void tmu_layout_adreno_help(FILE *out, int cmd)
{
    fputs("\n"
          "Adreno a6xx / a7xx surfaces (laid out as Mesa's freedreno fdl6_layout does; --gpu\n"
          "and --chip exclude each other):\n"
          "  --gpu NAME         a610 a630 a660 a730 a750 (also 660 or FD660; a6xx = a630,\n"
          "                     a7xx = a730); tmu layout --gpus lists them\n"
          "  --tile 3|2|0       TILE6_3, TILE6_2 or TILE6_LINEAR (the names work too)\n"
          "  --cpp N            bytes per element, or per block of a compressed format: 1, 2,\n"
          "                     4, 8 or 16 (--bpp B gives it in bits instead)\n"
          "  --block WxH        format block in texels for compressed formats (default 1x1;\n"
          "                     BCn / ETC2: 4x4)\n"
          "  --size WxH[xD]     level-0 extent in texels; D = the depth of a --3d surface\n"
          "  --layers N         array layers (cube: 6 x cubes; default 1)\n"
          "  --3d               a 3D surface (depth from --size)\n"
          "  --ubwc             ask for UBWC compression (fdl_layout.ubwc)\n"
          "  --mutable          a mutable-format image\n"
          "  --levels L, --samples N as above (samples 1, 2, 4 or 8)\n",
          out);
    if (cmd == TMU_ADRENO_CMD_LAYOUT)
        fputs("  --gpus             list the Adreno presets: name, generation, highest bank bit,\n"
              "                     UBWC bank swizzle levels, macrotile mode (--json: an array)\n"
              "  Per level tmu layout prints the tile mode kept, offset, pitch (elements) and\n"
              "  row_pitch (bytes), size, slice_size (one layer or 3D slice), layer_stride and\n"
              "  the UBWC metadata offset, pitch and size; the surface line has fdl_layout's\n"
              "  size, base_align, pitch0, pitchalign, layer_size, ubwc_* and bank facts.\n"
              "  --at X,Y[,LAYER[,SAMPLE[,LEVEL]]] takes block coordinates.\n",
              out);
    fputs("  Levels that are UBWC-compressed, TILE6_2, or TILE6_3 with 32-byte pixels have no\n"
          "  known element order: --at, detile and retile refuse them.\n"
          "example: tmu layout --gpu a660 --tile 3 --cpp 4 --size 256x256 --levels 9 --at 5,3\n",
          out);
}

/* ---- options ----------------------------------------------------------------------------- */

enum {
    A_GPU, A_GPUS, A_TILE, A_CPP, A_BPP, A_BLOCK, A_SIZE, A_LAYERS, A_LEVELS, A_SAMPLES, A_3D,
    A_UBWC, A_MUTABLE, A_AT, A_JSON, A_LEVEL, A_SLICE, A_SAMPLE, A_RECT, A_PNG, A_INTO, A_OUT,
    A_CHIP, A_CHIPS, A_TILE_INDEX, A_SWIZZLE, A_FLAGS, A_RSRC, A_PIPE_BANK_XOR, A_COUNT
};

enum { F_LAYOUT = 1, F_DETILE = 2, F_RETILE = 4, F_ALL = 7, F_CONVERT = 6 };

static const struct {
    tmu_cli_option opt;
    unsigned for_cmd;
} atable[A_COUNT] = {
    [A_GPU] = {{"--gpu", NULL, TMU_CLI_VALUE}, F_ALL},
    [A_GPUS] = {{"--gpus", NULL, TMU_CLI_FLAG}, F_LAYOUT},
    [A_TILE] = {{"--tile", NULL, TMU_CLI_VALUE}, F_ALL},
    [A_CPP] = {{"--cpp", NULL, TMU_CLI_VALUE}, F_ALL},
    [A_BPP] = {{"--bpp", NULL, TMU_CLI_VALUE}, F_ALL},
    [A_BLOCK] = {{"--block", NULL, TMU_CLI_VALUE}, F_ALL},
    [A_SIZE] = {{"--size", NULL, TMU_CLI_VALUE}, F_ALL},
    [A_LAYERS] = {{"--layers", NULL, TMU_CLI_VALUE}, F_ALL},
    [A_LEVELS] = {{"--levels", NULL, TMU_CLI_VALUE}, F_ALL},
    [A_SAMPLES] = {{"--samples", NULL, TMU_CLI_VALUE}, F_ALL},
    [A_3D] = {{"--3d", NULL, TMU_CLI_FLAG}, F_ALL},
    [A_UBWC] = {{"--ubwc", NULL, TMU_CLI_FLAG}, F_ALL},
    [A_MUTABLE] = {{"--mutable", NULL, TMU_CLI_FLAG}, F_ALL},
    [A_AT] = {{"--at", NULL, TMU_CLI_REPEAT}, F_LAYOUT},
    [A_JSON] = {{"--json", NULL, TMU_CLI_FLAG}, F_LAYOUT},
    [A_LEVEL] = {{"--level", NULL, TMU_CLI_VALUE}, F_CONVERT},
    [A_SLICE] = {{"--slice", NULL, TMU_CLI_VALUE}, F_CONVERT},
    [A_SAMPLE] = {{"--sample", NULL, TMU_CLI_VALUE}, F_CONVERT},
    [A_RECT] = {{"--rect", NULL, TMU_CLI_VALUE}, F_CONVERT},
    [A_PNG] = {{"--png", NULL, TMU_CLI_FLAG}, F_CONVERT},
    [A_INTO] = {{"--into", NULL, TMU_CLI_VALUE}, F_RETILE},
    [A_OUT] = {{"-o", "--output", TMU_CLI_VALUE}, F_CONVERT},
    /* AMD-only options: accepted by the parser so that the error can say why */
    [A_CHIP] = {{"--chip", NULL, TMU_CLI_VALUE}, F_ALL},
    [A_CHIPS] = {{"--chips", NULL, TMU_CLI_FLAG}, F_LAYOUT},
    [A_TILE_INDEX] = {{"--tile-index", NULL, TMU_CLI_VALUE}, F_ALL},
    [A_SWIZZLE] = {{"--swizzle", NULL, TMU_CLI_VALUE}, F_ALL},
    [A_FLAGS] = {{"--flags", NULL, TMU_CLI_VALUE}, F_ALL},
    [A_RSRC] = {{"--rsrc", NULL, TMU_CLI_VALUE}, F_ALL},
    [A_PIPE_BANK_XOR] = {{"--pipe-bank-xor", NULL, TMU_CLI_VALUE}, F_ALL},
};

typedef struct ad_at {
    uint32_t v[5]; /* x, y, layer, sample, level */
    const char *text;
} ad_at;

typedef struct ad_args {
    const tmu_adreno_gpu *gpu;
    tmu_adreno_surface_desc desc;
    int have_tile, have_size, have_cpp, have_bpp, have_depth;
    int json, gpus, png;
    uint32_t level, slice, sample;
    int have_rect;
    uint32_t rect[4];
    const char *out, *into, *input;
    ad_at *at;
    size_t nat;
} ad_args;

int tmu_layout_adreno_wanted(int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--"))
            return 0;
        if (!strcmp(a, "--gpu") || !strcmp(a, "--gpus") || !strncmp(a, "--gpu=", 6) ||
            !strncmp(a, "--gpus=", 7))
            return 1;
    }
    return 0;
}

static int ad_list(const char *text, uint32_t *out, int max, long long limit)
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

static const tmu_adreno_gpu *find_gpu(const char *name)
{
    if (!strcasecmp(name, "a6xx"))
        name = "a630";
    else if (!strcasecmp(name, "a7xx"))
        name = "a730";
    return tmu_adreno_gpu_find(name);
}

static int unknown_gpu(const char *given)
{
    const char *names[16];
    size_t n = tmu_adreno_gpu_count();
    if (n > 14)
        n = 14;
    for (size_t i = 0; i < n; i++)
        names[i] = tmu_adreno_gpu_at(i)->name;
    names[n++] = "a6xx";
    names[n++] = "a7xx";
    return tmu_cli_unknown_name("--gpu", "Adreno GPU", given, names, n);
}

static int parse_tile(const char *v, tmu_adreno_tile_mode *mode)
{
    if (!strcmp(v, "0")) {
        *mode = TMU_TILE6_LINEAR;
        return 0;
    }
    int m = tmu_adreno_tile_mode_from_name(v);
    if (m < 0) {
        char echo[TMU_CLI_ECHO_BUF];
        return tmu_cli_usage_error("--tile", "is 3, 2 or 0 (TILE6_3, TILE6_2, TILE6_LINEAR), "
                                             "not '%s'",
                                   tmu_cli_shorten(echo, v));
    }
    *mode = (tmu_adreno_tile_mode)m;
    return 0;
}

/* Parses the command line into *la.  Returns TMU_EXIT_OK, TMU_EXIT_USAGE after a usage error,
 * or -1 after printing the help. */
static int ad_parse(int argc, char **argv, unsigned cmd, void (*usage)(FILE *), ad_args *la)
{
    tmu_cli_option opts[A_COUNT];
    size_t map[A_COUNT], nopts = 0;
    for (size_t k = 0; k < A_COUNT; k++)
        if (atable[k].for_cmd & cmd) {
            map[nopts] = k;
            opts[nopts++] = atable[k].opt;
        }
    memset(la, 0, sizeof *la);
    la->desc.block_w = la->desc.block_h = 1;
    la->desc.depth = la->desc.layers = la->desc.levels = la->desc.samples = 1;
    la->desc.tile_mode = TMU_TILE6_LINEAR;
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
            if (cmd == F_LAYOUT)
                return tmu_cli_usage_error(where, "unexpected '%s' (every input is an option)",
                                           tmu_cli_shorten(echo, v));
            if (la->input)
                return tmu_cli_usage_error(where, "unexpected '%s': give one input file",
                                           tmu_cli_shorten(echo, v));
            la->input = v;
            continue;
        }
        size_t k = map[r];
        const char *name = atable[k].opt.name;
        switch (k) {
        case A_GPU:
            if (!(la->gpu = find_gpu(v)))
                return unknown_gpu(v);
            break;
        case A_GPUS: la->gpus = 1; break;
        case A_TILE:
            if ((rc = parse_tile(v, &la->desc.tile_mode)) != 0)
                return rc;
            la->have_tile = 1;
            break;
        case A_CPP:
            rc = tmu_cli_opt_int(name, v, 1, 16, &n);
            if (!rc && (n & (n - 1)))
                return tmu_cli_usage_error(name, "is 1, 2, 4, 8 or 16, not %lld", n);
            la->desc.block_bytes = (uint32_t)n;
            la->have_cpp = 1;
            break;
        case A_BPP:
            rc = tmu_cli_opt_int(name, v, 8, 128, &n);
            if (!rc && (n % 8 || ((n / 8) & (n / 8 - 1))))
                return tmu_cli_usage_error(name, "is 8, 16, 32, 64 or 128, not %lld", n);
            la->desc.block_bytes = (uint32_t)(n / 8);
            la->have_bpp = 1;
            break;
        case A_BLOCK: {
            uint32_t d[3];
            if (tmu_cli_parse_dims(v, 2, 2, 16, d, NULL))
                return tmu_cli_usage_error(name, "'%s' is not WxH (each 1..16)",
                                           tmu_cli_shorten(echo, v));
            la->desc.block_w = d[0], la->desc.block_h = d[1];
            break;
        }
        case A_SIZE: {
            uint32_t d[3];
            if (tmu_cli_parse_dims(v, 2, 3, 16384, d, NULL))
                return tmu_cli_usage_error(name, "'%s' is not WxH or WxHxD (each 1..16384)",
                                           tmu_cli_shorten(echo, v));
            la->desc.width = d[0], la->desc.height = d[1], la->desc.depth = d[2];
            la->have_depth = strchr(strchr(v, 'x') + 1, 'x') != NULL;
            la->have_size = 1;
            break;
        }
        case A_LAYERS:
            rc = tmu_cli_opt_int(name, v, 1, 2048, &n);
            la->desc.layers = (uint32_t)n;
            break;
        case A_LEVELS:
            rc = tmu_cli_opt_int(name, v, 1, 15, &n);
            la->desc.levels = (uint32_t)n;
            break;
        case A_SAMPLES:
            rc = tmu_cli_opt_int(name, v, 1, 8, &n);
            if (!rc && (n & (n - 1)))
                return tmu_cli_usage_error(name, "is 1, 2, 4 or 8, not %lld", n);
            la->desc.samples = (uint32_t)n;
            break;
        case A_3D: la->desc.is_3d = 1; break;
        case A_UBWC: la->desc.ubwc = 1; break;
        case A_MUTABLE: la->desc.is_mutable = 1; break;
        case A_AT: {
            ad_at *c = &la->at[la->nat];
            if (ad_list(v, c->v, 5, 0xffffffffLL) < 2)
                return tmu_cli_usage_error(name, "'%s' is not X,Y[,LAYER[,SAMPLE[,LEVEL]]] "
                                                 "(integers 0..4294967295)",
                                           tmu_cli_shorten(echo, v));
            c->text = v;
            la->nat++;
            break;
        }
        case A_JSON: la->json = 1; break;
        case A_PNG: la->png = 1; break;
        case A_LEVEL:
            rc = tmu_cli_opt_int(name, v, 0, 14, &n);
            la->level = (uint32_t)n;
            break;
        case A_SLICE:
            rc = tmu_cli_opt_int(name, v, 0, 16383, &n);
            la->slice = (uint32_t)n;
            break;
        case A_SAMPLE:
            rc = tmu_cli_opt_int(name, v, 0, 7, &n);
            la->sample = (uint32_t)n;
            break;
        case A_RECT:
            if (ad_list(v, la->rect, 4, 16384) != 4 || !la->rect[2] || !la->rect[3])
                return tmu_cli_usage_error(name, "'%s' is not X,Y,W,H (X, Y 0..16384; W, H "
                                                 "1..16384)",
                                           tmu_cli_shorten(echo, v));
            la->have_rect = 1;
            break;
        case A_INTO: la->into = v; break;
        case A_OUT: la->out = v; break;
        case A_CHIP:
        case A_CHIPS:
            return tmu_cli_usage_error(name, "is for AMD surfaces; --gpu%s (Adreno) and --chip "
                                             "exclude each other",
                                       la->gpus ? "s" : "");
        default: /* the other AMD-only options */
            return tmu_cli_usage_error(name, "is for AMD surfaces (--chip), not Adreno ones "
                                             "(--gpu)");
        }
        if (rc)
            return rc;
    }
    if (la->gpus) {
        for (size_t i = 0; i < nopts; i++)
            if (a.seen[i] && map[i] != A_GPUS && map[i] != A_JSON)
                return tmu_cli_usage_error("--gpus", "takes no other option than --json (got %s)",
                                           atable[map[i]].opt.name);
        return TMU_EXIT_OK;
    }
    if (!la->gpu)
        return tmu_cli_usage_error("--gpu", "missing (tmu layout --gpus lists the presets)");
    if (!la->have_tile)
        return tmu_cli_usage_error("--tile", "missing: 3 (TILE6_3), 2 (TILE6_2) or 0 "
                                             "(TILE6_LINEAR)");
    if (la->have_cpp && la->have_bpp)
        return tmu_cli_usage_error("--bpp", "give either --cpp (bytes) or --bpp (bits), not both");
    if (!la->have_cpp && !la->have_bpp)
        return tmu_cli_usage_error("--cpp", "missing: bytes per element or block (1, 2, 4, 8 "
                                            "or 16), or --bpp in bits");
    if (!la->have_size)
        return tmu_cli_usage_error("--size", "missing (WxH, or WxHxD with --3d; in texels)");
    if (la->have_depth && !la->desc.is_3d)
        return tmu_cli_usage_error("--size", "a depth (WxHxD) is for --3d surfaces; array "
                                             "layers are --layers N");
    if (la->desc.is_3d && la->desc.layers != 1)
        return tmu_cli_usage_error("--layers", "a --3d surface has one layer (its depth is "
                                               "--size WxHxD)");
    if (cmd != F_LAYOUT) {
        if (!la->input)
            return tmu_cli_usage_error(NULL, "missing: the input file (%s)",
                                       cmd == F_DETILE ? "the tiled surface" : "the linear image");
        if (!la->out)
            return tmu_cli_usage_error("-o", "missing: give the output file (-o OUT, or -o - for "
                                             "stdout)");
        if (la->into && !strcmp(la->into, "-") && !strcmp(la->input, "-"))
            return tmu_cli_usage_error("--into", "standard input is already LINEAR");
    }
    return TMU_EXIT_OK;
}

static int ad_make_surface(const ad_args *la, tmu_surface *s)
{
    tmu_diag d;
    memset(&d, 0, sizeof d);
    if (tmu_surface_init_adreno(s, la->gpu, &la->desc, &d) != TMU_OK)
        return tmu_cli_error("surface", "%s", d.message[0] ? d.message : "cannot be laid out");
    return TMU_EXIT_OK;
}

/* Why tmu has no element order for `level` (only for levels that are not addressable). */
static const char *why_unaddressable(const tmu_surface *s, uint32_t level)
{
    const tmu_surface_level *l = &s->level[level];
    if (l->ubwc)
        return "it is UBWC-compressed";
    if (l->adreno_tile_mode == TMU_TILE6_2)
        return "it is TILE6_2, whose element order is not known (Mesa has none)";
    return "it is TILE6_3 with 32-byte pixels (Mesa's tiled copies stop at 16 bytes)";
}

static int refuse_level(const char *where, const tmu_surface *s, uint32_t level)
{
    return tmu_cli_error(where, "level %u has no known element order: %s", level,
                         why_unaddressable(s, level));
}

/* ---- tmu layout ------------------------------------------------------------------------ */

static const char *macrotile_name(tmu_adreno_macrotile_mode m)
{
    return m == TMU_ADRENO_MACROTILE_8_CHANNEL ? "8_channel" : "4_channel";
}

static const char *chip_id_text(uint64_t id, char buf[24])
{
    snprintf(buf, 24, "0x%llx", (unsigned long long)id);
    return buf;
}

static const char *swizzle_text(uint32_t v, char buf[16])
{
    snprintf(buf, 16, "0x%x", v);
    return buf;
}

static int list_gpus(int json)
{
    char chip[24], sw[16];
    if (json)
        fputs("[", stdout);
    else
        printf("%-6s %-5s %6s %10s %4s %7s %-9s %s\n", "name", "gen", "gpu_id", "chip_id", "hbb",
               "swizzle", "macrotile", "ubwc_linear_mipmap_fallback");
    for (size_t i = 0; i < tmu_adreno_gpu_count(); i++) {
        const tmu_adreno_gpu *g = tmu_adreno_gpu_at(i);
        if (json)
            printf("%s{\"name\": \"%s\", \"gen\": \"a%uxx\", \"gpu_id\": %u, \"chip_id\": "
                   "\"0x%llx\", \"highest_bank_bit\": %u, \"ubwc_swizzle\": \"0x%x\", "
                   "\"macrotile_mode\": \"%s\", \"has_ubwc_linear_mipmap_fallback\": %u}",
                   i ? ", " : "", g->name, g->gen, g->gpu_id, (unsigned long long)g->chip_id,
                   g->highest_bank_bit, g->ubwc_swizzle, macrotile_name(g->macrotile_mode),
                   g->has_ubwc_linear_mipmap_fallback);
        else
            printf("%-6s a%uxx  %6u %10s %4u %7s %-9s %u\n", g->name, g->gen, g->gpu_id,
                   chip_id_text(g->chip_id, chip), g->highest_bank_bit,
                   swizzle_text(g->ubwc_swizzle, sw), macrotile_name(g->macrotile_mode),
                   g->has_ubwc_linear_mipmap_fallback);
    }
    if (json)
        fputs("]\n", stdout);
    return TMU_EXIT_OK;
}

static void print_level(const tmu_surface *s, uint32_t i, int json)
{
    const tmu_surface_level *l = &s->level[i];
    const char *fmt_u = json ? ", \"%s\": %llu" : " %s=%llu";
#define U(name, val) printf(fmt_u, name, (unsigned long long)(val))
    if (json)
        printf("{\"level\": %u, \"tile_mode\": \"%s\"", i,
               tmu_adreno_tile_mode_name((tmu_adreno_tile_mode)l->adreno_tile_mode));
    else
        printf("level %u: tile_mode=%s", i,
               tmu_adreno_tile_mode_name((tmu_adreno_tile_mode)l->adreno_tile_mode));
    U("ubwc", l->ubwc);
    U("offset", l->offset);
    U("width", l->width);
    U("height", l->height);
    U("depth", l->depth);
    U("pitch", l->pitch);
    U("row_pitch", l->row_pitch);
    U("padded_height", l->padded_height);
    U("slice_size", l->slice_size);
    U("size", l->size);
    U("layer_stride", l->layer_stride);
    U("ubwc_offset", l->ubwc_offset);
    U("ubwc_pitch", l->ubwc_pitch);
    U("ubwc_size", l->ubwc_size);
    U("addressable", tmu_surface_level_addressable(s, i));
#undef U
    fputs(json ? "}" : "\n", stdout);
}

static void print_info(const tmu_adreno_layout_info *f, int json)
{
    const char *fmt_u = json ? ", \"%s\": %llu" : " %s=%llu";
#define U(name, val) printf(fmt_u, name, (unsigned long long)(val))
    if (json)
        printf("{\"size\": %llu", (unsigned long long)f->size);
    else
        printf("surface: size=%llu", (unsigned long long)f->size);
    U("base_align", f->base_align);
    U("cpp", f->cpp);
    printf(json ? ", \"tile_mode\": \"%s\"" : " tile_mode=%s",
           tmu_adreno_tile_mode_name(f->tile_mode));
    U("ubwc", f->ubwc);
    U("layer_first", f->layer_first);
    U("tile_all", f->tile_all);
    U("pitchalign", f->pitchalign);
    U("pitch0", f->pitch0);
    U("ubwc_width0", f->ubwc_width0);
    U("ubwc_block_w", f->ubwc_block_w);
    U("ubwc_block_h", f->ubwc_block_h);
    U("layer_size", f->layer_size);
    U("ubwc_layer_size", f->ubwc_layer_size);
    U("highest_bank_bit", f->highest_bank_bit);
    printf(json ? ", \"ubwc_swizzle\": \"0x%x\", \"macrotile_mode\": \"%s\"}"
                : " ubwc_swizzle=0x%x macrotile_mode=%s\n",
           f->ubwc_swizzle, macrotile_name(f->macrotile_mode));
#undef U
}

static int print_layout(const ad_args *la, const tmu_surface *s, const uint64_t *addr)
{
    const tmu_adreno_surface_desc *d = &la->desc;
    tmu_adreno_layout_info f;
    if (tmu_surface_adreno_info(s, &f) != TMU_OK)
        return tmu_cli_error("surface", "no Adreno layout information");
    if (la->json) {
        printf("{\"gpu\": \"%s\", \"desc\": {\"tile\": \"%s\", \"cpp\": %u, \"block\": [%u, %u], "
               "\"width\": %u, \"height\": %u, \"depth\": %u, \"layers\": %u, \"levels\": %u, "
               "\"samples\": %u, \"3d\": %u, \"ubwc\": %u, \"mutable\": %u}, \"surface\": ",
               la->gpu->name, tmu_adreno_tile_mode_name(d->tile_mode), d->block_bytes,
               d->block_w, d->block_h, d->width, d->height, d->depth, d->layers, d->levels,
               d->samples, d->is_3d, d->ubwc, d->is_mutable);
        print_info(&f, 1);
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
    printf("gpu %s (a%uxx), %s, cpp %u (block %ux%u), %ux%u", la->gpu->name, la->gpu->gen,
           tmu_adreno_tile_mode_name(d->tile_mode), d->block_bytes, d->block_w, d->block_h,
           d->width, d->height);
    if (d->is_3d)
        printf("x%u 3d", d->depth);
    else
        printf(", %u layer%s", d->layers, d->layers == 1 ? "" : "s");
    printf(", %u level%s, %u sample%s%s%s\n", d->levels, d->levels == 1 ? "" : "s", d->samples,
           d->samples == 1 ? "" : "s", d->ubwc ? ", ubwc" : "", d->is_mutable ? ", mutable" : "");
    print_info(&f, 0);
    for (uint32_t i = 0; i < d->levels; i++)
        print_level(s, i, 0);
    for (size_t i = 0; i < la->nat; i++) {
        const uint32_t *c = la->at[i].v;
        printf("at %u,%u,%u,%u,%u: %llu (0x%llx)\n", c[0], c[1], c[2], c[3], c[4],
               (unsigned long long)addr[i], (unsigned long long)addr[i]);
    }
    return TMU_EXIT_OK;
}

/* The address of one --at element, or an error naming it (returns TMU_EXIT_FAIL). */
static int at_address(const ad_args *la, const tmu_surface *s, size_t i, uint64_t *addr)
{
    const uint32_t *c = la->at[i].v;
    char echo[TMU_CLI_ECHO_BUF];
    tmu_cli_shorten(echo, la->at[i].text);
    if (c[4] >= s->desc.levels)
        return tmu_cli_error("--at", "%s: level %u, but the surface has %u level%s", echo, c[4],
                             s->desc.levels, s->desc.levels == 1 ? "" : "s");
    if (!tmu_surface_level_addressable(s, c[4]))
        return tmu_cli_error("--at", "%s: level %u has no known element order: %s", echo, c[4],
                             why_unaddressable(s, c[4]));
    if (tmu_surface_address(s, c[4], c[0], c[1], c[2], c[3], addr) != TMU_OK) {
        const tmu_surface_level *l = &s->level[c[4]];
        return tmu_cli_error("--at", "%s: outside level %u (%ux%u blocks, %u %s, %u sample%s)",
                             echo, c[4], l->width, l->height, l->depth,
                             la->desc.is_3d ? (l->depth == 1 ? "slice" : "slices")
                                            : (l->depth == 1 ? "layer" : "layers"),
                             la->desc.samples, la->desc.samples == 1 ? "" : "s");
    }
    return TMU_EXIT_OK;
}

static int ad_layout(ad_args *la)
{
    if (la->gpus)
        return list_gpus(la->json);
    tmu_surface *s = malloc(sizeof *s);
    uint64_t *addr = malloc((la->nat ? la->nat : 1) * sizeof *addr);
    int rc;
    if (!s || !addr)
        rc = tmu_cli_error(NULL, "out of memory");
    else
        rc = ad_make_surface(la, s);
    /* every address first: nothing is printed unless all of them are good */
    int bad = 0;
    for (size_t i = 0; rc == TMU_EXIT_OK && i < la->nat; i++)
        if (at_address(la, s, i, &addr[i]) != TMU_EXIT_OK)
            bad = 1;
    if (rc == TMU_EXIT_OK && bad)
        rc = TMU_EXIT_FAIL;
    if (rc == TMU_EXIT_OK)
        rc = print_layout(la, s, addr);
    free(addr);
    free(s);
    return rc;
}

/* ---- tmu detile / retile ---------------------------------------------------------------- */

static const char *input_name(const char *path)
{
    return strcmp(path, "-") ? path : "<stdin>";
}

static int png_name(const char *path)
{
    size_t n = strlen(path);
    return n >= 4 && !strcasecmp(path + n - 4, ".png");
}

#ifdef TMU_HAVE_PNG
static uint32_t png_format_of(uint32_t bytes)
{
    return bytes == 1 ? PNG_FORMAT_GRAY : bytes == 2 ? PNG_FORMAT_GA : PNG_FORMAT_RGBA;
}
#endif

static int png_check(const char *where, uint32_t bytes)
{
#ifdef TMU_HAVE_PNG
    if (bytes == 1 || bytes == 2 || bytes == 4)
        return TMU_EXIT_OK;
    return tmu_cli_error(where, "a PNG holds 1, 2 or 4-byte elements, not %u-byte ones; use raw "
                                "files",
                         bytes);
#else
    (void)bytes;
    return tmu_cli_error(where, "this tmu was built without libpng; use raw files");
#endif
}

static int make_rect(const ad_args *la, const tmu_surface *s, tmu_surface_rect *r)
{
    memset(r, 0, sizeof *r);
    if (la->level >= s->desc.levels)
        return tmu_cli_error("--level", "%u: the surface has %u level%s", la->level,
                             s->desc.levels, s->desc.levels == 1 ? "" : "s");
    const tmu_surface_level *l = &s->level[la->level];
    if (!tmu_surface_level_addressable(s, la->level))
        return refuse_level(la->level ? "--level" : "surface", s, la->level);
    r->level = la->level, r->slice = la->slice, r->sample = la->sample;
    if (la->slice >= l->depth)
        return tmu_cli_error("--slice", "%u: level %u has %u %s%s", la->slice, la->level,
                             l->depth, la->desc.is_3d ? "slice" : "layer",
                             l->depth == 1 ? "" : "s");
    if (la->sample >= la->desc.samples)
        return tmu_cli_error("--sample", "%u: the surface has %u sample%s", la->sample,
                             la->desc.samples, la->desc.samples == 1 ? "" : "s");
    if (la->have_rect) {
        r->x = la->rect[0], r->y = la->rect[1], r->w = la->rect[2], r->h = la->rect[3];
        if (r->x > l->width || r->w > l->width - r->x || r->y > l->height ||
            r->h > l->height - r->y)
            return tmu_cli_error("--rect", "%ux%u at (%u, %u) lies outside level %u (%ux%u "
                                           "blocks)",
                                 r->w, r->h, r->x, r->y, la->level, l->width, l->height);
    } else {
        r->w = l->width, r->h = l->height;
    }
    return TMU_EXIT_OK;
}

static int write_output(const ad_args *la, const char *const *inputs, size_t ninputs,
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
        img.format = png_format_of(la->desc.block_bytes);
        ok = png_image_write_to_stdio(&img, out.f, 0, data, 0, NULL) != 0;
    } else
#endif
    {
        (void)png, (void)w, (void)h;
        ok = size == 0 || fwrite(data, 1, size, out.f) == size;
    }
    rc = tmu_cli_output_close(&out, ok);
    if (!ok && rc == TMU_EXIT_OK)
        rc = tmu_cli_error(la->out, "cannot write");
    return rc;
}

static unsigned char *read_linear(const ad_args *la, int png, const tmu_surface_rect *r,
                                  size_t lsize)
{
    const char *where = input_name(la->input);
    size_t n;
    unsigned char *data = (unsigned char *)tmu_cli_read_file(la->input, &n);
    if (!data)
        return NULL;
    if (!png) {
        if (n != lsize) {
            tmu_cli_error(where, "%zu bytes, but a %ux%u rectangle of %u-byte elements is %zu",
                          n, r->w, r->h, la->desc.block_bytes, lsize);
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
    img.format = png_format_of(la->desc.block_bytes);
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
    png_check(where, la->desc.block_bytes);
    return NULL;
#endif
}

static int ad_convert(ad_args *la, unsigned cmd)
{
    const char *linear_path = cmd == F_DETILE ? la->out : la->input;
    int png = la->png || png_name(linear_path);
    tmu_surface *s = malloc(sizeof *s);
    if (!s)
        return tmu_cli_error(NULL, "out of memory");
    tmu_surface_rect r;
    int rc = ad_make_surface(la, s);
    if (rc == TMU_EXIT_OK)
        rc = make_rect(la, s, &r);
    if (rc == TMU_EXIT_OK && png)
        rc = png_check(cmd == F_DETILE ? "-o" : input_name(linear_path), la->desc.block_bytes);
    size_t pitch = 0, lsize = 0;
    if (rc == TMU_EXIT_OK) {
        pitch = (size_t)r.w * la->desc.block_bytes, lsize = pitch * r.h;
        if ((png && tmu_cli_check_pixels("--rect", r.w, r.h)) ||
            tmu_cli_reserve("--rect", "the linear image", lsize) ||
            tmu_cli_reserve(cmd == F_DETILE ? input_name(la->input) : "-o",
                                "the tiled surface", s->size))
            rc = TMU_EXIT_FAIL;
    }
    unsigned char *tiled = NULL, *linear = NULL;
    size_t tsize = 0;
    tmu_diag d;
    memset(&d, 0, sizeof d);
    if (rc == TMU_EXIT_OK && cmd == F_DETILE) {
        if (!(tiled = (unsigned char *)tmu_cli_read_file(la->input, &tsize)))
            rc = TMU_EXIT_FAIL;
        else if (tsize < s->size)
            rc = tmu_cli_error(input_name(la->input), "%zu bytes, but the surface needs %llu "
                                                      "(%s %s %ux%u)",
                               tsize, (unsigned long long)s->size, la->gpu->name,
                               tmu_adreno_tile_mode_name(la->desc.tile_mode), la->desc.width,
                               la->desc.height);
        else if (!(linear = malloc(lsize ? lsize : 1)))
            rc = tmu_cli_error("--rect", "out of memory for %zu bytes", lsize);
        else if (tmu_surface_detile(s, &r, tiled, tsize, linear, pitch, lsize, &d) != TMU_OK)
            rc = tmu_cli_error("surface", "%s", d.message);
        else {
            const char *inputs[1] = {la->input};
            rc = write_output(la, inputs, 1, linear, lsize, png, r.w, r.h);
        }
    } else if (rc == TMU_EXIT_OK) {
        if (!(linear = read_linear(la, png, &r, lsize)))
            rc = TMU_EXIT_FAIL;
        else if (la->into) {
            if (!(tiled = (unsigned char *)tmu_cli_read_file(la->into, &tsize)))
                rc = TMU_EXIT_FAIL;
            else if (tsize < s->size)
                rc = tmu_cli_error(input_name(la->into), "%zu bytes, but the surface needs %llu",
                                   tsize, (unsigned long long)s->size);
        } else {
            tsize = (size_t)s->size;
            if (!(tiled = calloc(1, tsize ? tsize : 1)))
                rc = tmu_cli_error("-o", "out of memory for %zu bytes", tsize);
        }
        if (rc == TMU_EXIT_OK) {
            if (tmu_surface_retile(s, &r, linear, pitch, lsize, tiled, tsize, &d) != TMU_OK)
                rc = tmu_cli_error("surface", "%s", d.message);
            else {
                const char *inputs[2] = {la->input, la->into};
                rc = write_output(la, inputs, 2, tiled, tsize, 0, 0, 0);
            }
        }
    }
    free(linear);
    free(tiled);
    free(s);
    return rc;
}

int tmu_layout_adreno_run(int cmd, int argc, char **argv, void (*usage)(FILE *))
{
    unsigned which = cmd == TMU_ADRENO_CMD_DETILE   ? F_DETILE
                     : cmd == TMU_ADRENO_CMD_RETILE ? F_RETILE
                                                    : F_LAYOUT;
    ad_args la;
    int rc = ad_parse(argc, argv, which, usage, &la);
    if (rc == TMU_EXIT_OK)
        rc = which == F_LAYOUT ? ad_layout(&la) : ad_convert(&la, which);
    else if (rc < 0)
        rc = TMU_EXIT_OK;
    free(la.at);
    return rc;
}
