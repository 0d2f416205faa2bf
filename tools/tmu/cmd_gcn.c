/* tmu gcn — AMD GCN helpers: `tmu gcn desc` decodes an image (T#) or sampler (S#) descriptor;
 * `tmu gcn run` (cmd_gcn_run.c) executes image instructions. */
#include "cli.h"
#include "cli_common.h"

#include <stdlib.h>
#include <string.h>

#include "tmu/format.h"
#include "tmu/gcn.h"
#include "tmu/layout.h"
#include "tmu/texture.h"

int tmu_cmd_gcn_run(int argc, char **argv);
void tmu_cli_gcn_print_layout(FILE *f, const char *indent, const tmu_gcn_tdesc *t,
                              const tmu_texture *shape, const tmu_amd_chip *chip); /* cli_gcn.c */

static void usage(FILE *out)
{
    fprintf(out,
            "usage: tmu gcn desc --gpu GPU [--chip NAME] [--sampler] DWORD...\n"
            "       tmu gcn desc --gpu GPU [--chip NAME] [--sampler] -   (dwords from standard input)\n"
            "       tmu gcn run --gpu GPU [options] PROGRAM   (execute image instructions; tmu gcn run --help)\n"
            "\n"
            "Pretty-prints an AMD resource descriptor given as 32-bit hex dwords (dword 0 first):\n"
            "8 dwords = image T#, 4 dwords = image T# with R128 (gfx6-9), or with --sampler an\n"
            "S#.  GPU: gfx6, gfx7, gfx8, gfx81, gfx9, gfx10, gfx10.3, gfx11 (or llvm-mc's -mcpu\n"
            "names: gfx1010, gfx1030, gfx1100, ...), each with its own field layout.\n"
            "Each field is printed as dN[hi:lo] NAME = value (meaning), followed by the\n"
            "tmu_texture / tmu_sampler shape it maps to when the texture unit supports it, and\n"
            "for a T# the memory layout it implies: the linear placement, or the tiled surface\n"
            "(tile mode or swizzle mode, pitch, height and offset of each level) AMD addrlib\n"
            "lays out on the chip's address registers (--chip NAME, a chip of the T#'s\n"
            "generation: tahiti (gfx6); bonaire, hawaii, kaveri, liverpool = ps4 (gfx7); tonga,\n"
            "polaris10, polaris12 (gfx8, gfx81); vega10, raven (gfx9); navi10, navi14 (gfx10);\n"
            "navi21, navi21_8pipe (gfx10.3); gfx11_32pipe, gfx11_16pipe, gfx11_8pipe,\n"
            "gfx11_4pipe_2pkr, gfx11_2pipe_1pkr (gfx11).  Default: tahiti, bonaire, tonga,\n"
            "tonga, vega10, navi10, navi21, gfx11_16pipe in that order of generations).\n"
            "With '-' the dwords are read from standard input, separated by blanks or commas\n"
            "('#' or ';' starts a comment).\n");
}


static const char *swz_name(tmu_swizzle s)
{
    static const char *const n[] = {"r", "g", "b", "a", "0", "1"};
    return (unsigned)s < 6 ? n[s] : "?";
}

static int cmd_desc(int argc, char **argv)
{
    static const tmu_cli_option opts[] = {
        {"--gpu", "--mcpu", TMU_CLI_VALUE},
        {"--sampler", NULL, TMU_CLI_FLAG},
        {"--chip", NULL, TMU_CLI_VALUE},
    };
    tmu_cli_set_command("gcn desc", usage);
    tmu_gcn_gen gen = TMU_GCN_GFX9;
    int sampler = 0, from_stdin = 0, nargs = 0;
    uint32_t dw[8];
    int n = 0;
    tmu_cli_args a;
    tmu_cli_args_init(&a, argc, argv, opts, 3);
    const tmu_amd_chip *chip = NULL;
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
            if (tmu_gcn_gen_from_name(v, &gen) != TMU_OK) {
                size_t cnt;
                const char *const *names = tmu_gcn_gen_names(&cnt);
                return tmu_cli_unknown_name("--gpu", "GCN GPU", v, names, cnt);
            }
        } else if (k == 1) {
            sampler = 1;
        } else if (k == 2) {
            chip = tmu_amd_chip_find(v);
            if (!chip) {
                char names[512], echo[TMU_CLI_ECHO_BUF];
                size_t len = 0;
                names[0] = 0;
                for (size_t i = 0; i < tmu_amd_chip_count(); i++) {
                    int w = snprintf(names + len, sizeof names - len, "%s%s", len ? ", " : "",
                                     tmu_amd_chip_at(i)->name);
                    if (w > 0 && (size_t)w < sizeof names - len)
                        len += (size_t)w;
                }
                return tmu_cli_usage_error("--chip", "unknown chip '%s' (presets: %s; ps4 = liverpool)",
                                           tmu_cli_shorten(echo, v), names);
            }
        } else if (!strcmp(v, "-")) {
            from_stdin = 1;
        } else {
            char where[32];
            snprintf(where, sizeof where, "dword %d", nargs);
            if (nargs >= 8)
                return tmu_cli_usage_error(where, "too many dwords (a descriptor has 4 or 8)");
            if (tmu_cli_parse_dword(where, v, strlen(v), &dw[nargs]))
                return TMU_EXIT_FAIL;
            nargs++;
        }
    }
    if (!a.seen[0])
        return tmu_cli_usage_error("--gpu", "missing (gfx6, gfx7, gfx8, gfx81, gfx9, gfx10, gfx10.3 or gfx11)");
    tmu_diag md;
    if (tmu_gcn_gen_check_modelled(gen, "T#/S# decoding", &md) != TMU_OK) /* RDNA: codec only */
        return tmu_cli_usage_error("--gpu", "%s", md.message);
    if (chip && sampler)
        return tmu_cli_usage_error("--chip", "an S# has no memory layout (--chip goes with a T#)");
    static const tmu_amd_gen chip_gen[TMU_GCN_GEN_ALL] = {
        TMU_AMD_GFX6, TMU_AMD_GFX7, TMU_AMD_GFX8,    TMU_AMD_GFX8,
        TMU_AMD_GFX9, TMU_AMD_GFX10, TMU_AMD_GFX10_3, TMU_AMD_GFX11};
    if (chip && chip->gen != chip_gen[gen])
        return tmu_cli_usage_error("--chip", "%s is a %s chip, --gpu %s needs a %s one", chip->name,
                                   tmu_amd_gen_name(chip->gen), tmu_gcn_gen_name(gen),
                                   tmu_amd_gen_name(chip_gen[gen]));
    if (from_stdin && nargs)
        return tmu_cli_usage_error("-", "give the dwords as arguments or on standard input, not both");
    /* the dword count is part of the command line, unless the dwords came from stdin */
    int bad_count = from_stdin ? TMU_EXIT_FAIL : TMU_EXIT_USAGE;
    const char *where = from_stdin ? "<stdin>" : "DWORD";
    if (from_stdin) {
        if ((n = tmu_cli_read_dwords(dw, 8, "a descriptor has 4 or 8")) < 0)
            return TMU_EXIT_FAIL;
    } else {
        n = nargs;
    }
    char buf[4096];
    tmu_diag d;
    if (sampler) {
        if (n != 4)
            return tmu_cli_report(bad_count, where, "an S# has 4 dwords, got %d", n);
        tmu_gcn_sdesc s;
        tmu_gcn_sdesc_decode(gen, dw, &s, &d);
        printf("S# (%s)\n", tmu_gcn_gen_name(gen));
        if (tmu_gcn_sdesc_print(&s, buf, sizeof buf) < 0)
            return tmu_cli_error(NULL, "output too long");
        fputs(buf, stdout);
        tmu_sampler smp;
        if (tmu_gcn_sdesc_to_sampler(&s, &smp, &d) == TMU_OK)
            printf("tmu_sampler: address %s/%s/%s, mag %s, min %s, mip %s, %s, compare %s, "
                   "lod bias %g, lod [%g, %g]\n",
                   tmu_address_name(smp.address[0]), tmu_address_name(smp.address[1]),
                   tmu_address_name(smp.address[2]),
                   smp.mag_filter ? "linear" : "nearest", smp.min_filter ? "linear" : "nearest",
                   smp.mip_filter == TMU_MIP_NONE      ? "none"
                   : smp.mip_filter == TMU_MIP_NEAREST ? "nearest"
                                                       : "linear",
                   smp.normalized ? "normalized" : "unnormalized", tmu_compare_name(smp.compare_op),
                   (double)smp.lod_bias, (double)smp.min_lod, (double)smp.max_lod);
        else
            printf("tmu_sampler: not representable: %s\n", d.message);
        return TMU_EXIT_OK;
    }
    if (n != 4 && n != 8)
        return tmu_cli_report(bad_count, where, "a T# has 8 dwords (4 with R128), got %d", n);
    tmu_gcn_tdesc t;
    tmu_status st = tmu_gcn_tdesc_decode(gen, dw, (unsigned)n, &t, &d);
    printf("T# (%s, %d dwords)\n", tmu_gcn_gen_name(gen), n);
    if (tmu_gcn_tdesc_print(&t, buf, sizeof buf) < 0)
        return tmu_cli_error(NULL, "output too long");
    fputs(buf, stdout);
    if (st != TMU_OK)
        return tmu_cli_error(where, "%s", d.message);
    tmu_texture tex;
    if (tmu_gcn_tdesc_to_texture(&t, &tex, &d) == TMU_OK)
        printf("tmu_texture: %s %s, %ux%ux%u, layers %u, levels %u, samples %u, swizzle %s%s%s%s\n",
               tmu_dim_name(tex.dim), tmu_format_name(tex.format), tex.width, tex.height,
               tex.depth, tex.layers, tex.levels, tex.samples, swz_name(tex.swizzle[0]),
               swz_name(tex.swizzle[1]), swz_name(tex.swizzle[2]), swz_name(tex.swizzle[3]));
    else
        printf("tmu_texture: not representable: %s\n", d.message);
    if (tmu_gcn_tdesc_to_texture(&t, &tex, &d) == TMU_OK)
        tmu_cli_gcn_print_layout(stdout, "", &t, &tex, chip);
    return TMU_EXIT_OK;
}

int tmu_cmd_gcn(int argc, char **argv)
{
    tmu_cli_set_command("gcn", usage);
    if (argc < 2)
        return tmu_cli_usage_error("SUBCOMMAND", "missing (desc)");
    if (tmu_cli_is_help(argv[1])) {
        usage(stdout);
        return TMU_EXIT_OK;
    }
    if (!strcmp(argv[1], "desc"))
        return cmd_desc(argc - 1, argv + 1);
    if (!strcmp(argv[1], "run")) {
        /* RDNA generations are a codec only (tmu disasm/asm): refused here by name */
        for (int i = 2; i < argc && strcmp(argv[i], "--"); i++) {
            static const char *const spellings[] = {"--gpu", "-mcpu", "--mcpu"};
            for (int k = 0; k < 3; k++) {
                size_t n = strlen(spellings[k]);
                const char *v = NULL;
                if (!strcmp(argv[i], spellings[k]) && i + 1 < argc)
                    v = argv[i + 1];
                else if (!strncmp(argv[i], spellings[k], n) && argv[i][n] == '=')
                    v = argv[i] + n + 1;
                tmu_gcn_gen gen;
                tmu_diag md;
                if (v && tmu_gcn_gen_from_name(v, &gen) == TMU_OK &&
                    tmu_gcn_gen_check_modelled(gen, "execution", &md) != TMU_OK) {
                    tmu_cli_set_command("gcn run", usage);
                    return tmu_cli_usage_error("--gpu", "%s (tmu disasm / asm --gpu %s decode "
                                                        "and encode its instructions)",
                                               md.message, tmu_gcn_gen_name(gen));
                }
            }
        }
        return tmu_cmd_gcn_run(argc - 1, argv + 1); /* cmd_gcn_run.c */
    }
    static const char *const subs[] = {"desc", "run"};
    return tmu_cli_unknown_name("SUBCOMMAND", "subcommand", argv[1], subs, 2);
}
