/* tmu demo — a tour of what tmu does.  Grows as modules land. */
#include "cli.h"

#include <string.h>

#include "tmu/format.h"

static void demo_formats(void)
{
    static const struct {
        const char *format;
        unsigned char bytes[16];
    } texels[] = {
        {"r8g8b8a8_unorm", {0xff, 0x80, 0x00, 0x40}},
        {"r8g8b8a8_srgb", {0xff, 0x80, 0x0a, 0x40}},
    };
    printf("== texel formats: decode one texel ==\n");
    for (size_t i = 0; i < sizeof(texels) / sizeof(texels[0]); i++) {
        tmu_format f = tmu_format_from_name(texels[i].format);
        const tmu_format_info *info = tmu_format_get(f);
        tmu_texel t;
        if (!info || tmu_format_decode(f, texels[i].bytes, &t) != TMU_OK)
            continue;
        printf("  %-18s", info->name);
        for (unsigned b = 0; b < info->bytes; b++)
            printf("%02x", texels[i].bytes[b]);
        printf(" -> (%.6f, %.6f, %.6f, %.6f)\n", t.f[0], t.f[1], t.f[2], t.f[3]);
    }
    printf("\n");
}

int tmu_cmd_demo(int argc, char **argv)
{
    if (argc > 1 && tmu_cli_is_help(argv[1])) {
        printf("usage: tmu demo\n\nRuns a short tour: texel decoding, the texture unit, and the PTX,\n"
               "GCN and Adreno ir3 codecs, printing what each step computes.\n");
        return TMU_EXIT_OK;
    }
    if (argc > 1)
        return tmu_cli_usage_error("demo", "unexpected argument '%s'", argv[1]);
    printf("tmu %s demo\n\n", tmu_version());
    demo_formats();
    return TMU_EXIT_OK;
}
