/* libFuzzer target: the run commands' "sparse=" texture key (tools/tmu/cli.c,
 * tmu_cli_sparse_parse) for a texture shape taken from the first bytes: dim, size, layers,
 * levels; the rest is the key's text.  Every input must parse or be refused with an error,
 * never read or write outside the maps it allocates (each listed tile is cleared in them). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    tmu_cli_set_max_errors(1); /* errors go to stderr: print the first, count the rest */
    if (size < 6 || size > 4096)
        return 0;
    tmu_texture shape;
    memset(&shape, 0, sizeof shape);
    static const tmu_dim dims[] = {TMU_DIM_1D,       TMU_DIM_2D,       TMU_DIM_3D,         TMU_DIM_CUBE,
                                   TMU_DIM_1D_ARRAY, TMU_DIM_2D_ARRAY, TMU_DIM_CUBE_ARRAY};
    shape.dim = dims[data[0] % 7];
    shape.width = 1u + data[1];
    shape.height = 1u + data[2];
    shape.depth = shape.dim == TMU_DIM_3D ? 1u + data[3] % 64u : 1u;
    shape.layers = shape.dim == TMU_DIM_3D ? 1u : 1u + data[3] % 12u;
    shape.levels = 1u + data[4] % TMU_MAX_LEVELS;
    char *text = malloc(size - 5 + 1);
    if (!text)
        return 0;
    memcpy(text, data + 5, size - 5);
    text[size - 5] = 0;
    tmu_cli_sparse s;
    if (tmu_cli_sparse_parse("fuzz", text, &shape, &s) == 0) {
        unsigned sum = 0;
        for (uint32_t l = 0; l < shape.levels; l++)
            sum += s.res.map[l][0];
        if (sum > shape.levels || s.res.tile_w == 0 || s.res.tile_h == 0 || s.res.tile_d == 0)
            abort();
        tmu_cli_sparse_free(&s);
    }
    free(text);
    return 0;
}
