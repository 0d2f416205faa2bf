/* tmu ir3 — Adreno ir3 tools:
 *   tmu ir3 desc --gpu GPU [--sampler] [--kind K] DWORD...   decode a raw a6xx/a7xx descriptor
 *   tmu ir3 run ...                                          execute cat5 instructions (cmd_ir3_run.c) */
#include "cli.h"
#include "cli_common.h"

#include <stdlib.h>
#include <string.h>

#include "tmu/format.h"
#include "tmu/ir3.h"
#include "tmu/ir3_exec.h"
#include "tmu/texture.h"

int tmu_cmd_ir3_run(int argc, char **argv);

static void usage(FILE *out)
{
    fprintf(out,
            "usage: tmu ir3 desc --gpu GPU [--sampler] [--kind auto|single|multi|buffer|weight] DWORD...\n"
            "       tmu ir3 desc --gpu GPU [--sampler] [--kind K] -     (dwords from standard input)\n"
            "       tmu ir3 run [options] [PROGRAM]   (tmu ir3 run --help)\n"
            "\n"
            "desc  pretty-prints an a6xx/a7xx descriptor given as 32-bit hex dwords (dword 0\n"
            "      first): 16 dwords = texture (A6XX_TEX_CONST), 4 with --sampler (A6XX_TEX_SAMP).\n"
            "      Each field of the descriptor's kind is printed as dN[hi:lo] NAME = value\n"
            "      (meaning), names from Mesa's freedreno register database, followed by the\n"
            "      tmu_texture / tmu_sampler it maps to, or why the texture unit cannot use it.\n"
            "      A TILE6_3 texture is laid out as Mesa's fdl6_layout does on the --gpu preset\n"
            "      (a610 a630 a660 a730 a750; a6xx and a7xx alone: a630 and a730) and the\n"
            "      layout is printed; PITCH, PITCHALIGN, ARRAY_PITCH, MIN_LAYERSZ and TILE_ALL\n"
            "      must be the layout's (a mismatch is reported with the fields named).\n"
            "      With '-' the dwords are read from standard input, separated by blanks or\n"
            "      commas ('#' or ';' starts a comment).\n"
            "run   executes Adreno ir3 category-5 instructions on a wave of fibers and prints\n"
            "      the registers each one writes and the (sy) hazards.\n");
}


static const char *const gpu_names[] = {"a3xx", "a4xx", "a5xx", "a6xx", "a7xx", "a8xx"};

static const char *swz_name(tmu_swizzle s)
{
    static const char *const n[] = {"r", "g", "b", "a", "0", "1"};
    return (unsigned)s < 6 ? n[s] : "?";
}

static const char *filter_name(tmu_filter f)
{
    return f == TMU_FILTER_NEAREST ? "nearest" : f == TMU_FILTER_LINEAR ? "linear" : "cubic";
}

static int cmd_desc(int argc, char **argv)
{
    static const tmu_cli_option opts[] = {
        {"--gpu", "--mcpu", TMU_CLI_VALUE},
        {"--sampler", NULL, TMU_CLI_FLAG},
        {"--kind", NULL, TMU_CLI_VALUE},
    };
    tmu_cli_set_command("ir3 desc", usage);
    uint32_t gpu = 0;
    int sampler = 0, from_stdin = 0, nargs = 0;
    tmu_ir3_tdesc_kind kind = TMU_IR3_TDESC_AUTO;
    uint32_t dw[16];
    int n = 0;
    tmu_cli_args a;
    tmu_cli_args_init(&a, argc, argv, opts, 3);
    const char *v;
    int k;
    while ((k = tmu_cli_next(&a, &v)) != TMU_CLI_END) {
        if (k == TMU_CLI_HELP) {
            usage(stdout);
            return TMU_EXIT_OK;
        }
        if (k == TMU_CLI_ERROR)
            return TMU_EXIT_USAGE;
        if (k == 0) {
            if (tmu_ir3_gpu_from_name(v, &gpu) != TMU_OK)
                return tmu_cli_unknown_name("--gpu", "Adreno GPU (or id 300..899)", v, gpu_names, 6);
        } else if (k == 1) {
            sampler = 1;
        } else if (k == 2) {
            static const char *const kinds[] = {"auto", "single", "multi", "buffer", "weight"};
            size_t i;
            for (i = 0; i < 5 && strcmp(kinds[i], v); i++)
                ;
            if (i == 5)
                return tmu_cli_unknown_name("--kind", "descriptor kind", v, kinds, 5);
            kind = (tmu_ir3_tdesc_kind)i;
        } else if (!strcmp(v, "-")) {
            from_stdin = 1;
        } else {
            char where[32];
            snprintf(where, sizeof where, "dword %d", nargs);
            if (nargs >= 16)
                return tmu_cli_usage_error(where, "too many dwords (a texture descriptor has 16, a sampler 4)");
            if (tmu_cli_parse_dword(where, v, strlen(v), &dw[nargs]))
                return TMU_EXIT_FAIL;
            nargs++;
        }
    }
    if (!a.seen[0])
        return tmu_cli_usage_error("--gpu", "missing (a6xx, a7xx or a GPU id such as 630)");
    if (from_stdin && nargs)
        return tmu_cli_usage_error("-", "give the dwords as arguments or on standard input, not both");
    int bad_count = from_stdin ? TMU_EXIT_FAIL : TMU_EXIT_USAGE;
    const char *where = from_stdin ? "<stdin>" : "DWORD";
    if (from_stdin) {
        if ((n = tmu_cli_read_dwords(dw, 16, "a texture descriptor has 16, a sampler 4")) < 0)
            return TMU_EXIT_FAIL;
    } else {
        n = nargs;
    }
    char buf[8192];
    tmu_diag d;
    if (sampler) {
        if (n != 4)
            return tmu_cli_report(bad_count, where, "a sampler descriptor has 4 dwords, got %d", n);
        tmu_ir3_sdesc s;
        if (tmu_ir3_sdesc_decode(gpu, dw, &s, &d) != TMU_OK)
            return tmu_cli_error("--gpu", "%s", d.message);
        printf("A6XX_TEX_SAMP (GPU %u)\n", gpu);
        if (tmu_ir3_sdesc_print(&s, buf, sizeof buf) < 0)
            return tmu_cli_error(NULL, "output too long");
        fputs(buf, stdout);
        /* the border colour table is the driver's, not in the descriptor: map with entry 0 of
         * a zero table and name the entry */
        char border_text[96];
        if (s.f[TMU_IR3_S_FASTBORDERCOLOREN])
            snprintf(border_text, sizeof border_text, "fast colour %u", s.f[TMU_IR3_S_FASTBORDERCOLOR]);
        else
            snprintf(border_text, sizeof border_text, "entry %u of the driver's table (BCOLOR)", s.f[TMU_IR3_S_BCOLOR]);
        tmu_ir3_sdesc s0 = s;
        s0.f[TMU_IR3_S_BCOLOR] = 0;
        static const tmu_ir3_border zero_border;
        tmu_sampler smp;
        if (tmu_ir3_sdesc_to_sampler(&s0, &zero_border, 1, &smp, &d) == TMU_OK)
            printf("tmu_sampler: address %s/%s/%s, mag %s, min %s, mip %s, %s, compare %s, lod bias %g, "
                   "lod [%g, %g], anisotropy %g, reduction %s, border %s\n",
                   tmu_address_name(smp.address[0]), tmu_address_name(smp.address[1]),
                   tmu_address_name(smp.address[2]), filter_name(smp.mag_filter), filter_name(smp.min_filter),
                   smp.mip_filter == TMU_MIP_LINEAR ? "linear" : "nearest",
                   smp.normalized ? "normalized" : "unnormalized", tmu_compare_name(smp.compare_op),
                   (double)smp.lod_bias, (double)smp.min_lod, (double)smp.max_lod, (double)smp.max_anisotropy,
                   smp.reduction == TMU_REDUCTION_MIN   ? "min"
                   : smp.reduction == TMU_REDUCTION_MAX ? "max"
                                                         : "average",
                   border_text);
        else
            printf("tmu_sampler: not representable: %s\n", d.message);
        return TMU_EXIT_OK;
    }
    if (n != 16)
        return tmu_cli_report(bad_count, where, "a texture descriptor has 16 dwords, got %d (--sampler: 4)", n);
    tmu_ir3_tdesc t;
    if (tmu_ir3_tdesc_decode(gpu, dw, kind, &t, &d) != TMU_OK)
        return tmu_cli_error("--gpu", "%s", d.message);
    static const char *const kind_names[] = {"auto", "single-plane", "multi-plane", "buffer", "weight"};
    printf("A6XX_TEX_CONST (GPU %u, %s)\n", gpu, kind_names[t.kind]);
    if (tmu_ir3_tdesc_print(&t, buf, sizeof buf) < 0)
        return tmu_cli_error(NULL, "output too long");
    fputs(buf, stdout);
    tmu_texture tex;
    tmu_surface *surf = malloc(sizeof *surf);
    if (!surf)
        return tmu_cli_error(NULL, "out of memory");
    if (tmu_ir3_tdesc_to_texture_tiled(&t, NULL, NULL, 0, surf, &tex, &d) == TMU_OK) {
        printf("tmu_texture: %s %s, %ux%ux%u, layers %u, levels %u, samples %u, swizzle %s%s%s%s, min_lod %g\n",
               tmu_dim_name(tex.dim), tmu_format_name(tex.format), tex.width, tex.height, tex.depth, tex.layers,
               tex.levels, tex.samples, swz_name(tex.swizzle[0]), swz_name(tex.swizzle[1]), swz_name(tex.swizzle[2]),
               swz_name(tex.swizzle[3]), (double)tex.min_lod);
        if (t.f[TMU_IR3_T_TILE_MODE] == TMU_TILE6_3) {
            const tmu_adreno_gpu *g = tmu_ir3_layout_gpu(gpu, NULL);
            printf("layout: fdl6_layout on %s, %llu bytes from BASE, layer stride %llu\n", g ? g->name : "?",
                   (unsigned long long)surf->size, (unsigned long long)surf->level[0].layer_stride);
            for (uint32_t l = 0; l < tex.levels; l++) {
                const tmu_surface_level *sl = &surf->level[l];
                printf("  level %u: %ux%u, offset %llu, pitch %u bytes, %u rows, slice %llu bytes, %s\n", l, sl->width,
                       sl->height, (unsigned long long)sl->offset, sl->row_pitch, sl->padded_height,
                       (unsigned long long)sl->slice_size,
                       tmu_adreno_tile_mode_name((tmu_adreno_tile_mode)sl->adreno_tile_mode));
            }
        }
    } else {
        printf("tmu_texture: not representable: %s\n", d.message);
    }
    free(surf);
    return TMU_EXIT_OK;
}

int tmu_cmd_ir3(int argc, char **argv)
{
    tmu_cli_set_command("ir3", usage);
    if (argc < 2)
        return tmu_cli_usage_error("SUBCOMMAND", "missing (desc or run)");
    if (tmu_cli_is_help(argv[1])) {
        usage(stdout);
        return TMU_EXIT_OK;
    }
    if (!strcmp(argv[1], "desc"))
        return cmd_desc(argc - 1, argv + 1);
    if (!strcmp(argv[1], "run"))
        return tmu_cmd_ir3_run(argc - 1, argv + 1);
    static const char *const subs[] = {"desc", "run"};
    return tmu_cli_unknown_name("SUBCOMMAND", "subcommand", argv[1], subs, 2);
}
