/* tmu ir3 — Adreno ir3 tools:
 *   tmu ir3 desc --gpu GPU [--sampler] [--kind K] DWORD...   decode a raw a6xx/a7xx descriptor
 *   tmu ir3 run ...                                          execute cat5 instructions (cmd_ir3_run.c) */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

#include "tmu/format.h"
#include "tmu/ir3.h"
#include "tmu/ir3_exec.h"
#include "tmu/texture.h"

int tmu_cmd_ir3_run(int argc, char **argv);

static void usage(void)
{
    printf("usage: tmu ir3 desc --gpu GPU [--sampler] [--kind auto|single|multi|buffer|weight] DWORD...\n"
           "       tmu ir3 run [options] [PROGRAM]   (tmu ir3 run --help)\n"
           "\n"
           "desc  pretty-prints an a6xx/a7xx descriptor given as 32-bit hex dwords (dword 0\n"
           "      first): 16 dwords = texture (A6XX_TEX_CONST), 4 with --sampler (A6XX_TEX_SAMP).\n"
           "      Each field of the descriptor's kind is printed as dN[hi:lo] NAME = value\n"
           "      (meaning), names from Mesa's freedreno register database, followed by the\n"
           "      tmu_texture / tmu_sampler it maps to, or why the texture unit cannot use it.\n"
           "run   executes Adreno ir3 category-5 instructions on a wave of fibers and prints\n"
           "      the registers each one changes and the (sy) hazards.\n");
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
    const char *where = "ir3 desc";
    uint32_t gpu = 0;
    int sampler = 0, have_gpu = 0;
    tmu_ir3_tdesc_kind kind = TMU_IR3_TDESC_AUTO;
    uint32_t dw[16];
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
                return tmu_cli_usage_error(where, "--gpu needs a value");
            if (tmu_ir3_gpu_from_name(v, &gpu) != TMU_OK) {
                tmu_cli_unknown_name(where, "Adreno GPU (or id 300..899)", v, gpu_names, 6);
                return TMU_EXIT_USAGE;
            }
            have_gpu = 1;
        } else if (!strcmp(a, "--kind") || !strncmp(a, "--kind=", 7)) {
            const char *v = a[6] == '=' ? a + 7 : (i + 1 < argc ? argv[++i] : NULL);
            static const char *const kinds[] = {"auto", "single", "multi", "buffer", "weight"};
            size_t k;
            for (k = 0; v && k < 5 && strcmp(kinds[k], v); k++)
                ;
            if (!v || k == 5) {
                if (v)
                    tmu_cli_unknown_name(where, "descriptor kind", v, kinds, 5);
                else
                    tmu_cli_usage_error(where, "--kind needs a value");
                return TMU_EXIT_USAGE;
            }
            kind = (tmu_ir3_tdesc_kind)k;
        } else if (!strcmp(a, "--sampler")) {
            sampler = 1;
        } else if (a[0] == '-' && a[1] == '-') {
            return tmu_cli_usage_error(where, "unknown option '%s'", a);
        } else {
            uint64_t v;
            if (n >= 16)
                return tmu_cli_error(where, "too many dwords (a texture descriptor has 16, a sampler 4)");
            if (tmu_cli_parse_hex64(a, &v) != 0 || v > 0xffffffffu)
                return tmu_cli_error(where, "dword %u: '%s' is not a 32-bit hex value", n, a);
            dw[n++] = (uint32_t)v;
        }
    }
    if (!have_gpu)
        return tmu_cli_usage_error(where, "--gpu is required (a6xx, a7xx or a GPU id such as 630)");
    char buf[8192];
    tmu_diag d;
    if (sampler) {
        if (n != 4)
            return tmu_cli_error(where, "a sampler descriptor has 4 dwords, got %u", n);
        tmu_ir3_sdesc s;
        if (tmu_ir3_sdesc_decode(gpu, dw, &s, &d) != TMU_OK)
            return tmu_cli_error(where, "%s", d.message);
        printf("A6XX_TEX_SAMP (GPU %u)\n", gpu);
        if (tmu_ir3_sdesc_print(&s, buf, sizeof buf) < 0)
            return tmu_cli_error(where, "output too long");
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
        return tmu_cli_error(where, "a texture descriptor has 16 dwords, got %u (add --sampler for a sampler)", n);
    tmu_ir3_tdesc t;
    if (tmu_ir3_tdesc_decode(gpu, dw, kind, &t, &d) != TMU_OK)
        return tmu_cli_error(where, "%s", d.message);
    static const char *const kind_names[] = {"auto", "single-plane", "multi-plane", "buffer", "weight"};
    printf("A6XX_TEX_CONST (GPU %u, %s)\n", gpu, kind_names[t.kind]);
    if (tmu_ir3_tdesc_print(&t, buf, sizeof buf) < 0)
        return tmu_cli_error(where, "output too long");
    fputs(buf, stdout);
    tmu_texture tex;
    if (tmu_ir3_tdesc_to_texture(&t, NULL, 0, &tex, &d) == TMU_OK)
        printf("tmu_texture: %s %s, %ux%ux%u, layers %u, levels %u, samples %u, swizzle %s%s%s%s, min_lod %g\n",
               tmu_dim_name(tex.dim), tmu_format_name(tex.format), tex.width, tex.height, tex.depth, tex.layers,
               tex.levels, tex.samples, swz_name(tex.swizzle[0]), swz_name(tex.swizzle[1]), swz_name(tex.swizzle[2]),
               swz_name(tex.swizzle[3]), (double)tex.min_lod);
    else
        printf("tmu_texture: not representable: %s\n", d.message);
    return TMU_EXIT_OK;
}

int tmu_cmd_ir3(int argc, char **argv)
{
    if (argc < 2 || tmu_cli_is_help(argv[1])) {
        usage();
        return argc < 2 ? TMU_EXIT_USAGE : TMU_EXIT_OK;
    }
    if (!strcmp(argv[1], "desc"))
        return cmd_desc(argc - 1, argv + 1);
    if (!strcmp(argv[1], "run"))
        return tmu_cmd_ir3_run(argc - 1, argv + 1);
    static const char *const subs[] = {"desc", "run"};
    tmu_cli_unknown_name("ir3", "subcommand", argv[1], subs, 2);
    return TMU_EXIT_USAGE;
}
