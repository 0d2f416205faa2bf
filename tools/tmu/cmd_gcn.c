/* tmu gcn — AMD GCN helpers: `tmu gcn desc` decodes an image (T#) or sampler (S#) descriptor. */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

#include "tmu/format.h"
#include "tmu/gcn.h"
#include "tmu/texture.h"

static void usage(void)
{
    printf("usage: tmu gcn desc --gpu gfx6|gfx7|gfx8|gfx81|gfx9 [--sampler] DWORD...\n"
           "\n"
           "Pretty-prints a GCN resource descriptor given as 32-bit hex dwords (dword 0 first):\n"
           "8 dwords = image T#, 4 dwords = image T# with R128, or with --sampler an S#.\n"
           "Each field is printed as dN[hi:lo] NAME = value (meaning), followed by the\n"
           "tmu_texture / tmu_sampler shape it maps to when the texture unit supports it.\n");
}

static const char *swz_name(tmu_swizzle s)
{
    static const char *const n[] = {"r", "g", "b", "a", "0", "1"};
    return (unsigned)s < 6 ? n[s] : "?";
}

static int cmd_desc(int argc, char **argv)
{
    tmu_gcn_gen gen = TMU_GCN_GFX9;
    int have_gen = 0, sampler = 0;
    uint32_t dw[8];
    unsigned n = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (tmu_cli_is_help(a)) {
            usage();
            return TMU_EXIT_OK;
        }
        if (!strcmp(a, "--gpu") || !strncmp(a, "--gpu=", 6)) {
            const char *v = a[5] == '=' ? a + 6 : (i + 1 < argc ? argv[++i] : NULL);
            if (!v)
                return tmu_cli_usage_error("gcn desc", "--gpu needs a value");
            if (tmu_gcn_gen_from_name(v, &gen) != TMU_OK) {
                size_t cnt;
                const char *const *names = tmu_gcn_gen_names(&cnt);
                tmu_cli_unknown_name("gcn desc", "GCN GPU", v, names, cnt);
                return TMU_EXIT_USAGE;
            }
            have_gen = 1;
        } else if (!strcmp(a, "--sampler")) {
            sampler = 1;
        } else if (a[0] == '-' && a[1] == '-') {
            return tmu_cli_usage_error("gcn desc", "unknown option '%s'", a);
        } else {
            uint64_t v;
            if (n >= 8)
                return tmu_cli_error("gcn desc", "too many dwords (a descriptor has 4 or 8)");
            if (tmu_cli_parse_hex64(a, &v) != 0 || v > 0xffffffffu)
                return tmu_cli_error("gcn desc", "dword %u: '%s' is not a 32-bit hex value", n,
                                     a);
            dw[n++] = (uint32_t)v;
        }
    }
    if (!have_gen)
        return tmu_cli_usage_error("gcn desc", "--gpu is required (gfx6, gfx7, gfx8, gfx81, gfx9)");
    char buf[4096];
    tmu_diag d;
    if (sampler) {
        if (n != 4)
            return tmu_cli_error("gcn desc", "an S# has 4 dwords, got %u", n);
        tmu_gcn_sdesc s;
        tmu_gcn_sdesc_decode(gen, dw, &s, &d);
        printf("S# (%s)\n", tmu_gcn_gen_name(gen));
        if (tmu_gcn_sdesc_print(&s, buf, sizeof buf) < 0)
            return tmu_cli_error("gcn desc", "output too long");
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
        return tmu_cli_error("gcn desc", "a T# has 8 dwords (4 with R128), got %u", n);
    tmu_gcn_tdesc t;
    tmu_status st = tmu_gcn_tdesc_decode(gen, dw, n, &t, &d);
    printf("T# (%s, %u dwords)\n", tmu_gcn_gen_name(gen), n);
    if (tmu_gcn_tdesc_print(&t, buf, sizeof buf) < 0)
        return tmu_cli_error("gcn desc", "output too long");
    fputs(buf, stdout);
    if (st != TMU_OK)
        return tmu_cli_error("gcn desc", "%s", d.message);
    tmu_texture tex;
    if (tmu_gcn_tdesc_to_texture(&t, &tex, &d) == TMU_OK)
        printf("tmu_texture: %s %s, %ux%ux%u, layers %u, levels %u, samples %u, swizzle %s%s%s%s\n",
               tmu_dim_name(tex.dim), tmu_format_name(tex.format), tex.width, tex.height,
               tex.depth, tex.layers, tex.levels, tex.samples, swz_name(tex.swizzle[0]),
               swz_name(tex.swizzle[1]), swz_name(tex.swizzle[2]), swz_name(tex.swizzle[3]));
    else
        printf("tmu_texture: not representable: %s\n", d.message);
    return TMU_EXIT_OK;
}

int tmu_cmd_gcn(int argc, char **argv)
{
    if (argc < 2 || tmu_cli_is_help(argv[1])) {
        usage();
        return argc < 2 ? TMU_EXIT_USAGE : TMU_EXIT_OK;
    }
    if (!strcmp(argv[1], "desc"))
        return cmd_desc(argc - 1, argv + 1);
    static const char *const subs[] = {"desc"};
    tmu_cli_unknown_name("gcn", "subcommand", argv[1], subs, 1);
    return TMU_EXIT_USAGE;
}
