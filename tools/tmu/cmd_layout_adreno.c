/* tmu layout / detile / retile on Adreno a6xx / a7xx surfaces (--gpu).
 *   tmu layout --gpu NAME --tile 3|2|0 (--cpp N | --bpp B) --size WxH[xD] [...]
 *   tmu layout --gpus [--json]
 *   tmu detile --gpu NAME ... [--level L] [--slice S] [--rect X,Y,W,H] -o OUT TILED
 *   tmu retile --gpu NAME ... [--level L] [--slice S] [--rect X,Y,W,H] [--into TILED] -o OUT LINEAR
 * The surface is laid out as Mesa's fdl6_layout does (tmu_surface_init_adreno); this file has
 * the Adreno surface options and printout, layout_cli.c the rest (shared with the AMD family,
 * cmd_layout.c).  cmd_layout.c hands over every command line with --gpu / --gpus. */
#include "cmd_layout_adreno.h"

#include "cli.h"
#include "layout_cli.h"

#include <string.h>
#include <strings.h>

#include "tmu/layout.h"

/* ---- help ----------------------------------------------------------------------------- */

void tmu_layout_adreno_help(FILE *out, unsigned cmd)
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
    if (cmd == LCLI_LAYOUT)
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

/* The Adreno surface options (layout_cli.c has the ones every family takes). */
enum {
    A_GPU, A_GPUS, A_TILE, A_CPP, A_BPP, A_BLOCK, A_SIZE, A_LAYERS, A_LEVELS, A_SAMPLES, A_3D,
    A_UBWC, A_MUTABLE, A_COUNT
};

static const layout_cli_opt atable[A_COUNT] = {
    [A_GPU] = {{"--gpu", NULL, TMU_CLI_VALUE}, LCLI_ALL},
    [A_GPUS] = {{"--gpus", NULL, TMU_CLI_FLAG}, LCLI_LAYOUT},
    [A_TILE] = {{"--tile", NULL, TMU_CLI_VALUE}, LCLI_ALL},
    [A_CPP] = {{"--cpp", NULL, TMU_CLI_VALUE}, LCLI_ALL},
    [A_BPP] = {{"--bpp", NULL, TMU_CLI_VALUE}, LCLI_ALL},
    [A_BLOCK] = {{"--block", NULL, TMU_CLI_VALUE}, LCLI_ALL},
    [A_SIZE] = {{"--size", NULL, TMU_CLI_VALUE}, LCLI_ALL},
    [A_LAYERS] = {{"--layers", NULL, TMU_CLI_VALUE}, LCLI_ALL},
    [A_LEVELS] = {{"--levels", NULL, TMU_CLI_VALUE}, LCLI_ALL},
    [A_SAMPLES] = {{"--samples", NULL, TMU_CLI_VALUE}, LCLI_ALL},
    [A_3D] = {{"--3d", NULL, TMU_CLI_FLAG}, LCLI_ALL},
    [A_UBWC] = {{"--ubwc", NULL, TMU_CLI_FLAG}, LCLI_ALL},
    [A_MUTABLE] = {{"--mutable", NULL, TMU_CLI_FLAG}, LCLI_ALL},
};

/* The Adreno surface the command line describes. */
typedef struct ad_args {
    const tmu_adreno_gpu *gpu;
    tmu_adreno_surface_desc desc;
    int have_tile, have_size, have_cpp, have_bpp, have_depth;
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

/* layout_cli_family.option: one Adreno surface option. */
static int ad_option(void *ctx, const layout_cli_common *c, size_t k, const char *name,
                     const char *v)
{
    ad_args *la = ctx;
    char echo[TMU_CLI_ECHO_BUF];
    long long n;
    int rc = 0;
    switch (k) {
    case A_GPU:
        if (!(la->gpu = find_gpu(v)))
            return unknown_gpu(v);
        break;
    case A_GPUS: break; /* layout_cli.c notes it */
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
    default: break;
    }
    (void)c;
    return rc;
}

/* layout_cli_family.refuse: an AMD-only option (cmd_layout.c's), on an Adreno surface. */
static int ad_refuse(const layout_cli_common *c, const char *name)
{
    if (!strcmp(name, "--chip") || !strcmp(name, "--chips"))
        return tmu_cli_usage_error(name, "is for AMD surfaces; --gpu%s (Adreno) and --chip "
                                         "exclude each other",
                                   c->list ? "s" : "");
    return tmu_cli_usage_error(name, "is for AMD surfaces (--chip), not Adreno ones (--gpu)");
}

/* layout_cli_family.finish: the Adreno options together. */
static int ad_finish(void *ctx)
{
    ad_args *la = ctx;
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
    return TMU_EXIT_OK;
}

/* layout_cli_family.make_surface */
static int ad_make_surface(const void *ctx, tmu_surface *s)
{
    const ad_args *la = ctx;
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

/* layout_cli_family.list: --gpus */
static int list_gpus(int json)
{
    char chip[24], sw[16];
    if (!json)
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
    return TMU_EXIT_OK;
}

/* layout_cli_family.print_level */
static void print_level(const tmu_surface *s, uint32_t i, int json)
{
    const tmu_surface_level *l = &s->level[i];
#define U(name, val) layout_cli_put_u(json, name, (unsigned long long)(val))
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
#define U(name, val) layout_cli_put_u(json, name, (unsigned long long)(val))
    if (json)
        printf("{\"size\": %llu", (unsigned long long)f->size);
    else
        printf("surface: size=%llu", (unsigned long long)f->size);
    U("base_align", f->base_align);
    U("cpp", f->cpp);
    layout_cli_put_s(json, "tile_mode", tmu_adreno_tile_mode_name(f->tile_mode));
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

/* layout_cli_family.print_head: the surface line(s) before the levels. */
static int print_head(const void *ctx, const tmu_surface *s, int json)
{
    const ad_args *la = ctx;
    const tmu_adreno_surface_desc *d = &la->desc;
    tmu_adreno_layout_info f;
    if (tmu_surface_adreno_info(s, &f) != TMU_OK)
        return tmu_cli_error("surface", "no Adreno layout information");
    if (json) {
        printf("{\"gpu\": \"%s\", \"desc\": {\"tile\": \"%s\", \"cpp\": %u, \"block\": [%u, %u], "
               "\"width\": %u, \"height\": %u, \"depth\": %u, \"layers\": %u, \"levels\": %u, "
               "\"samples\": %u, \"3d\": %u, \"ubwc\": %u, \"mutable\": %u}, \"surface\": ",
               la->gpu->name, tmu_adreno_tile_mode_name(d->tile_mode), d->block_bytes,
               d->block_w, d->block_h, d->width, d->height, d->depth, d->layers, d->levels,
               d->samples, d->is_3d, d->ubwc, d->is_mutable);
        print_info(&f, 1);
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
    return TMU_EXIT_OK;
}

/* layout_cli_family.shape */
static void ad_shape(const void *ctx, layout_cli_shape *sh)
{
    const ad_args *la = ctx;
    sh->elem_bits = la->desc.block_bytes * 8;
    sh->in_bytes = 1;
    sh->slice_noun = la->desc.is_3d ? "slice" : "layer";
    sh->rect_unit = " blocks";
    snprintf(sh->what, sizeof sh->what, "(%s %s %ux%u)", la->gpu->name,
             tmu_adreno_tile_mode_name(la->desc.tile_mode), la->desc.width, la->desc.height);
}

/* ---- the three commands ----------------------------------------------------------------- */

static const layout_cli_family adreno_family = {
    .opts = atable,
    .nopts = A_COUNT,
    .list_opt = A_GPUS,
    .max_level = 14,
    .max_sample = 7,
    .at_form = "X,Y[,LAYER[,SAMPLE[,LEVEL]]]",
    .option = ad_option,
    .finish = ad_finish,
    .list = list_gpus,
    .make_surface = ad_make_surface,
    .shape = ad_shape,
    .print_head = print_head,
    .print_level = print_level,
    .why_unaddressable = why_unaddressable,
    .refuse = ad_refuse, /* .foreign: cmd_layout.c's options, set at run time */
};

int tmu_layout_adreno_run(unsigned cmd, int argc, char **argv, void (*usage)(FILE *))
{
    ad_args la;
    memset(&la, 0, sizeof la);
    la.desc.block_w = la.desc.block_h = 1;
    la.desc.depth = la.desc.layers = la.desc.levels = la.desc.samples = 1;
    la.desc.tile_mode = TMU_TILE6_LINEAR;
    layout_cli_family f = adreno_family;
    f.foreign = tmu_layout_amd_options(&f.nforeign);
    return layout_cli_run(&f, &la, cmd, argc, argv, usage);
}
