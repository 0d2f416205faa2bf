/* libFuzzer target: the run commands' shared spec layer (tools/tmu/cli_spec.c): texture specs
 * (parsed, laid out packed or tiled on a chip preset, then allocated and filled under a 1 MiB
 * budget), sampler OPTS, register values and
 * lane lists.  The first byte picks the parser and its options; the rest is the text.  Every
 * input must parse or be refused with an error, never read or write out of bounds, leak, or
 * leave bytes reserved in the budget.  png: specs are skipped (they would open files). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cli_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* an ISA key like gcn run's at=: taken when the value is all digits */
static int isa_key(void *ctx, const char *key, const char *value, const char *where, int code)
{
    (void)ctx;
    if (strcmp(key, "at"))
        return -1;
    if (!*value || strspn(value, "0123456789") != strlen(value))
        return tmu_cli_report(code, where, "at= wants digits");
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    tmu_cli_set_max_errors(1); /* errors go to stderr: print the first, count the rest */
    tmu_cli_set_limits((uint64_t)1 << 16, (uint64_t)1 << 20);
    if (size < 1 || size > 2048)
        return 0;
    char *text = malloc(size);
    if (!text)
        return 0;
    memcpy(text, data + 1, size - 1);
    text[size - 1] = 0;
    unsigned mode = data[0];
    if (strstr(text, "png")) {
        free(text);
        return 0;
    }
    switch (mode % 4) {
    case 0: {
        static const char *const keys[] = {"at"};
        /* bits 6-7: the chip of the tiling keys: none, tonga (gfx8), vega10 (gfx9), a660 */
        unsigned chip = mode >> 6;
        tmu_cli_texrules r = {(mode >> 2) & 3,
                              (mode & 16) ? isa_key : NULL,
                              NULL,
                              keys,
                              1,
                              (mode >> 5) & 1,
                              chip == 1 ? tmu_amd_chip_find("tonga") : chip == 2 ? tmu_amd_chip_find("vega10") : NULL,
                              chip == 3 ? tmu_adreno_gpu_find("a660") : NULL,
                              "fuzz: no chip"};
        tmu_cli_texspec s;
        if (tmu_cli_texspec_parse(text, &r, "fuzz", 2, &s) == 0) {
            tmu_texture t;
            if (tmu_cli_texspec_alloc(&s, &t) == 0) {
                /* the last level's first texel must be inside the memory */
                const unsigned char *p = tmu_texel_address(&t, t.levels - 1, 0, 0, 0, 0);
                size_t bytes = s.surf ? (size_t)s.surf->size : s.packed_size;
                if (!p || p < (const unsigned char *)s.mem || p >= (const unsigned char *)s.mem + bytes)
                    abort();
            }
            tmu_cli_texspec_free(&s);
        }
        break;
    }
    case 1: {
        tmu_sampler s = tmu_sampler_default();
        static const char *const keys[] = {"at"};
        tmu_cli_sampler_parse(text, &s, (mode & 16) ? isa_key : NULL, NULL, keys, 1, "fuzz", 1);
        break;
    }
    case 2: {
        uint64_t v;
        unsigned bits = (mode >> 2) % 3 == 0 ? 16 : (mode >> 2) % 3 == 1 ? 32 : 64;
        if (tmu_cli_parse_value(text, mode >> 4, bits, &v) == 0 && bits < 64 && (v >> bits))
            abort();
        break;
    }
    default: {
        uint64_t m[2];
        unsigned count = 1u + (mode >> 2) % 128u;
        if (tmu_cli_parse_lanes(text, count, m) == 0 && count < 128 &&
            ((count <= 64 && m[1]) || (count < 64 && (m[0] >> count))))
            abort();
        break;
    }
    }
    if (tmu_cli_reserved() != 0) /* everything given back */
        abort();
    free(text);
    return 0;
}
